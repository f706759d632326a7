"""A straight run against rolling resistance (chapter 2's Coulomb law on the wheels)."""

from __future__ import annotations

import numpy as np

from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    check_non_negative,
    check_positive,
    check_real,
)
from robodyn.diffdrive.params import DiffDriveParams, check_params


def straight_run_with_rolling_resistance(
    params: DiffDriveParams,
    v_ref: float,
    rolling_coefficient: float,
    integral_gain: float = 0.0,
    anti_windup: bool = True,
    t_end: float = 2.0,
    dt: float = 1e-3,
) -> SimulationResult:
    r"""Drive straight from rest under wheel-speed control, against rolling resistance.

    Both wheels get the reference :math:`\dot\varphi_{ref} = v_{ref}/R`. Each carries half the
    weight and meets a rolling-resistance force :math:`c_{rr}\,m g/2` against the motion
    (:func:`robodyn.friction.coulomb`), a torque :math:`\tau_{rr} = c_{rr}\,m g R/2` at its
    axle. The speed controller is proportional-integral with the torque limit,

    .. math::

        \tau = \mathrm{clip}\big(k\,e + k_i \textstyle\int e\,dt,\ \pm\tau_{max}\big), \qquad
        e = \dot\varphi_{ref} - \dot\varphi, \qquad
        m_{eff}\,\dot v = \frac{2(\tau - \tau_{rr}\,\mathrm{sign}\,v)}{R}.

    With :math:`k_i = 0` (the controller of chapter 4) the speed settles short of the
    reference, at :math:`e = \tau_{rr}/k`, a speed error :math:`R\,\tau_{rr}/k`; the integral
    term removes it. *Anti-windup*: while the torque sits at its limit the integral stops
    growing in the direction that pushes it further (conditional integration), so it does not
    store error that must be unwound later as overshoot.

    Parameters
    ----------
    params : DiffDriveParams
        The robot (m, g, R, m_eff, speed_gain k, max_wheel_torque).
    v_ref : float
        Speed reference, m/s.
    rolling_coefficient : float
        :math:`c_{rr}`, dimensionless (>= 0), about 0.01 for hard wheels on a hard floor.
    integral_gain : float
        :math:`k_i`, N m per rad (>= 0).
    anti_windup : bool
        Conditional integration at the torque limit.
    t_end, dt : float
        Duration and step of the sampled controller and of the semi-implicit Euler step, s.

    Returns
    -------
    SimulationResult
        Columns ``v`` (m/s), ``tau`` (N m, per wheel), ``integral`` (rad, the integrated
        wheel-speed error); detail ``steady_error_p`` (m/s), the proportional controller's
        predicted error :math:`R\tau_{rr}/k`.
    """
    from robodyn.laws.friction import coulomb

    p = check_params(params)
    v_ref = check_real("v_ref", v_ref, "m/s")
    c_rr = check_non_negative("rolling_coefficient", rolling_coefficient)
    k_i = check_non_negative("integral_gain", integral_gain, "N m/rad")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    resistance = c_rr * p.mass * p.g / 2.0  # N per wheel
    reference = v_ref / p.wheel_radius
    v, integral = 0.0, 0.0
    n_steps = int(round(t_end / dt))
    rows = np.empty((n_steps + 1, 4))
    for step in range(n_steps + 1):
        error = reference - v / p.wheel_radius
        wanted = p.speed_gain * error + k_i * integral
        tau = min(max(wanted, -p.max_wheel_torque), p.max_wheel_torque)
        rows[step] = step * dt, v, tau, integral
        saturated = tau != wanted and np.sign(error) == np.sign(wanted)
        if not (anti_windup and saturated):
            integral += error * dt
        drive = 2.0 * (tau / p.wheel_radius + float(coulomb(v, resistance)))
        v += dt * drive / p.effective_mass
    t, v_column, tau_column, integral_column = rows.T
    steady = p.wheel_radius * resistance * p.wheel_radius / p.speed_gain
    return SimulationResult(
        t=t, columns={"v": v_column, "tau": tau_column, "integral": integral_column},
        message=f"{n_steps} steps of {dt:g} s", details={"steady_error_p": steady})
