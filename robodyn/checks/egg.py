"""The exercises of the egg-robot chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.egg`: the shell is a prolate ellipsoid of
revolution, semi-axis ``R1`` along its long axis and ``R2`` across it (``R1 >= R2``, m); the
tilt ``beta_v`` of the long axis from the vertical lies in [0, pi/2] rad; the attitude is
``R_WB = Rz(gamma) Rx(beta) Rz(alpha)`` (body to world) and ``omega_B`` the angular velocity
in body coordinates, rad/s; SI units and radians throughout.

The typical mistakes include what a reader of the source (Mayer 2018) copies: its eq. 18 for
the radius, its eq. 31 lever arm ``|r| sin(beta)``, its eq. 43 sign ``omega x L`` and its
eq. 52 map from ``omega`` to the rates.
"""

from __future__ import annotations

import math

import numpy as np

from robodyn import egg
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform

#: The palm-sized egg of the fixed cases: the book's egg (its long and short semi-axes, m).
_PALM = egg.EggParams()
R1_PALM, R2_PALM = _PALM.R1, _PALM.R2

# --------------------------------------------------------------------------- shell cases


def _random_egg(rng):
    """Semi-axes (R1, R2) in m, R1 at least 1.1 R2, both rounded to 1 mm."""
    R2 = rounded_uniform(rng, 0.02, 0.06)
    return round(R2 * float(rng.uniform(1.1, 2.0)), 3), R2


def _shell_cases(rng) -> list[Case]:
    """Cases (beta_v, R1, R2) shared by the exercises on the shell's geometry."""
    cases = [
        Case((0.5, R1_PALM, R2_PALM), "fixed",
             f"a palm-sized egg (R1 = {1e2 * R1_PALM:g} cm, R2 = {1e2 * R2_PALM:g} cm) tilted "
             "by 0.5 rad"),
        Case((1.0, R1_PALM, R2_PALM), "fixed", "the palm-sized egg tilted by 1 rad"),
        Case((0.01, R1_PALM, R2_PALM), "fixed", "nearly upright: tilted by 0.01 rad"),
        Case((1.56, R1_PALM, R2_PALM), "fixed", "nearly lying: tilted by 1.56 rad"),
        Case((0.0, R1_PALM, R2_PALM), "fixed", "upright, standing on its tip"),
        Case((np.pi / 2, R1_PALM, R2_PALM), "fixed", "lying on its side, beta_v = pi/2"),
        Case((0.7, 0.05, 0.05), "fixed", "a sphere (R1 = R2 = 5 cm) tilted by 0.7 rad"),
        Case((0.9, 0.1, 0.03), "fixed", "a slender egg, R1 = 10 cm, R2 = 3 cm"),
    ]
    for _ in range(5):
        R1, R2 = _random_egg(rng)
        cases.append(Case((rounded_uniform(rng, 0.05, 1.5), R1, R2), "seeded random"))
    cases.append(Case((np.linspace(0.0, np.pi / 2, 7), R1_PALM, R2_PALM), "arrays",
                      "seven tilts of the palm-sized egg, from upright to lying"))
    R1, R2 = _random_egg(rng)
    cases.append(Case((rounded_uniform(rng, 0.0, 1.57, 30), R1, R2), "arrays",
                      "30 random tilts of one egg"))
    return cases


def _as_float(beta_v):
    return np.asarray(beta_v, dtype=float)


# --------------------------------------------------------------------------- contact angle


def _contact_angle_reference(beta_v, R1, R2):
    return egg.contact_angle(beta_v, R1, R2)


def _contact_angle_of(ratio_power=2, swap=False):
    def contact_angle(beta_v, R1, R2):
        beta = _as_float(beta_v)
        ratio = R1 / R2 if swap else R2 / R1
        return np.arctan2(ratio**ratio_power * np.sin(beta), np.cos(beta))

    return contact_angle


def _from_the_vertical(beta_v, R1, R2):
    return _as_float(beta_v) - _contact_angle_of()(beta_v, R1, R2)


def _from_the_short_axis(beta_v, R1, R2):
    return np.pi / 2 - _contact_angle_of()(beta_v, R1, R2)


def _from_the_horizontal(beta_v, R1, R2):
    return np.pi / 2 - _from_the_vertical(beta_v, R1, R2)


def _contact_angle_in_degrees(beta_v, R1, R2):
    return np.degrees(_contact_angle_of()(beta_v, R1, R2))


def _contact_angle_of_degrees(beta_v, R1, R2):
    return _contact_angle_of()(np.radians(_as_float(beta_v)), R1, R2)


_CONTACT_ANGLE_RULE = "tan(beta_p) = (R2/R1)^2 tan(beta_v)"

_CONTACT_ANGLE = Exercise(
    exercise_id="egg.contact_angle",
    description="Angle from the long axis to the contact point, seen from the centre.",
    function_name="contact_angle",
    arguments=("beta_v", "R1", "R2"),
    outputs=(Output("beta_p", Close(rtol=1e-9, atol=1e-12)),),
    reference=_contact_angle_reference,
    package_references=("robodyn.egg.contact_angle",),
    make_cases=_shell_cases,
    mistakes=(
        Mistake("R1 and R2 swapped: (R1/R2)^2 instead of (R2/R1)^2",
                "R1 is the long semi-axis. On a prolate egg the contact lags behind the tilt "
                f"(beta_p < beta_v): {_CONTACT_ANGLE_RULE}.",
                _contact_angle_of(swap=True)),
        Mistake("the exponent 1: the parametric angle psi, not the polar angle",
                "tan(psi) = (R2/R1) tan(beta_v) gives the point (R2 sin psi, R1 cos psi); the "
                "angle of that point from the long axis is atan2(R2 sin psi, R1 cos psi), "
                f"that is {_CONTACT_ANGLE_RULE}.",
                _contact_angle_of(ratio_power=1)),
        Mistake("the angle from the vertical (beta_v - beta_p)",
                "beta_p is measured from the egg's long axis to the line from the centre to "
                f"the contact: {_CONTACT_ANGLE_RULE}.",
                _from_the_vertical),
        Mistake("the angle from the short axis (pi/2 - beta_p)",
                "beta_p is 0 when the egg stands upright on its tip and grows with the tilt: "
                f"{_CONTACT_ANGLE_RULE}.",
                _from_the_short_axis),
        Mistake("the angle from the horizontal (pi/2 - beta_v + beta_p)",
                "beta_p is measured from the egg's long axis, not from the floor: "
                f"{_CONTACT_ANGLE_RULE}.",
                _from_the_horizontal),
        Mistake("beta_p returned in degrees",
                "Return radians: np.arctan2 and np.arctan already give radians; leave out "
                "np.degrees.",
                _contact_angle_in_degrees),
        Mistake("beta_v converted from degrees (it is in radians already)",
                "beta_v comes in radians: leave out np.radians (or np.deg2rad).",
                _contact_angle_of_degrees),
    ),
)


# --------------------------------------------------------------------------- centre height


def _center_height_reference(beta_v, R1, R2):
    return egg.center_height(beta_v, R1, R2)


def _height_swapped(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return np.sqrt(R2**2 * np.cos(beta) ** 2 + R1**2 * np.sin(beta) ** 2)


def _height_polar_radius(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * R2 / np.sqrt(R2**2 * np.cos(beta) ** 2 + R1**2 * np.sin(beta) ** 2)


def _height_squared(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2


def _height_eq18(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * R2 / np.sqrt(R2**2 * np.sin(beta) ** 2 + R1**2 * np.cos(beta) ** 2)


_HEIGHT_RULE = "H = sqrt(R1^2 cos^2(beta_v) + R2^2 sin^2(beta_v))"

_CENTER_HEIGHT = Exercise(
    exercise_id="egg.center_height",
    description="Height of the egg's centre above the floor at a tilt.",
    function_name="center_height",
    arguments=("beta_v", "R1", "R2"),
    outputs=(Output("H", Close(rtol=1e-9, atol=1e-12)),),
    reference=_center_height_reference,
    package_references=("robodyn.egg.center_height",),
    make_cases=_shell_cases,
    mistakes=(
        Mistake("R1 and R2 swapped (or cos and sin swapped)",
                "Upright (beta_v = 0) the egg stands on its tip, its centre R1 high; lying, R2: "
                f"{_HEIGHT_RULE}.",
                _height_swapped),
        Mistake("the shell's polar radius |r(beta_v)|, not the support function",
                "|r(beta_v)| is the distance from the centre straight down to the shell, but "
                "the shell's lowest point, the contact, lies elsewhere (except upright and "
                "lying). H is the depth of that lowest point, the support function: "
                f"{_HEIGHT_RULE}.",
                _height_polar_radius),
        Mistake("H squared: the square root is missing",
                f"The result must be a length in m: {_HEIGHT_RULE}.",
                _height_squared),
        Mistake("the source's eq. 18, R1 R2 / sqrt(R2^2 sin^2 + R1^2 cos^2)",
                "That is a radius of the shell (with sin and cos exchanged), not the height of "
                f"the centre; it equals R1 R2 / H: {_HEIGHT_RULE}.",
                _height_eq18),
    ),
)


# --------------------------------------------------------------------------- Euler rates


def _euler_rates_reference(alpha, beta, gamma, omega_B):
    return egg.euler_rates(alpha, beta, gamma, omega_B)


#: Tilts this close to 0 or pi (rad) are in the cases: the rates there are large, but defined.
NEAR_SINGULAR_BETA = 1e-3


def _euler_cases(rng) -> list[Case]:
    cases = [
        Case((0.3, 0.8, -1.1, np.array([0.0, 0.0, 2.0])), "fixed",
             "a spin of 2 rad/s about the long axis alone"),
        Case((0.0, 0.5, 0.4, np.array([1.0, 0.0, 0.0])), "fixed",
             "alpha = 0: omega_x turns about the tilt axis"),
        Case((0.7, 1.2, 2.5, np.array([0.4, -1.1, 0.6])), "fixed", "a general attitude"),
        Case((-0.4, np.pi / 2, 0.9, np.array([0.3, 0.5, -0.8])), "fixed",
             "lying on its side, beta = pi/2"),
        Case((0.3, NEAR_SINGULAR_BETA, 1.0, np.array([0.5, 0.8, 1.0])), "fixed",
             "nearly upright, beta = 0.001 rad: the rates are large, but finite"),
        Case((-1.2, np.pi - NEAR_SINGULAR_BETA, 0.2, np.array([-0.3, 0.4, 0.5])), "fixed",
             "nearly upside down, beta = pi - 0.001 rad: large, finite rates"),
    ]
    for _ in range(6):
        cases.append(Case((rounded_uniform(rng, -3.1, 3.1), rounded_uniform(rng, 0.2, 2.9),
                           rounded_uniform(rng, -3.1, 3.1), rounded_uniform(rng, -3, 3, 3)),
                          "seeded random"))
    return cases


def _rates_of(divide=True, cos_term=True, cos_sign=-1.0, order=(0, 1, 2)):
    def euler_rates(alpha, beta, gamma, omega_B):
        wx, wy, wz = omega_B
        beta_dot = wx * math.cos(alpha) - wy * math.sin(alpha)
        gamma_dot = wx * math.sin(alpha) + wy * math.cos(alpha)
        if divide:
            gamma_dot = gamma_dot / math.sin(beta)
        alpha_dot = wz + (cos_sign * gamma_dot * math.cos(beta) if cos_term else 0.0)
        rates = (alpha_dot, beta_dot, gamma_dot)
        return tuple(rates[k] for k in order)

    return euler_rates


def _rate_matrix(alpha, beta):
    """E of omega_B = E (alpha_dot, beta_dot, gamma_dot), written out for the mistakes."""
    sa, ca, sb, cb = math.sin(alpha), math.cos(alpha), math.sin(beta), math.cos(beta)
    return np.array([[0.0, ca, sb * sa], [0.0, -sa, sb * ca], [1.0, 0.0, cb]])


def _rates_transpose(alpha, beta, gamma, omega_B):
    return tuple(_rate_matrix(alpha, beta).T @ np.asarray(omega_B, float))


def _rates_eq52(alpha, beta, gamma, omega_B):
    sb, cb, sg, cg = math.sin(beta), math.cos(beta), math.sin(gamma), math.cos(gamma)
    source = np.array([[sb * sg, sb * cg, cb], [cg, -sg, 0.0], [0.0, 0.0, 1.0]])
    return tuple(source @ np.asarray(omega_B, float))


#: The guard of the mistake below refuses |sin(beta)| under this (dimensionless).
_WIDE_GUARD = 0.01


def _rates_wide_guard(alpha, beta, gamma, omega_B):
    if abs(math.sin(beta)) < _WIDE_GUARD:
        raise ValueError(f"singular: sin(beta) = {math.sin(beta):.3g}")
    return _rates_of()(alpha, beta, gamma, omega_B)


_RATES_RULE = ("beta_dot = wx cos(alpha) - wy sin(alpha), gamma_dot = (wx sin(alpha) + wy "
               "cos(alpha)) / sin(beta), alpha_dot = wz - gamma_dot cos(beta)")

_RATES = (Output("alpha_dot", Close(rtol=1e-9, atol=1e-12)),
          Output("beta_dot", Close(rtol=1e-9, atol=1e-12)),
          Output("gamma_dot", Close(rtol=1e-9, atol=1e-12)))

_EULER_RATES = Exercise(
    exercise_id="egg.euler_rates",
    description="z-x-z Euler-angle rates from the body-frame angular velocity.",
    function_name="euler_rates",
    arguments=("alpha", "beta", "gamma", "omega_B"),
    outputs=_RATES,
    reference=_euler_rates_reference,
    package_references=("robodyn.egg.euler_rates",),
    make_cases=_euler_cases,
    mistakes=(
        Mistake("the transpose of E instead of its inverse",
                "E is not a rotation matrix (its determinant is sin(beta), not 1): its "
                f"transpose does not undo it. Solve omega_B = E rates: {_RATES_RULE}.",
                _rates_transpose),
        Mistake("the matrix of the source's eq. 52 applied to omega_B",
                "Its rows (sin b sin g, sin b cos g, cos b), (cos g, -sin g, 0), (0, 0, 1) are "
                "the world-frame axes of the three turns (in the source's angles, ours "
                "negated): a transpose, not an inverse, and of the world-frame map; with "
                f"omega_B in the body frame, gamma does not enter. Invert E: {_RATES_RULE}.",
                _rates_eq52),
        Mistake("the rates in the order (gamma_dot, beta_dot, alpha_dot)",
                "Return them in the order of the angles' arguments: alpha_dot, beta_dot, "
                "gamma_dot.",
                _rates_of(order=(2, 1, 0))),
        Mistake("the division by sin(beta) is missing in gamma_dot",
                "The heading axis (world z) seen in the body is (sin b sin a, sin b cos a, "
                f"cos b): its x-y part has the length sin(beta). {_RATES_RULE}.",
                _rates_of(divide=False)),
        Mistake("alpha_dot = omega_z: the cos(beta) term is forgotten",
                "The heading rate gamma_dot also turns the body about its long axis, by "
                "gamma_dot cos(beta): alpha_dot = wz - gamma_dot cos(beta).",
                _rates_of(cos_term=False)),
        Mistake("the wrong sign in alpha_dot: wz + gamma_dot cos(beta)",
                "omega_z = alpha_dot + gamma_dot cos(beta), so alpha_dot = wz - gamma_dot "
                "cos(beta).",
                _rates_of(cos_sign=1.0)),
        Mistake("a singularity guard too wide: it refuses beta = 0.001 rad",
                "Only sin(beta) = 0 itself is singular, and the check never calls it there. At "
                "beta = 0.001 rad the rates are about 1000 times omega: large, but defined. "
                "Refuse only |sin(beta)| below about 1e-9, or not at all.",
                _rates_wide_guard),
    ),
)


# --------------------------------------------------------------------------- gyroscopic torque


def _gyro_reference(L, omega):
    return egg.gyro_torque(L, omega)


def _gyro_cases(rng) -> list[Case]:
    # a solid palm-sized egg of the shell's mass: I = m (R1^2 + R2^2) / 5 across, 2 m R2^2 / 5
    # along (1.125e-4 and 8.1e-5 kg m^2 for 0.1 kg)
    m = _PALM.shell_mass
    inertia = m / 5 * np.array([R1_PALM**2 + R2_PALM**2, R1_PALM**2 + R2_PALM**2,
                                2 * R2_PALM**2])
    omega_palm = np.array([0.5, -0.3, 20.0])
    batch_L = np.array([[0.0, 0.0, 2.0], [0.3, -0.6, 0.9], [1.0, 2.0, -0.5],
                        [-0.4, 0.0, 0.7], [0.25, 0.25, 0.25]])
    batch_omega = np.array([[1.0, 0.0, 0.0], [0.1, -0.2, 0.3], [0.0, -1.5, 2.0],
                            [3.0, 1.0, 0.0], [-1.0, 0.5, 2.0]])
    cases = [
        Case((np.array([0.0, 0.0, 2.0]), np.array([1.0, 0.0, 0.0])), "fixed",
             "a rotor with L along z, turned about x"),
        Case((np.array([0.3, -0.6, 0.9]), np.array([0.1, -0.2, 0.3])), "fixed",
             "L parallel to omega: no gyroscopic torque"),
        Case((inertia * omega_palm, omega_palm), "fixed",
             f"a {m:g} kg palm-sized egg spinning at 20 rad/s about its long axis, tumbling"),
        Case((batch_L, batch_omega), "fixed", "five (L, omega) pairs at once, shape (5, 3)"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, -2, 2, 3), rounded_uniform(rng, -3, 3, 3)),
                          "seeded random"))
    cases.append(Case((rounded_uniform(rng, -2, 2, (6, 3)), rounded_uniform(rng, -3, 3, (6, 3))),
                      "seeded random", "six random pairs at once, shape (6, 3)"))
    return cases


def _gyro_reversed(L, omega):
    return np.cross(omega, L)


def _gyro_dot(L, omega):
    return np.dot(L, omega)


def _gyro_dot_per_pair(L, omega):
    return np.sum(np.asarray(L, float) * np.asarray(omega, float), axis=-1)


def _gyro_elementwise(L, omega):
    return np.asarray(L, float) * np.asarray(omega, float)


def _gyro_magnitudes(L, omega):
    return np.linalg.norm(L) * np.linalg.norm(omega)


def _gyro_magnitudes_per_pair(L, omega):
    return np.linalg.norm(L, axis=-1) * np.linalg.norm(omega, axis=-1)


_GYRO_RULE = "np.cross(L, omega), one row per pair for arrays of shape (n, 3)"

_GYRO = Exercise(
    exercise_id="egg.gyro_torque",
    description="The gyroscopic term L x omega of Euler's equations.",
    function_name="gyro_torque",
    arguments=("L", "omega"),
    outputs=(Output("tau_gyro", Close(rtol=1e-9, atol=1e-12)),),
    reference=_gyro_reference,
    package_references=("robodyn.egg.gyro_torque",),
    make_cases=_gyro_cases,
    mistakes=(
        Mistake("omega x L: the opposite sign (the source's eq. 43)",
                "In a frame turning with omega, dL/dt = M + L x omega: the term is L x omega "
                f"= -(omega x L). Use {_GYRO_RULE}.",
                _gyro_reversed),
        Mistake("the dot product L . omega: a number, not a vector",
                f"The gyroscopic term is a torque vector, the cross product: {_GYRO_RULE}.",
                _gyro_dot),
        Mistake("the dot product of each pair: numbers, not vectors",
                f"The gyroscopic term is a torque vector, the cross product: {_GYRO_RULE}.",
                _gyro_dot_per_pair),
        Mistake("the elementwise product L * omega, not the cross product",
                "Its x entry is L_y omega_z - L_z omega_y, not L_x omega_x: use "
                f"{_GYRO_RULE}.",
                _gyro_elementwise),
        Mistake("|L| |omega|: a number, not a vector",
                "The term is a vector, perpendicular to L and omega (and zero when they are "
                f"parallel): {_GYRO_RULE}.",
                _gyro_magnitudes),
        Mistake("|L| |omega| of each pair: numbers, not vectors",
                "The term is a vector, perpendicular to L and omega (and zero when they are "
                f"parallel): {_GYRO_RULE}.",
                _gyro_magnitudes_per_pair),
    ),
)


# --------------------------------------------------------------------------- contact offset


def _offset_reference(beta_v, R1, R2):
    return egg.contact_offset(beta_v, R1, R2)


def _offset_of(with_H=True, swap=False, sign=1.0):
    def contact_offset(beta_v, R1, R2):
        beta = _as_float(beta_v)
        a, b = (R2, R1) if swap else (R1, R2)
        d = (a**2 - b**2) * np.sin(beta) * np.cos(beta)
        if with_H:
            d = d / np.sqrt(a**2 * np.cos(beta) ** 2 + b**2 * np.sin(beta) ** 2)
        return sign * d

    return contact_offset


def _offset_lever_polar(beta_v, R1, R2):
    return _height_polar_radius(beta_v, R1, R2) * np.sin(_as_float(beta_v))


def _offset_lever_eq18(beta_v, R1, R2):
    return _height_eq18(beta_v, R1, R2) * np.sin(_as_float(beta_v))


_OFFSET_RULE = "d = (R1^2 - R2^2) sin(beta_v) cos(beta_v) / H"
_LEVER_HINT = ("|r| sin(beta_v) is the offset of a point at the distance |r| along the long "
               "axis, not of the contact: it is not 0 when the egg lies, where the contact is "
               "straight below the centre. The contact seen from the centre is at the distance "
               f"|r(beta_p)| and at beta_v - beta_p from the vertical: {_OFFSET_RULE}.")

_CONTACT_OFFSET = Exercise(
    exercise_id="egg.contact_offset",
    description="Horizontal distance from the egg's centre to its contact point.",
    function_name="contact_offset",
    arguments=("beta_v", "R1", "R2"),
    outputs=(Output("d", Close(rtol=1e-9, atol=1e-12)),),
    reference=_offset_reference,
    package_references=("robodyn.egg.contact_offset",),
    make_cases=_shell_cases,
    mistakes=(
        Mistake("H is missing in the denominator (the unit is m^2)",
                f"d is the derivative of H with respect to the tilt: {_OFFSET_RULE}, with "
                "H = sqrt(R1^2 cos^2 + R2^2 sin^2).",
                _offset_of(with_H=False)),
        Mistake("R1 and R2 swapped: the contact towards the upper end",
                f"R1 is the long semi-axis; the contact lies towards the lower end: "
                f"{_OFFSET_RULE}.",
                _offset_of(swap=True)),
        Mistake("the sign flipped: the offset towards the upper end",
                "Positive is towards the lower end of the long axis, where the contact "
                f"lies: {_OFFSET_RULE}.",
                _offset_of(sign=-1.0)),
        Mistake("the lever arm |r(beta_v)| sin(beta_v) of the source's eq. 31",
                _LEVER_HINT, _offset_lever_polar),
        Mistake("the lever arm |r| sin(beta_v), |r| from the source's eq. 18",
                _LEVER_HINT, _offset_lever_eq18),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_CONTACT_ANGLE, _CENTER_HEIGHT, _EULER_RATES, _GYRO, _CONTACT_OFFSET)
