"""Braking before the step and driving off it."""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult, join
from robodyn.core.params import (
    check_choice,
    check_non_negative,
    check_positive,
)
from robodyn.vacuum.climbing import attempt_contacts, result_samples, step_face_x
from robodyn.vacuum.compiled import (
    FLOOR,
    STEP_DOWN,
    locked_jac,
    locked_rhs,
    locked_torque,
    robot_constants,
)
from robodyn.vacuum.params import VacuumParams
from robodyn.vacuum.planar import (
    STATE,
    PlanarRobot,
    coordinates,
    solve_driven,
    solve_planar,
    speed_control,
    speed_controller,
    torque_law,
    with_columns,
)

#: The braking test's ways of stopping the wheels (after the thesis).
BRAKE_MODES = ("lock", "short circuit", "counter")


def _locked_accelerations(robot: PlanarRobot, q, qd, ground):
    """q_ddot with the motors held still (an ideal lock): the constraint that the motors'
    rate (:meth:`PlanarRobot.motor_rate`, a row G of ones at wheel and pitch and -side at
    the suspension) stays zero, with its multiplier the torque that holds them,
    [M, -G^T; G, 0] [q_dd, torque] = [Q - bias, 0]. Returns (q_dd, torque)."""
    M, bias, Q, _ = robot.terms(q, qd, 0.0, ground)
    G = np.array([0.0, 0.0, 1.0, -robot.side, 1.0])
    K = np.zeros((6, 6))
    K[:5, :5] = M
    K[:5, 5] = -G
    K[5, :5] = G
    solution = np.linalg.solve(K, np.append(Q - bias, 0.0))
    return solution[:5], float(solution[5])


def _motor_braking(robot: PlanarRobot, mode: str, speed: float, gain, counter_time: float,
                   y0, times, **tolerances) -> SimulationResult:
    """The braking run of the modes that act through the motors' torque, both forms of
    the speed control (:func:`speed_control`) on the floor, sampled at ``times``: a short
    circuit is a torque -2 c times the motors' rate, the control to zero speed with the
    gain 2 c and no limit; counter-braking is the control to -``speed`` until
    ``counter_time``, then to zero, integrated in two phases so that no step straddles the
    switch. Columns :data:`STATE` and ``torque``."""
    if mode == "short circuit":
        phases = [(0.0, times[-1], (0.0, 2 * robot.p.short_circuit_damping, math.inf))]
    else:
        switch = min(counter_time, times[-1])
        phases = [(0.0, switch, speed_control(robot, -speed, gain)),
                  (switch, times[-1], speed_control(robot, 0.0, gain))]
    runs, y = [], y0
    for start, end, control in phases:
        if end <= start:
            continue
        inside = times[(times >= start) & (times <= end)]
        run = solve_driven(robot, (FLOOR, 0.0, 0.0, 0.0), control, (start, end), y,
                            "the braking run", t_eval=np.union1d(inside, [start, end]),
                            **tolerances)
        torque_of = torque_law(robot, control)
        runs.append(with_columns(run, columns={"torque": [torque_of(v) for v in
                                                   coordinates(run)[1]]}))
        y = run.stack(*STATE)[:, -1]
    joined = with_columns(join(runs), details={"evaluations": sum(run.evaluations for run in runs)})
    return result_samples(joined, np.isin(joined.t, times))      # the phases' ends dropped


def brake(params: VacuumParams, mode: str = "lock", variant: str = "leading",
          speed: float | None = None, *, counter_time: float = 0.05,
          gain: float | None = None,
          t_end: float = 0.5, dt: float = 1e-3, rtol: float = 1e-7, atol: float = 1e-10,
          **model) -> SimulationResult:
    """The braking test: the robot rolls at ``speed`` (m/s; None: the parameters'
    ``drive_speed``) on the floor; at t = 0 the wheels are stopped by one of three
    ``mode``\\ s (:data:`BRAKE_MODES`):

    - "lock": zero motor speed, ideally: the motors held still whatever the torque (a
      constraint; the thesis's "sudden zero wheel speed");
    - "short circuit": the motors' terminals shorted, a braking torque
      ``short_circuit_damping`` times their speed (per motor), the physical version;
    - "counter": the speed controller commands -``speed`` for ``counter_time`` s, then
      zero (counter-braking), within the torque limit.

    Two stopping distances, of two points. ``distance`` is how far the wheel's centre moves
    until it first stands still. ``body_distance`` is how far the chassis's centre of
    gravity gets ahead of its start, its farthest forward travel in the run: the body
    pitches on its suspension and sways on over the stopped wheels, so it travels farther
    (the thesis reads its robot's position from the body's frame). Integrated to ``t_end``
    (s) by LSODA, sampled every ``dt`` s (also the largest step), with ``rtol`` and
    ``atol``.

    Returns
    -------
    SimulationResult
        Columns :data:`STATE` and ``torque`` (N m, both motors); details ``mode``,
        ``variant``, the wheel centre's stopping ``distance`` (m), the time ``t_stop`` (s)
        it stops, the body's ``body_distance`` (m) and the wheel's contact force
        ``wheel_force`` (n, 2), N.

    Examples
    --------
    >>> run = brake(VacuumParams(), "lock", "leading")
    >>> print(f"wheel {run.distance * 1e3:.2f} mm, body {run.body_distance * 1e3:.2f} mm")
    wheel 4.20 mm, body 6.35 mm
    """
    mode = check_choice("mode", mode, BRAKE_MODES)
    speed = params.drive_speed if speed is None else check_positive("speed", speed, "m/s")
    counter_time = check_non_negative("counter_time", counter_time, "s")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    gain = params.drive_gain if gain is None else check_positive("gain", gain, "N m s/rad")
    robot = PlanarRobot(params, variant, **model)
    p = params
    spin = 0.0 if mode == "lock" else speed / p.wheel_radius
    y0 = np.concatenate([robot.static_state, [speed, 0.0, 0.0, 0.0, spin]])
    times = np.linspace(0.0, t_end, int(round(t_end / dt)) + 1)
    floor = (FLOOR, 0.0, 0.0, 0.0)
    if mode == "lock":
        run = solve_planar(locked_rhs, (0.0, t_end), y0, "the braking run",
                     args=(robot_constants(robot), floor), jac=locked_jac, t_eval=times,
                     rtol=rtol, atol=atol, max_step=dt)
    else:
        run = _motor_braking(robot, mode, speed, gain, counter_time, y0, times, rtol=rtol,
                             atol=atol, max_step=dt)
    q, qd = coordinates(run)
    wheel_x = np.array([robot.wheel_centre(q_i)[0] for q_i in q])
    stopped = np.flatnonzero(np.diff(wheel_x) <= 0.0)
    if not stopped.size:
        raise ParameterError(f"the robot still moves at t_end = {t_end:g} s "
                             f"({qd[-1, 0]:.3g} m/s): raise t_end")
    stop = stopped[0]
    if mode == "lock":
        record = robot_constants(robot)[0]
        torque = [locked_torque(y, record, floor) for y in run.stack(*STATE).T]
    else:
        torque = run.torque
    forces, _ = attempt_contacts(robot, run, torque, floor)
    wheel_force = forces["wheel"]
    distance = float(wheel_x[stop] - wheel_x[0])
    farthest = int(np.argmax(q[:, 0]))
    if farthest == len(q) - 1:
        raise ParameterError(f"the body still moves forward at t_end = {t_end:g} s: raise "
                             "t_end")
    body_distance = float(q[farthest, 0] - q[0, 0])
    return with_columns(run, columns={"torque": torque},
                 message=f"{mode}: the wheel stopped in {distance * 1e3:.2f} mm, the body "
                         f"in {body_distance * 1e3:.2f} mm",
                 details={"mode": mode, "variant": robot.variant, "distance": distance,
                          "t_stop": float(run.t[stop]), "body_distance": body_distance,
                          "wheel_force": np.array(wheel_force)})


def drive_off(params: VacuumParams, height: float, variant: str = "leading",
              speed: float | None = None, *, gap: float = 0.02, t_end: float = 3.0,
              band: float = math.radians(0.2), gain: float | None = None, dt: float = 2e-3,
              rtol: float = 1e-6, atol: float = 1e-9, **model) -> SimulationResult:
    """Drive off a step of ``height`` (m): the robot starts on the top at ``speed`` (m/s;
    None: the parameters' ``drive_speed``), its front ``gap`` m before the edge (the
    thesis's step, filleted, seen from above), rolls over it and lands on the floor; the
    spring pushes the wheel down and the body rocks. Integrated to ``t_end`` (s) by LSODA,
    sampled every ``dt`` s (also the largest step), with ``rtol`` and ``atol``.

    Returns
    -------
    SimulationResult
        Columns :data:`STATE`; details the contact ``forces`` by name (each (n, 2), N), the
        time ``t_landed`` (s) the caster (the last to leave the top) lands, the
        ``settling_time`` (s after landing until the pitch stays within ``band`` rad of its
        value at the end, the robot driving on over the floor) and ``band``.
    """
    height = check_positive("height", height, "m")
    band = check_positive("band", band, "rad")
    speed = params.drive_speed if speed is None else check_positive("speed", speed, "m/s")
    gap = check_positive("gap", gap, "m")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    gain = params.drive_gain if gain is None else check_positive("gain", gain, "N m s/rad")
    robot = PlanarRobot(params, variant, **model)
    p = params
    edge = step_face_x(robot, gap)
    ground = (STEP_DOWN, edge, height, p.fillet)        # the step seen from its top
    torque_of = speed_controller(robot, speed, gain)
    start = robot.static_state + [0.0, height, 0.0, 0.0, 0.0]
    y0 = np.concatenate([start, [speed, 0.0, 0.0, 0.0, speed / p.wheel_radius]])
    times = np.linspace(0.0, t_end, int(round(t_end / dt)) + 1)
    run = solve_driven(robot, ground, speed_control(robot, speed, gain), (0.0, t_end), y0,
                        "the run off the step", t_eval=times, rtol=rtol, atol=atol,
                        max_step=dt)
    q, qd = coordinates(run)
    forces, _ = attempt_contacts(robot, run, [torque_of(v) for v in qd], ground)
    caster_x = np.array([robot.circle_centres(q_i)["caster"][0][0] for q_i in q])
    on_floor = (caster_x > edge + p.fillet) & (forces["caster"][:, 1] > 0.0)
    if not on_floor.any():
        raise ParameterError(f"the caster has not landed by t_end = {t_end:g} s: raise it")
    landed = int(np.argmax(on_floor))
    final = run.pitch[run.t >= t_end - 0.25].mean()      # the pitch of the robot driving on
    outside = np.flatnonzero(np.abs(run.pitch - final) > band)
    if outside.size and outside[-1] == run.t.size - 1:
        raise ParameterError(f"the body still rocks at t_end = {t_end:g} s: raise it")
    settled = max(outside[-1] + 1 if outside.size else 0, landed)
    t_landed = float(run.t[landed])
    settling_time = float(run.t[settled] - run.t[landed])
    return with_columns(run, message=f"landed at {t_landed:.2f} s, settled {settling_time:.2f} s "
                              "later",
                 details={"forces": forces, "t_landed": t_landed,
                          "settling_time": settling_time, "band": band})
