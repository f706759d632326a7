"""Closed forms of the egg: lumped inertia and rocking periods."""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_non_negative,
    check_positive,
    check_real,
)
from robodyn.egg.geometry import check_radii
from robodyn.egg.gimbal import body_attitudes
from robodyn.egg.params import EggParams


def lumped_inertia(params: EggParams, phi: float = 0.0, psi: float = 0.0) -> np.ndarray:
    """Inertia tensor of the four bodies together about the centre, in the shell's frame,
    for the ring angles phi, psi (kg m^2); the rotor's own angle does not matter when its
    transverse moments are equal."""
    attitudes = body_attitudes(check_real("phi", phi, "rad"), check_real("psi", psi, "rad"))
    total = np.zeros((3, 3))
    for R, moments in zip(attitudes, params.inertias, strict=True):
        total += R @ np.diag(moments) @ R.T
    return total


def rocking_period(params: EggParams, spin: float = 0.0) -> float:
    r"""Small-angle period of the lying egg rocking end over end, rotor stopped, gimbal at
    zero, s.

    Lying, the centre is :math:`R_2` above the contact; tilted by :math:`\varepsilon` from the
    horizontal it rises by :math:`(R_1^2 - R_2^2)\,\varepsilon^2 / (2 R_2)`, a spring of
    stiffness :math:`k = m g (R_1^2 - R_2^2)/R_2`; it turns about the contact point, with the
    inertia :math:`I + m R_2^2` (parallel axes). So

    .. math:: T_0 = 2\pi\sqrt{\frac{(I + m R_2^2)\,R_2}{m g\,(R_1^2 - R_2^2)}},

    :math:`I` the lumped inertia about the tilt axis (the shell's x' turned by ``spin``).
    """
    if params.R1 == params.R2:
        raise ParameterError("a sphere (R1 = R2) does not rock: its centre stays at R2 above "
                             "the contact whatever its attitude; use R1 > R2")
    spin = check_real("spin", spin, "rad")
    axis = np.array([math.cos(spin), -math.sin(spin), 0.0])    # world x in the shell frame
    inertia = float(axis @ lumped_inertia(params) @ axis)
    return small_angle_period(params.R1, params.R2, params.mass, inertia, params.g)


def small_angle_period(R1: float, R2: float, mass: float, I_t: float,
                       g: float = EggParams.g, *,
                       amplitude: float = 0.0) -> float:
    r"""Period of the egg's small rocking on the floor, rolling without slipping, s.

    .. math::

        T_0 = 2\pi\sqrt{\frac{(I_t + m R_2^2)\,R_2}{m g\,(R_1^2 - R_2^2)}}, \qquad
        T \approx T_0\Big(1 + \frac{\mu - 3\nu}{4}\,A^2\Big),

    with :math:`\mu = m R_1^2 (R_1^2 - R_2^2) / (R_2^2 (I_t + m R_2^2))` (the inertia about
    the contact grows as :math:`1 + \mu\theta^2`) and :math:`\nu = -(3R_1^2 + R_2^2) /
    (12 R_2^2)` (the potential is :math:`\tfrac12 k\theta^2(1 + \nu\theta^2)`).

    Parameters
    ----------
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    mass : float
        Mass, kg (> 0).
    I_t : float
        Moment of inertia about a transverse axis through the centre, kg m^2 (> 0).
    g : float, optional
        Gravitational acceleration, m/s^2 (> 0; default ``EggParams.g``).
    amplitude : float, optional
        Amplitude :math:`A` of the tilt, rad (>= 0). 0 gives :math:`T_0`; otherwise the
        first correction in :math:`A^2` is added.

    Returns
    -------
    float
        The period, s; ``inf`` for a sphere (R1 = R2), which has no restoring torque.

    Notes
    -----
    The lowest order of the energy method: :math:`T = 4\int_0^A \sqrt{M(\theta) /
    (2(V(A) - V(\theta)))}\,d\theta` expanded to first order in :math:`A^2`. Valid while
    the egg rolls without slipping and without lifting off, in the plane of the long axis.

    >>> T0 = small_angle_period(0.2, 0.1, 1.0, 0.01)
    >>> T = small_angle_period(0.2, 0.1, 1.0, 0.01, amplitude=0.1)
    >>> print(f"{T0:.4f} s; at 0.1 rad {T:.4f} s")
    0.5180 s; at 0.1 rad 0.5300 s
    """
    R1, R2 = check_radii(R1, R2)
    mass = check_positive("mass", mass, "kg")
    I_t = check_positive("I_t", I_t, "kg m^2")
    g = check_positive("g", g, "m/s^2")
    amplitude = check_non_negative("amplitude", amplitude, "rad")
    if R1 == R2:
        return math.inf
    M0 = I_t + mass * R2**2
    T0 = 2 * math.pi * math.sqrt(M0 * R2 / (mass * g * (R1**2 - R2**2)))
    mu = mass * R1**2 * (R1**2 - R2**2) / (R2**2 * M0)
    nu = -(3 * R1**2 + R2**2) / (12 * R2**2)
    return T0 * (1 + (mu - 3 * nu) / 4 * amplitude**2)


def oscillation_period(t, x) -> float:
    r"""Mean period of an oscillation from its upward zero crossings about its mean, s.

    The crossings of :math:`y = x - \bar x` from below are found between samples by linear
    interpolation, :math:`t_c = t_i - y_i (t_{i+1} - t_i)/(y_{i+1} - y_i)`, and the period
    is the mean of the full periods between them, :math:`(t_{c,\text{last}} -
    t_{c,\text{first}})/(n_c - 1)`.

    Parameters
    ----------
    t : array_like, shape (n,)
        Sample times, s, strictly increasing.
    x : array_like, shape (n,)
        The oscillating signal, any unit.

    Raises
    ------
    ParameterError
        If t and x do not match, t does not increase, or fewer than two upward crossings are
        found (less than one full period: run longer).

    >>> t = np.linspace(0.0, 3.0, 3001)
    >>> print(f"{oscillation_period(t, np.sin(2 * np.pi * t / 0.7)):.6f} s")
    0.700000 s
    """
    t = as_array("t", t, "s", (None,), finite=True)
    x = as_array("x", x, "", (t.size,), finite=True)
    if np.any(np.diff(t) <= 0):
        raise ParameterError("t must be strictly increasing")
    y = x - x.mean()
    below = np.nonzero((y[:-1] < 0) & (y[1:] >= 0))[0]
    if below.size < 2:
        raise ParameterError(
            f"oscillation_period found {below.size} upward zero crossing(s) in "
            f"t = [{t[0]:g}, {t[-1]:g}] s; it needs at least two (one full period). "
            "Simulate longer (a larger t_end).")
    t0, t1, y0, y1 = t[below], t[below + 1], y[below], y[below + 1]
    crossings = t0 - y0 * (t1 - t0) / (y1 - y0)
    return float((crossings[-1] - crossings[0]) / (crossings.size - 1))
