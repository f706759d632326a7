"""The simulated robot: pivot steps, walks and pulse schedules."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    as_array,
    check_integer,
    check_positive,
    check_real,
)
from robodyn.stickslip.fitting import fit_circle
from robodyn.stickslip.kinematics import DropletGeometry, inverse_kinematics

#: Pulse timing of the source: on time, off time, and the unit of the offsets tau, ms.
T_ON_MS, T_OFF_MS, TAU_UNIT_MS = 30.0, 10.0, 1.0 / 32.0


@dataclass(frozen=True)
class DropletRobot:
    """One manufactured Droplet: how far each motor pivots it, in each direction.

    Attributes
    ----------
    geometry : DropletGeometry
    gains : numpy.ndarray, shape (3, 2)
        Pivot rate while motor i runs in direction d (column 0: +1, column 1: -1), rad per ms
        of running beyond its dead time.
    dead_times : numpy.ndarray, shape (3, 2)
        Spin-up time before motor i starts to pivot the robot, ms.
    flipped : tuple of bool
        Motor i spins opposite to its command (a wiring or manufacturing fault).
    noise : float
        Relative standard deviation of each pivot's angle (>= 0).
    name : str
        A label.
    """

    geometry: DropletGeometry
    gains: np.ndarray
    dead_times: np.ndarray
    flipped: tuple
    noise: float = 0.05
    name: str = "Droplet"

    def pivot_angle(self, motor: int, direction: int, tau: float, rng=None) -> float:
        """Pivot angle of one step, rad: motor 0-2 commanded in direction +-1 for t_on + tau.

        Signed: positive along the motor's thrust as commanded (negative if it is flipped).
        ``tau`` is in units of 1/32 ms; ``rng`` (a numpy Generator) adds the pivot noise.
        """
        column = 0 if direction > 0 else 1
        running = T_ON_MS + tau * TAU_UNIT_MS - self.dead_times[motor, column]
        size = self.gains[motor, column] * max(running, 0.0)
        if rng is not None and self.noise > 0:
            size *= 1.0 + self.noise * rng.standard_normal()
        sign = -direction if self.flipped[motor] else direction
        return float(sign * size)


def make_robot(seed: int, flipped=(False, False, False), noise: float = DropletRobot.noise,
               geometry: DropletGeometry = DropletGeometry()) -> DropletRobot:
    """A seeded Droplet with motors that differ as cheap ones do (this book's model).

    Gains 0.25 deg/ms +- 25 % and dead times 20 +- 5 ms, drawn independently for each motor and
    direction (so a pivot at tau = 0 is 2.5 deg, give or take 1.5 deg); ``flipped`` marks
    motors that spin the wrong way; ``noise`` is the relative spread of each pivot
    (:attr:`DropletRobot.noise`, 5 %). The numbers are assumptions that give pivots of a few
    degrees; they are not measured. The source gives no pivot size (it calls the pivots
    microscopic); the friction model of :mod:`robodyn.stickslip.pivot` with this book's
    assumed motor
    (:class:`VibrationMotor`) turns about 0.015 deg per ms, 16 times less.
    """
    check_integer("seed", seed)
    flags = tuple(bool(f) for f in flipped)
    if len(flags) != 3:
        raise ParameterError(f"flipped must give 3 flags (motors 1, 2, 3), got {flipped!r}")
    rng = np.random.default_rng(seed)
    gains = np.radians(0.25) * (1.0 + 0.25 * rng.uniform(-1.0, 1.0, (3, 2)))
    dead = 20.0 + 5.0 * rng.uniform(-1.0, 1.0, (3, 2))
    return DropletRobot(geometry=geometry, gains=gains, dead_times=dead, flipped=flags,
                        noise=check_real("noise", noise), name=f"robot {seed}")


def pivot_pose(pose, leg_body, angle: float) -> np.ndarray:
    """The pose (x, y, theta) after a rigid rotation by ``angle`` (rad) about a leg.

    ``leg_body`` is the leg's position in the robot frame, m (a row of
    :attr:`DropletGeometry.legs`).
    """
    x, y, theta = pose
    c, s = np.cos(theta), np.sin(theta)
    leg = np.array([x + c * leg_body[0] - s * leg_body[1], y + s * leg_body[0] + c * leg_body[1]])
    ca, sa = np.cos(angle), np.sin(angle)
    offset = np.array([x, y]) - leg
    centre = leg + np.array([ca * offset[0] - sa * offset[1], sa * offset[0] + ca * offset[1]])
    return np.array([centre[0], centre[1], theta + angle])


def tau_column(direction: int) -> int:
    """The column of the offsets table for a motor run in ``direction``: 0 for +1 (forward),
    1 for -1 (reverse)."""
    return 0 if direction > 0 else 1


def taus_table(commands, offsets) -> np.ndarray:
    """The (3, 2) table of timing offsets with each motor's offset in the column of its
    commanded direction (``commands``, three of +-1) and zeros elsewhere."""
    taus = np.zeros((3, 2))
    for motor in range(3):
        taus[motor, tau_column(commands[motor])] = offsets[motor]
    return taus


def camera_fit(run, camera_noise: float, seed: int):
    """The circle fitted to the overhead camera's view of a run: the centre's positions
    with Gaussian noise of ``camera_noise`` m."""
    rng = np.random.default_rng(seed)
    return fit_circle(run.x + camera_noise * rng.standard_normal(run.x.size),
                      run.y + camera_noise * rng.standard_normal(run.y.size))


def pivot_sequence(robot: DropletRobot, steps, taus, seed: int = 0,
                   pose0=(0.0, 0.0, 0.0)) -> SimulationResult:
    """Run a sequence of pivot steps and return the poses after each.

    Parameters
    ----------
    robot : DropletRobot
    steps : sequence of (motor, direction)
        Motor 0, 1 or 2 (legs 1, 2, 3) and direction +1 or -1 for each step.
    taus : array_like, shape (3, 2)
        Offsets tau for each motor and direction (column 0: +1, column 1: -1), 1/32 ms.
    seed : int
        Seed of the pivot noise.
    pose0 : (x, y, theta)
        Starting pose in the floor frame (m, m, rad; the source's orientation conventions).

    Returns
    -------
    SimulationResult
        Columns ``x``, ``y`` (centre, m), ``theta`` (rad) at the start and after every step,
        at the times the steps end (each lasts t_on + tau + t_off); detail ``angles`` (the
        pivot angles, rad).
    """
    if not isinstance(robot, DropletRobot):
        raise ParameterError(f"robot must be a DropletRobot, got {robot!r}")
    taus = as_array("taus", taus, "1/32 ms", (3, 2), finite=True)
    rng = np.random.default_rng(seed)
    pose = as_array("pose0", pose0, "", (3,), finite=True).copy()
    poses, times, angles, clock = [pose.copy()], [0.0], [], 0.0
    legs = robot.geometry.legs
    for motor, direction in steps:
        if motor not in (0, 1, 2) or direction not in (1, -1):
            raise ParameterError(f"steps must be (motor 0-2, direction +-1), got "
                                 f"{(motor, direction)!r}")
        tau = taus[motor, tau_column(direction)]
        angle = robot.pivot_angle(motor, direction, tau, rng)
        pose = pivot_pose(pose, legs[motor], angle)
        clock += (T_ON_MS + tau * TAU_UNIT_MS + T_OFF_MS) * 1e-3
        poses.append(pose.copy())
        times.append(clock)
        angles.append(angle)
    poses = np.array(poses)
    return SimulationResult(t=np.array(times), columns={"x": poses[:, 0], "y": poses[:, 1],
                                                        "theta": poses[:, 2]},
                            details={"angles": np.array(angles)})


#: How :func:`pivot_counts` turns wanted pivots into whole ones.
ROUNDINGS = ("each", "carry")


def pivot_counts(rates, durations, pivot: float, rounding: str = "each"):
    r"""Whole pivots of each motor for a sequence of commands, and the wanted fractions.

    Command k asks motor i for :math:`w_{k,i} = \dot\theta_{k,i} T_k / a` pivots (signed:
    negative is the reverse direction), :math:`a` the calibrated pivot angle. A motor can
    only pivot whole times:

    - ``"each"`` rounds every command on its own, :math:`n_{k,i} = \mathrm{round}(w_{k,i})`;
      the remainders :math:`n_{k,i} - w_{k,i}` (each up to half a pivot) add up over the
      commands;
    - ``"carry"`` carries each motor's remainder to its next command (error diffusion):
      :math:`n_{k,i} = \mathrm{round}(W_{k,i}) - \mathrm{round}(W_{k-1,i})` with the
      running sum :math:`W_{k,i} = \sum_{j \le k} w_{j,i}`, :math:`W_{0,i} = 0`, so the
      pivots made so far, :math:`\sum_{j \le k} n_{j,i} = \mathrm{round}(W_{k,i})`, never
      differ from the wanted ones by more than half a pivot.

    Parameters
    ----------
    rates : array_like, shape (n, 3)
        Pivot rates :math:`\dot\theta_i` of motors 1, 2, 3 for each command, rad/s.
    durations : array_like, shape (n,)
        Duration of each command, s (> 0).
    pivot : float
        The pivot angle :math:`a`, rad (> 0).
    rounding : {"each", "carry"}

    Returns
    -------
    counts : numpy.ndarray of int, shape (n, 3)
        Signed whole pivots :math:`n_{k,i}`.
    wanted : numpy.ndarray, shape (n, 3)
        The wanted :math:`w_{k,i}`.

    Examples
    --------
    >>> w = np.array([[0.4, 0, 0], [0.4, 0, 0], [0.4, 0, 0]])
    >>> pivot_counts(w, np.ones(3), 1.0)[0][:, 0], pivot_counts(w, np.ones(3), 1.0,
    ...                                                          "carry")[0][:, 0]
    (array([0, 0, 0]), array([0, 1, 0]))
    """
    rates = as_array("rates", rates, "rad/s", (None, 3), finite=True)
    durations = as_array("durations", durations, "s", (rates.shape[0],), finite=True)
    if np.any(durations <= 0):
        raise ParameterError(f"durations must be > 0 s, got {durations.tolist()}")
    pivot = check_positive("pivot", pivot, "rad")
    if rounding not in ROUNDINGS:
        raise ParameterError(f"rounding must be one of {ROUNDINGS}, got {rounding!r}")
    wanted = rates * durations[:, None] / pivot
    if rounding == "each":
        counts = np.rint(wanted)
    else:
        done = np.rint(np.cumsum(wanted, axis=0))
        counts = np.diff(done, axis=0, prepend=0.0)
    return counts.astype(int), wanted


def _schedule(counts) -> list[tuple[int, int]]:
    """Interleaved pivot steps of one command: motor i pivots |counts[i]| times in the
    direction of counts[i]'s sign, its steps spread evenly over the command."""
    events = []
    for motor in range(3):
        count = abs(int(counts[motor]))
        direction = 1 if counts[motor] >= 0 else -1
        for k in range(count):
            events.append(((k + 0.5) / count, motor, direction))
    events.sort()
    return [(motor, direction) for _, motor, direction in events]


def walk(robot: DropletRobot, commands, taus, pivot: float, seed: int = 0,
         pose0=(0.0, 0.0, 0.0), flipped=(False, False, False),
         rounding: str = "each") -> SimulationResult:
    r"""Drive the robot open-loop through body-velocity commands, pivot by pivot.

    Each command ``(x_dot, y_dot, theta_dot, duration)`` (robot frame, m/s, m/s, rad/s, s)
    becomes pivot rates by :func:`inverse_kinematics`; motor i then pivots
    :math:`|n_i|` times, interleaved evenly, where :math:`n_i` is
    :math:`\dot\theta_i\,T / a` made whole by :func:`pivot_counts` (``rounding``: "each"
    command on its own, or "carry" the remainders from command to command) and :math:`a`
    is ``pivot``, the pivot angle the calibration made every motor produce. The
    robot's true pivots (its gains, dead times, flipped motors and noise, with the offsets
    ``taus``) then move it. ``flipped`` is what the calibration found: those motors are
    commanded the other way round (and ``taus`` is indexed by the commanded direction).

    Returns
    -------
    SimulationResult
        As :func:`pivot_sequence`, for all commands in order, with the details ``counts``
        and ``wanted`` of :func:`pivot_counts`.
    """
    pivot = check_positive("pivot", pivot, "rad")
    rates, durations = [], []
    for command in commands:
        if len(command) != 4:
            raise ParameterError(f"each command must be (x_dot, y_dot, theta_dot, duration), "
                                 f"got {command!r}")
        x_dot, y_dot, theta_dot, duration = (float(c) for c in command)
        rates.append(inverse_kinematics(x_dot, y_dot, theta_dot, robot.geometry))
        durations.append(check_positive("duration", duration, "s"))
    counts, wanted = pivot_counts(np.reshape(rates, (-1, 3)), durations, pivot, rounding)
    steps = [step for row in counts for step in _schedule(row)]
    reverse = [bool(f) for f in flipped]
    if len(reverse) != 3:
        raise ParameterError(f"flipped must give 3 flags, got {flipped!r}")
    steps = [(motor, -direction if reverse[motor] else direction) for motor, direction in steps]
    run = pivot_sequence(robot, steps, taus, seed, pose0)
    return dataclasses.replace(run, details={**run.details, "counts": counts,
                                             "wanted": wanted})


def heading_budget(robot: DropletRobot, counts, wanted, taus, pivot: float,
                   flipped=(False, False, False)) -> tuple[float, float]:
    r"""The heading error of a walk without pivot noise, in its two parts.

    Rigid pivots turn the robot by their angles whatever the leg, so after pivots
    :math:`p_k` the heading has turned by :math:`\sum_k p_k`, where the commands wanted
    :math:`a \sum_{k,i} w_{k,i}`. With :math:`n_{i,\pm}` pivots of motor i in each direction
    and :math:`p_{i,\pm}` its true (noise-free) pivot angle there:

    .. math::

        \sum_k p_k - a\sum_{k,i} w_{k,i}
        = \underbrace{a\sum_{k,i}(n_{k,i} - w_{k,i})}_{\text{whole pivots}}
        + \underbrace{\sum_{i,\pm} |n_{i,\pm}|\,(p_{i,\pm} \mp a)}_{\text{unequal pivots}}

    Parameters
    ----------
    robot : DropletRobot
    counts, wanted : array_like, shape (n, 3)
        Signed whole and wanted pivots of each motor per command (:func:`pivot_counts`, or
        the details of :func:`walk`).
    taus : array_like, shape (3, 2)
        Offsets by commanded direction, 1/32 ms (as for :func:`walk`).
    pivot : float
        The pivot angle :math:`a` the schedule assumed, rad (> 0).
    flipped : sequence of 3 bool
        Motors commanded the other way round (as for :func:`walk`).

    Returns
    -------
    (float, float)
        The whole-pivot part and the unequal-pivot part, rad (positive clockwise, as
        :math:`\theta`).
    """
    if not isinstance(robot, DropletRobot):
        raise ParameterError(f"robot must be a DropletRobot, got {robot!r}")
    counts = as_array("counts", counts, "", (None, 3), finite=True)
    wanted = as_array("wanted", wanted, "", counts.shape, finite=True)
    taus = as_array("taus", taus, "1/32 ms", (3, 2), finite=True)
    pivot = check_positive("pivot", pivot, "rad")
    reverse = [bool(f) for f in flipped]
    if len(reverse) != 3:
        raise ParameterError(f"flipped must give 3 flags, got {flipped!r}")
    whole = pivot * float(np.sum(counts - wanted))
    unequal = 0.0
    for motor in range(3):
        for sign in (1, -1):
            number = float(np.sum(np.abs(counts[:, motor]) * (np.sign(counts[:, motor])
                                                                == sign)))
            commanded = -sign if reverse[motor] else sign
            true = robot.pivot_angle(motor, commanded,
                                     taus[motor, tau_column(commanded)])
            unequal += number * (true - sign * pivot)
    return whole, unequal


def square_commands(side: float, speed: float = 0.005, turn: float = 0.5) -> list[tuple]:
    """The source's square walk as commands of :func:`walk`: four times forward (along +y,
    the thrust of motor 1) by ``side`` at ``speed``, then a quarter turn at ``turn``.

    ``side`` in m (> 0), ``speed`` in m/s (> 0), ``turn`` in rad/s (> 0; positive is the
    source's clockwise seen from above). Each command is (x_dot, y_dot, theta_dot, duration).

    Examples
    --------
    >>> legs = square_commands(0.08)
    >>> len(legs), legs[0], round(sum(c[2] * c[3] for c in legs), 6)
    (8, (0.0, 0.005, 0.0, 16.0), 6.283185)
    """
    side = check_positive("side", side, "m")
    speed = check_positive("speed", speed, "m/s")
    turn = check_positive("turn", turn, "rad/s")
    return [(0.0, speed, 0.0, side / speed), (0.0, 0.0, turn, np.pi / 2 / turn)] * 4


def triangle_commands(side: float, speed: float = 0.005) -> list[tuple]:
    """The source's triangle walk as commands of :func:`walk`: three sides of ``side`` (m)
    along the thrusts of the three motors, 90, 210 and 330 degrees, at ``speed`` (m/s),
    without turning; the walk ends where it started.

    Examples
    --------
    >>> legs = triangle_commands(0.06)
    >>> ends = sum(np.array(c[:2]) * c[3] for c in legs)
    >>> bool(np.allclose(ends, 0.0)), legs[0][3]
    (True, 12.0)
    """
    side = check_positive("side", side, "m")
    speed = check_positive("speed", speed, "m/s")
    return [(speed * np.cos(h), speed * np.sin(h), 0.0, side / speed)
            for h in np.radians([90.0, 210.0, 330.0])]
