"""Typical wrong answers to the exercises of chapter 5 (the stick-slip drive)."""

import math

import numpy as np

# --------------------------------------------------------------------------- 5.1 forward


def thrust_angles_in_degrees(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """np.cos(210) and np.sin(-30): the thrust angles passed in degrees to radian functions."""
    ell = leg_radius
    x_dot = ell * (theta2_dot * np.cos(210) + theta3_dot * np.cos(-30))
    y_dot = ell * (theta1_dot + theta2_dot * np.sin(210) + theta3_dot * np.sin(-30))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def turn_rate_averaged(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """The turn rate as the mean of the three pivot rates, not their sum."""
    ell, a2, a3 = leg_radius, math.radians(210), math.radians(-30)
    x_dot = ell * (theta2_dot * math.cos(a2) + theta3_dot * math.cos(a3))
    y_dot = ell * (theta1_dot + theta2_dot * math.sin(a2) + theta3_dot * math.sin(a3))
    return x_dot, y_dot, (theta1_dot + theta2_dot + theta3_dot) / 3


def fk_sin_cos_swapped(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """x with sin and y with cos of the thrust angles."""
    angles = np.radians([90, 210, -30])
    rates = [theta1_dot, theta2_dot, theta3_dot]
    x_dot = sum(leg_radius * r * np.sin(a) for r, a in zip(rates, angles, strict=True))
    y_dot = sum(leg_radius * r * np.cos(a) for r, a in zip(rates, angles, strict=True))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def fk_without_leg_radius(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Forgot the leg radius: the velocities in rad/s, not m/s."""
    angles = np.radians([90, 210, -30])
    rates = [theta1_dot, theta2_dot, theta3_dot]
    x_dot = sum(r * np.cos(a) for r, a in zip(rates, angles, strict=True))
    y_dot = sum(r * np.sin(a) for r, a in zip(rates, angles, strict=True))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def motors_2_and_3_swapped(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Motor 2 at -30 degrees and motor 3 at 210: the legs numbered the other way round."""
    angles = np.radians([90, -30, 210])
    rates = [theta1_dot, theta2_dot, theta3_dot]
    x_dot = sum(leg_radius * r * np.cos(a) for r, a in zip(rates, angles, strict=True))
    y_dot = sum(leg_radius * r * np.sin(a) for r, a in zip(rates, angles, strict=True))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def leg_radius_in_turn_rate(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Multiplied the turn rate by the leg radius too, like the velocities."""
    A = leg_radius * np.array([[0.0, math.cos(math.radians(210)), math.cos(math.radians(-30))],
                               [1.0, math.sin(math.radians(210)), math.sin(math.radians(-30))],
                               [1.0, 1.0, 1.0]])
    x_dot, y_dot, theta_dot = A @ np.array([theta1_dot, theta2_dot, theta3_dot])
    return x_dot, y_dot, theta_dot


def motor1_along_x(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Put motor 1's thrust along x (at 0, 120, 240 degrees), though y runs along it."""
    angles = np.radians([0, 120, 240])
    rates = [theta1_dot, theta2_dot, theta3_dot]
    x_dot = sum(leg_radius * r * np.cos(a) for r, a in zip(rates, angles, strict=True))
    y_dot = sum(leg_radius * r * np.sin(a) for r, a in zip(rates, angles, strict=True))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def sin_210_taken_positive(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """sin 210 deg taken as +1/2: the sign of a quadrant."""
    ell = leg_radius
    x_dot = ell * (theta2_dot * -math.sqrt(3) / 2 + theta3_dot * math.sqrt(3) / 2)
    y_dot = ell * (theta1_dot + theta2_dot * 0.5 - theta3_dot * 0.5)
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


# --------------------------------------------------------------------------- 5.2 inverse


def _forward_matrix(ell):
    a = np.radians([90, 210, -30])
    return np.array([ell * np.cos(a), ell * np.sin(a), np.ones(3)])


def transpose_as_inverse(x_dot, y_dot, theta_dot, leg_radius):
    """The transpose of the forward matrix used as its inverse."""
    A = _forward_matrix(leg_radius)
    t1, t2, t3 = A.T @ np.array([x_dot, y_dot, theta_dot])
    return t1, t2, t3


def copied_source_label(x_dot, y_dot, theta_dot, leg_radius):
    """Copied the source's two lines labelled theta2: the sqrt(3) rows of 2 and 3 swapped."""
    X, Y = x_dot / leg_radius, y_dot / leg_radius
    t1 = 2 / 3 * Y + theta_dot / 3
    t2 = math.sqrt(3) / 3 * X - Y / 3 + theta_dot / 3
    t3 = -math.sqrt(3) / 3 * X - Y / 3 + theta_dot / 3
    return t1, t2, t3


def multiplied_by_leg_radius(x_dot, y_dot, theta_dot, leg_radius):
    """Multiplies the velocities by the leg radius instead of dividing."""
    X, Y = x_dot * leg_radius, y_dot * leg_radius
    r3 = math.sqrt(3)
    return ((2 * Y + theta_dot) / 3, (-r3 * X - Y + theta_dot) / 3,
            (r3 * X - Y + theta_dot) / 3)


def matrix_from_degrees(x_dot, y_dot, theta_dot, leg_radius):
    """Built the forward matrix with np.cos(210), np.sin(-30) (degrees), then solved it."""
    A = np.array([[0.0, leg_radius * np.cos(210), leg_radius * np.cos(-30)],
                  [leg_radius, leg_radius * np.sin(210), leg_radius * np.sin(-30)],
                  [1.0, 1.0, 1.0]])
    t1, t2, t3 = np.linalg.solve(A, np.array([x_dot, y_dot, theta_dot]))
    return t1, t2, t3


def ik_without_leg_radius(x_dot, y_dot, theta_dot, leg_radius):
    """Forgot to divide by the leg radius."""
    r3 = math.sqrt(3)
    return ((2 * y_dot + theta_dot) / 3, (-r3 * x_dot - y_dot + theta_dot) / 3,
            (r3 * x_dot - y_dot + theta_dot) / 3)


def turn_not_shared(x_dot, y_dot, theta_dot, leg_radius):
    """Each pivot turns the robot at theta_dot, not a third of it."""
    X, Y = x_dot / leg_radius, y_dot / leg_radius
    r3 = math.sqrt(3)
    return 2 / 3 * Y + theta_dot, (-r3 * X - Y) / 3 + theta_dot, (r3 * X - Y) / 3 + theta_dot


def one_third_for_two_thirds(x_dot, y_dot, theta_dot, leg_radius):
    """theta1 = y / (3 l) + theta / 3: the 2/3 of the first row read as 1/3."""
    X, Y = x_dot / leg_radius, y_dot / leg_radius
    r3 = math.sqrt(3)
    return (Y + theta_dot) / 3, (-r3 * X - Y + theta_dot) / 3, (r3 * X - Y + theta_dot) / 3


def leg_radius_in_turn_row(x_dot, y_dot, theta_dot, leg_radius):
    """Scaled the whole forward matrix by the leg radius, its turn row too, then inverted."""
    a = np.radians([90, 210, -30])
    A = leg_radius * np.array([np.cos(a), np.sin(a), np.ones(3)])
    t1, t2, t3 = np.linalg.inv(A) @ np.array([x_dot, y_dot, theta_dot])
    return t1, t2, t3


# --------------------------------------------------------------------------- 5.3 circle fit


def _kasa(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    A = np.column_stack([x, y, np.ones_like(x)])
    return np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)[0]


def radius_without_quarter(x, y):
    """radius = sqrt(D^2 + E^2 - F): the 1/4 (the 1/2 squared) left out."""
    D, E, F = _kasa(x, y)
    return -D / 2, -E / 2, np.sqrt(D**2 + E**2 - F)


def centre_sign(x, y):
    """Centre (D/2, E/2): the sign of completing the square."""
    D, E, F = _kasa(x, y)
    return D / 2, E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def right_side_sign(x, y):
    """b = x^2 + y^2 without the minus sign, then the book's formulas."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    A = np.column_stack([x, y, np.ones_like(x)])
    D, E, F = np.linalg.lstsq(A, x**2 + y**2, rcond=None)[0]
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def radius_squared(x, y):
    """Returns r^2 = D^2/4 + E^2/4 - F: the square root forgotten."""
    D, E, F = _kasa(x, y)
    return -D / 2, -E / 2, D**2 / 4 + E**2 / 4 - F


def centre_not_halved(x, y):
    """Centre (-D, -E): the 1/2 forgotten in the centre (the radius right)."""
    D, E, F = _kasa(x, y)
    return -D, -E, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def centre_coordinates_swapped(x, y):
    """Returns (yc, xc, radius)."""
    D, E, F = _kasa(x, y)
    return -E / 2, -D / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def radius_plus_F(x, y):
    """radius = sqrt(D^2/4 + E^2/4 + F): the sign of F."""
    D, E, F = _kasa(x, y)
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 + F)


def centroid_and_mean_distance(x, y):
    """Not the algebraic fit: the points' centroid and their mean distance from it."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    xc, yc = x.mean(), y.mean()
    return xc, yc, np.mean(np.hypot(x - xc, y - yc))


# --------------------------------------------------------------------------- 5.4 cost


def cost_plus(radius, rot_speed, alpha, beta):
    """alpha R + beta V: a fast rotation punished instead of rewarded."""
    return alpha * radius + beta * rot_speed


def weights_swapped(radius, rot_speed, alpha, beta):
    """beta R - alpha V: the weights on the wrong terms."""
    return beta * radius - alpha * rot_speed


def radius_in_mm(radius, rot_speed, alpha, beta):
    """Converted the radius to mm, though alpha is already per m."""
    return alpha * radius * 1000 - beta * rot_speed


def rotation_in_degrees(radius, rot_speed, alpha, beta):
    """Converted the rotation speed to deg/s, though beta is per rad/s."""
    return alpha * radius - beta * np.degrees(rot_speed)


def cost_as_ratio(radius, rot_speed, alpha, beta):
    """alpha R / (beta V): a ratio where the source subtracts."""
    return alpha * radius / (beta * rot_speed)


def cost_negated(radius, rot_speed, alpha, beta):
    """beta V - alpha R: the whole cost's sign, a reward to maximise."""
    return beta * rot_speed - alpha * radius


def beta_forgotten(radius, rot_speed, alpha, beta):
    """alpha R - V: the weight beta of the rotation left out."""
    return alpha * radius - rot_speed


# --------------------------------------------------------------------------- 5.5 carried counts
# (written by the check's author, not blind)


def _pivot_rates(x_dot, y_dot, theta_dot, leg_radius):
    X, Y, r3 = x_dot / leg_radius, y_dot / leg_radius, math.sqrt(3)
    return ((2 * Y + theta_dot) / 3, (-r3 * X - Y + theta_dot) / 3,
            (r3 * X - Y + theta_dot) / 3)


def counts_floor_of_totals(commands, pivot, leg_radius):
    """math.floor of each motor's running total (rounded down, not to the nearest)."""
    totals, done, out = [0.0] * 3, [0] * 3, []
    for x_dot, y_dot, theta_dot, duration in commands:
        row = []
        for i, rate in enumerate(_pivot_rates(x_dot, y_dot, theta_dot, leg_radius)):
            totals[i] += rate * duration / pivot
            row.append(math.floor(totals[i]) - done[i])
            done[i] = math.floor(totals[i])
        out.append(row)
    return np.array(out)


def counts_abs_rates(commands, pivot, leg_radius):
    """abs() of every pivot rate: reverse pivots counted as forward ones."""
    totals, done, out = np.zeros(3), np.zeros(3), []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = np.abs(_pivot_rates(x_dot, y_dot, theta_dot, leg_radius))
        totals += rates * duration / pivot
        out.append(np.round(totals) - done)
        done = np.round(totals)
    return np.array(out, dtype=int)


def counts_no_duration(commands, pivot, leg_radius):
    """The rate over the pivot angle, the command's duration forgotten."""
    totals, done, out = np.zeros(3), np.zeros(3), []
    for x_dot, y_dot, theta_dot, _ in commands:
        totals += np.array(_pivot_rates(x_dot, y_dot, theta_dot, leg_radius)) / pivot
        out.append(np.round(totals) - done)
        done = np.round(totals)
    return np.array(out, dtype=int)


def counts_pivot_in_degrees(commands, pivot, leg_radius):
    """np.deg2rad applied to the pivot angle, which already is in radians."""
    a = np.deg2rad(pivot)
    totals, done, out = np.zeros(3), np.zeros(3), []
    for x_dot, y_dot, theta_dot, duration in commands:
        totals += np.array(_pivot_rates(x_dot, y_dot, theta_dot, leg_radius)) * duration / a
        out.append(np.round(totals) - done)
        done = np.round(totals)
    return np.array(out, dtype=int)


SLIPS = [
    ("stickslip.forward_kinematics", thrust_angles_in_degrees),
    ("stickslip.forward_kinematics", turn_rate_averaged),
    ("stickslip.forward_kinematics", fk_sin_cos_swapped),
    ("stickslip.forward_kinematics", fk_without_leg_radius),
    ("stickslip.forward_kinematics", motors_2_and_3_swapped),
    ("stickslip.forward_kinematics", leg_radius_in_turn_rate),
    ("stickslip.forward_kinematics", motor1_along_x),
    ("stickslip.forward_kinematics", sin_210_taken_positive),
    ("stickslip.inverse_kinematics", transpose_as_inverse),
    ("stickslip.inverse_kinematics", copied_source_label),
    ("stickslip.inverse_kinematics", multiplied_by_leg_radius),
    ("stickslip.inverse_kinematics", matrix_from_degrees),
    ("stickslip.inverse_kinematics", ik_without_leg_radius),
    ("stickslip.inverse_kinematics", turn_not_shared),
    ("stickslip.inverse_kinematics", one_third_for_two_thirds),
    ("stickslip.inverse_kinematics", leg_radius_in_turn_row),
    ("stickslip.fit_circle", radius_without_quarter),
    ("stickslip.fit_circle", centre_sign),
    ("stickslip.fit_circle", right_side_sign),
    ("stickslip.fit_circle", radius_squared),
    ("stickslip.fit_circle", centre_not_halved),
    ("stickslip.fit_circle", centre_coordinates_swapped),
    ("stickslip.fit_circle", radius_plus_F),
    ("stickslip.fit_circle", centroid_and_mean_distance),
    ("stickslip.calibration_cost", cost_plus),
    ("stickslip.calibration_cost", weights_swapped),
    ("stickslip.calibration_cost", radius_in_mm),
    ("stickslip.calibration_cost", rotation_in_degrees),
    ("stickslip.calibration_cost", cost_as_ratio),
    ("stickslip.calibration_cost", cost_negated),
    ("stickslip.calibration_cost", beta_forgotten),
    ("stickslip.carried_counts", counts_floor_of_totals),
    ("stickslip.carried_counts", counts_abs_rates),
    ("stickslip.carried_counts", counts_no_duration),
    ("stickslip.carried_counts", counts_pivot_in_degrees),
]
