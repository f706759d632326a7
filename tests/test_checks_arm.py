"""Chapter 1's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/arm.py must be named by the right mistake.
"""

import numpy as np
import pytest
import sympy as sp
from checkcases import summary

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
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Finite differences, Jacobians, a time derivative in sympy, the matrix form: all pass."""
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


def newton_euler_joints_reversed(arm, q, qd, qdd):
    return arm.inverse_dynamics(q, qd, qdd)[::-1]  # the torques listed from the tip


STUDENTS = [
    ("arm.pendulum_equation", pendulum_as_in_the_tutorial, "the sign of the gravity term"),
    ("arm.gravity_torque", gravity_with_absolute_angles, "the relative angle q2 used as"),
    ("arm.mass_matrix", mass_matrix_with_joint_inertias, "the inertia about the joint counted"),
    ("arm.kinetic_energy_2link", kinetic_energy_without_cosine, "has no cosine"),
    ("arm.coriolis_matrix", coriolis_as_in_the_tutorial, "the joint rates are missing"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """The slips the chapter warns of, written as students write them, are named."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def test_an_unlisted_slip_is_wrong_but_not_misnamed():
    """An answer wrong in a way no listed mistake explains gets the generic message."""
    line = summary("arm.inverse_dynamics", newton_euler_joints_reversed)
    assert line.startswith("arm.inverse_dynamics: wrong result for ")
    assert "looks like" not in line
