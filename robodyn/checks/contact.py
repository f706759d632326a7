"""The exercises of the contact chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.contact`: SI units (kg, m, s, N); the depth
of a contact is positive while the bodies overlap and zero or negative while they are apart
(at depth 0 they only touch); its rate is positive while they press further together; a normal
force pushes the bodies apart and is never a pull.

The mistakes are the wrong answers a class writes, each with a hint that says what to think
about, not the line to type (this module is part of the student release). A mistake whose
wrong answer differs from the reference only by a factor or a changed input is written as the
reference with that change.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq

from robodyn import contact
from robodyn.contact import timestepping
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform, with_hint

G = contact.G

# --------------------------------------------------------------------------- stiffness


def _stiffness_reference(mass, penetration, g):
    return contact.stiffness_for_penetration(mass, penetration, g)


def _stiffness_scaled(factor):
    """The reference times ``factor``: a unit slip or a factor of an energy balance."""
    def stiffness_for_penetration(mass, penetration, g):
        return factor * _stiffness_reference(mass, penetration, g)

    return stiffness_for_penetration


def _stiffness_floored(mass, penetration, g):
    """The weight divided by the penetration with //, Python's floor division."""
    return np.floor_divide(np.multiply(mass, g), penetration)


_STIFFNESS_UNITS_HINT = ("mass is in kg and penetration in m already (0.1 mm is 1e-4), as every "
                         "quantity of the notebook: no conversion is needed.")

#: The slips of the stiffness part of exercise 3.3, as functions of (mass, penetration, g).
_STIFFNESS_MISTAKES = (
        Mistake("1000 times too stiff: the mass in grams, or the penetration divided by 1000",
                _STIFFNESS_UNITS_HINT, _stiffness_scaled(1000.0)),
        Mistake("1000 times too soft: the penetration in millimetres, or the mass divided by "
                "1000", _STIFFNESS_UNITS_HINT, _stiffness_scaled(1e-3)),
        Mistake("g is missing: k = m / d has the unit kg/m, not N/m",
                "At rest the spring carries the weight, a force in N: mass times g.",
                lambda mass, penetration, g: _stiffness_reference(mass, penetration, 1.0)),
        Mistake("the number 9.81 in place of the argument g (right on Earth, wrong on the Moon)",
                "Use the argument g: the check also calls your function with the Moon's "
                "g = 1.62 m/s².",
                lambda mass, penetration, g: _stiffness_reference(mass, penetration, 9.81)),
        Mistake("twice too stiff: an energy balance (m g d = k d²/2) instead of a force balance",
                "At rest the forces balance: the spring force at the allowed depth equals the "
                "weight. An energy balance gives the deepest point of a body dropped onto the "
                "spring from zero speed, not the depth where it rests.",
                _stiffness_scaled(2.0)),
        Mistake("upside down: d / (m g)",
                "A heavier body needs a stiffer spring, and so does a smaller allowed depth: "
                "check which of the two belongs in the denominator.",
                lambda mass, penetration, g: penetration / (mass * g)),
        Mistake("mass and penetration exchanged (d g / m)",
                "A heavier body needs a stiffer spring for the same depth, so k must grow with "
                "the mass. Check the unit too: k is in N/m.",
                lambda mass, penetration, g: penetration * g / mass),
        Mistake("m g d: the penetration multiplies instead of divides",
                "The stiffness is a force per metre of depth: check the unit N/m.",
                lambda mass, penetration, g: mass * g * penetration),
        Mistake("the penetration squared (a stiffness in N/m², not N/m)",
                "The stiffness is a force per metre of depth, once: the spring force grows "
                "in proportion to the depth.",
                lambda mass, penetration, g: _stiffness_reference(mass, penetration, g)
                / penetration),
        Mistake("a floor division // (the stiffness rounded down to a whole number of N/m)",
                "// divides and rounds down to a whole number: 34.335 // 1e-4 is 343349.0, "
                "not 343350. Use / for a division of real numbers.",
                _stiffness_floored),
)


# --------------------------------------------------------------------------- damping


def _damping_reference(k, mass, zeta):
    return contact.damping_for_ratio(k, mass, zeta)


def _critical_damping(k, mass, zeta):
    """The reference at zeta = 1: critical damping, N s/m."""
    return _damping_reference(k, mass, 1.0)


_DAMPING_UNITS_HINT = ("Check the units: c is in N s/m = kg/s, and k times mass is in "
                       "kg²/s².")

#: The slips of the damping part of exercise 3.3, as functions of (k, mass, zeta).
_DAMPING_MISTAKES = (
        Mistake("the factor 2 is missing",
                "zeta is c divided by the critical damping, the c at which m s² + c s + k = 0 "
                "has a double root. Work out that c.",
                lambda k, mass, zeta: _damping_reference(k, mass, zeta) / 2),
        Mistake("sqrt(k / m) (the natural frequency) instead of sqrt(k m)",
                "sqrt(k / m) is a frequency in rad/s; c is in N s/m = kg/s.",
                lambda k, mass, zeta: 2 * zeta * np.sqrt(k / mass)),
        Mistake("zeta times k: damping sized as a fraction of the stiffness",
                "k and c have different units; the ratio zeta compares c with the critical "
                "damping.",
                lambda k, mass, zeta: zeta * k),
        Mistake("the square root is missing (2 zeta k m)", _DAMPING_UNITS_HINT,
                lambda k, mass, zeta: 2 * zeta * k * mass),
        Mistake("(k m)**1/2, which Python reads as ((k m)**1)/2: the square root is missing",
                "** binds tighter than /, so x**1/2 is x/2. Put the exponent in parentheses, "
                "or use np.sqrt.",
                lambda k, mass, zeta: 2 * zeta * (k * mass) ** 1 / 2),
        Mistake("the mass missing under the root of omega_n (2 zeta m sqrt(k))",
                "If you go through the natural frequency omega_n, it is in rad/s and depends "
                "on the mass too. " + _DAMPING_UNITS_HINT,
                lambda k, mass, zeta: 2 * zeta * mass * np.sqrt(k)),
        Mistake("zeta is missing: that is the critical damping, right only for zeta = 1",
                "The damping ratio, fixed by the wanted restitution, scales the critical "
                "damping: the check asks for several restitutions.",
                _critical_damping),
        Mistake("solved for c upside down (zeta over the critical damping)",
                "zeta is c divided by the critical damping; solve that for c. "
                + _DAMPING_UNITS_HINT,
                lambda k, mass, zeta: zeta / _critical_damping(k, mass, zeta)),
        Mistake("the critical damping divided by zeta instead of multiplied by it",
                "zeta is c divided by the critical damping, so c grows with zeta: twice the "
                "ratio, twice the damping. Solve that for c.",
                lambda k, mass, zeta: _critical_damping(k, mass, zeta) / zeta),
        Mistake("a quarter of the right value: the 2 divides where it multiplies",
                "zeta is c divided by the critical damping, the c at which m s² + c s + k = 0 "
                "has a double root. Work out that c: the 2 belongs in the numerator.",
                lambda k, mass, zeta: _damping_reference(k, mass, zeta) / 4),
        Mistake("zeta under the square root: c grows with sqrt(zeta), not with zeta",
                "zeta scales the damping itself, not k m under the root: twice the ratio, "
                "twice the damping.",
                lambda k, mass, zeta: _critical_damping(k, mass, zeta) * np.sqrt(zeta)),
)


# --------------------------------------------------------------------------- normal force


def _force_reference(depth, depth_rate, k, c):
    return contact.normal_force(depth, depth_rate, k, c)


def _force_cases(rng) -> list[Case]:
    cases = [
        Case((1e-3, 0.0, 1e4, 50.0), "fixed", "1 mm deep, at rest"),
        Case((1e-3, 0.5, 1e4, 50.0), "fixed", "pressing in at 0.5 m/s"),
        Case((1e-3, -0.1, 1e4, 50.0), "fixed", "parting slowly"),
        Case((1e-4, -1.0, 1e4, 50.0), "fixed",
             "parting fast near the end of the contact: the raw spring-damper would pull"),
        Case((0.0, 0.5, 1e4, 50.0), "fixed",
             "depth = 0 exactly (touching), pressing in at 0.5 m/s"),
        Case((0.0, 0.0, 1e4, 50.0), "fixed", "depth = 0 exactly, at rest"),
        Case((-2e-3, 1.0, 1e4, 50.0), "fixed",
             "2 mm apart, approaching at 1 m/s: the raw damper would push before contact"),
        Case((-2e-3, -1.0, 1e4, 50.0), "fixed", "2 mm apart, moving away at 1 m/s"),
        Case((-1e-6, 2.0, 1e4, 50.0), "fixed", "a micrometre apart, approaching at 2 m/s"),
    ]
    for _ in range(3):
        cases.append(Case((round(float(rng.uniform(-2, 2)), 3) * 1e-3,
                           rounded_uniform(rng, -1.0, 1.0),
                           round(float(10 ** rng.uniform(3, 6)), -2),
                           rounded_uniform(rng, 1.0, 200.0)), "seeded random"))
    size = 40
    cases.append(Case((np.round(rng.uniform(-2, 2, size), 3) * 1e-3,
                       rounded_uniform(rng, -1.0, 1.0, size), 1e4, 50.0), "arrays",
                      "depths and rates of 40 contacts, in and out of contact"))
    cases.append(Case((np.array([0.0, 0.0, 0.0, -5e-4, -5e-4, 5e-4]),
                       np.array([1.0, -1.0, 0.0, 0.5, -0.5, -0.2]), 2e4, 30.0), "arrays",
                      "depth = 0 exactly and negative depths, at several rates"))
    return cases


def _force_of(clamp=True, gate=True, damping_sign=1.0, touching_counts=False,
              gate_damper=True, limit=np.maximum):
    """The linear contact force with one part changed: no clamp, no gate (or a gate that lets
    depth = 0 count as contact, or that leaves the damper acting apart), the damping's sign,
    or another function than the clamp at 0 (``limit(raw, 0)``)."""
    def normal_force(depth, depth_rate, k, c):
        depth, depth_rate = np.asarray(depth, float), np.asarray(depth_rate, float)
        inside = depth >= 0 if touching_counts else depth > 0
        spring = k * (depth if gate_damper else np.where(inside, depth, 0.0))
        raw = spring + damping_sign * c * depth_rate
        force = limit(raw, 0.0) if clamp else raw
        force = np.where(inside, force, 0.0) if gate and gate_damper else force
        return force if force.ndim else float(force)

    return normal_force


def _force_parts_clamped(gate=True):
    """The damper's part clamped at 0 on its own, the spring's added after; with ``gate`` the
    sum gated to depth > 0, without it the spring's part clamped at 0 as well (which is 0
    apart) and the damper left to push while the bodies are apart."""
    def normal_force(depth, depth_rate, k, c):
        depth, depth_rate = np.asarray(depth, float), np.asarray(depth_rate, float)
        damper = np.maximum(c * depth_rate, 0.0)
        if gate:
            force = np.where(depth > 0, k * depth + damper, 0.0)
        else:
            force = np.maximum(k * depth, 0.0) + damper
        return force if force.ndim else float(force)

    return normal_force


def _force_without_damper(depth, depth_rate, k, c):
    return _force_reference(depth, depth_rate, k, 0.0)


def _force_k_and_c_exchanged(depth, depth_rate, k, c):
    depth, depth_rate = np.asarray(depth, float), np.asarray(depth_rate, float)
    force = np.where(depth > 0, np.maximum(c * depth + k * depth_rate, 0.0), 0.0)
    return force if force.ndim else float(force)


_FORCE_GATE_HINT = ("Out of contact (depth <= 0, and at depth 0 exactly the bodies only touch) "
                    "the force is 0, whatever the rate.")

_FORCE = Exercise(
    exercise_id="contact.normal_force",
    description="Normal force of the linear spring-damper contact, never a pull.",
    function_name="normal_force",
    arguments=("depth", "depth_rate", "k", "c"),
    outputs=(Output("force", Close(rtol=1e-9, atol=1e-9)),),
    reference=_force_reference,
    package_references=("robodyn.contact.normal_force",),
    make_cases=_force_cases,
    mistakes=(
        Mistake("the force pulls near the end of a contact (no clamp at zero)",
                "When the bodies part fast, k depth + c depth_rate turns negative: a pull, as "
                "if glued. A contact cannot pull: where the spring-damper force is negative, "
                "the force is 0.",
                _force_of(clamp=False)),
        Mistake("there is a force while the bodies are apart (depth <= 0 not checked)",
                _FORCE_GATE_HINT, _force_of(gate=False)),
        Mistake("no force is clamped and none is gated: the raw k depth + c depth_rate",
                "Two rules are missing: the force is 0 apart (depth <= 0), and it never pulls.",
                _force_of(clamp=False, gate=False)),
        Mistake("a force at depth = 0 exactly (depth >= 0 taken as contact)",
                "At depth 0 the bodies only touch: the exercise counts depth <= 0 as apart, so "
                "the force there is 0 even while they press in.",
                _force_of(touching_counts=True)),
        Mistake("the damper acts while the bodies are apart (only the spring term is gated)",
                "Out of contact neither the spring nor the damper acts: the whole force is 0 "
                "for depth <= 0, whatever the rate.",
                _force_of(gate_damper=False)),
        Mistake("the damping sign is reversed (k depth - c depth_rate)",
                "The damper resists pressing in: depth_rate > 0 (pressing) adds force.",
                _force_of(damping_sign=-1.0)),
        Mistake("the damper's part clamped on its own instead of the whole force",
                "It is the contact as a whole that cannot pull: the sum of the spring's and "
                "the damper's force must not turn negative; the damper alone may (while the "
                "bodies part).",
                _force_parts_clamped()),
        Mistake("the spring's and the damper's parts each clamped at zero on their own (the "
                "damper pushes while the bodies are apart)",
                "It is the contact as a whole that cannot pull, and out of contact (depth <= 0) "
                "it exerts no force at all. The damper alone may pull while the bodies part, "
                "as long as the sum does not.",
                _force_parts_clamped(gate=False)),
        Mistake("only the spring is cut off at depth 0: the damper acts while the bodies are "
                "apart, and the force can pull",
                "Two rules are missing besides the spring's: the whole force is 0 apart "
                "(depth <= 0), whatever the rate, and it never pulls, the damper's part "
                "included.",
                _force_of(clamp=False, gate_damper=False)),
        Mistake("the damping term is missing (only the spring)",
                "The contact is a spring and a damper side by side: while the depth changes "
                "the damper adds c times depth_rate.",
                _force_without_damper),
        Mistake("np.abs turns the pull into a push instead of cutting it off",
                "Where the spring-damper force would pull, the contact lets go: no force at "
                "all, not a push of the same size.",
                _force_of(limit=lambda raw, zero: np.abs(raw))),
        Mistake("the clamp keeps the pulls and drops the pushes (np.minimum(..., 0))",
                "The force pushes the bodies apart, so it is >= 0: keep the positive values "
                "and set the negative ones to 0.",
                _force_of(limit=np.minimum)),
        Mistake("k and c exchanged (c depth + k depth_rate)",
                "k [N/m] multiplies a length and c [N s/m] a speed: check the unit of each "
                "term.",
                _force_k_and_c_exchanged),
    ),
)


# --------------------------------------------------------------------------- restitution


def _restitution_reference(zeta):
    return contact.restitution_linear(zeta)


_NEAR_RIGHT_ANGLE_NOTE = (
    "at zeta = 0.70710678, within 1e-9 of 1/sqrt(2), your e agrees only to a few parts in "
    "1e9. There sin(phi) = 2 zeta s lies within 1e-16 of 1, where np.arcsin loses half its digits; "
    "np.arctan2 of sin(phi) and cos(phi) keeps them all. The check accepts this (rtol=1e-7)."
)


def _restitution_cases(rng) -> list[Case]:
    cases = [
        Case((0.1,), "fixed", "light damping, zeta = 0.1"),
        Case((0.5,), "fixed", "zeta = 0.5"),
        Case((0.8,), "fixed", "zeta = 0.8, above 1/sqrt(2)"),
        Case((0.0,), "fixed", "no damping, zeta = 0: e = 1"),
        Case((np.sqrt(0.5),), "fixed",
             "zeta = 1/sqrt(2): cos(phi) = 0, where phi changes quadrant"),
        Case((0.70710678,), "fixed", "zeta = 0.70710678, within 1e-9 of 1/sqrt(2)", "",
             _NEAR_RIGHT_ANGLE_NOTE),
        Case((0.999,), "fixed", "zeta = 0.999, near the end of the range (zeta < 1)"),
    ]
    for _ in range(3):
        cases.append(Case((rounded_uniform(rng, 0.02, 0.95),), "seeded random"))
    cases.append(Case((rounded_uniform(rng, 0.02, 0.95, 20),), "arrays"))
    cases.append(Case((np.array([0.0, 0.3, np.sqrt(0.5), 0.9, 0.999]),), "arrays",
                      "zeta = 0, 1/sqrt(2) and 0.999 among others"))
    return cases


def _restitution_of(phase, s_of=lambda zeta: np.sqrt(1 - zeta**2), exponent_sign=-1.0,
                    divide_by_s=True):
    """e = exp(sign zeta phi / s) with the phase ``phase(zeta, s)`` and s = ``s_of(zeta)``."""
    def restitution_linear(zeta):
        zeta = np.asarray(zeta, float)
        s = s_of(zeta)
        with np.errstate(divide="ignore", invalid="ignore"):
            phi = phase(zeta, s)
            e = np.exp(exponent_sign * zeta * phi / (s if divide_by_s else 1.0))
        return e if e.ndim else float(e)

    return restitution_linear


def _phase(zeta, s):
    """The damped phase at which the force returns to zero, in its right quadrant."""
    return np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)


def _classic(zeta):
    return np.exp(-np.pi * zeta / np.sqrt(1 - np.asarray(zeta, float) ** 2))


_QUADRANT_HINT = (
    "For zeta < 1/sqrt(2), cos(phi) < 0 and phi lies between pi/2 and pi. A function of one "
    "ratio or of sin(phi) alone cannot tell phi from another angle; one that takes sin(phi) "
    "and cos(phi) separately can."
)

_QUADRANT_TOOL = ("A function that takes sin(phi) and cos(phi) separately keeps the "
                  "quadrant by itself.")

_LATE_QUADRANT_HINT = (
    "Above zeta = 1/sqrt(2) the force vanishes earlier: cos(phi) > 0 there, and phi lies in "
    "the first quadrant, below pi/2. The second quadrant is right for light damping only; "
    "let the sign of cos(phi) choose the quadrant (check your phi at zeta = 0.8). "
    + _QUADRANT_TOOL
)

_SINE_COSINE_HINT = (
    "Derive sin(phi) and cos(phi) again from k delta + c delta' = 0 with delta(t) of the "
    "damped oscillator, and s from the damped frequency. A quick test of your values: "
    "sin(phi)^2 + cos(phi)^2 must be 1 for every zeta."
)

_RESTITUTION = Exercise(
    exercise_id="contact.restitution_linear",
    description="Coefficient of restitution of the linear spring-damper contact.",
    function_name="restitution_linear",
    arguments=("zeta",),
    outputs=(Output("e", Close(rtol=1e-7, atol=1e-12)),),
    reference=_restitution_reference,
    package_references=("robodyn.contact.restitution_linear",),
    make_cases=_restitution_cases,
    mistakes=(
        Mistake("exp(-pi zeta): the half period of the undamped spring",
                "The contact runs at the damped frequency and ends when the force, not the "
                "depth, returns to zero: find the phase at which k delta + c delta' "
                "vanishes.",
                lambda zeta: np.exp(-np.pi * np.asarray(zeta, float))),
        Mistake("exp(-pi zeta / sqrt(1 - zeta^2)): the contact taken to end at depth 0",
                "That formula lets the contact pull until the bodies are apart again; a "
                "non-adhesive contact lets go when the force reaches zero, earlier.",
                _classic),
        Mistake("phi = arctan(2 zeta s / (2 zeta^2 - 1)) without the quadrant",
                _QUADRANT_HINT,
                _restitution_of(lambda zeta, s: np.arctan(2 * zeta * s / (2 * zeta**2 - 1)))),
        Mistake("phi = arcsin(2 zeta s), which cannot tell phi from pi - phi",
                _QUADRANT_HINT,
                _restitution_of(lambda zeta, s: np.arcsin(np.clip(2 * zeta * s, -1, 1)))),
        Mistake("phi kept between pi/2 and pi at every zeta, as for light damping (pi minus "
                "the arcsine also above 1/sqrt(2))",
                _LATE_QUADRANT_HINT,
                _restitution_of(lambda zeta, s: np.pi - np.arcsin(np.clip(2 * zeta * s, -1, 1)))),
        Mistake("pi added to np.arctan at every zeta: phi beyond pi above 1/sqrt(2)",
                "np.arctan's angle needs pi added only where cos(phi) < 0 (below zeta = "
                "1/sqrt(2)); above it, cos(phi) > 0 and np.arctan's angle is phi itself. "
                "Beyond pi, the force would have vanished long before. " + _QUADRANT_TOOL,
                _restitution_of(lambda zeta, s: np.pi + np.arctan(2 * zeta * s
                                                                  / (2 * zeta**2 - 1)))),
        Mistake("the arguments of np.arctan2 exchanged (cos(phi) first)",
                "np.arctan2(y, x) is the angle of the point (x, y): the sine-like value comes "
                "first.",
                _restitution_of(lambda zeta, s: np.arctan2(2 * zeta**2 - 1, 2 * zeta * s))),
        Mistake("e > 1: the minus sign in the exponent is missing",
                "Damping takes energy away: the body leaves slower than it came, so e <= 1.",
                _restitution_of(_phase, exponent_sign=1.0)),
        Mistake("the division by s is missing in the exponent",
                "The exponent is the decay exp(-zeta omega_n t) over the contact time "
                "t = phi / omega_d, and the damped frequency omega_d is s omega_n.",
                _restitution_of(_phase, divide_by_s=False)),
        Mistake("s = 1 - zeta^2, without the square root",
                "s is the ratio of the damped to the undamped frequency, the square root of "
                "1 - zeta^2.",
                _restitution_of(_phase, s_of=lambda zeta: 1 - zeta**2)),
        Mistake("s = sqrt(1 - zeta), the square of zeta missing",
                _SINE_COSINE_HINT,
                _restitution_of(_phase, s_of=lambda zeta: np.sqrt(1 - zeta))),
        Mistake("cos(phi) with the wrong sign: the phase pi - phi instead of phi",
                "phi runs from pi at zeta = 0 (no damping, e = 1) down towards 0: check your "
                "cos(phi) at zeta = 0, where it must be -1 (an undamped contact lasts half "
                "a period).",
                _restitution_of(lambda zeta, s: np.arctan2(2 * zeta * s, 1 - 2 * zeta**2))),
        Mistake("sin(phi) = zeta s, the 2 of 2 zeta s missing",
                _SINE_COSINE_HINT,
                _restitution_of(lambda zeta, s: np.arctan2(zeta * s, 2 * zeta**2 - 1))),
    ),
)


# --------------------------------------------------------------------------- sizing


def _zeta_for_restitution(restitution):
    """The damping ratio in [0, 1] whose clamped linear contact gives ``restitution``."""
    e = float(restitution)
    if e >= 1.0:
        return 0.0
    return brentq(lambda zeta: contact.restitution_linear(zeta) - e, 0.0, 1.0,
                  xtol=1e-15, rtol=1e-15)


def _sizing_reference(mass, penetration, restitution, g):
    k = contact.stiffness_for_penetration(mass, penetration, g)
    return k, contact.damping_for_ratio(k, mass, _zeta_for_restitution(restitution))


_RESTITUTION_HINT = ("The damping follows from the restitution: if you invert your "
                     "restitution_linear of exercise 3.2, run its check first, since a wrong "
                     "restitution there makes the damping here wrong too.")


def _sizing_cases(rng) -> list[Case]:
    cases = [
        Case((3.5, 1e-4, 0.5, G), "fixed", "a 3.5 kg robot, 0.1 mm, e = 0.5"),
        Case((contact.WheelOnFloor.mass, 5e-5, 0.3, G), "fixed",
             "the thesis's 60.8 g wheel, 0.05 mm, e = 0.3"),
        Case((1.0, 1e-3, 0.8, 1.62), "fixed", "1 kg on the Moon (g = 1.62 m/s²), 1 mm, e = 0.8"),
        Case((1.0, 1e-3, 0.99, G), "fixed", "e = 0.99: a nearly elastic contact, little damping"),
        Case((2.0, 2e-4, 0.2, G), "fixed", "e = 0.2, a strongly damped contact"),
    ]
    for _ in range(3):
        cases.append(Case((rounded_uniform(rng, 0.05, 20.0),
                           round(float(rng.uniform(0.02, 2.0)), 3) * 1e-3,
                           rounded_uniform(rng, 0.2, 0.95), G), "seeded random"))
    # The damping ratio follows from exercise 3.2's restitution: a student who inverts their
    # own restitution_linear fails here too while that is wrong, so each case says so.
    return with_hint(cases, _RESTITUTION_HINT)


def _sized(stiffness=_stiffness_reference, damping=_damping_reference,
           zeta_of=_zeta_for_restitution):
    """The sizing with one part changed: the stiffness, the damping from the ratio, or the
    ratio from the restitution; each later part uses the earlier parts' (wrong) values."""
    def size_contact(mass, penetration, restitution, g):
        k = stiffness(mass, penetration, g)
        with np.errstate(divide="ignore", invalid="ignore"):
            return k, damping(k, mass, zeta_of(restitution))

    return size_contact


def _zeta_classic(restitution):
    """The ratio whose classic restitution (the contact ends at depth 0) is e."""
    log_e = np.log(restitution)
    return -log_e / np.sqrt(np.pi**2 + log_e**2)


def _zeta_for_flipped_release(restitution):
    """The ratio whose restitution, with the release phase atan2(2 zeta s, 1 - 2 zeta^2)
    (the cosine's sign wrong), is e."""
    def flipped(zeta):
        s = np.sqrt(1 - zeta**2)
        return np.exp(-zeta * np.arctan2(2 * zeta * s, 1 - 2 * zeta**2) / s)

    return brentq(lambda zeta: flipped(zeta) - restitution, 0.0, 1 - 1e-9, xtol=1e-15,
                  rtol=1e-15)


def _zeta_with_arctan(restitution):
    """The ratio a root finder on [0, 1) returns for the restitution written with np.arctan
    of the ratio: above zeta = 1/sqrt(2) the law is right, below it exceeds 1, so for a
    restitution above the law's value there, e^(-pi/2), the sign change it finds is that
    jump, at zeta = 1/sqrt(2)."""
    if restitution <= np.exp(-np.pi / 2):
        return _zeta_for_restitution(restitution)
    return 1 / np.sqrt(2)


_SIZING_ZETA_HINT = ("The wanted restitution fixes the damping ratio through the restitution of "
                     "the clamped linear contact (exercise 3.2): turn that relation round, "
                     "numerically, and size c from the ratio you find.")

_SIZING = Exercise(
    exercise_id="contact.size_contact",
    description="Stiffness and damping of a contact for an allowed sink and a wanted bounce.",
    function_name="size_contact",
    arguments=("mass", "penetration", "restitution", "g"),
    outputs=(Output("k", Close(rtol=1e-9)), Output("c", Close(rtol=1e-7, atol=1e-9))),
    reference=_sizing_reference,
    package_references=("robodyn.contact.stiffness_for_penetration",
                        "robodyn.contact.damping_for_ratio",
                        "robodyn.contact.restitution_linear"),
    make_cases=_sizing_cases,
    mistakes=tuple(
        Mistake(m.name, m.hint, _sized(stiffness=m.answer)) for m in _STIFFNESS_MISTAKES
    ) + tuple(
        Mistake(m.name, m.hint, _sized(damping=m.answer)) for m in _DAMPING_MISTAKES
    ) + (
        Mistake("the damping ratio from the classic restitution (the contact ending at depth 0)",
                "This contact is clamped: it lets go when its force returns to zero, before the "
                "depth does. Invert the restitution of exercise 3.2, not the classic one.",
                _sized(zeta_of=_zeta_classic)),
        Mistake("the restitution taken for the damping ratio",
                _SIZING_ZETA_HINT, _sized(zeta_of=float)),
        Mistake("the damping ratio for the restitution squared (an energy ratio)",
                "e is a ratio of speeds; e² is the share of the kinetic energy that comes back.",
                _sized(zeta_of=lambda e: _zeta_for_restitution(e**2))),
        Mistake("the damping ratio from exp(-pi zeta), the undamped half period",
                _SIZING_ZETA_HINT,
                _sized(zeta_of=lambda e: -np.log(e) / np.pi)),
        Mistake("the restitution read as the share of the energy kept: the contact's e "
                "squared set equal to it",
                "e is a ratio of speeds, the speed after over the speed before; the energy "
                "kept is e². Match your contact's e itself to the wanted restitution.",
                _sized(zeta_of=lambda e: _zeta_for_restitution(np.sqrt(e)))),
        Mistake("the release phase with its cosine's sign wrong, atan2(2 zeta s, 1 - 2 "
                "zeta^2), in the restitution you inverted",
                "Check your phase at zeta = 0: an undamped contact lasts half a period, so "
                "the phase must be pi there (e = 1 only because zeta = 0 multiplies it).",
                _sized(zeta_of=_zeta_for_flipped_release)),
        Mistake("np.arctan of the ratio in the release phase: below zeta = 1/sqrt(2) it "
                "lands in the wrong quadrant, and the inverted ratio sticks at 1/sqrt(2)",
                "np.arctan returns angles between -pi/2 and pi/2; the release phase runs "
                "from pi down to 0. np.arctan2(sine, cosine) keeps the quadrant.",
                _sized(zeta_of=_zeta_with_arctan)),
    ),
)


# --------------------------------------------------------------------------- explicit Euler


def _euler_limit_reference(k, c, mass):
    """The largest h with |1 + h lambda| <= 1 for both eigenvalues of the contact."""
    A = np.array([[0.0, 1.0], [-k / mass, -c / mass]])
    lam = np.linalg.eigvals(A)
    return float(np.min(-2 * lam.real / np.abs(lam) ** 2))


def _euler_cases(rng) -> list[Case]:
    cases = [
        Case((1e4, 50.0, 1.0), "fixed", "the tutorial's floor with zeta = 0.25"),
        Case((1e4, 200.0, 1.0), "fixed", "critical damping, zeta = 1"),
        Case((1e4, 500.0, 1.0), "fixed", "the tutorial's ball, zeta = 2.5 (overdamped)"),
        Case((1e4, 0.0, 1.0), "fixed", "no damping: explicit Euler is never stable"),
        Case((3.434e5, 343.4, 3.5), "fixed", "chapter 4's robot on 0.1 mm contacts, c = k/1000"),
    ]
    for _ in range(4):
        cases.append(Case((round(float(10 ** rng.uniform(3, 7)), -1),
                           rounded_uniform(rng, 1.0, 3000.0), rounded_uniform(rng, 0.1, 10.0)),
                          "seeded random"))
    return cases


def _euler_limit_of(step=lambda lam: -2 * lam.real / np.abs(lam) ** 2,
                    omega_of=lambda k, mass: np.sqrt(k / mass), fast=True,
                    zeta_of=lambda k, c, mass: c / (2 * np.sqrt(k * mass))):
    """The limit from the eigenvalues lambda = omega (-zeta +- sqrt(zeta^2 - 1)) with one
    part changed: the step's rule per eigenvalue, omega_n, zeta, or, when overdamped, the
    slow eigenvalue alone (``fast`` False)."""
    def euler_step_limit(k, c, mass):
        omega, zeta = omega_of(k, mass), zeta_of(k, c, mass)
        root = np.sqrt(complex(zeta**2 - 1))
        lams = omega * np.array([-zeta + root, -zeta - root])
        if not fast and zeta > 1:
            lams = lams[:1]
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(np.min(step(lams)))

    return euler_step_limit


_DAMPER_ALONE_HINT = (
    "-c/m is the eigenvalue of the damper alone, close to the fast one only far above "
    "critical damping. The spring counts too: take both eigenvalues of the whole A (complex "
    "below critical damping) and keep each one's factor within the unit circle. Without "
    "damping this rule divides by zero, where the contact has no stable step at all."
)

_EULER = Exercise(
    exercise_id="contact.euler_step_limit",
    description="Largest explicit-Euler step for which a penalty contact stays stable.",
    function_name="euler_step_limit",
    arguments=("k", "c", "mass"),
    outputs=(Output("h_max", Close(rtol=1e-9, atol=1e-15)),),
    reference=_euler_limit_reference,
    make_cases=_euler_cases,
    mistakes=(
        Mistake("2 / omega_n at every damping (the limit of a real eigenvalue -omega_n)",
                "Work out |1 + h lambda| <= 1 with the complex eigenvalues of the damped "
                "contact: the damping, not only the frequency, sets the limit.",
                lambda k, c, mass: 2.0 / np.sqrt(k / mass)),
        Mistake("h |lambda| <= 1 instead of |1 + h lambda| <= 1",
                "Explicit Euler multiplies each mode by 1 + h lambda per step; it must stay "
                "within the unit circle. Draw that circle in the plane of h lambda.",
                _euler_limit_of(step=lambda lam: 1.0 / np.abs(lam))),
        Mistake("only the real part: Re(h lambda) >= -2",
                "The circle |1 + h lambda| <= 1 is narrower than the strip Re(h lambda) >= -2: "
                "the imaginary part counts too.",
                _euler_limit_of(step=lambda lam: 2.0 / np.abs(lam.real))),
        Mistake("h <= 2 / |lambda| for every eigenvalue, the rule of a real one used for the "
                "complex pair too",
                "2 / |lambda| is where a real eigenvalue's 1 + h lambda reaches -1; for a "
                "complex lambda, |1 + h lambda| <= 1 is a circle in the plane of h lambda: "
                "work it out with the real and imaginary parts.",
                _euler_limit_of(step=lambda lam: 2.0 / np.abs(lam))),
        Mistake("h = 2 zeta / omega_n = c / k at every damping, the underdamped answer used "
                "for real eigenvalues too",
                "Above zeta = 1 the eigenvalues are real and no longer have the modulus "
                "omega_n: take the limit of each, the fast one decides.",
                lambda k, c, mass: c / k),
        Mistake("h = 2 m / c at every damping: the limit of the damper's eigenvalue -c/m "
                "alone (the spring left out)",
                _DAMPER_ALONE_HINT,
                lambda k, c, mass: 2 * mass / c),  # plain division: ZeroDivisionError at c = 0
        Mistake("h = 2 m / c at every damping, inf without damping: the limit of the damper's "
                "eigenvalue -c/m alone (the spring left out)",
                _DAMPER_ALONE_HINT,
                lambda k, c, mass: 2 * mass / np.float64(c)),  # NumPy's division: inf at c = 0
        Mistake("the damping term -c, not -c / m, in the state matrix",
                "Divide m z'' = -k z - c z' by m: both the stiffness and the damping are "
                "divided by the mass in the second row.",
                lambda k, c, mass: _euler_limit_reference(k, c * mass, mass)),
        Mistake("the slow eigenvalue of the overdamped contact instead of the fast one",
                "Above zeta = 1 both eigenvalues are real; every mode must stay bounded, and "
                "the fast one asks for the shorter step.",
                _euler_limit_of(fast=False)),
        Mistake("omega_n = k / m, without the square root",
                "The natural frequency is the square root of k / m, in rad/s.",
                _euler_limit_of(omega_of=lambda k, mass: k / mass)),
        Mistake("the damping ratio without its 2 (c / sqrt(k m))",
                "zeta compares c with the critical damping, the c at which m s² + c s + k = 0 "
                "has a double root.",
                _euler_limit_of(zeta_of=lambda k, c, mass: c / np.sqrt(k * mass))),
    ),
)


# --------------------------------------------------------------------------- rigid block


def _stop_reference(v0, mu, h, g):
    """Where and when the block of the impulse scheme stops: the closed form of its sum."""
    distance = timestepping.stop_distance_discrete(v0, mu, h, g)
    return distance, h * max(int(np.ceil(v0 / (mu * g * h))), 1)


def _stop_cases(rng) -> list[Case]:
    cases = [
        Case((1.0, 0.5, 1e-3, G), "fixed", "the chapter's block: 1 m/s, mu = 0.5, h = 1 ms"),
        Case((1.0, 0.5, 2e-2, G), "fixed", "a coarse step, 20 ms: the scheme's own answer"),
        Case((0.3, 0.9, 5e-3, G), "fixed", "slow and grippy"),
        Case((2.0, 0.2, 1e-3, 1.62), "fixed", "on the Moon (g = 1.62 m/s²)"),
        Case((0.004, 0.5, 1e-3, G), "fixed",
             "so slow that friction stops it within the first step (v0 < mu g h)"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.1, 3.0), rounded_uniform(rng, 0.2, 1.0),
                           round(float(10 ** rng.uniform(-3.5, -1.7)), 6), G),
                          "seeded random"))
    return cases


def _stop_by_loop(kinetic_only=False, position_first=False, lost=lambda mu, g, h: mu * g * h,
                  time_unit="s", time_offset=0, mean_speed=False):
    """The impulse loop with one part changed: friction that never sticks (the last step
    overshoots below zero), the position moved before the speed or with the mean of the
    step's two speeds, another speed lost per step, or the time counted in other units or
    one step off."""
    def stop_by_impulses(v0, mu, h, g):
        x, v, steps, dv = 0.0, v0, 0, lost(mu, g, h)
        while True:
            steps += 1
            before = v
            if position_first:
                x += h * v
            v = v - dv if (kinetic_only or v > dv) else 0.0
            if mean_speed:
                x += h * (before + v) / 2
            elif not position_first:
                x += h * v
            if v <= 0.0:
                return x, (steps + time_offset) * (1 if time_unit == "steps" else h)

    return stop_by_impulses


_STOP_SCHEME_HINT = ("The exercise asks for what the stepping scheme gives, not for the "
                     "continuous motion: run the loop, step by step, with the step h given.")

_STOP = Exercise(
    exercise_id="contact.stop_by_impulses",
    description="Stop distance and time of a sliding block stepped by friction impulses.",
    function_name="stop_by_impulses",
    arguments=("v0", "mu", "h", "g"),
    outputs=(Output("distance", Close(rtol=1e-9, atol=1e-12)),
             Output("time", Close(rtol=1e-9, atol=1e-12))),
    reference=_stop_reference,
    package_references=("robodyn.contact.timestepping.simulate",
                        "robodyn.contact.timestepping.stop_distance_discrete",
                        "robodyn.contact.timestepping.step"),
    make_cases=_stop_cases,
    mistakes=(
        Mistake("the continuous closed forms v0^2/(2 mu g) and v0/(mu g), not the scheme's",
                _STOP_SCHEME_HINT,
                lambda v0, mu, h, g: (v0**2 / (2 * mu * g), v0 / (mu * g))),
        Mistake("the position moved with the speed before the step's impulse (explicit Euler)",
                "In the impulse scheme the step's impulse changes the speed first, and the "
                "position moves with the new speed, x+ = x + h v+.",
                _stop_by_loop(position_first=True)),
        Mistake("friction that cannot stick: the last step takes the speed below zero",
                "In the last step friction needs less than mu m g h to stop the block; Coulomb "
                "friction gives only what stops it (the block sticks at v = 0), never a push "
                "backwards.",
                _stop_by_loop(kinetic_only=True)),
        Mistake("g missing: each step takes mu h, not mu g h, off the speed",
                "The friction impulse of a step is mu times the normal impulse, and the floor's "
                "normal impulse over a step carries the weight: m g h.",
                _stop_by_loop(lost=lambda mu, g, h: mu * h)),
        Mistake("the position moved with the mean of the step's speeds (the trapezoidal "
                "rule)",
                "The impulse scheme is semi-implicit Euler: the impulse sets the new speed, "
                "and the whole step is taken with it, x+ = x + h v+.",
                _stop_by_loop(mean_speed=True)),
        Mistake("mu g taken off the speed each step: a force per unit mass where an impulse "
                "belongs",
                "Check the units: mu g is an acceleration, m/s². Over a step of h seconds the "
                "friction impulse per unit mass changes the speed by mu g h.",
                _stop_by_loop(lost=lambda mu, g, h: mu * g)),
        Mistake("the time counted in steps, not in seconds",
                "time is in s: the number of steps times h.",
                _stop_by_loop(time_unit="steps")),
        Mistake("the time one step early: the last step that slid, not the one that stopped it",
                "time is the end of the first step after which the speed is zero.",
                _stop_by_loop(time_offset=-1)),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_FORCE, _RESTITUTION, _SIZING, _EULER, _STOP)
