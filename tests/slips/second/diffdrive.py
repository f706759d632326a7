"""Typical wrong answers to the exercises of chapter 4 (differential drive)."""

import numpy as np

# --------------------------------------------------------------------------- 4.1 forward


def wheels_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """omega = (left rim - right rim) / W: it turns the wrong way."""
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    return v, (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width


def radii_crossed(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """radius_l * phi_dot_r and radius_r * phi_dot_l: the radii on the wrong wheels."""
    a, b = radius_l * phi_dot_r, radius_r * phi_dot_l
    return (a + b) / 2, (a - b) / track_width


def left_radius_for_both(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """One radius, radius_l, for both wheels."""
    return (radius_l * (phi_dot_r + phi_dot_l) / 2,
            radius_l * (phi_dot_r - phi_dot_l) / track_width)


def averaged_radius(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """A mean radius (R_r + R_l) / 2 for both wheels."""
    r = 0.5 * (radius_r + radius_l)
    return r * (phi_dot_r + phi_dot_l) / 2, r * (phi_dot_r - phi_dot_l) / track_width


def v_without_half(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """v = the sum of the rim speeds, not their mean."""
    a, b = radius_r * phi_dot_r, radius_l * phi_dot_l
    return a + b, (a - b) / track_width


def double_track_in_omega(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Divides by 2 W, the 1/2 of v carried into omega."""
    a, b = radius_r * phi_dot_r, radius_l * phi_dot_l
    return (a + b) / 2, (a - b) / (2 * track_width)


def floor_division_for_mean(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """v = (a + b) // 2: integer division."""
    a, b = radius_r * phi_dot_r, radius_l * phi_dot_l
    return (a + b) // 2, (a - b) / track_width


def diameter_for_radius(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Took the radii as diameters: rim speeds r phi' / 2."""
    a, b = radius_r * phi_dot_r / 2, radius_l * phi_dot_l / 2
    return (a + b) / 2, (a - b) / track_width


# --------------------------------------------------------------------------- 4.2 inverse


def _cap(a, b, top):
    k = np.minimum(1.0, top / np.maximum(np.abs(a), np.abs(b)))
    return a * k, b * k


def full_track(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """omega W where omega W / 2 belongs: each wheel is W / 2 from the midpoint."""
    return _cap((v + omega * track_width) / radius_r, (v - omega * track_width) / radius_l,
                max_wheel_speed)


def inverse_wheels_swapped(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Plus on the left, minus on the right."""
    return _cap((v - omega * track_width / 2) / radius_r,
                (v + omega * track_width / 2) / radius_l, max_wheel_speed)


def multiplied_by_radius(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Rim speed times the radius instead of divided by it."""
    return _cap((v + omega * track_width / 2) * radius_r,
                (v - omega * track_width / 2) * radius_l, max_wheel_speed)


def inverse_radii_crossed(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The right rim over radius_l, the left rim over radius_r."""
    return _cap((v + omega * track_width / 2) / radius_l,
                (v - omega * track_width / 2) / radius_r, max_wheel_speed)


def inverse_averaged_radius(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """One mean radius for both wheels."""
    r = 0.5 * (radius_r + radius_l)
    return _cap((v + omega * track_width / 2) / r, (v - omega * track_width / 2) / r,
                max_wheel_speed)


def clip_each(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """np.clip on each wheel: the faster one cut, the slower kept."""
    a = (v + omega * track_width / 2) / radius_r
    b = (v - omega * track_width / 2) / radius_l
    return np.clip(a, -max_wheel_speed, max_wheel_speed), np.clip(b, -max_wheel_speed,
                                                                  max_wheel_speed)


def always_to_top_speed(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """k = top / max(|a|, |b|) without the min with 1: always drives at the top speed."""
    a = (v + omega * track_width / 2) / radius_r
    b = (v - omega * track_width / 2) / radius_l
    k = max_wheel_speed / np.maximum(np.abs(a), np.abs(b))
    return a * k, b * k


def quarter_track(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """omega W / 4: the half track halved again."""
    return _cap((v + omega * track_width / 4) / radius_r,
                (v - omega * track_width / 4) / radius_l, max_wheel_speed)


# --------------------------------------------------------------------------- 4.3 radius


def _arc_frame(pose, goal):
    x, y, th = pose
    c, s = np.cos(th), np.sin(th)
    return c * (goal[0] - x) + s * (goal[1] - y), -s * (goal[0] - x) + c * (goal[1] - y)


def _wheels(r, v, R, W):
    w = v / r
    return r, (v + w * W / 2) / R, (v - w * W / 2) / R


def radius_centre_on_the_right(pose, goal, speed, wheel_radius, track_width):
    """Centre put at (0, -r): the sign of the radius flipped."""
    a, b = _arc_frame(pose, goal)
    return _wheels(-(a**2 + b**2) / (2 * b), speed, wheel_radius, track_width)


def radius_theta_in_degrees(pose, goal, speed, wheel_radius, track_width):
    """np.radians(theta), as if the heading came in degrees."""
    a, b = _arc_frame((pose[0], pose[1], np.radians(pose[2])), goal)
    return _wheels((a**2 + b**2) / (2 * b), speed, wheel_radius, track_width)


def radius_half_chord(pose, goal, speed, wheel_radius, track_width):
    """The chord to the goal taken as a diameter: r = d / 2, signed."""
    a, b = _arc_frame(pose, goal)
    return _wheels(np.sign(b) * np.sqrt(a**2 + b**2) / 2, speed, wheel_radius, track_width)


def radius_yaw_rate_v_times_r(pose, goal, speed, wheel_radius, track_width):
    """omega = v r instead of v / r."""
    a, b = _arc_frame(pose, goal)
    r = (a**2 + b**2) / (2 * b)
    w = speed * r
    return (r, (speed + w * track_width / 2) / wheel_radius,
            (speed - w * track_width / 2) / wheel_radius)


def radius_wheels_exchanged(pose, goal, speed, wheel_radius, track_width):
    """Right and left wheel speeds returned in the wrong order."""
    a, b = _arc_frame(pose, goal)
    r, right, left = _wheels((a**2 + b**2) / (2 * b), speed, wheel_radius, track_width)
    return r, left, right


def radius_returns_curvature(pose, goal, speed, wheel_radius, track_width):
    """k = 2 y' / d^2 computed and returned as the radius."""
    a, b = _arc_frame(pose, goal)
    return _wheels(2 * b / (a**2 + b**2), speed, wheel_radius, track_width)


def radius_floor_half_track(pose, goal, speed, wheel_radius, track_width):
    """W // 2, a floor division: the wheels turn alike."""
    a, b = _arc_frame(pose, goal)
    r = (a**2 + b**2) / (2 * b)
    w = speed / r
    return (r, (speed + w * (track_width // 2)) / wheel_radius,
            (speed - w * (track_width // 2)) / wheel_radius)


def radius_axes_exchanged(pose, goal, speed, wheel_radius, track_width):
    """x' and y' swapped: the centre looked for along the heading."""
    a, b = _arc_frame(pose, goal)
    return _wheels((a**2 + b**2) / (2 * a), speed, wheel_radius, track_width)


# --------------------------------------------------------------------------- 4.4 pose step


def _arc(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half),
                     y + chord * np.sin(theta + half),
                     theta + omega * dt])


def _by_parts(pose, v, accel, omega, dt, k=1.0):
    """Closed form about the mean heading; k scales the acceleration's sideways term."""
    x, y, theta = pose
    h = omega * dt / 2
    hh = np.where(h == 0, 1.0, h)
    g = np.where(h == 0, 0.0, (np.sin(hh) - hh * np.cos(hh)) / hh**2)
    along = (v + accel * dt / 2) * dt * np.sinc(h / np.pi)
    side = k * accel * dt * dt / 2 * g
    m = theta + h
    return np.array([x + along * np.cos(m) - side * np.sin(m),
                     y + along * np.sin(m) + side * np.cos(m), theta + 2 * h])


def ramp_ignored(pose, v, accel, omega, dt):
    """Uses the exact step of the chapter with v, no acceleration at all."""
    return _arc(pose, v, omega, dt)


def mean_speed_only(pose, v, accel, omega, dt):
    """Averaged the speed and used the chapter's step: no sideways part."""
    return _arc(pose, v + 0.5 * accel * dt, omega, dt)


def sideways_sign(pose, v, accel, omega, dt):
    """The sideways part of the ramp pointed to the right of the mean heading."""
    return _by_parts(pose, v, accel, omega, dt, k=-1.0)


def sideways_doubled(pose, v, accel, omega, dt):
    """a dt^2 g(u) for the sideways part, its 1/2 lost."""
    return _by_parts(pose, v, accel, omega, dt, k=2.0)


def divides_by_omega(pose, v, accel, omega, dt):
    """Integration by parts in terms of 1/omega and 1/omega^2, no case for omega = 0."""
    x, y, theta = pose
    t1 = theta + omega * dt
    v1 = v + accel * dt
    dx = (v1 * np.sin(t1) - v * np.sin(theta)) / omega \
        + accel * (np.cos(t1) - np.cos(theta)) / omega**2
    dy = (v * np.cos(theta) - v1 * np.cos(t1)) / omega \
        + accel * (np.sin(t1) - np.sin(theta)) / omega**2
    return np.array([x + dx, y + dy, t1])


def heading_wrapped(pose, v, accel, omega, dt):
    """theta_new wrapped with np.angle, though the text keeps it unwrapped."""
    out = _by_parts(pose, v, accel, omega, dt)
    out[2] = np.angle(np.exp(1j * out[2]))
    return out


def euler_whole_distance(pose, v, accel, omega, dt):
    """One Euler step along theta with the ramp's whole distance."""
    x, y, theta = pose
    s = v * dt + accel * dt**2 / 2
    return np.array([x + s * np.cos(theta), y + s * np.sin(theta), theta + omega * dt])


def end_speed(pose, v, accel, omega, dt):
    """The chapter's step at the final speed v + a dt."""
    return _arc(pose, v + accel * dt, omega, dt)


# --------------------------------------------------------------------------- 4.5 heading


def _wrap(e):
    return -((-e + np.pi) % (2 * np.pi) - np.pi)


def not_wrapped(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                max_wheel_speed):
    """The error bearing - theta is not wrapped."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = np.arctan2(goal[1] - y, goal[0] - x) - theta
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def arctan2_x_first(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                    max_wheel_speed):
    """np.arctan2(dx, dy): the arguments the wrong way round."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[0] - x, goal[1] - y) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def arctan_of_slope(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                    max_wheel_speed):
    """np.arctan(dy / dx): a goal behind the robot looks ahead."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    bearing = np.arctan((goal[1] - y) / (goal[0] - x))
    e = _wrap(bearing - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def error_sign(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
               max_wheel_speed):
    """e = theta - bearing: turns away from the goal."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(theta - np.arctan2(goal[1] - y, goal[0] - x))
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def no_dead_band(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                 max_wheel_speed):
    """Forgot the dead band."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.clip(gain * e, -omega_max, omega_max)


def error_clipped_not_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                              max_wheel_speed):
    """Clips the error to omega_max, then multiplies by the gain."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, gain * np.clip(e, -omega_max, omega_max))


def only_upper_limit(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                     max_wheel_speed):
    """np.minimum(gain e, omega_max): no lower limit, right turns are not limited."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.minimum(gain * e, omega_max))


def bearing_from_goal(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                      max_wheel_speed):
    """The bearing of the robot seen from the goal: atan2(y - y_g, x - x_g)."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(y - goal[1], x - goal[0]) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def dead_band_on_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                         max_wheel_speed):
    """Compares gain * e, not e, with the dead band."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    u = gain * e
    return np.where(np.abs(u) < dead_band, 0.0, np.clip(u, -omega_max, omega_max))


def wrapped_to_0_2pi(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                     max_wheel_speed):
    """np.mod(e, 2 pi): wrapped to [0, 2 pi), so it always turns left."""
    omega_max = (wheel_radius * max_wheel_speed - abs(speed)) * 2 / track_width
    x, y, theta = pose
    e = np.mod(np.arctan2(goal[1] - y, goal[0] - x) - theta, 2 * np.pi)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def limit_plus_speed(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                     max_wheel_speed):
    """omega_max = 2 (R phi_max + v) / L: the speed added, not taken away."""
    omega_max = 2 * (wheel_radius * max_wheel_speed + speed) / track_width
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def wheel_limit_as_yaw_limit(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                             max_wheel_speed):
    """Clipped to +-max_wheel_speed: the wheel's rad/s taken for the robot's."""
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(e) < dead_band, 0.0,
                    np.clip(gain * e, -max_wheel_speed, max_wheel_speed))


# --------------------------------------------------------------------------- 4.6 odometry


def _odometry_loop(side, laps, wheel_radius, track_width, true_right, true_left,
                   shift_at_corners=True, euler=False):
    """Wheel angles from the true radii, read back with wheel_radius, chained pose by pose."""
    R, L = wheel_radius, track_width
    x = y = th = 0.0
    for _ in range(4 * laps):
        for a_r, a_l in ((side, side), (np.pi * L / 4, -np.pi * L / 4)):
            s_r, s_l = R * a_r / true_right, R * a_l / true_left
            d, dth = (s_r + s_l) / 2, (s_r - s_l) / L
            if not shift_at_corners and a_r != a_l:
                d = 0.0
            if euler:
                x, y = x + d * np.cos(th), y + d * np.sin(th)
            else:
                chord = d * np.sinc(dth / 2 / np.pi)
                x, y = x + chord * np.cos(th + dth / 2), y + chord * np.sin(th + dth / 2)
            th += dth
    return np.array([x, y, th])


def corners_without_shift(side, laps, tyre_error, wheel_radius, track_width):
    """The corner's reported turn kept, its small distance dropped (set to 0)."""
    return _odometry_loop(side, laps, wheel_radius, track_width,
                          (1 + tyre_error) * wheel_radius, wheel_radius, shift_at_corners=False)


def euler_once_per_segment(side, laps, tyre_error, wheel_radius, track_width):
    """One Euler step per side and per corner, along the heading at its start."""
    return _odometry_loop(side, laps, wheel_radius, track_width,
                          (1 + tyre_error) * wheel_radius, wheel_radius, euler=True)


def first_order_reading(side, laps, tyre_error, wheel_radius, track_width):
    """The larger tyre's true radius taken as R / (1 - e): it reads (1 - e) s."""
    return _odometry_loop(side, laps, wheel_radius, track_width,
                          wheel_radius / (1 - tyre_error), wheel_radius)


def sides_not_shortened(side, laps, tyre_error, wheel_radius, track_width):
    """Each side reported at its true length; only its heading change read from the wheels."""
    L, k = track_width, 1 / (1 + tyre_error)
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for d, dth in ((side, side * (k - 1) / L),
                       (np.pi * L / 8 * (k - 1), np.pi / 4 * (k + 1))):
            chord = d * np.sinc(dth / 2 / np.pi)
            mid = pose[2] + dth / 2
            pose = pose + np.array([chord * np.cos(mid), chord * np.sin(mid), dth])
    return pose


SLIPS = [
    ("diffdrive.forward_kinematics", wheels_swapped),
    ("diffdrive.forward_kinematics", radii_crossed),
    ("diffdrive.forward_kinematics", left_radius_for_both),
    ("diffdrive.forward_kinematics", averaged_radius),
    ("diffdrive.forward_kinematics", v_without_half),
    ("diffdrive.forward_kinematics", double_track_in_omega),
    ("diffdrive.forward_kinematics", floor_division_for_mean),
    ("diffdrive.forward_kinematics", diameter_for_radius),
    ("diffdrive.inverse_kinematics", full_track),
    ("diffdrive.inverse_kinematics", inverse_wheels_swapped),
    ("diffdrive.inverse_kinematics", multiplied_by_radius),
    ("diffdrive.inverse_kinematics", inverse_radii_crossed),
    ("diffdrive.inverse_kinematics", inverse_averaged_radius),
    ("diffdrive.inverse_kinematics", clip_each),
    ("diffdrive.inverse_kinematics", always_to_top_speed),
    ("diffdrive.inverse_kinematics", quarter_track),
    ("diffdrive.turning_radius", radius_centre_on_the_right),
    ("diffdrive.turning_radius", radius_theta_in_degrees),
    ("diffdrive.turning_radius", radius_half_chord),
    ("diffdrive.turning_radius", radius_yaw_rate_v_times_r),
    ("diffdrive.turning_radius", radius_wheels_exchanged),
    ("diffdrive.turning_radius", radius_returns_curvature),
    ("diffdrive.turning_radius", radius_floor_half_track),
    ("diffdrive.turning_radius", radius_axes_exchanged),
    ("diffdrive.integrate_pose", ramp_ignored),
    ("diffdrive.integrate_pose", mean_speed_only),
    ("diffdrive.integrate_pose", sideways_sign),
    ("diffdrive.integrate_pose", sideways_doubled),
    ("diffdrive.integrate_pose", divides_by_omega),
    ("diffdrive.integrate_pose", heading_wrapped),
    ("diffdrive.integrate_pose", euler_whole_distance),
    ("diffdrive.integrate_pose", end_speed),
    ("diffdrive.heading_command", not_wrapped),
    ("diffdrive.heading_command", arctan2_x_first),
    ("diffdrive.heading_command", arctan_of_slope),
    ("diffdrive.heading_command", error_sign),
    ("diffdrive.heading_command", no_dead_band),
    ("diffdrive.heading_command", error_clipped_not_command),
    ("diffdrive.heading_command", only_upper_limit),
    ("diffdrive.heading_command", bearing_from_goal),
    ("diffdrive.heading_command", dead_band_on_command),
    ("diffdrive.heading_command", wrapped_to_0_2pi),
    ("diffdrive.heading_command", limit_plus_speed),
    ("diffdrive.heading_command", wheel_limit_as_yaw_limit),
    ("diffdrive.square_odometry", corners_without_shift),
    ("diffdrive.square_odometry", euler_once_per_segment),
    ("diffdrive.square_odometry", first_order_reading),
    ("diffdrive.square_odometry", sides_not_shortened),
]
