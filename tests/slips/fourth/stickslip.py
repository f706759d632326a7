"""Typical wrong answers to chapter 5's exercises (the stick-slip drive): the fourth, blind set.

Written from the exercise notebook ``exercises/05_stickslip.ipynb`` and the chapter's lessons
(``chapters/05_stickslip/``) and ``book/notation.md`` only, without reading the checks, the
solutions, the keys or the other slip sets. Exercises 5.2 (``stickslip.inverse_kinematics``)
and 5.4 (``stickslip.calibration_cost``). Exercise 5.4's slips fit their circles with the
writer's own right Kasa fit of exercise 5.3, ``_fit_circle``, as a student's 5.4 uses their
own 5.3.

Measured blind, before any check changed for it: 8 of its 16 slips named (50 %), none
passed, both right answers passed. The checks then learned seven of the unnamed slips as
typical mistakes: 15 of 16 named. ``cc_legs_do_not_turn`` stays unnamed, as not one
well-defined result: with the feet carried but not turned, every cycle moves the centre by
the same step, so the cycle ends lie on a line and there is no circle. What a fit makes of
collinear points is ill-conditioned: lstsq's minimum-norm solution gives a radius that
changes with the cycles simulated, and the book's fit an infinite one. It is rejected all the
same.
"""

import math

import numpy as np

BLIND = "8 of 16 slips named (50 %), 0 passed, the right answers passed"
TAUGHT = True


# --------------------------------------------------------------------------------------------
# Helpers (a student's own earlier answers)
# --------------------------------------------------------------------------------------------

def _fit_circle(x, y):
    """Kasa's algebraic circle fit (exercise 5.3), right: returns (xc, yc, radius)."""
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    A = np.column_stack([x, y, np.ones_like(x)])
    b = -(x ** 2 + y ** 2)
    (D, E, F), *_ = np.linalg.lstsq(A, b, rcond=None)
    xc, yc = -D / 2, -E / 2
    radius = math.sqrt(max(xc ** 2 + yc ** 2 - F, 0.0))
    return xc, yc, radius


def _solve_rates(columns, x_dot, y_dot, theta_dot):
    """Solve columns @ rates = (x_dot, y_dot, theta_dot), broadcast over array inputs."""
    x_dot, y_dot, theta_dot = np.broadcast_arrays(
        np.asarray(x_dot, dtype=float), np.asarray(y_dot, dtype=float),
        np.asarray(theta_dot, dtype=float))
    shape = x_dot.shape
    wanted = np.stack([x_dot.ravel(), y_dot.ravel(), theta_dot.ravel()])
    rates = np.linalg.solve(columns, wanted)
    out = tuple(r.reshape(shape) for r in rates)
    if shape == ():
        out = tuple(float(r) for r in out)
    return out


def _pivot_columns(legs):
    """Right forward map: column i is (p_iy, -p_ix, 1), the centre's velocity per unit rate."""
    legs = np.asarray(legs, dtype=float)
    return np.vstack([legs[:, 1], -legs[:, 0], np.ones(3)])


# --------------------------------------------------------------------------------------------
# Exercise 5.2: inverse kinematics, legs anywhere
# --------------------------------------------------------------------------------------------

def inverse_kinematics_right(x_dot, y_dot, theta_dot, legs):
    """RIGHT: centre velocity of a pivot about foot p_i is w_i z x (0 - p_i); solve the 3x3."""
    return _solve_rates(_pivot_columns(legs), x_dot, y_dot, theta_dot)


def ik_chapter_inverse(x_dot, y_dot, theta_dot, legs):
    """Slip: the chapter's 120-degree inverse (5.3.1) with ell the legs' mean distance."""
    legs = np.asarray(legs, dtype=float)
    ell = np.mean(np.hypot(legs[:, 0], legs[:, 1]))
    x_dot, y_dot, theta_dot = (np.asarray(v, dtype=float) for v in (x_dot, y_dot, theta_dot))
    s3 = np.sqrt(3.0)
    t1 = 2 / 3 * y_dot / ell + theta_dot / 3
    t2 = -s3 / 3 * x_dot / ell - y_dot / (3 * ell) + theta_dot / 3
    t3 = s3 / 3 * x_dot / ell - y_dot / (3 * ell) + theta_dot / 3
    return t1, t2, t3


def ik_foot_seen_from_centre(x_dot, y_dot, theta_dot, legs):
    """Slip: velocity w z x p_i (the foot about the centre) instead of w z x (0 - p_i)."""
    legs = np.asarray(legs, dtype=float)
    columns = np.vstack([-legs[:, 1], legs[:, 0], np.ones(3)])
    return _solve_rates(columns, x_dot, y_dot, theta_dot)


def ik_rows_for_columns(x_dot, y_dot, theta_dot, legs):
    """Slip: each leg's velocity written as a row, not a column (solves with the transpose)."""
    return _solve_rates(_pivot_columns(legs).T, x_dot, y_dot, theta_dot)


def ik_radial_push(x_dot, y_dot, theta_dot, legs):
    """Slip: the centre moves away from the foot along p_i, not across it (no perpendicular)."""
    legs = np.asarray(legs, dtype=float)
    columns = np.vstack([-legs[:, 0], -legs[:, 1], np.ones(3)])
    return _solve_rates(columns, x_dot, y_dot, theta_dot)


def ik_unit_directions(x_dot, y_dot, theta_dot, legs):
    """Slip: the lever |p_i| dropped: the centre moves at theta_dot_i along the unit thrust."""
    legs = np.asarray(legs, dtype=float)
    norms = np.hypot(legs[:, 0], legs[:, 1])
    columns = np.vstack([legs[:, 1] / norms, -legs[:, 0] / norms, np.ones(3)])
    return _solve_rates(columns, x_dot, y_dot, theta_dot)


def ik_from_centroid(x_dot, y_dot, theta_dot, legs):
    """Slip: wrong reference point: legs measured from their centroid, not from the centre."""
    legs = np.asarray(legs, dtype=float)
    return _solve_rates(_pivot_columns(legs - legs.mean(axis=0)), x_dot, y_dot, theta_dot)


def ik_common_ell(x_dot, y_dot, theta_dot, legs):
    """Slip: each leg's direction, but one common lever ell (their mean distance) for all."""
    legs = np.asarray(legs, dtype=float)
    norms = np.hypot(legs[:, 0], legs[:, 1])
    ell = norms.mean()
    return _solve_rates(_pivot_columns(legs / norms[:, None] * ell), x_dot, y_dot, theta_dot)


def ik_degrees(x_dot, y_dot, theta_dot, legs):
    """Slip: rates handed back in degrees per second instead of rad/s."""
    rates = _solve_rates(_pivot_columns(legs), x_dot, y_dot, theta_dot)
    return tuple(np.degrees(r) for r in rates)


# --------------------------------------------------------------------------------------------
# Exercise 5.4: the cost of a spin, simulated
# --------------------------------------------------------------------------------------------

_LEG_ANGLES = np.radians([180.0, 300.0, 60.0])
_CYCLES = 12


def _legs(leg_radius, angles=_LEG_ANGLES):
    return leg_radius * np.column_stack([np.cos(angles), np.sin(angles)])


def _rot(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s], [s, c]])


def _spin(pivots, legs, cycles=_CYCLES, rot=_rot, legs_turn=True):
    """End-of-cycle centres of a rigid spin (start included)."""
    centre = np.zeros(2)
    theta = 0.0
    points = [centre.copy()]
    for _ in range(cycles):
        for i in range(3):
            a = float(pivots[i])
            foot = centre + (_rot(theta) @ legs[i] if legs_turn else legs[i])
            centre = foot + rot(a) @ (centre - foot)
            theta += a
        points.append(centre.copy())
    return np.array(points)


def _spin_cost(points, pivots, step_time, alpha, beta, per=3, signed=False, r_scale=1.0):
    _, _, radius = _fit_circle(points[:, 0], points[:, 1])
    turn = float(np.sum(pivots))
    speed = (turn if signed else abs(turn)) / (per * step_time)
    return radius, speed, alpha * radius * r_scale - beta * speed


def calibration_cost_right(pivots, leg_radius, step_time, alpha, beta):
    """RIGHT: rigid pivots about the turned legs, 12 cycles, Kasa fit, V = |sum a| / (3 T)."""
    points = _spin(pivots, _legs(leg_radius))
    return _spin_cost(points, pivots, step_time, alpha, beta)


def cc_radius_mm(pivots, leg_radius, step_time, alpha, beta):
    """Slip: the book's mm in the cost: alpha * R[mm] - beta * V with alpha given per metre."""
    points = _spin(pivots, _legs(leg_radius))
    return _spin_cost(points, pivots, step_time, alpha, beta, r_scale=1e3)


def cc_speed_per_step(pivots, leg_radius, step_time, alpha, beta):
    """Slip: rotation speed = turn of a cycle over ONE step's time (cycle is three steps)."""
    points = _spin(pivots, _legs(leg_radius))
    return _spin_cost(points, pivots, step_time, alpha, beta, per=1)


def cc_legs_do_not_turn(pivots, leg_radius, step_time, alpha, beta):
    """Slip: the feet taken at centre + p_i, not rotated with the robot's heading."""
    points = _spin(pivots, _legs(leg_radius), legs_turn=False)
    return _spin_cost(points, pivots, step_time, alpha, beta)


def cc_record_every_step(pivots, leg_radius, step_time, alpha, beta):
    """Slip: the camera's point appended after every pivot (one indent too deep), not per cycle."""
    legs = _legs(leg_radius)
    centre = np.zeros(2)
    theta = 0.0
    points = [centre.copy()]
    for _ in range(_CYCLES):
        for i in range(3):
            a = float(pivots[i])
            foot = centre + _rot(theta) @ legs[i]
            centre = foot + _rot(a) @ (centre - foot)
            theta += a
            points.append(centre.copy())
    return _spin_cost(np.array(points), pivots, step_time, alpha, beta)


def cc_rotation_transposed(pivots, leg_radius, step_time, alpha, beta):
    """Slip: rotation matrix written [[c, s], [-s, c]] (transpose) for the pivot about the foot."""
    points = _spin(pivots, _legs(leg_radius), rot=lambda a: _rot(a).T)
    return _spin_cost(points, pivots, step_time, alpha, beta)


def cc_signed_speed(pivots, leg_radius, step_time, alpha, beta):
    """Slip: rotation speed kept signed (no abs), so a clockwise spin is penalised."""
    points = _spin(pivots, _legs(leg_radius))
    return _spin_cost(points, pivots, step_time, alpha, beta, signed=True)


def cc_linear_steps(pivots, leg_radius, step_time, alpha, beta):
    """Slip: exercise 5.1's linear kinematics per step (ell*a along the thrust), not pivots."""
    thrusts = np.radians([90.0, 210.0, -30.0])
    centre = np.zeros(2)
    theta = 0.0
    points = [centre.copy()]
    for _ in range(_CYCLES):
        for i in range(3):
            a = float(pivots[i])
            step = leg_radius * a * np.array([math.cos(thrusts[i]), math.sin(thrusts[i])])
            centre = centre + _rot(theta) @ step
            theta += a
        points.append(centre.copy())
    return _spin_cost(np.array(points), pivots, step_time, alpha, beta)


def cc_leg_angles_in_degrees(pivots, leg_radius, step_time, alpha, beta):
    """Slip: leg angles 180, 300, 60 passed to np.cos/np.sin in degrees, not radians."""
    points = _spin(pivots, _legs(leg_radius, np.array([180.0, 300.0, 60.0])))
    return _spin_cost(points, pivots, step_time, alpha, beta)


SLIPS = [
    ("stickslip.inverse_kinematics", ik_chapter_inverse),
    ("stickslip.inverse_kinematics", ik_foot_seen_from_centre),
    ("stickslip.inverse_kinematics", ik_rows_for_columns),
    ("stickslip.inverse_kinematics", ik_radial_push),
    ("stickslip.inverse_kinematics", ik_unit_directions),
    ("stickslip.inverse_kinematics", ik_from_centroid),
    ("stickslip.inverse_kinematics", ik_common_ell),
    ("stickslip.inverse_kinematics", ik_degrees),
    ("stickslip.calibration_cost", cc_radius_mm),
    ("stickslip.calibration_cost", cc_speed_per_step),
    ("stickslip.calibration_cost", cc_legs_do_not_turn),
    ("stickslip.calibration_cost", cc_record_every_step),
    ("stickslip.calibration_cost", cc_rotation_transposed),
    ("stickslip.calibration_cost", cc_signed_speed),
    ("stickslip.calibration_cost", cc_linear_steps),
    ("stickslip.calibration_cost", cc_leg_angles_in_degrees),
]

RIGHT = {
    "stickslip.inverse_kinematics": inverse_kinematics_right,
    "stickslip.calibration_cost": calibration_cost_right,
}
