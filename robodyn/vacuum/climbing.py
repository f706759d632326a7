"""Climbing attempts: outcome, highest step, maps over parameters."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult, join
from robodyn.core.parallel import run_parallel
from robodyn.core.params import (
    as_array,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
)
from robodyn.vacuum.compiled import (
    STEP_UP,
    contact_histories,
    robot_constants,
)
from robodyn.vacuum.params import SUSPENSIONS, VacuumParams
from robodyn.vacuum.planar import (
    CHUNKS_PER_RUN,
    MAX_EVALUATIONS,
    STATE,
    PlanarRobot,
    coordinates,
    solve_driven,
    speed_control,
    speed_controller,
    with_columns,
)
from robodyn.vacuum.statics import bisect_height


def attempt_result(run: SimulationResult, wheel, outcome: str, **details) -> SimulationResult:
    """One attempt at a step as a :class:`~robodyn.core.integrate.SimulationResult`, for
    :func:`climb` and :func:`robodyn.vacuum.mujoco.climb` alike: the run's columns
    (:data:`STATE`, ``torque``) and the wheel centre's ``wheel_x`` and ``wheel_z`` (from
    ``wheel``, shape (n, 2), m); the details ``outcome`` ("climbed", "stalled" or "timed
    out"), ``climbed`` (bool), ``t_end`` (s) and ``details``."""
    wheel = as_array("wheel", wheel, "m", (run.t.size, 2))
    t_end = float(run.t[-1])
    message = (f"climbed in {t_end:.2f} s" if outcome == "climbed"
               else f"{outcome} at {t_end:.2f} s")
    return with_columns(run, columns={"wheel_x": wheel[:, 0], "wheel_z": wheel[:, 1]},
                 message=message,
                 details={"outcome": outcome, "climbed": outcome == "climbed",
                          "t_end": t_end, **details})


def attempt_contacts(robot: PlanarRobot, run: SimulationResult, torques, ground: tuple):
    """The contact forces and the contact points of a run's samples under the motors'
    ``torques``, by name (the wheel, then the circles), each an (n, 2) array
    (:func:`robodyn.vacuum.compiled.contact_histories`)."""
    forces, points = contact_histories(np.ascontiguousarray(run.stack(*STATE).T),
                                       np.asarray(torques, float), robot_constants(robot),
                                       ground)
    names = ("wheel", *(circle.name for circle in robot.circles))
    return ({name: forces[:, i] for i, name in enumerate(names)},
            {name: points[:, i] for i, name in enumerate(names)})


def attempt_outcome(history, params: VacuumParams, step_x: float, height: float,
                    stall_time: float):
    """The rule that ends an attempt at a step, for ``history``, the (time, wheel centre)
    pairs so far: "climbed" once the wheel's centre is a wheel radius past the fillet and
    half a radius above the top, "stalled" once it has not moved on by 1 mm in
    ``stall_time`` s, otherwise None (go on)."""
    t, W = history[-1]
    R = params.wheel_radius
    if W[0] > step_x + params.fillet + R and W[1] > height + 0.5 * R:
        return "climbed"
    earlier = [centre[0] for s, centre in history if s <= t - stall_time + 1e-9]
    if earlier and W[0] - earlier[-1] < 1e-3:
        return "stalled"
    return None


def climb(params: VacuumParams, height: float, variant: str = "leading",
          speed: float | None = None,
          *, gap: float = 0.03, t_max: float = 4.0, stall_time: float = 0.5,
          gain: float | None = None, chunk: float = 0.05,
          max_evaluations: int = MAX_EVALUATIONS,
          rtol: float = 1e-6, atol: float = 1e-9, max_step: float = 2e-3,
          **model) -> SimulationResult:
    """Drive the robot at ``speed`` (m/s; by default the parameters' ``drive_speed``)
    against a step of ``height`` (m) with the thesis's fillet.

    The robot starts in its static state on the floor, already rolling at ``speed``,
    its front ``gap`` m from the step's face. It is integrated by LSODA (which turns stiff
    when the contacts are, with ``rtol``, ``atol`` and ``max_step`` (s) for
    :func:`robodyn.core.integrate.solve_lsoda`; the equations of :mod:`robodyn.vacuum.compiled`
    and their Jacobian) and
    sampled ten times a ``chunk`` of s. At the end of every chunk
    :func:`attempt_outcome` judges the attempt: it ends early when the wheel stands on the
    step's top, its centre past the edge by a wheel radius ("climbed"), or when the wheel's
    centre has not moved on by 1 mm in ``stall_time`` s ("stalled"); otherwise at ``t_max``
    ("timed out"). (The solver runs :data:`CHUNKS_PER_RUN` chunks at a time, for speed, and
    what it ran past the deciding chunk is dropped.) An attempt whose integration fails, or
    needs more than ``max_evaluations`` evaluations of the equations (a few ten thousand
    are usual), raises :class:`~robodyn.core.errors.SimulationError` with advice. ``model``
    passes options to :class:`PlanarRobot`.

    Returns
    -------
    SimulationResult
        Columns :data:`STATE` (:func:`coordinates` gives q and qd), ``torque`` (N m, both
        motors), ``wheel_x`` and ``wheel_z`` (the wheel's centre, m); details ``outcome``,
        ``climbed``, ``t_end`` (s), the contact ``forces`` (on the robot, N) and ``points``
        (where each circle's surface is nearest the ground, touching or not, m) by name,
        each (n, 2), the scenario (``variant``, ``height`` and ``step_x`` of the step's face,
        m, ``speed``, ``friction_scale``) and the right-hand side's ``evaluations``.
    """
    height = check_positive("height", height, "m")
    robot = PlanarRobot(params, variant, **model)
    speed = params.drive_speed if speed is None else check_positive("speed", speed, "m/s")
    gap = check_positive("gap", gap, "m")
    t_max = check_positive("t_max", t_max, "s")
    stall_time = check_positive("stall_time", stall_time, "s")
    gain = params.drive_gain if gain is None else check_positive("gain", gain, "N m s/rad")
    chunk = check_positive("chunk", chunk, "s")
    max_evaluations = check_integer("max_evaluations", max_evaluations, at_least=1)
    p = params
    step_x = step_face_x(robot, gap)
    ground = (STEP_UP, step_x, height, p.fillet)
    control = speed_control(robot, speed, gain)
    wheel_centre = robot.wheel_centre
    y = np.concatenate([robot.static_state, [speed, 0.0, 0.0, 0.0, speed / p.wheel_radius]])
    runs = [SimulationResult(t=np.zeros(1), columns=dict(zip(STATE, y[:, None], strict=True)))]
    outcome, t, evaluations = "timed out", 0.0, 0
    history = [(0.0, wheel_centre(y[:5]))]
    while t < t_max - 1e-12 and outcome == "timed out":
        ends = [min(t + k * chunk, t_max) for k in range(1, CHUNKS_PER_RUN + 1)]
        ends = [end for i, end in enumerate(ends) if i == 0 or end > ends[i - 1]]
        times = np.concatenate([np.linspace(start, end, 11)[1:]
                                for start, end in zip([t, *ends[:-1]], ends, strict=True)])
        run = solve_driven(robot, ground, control, (t, ends[-1]), y,
                            f"the climb (from t = {t:.3f} s)", t_eval=times, rtol=rtol,
                            atol=atol, max_step=max_step,
                            max_evaluations=max(max_evaluations - evaluations, 1))
        evaluations += run.evaluations
        states = run.stack()
        for k, end in enumerate(ends):                # the rule, at the end of each chunk
            t, y = end, states[:, 10 * k + 9]
            history.append((t, wheel_centre(y[:5])))
            outcome = attempt_outcome(history, p, step_x, height, stall_time) or outcome
            if outcome != "timed out":
                break
        runs.append(result_samples(run, slice(10 * (k + 1))))
    run = join(runs)
    q, qd = coordinates(run)
    torque_of = speed_controller(robot, speed, gain)
    run = with_columns(run, columns={"torque": [torque_of(v) for v in qd]})
    forces, points = attempt_contacts(robot, run, run.torque, ground)
    return attempt_result(run, [wheel_centre(v) for v in q], outcome, forces=forces,
                          points=points, variant=robot.variant, height=height, step_x=step_x,
                          speed=speed, friction_scale=robot.friction_scale,
                          evaluations=evaluations)


def result_samples(run: SimulationResult, which) -> SimulationResult:
    """The samples ``which`` (a slice or a boolean mask) of ``run``."""
    return SimulationResult(t=run.t[which],
                            columns={k: v[which] for k, v in run.columns.items()},
                            success=run.success, message=run.message, details=run.details)


def wheel_stages(attempt: SimulationResult, *, settle: float = 0.05, window: float = 0.1,
                 off_floor: float = 5e-4, edge_tolerance: float = 1e-3) -> dict:
    r"""The wheel's load in the two stages of a climb (:func:`climb`'s result), N.

    - ``before``: the mean vertical force on the wheel before the mouth first touches, after
      the first ``settle`` s;
    - ``pushing``: the same over the ``window`` s after the mouth touches, while the wheels
      push it up the edge;
    - ``at_edge``: the mean normal force N of the edge on the wheel while it touches the step
      (its contact point more than ``off_floor`` m up and no more than ``edge_tolerance`` m
      before the face), N along the line from the contact point to the wheel's centre;
    - ``friction_ratio``: the largest |T| / N there, T the force across that line;
    - ``traction_before`` and ``traction``: the wheel's traction ratio c = T/N (its mean
      forward force over its mean vertical force) before the mouth touches and while it
      pushes the mouth, for :func:`wheel_load`;
    - ``mouth_load``: the mean vertical force on the mouth while it is pushed up, N;
    - ``mouth_lever``: the mean of :math:`(x_m - x_c)/(x_w - x_c)` over the same window,
      :math:`x_m`, :math:`x_w`, :math:`x_c` the contact points of mouth, wheel and caster.

    A vertical load M on the mouth takes :math:`M (x_m - x_c)/(x_w - x_c)` off the wheels
    (moments about the caster's contact), so ``before - mouth_load * mouth_lever`` is the
    wheel's load the mouth's lift alone leaves. The moment balance of :func:`wheel_load`,
    with the traction ``traction`` and the spring's force unchanged, predicts ``pushing``
    below ``before`` for the leading link and above it for the trailing one;
    ``friction_ratio`` shows whether the wheel uses all its grip at the edge (it reaches
    mu_k while it slips).
    """
    settle = check_non_negative("settle", settle, "s")
    window = check_positive("window", window, "s")
    off_floor = check_non_negative("off_floor", off_floor, "m")
    edge_tolerance = check_non_negative("edge_tolerance", edge_tolerance, "m")
    if not (isinstance(attempt, SimulationResult) and "forces" in attempt.details):
        raise ParameterError(f"attempt must be a SimulationResult of climb, got "
                             f"{type(attempt).__name__}")
    t, F, point = attempt.t, attempt.forces["wheel"], attempt.points["wheel"]
    mouth = np.hypot(*attempt.forces["mouth"].T) > 0.0
    if not mouth.any():
        raise ParameterError("the mouth never touches the step in this attempt")
    t_mouth = t[np.argmax(mouth)]
    before = (t > settle) & (t < t_mouth)
    pushing = (t >= t_mouth) & (t < t_mouth + window)
    at_edge = ((np.hypot(*F.T) > 0.0) & (point[:, 1] > off_floor)
               & (point[:, 0] > attempt.step_x - edge_tolerance))
    if not (before.any() and at_edge.any()):
        raise ParameterError("the attempt has no samples before the mouth touches or none "
                             "with the wheel at the edge")
    normal = np.column_stack([attempt.wheel_x, attempt.wheel_z]) - point
    normal /= np.hypot(*normal.T)[:, None]
    N = np.sum(F * normal, axis=1)
    T = F[:, 0] * normal[:, 1] - F[:, 1] * normal[:, 0]
    x_m, x_w = attempt.points["mouth"][pushing, 0], point[pushing, 0]
    x_c = attempt.points["caster"][pushing, 0]
    return {"before": float(F[before, 1].mean()), "pushing": float(F[pushing, 1].mean()),
            "at_edge": float(N[at_edge].mean()),
            "friction_ratio": float(np.max(np.abs(T[at_edge]) / N[at_edge])),
            "traction_before": float(F[before, 0].mean() / F[before, 1].mean()),
            "traction": float(F[pushing, 0].mean() / F[pushing, 1].mean()),
            "mouth_load": float(attempt.forces["mouth"][pushing, 1].mean()),
            "mouth_lever": float(np.mean((x_m - x_c) / (x_w - x_c)))}


def step_face_x(robot: PlanarRobot, gap: float) -> float:
    """x of a step's face (or edge) ``gap`` m ahead of the robot's front in its static
    state, m: where :func:`climb`, :func:`drive_off` and the MuJoCo model put it."""
    p = robot.p
    return float(robot.static_state[0] + p.cog_behind + 0.5 * p.body_length + gap)


def highest_climb(attempt, low: float, high: float, tol: float) -> SimulationResult:
    """The highest step climbed, by :func:`bisect_height` over whole attempts
    ``attempt(height) -> SimulationResult`` (with the detail ``climbed``).

    Returns the deciding attempt, the highest one climbed (its detail ``height`` is the
    limit, m), with the search's findings added to its details: ``attempts``, every
    attempt in order as (height, climbed). Used by :func:`max_climb_height` and
    :func:`robodyn.vacuum.mujoco.max_climb_height`.
    """
    best = {}

    def climbs(height):
        run = attempt(height)
        if run.climbed:
            best["run"] = run
        return run.climbed

    search = bisect_height(climbs, low, high, tol)
    deciding = best["run"]
    return with_columns(deciding, details={"attempts": search.attempts},
                 message=f"the highest of {len(search.attempts)} attempts climbed: "
                         f"{search.height * 1e3:.2f} mm to within {tol * 1e3:g} mm")


def max_climb_height(params: VacuumParams, variant: str = "leading", *,
                     low: float = 0.005, high: float = 0.035, tol: float = 2.5e-4,
                     **climb_options) -> SimulationResult:
    """The highest step (m) the robot climbs, by bisection over :func:`climb`'s outcome,
    to within ``tol``; ``climb_options`` (speed, gap, ...) go to every attempt.

    Returns the deciding attempt of :func:`highest_climb`: ``height`` is the limit,
    ``attempts`` the attempts as (height, climbed).
    """
    check_choice("variant", variant, SUSPENSIONS)

    def attempt(height):
        return climb(params, height, variant, **climb_options)

    return highest_climb(attempt, low, high, tol)


def max_climb_heights(cases, *, workers: int | None = None, progress: bool = True,
                      **search) -> list:
    """:func:`max_climb_height` for each of ``cases``, a list of (params, variant) pairs,
    the searches shared among ``workers`` processes (:func:`run_parallel`); ``search``
    (low, high, tol, and climb's options) goes to every search. Returns the deciding
    attempts (with ``height`` and ``attempts``) in the order of ``cases``."""
    arguments = [(params, variant, search) for params, variant in cases]
    for params, variant, _ in arguments:
        if not isinstance(params, VacuumParams):
            raise ParameterError(f"each case must be (VacuumParams, variant), got {params!r}")
        check_choice("variant", variant, SUSPENSIONS)
    return run_parallel(max_height_task, arguments, workers=workers, progress=progress,
                        desc="height searches")


def max_height_task(params: VacuumParams, variant: str, search: dict) -> SimulationResult:
    """One search of :func:`max_climb_heights`: a task for :func:`run_parallel`."""
    return max_climb_height(params, variant, **search)


@dataclass(frozen=True)
class ClimbMap:
    """Outcomes of climbs over a grid: ``climbed[i, j]`` for ``heights[i]`` (m) and
    ``values[j]`` of the option ``varied`` (e.g. "speed" in m/s or "gap" in m).

    Not a :class:`~robodyn.core.integrate.SimulationResult`: it is a table of many simulations'
    outcomes, one bool each, with no time axis; the attempts themselves are not kept.
    """

    variant: str
    varied: str
    heights: np.ndarray
    values: np.ndarray
    climbed: np.ndarray

    def success_rate(self) -> np.ndarray:
        """The share of the ``values`` climbed, per height."""
        return self.climbed.mean(axis=1)


def climb_map(params: VacuumParams, variant: str, heights, varied: str, values, *,
              progress: bool = True, workers: int | None = None,
              **climb_options) -> ClimbMap:
    """Climb every height of ``heights`` (m) for every value of one option of
    :func:`climb` (``varied``: "speed" or "gap"), with a progress bar on standard output;
    ``workers`` processes share the attempts (see :func:`run_parallel`).

    The robustness of a limit: how its success rate falls from 1 to 0 over a band of
    heights as the approach (speed, or where the robot starts) changes.
    """
    check_choice("variant", variant, SUSPENSIONS)
    check_choice("varied", varied, ("speed", "gap"))
    heights = as_array("heights", heights, "m", finite=True).ravel()
    values = as_array(varied, values, "m/s" if varied == "speed" else "m",
                      finite=True).ravel()
    cases = [dict(climb_options, height=float(h), variant=variant, **{varied: float(v)})
             for h in heights for v in values]
    outcomes = run_parallel(climb_outcome, [(params, case) for case in cases],
                            workers=workers, progress=progress, desc=f"{variant} climbs")
    climbed = np.array(outcomes, dtype=bool).reshape(heights.size, values.size)
    return ClimbMap(variant, varied, heights, values, climbed)


def climb_outcome(params: VacuumParams, case: dict) -> bool:
    """True if the robot climbs in the scenario ``case`` (the keyword arguments of
    :func:`climb`): one task for :func:`run_parallel`."""
    return climb(params, **case).climbed


def grid_key(variant: str, height: float, friction: float, speed: float) -> tuple:
    """A grid point as a dictionary key: a slider's 0.9 + 0.2 is the grid's 1.1."""
    return (variant, round(float(height), 6), round(float(friction), 6), round(float(speed), 6))


def climb_attempt(params: VacuumParams, case: dict) -> SimulationResult:
    """``vacuum.climb(params, **case)``: one task of :func:`climb_grid` for
    :func:`robodyn.core.parallel.run_parallel` (module level, so a spawned process finds it)."""
    return climb(params, **case)


def climb_grid(params: VacuumParams | None = None, heights=(0.017, 0.019, 0.021),
               variants=SUSPENSIONS, frictions=(0.9, 1.0, 1.1),
               speeds=(0.25, 0.3, 0.35), workers: int | None = None,
               progress: bool = True) -> dict:
    """Climbs of every step height (m), suspension variant, friction scale (the model's
    ``friction_scale``, a factor on every friction coefficient) and speed (m/s), shared among
    ``workers`` processes (:func:`robodyn.core.parallel.run_parallel`). Returns
    {(variant, height, friction, speed): attempt}, the numbers rounded to 6 decimals."""
    p = VacuumParams() if params is None else params
    for variant in variants:
        if variant not in SUSPENSIONS:
            raise ParameterError(f"variants must be among {SUSPENSIONS}, got "
                                 f"{variant!r}")
    keys = [grid_key(v, h, f, s) for v in variants for h in heights for f in frictions
            for s in speeds]
    if not keys:
        raise ParameterError("heights, variants, frictions and speeds must each hold at "
                             "least one value")
    cases = [(p, {"variant": v, "height": h, "friction_scale": f, "speed": s})
             for v, h, f, s in keys]
    attempts = run_parallel(climb_attempt, cases, workers=workers, progress=progress,
                                   desc="climbs")
    return dict(zip(keys, attempts, strict=True))
