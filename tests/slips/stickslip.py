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
# (rewritten by the check's author for legs anywhere, not blind)


def _pivot_columns(legs):
    """Forward matrix: a unit pivot about foot (px, py) moves the centre at (py, -px)."""
    legs = np.asarray(legs, dtype=float)
    return np.array([legs[:, 1], -legs[:, 0], np.ones(3)])


def _solve(matrix, x_dot, y_dot, theta_dot):
    return tuple(np.linalg.solve(matrix, np.array([x_dot, y_dot, theta_dot], dtype=float)))


def inverse_transpose_for_inverse(x_dot, y_dot, theta_dot, legs):
    """The transpose of the forward matrix used as its inverse."""
    return tuple(_pivot_columns(legs).T @ np.array([x_dot, y_dot, theta_dot]))


def inverse_third_rate_is_second(x_dot, y_dot, theta_dot, legs):
    """The source's printed inverse copied: its third line labelled theta2_dot."""
    t1, t2, _ = _solve(_pivot_columns(legs), x_dot, y_dot, theta_dot)
    return t1, t2, t2


def inverse_chapter_formula(x_dot, y_dot, theta_dot, legs):
    """The chapter's closed-form inverse, with the mean distance of the legs as l."""
    ell = np.mean(np.hypot(np.asarray(legs)[:, 0], np.asarray(legs)[:, 1]))
    r3 = np.sqrt(3) / 3
    return (2 / 3 * y_dot / ell + theta_dot / 3,
            -r3 * x_dot / ell - y_dot / ell / 3 + theta_dot / 3,
            r3 * x_dot / ell - y_dot / ell / 3 + theta_dot / 3)


def inverse_turn_split_in_three(x_dot, y_dot, theta_dot, legs):
    """The translation solved alone, then theta_dot / 3 added to each rate."""
    rates = _solve(_pivot_columns(legs), x_dot, y_dot, 0.0 * np.asarray(theta_dot))
    return tuple(r + theta_dot / 3 for r in rates)


def inverse_cross_product_sign(x_dot, y_dot, theta_dot, legs):
    """The centre's velocity as z x p (the foot about the centre), not z x (0 - p)."""
    legs = np.asarray(legs, dtype=float)
    return _solve(np.array([-legs[:, 1], legs[:, 0], np.ones(3)]), x_dot, y_dot, theta_dot)


def inverse_one_row_per_leg(x_dot, y_dot, theta_dot, legs):
    """Each leg's (py, -px, 1) written as a row of the matrix, then solved."""
    return _solve(_pivot_columns(legs).T, x_dot, y_dot, theta_dot)


def inverse_chapter_directions(x_dot, y_dot, theta_dot, legs):
    """The thrusts at 90, 210 and -30 degrees, scaled by each leg's distance."""
    dist = np.hypot(np.asarray(legs)[:, 0], np.asarray(legs)[:, 1])
    a = np.radians([90, 210, -30])
    return _solve(np.array([dist * np.cos(a), dist * np.sin(a), np.ones(3)]), x_dot, y_dot,
                  theta_dot)


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
# (rewritten by the check's author for the simulated spin, not blind)

_LEG_ANGLES = np.radians([180.0, 300.0, 60.0])


def _cycle_ends(pivots, leg_radius, cycles=10, carry_legs=True, every_pivot=False):
    """The centre after each cycle (or each pivot) of a spin from the origin."""
    pos, heading = np.zeros(2), 0.0
    ends, everywhere = [pos], [pos]
    for _ in range(cycles):
        for a, leg in zip(pivots, _LEG_ANGLES, strict=True):
            if carry_legs:
                foot = pos + leg_radius * np.array([np.cos(heading + leg), np.sin(heading + leg)])
            else:
                foot = leg_radius * np.array([np.cos(leg), np.sin(leg)])
            rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
            pos = foot + rot @ (pos - foot)
            heading += a
            everywhere.append(pos)
        ends.append(pos)
    return np.array(everywhere if every_pivot else ends)


def _radius(points):
    x, y = points[:, 0], points[:, 1]
    A = np.column_stack([x, y, np.ones_like(x)])
    (D, E, F), *_ = np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)
    return np.sqrt(D**2 / 4 + E**2 / 4 - F)


def cost_every_pivot_fitted(pivots, leg_radius, step_time, alpha, beta):
    """The circle fitted to the centre after every pivot, as a camera at full rate sees it."""
    radius = _radius(_cycle_ends(pivots, leg_radius, every_pivot=True))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * radius - beta * speed


def cost_legs_left_behind(pivots, leg_radius, step_time, alpha, beta):
    """Every pivot about its leg's starting place: the legs do not move with the robot."""
    radius = _radius(_cycle_ends(pivots, leg_radius, carry_legs=False))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * radius - beta * speed


def cost_speed_per_step(pivots, leg_radius, step_time, alpha, beta):
    """The cycle's turn divided by one step's time."""
    radius = _radius(_cycle_ends(pivots, leg_radius))
    speed = abs(sum(pivots)) / step_time
    return radius, speed, alpha * radius - beta * speed


def cost_speed_signed(pivots, leg_radius, step_time, alpha, beta):
    """The rotation speed keeps the sign of the cycle's turn."""
    radius = _radius(_cycle_ends(pivots, leg_radius))
    speed = sum(pivots) / (3 * step_time)
    return radius, speed, alpha * radius - beta * speed


def cost_radius_to_mm(pivots, leg_radius, step_time, alpha, beta):
    """The radius in mm in the cost, with alpha per m."""
    radius = _radius(_cycle_ends(pivots, leg_radius))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * radius * 1e3 - beta * speed


def cost_plus(pivots, leg_radius, step_time, alpha, beta):
    """alpha R + beta V: a fast rotation penalised."""
    radius = _radius(_cycle_ends(pivots, leg_radius))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * radius + beta * speed


def cost_continuous_twist(pivots, leg_radius, step_time, alpha, beta):
    """The pivots as rates: radius |v| / |omega| from the forward kinematics."""
    a = np.radians([90, 210, -30])
    v = leg_radius * np.array([np.dot(pivots, np.cos(a)), np.dot(pivots, np.sin(a))])
    radius = np.linalg.norm(v) / abs(sum(pivots))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * radius - beta * speed


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
    ("stickslip.inverse_kinematics", inverse_third_rate_is_second),
    ("stickslip.inverse_kinematics", inverse_chapter_formula),
    ("stickslip.inverse_kinematics", inverse_turn_split_in_three),
    ("stickslip.inverse_kinematics", inverse_cross_product_sign),
    ("stickslip.inverse_kinematics", inverse_one_row_per_leg),
    ("stickslip.inverse_kinematics", inverse_chapter_directions),
    ("stickslip.fit_circle", circle_radius_without_quarters),
    ("stickslip.fit_circle", circle_centre_sign),
    ("stickslip.fit_circle", circle_centre_not_halved),
    ("stickslip.fit_circle", circle_right_side_sign),
    ("stickslip.fit_circle", circle_radius_plus_F),
    ("stickslip.fit_circle", circle_radius_squared),
    ("stickslip.fit_circle", circle_columns_swapped),
    ("stickslip.fit_circle", circle_centroid),
    ("stickslip.calibration_cost", cost_every_pivot_fitted),
    ("stickslip.calibration_cost", cost_legs_left_behind),
    ("stickslip.calibration_cost", cost_speed_per_step),
    ("stickslip.calibration_cost", cost_speed_signed),
    ("stickslip.calibration_cost", cost_radius_to_mm),
    ("stickslip.calibration_cost", cost_plus),
    ("stickslip.calibration_cost", cost_continuous_twist),
    ("stickslip.carried_counts", counts_rounded_each),
    ("stickslip.carried_counts", counts_truncated_totals),
    ("stickslip.carried_counts", counts_totals_not_differenced),
    ("stickslip.carried_counts", counts_remainder_subtracted),
]
