"""Tests of the egg's contact with the floor: the contact point's rate (egg.contact_rate, the
chapter's eq. egg-contact-rate) and the checks that the floor can give the force that rolling
needs (no lift-off, inside the friction cone), which stop egg.simulate with advice."""

import dataclasses

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from robodyn import egg
from robodyn.core.errors import ParameterError

SEED = 20240611
R1, R2 = 0.06, 0.045
PUSH = dict(t_end=2.0, tilt=0.3, omega=(2.0, 1.0, 0.0))


def random_attitude(rng):
    """A random attitude, body to world."""
    return Rotation.random(random_state=rng).as_matrix()


def test_contact_rate_is_the_derivative_of_the_contact_vector():
    """r_dot against a central difference of r along the turn exp(h [omega]) R, at 200 random
    attitudes and angular velocities (relative 1e-6)."""
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        R, w = random_attitude(rng), rng.normal(size=3) * 3
        r, r_dot = egg.contact_rate(R, w, R1, R2)
        h = 1e-6
        ahead, _ = egg.contact_rate(Rotation.from_rotvec(h * w).as_matrix() @ R, w, R1, R2)
        behind, _ = egg.contact_rate(Rotation.from_rotvec(-h * w).as_matrix() @ R, w, R1, R2)
        np.testing.assert_allclose((ahead - behind) / (2 * h), r_dot,
                                   atol=1e-6 * np.abs(r_dot).max())
        assert r[2] == pytest.approx(-egg.center_height(
            np.arccos(abs(R[2, 2])), R1, R2), rel=1e-12)


def test_the_contact_moves_over_the_floor_horizontally():
    """c_dot = v + r_dot = r_dot - omega x r has no vertical part, and the shell's material
    point at the contact does not move (v + omega x r = 0 by construction)."""
    rng = np.random.default_rng(SEED + 1)
    for _ in range(100):
        R, w = random_attitude(rng), rng.normal(size=3)
        r, r_dot = egg.contact_rate(R, w, R1, R2)
        c_dot = r_dot - np.cross(w, r)
        assert abs(c_dot[2]) < 1e-12 * max(1.0, np.abs(c_dot).max())


def test_a_sphere_touches_straight_below_its_centre():
    """For R1 = R2 the contact vector is -R z whatever the attitude: its rate is zero."""
    rng = np.random.default_rng(SEED + 2)
    for _ in range(20):
        r, r_dot = egg.contact_rate(random_attitude(rng), rng.normal(size=3), R2, R2)
        np.testing.assert_allclose(r, [0.0, 0.0, -R2], atol=1e-15)
        np.testing.assert_allclose(r_dot, 0.0, atol=1e-15)


def test_the_simulated_contact_track_moves_at_r_p_dot():
    """Along a simulated roll the contact track's velocity (central differences of
    contact_x, contact_y) is the horizontal part of r_dot - omega x r (to 1 % of its
    largest value: the difference's own error at 1 ms samples)."""
    params = egg.EggParams(rotor_speed=0.0, twist_static=0.0, twist_kinetic=0.0,
                           twist_viscous=0.0)
    run = egg.simulate(params, t_end=0.5, tilt=0.6, omega=(1.0, 0.5, 0.0), dt=1e-3)
    track = np.c_[np.gradient(run.contact_x, run.t), np.gradient(run.contact_y, run.t)]
    omegas = np.c_[run.wx, run.wy, run.wz]
    formula = []
    for R, w in zip(run.rotations, omegas, strict=True):
        r, r_dot = egg.contact_rate(R, w, params.R1, params.R2)
        formula.append((r_dot - np.cross(w, r))[:2])
    formula = np.array(formula)
    inner = slice(1, -1)
    np.testing.assert_allclose(track[inner], formula[inner],
                               atol=1e-2 * np.abs(formula).max())


@pytest.mark.parametrize("kwargs, message", [
    (dict(R=np.diag([1.0, 1.0, 2.0])), "R must be a rotation"),
    (dict(R=np.diag([1.0, 1.0, -1.0])), "R must be a rotation"),
    (dict(omega=(1.0, 2.0)), "omega must have shape"),
    (dict(omega=(np.nan, 0.0, 0.0)), "omega"),
    (dict(R1=0.03), "R1"),
])
def test_contact_rate_refuses_bad_input(kwargs, message):
    """Each bad argument raises a ParameterError that names it."""
    arguments = dict(R=np.eye(3), omega=(0.0, 0.0, 0.0), R1=R1, R2=R2)
    arguments.update(kwargs)
    with pytest.raises(ParameterError, match=message):
        egg.contact_rate(**arguments)


def test_a_run_that_would_slip_stops_at_the_edge_of_the_friction_cone():
    """The pushed egg needs |F_t| / F_n up to about 0.3; on a floor of friction 0.1 its run
    stops where the ratio reaches 0.1 (to 1e-6), with advice; on the default floor it runs."""
    params = egg.EggParams(rotor_speed=0.0)
    full = egg.simulate(params, **PUSH)
    ratio = np.hypot(full.Fx, full.Fy) / full.Fz
    assert full.success and 0.1 < ratio.max() < params.floor_friction
    slippery = egg.simulate(dataclasses.replace(params, floor_friction=0.1), **PUSH)
    assert not slippery.success
    assert "would slip" in slippery.message and "floor_friction" in slippery.message
    t_slip = slippery.events["slips"][0]
    assert slippery.t[-1] <= t_slip < PUSH["t_end"]
    # the force at the event, from a run on the default floor that ends there
    t_end = t_slip * (1 - 1e-7)         # just before: the run must not stop early
    end = egg.simulate(params, **{**PUSH, "t_end": t_end}, dt=t_end / 50)
    assert np.hypot(end.Fx[-1], end.Fy[-1]) / end.Fz[-1] == pytest.approx(0.1, rel=1e-6)


def test_a_run_that_would_lift_off_stops_where_the_normal_force_is_zero():
    """The violently pushed egg, the friction cone left unchecked, stops at the lift-off
    event, where F_z has fallen to zero (within 1e-6 m g); checked, it slips first, while
    the normal force is still positive, even on a floor of friction 50."""
    params = egg.EggParams(rotor_speed=0.0, floor_friction=50.0)
    start = dict(tilt=0.3, omega=(40.0, 0.0, 0.0))
    violent = egg.simulate(params, t_end=1.0, friction_cone=False, **start)
    assert not violent.success and "lift off" in violent.message
    t_off = violent.events["lift_off"][0]
    t_end = t_off * (1 - 1e-8)          # just before: F_z falls at 9 kN/s here
    end = egg.simulate(params, t_end=t_end, dt=t_end / 50, friction_cone=False, **start)
    assert abs(end.Fz[-1]) < 1e-6 * params.mass * params.g
    checked = egg.simulate(params, t_end=1.0, **start)
    assert "would slip" in checked.message and checked.events["slips"][0] < t_off
    assert checked.Fz[-1] > 0


def test_friction_cone_must_be_a_bool():
    """friction_cone="yes" is refused by name."""
    with pytest.raises(ParameterError, match="friction_cone must be True or False"):
        egg.simulate(egg.EggParams(), t_end=0.1, friction_cone="yes")
