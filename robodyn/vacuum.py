r"""The vacuum-cleaning robot of the Kaiserslautern thesis climbing a step (chapter 7).

The robot's parameters (:class:`VacuumParams`), the geometry of the filleted step
(:func:`step_distance`), the statics of the three suspensions (:func:`wheel_load`,
:func:`static_wheel_loads`), a planar multibody model with penalty contacts
(:class:`PlanarRobot`), and its scenarios: a climb (:func:`climb`), the highest step by
bisection (:func:`max_climb_height`, :func:`max_climb_heights`), the outcomes over heights and
approaches (:func:`climb_map`), the braking test (:func:`brake`) and driving off a step
(:func:`drive_off`).

**Results.** Every simulation returns a :class:`~robodyn.integrate.SimulationResult` whose
first columns are the state :data:`STATE` (``run.pitch``, ``run.x_dot``; :func:`coordinates`
gives q and qd as arrays), with the scenario's extras in its details (``run.climbed``,
``run.forces``); each is integrated by LSODA with the compiled equations and their Jacobian
(:func:`robodyn.integrate.solve_lsoda`; :func:`drive_off`, whose method may be chosen, by
:func:`robodyn.integrate.solve`), its tolerances keyword arguments. A height search returns
its deciding attempt (:func:`highest_climb`).

**Conventions.** A side view: x forward (towards the step), z up, the floor at z = 0, angles
counter-clockwise positive (so a positive pitch lifts the robot's nose). The step's face stands
at ``step_x``; its top at ``height``; its upper edge is rounded by a fillet of radius
``fillet`` (3 mm in the thesis, as in the test standard).

**Suspension.** Each drive unit is an arm from a pivot on the chassis to the wheel's axle, held
down by a spring. In the *leading* link the wheel is ahead of its pivot, in the *trailing*
link behind it; the *telescopic* unit slides straight up and down. A moment balance about the
pivot (:func:`wheel_load`) shows what traction does to the wheel's load: it unloads a leading
wheel and loads a trailing one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.contact import _contact_friction_float, _normal_force_float
from robodyn.diffdrive import DiffDriveParams
from robodyn.errors import ParameterError, SimulationError
from robodyn.integrate import SimulationResult, join, solve, solve_lsoda
from robodyn.params import (
    STANDARD_GRAVITY,
    Parameters,
    as_array,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
    check_real,
    field_of,
    quantity,
    scalar_or_array,
)
from robodyn.vacuum_compiled import (
    FLOOR,
    RAMP_DEPTH,
    SLIDER_MASS,
    STEP_DOWN,
    STEP_UP,
    STOP_DAMPING,
    STOP_STIFFENING,
    contact_histories,
    locked_jac,
    locked_rhs,
    locked_torque,
    piece_distance,
    robot_constants,
    speed_control_jac,
    speed_control_rhs,
)
from robodyn.waypoints import FollowerSettings

__all__ = [
    "COORDINATES",
    "PENETRATION",
    "RATES",
    "STATE",
    "SUSPENSIONS",
    "V_CRIT",
    "ContactCircle",
    "PlanarRobot",
    "VacuumParams",
    "drive",
    "flat_floor",
    "ground_pieces",
    "step_ground",
    "speed_control",
    "speed_controller",
    "bisect_height",
    "attempt_outcome",
    "climb",
    "climb_map",
    "climb_outcome",
    "max_climb_height",
    "max_climb_heights",
    "max_height_task",
    "run_parallel",
    "brake",
    "drive_off",
    "BRAKE_MODES",
    "ClimbMap",
    "HeightSearch",
    "attempt_result",
    "coordinates",
    "edge_climb_height",
    "highest_climb",
    "robot_cog_behind",
    "sliding_stop",
    "static_wheel_loads",
    "step_distance",
    "step_face_x",
    "step_profile",
    "wheel_load",
    "wheel_stages",
]

#: The thesis's three suspension variants.
SUSPENSIONS = ("leading", "trailing", "telescopic")


@dataclass(frozen=True)
class VacuumParams(Parameters):
    """The vacuum robot of the thesis, seen from the side; the two drive units lumped into one.

    Each field says where its value comes from (``source``, shown in the chapter's table):
    a few numbers stated or measured by the thesis (Kaiserslautern 2022), the values it shares
    with chapter 4 (declared once, in :class:`~robodyn.diffdrive.DiffDriveParams` and
    :class:`~robodyn.waypoints.FollowerSettings`), the
    many the book assumes (the thesis does not give them; the chapter tests how much the
    results depend on them) and two fitted to the real robot's 19 mm step. Lengths of the
    side view are measured from the drive axle at rest, which sits under the middle of the
    body; :func:`robot_cog_behind` gives the whole robot's centre of gravity.

    Raises
    ------
    ParameterError
        If a field is out of its range, ``mu_k > mu_s``, the centre of gravity does not lie
        between axle and caster, the drive units weigh as much as the robot, or the track is
        not narrower than the body.
    """

    body_length: float = field_of(DiffDriveParams, "body_length")
    body_width: float = field_of(DiffDriveParams, "body_width")
    body_height: float = field_of(DiffDriveParams, "body_height")
    spring_rate: float = quantity(470.0, "N/m", above=0.0, source="stated",
                                  note="the spring of one drive unit, from the thesis")
    spring_free_length: float = quantity(
        0.05, "m", above=0.0, source="stated",
        note="from the thesis; not used: the preload is solved from the statics")
    wheel_mass: float = field_of(DiffDriveParams, "wheel_mass")
    mu_s: float = field_of(DiffDriveParams, "mu_s")
    mu_k: float = quantity(
        1.06, "", above=0.0, source="fitted",
        note="2 % below mu_s, fitted with wheel_radius to the real robot's 19 mm (the thesis "
             "sets it below mu_s without a number)")
    fillet: float = quantity(0.003, "m", at_least=0.0, source="stated",
                             note="radius of the step's rounded edge, as in the test standard")
    drive_speed: float = field_of(FollowerSettings, "speed")
    mass: float = field_of(DiffDriveParams, "mass")
    motor_mass: float = quantity(
        0.15, "kg", above=0.0, source="assumed",
        note="motor and gear of one drive unit, on the arm: at the wheel's centre")
    cog_behind: float = quantity(
        0.05, "m", source="assumed",
        note="the chassis's centre of gravity (without the drive units) behind the axle: "
             "the caster then carries about a third of the weight and the front rides up")
    cog_height: float = quantity(
        0.04, "m", above=0.0, source="assumed",
        note="the chassis's centre of gravity above the floor; with cog_behind larger than "
             "it times mu, locked wheels do not lift the caster")
    wheel_radius: float = quantity(
        0.044, "m", above=0.0, source="fitted",
        note="fitted with mu_k to the 19 mm: an 88 mm wheel, within the 10 cm body "
             "(chapter 4 assumes 36 mm)")
    track_width: float = field_of(DiffDriveParams, "track_width")
    arm_length: float = quantity(
        0.06, "m", above=0.0, source="assumed",
        note="pivot to axle; long and flat enough that a locked leading wheel does not dig "
             "in, a cos(phi) > mu (a sin(phi) + R)")
    arm_angle: float = quantity(math.radians(5.0), "rad", at_least=0.0, below=math.pi / 2,
                                source="assumed", note="the arm below the horizontal at rest")
    spring_lever: float = quantity(0.03, "m", above=0.0, source="assumed",
                                   note="the spring's moment arm about the pivot")
    wheel_droop: float = quantity(0.01, "m", above=0.0, source="assumed",
                                  note="how far the wheel may drop below its rest position")
    mouth_height: float = quantity(0.008, "m", at_least=0.0, source="assumed",
                                   note="the suction mouth's lower lip above the floor")
    mouth_radius: float = quantity(0.025, "m", above=0.0, source="assumed",
                                   note="the rounding of the mouth's front")
    mouth_ahead: float = quantity(0.15, "m", above=0.0, source="assumed",
                                  note="the mouth's front circle ahead of the axle")
    edge_height: float = quantity(0.025, "m", above=0.0, source="assumed",
                                  note="the body's lower front and rear edges above the floor")
    edge_radius: float = quantity(0.005, "m", above=0.0, source="assumed",
                                  note="the rounding of those edges")
    caster_behind: float = quantity(0.14, "m", above=0.0, source="assumed",
                                    note="the caster's contact behind the axle")
    caster_radius: float = quantity(0.012, "m", above=0.0, source="assumed",
                                    note="the caster wheel")
    caster_mu: float = quantity(0.05, "", at_least=0.0, source="assumed",
                                note="a rolling caster: its resistance as a small friction")
    body_mu: float = quantity(0.3, "", at_least=0.0, source="assumed",
                              note="friction of the plastic mouth and edges on the step")
    torque_limit: float = quantity(0.6, "N m", above=0.0, source="assumed",
                                   note="per wheel motor (chapter 4 assumes 0.5 N m)")
    drive_gain: float = quantity(
        0.5, "N m s/rad", above=0.0, source="assumed",
        note="the side view's speed control, both motors' torque per rad/s of the motors' "
             "rate error (chapter 4's top view has a per-wheel speed_gain)")
    short_circuit_damping: float = quantity(
        0.067, "N m s/rad", above=0.0, source="assumed",
        note="k^2 / R_a per motor: a 14.4 V gear motor of 15 rad/s no-load speed and 1 N m "
             "stall torque (k = 0.96 V s/rad at the wheel, R_a = 13.8 ohm)")
    g: float = field_of(DiffDriveParams, "g")

    def __post_init__(self):
        super().__post_init__()
        if self.mu_k > self.mu_s:
            raise ParameterError(f"mu_k = {self.mu_k:g} must not exceed mu_s = {self.mu_s:g}")
        if not 0.0 < self.cog_behind < self.caster_behind:
            raise ParameterError(f"cog_behind = {self.cog_behind:g} m must lie between the "
                                 f"axle (0) and the caster ({self.caster_behind:g} m behind "
                                 "it), or the robot tips over")
        if self.drive_unit_mass >= self.mass:
            raise ParameterError(f"the drive units' mass 2 (wheel_mass + motor_mass) = "
                                 f"{self.drive_unit_mass:g} kg must be less than the robot's "
                                 f"mass = {self.mass:g} kg")
        if self.track_width >= self.body_width:
            raise ParameterError(f"track_width must be < body_width = {self.body_width:g} m "
                                 f"(the wheels sit under the body), got {self.track_width:g}")

    @property
    def drive_unit_mass(self) -> float:
        """Mass of the two drive units, kg: 2 (wheel_mass + motor_mass), at the wheels'
        centre (their arms massless)."""
        return 2.0 * (self.wheel_mass + self.motor_mass)


def robot_cog_behind(params: VacuumParams) -> float:
    """How far the whole robot's centre of gravity lies behind the axle, m: ``cog_behind``
    places the chassis's, without the drive units, which sit at the axle (their mass
    :attr:`VacuumParams.drive_unit_mass`)."""
    return (params.mass - params.drive_unit_mass) * params.cog_behind / params.mass


# --------------------------------------------------------------------------- the step


def _inside_step(x: float, z: float, step_x: float, height: float, fillet: float) -> bool:
    """True if (x, z) lies inside the floor or the step (on its surface counts as outside)."""
    if z < 0.0:
        return True
    if x <= step_x or z >= height:
        return False
    cx, cz = step_x + fillet, height - fillet
    return not (x < cx and z > cz and math.hypot(x - cx, z - cz) > fillet)


def step_distance(point, step_x: float, height: float, fillet: float):
    r"""Signed distance from a point to the filleted step, and the unit normal there.

    The profile has four pieces: the floor (z = 0 up to ``step_x``), the step's face
    (x = ``step_x`` up to ``height - fillet``), the fillet (a quarter circle of radius
    ``fillet`` about :math:`c = (x_s + f, h - f)`) and the step's top (z = ``height`` beyond
    :math:`x_s + f`). The distance is that to the nearest point of the nearest piece,
    positive in the air and negative inside the floor or the step; the normal is the unit
    vector out of the solid at that nearest point (from it towards a point in the air).

    Parameters
    ----------
    point : array_like, shape (2,)
        (x, z) of the point, m.
    step_x, height, fillet : float
        Position of the step's face, its height (> 0) and the fillet's radius
        (0 <= fillet <= height), m.

    Returns
    -------
    (float, numpy.ndarray)
        The signed distance, m, and the unit normal (shape (2,)).

    >>> d, n = step_distance([0.097, 0.023], step_x=0.1, height=0.019, fillet=0.0)
    >>> print(round(d, 6), n)
    0.005 [-0.6  0.8]
    """
    p = as_array("point", point, "m", (2,), finite=True)
    step_x = check_real("step_x", step_x, "m")
    height = check_positive("height", height, "m")
    fillet = check_non_negative("fillet", fillet, "m")
    if fillet > height:
        raise ParameterError(f"fillet = {fillet:g} m must not exceed the step's height = "
                             f"{height:g} m")
    distance, nx, nz = _step_distance_float(float(p[0]), float(p[1]), step_x, height, fillet)
    return distance, np.array([nx, nz])


def step_profile(step_x: float, height: float, fillet: float, n: int = 20_001,
                 reach: float = 0.2) -> np.ndarray:
    """The step's surface as a dense polyline, m, shape (4 n, 2): the floor from ``reach``
    before the face, the face up to ``height - fillet``, the fillet's quarter circle and the
    top to ``reach`` beyond the face, ``n`` points each. A brute-force check of
    :func:`step_distance`: the distance to the nearest vertex differs from the exact one by
    at most about half the spacing.

    >>> step_profile(0.1, 0.019, 0.003, n=3)[[0, 3, 6, 11]]
    array([[-0.1  ,  0.   ],
           [ 0.1  ,  0.   ],
           [ 0.1  ,  0.016],
           [ 0.3  ,  0.019]])
    """
    step_x = check_real("step_x", step_x, "m")
    height = check_positive("height", height, "m")
    fillet = check_non_negative("fillet", fillet, "m")
    n = check_integer("n", n, at_least=2)
    reach = check_positive("reach", reach, "m")
    angle = np.linspace(math.pi, math.pi / 2, n)
    return np.vstack([
        np.c_[np.linspace(step_x - reach, step_x, n), np.zeros(n)],                 # floor
        np.c_[np.full(n, step_x), np.linspace(0.0, height - fillet, n)],            # face
        np.c_[step_x + fillet * (1 + np.cos(angle)), height - fillet * (1 - np.sin(angle))],
        np.c_[np.linspace(step_x + fillet, step_x + reach, n), np.full(n, height)],  # top
    ])


def _step_distance_float(x: float, z: float, step_x: float, height: float, fillet: float):
    """:func:`step_distance` for checked floats, as (distance, n_x, n_z): the nearest point
    of each of the four pieces, the nearest of them, and the side the point is on."""
    cx, cz = step_x + fillet, height - fillet          # the fillet's centre
    tx, tz = x - cx, z - cz
    if tx <= 0.0 and tz >= 0.0 and (tx or tz):         # the point sees the arc itself
        r = math.hypot(tx, tz)
        arc = (cx + fillet * tx / r, cz + fillet * tz / r, tx / r, tz / r)
    elif math.hypot(tx + fillet, tz) <= math.hypot(tx, tz - fillet):
        arc = (cx - fillet, cz, -1.0, 0.0)             # the arc's lower end
    else:
        arc = (cx, cz + fillet, 0.0, 1.0)              # its upper end
    pieces = ((min(x, step_x), 0.0, 0.0, 1.0),                          # floor
              (step_x, min(max(z, 0.0), cz), -1.0, 0.0),                # face
              arc,                                                      # fillet
              (max(x, cx), height, 0.0, 1.0))                           # top
    best, foot = math.inf, pieces[0]
    for piece in pieces:
        d = math.hypot(x - piece[0], z - piece[1])
        if d < best:
            best, foot = d, piece
    if best == 0.0:
        return 0.0, foot[2], foot[3]
    gx, gz = (x - foot[0]) / best, (z - foot[1]) / best
    if _inside_step(x, z, step_x, height, fillet):
        return -best, -gx, -gz
    return best, gx, gz


# --------------------------------------------------------------------------- statics


def wheel_load(spring_force: float, spring_lever: float, arm_length: float, arm_angle: float,
               wheel_radius: float, traction: float, variant: str = "leading",
               wheel_weight: float = 0.0) -> float:
    r"""Normal load of a drive wheel from the moment balance about its arm's pivot, N.

    The arm runs from the pivot to the axle, length :math:`a`, at the angle :math:`\varphi`
    below the horizontal: ahead of the pivot (*leading*) or behind it (*trailing*). The spring
    pushes the wheel down with the moment :math:`F_s b` about the pivot (``spring_force`` times
    ``spring_lever``), the wheel's weight with :math:`W a\cos\varphi`. At the contact, a
    distance :math:`a\sin\varphi + R` below the pivot, the floor pushes up with N and forward
    with the traction :math:`T = c N` (``traction`` :math:`c = T/N`, positive while the
    wheel drives the robot forward). Moments about the pivot:

    .. math::

        N = \frac{F_s b + W a\cos\varphi}{a\cos\varphi \pm c\,(a\sin\varphi + R)},

    + for the leading link (traction turns the arm up and unloads the wheel), - for the
    trailing link (traction pulls the wheel down and loads it). The motor is taken to sit on
    the arm, as in the usual drive unit of such robots: its torque is then internal to the arm
    and wheel, and only the floor, the spring, the weight and the pivot act on them. The
    telescopic unit carries no moment: :math:`N = F_s + W`, whatever the traction
    (``spring_lever``, ``arm_length`` and ``arm_angle`` do not enter).

    Raises
    ------
    ParameterError
        If the trailing link's denominator reaches zero or below: then the traction alone
        holds the arm down however small the spring (the arm jams), and no finite load
        balances it.
    """
    spring_force = check_non_negative("spring_force", spring_force, "N")
    wheel_weight = check_non_negative("wheel_weight", wheel_weight, "N")
    traction = check_real("traction", traction)
    variant = check_choice("variant", variant, SUSPENSIONS)
    if variant == "telescopic":
        return spring_force + wheel_weight
    spring_lever = check_positive("spring_lever", spring_lever, "m")
    a = check_positive("arm_length", arm_length, "m")
    phi = check_real("arm_angle", arm_angle, "rad")
    if not 0.0 <= phi < math.pi / 2:
        raise ParameterError(f"arm_angle must lie in [0, pi/2) rad (below the horizontal), "
                             f"got {phi:g}")
    R = check_positive("wheel_radius", wheel_radius, "m")
    lever_n = a * math.cos(phi)
    lever_t = a * math.sin(phi) + R
    sign = 1.0 if variant == "leading" else -1.0
    denominator = lever_n + sign * traction * lever_t
    if denominator <= 0.0:
        raise ParameterError(
            f"the {variant} link jams: traction {traction:g} times the contact's depth below "
            f"the pivot ({lever_t:g} m) outweighs the arm's reach ({lever_n:g} m); no finite "
            "wheel load balances the arm")
    return (spring_force * spring_lever + wheel_weight * lever_n) / denominator


def static_wheel_loads(params: VacuumParams) -> tuple[float, float]:
    r"""Normal load of each drive wheel and of the caster, robot at rest on a level floor, N.

    Moments of the weight about the caster's contact (``caster_behind`` = c behind the axle)
    and about the axle, with G b behind the axle (the whole robot's centre of gravity,
    :func:`robot_cog_behind`):

    .. math:: N_{wheel} = \frac{m g\,(c - b)}{2 c}, \qquad N_{caster} = \frac{m g\, b}{c}

    Each drive wheel carries half of the axle's share.

    Parameters
    ----------
    params : VacuumParams
        Gives m, g, b and c.

    Returns
    -------
    (float, float)
        N_wheel (each of the two wheels) and N_caster, N.

    Notes
    -----
    Static: the load transfer of acceleration is left out. Accelerating at a_x moves
    :math:`m a_x h / c` from the axle to the caster (h = ``cog_height``), a relative change
    :math:`a_x h / (g (c - b))`, 4.2 % per m/s^2 with the defaults; the turns' lateral
    transfer between the wheels, :math:`m a_y h / L` (L = ``track_width``), changes each
    wheel's load by :math:`2 a_y h c / (g L (c - b))`, 5.1 % per m/s^2 of centripetal
    acceleration with the defaults. The side view (:class:`PlanarRobot`) agrees at rest to
    the small pitch its contacts' sinking gives.

    Examples
    --------
    >>> wheel, caster = static_wheel_loads(VacuumParams())
    >>> print(f"{wheel:.3f} N per wheel, caster {caster:.3f} N")
    11.775 N per wheel, caster 10.785 N
    """
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a VacuumParams, got {params!r} of type "
                             f"{type(params).__name__}")
    weight = params.mass * params.g
    b, c = robot_cog_behind(params), params.caster_behind
    return weight * (c - b) / (2.0 * c), weight * b / c


def sliding_stop(v0, mu: float, g: float = STANDARD_GRAVITY):
    r"""Distance a body sliding at ``v0`` covers until friction stops it, m:
    :math:`v_0^2 / (2\mu g)` (kinetic friction :math:`\mu m g` decelerates it at :math:`\mu g`;
    a locked wheel under a robot whose whole weight it carries)."""
    v0 = as_array("v0", v0, "m/s", finite=True)
    mu = check_positive("mu", mu)
    g = check_positive("g", g, "m/s^2")
    distance = v0**2 / (2 * mu * g)
    return scalar_or_array(distance)


def edge_climb_height(wheel_radius: float, fillet: float, mu):
    r"""The highest step a driven wheel takes from the floor by its grip at the edge alone
    (quasi-statically), m: :math:`h = (R + f)\,(1 - 1/\sqrt{1 + \mu^2})`.

    The edge pushes on the wheel along the line from the fillet's centre to the wheel's
    centre, at the angle :math:`\phi` from the vertical, with :math:`N` and, tangentially,
    with the friction :math:`T \le \mu N`, so it pushes the robot forward only while
    :math:`T\cos\phi > N\sin\phi`, that is :math:`\tan\phi < \mu`. A wheel on the floor
    (its centre at :math:`R`) meets a step of height :math:`h` at
    :math:`\cos\phi = (R - (h - f)) / (R + f)`, which falls as :math:`h` rises, and the limit
    :math:`\cos\phi = 1/\sqrt{1 + \mu^2}` gives :math:`h`. (The step is taken to be at least
    as high as its fillet.) ``mu`` may be an array; the result then has its shape.

    >>> print(f"{edge_climb_height(0.044, 0.003, 1.06):.4f}")
    0.0147
    """
    R = check_positive("wheel_radius", wheel_radius, "m")
    f = check_non_negative("fillet", fillet, "m")
    mu = as_array("mu", mu, finite=True)
    if np.any(mu <= 0.0):
        raise ParameterError(f"mu must be > 0, got {float(np.min(mu)):g}")
    height = (R + f) * (1.0 - 1.0 / np.sqrt(1.0 + mu**2))
    return scalar_or_array(height)


@dataclass(frozen=True)
class HeightSearch:
    """A bisection's result: the highest height climbed (m) and every attempt, in order, as
    (height, climbed).

    Not a :class:`~robodyn.integrate.SimulationResult`: :func:`bisect_height` searches over
    any ``climbs(height) -> bool``, which need not simulate anything (exercise 7.3 hands it a
    formula); :func:`highest_climb` wraps it for whole simulations and returns the deciding
    attempt.
    """

    height: float
    attempts: tuple


def bisect_height(climbs, low: float, high: float, tol: float = 1e-4) -> HeightSearch:
    """The largest height that ``climbs(height) -> bool`` accepts, by bisection, m.

    ``low`` must be climbed and ``high`` not (both are tried first; a wrong bracket raises).
    The interval halves until it is shorter than ``tol``; the result is its *climbed* end,
    never the failing one.
    """
    low = check_non_negative("low", low, "m")
    high = check_positive("high", high, "m")
    tol = check_positive("tol", tol, "m")
    if not high > low:
        raise ParameterError(f"high = {high:g} m must exceed low = {low:g} m")
    attempts = []

    def attempt(height):
        result = bool(climbs(height))
        attempts.append((height, result))
        return result

    if not attempt(low):
        raise ParameterError(f"the robot does not climb low = {low:g} m: lower it")
    if attempt(high):
        raise ParameterError(f"the robot climbs high = {high:g} m too: raise it")
    while high - low > tol:
        middle = 0.5 * (low + high)
        if attempt(middle):
            low = middle
        else:
            high = middle
    return HeightSearch(height=low, attempts=tuple(attempts))


# --------------------------------------------------------------------------- the planar model

#: Order of the generalised coordinates of :class:`PlanarRobot`: the chassis's centre of
#: gravity (x, z) and pitch, the suspension (arm angle below the horizontal in the chassis, or
#: the telescopic unit's downward travel) and the wheel's forward (clockwise) turn.
COORDINATES = ("x", "z", "pitch", "suspension", "wheel")

#: Their rates, and the state (q, qd) of the integrators: the first columns of every run.
RATES = tuple(f"{name}_dot" for name in COORDINATES)
STATE = COORDINATES + RATES

_S = np.array([[0.0, -1.0], [1.0, 0.0]])       # d/dtheta R(theta) = S R(theta)

#: Default penetration of the contacts under the robot's weight, m: the penalty stiffness is
#: m g / PENETRATION (:class:`PlanarRobot`; the MuJoCo model matches it).
PENETRATION = 5e-4

#: How many of :func:`climb`'s chunks the solver runs at a time: each restart of LSODA
#: costs a few hundred evaluations, each chunk run past the deciding one a little time.
CHUNKS_PER_RUN = 5

#: Default critical slip speed of the friction law, m/s, in the side and the top view: a
#: wheel that grips creeps at most this fast; smaller makes the equations stiffer.
V_CRIT = 1e-3


def _rot(theta: float) -> np.ndarray:
    c, s = math.cos(theta), math.sin(theta)
    return np.array([[c, -s], [s, c]])


@dataclass(frozen=True)
class ContactCircle:
    """A circle fixed to the chassis that can touch the ground: name, centre in the chassis
    frame (m, from the centre of gravity), radius (m), friction coefficient."""

    name: str
    centre: tuple
    radius: float
    mu: float


class PlanarRobot:
    r"""The side view of the robot as five generalised coordinates, with its contacts.

    Bodies: the chassis (mass ``mass`` minus the drive units', pitch inertia of a uniform box
    ``body_length`` x ``body_height``), the two drive units lumped into one (their mass
    :attr:`VacuumParams.drive_unit_mass` at the wheel's centre; the arm massless) and the
    wheels' spin inertia. Equations of motion
    :math:`M(q)\ddot q + m_w J_W^T a_W = Q` with :math:`J_W` the Jacobian of the wheel's
    centre and :math:`a_W` its velocity-product acceleration (the only body whose inertia
    depends on q), Q the generalised forces of gravity, the spring, the motor and the contacts.

    Contacts: the wheel and the circles of ``circles`` (caster, the suction mouth's lip, the
    body's lower front and rear edges, their radii and friction from the parameters) against
    any ground ``ground(point) -> (distance, normal)``, or a tuple of such pieces each
    touched on its own (a step: :func:`step_ground`), each a penalty spring-damper with
    k = m g / ``penetration`` and ``zeta`` of critical damping, its force ramped in over
    :data:`RAMP_DEPTH`, and friction blended from static to kinetic around ``v_crit``
    (:func:`robodyn.contact.contact_friction`).
    :mod:`robodyn.vacuum_compiled` writes the same equations by component, compiled, for
    the integrators (a test holds the two equal).
    """

    def __init__(self, params: VacuumParams, variant: str = "leading", *,
                 penetration: float = PENETRATION, zeta: float = 0.3, v_crit: float = V_CRIT,
                 suspension_zeta: float = 0.3, friction_scale: float = 1.0):
        self.p = params
        self.variant = check_choice("variant", variant, SUSPENSIONS)
        p = params
        self.m_w = p.drive_unit_mass
        self.m_c = p.mass - self.m_w
        self.I_c = self.m_c * (p.body_length**2 + p.body_height**2) / 12
        self.I_w = 2 * 0.5 * p.wheel_mass * p.wheel_radius**2
        self.k = p.mass * p.g / check_positive("penetration", penetration, "m")
        self.c = 2 * check_non_negative("zeta", zeta) * math.sqrt(self.k * p.mass)
        self.v_crit = check_positive("v_crit", v_crit, "m/s")
        R = p.wheel_radius
        # positions in the chassis frame, from the centre of gravity; the axle at rest is
        # cog_behind ahead of it and (cog_height - R) below it
        ahead = p.cog_behind                   # from the centre of gravity to the axle
        self.axle_rest = np.array([ahead, R - p.cog_height])
        side = {"leading": 1.0, "trailing": -1.0, "telescopic": 0.0}[self.variant]
        self.side = side
        self.rest = p.arm_angle if side else 0.0
        reach = np.array([side * p.arm_length * math.cos(p.arm_angle),
                          -p.arm_length * math.sin(p.arm_angle)])
        self.pivot = self.axle_rest - reach if side else self.axle_rest.copy()
        edge_z = p.edge_height + p.edge_radius - p.cog_height
        edge_x = 0.5 * p.body_length - p.edge_radius
        self.circles = (
            ContactCircle("caster", (ahead - p.caster_behind, p.caster_radius - p.cog_height),
                          p.caster_radius, p.caster_mu),
            ContactCircle("mouth", (ahead + p.mouth_ahead,
                                    p.mouth_height + p.mouth_radius - p.cog_height),
                          p.mouth_radius, p.body_mu),
            ContactCircle("front edge", (ahead + edge_x, edge_z), p.edge_radius, p.body_mu),
            ContactCircle("rear edge", (ahead - edge_x, edge_z), p.edge_radius, p.body_mu),
        )
        self.suspension_zeta = check_non_negative("suspension_zeta", suspension_zeta)
        self.friction_scale = check_non_negative("friction_scale", friction_scale)
        # the stops, in the suspension's coordinate: the wheel drops at most wheel_droop
        # below its rest position, and rises at most 25 deg (or 2 cm) above it
        if self.side:
            a = params.arm_length
            self.droop = math.asin(min(math.sin(self.rest) + params.wheel_droop / a,
                                       1.0)) - self.rest
            self.bump = math.radians(25.0)
        else:
            self.droop, self.bump = params.wheel_droop, 0.02
        # the two springs in the suspension's coordinate (through spring_lever for an arm),
        # and the damper: suspension_zeta of the bounce of the robot's share on the wheels
        lever = params.spring_lever if variant != "telescopic" else 1.0
        self.spring_stiffness = 2 * params.spring_rate * lever**2
        reach = params.arm_length * math.cos(params.arm_angle) if variant != "telescopic" else 1.0
        at_wheel = self.spring_stiffness / reach**2
        self.spring_damping = (2 * self.suspension_zeta * reach**2
                               * math.sqrt(at_wheel * 0.8 * params.mass))
        self.preload = 0.0
        self.preload = self._static_preload()

    # ----------------------------------------------------------------- suspension

    def wheel_in_chassis(self, s: float):
        """The wheel's centre in the chassis frame and its first and second derivatives by
        the suspension coordinate s."""
        if not self.side:
            return (self.axle_rest + [0.0, -s], np.array([0.0, -1.0]), np.zeros(2))
        a, side = self.p.arm_length, self.side
        w = self.pivot + a * np.array([side * math.cos(s), -math.sin(s)])
        dw = a * np.array([-side * math.sin(s), -math.cos(s)])
        ddw = a * np.array([-side * math.cos(s), math.sin(s)])
        return w, dw, ddw

    def _static_preload(self) -> float:
        """The springs' generalised force at the rest position that holds the suspension
        there on a flat floor: the static equations (vertical force, pitch moment, suspension)
        solved for the chassis's height, its pitch and this preload."""
        from scipy.optimize import root

        q = self.rest_state()

        def residual(unknowns):
            z, pitch, preload = unknowns
            self.preload = preload
            state = q.copy()
            state[1], state[2] = z, pitch
            q_dd, _ = self.accelerations(state, np.zeros(5), 0.0, flat_floor)
            return q_dd[1:4]

        guess = (q[1] - self.p.mass * self.p.g / self.k, 0.0, 1.0 if self.side else 25.0)
        solution = root(residual, guess, tol=1e-12)
        if not solution.success:
            raise ParameterError(f"no static rest position for these parameters: "
                                 f"{solution.message}")
        self.static_state = q.copy()
        self.static_state[1], self.static_state[2] = solution.x[0], solution.x[1]
        return float(solution.x[2])

    def spring_force(self, s: float, s_dot: float) -> float:
        """Generalised force of the two springs on the suspension coordinate: the preload,
        the spring rate (470 N/m per unit, at ``spring_lever`` from the pivot for the arms), a
        damper (``suspension_zeta`` of the bounce on the wheels: the pivot's friction, which
        the thesis does not give) and a stiff stop 25 deg (or 2 cm) either side of rest."""
        stiffness, damping = self.spring_stiffness, self.spring_damping
        force = self.preload - stiffness * (s - self.rest) - damping * s_dot
        beyond = self._beyond_stop(s)
        if beyond:
            force -= STOP_STIFFENING * stiffness * beyond + STOP_DAMPING * damping * s_dot
        return force

    def _beyond_stop(self, s: float) -> float:
        """How far s lies past a stop: positive past the droop stop, negative past the bump
        stop, zero between them."""
        if s - self.rest > self.droop:
            return s - self.rest - self.droop
        if self.rest - s > self.bump:
            return s - self.rest + self.bump
        return 0.0

    # ----------------------------------------------------------------- dynamics

    def accelerations(self, q, qd, torque: float, ground):
        """q_ddot, and the contact forces by name, for the state (q, qd), the motor torque
        (N m, forward positive, both wheels) and the ground: ``ground(point) -> (distance,
        normal)``, or a tuple of such pieces, each touched on its own (:func:`step_ground`)."""
        M, bias, Q, forces = self.terms(q, qd, torque, ground)
        return np.linalg.solve(M, Q - bias), forces

    def terms(self, q, qd, torque: float, ground):
        """The parts of the equations of motion: M, the velocity-product term
        :math:`m_w J_W^T a_W`, the generalised forces Q, and the contact forces by name."""
        p, m_w = self.p, self.m_w
        x, z, theta, s, _ = q
        xd, zd, thd, sd, wd = qd
        R = _rot(theta)
        w, dw, ddw = self.wheel_in_chassis(s)
        Rw, Rdw = R @ w, R @ dw
        J_W = np.zeros((2, 5))
        J_W[:, 0:2] = np.eye(2)
        J_W[:, 2] = _S @ Rw
        J_W[:, 3] = Rdw
        a_W = -thd**2 * Rw + 2 * thd * sd * (_S @ Rdw) + sd**2 * (R @ ddw)
        M = np.diag([self.m_c, self.m_c, self.I_c, 0.0, self.I_w]) + m_w * J_W.T @ J_W
        if not self.side:
            M[3, 3] += SLIDER_MASS                       # the massless slider: a tiny mass
        Q = np.zeros(5)
        Q[1] -= self.m_c * p.g
        Q += J_W.T @ [0.0, -m_w * p.g]
        Q[3] += self.spring_force(s, sd)
        # motor: forward torque on the wheel, its reaction on the arm (or slider)
        Q[4] += torque
        Q[2] += torque
        if self.side:
            Q[3] += -self.side * torque
        forces = {}
        centre = np.array([x, z])
        W = centre + Rw
        W_dot = J_W @ qd
        forces["wheel"] = np.zeros(2)
        for piece in ground_pieces(ground):           # the wheel touches each on its own
            distance, normal = piece(W)
            F = self._contact(distance - p.wheel_radius, normal, W_dot, -wd * p.wheel_radius,
                              p.mu_s * self.friction_scale, p.mu_k * self.friction_scale)
            tangent = np.array([normal[1], -normal[0]])
            forces["wheel"] += F
            Q[4] += -p.wheel_radius * float(tangent @ F)
        Q += J_W.T @ forces["wheel"]
        for circle in self.circles:
            b = R @ np.asarray(circle.centre)
            point = centre + b
            velocity = np.array([xd, zd]) + thd * (_S @ b)
            mu = circle.mu * self.friction_scale
            F = sum(self._contact(distance - circle.radius, normal, velocity, 0.0, mu, mu)
                    for distance, normal in (piece(point) for piece in ground_pieces(ground)))
            forces[circle.name] = F
            Q[0:2] += F
            Q[2] += b[0] * F[1] - b[1] * F[0]
        return M, m_w * J_W.T @ a_W, Q, forces

    def _contact(self, gap, normal, centre_velocity, spin_speed, mu_s, mu_k):
        """Force on the robot at a circle's contact: penalty normal force, ramped in over the
        first 0.05 mm, and friction blended from static to kinetic; zero while apart.
        ``spin_speed`` is the rim's speed along the tangent from the wheel's turn."""
        if gap >= 0.0:
            return np.zeros(2)
        depth = -gap
        tangent = np.array([normal[1], -normal[0]])
        rate = -float(normal @ centre_velocity)
        ramp = min(depth / RAMP_DEPTH, 1.0)
        N = _normal_force_float(depth, rate, self.k, self.c, "linear", 1.0) * ramp
        slip = float(tangent @ centre_velocity) + spin_speed
        friction = _contact_friction_float(slip, N, mu_s, mu_k, self.v_crit) if mu_s else 0.0
        return N * normal + friction * tangent

    def energy(self, q, qd, ground=None) -> float:
        """Kinetic plus gravitational energy, J; with ``ground`` also the springs' and the
        contacts' elastic energy (the potentials of their conservative parts), so that the
        total is conserved while nothing dissipates."""
        x, z, theta, s, _ = q
        R = _rot(theta)
        w, dw, _ = self.wheel_in_chassis(s)
        W_dot = qd[0:2] + qd[2] * (_S @ R @ w) + R @ dw * qd[3]
        kinetic = 0.5 * (self.m_c * (qd[0]**2 + qd[1]**2) + self.I_c * qd[2]**2
                         + self.m_w * float(W_dot @ W_dot) + self.I_w * qd[4]**2)
        W = np.array([x, z]) + R @ w
        total = kinetic + self.p.g * (self.m_c * z + self.m_w * W[1])
        if ground is None:
            return total
        p = self.p
        stiffness = self.spring_stiffness
        total += -self.preload * (s - self.rest) + 0.5 * stiffness * (s - self.rest) ** 2
        total += 0.5 * STOP_STIFFENING * stiffness * self._beyond_stop(s) ** 2  # the stops
        centres = [(W, p.wheel_radius)] + [(np.array([x, z]) + R @ np.asarray(c.centre),
                                             c.radius) for c in self.circles]
        gaps = [piece(point)[0] - radius for point, radius in centres
                for piece in ground_pieces(ground)]
        ramp = RAMP_DEPTH
        for gap in gaps:
            depth = max(-gap, 0.0)
            if depth <= ramp:
                total += self.k * depth**3 / (3 * ramp)
            else:
                total += self.k * (ramp**2 / 3 + 0.5 * (depth**2 - ramp**2))
        return total

    def motor_rate(self, qd) -> float:
        """The motors' turning rate, rad/s: the wheel's forward turn relative to the arm (or
        slider) that carries the motor, qd_wheel + qd_pitch - side * qd_suspension. The
        motor's torque does work at this rate (its reaction acts on the arm)."""
        return float(qd[4] + qd[2] - self.side * qd[3])

    def circle_centres(self, q) -> dict:
        """The world position (m) of each contact circle's centre, wheel first, by name,
        with its radius: {name: (centre, radius)}."""
        R, centre = _rot(q[2]), np.asarray(q[0:2], float)
        placed = {"wheel": (self.wheel_centre(q), self.p.wheel_radius)}
        for circle in self.circles:
            placed[circle.name] = (centre + R @ np.asarray(circle.centre), circle.radius)
        return placed

    def contact_points(self, q, ground) -> dict:
        """Each circle's point nearest the ground (its centre less its radius along the
        ground's normal), by name, m."""
        points = {}
        for name, (centre, radius) in self.circle_centres(q).items():
            _, normal = min((piece(centre) for piece in ground_pieces(ground)),
                            key=lambda touch: touch[0])
            points[name] = centre - radius * normal
        return points

    def wheel_centre(self, q) -> np.ndarray:
        """The wheel's centre in the world, m, for the coordinates q."""
        w, _, _ = self.wheel_in_chassis(q[3])
        return np.asarray(q[0:2], float) + _rot(q[2]) @ w

    def rest_state(self, x_axle: float = 0.0) -> np.ndarray:
        """Coordinates with the wheel and the caster just touching a flat floor, the
        suspension at rest, the axle at ``x_axle`` (the static state, with the contacts'
        penetrations, is ``static_state``)."""
        p = self.p
        return np.array([x_axle - p.cog_behind, p.cog_height, 0.0, self.rest, 0.0])


def flat_floor(point):
    """The floor z = 0 as a ground: (distance, normal)."""
    return float(point[1]), np.array([0.0, 1.0])


def step_ground(step_x: float, height: float, fillet: float, *, mirrored: bool = False):
    """A step as a ground of :class:`PlanarRobot`: its two pieces, :func:`flat_floor` and
    the step's block (the solid beyond the face at ``step_x``, up to ``height``, its edge
    rounded by ``fillet``; :func:`robodyn.vacuum_compiled.block_distance`), each a function
    ``point -> (distance, normal)``. A circle touches each piece on its own: pressed
    against the edge while still on the floor, a wheel is pushed by both, as on a real step.
    ``mirrored``: the step seen from its top, driving off its edge at ``step_x``."""
    step_x = check_real("step_x", step_x, "m")
    height = check_positive("height", height, "m")
    fillet = check_non_negative("fillet", fillet, "m")
    ground = (STEP_DOWN if mirrored else STEP_UP, step_x, height, fillet)

    def block(point):
        distance, nx, nz = piece_distance(float(point[0]), float(point[1]), ground, 1)
        return distance, np.array([nx, nz])

    return flat_floor, block


def ground_pieces(ground) -> tuple:
    """The pieces of a ground: ``ground`` itself if it is one function, else its tuple."""
    return ground if isinstance(ground, tuple) else (ground,)


def speed_control(robot: PlanarRobot, speed: float, gain: float | None = None):
    """The numbers of the drive's speed control, (target, gain, limit): the motors' target
    rate ``speed / wheel_radius`` (rad/s), the ``gain`` (N m s/rad; None: the parameters'
    ``drive_gain``) and both motors' torque limit (N m)."""
    gain = robot.p.drive_gain if gain is None else check_non_negative("gain", gain,
                                                                       "N m s/rad")
    return speed / robot.p.wheel_radius, gain, 2 * robot.p.torque_limit


def speed_controller(robot: PlanarRobot, speed: float, gain: float | None = None):
    """The drive's speed control: ``torque(qd)``, ``gain`` (N m s/rad; None: the parameters'
    ``drive_gain``) times the error of the motors' turning rate
    (:meth:`PlanarRobot.motor_rate`, what their encoders measure) against
    ``speed / wheel_radius``, within both motors' torque limit (:func:`speed_control`; the
    integrators use its compiled twin,
    :func:`robodyn.vacuum_compiled.speed_control_rhs`)."""
    return _torque_law(robot, speed_control(robot, speed, gain))


def _torque_law(robot: PlanarRobot, control: tuple):
    """``torque(qd)`` of the speed control ``control`` = (target, gain, limit)."""
    target, gain, limit = control
    motor_rate = robot.motor_rate

    def torque(qd):
        return min(max(gain * (target - motor_rate(qd)), -limit), limit)

    return torque


def _solve_driven(robot: PlanarRobot, ground: tuple, control: tuple, t_span, y0, what: str,
                  **options) -> SimulationResult:
    """The robot driven by its speed control ``control`` (:func:`speed_control`) over the
    ground tuple ``ground``: the compiled right-hand side and its Jacobian integrated by
    :func:`_solve` (``options``: t_eval, rtol, atol, max_step, max_evaluations)."""
    args = (robot_constants(robot), ground, *control)
    return _solve(speed_control_rhs, t_span, y0, what, args=args, jac=speed_control_jac,
                  **options)


#: Most evaluations of the equations a run of the scenarios may take (a climb takes some
#: ten thousand): past it the solver is crawling, and the run stops with an error.
MAX_EVALUATIONS = 1_000_000


def _solve(rhs, t_span, y0, what: str, *, args: tuple = (), jac, t_eval, rtol: float,
           atol: float, max_step: float,
           max_evaluations: int = MAX_EVALUATIONS) -> SimulationResult:
    """LSODA (which turns stiff when the contacts are) over the state :data:`STATE`, with
    the Jacobian ``jac`` of ``rhs`` (compiled: LSODA would otherwise difference ``rhs``
    from Python, one call a column), within ``max_evaluations``: by
    :func:`robodyn.integrate.solve_lsoda`, which runs LSODA's steps in its own compiled
    loop (``solve(..., method="LSODA")``, the same solver, returns to Python after each
    step, the most of a climb's time). A failure raises, naming ``what`` failed and the
    usual cure. The result's ``evaluations`` count the Jacobians' evaluations too (eleven
    each)."""
    try:
        run = solve_lsoda(rhs, t_span, y0, args, state_names=STATE, t_eval=t_eval,
                          jac=jac, rtol=rtol, atol=atol, max_step=max_step,
                          max_evaluations=max_evaluations)
    except SimulationError as error:
        raise SimulationError(f"{what} did not finish: {error} (here the contacts are the "
                              "usual cause: raise penetration or lower zeta)") from error
    return _with(run, details={"evaluations": run.evaluations
                               + (len(STATE) + 1) * run.jacobians})


def coordinates(run: SimulationResult) -> tuple[np.ndarray, np.ndarray]:
    """The side view's coordinates and rates of a run, (q, qd), each shape (n, 5), columns
    in the order of :data:`COORDINATES`: from the columns of :data:`STATE`."""
    return run.stack(*COORDINATES).T, run.stack(*RATES).T


def drive(robot: PlanarRobot, t_end: float = 2.0,
          speed: float | None = None, gain: float | None = None, start=None,
          dt: float = 0.005, *,
          method: str = "LSODA", rtol: float = 1e-6, atol: float = 1e-9,
          max_step: float = 2e-3) -> SimulationResult:
    """Drive the planar robot on the floor with a speed controller from rest: the rim speed
    towards
    ``speed`` (m/s; None: the parameters' ``drive_speed``), the torque ``gain`` (N m s/rad;
    None: the parameters' ``drive_gain``) times the speed error in rad/s, within the
    motors' limit.

    ``start`` is the initial q (default the static state), ``dt`` the sampling interval (s);
    ``method``, ``rtol``, ``atol`` and ``max_step`` (s) go to
    :func:`robodyn.integrate.solve`. Returns a
    :class:`~robodyn.integrate.SimulationResult` with the columns :data:`STATE` and
    ``torque`` (N m, both motors) and the detail ``evaluations`` (of the equations);
    :func:`coordinates` gives (q, qd).
    """
    speed = robot.p.drive_speed if speed is None else check_non_negative("speed", speed,
                                                                         "m/s")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    torque_of = speed_controller(robot, speed, gain)
    args = (robot_constants(robot), (FLOOR, 0.0, 0.0, 0.0), *speed_control(robot, speed, gain))
    q0 = robot.static_state if start is None else as_array("start", start, "", (5,),
                                                             finite=True)
    y0 = np.concatenate([q0, np.zeros(5)])
    times = np.clip(np.arange(0.0, t_end + 0.5 * dt, dt), 0.0, t_end)
    try:
        run = solve(speed_control_rhs, (0.0, t_end), y0, args, state_names=STATE,
                    method=method, t_eval=times, rtol=rtol, atol=atol, max_step=max_step,
                    max_evaluations=MAX_EVALUATIONS)
    except SimulationError as error:
        raise SimulationError(f"the drive did not finish: {error} (here the contacts are "
                              "the usual cause: raise penetration)") from error
    _, qd = coordinates(run)
    return _with(run, columns={"torque": [torque_of(v) for v in qd]})


def _with(run: SimulationResult, *, columns=None, details=None,
          message: str | None = None) -> SimulationResult:
    """``run`` with more columns and details (and another message)."""
    return SimulationResult(t=run.t, columns={**run.columns, **(columns or {})},
                            success=run.success,
                            message=run.message if message is None else message,
                            events=run.events, event_states=run.event_states,
                            details={**run.details, **(details or {})})


def attempt_result(run: SimulationResult, wheel, outcome: str, **details) -> SimulationResult:
    """One attempt at a step as a :class:`~robodyn.integrate.SimulationResult`, for
    :func:`climb` and :func:`robodyn.vacuum_mujoco.climb` alike: the run's columns
    (:data:`STATE`, ``torque``) and the wheel centre's ``wheel_x`` and ``wheel_z`` (from
    ``wheel``, shape (n, 2), m); the details ``outcome`` ("climbed", "stalled" or "timed
    out"), ``climbed`` (bool), ``t_end`` (s) and ``details``."""
    wheel = as_array("wheel", wheel, "m", (run.t.size, 2))
    t_end = float(run.t[-1])
    message = (f"climbed in {t_end:.2f} s" if outcome == "climbed"
               else f"{outcome} at {t_end:.2f} s")
    return _with(run, columns={"wheel_x": wheel[:, 0], "wheel_z": wheel[:, 1]},
                 message=message,
                 details={"outcome": outcome, "climbed": outcome == "climbed",
                          "t_end": t_end, **details})


def _contact_histories(robot: PlanarRobot, run: SimulationResult, torques, ground: tuple):
    """The contact forces and the contact points of a run's samples under the motors'
    ``torques``, by name (the wheel, then the circles), each an (n, 2) array
    (:func:`robodyn.vacuum_compiled.contact_histories`)."""
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
    :func:`robodyn.integrate.solve_lsoda`; the equations of :mod:`robodyn.vacuum_compiled`
    and their Jacobian) and
    sampled ten times a ``chunk`` of s. At the end of every chunk
    :func:`attempt_outcome` judges the attempt: it ends early when the wheel stands on the
    step's top, its centre past the edge by a wheel radius ("climbed"), or when the wheel's
    centre has not moved on by 1 mm in ``stall_time`` s ("stalled"); otherwise at ``t_max``
    ("timed out"). (The solver runs :data:`CHUNKS_PER_RUN` chunks at a time, for speed, and
    what it ran past the deciding chunk is dropped.) An attempt whose integration fails, or
    needs more than ``max_evaluations`` evaluations of the equations (a few ten thousand
    are usual), raises :class:`~robodyn.errors.SimulationError` with advice. ``model``
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
        run = _solve_driven(robot, ground, control, (t, ends[-1]), y,
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
        runs.append(_samples(run, slice(10 * (k + 1))))
    run = join(runs)
    q, qd = coordinates(run)
    torque_of = speed_controller(robot, speed, gain)
    run = _with(run, columns={"torque": [torque_of(v) for v in qd]})
    forces, points = _contact_histories(robot, run, run.torque, ground)
    return attempt_result(run, [wheel_centre(v) for v in q], outcome, forces=forces,
                          points=points, variant=robot.variant, height=height, step_x=step_x,
                          speed=speed, friction_scale=robot.friction_scale,
                          evaluations=evaluations)


def _samples(run: SimulationResult, which) -> SimulationResult:
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
    - ``friction_ratio``: the largest |T| / N there, T the force across that line.

    The moment balance of :func:`wheel_load` predicts ``pushing`` below ``before`` for the
    leading link and less so for the trailing one; ``friction_ratio`` shows whether the wheel
    uses all its grip at the edge (it reaches mu_k while it slips).
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
    return {"before": float(F[before, 1].mean()), "pushing": float(F[pushing, 1].mean()),
            "at_edge": float(N[at_edge].mean()),
            "friction_ratio": float(np.max(np.abs(T[at_edge]) / N[at_edge]))}


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
    :func:`robodyn.vacuum_mujoco.max_climb_height`.
    """
    best = {}

    def climbs(height):
        run = attempt(height)
        if run.climbed:
            best["run"] = run
        return run.climbed

    search = bisect_height(climbs, low, high, tol)
    deciding = best["run"]
    return _with(deciding, details={"attempts": search.attempts},
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

    Not a :class:`~robodyn.integrate.SimulationResult`: it is a table of many simulations'
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


def run_parallel(task, arguments: list, *, workers: int | None = None,
                 progress: bool = True, desc: str = "runs") -> list:
    """``[task(*a) for a in arguments]``, the runs shared among ``workers`` processes
    (default: one per core, at most 4; 1 runs them here, in order), with a progress bar on
    standard output. ``task`` must be a module-level function, as :func:`climb_outcome`,
    and its arguments picklable.

    The processes are forked from a server process that imported this module once (the
    "forkserver" start method of :mod:`multiprocessing`), so a call costs a few
    milliseconds to start, not the second or two of a fresh Python each time; where there
    is no fork (Windows), each process starts afresh ("spawn").
    """
    import os
    import sys
    from concurrent.futures import ProcessPoolExecutor

    from tqdm import tqdm

    if workers is None:
        workers = min(os.cpu_count() or 1, 4)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ParameterError(f"workers must be a whole number >= 1, got {workers!r}")
    bar = tqdm(total=len(arguments), desc=desc, file=sys.stdout, disable=not progress,
               mininterval=1.0)
    with bar:
        if workers == 1 or len(arguments) < 2:
            results = []
            for argument in arguments:
                results.append(task(*argument))
                bar.update()
            return results
        with ProcessPoolExecutor(min(workers, len(arguments)),
                                 mp_context=_process_context()) as pool:
            futures = [pool.submit(task, *argument) for argument in arguments]
            for future in futures:
                future.add_done_callback(lambda _: bar.update())
            return [future.result() for future in futures]


def _process_context():
    """The :mod:`multiprocessing` context of :func:`run_parallel`: "forkserver", its server
    importing robodyn.vacuum before it forks a worker, where the platform has it."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


# --------------------------------------------------------------------------- braking

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
        run = _solve_driven(robot, (FLOOR, 0.0, 0.0, 0.0), control, (start, end), y,
                            "the braking run", t_eval=np.union1d(inside, [start, end]),
                            **tolerances)
        torque_of = _torque_law(robot, control)
        runs.append(_with(run, columns={"torque": [torque_of(v) for v in
                                                   coordinates(run)[1]]}))
        y = run.stack(*STATE)[:, -1]
    joined = _with(join(runs), details={"evaluations": sum(run.evaluations for run in runs)})
    return _samples(joined, np.isin(joined.t, times))      # the phases' ends dropped


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

    The stopping distance is how far the wheel's centre moves until it first stands still
    (the chassis sways on over the stopped wheels and back: its centre of gravity, 4 cm
    up, goes on forward for a while as the body pitches nose-down). Integrated to ``t_end``
    (s) by LSODA, sampled every ``dt`` s (also the largest step), with ``rtol`` and
    ``atol``.

    Returns
    -------
    SimulationResult
        Columns :data:`STATE` and ``torque`` (N m, both motors); details ``mode``,
        ``variant``, the stopping ``distance`` (m), the time ``t_stop`` (s) it stops and
        the wheel's contact force ``wheel_force`` (n, 2), N.
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
        run = _solve(locked_rhs, (0.0, t_end), y0, "the braking run",
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
    forces, _ = _contact_histories(robot, run, torque, floor)
    wheel_force = forces["wheel"]
    distance = float(wheel_x[stop] - wheel_x[0])
    return _with(run, columns={"torque": torque},
                 message=f"{mode}: stopped in {distance * 1e3:.2f} mm",
                 details={"mode": mode, "variant": robot.variant, "distance": distance,
                          "t_stop": float(run.t[stop]), "wheel_force": np.array(wheel_force)})


# --------------------------------------------------------------------------- driving off


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
    run = _solve_driven(robot, ground, speed_control(robot, speed, gain), (0.0, t_end), y0,
                        "the run off the step", t_eval=times, rtol=rtol, atol=atol,
                        max_step=dt)
    q, qd = coordinates(run)
    forces, _ = _contact_histories(robot, run, [torque_of(v) for v in qd], ground)
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
    return _with(run, message=f"landed at {t_landed:.2f} s, settled {settling_time:.2f} s "
                              "later",
                 details={"forces": forces, "t_landed": t_landed,
                          "settling_time": settling_time, "band": band})
