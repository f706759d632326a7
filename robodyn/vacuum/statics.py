"""Statics of the climb: wheel loads, the edge a wheel can climb, sliding stops and a bisection for
the highest step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    STANDARD_GRAVITY,
    as_array,
    check_choice,
    check_non_negative,
    check_positive,
    check_real,
    scalar_or_array,
)
from robodyn.vacuum.params import SUSPENSIONS, VacuumParams, robot_cog_behind


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

    Not a :class:`~robodyn.core.integrate.SimulationResult`: :func:`bisect_height` searches over
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
