"""Tests of robodyn.stickslip.pivot: the legs' loads, the friction balance of a pivot, the least
friction power, and the pivot's stick-slip model against a free planar body on three legs."""

import numpy as np
import pytest
from scipy import optimize

from robodyn.core.errors import ParameterError
from robodyn.stickslip import DropletGeometry, VibrationMotor, pivot

SEED = 20241204
GEOMETRY = DropletGeometry()


def _motor_point(motor):
    angle = GEOMETRY.motor_angles[motor]
    return GEOMETRY.leg_radius * np.array([np.cos(angle), np.sin(angle)])


@pytest.mark.parametrize("motor", [0, 1, 2])
def test_leg_loads_balance_the_weight_and_the_pull(motor):
    """Vertical forces and both horizontal moments balance: sum N = W - Fz and
    sum N_j L_j + Fz M_i = 0; the far leg gets +Fz/3, the near ones -2 Fz/3."""
    lifts = np.random.default_rng(SEED).uniform(-0.3, 0.3, 7)
    loads = pivot.leg_loads(0.25, lifts, motor)
    np.testing.assert_allclose(loads.sum(axis=0), 0.25 - lifts, atol=1e-15)
    moments = GEOMETRY.legs.T @ loads + np.outer(_motor_point(motor), lifts)
    np.testing.assert_allclose(moments, 0.0, atol=1e-16)
    near = [j for j in range(3) if j != motor]
    np.testing.assert_allclose(loads[motor], 0.25 / 3 + lifts / 3, atol=1e-15)
    np.testing.assert_allclose(loads[near], 0.25 / 3 - 2 * lifts / 3 * np.ones((2, 1)),
                               atol=1e-15)


@pytest.mark.parametrize("motor", [0, 1, 2])
def test_equal_loads_need_a_push_of_root3_mu_n_and_no_friction_at_the_pivot(motor):
    """Pivoting about the opposite leg: push sqrt(3) mu N, pivot leg's friction zero; with
    unequal loads the forces and moments of push, sliding legs and pivot leg still sum to 0."""
    push, pivot_force, limit = pivot.pivot_balance([0.08] * 3, 0.3, motor)
    assert push == pytest.approx(np.sqrt(3) * 0.3 * 0.08, rel=1e-12)
    assert np.hypot(*pivot_force) < 1e-15 and limit == pytest.approx(0.024)
    loads = np.array([0.05, 0.09, 0.12])
    push, pivot_force, _ = pivot.pivot_balance(loads, 0.4, motor)
    legs, thrust, at = GEOMETRY.legs, GEOMETRY.thrust_directions[motor], _motor_point(motor)
    forces, moment = push * thrust + pivot_force, at[0] * push * thrust[1] - at[1] * push * \
        thrust[0] + legs[motor][0] * pivot_force[1] - legs[motor][1] * pivot_force[0]
    for j in range(3):
        if j != motor:
            radius = legs[j] - legs[motor]
            velocity = np.array([-radius[1], radius[0]])            # turning with +omega
            f = -0.4 * loads[j] * velocity / np.hypot(*velocity)
            forces += f
            moment += legs[j][0] * f[1] - legs[j][1] * f[0]
    np.testing.assert_allclose(forces, 0.0, atol=1e-15)
    assert moment == pytest.approx(0.0, abs=1e-17)
    assert np.hypot(*pivot_force) > 1e-3


@pytest.mark.parametrize("motor", [0, 1, 2])
@pytest.mark.parametrize("far_load", [0.0, 0.03, 0.08, 0.2])
def test_the_least_friction_power_turns_about_the_opposite_leg(motor, far_load):
    """With the near legs equally loaded, whatever the far leg carries, the friction power per
    unit motor speed is least about the far leg (a grid and Nelder-Mead from random starts),
    sqrt(3) mu N there, 3 mu N (far + near) about the centre, and it tends to the sliding
    value mu sum N for a centre far out on the radius."""
    loads = np.full(3, 0.08)
    loads[motor] = far_load
    xs = np.linspace(-0.04, 0.04, 161)
    grid = np.stack(np.meshgrid(xs, xs), axis=-1)
    power = pivot.friction_power(grid, loads, 0.3, motor)
    best = grid[np.unravel_index(np.argmin(power), power.shape)]
    assert np.hypot(*(best - GEOMETRY.legs[motor])) < 0.6e-3
    for start in np.random.default_rng(SEED).uniform(-0.03, 0.03, (5, 2)):
        found = optimize.minimize(lambda c: pivot.friction_power(c, loads, 0.3, motor),
                                  start, method="Nelder-Mead",
                                  options={"xatol": 1e-10, "fatol": 1e-14})
        assert found.fun >= pivot.friction_power(GEOMETRY.legs[motor], loads, 0.3, motor) \
            - 1e-12
    assert pivot.friction_power(GEOMETRY.legs[motor], loads, 0.3, motor) == pytest.approx(
        np.sqrt(3) * 0.3 * 0.08, rel=1e-12)
    assert pivot.friction_power([0.0, 0.0], loads, 0.3, motor) == pytest.approx(
        0.3 * loads.sum(), rel=1e-12)
    far = -1e4 * _motor_point(motor)
    assert pivot.friction_power(far, loads, 0.3, motor) == pytest.approx(0.3 * loads.sum(),
                                                                          rel=1e-3)


@pytest.mark.parametrize(("motor", "direction"), [(0, 1), (0, -1), (2, 1)])
def test_a_free_body_on_three_legs_turns_about_the_opposite_leg_at_the_pivot_models_rate(
        motor, direction):
    """No leg told to stick: the planar body's net motion is a turn about leg i (within
    0.05 mm), at the rate of the 1-DoF pivot model (2 %); the turn reverses with the spin."""
    params = VibrationMotor()
    planar = pivot.simulate_planar(params, motor=motor, direction=direction, revolutions=4)
    reduced = pivot.simulate_pivot(params, direction=direction, revolutions=4)
    assert np.hypot(*(planar.centre - GEOMETRY.legs[motor])) < 0.05e-3
    assert planar.rate == pytest.approx(reduced.rate, rel=0.02)
    assert np.sign(planar.rate) == direction


def test_without_friction_the_pivot_does_not_turn_on_average():
    """mu = 0: the push only rocks the robot about the leg; turning on average vanishes
    against mu = 0.3 (the trace of the fixed step remains)."""
    params = VibrationMotor()
    slick = pivot.simulate_pivot(VibrationMotor(mu=0.0), revolutions=6)
    grip = pivot.simulate_pivot(params, revolutions=6)
    assert abs(slick.turn_per_revolution) < 0.02 * abs(grip.turn_per_revolution)


def test_bad_pivot_input_is_named():
    with pytest.raises(ParameterError, match="motor must be 0, 1 or 2"):
        pivot.leg_loads(0.25, 0.1, motor=3)
    with pytest.raises(ParameterError, match="weight"):
        pivot.leg_loads(-0.25, 0.1)
    with pytest.raises(ParameterError, match="loads must be >= 0 N"):
        pivot.friction_power([0.0, 0.0], [0.1, -0.1, 0.1], 0.3)
    with pytest.raises(ParameterError, match="centres must have shape"):
        pivot.friction_power([0.0, 0.0, 0.0], [0.1, 0.1, 0.1], 0.3)
    with pytest.raises(ParameterError, match="inertia"):
        pivot.simulate_pivot(inertia=0.0)
    with pytest.raises(ParameterError, match="direction must be 1 or -1"):
        pivot.simulate_planar(direction=2)
    with pytest.raises(ParameterError, match="params must be a VibrationMotor"):
        pivot.simulate_pivot(params=None)
