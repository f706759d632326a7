"""Chapter 2's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/friction.py must be named by the right mistake, and a slip that no
listed mistake explains must get the generic message, not a wrong name.
"""

import math

import numpy as np
import pytest
from checkcases import assert_generic_failure, summary

# --------------------------------------------------------------------------- right answers


def mu_as_force_ratio(theta):
    weight = 0.0608 * 9.81
    along, normal = weight * np.sin(theta), weight * np.cos(theta)
    return along / normal


def mu_by_a_loop(theta):
    values = [math.tan(float(angle)) for angle in np.ravel(theta)]
    return np.reshape(values, np.shape(theta))


def stribeck_with_abs_and_where(v, Fc, Fs, vs, b):
    speed = np.abs(v)
    level = Fc + (Fs - Fc) * np.exp(-(speed / vs) ** 2)
    return np.where(v > 0, -level, np.where(v < 0, level, 0.0)) - b * v


def stribeck_by_pieces(v, Fc, Fs, vs, b):
    v = np.asarray(v, dtype=float)
    drop = (Fs - Fc) * np.exp(-np.square(v) / vs**2)
    return -(np.sign(v) * Fc + np.sign(v) * drop + b * v)


def karnopp_with_if(v, applied, Fc, Fs, dv):
    def one(speed, push):
        if -dv < speed < dv:
            return -max(-Fs, min(Fs, push))
        return -Fc if speed > 0 else Fc

    if np.ndim(v) == 0:
        return one(float(v), float(applied))
    return np.array([one(s, p) for s, p in zip(np.ravel(v), np.ravel(applied),
                                               strict=True)]).reshape(np.shape(v))


def karnopp_with_minimum(v, applied, Fc, Fs, dv):
    stuck = np.abs(v) < dv
    holding = -np.sign(applied) * np.minimum(np.abs(applied), Fs)
    return np.where(stuck, holding, -Fc * np.sign(v))


def fit_by_normal_equations(v, force):
    A = np.column_stack([np.sign(v), v])
    Fc, b = np.linalg.solve(A.T @ A, A.T @ (-force))
    return Fc, b


def fit_by_hand_sums(v, force):
    """Two unknowns: Cramer's rule on the 2x2 normal equations, written out."""
    s = np.sign(v)
    a11, a12, a22 = np.sum(s * s), np.sum(s * v), np.sum(v * v)
    y1, y2 = -np.sum(s * force), -np.sum(v * force)
    det = a11 * a22 - a12 * a12
    return [(y1 * a22 - a12 * y2) / det, (a11 * y2 - a12 * y1) / det]


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        ("friction.mu_from_tilt", mu_as_force_ratio),
        ("friction.mu_from_tilt", mu_by_a_loop),
        ("friction.stribeck", stribeck_with_abs_and_where),
        ("friction.stribeck", stribeck_by_pieces),
        ("friction.karnopp", karnopp_with_if),
        ("friction.karnopp", karnopp_with_minimum),
        ("friction.fit_coulomb_viscous", fit_by_normal_equations),
        ("friction.fit_coulomb_viscous", fit_by_hand_sums),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    assert summary(exercise_id, answer) == "passed"


# --------------------------------------------------------------------------- wrong answers


def mu_in_degrees(theta):
    return np.tan(theta * math.pi / 180)


def mu_as_sine(theta):
    weight = 9.81
    return weight * np.sin(theta) / weight


def mu_as_cosine(theta):
    return np.cos(theta)


def stribeck_with_the_velocity(v, Fc, Fs, vs, b):
    """The tutorial's convention: the torque a motor supplies."""
    return (Fc + (Fs - Fc) * np.exp(-(v / vs) ** 2)) * np.sign(v) + b * v


def stribeck_levels_swapped(v, Fc, Fs, vs, b):
    return -(Fs + (Fc - Fs) * np.exp(-(v / vs) ** 2)) * np.sign(v) - b * v


def stribeck_exponent_one(v, Fc, Fs, vs, b):
    return -(Fc + (Fs - Fc) * np.exp(-np.abs(v) / vs)) * np.sign(v) - b * v


def stribeck_without_viscous(v, Fc, Fs, vs, b):
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs) ** 2)) * np.sign(v)


def karnopp_pushes_back_with_fs(v, applied, Fc, Fs, dv):
    return np.where(np.abs(v) < dv, -Fs * np.sign(applied), -Fc * np.sign(v))


def karnopp_unlimited(v, applied, Fc, Fs, dv):
    return np.where(np.abs(v) < dv, -applied, -Fc * np.sign(v))


def karnopp_capped_at_fc(v, applied, Fc, Fs, dv):
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fc, Fc), -Fc * np.sign(v))


def fit_viscous_only(v, force):
    b = -np.sum(v * force) / np.sum(v * v)
    return 0.0, b


def fit_as_the_tutorial(v, force):
    """Ones and speeds, as the tutorial's regression [1, v]."""
    A = np.column_stack([np.ones_like(v), v])
    mu, b = np.linalg.lstsq(A, -force, rcond=None)[0]
    return mu, b


def fit_forward_only(v, force):
    ahead = v > 0
    A = np.column_stack([np.sign(v[ahead]), v[ahead]])
    Fc, b = np.linalg.lstsq(A, -force[ahead], rcond=None)[0]
    return Fc, b


def fit_the_motor_torque(v, force):
    A = np.column_stack([np.sign(v), v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def fit_with_a_swapped_pair(v, force):
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return b, Fc


STUDENTS = [
    ("friction.mu_from_tilt", mu_in_degrees, "taken as degrees"),
    ("friction.mu_from_tilt", mu_as_sine, "sin(theta) instead of tan"),
    ("friction.mu_from_tilt", mu_as_cosine, "cos(theta) instead of tan"),
    ("friction.stribeck", stribeck_with_the_velocity, "has the sign of the velocity"),
    ("friction.stribeck", stribeck_levels_swapped, "Fs and Fc are swapped"),
    ("friction.stribeck", stribeck_exponent_one, "exponent is 1"),
    ("friction.stribeck", stribeck_without_viscous, "viscous term -b v is missing"),
    ("friction.karnopp", karnopp_pushes_back_with_fs, "full breakaway force"),
    ("friction.karnopp", karnopp_unlimited, "not limited to Fs"),
    ("friction.karnopp", karnopp_capped_at_fc, "limited to Fc instead of Fs"),
    ("friction.fit_coulomb_viscous", fit_viscous_only, "no sign(v) column"),
    ("friction.fit_coulomb_viscous", fit_as_the_tutorial, "a constant column"),
    ("friction.fit_coulomb_viscous", fit_forward_only, "only the positive velocities"),
    ("friction.fit_coulomb_viscous", fit_the_motor_torque, "signs of Fc and b are flipped"),
    ("friction.fit_coulomb_viscous", fit_with_a_swapped_pair, "returned as (b, Fc)"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """The slips the chapter warns of, written as students write them, are named."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def stribeck_half_exponent(v, Fc, Fs, vs, b):
    return -(Fc + (Fs - Fc) * np.exp(-((v / vs) ** 2) / 2)) * np.sign(v) - b * v


def fit_dropping_the_last_sample(v, force):
    A = np.column_stack([-np.sign(v[:-1]), -v[:-1]])
    Fc, b = np.linalg.lstsq(A, force[:-1], rcond=None)[0]
    return Fc, b


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("friction.stribeck", stribeck_half_exponent),
    ("friction.fit_coulomb_viscous", fit_dropping_the_last_sample),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    assert_generic_failure(exercise_id, answer)


def test_a_crashing_answer_and_a_wrong_shape_are_reported():
    def crashes(theta):
        return theta.tan()

    def scalar_for_arrays(theta):
        return math.tan(float(np.ravel(theta)[0]))

    assert "AttributeError" in summary("friction.mu_from_tilt", crashes)
    line = summary("friction.mu_from_tilt", scalar_for_arrays)
    assert "wrong" in line or "shape" in line
