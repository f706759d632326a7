"""Typical wrong answers to the exercises of chapter 4 (differential drive)."""

import numpy as np

# --------------------------------------------------------------------------- 4.1 forward


def wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega = r (left - right) / W: the wheels swapped, so it turns the wrong way."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, wheel_radius * (phi_dot_l - phi_dot_r) / track_width


def v_without_half(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """v = r (right + left): the sum of the wheel speeds, not their mean."""
    v = wheel_radius * (phi_dot_r + phi_dot_l)
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / track_width


def half_track_in_omega(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """Divides by the half track W / 2 where the full track belongs."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / (track_width / 2)


def double_track_in_omega(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """Divides by 2 W, the 1/2 of v carried into omega."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / (2 * track_width)


def omega_without_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega = (right - left) / W: the wheel speeds used as rim speeds."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return v, (phi_dot_r - phi_dot_l) / track_width


def outputs_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """Returns (omega, v)."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    return wheel_radius * (phi_dot_r - phi_dot_l) / track_width, v


def floor_division_for_mean(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """v = r * (right + left) // 2: integer division."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) // 2
    return v, wheel_radius * (phi_dot_r - phi_dot_l) / track_width


def diameter_for_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """Took wheel_radius as the diameter: rim speeds r phi' / 2."""
    r = wheel_radius / 2
    return r * (phi_dot_r + phi_dot_l) / 2, r * (phi_dot_r - phi_dot_l) / track_width


# --------------------------------------------------------------------------- 4.2 inverse


def full_track(v, omega, wheel_radius, track_width):
    """omega W where omega W / 2 belongs: each wheel is W / 2 from the midpoint."""
    return ((v + omega * track_width) / wheel_radius,
            (v - omega * track_width) / wheel_radius)


def inverse_wheels_swapped(v, omega, wheel_radius, track_width):
    """Returns (left, right): the turn goes the wrong way."""
    right = (v + omega * track_width / 2) / wheel_radius
    left = (v - omega * track_width / 2) / wheel_radius
    return left, right


def multiplied_by_radius(v, omega, wheel_radius, track_width):
    """Multiplies by the wheel radius instead of dividing."""
    return ((v + omega * track_width / 2) * wheel_radius,
            (v - omega * track_width / 2) * wheel_radius)


def no_radius(v, omega, wheel_radius, track_width):
    """Returns the rim speeds [m/s], not the wheel speeds [rad/s]."""
    return v + omega * track_width / 2, v - omega * track_width / 2


def sum_not_halved(v, omega, wheel_radius, track_width):
    """Solved the 2 x 2 system but forgot to halve: (2 v + omega W) / r."""
    return ((2 * v + omega * track_width) / wheel_radius,
            (2 * v - omega * track_width) / wheel_radius)


def quarter_track(v, omega, wheel_radius, track_width):
    """Halved the half track again: omega W / 4."""
    return ((v + omega * track_width / 4) / wheel_radius,
            (v - omega * track_width / 4) / wheel_radius)


def divided_by_diameter(v, omega, wheel_radius, track_width):
    """Divides by 2 r, the diameter."""
    d = 2 * wheel_radius
    return (v + omega * track_width / 2) / d, (v - omega * track_width / 2) / d


# --------------------------------------------------------------------------- 4.3 radius


def radius_with_full_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """R = W (r + l) / (r - l): the full track where W / 2 belongs."""
    return track_width * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def radius_sign(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """(l - r) in the denominator: positive for a right turn."""
    return track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_l - phi_dot_r)


def radius_times_wheel_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """The tutorial source's slip: multiplied by the wheel radius."""
    return wheel_radius * track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def radius_inverted(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """omega / v instead of v / omega (the curvature, not the radius)."""
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return omega / v


def radius_unsigned(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """np.abs: the side of the centre is lost."""
    return np.abs(track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l))


def radius_divided_by_wheel_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """v / omega with r in v but not in omega: divided by the wheel radius."""
    v = (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v / omega


def radius_quarter_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    """W / 4: both 1/2 of v and of the half track applied."""
    return track_width / 4 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


# --------------------------------------------------------------------------- 4.4 pose step


def euler_step(pose, v, omega, dt):
    """An explicit Euler step, though the text asks for the exact one."""
    x, y, theta = pose
    return np.array([x + v * dt * np.cos(theta), y + v * dt * np.sin(theta),
                     theta + omega * dt])


def final_heading(pose, v, omega, dt):
    """The chord along the final heading theta + omega dt, not the mean one."""
    x, y, theta = pose
    chord = v * dt * np.sinc(omega * dt / 2 / np.pi)
    return np.array([x + chord * np.cos(theta + omega * dt),
                     y + chord * np.sin(theta + omega * dt), theta + omega * dt])


def sinc_without_pi(pose, v, omega, dt):
    """np.sinc(a) taken as sin(a) / a: it is sin(pi a) / (pi a)."""
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half)
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     theta + omega * dt])


def chord_without_sinc(pose, v, omega, dt):
    """The arc's length v dt taken for the chord (a midpoint step)."""
    x, y, theta = pose
    half = omega * dt / 2
    return np.array([x + v * dt * np.cos(theta + half), y + v * dt * np.sin(theta + half),
                     theta + omega * dt])


def heading_wrapped(pose, v, omega, dt):
    """Wraps theta to (-pi, pi] though the text says not to."""
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    new = theta + omega * dt
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     np.arctan2(np.sin(new), np.cos(new))])


def divides_by_omega(pose, v, omega, dt):
    """The arc formula v / omega (sin(...) - sin(theta)): 0/0 on a straight line."""
    x, y, theta = pose
    new = theta + omega * dt
    R = v / omega
    return np.array([x + R * (np.sin(new) - np.sin(theta)),
                     y - R * (np.cos(new) - np.cos(theta)), new])


def half_angle_not_halved(pose, v, omega, dt):
    """The half turn omega dt / 2 written omega * dt in the chord and its heading."""
    x, y, theta = pose
    a = omega * dt
    chord = v * dt * np.sinc(a / np.pi)
    return np.array([x + chord * np.cos(theta + a), y + chord * np.sin(theta + a),
                     theta + omega * dt])


def cos_sin_swapped(pose, v, omega, dt):
    """x with sin and y with cos."""
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.sin(theta + half), y + chord * np.cos(theta + half),
                     theta + omega * dt])


# --------------------------------------------------------------------------- 4.5 heading


def _wrap(e):
    return -((-e + np.pi) % (2 * np.pi) - np.pi)


def not_wrapped(pose, goal, gain, dead_band, omega_max):
    """The error bearing - theta is not wrapped."""
    x, y, theta = pose
    e = np.arctan2(goal[1] - y, goal[0] - x) - theta
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def arctan2_x_first(pose, goal, gain, dead_band, omega_max):
    """np.arctan2(dx, dy): the arguments the wrong way round."""
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[0] - x, goal[1] - y) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def arctan_of_slope(pose, goal, gain, dead_band, omega_max):
    """np.arctan(dy / dx): a goal behind the robot looks ahead."""
    x, y, theta = pose
    bearing = np.arctan((goal[1] - y) / (goal[0] - x))
    e = _wrap(bearing - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def error_sign(pose, goal, gain, dead_band, omega_max):
    """e = theta - bearing: turns away from the goal."""
    x, y, theta = pose
    e = _wrap(theta - np.arctan2(goal[1] - y, goal[0] - x))
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def no_dead_band(pose, goal, gain, dead_band, omega_max):
    """Forgot the dead band."""
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.clip(gain * e, -omega_max, omega_max)


def error_clipped_not_command(pose, goal, gain, dead_band, omega_max):
    """Clips the error to omega_max, then multiplies by the gain."""
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, gain * np.clip(e, -omega_max, omega_max))


def only_upper_limit(pose, goal, gain, dead_band, omega_max):
    """np.minimum(gain e, omega_max): no lower limit, right turns are not limited."""
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.minimum(gain * e, omega_max))


def bearing_from_goal(pose, goal, gain, dead_band, omega_max):
    """The bearing of the robot seen from the goal: atan2(y - y_g, x - x_g)."""
    x, y, theta = pose
    e = _wrap(np.arctan2(y - goal[1], x - goal[0]) - theta)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def dead_band_on_command(pose, goal, gain, dead_band, omega_max):
    """Compares gain * e, not e, with the dead band."""
    x, y, theta = pose
    e = _wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    u = gain * e
    return np.where(np.abs(u) < dead_band, 0.0, np.clip(u, -omega_max, omega_max))


def wrapped_to_0_2pi(pose, goal, gain, dead_band, omega_max):
    """np.mod(e, 2 pi): wrapped to [0, 2 pi), so it always turns left."""
    x, y, theta = pose
    e = np.mod(np.arctan2(goal[1] - y, goal[0] - x) - theta, 2 * np.pi)
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


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
    ("diffdrive.forward_kinematics", v_without_half),
    ("diffdrive.forward_kinematics", half_track_in_omega),
    ("diffdrive.forward_kinematics", double_track_in_omega),
    ("diffdrive.forward_kinematics", omega_without_radius),
    ("diffdrive.forward_kinematics", outputs_swapped),
    ("diffdrive.forward_kinematics", floor_division_for_mean),
    ("diffdrive.forward_kinematics", diameter_for_radius),
    ("diffdrive.inverse_kinematics", full_track),
    ("diffdrive.inverse_kinematics", inverse_wheels_swapped),
    ("diffdrive.inverse_kinematics", multiplied_by_radius),
    ("diffdrive.inverse_kinematics", no_radius),
    ("diffdrive.inverse_kinematics", sum_not_halved),
    ("diffdrive.inverse_kinematics", quarter_track),
    ("diffdrive.inverse_kinematics", divided_by_diameter),
    ("diffdrive.turning_radius", radius_with_full_track),
    ("diffdrive.turning_radius", radius_sign),
    ("diffdrive.turning_radius", radius_times_wheel_radius),
    ("diffdrive.turning_radius", radius_inverted),
    ("diffdrive.turning_radius", radius_unsigned),
    ("diffdrive.turning_radius", radius_divided_by_wheel_radius),
    ("diffdrive.turning_radius", radius_quarter_track),
    ("diffdrive.integrate_pose", euler_step),
    ("diffdrive.integrate_pose", final_heading),
    ("diffdrive.integrate_pose", sinc_without_pi),
    ("diffdrive.integrate_pose", chord_without_sinc),
    ("diffdrive.integrate_pose", heading_wrapped),
    ("diffdrive.integrate_pose", divides_by_omega),
    ("diffdrive.integrate_pose", half_angle_not_halved),
    ("diffdrive.integrate_pose", cos_sin_swapped),
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
    ("diffdrive.square_odometry", corners_without_shift),
    ("diffdrive.square_odometry", euler_once_per_segment),
    ("diffdrive.square_odometry", first_order_reading),
    ("diffdrive.square_odometry", sides_not_shortened),
]
