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

Conventions as in :mod:`robodyn.vacuum`: a side view, x forward, z up, SI units and radians.
"""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.parallel import run_parallel
from robodyn.core.params import (
    as_array,
    broadcast,
    check_non_negative,
    check_positive,
    scalar_or_array,
)
from robodyn.vacuum.climbing import climb, max_climb_height
from robodyn.vacuum.params import VacuumParams
from robodyn.vacuum.planar import PlanarRobot, coordinates
from robodyn.vacuum.step import step_distance

__all__ = [
    "BODY_PARTS",
    "level_crossing",
    "limit_and_cause",
    "limit_and_cause_task",
    "limits_and_causes",
    "pushed_edge_climb_height",
    "stall_cause",
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
