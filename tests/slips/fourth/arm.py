"""Slips for chapter 1 (planar arms), the fourth, blind set.

Written from the exercise notebook (exercises/01_planar_arms.ipynb) and the chapter's
lessons only, without reading the checks, the keys or the solutions. Each slip is one
typical wrong answer a student could hand in for exercises 1.2, 1.3, 1.5 and 1.6 (the
centres of mass off the links' axes, `offsets`); RIGHT holds one right answer of our own
for each exercise.

Measured blind, before any check changed for this set: 23 of 28 slips named (82 %), none
passed, the four right answers passed. Per exercise: 1.2 gravity_torque 6 of 7, 1.3
mass_matrix 6 of 7, 1.5 coriolis_matrix 6 of 7, 1.6 inverse_dynamics 5 of 7. Rejected but
not named: gravity_d2_only_at_elbow, mass_I2_only_in_M11, coriolis_absolute_angle,
rnea_centripetal_sign, rnea_tip_first.

Then the checks (robodyn/checks/arm.py) were taught these five, each one well-defined
mistake, as typical mistakes of their exercise: "link 2's offset in G2 but not in G1", "I2
only in M11", "h at the angle q1 + q2", "the centripetal term with the wrong sign" and "the
torques returned tip first". Now 28 of 28 are named; none is left unnamed.
"""

import numpy as np

BLIND = "23 of 28 slips named (82 %), 0 passed, the right answers passed"
TAUGHT = True


# ---------------------------------------------------------------------------
# helpers (shared by the right answers and the slips)
# ---------------------------------------------------------------------------

def _two_link(arm):
    m1, m2 = (float(v) for v in arm.masses[:2])
    L1 = float(arm.lengths[0])
    lc1, lc2 = (float(v) for v in arm.com_distances[:2])
    I1, I2 = (float(v) for v in arm.inertias[:2])
    return m1, m2, L1, lc1, lc2, I1, I2, float(arm.gravity)


def _perp(v):
    return np.array([-v[1], v[0]])


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


# ---------------------------------------------------------------------------
# Exercise 1.2: gravity_torque(arm, q, offsets)
# ---------------------------------------------------------------------------

def gravity_torque_right(arm, q, offsets):
    """Right: G = dV/dq with y_ci = l_ci sin(phi_i) + d_i cos(phi_i) (+ L1 sin q1)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = float(offsets[0]), float(offsets[1])
    p1, p2 = q[0], q[0] + q[1]
    # d y_c / d phi for each centre of mass, about its own joint
    s1 = lc1 * np.cos(p1) - d1 * np.sin(p1)
    s2 = lc2 * np.cos(p2) - d2 * np.sin(p2)
    G2 = g * m2 * s2
    G1 = g * (m1 * s1 + m2 * L1 * np.cos(p1)) + G2
    return np.array([G1, G2])


def gravity_offset_sign(arm, q, offsets):
    """Slip: derivative of d cos(phi) taken as +d sin(phi) (offset on the wrong side)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[0] + q[1]
    G2 = g * m2 * (lc2 * np.cos(p2) + d2 * np.sin(p2))
    G1 = g * (m1 * (lc1 * np.cos(p1) + d1 * np.sin(p1)) + m2 * L1 * np.cos(p1)) + G2
    return np.array([G1, G2])


def gravity_offset_along_link(arm, q, offsets):
    """Slip: offset added to l_c as if it lay along the link, (l_c + d) cos(phi)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[0] + q[1]
    G2 = g * m2 * (lc2 + d2) * np.cos(p2)
    G1 = g * (m1 * (lc1 + d1) * np.cos(p1) + m2 * L1 * np.cos(p1)) + G2
    return np.array([G1, G2])


def gravity_relative_angle(arm, q, offsets):
    """Slip: link 2 drawn at the relative angle q2 instead of q1 + q2."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[1]
    G2 = g * m2 * (lc2 * np.cos(p2) - d2 * np.sin(p2))
    G1 = g * (m1 * (lc1 * np.cos(p1) - d1 * np.sin(p1)) + m2 * L1 * np.cos(p1)) + G2
    return np.array([G1, G2])


def gravity_no_elbow_load(arm, q, offsets):
    """Slip: forgets link 2's weight hanging at the elbow, the m2 L1 cos(q1) term of G1."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[0] + q[1]
    G2 = g * m2 * (lc2 * np.cos(p2) - d2 * np.sin(p2))
    G1 = g * m1 * (lc1 * np.cos(p1) - d1 * np.sin(p1)) + G2
    return np.array([G1, G2])


def gravity_radius_no_angle(arm, q, offsets):
    """Slip: uses the distance sqrt(l_c^2 + d^2) but forgets the offset turns the lever's angle."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[0] + q[1]
    G2 = g * m2 * np.hypot(lc2, d2) * np.cos(p2)
    G1 = g * (m1 * np.hypot(lc1, d1) * np.cos(p1) + m2 * L1 * np.cos(p1)) + G2
    return np.array([G1, G2])


def gravity_torque_of_weight(arm, q, offsets):
    """Slip: returns the torque gravity exerts on the joints, -dV/dq, not the holding torque."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[0] + q[1]
    G2 = g * m2 * (lc2 * np.cos(p2) - d2 * np.sin(p2))
    G1 = g * (m1 * (lc1 * np.cos(p1) - d1 * np.sin(p1)) + m2 * L1 * np.cos(p1)) + G2
    return -np.array([G1, G2])


def gravity_d2_only_at_elbow(arm, q, offsets):
    """Slip: link 2's offset term put in G2 but left out of G1 (only the chapter's G1 + d1)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p1, p2 = q[0], q[0] + q[1]
    G2 = g * m2 * (lc2 * np.cos(p2) - d2 * np.sin(p2))
    G1 = g * (m1 * (lc1 * np.cos(p1) - d1 * np.sin(p1)) + m2 * L1 * np.cos(p1)
              + m2 * lc2 * np.cos(p2))
    return np.array([G1, G2])


# ---------------------------------------------------------------------------
# Exercise 1.3: mass_matrix(arm, q, offsets)
# ---------------------------------------------------------------------------

def mass_matrix_right(arm, q, offsets):
    """Right: M from v_c2 = L1 q1' u1_perp + (q1' + q2') R(phi2) (-d2, l_c2)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = float(offsets[0]), float(offsets[1])
    J1 = I1 + m1 * (lc1**2 + d1**2)          # link 1 about joint 1
    J2 = I2 + m2 * (lc2**2 + d2**2)          # link 2 about joint 2
    a = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    M11 = J1 + J2 + m2 * L1**2 + 2 * a
    M12 = J2 + a
    return np.array([[M11, M12], [M12, J2]])


def _mm(arm, q, d1, d2, coupling, *, two=2.0, I1=None, I2=None, I2_off=True):
    m1, m2, L1, lc1, lc2, i1, i2, g = _two_link(arm)
    I1 = i1 if I1 is None else I1
    I2 = i2 if I2 is None else I2
    J1 = I1 + m1 * (lc1**2 + d1**2)
    J2 = I2 + m2 * (lc2**2 + d2**2)
    J2_off = J2 if I2_off else J2 - I2
    M11 = J1 + J2 + m2 * L1**2 + two * coupling
    M12 = J2_off + coupling
    return np.array([[M11, M12], [M12, J2_off]])


def mass_no_offset_squared(arm, q, offsets):
    """Slip: offsets kept in the cross term only; l_c^2 + d^2 written as l_c^2."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = offsets[1]
    a = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return _mm(arm, q, 0.0, 0.0, a)


def mass_coupling_sign(arm, q, offsets):
    """Slip: sign of the offset in the cross term, l_c2 cos q2 + d2 sin q2."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    a = m2 * L1 * (lc2 * np.cos(q[1]) + d2 * np.sin(q[1]))
    return _mm(arm, q, d1, d2, a)


def mass_point_masses(arm, q, offsets):
    """Slip: links as point masses, the inertias about the centres of mass left out."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    a = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return _mm(arm, q, d1, d2, a, I1=0.0, I2=0.0)


def mass_I2_only_in_M11(arm, q, offsets):
    """Slip: link 2's own inertia I2 added to M11 but forgotten in M12 and M22."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    a = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return _mm(arm, q, d1, d2, a, I2_off=False)


def mass_half_coupling_M11(arm, q, offsets):
    """Slip: the cross term of |v_c2|^2 counted once in M11 (factor 2 dropped)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    a = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return _mm(arm, q, d1, d2, a, two=1.0)


def mass_link1_offset_ignored(arm, q, offsets):
    """Slip: only link 2's offset taken into account, link 1 treated as the chapter's."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = offsets[1]
    a = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    return _mm(arm, q, 0.0, d2, a)


def mass_absolute_angle(arm, q, offsets):
    """Slip: cross term at the absolute angle q1 + q2 instead of the relative q2."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d1, d2 = offsets[0], offsets[1]
    p2 = q[0] + q[1]
    a = m2 * L1 * (lc2 * np.cos(p2) - d2 * np.sin(p2))
    return _mm(arm, q, d1, d2, a)


# ---------------------------------------------------------------------------
# Exercise 1.5: coriolis_matrix(arm, q, qd, offsets)
# ---------------------------------------------------------------------------

def coriolis_matrix_right(arm, q, qd, offsets):
    """Right: Christoffel C with h = -dM12/dq2 = m2 L1 (l_c2 sin q2 + d2 cos q2)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = float(offsets[1])
    h = m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))
    return np.array([[-h * qd[1], -h * (qd[0] + qd[1])],
                     [h * qd[0], 0.0]])


def _cm(h, qd):
    return np.array([[-h * qd[1], -h * (qd[0] + qd[1])],
                     [h * qd[0], 0.0]])


def coriolis_chapter_h(arm, q, qd, offsets):
    """Slip: the chapter's h = m2 L1 l_c2 sin q2, the offset left out."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    return _cm(m2 * L1 * lc2 * np.sin(q[1]), qd)


def coriolis_offset_sign(arm, q, qd, offsets):
    """Slip: sign of the offset term in h, m2 L1 (l_c2 sin q2 - d2 cos q2)."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = offsets[1]
    return _cm(m2 * L1 * (lc2 * np.sin(q[1]) - d2 * np.cos(q[1])), qd)


def coriolis_transposed(arm, q, qd, offsets):
    """Slip: Christoffel indices swapped, which returns C transposed."""
    return coriolis_matrix_right(arm, q, qd, offsets).T


def coriolis_without_rates(arm, q, qd, offsets):
    """Slip: the tutorial's C = [[-h, -h], [h, 0]], the joint rates left out."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = offsets[1]
    h = m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))
    return np.array([[-h, -h], [h, 0.0]])


def coriolis_other_factorisation(arm, q, qd, offsets):
    """Slip: a C with the right C q' but not Christoffel's, [[-2h q2', -h q2'], [h q1', 0]]."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = offsets[1]
    h = m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))
    return np.array([[-2 * h * qd[1], -h * qd[1]],
                     [h * qd[0], 0.0]])


def coriolis_sign_flipped(arm, q, qd, offsets):
    """Slip: d(cos q2)/dq2 taken as +sin q2, so the whole C has the wrong sign."""
    return -coriolis_matrix_right(arm, q, qd, offsets)


def coriolis_absolute_angle(arm, q, qd, offsets):
    """Slip: h written at the absolute angle q1 + q2 instead of the relative q2."""
    m1, m2, L1, lc1, lc2, I1, I2, g = _two_link(arm)
    d2 = offsets[1]
    p2 = q[0] + q[1]
    return _cm(m2 * L1 * (lc2 * np.sin(p2) + d2 * np.cos(p2)), qd)


# ---------------------------------------------------------------------------
# Exercise 1.6: inverse_dynamics(arm, q, qd, qdd, offsets)
# ---------------------------------------------------------------------------

def _rnea(arm, q, qd, qdd, offsets, *, side=1.0, base_g=1.0, centripetal=-1.0,
          relative=False, cumulative=True, lever_offsets=True, reverse=False):
    n = arm.n
    q = np.asarray(q, dtype=float)
    qd = np.asarray(qd, dtype=float)
    qdd = np.asarray(qdd, dtype=float)
    d = np.asarray(offsets, dtype=float)
    phi = q if relative else np.cumsum(q)
    w = np.cumsum(qd) if cumulative else qd
    alpha = np.cumsum(qdd) if cumulative else qdd
    a_p = np.array([0.0, base_g * float(arm.gravity)])
    r, rc, rc_lever, a_c = [], [], [], []
    for i in range(n):
        u = np.array([np.cos(phi[i]), np.sin(phi[i])])
        left = side * _perp(u)
        ri = float(arm.lengths[i]) * u
        rci = float(arm.com_distances[i]) * u + d[i] * left
        a_c.append(a_p + alpha[i] * _perp(rci) + centripetal * w[i]**2 * rci)
        a_p = a_p + alpha[i] * _perp(ri) + centripetal * w[i]**2 * ri
        r.append(ri)
        rc.append(rci)
        rc_lever.append(rci if lever_offsets else float(arm.com_distances[i]) * u)
    tau = []
    f_next, n_next = np.zeros(2), 0.0
    for i in reversed(range(n)):
        f = f_next + float(arm.masses[i]) * a_c[i]
        lever = rc_lever[i]
        n_i = (n_next + float(arm.inertias[i]) * alpha[i]
               + _cross(lever, f) + _cross(r[i] - lever, f_next))
        tau.append(n_i)
        f_next, n_next = f, n_i
    tau = np.array(tau)
    return tau if reverse else tau[::-1]


def inverse_dynamics_right(arm, q, qd, qdd, offsets):
    """Right: Newton-Euler with r_ci = l_ci u_i + d_i u_i_perp, base accelerating up by g."""
    n = arm.n
    phi = np.cumsum(np.asarray(q, dtype=float))
    omega = np.cumsum(np.asarray(qd, dtype=float))
    alpha = np.cumsum(np.asarray(qdd, dtype=float))
    acc = np.array([0.0, float(arm.gravity)])
    links = []
    for i in range(n):
        u = np.array([np.cos(phi[i]), np.sin(phi[i])])
        r = arm.lengths[i] * u
        rc = arm.com_distances[i] * u + offsets[i] * _perp(u)
        ac = acc + alpha[i] * _perp(rc) - omega[i]**2 * rc
        acc = acc + alpha[i] * _perp(r) - omega[i]**2 * r
        links.append((r, rc, ac))
    tau = np.zeros(n)
    f_out, n_out = np.zeros(2), 0.0
    for i in range(n - 1, -1, -1):
        r, rc, ac = links[i]
        f_in = f_out + arm.masses[i] * ac
        n_in = n_out + arm.inertias[i] * alpha[i] + _cross(rc, f_in) + _cross(r - rc, f_out)
        tau[i] = n_in
        f_out, n_out = f_in, n_in
    return tau


def rnea_offset_not_in_levers(arm, q, qd, qdd, offsets):
    """Slip: offset used for a_c but the lever arms of the inward pass still l_c u_i."""
    return _rnea(arm, q, qd, qdd, offsets, lever_offsets=False)


def rnea_offset_right_side(arm, q, qd, qdd, offsets):
    """Slip: u_perp taken as (sin, -cos), the offset on the link's right."""
    return _rnea(arm, q, qd, qdd, offsets, side=-1.0)


def rnea_base_down(arm, q, qd, qdd, offsets):
    """Slip: the gravity trick the wrong way round, base accelerating down, a_p1 = (0, -g)."""
    return _rnea(arm, q, qd, qdd, offsets, base_g=-1.0)


def rnea_centripetal_sign(arm, q, qd, qdd, offsets):
    """Slip: centripetal part +omega^2 r instead of -omega^2 r."""
    return _rnea(arm, q, qd, qdd, offsets, centripetal=1.0)


def rnea_relative_angles(arm, q, qd, qdd, offsets):
    """Slip: links drawn at the relative angles q_i instead of phi_i = q_1 + ... + q_i."""
    return _rnea(arm, q, qd, qdd, offsets, relative=True)


def rnea_rates_not_summed(arm, q, qd, qdd, offsets):
    """Slip: omega_i = qd_i and alpha_i = qdd_i, the rates of the links before not added."""
    return _rnea(arm, q, qd, qdd, offsets, cumulative=False)


def rnea_tip_first(arm, q, qd, qdd, offsets):
    """Slip: torques appended during the inward pass and returned tip first."""
    return _rnea(arm, q, qd, qdd, offsets, reverse=True)


SLIPS = [
    ("arm.gravity_torque", gravity_offset_sign),
    ("arm.gravity_torque", gravity_offset_along_link),
    ("arm.gravity_torque", gravity_relative_angle),
    ("arm.gravity_torque", gravity_no_elbow_load),
    ("arm.gravity_torque", gravity_radius_no_angle),
    ("arm.gravity_torque", gravity_torque_of_weight),
    ("arm.gravity_torque", gravity_d2_only_at_elbow),
    ("arm.mass_matrix", mass_no_offset_squared),
    ("arm.mass_matrix", mass_coupling_sign),
    ("arm.mass_matrix", mass_point_masses),
    ("arm.mass_matrix", mass_I2_only_in_M11),
    ("arm.mass_matrix", mass_half_coupling_M11),
    ("arm.mass_matrix", mass_link1_offset_ignored),
    ("arm.mass_matrix", mass_absolute_angle),
    ("arm.coriolis_matrix", coriolis_chapter_h),
    ("arm.coriolis_matrix", coriolis_offset_sign),
    ("arm.coriolis_matrix", coriolis_transposed),
    ("arm.coriolis_matrix", coriolis_without_rates),
    ("arm.coriolis_matrix", coriolis_other_factorisation),
    ("arm.coriolis_matrix", coriolis_sign_flipped),
    ("arm.coriolis_matrix", coriolis_absolute_angle),
    ("arm.inverse_dynamics", rnea_offset_not_in_levers),
    ("arm.inverse_dynamics", rnea_offset_right_side),
    ("arm.inverse_dynamics", rnea_base_down),
    ("arm.inverse_dynamics", rnea_centripetal_sign),
    ("arm.inverse_dynamics", rnea_relative_angles),
    ("arm.inverse_dynamics", rnea_rates_not_summed),
    ("arm.inverse_dynamics", rnea_tip_first),
]

RIGHT = {
    "arm.gravity_torque": gravity_torque_right,
    "arm.mass_matrix": mass_matrix_right,
    "arm.coriolis_matrix": coriolis_matrix_right,
    "arm.inverse_dynamics": inverse_dynamics_right,
}
