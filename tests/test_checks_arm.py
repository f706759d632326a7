"""Chapter 1's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/arm.py must be named by the right mistake.
"""

import math

import numpy as np
import pytest
import sympy as sp
from checkcases import assert_generic_failure, summary

from robodyn.grading import evaluate, get_exercise

# --------------------------------------------------------------------------- right answers


def pendulum_from_the_horizontal(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    phi = theta - np.pi / 2  # the angle from the horizontal, as the arm measures it
    return (tau - m * g * l_c * np.cos(phi)) / (I + m * l_c**2)


def gravity_by_finite_differences(arm, q):
    def potential(angles):
        return arm.gravity * arm.masses @ arm.com_positions(angles)[:, 1]

    step = 1e-6
    return np.array([(potential(q + step * e) - potential(q - step * e)) / (2 * step)
                     for e in np.eye(2)])


def mass_matrix_from_jacobians(arm, q):
    phi = np.cumsum(q)
    lc1, lc2 = arm.com_distances
    L1 = arm.lengths[0]
    J1 = np.array([[-lc1 * np.sin(phi[0]), 0.0], [lc1 * np.cos(phi[0]), 0.0]])
    J2 = np.array([[-L1 * np.sin(phi[0]) - lc2 * np.sin(phi[1]), -lc2 * np.sin(phi[1])],
                   [L1 * np.cos(phi[0]) + lc2 * np.cos(phi[1]), lc2 * np.cos(phi[1])]])
    turns = [np.array([1.0, 0.0]), np.array([1.0, 1.0])]
    M = arm.masses[0] * J1.T @ J1 + arm.masses[1] * J2.T @ J2
    return M + sum(inertia * np.outer(w, w) for inertia, w in zip(arm.inertias, turns,
                                                                   strict=True))


def kinetic_energy_expanded(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    return sp.expand(m1 * lc1**2 * qd1**2 / 2 + I1 * qd1**2 / 2 + I2 * (qd1 + qd2) ** 2 / 2
                     + m2 / 2 * (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2
                                 + 2 * L1 * lc2 * sp.cos(q2) * (qd1**2 + qd1 * qd2)))


def kinetic_energy_from_positions(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    t = sp.Symbol("t")
    a, b = sp.Function("a")(t), sp.Function("b")(t)
    x2 = L1 * sp.cos(a) + lc2 * sp.cos(a + b)
    y2 = L1 * sp.sin(a) + lc2 * sp.sin(a + b)
    speed2 = sp.diff(x2, t) ** 2 + sp.diff(y2, t) ** 2
    plain = {sp.diff(a, t): qd1, sp.diff(b, t): qd2}
    speed2 = speed2.subs(plain).subs({a: q1, b: q2})
    return (m1 * lc1**2 + I1) * qd1**2 / 2 + m2 * speed2 / 2 + I2 * (qd1 + qd2) ** 2 / 2


def coriolis_from_the_formula(arm, q, qd):
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return h * np.array([[-qd[1], -qd[0] - qd[1]], [qd[0], 0.0]])


def inverse_dynamics_through_the_matrices(arm, q, qd, qdd):
    return (arm.mass_matrix(q) @ qdd + arm.coriolis_matrix(q, qd) @ qd
            + arm.gravity_torque(q))


def pendulum_by_sympy_lagrange(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    """Euler-Lagrange in sympy, then lambdified: works on numbers and arrays."""
    t, a, M, L, J, G, T = sp.symbols("t a M L J G T")
    angle = sp.Function("x")(t)
    lagrangian = (J + M * L**2) * sp.diff(angle, t) ** 2 / 2 + M * G * L * sp.cos(angle)
    equation = sp.diff(sp.diff(lagrangian, sp.diff(angle, t)), t) - sp.diff(lagrangian, angle) - T
    acceleration = sp.solve(equation, sp.diff(angle, t, 2))[0]
    plain = acceleration.subs(angle, a)
    return sp.lambdify((a, T, M, L, J, G), plain, "numpy")(theta, tau, m, l_c, I, g)


def pendulum_by_vectorised_math(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    def one(angle, torque):
        return (torque - m * g * l_c * math.sin(angle)) / (I + m * l_c * l_c)

    return np.vectorize(one, otypes=[float])(theta, tau)


def gravity_by_sympy(arm, q):
    a, b = sp.symbols("a b")
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    V = arm.gravity * (m1 * lc1 * sp.sin(a) + m2 * (L1 * sp.sin(a) + lc2 * sp.sin(a + b)))
    at = {a: float(q[0]), b: float(q[1])}
    return [float(sp.diff(V, a).subs(at)), float(sp.diff(V, b).subs(at))]


def gravity_by_coarse_differences(arm, q):
    """Central differences with the step 1e-4 rad (the tolerance admits 1e-7 to 1e-4)."""
    def potential(angles):
        return arm.gravity * arm.masses @ arm.com_positions(angles)[:, 1]

    step = 1e-4
    return np.array([(potential(q + step * e) - potential(q - step * e)) / (2 * step)
                     for e in np.eye(2)])


def gravity_by_fine_differences(arm, q):
    """Central differences with the step 1e-7 rad: round-off about 1e-8 N m."""
    def potential(angles):
        return arm.gravity * arm.masses @ arm.com_positions(angles)[:, 1]

    step = 1e-7
    return np.array([(potential(q + step * e) - potential(q - step * e)) / (2 * step)
                     for e in np.eye(2)])


def gravity_by_loops(arm, q):
    """Link by link with math: each joint holds the weights outboard of it."""
    heights, angle, x = [], 0.0, 0.0
    torques = [0.0, 0.0]
    for i in range(2):
        angle += float(q[i])
        x_com = x + arm.com_distances[i] * math.cos(angle)
        heights.append((x_com, arm.masses[i]))
        x += arm.lengths[i] * math.cos(angle)
    joints = [0.0, arm.lengths[0] * math.cos(float(q[0]))]
    for j in range(2):
        torques[j] = sum(mass * arm.gravity * (x_com - joints[j])
                         for x_com, mass in heights[j:])
    return np.array(torques)


def mass_matrix_by_sympy_hessian(arm, q):
    a, b, u, w = sp.symbols("a b u w")
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    I1, I2 = arm.inertias
    vx = -L1 * sp.sin(a) * u - lc2 * sp.sin(a + b) * (u + w)
    vy = L1 * sp.cos(a) * u + lc2 * sp.cos(a + b) * (u + w)
    T = (m1 * lc1**2 + I1) * u**2 / 2 + m2 * (vx**2 + vy**2) / 2 + I2 * (u + w) ** 2 / 2
    H = sp.hessian(T, (u, w)).subs({a: float(q[0]), b: float(q[1])})
    return np.array(H.evalf(), dtype=float)


def kinetic_energy_from_the_mass_matrix(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    c = sp.cos(q2)
    M = sp.Matrix([[m1 * lc1**2 + I1 + m2 * (L1**2 + lc2**2 + 2 * L1 * lc2 * c) + I2,
                    m2 * (lc2**2 + L1 * lc2 * c) + I2],
                   [m2 * (lc2**2 + L1 * lc2 * c) + I2, m2 * lc2**2 + I2]])
    rates = sp.Matrix([qd1, qd2])
    return (rates.T * M * rates)[0, 0] / 2


def coriolis_by_christoffel_loops(arm, q, qd):
    """The Christoffel symbols of mass_matrix_from_jacobians, by central differences."""
    step = 1e-6
    dM = [(mass_matrix_from_jacobians(arm, q + step * e)
           - mass_matrix_from_jacobians(arm, q - step * e)) / (2 * step) for e in np.eye(2)]
    C = np.zeros((2, 2))
    for k in range(2):
        for j in range(2):
            for i in range(2):
                gamma = (dM[i][k, j] + dM[j][k, i] - dM[k][i, j]) / 2
                C[k, j] += gamma * qd[i]
    return C


def coriolis_by_sympy_christoffel(arm, q, qd):
    a, b = sp.symbols("a b")
    m2, L1, lc2 = arm.masses[1], arm.lengths[0], arm.com_distances[1]
    I2 = arm.inertias[1]
    cross = m2 * L1 * lc2 * sp.cos(b)
    M = sp.Matrix([[sp.Symbol("k") + 2 * cross, m2 * lc2**2 + I2 + cross],
                   [m2 * lc2**2 + I2 + cross, m2 * lc2**2 + I2]])
    angles = (a, b)
    C = sp.zeros(2, 2)
    for k in range(2):
        for j in range(2):
            for i in range(2):
                gamma = (sp.diff(M[k, j], angles[i]) + sp.diff(M[k, i], angles[j])
                         - sp.diff(M[i, j], angles[k])) / 2
                C[k, j] += gamma * float(qd[i])
    return np.array(C.subs({a: float(q[0]), b: float(q[1])}).evalf(), dtype=float)


def inverse_dynamics_with_lists(arm, q, qd, qdd):
    """Plain lists and math, returning a list."""
    n = arm.n
    phi = omega = alpha = 0.0
    ax, ay = 0.0, arm.gravity
    frames = []
    for i in range(n):
        phi, omega, alpha = phi + q[i], omega + qd[i], alpha + qdd[i]
        c, s = math.cos(phi), math.sin(phi)
        lc, length = arm.com_distances[i], arm.lengths[i]
        acx = ax + lc * (-alpha * s - omega**2 * c)
        acy = ay + lc * (alpha * c - omega**2 * s)
        frames.append((c, s, lc, length, acx, acy, alpha))
        ax += length * (-alpha * s - omega**2 * c)
        ay += length * (alpha * c - omega**2 * s)
    tau = [0.0] * n
    fx = fy = moment = 0.0
    for i in reversed(range(n)):
        c, s, lc, length, acx, acy, alpha_i = frames[i]
        mx, my = arm.masses[i] * acx, arm.masses[i] * acy
        moment = (moment + arm.inertias[i] * alpha_i + lc * (c * my - s * mx)
                  + length * (c * fy - s * fx))
        fx, fy = fx + mx, fy + my
        tau[i] = moment
    return tau


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        ("arm.pendulum_equation", pendulum_from_the_horizontal),
        ("arm.gravity_torque", gravity_by_finite_differences),
        ("arm.mass_matrix", mass_matrix_from_jacobians),
        ("arm.kinetic_energy_2link", kinetic_energy_expanded),
        ("arm.kinetic_energy_2link", kinetic_energy_from_positions),
        ("arm.coriolis_matrix", coriolis_from_the_formula),
        ("arm.inverse_dynamics", inverse_dynamics_through_the_matrices),
        ("arm.pendulum_equation", pendulum_by_sympy_lagrange),
        ("arm.pendulum_equation", pendulum_by_vectorised_math),
        ("arm.gravity_torque", gravity_by_sympy),
        ("arm.gravity_torque", gravity_by_coarse_differences),
        ("arm.gravity_torque", gravity_by_fine_differences),
        ("arm.gravity_torque", gravity_by_loops),
        ("arm.mass_matrix", mass_matrix_by_sympy_hessian),
        ("arm.kinetic_energy_2link", kinetic_energy_from_the_mass_matrix),
        ("arm.coriolis_matrix", coriolis_by_christoffel_loops),
        ("arm.coriolis_matrix", coriolis_by_sympy_christoffel),
        ("arm.inverse_dynamics", inverse_dynamics_with_lists),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Finite differences, Jacobians, sympy (Lagrange, Hessian, Christoffel), loops with math,
    np.vectorize, lists, the matrix form: all pass."""
    assert summary(exercise_id, answer) == "passed"


# --------------------------------------------------------------------------- wrong answers


def pendulum_as_in_the_tutorial(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    return (tau + m * g * l_c * np.sin(theta)) / (I + m * l_c**2)


def gravity_with_absolute_angles(arm, q):
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    g = arm.gravity
    G2 = m2 * g * lc2 * np.cos(q[1])
    return np.array([(m1 * lc1 + m2 * arm.lengths[0]) * g * np.cos(q[0]) + G2, G2])


def mass_matrix_with_joint_inertias(arm, q):
    at_joint = arm.inertias + arm.masses * arm.com_distances**2  # then adds m l_c^2 again
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    L1 = arm.lengths[0]
    c = np.cos(q[1])
    M22 = m2 * lc2**2 + at_joint[1]
    M12 = M22 + m2 * L1 * lc2 * c
    M11 = m1 * lc1**2 + at_joint[0] + m2 * L1**2 + M22 + 2 * m2 * L1 * lc2 * c
    return np.array([[M11, M12], [M12, M22]])


def kinetic_energy_without_cosine(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    return ((m1 * lc1**2 + I1) * qd1**2 / 2 + I2 * (qd1 + qd2) ** 2 / 2
            + m2 / 2 * (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2
                        + 2 * L1 * lc2 * qd1 * (qd1 + qd2)))


def coriolis_as_in_the_tutorial(arm, q, qd):
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return np.array([[-h, -h], [h, 0.0]])


def pendulum_net_torque(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    return tau - m * g * l_c * np.sin(theta)


def pendulum_unit_slip(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    pivot = I + m * l_c
    return (tau - m * g * l_c * np.sin(theta)) / pivot


def gravity_without_g(arm, q):
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    G2 = m2 * lc2 * np.cos(q[0] + q[1])
    return np.array([(m1 * lc1 + m2 * arm.lengths[0]) * np.cos(q[0]) + G2, G2])


def gravity_on_earth(arm, q):
    g = 9.81
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    G2 = m2 * lc2 * g * np.cos(q[0] + q[1])
    return np.array([(m1 * lc1 + m2 * arm.lengths[0]) * g * np.cos(q[0]) + G2, G2])


def gravity_joint1_forgets_link2_part(arm, q):
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    g = arm.gravity
    return np.array([(m1 * lc1 + m2 * arm.lengths[0]) * g * np.cos(q[0]),
                     m2 * lc2 * g * np.cos(q[0] + q[1])])


def _two_link_matrix(arm, q, m12_factor=1, lc2=None, i2_in=(1, 1, 1), angle=None):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1 = arm.com_distances[0]
    lc2 = arm.com_distances[1] if lc2 is None else lc2
    I1, I2 = arm.inertias
    c = np.cos(q[1] if angle is None else angle)
    M11 = m1 * lc1**2 + I1 + m2 * (L1**2 + lc2**2 + 2 * L1 * lc2 * c) + i2_in[0] * I2
    M12 = m2 * (lc2**2 + m12_factor * L1 * lc2 * c) + i2_in[1] * I2
    M22 = m2 * lc2**2 + i2_in[2] * I2
    return np.array([[M11, M12], [M12, M22]])


def mass_matrix_m12_doubled(arm, q):
    return _two_link_matrix(arm, q, m12_factor=2)


def mass_matrix_full_length_of_link2(arm, q):
    return _two_link_matrix(arm, q, lc2=arm.lengths[1])


def mass_matrix_i2_on_the_diagonal_only(arm, q):
    return _two_link_matrix(arm, q, i2_in=(0, 0, 1))


def mass_matrix_cos_of_q1(arm, q):
    return _two_link_matrix(arm, q, angle=q[0])


def mass_matrix_lengths_for_link1_only(arm, q):
    """m1 L1^2 where m1 lc1^2 belongs, link 2 right: no listed mistake is this."""
    M = _two_link_matrix(arm, q)
    M[0, 0] += arm.masses[0] * (arm.lengths[0] ** 2 - arm.com_distances[0] ** 2)
    return M


def kinetic_energy_without_halves(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2 + 2 * L1 * lc2 * sp.cos(q2) * qd1 * (qd1 + qd2)
    return m1 * lc1**2 * qd1**2 + m2 * v2 + I1 * qd1**2 + I2 * (qd1 + qd2) ** 2


def kinetic_energy_of_points(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2 + 2 * L1 * lc2 * sp.cos(q2) * qd1 * (qd1 + qd2)
    return sp.Rational(1, 2) * (m1 * lc1**2 * qd1**2 + m2 * v2)


def kinetic_energy_rotation_without_half(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2 + 2 * L1 * lc2 * sp.cos(q2) * qd1 * (qd1 + qd2)
    return (m1 * lc1**2 * qd1**2 + m2 * v2) / 2 + I1 * qd1**2 + I2 * (qd1 + qd2) ** 2


def coriolis_all_in_c11(arm, q, qd):
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return np.array([[-2 * h * qd[1], -h * qd[1]], [h * qd[0], 0.0]])


def coriolis_all_in_c12(arm, q, qd):
    """C q' right, C not the Christoffel one, and not the listed factorisation."""
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return np.array([[0.0, -h * (2 * qd[0] + qd[1])], [h * qd[0], 0.0]])


def coriolis_doubled(arm, q, qd):
    h = 2 * arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return np.array([[-h * qd[1], -h * (qd[0] + qd[1])], [h * qd[0], 0.0]])


def coriolis_with_cos(arm, q, qd):
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.cos(q[1])
    return np.array([[-h * qd[1], -h * (qd[0] + qd[1])], [h * qd[0], 0.0]])


def _newton_euler(arm, q, qd, qdd, g=None, relative=True, lever_order=1.0, coms=None):
    phi = np.cumsum(q) if relative else np.asarray(q, float)
    omega = np.cumsum(qd) if relative else np.asarray(qd, float)
    alpha = np.cumsum(qdd) if relative else np.asarray(qdd, float)
    coms = arm.com_distances if coms is None else coms
    a = np.array([0.0, arm.gravity if g is None else g])
    acc, dirs = [], []
    for i in range(arm.n):
        u = np.array([np.cos(phi[i]), np.sin(phi[i])])
        turn = alpha[i] * np.array([-u[1], u[0]]) - omega[i] ** 2 * u
        acc.append(a + coms[i] * turn)
        a = a + arm.lengths[i] * turn
        dirs.append(u)
    tau, f_out, n_out = np.zeros(arm.n), np.zeros(2), 0.0
    for i in range(arm.n - 1, -1, -1):
        f_own = arm.masses[i] * acc[i]
        r_c, r_l = coms[i] * dirs[i], arm.lengths[i] * dirs[i]
        n_out = (n_out + arm.inertias[i] * alpha[i]
                 + lever_order * (r_c[0] * f_own[1] - r_c[1] * f_own[0])
                 + lever_order * (r_l[0] * f_out[1] - r_l[1] * f_out[0]))
        f_out = f_out + f_own
        tau[i] = n_out
    return tau


def newton_euler_without_gravity(arm, q, qd, qdd):
    return _newton_euler(arm, q, qd, qdd, g=0.0)


def newton_euler_absolute_angles(arm, q, qd, qdd):
    return _newton_euler(arm, q, qd, qdd, relative=False)


def newton_euler_force_cross_lever(arm, q, qd, qdd):
    return _newton_euler(arm, q, qd, qdd, lever_order=-1.0)


def newton_euler_masses_at_the_tips(arm, q, qd, qdd):
    """Each link's mass put at its far end, as for a point-mass arm."""
    return _newton_euler(arm, q, qd, qdd, coms=arm.lengths)


def pendulum_brackets_forgotten(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    J_pivot = I + m * l_c**2
    theta_ddot = tau - m * g * l_c * np.sin(theta) / J_pivot
    return theta_ddot


def pendulum_small_swings(theta, theta_dot, tau, m, l_c, I, g):  # noqa: E741
    restoring = m * g * l_c * theta  # sin(theta) ~ theta
    return (tau - restoring) / (I + m * l_c * l_c)


def gravity_each_joint_its_own_link(arm, q):
    """Joint 1 holds link 1, joint 2 holds link 2."""
    g = arm.gravity
    angles = np.cumsum(q)
    return arm.masses * g * arm.com_distances * np.cos(angles)


def gravity_link1_mass_at_its_tip(arm, q):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc2 = arm.com_distances[1]
    x_c1 = L1 * np.cos(q[0])  # link 1's mass at its end
    x_c2 = L1 * np.cos(q[0]) + lc2 * np.cos(q[0] + q[1])
    return arm.gravity * np.array([m1 * x_c1 + m2 * x_c2, m2 * (x_c2 - L1 * np.cos(q[0]))])


def mass_matrix_inertias_at_the_joints(arm, q):
    """arm.inertias read as about the joints, so no m l_c^2 of their own."""
    m2 = arm.masses[1]
    L1 = arm.lengths[0]
    lc2 = arm.com_distances[1]
    I1, I2 = arm.inertias
    k = m2 * L1 * lc2 * np.cos(q[1])
    return np.array([[I1 + I2 + m2 * L1**2 + 2 * k, I2 + k], [I2 + k, I2]])


def mass_matrix_i2_on_the_diagonal(arm, q):
    return _two_link_matrix(arm, q, i2_in=(1, 0, 1))


def mass_matrix_cos_of_link2_angle(arm, q):
    return _two_link_matrix(arm, q, angle=q[0] + q[1])


def mass_matrix_upper_triangle(arm, q):
    M = np.zeros((2, 2))
    right = _two_link_matrix(arm, q)
    M[0, 0], M[0, 1], M[1, 1] = right[0, 0], right[0, 1], right[1, 1]
    return M


def kinetic_energy_link2_at_its_joint_rate(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    vx = -L1 * sp.sin(q1) * qd1 - lc2 * sp.sin(q1 + q2) * qd2
    vy = L1 * sp.cos(q1) * qd1 + lc2 * sp.cos(q1 + q2) * qd2
    return (m1 * lc1**2 * qd1**2 + m2 * (vx**2 + vy**2) + I1 * qd1**2
            + I2 * (qd1 + qd2) ** 2) / 2


def kinetic_energy_cross_term_subtracted(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    w2 = qd1 + qd2
    v2 = (L1 * qd1) ** 2 + (lc2 * w2) ** 2 - 2 * (L1 * qd1) * (lc2 * w2) * sp.cos(q2)
    return sp.Rational(1, 2) * (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * w2**2)


def kinetic_energy_link1_mass_at_its_end(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    w2 = qd1 + qd2
    v2 = L1**2 * qd1**2 + lc2**2 * w2**2 + 2 * L1 * lc2 * qd1 * w2 * sp.cos(q2)
    return (m1 * (L1 * qd1) ** 2 + I1 * qd1**2 + m2 * v2 + I2 * w2**2) / 2


def kinetic_energy_without_link2_rotation(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Link 1 as a body turning about its joint; link 2 as its centre of mass only."""
    x2_dot = -L1 * sp.sin(q1) * qd1 - lc2 * sp.sin(q1 + q2) * (qd1 + qd2)
    y2_dot = L1 * sp.cos(q1) * qd1 + lc2 * sp.cos(q1 + q2) * (qd1 + qd2)
    return (m1 * lc1**2 + I1) * qd1**2 / 2 + m2 * (x2_dot**2 + y2_dot**2) / 2


def coriolis_rates_unpacked_backwards(arm, q, qd):
    qd2, qd1 = qd  # the joints' rates read in the wrong order
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return np.array([[-h * qd2, -h * (qd1 + qd2)], [h * qd1, 0.0]])


def newton_euler_joints_reversed(arm, q, qd, qdd):
    return arm.inverse_dynamics(q, qd, qdd)[::-1]  # the torques listed from the tip


STUDENTS = [
    ("arm.pendulum_equation", pendulum_as_in_the_tutorial, "the sign of the gravity term"),
    ("arm.gravity_torque", gravity_with_absolute_angles, "the relative angle q2 used as"),
    ("arm.mass_matrix", mass_matrix_with_joint_inertias, "the inertia about the joint counted"),
    ("arm.kinetic_energy_2link", kinetic_energy_without_cosine, "has no cosine"),
    ("arm.coriolis_matrix", coriolis_as_in_the_tutorial, "the joint rates are missing"),
    ("arm.pendulum_equation", pendulum_net_torque, "the net torque was returned"),
    ("arm.pendulum_equation", pendulum_unit_slip, "m l_c without the square"),
    ("arm.gravity_torque", gravity_without_g, "g is missing"),
    ("arm.gravity_torque", gravity_on_earth, "g = 9.81 written in"),
    ("arm.gravity_torque", gravity_joint1_forgets_link2_part, "G1 without G2's term"),
    ("arm.mass_matrix", mass_matrix_m12_doubled, "M12 has the cross term doubled"),
    ("arm.mass_matrix", mass_matrix_full_length_of_link2, "link 2's length L2 used"),
    ("arm.mass_matrix", mass_matrix_i2_on_the_diagonal_only, "I2 only in M22"),
    ("arm.mass_matrix", mass_matrix_cos_of_q1, "cos(q1) where"),
    ("arm.kinetic_energy_2link", kinetic_energy_without_halves, "the factor 1/2 is missing"),
    ("arm.kinetic_energy_2link", kinetic_energy_of_points, "rotation energies are missing"),
    ("arm.kinetic_energy_2link", kinetic_energy_rotation_without_half,
     "rotation terms lack their 1/2"),
    ("arm.coriolis_matrix", coriolis_all_in_c11, "not the Christoffel one"),
    ("arm.coriolis_matrix", coriolis_doubled, "twice the Christoffel one"),
    ("arm.coriolis_matrix", coriolis_with_cos, "cos(q2) in h"),
    ("arm.inverse_dynamics", newton_euler_without_gravity, "gravity is forgotten"),
    ("arm.inverse_dynamics", newton_euler_absolute_angles, "all used as absolute link values"),
    ("arm.inverse_dynamics", newton_euler_force_cross_lever, "cross products are in the wrong"),
    ("arm.inverse_dynamics", newton_euler_masses_at_the_tips,
     "every centre of mass taken at the end of its link"),
    ("arm.pendulum_equation", pendulum_brackets_forgotten,
     "only the gravity term is divided by the inertia"),
    ("arm.pendulum_equation", pendulum_small_swings, "linearised to theta"),
    ("arm.gravity_torque", gravity_each_joint_its_own_link, "joint 1 holds link 1's weight only"),
    ("arm.gravity_torque", gravity_link1_mass_at_its_tip, "link 1's centre of mass taken at its"),
    ("arm.mass_matrix", mass_matrix_inertias_at_the_joints, "arm.inertias taken as about the"),
    ("arm.mass_matrix", mass_matrix_i2_on_the_diagonal, "I2 missing from M12"),
    ("arm.mass_matrix", mass_matrix_cos_of_link2_angle, "cos(q1 + q2), link 2's absolute angle"),
    ("arm.mass_matrix", mass_matrix_upper_triangle, "M21 left at 0"),
    ("arm.kinetic_energy_2link", kinetic_energy_link2_at_its_joint_rate,
     "moved at the joint rate q2' only"),
    ("arm.kinetic_energy_2link", kinetic_energy_cross_term_subtracted,
     "cross term of |v_c2|^2 with a minus"),
    ("arm.kinetic_energy_2link", kinetic_energy_link1_mass_at_its_end,
     "link 1's centre of mass taken at its end"),
    ("arm.coriolis_matrix", coriolis_rates_unpacked_backwards, "q1' and q2' swapped"),
    ("arm.kinetic_energy_2link", kinetic_energy_without_link2_rotation,
     "link 2's rotation energy is missing"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """The slips the chapter warns of, written as students write them, are named."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("arm.inverse_dynamics", newton_euler_joints_reversed),
    ("arm.mass_matrix", mass_matrix_lengths_for_link1_only),
    ("arm.coriolis_matrix", coriolis_all_in_c12),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """An answer wrong in a way no listed mistake explains gets the generic message."""
    assert_generic_failure(exercise_id, answer)


def test_a_coriolis_matrix_with_the_right_product_is_told_so():
    """A non-Christoffel C whose C q' is right: the feedback says C q' agrees, C does not."""
    message = str(evaluate(get_exercise("arm.coriolis_matrix"), coriolis_all_in_c12).failure)
    flat = " ".join(message.split())
    assert "Your C q' = [-0.375 0.3 ] N m agrees with the reference's" in flat
    assert "not the one from the Christoffel symbols" in flat
    wrong_product = str(evaluate(get_exercise("arm.coriolis_matrix"), coriolis_with_cos).failure)
    assert "agrees with the reference's" not in wrong_product


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("arm.gravity_torque", gravity_by_fine_differences),
    ("arm.coriolis_matrix", coriolis_by_christoffel_loops),
], ids=lambda value: getattr(value, "__name__", value))
def test_numerical_derivatives_pass_with_a_note_on_precision(exercise_id, answer):
    """Central differences pass, and the PASSED text says they agree only within tolerance."""
    outcome = evaluate(get_exercise(exercise_id), answer)
    assert outcome.failure is None
    assert "Note:" in outcome.text and "central differences" in outcome.text
    exact = evaluate(get_exercise(exercise_id), get_exercise(exercise_id).reference)
    assert "Note:" not in exact.text


# --------------------------------------------------------------------------- 1.7 settling gains


def settling_gains_by_lambert_w(inertia, settling_time, band):
    from scipy.special import lambertw

    # (1 + x) e^(-x) = band  <=>  -(1 + x) e^(-(1 + x)) = -band / e: the lower branch W_-1
    x = -1.0 - lambertw(-band / np.e, -1).real
    omega = x / settling_time
    return inertia * omega**2, 2 * inertia * omega


def settling_gains_by_a_newton_loop(inertia, settling_time, band):
    x = 5.0
    for _ in range(100):
        f = math.log(1 + x) - x - math.log(band)  # log of (1 + x) e^-x = band
        x -= f / (1 / (1 + x) - 1)
    omega = x / settling_time
    return inertia * omega * omega, 2 * inertia * omega


def settling_gains_by_sympy(inertia, settling_time, band):
    w = sp.Symbol("w", positive=True)
    t = settling_time
    omega = float(sp.nsolve((1 + w * t) * sp.exp(-w * t) - band, w, (0.01 / t, 60 / t),
                            solver="bisect"))
    kp = inertia * omega**2
    return kp, 2 * math.sqrt(inertia * kp)


def settling_gains_from_the_simulated_error(inertia, settling_time, band):
    """Bisection on omega, each trial judged by the closed-form error on a fine time grid:
    the last time |e| leaves the band must be the settling time."""
    from robodyn.arm.control import critically_damped_error

    low, high = 0.1 / settling_time, 100.0 / settling_time
    t = np.linspace(0.0, settling_time, 20001)
    for _ in range(80):
        omega = math.sqrt(low * high)
        error = critically_damped_error([1.0], [0.0], omega, t)[0]
        if error[-1] > band:
            low = omega
        else:
            high = omega
    return inertia * omega**2, 2 * inertia * omega


@pytest.mark.parametrize("answer", [settling_gains_by_lambert_w, settling_gains_by_a_newton_loop,
                                    settling_gains_by_sympy,
                                    settling_gains_from_the_simulated_error],
                         ids=lambda f: f.__name__)
def test_settling_gains_right_in_unusual_forms(answer):
    """Lambert's W, a Newton loop on the logarithm, sympy's nsolve with 2 sqrt(J Kp), and a
    bisection on the closed-form error: all pass."""
    assert summary("arm.settling_gains", answer) == "passed"


def settling_envelope_only(inertia, settling_time, band):
    omega = math.log(1 / band) / settling_time  # e^(-w T) = band
    return inertia * omega**2, 2 * inertia * omega


def settling_rule_of_thumb(inertia, settling_time, band):
    omega = 4 / settling_time  # T_s = 4 / (zeta w), zeta = 1
    return inertia * omega**2, 2 * inertia * omega


def settling_time_constant(inertia, settling_time, band):
    omega = 1 / settling_time
    return inertia * omega**2, 2 * inertia * omega


def settling_half_damping(inertia, settling_time, band):
    kp, kd = settling_gains_by_lambert_w(inertia, settling_time, band)
    return kp, kd / 2


def settling_computed_torque_gains(inertia, settling_time, band):
    kp, kd = settling_gains_by_lambert_w(1.0, settling_time, band)
    return kp, kd


def settling_kp_not_squared(inertia, settling_time, band):
    kp, kd = settling_gains_by_lambert_w(inertia, settling_time, band)
    omega = kd / (2 * inertia)
    return inertia * omega, kd


def settling_kd_from_unit_inertia(inertia, settling_time, band):
    kp, _ = settling_gains_by_lambert_w(inertia, settling_time, band)
    return kp, 2 * np.sqrt(kp)


def settling_band_as_share_gone(inertia, settling_time, band):
    """(1 + x) e^(-x) = 1 - band, solved by scipy's brentq."""
    from scipy.optimize import brentq
    x = brentq(lambda x: (1 + x) * math.exp(-x) - (1 - band), 1e-12, 50.0)
    return inertia * (x / settling_time) ** 2, 2 * inertia * x / settling_time


def settling_second_constant_wrong(inertia, settling_time, band):
    """e = e0 (1 - w t) e^(-w t); where |e| last leaves the band, by fsolve from x = 5: no
    root for a band wider than e^-2, where fsolve's answer is refused by a ValueError of the
    student's own."""
    from scipy.optimize import fsolve
    (x,) = fsolve(lambda x: (x - 1) * np.exp(-x) - band, 5.0, xtol=1e-13)
    if abs((x - 1) * math.exp(-x) - band) > 1e-9 or x < 2:
        raise ValueError(f"no settling time for the band {band}")
    return inertia * (x / settling_time) ** 2, 2 * inertia * x / settling_time


def settling_band_halved(inertia, settling_time, band):
    return settling_gains_by_lambert_w(inertia, settling_time, band / 2)


@pytest.mark.parametrize(("answer", "name"), [
    (settling_envelope_only, "the envelope e^(-omega t) alone"),
    (settling_rule_of_thumb, "rule of thumb T_s = 4 / (zeta omega)"),
    (settling_time_constant, "time constant 1 / omega"),
    (settling_half_damping, "K_d = J omega"),
    (settling_computed_torque_gains, "the gains of computed torque"),
    (settling_kp_not_squared, "K_p = J omega (omega not squared)"),
    (settling_kd_from_unit_inertia, "K_d = 2 sqrt(K_p)"),
    (settling_band_as_share_gone, "the band read as the share of the way gone"),
    (settling_second_constant_wrong, "the second constant with the wrong sign"),
], ids=lambda value: getattr(value, "__name__", "name"))
@pytest.mark.filterwarnings("ignore::RuntimeWarning")     # fsolve's "not making good progress"
def test_settling_gains_slips_are_named(answer, name):
    """The envelope without 1 + omega t, the 4 / (zeta omega) rule, T_s as 1 / omega, K_d
    without its 2, computed torque's unit-inertia gains, omega not squared, 2 sqrt(K_p), the
    band read as the share gone, the error's second constant with the wrong sign."""
    line = summary("arm.settling_gains", answer)
    assert line.startswith("arm.settling_gains: ") and " — looks like " in line, line
    assert name in line, line


def test_settling_gains_unlisted_slip_is_wrong_but_not_misnamed():
    """Half the band (a slip no listed mistake explains) gets the generic message."""
    assert_generic_failure("arm.settling_gains", settling_band_halved)


def test_settling_gains_reference_meets_the_band_by_simulation():
    """The reference's gains, on J e'' + Kd e' + Kp e = 0 from rest, put the error on the band
    at the settling time and keep it inside afterwards (solve_ivp, not the closed form)."""
    from scipy.integrate import solve_ivp

    exercise = get_exercise("arm.settling_gains")
    for inertia, settling_time, band in [(1.65, 0.5, 0.02), (0.16, 0.3, 0.05), (2.0, 0.25, 0.5)]:
        kp, kd = exercise.reference(inertia, settling_time, band)
        def rhs(t, x, kp=kp, kd=kd, inertia=inertia):
            return [x[1], -(kd * x[1] + kp * x[0]) / inertia]

        run = solve_ivp(rhs, (0, 3 * settling_time), [1.0, 0.0], rtol=1e-11, atol=1e-13,
                        dense_output=True)
        assert run.sol(settling_time)[0] == pytest.approx(band, rel=1e-6)
        later = run.sol(np.linspace(settling_time, 3 * settling_time, 500))[0]
        assert np.all(np.abs(later) <= band * (1 + 1e-6))
        earlier = run.sol(np.linspace(0.0, 0.99 * settling_time, 500))[0]
        assert np.all(earlier > band)
