"""Typical wrong answers to the exercises of chapter 5 (the stick-slip drive)."""

import numpy as np

# --------------------------------------------------------------------------- 5.1 forward


def forward_degrees_as_radians(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """np.cos(210) and np.sin(-30): the thrust angles in degrees given to np.cos and np.sin."""
    l = leg_radius  # noqa: E741
    x_dot = l * (theta2_dot * np.cos(210) + theta3_dot * np.cos(-30))
    y_dot = l * (theta1_dot + theta2_dot * np.sin(210) + theta3_dot * np.sin(-30))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def forward_turn_rate_averaged(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """The turn rate divided by 3, as if it were the mean of the pivot rates."""
    a2, a3 = np.radians(210), np.radians(-30)
    l = leg_radius  # noqa: E741
    x_dot = l * (theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3))
    y_dot = l * (theta1_dot + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3))
    return x_dot, y_dot, (theta1_dot + theta2_dot + theta3_dot) / 3


def forward_sin_cos_swapped(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """sin for x and cos for y (the thrust directions' components swapped)."""
    a1, a2, a3 = np.radians([90, 210, -30])
    l = leg_radius  # noqa: E741
    x_dot = l * (theta1_dot * np.sin(a1) + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3))
    y_dot = l * (theta1_dot * np.cos(a1) + theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def forward_no_leg_radius(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """The leg radius forgotten: rates in rad/s taken as speeds in m/s."""
    a2, a3 = np.radians(210), np.radians(-30)
    x_dot = theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3)
    y_dot = theta1_dot + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3)
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def forward_motor1_along_x(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Motor 1's thrust along x, at 0, 120 and 240 degrees, where the text puts it along y."""
    angles = np.radians([0, 120, 240])
    rates = (theta1_dot, theta2_dot, theta3_dot)
    x_dot = leg_radius * sum(r * np.cos(a) for r, a in zip(rates, angles, strict=True))
    y_dot = leg_radius * sum(r * np.sin(a) for r, a in zip(rates, angles, strict=True))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def forward_turn_rate_over_leg(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """The turn rate divided by the leg radius, as if the pivot rates were speeds."""
    a2, a3 = np.radians(210), np.radians(-30)
    l = leg_radius  # noqa: E741
    x_dot = l * (theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3))
    y_dot = l * (theta1_dot + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3))
    return x_dot, y_dot, (theta1_dot + theta2_dot + theta3_dot) / l


def forward_motor1_missing_in_y(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Motor 1 left out of y_dot, as it is (rightly) out of x_dot."""
    a2, a3 = np.radians(210), np.radians(-30)
    l = leg_radius  # noqa: E741
    x_dot = l * (theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3))
    y_dot = l * (theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def forward_minus_30_read_as_30(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """Motor 3's thrust at +30 degrees where the text gives -30."""
    a2, a3 = np.radians(210), np.radians(30)
    l = leg_radius  # noqa: E741
    x_dot = l * (theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3))
    y_dot = l * (theta1_dot + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3))
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


# --------------------------------------------------------------------------- 5.2 inverse


def _forward_matrix(leg_radius, angles_deg=(90, 210, -30)):
    a = np.radians(angles_deg)
    return np.array([leg_radius * np.cos(a), leg_radius * np.sin(a), np.ones(3)])


def inverse_transpose_for_inverse(x_dot, y_dot, theta_dot, leg_radius):
    """The transpose of the forward matrix used as its inverse."""
    J = _forward_matrix(leg_radius)
    return tuple(J.T @ np.array([x_dot, y_dot, theta_dot]))


def inverse_rows_2_and_3_swapped(x_dot, y_dot, theta_dot, leg_radius):
    """theta2 and theta3 exchanged, as the source's labels suggest (its third line says 2)."""
    l = leg_radius  # noqa: E741
    r3 = np.sqrt(3) / 3
    theta1 = 2 / 3 * y_dot / l + theta_dot / 3
    theta3 = -r3 * x_dot / l - y_dot / l / 3 + theta_dot / 3
    theta2 = r3 * x_dot / l - y_dot / l / 3 + theta_dot / 3
    return theta1, theta2, theta3


def inverse_no_leg_radius(x_dot, y_dot, theta_dot, leg_radius):
    """The division by the leg radius forgotten."""
    r3 = np.sqrt(3) / 3
    return (2 / 3 * y_dot + theta_dot / 3,
            -r3 * x_dot - y_dot / 3 + theta_dot / 3,
            r3 * x_dot - y_dot / 3 + theta_dot / 3)


def inverse_times_leg_radius(x_dot, y_dot, theta_dot, leg_radius):
    """Multiplied by the leg radius instead of divided."""
    l = leg_radius  # noqa: E741
    r3 = np.sqrt(3) / 3
    return (2 / 3 * y_dot * l + theta_dot / 3,
            -r3 * x_dot * l - y_dot * l / 3 + theta_dot / 3,
            r3 * x_dot * l - y_dot * l / 3 + theta_dot / 3)


def inverse_turn_rate_not_shared(x_dot, y_dot, theta_dot, leg_radius):
    """theta_dot added whole to each rate instead of a third of it."""
    l = leg_radius  # noqa: E741
    r3 = np.sqrt(3) / 3
    return (2 / 3 * y_dot / l + theta_dot,
            -r3 * x_dot / l - y_dot / l / 3 + theta_dot,
            r3 * x_dot / l - y_dot / l / 3 + theta_dot)


def inverse_degrees_as_radians(x_dot, y_dot, theta_dot, leg_radius):
    """The forward matrix built with np.cos(210) (degrees as radians), then inverted."""
    a = np.array([90, 210, -30])
    J = np.array([leg_radius * np.cos(a), leg_radius * np.sin(a), np.ones(3)])
    return tuple(np.linalg.solve(J, np.array([x_dot, y_dot, theta_dot])))


def inverse_root3_over_2(x_dot, y_dot, theta_dot, leg_radius):
    """sqrt(3)/2 (a cosine of 30 degrees) where the inverse has sqrt(3)/3."""
    l = leg_radius  # noqa: E741
    r = np.sqrt(3) / 2
    return (2 / 3 * y_dot / l + theta_dot / 3,
            -r * x_dot / l - y_dot / l / 3 + theta_dot / 3,
            r * x_dot / l - y_dot / l / 3 + theta_dot / 3)


def inverse_matrix_transposed_then_inverted(x_dot, y_dot, theta_dot, leg_radius):
    """One row per motor instead of one column: the transpose of the matrix inverted."""
    J = _forward_matrix(leg_radius).T
    return tuple(np.linalg.inv(J) @ np.array([x_dot, y_dot, theta_dot]))


# --------------------------------------------------------------------------- 5.3 circle fit


def _kasa(x, y):
    A = np.column_stack([x, y, np.ones_like(x)])
    return np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)[0]


def circle_radius_without_quarters(x, y):
    """radius = sqrt(D^2 + E^2 - F): the 1/4 of D^2/4 + E^2/4 forgotten."""
    D, E, F = _kasa(x, y)
    return -D / 2, -E / 2, np.sqrt(D**2 + E**2 - F)


def circle_centre_sign(x, y):
    """Centre (D/2, E/2): the minus of -D/2, -E/2 lost."""
    D, E, F = _kasa(x, y)
    return D / 2, E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def circle_centre_not_halved(x, y):
    """Centre (-D, -E): the 1/2 of -D/2, -E/2 forgotten."""
    D, E, F = _kasa(x, y)
    return -D, -E, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def circle_right_side_sign(x, y):
    """b = x^2 + y^2 where the equation gives -(x^2 + y^2): D, E, F all change sign."""
    A = np.column_stack([x, y, np.ones_like(x)])
    D, E, F = np.linalg.lstsq(A, x**2 + y**2, rcond=None)[0]
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def circle_radius_plus_F(x, y):
    """radius = sqrt(D^2/4 + E^2/4 + F): the sign of F in the radius."""
    D, E, F = _kasa(x, y)
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 + F)


def circle_radius_squared(x, y):
    """The square root forgotten: the radius squared."""
    D, E, F = _kasa(x, y)
    return -D / 2, -E / 2, D**2 / 4 + E**2 / 4 - F


def circle_columns_swapped(x, y):
    """A's first two columns in the order (y, x): D and E, and so xc and yc, exchanged."""
    A = np.column_stack([y, x, np.ones_like(x)])
    D, E, F = np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)[0]
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def circle_centroid(x, y):
    """The points' mean taken as the centre and their mean distance from it as the radius."""
    xc, yc = np.mean(x), np.mean(y)
    return xc, yc, np.mean(np.hypot(x - xc, y - yc))


# --------------------------------------------------------------------------- 5.4 cost


def cost_plus(radius, rot_speed, alpha, beta):
    """alpha R + beta V: a fast rotation punished instead of rewarded."""
    return alpha * radius + beta * rot_speed


def cost_weights_swapped(radius, rot_speed, alpha, beta):
    """beta R - alpha V: the weights exchanged."""
    return beta * radius - alpha * rot_speed


def cost_radius_to_mm(radius, rot_speed, alpha, beta):
    """The radius multiplied by 1000 (to mm), although it comes in the caller's unit."""
    return alpha * radius * 1000 - beta * rot_speed


def cost_ratio(radius, rot_speed, alpha, beta):
    """alpha R / (beta V): a ratio instead of the weighted difference."""
    return alpha * radius / (beta * rot_speed)


def cost_radius_squared(radius, rot_speed, alpha, beta):
    """alpha R^2 - beta V: the radius squared, as in a least-squares cost."""
    return alpha * radius**2 - beta * rot_speed


def cost_negated(radius, rot_speed, alpha, beta):
    """beta V - alpha R: written to be maximised, while Nelder-Mead minimises it."""
    return beta * rot_speed - alpha * radius


def cost_speed_in_rpm(radius, rot_speed, alpha, beta):
    """The rotation speed converted to rpm (60 / 2 pi) before weighting."""
    return alpha * radius - beta * rot_speed * 60 / (2 * np.pi)


# --------------------------------------------------------------------------- 5.5 carried counts
# (written by the check's author, not blind)


def _wanted_rows(commands, pivot, leg_radius):
    r = np.sqrt(3) / 3
    rows = []
    for x_dot, y_dot, theta_dot, duration in commands:
        x, y = x_dot / leg_radius, y_dot / leg_radius
        rates = np.array([2 * y / 3 + theta_dot / 3, -r * x - y / 3 + theta_dot / 3,
                          r * x - y / 3 + theta_dot / 3])
        rows.append(rates * duration / pivot)
    return np.array(rows).reshape(-1, 3)


def counts_rounded_each(commands, pivot, leg_radius):
    """Each command's pivots rounded on their own: no remainder carried."""
    return np.rint(_wanted_rows(commands, pivot, leg_radius)).astype(int)


def counts_truncated_totals(commands, pivot, leg_radius):
    """The running totals cut with astype(int) (towards zero), then differenced."""
    totals = np.cumsum(_wanted_rows(commands, pivot, leg_radius), axis=0).astype(int)
    return np.diff(totals, axis=0, prepend=np.zeros((1, 3), int))


def counts_totals_not_differenced(commands, pivot, leg_radius):
    """The running totals of pivots returned, not each command's share."""
    return np.rint(np.cumsum(_wanted_rows(commands, pivot, leg_radius), axis=0)).astype(int)


def counts_remainder_subtracted(commands, pivot, leg_radius):
    """The remainder carried as made minus wanted (its sign the wrong way)."""
    carry, out = np.zeros(3), []
    for row in _wanted_rows(commands, pivot, leg_radius):
        made = np.rint(row + carry)
        carry = made - row - carry
        out.append(made)
    return np.array(out, dtype=int)


SLIPS = [
    ("stickslip.forward_kinematics", forward_degrees_as_radians),
    ("stickslip.forward_kinematics", forward_turn_rate_averaged),
    ("stickslip.forward_kinematics", forward_sin_cos_swapped),
    ("stickslip.forward_kinematics", forward_no_leg_radius),
    ("stickslip.forward_kinematics", forward_motor1_along_x),
    ("stickslip.forward_kinematics", forward_turn_rate_over_leg),
    ("stickslip.forward_kinematics", forward_motor1_missing_in_y),
    ("stickslip.forward_kinematics", forward_minus_30_read_as_30),
    ("stickslip.inverse_kinematics", inverse_transpose_for_inverse),
    ("stickslip.inverse_kinematics", inverse_rows_2_and_3_swapped),
    ("stickslip.inverse_kinematics", inverse_no_leg_radius),
    ("stickslip.inverse_kinematics", inverse_times_leg_radius),
    ("stickslip.inverse_kinematics", inverse_turn_rate_not_shared),
    ("stickslip.inverse_kinematics", inverse_degrees_as_radians),
    ("stickslip.inverse_kinematics", inverse_root3_over_2),
    ("stickslip.inverse_kinematics", inverse_matrix_transposed_then_inverted),
    ("stickslip.fit_circle", circle_radius_without_quarters),
    ("stickslip.fit_circle", circle_centre_sign),
    ("stickslip.fit_circle", circle_centre_not_halved),
    ("stickslip.fit_circle", circle_right_side_sign),
    ("stickslip.fit_circle", circle_radius_plus_F),
    ("stickslip.fit_circle", circle_radius_squared),
    ("stickslip.fit_circle", circle_columns_swapped),
    ("stickslip.fit_circle", circle_centroid),
    ("stickslip.calibration_cost", cost_plus),
    ("stickslip.calibration_cost", cost_weights_swapped),
    ("stickslip.calibration_cost", cost_radius_to_mm),
    ("stickslip.calibration_cost", cost_ratio),
    ("stickslip.calibration_cost", cost_radius_squared),
    ("stickslip.calibration_cost", cost_negated),
    ("stickslip.calibration_cost", cost_speed_in_rpm),
    ("stickslip.carried_counts", counts_rounded_each),
    ("stickslip.carried_counts", counts_truncated_totals),
    ("stickslip.carried_counts", counts_totals_not_differenced),
    ("stickslip.carried_counts", counts_remainder_subtracted),
]
