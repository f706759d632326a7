"""The normal force of a penalty contact: linear spring-damper or Hunt-Crossley."""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    broadcast,
    check_choice,
    check_non_negative,
    check_positive,
    scalar_or_array,
)

#: Normal-force laws of :func:`normal_force`.
FORCE_MODELS = ("linear", "hunt-crossley")


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


def normal_force_float(depth: float, rate: float, k: float, c: float, model: str,
                        n: float) -> float:
    """:func:`normal_force` for one contact, in plain floats (the inner loop of :func:`drop`;
    a test holds the two equal)."""
    if depth <= 0.0:
        return 0.0
    raw = k * depth + c * rate if model == "linear" else depth**n * (k + c * rate)
    return max(raw, 0.0)
