"""Typical wrong answers to the exercises of chapter 4 (differential drive).

Two answers first written here as slips of 4.5, `<=` on the dead band and a wrap to
[-pi, pi), are right by the exercise's text since it says that either command is accepted
exactly at |e| = dead_band and at e = +-pi (floating point decides those points); they were
taken out.
"""

import numpy as np

# --------------------------------------------------------------------------- 4.1 forward


def forward_wheels_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Left minus right in omega: the wheels swapped, omega has the wrong sign."""
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    return v, (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width


def forward_radii_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """The left radius with the right wheel's speed, and the other way round."""
    rim_r, rim_l = radius_l * phi_dot_r, radius_r * phi_dot_l
    return (rim_r + rim_l) / 2, (rim_r - rim_l) / track_width


def forward_mean_radius(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """The chapter's formula with the mean of the two radii."""
    r = (radius_r + radius_l) / 2
    return r * (phi_dot_r + phi_dot_l) / 2, r * (phi_dot_r - phi_dot_l) / track_width


def forward_right_radius_only(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """The chapter's formula, copied with radius_r for both wheels."""
    v = radius_r * (phi_dot_r + phi_dot_l) / 2
    return v, radius_r * (phi_dot_r - phi_dot_l) / track_width


def forward_half_track(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """omega over half the track width (the distance from the midpoint to a wheel)."""
    rim_r, rim_l = radius_r * phi_dot_r, radius_l * phi_dot_l
    return (rim_r + rim_l) / 2, (rim_r - rim_l) / (track_width / 2)


def forward_speed_without_half(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """v = the sum of the rim speeds, not their mean."""
    rim_r, rim_l = radius_r * phi_dot_r, radius_l * phi_dot_l
    return rim_r + rim_l, (rim_r - rim_l) / track_width


def forward_omega_without_radius(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """omega = (phi_r - phi_l) / W: the radii forgotten in the yaw rate."""
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    return v, (phi_dot_r - phi_dot_l) / track_width


def forward_rpm(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Wheel speeds converted from rpm (2 pi / 60) although they are in rad/s."""
    rim_r = radius_r * phi_dot_r * 2 * np.pi / 60
    rim_l = radius_l * phi_dot_l * 2 * np.pi / 60
    return (rim_r + rim_l) / 2, (rim_r - rim_l) / track_width


def forward_outputs_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """The pair returned as (omega, v)."""
    rim_r, rim_l = radius_r * phi_dot_r, radius_l * phi_dot_l
    return (rim_r - rim_l) / track_width, (rim_r + rim_l) / 2


# --------------------------------------------------------------------------- 4.2 inverse


def _limited(right, left, top):
    """One factor for both wheels so that the faster one is at most the top speed."""
    factor = top / np.maximum(np.maximum(np.abs(right), np.abs(left)), top)
    return factor * right, factor * left


def inverse_wheels_swapped(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The wheels swapped: the right wheel gets v - omega W/2."""
    half = track_width / 2
    return _limited((v - omega * half) / radius_r, (v + omega * half) / radius_l,
                    max_wheel_speed)


def inverse_full_track(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """omega W where omega W/2 belongs: each wheel sits half the track from the midpoint."""
    return _limited((v + omega * track_width) / radius_r,
                    (v - omega * track_width) / radius_l, max_wheel_speed)


def inverse_no_radius(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The division by the radii forgotten: rim speeds in m/s, not rad/s."""
    half = track_width / 2
    return _limited(v + omega * half, v - omega * half, max_wheel_speed)


def inverse_radii_swapped(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The right rim speed over the left radius and the other way round."""
    half = track_width / 2
    return _limited((v + omega * half) / radius_l, (v - omega * half) / radius_r,
                    max_wheel_speed)


def inverse_one_radius(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The chapter's formula with radius_r for both wheels."""
    half = track_width / 2
    return _limited((v + omega * half) / radius_r, (v - omega * half) / radius_r,
                    max_wheel_speed)


def inverse_clipped(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Each wheel speed clipped on its own, which bends the arc."""
    half = track_width / 2
    right = (v + omega * half) / radius_r
    left = (v - omega * half) / radius_l
    return (np.clip(right, -max_wheel_speed, max_wheel_speed),
            np.clip(left, -max_wheel_speed, max_wheel_speed))


def inverse_no_limit(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The top wheel speed ignored."""
    half = track_width / 2
    return (v + omega * half) / radius_r, (v - omega * half) / radius_l


def inverse_limit_without_abs(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The factor from np.maximum(right, left), so a wheel going backwards is never limited."""
    half = track_width / 2
    right = (v + omega * half) / radius_r
    left = (v - omega * half) / radius_l
    factor = max_wheel_speed / np.maximum(np.maximum(right, left), max_wheel_speed)
    return factor * right, factor * left


def inverse_sum_not_halved(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """From the sum 2 v and the difference omega W of the rims, the final 1/2 forgotten."""
    return _limited((2 * v + omega * track_width) / radius_r,
                    (2 * v - omega * track_width) / radius_l, max_wheel_speed)


# --------------------------------------------------------------------------- 4.3 radius


def _local(pose, goal):
    """The goal ahead of (x') and to the left of (y') the robot."""
    x, y, theta = pose
    dx, dy = goal[0] - x, goal[1] - y
    return dx * np.cos(theta) + dy * np.sin(theta), dy * np.cos(theta) - dx * np.sin(theta)


def _drive(radius, speed, wheel_radius, track_width):
    omega = speed / radius
    return (radius, (speed + omega * track_width / 2) / wheel_radius,
            (speed - omega * track_width / 2) / wheel_radius)


def radius_world_offset(pose, goal, speed, wheel_radius, track_width):
    """The goal's world offset used as if the robot headed along x."""
    dx, dy = goal[0] - pose[0], goal[1] - pose[1]
    return _drive((dx * dx + dy * dy) / (2 * dy), speed, wheel_radius, track_width)


def radius_rotation_transposed(pose, goal, speed, wheel_radius, track_width):
    """The offset rotated by +theta (the rotation matrix, not its transpose)."""
    x, y, theta = pose
    dx, dy = goal[0] - x, goal[1] - y
    xr = dx * np.cos(theta) - dy * np.sin(theta)
    yr = dx * np.sin(theta) + dy * np.cos(theta)
    return _drive((xr * xr + yr * yr) / (2 * yr), speed, wheel_radius, track_width)


def radius_without_the_two(pose, goal, speed, wheel_radius, track_width):
    """d^2 / y': the factor 2 lost when the squares were expanded."""
    xr, yr = _local(pose, goal)
    return _drive((xr * xr + yr * yr) / yr, speed, wheel_radius, track_width)


def radius_unsigned(pose, goal, speed, wheel_radius, track_width):
    """np.abs of the radius: every arc a left turn."""
    xr, yr = _local(pose, goal)
    return _drive(np.abs((xr * xr + yr * yr) / (2 * yr)), speed, wheel_radius, track_width)


def radius_full_track(pose, goal, speed, wheel_radius, track_width):
    """omega W where omega W / 2 belongs in each wheel."""
    xr, yr = _local(pose, goal)
    radius = (xr * xr + yr * yr) / (2 * yr)
    omega = speed / radius
    return (radius, (speed + omega * track_width) / wheel_radius,
            (speed - omega * track_width) / wheel_radius)


def radius_rim_speeds(pose, goal, speed, wheel_radius, track_width):
    """The rim speeds in m/s returned as the wheel speeds."""
    xr, yr = _local(pose, goal)
    radius = (xr * xr + yr * yr) / (2 * yr)
    omega = speed / radius
    return radius, speed + omega * track_width / 2, speed - omega * track_width / 2


def radius_curvature_as_yaw_rate(pose, goal, speed, wheel_radius, track_width):
    """omega = 1 / r: the speed forgotten in the yaw rate."""
    xr, yr = _local(pose, goal)
    radius = (xr * xr + yr * yr) / (2 * yr)
    omega = 1 / radius
    return (radius, (speed + omega * track_width / 2) / wheel_radius,
            (speed - omega * track_width / 2) / wheel_radius)


# --------------------------------------------------------------------------- 4.4 pose step


def _held_step(pose, speed, omega, dt):
    """The chapter's exact step for a held speed."""
    x, y, theta = pose
    half = omega * dt / 2
    chord = speed * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     theta + omega * dt])


def _ramped(pose, v, accel, omega, dt, side=1.0, sinc=lambda a: np.sinc(a / np.pi)):
    """The ramped step about the mean heading, its sideways part times ``side``."""
    x, y, theta = pose
    u = omega * dt / 2
    w = np.where(np.abs(u) < 1e-3, 1.0, u)
    bend = np.where(np.abs(u) < 1e-3, u / 3, (np.sin(w) - w * np.cos(w)) / w**2)
    ahead = (v * dt + accel * dt**2 / 2) * sinc(u)
    aside = side * accel * dt**2 / 2 * bend
    c, s = np.cos(theta + u), np.sin(theta + u)
    return np.array([x + ahead * c - aside * s, y + ahead * s + aside * c, theta + omega * dt])


def pose_acceleration_ignored(pose, v, accel, omega, dt):
    """The chapter's step at the start speed v: the ramp forgotten."""
    return _held_step(pose, v, omega, dt)


def pose_mean_speed_arc(pose, v, accel, omega, dt):
    """The chapter's step at the mean speed v + a dt / 2, taken to be the whole answer."""
    return _held_step(pose, v + accel * dt / 2, omega, dt)


def pose_end_speed_arc(pose, v, accel, omega, dt):
    """The chapter's step at the speed the ramp ends with."""
    return _held_step(pose, v + accel * dt, omega, dt)


def pose_euler(pose, v, accel, omega, dt):
    """An Euler step: the distance v dt + a dt^2 / 2 along the start heading."""
    x, y, theta = pose
    d = v * dt + accel * dt**2 / 2
    return np.array([x + d * np.cos(theta), y + d * np.sin(theta), theta + omega * dt])


def pose_shift_outward(pose, v, accel, omega, dt):
    """The sideways term of the ramp with the wrong sign (out of the turn)."""
    return _ramped(pose, v, accel, omega, dt, side=-1.0)


def pose_sinc_without_pi(pose, v, accel, omega, dt):
    """np.sinc(u) taken for sin(u)/u."""
    return _ramped(pose, v, accel, omega, dt, sinc=np.sinc)


def pose_heading_wrapped(pose, v, accel, omega, dt):
    """The new heading wrapped to (-pi, pi], though the text says not to."""
    new = _ramped(pose, v, accel, omega, dt)
    new[2] = np.arctan2(np.sin(new[2]), np.cos(new[2]))
    return new


def pose_sin_cos_swapped(pose, v, accel, omega, dt):
    """x moved with the sine, y with the cosine."""
    x, y, _ = pose
    new = _ramped(pose, v, accel, omega, dt)
    return np.array([x + new[1] - y, y + new[0] - x, new[2]])


def pose_ramp_without_half(pose, v, accel, omega, dt):
    """The ramp's distance a dt^2 without its 1/2, everywhere."""
    return _ramped(pose, v, 2 * accel, omega, dt)


# --------------------------------------------------------------------------- 4.5 heading


def _wrap(angle):
    return np.pi - np.mod(np.pi - angle, 2 * np.pi)


def heading_not_wrapped(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                        max_wheel_speed):
    """The heading error not wrapped: the robot may turn the long way round."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = np.arctan2(goal[1] - y, goal[0] - x) - theta
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_arctan2_swapped(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                            max_wheel_speed):
    """np.arctan2(dx, dy): the arguments in the wrong order."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[0] - x, goal[1] - y) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_no_limit(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                     max_wheel_speed):
    """The limit to [-omega_max, omega_max] forgotten."""
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(error) < dead_band, 0.0, gain * error)


def heading_arctan(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                   max_wheel_speed):
    """np.arctan(dy / dx): the bearing in the wrong half-plane for goals behind."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(np.arctan((goal[1] - y) / (goal[0] - x)) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_error_sign(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                       max_wheel_speed):
    """theta minus the bearing: the error with the wrong sign, the robot turns away."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(theta - np.arctan2(goal[1] - y, goal[0] - x))
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_dead_band_on_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                                 max_wheel_speed):
    """The dead band applied to the command gain * error instead of the error."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(gain * error) < dead_band, 0.0, command)


def heading_limit_one_sided(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                            max_wheel_speed):
    """np.minimum(command, omega_max) only: left turns limited, right turns not."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(error) < dead_band, 0.0, np.minimum(gain * error, omega_max))


def heading_bearing_from_goal(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                              max_wheel_speed):
    """The bearing of the robot seen from the goal (robot minus goal): pi off."""
    omega_max = 2 * (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(np.arctan2(y - goal[1], x - goal[0]) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_limit_without_speed(pose, goal, gain, dead_band, speed, wheel_radius,
                                track_width, max_wheel_speed):
    """The yaw-rate limit from the top rim speed alone, the forward speed forgotten."""
    omega_max = 2 * wheel_radius * max_wheel_speed / track_width
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(error) < dead_band, 0.0, np.clip(gain * error, -omega_max, omega_max))


def heading_limit_full_track(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                             max_wheel_speed):
    """The outer wheel taken a whole track width from the midpoint in the limit."""
    omega_max = (wheel_radius * max_wheel_speed - speed) / track_width
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(error) < dead_band, 0.0, np.clip(gain * error, -omega_max, omega_max))


# --------------------------------------------------------------------------- 4.6 odometry


def _square_with(side, laps, L, side_reading, corner_reading, step):
    """Chain (distance, turn) readings of each side and corner with ``step``."""
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for s_r, s_l in (side_reading, corner_reading):
            ds, dtheta = (s_r + s_l) / 2, (s_r - s_l) / L
            pose = step(pose, ds, dtheta)
    return pose


def _arc_step(pose, ds, dtheta):
    chord = ds * np.sinc(dtheta / (2 * np.pi))
    mid = pose[2] + dtheta / 2
    return pose + np.array([chord * np.cos(mid), chord * np.sin(mid), dtheta])


def square_tyre_reads_long(side, laps, tyre_error, wheel_radius, track_width):
    """The larger tyre taken to read (1 + e) times its arc: the error put in the odometry."""
    k, q = 1 + tyre_error, np.pi * track_width / 4
    return _square_with(side, laps, track_width, (k * side, side), (k * q, -q), _arc_step)


def square_turns_exact(side, laps, tyre_error, wheel_radius, track_width):
    """Only the sides carry the tyre error; each corner adds exactly pi / 2."""
    k = 1 / (1 + tyre_error)
    pose = np.zeros(3)
    for _ in range(4 * laps):
        s_r, s_l = k * side, side
        pose = _arc_step(pose, (s_r + s_l) / 2, (s_r - s_l) / track_width)
        pose[2] += np.pi / 2
    return pose


def square_error_on_left(side, laps, tyre_error, wheel_radius, track_width):
    """The larger tyre's reading given to the left wheel."""
    k, q = 1 / (1 + tyre_error), np.pi * track_width / 4
    return _square_with(side, laps, track_width, (side, k * side), (q, -k * q), _arc_step)


def square_half_track(side, laps, tyre_error, wheel_radius, track_width):
    """Delta theta = (s_r - s_l) / (L / 2): the track halved in the heading."""
    k, q = 1 / (1 + tyre_error), np.pi * track_width / 4
    return _square_with(side, laps, track_width / 2, (k * side, side), (k * q, -q), _arc_step)


SLIPS = [
    ("diffdrive.forward_kinematics", forward_wheels_swapped),
    ("diffdrive.forward_kinematics", forward_radii_swapped),
    ("diffdrive.forward_kinematics", forward_mean_radius),
    ("diffdrive.forward_kinematics", forward_right_radius_only),
    ("diffdrive.forward_kinematics", forward_half_track),
    ("diffdrive.forward_kinematics", forward_speed_without_half),
    ("diffdrive.forward_kinematics", forward_omega_without_radius),
    ("diffdrive.forward_kinematics", forward_rpm),
    ("diffdrive.forward_kinematics", forward_outputs_swapped),
    ("diffdrive.inverse_kinematics", inverse_wheels_swapped),
    ("diffdrive.inverse_kinematics", inverse_full_track),
    ("diffdrive.inverse_kinematics", inverse_no_radius),
    ("diffdrive.inverse_kinematics", inverse_radii_swapped),
    ("diffdrive.inverse_kinematics", inverse_one_radius),
    ("diffdrive.inverse_kinematics", inverse_clipped),
    ("diffdrive.inverse_kinematics", inverse_no_limit),
    ("diffdrive.inverse_kinematics", inverse_limit_without_abs),
    ("diffdrive.inverse_kinematics", inverse_sum_not_halved),
    ("diffdrive.turning_radius", radius_world_offset),
    ("diffdrive.turning_radius", radius_rotation_transposed),
    ("diffdrive.turning_radius", radius_without_the_two),
    ("diffdrive.turning_radius", radius_unsigned),
    ("diffdrive.turning_radius", radius_full_track),
    ("diffdrive.turning_radius", radius_rim_speeds),
    ("diffdrive.turning_radius", radius_curvature_as_yaw_rate),
    ("diffdrive.integrate_pose", pose_acceleration_ignored),
    ("diffdrive.integrate_pose", pose_mean_speed_arc),
    ("diffdrive.integrate_pose", pose_end_speed_arc),
    ("diffdrive.integrate_pose", pose_euler),
    ("diffdrive.integrate_pose", pose_shift_outward),
    ("diffdrive.integrate_pose", pose_sinc_without_pi),
    ("diffdrive.integrate_pose", pose_heading_wrapped),
    ("diffdrive.integrate_pose", pose_sin_cos_swapped),
    ("diffdrive.integrate_pose", pose_ramp_without_half),
    ("diffdrive.heading_command", heading_not_wrapped),
    ("diffdrive.heading_command", heading_arctan2_swapped),
    ("diffdrive.heading_command", heading_no_limit),
    ("diffdrive.heading_command", heading_arctan),
    ("diffdrive.heading_command", heading_error_sign),
    ("diffdrive.heading_command", heading_dead_band_on_command),
    ("diffdrive.heading_command", heading_limit_one_sided),
    ("diffdrive.heading_command", heading_bearing_from_goal),
    ("diffdrive.heading_command", heading_limit_without_speed),
    ("diffdrive.heading_command", heading_limit_full_track),
    ("diffdrive.square_odometry", square_tyre_reads_long),
    ("diffdrive.square_odometry", square_turns_exact),
    ("diffdrive.square_odometry", square_error_on_left),
    ("diffdrive.square_odometry", square_half_track),
]
