"""Tests of robodyn.control: PD plus gravity and computed torque on the planar arm."""

import numpy as np
import pytest
from scipy.integrate import trapezoid

from robodyn import control
from robodyn.arm import PlanarArm
from robodyn.errors import ParameterError

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
