r"""The rolling egg's right-hand side compiled: the equations of
:func:`robodyn.egg.simulate` (chapter 6), written with small arrays and compiled by numba for
the integrator's inner loop.

The readable model, ``robodyn.egg.rolling._Model``, builds every quantity of an evaluation
as a named numpy array (about 250 us an evaluation); a run with the rotor spinning takes
some five thousand of them. Here the same equations, in the same order, are compiled to
machine code (about 8 us):

========================  ==================================================================
here                      the readable version (robodyn.egg.rolling._Model)
========================  ==================================================================
:func:`servo_at`          :meth:`ServoMove.at <robodyn.egg.ServoMove.at>` (minimum jerk)
:func:`contact_rate`      ``_contact_rate``: the contact vector r and its rate
:func:`bias_and_inertia`  ``_Model.kinematics``: the four bodies' inertia J and their terms b
:func:`accelerations`     ``_Model.solve``: angular acceleration, contact force, twist torque
:func:`rates`             ``_Model.derivative``: the rate of the state
========================  ==================================================================

The egg enters as two arrays (:func:`constants`): its scalars and the four bodies'
principal moments; the servo move as its six numbers (:func:`servo_numbers`); the twist
mode as a code (:data:`MODES`). tests/test_egg_compiled.py holds every function equal to
its readable version. The first call in a fresh installation compiles them (a few seconds;
numba keeps the machine code in ``__pycache__`` for every later process).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

__all__ = [
    "MODES",
    "accelerations",
    "bias_and_inertia",
    "constants",
    "contact_rate",
    "rates",
    "servo_at",
    "servo_numbers",
]

#: The twist modes of :func:`robodyn.egg.simulate` by their code here.
MODES = {"free": 0, "stick": 1, "slip": 2}

# Indices of the scalars in the first array of constants().
_R1, _R2, _G, _MASS, _ROTOR_SPEED, _GEAR, _MU_K, _RHO = range(8)


def constants(params) -> tuple[np.ndarray, np.ndarray]:
    """The egg's numbers as this module takes them: (R1, R2, g, mass, rotor_speed,
    gear_ratio, twist_kinetic, twist_viscous) and the principal moments of shell, outer ring,
    inner ring and rotor, shape (4, 3)."""
    scalars = np.array([params.R1, params.R2, params.g, params.mass, params.rotor_speed,
                        params.gear_ratio, params.twist_kinetic, params.twist_viscous],
                       dtype=float)
    return scalars, np.array(params.inertias, dtype=float).reshape(4, 3)


def servo_numbers(servo) -> np.ndarray:
    """A :class:`~robodyn.egg.ServoMove` as (start 1, start 2, end 1, end 2, t0, t1)."""
    return np.array([*servo.start, *servo.end, servo.t0, servo.t1], dtype=float)


@njit(cache=True)
def _cross(a, b):
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                     a[0] * b[1] - a[1] * b[0]])


@njit(cache=True)
def _dot(a, b):
    total = 0.0
    for i in range(a.size):
        total += a[i] * b[i]
    return total


@njit(cache=True)
def _mv(A, v):
    """A v. numba's @ calls BLAS, whose glue takes seconds to compile for each layout; these
    loops compile in a fraction of one."""
    out = np.zeros(A.shape[0])
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            out[i] += A[i, j] * v[j]
    return out


@njit(cache=True)
def _mm(A, B):
    """A B (see :func:`_mv`)."""
    out = np.zeros((A.shape[0], B.shape[1]))
    for i in range(A.shape[0]):
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                out[i, j] += A[i, k] * B[k, j]
    return out


@njit(cache=True)
def _solve(A, b):
    """x of A x = b by Gaussian elimination with partial pivoting (numba compiles this in a
    fraction of a second; its own np.linalg.solve takes several)."""
    n = b.size
    A = A.copy()
    x = b.copy()
    for col in range(n):
        pivot = col + np.argmax(np.abs(A[col:, col]))
        if pivot != col:
            for j in range(n):
                A[col, j], A[pivot, j] = A[pivot, j], A[col, j]
            x[col], x[pivot] = x[pivot], x[col]
        for row in range(col + 1, n):
            factor = A[row, col] / A[col, col]
            A[row, col:] -= factor * A[col, col:]
            x[row] -= factor * x[col]
    for row in range(n - 1, -1, -1):
        x[row] = (x[row] - _dot(A[row, row + 1:], x[row + 1:])) / A[row, row]
    return x


@njit(cache=True)
def servo_at(t, servo):
    """Servo angles, rates and accelerations at time t, each of shape (2,)."""
    t0, t1 = servo[4], servo[5]
    span = t1 - t0
    s = min(max((t - t0) / span, 0.0), 1.0)
    shape = s**3 * (10 - 15 * s + 6 * s**2)
    slope = 30 * s**2 * (1 - s) ** 2 / span
    bend = 60 * s * (1 - s) * (1 - 2 * s) / span**2
    step = servo[2:4] - servo[0:2]
    return servo[0:2] + step * shape, step * slope, step * bend


@njit(cache=True)
def _quaternion_matrix(q):
    w, x, y, z = q[0], q[1], q[2], q[3]
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


@njit(cache=True)
def contact_rate(R, w, R1, R2):
    """(r, r_dot, H): the vector from the centre to the contact (world frame), its rate and
    the centre's height, for the attitude R (body to world) and the shell's angular velocity
    w (world frame)."""
    n_B = -R[2, :]                                  # downward normal, body frame
    A = np.array([R2**2, R2**2, R1**2])
    An = A * n_B
    H = math.sqrt(_dot(n_B, An))
    p_B = An / H
    n_dot = -_cross(_mv(R.T, w), n_B)                   # a world-fixed vector seen from the shell
    An_dot = A * n_dot
    p_dot = An_dot / H - An * _dot(n_B, An_dot) / H**3
    r = _mv(R, p_B)
    return r, _cross(w, r) + _mv(R, p_dot), H


@njit(cache=True)
def _rot_z(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


@njit(cache=True)
def _rot_x(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


@njit(cache=True)
def bias_and_inertia(t, x, scalars, moments, servo):
    """(R, w, J, b): the attitude, the shell's angular velocity, the four bodies' inertia
    about the centre and their gyroscopic and joint-driven terms, all in the world frame."""
    q = x[0:4] / math.sqrt(_dot(x[0:4], x[0:4]))
    R = _quaternion_matrix(q)
    w = x[4:7].copy()
    mu, mu_dot, mu_ddot = servo_at(t, servo)
    half_n = 0.5 * scalars[_GEAR]                   # the differential's rule
    phi, psi = half_n * (mu[0] + mu[1]), half_n * (mu[0] - mu[1])
    phi_d, psi_d = half_n * (mu_dot[0] + mu_dot[1]), half_n * (mu_dot[0] - mu_dot[1])
    phi_dd, psi_dd = half_n * (mu_ddot[0] + mu_ddot[1]), half_n * (mu_ddot[0] - mu_ddot[1])
    R_outer = _mm(R, _rot_z(phi))
    R_inner = _mm(R_outer, _rot_x(psi))
    R_rotor = _mm(R_inner, _rot_z(x[9]))
    u2, u3, u4 = R[:, 2].copy(), R_outer[:, 0].copy(), R_inner[:, 2].copy()
    Omega = scalars[_ROTOR_SPEED]
    w2 = w + phi_d * u2
    w3 = w2 + psi_d * u3
    w4 = w3 + Omega * u4
    c2 = phi_dd * u2 + phi_d * _cross(w, u2)
    c3 = c2 + psi_dd * u3 + psi_d * _cross(w2, u3)
    c4 = c3 + Omega * _cross(w3, u4)
    attitudes = (R, R_outer, R_inner, R_rotor)
    omegas = (w, w2, w3, w4)
    joint_terms = (np.zeros(3), c2, c3, c4)
    J = np.zeros((3, 3))
    b = np.zeros(3)
    for k in range(4):
        Rb, w_k = attitudes[k], omegas[k]
        J_k = _mm(Rb, moments[k][:, None] * Rb.T)
        J += J_k
        b += _mv(J_k, joint_terms[k]) + _cross(w_k, _mv(J_k, w_k))
    return R, w, J, b


@njit(cache=True)
def accelerations(t, x, scalars, moments, servo, mode, sign):
    """(w_dot, F, tau, r): the shell's angular acceleration (world frame), the contact
    force on the egg, the twisting torque and the contact vector, in the twist mode ``mode``
    (:data:`MODES`; ``sign`` the sign of the slip)."""
    R, w, J, b = bias_and_inertia(t, x, scalars, moments, servo)
    r, r_dot, _ = contact_rate(R, w, scalars[_R1], scalars[_R2])
    m, g = scalars[_MASS], scalars[_G]
    z = np.array([0.0, 0.0, 1.0])
    M = J + m * (_dot(r, r) * np.eye(3) - np.outer(r, r))
    w_cross_rdot = _cross(w, r_dot)
    rhs = -b - m * _cross(r, w_cross_rdot) + m * g * _cross(r, z)
    # contact force F = m [r]x w_dot + F0 (Newton for the centre, the rolling constraint)
    F0 = -m * w_cross_rdot + m * g * z
    if mode == 0:                                   # free
        w_dot, tau = _solve(M, rhs), 0.0
    elif mode == 1:                                 # stick: w_dot_z = 0, tau unknown
        K = np.zeros((4, 4))
        K[:3, :3] = M
        K[:3, 3] = -z
        K[3, 2] = 1.0
        rhs4 = np.zeros(4)
        rhs4[:3] = rhs
        solution = _solve(K, rhs4)
        w_dot, tau = solution[:3].copy(), solution[3]
    else:               # slip: tau = -sign mu_k F_z - rho w_z, with F_z linear in w_dot
        mu_k, rho = scalars[_MU_K], scalars[_RHO]
        N_row = m * np.array([-r[1], r[0], 0.0])
        K = M + sign * mu_k * np.outer(z, N_row)
        w_dot = _solve(K, rhs - z * (sign * mu_k * F0[2] + rho * w[2]))
        tau = -sign * mu_k * (_dot(N_row, w_dot) + F0[2]) - rho * w[2]
    return w_dot, m * _cross(r, w_dot) + F0, tau, r


@njit(cache=True)
def rates(t, x, scalars, moments, servo, mode, sign):
    """The rate of the state (:data:`robodyn.egg.rolling.STATE_NAMES`): the quaternion's,
    the shell's angular acceleration, the centre's floor velocity and the rotor's speed."""
    w_dot, _, _, r = accelerations(t, x, scalars, moments, servo, mode, sign)
    q = x[0:4] / math.sqrt(_dot(x[0:4], x[0:4]))
    w = x[4:7]
    w_B = _mv(_quaternion_matrix(q).T, w)
    v = -_cross(w, r)
    out = np.empty(10)
    out[0] = 0.5 * (-q[1] * w_B[0] - q[2] * w_B[1] - q[3] * w_B[2])
    out[1] = 0.5 * (q[0] * w_B[0] + q[2] * w_B[2] - q[3] * w_B[1])
    out[2] = 0.5 * (q[0] * w_B[1] - q[1] * w_B[2] + q[3] * w_B[0])
    out[3] = 0.5 * (q[0] * w_B[2] + q[1] * w_B[1] - q[2] * w_B[0])
    out[4:7] = w_dot
    out[7:9] = v[:2]
    out[9] = scalars[_ROTOR_SPEED]
    return out
