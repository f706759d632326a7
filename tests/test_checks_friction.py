"""Chapter 2's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/friction.py must be named by the right mistake, and a slip that no
listed mistake explains must get the generic message, not a wrong name.
"""

import math

import numpy as np
import pytest
import sympy as sp
from checkcases import assert_generic_failure, summary
from scipy.optimize import brentq, root_scalar
from scipy.special import lambertw

from robodyn.grading import evaluate, get_exercise

# --------------------------------------------------------------------------- right answers


def mu_as_force_ratio(theta, length, time, g):
    """Forces on a 60.8 g wheel, then the ratios; the mass cancels."""
    mass = 0.0608
    along, normal = mass * g * np.sin(theta), mass * g * np.cos(theta)
    friction = along - mass * 2 * length / np.square(time)
    return along / normal, friction / normal


def mu_by_a_loop(theta, length, time, g):
    theta, time = np.broadcast_arrays(theta, time)
    pairs = [(math.tan(a), math.tan(a) - 2 * length / (t * t * g * math.cos(a)))
             for a, t in zip(np.ravel(theta), np.ravel(time), strict=True)]
    mu_s, mu_k = (np.reshape([pair[i] for pair in pairs], np.shape(theta)) for i in (0, 1))
    return mu_s, mu_k


def band_by_lambert_w(Fc, Fs, vs, b, gain):
    """x exp(-x^2) = q squared: -2x^2 = W(-2 q^2), on the two real branches of Lambert's W."""
    if Fs <= Fc:
        return 0.0, 0.0
    q = (gain + b) * vs / (2 * (Fs - Fc))
    if q >= np.exp(-0.5) / np.sqrt(2):
        return 0.0, 0.0
    low, high = (np.sqrt(-lambertw(-2 * q * q, branch).real / 2) for branch in (0, -1))
    return vs * low, vs * high


def band_by_own_bisection(Fc, Fs, vs, b, gain):
    """A bisection loop of its own on the slope of the torque, not on x."""
    def total_slope(v):   # gain + d|F|/dv
        x = v / vs
        return gain + b - 2 * (Fs - Fc) / vs * x * math.exp(-x * x)

    top = vs / math.sqrt(2)
    if Fs == Fc or total_slope(top) >= 0:
        return 0.0, 0.0

    def bisect(stable, unstable):
        for _ in range(200):
            middle = (stable + unstable) / 2
            stable, unstable = (middle, unstable) if total_slope(middle) > 0 else (stable,
                                                                                    middle)
        return (stable + unstable) / 2

    return bisect(0.0, top), bisect(50 * vs, top)


def mu_by_vectorised_math(theta, length, time, g):
    def one(angle, t):
        return math.tan(angle), (g * math.sin(angle) - 2 * length / t**2) / (g * math.cos(angle))

    return np.vectorize(one, otypes=[float, float])(theta, time)


def mu_by_sympy(theta, length, time, g):
    """The force balance along the board solved for mu_k by sympy."""
    x, a, mu, grav = sp.symbols("theta a mu g")
    mu_k = sp.solve(sp.Eq(a, grav * sp.sin(x) - mu * grav * sp.cos(x)), mu)[0]
    acceleration = 2 * np.asarray(length, float) / np.asarray(time, float) ** 2
    return (sp.lambdify(x, sp.sin(x) / sp.cos(x), "numpy")(theta),
            sp.lambdify((x, a, grav), mu_k, "numpy")(theta, acceleration, g))


def band_by_root_scalar(Fc, Fs, vs, b, gain):
    """scipy's root_scalar with brenth, in speeds, the slope written with sympy."""
    v = sp.Symbol("v", positive=True)
    size = Fc + (Fs - Fc) * sp.exp(-(v / vs) ** 2) + b * v
    slope = sp.lambdify(v, gain + sp.diff(size, v))
    top = vs / np.sqrt(2)
    if not slope(top) < 0:
        return 0.0, 0.0
    far = 100 * vs
    options = dict(method="brenth", xtol=1e-16, rtol=1e-14)
    return (root_scalar(slope, bracket=(0.0, top), **options).root,
            root_scalar(slope, bracket=(top, far), **options).root)


def band_by_a_loop_of_steps(mass, Fc, push_max, dt, hold_time, creep):
    """In math, one step at a time: the worst block starts at the band's edge and is pushed
    against its motion; the band must be more than half that step."""
    def one(step):
        braked = (Fc + push_max) / mass * step
        return 0.5 * braked

    low = (np.vectorize(one, otypes=[float])(dt) if np.ndim(dt) else one(float(dt)))
    return low, creep / hold_time


def band_by_sympy(mass, Fc, push_max, dt, hold_time, creep):
    """sympy solves dv - jump = -dv for dv, and dv T = creep for dv."""
    dv, jump, T, c = sp.symbols("dv jump T c", positive=True)
    low = sp.lambdify(jump, sp.solve(sp.Eq(dv - jump, -dv), dv)[0], "numpy")
    high = sp.lambdify((T, c), sp.solve(sp.Eq(dv * T, c), dv)[0], "numpy")
    return (low(np.asarray(dt, float) * (Fc + push_max) / mass),
            high(np.asarray(hold_time, float), creep))


def band_as_a_list(mass, Fc, push_max, dt, hold_time, creep):
    """The pair as a list, the acceleration first."""
    deceleration = (push_max + Fc) / mass
    return [deceleration * np.asarray(dt) / 2, creep / hold_time]


def fit_by_pseudo_inverse(v, force):
    A = -np.column_stack([np.sign(v), v])
    return tuple(np.linalg.pinv(A) @ force)


def fit_by_qr(v, force):
    Q, R = np.linalg.qr(np.column_stack([-np.sign(v), -v]))
    Fc, b = np.linalg.solve(R, Q.T @ force)
    return Fc, b


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
        ("friction.mu_from_tilt", mu_by_vectorised_math),
        ("friction.mu_from_tilt", mu_by_sympy),
        ("friction.stribeck", band_by_lambert_w),
        ("friction.stribeck", band_by_own_bisection),
        ("friction.stribeck", band_by_root_scalar),
        ("friction.karnopp", band_by_a_loop_of_steps),
        ("friction.karnopp", band_by_sympy),
        ("friction.karnopp", band_as_a_list),
        ("friction.fit_coulomb_viscous", fit_by_normal_equations),
        ("friction.fit_coulomb_viscous", fit_by_pseudo_inverse),
        ("friction.fit_coulomb_viscous", fit_by_qr),
        ("friction.fit_coulomb_viscous", fit_by_hand_sums),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Loops with math, np.vectorize, sympy, Lambert's W, the pseudo-inverse, QR: all pass."""
    assert summary(exercise_id, answer) == "passed"


# --------------------------------------------------------------------------- wrong answers


def mu_in_degrees(theta, length, time, g):
    angle = theta * math.pi / 180
    return np.tan(angle), np.tan(angle) - 2 * length / time**2 / (g * np.cos(angle))


def mu_as_sine(theta, length, time, g):
    """Friction over the weight: N taken as m g for the static part only."""
    weight = g
    mu_k = (g * np.sin(theta) - 2 * length / time**2) / (g * np.cos(theta))
    return weight * np.sin(theta) / weight, mu_k


def mu_slide_without_half(theta, length, time, g):
    a = length / time**2
    return np.tan(theta), np.tan(theta) - a / (g * np.cos(theta))


def _band(q, vs):
    """The edges of x exp(-x^2) > q, times vs, found by brentq (a student's helper)."""
    top = 1 / np.sqrt(2)
    if q >= top * np.exp(-0.5):
        return 0.0, 0.0

    def f(x):
        return x * np.exp(-x * x) - q

    return (vs * brentq(f, 0, top, xtol=1e-15, rtol=1e-15),
            vs * brentq(f, top, 40.0, xtol=1e-15, rtol=1e-15))


def band_without_viscous(Fc, Fs, vs, b, gain):
    return _band(gain * vs / (2 * (Fs - Fc)), vs) if Fs > Fc else (0.0, 0.0)


def band_where_friction_falls(Fc, Fs, vs, b, gain):
    """Where the friction torque alone falls with the speed: the loop forgotten."""
    return _band(b * vs / (2 * (Fs - Fc)), vs) if Fs > Fc else (0.0, 0.0)


def band_without_chain_rule(Fc, Fs, vs, b, gain):
    """d/dv exp(-(v/vs)^2) written -2 (v/vs) exp(-(v/vs)^2): the 1/vs lost."""
    return _band((gain + b) / (2 * (Fs - Fc)), vs) if Fs > Fc else (0.0, 0.0)


def band_in_x(Fc, Fs, vs, b, gain):
    return _band((gain + b) * vs / (2 * (Fs - Fc)), 1.0) if Fs > Fc else (0.0, 0.0)


def mu_from_degrees_by_hand(theta, length, time, g):
    angle = theta / 180 * np.pi
    return np.tan(angle), np.tan(angle) - 2 * length / time**2 / (g * np.cos(angle))


def mu_k_from_the_weight(theta, length, time, g):
    """The slide's force balance with N = m g: mu_k = tan(theta) - a / g."""
    return np.tan(theta), np.tan(theta) - 2 * length / time**2 / g


def mu_k_pressed_by_the_whole_weight(theta, length, time, g):
    """mu_s from the tilt; the slide's balance m a = m g sin(theta) - mu_k m g."""
    a = 2 * length / time**2
    return np.tan(theta), (g * np.sin(theta) - a) / g


def band_with_the_static_level_as_height(Fc, Fs, vs, b, gain):
    """|F| written Fs exp(-(v/vs)^2) + ...: the whole static level taken to fall."""
    return _band((gain + b) * vs / (2 * Fs), vs)


def band_high_edge_first(Fc, Fs, vs, b, gain):
    low, high = _band((gain + b) * vs / (2 * (Fs - Fc)), vs) if Fs > Fc else (0.0, 0.0)
    return high, low


def band_as_the_whole_step(mass, Fc, push_max, dt, hold_time, creep):
    """The step must stay inside dv: the band's width taken as dv."""
    return np.asarray(dt) * (Fc + push_max) / mass, creep / hold_time


def band_braked_by_friction_only(mass, Fc, push_max, dt, hold_time, creep):
    return 0.5 * Fc / mass * np.asarray(dt), creep / hold_time


def band_with_the_push_helping(mass, Fc, push_max, dt, hold_time, creep):
    """The push along the motion: the net braking force is Fc - push."""
    return np.abs(Fc - push_max) * np.asarray(dt) / (2 * mass), creep / hold_time


def band_without_the_mass(mass, Fc, push_max, dt, hold_time, creep):
    return (Fc + push_max) * np.asarray(dt) / 2, creep / hold_time


def band_creeping_across_the_band(mass, Fc, push_max, dt, hold_time, creep):
    """The block taken to creep at up to 2 dv."""
    return np.asarray(dt) * (Fc + push_max) / (2 * mass), creep / hold_time / 2


def band_upper_bound_first(mass, Fc, push_max, dt, hold_time, creep):
    return creep / hold_time, np.asarray(dt) * (Fc + push_max) / (2 * mass)


def fit_viscous_column_positive(v, force):
    A = np.column_stack([-np.sign(v), v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def fit_coulomb_column_positive(v, force):
    A = np.column_stack([np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


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
    ("friction.mu_from_tilt", mu_as_sine, "sin(theta) for the static coefficient"),
    ("friction.mu_from_tilt", mu_slide_without_half, "the factor 1/2 missing"),
    ("friction.mu_from_tilt", mu_k_from_the_weight, "divides the acceleration by g"),
    ("friction.stribeck", band_without_viscous, "viscous friction left out"),
    ("friction.stribeck", band_where_friction_falls, "the gain left out"),
    ("friction.stribeck", band_without_chain_rule, "the 1/vs of the chain rule"),
    ("friction.stribeck", band_in_x, "as x = v / vs"),
    ("friction.mu_from_tilt", mu_from_degrees_by_hand, "taken as degrees"),
    ("friction.stribeck", band_high_edge_first, "(v_high, v_low)"),
    ("friction.mu_from_tilt", mu_k_pressed_by_the_whole_weight,
     "in the kinetic balance only"),
    ("friction.stribeck", band_with_the_static_level_as_height, "the hump's height taken as Fs"),
    ("friction.fit_coulomb_viscous", fit_viscous_column_positive, "b has the wrong sign"),
    ("friction.fit_coulomb_viscous", fit_coulomb_column_positive, "Fc has the wrong sign"),
    ("friction.fit_coulomb_viscous", fit_viscous_only, "no sign(v) column"),
    ("friction.fit_coulomb_viscous", fit_as_the_tutorial, "a constant column"),
    ("friction.fit_coulomb_viscous", fit_forward_only, "only the positive velocities"),
    ("friction.fit_coulomb_viscous", fit_the_motor_torque, "signs of Fc and b are flipped"),
    ("friction.fit_coulomb_viscous", fit_with_a_swapped_pair, "returned as (b, Fc)"),
    ("friction.karnopp", band_as_the_whole_step, "taken as dv wide, not 2 dv"),
    ("friction.karnopp", band_braked_by_friction_only, "the push left out of the step"),
    ("friction.karnopp", band_with_the_push_helping, "along the motion"),
    ("friction.karnopp", band_without_the_mass, "not divided by the mass"),
    ("friction.karnopp", band_creeping_across_the_band, "keep up to 2 dv"),
    ("friction.karnopp", band_upper_bound_first, "(dv_high, dv_low)"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """The slips the chapter warns of, written as students write them, are named."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def band_from_a_grid(Fc, Fs, vs, b, gain):
    """The band read off a grid of speeds: right to the grid's spacing only."""
    v = np.linspace(1e-6, 10 * vs, 20001)
    x = v / vs
    unstable = gain + b - 2 * (Fs - Fc) / vs * x * np.exp(-x * x) < 0
    return (v[unstable][0], v[unstable][-1]) if unstable.any() else (0.0, 0.0)


def band_of_the_steepest_point(Fc, Fs, vs, b, gain):
    """Half the band: from 0 up to where the fall is steepest."""
    return (0.0, vs / np.sqrt(2)) if Fs > Fc else (0.0, 0.0)


def band_from_the_push_alone(mass, Fc, push_max, dt, hold_time, creep):
    """The step taken from the push alone, the friction forgotten."""
    return np.asarray(dt) * push_max / (2 * mass) + 1e-9, creep / hold_time


def fit_dropping_the_last_sample(v, force):
    A = np.column_stack([-np.sign(v[:-1]), -v[:-1]])
    Fc, b = np.linalg.lstsq(A, force[:-1], rcond=None)[0]
    return Fc, b


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("friction.stribeck", band_from_a_grid),
    ("friction.stribeck", band_of_the_steepest_point),
    ("friction.karnopp", band_from_the_push_alone),
    ("friction.fit_coulomb_viscous", fit_dropping_the_last_sample),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A slip no listed mistake explains gets the generic message, not a wrong name."""
    assert_generic_failure(exercise_id, answer)


def mu_with_the_sliding_time_squared_twice(theta, length, time, g):
    a = 2 * length / time**4
    return np.tan(theta), np.tan(theta) - a / (g * np.cos(theta))


def test_mu_unlisted_slip_is_wrong_but_not_misnamed():
    """A slip no listed mistake of 2.1 explains gets the generic message."""
    assert_generic_failure("friction.mu_from_tilt", mu_with_the_sliding_time_squared_twice)


def test_mu_reference_agrees_with_a_simulated_slide():
    """The kinetic coefficient the reference reads off a slide is the one that made it: the
    book's simulation of a block on a slope (regularised friction, an implicit solver) slides
    with mu_k, its time to cover the length is taken, and the reference gives mu_k back."""
    from robodyn.contact import slide_on_incline

    exercise = get_exercise("friction.mu_from_tilt")
    theta, length, mu_k, g = 0.8, 0.5, 0.7, 9.81
    run = slide_on_incline(theta, mu_s=0.999 * np.tan(theta), mu_k=mu_k, v_crit=1e-5,
                           t_end=2.0, samples=20001)
    time = float(np.interp(length, run.s, run.t))
    mu_s, found = exercise.reference(theta, length, time, g)
    assert mu_s == pytest.approx(np.tan(theta), rel=1e-12)
    assert found == pytest.approx(mu_k, rel=2e-3)
    assert exercise.reference(theta, length, 1.05 * time, g)[1] > mu_k + 0.01


def test_mu_reference_reduces_to_the_chapters_functions():
    """mu_s is the chapter's tan(theta) (robodyn.friction.mu_from_tilt); a slide as slow as
    the limit of no acceleration gives mu_k = mu_s; every case has 0 < mu_k < mu_s, so the
    one-angle answer of the chapter fails the kinetic output."""
    from robodyn import friction

    exercise = get_exercise("friction.mu_from_tilt")
    for case in exercise.cases():
        theta, length, time, g = case.args
        mu_s, mu_k = exercise.reference(*case.args)
        np.testing.assert_allclose(mu_s, friction.mu_from_tilt(theta).mu, rtol=1e-14)
        assert np.all((mu_k > 0.05 * mu_s) & (mu_k < 0.99 * mu_s)), case.about
    slow = exercise.reference(0.7, 0.5, 1e6, 9.81)
    assert slow[1] == pytest.approx(slow[0], rel=1e-10)


def test_a_crashing_answer_and_a_wrong_shape_are_reported():
    def crashes(theta, length, time, g):
        return theta.tan(), theta.tan()

    def scalar_for_arrays(theta, length, time, g):
        angle, t = float(np.ravel(theta)[0]), float(np.ravel(time)[0])
        return math.tan(angle), math.tan(angle) - 2 * length / (t * t * g * math.cos(angle))

    assert "AttributeError" in summary("friction.mu_from_tilt", crashes)
    line = summary("friction.mu_from_tilt", scalar_for_arrays)
    assert "wrong" in line or "shape" in line


def band_crashing_when_empty(Fc, Fs, vs, b, gain):
    """brentq without a sign change where the loop holds every speed: a ValueError."""
    def f(x):
        return (gain + b) * vs / (2 * (Fs - Fc)) - x * np.exp(-x * x)

    top = 1 / np.sqrt(2)
    return vs * brentq(f, 0, top), vs * brentq(f, top, 40.0)


def test_the_empty_band_is_a_case_of_its_own():
    """The loop that holds every speed (2.2) is a fixed case whose hint says what to return; a
    root finder without a bracket there is reported with that call."""
    exercise = get_exercise("friction.stribeck")
    empty = [case for case in exercise.cases() if exercise.reference(*case.args) == (0.0, 0.0)]
    assert any("(0.0, 0.0)" in case.hint for case in empty) and len(empty) >= 2
    message = str(evaluate(exercise, band_crashing_when_empty).failure)
    assert "ValueError" in message and "gain=10.0)" in message


def band_refusing_an_empty_band(mass, Fc, push_max, dt, hold_time, creep):
    """NaN where no band does both, though the text asks for the two bounds anyway."""
    low, high = np.asarray(dt) * (Fc + push_max) / (2 * mass), creep / hold_time
    return np.where(low < high, low, np.nan), high


def test_the_empty_band_of_the_chapter_s_steps_is_a_case_with_its_hint():
    """2.3: the block of section 2.2.1 on steps of 1 ms has no band; the case says so."""
    exercise = get_exercise("friction.karnopp")
    case = exercise.cases()[0]
    low, high = exercise.reference(*case.args)
    assert low > high and "anyway" in case.hint
    assert "no band does both" in str(evaluate(exercise, band_refusing_an_empty_band).failure)


def _stepped(mass, Fc, push, dt, dv, v0, t_end):
    """The book's fixed-step simulation of a block that starts at v0 under a constant push
    against its motion (a static level above the push, so a caught block is held)."""
    from robodyn import friction

    block = friction.SlidingBlock(mass=mass, Fc=Fc, Fs=max(Fc, push) + 1.0, dv=dv)
    return friction.simulate_block(block, lambda t: -push, t_end, dt=dt, v0=v0)


@pytest.mark.parametrize("index", range(9))
def test_karnopp_band_by_the_book_s_simulation(index):
    """2.3, against robodyn.friction.simulate_block on the check's scalar cases: a block that
    starts at the band's edge under the largest push against its motion is caught and held
    with a band 1 % wider than dv_low and jumps over a band 1 % narrower, into sliding
    backwards; caught just under the band's edge with dv = dv_high, it creeps 99 % to 100 % of
    the allowed creep in the hold time."""
    exercise = get_exercise("friction.karnopp")
    mass, Fc, push, dt, hold_time, creep = exercise.cases()[index].args
    low, high = exercise.reference(mass, Fc, push, dt, hold_time, creep)
    wide = 1.01 * low
    run = _stepped(mass, Fc, push, dt, wide, wide, 20 * dt)
    assert abs(run.v[-1]) < wide and run.v[-1] == run.v[2]          # caught, and held
    narrow = 0.99 * low
    run = _stepped(mass, Fc, push, dt, narrow, narrow, 20 * dt)
    assert run.v[1] <= -narrow                                       # jumped over the band
    jump = 2 * low
    caught = high * (1 - 1e-3)
    n = round(hold_time / dt)
    run = _stepped(mass, Fc, push, dt, high, caught + jump, n * dt)
    assert abs(run.v[1] - caught) < 1e-9 * high
    crept = run.x[-1] - run.x[1]
    assert 0.99 * creep * (n - 1) / n <= crept <= creep


def fit_unpacking_lstsq(v, force):
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)
    return Fc, b


def fit_taking_the_residuals(v, force):
    A = np.column_stack([-np.sign(v), -v])
    solution = np.linalg.lstsq(A, force, rcond=None)
    Fc, b = solution[1]
    return Fc, b


def fit_by_solve_on_a_tall_matrix(v, force):
    A = np.column_stack([-np.sign(v), -v])
    return tuple(np.linalg.solve(A, force))


def test_errors_are_named_only_with_their_message():
    """lstsq's four-item result unpacked, or its residuals taken, raise ValueErrors that the
    check names by their message; np.linalg.solve on the tall matrix raises a LinAlgError of
    another message, which the mistake of a transposed A (also a LinAlgError) must not claim."""
    assert "looks like lstsq's whole result unpacked" in summary(
        "friction.fit_coulomb_viscous", fit_unpacking_lstsq)
    assert "looks like the second item of lstsq's result" in summary(
        "friction.fit_coulomb_viscous", fit_taking_the_residuals)
    line = summary("friction.fit_coulomb_viscous", fit_by_solve_on_a_tall_matrix)
    assert "LinAlgError" in line and "looks like" not in line, line


# --------------------------------------------------------------------------- 2.5 stick-slip period


def period_by_events(mass, stiffness, Fc, Fs, belt_speed):
    """A simulation, not the closed form: the slip integrated by solve_ivp from breakaway,
    half a turn first, then on until the block matches the belt again (an event), and the
    ride back to breakaway at the belt's speed."""
    from scipy.integrate import solve_ivp

    def slipping(t, y):
        return [y[1], (-stiffness * y[0] + Fc) / mass]

    def matches_belt(t, y):
        return y[1] - belt_speed

    matches_belt.terminal, matches_belt.direction = True, 1.0
    x_break = Fs / stiffness
    half_turn = math.pi * math.sqrt(mass / stiffness)
    if Fs == Fc:  # the belt's speed is the top of the circle: touched once a turn, not crossed
        return 2 * half_turn
    tight = {"rtol": 1e-12, "atol": 1e-14, "method": "DOP853", "max_step": half_turn / 200}
    first = solve_ivp(slipping, (0.0, half_turn), [x_break, belt_speed], **tight)
    rest = solve_ivp(slipping, (half_turn, 2 * half_turn), first.y[:, -1],
                     events=matches_belt, **tight)
    slip = rest.t_events[0][0]
    return slip + (x_break - rest.y_events[0][0][0]) / belt_speed


def period_through_the_bottom(mass, stiffness, Fc, Fs, belt_speed):
    """Another formula: the arc as a half turn plus twice the angle below the horizontal of
    the two points, measured from the axis v = 0 (pi + 2 arctan(u / d))."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    u = belt_speed / omega
    angle = np.pi + 2 * (np.pi / 2 if d == 0 else np.arctan(u / d))
    return angle / omega + 2 * d / belt_speed


def period_by_sympy(mass, stiffness, Fc, Fs, belt_speed):
    """sympy solves the slip x(t) = xc + A cos(w t) + B sin(w t) for the time at which the
    velocity is the belt's again, the first root after t = 0."""
    t = sp.Symbol("t", positive=True)
    w = sp.sqrt(sp.Float(stiffness) / mass)
    xc, x0 = sp.Float(Fc) / stiffness, sp.Float(Fs) / stiffness
    x = xc + (x0 - xc) * sp.cos(w * t) + belt_speed / w * sp.sin(w * t)
    v = sp.diff(x, t)
    # v - v_b = 0 has the root t = 0 and one per turn after it: the second root of its
    # half-angle form tan(w t / 2) = -(x0 - xc) w / v_b, taken in (0, 2 pi / w)
    angle = 2 * (sp.pi - sp.atan((x0 - xc) * w / belt_speed))
    slip = float(angle / w)
    assert abs(float(v.subs(t, slip)) - belt_speed) < 1e-9 * max(1.0, belt_speed)
    return slip + 2 * float(x0 - xc) / belt_speed


@pytest.mark.parametrize("answer", [period_by_events, period_through_the_bottom,
                                    period_by_sympy],
                         ids=lambda value: value.__name__)
def test_period_right_answers_pass(answer):
    """2.5: an event-located simulation, another form of the arc, sympy: all pass at 1e-6."""
    assert summary("friction.stick_slip_period", answer) == "passed"


def period_slip_only(mass, stiffness, Fc, Fs, belt_speed):
    w = math.sqrt(stiffness / mass)
    alpha = math.atan(w * (Fs - Fc) / stiffness / belt_speed)
    return (2 * math.pi - 2 * alpha) / w


def period_short_arc(mass, stiffness, Fc, Fs, belt_speed):
    w = math.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    return 2 * math.atan(w * d / belt_speed) / w + 2 * d / belt_speed


def period_half_turn(mass, stiffness, Fc, Fs, belt_speed):
    return math.pi * math.sqrt(mass / stiffness) + 2 * (Fs - Fc) / (stiffness * belt_speed)


def period_omega_squared(mass, stiffness, Fc, Fs, belt_speed):
    w = stiffness / mass
    d = (Fs - Fc) / stiffness
    return (2 * math.pi - 2 * math.atan2(w * d, belt_speed)) / w + 2 * d / belt_speed


def period_tangent_upside_down(mass, stiffness, Fc, Fs, belt_speed):
    w = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(belt_speed, w * d)
    return 2 * (np.pi - alpha) / w + 2 * d / belt_speed


def period_half_ride(mass, stiffness, Fc, Fs, belt_speed):
    w = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    return (2 * np.pi - 2 * np.arctan(w * d / belt_speed)) / w + d / belt_speed


def period_mirror_about_anchor(mass, stiffness, Fc, Fs, belt_speed):
    """The slip's circle right, but the block taken to stick again at -Fs / k."""
    w = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    slip = (2 * np.pi - 2 * np.arctan(w * d / belt_speed)) / w
    return slip + (Fs / stiffness - (-Fs / stiffness)) / belt_speed


def period_without_friction_in_slip(mass, stiffness, Fc, Fs, belt_speed):
    """m x'' = -k x while slipping: a circle about the anchor."""
    w = np.sqrt(stiffness / mass)
    x0 = Fs / stiffness
    return (2 * np.pi - 2 * np.arctan(w * x0 / belt_speed)) / w + 2 * x0 / belt_speed


def period_of_the_free_oscillator(mass, stiffness, Fc, Fs, belt_speed):
    """The textbook period of a mass on a spring, the belt and friction ignored."""
    return 2 * math.pi * math.sqrt(mass / stiffness)


PERIOD_SLIPS = [
    (period_of_the_free_oscillator, "without the belt, 2 pi / omega"),
    (period_slip_only, "sticking phase is left out"),
    (period_short_arc, "the short way"),
    (period_half_turn, "half a turn"),
    (period_omega_squared, "k / m, without the square root"),
    (period_tangent_upside_down, "tangent upside down"),
    (period_half_ride, "half its length"),
    (period_mirror_about_anchor, "2 Fs / k"),
    (period_without_friction_in_slip, "friction is left out of the slip"),
]


@pytest.mark.parametrize(("answer", "name"), PERIOD_SLIPS,
                         ids=[answer.__name__ for answer, _ in PERIOD_SLIPS])
def test_period_wrong_answers_are_named(answer, name):
    """2.5: derivations with a slip, written as students write them, are named."""
    line = summary("friction.stick_slip_period", answer)
    assert line.startswith("friction.stick_slip_period: wrong result — looks like ")
    assert name in line, line


def period_by_fixed_steps(mass, stiffness, Fc, Fs, belt_speed):
    """The slip by a fixed-step loop (semi-implicit Euler, 0.1 ms) until the block is back at
    the belt's speed, the ride by the closed form: off by about a step, which the exercise
    says is not accurate enough."""
    dt, omega = 1e-4, math.sqrt(stiffness / mass)
    x, v, t = Fs / stiffness, belt_speed, 0.0
    while t < 10 * 2 * math.pi / omega:
        v += (-stiffness * x + Fc) / mass * dt
        x += v * dt
        t += dt
        if v >= belt_speed:
            break
    return t + (Fs / stiffness - x) / belt_speed


def test_period_by_a_coarse_simulation_is_wrong_but_not_misnamed():
    """2.5: a fixed-step simulation off by parts in a thousand gets the generic message."""
    assert_generic_failure("friction.stick_slip_period", period_by_fixed_steps)


def test_period_check_cases_hold_the_boundaries_of_the_text():
    """2.5: Fs = Fc (no sticking: the period is 2 pi / omega) and Fc = 0 are cases."""
    exercise = get_exercise("friction.stick_slip_period")
    cases = {case.about.split(",")[0]: case.args for case in exercise.cases() if case.about}
    mass, stiffness, Fc, Fs, belt = cases["Fs = Fc"]
    assert exercise.reference(mass, stiffness, Fc, Fs, belt) == pytest.approx(
        2 * math.pi * math.sqrt(mass / stiffness), rel=1e-12)
    assert cases["Fc = 0"][2] == 0.0


#: What exercises 2.2, 2.3 and 2.5 ask the student to compose: no message may print it.
ANSWER_LINES = ["Fc + (Fs - Fc)", "(Fs - Fc) * exp", "(Fs - Fc) exp", "exp(-(v / vs)",
                "exp(-(v/vs)", "exp(-|v/vs|", "-sat(", "np.clip(applied, -Fs, Fs)",
                "-clip(applied", "2 pi - 2 alpha", "2*pi - 2*alpha", "omega d / v_b",
                "arctan2(omega", "2 (Fs - Fc) / (k v_b)", "2 d / v_b", "x exp(-x",
                "x * exp(-x", "(gain + b) * vs", "(gain + b) vs", "2 (Fs - Fc) / vs",
                "(Fc + push_max)", "(push_max + Fc)", "creep / hold_time", "/ (2 * mass)",
                "/ (2 mass)"]


@pytest.mark.parametrize("exercise_id", ["friction.stribeck", "friction.karnopp",
                                         "friction.stick_slip_period"])
def test_no_message_prints_the_answer(exercise_id):
    """Mistake names and hints, and the cases' texts, teach without printing the formula
    the student is asked to compose (issue 23)."""
    exercise = get_exercise(exercise_id)
    texts = [text for mistake in exercise.mistakes for text in (mistake.name, mistake.hint)]
    texts += [text for case in exercise.cases() for text in (case.about, case.hint, case.note)]
    texts.append(exercise.description)
    for text in texts:
        flat = " ".join(text.split())
        assert not [line for line in ANSWER_LINES if line in flat], text


# --------------------------------------------------------------------------- 2.2 hunting band


def test_hunting_band_agrees_with_lambert_w():
    """The reference's root finder agrees with the closed form by Lambert's W on every case,
    hidden ones included, to 1e-12."""
    exercise = get_exercise("friction.stribeck")
    for case in exercise.hidden_cases(11, rounds=3):
        np.testing.assert_allclose(exercise.reference(*case.args), band_by_lambert_w(*case.args),
                                   rtol=1e-12, atol=1e-15)


def test_hunting_band_edges_are_where_the_book_law_meets_the_gain():
    """At each edge the slope of the book's Stribeck torque, by central differences, is minus
    the gain; inside the band the total damping is negative, just outside it positive."""
    from robodyn import friction

    exercise = get_exercise("friction.stribeck")
    for case in exercise.cases():
        Fc, Fs, vs, b, gain = case.args
        low, high = exercise.reference(*case.args)
        if high == 0.0:
            continue

        def damping(v, Fc=Fc, Fs=Fs, vs=vs, b=b, gain=gain):
            h = 1e-7 * vs
            torque = -friction.stribeck(np.array([v - h, v + h]), Fc, Fs, vs, b)
            return gain + (torque[1] - torque[0]) / (2 * h)

        scale = 2 * (Fs - Fc) / vs
        for edge in (low, high):
            assert abs(damping(edge)) < 1e-6 * scale, case.about
        assert damping((low + high) / 2) < 0 < min(damping(0.99 * low), damping(1.01 * high))


def test_hunting_band_by_simulating_the_loop():
    """The book's PI speed loop (robodyn.friction.hold_speed, fixed steps) on the joint of
    section 2.6 under k = 2 holds a speed 10 % outside the band steady and hunts 10 % inside
    it, with a ripple larger than the speed."""
    from robodyn import friction

    Fc, Fs, vs, b, gain = 0.5, 0.8, 0.1, 0.1, 2.0
    low, high = get_exercise("friction.stribeck").reference(Fc, Fs, vs, b, gain)

    def ripple(target):
        run = friction.hold_speed(lambda w: friction.stribeck(w, Fc, Fs, vs, b), target,
                                  inertia=0.01, gain=gain, integral_gain=20.0, t_end=4.0,
                                  dt=1e-4)
        return np.ptp(run.omega[run.t > 3.0]) / target

    for held in (0.9 * low, 1.1 * high):
        assert ripple(held) < 1e-3
    for hunts in (1.1 * low, 0.9 * high):
        assert ripple(hunts) > 1.0
