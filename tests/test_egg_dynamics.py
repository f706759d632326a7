"""Tests of the egg's bodies, gimbal chain and rolling dynamics (robodyn.egg), each against an
independent reference: closed forms, finite differences, conservation laws, limit cases."""

import math

import numpy as np
import pytest
from scipy import integrate

from robodyn import egg
from robodyn.core import rotations as rot
from robodyn.core.errors import ParameterError
from robodyn.core.rotations import rot_x, rot_z

SEED = 20240607
FREE_TWIST = dict(twist_static=0.0, twist_kinetic=0.0, twist_viscous=0.0)


def rotor_axis(run):
    """World direction of the rotor's axis at every sample of a run."""
    return np.array([R @ rot_z(phi) @ rot_x(psi) @ [0, 0, 1.0]
                     for R, phi, psi in zip(run.rotations, run.phi, run.psi, strict=True)])


def angle_between(u, v):
    return math.acos(max(-1.0, min(1.0, float(np.dot(u, v)))))


# --------------------------------------------------------------------------- parameters


def test_default_parameters_are_a_palm_sized_egg():
    p = egg.EggParams()
    assert p.R1 > p.R2 and 0.1 < 2 * p.R1 < 0.2
    assert p.mass == pytest.approx(p.shell_mass + p.outer_ring_mass + p.inner_ring_mass
                                   + p.rotor_mass)
    np.testing.assert_allclose(p.rotor_inertia, [1.25e-5, 1.25e-5, 2.5e-5])
    assert p.inertias[1].tolist() == pytest.approx([1.6e-5, 3.2e-5, 1.6e-5])


def test_every_parameter_says_where_its_value_comes_from():
    """Each field of EggParams declares a source and a note; the inertias are derived from
    the masses and radii, gravity is standard, the rest is the book's assumption."""
    params = egg.EggParams()
    rows = params.field_table()
    assert all(row["source"] and row["note"] for row in rows)
    groups = params.by_source()
    assert groups["derived"] == ["shell_inertia", "outer_ring_inertia", "inner_ring_inertia",
                                 "rotor_inertia"]
    assert groups["standard"] == ["g"]
    assert set(groups) == {"assumed", "derived", "standard"}
    assert ">derived</td>" in params._repr_html_()


def test_given_inertias_are_kept_and_missing_ones_derived():
    """An inertia given is used as it is; one left out is computed from its mass and radius."""
    given = egg.EggParams(rotor_inertia=(2e-5, 2e-5, 3e-5))
    np.testing.assert_array_equal(given.rotor_inertia, [2e-5, 2e-5, 3e-5])
    np.testing.assert_allclose(given.shell_inertia, egg.EggParams().shell_inertia)
    np.testing.assert_allclose(egg.EggParams(rotor_mass=0.16).rotor_inertia,
                               2 * egg.EggParams().rotor_inertia)


@pytest.mark.parametrize("change, message", [
    (dict(R1=0.04, R2=0.045), "R1 .* must be >= R2"),
    (dict(rotor_mass=-0.1), "rotor_mass"),
    (dict(shell_mass=float("nan")), "shell_mass"),
    (dict(R2="big"), "R2"),
    (dict(outer_ring_radius=0.05), "outer_ring_radius = 0.05 m must be smaller than R2"),
    (dict(twist_kinetic=2e-3), "twist_kinetic = 0.002 m must not exceed twist_static"),
    (dict(rotor_inertia=(1e-5, 1e-5, 3e-5)), "triangle inequality"),
    (dict(shell_inertia=(1e-4, -1e-4, 1e-4)), "shell_inertia must have every entry > 0"),
    (dict(inner_ring_inertia=(1e-5, 1e-5)), "inner_ring_inertia must have shape"),
])
def test_bad_parameters_are_refused_by_name(change, message):
    with pytest.raises((ParameterError, TypeError), match=message):
        egg.EggParams(**change)


def test_the_shell_inertia_matches_a_direct_surface_integral():
    # the sphere: 2/3 m R^2 about every axis
    np.testing.assert_allclose(egg.shell_inertia(2.0, 0.05, 0.05), 2 / 3 * 2.0 * 0.05**2 *
                               np.ones(3), rtol=1e-12)
    # a prolate shell, by scipy's dblquad over the parametrisation, area element |r_u x r_v|
    R1, R2 = 0.06, 0.045

    def point(psi, phi):
        return np.array([R2 * math.sin(psi) * math.cos(phi), R2 * math.sin(psi) * math.sin(phi),
                         R1 * math.cos(psi)])

    def area(psi, phi, h=1e-6):
        du = (point(psi + h, phi) - point(psi - h, phi)) / (2 * h)
        dv = (point(psi, phi + h) - point(psi, phi - h)) / (2 * h)
        return np.linalg.norm(np.cross(du, dv))

    def moment(weight):
        return integrate.dblquad(lambda phi, psi: weight(point(psi, phi)) * area(psi, phi),
                                 0, math.pi, 0, 2 * math.pi, epsabs=1e-13)[0]

    total = moment(lambda x: 1.0)
    about_x = moment(lambda x: x[1] ** 2 + x[2] ** 2) / total
    about_z = moment(lambda x: x[0] ** 2 + x[1] ** 2) / total
    np.testing.assert_allclose(egg.shell_inertia(1.0, R1, R2), [about_x, about_x, about_z],
                               rtol=1e-6)


def test_hoop_and_disc_moments_match_sums_over_points():
    angles = np.linspace(0, 2 * np.pi, 4000, endpoint=False)
    hoop = np.stack([np.cos(angles), np.zeros_like(angles), np.sin(angles)], axis=1) * 0.03
    moments = [np.mean(np.sum(np.delete(hoop, i, axis=1) ** 2, axis=1)) * 0.02 for i in range(3)]
    np.testing.assert_allclose(egg.hoop_inertia(0.02, 0.03), moments, rtol=1e-9)
    rng = np.random.default_rng(SEED)
    radius = 0.025 * np.sqrt(rng.uniform(size=400_000))          # uniform over the disc
    theta = rng.uniform(0, 2 * np.pi, radius.size)
    x, y = radius * np.cos(theta), radius * np.sin(theta)
    sampled = 0.08 * np.array([np.mean(y**2), np.mean(x**2), np.mean(x**2 + y**2)])
    np.testing.assert_allclose(egg.disc_inertia(0.08, 0.025), sampled, rtol=1e-2)


# --------------------------------------------------------------------------- gimbal and chain


def test_the_differential_moves_one_ring_or_the_other():
    assert egg.gimbal_angles(0.3, 0.3) == pytest.approx((0.3, 0.0))     # together: outer ring
    assert egg.gimbal_angles(0.3, -0.3) == pytest.approx((0.0, 0.3))    # opposed: inner ring
    assert egg.gimbal_angles(0.2, 0.1, gear_ratio=2.0) == pytest.approx((0.3, 0.1))
    phi, psi = egg.gimbal_angles([0.1, 0.2], [0.0, 0.2])
    np.testing.assert_allclose(phi, [0.05, 0.2])
    np.testing.assert_allclose(psi, [0.05, 0.0])


def chain_attitudes(angles, phi, psi, rotor):
    """Absolute attitudes of shell, outer ring, inner ring and rotor (body to world)."""
    R = egg.rotation(*angles)
    R2 = R @ rot_z(phi)
    R3 = R2 @ rot_x(psi)
    return R, R2, R3, R3 @ rot_z(rotor)


def test_body_rates_match_finite_differences_of_the_bodies_attitudes():
    rng = np.random.default_rng(SEED)
    h = 1e-6
    for _ in range(20):
        angles, rates = rng.uniform(-np.pi, np.pi, 3), rng.normal(size=3)
        joints = rng.uniform(-np.pi, np.pi, 3)                      # phi, psi, rotor angle
        joint_rates = rng.normal(size=3) * [1, 1, 50]
        ahead = chain_attitudes(angles + h * rates, *(joints + h * joint_rates))
        behind = chain_attitudes(angles - h * rates, *(joints - h * joint_rates))
        now = chain_attitudes(angles, *joints)
        expected = []
        for R_ahead, R_behind, R in zip(ahead, behind, now, strict=True):
            skew = R.T @ (R_ahead - R_behind) / (2 * h)            # [omega_body]x
            expected.append(np.array([skew[2, 1], skew[0, 2], skew[1, 0]]))
        computed = egg.body_rates_recursive(expected[0], joints[0], joints[1], joint_rates[0],
                                            joint_rates[1], joint_rates[2], joints[2])
        for n in range(4):
            np.testing.assert_allclose(computed[n], expected[n],
                                       atol=1e-6 * (1 + abs(joint_rates[2])))


def test_the_recursion_and_the_direct_sum_give_the_same_momentum():
    rng = np.random.default_rng(SEED + 1)
    params = egg.EggParams()
    for _ in range(200):
        omega = rng.normal(size=3) * 5
        phi, psi, rotor = rng.uniform(-np.pi, np.pi, 3)
        phi_dot, psi_dot = rng.normal(size=2) * 3
        recursive = egg.angular_momentum_recursive(params, omega, phi, psi, phi_dot, psi_dot,
                                                   rotor)
        direct = egg.angular_momentum_direct(params, omega, phi, psi, phi_dot, psi_dot, rotor)
        np.testing.assert_allclose(recursive, direct, rtol=1e-12, atol=1e-15)
    # at rest with the rotor spinning, all of it is the rotor's, along its axis
    L = egg.angular_momentum_direct(params, [0, 0, 0], 0.0, 0.4, 0.0, 0.0)
    np.testing.assert_allclose(L, params.rotor_inertia[2] * params.rotor_speed
                               * (rot_x(0.4) @ [0, 0, 1.0]), rtol=1e-12)


def test_lumped_inertia_is_the_sum_of_the_bodies():
    params = egg.EggParams()
    np.testing.assert_allclose(np.diag(egg.lumped_inertia(params)), sum(params.inertias))
    J = egg.lumped_inertia(params, 0.7, -0.4)
    np.testing.assert_allclose(J, J.T)
    assert np.trace(J) == pytest.approx(float(np.sum(params.inertias)))


def test_lumped_inertia_is_the_sources_eq_41_at_any_ring_angles():
    """Eq. 41's nested form, written out with the relative rotations, and a second method:
    with the joints locked, the kinetic energy of the four bodies from their own rates (the
    chain recursion, eq. 33) is 1/2 omega . Theta_com omega."""
    params = egg.EggParams()
    shell, outer, inner, rotor = (np.diag(m) for m in params.inertias)
    rng = np.random.default_rng(SEED + 2)
    for _ in range(50):
        phi, psi, rotor_angle = rng.uniform(-np.pi, np.pi, 3)
        R2, R3, R4 = rot_z(phi), rot_x(psi), rot_z(rotor_angle)  # child to parent
        nested = R2 @ (R3 @ (R4 @ rotor @ R4.T + inner) @ R3.T + outer) @ R2.T + shell
        J = egg.lumped_inertia(params, phi, psi)
        np.testing.assert_allclose(J, nested, rtol=1e-12, atol=1e-18)
        omega = rng.normal(size=3)
        rates = egg.body_rates_recursive(omega, phi, psi, 0.0, 0.0, 0.0, rotor_angle)
        energy = sum(w @ np.diag(m) @ w for w, m in zip(rates, params.inertias, strict=True))
        assert energy == pytest.approx(omega @ J @ omega, rel=1e-12)


def test_eq_42_needs_two_conditions_not_the_sources_one():
    """Erratum 19: with the source's condition (x and z moments of inner ring plus rotor
    equal) the lumped inertia still turns with the rings; with the inner pair's y and z
    moments equal and the three moving bodies' x and y moments equal, it is the plain sum."""
    def lumped(moments, phi, psi):
        return sum(R @ np.diag(m) @ R.T
                   for R, m in zip(egg.body_attitudes(phi, psi), moments, strict=True))

    # thin rings and a disc, a = 1.25e-5 kg m^2: a ring's moment about its own axis is twice
    # those about its diameters, a disc's too
    a = 1.25e-5
    shell, rotor = np.array([1.8e-4, 1.8e-4, 1.4e-4]), np.array([a, a, 2 * a])
    outer = np.array([1.6e-5, 3.2e-5, 1.6e-5])
    inner = np.array([2 * a, a, a])             # x and z of inner + rotor equal: 3a
    sources = [shell, outer, inner, rotor]
    angles = np.random.default_rng(SEED + 3).uniform(-np.pi, np.pi, (50, 2))
    turned = max(np.abs(lumped(sources, *angle) - sum(map(np.diag, sources))).max()
                 for angle in angles)
    assert turned > 0.05 * shell.max()
    inner = np.array([a, 2 * a, a])             # y and z of inner + rotor equal: 3a
    outer = np.array([2 * a, a, a])             # x and y of all three equal: 4a
    both = [shell, outer, inner, rotor]
    for angle in angles:
        np.testing.assert_allclose(lumped(both, *angle), sum(map(np.diag, both)), atol=1e-18)


def test_servo_move_is_smooth_and_its_derivatives_agree():
    move = egg.ServoMove(start=(0.0, 0.1), end=(0.4, -0.3), t0=0.5, t1=1.5)
    angles, rates, accelerations = move.at(0.0)
    np.testing.assert_allclose(angles, [0.0, 0.1])
    assert not rates.any() and not accelerations.any()
    np.testing.assert_allclose(move.at(2.0)[0], [0.4, -0.3])
    np.testing.assert_allclose(move.at(1.0)[0], [0.2, -0.1])
    h = 1e-6
    for t in (0.6, 0.9, 1.3):
        np.testing.assert_allclose(move.at(t)[1], (move.at(t + h)[0] - move.at(t - h)[0]) / (2 * h),
                                   atol=1e-8)
        np.testing.assert_allclose(move.at(t)[2], (move.at(t + h)[1] - move.at(t - h)[1]) / (2 * h),
                                   atol=1e-6)
    with pytest.raises(ParameterError, match="t1 = 1 s must be later than t0 = 2 s"):
        egg.ServoMove(t0=2.0, t1=1.0)
    with pytest.raises(ParameterError, match="end must have shape"):
        egg.ServoMove(end=(1.0, 2.0, 3.0))


# --------------------------------------------------------------------------- rolling dynamics


def test_energy_is_conserved_with_the_gimbal_held_and_no_twisting_friction():
    params = egg.EggParams(rotor_speed=0.0, **FREE_TWIST)
    run = egg.simulate(params, t_end=2.0, tilt=0.3)
    assert run.success
    assert np.ptp(run.beta) > 2.0                         # it fell over and rolled far
    assert np.ptp(run.energy) < 1e-8 * run.energy[0]


def test_with_the_rotor_spinning_energy_minus_rotor_work_is_conserved():
    # the rotor's motor holds its relative speed and does work Omega * d(p_axial)/dt
    params = egg.EggParams(rotor_speed=628.0, **FREE_TWIST)
    run = egg.simulate(params, t_end=2.0, tilt=0.3)
    assert np.ptp(run.energy) > 1e-3                      # energy alone is not conserved
    assert np.ptp(run.jacobi) < 1e-8 * abs(run.jacobi[0])


def test_stiction_does_no_work_and_friction_only_takes_energy():
    stuck = egg.simulate(egg.EggParams(rotor_speed=0.0, twist_static=1.0), t_end=1.5, tilt=0.3)
    assert stuck.stuck.all()
    assert np.abs(stuck.wz).max() < 1e-12                 # no twist at all
    assert np.ptp(stuck.energy) < 1e-8 * stuck.energy[0]
    run = egg.simulate(egg.EggParams(), t_end=3.0, tilt=0.3)
    assert run.success and {mode for _, mode in run.switches} == {"stick", "slip"}
    assert np.all(np.diff(run.jacobi) < 1e-9)             # dissipation never gives energy back
    assert run.jacobi[-1] < run.jacobi[0] - 1e-4


def test_the_phases_of_a_run_are_joined_with_their_switches_as_events():
    """Each stick/slip switch ends a phase at an event; the joined state and the outputs share
    their sample times, once each, even where a phase is shorter than the sample interval
    (0.6634 s to 0.6643 s here), and the quaternion of the state is the output's."""
    run = egg.simulate(egg.EggParams(), t_end=1.0, tilt=0.6, dt=0.01)
    switch_times = sorted(t for t, _ in run.switches[1:])
    assert np.diff(switch_times).min() < 0.01
    event_times = sorted(np.concatenate([run.events["breakaway"], run.events["twist_stops"]]))
    assert len(switch_times) >= 3
    np.testing.assert_allclose(event_times, switch_times)
    assert run.events["lift_off"].size == 0
    np.testing.assert_allclose(run.t, np.linspace(0.0, 1.0, 101), atol=1e-12)
    assert run.states.names == egg.STATE_NAMES and run.names == egg.OUTPUT_NAMES
    np.testing.assert_array_equal(run.states.t, run.t)
    np.testing.assert_allclose(run.states.stack("qw", "qx", "qy", "qz").T, run.quaternions,
                               atol=1e-9)


def test_the_tolerances_reach_the_integrator():
    """Looser tolerances than the defaults keep the energy less well."""
    params = egg.EggParams(rotor_speed=0.0, **FREE_TWIST)
    tight = egg.simulate(params, t_end=1.0, tilt=0.3)
    loose = egg.simulate(params, t_end=1.0, tilt=0.3, rtol=1e-4, atol=1e-6)
    assert np.ptp(loose.energy) > 100 * np.ptp(tight.energy)


def test_the_centre_rides_on_the_floor_at_the_geometric_height():
    params = egg.EggParams()
    run = egg.simulate(params, t_end=1.0, tilt=0.4, omega=(0.5, 1.0, 0.2), dt=0.001)
    beta = np.minimum(run.beta, np.pi - run.beta)          # either end down
    np.testing.assert_allclose(run.z, egg.center_height(beta, params.R1, params.R2), rtol=1e-9)
    offset = np.hypot(run.contact_x - run.x, run.contact_y - run.y)
    np.testing.assert_allclose(offset, egg.contact_offset(beta, params.R1, params.R2),
                               atol=1e-9)
    # the velocity of rolling is the rate of the centre's position (finite differences)
    for name in ("x", "y", "z"):
        rate = np.gradient(getattr(run, name), run.t)
        np.testing.assert_allclose(rate[2:-2], getattr(run, "v" + name)[2:-2], atol=2e-5)


def test_a_sphere_rolls_like_a_sphere():
    R = 0.05
    ball = dict(R1=R, R2=R, shell_inertia=(2e-4,) * 3, outer_ring_inertia=(1e-5,) * 3,
                inner_ring_inertia=(1e-5,) * 3, rotor_inertia=(1e-5,) * 3, rotor_speed=0.0)
    run = egg.simulate(egg.EggParams(**ball, **FREE_TWIST), t_end=1.0, tilt=0.7,
                       omega=(2.0, -1.0, 0.6))
    # an isotropic ball on a plane keeps its angular velocity; its centre moves at R w x z
    np.testing.assert_allclose(np.c_[run.wx, run.wy, run.wz], [[2.0, -1.0, 0.6]] * run.t.size,
                               atol=1e-9)
    np.testing.assert_allclose(run.x, R * -1.0 * run.t, atol=1e-9)
    np.testing.assert_allclose(run.y, -R * 2.0 * run.t, atol=1e-9)
    np.testing.assert_allclose(run.z, R)
    np.testing.assert_allclose(run.Fz, egg.EggParams(**ball).mass * 9.81, rtol=1e-9)


def test_the_lying_egg_rocks_with_the_small_angle_period():
    params = egg.EggParams(rotor_speed=0.0)
    period = egg.rocking_period(params)
    run = egg.simulate(params, t_end=3 * period, tilt=np.pi / 2 - 0.02, dt=0.0005)
    # oscillation_period needs two upward crossings (one full period) or raises
    assert egg.oscillation_period(run.t, run.beta) == pytest.approx(period, rel=1e-3)
    with pytest.raises(ParameterError, match="a sphere"):
        egg.rocking_period(egg.EggParams(R1=0.05, R2=0.05))


def test_the_upright_egg_falls_and_the_lying_egg_stays():
    params = egg.EggParams(rotor_speed=0.0)
    fall = egg.simulate(params, t_end=1.0, tilt=0.05)
    assert fall.beta.max() > 1.5
    lying = egg.simulate(params, t_end=1.0, tilt=np.pi / 2)
    np.testing.assert_allclose(lying.beta, np.pi / 2, atol=1e-9)


def test_the_fast_gyro_precesses_at_torque_over_momentum():
    for speed in (3000.0, -3000.0):
        params = egg.EggParams(rotor_speed=speed, **FREE_TWIST)
        run = egg.simulate(params, t_end=2.0, tilt=0.3)
        heading = np.unwrap(run.gamma)
        rate = (heading[-1] - heading[0]) / run.t[-1]
        torque = params.mass * params.g * egg.contact_offset(0.3, params.R1, params.R2)
        momentum = params.rotor_inertia[2] * speed
        assert rate == pytest.approx(torque / (momentum * math.sin(0.3)), rel=0.01)
        assert np.ptp(run.beta) < 0.01                  # it does not fall


def test_tilting_the_fast_gyro_turns_the_shell_instead():
    """The same 0.1 rad gimbal move, against the same run without it: with the gyro the rotor
    keeps its axis and the shell turns by the move; without it the rotor's axis turns."""
    move = egg.ServoMove(end=(0.1, -0.1), t0=0.05, t1=0.15)        # psi from 0 to 0.1 rad
    for speed, rotor_turns, shell_turns in ((3000.0, (0.0, 0.03), (0.09, 0.12)),
                                           (0.0, (0.09, 0.11), (0.0, 0.01))):
        params = egg.EggParams(rotor_speed=speed, **FREE_TWIST)
        moved, still = (egg.simulate(params, servo, t_end=0.2, tilt=0.3, dt=0.005)
                        for servo in (move, None))
        assert moved.psi[-1] == pytest.approx(0.1) and still.psi[-1] == 0.0
        rotor = angle_between(rotor_axis(moved)[-1], rotor_axis(still)[-1])
        shell = angle_between(moved.rotations[-1][:, 2], still.rotations[-1][:, 2])
        assert rotor_turns[0] <= rotor <= rotor_turns[1], (speed, rotor)
        assert shell_turns[0] <= shell <= shell_turns[1], (speed, shell)
        if speed:
            assert moved.z[-1] > still.z[-1] + 5e-4                 # the shell was lifted


def test_the_outputs_agree_with_each_other():
    run = egg.simulate(egg.EggParams(), t_end=0.5, tilt=0.6, spin=0.4, heading=-0.8)
    for R, a, b, c in zip(run.rotations, run.alpha, run.beta, run.gamma, strict=True):
        np.testing.assert_allclose(egg.rotation(a, b, c), R, atol=1e-12)
    assert run.alpha[0] == pytest.approx(0.4) and run.gamma[0] == pytest.approx(-0.8)
    np.testing.assert_allclose(np.linalg.norm(run.quaternions, axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(run.energy, run.kinetic + run.potential)


def test_an_attitude_given_as_a_quaternion_starts_where_it_says():
    q = rot.matrix_to_quaternion(egg.rotation(0.2, 0.7, -0.4))
    by_angles = egg.simulate(egg.EggParams(), t_end=0.3, tilt=0.7, spin=0.2, heading=-0.4)
    by_quaternion = egg.simulate(egg.EggParams(), t_end=0.3, attitude=q)
    np.testing.assert_allclose(by_quaternion.rotations, by_angles.rotations, atol=1e-12)
    upright = egg.simulate(egg.EggParams(rotor_speed=0.0), t_end=0.3, attitude=(1, 0, 0, 0),
                           omega=(0.1, 0.0, 0.0))             # singular angles: no problem
    assert upright.success and upright.beta[-1] > 0.01


def test_a_run_that_leaves_the_model_says_so():
    violent = egg.simulate(egg.EggParams(rotor_speed=0.0), t_end=1.0, tilt=0.3,
                           omega=(40.0, 0.0, 0.0), friction_cone=False)
    assert not violent.success and "lift off" in violent.message
    assert violent.t[-1] < 1.0
    sliding = egg.simulate(egg.EggParams(rotor_speed=0.0), t_end=1.0, tilt=0.3,
                           omega=(40.0, 0.0, 0.0))
    assert not sliding.success and "would slip" in sliding.message
    chattering = egg.simulate(egg.EggParams(), t_end=3.0, tilt=0.3, max_switches=2)
    assert not chattering.success and "switched between stick and slip 2 times" in \
        chattering.message


@pytest.mark.parametrize("kwargs, message", [
    (dict(params="egg"), "params must be an EggParams"),
    (dict(servo=(0.1, 0.2)), "servo must be a ServoMove"),
    (dict(t_end=-1.0), "t_end"),
    (dict(omega=(1.0, 2.0)), "omega must have shape"),
    (dict(tilt=float("nan")), "tilt"),
    (dict(dt=0.0), "dt"),
    (dict(attitude=(1.0, 0.0, 0.0, 0.1)), "attitude must be a unit quaternion"),
    (dict(attitude=(1.0, 0.0, 0.0)), "attitude must have shape"),
])
def test_bad_simulation_input_is_refused_by_name(kwargs, message):
    arguments = dict(params=egg.EggParams(), t_end=0.1)
    arguments.update(kwargs)
    with pytest.raises(ParameterError, match=message):
        egg.simulate(**arguments)
