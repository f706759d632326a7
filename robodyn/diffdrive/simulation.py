"""Driving the robot through waypoints: the simulation loop."""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import RK4_STABILITY_LIMIT, SimulationResult, rk4_step
from robodyn.core.params import (
    as_array,
    check_choice,
    check_integer,
    check_positive,
)
from robodyn.diffdrive.dynamics import dynamic_rhs
from robodyn.diffdrive.kinematics import (
    twist_to_wheel_speeds,
    wheel_speeds_to_twist,
)
from robodyn.diffdrive.params import DiffDriveParams, check_params
from robodyn.diffdrive.waypoints import REACHED_GOAL, FollowerSettings, WaypointFollower

#: Robot models that :func:`simulate` can drive.
MODELS = ("kinematic", "dynamic")


def simulate(
    params: DiffDriveParams,
    settings: FollowerSettings,
    model: str = "kinematic",
    t_max: float = 60.0,
    dt: float = 0.02,
    initial_pose=(0.0, 0.0, 0.0),
    substeps: int = 4,
) -> SimulationResult:
    r"""Drive the robot through the waypoints of ``settings`` in a sampled-data loop.

    Every ``dt`` a :class:`~robodyn.diffdrive.waypoints.WaypointFollower` turns the measured
    pose into a
    command (v_cmd, omega_cmd), held until the next sample; :func:`inverse_kinematics` and
    :func:`saturate_wheel_speeds` turn it into wheel-speed references. Then

    - ``model="kinematic"``: the wheels follow the references exactly; the pose advances by
      :func:`integrate_pose` (exact for the held command);
    - ``model="dynamic"``: the state (x, y, theta, v, omega) starts at rest and advances by
      ``substeps`` :func:`~robodyn.core.integrate.rk4_step` steps of :func:`dynamic_rhs` (speed
      controllers with torque limits, Lagrange dynamics).

    The run stops at the sample where the follower enters ``ReachedGoal`` (that sample is
    recorded) or after ``t_max``.

    Parameters
    ----------
    params : DiffDriveParams
        Robot parameters.
    settings : FollowerSettings
        Waypoints and controller settings.
    model : {"kinematic", "dynamic"}, optional
        Which robot model to drive.
    t_max : float, optional
        Longest simulated time, s (> 0).
    dt : float, optional
        Control period, s (> 0, at most ``t_max``).
    initial_pose : array_like, shape (3,), optional
        Start pose (x, y, theta): m, m, rad.
    substeps : int, optional
        RK4 steps per control period for the dynamic model (>= 1).

    Returns
    -------
    SimulationResult
        Columns ``x``, ``y``, ``theta`` (m, m, rad; theta not wrapped), ``v``, ``omega``
        (m/s, rad/s), ``phi_dot_r``, ``phi_dot_l`` (rad/s), ``v_cmd``, ``omega_cmd`` (the
        follower's commands, held from each sample to the next) and ``tau_r``, ``tau_l``
        (N m; NaN for the kinematic model), at the sample times ``t``. ``success`` is True
        when the last waypoint was reached; ``message`` says what happened, with advice if
        the goal was not reached. Details: ``waypoint_times`` (the sample time at which each
        waypoint was reached, s; NaN if it was not) and ``model``.

    Raises
    ------
    ParameterError
        If an input is of the wrong type or out of range (the message names it), or, for the
        dynamic model, if the RK4 step dt / substeps exceeds the stability limit
        ``RK4_STABILITY_LIMIT`` times the shorter of ``params.speed_loop_time_constants``
        (the message gives the number of substeps needed).
    SimulationError
        If the state becomes NaN or infinite (advice: a smaller dt or more substeps).

    Notes
    -----
    Sensing is perfect and instantaneous (the thesis's Transform Sensor); no wheel slip, no
    noise. At each sample the recorded commands, and for the kinematic model v, omega and the
    wheel speeds (after saturation), are the ones held over the following period; for the
    dynamic model v, omega and the wheel speeds are the state at the sample. The recorded
    torques are those at the samples; between samples they change with the wheel speeds.
    The follower switches waypoints only at samples, so two runs that differ by a hair can
    switch one sample apart. The stability check uses the linearised speed loop; the torque
    limit hides an unstable step (the run stays bounded but is wrong), which is why it is
    checked before the run. The torque limit's kink lowers RK4 to about second order while a
    torque saturates. The loop works on Python floats (see :func:`_kinematic_period`).

    Examples
    --------
    >>> run = simulate(DiffDriveParams(), FollowerSettings([[1.0, 0.0], [1.0, 1.0]]))
    >>> print(run.success, run.waypoint_times.round(2))
    True [3.   6.38]
    """
    p = check_params(params)
    if not isinstance(settings, FollowerSettings):
        raise ParameterError(
            f"settings must be a FollowerSettings, got {settings!r} of type "
            f"{type(settings).__name__}"
        )
    check_choice("model", model, MODELS)
    t_max = check_positive("t_max", t_max, "s")
    dt = check_positive("dt", dt, "s")
    if dt > t_max:
        raise ParameterError(f"dt must be <= t_max = {t_max:g} s, got {dt:g}")
    substeps = check_integer("substeps", substeps, at_least=1)
    pose0 = as_array("initial_pose", initial_pose, "m, m, rad", (3,), finite=True)
    h = dt / substeps
    dynamic = model == "dynamic"
    if dynamic:
        h_stable = RK4_STABILITY_LIMIT * min(p.speed_loop_time_constants)
        if h > h_stable:
            raise ParameterError(
                f"substeps must be >= {math.ceil(dt / h_stable)} for dt = {dt:g} s, got "
                f"{substeps}: the RK4 step dt / substeps = {h:.3g} s exceeds the stability "
                f"limit {h_stable:.3g} s of the wheel-speed loop (speed_gain = "
                f"{p.speed_gain:g} N m s/rad, time constants "
                f"{', '.join(f'{tau:.3g}' for tau in p.speed_loop_time_constants)} s). "
                f"Use more substeps or a smaller dt."
            )

    follower = WaypointFollower(settings)
    n_points = settings.waypoints.shape[0]
    waypoint_times = np.full(n_points, np.nan)
    n_periods = int(math.floor(t_max / dt + 1e-9))
    x, y, theta = pose0.tolist()
    v = omega = 0.0
    state = np.array([x, y, theta, v, omega])
    rows = []
    for k in range(n_periods + 1):
        t_k = k * dt
        if dynamic:
            x, y, theta, v, omega = state.tolist()
        if not all(map(math.isfinite, (x, y, theta, v, omega))):
            raise SimulationError(
                f"the {model} state (x, y, theta, v, omega) became non-finite at "
                f"t = {t_k:.6g} s: {(x, y, theta, v, omega)}. Advice: use a smaller dt or more "
                f"substeps; the RK4 step dt / substeps = {h:.3g} s may be too long for "
                f"speed_gain = {p.speed_gain:g} N m s/rad."
            )
        index_before = follower.index
        v_cmd, omega_cmd = follower.command_at(x, y, theta)
        if follower.index != index_before:
            waypoint_times[index_before:follower.index] = t_k
        ref_r, ref_l = _saturated_references(v_cmd, omega_cmd, p)
        if dynamic:
            phi_r, phi_l = twist_to_wheel_speeds(v, omega, p.wheel_radius, p.track_width)
            tau_r = _torque(ref_r, phi_r, p)
            tau_l = _torque(ref_l, phi_l, p)
        else:
            phi_r, phi_l = ref_r, ref_l
            v, omega = wheel_speeds_to_twist(phi_r, phi_l, p.wheel_radius, p.track_width)
            tau_r = tau_l = math.nan
        rows.append((t_k, x, y, theta, v, omega, phi_r, phi_l, v_cmd, omega_cmd, tau_r, tau_l))
        if follower.state == REACHED_GOAL or k == n_periods:
            break
        if dynamic:
            phi_ref = np.array([ref_r, ref_l])
            for j in range(substeps):
                state = rk4_step(dynamic_rhs, t_k + j * h, state, h, p, phi_ref)
        else:
            x, y, theta = _kinematic_period(x, y, theta, v, omega, dt)

    names = ("t", "x", "y", "theta", "v", "omega", "phi_dot_r", "phi_dot_l", "v_cmd",
             "omega_cmd", "tau_r", "tau_l")
    data = dict(zip(names, np.array(rows, dtype=float).T, strict=True))
    t = data.pop("t")
    reached = follower.state == REACHED_GOAL
    return SimulationResult(
        t=t,
        columns=data,
        success=reached,
        message=course_message(reached, follower, waypoint_times, t[-1], t_max),
        details={"waypoint_times": waypoint_times, "model": model},
    )


def course_message(reached, follower, waypoint_times, t_end, t_max) -> str:
    settings = follower.settings
    n_points = settings.waypoints.shape[0]
    if reached:
        return f"reached all {n_points} waypoints; the last at t = {t_end:.4g} s"
    n_reached = int(np.count_nonzero(np.isfinite(waypoint_times)))
    goal = settings.waypoints[follower.index]
    return (
        f"t_max = {t_max:g} s ran out with {n_reached} of {n_points} waypoints reached; "
        f"the robot was heading for waypoint {follower.index + 1} (counting from 1) at "
        f"({goal[0]:g}, {goal[1]:g}) m. If it circles that waypoint, its minimum turning "
        f"radius speed / omega_max = {settings.minimum_turning_radius:.3g} m is too large for "
        f"the tolerance {settings.tolerance:g} m: lower speed, raise omega_max or raise "
        f"tolerance. If it was still on its way, raise t_max."
    )


def _kinematic_period(x, y, theta, v, omega, dt):
    """:func:`integrate_pose` for one pose given as floats."""
    half_turn = omega * dt / 2.0
    chord = v * dt * (math.sin(half_turn) / half_turn if half_turn != 0.0 else 1.0)
    heading = theta + half_turn
    return x + chord * math.cos(heading), y + chord * math.sin(heading), theta + omega * dt


def _saturated_references(v_cmd, omega_cmd, p):
    """:func:`inverse_kinematics` then :func:`saturate_wheel_speeds`, for floats."""
    ref_r, ref_l = twist_to_wheel_speeds(v_cmd, omega_cmd, p.wheel_radius, p.track_width)
    limit = p.max_wheel_speed
    scale = limit / max(abs(ref_r), abs(ref_l), limit)
    return ref_r * scale, ref_l * scale


def _torque(phi_dot_ref, phi_dot, p):
    """:func:`wheel_torques` for one wheel, floats."""
    return min(max(p.speed_gain * (phi_dot_ref - phi_dot), -p.max_wheel_torque),
               p.max_wheel_torque)
