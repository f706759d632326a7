"""The egg's shell: radii, the contact point and the centre's height."""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_positive,
    scalar_or_array,
)


def check_radii(R1, R2, prolate: bool = True) -> tuple[float, float]:
    """R1 and R2 as positive floats; with ``prolate``, R1 >= R2 (else the error says swapped?)."""
    R1 = check_positive("R1", R1, "m")
    R2 = check_positive("R2", R2, "m")
    if prolate and R1 < R2:
        raise ParameterError(f"R1 (the long semi-axis) must be >= R2 for the prolate egg, got "
                             f"R1 = {R1:g} m < R2 = {R2:g} m (swapped?)")
    return R1, R2


def _tilt(beta_v):
    beta = as_array("beta_v", beta_v, "rad", finite=True)
    if np.any((beta < 0) | (beta > np.pi / 2)):
        raise ParameterError(f"beta_v must lie in [0, pi/2] rad (the tilt of the long axis "
                             f"from the vertical), got {beta!r}")
    return beta


def polar_radius(theta, R1: float, R2: float):
    r"""Distance from the centre to the shell at the angle :math:`\theta` from the long axis.

    .. math:: |r(\theta)| = \frac{R_1 R_2}{\sqrt{R_2^2\cos^2\theta + R_1^2\sin^2\theta}}

    (:math:`R_1` along the axis, :math:`R_2` across it.)
    """
    R1, R2 = check_radii(R1, R2, prolate=False)
    theta = as_array("theta", theta, "rad", finite=True)
    radius = R1 * R2 / np.sqrt(R2**2 * np.cos(theta) ** 2 + R1**2 * np.sin(theta) ** 2)
    return scalar_or_array(radius)


def contact_angle(beta_v, R1: float, R2: float):
    r"""Angle :math:`\beta_p` between the long axis and the line from the centre to the contact.

    .. math:: \tan\beta_p = \Big(\frac{R_2}{R_1}\Big)^2 \tan\beta_v

    The source's equations 22-23 give the same. For a sphere :math:`\beta_p = \beta_v`; for a
    prolate egg the contact lags behind the tilt, towards the end that is down.

    Parameters
    ----------
    beta_v : float or array_like
        Tilt of the long axis from the vertical, rad, in [0, pi/2].
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    return scalar_or_array(np.arctan2((R2 / R1) ** 2 * np.sin(beta), np.cos(beta)))


def center_height(beta_v, R1: float, R2: float):
    r"""Height of the centre above the floor: :math:`H = \sqrt{R_1^2\cos^2\beta_v +
    R_2^2\sin^2\beta_v}` (the ellipse's support function).

    Upright (:math:`\beta_v = 0`) the egg stands on its tip at :math:`R_1`; lying it rests at
    :math:`R_2`. The potential energy :math:`m g H` is largest upright: the egg lies down.
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    return scalar_or_array(np.sqrt(R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2))


def contact_offset(beta_v, R1: float, R2: float):
    r"""Horizontal distance from the centre to the contact point, m, towards the lower end.

    .. math:: d = \frac{(R_1^2 - R_2^2)\sin\beta_v\cos\beta_v}{H}

    (the derivative of the support function). Zero upright, lying, and for a sphere: only
    there does gravity pass through the contact.
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    H = np.sqrt(R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2)
    return scalar_or_array((R1**2 - R2**2) * np.sin(beta) * np.cos(beta) / H)


def curvature_radii(beta_v, R1: float, R2: float):
    r"""Principal radii of curvature of the shell at the contact point: (meridian, transverse).

    At the parametric angle :math:`\psi_c` (:math:`\tan\psi_c = (R_2/R_1)\tan\beta_v`), with
    :math:`q = R_1^2\sin^2\psi_c + R_2^2\cos^2\psi_c`:

    .. math:: \rho_m = \frac{q^{3/2}}{R_1 R_2}, \qquad \rho_t = \frac{R_2}{R_1}\sqrt q .

    The egg rolls over the floor along the meridian like a wheel of radius :math:`\rho_m`.
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    psi = np.arctan2(R2 * np.sin(beta), R1 * np.cos(beta))
    q = R1**2 * np.sin(psi) ** 2 + R2**2 * np.cos(psi) ** 2
    return scalar_or_array(q**1.5 / (R1 * R2)), scalar_or_array(R2 / R1 * np.sqrt(q))
