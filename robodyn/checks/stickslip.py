"""The exercises of the stick-slip chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.stickslip` and the source: the robot frame
has x orthogonal to motor 1's thrust and y along it; positive pivot rates move the centre
along the motors' thrusts, 90, 210 and -30 degrees; SI units (m, m/s, rad/s).
"""

from __future__ import annotations

import numpy as np

from robodyn import stickslip
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform

LEG = stickslip.DropletGeometry().leg_radius

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


def _forward_of(angle2=210.0, angle3=-30.0, degrees_as_radians=False, scale=True):
    def forward(theta1_dot, theta2_dot, theta3_dot, leg_radius):
        a2, a3 = (angle2, angle3) if degrees_as_radians else np.radians([angle2, angle3])
        ell = leg_radius if scale else 1.0
        x = ell * (theta2_dot * np.cos(a2) + theta3_dot * np.cos(a3))
        y = ell * (theta1_dot + theta2_dot * np.sin(a2) + theta3_dot * np.sin(a3))
        return x, y, theta1_dot + theta2_dot + theta3_dot

    return forward


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
                "Motor 2's thrust is at 210 degrees: cos 210 = -sqrt(3)/2, sin 210 = -1/2.",
                _forward_of(angle2=30.0)),
        Mistake("the angles given to np.cos and np.sin in degrees",
                "NumPy's trigonometric functions take radians: np.radians(210).",
                _forward_of(degrees_as_radians=True)),
        Mistake("-30 degrees taken as +30 degrees",
                "Motor 3's thrust is at -30 degrees: sin(-30) = -1/2.",
                _forward_of(angle3=30.0)),
        Mistake("the leg radius is missing from the velocities",
                "A pivot at the rate theta_dot moves the centre at leg_radius * theta_dot.",
                _forward_of(scale=False)),
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


def _inverse_of(third_is_second=False, x_sign=1.0, scale=True, spin=True, swap_thirds=False):
    def inverse(x_dot, y_dot, theta_dot, leg_radius):
        ell = leg_radius if scale else 1.0
        r3 = np.sqrt(3) / 3
        turn = theta_dot / 3 if spin else 0.0
        one, two = (1 / 3, 2 / 3) if swap_thirds else (2 / 3, 1 / 3)
        t1 = one * y_dot / ell + turn
        t2 = -x_sign * r3 * x_dot / ell - two * y_dot / ell + turn
        t3 = x_sign * r3 * x_dot / ell - two * y_dot / ell + turn
        return (t1, t2, t2) if third_is_second else (t1, t2, t3)

    return inverse


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
                "The source's third equation is theta3_dot = sqrt(3)/3 x/l - y/(3 l) + "
                "theta/3 (it is labelled theta2_dot by mistake): invert the forward equations "
                "to check.", _inverse_of(third_is_second=True)),
        Mistake("the signs of the x terms are swapped between theta2_dot and theta3_dot",
                "Motor 2 pushes towards 210 degrees (negative x), motor 3 towards -30 degrees "
                "(positive x): theta2_dot has -sqrt(3)/3 x/l, theta3_dot +sqrt(3)/3 x/l.",
                _inverse_of(x_sign=-1.0)),
        Mistake("the leg radius is missing (velocities not divided by it)",
                "The pivot rates are velocities divided by the leg radius: x_dot / l.",
                _inverse_of(scale=False)),
        Mistake("the turning part theta_dot / 3 is missing",
                "Each pivot turns the robot: theta_dot = sum of the three rates, so each "
                "carries theta_dot / 3.", _inverse_of(spin=False)),
        Mistake("the factors 2/3 and 1/3 of y_dot are swapped",
                "Motor 1 pushes along y alone: theta1_dot = 2/3 y/l + theta/3, the others "
                "-1/3 y/l.", _inverse_of(swap_thirds=True)),
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


def _circle_cases(rng) -> list[Case]:
    fixed = np.random.default_rng(11)
    cases = [
        Case(_arc(fixed, 0.0, 0.0, 0.01, 0.0, 2 * np.pi * 0.9, 12, 0.0), "fixed",
             "12 exact points on a 1 cm circle about the origin"),
        Case(_arc(fixed, 0.03, -0.02, 0.005, 1.0, 2.0, 15, 0.0), "fixed",
             "an exact arc of 5 mm radius off the origin"),
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
                "The radius is sqrt(D^2/4 + E^2/4 - F), half the diameter.",
                lambda x, y: (*_kasa(x, y)[:2], 2 * _kasa(x, y)[2])),
        Mistake("the radius squared (the square root is missing)",
                "R^2 = D^2/4 + E^2/4 - F: take its square root.",
                lambda x, y: (*_kasa(x, y)[:2], _kasa(x, y)[2] ** 2)),
        Mistake("the centre has the wrong sign (D/2 instead of -D/2)",
                "x^2 + y^2 + D x + E y + F = 0 is (x + D/2)^2 + (y + E/2)^2 = ...: the "
                "centre is (-D/2, -E/2).",
                lambda x, y: (-_kasa(x, y)[0], -_kasa(x, y)[1], _kasa(x, y)[2])),
        Mistake("a geometric (distance) fit: right idea, but not the algebraic fit asked for",
                "On noisy points the two differ; this exercise asks for Kasa's linear least "
                "squares on x^2 + y^2 + D x + E y + F = 0.", _geometric),
    ),
)


# --------------------------------------------------------------------------- the cost


def _cost_reference(radius, rot_speed, alpha, beta):
    return stickslip.calibration_cost(radius, rot_speed, alpha, beta)


def _cost_cases(rng) -> list[Case]:
    cases = [
        Case((2.0, 1.0, 1.0, 0.5), "fixed", "R = 2 mm, V = 1 rad/s, alpha = 1, beta = 0.5"),
        Case((0.5, 1.4, 1.0, 0.5), "fixed", "a good spin"),
        Case((30.0, 0.2, 2.0, 0.3), "fixed", "a flipped motor: a wide, slow circle"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.2, 50), rounded_uniform(rng, 0.1, 3),
                           rounded_uniform(rng, 1, 3), rounded_uniform(rng, 0.1, 0.9)),
                          "seeded random"))
    cases.append(Case((rounded_uniform(rng, 0.2, 50, 10), rounded_uniform(rng, 0.1, 3, 10),
                       1.0, 0.5), "arrays"))
    return cases


_COST = Exercise(
    exercise_id="stickslip.calibration_cost",
    description="The source's calibration cost alpha R - beta V.",
    function_name="calibration_cost",
    arguments=("radius", "rot_speed", "alpha", "beta"),
    outputs=(Output("cost", Close(rtol=1e-9, atol=1e-12)),),
    reference=_cost_reference,
    package_references=("robodyn.stickslip.calibration_cost",),
    make_cases=_cost_cases,
    mistakes=(
        Mistake("the cost's sign is flipped (beta V - alpha R): minimising it would seek wide "
                "circles",
                "Nelder-Mead minimises: the cost must grow with the radius, alpha R - beta V.",
                lambda radius, rot_speed, alpha, beta: beta * np.asarray(rot_speed)
                - alpha * np.asarray(radius)),
        Mistake("alpha and beta are swapped",
                "alpha weighs the radius, beta the rotation speed: alpha R - beta V.",
                lambda radius, rot_speed, alpha, beta: beta * np.asarray(radius)
                - alpha * np.asarray(rot_speed)),
        Mistake("plus instead of minus: a fast rotation is penalised",
                "A faster spin is better, so it lowers the cost: alpha R - beta V.",
                lambda radius, rot_speed, alpha, beta: alpha * np.asarray(radius)
                + beta * np.asarray(rot_speed)),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_FORWARD, _INVERSE, _CIRCLE, _COST)
