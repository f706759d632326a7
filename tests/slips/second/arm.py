"""Typical wrong answers to the exercises of chapter 1 (Newton-Euler and Lagrange)."""

# The exercises name the moment of inertia `I`, so the answers do too.
# ruff: noqa: E741

import numpy as np
import sympy as sp
from scipy.integrate import odeint, solve_ivp
from scipy.optimize import brentq

# --------------------------------------------------------------------------- 1.1 pendulum


def _simulate(theta_ddot, theta0, theta_dot0, t):
    """The angles at the times t: odeint (LSODA) on the state (theta, theta_dot), tight."""
    def rates(state, _):
        return [state[1], theta_ddot(state[0], state[1])]

    return odeint(rates, [theta0, theta_dot0], t, rtol=1e-12, atol=1e-12)[:, 0]


def inertia_about_com_only(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """Divides by I, the inertia about the centre of mass, not about the pivot."""
    return _simulate(lambda th, om: (tau - b * om - m * g * l_c * np.sin(th)) / I,
                     theta0, theta_dot0, t)


def gravity_pushes_down_the_wrong_way(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """The sign of the gravity torque (+m g l_c sin, as from the upward vertical)."""
    J = I + m * l_c**2
    return _simulate(lambda th, om: (tau - b * om + m * g * l_c * np.sin(th)) / J,
                     theta0, theta_dot0, t)


def cos_for_sin(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """cos(theta) in the gravity torque, as if theta were measured from the horizontal."""
    J = I + m * l_c**2
    return _simulate(lambda th, om: (tau - b * om - m * g * l_c * np.cos(th)) / J,
                     theta0, theta_dot0, t)


def only_gravity_divided(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """Precedence: only the gravity term is divided by the inertia, not the other torques."""
    return _simulate(lambda th, om: tau - b * om - m * g * l_c * np.sin(th) / (I + m * l_c**2),
                     theta0, theta_dot0, t)


def small_angle(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """Linearised: sin(theta) replaced by theta, though the swings are large."""
    J = I + m * l_c**2
    return _simulate(lambda th, om: (tau - b * om - m * g * l_c * th) / J,
                     theta0, theta_dot0, t)


def parallel_axis_not_squared(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """Parallel-axis term written m * l_c instead of m * l_c**2."""
    J = I + m * l_c
    return _simulate(lambda th, om: (tau - b * om - m * g * l_c * np.sin(th)) / J,
                     theta0, theta_dot0, t)


def mass_left_out_of_gravity(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """The mass is missing from the gravity torque: g l_c sin(theta)."""
    J = I + m * l_c**2
    return _simulate(lambda th, om: (tau - b * om - g * l_c * np.sin(th)) / J,
                     theta0, theta_dot0, t)


def theta_in_degrees(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """Converts theta with np.radians although it is already in radians."""
    J = I + m * l_c**2
    return _simulate(lambda th, om: (tau - b * om - m * g * l_c * np.sin(np.radians(th))) / J,
                     theta0, theta_dot0, t)


def friction_helps_the_motion(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """The friction torque written +b theta_dot: it feeds the swing instead of damping it."""
    J = I + m * l_c**2
    return _simulate(lambda th, om: (tau + b * om - m * g * l_c * np.sin(th)) / J,
                     theta0, theta_dot0, t)


def solve_ivp_out_of_the_box(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """solve_ivp with no tolerances given: RK45 at rtol=1e-3, atol=1e-6."""
    J = I + m * l_c**2

    def f(_, y):
        return [y[1], (tau - b * y[1] - m * g * l_c * np.sin(y[0])) / J]

    return solve_ivp(f, (0.0, t[-1]), [theta0, theta_dot0], t_eval=t).y[0]


def returns_the_angular_velocity(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    """Returns the second row of the solution, theta_dot, instead of theta."""
    J = I + m * l_c**2

    def rates(state, _):
        return [state[1], (tau - b * state[1] - m * g * l_c * np.sin(state[0])) / J]

    return odeint(rates, [theta0, theta_dot0], t, rtol=1e-12, atol=1e-12)[:, 1]


# --------------------------------------------------------------------------- 1.2 gravity


def _x(lc, d, angle):
    """Horizontal distance of a centre of mass from its joint: lc along, d to the left."""
    return lc * np.cos(angle) - d * np.sin(angle)


def no_g(arm, q, offsets):
    """Forgot g: returns the derivative of m y_c only (1/g of the torques)."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1 = arm.lengths[0]
    G2 = m2 * _x(lc2, d2, q[0] + q[1])
    return np.array([m1 * _x(lc1, d1, q[0]) + m2 * L1 * np.cos(q[0]) + G2, G2])


def sin_instead_of_cos(arm, q, offsets):
    """Differentiated sin to sin (and cos to cos): the heights where their slopes belong."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1, g = arm.lengths[0], arm.gravity
    a2 = q[0] + q[1]
    G2 = m2 * g * (lc2 * np.sin(a2) + d2 * np.cos(a2))
    G1 = g * (m1 * (lc1 * np.sin(q[0]) + d1 * np.cos(q[0])) + m2 * L1 * np.sin(q[0])) + G2
    return np.array([G1, G2])


def L2_for_lc2(arm, q, offsets):
    """Used the length L2 of link 2 where its centre-of-mass distance lc2 belongs."""
    m1, m2 = arm.masses
    L1, L2 = arm.lengths
    lc1 = arm.com_distances[0]
    d1, d2 = offsets
    g = arm.gravity
    G2 = m2 * g * _x(L2, d2, q[0] + q[1])
    return np.array([g * (m1 * _x(lc1, d1, q[0]) + m2 * L1 * np.cos(q[0])) + G2, G2])


def q2_as_absolute(arm, q, offsets):
    """Took q2 as the absolute angle of link 2: q2 where q1 + q2 belongs."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1, g = arm.lengths[0], arm.gravity
    G2 = m2 * g * _x(lc2, d2, q[1])
    return np.array([g * (m1 * _x(lc1, d1, q[0]) + m2 * L1 * np.cos(q[0])) + G2, G2])


def link2_left_out_of_G1(arm, q, offsets):
    """G1 holds link 1 only: the weight of link 2 does not load joint 1."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    g = arm.gravity
    return np.array([m1 * g * _x(lc1, d1, q[0]), m2 * g * _x(lc2, d2, q[0] + q[1])])


def torque_of_gravity_not_holding(arm, q, offsets):
    """The sign: returns the torque gravity applies, not the torque that holds the arm."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1, g = arm.lengths[0], arm.gravity
    G2 = -m2 * g * _x(lc2, d2, q[0] + q[1])
    return np.array([-g * (m1 * _x(lc1, d1, q[0]) + m2 * L1 * np.cos(q[0])) + G2, G2])


def L1_for_lc1(arm, q, offsets):
    """Put the mass of link 1 at its end: L1 where lc1 belongs."""
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc2 = arm.com_distances[1]
    d1, d2 = offsets
    g = arm.gravity
    G2 = m2 * g * _x(lc2, d2, q[0] + q[1])
    return np.array([g * (m1 * _x(L1, d1, q[0]) + m2 * L1 * np.cos(q[0])) + G2, G2])


def G_swapped(arm, q, offsets):
    """Returns (G2, G1), the joints in the wrong order."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1, g = arm.lengths[0], arm.gravity
    G2 = m2 * g * _x(lc2, d2, q[0] + q[1])
    return np.array([G2, g * (m1 * _x(lc1, d1, q[0]) + m2 * L1 * np.cos(q[0])) + G2])


def offsets_along_the_links(arm, q, offsets):
    """The offsets added to the distances along the links (lc + d on the axis)."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances + np.asarray(offsets, float)
    L1, g = arm.lengths[0], arm.gravity
    G2 = m2 * g * lc2 * np.cos(q[0] + q[1])
    return np.array([(m1 * lc1 + m2 * L1) * g * np.cos(q[0]) + G2, G2])


def offsets_dropped(arm, q, offsets):
    """The offsets never used: the chapter's arm."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    L1, g = arm.lengths[0], arm.gravity
    G2 = m2 * g * lc2 * np.cos(q[0] + q[1])
    return np.array([(m1 * lc1 + m2 * L1) * g * np.cos(q[0]) + G2, G2])


def offsets_on_the_right(arm, q, offsets):
    """+ d sin: the offsets measured to the right of the links."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    L1, g = arm.lengths[0], arm.gravity
    G2 = m2 * g * _x(lc2, -d2, q[0] + q[1])
    return np.array([g * (m1 * _x(lc1, -d1, q[0]) + m2 * L1 * np.cos(q[0])) + G2, G2])


# --------------------------------------------------------------------------- 1.3 mass matrix


def _mm_parts(arm, offsets):
    m1, m2 = arm.masses
    L1, L2 = arm.lengths
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    I1, I2 = arm.inertias
    return m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2


def _coupling(L1, lc2, d2, angle):
    """L1 times the component of link 2's centre along link 1's normal."""
    return L1 * (lc2 * np.cos(angle) - d2 * np.sin(angle))


def factor_two_in_M12(arm, q, offsets):
    """A factor 2 in M12: the coupling copied from M11."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[1])
    r2 = lc2**2 + d2**2
    M11 = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M12 = I2 + m2 * (r2 + 2 * k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2]])


def mm_L2_for_lc2(arm, q, offsets):
    """L2 where lc2 belongs, in every term of link 2."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, L2, d2, q[1])
    r2 = L2**2 + d2**2
    M11 = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M12 = I2 + m2 * (r2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2]])


def point_masses(arm, q, offsets):
    """Left out the links' own inertias I1, I2 (point masses at the centres of mass)."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[1])
    r2 = lc2**2 + d2**2
    M11 = m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M12 = m2 * (r2 + k)
    return np.array([[M11, M12], [M12, m2 * r2]])


def inertias_taken_about_joints(arm, q, offsets):
    """Treated arm.inertias as about the joints: no m (lc^2 + d^2) terms of their own."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[1])
    M11 = I1 + I2 + m2 * (L1**2 + 2 * k)
    M12 = I2 + m2 * k
    return np.array([[M11, M12], [M12, I2]])


def no_I2_in_M12(arm, q, offsets):
    """M12 without I2: only m2 (lc2^2 + d2^2 + coupling)."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[1])
    r2 = lc2**2 + d2**2
    M11 = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M12 = m2 * (r2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2]])


def cos_of_q1_plus_q2(arm, q, offsets):
    """The absolute angle q1 + q2 in the coupling, where the relative angle q2 belongs."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[0] + q[1])
    r2 = lc2**2 + d2**2
    M11 = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M12 = I2 + m2 * (r2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2]])


def cross_term_without_2(arm, q, offsets):
    """The coupling of M11 without its factor 2."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[1])
    r2 = lc2**2 + d2**2
    M11 = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + k)
    M12 = I2 + m2 * (r2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2]])


def lower_triangle_left_zero(arm, q, offsets):
    """Filled M12 into np.zeros((2, 2)) but never M21: M is not symmetric."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = _coupling(L1, lc2, d2, q[1])
    r2 = lc2**2 + d2**2
    M = np.zeros((2, 2))
    M[0, 0] = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M[0, 1] = I2 + m2 * (r2 + k)
    M[1, 1] = I2 + m2 * r2
    return M


def sin_and_cos_swapped_in_coupling(arm, q, offsets):
    """lc2 sin(q2) - d2 cos(q2) in the coupling: the two functions swapped."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    k = L1 * (lc2 * np.sin(q[1]) - d2 * np.cos(q[1]))
    r2 = lc2**2 + d2**2
    M11 = I1 + I2 + m1 * (lc1**2 + d1**2) + m2 * (L1**2 + r2 + 2 * k)
    M12 = I2 + m2 * (r2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2]])


def mm_offsets_along_the_links(arm, q, offsets):
    """lc + d on the axis: the offsets added to the distances along the links."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    a1, a2 = lc1 + d1, lc2 + d2
    k = L1 * a2 * np.cos(q[1])
    M11 = I1 + I2 + m1 * a1**2 + m2 * (L1**2 + a2**2 + 2 * k)
    M12 = I2 + m2 * (a2**2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * a2**2]])


def distance_without_direction(arm, q, offsets):
    """r = sqrt(lc^2 + d^2) put on the axis: the distances right, the angle of r lost."""
    m1, m2, L1, L2, lc1, lc2, d1, d2, I1, I2 = _mm_parts(arm, offsets)
    r1, r2 = np.hypot(lc1, d1), np.hypot(lc2, d2)
    k = L1 * r2 * np.cos(q[1])
    M11 = I1 + I2 + m1 * r1**2 + m2 * (L1**2 + r2**2 + 2 * k)
    M12 = I2 + m2 * (r2**2 + k)
    return np.array([[M11, M12], [M12, I2 + m2 * r2**2]])


# --------------------------------------------------------------------------- 1.4 kinetic energy


def no_half(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Left out the 1/2 of every term: m v^2 + I w^2."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2)
    return m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * (qd1 + qd2)**2


def no_rotational_terms(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Only the translational energy: the I w^2 / 2 terms are missing."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2)
    return sp.Rational(1, 2) * (m1 * lc1**2 * qd1**2 + m2 * v2)


def link2_spins_at_qd2(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Link 2's rotational energy with qd2, its relative rate, not qd1 + qd2."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2)
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * qd2**2) / 2


def velocity_with_relative_rate(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Differentiated cos(q1 + q2) with qd2 only: the centre of link 2 at the relative rate."""
    x2d = -L1 * sp.sin(q1) * qd1 - lc2 * sp.sin(q1 + q2) * qd2
    y2d = L1 * sp.cos(q1) * qd1 + lc2 * sp.cos(q1 + q2) * qd2
    T1 = (m1 * lc1**2 + I1) * qd1**2 / 2
    return T1 + m2 * (x2d**2 + y2d**2) / 2 + I2 * (qd1 + qd2)**2 / 2


def ke_cross_term_without_2(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Expanded |v2|^2 with the cross term once, not twice."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2)
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * (qd1 + qd2)**2) / 2


def cross_term_minus(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """The law of cosines with the wrong sign: - 2 L1 lc2 ... cos q2."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 - 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2)
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * (qd1 + qd2)**2) / 2


def ke_L1_for_lc1(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Link 1's centre of mass at its end: m1 L1^2 qd1^2 / 2."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2)
    return (m1 * L1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * (qd1 + qd2)**2) / 2


def numpy_cos_on_symbols(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Used np.cos, which fails on sympy symbols, instead of sp.cos."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * np.cos(q2)
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * (qd1 + qd2)**2) / 2


def ke_sin_for_cos(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """sin(q2) in the cross term of |v2|^2 instead of cos(q2)."""
    v2 = L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2 + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.sin(q2)
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2 + I2 * (qd1 + qd2)**2) / 2


# --------------------------------------------------------------------------- 1.5 Coriolis


def _h(arm, q, offsets):
    m2, L1 = arm.masses[1], arm.lengths[0]
    lc2, d2 = arm.com_distances[1], offsets[1]
    return -m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))


def h_with_wrong_sign(arm, q, qd, offsets):
    """h = + m2 L1 (lc2 sin q2 + d2 cos q2): the sign of the derivative of M12."""
    h = -_h(arm, q, offsets)
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def C12_with_qd2_only(arm, q, qd, offsets):
    """C12 = h qd2, the qd1 of its Christoffel sum forgotten."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[1], h * qd[1]], [-h * qd[0], 0.0]])


def C21_sign(arm, q, qd, offsets):
    """C21 = + h qd1 instead of - h qd1."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [h * qd[0], 0.0]])


def C_transposed(arm, q, qd, offsets):
    """The Christoffel indices the wrong way round: returns C transposed."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[1], -h * qd[0]], [h * (qd[0] + qd[1]), 0.0]])


def C_L2_for_lc2(arm, q, qd, offsets):
    """L2 where lc2 belongs in h."""
    m2, L1, L2, d2 = arm.masses[1], arm.lengths[0], arm.lengths[1], offsets[1]
    h = -m2 * L1 * (L2 * np.sin(q[1]) + d2 * np.cos(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def christoffel_without_half(arm, q, qd, offsets):
    """The Christoffel symbols without their 1/2: every entry doubled."""
    m2, L1, lc2, d2 = arm.masses[1], arm.lengths[0], arm.com_distances[1], offsets[1]
    dM12 = -m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))  # dM12/dq2
    dM11 = 2 * dM12                                             # dM11/dq2
    C = np.zeros((2, 2))
    C[0, 0] = dM11 * qd[1]
    C[0, 1] = dM11 * qd[0] + 2 * dM12 * qd[1]
    C[1, 0] = -dM11 * qd[0]
    return C


def lumped_not_christoffel(arm, q, qd, offsets):
    """A C with the right C q' (2 h q1' q2' put in C11) but not the Christoffel one."""
    h = _h(arm, q, offsets)
    return np.array([[2 * h * qd[1], h * qd[1]], [-h * qd[0], 0.0]])


def rates_swapped(arm, q, qd, offsets):
    """qd1 and qd2 swapped in every entry."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[0], h * (qd[0] + qd[1])], [-h * qd[1], 0.0]])


def offset_of_link1(arm, q, qd, offsets):
    """offsets[0] where link 2's offset belongs (the list read from the wrong end)."""
    m2, L1, lc2, d1 = arm.masses[1], arm.lengths[0], arm.com_distances[1], offsets[0]
    h = -m2 * L1 * (lc2 * np.sin(q[1]) + d1 * np.cos(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def offset_in_polar_form_without_its_angle(arm, q, qd, offsets):
    """The centre's distance sqrt(lc2^2 + d2^2) from joint 2, as if it were on the axis."""
    r = np.sqrt(arm.com_distances[1] ** 2 + offsets[1] ** 2)
    h = -arm.masses[1] * arm.lengths[0] * r * np.sin(q[1])
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def offset_sign_in_M12(arm, q, qd, offsets):
    """M12 written with + d2 sin q2, so h with - d2 cos q2 (the offset on the right)."""
    m2, L1, lc2, d2 = arm.masses[1], arm.lengths[0], arm.com_distances[1], offsets[1]
    h = -m2 * L1 * (lc2 * np.sin(q[1]) - d2 * np.cos(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


# --------------------------------------------------------------------------- 1.6 Newton-Euler


def _rnea(arm, q, qd, qdd, offsets, *, g=None, absolute=False, lc=None, inertia=True,
          centripetal=True, stop=-1, next_moment=True, joint_step=None, d=None,
          lever_offsets=True):
    """A student's RNEA, with switches for the slips below (not a slip itself)."""
    n = arm.n
    g = arm.gravity if g is None else g
    th = np.asarray(q, float) if absolute else np.cumsum(q)
    w, al = np.cumsum(qd), np.cumsum(qdd)
    lcs = arm.com_distances if lc is None else lc
    ds = np.asarray(offsets, float) if d is None else d
    steps = arm.lengths if joint_step is None else joint_step
    a_j = np.array([0.0, g])
    acc = []
    for i in range(n):
        e = np.array([np.cos(th[i]), np.sin(th[i])])
        t = np.array([-e[1], e[0]])
        r = lcs[i] * e + ds[i] * t
        cen = w[i]**2 if centripetal else 0.0
        acc.append(a_j + al[i] * np.array([-r[1], r[0]]) - cen * r)
        a_j = a_j + al[i] * steps[i] * t - cen * steps[i] * e
    tau = np.zeros(n)
    f_next, m_next = np.zeros(2), 0.0
    for i in range(n - 1, stop, -1):
        e = np.array([np.cos(th[i]), np.sin(th[i])])
        t = np.array([-e[1], e[0]])
        ma = arm.masses[i] * acc[i]
        r_c = lcs[i] * e + (ds[i] * t if lever_offsets else 0.0)
        r_n = arm.lengths[i] * e
        moment = (arm.inertias[i] * al[i] if inertia else 0.0) + m_next
        moment += r_c[0] * ma[1] - r_c[1] * ma[0]
        if next_moment:
            moment += r_n[0] * f_next[1] - r_n[1] * f_next[0]
        tau[i] = moment
        f_next, m_next = ma + f_next, moment
    return tau


def rnea_no_gravity(arm, q, qd, qdd, offsets):
    """Forgot gravity: the base does not accelerate up at g."""
    return _rnea(arm, q, qd, qdd, offsets, g=0.0)


def rnea_absolute_angles(arm, q, qd, qdd, offsets):
    """Took q as absolute angles (no cumulative sum), though q[k] is relative."""
    return _rnea(arm, q, qd, qdd, offsets, absolute=True)


def rnea_gravity_down(arm, q, qd, qdd, offsets):
    """The base acceleration (0, -g): the gravity trick with the wrong sign."""
    return _rnea(arm, q, qd, qdd, offsets, g=-arm.gravity)


def rnea_com_at_link_end(arm, q, qd, qdd, offsets):
    """L where lc belongs: every centre of mass at the end of its link."""
    return _rnea(arm, q, qd, qdd, offsets, lc=arm.lengths)


def rnea_no_link_inertia(arm, q, qd, qdd, offsets):
    """Left out I alpha: the links as point masses."""
    return _rnea(arm, q, qd, qdd, offsets, inertia=False)


def rnea_no_centripetal(arm, q, qd, qdd, offsets):
    """Forgot the centripetal acceleration -w^2 r in the outward pass."""
    return _rnea(arm, q, qd, qdd, offsets, centripetal=False)


def rnea_backward_loop_stops_early(arm, q, qd, qdd, offsets):
    """Off by one: the inward loop range(n - 1, 0, -1) never reaches joint 1."""
    return _rnea(arm, q, qd, qdd, offsets, stop=0)


def rnea_no_moment_of_next_force(arm, q, qd, qdd, offsets):
    """The inward pass forgets the moment r x f of the next link's force."""
    return _rnea(arm, q, qd, qdd, offsets, next_moment=False)


def rnea_next_joint_at_com(arm, q, qd, qdd, offsets):
    """The next joint placed lc (not L) along the link in the outward pass."""
    return _rnea(arm, q, qd, qdd, offsets, joint_step=arm.com_distances)


def rnea_offsets_along(arm, q, qd, qdd, offsets):
    """lc + d along the link: the offsets added to the distances on the axis."""
    return _rnea(arm, q, qd, qdd, offsets, lc=arm.com_distances + np.asarray(offsets),
                 d=np.zeros(arm.n))


def rnea_offset_not_in_moment(arm, q, qd, qdd, offsets):
    """The offset in a_c, but the moment of m a_c taken with lc e alone."""
    return _rnea(arm, q, qd, qdd, offsets, lever_offsets=False)


# --------------------------------------------------------------------------- 1.7 settling gains


def gains_in_wrong_order(inertia, settling_time, band):
    """Returned (Kd, Kp), the gains in the order of J e'' + Kd e' + Kp e, not (Kp, Kd)."""
    x = 5.0
    for _ in range(50):
        f = (1 + x) * np.exp(-x) - band
        x -= f / (-x * np.exp(-x))
    w = x / settling_time
    return 2 * inertia * w, inertia * w**2


def band_as_share_reached(inertia, settling_time, band):
    """(1 + w t) exp(-w t) = 1 - band: the band read as the share of the way gone (98 %)."""
    x = brentq(lambda x: (1 + x) * np.exp(-x) - (1 - band), 1e-9, 100.0)
    w = x / settling_time
    return inertia * w**2, 2 * inertia * w


def second_constant_sign(inertia, settling_time, band):
    """e = e0 (1 - w t) exp(-w t): e'(0) = 0 solved with the wrong sign of the second constant."""
    # |e| = e0 (w t - 1) exp(-w t) after the zero crossing; its last crossing of the band
    x = brentq(lambda x: (x - 1) * np.exp(-x) - band, 2.0, 100.0)
    w = x / settling_time
    return inertia * w**2, 2 * inertia * w


def critical_kd_without_inertia(inertia, settling_time, band):
    """Kd = 2 sqrt(Kp): critical damping Kd = 2 sqrt(J Kp) with J left out of the root."""
    x = brentq(lambda x: (1 + x) * np.exp(-x) - band, 1e-9, 100.0)
    w = x / settling_time
    Kp = inertia * w**2
    return Kp, 2 * np.sqrt(Kp)


SLIPS = [
    ("arm.pendulum_swing", inertia_about_com_only),
    ("arm.pendulum_swing", gravity_pushes_down_the_wrong_way),
    ("arm.pendulum_swing", cos_for_sin),
    ("arm.pendulum_swing", only_gravity_divided),
    ("arm.pendulum_swing", small_angle),
    ("arm.pendulum_swing", parallel_axis_not_squared),
    ("arm.pendulum_swing", mass_left_out_of_gravity),
    ("arm.pendulum_swing", theta_in_degrees),
    ("arm.pendulum_swing", friction_helps_the_motion),
    ("arm.pendulum_swing", solve_ivp_out_of_the_box),
    ("arm.pendulum_swing", returns_the_angular_velocity),
    ("arm.gravity_torque", no_g),
    ("arm.gravity_torque", sin_instead_of_cos),
    ("arm.gravity_torque", L2_for_lc2),
    ("arm.gravity_torque", q2_as_absolute),
    ("arm.gravity_torque", link2_left_out_of_G1),
    ("arm.gravity_torque", torque_of_gravity_not_holding),
    ("arm.gravity_torque", L1_for_lc1),
    ("arm.gravity_torque", G_swapped),
    ("arm.gravity_torque", offsets_along_the_links),
    ("arm.gravity_torque", offsets_dropped),
    ("arm.gravity_torque", offsets_on_the_right),
    ("arm.mass_matrix", factor_two_in_M12),
    ("arm.mass_matrix", mm_L2_for_lc2),
    ("arm.mass_matrix", point_masses),
    ("arm.mass_matrix", inertias_taken_about_joints),
    ("arm.mass_matrix", no_I2_in_M12),
    ("arm.mass_matrix", cos_of_q1_plus_q2),
    ("arm.mass_matrix", cross_term_without_2),
    ("arm.mass_matrix", lower_triangle_left_zero),
    ("arm.mass_matrix", sin_and_cos_swapped_in_coupling),
    ("arm.mass_matrix", mm_offsets_along_the_links),
    ("arm.mass_matrix", distance_without_direction),
    ("arm.kinetic_energy_2link", no_half),
    ("arm.kinetic_energy_2link", no_rotational_terms),
    ("arm.kinetic_energy_2link", link2_spins_at_qd2),
    ("arm.kinetic_energy_2link", velocity_with_relative_rate),
    ("arm.kinetic_energy_2link", ke_cross_term_without_2),
    ("arm.kinetic_energy_2link", cross_term_minus),
    ("arm.kinetic_energy_2link", ke_L1_for_lc1),
    ("arm.kinetic_energy_2link", numpy_cos_on_symbols),
    ("arm.kinetic_energy_2link", ke_sin_for_cos),
    ("arm.coriolis_matrix", h_with_wrong_sign),
    ("arm.coriolis_matrix", C12_with_qd2_only),
    ("arm.coriolis_matrix", C21_sign),
    ("arm.coriolis_matrix", C_transposed),
    ("arm.coriolis_matrix", C_L2_for_lc2),
    ("arm.coriolis_matrix", christoffel_without_half),
    ("arm.coriolis_matrix", lumped_not_christoffel),
    ("arm.coriolis_matrix", rates_swapped),
    ("arm.coriolis_matrix", offset_of_link1),
    ("arm.coriolis_matrix", offset_in_polar_form_without_its_angle),
    ("arm.coriolis_matrix", offset_sign_in_M12),
    ("arm.inverse_dynamics", rnea_no_gravity),
    ("arm.inverse_dynamics", rnea_absolute_angles),
    ("arm.inverse_dynamics", rnea_gravity_down),
    ("arm.inverse_dynamics", rnea_com_at_link_end),
    ("arm.inverse_dynamics", rnea_no_link_inertia),
    ("arm.inverse_dynamics", rnea_no_centripetal),
    ("arm.inverse_dynamics", rnea_backward_loop_stops_early),
    ("arm.inverse_dynamics", rnea_no_moment_of_next_force),
    ("arm.inverse_dynamics", rnea_next_joint_at_com),
    ("arm.inverse_dynamics", rnea_offsets_along),
    ("arm.inverse_dynamics", rnea_offset_not_in_moment),
    ("arm.settling_gains", gains_in_wrong_order),
    ("arm.settling_gains", band_as_share_reached),
    ("arm.settling_gains", second_constant_sign),
    ("arm.settling_gains", critical_kd_without_inertia),
]
