"""The exercises of the contact chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.contact`: SI units (kg, m, s, N); the depth
of a contact is positive while the bodies overlap, and its rate positive while they press
further together; a normal force pushes the bodies apart and is never a pull.
"""

from __future__ import annotations

import numpy as np

from robodyn import contact
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform

G = contact.G

# --------------------------------------------------------------------------- stiffness


def _stiffness_reference(mass, penetration, g):
    return contact.stiffness_for_penetration(mass, penetration, g)


def _stiffness_cases(rng) -> list[Case]:
    cases = [
        Case((3.5, 1e-4, G), "fixed", "a 3.5 kg robot allowed to sink by 0.1 mm"),
        Case((contact.WheelOnFloor.mass, 5e-5, G), "fixed", "the thesis's 60.8 g wheel, 0.05 mm"),
        Case((1.0, 1e-3, 1.62), "fixed", "1 kg on the Moon (g = 1.62), 1 mm"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.05, 20.0),
                           round(float(rng.uniform(0.02, 2.0)), 3) * 1e-3, G),
                          "seeded random"))
    cases.append(Case((np.array([0.5, 1.0, 2.0, 4.0]), 2e-4, G), "arrays",
                      "several masses, one penetration"))
    return cases


_STIFFNESS = Exercise(
    exercise_id="contact.stiffness_for_penetration",
    description="Contact stiffness from the allowed static penetration.",
    function_name="stiffness_for_penetration",
    arguments=("mass", "penetration", "g"),
    outputs=(Output("k", Close(rtol=1e-9)),),
    reference=_stiffness_reference,
    package_references=("robodyn.contact.stiffness_for_penetration",),
    make_cases=_stiffness_cases,
    mistakes=(
        Mistake("1000 times too stiff: the mass in grams, or the penetration divided by 1000",
                "mass is in kg and penetration in m already: k = mass * g / penetration.",
                lambda mass, penetration, g: mass * 1000 * g / penetration),
        Mistake("1000 times too soft: the penetration in millimetres, or the mass divided by "
                "1000",
                "penetration is in m already (0.1 mm is 1e-4): k = mass * g / penetration.",
                lambda mass, penetration, g: mass * g / (penetration * 1000)),
        Mistake("g is missing: k = m / d has the unit kg/m, not N/m",
                "At rest the spring carries the weight m g: k d = m g.",
                lambda mass, penetration, g: mass / penetration),
        Mistake("upside down: d / (m g)",
                "k d = m g, so k = m g / d (a smaller allowed depth needs a stiffer spring).",
                lambda mass, penetration, g: penetration / (mass * g)),
        Mistake("m g d instead of m g / d",
                "k d = m g, so divide by the penetration.",
                lambda mass, penetration, g: mass * g * penetration),
    ),
)


# --------------------------------------------------------------------------- damping


def _damping_reference(k, mass, zeta):
    return contact.damping_for_ratio(k, mass, zeta)


def _damping_cases(rng) -> list[Case]:
    cases = [
        Case((1e4, 1.0, 2.5), "fixed", "the tutorial's ball: k = 1e4 N/m, 1 kg, zeta = 2.5"),
        Case((3.4e5, 3.5, 0.3), "fixed", "a 3.5 kg robot on k = 3.4e5 N/m, zeta = 0.3"),
        Case((2e3, 0.25, 1.0), "fixed", "critical damping"),
    ]
    for _ in range(4):
        cases.append(Case((round(float(10 ** rng.uniform(3, 6)), -2),
                           rounded_uniform(rng, 0.1, 10.0), rounded_uniform(rng, 0.02, 1.5)),
                          "seeded random"))
    return cases


_DAMPING = Exercise(
    exercise_id="contact.damping_for_ratio",
    description="Damping coefficient of a contact with a given damping ratio.",
    function_name="damping_for_ratio",
    arguments=("k", "mass", "zeta"),
    outputs=(Output("c", Close(rtol=1e-9)),),
    reference=_damping_reference,
    package_references=("robodyn.contact.damping_for_ratio",),
    make_cases=_damping_cases,
    mistakes=(
        Mistake("the factor 2 is missing",
                "Critical damping is c = 2 sqrt(k m), so c = 2 zeta sqrt(k m).",
                lambda k, mass, zeta: zeta * np.sqrt(k * mass)),
        Mistake("sqrt(k / m) (the natural frequency) instead of sqrt(k m)",
                "c has the unit N s/m = kg/s: 2 zeta sqrt(k m), not 2 zeta omega_n.",
                lambda k, mass, zeta: 2 * zeta * np.sqrt(k / mass)),
        Mistake("zeta times k: damping sized as a fraction of the stiffness",
                "k and c have different units; the ratio zeta compares c with 2 sqrt(k m).",
                lambda k, mass, zeta: zeta * k),
    ),
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
        Case((-2e-3, -1.0, 1e4, 50.0), "fixed", "2 mm apart, approaching at 1 m/s"),
        Case((-2e-3, 1.0, 1e4, 50.0), "fixed", "2 mm apart, moving away"),
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
    return cases


def _force_of(clamp=True, gate=True, damping_sign=1.0):
    def normal_force(depth, depth_rate, k, c):
        depth, depth_rate = np.asarray(depth, float), np.asarray(depth_rate, float)
        raw = k * depth + damping_sign * c * depth_rate
        force = np.maximum(raw, 0.0) if clamp else raw
        force = np.where(depth > 0, force, 0.0) if gate else force
        return force if force.ndim else float(force)

    return normal_force


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
                "if glued. Clamp it: max(k depth + c depth_rate, 0).",
                _force_of(clamp=False)),
        Mistake("there is a force while the bodies are apart (depth <= 0 not checked)",
                "Out of contact (depth <= 0) the force is 0, whatever the rate.",
                _force_of(gate=False)),
        Mistake("no force is clamped and none is gated: the raw k depth + c depth_rate",
                "Zero apart (depth <= 0), and never a pull: max(k depth + c depth_rate, 0).",
                _force_of(clamp=False, gate=False)),
        Mistake("the damping sign is reversed (k depth - c depth_rate)",
                "The damper resists pressing in: depth_rate > 0 (pressing) adds force, "
                "F = k depth + c depth_rate.", _force_of(damping_sign=-1.0)),
    ),
)


# --------------------------------------------------------------------------- restitution


def _restitution_reference(zeta):
    return contact.restitution_linear(zeta)


def _restitution_cases(rng) -> list[Case]:
    cases = [
        Case((0.1,), "fixed", "light damping, zeta = 0.1"),
        Case((0.5,), "fixed", "zeta = 0.5"),
        Case((0.8,), "fixed", "zeta = 0.8, above 1 / sqrt(2)"),
        Case((0.0,), "fixed", "no damping"),
    ]
    for _ in range(3):
        cases.append(Case((rounded_uniform(rng, 0.02, 0.95),), "seeded random"))
    cases.append(Case((rounded_uniform(rng, 0.02, 0.95, 20),), "arrays"))
    return cases


def _classic(zeta):
    return np.exp(-np.pi * zeta / np.sqrt(1 - np.asarray(zeta, float) ** 2))


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
                "depth, returns to zero: see the phase phi in the exercise.",
                lambda zeta: np.exp(-np.pi * np.asarray(zeta, float))),
        Mistake("exp(-pi zeta / sqrt(1 - zeta^2)): the contact taken to end at depth 0",
                "That formula lets the contact pull until the bodies are apart again; a "
                "non-adhesive contact lets go when the force reaches zero, earlier.",
                _classic),
        Mistake("phi = arctan(2 zeta s / (2 zeta^2 - 1)) without the quadrant",
                "For zeta < 1/sqrt(2) the phase lies between pi/2 and pi: use "
                "np.arctan2(2 zeta s, 2 zeta^2 - 1).",
                lambda zeta: _arctan_slip(zeta)),
    ),
)


def _arctan_slip(zeta):
    zeta = np.asarray(zeta, float)
    s = np.sqrt(1 - zeta**2)
    with np.errstate(divide="ignore", invalid="ignore"):
        phi = np.arctan(2 * zeta * s / (2 * zeta**2 - 1))
    return np.exp(-zeta / s * phi)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_STIFFNESS, _DAMPING, _FORCE, _RESTITUTION)
