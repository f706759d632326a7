"""Chapter 3's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/contact.py must be named by the right mistake, and an unlisted slip
must get the generic message.
"""

import math

import numpy as np
import pytest
from checkcases import assert_generic_failure, summary

# --------------------------------------------------------------------------- right answers


def stiffness_from_the_weight(mass, penetration, g):
    weight = mass * g          # N
    return weight / penetration


def damping_from_critical(k, mass, zeta):
    critical = 2 * math.sqrt(k * mass)
    return zeta * critical


def force_with_if(depth, depth_rate, k, c):
    def one(d, r):
        if d <= 0:
            return 0.0
        return max(k * d + c * r, 0.0)

    if np.ndim(depth) == 0:
        return one(float(depth), float(depth_rate))
    return np.array([one(d, r) for d, r in zip(depth, depth_rate, strict=True)])


def force_with_clip_and_heaviside(depth, depth_rate, k, c):
    inside = np.heaviside(depth, 0.0)
    return inside * np.clip(k * depth + c * depth_rate, 0.0, None)


def restitution_by_cases(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.where(zeta**2 < 0.5, np.pi - np.arctan(2 * zeta * s / (1 - 2 * zeta**2 + 1e-300)),
                   np.arctan2(2 * zeta * s, 2 * zeta**2 - 1))
    e = np.exp(-zeta * phi / s)
    return e if e.ndim else float(e)


def restitution_with_arccos(zeta):
    zeta = np.asarray(zeta, dtype=float)
    phi = np.arccos(2 * zeta**2 - 1)          # cos(phi) = 2 zeta^2 - 1, phi in [0, pi]
    return np.exp(-zeta * phi / np.sqrt(1 - zeta**2))


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        ("contact.stiffness_for_penetration", stiffness_from_the_weight),
        ("contact.damping_for_ratio", damping_from_critical),
        ("contact.normal_force", force_with_if),
        ("contact.normal_force", force_with_clip_and_heaviside),
        ("contact.restitution_linear", restitution_by_cases),
        ("contact.restitution_linear", restitution_with_arccos),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    assert summary(exercise_id, answer) == "passed"


# --------------------------------------------------------------------------- wrong answers


def stiffness_in_grams(mass, penetration, g):
    grams = mass * 1e3
    return grams * g / penetration


def stiffness_in_millimetres(mass, penetration, g):
    millimetres = penetration * 1e3
    return mass * g / millimetres


def stiffness_without_g(mass, penetration, g):
    return mass / penetration


def damping_without_two(k, mass, zeta):
    return zeta * math.sqrt(k * mass)


def damping_with_the_frequency(k, mass, zeta):
    omega = math.sqrt(k / mass)
    return 2 * zeta * omega


def force_that_pulls(depth, depth_rate, k, c):
    return np.where(np.asarray(depth) > 0, k * np.asarray(depth) + c * np.asarray(depth_rate),
                    0.0)


def force_apart_too(depth, depth_rate, k, c):
    return np.maximum(k * np.asarray(depth) + c * np.asarray(depth_rate), 0.0)


def force_damping_backwards(depth, depth_rate, k, c):
    d, r = np.asarray(depth), np.asarray(depth_rate)
    return np.where(d > 0, np.maximum(k * d - c * r, 0.0), 0.0)


def restitution_undamped(zeta):
    return np.exp(-math.pi * np.asarray(zeta))


def restitution_classic(zeta):
    zeta = np.asarray(zeta)
    omega_ratio = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * math.pi / omega_ratio)


STUDENTS = [
    ("contact.stiffness_for_penetration", stiffness_in_grams, "1000 times too stiff"),
    ("contact.stiffness_for_penetration", stiffness_in_millimetres, "1000 times too soft"),
    ("contact.stiffness_for_penetration", stiffness_without_g, "g is missing"),
    ("contact.damping_for_ratio", damping_without_two, "factor 2 is missing"),
    ("contact.damping_for_ratio", damping_with_the_frequency, "sqrt(k / m)"),
    ("contact.normal_force", force_that_pulls, "pulls near the end"),
    ("contact.normal_force", force_apart_too, "while the bodies are apart"),
    ("contact.normal_force", force_damping_backwards, "damping sign is reversed"),
    ("contact.restitution_linear", restitution_undamped, "undamped spring"),
    ("contact.restitution_linear", restitution_classic, "end at depth 0"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def force_with_the_rate_squared(depth, depth_rate, k, c):
    d, r = np.asarray(depth), np.asarray(depth_rate)
    return np.where(d > 0, np.maximum(k * d + c * r * np.abs(r), 0.0), 0.0)


def restitution_one_minus_zeta(zeta):
    return 1 - np.asarray(zeta)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("contact.normal_force", force_with_the_rate_squared),
    ("contact.restitution_linear", restitution_one_minus_zeta),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    assert_generic_failure(exercise_id, answer)
