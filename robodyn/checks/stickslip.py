"""The exercises of the stick-slip chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.stickslip` and the source: the robot frame
has x orthogonal to motor 1's thrust and y along it; positive pivot rates move the centre
along the motors' thrusts, 90, 210 and -30 degrees (the legs at 180, 300 and 60 degrees;
exercise 5.2 puts them anywhere); a positive angle turns from +x towards +y (z points down
into the floor: clockwise seen from above); SI units (m, m/s, rad/s).

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


def _legs_at(radii_mm, angles_deg):
    """Leg positions (3, 2) in the robot frame, m, from their distances (mm) and angles
    (deg), rounded to 1 um."""
    angles = np.radians(angles_deg)
    radii = np.asarray(radii_mm, dtype=float) * 1e-3
    return np.round(np.column_stack([radii * np.cos(angles), radii * np.sin(angles)]), 6) + 0.0


def _pivot_matrix(legs, lever=(1.0, -1.0), along=0.0):
    """The forward map of pivots about ``legs``, rows (x_dot, y_dot, theta_dot), one column
    per leg: the centre's velocity ``lever`` times (leg y, leg x) for a unit pivot rate (the
    lever from the leg to the centre turned by 90 degrees), or, if ``along`` is not 0,
    ``along`` times the leg's own (x, y) (towards the leg for +1, away from it for -1); 1 for
    the turn."""
    legs = np.asarray(legs, dtype=float)
    if along:
        return np.vstack([along * legs[:, 0], along * legs[:, 1], np.ones(3)])
    return np.vstack([lever[0] * legs[:, 1], lever[1] * legs[:, 0], np.ones(3)])


def _rates(matrix_inverse, x_dot, y_dot, theta_dot):
    """The three rates ``matrix_inverse`` @ (x_dot, y_dot, theta_dot), arrays broadcast."""
    velocity = np.array(np.broadcast_arrays(x_dot, y_dot, theta_dot), dtype=float)
    rates = np.tensordot(matrix_inverse, velocity, axes=1)
    return tuple(rate.item() if rate.ndim == 0 else rate for rate in rates)


def _legs_inverse_of(lever=(1.0, -1.0), along=0.0, transpose=False, rows_per_leg=False,
                     equal_turn=False, third_is_second=False, distances=None):
    """The inverse solved from the pivots' forward matrix, with the changes of a mistake:
    another lever or the velocity along the leg; the transpose taken for the inverse; the
    matrix set up one row per leg; the turn shared out equally; theta2_dot returned for
    theta3_dot; each leg moved along its own direction to the distance ``"unit"`` (1 m: the
    distance dropped) or ``"mean"`` (the legs' mean distance)."""
    def inverse(x_dot, y_dot, theta_dot, legs):
        legs = np.asarray(legs, dtype=float)
        if distances is not None:
            radii = np.hypot(legs[:, 0], legs[:, 1])
            wanted = 1.0 if distances == "unit" else np.mean(radii)
            legs = legs * (wanted / radii)[:, None]
        matrix = _pivot_matrix(legs, lever, along)
        if transpose:
            undo = matrix.T
        elif rows_per_leg:
            undo = np.linalg.inv(matrix.T)
        else:
            undo = np.linalg.inv(matrix)
        if equal_turn:
            rates = _rates(undo, x_dot, y_dot, np.zeros_like(theta_dot, dtype=float))
            rates = tuple(rate + np.asarray(theta_dot) / 3 for rate in rates)
        else:
            rates = _rates(undo, x_dot, y_dot, theta_dot)
        return (rates[0], rates[1], rates[1]) if third_is_second else rates

    return inverse


def _inverse_reference(x_dot, y_dot, theta_dot, legs):
    return _legs_inverse_of()(x_dot, y_dot, theta_dot, legs)


def _chapters_inverse(x_dot, y_dot, theta_dot, legs):
    """The chapter's inverse for legs 120 degrees apart, at the legs' mean distance."""
    ell = float(np.mean(np.hypot(*np.asarray(legs, dtype=float).T)))
    return tuple(stickslip.inverse_kinematics(x_dot, y_dot, theta_dot, ell))


def _thrusts_kept(x_dot, y_dot, theta_dot, legs):
    """The chapter's thrust directions (90, 210, -30 degrees), each leg's own distance."""
    radii = np.hypot(*np.asarray(legs, dtype=float).T)
    thrusts = np.radians(THRUSTS_DEG)
    matrix = np.vstack([radii * np.cos(thrusts), radii * np.sin(thrusts), np.ones(3)])
    return _rates(np.linalg.inv(matrix), x_dot, y_dot, theta_dot)


_BENT = (18.0, 15.1, 15.1), (180.0, 300.0, 60.0)
_SQUARE = (15.1, 15.1, 15.1), (180.0, 270.0, 0.0)


def _inverse_cases(rng) -> list[Case]:
    bent = _legs_at(*_BENT)
    square = _legs_at(*_SQUARE)
    cases = [
        Case((0.0, 0.01, 0.0, bent), "fixed",
             "forwards along y at 1 cm/s; leg 1 bent out to 18 mm, legs 2 and 3 at 15.1 mm"),
        Case((0.01, 0.0, 0.0, bent), "fixed", "sideways along x at 1 cm/s, the same legs"),
        Case((0.0, 0.0, 1.0, bent), "fixed", "a spin in place at 1 rad/s, the same legs"),
        Case((0.004, -0.006, 0.5, square), "fixed",
             "legs at 180, 270 and 0 degrees, all at 15.1 mm: three corners of a square"),
    ]
    while len(cases) < 8:
        legs = _legs_at(rounded_uniform(rng, 10.0, 25.0, 3),
                        [rounded_uniform(rng, 160.0, 200.0), rounded_uniform(rng, 270.0, 320.0),
                         rounded_uniform(rng, 40.0, 90.0)])
        # legs far from one line: the triangle's area (half the determinant) >= 100 mm^2
        if abs(np.linalg.det(_pivot_matrix(legs))) < 2e-4:
            continue
        cases.append(Case((rounded_uniform(rng, -0.02, 0.02), rounded_uniform(rng, -0.02, 0.02),
                           rounded_uniform(rng, -2, 2), legs), "seeded random"))
    cases.append(Case((rounded_uniform(rng, -0.02, 0.02, 10), rounded_uniform(rng, -0.02, 0.02, 10),
                       rounded_uniform(rng, -2, 2, 10), _legs_at((14.0, 16.5, 15.1),
                                                                 (185.0, 290.0, 65.0))),
                      "arrays", "ten velocities at once, legs at 185, 290 and 65 degrees"))
    return cases


_PUT_BACK = ("Put your rates back: a pivot rate about leg i moves the centre across the line "
             "from leg i to the centre, at that distance times the rate; the three must add "
             "up to the velocity asked for.")
_TRANSPOSE_HINT = ("The forward map's matrix is not a rotation (its rows are not orthonormal): "
                   "its transpose does not undo it. Solve the three forward equations for the "
                   "rates, by hand or with np.linalg.solve. " + _PUT_BACK)

_THETAS = (Output("theta1_dot", Close(rtol=1e-9, atol=1e-12)),
           Output("theta2_dot", Close(rtol=1e-9, atol=1e-12)),
           Output("theta3_dot", Close(rtol=1e-9, atol=1e-12)))

_INVERSE = Exercise(
    exercise_id="stickslip.inverse_kinematics",
    description="Pivot rates of a three-legged stick-slip robot with its legs anywhere (not "
                "on one line) for a wanted body velocity.",
    function_name="inverse_kinematics",
    arguments=("x_dot", "y_dot", "theta_dot", "legs"),
    outputs=_THETAS,
    # one row of the inverse per pivot: each right or wrong alone
    independent_parts=True,
    reference=_inverse_reference,
    package_references=("robodyn.stickslip.inverse_kinematics",),
    make_cases=_inverse_cases,
    mistakes=(
        Mistake("the source's label slip copied: theta2_dot returned twice",
                "The source prints its third line with the label theta2_dot by mistake "
                "(erratum 7): return the rate about leg 3 as theta3_dot. " + _PUT_BACK,
                _legs_inverse_of(third_is_second=True)),
        Mistake("the chapter's inverse for legs 120 degrees apart, at the legs' mean distance",
                "These legs are not the chapter's: each pivot moves the centre across the "
                "line to its own leg, at its own distance. Set up the forward map from the "
                "legs' positions and solve it.",
                _chapters_inverse),
        Mistake("the chapter's thrust directions (90, 210, -30 degrees) kept for legs that "
                "have moved",
                "A pivot about a leg moves the centre at right angles to the line from that "
                "leg to the centre, wherever the leg is: the directions come from the legs' "
                "positions. Look at the case of legs at three corners of a square.",
                _thrusts_kept),
        Mistake("the turn shared out equally (theta_dot / 3 on each leg)",
                "Equal pivots about the three legs spin the robot in place only when the "
                "centre is the legs' centroid; here they also move the centre. Solve for the "
                "turn together with the velocities. Look at the case 'a spin in place'.",
                _legs_inverse_of(equal_turn=True)),
        Mistake("the lever turned the wrong way (the centre's velocity taken as the leg's "
                "about the centre, or the legs put where the motors are)",
                "The leg stays put and the centre turns about it: the lever runs from the "
                "leg to the centre, and a positive pivot turns it from +x towards +y. "
                + _PUT_BACK,
                _legs_inverse_of(lever=(-1.0, 1.0))),
        Mistake("the centre's velocity along the line to the leg, not across it",
                "A point turning about another moves at right angles to the line between "
                "them. " + _PUT_BACK, _legs_inverse_of(along=1.0)),
        Mistake("the centre pushed straight away from the leg (along the line from the leg "
                "to the centre), not across that line",
                "A pivot turns the centre about the foot: a point turning about another "
                "moves at right angles to the line between them, not along it. " + _PUT_BACK,
                _legs_inverse_of(along=-1.0)),
        Mistake("the legs' distances left out: each pivot moves the centre at its rate, in "
                "m/s, across the line to its leg",
                "A pivot rate in rad/s becomes a speed in m/s through a lever: the distance "
                "from the leg to the centre. Check the units of your forward map. "
                + _PUT_BACK,
                _legs_inverse_of(distances="unit")),
        Mistake("each leg's own direction, but one distance for all three (the legs' mean)",
                "Each pivot moves the centre at its own leg's distance times its rate: a leg "
                "bent out is a longer lever than the others. Take each leg's position as it "
                "is. Look at the case with leg 1 bent out to 18 mm.",
                _legs_inverse_of(distances="mean")),
        Mistake("the transpose of the forward matrix used as its inverse",
                _TRANSPOSE_HINT, _legs_inverse_of(transpose=True)),
        Mistake("the forward matrix set up with one row per leg (its transpose), then inverted",
                "In velocity = M rates, each column of M belongs to one leg (the centre's "
                "velocity for a unit pivot about it, and 1 for the turn), each row to one of "
                "x_dot, y_dot, theta_dot. " + _PUT_BACK,
                _legs_inverse_of(rows_per_leg=True)),
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


# --------------------------------------------------------------------------- the cost of a spin

#: The chapter's weights of the spin cost: 1 per mm of radius, 0.5 s per rad of rotation
#: speed; here per m.
ALPHA_BOOK, BETA_BOOK = 1000.0, 0.5
#: The legs' angles in the robot frame, deg: leg i opposite motor i (0, 120, 240 degrees).
LEGS_DEG = (180.0, 300.0, 60.0)
#: The source's step: 30 ms on and 10 ms off, s.
STEP_S = 0.04


def _turn(angle, vector):
    """``vector`` (x, y) turned by ``angle`` rad, from +x towards +y."""
    c, s = math.cos(angle), math.sin(angle)
    return np.array([c * vector[0] - s * vector[1], s * vector[0] + c * vector[1]])


def _spin_centres(pivots, leg_radius, cycles=12, legs_move=True, every_pivot=False,
                  lever_turn=1.0, straight=False, legs_in_degrees=False):
    """The centre's positions (n, 2) of a simulated spin from the pose (0, 0, 0), at the
    start and after every cycle: motors 1, 2, 3 in turn, each step a rigid turn by its pivot
    about its leg, where the robot has carried it (``legs_move``) or where it was at the
    start. The changes of a mistake: the centre recorded after every pivot (``every_pivot``:
    the circle fitted then blends the three circles the centre keeps to after motor 1, 2
    and 3, and its radius depends on the cycles fitted: the mistake takes the text's dozen);
    the lever from the leg to the centre turned by ``lever_turn`` times the pivot; each step
    a straight one of the leg radius times the pivot along the motor's thrust
    (``straight``); the legs' angles in degrees handed to cos and sin."""
    angles = np.asarray(LEGS_DEG) if legs_in_degrees else np.radians(LEGS_DEG)
    legs = leg_radius * np.column_stack([np.cos(angles), np.sin(angles)])
    thrusts = np.radians(THRUSTS_DEG)
    centre, heading = np.zeros(2), 0.0
    recorded = [centre]
    for _ in range(cycles):
        for motor in range(3):
            if straight:
                thrust = (math.cos(thrusts[motor]), math.sin(thrusts[motor]))
                centre = centre + _turn(heading, leg_radius * pivots[motor] * np.array(thrust))
            else:
                leg = centre + _turn(heading, legs[motor]) if legs_move else legs[motor]
                centre = leg + _turn(lever_turn * pivots[motor], centre - leg)
            heading += pivots[motor]
            if every_pivot:
                recorded.append(centre)
        if not every_pivot:
            recorded.append(centre)
    return np.array(recorded)


def _kasa_radius(points):
    """The radius of the circle fitted to ``points`` (n, 2) by algebraic least squares."""
    return stickslip.fit_circle(points[:, 0], points[:, 1], method="algebraic").radius


def _spin_of(signed=False, per_step=False, simultaneous=False, magnitudes=False,
             radius_unit=1.0, weights=(1.0, -1.0), swapped=False, **simulated):
    """The spin's (radius, rot_speed, cost), with the changes of a mistake: the radius of the
    continuous twist (the pivots as simultaneous rates), or of a spin simulated with the
    changes ``simulated`` of :func:`_spin_centres`; the rotation speed per step, signed, or
    of the pivots' sizes; the radius in another unit in the cost; the cost's two terms
    weighed with other signs, or with alpha and beta swapped."""
    def spin(pivots, leg_radius, step_time, alpha, beta):
        pivots = [float(p) for p in pivots]
        if simultaneous:
            x_dot, y_dot, _ = _forward_of()(*pivots, leg_radius)
            radius = math.hypot(x_dot, y_dot) / abs(sum(pivots))
        else:
            radius = _kasa_radius(_spin_centres(pivots, leg_radius, **simulated))
        turned = sum(abs(p) for p in pivots) if magnitudes else sum(pivots)
        rot_speed = turned / (step_time if per_step else 3 * step_time)
        rot_speed = rot_speed if signed else abs(rot_speed)
        a, b = (beta, alpha) if swapped else (alpha, beta)
        cost = weights[0] * a * radius * radius_unit + weights[1] * b * rot_speed
        return radius, rot_speed, cost

    return spin


_cost_reference = _spin_of()


def _cost_cases(rng) -> list[Case]:
    book = (f"legs of 15.1 mm, steps of 40 ms, the chapter's weights alpha = "
            f"{ALPHA_BOOK:g} per m, beta = {BETA_BOOK:g} s/rad")
    cases = [
        Case(((0.05, 0.05, 0.05), LEG, STEP_S, ALPHA_BOOK, BETA_BOOK), "fixed",
             f"three equal pivots of 0.05 rad (2.9 degrees), {book}"),
        Case(((0.05, 0.0, 0.0), LEG, STEP_S, ALPHA_BOOK, BETA_BOOK), "fixed",
             "motor 1 alone: the robot turns about leg 1"),
        Case(((0.035, 0.05, 0.065), LEG, STEP_S, ALPHA_BOOK, BETA_BOOK), "fixed",
             "three unequal motors, none flipped"),
        Case(((0.05, -0.04, 0.045), LEG, 0.045, 2000.0, 0.3), "fixed",
             "motor 2 flipped: it pivots backwards; alpha = 2000 per m, beta = 0.3 s/rad"),
        Case(((0.05, -0.045, -0.04), LEG, STEP_S, ALPHA_BOOK, BETA_BOOK), "fixed",
             "motors 2 and 3 flipped: the robot turns the negative way"),
    ]
    while len(cases) < 9:
        sizes = rounded_uniform(rng, 0.02, 0.08, 3)
        signs = np.where(rng.uniform(size=3) < 0.25, -1.0, 1.0)
        pivots = tuple(float(p) for p in sizes * signs)
        if abs(sum(pivots)) < 0.02:
            continue
        cases.append(Case((pivots, LEG, rounded_uniform(rng, 0.035, 0.05),
                           float(rng.choice([500.0, 1000.0, 2000.0])),
                           rounded_uniform(rng, 0.1, 0.9)), "seeded random"))
    # The radius may come from exercise 5.3's fit_circle: while that is wrong, this is too.
    return with_hint(cases, _FIT_HINT)


_FIT_HINT = ("The circle is the one through the centre's positions at the ends of the "
             "cycles, not after every pivot. If your radius comes from your fit_circle of "
             "exercise 5.3, run its check first: a wrong fit makes the radius here wrong too.")


_SIMULATE_HINT = ("Simulate the pivots in turn: each turns the whole robot, legs and all, "
                  "about the foot that stays put.")

_COST = Exercise(
    exercise_id="stickslip.calibration_cost",
    description="The source's calibration cost of a spin, simulated pivot by pivot from the "
                "three motors' pivot angles.",
    function_name="calibration_cost",
    arguments=("pivots", "leg_radius", "step_time", "alpha", "beta"),
    outputs=(Output("radius", Close(rtol=1e-6, atol=1e-9)),
             Output("rot_speed", Close(rtol=1e-9, atol=1e-12)),
             Output("cost", Close(rtol=1e-6, atol=1e-6))),
    reference=_cost_reference,
    package_references=("robodyn.stickslip.calibration_cost", "robodyn.stickslip.pivot_pose",
                        "robodyn.stickslip.pivot_sequence", "robodyn.stickslip.measure_spin"),
    make_cases=_cost_cases,
    mistakes=(
        Mistake("each leg kept where it was at the start (or the motors run 3, 2, 1)",
                "A pivot turns the robot and its legs with it: the next pivot turns about "
                "where its leg is now, not where it was at the start. " + _SIMULATE_HINT,
                _spin_of(legs_move=False)),
        Mistake("the centre recorded after every pivot, not once a cycle: one circle fitted "
                "through three",
                "The camera records the centre once a cycle, at its end. After motor 1, 2 "
                "and 3 the centre keeps to three different circles about one point: a circle "
                "fitted through all of them is none of them.",
                _spin_of(every_pivot=True)),
        Mistake("the pivot's rotation transposed: the centre turned about the foot the other "
                "way than the heading",
                "A pivot turns the whole robot by one angle: the lever from the foot to the "
                "centre turns with the heading, from +x towards +y for a positive pivot. "
                "Check your rotation on a quarter turn: it must take (1, 0) to (0, 1).",
                _spin_of(lever_turn=-1.0)),
        Mistake("each pivot taken as a straight step along the motor's thrust (exercise "
                "5.1's velocities times the angle), not as a turn about the leg",
                "Exercise 5.1's velocities hold for an instant. A pivot of a few degrees is a "
                "turn about a foot that stays put: the centre moves on an arc, not along the "
                "thrust. " + _SIMULATE_HINT,
                _spin_of(straight=True)),
        Mistake("the legs' angles 180, 300 and 60 given to np.cos and np.sin in degrees",
                "NumPy's np.cos and np.sin take radians: np.cos(300) is the cosine of 300 "
                "rad. Convert the legs' angles the text gives in degrees with np.radians (or "
                "np.deg2rad) first. Look at the case of three equal pivots.",
                _spin_of(legs_in_degrees=True)),
        Mistake("the pivots taken as simultaneous rates: the radius of the continuous twist",
                "The motors pivot one after another, and a pivot of a few degrees is not "
                "infinitely small: three equal pivots still walk a small circle. "
                + _SIMULATE_HINT,
                _spin_of(simultaneous=True)),
        Mistake("the rotation speed per step: a cycle takes three steps",
                "One cycle is three steps, one per motor, each step_time long. Look at the "
                "case 'motor 1 alone'.",
                _spin_of(per_step=True)),
        Mistake("the rotation speed signed: negative for a spin the negative way",
                "rot_speed is a speed: how fast the robot turns, whichever way. Look at the "
                "case with motors 2 and 3 flipped.",
                _spin_of(signed=True)),
        Mistake("the rotation speed from the pivots' sizes: a flipped motor counted forwards",
                "A flipped motor pivots backwards and turns the robot back: its pivot takes "
                "away from the cycle's turn.",
                _spin_of(magnitudes=True)),
        Mistake("the radius converted to mm in the cost, where alpha is per m",
                "All inputs are in SI units: the radius in m and alpha per m (the chapter's "
                "1 per mm is 1000 per m).",
                _spin_of(radius_unit=1e3)),
        Mistake("the cost's sign flipped: minimising it would seek wide, slow circles",
                "Nelder-Mead minimises: a wide circle must cost more than a small one, and a "
                "fast spin less than a slow one.",
                _spin_of(weights=(-1.0, 1.0))),
        Mistake("plus instead of minus in the cost: a fast rotation is penalised",
                "A faster spin is better, so it must lower the cost, not raise it.",
                _spin_of(weights=(1.0, 1.0))),
        Mistake("alpha and beta swapped in the cost",
                "alpha weighs the radius, beta the rotation speed: alpha is per m, beta per "
                "rad/s.",
                _spin_of(swapped=True)),
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
