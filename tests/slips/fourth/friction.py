"""Slips for the friction exercises 2.1 and 2.2: the fourth, blind set.

Written from the exercise notebook (exercises/02_friction.ipynb) and the lessons of
chapter 2 only, without reading the checks, their keys or the solutions. Each slip is one
typical wrong answer a student of the course hands in; RIGHT holds our own right answers.

Measured blind, before any check changed for this set: 12 of 14 slips named (86 %), none
passed, the two right answers passed. Per exercise: 2.1 mu_from_tilt 6 of 7, 2.2 stribeck
6 of 7. Rejected but not named: mu_from_tilt_no_cos (the normal force m g in the kinetic
balance only; the check knew it in both coefficients, or as a / g with tan kept) and
stribeck_hunting_band_Fs_amplitude (the hump's height Fs, not Fs - Fc).

Then the checks (robodyn/checks/friction.py) were taught these two, each one well-defined
mistake, as typical mistakes of their exercise: "the normal force taken as the whole weight
m g in the kinetic balance only" and "the hump's height taken as Fs". Now 14 of 14 are
named; none is left unnamed.
"""

import math

import numpy as np
from scipy.optimize import brentq

BLIND = "12 of 14 slips named (86 %), 0 passed, the right answers passed"
TAUGHT = True


# ---------------------------------------------------------------------------
# Exercise 2.1: friction.mu_from_tilt
# ---------------------------------------------------------------------------

def _slide_acceleration(length, time):
    return 2.0 * np.asarray(length, dtype=float) / np.asarray(time, dtype=float) ** 2


def mu_from_tilt_right(theta, length, time, g):
    """Right: mu_s = tan(theta); a = 2 L / t^2 = g (sin - mu_k cos)."""
    theta = np.asarray(theta, dtype=float)
    a = _slide_acceleration(length, time)
    mu_s = np.tan(theta)
    mu_k = (g * np.sin(theta) - a) / (g * np.cos(theta))
    return mu_s, mu_k


def mu_from_tilt_no_factor_two(theta, length, time, g):
    """Slip: acceleration from the slide taken as L / t^2 (factor 2 of s = a t^2 / 2 dropped)."""
    theta = np.asarray(theta, dtype=float)
    a = np.asarray(length, dtype=float) / np.asarray(time, dtype=float) ** 2
    return np.tan(theta), np.tan(theta) - a / (g * np.cos(theta))


def mu_from_tilt_no_cos(theta, length, time, g):
    """Slip: normal force taken as m g (cos(theta) forgotten in the kinetic balance)."""
    theta = np.asarray(theta, dtype=float)
    a = _slide_acceleration(length, time)
    return np.tan(theta), np.sin(theta) - a / g


def mu_from_tilt_degrees(theta, length, time, g):
    """Slip: theta treated as degrees and converted (np.radians of an angle already in rad)."""
    th = np.radians(np.asarray(theta, dtype=float))
    a = _slide_acceleration(length, time)
    return np.tan(th), np.tan(th) - a / (g * np.cos(th))


def mu_from_tilt_sin_cos_swapped(theta, length, time, g):
    """Slip: along and across the board swapped (cos for sin): mu_s = 1/tan(theta)."""
    theta = np.asarray(theta, dtype=float)
    a = _slide_acceleration(length, time)
    mu_s = np.cos(theta) / np.sin(theta)
    mu_k = (g * np.cos(theta) - a) / (g * np.sin(theta))
    return mu_s, mu_k


def mu_from_tilt_accel_sign(theta, length, time, g):
    """Slip: friction taken as helping the slide, mu_k = tan(theta) + a / (g cos(theta))."""
    theta = np.asarray(theta, dtype=float)
    a = _slide_acceleration(length, time)
    return np.tan(theta), np.tan(theta) + a / (g * np.cos(theta))


def mu_from_tilt_friction_is_ma(theta, length, time, g):
    """Slip: the weight's pull along the board forgotten: mu_k N = m a, mu_k = a / (g cos)."""
    theta = np.asarray(theta, dtype=float)
    a = _slide_acceleration(length, time)
    return np.tan(theta), a / (g * np.cos(theta))


def mu_from_tilt_swapped_order(theta, length, time, g):
    """Slip: the pair returned in the wrong order, (mu_k, mu_s)."""
    mu_s, mu_k = mu_from_tilt_right(theta, length, time, g)
    return mu_k, mu_s


# ---------------------------------------------------------------------------
# Exercise 2.2: friction.stribeck (stribeck_hunting_band)
# ---------------------------------------------------------------------------
#
# For v > 0, |F(v)| = Fc + (Fs - Fc) exp(-(v/vs)^2) + b v and F = -|F|.
# Linearised loop: J dv' = (-k - d|F|/dv) dv, so a deviation grows where
# -d|F|/dv > k, i.e. (2 (Fs - Fc) / vs) x exp(-x^2) > k + b, with x = v / vs.
# The left side peaks at x = 1/sqrt(2).

_X_PEAK = 1.0 / math.sqrt(2.0)


def _band_in_x(height, need, x_peak=_X_PEAK):
    """Roots of height * x exp(-x^2) = need on each side of x_peak, or None."""
    def h(x):
        return height * x * math.exp(-x * x) - need

    if need <= 0.0:
        return 0.0, math.inf
    if not h(x_peak) > 0.0:
        return None
    x_lo = brentq(h, 0.0, x_peak, xtol=1e-15, rtol=4 * np.finfo(float).eps)
    x_hi_end = 2.0 * x_peak
    while h(x_hi_end) > 0.0:
        x_hi_end *= 2.0
    x_hi = brentq(h, x_peak, x_hi_end, xtol=1e-15, rtol=4 * np.finfo(float).eps)
    return x_lo, x_hi


def stribeck_hunting_band_right(Fc, Fs, vs, b, gain):
    """Right: (2 (Fs-Fc)/vs) x e^{-x^2} > gain + b, edges either side of x = 1/sqrt(2)."""
    height = 2.0 * (Fs - Fc) / vs
    band = _band_in_x(height, gain + b)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


def stribeck_hunting_band_no_viscous(Fc, Fs, vs, b, gain):
    """Slip: viscous slope b forgotten in d|F|/dv: the band where the fall beats the gain alone."""
    band = _band_in_x(2.0 * (Fs - Fc) / vs, gain)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


def stribeck_hunting_band_viscous_sign(Fc, Fs, vs, b, gain):
    """Slip: viscous term with the wrong sign, the fall compared with gain - b."""
    band = _band_in_x(2.0 * (Fs - Fc) / vs, gain - b)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


def stribeck_hunting_band_chain_rule(Fc, Fs, vs, b, gain):
    """Slip: inner derivative 1/vs of x = v/vs forgotten: 2 (Fs-Fc) x e^{-x^2} > gain + b."""
    band = _band_in_x(2.0 * (Fs - Fc), gain + b)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


def stribeck_hunting_band_no_two(Fc, Fs, vs, b, gain):
    """Slip: d/dx exp(-x^2) written as -x exp(-x^2) (factor 2 of the exponent dropped)."""
    band = _band_in_x((Fs - Fc) / vs, gain + b)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


def stribeck_hunting_band_Fs_amplitude(Fc, Fs, vs, b, gain):
    """Slip: the height of the Stribeck hump taken as Fs instead of Fs - Fc."""
    band = _band_in_x(2.0 * Fs / vs, gain + b)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


def stribeck_hunting_band_in_x(Fc, Fs, vs, b, gain):
    """Slip: the edges returned as x = v/vs, not multiplied back by vs."""
    band = _band_in_x(2.0 * (Fs - Fc) / vs, gain + b)
    if band is None:
        return (0.0, 0.0)
    return (band[0], band[1])


def stribeck_hunting_band_where_it_falls(Fc, Fs, vs, b, gain):
    """Slip: the band where the friction falls (d|F|/dv < 0), the loop's gain left out."""
    band = _band_in_x(2.0 * (Fs - Fc) / vs, b)
    if band is None:
        return (0.0, 0.0)
    return (band[0] * vs, band[1] * vs)


SLIPS = [
    ("friction.mu_from_tilt", mu_from_tilt_no_factor_two),
    ("friction.mu_from_tilt", mu_from_tilt_no_cos),
    ("friction.mu_from_tilt", mu_from_tilt_degrees),
    ("friction.mu_from_tilt", mu_from_tilt_sin_cos_swapped),
    ("friction.mu_from_tilt", mu_from_tilt_accel_sign),
    ("friction.mu_from_tilt", mu_from_tilt_friction_is_ma),
    ("friction.mu_from_tilt", mu_from_tilt_swapped_order),
    ("friction.stribeck", stribeck_hunting_band_no_viscous),
    ("friction.stribeck", stribeck_hunting_band_viscous_sign),
    ("friction.stribeck", stribeck_hunting_band_chain_rule),
    ("friction.stribeck", stribeck_hunting_band_no_two),
    ("friction.stribeck", stribeck_hunting_band_Fs_amplitude),
    ("friction.stribeck", stribeck_hunting_band_in_x),
    ("friction.stribeck", stribeck_hunting_band_where_it_falls),
]

RIGHT = {
    "friction.mu_from_tilt": mu_from_tilt_right,
    "friction.stribeck": stribeck_hunting_band_right,
}
