"""Chapter 5's checks against answers as students write them.

Right answers in unusual forms (a matrix, a loop with math, complex numbers, sympy, the
inverse matrix, normal equations summed by hand, np.vectorize) must pass. Wrong answers,
written here independently of the mistake models in robodyn/checks/stickslip.py, must be
named by the right mistake; an unlisted slip gets the generic message, naming no mistake.
"""

import cmath
import math

import numpy as np
import pytest
import sympy
from checkcases import assert_generic_failure, summary
from scipy.optimize import least_squares

from robodyn.grading import evaluate, get_exercise

FORWARD, INVERSE, CIRCLE, COST = ("stickslip.forward_kinematics", "stickslip.inverse_kinematics",
                                  "stickslip.fit_circle", "stickslip.calibration_cost")
COUNTS = "stickslip.carried_counts"


def message(exercise_id, answer) -> str:
    """The whole feedback, with the wrapped lines joined again."""
    failure = evaluate(get_exercise(exercise_id), answer).failure
    assert failure is not None, "the answer passed"
    return str(failure).replace("\n    ", " ")


# --------------------------------------------------------------------------- right answers


def forward_with_a_matrix(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    s3 = math.sqrt(3) / 2
    matrix = np.array([[0, -s3, s3], [1, -0.5, -0.5], [1 / leg_radius] * 3]) * leg_radius
    return tuple(matrix @ np.array([theta1_dot, theta2_dot, theta3_dot]))


def forward_in_a_loop_with_math(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    x_dot = y_dot = theta_dot = 0.0
    for rate, degrees in zip((theta1_dot, theta2_dot, theta3_dot), (90, 210, -30),
                             strict=True):
        x_dot += leg_radius * rate * math.cos(math.radians(degrees))
        y_dot += leg_radius * rate * math.sin(math.radians(degrees))
        theta_dot += rate
    return x_dot, y_dot, theta_dot


def forward_with_complex_numbers(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Each thrust as a unit complex number x + i y."""
    thrusts = [cmath.exp(1j * math.radians(a)) for a in (90, 210, 330)]
    velocity = leg_radius * sum(rate * thrust for rate, thrust
                                in zip((theta1_dot, theta2_dot, theta3_dot), thrusts,
                                       strict=True))
    return velocity.real, velocity.imag, theta1_dot + theta2_dot + theta3_dot


# Exercise 5.2's legs: `legs` holds one row (x, y) per leg, m.


def _legs_matrix(legs):
    """velocity = M rates: a unit pivot about leg (lx, ly) moves the centre at (ly, -lx)."""
    legs = np.asarray(legs, dtype=float)
    return np.array([legs[:, 1], -legs[:, 0], np.ones(3)])


def inverse_by_solving(x_dot, y_dot, theta_dot, legs):
    return tuple(np.linalg.solve(_legs_matrix(legs), np.array([x_dot, y_dot, theta_dot])))


def inverse_by_cramers_rule(x_dot, y_dot, theta_dot, legs):
    """Each rate a ratio of determinants, written out with plain products."""
    (x1, y1), (x2, y2), (x3, y3) = np.asarray(legs).tolist()

    def det(c1, c2, c3):
        return (c1[0] * (c2[1] * c3[2] - c2[2] * c3[1]) - c2[0] * (c1[1] * c3[2] - c1[2] * c3[1])
                + c3[0] * (c1[1] * c2[2] - c1[2] * c2[1]))

    c1, c2, c3 = (y1, -x1, 1.0), (y2, -x2, 1.0), (y3, -x3, 1.0)
    v = (x_dot, y_dot, theta_dot)
    whole = det(c1, c2, c3)
    return det(v, c2, c3) / whole, det(c1, v, c3) / whole, det(c1, c2, v) / whole


def inverse_with_sympy(x_dot, y_dot, theta_dot, legs):
    """The forward equations, each pivot's velocity as a cross product, solved by sympy."""
    t = sympy.symbols("t1:4")
    vx, vy, w = sympy.symbols("vx vy w")
    feet = [sympy.Matrix([lx, ly, 0]) for lx, ly in np.asarray(legs).tolist()]
    moved = sum((sympy.Matrix([0, 0, ti]).cross(-foot) for ti, foot in zip(t, feet, strict=True)),
                sympy.zeros(3, 1))
    solution = sympy.solve([moved[0] - vx, moved[1] - vy, sum(t) - w], t)
    rates = sympy.lambdify((vx, vy, w), [solution[ti] for ti in t], "numpy")
    return tuple(rates(x_dot, y_dot, theta_dot))


def circle_by_normal_equations(x, y):
    x, y = np.asarray(x), np.asarray(y)
    A = np.column_stack([2 * x, 2 * y, np.ones_like(x)])
    b = x**2 + y**2
    xc, yc, c = np.linalg.solve(A.T @ A, A.T @ b)
    return xc, yc, math.sqrt(c + xc**2 + yc**2)


def circle_by_sums_in_a_loop(x, y):
    """The 3 x 3 normal equations of (D, E, F), summed point by point with plain floats."""
    AtA = [[0.0] * 3 for _ in range(3)]
    Atb = [0.0] * 3
    for xi, yi in zip(x.tolist(), y.tolist(), strict=True):
        row, rhs = (xi, yi, 1.0), -(xi * xi + yi * yi)
        for i in range(3):
            Atb[i] += row[i] * rhs
            for j in range(3):
                AtA[i][j] += row[i] * row[j]
    D, E, F = np.linalg.solve(AtA, Atb)
    return -D / 2, -E / 2, math.sqrt(D * D / 4 + E * E / 4 - F)


def circle_with_the_pseudo_inverse(x, y):
    A = np.c_[x, y, np.ones(len(x))]
    D, E, F = np.linalg.pinv(A) @ -(x**2 + y**2)
    return -D / 2, -E / 2, math.sqrt((D**2 + E**2) / 4 - F)


# The spin of exercise 5.4, written as students write it: legs at 180, 300 and 60 degrees.
SPIN_LEGS = np.radians([180.0, 300.0, 60.0])


def _turn_about(point, angle):
    """The homogeneous 3 x 3 matrix of a turn by ``angle`` about ``point`` (x, y)."""
    c, s = math.cos(angle), math.sin(angle)
    px, py = point
    return np.array([[c, -s, px - c * px + s * py], [s, c, py - s * px - c * py], [0, 0, 1]])


def spin_by_the_fixed_point(pivots, leg_radius, step_time, alpha, beta):
    """No simulation and no fit: a cycle is one rigid motion, a turn about a fixed point;
    the centre's circle is about that point, through the start."""
    cycle = np.eye(3)
    for angle, leg in zip(pivots, SPIN_LEGS, strict=True):
        # body-frame motions compose on the right
        cycle = cycle @ _turn_about(leg_radius * np.array([math.cos(leg), math.sin(leg)]),
                                    angle)
    fixed = np.linalg.solve(np.eye(2) - cycle[:2, :2], cycle[:2, 2])
    radius = float(np.hypot(*fixed))
    rot_speed = abs(sum(pivots)) / (3 * step_time)
    return radius, rot_speed, alpha * radius - beta * rot_speed


def _circumradius(a, b, c):
    """The radius of the circle through three points (complex numbers)."""
    return abs(a - b) * abs(b - c) * abs(c - a) / abs(
        2 * ((b - a).real * (c - a).imag - (b - a).imag * (c - a).real))


def spin_with_complex_numbers(pivots, leg_radius, step_time, alpha, beta):
    """The pose as a complex position and a heading; the circle through three cycle ends."""
    centre, heading, ends = 0j, 0.0, [0j]
    for _ in range(3):
        for angle, leg in zip(pivots, SPIN_LEGS, strict=True):
            foot = centre + leg_radius * cmath.exp(1j * (heading + leg))
            centre = foot + (centre - foot) * cmath.exp(1j * angle)
            heading += angle
        ends.append(centre)
    radius = _circumradius(*ends[1:])
    rot_speed = abs(sum(pivots)) / (3 * step_time)
    return radius, rot_speed, alpha * radius - beta * rot_speed


def _spin_ends(pivots, leg_radius, cycles=15, legs_move=True, every_pivot=False,
               legs_turn=True, lever_turn=1, legs=SPIN_LEGS):
    """The centre (x, y) of a spin after each cycle (or each pivot), a loop with math; the
    legs carried and turned with the robot (or not), the lever from the foot to the centre
    turned by ``lever_turn`` times the pivot."""
    x = y = heading = 0.0
    xs, ys, all_x, all_y = [x], [y], [x], [y]
    for _ in range(cycles):
        for angle, leg in zip(pivots, legs, strict=True):
            if legs_move:
                towards = heading + leg if legs_turn else leg
                fx = x + leg_radius * math.cos(towards)
                fy = y + leg_radius * math.sin(towards)
            else:
                fx, fy = leg_radius * math.cos(leg), leg_radius * math.sin(leg)
            dx, dy = x - fx, y - fy
            turn = lever_turn * angle
            x = fx + math.cos(turn) * dx - math.sin(turn) * dy
            y = fy + math.sin(turn) * dx + math.cos(turn) * dy
            heading += angle
            all_x.append(x)
            all_y.append(y)
        xs.append(x)
        ys.append(y)
    if every_pivot:
        return np.array(all_x), np.array(all_y)
    return np.array(xs), np.array(ys)


def spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha, beta):
    """The exercise's way: simulate 15 cycles, fit Kasa's circle to the cycle ends."""
    radius = circle_by_normal_equations(*_spin_ends(pivots, leg_radius))[2]
    rot_speed = abs(pivots[0] + pivots[1] + pivots[2]) / (3 * step_time)
    return radius, rot_speed, alpha * radius - beta * rot_speed


RIGHT = [
    (FORWARD, forward_with_a_matrix),
    (FORWARD, forward_in_a_loop_with_math),
    (FORWARD, forward_with_complex_numbers),
    (INVERSE, inverse_by_solving),
    (INVERSE, inverse_by_cramers_rule),
    (INVERSE, inverse_with_sympy),
    (CIRCLE, circle_by_normal_equations),
    (CIRCLE, circle_by_sums_in_a_loop),
    (CIRCLE, circle_with_the_pseudo_inverse),
    (COST, spin_by_the_fixed_point),
    (COST, spin_with_complex_numbers),
    (COST, spin_simulated_and_fitted),
]


@pytest.mark.parametrize(("exercise_id", "answer"), RIGHT,
                         ids=[getattr(a, "__name__", "vectorized") for _, a in RIGHT])
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Right answers written in other ways than the reference pass."""
    assert summary(exercise_id, answer) == "passed"


# --------------------------------------------------------------------------- wrong answers


def forward_with_30_degrees(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    x = leg_radius * (theta2_dot * c + theta3_dot * c)
    y = leg_radius * (theta1_dot + theta2_dot * s - theta3_dot * s)
    return x, y, theta1_dot + theta2_dot + theta3_dot


def forward_in_degrees(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    x = leg_radius * (theta2_dot * math.cos(210) + theta3_dot * math.cos(-30))
    y = leg_radius * (theta1_dot + theta2_dot * math.sin(210) + theta3_dot * math.sin(-30))
    return x, y, theta1_dot + theta2_dot + theta3_dot


def forward_all_in_degrees(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    angles = np.array([90, 210, -30])
    rates = np.array([theta1_dot, theta2_dot, theta3_dot])
    return (leg_radius * np.sum(rates * np.cos(angles)),
            leg_radius * np.sum(rates * np.sin(angles)), np.sum(rates))


def forward_with_plus_30(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    a2, a3 = np.radians(210), np.radians(30)
    return (leg_radius * (theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3)),
            leg_radius * (theta1_dot + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3)),
            theta1_dot + theta2_dot + theta3_dot)


def forward_motors_exchanged(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    h = math.sqrt(3) / 2
    return (leg_radius * (h * theta2_dot - h * theta3_dot),
            leg_radius * (theta1_dot - theta2_dot / 2 - theta3_dot / 2),
            theta1_dot + theta2_dot + theta3_dot)


def forward_without_leg_radius(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    h = math.sqrt(3) / 2
    return (-h * theta2_dot + h * theta3_dot, theta1_dot - (theta2_dot + theta3_dot) / 2,
            theta1_dot + theta2_dot + theta3_dot)


def forward_with_the_mean_turn(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    x, y, theta = forward_in_a_loop_with_math(theta1_dot, theta2_dot, theta3_dot, leg_radius)
    return x, y, np.mean([theta1_dot, theta2_dot, theta3_dot])


def forward_sin_for_cos(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    angles = np.radians([90, 210, -30])
    rates = np.array([theta1_dot, theta2_dot, theta3_dot])
    return (leg_radius * rates @ np.sin(angles), leg_radius * rates @ np.cos(angles),
            rates.sum())


def forward_whole_matrix_times_leg(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    angles = np.radians([90, 210, -30])
    matrix = np.array([np.cos(angles), np.sin(angles), np.ones(3)])
    return tuple(leg_radius * matrix @ [theta1_dot, theta2_dot, theta3_dot])


def forward_over_the_leg(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    x, y, _ = forward_with_complex_numbers(theta1_dot, theta2_dot, theta3_dot, leg_radius)
    return x, y, (theta1_dot + theta2_dot + theta3_dot) / leg_radius


def forward_from_the_motors_places(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Motors at 0, 120 and 240 degrees, as in the chapter's drawing of the Droplet."""
    h = math.sqrt(3) / 2
    return (leg_radius * (theta1_dot - 0.5 * theta2_dot - 0.5 * theta3_dot),
            leg_radius * (h * theta2_dot - h * theta3_dot), theta1_dot + theta2_dot + theta3_dot)


def forward_motor_one_only_in_theta(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    c210, s210 = math.cos(math.radians(210)), math.sin(math.radians(210))
    c330, s330 = math.cos(math.radians(330)), math.sin(math.radians(330))
    return (leg_radius * (c210 * theta2_dot + c330 * theta3_dot),
            leg_radius * (s210 * theta2_dot + s330 * theta3_dot),
            theta1_dot + theta2_dot + theta3_dot)


def forward_with_sin_210_positive(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    # cos 210 = -sqrt(3)/2, sin 210 = 1/2 (the sign of the quadrant slipped)
    c210, s210 = -math.sqrt(3) / 2, 0.5
    c330, s330 = math.sqrt(3) / 2, -0.5
    return (leg_radius * (c210 * theta2_dot + c330 * theta3_dot),
            leg_radius * (theta1_dot + s210 * theta2_dot + s330 * theta3_dot),
            theta1_dot + theta2_dot + theta3_dot)


def inverse_copied_from_the_source(x_dot, y_dot, theta_dot, legs):
    t1, t2, _ = inverse_by_solving(x_dot, y_dot, theta_dot, legs)
    return t1, t2, t2


def inverse_of_the_chapter_at_the_mean_radius(x_dot, y_dot, theta_dot, legs):
    ell = np.mean(np.linalg.norm(legs, axis=1))
    r3 = math.sqrt(3) / 3
    x, y = x_dot / ell, y_dot / ell
    return (2 / 3 * y + theta_dot / 3, -r3 * x - y / 3 + theta_dot / 3,
            r3 * x - y / 3 + theta_dot / 3)


def inverse_with_the_chapters_thrusts(x_dot, y_dot, theta_dot, legs):
    """Each leg's own distance, but the thrusts still at 90, 210 and -30 degrees."""
    ells = np.linalg.norm(legs, axis=1)
    thrusts = np.radians([90.0, 210.0, -30.0])
    matrix = np.array([ells * np.cos(thrusts), ells * np.sin(thrusts), [1.0, 1.0, 1.0]])
    return tuple(np.linalg.solve(matrix, np.array([x_dot, y_dot, theta_dot])))


def inverse_with_the_turn_shared_equally(x_dot, y_dot, theta_dot, legs):
    no_turn = np.linalg.solve(_legs_matrix(legs),
                              np.array([x_dot, y_dot, np.zeros_like(theta_dot)]))
    return tuple(rate + theta_dot / 3 for rate in no_turn)


def inverse_with_the_lever_reversed(x_dot, y_dot, theta_dot, legs):
    """The foot turning about the centre: z x leg = (-ly, lx)."""
    legs = np.asarray(legs)
    matrix = np.array([-legs[:, 1], legs[:, 0], np.ones(3)])
    return tuple(np.linalg.solve(matrix, np.array([x_dot, y_dot, theta_dot])))


def inverse_along_the_legs(x_dot, y_dot, theta_dot, legs):
    matrix = np.vstack([np.asarray(legs).T, np.ones(3)])
    return tuple(np.linalg.solve(matrix, np.array([x_dot, y_dot, theta_dot])))


def inverse_pushed_away_from_the_legs(x_dot, y_dot, theta_dot, legs):
    """A pivot pushes the centre along the line from the leg to it: (-lx, -ly)."""
    matrix = np.vstack([-np.asarray(legs).T, np.ones(3)])
    return tuple(np.linalg.solve(matrix, np.array([x_dot, y_dot, theta_dot])))


def inverse_with_unit_levers(x_dot, y_dot, theta_dot, legs):
    """Only the legs' directions: the centre moves at the rate itself, in m/s."""
    legs = np.asarray(legs)
    return inverse_by_solving(x_dot, y_dot, theta_dot,
                              legs / np.linalg.norm(legs, axis=1, keepdims=True))


def inverse_with_one_lever_for_all(x_dot, y_dot, theta_dot, legs):
    """Each leg's angle, one distance ell for all: the legs' mean distance."""
    legs = np.asarray(legs)
    ell = np.mean(np.linalg.norm(legs, axis=1))
    angles = np.arctan2(legs[:, 1], legs[:, 0])
    return inverse_by_solving(x_dot, y_dot, theta_dot,
                              ell * np.column_stack([np.cos(angles), np.sin(angles)]))


def inverse_by_transposing(x_dot, y_dot, theta_dot, legs):
    return tuple(_legs_matrix(legs).T @ np.array([x_dot, y_dot, theta_dot]))


def inverse_of_the_rows_per_leg(x_dot, y_dot, theta_dot, legs):
    """One row per leg: (ly, -lx, 1)."""
    legs = np.asarray(legs)
    rows = np.column_stack([legs[:, 1], -legs[:, 0], np.ones(3)])
    return tuple(np.linalg.solve(rows, np.array([x_dot, y_dot, theta_dot])))


def _lstsq_coefficients(x, y):
    A = np.column_stack([x, y, np.ones_like(x)])
    (D, E, F), *_ = np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)
    return D, E, F


def circle_diameter(x, y):
    xc, yc, r = circle_by_normal_equations(x, y)
    return xc, yc, 2 * r


def circle_radius_squared(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    return -D / 2, -E / 2, D**2 / 4 + E**2 / 4 - F


def circle_radius_without_the_half(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    return -0.5 * D, -0.5 * E, np.sqrt(D**2 + E**2 - F)


def circle_centre_without_the_half(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    return -D, -E, math.sqrt(D * D / 4 + E * E / 4 - F)


def circle_centre_and_radius_without_the_half(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    xc, yc = -D, -E
    return xc, yc, np.sqrt(xc**2 + yc**2 - F)


def circle_with_y_first(x, y):
    A = np.column_stack([y, x, np.ones(len(x))])
    (E, D, F), *_ = np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)
    return -E / 2, -D / 2, math.sqrt(D * D / 4 + E * E / 4 - F)


def circle_from_the_mean(x, y):
    centre = np.array([x.mean(), y.mean()])
    distances = np.linalg.norm(np.column_stack([x, y]) - centre, axis=1)
    return centre[0], centre[1], distances.mean()


def circle_radius_plus_f(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    xc, yc = -D / 2, -E / 2
    return xc, yc, np.sqrt(xc**2 + yc**2 + F)


def circle_right_side_positive(x, y):
    A = np.column_stack([x, y, np.ones_like(x)])
    (D, E, F), *_ = np.linalg.lstsq(A, x**2 + y**2, rcond=None)
    xc, yc = -D / 2, -E / 2
    return xc, yc, np.sqrt(xc**2 + yc**2 - F)


def circle_right_side_positive_with_math_sqrt(x, y):
    """b = x^2 + y^2, and the radius by math.sqrt: its argument is negative on the circle
    about the origin (ValueError: math domain error)."""
    A = np.column_stack([x, y, np.ones_like(x)])
    (D, E, F), *_ = np.linalg.lstsq(A, x**2 + y**2, rcond=None)
    xc, yc = -D / 2, -E / 2
    return xc, yc, math.sqrt(xc**2 + yc**2 - F)


def circle_right_side_positive_under_abs(x, y):
    """b = x^2 + y^2, and abs() under the root to get rid of the nan that gives."""
    A = np.column_stack([x, y, np.ones_like(x)])
    (D, E, F), *_ = np.linalg.lstsq(A, x**2 + y**2, rcond=None)
    xc, yc = -D / 2, -E / 2
    return xc, yc, np.sqrt(abs(xc**2 + yc**2 - F))


def circle_centre_sign(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    return D / 2, E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def circle_geometric(x, y):
    start = circle_by_normal_equations(x, y)
    fit = least_squares(lambda p: np.hypot(x - p[0], y - p[1]) - p[2], start, xtol=1e-15,
                        ftol=1e-15, gtol=1e-15)
    return tuple(fit.x)


def _spin_answer(radius, rot_speed, alpha, beta):
    return radius, rot_speed, alpha * radius - beta * rot_speed


def spin_fitted_after_every_pivot(pivots, leg_radius, step_time, alpha, beta):
    x, y = _spin_ends(pivots, leg_radius, every_pivot=True)
    return _spin_answer(circle_by_normal_equations(x, y)[2],
                        abs(sum(pivots)) / (3 * step_time), alpha, beta)


def spin_fitted_after_every_pivot_of_a_dozen_cycles(pivots, leg_radius, step_time, alpha,
                                                    beta):
    """The text's dozen cycles, but the camera's point taken after every pivot."""
    x, y = _spin_ends(pivots, leg_radius, cycles=12, every_pivot=True)
    return _spin_answer(circle_by_normal_equations(x, y)[2],
                        abs(sum(pivots)) / (3 * step_time), alpha, beta)


def spin_turned_with_the_transposed_matrix(pivots, leg_radius, step_time, alpha, beta):
    """The lever from the foot turned by [[c, s], [-s, c]], the heading by +a."""
    x, y = _spin_ends(pivots, leg_radius, lever_turn=-1)
    return _spin_answer(circle_by_normal_equations(x, y)[2],
                        abs(sum(pivots)) / (3 * step_time), alpha, beta)


def spin_in_straight_steps(pivots, leg_radius, step_time, alpha, beta):
    """Exercise 5.1 per step: the centre moves leg_radius * a along the turned thrust."""
    thrusts = [cmath.exp(1j * math.radians(a)) for a in (90, 210, 330)]
    centre, heading, ends = 0j, 0.0, [0j]
    for _ in range(15):
        for angle, thrust in zip(pivots, thrusts, strict=True):
            centre += leg_radius * angle * thrust * cmath.exp(1j * heading)
            heading += angle
        ends.append(centre)
    ends = np.array(ends)
    return _spin_answer(circle_by_normal_equations(ends.real, ends.imag)[2],
                        abs(sum(pivots)) / (3 * step_time), alpha, beta)


def spin_with_the_legs_in_degrees(pivots, leg_radius, step_time, alpha, beta):
    x, y = _spin_ends(pivots, leg_radius, legs=(180.0, 300.0, 60.0))
    return _spin_answer(circle_by_normal_equations(x, y)[2],
                        abs(sum(pivots)) / (3 * step_time), alpha, beta)


def spin_about_the_legs_at_the_start(pivots, leg_radius, step_time, alpha, beta):
    x, y = _spin_ends(pivots, leg_radius, legs_move=False)
    return _spin_answer(circle_by_normal_equations(x, y)[2],
                        abs(sum(pivots)) / (3 * step_time), alpha, beta)


def spin_as_a_twist(pivots, leg_radius, step_time, alpha, beta):
    """The cycle's pivots as rates: the centre turns about the twist's instantaneous
    centre, |v| / |omega| away."""
    thrusts = np.radians([90.0, 210.0, -30.0])
    vx = leg_radius * np.dot(pivots, np.cos(thrusts))
    vy = leg_radius * np.dot(pivots, np.sin(thrusts))
    turn = sum(pivots)
    return _spin_answer(math.hypot(vx, vy) / abs(turn), abs(turn) / (3 * step_time), alpha,
                        beta)


def spin_speed_per_step(pivots, leg_radius, step_time, alpha, beta):
    radius = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha, beta)[0]
    return _spin_answer(radius, abs(sum(pivots)) / step_time, alpha, beta)


def spin_speed_signed(pivots, leg_radius, step_time, alpha, beta):
    radius = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha, beta)[0]
    return _spin_answer(radius, sum(pivots) / (3 * step_time), alpha, beta)


def spin_speed_of_the_sizes(pivots, leg_radius, step_time, alpha, beta):
    radius = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha, beta)[0]
    return _spin_answer(radius, np.sum(np.abs(pivots)) / (3 * step_time), alpha, beta)


def spin_cost_in_millimetres(pivots, leg_radius, step_time, alpha, beta):
    radius, rot_speed, _ = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha,
                                                     beta)
    return radius, rot_speed, alpha * radius * 1000 - beta * rot_speed


def spin_cost_flipped(pivots, leg_radius, step_time, alpha, beta):
    radius, rot_speed, cost = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha,
                                                        beta)
    return radius, rot_speed, -cost


def spin_cost_plus(pivots, leg_radius, step_time, alpha, beta):
    radius, rot_speed, _ = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha,
                                                     beta)
    return radius, rot_speed, alpha * radius + beta * rot_speed


def spin_cost_weights_swapped(pivots, leg_radius, step_time, alpha, beta):
    radius, rot_speed, _ = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha,
                                                     beta)
    return radius, rot_speed, beta * radius - alpha * rot_speed


STUDENTS = [
    (FORWARD, forward_with_30_degrees, "210 degrees taken as 30"),
    (FORWARD, forward_in_degrees, "the angles 210 and -30 given to np.cos and np.sin in "
                                  "degrees"),
    (FORWARD, forward_all_in_degrees, "the angles 90, 210 and -30 given to np.cos"),
    (FORWARD, forward_with_plus_30, "-30 degrees taken as +30"),
    (FORWARD, forward_motors_exchanged, "motors 2 and 3 exchanged"),
    (FORWARD, forward_without_leg_radius, "leg radius is missing"),
    (FORWARD, forward_with_the_mean_turn, "turn rate divided by 3"),
    (FORWARD, forward_sin_for_cos, "x_dot and y_dot swapped (or sin and cos swapped)"),
    (FORWARD, forward_whole_matrix_times_leg, "turn rate multiplied by the leg radius"),
    (FORWARD, forward_over_the_leg, "turn rate divided by the leg radius"),
    (FORWARD, forward_from_the_motors_places, "the motors' places (0, 120 and 240 degrees)"),
    (FORWARD, forward_motor_one_only_in_theta, "motor 1 left out of y_dot"),
    (FORWARD, forward_with_sin_210_positive, "sin 210 degrees taken as +1/2"),
    (INVERSE, inverse_copied_from_the_source, "label slip copied"),
    (INVERSE, inverse_of_the_chapter_at_the_mean_radius, "at the legs' mean distance"),
    (INVERSE, inverse_with_the_chapters_thrusts, "thrust directions (90, 210, -30 degrees) kept"),
    (INVERSE, inverse_with_the_turn_shared_equally, "the turn shared out equally"),
    (INVERSE, inverse_with_the_lever_reversed, "the lever turned the wrong way"),
    (INVERSE, inverse_along_the_legs, "along the line to the leg, not across it"),
    (INVERSE, inverse_pushed_away_from_the_legs, "pushed straight away from the leg"),
    (INVERSE, inverse_with_unit_levers, "the legs' distances left out"),
    (INVERSE, inverse_with_one_lever_for_all, "one distance for all three"),
    (INVERSE, inverse_by_transposing, "transpose of the forward matrix used as its inverse"),
    (INVERSE, inverse_of_the_rows_per_leg, "one row per leg"),
    (CIRCLE, circle_diameter, "diameter instead of the radius"),
    (CIRCLE, circle_radius_squared, "radius squared"),
    (CIRCLE, circle_radius_without_the_half, "the radius as sqrt(D^2 + E^2 - F)"),
    (CIRCLE, circle_centre_without_the_half, "the centre at (-D, -E): the 1/2 left out"),
    (CIRCLE, circle_centre_and_radius_without_the_half, "and the radius from that centre"),
    (CIRCLE, circle_with_y_first, "xc and yc swapped"),
    (CIRCLE, circle_from_the_mean, "the points' mean as the centre"),
    (CIRCLE, circle_radius_plus_f, "the sign of F in the radius"),
    (CIRCLE, circle_right_side_positive, "right-hand side with the wrong sign"),
    (CIRCLE, circle_right_side_positive_under_abs, "abs() over the negative R^2"),
    (CIRCLE, circle_centre_sign, "the centre with the wrong sign"),
    (CIRCLE, circle_geometric, "a geometric (distance) fit"),
    (COST, spin_about_the_legs_at_the_start, "each leg kept where it was at the start"),
    (COST, spin_fitted_after_every_pivot_of_a_dozen_cycles, "recorded after every pivot"),
    (COST, spin_turned_with_the_transposed_matrix, "the pivot's rotation transposed"),
    (COST, spin_in_straight_steps, "a straight step along the motor's thrust"),
    (COST, spin_with_the_legs_in_degrees, "the legs' angles 180, 300 and 60 given to np.cos"),
    (COST, spin_as_a_twist, "the pivots taken as simultaneous rates"),
    (COST, spin_speed_per_step, "the rotation speed per step"),
    (COST, spin_speed_signed, "the rotation speed signed"),
    (COST, spin_speed_of_the_sizes, "a flipped motor counted forwards"),
    (COST, spin_cost_in_millimetres, "radius converted to mm"),
    (COST, spin_cost_flipped, "the cost's sign flipped"),
    (COST, spin_cost_plus, "plus instead of minus"),
    (COST, spin_cost_weights_swapped, "alpha and beta swapped"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """A wrong value from a typical mistake is named by that mistake on the first line."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def test_every_listed_mistake_is_met_by_a_students_answer_here():
    """Each mistake of robodyn.checks.stickslip is named for one of the answers written above."""
    everyone = STUDENTS + [(COUNTS, answer, name) for answer, name in STUDENTS_COUNTS] + [
        (CIRCLE, circle_right_side_positive_with_math_sqrt, "")]
    named = {(i, summary(i, answer).split(" — looks like ", 1)[1]) for i, answer, _ in everyone}
    listed = {(i, m.name) for i in (FORWARD, INVERSE, CIRCLE, COST, COUNTS)
              for m in get_exercise(i).mistakes}
    assert named == listed


def test_the_right_side_sign_is_named_where_math_sqrt_raises():
    """b = x^2 + y^2 with math.sqrt raises on the circle about the origin (the flipped system
    gives a negative R^2 there) and gives values elsewhere: named all the same, with the
    hint on the sign."""
    outcome = evaluate(get_exercise(CIRCLE), circle_right_side_positive_with_math_sqrt)
    line = outcome.result.summary
    assert line.startswith(f"{CIRCLE}: your answer raised ValueError — looks like ")
    assert "right-hand side with the wrong sign" in line
    assert "moves to the right-hand side and changes its sign" in " ".join(
        str(outcome.failure).split())


def test_degrees_name_the_slip_and_teach_radians_without_the_formula():
    """np.cos(210) is named as degrees given to np.cos, the hint says to convert with
    np.radians, and no line of the message spells out the forward map."""
    text = message(FORWARD, forward_all_in_degrees)
    assert "Hint: NumPy's np.cos and np.sin take radians: np.cos(210) is the cosine of 210 " \
           "rad." in text
    assert "leg_radius * (" not in text and "cos(210) +" not in text


def test_the_hints_do_not_print_the_inverse():
    """No hint of the inverse kinematics prints a column of the forward map ((ly, -lx) ...)
    or a row of the chapter's inverse (sqrt(3)/3 x/l ...)."""
    for mistake in get_exercise(INVERSE).mistakes:
        for formula in ("sqrt(3)/3", "/ 3", "-lx", "-x_i", "legs[", "np.cross"):
            assert formula not in mistake.hint, (mistake.name, formula)


def _even_legs(ell):
    angles = np.radians([180.0, 300.0, 60.0])
    return ell * np.column_stack([np.cos(angles), np.sin(angles)])


def test_the_inverse_for_the_chapters_legs_is_the_chapters():
    """Legs 120 degrees apart at one distance, as on the Droplet: the reference is the
    chapter's inverse kinematics (the source's equation 2, its slip corrected)."""
    from robodyn import stickslip

    reference = get_exercise(INVERSE).reference
    rng = np.random.default_rng(5)
    for ell in (0.0151, 0.03):
        velocity = (rng.uniform(-0.02, 0.02, 6), rng.uniform(-0.02, 0.02, 6),
                    rng.uniform(-2, 2, 6))
        np.testing.assert_allclose(reference(*velocity, _even_legs(ell)),
                                   stickslip.inverse_kinematics(*velocity, ell), rtol=1e-12,
                                   atol=1e-14)


def _area(a, b, c):
    """The signed area of the triangle a, b, c (counterclockwise positive)."""
    return 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))


def test_a_turn_is_shared_by_the_barycentric_coordinates_of_its_centre():
    """A body velocity with theta_dot != 0 is a turn about its instantaneous centre
    c = (-y_dot, x_dot) / theta_dot. Turns about the three legs add up to it when the rates
    are theta_dot times c's barycentric coordinates in the legs' triangle, ratios of areas
    (a closed form, no linear system)."""
    exercise = get_exercise(INVERSE)
    for case in exercise.cases() + exercise.hidden_cases(23, rounds=2):
        x_dot, y_dot, theta_dot, legs = case.args
        if np.any(np.asarray(theta_dot) == 0):
            continue
        centre = (-np.asarray(y_dot) / theta_dot, np.asarray(x_dot) / theta_dot)
        p1, p2, p3 = np.asarray(legs)
        whole = _area(p1, p2, p3)
        expected = (theta_dot * _area(centre, p2, p3) / whole,
                    theta_dot * _area(p1, centre, p3) / whole,
                    theta_dot * _area(p1, p2, centre) / whole)
        np.testing.assert_allclose(exercise.reference(*case.args), expected, rtol=1e-9,
                                   atol=1e-12)


def test_small_pivots_about_the_legs_give_the_velocity_back():
    """Pivot the robot once about each leg in turn, by the reference's rate times a short
    time h (finite rigid turns, the legs carried along): the pose changes at the wanted
    velocity, with an error that shrinks in proportion to h."""
    exercise = get_exercise(INVERSE)
    case = exercise.cases()[3]
    x_dot, y_dot, theta_dot, legs = case.args
    rates = exercise.reference(*case.args)
    errors = []
    for h in (1e-2, 1e-3, 1e-4):
        centre, heading = np.zeros(2), 0.0
        for rate, leg in zip(rates, legs, strict=True):
            c, s = math.cos(heading), math.sin(heading)
            foot = centre + np.array([c * leg[0] - s * leg[1], s * leg[0] + c * leg[1]])
            d, a = centre - foot, rate * h
            centre = foot + np.array([math.cos(a) * d[0] - math.sin(a) * d[1],
                                      math.sin(a) * d[0] + math.cos(a) * d[1]])
            heading += a
        errors.append(np.linalg.norm(np.array([*centre, heading]) / h
                                     - (x_dot, y_dot, theta_dot)))
    assert errors[2] < 1e-4 * np.linalg.norm((x_dot, y_dot))
    assert 8 < errors[0] / errors[1] < 12 and 8 < errors[1] / errors[2] < 12


def test_the_inverse_cases_are_not_the_chapters_robot():
    """No case has the chapter's legs (120 degrees apart at one distance), so the chapter's
    inverse kinematics passes none of them alone; the legs are never near one line."""
    from robodyn import stickslip

    exercise = get_exercise(INVERSE)
    for case in exercise.cases() + exercise.hidden_cases(29, rounds=3):
        legs = np.asarray(case.args[3])
        radii = np.linalg.norm(legs, axis=1)
        angles = np.degrees(np.arctan2(legs[:, 1], legs[:, 0])) % 360
        even = np.allclose(radii, radii[0]) and np.allclose(
            np.sort(np.diff(np.sort(angles))), [120.0, 120.0], atol=1e-3)
        assert not even, case.about
        assert abs(_area(*legs)) >= 1e-4, case.about
        chapters = stickslip.inverse_kinematics(*case.args[:3], float(np.mean(radii)))
        assert not np.allclose(chapters, exercise.reference(*case.args), rtol=1e-6), case.about


def test_the_circle_cases_are_what_they_say():
    """The first case's points lie exactly on a 1 cm circle about the origin, so the expected
    centre is 0 to round-off; the second has exactly three points, the fewest the text allows."""
    exercise = get_exercise(CIRCLE)
    lattice, three = exercise.cases()[:2]
    x, y = lattice.args
    assert np.all(np.abs(np.hypot(x, y) - 0.01) < 1e-15)
    xc, yc, radius = exercise.reference(x, y)
    assert abs(xc) < 1e-15 and abs(yc) < 1e-15 and radius == pytest.approx(0.01, rel=1e-12)
    assert "about the origin" in lattice.about
    assert len(three.args[0]) == 3 and "three points" in three.about
    assert exercise.reference(*three.args) == pytest.approx((0.008, 0.003, 0.004), rel=1e-9)


def test_the_spin_cases_are_what_they_say():
    """The legs of 15.1 mm in every case; the fixed cases as their text says (equal pivots,
    motor 1 alone, one and two flipped motors); no case turns less than 0.02 rad a cycle,
    and the weights are per m (alpha at least 500)."""
    exercise = get_exercise(COST)
    cases = exercise.cases()
    for case in cases:
        pivots, leg_radius, _, alpha, _ = case.args
        assert leg_radius == pytest.approx(0.0151) and alpha >= 500.0
        assert abs(sum(pivots)) >= 0.02
    equal, alone, _, one_flipped, two_flipped = cases[:5]
    assert len(set(equal.args[0])) == 1 and "equal" in equal.about
    assert alone.args[0][1:] == (0.0, 0.0) and "motor 1 alone" in alone.about
    assert sum(p < 0 for p in one_flipped.args[0]) == 1
    assert sum(p < 0 for p in two_flipped.args[0]) == 2 and sum(two_flipped.args[0]) < 0


def test_the_spins_radius_is_the_fixed_point_of_a_cycle():
    """The reference (a simulation and Kasa's fit of the cycle ends) against the closed form:
    a cycle is a turn by the sum of the pivots about the fixed point of its rigid motion,
    and the centre's circle is about that point, through the start."""
    exercise = get_exercise(COST)
    for case in exercise.cases() + exercise.hidden_cases(17, rounds=3):
        np.testing.assert_allclose(exercise.reference(*case.args),
                                   spin_by_the_fixed_point(*case.args), rtol=1e-7, atol=1e-9)


@pytest.mark.parametrize("motor", [0, 1, 2])
def test_one_motor_alone_turns_the_robot_about_its_leg(motor):
    """With one motor pivoting, the robot turns about that leg: the centre's circle has the
    leg radius, exactly."""
    pivots = [0.0, 0.0, 0.0]
    pivots[motor] = 0.043
    radius, rot_speed, _ = get_exercise(COST).reference(pivots, 0.0151, 0.04, 1000.0, 0.5)
    assert radius == pytest.approx(0.0151, rel=1e-9)
    assert rot_speed == pytest.approx(0.043 / 0.12, rel=1e-12)


def test_small_pivots_spin_like_the_chapters_continuous_twist():
    """As the pivots shrink, the sequence of pivots tends to the chapter's forward kinematics:
    the circle's radius to |v| / |omega|, with an error that shrinks with the pivots."""
    from robodyn import stickslip

    shape = np.array([0.035, 0.05, 0.065])
    x_dot, y_dot, turn = stickslip.forward_kinematics(shape, 0.0151)
    limit = math.hypot(x_dot, y_dot) / turn
    errors = []
    for scale in (1e-1, 1e-2, 1e-3):
        radius = get_exercise(COST).reference(tuple(scale * shape), 0.0151, 0.04, 1000.0,
                                              0.5)[0]
        errors.append(abs(radius - limit) / limit)
    assert errors[2] < 2e-3
    assert errors[0] > 5 * errors[1] > 25 * errors[2]


def test_equal_pivots_still_walk_a_circle():
    """Three equal pivots turn the robot but do not spin it in place: the continuous twist
    has no radius, the pivots' sequence one of the order of the pivot times the leg."""
    radius = get_exercise(COST).reference((0.05, 0.05, 0.05), 0.0151, 0.04, 1000.0, 0.5)[0]
    assert 0.1 * 0.05 * 0.0151 < radius < 2 * 0.05 * 0.0151


# --------------------------------------------------------------------------- unlisted slips


def forward_without_motor_two_in_x(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    h = math.sqrt(3) / 2
    return (leg_radius * h * theta3_dot,
            leg_radius * (theta1_dot - theta2_dot / 2 - theta3_dot / 2),
            theta1_dot + theta2_dot + theta3_dot)


def inverse_with_the_legs_in_mm(x_dot, y_dot, theta_dot, legs):
    return inverse_by_solving(x_dot, y_dot, theta_dot, np.asarray(legs) * 1e3)


def circle_through_three_points(x, y):
    """Exact through the first three points only: right on exact circles, wrong on noise."""
    (x1, x2, x3), (y1, y2, y3) = x[:3], y[:3]
    d = 2 * (x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2))
    ux = ((x1**2 + y1**2) * (y2 - y3) + (x2**2 + y2**2) * (y3 - y1)
          + (x3**2 + y3**2) * (y1 - y2)) / d
    uy = ((x1**2 + y1**2) * (x3 - x2) + (x2**2 + y2**2) * (x1 - x3)
          + (x3**2 + y3**2) * (x2 - x1)) / d
    return ux, uy, math.hypot(x1 - ux, y1 - uy)


def spin_with_the_speed_in_degrees(pivots, leg_radius, step_time, alpha, beta):
    radius = spin_simulated_and_fitted(pivots, leg_radius, step_time, alpha, beta)[0]
    return _spin_answer(radius, math.degrees(abs(sum(pivots))) / (3 * step_time), alpha,
                        beta)


def _lstsq_radius(x, y):
    D, E, F = _lstsq_coefficients(x, y)
    return math.sqrt(max(D * D / 4 + E * E / 4 - F, 0.0))


def spin_with_the_legs_not_turned(pivots, leg_radius, step_time, alpha, beta):
    """The feet carried with the centre but not turned with the heading; lstsq's fit."""
    x, y = _spin_ends(pivots, leg_radius, cycles=12, legs_turn=False)
    return _spin_answer(_lstsq_radius(x, y), abs(sum(pivots)) / (3 * step_time), alpha,
                        beta)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (FORWARD, forward_without_motor_two_in_x),
    (INVERSE, inverse_with_the_legs_in_mm),
    (CIRCLE, circle_through_three_points),
    (COST, spin_with_the_speed_in_degrees),
    # 15 cycles, not the text's dozen: the radius of a circle fitted to every pivot's point
    # depends on the cycles fitted, and the mistake is the dozen's
    (COST, spin_fitted_after_every_pivot),
    (COST, spin_with_the_legs_not_turned),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer no mistake explains gets the generic message, naming no mistake."""
    assert_generic_failure(exercise_id, answer)


def test_legs_not_turned_leave_no_circle_to_name():
    """Feet carried with the centre but not turned with the heading move the centre by the
    same step every cycle: the cycle ends lie on a line, and the radius a circle fit gives
    them depends on the cycles fitted (and on how the fit is solved). No mistake models it:
    its slip is rejected unnamed (above)."""
    from robodyn import stickslip

    pivots, leg_radius = (0.035, 0.05, 0.065), 0.0151
    x, y = _spin_ends(pivots, leg_radius, cycles=12, legs_turn=False)
    steps = np.diff(np.column_stack([x, y]), axis=0)
    np.testing.assert_allclose(steps, np.broadcast_to(steps[0], steps.shape), rtol=1e-9,
                               atol=1e-15)
    twelve = _lstsq_radius(x, y)
    assert _lstsq_radius(*_spin_ends(pivots, leg_radius, cycles=20, legs_turn=False)) \
        > 1.3 * twelve
    # the book's fit sees the line: an infinite radius, where lstsq's min-norm gives one
    assert math.isinf(stickslip.fit_circle(x, y, method="algebraic").radius) and twelve > 0


# --------------------------------------------------------------------------- 5.5 carried counts
# Students' schedules, each with its own inverse kinematics as a student of 5.2 writes it.


def _rates(x_dot, y_dot, theta_dot, leg_radius):
    r = math.sqrt(3) / 3
    return (2 / 3 * y_dot / leg_radius + theta_dot / 3,
            -r * x_dot / leg_radius - y_dot / (3 * leg_radius) + theta_dot / 3,
            r * x_dot / leg_radius - y_dot / (3 * leg_radius) + theta_dot / 3)


def counts_with_an_explicit_remainder(commands, pivot, leg_radius):
    """A loop that keeps each motor's remainder and rounds half up by hand."""
    remainder = [0.0, 0.0, 0.0]
    out = []
    for x_dot, y_dot, theta_dot, duration in commands:
        row = []
        for i, rate in enumerate(_rates(x_dot, y_dot, theta_dot, leg_radius)):
            owed = rate * duration / pivot + remainder[i]
            n = math.floor(owed + 0.5)
            remainder[i] = owed - n
            row.append(n)
        out.append(row)
    return np.array(out)


def counts_from_solved_rates_and_cumsum(commands, pivot, leg_radius):
    """Rates by solving the forward map; running totals with np.cumsum, rounded, differenced."""
    s3 = math.sqrt(3) / 2
    forward = np.array([[0, -s3 * leg_radius, s3 * leg_radius],
                        [leg_radius, -leg_radius / 2, -leg_radius / 2], [1, 1, 1]])
    wanted = np.array([np.linalg.solve(forward, c[:3]) * c[3] / pivot for c in commands])
    totals = np.round(np.cumsum(wanted, axis=0))
    return np.diff(np.vstack([np.zeros(3), totals]), axis=0).astype(np.int64)


def counts_with_python_round_per_motor(commands, pivot, leg_radius):
    """Motor by motor, Python's round on running totals, a list of lists of ints."""
    columns = []
    for motor in range(3):
        total, done, column = 0.0, 0, []
        for x_dot, y_dot, theta_dot, duration in commands:
            total += _rates(x_dot, y_dot, theta_dot, leg_radius)[motor] * duration / pivot
            column.append(round(total) - done)
            done = round(total)
        columns.append(column)
    return [list(row) for row in zip(*columns, strict=True)]


def counts_as_a_tuple_of_tuples(commands, pivot, leg_radius):
    """Running totals rounded with Python's round; a tuple of tuples of ints."""
    totals, done, rows = [0.0, 0.0, 0.0], [0, 0, 0], []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = _rates(x_dot, y_dot, theta_dot, leg_radius)
        totals = [t + r * duration / pivot for t, r in zip(totals, rates, strict=True)]
        made = [round(t) for t in totals]
        rows.append(tuple(m - d for m, d in zip(made, done, strict=True)))
        done = made
    return tuple(rows)


def counts_as_int32(commands, pivot, leg_radius):
    """np.cumsum, np.rint and np.diff, turned into a NumPy array of 32-bit integers."""
    wanted = np.array([np.array(_rates(*c[:3], leg_radius)) * c[3] / pivot for c in commands])
    made = np.rint(np.cumsum(wanted, axis=0))
    return np.diff(made, axis=0, prepend=0.0).astype(np.int32)


RIGHT_COUNTS = [counts_with_an_explicit_remainder, counts_from_solved_rates_and_cumsum,
                counts_with_python_round_per_motor, counts_as_a_tuple_of_tuples,
                counts_as_int32]


@pytest.mark.parametrize("answer", RIGHT_COUNTS, ids=lambda a: a.__name__)
def test_right_schedules_in_unusual_forms_pass(answer):
    """A remainder loop, cumsum of solved rates, Python's round per motor: all pass."""
    assert summary(COUNTS, answer) == "passed"


def counts_as_floats(commands, pivot, leg_radius):
    """The right schedule, left as the float array np.rint gives (whole numbers, as 49.0)."""
    total, done, out = np.zeros(3), np.zeros(3), []
    for c in commands:
        total = total + np.array(_rates(*c[:3], leg_radius)) * c[3] / pivot
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out)


def test_a_schedule_of_floats_is_refused_and_told_to_make_integers():
    """Counts are asked as integers: the right numbers as a float array fail, and the message
    says that integers are asked and how to make them; no mistake is named."""
    outcome = evaluate(get_exercise(COUNTS), counts_as_floats)
    assert outcome.failure is not None
    line = outcome.result.summary
    assert line.startswith(f"{COUNTS}: counts came back as ") and "float64" in line
    assert "looks like" not in line
    text = " ".join(str(outcome.failure).split())
    assert "integers" in text and "np.rint(counts).astype(int)" in text and "int(" in text


def counts_rounded_per_command(commands, pivot, leg_radius):
    return np.array([[round(r * c[3] / pivot) for r in _rates(*c[:3], leg_radius)]
                     for c in commands])


def counts_with_int(commands, pivot, leg_radius):
    total, done, out = np.zeros(3), np.zeros(3, dtype=int), []
    for c in commands:
        total = total + np.array(_rates(*c[:3], leg_radius)) * c[3] / pivot
        now = np.array([int(t) for t in total])
        out.append(now - done)
        done = now
    return np.array(out)


def counts_with_floor(commands, pivot, leg_radius):
    total, done, out = np.zeros(3), np.zeros(3), []
    for c in commands:
        total += np.array(_rates(*c[:3], leg_radius)) * c[3] / pivot
        out.append(np.floor(total) - done)
        done = np.floor(total)
    return np.array(out, dtype=int)


def counts_as_running_totals(commands, pivot, leg_radius):
    total, out = np.zeros(3), []
    for c in commands:
        total += np.array(_rates(*c[:3], leg_radius)) * c[3] / pivot
        out.append(np.rint(total))
    return np.array(out, dtype=int)


def counts_without_duration(commands, pivot, leg_radius):
    total, done, out = np.zeros(3), np.zeros(3), []
    for c in commands:
        total += np.array(_rates(*c[:3], leg_radius)) / pivot
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out, dtype=int)


def counts_with_radians(commands, pivot, leg_radius):
    a = math.radians(pivot)
    total, done, out = np.zeros(3), np.zeros(3), []
    for c in commands:
        total += np.array(_rates(*c[:3], leg_radius)) * c[3] / a
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out, dtype=int)


def counts_of_magnitudes(commands, pivot, leg_radius):
    total, done, out = np.zeros(3), np.zeros(3), []
    for c in commands:
        total += np.abs(_rates(*c[:3], leg_radius)) * c[3] / pivot
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out, dtype=int)


def counts_carrying_made_minus_wanted(commands, pivot, leg_radius):
    carry, out = np.zeros(3), []
    for c in commands:
        want = np.array(_rates(*c[:3], leg_radius)) * c[3] / pivot + carry
        n = np.rint(want)
        carry = n - want
        out.append(n)
    return np.array(out, dtype=int)


def counts_with_motors_two_and_three_swapped(commands, pivot, leg_radius):
    total, done, out = np.zeros(3), np.zeros(3), []
    for c in commands:
        first, second, third = _rates(*c[:3], leg_radius)
        total += np.array([first, third, second]) * c[3] / pivot
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out, dtype=int)


def counts_with_rates_per_metre(commands, pivot, leg_radius):
    """The rates written with the speeds as they come, not over the leg radius."""
    total, done, out = np.zeros(3), np.zeros(3), []
    for x_dot, y_dot, theta_dot, duration in commands:
        total += np.array(_rates(x_dot, y_dot, theta_dot, 1.0)) * duration / pivot
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out, dtype=int)


def counts_with_the_whole_turn_per_motor(commands, pivot, leg_radius):
    """Each motor turns the body at theta_dot itself, a rate per motor of theta_dot."""
    total, done, out = np.zeros(3), np.zeros(3), []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = np.array(_rates(x_dot, y_dot, 0.0, leg_radius)) + theta_dot
        total += rates * duration / pivot
        out.append(np.rint(total) - done)
        done = np.rint(total)
    return np.array(out, dtype=int)


STUDENTS_COUNTS = [
    (counts_rounded_per_command, "each command rounded on its own"),
    (counts_with_int, "cut towards zero (int)"),
    (counts_with_floor, "rounded down (np.floor)"),
    (counts_as_running_totals, "the running totals returned"),
    (counts_without_duration, "the duration left out"),
    (counts_with_radians, "converted with np.radians"),
    (counts_of_magnitudes, "the signs dropped"),
    (counts_carrying_made_minus_wanted, "the remainder carried with the wrong sign"),
    (counts_with_motors_two_and_three_swapped, "motors 2 and 3 exchanged"),
    (counts_with_rates_per_metre, "not divided by the leg radius"),
    (counts_with_the_whole_turn_per_motor, "the whole turn rate theta_dot"),
]


@pytest.mark.parametrize(("answer", "name"), STUDENTS_COUNTS,
                         ids=[a.__name__ for a, _ in STUDENTS_COUNTS])
def test_students_wrong_schedules_are_named(answer, name):
    """Each slip of the carried schedule, written as a student writes it, is named."""
    line = summary(COUNTS, answer)
    assert line.startswith(f"{COUNTS}: wrong result — looks like ") and name in line


def test_the_schedule_cases_are_what_they_say():
    """The first case is the chapter's 6.5 cm square at robot 2's pivot: its first side makes
    (49, -24, -24); the short turns make pivots only when carried; the back-and-forth case
    has negative counts; no running total lies within 0.004 of a rounding tie."""
    exercise = get_exercise(COUNTS)
    cases = exercise.cases()
    square = exercise.reference(*cases[0].args)
    np.testing.assert_array_equal(square[0], [49, -24, -24])
    assert "6.5 cm" in cases[0].about and "3.38" in cases[0].about
    turns = exercise.reference(*cases[4].args)
    assert turns.sum() > 0 and "none" in cases[4].about
    assert np.any(exercise.reference(*cases[5].args) < 0)
    for case in cases:
        commands, pivot, ell = case.args
        wanted = [np.array(_rates(*c[:3], ell)) * c[3] / pivot for c in commands]
        totals = np.cumsum(wanted, axis=0)
        assert np.min(np.abs(totals - np.floor(totals) - 0.5)) > 0.004


def counts_carrying_to_the_next_motor(commands, pivot, leg_radius):
    """One remainder for all three motors, handed from motor to motor."""
    carry, out = 0.0, []
    for c in commands:
        row = []
        for rate in _rates(*c[:3], leg_radius):
            want = rate * c[3] / pivot + carry
            row.append(round(want))
            carry = want - round(want)
        out.append(row)
    return np.array(out)


def test_an_unlisted_schedule_slip_is_wrong_but_not_misnamed():
    """A remainder handed from motor to motor gets the generic message, naming no mistake."""
    assert_generic_failure(COUNTS, counts_carrying_to_the_next_motor)
