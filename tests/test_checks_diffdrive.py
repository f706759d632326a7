"""Chapter 4's checks against answers as students write them.

The shared test (tests/test_exercises.py) runs every listed mistake model. Here the answers
are written independently, in the ways students write them: right answers in unusual forms
must pass; the wrong answers that students actually handed in (issue 6) must be named by the
right mistake, never by another.
"""

import math
import re

import numpy as np
import pytest
import sympy

from robodyn.diffdrive import waypoints
from robodyn.grading import CheckFailed, check, evaluate, exercise_ids, get_exercise

FK = "diffdrive.forward_kinematics"
IK = "diffdrive.inverse_kinematics"
IP = "diffdrive.integrate_pose"
HC = "diffdrive.heading_command"
TR = "diffdrive.turning_radius"


def summary(exercise_id, answer) -> str:
    return evaluate(get_exercise(exercise_id), answer).result.summary


def message(exercise_id, answer) -> str:
    failure = evaluate(get_exercise(exercise_id), answer).failure
    assert failure is not None, "the answer passed"
    return str(failure)


def wrap(angle):
    """Wrap to (-pi, pi] the way many students do."""
    return np.arctan2(np.sin(angle), np.cos(angle))


# --------------------------------------------------------------------------- right answers


def fk_as_array(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    matrix = np.array([[wheel_radius / 2, wheel_radius / 2],
                       [wheel_radius / track_width, -wheel_radius / track_width]])
    return matrix @ np.array([phi_dot_r, phi_dot_l])


def ip_textbook_with_branch(pose, v, omega, dt):
    x, y, theta = pose
    safe = np.where(omega == 0, 1.0, omega)
    theta_new = theta + omega * dt
    x_arc = x + v / safe * (np.sin(theta_new) - np.sin(theta))
    y_arc = y - v / safe * (np.cos(theta_new) - np.cos(theta))
    straight = omega == 0
    return np.array([np.where(straight, x + v * dt * np.cos(theta), x_arc),
                     np.where(straight, y + v * dt * np.sin(theta), y_arc), theta_new])


def ip_complex_numbers(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi) * np.exp(1j * (theta + half))
    return np.array([x + chord.real, y + chord.imag, theta + omega * dt])


def hc_with_mod_wrap(pose, goal, gain, dead_band, omega_max):
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
    error = (error + np.pi) % (2 * np.pi) - np.pi
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) >= dead_band, command, 0.0)


def hc_arctan2_wrap_and_min_max(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.minimum(omega_max, np.maximum(-omega_max, gain * error * (abs(error) >= dead_band)))


def tr_through_v_and_omega(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v / omega


def fk_from_rim_speeds_in_a_loop(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    def one(right, left):
        rim_right, rim_left = wheel_radius * right, wheel_radius * left   # m/s
        return math.fsum([rim_right, rim_left]) / 2, (rim_right - rim_left) / track_width

    if np.ndim(phi_dot_r) == 0:
        return one(phi_dot_r, phi_dot_l)
    pairs = [one(right, left) for right, left in zip(phi_dot_r, phi_dot_l, strict=True)]
    return np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])


def ik_by_solving_the_forward_map(v, omega, wheel_radius, track_width):
    forward = np.array([[wheel_radius / 2, wheel_radius / 2],
                        [wheel_radius / track_width, -wheel_radius / track_width]])
    return np.linalg.solve(forward, np.array([v, omega]))


def ik_by_sympy(v, omega, wheel_radius, track_width):
    right, left, V, W, R, L = sympy.symbols("phi_r phi_l V W R L")
    solution = sympy.solve([sympy.Eq(V, R * (right + left) / 2),
                            sympy.Eq(W, R * (right - left) / L)], [right, left])
    speeds = sympy.lambdify((V, W, R, L), [solution[right], solution[left]], "numpy")
    return tuple(speeds(v, omega, wheel_radius, track_width))


def tr_vectorised_math(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    def one(right, left):
        return math.ldexp(track_width, -1) * (right + left) / (right - left)

    return np.vectorize(one, otypes=[float])(phi_dot_r, phi_dot_l)


def ip_vectorised_math_with_if(pose, v, omega, dt):
    def one(x, y, theta, v, omega):
        if omega == 0:
            return x + v * dt * math.cos(theta), y + v * dt * math.sin(theta), theta
        half = omega * dt / 2
        chord = 2 * v / omega * math.sin(half)
        return (x + chord * math.cos(theta + half), y + chord * math.sin(theta + half),
                theta + omega * dt)

    return np.array(np.vectorize(one)(pose[0], pose[1], pose[2], v, omega))


def hc_with_mod_wrap_and_less_or_equal(pose, goal, gain, dead_band, omega_max):
    """[-pi, pi) and <= on the dead band: the boundaries the text lets go either way."""
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
    error = (error + np.pi) % (2 * np.pi) - np.pi
    return np.where(np.abs(error) <= dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


def hc_complex_wrap(pose, goal, gain, dead_band, omega_max):
    x, y, theta = pose
    towards = (goal[0] - x) + 1j * (goal[1] - y)
    error = np.angle(towards * np.exp(-1j * theta))
    return np.clip(gain * error * (np.abs(error) >= dead_band), -omega_max, omega_max)


def hc_vectorised_math_remainder(pose, goal, gain, dead_band, omega_max):
    def one(x, y, theta, x_g, y_g):
        error = math.remainder(math.atan2(y_g - y, x_g - x) - theta, 2 * math.pi)
        if abs(error) < dead_band:
            return 0.0
        return max(-omega_max, min(omega_max, gain * error))

    return np.vectorize(one, otypes=[float])(pose[0], pose[1], pose[2], goal[0], goal[1])


RIGHT = [(FK, fk_as_array), (FK, fk_from_rim_speeds_in_a_loop),
         (IK, ik_by_solving_the_forward_map), (IK, ik_by_sympy),
         (IP, ip_textbook_with_branch), (IP, ip_complex_numbers),
         (IP, ip_vectorised_math_with_if),
         (HC, hc_with_mod_wrap), (HC, hc_arctan2_wrap_and_min_max),
         (HC, hc_with_mod_wrap_and_less_or_equal), (HC, hc_complex_wrap),
         (HC, hc_vectorised_math_remainder),
         (TR, tr_through_v_and_omega), (TR, tr_vectorised_math)]


@pytest.mark.parametrize(
    ("exercise_id", "answer"), RIGHT, ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """A matrix product, a linear solve, sympy, loops with math, the textbook branch formula,
    complex numbers, mod, arctan2 or remainder wrapping: all right, all pass."""
    result = evaluate(get_exercise(exercise_id), answer)
    assert result.failure is None, str(result.failure)


def test_the_textbook_exact_step_passes_with_a_note_on_cancellation():
    """At omega = 1e-9 the branch formula loses digits; it passes, and the note says why."""
    text = evaluate(get_exercise(IP), ip_textbook_with_branch).text
    assert text.startswith("PASSED diffdrive.integrate_pose")
    assert "cancellation" in text and "Note:" in text
    sinc_form = evaluate(get_exercise(IP), ip_complex_numbers).text
    assert "Note:" not in sinc_form


def test_the_boundaries_of_the_heading_command_are_cases():
    """The fixed cases put the heading error exactly on +-dead_band and on +-pi (before
    wrapping), scalars and arrays, as the text of 4.5 names them."""
    exercise = get_exercise(HC)
    edges, behind, raw_minus_pi = 0, 0, 0
    for case in exercise.cases():
        if case.kind == "seeded random":
            continue
        pose, goal, _, dead_band, _ = case.args
        bearing = np.arctan2(goal[1] - pose[1], goal[0] - pose[0])
        error = waypoints.heading_error(pose, goal)
        edges += int(np.sum(np.abs(error) == dead_band))
        behind += int(np.sum(np.abs(error) == np.pi))
        raw_minus_pi += int(np.sum(bearing - pose[2] == -np.pi))
    assert edges >= 4 and behind >= 4 and raw_minus_pi >= 2


def test_either_way_passes_on_the_boundaries_with_a_note_and_only_there():
    """[-pi, pi) wrapping with <= on the dead band passes, with the note that says why; the
    reference gets no note."""
    text = evaluate(get_exercise(HC), hc_with_mod_wrap_and_less_or_equal).text
    assert text.startswith("PASSED diffdrive.heading_command")
    assert "Note: for a goal exactly behind" in text and "Note: at |e| = dead_band" in text
    assert "either of the two right commands" in text
    assert "Note:" not in evaluate(get_exercise(HC), get_exercise(HC).reference).text


def test_a_third_value_on_a_boundary_is_wrong():
    """On a boundary only the two right commands pass: 0 for a goal exactly behind, or half
    the step at the dead band's edge, is wrong."""

    def stops_when_behind(pose, goal, gain, dead_band, omega_max):
        error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
        omega = np.where(np.abs(error) < dead_band, 0.0,
                         np.clip(gain * error, -omega_max, omega_max))
        return np.where(np.abs(error) > np.pi - 1e-12, 0.0, omega)

    def half_step_at_the_edge(pose, goal, gain, dead_band, omega_max):
        error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
        weight = np.where(np.abs(error) < dead_band, 0.0,
                          np.where(np.abs(error) == dead_band, 0.5, 1.0))
        return np.clip(weight * gain * error, -omega_max, omega_max)

    assert summary(HC, stops_when_behind).startswith(f"{HC}: wrong result for a goal exactly "
                                                     "behind")
    assert summary(HC, half_step_at_the_edge).startswith(
        f"{HC}: wrong result for a heading error of exactly +dead_band")


def test_a_slip_with_the_other_wrap_is_still_named():
    """A slip written with [-pi, pi) wrapping is named: the boundary entries, where two
    commands are right, do not hide it."""

    def bang_bang_mod_wrap(pose, goal, gain, dead_band, omega_max):
        error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
        error = (error + np.pi) % (2 * np.pi) - np.pi
        return np.where(np.abs(error) < dead_band, 0.0, np.sign(error) * omega_max)

    assert "a bang-bang command" in summary(HC, bang_bang_mod_wrap)


# --------------------------------------------------------------------------- wrong answers


def hc_bang_bang(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < dead_band, 0.0, np.sign(error) * omega_max)


def hc_arctan_ratio(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan((goal[1] - pose[1]) / (goal[0] - pose[0])) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


def hc_theta_wrapped_only(pose, goal, gain, dead_band, omega_max):
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - wrap(pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


def hc_atan2_swapped(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[0] - pose[0], goal[1] - pose[1]) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


def hc_dead_band_on_command(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    omega = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(omega) < dead_band, 0.0, omega)


def hc_dead_band_inverted(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(np.where(np.abs(error) > dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


def hc_degrees_per_second(pose, goal, gain, dead_band, omega_max):
    return np.rad2deg(hc_with_mod_wrap(pose, goal, gain, dead_band, omega_max))


def ip_numpy_sinc(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * np.sinc(omega * dt / 2)
    return np.array([x + chord * np.cos(theta + omega * dt / 2),
                     y + chord * np.sin(theta + omega * dt / 2), theta + omega * dt])


def ip_sign_slip_in_heading(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * np.sinc(omega * dt / 2 / np.pi)
    return np.array([x + chord * np.cos(theta - omega * dt / 2),
                     y + chord * np.sin(theta - omega * dt / 2), theta + omega * dt])


def ip_wraps_theta(pose, v, omega, dt):
    new_pose = ip_complex_numbers(pose, v, omega, dt)
    new_pose[2] = wrap(new_pose[2])
    return new_pose


def fk_omega_first(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (wheel_radius * (phi_dot_r - phi_dot_l) / track_width,
            wheel_radius * (phi_dot_r + phi_dot_l) / 2)


def fk_degrees(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width * 180 / np.pi
    return wheel_radius * (phi_dot_r + phi_dot_l) / 2, omega


def ik_degrees(v, omega, wheel_radius, track_width):
    right = (v + omega * track_width / 2) / wheel_radius
    left = (v - omega * track_width / 2) / wheel_radius
    return np.degrees(right), np.degrees(left)


def fk_diameter(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    diameter = 2 * wheel_radius
    return (diameter * (phi_dot_r + phi_dot_l) / 2,
            diameter * (phi_dot_r - phi_dot_l) / track_width)


def fk_radius_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    r = wheel_radius / 2
    return r * (phi_dot_r + phi_dot_l) / 2, r * (phi_dot_r - phi_dot_l) / track_width


def fk_revolutions(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    circumference = 2 * np.pi * wheel_radius
    return (circumference * (phi_dot_r + phi_dot_l) / 2,
            circumference * (phi_dot_r - phi_dot_l) / track_width)


def fk_radius_track_mixed_up(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (track_width * (phi_dot_r + phi_dot_l) / 2,
            track_width * (phi_dot_r - phi_dot_l) / wheel_radius)


def fk_sum_difference_mixed_up(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (wheel_radius * (phi_dot_r - phi_dot_l) / 2,
            wheel_radius * (phi_dot_r + phi_dot_l) / track_width)


def fk_yaw_rate_from_wheel_speeds(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return wheel_radius * (phi_dot_r + phi_dot_l) / 2, (phi_dot_r - phi_dot_l) / track_width


def fk_speed_from_wheel_speeds(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (phi_dot_r + phi_dot_l) / 2, wheel_radius * (phi_dot_r - phi_dot_l) / track_width


def fk_from_rpm(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    to_rad_per_s = 2 * math.pi / 60
    right, left = phi_dot_r * to_rad_per_s, phi_dot_l * to_rad_per_s
    return wheel_radius * (right + left) / 2, wheel_radius * (right - left) / track_width


def ik_floor_half(v, omega, wheel_radius, track_width):
    rim = omega * (track_width // 2)
    return (v + rim) / wheel_radius, (v - rim) / wheel_radius


def ik_not_halved(v, omega, wheel_radius, track_width):
    total = 2 * v / wheel_radius                 # phi_r + phi_l
    difference = omega * track_width / wheel_radius
    return total + difference, total - difference


def ik_diameter(v, omega, wheel_radius, track_width):
    return ((v + omega * track_width / 2) / (2 * wheel_radius),
            (v - omega * track_width / 2) / (2 * wheel_radius))


def ik_revolutions(v, omega, wheel_radius, track_width):
    circumference = 2 * np.pi * wheel_radius
    return ((v + omega * track_width / 2) / circumference,
            (v - omega * track_width / 2) / circumference)


def ik_omega_over_track(v, omega, wheel_radius, track_width):
    return ((v + omega / (2 * track_width)) / wheel_radius,
            (v - omega / (2 * track_width)) / wheel_radius)


def ik_radius_track_mixed_up(v, omega, wheel_radius, track_width):
    return ((v + omega * wheel_radius / 2) / track_width,
            (v - omega * wheel_radius / 2) / track_width)


def tr_of_the_left_wheel(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v_left = wheel_radius * phi_dot_l
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v_left / omega


def tr_of_the_right_wheel(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width * phi_dot_r / (phi_dot_r - phi_dot_l)


def tr_floor_half(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l) * (track_width // 2)


def tr_sum_difference_mixed_up(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width * (phi_dot_r - phi_dot_l) / (2 * (phi_dot_r + phi_dot_l))


def tr_over_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v / omega


def tr_curvature(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return omega / v


def ip_textbook_with_cos_sign_slip(pose, v, omega, dt):
    x, y, theta = pose
    turning = omega != 0
    w = np.where(turning, omega, 1.0)
    theta_new = theta + omega * dt
    return np.array([
        np.where(turning, x + v / w * (np.sin(theta_new) - np.sin(theta)),
                 x + v * dt * np.cos(theta)),
        np.where(turning, y + v / w * (np.cos(theta_new) - np.cos(theta)),
                 y + v * dt * np.sin(theta)),
        theta_new])


def ip_sinc_of_the_whole_turn(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * np.sinc(omega * dt / np.pi)
    return np.array([x + chord * np.cos(theta + omega * dt / 2),
                     y + chord * np.sin(theta + omega * dt / 2), theta + omega * dt])


def ip_sin_for_x(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.sin(theta + half), y + chord * np.cos(theta + half),
                     theta + omega * dt])


def ip_heading_without_dt(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     theta + omega])


def ip_distance_without_dt(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     theta + omega * dt])


def hc_no_gain(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, error), -omega_max, omega_max)


def hc_bearing_from_goal(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(pose[1] - goal[1], pose[0] - goal[0]) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


def hc_mod_minus_pi(pose, goal, gain, dead_band, omega_max):
    error = np.mod(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2], 2 * np.pi) - np.pi
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


def hc_no_abs(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(np.where(error < dead_band, 0.0, gain * error), -omega_max, omega_max)


def hc_minimum_only(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.minimum(np.where(np.abs(error) < dead_band, 0.0, gain * error), omega_max)


def fk_mean_by_floor_division(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    right, left = wheel_radius * phi_dot_r, wheel_radius * phi_dot_l
    return (right + left) // 2, (right - left) / track_width


def fk_mean_wheel_speed_by_floor_division(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    mean_speed = (phi_dot_r + phi_dot_l) // 2
    return wheel_radius * mean_speed, wheel_radius * (phi_dot_r - phi_dot_l) / track_width


def ik_quarter_track(v, omega, wheel_radius, track_width):
    half_track = track_width / 2
    rim_change = omega * half_track / 2
    return (v + rim_change) / wheel_radius, (v - rim_change) / wheel_radius


def ip_whole_turn_everywhere(pose, v, omega, dt):
    x, y, theta = pose
    turn = omega * dt
    chord = v * dt * np.sinc(turn / np.pi)
    theta_new = theta + turn
    return np.array([x + chord * np.cos(theta_new), y + chord * np.sin(theta_new), theta_new])


def hc_error_limited_then_gain(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    limited = np.clip(error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, gain * limited)


def tr_unsigned(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return np.abs(track_width * (phi_dot_r + phi_dot_l) / (2 * (phi_dot_r - phi_dot_l)))


def tr_tutorial(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return wheel_radius * v / omega


STUDENTS = [
    (HC, hc_bang_bang, "a bang-bang command"),
    (HC, hc_arctan_ratio, "arctan(dy/dx) instead of arctan2(dy, dx)"),
    (HC, hc_theta_wrapped_only, "theta is wrapped but the heading error is not"),
    (HC, hc_atan2_swapped, "the arguments of atan2 are swapped"),
    (HC, hc_dead_band_on_command, "the dead band is applied to the command"),
    (HC, hc_dead_band_inverted, "the dead band is inverted"),
    (HC, hc_degrees_per_second, "the command is in degrees per second"),
    (IP, ip_numpy_sinc, "NumPy's sinc is the normalised"),
    (IP, ip_sign_slip_in_heading, "a sign slip in the mean heading"),
    (IP, ip_wraps_theta, "theta was wrapped"),
    (FK, fk_omega_first, "the outputs are in the wrong order"),
    (FK, fk_degrees, "omega in degrees per second"),
    (IK, ik_degrees, "wheel speeds in degrees per second"),
    (TR, tr_unsigned, "an unsigned radius"),
    (TR, tr_tutorial, "an extra factor of the wheel radius R"),
    (FK, fk_diameter, "both twice too large"),
    (FK, fk_radius_halved, "half the wheel radius"),
    (FK, fk_revolutions, "revolutions per second"),
    (FK, fk_radius_track_mixed_up, "wheel_radius and track_width exchanged"),
    (FK, fk_sum_difference_mixed_up, "the sum and the difference"),
    (IK, ik_not_halved, "not halved"),
    (IK, ik_diameter, "the diameter in place of the radius"),
    (IK, ik_revolutions, "revolutions per second"),
    (IK, ik_omega_over_track, "omega divided by the track width"),
    (IK, ik_radius_track_mixed_up, "wheel_radius and track_width exchanged"),
    (TR, tr_sum_difference_mixed_up, "the sum and the difference"),
    (TR, tr_over_radius, "an extra division by the wheel radius"),
    (TR, tr_curvature, "the curvature"),
    (IP, ip_sinc_of_the_whole_turn, "sinc of the whole turn"),
    (IP, ip_sin_for_x, "cos and sin exchanged"),
    (IP, ip_heading_without_dt, "dt is missing in the new heading"),
    (IP, ip_distance_without_dt, "dt is missing in the distance"),
    (FK, fk_yaw_rate_from_wheel_speeds, "the wheel radius is missing in omega"),
    (FK, fk_speed_from_wheel_speeds, "the wheel radius is missing in v"),
    (FK, fk_from_rpm, "converted from rpm"),
    (IK, ik_floor_half, "a floor division"),
    (TR, tr_of_the_left_wheel, "the left wheel's circle"),
    (TR, tr_of_the_right_wheel, "the right wheel's circle"),
    (TR, tr_floor_half, "a floor division"),
    (IP, ip_textbook_with_cos_sign_slip, "a sign slip in y on an arc"),
    (HC, hc_no_gain, "the gain is missing"),
    (HC, hc_bearing_from_goal, "off by half a turn"),
    (HC, hc_mod_minus_pi, "off by half a turn"),
    (HC, hc_no_abs, "not its size |e|"),
    (HC, hc_minimum_only, "limited from above only"),
    (FK, fk_mean_by_floor_division, "the mean of the rim speeds taken with // 2"),
    (FK, fk_mean_wheel_speed_by_floor_division, "the mean of the wheel speeds taken with // 2"),
    (IK, ik_quarter_track, "a quarter of the track width"),
    (IP, ip_whole_turn_everywhere, "the whole turn omega dt where half of it belongs"),
    (HC, hc_error_limited_then_gain, "the heading error limited to +-omega_max before the gain"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named_by_their_own_mistake(exercise_id, answer, name):
    """The wrong answers students handed in, and the slips their formulas invite, get the
    mistake that explains them, no other (a division by zero at the spin on the spot is named
    through the error it raises)."""
    line = summary(exercise_id, answer)
    assert re.match(rf"{exercise_id}: (wrong result|your answer raised \w+) — looks like ",
                    line), line
    assert name in line


def test_bang_bang_is_not_called_degrees():
    """The bang-bang controller, once told 'degrees where radians are needed', is not."""
    assert "degrees" not in summary(HC, hc_bang_bang)


def fk_track_squared(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (wheel_radius * (phi_dot_r + phi_dot_l) / 2,
            wheel_radius * (phi_dot_r - phi_dot_l) / track_width**2)


def ik_radius_squared(v, omega, wheel_radius, track_width):
    return ((v + omega * track_width / 2) / wheel_radius**2,
            (v - omega * track_width / 2) / wheel_radius**2)


def tr_plus_a_centimetre(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width * (phi_dot_r + phi_dot_l) / (2 * (phi_dot_r - phi_dot_l)) + 0.01


def ip_sinc_squared(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi) ** 2
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     theta + omega * dt])


def hc_dead_band_doubled(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < 2 * dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (FK, fk_track_squared), (IK, ik_radius_squared), (TR, tr_plus_a_centimetre),
    (IP, ip_sinc_squared), (HC, hc_dead_band_doubled),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer that no mistake explains gets the generic message, no wrong name."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result for ") and "looks like" not in line


def test_an_unknown_slip_gets_the_generic_but_concrete_message():
    """A wrong answer no mistake explains shows the call, expected, got and tolerance."""

    def halfway(pose, goal, gain, dead_band, omega_max):
        return 0.5 * hc_with_mod_wrap(pose, goal, gain, dead_band, omega_max) + 0.01

    text = message(HC, halfway)
    assert text.splitlines()[0].startswith(f"{HC}: wrong result for ")
    for part in ("Called:    heading_command(pose=array([", "Expected:  omega = ",
                 "Got:       omega = ", "Wrong values:", "Tolerance: omega within"):
        assert part in text
    assert "looks like" not in text


# --------------------------------------------------------------------------- messages


def test_message_of_swapped_wheels_shows_call_expected_got_and_hint():
    """The message shows the exact call, the expected and the returned values and a hint."""

    def swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
        return (wheel_radius * (phi_dot_r + phi_dot_l) / 2,
                wheel_radius * (phi_dot_l - phi_dot_r) / track_width)

    text = message(FK, swapped)
    assert text.splitlines()[0] == (
        "diffdrive.forward_kinematics: wrong result — looks like the wheels are swapped "
        "(omega has the wrong sign)")
    assert ("Called:    forward_kinematics(phi_dot_r=12.0, phi_dot_l=8.0, wheel_radius=0.05, "
            "track_width=0.3)") in text
    assert "Expected:  v = 0.5, omega = 0.666666666667" in text
    assert "Got:       v = 0.5, omega = -0.666666666667" in text
    assert "turns faster than the left one" in text.replace("\n    ", " ")


def test_tutorial_radius_error_is_named_on_its_own_numbers():
    """The tutorial's R factor is caught on its example, 0.0375 m instead of 0.75 m."""
    text = message(TR, tr_tutorial)
    assert "phi_dot_r=12.0, phi_dot_l=8.0, wheel_radius=0.05, track_width=0.3" in text
    assert "Expected:  radius = 0.75" in text and "Got:       radius = 0.0375" in text
    assert "does not depend on R" in text.replace("\n    ", " ")


def test_division_by_zero_for_the_straight_segment_is_named():
    """Dividing by omega with Python floats raises ZeroDivisionError; the check names why."""

    def divides(pose, v, omega, dt):
        x, y, theta = pose
        theta_new = theta + omega * dt
        return np.array([x + v / omega * (np.sin(theta_new) - np.sin(theta)),
                         y - v / omega * (np.cos(theta_new) - np.cos(theta)), theta_new])

    text = message(IP, divides)
    assert text.splitlines()[0] == (
        "diffdrive.integrate_pose: your answer raised ZeroDivisionError — looks like a "
        "division by omega without the straight-line case (nan for omega == 0)")
    assert "omega=0.0" in text


def test_math_functions_are_told_to_vectorise():
    """An answer with math.cos works on numbers but is told it fails on NumPy arrays."""

    def with_math(pose, v, omega, dt):
        x, y, theta = pose
        half = omega * dt / 2
        chord = v * dt * (math.sin(half) / half if half != 0 else 1.0)
        return np.array([x + chord * math.cos(theta + half), y + chord * math.sin(theta + half),
                         theta + 2 * half])

    text = message(IP, with_math)
    assert text.splitlines()[0].startswith(
        "diffdrive.integrate_pose: works on single numbers but fails on NumPy arrays")
    assert "np.cos" in text


def test_an_if_statement_is_told_to_vectorise():
    """An answer with if/else on the error is told it fails on NumPy arrays."""

    def with_if(pose, goal, gain, dead_band, omega_max):
        error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
        if abs(error) < dead_band:
            return 0.0
        return max(-omega_max, min(omega_max, gain * error))

    assert "fails on NumPy arrays" in summary(HC, with_if)


def test_check_cell_raises_check_failed_with_the_feedback():
    """check() raises CheckFailed (an AssertionError) whose text is the feedback."""
    with pytest.raises(CheckFailed, match="looks like an unsigned radius") as info:
        check(TR, tr_unsigned)
    assert isinstance(info.value, AssertionError)


#: The answers of chapter 4 as a hint would write them: no message may print them.
ANSWER_LINES = ["R (phi_dot_r - phi_dot_l) / L", "R (phi_dot_r + phi_dot_l) / 2",
                "wheel_radius * (phi_dot_r", "(v + omega L/2) / R",
                "(v + omega * track_width / 2) / wheel_radius", "(L/2) (phi_dot_r + phi_dot_l)",
                "track_width * (phi_dot_r + phi_dot_l)", "sinc(omega dt/2) cos(theta + omega dt/2)",
                "x + v dt", "np.where(np.abs(e) < dead_band", "np.clip(gain * e",
                "e = wrap(bearing - theta)", "np.arctan2(y_goal - y, x_goal - x)",
                "s / (1 + e)", "1 / (1 + e)", "/ ((1 + e) R)", "pi L / 4", "pi L / 8"]


@pytest.mark.parametrize("exercise_id", [i for i in exercise_ids() if i.startswith("diffdrive.")])
def test_no_message_prints_the_answer(exercise_id):
    """Mistake names and hints, and the cases' texts, teach without printing the formula
    the student is asked to type."""
    exercise = get_exercise(exercise_id)
    texts = [text for mistake in exercise.mistakes for text in (mistake.name, mistake.hint)]
    texts += [text for case in exercise.cases() for text in (case.about, case.hint, case.note)]
    for text in texts:
        assert not [line for line in ANSWER_LINES if line in " ".join(text.split())], text


# --------------------------------------------------------------------------- 4.6 odometry

SQ = "diffdrive.square_odometry"


def square_by_arcs_and_wheel_angles(side, laps, tyre_error, wheel_radius, track_width):
    """The expected student answer: true wheel angles of each side and corner, read with R,
    chained by the exact step of 4.4 (written out here)."""
    R, L = wheel_radius, track_width
    true_right = (1 + tyre_error) * R
    moves = [(side / true_right, side / R),
             (math.pi * L / 4 / true_right, -math.pi * L / 4 / R)] * 4 * laps
    x = y = theta = 0.0
    for phi_r, phi_l in moves:
        ds, dtheta = R * (phi_r + phi_l) / 2, R * (phi_r - phi_l) / L
        chord = ds * np.sinc(dtheta / 2 / np.pi)
        x += chord * math.cos(theta + dtheta / 2)
        y += chord * math.sin(theta + dtheta / 2)
        theta += dtheta
    return x, y, theta


def square_by_complex_series(side, laps, tyre_error, wheel_radius, track_width):
    """Another method: each side-and-corner pair is the same rigid move, so the positions sum
    a geometric series in the complex plane; theta returned wrapped to (-pi, pi]."""
    k, L = 1 / (1 + tyre_error), track_width
    moves = [(side * (1 + k) / 2, side * (k - 1) / L),
             (math.pi * L / 8 * (k - 1), math.pi / 4 * (k + 1))]
    turn, w = 0.0, 0j
    for ds, dtheta in moves:
        w += ds * np.sinc(dtheta / 2 / np.pi) * np.exp(1j * (turn + dtheta / 2))
        turn += dtheta
    z, n = np.exp(1j * turn), 4 * laps
    p = w * n if abs(z - 1) < 1e-15 else w * (1 - z**n) / (1 - z)
    return np.array([p.real, p.imag, math.remainder(n * turn, 2 * math.pi)])


def square_by_small_arcs(side, laps, tyre_error, wheel_radius, track_width):
    """A simulation: each segment cut into 50 samples of wheel angles, each an exact arc
    (sympy's sinc for the chord), as a controller sampling its encoders would."""
    t = sympy.Symbol("t")
    sinc = sympy.lambdify(t, sympy.sinc(t), "math")
    R, L = wheel_radius, track_width
    pose = [0.0, 0.0, 0.0]
    for _ in range(4 * laps):
        for arc_r, arc_l in ((side, side), (math.pi * L / 4, -math.pi * L / 4)):
            phi_r, phi_l = arc_r / ((1 + tyre_error) * R) / 50, arc_l / R / 50
            for _ in range(50):
                ds, dtheta = R * (phi_r + phi_l) / 2, R * (phi_r - phi_l) / L
                heading = pose[2] + dtheta / 2
                chord = ds * sinc(dtheta / 2)
                pose = [pose[0] + chord * math.cos(heading),
                        pose[1] + chord * math.sin(heading), pose[2] + dtheta]
    return pose


@pytest.mark.parametrize("answer", [square_by_arcs_and_wheel_angles, square_by_complex_series,
                                    square_by_small_arcs], ids=lambda value: value.__name__)
def test_square_odometry_right_answers_pass(answer):
    """4.6: arcs per segment, a complex geometric series with a wrapped heading, and 50
    sampled arcs per segment all pass."""
    assert summary(SQ, answer).startswith(f"PASSED {SQ}: ")


def square_larger_tyre_reads_more(side, laps, tyre_error, wheel_radius, track_width):
    """Both wheels turn side / R; the odometry multiplies the right one by (1 + e) R."""
    L = track_width
    x = y = theta = 0.0
    for _ in range(4 * laps):
        for s_r, s_l in ((side * (1 + tyre_error), side),
                         (math.pi * L / 4 * (1 + tyre_error), -math.pi * L / 4)):
            ds, dth = (s_r + s_l) / 2, (s_r - s_l) / L
            c = ds * np.sinc(dth / 2 / np.pi)
            heading = theta + dth / 2
            x, y, theta = x + c * math.cos(heading), y + c * math.sin(heading), theta + dth
    return x, y, theta


def square_first_order(side, laps, tyre_error, wheel_radius, track_width):
    """The larger tyre's reading written (1 - e) times its arc."""
    L, pose = track_width, np.zeros(3)
    for _ in range(4 * laps):
        for s_r, s_l in ((side * (1 - tyre_error), side),
                         (math.pi * L / 4 * (1 - tyre_error), -math.pi * L / 4)):
            ds, dth = (s_r + s_l) / 2, (s_r - s_l) / L
            c = ds * np.sinc(dth / 2 / np.pi)
            pose = pose + [c * np.cos(pose[2] + dth / 2), c * np.sin(pose[2] + dth / 2), dth]
    return pose


def square_exact_corners(side, laps, tyre_error, wheel_radius, track_width):
    """The sides read from the wheels; the corners added as exact quarter turns."""
    L, k = track_width, 1 / (1 + tyre_error)
    x = y = theta = 0.0
    for _ in range(4 * laps):
        ds, dth = side * (1 + k) / 2, side * (k - 1) / L
        c = ds * np.sinc(dth / 2 / np.pi)
        x += c * math.cos(theta + dth / 2)
        y += c * math.sin(theta + dth / 2)
        theta += dth + math.pi / 2
    return x, y, theta


def square_euler_sides(side, laps, tyre_error, wheel_radius, track_width):
    """x += ds cos(theta) once per segment, heading updated after."""
    L, k = track_width, 1 / (1 + tyre_error)
    x = y = theta = 0.0
    for _ in range(4 * laps):
        for ds, dth in ((side * (1 + k) / 2, side * (k - 1) / L),
                        (math.pi * L / 8 * (k - 1), math.pi / 4 * (k + 1))):
            x, y, theta = x + ds * math.cos(theta), y + ds * math.sin(theta), theta + dth
    return x, y, theta


def square_right_turns(side, laps, tyre_error, wheel_radius, track_width):
    """The corners turned to the right: the right wheel backwards."""
    R, L = wheel_radius, track_width
    Rr = (1 + tyre_error) * R
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for phi_r, phi_l in ((side / Rr, side / R), (-math.pi * L / 4 / Rr, math.pi * L / 4 / R)):
            ds, dth = R * (phi_r + phi_l) / 2, R * (phi_r - phi_l) / L
            c = ds * np.sinc(dth / 2 / np.pi)
            pose = pose + [c * np.cos(pose[2] + dth / 2), c * np.sin(pose[2] + dth / 2), dth]
    return pose


def square_without_the_final_turn(side, laps, tyre_error, wheel_radius, track_width):
    """Sides and the turns between them: the run stops after its last side, unturned."""
    R, L = wheel_radius, track_width
    Rr = (1 + tyre_error) * R
    moves = [(side / Rr, side / R), (math.pi * L / 4 / Rr, -math.pi * L / 4 / R)] * 4 * laps
    pose = np.zeros(3)
    for phi_r, phi_l in moves[:-1]:
        ds, dth = R * (phi_r + phi_l) / 2, R * (phi_r - phi_l) / L
        c = ds * np.sinc(dth / 2 / np.pi)
        pose = pose + [c * np.cos(pose[2] + dth / 2), c * np.sin(pose[2] + dth / 2), dth]
    return pose


def square_three_turns_a_lap(side, laps, tyre_error, wheel_radius, track_width):
    """A lap as four sides with a turn between each two: three turns a lap."""
    L, k = track_width, 1 / (1 + tyre_error)
    x = y = theta = 0.0
    for _ in range(laps):
        for corner in range(4):
            moves = [(side * (1 + k) / 2, side * (k - 1) / L)]
            if corner < 3:
                moves.append((math.pi * L / 8 * (k - 1), math.pi / 4 * (k + 1)))
            for ds, dth in moves:
                c = ds * np.sinc(dth / 2 / np.pi)
                x += c * math.cos(theta + dth / 2)
                y += c * math.sin(theta + dth / 2)
                theta += dth
    return x, y, theta


SQUARE_SLIPS = [
    (square_larger_tyre_reads_more, "the error put in the odometry instead of the wheel"),
    (square_first_order, "(1 - e) times its true distance"),
    (square_exact_corners, "the turns on the spot reported exactly"),
    (square_euler_sides, "one Euler step per segment"),
    (square_right_turns, "the square driven clockwise"),
    (square_without_the_final_turn, "the last turn of the lap left out"),
    (square_three_turns_a_lap, "the last turn of every lap left out"),
]


@pytest.mark.parametrize(("answer", "name"), SQUARE_SLIPS,
                         ids=[answer.__name__ for answer, _ in SQUARE_SLIPS])
def test_square_odometry_wrong_answers_are_named(answer, name):
    """4.6: odometry loops with a slip, written as students write them, are named."""
    line = summary(SQ, answer)
    assert line.startswith(f"{SQ}: wrong result — looks like ") and name in line, line


def square_fine_euler(side, laps, tyre_error, wheel_radius, track_width):
    """Euler steps, but 100 per segment: close (about 1e-4 m), not exact, and no listed slip."""
    L, k = track_width, 1 / (1 + tyre_error)
    x = y = theta = 0.0
    for _ in range(4 * laps):
        for ds, dth in ((side * (1 + k) / 2, side * (k - 1) / L),
                        (math.pi * L / 8 * (k - 1), math.pi / 4 * (k + 1))):
            for _ in range(100):
                x, y = x + ds / 100 * math.cos(theta), y + ds / 100 * math.sin(theta)
                theta += dth / 100
    return x, y, theta


def test_square_odometry_by_fine_euler_steps_gets_the_generic_message():
    """4.6: many small Euler steps come close but not within the tolerance; no slip named."""
    line = summary(SQ, square_fine_euler)
    assert line.startswith(f"{SQ}: wrong result for ") and "looks like" not in line, line


def test_square_odometry_cases_hold_the_chapter_and_no_error():
    """4.6: the chapter's lap (reported 14 cm off, as the chapter says) and e = 0 (the square
    closes) are cases; the heading is the chapter's A - e'(s/L + A/2)."""
    exercise = get_exercise(SQ)
    cases = {case.about.split(":")[0].split(",")[0]: case.args for case in exercise.cases()
             if case.about}
    chapter = exercise.reference(*cases["the chapter's robot on one lap of its 1 m square"])
    assert math.hypot(chapter[0], chapter[1]) == pytest.approx(0.144, abs=5e-4)
    side, laps, e, _, L = cases["the chapter's robot on one lap of its 1 m square"]
    turned = 2 * math.pi * laps
    assert chapter[2] == pytest.approx(turned - (1 - 1 / (1 + e)) * (4 * side / L + turned / 2))
    closed = exercise.reference(*cases["no tyre error"])
    np.testing.assert_allclose(closed[:2], 0.0, atol=1e-12)
