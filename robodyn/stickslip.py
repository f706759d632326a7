r"""The stick-slip omnidirectional drive of the Droplet swarm robot, and its auto-calibration.

A vibration motor walks a platform by friction: its spinning eccentric mass pushes the
platform back and forth and, at the same time, lightens and loads it, so the floor holds it
more in one half of the turn than in the other (:func:`simulate_vibration_motor`). The Droplet
of Klingner et al. (2014) carries three such motors opposite its three legs; each motor makes
the robot pivot about the leg opposite it, and sequences of pivots approximate any planar
motion (:func:`forward_kinematics`, :func:`inverse_kinematics`, :func:`walk`). Its cheap motors
differ in strength and some spin the wrong way, so every robot is calibrated: spin in place
with the three timing offsets found by Nelder-Mead so that the fitted circle of the centre's
path is smallest (:func:`fit_circle`, :func:`calibrate_spin`), then a bisection on the reverse
offsets for straight walking (:func:`calibrate_straight`).

**Conventions, as in the source.** The robot frame has x orthogonal to the thrust of motor 1,
y along it, and z pointing *down* into the floor; angles are positive clockwise seen from
above. In x-y coordinates the algebra is the ordinary right-handed one (a positive angle turns
x towards y); it is only the picture that is mirrored. The book's figures of the Droplet
therefore draw the floor as the source's overhead camera sees it: x to the right, y
*downwards*. Motor i sits at the angle :math:`\beta_i = 0°, 120°, 240°` on a circle of radius
:math:`\ell` = 15.1 mm, its leg opposite it at :math:`\beta_i + 180°`; a positive
:math:`\dot\theta_i` pivots the robot about leg i so that its centre moves along
:math:`\beta_i + 90° = 90°, 210°, 330° (= -30°)`, the thrust of motor i.

Pivot timing (the source's): a step switches one motor on for :math:`t_{on} + \tau` (30 ms plus
an offset :math:`\tau` in integer units of 1/32 ms) and then all motors off for
:math:`t_{off}` = 10 ms.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np
from scipy import optimize

from robodyn import friction
from robodyn.errors import ParameterError
from robodyn.integrate import SimulationResult
from robodyn.params import (
    STANDARD_GRAVITY,
    Parameters,
    as_array,
    check_integer,
    check_positive,
    check_real,
    quantity,
)

__all__ = [
    "CircleFit",
    "DropletGeometry",
    "DropletRobot",
    "NelderMeadStep",
    "ROUNDINGS",
    "SpinCalibration",
    "StraightCalibration",
    "T_OFF_MS",
    "T_ON_MS",
    "TAU_UNIT_MS",
    "VibrationMotor",
    "calibrate_spin",
    "calibrate_straight",
    "calibration_cost",
    "fit_circle",
    "heading_budget",
    "forward_kinematics",
    "inverse_kinematics",
    "make_robot",
    "measure_spin",
    "nelder_mead_steps",
    "pivot_counts",
    "pivot_pose",
    "pivot_sequence",
    "simulate_vibration_motor",
    "square_commands",
    "straight_walk",
    "tau_column",
    "taus_table",
    "triangle_commands",
    "walk",
]

#: Pulse timing of the source: on time, off time, and the unit of the offsets tau, ms.
T_ON_MS, T_OFF_MS, TAU_UNIT_MS = 30.0, 10.0, 1.0 / 32.0
#: Gravitational acceleration, m/s^2 (robodyn.params.STANDARD_GRAVITY).
G = STANDARD_GRAVITY


# --------------------------------------------------------------------------- one motor


@dataclass(frozen=True)
class VibrationMotor(Parameters):
    """A platform on the floor carrying one vibration motor: the 1-DoF stick-slip model.

    Parameters
    ----------
    platform_mass : float
        Mass M of the platform with the motor's body, kg (> 0). Default 0.025 kg: an
        assumption for a ping-pong-ball-sized robot (the source gives its radius, 2.2 cm, not
        its mass).
    eccentric_mass : float
        Mass m of the eccentric weight, kg (> 0). Default 0.15 g: an assumption for a coin
        motor of 1.1 g (the source's motor mass).
    eccentric_radius : float
        Radius r of the weight's circle, m (> 0). Default 1 mm: an assumption for a motor of
        10 mm diameter (the source's).
    frequency : float
        Spin frequency, Hz (> 0). Default 200 Hz: the source's motors vibrate at 200 +- 42 Hz.
    mu : float
        Coulomb friction coefficient of the legs on the floor (>= 0). Default 0.3: an
        assumption.
    """

    platform_mass: float = quantity(
        0.025, "kg", above=0.0, source="assumed",
        note="a ping-pong-ball-sized robot; the source gives its radius (2.2 cm), not its mass")
    eccentric_mass: float = quantity(
        1.5e-4, "kg", above=0.0, source="assumed",
        note="the eccentric weight of a coin motor of 1.1 g (the source's motor mass)")
    eccentric_radius: float = quantity(
        1e-3, "m", above=0.0, source="assumed",
        note="fits a motor of 10 mm diameter (the source's)")
    frequency: float = quantity(200.0, "Hz", above=0.0, source="stated",
                                note="the source's motors vibrate at 200 +- 42 Hz")
    mu: float = quantity(0.3, "", at_least=0.0, source="assumed",
                         note="plastic legs on a table; the source gives no coefficient")

    @property
    def spin_force(self) -> float:
        """Amplitude :math:`m r \\omega^2` of the rotating force, N."""
        omega = 2 * np.pi * self.frequency
        return self.eccentric_mass * self.eccentric_radius * omega**2

    @property
    def weight(self) -> float:
        """:math:`(M + m) g`, N."""
        return (self.platform_mass + self.eccentric_mass) * G


def simulate_vibration_motor(params: VibrationMotor, direction: int = 1,
                             revolutions: int = 10, steps_per_revolution: int = 2000,
                             dv: float = 1e-6) -> SimulationResult:
    r"""The platform of one vibration motor on the floor, sticking and slipping.

    The weight at the angle :math:`\varphi = \pm\omega t` (``direction`` +1 or -1) pushes the
    platform with :math:`m r \omega^2 (\cos\varphi, \sin\varphi)`: horizontally
    :math:`F_h = m r\omega^2\cos\varphi`, and vertically it lightens the floor's load to
    :math:`N = (M + m) g - m r\omega^2\sin\varphi`. With the friction F of
    :func:`robodyn.friction.karnopp` (stick up to :math:`\mu N`, slide at :math:`\mu N`; no
    smoothing of the sign),

    .. math:: (M + m)\,\ddot x = F_h + F(\dot x, F_h; \mu N).

    When :math:`N < 0` the platform would lift off; it is then free horizontally (the vertical
    hop is not modelled, and ``details["lifts_off"]`` says so). Fixed steps, velocity first
    then position (semi-implicit Euler).

    Parameters
    ----------
    params : VibrationMotor
    direction : {1, -1}
        Spin direction: +1 counter-clockwise in the x-z plane (the weight rises while it moves
        towards -x), -1 the other way.
    revolutions : int
        Number of turns simulated (>= 1).
    steps_per_revolution : int
        Fixed steps per turn (>= 100).
    dv : float
        Half width of Karnopp's sticking band, m/s (> 0).

    Returns
    -------
    SimulationResult
        Columns ``x`` (m), ``v`` (m/s), ``normal`` and ``friction`` (N), ``phase`` (rad);
        details ``drift_per_revolution`` (m, the mean advance per turn after the first) and
        ``lifts_off`` (bool).
    """
    if not isinstance(params, VibrationMotor):
        raise ParameterError(f"params must be a VibrationMotor, got {params!r}")
    if direction not in (1, -1):
        raise ParameterError(f"direction must be 1 or -1, got {direction!r}")
    revolutions = check_integer("revolutions", revolutions, at_least=1)
    steps = check_integer("steps_per_revolution", steps_per_revolution, at_least=100)
    dv = check_positive("dv", dv, "m/s")
    omega = 2 * np.pi * params.frequency
    dt = 2 * np.pi / omega / steps
    moving_mass = params.platform_mass + params.eccentric_mass
    push, weight, mu = params.spin_force, params.weight, params.mu
    n = revolutions * steps
    rows = np.empty((n + 1, 5))
    x = v = 0.0
    lifts_off = False
    for k in range(n + 1):
        phase = direction * omega * k * dt
        horizontal = push * np.cos(phase)
        normal = weight - push * np.sin(phase)
        if normal <= 0.0:
            lifts_off, normal, force = True, 0.0, 0.0
        else:
            level = mu * normal
            force = friction._karnopp_float(v, horizontal, level, level, 0.0, dv)
        rows[k] = x, v, normal, force, phase
        v += dt * (horizontal + force) / moving_mass
        x += dt * v
    x_col = rows[:, 0]
    per_turn = (x_col[-1] - x_col[steps]) / (revolutions - 1) if revolutions > 1 else (
        x_col[-1] - x_col[0])
    return SimulationResult(
        t=np.arange(n + 1) * dt,
        columns={"x": x_col, "v": rows[:, 1], "normal": rows[:, 2], "friction": rows[:, 3],
                 "phase": rows[:, 4]},
        message=f"{n} fixed steps of {dt:.3g} s",
        details={"drift_per_revolution": float(per_turn), "lifts_off": lifts_off})


# --------------------------------------------------------------------------- kinematics


@dataclass(frozen=True)
class DropletGeometry(Parameters):
    """Where the Droplet's legs and motors are (the source's numbers).

    Parameters
    ----------
    leg_radius : float
        Distance :math:`\\ell` of each leg (and each motor) from the robot's centre, m (> 0).
        Default 15.1 mm: the source.
    body_radius : float
        Radius of the robot's round body, m (> 0). Default 2.2 cm: the source.

    The legs are 120 degrees apart and each motor sits opposite its leg (the source); motor
    i at the angle 0, 120, 240 degrees in the robot frame, its leg at 180, 300, 60 degrees.
    """

    leg_radius: float = quantity(0.0151, "m", above=0.0, source="stated",
                                 note="the source's design: legs and motors 15.1 mm off the centre")
    body_radius: float = quantity(0.022, "m", above=0.0, source="stated",
                                  note="the source's robot, the size of a ping-pong ball")

    @property
    def motor_angles(self) -> np.ndarray:
        """Angles :math:`\\beta_i` of the motors in the robot frame, rad."""
        return np.radians([0.0, 120.0, 240.0])

    @property
    def legs(self) -> np.ndarray:
        """Leg positions in the robot frame, shape (3, 2), m (leg i opposite motor i)."""
        angles = self.motor_angles + np.pi
        return self.leg_radius * np.column_stack([np.cos(angles), np.sin(angles)])

    @property
    def thrust_directions(self) -> np.ndarray:
        """Unit vectors along which a positive pivot i moves the centre: 90, 210, 330 deg."""
        angles = self.motor_angles + np.pi / 2
        return np.column_stack([np.cos(angles), np.sin(angles)])


def _geometry_radius(geometry) -> float:
    if isinstance(geometry, DropletGeometry):
        return geometry.leg_radius
    return check_positive("leg_radius", geometry, "m")


def forward_kinematics(theta_dots, geometry=DropletGeometry()):
    r"""Body velocity of the Droplet from its three pivot rates (the source's equation 1).

    .. math::

        \dot x_r &= \ell\dot\theta_2\cos 210° + \ell\dot\theta_3\cos(-30°) \\
        \dot y_r &= \ell\dot\theta_1 + \ell\dot\theta_2\sin 210° + \ell\dot\theta_3\sin(-30°)\\
        \dot\theta_r &= \dot\theta_1 + \dot\theta_2 + \dot\theta_3

    Parameters
    ----------
    theta_dots : array_like, shape (3,) or (3, n)
        Pivot rates about legs 1, 2, 3, rad/s, positive along each motor's thrust.
    geometry : DropletGeometry or float
        The geometry, or its leg radius in m.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, n)
        :math:`(\dot x_r, \dot y_r, \dot\theta_r)`, m/s and rad/s, in the robot frame.
    """
    ell = _geometry_radius(geometry)
    rates = as_array("theta_dots", theta_dots, "rad/s", finite=True)
    if rates.shape[:1] != (3,):
        raise ParameterError(f"theta_dots must have 3 rows (legs 1, 2, 3), got shape "
                             f"{rates.shape}")
    return _FORWARD(ell) @ rates


def _FORWARD(ell: float) -> np.ndarray:
    c210, s210 = np.cos(np.radians(210.0)), np.sin(np.radians(210.0))
    c330, s330 = np.cos(np.radians(-30.0)), np.sin(np.radians(-30.0))
    return np.array([[0.0, ell * c210, ell * c330],
                     [ell, ell * s210, ell * s330],
                     [1.0, 1.0, 1.0]])


def inverse_kinematics(x_dot, y_dot, theta_dot, geometry=DropletGeometry()):
    r"""Pivot rates for a wanted body velocity (the source's equation 2, third row corrected).

    .. math::

        \dot\theta_1 &= \tfrac23\,\dot y_r/\ell + \dot\theta_r/3 \\
        \dot\theta_2 &= -\tfrac{\sqrt3}{3}\,\dot x_r/\ell - \tfrac13\,\dot y_r/\ell
            + \dot\theta_r/3 \\
        \dot\theta_3 &= \tfrac{\sqrt3}{3}\,\dot x_r/\ell - \tfrac13\,\dot y_r/\ell
            + \dot\theta_r/3

    (the source labels the third line :math:`\dot\theta_2` again). The exact inverse of
    :func:`forward_kinematics`.

    Parameters
    ----------
    x_dot, y_dot : float or array_like
        Velocity of the centre in the robot frame, m/s.
    theta_dot : float or array_like
        Turning rate, rad/s (clockwise seen from above).
    geometry : DropletGeometry or float
        The geometry, or its leg radius in m.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, n)
        :math:`(\dot\theta_1, \dot\theta_2, \dot\theta_3)`, rad/s.
    """
    ell = _geometry_radius(geometry)
    x_dot = as_array("x_dot", x_dot, "m/s", finite=True)
    y_dot = as_array("y_dot", y_dot, "m/s", finite=True)
    theta_dot = as_array("theta_dot", theta_dot, "rad/s", finite=True)
    x_dot, y_dot, theta_dot = np.broadcast_arrays(x_dot, y_dot, theta_dot)
    root3 = np.sqrt(3.0) / 3.0
    return np.array([2.0 / 3.0 * y_dot / ell + theta_dot / 3.0,
                     -root3 * x_dot / ell - y_dot / (3.0 * ell) + theta_dot / 3.0,
                     root3 * x_dot / ell - y_dot / (3.0 * ell) + theta_dot / 3.0])


# --------------------------------------------------------------------------- the robot


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
    microscopic); the friction model of :mod:`robodyn.pivot` with this book's assumed motor
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


def _camera_fit(run, camera_noise: float, seed: int):
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


# --------------------------------------------------------------------------- circle fit


@dataclass(frozen=True)
class CircleFit:
    """A circle fitted to points: centre, radius, and how well it fits.

    Attributes
    ----------
    xc, yc, radius : float
        Centre and radius, m (radius ``inf`` for points on a straight line).
    residual : float
        Root-mean-square distance of the points from the circle, m.
    side : int
        +1 if the centre lies to the right of the direction of travel (from the first to the
        last point, as the overhead camera's frame draws it: y down), -1 if to the left, 0 on
        a straight line.
    method : str
        "algebraic" or "geometric".
    """

    xc: float
    yc: float
    radius: float
    residual: float
    side: int
    method: str

    @property
    def curvature(self) -> float:
        """Signed curvature side / radius, 1/m (0 for a line)."""
        return 0.0 if not np.isfinite(self.radius) else self.side / self.radius


def fit_circle(x, y, method: str = "geometric") -> CircleFit:
    r"""Least-squares circle through points (Kasa's algebraic fit, refined geometrically).

    *Algebraic* (Kasa): a circle is :math:`x^2 + y^2 + D x + E y + F = 0`, linear in
    :math:`(D, E, F)`; least squares on the points gives the centre :math:`(-D/2, -E/2)` and
    the radius :math:`\sqrt{D^2/4 + E^2/4 - F}`. It is exact for exact points and biased
    towards small circles for noisy points on a short arc. *Geometric*: from the algebraic
    start, minimise the distances :math:`\sqrt{(x - x_c)^2 + (y - y_c)^2} - R` themselves
    (scipy.optimize.least_squares with MINPACK's Levenberg-Marquardt, the distances'
    derivatives and tight tolerances: the least-squares circle itself, in a quarter of the
    time its default method with differences took to come within 1e-7 of it).

    Points on a straight line (within 1e-9 of their spread) give a radius of ``inf``, not an
    error; nearly straight paths give very large radii.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Coordinates, m (n >= 3, finite).
    method : {"geometric", "algebraic"}

    Returns
    -------
    CircleFit
    """
    x = as_array("x", x, "m", (None,), finite=True)
    y = as_array("y", y, "m", (x.size,), finite=True)
    if x.size < 3:
        raise ParameterError(f"x and y need at least 3 points to fit a circle, got {x.size}")
    if method not in ("geometric", "algebraic"):
        raise ParameterError(f"method must be 'geometric' or 'algebraic', got {method!r}")
    mx, my = x.mean(), y.mean()
    u, w = x - mx, y - my                       # centred: better conditioned
    spread = float(np.sqrt(np.mean(u**2 + w**2)))
    travel = np.array([x[-1] - x[0], y[-1] - y[0]])
    if np.hypot(*travel) == 0.0:
        travel = np.array([x[1] - x[0], y[1] - y[0]])
    # collinear points: the smallest singular value of the centred points vanishes
    singular = np.linalg.svd(np.column_stack([u, w]), compute_uv=False)
    if spread == 0.0 or singular[-1] <= 1e-9 * singular[0]:
        return CircleFit(float(mx), float(my), float("inf"), 0.0, 0, method)
    A = np.column_stack([u, w, np.ones_like(u)])
    (D, E, F), *_ = np.linalg.lstsq(A, -(u**2 + w**2), rcond=None)
    cu, cw = -D / 2, -E / 2
    radius = float(np.sqrt(max(cu**2 + cw**2 - F, 0.0)))
    if method == "geometric":
        def distances(p):
            return np.hypot(u - p[0], w - p[1]) - p[2]

        def slopes(p):
            """d(distances)/d(centre, radius): minus the unit vectors to the points, -1."""
            d = np.hypot(u - p[0], w - p[1])
            return np.column_stack([-(u - p[0]) / d, -(w - p[1]) / d, -np.ones_like(d)])

        solution = optimize.least_squares(distances, [cu, cw, radius], jac=slopes,
                                          method="lm", xtol=1e-12, ftol=1e-12, gtol=1e-12)
        cu, cw, radius = solution.x
        radius = float(abs(radius))
    xc, yc = float(cu + mx), float(cw + my)
    residual = float(np.sqrt(np.mean((np.hypot(x - xc, y - yc) - radius) ** 2)))
    to_centre = np.array([xc - x[0], yc - y[0]])
    cross = travel[0] * to_centre[1] - travel[1] * to_centre[0]
    return CircleFit(xc, yc, radius, residual, int(np.sign(cross)), method)


# --------------------------------------------------------------------------- calibration


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
    fit = _camera_fit(run, camera_noise, seed + 7919)
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
    fit = _camera_fit(run, camera_noise, seed + 104729)
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


# --------------------------------------------------------------------------- Nelder-Mead


@dataclass(frozen=True)
class NelderMeadStep:
    """One iteration of :func:`nelder_mead_steps`: the simplex before it and the move made.

    Attributes
    ----------
    simplex : numpy.ndarray, shape (n + 1, n)
        Vertices, best first.
    values : numpy.ndarray, shape (n + 1,)
        Their costs.
    move : str
        "reflect", "expand", "contract outside", "contract inside" or "shrink".
    trial : numpy.ndarray, shape (n,)
        The point the move accepted (for a shrink, the new second vertex).
    """

    simplex: np.ndarray
    values: np.ndarray
    move: str
    trial: np.ndarray


def nelder_mead_steps(cost, simplex, iterations: int) -> list[NelderMeadStep]:
    r"""Nelder and Mead's simplex method, step by step, for drawing it.

    The standard coefficients: reflect the worst vertex through the centroid of the others
    (:math:`x_r = c + (c - x_w)`); if that is the best point yet, try twice as far
    (expand); if it is worse than the second-worst, try halfway outside or inside
    (contract); if even that fails, pull every vertex halfway to the best (shrink). These are
    the rules of ``scipy.optimize.minimize(method="Nelder-Mead")`` without its adaptive
    coefficients (a test holds the two to the same best points).

    Parameters
    ----------
    cost : callable
        ``cost(x) -> float``.
    simplex : array_like, shape (n + 1, n)
        Initial vertices.
    iterations : int
        Number of iterations (>= 1).
    """
    if not callable(cost):
        raise ParameterError(f"cost must be callable as cost(x) -> float, got {cost!r}")
    points = as_array("simplex", simplex, "", (None, None), finite=True).copy()
    if points.shape[0] != points.shape[1] + 1:
        raise ParameterError(f"simplex must have n + 1 vertices of n coordinates, got shape "
                             f"{points.shape}")
    iterations = check_integer("iterations", iterations, at_least=1)
    values = np.array([float(cost(p)) for p in points])
    steps = []
    for _ in range(iterations):
        order = np.argsort(values, kind="stable")
        points, values = points[order], values[order]
        centroid = points[:-1].mean(axis=0)
        worst = points[-1]
        reflected = centroid + (centroid - worst)
        f_r = float(cost(reflected))
        move, trial = "reflect", reflected
        if f_r < values[0]:
            expanded = centroid + 2.0 * (centroid - worst)
            f_e = float(cost(expanded))
            if f_e < f_r:
                move, trial, f_new = "expand", expanded, f_e
            else:
                f_new = f_r
        elif f_r < values[-2]:
            f_new = f_r
        else:
            if f_r < values[-1]:
                trial = centroid + 0.5 * (reflected - centroid)
                move = "contract outside"
                f_c = float(cost(trial))
                accept = f_c <= f_r
            else:
                trial = centroid + 0.5 * (worst - centroid)
                move = "contract inside"
                f_c = float(cost(trial))
                accept = f_c < values[-1]
            if accept:
                f_new = f_c
            else:
                steps.append(NelderMeadStep(points.copy(), values.copy(), "shrink",
                                            points[0] + 0.5 * (points[1] - points[0])))
                points[1:] = points[0] + 0.5 * (points[1:] - points[0])
                values[1:] = [float(cost(p)) for p in points[1:]]
                continue
        steps.append(NelderMeadStep(points.copy(), values.copy(), move, trial.copy()))
        points[-1], values[-1] = trial, f_new
    return steps
