"""The exercises of the egg-robot chapter: inputs, reference answers, typical mistakes.

Conventions, as of :mod:`robodyn.egg`: the chapter's shell is a prolate ellipsoid of
revolution, semi-axis ``R1`` along its long axis and ``R2`` across it (``R1 >= R2``, m); the
attitude is ``R_WB = Rz(gamma) Rx(beta) Rz(alpha)`` (body to world) and ``omega_B`` the
angular velocity in body coordinates, rad/s; SI units and radians throughout.

Each exercise asks for the step after the chapter's function (issue 37): exercises 6.1, 6.2
and 6.5 take an egg of two halves, pointed (``R_tip``) and blunt (``R_blunt``), tilted by
``beta_v`` in [0, pi] from its tip to its blunt end, its mass centre ``e`` towards the blunt
end; 6.3 integrates the Euler angles over time (a simulation); 6.4 asks for the torque a
gimbal applies to a spinning rotor as its ring tilts; 6.6 rocks the lying egg with a payload.
The chapter's functions that would answer them are their package references.

The typical mistakes include what a reader of the source (Mayer 2018) copies: its eq. 31
lever arm ``|r| sin(beta)``, its eq. 43 sign ``omega x L``, its eq. 52 map from ``omega`` to
the rates, and its rocking without the floor's force. The hints teach without printing the
formula the exercise asks for: they point to the text's route, a unit, or the fixed case that
shows the slip.

The contact offset (exercise 6.5) is compared within 0.1 um (``atol``), not to round-off:
the text offers d = -dH_m/dbeta_v, and a student who differentiates numerically is right to
about 1e-11 m (central differences, step 1e-6 rad) or 5e-9 m (one-sided, step 1e-7 rad). A
one-sided step of 1e-5 rad or more is off by more than that tolerance and is named as too
coarse. The integrated Euler angles (exercise 6.3) are compared within 1e-6 rad, modulo 2 pi.
"""

from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np

from robodyn import egg
from robodyn.core.errors import SimulationError
from robodyn.core.integrate import solve
from robodyn.grading import Angle, Case, Close, Exercise, Mistake, Output, rounded_uniform

#: The palm-sized egg of the fixed cases: the book's egg (its long and short semi-axes, m).
_PALM = egg.EggParams()
R1_PALM, R2_PALM = _PALM.R1, _PALM.R2

# --------------------------------------------------------------------------- shell cases


def _random_egg(rng):
    """Semi-axes (R1, R2) in m, R1 at least 1.1 R2, both rounded to 1 mm."""
    R2 = rounded_uniform(rng, 0.02, 0.06)
    return round(R2 * float(rng.uniform(1.1, 2.0)), 3), R2


def _as_float(beta_v):
    return np.asarray(beta_v, dtype=float)


# --------------------------------------------------------------------------- the egg of two halves
#
# Exercises 6.1, 6.2 and 6.5 take the next step from the chapter's shell: a real egg has a
# pointed and a blunt end. Its shell is two half-ellipsoids of revolution joined at the
# equator (radius R2): the pointed half reaches R_tip along the long axis, the blunt half
# R_blunt (R_tip > R_blunt >= R2). The tilt beta_v in [0, pi] is the angle of the pointed
# half-axis from straight down: 0 standing on the tip, pi/2 lying, pi standing on the blunt end.
# The mass centre lies on the long axis, e from the equator's centre towards the blunt end.

#: The fixed cases' egg: the book's egg (R1 = 6 cm, R2 = 4.5 cm) made pointed at one end and
#: blunt at the other, m, and its mass centre 4 mm towards the blunt end, m.
R_TIP, R_BLUNT, E_MASS = 0.066, 0.054, 0.004


def _random_halves(rng):
    """(R_tip, R_blunt, R2) in m, R_tip at least 1.1 R_blunt, rounded to 1 mm."""
    R2 = rounded_uniform(rng, 0.02, 0.06)
    R_blunt = round(R2 * float(rng.uniform(1.0, 1.5)), 3)
    return round(R_blunt * float(rng.uniform(1.1, 1.6)), 3), R_blunt, R2


def _halves_cases(rng) -> list[Case]:
    """Cases (beta_v, R_tip, R_blunt, R2, e): tilts on both halves, in every set of cases."""
    egg_ = (R_TIP, R_BLUNT, R2_PALM, E_MASS)
    cases = [
        Case((0.5, *egg_), "fixed",
             f"a palm-sized egg (R_tip = {1e2 * R_TIP:g} cm, R_blunt = {1e2 * R_BLUNT:g} cm, "
             f"R2 = {1e2 * R2_PALM:g} cm, e = {1e3 * E_MASS:g} mm) on its pointed half, "
             "tilted by 0.5 rad"),
        Case((2.4, *egg_), "fixed", "the palm-sized egg on its blunt half, beta_v = 2.4 rad"),
        Case((0.0, *egg_), "fixed", "standing on its tip, beta_v = 0"),
        Case((np.pi, *egg_), "fixed", "standing on its blunt end, beta_v = pi"),
        Case((np.pi / 2, *egg_), "fixed", "lying on its side, beta_v = pi/2"),
        Case((1.56, *egg_), "fixed", "nearly lying, on the pointed half: 1.56 rad"),
        Case((1.58, *egg_), "fixed", "nearly lying, on the blunt half: 1.58 rad"),
        Case((np.pi - 0.01, *egg_), "fixed", "nearly standing on its blunt end"),
        Case((1.0, 0.1, 0.06, 0.03, -0.008), "fixed",
             "a slender egg (10 cm, 6 cm, 3 cm), its mass centre 8 mm towards the tip "
             "(e < 0)"),
        Case((2.0, 0.07, 0.05, 0.05, 0.0), "fixed",
             "a blunt half that is a hemisphere (R_blunt = R2 = 5 cm), e = 0"),
    ]
    for _ in range(5):
        R_tip, R_blunt, R2 = _random_halves(rng)
        e = round(R2 * float(rng.uniform(-0.3, 0.3)), 4)
        cases.append(Case((rounded_uniform(rng, 0.05, 3.09), R_tip, R_blunt, R2, e),
                          "seeded random"))
    cases.append(Case((np.linspace(0.0, np.pi, 9), *egg_), "arrays",
                      "nine tilts of the palm-sized egg, from its tip to its blunt end"))
    R_tip, R_blunt, R2 = _random_halves(rng)
    cases.append(Case((rounded_uniform(rng, 0.0, 3.14, 30), R_tip, R_blunt, R2,
                       round(0.2 * R2, 4)), "arrays", "30 random tilts of one egg"))
    return cases


def _without_e(cases: list[Case]) -> list[Case]:
    """The same cases without the mass centre's offset: (beta_v, R_tip, R_blunt, R2)."""
    return [dataclasses.replace(case, args=case.args[:4]) for case in cases]


def _on_halves(one_ellipse, *, blunt="mirror", long_of=None):
    """A one-ellipse formula ``one_ellipse(b, R, R2)`` (b in [0, pi/2], from the lower end's
    axis) applied to the half that is down: ``blunt="mirror"`` the right way, pi minus its
    value (an angle) or minus it (an offset) are ``"angle"`` and ``"offset"``; ``"fold"`` keeps
    the lower half's own value; ``"raw"`` takes the formula at beta_v itself, as a student
    writes it. ``long_of(R_tip, R_blunt, down)`` picks the long semi-axis (default: the half
    that is down)."""
    def answer(beta_v, R_tip, R_blunt, R2):
        beta = _as_float(beta_v)
        down = np.cos(beta) >= 0.0
        R = (long_of or (lambda a, b, tip_down: np.where(tip_down, a, b)))(R_tip, R_blunt,
                                                                            down)
        low = np.where(down, beta, np.pi - beta)
        value = one_ellipse(beta if blunt == "raw" else low, R, R2)
        other = {"angle": np.pi - value, "offset": -value}.get(blunt, value)
        return np.where(down, value, other) if blunt in ("angle", "offset") else value

    return answer


def _tip_everywhere(R_tip, R_blunt, tip_down):
    return R_tip + 0.0 * tip_down


def _halves_swapped(R_tip, R_blunt, tip_down):
    return np.where(tip_down, R_blunt, R_tip)


def _halves_mean(R_tip, R_blunt, tip_down):
    return 0.5 * (R_tip + R_blunt) + 0.0 * tip_down


def _lower_tilt(beta_v):
    """The tilt of the lower half's axis from the vertical, in [0, pi/2] rad."""
    beta = _as_float(beta_v)
    return np.where(np.cos(beta) >= 0.0, beta, np.pi - beta)


# --------------------------------------------------------------------------- contact angle


def _contact_angle_reference(beta_v, R_tip, R_blunt, R2):
    beta = _as_float(beta_v)
    low = _lower_tilt(beta)
    on_tip = egg.contact_angle(np.where(np.cos(beta) >= 0.0, low, 0.0), R_tip, R2)
    on_blunt = np.pi - egg.contact_angle(np.where(np.cos(beta) < 0.0, low, 0.0), R_blunt, R2)
    return np.where(np.cos(beta) >= 0.0, on_tip, on_blunt)


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


def _angle_by_arctan(beta_v, R_tip, R_blunt, R2):
    """np.arctan((R2/R)^2 tan(beta_v)) with R of the half that is down: no quadrant."""
    beta = _as_float(beta_v)
    R = np.where(np.cos(beta) >= 0.0, R_tip, R_blunt)
    return np.arctan((R2 / R) ** 2 * np.tan(beta))


def _angle_halves(**kwargs):
    return _on_halves(_contact_angle_of(), blunt="angle", **kwargs)


_TWO_HALVES = ("Past beta_v = pi/2 the egg stands on its blunt half: there the contact lies on "
               "that half's ellipse, with R_blunt along the axis, past the equator "
               "(beta_p > pi/2).")
_TWO_STEPS = ("On the half that is down, follow the chapter's two steps: the psi whose normal "
              "makes the tilt with that half's axis, then the angle of the point seen from "
              "the centre.")

_CONTACT_ANGLE = Exercise(
    exercise_id="egg.contact_angle",
    description="Angle from the pointed half-axis to the contact of an egg of two halves.",
    function_name="contact_angle",
    arguments=("beta_v", "R_tip", "R_blunt", "R2"),
    outputs=(Output("beta_p", Close(rtol=1e-9, atol=1e-12)),),
    reference=_contact_angle_reference,
    package_references=("robodyn.egg.contact_angle",),
    make_cases=lambda rng: _without_e(_halves_cases(rng)),
    mistakes=(
        Mistake("one ellipse with R_tip for both halves (the chapter's egg)",
                "Right on the pointed half, wrong past beta_v = pi/2. " + _TWO_HALVES,
                _angle_halves(long_of=_tip_everywhere)),
        Mistake("the halves swapped: R_blunt on the pointed half, R_tip on the blunt one",
                "The half that touches the floor is the one that is down: for beta_v < pi/2 "
                "the pointed half (R_tip), beyond it the blunt half.",
                _angle_halves(long_of=_halves_swapped)),
        Mistake("one ellipse with the mean of R_tip and R_blunt",
                "Each half is an ellipse of its own: the contact lies on the one that is "
                "down, with that half's semi-axis. " + _TWO_HALVES,
                _angle_halves(long_of=_halves_mean)),
        Mistake("np.arctan of the tangents: the angle folded back past beta_v = pi/2",
                "np.arctan returns angles in (-pi/2, pi/2): past the equator it gives a "
                "negative angle. " + _TWO_HALVES + " np.arctan2 keeps the quadrant.",
                _angle_by_arctan),
        Mistake("on the blunt half, the angle from the blunt half-axis (not from the pointed "
                "one)",
                "beta_p is measured from the pointed half-axis throughout: on the blunt half "
                "the angle from the blunt end's axis is pi minus it.",
                _on_halves(_contact_angle_of(), blunt="fold")),
        Mistake("the angle from the blunt half-axis throughout, pi - beta_p",
                "beta_p is 0 when the egg stands on its tip and pi on its blunt end: it is "
                "measured from the pointed half-axis.",
                lambda *args: np.pi - _contact_angle_reference(*args)),
        Mistake("beta_p = beta_v, which holds only for a sphere",
                "On a prolate half the normal at the contact points straight down, but the "
                "line from the centre to the contact does not: the contact lags behind the "
                "tilt, towards the equator. " + _TWO_STEPS,
                lambda beta_v, R_tip, R_blunt, R2: _as_float(beta_v) + 0.0),
        Mistake("the exponent 1: the parametric angle psi, not the polar angle",
                "psi is the parameter of the point (R2 sin psi, R cos psi), not the angle at "
                "which the centre sees it: that angle's tangent is the point's rho over its "
                "z'.",
                _on_halves(_contact_angle_of(ratio_power=1), blunt="angle")),
        Mistake("the ratio of the semi-axes upside down (R/R2 for R2/R)",
                "On a prolate half the contact lags behind the tilt, towards the equator: "
                "0 < beta_p < beta_v on the pointed half.",
                _on_halves(_contact_angle_of(swap=True), blunt="angle")),
        Mistake("the angle from the vertical, not from the long axis",
                "beta_p is measured from the pointed half-axis z' to the line from the centre "
                "to the contact, not from the vertical.",
                lambda beta_v, *radii: _as_float(beta_v) - _contact_angle_reference(
                    beta_v, *radii)),
        Mistake("beta_p returned in degrees",
                "Return radians: np.arctan2 already gives radians; leave out np.degrees.",
                lambda *args: np.degrees(_contact_angle_reference(*args))),
        Mistake("beta_v converted from degrees (it is in radians already)",
                "beta_v comes in radians: leave out np.radians (or np.deg2rad).",
                lambda beta_v, *radii: _contact_angle_reference(
                    np.radians(_as_float(beta_v)), *radii)),
    ),
)


# --------------------------------------------------------------------------- centre height


def _center_height_reference(beta_v, R1, R2):
    """The chapter's one-ellipse H, the building block of the mistakes (m)."""
    beta = _as_float(beta_v)
    return np.sqrt((R1 * np.cos(beta)) ** 2 + (R2 * np.sin(beta)) ** 2)


def _mass_height_reference(beta_v, R_tip, R_blunt, R2, e):
    beta = _as_float(beta_v)
    low = _lower_tilt(beta)
    H = np.where(np.cos(beta) >= 0.0, egg.center_height(low, R_tip, R2),
                 egg.center_height(low, R_blunt, R2))
    return H + e * np.cos(beta)


def _height_swapped(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return np.sqrt(R2**2 * np.cos(beta) ** 2 + R1**2 * np.sin(beta) ** 2)


def _height_polar_radius(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * R2 / np.sqrt(R2**2 * np.cos(beta) ** 2 + R1**2 * np.sin(beta) ** 2)


def _height_eq18(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * R2 / np.sqrt(R2**2 * np.sin(beta) ** 2 + R1**2 * np.cos(beta) ** 2)


def _height_sum(beta_v, R1, R2):
    beta = _as_float(beta_v)
    return R1 * np.cos(beta) + R2 * np.sin(beta)


def _contact_distance(beta_v, R1, R2):
    """|r(beta_p)|: the distance from the centre to the contact point, m."""
    return _height_polar_radius(_contact_angle_of()(beta_v, R1, R2), R1, R2)


def _mass_height_of(one_ellipse=_center_height_reference, long_of=None, mass=None):
    """H of the half that is down by ``one_ellipse``, plus the mass centre's term
    ``mass(beta, e)`` (default e cos(beta_v))."""
    shell = _on_halves(one_ellipse, long_of=long_of)

    def center_height(beta_v, R_tip, R_blunt, R2, e):
        beta = _as_float(beta_v)
        term = e * np.cos(beta) if mass is None else mass(beta, e)
        return shell(beta, R_tip, R_blunt, R2) + term

    return center_height


_MASS_TERM = ("The mass centre sits e along the long axis towards the blunt end: tilted, it "
              "rises or drops by the vertical part of that e. Standing on its tip (beta_v = 0) "
              "it is e above the equator's centre; on its blunt end, e below it.")
_LOWEST = ("The equator's centre stands as high as the half that is down reaches below it, "
           "at the contact: the chapter's H = sqrt(n^T A n) of that half, with n the normal "
           "straight down and A made with that half's semi-axis.")

_CENTER_HEIGHT = Exercise(
    exercise_id="egg.center_height",
    description="Height of the mass centre of an egg of two halves above the floor.",
    function_name="center_height",
    arguments=("beta_v", "R_tip", "R_blunt", "R2", "e"),
    outputs=(Output("H_m", Close(rtol=1e-9, atol=1e-12)),),
    reference=_mass_height_reference,
    package_references=("robodyn.egg.center_height",),
    make_cases=_halves_cases,
    mistakes=(
        Mistake("one ellipse with R_tip for both halves (the chapter's egg)",
                "Right on the pointed half, wrong past beta_v = pi/2, where the blunt half "
                "touches the floor: standing on its blunt end the equator's centre is R_blunt "
                "high, not R_tip.",
                _mass_height_of(long_of=_tip_everywhere)),
        Mistake("the halves swapped: R_blunt on the pointed half, R_tip on the blunt one",
                "For beta_v < pi/2 the pointed half is down (standing on its tip, the "
                "equator's centre is R_tip high); beyond pi/2 the blunt half.",
                _mass_height_of(long_of=_halves_swapped)),
        Mistake("one ellipse with the mean of R_tip and R_blunt",
                "Each half is an ellipse of its own: " + _LOWEST,
                _mass_height_of(long_of=_halves_mean)),
        Mistake("the mass centre's offset e forgotten: the height of the equator's centre",
                _MASS_TERM, _mass_height_of(mass=lambda beta, e: 0.0 * beta)),
        Mistake("the mass centre's offset with the wrong sign (towards the tip)",
                _MASS_TERM, _mass_height_of(mass=lambda beta, e: -e * np.cos(beta))),
        Mistake("e added as it is, without the tilt",
                _MASS_TERM + " Lying (beta_v = pi/2) the mass centre is as high as the "
                "equator's centre.",
                _mass_height_of(mass=lambda beta, e: e + 0.0 * beta)),
        Mistake("the mass centre's rise e sin(beta_v): the horizontal part of e",
                _MASS_TERM, _mass_height_of(mass=lambda beta, e: e * np.sin(beta))),
        Mistake("the mass centre's rise e |cos(beta_v)|: its vertical part taken as a size",
                "The vertical part of e has a sign: with the blunt end down (beta_v > pi/2) "
                "the mass centre, towards the blunt end, sits below the equator's centre "
                "when e > 0. " + _MASS_TERM,
                _mass_height_of(mass=lambda beta, e: e * np.abs(np.cos(beta)))),
        Mistake("sin and cos swapped (or R and R2) under the root",
                "Test the half's term at the ends: upright on the tip the equator's centre is "
                "R_tip high, lying R2.",
                _mass_height_of(_height_swapped)),
        Mistake("the shell's polar radius straight below the centre, not the contact's "
                "depth",
                "The distance from the centre straight down to the shell is not the height: "
                "the lowest point, the contact, lies elsewhere. " + _LOWEST,
                _mass_height_of(_height_polar_radius)),
        Mistake("the distance from the centre to the contact, not the contact's depth below "
                "the centre",
                "The contact lies off the vertical through the centre: of the line from the "
                "centre to the contact, only its vertical part counts.",
                _mass_height_of(_contact_distance)),
        Mistake("the square root missing: the half's term in m^2",
                "The half's term is a length in m; yours has the unit m^2.",
                _mass_height_of(lambda b, R, R2: _center_height_reference(b, R, R2) ** 2)),
        Mistake("R cos + R2 sin: the shares of the two semi-axes added",
                "Right at the ends of a half, too high in between. " + _LOWEST,
                _mass_height_of(_height_sum)),
    ),
)


# --------------------------------------------------------------------------- Euler rates
#
# Exercise 6.3 asks for the next step after the chapter's rates: the student integrates the
# Euler angles over time under a constant body-frame angular velocity, a simulation of the
# attitude. The reference is the closed form R(t) = R(0) exp(t [omega_B]x), its angles read
# off; the chapter's rates function, its matrix E, and the rotation and angle functions that
# make the closed form are refused in the answer.


def _rates_of(divide=True, cos_term=True, cos_sign=-1.0, order=(0, 1, 2), beta_sign=1.0,
              wy_sign=-1.0, swap_alpha_trig=False, by_gamma=False, divisor=math.sin,
              alpha_sign=1.0):
    """The rates solved from E, with the changes of a mistake: no division, no or the wrong
    cos(beta) term in alpha_dot, the order, the sign of beta_dot or of its omega_y term, sin
    and cos of alpha exchanged, gamma where alpha belongs, another divisor than sin(beta),
    the tilt axis turned by -alpha (``alpha_sign=-1``: every sin(alpha) with its sign
    flipped)."""
    def euler_rates(alpha, beta, gamma, omega_B):
        wx, wy, wz = omega_B
        spin = alpha_sign * (gamma if by_gamma else alpha)
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


def _rates_forward(alpha, beta, gamma, omega_B):
    return tuple(_rate_matrix(alpha, beta) @ np.asarray(omega_B, float))


def _rates_eq52(alpha, beta, gamma, omega_B):
    sb, cb, sg, cg = math.sin(beta), math.cos(beta), math.sin(gamma), math.cos(gamma)
    source = np.array([[sb * sg, sb * cg, cb], [cg, -sg, 0.0], [0.0, 0.0, 1.0]])
    return tuple(source @ np.asarray(omega_B, float))


_HEADING_AXIS = ("The heading axis, the world's vertical, is E's third column in the body: "
                 "its x-y part has the length sin(beta), its z part cos(beta).")
_TILT_AXIS = ("beta_dot is the rate about the tilt axis, E's second column: at alpha = 0 (a "
              "fixed case) that axis is the body's x axis, so there omega_x alone gives "
              "beta_dot = omega_x.")



def _rot_z(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _rot_x(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def _body_turn(omega_B, t):
    """exp(t [omega_B]x) by Rodrigues: the turn of a body at the constant body rate."""
    w = np.asarray(omega_B, dtype=float)
    speed = float(np.linalg.norm(w))
    if speed == 0.0:
        return np.eye(3)
    k = w / speed
    K = np.array([[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]])
    angle = speed * t
    return np.eye(3) + math.sin(angle) * K + (1.0 - math.cos(angle)) * K @ K


def _attitude_after(alpha, beta, gamma, omega_B, t):
    """R_WB after the time t: Rz(gamma) Rx(beta) Rz(alpha) exp(t [omega_B]x)."""
    start = _rot_z(gamma) @ _rot_x(beta) @ _rot_z(alpha)
    return start @ _body_turn(omega_B, t)


def _integrated_reference(alpha, beta, gamma, omega_B, t):
    R = _attitude_after(alpha, beta, gamma, omega_B, t)
    beta_t = math.acos(max(-1.0, min(1.0, R[2, 2])))
    return (math.atan2(R[2, 0], R[2, 1]), beta_t, math.atan2(R[0, 2], -R[1, 2]))


def _least_sin_beta(alpha, beta, gamma, omega_B, t, samples=201):
    """The smallest sin(beta) along the path (the closed form at ``samples`` times)."""
    return min(math.sqrt(max(0.0, 1.0 - _attitude_after(alpha, beta, gamma, omega_B, s)[2, 2]
                             ** 2)) for s in np.linspace(0.0, t, samples))


#: Every case's path keeps sin(beta) above this: the rates stay below about 3 |omega_B|.
_CLEAR_OF_GIMBAL_LOCK = 0.3


#: The cases already drawn, by the generator's state before the draw: drawing them integrates
#: the paths of the mistakes, which takes a second (the checks draw them often).
_DRAWN: dict[str, tuple[tuple[Case, ...], dict]] = {}


def _integration_cases(rng) -> list[Case]:
    """Cases (alpha, beta, gamma, omega_B, t): paths clear of beta = 0 and pi. The same
    generator state gives the same cases (copies), and leaves the generator as a draw does."""
    key = repr(rng.bit_generator.state)
    if key not in _DRAWN:
        cases = _draw_integration_cases(rng)
        _DRAWN[key] = (tuple(cases), rng.bit_generator.state)
    cases, state = _DRAWN[key]
    rng.bit_generator.state = state
    return [dataclasses.replace(case, args=copy.deepcopy(case.args)) for case in cases]


def _draw_integration_cases(rng) -> list[Case]:
    cases = [
        Case((0.3, 0.8, -1.1, np.array([0.0, 0.0, 2.0]), 1.5), "fixed",
             "a spin of 2 rad/s about the long axis alone, for 1.5 s"),
        Case((0.0, 0.5, 0.4, np.array([1.0, 0.0, 0.0]), 1.0), "fixed",
             "alpha = 0: omega_x tilts the egg about the tilt axis, for 1 s"),
        Case((0.2, 1.2, -0.5, np.array([0.4, -0.3, 6.0]), 2.0), "fixed",
             "spinning fast about the long axis (6 rad/s) and tumbling slowly, for 2 s"),
        Case((0.7, 1.5, 2.5, np.array([0.3, 0.2, 1.0]), 5.0), "fixed",
             "a general turn for 5 s: the angles travel far"),
        Case((-0.4, 2.0, 0.9, np.array([-0.5, 0.6, -0.8]), 1.2), "fixed",
             "upside down past beta = pi/2, turning the other way"),
    ]
    while len(cases) < 10:
        args = (rounded_uniform(rng, -3.1, 3.1), rounded_uniform(rng, 0.6, 2.5),
                rounded_uniform(rng, -3.1, 3.1), rounded_uniform(rng, -2, 2, 3),
                rounded_uniform(rng, 0.5, 3.0))
        if _least_sin_beta(*args) > _CLEAR_OF_GIMBAL_LOCK and all(
                _wrong_path_clear(rates, *args) for rates in _WRONG_RATES):
            cases.append(Case(args, "seeded random"))
    return cases


#: The Euler angles' names, as the integrations of 6.3's reference and mistakes call them.
_ANGLE_NAMES = ("alpha", "beta", "gamma")


def _wrong_path_clear(rates, alpha, beta, gamma, omega_B, t) -> bool:
    """Whether the path of a mistake's rates keeps |sin(beta)| above 0.15 (coarsely): a wrong
    path through the singularity is no path, and its mistake could not be named."""
    w = np.asarray(omega_B, dtype=float)
    try:
        with np.errstate(all="ignore"):
            run = solve(lambda _, q: np.asarray(rates(q[0], q[1], q[2], w), dtype=float),
                        (0.0, t), [alpha, beta, gamma], state_names=_ANGLE_NAMES, rtol=1e-6,
                        atol=1e-8, t_eval=np.linspace(0.0, t, 60))
    except SimulationError:
        return False
    return bool(np.min(np.abs(np.sin(run.beta))) > 0.15)


def _right_rates(alpha, beta, gamma, omega_B):
    """The chapter's rates, solved from E by hand (the building block of the mistakes)."""
    return _rates_of()(alpha, beta, gamma, omega_B)


def _integrate(rates, *, rtol=1e-9, atol=1e-10, method="DOP853", with_start=True,
               order=(0, 1, 2)):
    """The angles after the time t by integrate.solve of ``rates`` (a function of the angles and
    omega_B), with the changes of a mistake: other tolerances, the start left out, another
    order."""
    done = {}                      # the paths already integrated, by their arguments

    def integrate_euler_angles(alpha, beta, gamma, omega_B, t):
        w = np.asarray(omega_B, dtype=float)
        key = (float(alpha), float(beta), float(gamma), *w.tolist(), float(t))
        if key not in done:
            def rhs(_, q):
                return np.asarray(rates(q[0], q[1], q[2], w), dtype=float)

            with np.errstate(all="ignore"):
                run = solve(rhs, (0.0, t), [alpha, beta, gamma], state_names=_ANGLE_NAMES,
                            method=method, rtol=rtol, atol=atol)
            done[key] = np.array([run.columns[name][-1] for name in _ANGLE_NAMES])
        q = done[key] - (0.0 if with_start else np.array([alpha, beta, gamma]))
        return tuple(float(q[k]) for k in order)

    return integrate_euler_angles


def _one_step(alpha, beta, gamma, omega_B, t):
    """The rates at the start times t: one explicit Euler step over the whole time."""
    rates = _right_rates(alpha, beta, gamma, omega_B)
    return tuple(angle + t * rate for angle, rate in zip((alpha, beta, gamma), rates,
                                                         strict=True))


def _world_rates(alpha, beta, gamma, omega):
    """The rates as if omega were the world-frame angular velocity: omega = E_W rates, with
    the columns of E_W the three axes seen in the world."""
    sb, cb, sg, cg = math.sin(beta), math.cos(beta), math.sin(gamma), math.cos(gamma)
    E_W = np.array([[sg * sb, cg, 0.0], [-cg * sb, sg, 0.0], [cb, 0.0, 1.0]])
    return tuple(np.linalg.solve(E_W, np.asarray(omega, dtype=float)))


_SOLVE_E = ("The rates come from omega_B = E (alpha_dot, beta_dot, gamma_dot), solved for the "
            "rates at each instant, with E of the current angles.")
#: The wrong rates of the mistakes below, integrated as the student would.
_WRONG_RATES = (_world_rates, _rates_transpose, _rates_forward, _rates_eq52,
                _rates_of(divide=False), _rates_of(cos_term=False), _rates_of(cos_sign=1.0),
                _rates_of(wy_sign=1.0), _rates_of(swap_alpha_trig=True),
                _rates_of(alpha_sign=-1.0))
_TIGHT = ("Integrate to a tolerance far below the check's 1e-6 rad: solve_ivp with "
          "rtol=1e-10 and atol=1e-12, or a fixed-step RK4 with steps of 1 ms.")

_ANGLES = (Output("alpha", Angle(atol=1e-6)), Output("beta", Angle(atol=1e-6)),
           Output("gamma", Angle(atol=1e-6)))

_EULER_RATES = Exercise(
    exercise_id="egg.euler_rates",
    description="The z-x-z Euler angles integrated over time at a constant body rate.",
    function_name="integrate_euler_angles",
    arguments=("alpha", "beta", "gamma", "omega_B", "t"),
    outputs=_ANGLES,
    reference=_integrated_reference,
    package_references=("robodyn.egg.euler_rates", "robodyn.egg.euler_rate_matrix",
                        "robodyn.egg.rotation", "robodyn.egg.euler_angles"),
    make_cases=_integration_cases,
    mistakes=(
        Mistake("one step: the rates at the start times t",
                "The rates change as the angles do: E depends on alpha and beta. Integrate "
                "them over time, in many small steps or with solve_ivp. " + _TIGHT,
                _one_step),
        Mistake("solve_ivp with its default tolerances (rtol=1e-3): too coarse",
                "solve_ivp's defaults, rtol=1e-3 and atol=1e-6, leave errors of about a "
                "thousandth of the angles. " + _TIGHT,
                _integrate(_right_rates, rtol=1e-3, atol=1e-6, method="RK45")),
        Mistake("the change of the angles over t, without the angles at the start",
                "Return the angles at the time t: the angles at the start plus their change.",
                _integrate(_right_rates, with_start=False)),
        Mistake("the angles in the order (gamma, beta, alpha)",
                "Return them in the order of the arguments, alpha, beta, gamma.",
                _integrate(_right_rates, order=(2, 1, 0))),
        Mistake("omega_B taken for the world-frame angular velocity",
                "omega_B is given in the body frame: in E, each column is the axis of one "
                "turn seen in the body. The world's vertical, the heading's axis, leans in "
                "the body as the egg tilts. " + _SOLVE_E,
                _integrate(_world_rates)),
        Mistake("the rates as the transpose of E times omega_B",
                "E is not a rotation matrix (its determinant is sin(beta)): its transpose "
                "does not undo it. " + _SOLVE_E,
                _integrate(_rates_transpose)),
        Mistake("the rates as E times omega_B: the forward map, not its inverse",
                "E turns the rates into omega_B; the integrand goes the other way. "
                + _SOLVE_E,
                _integrate(_rates_forward)),
        Mistake("the matrix of the source's eq. 52 applied to omega_B",
                "Its rows (sin b sin g, sin b cos g, cos b), (cos g, -sin g, 0), (0, 0, 1) are "
                "the world-frame axes of the three turns (in the source's angles, ours "
                "negated): a transpose, not an inverse, and of the world-frame map; with "
                f"omega_B in the body frame, gamma does not enter. {_SOLVE_E}",
                _integrate(_rates_eq52)),
        Mistake("the division by sin(beta) missing in gamma_dot",
                f"{_HEADING_AXIS} The x-y part of omega_B gives gamma_dot only after "
                "dividing by that length.",
                _integrate(_rates_of(divide=False))),
        Mistake("alpha_dot = omega_z: the cos(beta) term forgotten",
                "The heading rate gamma_dot also turns the body about its long axis: E's "
                "third row has a gamma_dot term too.",
                _integrate(_rates_of(cos_term=False))),
        Mistake("the wrong sign of the heading's share in alpha_dot",
                "Read E's third row: omega_z is alpha_dot plus the heading's share; solve it "
                "for alpha_dot.",
                _integrate(_rates_of(cos_sign=1.0))),
        Mistake("the sign of the omega_y term in beta_dot",
                f"{_TILT_AXIS} At other alpha mind the sign of the axis' y entry, "
                "-sin(alpha).",
                _integrate(_rates_of(wy_sign=1.0))),
        Mistake("sin(alpha) and cos(alpha) exchanged in the rates",
                _TILT_AXIS + " Check the fixed case 'alpha = 0'.",
                _integrate(_rates_of(swap_alpha_trig=True))),
        Mistake("the tilt axis taken as (cos(alpha), sin(alpha), 0) in the body: every "
                "sin(alpha) term with the wrong sign",
                "Read the tilt axis off E's second column: the body has turned by alpha "
                "about its long axis after the tilt, so it sees the tilt axis turned back by "
                "alpha, with -sin(alpha) as its y entry. Solve the first two rows with that "
                "column and the third, the heading axis, whose x-y part points along "
                "(sin(alpha), cos(alpha)).",
                _integrate(_rates_of(alpha_sign=-1.0))),
    ),
)


# --------------------------------------------------------------------------- gyroscopic torque
#
# Exercise 6.4 takes the gyroscopic term to the robot's gimbal: the torque the ring's bearings
# must apply to a rotor spinning at a constant rate relative to its ring while the ring tilts
# about the world's x axis. In the ring's frame, turning at phi_dot about x, the rotor's
# angular momentum L = I_spin spin a + I_tilt phi_dot x changes only by phi_ddot, so that
# tau = I_tilt phi_ddot x - L x (phi_dot x): the chapter's gyroscopic term, with its sign.

#: The book's rotor: its moments about its axis and across it (kg m^2) and its speed (rad/s).
_ROTOR = egg.EggParams()
I_SPIN, I_TILT = float(_ROTOR.rotor_inertia[2]), float(_ROTOR.rotor_inertia[0])
SPIN = float(_ROTOR.rotor_speed)


def _rotor_axis(phi, sign=1.0):
    """a = Rx(phi) z = (0, -sin(phi), cos(phi)), one row per tilt."""
    phi = np.asarray(phi, dtype=float)
    return np.stack([0.0 * phi, -sign * np.sin(phi), np.cos(phi)], axis=-1)


def _ring_axis(phi):
    phi = np.asarray(phi, dtype=float)
    return np.stack([1.0 + 0.0 * phi, 0.0 * phi, 0.0 * phi], axis=-1)


def _gimbal_reference(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    x = _ring_axis(phi)
    phi_dot = np.asarray(phi_dot, dtype=float)[..., None]
    L = I_spin * spin * _rotor_axis(phi) + I_tilt * phi_dot * x
    return I_tilt * np.asarray(phi_ddot, dtype=float)[..., None] * x - egg.gyro_torque(
        L, phi_dot * x)


def _gimbal_of(gyro=1.0, tilt_term=True, swap=False, axis_sign=1.0, fixed_axis=False,
               spin_in_frame=False):
    """I_tilt phi_ddot x + gyro I_spin spin phi_dot (x cross a), with the changes of a
    mistake: the gyroscopic part's sign or size, no tilt term, the moments swapped, the
    rotor axis tilted the other way or not at all, the frame turning with the spin too."""
    def gimbal_torque(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
        a_, b_ = (I_tilt, I_spin) if swap else (I_spin, I_tilt)
        phi_arr = np.asarray(phi, dtype=float)
        a = _rotor_axis(0.0 * phi_arr if fixed_axis else phi_arr, axis_sign)
        x = _ring_axis(phi_arr)
        moment = (a_ - b_) if spin_in_frame else a_
        rate = np.asarray(phi_dot, dtype=float)[..., None]
        tau = gyro * moment * spin * rate * np.cross(x, a)
        if tilt_term:
            tau = tau + b_ * np.asarray(phi_ddot, dtype=float)[..., None] * x
        return tau

    return gimbal_torque


def _smooth_tilt(t, angle, duration):
    """A smooth tilt from 0 to ``angle`` over ``duration`` (1 - cos profile): (phi, phi_dot,
    phi_ddot) at the times t."""
    w = np.pi / duration
    return (angle / 2 * (1 - np.cos(w * t)), angle / 2 * w * np.sin(w * t),
            angle / 2 * w**2 * np.cos(w * t))


def _gimbal_cases(rng) -> list[Case]:
    """Cases (I_spin, I_tilt, spin, phi, phi_dot, phi_ddot): the book's rotor, its tilt move
    sampled, and seeded random rotors and tilts."""
    rotor = (I_SPIN, I_TILT, SPIN)
    move = _smooth_tilt(np.linspace(0.0, 0.8, 9), 0.45, 0.8)
    cases = [
        Case((*rotor, 0.0, 0.5, 0.0), "fixed",
             f"the book's rotor ({SPIN:g} rad/s), its ring tilting steadily at 0.5 rad/s "
             "through phi = 0"),
        Case((*rotor, 0.3, 0.5, 2.0), "fixed",
             "the book's rotor, its ring at 0.3 rad, tilting at 0.5 rad/s and speeding up"),
        Case((2e-4, 1e-4, 0.0, 0.7, 1.5, -3.0), "fixed",
             "a rotor at rest (spin = 0): only the tilt's own inertia"),
        Case((*rotor, np.pi / 2, -0.8, 0.0), "fixed",
             "the ring tilted by pi/2, the rotor's axis along -y"),
        Case((*rotor, *(np.round(part, 12) for part in move)), "arrays",
             "the book's tilt move, 0.45 rad in 0.8 s (1 - cos profile), at nine times"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 1e-5, 1e-3), rounded_uniform(rng, 5e-6, 5e-4),
                           rounded_uniform(rng, 100.0, 2000.0), rounded_uniform(rng, -1.5, 1.5),
                           rounded_uniform(rng, -2.0, 2.0), rounded_uniform(rng, -5.0, 5.0)),
                          "seeded random"))
    cases.append(Case((rounded_uniform(rng, 1e-5, 1e-3), rounded_uniform(rng, 5e-6, 5e-4),
                       rounded_uniform(rng, 100.0, 2000.0), rounded_uniform(rng, -1.5, 1.5, 6),
                       rounded_uniform(rng, -2.0, 2.0, 6), rounded_uniform(rng, -5.0, 5.0, 6)),
                      "seeded random", "six random tilts at once"))
    return cases


_RING_FRAME = ("In the ring's frame, which turns at phi_dot about x, the rotor's angular "
               "momentum changes only by the tilt's acceleration; the world sees that change "
               "plus the frame's turn of L, as the chapter's dL/dt = M + L x omega says.")

_GYRO = Exercise(
    exercise_id="egg.gyro_torque",
    description="Torque the gimbal applies to a spinning rotor whose ring tilts.",
    function_name="gimbal_torque",
    arguments=("I_spin", "I_tilt", "spin", "phi", "phi_dot", "phi_ddot"),
    outputs=(Output("tau", Close(rtol=1e-9, atol=1e-12)),),
    reference=_gimbal_reference,
    package_references=("robodyn.egg.gyro_torque",),
    make_cases=_gimbal_cases,
    mistakes=(
        Mistake("the gyroscopic part with the opposite sign, as the source's eq. 43 (omega x "
                "L) gives: L x omega itself, the torque the rotor seems to feel",
                "In the ring's frame dL/dt = tau + L x omega: the gimbal's torque is what the "
                "change of L needs minus that apparent term. Check the direction with your "
                "hands: a rotor spinning along z, tilted about x, needs a torque along -y.",
                _gimbal_of(gyro=-1.0)),
        Mistake("the tilt's own term I_tilt phi_ddot forgotten",
                "The ring also accelerates the rotor's tilt: that needs the torque of any "
                "body turned about a fixed axis. A rotor at rest (a fixed case) needs only "
                "that.", _gimbal_of(tilt_term=False)),
        Mistake("I_spin and I_tilt swapped",
                "I_spin is the moment about the rotor's own axis a, I_tilt the one across it, "
                "about the ring's axis x.", _gimbal_of(swap=True)),
        Mistake("the rotor's axis left along z whatever the ring's tilt (or the components "
                "in the ring's frame)",
                "The rotor's axis tilts with its ring, a = Rx(phi) z, and tau is asked in the "
                "world frame, where the ring's y axis tilts too. " + _RING_FRAME,
                _gimbal_of(fixed_axis=True)),
        Mistake("the rotor's axis tilted the wrong way, a = (0, sin(phi), cos(phi))",
                "Rx(phi) turns z towards -y for phi > 0: its y entry is -sin(phi).",
                _gimbal_of(axis_sign=-1.0)),
        Mistake("the frame turning with the rotor's whole angular velocity, its spin included",
                "Take the ring's frame, which turns at phi_dot about x only: in it the "
                "symmetric rotor's L does not move. The rotor's spin turns no direction of "
                "L. " + _RING_FRAME,
                _gimbal_of(spin_in_frame=True)),
        Mistake("a factor 2 in the gyroscopic part (as in the Coriolis acceleration)",
                "A vector seen from a turning frame changes by its cross product with the "
                "frame's rate once, without a 2.", _gimbal_of(gyro=2.0)),
        Mistake("the torque of the rotor on the ring (the reaction): every term with the "
                "opposite sign",
                "tau is the torque the ring's bearings apply to the rotor: the one that makes "
                "the rotor's angular momentum change as it does. The rotor pushes back on the "
                "ring with the opposite torque. Check a rotor at rest (a fixed case): the "
                "bearings' torque points the way the ring's tilt speeds up.",
                lambda *args: -_gimbal_reference(*args)),
    ),
)


# --------------------------------------------------------------------------- contact offset


def _offset_reference(beta_v, R_tip, R_blunt, R2, e):
    beta = _as_float(beta_v)
    low = _lower_tilt(beta)
    tip_down = np.cos(beta) >= 0.0
    on_tip = egg.contact_offset(np.where(tip_down, low, 0.0), R_tip, R2)
    on_blunt = -egg.contact_offset(np.where(tip_down, 0.0, low), R_blunt, R2)
    return np.where(tip_down, on_tip, on_blunt) + e * np.sin(beta)


_OFFSET_NOTE = ("your d agrees with the exact lever arm only to within nanometres, as a "
                "difference quotient of H_m does: d = -dH_m/dbeta_v by central or one-sided "
                "differences carries rounding and truncation errors of that size. A tenth of "
                "a micrometre does not matter for the egg's lever arm, so the check accepts "
                "up to that (atol = 1e-7 m).")


def _offset_cases(rng) -> list[Case]:
    """The egg of two halves' cases, each with the note on a numerical derivative."""
    return [dataclasses.replace(case, note=_OFFSET_NOTE) for case in _halves_cases(rng)]


def _offset_of(with_H=True, sign=1.0, scale=1.0):
    """The chapter's d on one ellipse, with the changes of a mistake."""
    def contact_offset(beta_v, R1, R2):
        beta = _as_float(beta_v)
        d = (R1**2 - R2**2) * np.sin(beta) * np.cos(beta)
        if with_H:
            d = d / _center_height_reference(beta, R1, R2)
        return sign * scale * d

    return contact_offset


def _lever_polar(beta_v, R1, R2):
    return _height_polar_radius(beta_v, R1, R2) * np.sin(_as_float(beta_v))


def _lever_from_the_long_axis(beta_v, R1, R2):
    return _contact_distance(beta_v, R1, R2) * np.sin(_contact_angle_of()(beta_v, R1, R2))


def _lever_with_psi(beta_v, R1, R2):
    """The first route with the parametric psi of the contact for its polar angle beta_p."""
    psi = _contact_angle_of(ratio_power=1)(beta_v, R1, R2)
    return _height_polar_radius(psi, R1, R2) * np.sin(_as_float(beta_v) - psi)


def _offset_over_mass_height(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's d of the half that is down with H_m, the mass centre's height of
    exercise 6.2, in its denominator, plus e sin(beta_v)."""
    beta = _as_float(beta_v)
    numerator = _on_halves(_offset_of(with_H=False), blunt="raw")(beta, R_tip, R_blunt, R2)
    return numerator / _mass_height_of()(beta, R_tip, R_blunt, R2, e) + e * np.sin(beta)


def _offset_halves(one_ellipse=None, *, blunt="raw", long_of=None, mass=None):
    """d by the one-ellipse formula ``one_ellipse`` (default the chapter's) at beta_v, with
    the long semi-axis of the half that is down, plus the mass centre's term
    ``mass(beta, e)`` (default e sin(beta_v))."""
    shell = _on_halves(one_ellipse or _offset_of(), blunt=blunt, long_of=long_of)

    def contact_offset(beta_v, R_tip, R_blunt, R2, e):
        beta = _as_float(beta_v)
        term = e * np.sin(beta) if mass is None else mass(beta, e)
        return shell(beta, R_tip, R_blunt, R2) + term

    return contact_offset


#: Steps (rad) of the forward differences of H_m named as too coarse: each is off by about
#: h/2 |H_m''| (over 2e-7 m on the cases for h = 1e-5), more than the check's 1e-7 m;
#: h = 1e-6 is within it, and passes.
_COARSE_STEPS = (1e-2, 1e-3, 1e-4, 1e-5)


def _offset_forward_difference(h):
    """-dH_m/dbeta_v by a forward difference of step ``h`` (rad), past pi too."""
    height = _mass_height_of()

    def contact_offset(beta_v, R_tip, R_blunt, R2, e):
        beta = _as_float(beta_v)
        return -(height(beta + h, R_tip, R_blunt, R2, e)
                 - height(beta, R_tip, R_blunt, R2, e)) / h

    return contact_offset


def _coarse_difference_mistake(h):
    return Mistake(
        f"a forward difference of H_m with the step h = {h:g} rad: too coarse for the "
        "check's 1e-7 m",
        "A one-sided difference quotient is off by about h/2 times the second derivative "
        "of H_m: on the check's eggs a few tenths of a micrometre at h = 1e-5 rad, and ten "
        "times that for each tenfold step, more than the 1e-7 m the text allows. Take a "
        "central difference (its error falls with h^2), or a much smaller step, or the exact "
        "derivative.",
        _offset_forward_difference(h))


_ROUTES = ("The text's two routes: the contact, seen from the equator's centre, lies at the "
           "distance |r(beta_p)| and at beta_v - beta_p from the vertical, and the mass centre "
           "e along the long axis; or d = -dH_m/dbeta_v.")
_LEVER_HINT = ("|r| sin(beta_v) is the offset of a point at the distance |r| along the long "
               "axis, not of the contact: it is not 0 when the egg lies, where the contact is "
               f"straight below the centre. {_ROUTES}")
_CHAIN = "Check the chain rule: d/dbeta sqrt(u) = u' / (2 sqrt(u)), and (cos^2)' = -2 cos sin."
_MASS_LEVER = ("The mass centre sits e along the long axis towards the blunt end: seen from "
               "above, it is off the equator's centre by the horizontal part of that e, on "
               "the blunt end's side. Lying (beta_v = pi/2) that is all of e.")

_CONTACT_OFFSET = Exercise(
    exercise_id="egg.contact_offset",
    description="Horizontal distance from the mass centre to the contact, egg of two halves.",
    function_name="contact_offset",
    arguments=("beta_v", "R_tip", "R_blunt", "R2", "e"),
    # A numerical -dH_m/dbeta_v (the text's second route) is right to about 1e-11 m with a
    # central difference of step 1e-6 rad, to 5e-9 m with a one-sided step of 1e-7 rad.
    outputs=(Output("d", Close(rtol=1e-6, atol=1e-7)),),
    reference=_offset_reference,
    package_references=("robodyn.egg.contact_offset",),
    make_cases=_offset_cases,
    mistakes=(
        Mistake("one ellipse with R_tip for both halves (the chapter's egg)",
                "Right on the pointed half, wrong past beta_v = pi/2, where the blunt half "
                "touches the floor with its own semi-axis R_blunt.",
                _offset_halves(long_of=_tip_everywhere)),
        Mistake("the halves swapped: R_blunt on the pointed half, R_tip on the blunt one",
                "For beta_v < pi/2 the pointed half is down, beyond pi/2 the blunt half.",
                _offset_halves(long_of=_halves_swapped)),
        Mistake("on the blunt half, the chapter's lever arm towards the lower end, not towards "
                "the pointed half's side",
                "d is positive on the side to which the pointed half-axis points, where the "
                "weight tips the egg further (d = -dH_m/dbeta_v). With the blunt end down the "
                "contact lies towards the blunt end, on the other side.",
                _offset_halves(blunt="fold")),
        Mistake("the mass centre's offset e forgotten: the lever arm of the equator's centre",
                _MASS_LEVER, _offset_halves(mass=lambda beta, e: 0.0 * beta)),
        Mistake("the mass centre's offset on the wrong side (towards the tip)",
                _MASS_LEVER, _offset_halves(mass=lambda beta, e: -e * np.sin(beta))),
        Mistake("the mass centre's offset e cos(beta_v): its vertical part, not its horizontal "
                "one",
                _MASS_LEVER, _offset_halves(mass=lambda beta, e: e * np.cos(beta))),
        Mistake("the sign flipped: d towards the blunt half's side",
                "d is positive when the weight tips the egg further, towards larger beta_v: "
                "d = -dH_m/dbeta_v. On the pointed half with the mass centre at the equator "
                "the contact lies towards the tip, d > 0.",
                lambda *args: -_offset_reference(*args)),
        Mistake("H is missing in the denominator (the unit is m^2)",
                "d is a length in m; the half's term has the unit m^2. If you differentiated "
                f"H^2 instead of H: (H^2)' = 2 H H'. {_CHAIN}",
                _offset_halves(_offset_of(with_H=False))),
        Mistake("the chapter's lever arm divided by the mass centre's height H_m, not by "
                "the equator centre's H",
                "In the half's term, H is the height of the equator's centre, the root you "
                "differentiate; the mass centre's offset e does not enter it but adds a term "
                f"of its own. {_CHAIN}",
                _offset_over_mass_height),
        Mistake("half the half's lever arm (a 2 lost in the chain rule)",
                _CHAIN, _offset_halves(_offset_of(scale=0.5))),
        Mistake("twice the half's lever arm: sin(2 beta_v) where sin(beta_v) cos(beta_v) "
                "belongs",
                f"sin(2 beta) = 2 sin(beta) cos(beta). {_CHAIN}",
                _offset_halves(_offset_of(scale=2.0))),
        Mistake("the lever arm |r(beta_v)| sin(beta_v) of the source's eq. 31",
                _LEVER_HINT, _offset_halves(_lever_polar)),
        Mistake("the lever arm |r| sin(beta_v), |r| the distance to the contact",
                _LEVER_HINT, _offset_halves(
                    lambda b, R, R2: _contact_distance(b, R, R2) * np.sin(b))),
        Mistake("H, the contact's depth below the centre, not its horizontal offset",
                "Of the line from the centre to the contact, d needs the horizontal part: the "
                "side opposite the angle beta_v - beta_p, not the one next to it. " + _ROUTES,
                _offset_halves(_center_height_reference)),
        Mistake("|r| sin(beta_p): the contact's angle from the long axis, not from the "
                "vertical",
                "The lever arm is horizontal: it needs the angle of the line to the contact "
                f"from the vertical. {_ROUTES}",
                _offset_halves(_lever_from_the_long_axis)),
        Mistake("the parametric psi taken for the contact's angle beta_p in the text's first "
                "route",
                "psi is the parameter of the contact point (R2 sin psi, R cos psi), not the "
                "angle at which the centre sees it: the polar radius |r| and the angle from "
                "the vertical both need beta_p, the polar angle of exercise 6.1. " + _ROUTES,
                _offset_halves(_lever_with_psi)),
        *(_coarse_difference_mistake(h) for h in _COARSE_STEPS),
    ),
)


# --------------------------------------------------------------------------- rocking period
#
# Exercise 6.6 rocks the lying egg with a payload: a point mass m_p fixed on the short axis
# that stands vertical when the egg lies, h above the centre (h < 0: below it). Tipped by
# epsilon end over end, the egg's centre stands at H(pi/2 - epsilon) and the payload
# h cos(epsilon) above it: the stiffness is (mass + m_p) g (R1^2 - R2^2) / R2 - m_p g h, the
# inertia about the contact I_t + mass R2^2 + m_p (R2 + h)^2.

#: The book's egg with its rotor stopped: total mass (kg) and the lumped moment about a
#: transverse axis through the centre (kg m^2), the chapter's rocking case.
_MASS_PALM = _PALM.mass
_I_PALM = float(egg.lumped_inertia(_PALM)[0, 0])


def _rocking_reference(R1, R2, mass, I_t, g, m_p, h):
    stiffness = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * (R2 + h) ** 2
    return 2 * math.pi * math.sqrt(inertia / stiffness)


def _solid(R1, R2, mass):
    """The transverse moment of a solid ellipsoid, m (R1^2 + R2^2) / 5, kg m^2."""
    return mass * (R1**2 + R2**2) / 5


def _rocking_cases(rng) -> list[Case]:
    """Cases (R1, R2, mass, I_t, g, m_p, h): the book's egg with payloads above and below its
    centre, solid and slender eggs, another gravity, and seeded random eggs; every one
    stable (a positive stiffness) and every payload of nonzero mass off the centre."""
    cases = [
        Case((R1_PALM, R2_PALM, _MASS_PALM, _I_PALM, 9.81, 0.02, 0.03), "fixed",
             "the book's egg with its rotor stopped, a 20 g payload 3 cm above its centre"),
        Case((R1_PALM, R2_PALM, _MASS_PALM, _I_PALM, 9.81, 0.05, -0.03), "fixed",
             "the book's egg, a 50 g payload 3 cm below its centre"),
        Case((0.08, 0.05, 0.3, _solid(0.08, 0.05, 0.3), 9.81, 0.1, 0.1), "fixed",
             "a solid egg (8 cm, 5 cm, 0.3 kg), a 100 g payload 10 cm above its centre"),
        Case((0.1, 0.03, 0.05, 2e-4, 9.81, 0.01, 0.02), "fixed",
             "a slender egg, R1 = 10 cm, R2 = 3 cm, a 10 g payload on its top"),
        Case((R1_PALM, R2_PALM, _MASS_PALM, _I_PALM, 1.62, 0.02, 0.03), "fixed",
             "the first case on the Moon, g = 1.62 m/s^2"),
        Case((R1_PALM, R2_PALM, _MASS_PALM, _I_PALM, 9.81, 0.2, 0.01), "fixed",
             "the book's egg with a heavy payload (200 g) just above its centre"),
    ]
    while len(cases) < 12:
        R1, R2 = _random_egg(rng)
        mass = rounded_uniform(rng, 0.05, 1.0)
        share = float(rng.uniform(0.4, 1.2))        # hollow to solid and beyond
        I_t = float(f"{share * _solid(R1, R2, mass):.4g}")
        m_p = round(mass * float(rng.uniform(0.05, 0.5)), 4)
        h = round(R2 * float(rng.uniform(-1.0, 1.5)), 4)
        args = (R1, R2, mass, I_t, rounded_uniform(rng, 1.0, 25.0), m_p, h)
        stiffness = (mass + m_p) * (R1**2 - R2**2) / R2 - m_p * h
        if stiffness > 0.2 * (mass + m_p) * (R1**2 - R2**2) / R2 and abs(h) > 1e-3:
            cases.append(Case(args, "seeded random"))
    return cases


def _period_of(inertia, stiffness, form="period"):
    """2 pi sqrt(inertia / stiffness), or the forms of a mistake: the angular frequency,
    the frequency in Hz, or sqrt(inertia / stiffness) without the 2 pi."""
    def rocking_period(R1, R2, mass, I_t, g, m_p, h):
        M = inertia(R1, R2, mass, I_t, m_p, h)
        k = stiffness(R1, R2, mass, g, m_p, h)
        with np.errstate(all="ignore"):
            ratio = M / k if k != 0 else math.inf
            return {"period": 2 * math.pi * math.sqrt(ratio) if ratio >= 0 else math.nan,
                    "omega": math.sqrt(1 / ratio) if ratio > 0 else math.nan,
                    "hertz": math.sqrt(1 / ratio) / (2 * math.pi) if ratio > 0 else math.nan,
                    "bare": math.sqrt(ratio) if ratio >= 0 else math.nan}[form]

    return rocking_period


def _about_contact(R1, R2, mass, I_t, m_p, h):
    return I_t + mass * R2**2 + m_p * (R2 + h) ** 2


def _shell_stiffness(R1, R2, mass, g):
    """The egg's own stiffness, m g (R1^2 - R2^2) / R2."""
    return mass * g * (R1**2 - R2**2) / R2


def _stiffness(R1, R2, mass, g, m_p, h):
    return _shell_stiffness(R1, R2, mass + m_p, g) - m_p * g * h


_ROCKING_ROUTE = ("The text's two steps: the potential of the egg and of the payload to second "
                  "order in the tip epsilon (the centre at H of exercise 6.2 with "
                  "beta_v = pi/2 - epsilon, the payload h cos(epsilon) above the centre), "
                  "which gives the stiffness; and the inertia about the contact point, about "
                  "which the egg turns.")
_PARALLEL = ("The egg rolls: for small swings it turns about its contact point, not its "
             "centre. Which inertia belongs to a turn about that point, and how far below the "
             "centre is it when the egg lies? ")
_PAYLOAD = ("The payload rides with the egg: it rises with the centre (H), and it swings "
            "about the centre like the bob of an upside-down pendulum of length h.")

_ROCKING_PERIOD = Exercise(
    exercise_id="egg.rocking_period",
    description="Small-angle rocking period of the lying egg carrying a payload.",
    function_name="rocking_period",
    arguments=("R1", "R2", "mass", "I_t", "g", "m_p", "h"),
    outputs=(Output("T0", Close(rtol=1e-6)),),
    reference=_rocking_reference,
    package_references=("robodyn.egg.small_angle_period", "robodyn.egg.rocking_period"),
    make_cases=_rocking_cases,
    mistakes=(
        Mistake("the payload ignored: the chapter's egg alone",
                _PAYLOAD + " " + _ROCKING_ROUTE,
                _period_of(lambda R1, R2, mass, I_t, m_p, h: I_t + mass * R2**2,
                           lambda R1, R2, mass, g, m_p, h: _shell_stiffness(R1, R2, mass, g))),
        Mistake("the payload's inertia about the centre, m_p h^2, not about the contact",
                _PARALLEL + "That holds for the payload too: its distance from the contact "
                "is R2 + h.",
                _period_of(lambda R1, R2, mass, I_t, m_p, h: I_t + mass * R2**2 + m_p * h**2,
                           _stiffness)),
        Mistake("the payload's swing with the wrong sign: it steadies the egg, as a pendulum "
                "bob below its pivot would",
                "Above the centre (h > 0) the payload drops as the egg tips: h cos(epsilon) "
                "falls by h epsilon^2 / 2, which softens the rocking. " + _PAYLOAD,
                _period_of(_about_contact, lambda R1, R2, mass, g, m_p, h:
                           _shell_stiffness(R1, R2, mass + m_p, g) + m_p * g * h)),
        Mistake("the payload's rise with the centre forgotten: only the egg's mass in the "
                "curvature term",
                "The payload stands on the centre: it rises with H as the egg's own mass "
                "does. " + _PAYLOAD,
                _period_of(_about_contact, lambda R1, R2, mass, g, m_p, h:
                           _shell_stiffness(R1, R2, mass, g) - m_p * g * h)),
        Mistake("the payload's swing h cos(epsilon) left out of the potential",
                _PAYLOAD + " " + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g, m_p, h:
                           _shell_stiffness(R1, R2, mass + m_p, g))),
        Mistake("the inertia about the centre, I_t + m_p h^2: no force of the floor (the "
                "source's equations)",
                _PARALLEL + "Leaving out the floor's force makes the egg rock too fast.",
                _period_of(lambda R1, R2, mass, I_t, m_p, h: I_t + m_p * h**2, _stiffness)),
        Mistake("the payload's inertia about the contact at the distance R2, as if it sat "
                "at the centre",
                _PARALLEL + "The payload sits h above the centre: its distance from the "
                "contact is R2 + h, as in its potential.",
                _period_of(lambda R1, R2, mass, I_t, m_p, h: I_t + (mass + m_p) * R2**2,
                           _stiffness)),
        Mistake("the egg's inertia about the contact with R1 for the distance, I_t + m R1^2",
                _PARALLEL + "Lying, the contact is below the centre across the long axis, "
                "at the short semi-axis.",
                _period_of(lambda R1, R2, mass, I_t, m_p, h:
                           I_t + mass * R1**2 + m_p * (R2 + h) ** 2, _stiffness)),
        Mistake("the curvature term m g (R1^2 - R2^2) / R1: R1 where R2 belongs in the "
                "denominator",
                "Redo the expansion of H about the lying egg: the square root's first-order "
                "term divides by the root's value at that point. " + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g, m_p, h:
                           (mass + m_p) * g * (R1**2 - R2**2) / R1 - m_p * g * h)),
        Mistake("the stiffness twice too large: the potential's epsilon^2 terms without their "
                "1/2",
                "Count the 2s: to second order sqrt(a^2 + u) = a + u / (2 a) and cos(epsilon) "
                "= 1 - epsilon^2 / 2, and a potential 1/2 k epsilon^2 has the stiffness k. "
                + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g, m_p, h:
                           2 * _stiffness(R1, R2, mass, g, m_p, h))),
        Mistake("the stiffness half too small: the coefficient of epsilon^2 taken for k",
                "A potential V = 1/2 k epsilon^2 has the stiffness k = V''(0): twice the "
                "coefficient of epsilon^2. " + _ROCKING_ROUTE,
                _period_of(_about_contact, lambda R1, R2, mass, g, m_p, h:
                           0.5 * _stiffness(R1, R2, mass, g, m_p, h))),
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
