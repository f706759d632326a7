"""Slips for the differential-drive exercises 4.1, 4.2, 4.4 and 4.5: the fourth, blind set.

Written from the exercise notebook (exercises/04_differential_drive.ipynb) and the lessons of
chapter 4 (chapters/04_differential_drive/) only, without reading the checks, their keys or
the solutions. Each slip is one typical wrong answer a student of the course hands in; RIGHT
holds our own right answers.

Measured blind, before any check changed for this set: 26 of 30 slips named (87 %), none
passed, the four right answers passed. Per exercise: 4.1 forward_kinematics 7 of 7, 4.2
inverse_kinematics 6 of 7, 4.4 integrate_pose 5 of 8, 4.5 heading_command 8 of 8. Rejected
but not named: ik_scale_by_right, ip_side_half, ip_start_heading, ip_euler_substeps.

Then the checks (robodyn/checks/diffdrive.py) were taught the three of these that are one
well-defined mistake each, as typical mistakes of their exercise: "the scale factor taken
from the right wheel alone" (with its twin, the left wheel alone), "the ramp's sideways
shift half what it should be" and "the step laid out about the start heading theta instead
of the mean heading". Now 29 of 30 are named (97 %). Left unnamed: ip_euler_substeps, a
simulation stopped before it converged. It is not one mistake but a family: its error
depends on the number of sub-steps and the scheme, and a mistake fitted to 100 Euler
sub-steps would name no other student's. Its feedback shows the expected and the received
pose, about a millimetre apart, and the text asks to refine until the result stops changing.
"""

import numpy as np

BLIND = "26 of 30 slips named (87 %), 0 passed, the right answers passed"
TAUGHT = True


def _wrap(angle):
    """Wrap to (-pi, pi]."""
    return np.pi - np.mod(np.pi - angle, 2.0 * np.pi)


def _sinc(a):
    """sin(a)/a with sinc(0) = 1 (numpy's np.sinc is normalised: sin(pi x)/(pi x))."""
    return np.sinc(np.asarray(a, dtype=float) / np.pi)


# ---------------------------------------------------------------------------
# Exercise 4.1: diffdrive.forward_kinematics (two wheel radii)
# ---------------------------------------------------------------------------

def fk_right(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Right: each rim moves at its own radius times its wheel speed."""
    rim_r = radius_r * phi_dot_r
    rim_l = radius_l * phi_dot_l
    return (rim_r + rim_l) / 2.0, (rim_r - rim_l) / track_width


def fk_mean_radius(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: the chapter's one-radius formula with the mean of the two radii."""
    radius = (radius_r + radius_l) / 2.0
    return (radius * (phi_dot_r + phi_dot_l) / 2.0,
            radius * (phi_dot_r - phi_dot_l) / track_width)


def fk_right_radius_for_both(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: the chapter's special case, radius_r used for both wheels."""
    return (radius_r * (phi_dot_r + phi_dot_l) / 2.0,
            radius_r * (phi_dot_r - phi_dot_l) / track_width)


def fk_radii_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: the radii swapped, the left radius on the right wheel."""
    rim_r = radius_l * phi_dot_r
    rim_l = radius_r * phi_dot_l
    return (rim_r + rim_l) / 2.0, (rim_r - rim_l) / track_width


def fk_omega_sign(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: yaw rate as left minus right rim speed (the sign of omega flipped)."""
    rim_r = radius_r * phi_dot_r
    rim_l = radius_l * phi_dot_l
    return (rim_r + rim_l) / 2.0, (rim_l - rim_r) / track_width


def fk_half_track(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: the rim-speed difference divided by half the track width (omega twice too big)."""
    rim_r = radius_r * phi_dot_r
    rim_l = radius_l * phi_dot_l
    return (rim_r + rim_l) / 2.0, (rim_r - rim_l) / (track_width / 2.0)


def fk_no_half_in_v(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: the forward speed as the sum of the rim speeds, the 1/2 dropped."""
    rim_r = radius_r * phi_dot_r
    rim_l = radius_l * phi_dot_l
    return rim_r + rim_l, (rim_r - rim_l) / track_width


def fk_order_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Slip: returns (omega, v) instead of (v, omega)."""
    rim_r = radius_r * phi_dot_r
    rim_l = radius_l * phi_dot_l
    return (rim_r - rim_l) / track_width, (rim_r + rim_l) / 2.0


# ---------------------------------------------------------------------------
# Exercise 4.2: diffdrive.inverse_kinematics (two radii, a top wheel speed)
# ---------------------------------------------------------------------------

def ik_right(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Right: wheel speeds from the rim speeds, both scaled by one factor if one is too fast."""
    phi_r = (v + omega * track_width / 2.0) / radius_r
    phi_l = (v - omega * track_width / 2.0) / radius_l
    fastest = np.maximum(np.abs(phi_r), np.abs(phi_l))
    factor = np.maximum(1.0, fastest / max_wheel_speed)
    return phi_r / factor, phi_l / factor


def ik_clip_each(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: each wheel clipped to the limit on its own (the robot leaves its arc)."""
    phi_r = (v + omega * track_width / 2.0) / radius_r
    phi_l = (v - omega * track_width / 2.0) / radius_l
    return (np.clip(phi_r, -max_wheel_speed, max_wheel_speed),
            np.clip(phi_l, -max_wheel_speed, max_wheel_speed))


def ik_one_radius(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: the chapter's one-radius inverse, radius_r used for both wheels."""
    phi_r = (v + omega * track_width / 2.0) / radius_r
    phi_l = (v - omega * track_width / 2.0) / radius_r
    factor = np.maximum(1.0, np.maximum(np.abs(phi_r), np.abs(phi_l)) / max_wheel_speed)
    return phi_r / factor, phi_l / factor


def ik_no_abs(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: the fastest wheel found without np.abs (a limit passed backwards is missed)."""
    phi_r = (v + omega * track_width / 2.0) / radius_r
    phi_l = (v - omega * track_width / 2.0) / radius_l
    factor = np.maximum(1.0, np.maximum(phi_r, phi_l) / max_wheel_speed)
    return phi_r / factor, phi_l / factor


def ik_always_scale(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: always scaled so the faster wheel is at the limit (slow commands sped up too)."""
    phi_r = (v + omega * track_width / 2.0) / radius_r
    phi_l = (v - omega * track_width / 2.0) / radius_l
    factor = np.maximum(np.abs(phi_r), np.abs(phi_l)) / max_wheel_speed
    return phi_r / factor, phi_l / factor


def ik_radii_swapped(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: the radii swapped, the right wheel's speed divided by the left radius."""
    phi_r = (v + omega * track_width / 2.0) / radius_l
    phi_l = (v - omega * track_width / 2.0) / radius_r
    factor = np.maximum(1.0, np.maximum(np.abs(phi_r), np.abs(phi_l)) / max_wheel_speed)
    return phi_r / factor, phi_l / factor


def ik_full_track(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: omega times the full track width, the 1/2 dropped (L/2 is the wheel's lever)."""
    phi_r = (v + omega * track_width) / radius_r
    phi_l = (v - omega * track_width) / radius_l
    factor = np.maximum(1.0, np.maximum(np.abs(phi_r), np.abs(phi_l)) / max_wheel_speed)
    return phi_r / factor, phi_l / factor


def ik_scale_by_right(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """Slip: the scale factor taken from the right wheel only, as if it were always the fastest."""
    phi_r = (v + omega * track_width / 2.0) / radius_r
    phi_l = (v - omega * track_width / 2.0) / radius_l
    factor = np.maximum(1.0, np.abs(phi_r) / max_wheel_speed)
    return phi_r / factor, phi_l / factor


# ---------------------------------------------------------------------------
# Exercise 4.4: diffdrive.integrate_pose (the speed ramps during the step)
# ---------------------------------------------------------------------------

def _side_integral(omega, dt):
    """The integral of s sin(omega s) for s from -dt/2 to dt/2, safe for a tiny omega."""
    half = np.asarray(dt, dtype=float) / 2.0
    u = np.asarray(omega, dtype=float) * half
    small = np.abs(u) < 1e-2
    u_safe = np.where(small, 1.0, u)
    # (sin u - u cos u) / u^2, by its series where u is small
    direct = (np.sin(u_safe) - u_safe * np.cos(u_safe)) / u_safe**2
    series = u / 3.0 - u**3 / 30.0 + u**5 / 840.0
    return 2.0 * half**2 * np.where(small, series, direct)


def ip_right(pose, v, accel, omega, dt):
    """Right: the mean-speed chord about the mean heading, plus the ramp's sideways part."""
    x, y, theta = pose
    mean_heading = theta + omega * dt / 2.0
    mean_speed = v + accel * dt / 2.0
    along = mean_speed * dt * _sinc(omega * dt / 2.0)
    side = accel * _side_integral(omega, dt)
    c, s = np.cos(mean_heading), np.sin(mean_heading)
    return np.array([x + along * c - side * s,
                     y + along * s + side * c,
                     theta + omega * dt])


def ip_mean_speed_step(pose, v, accel, omega, dt):
    """Slip: the chapter's exact step at the mean speed (the ramp's sideways part forgotten)."""
    x, y, theta = pose
    chord = (v + accel * dt / 2.0) * dt * _sinc(omega * dt / 2.0)
    return np.array([x + chord * np.cos(theta + omega * dt / 2.0),
                     y + chord * np.sin(theta + omega * dt / 2.0),
                     theta + omega * dt])


def ip_start_speed(pose, v, accel, omega, dt):
    """Slip: the chapter's exact step at the start speed v, accel ignored."""
    x, y, theta = pose
    chord = v * dt * _sinc(omega * dt / 2.0)
    return np.array([x + chord * np.cos(theta + omega * dt / 2.0),
                     y + chord * np.sin(theta + omega * dt / 2.0),
                     theta + omega * dt])


def ip_numpy_sinc(pose, v, accel, omega, dt):
    """Slip: np.sinc(omega dt / 2) used as sin(a)/a (numpy's sinc is sin(pi x)/(pi x))."""
    x, y, theta = pose
    mean_heading = theta + omega * dt / 2.0
    along = (v + accel * dt / 2.0) * dt * np.sinc(omega * dt / 2.0)
    side = accel * _side_integral(omega, dt)
    c, s = np.cos(mean_heading), np.sin(mean_heading)
    return np.array([x + along * c - side * s,
                     y + along * s + side * c,
                     theta + omega * dt])


def ip_side_sign(pose, v, accel, omega, dt):
    """Slip: the ramp's sideways part with the wrong sign (a left turn speeding up ends right)."""
    x, y, theta = pose
    mean_heading = theta + omega * dt / 2.0
    along = (v + accel * dt / 2.0) * dt * _sinc(omega * dt / 2.0)
    side = accel * _side_integral(omega, dt)
    c, s = np.cos(mean_heading), np.sin(mean_heading)
    return np.array([x + along * c + side * s,
                     y + along * s - side * c,
                     theta + omega * dt])


def ip_side_half(pose, v, accel, omega, dt):
    """Slip: the sideways integral over half the step only (the symmetric integral's 2 lost)."""
    x, y, theta = pose
    mean_heading = theta + omega * dt / 2.0
    along = (v + accel * dt / 2.0) * dt * _sinc(omega * dt / 2.0)
    side = accel * _side_integral(omega, dt) / 2.0
    c, s = np.cos(mean_heading), np.sin(mean_heading)
    return np.array([x + along * c - side * s,
                     y + along * s + side * c,
                     theta + omega * dt])


def ip_start_heading(pose, v, accel, omega, dt):
    """Slip: the chord laid along the start heading theta instead of the mean heading."""
    x, y, theta = pose
    along = (v + accel * dt / 2.0) * dt * _sinc(omega * dt / 2.0)
    side = accel * _side_integral(omega, dt)
    c, s = np.cos(theta), np.sin(theta)
    return np.array([x + along * c - side * s,
                     y + along * s + side * c,
                     theta + omega * dt])


def ip_euler_substeps(pose, v, accel, omega, dt):
    """Slip: simulated with 100 explicit Euler sub-steps, not converged to a micrometre."""
    x, y, theta = (np.asarray(p, dtype=float) for p in pose)
    n = 100
    h = dt / n
    for k in range(n):
        speed = v + accel * k * h
        x = x + h * speed * np.cos(theta)
        y = y + h * speed * np.sin(theta)
        theta = theta + h * omega
    return np.array([x, y, theta])


def ip_wrapped_heading(pose, v, accel, omega, dt):
    """Slip: the end heading wrapped to (-pi, pi], which the exercise says not to do."""
    x_new, y_new, theta_new = ip_right(pose, v, accel, omega, dt)
    return np.array([x_new, y_new, _wrap(theta_new)])


# ---------------------------------------------------------------------------
# Exercise 4.5: diffdrive.heading_command (the yaw-rate limit the wheels allow)
# ---------------------------------------------------------------------------

def _command(error, gain, dead_band, omega_max):
    return np.where(np.abs(error) < dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


def _error(pose, goal):
    x, y, theta = pose
    x_g, y_g = goal
    return _wrap(np.arctan2(y_g - y, x_g - x) - theta)


def hc_right(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
             max_wheel_speed):
    """Right: the outer wheel at the limit gives omega_max = 2 (R phi_max - v) / L."""
    omega_max = 2.0 * (wheel_radius * max_wheel_speed - speed) / track_width
    return _command(_error(pose, goal), gain, dead_band, omega_max)


def hc_full_track(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                  max_wheel_speed):
    """Slip: omega_max = (R phi_max - v) / L, the outer wheel's lever taken as L, not L/2."""
    omega_max = (wheel_radius * max_wheel_speed - speed) / track_width
    return _command(_error(pose, goal), gain, dead_band, omega_max)


def hc_spin_limit(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                  max_wheel_speed):
    """Slip: omega_max = 2 R phi_max / L, the turn-on-the-spot limit, the speed forgotten."""
    omega_max = 2.0 * wheel_radius * max_wheel_speed / track_width
    return _command(_error(pose, goal), gain, dead_band, omega_max)


def hc_inner_wheel(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                   max_wheel_speed):
    """Slip: omega_max = 2 (R phi_max + v) / L, the inner wheel taken to set the limit."""
    omega_max = 2.0 * (wheel_radius * max_wheel_speed + speed) / track_width
    return _command(_error(pose, goal), gain, dead_band, omega_max)


def hc_no_wrap(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
               max_wheel_speed):
    """Slip: the heading error not wrapped (the robot may turn the long way round)."""
    x, y, theta = pose
    x_g, y_g = goal
    error = np.arctan2(y_g - y, x_g - x) - theta
    omega_max = 2.0 * (wheel_radius * max_wheel_speed - speed) / track_width
    return _command(error, gain, dead_band, omega_max)


def hc_mod_two_pi(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                  max_wheel_speed):
    """Slip: the error wrapped with np.mod to [0, 2 pi), so every turn is to the left."""
    x, y, theta = pose
    x_g, y_g = goal
    error = np.mod(np.arctan2(y_g - y, x_g - x) - theta, 2.0 * np.pi)
    omega_max = 2.0 * (wheel_radius * max_wheel_speed - speed) / track_width
    return _command(error, gain, dead_band, omega_max)


def hc_atan2_swapped(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                     max_wheel_speed):
    """Slip: the bearing as arctan2(dx, dy), the arguments swapped."""
    x, y, theta = pose
    x_g, y_g = goal
    error = _wrap(np.arctan2(x_g - x, y_g - y) - theta)
    omega_max = 2.0 * (wheel_radius * max_wheel_speed - speed) / track_width
    return _command(error, gain, dead_band, omega_max)


def hc_dead_band_no_abs(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                        max_wheel_speed):
    """Slip: the dead band tested as e < dead_band, without abs (every right turn zeroed)."""
    error = _error(pose, goal)
    omega_max = 2.0 * (wheel_radius * max_wheel_speed - speed) / track_width
    return np.where(error < dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


def hc_dead_band_on_command(pose, goal, gain, dead_band, speed, wheel_radius,
                            track_width, max_wheel_speed):
    """Slip: the dead band applied to the command gain*e instead of to the error e."""
    error = _error(pose, goal)
    omega_max = 2.0 * (wheel_radius * max_wheel_speed - speed) / track_width
    return np.where(np.abs(gain * error) < dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


SLIPS = [
    ("diffdrive.forward_kinematics", fk_mean_radius),
    ("diffdrive.forward_kinematics", fk_right_radius_for_both),
    ("diffdrive.forward_kinematics", fk_radii_swapped),
    ("diffdrive.forward_kinematics", fk_omega_sign),
    ("diffdrive.forward_kinematics", fk_half_track),
    ("diffdrive.forward_kinematics", fk_no_half_in_v),
    ("diffdrive.forward_kinematics", fk_order_swapped),
    ("diffdrive.inverse_kinematics", ik_clip_each),
    ("diffdrive.inverse_kinematics", ik_one_radius),
    ("diffdrive.inverse_kinematics", ik_no_abs),
    ("diffdrive.inverse_kinematics", ik_always_scale),
    ("diffdrive.inverse_kinematics", ik_radii_swapped),
    ("diffdrive.inverse_kinematics", ik_full_track),
    ("diffdrive.inverse_kinematics", ik_scale_by_right),
    ("diffdrive.integrate_pose", ip_mean_speed_step),
    ("diffdrive.integrate_pose", ip_start_speed),
    ("diffdrive.integrate_pose", ip_numpy_sinc),
    ("diffdrive.integrate_pose", ip_side_sign),
    ("diffdrive.integrate_pose", ip_side_half),
    ("diffdrive.integrate_pose", ip_start_heading),
    ("diffdrive.integrate_pose", ip_euler_substeps),
    ("diffdrive.integrate_pose", ip_wrapped_heading),
    ("diffdrive.heading_command", hc_full_track),
    ("diffdrive.heading_command", hc_spin_limit),
    ("diffdrive.heading_command", hc_inner_wheel),
    ("diffdrive.heading_command", hc_no_wrap),
    ("diffdrive.heading_command", hc_mod_two_pi),
    ("diffdrive.heading_command", hc_atan2_swapped),
    ("diffdrive.heading_command", hc_dead_band_no_abs),
    ("diffdrive.heading_command", hc_dead_band_on_command),
]

RIGHT = {
    "diffdrive.forward_kinematics": fk_right,
    "diffdrive.inverse_kinematics": ik_right,
    "diffdrive.integrate_pose": ip_right,
    "diffdrive.heading_command": hc_right,
}
