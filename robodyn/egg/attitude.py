"""Attitude of the egg: Z-X-Z Euler angles, their rates and the gyroscopic torque."""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_real,
)
from robodyn.core.rotations import (
    rot_x,
    rot_z,
)

#: Below this |sin(beta)|, :func:`euler_rates` refuses: the z-x-z angles are singular there.
EULER_SINGULAR_TOLERANCE = 1e-9


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
        Integrate the attitude as a quaternion there
        (:func:`robodyn.core.rotations.quaternion_rate`).
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
            "attitude as a quaternion (robodyn.core.rotations.quaternion_rate).")
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
