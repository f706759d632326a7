"""Holding a joint's speed against friction with a PI controller."""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    as_array,
    check_non_negative,
    check_positive,
    check_real,
)


def hold_speed(friction_torque, target: float, inertia: float, gain: float,
               integral_gain: float, t_end: float, dt: float = 1e-3) -> SimulationResult:
    r"""A joint started at rest under a PI speed controller, with fixed steps.

    :math:`J\dot\omega = \tau + F(\omega)` with :math:`\tau = k e + k_i\int e\,dt`,
    :math:`e = \omega_{ref} - \omega`; each step of ``dt`` computes the torque from the
    speed at its start (a sampled-data controller), then advances the integral of the error
    and the speed by an explicit Euler step.

    Parameters
    ----------
    friction_torque : callable
        ``F(omega)`` in N m, against the motion (the true friction of the joint).
    target : float
        Speed reference, rad/s.
    inertia : float
        J, kg m^2 (> 0).
    gain, integral_gain : float
        k (N m s/rad, > 0) and k_i (N m/rad, >= 0).
    t_end, dt : float
        Duration and step, s (> 0).

    Returns
    -------
    SimulationResult
        Columns ``omega`` (rad/s) and ``torque`` (N m, the motor's over the step that starts
        at each sample) at the times k dt, k = 0 ... round(t_end / dt).

    Examples
    --------
    >>> run = hold_speed(lambda w: -0.3 * np.sign(w), 1.0, 0.01, 2.0, 20.0, t_end=2.0)
    >>> print(f"{run.omega[-1]:.4f} rad/s with {run.torque[-1]:.4f} N m")
    1.0000 rad/s with 0.3000 N m
    """
    if not callable(friction_torque):
        raise ParameterError("friction_torque must be callable as F(omega) in N m")
    target = check_real("target", target, "rad/s")
    J = check_positive("inertia", inertia, "kg m^2")
    k = check_positive("gain", gain, "N m s/rad")
    k_i = check_non_negative("integral_gain", integral_gain, "N m/rad")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    n_steps = int(round(t_end / dt))
    omega, integral = 0.0, 0.0
    rows = np.empty((n_steps + 1, 2))
    for step in range(n_steps + 1):
        error = target - omega
        tau = k * error + k_i * integral
        rows[step] = omega, tau
        integral += error * dt
        omega += dt * (tau + float(friction_torque(omega))) / J
    return SimulationResult(t=np.arange(n_steps + 1) * dt,
                            columns={"omega": rows[:, 0], "torque": rows[:, 1]},
                            success=bool(np.all(np.isfinite(rows))),
                            message=f"{n_steps} fixed steps of {dt:g} s")


def speed_sweep(friction_torque, speeds, inertia: float, gain: float, integral_gain: float,
                noise: float, seed: int, settle: float = 1.0, record: float = 1.0,
                dt: float = 1e-3):
    r"""A simulated friction experiment: hold a joint at each speed, average the motor torque.

    For each speed the joint starts at rest under a proportional-integral speed controller
    (:func:`hold_speed`); after ``settle`` seconds the torque is recorded for ``record``
    seconds, with Gaussian sensor noise of standard deviation ``noise`` on every sample, and
    averaged. At constant speed the motor torque balances the friction, so
    ``-mean torque`` estimates :math:`F(\omega)`.

    Parameters
    ----------
    friction_torque : callable
        ``F(omega)`` in N m, against the motion (the true friction of the joint).
    speeds : array_like, shape (n,)
        Speed references, rad/s.
    inertia : float
        J, kg m^2 (> 0).
    gain, integral_gain : float
        k (N m s/rad, > 0) and k_i (N m/rad, >= 0).
    noise : float
        Standard deviation of the torque sensor, N m (>= 0).
    seed : int
        Seed of the noise.
    settle, record, dt : float
        Settling time, recording time and step, s.

    Returns
    -------
    speeds, friction, ripple : numpy.ndarray, shape (n,)
        The speeds held (mean over the record, rad/s), the friction estimate
        ``-mean(torque)`` (N m), and the standard deviation of the speed over the record
        (rad/s). A large ripple means the joint did not run at a constant speed (it had not
        settled, or it hunts in a stick-slip cycle where the friction falls with speed), and
        the mean torque is then not the friction at the mean speed: drop such points.

    Notes
    -----
    The result is a measurement, one row per speed, not a trajectory; each run behind it is
    a :class:`~robodyn.core.integrate.SimulationResult` of :func:`hold_speed`. The speed of a
    step is recorded at its end, the torque over it.
    """
    if not callable(friction_torque):
        raise ParameterError("friction_torque must be callable as F(omega) in N m")
    targets = as_array("speeds", speeds, "rad/s", (None,), finite=True)
    noise = check_non_negative("noise", noise, "N m")
    rng = np.random.default_rng(seed)
    n_settle, n_record = int(round(settle / dt)), int(round(record / dt))
    held, estimates, ripple = [], [], []
    for target in targets:
        run = hold_speed(friction_torque, target, inertia, gain, integral_gain,
                         (n_settle + n_record) * dt, dt)
        rates = run.omega[n_settle + 1:]
        torques = run.torque[n_settle:-1] + rng.normal(0.0, noise, n_record)
        held.append(np.mean(rates))
        estimates.append(-np.mean(torques))
        ripple.append(np.std(rates))
    return np.array(held), np.array(estimates), np.array(ripple)
