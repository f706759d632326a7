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


def inverse_by_solving(x_dot, y_dot, theta_dot, leg_radius):
    angles = np.radians([90.0, 210.0, 330.0])
    forward = np.vstack([leg_radius * np.cos(angles), leg_radius * np.sin(angles), np.ones(3)])
    return tuple(np.linalg.solve(forward, [x_dot, y_dot, theta_dot]))


def inverse_with_the_inverse_matrix(x_dot, y_dot, theta_dot, leg_radius):
    angles = np.deg2rad([90.0, 210.0, -30.0])
    forward = np.array([leg_radius * np.cos(angles), leg_radius * np.sin(angles), [1, 1, 1]])
    return tuple(np.linalg.inv(forward) @ np.array([x_dot, y_dot, theta_dot]))


def inverse_with_sympy(x_dot, y_dot, theta_dot, leg_radius):
    """The forward equations solved by sympy, then evaluated."""
    t1, t2, t3 = sympy.symbols("t1 t2 t3")
    c, s = sympy.cos, sympy.sin
    a2, a3 = sympy.rad(210), sympy.rad(-30)
    equations = [
        sympy.Eq(leg_radius * (t2 * c(a2) + t3 * c(a3)), x_dot),
        sympy.Eq(leg_radius * (t1 + t2 * s(a2) + t3 * s(a3)), y_dot),
        sympy.Eq(t1 + t2 + t3, theta_dot),
    ]
    solution = sympy.solve(equations, [t1, t2, t3])
    return tuple(float(solution[t]) for t in (t1, t2, t3))


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


def cost_in_one_line(radius, rot_speed, alpha, beta):
    return -(beta * rot_speed - alpha * radius)


cost_vectorized = np.vectorize(lambda radius, rot_speed, alpha, beta:
                               alpha * radius - beta * rot_speed)


def cost_as_a_dot_product(radius, rot_speed, alpha, beta):
    return np.dot([alpha, -beta], [radius, rot_speed])


RIGHT = [
    (FORWARD, forward_with_a_matrix),
    (FORWARD, forward_in_a_loop_with_math),
    (FORWARD, forward_with_complex_numbers),
    (INVERSE, inverse_by_solving),
    (INVERSE, inverse_with_the_inverse_matrix),
    (INVERSE, inverse_with_sympy),
    (CIRCLE, circle_by_normal_equations),
    (CIRCLE, circle_by_sums_in_a_loop),
    (CIRCLE, circle_with_the_pseudo_inverse),
    (COST, cost_in_one_line),
    (COST, cost_vectorized),
    (COST, cost_as_a_dot_product),
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


def inverse_copied_from_the_source(x_dot, y_dot, theta_dot, leg_radius):
    t1 = 2 / 3 * y_dot / leg_radius + theta_dot / 3
    t2 = -math.sqrt(3) / 3 * x_dot / leg_radius - y_dot / (3 * leg_radius) + theta_dot / 3
    return t1, t2, t2


def inverse_with_x_signs_swapped(x_dot, y_dot, theta_dot, leg_radius):
    r = math.sqrt(3) / 3
    return (2 / 3 * y_dot / leg_radius + theta_dot / 3,
            r * x_dot / leg_radius - y_dot / (3 * leg_radius) + theta_dot / 3,
            -r * x_dot / leg_radius - y_dot / (3 * leg_radius) + theta_dot / 3)


def inverse_without_leg_radius(x_dot, y_dot, theta_dot, leg_radius):
    r = math.sqrt(3) / 3
    return (2 * y_dot / 3 + theta_dot / 3, -r * x_dot - y_dot / 3 + theta_dot / 3,
            r * x_dot - y_dot / 3 + theta_dot / 3)


def inverse_times_leg_radius(x_dot, y_dot, theta_dot, leg_radius):
    x, y = x_dot * leg_radius, y_dot * leg_radius
    r = math.sqrt(3) / 3
    return 2 * y / 3 + theta_dot / 3, -r * x - y / 3 + theta_dot / 3, r * x - y / 3 + theta_dot / 3


def inverse_without_turning(x_dot, y_dot, theta_dot, leg_radius):
    r = math.sqrt(3) / 3
    return (2 / 3 * y_dot / leg_radius, -r * x_dot / leg_radius - y_dot / (3 * leg_radius),
            r * x_dot / leg_radius - y_dot / (3 * leg_radius))


def inverse_with_the_whole_turn(x_dot, y_dot, theta_dot, leg_radius):
    x, y = x_dot / leg_radius, y_dot / leg_radius
    r = 1 / math.sqrt(3)
    return 2 / 3 * y + theta_dot, -r * x - y / 3 + theta_dot, r * x - y / 3 + theta_dot


def inverse_thirds_swapped(x_dot, y_dot, theta_dot, leg_radius):
    x, y = x_dot / leg_radius, y_dot / leg_radius
    r = 1 / math.sqrt(3)
    return y / 3 + theta_dot / 3, -r * x - 2 * y / 3 + theta_dot / 3, \
        r * x - 2 * y / 3 + theta_dot / 3


def inverse_by_transposing(x_dot, y_dot, theta_dot, leg_radius):
    angles = np.radians([90.0, 210.0, -30.0])
    forward = np.array([leg_radius * np.cos(angles), leg_radius * np.sin(angles), np.ones(3)])
    return tuple(forward.T @ np.array([x_dot, y_dot, theta_dot]))


def inverse_by_transposing_the_directions(x_dot, y_dot, theta_dot, leg_radius):
    rates = []
    for degrees in (90.0, 210.0, -30.0):
        a = math.radians(degrees)
        rates.append((x_dot * math.cos(a) + y_dot * math.sin(a)) / leg_radius + theta_dot)
    return tuple(rates)


def inverse_of_a_matrix_in_degrees(x_dot, y_dot, theta_dot, leg_radius):
    M = np.ones((3, 3))
    for column, angle in enumerate((90, 210, -30)):
        M[0, column] = leg_radius * np.cos(angle)
        M[1, column] = leg_radius * np.sin(angle)
    return tuple(np.linalg.inv(M) @ [x_dot, y_dot, theta_dot])


def inverse_of_a_matrix_with_210_in_degrees(x_dot, y_dot, theta_dot, leg_radius):
    M = np.array([[0.0, leg_radius * math.cos(210), leg_radius * math.cos(-30)],
                  [leg_radius, leg_radius * math.sin(210), leg_radius * math.sin(-30)],
                  [1.0, 1.0, 1.0]])
    return tuple(np.linalg.inv(M) @ [x_dot, y_dot, theta_dot])


def inverse_with_a_third_for_motor_one(x_dot, y_dot, theta_dot, leg_radius):
    x, y = x_dot / leg_radius, y_dot / leg_radius
    r = 1 / math.sqrt(3)
    return y / 3 + theta_dot / 3, -r * x - y / 3 + theta_dot / 3, r * x - y / 3 + theta_dot / 3


def inverse_of_the_scaled_matrix(x_dot, y_dot, theta_dot, leg_radius):
    angles = np.radians([90.0, 210.0, -30.0])
    matrix = leg_radius * np.vstack([np.cos(angles), np.sin(angles), np.ones(3)])
    return tuple(np.linalg.solve(matrix, np.array([x_dot, y_dot, theta_dot])))


def inverse_of_the_rows_per_motor(x_dot, y_dot, theta_dot, leg_radius):
    rows = [[leg_radius * math.cos(math.radians(a)), leg_radius * math.sin(math.radians(a)), 1.0]
            for a in (90, 210, -30)]
    return tuple(np.linalg.solve(np.array(rows), np.array([x_dot, y_dot, theta_dot])))


def inverse_with_cos_30(x_dot, y_dot, theta_dot, leg_radius):
    c = math.cos(math.pi / 6)
    x, y = x_dot / leg_radius, y_dot / leg_radius
    return 2 * y / 3 + theta_dot / 3, -c * x - y / 3 + theta_dot / 3, c * x - y / 3 + theta_dot / 3


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


def cost_flipped(radius, rot_speed, alpha, beta):
    return beta * rot_speed - alpha * radius


def cost_weights_swapped(radius, rot_speed, alpha, beta):
    return beta * radius - alpha * rot_speed


def cost_plus(radius, rot_speed, alpha, beta):
    return alpha * radius + beta * rot_speed


def cost_in_millimetres(radius, rot_speed, alpha, beta):
    radius_mm = np.asarray(radius) * 1000
    return alpha * radius_mm - beta * rot_speed


def cost_as_a_ratio(radius, rot_speed, alpha, beta):
    return (alpha * radius) / (beta * rot_speed)


def cost_squared_radius(radius, rot_speed, alpha, beta):
    return alpha * radius * radius - beta * rot_speed


def cost_in_degrees_per_second(radius, rot_speed, alpha, beta):
    deg_per_s = np.asarray(rot_speed) * 180 / math.pi
    return alpha * radius - beta * deg_per_s


def cost_without_beta(radius, rot_speed, alpha, beta):
    return alpha * np.asarray(radius) - np.asarray(rot_speed)


def cost_in_rpm(radius, rot_speed, alpha, beta):
    rpm = np.asarray(rot_speed) / (2 * math.pi) * 60
    return alpha * radius - beta * rpm


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
    (INVERSE, inverse_with_x_signs_swapped, "theta2_dot and theta3_dot exchanged"),
    (INVERSE, inverse_without_leg_radius, "leg radius is missing"),
    (INVERSE, inverse_times_leg_radius, "multiplied by the leg radius instead of divided"),
    (INVERSE, inverse_without_turning, "theta_dot / 3 is missing"),
    (INVERSE, inverse_with_the_whole_turn, "the whole theta_dot on every pivot"),
    (INVERSE, inverse_thirds_swapped, "2/3 and 1/3 of y_dot are swapped"),
    (INVERSE, inverse_by_transposing, "transpose of the forward matrix used as its inverse"),
    (INVERSE, inverse_by_transposing_the_directions, "transpose of the forward map's unit "
                                                     "directions"),
    (INVERSE, inverse_of_a_matrix_in_degrees, "built with the angles in degrees"),
    (INVERSE, inverse_of_a_matrix_with_210_in_degrees, "built with 210 and -30 degrees"),
    (INVERSE, inverse_with_a_third_for_motor_one, "motor 1's share of y_dot read as 1/3"),
    (INVERSE, inverse_of_the_scaled_matrix, "theta_dot divided by the leg radius"),
    (INVERSE, inverse_of_the_rows_per_motor, "one row per motor"),
    (INVERSE, inverse_with_cos_30, "sqrt(3)/2 for the x terms' factor"),
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
    (COST, cost_flipped, "the cost's sign flipped"),
    (COST, cost_weights_swapped, "alpha and beta are swapped"),
    (COST, cost_plus, "plus instead of minus"),
    (COST, cost_in_millimetres, "radius converted to mm"),
    (COST, cost_as_a_ratio, "a ratio of the two terms"),
    (COST, cost_squared_radius, "the radius squared"),
    (COST, cost_in_rpm, "converted to rpm"),
    (COST, cost_in_degrees_per_second, "converted to degrees per second"),
    (COST, cost_without_beta, "the weight beta of the rotation speed left out"),
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
    """No hint of the inverse kinematics prints its rows (sqrt(3)/3 x/l ...)."""
    for mistake in get_exercise(INVERSE).mistakes:
        assert "sqrt(3)/3" not in mistake.hint and "/ 3" not in mistake.hint


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


def test_the_cost_cases_are_in_si_units():
    """Radii in m (at most 5 cm), weights alpha per m: the chapter's alpha = 1 per mm is
    1000 per m; the first case's cost is 1000 * 0.002 - 0.5 * 1 = 1.5."""
    exercise = get_exercise(COST)
    for case in exercise.cases():
        assert np.all(np.asarray(case.args[0]) <= 0.05)
        assert case.args[2] >= 500.0
    assert exercise.reference(*exercise.cases()[0].args) == pytest.approx(1.5)
    assert "2 mm" in exercise.cases()[0].about and "per m" in exercise.cases()[0].about


# --------------------------------------------------------------------------- unlisted slips


def forward_without_motor_two_in_x(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    h = math.sqrt(3) / 2
    return (leg_radius * h * theta3_dot,
            leg_radius * (theta1_dot - theta2_dot / 2 - theta3_dot / 2),
            theta1_dot + theta2_dot + theta3_dot)


def inverse_with_half_the_turn(x_dot, y_dot, theta_dot, leg_radius):
    x, y = x_dot / leg_radius, y_dot / leg_radius
    r = math.sqrt(3) / 3
    return 2 / 3 * y + theta_dot / 2, -r * x - y / 3 + theta_dot / 2, r * x - y / 3 + theta_dot / 2


def circle_through_three_points(x, y):
    """Exact through the first three points only: right on exact circles, wrong on noise."""
    (x1, x2, x3), (y1, y2, y3) = x[:3], y[:3]
    d = 2 * (x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2))
    ux = ((x1**2 + y1**2) * (y2 - y3) + (x2**2 + y2**2) * (y3 - y1)
          + (x3**2 + y3**2) * (y1 - y2)) / d
    uy = ((x1**2 + y1**2) * (x3 - x2) + (x2**2 + y2**2) * (x1 - x3)
          + (x3**2 + y3**2) * (x2 - x1)) / d
    return ux, uy, math.hypot(x1 - ux, y1 - uy)


def cost_with_the_speed_squared(radius, rot_speed, alpha, beta):
    return alpha * radius - beta * np.square(rot_speed)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (FORWARD, forward_without_motor_two_in_x),
    (INVERSE, inverse_with_half_the_turn),
    (CIRCLE, circle_through_three_points),
    (COST, cost_with_the_speed_squared),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer no mistake explains gets the generic message, naming no mistake."""
    assert_generic_failure(exercise_id, answer)


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
