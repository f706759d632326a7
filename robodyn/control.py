r"""Joint-space control of a planar arm that uses the structure of its dynamics.

For :math:`\tau = M(q)\ddot q + C(q, \dot q)\dot q + G(q)` (:mod:`robodyn.arm`) two classic
controllers with diagonal gains :math:`K_p, K_d`:

- **PD plus gravity compensation** to a fixed goal :math:`q_d`, with :math:`e = q_d - q`:

  .. math:: \tau = K_p e - K_d \dot q + G(q).

  The function :math:`V = \tfrac12 \dot q^T M \dot q + \tfrac12 e^T K_p e` then changes at
  :math:`\dot V = -\dot q^T K_d \dot q \le 0`, because :math:`\dot M - 2C` is skew-symmetric.

- **Computed torque** along a reference :math:`q_r(t)`, with :math:`e = q_r - q` and a model
  :math:`\hat M, \hat C, \hat G` of the arm:

  .. math:: \tau = \hat M(q)\,(\ddot q_r + K_d \dot e + K_p e) + \hat C(q, \dot q)\dot q
            + \hat G(q).

  With the exact model the error obeys :math:`\ddot e + K_d \dot e + K_p e = 0`, joint by
  joint.

Gains are given per joint (diagonal matrices), in N m/rad and N m s/rad for PD plus gravity,
in 1/s^2 and 1/s for computed torque (they multiply an acceleration there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from robodyn.arm import PlanarArm
from robodyn.errors import ParameterError
from robodyn.params import as_array

__all__ = [
    "computed_torque",
    "critically_damped_error",
    "lyapunov_function",
    "pd_gravity_torque",
    "simulate_computed_torque",
    "simulate_pd_gravity",
]


def _gains(name: str, value, n: int, unit: str) -> np.ndarray:
    """Diagonal gains as an array of shape (n,), each finite and > 0; a scalar applies to all."""
    gains = as_array(name, value, unit, finite=True)
    if gains.ndim == 0:
        gains = np.full(n, float(gains))
    if gains.shape != (n,):
        raise ParameterError(f"{name} must be one number or one per joint, shape ({n},); "
                             f"got shape {gains.shape}")
    if np.any(gains <= 0.0):
        raise ParameterError(f"{name} must be > 0 {unit} for every joint, got {gains}")
    return gains


def pd_gravity_torque(arm: PlanarArm, q, qd, q_goal, kp, kd) -> np.ndarray:
    r"""PD control with gravity compensation, :math:`\tau = K_p (q_d - q) - K_d\dot q + G(q)`.

    Parameters
    ----------
    arm : PlanarArm
        The model whose gravity torque is fed forward.
    q, qd : array_like, shape (n,)
        Joint angles (rad) and rates (rad/s).
    q_goal : array_like, shape (n,)
        The goal :math:`q_d`, rad.
    kp, kd : float or array_like, shape (n,)
        Diagonal gains, N m/rad and N m s/rad (> 0).

    Returns
    -------
    numpy.ndarray, shape (n,)
        Joint torques, N m.

    Examples
    --------
    >>> arm = PlanarArm()
    >>> tau = pd_gravity_torque(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], 50.0, 10.0)
    >>> bool(np.allclose(tau, arm.gravity_torque([0.0, 0.0])))
    True
    """
    q = as_array("q", q, "rad", (arm.n,), finite=True)
    qd = as_array("qd", qd, "rad/s", (arm.n,), finite=True)
    q_goal = as_array("q_goal", q_goal, "rad", (arm.n,), finite=True)
    kp = _gains("kp", kp, arm.n, "N m/rad")
    kd = _gains("kd", kd, arm.n, "N m s/rad")
    return kp * (q_goal - q) - kd * qd + arm.gravity_torque(q)


def lyapunov_function(arm: PlanarArm, q, qd, q_goal, kp) -> float:
    r"""The energy-like function of PD plus gravity, :math:`V = \tfrac12\dot q^T M\dot q
    + \tfrac12 e^T K_p e` with :math:`e = q_d - q`, in J.

    The kinetic energy of the arm plus the energy of a spring of stiffness :math:`K_p`
    pulling each joint to its goal; gravity is left out because the controller cancels it.
    """
    q = as_array("q", q, "rad", (arm.n,), finite=True)
    qd = as_array("qd", qd, "rad/s", (arm.n,), finite=True)
    error = as_array("q_goal", q_goal, "rad", (arm.n,), finite=True) - q
    kp = _gains("kp", kp, arm.n, "N m/rad")
    return float(0.5 * qd @ arm.mass_matrix(q) @ qd + 0.5 * error @ (kp * error))


def computed_torque(model: PlanarArm, q, qd, q_ref, qd_ref, qdd_ref, kp, kd) -> np.ndarray:
    r"""Computed-torque control, :math:`\tau = \hat M(\ddot q_r + K_d\dot e + K_p e)
    + \hat C\dot q + \hat G` with :math:`e = q_r - q`.

    Evaluated as the inverse dynamics of ``model`` at the state (q, qd) with the commanded
    acceleration :math:`\ddot q_r + K_d\dot e + K_p e`, which is exactly that sum.

    Parameters
    ----------
    model : PlanarArm
        The controller's model of the arm (it may differ from the real arm).
    q, qd : array_like, shape (n,)
        Measured joint angles (rad) and rates (rad/s).
    q_ref, qd_ref, qdd_ref : array_like, shape (n,)
        Reference angles (rad), rates (rad/s) and accelerations (rad/s^2).
    kp, kd : float or array_like, shape (n,)
        Diagonal gains, 1/s^2 and 1/s (> 0).

    Returns
    -------
    numpy.ndarray, shape (n,)
        Joint torques, N m.
    """
    n = model.n
    q = as_array("q", q, "rad", (n,), finite=True)
    qd = as_array("qd", qd, "rad/s", (n,), finite=True)
    q_ref = as_array("q_ref", q_ref, "rad", (n,), finite=True)
    qd_ref = as_array("qd_ref", qd_ref, "rad/s", (n,), finite=True)
    qdd_ref = as_array("qdd_ref", qdd_ref, "rad/s^2", (n,), finite=True)
    kp = _gains("kp", kp, n, "1/s^2")
    kd = _gains("kd", kd, n, "1/s")
    command = qdd_ref + kd * (qd_ref - qd) + kp * (q_ref - q)
    return model.inverse_dynamics(q, qd, command)


def critically_damped_error(e0, e0_dot, natural_frequency: float, t) -> np.ndarray:
    r"""The solution of :math:`\ddot e + 2\omega\dot e + \omega^2 e = 0`,
    :math:`e(t) = (e_0 + (\dot e_0 + \omega e_0)\,t)\,e^{-\omega t}`.

    Parameters
    ----------
    e0, e0_dot : array_like, shape (n,)
        Error (rad) and its rate (rad/s) at t = 0.
    natural_frequency : float
        :math:`\omega`, rad/s (> 0): the gains :math:`K_p = \omega^2`, :math:`K_d = 2\omega`.
    t : array_like, shape (N,)
        Times, s.

    Returns
    -------
    numpy.ndarray, shape (n, N)
        The error, rad.

    Examples
    --------
    >>> float(critically_damped_error([1.0], [0.0], 2.0, [0.5])[0, 0].round(6))
    0.735759
    """
    e0 = as_array("e0", e0, "rad", (None,), finite=True)
    e0_dot = as_array("e0_dot", e0_dot, "rad/s", e0.shape, finite=True)
    w = _gains("natural_frequency", natural_frequency, 1, "rad/s")[0]
    t = as_array("t", t, "s", (None,), finite=True)
    return (e0[:, None] + (e0_dot + w * e0)[:, None] * t) * np.exp(-w * t)


def simulate_pd_gravity(arm: PlanarArm, q0, qd0, q_goal, kp, kd, t_span, *,
                        model: PlanarArm | None = None, t_eval=None, rtol: float = 1e-9,
                        atol: float = 1e-11):
    r"""The arm under PD plus gravity compensation, from (q0, qd0) towards ``q_goal``.

    ``model`` is the arm whose gravity the controller feeds forward (default: ``arm``
    itself, exact compensation). Returns the :class:`robodyn.integrate.SimulationResult` of
    :meth:`PlanarArm.simulate` (DOP853) with the extra details ``V`` (J, the
    :func:`lyapunov_function` at the samples) and ``tau`` (N m, shape (n, N)).
    """
    model = arm if model is None else model
    q_goal = as_array("q_goal", q_goal, "rad", (arm.n,), finite=True)
    kp = _gains("kp", kp, arm.n, "N m/rad")
    kd = _gains("kd", kd, arm.n, "N m s/rad")

    def torque(t, q, qd):
        return pd_gravity_torque(model, q, qd, q_goal, kp, kd)

    run = arm.simulate(q0, qd0, torque, t_span, method="DOP853", rtol=rtol, atol=atol,
                       t_eval=t_eval)
    states = run.stack()
    q, qd = states[:arm.n], states[arm.n:]
    V = np.array([lyapunov_function(arm, q[:, k], qd[:, k], q_goal, kp)
                  for k in range(run.t.size)])
    tau = np.array([torque(0.0, q[:, k], qd[:, k]) for k in range(run.t.size)]).T
    return dataclasses.replace(run, details={**run.details, "V": V, "tau": tau})


def simulate_computed_torque(arm: PlanarArm, model: PlanarArm,
                             reference: Callable, q0, qd0, kp, kd, t_span, *, t_eval=None,
                             rtol: float = 1e-9, atol: float = 1e-11):
    r"""The arm ``arm`` tracking ``reference`` under computed torque built on ``model``.

    Parameters
    ----------
    arm : PlanarArm
        The real arm, simulated.
    model : PlanarArm
        The controller's model (pass ``arm`` for an exact model).
    reference : callable
        ``reference(t) -> (q_ref, qd_ref, qdd_ref)``, each shape (n,): rad, rad/s, rad/s^2.
    q0, qd0 : array_like, shape (n,)
        Start, rad and rad/s.
    kp, kd : float or array_like, shape (n,)
        Gains, 1/s^2 and 1/s (> 0).
    t_span : (float, float)
        Start and end time, s.

    Returns
    -------
    SimulationResult
        As :meth:`PlanarArm.simulate` (DOP853), with the extra details ``error`` (rad,
        :math:`q_r - q`, shape (n, N)) and ``tau`` (N m, shape (n, N)).
    """
    if not callable(reference):
        raise ParameterError(f"reference must be callable as reference(t) -> (q, qd, qdd), "
                             f"got {reference!r}")
    if model.n != arm.n:
        raise ParameterError(f"model must have as many links as the arm ({arm.n}), "
                             f"got {model.n}")
    kp = _gains("kp", kp, arm.n, "1/s^2")
    kd = _gains("kd", kd, arm.n, "1/s")

    def torque(t, q, qd):
        return computed_torque(model, q, qd, *reference(t), kp, kd)

    run = arm.simulate(q0, qd0, torque, t_span, method="DOP853", rtol=rtol, atol=atol,
                       t_eval=t_eval)
    states = run.stack()
    q, qd = states[:arm.n], states[arm.n:]
    q_ref = np.array([reference(t)[0] for t in run.t]).T
    tau = np.array([torque(t, q[:, k], qd[:, k]) for k, t in enumerate(run.t)]).T
    return dataclasses.replace(run, details={**run.details, "error": q_ref - q, "tau": tau})
