r"""What limits the vacuum robot's climb (chapter 7): which contact stops it, which fitted
numbers reproduce an observed limit, and how high a pushed wheel takes an edge.

- :func:`stall_cause` tells from a stalled attempt of :func:`robodyn.vacuum.climb` whether
  the wheel reached the step's edge and lost its grip there ("wheel") or a part of the body
  (the mouth, or the body's front edge) held the robot back before the wheel got there.
- :func:`limit_and_cause` is a height search of :func:`robodyn.vacuum.max_climb_height` with
  the cause of its lowest failed attempt; :func:`limits_and_causes` runs several side by side.
- :func:`level_crossing` finds where a sampled curve (a limit against a parameter) crosses a
  level: the parameter combinations that reproduce an observed limit.
- :func:`pushed_edge_climb_height` is the quasi-static limit of a driven wheel pushed into a
  step's edge by the rest of the robot, its contact a penalty spring (exercise 7.6).
- :func:`mouth_balance`, :func:`mouth_climb_height` and :func:`static_climb_limits` are the
  static criterion of which part binds: the mouth's limit from the balance of the whole robot
  pushing its mouth up the edge with spinning wheels, beside the wheel's grip limit; the
  lower one binds.

Conventions as in :mod:`robodyn.vacuum`: a side view, x forward, z up, SI units and radians.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import brentq

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.parallel import run_parallel
from robodyn.core.params import (
    as_array,
    broadcast,
    check_non_negative,
    check_positive,
    check_real,
    scalar_or_array,
)
from robodyn.vacuum.climbing import climb, max_climb_height
from robodyn.vacuum.params import VacuumParams, robot_cog_behind
from robodyn.vacuum.planar import PlanarRobot, coordinates
from robodyn.vacuum.statics import edge_climb_height, static_wheel_loads, wheel_load
from robodyn.vacuum.step import step_distance

__all__ = [
    "BODY_PARTS",
    "level_crossing",
    "limit_and_cause",
    "limit_and_cause_task",
    "limits_and_causes",
    "mouth_balance",
    "mouth_climb_height",
    "pushed_edge_climb_height",
    "stall_cause",
    "static_climb_limits",
]

#: The circles of :class:`robodyn.vacuum.PlanarRobot` that can hold the body back at a step.
BODY_PARTS = ("mouth", "front edge")


def stall_cause(attempt: SimulationResult, params: VacuumParams, *,
                reach: float = 1e-3) -> str:
    """What stopped a climb: "climbed" if nothing did, "wheel" if the wheel reached the step,
    or the body part that held the robot back before it got there.

    The wheel has reached the step when, at the attempt's end, its front (its centre's x plus
    the radius R) is at most ``reach`` m before the step's face: it stands against the face
    or on the fillet, and its grip there failed. Otherwise the body stopped the robot: the
    part of :data:`BODY_PARTS` (the mouth's lip, or the body's lower front edge on a step
    above it) whose circle lies nearest the step's block at the end, by
    :func:`robodyn.vacuum.step_distance` of its centre less its radius. Only the attempt's
    final state and scenario are used, so a climb of either engine will do
    (:func:`robodyn.vacuum.climb`, :func:`robodyn.vacuum.mujoco.climb`).

    Parameters
    ----------
    attempt : SimulationResult
        A climb: details ``climbed``, ``variant``, ``height`` and ``step_x``; columns
        :data:`robodyn.vacuum.STATE` and ``wheel_x``.
    params : VacuumParams
        The robot of the attempt (its geometry, ``wheel_radius`` and ``fillet``).
    reach : float, optional
        Tolerance of "at the face", m.
    """
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a VacuumParams, got {type(params).__name__}")
    reach = check_non_negative("reach", reach, "m")
    needed = ("climbed", "variant", "height", "step_x")
    if not (isinstance(attempt, SimulationResult)
            and all(key in attempt.details for key in needed)):
        raise ParameterError(f"attempt must be the SimulationResult of a climb (details "
                             f"{', '.join(needed)}), got {type(attempt).__name__}")
    if attempt.climbed:
        return "climbed"
    front = attempt.wheel_x[-1] + params.wheel_radius
    if front >= attempt.step_x - reach:
        return "wheel"
    q_end = coordinates(attempt)[0][-1]
    centres = PlanarRobot(params, attempt.variant).circle_centres(q_end)

    def gap(name):
        centre, radius = centres[name]
        return step_distance(centre, attempt.step_x, attempt.height,
                                    params.fillet)[0] - radius

    return min(BODY_PARTS, key=gap)


def limit_and_cause(params: VacuumParams, variant: str = "leading",
                    **search) -> tuple[float, str]:
    """The highest step climbed (m, :func:`robodyn.vacuum.max_climb_height` with ``search``:
    low, high, tol and climb's options) and what stops the robot just above it: the
    :func:`stall_cause` of the search's lowest failed attempt (the bisection's upper end, at
    most ``tol`` above the limit), climbed again."""
    result = max_climb_height(params, variant, **search)
    failed = min(height for height, climbed in result.attempts if not climbed)
    options = {k: v for k, v in search.items() if k not in ("low", "high", "tol")}
    above = climb(params, failed, variant, **options)
    return float(result.height), stall_cause(above, params)


def limit_and_cause_task(params: VacuumParams, variant: str,
                         search: dict) -> tuple[float, str]:
    """One search of :func:`limits_and_causes`: a task for :func:`robodyn.vacuum.run_parallel`."""
    return limit_and_cause(params, variant, **search)


def limits_and_causes(cases, *, workers: int | None = None, progress: bool = True,
                      **search) -> list:
    """:func:`limit_and_cause` for each of ``cases``, (params, variant) pairs, shared among
    ``workers`` processes; returns (limit in m, cause) pairs in the order of ``cases``."""
    arguments = []
    for case in cases:
        if len(case) != 2 or not isinstance(case[0], VacuumParams):
            raise ParameterError(f"each case must be (VacuumParams, variant), got {case!r}")
        arguments.append((case[0], case[1], search))
    return run_parallel(limit_and_cause_task, arguments, workers=workers,
                               progress=progress, desc="height searches")


def level_crossing(x, y, level: float) -> float:
    """Where the piecewise-linear curve through the samples (x, y) first crosses ``level``,
    going along x; NaN if it does not (samples exactly at the level count as a crossing).

    Used to read, from limits computed over a grid of one parameter, the value that
    reproduces an observed limit.

    >>> level_crossing([0.9, 1.0, 1.1], [18.0, 18.6, 19.4], 19.0)
    1.05
    """
    x = as_array("x", x, shape=(None,), finite=True)
    y = as_array("y", y, shape=(x.size,), finite=True)
    level = float(level)
    if x.size < 2:
        raise ParameterError(f"x must hold at least 2 samples, got {x.size}")
    if np.any(np.diff(x) <= 0.0):
        raise ParameterError("x must increase strictly")
    above = y - level
    for i in range(x.size - 1):
        if above[i] == 0.0:
            return float(x[i])
        if above[i] * above[i + 1] < 0.0:
            share = above[i] / (above[i] - above[i + 1])
            return round(float(x[i] + share * (x[i + 1] - x[i])), 12)
    return float(x[-1]) if above[-1] == 0.0 else math.nan


def pushed_edge_climb_height(wheel_radius: float, fillet: float, mu, push, load: float,
                             stiffness: float | None = None):
    r"""The highest step a driven wheel takes from the floor when the robot pushes its axle
    forward, its contact with the edge a penalty spring, quasi-statically, m.

    The wheel (radius R) rolls on the floor and meets a step of height h whose edge is a
    fillet of radius f. On its axle act the load W (``load``: spring and weight, down) and
    the robot's push P (``push``, forward). The edge pushes along the line from the fillet's
    centre to the wheel's centre, at the angle :math:`\psi` from the vertical, with
    :math:`N = k\delta` (``stiffness`` k, the overlap :math:`\delta`), and along the rim with
    the friction :math:`|T| \le \mu N` of the spinning wheel. The hardest moment is when
    the wheel leaves the floor (its centre at R, the floor's force zero, :math:`\psi` at its
    largest). There, the balance along and across the line gives

    .. math::

        N = P\sin\psi + W\cos\psi, \qquad T = W\sin\psi - P\cos\psi,

    and :math:`T \le \mu N` holds while :math:`\psi \le \psi^* = \arctan\mu + \arctan(P/W)`
    (P/W, not chapter 7's :math:`c = T/N`). The centres then lie :math:`R + f - \delta^*`
    apart, with
    :math:`\delta^* = N(\psi^*)/k`, so

    .. math::

        h = f + R - (R + f - \delta^*)\cos\psi^*.

    Without a push it is :func:`robodyn.vacuum.edge_climb_height` (for a rigid contact,
    ``stiffness`` None); a softer contact lets the wheel meet the edge lower on its rim and
    take more. If :math:`\mu P > W`, :math:`\psi^*` passes 90°: pressed against the face
    itself, the wheel's friction :math:`\mu P` carries its load, and it climbs any height
    (the result is ``inf``). ``mu`` and ``push`` may be arrays that broadcast together.

    >>> h = pushed_edge_climb_height(0.044, 0.003, 1.06, 0.0, 20.0)
    >>> print(f"{h * 1e3:.2f} mm")
    14.75 mm
    >>> h = pushed_edge_climb_height(0.044, 0.003, 1.06, 5.0, 20.0, stiffness=6.9e4)
    >>> print(f"{h * 1e3:.2f} mm")
    24.10 mm

    Parameters
    ----------
    wheel_radius, fillet : float
        R and f, m.
    mu : float or array_like
        The wheel's friction coefficient at the edge, > 0.
    push : float or array_like
        P, N, >= 0.
    load : float
        W, N, > 0.
    stiffness : float or None, optional
        k of the edge contact, N/m; None for a rigid contact.

    Notes
    -----
    Quasi-static: the robot's momentum and the body's lift by the mouth are left out, as is
    the fillet's own limit (the step is taken to be at least as high as its fillet).
    """
    R = check_positive("wheel_radius", wheel_radius, "m")
    f = check_non_negative("fillet", fillet, "m")
    W = check_positive("load", load, "N")
    mu = as_array("mu", mu, finite=True)
    push = as_array("push", push, "N", finite=True)
    if np.any(mu <= 0.0):
        raise ParameterError(f"mu must be > 0, got {float(np.min(mu)):g}")
    if np.any(push < 0.0):
        raise ParameterError(f"push must be >= 0 N (the robot pushes the wheel forward), "
                             f"got {float(np.min(push)):g}")
    k = math.inf if stiffness is None else check_positive("stiffness", stiffness, "N/m")
    mu, push = broadcast(("mu", mu), ("push", push))
    push_ratio = push / W
    psi = np.arctan(mu) + np.arctan(push_ratio)
    normal = push * np.sin(psi) + W * np.cos(psi)
    overlap = normal / k
    with np.errstate(invalid="ignore"):
        height = f + R - (R + f - overlap) * np.cos(psi)
    height = np.where(mu * push_ratio > 1.0, np.inf, height)
    return scalar_or_array(np.asarray(height, dtype=float))


def mouth_balance(params: VacuumParams, psi: float) -> dict:
    r"""The static forces on a robot with leading links that pushes its mouth against a
    step's edge with spinning wheels, N.

    The mouth's round front (radius :math:`r_m`, its lip :math:`m` above the floor,
    :math:`l_m` ahead of the axle) touches the edge at the angle :math:`\psi` from the
    vertical, at :math:`d = l_m + r_m\sin\psi` ahead of the wheel's contact and
    :math:`z_m = m + r_m(1 - \cos\psi)` up. The wheels spin: their traction is
    :math:`\mu_k N_w`, and their load is the moment balance about the arm's pivot
    (:func:`robodyn.vacuum.wheel_load`) with the traction ratio :math:`\mu_k` and the
    spring's force of rest. The caster, :math:`l_c` behind the wheel, rolls with the drag
    :math:`\mu_c N_c`. The edge pushes the mouth back with :math:`M_x` and up with
    :math:`M_z`. With W the weight and b the whole robot's centre of gravity behind the
    axle, the robot's balance (up, moments about the wheel's contact, forward) is

    .. math::

        N_c + M_z = W - N_w, \qquad
        l_c N_c - d M_z - z_m M_x = b W, \qquad
        M_x + \mu_c N_c = \mu_k N_w .

    Returns
    -------
    dict
        ``wheels`` (N_w, both), ``caster`` (N_c), ``push`` (M_x) and ``lift`` (M_z), N.

    Raises
    ------
    ParameterError
        If the balance leaves no load on the caster or the mouth (the wheels, unloaded
        too little, would carry what the mouth must lift).

    Notes
    -----
    The leading link only, the real robot's: its traction unloads the wheel, and the
    balance about its pivot holds with the spring's force of rest, as in the stalled
    simulation (a test holds them to 0.6 N). A trailing link's spinning wheel would by
    that balance carry more than the robot weighs, and a telescopic unit's its full resting
    load: their springs then move, and their force with them. The penalty contacts'
    sinking, the body's pitch at rest and the robot's momentum are left out: this is the
    robot standing still against the edge.

    >>> f = mouth_balance(VacuumParams(), math.radians(54.6))
    >>> print(", ".join(f"{k} {v:.1f} N" for k, v in f.items()))
    wheels 12.6 N, caster 17.6 N, push 12.5 N, lift 4.2 N
    """
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a VacuumParams, got {type(params).__name__}")
    psi = check_real("psi", psi, "rad")
    if not 0.0 <= psi <= math.pi / 2:
        raise ParameterError(f"psi must lie in [0, pi/2] rad (the mouth's front, from below "
                             f"to straight ahead), got {psi:g}")
    p = params
    weight = p.mass * p.g
    resting = 2.0 * static_wheel_loads(p)[0]
    shape = (1.0, p.spring_lever, p.arm_length, p.arm_angle, p.wheel_radius)
    spinning = (resting * wheel_load(*shape, p.mu_k, "leading")
                / wheel_load(*shape, 0.0, "leading"))
    l_c, b = p.caster_behind, robot_cog_behind(p)
    d = p.mouth_ahead + p.mouth_radius * math.sin(psi)
    z_m = p.mouth_height + p.mouth_radius * (1.0 - math.cos(psi))
    system = np.array([[1.0, 1.0, 0.0], [l_c, -d, -z_m], [p.caster_mu, 0.0, 1.0]])
    caster, lift, push = np.linalg.solve(system, [weight - spinning, b * weight,
                                                  p.mu_k * spinning])
    if caster <= 0.0 or lift <= 0.0:
        raise ParameterError(f"the spinning wheels would carry {spinning:.1f} N of the "
                             f"robot's {weight:.1f} N: no static balance leaves a load on "
                             "the caster and the mouth")
    return {"wheels": float(spinning), "caster": float(caster), "push": float(push),
            "lift": float(lift)}


def mouth_climb_height(params: VacuumParams) -> float:
    r"""The highest step a robot with leading links pushes its mouth onto, statically, m.

    The mouth slides up the edge while the push of :func:`mouth_balance` beats the edge's
    friction :math:`\mu_b` (``body_mu``) and the lift it must give:
    :math:`M_x / M_z > \tan(\psi + \arctan\mu_b)`. The push's ratio falls slowly as the
    contact :math:`\psi` rises and the right side grows without bound, so they cross once, at
    :math:`\psi^*`. A step of height h (fillet f) first meets the mouth's front at
    :math:`\cos\psi = (m + r_m - (h - f)) / (r_m + f)`, so the mouth takes

    .. math:: h_m = m + (r_m + f)\,(1 - \cos\psi^*).

    >>> print(f"{mouth_climb_height(VacuumParams()) * 1e3:.1f} mm")
    19.8 mm
    """
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a VacuumParams, got {type(params).__name__}")
    beta = math.atan(params.body_mu)

    def excess(psi):
        forces = mouth_balance(params, psi)
        return math.atan2(forces["push"], forces["lift"]) - psi - beta

    top = math.pi / 2
    if excess(0.0) <= 0.0:
        raise ParameterError("the wheels cannot push the mouth even onto a step that meets "
                             "its lip: no static mouth limit")
    psi = brentq(excess, 0.0, top, xtol=1e-12) if excess(top) < 0.0 else top
    p = params
    return float(p.mouth_height + (p.mouth_radius + p.fillet) * (1.0 - math.cos(psi)))


def static_climb_limits(params: VacuumParams) -> dict:
    r"""The static criterion of what binds at a step, for the leading link: the wheel's and
    the mouth's limits, m.

    ``wheel`` is the wheel's grip limit from the floor,
    :func:`robodyn.vacuum.edge_climb_height` with the kinetic coefficient (it spins when it
    stalls): :math:`h_w = (R + f)(1 - 1/\sqrt{1 + \mu_k^2})`; ``mouth`` is
    :func:`mouth_climb_height`. The lower of the two binds. Both leave out the robot's
    momentum, which carries each part a few millimetres higher, the wheel a little more
    than the mouth: the criterion names the last obstacle, not the limit's value, and near
    the switch, where the two lie within a millimetre, the momentum decides.

    >>> limits = static_climb_limits(VacuumParams())
    >>> print({k: round(v * 1e3, 1) for k, v in limits.items()})
    {'wheel': 14.7, 'mouth': 19.8}
    """
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a VacuumParams, got {type(params).__name__}")
    wheel = float(edge_climb_height(params.wheel_radius, params.fillet, params.mu_k))
    return {"wheel": wheel, "mouth": mouth_climb_height(params)}
