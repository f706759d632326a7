"""Tests of robodyn.arm.control: PD plus gravity and computed torque on the planar arm."""

import numpy as np
import pytest
from scipy.integrate import trapezoid

from robodyn.arm import PlanarArm, control
from robodyn.core.errors import ParameterError, SimulationError

KP, KD = np.array([60.0, 20.0]), np.array([12.0, 4.0])


def reference(t):
    """A smooth reference of both joints: rad, rad/s, rad/s^2."""
    return (np.array([0.3 * np.sin(2 * t), -0.5 + 0.6 * np.sin(3 * t)]),
            np.array([0.6 * np.cos(2 * t), 1.8 * np.cos(3 * t)]),
            np.array([-1.2 * np.sin(2 * t), -5.4 * np.sin(3 * t)]))


@pytest.fixture(scope="module")
def pd_run():
    t = np.linspace(0.0, 3.0, 1201)
    return t, control.simulate_pd_gravity(PlanarArm(), [-np.pi / 2, 0.0], [0.0, 0.0],
                                          [0.5, 1.0], KP, KD, (0.0, 3.0), t_eval=t)


def test_lyapunov_function_never_increases(pd_run):
    """V = 1/2 q'^T M q' + 1/2 e^T Kp e does not increase along a PD plus gravity run."""
    _, run = pd_run
    assert run.V[0] > 100.0
    assert np.diff(run.V).max() < 1e-9


def test_lyapunov_decrease_is_the_damper_power(pd_run):
    """V(0) - V(T) equals the integral of q'^T Kd q' (dV/dt = -q'^T Kd q')."""
    t, run = pd_run
    qd = run.stack("qd1", "qd2")
    dissipated = trapezoid(KD @ qd**2, t)
    assert run.V[0] - run.V[-1] == pytest.approx(dissipated, rel=1e-5)


def test_lyapunov_rate_pointwise():
    """dV/dt from a central difference along the exact dynamics is -q'^T Kd q' at random states."""
    rng = np.random.default_rng(7)
    arm = PlanarArm(masses=[2.0, 1.5, 1.0], lengths=[0.6, 0.5, 0.3])
    goal, kp, kd = rng.uniform(-1, 1, 3), rng.uniform(5, 50, 3), rng.uniform(1, 9, 3)
    for _ in range(5):
        q, qd = rng.uniform(-2, 2, 3), rng.uniform(-2, 2, 3)
        qdd = arm.forward_dynamics(q, qd, control.pd_gravity_torque(arm, q, qd, goal, kp, kd))
        h = 1e-6
        values = [control.lyapunov_function(arm, q + s * h * qd, qd + s * h * qdd, goal, kp)
                  for s in (-1, 1)]
        rate = (values[1] - values[0]) / (2 * h)
        assert rate == pytest.approx(-qd @ (kd * qd), rel=1e-5, abs=1e-7)


def test_pd_gravity_reaches_the_goal(pd_run):
    """With exact gravity compensation the arm settles at the goal itself."""
    _, run = pd_run
    assert abs(run.q1[-1] - 0.5) < 1e-3 and abs(run.q2[-1] - 1.0) < 1e-3


def test_pd_with_wrong_gravity_settles_off_the_goal():
    """With gravity compensated for 20 % heavier links, the rest point obeys Kp e = G_model - G."""
    arm = PlanarArm()
    heavy = PlanarArm(masses=1.2 * arm.masses, lengths=arm.lengths)
    run = control.simulate_pd_gravity(arm, [0.5, 1.0], [0.0, 0.0], [0.5, 1.0], KP, KD,
                                      (0.0, 20.0), model=heavy)
    q_end = run.stack("q1", "q2")[:, -1]
    residual = KP * ([0.5, 1.0] - q_end) + heavy.gravity_torque(q_end) - arm.gravity_torque(q_end)
    assert np.abs(q_end - [0.5, 1.0]).max() > 0.01
    assert np.abs(residual).max() < 1e-6


def test_computed_torque_exact_model_gives_the_linear_error_dynamics():
    """Exact model: the error follows (e0 + (e0' + w e0) t) exp(-w t) for Kp = w^2, Kd = 2w."""
    arm, w = PlanarArm(), 8.0
    t = np.linspace(0.0, 2.0, 401)
    q0 = np.array([0.2, -0.2])
    run = control.simulate_computed_torque(arm, arm, reference, q0, [0.0, 0.0], w**2, 2 * w,
                                           (0.0, 2.0), t_eval=t)
    q_ref, qd_ref, _ = reference(0.0)
    closed = control.critically_damped_error(q_ref - q0, qd_ref, w, t)
    assert np.abs(closed).max() > 0.1
    assert np.abs(run.error - closed).max() < 1e-8


def test_computed_torque_with_a_mass_error_leaves_a_tracking_error():
    """Masses off by 20 %: the error no longer decays to zero but stays small and bounded."""
    arm, w = PlanarArm(), 8.0
    heavy = PlanarArm(masses=1.2 * arm.masses, lengths=arm.lengths)
    t = np.linspace(0.0, 4.0, 801)
    q_ref, qd_ref, _ = reference(0.0)
    run = control.simulate_computed_torque(arm, heavy, reference, q_ref, qd_ref, w**2, 2 * w,
                                           (0.0, 4.0), t_eval=t)
    late = np.abs(run.error[:, t > 2.0]).max()
    assert 1e-3 < late < 0.3


def test_computed_torque_is_the_model_inverse_dynamics():
    """On the reference with zero error the torque is the model's inverse dynamics."""
    arm = PlanarArm()
    q, qd, qdd = reference(0.7)
    tau = control.computed_torque(arm, q, qd, q, qd, qdd, 10.0, 5.0)
    assert np.allclose(tau, arm.mass_matrix(q) @ qdd + arm.coriolis_matrix(q, qd) @ qd
                       + arm.gravity_torque(q), atol=1e-12)


@pytest.mark.parametrize("kp, message", [(-1.0, "kp must be > 0"),
                                         (np.nan, "kp must contain only finite"),
                                         ([1.0, 2.0, 3.0], "kp must be one number or one per")])
def test_bad_gains(kp, message):
    """Negative, NaN or wrongly shaped gains raise ParameterError naming kp."""
    with pytest.raises(ParameterError, match=message):
        control.pd_gravity_torque(PlanarArm(), [0, 0], [0, 0], [0, 0], kp, 1.0)


def test_bad_state_and_reference():
    """A wrongly shaped goal, a reference that is not callable, or a model of another size raise."""
    arm = PlanarArm()
    with pytest.raises(ParameterError, match="q_goal must have shape"):
        control.pd_gravity_torque(arm, [0, 0], [0, 0], [0, 0, 0], 1.0, 1.0)
    with pytest.raises(ParameterError, match="reference must be callable"):
        control.simulate_computed_torque(arm, arm, 3.0, [0, 0], [0, 0], 1.0, 1.0, (0, 1))
    with pytest.raises(ParameterError, match="model must have as many links"):
        control.simulate_computed_torque(arm, PlanarArm(masses=[1.0], lengths=[1.0]),
                                         reference, [0, 0], [0, 0], 1.0, 1.0, (0, 1))


START = np.array([0.2, -0.2])


@pytest.mark.parametrize("factor", [1.0, 0.8, 1.25])
def test_fixed_step_computed_torque_matches_the_adaptive_solver(factor):
    """track_fixed_step (RK4, 10 ms) gives the errors and torques of simulate_computed_torque
    (DOP853, tolerance 1e-9) with an exact and with a wrong model."""
    arm = PlanarArm()
    model = PlanarArm(masses=factor * arm.masses, lengths=arm.lengths)
    run = control.track_fixed_step(arm, model, reference, START, [0.0, 0.0], 64.0, 16.0, 3.0)
    exact = control.simulate_computed_torque(arm, model, reference, START, [0.0, 0.0], 64.0,
                                             16.0, (0.0, 3.0), t_eval=run.t)
    assert np.abs(run.error - exact.error).max() < 1e-6
    assert np.abs(run.tau - exact.tau).max() < 1e-4


def test_fixed_step_pd_gravity_matches_the_adaptive_solver():
    """The PD + gravity tracking law, tau = Kp e + Kd e' + G_model, by RK4 (5 ms) against the
    arm's own simulate (DOP853) with that torque written from the Jacobian-based gravity."""
    arm = PlanarArm()
    model = PlanarArm(masses=0.9 * arm.masses, lengths=arm.lengths)
    kp, kd = np.array([150.0, 20.0]), np.array([25.0, 4.0])

    def torque(t, q, qd):
        q_r, qd_r, _ = reference(t)
        return kp * (q_r - q) + kd * (qd_r - qd) + model.gravity_torque(q)

    run = control.track_fixed_step(arm, model, reference, START, [0.0, 0.0], kp, kd, 3.0,
                                   dt=0.005, controller="PD + gravity")
    exact = arm.simulate(START, [0.0, 0.0], torque, (0.0, 3.0), method="DOP853",
                         t_eval=run.t)
    assert np.abs(run.q - exact.stack("q1", "q2")).max() < 1e-5
    tau = np.array([torque(t, run.q[:, k], run.qd[:, k]) for k, t in enumerate(run.t)]).T
    assert np.allclose(run.tau, tau, atol=1e-12)


def test_fixed_step_error_follows_the_closed_form():
    """With the exact model and critical gains the error is (e0 + (e0' + w e0) t) e^(-w t)."""
    arm = PlanarArm()
    w = 6.0
    run = control.track_fixed_step(arm, arm, reference, START, [0.0, 0.0],
                                   *control.gains_from_frequency(w, 1.0), 2.0, dt=0.005)
    q_r, qd_r, _ = reference(0.0)
    closed = control.critically_damped_error(q_r - START, qd_r, w, run.t)
    assert np.abs(run.error - closed).max() < 1e-7


def test_gains_from_frequency_give_the_damping_ratio():
    """Kp = J w^2, Kd = 2 zeta w J: the roots of J s^2 + Kd s + Kp have |s| = w and
    -Re(s) / |s| = zeta."""
    kp, kd = control.gains_from_frequency(5.0, 0.4, [2.0, 0.5])
    for j, inertia in enumerate([2.0, 0.5]):
        roots = np.roots([inertia, kd[j], kp[j]])
        assert np.allclose(np.abs(roots), 5.0)
        assert np.allclose(-roots.real / np.abs(roots), 0.4)


def test_fixed_step_too_large_says_so():
    """A step far too large for the gains ends in SimulationError with advice."""
    arm = PlanarArm()
    with pytest.raises(SimulationError, match="halve dt or lower the gains"):
        control.track_fixed_step(arm, arm, reference, START, [0.0, 0.0], 1e4, 200.0, 2.0,
                                 dt=0.05)


@pytest.mark.parametrize("change, message", [
    ({"controller": "LQR"}, "controller must be one of"),
    ({"dt": 0.0}, "dt must be > 0"),
    ({"t_end": -1.0}, "t_end must be > 0"),
    ({"kp": -3.0}, "kp must be > 0"),
    ({"q0": [0.0, np.nan]}, "q0 must contain only finite"),
    ({"model": PlanarArm(masses=[1.0], lengths=[1.0])}, "model must be a two-link"),
    ({"reference": 2.0}, "reference must be callable"),
])
def test_fixed_step_bad_input(change, message):
    """Unknown controller, non-positive step, duration or gains, NaN start, a model of
    another size, a reference that is not callable: ParameterError naming it."""
    arguments = {"arm": PlanarArm(), "model": PlanarArm(), "reference": reference,
                 "q0": START, "qd0": [0.0, 0.0], "kp": 64.0, "kd": 16.0, "t_end": 1.0}
    arguments.update(change)
    with pytest.raises(ParameterError, match=message):
        control.track_fixed_step(**arguments)
    with pytest.raises(ParameterError, match="damping_ratio must be > 0"):
        control.gains_from_frequency(5.0, 0.0)
