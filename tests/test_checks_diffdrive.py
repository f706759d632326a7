"""Chapter 4's checks against answers as students write them.

The shared test (tests/test_exercises.py) runs every listed mistake model. Here the answers
are written independently, in the ways students write them: right answers in unusual forms
must pass; the wrong answers that students actually handed in (issue 6) must be named by the
right mistake, never by another.
"""

import functools
import math
import re

import numpy as np
import pytest
import sympy
from scipy.integrate import solve_ivp

from robodyn.diffdrive import (
    forward_kinematics,
    integrate_pose,
    inverse_kinematics,
    odometry,
    turning_radius,
    waypoints,
)
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


def wheel_limited(answer):
    """A student's command of 4.5 written as answer(pose, goal, gain, dead_band, omega_max),
    with the yaw-rate limit worked out first as students write it: what the outer rim has left
    of its top speed, over half the track."""

    @functools.wraps(answer)
    def heading_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                        max_wheel_speed):
        omega_max = (wheel_radius * max_wheel_speed - speed) / (track_width / 2)
        return answer(pose, goal, gain, dead_band, omega_max)

    return heading_command


# --------------------------------------------------------------------------- right answers


def fk_as_array(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    matrix = np.array([[radius_r / 2, radius_l / 2],
                       [radius_r / track_width, -radius_l / track_width]])
    return matrix @ np.array([phi_dot_r, phi_dot_l])


def ip_closed_form_with_branch(pose, v, accel, omega, dt):
    """The integral by parts about the mean heading, a branch at omega == 0 only."""
    x, y, theta = pose
    u = omega * dt / 2
    safe = np.where(omega == 0, 1.0, u)
    bend = np.where(omega == 0, 0.0, (np.sin(safe) - safe * np.cos(safe)) / safe**2)
    along = (v * dt + accel * dt**2 / 2) * np.sinc(u / np.pi)
    across = accel * dt**2 / 2 * bend
    heading = theta + u
    return np.array([x + along * np.cos(heading) - across * np.sin(heading),
                     y + along * np.sin(heading) + across * np.cos(heading),
                     theta + omega * dt])


def ip_complex_numbers(pose, v, accel, omega, dt):
    """e^(i theta) times the integral of (v + a t) e^(i omega t), a series for small turns."""
    x, y, theta = pose
    u = omega * dt / 2
    small = np.abs(u) < 1e-3
    safe = np.where(small, 1.0, u)
    bend = np.where(small, u / 3 - u**3 / 30, (np.sin(safe) - safe * np.cos(safe)) / safe**2)
    moved = np.exp(1j * (theta + u)) * ((v * dt + accel * dt**2 / 2) * np.sinc(u / np.pi)
                                        + 1j * accel * dt**2 / 2 * bend)
    return np.array([x + moved.real, y + moved.imag, theta + omega * dt])


@wheel_limited


def hc_with_mod_wrap(pose, goal, gain, dead_band, omega_max):
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
    error = (error + np.pi) % (2 * np.pi) - np.pi
    command = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(error) >= dead_band, command, 0.0)


@wheel_limited


def hc_arctan2_wrap_and_min_max(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.minimum(omega_max, np.maximum(-omega_max, gain * error * (abs(error) >= dead_band)))


def tr_pure_pursuit_angle(pose, goal, speed, wheel_radius, track_width):
    """The textbook's pure pursuit: the chord d seen at the angle alpha off the heading gives
    r = d / (2 sin alpha); the wheel speeds by solving the forward map."""
    x, y, theta = pose
    alpha = wrap(np.arctan2(goal[1] - y, goal[0] - x) - theta)
    radius = np.hypot(goal[0] - x, goal[1] - y) / (2 * np.sin(alpha))
    forward = np.array([[wheel_radius / 2, wheel_radius / 2],
                        [wheel_radius / track_width, -wheel_radius / track_width]])
    right, left = np.linalg.solve(forward, np.array([speed, speed / radius]))
    return radius, right, left


def fk_from_rim_speeds_in_a_loop(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    def one(right, left):
        rim_right, rim_left = radius_r * right, radius_l * left   # m/s
        return math.fsum([rim_right, rim_left]) / 2, (rim_right - rim_left) / track_width

    if np.ndim(phi_dot_r) == 0:
        return one(phi_dot_r, phi_dot_l)
    pairs = [one(right, left) for right, left in zip(phi_dot_r, phi_dot_l, strict=True)]
    return np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])


def _within(right, left, top):
    """Both wheel speeds scaled by one factor so that neither passes the top speed."""
    scale = np.minimum(1.0, top / np.maximum(np.abs(right), np.abs(left)))
    return scale * right, scale * left


def ik_by_solving_the_forward_map(v, omega, radius_r, radius_l, track_width, top):
    forward = np.array([[radius_r / 2, radius_l / 2],
                        [radius_r / track_width, -radius_l / track_width]])
    return _within(*np.linalg.solve(forward, np.array([v, omega])), top)


def ik_by_sympy(v, omega, radius_r, radius_l, track_width, top):
    right, left, V, W, R_r, R_l, L = sympy.symbols("phi_r phi_l V W R_r R_l L")
    solution = sympy.solve([sympy.Eq(V, (R_r * right + R_l * left) / 2),
                            sympy.Eq(W, (R_r * right - R_l * left) / L)], [right, left])
    speeds = sympy.lambdify((V, W, R_r, R_l, L), [solution[right], solution[left]], "numpy")
    fastest = np.maximum(*np.abs(speeds(v, omega, radius_r, radius_l, track_width)))
    scale = top / np.maximum(fastest, top)
    return tuple(scale * s for s in speeds(v, omega, radius_r, radius_l, track_width))


def tr_complex_numbers(pose, goal, speed, wheel_radius, track_width):
    """The goal turned into the robot's frame by a complex product, in plain Python."""
    x, y, theta = (float(entry) for entry in pose)
    local = complex(goal[0] - x, goal[1] - y) * complex(math.cos(theta), -math.sin(theta))
    radius = abs(local) ** 2 / (2 * local.imag)
    turn = speed / radius * track_width / 2          # each rim's share of the turn, m/s
    return radius, (speed + turn) / wheel_radius, (speed - turn) / wheel_radius


def tr_centre_in_the_world(pose, goal, speed, wheel_radius, track_width):
    """The centre c = p + r n on the heading's normal n, in world coordinates: |c - g| = r
    is linear in r once r^2 cancels."""
    x, y, theta = pose
    normal = np.array([-np.sin(theta), np.cos(theta)])
    offset = np.array([goal[0] - x, goal[1] - y])
    radius = offset @ offset / (2 * normal @ offset)
    rims = speed + np.array([1, -1]) * (speed / radius) * track_width / 2
    return (radius, *(rims / wheel_radius))


def ip_runge_kutta(pose, v, accel, omega, dt, steps=400):
    """A simulation: RK4 on (v + a t) (cos theta, sin theta), omega, in many small steps."""
    state = [np.asarray(entry, float) for entry in pose]
    h = dt / steps

    def rate(t, state):
        speed = v + accel * t
        return [speed * np.cos(state[2]), speed * np.sin(state[2]), omega + 0 * state[2]]

    for k in range(steps):
        t = k * h
        k1 = rate(t, state)
        k2 = rate(t + h / 2, [s + h / 2 * d for s, d in zip(state, k1, strict=True)])
        k3 = rate(t + h / 2, [s + h / 2 * d for s, d in zip(state, k2, strict=True)])
        k4 = rate(t + h, [s + h * d for s, d in zip(state, k3, strict=True)])
        state = [s + h / 6 * (a + 2 * b + 2 * c + d)
                 for s, a, b, c, d in zip(state, k1, k2, k3, k4, strict=True)]
    return np.array(state)


def ip_exact_arcs_at_midpoint_speeds(pose, v, accel, omega, dt, steps=2000):
    """A simulation: the chapter's exact step, written out, at each sub-step's mid speed."""
    x, y, theta = (np.asarray(entry, float) for entry in pose)
    h = dt / steps
    half = omega * h / 2
    for k in range(steps):
        chord = (v + accel * (k + 0.5) * h) * h * np.sinc(half / np.pi)
        x, y = x + chord * np.cos(theta + half), y + chord * np.sin(theta + half)
        theta = theta + omega * h
    return np.array([x, y, theta])


@wheel_limited


def hc_with_mod_wrap_and_less_or_equal(pose, goal, gain, dead_band, omega_max):
    """[-pi, pi) and <= on the dead band: the boundaries the text lets go either way."""
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
    error = (error + np.pi) % (2 * np.pi) - np.pi
    return np.where(np.abs(error) <= dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


@wheel_limited


def hc_complex_wrap(pose, goal, gain, dead_band, omega_max):
    x, y, theta = pose
    towards = (goal[0] - x) + 1j * (goal[1] - y)
    error = np.angle(towards * np.exp(-1j * theta))
    return np.clip(gain * error * (np.abs(error) >= dead_band), -omega_max, omega_max)


@wheel_limited


def hc_vectorised_math_remainder(pose, goal, gain, dead_band, omega_max):
    def one(x, y, theta, x_g, y_g):
        error = math.remainder(math.atan2(y_g - y, x_g - x) - theta, 2 * math.pi)
        if abs(error) < dead_band:
            return 0.0
        return max(-omega_max, min(omega_max, gain * error))

    return np.vectorize(one, otypes=[float])(pose[0], pose[1], pose[2], goal[0], goal[1])


RIGHT = [(FK, fk_as_array), (FK, fk_from_rim_speeds_in_a_loop),
         (IK, ik_by_solving_the_forward_map), (IK, ik_by_sympy),
         (IP, ip_closed_form_with_branch), (IP, ip_complex_numbers),
         (IP, ip_runge_kutta), (IP, ip_exact_arcs_at_midpoint_speeds),
         (HC, hc_with_mod_wrap), (HC, hc_arctan2_wrap_and_min_max),
         (HC, hc_with_mod_wrap_and_less_or_equal), (HC, hc_complex_wrap),
         (HC, hc_vectorised_math_remainder),
         (TR, tr_pure_pursuit_angle), (TR, tr_complex_numbers),
         (TR, tr_centre_in_the_world)]


@pytest.mark.parametrize(
    ("exercise_id", "answer"), RIGHT, ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """A matrix product, a linear solve, sympy, loops with math, the textbook branch formula,
    complex numbers, mod, arctan2 or remainder wrapping: all right, all pass."""
    result = evaluate(get_exercise(exercise_id), answer)
    assert result.failure is None, str(result.failure)


def test_two_radii_forward_kinematics_is_odometry_over_a_short_sample_and_the_chapters_limit():
    """4.1's reference against a second method: the odometry of two wheels of their own radii
    (robodyn.diffdrive.odometry.dead_reckoning) over one sample of dt, whose heading change is
    omega dt and whose arc is v dt; and with equal radii it is the chapter's one-radius
    function."""
    exercise = get_exercise(FK)
    dt = 1e-3
    for case in exercise.cases():
        phi_dot_r, phi_dot_l, radius_r, radius_l, track_width = case.args
        assert np.all(radius_r != radius_l)
        v, omega = exercise.reference(*case.args)
        for right, left, v_k, omega_k in np.broadcast(phi_dot_r, phi_dot_l, v, omega):
            poses = odometry.dead_reckoning([0.0, right * dt], [0.0, left * dt], radius_r,
                                            radius_l, track_width)
            turn = poses[2, -1]
            arc = np.hypot(poses[0, -1], poses[1, -1]) / np.sinc(turn / 2 / np.pi)
            assert turn == pytest.approx(omega_k * dt, rel=1e-12, abs=1e-15)
            assert np.copysign(arc, np.cos(turn / 2) * poses[0, -1]) == pytest.approx(
                v_k * dt, rel=1e-9, abs=1e-15)
        same = exercise.reference(phi_dot_r, phi_dot_l, radius_l, radius_l, track_width)
        chapter = forward_kinematics(phi_dot_r, phi_dot_l, radius_l, track_width)
        assert np.allclose(same, chapter, rtol=1e-13, atol=0.0)


def test_two_radii_inverse_kinematics_undoes_the_forward_map_and_keeps_the_arc():
    """4.2's reference through 4.1's forward map (checked above against odometry): within the
    top speed it gives back (v, omega); over it, the faster wheel is at the top speed and the
    robot drives the same arc slower, (s v, s omega) with 0 < s < 1. With equal radii and no
    limit in reach it is the chapter's inverse_kinematics."""
    exercise, forward = get_exercise(IK), get_exercise(FK).reference
    scaled = 0
    for case in exercise.cases():
        v, omega, radius_r, radius_l, track_width, top = case.args
        right, left = exercise.reference(*case.args)
        v_back, omega_back = forward(right, left, radius_r, radius_l, track_width)
        fastest = np.maximum(np.abs(right), np.abs(left))
        demand_r = (v + omega * track_width / 2) / radius_r
        demand_l = (v - omega * track_width / 2) / radius_l
        within = np.maximum(np.abs(demand_r), np.abs(demand_l)) <= top
        assert np.all(fastest <= top * (1 + 1e-12))
        s = np.where(within, 1.0, fastest / np.maximum(np.abs(demand_r), np.abs(demand_l)))
        assert np.all(np.where(within, True, np.isclose(fastest, top, rtol=1e-12)))
        assert np.all((s > 0) & (s <= 1))
        assert np.allclose(v_back, s * v, rtol=1e-12, atol=1e-15)
        assert np.allclose(omega_back, s * omega, rtol=1e-12, atol=1e-15)
        scaled += int(np.sum(~within))
        same = exercise.reference(v, omega, radius_r, radius_r, track_width, 1e6)
        assert np.allclose(same, inverse_kinematics(v, omega, radius_r, track_width),
                           rtol=1e-13, atol=0.0)
    assert scaled >= 5   # the cases reach the limit often enough to test it


def _arc_centre(pose, radius):
    """The centre of the arc: |r| from the axle midpoint along the heading's left normal
    (to the right for r < 0), m."""
    x, y, theta = pose
    return np.array([x - radius * np.sin(theta), y + radius * np.cos(theta)])


def test_the_arc_starts_along_the_heading_and_passes_through_the_goal():
    """4.3's reference against the geometry: its circle, centred on the heading's normal
    (so tangent to the heading at the start), is at |r| from both the start and the goal,
    and a goal on the robot's left gives a positive radius."""
    exercise = get_exercise(TR)
    for case in exercise.cases():
        pose, goal, *_ = case.args
        radius = exercise.reference(*case.args)[0]
        centre = _arc_centre(pose, radius)
        heading = np.array([np.cos(pose[2]), np.sin(pose[2])])
        assert np.dot(centre - pose[:2], heading) == pytest.approx(0.0, abs=1e-9 * abs(radius))
        assert np.hypot(*(centre - pose[:2])) == pytest.approx(abs(radius), rel=1e-12)
        assert np.hypot(*(centre - goal)) == pytest.approx(abs(radius), rel=1e-9)
        offset = goal - pose[:2]
        assert np.sign(radius) == np.sign(heading[0] * offset[1] - heading[1] * offset[0])


def test_driving_the_wheel_speeds_for_the_arcs_time_lands_on_the_goal():
    """4.3's reference against a second method: the wheel speeds, through the chapter's
    forward kinematics and exact pose step (robodyn.diffdrive.integrate_pose), driven for the
    arc's length over the speed, bring the robot to the goal; on the way it turns by the
    angle the arc sweeps about its centre, and the chapter's turning radius of those wheel
    speeds is the arc's."""
    exercise = get_exercise(TR)
    for case in exercise.cases():
        pose, goal, speed, wheel_radius, track_width = case.args
        radius, right, left = exercise.reference(*case.args)
        v, omega = forward_kinematics(right, left, wheel_radius, track_width)
        assert float(v) == pytest.approx(speed, rel=1e-12)
        assert float(turning_radius(v, omega)) == pytest.approx(radius, rel=1e-9)
        centre = _arc_centre(pose, radius)
        start, end = pose[:2] - centre, goal - centre
        swept = np.mod(np.sign(radius) * (np.arctan2(end[1], end[0])
                                          - np.arctan2(start[1], start[0])), 2 * np.pi)
        duration = abs(radius) * swept / speed
        landed = integrate_pose(pose, v, omega, duration)
        assert np.hypot(*(landed[:2] - goal)) < 1e-9 * max(1.0, abs(radius))
        assert landed[2] - pose[2] == pytest.approx(np.sign(radius) * swept, rel=1e-9)


def test_the_arc_of_a_far_goal_and_of_a_goal_to_the_side():
    """4.3's reference in two limits: a goal far ahead at d and slightly to the side y' gives
    r -> d^2 / (2 y') and almost equal wheels; a goal straight to the side is reached by half
    a turn on a circle whose diameter is the distance to it."""
    exercise = get_exercise(TR)
    for d in (1e2, 1e3, 1e4):
        for side in (0.05, -0.2):
            radius, right, left = exercise.reference(np.array([0.0, 0.0, 0.0]),
                                                     np.array([d, side]), 0.3, 0.05, 0.3)
            assert radius / (d**2 / (2 * side)) - 1 == pytest.approx(0.0, abs=2 * (side / d)**2)
            assert right / left - 1 == pytest.approx(0.3 / radius, rel=1e-2)  # L / r
    for theta in (0.3, 7.0, -4.0):
        pose = np.array([1.0, -2.0, theta])
        for side in (0.8, -0.5):
            goal = pose[:2] + side * np.array([-np.sin(theta), np.cos(theta)])
            radius = exercise.reference(pose, goal, 0.3, 0.05, 0.3)[0]
            assert radius == pytest.approx(side / 2, rel=1e-12)


def test_the_arc_cases_make_the_rewrite_real():
    """The cases keep the goal off the heading's line (a finite radius), and hold goals to the
    left and right, ahead and behind, headings outside (-pi, pi] and the chapter's robot."""
    robot = waypoints.FollowerSettings().speed, 0.036, 0.235
    ahead, left, thetas, robots = [], [], [], []
    for case in get_exercise(TR).cases():
        pose, goal, *rest = case.args
        x, y, theta = pose
        dx, dy = goal[0] - x, goal[1] - y
        ahead.append(np.cos(theta) * dx + np.sin(theta) * dy)
        left.append(np.cos(theta) * dy - np.sin(theta) * dx)
        thetas.append(theta)
        robots.append(tuple(rest))
    ahead, left = np.array(ahead), np.array(left)
    assert np.all(np.abs(left) >= 0.05)
    for where in (ahead > 0, ahead < 0):
        assert np.any(where & (left > 0)) and np.any(where & (left < 0))
    assert np.any(np.abs(thetas) > np.pi) and robot in robots


def test_ramped_step_is_the_integral_of_the_velocity_and_the_chapters_step_without_ramp():
    """4.4's reference against scipy's solve_ivp on x' = (v + a t) cos theta,
    y' = (v + a t) sin theta, theta' = omega at tight tolerances; with accel = 0 it is the
    chapter's exact step; and two half steps, the second starting at the speed the first
    ends with, make the whole step."""
    exercise = get_exercise(IP)
    for case in exercise.cases():
        pose, v, accel, omega, dt = case.args
        expected = exercise.reference(*case.args)
        for k, (x, y, theta, v_k, a_k, omega_k) in enumerate(np.broadcast(
                *pose, v, accel, omega)):
            assert a_k != 0.0

            def rate(t, state, v_k=v_k, a_k=a_k, omega_k=omega_k):
                return [(v_k + a_k * t) * np.cos(state[2]), (v_k + a_k * t) * np.sin(state[2]),
                        omega_k]

            solved = solve_ivp(rate, (0.0, dt), [x, y, theta], rtol=1e-12, atol=1e-12)
            got = expected if np.ndim(expected) == 1 else expected[:, k]
            assert np.allclose(solved.y[:, -1], got, rtol=0.0, atol=1e-9)
        no_ramp = exercise.reference(pose, v, 0.0, omega, dt)
        assert np.allclose(no_ramp, integrate_pose(pose, v, omega, dt), rtol=1e-13, atol=1e-15)
        halfway = exercise.reference(pose, v, accel, omega, dt / 2)
        twice = exercise.reference(halfway, np.add(v, np.multiply(accel, dt / 2)), accel, omega,
                                   dt / 2)
        assert np.allclose(twice, expected, rtol=1e-12, atol=1e-12)


def test_the_closed_form_without_a_series_passes_with_a_note_on_cancellation():
    """At omega = 1e-9 the direct (sin u - u cos u) / u^2 loses digits; it passes, and the
    note says why; with a series for small turns no note is needed."""
    text = evaluate(get_exercise(IP), ip_closed_form_with_branch).text
    assert text.startswith("PASSED diffdrive.integrate_pose")
    assert "cancellation" in text and "Note:" in text
    sinc_form = evaluate(get_exercise(IP), ip_complex_numbers).text
    assert "Note:" not in sinc_form


def test_the_wheel_limited_command_keeps_both_wheels_within_their_top_speed():
    """4.5's reference through the chapter's inverse kinematics at (speed, omega): no wheel
    passes max_wheel_speed, and where the command is limited the outer wheel is exactly at it;
    unlimited, it is the chapter's command with an infinite limit."""
    exercise = get_exercise(HC)
    limited = 0
    for case in exercise.cases():
        pose, goal, gain, dead_band, speed, radius, track_width, top = case.args
        omega = exercise.reference(*case.args)
        right, left = inverse_kinematics(speed, omega, radius, track_width)
        fastest = np.maximum(np.abs(right), np.abs(left))
        assert np.all(fastest <= top * (1 + 1e-12))
        free = waypoints.heading_command(pose, goal, gain, dead_band, 1e9)
        at_limit = np.abs(free) > np.abs(omega) + 1e-12
        assert np.allclose(np.where(at_limit, fastest, top), top, rtol=1e-12)
        assert np.allclose(np.where(at_limit, free, omega), free, rtol=1e-12, atol=0.0)
        assert np.all(np.sign(omega) == np.sign(free))
        limited += int(np.sum(at_limit))
    assert limited >= 8   # the cases reach the limit often enough to test it


def test_the_boundaries_of_the_heading_command_are_cases():
    """The fixed cases put the heading error exactly on +-dead_band and on +-pi (before
    wrapping), scalars and arrays, as the text of 4.5 names them."""
    exercise = get_exercise(HC)
    edges, behind, raw_minus_pi = 0, 0, 0
    for case in exercise.cases():
        if case.kind == "seeded random":
            continue
        pose, goal, _, dead_band = case.args[:4]
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

    @wheel_limited

    def stops_when_behind(pose, goal, gain, dead_band, omega_max):
        error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
        omega = np.where(np.abs(error) < dead_band, 0.0,
                         np.clip(gain * error, -omega_max, omega_max))
        return np.where(np.abs(error) > np.pi - 1e-12, 0.0, omega)

    @wheel_limited

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

    @wheel_limited

    def bang_bang_mod_wrap(pose, goal, gain, dead_band, omega_max):
        error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2]
        error = (error + np.pi) % (2 * np.pi) - np.pi
        return np.where(np.abs(error) < dead_band, 0.0, np.sign(error) * omega_max)

    assert "a bang-bang command" in summary(HC, bang_bang_mod_wrap)


# --------------------------------------------------------------------------- wrong answers


@wheel_limited


def hc_bang_bang(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < dead_band, 0.0, np.sign(error) * omega_max)


@wheel_limited


def hc_arctan_ratio(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan((goal[1] - pose[1]) / (goal[0] - pose[0])) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


@wheel_limited


def hc_theta_wrapped_only(pose, goal, gain, dead_band, omega_max):
    error = np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - wrap(pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


@wheel_limited


def hc_atan2_swapped(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[0] - pose[0], goal[1] - pose[1]) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


@wheel_limited


def hc_dead_band_on_command(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    omega = np.clip(gain * error, -omega_max, omega_max)
    return np.where(np.abs(omega) < dead_band, 0.0, omega)


@wheel_limited


def hc_dead_band_inverted(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(np.where(np.abs(error) > dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


@wheel_limited


def hc_degrees_per_second(pose, goal, gain, dead_band, omega_max):
    return np.rad2deg(hc_with_mod_wrap.__wrapped__(pose, goal, gain, dead_band, omega_max))


def ip_numpy_sinc(pose, v, accel, omega, dt):
    x, y, theta = pose
    u = omega * dt / 2
    small = np.abs(u) < 1e-3
    safe = np.where(small, 1.0, u)
    bend = np.where(small, u / 3, (np.sin(safe) - safe * np.cos(safe)) / safe**2)
    moved = np.exp(1j * (theta + u)) * ((v * dt + accel * dt**2 / 2) * np.sinc(u)
                                        + 1j * accel * dt**2 / 2 * bend)
    return np.array([x + moved.real, y + moved.imag, theta + omega * dt])


def ip_shift_to_the_right(pose, v, accel, omega, dt):
    new_pose = ip_complex_numbers(pose, v, -accel, omega, dt)
    mean = integrate_pose(pose, v + accel * dt / 2, omega, dt)
    turned = integrate_pose(pose, v - accel * dt / 2, omega, dt)
    return np.array([mean[0] + (new_pose[0] - turned[0]), mean[1] + (new_pose[1] - turned[1]),
                     new_pose[2]])


def ip_wraps_theta(pose, v, accel, omega, dt):
    new_pose = ip_complex_numbers(pose, v, accel, omega, dt)
    new_pose[2] = wrap(new_pose[2])
    return new_pose


def fk_omega_first(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width,
            (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2)


def fk_degrees(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    omega = (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width * 180 / np.pi
    return (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2, omega


def _ik_demand(v, omega, radius_r, radius_l, track_width):
    return ((v + omega * track_width / 2) / radius_r, (v - omega * track_width / 2) / radius_l)


def ik_degrees(v, omega, radius_r, radius_l, track_width, top):
    right, left = _within(*_ik_demand(v, omega, radius_r, radius_l, track_width), top)
    return np.degrees(right), np.degrees(left)


def fk_diameter(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    d_r, d_l = 2 * radius_r, 2 * radius_l
    return ((d_r * phi_dot_r + d_l * phi_dot_l) / 2,
            (d_r * phi_dot_r - d_l * phi_dot_l) / track_width)


def fk_radius_halved(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    r_r, r_l = radius_r / 2, radius_l / 2
    return ((r_r * phi_dot_r + r_l * phi_dot_l) / 2,
            (r_r * phi_dot_r - r_l * phi_dot_l) / track_width)


def fk_revolutions(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    rim_r, rim_l = 2 * np.pi * radius_r * phi_dot_r, 2 * np.pi * radius_l * phi_dot_l
    return (rim_r + rim_l) / 2, (rim_r - rim_l) / track_width


def fk_radii_on_the_wrong_wheels(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_l * phi_dot_r + radius_r * phi_dot_l) / 2,
            (radius_l * phi_dot_r - radius_r * phi_dot_l) / track_width)


def fk_sum_difference_mixed_up(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_r * phi_dot_r - radius_l * phi_dot_l) / 2,
            (radius_r * phi_dot_r + radius_l * phi_dot_l) / track_width)


def fk_yaw_rate_from_wheel_speeds(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
            (phi_dot_r - phi_dot_l) / track_width)


def fk_speed_from_wheel_speeds(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((phi_dot_r + phi_dot_l) / 2,
            (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width)


def fk_from_rpm(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    to_rad_per_s = 2 * math.pi / 60
    right = radius_r * phi_dot_r * to_rad_per_s
    left = radius_l * phi_dot_l * to_rad_per_s
    return (right + left) / 2, (right - left) / track_width


def ik_floor_half(v, omega, radius_r, radius_l, track_width, top):
    rim = omega * (track_width // 2)
    return _within((v + rim) / radius_r, (v - rim) / radius_l, top)


def ik_not_halved(v, omega, radius_r, radius_l, track_width, top):
    return _within((2 * v + omega * track_width) / radius_r,
                   (2 * v - omega * track_width) / radius_l, top)


def ik_diameter(v, omega, radius_r, radius_l, track_width, top):
    right, left = _ik_demand(v, omega, 2 * radius_r, 2 * radius_l, track_width)
    return _within(right, left, top)


def ik_each_wheel_clipped(v, omega, radius_r, radius_l, track_width, top):
    right, left = _ik_demand(v, omega, radius_r, radius_l, track_width)
    return np.clip(right, -top, top), np.clip(left, -top, top)


def ik_always_at_top_speed(v, omega, radius_r, radius_l, track_width, top):
    right, left = _ik_demand(v, omega, radius_r, radius_l, track_width)
    scale = top / np.maximum(np.abs(right), np.abs(left))
    return scale * right, scale * left


def ik_mean_radius(v, omega, radius_r, radius_l, track_width, top):
    radius = (radius_r + radius_l) / 2
    return _within(*_ik_demand(v, omega, radius, radius, track_width), top)


def _tr_local(pose, goal):
    """The goal's offset ahead of and to the left of the robot, as students write it."""
    x, y, theta = pose
    dx, dy = goal[0] - x, goal[1] - y
    return (np.cos(theta) * dx + np.sin(theta) * dy,
            np.cos(theta) * dy - np.sin(theta) * dx)


def _tr_wheels(radius, speed, wheel_radius, track_width):
    omega = speed / radius
    return (radius, (speed + omega * track_width / 2) / wheel_radius,
            (speed - omega * track_width / 2) / wheel_radius)


def tr_world_offsets(pose, goal, speed, wheel_radius, track_width):
    dx, dy = goal[0] - pose[0], goal[1] - pose[1]
    return _tr_wheels((dx**2 + dy**2) / (2 * dy), speed, wheel_radius, track_width)


def tr_bearing_not_relative(pose, goal, speed, wheel_radius, track_width):
    bearing = np.arctan2(goal[1] - pose[1], goal[0] - pose[0])
    distance = np.hypot(goal[0] - pose[0], goal[1] - pose[1])
    return _tr_wheels(distance / (2 * np.sin(bearing)), speed, wheel_radius, track_width)


def tr_rotated_by_plus_theta(pose, goal, speed, wheel_radius, track_width):
    x, y, theta = pose
    c, s = np.cos(theta), np.sin(theta)
    ahead, left = (c * (goal[0] - x) - s * (goal[1] - y),
                   s * (goal[0] - x) + c * (goal[1] - y))
    return _tr_wheels((ahead**2 + left**2) / (2 * left), speed, wheel_radius, track_width)


def tr_no_factor_two(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    return _tr_wheels((ahead**2 + left**2) / left, speed, wheel_radius, track_width)


def tr_centre_on_the_right(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    return _tr_wheels((ahead**2 + left**2) / (-2 * left), speed, wheel_radius, track_width)


def tr_half_the_distance(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    radius = np.sign(left) * np.hypot(ahead, left) / 2
    return _tr_wheels(radius, speed, wheel_radius, track_width)


def tr_theta_in_degrees(pose, goal, speed, wheel_radius, track_width):
    robot = (pose[0], pose[1], np.deg2rad(pose[2]))
    ahead, left = _tr_local(robot, goal)
    return _tr_wheels((ahead**2 + left**2) / (2 * left), speed, wheel_radius, track_width)


def tr_left_wheel_faster(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    radius, right_wheel, left_wheel = _tr_wheels((ahead**2 + left**2) / (2 * left), speed,
                                                 wheel_radius, track_width)
    return radius, left_wheel, right_wheel


def tr_rim_speeds(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    return _tr_wheels((ahead**2 + left**2) / (2 * left), speed, 1.0, track_width)


def tr_omega_times_radius(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    radius = (ahead**2 + left**2) / (2 * left)
    omega = speed * radius
    return (radius, (speed + omega * track_width / 2) / wheel_radius,
            (speed - omega * track_width / 2) / wheel_radius)


def tr_full_track(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    radius = (ahead**2 + left**2) / (2 * left)
    return (radius, (speed + speed / radius * track_width) / wheel_radius,
            (speed - speed / radius * track_width) / wheel_radius)


def tr_curvature(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    return _tr_wheels(2 * left / (ahead**2 + left**2), speed, wheel_radius, track_width)


def ip_mean_speed_arc(pose, v, accel, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = (v + accel * dt / 2) * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half), y + chord * np.sin(theta + half),
                     theta + omega * dt])


def ip_start_speed_arc(pose, v, accel, omega, dt):
    return ip_mean_speed_arc(pose, v - accel * dt / 2, accel, omega, dt)


def ip_distance_at_the_start_heading(pose, v, accel, omega, dt):
    x, y, theta = pose
    distance = v * dt + 0.5 * accel * dt**2
    return np.array([x + distance * np.cos(theta), y + distance * np.sin(theta),
                     theta + omega * dt])


def ip_sin_for_x(pose, v, accel, omega, dt):
    x, y, _ = pose
    new_x, new_y, theta = ip_complex_numbers(pose, v, accel, omega, dt)
    return np.array([x + (new_y - y), y + (new_x - x), theta])


def ip_end_speed_arc(pose, v, accel, omega, dt):
    return ip_mean_speed_arc(pose, v + accel * dt / 2, accel, omega, dt)


@wheel_limited


def hc_no_gain(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, error), -omega_max, omega_max)


@wheel_limited


def hc_bearing_from_goal(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(pose[1] - goal[1], pose[0] - goal[0]) - pose[2])
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


@wheel_limited


def hc_mod_minus_pi(pose, goal, gain, dead_band, omega_max):
    error = np.mod(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2], 2 * np.pi) - np.pi
    return np.clip(np.where(np.abs(error) < dead_band, 0.0, gain * error), -omega_max,
                   omega_max)


@wheel_limited


def hc_no_abs(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.clip(np.where(error < dead_band, 0.0, gain * error), -omega_max, omega_max)


@wheel_limited


def hc_minimum_only(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.minimum(np.where(np.abs(error) < dead_band, 0.0, gain * error), omega_max)


def fk_mean_by_floor_division(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    right, left = radius_r * phi_dot_r, radius_l * phi_dot_l
    return (right + left) // 2, (right - left) / track_width


def fk_mean_radius(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    radius = (radius_r + radius_l) / 2
    return radius * (phi_dot_r + phi_dot_l) / 2, radius * (phi_dot_r - phi_dot_l) / track_width


def fk_chapter_formula_with_left_radius(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                        track_width):
    v = radius_l * (phi_dot_r + phi_dot_l) / 2
    return v, radius_l * (phi_dot_r - phi_dot_l) / track_width


def ik_quarter_track(v, omega, radius_r, radius_l, track_width, top):
    half_track = track_width / 2
    rim_change = omega * half_track / 2
    return _within((v + rim_change) / radius_r, (v - rim_change) / radius_l, top)


def ip_ramp_distance_doubled(pose, v, accel, omega, dt):
    return ip_complex_numbers(pose, v, 2 * accel, omega, dt)


@wheel_limited


def hc_error_limited_then_gain(pose, goal, gain, dead_band, omega_max):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    limited = np.clip(error, -omega_max, omega_max)
    return np.where(np.abs(error) < dead_band, 0.0, gain * limited)


def tr_unsigned(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    return _tr_wheels(abs((ahead**2 + left**2) / (2 * left)), speed, wheel_radius,
                      track_width)


def hc_limit_from_the_top_rim_speed(pose, goal, gain, dead_band, speed, wheel_radius,
                                    track_width, max_wheel_speed):
    omega_max = wheel_radius * max_wheel_speed / (track_width / 2)
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < dead_band, 0.0, np.clip(gain * error, -omega_max,
                                                             omega_max))


def hc_limit_over_the_full_track(pose, goal, gain, dead_band, speed, wheel_radius,
                                 track_width, max_wheel_speed):
    omega_max = (wheel_radius * max_wheel_speed - speed) / track_width
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < dead_band, 0.0, np.clip(gain * error, -omega_max,
                                                             omega_max))


def hc_wheel_speed_as_limit(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                            max_wheel_speed):
    error = wrap(np.arctan2(goal[1] - pose[1], goal[0] - pose[0]) - pose[2])
    return np.where(np.abs(error) < dead_band, 0.0,
                    np.clip(gain * error, -max_wheel_speed, max_wheel_speed))


def ik_scaled_by_the_left_wheel(v, omega, radius_r, radius_l, track_width, top):
    """The left wheel taken to be the faster one: its speed alone sets the factor."""
    right, left = _ik_demand(v, omega, radius_r, radius_l, track_width)
    scale = np.where(np.abs(left) > top, top / np.where(left == 0, 1.0, np.abs(left)), 1.0)
    return scale * right, scale * left


def ip_across_over_half_the_step(pose, v, accel, omega, dt):
    """The ramp's term across the mean heading integrated over half the step only."""
    x, y, theta = pose
    u = omega * dt / 2
    safe = np.where(u == 0, 1.0, u)
    bend = np.where(u == 0, 0.0, (np.sin(safe) - safe * np.cos(safe)) / safe**2)
    moved = np.exp(1j * (theta + u)) * ((v * dt + accel * dt**2 / 2) * np.sinc(u / np.pi)
                                        + 1j * accel * dt**2 / 4 * bend)
    return np.array([x + moved.real, y + moved.imag, theta + omega * dt])


def ip_chord_along_the_start_heading(pose, v, accel, omega, dt):
    """The along and across parts right, but turned to the heading at the start."""
    x, y, theta = pose
    u = omega * dt / 2
    safe = np.where(u == 0, 1.0, u)
    bend = np.where(u == 0, 0.0, (np.sin(safe) - safe * np.cos(safe)) / safe**2)
    moved = np.exp(1j * theta) * ((v * dt + accel * dt**2 / 2) * np.sinc(u / np.pi)
                                  + 1j * accel * dt**2 / 2 * bend)
    return np.array([x + moved.real, y + moved.imag, theta + omega * dt])


STUDENTS = [
    (HC, hc_limit_from_the_top_rim_speed, "the yaw-rate limit without the forward speed"),
    (HC, hc_limit_over_the_full_track, "the yaw-rate limit with the full track width"),
    (HC, hc_wheel_speed_as_limit, "the top wheel speed used as the yaw-rate limit"),
    (HC, hc_bang_bang, "a bang-bang command"),
    (HC, hc_arctan_ratio, "arctan(dy/dx) instead of arctan2(dy, dx)"),
    (HC, hc_theta_wrapped_only, "theta is wrapped but the heading error is not"),
    (HC, hc_atan2_swapped, "the arguments of atan2 are swapped"),
    (HC, hc_dead_band_on_command, "the dead band is applied to the command"),
    (HC, hc_dead_band_inverted, "the dead band is inverted"),
    (HC, hc_degrees_per_second, "the command is in degrees per second"),
    (IP, ip_numpy_sinc, "NumPy's sinc is the normalised"),
    (IP, ip_shift_to_the_right, "to the wrong side of the mean heading"),
    (IP, ip_wraps_theta, "theta was wrapped"),
    (FK, fk_omega_first, "the outputs are in the wrong order"),
    (FK, fk_degrees, "omega in degrees per second"),
    (IK, ik_degrees, "wheel speeds in degrees per second"),
    (TR, tr_unsigned, "an unsigned radius"),
    (TR, tr_world_offsets, "not turned into the robot's frame"),
    (TR, tr_bearing_not_relative, "not turned into the robot's frame"),
    (TR, tr_rotated_by_plus_theta, "turned the wrong way"),
    (TR, tr_no_factor_two, "a factor 2 missing"),
    (TR, tr_centre_on_the_right, "the radius's sign flipped"),
    (TR, tr_half_the_distance, "half the distance to the goal"),
    (TR, tr_theta_in_degrees, "the heading taken as degrees"),
    (TR, tr_left_wheel_faster, "the wheels are swapped"),
    (TR, tr_rim_speeds, "rim speeds in m/s"),
    (TR, tr_omega_times_radius, "the speed times the radius"),
    (TR, tr_full_track, "the full track width"),
    (FK, fk_diameter, "both twice too large"),
    (FK, fk_radius_halved, "half the wheel radii"),
    (FK, fk_revolutions, "revolutions per second"),
    (FK, fk_radii_on_the_wrong_wheels, "the two radii swapped"),
    (FK, fk_sum_difference_mixed_up, "the sum and the difference"),
    (IK, ik_not_halved, "not halved"),
    (IK, ik_diameter, "the diameters in place of the radii"),
    (IK, ik_each_wheel_clipped, "each wheel clipped to the top speed on its own"),
    (IK, ik_always_at_top_speed, "even where the demand is within it"),
    (IK, ik_mean_radius, "the mean of the two radii for both wheels"),
    (TR, tr_curvature, "the curvature"),
    (IP, ip_distance_at_the_start_heading, "the whole distance along the start heading"),
    (IP, ip_sin_for_x, "cos and sin exchanged"),
    (IP, ip_end_speed_arc, "at the end speed"),
    (IP, ip_start_speed_arc, "the acceleration left out"),
    (FK, fk_yaw_rate_from_wheel_speeds, "the wheel radii are missing in omega"),
    (FK, fk_speed_from_wheel_speeds, "the wheel radii are missing in v"),
    (FK, fk_from_rpm, "converted from rpm"),
    (IK, ik_floor_half, "a floor division"),
    (IP, ip_mean_speed_arc, "the ramp's sideways shift left out"),
    (HC, hc_no_gain, "the gain is missing"),
    (HC, hc_bearing_from_goal, "off by half a turn"),
    (HC, hc_mod_minus_pi, "off by half a turn"),
    (HC, hc_no_abs, "not its size |e|"),
    (HC, hc_minimum_only, "limited from above only"),
    (FK, fk_mean_by_floor_division, "the mean of the rim speeds taken with // 2"),
    (FK, fk_mean_radius, "the mean of the two radii for both wheels"),
    (FK, fk_chapter_formula_with_left_radius, "one radius, the left wheel's, for both"),
    (IK, ik_quarter_track, "a quarter of the track width"),
    (IP, ip_ramp_distance_doubled, "the distance of the ramp doubled"),
    (HC, hc_error_limited_then_gain, "the heading error limited to +-omega_max before the gain"),
    (IK, ik_scaled_by_the_left_wheel, "the scale factor taken from the left wheel alone"),
    (IP, ip_chord_along_the_start_heading, "about the start heading theta"),
    (IP, ip_across_over_half_the_step, "the ramp's sideways shift half what it should be"),
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


def fk_track_squared(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
            (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width**2)


def ik_radius_squared(v, omega, radius_r, radius_l, track_width, top):
    right, left = _ik_demand(v, omega, radius_r**2, radius_l**2, track_width)
    return _within(right, left, top)


def tr_plus_a_centimetre(pose, goal, speed, wheel_radius, track_width):
    ahead, left = _tr_local(pose, goal)
    return _tr_wheels((ahead**2 + left**2) / (2 * left) + 0.01, speed, wheel_radius,
                      track_width)


def ip_sinc_squared(pose, v, accel, omega, dt):
    x, y, theta = pose
    u = omega * dt / 2
    moved = np.exp(1j * (theta + u)) * ((v * dt + accel * dt**2 / 2) * np.sinc(u / np.pi)**2
                                        + 1j * accel * dt**2 / 2 * (u / 3 - u**3 / 30))
    return np.array([x + moved.real, y + moved.imag, theta + omega * dt])


@wheel_limited


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

    @wheel_limited

    def halfway(pose, goal, gain, dead_band, omega_max):
        return 0.5 * hc_with_mod_wrap.__wrapped__(pose, goal, gain, dead_band, omega_max) + 0.01

    text = message(HC, halfway)
    assert text.splitlines()[0].startswith(f"{HC}: wrong result for ")
    for part in ("Called:    heading_command(pose=array([", "Expected:  omega = ",
                 "Got:       omega = ", "Wrong values:", "Tolerance: omega within"):
        assert part in text
    assert "looks like" not in text


# --------------------------------------------------------------------------- messages


def test_message_of_swapped_wheels_shows_call_expected_got_and_hint():
    """The message shows the exact call, the expected and the returned values and a hint."""

    def swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        rim_r, rim_l = radius_r * phi_dot_r, radius_l * phi_dot_l
        return (rim_r + rim_l) / 2, (rim_l - rim_r) / track_width

    text = message(FK, swapped)
    assert text.splitlines()[0] == (
        "diffdrive.forward_kinematics: wrong result — looks like the wheels are swapped in "
        "omega (omega has the wrong sign)")
    assert ("Called:    forward_kinematics(phi_dot_r=12.0, phi_dot_l=8.0, radius_r=0.0505, "
            "radius_l=0.05, track_width=0.3)") in text
    assert "Expected:  v = 0.503, omega = 0.686666666667" in text
    assert "Got:       v = 0.503, omega = -0.686666666667" in text
    assert "rim moves faster than the left one" in text.replace("\n    ", " ")


def test_the_world_offset_slip_is_shown_where_the_heading_is_not_zero():
    """The goal's offset left in the world's frame agrees with the answer while theta = 0:
    the message shows the first case where it does not, and the hint names the frame."""
    text = message(TR, tr_world_offsets)
    assert "turning_radius(pose=array([1.0, 2.0, 0.5]), goal=array([3.0, 2.2])" in text
    assert "Expected:  radius = -2.5787" in text and "Got:       radius = 10.1," in text
    assert "Put the goal in the robot's frame first" in text.replace("\n    ", " ")


def test_division_by_zero_for_the_straight_segment_is_named():
    """Dividing by omega with Python floats raises ZeroDivisionError; the check names why."""

    def divides(pose, v, accel, omega, dt):
        x, y, theta = pose
        r, k = v / omega, accel / omega**2
        theta_new = theta + omega * dt
        r_new = r + accel * dt / omega
        return np.array([x + r_new * np.sin(theta_new) - r * np.sin(theta)
                         + k * (np.cos(theta_new) - np.cos(theta)),
                         y - r_new * np.cos(theta_new) + r * np.cos(theta)
                         + k * (np.sin(theta_new) - np.sin(theta)), theta_new])

    text = message(IP, divides)
    assert text.splitlines()[0] == (
        "diffdrive.integrate_pose: your answer raised ZeroDivisionError — looks like a "
        "division by omega without the straight-line case (nan for omega == 0)")
    assert "omega=0.0" in text


def test_math_functions_are_told_to_vectorise():
    """An answer with math.cos works on numbers but is told it fails on NumPy arrays."""

    def with_math(pose, v, accel, omega, dt):
        x, y, theta = pose
        half = omega * dt / 2
        chord = (v + accel * dt / 2) * dt * (math.sin(half) / half if half != 0 else 1.0)
        return np.array([x + chord * math.cos(theta + half), y + chord * math.sin(theta + half),
                         theta + 2 * half])

    text = message(IP, with_math)
    assert text.splitlines()[0].startswith(
        "diffdrive.integrate_pose: works on single numbers but fails on NumPy arrays")
    assert "np.cos" in text


def test_an_if_statement_is_told_to_vectorise():
    """An answer with if/else on the error is told it fails on NumPy arrays."""

    @wheel_limited

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
                "s / (1 + e)", "1 / (1 + e)", "/ ((1 + e) R)", "pi L / 4", "pi L / 8",
                "radius_r * phi_dot_r", "R_r phi_dot_r", "(v + omega L/2) / R_r",
                "sin u - u cos u", "sin(u) - u cos(u)", "2 (R phi_max - v) / L",
                "wheel_radius * max_wheel_speed - speed", "/ (2 * y')", "/ (2 y')",
                "d^2 / (2", "d**2 / (2", "speed / radius", "speed / r ", "2 y' / d"]


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
