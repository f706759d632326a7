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
# (rewritten by the check's author for legs anywhere, not blind)


def _leg_matrix(legs, perp=lambda px, py: (py, -px)):
    """Columns: the centre's velocity for a unit pivot about each foot, and 1 for the turn."""
    cols = [(*perp(px, py), 1.0) for px, py in np.asarray(legs, dtype=float).tolist()]
    return np.array(cols).T


def _rates(M, x_dot, y_dot, theta_dot):
    return tuple(np.linalg.inv(M) @ np.array([x_dot, y_dot, theta_dot], dtype=float))


def transpose_as_inverse(x_dot, y_dot, theta_dot, legs):
    """M.T in place of inv(M)."""
    return tuple(_leg_matrix(legs).T @ np.array([x_dot, y_dot, theta_dot], dtype=float))


def copied_source_label(x_dot, y_dot, theta_dot, legs):
    """The source's label slip: theta2_dot printed for the third rate, and kept."""
    t1, t2, _ = _rates(_leg_matrix(legs), x_dot, y_dot, theta_dot)
    return t1, t2, t2


def foot_velocity_about_centre(x_dot, y_dot, theta_dot, legs):
    """z x p: the foot's velocity about the centre, not the centre's about the foot."""
    return _rates(_leg_matrix(legs, lambda px, py: (-py, px)), x_dot, y_dot, theta_dot)


def velocity_along_the_leg(x_dot, y_dot, theta_dot, legs):
    """The lever from foot to centre not turned by 90 degrees."""
    return _rates(_leg_matrix(legs, lambda px, py: (-px, -py)), x_dot, y_dot, theta_dot)


def spin_shared_equally(x_dot, y_dot, theta_dot, legs):
    """Each leg gets a third of theta_dot, the rest from x_dot and y_dot alone."""
    t1, t2, t3 = _rates(_leg_matrix(legs), x_dot, y_dot, 0.0 * np.asarray(theta_dot))
    return t1 + theta_dot / 3, t2 + theta_dot / 3, t3 + theta_dot / 3


def droplet_formula_mean_leg(x_dot, y_dot, theta_dot, legs):
    """The chapter's inverse kinematics, with the legs' mean distance for l."""
    ell = float(np.mean(np.linalg.norm(legs, axis=1)))
    X, Y = x_dot / ell, y_dot / ell
    r3 = math.sqrt(3)
    return (2 * Y + theta_dot) / 3, (-r3 * X - Y + theta_dot) / 3, (r3 * X - Y + theta_dot) / 3


def legs_in_millimetres(x_dot, y_dot, theta_dot, legs):
    """The legs' coordinates converted to mm, the speeds left in m/s."""
    return _rates(_leg_matrix(np.asarray(legs) * 1000), x_dot, y_dot, theta_dot)


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
# (rewritten by the check's author for the simulated spin, not blind)


def _spin(pivots, leg_radius, cycles=8, world_legs=False):
    """Cycle-end centres of a spin, with complex numbers: z the centre, h the heading."""
    feet = [leg_radius * np.exp(1j * math.radians(d)) for d in (180, 300, 60)]
    z, h, ends = 0j, 0.0, [0j]
    for _ in range(cycles):
        for a, foot in zip(pivots, feet, strict=True):
            f = foot if world_legs else z + foot * np.exp(1j * h)
            z = f + (z - f) * np.exp(1j * a)
            h += a
        ends.append(z)
    return np.array(ends)


def _fit_radius(z):
    A = np.column_stack([z.real, z.imag, np.ones(len(z))])
    D, E, F = np.linalg.lstsq(A, -abs(z) ** 2, rcond=None)[0]
    return math.sqrt(D * D / 4 + E * E / 4 - F)


def _answer(radius, speed, alpha, beta):
    return radius, speed, alpha * radius - beta * speed


def feet_fixed_on_the_floor(pivots, leg_radius, step_time, alpha, beta):
    """The feet kept where they stood at the start, pivot after pivot."""
    return _answer(_fit_radius(_spin(pivots, leg_radius, world_legs=True)),
                   abs(sum(pivots)) / (3 * step_time), alpha, beta)


def speed_over_one_step(pivots, leg_radius, step_time, alpha, beta):
    """A cycle's turn over step_time: the cycle's three steps forgotten."""
    return _answer(_fit_radius(_spin(pivots, leg_radius)), abs(sum(pivots)) / step_time,
                   alpha, beta)


def flipped_pivots_counted_forwards(pivots, leg_radius, step_time, alpha, beta):
    """The rotation speed from abs() of each pivot: a flipped motor adds to the turn."""
    return _answer(_fit_radius(_spin(pivots, leg_radius)),
                   sum(abs(a) for a in pivots) / (3 * step_time), alpha, beta)


def cost_negated(pivots, leg_radius, step_time, alpha, beta):
    """beta V - alpha R: the whole cost's sign, a reward to maximise."""
    radius, speed, cost = _answer(_fit_radius(_spin(pivots, leg_radius)),
                                  abs(sum(pivots)) / (3 * step_time), alpha, beta)
    return radius, speed, -cost


def weights_swapped(pivots, leg_radius, step_time, alpha, beta):
    """beta R - alpha V: the weights on the wrong terms."""
    radius = _fit_radius(_spin(pivots, leg_radius))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, beta * radius - alpha * speed


def radius_in_mm(pivots, leg_radius, step_time, alpha, beta):
    """The radius converted to mm in the cost, though alpha is already per m."""
    radius = _fit_radius(_spin(pivots, leg_radius))
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * 1000 * radius - beta * speed


def twist_radius(pivots, leg_radius, step_time, alpha, beta):
    """The radius v / omega of the chapter's forward kinematics, pivots taken as rates."""
    thrusts = [np.exp(1j * math.radians(d)) for d in (90, 210, -30)]
    v = leg_radius * sum(a * t for a, t in zip(pivots, thrusts, strict=True))
    return _answer(abs(v) / abs(sum(pivots)), abs(sum(pivots)) / (3 * step_time), alpha, beta)


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
    ("stickslip.inverse_kinematics", foot_velocity_about_centre),
    ("stickslip.inverse_kinematics", velocity_along_the_leg),
    ("stickslip.inverse_kinematics", spin_shared_equally),
    ("stickslip.inverse_kinematics", droplet_formula_mean_leg),
    ("stickslip.inverse_kinematics", legs_in_millimetres),
    ("stickslip.fit_circle", radius_without_quarter),
    ("stickslip.fit_circle", centre_sign),
    ("stickslip.fit_circle", right_side_sign),
    ("stickslip.fit_circle", radius_squared),
    ("stickslip.fit_circle", centre_not_halved),
    ("stickslip.fit_circle", centre_coordinates_swapped),
    ("stickslip.fit_circle", radius_plus_F),
    ("stickslip.fit_circle", centroid_and_mean_distance),
    ("stickslip.calibration_cost", feet_fixed_on_the_floor),
    ("stickslip.calibration_cost", speed_over_one_step),
    ("stickslip.calibration_cost", flipped_pivots_counted_forwards),
    ("stickslip.calibration_cost", cost_negated),
    ("stickslip.calibration_cost", weights_swapped),
    ("stickslip.calibration_cost", radius_in_mm),
    ("stickslip.calibration_cost", twist_radius),
    ("stickslip.carried_counts", counts_floor_of_totals),
    ("stickslip.carried_counts", counts_abs_rates),
    ("stickslip.carried_counts", counts_no_duration),
    ("stickslip.carried_counts", counts_pivot_in_degrees),
]
