"""The exercises of the egg-robot chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.egg`: the shell is a prolate ellipsoid of
revolution, semi-axis ``R1`` along its long axis and ``R2`` across it (``R1 >= R2``, m); the
tilt ``beta_v`` of the long axis from the vertical lies in [0, pi/2] rad; the attitude is
``R_WB = Rz(gamma) Rx(beta) Rz(alpha)`` (body to world) and ``omega_B`` the angular velocity
in body coordinates, rad/s; SI units and radians throughout.

The typical mistakes include what a reader of the source (Mayer 2018) copies: its eq. 18 for
the radius, its eq. 31 lever arm ``|r| sin(beta)``, its eq. 43 sign ``omega x L`` and its
eq. 52 map from ``omega`` to the rates. The hints teach without printing the formula the
exercise asks for: they point to the text's route, a unit, or the fixed case that shows the
slip.

The contact offset (exercise 6.5) is compared within 0.1 um (``atol``), not to round-off:
the text offers d = -dH/dbeta_v, and a student who differentiates numerically is right to about
1e-11 m (central differences, step 1e-6 rad) or 5e-9 m (one-sided, step 1e-7 rad). A
one-sided step of 1e-5 rad or more is off by more than that tolerance and is named as too
coarse.
"""

from __future__ import annotations

import dataclasses
import itertools
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


def _contact_angle_of(ratio_power=2, swap=False, r1_power=None):
    """atan2((R2/R1)^ratio_power sin, cos) with the changes of a mistake: the ratio upside
    down, or R1 to the power ``r1_power`` below R2^2 (one square dropped)."""
    def contact_angle(beta_v, R1, R2):
        beta = _as_float(beta_v)
        if r1_power is not None:
            return np.arctan2(R2**2 * np.sin(beta), R1**r1_power * np.cos(beta))
        ratio = R1 / R2 if swap else R2 / R1
        return np.arctan2(ratio**ratio_power * np.sin(beta), np.cos(beta))

    return contact_angle


def _from_the_vertical(beta_v, R1, R2):
    return _as_float(beta_v) - _contact_angle_of()(beta_v, R1, R2)


def _from_the_short_axis(beta_v, R1, R2):
    return np.pi / 2 - _contact_angle_of()(beta_v, R1, R2)


def _from_the_horizontal(beta_v, R1, R2):
    return np.pi / 2 - _from_the_vertical(beta_v, R1, R2)


def _contact_angle_by_sines(beta_v, R1, R2):
    """The squared ratio of the semi-axes applied to the sines, arcsin((R2/R1)^2 sin)."""
    return np.arcsin((R2 / R1) ** 2 * np.sin(_as_float(beta_v)))


def _contact_angle_in_degrees(beta_v, R1, R2):
    return np.degrees(_contact_angle_of()(beta_v, R1, R2))


def _contact_angle_of_degrees(beta_v, R1, R2):
    return _contact_angle_of()(np.radians(_as_float(beta_v)), R1, R2)


_TWO_STEPS = ("Follow the text's two steps: the psi whose normal makes the angle beta_v with "
              "the long axis, then the angle of the point (R2 sin psi, R1 cos psi) seen from "
              "the centre.")
_LAGS = ("On a prolate egg the contact lags behind the tilt: 0 < beta_p < beta_v for "
         "0 < beta_v < pi/2.")

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
        Mistake("beta_p = beta_v, which holds only for a sphere",
                "The sphere's case passes. On a prolate egg the normal at the contact points "
                "straight down, but the line from the centre to the contact does not: the "
                "contact lags behind the tilt, 0 < beta_p < beta_v for 0 < beta_v < pi/2. "
                + _TWO_STEPS,
                lambda beta_v, R1, R2: _as_float(beta_v) + 0.0),
        Mistake("R1 and R2 swapped: the ratio of the semi-axes upside down",
                f"R1 is the long semi-axis, along z', R2 the short one. {_LAGS}",
                _contact_angle_of(swap=True)),
        Mistake("the exponent 1: the parametric angle psi, not the polar angle",
                "psi is the parameter of the point (R2 sin psi, R1 cos psi), not the angle at "
                "which the centre sees it: that angle's tangent is the point's rho over its "
                "z'.",
                _contact_angle_of(ratio_power=1)),
        Mistake("the ratio of the semi-axes upside down and to the first power (R1/R2): the "
                "first step solved the wrong way round, and psi returned",
                f"{_LAGS} Yours runs ahead of the tilt: put your psi back into the normal "
                "(sin psi / R2, cos psi / R1) and see which angle it makes with the long "
                "axis. And psi is the parameter of the point, not yet the angle asked for. "
                + _TWO_STEPS,
                _contact_angle_of(ratio_power=1, swap=True)),
        Mistake("one of the squares dropped: R2^2 over R1 (a length, not a ratio)",
                "tan(beta_p) must be a pure number, a ratio of lengths: with R2^2 above and R1 "
                f"below it is a length in m. {_TWO_STEPS}",
                _contact_angle_of(r1_power=1)),
        Mistake("the angle from the vertical (beta_v - beta_p)",
                "beta_p is measured from the egg's long axis z' to the line from the centre "
                "to the contact, not from the vertical.",
                _from_the_vertical),
        Mistake("the angle from the short axis, pi/2 - beta_p (or np.arctan2's arguments in "
                "the wrong order)",
                "beta_p is 0 when the egg stands upright on its tip and grows with the tilt. "
                "np.arctan2(y, x) takes the side opposite the angle first.",
                _from_the_short_axis),
        Mistake("the angle from the horizontal (pi/2 - beta_v + beta_p)",
                "beta_p is measured from the egg's long axis, not from the floor.",
                _from_the_horizontal),
        Mistake("the angle counted towards the upper end: -beta_p",
                "The contact lies on the side of the lower end: beta_p has the sign of the "
                "tilt, positive for 0 < beta_v < pi/2.",
                lambda beta_v, R1, R2: -_contact_angle_of()(beta_v, R1, R2)),
        Mistake("beta_p returned in degrees",
                "Return radians: np.arctan2 and np.arctan already give radians; leave out "
                "np.degrees.",
                _contact_angle_in_degrees),
        Mistake("beta_v converted from degrees (it is in radians already)",
                "beta_v comes in radians: leave out np.radians (or np.deg2rad).",
                _contact_angle_of_degrees),
        Mistake("the ratio of the semi-axes applied to the sines (np.arcsin), where the "
                "tangents belong",
                "Each of the text's two steps gives an angle from two components of a vector, "
                "the one across the long axis over the one along it: that ratio is the angle's "
                "tangent, not its sine (np.arctan2 takes both components). Lying on its side "
                "(beta_v = pi/2, a fixed case) the contact is straight below the centre and "
                "beta_p = pi/2, which the arcsine of a number below 1 never reaches.",
                _contact_angle_by_sines),
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


def _height_sum(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * np.cos(beta) + R2 * np.sin(beta)


def _height_weighted(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * np.cos(beta) ** 2 + R2 * np.sin(beta) ** 2


def _height_trig_not_squared(beta_v, R1, R2):
    beta = _as_float(beta_v)
    with np.errstate(invalid="ignore"):
        return np.sqrt(R1**2 * np.cos(beta) + R2**2 * np.sin(beta))


def _height_radii_not_squared(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return np.sqrt(R1 * np.cos(beta) ** 2 + R2 * np.sin(beta) ** 2)


def _contact_distance(beta_v, R1, R2):
    """|r(beta_p)|: the distance from the centre to the contact point, m."""
    return _height_polar_radius(_contact_angle_of()(beta_v, R1, R2), R1, R2)


_ENDS = ("Test your formula at the ends, as the text says: upright (beta_v = 0) the centre is "
         "R1 high, lying (beta_v = pi/2) R2.")
_LOWEST = ("H is the depth of the shell's lowest point, the contact of exercise 6.1, below the "
           "centre: the support function of the meridian ellipse in the direction straight "
           "down.")

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
                _ENDS, _height_swapped),
        Mistake("the shell's polar radius |r(beta_v)|, not the support function",
                "|r(beta_v)| is the distance from the centre straight down to the shell, but "
                "the shell's lowest point, the contact, lies elsewhere (except upright and "
                f"lying). {_LOWEST}",
                _height_polar_radius),
        Mistake("the distance from the centre to the contact, not the contact's depth below "
                "the centre",
                "The contact lies off the vertical through the centre (by exercise 6.5's d): "
                "of the line from the centre to the contact, only its vertical part is H.",
                _contact_distance),
        Mistake("H squared: the square root is missing",
                "H is a length in m; your result has the unit m^2.",
                _height_squared),
        Mistake("the source's eq. 18, R1 R2 / sqrt(R2^2 sin^2 + R1^2 cos^2)",
                "That is a radius of the shell (with sin and cos exchanged), not the height of "
                f"the centre: it even gives R2 upright and R1 lying. {_LOWEST}",
                _height_eq18),
        Mistake("R1 cos + R2 sin: the shares of the two semi-axes added",
                "Right at both ends, too high in between: for a sphere of radius R it gives "
                "R (cos + sin), up to 1.41 R, where a sphere's centre is always R high. "
                + _LOWEST,
                _height_sum),
        Mistake("R1 cos^2 + R2 sin^2: the semi-axes weighted by cos^2 and sin^2",
                f"Right at both ends, wrong in between. {_LOWEST} Check it against a "
                "direct search for the lowest point of the meridian ellipse at 0.5 rad.",
                _height_weighted),
        Mistake("cos(beta_v) and sin(beta_v) not squared under the root",
                "Each semi-axis enters with its direction's cosine, and what is under the "
                "root is a sum of squares of lengths: square the cosine and the sine too. "
                + _ENDS,
                _height_trig_not_squared),
        Mistake("R1 and R2 not squared under the root: the unit is the root of a metre",
                "H is a length in m, and the root of a sum is one only if each term under it "
                "is a squared length: with R1 and R2 to the first power your H is in "
                f"m^(1/2) (upright it gives sqrt(R1), 0.24 for R1 = 6 cm). {_ENDS}",
                _height_radii_not_squared),
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


def _rates_of(divide=True, cos_term=True, cos_sign=-1.0, order=(0, 1, 2), beta_sign=1.0,
              wy_sign=-1.0, swap_alpha_trig=False, by_gamma=False, divisor=math.sin):
    """The rates solved from E, with the changes of a mistake: no division, no or the wrong
    cos(beta) term in alpha_dot, the order, the sign of beta_dot or of its omega_y term, sin
    and cos of alpha exchanged, gamma where alpha belongs, another divisor than sin(beta)."""
    def euler_rates(alpha, beta, gamma, omega_B):
        wx, wy, wz = omega_B
        spin = gamma if by_gamma else alpha
        ca, sa = (math.sin(spin), math.cos(spin)) if swap_alpha_trig else (
            math.cos(spin), math.sin(spin))
        beta_dot = beta_sign * (wx * ca + wy_sign * wy * sa)
        gamma_dot = wx * sa + wy * ca
        if divide:
            gamma_dot = gamma_dot / divisor(beta)
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


def _rates_solve_transpose(alpha, beta, gamma, omega_B):
    return tuple(np.linalg.solve(_rate_matrix(alpha, beta).T, np.asarray(omega_B, float)))


def _rates_forward(alpha, beta, gamma, omega_B):
    return tuple(_rate_matrix(alpha, beta) @ np.asarray(omega_B, float))


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


def _rates_angles_exchanged(alpha, beta, gamma, omega_B):
    """E with alpha and beta in each other's place, solved: singular where sin(alpha) = 0."""
    return tuple(np.linalg.solve(_rate_matrix(beta, alpha), np.asarray(omega_B, float)))


_RATE_NAMES = ("alpha_dot", "beta_dot", "gamma_dot")


def _order_mistake(order):
    """The right rates returned in another ``order`` (a permutation of 0, 1, 2)."""
    return Mistake(f"the rates in the order ({', '.join(_RATE_NAMES[k] for k in order)})",
                   "Return them in the order of the angles' arguments, alpha_dot, beta_dot, "
                   "gamma_dot, whatever the order in which you solve for them.",
                   _rates_of(order=order))


_SOLVE_E = ("Solve omega_B = E (alpha_dot, beta_dot, gamma_dot) for the rates, as the text "
            "says: by hand, the first two rows give beta_dot and gamma_dot, the third then "
            "alpha_dot; or with np.linalg.solve(E, omega_B).")
_HEADING_AXIS = ("The heading axis, the world's vertical, is E's third column in the body: "
                 "its x-y part has the length sin(beta), its z part cos(beta).")
_TILT_AXIS = ("beta_dot is the rate about the tilt axis, E's second column: at alpha = 0 (a "
              "fixed case) that axis is the body's x axis, so there omega_x alone gives "
              "beta_dot = omega_x.")

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
                f"transpose does not undo it. {_SOLVE_E}",
                _rates_transpose),
        Mistake("E built row for column: its transpose solved instead of E",
                "In omega_B = E rates each column of E is the axis of one turn seen in the "
                "body (the spin's, the tilt's, the heading's), as the text writes E: the "
                "first row of E is (0, cos(alpha), sin(beta) sin(alpha)).",
                _rates_solve_transpose),
        Mistake("E applied to omega_B: the forward map, not its inverse",
                "E turns the rates into omega_B; the exercise goes the other way, from "
                f"omega_B to the rates. {_SOLVE_E}",
                _rates_forward),
        Mistake("the matrix of the source's eq. 52 applied to omega_B",
                "Its rows (sin b sin g, sin b cos g, cos b), (cos g, -sin g, 0), (0, 0, 1) are "
                "the world-frame axes of the three turns (in the source's angles, ours "
                "negated): a transpose, not an inverse, and of the world-frame map; with "
                f"omega_B in the body frame, gamma does not enter. {_SOLVE_E}",
                _rates_eq52),
        Mistake("gamma used where alpha belongs (gamma does not enter)",
                "Seen in the body, the axes of the three turns depend on the spin alpha and "
                "the tilt beta only: E has no gamma, and neither has its inverse.",
                _rates_of(by_gamma=True)),
        _order_mistake((2, 1, 0)),
        Mistake("the division by sin(beta) is missing in gamma_dot",
                f"{_HEADING_AXIS} The x-y part of omega_B gives gamma_dot only after "
                "dividing by that length.",
                _rates_of(divide=False)),
        Mistake("gamma_dot divided by cos(beta) instead of sin(beta)",
                f"{_HEADING_AXIS} Check the case 'lying on its side, beta = pi/2', where "
                "cos(beta) = 0.",
                _rates_of(divisor=math.cos)),
        Mistake("alpha_dot = omega_z: the cos(beta) term is forgotten",
                "The heading rate gamma_dot also turns the body about its long axis: E's "
                "third row has a gamma_dot term too.",
                _rates_of(cos_term=False)),
        Mistake("the wrong sign of the heading's share in alpha_dot",
                "Read E's third row: omega_z is alpha_dot plus the heading's share; solve it "
                "for alpha_dot.",
                _rates_of(cos_sign=1.0)),
        Mistake("the sign of the omega_y term in beta_dot",
                f"{_TILT_AXIS} At other alpha mind the sign of the axis' y entry, "
                "-sin(alpha).",
                _rates_of(wy_sign=1.0)),
        Mistake("the sign of beta_dot flipped",
                _TILT_AXIS, _rates_of(beta_sign=-1.0)),
        Mistake("sin(alpha) and cos(alpha) exchanged",
                _TILT_AXIS + " Check the fixed case 'alpha = 0'.",
                _rates_of(swap_alpha_trig=True)),
        Mistake("a singularity guard too wide: it refuses beta = 0.001 rad",
                "Only sin(beta) = 0 itself is singular, and the check never calls it there. At "
                "beta = 0.001 rad the rates are about 1000 times omega: large, but defined. "
                "Refuse only |sin(beta)| below about 1e-9, or not at all.",
                _rates_wide_guard),
        Mistake("E built with alpha and beta exchanged: singular at alpha = 0, not where "
                "sin(beta) = 0",
                "In E the spin alpha only turns the tilt's and the heading's axes about the "
                "long axis, and the tilt beta sets how far the heading's axis leans from it: "
                "E's determinant is sin(beta), singular only with the long axis vertical. "
                "With the two angles exchanged your E is singular at the fixed case 'alpha = "
                "0', where nothing is. Write E from the text's matrix with each angle in its "
                "place.",
                _rates_angles_exchanged),
        *(_order_mistake(order) for order in itertools.permutations(range(3))
          if order not in ((0, 1, 2), (2, 1, 0))),
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


def _gyro_middle_sign(L, omega):
    torque = np.cross(L, omega)
    torque[..., 1] *= -1.0
    return torque


def _gyro_rows_as_components(L, omega):
    """The components written out as L[0], L[1], L[2]: right for one pair; for (n, 3) arrays
    these are the first three rows (n >= 3) or an IndexError (n < 3)."""
    L, omega = np.asarray(L, float), np.asarray(omega, float)
    return np.array([L[1] * omega[2] - L[2] * omega[1], L[2] * omega[0] - L[0] * omega[2],
                     L[0] * omega[1] - L[1] * omega[0]])


_GYRO_VECTOR = ("The term is a torque vector, one per pair, perpendicular to L and omega (and "
                "zero when they are parallel, a fixed case): a cross product.")

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
                "In a frame turning with omega, dL/dt = M + L x omega: the order of the "
                "factors of a cross product sets its sign, and the text asks for L x omega.",
                _gyro_reversed),
        Mistake("the dot product L . omega: a number, not a vector",
                _GYRO_VECTOR, _gyro_dot),
        Mistake("the dot product of each pair: numbers, not vectors",
                _GYRO_VECTOR, _gyro_dot_per_pair),
        Mistake("the elementwise product L * omega, not the cross product",
                "Each entry of the gyroscopic term mixes the other two components: its x "
                "entry comes from L_y, L_z and omega_y, omega_z, not from L_x omega_x.",
                _gyro_elementwise),
        Mistake("|L| |omega|: a number, not a vector",
                _GYRO_VECTOR, _gyro_magnitudes),
        Mistake("|L| |omega| of each pair: numbers, not vectors",
                _GYRO_VECTOR, _gyro_magnitudes_per_pair),
        Mistake("the cross product by hand with the wrong sign of its middle component",
                "Write the components in cyclic order: x from (y, z), y from (z, x), z from "
                "(x, y), each as first-times-second minus second-times-first. Or let "
                "np.cross do it, with the factors in the order of the text.",
                _gyro_middle_sign),
        Mistake("the components taken as L[0], L[1], L[2]: rows of an (n, 3) array, not its "
                "columns",
                "For n pairs, L[0] is the first pair, not the x components: take L[..., 0], "
                "L[..., 1], L[..., 2] (they work for shape (3,) too), or let np.cross work "
                "along the last axis.",
                _gyro_rows_as_components),
        Mistake("the cross product along axis 0: for n pairs, the components taken down "
                "the columns",
                "Each row of an (n, 3) array is one pair's (x, y, z): the components run along "
                "the last axis, which is where np.cross works by default (axis=-1).",
                lambda L, omega: np.cross(L, omega, axis=0)),
        Mistake("a factor 2 (as in the Coriolis acceleration 2 omega x v)",
                "The 2 of the Coriolis acceleration belongs to a point moving in a turning "
                "frame; a vector seen from a turning frame changes by its cross product with "
                "omega once, without a 2.",
                lambda L, omega: 2.0 * np.cross(L, omega)),
    ),
)


# --------------------------------------------------------------------------- contact offset


def _offset_reference(beta_v, R1, R2):
    return egg.contact_offset(beta_v, R1, R2)


_OFFSET_NOTE = ("your d agrees with the exact lever arm only to within nanometres, as a "
                "difference quotient of H does: d = -dH/dbeta_v by central or one-sided "
                "differences carries rounding and truncation errors of that size. A tenth of "
                "a micrometre does not matter for the egg's lever arm, so the check accepts "
                "up to that (atol = 1e-7 m).")


def _offset_cases(rng) -> list[Case]:
    """The shell's cases, each with the note on a numerical derivative."""
    return [dataclasses.replace(case, note=_OFFSET_NOTE) for case in _shell_cases(rng)]


def _offset_of(with_H=True, swap=False, sign=1.0, scale=1.0):
    def contact_offset(beta_v, R1, R2):
        beta = _as_float(beta_v)
        a, b = (R2, R1) if swap else (R1, R2)
        d = (a**2 - b**2) * np.sin(beta) * np.cos(beta)
        if with_H:
            d = d / np.sqrt(a**2 * np.cos(beta) ** 2 + b**2 * np.sin(beta) ** 2)
        return sign * scale * d

    return contact_offset


def _offset_lever_polar(beta_v, R1, R2):
    return _height_polar_radius(beta_v, R1, R2) * np.sin(_as_float(beta_v))


def _offset_lever_eq18(beta_v, R1, R2):
    return _height_eq18(beta_v, R1, R2) * np.sin(_as_float(beta_v))


def _offset_lever_contact(beta_v, R1, R2):
    return _contact_distance(beta_v, R1, R2) * np.sin(_as_float(beta_v))


def _offset_depth_for_distance(beta_v, R1, R2):
    return _center_height_reference(beta_v, R1, R2) * np.sin(_from_the_vertical(beta_v, R1, R2))


def _offset_from_the_long_axis(beta_v, R1, R2):
    return _contact_distance(beta_v, R1, R2) * np.sin(_contact_angle_of()(beta_v, R1, R2))


def _offset_lever_with_psi(beta_v, R1, R2):
    """The first route with the parametric psi of the contact for its polar angle beta_p."""
    psi = _contact_angle_of(ratio_power=1)(beta_v, R1, R2)
    return _height_polar_radius(psi, R1, R2) * np.sin(_as_float(beta_v) - psi)


#: Steps (rad) of the forward differences of H named as too coarse: each is off by about
#: h/2 |H''| (5.5e-7 m at most over the cases for h = 1e-5), more than the check's 1e-7 m;
#: h = 1e-6 is within it, and passes.
_COARSE_STEPS = (1e-2, 1e-3, 1e-4, 1e-5)


def _offset_forward_difference(h):
    """-dH/dbeta_v by a forward difference of step ``h`` (rad)."""
    def contact_offset(beta_v, R1, R2):
        beta = _as_float(beta_v)
        def height(b):
            return np.sqrt((R1 * np.cos(b)) ** 2 + (R2 * np.sin(b)) ** 2)

        return -(height(beta + h) - height(beta)) / h

    return contact_offset


def _coarse_difference_mistake(h):
    return Mistake(
        f"a forward difference of H with the step h = {h:g} rad: too coarse for the check's "
        "1e-7 m",
        "A one-sided difference quotient is off by about h/2 times the second derivative "
        "of H: on the check's eggs up to 0.5 um at h = 1e-5 rad, and ten times that for "
        "each tenfold step, more than the 1e-7 m the text allows. Take a central difference "
        "(its error falls with h^2), or a much smaller step, or the exact derivative.",
        _offset_forward_difference(h))


_ROUTES = ("The text's two routes: the contact, seen from the centre, lies at the distance "
           "|r(beta_p)| and at beta_v - beta_p from the vertical; or d = -dH/dbeta_v.")
_LEVER_HINT = ("|r| sin(beta_v) is the offset of a point at the distance |r| along the long "
               "axis, not of the contact: it is not 0 when the egg lies, where the contact is "
               f"straight below the centre. {_ROUTES}")
_CHAIN = "Check the chain rule: d/dbeta sqrt(u) = u' / (2 sqrt(u)), and (cos^2)' = -2 cos sin."

_CONTACT_OFFSET = Exercise(
    exercise_id="egg.contact_offset",
    description="Horizontal distance from the egg's centre to its contact point.",
    function_name="contact_offset",
    arguments=("beta_v", "R1", "R2"),
    # A numerical -dH/dbeta_v (the text's second route) is right to about 1e-11 m with a
    # central difference of step 1e-6 rad, to 5e-9 m with a one-sided step of 1e-7 rad.
    outputs=(Output("d", Close(rtol=1e-6, atol=1e-7)),),
    reference=_offset_reference,
    package_references=("robodyn.egg.contact_offset",),
    make_cases=_offset_cases,
    mistakes=(
        Mistake("H is missing in the denominator (the unit is m^2)",
                "d is a length in m; your result has the unit m^2. If you differentiated H^2 "
                f"instead of H: (H^2)' = 2 H H'. {_CHAIN}",
                _offset_of(with_H=False)),
        Mistake("R1 and R2 swapped: the contact towards the upper end",
                "R1 is the long semi-axis; the contact lies towards the lower end, so d > 0 "
                "for 0 < beta_v < pi/2.",
                _offset_of(swap=True)),
        Mistake("the sign flipped: the offset towards the upper end",
                "Positive is towards the lower end of the long axis, where the contact lies. "
                "As the egg rolls further its centre drops: dH/dbeta_v < 0, and d = "
                "-dH/dbeta_v > 0.",
                _offset_of(sign=-1.0)),
        Mistake("half the lever arm (a 2 lost in the chain rule)",
                _CHAIN, _offset_of(scale=0.5)),
        Mistake("twice the lever arm: sin(2 beta_v) where sin(beta_v) cos(beta_v) belongs",
                f"sin(2 beta) = 2 sin(beta) cos(beta). {_CHAIN}",
                _offset_of(scale=2.0)),
        Mistake("the lever arm |r(beta_v)| sin(beta_v) of the source's eq. 31",
                _LEVER_HINT, _offset_lever_polar),
        Mistake("the lever arm |r| sin(beta_v), |r| from the source's eq. 18",
                _LEVER_HINT, _offset_lever_eq18),
        Mistake("the lever arm |r| sin(beta_v), |r| the distance to the contact",
                _LEVER_HINT, _offset_lever_contact),
        Mistake("H sin(beta_v - beta_p): the height H for the distance to the contact",
                "H is the contact's depth below the centre, not its distance from the "
                f"centre. {_ROUTES}",
                _offset_depth_for_distance),
        Mistake("|r| sin(beta_p): the contact's angle from the long axis, not from the "
                "vertical",
                "The lever arm is horizontal: it needs the angle of the line to the contact "
                f"from the vertical. {_ROUTES}",
                _offset_from_the_long_axis),
        Mistake("H, the contact's depth below the centre (the vertical part of the line to "
                "it), not its horizontal offset",
                "Of the line from the centre to the contact, d is the horizontal part: the "
                "side opposite the angle beta_v - beta_p, not the one next to it. d is 0 "
                f"upright and lying; yours is R1 and R2 there. {_ROUTES}",
                _center_height_reference),
        Mistake("the parametric psi taken for the contact's angle beta_p in the text's first "
                "route",
                "psi is the parameter of the contact point (R2 sin psi, R1 cos psi), not the "
                "angle at which the centre sees it: the polar radius |r| and the angle from "
                "the vertical both need beta_p, the polar angle of exercise 6.1. " + _ROUTES,
                _offset_lever_with_psi),
        *(_coarse_difference_mistake(h) for h in _COARSE_STEPS),
    ),
)


# --------------------------------------------------------------------------- rocking period

#: The book's egg with its rotor stopped: total mass (kg) and the lumped moment about a
#: transverse axis through the centre (kg m^2), the chapter's rocking case.
_MASS_PALM = _PALM.mass
_I_PALM = float(egg.lumped_inertia(_PALM)[0, 0])


def _rocking_reference(R1, R2, mass, I_t, g):
    return egg.small_angle_period(R1, R2, mass, I_t, g)


def _solid(R1, R2, mass):
    """The transverse moment of a solid ellipsoid, m (R1^2 + R2^2) / 5, kg m^2."""
    return mass * (R1**2 + R2**2) / 5


def _rocking_cases(rng) -> list[Case]:
    """Cases (R1, R2, mass, I_t, g): the book's egg, solid and hollow eggs, other gravities,
    a nearly round egg (a long period), and seeded random eggs."""
    cases = [
        Case((R1_PALM, R2_PALM, _MASS_PALM, _I_PALM, 9.81), "fixed",
             "the book's egg with its rotor stopped (the chapter's rocking)"),
        Case((0.08, 0.05, 0.3, _solid(0.08, 0.05, 0.3), 9.81), "fixed",
             "a solid egg, R1 = 8 cm, R2 = 5 cm, 0.3 kg"),
        Case((0.1, 0.03, 0.05, 2e-4, 9.81), "fixed", "a slender egg, R1 = 10 cm, R2 = 3 cm"),
        Case((R1_PALM, R2_PALM, 0.5, _I_PALM, 9.81), "fixed",
             "the book's egg made heavier (0.5 kg) with the same moment of inertia"),
        Case((R1_PALM, R2_PALM, _MASS_PALM, _I_PALM, 1.62), "fixed",
             "the book's egg on the Moon, g = 1.62 m/s^2"),
        Case((0.0505, 0.05, 0.2, _solid(0.0505, 0.05, 0.2), 9.81), "fixed",
             "nearly a sphere, R1 = 5.05 cm, R2 = 5 cm: a weak restoring torque, a long period"),
    ]
    for _ in range(6):
        R1, R2 = _random_egg(rng)
        mass = rounded_uniform(rng, 0.05, 1.0)
        share = float(rng.uniform(0.4, 1.2))        # hollow to solid and beyond
        I_t = float(f"{share * _solid(R1, R2, mass):.4g}")
        cases.append(Case((R1, R2, mass, I_t, rounded_uniform(rng, 1.0, 25.0)),
                          "seeded random"))
    return cases


def _period_of(inertia, stiffness, form="period"):
    """2 pi sqrt(inertia / stiffness), or the forms of a mistake: the angular frequency,
    the frequency in Hz, or sqrt(inertia / stiffness) without the 2 pi."""
    def rocking_period(R1, R2, mass, I_t, g):
        M, k = inertia(R1, R2, mass, I_t), stiffness(R1, R2, mass, g)
        return {"period": 2 * math.pi * math.sqrt(M / k), "omega": math.sqrt(k / M),
                "hertz": math.sqrt(k / M) / (2 * math.pi), "bare": math.sqrt(M / k)}[form]

    return rocking_period


def _about_contact(R1, R2, mass, I_t):
    return I_t + mass * R2**2


def _stiffness(R1, R2, mass, g):
    return mass * g * (R1**2 - R2**2) / R2


_ROCKING_ROUTE = ("The text's two steps: the centre's rise to second order in the tilt "
                  "epsilon from lying (expand H of exercise 6.2 at beta_v = pi/2 - epsilon), "
                  "which gives the potential m g H and its stiffness; and the inertia about "
                  "the contact point, about which the egg turns.")
_PARALLEL = ("The egg rolls: for small swings it turns about its contact point, not its "
             "centre. Which inertia belongs to a turn about that point, and how far below the "
             "centre is it when the egg lies? ")

_ROCKING_PERIOD = Exercise(
    exercise_id="egg.rocking_period",
    description="Small-angle period of the lying egg rocking end over end.",
    function_name="rocking_period",
    arguments=("R1", "R2", "mass", "I_t", "g"),
    outputs=(Output("T0", Close(rtol=1e-6)),),
    reference=_rocking_reference,
    package_references=("robodyn.egg.small_angle_period", "robodyn.egg.rocking_period"),
    make_cases=_rocking_cases,
    mistakes=(
        Mistake("the inertia about the centre, I_t alone: no force of the floor (the source's "
                "equations)",
                _PARALLEL + "Leaving out the floor's force makes the egg rock too fast "
                "(1.7 times for the book's egg).",
                _period_of(lambda R1, R2, mass, I_t: I_t, _stiffness)),
        Mistake("the inertia about the contact with R1 for the distance, I_t + m R1^2",
                _PARALLEL + "Lying, the contact is below the centre across the long axis, "
                "at the short semi-axis.",
                _period_of(lambda R1, R2, mass, I_t: I_t + mass * R1**2, _stiffness)),
        Mistake("the parallel-axis term m R2^2 alone: I_t forgotten",
                "The parallel-axis theorem adds a term to the inertia about the centre; it "
                "does not replace it.",
                _period_of(lambda R1, R2, mass, I_t: mass * R2**2, _stiffness)),
        Mistake("the stiffness m g (R1^2 - R2^2) / R1: R1 where R2 belongs in the "
                "denominator",
                "Redo the expansion of H about the lying egg: the square root's first-order "
                "term divides by the root's value at that point. " + _ROCKING_ROUTE,
                _period_of(_about_contact,
                           lambda R1, R2, mass, g: mass * g * (R1**2 - R2**2) / R1)),
        Mistake("the stiffness twice too large: the centre's rise without its 1/2",
                "Count the 2s: to second order sqrt(a^2 + u) = a + u / (2 a), and a "
                "potential 1/2 k epsilon^2 has the stiffness k, not twice it. "
                + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g: 2 * _stiffness(
                    R1, R2, mass, g))),
        Mistake("the stiffness half too small: the coefficient of epsilon^2 in m g H taken "
                "for k",
                "A potential V = 1/2 k epsilon^2 has the stiffness k = V''(0): twice the "
                "coefficient of epsilon^2, not the coefficient itself. " + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g: 0.5 * _stiffness(
                    R1, R2, mass, g))),
        Mistake("H^2 expanded and taken for H: the square root forgotten",
                "Expanding H^2 is a fine start, but the potential is m g H, not m g H^2: take "
                "the root before you read off the stiffness (the units say so too: m g H^2 "
                "is not an energy).",
                _period_of(_about_contact, lambda R1, R2, mass, g:
                           2.0 * mass * g * (R1**2 - R2**2))),
        Mistake("a pendulum of length R1 - R2: the stiffness m g (R1 - R2)",
                "The centre does not swing on a rod of fixed length: the egg rolls, and the "
                "centre's height is H(beta_v) of exercise 6.2; its curvature where the egg "
                "lies gives the stiffness. " + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g: mass * g * (R1 - R2))),
        Mistake("the centre's height as the polar radius |r| straight below it, not the "
                "support function H",
                "The centre stands on the lowest point of the shell, which is not the point "
                "straight below it once the egg tilts: its height is H (exercise 6.2). "
                + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g:
                           mass * g * R2 * (R1**2 - R2**2) / R1**2)),
        Mistake("the mass left out of the stiffness: g (R1^2 - R2^2) / R2",
                "The potential energy is m g H: the mass is in the stiffness as in the "
                "inertia (and the units then fit: the period in s).",
                _period_of(_about_contact,
                           lambda R1, R2, mass, g: g * (R1**2 - R2**2) / R2)),
        Mistake("the angular frequency sqrt(k / J) in rad/s, not the period",
                "A period is one full cycle of the phase: how many radians is that, at the "
                "angular frequency you found?",
                _period_of(_about_contact, _stiffness, "omega")),
        Mistake("the frequency in Hz, not the period in s",
                "The period is the inverse of the frequency: seconds per swing.",
                _period_of(_about_contact, _stiffness, "hertz")),
        Mistake("sqrt(J / k) without the 2 pi",
                "sqrt(J / k) is 1 / omega, the time of one radian of the oscillation's phase; "
                "a full period is 2 pi of it.",
                _period_of(_about_contact, _stiffness, "bare")),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_CONTACT_ANGLE, _CENTER_HEIGHT, _EULER_RATES, _GYRO, _CONTACT_OFFSET,
             _ROCKING_PERIOD)
