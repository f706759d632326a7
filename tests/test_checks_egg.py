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
from scipy.integrate import solve_ivp
from scipy.linalg import expm
from scipy.optimize import brentq, minimize_scalar

from robodyn.core.rotations import wrap_angle
from robodyn.grading import evaluate, get_exercise

ANGLE, HEIGHT, RATES, GYRO, OFFSET = ("egg.contact_angle", "egg.center_height",
                                      "egg.euler_rates", "egg.gyro_torque", "egg.contact_offset")


def message(exercise_id, answer) -> str:
    """The whole feedback, with the wrapped lines joined again."""
    failure = evaluate(get_exercise(exercise_id), answer).failure
    assert failure is not None, "the answer passed"
    return str(failure).replace("\n    ", " ")


# --------------------------------------------------------------------------- right answers


def _half_down(beta_v, R_tip, R_blunt):
    """The long semi-axis of the half that is down, and that half's axis' tilt from the
    vertical (both as arrays)."""
    beta = np.asarray(beta_v, dtype=float)
    tip_down = beta <= np.pi / 2
    return np.where(tip_down, R_tip, R_blunt), np.where(tip_down, beta, np.pi - beta), tip_down


def contact_angle_from_the_normal(beta_v, R_tip, R_blunt, R2):
    """On the half that is down: the psi whose normal points down, then the point's angle;
    on the blunt half, from the blunt axis, then turned to the pointed one."""
    R, b, tip_down = _half_down(beta_v, R_tip, R_blunt)
    psi = np.arctan2(R2 * np.sin(b), R * np.cos(b))
    angle = np.arctan2(R2 * np.sin(psi), R * np.cos(psi))
    return np.where(tip_down, angle, np.pi - angle)


def _contact_angle_by_root_finding(beta_v, R_tip, R_blunt, R2):
    """The lowest point of the meridian (R2 sin psi, R(psi) cos psi), psi in [0, pi] from the
    pointed half-axis: where the depth's derivative in psi vanishes, by brentq."""
    if beta_v in (0.0, math.pi):
        return beta_v
    down = (math.sin(beta_v), math.cos(beta_v))            # straight down, in (x', z')

    def long(psi):
        return R_tip if psi <= math.pi / 2 else R_blunt

    def slope(psi):
        return R2 * math.cos(psi) * down[0] - long(psi) * math.sin(psi) * down[1]

    low, high = (1e-300, math.pi / 2) if beta_v <= math.pi / 2 else (math.pi / 2, math.pi)
    psi = brentq(slope, low, high, xtol=1e-15, rtol=1e-15) if slope(high) != 0 else high
    return math.atan2(R2 * math.sin(psi), long(psi) * math.cos(psi))


contact_angle_by_root_finding = np.vectorize(_contact_angle_by_root_finding)


def _lowest_depth(beta, R_tip, R_blunt, R2, n_grid=2001):
    """Depth below the equator's centre of the lowest point of the two halves' meridian: a
    grid over psi, refined by a bounded search on the half where the grid is deepest."""
    down = np.array([math.sin(beta), math.cos(beta)])

    def depth(psi):
        long = np.where(np.cos(psi) >= 0, R_tip, R_blunt)
        return R2 * np.sin(psi) * down[0] + long * np.cos(psi) * down[1]

    psi = np.linspace(-np.pi, np.pi, n_grid)
    k = int(np.argmax(depth(psi)))
    step = psi[1] - psi[0]
    found = minimize_scalar(lambda a: -float(depth(a)), bounds=(psi[k] - step, psi[k] + step),
                            method="bounded", options={"xatol": 1e-12})
    return max(-found.fun, float(depth(psi[k])))


def center_height_by_searching_the_shell(beta_v, R_tip, R_blunt, R2, e):
    """The deepest point of the meridian below the equator's centre, then the mass centre e
    towards the blunt end: its depth below the equator's centre is -e cos(beta_v)."""
    depth = np.vectorize(_lowest_depth)(beta_v, R_tip, R_blunt, R2)
    return depth + e * np.cos(beta_v)


def center_height_with_if_else(beta_v, R_tip, R_blunt, R2, e):
    """A loop with if/else over the tilts, the half's support function by hand."""
    out = []
    for beta in np.atleast_1d(beta_v).tolist():
        R = R_tip if beta < math.pi / 2 else R_blunt
        out.append(math.hypot(R * math.cos(beta), R2 * math.sin(beta)) + e * math.cos(beta))
    return np.reshape(out, np.shape(beta_v))


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


def euler_rates_with_the_inverse_matrix(alpha, beta, gamma, omega_B):
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return tuple(np.linalg.inv(E) @ omega_B)


def integrated(rates, rtol=1e-10, atol=1e-12):
    """A student's integrator around a function of the rates (alpha, beta, gamma, omega_B):
    solve_ivp (RK45) with tight tolerances, the angles at the end."""
    def integrate_euler_angles(alpha, beta, gamma, omega_B, t):
        run = solve_ivp(lambda _, q: np.asarray(rates(*q, omega_B), dtype=float), (0.0, t),
                        [alpha, beta, gamma], rtol=rtol, atol=atol)
        return tuple(run.y[:, -1])

    integrate_euler_angles.__name__ = f"integrated_{rates.__name__}"
    return integrate_euler_angles


def integrate_by_rk4(alpha, beta, gamma, omega_B, t):
    """Classic RK4 by hand, steps of about 2 ms, the rates from the rows of E."""
    n = max(1, math.ceil(t / 2e-3))
    h = t / n
    q = np.array([alpha, beta, gamma], dtype=float)

    def f(q):
        return np.array(_right_rates(q[0], q[1], omega_B))

    for _ in range(n):
        k1 = f(q)
        k2 = f(q + h / 2 * k1)
        k3 = f(q + h / 2 * k2)
        k4 = f(q + h * k3)
        q = q + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return q[0], q[1], q[2]


def _angles_of(R):
    """(alpha, beta, gamma) of R = Rz(gamma) Rx(beta) Rz(alpha), read off its entries."""
    return (math.atan2(R[2, 0], R[2, 1]), math.acos(np.clip(R[2, 2], -1, 1)),
            math.atan2(R[0, 2], -R[1, 2]))


def _attitude(alpha, beta, gamma):
    def rz(a):
        return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0],
                         [0, 0, 1]])

    rx = np.array([[1, 0, 0], [0, math.cos(beta), -math.sin(beta)],
                   [0, math.sin(beta), math.cos(beta)]])
    return rz(gamma) @ rx @ rz(alpha)


def integrate_by_quaternion(alpha, beta, gamma, omega_B, t):
    """The attitude as a quaternion, q_dot = q (0, omega_B) / 2, by solve_ivp; then the
    angles read off its matrix. A second method with no E at all."""
    from scipy.spatial.transform import Rotation

    x, y, z, w = Rotation.from_matrix(_attitude(alpha, beta, gamma)).as_quat()
    wx, wy, wz = omega_B

    def q_dot(_, q):
        q0, q1, q2, q3 = q
        return 0.5 * np.array([-q1 * wx - q2 * wy - q3 * wz, q0 * wx + q2 * wz - q3 * wy,
                               q0 * wy + q3 * wx - q1 * wz, q0 * wz + q1 * wy - q2 * wx])

    run = solve_ivp(q_dot, (0.0, t), [w, x, y, z], rtol=1e-11, atol=1e-13)
    q0, q1, q2, q3 = run.y[:, -1]
    return _angles_of(Rotation.from_quat([q1, q2, q3, q0]).as_matrix())


def integrate_by_the_matrix_exponential(alpha, beta, gamma, omega_B, t):
    """The closed form R(t) = R(0) expm(t [omega_B]x), without integrating at all."""
    wx, wy, wz = omega_B
    skew = np.array([[0, -wz, wy], [wz, 0, -wx], [-wy, wx, 0]])
    return _angles_of(_attitude(alpha, beta, gamma) @ expm(t * skew))


def contact_offset_from_the_lowest_point(beta_v, R_tip, R_blunt, R2, e):
    """The lowest point of the half that is down, found in closed form in the tilted plane
    (x horizontal towards the tip's side, z up), minus the mass centre's x."""
    beta = np.asarray(beta_v, dtype=float)
    R = np.where(beta <= np.pi / 2, R_tip, R_blunt)
    # the pointed axis points along (sin beta, -cos beta), the equator's radius along
    # (cos beta, sin beta): the point (rho, z') sits at z' (sin, -cos) + rho (cos, sin)
    # z = -R cos(psi) cos(beta) + R2 sin(psi) sin(beta), lowest where dz/dpsi = 0; past
    # pi/2 this psi falls on the blunt half by itself (cos(psi) < 0)
    psi = np.arctan2(-R2 * np.sin(beta), R * np.cos(beta))
    x = R * np.cos(psi) * np.sin(beta) + R2 * np.sin(psi) * np.cos(beta)
    return x + e * np.sin(beta)


def _mass_height(beta, R_tip, R_blunt, R2, e):
    R = np.where(np.real(beta) <= np.pi / 2, R_tip, R_blunt)
    return np.sqrt((R * np.cos(beta)) ** 2 + (R2 * np.sin(beta)) ** 2) + e * np.cos(beta)


def contact_offset_by_complex_step(beta_v, R_tip, R_blunt, R2, e, step=1e-30):
    """d = -dH_m/dbeta_v (the egg rolls over its contact), by a complex step: exact to
    round-off."""
    beta = np.asarray(beta_v, dtype=float) + 1j * step
    return -_mass_height(beta, R_tip, R_blunt, R2, e).imag / step


def contact_offset_by_central_differences(beta_v, R_tip, R_blunt, R2, e, h=1e-6):
    """The text's second route, numerically: d = -dH_m/dbeta_v by a central difference."""
    beta = np.asarray(beta_v, dtype=float)
    return -(_mass_height(beta + h, R_tip, R_blunt, R2, e)
             - _mass_height(beta - h, R_tip, R_blunt, R2, e)) / (2 * h)


def contact_offset_by_a_one_sided_difference(beta_v, R_tip, R_blunt, R2, e, h=1e-7):
    beta = np.asarray(beta_v, dtype=float)
    return (_mass_height(beta, R_tip, R_blunt, R2, e)
            - _mass_height(beta + h, R_tip, R_blunt, R2, e)) / h


def contact_offset_with_sympy(beta_v, R_tip, R_blunt, R2, e):
    """-dH_m/dbeta_v differentiated by sympy for one half, evaluated on the half that is
    down with NumPy."""
    b, a, c, m = sympy.symbols("beta R R2 e", real=True)
    H = sympy.sqrt(a**2 * sympy.cos(b) ** 2 + c**2 * sympy.sin(b) ** 2) + m * sympy.cos(b)
    d = sympy.lambdify((b, a, c, m), -sympy.diff(H, b), "numpy")
    beta = np.asarray(beta_v, dtype=float)
    return d(beta, np.where(beta <= np.pi / 2, R_tip, R_blunt), R2, e)


def contact_offset_in_a_loop(beta_v, R_tip, R_blunt, R2, e):
    """The first route, one tilt at a time with math: the contact at |r(beta_p)| and
    beta_v - beta_p from the vertical, the mass centre e sin(beta_v) the other way."""
    out = []
    for beta in np.atleast_1d(beta_v).tolist():
        R = R_tip if beta <= math.pi / 2 else R_blunt
        beta_p = math.atan2(R2**2 * math.sin(beta), R**2 * math.cos(beta))
        r = R * R2 / math.hypot(R2 * math.cos(beta_p), R * math.sin(beta_p))
        out.append(r * math.sin(beta - beta_p) + e * math.sin(beta))
    return np.reshape(out, np.shape(beta_v))


def gimbal_torque_by_euler_in_the_ring(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Euler's equations in the ring's frame (x, y_ring, a): there L = (I_tilt phi_dot, 0,
    I_spin spin) turns with omega = (phi_dot, 0, 0); tau = dL/dt + omega x L, then turned
    into the world by Rx(phi)."""
    phi, phi_dot, phi_ddot = np.broadcast_arrays(*(np.asarray(v, dtype=float)
                                                   for v in (phi, phi_dot, phi_ddot)))
    L = np.stack([I_tilt * phi_dot, 0 * phi, I_spin * spin + 0 * phi], axis=-1)
    omega = np.stack([phi_dot, 0 * phi, 0 * phi], axis=-1)
    L_dot = np.stack([I_tilt * phi_ddot, 0 * phi, 0 * phi], axis=-1)
    tau_ring = L_dot + np.cross(omega, L)
    c, s = np.cos(phi), np.sin(phi)
    return np.stack([tau_ring[..., 0], c * tau_ring[..., 1] - s * tau_ring[..., 2],
                     s * tau_ring[..., 1] + c * tau_ring[..., 2]], axis=-1)


def gimbal_torque_by_components(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """d/dt of L = I_spin spin (0, -sin, cos) + I_tilt phi_dot (1, 0, 0), written out."""
    phi = np.asarray(phi, dtype=float)
    h = I_spin * spin * np.asarray(phi_dot)
    return np.stack([I_tilt * phi_ddot + 0 * phi, -h * np.cos(phi), -h * np.sin(phi)],
                    axis=-1)


def gimbal_torque_in_a_loop(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """One tilt at a time with math, as a list of torques."""
    rows = []
    for p, w, w_dot in zip(np.atleast_1d(phi).tolist(), np.atleast_1d(phi_dot).tolist(),
                           np.atleast_1d(phi_ddot).tolist(), strict=True):
        rows.append([I_tilt * w_dot, -I_spin * spin * w * math.cos(p),
                     -I_spin * spin * w * math.sin(p)])
    return np.array(rows).reshape(np.shape(phi) + (3,))


RIGHT = [
    (ANGLE, contact_angle_from_the_normal),
    (ANGLE, contact_angle_by_root_finding),
    (HEIGHT, center_height_by_searching_the_shell),
    (HEIGHT, center_height_with_if_else),
    (RATES, integrated(euler_rates_by_solving)),
    (RATES, integrated(euler_rates_in_the_world_frame)),
    (RATES, integrated(euler_rates_with_the_inverse_matrix)),
    (RATES, integrate_by_rk4),
    (RATES, integrate_by_quaternion),
    (RATES, integrate_by_the_matrix_exponential),
    (GYRO, gimbal_torque_by_euler_in_the_ring),
    (GYRO, gimbal_torque_by_components),
    (GYRO, gimbal_torque_in_a_loop),
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


# --------------------------------------------------------------------------- the egg of two halves


def _shell_points(R_tip, R_blunt, R2, n=721):
    """Points of the two halves' shell in the body frame, the pointed half along +z'."""
    psi, phi = np.meshgrid(np.linspace(0, np.pi, n), np.linspace(-np.pi, np.pi, n))
    long = np.where(np.cos(psi) >= 0, R_tip, R_blunt)
    return np.stack([R2 * np.sin(psi) * np.cos(phi), R2 * np.sin(psi) * np.sin(phi),
                     long * np.cos(psi)], axis=-1).reshape(-1, 3)


@pytest.mark.parametrize("beta_v", [0.0, 0.4, 1.2, np.pi / 2, 1.9, 2.6, np.pi])
def test_the_mass_centres_height_is_the_lowest_shell_point_in_3d(beta_v):
    """A second method: the sampled 3D shell turned by Rx(pi - beta_v), which points the tip
    beta_v from straight down; the floor at its lowest point; the mass centre at (0, 0, -e).
    Its height and the angle of the lowest point from the tip agree with the references."""
    R_tip, R_blunt, R2, e = 0.066, 0.054, 0.045, 0.004
    theta = np.pi - beta_v
    turn = np.array([[1, 0, 0], [0, np.cos(theta), -np.sin(theta)],
                     [0, np.sin(theta), np.cos(theta)]])
    points = _shell_points(R_tip, R_blunt, R2)
    world = points @ turn.T
    lowest = int(np.argmin(world[:, 2]))
    height = (turn @ np.array([0.0, 0.0, -e]))[2] - world[lowest, 2]
    assert get_exercise(HEIGHT).reference(beta_v, R_tip, R_blunt, R2, e) == pytest.approx(
        height, abs=2e-6)
    x, y, z = points[lowest]
    assert get_exercise(ANGLE).reference(beta_v, R_tip, R_blunt, R2) == pytest.approx(
        math.atan2(math.hypot(x, y), z), abs=1e-2)


def test_the_normal_at_the_contact_points_straight_down():
    """At the reference's beta_p, on its half, the outward normal makes the angle beta_v
    with the pointed half-axis: the floor is tangent there, on both halves."""
    R_tip, R_blunt, R2 = 0.08, 0.05, 0.04
    for beta_v in np.linspace(0.05, np.pi - 0.05, 23):
        beta_p = get_exercise(ANGLE).reference(beta_v, R_tip, R_blunt, R2)
        R = R_tip if beta_p <= np.pi / 2 else R_blunt
        r = R * R2 / math.hypot(R2 * math.cos(beta_p), R * math.sin(beta_p))
        rho, z = r * math.sin(beta_p), r * math.cos(beta_p)
        normal = math.atan2(rho / R2**2, z / R**2)          # gradient of the half's ellipse
        assert normal == pytest.approx(beta_v, abs=1e-12)


def test_equal_halves_without_offset_reduce_to_the_chapters_egg():
    """R_tip = R_blunt and e = 0: the chapter's contact angle and height, mirrored past pi/2."""
    from robodyn import egg

    R1, R2 = 0.06, 0.045
    beta = np.linspace(0.0, np.pi / 2, 11)
    height = get_exercise(HEIGHT).reference
    angle = get_exercise(ANGLE).reference
    np.testing.assert_allclose(height(beta, R1, R1, R2, 0.0), egg.center_height(beta, R1, R2),
                               rtol=1e-14)
    np.testing.assert_allclose(height(np.pi - beta, R1, R1, R2, 0.0),
                               egg.center_height(beta, R1, R2), rtol=1e-14)
    np.testing.assert_allclose(angle(beta, R1, R1, R2), egg.contact_angle(beta, R1, R2),
                               atol=1e-14)
    np.testing.assert_allclose(angle(np.pi - beta, R1, R1, R2),
                               np.pi - egg.contact_angle(beta, R1, R2), atol=1e-14)


def test_the_ends_and_lying_of_the_egg_of_two_halves():
    """On its tip the mass centre is R_tip + e high, on its blunt end R_blunt - e, lying R2;
    the height is smooth through lying (one-sided slopes both near zero) and the contact
    passes the equator there."""
    R_tip, R_blunt, R2, e = 0.066, 0.054, 0.045, 0.004
    height = functools.partial(get_exercise(HEIGHT).reference, R_tip=R_tip, R_blunt=R_blunt,
                               R2=R2, e=0.0)
    H = get_exercise(HEIGHT).reference
    assert H(0.0, R_tip, R_blunt, R2, e) == pytest.approx(R_tip + e, rel=1e-14)
    assert H(np.pi, R_tip, R_blunt, R2, e) == pytest.approx(R_blunt - e, rel=1e-14)
    assert height(np.pi / 2) == pytest.approx(R2, rel=1e-14)
    h = 1e-6
    for side in (-1, 1):
        slope = (height(np.pi / 2 + side * h) - height(np.pi / 2)) / (side * h)
        assert abs(slope) < 1e-6
    angle = get_exercise(ANGLE).reference
    assert angle(np.pi / 2 - 1e-3, R_tip, R_blunt, R2) < np.pi / 2 < angle(
        np.pi / 2 + 1e-3, R_tip, R_blunt, R2)


def test_the_lever_arm_is_the_lowest_shell_points_offset_in_3d():
    """A second method for d: on the sampled 3D shell turned as above, the horizontal offset
    of the lowest point from the mass centre, towards the side the tip leans to, matches the
    reference (to the sampling's 0.3 mm), on both halves and with e of either sign."""
    R_tip, R_blunt, R2 = 0.066, 0.054, 0.045
    points = _shell_points(R_tip, R_blunt, R2)
    reference = get_exercise(OFFSET).reference
    for beta_v, e in [(0.4, 0.004), (1.1, -0.006), (1.9, 0.004), (2.7, -0.006)]:
        theta = np.pi - beta_v
        turn = np.array([[1, 0, 0], [0, np.cos(theta), -np.sin(theta)],
                         [0, np.sin(theta), np.cos(theta)]])
        world = points @ turn.T
        contact = world[int(np.argmin(world[:, 2]))]
        mass = turn @ np.array([0.0, 0.0, -e])
        d = mass[1] - contact[1]          # Rx(pi - beta_v) leans the tip towards -y
        assert reference(beta_v, R_tip, R_blunt, R2, e) == pytest.approx(d, abs=3e-4)


def test_the_lever_arm_is_minus_the_slope_of_the_mass_centres_height():
    """d = -dH_m/dbeta_v: the reference against a central difference of the height's
    reference (6.2), over both halves, and against the chapter's d for equal halves."""
    from robodyn import egg

    beta = np.linspace(0.01, np.pi - 0.01, 41)
    args = (0.07, 0.055, 0.04, -0.003)
    h = 1e-7          # the curvature jumps at pi/2: a central difference is off by ~h/10
    height = get_exercise(HEIGHT).reference
    slope = (height(beta + h, *args) - height(beta - h, *args)) / (2 * h)
    np.testing.assert_allclose(get_exercise(OFFSET).reference(beta, *args), -slope,
                               atol=5e-9)
    half = np.linspace(0.0, np.pi / 2, 9)
    np.testing.assert_allclose(get_exercise(OFFSET).reference(np.pi - half, 0.06, 0.06,
                                                              0.045, 0.0),
                               -egg.contact_offset(half, 0.06, 0.045), atol=1e-15)


def test_a_tip_heavy_egg_rests_where_the_lever_arm_vanishes():
    """With its mass centre 2 cm towards the tip, the book's egg balances on its pointed
    half where d = 0, at cos^2 = e^2 R2^2 / ((R^2 - R2^2)(R^2 - R2^2 - e^2)): the height
    is least there (a minimum of H_m, found by a bounded search)."""
    R_tip, R_blunt, R2, e = 0.06, 0.05, 0.045, -0.02
    R = R_tip
    rest = math.acos(math.sqrt(e**2 * R2**2 / ((R**2 - R2**2) * (R**2 - R2**2 - e**2))))
    assert get_exercise(OFFSET).reference(rest, R_tip, R_blunt, R2, e) == pytest.approx(
        0.0, abs=1e-15)
    found = minimize_scalar(lambda b: float(get_exercise(HEIGHT).reference(
        b, R_tip, R_blunt, R2, e)), bounds=(0.0, np.pi / 2), method="bounded",
        options={"xatol": 1e-10})
    assert found.x == pytest.approx(rest, abs=1e-6)


def test_the_integrated_angles_agree_with_the_chapters_rates_integrated():
    """The closed-form reference against the chapter's own egg.euler_rates integrated by
    solve_ivp (DOP853, tight), on every case of the check: a second method."""
    from robodyn import egg

    exercise = get_exercise(RATES)
    for case in exercise.cases():
        alpha, beta, gamma, omega_B, t = case.args
        run = solve_ivp(lambda _, q, w=omega_B: egg.euler_rates(*q, w), (0.0, t),
                        [alpha, beta, gamma], method="DOP853", rtol=1e-12, atol=1e-13)
        got = np.array(exercise.reference(*case.args))
        assert np.max(np.abs(wrap_angle(got - run.y[:, -1]))) < 1e-8, case.note


def test_a_spin_about_the_long_axis_only_advances_alpha():
    """omega_B along z' keeps the long axis still: alpha grows by omega_z t, beta and gamma
    stay (a limit case); a turn about the tilt axis at alpha = 0 only changes beta."""
    reference = get_exercise(RATES).reference
    alpha, beta, gamma = reference(0.3, 0.8, -1.1, np.array([0.0, 0.0, 2.0]), 1.5)
    assert (wrap_angle(alpha - 3.3), beta, gamma) == pytest.approx((0.0, 0.8, -1.1),
                                                                   abs=1e-12)
    assert reference(0.0, 0.5, 0.4, np.array([1.0, 0.0, 0.0]), 1.0) == pytest.approx(
        (0.0, 1.5, 0.4), abs=1e-12)


def test_the_cases_keep_clear_of_gimbal_lock():
    """Every case's path keeps sin(beta) above 0.3 (sampled densely), so that the rates stay
    finite and the check never asks for a path through the singularity."""
    exercise = get_exercise(RATES)
    reference = exercise.reference
    for case in exercise.cases() + exercise.hidden_cases(11, rounds=2):
        alpha, beta, gamma, omega_B, t = case.args
        for s in np.linspace(0.0, t, 301):
            assert math.sin(reference(alpha, beta, gamma, omega_B, s)[1]) > 0.29


def test_the_gimbal_torque_is_the_rate_of_change_of_the_angular_momentum():
    """A second method: L(t) = I_spin spin a(phi(t)) + I_tilt phi_dot(t) x along the smooth
    tilt phi(t) = 0.4 sin(3 t), differentiated by central differences, is the reference's
    torque at every sample; and with the rotor at rest only I_tilt phi_ddot x remains."""
    I_spin, I_tilt, spin = 2.5e-5, 1.25e-5, 628.0
    t, h = np.linspace(0.0, 2.0, 21), 1e-6

    def momentum(t):
        phi, phi_dot = 0.4 * np.sin(3 * t), 1.2 * np.cos(3 * t)
        a = np.stack([0 * t, -np.sin(phi), np.cos(phi)], axis=-1)
        x = np.stack([1 + 0 * t, 0 * t, 0 * t], axis=-1)
        return I_spin * spin * a + I_tilt * phi_dot[:, None] * x

    L_dot = (momentum(t + h) - momentum(t - h)) / (2 * h)
    tau = get_exercise(GYRO).reference(I_spin, I_tilt, spin, 0.4 * np.sin(3 * t),
                                       1.2 * np.cos(3 * t), -3.6 * np.sin(3 * t))
    np.testing.assert_allclose(tau, L_dot, atol=1e-9)
    still = get_exercise(GYRO).reference(I_spin, I_tilt, 0.0, 0.3, 0.5, 2.0)
    np.testing.assert_allclose(still, [I_tilt * 2.0, 0.0, 0.0], atol=1e-18)


def test_the_gimbal_torque_turns_with_the_tilt_and_does_no_work_on_the_spin():
    """The gyroscopic part is perpendicular to the rotor's axis and to the ring's axis (it
    does no work on the spin nor on the tilt), of size I_spin spin |phi_dot|."""
    phi = np.linspace(-1.5, 1.5, 13)
    tau = get_exercise(GYRO).reference(2e-4, 1e-4, 300.0, phi, 0.7, 0.0)
    a = np.stack([0 * phi, -np.sin(phi), np.cos(phi)], axis=-1)
    np.testing.assert_allclose(np.sum(tau * a, axis=-1), 0.0, atol=1e-15)
    np.testing.assert_allclose(tau[:, 0], 0.0, atol=1e-15)
    np.testing.assert_allclose(np.linalg.norm(tau, axis=-1), 2e-4 * 300.0 * 0.7, rtol=1e-12)


# --------------------------------------------------------------------------- wrong answers


def _right_angle_on(beta_v, R, R2):
    """The chapter's contact angle on one ellipse of long semi-axis R, unfolded past pi/2."""
    return np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))


def angle_one_ellipse(beta_v, R_tip, R_blunt, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R_tip**2 * np.cos(beta_v))


def angle_halves_swapped(beta_v, R_tip, R_blunt, R2):
    R = np.where(np.asarray(beta_v) < np.pi / 2, R_blunt, R_tip)
    return _right_angle_on(beta_v, R, R2)


def angle_mean_half(beta_v, R_tip, R_blunt, R2):
    return _right_angle_on(beta_v, (R_tip + R_blunt) / 2, R2)


def angle_by_arctan(beta_v, R_tip, R_blunt, R2):
    R = np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)
    return np.arctan((R2 / R) ** 2 * np.tan(beta_v))


def angle_from_the_lower_end(beta_v, R_tip, R_blunt, R2):
    """On each half the chapter's angle from that half's own axis."""
    R, b, _ = _half_down(beta_v, R_tip, R_blunt)
    return np.arctan2(R2**2 * np.sin(b), R**2 * np.cos(b))


def angle_from_the_blunt_end(beta_v, R_tip, R_blunt, R2):
    return np.pi - contact_angle_from_the_normal(beta_v, R_tip, R_blunt, R2)


def angle_as_for_a_sphere(beta_v, R_tip, R_blunt, R2):
    return beta_v


def angle_parametric(beta_v, R_tip, R_blunt, R2):
    R, b, tip_down = _half_down(beta_v, R_tip, R_blunt)
    psi = np.arctan(R2 / R * np.tan(b))
    return np.where(tip_down, psi, np.pi - psi)


def angle_ratio_inverted(beta_v, R_tip, R_blunt, R2):
    R = np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)
    return np.arctan2(R**2 * np.sin(beta_v), R2**2 * np.cos(beta_v))


def angle_from_the_vertical(beta_v, R_tip, R_blunt, R2):
    return beta_v - contact_angle_from_the_normal(beta_v, R_tip, R_blunt, R2)


def angle_in_degrees(beta_v, R_tip, R_blunt, R2):
    return contact_angle_from_the_normal(beta_v, R_tip, R_blunt, R2) * 180 / math.pi


def angle_of_degrees(beta_v, R_tip, R_blunt, R2):
    return contact_angle_from_the_normal(np.deg2rad(beta_v), R_tip, R_blunt, R2)


def _H_half(beta_v, R_tip, R_blunt, R2):
    R = np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)
    return np.sqrt((R * np.cos(beta_v)) ** 2 + (R2 * np.sin(beta_v)) ** 2)


def height_one_ellipse(beta_v, R_tip, R_blunt, R2, e):
    return np.hypot(R_tip * np.cos(beta_v), R2 * np.sin(beta_v)) + e * np.cos(beta_v)


def height_halves_swapped(beta_v, R_tip, R_blunt, R2, e):
    return _H_half(beta_v, R_blunt, R_tip, R2) + e * np.cos(beta_v)


def height_mean_half(beta_v, R_tip, R_blunt, R2, e):
    R = (R_tip + R_blunt) / 2
    return np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v)) + e * np.cos(beta_v)


def height_of_the_equator_centre(beta_v, R_tip, R_blunt, R2, e):
    return _H_half(beta_v, R_tip, R_blunt, R2)


def height_e_towards_the_tip(beta_v, R_tip, R_blunt, R2, e):
    return _H_half(beta_v, R_tip, R_blunt, R2) - e * np.cos(beta_v)


def height_plus_e(beta_v, R_tip, R_blunt, R2, e):
    return _H_half(beta_v, R_tip, R_blunt, R2) + e


def height_e_sine(beta_v, R_tip, R_blunt, R2, e):
    return _H_half(beta_v, R_tip, R_blunt, R2) + e * np.sin(beta_v)


def height_e_as_a_size(beta_v, R_tip, R_blunt, R2, e):
    """The mass centre's rise taken as a distance: e times |cos(beta_v)|."""
    return _H_half(beta_v, R_tip, R_blunt, R2) + e * abs(np.cos(beta_v))


def height_sin_cos_swapped(beta_v, R_tip, R_blunt, R2, e):
    R = np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)
    return np.hypot(R * np.sin(beta_v), R2 * np.cos(beta_v)) + e * np.cos(beta_v)


def height_as_the_polar_radius(beta_v, R_tip, R_blunt, R2, e):
    """Distance from the centre to the shell straight down: 1/r^2 = cos^2/R^2 + sin^2/R2^2."""
    R = np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)
    return 1 / np.hypot(np.cos(beta_v) / R, np.sin(beta_v) / R2) + e * np.cos(beta_v)


def height_as_the_distance_to_the_contact(beta_v, R_tip, R_blunt, R2, e):
    """The contact point of 6.1, then its distance from the equator's centre."""
    R, b, _ = _half_down(beta_v, R_tip, R_blunt)
    psi = np.arctan((R2 / R) * np.tan(b))
    return np.hypot(R2 * np.sin(psi), R * np.cos(psi)) + e * np.cos(beta_v)


def height_without_the_root(beta_v, R_tip, R_blunt, R2, e):
    return _H_half(beta_v, R_tip, R_blunt, R2) ** 2 + e * np.cos(beta_v)


def height_as_a_sum(beta_v, R_tip, R_blunt, R2, e):
    R, b, _ = _half_down(beta_v, R_tip, R_blunt)
    return R * np.cos(b) + R2 * np.sin(b) + e * np.cos(beta_v)


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


def rates_forward(alpha, beta, gamma, omega_B):
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return E @ omega_B


def rates_beta_dot_plus(alpha, beta, gamma, omega_B):
    alpha_dot, _, gamma_dot = _right_rates(alpha, beta, omega_B)
    return alpha_dot, omega_B[0] * math.cos(alpha) + omega_B[1] * math.sin(alpha), gamma_dot


def rates_sin_cos_swapped(alpha, beta, gamma, omega_B):
    wx, wy, wz = omega_B
    s, c = math.cos(alpha), math.sin(alpha)
    gamma_dot = (wx * s + wy * c) / math.sin(beta)
    return wz - gamma_dot * math.cos(beta), wx * c - wy * s, gamma_dot


def rates_with_the_tilt_axis_turned_forward(alpha, beta, gamma, omega_B):
    """E built with the tilt axis Rz(alpha) x in the body, (cos, sin, 0), and the heading
    axis's x-y part at right angles to it; solved by np.linalg.solve."""
    sa, ca, sb, cb = np.sin(alpha), np.cos(alpha), np.sin(beta), np.cos(beta)
    E = np.array([[0, ca, -sb * sa], [0, sa, sb * ca], [1, 0, cb]])
    return np.linalg.solve(E, omega_B)


def rates_with_world_omega(alpha, beta, gamma, omega_B):
    """omega_B treated as the world's: omega = gamma_dot z + beta_dot Rz(gamma) x +
    alpha_dot (R z), solved for the rates."""
    R = _attitude(alpha, beta, gamma)
    axes = np.column_stack([R[:, 2], [math.cos(gamma), math.sin(gamma), 0], [0, 0, 1]])
    return np.linalg.solve(axes, omega_B)


def angles_after_one_step(alpha, beta, gamma, omega_B, t):
    alpha_dot, beta_dot, gamma_dot = _right_rates(alpha, beta, omega_B)
    return alpha + alpha_dot * t, beta + beta_dot * t, gamma + gamma_dot * t


def angles_with_default_tolerances(alpha, beta, gamma, omega_B, t):
    run = solve_ivp(lambda _, q: _right_rates(q[0], q[1], omega_B), [0, t],
                    [alpha, beta, gamma])
    return run.y[0, -1], run.y[1, -1], run.y[2, -1]


def angles_changed_only(alpha, beta, gamma, omega_B, t):
    end = integrate_by_rk4(alpha, beta, gamma, omega_B, t)
    return end[0] - alpha, end[1] - beta, end[2] - gamma


def angles_reversed(alpha, beta, gamma, omega_B, t):
    a, b, g = integrate_by_rk4(alpha, beta, gamma, omega_B, t)
    return g, b, a


def _d_half(beta_v, R, R2):
    """The chapter's lever arm on one ellipse, as a formula of beta_v."""
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / np.hypot(R * np.cos(beta_v),
                                                                     R2 * np.sin(beta_v))


def _down(beta_v, R_tip, R_blunt):
    return np.where(np.asarray(beta_v, dtype=float) <= np.pi / 2, R_tip, R_blunt)


def offset_one_ellipse(beta_v, R_tip, R_blunt, R2, e):
    return _d_half(beta_v, R_tip, R2) + e * np.sin(beta_v)


def offset_halves_swapped(beta_v, R_tip, R_blunt, R2, e):
    return _d_half(beta_v, _down(beta_v, R_blunt, R_tip), R2) + e * np.sin(beta_v)


def offset_towards_the_lower_end(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's d (towards the lower end) on each half, plus the mass centre."""
    R, b, _ = _half_down(beta_v, R_tip, R_blunt)
    return _d_half(b, R, R2) + e * np.sin(beta_v)


def offset_of_the_equator_centre(beta_v, R_tip, R_blunt, R2, e):
    return _d_half(beta_v, _down(beta_v, R_tip, R_blunt), R2)


def offset_mass_towards_the_tip(beta_v, R_tip, R_blunt, R2, e):
    return _d_half(beta_v, _down(beta_v, R_tip, R_blunt), R2) - e * np.sin(beta_v)


def offset_mass_vertical(beta_v, R_tip, R_blunt, R2, e):
    return _d_half(beta_v, _down(beta_v, R_tip, R_blunt), R2) + e * np.cos(beta_v)


def offset_sign_flipped(beta_v, R_tip, R_blunt, R2, e):
    """dH_m/dbeta_v, without the minus."""
    return -contact_offset_by_complex_step(beta_v, R_tip, R_blunt, R2, e)


def offset_without_H(beta_v, R_tip, R_blunt, R2, e):
    R = _down(beta_v, R_tip, R_blunt)
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) + e * np.sin(beta_v)


def offset_halved(beta_v, R_tip, R_blunt, R2, e):
    """The chain rule's 2 kept: d/dbeta sqrt(u) taken as u' / (4 sqrt(u))."""
    return 0.5 * _d_half(beta_v, _down(beta_v, R_tip, R_blunt), R2) + e * np.sin(beta_v)


def offset_sin_two_beta(beta_v, R_tip, R_blunt, R2, e):
    R = _down(beta_v, R_tip, R_blunt)
    H = np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v))
    return (R**2 - R2**2) * np.sin(2 * beta_v) / H + e * np.sin(beta_v)


def _beta_p(beta_v, R, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))


def _r(theta, R, R2):
    return R * R2 / np.hypot(R2 * np.cos(theta), R * np.sin(theta))


def offset_lever_arm(beta_v, R_tip, R_blunt, R2, e):
    """The source's eq. 31: |r(beta_v)| sin(beta_v)."""
    R = _down(beta_v, R_tip, R_blunt)
    return _r(beta_v, R, R2) * np.sin(beta_v) + e * np.sin(beta_v)


def offset_lever_to_the_contact(beta_v, R_tip, R_blunt, R2, e):
    """|r| sin(beta_v) with |r| the distance from the centre to the contact point."""
    R = _down(beta_v, R_tip, R_blunt)
    return (_r(_beta_p(beta_v, R, R2), R, R2) + e) * np.sin(beta_v)


def offset_vertical_part(beta_v, R_tip, R_blunt, R2, e):
    """The line to the contact resolved with the cosine of its angle from the vertical."""
    R = _down(beta_v, R_tip, R_blunt)
    beta_p = _beta_p(beta_v, R, R2)
    return _r(beta_p, R, R2) * np.cos(beta_v - beta_p) + e * np.sin(beta_v)


def offset_angle_from_the_axis(beta_v, R_tip, R_blunt, R2, e):
    R = _down(beta_v, R_tip, R_blunt)
    beta_p = _beta_p(beta_v, R, R2)
    return _r(beta_p, R, R2) * np.sin(beta_p) + e * np.sin(beta_v)


def offset_with_the_parametric_angle(beta_v, R_tip, R_blunt, R2, e):
    R = _down(beta_v, R_tip, R_blunt)
    psi = np.arctan2(R2 * np.sin(beta_v), R * np.cos(beta_v))
    return _r(psi, R, R2) * np.sin(beta_v - psi) + e * np.sin(beta_v)


def offset_by_a_forward_difference(beta_v, R_tip, R_blunt, R2, e, h=1e-3):
    """-dH_m/dbeta_v by a forward difference of the height, with a step that looks small."""
    H_here = _mass_height(np.asarray(beta_v, dtype=float), R_tip, R_blunt, R2, e)
    H_next = _mass_height(np.add(beta_v, h), R_tip, R_blunt, R2, e)
    return (H_here - H_next) / h


def offset_over_the_mass_centres_height(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's d with H_m of 6.2 for H, then the mass centre's shift added."""
    R = _down(beta_v, R_tip, R_blunt)
    top = (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v)
    H_m = _mass_height(np.asarray(beta_v, dtype=float), R_tip, R_blunt, R2, e)
    return top / H_m + e * np.sin(beta_v)


def _gimbal(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot, gyro_sign=1.0, axis_y=-1.0):
    phi = np.asarray(phi, dtype=float)
    a = np.stack([0 * phi, axis_y * np.sin(phi), np.cos(phi)], axis=-1)
    x = np.stack([1 + 0 * phi, 0 * phi, 0 * phi], axis=-1)
    rate = np.asarray(phi_dot, dtype=float)[..., None]
    return (gyro_sign * I_spin * spin * rate * np.cross(x, a)
            + I_tilt * np.asarray(phi_ddot, dtype=float)[..., None] * x)


def gimbal_gyroscopic_term_itself(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """L x omega with omega the ring's rate, added as the chapter's term reads."""
    return _gimbal(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot, gyro_sign=-1.0)


def gimbal_without_the_tilt_inertia(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    return _gimbal(I_spin, 0.0, spin, phi, phi_dot, phi_ddot)


def gimbal_moments_swapped(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    return _gimbal(I_tilt, I_spin, spin, phi, phi_dot, phi_ddot)


def gimbal_axis_along_z(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """The rotor's axis taken as z: -I_spin spin phi_dot along y."""
    return _gimbal(I_spin, I_tilt, spin, 0.0 * np.asarray(phi), phi_dot, phi_ddot)


def gimbal_axis_tilted_the_other_way(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    return _gimbal(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot, axis_y=1.0)


def gimbal_frame_with_the_spin(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """omega x L with omega = phi_dot x + spin a, the rotor's whole angular velocity."""
    phi = np.asarray(phi, dtype=float)
    a = np.stack([0 * phi, -np.sin(phi), np.cos(phi)], axis=-1)
    x = np.stack([1 + 0 * phi, 0 * phi, 0 * phi], axis=-1)
    rate = np.asarray(phi_dot, dtype=float)[..., None]
    L = I_spin * spin * a + I_tilt * rate * x
    omega = rate * x + spin * a
    return I_tilt * np.asarray(phi_ddot, dtype=float)[..., None] * x + np.cross(omega, L)


def gimbal_doubled(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    return _gimbal(2 * I_spin, I_tilt, spin, phi, phi_dot, phi_ddot)


def gimbal_on_the_ring(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """The torque the rotor exerts on the ring's bearings: the reaction."""
    return -gimbal_torque_by_components(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot)


STUDENTS = [
    (ANGLE, angle_one_ellipse, "one ellipse with R_tip for both halves"),
    (ANGLE, angle_halves_swapped, "the halves swapped"),
    (ANGLE, angle_mean_half, "the mean of R_tip and R_blunt"),
    (ANGLE, angle_by_arctan, "np.arctan of the tangents"),
    (ANGLE, angle_from_the_lower_end, "on the blunt half, the angle from the blunt half-axis"),
    (ANGLE, angle_from_the_blunt_end, "from the blunt half-axis throughout"),
    (ANGLE, angle_as_for_a_sphere, "beta_p = beta_v, which holds only for a sphere"),
    (ANGLE, angle_parametric, "the parametric angle psi"),
    (ANGLE, angle_ratio_inverted, "upside down"),
    (ANGLE, angle_from_the_vertical, "from the vertical"),
    (ANGLE, angle_in_degrees, "beta_p returned in degrees"),
    (ANGLE, angle_of_degrees, "beta_v converted from degrees"),
    (HEIGHT, height_one_ellipse, "one ellipse with R_tip for both halves"),
    (HEIGHT, height_halves_swapped, "the halves swapped"),
    (HEIGHT, height_mean_half, "the mean of R_tip and R_blunt"),
    (HEIGHT, height_of_the_equator_centre, "offset e forgotten"),
    (HEIGHT, height_e_towards_the_tip, "the wrong sign (towards the tip)"),
    (HEIGHT, height_plus_e, "e added as it is"),
    (HEIGHT, height_e_sine, "e sin(beta_v)"),
    (HEIGHT, height_e_as_a_size, "taken as a size"),
    (HEIGHT, height_sin_cos_swapped, "sin and cos swapped"),
    (HEIGHT, height_as_the_polar_radius, "polar radius"),
    (HEIGHT, height_as_the_distance_to_the_contact, "the distance from the centre to the "
                                                    "contact"),
    (HEIGHT, height_without_the_root, "square root missing"),
    (HEIGHT, height_as_a_sum, "R cos + R2 sin"),
    (RATES, integrated(rates_by_transposing), "transpose of E"),
    (RATES, integrated(rates_from_eq52), "eq. 52"),
    (RATES, integrated(rates_without_the_sine), "division by sin(beta) missing"),
    (RATES, integrated(rates_with_alpha_dot_omega_z), "alpha_dot = omega_z"),
    (RATES, integrated(rates_with_plus), "wrong sign of the heading's share in alpha_dot"),
    (RATES, integrated(rates_forward), "E times omega_B: the forward map"),
    (RATES, integrated(rates_beta_dot_plus), "the sign of the omega_y term in beta_dot"),
    (RATES, integrated(rates_sin_cos_swapped), "sin(alpha) and cos(alpha) exchanged"),
    (RATES, integrated(rates_with_world_omega), "world-frame angular velocity"),
    (RATES, integrated(rates_with_the_tilt_axis_turned_forward),
     "the tilt axis taken as (cos(alpha), sin(alpha), 0)"),
    (RATES, angles_after_one_step, "one step: the rates at the start times t"),
    (RATES, angles_with_default_tolerances, "default tolerances"),
    (RATES, angles_changed_only, "without the angles at the start"),
    (RATES, angles_reversed, "the angles in the order (gamma, beta, alpha)"),
    (GYRO, gimbal_gyroscopic_term_itself, "L x omega itself"),
    (GYRO, gimbal_without_the_tilt_inertia, "I_tilt phi_ddot forgotten"),
    (GYRO, gimbal_moments_swapped, "I_spin and I_tilt swapped"),
    (GYRO, gimbal_axis_along_z, "axis left along z"),
    (GYRO, gimbal_axis_tilted_the_other_way, "tilted the wrong way"),
    (GYRO, gimbal_frame_with_the_spin, "its spin included"),
    (GYRO, gimbal_doubled, "a factor 2"),
    (GYRO, gimbal_on_the_ring, "the reaction"),
    (OFFSET, offset_one_ellipse, "one ellipse with R_tip for both halves"),
    (OFFSET, offset_halves_swapped, "the halves swapped"),
    (OFFSET, offset_towards_the_lower_end, "the chapter's lever arm towards the lower end"),
    (OFFSET, offset_of_the_equator_centre, "offset e forgotten"),
    (OFFSET, offset_mass_towards_the_tip, "on the wrong side (towards the tip)"),
    (OFFSET, offset_mass_vertical, "e cos(beta_v)"),
    (OFFSET, offset_sign_flipped, "the sign flipped"),
    (OFFSET, offset_without_H, "H is missing"),
    (OFFSET, offset_over_the_mass_centres_height, "divided by the mass centre's height"),
    (OFFSET, offset_halved, "half the half's lever arm"),
    (OFFSET, offset_sin_two_beta, "twice the half's lever arm"),
    (OFFSET, offset_lever_arm, "|r(beta_v)| sin(beta_v)"),
    (OFFSET, offset_lever_to_the_contact, "|r| the distance to the contact"),
    (OFFSET, offset_vertical_part, "H, the contact's depth below the centre"),
    (OFFSET, offset_angle_from_the_axis, "|r| sin(beta_p)"),
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


@pytest.mark.parametrize(("h", "answer"), COARSE, ids=[f"h={h:g}" for h, _ in COARSE])
def test_a_coarse_forward_difference_is_named_with_its_step(h, answer):
    """-dH/dbeta_v by a forward difference of step 1e-2 to 1e-5 rad is off by more than the
    1e-7 m allowed: named with its step; 1e-6 rad passes (with the note on precision)."""
    line = summary(OFFSET, answer)
    assert line == (f"{OFFSET}: wrong result — looks like a forward difference of H_m with the "
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

    def off_by_a_micrometre(beta_v, R_tip, R_blunt, R2, e):
        return contact_offset_by_complex_step(beta_v, R_tip, R_blunt, R2, e) + 1e-6

    assert summary(OFFSET, off_by_a_micrometre).startswith(f"{OFFSET}: wrong result for ")


@pytest.mark.parametrize("exercise_id", [ANGLE, HEIGHT, RATES, GYRO, OFFSET])
def test_no_hint_prints_the_answer(exercise_id):
    """The hints teach; none prints the formula the exercise asks for."""
    answers = ("(R2/R1)^2 tan", "sqrt(R1^2 cos^2", "R1^2 cos^2(beta_v) + R2^2",
               "(R2/R)^2 tan", "sqrt(R^2 cos^2", "pi - beta_p", "+ e cos(beta_v)",
               "gamma_dot = (wx sin", "alpha_dot = wz - gamma_dot cos", "np.cross(L, omega)",
               "I_spin spin phi_dot (", "I_tilt phi_ddot x +",
               "(R1^2 - R2^2) sin")
    for mistake in get_exercise(exercise_id).mistakes:
        assert not any(answer in mistake.hint for answer in answers), mistake.name


# --------------------------------------------------------------------------- unlisted slips


def angle_scaled_by_the_axes(beta_v, R_tip, R_blunt, R2):
    return R2 / R_tip * np.asarray(beta_v)


def height_mean_of_the_axes(beta_v, R_tip, R_blunt, R2, e):
    return np.full(np.shape(beta_v), (R_tip + R_blunt + R2) / 3)


def angles_that_never_move(alpha, beta, gamma, omega_B, t):
    return alpha, beta, gamma


def gimbal_half(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    return 0.5 * gimbal_torque_by_components(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot) + 1e-3


def offset_of_the_tilt(beta_v, R_tip, R_blunt, R2, e):
    return (R_tip - R2) * np.sin(beta_v)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (ANGLE, angle_scaled_by_the_axes),
    (HEIGHT, height_mean_of_the_axes),
    (RATES, angles_that_never_move),
    (GYRO, gimbal_half),
    (OFFSET, offset_of_the_tilt),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer no mistake explains gets the generic message, naming no mistake."""
    assert_generic_failure(exercise_id, answer)


def test_the_generic_message_shows_call_expected_got_and_tolerance():
    """The generic message says what was called, expected and returned, and the tolerance."""
    text = message(OFFSET, offset_of_the_tilt)
    for part in ("Called:    contact_offset(beta_v=0.5, R_tip=0.066, R_blunt=0.054, R2=0.045, "
                 "e=0.004)",
                 "This input: a palm-sized egg (R_tip = 6.6 cm, R_blunt = 5.4 cm, R2 = 4.5 cm, "
                 "e = 4 mm) on its pointed half, tilted by 0.5 rad.",
                 "Expected:  d = 0.0177851508753", "Got:       d = 0.0100679363107",
                 "Tolerance: d within rtol=1e-06, atol=1e-07"):
        assert part in text


# --------------------------------------------------------------------------- misbehaving


def test_none_and_math_functions_get_clear_messages():
    """None says 'return' is missing; math.atan on arrays is told to vectorise."""

    def forgets_to_return(beta_v, R_tip, R_blunt, R2):
        np.arctan2(R2**2 * np.sin(beta_v), R_tip**2 * np.cos(beta_v))

    def with_math(beta_v, R_tip, R_blunt, R2):
        R = R_tip if beta_v <= math.pi / 2 else R_blunt
        return math.atan2(R2**2 * math.sin(beta_v), R**2 * math.cos(beta_v))

    assert "returned None — is the `return` statement missing?" in summary(ANGLE,
                                                                           forgets_to_return)
    text = message(ANGLE, with_math)
    assert text.splitlines()[0].startswith(f"{ANGLE}: works on single numbers but fails on "
                                           f"NumPy arrays")
    assert "np.arctan2 instead of" in text


def test_a_number_for_an_array_of_tilts_is_not_vectorised():
    """float() around the result gives one number for nine tilts: 'not vectorised'."""

    def one_number(beta_v, R_tip, R_blunt, R2, e):
        return float(np.mean(center_height_with_if_else(beta_v, R_tip, R_blunt, R2, e)))

    assert summary(HEIGHT, one_number).startswith(
        f"{HEIGHT}: not vectorised — for NumPy array input, H_m came back with shape (), "
        f"expected shape (9,)")


def test_two_angles_instead_of_three_are_told():
    """Returning (beta, gamma) only says three values are expected."""

    def two(alpha, beta, gamma, omega_B, t):
        return integrate_by_rk4(alpha, beta, gamma, omega_B, t)[1:]

    assert summary(RATES, two) == (
        f"{RATES}: expected (alpha, beta, gamma), got a tuple of 2 values: return "
        f"them as in `return alpha, beta, gamma`")


def test_every_listed_mistake_is_met_by_a_students_answer_here():
    """Each mistake of robodyn.checks.egg is named for one of the answers written above."""
    answers = [(i, a) for i, a, _ in STUDENTS] + [(OFFSET, answer) for _, answer in COARSE]
    named = set()
    for exercise_id, answer in answers:
        line = summary(exercise_id, answer)
        named.add((exercise_id, line.split(" — looks like ", 1)[1]))
    listed = {(i, m.name) for i in (ANGLE, HEIGHT, RATES, GYRO, OFFSET)
              for m in get_exercise(i).mistakes}
    assert named == listed


# --------------------------------------------------------------------------- 6.6 rocking period

ROCK = "egg.rocking_period"
BOOK = (0.06, 0.045, 0.215, 2.1857e-4, 9.81)


def _height(eps, R1, R2):
    """The centre's height tipped by eps from lying (sympy or NumPy)."""
    sqrt, sin, cos = ((sympy.sqrt, sympy.sin, sympy.cos) if isinstance(eps, sympy.Basic)
                      else (np.sqrt, np.sin, np.cos))
    return sqrt(R1**2 * sin(eps) ** 2 + R2**2 * cos(eps) ** 2)


def rocking_by_sympy(R1, R2, mass, I_t, g, m_p, h):
    """The potential of egg and payload expanded by sympy (V''(0)); the inertia about the
    contact, the payload's at the distance R2 + h; T = 2 pi sqrt(J / V'')."""
    eps = sympy.symbols("epsilon")
    potential = (mass + m_p) * g * _height(eps, R1, R2) + m_p * g * h * sympy.cos(eps)
    stiffness = sympy.diff(potential, eps, 2).subs(eps, 0)
    inertia = I_t + mass * R2**2 + m_p * (R2 + h) ** 2
    return float(2 * sympy.pi * sympy.sqrt(inertia / stiffness))


def rocking_by_differences(R1, R2, mass, I_t, g, m_p, h):
    """The stiffness as a central second difference of the potential around lying."""
    def potential(eps):
        return ((mass + m_p) * g * math.sqrt((R1 * math.sin(eps)) ** 2
                                             + (R2 * math.cos(eps)) ** 2)
                + m_p * g * h * math.cos(eps))

    step = 1e-4
    k = (potential(step) - 2 * potential(0.0) + potential(-step)) / step**2
    return 2 * math.pi / math.sqrt(k / (I_t + mass * R2**2 + m_p * (R2 + h) ** 2))


def rocking_as_frequency_inverse(R1, R2, mass, I_t, g, m_p, h):
    """omega^2 = k / J, written as a frequency first and inverted."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    J = I_t + mass * R2**2 + m_p * (R2 + h) ** 2
    return 1 / (math.sqrt(k / J) / (2 * math.pi))


@pytest.mark.parametrize("answer", [rocking_by_sympy, rocking_by_differences,
                                    rocking_as_frequency_inverse],
                         ids=lambda value: value.__name__)
def test_right_rocking_periods_in_unusual_forms_pass(answer):
    """sympy's series, a second difference of the potential, the period from a frequency."""
    assert evaluate(get_exercise(ROCK), answer).failure is None


def _rolling_period(R1, R2, mass, I_t, g, m_p, h, amplitude):
    """A second method: the planar rolling egg with its payload, by Lagrange. The contact is
    the instantaneous centre: the centre sits at (-H'(eps), H(eps)) from it, the payload h
    further along the body's axis (-sin(eps), cos(eps)). M(eps) eps'' + M'(eps) eps'^2 / 2
    + V'(eps) = 0, integrated from rest at the amplitude; the period from the time to the
    first return of eps' = 0 on the other side (a half period)."""
    e = sympy.symbols("e")
    H = _height(e, R1, R2)
    centre = sympy.Matrix([-sympy.diff(H, e), H])
    payload = centre + h * sympy.Matrix([-sympy.sin(e), sympy.cos(e)])
    M = I_t + mass * centre.dot(centre) + m_p * payload.dot(payload)
    V = mass * g * H + m_p * g * payload[1]
    M_f, dM_f, dV_f = (sympy.lambdify(e, expr, "math")
                       for expr in (M, sympy.diff(M, e), sympy.diff(V, e)))

    def rhs(_, y):
        eps, rate = y
        return [rate, -(0.5 * dM_f(eps) * rate**2 + dV_f(eps)) / M_f(eps)]

    def turned(_, y):
        return y[1]

    turned.direction = 1.0            # eps' rises through 0 at the far side
    run = solve_ivp(rhs, (0.0, 10.0), [amplitude, 0.0], events=turned, rtol=1e-11,
                    atol=1e-13, method="DOP853")
    return 2 * run.t_events[0][0]


@pytest.mark.parametrize("args", [(*BOOK, 0.02, 0.03), (*BOOK, 0.05, -0.03),
                                  (0.08, 0.05, 0.3, 7.74e-4, 9.81, 0.1, 0.1)],
                         ids=["above", "below", "tall"])
def test_the_rocking_reference_is_the_rolling_egg_simulated_at_small_amplitude(args):
    """The reference against the rolling egg with its payload integrated at 1 mrad, where
    the amplitude's effect is below 1e-6: to 1e-5 (the exact Lagrangian, not its
    linearisation, is integrated)."""
    assert _rolling_period(*args, amplitude=1e-3) == pytest.approx(
        get_exercise(ROCK).reference(*args), rel=1e-5)


def test_without_a_payload_the_period_is_the_chapters():
    """Without a payload (m_p = 0) the period is the chapter's egg.small_angle_period;
    and the chapter's egg.simulate, released 0.02 rad from lying, rocks with it."""
    from robodyn import egg

    still = egg.EggParams(rotor_speed=0.0)
    I_t = egg.lumped_inertia(still)[0, 0]
    args = (still.R1, still.R2, still.mass, I_t, still.g)
    T0 = get_exercise(ROCK).reference(*args, 0.0, 0.03)
    assert T0 == pytest.approx(egg.small_angle_period(*args), rel=1e-14)
    run = egg.simulate(still, t_end=3 * T0, tilt=np.pi / 2 - 0.02, dt=5e-4)
    assert egg.oscillation_period(run.t, run.beta) == pytest.approx(T0, rel=5e-4)


def test_a_payload_high_enough_topples_the_lying_egg():
    """The stiffness vanishes at m_p h = (m + m_p)(R1^2 - R2^2) / R2: the period grows
    without bound as the payload is raised towards that height."""
    R1, R2, mass, I_t, g = BOOK
    m_p = 0.05
    h_top = (mass + m_p) * (R1**2 - R2**2) / R2 / m_p
    periods = [get_exercise(ROCK).reference(R1, R2, mass, I_t, g, m_p, h_top * f)
               for f in (0.5, 0.9, 0.99, 0.999)]
    assert all(b > a for a, b in zip(periods, periods[1:], strict=False))
    assert periods[-1] > 10 * periods[0]


def rocking_payload_ignored(R1, R2, mass, I_t, g, m_p, h):
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2) * R2 / (mass * g * (R1**2 - R2**2)))


def rocking_payload_about_the_centre(R1, R2, mass, I_t, g, m_p, h):
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2 + m_p * h**2) / k)


def rocking_payload_steadies(R1, R2, mass, I_t, g, m_p, h):
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 + m_p * g * h
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2 + m_p * (R2 + h) ** 2) / k)


def rocking_payload_not_raised(R1, R2, mass, I_t, g, m_p, h):
    k = mass * g * (R1**2 - R2**2) / R2 - m_p * g * h
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2 + m_p * (R2 + h) ** 2) / k)


def rocking_payload_without_swing(R1, R2, mass, I_t, g, m_p, h):
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2
    return 2 * math.pi * math.sqrt((I_t + mass * R2**2 + m_p * (R2 + h) ** 2) / k)


def _k(R1, R2, mass, g, m_p, h):
    return (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h


def _J(R1, R2, mass, I_t, m_p, h):
    return I_t + mass * R2**2 + m_p * (R2 + h) ** 2


def rocking_without_the_floor(R1, R2, mass, I_t, g, m_p, h):
    """Everything about the centre, as if the egg turned about it."""
    return 2 * np.pi * np.sqrt((I_t + m_p * h * h) / _k(R1, R2, mass, g, m_p, h))


def rocking_payload_at_the_centre(R1, R2, mass, I_t, g, m_p, h):
    """The payload's mass added to the egg's in the parallel-axis term, R2 from the contact."""
    J = I_t + (mass + m_p) * R2 * R2
    return 2 * np.pi * np.sqrt(J / _k(R1, R2, mass, g, m_p, h))


def rocking_with_R1_lever(R1, R2, mass, I_t, g, m_p, h):
    J = I_t + mass * R1 * R1 + m_p * (R2 + h) ** 2
    return 2 * np.pi * np.sqrt(J / _k(R1, R2, mass, g, m_p, h))


def rocking_over_R1(R1, R2, mass, I_t, g, m_p, h):
    k = (mass + m_p) * g * (R1**2 - R2**2) / R1 - m_p * g * h
    return 2 * math.pi * math.sqrt(_J(R1, R2, mass, I_t, m_p, h) / k)


def rocking_without_halves(R1, R2, mass, I_t, g, m_p, h):
    return 2 * math.pi * math.sqrt(_J(R1, R2, mass, I_t, m_p, h)
                                   / (2 * _k(R1, R2, mass, g, m_p, h)))


def rocking_coefficient_as_stiffness(R1, R2, mass, I_t, g, m_p, h):
    """V = const + c eps^2: the coefficient c read as the stiffness."""
    c = _k(R1, R2, mass, g, m_p, h) / 2
    return 2 * math.pi * math.sqrt(_J(R1, R2, mass, I_t, m_p, h) / c)


def rocking_omega(R1, R2, mass, I_t, g, m_p, h):
    return math.sqrt(_k(R1, R2, mass, g, m_p, h) / _J(R1, R2, mass, I_t, m_p, h))


def rocking_hertz(R1, R2, mass, I_t, g, m_p, h):
    return rocking_omega(R1, R2, mass, I_t, g, m_p, h) / 2 / math.pi


def rocking_without_two_pi(R1, R2, mass, I_t, g, m_p, h):
    return 1 / rocking_omega(R1, R2, mass, I_t, g, m_p, h)


ROCKING_STUDENTS = [
    (rocking_payload_ignored, "the payload ignored"),
    (rocking_payload_about_the_centre, "m_p h^2, not about the contact"),
    (rocking_payload_steadies, "it steadies the egg"),
    (rocking_payload_not_raised, "rise with the centre forgotten"),
    (rocking_payload_without_swing, "swing h cos(epsilon) left out"),
    (rocking_without_the_floor, "no force of the floor"),
    (rocking_payload_at_the_centre, "as if it sat at the centre"),
    (rocking_with_R1_lever, "with R1 for the distance"),
    (rocking_over_R1, "R1 where R2 belongs in the denominator"),
    (rocking_without_halves, "without their 1/2"),
    (rocking_coefficient_as_stiffness, "the coefficient of epsilon^2"),
    (rocking_omega, "the angular frequency"),
    (rocking_hertz, "the frequency in Hz"),
    (rocking_without_two_pi, "without the 2 pi"),
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
                       "(R1^2 - R2^2) epsilon^2 / (2 R2)", "m_p (R2 + h)^2", "- m_p g h"):
            assert answer not in mistake.hint, mistake.name


def test_an_unlisted_rocking_slip_is_wrong_but_not_misnamed():
    """A pendulum of length R2 gets the generic message."""
    assert_generic_failure(ROCK, lambda R1, R2, mass, I_t, g, m_p, h:
                           2 * math.pi * math.sqrt(R2 / g))
