"""Sizing an arm's drives: worst-case gravity, point-to-point moves, gears and motors."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.arm.planar_arm import PlanarArm
from robodyn.core import integrate
from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    as_array,
    check_integer,
    check_positive,
    quantity,
)


@dataclass(frozen=True)
class SizingMove(Parameters):
    """The load case the motors of an arm are sized for: a payload and a fast move.

    Parameters
    ----------
    payload : float
        Point mass at the tip, kg (>= 0). Default 1 kg.
    peak_speed : float
        Largest joint speed of the move, rad/s (> 0). Default 3 rad/s.
    peak_acceleration : float
        Largest joint acceleration of the move, rad/s^2 (> 0). Default 12 rad/s^2.

    The defaults are this book's example for the tutorial's arm (the tutorial's form for an
    arm's parameters leaves them to the reader); the chapter's calculator starts from them.

    Examples
    --------
    >>> move = SizingMove()
    >>> print(move.payload, move.peak_speed, move.peak_acceleration)
    1.0 3.0 12.0
    """

    payload: float = quantity(1.0, "kg", at_least=0.0, source="assumed",
                              note="a tool or a part held at the tip, this book's example")
    peak_speed: float = quantity(3.0, "rad/s", above=0.0, source="assumed",
                                 note="a brisk move of a small arm, this book's example")
    peak_acceleration: float = quantity(
        12.0, "rad/s^2", above=0.0, source="assumed",
        note="reaches the peak speed in a quarter of a second, this book's example")


def worst_case_gravity(arm: PlanarArm) -> np.ndarray:
    r"""Largest gravity torque of each joint over all configurations, N m, shape (n,).

    :math:`|G_j| \le g \sum_{i \ge j} k_i |\cos\varphi_i|` with
    :math:`k_i = m_i l_{c,i} + L_i \sum_{k > i} m_k \ge 0`, so every joint sees its largest
    torque at once, with the arm stretched out horizontally (q = 0): the worst case is G(0).
    """
    return arm.gravity_torque(np.zeros(arm.n))


def trapezoidal_profile(peak_speed: float, peak_acceleration: float,
                        n_samples: int = 201) -> integrate.SimulationResult:
    r"""A rest-to-rest move of a coordinate s from 0 to 1 with limited speed and acceleration.

    Accelerate at :math:`\ddot s_{max}`, cruise at :math:`\dot s_{max}`, brake; if the speed
    limit is not reached within half the move, the profile is a triangle.

    Parameters
    ----------
    peak_speed : float
        :math:`\dot s_{max}`, 1/s (> 0).
    peak_acceleration : float
        :math:`\ddot s_{max}`, 1/s^2 (> 0).
    n_samples : int
        Number of samples from start to end (>= 2).

    Returns
    -------
    SimulationResult
        Times ``t`` (s, shape (n_samples,)) and columns ``s``, ``s_dot`` (1/s), ``s_ddot``
        (1/s^2); details ``shape`` ("trapezoid" or "triangle") and ``duration`` (s). A
        prescribed motion, sampled: nothing is integrated.

    Examples
    --------
    >>> move = trapezoidal_profile(2.0, 8.0)
    >>> print(f"{move.duration:.3f} s {move.shape}, top speed {move.s_dot.max():.2f}, "
    ...       f"s(end) = {move.s[-1]:.3f}")
    0.750 s trapezoid, top speed 2.00, s(end) = 1.000
    """
    v = check_positive("peak_speed", peak_speed, "1/s")
    a = check_positive("peak_acceleration", peak_acceleration, "1/s^2")
    n_samples = check_integer("n_samples", n_samples, at_least=2)
    t_ramp = v / a
    triangle = a * t_ramp**2 >= 1.0
    if triangle:  # the speed limit is never reached
        t_ramp = math.sqrt(1.0 / a)
        v = a * t_ramp
    t_cruise = (1.0 - a * t_ramp**2) / v
    total = 2 * t_ramp + t_cruise
    t = np.linspace(0.0, total, n_samples)
    ramp_up = t < t_ramp
    ramp_down = t > t_ramp + t_cruise
    s_ddot = np.where(ramp_up, a, np.where(ramp_down, -a, 0.0))
    s_dot = np.where(ramp_up, a * t, np.where(ramp_down, a * (total - t), v))
    s = np.where(ramp_up, a * t**2 / 2,
                 np.where(ramp_down, 1.0 - a * (total - t) ** 2 / 2,
                          a * t_ramp**2 / 2 + v * (t - t_ramp)))
    return integrate.SimulationResult(
        t=t, columns={"s": s, "s_dot": s_dot, "s_ddot": s_ddot},
        message=f"a {'triangular' if triangle else 'trapezoidal'} profile of {total:.6g} s",
        details={"shape": "triangle" if triangle else "trapezoid", "duration": total})


def point_to_point_torques(arm: PlanarArm, q_start, q_end, peak_speed: float,
                           peak_acceleration: float,
                           n_samples: int = 201) -> integrate.SimulationResult:
    r"""Joint torques along a synchronised rest-to-rest move from q_start to q_end.

    Every joint follows :math:`q(t) = q_0 + (q_1 - q_0)\,s(t)` with the profile s of
    :func:`trapezoidal_profile`, scaled so that the joint that moves furthest reaches
    ``peak_speed`` (rad/s) and ``peak_acceleration`` (rad/s^2).

    Returns
    -------
    SimulationResult
        Times ``t`` (s, shape (N,)) and, for each joint j = 1 ... n, the columns ``qj``
        (rad), ``qdj`` (rad/s), ``qddj`` (rad/s^2) and ``tauj`` (N m, by
        :meth:`PlanarArm.inverse_dynamics`); ``run.stack("tau1", "tau2")`` gives the torques
        as one array, shape (n, N). A prescribed motion: nothing is integrated.
    """
    q_start = as_array("q_start", q_start, "rad", (arm.n,), finite=True)
    q_end = as_array("q_end", q_end, "rad", (arm.n,), finite=True)
    distance = q_end - q_start
    furthest = float(np.max(np.abs(distance)))
    if furthest == 0.0:
        raise ParameterError("q_end must differ from q_start: the move has no length")
    profile = trapezoidal_profile(
        check_positive("peak_speed", peak_speed, "rad/s") / furthest,
        check_positive("peak_acceleration", peak_acceleration, "rad/s^2") / furthest,
        n_samples,
    )
    q = q_start[:, None] + distance[:, None] * profile.s
    qd = distance[:, None] * profile.s_dot
    qdd = distance[:, None] * profile.s_ddot
    tau = arm.inverse_dynamics(q, qd, qdd)
    columns = {}
    for name, values in (("q", q), ("qd", qd), ("qdd", qdd), ("tau", tau)):
        columns.update({f"{name}{j + 1}": values[j] for j in range(arm.n)})
    return integrate.SimulationResult(t=profile.t, columns=columns, message=profile.message)


def mass_matrix_eigenvalue_range(arm: PlanarArm, samples_per_joint: int = 24):
    """Smallest and largest eigenvalue of M over a grid of the relative angles, kg m^2.

    M depends on q2 ... qn only (turning the whole arm about joint 1 changes nothing), so
    the grid covers those, ``samples_per_joint`` values each over a full turn (for n > 4 the
    grid is replaced by that many random configurations per joint, seeded).
    """
    if arm.n == 1:
        value = float(arm.mass_matrix(np.zeros(1))[0, 0])
        return value, value
    angles = np.linspace(-np.pi, np.pi, samples_per_joint, endpoint=False)
    if arm.n <= 4:
        grids = np.meshgrid(*([angles] * (arm.n - 1)), indexing="ij")
        relative = np.stack([g.ravel() for g in grids])
    else:
        relative = np.random.default_rng(0).uniform(-np.pi, np.pi,
                                                    (arm.n - 1, samples_per_joint**2))
    low, high = math.inf, -math.inf
    for column in relative.T:
        eigenvalues = np.linalg.eigvalsh(arm.mass_matrix(np.concatenate([[0.0], column])))
        low, high = min(low, eigenvalues[0]), max(high, eigenvalues[-1])
    return float(low), float(high)


def _drive(arm: PlanarArm, gear_ratios, rotor_inertias):
    """Gear ratios (> 0) and rotor inertias (>= 0, kg m^2) as arrays of shape (n,)."""
    ratios = as_array("gear_ratios", gear_ratios, "", finite=True)
    rotors = as_array("rotor_inertias", rotor_inertias, "kg m^2", finite=True)
    ratios = np.full(arm.n, float(ratios)) if ratios.ndim == 0 else ratios
    rotors = np.full(arm.n, float(rotors)) if rotors.ndim == 0 else rotors
    for name, values in (("gear_ratios", ratios), ("rotor_inertias", rotors)):
        if values.shape != (arm.n,):
            raise ParameterError(f"{name} must be one number or one per joint, shape "
                                 f"({arm.n},); got shape {values.shape}")
    if np.any(ratios <= 0.0):
        raise ParameterError(f"gear_ratios must be > 0 (motor turns per joint turn), "
                             f"got {ratios}")
    if np.any(rotors < 0.0):
        raise ParameterError(f"rotor_inertias must be >= 0 kg m^2, got {rotors}")
    return ratios, rotors


def reflected_inertia(arm: PlanarArm, gear_ratios, rotor_inertias) -> np.ndarray:
    r"""The rotor inertias seen at the joints, :math:`N_j^2 J_{m,j}`, kg m^2, shape (n,).

    A motor whose rotor (inertia :math:`J_m`) turns N times per turn of its joint stores
    :math:`\tfrac12 J_m (N\dot q_j)^2`: to the joint it is an inertia :math:`N^2 J_m`, added to
    the diagonal of M (see :func:`geared_mass_matrix`).

    Parameters
    ----------
    arm : PlanarArm
    gear_ratios : float or array_like, shape (n,)
        N_j, motor turns per joint turn (> 0); one number applies to every joint.
    rotor_inertias : float or array_like, shape (n,)
        J_m,j, inertia of each rotor (with the gear's input stage) about its axis, kg m^2
        (>= 0).

    Examples
    --------
    >>> reflected_inertia(PlanarArm(), 100.0, 3e-5).round(6)
    array([0.3, 0.3])
    """
    ratios, rotors = _drive(arm, gear_ratios, rotor_inertias)
    return ratios**2 * rotors


def geared_mass_matrix(arm: PlanarArm, q, gear_ratios, rotor_inertias) -> np.ndarray:
    r"""Mass matrix of the arm with its geared motors, :math:`M(q) + \mathrm{diag}(N^2 J_m)`,
    kg m^2, shape (n, n).

    Notes
    -----
    The rotors are counted with their spin relative to the link that carries them only;
    the small part of their kinetic energy due to the links' own rotation (and the gyroscopic
    coupling it brings) is left out, the usual model for high gear ratios.
    """
    q = as_array("q", q, "rad", (arm.n,), finite=True)
    return arm.mass_matrix(q) + np.diag(reflected_inertia(arm, gear_ratios, rotor_inertias))


def motor_torques(arm: PlanarArm, q, qd, qdd, gear_ratios, rotor_inertias) -> np.ndarray:
    r"""Torques at the motor shafts for a motion of the arm, N m, shape (n,) or (n, N).

    .. math:: \tau_{m,j} = \frac{\tau_j + N_j^2 J_{m,j}\,\ddot q_j}{N_j}

    with :math:`\tau` the joint torques of :meth:`PlanarArm.inverse_dynamics`: the gear
    multiplies the motor's torque by N (an ideal, lossless gear), and the motor must also
    accelerate its own rotor, N times as fast as the joint. Equivalently
    :math:`N\tau_m = (M + N^2 J_m)\ddot q + C\dot q + G`.

    Parameters
    ----------
    arm : PlanarArm
    q, qd, qdd : array_like, shape (n,) or (n, N)
        Angles (rad), rates (rad/s) and accelerations (rad/s^2) of the joints.
    gear_ratios, rotor_inertias
        As in :func:`reflected_inertia`.
    """
    ratios, rotors = _drive(arm, gear_ratios, rotor_inertias)
    qdd_array = np.asarray(qdd, dtype=float)
    shape = (arm.n,) + (1,) * (qdd_array.ndim - 1)
    tau = arm.inverse_dynamics(q, qd, qdd)
    return (tau + (ratios**2 * rotors).reshape(shape) * qdd_array) / ratios.reshape(shape)


def rms_and_peak(t, tau) -> tuple[np.ndarray, np.ndarray]:
    r"""RMS and peak of torques sampled over a motion, for sizing a motor, N m.

    :math:`\tau_{rms} = \sqrt{\tfrac1T\int_0^T \tau^2\,dt}` (trapezoidal rule over the
    samples) is compared with a motor's continuous torque, which heats it as the motion
    does; :math:`\max |\tau|` with its peak torque.

    Parameters
    ----------
    t : array_like, shape (N,)
        Increasing sample times, s (N >= 2).
    tau : array_like, shape (N,) or (n, N)
        Torques at those times, N m.

    Returns
    -------
    rms, peak : numpy.ndarray, shape () or (n,)

    Examples
    --------
    >>> t = np.linspace(0.0, 2 * np.pi, 20001)
    >>> rms, peak = rms_and_peak(t, 3.0 * np.sin(t))
    >>> print(f"{float(rms):.4f} {float(peak):.4f}")
    2.1213 3.0000
    """
    t = as_array("t", t, "s", (None,), finite=True)
    tau = as_array("tau", tau, "N m", finite=True)
    if t.size < 2 or np.any(np.diff(t) <= 0.0):
        raise ParameterError(f"t must hold at least two increasing times, got {t.size} "
                             f"samples{'' if t.size < 2 else ' not increasing'}")
    if tau.shape[-1:] != t.shape or tau.ndim > 2:
        raise ParameterError(f"tau must have shape ({t.size},) or (n, {t.size}), "
                             f"got shape {tau.shape}")
    mean_square = np.trapezoid(tau**2, t, axis=-1) / (t[-1] - t[0])
    return np.sqrt(mean_square), np.abs(tau).max(axis=-1)
