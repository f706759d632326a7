"""Angles and rotations shared by every model of the book.

So far the wrapping of angles; rotation matrices and Euler angles join when the chapters that
need them (the egg-shaped robot) arrive.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["wrap_angle"]


def wrap_angle(angle):
    r"""Wrap angles to the interval (-pi, pi].

    .. math:: w = \pi - ((\pi - \alpha) \bmod 2\pi)

    Parameters
    ----------
    angle : float or array_like
        Angle, rad.

    Returns
    -------
    float or numpy.ndarray
        The equivalent angle in (-pi, pi], rad, same shape (a number for a number).

    Notes
    -----
    Both ends of the interval map to +pi: ``wrap_angle(-pi) == pi``. Angles already inside
    (-pi, pi] are returned unchanged (bit for bit); a rounding guard moves a result that lands
    on -pi to +pi. A Python float takes a path without NumPy, for loops over single samples.

    Examples
    --------
    >>> print(wrap_angle(np.array([3 * np.pi / 2, -np.pi, np.pi, 0.1])))
    [-1.57079633  3.14159265  3.14159265  0.1       ]
    >>> wrap_angle(0.1)
    0.1
    """
    if isinstance(angle, float):
        return angle if -math.pi < angle <= math.pi else _wrapped(angle)
    angles = np.asarray(angle, dtype=float)
    inside = (angles > -math.pi) & (angles <= math.pi)
    result = np.where(inside, angles, _wrapped(angles))
    return result[()] if result.ndim == 0 else result


def _wrapped(angle):
    """pi - ((pi - angle) mod 2 pi), with a result of -pi (rounding) moved to +pi."""
    wrapped = math.pi - (math.pi - angle) % (2.0 * math.pi)
    return wrapped + 2.0 * math.pi * (wrapped <= -math.pi)
