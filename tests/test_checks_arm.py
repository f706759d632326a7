"""Chapter 1's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/arm.py must be named by the right mistake.
"""

import math

import numpy as np
import pytest
import sympy as sp
from checkcases import assert_generic_failure, summary
from scipy.integrate import solve_ivp

from robodyn.arm import PlanarArm
from robodyn.grading import evaluate, get_exercise

# --------------------------------------------------------------------------- right answers


def pendulum_from_the_horizontal(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The angle from the horizontal, as the arm measures it, stepped by RK4 with steps of
    1 ms (the samples' spacing split evenly), then turned back to theta."""
    inertia = I + m * l_c * l_c

    def rates(phi, w):
        return w, (tau - b * w - m * g * l_c * math.cos(phi)) / inertia

    phi, w = theta0 - math.pi / 2, theta_dot0
    angles = [phi]
    for start, end in zip(t[:-1], t[1:], strict=True):
        steps = max(1, round((end - start) / 1e-3))
        h = (end - start) / steps
        for _ in range(steps):
            k1 = rates(phi, w)
            k2 = rates(phi + h / 2 * k1[0], w + h / 2 * k1[1])
            k3 = rates(phi + h / 2 * k2[0], w + h / 2 * k2[1])
            k4 = rates(phi + h * k3[0], w + h * k3[1])
            phi += h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
            w += h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        angles.append(phi)
    return np.array(angles) + math.pi / 2


def gravity_by_finite_differences(arm, q, offsets):
    def potential(angles):
        return arm.gravity * arm.masses @ com_positions_off_axis(arm, offsets, angles)[:, 1]

    step = 1e-6
    return np.array([(potential(q + step * e) - potential(q - step * e)) / (2 * step)
                     for e in np.eye(2)])


def mass_matrix_from_jacobians(arm, q, offsets):
    phi = np.cumsum(q)
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1 = arm.lengths[0]
    # d/dphi of (lc cos - d sin, lc sin + d cos)
    r1 = np.array([-lc1 * np.sin(phi[0]) - d1 * np.cos(phi[0]),
                   lc1 * np.cos(phi[0]) - d1 * np.sin(phi[0])])
    r2 = np.array([-lc2 * np.sin(phi[1]) - d2 * np.cos(phi[1]),
                   lc2 * np.cos(phi[1]) - d2 * np.sin(phi[1])])
    joint = np.array([-L1 * np.sin(phi[0]), L1 * np.cos(phi[0])])
    J1 = np.array([[r1[0], 0.0], [r1[1], 0.0]])
    J2 = np.array([[joint[0] + r2[0], r2[0]], [joint[1] + r2[1], r2[1]]])
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


def com_positions_off_axis(arm, offsets, q):
    """Centres of mass, shape (n, 2), walked along the chain with plain trigonometry: link i's
    centre l_c ahead of its joint and offsets[i] to its left. Works on complex angles."""
    phi, joint, centres = 0.0, np.zeros(2), []
    for i in range(arm.n):
        phi = phi + q[i]
        along = np.array([np.cos(phi), np.sin(phi)])
        left = np.array([-np.sin(phi), np.cos(phi)])
        centres.append(joint + arm.com_distances[i] * along + offsets[i] * left)
        joint = joint + arm.lengths[i] * along
    return np.array(centres)


def mass_matrix_by_complex_step(arm, offsets, q):
    """M = sum_i m_i J_i^T J_i + I_i j_i j_i^T, the Jacobians J_i of the centres of mass by the
    complex step (exact to round-off), j_i = (1, ..., 1, 0, ...) the rate of link i."""
    n, step = arm.n, 1e-30
    q = np.asarray(q, float)
    columns = [com_positions_off_axis(arm, offsets, q + 1j * step * e).imag / step
               for e in np.eye(n)]
    J = np.stack(columns, axis=-1)  # J[i, :, j] = d c_i / d q_j
    turns = np.tril(np.ones((n, n)))
    return (np.einsum("i,iaj,iak->jk", arm.masses, J, J)
            + np.einsum("i,ij,ik->jk", arm.inertias, turns, turns))


def christoffel_matrix(mass_matrix, q, qd, step=1e-5):
    """C_kj = sum_i Gamma_ijk q_i' from central differences of ``mass_matrix(q)``."""
    n = len(q)
    q = np.asarray(q, float)
    dM = [(mass_matrix(q + step * e) - mass_matrix(q - step * e)) / (2 * step)
          for e in np.eye(n)]
    C = np.zeros((n, n))
    for k in range(n):
        for j in range(n):
            for i in range(n):
                C[k, j] += (dM[i][k, j] + dM[j][k, i] - dM[k][i, j]) / 2 * qd[i]
    return C


def coriolis_from_the_formula(arm, q, qd, offsets):
    """Link 2's centre of mass in polar form: the distance r from joint 2 at the angle delta
    from the link; M12 = ... + m2 L1 r cos(q2 + delta), so h = m2 L1 r sin(q2 + delta)."""
    r = math.hypot(arm.com_distances[1], offsets[1])
    delta = math.atan2(offsets[1], arm.com_distances[1])
    h = arm.masses[1] * arm.lengths[0] * r * np.sin(q[1] + delta)
    return h * np.array([[-qd[1], -qd[0] - qd[1]], [qd[0], 0.0]])


def gravity_by_complex_step(arm, offsets, q):
    """G = dV/dq, V = g sum_i m_i y_ci, by the complex step (any number of links)."""
    step = 1e-30
    q = np.asarray(q, float)
    return np.array([arm.gravity * arm.masses
                     @ com_positions_off_axis(arm, offsets, q + 1j * step * e)[:, 1].imag / step
                     for e in np.eye(arm.n)])


def inverse_dynamics_through_the_matrices(arm, q, qd, qdd, offsets):
    """Lagrange's route: M q'' + C q' + G, M from the complex-step Jacobians of the centres
    of mass, C its Christoffel matrix by central differences, G from V."""
    def mass(angles):
        return mass_matrix_by_complex_step(arm, offsets, angles)

    return (mass(q) @ qdd + christoffel_matrix(mass, q, qd) @ qd
            + gravity_by_complex_step(arm, offsets, q))


def pendulum_by_sympy_lagrange(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Euler-Lagrange with Rayleigh's dissipation function in sympy, lambdified, then
    solve_ivp's RK45 at rtol=1e-8, atol=1e-10 (the loosest the check's comment admits)."""
    time, a, w = sp.symbols("time a w")
    angle = sp.Function("x")(time)
    rate = sp.diff(angle, time)
    lagrangian = (I + m * l_c**2) * rate**2 / 2 + m * g * l_c * sp.cos(angle)
    dissipation = b * rate**2 / 2
    equation = (sp.diff(sp.diff(lagrangian, rate), time) - sp.diff(lagrangian, angle)
                + sp.diff(dissipation, rate) - tau)
    acceleration = sp.solve(equation, sp.diff(angle, time, 2))[0]
    plain = sp.lambdify((a, w), acceleration.subs(rate, w).subs(angle, a), "math")
    run = solve_ivp(lambda _, x: [x[1], plain(x[0], x[1])], (0.0, t[-1]),
                    [theta0, theta_dot0], rtol=1e-8, atol=1e-10, t_eval=t)
    return run.y[0]


def pendulum_by_lsoda_wrapped(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """LSODA at rtol=1e-8, atol=1e-10, the angle wrapped into (-pi, pi], returned as a list."""
    def motion(_, x):
        return [x[1], (tau - b * x[1] - m * g * l_c * np.sin(x[0])) / (I + m * l_c**2)]

    run = solve_ivp(motion, (0.0, t[-1]), [theta0, theta_dot0], method="LSODA", rtol=1e-8,
                    atol=1e-10, t_eval=t)
    return list(np.angle(np.exp(1j * run.y[0])))


def gravity_by_sympy(arm, q, offsets):
    a, b = sp.symbols("a b")
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    y1 = lc1 * sp.sin(a) + d1 * sp.cos(a)
    y2 = L1 * sp.sin(a) + lc2 * sp.sin(a + b) + d2 * sp.cos(a + b)
    V = arm.gravity * (m1 * y1 + m2 * y2)
    at = {a: float(q[0]), b: float(q[1])}
    return [float(sp.diff(V, a).subs(at)), float(sp.diff(V, b).subs(at))]


def gravity_by_coarse_differences(arm, q, offsets):
    """Central differences with the step 1e-4 rad (the tolerance admits 1e-7 to 1e-4)."""
    def potential(angles):
        return arm.gravity * arm.masses @ com_positions_off_axis(arm, offsets, angles)[:, 1]

    step = 1e-4
    return np.array([(potential(q + step * e) - potential(q - step * e)) / (2 * step)
                     for e in np.eye(2)])


def gravity_by_fine_differences(arm, q, offsets):
    """Central differences with the step 1e-7 rad: round-off about 1e-8 N m."""
    def potential(angles):
        return arm.gravity * arm.masses @ com_positions_off_axis(arm, offsets, angles)[:, 1]

    step = 1e-7
    return np.array([(potential(q + step * e) - potential(q - step * e)) / (2 * step)
                     for e in np.eye(2)])


def gravity_by_loops(arm, q, offsets):
    """Link by link with math: each joint holds the weights outboard of it."""
    heights, angle, x = [], 0.0, 0.0
    torques = [0.0, 0.0]
    for i in range(2):
        angle += float(q[i])
        x_com = (x + arm.com_distances[i] * math.cos(angle)
                 - offsets[i] * math.sin(angle))
        heights.append((x_com, arm.masses[i]))
        x += arm.lengths[i] * math.cos(angle)
    joints = [0.0, arm.lengths[0] * math.cos(float(q[0]))]
    for j in range(2):
        torques[j] = sum(mass * arm.gravity * (x_com - joints[j])
                         for x_com, mass in heights[j:])
    return np.array(torques)


def mass_matrix_by_sympy_hessian(arm, q, offsets):
    a, b, u, w, t = sp.symbols("a b u w t")
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    I1, I2 = arm.inertias
    path = {a: a + u * t, b: b + w * t}  # q + q' t, to differentiate along
    x1, y1 = lc1 * sp.cos(a) - d1 * sp.sin(a), lc1 * sp.sin(a) + d1 * sp.cos(a)
    x2 = L1 * sp.cos(a) + lc2 * sp.cos(a + b) - d2 * sp.sin(a + b)
    y2 = L1 * sp.sin(a) + lc2 * sp.sin(a + b) + d2 * sp.cos(a + b)
    v1 = [sp.diff(c.subs(path, simultaneous=True), t).subs(t, 0) for c in (x1, y1)]
    vx, vy = (sp.diff(c.subs(path, simultaneous=True), t).subs(t, 0) for c in (x2, y2))
    T = (m1 * (v1[0] ** 2 + v1[1] ** 2) + I1 * u**2 + m2 * (vx**2 + vy**2)
         + I2 * (u + w) ** 2) / 2
    H = sp.hessian(T, (u, w)).subs({a: float(q[0]), b: float(q[1])})
    return np.array(H.evalf(), dtype=float)


def kinetic_energy_from_the_mass_matrix(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    c = sp.cos(q2)
    M = sp.Matrix([[m1 * lc1**2 + I1 + m2 * (L1**2 + lc2**2 + 2 * L1 * lc2 * c) + I2,
                    m2 * (lc2**2 + L1 * lc2 * c) + I2],
                   [m2 * (lc2**2 + L1 * lc2 * c) + I2, m2 * lc2**2 + I2]])
    rates = sp.Matrix([qd1, qd2])
    return (rates.T * M * rates)[0, 0] / 2


def coriolis_by_christoffel_loops(arm, q, qd, offsets):
    """The Christoffel symbols of the complex-step mass matrix, by central differences."""
    return christoffel_matrix(lambda angles: mass_matrix_by_complex_step(arm, offsets, angles),
                              q, qd, step=1e-6)


def coriolis_by_sympy_christoffel(arm, q, qd, offsets):
    a, b = sp.symbols("a b")
    m2, L1, lc2 = arm.masses[1], arm.lengths[0], arm.com_distances[1]
    I2, d2 = arm.inertias[1], offsets[1]
    cross = m2 * L1 * (lc2 * sp.cos(b) - d2 * sp.sin(b))
    own = m2 * (lc2**2 + d2**2) + I2
    M = sp.Matrix([[sp.Symbol("k") + 2 * cross, own + cross], [own + cross, own]])
    angles = (a, b)
    C = sp.zeros(2, 2)
    for k in range(2):
        for j in range(2):
            for i in range(2):
                gamma = (sp.diff(M[k, j], angles[i]) + sp.diff(M[k, i], angles[j])
                         - sp.diff(M[i, j], angles[k])) / 2
                C[k, j] += gamma * float(qd[i])
    return np.array(C.subs({a: float(q[0]), b: float(q[1])}).evalf(), dtype=float)


def inverse_dynamics_with_lists(arm, q, qd, qdd, offsets):
    """Plain lists and math, returning a list."""
    n = arm.n
    phi = omega = alpha = 0.0
    ax, ay = 0.0, arm.gravity
    frames = []
    for i in range(n):
        phi, omega, alpha = phi + q[i], omega + qd[i], alpha + qdd[i]
        c, s = math.cos(phi), math.sin(phi)
        lc, d, length = arm.com_distances[i], offsets[i], arm.lengths[i]
        rx, ry = lc * c - d * s, lc * s + d * c  # joint to centre of mass
        acx = ax - alpha * ry - omega**2 * rx
        acy = ay + alpha * rx - omega**2 * ry
        frames.append((c, s, rx, ry, length, acx, acy, alpha))
        ax += length * (-alpha * s - omega**2 * c)
        ay += length * (alpha * c - omega**2 * s)
    tau = [0.0] * n
    fx = fy = moment = 0.0
    for i in reversed(range(n)):
        c, s, rx, ry, length, acx, acy, alpha_i = frames[i]
        mx, my = arm.masses[i] * acx, arm.masses[i] * acy
        moment = (moment + arm.inertias[i] * alpha_i + (rx * my - ry * mx)
                  + length * (c * fy - s * fx))
        fx, fy = fx + mx, fy + my
        tau[i] = moment
    return tau


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        ("arm.pendulum_swing", pendulum_from_the_horizontal),
        ("arm.gravity_torque", gravity_by_finite_differences),
        ("arm.mass_matrix", mass_matrix_from_jacobians),
        ("arm.kinetic_energy_2link", kinetic_energy_expanded),
        ("arm.kinetic_energy_2link", kinetic_energy_from_positions),
        ("arm.coriolis_matrix", coriolis_from_the_formula),
        ("arm.inverse_dynamics", inverse_dynamics_through_the_matrices),
        ("arm.pendulum_swing", pendulum_by_sympy_lagrange),
        ("arm.pendulum_swing", pendulum_by_lsoda_wrapped),
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


def _swung(theta_ddot, theta0, theta_dot0, t, **options):
    """theta at the times t of the student's theta_ddot(theta, theta_dot), by solve_ivp; tight
    unless the options say otherwise."""
    settings = {"method": "DOP853", "rtol": 1e-10, "atol": 1e-12} | options
    run = solve_ivp(lambda _, x: [x[1], theta_ddot(x[0], x[1])], (0.0, t[-1]),
                    [theta0, theta_dot0], t_eval=t, **settings)
    return run.y[0]


def pendulum_as_in_the_tutorial(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    return _swung(lambda x, w: (tau - b * w + m * g * l_c * np.sin(x)) / (I + m * l_c**2),
                  theta0, theta_dot0, t)


def gravity_of_link1(arm, q, offsets):
    """Link 1's own weight about joint 1, with its offset, as students write it."""
    lc1, d1 = arm.com_distances[0], offsets[0]
    return arm.masses[0] * arm.gravity * (lc1 * np.cos(q[0]) - d1 * np.sin(q[0]))


def gravity_with_absolute_angles(arm, q, offsets):
    m2, g = arm.masses[1], arm.gravity
    lc2, d2 = arm.com_distances[1], offsets[1]
    G2 = m2 * g * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    G1 = gravity_of_link1(arm, q, offsets) + m2 * g * arm.lengths[0] * np.cos(q[0]) + G2
    return np.array([G1, G2])


def gravity_of_the_chapter(arm, q, offsets):
    """The offsets forgotten: the chapter's G."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    g = arm.gravity
    G2 = m2 * g * lc2 * np.cos(q[0] + q[1])
    return np.array([(m1 * lc1 + m2 * arm.lengths[0]) * g * np.cos(q[0]) + G2, G2])


def gravity_offsets_to_the_right(arm, q, offsets):
    """+ d sin(phi): the offsets taken on the right of the links."""
    return gravity_by_loops(arm, q, -np.asarray(offsets, float))


def mass_matrix_with_joint_inertias(arm, q, offsets):
    squared = arm.com_distances**2 + np.asarray(offsets) ** 2
    at_joint = arm.inertias + arm.masses * squared  # then adds m r^2 again
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc2, d2 = arm.com_distances[1], offsets[1]
    k = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    M22 = m2 * squared[1] + at_joint[1]
    M12 = M22 + k
    M11 = m1 * squared[0] + at_joint[0] + m2 * L1**2 + M22 + 2 * k
    return np.array([[M11, M12], [M12, M22]])


def mass_matrix_of_the_chapter(arm, q, offsets):
    """The offsets forgotten altogether."""
    return _two_link_matrix(arm, q, offsets=(0.0, 0.0))


def mass_matrix_offsets_only_in_the_coupling(arm, q, offsets):
    """d2 in the cross term, but m (lc^2 + d^2) written m lc^2."""
    M = _two_link_matrix(arm, q, offsets)
    m1, m2 = arm.masses
    d1, d2 = offsets
    return M - np.array([[m1 * d1**2 + m2 * d2**2, m2 * d2**2], [m2 * d2**2, m2 * d2**2]])


def kinetic_energy_without_cosine(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    return ((m1 * lc1**2 + I1) * qd1**2 / 2 + I2 * (qd1 + qd2) ** 2 / 2
            + m2 / 2 * (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2
                        + 2 * L1 * lc2 * qd1 * (qd1 + qd2)))


def h_off_axis(arm, q, offsets):
    """h = -dM12/dq2 of the arm with offsets, as a student writes it."""
    lc2, d2 = arm.com_distances[1], offsets[1]
    return arm.masses[1] * arm.lengths[0] * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))


def coriolis_as_in_the_tutorial(arm, q, qd, offsets):
    h = h_off_axis(arm, q, offsets)
    return np.array([[-h, -h], [h, 0.0]])


def coriolis_of_the_chapter(arm, q, qd, offsets):
    h = arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return h * np.array([[-qd[1], -qd[0] - qd[1]], [qd[0], 0.0]])


def coriolis_polar_without_the_angle(arm, q, qd, offsets):
    r = np.hypot(arm.com_distances[1], offsets[1])  # the angle of the offset forgotten
    h = arm.masses[1] * arm.lengths[0] * r * np.sin(q[1])
    return h * np.array([[-qd[1], -qd[0] - qd[1]], [qd[0], 0.0]])


def pendulum_net_torque(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    return _swung(lambda x, w: tau - b * w - m * g * l_c * np.sin(x), theta0, theta_dot0, t)


def pendulum_unit_slip(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    pivot = I + m * l_c
    return _swung(lambda x, w: (tau - b * w - m * g * l_c * np.sin(x)) / pivot, theta0,
                  theta_dot0, t)


def pendulum_friction_pushing(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    pivot = I + m * l_c**2
    return _swung(lambda x, w: (tau + b * w - m * g * l_c * math.sin(x)) / pivot, theta0,
                  theta_dot0, t, rtol=1e-11)


def pendulum_default_tolerances(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    def motion(_, x):
        return [x[1], (tau - b * x[1] - m * g * l_c * np.sin(x[0])) / (I + m * l_c**2)]

    return solve_ivp(motion, (0, t[-1]), [theta0, theta_dot0], t_eval=t).y[0]


def pendulum_euler_loop(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The loop students write first: one Euler step per sample of t."""
    theta, omega = [theta0], theta_dot0
    for k in range(len(t) - 1):
        dt = t[k + 1] - t[k]
        alpha = (tau - b * omega - m * g * l_c * np.sin(theta[-1])) / (I + m * l_c**2)
        theta.append(theta[-1] + dt * omega)
        omega = omega + dt * alpha
    return np.array(theta)


def pendulum_returns_the_rate(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    def motion(_, x):
        return [x[1], (tau - b * x[1] - m * g * l_c * np.sin(x[0])) / (I + m * l_c**2)]

    run = solve_ivp(motion, (0, t[-1]), [theta0, theta_dot0], t_eval=t, rtol=1e-10,
                    atol=1e-12)
    return run.y[1]


def gravity_without_g(arm, q, offsets):
    return np.asarray(gravity_by_loops(arm, q, offsets)) / arm.gravity


def gravity_on_earth(arm, q, offsets):
    g = 9.81
    m2, phi2 = arm.masses[1], q[0] + q[1]
    lc2, d2 = arm.com_distances[1], offsets[1]
    G2 = m2 * g * (lc2 * np.cos(phi2) - d2 * np.sin(phi2))
    G1 = (gravity_of_link1(arm, q, offsets) / arm.gravity * g
          + m2 * g * arm.lengths[0] * np.cos(q[0]) + G2)
    return np.array([G1, G2])


def gravity_joint1_forgets_link2_part(arm, q, offsets):
    m2, g, phi2 = arm.masses[1], arm.gravity, q[0] + q[1]
    lc2, d2 = arm.com_distances[1], offsets[1]
    G1 = gravity_of_link1(arm, q, offsets) + m2 * g * arm.lengths[0] * np.cos(q[0])
    return np.array([G1, m2 * g * (lc2 * np.cos(phi2) - d2 * np.sin(phi2))])


def _two_link_matrix(arm, q, offsets, m12_factor=1, lc2=None, i2_in=(1, 1, 1), angle=None):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1 = arm.com_distances[0]
    lc2 = arm.com_distances[1] if lc2 is None else lc2
    d1, d2 = offsets
    I1, I2 = arm.inertias
    angle = q[1] if angle is None else angle
    k = L1 * (lc2 * np.cos(angle) - d2 * np.sin(angle))
    r1, r2 = lc1**2 + d1**2, lc2**2 + d2**2
    M11 = m1 * r1 + I1 + m2 * (L1**2 + r2 + 2 * k) + i2_in[0] * I2
    M12 = m2 * (r2 + m12_factor * k) + i2_in[1] * I2
    M22 = m2 * r2 + i2_in[2] * I2
    return np.array([[M11, M12], [M12, M22]])


def mass_matrix_m12_doubled(arm, q, offsets):
    return _two_link_matrix(arm, q, offsets, m12_factor=2)


def mass_matrix_full_length_of_link2(arm, q, offsets):
    return _two_link_matrix(arm, q, offsets, lc2=arm.lengths[1])


def mass_matrix_i2_on_the_diagonal_only(arm, q, offsets):
    return _two_link_matrix(arm, q, offsets, i2_in=(0, 0, 1))


def mass_matrix_cos_of_q1(arm, q, offsets):
    return _two_link_matrix(arm, q, offsets, angle=q[0])


def mass_matrix_lengths_for_link1_only(arm, q, offsets):
    """m1 L1^2 where m1 lc1^2 belongs, link 2 right: no listed mistake is this."""
    M = _two_link_matrix(arm, q, offsets)
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


def coriolis_all_in_c11(arm, q, qd, offsets):
    h = h_off_axis(arm, q, offsets)
    return np.array([[-2 * h * qd[1], -h * qd[1]], [h * qd[0], 0.0]])


def coriolis_all_in_c12(arm, q, qd, offsets):
    """C q' right, C not the Christoffel one, and not the listed factorisation."""
    h = h_off_axis(arm, q, offsets)
    return np.array([[0.0, -h * (2 * qd[0] + qd[1])], [h * qd[0], 0.0]])


def coriolis_doubled(arm, q, qd, offsets):
    h = 2 * h_off_axis(arm, q, offsets)
    return np.array([[-h * qd[1], -h * (qd[0] + qd[1])], [h * qd[0], 0.0]])


def coriolis_with_cos(arm, q, qd, offsets):
    """M12's coupling m2 L1 (lc2 cos q2 - d2 sin q2) used as h, not differentiated."""
    lc2, d2 = arm.com_distances[1], offsets[1]
    h = arm.masses[1] * arm.lengths[0] * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return np.array([[-h * qd[1], -h * (qd[0] + qd[1])], [h * qd[0], 0.0]])


def _newton_euler(arm, q, qd, qdd, offsets, g=None, relative=True, lever_order=1.0,
                  coms=None, offsets_in_levers=True, offsets_in_accelerations=True):
    phi = np.cumsum(q) if relative else np.asarray(q, float)
    omega = np.cumsum(qd) if relative else np.asarray(qd, float)
    alpha = np.cumsum(qdd) if relative else np.asarray(qdd, float)
    coms = arm.com_distances if coms is None else coms
    a = np.array([0.0, arm.gravity if g is None else g])
    acc, centres = [], []
    for i in range(arm.n):
        u = np.array([np.cos(phi[i]), np.sin(phi[i])])
        left = np.array([-u[1], u[0]])
        r_c = coms[i] * u + offsets[i] * left
        r_a = r_c if offsets_in_accelerations else coms[i] * u
        acc.append(a + alpha[i] * np.array([-r_a[1], r_a[0]]) - omega[i] ** 2 * r_a)
        a = a + arm.lengths[i] * (alpha[i] * left - omega[i] ** 2 * u)
        centres.append((r_c if offsets_in_levers else coms[i] * u, arm.lengths[i] * u))
    tau, f_out, n_out = np.zeros(arm.n), np.zeros(2), 0.0
    for i in range(arm.n - 1, -1, -1):
        f_own = arm.masses[i] * acc[i]
        r_c, r_l = centres[i]
        n_out = (n_out + arm.inertias[i] * alpha[i]
                 + lever_order * (r_c[0] * f_own[1] - r_c[1] * f_own[0])
                 + lever_order * (r_l[0] * f_out[1] - r_l[1] * f_out[0]))
        f_out = f_out + f_own
        tau[i] = n_out
    return tau


def newton_euler_without_gravity(arm, q, qd, qdd, offsets):
    return _newton_euler(arm, q, qd, qdd, offsets, g=0.0)


def newton_euler_absolute_angles(arm, q, qd, qdd, offsets):
    return _newton_euler(arm, q, qd, qdd, offsets, relative=False)


def newton_euler_force_cross_lever(arm, q, qd, qdd, offsets):
    return _newton_euler(arm, q, qd, qdd, offsets, lever_order=-1.0)


def newton_euler_masses_at_the_tips(arm, q, qd, qdd, offsets):
    """Each link's mass put at its far end, as for a point-mass arm."""
    return _newton_euler(arm, q, qd, qdd, offsets, coms=arm.lengths)


def newton_euler_of_the_chapter(arm, q, qd, qdd, offsets):
    """The offsets never used."""
    return _newton_euler(arm, q, qd, qdd, np.zeros(arm.n))


def newton_euler_offsets_in_levers_only(arm, q, qd, qdd, offsets):
    """a_c computed on the axis, the offset only in r_c x f."""
    return _newton_euler(arm, q, qd, qdd, offsets, offsets_in_accelerations=False)


def newton_euler_offsets_in_accelerations_only(arm, q, qd, qdd, offsets):
    """a_c with the offset, but the levers of the inward pass on the axis."""
    return _newton_euler(arm, q, qd, qdd, offsets, offsets_in_levers=False)


def pendulum_brackets_forgotten(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    J_pivot = I + m * l_c**2
    return _swung(lambda x, w: tau - b * w - m * g * l_c * np.sin(x) / J_pivot, theta0,
                  theta_dot0, t)


def pendulum_small_swings(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    def motion(_, x):
        restoring = m * g * l_c * x[0]  # sin(theta) ~ theta
        return [x[1], (tau - b * x[1] - restoring) / (I + m * l_c * l_c)]

    return solve_ivp(motion, (0, t[-1]), [theta0, theta_dot0], t_eval=t, method="DOP853",
                     rtol=1e-11, atol=1e-12).y[0]


def pendulum_quadratic_friction(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Friction taken as a drag, b theta_dot |theta_dot|: a slip no mistake describes."""
    return _swung(lambda x, w: (tau - b * w * abs(w) - m * g * l_c * np.sin(x))
                  / (I + m * l_c**2), theta0, theta_dot0, t)


def pendulum_euler_in_1ms_steps(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Explicit Euler with steps of 1 ms: the right equation, integrated too coarsely."""
    inertia = I + m * l_c**2
    theta, omega, out = theta0, theta_dot0, [theta0]
    for start, end in zip(t[:-1], t[1:], strict=True):
        steps = max(1, round((end - start) / 1e-3))
        h = (end - start) / steps
        for _ in range(steps):
            alpha = (tau - b * omega - m * g * l_c * math.sin(theta)) / inertia
            theta, omega = theta + h * omega, omega + h * alpha
        out.append(theta)
    return np.array(out)


def pendulum_point_mass_by_rk45(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The rod's own inertia left out, integrated with solve_ivp's RK45 at rtol=1e-9: another
    right method than the check's, whose errors (about 1e-6 rad) exceed the 1e-6 relative
    agreement that names a formula's slip, but not the exercise's 2e-5 rad."""
    def motion(_, state):
        return [state[1], (tau - b * state[1] - m * g * l_c * np.sin(state[0])) / (m * l_c**2)]

    return solve_ivp(motion, (0.0, t[-1]), [theta0, theta_dot0], rtol=1e-9, atol=1e-11,
                     t_eval=t).y[0]


def gravity_each_joint_its_own_link(arm, q, offsets):
    """Joint 1 holds link 1, joint 2 holds link 2."""
    g = arm.gravity
    angles = np.cumsum(q)
    return arm.masses * g * (arm.com_distances * np.cos(angles) - offsets * np.sin(angles))


def gravity_link1_mass_at_its_tip(arm, q, offsets):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc2 = arm.com_distances[1]
    d1, d2 = offsets
    x_c1 = L1 * np.cos(q[0]) - d1 * np.sin(q[0])  # link 1's mass at its end
    x_c2 = L1 * np.cos(q[0]) + lc2 * np.cos(q[0] + q[1]) - d2 * np.sin(q[0] + q[1])
    return arm.gravity * np.array([m1 * x_c1 + m2 * x_c2, m2 * (x_c2 - L1 * np.cos(q[0]))])


def mass_matrix_inertias_at_the_joints(arm, q, offsets):
    """arm.inertias read as about the joints, so no m (l_c^2 + d^2) of their own."""
    m2 = arm.masses[1]
    L1 = arm.lengths[0]
    lc2, d2 = arm.com_distances[1], offsets[1]
    I1, I2 = arm.inertias
    k = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return np.array([[I1 + I2 + m2 * L1**2 + 2 * k, I2 + k], [I2 + k, I2]])


def mass_matrix_i2_on_the_diagonal(arm, q, offsets):
    return _two_link_matrix(arm, q, offsets, i2_in=(1, 0, 1))


def mass_matrix_cos_of_link2_angle(arm, q, offsets):
    return _two_link_matrix(arm, q, offsets, angle=q[0] + q[1])


def mass_matrix_upper_triangle(arm, q, offsets):
    M = np.zeros((2, 2))
    right = _two_link_matrix(arm, q, offsets)
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


def coriolis_rates_unpacked_backwards(arm, q, qd, offsets):
    qd2, qd1 = qd  # the joints' rates read in the wrong order
    h = h_off_axis(arm, q, offsets)
    return np.array([[-h * qd2, -h * (qd1 + qd2)], [h * qd1, 0.0]])


def newton_euler_joints_reversed(arm, q, qd, qdd, offsets):
    return _newton_euler(arm, q, qd, qdd, offsets)[::-1]  # the torques listed from the tip


def newton_euler_each_joint_its_own_link(arm, q, qd, qdd, offsets):
    """Each joint's torque without the outer links' torque n_{i+1} carried inwards."""
    tau = _newton_euler(arm, q, qd, qdd, offsets)
    return tau - np.append(tau[1:], 0.0)


STUDENTS = [
    ("arm.pendulum_swing", pendulum_as_in_the_tutorial, "the sign of the gravity term"),
    ("arm.gravity_torque", gravity_with_absolute_angles, "the relative angle q2 used as"),
    ("arm.mass_matrix", mass_matrix_with_joint_inertias, "the inertia about the joint counted"),
    ("arm.kinetic_energy_2link", kinetic_energy_without_cosine, "has no cosine"),
    ("arm.coriolis_matrix", coriolis_as_in_the_tutorial, "the joint rates are missing"),
    ("arm.pendulum_swing", pendulum_net_torque, "the net torque integrated"),
    ("arm.pendulum_swing", pendulum_unit_slip, "m l_c without the square"),
    ("arm.pendulum_swing", pendulum_friction_pushing, "it pushes the pendulum on"),
    ("arm.pendulum_swing", pendulum_default_tolerances, "its default tolerances"),
    ("arm.pendulum_swing", pendulum_euler_loop, "one explicit Euler step from each time"),
    ("arm.pendulum_swing", pendulum_returns_the_rate, "theta_dot returned instead of theta"),
    ("arm.pendulum_swing", pendulum_point_mass_by_rk45, "taken as a point mass"),
    ("arm.gravity_torque", gravity_without_g, "g is missing"),
    ("arm.gravity_torque", gravity_on_earth, "g = 9.81 written in"),
    ("arm.gravity_torque", gravity_of_the_chapter, "the offsets are left out"),
    ("arm.gravity_torque", gravity_offsets_to_the_right, "the offsets on the wrong side"),
    ("arm.gravity_torque", gravity_joint1_forgets_link2_part, "G1 without G2's term"),
    ("arm.mass_matrix", mass_matrix_m12_doubled, "M12 has the coupling term doubled"),
    ("arm.mass_matrix", mass_matrix_full_length_of_link2, "link 2's length L2 used"),
    ("arm.mass_matrix", mass_matrix_i2_on_the_diagonal_only, "I2 only in M22"),
    ("arm.mass_matrix", mass_matrix_cos_of_q1, "the angle q1 in the coupling"),
    ("arm.mass_matrix", mass_matrix_of_the_chapter, "the offsets are left out"),
    ("arm.mass_matrix", mass_matrix_offsets_only_in_the_coupling,
     "the offsets only in the coupling term"),
    ("arm.kinetic_energy_2link", kinetic_energy_without_halves, "the factor 1/2 is missing"),
    ("arm.kinetic_energy_2link", kinetic_energy_of_points, "rotation energies are missing"),
    ("arm.kinetic_energy_2link", kinetic_energy_rotation_without_half,
     "rotation terms lack their 1/2"),
    ("arm.coriolis_matrix", coriolis_all_in_c11, "not the Christoffel one"),
    ("arm.coriolis_matrix", coriolis_doubled, "twice the Christoffel one"),
    ("arm.coriolis_matrix", coriolis_with_cos, "M's coupling term itself in h"),
    ("arm.coriolis_matrix", coriolis_of_the_chapter, "the offsets are left out"),
    ("arm.coriolis_matrix", coriolis_polar_without_the_angle, "the distance sqrt(l_c2^2"),
    ("arm.inverse_dynamics", newton_euler_without_gravity, "gravity is forgotten"),
    ("arm.inverse_dynamics", newton_euler_absolute_angles, "all used as absolute link values"),
    ("arm.inverse_dynamics", newton_euler_force_cross_lever, "cross products are in the wrong"),
    ("arm.inverse_dynamics", newton_euler_masses_at_the_tips,
     "every centre of mass taken at the end of its link"),
    ("arm.inverse_dynamics", newton_euler_of_the_chapter, "the offsets are left out"),
    ("arm.inverse_dynamics", newton_euler_offsets_in_levers_only,
     "in the levers but not in the centres of mass's accelerations"),
    ("arm.inverse_dynamics", newton_euler_offsets_in_accelerations_only,
     "in the accelerations but not in the levers"),
    ("arm.pendulum_swing", pendulum_brackets_forgotten,
     "only the gravity term is divided by the inertia"),
    ("arm.pendulum_swing", pendulum_small_swings, "linearised to theta"),
    ("arm.gravity_torque", gravity_each_joint_its_own_link, "joint 1 holds link 1's weight only"),
    ("arm.gravity_torque", gravity_link1_mass_at_its_tip, "link 1's centre of mass taken at its"),
    ("arm.mass_matrix", mass_matrix_inertias_at_the_joints, "arm.inertias taken as about the"),
    ("arm.mass_matrix", mass_matrix_i2_on_the_diagonal, "I2 missing from M12"),
    ("arm.mass_matrix", mass_matrix_cos_of_link2_angle, "the angle q1 + q2, link 2's absolute"),
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
    ("arm.inverse_dynamics", newton_euler_joints_reversed, "the torques returned tip first"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """The slips the chapter warns of, written as students write them, are named."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("arm.pendulum_swing", pendulum_quadratic_friction),
    ("arm.pendulum_swing", pendulum_euler_in_1ms_steps),
    ("arm.inverse_dynamics", newton_euler_each_joint_its_own_link),
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


def _cases(exercise_id):
    return [case.args for case in get_exercise(exercise_id).cases()]


def _pendulum_reference():
    return get_exercise("arm.pendulum_swing").reference


def test_pendulum_swing_reference_is_the_damped_driven_oscillator_at_small_angles():
    """At 1 mrad the swing is the linear oscillator I_p x'' + b x' + m g l_c x = tau, whose
    closed form (an underdamped decay about tau / (m g l_c)) it follows to 1e-8 of 1e-3 rad."""
    m, l_c, inertia, g, b = 2.0, 0.25, 0.0417, 9.81, 0.05
    tau = 1e-4 * m * g * l_c
    t = np.linspace(0.0, 6.0, 301)
    pivot = inertia + m * l_c**2
    omega_n, zeta = math.sqrt(m * g * l_c / pivot), b / (2 * math.sqrt(m * g * l_c * pivot))
    omega_d = omega_n * math.sqrt(1 - zeta**2)
    rest = tau / (m * g * l_c)
    x0, v0 = 1e-3 - rest, 2e-3
    closed = rest + np.exp(-zeta * omega_n * t) * (
        x0 * np.cos(omega_d * t) + (v0 + zeta * omega_n * x0) / omega_d * np.sin(omega_d * t))
    theta = _pendulum_reference()(1e-3, 2e-3, tau, b, m, l_c, inertia, g, t)
    assert np.max(np.abs(theta - closed)) < 1e-8
    assert np.max(np.abs(closed)) > 1e-3       # the test compares a real swing


def test_pendulum_swing_keeps_its_energy_without_friction_or_torque():
    """b = tau = 0, a swing from 2.9 rad, near the top: 1/2 I_p w^2 - m g l_c cos(theta)
    stays constant to 1e-9 of m g l_c, with theta_dot by the same integration."""
    from robodyn.checks.arm import _RIGHT_ACCEL, _swing

    args = (2.9, 0.0, 0.0, 0.0, 1.5, 0.3, 0.02, 9.81, np.linspace(0.0, 10.0, 401))
    theta = _pendulum_reference()(*args)
    rate = _swing(_RIGHT_ACCEL, output=1)(*args)
    m, l_c, inertia, g = args[4:8]
    energy = 0.5 * (inertia + m * l_c**2) * rate**2 - m * g * l_c * np.cos(theta)
    assert np.ptp(energy) < 1e-9 * m * g * l_c
    assert np.min(theta) < -2.8                    # it swung to the other side and back


def test_pendulum_swing_settles_where_the_torque_holds_the_weight():
    """Driven by tau and damped, the pendulum comes to rest at asin(tau / (m g l_c))."""
    m, l_c, inertia, g = 1.0, 0.3, 0.01, 9.81
    tau, b = 0.6 * m * g * l_c, 0.3
    theta = _pendulum_reference()(0.0, 0.0, tau, b, m, l_c, inertia, g,
                                  np.linspace(0.0, 30.0, 301))
    assert abs(theta[-1] - math.asin(0.6)) < 1e-9
    assert abs(theta[0]) < 1e-15 and np.max(theta) > math.asin(0.6)   # it overshot first


@pytest.mark.parametrize("case", range(6), ids=lambda index: f"fixed case {index}")
def test_pendulum_swing_reference_is_the_one_link_arm(case):
    """The one-link PlanarArm, its angle from the horizontal (theta - pi/2), simulated with
    its own forward dynamics and the friction as a torque of the state, gives the same
    angles on every fixed case."""
    theta0, theta_dot0, tau, b, m, l_c, inertia, g, t = _cases("arm.pendulum_swing")[case]
    arm = PlanarArm(masses=[m], lengths=[2 * l_c], com_fractions=[0.5], inertias=[inertia],
                    gravity=g)
    run = arm.simulate([theta0 - math.pi / 2], [theta_dot0],
                       lambda _, q, qd: np.array([tau - b * qd[0]]), (0.0, t[-1]),
                       method="DOP853", rtol=1e-12, atol=1e-12, t_eval=t)
    theta = _pendulum_reference()(theta0, theta_dot0, tau, b, m, l_c, inertia, g, t)
    assert np.max(np.abs(run.q1 + math.pi / 2 - theta)) < 1e-7


def test_pendulum_swing_cases_teach_what_they_say():
    """The fixed cases: one goes over the top (theta passes pi); one settles towards its tilt;
    every case but the free ones has friction, and no seeded case spins more than two turns."""
    cases = get_exercise("arm.pendulum_swing").cases()
    reference = _pendulum_reference()
    over = reference(*cases[4].args)
    assert np.max(over) > 2 * math.pi
    theta0, theta_dot0, tau, b, m, l_c, inertia, g, t = cases[3].args
    tilt = math.asin(tau / (m * g * l_c))
    assert abs(reference(*cases[3].args)[-1] - tilt) < 0.1 * tilt
    assert all(case.args[3] > 0 for case in cases[2:])
    for case in cases:
        t = case.args[-1]
        assert t[0] == 0.0 and 50 <= t.size <= 400 and 1.0 <= t[-1] <= 10.0
        assert np.max(np.abs(reference(*case.args) - case.args[0])) <= 4 * math.pi


def test_gravity_reference_is_the_weights_through_the_jacobians():
    """On every case, G = sum_i m_i g (d y_ci / dq) with the Jacobians of the off-axis centres
    of mass by the complex step, and G_j is the moment of the weights outboard of joint j
    about it (statics, by the loops); zero offsets give the chapter's arm.gravity_torque."""
    reference = get_exercise("arm.gravity_torque").reference
    step = 1e-30
    for arm, q, offsets in _cases("arm.gravity_torque"):
        G = reference(arm, q, offsets)
        heights = [com_positions_off_axis(arm, offsets, q + 1j * step * e)[:, 1].imag / step
                   for e in np.eye(2)]
        assert G == pytest.approx(arm.gravity * np.array(heights) @ arm.masses, abs=1e-12)
        assert G == pytest.approx(gravity_by_loops(arm, q, offsets), abs=1e-12)
        assert reference(arm, q, np.zeros(2)) == pytest.approx(arm.gravity_torque(q),
                                                               abs=1e-12)


def test_mass_matrix_reference_is_the_jacobians_mass_matrix():
    """On every case, the reference M equals sum_i m_i J_i^T J_i + I_i j_i j_i^T with the
    Jacobians of the off-axis centres of mass by the complex step; zero offsets give the
    chapter's arm.mass_matrix, and an offset of link 2 alone the chapter's arm with link 2's
    centre at the distance r on its axis and the elbow turned by atan2(d2, l_c2)."""
    reference = get_exercise("arm.mass_matrix").reference
    for arm, q, offsets in _cases("arm.mass_matrix"):
        M = reference(arm, q, offsets)
        assert M == pytest.approx(mass_matrix_by_complex_step(arm, offsets, q), abs=1e-13)
        assert reference(arm, q, np.zeros(2)) == pytest.approx(arm.mass_matrix(q), abs=1e-13)
        r = math.hypot(arm.com_distances[1], offsets[1])
        on_axis = PlanarArm(masses=arm.masses, lengths=[arm.lengths[0], r],
                            com_fractions=[arm.com_fractions[0], 1.0], inertias=arm.inertias,
                            gravity=arm.gravity)
        turned = np.array([q[0], q[1] + math.atan2(offsets[1], arm.com_distances[1])])
        link1 = arm.masses[0] * offsets[0] ** 2 * np.array([[1.0, 0.0], [0.0, 0.0]])
        assert M == pytest.approx(on_axis.mass_matrix(turned) + link1, abs=1e-13)


def test_inverse_dynamics_reference_is_lagranges_equation_and_balances_the_power():
    """On every case (1 to 5 links), the Newton-Euler reference equals Lagrange's M q'' + C q'
    + G built from the complex-step Jacobians of the off-axis centres of mass; the motors'
    power q'^T tau equals the rate of change of the energy, and zero offsets give the
    chapter's arm.inverse_dynamics."""
    reference = get_exercise("arm.inverse_dynamics").reference
    for arm, q, qd, qdd, offsets in _cases("arm.inverse_dynamics"):
        tau = reference(arm, q, qd, qdd, offsets)
        lagrange = inverse_dynamics_through_the_matrices(arm, q, qd, qdd, offsets)
        assert tau == pytest.approx(lagrange, abs=1e-7)

        def energy(t, arm=arm, q=q, qd=qd, qdd=qdd, offsets=offsets):
            angles, rates = q + qd * t + qdd * t**2 / 2, qd + qdd * t
            kinetic = rates @ mass_matrix_by_complex_step(arm, offsets, angles) @ rates / 2
            heights = com_positions_off_axis(arm, offsets, angles)[:, 1]
            return kinetic + arm.gravity * arm.masses @ heights

        step = 1e-5
        assert (energy(step) - energy(-step)) / (2 * step) == pytest.approx(qd @ tau, abs=1e-6)
        assert reference(arm, q, qd, qdd, np.zeros(arm.n)) == pytest.approx(
            arm.inverse_dynamics(q, qd, qdd), abs=1e-12)


def test_coriolis_reference_is_the_christoffel_matrix_of_the_jacobians():
    """On every case, the reference C equals the Christoffel matrix of M built from the
    complex-step Jacobians of the off-axis centres of mass, and M' - 2C is skew-symmetric."""
    reference = get_exercise("arm.coriolis_matrix").reference
    for arm, q, qd, offsets in _cases("arm.coriolis_matrix"):
        def mass(angles, arm=arm, offsets=offsets):
            return mass_matrix_by_complex_step(arm, offsets, angles)

        C = reference(arm, q, qd, offsets)
        assert C == pytest.approx(christoffel_matrix(mass, q, qd), abs=1e-8)
        step = 1e-6
        M_dot = (mass(q + step * qd) - mass(q - step * qd)) / (2 * step)
        N = M_dot - 2 * C
        assert np.abs(N + N.T).max() < 1e-8


def test_coriolis_reference_reduces_to_the_chapters_arm():
    """Zero offsets give the chapter's arm.coriolis_matrix; an offset of link 2 is the
    chapter's arm with link 2's centre at the distance r on its axis and the elbow turned by
    the offset's angle delta = atan2(d2, l_c2)."""
    reference = get_exercise("arm.coriolis_matrix").reference
    for arm, q, qd, offsets in _cases("arm.coriolis_matrix"):
        assert reference(arm, q, qd, np.zeros(2)) == pytest.approx(
            arm.coriolis_matrix(q, qd), abs=1e-13)
        r = math.hypot(arm.com_distances[1], offsets[1])
        delta = math.atan2(offsets[1], arm.com_distances[1])
        on_axis = PlanarArm(masses=arm.masses, lengths=[arm.lengths[0], r],
                            com_fractions=[arm.com_fractions[0], 1.0], inertias=arm.inertias,
                            gravity=arm.gravity)
        turned = np.array([q[0], q[1] + delta])
        assert reference(arm, q, qd, offsets) == pytest.approx(
            on_axis.coriolis_matrix(turned, qd), abs=1e-12)


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
