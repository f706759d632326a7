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
import math
from collections.abc import Callable

import numpy as np

from robodyn.arm.identification import base_parameters
from robodyn.arm.planar_arm import PlanarArm
from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.params import as_array, check_choice, check_positive

__all__ = [
    "CONTROLLERS",
    "TrackingRun",
    "computed_torque",
    "critically_damped_error",
    "gains_from_frequency",
    "lyapunov_function",
    "pd_gravity_torque",
    "simulate_computed_torque",
    "simulate_pd_gravity",
    "track_fixed_step",
    "two_sines",
]

#: The controllers :func:`track_fixed_step` can run.
CONTROLLERS = ("computed torque", "PD + gravity")


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
    itself, exact compensation). Returns the :class:`robodyn.core.integrate.SimulationResult` of
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


def two_sines(t):
    r"""The chapter's reference motion: :math:`q_r = (0.3\sin 2t,\ -1 + 0.6\sin 3t)`.

    ``t``: a time or an array of times, s. Returns angles (rad), rates (rad/s) and
    accelerations (rad/s^2), each of shape (2,) or (2, N).
    """
    t = as_array("t", t, "s")
    return (np.array([0.3 * np.sin(2 * t), -1.0 + 0.6 * np.sin(3 * t)]),
            np.array([0.6 * np.cos(2 * t), 1.8 * np.cos(3 * t)]),
            np.array([-1.2 * np.sin(2 * t), -5.4 * np.sin(3 * t)]))


def gains_from_frequency(natural_frequency: float, damping_ratio: float, inertia=1.0):
    r"""Diagonal gains that give each joint the error equation
    :math:`\ddot e + 2\zeta\omega\dot e + \omega^2 e = 0` for an inertia J:
    :math:`K_p = J\omega^2`, :math:`K_d = 2\zeta\omega J`.

    Parameters
    ----------
    natural_frequency : float
        :math:`\omega`, rad/s (> 0).
    damping_ratio : float
        :math:`\zeta` (> 0); 1 is critical damping.
    inertia : float or array_like, shape (n,)
        J per joint, kg m^2 (> 0). 1 (the default) gives computed torque's gains, in 1/s^2
        and 1/s; a joint's inertia gives PD gains in N m/rad and N m s/rad.

    Returns
    -------
    kp, kd : numpy.ndarray
        Shape of ``inertia``.

    Examples
    --------
    >>> [float(k) for k in gains_from_frequency(8.0, 1.0)]
    [64.0, 16.0]
    """
    w = check_positive("natural_frequency", natural_frequency, "rad/s")
    zeta = check_positive("damping_ratio", damping_ratio)
    inertia = as_array("inertia", inertia, "kg m^2", finite=True)
    if np.any(inertia <= 0.0):
        raise ParameterError(f"inertia must be > 0 kg m^2, got {inertia}")
    return inertia * w**2, 2.0 * zeta * w * inertia


@dataclasses.dataclass(frozen=True, eq=False)
class TrackingRun:
    """A fixed-step tracking run of the two-link arm (:func:`track_fixed_step`).

    Attributes
    ----------
    t : numpy.ndarray, shape (K + 1,)
        Times, s.
    q, qd : numpy.ndarray, shape (2, K + 1)
        Joint angles (rad) and rates (rad/s).
    error : numpy.ndarray, shape (2, K + 1)
        Tracking error :math:`q_r - q`, rad.
    tau : numpy.ndarray, shape (2, K + 1)
        Joint torques of the controller, N m.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    error: np.ndarray
    tau: np.ndarray


def track_fixed_step(arm: PlanarArm, model: PlanarArm, reference: Callable, q0, qd0, kp, kd,
                     t_end: float, dt: float = 0.01,
                     controller: str = "computed torque") -> TrackingRun:
    r"""The two-link ``arm`` tracking ``reference`` under a controller built on ``model``,
    integrated by the classical Runge-Kutta method with a fixed step: fast enough for a widget.

    Both arms enter through their base parameters (:mod:`robodyn.arm.identification`):
    :math:`M = \begin{bmatrix}\pi_1 + \pi_2 + 2L_1\pi_3 c_2 & \pi_2 + L_1\pi_3 c_2\\
    \pi_2 + L_1\pi_3 c_2 & \pi_2\end{bmatrix}`, the velocity and gravity torques
    :math:`(-L_1\pi_3 s_2(2\dot q_1\dot q_2 + \dot q_2^2) + g(\pi_3 c_{12} + \pi_4 c_1),\
    L_1\pi_3 s_2\dot q_1^2 + g\pi_3 c_{12})`. Controllers, with :math:`e = q_r - q`:

    - ``"computed torque"``: :math:`\tau = \hat M(\ddot q_r + K_d\dot e + K_p e) + \hat C\dot q
      + \hat G` (eq. arm-computed-torque), gains in 1/s^2 and 1/s;
    - ``"PD + gravity"``: :math:`\tau = K_p e + K_d\dot e + \hat G(q)`, the PD plus gravity
      law with a moving goal, gains in N m/rad and N m s/rad.

    Parameters
    ----------
    arm, model : PlanarArm
        The real two-link arm and the controller's model of it.
    reference : callable
        ``reference(t) -> (q_r, qd_r, qdd_r)`` for an array of times t (shape (N,)), each of
        shape (2, N): rad, rad/s, rad/s^2. Called once, on the grid of half steps.
    q0, qd0 : array_like, shape (2,)
        Start, rad and rad/s.
    kp, kd : float or array_like, shape (2,)
        Diagonal gains (> 0), units as above.
    t_end : float
        Duration, s (> 0).
    dt : float
        Longest step, s (> 0); shortened so that whole steps end at ``t_end``. The error
        grows as (dt times the fastest rate of the closed loop)^4; keep that product below
        about 0.5.
    controller : {"computed torque", "PD + gravity"}

    Returns
    -------
    TrackingRun

    Raises
    ------
    SimulationError
        If the state stops being finite (the step too large for the gains).
    """
    for name, value in (("arm", arm), ("model", model)):
        if not isinstance(value, PlanarArm) or value.n != 2:
            raise ParameterError(f"{name} must be a two-link PlanarArm, got {value!r}")
    if not callable(reference):
        raise ParameterError(f"reference must be callable as reference(t) -> (q, qd, qdd), "
                             f"got {reference!r}")
    controller = check_choice("controller", controller, CONTROLLERS)
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    units = ("1/s^2", "1/s") if controller == "computed torque" else ("N m/rad", "N m s/rad")
    kp1, kp2 = (float(k) for k in _gains("kp", kp, 2, units[0]))
    kd1, kd2 = (float(k) for k in _gains("kd", kd, 2, units[1]))
    q1, q2 = (float(x) for x in as_array("q0", q0, "rad", (2,), finite=True))
    w1, w2 = (float(x) for x in as_array("qd0", qd0, "rad/s", (2,), finite=True))
    steps = math.ceil(t_end / dt - 1e-9)
    dt = t_end / steps
    half = np.arange(2 * steps + 1) * (0.5 * dt)
    ref = [np.broadcast_to(np.asarray(x, dtype=float), (2, half.size)).tolist()
           for x in reference(half)]
    (r1, r2), (rd1, rd2), (rdd1, rdd2) = ref
    P1, P2, P3, P4 = (float(x) for x in base_parameters(arm))
    H1, H2, H3, H4 = (float(x) for x in base_parameters(model))
    L, g = float(arm.lengths[0]), float(arm.gravity)
    Lh, gh = float(model.lengths[0]), float(model.gravity)
    computed = controller == "computed torque"

    def rates(k, q1, q2, w1, w2):
        """Accelerations and torques at half-step k."""
        c1, c2, s2, c12 = math.cos(q1), math.cos(q2), math.sin(q2), math.cos(q1 + q2)
        e1, e2, f1, f2 = r1[k] - q1, r2[k] - q2, rd1[k] - w1, rd2[k] - w2
        if computed:
            a1 = rdd1[k] + kd1 * f1 + kp1 * e1
            a2 = rdd2[k] + kd2 * f2 + kp2 * e2
            m12 = H2 + Lh * H3 * c2
            t1 = ((H1 + H2 + 2 * Lh * H3 * c2) * a1 + m12 * a2
                  - Lh * H3 * s2 * (2 * w1 * w2 + w2 * w2) + gh * (H3 * c12 + H4 * c1))
            t2 = m12 * a1 + H2 * a2 + Lh * H3 * s2 * w1 * w1 + gh * H3 * c12
        else:
            t1 = kp1 * e1 + kd1 * f1 + gh * (H3 * c12 + H4 * c1)
            t2 = kp2 * e2 + kd2 * f2 + gh * H3 * c12
        m11, m12 = P1 + P2 + 2 * L * P3 * c2, P2 + L * P3 * c2
        x1 = t1 + L * P3 * s2 * (2 * w1 * w2 + w2 * w2) - g * (P3 * c12 + P4 * c1)
        x2 = t2 - L * P3 * s2 * w1 * w1 - g * P3 * c12
        det = m11 * P2 - m12 * m12
        return (P2 * x1 - m12 * x2) / det, (m11 * x2 - m12 * x1) / det, t1, t2

    out = np.empty((6, steps + 1))
    h = dt
    for n in range(steps):
        k = 2 * n
        a1, a2, t1, t2 = rates(k, q1, q2, w1, w2)
        out[:, n] = q1, q2, w1, w2, t1, t2
        b1, b2, _, _ = rates(k + 1, q1 + 0.5 * h * w1, q2 + 0.5 * h * w2,
                             w1 + 0.5 * h * a1, w2 + 0.5 * h * a2)
        c1_, c2_, _, _ = rates(k + 1, q1 + 0.5 * h * (w1 + 0.5 * h * a1),
                               q2 + 0.5 * h * (w2 + 0.5 * h * a2),
                               w1 + 0.5 * h * b1, w2 + 0.5 * h * b2)
        d1, d2, _, _ = rates(k + 2, q1 + h * (w1 + 0.5 * h * b1), q2 + h * (w2 + 0.5 * h * b2),
                             w1 + h * c1_, w2 + h * c2_)
        q1 += h / 6 * (w1 + 2 * (w1 + 0.5 * h * a1) + 2 * (w1 + 0.5 * h * b1) + w1 + h * c1_)
        q2 += h / 6 * (w2 + 2 * (w2 + 0.5 * h * a2) + 2 * (w2 + 0.5 * h * b2) + w2 + h * c2_)
        w1 += h / 6 * (a1 + 2 * b1 + 2 * c1_ + d1)
        w2 += h / 6 * (a2 + 2 * b2 + 2 * c2_ + d2)
        if not (abs(q1) + abs(q2) + abs(w1) + abs(w2) < 1e6):
            raise SimulationError(
                f"the tracking run blew up at t = {(n + 1) * dt:.3g} s (state no longer "
                f"finite): the step dt = {dt:g} s is too large for these gains; halve dt or "
                f"lower the gains")
    out[:, steps] = (q1, q2, w1, w2, *rates(2 * steps, q1, q2, w1, w2)[2:])
    t = half[::2]
    q = out[:2]
    error = np.array([r1[::2], r2[::2]]) - q
    return TrackingRun(t=t, q=q, qd=out[2:4], error=error, tau=out[4:])
