"""The exercise checks: they accept the reference, reject typical mistakes and name them."""

import math
import re

import numpy as np
import pytest

from robodyn import diffdrive, diffdrive_checks, grading
from robodyn.errors import ParameterError
from robodyn.grading import (
    MISTAKE_ATOL,
    MISTAKE_RTOL,
    SEED,
    CheckFailed,
    NotAttempted,
    check,
    description,
    exercise_ids,
    get_exercise,
)

FK = "diffdrive.forward_kinematics"
IK = "diffdrive.inverse_kinematics"
IP = "diffdrive.integrate_pose"
HC = "diffdrive.heading_command"
TR = "diffdrive.turning_radius"


def first_line(error: BaseException) -> str:
    return str(error).splitlines()[0]


def wrap(angle):
    """Wrap to (-pi, pi], written the way a student might."""
    return np.arctan2(np.sin(angle), np.cos(angle))


def sinc(a):
    return np.sinc(a / np.pi)


# ------------------------------------------------------------------ reference answers


def reference_turning_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v, omega = diffdrive.forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width)
    return diffdrive.turning_radius(v, omega)


REFERENCES = {
    FK: diffdrive.forward_kinematics,
    IK: diffdrive.inverse_kinematics,
    IP: diffdrive.integrate_pose,
    HC: diffdrive.heading_command,
    TR: reference_turning_radius,
}


# ------------------------------------------------------------------ typical mistakes


def fk_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_l - phi_dot_r) / track_width
    return v, omega


def fk_missing_half(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l)
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def fk_half_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / (track_width / 2)
    return v, omega


def fk_forgot_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = (phi_dot_r + phi_dot_l) / 2
    omega = (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def fk_omega_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width / 2
    return v, omega


def ik_wheels_swapped(v, omega, wheel_radius, track_width):
    phi_dot_r = (v - omega * track_width / 2) / wheel_radius
    phi_dot_l = (v + omega * track_width / 2) / wheel_radius
    return phi_dot_r, phi_dot_l


def ik_full_track(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width) / wheel_radius
    phi_dot_l = (v - omega * track_width) / wheel_radius
    return phi_dot_r, phi_dot_l


def ik_forgot_radius(v, omega, wheel_radius, track_width):
    return v + omega * track_width / 2, v - omega * track_width / 2


def ik_times_radius(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width / 2) * wheel_radius
    phi_dot_l = (v - omega * track_width / 2) * wheel_radius
    return phi_dot_r, phi_dot_l


def ip_euler(pose, v, omega, dt):
    x, y, theta = pose
    return np.array([x + v * dt * np.cos(theta), y + v * dt * np.sin(theta), theta + omega * dt])


def ip_euler_new_heading(pose, v, omega, dt):
    x, y, theta = pose
    theta_new = theta + omega * dt
    return np.array([x + v * dt * np.cos(theta_new), y + v * dt * np.sin(theta_new), theta_new])


def ip_heading_theta(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * sinc(omega * dt / 2)
    return np.array([x + chord * np.cos(theta), y + chord * np.sin(theta), theta + omega * dt])


def ip_heading_theta_plus_full_turn(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * sinc(omega * dt / 2)
    heading = theta + omega * dt
    return np.array([x + chord * np.cos(heading), y + chord * np.sin(heading), theta + omega * dt])


def ip_missing_sinc(pose, v, omega, dt):
    x, y, theta = pose
    heading = theta + omega * dt / 2
    distance = v * dt
    return np.array(
        [x + distance * np.cos(heading), y + distance * np.sin(heading), theta + omega * dt]
    )


def ip_radians_of_theta(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * sinc(omega * dt / 2)
    heading = np.radians(theta) + omega * dt / 2
    return np.array([x + chord * np.cos(heading), y + chord * np.sin(heading), theta + omega * dt])


def ip_radians_everywhere(pose, v, omega, dt):
    x, y, theta_degrees = pose
    theta = np.radians(theta_degrees)
    chord = v * dt * sinc(omega * dt / 2)
    heading = theta + omega * dt / 2
    return np.array([x + chord * np.cos(heading), y + chord * np.sin(heading), theta + omega * dt])


def ip_radians_of_heading(pose, v, omega, dt):
    x, y, theta = pose
    chord = v * dt * sinc(omega * dt / 2)
    heading = np.radians(theta + omega * dt / 2)
    return np.array([x + chord * np.cos(heading), y + chord * np.sin(heading), theta + omega * dt])


def ip_deg2rad_of_turn(pose, v, omega, dt):
    x, y, theta = pose
    turn = np.deg2rad(omega * dt)
    chord = v * dt * sinc(turn / 2)
    heading = theta + turn / 2
    return np.array([x + chord * np.cos(heading), y + chord * np.sin(heading), theta + turn])


def ip_divides_by_omega(pose, v, omega, dt):
    x, y, theta = pose
    theta_new = theta + omega * dt
    x_new = x + (np.sin(theta_new) - np.sin(theta)) * v / omega
    y_new = y - (np.cos(theta_new) - np.cos(theta)) * v / omega
    return np.array([x_new, y_new, theta_new])


def hc_unwrapped(pose, goal, gain, dead_band, omega_max):
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def hc_wrapped_to_0_2pi(pose, goal, gain, dead_band, omega_max):
    error = np.mod(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2], 2 * np.pi)
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def hc_degrees_output(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * np.degrees(error))
    return np.clip(omega, -omega_max, omega_max)


def hc_dead_band_in_degrees(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    omega = np.where(np.abs(np.degrees(error)) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def hc_error_in_degrees(pose, goal, gain, dead_band, omega_max):
    error = np.degrees(wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]))
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def hc_radians_of_theta(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - np.radians(pose[2]))
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def hc_no_dead_band(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(gain * error, -omega_max, omega_max)


def hc_no_saturation(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < dead_band, 0.0, gain * error)


def hc_atan2_swapped(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[0] - pose[0], goal[1] - pose[1]) - pose[2])
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def hc_sign_error(pose, goal, gain, dead_band, omega_max):
    error = wrap(pose[2] - np.arctan2(goal[1] - pose[1], goal[0] - pose[0]))
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def tr_tutorial_extra_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return wheel_radius * v / omega


def tr_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_l - phi_dot_r)


def tr_missing_half(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l)
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v / omega


def tr_half_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / (track_width / 2)
    return v / omega


def tr_curvature(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return omega / v


TYPICAL_MISTAKES = [
    (FK, fk_wheels_swapped, "the wheels are swapped"),
    (FK, fk_missing_half, "the factor 1/2 is missing in v"),
    (FK, fk_half_track, "half the track width is used for L"),
    (FK, fk_forgot_radius, "the wheel radius R is missing"),
    (FK, fk_omega_halved, "omega has an extra factor 1/2"),
    (IK, ik_wheels_swapped, "the wheels are swapped"),
    (IK, ik_full_track, "the full track width is used instead of half of it"),
    (IK, ik_forgot_radius, "the division by the wheel radius R is missing"),
    (IK, ik_times_radius, "the wheel radius R multiplies instead of divides"),
    (IP, ip_euler, "an explicit Euler step"),
    (IP, ip_euler_new_heading, "an Euler step along the new heading"),
    (IP, ip_heading_theta, "cos and sin of theta instead of theta + omega dt/2"),
    (IP, ip_heading_theta_plus_full_turn, "cos and sin of theta + omega dt instead of"),
    (IP, ip_missing_sinc, "the factor sinc(omega dt/2) is missing"),
    (IP, ip_radians_of_theta, "degrees where radians are needed"),
    (IP, ip_radians_everywhere, "degrees where radians are needed (np.radians applied to theta"),
    (IP, ip_radians_of_heading, "degrees where radians are needed (np.radians applied to the"),
    (IP, ip_deg2rad_of_turn, "degrees where radians are needed (np.deg2rad"),
    (IP, ip_divides_by_omega, "without the straight-line case (nan for omega == 0)"),
    (HC, hc_unwrapped, "the heading error is not wrapped"),
    (HC, hc_wrapped_to_0_2pi, "wrapped to [0, 2 pi)"),
    (HC, hc_degrees_output, "degrees where radians are needed (np.degrees makes the command 57.3"),
    (HC, hc_dead_band_in_degrees, "degrees where radians are needed (the error in degrees is"),
    (HC, hc_error_in_degrees, "degrees where radians are needed (the heading error is in degrees"),
    (HC, hc_radians_of_theta, "degrees where radians are needed (np.radians applied to theta"),
    (HC, hc_no_dead_band, "the dead band is missing"),
    (HC, hc_no_saturation, "the saturation is missing"),
    (HC, hc_atan2_swapped, "the arguments of atan2 are swapped"),
    (HC, hc_sign_error, "a sign error in the heading error"),
    (TR, tr_tutorial_extra_radius, "an extra factor of the wheel radius R"),
    (TR, tr_wheels_swapped, "the wheels are swapped (the sign is wrong)"),
    (TR, tr_missing_half, "the radius is twice too large"),
    (TR, tr_half_track, "half the track width is used for L"),
    (TR, tr_curvature, "the curvature"),
]


# ------------------------------------------------------------------ accepting the reference


@pytest.mark.parametrize("exercise_id", sorted(REFERENCES))
def test_reference_passes_with_one_line(exercise_id, capsys):
    """The reference solution passes and the check prints exactly one PASSED line."""
    check(exercise_id, REFERENCES[exercise_id])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"PASSED {exercise_id}: ")
    assert "(fixed, seeded random, arrays) within rtol=1e-09, atol=1e-12" in lines[0]


def test_passed_line_format(capsys):
    """The PASSED line states the number of cases, their kinds and the tolerances."""
    check(FK, diffdrive.forward_kinematics)
    assert capsys.readouterr().out == (
        "PASSED diffdrive.forward_kinematics: 12 cases (fixed, seeded random, arrays) "
        "within rtol=1e-09, atol=1e-12\n"
    )


def test_wrapped_theta_is_accepted(capsys):
    """An exact step that wraps theta passes: theta is compared modulo 2 pi."""

    def wrapped(pose, v, omega, dt):
        new_pose = diffdrive.integrate_pose(pose, v, omega, dt)
        new_pose[2] = wrap(new_pose[2])
        return new_pose

    check(IP, wrapped)
    assert "theta compared modulo 2 pi" in capsys.readouterr().out


def test_plain_arithmetic_answer_passes():
    """Plain arithmetic on the arguments works on numbers and arrays alike and passes."""

    def forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width):
        return (
            wheel_radius * (phi_dot_r + phi_dot_l) / 2,
            wheel_radius * (phi_dot_r - phi_dot_l) / track_width,
        )

    check(FK, forward_kinematics)


# ------------------------------------------------------------------ rejecting mistakes


@pytest.mark.parametrize(
    ("exercise_id", "wrong", "name"),
    TYPICAL_MISTAKES,
    ids=[wrong.__name__ for _, wrong, _ in TYPICAL_MISTAKES],
)
def test_typical_mistake_is_rejected_and_named(exercise_id, wrong, name):
    """Each typical mistake fails and the first line names it."""
    with pytest.raises(CheckFailed, match=re.escape(name)) as info:
        check(exercise_id, wrong)
    assert first_line(info.value).startswith(f"{exercise_id}: wrong result — looks like ")
    assert name in first_line(info.value)
    message = str(info.value)
    for part in ("Called:", "Expected:", "Got:", "Tolerance:", "Hint:"):
        assert part in message


def test_message_of_swapped_wheels_shows_call_expected_got_and_hint():
    """The message shows the exact call, the expected and the returned values and a hint."""
    with pytest.raises(CheckFailed) as info:
        check(FK, fk_wheels_swapped)
    message = str(info.value)
    assert first_line(info.value) == (
        "diffdrive.forward_kinematics: wrong result — looks like the wheels are swapped "
        "(omega has the wrong sign)"
    )
    assert (
        "Called:    forward_kinematics(phi_dot_r=12.0, phi_dot_l=8.0, wheel_radius=0.05, "
        "track_width=0.3)" in message
    )
    assert "Expected:  v = 0.5, omega = 0.666666666667" in message
    assert "Got:       v = 0.5, omega = -0.666666666667" in message
    assert "rtol=1e-09, atol=1e-12" in message
    assert "omega = R (phi_dot_r - phi_dot_l) / L" in message


def test_tutorial_radius_error_is_named_on_its_own_numbers():
    """The tutorial's R factor is caught on its example, 0.0375 m instead of 0.75 m."""
    with pytest.raises(CheckFailed) as info:
        check(TR, tr_tutorial_extra_radius)
    message = str(info.value)
    assert "phi_dot_r=12.0, phi_dot_l=8.0, wheel_radius=0.05, track_width=0.3" in message
    assert "Expected:  radius = 0.75" in message
    assert "Got:       radius = 0.0375" in message
    assert "does not depend on R" in message


@pytest.mark.parametrize(
    ("exercise_id", "zeros"),
    [
        (FK, lambda phi_dot_r, phi_dot_l, R, L: (0.0 * phi_dot_r, 0.0 * phi_dot_l)),
        (IK, lambda v, omega, R, L: (0.0 * v, 0.0 * omega)),
        (IP, lambda pose, v, omega, dt: np.zeros_like(np.asarray(pose, dtype=float))),
        (HC, lambda pose, goal, gain, dead_band, omega_max: 0.0 * pose[0]),
        (TR, lambda phi_dot_r, phi_dot_l, R, L: 0.0 * phi_dot_r),
    ],
)
def test_generic_wrong_answer_shows_expected_and_got(exercise_id, zeros):
    """An answer of zeros fails with a message that shows expected and returned values."""
    with pytest.raises(CheckFailed) as info:
        check(exercise_id, zeros)
    assert first_line(info.value).startswith(f"{exercise_id}: wrong result for ")
    message = str(info.value)
    assert "Expected:" in message and "Got:" in message and "Wrong values:" in message
    assert "looks like" not in message


def test_wrap_note_when_theta_differs_by_whole_turns():
    """A wrong step that also wraps theta is told that wrapping is not the problem."""

    def euler_wrapped(pose, v, omega, dt):
        new_pose = ip_euler(pose, v, omega, dt)
        new_pose[2] = wrap(new_pose[2])
        return new_pose

    with pytest.raises(CheckFailed, match="explicit Euler step") as info:
        check(IP, euler_wrapped)
    assert "wrapping is not the problem" in str(info.value)


def test_division_by_zero_for_straight_segment_is_named():
    """Dividing by omega with Python floats raises ZeroDivisionError; the check names why."""

    def divides(pose, v, omega, dt):
        x, y, theta = pose
        theta_new = theta + omega * dt
        x_new = x + v / omega * (np.sin(theta_new) - np.sin(theta))
        y_new = y - v / omega * (np.cos(theta_new) - np.cos(theta))
        return np.array([x_new, y_new, theta_new])

    with pytest.raises(CheckFailed) as info:
        check(IP, divides)
    assert first_line(info.value) == (
        "diffdrive.integrate_pose: your function raised ZeroDivisionError — looks like a "
        "division by omega without the straight-line case (nan for omega == 0)"
    )
    assert "omega=0.0" in str(info.value)


def test_precision_loss_at_tiny_omega_is_explained():
    """A guarded v/omega formula fails at omega = 1e-9 with a hint on the sinc form."""

    def guarded(pose, v, omega, dt):
        x, y, theta = pose
        theta_new = theta + omega * dt
        safe_omega = np.where(omega == 0, 1.0, omega)
        x_arc = x + v / safe_omega * (np.sin(theta_new) - np.sin(theta))
        y_arc = y - v / safe_omega * (np.cos(theta_new) - np.cos(theta))
        x_new = np.where(omega == 0, x + v * dt * np.cos(theta), x_arc)
        y_new = np.where(omega == 0, y + v * dt * np.sin(theta), y_arc)
        return np.array([x_new, y_new, theta_new])

    with pytest.raises(CheckFailed) as info:
        check(IP, guarded)
    assert first_line(info.value) == (
        "diffdrive.integrate_pose: wrong result for a tiny omega (1e-9 rad/s)"
    )
    assert "sinc" in str(info.value)


def test_nan_output_is_reported():
    """A NaN result fails with a first line that says nan."""
    with pytest.raises(CheckFailed, match="returned nan"):
        check(TR, lambda phi_dot_r, phi_dot_l, R, L: np.nan * phi_dot_r)


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        (FK, lambda phi_dot_r, phi_dot_l, R, L: (0.5, 2 / 3)),
        (IP, lambda pose, v, omega, dt: np.array([1.15, 2.13, 0.9])),
        (TR, lambda phi_dot_r, phi_dot_l, R, L: 0.75),
    ],
)
def test_constant_answer_fails(exercise_id, answer):
    """An answer that returns the same value for every input fails."""
    with pytest.raises(CheckFailed):
        check(exercise_id, answer)


@pytest.mark.parametrize("exercise_id", sorted(REFERENCES))
def test_hard_coded_fixed_answers_are_caught_by_random_inputs(exercise_id):
    """An answer that memorised the fixed cases fails on the seeded random inputs."""
    exercise = get_exercise(exercise_id)
    fixed = [case for case in exercise.make_cases(np.random.default_rng(SEED))
             if case.kind == "fixed"]
    reference = REFERENCES[exercise_id]

    def memorised(*args):
        for case in fixed:
            if all(np.array_equal(a, b) for a, b in zip(args, case.args, strict=True)):
                return reference(*case.args)
        return reference(*fixed[0].args)

    with pytest.raises(CheckFailed) as info:
        check(exercise_id, memorised)
    assert first_line(info.value) == f"{exercise_id}: wrong result for a seeded random input"


# ------------------------------------------------------------------ not attempted, errors, shapes


@pytest.mark.parametrize("exercise_id", sorted(REFERENCES))
def test_stub_is_not_attempted(exercise_id):
    """A function that still raises NotImplementedError is reported as not attempted."""

    def stub(*args):
        raise NotImplementedError("Exercise 4.1")

    with pytest.raises(NotAttempted) as info:
        check(exercise_id, stub)
    assert first_line(info.value) == f"{exercise_id}: not attempted"
    assert first_line(info.value).endswith("not attempted")
    assert "raise NotImplementedError(...)" in str(info.value)
    assert info.value.__cause__ is None


def test_exception_classes():
    """NotAttempted is a CheckFailed, and CheckFailed an AssertionError."""
    assert issubclass(NotAttempted, CheckFailed)
    assert issubclass(CheckFailed, AssertionError)


def test_zero_division_error_is_named_with_the_call():
    """A ZeroDivisionError is reported with its type, message and the call that raised it."""

    def divides_by_zero(phi_dot_r, phi_dot_l, wheel_radius, track_width):
        return wheel_radius / (track_width - track_width), 0.0

    with pytest.raises(CheckFailed) as info:
        check(FK, divides_by_zero)
    assert first_line(info.value) == (
        "diffdrive.forward_kinematics: your function raised ZeroDivisionError: "
        "float division by zero"
    )
    assert "Called:    forward_kinematics(phi_dot_r=12.0" in str(info.value)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_type_error_is_named():
    """A TypeError inside the answer is reported with its type and message."""

    def adds_text(v, omega, wheel_radius, track_width):
        return "speed" + v, omega

    with pytest.raises(CheckFailed, match="raised TypeError: can only concatenate str"):
        check(IK, adds_text)


@pytest.mark.parametrize("answer", [0.75, (0.5, 0.67), None, "forward_kinematics"])
def test_non_callable_answer(answer):
    """Passing something that is not a function says a function was expected and what came."""
    with pytest.raises(CheckFailed) as info:
        check(FK, answer)
    assert first_line(info.value) == (
        f"diffdrive.forward_kinematics: expected a function, got {type(answer).__name__}"
    )


def test_math_module_answer_is_not_vectorised():
    """An answer using math.cos works on numbers but is told it fails on NumPy arrays."""

    def integrate_pose(pose, v, omega, dt):
        x, y, theta = pose
        half_turn = omega * dt / 2
        chord = v * dt * (math.sin(half_turn) / half_turn if half_turn != 0 else 1.0)
        return np.array(
            [x + chord * math.cos(theta + half_turn), y + chord * math.sin(theta + half_turn),
             theta + 2 * half_turn]
        )

    with pytest.raises(CheckFailed) as info:
        check(IP, integrate_pose)
    assert first_line(info.value).startswith(
        "diffdrive.integrate_pose: works on single numbers but fails on NumPy arrays"
    )
    assert "np.cos" in str(info.value)


def test_if_statement_answer_is_not_vectorised():
    """An answer with if/else on the error is told it fails on NumPy arrays."""

    def heading_command(pose, goal, gain, dead_band, omega_max):
        error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
        if abs(error) < dead_band:
            return 0.0
        return max(-omega_max, min(omega_max, gain * error))

    with pytest.raises(CheckFailed, match="fails on NumPy arrays"):
        check(HC, heading_command)


def test_single_number_for_array_input_is_not_vectorised():
    """Returning one number where arrays went in is reported as not vectorised."""

    def turning_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
        return float(np.mean(track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)))

    with pytest.raises(CheckFailed, match="not vectorised") as info:
        check(TR, turning_radius)
    assert "array" in first_line(info.value)


def test_not_a_pair():
    """Returning one value where a pair is expected says a pair was expected."""
    with pytest.raises(CheckFailed, match=re.escape("expected a pair (v, omega), got a single")):
        check(FK, lambda phi_dot_r, phi_dot_l, R, L: R * (phi_dot_r + phi_dot_l) / 2)


def test_three_values_instead_of_a_pair():
    """Returning three values where a pair is expected says so."""
    with pytest.raises(CheckFailed, match=re.escape("expected a pair (phi_dot_r, phi_dot_l)")):
        check(IK, lambda v, omega, R, L: (v, omega, R))


def test_missing_return():
    """A function without return is told that it returned None."""

    def forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width):
        v = wheel_radius * (phi_dot_r + phi_dot_l) / 2  # noqa: F841

    with pytest.raises(CheckFailed, match="returned None"):
        check(FK, forward_kinematics)


def test_wrong_shape():
    """A pose of shape (3, 1) for a pose of shape (3,) is a wrong shape."""

    def column(pose, v, omega, dt):
        return diffdrive.integrate_pose(pose, v, omega, dt).reshape(3, -1)

    with pytest.raises(CheckFailed) as info:
        check(IP, column)
    assert first_line(info.value) == (
        "diffdrive.integrate_pose: wrong shape of pose: expected shape (3,), got shape (3, 1)"
    )


def test_input_changed_in_place_is_rejected():
    """An answer that updates the caller's pose array in place fails."""

    def in_place(pose, v, omega, dt):
        pose[:] = diffdrive.integrate_pose(pose, v, omega, dt)
        return pose

    with pytest.raises(CheckFailed, match="changed its input pose in place"):
        check(IP, in_place)


# ------------------------------------------------------------------ tolerances, ids, tracebacks


def test_tolerance_is_applied_and_stated():
    """A relative error of 1e-7 fails at the default rtol and passes at rtol=1e-6."""

    def slightly_off(phi_dot_r, phi_dot_l, wheel_radius, track_width):
        return (1 + 1e-7) * reference_turning_radius(
            phi_dot_r, phi_dot_l, wheel_radius, track_width
        )

    with pytest.raises(CheckFailed, match=re.escape("rtol=1e-09, atol=1e-12")):
        check(TR, slightly_off)
    check(TR, slightly_off, rtol=1e-6)


def test_negative_tolerance_is_refused():
    """A negative tolerance raises ParameterError naming it."""
    with pytest.raises(ParameterError, match="rtol must be >= 0"):
        check(FK, diffdrive.forward_kinematics, rtol=-1.0)


def test_unknown_id_lists_known_ids():
    """An unknown exercise id raises ParameterError naming it and listing the known ids."""
    with pytest.raises(ParameterError, match="unknown exercise id 'diffdrive.nope'") as info:
        check("diffdrive.nope", diffdrive.forward_kinematics)
    for exercise_id in exercise_ids():
        assert exercise_id in str(info.value)


def test_exercise_ids():
    """exercise_ids() is sorted and holds the five differential-drive exercises."""
    ids = exercise_ids()
    assert ids == sorted(ids)
    assert {FK, IK, IP, HC, TR} <= set(ids)


@pytest.mark.parametrize("exercise_id", sorted(REFERENCES))
def test_every_exercise_has_a_one_line_description(exercise_id):
    """Each exercise carries a one-line description for tables."""
    text = description(exercise_id)
    assert text and "\n" not in text


@pytest.mark.parametrize("exercise_id", sorted(REFERENCES))
def test_mistake_models_are_distinguishable(exercise_id):
    """On the check's inputs each mistake differs from the reference and from the others."""
    exercise = get_exercise(exercise_id)
    cases = exercise.make_cases(np.random.default_rng(SEED))

    def outputs(model, case):
        with np.errstate(all="ignore"):
            if model is None:
                values = exercise.reference(*case.args)
            else:
                values = model(*(np.array(arg, dtype=float) for arg in case.args))
        return [np.asarray(value, dtype=float) for value in values]

    def same_everywhere(model_a, model_b):
        for case in cases:
            for output, a, b in zip(
                exercise.outputs, outputs(model_a, case), outputs(model_b, case), strict=True
            ):
                difference = a - b
                for index in output.angle_entries:
                    difference[index] = wrap(difference[index])
                close = np.abs(difference) <= MISTAKE_ATOL + MISTAKE_RTOL * np.abs(b)
                if not np.all(close | (np.isnan(a) & np.isnan(b))):
                    return False
        return True

    models = [None] + [mistake.model for mistake in exercise.mistakes]
    for i, model_a in enumerate(models):
        for model_b in models[i + 1:]:
            assert not same_everywhere(model_a, model_b)


def test_grader_frames_are_hidden_from_tracebacks():
    """Every grader frame (core and chapter checks) in a failure's traceback is hidden."""

    def failing(*args):
        raise ValueError("boom")

    with pytest.raises(CheckFailed) as info:
        check(FK, failing)
    for error in (info.value, info.value.__cause__):
        traceback = error.__traceback__
        while traceback is not None:
            frame = traceback.tb_frame
            if frame.f_code.co_filename in (grading.__file__, diffdrive_checks.__file__):
                assert frame.f_locals.get("__tracebackhide__") is True, frame.f_code.co_name
            traceback = traceback.tb_next
