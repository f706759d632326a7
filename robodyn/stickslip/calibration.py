"""Auto-calibration of the robot: spin and straight walks tuned by Nelder-Mead."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np
from scipy import optimize

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    as_array,
    check_integer,
    check_positive,
    check_real,
)
from robodyn.stickslip.robot import (
    DropletRobot,
    camera_fit,
    pivot_sequence,
    tau_column,
    taus_table,
)


def calibration_cost(radius, rot_speed, alpha: float, beta: float):
    r"""The source's calibration cost :math:`\alpha R_{circ} - \beta V_{rot}`, to be minimised.

    A small circle (a spin in place) and a fast rotation are both good; with
    :math:`\alpha > \beta` the radius counts more. Units are the caller's: this book uses R in
    mm and :math:`V_{rot}` in rad/s.
    """
    radius = as_array("radius", radius, "", finite=False)
    rot_speed = as_array("rot_speed", rot_speed, "", finite=True)
    alpha = check_positive("alpha", alpha)
    beta = check_real("beta", beta)
    result = alpha * radius - beta * rot_speed
    return result.item() if np.ndim(result) == 0 else result


@dataclass
class _Trials:
    """Counts and records the simulated experiments of a calibration."""

    count: int = 0
    records: list = field(default_factory=list)


@dataclass(frozen=True)
class SpinCalibration:
    """Result of :func:`calibrate_spin`.

    Attributes
    ----------
    taus : numpy.ndarray, shape (3,)
        Best offsets for the spin direction, integer units of 1/32 ms.
    flipped : tuple of bool
        Motors found to spin opposite to their command.
    commands : tuple of int
        Direction to command each motor with for the wanted spin (flipped ones reversed).
    radius_raw : float
        Fitted spin radius out of the box: every motor commanded the same way, offsets 0, m.
    radius_before, radius_after : float
        Fitted spin radius with the flipped motors reversed and offsets 0, and with the best
        offsets, m.
    speed_after : float
        Rotation speed with the best offsets, rad/s.
    pivot : float
        Mean pivot angle with the best offsets, rad.
    history : numpy.ndarray
        Mean cost of the three best vertices after each Nelder-Mead iteration.
    radius_history : numpy.ndarray
        Radius (m) of the best vertex after each iteration.
    trials : int
        Simulated spins measured (the probe, the optimisation and the final checks).
    best_cost : float
        The cost the search recorded for ``taus`` (one measurement, or the mean of its
        measurements with restarts or re-measurement), in the units of the cost.
    """

    taus: np.ndarray
    flipped: tuple
    commands: tuple
    radius_raw: float
    radius_before: float
    radius_after: float
    speed_after: float
    pivot: float
    history: np.ndarray
    radius_history: np.ndarray
    trials: int
    best_cost: float = float("nan")


def _find_flipped(robot, direction, seed, trials: _Trials):
    """Probe each motor alone: one that turns the robot the wrong way is flipped."""
    flipped = []
    for motor in range(3):
        run = pivot_sequence(robot, [(motor, direction)] * 3, np.zeros((3, 2)), seed + motor)
        trials.count += 1
        turned = run.theta[-1] - run.theta[0]
        flipped.append(bool(np.sign(turned) == -direction))
    return tuple(flipped)


def measure_spin(robot: DropletRobot, commands, offsets, cycles: int = 20, seed: int = 0,
                 camera_noise: float = 2e-4, taus_for=None) -> SimulationResult:
    """One experiment of the spin calibration: spin, track the centre, fit its circle.

    Every motor pivots once per cycle, in the direction of ``commands`` (three of +-1), with
    the offsets ``offsets`` (three, units of 1/32 ms) in the columns of those directions
    (of ``taus_for`` if given). The pivot noise is drawn with ``seed``, the camera's noise
    of ``camera_noise`` (m) on the centre's positions with ``seed + 7919``: each seed is
    one measurement, and two seeds measure the same spin differently.

    Returns
    -------
    SimulationResult
        The pivot run of :func:`pivot_sequence`, with the details ``fit`` (the
        :class:`CircleFit` of the camera's view) and ``speed`` (the mean rotation speed,
        rad/s).
    """
    cycles = check_integer("cycles", cycles, at_least=3)
    commands = tuple(int(c) for c in commands)
    if len(commands) != 3 or any(c not in (1, -1) for c in commands):
        raise ParameterError(f"commands must be three of +1 or -1, got {commands!r}")
    offsets = as_array("offsets", offsets, "1/32 ms", (3,), finite=True)
    camera_noise = check_real("camera_noise", camera_noise, "m")
    if camera_noise < 0:
        raise ParameterError(f"camera_noise must be >= 0 m, got {camera_noise:g}")
    steps = [(motor, commands[motor]) for _ in range(cycles) for motor in range(3)]
    run = pivot_sequence(robot, steps, taus_table(taus_for or commands, offsets), seed)
    fit = camera_fit(run, camera_noise, seed + 7919)
    speed = abs(run.theta[-1] - run.theta[0]) / run.t[-1]
    return dataclasses.replace(run, details={**run.details, "fit": fit,
                                             "speed": float(speed)})


def calibrate_spin(robot: DropletRobot, direction: int = 1, alpha: float = 1.0,
                   beta: float = 0.5, cycles: int = 20, seed: int = 0,
                   camera_noise: float = 2e-4, max_trials: int = 120, repeats: int = 1,
                   restarts: bool = False, remeasure: int = 0) -> SpinCalibration:
    r"""Find the offsets that make the robot spin in place, by Nelder-Mead on the source's cost.

    1. *Flipped motors.* Each motor alone is run for three pivots; one that turns the robot
       against its command is flipped, and is commanded the other way from then on. (The
       source lets the optimisation reveal flipped motors by their large radius; a timing
       offset can change a pivot's size, not its direction, so this book probes first.)
    2. *Nelder-Mead* (``scipy.optimize.minimize``) over the three offsets
       :math:`\mathrm{T} = (\tau_1, \tau_2, \tau_3)` of the spin direction, each candidate
       measured by simulating ``cycles`` spin cycles (one pivot per motor each), tracking the
       centre with a camera noise of ``camera_noise`` (m), fitting a circle
       (:func:`fit_circle`) and evaluating :func:`calibration_cost` with R in mm and
       :math:`V_{rot}` in rad/s. Offsets are rounded to whole units of 1/32 ms, as the robot
       stores them; the start is 0 with a simplex of 32 units (1 ms); the search stops when the
       simplex is within 1 unit and its costs within 0.05, or after ``max_trials`` spins.

    Every measurement is noisy (pivot noise and camera noise), so the best cost recorded is
    often a lucky one. Three remedies, all within the same ``max_trials``:

    - ``repeats`` > 1: each cost is the mean of that many spins (noise down by its root);
    - ``restarts``: when the simplex has converged, start again from the best point with a
      fresh simplex of 32 units, until the trials run out; a restart measures its start anew;
    - ``remeasure`` > 0: at the end, measure that many of the best offsets three more times
      each (``3 * remeasure`` trials kept aside for it).

    With ``restarts`` or ``remeasure`` the offsets returned are those with the lowest mean of
    all their measurements; otherwise those with the lowest single cost.

    Returns
    -------
    SpinCalibration
    """
    if not isinstance(robot, DropletRobot):
        raise ParameterError(f"robot must be a DropletRobot, got {robot!r}")
    if direction not in (1, -1):
        raise ParameterError(f"direction must be 1 or -1, got {direction!r}")
    alpha, beta = check_positive("alpha", alpha), check_real("beta", beta)
    if not alpha > beta:
        raise ParameterError(f"alpha must be > beta (the radius counts more), got alpha = "
                             f"{alpha:g}, beta = {beta:g}")
    cycles = check_integer("cycles", cycles, at_least=3)
    max_trials = check_integer("max_trials", max_trials, at_least=10)
    repeats = check_integer("repeats", repeats, at_least=1)
    remeasure = check_integer("remeasure", remeasure, at_least=0)
    if not isinstance(restarts, bool):
        raise ParameterError(f"restarts must be True or False, got {restarts!r}")
    trials = _Trials()
    flipped = _find_flipped(robot, direction, seed, trials)
    commands = tuple(-direction if f else direction for f in flipped)

    def spin(vector, trial_seed, commanded=commands):
        run = measure_spin(robot, commanded, np.rint(vector), cycles, trial_seed,
                           camera_noise, taus_for=commands)
        return run.fit.radius, run.speed, run

    def measure(vector):
        trials.count += 1
        radius, speed, _ = spin(vector, seed + 1000 + trials.count)
        return calibration_cost(min(radius * 1e3, 1e3), speed, alpha, beta), radius

    def cost(vector):
        values, radii = np.array([measure(vector) for _ in range(repeats)]).T
        value = float(np.mean(values))
        trials.records.append((np.rint(vector).copy(), value, float(np.mean(radii))))
        return value

    def by_mean():
        """The distinct offsets measured, with the mean of their costs, best first."""
        groups = {}
        for vector, value, _ in trials.records:
            groups.setdefault(tuple(vector.tolist()), []).append(value)
        return sorted(((np.array(k), float(np.mean(v))) for k, v in groups.items()),
                      key=lambda kv: kv[1])

    radius_raw = spin(np.zeros(3), seed + 3, commanded=(direction,) * 3)[0]
    radius_before = spin(np.zeros(3), seed + 1)[0]
    trials.count += 2
    budget = max_trials - 3 * remeasure
    history, radius_history = [], []

    def note(intermediate_result):
        best = sorted(trials.records, key=lambda r: r[1])[:3]
        history.append(float(np.mean([r[1] for r in best])))
        radius_history.append(float(best[0][2]))
        if trials.count >= budget:
            raise StopIteration

    start = np.zeros(3)
    while True:
        simplex = np.vstack([start, start + np.diag([32.0, 32.0, 32.0])])
        optimize.minimize(cost, start, method="Nelder-Mead", callback=note,
                          options={"initial_simplex": simplex, "xatol": 1.0, "fatol": 0.05,
                                   "maxfev": max(1, (budget - trials.count) // repeats)})
        if not restarts or trials.count + 4 * repeats > budget:
            break
        start = by_mean()[0][0]
    if remeasure:
        for vector, _ in by_mean()[:remeasure]:
            for _ in range(3):
                value, radius = measure(vector)
                trials.records.append((vector.copy(), value, radius))
    if restarts or remeasure:
        best_vector, best_cost = by_mean()[0]
    else:
        best_vector, best_cost, _ = min(trials.records, key=lambda r: r[1])
    radius_after, speed_after, run = spin(best_vector, seed + 2)
    trials.count += 1
    return SpinCalibration(
        taus=np.rint(best_vector).astype(int), flipped=flipped, commands=commands,
        radius_raw=float(radius_raw), radius_before=float(radius_before),
        radius_after=float(radius_after),
        speed_after=float(speed_after),
        pivot=float(np.mean(np.abs(run.angles))),
        history=np.array(history), radius_history=np.array(radius_history),
        trials=trials.count, best_cost=float(best_cost))


@dataclass(frozen=True)
class StraightCalibration:
    """Result of :func:`calibrate_straight`.

    Attributes
    ----------
    taus : numpy.ndarray, shape (3, 2)
        All offsets: the spin direction's from the spin calibration, the reverse ones found
        here (integer units of 1/32 ms), in the columns of the commanded direction.
    radii : numpy.ndarray, shape (3,)
        Fitted radius of the straight walk that calibrated each motor's reverse offset, m.
    trials : int
        Simulated walks.
    """

    taus: np.ndarray
    radii: np.ndarray
    trials: int


def _straight_steps(motor: int, commands, cycles: int):
    """Walk against motor ``motor``'s thrust: it runs reversed twice per cycle, the others
    forwards once, so the turning cancels when its reverse pivot equals theirs."""
    reverse = -commands[motor]
    others = [(m, commands[m]) for m in range(3) if m != motor]
    return [step for _ in range(cycles)
            for step in ((motor, reverse), others[0], (motor, reverse), others[1])]


def straight_walk(robot: DropletRobot, spin: SpinCalibration, motor: int, tau_reverse: float,
                  cycles: int = 15, seed: int = 0, camera_noise: float = 2e-4):
    """Walk against ``motor``'s thrust with its reverse offset ``tau_reverse``; fit the path.

    The other offsets are the spin calibration's.

    Returns
    -------
    SimulationResult
        The pivot run of :func:`pivot_sequence` (columns ``x``, ``y``, ``theta``), with the
        details ``fit``, the :class:`CircleFit` of the camera's noisy view of the centre, and
        ``turned``, the angle the robot turned (rad; zero for a straight walk).
    """
    if not isinstance(spin, SpinCalibration):
        raise ParameterError(f"spin must be a SpinCalibration, got {spin!r}")
    taus = taus_table(spin.commands, spin.taus)
    taus[motor, tau_column(-spin.commands[motor])] = tau_reverse
    run = pivot_sequence(robot, _straight_steps(motor, spin.commands, cycles), taus, seed)
    fit = camera_fit(run, camera_noise, seed + 104729)
    return dataclasses.replace(run, details={**run.details, "fit": fit,
                                             "turned": float(run.theta[-1] - run.theta[0])})


def calibrate_straight(robot: DropletRobot, spin: SpinCalibration, cycles: int = 15,
                       seed: int = 0, camera_noise: float = 2e-4, low: int = -320,
                       high: int = 320) -> StraightCalibration:
    r"""Match each motor's reverse offset to the calibrated spin, by bisection on straight walks.

    To calibrate motor i's reverse direction, the robot walks against motor i's thrust
    (inverse kinematics: :math:`\dot\theta_i = -2/3`, the others :math:`+1/3`, in units of
    :math:`v/\ell`): motor i runs reversed twice per cycle and the other two forwards once
    (:func:`straight_walk`). The walk is straight when the reverse pivot equals the forward
    ones; a reverse pivot too small or too large turns the robot one way or the other, and
    its path curves to that side. A bisection on the offset in [``low``, ``high``] units, on
    the sign of that turn, converges on the straightest walk (the source's binary search,
    which maximises the fitted radius); of the last two candidates the one with the larger
    fitted radius is kept.
    """
    if not isinstance(spin, SpinCalibration):
        raise ParameterError(f"spin must be a SpinCalibration, got {spin!r}")
    taus = taus_table(spin.commands, spin.taus)
    count, radii = 0, []

    def turn_and_radius(motor, value, trial_seed):
        run = straight_walk(robot, spin, motor, value, cycles, trial_seed, camera_noise)
        return np.sign(run.turned), run.fit.radius

    for motor in range(3):
        lo, hi = low, high
        sign_lo, _ = turn_and_radius(motor, lo, seed + 10 * motor)
        count += 1
        while hi - lo > 1:
            middle = (lo + hi) // 2
            sign_mid, _ = turn_and_radius(motor, middle, seed + 10 * motor + count)
            count += 1
            if sign_mid == sign_lo:
                lo = middle
            else:
                hi = middle
        best = max((lo, hi), key=lambda v: turn_and_radius(motor, v, seed + 99)[1])
        count += 2
        taus[motor, tau_column(-spin.commands[motor])] = best
        radii.append(turn_and_radius(motor, best, seed + 98)[1])
        count += 1
    return StraightCalibration(taus=taus.astype(int), radii=np.array(radii), trials=count)
