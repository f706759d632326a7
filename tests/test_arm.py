"""Tests of robodyn.arm and robodyn.arm.lagrange: planar arms by three independent routes."""

import dataclasses

import numpy as np
import pytest
import sympy as sp
import sympy.physics.mechanics as me

from robodyn.arm import PlanarArm, explicit_euler_step, lagrange, symplectic_euler_step
from robodyn.core.errors import ParameterError
from robodyn.core.rotations import wrap_angle

SEED = 20240601


def random_arm(rng, n):
    """An n-link arm with masses, lengths, centre-of-mass fractions and inertias drawn at random."""
    masses = rng.uniform(0.5, 5.0, n)
    lengths = rng.uniform(0.2, 1.0, n)
    return PlanarArm(masses=masses, lengths=lengths, com_fractions=rng.uniform(0.1, 0.9, n),
                     inertias=rng.uniform(0.2, 1.5, n) * masses * lengths**2 / 12,
                     gravity=rng.uniform(1.0, 10.0))


def random_state(rng, n):
    return rng.uniform(-np.pi, np.pi, n), rng.uniform(-3, 3, n), rng.uniform(-5, 5, n)


# --------------------------------------------------------------------------- an independent engine


def mechanics_torques(arm, q, qd, qdd):
    """Joint torques from sympy.physics.mechanics' Lagrange's method on the same arm."""
    n = arm.n
    angles = me.dynamicsymbols(f"q1:{n + 1}")
    rates = [me.dynamicsymbols(f"q{i + 1}", 1) for i in range(n)]
    world = me.ReferenceFrame("N")
    origin = me.Point("O")
    origin.set_vel(world, 0)
    frame, joint, bodies = world, origin, []
    for i in range(n):
        frame = frame.orientnew(f"A{i + 1}", "Axis", [angles[i], frame.z])
        centre = joint.locatenew(f"C{i + 1}", float(arm.com_distances[i]) * frame.x)
        centre.v2pt_theory(joint, world, frame)
        body = me.RigidBody(f"B{i + 1}", centre, frame, float(arm.masses[i]),
                            (me.inertia(frame, 0, 0, float(arm.inertias[i])), centre))
        body.potential_energy = float(arm.masses[i] * arm.gravity) * centre.pos_from(
            origin).dot(world.y)
        bodies.append(body)
        next_joint = joint.locatenew(f"P{i + 2}", float(arm.lengths[i]) * frame.x)
        next_joint.v2pt_theory(joint, world, frame)
        joint = next_joint
    method = me.LagrangesMethod(me.Lagrangian(world, *bodies), angles)
    method.form_lagranges_equations()
    accelerations = [me.dynamicsymbols(f"q{i + 1}", 2) for i in range(n)]
    values = {**dict(zip(accelerations, qdd, strict=True)), **dict(zip(rates, qd, strict=True)),
              **dict(zip(angles, q, strict=True))}
    residual = method.mass_matrix * sp.Matrix(accelerations) - method.forcing
    return np.array(me.msubs(residual, values), dtype=float).ravel()


@pytest.mark.parametrize("n", [1, 2, 3])
def test_newton_euler_agrees_with_sympy_mechanics(n):
    """The recursive Newton-Euler torques equal those of sympy.physics.mechanics' Lagrange's
    method on the same arm, at random states."""
    rng = np.random.default_rng(SEED + n)
    for _ in range(3):
        arm = random_arm(rng, n)
        q, qd, qdd = random_state(rng, n)
        np.testing.assert_allclose(arm.inverse_dynamics(q, qd, qdd),
                                   mechanics_torques(arm, q, qd, qdd), rtol=1e-9, atol=1e-9)


def tutorial_closed_form(arm, q, qd, qdd):
    """The 2-link closed form (the tutorial's M, C and G, written out here)."""
    m1, m2 = arm.masses
    L1, _ = arm.lengths
    lc1, lc2 = arm.com_distances
    I1, I2 = arm.inertias
    g = arm.gravity
    c2 = np.cos(q[1])
    M = np.array([[m1 * lc1**2 + I1 + m2 * (L1**2 + lc2**2 + 2 * L1 * lc2 * c2) + I2,
                   m2 * (lc2**2 + L1 * lc2 * c2) + I2],
                  [m2 * (lc2**2 + L1 * lc2 * c2) + I2, m2 * lc2**2 + I2]])
    h = m2 * L1 * lc2 * np.sin(q[1])
    velocity = np.array([-h * (2 * qd[0] * qd[1] + qd[1] ** 2), h * qd[0] ** 2])
    G = np.array([(m1 * lc1 + m2 * L1) * g * np.cos(q[0]) + m2 * lc2 * g * np.cos(q[0] + q[1]),
                  m2 * lc2 * g * np.cos(q[0] + q[1])])
    return M @ qdd + velocity + G


def test_newton_euler_agrees_with_the_two_link_closed_form():
    """For n = 2 the recursion gives the closed-form M q'' + c(q, q') + G(q) exactly."""
    rng = np.random.default_rng(SEED)
    for _ in range(50):
        arm = random_arm(rng, 2)
        q, qd, qdd = random_state(rng, 2)
        np.testing.assert_allclose(arm.inverse_dynamics(q, qd, qdd),
                                   tutorial_closed_form(arm, q, qd, qdd), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_newton_euler_equals_the_matrix_form(n):
    """tau = M q'' + C q' + G, with M and G from the Jacobians and C from Christoffel symbols."""
    rng = np.random.default_rng(SEED + 10 * n)
    for _ in range(10):
        arm = random_arm(rng, n)
        q, qd, qdd = random_state(rng, n)
        matrix_form = (arm.mass_matrix(q) @ qdd + arm.coriolis_matrix(q, qd) @ qd
                       + arm.gravity_torque(q))
        np.testing.assert_allclose(arm.inverse_dynamics(q, qd, qdd), matrix_form,
                                   rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_sympy_matrices_equal_the_numeric_ones(n):
    """Lagrange's closed-form M, C, G (sympy, lambdified) equal the numeric methods."""
    rng = np.random.default_rng(SEED + 100 * n)
    function = lagrange.numeric_arm_matrices(n)
    for _ in range(5):
        arm = random_arm(rng, n)
        q, qd, _ = random_state(rng, n)
        M, C, G = function(q, qd, arm.masses, arm.lengths, arm.com_distances, arm.inertias,
                           arm.gravity)
        np.testing.assert_allclose(np.array(M, float), arm.mass_matrix(q), rtol=1e-12,
                                   atol=1e-12)
        np.testing.assert_allclose(np.array(C, float), arm.coriolis_matrix(q, qd), rtol=1e-12,
                                   atol=1e-12)
        np.testing.assert_allclose(np.array(G, float).ravel(), arm.gravity_torque(q),
                                   rtol=1e-12, atol=1e-12)


# --------------------------------------------------------------------------- properties


@pytest.mark.parametrize("n", [2, 4, 6])
def test_mass_matrix_is_symmetric_positive_definite_and_m_dot_minus_2c_skew(n):
    """M = M^T > 0, and N = dM/dt - 2C is skew-symmetric (x^T N x = 0 for every x)."""
    rng = np.random.default_rng(SEED)
    for _ in range(10):
        arm = random_arm(rng, n)
        q, qd, _ = random_state(rng, n)
        M = arm.mass_matrix(q)
        np.testing.assert_allclose(M, M.T, atol=1e-14)
        assert np.linalg.eigvalsh(M).min() > 0
        M_dot = np.einsum("ljk,l->jk", arm.mass_matrix_derivatives(q), qd)
        skew = M_dot - 2 * arm.coriolis_matrix(q, qd)
        np.testing.assert_allclose(skew, -skew.T, atol=1e-12)


def test_mass_matrix_derivatives_match_finite_differences():
    """dM/dq from the Jacobians equals central differences of M."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 4)
    q = rng.uniform(-np.pi, np.pi, 4)
    step = 1e-6
    numeric = np.array([(arm.mass_matrix(q + step * e) - arm.mass_matrix(q - step * e)) / (2 * step)
                        for e in np.eye(4)])
    np.testing.assert_allclose(arm.mass_matrix_derivatives(q), numeric, atol=1e-8)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_energy_by_the_links_equals_the_mass_matrix_form_and_the_centres_heights(n):
    """T from the links' velocities equals q'^T M q' / 2 with M by the composite-rigid-body
    algorithm, and V equals g sum m_i y_c,i from com_positions: two routes each."""
    rng = np.random.default_rng(SEED + n)
    for _ in range(5):
        arm = random_arm(rng, n)
        q, qd, _ = random_state(rng, n)
        kinetic, potential = arm.energy(q, qd)
        assert kinetic == pytest.approx(0.5 * qd @ arm.mass_matrix(q) @ qd, rel=1e-13)
        heights = arm.com_positions(q)[:, 1]
        assert potential == pytest.approx(arm.gravity * arm.masses @ heights, rel=1e-12,
                                          abs=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_kinetic_energy_gradient_is_half_the_rates_on_dM_dq_and_a_difference_of_T(n):
    """dT/dq at fixed rates equals q'^T (dM/dq_l) q' / 2 from mass_matrix_derivatives and
    central differences of the kinetic energy."""
    rng = np.random.default_rng(SEED + 10 * n)
    step = 1e-6
    for _ in range(5):
        arm = random_arm(rng, n)
        q, qd, _ = random_state(rng, n)
        gradient = arm.kinetic_energy_gradient(q, qd)
        contracted = 0.5 * np.einsum("ljk,j,k->l", arm.mass_matrix_derivatives(q), qd, qd)
        np.testing.assert_allclose(gradient, contracted, rtol=1e-11, atol=1e-12)
        numeric = [(arm.energy(q + step * e, qd)[0] - arm.energy(q - step * e, qd)[0])
                   / (2 * step) for e in np.eye(n)]
        np.testing.assert_allclose(gradient, numeric, rtol=1e-6, atol=1e-7)
        assert gradient[0] == pytest.approx(0.0, abs=1e-12)  # turning the whole arm: T unchanged


def test_kinetic_energy_gradient_names_a_state_of_the_wrong_shape():
    with pytest.raises(ParameterError, match=r"qd.*shape"):
        PlanarArm().kinetic_energy_gradient([0.1, 0.2], [1.0, 2.0, 3.0])


def test_gravity_torque_is_the_gradient_of_the_potential():
    """G equals central differences of V, and vectorises over a grid of states."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    q = rng.uniform(-np.pi, np.pi, 3)
    step = 1e-6
    numeric = [(arm.energy(q + step * e, np.zeros(3))[1] - arm.energy(q - step * e,
                                                                       np.zeros(3))[1])
               / (2 * step) for e in np.eye(3)]
    np.testing.assert_allclose(arm.gravity_torque(q), numeric, rtol=1e-7)
    grid = rng.uniform(-np.pi, np.pi, (3, 4, 5))
    together = arm.gravity_torque(grid)
    assert together.shape == (3, 4, 5)
    np.testing.assert_allclose(together[:, 2, 3], arm.gravity_torque(grid[:, 2, 3]))


def test_inverse_dynamics_vectorises_over_states():
    """States of shape (n, N) give torques of shape (n, N), equal to N separate calls."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    q, qd, qdd = (rng.uniform(-2, 2, (3, 7)) for _ in range(3))
    together = arm.inverse_dynamics(q, qd, qdd)
    apart = np.array([arm.inverse_dynamics(q[:, k], qd[:, k], qdd[:, k]) for k in range(7)]).T
    np.testing.assert_allclose(together, apart, rtol=1e-14)


def test_energy_balance_dE_dt_equals_the_power_of_the_joint_torques():
    """Along any motion, d(T + V)/dt = q'^T tau, checked by central differences in time."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    q0, qd0, qdd = random_state(rng, 3)

    def state(t):  # a motion with constant acceleration
        return q0 + qd0 * t + qdd * t**2 / 2, qd0 + qdd * t

    step = 1e-6
    total = [sum(arm.energy(*state(t))) for t in (-step, step)]
    power = qd0 @ arm.inverse_dynamics(q0, qd0, qdd)
    assert (total[1] - total[0]) / (2 * step) == pytest.approx(power, rel=1e-6)


def test_free_double_pendulum_conserves_energy_with_the_adaptive_solver():
    """Zero torque for 10 s with DOP853 at rtol 1e-11: total energy drifts by < 1e-8 J per J."""
    arm = PlanarArm()
    run = arm.simulate([0.5, 1.0], [0.0, 0.0], None, (0.0, 10.0), method="DOP853",
                       rtol=1e-11, atol=1e-12)
    energy = run.kinetic + run.potential
    assert np.ptp(run.q2) > 1.0  # it really swings
    assert np.max(np.abs(energy - energy[0])) < 1e-8 * abs(energy[0]) + 1e-9


def test_two_starts_a_microradian_apart_are_a_radian_apart_after_4_4_s():
    """The chapter's chaos run: the separation of the two runs first passes 1 rad at 4.4 s."""
    arm = PlanarArm()
    times = np.linspace(0.0, 20.0, 2001)                 # the chapter's samples
    runs = [arm.simulate([2.0 + delta, 1.0], [0.0, 0.0], None, (0.0, 20.0), method="DOP853",
                         t_eval=times) for delta in (0.0, 1e-6)]
    separation = np.hypot(wrap_angle(runs[0].q1 - runs[1].q1),
                          wrap_angle(runs[0].q2 - runs[1].q2))
    assert round(float(times[np.argmax(separation >= 1.0)]), 1) == 4.4
    assert separation[times <= 4.0].max() < 1.0
    assert np.median(separation[times >= 5.0]) > 2.0  # unrelated from then on


def test_symplectic_euler_keeps_energy_bounded_where_explicit_euler_drifts():
    """Over 10 s at dt = 2 ms the explicit Euler energy climbs about 1 J/s; the symplectic
    step's error oscillates with no trend (fitted slope under 1/20 of Euler's)."""
    arm = PlanarArm()
    dt, n_steps = 2e-3, 5000
    explicit = symplectic = (np.array([0.5, 1.0]), np.zeros(2))
    start = sum(arm.energy(*explicit))
    errors = np.zeros((2, n_steps))
    for k in range(n_steps):
        explicit = explicit_euler_step(arm, *explicit, dt)
        symplectic = symplectic_euler_step(arm, *symplectic, dt)
        errors[:, k] = sum(arm.energy(*explicit)) - start, sum(arm.energy(*symplectic)) - start
    times = dt * np.arange(1, n_steps + 1)
    slope_explicit, slope_symplectic = (np.polyfit(times, e, 1)[0] for e in errors)
    assert slope_explicit > 0.5  # J/s
    assert abs(slope_symplectic) < slope_explicit / 20
    assert np.mean(np.abs(errors[1])) < np.mean(np.abs(errors[0])) / 10


def test_a_tip_payload_adds_its_weight_through_the_tip_jacobian():
    """G(arm with payload) - G(arm) = m_p g (d y_tip / d q), the payload's own gravity torque."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    loaded = arm.with_payload(1.5)
    q = rng.uniform(-np.pi, np.pi, 3)
    phi = np.cumsum(q)
    dy_tip = np.array([np.sum(arm.lengths[j:] * np.cos(phi[j:])) for j in range(3)])
    np.testing.assert_allclose(loaded.gravity_torque(q) - arm.gravity_torque(q),
                               1.5 * arm.gravity * dy_tip, rtol=1e-12)
    assert loaded.masses[-1] == pytest.approx(arm.masses[-1] + 1.5)


def test_forward_dynamics_inverts_inverse_dynamics():
    """forward_dynamics(q, q', inverse_dynamics(q, q', q'')) = q''."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 5)
    q, qd, qdd = random_state(rng, 5)
    np.testing.assert_allclose(arm.forward_dynamics(q, qd, arm.inverse_dynamics(q, qd, qdd)),
                               qdd, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_mass_matrix_equals_its_columns_from_inverse_dynamics(n):
    """The composite-rigid-body M equals M[:, j] = ID(q, 0, e_j) - ID(q, 0, 0), to 1e-12."""
    rng = np.random.default_rng(SEED + 7 * n)
    for _ in range(10):
        arm = random_arm(rng, n)
        q, _, _ = random_state(rng, n)
        rest = arm.inverse_dynamics(q, np.zeros(n), np.zeros(n))
        columns = np.column_stack([arm.inverse_dynamics(q, np.zeros(n), e) - rest
                                   for e in np.eye(n)])
        np.testing.assert_allclose(arm.mass_matrix(q), columns, rtol=1e-12,
                                   atol=1e-12 * np.abs(columns).max())


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_mass_matrix_equals_the_jacobian_sum(n):
    """The composite-rigid-body M equals sum_i m_i J_i^T J_i + I_i j_i j_i^T, to 1e-12."""
    rng = np.random.default_rng(SEED + 11 * n)
    for _ in range(10):
        arm = random_arm(rng, n)
        q, _, _ = random_state(rng, n)
        J, ones = arm.com_jacobians(q), np.tril(np.ones((n, n)))
        jacobian_sum = (np.einsum("i,iaj,iak->jk", arm.masses, J, J)
                        + np.einsum("i,ij,ik->jk", arm.inertias, ones, ones))
        np.testing.assert_allclose(arm.mass_matrix(q), jacobian_sum, rtol=1e-12,
                                   atol=1e-12 * np.abs(jacobian_sum).max())


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_inverse_dynamics_of_forward_dynamics_returns_the_torques(n):
    """inverse_dynamics(q, q', forward_dynamics(q, q', tau)) = tau at random states."""
    rng = np.random.default_rng(SEED + 13 * n)
    for _ in range(10):
        arm = random_arm(rng, n)
        q, qd, _ = random_state(rng, n)
        tau = rng.uniform(-20.0, 20.0, n)
        qdd = arm.forward_dynamics(q, qd, tau)
        np.testing.assert_allclose(arm.inverse_dynamics(q, qd, qdd), tau, rtol=1e-10,
                                   atol=1e-10 * np.abs(tau).max())


def test_forward_dynamics_of_the_bias_torques_is_no_acceleration():
    """With tau = ID(q, q', 0) = C q' + G the arm does not accelerate."""
    rng = np.random.default_rng(SEED + 17)
    for n in (1, 2, 3, 6):
        arm = random_arm(rng, n)
        q, qd, _ = random_state(rng, n)
        bias = arm.inverse_dynamics(q, qd, np.zeros(n))
        np.testing.assert_allclose(arm.forward_dynamics(q, qd, bias), np.zeros(n), atol=1e-9)


def test_forward_dynamics_of_a_singular_mass_matrix_raises():
    """A last link with no inertia about its joint makes M singular: LinAlgError, not a guess."""
    arm = PlanarArm(com_fractions=[0.5, 0.0], inertias=[0.1, 0.0])
    with pytest.raises(np.linalg.LinAlgError):
        arm.forward_dynamics([0.3, 0.2], [0.1, 0.2], [1.0, 0.0])


def test_simulate_checks_the_torque_of_the_callable():
    """A torque callable that returns the wrong number of torques raises an error naming tau."""
    arm = PlanarArm()
    with pytest.raises(ParameterError, match=r"tau must have shape \(2,\)"):
        arm.simulate([0.0, 0.0], [0.0, 0.0], lambda t, q, qd: np.zeros(3), (0.0, 1.0))


def test_gravity_compensation_holds_the_arm_still():
    """With tau = G(q0) the arm stays at q0 for a second."""
    arm = PlanarArm()
    q0 = np.radians([45.0, 30.0])
    run = arm.simulate(q0, [0.0, 0.0], lambda t, q, qd: arm.gravity_torque(q), (0.0, 1.0))
    assert np.max(np.abs(run.q1 - q0[0])) < 1e-8 and np.max(np.abs(run.q2 - q0[1])) < 1e-8


def test_source_pendulum_sign_erratum():
    """With theta from the upward vertical, V = m g l_c cos(theta) gives I theta'' -
    m g l_c sin(theta) = tau, not the source's + sign."""
    theta, omega, m, g, lc, inertia = sp.symbols("theta omega m g l_c I", positive=True)
    M, h = lagrange.euler_lagrange(inertia * omega**2 / 2 - m * g * lc * sp.cos(theta),
                                   [theta], [omega])
    assert sp.simplify(h[0] + m * g * lc * sp.sin(theta)) == 0


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"masses": [1.0, -1.0]}, "masses must have every entry > 0 kg"),
        ({"lengths": [0.5]}, "masses and lengths must have one entry per link"),
        ({"com_fractions": 1.5}, "com_fractions must have every entry between 0 and 1"),
        ({"com_fractions": [0.5, 0.5, 0.5]}, "com_fractions must have one entry per link"),
        ({"inertias": [0.1, -0.1]}, "inertias must have every entry >= 0 kg m"),
        ({"gravity": np.nan}, "gravity must be finite"),
        ({"masses": [1.0, np.inf]}, "masses must contain only finite"),
        ({"masses": "heavy"}, "masses must be a real number or an array"),
    ],
)
def test_bad_parameters_are_named(changes, match):
    """Each bad parameter raises ParameterError naming it and what is allowed."""
    with pytest.raises(ParameterError, match=match):
        PlanarArm(**changes)


def test_bad_states_are_named():
    """Wrong shapes and non-numbers raise errors naming q, qd or tau."""
    arm = PlanarArm()
    with pytest.raises(ParameterError, match=r"q must have shape \(2,\) or \(2, ...\)"):
        arm.inverse_dynamics([0.0, 0.0, 0.0], [0.0] * 3, [0.0] * 3)
    with pytest.raises(ParameterError, match="qd must have the shape of q"):
        arm.inverse_dynamics([0.0, 0.0], [0.0] * 3, [0.0] * 2)
    with pytest.raises(TypeError, match="tau must be a real number"):
        arm.forward_dynamics([0.0, 0.0], [0.0, 0.0], None)
    with pytest.raises(ParameterError, match="torque must be None or callable"):
        arm.simulate([0.0, 0.0], [0.0, 0.0], 5.0, (0.0, 1.0))


def test_parameters_are_frozen_and_replace_is_checked():
    """The arm cannot be changed in place; a replaced copy is validated again."""
    arm = PlanarArm()
    with pytest.raises(dataclasses.FrozenInstanceError):
        arm.gravity = 1.62
    with pytest.raises(ValueError):
        arm.masses[0] = 1.0
    with pytest.raises(ParameterError, match="gravity must be >= 0"):
        dataclasses.replace(arm, gravity=-9.81)


# --------------------------------------------------------------------------- sizing


def test_worst_case_gravity_is_the_largest_over_a_grid_of_configurations():
    """No configuration of a grid gives a larger |G_j| than the stretched-out arm."""
    from robodyn.arm import worst_case_gravity

    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    angles = np.linspace(-np.pi, np.pi, 25)
    grid = np.stack([g.ravel() for g in np.meshgrid(angles, angles, angles, indexing="ij")])
    largest = np.max(np.abs(arm.gravity_torque(grid)), axis=1)
    worst = worst_case_gravity(arm)
    assert np.all(largest <= worst * (1 + 1e-12))
    np.testing.assert_allclose(largest, worst, rtol=1e-12)  # the grid contains q = 0


@pytest.mark.parametrize(("speed", "acceleration"), [(2.0, 8.0), (10.0, 4.0)])
def test_trapezoidal_profile_respects_its_limits_and_ends_at_rest(speed, acceleration):
    """s goes 0 -> 1 with |s'| <= v_max, |s''| <= a_max, at rest at both ends; a short move
    gives a triangle."""
    from robodyn.arm import trapezoidal_profile

    move = trapezoidal_profile(speed, acceleration, 2001)
    t, s, s_dot, s_ddot = move.t, move.s, move.s_dot, move.s_ddot
    assert move.duration == t[-1]
    assert move.shape == ("triangle" if acceleration / speed**2 <= 1.0 else "trapezoid")
    assert s[0] == 0.0 and s[-1] == pytest.approx(1.0, abs=1e-12)
    assert s_dot[0] == 0.0 and s_dot[-1] == pytest.approx(0.0, abs=1e-12)
    assert s_dot.max() <= speed + 1e-12 and np.abs(s_ddot).max() <= acceleration
    np.testing.assert_allclose(np.gradient(s, t), s_dot, atol=2 * acceleration * t[1])
    if speed**2 / acceleration >= 1.0:  # the speed limit would be met past the middle
        assert s_dot.max() < speed


def test_point_to_point_torques_start_with_gravity_plus_inertia():
    """At the start of the move, tau = M(q0) q'' + G(q0), with q'' at the acceleration limit."""
    from robodyn.arm import point_to_point_torques

    arm = PlanarArm()
    q0, q1 = np.array([-np.pi / 2, 0.0]), np.array([0.0, np.pi / 2])
    run = point_to_point_torques(arm, q0, q1, 3.0, 12.0)
    q, tau = run.stack("q1", "q2"), run.stack("tau1", "tau2")
    np.testing.assert_allclose(tau, arm.inverse_dynamics(q, run.stack("qd1", "qd2"),
                                                         run.stack("qdd1", "qdd2")))
    qdd = (q1 - q0) / (np.pi / 2) * 12.0
    np.testing.assert_allclose(tau[:, 0], arm.mass_matrix(q0) @ qdd + arm.gravity_torque(q0),
                               rtol=1e-12)
    np.testing.assert_allclose(q[:, -1], q1, atol=1e-12)
    with pytest.raises(ParameterError, match="q_end must differ from q_start"):
        point_to_point_torques(arm, q0, q0, 3.0, 12.0)


def test_mass_matrix_eigenvalues_stay_inside_the_range():
    """Every eigenvalue of M at random configurations lies in the range found on the grid."""
    from robodyn.arm import mass_matrix_eigenvalue_range

    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    low, high = mass_matrix_eigenvalue_range(arm, samples_per_joint=36)
    assert 0 < low < high
    for _ in range(50):
        eigenvalues = np.linalg.eigvalsh(arm.mass_matrix(rng.uniform(-np.pi, np.pi, 3)))
        assert low * (1 - 0.02) <= eigenvalues[0] and eigenvalues[-1] <= high * (1 + 0.02)


def test_joint_forces_are_newtons_law_for_the_arm_beyond_each_joint():
    """f_i = sum over links k >= i of m_k (a_c,k + g y): checked with accelerations of the
    centres of mass from central differences of their positions along the motion."""
    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    q0, qd, qdd = random_state(rng, 3)

    def centres(t):
        return arm.com_positions(q0 + qd * t + qdd * t**2 / 2)

    step = 1e-4
    acceleration = (centres(step) - 2 * centres(0.0) + centres(-step)) / step**2
    acceleration[:, 1] += arm.gravity
    expected = np.cumsum((arm.masses[:, None] * acceleration)[::-1], axis=0)[::-1]
    np.testing.assert_allclose(arm.joint_forces(q0, qd, qdd), expected, rtol=1e-5, atol=1e-5)
    static = arm.joint_forces(q0, np.zeros(3), np.zeros(3))
    np.testing.assert_allclose(static[:, 1], arm.gravity * np.cumsum(arm.masses[::-1])[::-1])


def test_structure_residuals_are_round_off_for_the_arm_and_name_a_broken_coriolis_matrix():
    """M symmetric and positive, M' - 2C skew, E' = qd^T tau; a C without its rates fails."""
    from robodyn.arm import structure_residuals

    rng = np.random.default_rng(4)
    three = PlanarArm(masses=rng.uniform(0.5, 5, 3), lengths=rng.uniform(0.2, 1, 3))
    q, qd, qdd = rng.uniform(-3, 3, (3, 3))
    residuals = structure_residuals(three, q, qd, qdd)
    assert residuals["M by two routes"] < 1e-12 and residuals["smallest eigenvalue"] > 0
    assert residuals["skew"] < 1e-12 and residuals["energy"] < 1e-10

    class RatesLeftOut(PlanarArm):
        def coriolis_matrix(self, q, qd):
            return super().coriolis_matrix(q, np.ones_like(qd))

    broken = RatesLeftOut(masses=three.masses, lengths=three.lengths)
    assert structure_residuals(broken, q, qd, qdd)["skew"] > 1e-3
    with pytest.raises(ParameterError, match="qdd must have shape"):
        structure_residuals(three, q, qd, [0.0, 0.0])


def test_the_sizing_move_declares_its_load_case_and_refuses_a_negative_payload():
    """SizingMove's defaults are the calculator's; a negative payload names the field."""
    from robodyn.arm import SizingMove

    move = SizingMove()
    assert (move.payload, move.peak_speed, move.peak_acceleration) == (1.0, 3.0, 12.0)
    assert set(move.by_source()) == {"assumed"}
    with pytest.raises(ParameterError, match="payload must be >= 0 kg, got -1"):
        SizingMove(payload=-1.0)


def test_latex_writes_the_arm_symbols_as_the_text_does():
    """lc2 typesets as l_{c,2} and qd1 as a dotted q, not as products; other symbols keep
    sympy's form, and a matrix is written whole."""
    from robodyn.arm import lagrange

    M, C, G, symbols = lagrange.planar_arm_matrices(2)
    text = lagrange.latex(C)
    assert r"l_{c,2}" in text and r"\dot q_{1}" in text and r"\dot q_{2}" in text
    assert "lc_{2}" not in text and "qd_{1}" not in text
    assert lagrange.latex(G[0]) == sp.latex(G[0]).replace("lc_{1}", "l_{c,1}").replace(
        "lc_{2}", "l_{c,2}")


# --------------------------------------------------------------------------- gears and motors


def test_rms_torque_of_a_trapezoidal_move_matches_the_closed_form():
    """One link without gravity: tau = I_pivot q'' is +-I a on the ramps and zero at cruise,
    so tau_rms = I a sqrt(2 t_ramp / T) and the peak is I a."""
    from robodyn.arm import point_to_point_torques, rms_and_peak

    link = PlanarArm(masses=[2.0], lengths=[0.6], gravity=0.0)
    run = point_to_point_torques(link, [0.0], [np.pi / 2], 3.0, 12.0, n_samples=40001)
    rms, peak = rms_and_peak(run.t, run.stack("tau1"))
    pivot = link.inertias[0] + link.masses[0] * link.com_distances[0] ** 2
    distance = np.pi / 2
    t_ramp = 3.0 / 12.0
    duration = 2 * t_ramp + (distance - 12.0 * t_ramp**2) / 3.0
    assert run.t[-1] == pytest.approx(duration, rel=1e-12)
    assert rms[0] == pytest.approx(pivot * 12.0 * np.sqrt(2 * t_ramp / duration), rel=1e-3)
    assert peak[0] == pytest.approx(pivot * 12.0, rel=1e-12)


def test_motor_power_is_the_rate_of_the_arm_and_rotor_energy():
    """tau_m . (N q') = d/dt [E_arm + sum 1/2 J_m (N q')^2] along a smooth motion (central
    differences of the energy, which comes from M by Jacobians, not from the recursion)."""
    from robodyn.arm import motor_torques

    arm = PlanarArm()
    ratios, rotors = np.array([100.0, 60.0]), np.array([3e-5, 2e-5])

    def motion(t):
        return (np.array([0.4 * np.sin(2 * t) - 1.0, 0.8 * np.sin(3 * t)]),
                np.array([0.8 * np.cos(2 * t), 2.4 * np.cos(3 * t)]),
                np.array([-1.6 * np.sin(2 * t), -7.2 * np.sin(3 * t)]))

    def energy(t):
        q, qd, _ = motion(t)
        return sum(arm.energy(q, qd)) + 0.5 * np.sum(rotors * (ratios * qd) ** 2)

    h = 1e-5
    for t in (0.1, 0.7, 1.3, 2.2):
        q, qd, qdd = motion(t)
        power = motor_torques(arm, q, qd, qdd, ratios, rotors) @ (ratios * qd)
        assert power == pytest.approx((energy(t + h) - energy(t - h)) / (2 * h), rel=1e-6)


def test_geared_mass_matrix_adds_the_reflected_inertia_to_the_diagonal():
    """N tau_m from the recursion equals (M + diag(N^2 J_m)) q'' + C q' + G from the matrices;
    on samples of shape (n, N) as on one state."""
    from robodyn.arm import geared_mass_matrix, motor_torques, reflected_inertia

    rng = np.random.default_rng(SEED)
    arm = random_arm(rng, 3)
    ratios, rotors = rng.uniform(10, 150, 3), rng.uniform(1e-6, 1e-4, 3)
    assert np.allclose(reflected_inertia(arm, ratios, rotors), ratios**2 * rotors)
    q, qd, qdd = rng.uniform(-2, 2, (3, 3, 5))
    batch = motor_torques(arm, q, qd, qdd, ratios, rotors)
    for k in range(5):
        matrices = (geared_mass_matrix(arm, q[:, k], ratios, rotors) @ qdd[:, k]
                    + arm.coriolis_matrix(q[:, k], qd[:, k]) @ qd[:, k]
                    + arm.gravity_torque(q[:, k]))
        assert np.allclose(ratios * batch[:, k], matrices, rtol=1e-12, atol=1e-10)


@pytest.mark.parametrize("ratios, rotors, message", [
    (-10.0, 1e-5, "gear_ratios must be > 0"),
    (100.0, -1e-5, "rotor_inertias must be >= 0 kg m"),
    (np.nan, 1e-5, "gear_ratios must contain only finite"),
    ([1.0, 2.0, 3.0], 1e-5, "gear_ratios must be one number or one per joint"),
])
def test_bad_drives_are_refused(ratios, rotors, message):
    """Negative, NaN or wrongly shaped gear ratios and rotor inertias raise ParameterError."""
    from robodyn.arm import reflected_inertia

    with pytest.raises(ParameterError, match=message):
        reflected_inertia(PlanarArm(), ratios, rotors)


def test_rms_and_peak_refuses_bad_samples():
    """Times that do not increase, or torques of another length, raise ParameterError."""
    from robodyn.arm import rms_and_peak

    with pytest.raises(ParameterError, match="t must hold at least two increasing times"):
        rms_and_peak([0.0, 1.0, 0.5], [1.0, 2.0, 3.0])
    with pytest.raises(ParameterError, match="tau must have shape"):
        rms_and_peak([0.0, 1.0], [1.0, 2.0, 3.0])
