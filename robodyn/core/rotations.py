r"""Angles and rotations shared by every model of the book.

The wrapping of angles; the elementary rotations about x and z; unit quaternions
:math:`q = (w, x, y, z)` (scalar first) for integrating an attitude without the singularities
of Euler angles: products, rotation matrices both ways, and the rate
:math:`\dot q = \tfrac12\,q \otimes (0, \omega_B)` for a body-frame angular velocity.
"""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import as_array

__all__ = [
    "check_unit_quaternion",
    "matrix_to_quaternion",
    "quaternion_multiply",
    "quaternion_rate",
    "quaternion_to_matrix",
    "rot_x",
    "rot_z",
    "wrap_angle",
]


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


# --------------------------------------------------------------------------- rotations


def rot_x(angle: float) -> np.ndarray:
    """Rotation about x by ``angle`` (rad), right-handed: maps y towards z."""
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def rot_z(angle: float) -> np.ndarray:
    """Rotation about z by ``angle`` (rad), right-handed: maps x towards y."""
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


# --------------------------------------------------------------------------- quaternions


def check_unit_quaternion(q, name: str = "q", tolerance: float = 1e-6) -> np.ndarray:
    """Return ``q`` as a float array of shape (4,); raise unless its norm is 1 within tolerance.

    >>> check_unit_quaternion([1.0, 0.0, 0.0, 0.1])
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: q must be a unit quaternion (w, x, y, z); its norm is
    1.00499
    """
    q = as_array(name, q, "", (4,), finite=True)
    norm = float(np.linalg.norm(q))
    if abs(norm - 1.0) > tolerance:
        raise ParameterError(f"{name} must be a unit quaternion (w, x, y, z); its norm is "
                             f"{norm:g}")
    return q


def quaternion_multiply(p, q) -> np.ndarray:
    """Hamilton product p q of two quaternions (w, x, y, z)."""
    w1, x1, y1, z1 = p
    w2, x2, y2, z2 = q
    return np.array([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
                     w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                     w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                     w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2])


def quaternion_to_matrix(q) -> np.ndarray:
    """Rotation matrix of a unit quaternion (w, x, y, z): body to world when q is the attitude."""
    w, x, y, z = check_unit_quaternion(q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def matrix_to_quaternion(R) -> np.ndarray:
    """The unit quaternion (w >= 0) of a rotation matrix (Shepperd's method, stable everywhere)."""
    R = as_array("R", R, "", (3, 3), finite=True)
    if not np.allclose(R @ R.T, np.eye(3), atol=1e-9) or np.linalg.det(R) < 0:
        raise ParameterError("R must be a rotation matrix (orthonormal, determinant +1)")
    trace = np.trace(R)
    candidates = [trace, R[0, 0], R[1, 1], R[2, 2]]
    k = int(np.argmax(candidates))
    if k == 0:
        w = 0.5 * math.sqrt(1 + trace)
        q = [w, (R[2, 1] - R[1, 2]) / (4 * w), (R[0, 2] - R[2, 0]) / (4 * w),
             (R[1, 0] - R[0, 1]) / (4 * w)]
    else:
        i, j, m = k - 1, k % 3, (k + 1) % 3
        v = np.zeros(3)
        v[i] = 0.5 * math.sqrt(1 + R[i, i] - R[j, j] - R[m, m])
        v[j] = (R[j, i] + R[i, j]) / (4 * v[i])
        v[m] = (R[m, i] + R[i, m]) / (4 * v[i])
        w = (R[m, j] - R[j, m]) / (4 * v[i])
        q = [w, *v]
    q = np.array(q)
    return q if q[0] >= 0 else -q


def quaternion_rate(q, omega_body) -> np.ndarray:
    r""":math:`\dot q = \tfrac12\,q \otimes (0, \omega_B)`, the attitude's rate for a
    body-frame angular velocity (rad/s)."""
    omega = as_array("omega_body", omega_body, "rad/s", (3,), finite=True)
    return 0.5 * quaternion_multiply(q, np.concatenate([[0.0], omega]))
