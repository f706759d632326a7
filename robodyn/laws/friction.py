"""Friction laws the chapters build on.

Chapter 2's laws of a sliding contact's force against its velocity v: Coulomb, viscous,
Stribeck (with the Stribeck dip below v_s) and Karnopp (a stick band |v| < dv that holds the
applied force); and the static-kinetic blend of the vacuum-robot thesis's contacts, used by
chapters 3 and 7: a coefficient static below a critical slip speed, kinetic above it
(:func:`friction_coefficient`), directed by a regularised sign (:func:`contact_friction`).
The ``*_float`` functions are the same laws for one float, for inner loops; tests hold each
equal to its array form. SI units; a force is negative when the velocity is positive.
"""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    broadcast,
    check_non_negative,
    check_positive,
    scalar_or_array,
)


def _velocity(v) -> np.ndarray:
    return as_array("v", v, "m/s")


def _out(array):
    return array[()] if np.ndim(array) == 0 else array


def coulomb(v, Fc: float):
    r"""Coulomb friction :math:`F = -F_c\,\mathrm{sign}(v)`: constant size, against the motion.

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s (rad/s for a joint).
    Fc : float
        Coulomb level, N (N m), >= 0.

    Returns
    -------
    float or numpy.ndarray
        Friction force on the body, N (N m); 0 at v = 0 exactly.

    Examples
    --------
    >>> print(coulomb(np.array([-2.0, 0.0, 0.5]), 0.4))
    [ 0.4  0.  -0.4]
    """
    return _out(-check_non_negative("Fc", Fc, "N") * np.sign(_velocity(v)))


def viscous(v, b: float):
    r"""Viscous friction :math:`F = -b\,v`, N (N m), with b >= 0 in N s/m (N m s/rad).

    >>> print(viscous(0.5, 0.1))
    -0.05
    """
    return _out(-check_non_negative("b", b, "N s/m") * _velocity(v))


def coulomb_viscous(v, Fc: float, b: float):
    r"""Coulomb plus viscous friction :math:`F = -F_c\,\mathrm{sign}(v) - b\,v`.

    >>> print(coulomb_viscous(np.array([-1.0, 1.0]), 0.5, 0.1))
    [ 0.6 -0.6]
    """
    return _out(coulomb(v, Fc) + viscous(v, b))


def stribeck(v, Fc: float, Fs: float, vs: float, b: float, delta: float = 2.0):
    r"""Stribeck friction: the static level falls to the Coulomb level as the speed grows.

    .. math:: F = -\Big(F_c + (F_s - F_c)\,e^{-|v/v_s|^{\delta}}\Big)\,\mathrm{sign}(v) - b\,v

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s.
    Fc : float
        Coulomb (kinetic) level, N, >= 0.
    Fs : float
        Static level, N, >= Fc: the size of the friction just after sliding starts.
    vs : float
        Stribeck velocity, m/s, > 0: the speed over which the level falls.
    b : float
        Viscous coefficient, N s/m, >= 0.
    delta : float
        Shape exponent, > 0 (2 for the Gaussian form of the tutorial; 1 is also common).

    Returns
    -------
    float or numpy.ndarray
        Friction force on the body, N; 0 at v = 0.

    Raises
    ------
    ParameterError
        If a parameter is out of its range, in particular Fs < Fc.

    Notes
    -----
    At v -> 0+ the size is Fs, for |v| >> vs it is Fc + b |v|. The model says nothing about
    v = 0 itself (sticking): see :func:`karnopp`. Armstrong-Helouvry, Dupont and Canudas de
    Wit (Automatica 1994) survey it and its variants.

    Examples
    --------
    >>> print(round(float(stribeck(1e-6, 0.5, 0.8, 0.1, 0.1)), 6))
    -0.8
    >>> print(stribeck(10.0, 0.5, 0.8, 0.1, 0.0))
    -0.5
    """
    Fc = check_non_negative("Fc", Fc, "N")
    Fs = check_non_negative("Fs", Fs, "N")
    if Fs < Fc:
        raise ParameterError(f"Fs must be >= Fc = {Fc:g} N (the static level is the higher "
                             f"one), got {Fs:g}")
    vs = check_positive("vs", vs, "m/s")
    b = check_non_negative("b", b, "N s/m")
    delta = check_positive("delta", delta)
    v = _velocity(v)
    level = Fc + (Fs - Fc) * np.exp(-np.abs(v / vs) ** delta)
    return _out(-level * np.sign(v) - b * v)


def karnopp(v, applied, Fc: float, Fs: float, b: float, dv: float):
    r"""Karnopp's stick-slip friction: stick inside a velocity band, slide outside it.

    .. math::

        F = \begin{cases}
            -\mathrm{sat}(F_a, F_s) & |v| < \Delta v \quad\text{(stick: balance the applied
            force, up to } F_s\text{)}\\
            -F_c\,\mathrm{sign}(v) - b\,v & |v| \ge \Delta v \quad\text{(slide)}
        \end{cases}

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s.
    applied : float or array_like
        Sum of the other forces along the sliding direction, N.
    Fc, Fs, b : float
        Coulomb level (N, >= 0), breakaway level (N, >= Fc), viscous coefficient
        (N s/m, >= 0).
    dv : float
        Half width of the sticking band, m/s (> 0); small compared with the speeds of
        interest.

    Returns
    -------
    float or numpy.ndarray
        Friction force on the body, N.

    Notes
    -----
    Inside the band a body pushed by less than Fs feels no net force and keeps its (tiny)
    velocity: it sticks. With a plain sign function instead, the friction flips between -Fc
    and +Fc at every crossing of v = 0 and an integrator steps back and forth across zero
    (chattering). Karnopp, J. Dyn. Sys. Meas. Control 107 (1985).

    Examples
    --------
    >>> print(karnopp(0.0, 0.3, Fc=0.4, Fs=0.5, b=0.0, dv=1e-3))
    -0.3
    >>> print(karnopp(0.0, 0.7, Fc=0.4, Fs=0.5, b=0.0, dv=1e-3))
    -0.5
    """
    Fc = check_non_negative("Fc", Fc, "N")
    Fs = check_non_negative("Fs", Fs, "N")
    if Fs < Fc:
        raise ParameterError(f"Fs must be >= Fc = {Fc:g} N, got {Fs:g}")
    b = check_non_negative("b", b, "N s/m")
    dv = check_positive("dv", dv, "m/s")
    v, applied = broadcast(("v", _velocity(v)), ("applied", as_array("applied", applied, "N")))
    stick = -np.clip(applied, -Fs, Fs)
    slide = -Fc * np.sign(v) - b * v
    return _out(np.where(np.abs(v) < dv, stick, slide))


def sign_float(v: float) -> float:
    """np.sign for one float (-1, 0 or 1), without NumPy's per-call cost."""
    return 1.0 if v > 0.0 else (-1.0 if v < 0.0 else 0.0)


def karnopp_float(v: float, applied: float, Fc: float, Fs: float, b: float,
                   dv: float) -> float:
    """:func:`karnopp` for one velocity, in plain floats: the inner loop of simulate_block.

    The parameters are already checked (they come from a SlidingBlock); tests hold it equal to
    :func:`karnopp`, and ``benchmarks/block_fast_path.py`` measures what it saves.
    """
    if abs(v) < dv:
        return -min(max(applied, -Fs), Fs)
    return -Fc * sign_float(v) - b * v


def blended_coefficient(v, mu_s: float, mu_k: float, v_crit: float):
    r"""Friction coefficient of a contact that blends static and kinetic friction with speed.

    A piecewise-linear law of the shape that Simscape Multibody's documentation plots for the
    contact blocks the vacuum-robot thesis uses: rising from 0 to :math:`\mu_s` over
    :math:`|v| \le v_{crit}`, falling to :math:`\mu_k` by :math:`1.5\,v_{crit}`, then constant.
    The vendor publishes the graph, not a formula, so the straight segments and the corner at
    :math:`1.5\,v_{crit}` are this book's choice.

    .. math::

        \mu(v) = \begin{cases} \mu_s\,|v|/v_{crit} & |v| \le v_{crit} \\
        \mu_s - (\mu_s - \mu_k)\,\frac{|v| - v_{crit}}{0.5\,v_{crit}} &
        v_{crit} < |v| \le 1.5\,v_{crit} \\ \mu_k & |v| > 1.5\,v_{crit} \end{cases}

    Parameters
    ----------
    v : float or array_like
        Sliding speed at the contact, m/s.
    mu_s, mu_k : float
        Static and kinetic coefficients (>= 0, mu_s >= mu_k).
    v_crit : float
        Critical speed, m/s (> 0).

    Returns
    -------
    float or numpy.ndarray
        The coefficient (>= 0, the same for +v and -v); the force is -mu N sign(v).

    Notes
    -----
    The rise from 0 makes the force continuous at v = 0, so an integrator meets no jump; the
    price is that a body at rest on a slope creeps at a small speed instead of sticking. It is
    :func:`robodyn.contact.friction_coefficient` (static, then falling to kinetic) times the
    regularised direction :math:`\min(|v|/v_{crit}, 1)`.

    Examples
    --------
    >>> print(blended_coefficient(np.array([0.0, 0.5e-3, 1e-3, 1.25e-3, 1.5e-3, 0.1]),
    ...                           1.1, 0.9, 1e-3))
    [0.   0.55 1.1  1.   0.9  0.9 ]
    """
    speed = np.abs(_velocity(v))
    level = friction_coefficient(speed, mu_s, mu_k, v_crit)
    return _out(np.asarray(level * np.minimum(speed / v_crit, 1.0)))


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


def contact_friction_float(slip: float, normal: float, mu_s: float, mu_k: float,
                            v_crit: float) -> float:
    """:func:`contact_friction` for one slip speed, in plain floats: the same law, checked
    inputs assumed, for the right-hand sides that call it at every step (a tenth of the
    array version's cost)."""
    level = mu_s - (mu_s - mu_k) * min(max((abs(slip) - v_crit) / (0.5 * v_crit), 0.0), 1.0)
    return -level * normal * min(max(slip / v_crit, -1.0), 1.0)
