"""The exercises of the stick-slip chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.stickslip` and the source: the robot frame
has x orthogonal to motor 1's thrust and y along it; positive pivot rates move the centre
along the motors' thrusts, 90, 210 and -30 degrees; SI units (m, m/s, rad/s).

The hints teach without printing the formula the exercise asks for: they say what to check
(a fixed case, a unit, putting the answer back into the forward map), not what to type.
"""

from __future__ import annotations

import math

import numpy as np

from robodyn import stickslip
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform, with_hint
from robodyn.grading.judges import IntegerCounts

LEG = stickslip.DropletGeometry().leg_radius
#: The motors' thrust angles, deg, as the exercise text gives them.
THRUSTS_DEG = (90.0, 210.0, -30.0)

# --------------------------------------------------------------------------- forward


def _forward_reference(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    return tuple(stickslip.forward_kinematics([theta1_dot, theta2_dot, theta3_dot],
                                              leg_radius))


def _forward_cases(rng) -> list[Case]:
    cases = [
        Case((1.0, 0.0, 0.0, LEG), "fixed", "motor 1 alone, the Droplet's 15.1 mm legs"),
        Case((0.0, 1.0, 0.0, LEG), "fixed", "motor 2 alone"),
        Case((0.0, 0.0, 1.0, LEG), "fixed", "motor 3 alone"),
        Case((1.0, 1.0, 1.0, LEG), "fixed", "all three alike: a spin in place"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, -2, 2), rounded_uniform(rng, -2, 2),
                           rounded_uniform(rng, -2, 2), LEG), "seeded random"))
    return cases


def _forward_of(angles=THRUSTS_DEG, in_degrees=False, scale=True, turn_scale=1.0,
                swap_axes=False, turn_leg_power=0, motor_one_in_y=True):
    """The forward map summed over the three motors, with the changes of a mistake: other
    thrust angles, the angles handed to np.cos and np.sin in degrees, no leg radius, the
    turn rate scaled, x and y exchanged, the turn rate times a power of the leg radius,
    motor 1 left out of y_dot."""
    def forward(theta1_dot, theta2_dot, theta3_dot, leg_radius):
        radians = np.asarray(angles) if in_degrees else np.radians(angles)
        rates = (theta1_dot, theta2_dot, theta3_dot)
        ell = leg_radius if scale else 1.0
        x = ell * sum(rate * np.cos(a) for rate, a in zip(rates, radians, strict=True))
        y = ell * sum(rate * np.sin(a) for rate, a in zip(rates, radians, strict=True))
        if not motor_one_in_y:
            y = y - ell * theta1_dot * np.sin(radians[0])
        theta = turn_scale * (theta1_dot + theta2_dot + theta3_dot)
        theta = leg_radius**turn_leg_power * theta
        return (y, x, theta) if swap_axes else (x, y, theta)

    return forward


def _motor_one_exact(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    """210 and -30 degrees handed to np.cos and np.sin in degrees; motor 1 written out as
    (0, 1), as in the chapter's equations."""
    x, y, theta = _forward_of(angles=(0.0, 210.0, -30.0), in_degrees=True)(
        0.0, theta2_dot, theta3_dot, leg_radius)
    return x, y + leg_radius * theta1_dot, theta + theta1_dot


_DEGREES_HINT = ("NumPy's np.cos and np.sin take radians: np.cos(210) is the cosine of 210 "
                 "rad. Convert the thrust angles the text gives in degrees with np.radians (or "
                 "np.deg2rad) first.")

_XYT = (Output("x_dot", Close(rtol=1e-9, atol=1e-12)),
        Output("y_dot", Close(rtol=1e-9, atol=1e-12)),
        Output("theta_dot", Close(rtol=1e-9, atol=1e-12)))

_FORWARD = Exercise(
    exercise_id="stickslip.forward_kinematics",
    description="Body velocity of the Droplet from its three pivot rates.",
    function_name="forward_kinematics",
    arguments=("theta1_dot", "theta2_dot", "theta3_dot", "leg_radius"),
    outputs=_XYT,
    # one row of the kinematic matrix per output: each right or wrong alone
    independent_parts=True,
    reference=_forward_reference,
    package_references=("robodyn.stickslip.forward_kinematics",),
    make_cases=_forward_cases,
    mistakes=(
        Mistake("210 degrees taken as 30 degrees (motor 2's thrust points down-left, not "
                "up-right)",
                "Motor 2's thrust at 210 degrees points into the third quadrant: both its x "
                "and its y part are negative. Look at the case 'motor 2 alone'.",
                _forward_of(angles=(90.0, 30.0, -30.0))),
        Mistake("sin 210 degrees taken as +1/2: motor 2's thrust up-left (150 degrees), not "
                "down-left",
                "210 degrees lies in the third quadrant, where the sine is negative as well as "
                "the cosine: motor 2 alone moves the robot back along y. Look at the case "
                "'motor 2 alone'.",
                _forward_of(angles=(90.0, 150.0, -30.0))),
        Mistake("the angles 210 and -30 given to np.cos and np.sin in degrees",
                _DEGREES_HINT, _motor_one_exact),
        Mistake("the angles 90, 210 and -30 given to np.cos and np.sin in degrees",
                _DEGREES_HINT, _forward_of(in_degrees=True)),
        Mistake("-30 degrees taken as +30 degrees",
                "Motor 3's thrust at -30 degrees points down-right: its y part is negative. "
                "Look at the case 'motor 3 alone'.",
                _forward_of(angles=(90.0, 210.0, 30.0))),
        Mistake("the thrusts of motors 2 and 3 exchanged (x_dot has the wrong sign)",
                "Motor 2 thrusts at 210 degrees (towards -x), motor 3 at -30 degrees "
                "(towards +x). Look at the case 'motor 2 alone'.",
                _forward_of(angles=(90.0, -30.0, 210.0))),
        Mistake("the leg radius is missing from the velocities",
                "A pivot at the rate theta_dot [rad/s] moves the centre at a speed [m/s]: "
                "something must turn the rate into a speed. Check the units of x_dot and "
                "y_dot.",
                _forward_of(scale=False)),
        Mistake("the turn rate divided by 3 (the mean of the pivot rates)",
                "Each pivot turns the whole robot by its own angle: the three turns add up, "
                "they are not averaged. Look at the case 'all three alike'.",
                _forward_of(turn_scale=1 / 3)),
        Mistake("x_dot and y_dot swapped (or sin and cos swapped)",
                "y is along motor 1's thrust and x across it: motor 1 alone moves the centre "
                "along y only. The angles are measured from x, so the cosine gives the x part.",
                _forward_of(swap_axes=True)),
        Mistake("the turn rate multiplied by the leg radius",
                "theta_dot is a rate in rad/s, like the pivot rates: the leg radius turns "
                "rates into speeds, not into other rates. (A matrix times leg_radius scales "
                "its last row too.)",
                _forward_of(turn_leg_power=1)),
        Mistake("the turn rate divided by the leg radius",
                "theta_dot is a rate in rad/s, like the pivot rates: each pivot turns the "
                "robot by its own angle, whatever the leg radius. Only the speeds x_dot and "
                "y_dot [m/s] involve it.",
                _forward_of(turn_leg_power=-1)),
        Mistake("the motors' places (0, 120 and 240 degrees) taken for their thrusts",
                "The motors sit at 0, 120 and 240 degrees, but each pivots the robot about "
                "the leg opposite it, so the centre moves across that line: along the "
                "thrusts at 90, 210 and -30 degrees. Motor 1 alone moves the robot along y.",
                _forward_of(angles=(0.0, 120.0, 240.0))),
        Mistake("motor 1 left out of y_dot",
                "Motor 1 thrusts along +y: it has no part in x_dot, but its whole speed "
                "goes into y_dot. Look at the case 'motor 1 alone'.",
                _forward_of(motor_one_in_y=False)),
    ),
)


# --------------------------------------------------------------------------- inverse


def _inverse_reference(x_dot, y_dot, theta_dot, leg_radius):
    return tuple(stickslip.inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius))


def _inverse_cases(rng) -> list[Case]:
    cases = [
        Case((0.0, 0.01, 0.0, LEG), "fixed", "forwards along y at 1 cm/s"),
        Case((0.01, 0.0, 0.0, LEG), "fixed", "sideways along x at 1 cm/s"),
        Case((0.0, 0.0, 1.0, LEG), "fixed", "a spin in place at 1 rad/s"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, -0.02, 0.02), rounded_uniform(rng, -0.02, 0.02),
                           rounded_uniform(rng, -2, 2), LEG), "seeded random"))
    return cases


def _inverse_of(third_is_second=False, x_sign=1.0, scale=True, spin=1 / 3, swap_thirds=False,
                times_leg=False, x_factor=3**-0.5, first_y=None, turn_leg_power=0):
    """The inverse written out row by row, with the changes of a mistake: theta2_dot returned
    for theta3_dot, the x terms' sign or factor, no leg radius or a product with it, the share
    of theta_dot, the y shares 2/3 and 1/3 exchanged, motor 1's y share ``first_y`` alone
    changed, theta_dot times a power of the leg radius."""
    def inverse(x_dot, y_dot, theta_dot, leg_radius):
        if not scale:
            ell = 1.0
        elif times_leg:
            ell = 1.0 / leg_radius
        else:
            ell = leg_radius
        r3 = x_factor
        turn = spin * theta_dot * leg_radius**turn_leg_power
        one, two = (1 / 3, 2 / 3) if swap_thirds else (2 / 3, 1 / 3)
        one = one if first_y is None else first_y
        t1 = one * y_dot / ell + turn
        t2 = -x_sign * r3 * x_dot / ell - two * y_dot / ell + turn
        t3 = x_sign * r3 * x_dot / ell - two * y_dot / ell + turn
        return (t1, t2, t2) if third_is_second else (t1, t2, t3)

    return inverse


def _forward_matrix(leg_radius, in_degrees=False, motor_one_exact=False):
    """The matrix of the forward map, rows (x_dot, y_dot, theta_dot), written out; with
    ``in_degrees`` the thrust angles handed to np.cos and np.sin in degrees, with
    ``motor_one_exact`` too motor 1's column written out as (0, leg_radius, 1)."""
    radians = np.asarray(THRUSTS_DEG) if in_degrees else np.radians(THRUSTS_DEG)
    matrix = np.vstack([leg_radius * np.cos(radians), leg_radius * np.sin(radians), np.ones(3)])
    if motor_one_exact:
        matrix[:, 0] = (0.0, leg_radius, 1.0)
    return matrix


def _inverse_by_transpose(x_dot, y_dot, theta_dot, leg_radius):
    return tuple(_forward_matrix(leg_radius).T @ np.array([x_dot, y_dot, theta_dot]))


def _inverse_by_unit_transpose(x_dot, y_dot, theta_dot, leg_radius):
    velocity = np.array([x_dot / leg_radius, y_dot / leg_radius, theta_dot])
    return tuple(_forward_matrix(1.0).T @ velocity)


def _inverse_of_degrees(motor_one_exact=False):
    """The forward matrix built with the angles in degrees (motor 1's column written out with
    ``motor_one_exact``), then solved."""
    def inverse(x_dot, y_dot, theta_dot, leg_radius):
        velocity = np.array([x_dot, y_dot, theta_dot])
        matrix = _forward_matrix(leg_radius, in_degrees=True, motor_one_exact=motor_one_exact)
        return tuple(np.linalg.solve(matrix, velocity))

    return inverse


def _inverse_of_transposed(x_dot, y_dot, theta_dot, leg_radius):
    velocity = np.array([x_dot, y_dot, theta_dot])
    return tuple(np.linalg.solve(_forward_matrix(leg_radius).T, velocity))


_PUT_BACK = "Put your rates back into your forward_kinematics: it must give the velocity back."
_TRANSPOSE_HINT = ("The forward map's matrix is not a rotation (its rows are not orthonormal): "
                   "its transpose does not undo it. Solve the three forward equations for the "
                   "rates, by hand or with np.linalg.solve. " + _PUT_BACK)

_THETAS = (Output("theta1_dot", Close(rtol=1e-9, atol=1e-12)),
           Output("theta2_dot", Close(rtol=1e-9, atol=1e-12)),
           Output("theta3_dot", Close(rtol=1e-9, atol=1e-12)))

_INVERSE = Exercise(
    exercise_id="stickslip.inverse_kinematics",
    description="Pivot rates of the Droplet for a wanted body velocity.",
    function_name="inverse_kinematics",
    arguments=("x_dot", "y_dot", "theta_dot", "leg_radius"),
    outputs=_THETAS,
    # one row of the inverse per pivot: each right or wrong alone
    independent_parts=True,
    reference=_inverse_reference,
    package_references=("robodyn.stickslip.inverse_kinematics",),
    make_cases=_inverse_cases,
    mistakes=(
        Mistake("the source's label slip copied: theta2_dot returned twice",
                "The source prints its third line with the label theta2_dot by mistake "
                "(erratum 7): that line is theta3_dot, and it differs from theta2_dot. "
                + _PUT_BACK, _inverse_of(third_is_second=True)),
        Mistake("theta2_dot and theta3_dot exchanged (the signs of their x terms swapped)",
                "Motor 2 pushes towards 210 degrees (negative x), motor 3 towards -30 degrees "
                "(positive x): to move along +x, motor 3 must pivot forwards and motor 2 "
                "backwards. Look at the case 'sideways along x'.",
                _inverse_of(x_sign=-1.0)),
        Mistake("the leg radius is missing (velocities not divided by it)",
                "The pivot rates are in rad/s, the velocities in m/s: the leg radius [m] must "
                "turn one into the other. " + _PUT_BACK,
                _inverse_of(scale=False)),
        Mistake("the velocities multiplied by the leg radius instead of divided by it",
                "m/s times m is not rad/s: a pivot at the rate theta_dot moves the centre at "
                "leg_radius * theta_dot, so a rate is a speed divided by the leg radius. "
                + _PUT_BACK, _inverse_of(times_leg=True)),
        Mistake("the turning part theta_dot / 3 is missing",
                "Each pivot also turns the robot, and the three turns add up to theta_dot: "
                "in a spin in place (a fixed case) the three rates are equal and not zero.",
                _inverse_of(spin=0.0)),
        Mistake("the whole theta_dot on every pivot, not a third of it",
                "The three pivots' turns add up to theta_dot: in a spin in place each pivot "
                "carries an equal share of it. " + _PUT_BACK,
                _inverse_of(spin=1.0)),
        Mistake("the factors 2/3 and 1/3 of y_dot are swapped",
                "Walking along y the robot must not turn: the three rates add up to "
                "theta_dot = 0. Motor 1 pushes along +y alone, motors 2 and 3 only half "
                "against it. " + _PUT_BACK, _inverse_of(swap_thirds=True)),
        Mistake("the transpose of the forward matrix used as its inverse",
                _TRANSPOSE_HINT, _inverse_by_transpose),
        Mistake("the transpose of the forward map's unit directions used as its inverse",
                _TRANSPOSE_HINT, _inverse_by_unit_transpose),
        Mistake("the forward matrix set up with one row per motor (its transpose), then "
                "inverted",
                "In velocity = M rates, each column of M belongs to one motor (its thrust "
                "times leg_radius, and 1 for the turn), each row to one of x_dot, y_dot, "
                "theta_dot. " + _PUT_BACK, _inverse_of_transposed),
        Mistake("the forward matrix built with the angles in degrees (np.cos(210)), then "
                "inverted",
                _DEGREES_HINT + " " + _PUT_BACK, _inverse_of_degrees()),
        Mistake("the forward matrix built with 210 and -30 degrees handed to np.cos and np.sin "
                "(motor 1 written out), then inverted",
                _DEGREES_HINT + " " + _PUT_BACK, _inverse_of_degrees(motor_one_exact=True)),
        Mistake("motor 1's share of y_dot read as 1/3, where it is twice the others'",
                "Walking along y the robot must not turn: the three rates add up to "
                "theta_dot = 0. Motor 1 pushes along +y alone, motors 2 and 3 only half "
                "against it: motor 1's share of y_dot is twice the size of each of theirs. "
                + _PUT_BACK,
                _inverse_of(first_y=1 / 3)),
        Mistake("theta_dot divided by the leg radius (the forward matrix's turn row scaled by "
                "it too, then inverted)",
                "theta_dot is a rate in rad/s, like the pivot rates: the leg radius turns "
                "rates into speeds, not rates into other rates. (A matrix times leg_radius "
                "scales its last row too.) " + _PUT_BACK,
                _inverse_of(turn_leg_power=-1)),
        Mistake("sqrt(3)/2 for the x terms' factor, where the inverse has another",
                "sqrt(3)/2 = cos 30 degrees belongs to the forward map; the inverse's factor "
                "comes from solving the forward equations, and it is not the same. "
                + _PUT_BACK, _inverse_of(x_factor=3**0.5 / 2)),
    ),
)


# --------------------------------------------------------------------------- circle fit


def _kasa(x, y):
    fit = stickslip.fit_circle(x, y, method="algebraic")
    return fit.xc, fit.yc, fit.radius


def _arc(rng, xc, yc, radius, start, span, n, noise):
    angles = np.linspace(start, start + span, n)
    x = xc + radius * np.cos(angles) + rng.normal(0, noise, n)
    y = yc + radius * np.sin(angles) + rng.normal(0, noise, n)
    return np.round(x, 6), np.round(y, 6)


#: Points of the 10 mm circle about the origin whose coordinates are whole millimetres (the
#: 6-8-10 right triangle), in mm: exact in the text of a message, and exactly on the circle.
_LATTICE_MM = ((10, 0), (8, 6), (6, 8), (0, 10), (-6, 8), (-8, 6), (-10, 0), (-8, -6),
               (-6, -8), (0, -10))


def _circle_cases(rng) -> list[Case]:
    fixed = np.random.default_rng(11)
    lattice = np.array(_LATTICE_MM, dtype=float).T * 1e-3
    cases = [
        Case((lattice[0], lattice[1]), "fixed",
             "10 points exactly on a 1 cm circle about the origin (whole millimetres: "
             "6-8-10 triangles)"),
        Case((np.array([0.012, 0.004, 0.008]), np.array([0.003, 0.003, 0.007])), "fixed",
             "exactly three points, the fewest allowed: the circle through them (centre "
             "(8, 3) mm, radius 4 mm)"),
        Case(_arc(fixed, 0.03, -0.02, 0.005, 1.0, 2.0, 15, 0.0), "fixed",
             "15 points of an arc of 5 mm radius about (30, -20) mm, rounded to 1 um"),
        Case(_arc(fixed, 0.01, 0.01, 0.002, 0.0, 2 * np.pi, 40, 2e-4), "fixed",
             "a noisy spin path: 2 mm radius, 0.2 mm camera noise"),
    ]
    for _ in range(3):
        cases.append(Case(_arc(rng, rounded_uniform(rng, -0.05, 0.05),
                               rounded_uniform(rng, -0.05, 0.05),
                               rounded_uniform(rng, 0.002, 0.05), rounded_uniform(rng, 0, 6),
                               rounded_uniform(rng, 1.5, 6), 25, 5e-4), "seeded random"))
    return cases


def _geometric(x, y):
    fit = stickslip.fit_circle(x, y, method="geometric")
    return fit.xc, fit.yc, fit.radius


def _kasa_coefficients(x, y):
    """(D, E, F) of x^2 + y^2 + D x + E y + F = 0, by least squares."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    design = np.column_stack((x, y, np.ones(x.size)))
    solution, *_ = np.linalg.lstsq(design, -(x * x + y * y), rcond=None)
    return tuple(solution)


def _radius_without_half(x, y):
    D, E, F = _kasa_coefficients(x, y)
    return -D / 2, -E / 2, np.sqrt(D**2 + E**2 - F)


def _centre_without_half(x, y):
    D, E, F = _kasa_coefficients(x, y)
    return -D, -E, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def _centre_and_radius_without_half(x, y):
    D, E, F = _kasa_coefficients(x, y)
    return -D, -E, np.sqrt(D**2 + E**2 - F)


def _centroid(x, y):
    xc, yc = np.mean(x), np.mean(y)
    return xc, yc, np.mean(np.hypot(np.asarray(x) - xc, np.asarray(y) - yc))


def _radius_plus_f(x, y):
    D, E, F = _kasa_coefficients(x, y)
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 + F)


def _right_side_sign(x, y, root=np.sqrt):
    """b = x^2 + y^2 instead of -(x^2 + y^2): D, E, F all come out negated. ``root`` takes
    the square root of the radius squared this gives, which is negative on some circles:
    np.sqrt makes it nan, math.sqrt raises ValueError there."""
    D, E, F = (-value for value in _kasa_coefficients(x, y))
    with np.errstate(invalid="ignore"):
        return -D / 2, -E / 2, root(D**2 / 4 + E**2 / 4 - F)


_SQUARES_HINT = ("Complete the squares: x^2 + D x = (x + D/2)^2 - D^2/4, and the same in y. "
                 "Then the circle reads (x - xc)^2 + (y - yc)^2 = R^2: read xc, yc and R^2 "
                 "off it.")

_RIGHT_SIDE_HINT = ("Bring x^2 + y^2 + D x + E y + F = 0 into the form A (D, E, F) = b: "
                    "the known part x^2 + y^2 moves to the right-hand side and changes its "
                    "sign.")

_CIRCLE = Exercise(
    exercise_id="stickslip.fit_circle",
    description="Least-squares (algebraic) circle through points.",
    function_name="fit_circle",
    arguments=("x", "y"),
    outputs=(Output("xc", Close(rtol=1e-6, atol=1e-9)), Output("yc", Close(rtol=1e-6, atol=1e-9)),
             Output("radius", Close(rtol=1e-6, atol=1e-9))),
    reference=_kasa,
    package_references=("robodyn.stickslip.fit_circle",),
    make_cases=_circle_cases,
    mistakes=(
        Mistake("the diameter instead of the radius",
                "Check your answer on the first fixed case: a circle of 1 cm radius. "
                + _SQUARES_HINT,
                lambda x, y: (*_kasa(x, y)[:2], 2 * _kasa(x, y)[2])),
        Mistake("the radius squared (the square root is missing)",
                "Completing the squares leaves R^2 on the right-hand side, in m^2: the radius "
                "is its square root.",
                lambda x, y: (*_kasa(x, y)[:2], _kasa(x, y)[2] ** 2)),
        Mistake("the radius as sqrt(D^2 + E^2 - F): the 1/2 of the centre left out of it",
                "The centre is right, the radius not: the halves of D and E are squared too. "
                + _SQUARES_HINT, _radius_without_half),
        Mistake("the centre at (-D, -E): the 1/2 left out",
                _SQUARES_HINT + " The first fixed case, about the origin, cannot show this; "
                "the three points about (8, 3) mm do.", _centre_without_half),
        Mistake("the centre at (-D, -E) without the 1/2, and the radius from that centre",
                _SQUARES_HINT + " The first fixed case, about the origin, cannot show the "
                "centre's slip; the three points about (8, 3) mm do.",
                _centre_and_radius_without_half),
        Mistake("xc and yc swapped (the columns of x and y exchanged)",
                "D multiplies x and gives xc, E multiplies y and gives yc: keep the columns "
                "of A in the order of (D, E, F). Look at the three points about (8, 3) mm.",
                lambda x, y: (_kasa(x, y)[1], _kasa(x, y)[0], _kasa(x, y)[2])),
        Mistake("the points' mean as the centre (and their mean distance from it as the "
                "radius)",
                "The mean of the points is the centre only when they are spread evenly "
                "round the whole circle; on an arc it lies inside. Fit x^2 + y^2 + D x + "
                "E y + F = 0 by least squares, as the exercise asks.", _centroid),
        Mistake("the sign of F in the radius: + F instead of - F",
                "F moves to the right-hand side when you complete the squares: its sign "
                "changes there. " + _SQUARES_HINT, _radius_plus_f),
        Mistake("the least-squares right-hand side with the wrong sign: x^2 + y^2 instead "
                "of -(x^2 + y^2)",
                _RIGHT_SIDE_HINT, _right_side_sign),
        Mistake("the least-squares right-hand side with the wrong sign, and math.sqrt of the "
                "negative R^2 it gives on some circles",
                _RIGHT_SIDE_HINT + " With the wrong sign the radius squared comes out "
                "negative on the circle about the origin: math.sqrt refuses it.",
                lambda x, y: _right_side_sign(x, y, root=math.sqrt)),
        Mistake("the least-squares right-hand side with the wrong sign, and abs() over the "
                "negative R^2 it gives on some circles",
                _RIGHT_SIDE_HINT + " A negative radius squared is a sign that the system is "
                "set up wrong; abs() hides it, and the radius stays wrong.",
                lambda x, y: _right_side_sign(x, y, root=lambda r2: np.sqrt(np.abs(r2)))),
        Mistake("the centre with the wrong sign: +D/2 and +E/2",
                "x^2 + D x is part of (x + D/2)^2, and (x + D/2)^2 = (x - xc)^2 only for one "
                "sign of xc. Check on the arc about (30, -20) mm.",
                lambda x, y: (-_kasa(x, y)[0], -_kasa(x, y)[1], _kasa(x, y)[2])),
        Mistake("a geometric (distance) fit: right idea, but not the algebraic fit asked for",
                "On noisy points the two differ; this exercise asks for Kasa's linear least "
                "squares on x^2 + y^2 + D x + E y + F = 0.", _geometric),
    ),
)


# --------------------------------------------------------------------------- the cost

#: The chapter's weights of the spin cost: 1 per mm of radius, 0.5 s per rad of rotation
#: speed; here per m.
ALPHA_BOOK, BETA_BOOK = 1000.0, 0.5


def _cost_reference(radius, rot_speed, alpha, beta):
    return stickslip.calibration_cost(radius, rot_speed, alpha, beta)


def _cost_cases(rng) -> list[Case]:
    book = f"the chapter's weights alpha = {ALPHA_BOOK:g} per m, beta = {BETA_BOOK:g} s/rad"
    cases = [
        Case((0.002, 1.0, ALPHA_BOOK, BETA_BOOK), "fixed", f"R = 2 mm, V = 1 rad/s, {book}"),
        Case((0.0005, 1.4, ALPHA_BOOK, BETA_BOOK), "fixed",
             "a good spin: R = 0.5 mm, V = 1.4 rad/s"),
        Case((0.03, 0.2, 2000.0, 0.3), "fixed",
             "a flipped motor: a wide, slow circle, R = 3 cm, V = 0.2 rad/s; alpha = 2000 per "
             "m, beta = 0.3 s/rad"),
    ]
    for _ in range(4):
        cases.append(Case((round(rounded_uniform(rng, 0.2, 50) * 1e-3, 6),
                           rounded_uniform(rng, 0.1, 3), float(rng.choice([500.0, 1000.0,
                                                                          2000.0])),
                           rounded_uniform(rng, 0.1, 0.9)), "seeded random"))
    cases.append(Case((np.round(rounded_uniform(rng, 0.2, 50, 10) * 1e-3, 6),
                       rounded_uniform(rng, 0.1, 3, 10), ALPHA_BOOK, BETA_BOOK), "arrays",
                      f"ten spins at once, {book}"))
    return cases


_COST = Exercise(
    exercise_id="stickslip.calibration_cost",
    description="The source's calibration cost of a spin, from its radius and rotation speed.",
    function_name="calibration_cost",
    arguments=("radius", "rot_speed", "alpha", "beta"),
    outputs=(Output("cost", Close(rtol=1e-9, atol=1e-12)),),
    reference=_cost_reference,
    package_references=("robodyn.stickslip.calibration_cost",),
    make_cases=_cost_cases,
    mistakes=(
        Mistake("the cost's sign flipped: minimising it would seek wide, slow circles",
                "Nelder-Mead minimises: a wide circle must cost more than a small one, and a "
                "fast spin less than a slow one.",
                lambda radius, rot_speed, alpha, beta: beta * np.asarray(rot_speed)
                - alpha * np.asarray(radius)),
        Mistake("alpha and beta are swapped",
                "alpha weighs the radius, beta the rotation speed: alpha is per m, beta per "
                "rad/s.",
                lambda radius, rot_speed, alpha, beta: beta * np.asarray(radius)
                - alpha * np.asarray(rot_speed)),
        Mistake("plus instead of minus: a fast rotation is penalised",
                "A faster spin is better, so it must lower the cost, not raise it.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius)
                + beta * np.asarray(rot_speed)),
        Mistake("the radius converted to mm, where alpha is per m",
                "All inputs are in SI units: the radius in m and alpha per m (the chapter's "
                "1 per mm is 1000 per m). Converted to mm, the radius weighs 1000 times too "
                "much.",
                lambda radius, rot_speed, alpha, beta: alpha * 1e3 * np.asarray(radius)
                - beta * np.asarray(rot_speed)),
        Mistake("a ratio of the two terms instead of their weighted difference",
                "The cost weighs the radius against the rotation speed and adds the two "
                "(one with each sign); a ratio cannot be minimised past zero, nor compared "
                "between a still and a spinning robot.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius)
                / (beta * np.asarray(rot_speed))),
        Mistake("the radius squared, as in a least-squares cost",
                "The source's cost is linear in the radius: alpha per m times the radius in "
                "m, a pure number.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius) ** 2
                - beta * np.asarray(rot_speed)),
        Mistake("the rotation speed converted to degrees per second",
                "All inputs are in SI units and beta is per rad/s: use rot_speed as it "
                "comes, in rad/s, with no np.degrees.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius)
                - beta * np.degrees(rot_speed)),
        Mistake("the weight beta of the rotation speed left out",
                "The cost weighs both terms: alpha the radius and beta the rotation speed "
                "(the chapter's 0.5 s per rad). Without beta the rotation speed is weighed "
                "1 s/rad, whatever the weight asked for.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius)
                - np.asarray(rot_speed)),
        Mistake("the rotation speed converted to rpm",
                "All inputs are in SI units and beta is per rad/s: use rot_speed as it "
                "comes, in rad/s.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius)
                - beta * np.asarray(rot_speed) * 60 / (2 * np.pi)),
    ),
)


# --------------------------------------------------------------------------- carried counts

#: Robot 2's calibrated pivot angle in chapter 5, rad (3.38 degrees).
PIVOT_ROBOT_2 = float(np.radians(3.3795))


def _wanted(commands, pivot, leg_radius, inverse=stickslip.inverse_kinematics, signed=True,
            timed=True):
    """The wanted pivots w (n, 3) of each command: rates by the inverse kinematics, times the
    duration (or not), over the pivot angle; magnitudes only if not ``signed``."""
    rows = []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = np.asarray(inverse(x_dot, y_dot, theta_dot, leg_radius), dtype=float)
        rows.append(rates * (duration if timed else 1.0) / pivot)
    wanted = np.array(rows).reshape(-1, 3)
    return wanted if signed else np.abs(wanted)


def _carried(wanted, whole=np.rint):
    """Counts whose running totals are ``whole`` of the running totals of ``wanted``."""
    return np.diff(whole(np.cumsum(wanted, axis=0)), axis=0, prepend=0.0).astype(int)


def _counts_reference(commands, pivot, leg_radius):
    durations = [command[3] for command in commands]
    rates = [stickslip.inverse_kinematics(*command[:3], leg_radius) for command in commands]
    return stickslip.pivot_counts(np.reshape(rates, (-1, 3)), durations, pivot, "carry")[0]


def _counts_remainder_sign_flipped(commands, pivot, leg_radius):
    counts, remainder = [], np.zeros(3)
    for row in _wanted(commands, pivot, leg_radius):
        made = np.rint(row + remainder)
        remainder = made - (row + remainder)
        counts.append(made)
    return np.array(counts, dtype=int).reshape(-1, 3)


def _inverse_motors_swapped(x_dot, y_dot, theta_dot, leg_radius):
    first, second, third = stickslip.inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius)
    return first, third, second


def _inverse_without_radius(x_dot, y_dot, theta_dot, leg_radius):
    """The pivot rates with the speeds not divided by the leg radius."""
    return stickslip.inverse_kinematics(x_dot, y_dot, theta_dot, 1.0)


def _inverse_whole_turn_each(x_dot, y_dot, theta_dot, leg_radius):
    """The pivot rates with each motor given the whole turn rate, not a third of it."""
    rates = np.asarray(stickslip.inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius))
    return tuple(rates + 2.0 / 3.0 * theta_dot)


_RATES_HINT = ("The counts follow from the motors' rates: if yours come from your "
               "inverse_kinematics of exercise 5.2, run its check first, since a wrong rate "
               "there makes the counts here wrong too.")


def _counts_cases(rng) -> list[Case]:
    v = 0.005
    cases = [
        Case((stickslip.square_commands(0.065), PIVOT_ROBOT_2, LEG), "fixed",
             "the chapter's 6.5 cm square (4 sides at 5 mm/s, 4 quarter turns at 0.5 rad/s) "
             "with robot 2's pivot of 3.38 degrees"),
        Case((stickslip.square_commands(0.08), PIVOT_ROBOT_2, LEG), "fixed",
             "the 8 cm square with the same pivot"),
        Case(([(0.0, v, 0.0, 13.0)], PIVOT_ROBOT_2, LEG), "fixed",
             "one command: nothing to carry yet"),
        Case(([(0.0, 0.0, 0.0, 2.0), (0.0, v, 0.0, 13.0), (0.0, 0.0, 0.0, 2.0)],
              PIVOT_ROBOT_2, LEG), "fixed",
             "commands that ask for nothing (standing still) before and after a side"),
        Case(([(0.0, 0.0, 0.05, 1.0)] * 10, PIVOT_ROBOT_2, LEG), "fixed",
             "ten short turns of 0.29 pivots per motor each: rounded on their own, none "
             "would happen"),
        Case(([(0.0, -v, 0.0, 7.3), (0.0, v, 0.0, 5.1), (-v, 0.0, 0.0, 6.7),
               (v, 0.0, -0.3, 4.2)], np.radians(2.5), LEG), "fixed",
             "walking back, forth and sideways: reverse pivots (negative counts) and "
             "remainders of both signs"),
        Case((stickslip.triangle_commands(0.06), np.radians(2.2), LEG), "fixed",
             "the chapter's 6 cm triangle, walked without turning, pivots of 2.2 degrees"),
    ]
    for _ in range(3):
        n = int(rng.integers(4, 9))
        commands = [(round(rounded_uniform(rng, -6, 6) * 1e-3, 6),
                     round(rounded_uniform(rng, -6, 6) * 1e-3, 6),
                     rounded_uniform(rng, -0.6, 0.6), rounded_uniform(rng, 0.5, 8.0))
                    for _ in range(n)]
        cases.append(Case((commands, np.radians(rounded_uniform(rng, 1.5, 4.0)), LEG),
                          "seeded random"))
    # The counts follow from the motors' rates: a student who takes them from exercise 5.2's
    # inverse_kinematics fails here too while that is wrong, so each case says so.
    return with_hint(cases, _RATES_HINT)


_NEAREST_HINT = ("The pivots made up to the end of each command must be the whole number "
                 "*nearest* to those wanted up to then, and a running total can be negative.")

_COUNTS = Exercise(
    exercise_id="stickslip.carried_counts",
    description="Whole pivots per motor and command, each motor's remainder carried on.",
    function_name="carried_counts",
    arguments=("commands", "pivot", "leg_radius"),
    outputs=(Output("counts", IntegerCounts(rtol=0.0, atol=1e-9)),),
    reference=_counts_reference,
    package_references=("robodyn.stickslip.pivot_counts", "robodyn.stickslip.walk"),
    make_cases=_counts_cases,
    mistakes=(
        Mistake("each command rounded on its own: the remainders are dropped, not carried",
                "Rounding each command loses up to half a pivot per motor, and the losses "
                "add up over a walk. Keep, for each motor, the running total of the pivots "
                "wanted; after each command the running total of the pivots made must be "
                "the whole number nearest to it.",
                lambda commands, pivot, leg_radius: np.rint(
                    _wanted(commands, pivot, leg_radius)).astype(int)),
        Mistake("the running totals cut towards zero (int) instead of rounded",
                "int() cuts towards zero: 2.9 becomes 2 and -2.9 becomes -2. " + _NEAREST_HINT,
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius), np.trunc)),
        Mistake("the running totals rounded down (np.floor) instead of to the nearest",
                "np.floor rounds down: 2.9 becomes 2. " + _NEAREST_HINT,
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius), np.floor)),
        Mistake("the running totals returned instead of each command's pivots",
                "Return what each command makes: the running total of pivots made after the "
                "command minus the one before it.",
                lambda commands, pivot, leg_radius: np.rint(np.cumsum(
                    _wanted(commands, pivot, leg_radius), axis=0)).astype(int)),
        Mistake("the duration left out: a rate divided by the pivot angle",
                "A pivot rate in rad/s becomes an angle over the command's duration; the "
                "pivots wanted are that angle divided by the pivot angle.",
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius, timed=False))),
        Mistake("the pivot angle converted with np.radians, though it comes in rad",
                "pivot is in radians, like the rates: divide by it as it comes (the "
                "chapter's 3.38 degrees arrive as 0.059).",
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, np.radians(pivot), leg_radius))),
        Mistake("the signs dropped: reverse pivots counted as forward ones",
                "A negative pivot rate is the reverse direction: count those pivots "
                "negative, so that a motor's forward and reverse pivots cancel in its "
                "running total.",
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius, signed=False))),
        Mistake("the remainder carried with the wrong sign (made minus wanted)",
                "The remainder to carry is what was wanted but not yet made. Carried with "
                "the other sign it makes the next command's error larger, not smaller.",
                _counts_remainder_sign_flipped),
        Mistake("the pivot rates with the speeds not divided by the leg radius (exercise "
                "5.2's inverse kinematics)",
                "A speed in m/s becomes a pivot rate in rad/s over the leg radius, the lever "
                "the pivots turn the body with. " + _RATES_HINT,
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius, inverse=_inverse_without_radius))),
        Mistake("every motor given the whole turn rate theta_dot, not a third of it "
                "(exercise 5.2's inverse kinematics)",
                "The three legs share the turn: with all three pivoting the same way, the "
                "body turns three times as fast as one leg alone would turn it. "
                + _RATES_HINT,
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius, inverse=_inverse_whole_turn_each))),
        Mistake("motors 2 and 3 exchanged in the pivot rates",
                "Check your pivot rates for a command along +x alone: put them back into "
                "the forward kinematics, they must give +x.",
                lambda commands, pivot, leg_radius: _carried(
                    _wanted(commands, pivot, leg_radius, inverse=_inverse_motors_swapped))),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_FORWARD, _INVERSE, _CIRCLE, _COST, _COUNTS)
