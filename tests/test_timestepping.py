"""Tests of robodyn.contact.timestepping: Lemke against enumeration, the drop and the sliding block
against closed forms, the penalty model and MuJoCo."""

import numpy as np
import pytest

from robodyn import contact
from robodyn.contact import timestepping as ts
from robodyn.core.errors import ParameterError, SimulationError

SEED = 20261204
G = ts.G


def test_lemke_matches_enumeration_on_random_positive_definite_lcps():
    """Lemke's z equals the enumerated one (unique for a positive definite M)."""
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        n = int(rng.integers(1, 7))
        A = rng.normal(size=(n, n))
        M, q = A @ A.T + 0.1 * np.eye(n), rng.normal(size=n)
        a, b = ts.lemke(M, q), ts.lcp_by_enumeration(M, q)
        assert a.success and b.success
        np.testing.assert_allclose(a.z, b.z, atol=1e-9)
        assert np.all(a.w >= -1e-9) and abs(a.z @ a.w) < 1e-9


def test_contact_lcp_impulses_agree_between_solvers():
    """On random contact steps Lemke and enumeration give the same normal and friction impulse."""
    rng = np.random.default_rng(SEED + 1)
    for i in range(400):
        v = rng.normal(size=2) * 2
        gap = abs(rng.normal()) * 1e-3 * (i % 3 > 0)
        M, q = ts.contact_lcp(1.3, v, gap, 1e-3, rng.uniform(0, 1.2),
                              (rng.normal() * 10, -1.3 * G),
                              restitution=rng.uniform(0, 1),
                              impact_speed=rng.uniform(0, 3) * (i % 2))
        a, b = ts.lemke(M, q), ts.lcp_by_enumeration(M, q)
        assert a.success and b.success
        np.testing.assert_allclose([a.z[1] - a.z[2], a.z[0]], [b.z[1] - b.z[2], b.z[0]],
                                   atol=1e-9)


def test_lemke_reports_a_ray_when_there_is_no_solution():
    """w = -z - 1 >= 0 with z >= 0 has no solution: success is False with a message."""
    sol = ts.lemke([[-1.0]], [-1.0])
    assert not sol.success and "ray" in sol.message


def test_drop_touches_down_at_the_free_fall_time_and_rests_without_penetration():
    """First normal impulse within one step of sqrt(2 h0 / g); then z = 0 and v = 0 exactly."""
    h0, h = 0.5, 1e-3
    run = ts.simulate(position=(0.0, h0), t_end=1.0, h=h)
    t_touch = run.t[np.flatnonzero(run.normal > 0)[0]]
    assert abs(t_touch - np.sqrt(2 * h0 / G)) <= h
    assert run.z.min() >= 0.0
    after = run.t > t_touch
    assert np.all(run.z[after] == 0.0) and np.all(np.abs(run.vz[after]) < 1e-12)
    resting = run.t > t_touch + 1.5 * h        # the step after landing stops the ball
    np.testing.assert_allclose(run.normal[resting], G, rtol=1e-9)   # the weight, m = 1


@pytest.mark.parametrize("e", [0.3, 0.5, 0.8])
def test_bounce_keeps_e_squared_of_the_height_to_first_order_in_h(e):
    """Apex after the first bounce: e^2 h0, off by at most the step's travel h v."""
    h0 = 0.5
    v_hit = np.sqrt(2 * G * h0)
    errors = []
    for h in (2e-3, 1e-3, 5e-4):
        run = ts.simulate(position=(0.0, h0), t_end=0.33 + 2 * e * v_hit / G, h=h,
                          restitution=e)
        up = np.flatnonzero(run.vz > 0)[0]
        apex = run.z[up:].max()
        errors.append(apex - e**2 * h0)
        assert abs(apex - e**2 * h0) <= 2 * h * v_hit
    assert abs(errors[-1]) < abs(errors[0])


def test_block_stops_at_the_closed_form_of_the_scheme_and_converges():
    """Stop distance equals the discrete sum exactly and tends to v0^2/(2 mu g); stop time
    v0/(mu g) within a step."""
    v0, mu = 1.0, 0.5
    for h in (2e-3, 1e-3, 2.5e-4):
        run = ts.simulate(position=(0.0, 0.0), velocity=(v0, 0.0), mu=mu, t_end=0.4, h=h)
        assert run.x[-1] == pytest.approx(ts.stop_distance_discrete(v0, mu, h), abs=1e-12)
        assert abs(run.x[-1] - v0**2 / (2 * mu * G)) <= h * v0
        stopped = run.t[np.flatnonzero(run.vx == 0.0)[0]]
        assert abs(stopped - v0 / (mu * G)) <= h
        assert np.max(np.abs(run.z)) < 1e-15             # round-off only


def test_stop_distance_discrete_against_a_plain_loop():
    """The closed form of the scheme against summing the steps one by one."""
    for v0, mu, h in ((1.0, 0.5, 1e-3), (2.3, 0.8, 7e-4), (0.01, 0.3, 1e-2)):
        x, v = 0.0, v0
        while v - mu * G * h > 0:
            v -= mu * G * h
            x += h * v
        assert ts.stop_distance_discrete(v0, mu, h) == pytest.approx(x, rel=1e-12, abs=1e-15)


def test_push_below_the_friction_limit_sticks_exactly_and_above_accelerates():
    """F < mu m g: v stays 0 and friction = -F; F > mu m g: a = (F - mu m g) / m each step."""
    mu, m = 0.5, 2.0
    held = ts.simulate(mass=m, position=(0.0, 0.0), mu=mu, push=0.9 * mu * m * G, t_end=0.2)
    assert np.all(held.vx == 0.0) and np.all(held.x == 0.0)
    np.testing.assert_allclose(held.friction[1:], -0.9 * mu * m * G, rtol=1e-12)
    push = 1.5 * mu * m * G
    moves = ts.simulate(mass=m, position=(0.0, 0.0), mu=mu, push=push, t_end=0.2)
    np.testing.assert_allclose(moves.vx, (push - mu * m * G) / m * moves.t, atol=1e-12)


def test_both_solvers_give_the_same_run():
    """The drop with a bounce and a sliding block, by Lemke and by enumeration."""
    for kwargs in ({"restitution": 0.5, "t_end": 0.8},
                   {"position": (0.0, 0.0), "velocity": (1.0, 0.0), "mu": 0.4,
                    "push": 1.0, "t_end": 0.4}):
        a = ts.simulate(**kwargs)
        b = ts.simulate(solver="enumeration", **kwargs)
        np.testing.assert_allclose(a.stack("x", "z", "vx", "vz"),
                                   b.stack("x", "z", "vx", "vz"), atol=1e-9)
        np.testing.assert_allclose(a.stack("normal", "friction"),
                                   b.stack("normal", "friction"), atol=1e-6)


def test_penalty_block_against_the_closed_form_and_its_creep():
    """The chapter's penalty block: stop distance near v0^2/(2 mu g); a push creeps at
    v_crit F / (mu_s m g), which the rigid scheme does not."""
    run = contact.slide_on_floor(1.0, t_end=0.4)
    assert run.x[-1] == pytest.approx(run.stop_distance, rel=1e-3)
    creep = contact.slide_on_floor(0.0, push=3.0, t_end=1.0)
    assert creep.vx[-1] == pytest.approx(creep.creep_speed, rel=1e-4)
    assert creep.creep_speed > 0


def test_rigid_and_penalty_drops_rest_at_their_depths():
    """Same ball, same drop: the rigid one rests at z = 0, the penalty one at -m g / k."""
    k = 1e6
    penalty = contact.drop(k=k, c=contact.damping_for_ratio(k, 1.0, 1.0), t_end=1.0)
    rigid = ts.simulate(t_end=1.0)
    assert penalty.z[-1] == pytest.approx(-G / k, rel=1e-6)
    assert rigid.z[-1] == 0.0


def test_block_stop_distance_against_mujoco():
    """MuJoCo's pyramidal-cone box slides to within 1 % of the rigid scheme's stop distance."""
    mujoco = pytest.importorskip("mujoco")
    xml = """<mujoco><option timestep="0.001" cone="pyramidal" gravity="0 0 -9.81"/>
    <worldbody><geom type="plane" size="5 5 .1" friction="0.5 0 0"/>
    <body pos="0 0 0.05"><freejoint/>
    <geom type="box" size=".05 .05 .05" mass="1" friction="0.5 0 0"/></body>
    </worldbody></mujoco>"""
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    for _ in range(300):                                # settle on the floor
        mujoco.mj_step(model, data)
    data.qvel[0], x0 = 1.0, data.qpos[0]
    for _ in range(400):
        mujoco.mj_step(model, data)
    rigid = ts.simulate(position=(0.0, 0.0), velocity=(1.0, 0.0), mu=0.5, t_end=0.4)
    assert data.qpos[0] - x0 == pytest.approx(rigid.x[-1], rel=1e-2)
    assert abs(data.qvel[0]) < 1e-4


@pytest.mark.parametrize(("call", "match"), [
    (lambda: ts.simulate(mass=-1.0), "mass must be > 0"),
    (lambda: ts.simulate(position=(0.0, -0.1)), "gap"),
    (lambda: ts.simulate(h=np.nan), "h must be finite"),
    (lambda: ts.simulate(h=2.0, t_end=1.0), "h must be at most"),
    (lambda: ts.simulate(restitution=1.5), "restitution must lie"),
    (lambda: ts.simulate(mu=-0.1), "mu must be"),
    (lambda: ts.simulate(solver="pgs"), "solver must be one of"),
    (lambda: ts.simulate(velocity=(1.0, 0.0, 0.0)), "velocity must have shape"),
    (lambda: ts.lemke([[1.0, 0.0]], [1.0]), "M must have shape"),
    (lambda: ts.lcp_by_enumeration(np.eye(13), np.ones(13)), "at most 12"),
    (lambda: ts.stop_distance_discrete(1.0, 0.0, 1e-3), "mu must be > 0"),
    (lambda: contact.slide_on_floor(1.0, mass=0.0), "mass must be > 0"),
    (lambda: contact.slide_on_floor(1.0, mu_k=0.9, mu_s=0.5), "mu_k must be <="),
])
def test_bad_input_is_named(call, match):
    """Bad input raises ParameterError naming the parameter."""
    with pytest.raises(ParameterError, match=match):
        call()


def test_failed_lcp_raises_with_advice():
    """A step whose LCP is not solved raises SimulationError saying so."""
    with pytest.raises(SimulationError, match="max_pivots"):
        ts.simulate(position=(0.0, 0.0), velocity=(1.0, -1.0), mu=0.5, max_pivots=1,
                    t_end=0.01)
