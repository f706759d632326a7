"""The exercises of the friction chapter: inputs, reference answers, typical mistakes.

Sign convention of every exercise, as of :mod:`robodyn.friction`: a friction force acts on the
moving body and opposes its velocity (negative for v > 0). Angles in radians. The mistakes are
written as the wrong functions a student writes.
"""

from __future__ import annotations

import numpy as np

from robodyn import friction
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform

# --------------------------------------------------------------------------- tilting board

#: The thesis's tilting-board test, whose slip angles (degrees) the fixed cases use.
_BOARD = friction.TiltBoardTest()


def _mu_reference(theta):
    return friction.mu_from_tilt(theta).mu


def _mu_cases(rng) -> list[Case]:
    cases = [
        Case((np.radians(_BOARD.lowest_angle),), "fixed",
             f"the thesis's smallest slip angle, {_BOARD.lowest_angle:g} degrees"),
        Case((np.radians(_BOARD.highest_angle),), "fixed",
             f"the thesis's largest slip angle, {_BOARD.highest_angle:g} degrees"),
        Case((0.2,), "fixed", "a slippery pair, 0.2 rad"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.05, 1.4),), "seeded random"))
    low, high = _BOARD.lowest_angle, _BOARD.highest_angle
    cases.append(Case((np.radians(np.array([low, 46.0, 47.2, 48.4, high])),), "arrays",
                      "the thesis's range, as an array"))
    cases.append(Case((rounded_uniform(rng, 0.05, 1.4, 30),), "arrays"))
    return cases


_MU = Exercise(
    exercise_id="friction.mu_from_tilt",
    description="Static friction coefficient from the slip angle of a tilting board.",
    function_name="mu_from_tilt",
    arguments=("theta",),
    outputs=(Output("mu", Close(rtol=1e-9, atol=1e-12)),),
    reference=_mu_reference,
    package_references=("robodyn.friction.mu_from_tilt",),
    make_cases=_mu_cases,
    mistakes=(
        Mistake("theta taken as degrees (np.radians applied to it)",
                "theta is already in radians: mu = np.tan(theta).",
                lambda theta: np.tan(np.radians(theta))),
        Mistake("sin(theta) instead of tan(theta)",
                "mu is the ratio of the force along the board, m g sin(theta), to the normal "
                "force, m g cos(theta): mu = sin/cos = tan(theta).", np.sin),
        Mistake("cos(theta) instead of tan(theta)",
                "mu = (m g sin(theta)) / (m g cos(theta)) = tan(theta).", np.cos),
        Mistake("1 / tan(theta): the two forces are the wrong way up",
                "Friction is along the board (m g sin(theta)); the normal force is across it "
                "(m g cos(theta)); mu = friction / normal = tan(theta).",
                lambda theta: 1.0 / np.tan(theta)),
        Mistake("arctan(theta) instead of tan(theta)",
                "The coefficient is the tangent of the angle, not the angle of a tangent.",
                np.arctan),
    ),
)


# --------------------------------------------------------------------------- Stribeck


def _stribeck_reference(v, Fc, Fs, vs, b):
    return friction.stribeck(v, Fc, Fs, vs, b)


def _speeds(rng, size):
    magnitude = rounded_uniform(rng, 0.01, 2.0, size)
    return magnitude * np.where(rng.random(size) < 0.5, -1.0, 1.0)


def _stribeck_cases(rng) -> list[Case]:
    cases = [
        Case((0.5, 0.5, 0.8, 0.1, 0.1), "fixed", "the tutorial's values at v = 0.5"),
        Case((-0.05, 0.5, 0.8, 0.1, 0.1), "fixed", "a slow negative speed"),
        Case((0.1, 1.0, 1.5, 0.1, 0.0), "fixed", "v = vs, no viscous friction"),
        Case((-3.0, 0.2, 0.3, 0.2, 0.05), "fixed", "fast backwards"),
        Case((0.02, 0.2, 0.3, 0.05, 0.05), "fixed", "slow forwards, v < vs"),
    ]
    for _ in range(4):
        Fc = rounded_uniform(rng, 0.1, 1.0)
        cases.append(Case((_speeds(rng, None), Fc, round(Fc + rounded_uniform(rng, 0.05, 0.5), 3),
                           rounded_uniform(rng, 0.02, 0.3), rounded_uniform(rng, 0.0, 0.3)),
                          "seeded random"))
    cases.append(Case((_speeds(rng, 40), 0.5, 0.8, 0.1, 0.1), "arrays"))
    return cases


def _stribeck_of(sign=-1.0, exponent=2.0, swap=False, viscous=True, absolute=True,
                 direction=True):
    def stribeck(v, Fc, Fs, vs, b):
        low, high = (Fs, Fc) if swap else (Fc, Fs)
        ratio = np.abs(v / vs) if absolute else v / vs
        level = low + (high - low) * np.exp(-(ratio**exponent))
        along = np.sign(v) if direction else 1.0
        return sign * level * along + sign * (b * v if viscous else 0.0)

    return stribeck


_STRIBECK = Exercise(
    exercise_id="friction.stribeck",
    description="Stribeck friction force, against the velocity.",
    function_name="stribeck",
    arguments=("v", "Fc", "Fs", "vs", "b"),
    outputs=(Output("force", Close(rtol=1e-9, atol=1e-12)),),
    reference=_stribeck_reference,
    package_references=("robodyn.friction.stribeck",),
    make_cases=_stribeck_cases,
    mistakes=(
        Mistake("the force has the sign of the velocity; friction acts against it",
                "The convention of the chapter: the friction force on the body opposes the "
                "motion, F = -(level) sign(v) - b v (negative for v > 0).",
                _stribeck_of(sign=1.0)),
        Mistake("Fs and Fc are swapped (the level rises with speed instead of falling)",
                "At rest the level is the static Fs; fast, it is the Coulomb Fc: "
                "Fc + (Fs - Fc) exp(-(v/vs)^2).", _stribeck_of(swap=True)),
        Mistake("the exponent is 1 instead of 2",
                "This exercise uses the Gaussian form exp(-(v/vs)^2).",
                _stribeck_of(exponent=1.0)),
        Mistake("the viscous term -b v is missing",
                "Add the viscous part: F = -(Fc + (Fs - Fc) exp(-(v/vs)^2)) sign(v) - b v.",
                _stribeck_of(viscous=False)),
        Mistake("sign(v) is missing: the level always pulls one way",
                "Multiply the level by sign(v), so that the force turns round with the motion.",
                _stribeck_of(direction=False)),
    ),
)


# --------------------------------------------------------------------------- Karnopp


def _karnopp_reference(v, applied, Fc, Fs, dv):
    return friction.karnopp(v, applied, Fc, Fs, 0.0, dv)


def _karnopp_cases(rng) -> list[Case]:
    cases = [
        Case((0.0, 0.3, 0.4, 0.5, 1e-3), "fixed", "at rest, pushed by less than Fs"),
        Case((0.0, -0.7, 0.4, 0.5, 1e-3), "fixed", "at rest, pushed backwards by more than Fs"),
        Case((2e-4, 0.45, 0.4, 0.5, 1e-3), "fixed",
             "inside the sticking band, pushed by more than Fc but less than Fs"),
        Case((0.01, 0.3, 0.4, 0.5, 1e-3), "fixed", "sliding forwards"),
        Case((-0.2, 0.3, 0.4, 0.5, 1e-3), "fixed", "sliding backwards while pushed forwards"),
    ]
    for _ in range(4):
        Fc = rounded_uniform(rng, 0.1, 1.0)
        cases.append(Case((rounded_uniform(rng, -0.01, 0.01), rounded_uniform(rng, -2, 2), Fc,
                           round(Fc + rounded_uniform(rng, 0.05, 0.5), 3), 0.005),
                          "seeded random"))
    size = 40
    velocity = np.where(rng.random(size) < 0.5, 0.0, rounded_uniform(rng, -0.5, 0.5, size))
    cases.append(Case((velocity, rounded_uniform(rng, -1, 1, size), 0.4, 0.5, 1e-3), "arrays"))
    return cases


def _k_always_breakaway(v, applied, Fc, Fs, dv):
    stick = -Fs * np.sign(applied)
    return np.where(np.abs(v) < dv, stick, -Fc * np.sign(v))


def _k_with_the_push(v, applied, Fc, Fs, dv):
    return np.where(np.abs(v) < dv, np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def _k_no_limit(v, applied, Fc, Fs, dv):
    return np.where(np.abs(v) < dv, -applied, -Fc * np.sign(v))


def _k_limit_fc(v, applied, Fc, Fs, dv):
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fc, Fc), -Fc * np.sign(v))


def _k_band_without_abs(v, applied, Fc, Fs, dv):
    return np.where(v < dv, -np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


_KARNOPP = Exercise(
    exercise_id="friction.karnopp",
    description="Karnopp's stick-slip friction force (no viscous part).",
    function_name="karnopp",
    arguments=("v", "applied", "Fc", "Fs", "dv"),
    outputs=(Output("force", Close(rtol=1e-9, atol=1e-12)),),
    reference=_karnopp_reference,
    package_references=("robodyn.friction.karnopp",),
    make_cases=_karnopp_cases,
    mistakes=(
        Mistake("a sticking body gets the full breakaway force -Fs sign(applied)",
                "While it sticks, friction balances the push exactly, up to Fs: "
                "-clip(applied, -Fs, Fs). A full Fs would push the body backwards.",
                _k_always_breakaway),
        Mistake("the sticking friction has the sign of the push; it must oppose it",
                "Friction balances the applied force: -clip(applied, -Fs, Fs).",
                _k_with_the_push),
        Mistake("the sticking friction is not limited to Fs",
                "Beyond Fs the body breaks away: clip the balancing force to [-Fs, Fs].",
                _k_no_limit),
        Mistake("the sticking friction is limited to Fc instead of Fs",
                "Breakaway takes the static level Fs, which is larger than Fc.", _k_limit_fc),
        Mistake("the band is v < dv without the absolute value",
                "Stick when |v| < dv: a body sliding backwards (v < 0) is not stuck.",
                _k_band_without_abs),
    ),
)


# --------------------------------------------------------------------------- identification


def _fit_reference(v, force):
    fit = friction.fit_coulomb_viscous(v, force)
    return fit["Fc"], fit["b"]


def _experiment(rng, n, Fc, b, noise, v_max):
    half = np.round(np.linspace(0.1 * v_max, v_max, n // 2), 3)
    v = np.concatenate([-half[::-1], half])
    return v, np.round(friction.coulomb_viscous(v, Fc, b) + rng.normal(0, noise, v.size), 4)


def _fit_cases(rng) -> list[Case]:
    cases = [
        Case(_experiment(np.random.default_rng(42), 14, 0.4, 0.08, 0.02, 5.0), "fixed",
             "the tutorial's joint: Fc = 0.4 N m, b = 0.08 N m s/rad, with noise"),
        Case(_experiment(np.random.default_rng(7), 40, 1.2, 0.3, 0.1, 2.0), "fixed",
             "a stiffer joint, 40 samples"),
    ]
    for _ in range(4):
        n = int(rng.integers(5, 30)) * 2
        cases.append(Case(_experiment(rng, n, rounded_uniform(rng, 0.1, 2.0),
                                      rounded_uniform(rng, 0.01, 0.5),
                                      rounded_uniform(rng, 0.005, 0.1),
                                      rounded_uniform(rng, 0.5, 5.0)), "seeded random"))
    return cases


def _least_squares(columns, force):
    return np.linalg.lstsq(np.column_stack(columns), force, rcond=None)[0]


def _f_without_sign(v, force):
    (minus_b,) = _least_squares([v], force)
    return 0.0, -minus_b


def _f_constant_column(v, force):
    intercept, slope = _least_squares([np.ones_like(v), v], force)
    return -intercept, -slope


def _f_positive_only(v, force):
    moving = v > 0
    return _fit_reference(np.concatenate([v[moving], -v[moving]]),
                          np.concatenate([force[moving], -force[moving]]))


def _f_swapped(v, force):
    Fc, b = _fit_reference(v, force)
    return b, Fc


def _f_drive_convention(v, force):
    Fc, b = _fit_reference(v, force)
    return -Fc, -b


_FIT = Exercise(
    exercise_id="friction.fit_coulomb_viscous",
    description="Fit Coulomb and viscous friction to measured forces by least squares.",
    function_name="fit_coulomb_viscous",
    arguments=("v", "force"),
    outputs=(Output("Fc", Close(rtol=1e-6, atol=1e-9)), Output("b", Close(rtol=1e-6, atol=1e-9))),
    reference=_fit_reference,
    package_references=("robodyn.friction.fit_coulomb_viscous",),
    make_cases=_fit_cases,
    mistakes=(
        Mistake("the fit has no sign(v) column (only viscous friction, Fc = 0)",
                "The model is linear in (Fc, b) with the regression matrix "
                "A = [-sign(v), -v]; without the sign column the Coulomb part is lost.",
                _f_without_sign),
        Mistake("a constant column instead of sign(v)",
                "Coulomb friction turns round with the motion: its column is -sign(v), not "
                "a constant (a constant is an offset, the same in both directions).",
                _f_constant_column),
        Mistake("only the positive velocities were fitted",
                "Use all samples, both directions of motion: they carry the information that "
                "tells Coulomb friction from an offset.", _f_positive_only),
        Mistake("the signs of Fc and b are flipped (the measured force fitted as the force a "
                "motor supplies)",
                "The forces given are the friction on the body, against the motion: "
                "force = -Fc sign(v) - b v, with Fc, b > 0.", _f_drive_convention),
        Mistake("the pair is returned as (b, Fc)",
                "Return the Coulomb level first: (Fc, b), in the order of the columns "
                "[-sign(v), -v].", _f_swapped),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_MU, _STRIBECK, _KARNOPP, _FIT)
