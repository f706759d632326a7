"""Chapter 5's checks against answers as students write them."""

import math

import numpy as np
import pytest
from checkcases import assert_generic_failure, summary

# --------------------------------------------------------------------------- right answers


def forward_with_a_matrix(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    s3 = math.sqrt(3) / 2
    matrix = np.array([[0, -s3, s3], [1, -0.5, -0.5], [1 / leg_radius] * 3]) * leg_radius
    return tuple(matrix @ np.array([theta1_dot, theta2_dot, theta3_dot]))


def inverse_by_solving(x_dot, y_dot, theta_dot, leg_radius):
    angles = np.radians([90.0, 210.0, 330.0])
    forward = np.vstack([leg_radius * np.cos(angles), leg_radius * np.sin(angles), np.ones(3)])
    return tuple(np.linalg.solve(forward, [x_dot, y_dot, theta_dot]))


def circle_by_normal_equations(x, y):
    x, y = np.asarray(x), np.asarray(y)
    A = np.column_stack([2 * x, 2 * y, np.ones_like(x)])
    b = x**2 + y**2
    xc, yc, c = np.linalg.solve(A.T @ A, A.T @ b)
    return xc, yc, math.sqrt(c + xc**2 + yc**2)


def cost_in_one_line(radius, rot_speed, alpha, beta):
    return -(beta * rot_speed - alpha * radius)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("stickslip.forward_kinematics", forward_with_a_matrix),
    ("stickslip.inverse_kinematics", inverse_by_solving),
    ("stickslip.fit_circle", circle_by_normal_equations),
    ("stickslip.calibration_cost", cost_in_one_line),
], ids=lambda value: getattr(value, "__name__", value))
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
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


def inverse_copied_from_the_source(x_dot, y_dot, theta_dot, leg_radius):
    t1 = 2 / 3 * y_dot / leg_radius + theta_dot / 3
    t2 = -math.sqrt(3) / 3 * x_dot / leg_radius - y_dot / (3 * leg_radius) + theta_dot / 3
    return t1, t2, t2


def inverse_without_turning(x_dot, y_dot, theta_dot, leg_radius):
    r = math.sqrt(3) / 3
    return (2 / 3 * y_dot / leg_radius, -r * x_dot / leg_radius - y_dot / (3 * leg_radius),
            r * x_dot / leg_radius - y_dot / (3 * leg_radius))


def circle_diameter(x, y):
    xc, yc, r = circle_by_normal_equations(x, y)
    return xc, yc, 2 * r


def cost_flipped(radius, rot_speed, alpha, beta):
    return beta * rot_speed - alpha * radius


STUDENTS = [
    ("stickslip.forward_kinematics", forward_with_30_degrees, "210 degrees taken as 30"),
    ("stickslip.forward_kinematics", forward_in_degrees, "in degrees"),
    ("stickslip.inverse_kinematics", inverse_copied_from_the_source, "label slip copied"),
    ("stickslip.inverse_kinematics", inverse_without_turning, "theta_dot / 3 is missing"),
    ("stickslip.fit_circle", circle_diameter, "diameter instead of the radius"),
    ("stickslip.calibration_cost", cost_flipped, "sign is flipped"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def circle_through_three_points(x, y):
    """Exact through the first three points only: right on exact circles, wrong on noise."""
    (x1, x2, x3), (y1, y2, y3) = x[:3], y[:3]
    d = 2 * (x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2))
    ux = ((x1**2 + y1**2) * (y2 - y3) + (x2**2 + y2**2) * (y3 - y1)
          + (x3**2 + y3**2) * (y1 - y2)) / d
    uy = ((x1**2 + y1**2) * (x3 - x2) + (x2**2 + y2**2) * (x1 - x3)
          + (x3**2 + y3**2) * (x2 - x1)) / d
    return ux, uy, math.hypot(x1 - ux, y1 - uy)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("stickslip.fit_circle", circle_through_three_points),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    assert_generic_failure(exercise_id, answer)
