"""Chapter 6's checks against answers as students write them.

Right answers in unusual forms (the contact point from the ellipse's normal or by a root find,
the centre's height by a search over the shell, the rates by solving a linear system or with
the inverse matrix, the cross product by a skew matrix or a loop, the offset by a complex-step
derivative, by central or one-sided differences of H, or by sympy) must pass. Wrong answers,
written here independently of the mistake models in robodyn/checks/egg.py, must be named by the
right mistake; an unlisted slip gets the generic message; answers that raise, return None, the wrong
number of values or the wrong shape get a message that says so.
"""

import functools
import math

import numpy as np
import pytest
import sympy
from checkcases import assert_generic_failure, summary
from scipy.optimize import brentq, minimize

from robodyn.grading import evaluate, get_exercise

ANGLE, HEIGHT, RATES, GYRO, OFFSET = ("egg.contact_angle", "egg.center_height",
                                      "egg.euler_rates", "egg.gyro_torque", "egg.contact_offset")


def message(exercise_id, answer) -> str:
    """The whole feedback, with the wrapped lines joined again."""
    failure = evaluate(get_exercise(exercise_id), answer).failure
    assert failure is not None, "the answer passed"
    return str(failure).replace("\n    ", " ")


# --------------------------------------------------------------------------- right answers


def contact_angle_from_the_normal(beta_v, R1, R2):
    """The contact is where the outward normal points down; then the angle of that point."""
    beta = np.asarray(beta_v, dtype=float)
    # normal of (R2 sin psi, R1 cos psi) is along (sin psi / R2, cos psi / R1): at beta from z'
    psi = np.arctan2(R2 * np.sin(beta), R1 * np.cos(beta))
    rho, z = R2 * np.sin(psi), R1 * np.cos(psi)
    return np.arctan2(rho, z)


contact_angle_with_vectorized_atan = np.vectorize(
    lambda beta_v, R1, R2: math.atan((R2 / R1) ** 2 * math.tan(beta_v)))


def _contact_angle_by_root_finding(beta_v, R1, R2):
    """psi where the normal (sin psi / R2, cos psi / R1) is at beta_v from the long axis, by
    brentq; then the angle of the point (R2 sin psi, R1 cos psi)."""
    if beta_v in (0.0, math.pi / 2):
        return beta_v

    def off(psi):
        return math.atan2(math.sin(psi) / R2, math.cos(psi) / R1) - beta_v

    psi = brentq(off, 0.0, math.pi / 2, xtol=1e-15, rtol=1e-15)
    return math.atan2(R2 * math.sin(psi), R1 * math.cos(psi))


contact_angle_by_root_finding = np.vectorize(_contact_angle_by_root_finding)


def _deepest_point(beta, R1, R2, n_grid=181):
    """Depth below the centre of the shell's lowest point: a grid over the surface, refined."""
    down = np.array([0.0, -math.sin(beta), -math.cos(beta)])   # world -z seen in the body

    def depth(angles):
        psi, phi = angles
        point = np.array([R2 * math.sin(psi) * math.cos(phi), R2 * math.sin(psi) * math.sin(phi),
                          R1 * math.cos(psi)])
        return float(point @ down)

    psi, phi = np.meshgrid(np.linspace(0, np.pi, n_grid), np.linspace(-np.pi, np.pi, n_grid))
    grid = (R2 * np.sin(psi) * np.sin(phi) * down[1] + R1 * np.cos(psi) * down[2])
    k = np.unravel_index(np.argmax(grid), grid.shape)
    found = minimize(lambda a: -depth(a), [psi[k], phi[k]], method="Nelder-Mead",
                     options={"xatol": 1e-13, "fatol": 1e-17, "maxiter": 4000})
    return max(-found.fun, float(grid[k]))


def center_height_by_searching_the_shell(beta_v, R1, R2):
    return np.vectorize(_deepest_point)(beta_v, R1, R2)


def euler_rates_by_solving(alpha, beta, gamma, omega_B):
    """Each rate turns about its own axis; those axes in body coordinates are the columns."""
    def rz(a):
        return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0],
                         [0, 0, 1]])

    def rx(a):
        return np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)],
                         [0, math.sin(a), math.cos(a)]])

    z, x = np.array([0, 0, 1.0]), np.array([1.0, 0, 0])
    E = np.column_stack([z, rz(-alpha) @ x, rz(-alpha) @ rx(-beta) @ z])
    return tuple(np.linalg.solve(E, omega_B))


def euler_rates_in_the_world_frame(alpha, beta, gamma, omega_B):
    """omega_W = R omega_B = gamma_dot z + beta_dot Rz(gamma) x + alpha_dot R z."""
    ca, sa, cb, sb, cg, sg = (math.cos(alpha), math.sin(alpha), math.cos(beta), math.sin(beta),
                              math.cos(gamma), math.sin(gamma))
    Rz_g = np.array([[cg, -sg, 0], [sg, cg, 0], [0, 0, 1]])
    Rx_b = np.array([[1, 0, 0], [0, cb, -sb], [0, sb, cb]])
    Rz_a = np.array([[ca, -sa, 0], [sa, ca, 0], [0, 0, 1]])
    R = Rz_g @ Rx_b @ Rz_a
    axes = np.column_stack([R[:, 2], Rz_g[:, 0], [0, 0, 1]])
    alpha_dot, beta_dot, gamma_dot = np.linalg.solve(axes, R @ np.asarray(omega_B))
    return alpha_dot, beta_dot, gamma_dot


def _skews(L):
    """One skew matrix [L]x per row of L (shape (n, 3)): [L]x w = L x w."""
    zero = np.zeros(len(L))
    return np.array([[zero, -L[:, 2], L[:, 1]], [L[:, 2], zero, -L[:, 0]],
                     [-L[:, 1], L[:, 0], zero]]).transpose(2, 0, 1)


def euler_rates_with_the_inverse_matrix(alpha, beta, gamma, omega_B):
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return tuple(np.linalg.inv(E) @ omega_B)


def gyro_torque_with_the_skew_matrix(L, omega):
    single = np.ndim(L) == 1
    torque = np.einsum("nij,nj->ni", _skews(np.atleast_2d(L)), np.atleast_2d(omega))
    return torque[0] if single else torque


def gyro_torque_by_components(L, omega):
    L, omega = np.asarray(L, dtype=float), np.asarray(omega, dtype=float)
    Lx, Ly, Lz = L[..., 0], L[..., 1], L[..., 2]
    wx, wy, wz = omega[..., 0], omega[..., 1], omega[..., 2]
    return np.stack([Ly * wz - Lz * wy, Lz * wx - Lx * wz, Lx * wy - Ly * wx], axis=-1)


def gyro_torque_in_a_loop(L, omega):
    """Row by row with plain floats, the components by the cyclic rule."""
    L, omega = np.asarray(L, dtype=float), np.asarray(omega, dtype=float)
    rows = []
    for l_row, w_row in zip(np.atleast_2d(L).tolist(), np.atleast_2d(omega).tolist(),
                            strict=True):
        rows.append([l_row[(k + 1) % 3] * w_row[(k + 2) % 3]
                     - l_row[(k + 2) % 3] * w_row[(k + 1) % 3] for k in range(3)])
    return np.array(rows).reshape(L.shape)


def contact_offset_from_the_lowest_point(beta_v, R1, R2):
    """Upper end leaning towards +h: the lowest point's horizontal place, towards -h."""
    beta = np.asarray(beta_v, dtype=float)
    # height of (rho, z') = (R2 sin psi, R1 cos psi) is R1 cos(psi) cos(beta) - R2 sin(psi)
    # sin(beta): lowest at psi = atan2(R2 sin beta, -R1 cos beta)
    psi = np.arctan2(R2 * np.sin(beta), -R1 * np.cos(beta))
    rho, z = R2 * np.sin(psi), R1 * np.cos(psi)
    return -(rho * np.cos(beta) + z * np.sin(beta))


def contact_offset_by_complex_step(beta_v, R1, R2, step=1e-30):
    """d = -dH/dbeta_v (the egg rolls over its contact), by a complex step: exact to round-off."""
    beta = np.asarray(beta_v, dtype=float) + 1j * step
    H = np.sqrt((R1 * np.cos(beta)) ** 2 + (R2 * np.sin(beta)) ** 2)
    return -H.imag / step


def _height_of(beta, R1, R2):
    return np.sqrt((R1 * np.cos(beta)) ** 2 + (R2 * np.sin(beta)) ** 2)


def contact_offset_by_central_differences(beta_v, R1, R2, h=1e-6):
    """The text's second route, numerically: d = -dH/dbeta_v by a central difference."""
    beta = np.asarray(beta_v, dtype=float)
    return -(_height_of(beta + h, R1, R2) - _height_of(beta - h, R1, R2)) / (2 * h)


def contact_offset_by_a_one_sided_difference(beta_v, R1, R2, h=1e-7):
    beta = np.asarray(beta_v, dtype=float)
    return (_height_of(beta, R1, R2) - _height_of(beta + h, R1, R2)) / h


def contact_offset_with_sympy(beta_v, R1, R2):
    """-dH/dbeta_v differentiated by sympy, then evaluated with NumPy."""
    b, a, c = sympy.symbols("beta R1 R2", positive=True)
    d = -sympy.diff(sympy.sqrt(a**2 * sympy.cos(b) ** 2 + c**2 * sympy.sin(b) ** 2), b)
    return sympy.lambdify((b, a, c), d, "numpy")(np.asarray(beta_v, dtype=float), R1, R2)


def contact_offset_in_a_loop(beta_v, R1, R2):
    """The first route, one tilt at a time with math: |r(beta_p)| sin(beta_v - beta_p)."""
    out = []
    for beta in np.atleast_1d(beta_v).tolist():
        beta_p = math.atan2(R2**2 * math.sin(beta), R1**2 * math.cos(beta))
        r = R1 * R2 / math.hypot(R2 * math.cos(beta_p), R1 * math.sin(beta_p))
        out.append(r * math.sin(beta - beta_p))
    return np.reshape(out, np.shape(beta_v))


RIGHT = [
    (ANGLE, contact_angle_from_the_normal),
    (ANGLE, contact_angle_with_vectorized_atan),
    (ANGLE, contact_angle_by_root_finding),
    (HEIGHT, center_height_by_searching_the_shell),
    (RATES, euler_rates_by_solving),
    (RATES, euler_rates_in_the_world_frame),
    (RATES, euler_rates_with_the_inverse_matrix),
    (GYRO, gyro_torque_with_the_skew_matrix),
    (GYRO, gyro_torque_by_components),
    (GYRO, gyro_torque_in_a_loop),
    (OFFSET, contact_offset_from_the_lowest_point),
    (OFFSET, contact_offset_by_complex_step),
    (OFFSET, contact_offset_by_central_differences),
    (OFFSET, contact_offset_by_a_one_sided_difference),
    (OFFSET, contact_offset_with_sympy),
    (OFFSET, contact_offset_in_a_loop),
]


@pytest.mark.parametrize(("exercise_id", "answer"), RIGHT,
                         ids=[getattr(answer, "__name__", "vectorized") for _, answer in RIGHT])
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Right answers written in other ways than the reference pass."""
    assert summary(exercise_id, answer) == "passed"


# --------------------------------------------------------------------------- wrong answers


def angle_r1_r2_swapped(beta_v, R1, R2):
    return np.arctan((R1 / R2) ** 2 * np.tan(beta_v))


def angle_ratio_upside_down_once(beta_v, R1, R2):
    """tan(beta_v) = (R1/R2) tan(psi) solved the wrong way round, and psi returned."""
    return np.arctan(R1 / R2 * np.tan(beta_v))


angle_with_exponent_one = np.vectorize(lambda beta_v, R1, R2: math.atan(R2 / R1
                                                                        * math.tan(beta_v)))


def angle_from_the_vertical(beta_v, R1, R2):
    return beta_v - np.arctan(R2**2 / R1**2 * np.tan(beta_v))


def angle_from_the_short_axis(beta_v, R1, R2):
    """The angle from the equator: cot of it is (R2/R1)^2 tan(beta_v)."""
    return np.arctan(R1**2 / (R2**2 * np.tan(beta_v)))


def angle_from_the_floor(beta_v, R1, R2):
    """The line to the contact is at beta_v - beta_p from the vertical: complement of that."""
    to_the_vertical = beta_v - np.arctan((R2 / R1) ** 2 * np.tan(beta_v))
    return math.pi / 2 - to_the_vertical


def angle_in_degrees(beta_v, R1, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v)) * 180 / math.pi


def angle_of_degrees(beta_v, R1, R2):
    beta = np.deg2rad(beta_v)
    return np.arctan((R2 / R1) ** 2 * np.tan(beta))


def angle_as_for_a_sphere(beta_v, R1, R2):
    return beta_v


def angle_towards_the_upper_end(beta_v, R1, R2):
    return -np.arctan(R2**2 / R1**2 * np.tan(beta_v))


def angle_with_one_square(beta_v, R1, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R1 * np.cos(beta_v))


def angle_arctan2_backwards(beta_v, R1, R2):
    return np.arctan2(R1**2 * np.cos(beta_v), R2**2 * np.sin(beta_v))


def height_swapped(beta_v, R1, R2):
    return np.hypot(R2 * np.cos(beta_v), R1 * np.sin(beta_v))


def height_as_the_polar_radius(beta_v, R1, R2):
    """Distance from the centre to the shell along the tilt: 1/r^2 = cos^2/R1^2 + sin^2/R2^2."""
    return 1 / np.sqrt((np.cos(beta_v) / R1) ** 2 + (np.sin(beta_v) / R2) ** 2)


def height_without_the_root(beta_v, R1, R2):
    return (R1 * np.cos(beta_v)) ** 2 + (R2 * np.sin(beta_v)) ** 2


def height_from_eq18(beta_v, R1, R2):
    return R1 * R2 / np.sqrt(R2**2 * np.sin(beta_v) ** 2 + R1**2 * np.cos(beta_v) ** 2)


def height_as_a_sum(beta_v, R1, R2):
    return R1 * np.cos(beta_v) + R2 * np.sin(beta_v)


def height_weighted_by_squares(beta_v, R1, R2):
    c2 = np.cos(beta_v) ** 2
    return R1 * c2 + R2 * (1 - c2)


def height_with_unsquared_trig(beta_v, R1, R2):
    return (R1**2 * np.cos(beta_v) + R2**2 * np.sin(beta_v)) ** 0.5


def height_as_the_distance_to_the_contact(beta_v, R1, R2):
    """The contact point from 6.1, then its distance from the centre."""
    psi = np.arctan((R2 / R1) * np.tan(beta_v))
    return np.sqrt((R2 * np.sin(psi)) ** 2 + (R1 * np.cos(psi)) ** 2)


def rates_by_transposing(alpha, beta, gamma, omega_B):
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return E.T @ omega_B


def rates_from_eq52(alpha, beta, gamma, omega_B):
    wx, wy, wz = omega_B
    return (math.sin(beta) * math.sin(gamma) * wx + math.sin(beta) * math.cos(gamma) * wy
            + math.cos(beta) * wz,
            math.cos(gamma) * wx - math.sin(gamma) * wy,
            wz)


def _right_rates(alpha, beta, omega_B):
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.sin(beta)
    return wz - gamma_dot * np.cos(beta), beta_dot, gamma_dot


def rates_reversed(alpha, beta, gamma, omega_B):
    alpha_dot, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return np.array([gamma_dot, beta_dot, alpha_dot])


def rates_without_the_sine(alpha, beta, gamma, omega_B):
    wx, wy, wz = omega_B
    gamma_dot = wx * np.sin(alpha) + wy * np.cos(alpha)
    return wz - gamma_dot * np.cos(beta), wx * np.cos(alpha) - wy * np.sin(alpha), gamma_dot


def rates_with_alpha_dot_omega_z(alpha, beta, gamma, omega_B):
    _, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return omega_B[2], beta_dot, gamma_dot


def rates_with_plus(alpha, beta, gamma, omega_B):
    _, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return omega_B[2] + gamma_dot * np.cos(beta), beta_dot, gamma_dot


def rates_guarded_widely(alpha, beta, gamma, omega_B):
    if abs(np.sin(beta)) < 1e-2:
        raise ValueError("gimbal lock: the Euler angles are singular here")
    return _right_rates(alpha, beta, omega_B)


def rates_solving_the_rows(alpha, beta, gamma, omega_B):
    rows = np.array([[0.0, 0.0, 1.0],
                     [math.cos(alpha), -math.sin(alpha), 0.0],
                     [math.sin(alpha) * math.sin(beta), math.cos(alpha) * math.sin(beta),
                      math.cos(beta)]])
    return tuple(np.linalg.solve(rows, omega_B))


def rates_forward(alpha, beta, gamma, omega_B):
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return E @ omega_B


def rates_with_gamma(alpha, beta, gamma, omega_B):
    return _right_rates(gamma, beta, omega_B)


def rates_over_cos_beta(alpha, beta, gamma, omega_B):
    wx, wy, wz = omega_B
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.cos(beta)
    return wz - gamma_dot * np.cos(beta), wx * np.cos(alpha) - wy * np.sin(alpha), gamma_dot


def rates_beta_dot_plus(alpha, beta, gamma, omega_B):
    alpha_dot, _, gamma_dot = _right_rates(alpha, beta, omega_B)
    return alpha_dot, omega_B[0] * math.cos(alpha) + omega_B[1] * math.sin(alpha), gamma_dot


def rates_beta_dot_negated(alpha, beta, gamma, omega_B):
    alpha_dot, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return alpha_dot, -beta_dot, gamma_dot


def rates_sin_cos_swapped(alpha, beta, gamma, omega_B):
    wx, wy, wz = omega_B
    s, c = math.cos(alpha), math.sin(alpha)
    gamma_dot = (wx * s + wy * c) / math.sin(beta)
    return wz - gamma_dot * math.cos(beta), wx * c - wy * s, gamma_dot


def gyro_reversed(L, omega):
    return np.cross(omega, L)


def gyro_dot(L, omega):
    return L @ omega


def gyro_dot_per_row(L, omega):
    return np.einsum("...i,...i->...", L, omega)


def gyro_elementwise(L, omega):
    return np.multiply(L, omega)


def gyro_magnitudes(L, omega):
    return np.linalg.norm(L) * np.linalg.norm(omega)


def gyro_magnitudes_per_row(L, omega):
    return np.sqrt(np.sum(L**2, axis=-1) * np.sum(omega**2, axis=-1))


def gyro_middle_sign_wrong(L, omega):
    L, w = np.asarray(L), np.asarray(omega)
    return np.stack([L[..., 1] * w[..., 2] - L[..., 2] * w[..., 1],
                     L[..., 0] * w[..., 2] - L[..., 2] * w[..., 0],
                     L[..., 0] * w[..., 1] - L[..., 1] * w[..., 0]], axis=-1)


def gyro_by_indexing(L, omega):
    Lx, Ly, Lz = L[0], L[1], L[2]
    wx, wy, wz = omega[0], omega[1], omega[2]
    return np.array([Ly * wz - Lz * wy, Lz * wx - Lx * wz, Lx * wy - Ly * wx])


def gyro_along_axis_0(L, omega):
    return np.cross(L, omega, axisa=0, axisb=0, axisc=0)


def gyro_doubled(L, omega):
    return np.cross(L, omega) * 2


def _H(beta, R1, R2):
    return np.sqrt((R1 * np.cos(beta)) ** 2 + (R2 * np.sin(beta)) ** 2)


def offset_without_H(beta_v, R1, R2):
    return (R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v)


def offset_swapped(beta_v, R1, R2):
    return ((R2**2 - R1**2) * np.sin(2 * np.asarray(beta_v)) / 2
            / np.hypot(R2 * np.cos(beta_v), R1 * np.sin(beta_v)))


def offset_towards_the_upper_end(beta_v, R1, R2):
    return (R2**2 - R1**2) * np.sin(beta_v) * np.cos(beta_v) / _H(beta_v, R1, R2)


def offset_lever_arm(beta_v, R1, R2):
    r = R1 * R2 / np.sqrt((R2 * np.cos(beta_v)) ** 2 + (R1 * np.sin(beta_v)) ** 2)
    return r * np.sin(beta_v)


def offset_lever_arm_eq18(beta_v, R1, R2):
    r = R1 * R2 / np.sqrt(R2**2 * np.sin(beta_v) ** 2 + R1**2 * np.cos(beta_v) ** 2)
    return r * np.sin(beta_v)


def offset_halved(beta_v, R1, R2):
    """-dH/dbeta_v with the chain rule's 2 lost."""
    return (R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / (2 * _H(beta_v, R1, R2))


def offset_sin_two_beta(beta_v, R1, R2):
    return (R1**2 - R2**2) * np.sin(2 * np.asarray(beta_v)) / _H(beta_v, R1, R2)


def _beta_p(beta_v, R1, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def _r(theta, R1, R2):
    return R1 * R2 / np.hypot(R2 * np.cos(theta), R1 * np.sin(theta))


def offset_contact_distance_times_sin_tilt(beta_v, R1, R2):
    return _r(_beta_p(beta_v, R1, R2), R1, R2) * np.sin(beta_v)


def offset_height_as_distance(beta_v, R1, R2):
    return _H(beta_v, R1, R2) * np.sin(beta_v - _beta_p(beta_v, R1, R2))


def offset_angle_from_the_axis(beta_v, R1, R2):
    beta_p = _beta_p(beta_v, R1, R2)
    return _r(beta_p, R1, R2) * np.sin(beta_p)


def angle_from_the_sines(beta_v, R1, R2):
    """The ratio of the semi-axes, squared, taken between the sines of the two angles."""
    k = (R2 / R1) ** 2
    return np.arcsin(k * np.sin(beta_v))


def height_with_unsquared_radii(beta_v, R1, R2):
    c, s = np.cos(beta_v), np.sin(beta_v)
    return np.sqrt(c * c * R1 + s * s * R2)


def rates_in_the_order_solved(alpha, beta, gamma, omega_B):
    """The first two rows give beta_dot and gamma_dot, the third then alpha_dot: returned in
    that order."""
    wx, wy, wz = omega_B
    beta_dot = wx * math.cos(alpha) - wy * math.sin(alpha)
    gamma_dot = (wx * math.sin(alpha) + wy * math.cos(alpha)) / math.sin(beta)
    alpha_dot = wz - gamma_dot * math.cos(beta)
    return beta_dot, gamma_dot, alpha_dot


def rates_alpha_gamma_beta(alpha, beta, gamma, omega_B):
    alpha_dot, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return alpha_dot, gamma_dot, beta_dot


def rates_beta_alpha_gamma(alpha, beta, gamma, omega_B):
    alpha_dot, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return [beta_dot, alpha_dot, gamma_dot]


def rates_gamma_alpha_beta(alpha, beta, gamma, omega_B):
    alpha_dot, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return np.array([gamma_dot, alpha_dot, beta_dot])


def rates_with_the_angles_exchanged(alpha, beta, gamma, omega_B):
    """E written as a function E(a, b) of the spin and the tilt, called as E(beta, alpha)."""

    def E(a, b):
        return np.array([[0.0, np.cos(a), np.sin(b) * np.sin(a)],
                         [0.0, -np.sin(a), np.sin(b) * np.cos(a)],
                         [1.0, 0.0, np.cos(b)]])

    alpha_dot, beta_dot, gamma_dot = np.linalg.inv(E(beta, alpha)) @ omega_B
    return alpha_dot, beta_dot, gamma_dot


def offset_vertical_part(beta_v, R1, R2):
    """The line to the contact resolved with the cosine of its angle from the vertical."""
    beta_p = _beta_p(beta_v, R1, R2)
    return _r(beta_p, R1, R2) * np.cos(beta_v - beta_p)


def offset_with_the_parametric_angle(beta_v, R1, R2):
    psi = np.arctan(R2 / R1 * np.tan(np.asarray(beta_v, dtype=float)))
    return _r(psi, R1, R2) * np.sin(beta_v - psi)


def offset_by_a_forward_difference(beta_v, R1, R2, h=1e-3):
    """-dH/dbeta_v by a forward difference of the height, with a step that looks small."""
    H_here = _height_of(beta_v, R1, R2)
    H_next = _height_of(np.add(beta_v, h), R1, R2)
    return (H_here - H_next) / h


STUDENTS = [
    (ANGLE, angle_r1_r2_swapped, "R1 and R2 swapped"),
    (ANGLE, angle_with_exponent_one, "the parametric angle psi"),
    (ANGLE, angle_ratio_upside_down_once, "upside down and to the first power"),
    (ANGLE, angle_from_the_vertical, "from the vertical"),
    (ANGLE, angle_from_the_short_axis, "from the short axis"),
    (ANGLE, angle_from_the_floor, "from the horizontal"),
    (ANGLE, angle_in_degrees, "beta_p returned in degrees"),
    (ANGLE, angle_of_degrees, "beta_v converted from degrees"),
    (ANGLE, angle_as_for_a_sphere, "beta_p = beta_v, which holds only for a sphere"),
    (ANGLE, angle_towards_the_upper_end, "towards the upper end"),
    (ANGLE, angle_with_one_square, "one of the squares dropped"),
    (ANGLE, angle_arctan2_backwards, "np.arctan2's arguments in the wrong order"),
    (ANGLE, angle_from_the_sines, "applied to the sines (np.arcsin)"),
    (HEIGHT, height_swapped, "R1 and R2 swapped"),
    (HEIGHT, height_as_the_polar_radius, "polar radius"),
    (HEIGHT, height_without_the_root, "square root is missing"),
    (HEIGHT, height_from_eq18, "eq. 18"),
    (HEIGHT, height_as_a_sum, "R1 cos + R2 sin"),
    (HEIGHT, height_weighted_by_squares, "R1 cos^2 + R2 sin^2"),
    (HEIGHT, height_with_unsquared_trig, "cos(beta_v) and sin(beta_v) not squared"),
    (HEIGHT, height_with_unsquared_radii, "R1 and R2 not squared under the root"),
    (HEIGHT, height_as_the_distance_to_the_contact, "the distance from the centre to the "
                                                    "contact"),
    (RATES, rates_by_transposing, "transpose of E"),
    (RATES, rates_from_eq52, "eq. 52"),
    (RATES, rates_reversed, "(gamma_dot, beta_dot, alpha_dot)"),
    (RATES, rates_in_the_order_solved, "the rates in the order (beta_dot, gamma_dot, "
                                       "alpha_dot)"),
    (RATES, rates_alpha_gamma_beta, "the rates in the order (alpha_dot, gamma_dot, beta_dot)"),
    (RATES, rates_beta_alpha_gamma, "the rates in the order (beta_dot, alpha_dot, gamma_dot)"),
    (RATES, rates_gamma_alpha_beta, "the rates in the order (gamma_dot, alpha_dot, beta_dot)"),
    (RATES, rates_without_the_sine, "division by sin(beta) is missing"),
    (RATES, rates_with_alpha_dot_omega_z, "alpha_dot = omega_z"),
    (RATES, rates_with_plus, "wrong sign of the heading's share in alpha_dot"),
    (RATES, rates_solving_the_rows, "E built row for column"),
    (RATES, rates_forward, "E applied to omega_B"),
    (RATES, rates_with_gamma, "gamma used where alpha belongs"),
    (RATES, rates_over_cos_beta, "divided by cos(beta) instead of sin(beta)"),
    (RATES, rates_beta_dot_plus, "the sign of the omega_y term in beta_dot"),
    (RATES, rates_beta_dot_negated, "the sign of beta_dot flipped"),
    (RATES, rates_sin_cos_swapped, "sin(alpha) and cos(alpha) exchanged"),
    (GYRO, gyro_reversed, "omega x L"),
    (GYRO, gyro_elementwise, "elementwise product"),
    (GYRO, gyro_middle_sign_wrong, "wrong sign of its middle component"),
    (GYRO, gyro_doubled, "a factor 2"),
    (OFFSET, offset_without_H, "H is missing"),
    (OFFSET, offset_swapped, "R1 and R2 swapped"),
    (OFFSET, offset_towards_the_upper_end, "sign flipped"),
    (OFFSET, offset_lever_arm, "|r(beta_v)| sin(beta_v)"),
    (OFFSET, offset_lever_arm_eq18, "|r| from the source's eq. 18"),
    (OFFSET, offset_halved, "half the lever arm"),
    (OFFSET, offset_sin_two_beta, "twice the lever arm"),
    (OFFSET, offset_contact_distance_times_sin_tilt, "|r| the distance to the contact"),
    (OFFSET, offset_height_as_distance, "the height H for the distance to the contact"),
    (OFFSET, offset_angle_from_the_axis, "|r| sin(beta_p)"),
    (OFFSET, offset_vertical_part, "H, the contact's depth below the centre"),
    (OFFSET, offset_with_the_parametric_angle, "the parametric psi taken for the contact's "
                                               "angle beta_p"),
]

#: Forward differences of H too coarse for the check, with the steps a student picks.
COARSE = [(h, functools.partial(offset_by_a_forward_difference, h=h))
          for h in (1e-2, 1e-3, 1e-4, 1e-5)]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[getattr(a, "__name__", "vectorized") for _, a, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """A wrong value from a typical mistake is named by that mistake on the first line."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


@pytest.mark.parametrize(("answer", "name"), [
    (gyro_dot, "the dot product L . omega"),
    (gyro_dot_per_row, "the dot product of each pair"),
    (gyro_magnitudes, "|L| |omega|: a number"),
    (gyro_magnitudes_per_row, "|L| |omega| of each pair"),
], ids=["gyro_dot", "gyro_dot_per_row", "gyro_magnitudes", "gyro_magnitudes_per_row"])
def test_a_number_for_a_vector_is_a_wrong_shape_and_named(answer, name):
    """L . omega and |L| |omega| give numbers: the shape is wrong, and the mistake is named,
    for a whole batch at once (np.dot, one number) and row by row alike."""
    line = summary(GYRO, answer)
    assert line.startswith(f"{GYRO}: wrong shape of tau_gyro: expected shape (3,), got a single "
                           f"number — looks like ")
    assert name in line


def test_components_by_index_are_a_wrong_shape_for_n_pairs_and_named():
    """L[0], L[1], L[2] are right for one pair and rows for n pairs: a wrong shape, named."""
    line = summary(GYRO, gyro_by_indexing)
    assert line.startswith(f"{GYRO}: wrong shape of tau_gyro: expected shape (5, 3), got shape "
                           f"(3, 3) — looks like the components taken as L[0], L[1], L[2]")


def test_a_cross_product_along_axis_0_raises_for_n_pairs_and_is_named():
    """np.cross along axis 0 raises for (5, 3) pairs: the error is named, with the hint."""
    text = message(GYRO, gyro_along_axis_0)
    assert text.splitlines()[0] == (f"{GYRO}: your answer raised ValueError — looks like the "
                                    f"cross product along axis 0: for n pairs, the components "
                                    f"taken down the columns")
    assert "Hint: Each row of an (n, 3) array is one pair's (x, y, z)" in text


def test_e_with_the_angles_exchanged_raises_at_alpha_0_and_is_named():
    """E(beta, alpha) is singular at the fixed case alpha = 0: the LinAlgError is named, and
    the hint points to that case and to where E is really singular."""
    text = message(RATES, rates_with_the_angles_exchanged)
    assert text.splitlines()[0] == (f"{RATES}: your answer raised LinAlgError — looks like E "
                                    f"built with alpha and beta exchanged: singular at alpha "
                                    f"= 0, not where sin(beta) = 0")
    assert "Called:    euler_rates(alpha=0.0, beta=0.5" in text
    assert "E's determinant is sin(beta)" in text


@pytest.mark.parametrize(("h", "answer"), COARSE, ids=[f"h={h:g}" for h, _ in COARSE])
def test_a_coarse_forward_difference_is_named_with_its_step(h, answer):
    """-dH/dbeta_v by a forward difference of step 1e-2 to 1e-5 rad is off by more than the
    1e-7 m allowed: named with its step; 1e-6 rad passes (with the note on precision)."""
    line = summary(OFFSET, answer)
    assert line == (f"{OFFSET}: wrong result — looks like a forward difference of H with the "
                    f"step h = {h:g} rad: too coarse for the check's 1e-7 m")
    assert summary(OFFSET, functools.partial(offset_by_a_forward_difference, h=1e-6)) == "passed"


def test_a_numerical_derivative_passes_with_the_note_on_precision():
    """-dH/dbeta_v by central differences (h = 1e-6) passes, and the PASSED text says that it
    agrees only within the tolerance, and why; the exact formula gets no note."""
    numerical = evaluate(get_exercise(OFFSET), contact_offset_by_central_differences)
    assert numerical.failure is None
    text = numerical.text.replace("\n    ", " ")
    assert "Note: your d agrees with the exact lever arm only to within nanometres" in text
    exact = evaluate(get_exercise(OFFSET), get_exercise(OFFSET).reference)
    assert "Note:" not in exact.text


def test_the_offsets_tolerance_still_refuses_a_wrong_lever_by_a_hair():
    """0.1 um is the tolerance: an offset 1 um off at the palm-sized egg's 0.5 rad fails."""

    def off_by_a_micrometre(beta_v, R1, R2):
        return contact_offset_by_complex_step(beta_v, R1, R2) + 1e-6

    assert summary(OFFSET, off_by_a_micrometre).startswith(f"{OFFSET}: wrong result for ")


@pytest.mark.parametrize("exercise_id", [ANGLE, HEIGHT, RATES, GYRO, OFFSET])
def test_no_hint_prints_the_answer(exercise_id):
    """The hints teach; none prints the formula the exercise asks for."""
    answers = ("(R2/R1)^2 tan", "sqrt(R1^2 cos^2", "R1^2 cos^2(beta_v) + R2^2",
               "gamma_dot = (wx sin", "alpha_dot = wz - gamma_dot cos", "np.cross(L, omega)",
               "(R1^2 - R2^2) sin")
    for mistake in get_exercise(exercise_id).mistakes:
        assert not any(answer in mistake.hint for answer in answers), mistake.name


def test_a_guard_too_wide_is_named_with_its_hint():
    """A ValueError raised at beta = 0.001 rad is named as a guard too wide, with the hint."""
    text = message(RATES, rates_guarded_widely)
    assert text.splitlines()[0].startswith(
        f"{RATES}: your answer raised ValueError — looks like a singularity guard too wide")
    assert "beta=0.001" in text and "Only sin(beta) = 0 itself is singular" in text


def test_another_error_near_the_singularity_shows_the_call():
    """Another exception at the near-upright attitude gets the generic but concrete message."""

    def refuses(alpha, beta, gamma, omega_B):
        if math.sin(beta) < 0.05:
            raise RuntimeError("too close to gimbal lock")
        return _right_rates(alpha, beta, omega_B)

    text = message(RATES, refuses)
    assert text.splitlines()[0] == (f"{RATES}: your answer raised RuntimeError: too close to "
                                    f"gimbal lock")
    assert "Called:    euler_rates(alpha=0.3, beta=0.001, gamma=1.0, omega_B=array([0.5, 0.8, " \
           "1.0]))" in text


def test_zeros_near_the_singularity_are_wrong_on_that_input():
    """Returning zeros for small beta fails there, and the message says what that input is."""

    def zeros_near_upright(alpha, beta, gamma, omega_B):
        if abs(math.sin(beta)) < 0.01:
            return 0.0, 0.0, 0.0
        return _right_rates(alpha, beta, omega_B)

    text = message(RATES, zeros_near_upright)
    assert text.splitlines()[0] == (f"{RATES}: wrong result for nearly upright, beta = 0.001 "
                                    f"rad: the rates are large, but finite")
    assert "looks like" not in text


def test_the_near_singular_cases_are_large_but_finite_and_never_singular():
    """The cases include beta 0.001 rad from 0 and from pi, never sin(beta) = 0 itself."""
    exercise = get_exercise(RATES)
    betas = [case.args[1] for case in exercise.cases()]
    assert min(abs(math.sin(b)) for b in betas) == pytest.approx(1e-3, rel=1e-6)
    near = [case for case in exercise.cases() if abs(math.sin(case.args[1])) < 0.01]
    assert len(near) == 2
    for case in near:
        rates = np.array(exercise.reference(*case.args))
        assert np.all(np.isfinite(rates)) and np.max(np.abs(rates)) > 100


# --------------------------------------------------------------------------- unlisted slips


def angle_scaled_by_the_axes(beta_v, R1, R2):
    return R2 / R1 * np.asarray(beta_v)


def height_mean_of_the_axes(beta_v, R1, R2):
    return np.full(np.shape(beta_v), (R1 + R2) / 2)


def rates_without_alpha(alpha, beta, gamma, omega_B):
    wx, wy, wz = omega_B
    return wz - wy * np.cos(beta) / np.sin(beta), wx, wy / np.sin(beta)


def gyro_half(L, omega):
    return 0.5 * np.cross(L, omega) + 1e-3


def offset_of_the_tilt(beta_v, R1, R2):
    return (R1 - R2) * np.sin(beta_v)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (ANGLE, angle_scaled_by_the_axes),
    (HEIGHT, height_mean_of_the_axes),
    (RATES, rates_without_alpha),
    (GYRO, gyro_half),
    (OFFSET, offset_of_the_tilt),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer no mistake explains gets the generic message, naming no mistake."""
    assert_generic_failure(exercise_id, answer)


def test_the_generic_message_shows_call_expected_got_and_tolerance():
    """The generic message says what was called, expected and returned, and the tolerance."""
    text = message(OFFSET, offset_of_the_tilt)
    for part in ("Called:    contact_offset(beta_v=0.5, R1=0.06, R2=0.045)",
                 "This input: a palm-sized egg (R1 = 6 cm, R2 = 4.5 cm) tilted by 0.5 rad.",
                 "Expected:  d = 0.0116453376727", "Got:       d = 0.00719138307906",
                 "Tolerance: d within rtol=1e-06, atol=1e-07"):
        assert part in text


# --------------------------------------------------------------------------- misbehaving


def test_none_and_math_functions_get_clear_messages():
    """None says 'return' is missing; math.atan on arrays is told to vectorise."""

    def forgets_to_return(beta_v, R1, R2):
        np.arctan((R2 / R1) ** 2 * np.tan(beta_v))

    def with_math(beta_v, R1, R2):
        return math.atan((R2 / R1) ** 2 * math.tan(beta_v))

    assert "returned None — is the `return` statement missing?" in summary(ANGLE,
                                                                           forgets_to_return)
    text = message(ANGLE, with_math)
    assert text.splitlines()[0].startswith(f"{ANGLE}: works on single numbers but fails on "
                                           f"NumPy arrays")
    assert "np.arctan2 instead of" in text


def test_a_number_for_an_array_of_tilts_is_not_vectorised():
    """float() around the result gives one number for seven tilts: 'not vectorised'."""

    def one_number(beta_v, R1, R2):
        return float(np.mean(np.sqrt((R1 * np.cos(beta_v)) ** 2 + (R2 * np.sin(beta_v)) ** 2)))

    assert summary(HEIGHT, one_number).startswith(
        f"{HEIGHT}: not vectorised — for NumPy array input, H came back with shape (), "
        f"expected shape (7,)")


def test_two_rates_instead_of_three_are_told():
    """Returning (beta_dot, gamma_dot) only says three values are expected."""

    def two(alpha, beta, gamma, omega_B):
        return _right_rates(alpha, beta, omega_B)[1:]

    assert summary(RATES, two) == (
        f"{RATES}: expected (alpha_dot, beta_dot, gamma_dot), got a tuple of 2 values: return "
        f"them as in `return alpha_dot, beta_dot, gamma_dot`")


def test_unpacking_a_batch_raises_and_the_call_shows_it():
    """Unpacking L into three numbers fails on a (5, 3) batch; the message shows that call."""

    def unpacks(L, omega):
        Lx, Ly, Lz = L
        wx, wy, wz = omega
        return np.array([Ly * wz - Lz * wy, Lz * wx - Lx * wz, Lx * wy - Ly * wx])

    text = message(GYRO, unpacks)
    assert text.splitlines()[0].startswith(f"{GYRO}: your answer raised ValueError")
    assert "Called:    gyro_torque(L=array([[0.0, 0.0, 2.0], [0.3, -0.6, 0.9]" in text


def test_a_column_instead_of_a_row_is_a_wrong_shape():
    """np.cross(...)[:, None] has shape (3, 1): the message names the expected (3,)."""

    def column(L, omega):
        return np.cross(L, omega)[..., None]

    assert summary(GYRO, column) == (f"{GYRO}: wrong shape of tau_gyro: expected shape (3,), "
                                     f"got shape (3, 1)")


def test_changing_omega_in_place_is_told():
    """Normalising omega in place changes the caller's array: the check says so."""

    def normalises(L, omega):
        speed = np.linalg.norm(omega, axis=-1, keepdims=True)
        omega /= np.where(speed > 0, speed, 1.0)
        return np.cross(L, omega) * speed

    assert summary(GYRO, normalises) == f"{GYRO}: your answer changed its input omega in place"


def test_every_listed_mistake_is_met_by_a_students_answer_here():
    """Each mistake of robodyn.checks.egg is named for one of the answers written above."""
    answers = [(i, a) for i, a, _ in STUDENTS] + [
        (GYRO, gyro_dot), (GYRO, gyro_dot_per_row), (GYRO, gyro_magnitudes),
        (GYRO, gyro_magnitudes_per_row), (RATES, rates_guarded_widely), (GYRO, gyro_by_indexing),
        (GYRO, gyro_along_axis_0), (RATES, rates_with_the_angles_exchanged)] + [
        (OFFSET, answer) for _, answer in COARSE]
    named = set()
    for exercise_id, answer in answers:
        line = summary(exercise_id, answer)
        named.add((exercise_id, line.split(" — looks like ", 1)[1]))
    listed = {(i, m.name) for i in (ANGLE, HEIGHT, RATES, GYRO, OFFSET)
              for m in get_exercise(i).mistakes}
    assert named == listed


# --------------------------------------------------------------------------- 6.6 rocking period

ROCK = "egg.rocking_period"


def rocking_by_sympy(R1, R2, mass, I_t, g):
    """Lagrangian of the planar rolling ellipse, expanded by sympy: the stiffness V''(0) and the
    inertia M(0) = I_t + m (h^2 + h'^2) at lying, then T = 2 pi sqrt(M / V'')."""
    eps = sympy.symbols("epsilon")
    h = sympy.sqrt(R1**2 * sympy.sin(eps) ** 2 + R2**2 * sympy.cos(eps) ** 2)
    stiffness = sympy.diff(mass * g * h, eps, 2).subs(eps, 0)
    inertia = (I_t + mass * (h**2 + sympy.diff(h, eps) ** 2)).subs(eps, 0)
    return float(2 * sympy.pi * sympy.sqrt(inertia / stiffness))


def rocking_by_differences(R1, R2, mass, I_t, g):
    """The stiffness as a central second difference of m g H around lying (step 1e-4 rad),
    H the support function; the contact straight below the centre at R2."""
    def height(eps):
        return math.sqrt((R1 * math.sin(eps)) ** 2 + (R2 * math.cos(eps)) ** 2)

    step = 1e-4
    k = mass * g * (height(step) - 2 * height(0.0) + height(-step)) / step**2
    return 2 * math.pi / math.sqrt(k / (I_t + mass * R2**2))


def rocking_by_a_fit(R1, R2, mass, I_t, g):
    """The brute-force meridian of the chapter: the centre's height at small tilts as the
    lowest of 20 001 points, fitted by a parabola, and a loop for the inertia's parts."""
    tilts = np.linspace(-0.02, 0.02, 9)
    psi = np.linspace(0, 2 * np.pi, 20_001)
    rises = []
    for eps in tilts:
        along, across = R1 * np.cos(psi), R2 * np.sin(psi)
        rises.append(-np.min(along * np.sin(eps) - across * np.cos(eps)))
    curvature = np.polyfit(tilts, np.array(rises), 2)[0]           # H ~ R2 + c eps^2
    inertia = 0.0
    for part in (I_t, mass * R2**2):
        inertia += part
    return 2 * np.pi * np.sqrt(inertia / (2 * curvature * mass * g))


def rocking_as_frequency_inverse(R1, R2, mass, I_t, g):
    """omega^2 = k / J, written as a frequency first and inverted."""
    frequency = math.sqrt(mass * g * (R1**2 - R2**2) / R2 / (I_t + mass * R2**2)) / (2 * math.pi)
    return 1 / frequency


@pytest.mark.parametrize("answer", [rocking_by_sympy, rocking_by_differences,
                                    rocking_as_frequency_inverse],
                         ids=lambda value: value.__name__)
def test_right_rocking_periods_in_unusual_forms_pass(answer):
    """sympy's series, a second difference of H, the period from a frequency: all pass."""
    assert evaluate(get_exercise(ROCK), answer).failure is None


def test_a_brute_force_fit_is_close_but_not_exact():
    """The parabola fitted to a sampled meridian is right to about 1e-4, not to the check's
    1e-6: it fails as a plain wrong result, naming no mistake (its error is sampling)."""
    failure = evaluate(get_exercise(ROCK), rocking_by_a_fit).failure
    reference = get_exercise(ROCK).reference(0.06, 0.045, 0.215, 2.1857e-4, 9.81)
    assert abs(rocking_by_a_fit(0.06, 0.045, 0.215, 2.1857e-4, 9.81) / reference - 1) < 1e-3
    assert failure is not None and "looks like" not in str(failure)


def rocking_without_the_floor(R1, R2, mass, I_t, g):
    k = mass * g * (R1**2 - R2**2) / R2
    return 2 * np.pi * np.sqrt(I_t / k)


def rocking_with_R1_lever(R1, R2, mass, I_t, g):
    J = I_t + mass * R1 * R1
    return 2 * np.pi * np.sqrt(J * R2 / (mass * g * (R1**2 - R2**2)))


def rocking_only_steiner(R1, R2, mass, I_t, g):
    J = mass * R2**2
    return 2 * math.pi * math.sqrt(J / (mass * g * (R1**2 - R2**2) / R2))


def rocking_over_R1(R1, R2, mass, I_t, g):
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) * R1 / (mass * g * (R1**2 - R2**2)))


def rocking_rise_without_half(R1, R2, mass, I_t, g):
    rise_per_eps2 = (R1**2 - R2**2) / R2                  # forgot the 1/2 of the expansion
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) / (2 * mass * g * rise_per_eps2))


def rocking_with_polar_radius(R1, R2, mass, I_t, g):
    """The height as |r(theta)| straight below the centre, expanded by a second difference."""
    def polar(theta):
        return R1 * R2 / math.sqrt(R2**2 * math.cos(theta) ** 2 + R1**2 * math.sin(theta) ** 2)

    step = 1e-4
    curvature = (polar(math.pi / 2 + step) - 2 * polar(math.pi / 2)
                 + polar(math.pi / 2 - step)) / step**2
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) / (mass * g * curvature))


def rocking_without_mass_in_k(R1, R2, mass, I_t, g):
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) * R2 / (g * (R1**2 - R2**2)))


def rocking_omega(R1, R2, mass, I_t, g):
    return math.sqrt(mass * g * (R1**2 - R2**2) / R2 / (I_t + mass * R2**2))


def rocking_hertz(R1, R2, mass, I_t, g):
    return rocking_omega(R1, R2, mass, I_t, g) / 2 / math.pi


def rocking_without_two_pi(R1, R2, mass, I_t, g):
    return 1 / rocking_omega(R1, R2, mass, I_t, g)


def rocking_coefficient_as_stiffness(R1, R2, mass, I_t, g):
    """V = m g H = m g (R2 + c eps^2): the coefficient m g c read as the stiffness."""
    c = (R1**2 - R2**2) / (2 * R2)
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) / (mass * g * c))


def rocking_with_height_squared(R1, R2, mass, I_t, g):
    """The curvature of H^2, by a second difference, where that of H belongs."""
    def height_squared(eps):
        beta = math.pi / 2 - eps
        return (R1 * math.cos(beta)) ** 2 + (R2 * math.sin(beta)) ** 2

    step = 1e-3
    curvature = (height_squared(step) - 2 * height_squared(0.0) + height_squared(-step)) / step**2
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) / (mass * g * curvature))


def rocking_as_pendulum(R1, R2, mass, I_t, g):
    """The centre taken to swing at R1 - R2 above a fixed pivot, as a pendulum does."""
    length = R1 - R2
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) / (mass * g * length))


ROCKING_STUDENTS = [
    (rocking_without_the_floor, "I_t alone: no force of the floor"),
    (rocking_with_R1_lever, "with R1 for the distance"),
    (rocking_only_steiner, "I_t forgotten"),
    (rocking_over_R1, "R1 where R2 belongs in the denominator"),
    (rocking_rise_without_half, "without its 1/2"),
    (rocking_with_polar_radius, "polar radius |r|"),
    (rocking_without_mass_in_k, "mass left out of the stiffness"),
    (rocking_omega, "the angular frequency"),
    (rocking_hertz, "the frequency in Hz"),
    (rocking_without_two_pi, "without the 2 pi"),
    (rocking_coefficient_as_stiffness, "the coefficient of epsilon^2"),
    (rocking_with_height_squared, "H^2 expanded and taken for H"),
    (rocking_as_pendulum, "a pendulum of length R1 - R2"),
]


@pytest.mark.parametrize(("answer", "named"), ROCKING_STUDENTS,
                         ids=lambda value: getattr(value, "__name__", "named"))
def test_wrong_rocking_periods_are_named(answer, named):
    """Each slip, written as a student writes it, is named by its mistake."""
    line = summary(ROCK, answer)
    assert " — looks like " in line and named in line, line


def test_every_rocking_mistake_is_met_and_no_hint_prints_the_period():
    """Each listed mistake of 6.6 is named for a student's answer above; no hint prints the
    period's formula or the stiffness."""
    named = {summary(ROCK, answer).split(" — looks like ", 1)[1]
             for answer, _ in ROCKING_STUDENTS}
    assert named == {m.name for m in get_exercise(ROCK).mistakes}
    for mistake in get_exercise(ROCK).mistakes:
        for answer in ("m g (R1^2 - R2^2) / R2", "2 pi sqrt((I_t + m R2^2)",
                       "(R1^2 - R2^2) epsilon^2 / (2 R2)"):
            assert answer not in mistake.hint, mistake.name


def test_an_unlisted_rocking_slip_is_wrong_but_not_misnamed():
    """A pendulum of length R2 gets the generic message."""
    assert_generic_failure(ROCK, lambda R1, R2, mass, I_t, g: 2 * math.pi * math.sqrt(R2 / g))


def test_the_rocking_reference_agrees_with_the_simulated_rocking():
    """The check's reference on the book's egg is the period egg.simulate rocks with,
    released 0.02 rad from lying: to 5e-4 (measured 2.5e-4, the amplitude's effect)."""
    from robodyn import egg

    still = egg.EggParams(rotor_speed=0.0)
    I_t = egg.lumped_inertia(still)[0, 0]
    T0 = get_exercise(ROCK).reference(still.R1, still.R2, still.mass, I_t, still.g)
    run = egg.simulate(still, t_end=3 * T0, tilt=np.pi / 2 - 0.02, dt=5e-4)
    assert egg.oscillation_period(run.t, run.beta) == pytest.approx(T0, rel=5e-4)
