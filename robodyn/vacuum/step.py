"""The step: its distance function and profile."""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_integer,
    check_non_negative,
    check_positive,
    check_real,
)


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
    distance, nx, nz = _step_distance_float(float(p[0]), float(p[1]), step_x, height, fillet)
    return distance, np.array([nx, nz])


def step_profile(step_x: float, height: float, fillet: float, n: int = 20_001,
                 reach: float = 0.2) -> np.ndarray:
    """The step's surface as a dense polyline, m, shape (4 n, 2): the floor from ``reach``
    before the face, the face up to ``height - fillet``, the fillet's quarter circle and the
    top to ``reach`` beyond the face, ``n`` points each. A brute-force check of
    :func:`step_distance`: the distance to the nearest vertex differs from the exact one by
    at most about half the spacing.

    >>> step_profile(0.1, 0.019, 0.003, n=3)[[0, 3, 6, 11]]
    array([[-0.1  ,  0.   ],
           [ 0.1  ,  0.   ],
           [ 0.1  ,  0.016],
           [ 0.3  ,  0.019]])
    """
    step_x = check_real("step_x", step_x, "m")
    height = check_positive("height", height, "m")
    fillet = check_non_negative("fillet", fillet, "m")
    n = check_integer("n", n, at_least=2)
    reach = check_positive("reach", reach, "m")
    angle = np.linspace(math.pi, math.pi / 2, n)
    return np.vstack([
        np.c_[np.linspace(step_x - reach, step_x, n), np.zeros(n)],                 # floor
        np.c_[np.full(n, step_x), np.linspace(0.0, height - fillet, n)],            # face
        np.c_[step_x + fillet * (1 + np.cos(angle)), height - fillet * (1 - np.sin(angle))],
        np.c_[np.linspace(step_x + fillet, step_x + reach, n), np.full(n, height)],  # top
    ])


def _step_distance_float(x: float, z: float, step_x: float, height: float, fillet: float):
    """:func:`step_distance` for checked floats, as (distance, n_x, n_z): the nearest point
    of each of the four pieces, the nearest of them, and the side the point is on."""
    cx, cz = step_x + fillet, height - fillet          # the fillet's centre
    tx, tz = x - cx, z - cz
    if tx <= 0.0 and tz >= 0.0 and (tx or tz):         # the point sees the arc itself
        r = math.hypot(tx, tz)
        arc = (cx + fillet * tx / r, cz + fillet * tz / r, tx / r, tz / r)
    elif math.hypot(tx + fillet, tz) <= math.hypot(tx, tz - fillet):
        arc = (cx - fillet, cz, -1.0, 0.0)             # the arc's lower end
    else:
        arc = (cx, cz + fillet, 0.0, 1.0)              # its upper end
    pieces = ((min(x, step_x), 0.0, 0.0, 1.0),                          # floor
              (step_x, min(max(z, 0.0), cz), -1.0, 0.0),                # face
              arc,                                                      # fillet
              (max(x, cx), height, 0.0, 1.0))                           # top
    best, foot = math.inf, pieces[0]
    for piece in pieces:
        d = math.hypot(x - piece[0], z - piece[1])
        if d < best:
            best, foot = d, piece
    if best == 0.0:
        return 0.0, foot[2], foot[3]
    gx, gz = (x - foot[0]) / best, (z - foot[1]) / best
    if _inside_step(x, z, step_x, height, fillet):
        return -best, -gx, -gz
    return best, gx, gz
