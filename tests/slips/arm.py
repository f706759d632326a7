"""Typical wrong answers to the exercises of chapter 1 (planar arms, Newton-Euler, Lagrange)."""

import numpy as np
import sympy as sp
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

# --------------------------------------------------------------------------- 1.1 pendulum


def _theta_over_time(accel, theta0, theta_dot0, t):
    """theta at the times t of theta'' = accel(theta, theta_dot), by solve_ivp (DOP853, tight)."""
    run = solve_ivp(lambda _, y: [y[1], accel(y[0], y[1])], (t[0], t[-1]), [theta0, theta_dot0],
                    method="DOP853", rtol=1e-10, atol=1e-12, t_eval=t)
    return run.y[0]


def pendulum_inertia_about_centre(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Inertia about the centre of mass used at the pivot (parallel axis term forgotten)."""
    return _theta_over_time(lambda th, w: (tau - b * w - m * g * l_c * np.sin(th)) / I,
                            theta0, theta_dot0, t)


def pendulum_cos_for_sin(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """cos(theta) in the gravity torque, as if theta were measured from the horizontal."""
    J = I + m * l_c**2
    return _theta_over_time(lambda th, w: (tau - b * w - m * g * l_c * np.cos(th)) / J,
                            theta0, theta_dot0, t)


def pendulum_gravity_sign(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Gravity torque with the wrong sign (it pushes the link away from hanging down)."""
    J = I + m * l_c**2
    return _theta_over_time(lambda th, w: (tau - b * w + m * g * l_c * np.sin(th)) / J,
                            theta0, theta_dot0, t)


def pendulum_no_mass_in_weight(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The mass left out of the gravity torque (g l_c sin(theta) instead of m g l_c ...)."""
    J = I + m * l_c**2
    return _theta_over_time(lambda th, w: (tau - b * w - g * l_c * np.sin(th)) / J,
                            theta0, theta_dot0, t)


def pendulum_point_mass(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The link's own inertia I forgotten: a point mass m l_c^2 at the centre of mass."""
    J = m * l_c**2
    return _theta_over_time(lambda th, w: (tau - b * w - m * g * l_c * np.sin(th)) / J,
                            theta0, theta_dot0, t)


def pendulum_simple_pendulum_gravity(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The simple pendulum's -g/l sin(theta) added to the torques over J (misapplied)."""
    J = I + m * l_c**2
    return _theta_over_time(lambda th, w: (tau - b * w) / J - g / l_c * np.sin(th),
                            theta0, theta_dot0, t)


def pendulum_parallel_axis_unsquared(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Parallel axis term m*l_c without the square."""
    J = I + m * l_c
    return _theta_over_time(lambda th, w: (tau - b * w - m * g * l_c * np.sin(th)) / J,
                            theta0, theta_dot0, t)


def pendulum_friction_forgotten(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """The friction in the pivot left out: b never used."""
    J = I + m * l_c**2
    return _theta_over_time(lambda th, w: (tau - m * g * l_c * np.sin(th)) / J,
                            theta0, theta_dot0, t)


def pendulum_euler_on_the_samples(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """A hand-written Euler loop stepping from sample to sample of t (steps of ms)."""
    J = I + m * l_c**2
    theta = np.zeros(len(t))
    theta[0], w = theta0, theta_dot0
    for k in range(1, len(t)):
        dt = t[k] - t[k - 1]
        alpha = (tau - b * w - m * g * l_c * np.sin(theta[k - 1])) / J
        theta[k] = theta[k - 1] + w * dt
        w = w + alpha * dt
    return theta


# --------------------------------------------------------------------------- 1.2 gravity torque


def _heights_slope(arm, q, offsets, lc=None, L1=None, d=None, angle2=None, g=None):
    """G from the horizontal distances of the centres of mass, with a slip's values put in."""
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances if lc is None else lc
    d1, d2 = offsets if d is None else d
    L1 = arm.lengths[0] if L1 is None else L1
    g = arm.gravity if g is None else g
    a1, a2 = q[0], (q[0] + q[1]) if angle2 is None else angle2
    x1 = lc1 * np.cos(a1) - d1 * np.sin(a1)
    x2_from_joint2 = lc2 * np.cos(a2) - d2 * np.sin(a2)
    G2 = g * m2 * x2_from_joint2
    return np.array([g * (m1 * x1 + m2 * L1 * np.cos(a1)) + G2, G2])


def gravity_forgot_g(arm, q, offsets):
    """g forgotten: the torques are those of the weights divided by g."""
    return _heights_slope(arm, q, offsets, g=1.0)


def gravity_absolute_q2(arm, q, offsets):
    """q2 taken as the absolute angle of link 2: q2 where q1 + q2 belongs."""
    return _heights_slope(arm, q, offsets, angle2=q[1])


def gravity_L2_for_lc2(arm, q, offsets):
    """Link 2's full length L2 used where its centre of mass distance lc2 belongs."""
    return _heights_slope(arm, q, offsets, lc=(arm.com_distances[0], arm.lengths[1]))


def gravity_lc1_for_L1(arm, q, offsets):
    """Link 2's joint placed at link 1's centre of mass: lc1 where L1 belongs."""
    return _heights_slope(arm, q, offsets, L1=arm.com_distances[0])


def gravity_sin_for_cos(arm, q, offsets):
    """The heights differentiated into sines: lc sin(phi) + d cos(phi) where the slope of
    the height belongs."""
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    g = arm.gravity
    a1, a2 = q[0], q[0] + q[1]
    G2 = g * m2 * (lc2 * np.sin(a2) + d2 * np.cos(a2))
    return np.array([g * (m1 * (lc1 * np.sin(a1) + d1 * np.cos(a1)) + m2 * L1 * np.sin(a1))
                     + G2, G2])


def gravity_sign(arm, q, offsets):
    """The torque of gravity on the joints, not the torque that holds the arm (sign)."""
    return -_heights_slope(arm, q, offsets)


def gravity_G1_without_link2_shoulder_term(arm, q, offsets):
    """G1 without the term m2 L1 cos(q1): link 2's weight acts only through its own lc2."""
    return _heights_slope(arm, q, offsets, L1=0.0)


def gravity_offsets_ignored(arm, q, offsets):
    """The chapter's G: the offsets never used."""
    return _heights_slope(arm, q, offsets, d=(0.0, 0.0))


def gravity_offsets_with_plus_sign(arm, q, offsets):
    """x = l_c cos(phi) + d sin(phi): the offset's horizontal part with the wrong sign."""
    return _heights_slope(arm, q, offsets, d=(-offsets[0], -offsets[1]))


def gravity_offset_only_on_link2(arm, q, offsets):
    """Link 1's offset forgotten: only link 2 holds something to its side."""
    return _heights_slope(arm, q, offsets, d=(0.0, offsets[1]))


# --------------------------------------------------------------------------- 1.3 mass matrix


def _mass_terms(arm, offsets):
    return (*arm.masses, *arm.lengths, *arm.com_distances, *offsets, *arm.inertias)


def _matrix(m1, m2, L1, lc1, lc2, d1, d2, I1, I2, angle, m11_cross=2.0, m12_cross=1.0,
            i2=(1.0, 1.0, 1.0)):
    """M from its parts; the coupling L1 (lc2 cos + ... ) as the slips below write it."""
    k = L1 * (lc2 * np.cos(angle) - d2 * np.sin(angle))
    r1, r2 = lc1**2 + d1**2, lc2**2 + d2**2
    M11 = m1 * r1 + I1 + m2 * (L1**2 + r2 + m11_cross * k) + i2[0] * I2
    M12 = m2 * (r2 + m12_cross * k) + i2[1] * I2
    M22 = m2 * r2 + i2[2] * I2
    return np.array([[M11, M12], [M12, M22]])


def mass_factor_2_in_m12(arm, q, offsets):
    """M12 with the factor 2 of M11's coupling term."""
    m1, m2, L1, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, d1, d2, I1, I2, q[1], m12_cross=2.0)


def mass_L2_for_lc2(arm, q, offsets):
    """Link 2's length L2 used where lc2 belongs."""
    m1, m2, L1, L2, lc1, _, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, L2, d1, d2, I1, I2, q[1])


def mass_no_inertias(arm, q, offsets):
    """The links' own inertias I1, I2 forgotten (point masses at the centres of mass)."""
    m1, m2, L1, _, lc1, lc2, d1, d2, _, _ = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, d1, d2, 0.0, 0.0, q[1])


def mass_I2_only_in_m22(arm, q, offsets):
    """I2 only in M22, as if link 2 turned at q2' alone (it turns at q1' + q2')."""
    m1, m2, L1, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, d1, d2, I1, I2, q[1], i2=(0.0, 0.0, 1.0))


def mass_m11_cross_term_without_2(arm, q, offsets):
    """M11's coupling term without its factor 2."""
    m1, m2, L1, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, d1, d2, I1, I2, q[1], m11_cross=1.0)


def mass_absolute_angles(arm, q, offsets):
    """q read as absolute link angles: the angle between the links taken as q2 - q1."""
    m1, m2, L1, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, d1, d2, I1, I2, q[1] - q[0])


def mass_lc1_for_L1(arm, q, offsets):
    """Link 2's joint placed at link 1's centre of mass: lc1 where L1 belongs."""
    m1, m2, _, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, lc1, lc1, lc2, d1, d2, I1, I2, q[1])


def mass_offsets_ignored(arm, q, offsets):
    """The offsets never used: the chapter's M."""
    m1, m2, L1, _, lc1, lc2, _, _, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, 0.0, 0.0, I1, I2, q[1])


def mass_offset_sign_in_coupling(arm, q, offsets):
    """The coupling with + d2 sin(q2): the offset's direction turned the wrong way."""
    m1, m2, L1, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, d1, -d2, I1, I2, q[1])


def mass_no_d_squared(arm, q, offsets):
    """The offsets in the coupling only: m (lc^2 + d^2) written m lc^2."""
    m1, m2, L1, _, lc1, lc2, d1, d2, I1, I2 = _mass_terms(arm, offsets)
    M = _matrix(m1, m2, L1, lc1, lc2, d1, d2, I1, I2, q[1])
    return M - np.array([[m1 * d1**2 + m2 * d2**2, m2 * d2**2], [m2 * d2**2, m2 * d2**2]])


def mass_link1_offset_forgotten(arm, q, offsets):
    """Link 1's offset left out: it does not couple the joints, so it was dropped."""
    m1, m2, L1, _, lc1, lc2, _, d2, I1, I2 = _mass_terms(arm, offsets)
    return _matrix(m1, m2, L1, lc1, lc2, 0.0, d2, I1, I2, q[1])


# --------------------------------------------------------------------------- 1.4 kinetic energy


def energy_missing_half(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """T without the factor 1/2: m v^2 + I w^2."""
    v2sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * (qd1 + qd2)**2


def energy_no_rotation(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """The rotational energies 1/2 I w^2 of the links forgotten."""
    v2sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return sp.Rational(1, 2) * (m1 * lc1**2 * qd1**2 + m2 * v2sq)


def energy_link2_spins_at_qd2(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Link 2's rotational energy with the joint rate qd2, not its absolute rate qd1 + qd2."""
    v2sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * qd2**2) / 2


def energy_cross_term_without_2(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """|v2|^2 expanded without the 2 of the cross term (a + b)^2 = a^2 + 2ab + b^2."""
    v2sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * (qd1 + qd2)**2) / 2


def energy_lc1_for_L1(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Link 2's joint placed at link 1's centre of mass: lc1 where L1 belongs."""
    v2sq = (lc1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + 2 * lc1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * (qd1 + qd2)**2) / 2


def energy_sin_in_cross_term(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """sin(q2) in the cross term, where cos(q2) belongs."""
    v2sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.sin(q2))
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * (qd1 + qd2)**2) / 2


def energy_absolute_angles(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """q2, qd2 taken as link 2's absolute angle and rate (they are relative to link 1)."""
    v2sq = L1**2 * qd1**2 + lc2**2 * qd2**2 + 2 * L1 * lc2 * qd1 * qd2 * sp.cos(q2 - q1)
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * qd2**2) / 2


def energy_link2_about_fixed_joint(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """Link 2's centre moving as if its joint stood still: |v2| = lc2 (qd1 + qd2)."""
    v2sq = lc2**2 * (qd1 + qd2)**2
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * (qd1 + qd2)**2) / 2


def energy_numpy_cos(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    """np.cos on sympy symbols (the text says sp.cos, which works on symbols and numbers)."""
    v2sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
            + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * np.cos(q2))
    return (m1 * lc1**2 * qd1**2 + I1 * qd1**2 + m2 * v2sq + I2 * (qd1 + qd2)**2) / 2


# --------------------------------------------------------------------------- 1.5 Coriolis


def _h(arm, q, offsets):
    """-m2 L1 (lc2 sin q2 + d2 cos q2) = dM12/dq2, as the slips below share it."""
    lc2, d2 = arm.com_distances[1], offsets[1]
    return -arm.masses[1] * arm.lengths[0] * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))


def coriolis_sign_of_h(arm, q, qd, offsets):
    """h with its sign flipped: the sign of dM11/dq2 / 2 lost."""
    h = -_h(arm, q, offsets)
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def coriolis_not_christoffel(arm, q, qd, offsets):
    """[[2h q2', h q2'], [-h q1', 0]]: C q' is right, but C is not the Christoffel one."""
    h = _h(arm, q, offsets)
    return np.array([[2 * h * qd[1], h * qd[1]], [-h * qd[0], 0.0]])


def coriolis_christoffel_without_half(arm, q, qd, offsets):
    """Christoffel symbols without their factor 1/2: C twice too large."""
    h = 2 * _h(arm, q, offsets)
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def coriolis_transposed(arm, q, qd, offsets):
    """The indices of c_ijk summed the wrong way: the transpose of C."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[1], -h * qd[0]], [h * (qd[0] + qd[1]), 0.0]])


def coriolis_cos_for_sin(arm, q, qd, offsets):
    """M12's q2 part itself, m2 L1 (lc2 cos q2 - d2 sin q2), where its derivative belongs."""
    lc2, d2 = arm.com_distances[1], offsets[1]
    h = -arm.masses[1] * arm.lengths[0] * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def coriolis_L2_for_lc2(arm, q, qd, offsets):
    """Link 2's length L2 used where lc2 belongs."""
    L2, d2 = arm.lengths[1], offsets[1]
    h = -arm.masses[1] * arm.lengths[0] * (L2 * np.sin(q[1]) + d2 * np.cos(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def coriolis_c21_sign(arm, q, qd, offsets):
    """C21 = +h q1' (the centrifugal torque on joint 2 with the wrong sign)."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [h * qd[0], 0.0]])


def coriolis_c12_without_q1_dot(arm, q, qd, offsets):
    """C12 = h q2', the q1' of h (q1' + q2') dropped."""
    h = _h(arm, q, offsets)
    return np.array([[h * qd[1], h * qd[1]], [-h * qd[0], 0.0]])


def coriolis_offset_ignored(arm, q, qd, offsets):
    """The chapter's C, as if link 2's centre of mass were on its axis."""
    h = -arm.masses[1] * arm.lengths[0] * arm.com_distances[1] * np.sin(q[1])
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def coriolis_offset_to_the_right(arm, q, qd, offsets):
    """The offset measured to the right of the link: d2 cos q2 with its sign flipped."""
    lc2, d2 = arm.com_distances[1], offsets[1]
    h = -arm.masses[1] * arm.lengths[0] * (lc2 * np.sin(q[1]) - d2 * np.cos(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


def coriolis_offset_along_the_link(arm, q, qd, offsets):
    """The offset added to lc2, as if it lay along the link."""
    reach = arm.com_distances[1] + offsets[1]
    h = -arm.masses[1] * arm.lengths[0] * reach * np.sin(q[1])
    return np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])


# --------------------------------------------------------------------------- 1.6 Newton-Euler


def _perp(s, r):
    """The planar cross product of a z rate s with a vector r."""
    return s * np.array([-r[1], r[0]])


def _cross_z(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _perp_wrong_sign(s, r):
    return s * np.array([r[1], -r[0]])


def _rnea(arm, angles, rates, accs, base, offsets, centripetal=True, inertia=True,
          joint_moment=True, joint_lengths=None, links=None, perp=_perp, side=1.0,
          offset_in_acceleration=True):
    """A student's Newton-Euler passes with absolute link angles, rates and accelerations."""
    n = arm.n
    lengths = arm.lengths if joint_lengths is None else joint_lengths
    a = np.array(base, dtype=float)
    acc_c, r_joint, r_c = [], [], []
    for i in range(n):
        e = np.array([np.cos(angles[i]), np.sin(angles[i])])
        left = np.array([-e[1], e[0]])
        rl = lengths[i] * e
        rc = arm.com_distances[i] * e + side * offsets[i] * left
        ra = rc if offset_in_acceleration else arm.com_distances[i] * e
        w2 = rates[i]**2 if centripetal else 0.0
        acc_c.append(a + perp(accs[i], ra) - w2 * ra)
        a = a + perp(accs[i], rl) - w2 * rl
        r_joint.append(rl)
        r_c.append(rc)
    f, t = np.zeros(2), 0.0
    tau = np.zeros(n)
    for i in range(n - 1, -1, -1) if links is None else links:
        fc = arm.masses[i] * acc_c[i]
        t = t + _cross_z(r_c[i], fc) + (arm.inertias[i] * accs[i] if inertia else 0.0)
        if joint_moment:
            t = t + _cross_z(r_joint[i], f)
        f = f + fc
        tau[i] = t
    return tau


def _up(arm):
    return [0.0, arm.gravity]


def rnea_no_gravity(arm, q, qd, qdd, offsets):
    """Gravity forgotten: the base does not accelerate upwards at g."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), [0.0, 0.0], offsets)


def rnea_absolute_angles(arm, q, qd, qdd, offsets):
    """q, qd, qdd used as absolute link angles, rates and accelerations (they are relative)."""
    return _rnea(arm, q, qd, qdd, _up(arm), offsets)


def rnea_no_centripetal(arm, q, qd, qdd, offsets):
    """The centripetal acceleration -w^2 r forgotten."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 centripetal=False)


def rnea_gravity_sign(arm, q, qd, qdd, offsets):
    """The base accelerated downwards at g (the sign of the gravity trick)."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), [0.0, -arm.gravity],
                 offsets)


def rnea_no_link_inertia(arm, q, qd, qdd, offsets):
    """The links' own I alpha forgotten in the moment balance."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 inertia=False)


def rnea_no_moment_of_outer_force(arm, q, qd, qdd, offsets):
    """The moment of the outer link's force about the joint (r_L x f_next) forgotten."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 joint_moment=False)


def rnea_lc_for_L_to_next_joint(arm, q, qd, qdd, offsets):
    """The next joint placed at the centre of mass: lc where L belongs in the outward pass."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 joint_lengths=arm.com_distances)


def rnea_inward_loop_stops_early(arm, q, qd, qdd, offsets):
    """The inward loop range(n - 1, 0, -1) stops before link 1: the first torque stays 0."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 links=range(arm.n - 1, 0, -1))


def rnea_cross_sign(arm, q, qd, qdd, offsets):
    """The planar cross product with the wrong sign: alpha x r = alpha (r_y, -r_x)."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 perp=_perp_wrong_sign)


def rnea_offsets_ignored(arm, q, qd, qdd, offsets):
    """The chapter's recursion: the offsets never used."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm),
                 np.zeros(arm.n))


def rnea_offsets_to_the_right(arm, q, qd, qdd, offsets):
    """The offset along -u_perp: the centres of mass on the right of the links."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 side=-1.0)


def rnea_offset_only_in_the_lever(arm, q, qd, qdd, offsets):
    """a_c worked out on the axis; the offset only in the lever r_c x m a_c."""
    return _rnea(arm, np.cumsum(q), np.cumsum(qd), np.cumsum(qdd), _up(arm), offsets,
                 offset_in_acceleration=False)


# --------------------------------------------------------------------------- 1.7 settling gains


def settling_rule_of_thumb(inertia, settling_time, band):
    """The rule of thumb t_s = 4 / (zeta w_n) for 2 %, not the derived settling time."""
    w = 4.0 / settling_time
    return inertia * w**2, 2 * inertia * w


def settling_envelope_only(inertia, settling_time, band):
    """Only the envelope exp(-w t) set to the band: the factor (1 + w t) of e(t) forgotten."""
    w = -np.log(band) / settling_time
    return inertia * w**2, 2 * inertia * w


def settling_kd_without_2(inertia, settling_time, band):
    """Critical damping taken as Kd = J w (Kd^2 = J Kp), the 2 of 2 zeta w_n forgotten."""
    x = brentq(lambda x: (1 + x) * np.exp(-x) - band, 1e-9, 100.0)
    w = x / settling_time
    return inertia * w**2, inertia * w


def settling_per_unit_inertia(inertia, settling_time, band):
    """The gains of e'' + 2 w e' + w^2 e = 0: w^2 and 2 w, not multiplied by the inertia J."""
    x = brentq(lambda x: (1 + x) * np.exp(-x) - band, 1e-9, 100.0)
    w = x / settling_time
    return w**2, 2 * w


SLIPS = [
    ("arm.pendulum_swing", pendulum_inertia_about_centre),
    ("arm.pendulum_swing", pendulum_cos_for_sin),
    ("arm.pendulum_swing", pendulum_gravity_sign),
    ("arm.pendulum_swing", pendulum_no_mass_in_weight),
    ("arm.pendulum_swing", pendulum_point_mass),
    ("arm.pendulum_swing", pendulum_simple_pendulum_gravity),
    ("arm.pendulum_swing", pendulum_parallel_axis_unsquared),
    ("arm.pendulum_swing", pendulum_friction_forgotten),
    ("arm.pendulum_swing", pendulum_euler_on_the_samples),
    ("arm.gravity_torque", gravity_forgot_g),
    ("arm.gravity_torque", gravity_absolute_q2),
    ("arm.gravity_torque", gravity_L2_for_lc2),
    ("arm.gravity_torque", gravity_lc1_for_L1),
    ("arm.gravity_torque", gravity_sin_for_cos),
    ("arm.gravity_torque", gravity_sign),
    ("arm.gravity_torque", gravity_G1_without_link2_shoulder_term),
    ("arm.gravity_torque", gravity_offsets_ignored),
    ("arm.gravity_torque", gravity_offsets_with_plus_sign),
    ("arm.gravity_torque", gravity_offset_only_on_link2),
    ("arm.mass_matrix", mass_factor_2_in_m12),
    ("arm.mass_matrix", mass_L2_for_lc2),
    ("arm.mass_matrix", mass_no_inertias),
    ("arm.mass_matrix", mass_I2_only_in_m22),
    ("arm.mass_matrix", mass_m11_cross_term_without_2),
    ("arm.mass_matrix", mass_absolute_angles),
    ("arm.mass_matrix", mass_lc1_for_L1),
    ("arm.mass_matrix", mass_offsets_ignored),
    ("arm.mass_matrix", mass_offset_sign_in_coupling),
    ("arm.mass_matrix", mass_no_d_squared),
    ("arm.mass_matrix", mass_link1_offset_forgotten),
    ("arm.kinetic_energy_2link", energy_missing_half),
    ("arm.kinetic_energy_2link", energy_no_rotation),
    ("arm.kinetic_energy_2link", energy_link2_spins_at_qd2),
    ("arm.kinetic_energy_2link", energy_cross_term_without_2),
    ("arm.kinetic_energy_2link", energy_lc1_for_L1),
    ("arm.kinetic_energy_2link", energy_sin_in_cross_term),
    ("arm.kinetic_energy_2link", energy_absolute_angles),
    ("arm.kinetic_energy_2link", energy_link2_about_fixed_joint),
    ("arm.kinetic_energy_2link", energy_numpy_cos),
    ("arm.coriolis_matrix", coriolis_sign_of_h),
    ("arm.coriolis_matrix", coriolis_not_christoffel),
    ("arm.coriolis_matrix", coriolis_christoffel_without_half),
    ("arm.coriolis_matrix", coriolis_transposed),
    ("arm.coriolis_matrix", coriolis_cos_for_sin),
    ("arm.coriolis_matrix", coriolis_L2_for_lc2),
    ("arm.coriolis_matrix", coriolis_c21_sign),
    ("arm.coriolis_matrix", coriolis_c12_without_q1_dot),
    ("arm.coriolis_matrix", coriolis_offset_ignored),
    ("arm.coriolis_matrix", coriolis_offset_to_the_right),
    ("arm.coriolis_matrix", coriolis_offset_along_the_link),
    ("arm.inverse_dynamics", rnea_no_gravity),
    ("arm.inverse_dynamics", rnea_absolute_angles),
    ("arm.inverse_dynamics", rnea_no_centripetal),
    ("arm.inverse_dynamics", rnea_gravity_sign),
    ("arm.inverse_dynamics", rnea_no_link_inertia),
    ("arm.inverse_dynamics", rnea_no_moment_of_outer_force),
    ("arm.inverse_dynamics", rnea_lc_for_L_to_next_joint),
    ("arm.inverse_dynamics", rnea_inward_loop_stops_early),
    ("arm.inverse_dynamics", rnea_cross_sign),
    ("arm.inverse_dynamics", rnea_offsets_ignored),
    ("arm.inverse_dynamics", rnea_offsets_to_the_right),
    ("arm.inverse_dynamics", rnea_offset_only_in_the_lever),
    ("arm.settling_gains", settling_rule_of_thumb),
    ("arm.settling_gains", settling_envelope_only),
    ("arm.settling_gains", settling_kd_without_2),
    ("arm.settling_gains", settling_per_unit_inertia),
]
