"""Chapter 4's checks against answers as students write them.

The shared test (tests/test_exercises.py) runs every listed mistake model. Here the answers
are written independently, in the ways students write them: right answers in unusual forms
must pass; the wrong answers that students actually handed in (issue 6) must be named by the
right mistake, never by another.
"""

import math

import numpy as np
import pytest

from robodyn.grading import CheckFailed, check, evaluate, get_exercise

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


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [(FK, fk_as_array), (IP, ip_textbook_with_branch), (IP, ip_complex_numbers),
     (HC, hc_with_mod_wrap), (HC, hc_arctan2_wrap_and_min_max), (TR, tr_through_v_and_omega)],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """A matrix product, the textbook branch formula, complex numbers, mod or arctan2
    wrapping: all right, all pass."""
    result = evaluate(get_exercise(exercise_id), answer)
    assert result.failure is None, str(result.failure)


def test_the_textbook_exact_step_passes_with_a_note_on_cancellation():
    """At omega = 1e-9 the branch formula loses digits; it passes, and the note says why."""
    text = evaluate(get_exercise(IP), ip_textbook_with_branch).text
    assert text.startswith("PASSED diffdrive.integrate_pose")
    assert "cancellation" in text and "Note:" in text
    sinc_form = evaluate(get_exercise(IP), ip_complex_numbers).text
    assert "Note:" not in sinc_form


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
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named_by_their_own_mistake(exercise_id, answer, name):
    """The wrong answers students handed in get the mistake that explains them, no other."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ")
    assert name in line


def test_bang_bang_is_not_called_degrees():
    """The bang-bang controller, once told 'degrees where radians are needed', is not."""
    assert "degrees" not in summary(HC, hc_bang_bang)


def test_an_unknown_slip_gets_the_generic_but_concrete_message():
    """A wrong answer no mistake explains shows the call, expected, got and tolerance."""

    def halfway(pose, goal, gain, dead_band, omega_max):
        return 0.5 * hc_with_mod_wrap(pose, goal, gain, dead_band, omega_max)

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
    assert "omega = R (phi_dot_r - phi_dot_l) / L" in text.replace("\n    ", " ")


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
