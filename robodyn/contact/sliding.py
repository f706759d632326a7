"""Friction in motion: a wheel spun up on a floor, a body on an incline or pushed along the
floor."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from robodyn.contact.ball_drop import G, sample_times
from robodyn.contact.sizing import damping_for_ratio
from robodyn.core.errors import ParameterError
from robodyn.core.integrate import METHODS, SimulationResult, solve
from robodyn.core.params import (
    Parameters,
    check_choice,
    check_non_negative,
    check_positive,
    check_real,
    field_of,
    quantity,
)
from robodyn.laws.contact import normal_force_float
from robodyn.laws.friction import contact_friction_float, friction_coefficient
from robodyn.sources.thesis_robot import ThesisRobot
from robodyn.sources.tilting_board import TiltBoardTest


@dataclass(frozen=True)
class WheelOnFloor(Parameters):
    r"""A drive wheel on a penalty floor: the defaults of :func:`spinning_wheel`.

    Parameters
    ----------
    mass : float
        kg (> 0). Default the thesis's 60.8 g drive wheel (:class:`robodyn.friction.TiltBoardTest`).
    radius : float
        m (> 0). Default chapter 4's wheel, 36 mm (:class:`robodyn.diffdrive.DiffDriveParams`).
    inertia_ratio : float
        :math:`\kappa = I / (m R^2)` (> 0). Default 1/2, a solid disc.
    k : float
        Floor stiffness, N/m (> 0). Default 1e4 N/m.
    zeta : float
        Damping ratio of the floor (>= 0). Default 0.5.
    mu_s, mu_k : float
        Static and kinetic coefficients of :func:`friction_coefficient` (>= 0, mu_k <= mu_s).
        Defaults 1.08, the middle of the thesis's measured static range (as chapter 4's robot),
        and 0.9, this book's kinetic value below it.
    v_crit : float
        Critical slip speed, m/s (> 0). Default 1 mm/s.

    Examples
    --------
    >>> wheel = WheelOnFloor()
    >>> print(wheel.mass, wheel.radius, wheel.by_source()["assumed"])
    0.0608 0.036 ['radius', 'inertia_ratio', 'k', 'zeta', 'mu_k', 'v_crit']
    """

    mass: float = field_of(TiltBoardTest, "wheel_mass")
    radius: float = field_of(ThesisRobot, "wheel_radius")
    inertia_ratio: float = quantity(0.5, "", above=0.0, source="assumed",
                                    note="a solid disc, I = m R^2 / 2")
    k: float = quantity(1e4, "N/m", above=0.0, source="assumed",
                        note="a firm floor: the wheel sinks 0.06 mm under its weight")
    zeta: float = quantity(0.5, "", at_least=0.0, source="assumed",
                           note="a floor that bounces little")
    mu_s: float = field_of(ThesisRobot, "mu_s")
    mu_k: float = quantity(0.9, "", at_least=0.0, source="assumed",
                           note="below mu_s, this book's choice; the thesis gives no number")
    v_crit: float = quantity(1e-3, "m/s", above=0.0, source="assumed",
                             note="small against the slips of the runs, large enough for the "
                                  "solver")

    def __post_init__(self):
        super().__post_init__()
        if self.mu_k > self.mu_s:
            raise ParameterError(f"mu_k must be <= mu_s = {self.mu_s:g}, got {self.mu_k:g}")


def spinning_wheel(mass: float = WheelOnFloor.mass, radius: float = WheelOnFloor.radius,
                   inertia_ratio: float = WheelOnFloor.inertia_ratio,
                   omega0: float = -20.0, v0: float = 0.0, drop_height: float = 0.0,
                   k: float = WheelOnFloor.k, zeta: float = WheelOnFloor.zeta,
                   mu_s: float = WheelOnFloor.mu_s, mu_k: float = WheelOnFloor.mu_k,
                   v_crit: float = WheelOnFloor.v_crit,
                   t_end: float = 0.3, method: str = "Radau", rtol: float = 1e-6,
                   atol: float = 1e-9, g: float = G,
                   samples: int | None = None) -> SimulationResult:
    r"""A wheel set down spinning on the floor: it slips, friction speeds it up, then it rolls.

    The wheel is a circle of mass m, radius R and inertia :math:`I = \kappa m R^2` on a penalty
    floor (:func:`circle_halfplane`, :func:`normal_force`, linear model) with the friction of
    :func:`contact_friction`. It starts ``drop_height`` above its resting place on the floor
    (0: set down at its static depth :math:`m g / k`), moving at ``v0`` and spinning at
    ``omega0`` (counter-clockwise positive; negative spins it forwards, to +x). With the slip
    :math:`s = v_x + \omega R` (:func:`slip_velocity`) and the friction :math:`F_t`,

    .. math:: m\dot v_x = F_t, \qquad m\dot v_z = N - m g, \qquad I\dot\omega = R\,F_t .

    *Closed form* (rigid floor, constant kinetic friction): the slip shrinks at the rate
    :math:`\mu_k g (1 + 1/\kappa)`, so rolling starts after
    :math:`t_{roll} = |s_0| / (\mu_k g (1 + 1/\kappa))`, and the angular momentum about the
    contact point, :math:`I\omega - m R v_x`, is kept, which fixes the rolling speed
    :math:`v_f = (m R v_0 - I\omega_0) / (I/R + m R)` whatever the friction.

    *A dropped wheel.* From the release at rest, the floor's normal impulse up to the time t
    is :math:`\int N\,dt = m\,(g t + v_z(t))` (momentum), and while the wheel slips the
    friction impulse is :math:`\mu_k` times it; so the slip is gone when
    :math:`\mu_k (1 + 1/\kappa)(g t + v_z) = |s_0|`, bounces or not. A wheel resting by then
    rolls at the same :math:`t_{roll}`, counted from the release, as one set down; one that
    catches up during an impact rolls earlier if it is rebounding then (:math:`v_z > 0`), and
    one whose fall outlasts :math:`t_{roll}` catches up during its first impact.

    Parameters
    ----------
    mass, radius, inertia_ratio : float
        kg, m and :math:`\kappa` (> 0). Defaults (:class:`WheelOnFloor`): the thesis's 60.8 g
        drive wheel, the radius of chapter 4's robot (36 mm), a solid disc (1/2).
    omega0, v0 : float
        Initial spin (rad/s) and forward speed (m/s).
    drop_height : float
        Height of the fall onto the floor, m (>= 0).
    k, zeta : float
        Floor stiffness (N/m, > 0) and damping ratio (>= 0).
    mu_s, mu_k, v_crit : float
        Friction, as in :func:`friction_coefficient`. Defaults (:class:`WheelOnFloor`): the
        middle of the thesis's measured static range (1.08) and a kinetic value below it (0.9,
        this book's choice).
    t_end, method, rtol, atol, g, samples
        As in :func:`drop`.

    Returns
    -------
    SimulationResult
        Columns ``x``, ``z`` (centre, m), ``vx``, ``vz`` (m/s), ``omega`` (rad/s), ``slip``
        (m/s), ``normal`` and ``friction`` (N); details ``t_touchdown`` (s),
        ``t_roll_closed_form`` (s, from the release, for a wheel set down),
        ``v_roll_closed_form`` (m/s), ``t_roll`` (s, first time |slip| < v_crit; NaN if never),
        ``evaluations``, and the ``radius`` (m) and ``v_crit`` (m/s) of the run, for its
        drawings.
    """
    mass = check_positive("mass", mass, "kg")
    radius = check_positive("radius", radius, "m")
    kappa = check_positive("inertia_ratio", inertia_ratio)
    omega0 = check_real("omega0", omega0, "rad/s")
    v0 = check_real("v0", v0, "m/s")
    drop_height = check_non_negative("drop_height", drop_height, "m")
    k = check_positive("k", k, "N/m")
    c = damping_for_ratio(k, mass, zeta)
    friction_coefficient(0.0, mu_s, mu_k, v_crit)          # checks the three
    t_end = check_positive("t_end", t_end, "s")
    check_choice("method", method, METHODS)
    g = check_positive("g", g, "m/s^2")
    inertia = kappa * mass * radius**2
    calls = [0]

    def forces(z, vz, vx, omega):
        normal = normal_force_float(radius - z, -vz, k, c, "linear", 1.0)
        slip = vx + omega * radius
        return normal, slip, contact_friction_float(slip, normal, mu_s, mu_k, v_crit)

    def wheel(t, state):
        calls[0] += 1
        _, z, vx, vz, _, omega = state
        normal, _, traction = forces(z, vz, vx, omega)
        return np.array([vx, vz, traction / mass, normal / mass - g, omega,
                         radius * traction / inertia])

    z0 = radius - mass * g / k + drop_height
    t_fall = float(np.sqrt(2.0 * drop_height / g))
    run = solve(wheel, (0.0, t_end), [0.0, z0, v0, 0.0, 0.0, omega0],
                state_names=("x", "z", "vx", "vz", "theta", "omega"), method=method,
                rtol=rtol, atol=atol, t_eval=sample_times(t_end, samples))
    normal, slip, traction = np.array([forces(z, vz, vx, w) for z, vz, vx, w in
                                       zip(run.z, run.vz, run.vx, run.omega, strict=True)]).T
    rolling = np.flatnonzero(np.abs(slip) < v_crit)
    slip0 = v0 + omega0 * radius
    return SimulationResult(
        t=run.t, columns={"x": run.x, "z": run.z, "vx": run.vx, "vz": run.vz,
                          "omega": run.omega, "slip": slip, "normal": normal,
                          "friction": traction},
        success=run.success, message=run.message,
        details={"t_roll_closed_form": abs(slip0) / (mu_k * g * (1.0 + 1.0 / kappa)),
                 "t_touchdown": t_fall,
                 "v_roll_closed_form": (mass * radius * v0 - inertia * omega0)
                 / (inertia / radius + mass * radius),
                 "t_roll": float(run.t[rolling[0]]) if rolling.size else float("nan"),
                 "evaluations": calls[0], "radius": radius, "v_crit": float(v_crit)})


def slide_on_incline(theta: float, mu_s: float, mu_k: float, v_crit: float = 1e-3,
                     t_end: float = 2.0, method: str = "Radau", rtol: float = 1e-8,
                     atol: float = 1e-12, g: float = G,
                     samples: int | None = None) -> SimulationResult:
    r"""A block released at rest on a slope, with the contact friction of :func:`contact_friction`.

    Along the slope (s downhill), :math:`\dot v = g\sin\theta + F_t(v, N)/m` with
    :math:`N = m g\cos\theta` (the mass cancels). Where :math:`\tan\theta < \mu_s` the
    friction can balance the slope, but only while the block moves: it settles at the *creep
    speed* :math:`v = v_{crit}\tan\theta / \mu_s`. Where :math:`\tan\theta > \mu_s` it
    slides away, and once fast accelerates at :math:`g(\sin\theta - \mu_k\cos\theta)`.
    The relaxation time to the creep speed, about :math:`v_{crit} / (\mu_s g\cos\theta)`, is
    tiny: the problem is stiff, hence the implicit default method.

    Parameters
    ----------
    theta : float
        Slope, rad, in [0, pi/2).
    mu_s, mu_k, v_crit : float
        As in :func:`friction_coefficient`.
    t_end, method, rtol, atol, g, samples
        As in :func:`drop`.

    Returns
    -------
    SimulationResult
        Columns ``s`` (m), ``v`` (m/s), ``friction`` (N per kg of block, against the motion);
        details ``creep_speed`` (m/s, NaN where the block slides) and ``sliding_acceleration``
        (m/s^2).
    """
    theta = check_real("theta", theta, "rad")
    if not 0.0 <= theta < np.pi / 2:
        raise ParameterError(f"theta must lie in [0, pi/2) rad, got {theta:g}")
    friction_coefficient(0.0, mu_s, mu_k, v_crit)
    t_end = check_positive("t_end", t_end, "s")
    check_choice("method", method, METHODS)
    g = check_positive("g", g, "m/s^2")
    normal = g * np.cos(theta)

    def along(v):
        return contact_friction_float(v, normal, mu_s, mu_k, v_crit)

    def block(t, state):
        return np.array([state[1], g * np.sin(theta) + along(state[1])])

    run = solve(block, (0.0, t_end), [0.0, 0.0], state_names=("s", "v"), method=method,
                rtol=rtol, atol=atol, t_eval=sample_times(t_end, samples))
    creeps = np.tan(theta) < mu_s
    return SimulationResult(
        t=run.t, columns={"s": run.s, "v": run.v,
                          "friction": np.array([along(v) for v in run.v])},
        success=run.success, message=run.message,
        details={"creep_speed": v_crit * np.tan(theta) / mu_s if creeps else float("nan"),
                 "sliding_acceleration": g * (np.sin(theta) - mu_k * np.cos(theta))})


def slide_on_floor(v0: float, push: float = 0.0, mass: float = 1.0, mu_s: float = 0.5,
                   mu_k: float = 0.5, v_crit: float = 1e-3, k: float = 1e6,
                   zeta: float = 1.0, t_end: float = 0.5, method: str = "Radau",
                   rtol: float = 1e-6, atol: float = 1e-9, g: float = G,
                   samples: int | None = None) -> SimulationResult:
    r"""A block sliding on a penalty floor with regularised friction, pushed or not.

    The block is a point of mass m resting on a linear, clamped contact (:func:`normal_force`)
    of stiffness k and damping ratio :math:`\zeta`, set down at its static depth
    :math:`m g / k` and launched along x at ``v0``, with a constant horizontal ``push``:

    .. math:: m\dot v_x = F_{push} + F_t(v_x, N), \qquad m\dot v_z = N - m g,

    with :math:`F_t` from :func:`contact_friction`. *Closed forms* (rigid floor, Coulomb
    friction :math:`\mu = \mu_k`, no push): the block stops after :math:`v_0 / (\mu g)` at
    :math:`v_0^2 / (2\mu g)`. With the regularised law it does not stop: below
    :math:`v_{crit}` the friction falls with the speed, and the last :math:`v_{crit}` decays
    like :math:`e^{-\mu_s g t / v_{crit}}`; a push below :math:`\mu_s m g` makes it creep at
    :math:`v_{crit} F_{push} / (\mu_s m g)`.

    Parameters
    ----------
    v0 : float
        Initial speed, m/s.
    push : float
        Constant horizontal force, N.
    mass : float
        kg (> 0).
    mu_s, mu_k, v_crit : float
        As in :func:`friction_coefficient`.
    k, zeta : float
        Floor stiffness (N/m, > 0) and damping ratio (>= 0).
    t_end, method, rtol, atol, g, samples
        As in :func:`drop`.

    Returns
    -------
    SimulationResult
        Columns ``x``, ``z`` (m; z < 0 in the floor), ``vx``, ``vz`` (m/s), ``normal`` and
        ``friction`` (N); details ``evaluations``, ``wall_time`` (s), ``stop_distance`` and
        ``stop_time`` (the rigid closed forms with mu_k, m and s; NaN with a push),
        ``creep_speed`` (m/s, NaN without a push below mu_s m g).

    Examples
    --------
    >>> run = slide_on_floor(1.0, t_end=0.4)
    >>> print(f"{run.x[-1]:.4f} m, rigid closed form {run.stop_distance:.4f} m")
    0.1019 m, rigid closed form 0.1019 m
    """
    v0 = check_real("v0", v0, "m/s")
    push = check_real("push", push, "N")
    mass = check_positive("mass", mass, "kg")
    friction_coefficient(0.0, mu_s, mu_k, v_crit)          # checks the three
    k = check_positive("k", k, "N/m")
    c = damping_for_ratio(k, mass, zeta)
    t_end = check_positive("t_end", t_end, "s")
    check_choice("method", method, METHODS)
    g = check_positive("g", g, "m/s^2")
    calls = [0]

    def forces(z, vz, vx):
        normal = normal_force_float(-z, -vz, k, c, "linear", 1.0)
        return normal, contact_friction_float(vx, normal, mu_s, mu_k, v_crit)

    def block(t, state):
        calls[0] += 1
        _, z, vx, vz = state
        normal, traction = forces(z, vz, vx)
        return np.array([vx, vz, (push + traction) / mass, normal / mass - g])

    start = time.perf_counter()
    run = solve(block, (0.0, t_end), [0.0, -mass * g / k, v0, 0.0],
                state_names=("x", "z", "vx", "vz"), method=method, rtol=rtol, atol=atol,
                t_eval=sample_times(t_end, samples))
    wall = time.perf_counter() - start
    normal, traction = np.array([forces(z, vz, vx) for z, vz, vx in
                                 zip(run.z, run.vz, run.vx, strict=True)]).T
    free = push == 0.0 and mu_k > 0
    creeps = push != 0.0 and abs(push) < mu_s * mass * g
    return SimulationResult(
        t=run.t, columns={"x": run.x, "z": run.z, "vx": run.vx, "vz": run.vz,
                          "normal": normal, "friction": traction},
        success=run.success, message=run.message,
        details={"evaluations": calls[0], "wall_time": wall,
                 "stop_distance": v0**2 / (2 * mu_k * g) if free else float("nan"),
                 "stop_time": abs(v0) / (mu_k * g) if free else float("nan"),
                 "creep_speed": v_crit * push / (mu_s * mass * g) if creeps else float("nan")})
