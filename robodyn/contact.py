r"""Penalty contact: spring-damper forces, friction at a contact, planar geometry, a ball drop.

A penalty contact lets two bodies overlap by a small depth :math:`\delta` and pushes them apart
with a force that grows with it. The force is never a pull (there is no glue between a wheel and
the floor), and it is zero while the bodies do not touch.

- Sizing: :func:`stiffness_for_penetration` (:math:`k = m g / d`, the rule of the vacuum-robot
  thesis) and :func:`damping_for_ratio` (:math:`c = 2\zeta\sqrt{k m}`).
- Forces: :func:`normal_force`, linear (:math:`k\delta + c\dot\delta`) or Hunt-Crossley
  (:math:`\delta^n (k + \lambda\dot\delta)`), clamped at zero; :func:`restitution_linear`, the
  closed-form coefficient of restitution of the linear model; :func:`effective_modulus` and
  :func:`hertz_stiffness` (a sphere's Hertz stiffness from E, nu and R);
  :func:`hunt_crossley_restitution`, the exact restitution of Hunt-Crossley, which falls with
  the impact speed.
- Friction at the contact: :func:`friction_coefficient` (static below a critical slip speed,
  falling to kinetic above it) and :func:`regularised_sign` (the direction, made continuous);
  :func:`contact_friction` combines them.
- Geometry: :func:`circle_halfplane`, :func:`circle_segment` and :func:`circle_fillet` give a
  :class:`Contact` (gap, depth, normal, point) between a circle (a wheel, a ball) and a floor, a
  step face or a rounded step edge; :func:`depth_rate` and :func:`slip_velocity` turn the bodies'
  velocities into the rates the forces need.
- :func:`drop`: a ball dropped on the floor, integrated by :func:`robodyn.integrate.solve`
  (``solve_ivp``) with a count of the right-hand-side evaluations, the figure of merit of a
  stiff solver.
- :func:`spinning_wheel`: a wheel set spinning onto the floor, which slips and then rolls;
  :func:`slide_on_incline`: a block on a slope that creeps or slides.

Sources: the vacuum-robot thesis (Kaiserslautern, 2022: k from the allowed penetration, damping
tuned below it, a static/dynamic friction blend, a stiff solver), the dynamics tutorial
(spring-damper contact, the bouncing ball), Hunt and Crossley (1975), Schwager and Pöschel (2007)
for the restitution of the linear model.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from robodyn.diffdrive import DiffDriveParams
from robodyn.errors import ParameterError, SimulationError
from robodyn.friction import TiltBoardTest
from robodyn.integrate import METHODS, SimulationResult, join, solve
from robodyn.params import (
    STANDARD_GRAVITY,
    Parameters,
    as_array,
    broadcast,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
    check_real,
    field_of,
    quantity,
    scalar_or_array,
)

__all__ = [
    "FORCE_MODELS",
    "Contact",
    "DroppedBall",
    "WheelOnFloor",
    "circle_fillet",
    "circle_halfplane",
    "circle_segment",
    "contact_friction",
    "damping_for_ratio",
    "depth_rate",
    "drop",
    "effective_modulus",
    "friction_coefficient",
    "hertz_stiffness",
    "hunt_crossley_damping",
    "hunt_crossley_restitution",
    "normal_force",
    "regularised_sign",
    "restitution_linear",
    "slide_on_floor",
    "slide_on_incline",
    "slip_velocity",
    "spinning_wheel",
    "stiffness_for_penetration",
]

#: Normal-force laws of :func:`normal_force`.
FORCE_MODELS = ("linear", "hunt-crossley")
#: How :func:`drop` takes the flights between contacts: by the solver, or in closed form.
FLIGHTS = ("solver", "exact")
#: Spacing of a flight's samples in closed form when :func:`drop` keeps the solver's steps, s.
FLIGHT_SAMPLE = 2e-3
#: The methods of :func:`drop` that use the contact's Jacobian (given in closed form).
IMPLICIT = ("Radau", "BDF", "LSODA")

#: Gravitational acceleration, m/s^2 (robodyn.params.STANDARD_GRAVITY).
G = STANDARD_GRAVITY


@dataclass(frozen=True)
class DroppedBall(Parameters):
    """The ball of the dynamics tutorial's contact example: the defaults of :func:`drop`.

    Parameters
    ----------
    mass : float
        kg (> 0). Default 1 kg.
    height : float
        Height of its lowest point when released at rest, m (> 0). Default 0.5 m.
    k : float
        Stiffness of the floor, N/m (> 0). Default 1e4 N/m.
    c : float
        Damping of the floor, N s/m (>= 0). Default 500 N s/m (zeta = 2.5 with the mass).
    radius : float
        m (> 0): places the drawing only. Default 5 cm.

    Examples
    --------
    >>> ball = DroppedBall()
    >>> print(f"impact speed {np.sqrt(2 * G * ball.height):.3f} m/s")
    impact speed 3.132 m/s
    """

    mass: float = quantity(1.0, "kg", above=0.0, source="stated",
                           note="the tutorial's ball")
    height: float = quantity(0.5, "m", above=0.0, source="stated",
                             note="the tutorial's drop height")
    k: float = quantity(1e4, "N/m", above=0.0, source="stated",
                        note="the tutorial's floor stiffness")
    c: float = quantity(500.0, "N s/m", at_least=0.0, source="stated",
                        note="the tutorial's floor damping (an overdamped contact, zeta = 2.5)")
    radius: float = quantity(0.05, "m", above=0.0, source="assumed",
                             note="only places the drawing; the tutorial's ball is a point")


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
    radius: float = field_of(DiffDriveParams, "wheel_radius")
    inertia_ratio: float = quantity(0.5, "", above=0.0, source="assumed",
                                    note="a solid disc, I = m R^2 / 2")
    k: float = quantity(1e4, "N/m", above=0.0, source="assumed",
                        note="a firm floor: the wheel sinks 0.06 mm under its weight")
    zeta: float = quantity(0.5, "", at_least=0.0, source="assumed",
                           note="a floor that bounces little")
    mu_s: float = field_of(DiffDriveParams, "mu_s")
    mu_k: float = quantity(0.9, "", at_least=0.0, source="assumed",
                           note="below mu_s, this book's choice; the thesis gives no number")
    v_crit: float = quantity(1e-3, "m/s", above=0.0, source="assumed",
                             note="small against the slips of the runs, large enough for the "
                                  "solver")

    def __post_init__(self):
        super().__post_init__()
        if self.mu_k > self.mu_s:
            raise ParameterError(f"mu_k must be <= mu_s = {self.mu_s:g}, got {self.mu_k:g}")



# --------------------------------------------------------------------------- sizing


def stiffness_for_penetration(mass, penetration, g: float = G):
    r"""Contact stiffness that lets a resting body sink by ``penetration``: :math:`k = m g / d`.

    The vacuum-robot thesis sizes its contacts this way: at rest the spring carries the
    weight, :math:`k d = m g`.

    Parameters
    ----------
    mass : float or array_like
        Mass carried by the contact, kg (> 0).
    penetration : float or array_like
        Allowed static penetration d, m (> 0).
    g : float
        Gravitational acceleration, m/s^2 (> 0).

    Returns
    -------
    float or numpy.ndarray
        k, N/m.

    Examples
    --------
    A 3.5 kg robot on its contacts, allowed to sink by 0.1 mm:

    >>> print(f"{stiffness_for_penetration(3.5, 1e-4):.4g} N/m")
    3.434e+05 N/m
    """
    mass = as_array("mass", mass, "kg", finite=True)
    penetration = as_array("penetration", penetration, "m", finite=True)
    if np.any(mass <= 0):
        raise ParameterError(f"mass must be > 0 kg, got {mass!r}")
    if np.any(penetration <= 0):
        raise ParameterError(f"penetration must be > 0 m, got {penetration!r}")
    g = check_positive("g", g, "m/s^2")
    mass, penetration = broadcast(("mass", mass), ("penetration", penetration))
    return scalar_or_array(mass * g / penetration)


def damping_for_ratio(k, mass, zeta):
    r"""Damping coefficient of a contact with the damping ratio :math:`\zeta`:
    :math:`c = 2\zeta\sqrt{k m}`.

    Parameters
    ----------
    k : float
        Stiffness, N/m (> 0).
    mass : float
        Mass on the contact, kg (> 0).
    zeta : float
        Damping ratio (>= 0): 0 bounces for ever, 1 is critical damping.

    Returns
    -------
    float
        c, N s/m.

    Examples
    --------
    The dynamics tutorial's ball, k = 1e4 N/m and 1 kg: its c = 500 N s/m is zeta = 2.5.

    >>> print(damping_for_ratio(1e4, 1.0, 2.5))
    500.0
    """
    k = check_positive("k", k, "N/m")
    mass = check_positive("mass", mass, "kg")
    zeta = check_non_negative("zeta", zeta)
    return 2.0 * zeta * np.sqrt(k * mass)


def hunt_crossley_damping(k, restitution, impact_speed):
    r"""Hunt-Crossley damping :math:`\lambda = \tfrac32 (1 - e)\,k / v_0` for a wanted restitution.

    Hunt and Crossley's estimate, good for a restitution e near 1; with the exponent n the
    unit of :math:`\lambda` is N s/m^(n+1) when k is in N/m^n. It is the first-order
    expansion of the exact :func:`hunt_crossley_restitution`: sized for e = 0.5 it gives
    e = 0.66, and the restitution it gives changes with the impact speed.

    Parameters
    ----------
    k : float
        Stiffness, N/m^n (> 0).
    restitution : float
        Wanted coefficient of restitution e, in (0, 1].
    impact_speed : float
        Speed at impact v_0, m/s (> 0).
    """
    k = check_positive("k", k, "N/m^n")
    e = check_real("restitution", restitution)
    if not 0.0 < e <= 1.0:
        raise ParameterError(f"restitution must lie in (0, 1], got {e:g}")
    v0 = check_positive("impact_speed", impact_speed, "m/s")
    return 1.5 * (1.0 - e) * k / v0


def effective_modulus(E1, nu1, E2, nu2):
    r"""Contact modulus of two elastic bodies: :math:`1/E^* = (1-\nu_1^2)/E_1 + (1-\nu_2^2)/E_2`.

    Parameters
    ----------
    E1, E2 : float
        Young's moduli of the two bodies, Pa (> 0; ``numpy.inf`` for a rigid body).
    nu1, nu2 : float
        Poisson's ratios, in (-1, 0.5].

    Returns
    -------
    float
        :math:`E^*`, Pa.

    Notes
    -----
    Against a rigid body (``E2 = inf``) it is :math:`E_1/(1-\nu_1^2)`; two equal bodies give
    :math:`E/(2(1-\nu^2))`.

    Examples
    --------
    Steel on steel (210 GPa, 0.3):

    >>> print(f"{effective_modulus(210e9, 0.3, 210e9, 0.3) / 1e9:.1f} GPa")
    115.4 GPa
    """
    compliance = 0.0
    for name_E, E, name_nu, nu in (("E1", E1, "nu1", nu1), ("E2", E2, "nu2", nu2)):
        if isinstance(E, (int, float, np.floating)) and E == np.inf:
            E = np.inf
        else:
            E = check_positive(name_E, E, "Pa")
        nu = check_real(name_nu, nu)
        if not -1.0 < nu <= 0.5:
            raise ParameterError(f"{name_nu} must lie in (-1, 0.5], got {nu:g}")
        compliance += (1.0 - nu**2) / E
    if compliance == 0.0:
        raise ParameterError("E1 and E2 are both infinite: two rigid bodies have no contact "
                             "stiffness; give at least one finite Young's modulus")
    return 1.0 / compliance


def hertz_stiffness(E_star, radius):
    r"""Hertz stiffness of a sphere on a flat: :math:`F = K\delta^{3/2}`,
    :math:`K = \tfrac43 E^*\sqrt{R}`.

    Parameters
    ----------
    E_star : float
        Contact modulus :math:`E^*` from :func:`effective_modulus`, Pa (> 0).
    radius : float
        Radius of the sphere R, m (> 0); for two spheres the effective radius
        :math:`R_1 R_2/(R_1 + R_2)`.

    Returns
    -------
    float
        K, N/m^(3/2): the ``k`` of :func:`normal_force` with ``model="hunt-crossley"`` and
        ``exponent=1.5``.

    Notes
    -----
    Hertz's law holds for small, frictionless, elastic contacts (contact radius
    :math:`\sqrt{R\delta}` much smaller than R); it knows no damping.

    Examples
    --------
    >>> print(f"{hertz_stiffness(1e9, 0.04):.4g} N/m^1.5")
    2.667e+08 N/m^1.5
    """
    E_star = check_positive("E_star", E_star, "Pa")
    radius = check_positive("radius", radius, "m")
    return 4.0 / 3.0 * E_star * np.sqrt(radius)


def hunt_crossley_restitution(k, lam, impact_speed):
    r"""Coefficient of restitution of a Hunt-Crossley contact, exact (gravity neglected).

    With :math:`F = \delta^n (k + \lambda\dot\delta)` the equation of the impact,
    :math:`m v\,dv/d\delta = -k\delta^n (1 + a v)` with :math:`a = \lambda/k`, separates; over a
    whole impact, from :math:`v_0` to :math:`-e v_0` at zero depth, the depth integral
    vanishes, which leaves

    .. math::

        a e v_0 + \ln(1 - a e v_0) = \ln(1 + a v_0) - a v_0 ,

    whatever the exponent n and the mass. For small :math:`a v_0`,
    :math:`e \approx 1 - \tfrac23 a v_0` (Hunt and Crossley's estimate, inverted by
    :func:`hunt_crossley_damping`).

    Parameters
    ----------
    k : float or array_like
        Stiffness, N/m^n (> 0).
    lam : float or array_like
        Damping :math:`\lambda`, N s/m^(n+1) (>= 0).
    impact_speed : float or array_like
        Speed at impact :math:`v_0`, m/s (> 0).

    Returns
    -------
    float or numpy.ndarray
        e, in (0, 1]: it falls as the impact speed rises.

    Examples
    --------
    Damping sized by Hunt and Crossley's estimate for e = 0.5 gives 0.66:

    >>> lam = hunt_crossley_damping(1e6, 0.5, 2.0)
    >>> print(f"{hunt_crossley_restitution(1e6, lam, 2.0):.4f}")
    0.6630
    """
    from scipy.optimize import brentq

    k = as_array("k", k, "N/m^n", finite=True)
    lam = as_array("lam", lam, "N s/m^(n+1)", finite=True)
    v0 = as_array("impact_speed", impact_speed, "m/s", finite=True)
    if np.any(k <= 0):
        raise ParameterError(f"k must be > 0 N/m^n, got {k!r}")
    if np.any(lam < 0):
        raise ParameterError(f"lam must be >= 0 N s/m^(n+1), got {lam!r}")
    if np.any(v0 <= 0):
        raise ParameterError(f"impact_speed must be > 0 m/s, got {v0!r}")
    k, lam, v0 = broadcast(("k", k), ("lam", lam), ("impact_speed", v0))
    alpha = (lam / k * v0).ravel()
    e = np.ones_like(alpha)
    for i, a in enumerate(alpha):
        if a < 1e-8:                         # e = 1 - 2a/3 to round-off
            e[i] = 1.0 - 2.0 * a / 3.0
            continue
        target = np.log1p(a) - a
        if a <= 20.0:                        # y = a e in (0, 1), well conditioned near 0
            e[i] = brentq(lambda y, t=target: y + np.log1p(-y) - t,
                          0.0, 1.0 - 1e-15, xtol=1e-15, rtol=1e-14) / a
        else:                                # y near 1: solve for s = ln(1 - y) instead
            s = brentq(lambda s, t=target: s - np.exp(s) + 1.0 - t,
                       target - 1.0, 0.0, xtol=1e-14, rtol=1e-14)
            e[i] = -np.expm1(s) / a
    return scalar_or_array(e.reshape(k.shape))


# --------------------------------------------------------------------------- normal force


def normal_force(depth, depth_rate, k, c, model: str = "linear", exponent: float = 1.0,
                 clamp: bool = True):
    r"""Normal force of a penalty contact, never a pull, zero out of contact.

    .. math::

        F = \begin{cases}
            \max(0,\ k\delta + c\dot\delta) & \text{linear} \\
            \max\big(0,\ \delta^n (k + c\,\dot\delta)\big) & \text{Hunt-Crossley}
        \end{cases}
        \quad\text{for } \delta > 0, \qquad F = 0 \text{ for } \delta \le 0.

    Parameters
    ----------
    depth : float or array_like
        Penetration :math:`\delta`, m (> 0 in contact, <= 0 apart).
    depth_rate : float or array_like
        :math:`\dot\delta`, m/s (> 0 while the bodies press further together).
    k : float
        Stiffness, N/m (N/m^n for Hunt-Crossley), >= 0.
    c : float
        Damping: N s/m (linear) or :math:`\lambda` in N s/m^(n+1) (Hunt-Crossley), >= 0.
    model : {"linear", "hunt-crossley"}
        The force law.
    exponent : float
        n of Hunt-Crossley (> 0): 1.5 for the Hertz contact of spheres; ignored by "linear".
    clamp : bool
        True (the default, and the physics): the force never pulls. False returns the raw
        spring-damper force inside the contact, which turns into a pull near its end; the
        chapter shows it for comparison only.

    Returns
    -------
    float or numpy.ndarray
        The force pushing the bodies apart, N (>= 0 when clamped).

    Notes
    -----
    The linear model jumps to :math:`c\dot\delta_0` at the instant of impact; Hunt-Crossley's
    damping is multiplied by :math:`\delta^n` and so starts from zero, and its force returns
    to zero smoothly as the bodies part.

    Examples
    --------
    >>> print(normal_force([-1e-3, 0.0, 1e-3, 1e-3], [0.0, 1.0, 0.5, -0.5], 1e4, 50.0))
    [ 0.  0. 35.  0.]
    """
    check_choice("model", model, FORCE_MODELS)
    depth = as_array("depth", depth, "m", finite=True)
    depth_rate = as_array("depth_rate", depth_rate, "m/s", finite=True)
    depth, depth_rate = broadcast(("depth", depth), ("depth_rate", depth_rate))
    k = check_non_negative("k", k, "N/m")
    c = check_non_negative("c", c, "N s/m")
    n = check_positive("exponent", exponent)
    if not isinstance(clamp, (bool, np.bool_)):
        raise ParameterError(f"clamp must be True or False, got {clamp!r}")
    touching = depth > 0
    inside = np.where(touching, depth, 0.0)
    if model == "linear":
        raw = k * inside + c * depth_rate
    else:
        raw = inside**n * (k + c * depth_rate)
    force = np.maximum(raw, 0.0) if clamp else raw
    return scalar_or_array(np.where(touching, force, 0.0))


def _normal_force_float(depth: float, rate: float, k: float, c: float, model: str,
                        n: float) -> float:
    """:func:`normal_force` for one contact, in plain floats (the inner loop of :func:`drop`;
    a test holds the two equal)."""
    if depth <= 0.0:
        return 0.0
    raw = k * depth + c * rate if model == "linear" else depth**n * (k + c * rate)
    return max(raw, 0.0)


def restitution_linear(zeta):
    r"""Coefficient of restitution of the linear spring-damper contact, in closed form.

    *Definition used:* the contact lasts while its force pushes, and ends when the force
    :math:`k\delta + c\dot\delta` reaches zero (Schwager and Pöschel 2007). That is the moment
    a clamped, non-adhesive contact lets go; the classic formula :math:`e^{-\pi\zeta/\sqrt{1 -
    \zeta^2}}` instead waits for :math:`\delta = 0` and so counts the pulling tail of the
    unclamped model. Gravity is neglected during the short contact.

    With :math:`s = \sqrt{1 - \zeta^2}`, the force vanishes at the damped phase
    :math:`\varphi` with :math:`\sin\varphi = 2\zeta s`, :math:`\cos\varphi = 2\zeta^2 - 1`,
    and there the speed is :math:`e^{-\zeta\varphi/s}` times the impact speed:

    .. math::

        e = \exp\!\Big(-\frac{\zeta}{s}\,\varphi\Big), \qquad
        \varphi = \operatorname{atan2}(2\zeta s,\ 2\zeta^2 - 1) \quad (\zeta < 1),

    with the hyperbolic counterpart for :math:`\zeta > 1` and :math:`e = e^{-2}` at
    :math:`\zeta = 1`. For large :math:`\zeta`, :math:`e \to 1/(4\zeta^2)`: the linear model
    never stops a body dead.

    Parameters
    ----------
    zeta : float or array_like
        Damping ratio :math:`\zeta = c / (2\sqrt{k m})` (>= 0).

    Returns
    -------
    float or numpy.ndarray
        e, in (0, 1].

    Examples
    --------
    >>> print(restitution_linear([0.0, 0.1, 1 / np.sqrt(2), 1.0]).round(4))
    [1.     0.7441 0.2079 0.1353]
    """
    zeta = as_array("zeta", zeta, "", finite=True)
    if np.any(zeta < 0):
        raise ParameterError(f"zeta must be >= 0, got {zeta!r}")
    e = np.empty_like(zeta)
    under, critical, over = zeta < 1.0 - 1e-9, np.abs(zeta - 1.0) <= 1e-9, zeta > 1.0 + 1e-9
    z = zeta[under]
    s = np.sqrt(1.0 - z**2)
    e[under] = np.exp(-z / np.maximum(s, 1e-300) * np.arctan2(2 * z * s, 2 * z**2 - 1))
    e[under & (zeta == 0)] = 1.0
    e[critical] = np.exp(-2.0)
    z = zeta[over]
    s = np.sqrt(z**2 - 1.0)
    e[over] = np.exp(-z / s * np.arctanh(2 * z * s / (2 * z**2 - 1)))
    return scalar_or_array(e)


# --------------------------------------------------------------------------- friction


def friction_coefficient(slip_speed, mu_s: float, mu_k: float, v_crit: float):
    r"""Friction coefficient against the slip speed: static below a critical speed, then kinetic.

    The static/dynamic blend of the vacuum-robot thesis's contacts, in the shape this book
    uses: :math:`\mu_s` for :math:`|v| \le v_{crit}`, falling linearly to :math:`\mu_k` at
    :math:`1.5\,v_{crit}`, :math:`\mu_k` beyond; continuous in the speed. The direction of the
    force is a separate matter (:func:`regularised_sign`).

    Parameters
    ----------
    slip_speed : float or array_like
        Sliding speed at the contact, m/s (its sign is ignored).
    mu_s, mu_k : float
        Static and kinetic coefficients (>= 0, mu_k <= mu_s).
    v_crit : float
        Critical slip speed, m/s (> 0).

    Returns
    -------
    float or numpy.ndarray
        The coefficient, between mu_k and mu_s.

    Examples
    --------
    >>> print(friction_coefficient([0.0, 1e-3, 1.25e-3, 1.0], 1.1, 0.9, 1e-3))
    [1.1 1.1 1.  0.9]
    """
    mu_s = check_non_negative("mu_s", mu_s)
    mu_k = check_non_negative("mu_k", mu_k)
    if mu_k > mu_s:
        raise ParameterError(f"mu_k must be <= mu_s = {mu_s:g}, got {mu_k:g}")
    v_crit = check_positive("v_crit", v_crit, "m/s")
    speed = np.abs(as_array("slip_speed", slip_speed, "m/s", finite=True))
    fall = np.clip((speed - v_crit) / (0.5 * v_crit), 0.0, 1.0)
    return scalar_or_array(mu_s - (mu_s - mu_k) * fall)


def regularised_sign(v, v_reg: float):
    r"""A sign function made continuous: :math:`\mathrm{clip}(v / v_{reg}, -1, 1)`.

    Below :math:`v_{reg}` the friction force grows in proportion to the slip instead of
    jumping: the regularised Coulomb law. A body held on a slope by it creeps at a speed
    below :math:`v_{reg}` instead of sticking exactly.

    Parameters
    ----------
    v : float or array_like
        Slip velocity, m/s.
    v_reg : float
        Regularisation speed, m/s (> 0).
    """
    v_reg = check_positive("v_reg", v_reg, "m/s")
    v = as_array("v", v, "m/s", finite=True)
    return scalar_or_array(np.clip(v / v_reg, -1.0, 1.0))


def contact_friction(slip, normal, mu_s: float, mu_k: float, v_crit: float):
    r"""Friction force at a contact: :math:`F_t = -\mu(|v|)\,N\,\mathrm{sat}(v / v_{crit})`.

    The coefficient of :func:`friction_coefficient` times the normal force, directed against
    the slip by :func:`regularised_sign` with the same critical speed. The effective
    coefficient :math:`|F_t| / N` therefore rises from 0 at rest to :math:`\mu_s` at
    :math:`v_{crit}` and falls to :math:`\mu_k` above it (the shape of
    :func:`robodyn.friction.blended_coefficient`).

    Parameters
    ----------
    slip : float or array_like
        Tangential slip velocity of the body over the surface, m/s.
    normal : float or array_like
        Normal force, N (>= 0).
    mu_s, mu_k, v_crit : float
        As in :func:`friction_coefficient`.

    Returns
    -------
    float or numpy.ndarray
        The tangential force on the body, N (against the slip).
    """
    normal = as_array("normal", normal, "N", finite=True)
    if np.any(normal < 0):
        raise ParameterError(f"normal must be >= 0 N (a contact never pulls), got {normal!r}")
    mu = friction_coefficient(slip, mu_s, mu_k, v_crit)
    return scalar_or_array(np.asarray(-mu * normal * regularised_sign(slip, v_crit)))


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Contact:
    """Where a circle meets an obstacle: the gap, the normal and the contact point.

    Attributes
    ----------
    gap : float
        Signed distance from the circle's rim to the obstacle, m: > 0 apart, < 0 overlapping.
    normal : numpy.ndarray, shape (2,)
        Unit vector from the obstacle towards the circle's centre: the direction in which
        the normal force pushes the circle.
    point : numpy.ndarray, shape (2,)
        Closest point of the obstacle to the circle's centre, m.
    """

    gap: float
    normal: np.ndarray
    point: np.ndarray

    @property
    def depth(self) -> float:
        """Penetration :math:`\\delta = -\\mathrm{gap}`, m (> 0 in contact)."""
        return -self.gap

    @property
    def tangent(self) -> np.ndarray:
        """Unit tangent :math:`t = (n_y, -n_x)`, the normal turned clockwise: +x on a floor."""
        return np.array([self.normal[1], -self.normal[0]])

    @property
    def touching(self) -> bool:
        """True when the circle overlaps the obstacle (gap < 0)."""
        return self.gap < 0.0


def _contact_friction_float(slip: float, normal: float, mu_s: float, mu_k: float,
                            v_crit: float) -> float:
    """:func:`contact_friction` for one slip speed, in plain floats: the same law, checked
    inputs assumed, for the right-hand sides that call it at every step (a tenth of the
    array version's cost)."""
    level = mu_s - (mu_s - mu_k) * min(max((abs(slip) - v_crit) / (0.5 * v_crit), 0.0), 1.0)
    return -level * normal * min(max(slip / v_crit, -1.0), 1.0)


def _point(name: str, value) -> np.ndarray:
    return as_array(name, value, "m", (2,), finite=True)


def _unit(name: str, value) -> np.ndarray:
    vector = as_array(name, value, "", (2,), finite=True)
    length = float(np.hypot(*vector))
    if length == 0.0:
        raise ParameterError(f"{name} must be a non-zero vector, got {vector!r}")
    return vector / length


def _from_closest(center: np.ndarray, radius: float, closest: np.ndarray,
                  fallback_normal: np.ndarray) -> Contact:
    offset = center - closest
    distance = float(np.hypot(*offset))
    normal = offset / distance if distance > 0.0 else fallback_normal
    return Contact(gap=distance - radius, normal=normal, point=closest)


def circle_halfplane(center, radius: float, point_on_line, normal) -> Contact:
    r"""Contact of a circle with a half-plane (a floor, the face of a step).

    The half-plane is the side of the line through ``point_on_line`` opposite to ``normal``
    (its outward normal): gap = :math:`(c - p)\cdot n - r`.

    Parameters
    ----------
    center : array_like, shape (2,)
        Centre of the circle, m.
    radius : float
        Radius, m (> 0).
    point_on_line : array_like, shape (2,)
        A point on the boundary line, m.
    normal : array_like, shape (2,)
        Outward normal of the half-plane (need not be unit length).

    Examples
    --------
    A wheel of radius 36 mm whose centre is 35 mm above the floor sinks in by 1 mm:

    >>> hit = circle_halfplane([0.0, 0.035], 0.036, [0.0, 0.0], [0.0, 1.0])
    >>> print(round(hit.depth, 6), hit.normal, hit.point)
    0.001 [0. 1.] [0. 0.]
    """
    center = _point("center", center)
    radius = check_positive("radius", radius, "m")
    anchor = _point("point_on_line", point_on_line)
    n = _unit("normal", normal)
    height = float((center - anchor) @ n)
    return Contact(gap=height - radius, normal=n, point=center - height * n)


def circle_segment(center, radius: float, a, b) -> Contact:
    r"""Contact of a circle with a line segment from ``a`` to ``b`` (a face of finite length).

    The closest point of the segment to the centre is :math:`a + t (b - a)` with
    :math:`t = \mathrm{clip}\big((c - a)\cdot(b - a) / |b - a|^2,\ 0,\ 1\big)`; beyond the ends it
    is the end point, and the normal turns round it like that of a sharp corner.

    Parameters
    ----------
    center : array_like, shape (2,)
        Centre of the circle, m.
    radius : float
        Radius, m (> 0).
    a, b : array_like, shape (2,)
        End points of the segment, m (distinct).
    """
    center = _point("center", center)
    radius = check_positive("radius", radius, "m")
    a, b = _point("a", a), _point("b", b)
    along = b - a
    length_sq = float(along @ along)
    if length_sq == 0.0:
        raise ParameterError(f"a and b must be distinct points, got {a!r} twice")
    t = float(np.clip((center - a) @ along / length_sq, 0.0, 1.0))
    side = np.array([-along[1], along[0]]) / np.sqrt(length_sq)
    if (center - a) @ side < 0:
        side = -side
    return _from_closest(center, radius, a + t * along, side)


def circle_fillet(center, radius: float, fillet_center, fillet_radius: float) -> Contact:
    r"""Contact of a circle with a rounded convex corner: a fillet of radius r about its centre.

    Near a rounded step edge the obstacle's surface is the arc of radius :math:`r` about
    ``fillet_center``, and the contact is that of two circles: gap =
    :math:`|c - c_f| - (R + r)`, normal along :math:`c - c_f`. (Beyond the arc's angular range
    the step's flat faces take over: use :func:`circle_segment` for them and keep the contact
    with the smallest gap.)

    Parameters
    ----------
    center : array_like, shape (2,)
        Centre of the circle, m.
    radius : float
        Radius of the circle, m (> 0).
    fillet_center : array_like, shape (2,)
        Centre of the fillet's arc, m.
    fillet_radius : float
        Fillet radius r, m (>= 0; 0 is a sharp corner).

    Examples
    --------
    >>> hit = circle_fillet([0.03, 0.04], 0.036, [0.0, 0.0], 0.015)
    >>> print(round(hit.gap, 6), hit.normal.round(3), hit.point.round(4))
    -0.001 [0.6 0.8] [0.009 0.012]
    """
    center = _point("center", center)
    radius = check_positive("radius", radius, "m")
    corner = _point("fillet_center", fillet_center)
    r = check_non_negative("fillet_radius", fillet_radius, "m")
    offset = center - corner
    distance = float(np.hypot(*offset))
    if distance == 0.0:
        raise ParameterError("center must not coincide with fillet_center: the normal is "
                             "undefined there")
    normal = offset / distance
    return Contact(gap=distance - radius - r, normal=normal, point=corner + r * normal)


def depth_rate(contact: Contact, center_velocity, obstacle_velocity=(0.0, 0.0)) -> float:
    r"""Rate of penetration :math:`\dot\delta = -(v_c - v_o)\cdot n`, m/s.

    For a circle, the velocity of its rim point at the contact is :math:`v_c + \omega \times
    (-R\,n)`; the rotation part is perpendicular to n, so only the centre's velocity counts.

    Parameters
    ----------
    contact : Contact
        From one of the geometry functions.
    center_velocity : array_like, shape (2,)
        Velocity of the circle's centre, m/s.
    obstacle_velocity : array_like, shape (2,)
        Velocity of the obstacle's surface at the contact point, m/s.
    """
    if not isinstance(contact, Contact):
        raise ParameterError(f"contact must be a Contact, got {contact!r}")
    v = as_array("center_velocity", center_velocity, "m/s", (2,), finite=True)
    w = as_array("obstacle_velocity", obstacle_velocity, "m/s", (2,), finite=True)
    return float(-(v - w) @ contact.normal)


def slip_velocity(contact: Contact, center_velocity, omega: float, radius: float,
                  obstacle_velocity=(0.0, 0.0)) -> float:
    r"""Tangential slip of the circle's rim over the obstacle at the contact, m/s.

    The rim point at the contact, :math:`-R\,n` from the centre, moves with
    :math:`v_c + \omega\,\hat z \times (-R\,n) = v_c + \omega R\,t`; its component along the
    tangent :math:`t = (n_y, -n_x)` (:attr:`Contact.tangent`) relative to the obstacle is the
    slip. On a floor (n = +y) the tangent is +x and the slip is :math:`v_x + \omega R` with
    omega counter-clockwise positive: zero when the circle rolls to the right with
    :math:`\omega = -v_x / R`.

    Parameters
    ----------
    contact : Contact
        From one of the geometry functions.
    center_velocity : array_like, shape (2,)
        Velocity of the circle's centre, m/s.
    omega : float
        Angular velocity of the circle, rad/s, counter-clockwise positive.
    radius : float
        Radius of the circle, m (> 0).
    obstacle_velocity : array_like, shape (2,)
        Velocity of the obstacle's surface at the contact, m/s.
    """
    if not isinstance(contact, Contact):
        raise ParameterError(f"contact must be a Contact, got {contact!r}")
    v = as_array("center_velocity", center_velocity, "m/s", (2,), finite=True)
    w = as_array("obstacle_velocity", obstacle_velocity, "m/s", (2,), finite=True)
    omega = check_real("omega", omega, "rad/s")
    radius = check_positive("radius", radius, "m")
    tangent = contact.tangent
    rim = v + omega * radius * tangent
    return float((rim - w) @ tangent)


# --------------------------------------------------------------------------- the ball drop


def _sample_times(t_end: float, samples):
    """None (the solver's steps) or ``samples`` equally spaced times over [0, t_end]."""
    if samples is None:
        return None
    return np.linspace(0.0, t_end, check_integer("samples", samples, at_least=2))


def drop(mass: float = DroppedBall.mass, radius: float = DroppedBall.radius,
         height: float = DroppedBall.height, k: float = DroppedBall.k,
         c: float = DroppedBall.c, t_end: float = 1.0, method: str = "Radau", model: str = "linear",
         exponent: float = 1.0, rtol: float = 1e-6, atol: float | tuple[float, float] = 1e-9,
         g: float = G, samples: int | None = None,
         max_phases: int = 10_000, flights: str = "solver") -> SimulationResult:
    r"""Drop a ball on a rigid floor and integrate its bounces with ``solve_ivp``.

    The state is the height z of the ball's lowest point above the floor and its velocity w;
    :math:`m\dot w = -m g + F(\delta, \dot\delta)` with :math:`\delta = -z`,
    :math:`\dot\delta = -w` and F from :func:`normal_force`. The defaults are the dynamics
    tutorial's ball, :class:`DroppedBall`: 1 kg from 0.5 m onto k = 1e4 N/m, c = 500 N s/m
    (zeta = 2.5); the radius (which only places the drawing) is this book's choice.

    Parameters
    ----------
    mass : float
        kg (> 0).
    radius : float
        m (> 0).
    height : float
        Initial height of the lowest point, m (> 0), dropped from rest.
    k, c : float
        Stiffness (N/m) and damping (N s/m, or lambda for Hunt-Crossley), as in
        :func:`normal_force`.
    t_end : float
        Duration, s (> 0).
    method : str
        A ``solve_ivp`` method: "Radau" and "BDF" (implicit, for stiff problems), "LSODA"
        (switches), "RK45", "RK23", "DOP853" (explicit).
    model, exponent : str, float
        Force law, as in :func:`normal_force`.
    rtol : float
        Relative tolerance (> 0).
    atol : float or (float, float)
        Absolute tolerance (> 0): one for both states, or (m, m/s) for the height and the
        speed apart.
    g : float
        m/s^2 (> 0).
    samples : int, optional
        None stores the solver's own steps (and flights in closed form every
        :data:`FLIGHT_SAMPLE` s); an integer (>= 2), that many equally spaced samples from the
        solver's dense output (its steps, and so its effort, do not change).
    max_phases : int
        Most flights and contacts integrated (>= 1); more raise a SimulationError.
    flights : str
        "solver" (default) integrates the flights between contacts too; "exact" takes them
        from the free fall's closed form, :math:`z = z_0 + w_0 t - g t^2/2`, and the solver
        integrates only the contacts, where the stiffness is (and the evaluations count
        only those).

    Returns
    -------
    SimulationResult
        Columns ``z`` (m), ``w`` (m/s), ``force`` (N); details ``evaluations`` (calls of the
        right-hand side, including those for finite-difference Jacobians), ``wall_time`` (s),
        ``method``, ``omega_contact`` (:math:`\sqrt{k/m}`, rad/s) and ``rest_depth``
        (:math:`m g / k`, m).

    Examples
    --------
    >>> run = drop(t_end=2.0)
    >>> print(f"{-run.z[-1] * 1e3:.4f} mm at rest, m g / k = {run.rest_depth * 1e3:.4f} mm")
    0.9810 mm at rest, m g / k = 0.9810 mm
    """
    mass = check_positive("mass", mass, "kg")
    radius = check_positive("radius", radius, "m")
    height = check_positive("height", height, "m")
    k = check_positive("k", k, "N/m")
    c = check_non_negative("c", c, "N s/m")
    t_end = check_positive("t_end", t_end, "s")
    check_choice("method", method, METHODS)
    check_choice("model", model, FORCE_MODELS)
    n = check_positive("exponent", exponent)
    g = check_positive("g", g, "m/s^2")
    max_phases = check_integer("max_phases", max_phases, at_least=1)
    check_choice("flights", flights, FLIGHTS)
    calls = [0]

    def in_flight(t, x):
        calls[0] += 1
        return np.array([x[1], -g])

    def in_contact(t, x):
        calls[0] += 1
        return _in_contact_rate(x, k, c, mass, g, model, n)

    def contact_jacobian(t, x):
        return _in_contact_jacobian(x, k, c, mass, model, n)

    def touches(t, x):
        return x[0]

    def lifts_off(t, x):
        return x[0]

    touches.terminal, touches.direction = True, -1
    lifts_off.terminal, lifts_off.direction = True, 1
    t_eval = _sample_times(t_end, samples)
    start = time.perf_counter()
    phases, t0, x0, touching = [], 0.0, np.array([height, 0.0]), False
    while t0 < t_end:
        if len(phases) >= max_phases:
            raise SimulationError(
                f"the ball changed between flight and contact more than max_phases = "
                f"{max_phases} times before t = {t0:.6g} s of t_end = {t_end:g} s; advice: a "
                "shorter t_end, more damping, or a larger max_phases")
        samples_left = None if t_eval is None else t_eval[t_eval >= t0]
        if not touching and flights == "exact":
            run = _free_fall(t0, x0, t_end, g, samples_left)
        else:
            run = solve(in_contact if touching else in_flight, (t0, t_end), x0,
                        state_names=("z", "w"), method=method, rtol=rtol, atol=atol,
                        events=[lifts_off if touching else touches], t_eval=samples_left,
                        jac=contact_jacobian if touching and method in IMPLICIT else None)
        phases.append(run)
        switch = "lifts_off" if touching else "touches"
        if not run.events[switch].size:
            break                                   # t_end reached
        # The next phase starts on the surface, at the crossing, with the speed there.
        t0, x0 = float(run.events[switch][-1]), np.array([0.0, run.event_states[switch][-1][1]])
        touching = not touching
    run = join(phases, message=phases[-1].message)
    wall = time.perf_counter() - start
    force = np.atleast_1d(normal_force(-run.z, -run.w, k, c, model, n)).astype(float)
    return SimulationResult(
        t=run.t, columns={"z": run.z, "w": run.w, "force": force}, success=run.success,
        message=f"{method}: {calls[0]} evaluations of the right-hand side in {wall:.3g} s; "
                + run.message,
        details={"evaluations": calls[0], "wall_time": wall, "method": method,
                 "omega_contact": float(np.sqrt(k / mass)), "rest_depth": mass * g / k,
                 "radius": radius})


def _in_contact_rate(x, k: float, c: float, mass: float, g: float, model: str, n: float):
    """The rate (w, w') of :func:`drop`'s state (z, w) in a contact phase: the force law
    without its "no contact above the floor" branch, smooth within the phase and equal to
    :func:`normal_force` while the ball is in the floor."""
    depth, rate = max(-x[0], 0.0), -x[1]
    raw = k * depth + c * rate if model == "linear" else depth**n * (k + c * rate)
    return np.array([x[1], -g + max(raw, 0.0) / mass])


def _in_contact_jacobian(x, k: float, c: float, mass: float, model: str, n: float):
    """The derivative of :func:`_in_contact_rate` by (z, w), for the implicit solvers: with
    depth = -z and rate = -w, the force's slopes -dF/d(depth) and -dF/d(rate) where it pushes,
    none where it is clamped at zero."""
    depth, rate = max(-x[0], 0.0), -x[1]
    if model == "linear":
        pushes = k * depth + c * rate > 0.0
        slopes = (-k, -c)
    else:
        pushes = depth**n * (k + c * rate) > 0.0
        slopes = (-n * depth ** (n - 1.0) * (k + c * rate) if depth > 0 else 0.0,
                  -c * depth**n)
    if not pushes:
        return np.array([[0.0, 1.0], [0.0, 0.0]])
    return np.array([[0.0, 1.0], [slopes[0] / mass, slopes[1] / mass]])


def _free_fall(t0: float, x0, t_end: float, g: float, samples) -> SimulationResult:
    """A flight of :func:`drop` in closed form, from height z0 >= 0 and speed w0 at t0 until
    the ball touches the floor (the event ``touches``) or t_end; sampled at ``samples``
    (None: every :data:`FLIGHT_SAMPLE` s and at its ends), as a solver's phase would be."""
    z0, w0 = float(x0[0]), float(x0[1])
    t_touch = t0 + (w0 + math.sqrt(w0 * w0 + 2.0 * g * z0)) / g
    t_stop = min(t_touch, t_end)
    if samples is None:
        t = np.linspace(t0, t_stop, max(2, math.ceil((t_stop - t0) / FLIGHT_SAMPLE) + 1))
    else:
        t = samples[samples <= t_stop]
    z, w = z0 + w0 * (t - t0) - 0.5 * g * (t - t0) ** 2, w0 - g * (t - t0)
    touches = np.array([t_touch]) if t_touch <= t_end else np.empty(0)
    states = np.array([[0.0, w0 - g * (t_touch - t0)]]) if touches.size else np.empty((0, 2))
    return SimulationResult(t=t, columns={"z": z, "w": w},
                            events={"touches": touches}, event_states={"touches": states},
                            message="a free fall, in closed form")


# --------------------------------------------------------------------------- friction in motion


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
        normal = _normal_force_float(radius - z, -vz, k, c, "linear", 1.0)
        slip = vx + omega * radius
        return normal, slip, _contact_friction_float(slip, normal, mu_s, mu_k, v_crit)

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
                rtol=rtol, atol=atol, t_eval=_sample_times(t_end, samples))
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
        return _contact_friction_float(v, normal, mu_s, mu_k, v_crit)

    def block(t, state):
        return np.array([state[1], g * np.sin(theta) + along(state[1])])

    run = solve(block, (0.0, t_end), [0.0, 0.0], state_names=("s", "v"), method=method,
                rtol=rtol, atol=atol, t_eval=_sample_times(t_end, samples))
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
        normal = _normal_force_float(-z, -vz, k, c, "linear", 1.0)
        return normal, _contact_friction_float(vx, normal, mu_s, mu_k, v_crit)

    def block(t, state):
        calls[0] += 1
        _, z, vx, vz = state
        normal, traction = forces(z, vz, vx)
        return np.array([vx, vz, (push + traction) / mass, normal / mass - g])

    start = time.perf_counter()
    run = solve(block, (0.0, t_end), [0.0, -mass * g / k, v0, 0.0],
                state_names=("x", "z", "vx", "vz"), method=method, rtol=rtol, atol=atol,
                t_eval=_sample_times(t_end, samples))
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
