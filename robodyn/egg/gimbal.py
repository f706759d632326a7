"""The gimbal and its chain of bodies; the servos' motion."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_positive,
    check_real,
    scalar_or_array,
)
from robodyn.core.rotations import (
    rot_x,
    rot_z,
)
from robodyn.egg.params import EggParams


def gimbal_angles(mu1, mu2, gear_ratio: float = 1.0):
    r"""Ring angles from the two servo angles, through the gimbal's differential.

    .. math:: \phi = \frac{n}{2}(\mu_1 + \mu_2), \qquad \psi = \frac{n}{2}(\mu_1 - \mu_2)

    Both servos turning the same way carry the outer ring; turning opposite ways they drive
    the inner ring. The carrier of a differential turns by the *mean* of its two inputs: the
    source's matrix ((1, 1), (1, -1)) lacks the 1/2 (see the errata page); ``gear_ratio``
    n is the gearing between differential and rings.
    """
    mu1 = as_array("mu1", mu1, "rad", finite=True)
    mu2 = as_array("mu2", mu2, "rad", finite=True)
    phi, psi = differential_rule(mu1, mu2, check_positive("gear_ratio", gear_ratio))
    return scalar_or_array(phi), scalar_or_array(psi)


def differential_rule(mu1, mu2, n: float):
    """The differential's rule without checks (angles, rates or accelerations alike: it is
    linear)."""
    return 0.5 * n * (mu1 + mu2), 0.5 * n * (mu1 - mu2)


def relative_rotations(phi: float, psi: float, rotor_angle: float = 0.0):
    """Rotations of each body relative to the one before it (child to parent): outer ring
    Rz(phi) in the shell, inner ring Rx(psi) in the outer ring, rotor Rz(rotor_angle) in the
    inner ring."""
    return rot_z(phi), rot_x(psi), rot_z(rotor_angle)


def body_attitudes(phi: float, psi: float, rotor_angle: float = 0.0):
    """Attitudes of shell, outer ring, inner ring and rotor relative to the shell (body to
    shell): the products of the joint rotations, I, Rz(phi), Rz(phi) Rx(psi),
    Rz(phi) Rx(psi) Rz(rotor_angle)."""
    outer = rot_z(phi)
    inner = outer @ rot_x(psi)
    return np.eye(3), outer, inner, inner @ rot_z(rotor_angle)


def _relative_axes():
    """Joint axes of outer ring, inner ring and rotor, each in its own (= parent's) frame."""
    return np.array([0, 0, 1.0]), np.array([1.0, 0, 0]), np.array([0, 0, 1.0])


def body_rates_recursive(omega_B, phi, psi, phi_dot, psi_dot, rotor_speed, rotor_angle=0.0):
    r"""Angular velocity of each of the four bodies in its own frame, by the chain recursion

    .. math:: \omega_n = \omega_n^r + (R_n^r)^T\,\omega_{n-1}

    (the source's eq. 33, with :math:`R_n^r` the rotation of body n relative to body n - 1,
    child to parent, so its transpose carries a vector from the parent's frame into the
    child's), :math:`\omega_1` the shell's body-frame angular velocity and
    :math:`\omega_n^r` the joint rate times its axis.
    """
    omega = as_array("omega_B", omega_B, "rad/s", (3,), finite=True)
    rates = (check_real("phi_dot", phi_dot, "rad/s"), check_real("psi_dot", psi_dot, "rad/s"),
             check_real("rotor_speed", rotor_speed, "rad/s"))
    rotations = relative_rotations(check_real("phi", phi, "rad"), check_real("psi", psi, "rad"),
                                   check_real("rotor_angle", rotor_angle, "rad"))
    result = [omega]
    for R_rel, axis, rate in zip(rotations, _relative_axes(), rates, strict=True):
        result.append(axis * rate + R_rel.T @ result[-1])
    return result


def angular_momentum_recursive(params: EggParams, omega_B, phi, psi, phi_dot, psi_dot,
                               rotor_angle=0.0) -> np.ndarray:
    r"""Total angular momentum about the centre, in the shell's frame, by the recursion from
    the rotor inwards (the source's eqs. 34-36):

    .. math:: L_4 = \Theta_4\,\omega_4, \qquad L_{n-1} = R_n^r L_n + \Theta_{n-1}\omega_{n-1}.
    """
    omegas = body_rates_recursive(omega_B, phi, psi, phi_dot, psi_dot, params.rotor_speed,
                                  rotor_angle)
    rotations = relative_rotations(phi, psi, rotor_angle)
    inertias = params.inertias
    L = inertias[3] * omegas[3]
    for n in (2, 1, 0):
        L = rotations[n] @ L + inertias[n] * omegas[n]
    return L


def angular_momentum_direct(params: EggParams, omega_B, phi, psi, phi_dot, psi_dot,
                            rotor_angle=0.0) -> np.ndarray:
    r"""The same total angular momentum as a direct sum over the bodies, in the shell's frame:

    .. math:: L = \sum_i R_i\,\Theta_i\,R_i^T\,\omega_i

    with each body's absolute attitude :math:`R_i` relative to the shell (products of the
    joint rotations) and each absolute angular velocity :math:`\omega_i` the shell's plus the
    joint rates along their axes, all summed in the shell's frame: no recursion.
    """
    omega = as_array("omega_B", omega_B, "rad/s", (3,), finite=True)
    attitudes = body_attitudes(phi, psi, rotor_angle)
    _, R_outer, R_inner, _ = attitudes
    w_outer = omega + phi_dot * np.array([0, 0, 1.0])
    w_inner = w_outer + psi_dot * (R_outer @ np.array([1.0, 0, 0]))
    w_rotor = w_inner + params.rotor_speed * (R_inner @ np.array([0, 0, 1.0]))
    total = np.zeros(3)
    for R, moments, w in zip(attitudes, params.inertias, (omega, w_outer, w_inner, w_rotor),
                             strict=True):
        total += R @ np.diag(moments) @ R.T @ w
    return total


@dataclass(frozen=True)
class ServoMove:
    r"""The two servo angles moving smoothly from ``start`` to ``end`` between ``t0`` and
    ``t1`` (a minimum-jerk profile: position, rate and acceleration continuous), held before
    and after. ``ServoMove.hold(mu1, mu2)`` keeps them still.

    .. math:: \mu(t) = \mu_0 + (\mu_1 - \mu_0)\,(10 s^3 - 15 s^4 + 6 s^5), \quad
              s = \frac{t - t_0}{t_1 - t_0}
    """

    start: tuple = (0.0, 0.0)
    end: tuple = (0.0, 0.0)
    t0: float = 0.0
    t1: float = 1.0

    def __post_init__(self):
        object.__setattr__(self, "start", tuple(as_array("start", self.start, "rad", (2,),
                                                         finite=True).tolist()))
        object.__setattr__(self, "end", tuple(as_array("end", self.end, "rad", (2,),
                                                       finite=True).tolist()))
        t0 = check_real("t0", self.t0, "s")
        t1 = check_real("t1", self.t1, "s")
        if not t1 > t0:
            raise ParameterError(f"t1 = {t1:g} s must be later than t0 = {t0:g} s")
        object.__setattr__(self, "t0", t0)
        object.__setattr__(self, "t1", t1)

    @classmethod
    def hold(cls, mu1: float = 0.0, mu2: float = 0.0) -> ServoMove:
        """Both servos held at fixed angles (rad)."""
        return cls(start=(mu1, mu2), end=(mu1, mu2))

    def at(self, t: float):
        """Servo angles, rates and accelerations at time t: three arrays of shape (2,)."""
        span = self.t1 - self.t0
        s = min(max((t - self.t0) / span, 0.0), 1.0)
        shape = s**3 * (10 - 15 * s + 6 * s**2)
        slope = 30 * s**2 * (1 - s) ** 2 / span
        bend = 60 * s * (1 - s) * (1 - 2 * s) / span**2
        step = np.subtract(self.end, self.start)
        return np.add(self.start, step * shape), step * slope, step * bend
