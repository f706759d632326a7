r"""The vacuum-cleaning robot of the Kaiserslautern thesis: its parameters, the filleted step,
and the statics of its three suspension variants.

(Chapter 7, in progress: this module holds the robot's parameters, the geometry of the step it
climbs, the static wheel load of each suspension and two closed forms; the planar multibody
model and its scenarios follow.)

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

from robodyn.errors import ParameterError
from robodyn.params import (
    Parameters,
    as_array,
    check_choice,
    check_non_negative,
    check_positive,
    check_real,
    quantity,
)

__all__ = [
    "SUSPENSIONS",
    "VacuumParams",
    "bisect_height",
    "sliding_stop",
    "step_distance",
    "wheel_load",
]

#: The thesis's three suspension variants.
SUSPENSIONS = ("leading", "trailing", "telescopic")


@dataclass(frozen=True)
class VacuumParams(Parameters):
    """The vacuum robot, seen from the side; the two drive units lumped into one.

    **From the thesis** (Kaiserslautern 2022): the D-shaped body 0.36 x 0.35 x 0.10 m; a spring
    of 470 N/m per drive unit, 5 cm free length; the drive wheel of 60.8 g; its static friction
    on wood, 1.01 to 1.16 (15 tilting-board trials; the book takes their middle, 1.08, and the
    kinetic coefficient 10 % below it); the 3 mm fillet of the step's edge; 0.3 m/s forward.

    **Assumed by the book** (the thesis does not give them; each is a plausible value for a
    robot of this size, and the chapter is to test how much the results depend on it), all
    measured from the drive axle at rest, which sits under the middle of the body: a total
    mass of 3.5 kg (vacuum robots of this size weigh 3 to 4 kg), its centre of gravity 2 cm
    ahead of the axle (so that the front caster carries a fifth of the weight) and 4 cm up;
    wheel radius 36 mm (a 72 mm wheel, common on these robots); an arm of 40 mm from pivot to
    axle, 20 deg below the horizontal at rest; the spring's moment arm about the pivot 30 mm;
    the suction mouth's lower lip 8 mm above the floor with a front radius of 15 mm, 15 cm
    ahead of the axle, ahead of the caster (10 cm), since the thesis has the mouth meet the
    step first; a motor torque limit of 0.6 N m per wheel. The motor sits on the arm.
    """

    body_length: float = quantity(0.36, "m", above=0.0)
    body_width: float = quantity(0.35, "m", above=0.0)
    body_height: float = quantity(0.10, "m", above=0.0)
    spring_rate: float = quantity(470.0, "N/m", above=0.0)
    spring_free_length: float = quantity(0.05, "m", above=0.0)
    wheel_mass: float = quantity(0.0608, "kg", above=0.0)
    mu_s: float = quantity(1.08, "", above=0.0)
    mu_k: float = quantity(0.97, "", above=0.0)
    fillet: float = quantity(0.003, "m", at_least=0.0)
    drive_speed: float = quantity(0.3, "m/s", above=0.0)
    mass: float = quantity(3.5, "kg", above=0.0)
    cog_ahead: float = quantity(0.02, "m")
    cog_height: float = quantity(0.04, "m", above=0.0)
    wheel_radius: float = quantity(0.036, "m", above=0.0)
    arm_length: float = quantity(0.04, "m", above=0.0)
    arm_angle: float = quantity(math.radians(20.0), "rad", at_least=0.0, below=math.pi / 2)
    spring_lever: float = quantity(0.03, "m", above=0.0)
    mouth_height: float = quantity(0.008, "m", at_least=0.0)
    mouth_radius: float = quantity(0.015, "m", above=0.0)
    mouth_ahead: float = quantity(0.15, "m", above=0.0)
    caster_ahead: float = quantity(0.10, "m", above=0.0)
    torque_limit: float = quantity(0.6, "N m", above=0.0)
    g: float = quantity(9.81, "m/s^2", above=0.0)

    def __post_init__(self):
        super().__post_init__()
        if self.mu_k > self.mu_s:
            raise ParameterError(f"mu_k = {self.mu_k:g} must not exceed mu_s = {self.mu_s:g}")
        if not 0.0 < self.cog_ahead < self.caster_ahead:
            raise ParameterError(f"cog_ahead = {self.cog_ahead:g} m must lie between the axle "
                                 f"(0) and the caster ({self.caster_ahead:g} m), or the robot "
                                 "tips over")
        if self.wheel_mass >= self.mass:
            raise ParameterError(f"wheel_mass = {self.wheel_mass:g} kg must be less than the "
                                 f"robot's mass = {self.mass:g} kg")


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
    x, z = p
    centre = np.array([step_x + fillet, height - fillet])
    towards = p - centre
    if towards[0] <= 0.0 and towards[1] >= 0.0 and np.any(towards):
        on_arc = centre + fillet * towards / np.linalg.norm(towards)
        arc_normal = towards / np.linalg.norm(towards)
    else:                                  # the nearer end of the arc
        ends = (centre + [-fillet, 0.0], centre + [0.0, fillet])
        on_arc = min(ends, key=lambda end: float(np.hypot(*(p - end))))
        arc_normal = np.array([-1.0, 0.0]) if on_arc is ends[0] else np.array([0.0, 1.0])
    pieces = (   # (nearest point of the piece, the piece's outward normal there)
        (np.array([min(x, step_x), 0.0]), np.array([0.0, 1.0])),
        (np.array([step_x, min(max(z, 0.0), height - fillet)]), np.array([-1.0, 0.0])),
        (on_arc, arc_normal),
        (np.array([max(x, step_x + fillet), height]), np.array([0.0, 1.0])),
    )
    foot, piece_normal = min(pieces, key=lambda piece: float(np.hypot(*(p - piece[0]))))
    gap = p - foot
    distance = float(np.hypot(*gap))
    if distance == 0.0:
        return 0.0, piece_normal
    if _inside_step(x, z, step_x, height, fillet):
        return -distance, -gap / distance
    return distance, gap / distance


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


def sliding_stop(v0, mu: float, g: float = 9.81):
    r"""Distance a body sliding at ``v0`` covers until friction stops it, m:
    :math:`v_0^2 / (2\mu g)` (kinetic friction :math:`\mu m g` decelerates it at :math:`\mu g`;
    a locked wheel under a robot whose whole weight it carries)."""
    v0 = as_array("v0", v0, "m/s", finite=True)
    mu = check_positive("mu", mu)
    g = check_positive("g", g, "m/s^2")
    distance = v0**2 / (2 * mu * g)
    return distance.item() if distance.ndim == 0 else distance


@dataclass(frozen=True)
class HeightSearch:
    """A bisection's result: the highest height climbed (m) and every attempt, in order, as
    (height, climbed)."""

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
