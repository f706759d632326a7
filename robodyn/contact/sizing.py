"""Sizing a penalty contact: stiffness from the allowed penetration, damping from a damping ratio
or a restitution, Hertz's stiffness.
"""

from __future__ import annotations

import numpy as np

from robodyn.contact.ball_drop import G
from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    broadcast,
    check_non_negative,
    check_positive,
    check_real,
    scalar_or_array,
)


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
