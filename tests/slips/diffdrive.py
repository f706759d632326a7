"""Typical wrong answers to the exercises of chapter 4 (differential drive).

Two answers first written here as slips of 4.5, `<=` on the dead band and a wrap to
[-pi, pi), are right by the exercise's text since it says that either command is accepted
exactly at |e| = dead_band and at e = +-pi (floating point decides those points); they were
taken out.
"""

import numpy as np

# --------------------------------------------------------------------------- 4.1 forward


def forward_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """Left minus right in omega: the wheels swapped, omega has the wrong sign."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, wheel_radius * (phi_dot_l - phi_dot_r) / track_width


def forward_half_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega over half the track width (the distance from the midpoint to a wheel)."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / (track_width / 2)


def forward_speed_without_half(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """v = r (phi_r + phi_l): the sum of the wheel speeds, not their mean."""
    v = wheel_radius * (phi_dot_r + phi_dot_l)
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / track_width


def forward_omega_without_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega = (phi_r - phi_l) / W: the wheel radius forgotten in the yaw rate."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, (phi_dot_r - phi_dot_l) / track_width


def forward_omega_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega = r (phi_r - phi_l) / (2 W): the 1/2 of v copied into omega."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / (2 * track_width)


def forward_rpm(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """Wheel speeds converted from rpm (2 pi / 60) although they are in rad/s."""
    right, left = phi_dot_r * 2 * np.pi / 60, phi_dot_l * 2 * np.pi / 60
    return wheel_radius * (right + left) / 2, wheel_radius * (right - left) / track_width


def forward_diameter(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """The wheel's diameter 2 r used where its radius belongs."""
    d = 2 * wheel_radius
    return d * (phi_dot_r + phi_dot_l) / 2, d * (phi_dot_r - phi_dot_l) / track_width


def forward_outputs_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """The pair returned as (omega, v)."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return omega, v


# --------------------------------------------------------------------------- 4.2 inverse


def inverse_wheels_swapped(v, omega, wheel_radius, track_width):
    """The wheels swapped: the right wheel gets v - omega W/2."""
    half = track_width / 2
    return (v - omega * half) / wheel_radius, (v + omega * half) / wheel_radius


def inverse_full_track(v, omega, wheel_radius, track_width):
    """omega W where omega W/2 belongs: each wheel sits half the track from the midpoint."""
    return ((v + omega * track_width) / wheel_radius,
            (v - omega * track_width) / wheel_radius)


def inverse_no_radius(v, omega, wheel_radius, track_width):
    """The division by the wheel radius forgotten: wheel rim speeds in m/s, not rad/s."""
    half = track_width / 2
    return v + omega * half, v - omega * half


def inverse_times_radius(v, omega, wheel_radius, track_width):
    """Multiplied by the wheel radius instead of divided."""
    half = track_width / 2
    return (v + omega * half) * wheel_radius, (v - omega * half) * wheel_radius


def inverse_diameter(v, omega, wheel_radius, track_width):
    """Divided by the wheel's diameter 2 r instead of its radius."""
    half = track_width / 2
    return (v + omega * half) / (2 * wheel_radius), (v - omega * half) / (2 * wheel_radius)


def inverse_floor_division(v, omega, wheel_radius, track_width):
    """track_width // 2, integer division: 0 for a track narrower than 2 m."""
    half = track_width // 2
    return (v + omega * half) / wheel_radius, (v - omega * half) / wheel_radius


def inverse_sum_not_halved(v, omega, wheel_radius, track_width):
    """From phi_r + phi_l = 2 v / r and phi_r - phi_l = omega W / r, the final 1/2 forgotten."""
    return ((2 * v + omega * track_width) / wheel_radius,
            (2 * v - omega * track_width) / wheel_radius)


# --------------------------------------------------------------------------- 4.3 radius


def radius_full_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """The full track width where half of it belongs."""
    return track_width * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def radius_with_wheel_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """v / omega with r kept in v but not in omega (the tutorial source's version)."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = (phi_dot_r - phi_dot_l) / track_width
    return v / omega


def radius_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """phi_l - phi_r in the denominator: the sign of the radius flipped."""
    return track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_l - phi_dot_r)


def radius_omega_over_v(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega / v, the curvature, instead of v / omega."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return omega / v


def radius_unsigned(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """np.abs of the radius: the sign that tells left from right lost."""
    return np.abs(track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l))


def radius_of_left_wheel(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """The radius of the left wheel's circle, W/2 less than the midpoint's."""
    radius = track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)
    return radius - track_width / 2


def radius_floor_division(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """track_width // 2, integer division: 0 for a track narrower than 2 m."""
    return track_width // 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


# --------------------------------------------------------------------------- 4.4 pose step


def pose_euler(pose, v, omega, dt):
    """An explicit Euler step, not the exact arc."""
    x, y, theta = pose
    return np.array([x + v * dt * np.cos(theta), y + v * dt * np.sin(theta),
                     theta + omega * dt])


def pose_midpoint_without_sinc(pose, v, omega, dt):
    """The heading at mid-step but the chord taken as long as the arc (no sinc)."""
    x, y, theta = pose
    mid = theta + omega * dt / 2
    return np.array([x + v * dt * np.cos(mid), y + v * dt * np.sin(mid), theta + omega * dt])


def pose_sinc_without_pi(pose, v, omega, dt):
    """np.sinc(a / 2) without / np.pi: NumPy's sinc is sin(pi x) / (pi x)."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / 2)
    return np.array([x + chord * np.cos(theta + a / 2), y + chord * np.sin(theta + a / 2),
                     theta + a])


def pose_sinc_of_whole_angle(pose, v, omega, dt):
    """sinc of the whole turn a, where the chord needs sin(a/2) / (a/2)."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / np.pi)
    return np.array([x + chord * np.cos(theta + a / 2), y + chord * np.sin(theta + a / 2),
                     theta + a])


def pose_new_heading_in_chord(pose, v, omega, dt):
    """The chord's direction taken at the new heading theta + a instead of theta + a/2."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / 2 / np.pi)
    return np.array([x + chord * np.cos(theta + a), y + chord * np.sin(theta + a), theta + a])


def pose_sin_cos_swapped(pose, v, omega, dt):
    """sin for x and cos for y."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / 2 / np.pi)
    return np.array([x + chord * np.sin(theta + a / 2), y + chord * np.cos(theta + a / 2),
                     theta + a])


def pose_cosine_integral_sign(pose, v, omega, dt):
    """The integral of sin taken as +cos: y moves by v/omega (cos(theta + a) - cos(theta))."""
    x, y, theta = pose
    a = omega * dt
    straight = np.abs(omega) < 1e-12
    w = np.where(straight, 1.0, omega)
    x_new = np.where(straight, x + v * dt * np.cos(theta),
                     x + v / w * (np.sin(theta + a) - np.sin(theta)))
    y_new = np.where(straight, y + v * dt * np.sin(theta),
                     y + v / w * (np.cos(theta + a) - np.cos(theta)))
    return np.array([x_new, y_new, theta + a])


def pose_heading_wrapped(pose, v, omega, dt):
    """The new heading wrapped to (-pi, pi], which the text says not to do."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / 2 / np.pi)
    new = theta + a
    return np.array([x + chord * np.cos(theta + a / 2), y + chord * np.sin(theta + a / 2),
                     np.arctan2(np.sin(new), np.cos(new))])


def pose_heading_without_dt(pose, v, omega, dt):
    """theta + omega, the dt forgotten in the heading."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / 2 / np.pi)
    return np.array([x + chord * np.cos(theta + a / 2), y + chord * np.sin(theta + a / 2),
                     theta + omega])


# --------------------------------------------------------------------------- 4.5 heading


def _wrap(angle):
    return np.pi - np.mod(np.pi - angle, 2 * np.pi)


def heading_not_wrapped(pose, goal, gain, dead_band, omega_max):
    """The heading error not wrapped: the robot may turn the long way round."""
    x, y, theta = pose
    error = np.arctan2(goal[1] - y, goal[0] - x) - theta
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_arctan2_swapped(pose, goal, gain, dead_band, omega_max):
    """np.arctan2(dx, dy): the arguments in the wrong order."""
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[0] - x, goal[1] - y) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_no_limit(pose, goal, gain, dead_band, omega_max):
    """The limit to [-omega_max, omega_max] forgotten."""
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(error) < dead_band, 0.0, gain * error)


def heading_arctan(pose, goal, gain, dead_band, omega_max):
    """np.arctan(dy / dx): the bearing in the wrong half-plane for goals behind."""
    x, y, theta = pose
    error = _wrap(np.arctan((goal[1] - y) / (goal[0] - x)) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_error_sign(pose, goal, gain, dead_band, omega_max):
    """theta minus the bearing: the error with the wrong sign, the robot turns away."""
    x, y, theta = pose
    error = _wrap(theta - np.arctan2(goal[1] - y, goal[0] - x))
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


def heading_dead_band_on_command(pose, goal, gain, dead_band, omega_max):
    """The dead band applied to the command gain * error instead of the error."""
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(gain * error) < dead_band, 0.0, command)


def heading_limit_one_sided(pose, goal, gain, dead_band, omega_max):
    """np.minimum(command, omega_max) only: left turns limited, right turns not."""
    x, y, theta = pose
    error = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(error) < dead_band, 0.0, np.minimum(gain * error, omega_max))


def heading_bearing_from_goal(pose, goal, gain, dead_band, omega_max):
    """The bearing of the robot seen from the goal (robot minus goal): pi off."""
    x, y, theta = pose
    error = _wrap(np.arctan2(y - goal[1], x - goal[0]) - theta)
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, command)


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
    ("diffdrive.forward_kinematics", forward_half_track),
    ("diffdrive.forward_kinematics", forward_speed_without_half),
    ("diffdrive.forward_kinematics", forward_omega_without_radius),
    ("diffdrive.forward_kinematics", forward_omega_halved),
    ("diffdrive.forward_kinematics", forward_rpm),
    ("diffdrive.forward_kinematics", forward_diameter),
    ("diffdrive.forward_kinematics", forward_outputs_swapped),
    ("diffdrive.inverse_kinematics", inverse_wheels_swapped),
    ("diffdrive.inverse_kinematics", inverse_full_track),
    ("diffdrive.inverse_kinematics", inverse_no_radius),
    ("diffdrive.inverse_kinematics", inverse_times_radius),
    ("diffdrive.inverse_kinematics", inverse_diameter),
    ("diffdrive.inverse_kinematics", inverse_floor_division),
    ("diffdrive.inverse_kinematics", inverse_sum_not_halved),
    ("diffdrive.turning_radius", radius_full_track),
    ("diffdrive.turning_radius", radius_with_wheel_radius),
    ("diffdrive.turning_radius", radius_wheels_swapped),
    ("diffdrive.turning_radius", radius_omega_over_v),
    ("diffdrive.turning_radius", radius_unsigned),
    ("diffdrive.turning_radius", radius_of_left_wheel),
    ("diffdrive.turning_radius", radius_floor_division),
    ("diffdrive.integrate_pose", pose_euler),
    ("diffdrive.integrate_pose", pose_midpoint_without_sinc),
    ("diffdrive.integrate_pose", pose_sinc_without_pi),
    ("diffdrive.integrate_pose", pose_sinc_of_whole_angle),
    ("diffdrive.integrate_pose", pose_new_heading_in_chord),
    ("diffdrive.integrate_pose", pose_sin_cos_swapped),
    ("diffdrive.integrate_pose", pose_cosine_integral_sign),
    ("diffdrive.integrate_pose", pose_heading_wrapped),
    ("diffdrive.integrate_pose", pose_heading_without_dt),
    ("diffdrive.heading_command", heading_not_wrapped),
    ("diffdrive.heading_command", heading_arctan2_swapped),
    ("diffdrive.heading_command", heading_no_limit),
    ("diffdrive.heading_command", heading_arctan),
    ("diffdrive.heading_command", heading_error_sign),
    ("diffdrive.heading_command", heading_dead_band_on_command),
    ("diffdrive.heading_command", heading_limit_one_sided),
    ("diffdrive.heading_command", heading_bearing_from_goal),
    ("diffdrive.square_odometry", square_tyre_reads_long),
    ("diffdrive.square_odometry", square_turns_exact),
    ("diffdrive.square_odometry", square_error_on_left),
    ("diffdrive.square_odometry", square_half_track),
]
