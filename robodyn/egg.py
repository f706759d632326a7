r"""The egg-shaped robot: attitude by z-x-z Euler angles, and the geometry of its rolling shell.

(Chapter 6, in progress: this module holds the attitude and the shell's geometry; the gimbal,
the chain of bodies and the rolling dynamics follow.)

**Conventions.** World z up. The shell is a prolate ellipsoid of revolution with its long axis
along the body's z' axis: semi-axis :math:`R_1` along z', :math:`R_2` across it,
:math:`R_1 > R_2`. Its attitude is

.. math:: R_{WB} = R_z(\gamma)\,R_x(\beta)\,R_z(\alpha) \quad\text{(body to world)},

:math:`\alpha` the spin about the long axis, :math:`\beta` the tilt of the long axis from the
vertical, :math:`\gamma` the heading of the tilt axis. The source (Mayer 2018) writes the same
attitude as :math:`R_z(-\gamma) R_x(-\beta) R_z(-\alpha)`: its angles are these with the
opposite sign.

**Geometry.** A meridian point of the shell at the parametric angle :math:`\psi` (from the long
axis) is :math:`(\rho, z') = (R_2\sin\psi,\ R_1\cos\psi)`. Tilted by :math:`\beta_v`, the shell
touches the floor where its outward normal points straight down: there
:math:`\tan\psi_c = (R_2/R_1)\tan\beta_v`, the contact seen from the centre makes the angle
:math:`\beta_p` with the long axis, :math:`\tan\beta_p = (R_2/R_1)^2\tan\beta_v`, and the
centre stands at :math:`H = \sqrt{R_1^2\cos^2\beta_v + R_2^2\sin^2\beta_v}` above the floor.
"""

from __future__ import annotations

import math

import numpy as np

from robodyn.errors import ParameterError
from robodyn.params import as_array, check_positive, check_real
from robodyn.rotations import rot_x, rot_z

__all__ = [
    "EULER_SINGULAR_TOLERANCE",
    "center_height",
    "contact_angle",
    "contact_offset",
    "curvature_radii",
    "euler_angles",
    "euler_rate_matrix",
    "euler_rates",
    "gyro_torque",
    "polar_radius",
    "rotation",
]

#: Below this |sin(beta)|, :func:`euler_rates` refuses: the z-x-z angles are singular there.
EULER_SINGULAR_TOLERANCE = 1e-9


# --------------------------------------------------------------------------- attitude


def rotation(alpha: float, beta: float, gamma: float) -> np.ndarray:
    r"""The shell's attitude :math:`R_{WB} = R_z(\gamma) R_x(\beta) R_z(\alpha)` (body to world).

    >>> R = rotation(0.3, 0.5, 1.0)
    >>> print(np.allclose(R @ R.T, np.eye(3)), round(float(np.linalg.det(R)), 12))
    True 1.0
    """
    alpha = check_real("alpha", alpha, "rad")
    beta = check_real("beta", beta, "rad")
    gamma = check_real("gamma", gamma, "rad")
    return rot_z(gamma) @ rot_x(beta) @ rot_z(alpha)


def euler_angles(R) -> tuple[float, float, float]:
    """The angles (alpha, beta, gamma) of an attitude, beta in [0, pi]; alpha and gamma in
    (-pi, pi]. At beta = 0 or pi only alpha + gamma (or alpha - gamma) is defined: alpha is
    then returned as 0."""
    R = as_array("R", R, "", (3, 3), finite=True)
    beta = math.acos(max(-1.0, min(1.0, R[2, 2])))
    if math.sin(beta) < EULER_SINGULAR_TOLERANCE:
        return 0.0, beta, math.atan2(R[1, 0], R[0, 0])
    alpha = math.atan2(R[2, 0], R[2, 1])
    gamma = math.atan2(R[0, 2], -R[1, 2])
    return alpha, beta, gamma


def euler_rate_matrix(alpha: float, beta: float) -> np.ndarray:
    r"""The matrix E with :math:`\omega_B = E\,(\dot\alpha, \dot\beta, \dot\gamma)`.

    .. math::

        \omega_B = \dot\alpha\,\hat z + \dot\beta\,(\cos\alpha, -\sin\alpha, 0)
                   + \dot\gamma\,(\sin\beta\sin\alpha,\ \sin\beta\cos\alpha,\ \cos\beta)

    (each rate times its axis, seen in the body frame). Its determinant is
    :math:`\sin\beta`: singular when the long axis is vertical.
    """
    sa, ca = math.sin(alpha), math.cos(alpha)
    sb, cb = math.sin(beta), math.cos(beta)
    return np.array([[0.0, ca, sb * sa],
                     [0.0, -sa, sb * ca],
                     [1.0, 0.0, cb]])


def euler_rates(alpha: float, beta: float, gamma: float, omega_B):
    r"""Euler-angle rates from the body-frame angular velocity: the inverse of
    :func:`euler_rate_matrix`.

    .. math::

        \dot\beta = \omega_x\cos\alpha - \omega_y\sin\alpha, \quad
        \dot\gamma = \frac{\omega_x\sin\alpha + \omega_y\cos\alpha}{\sin\beta}, \quad
        \dot\alpha = \omega_z - \dot\gamma\cos\beta .

    (Not the transpose of E: E is not orthogonal.) ``gamma`` does not enter.

    Raises
    ------
    ParameterError
        Where :math:`|\sin\beta|` < :data:`EULER_SINGULAR_TOLERANCE`: with the long axis
        vertical, spin and heading turn about the same axis and their rates are not defined.
        Integrate the attitude as a quaternion there (:func:`robodyn.rotations.quaternion_rate`).
    """
    alpha = check_real("alpha", alpha, "rad")
    beta = check_real("beta", beta, "rad")
    check_real("gamma", gamma, "rad")
    wx, wy, wz = as_array("omega_B", omega_B, "rad/s", (3,), finite=True)
    sb = math.sin(beta)
    if abs(sb) < EULER_SINGULAR_TOLERANCE:
        raise ParameterError(
            f"euler_rates is singular at beta = {beta:g} rad (sin(beta) = {sb:.1e}): with the "
            "long axis vertical, alpha and gamma turn about the same axis. Integrate the "
            "attitude as a quaternion (robodyn.rotations.quaternion_rate).")
    sa, ca = math.sin(alpha), math.cos(alpha)
    beta_dot = wx * ca - wy * sa
    gamma_dot = (wx * sa + wy * ca) / sb
    alpha_dot = wz - gamma_dot * math.cos(beta)
    return alpha_dot, beta_dot, gamma_dot


def gyro_torque(L, omega):
    r"""The gyroscopic term of Euler's equations, :math:`L \times \omega = -\,\omega \times L`.

    **Sign convention.** Seen in a frame that turns with the angular velocity
    :math:`\omega`, an angular momentum :math:`L` changes as

    .. math:: \frac{dL}{dt}\Big|_{\text{frame}} = M + L \times \omega ,

    :math:`M` the torque of the outside world. This function returns :math:`L \times \omega`,
    the torque the turning frame seems to feel. (The source adds :math:`\omega \times L`: the
    opposite sign: see the errata page.)

    Parameters
    ----------
    L : array_like, shape (3,) or (n, 3)
        Angular momentum, kg m^2/s, in the turning frame.
    omega : array_like, shape (3,) or (n, 3)
        Angular velocity of that frame, rad/s, in the same frame.

    >>> gyro_torque([0, 0, 2.0], [1.0, 0, 0])   # a rotor along z, turned about x
    array([0., 2., 0.])
    """
    L = as_array("L", L, "kg m^2/s", finite=True)
    omega = as_array("omega", omega, "rad/s", finite=True)
    for name, value in (("L", L), ("omega", omega)):
        if value.ndim not in (1, 2) or value.shape[-1] != 3:
            raise ParameterError(f"{name} must have shape (3,) or (n, 3), got {value.shape}")
    return np.cross(L, omega)


# --------------------------------------------------------------------------- geometry


def _radii(R1, R2, prolate: bool = True):
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


def _out(array):
    return array.item() if np.ndim(array) == 0 else array


def polar_radius(theta, R1: float, R2: float):
    r"""Distance from the centre to the shell at the angle :math:`\theta` from the long axis.

    .. math:: |r(\theta)| = \frac{R_1 R_2}{\sqrt{R_2^2\cos^2\theta + R_1^2\sin^2\theta}}

    (:math:`R_1` along the axis, :math:`R_2` across it.)
    """
    R1, R2 = _radii(R1, R2, prolate=False)
    theta = as_array("theta", theta, "rad", finite=True)
    return _out(R1 * R2 / np.sqrt(R2**2 * np.cos(theta) ** 2 + R1**2 * np.sin(theta) ** 2))


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
    R1, R2 = _radii(R1, R2)
    beta = _tilt(beta_v)
    return _out(np.arctan2((R2 / R1) ** 2 * np.sin(beta), np.cos(beta)))


def center_height(beta_v, R1: float, R2: float):
    r"""Height of the centre above the floor: :math:`H = \sqrt{R_1^2\cos^2\beta_v +
    R_2^2\sin^2\beta_v}` (the ellipse's support function).

    Upright (:math:`\beta_v = 0`) the egg stands on its tip at :math:`R_1`; lying it rests at
    :math:`R_2`. The potential energy :math:`m g H` is largest upright: the egg lies down.
    """
    R1, R2 = _radii(R1, R2)
    beta = _tilt(beta_v)
    return _out(np.sqrt(R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2))


def contact_offset(beta_v, R1: float, R2: float):
    r"""Horizontal distance from the centre to the contact point, m, towards the lower end.

    .. math:: d = \frac{(R_1^2 - R_2^2)\sin\beta_v\cos\beta_v}{H}

    (the derivative of the support function). Zero upright, lying, and for a sphere: only
    there does gravity pass through the contact.
    """
    R1, R2 = _radii(R1, R2)
    beta = _tilt(beta_v)
    H = np.sqrt(R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2)
    return _out((R1**2 - R2**2) * np.sin(beta) * np.cos(beta) / H)


def curvature_radii(beta_v, R1: float, R2: float):
    r"""Principal radii of curvature of the shell at the contact point: (meridian, transverse).

    At the parametric angle :math:`\psi_c` (:math:`\tan\psi_c = (R_2/R_1)\tan\beta_v`), with
    :math:`q = R_1^2\sin^2\psi_c + R_2^2\cos^2\psi_c`:

    .. math:: \rho_m = \frac{q^{3/2}}{R_1 R_2}, \qquad \rho_t = \frac{R_2}{R_1}\sqrt q .

    The egg rolls over the floor along the meridian like a wheel of radius :math:`\rho_m`.
    """
    R1, R2 = _radii(R1, R2)
    beta = _tilt(beta_v)
    psi = np.arctan2(R2 * np.sin(beta), R1 * np.cos(beta))
    q = R1**2 * np.sin(psi) ** 2 + R2**2 * np.cos(psi) ** 2
    return _out(q**1.5 / (R1 * R2)), _out(R2 / R1 * np.sqrt(q))
