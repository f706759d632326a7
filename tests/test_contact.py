"""Tests of robodyn.contact: sizing, force laws, restitution, friction, geometry, the ball drop."""

import warnings

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from robodyn import contact, friction
from robodyn.core.errors import ParameterError, ParameterTypeError, SimulationError
from robodyn.laws.contact import normal_force_float
from robodyn.laws.friction import contact_friction_float

SEED = 20240603


# --------------------------------------------------------------------------- sizing


def test_stiffness_and_damping_take_hand_values():
    assert contact.stiffness_for_penetration(3.5, 1e-4) == pytest.approx(3.5 * 9.81 / 1e-4)
    assert contact.stiffness_for_penetration(1.0, 1e-3, g=1.62) == pytest.approx(1620.0)
    np.testing.assert_allclose(contact.stiffness_for_penetration([1.0, 2.0], 1e-3),
                               [9810.0, 19620.0])
    assert contact.damping_for_ratio(1e4, 1.0, 2.5) == pytest.approx(500.0)
    assert contact.damping_for_ratio(1e4, 4.0, 0.0) == 0.0


def test_equal_contacts_sized_for_their_shares_add_up_to_one_for_the_whole_robot():
    """k = m g / d with m the mass a contact carries: n equal contacts sized for m / n each
    sum to the lumped contact of chapter 3 (same k, same c, so the same drop), while contacts
    each sized for the whole mass would hold the robot at d / n, not d."""
    mass, sink, zeta = 3.5, 1e-4, 1.6
    lumped_k = contact.stiffness_for_penetration(mass, sink)
    lumped_c = contact.damping_for_ratio(lumped_k, mass, zeta)
    for n in (2, 3, 4):
        share_k = contact.stiffness_for_penetration(mass / n, sink)
        share_c = contact.damping_for_ratio(share_k, mass / n, zeta)
        assert n * share_k == pytest.approx(lumped_k, rel=1e-12)
        assert n * share_c == pytest.approx(lumped_c, rel=1e-12)
        assert mass * 9.81 / (n * share_k) == pytest.approx(sink, rel=1e-12)
        assert mass * 9.81 / (n * lumped_k) == pytest.approx(sink / n, rel=1e-12)


@pytest.mark.parametrize(("call", "match"), [
    (lambda: contact.stiffness_for_penetration(-1.0, 1e-3), "mass must be > 0"),
    (lambda: contact.stiffness_for_penetration(1.0, 0.0), "penetration must be > 0"),
    (lambda: contact.stiffness_for_penetration(1.0, np.nan), "penetration"),
    (lambda: contact.stiffness_for_penetration(1.0, 1e-3, g=0), "g must be > 0"),
    (lambda: contact.damping_for_ratio(1e4, 1.0, -0.1), "zeta"),
    (lambda: contact.damping_for_ratio(-1e4, 1.0, 0.1), "k must be > 0"),
    (lambda: contact.hunt_crossley_damping(1e4, 1.2, 1.0), "restitution must lie"),
])
def test_bad_sizing_inputs_are_named(call, match):
    with pytest.raises(ParameterError, match=match):
        call()


def test_a_string_is_a_type_error():
    with pytest.raises(ParameterTypeError, match="mass"):
        contact.stiffness_for_penetration("heavy", 1e-3)


# --------------------------------------------------------------------------- normal force


def test_normal_force_is_zero_apart_and_never_pulls():
    rng = np.random.default_rng(SEED)
    depth = rng.normal(0, 1e-3, 500)
    rate = rng.normal(0, 1.0, 500)
    for model in contact.FORCE_MODELS:
        force = contact.normal_force(depth, rate, 1e4, 80.0, model=model, exponent=1.5)
        assert np.all(force >= 0.0)
        assert np.all(force[depth <= 0] == 0.0)
    inside = depth > 0
    linear = contact.normal_force(depth, rate, 1e4, 80.0)
    expected = np.maximum(1e4 * depth + 80.0 * rate, 0.0)
    np.testing.assert_allclose(linear[inside], expected[inside])
    hunt = contact.normal_force(depth, rate, 1e4, 80.0, model="hunt-crossley", exponent=1.5)
    expected = np.maximum(np.abs(depth) ** 1.5 * (1e4 + 80.0 * rate), 0.0)
    np.testing.assert_allclose(hunt[inside], expected[inside])


def test_the_unclamped_linear_model_pulls_and_jumps():
    # impact: at zero depth moving in at 1 m/s the linear force jumps to c v, Hunt-Crossley's
    # starts from zero
    assert contact.normal_force(1e-12, 1.0, 1e4, 50.0) == pytest.approx(50.0, rel=1e-6)
    assert contact.normal_force(1e-12, 1.0, 1e4, 50.0, model="hunt-crossley") < 1e-6
    # parting fast at a small depth: the raw force is a pull, the clamp removes it
    assert contact.normal_force(1e-4, -1.0, 1e4, 50.0, clamp=False) == pytest.approx(-49.0)
    assert contact.normal_force(1e-4, -1.0, 1e4, 50.0) == 0.0


def test_the_float_force_of_the_drop_loop_equals_normal_force():
    rng = np.random.default_rng(SEED)
    for model in contact.FORCE_MODELS:
        for depth, rate in zip(rng.normal(0, 1e-3, 200), rng.normal(0, 1, 200), strict=True):
            expected = contact.normal_force(depth, rate, 2e4, 30.0, model=model, exponent=1.5)
            assert normal_force_float(float(depth), float(rate), 2e4, 30.0, model,
                                               1.5) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(("call", "match"), [
    (lambda: contact.normal_force(1e-3, 0.0, 1e4, 1.0, model="hertz"), "model"),
    (lambda: contact.normal_force([1e-3, 2e-3], [0.0, 0.0, 0.0], 1e4, 1.0), "shape|broadcast"),
    (lambda: contact.normal_force(np.nan, 0.0, 1e4, 1.0), "depth"),
    (lambda: contact.normal_force(1e-3, 0.0, -1.0, 1.0), "k must be >= 0"),
    (lambda: contact.normal_force(1e-3, 0.0, 1e4, 1.0, exponent=0.0), "exponent"),
    (lambda: contact.normal_force(1e-3, 0.0, 1e4, 1.0, clamp="yes"), "clamp"),
])
def test_bad_force_inputs_are_named(call, match):
    with pytest.raises(ParameterError, match=match):
        call()


# --------------------------------------------------------------------------- restitution


def _simulated_restitution(zeta, k=1e4, m=1.0):
    """An independent integration of one impact without gravity: release when the force is 0."""
    c = 2 * zeta * np.sqrt(k * m)

    def rhs(t, x):
        return [x[1], -max(k * x[0] + c * x[1], 0.0) / m]

    def release(t, x):
        return k * x[0] + c * x[1]

    release.terminal, release.direction = True, -1
    sol = solve_ivp(rhs, (0, 1), [0.0, 1.0], events=release, rtol=1e-11, atol=1e-13,
                    max_step=1e-4)
    return -sol.y_events[0][0][1]


@pytest.mark.parametrize("zeta", [0.05, 0.2, 0.5, 1 / np.sqrt(2), 0.9, 1.0, 1.5, 3.0])
def test_restitution_closed_form_matches_an_integration_of_the_impact(zeta):
    assert contact.restitution_linear(zeta) == pytest.approx(_simulated_restitution(zeta),
                                                             rel=1e-7)


def test_restitution_limits_and_shape():
    assert contact.restitution_linear(0.0) == 1.0
    zeta = np.linspace(0, 5, 501)
    e = contact.restitution_linear(zeta)
    assert np.all(np.diff(e) < 0)          # more damping, less bounce
    assert np.all((e > 0) & (e <= 1))
    assert contact.restitution_linear(1e3) == pytest.approx(1 / (4 * 1e6), rel=1e-3)
    # continuous through critical damping
    near = contact.restitution_linear([1 - 1e-6, 1.0, 1 + 1e-6])
    np.testing.assert_allclose(near, np.exp(-2.0), rtol=1e-5)
    # above the classic formula, which counts the pulling tail
    z = np.array([0.1, 0.3, 0.6])
    assert np.all(contact.restitution_linear(z) > np.exp(-np.pi * z / np.sqrt(1 - z**2)))
    with pytest.raises(ParameterError, match="zeta"):
        contact.restitution_linear(-0.1)


def first_apex(run, g=9.81):
    """Height of the first apex after the first bounce, from the first rising flight sample
    (z + w^2 / 2g is constant in flight, so the solver's sparse samples do not matter)."""
    rising = np.flatnonzero((run.z > 0) & (run.w > 0))[0]
    return run.z[rising] + run.w[rising] ** 2 / (2 * g)


@pytest.mark.parametrize("zeta", [0.05, 0.3, 0.6, 0.9])
def test_a_dropped_ball_rebounds_as_the_closed_form_says(zeta):
    """With gravity and a stiff floor (k = 1e8 N/m), the first apex is e^2 times the drop height
    to within 1 % in e: gravity acts during the contact of about 0.3 ms, which the closed form
    neglects, and changes the rebound speed by about g t_c = 3 mm/s of the 0.5 to 2.7 m/s."""
    k = 1e8
    run = contact.drop(k=k, c=contact.damping_for_ratio(k, 1.0, zeta), height=0.5, t_end=0.5,
                       rtol=1e-9, atol=1e-12)
    assert np.sqrt(first_apex(run) / 0.5) == pytest.approx(contact.restitution_linear(zeta),
                                                           rel=1e-2)


# --------------------------------------------------------------------------- the drop


def test_the_ball_comes_to_rest_at_the_static_penetration():
    run = contact.drop(k=1e4, c=500.0, t_end=2.0)
    assert -run.z[-1] == pytest.approx(9.81 / 1e4, rel=1e-4)
    assert run.force[-1] == pytest.approx(9.81, rel=1e-4)
    assert run.evaluations > 0 and run.wall_time > 0 and run.method == "Radau"


def test_contacts_never_create_energy():
    """E = m w^2 / 2 + m g z + k delta^2 / 2 never rises: the damper and the clamp only take."""
    def energy(run):
        depth = np.maximum(-run.z, 0.0)
        return 0.5 * run.w**2 + 9.81 * run.z + 0.5 * 1e5 * depth**2

    for model, c in (("linear", 20.0), ("linear", 0.0), ("hunt-crossley", 2e4)):
        run = contact.drop(k=1e5, c=c, t_end=1.5, model=model, exponent=1.0, rtol=1e-10,
                           atol=1e-12)
        assert np.all(np.diff(energy(run)) <= 1e-6 * energy(run)[0]), model
    elastic = contact.drop(k=1e5, c=0.0, t_end=1.5, rtol=1e-10, atol=1e-12)
    assert np.ptp(energy(elastic)) < 1e-4 * energy(elastic)[0]   # without damping it is kept


def test_the_solvers_agree_on_the_ball_drop():
    apexes = {}
    for method in ("Radau", "BDF", "LSODA", "RK45"):
        run = contact.drop(k=1e5, c=contact.damping_for_ratio(1e5, 1.0, 0.1), t_end=0.5,
                           method=method, rtol=1e-8, atol=1e-11)
        apexes[method] = first_apex(run)
    reference = apexes.pop("Radau")
    for method, apex in apexes.items():
        assert apex == pytest.approx(reference, rel=2e-3), method


def test_a_stiffer_floor_costs_an_explicit_solver_more_evaluations():
    """Resting on the floor, RK45's step is bounded by the contact frequency; Radau's is not."""
    costs = {method: [contact.drop(k=k, c=contact.damping_for_ratio(k, 1.0, 0.5), t_end=3.0,
                                   method=method).evaluations for k in (1e4, 1e7)]
             for method in ("RK45", "Radau")}
    assert costs["RK45"][1] > 8 * costs["RK45"][0]
    assert costs["Radau"][1] < 3 * costs["Radau"][0]
    assert costs["Radau"][1] < costs["RK45"][1] / 2


@pytest.mark.parametrize("method", ["Radau", "BDF", "LSODA", "RK45"])
@pytest.mark.parametrize("model, c", [("linear", 60.0), ("hunt-crossley", 2.0)])
def test_flights_in_closed_form_give_the_solved_drop(method, model, c):
    """Taking the flights from the free fall's closed form changes nothing but the effort:
    the same bounces as with every phase solved at tight tolerances (the implicit methods with
    the contact's Jacobian in closed form, which must be right for them to agree)."""
    options = dict(k=1e4, c=c, model=model, exponent=1.5 if model != "linear" else 1.0,
                   t_end=1.0, samples=400, rtol=1e-9, atol=1e-12)
    solved = contact.drop(method="Radau", **options)
    exact = contact.drop(method=method, flights="exact", **options)
    assert np.max(np.abs(exact.z - solved.z)) < 2e-6            # m
    assert exact.evaluations < solved.evaluations
    assert first_apex(exact) == pytest.approx(first_apex(solved), rel=1e-5)
    assert exact.hop_height == pytest.approx(solved.hop_height, rel=1e-5)
    assert solved.hop_height == pytest.approx(first_apex(solved), rel=1e-9)


@pytest.mark.parametrize("model, c, n", [("linear", 60.0, 1.0), ("hunt-crossley", 2.0, 1.5),
                                         ("hunt-crossley", 0.5, 1.0)])
def test_the_contact_jacobian_of_the_drop_is_the_derivative_of_its_rate(model, c, n):
    """The implicit solvers' Jacobian against central differences of the rate, at random
    states in the floor, pushing or clamped (rising fast)."""
    rng = np.random.default_rng(3)
    for z, w in zip(-rng.uniform(1e-5, 5e-3, 40), rng.uniform(-3.0, 3.0, 40), strict=True):
        x, step = np.array([z, w]), np.array([1e-9, 1e-6])
        numeric = np.column_stack([
            (contact.ball_drop._in_contact_rate(x + dx, 1e4, c, 1.0, 9.81, model, n)
             - contact.ball_drop._in_contact_rate(x - dx, 1e4, c, 1.0, 9.81, model, n))
            / (2 * dx.sum())
            for dx in np.diag(step)])
        exact = contact.ball_drop._in_contact_jacobian(x, 1e4, c, 1.0, model, n)
        assert np.allclose(exact, numeric, rtol=1e-5, atol=1e-3), (z, w, exact, numeric)


def test_a_flight_in_closed_form_is_the_free_fall_until_it_lands():
    """From rest at h = 0.5 m: z = h - g t^2 / 2 and w = -g t exactly until the landing at
    sqrt(2 h / g), and in the floor just after it."""
    run = contact.drop(height=0.5, k=1e6, c=2e3, t_end=0.5, samples=501, flights="exact")
    landing = np.sqrt(2 * 0.5 / 9.81)
    falling = run.t < landing
    assert np.allclose(run.z[falling], 0.5 - 9.81 * run.t[falling] ** 2 / 2, rtol=0,
                       atol=1e-13)
    assert np.allclose(run.w[falling], -9.81 * run.t[falling], rtol=0, atol=1e-13)
    assert run.z[np.flatnonzero(~falling)[0]] < 0


# ------------------------------------------------ the hop of chapter 3's robot ("Bounce or stay?")

#: Chapter 3's robot: chapter 4's 3.5 kg on contacts sized to sink 0.1 mm, zeta = 1.6, dropped
#: from 0.6 m; g as in the package.
ROBOT_MASS, ROBOT_SINK, ROBOT_ZETA, ROBOT_DROP, GRAVITY = 3.5, 1e-4, 1.6, 0.6, 9.81


def robot_floor():
    """k = m g / d and c = 2 zeta sqrt(k m) of the robot's floor, written out here."""
    k = ROBOT_MASS * GRAVITY / ROBOT_SINK
    return k, 2 * ROBOT_ZETA * np.sqrt(k * ROBOT_MASS)


def hop_in_closed_form(mass, k, zeta, height, g=GRAVITY):
    """The overdamped contact in closed form: delta'' + 2 zeta w delta' + w^2 delta = g from
    delta = 0, delta' = sqrt(2 g h); the force k delta + c delta' returns to zero at t_r
    (a root by brentq), the ball then coasts under gravity alone: its apex is
    delta'(t_r)^2 / (2 g) - delta(t_r) above the floor. Returns (apex, depth, rate) at t_r."""
    from scipy.optimize import brentq

    omega, s = np.sqrt(k / mass), np.sqrt(zeta**2 - 1)
    r1, r2 = omega * (-zeta + s), omega * (-zeta - s)
    rest, v0 = g / omega**2, np.sqrt(2 * g * height)
    a = (v0 + r2 * rest) / (r1 - r2)                # a + b = -rest, r1 a + r2 b = v0
    b = -rest - a

    def depth(t):
        return rest + a * np.exp(r1 * t) + b * np.exp(r2 * t)

    def rate(t):
        return r1 * a * np.exp(r1 * t) + r2 * b * np.exp(r2 * t)

    def push(t):
        return omega**2 * depth(t) + 2 * zeta * omega * rate(t)

    grid = np.linspace(0.0, 20.0 / omega, 20_001)
    first = np.flatnonzero(push(grid) <= 0)[0]
    t_r = brentq(push, grid[first - 1], grid[first], xtol=1e-15)
    d_r, v_r = depth(t_r), rate(t_r)
    # no second push before the ball is out: the force k d + c d' of the free coast stays <= 0
    coast = np.linspace(0.0, (-v_r - np.sqrt(v_r**2 - 2 * g * d_r)) / g, 1001)
    assert np.all(omega**2 * (d_r + v_r * coast + g * coast**2 / 2)
                  + 2 * zeta * omega * (v_r + g * coast) <= 0)
    return v_r**2 / (2 * g) - d_r, d_r, v_r


def hop_by_rk4(mass, k, c, height, h=1e-6, g=GRAVITY):
    """Fixed-step RK4 from the impact (z = 0, w = -sqrt(2 g h)) with F = max(k d - c w, 0)
    for d = -z >= 0, through the contact and the flight; the highest z of the steps once the
    ball has left the floor, until it falls again (within g h^2 / 8 of the apex)."""
    def rate(z, w):
        push = max(-k * z - c * w, 0.0) if z <= 0 else 0.0
        return w, -g + push / mass

    z, w, top = 0.0, -np.sqrt(2 * g * height), None
    for _ in range(200_000):
        k1 = rate(z, w)
        k2 = rate(z + h / 2 * k1[0], w + h / 2 * k1[1])
        k3 = rate(z + h / 2 * k2[0], w + h / 2 * k2[1])
        k4 = rate(z + h * k3[0], w + h * k3[1])
        z += h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        w += h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        if z > 0:
            top = z if top is None else max(top, z)
        if top is not None and w < 0:
            return top
    raise AssertionError("the RK4 run did not leave the floor and fall again")


def test_the_two_independent_hops_agree():
    """The closed form of the contact and fixed-step RK4 give one hop, to 1e-9 relative."""
    k, c = robot_floor()
    apex, _, _ = hop_in_closed_form(ROBOT_MASS, k, ROBOT_ZETA, ROBOT_DROP)
    assert hop_by_rk4(ROBOT_MASS, k, c, ROBOT_DROP) == pytest.approx(apex, rel=1e-6)
    assert 2.7e-4 < apex < 2.8e-4                   # m: a quarter of a millimetre


@pytest.mark.parametrize("method", ["Radau", "RK45", "LSODA"])
@pytest.mark.parametrize("flights", ["solver", "exact"])
def test_the_robot_s_hop_at_zeta_1_6_from_0_6_m_matches_the_closed_form(method, flights):
    """Chapter 3's hop (zeta 1.6, 0.6 m) is the closed form's to 1e-5, whatever the solver's
    steps; the highest of the solver's own samples fell 0.14 mm short of it."""
    k, c = robot_floor()
    apex, depth, rate = hop_in_closed_form(ROBOT_MASS, k, ROBOT_ZETA, ROBOT_DROP)
    run = contact.drop(mass=ROBOT_MASS, height=ROBOT_DROP, k=k, c=c, g=GRAVITY,
                       t_end=np.sqrt(2 * ROBOT_DROP / GRAVITY) + 0.1, rtol=1e-9, atol=1e-12,
                       method=method, flights=flights)
    assert run.hop_height == pytest.approx(apex, rel=1e-5)
    (top,) = run.event_states["apex"][:, 0]
    assert top == run.hop_height
    # it leaves the floor at the speed the coast from the release depth leaves it
    (w_off,) = run.event_states["lifts_off"][:, 1]
    assert w_off == pytest.approx(np.sqrt(rate**2 - 2 * GRAVITY * depth), rel=1e-5)


#: The ways drop() may take its flights and store its samples.
FLIGHTS_AND_SAMPLES = ({"flights": "solver"}, {"flights": "exact"},
                       {"flights": "solver", "samples": 301}, {"flights": "exact", "samples": 301})


def test_every_apex_is_the_top_of_its_flight():
    """A bouncing ball: each apex lies w_off^2 / (2 g) above the floor, w_off the speed at the
    lift-off before it, half way between it and the next touch-down; the release from rest
    is no apex, and a ball that never leaves the floor again has none and a hop of 0."""
    run = contact.drop(k=1e5, c=contact.damping_for_ratio(1e5, 1.0, 0.2), t_end=1.5,
                       rtol=1e-10, atol=1e-12)
    off, apex, touch = run.events["lifts_off"], run.events["apex"], run.events["touches"]
    assert apex.size == off.size >= 3 and touch.size == off.size + 1
    w_off = run.event_states["lifts_off"][:, 1]
    np.testing.assert_allclose(run.event_states["apex"][:, 0], w_off**2 / (2 * 9.81),
                               rtol=1e-8)
    np.testing.assert_allclose(apex, (off + touch[1:]) / 2, rtol=0, atol=1e-9)
    np.testing.assert_allclose(apex - off, w_off / 9.81, rtol=1e-8)
    assert np.all(np.abs(run.event_states["apex"][:, 1]) < 1e-9)
    assert run.hop_height == run.event_states["apex"][0, 0]
    assert np.all(np.diff(run.event_states["apex"][:, 0]) < 0)     # each bounce lower
    for flights in FLIGHTS_AND_SAMPLES:
        cut = contact.drop(k=1e5, c=contact.damping_for_ratio(1e5, 1.0, 0.2),
                           t_end=(off[0] + apex[0]) / 2, rtol=1e-10, atol=1e-12, **flights)
        assert cut.events["apex"].size == 0          # t_end comes before the top ...
        assert cut.hop_height == pytest.approx(run.hop_height, rel=1e-8)  # ... it heads for
    stays = contact.drop(t_end=0.6)                 # the tutorial's ball, zeta = 2.5
    assert stays.hop_height == 0.0
    assert stays.events["apex"].size == stays.events["lifts_off"].size == 0
    assert stays.event_states["apex"].shape == (0, 3)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"flights": "analytic"}, "flights"),
    ({"method": "Euler"}, "method"),
    ({"mass": 0.0}, "mass"),
    ({"height": -0.1}, "height"),
    ({"k": np.inf}, "k"),
    ({"model": "hertz"}, "model"),
])
def test_bad_drop_inputs_are_named(kwargs, match):
    with pytest.raises(ParameterError, match=match):
        contact.drop(**kwargs)


# --------------------------------------------------------------------------- friction


def test_friction_coefficient_static_then_kinetic_and_continuous():
    mu = lambda v: contact.friction_coefficient(v, 1.1, 0.9, 1e-3)  # noqa: E731
    assert mu(0.0) == pytest.approx(1.1) and mu(1e-3) == pytest.approx(1.1)
    assert mu(-1.0) == pytest.approx(0.9) and mu(1.25e-3) == pytest.approx(1.0)
    v = np.linspace(0, 5e-3, 5001)
    assert np.max(np.abs(np.diff(mu(v)))) < 1e-3
    assert np.all(np.diff(mu(v)) <= 0)
    with pytest.raises(ParameterError, match="mu_k must be <= mu_s"):
        contact.friction_coefficient(0.1, 0.5, 0.9, 1e-3)


def test_contact_friction_opposes_the_slip_and_has_the_vendor_shape():
    v = np.linspace(-5e-3, 5e-3, 1001)
    force = contact.contact_friction(v, 10.0, 1.1, 0.9, 1e-3)
    assert np.all(force * v <= 0)
    np.testing.assert_allclose(np.abs(force) / 10.0,
                               friction.blended_coefficient(v, 1.1, 0.9, 1e-3), atol=1e-12)
    with pytest.raises(ParameterError, match="normal"):
        contact.contact_friction(0.1, -1.0, 1.1, 0.9, 1e-3)


# --------------------------------------------------------------------------- geometry


def test_circle_on_a_tilted_halfplane():
    slope = np.radians(30.0)
    n = np.array([-np.sin(slope), np.cos(slope)])
    center = np.array([0.2, 0.0]) + 0.049 * n + np.array([np.cos(slope), np.sin(slope)]) * 0.1
    hit = contact.circle_halfplane(center, 0.05, [0.2, 0.0], 2 * n)   # normal need not be unit
    assert hit.depth == pytest.approx(0.001) and hit.touching
    np.testing.assert_allclose(hit.normal, n)
    np.testing.assert_allclose(hit.point, center - 0.049 * n)


def test_circle_segment_inside_beyond_the_ends_and_against_sampling():
    a, b = np.array([0.0, 0.0]), np.array([0.1, 0.0])
    hit = contact.circle_segment([0.05, 0.03], 0.04, a, b)
    assert hit.gap == pytest.approx(-0.01)
    np.testing.assert_allclose(hit.normal, [0, 1])
    hit = contact.circle_segment([0.13, 0.04], 0.04, a, b)    # beyond b: the corner
    assert hit.gap == pytest.approx(0.05 - 0.04)
    np.testing.assert_allclose(hit.normal, [0.6, 0.8])
    np.testing.assert_allclose(hit.point, b)
    hit = contact.circle_segment([0.05, -0.02], 0.03, a, b)   # from below: the normal turns
    np.testing.assert_allclose(hit.normal, [0, -1])
    rng = np.random.default_rng(SEED)
    samples = a + np.linspace(0, 1, 20001)[:, None] * (b - a)
    for center in rng.uniform(-0.1, 0.2, (50, 2)):
        brute = np.min(np.hypot(*(samples - center).T)) - 0.02
        assert contact.circle_segment(center, 0.02, a, b).gap == pytest.approx(brute, abs=1e-5)


def test_long_segment_and_halfplane_agree_in_the_middle():
    rng = np.random.default_rng(SEED)
    for center in rng.uniform([-0.5, 0.0], [0.5, 0.2], (20, 2)):
        line = contact.circle_halfplane(center, 0.05, [0, 0], [0, 1])
        face = contact.circle_segment(center, 0.05, [-10, 0], [10, 0])
        assert line.gap == pytest.approx(face.gap)
        np.testing.assert_allclose(line.normal, face.normal, atol=1e-12)


def test_circle_on_a_fillet_is_a_circle_circle_contact():
    hit = contact.circle_fillet([0.03, 0.04], 0.036, [0.0, 0.0], 0.015)
    assert hit.gap == pytest.approx(0.05 - 0.051)
    np.testing.assert_allclose(hit.normal, [0.6, 0.8])
    np.testing.assert_allclose(hit.point, [0.009, 0.012])
    sharp = contact.circle_fillet([0.03, 0.04], 0.036, [0.0, 0.0], 0.0)
    corner = contact.circle_segment([0.03, 0.04], 0.036, [-0.1, 0.0], [0.0, 0.0])
    assert sharp.gap == pytest.approx(corner.gap)
    with pytest.raises(ParameterError, match="coincide"):
        contact.circle_fillet([0.0, 0.0], 0.036, [0.0, 0.0], 0.01)


def test_depth_rate_and_slip_of_a_rolling_and_a_skidding_wheel():
    floor = contact.circle_halfplane([0.0, 0.035], 0.036, [0, 0], [0, 1])
    assert contact.depth_rate(floor, [0.3, -0.2]) == pytest.approx(0.2)
    assert contact.depth_rate(floor, [0.3, -0.2], obstacle_velocity=[0.0, -0.2]) == 0.0
    # rolling to the right: omega = -v / R (clockwise)
    assert contact.slip_velocity(floor, [0.36, 0.0], -10.0, 0.036) == pytest.approx(0.0)
    # spinning clockwise on the spot: the bottom of the rim rubs backwards over the floor
    assert contact.slip_velocity(floor, [0.0, 0.0], -10.0, 0.036) == pytest.approx(-0.36)
    np.testing.assert_allclose(floor.tangent, [1.0, 0.0])
    # against a wall on its left (normal +x, tangent -y), spinning counter-clockwise: the rim
    # at the wall moves down, along the tangent
    wall = contact.circle_halfplane([0.035, 0.1], 0.036, [0, 0], [1, 0])
    np.testing.assert_allclose(wall.tangent, [0.0, -1.0])
    assert contact.slip_velocity(wall, [0.0, 0.0], 10.0, 0.036) == pytest.approx(0.36)
    with pytest.raises(ParameterError, match="contact"):
        contact.depth_rate("floor", [0.0, 0.0])
    with pytest.raises(ParameterError, match="normal"):
        contact.circle_halfplane([0, 0], 0.05, [0, 0], [0, 0])
    with pytest.raises(ParameterError, match="center"):
        contact.circle_halfplane([0, 0, 0], 0.05, [0, 0], [0, 1])


# --------------------------------------------------------------------------- friction in motion


@pytest.mark.parametrize(("kappa", "omega0", "v0"), [(0.5, -20.0, 0.0), (1.0, -20.0, 0.1),
                                                     (0.5, 10.0, 0.2)])
def test_a_spinning_wheel_slips_then_rolls_as_the_closed_form_says(kappa, omega0, v0):
    run = contact.spinning_wheel(inertia_ratio=kappa, omega0=omega0, v0=v0, t_end=0.3)
    assert run.t_roll == pytest.approx(run.t_roll_closed_form, rel=0.01)
    assert run.vx[-1] == pytest.approx(run.v_roll_closed_form, rel=1e-3)
    assert abs(run.slip[-1]) < 1e-6
    # angular momentum about the contact point is kept throughout (friction acts there)
    inertia = kappa * 0.0608 * 0.036**2
    momentum = inertia * run.omega - 0.0608 * 0.036 * run.vx
    np.testing.assert_allclose(momentum, momentum[0], rtol=2e-3)


def test_the_rolling_speed_does_not_depend_on_the_friction():
    slippery = contact.spinning_wheel(mu_s=0.3, mu_k=0.2, t_end=0.5)
    grippy = contact.spinning_wheel(t_end=0.5)
    assert slippery.vx[-1] == pytest.approx(grippy.vx[-1], rel=1e-3)
    assert slippery.t_roll > 4 * grippy.t_roll


@pytest.mark.parametrize("degrees", [10.0, 40.0, 46.0])
def test_below_the_static_angle_a_block_creeps_at_the_predicted_speed(degrees):
    run = contact.slide_on_incline(np.radians(degrees), 1.08, 0.9, v_crit=1e-3)
    assert run.v[-1] == pytest.approx(1e-3 * np.tan(np.radians(degrees)) / 1.08, rel=1e-6)
    assert run.v[-1] < 1e-3


def test_above_the_static_angle_a_block_slides_with_kinetic_friction():
    run = contact.slide_on_incline(np.radians(49.0), 1.08, 0.9, v_crit=1e-3, t_end=2.0,
                                   samples=201)
    late = run.t > 1.0
    rate = np.polyfit(run.t[late], run.v[late], 1)[0]
    assert rate == pytest.approx(9.81 * (np.sin(np.radians(49)) - 0.9 * np.cos(np.radians(49))),
                                 rel=1e-6)
    assert np.isnan(run.creep_speed)


def test_bad_motion_inputs_are_named():
    with pytest.raises(ParameterError, match="theta"):
        contact.slide_on_incline(np.pi / 2, 1.0, 0.9)
    with pytest.raises(ParameterError, match="mu_k"):
        contact.slide_on_incline(0.3, 0.5, 0.9)
    with pytest.raises(ParameterError, match="inertia_ratio"):
        contact.spinning_wheel(inertia_ratio=0.0)
    with pytest.raises(ParameterError, match="method"):
        contact.spinning_wheel(method="Verlet")


@pytest.mark.parametrize(("height", "zeta"), [(0.002, 0.5), (0.005, 0.5), (0.005, 1.0),
                                              (0.02, 0.5)])
def test_a_dropped_wheel_rolls_when_the_floor_has_given_the_impulse(height, zeta):
    """The slip is gone when mu_k (1 + 1/kappa) (g t + v_z) = |s_0| (the normal impulse from the
    release is m (g t + v_z)), bounces or not; the rolling speed is that of a wheel set down."""
    run = contact.spinning_wheel(omega0=-30.0, drop_height=height, zeta=zeta, t_end=0.2,
                                 samples=20001)
    k = np.flatnonzero(np.abs(run.slip) < 1e-3)[0]
    impulse = 0.9 * 3.0 * (9.81 * run.t[k] + run.vz[k])
    assert impulse == pytest.approx(30.0 * 0.036, abs=3e-3)
    assert run.t_touchdown == pytest.approx(np.sqrt(2 * height / 9.81))
    assert run.vx[-1] == pytest.approx(run.v_roll_closed_form, rel=1e-3)


def test_the_float_friction_of_the_right_hand_sides_equals_contact_friction():
    slips = np.concatenate([np.linspace(-5e-3, 5e-3, 201), [-2.0, 0.0, 3.0]])
    for normal in (0.0, 2.5, 40.0):
        expected = contact.contact_friction(slips, normal, 1.1, 0.9, 1e-3)
        got = [contact_friction_float(v, normal, 1.1, 0.9, 1e-3) for v in slips]
        np.testing.assert_allclose(got, expected, rtol=1e-15, atol=1e-15)


@pytest.mark.parametrize("k", [1e4, 1e8])
@pytest.mark.parametrize("method", ["Radau", "BDF", "LSODA"])
def test_drops_over_the_chapters_damping_ratios_warn_nowhere(k, method):
    """Each flight and contact is integrated on its own: no solver step straddles the force's
    jump at touch-down, where Radau once shrank its step to zero ("divide by zero" warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for zeta in np.linspace(0.05, 0.9, 10):
            run = contact.drop(k=k, c=contact.damping_for_ratio(k, 1.0, zeta), t_end=0.5,
                               rtol=1e-9, atol=1e-12, method=method)
            assert run.success and np.all(np.diff(run.t) > 0)


def test_a_drop_with_too_many_bounces_for_max_phases_says_so():
    """The phases are counted: a cap below the number of bounces is a SimulationError."""
    with pytest.raises(SimulationError, match="max_phases = 3"):
        contact.drop(k=1e5, c=contact.damping_for_ratio(1e5, 1.0, 0.1), t_end=1.0,
                     max_phases=3)
    with pytest.raises(ParameterError, match="max_phases"):
        contact.drop(max_phases=0)


def test_the_ball_and_the_wheel_declare_the_defaults_of_drop_and_spinning_wheel():
    """drop() and spinning_wheel() default to DroppedBall's and WheelOnFloor's fields."""
    import inspect

    from robodyn.diffdrive import DiffDriveParams
    from robodyn.friction import TiltBoardTest

    for function, params in ((contact.drop, contact.DroppedBall()),
                             (contact.spinning_wheel, contact.WheelOnFloor())):
        defaults = inspect.signature(function).parameters
        for row in params.field_table():
            assert defaults[row["name"]].default == row["value"], row["name"]
            assert row["source"], row["name"]
    wheel = contact.WheelOnFloor()
    assert wheel.mass == TiltBoardTest().wheel_mass
    assert (wheel.radius, wheel.mu_s) == (DiffDriveParams().wheel_radius, DiffDriveParams().mu_s)
    run = contact.spinning_wheel(t_end=0.01)
    assert (run.radius, run.v_crit) == (wheel.radius, wheel.v_crit)
    with pytest.raises(ParameterError, match="mu_k must be <= mu_s = 1.08, got 1.2"):
        contact.WheelOnFloor(mu_k=1.2)
    with pytest.raises(ParameterError, match="height must be > 0 m, got 0"):
        contact.DroppedBall(height=0.0)


# --------------------------------------------------------------------------- Hertz


def test_effective_modulus_limit_cases():
    """A rigid partner leaves E/(1 - nu^2); equal bodies halve it; the order does not matter."""
    E, nu = 3e9, 0.35
    assert contact.effective_modulus(E, nu, np.inf, 0.3) == pytest.approx(E / (1 - nu**2))
    assert contact.effective_modulus(E, nu, E, nu) == pytest.approx(E / (2 * (1 - nu**2)))
    assert contact.effective_modulus(E, nu, 210e9, 0.3) == pytest.approx(
        contact.effective_modulus(210e9, 0.3, E, nu))
    soft_on_steel = contact.effective_modulus(E, nu, 210e9, 0.3)
    assert E / (1 - nu**2) * 0.98 < soft_on_steel < E / (1 - nu**2)


def test_hertz_stiffness_integrates_the_hertz_pressure():
    """K d^1.5 equals the integral of Hertz's pressure p0 sqrt(1 - r^2/a^2), a = sqrt(R d)."""
    from scipy.integrate import quad
    E_star, R = 2e9, 0.05
    K = contact.hertz_stiffness(E_star, R)
    assert K == pytest.approx(4 / 3 * E_star * np.sqrt(R))
    for depth in (1e-6, 3e-5, 2e-4):
        a = np.sqrt(R * depth)
        p0 = 2 * E_star * a / (np.pi * R)
        force, _ = quad(lambda r, a=a, p0=p0: p0 * np.sqrt(1 - (r / a)**2) * 2 * np.pi * r,
                        0.0, a)
        assert K * depth**1.5 == pytest.approx(force, rel=1e-9)


def test_hertz_impact_depth_and_duration_match_closed_forms():
    """An undamped Hertz impact: depth (5 m v0^2 / (4 K))^(2/5), duration 2.943 depth / v0."""
    from scipy.integrate import quad
    mass, height = 1.0, 0.5
    K = contact.hertz_stiffness(contact.effective_modulus(3e9, 0.35, 210e9, 0.3), 0.05)
    v0 = np.sqrt(2 * contact.G * height)
    run = contact.drop(mass=mass, height=height, k=K, c=0.0, model="hunt-crossley",
                       exponent=1.5, t_end=0.35, rtol=1e-10, atol=1e-13, samples=200_001)
    depth_max = (5 * mass * v0**2 / (4 * K))**0.4
    assert -run.z.min() == pytest.approx(depth_max, rel=2e-3)   # gravity adds a little
    integral, _ = quad(lambda x: 1 / np.sqrt(1 - x**2.5), 0.0, 1.0)
    inside = run.t[run.z < 0]
    assert inside[-1] - inside[0] == pytest.approx(2 * integral * depth_max / v0, rel=5e-3)


@pytest.mark.parametrize(("call", "match"), [
    (lambda: contact.effective_modulus(-1e9, 0.3, 1e9, 0.3), "E1 must be > 0"),
    (lambda: contact.effective_modulus(1e9, 0.3, np.nan, 0.3), "E2"),
    (lambda: contact.effective_modulus(1e9, 0.6, 1e9, 0.3), "nu1 must lie in"),
    (lambda: contact.effective_modulus(np.inf, 0.3, np.inf, 0.3), "both infinite"),
    (lambda: contact.hertz_stiffness(1e9, 0.0), "radius must be > 0"),
    (lambda: contact.hertz_stiffness(np.nan, 0.1), "E_star"),
    (lambda: contact.hunt_crossley_restitution(1e6, -1.0, 1.0), "lam must be >= 0"),
    (lambda: contact.hunt_crossley_restitution(1e6, 1.0, 0.0), "impact_speed must be > 0"),
    (lambda: contact.hunt_crossley_restitution([1e6, 1e6], [1, 2, 3], 1.0), "broadcast"),
])
def test_bad_hertz_and_hunt_crossley_inputs_are_named(call, match):
    with pytest.raises(ParameterError, match=match):
        call()


# --------------------------------------------------------------------------- Hunt-Crossley


@pytest.mark.parametrize("exponent", [1.0, 1.5, 2.0])
def test_hunt_crossley_restitution_matches_simulated_impacts(exponent):
    """The exact restitution agrees with integrated impacts for any exponent, gravity off."""
    k, mass = 2e6, 0.7
    for v0, lam in [(0.3, 1e5), (2.0, 1e6), (5.0, 4e5)]:
        def rhs(t, x, lam=lam):
            return [x[1], -max(x[0], 0.0)**exponent * (k + lam * x[1]) / mass]

        def leaves(t, x):
            return x[0]
        leaves.terminal, leaves.direction = True, -1
        run = solve_ivp(rhs, (0, 10.0), [1e-12, v0], events=leaves, rtol=1e-11, atol=1e-15)
        e_sim = -run.y_events[0][0][1] / v0
        assert contact.hunt_crossley_restitution(k * mass, lam * mass, v0) == pytest.approx(
            e_sim, rel=1e-6)


def test_hunt_crossley_restitution_expands_to_the_estimate():
    """e = 1 - (2/3) a v0 + c2 (a v0)^2, c2 from a sympy series of the implicit relation."""
    import sympy as sp
    alpha, c1, c2 = sp.symbols("alpha c1 c2")
    y = alpha * (1 + c1 * alpha + c2 * alpha**2)
    residual = sp.series(y + sp.log(1 - y) - sp.log(1 + alpha) + alpha, alpha, 0, 5).removeO()
    coefficients = sp.Poly(sp.expand(residual), alpha).all_coeffs()[::-1]
    solution = sp.solve([coefficients[3], coefficients[4]], [c1, c2], dict=True)[0]
    assert solution[c1] == sp.Rational(-2, 3)
    k, v0 = 1e6, 1.0
    for a in (1e-3, 3e-3):
        e = contact.hunt_crossley_restitution(k, a * k / v0, v0)
        assert e == pytest.approx(1 + float(solution[c1]) * a + float(solution[c2]) * a**2,
                                  abs=5 * a**3)
    lam = contact.hunt_crossley_damping(k, 0.99, v0)
    assert contact.hunt_crossley_restitution(k, lam, v0) == pytest.approx(0.99, abs=1e-4)


def test_hunt_crossley_restitution_falls_with_speed():
    """Sized for e = 0.5 at 3 m/s the estimate gives 0.66; e falls with v0, e = 1 at lam = 0."""
    k, v_design = 1e7, 3.0
    lam = contact.hunt_crossley_damping(k, 0.5, v_design)
    assert contact.hunt_crossley_restitution(k, lam, v_design) == pytest.approx(0.663, abs=1e-3)
    speeds = np.linspace(0.05, 10.0, 50)
    e = contact.hunt_crossley_restitution(k, lam, speeds)
    assert e.shape == speeds.shape
    assert np.all(np.diff(e) < 0) and np.all((e > 0) & (e < 1))
    assert contact.hunt_crossley_restitution(k, 0.0, 2.0) == 1.0


def test_hunt_crossley_restitution_solves_its_relation_at_any_damping():
    """The relation holds for a v0 = 1e-6 ... 20.1; beyond, a e v0 -> 1 (e -> 1 / (a v0))."""
    k, v0 = 1e6, 2.0
    alphas = np.array([1e-6, 1e-2, 1.0, 19.9, 20.1])
    e = contact.hunt_crossley_restitution(k, alphas * k / v0, v0)
    y = alphas * e
    np.testing.assert_allclose(y + np.log1p(-y), np.log1p(alphas) - alphas, rtol=1e-6)
    strong = np.array([100.0, 1e4])
    np.testing.assert_allclose(
        strong * contact.hunt_crossley_restitution(k, strong * k / v0, v0), 1.0, rtol=1e-12)
    many = np.geomspace(1e-6, 1e4, 200)
    assert np.all(np.diff(contact.hunt_crossley_restitution(k, many * k / v0, v0)) < 0)
    near = contact.hunt_crossley_restitution(k, np.array([19.999, 20.001]) * k / v0, v0)
    assert near[0] == pytest.approx(near[1], rel=1e-3)
