"""The exercises of the friction chapter: inputs, reference answers, typical mistakes.

Sign convention of every exercise, as of :mod:`robodyn.friction`: a friction force acts on the
moving body and opposes its velocity (negative for v > 0). Angles in radians. The mistakes are
written as the wrong functions a student writes.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq

from robodyn import friction
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform

# --------------------------------------------------------------------------- tilting board

#: The thesis's tilting-board test, whose slip angles (degrees) the fixed cases use.
_BOARD = friction.TiltBoardTest()
_G = 9.81


def _mu_reference(theta, length, time, g):
    theta = np.asarray(theta, float)
    acceleration = 2 * np.asarray(length, float) / np.asarray(time, float) ** 2
    return np.tan(theta), np.tan(theta) - acceleration / (g * np.cos(theta))


def _slide_time(theta, length, mu_k, g):
    """The time, rounded to the millisecond, a body takes to slide ``length`` from rest down a
    board at ``theta`` with the kinetic coefficient ``mu_k``."""
    acceleration = g * (np.sin(theta) - mu_k * np.cos(theta))
    return np.round(np.sqrt(2 * length / acceleration), 3)


def _mu_case(theta, length, ratio, g, kind, about=""):
    """A trial on the board: slip at ``theta``, then a slide over ``length`` with
    mu_k = ``ratio`` mu_s, timed to the millisecond."""
    return Case((theta, length, _slide_time(theta, length, ratio * np.tan(theta), g), g),
                kind, about)


def _mu_cases(rng) -> list[Case]:
    low, high = np.radians(_BOARD.lowest_angle), np.radians(_BOARD.highest_angle)
    cases = [
        _mu_case(round(float(low), 4), 0.5, 0.8, _G, "fixed",
                 f"the thesis's smallest slip angle, {_BOARD.lowest_angle:g} degrees, a slide "
                 "of 0.5 m"),
        _mu_case(round(float(high), 4), 0.8, 0.9, _G, "fixed",
                 f"the thesis's largest slip angle, {_BOARD.highest_angle:g} degrees, a slide "
                 "of 0.8 m"),
        _mu_case(0.2, 1.0, 0.7, _G, "fixed", "a slippery pair, 0.2 rad, a slide of 1 m"),
        _mu_case(0.9, 0.3, 0.5, 1.62, "fixed", "on the Moon (g = 1.62 m/s²), 0.9 rad"),
    ]
    for _ in range(4):
        cases.append(_mu_case(rounded_uniform(rng, 0.1, 1.2), rounded_uniform(rng, 0.2, 1.5),
                              rounded_uniform(rng, 0.4, 0.95), _G, "seeded random"))
    angles = np.round(np.radians(np.array([_BOARD.lowest_angle, 46.0, 47.2, 48.4,
                                           _BOARD.highest_angle])), 4)
    cases.append(Case((angles, 0.6, _slide_time(angles, 0.6, 0.85 * np.tan(angles), _G), _G),
                      "arrays", "five trials on the thesis's board, each slide 0.6 m"))
    angles = rounded_uniform(rng, 0.1, 1.2, 30)
    ratios = rng.uniform(0.4, 0.95, 30)
    cases.append(Case((angles, 0.5, _slide_time(angles, 0.5, ratios * np.tan(angles), _G), _G),
                      "arrays"))
    return cases


def _mu_of(static=np.tan, acceleration=lambda L, t: 2 * L / t**2,
           kinetic=lambda theta, a, g: np.tan(theta) - a / (g * np.cos(theta)),
           angle=lambda theta: theta, gravity=None, swap=False):
    """The pair (mu_s, mu_k) with one part changed: the static law, the acceleration from the
    timed slide, the kinetic force balance, the angle's unit, g, or the order of the pair."""
    def mu_from_tilt(theta, length, time, g):
        theta = angle(np.asarray(theta, float))
        g = g if gravity is None else gravity
        a = acceleration(np.asarray(length, float), np.asarray(time, float))
        pair = static(theta), kinetic(theta, a, g)
        return pair[::-1] if swap else pair

    return mu_from_tilt


_MU = Exercise(
    exercise_id="friction.mu_from_tilt",
    description="Static and kinetic friction coefficients from one tilting-board trial.",
    function_name="mu_from_tilt",
    arguments=("theta", "length", "time", "g"),
    outputs=(Output("mu_s", Close(rtol=1e-9, atol=1e-12)),
             Output("mu_k", Close(rtol=1e-9, atol=1e-12))),
    reference=_mu_reference,
    package_references=("robodyn.friction.mu_from_tilt",),
    make_cases=_mu_cases,
    mistakes=(
        Mistake("theta taken as degrees (np.radians applied to it)",
                "theta is already in radians, and NumPy's trigonometric functions take "
                "radians: no conversion is needed.",
                _mu_of(angle=np.radians)),
        Mistake("sin(theta) for the static coefficient instead of tan(theta)",
                "sin(theta) would be right if the normal force were the whole weight m g; on "
                "a tilted board it is only the part of the weight across the board.",
                _mu_of(static=np.sin)),
        Mistake("the normal force taken as the whole weight m g, in both coefficients",
                "On a tilted board only the part of the weight across the board presses the "
                "body on; the part along it pulls it down the board.",
                _mu_of(static=np.sin, kinetic=lambda theta, a, g: np.sin(theta) - a / g)),
        Mistake("the normal force taken as the whole weight m g in the kinetic balance only "
                "(mu_k from sin(theta) - a / g)",
                "While the body slides, the board still carries only the part of the weight "
                "across it, as at the slip angle: the same normal force belongs in both "
                "coefficients.",
                _mu_of(kinetic=lambda theta, a, g: np.sin(theta) - a / g)),
        Mistake("the kinetic force balance divides the acceleration by g, not g cos(theta)",
                "Write the force balance along the board while the body slides, with the "
                "kinetic friction mu_k times the normal force, and solve it for mu_k: the "
                "normal force divides both terms.",
                _mu_of(kinetic=lambda theta, a, g: np.tan(theta) - a / g)),
        Mistake("the acceleration from x = a t^2, the factor 1/2 missing (a = L / t^2)",
                "From rest under a constant acceleration the distance is a t^2 / 2: solve "
                "that for a.",
                _mu_of(acceleration=lambda L, t: L / t**2)),
        Mistake("the acceleration taken as L / t, the mean speed",
                "L / t is the mean speed of the slide, in m/s; the body starts from rest and "
                "speeds up steadily. Check the units of your acceleration.",
                _mu_of(acceleration=lambda L, t: L / t)),
        Mistake("the body taken to slide at a steady speed (mu_k = tan(theta), the "
                "acceleration left out)",
                "The body speeds up as it slides: the friction that acts while it slides is "
                "smaller than the pull along the board by m times the acceleration.",
                _mu_of(kinetic=lambda theta, a, g: np.tan(theta))),
        Mistake("the acceleration added instead of taken away (the friction taken to pull "
                "the body down the board)",
                "Friction on the sliding body points up the board, against its motion; the "
                "net force down the board is the pull of the weight minus the friction.",
                _mu_of(kinetic=lambda theta, a, g: np.tan(theta) + a / (g * np.cos(theta)))),
        Mistake("mu_k taken as the acceleration over the normal force per unit mass, "
                "a / (g cos(theta))",
                "The acceleration comes from the net force, the pull of the weight along the "
                "board minus the friction, not from the friction alone.",
                _mu_of(kinetic=lambda theta, a, g: a / (g * np.cos(theta)))),
        Mistake("sin and cos exchanged: the weight's part along the board taken as "
                "m g cos(theta)",
                "At theta = 0 the board is flat and nothing pulls along it: the part along the "
                "board is m g sin(theta), the part across it m g cos(theta).",
                _mu_of(static=lambda theta: 1 / np.tan(theta),
                       kinetic=lambda theta, a, g: 1 / np.tan(theta) - a / (g * np.sin(theta)))),
        Mistake("the number 9.81 in place of the argument g",
                "Use the argument g: the check also calls your function with the Moon's "
                "g = 1.62 m/s².", _mu_of(gravity=9.81)),
        Mistake("mu_s = theta, the small-angle approximation of tan(theta)",
                "tan(theta) ~ theta holds only for small angles; the board's slip angles are "
                "near 45 degrees (0.8 rad), where it is off by a fifth.",
                _mu_of(static=lambda theta: theta)),
        Mistake("the pair returned as (mu_k, mu_s)",
                "Return the static coefficient first, as the text asks: (mu_s, mu_k).",
                _mu_of(swap=True)),
    ),
)


# --------------------------------------------------------------------------- Stribeck


#: Where x exp(-x^2), the shape of the Stribeck law's fall (delta = 2), is steepest: its peak.
_PEAK_X = 1 / np.sqrt(2)


def _band_roots(q, scale, shape=lambda x: x * np.exp(-x * x), peak=_PEAK_X):
    """x on each side of ``peak`` where ``shape(x) = q``, times ``scale``; (0, 0) where the
    peak of the shape does not reach q."""
    if not q < shape(peak):
        return 0.0, 0.0
    low = 0.0 if q <= 0 else brentq(lambda x: shape(x) - q, 0.0, peak, xtol=1e-15, rtol=1e-15)
    high_end = peak
    while shape(high_end) > q:
        high_end *= 2
    high = brentq(lambda x: shape(x) - q, peak, high_end, xtol=1e-15, rtol=1e-15)
    return scale * low, scale * high


def _hunting_reference(Fc, Fs, vs, b, gain):
    """The speeds v > 0 at which gain + d|F|/dv < 0: the Stribeck law's fall, as a negative
    damping, outweighs the loop's gain and the viscous friction."""
    if Fs == Fc:
        return 0.0, 0.0
    return _band_roots((gain + b) * vs / (2 * (Fs - Fc)), vs)


def _hunting_cases(rng) -> list[Case]:
    cases = [
        Case((0.5, 0.8, 0.1, 0.1, 2.0), "fixed",
             "the joint of section 2.6 under its weak loop, k = 2 N m s/rad"),
        Case((0.5, 0.8, 0.1, 0.1, 10.0), "fixed",
             "the same joint under its stiff loop, k = 10 N m s/rad: every speed is held",
             hint="Where the loop's gain and the viscous friction outweigh the steepest fall "
                  "of the Stribeck level, no speed hunts: the text asks for (0.0, 0.0)."),
        Case((0.4, 0.4, 0.05, 0.02, 1.0), "fixed",
             "Fs = Fc: no Stribeck fall, so every speed is held",
             hint="With Fs = Fc the level does not fall at all: the text asks for (0.0, 0.0)."),
        Case((1.0, 2.5, 0.2, 0.001, 0.5), "fixed", "nearly no viscous friction, b = 0.001"),
        Case((0.2, 0.3, 0.01, 0.5, 1.5), "fixed",
             "a narrow hump (vs = 0.01) with strong viscous friction"),
    ]
    for _ in range(4):
        Fc = rounded_uniform(rng, 0.1, 2.0)
        Fs = round(Fc + rounded_uniform(rng, 0.1, 1.5), 3)
        vs = rounded_uniform(rng, 0.01, 0.5)
        b = rounded_uniform(rng, 0.005, 0.3)
        steepest = 2 * (Fs - Fc) / vs * _PEAK_X * np.exp(-0.5)   # of the fall, N m s/rad
        gain = round(max(float(rng.uniform(0.1, 0.85) * steepest - b), 0.01), 3)
        cases.append(Case((Fc, Fs, vs, b, gain), "seeded random"))
    return cases


def _hunting_of(damping=lambda gain, b: gain + b, height=lambda Fc, Fs: Fs - Fc, factor=2.0,
                per_vs=True, in_units_of_vs=False, swap=False, exponent_one=False):
    """The hunting band with one part changed: the damping set against the fall, its height,
    the factor of the slope, its 1/vs, the band's unit, the order of its edges, or the fall
    of the exponent 1 (steepest at rest)."""
    def stribeck_hunting_band(Fc, Fs, vs, b, gain):
        fall = height(Fc, Fs)
        if fall <= 0:
            return 0.0, 0.0
        slope_scale = factor * fall / (vs if per_vs else 1.0)
        q = damping(gain, b) / slope_scale
        scale = 1.0 if in_units_of_vs else vs
        if exponent_one:   # |F|' = b - (Fs - Fc)/vs exp(-x): steepest at rest
            band = (0.0, scale * np.log(1 / q)) if q < 1 else (0.0, 0.0)
        else:
            band = _band_roots(q, scale)
        return band[::-1] if swap else band

    return stribeck_hunting_band


_HUNTING_SLOPE_HINT = ("Differentiate the size of the friction, F_c + (F_s - F_c) exp(-(v/v_s)^2) "
                       "+ b v, with respect to v, by the chain rule, and check the unit: a "
                       "slope in N m s/rad, like the gain.")

_STRIBECK = Exercise(
    exercise_id="friction.stribeck",
    description="The band of speeds a speed loop cannot hold against Stribeck friction.",
    function_name="stribeck_hunting_band",
    arguments=("Fc", "Fs", "vs", "b", "gain"),
    outputs=(Output("v_low", Close(rtol=1e-9, atol=1e-12)),
             Output("v_high", Close(rtol=1e-9, atol=1e-12))),
    reference=_hunting_reference,
    package_references=("robodyn.friction.stribeck",),
    make_cases=_hunting_cases,
    mistakes=(
        Mistake("the viscous friction left out of the damping (only the gain against the "
                "fall)",
                "The friction's own slope is the Stribeck fall plus the viscous b: b helps "
                "the loop, as a positive damping.",
                _hunting_of(damping=lambda gain, b: gain)),
        Mistake("the viscous friction counted against the loop (gain - b)",
                "Viscous friction grows with the speed: its slope +b adds to the loop's "
                "damping, like the gain.",
                _hunting_of(damping=lambda gain, b: gain - b)),
        Mistake("the gain left out: the band where the friction alone falls with the speed",
                "The loop's gain is a damping too: linearise k (v_ref - v) + F(v) about the "
                "steady speed, and the steady speed hunts only where the sum of the two "
                "slopes is negative.",
                _hunting_of(damping=lambda gain, b: b)),
        Mistake("the factor 2 of the derivative of exp(-x^2) missing", _HUNTING_SLOPE_HINT,
                _hunting_of(factor=1.0)),
        Mistake("the 1/vs of the chain rule missing (the slope in N m, not N m s/rad)",
                _HUNTING_SLOPE_HINT, _hunting_of(per_vs=False)),
        Mistake("the band returned as x = v / vs, not as speeds",
                "Solve for x = v / vs if you like, but return speeds in rad/s: multiply back "
                "by vs.",
                _hunting_of(in_units_of_vs=True)),
        Mistake("the fall of the exponent 1, exp(-|v|/vs), steepest at rest",
                "This exercise uses the chapter's Gaussian fall, the exponent delta = 2: its "
                "slope is 0 at rest, so the band starts above 0.",
                _hunting_of(exponent_one=True)),
        Mistake("the hump's height taken as Fs (the Coulomb level counted in the fall)",
                "The level falls from the static Fs at rest towards the Coulomb Fc, which it "
                "keeps at any speed: only the part of the level that changes with v has a "
                "slope.",
                _hunting_of(height=lambda Fc, Fs: Fs)),
        Mistake("Fs and Fc swapped (no fall, so no band)",
                "The level falls from the static Fs at rest to the Coulomb Fc: the hump's "
                "height is Fs - Fc > 0.",
                _hunting_of(height=lambda Fc, Fs: Fc - Fs)),
        Mistake("the band returned as (v_high, v_low)",
                "Return the lower edge first, as the text asks: (v_low, v_high).",
                _hunting_of(swap=True)),
    ),
)


# --------------------------------------------------------------------------- Karnopp's band


def _karnopp_band_reference(mass, Fc, push_max, dt, hold_time, creep):
    """The band's half width must exceed half the largest change of speed in one sliding step
    (the push against the motion, helping the Coulomb friction brake), so that no step skips
    over the band, 2 dv wide; and must not exceed the speed that creeps ``creep`` in
    ``hold_time``: a caught block keeps the speed it landed with, less than dv."""
    step = np.asarray(dt, float) * (Fc + push_max) / mass
    return step / 2, creep / np.asarray(hold_time, float)


def _karnopp_band_cases(rng) -> list[Case]:
    cases = [
        Case((1.0, 2.0, 3.0, 1e-3, 1.0, 1e-3), "fixed",
             "the block of section 2.2.1 (1 kg, Fc = 2 N, pushes up to its Fs = 3 N) on steps "
             "of 1 ms, held 1 s to within 1 mm: no band does both",
             hint="With steps of 1 ms no band both catches this block and holds it to 1 mm: "
                  "return the two bounds anyway, the lower one above the upper."),
        Case((1.0, 2.0, 3.0, 1e-5, 1.0, 1e-3), "fixed",
             "the same block on the steps of 0.01 ms of the stick-slip run"),
        Case((1.0, 2.0, 0.0, 1e-3, 1.0, 1e-2), "fixed",
             "no push at all: only the Coulomb friction brakes"),
        Case((20.0, 50.0, 80.0, 2e-3, 5.0, 2e-3), "fixed",
             "a 20 kg sled, pushed by up to 80 N, held 5 s"),
        Case((0.05, 0.1, 0.02, 1e-4, 10.0, 1e-4), "fixed",
             "a light slider under a push smaller than Fc, held 10 s"),
    ]
    for _ in range(4):
        Fc = rounded_uniform(rng, 0.1, 5.0)
        cases.append(Case((rounded_uniform(rng, 0.1, 10.0), Fc,
                           round(Fc * rounded_uniform(rng, 0.0, 1.5), 3),
                           round(float(rng.integers(1, 200)) * 1e-5, 7),
                           rounded_uniform(rng, 0.1, 10.0),
                           round(float(rng.integers(1, 100)) * 1e-4, 6)), "seeded random"))
    steps = np.array([1e-5, 1e-4, 5e-4, 1e-3, 2e-3])
    cases.append(Case((1.0, 2.0, 3.0, steps, np.array([0.5, 1.0, 1.0, 2.0, 4.0]), 1e-3),
                      "arrays", "the block of section 2.2.1: five designs, each a step and a "
                      "hold time"))
    cases.append(Case((rounded_uniform(rng, 0.1, 10.0), 1.5, 1.0,
                       np.round(rng.integers(1, 300, 12) * 1e-5, 7),
                       rounded_uniform(rng, 0.1, 10.0, 12), 5e-4), "arrays"))
    return cases


def _band_of(step=lambda mass, Fc, push, dt: dt * (Fc + push) / mass, width=2.0,
             speed_kept=1.0, high=lambda creep, hold, dt: creep / hold, swap=False):
    """The pair (dv_low, dv_high) with one part changed: the largest change of speed in a
    step, the band's width in units of dv, the speed a caught block keeps in units of dv,
    the upper bound from the creep, the hold time and the step, or the order of the pair."""
    def karnopp_band(mass, Fc, push_max, dt, hold_time, creep):
        dt = np.asarray(dt, float)
        low = step(mass, Fc, push_max, dt) / width
        upper = high(creep, np.asarray(hold_time, float), dt) / speed_kept
        return (upper, low) if swap else (low, upper)

    return karnopp_band


_KARNOPP = Exercise(
    exercise_id="friction.karnopp",
    description="The band of Karnopp's model for a time step: wide enough to catch, narrow "
                "enough to hold.",
    function_name="karnopp_band",
    arguments=("mass", "Fc", "push_max", "dt", "hold_time", "creep"),
    outputs=(Output("dv_low", Close(rtol=1e-9, atol=1e-15)),
             Output("dv_high", Close(rtol=1e-9, atol=1e-15))),
    reference=_karnopp_band_reference,
    package_references=("robodyn.friction.simulate_block",),
    make_cases=_karnopp_band_cases,
    mistakes=(
        Mistake("the band taken as dv wide, not 2 dv (dv_low twice too large)",
                "The band runs from -dv to +dv: a step lands in it unless it jumps over the "
                "whole width, from one edge past the other.",
                _band_of(width=1.0)),
        Mistake("the push left out of the step (only the Coulomb friction brakes)",
                "The block slows under the net force on it: the friction and the push. Which "
                "way of the push, up to push_max, makes one step change the speed most?",
                _band_of(step=lambda mass, Fc, push, dt: dt * Fc / mass)),
        Mistake("the push taken to act along the motion, against the friction",
                "The push may come from either side. A push against the motion brakes with "
                "the friction, and makes the largest change of speed in one step.",
                _band_of(step=lambda mass, Fc, push, dt: dt * (Fc - push) / mass)),
        Mistake("the push taken to act along the motion, the size of Fc - push kept",
                "The push may come from either side. A push against the motion brakes with "
                "the friction, and makes the largest change of speed in one step.",
                _band_of(step=lambda mass, Fc, push, dt: dt * np.abs(Fc - push) / mass)),
        Mistake("the change of speed in a step is a force times dt, not divided by the mass",
                "A step changes the velocity by the acceleration times dt: check the units, "
                "the bound is a speed in m/s.",
                _band_of(step=lambda mass, Fc, push, dt: dt * (Fc + push))),
        Mistake("the change of speed in a step is a force times the mass, not over it",
                "A step changes the velocity by the acceleration times dt, and an "
                "acceleration is a force over a mass: check the units, the bound is a speed "
                "in m/s.",
                _band_of(step=lambda mass, Fc, push, dt: dt * (Fc + push) * mass)),
        Mistake("the step's change of position (dt squared) taken for its change of speed",
                "The band is a band of speeds: what matters is how far one step moves the "
                "velocity, not the position.",
                _band_of(step=lambda mass, Fc, push, dt: dt**2 * (Fc + push) / mass)),
        Mistake("the creep taken as the speed (dv_high = creep, the hold time left out)",
                "A caught block keeps its speed for the whole hold time, and creeps all that "
                "while. Check the units of dv_high: it is a speed.",
                _band_of(high=lambda creep, hold, dt: creep + 0 * hold)),
        Mistake("the creep times the hold time taken for dv_high",
                "A caught block creeping at a speed u moves u times the hold time: the "
                "largest speed that keeps the creep in bounds is the creep over that time.",
                _band_of(high=lambda creep, hold, dt: creep * hold)),
        Mistake("the step that caught the block counted in the hold time",
                "The hold time starts once the block is caught: the creep is the kept "
                "speed times the hold time alone.",
                _band_of(high=lambda creep, hold, dt: creep / (hold + dt))),
        Mistake("a caught block taken to keep up to 2 dv, the band's width",
                "A caught block keeps the speed it landed with, inside the band: less than dv "
                "in size, not the band's whole width.",
                _band_of(speed_kept=2.0)),
        Mistake("a caught block taken to keep half the band, dv / 2",
                "The speed a caught block keeps can be anywhere in the band, up to just "
                "under dv in size: the design must hold the worst landing.",
                _band_of(speed_kept=0.5)),
        Mistake("the pair returned as (dv_high, dv_low)",
                "Return the lower bound first, as the text asks: (dv_low, dv_high).",
                _band_of(swap=True)),
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


def _f_b_sign(v, force):
    Fc, b = _fit_reference(v, force)
    return Fc, -b


def _f_fc_sign(v, force):
    Fc, b = _fit_reference(v, force)
    return -Fc, b


def _f_rows_for_columns(v, force):
    A = np.vstack([-np.sign(v), -v])  # 2 x n: lstsq raises LinAlgError, as students see
    return tuple(np.linalg.lstsq(A, force, rcond=None)[0])


def _f_whole_result(v, force):
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)  # four items: ValueError
    return Fc, b


def _f_residuals(v, force):
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[1]  # the residuals: ValueError
    return Fc, b


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
                "The model is linear in (Fc, b): the regression matrix needs one column per "
                "parameter, the factor that multiplies it in the model. Without the Coulomb "
                "column the fit can only find viscous friction.",
                _f_without_sign),
        Mistake("a constant column instead of sign(v)",
                "Coulomb friction turns round with the motion, so its column must too: a "
                "constant column fits an offset, the same in both directions.",
                _f_constant_column),
        Mistake("only the positive velocities were fitted",
                "Use all samples, both directions of motion: they carry the information that "
                "tells Coulomb friction from an offset.", _f_positive_only),
        Mistake("the signs of Fc and b are flipped (the measured force fitted as the force a "
                "motor supplies)",
                "The forces given are the friction on the joint, against the motion (negative "
                "for v > 0); with the model's minus signs in the columns, Fc and b come out "
                "positive.", _f_drive_convention),
        Mistake("b has the wrong sign (the viscous column lacks the model's minus sign)",
                "Each column is the model's whole factor of its parameter, sign included; "
                "the viscous part of the model also opposes the motion.", _f_b_sign),
        Mistake("Fc has the wrong sign (the Coulomb column lacks the model's minus sign)",
                "Each column is the model's whole factor of its parameter, sign included; "
                "the Coulomb part of the model opposes the motion.", _f_fc_sign),
        Mistake("A has one row per parameter instead of one per sample (np.vstack or np.array "
                "of the columns, not transposed)",
                "lstsq(A, force) needs A of shape (n, 2), one row per sample, to match force: "
                "stack the columns side by side (np.column_stack) or transpose.",
                _f_rows_for_columns, message="Incompatible dimensions"),
        Mistake("lstsq's whole result unpacked into (Fc, b): it returns four things",
                "np.linalg.lstsq returns the solution, the residuals, the rank and the "
                "singular values; the solution is its first item.",
                _f_whole_result, message="too many values to unpack"),
        Mistake("the second item of lstsq's result taken for the solution (it is the sum "
                "of squared residuals)",
                "np.linalg.lstsq returns the solution first, then the residuals, the rank "
                "and the singular values.",
                _f_residuals, message="not enough values to unpack"),
        Mistake("the pair is returned as (b, Fc)",
                "Return the Coulomb level first, as the text asks: the pair (Fc, b). The "
                "solution of lstsq lists the parameters in the order of your columns.",
                _f_swapped),
    ),
)


# --------------------------------------------------------------------------- stick-slip period


def _period_reference(mass, stiffness, Fc, Fs, belt_speed):
    block = friction.SlidingBlock(mass=mass, Fc=Fc, Fs=Fs, stiffness=stiffness)
    return friction.stick_slip_cycle(block, belt_speed).period


def _period_cases(rng) -> list[Case]:
    cases = [
        Case((1.0, 50.0, 2.0, 3.0, 0.2), "fixed",
             "the chapter's block: 1 kg, 50 N/m, Fc = 2 N, Fs = 3 N, belt at 0.2 m/s"),
        Case((1.0, 50.0, 2.5, 2.5, 0.2), "fixed",
             "Fs = Fc, the lowest Fs the text allows: the block never sticks",
             hint="With Fs = Fc the slip ends exactly where it began, on the spring force "
                  "Fs, so there is no sticking: the slip alone is the period."),
        Case((1.0, 50.0, 0.0, 3.0, 0.2), "fixed",
             "Fc = 0, the lowest Fc the text allows: the slip ends with the spring pushing "
             "with Fs"),
        Case((2.0, 80.0, 1.0, 1.5, 0.01), "fixed",
             "a slow belt, 1 cm/s: the block sticks for most of the cycle"),
        Case((0.5, 200.0, 3.0, 4.0, 5.0), "fixed",
             "a fast belt, 5 m/s: the slip is nearly a whole turn of the circle"),
    ]
    for _ in range(4):
        Fc = rounded_uniform(rng, 0.0, 5.0)
        cases.append(Case((rounded_uniform(rng, 0.2, 5.0), rounded_uniform(rng, 10.0, 500.0),
                           Fc, round(Fc + rounded_uniform(rng, 0.1, 3.0), 3),
                           rounded_uniform(rng, 0.02, 2.0)), "seeded random"))
    return cases


def _period_of(omega_of=lambda m, k: np.sqrt(k / m), arc="long", tan_upside_down=False,
               stick="whole", slip=True, centre="Fc", swap=False, scaled_plane=True):
    """The stick-slip period with an optional slip: ``omega_of`` the angular frequency,
    ``arc`` the angle the slip sweeps ("long" 2 pi - 2 alpha, "short" 2 alpha, "half" pi,
    "whole" 2 pi), ``tan_upside_down`` for tan(alpha) = v_b / (omega d), ``stick`` the
    distance ridden stuck ("whole" 2 d, "half" d, "2Fs" 2 Fs / k, "Fs" Fs / k, "none"),
    ``slip`` False to leave the slip out, ``centre`` "zero" for a slip without friction (the
    circle about x = 0), ``swap`` for Fs and Fc exchanged, ``scaled_plane`` False for the
    angle read in the plane (x, v) instead of (x, v / omega)."""

    def stick_slip_period(mass, stiffness, Fc, Fs, belt_speed):
        low, high = (Fs, Fc) if swap else (Fc, Fs)
        omega = omega_of(mass, stiffness)
        d = (high - (low if centre == "Fc" else 0.0)) / stiffness  # centre to breakaway
        opposite = omega * d if scaled_plane else d
        alpha = (np.arctan2(belt_speed, opposite) if tan_upside_down
                 else np.arctan2(opposite, belt_speed))
        angle = {"long": 2 * np.pi - 2 * alpha, "short": 2 * alpha, "half": np.pi,
                 "whole": 2 * np.pi}[arc]
        ridden = {"whole": 2 * d, "half": d, "2Fs": 2 * high / stiffness,
                  "Fs": high / stiffness, "none": 0.0}[stick]
        return (angle / omega if slip else 0.0) + ridden / belt_speed

    return stick_slip_period


_PERIOD = Exercise(
    exercise_id="friction.stick_slip_period",
    description="Period of the stick-slip cycle of a block on a spring over a belt, derived.",
    function_name="stick_slip_period",
    arguments=("mass", "stiffness", "Fc", "Fs", "belt_speed"),
    outputs=(Output("period", Close(rtol=1e-6, atol=1e-12)),),
    reference=_period_reference,
    package_references=("robodyn.friction.stick_slip_cycle", "robodyn.friction.simulate_block"),
    make_cases=_period_cases,
    mistakes=(
        Mistake("the sticking phase is left out (the period is the slip alone)",
                "After the slip the block matches the belt and sticks: it rides along with it "
                "until the spring pulls with Fs again. That ride takes time too.",
                _period_of(stick="none")),
        Mistake("the slip is left out (the period is the sticking ride alone)",
                "The block does not jump back: it slips back over the belt on a circle of the "
                "phase plane, which takes a part of a turn at the angular frequency omega.",
                _period_of(slip=False)),
        Mistake("the slip's arc is taken the short way, over the top of the circle (the "
                "angle 2 alpha between the two points)",
                "In the plane (x, v/omega) the point turns clockwise: from the breakaway point "
                "it moves right and down first (x grows while the spring slows the block), so "
                "it goes round the bottom of the circle to the mirror point, the long way.",
                _period_of(arc="short")),
        Mistake("the slip is taken as half a turn, pi / omega",
                "Breakaway and re-sticking both happen at the belt's speed, above the axis "
                "v = 0 of the phase plane: the arc between them is more than half a turn, by "
                "an angle that depends on how fast the belt runs.",
                _period_of(arc="half")),
        Mistake("the period of the spring and block without the belt, 2 pi / omega (no "
                "sticking, a whole turn)",
                "On the belt the block does not swing freely: it sticks and rides with the "
                "belt, then slips back only part of a turn. Follow one cycle through its "
                "three steps: breakaway, the slip, the ride.",
                _period_of(arc="whole", stick="none")),
        Mistake("the slip is taken as a whole turn, 2 pi / omega",
                "The slip ends where the block matches the belt again, at the mirror image of "
                "the breakaway point, before the circle closes; only with Fs = Fc are the two "
                "points the same.",
                _period_of(arc="whole")),
        Mistake("the angle of the arc has its tangent upside down (tan alpha = v_b / (omega "
                "d), the legs of the triangle exchanged)",
                "Draw the breakaway point relative to the circle's centre: one leg is its "
                "offset along x, the other its scaled speed. Which leg is opposite the angle "
                "you use?",
                _period_of(tan_upside_down=True)),
        Mistake("the angular frequency is k / m, without the square root",
                "m x'' = -k x + ... oscillates at omega = sqrt(k / m) rad/s: check the units, "
                "k / m is in 1/s^2.",
                _period_of(omega_of=lambda m, k: k / m)),
        Mistake("the angular frequency is sqrt(m / k), upside down",
                "A stiffer spring makes a faster oscillation and a heavier block a slower one: "
                "omega = sqrt(k / m), in rad/s.",
                _period_of(omega_of=lambda m, k: np.sqrt(m / k))),
        Mistake("the sticking ride is (Fs - Fc) / k, half its length",
"Where does the slip end? Mirror the breakaway point about the slip circle's centre, "
                "not about the anchor, and measure the ride from there back to breakaway.",
                _period_of(stick="half")),
        Mistake("the sticking ride is 2 Fs / k (the slip taken to end at -Fs / k)",
"Where does the slip end? Mirror the breakaway point about the slip circle's centre, "
                "not about the anchor, and measure the ride from there back to breakaway.",
                _period_of(stick="2Fs")),
        Mistake("the friction is left out of the slip (the circle centred at x = 0, not at "
                "Fc / k)",
                "While the block slips, the belt's friction still acts on it. Write the force "
                "balance of the slip with it: where is the spring force balanced, and so "
                "where is the circle's centre?",
                _period_of(centre="zero")),
        Mistake("the arc's angle read in the plane (x, v), not (x, v / omega): tan alpha "
                "= d / v_b",
                "The slip is a circle, turning at the rate omega, only in the plane "
                "(x, v / omega); in (x, v) it is an ellipse and its angles are not time. Scale "
                "the speed before you measure the angle (the units say so too: d / v_b is in "
                "seconds, not a ratio).",
                _period_of(scaled_plane=False)),
        Mistake("the sticking ride taken from the anchor, x = 0, to Fs / k",
"Where does the slip end? Mirror the breakaway point about the slip circle's centre, "
                "not about the anchor, and measure the ride from there back to breakaway.",
                _period_of(stick="Fs")),
        Mistake("the frequency in Hz, sqrt(k / m) / (2 pi), where the angular frequency "
                "belongs",
                "The phase point turns at omega = sqrt(k / m) radians per second: divide an "
                "angle in radians by omega, not by the frequency in Hz.",
                _period_of(omega_of=lambda m, k: np.sqrt(k / m) / (2 * np.pi))),
        Mistake("Fs and Fc are swapped",
                "The block breaks away when the spring pulls with the static level Fs; while "
                "it slips, the Coulomb level Fc acts.",
                _period_of(swap=True)),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_MU, _STRIBECK, _KARNOPP, _FIT, _PERIOD)
