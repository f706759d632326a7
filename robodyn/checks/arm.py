"""The exercises of the planar-arm chapter: inputs, reference answers, typical mistakes.

The student's functions take a :class:`robodyn.arm.PlanarArm` and read its attributes
``n``, ``masses``, ``lengths``, ``com_distances`` (l_c, joint to centre of mass),
``inertias`` (about each centre of mass) and ``gravity``. Angles follow the arm's convention:
``q[0]`` absolute from the x axis, ``q[1:]`` relative, gravity along -y. The mistakes are
written as the wrong functions a student writes.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from robodyn.arm import PlanarArm
from robodyn.grading import Case, Close, Exercise, Expression, Mistake, Output, rounded_uniform

TUTORIAL_ARM = PlanarArm()  # the tutorial's 2-link arm: PlanarArm's defaults


def _random_arm(rng, n: int) -> PlanarArm:
    masses = rounded_uniform(rng, 0.5, 6.0, n)
    lengths = rounded_uniform(rng, 0.2, 1.0, n)
    return PlanarArm(masses=masses, lengths=lengths,
                     com_fractions=rounded_uniform(rng, 0.15, 0.85, n),
                     inertias=np.round(rounded_uniform(rng, 0.3, 1.5, n) * masses * lengths**2
                                       / 12, 4),
                     gravity=rounded_uniform(rng, 1.6, 9.81))


def _random_angles(rng, n: int) -> np.ndarray:
    return rounded_uniform(rng, -3.0, 3.0, n)


# --------------------------------------------------------------------------- gravity torque


def _gravity_reference(arm, q):
    return arm.gravity_torque(q)


def _gravity_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.radians([45.0, 30.0])), "fixed",
             "the tutorial's arm held at 45 and 30 degrees"),
        Case((TUTORIAL_ARM, np.array([0.0, 0.0])), "fixed",
             "the arm stretched out horizontally (the largest torque at joint 1)"),
        Case((TUTORIAL_ARM, np.array([np.pi / 2, 0.0])), "fixed",
             "the arm pointing straight up (no gravity torque)"),
        Case((PlanarArm(masses=[2.0, 1.0], lengths=[0.6, 0.3], com_fractions=[0.3, 0.7]),
              np.array([0.4, -1.1])), "fixed", "centres of mass off the middle of the links"),
    ]
    for _ in range(5):
        cases.append(Case((_random_arm(rng, 2), _random_angles(rng, 2)), "seeded random"))
    return cases


def _g_sin_for_cos(arm, q):
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    g, L1 = arm.gravity, arm.lengths[0]
    return np.array([(m1 * lc1 + m2 * L1) * g * np.sin(q[0]) + m2 * lc2 * g * np.sin(q[0] + q[1]),
                     m2 * lc2 * g * np.sin(q[0] + q[1])])


def _g_relative_as_absolute(arm, q):
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    g, L1 = arm.gravity, arm.lengths[0]
    return np.array([(m1 * lc1 + m2 * L1) * g * np.cos(q[0]) + m2 * lc2 * g * np.cos(q[1]),
                     m2 * lc2 * g * np.cos(q[1])])


def _g_half_length(arm, q):
    half = PlanarArm(masses=arm.masses, lengths=arm.lengths, com_fractions=0.5,
                     inertias=arm.inertias, gravity=arm.gravity)
    return half.gravity_torque(q)


def _g_full_length(arm, q):
    tip = PlanarArm(masses=arm.masses, lengths=arm.lengths, com_fractions=1.0,
                    inertias=arm.inertias, gravity=arm.gravity)
    return tip.gravity_torque(q)


def _g_negated(arm, q):
    return -arm.gravity_torque(q)


def _g_link2_weight_missing_at_joint1(arm, q):
    m1, m2 = arm.masses
    lc1, lc2 = arm.com_distances
    g = arm.gravity
    return np.array([m1 * lc1 * g * np.cos(q[0]) + m2 * lc2 * g * np.cos(q[0] + q[1]),
                     m2 * lc2 * g * np.cos(q[0] + q[1])])


_GRAVITY = Exercise(
    exercise_id="arm.gravity_torque",
    description="Gravity torques G(q) of a two-link arm.",
    function_name="gravity_torque",
    arguments=("arm", "q"),
    outputs=(Output("G", Close(rtol=1e-9, atol=1e-9)),),
    reference=_gravity_reference,
    package_references=("robodyn.arm.PlanarArm.gravity_torque",),
    make_cases=_gravity_cases,
    mistakes=(
        Mistake("sin and cos swapped",
                "A horizontal link (angle 0) has the longest lever arm: the torque goes with "
                "the horizontal distance, so with cos of the link's absolute angle.",
                _g_sin_for_cos),
        Mistake("the relative angle q2 used as the absolute angle of link 2",
                "Link 2 points at q1 + q2 from the x axis: use cos(q1 + q2).",
                _g_relative_as_absolute),
        Mistake("the centre of mass taken at mid-link instead of at arm.com_distances",
                "Each link's centre of mass is arm.com_distances[i] from its joint, which need "
                "not be half the length.", _g_half_length),
        Mistake("the centre of mass taken at the end of the link (L instead of l_c)",
                "The weight of link i acts at its centre of mass, l_c = arm.com_distances[i] "
                "from the joint, not at the next joint.", _g_full_length),
        Mistake("the sign of gravity is wrong (the torque pushes the arm down instead of "
                "holding it)",
                "G is the torque the motors need to hold the arm: positive at joint 1 when the "
                "arm sticks out horizontally to the right, G = dV/dq with V = g sum m_i y_i.",
                _g_negated),
        Mistake("link 2's weight is missing from joint 1's lever (no m2 L1 term)",
                "Joint 1 also carries link 2, whose weight hangs at L1 cos(q1) + l_c2 cos(q1 + "
                "q2) from the base: G1 = (m1 l_c1 + m2 L1) g cos(q1) + m2 l_c2 g cos(q1 + q2).",
                _g_link2_weight_missing_at_joint1),
    ),
)


# --------------------------------------------------------------------------- mass matrix


def _mass_matrix_reference(arm, q):
    return arm.mass_matrix(q)


def _mass_matrix_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.array([0.0, 0.0])), "fixed", "the tutorial's arm stretched out"),
        Case((TUTORIAL_ARM, np.array([0.3, np.pi / 2])), "fixed",
             "the tutorial's arm with the elbow bent at 90 degrees"),
        Case((PlanarArm(masses=[2.0, 1.0], lengths=[0.6, 0.3], com_fractions=[0.3, 0.7],
                        inertias=[0.05, 0.02]), np.array([1.0, -2.0])), "fixed",
             "centres of mass off the middle, inertias given"),
    ]
    for _ in range(5):
        cases.append(Case((_random_arm(rng, 2), _random_angles(rng, 2)), "seeded random"))
    return cases


def _two_link_terms(arm):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    I1, I2 = arm.inertias
    return m1, m2, L1, lc1, lc2, I1, I2


def _mass_matrix_of(m11_extra, cross, arm, q, i_terms=True, joint_inertia_twice=False):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    if not i_terms:
        I1 = I2 = 0.0
    if joint_inertia_twice:  # I taken about the joint, and m l_c^2 added as well
        I1, I2 = I1 + m1 * lc1**2, I2 + m2 * lc2**2
    M11 = m1 * lc1**2 + I1 + m2 * (L1**2 + lc2**2 + m11_extra * cross) + I2
    M12 = m2 * (lc2**2 + cross) + I2
    M22 = m2 * lc2**2 + I2
    return np.array([[M11, M12], [M12, M22]])


def _mm_cross_factor_one(arm, q):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    return _mass_matrix_of(1.0, L1 * lc2 * np.cos(q[1]), arm, q)


def _mm_no_cosine(arm, q):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    return _mass_matrix_of(2.0, L1 * lc2, arm, q)


def _mm_absolute_angle(arm, q):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    return _mass_matrix_of(2.0, L1 * lc2 * np.cos(q[1] - q[0]), arm, q)


def _mm_no_link_inertia(arm, q):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    return _mass_matrix_of(2.0, L1 * lc2 * np.cos(q[1]), arm, q, i_terms=False)


def _mm_parallel_axis_twice(arm, q):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    return _mass_matrix_of(2.0, L1 * lc2 * np.cos(q[1]), arm, q, joint_inertia_twice=True)


def _mm_sin_for_cos(arm, q):
    m1, m2, L1, lc1, lc2, I1, I2 = _two_link_terms(arm)
    return _mass_matrix_of(2.0, L1 * lc2 * np.sin(q[1]), arm, q)


def _mm_half_length(arm, q):
    half = PlanarArm(masses=arm.masses, lengths=arm.lengths, com_fractions=0.5,
                     inertias=arm.inertias, gravity=arm.gravity)
    return half.mass_matrix(q)


_MASS_MATRIX = Exercise(
    exercise_id="arm.mass_matrix",
    description="Mass matrix M(q) of a two-link arm.",
    function_name="mass_matrix",
    arguments=("arm", "q"),
    outputs=(Output("M", Close(rtol=1e-9, atol=1e-12)),),
    reference=_mass_matrix_reference,
    package_references=("robodyn.arm.PlanarArm.mass_matrix",),
    make_cases=_mass_matrix_cases,
    mistakes=(
        Mistake("the cross term of M11 has the factor 1 instead of 2 (L1 l_c2 cos q2, not "
                "2 L1 l_c2 cos q2)",
                "|v_c2|^2 contains 2 L1 l_c2 cos(q2) q1' (q1' + q2'): in M11 the term is "
                "2 m2 L1 l_c2 cos(q2), in M12 it is m2 L1 l_c2 cos(q2).", _mm_cross_factor_one),
        Mistake("the cosine of the relative angle is missing from the cross terms",
                "The two velocity parts of link 2's centre of mass make the angle q2 with "
                "each other: their dot product carries cos(q2).", _mm_no_cosine),
        Mistake("cos(q2 - q1) used: q2 is already the relative angle",
                "q2 is measured from link 1, so the angle between the links is q2 itself: "
                "cos(q2).", _mm_absolute_angle),
        Mistake("the links' own inertias I1, I2 are missing",
                "Each link also turns about its centre of mass: add I1 to M11 and I2 to M11, "
                "M12 and M22 (link 2 turns at q1' + q2').", _mm_no_link_inertia),
        Mistake("the inertia about the joint counted twice (the parallel-axis term m l_c^2 "
                "added twice)",
                "arm.inertias are about the centres of mass; m l_c^2 enters once, from the "
                "speed of the centre of mass.", _mm_parallel_axis_twice),
        Mistake("sin(q2) where cos(q2) belongs",
                "The dot product of the two velocity directions is cos(q2).", _mm_sin_for_cos),
        Mistake("the centre of mass taken at mid-link instead of at arm.com_distances",
                "Use l_c = arm.com_distances[i], which need not be half the length.",
                _mm_half_length),
    ),
)


# --------------------------------------------------------------------------- Coriolis


def _coriolis_reference(arm, q, qd):
    return arm.coriolis_matrix(q, qd)


def _coriolis_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.array([0.3, np.pi / 2]), np.array([1.0, 0.5])), "fixed",
             "the tutorial's arm, elbow at 90 degrees, q' = (1, 0.5) rad/s"),
        Case((TUTORIAL_ARM, np.array([0.0, 0.7]), np.array([-2.0, 1.5])), "fixed"),
    ]
    for _ in range(5):
        cases.append(Case((_random_arm(rng, 2), _random_angles(rng, 2),
                           rounded_uniform(rng, -3, 3, 2)), "seeded random"))
    return cases


def _h(arm, q):
    m2, L1, lc2 = arm.masses[1], arm.lengths[0], arm.com_distances[1]
    return m2 * L1 * lc2 * np.sin(q[1])


def _c_without_rates(arm, q, qd):
    h = _h(arm, q)
    return np.array([[-h, -h], [h, 0.0]])


def _c_sign(arm, q, qd):
    return -_coriolis_reference(arm, q, qd)


def _c_transposed(arm, q, qd):
    return _coriolis_reference(arm, q, qd).T


def _c_times_rates(arm, q, qd):
    return _coriolis_reference(arm, q, qd) @ qd


_CORIOLIS = Exercise(
    exercise_id="arm.coriolis_matrix",
    description="Coriolis matrix C(q, q') of a two-link arm from Christoffel symbols.",
    function_name="coriolis_matrix",
    arguments=("arm", "q", "qd"),
    outputs=(Output("C", Close(rtol=1e-9, atol=1e-12)),),
    reference=_coriolis_reference,
    package_references=(
        "robodyn.arm.PlanarArm.coriolis_matrix",
        "robodyn.lagrange.coriolis_from_mass_matrix",
    ),
    make_cases=_coriolis_cases,
    mistakes=(
        Mistake("the joint rates are missing (the tutorial's matrix [[-h, -h], [h, 0]])",
                "C is linear in q': C = [[-h q2', -h (q1' + q2')], [h q1', 0]] with "
                "h = m2 L1 l_c2 sin(q2). Without the rates it is not the Coriolis matrix.",
                _c_without_rates),
        Mistake("the sign of h is wrong",
                "With h = m2 L1 l_c2 sin(q2): C11 = -h q2', C21 = +h q1'.", _c_sign),
        Mistake("C is transposed (C_jk where C_kj belongs)",
                "C_kj = sum_i Gamma_ijk q_i'; row k is the equation of joint k.",
                _c_transposed),
        Mistake("the vector C q' was returned, not the matrix C",
                "Return the 2 x 2 matrix; the check multiplies by q' itself where needed.",
                _c_times_rates),
    ),
)


# --------------------------------------------------------------------------- Newton-Euler


def _inverse_dynamics_reference(arm, q, qd, qdd):
    return arm.inverse_dynamics(q, qd, qdd)


def _inverse_dynamics_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.radians([45.0, 30.0]), np.zeros(2), np.zeros(2)), "fixed",
             "the tutorial's arm held still at 45 and 30 degrees"),
        Case((TUTORIAL_ARM, np.radians([45.0, 30.0]), np.array([1.0, 0.5]),
              np.array([2.0, 1.5])), "fixed", "the tutorial's accelerating arm"),
        Case((PlanarArm(masses=[2.0], lengths=[0.5]), np.array([0.3]), np.array([2.0]),
              np.array([-1.0])), "fixed", "a single link (a driven pendulum)"),
        Case((PlanarArm(masses=[1.0, 2.0, 0.5], lengths=[0.4, 0.3, 0.2],
                        com_fractions=[0.5, 0.3, 0.8], gravity=0.0),
              np.array([0.5, -0.4, 1.2]), np.array([1.0, -2.0, 0.5]), np.zeros(3)), "fixed",
         "three links without gravity, moving at constant rates (Coriolis and centrifugal)"),
    ]
    for n in (2, 3, 4, 5):
        cases.append(Case((_random_arm(rng, n), _random_angles(rng, n),
                           rounded_uniform(rng, -3, 3, n), rounded_uniform(rng, -5, 5, n)),
                          "seeded random"))
    return cases


def _rnea(arm, q, qd, qdd, slip=""):
    """Newton-Euler for one state, with an optional typical slip (for the mistake models)."""
    n = arm.n
    phi = q.copy() if slip == "absolute" else np.cumsum(q)
    omega, alpha = np.cumsum(qd), np.cumsum(qdd)
    u = np.array([np.cos(phi), np.sin(phi)]).T
    u_perp = np.array([-np.sin(phi), np.cos(phi)]).T
    a_joint = np.array([0.0, -arm.gravity if slip == "gravity sign" else arm.gravity])
    centripetal = 0.0 if slip == "no centripetal" else 1.0
    a_com = []
    for i in range(n):
        lc, length = arm.com_distances[i], arm.lengths[i]
        if slip == "com for joint":
            length = lc
        a_com.append(a_joint + lc * (alpha[i] * u_perp[i] - centripetal * omega[i] ** 2 * u[i]))
        a_joint = a_joint + length * (alpha[i] * u_perp[i]
                                      - centripetal * omega[i] ** 2 * u[i])
    force_next, torque_next, tau = np.zeros(2), 0.0, np.zeros(n)
    for i in reversed(range(n)):
        r_com = arm.com_distances[i] * u[i]
        r_next = arm.lengths[i] * u[i] - r_com
        force = force_next + arm.masses[i] * a_com[i]
        torque = torque_next + arm.inertias[i] * alpha[i] + _cross(r_com, force)
        if slip != "no outer moment":
            torque = torque + _cross(r_next, force_next)
        if slip == "no inertia":
            torque = torque - arm.inertias[i] * alpha[i]
        tau[i], force_next, torque_next = torque, force, torque
    return tau


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _rnea_with(slip):
    def answer(arm, q, qd, qdd):
        return _rnea(arm, np.asarray(q, float), np.asarray(qd, float), np.asarray(qdd, float),
                     slip)

    return answer


_INVERSE_DYNAMICS = Exercise(
    exercise_id="arm.inverse_dynamics",
    description="Joint torques of an n-link arm by the recursive Newton-Euler algorithm.",
    function_name="inverse_dynamics",
    arguments=("arm", "q", "qd", "qdd"),
    outputs=(Output("tau", Close(rtol=1e-9, atol=1e-9)),),
    reference=_inverse_dynamics_reference,
    package_references=(
        "robodyn.arm.PlanarArm.inverse_dynamics",
        "robodyn.arm.PlanarArm.joint_forces",
    ),
    make_cases=_inverse_dynamics_cases,
    mistakes=(
        Mistake("the joint angles were used as absolute link angles (no cumulative sum)",
                "q[1:] are relative angles: link i points at phi_i = q[0] + ... + q[i] "
                "(np.cumsum(q)).", _rnea_with("absolute")),
        Mistake("gravity with the wrong sign (the base accelerated down instead of up)",
                "Start the outward pass with the base accelerating upward, a = (0, +g): that "
                "puts the weight of every link into the forces at once.",
                _rnea_with("gravity sign")),
        Mistake("the centripetal term -omega^2 r is missing",
                "A point at r on a link turning at omega accelerates by alpha r_perp - "
                "omega^2 r: the second part points to the joint.",
                _rnea_with("no centripetal")),
        Mistake("the next joint's acceleration taken at the centre of mass (l_c for L)",
                "Propagate to the next joint with the full length L_i; l_c is only for the "
                "centre of mass.", _rnea_with("com for joint")),
        Mistake("the moment of the next link's force f_{i+1} about the joint is missing",
                "n_i = n_{i+1} + I_i alpha_i + r_c x f_i + (r_i - r_c) x f_{i+1}: the force "
                "the outer link pushes with also has a lever arm.",
                _rnea_with("no outer moment")),
        Mistake("the links' own inertia I_i alpha_i is missing",
                "Euler's equation about the centre of mass: the torques change the angular "
                "momentum I_i omega_i, so add I_i alpha_i.", _rnea_with("no inertia")),
    ),
)


# --------------------------------------------------------------------------- pendulum


def _pendulum_reference(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau - m * g * l_c * np.sin(theta)) / (inertia + m * l_c**2)


def _pendulum_cases(rng) -> list[Case]:
    cases = [
        Case((0.5, 0.0, 0.0, 2.0, 0.25, 0.0417, 9.81), "fixed", "released from rest at 0.5 rad"),
        Case((np.pi / 2, 1.0, 1.0, 1.0, 0.3, 0.01, 9.81), "fixed",
             "horizontal, with a torque of 1 N m"),
        Case((-2.5, -3.0, -0.5, 0.7, 0.2, 0.0, 1.62), "fixed", "a point mass on the Moon"),
    ]
    for _ in range(5):
        cases.append(Case((rounded_uniform(rng, -3, 3), rounded_uniform(rng, -5, 5),
                           rounded_uniform(rng, -2, 2), rounded_uniform(rng, 0.2, 5),
                           rounded_uniform(rng, 0.1, 0.8), rounded_uniform(rng, 0.0, 0.2),
                           rounded_uniform(rng, 1.6, 9.81)), "seeded random"))
    size = 20
    cases.append(Case((rounded_uniform(rng, -3, 3, size), rounded_uniform(rng, -5, 5, size),
                       rounded_uniform(rng, -2, 2, size), 1.5, 0.3, 0.02, 9.81), "arrays"))
    return cases


def _p_source_sign(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau + m * g * l_c * np.sin(theta)) / (inertia + m * l_c**2)


def _p_cos(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau - m * g * l_c * np.cos(theta)) / (inertia + m * l_c**2)


def _p_no_parallel_axis(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau - m * g * l_c * np.sin(theta)) / inertia


def _p_parallel_axis_twice(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau - m * g * l_c * np.sin(theta)) / (inertia + 2 * m * l_c**2)


def _p_point_mass(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau - m * g * l_c * np.sin(theta)) / (m * l_c**2)


def _p_torque_sign(theta, theta_dot, tau, m, l_c, inertia, g):
    return (-tau - m * g * l_c * np.sin(theta)) / (inertia + m * l_c**2)


def _p_degrees(theta, theta_dot, tau, m, l_c, inertia, g):
    return (tau - m * g * l_c * np.sin(np.radians(theta))) / (inertia + m * l_c**2)


_PENDULUM = Exercise(
    exercise_id="arm.pendulum_equation",
    description="Angular acceleration of a driven pendulum (theta from the downward vertical).",
    function_name="pendulum_equation",
    arguments=("theta", "theta_dot", "tau", "m", "l_c", "I", "g"),
    outputs=(Output("theta_ddot", Close(rtol=1e-9, atol=1e-12)),),
    reference=_pendulum_reference,
    package_references=("robodyn.arm.PlanarArm.forward_dynamics",),
    make_cases=_pendulum_cases,
    mistakes=(
        Mistake("the sign of the gravity term is wrong (the source's pendulum error)",
                "With theta from the downward vertical, V = -m g l_c cos(theta), and "
                "Euler-Lagrange gives (I + m l_c^2) theta'' + m g l_c sin(theta) = tau: "
                "gravity pulls the pendulum back down.", _p_source_sign),
        Mistake("cos(theta) where sin(theta) belongs",
                "The lever arm of the weight is the horizontal distance l_c sin(theta) when "
                "theta is measured from the downward vertical.", _p_cos),
        Mistake("the parallel-axis term m l_c^2 is missing (I is about the centre of mass)",
                "The pendulum turns about its pivot: I_pivot = I + m l_c^2.",
                _p_no_parallel_axis),
        Mistake("the parallel-axis term counted twice",
                "I is about the centre of mass, so I_pivot = I + m l_c^2, once.",
                _p_parallel_axis_twice),
        Mistake("the pendulum taken as a point mass (I left out)",
                "The rod's own inertia I about its centre of mass adds to m l_c^2.",
                _p_point_mass),
        Mistake("the sign of the torque is wrong",
                "A positive torque tau turns the pendulum towards positive theta.",
                _p_torque_sign),
        Mistake("theta taken as degrees (np.radians applied to it)",
                "theta is already in radians; np.sin takes radians.", _p_degrees),
    ),
)


# --------------------------------------------------------------------------- kinetic energy

_T_ARGUMENTS = ("m1", "m2", "L1", "lc1", "lc2", "I1", "I2", "q1", "q2", "qd1", "qd2")


def _kinetic_energy_of(cross_factor=2, cosine=True, q_difference=False, i2_rate="sum",
                       parallel_twice=False):
    """The two-link kinetic energy as a function of its symbols, with an optional slip."""

    def kinetic_energy_2link(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
        angle = (q2 - q1) if q_difference else q2
        cos_term = sp.cos(angle) if cosine else 1
        link2_speed = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2) ** 2
                       + cross_factor * L1 * lc2 * cos_term * qd1 * (qd1 + qd2))
        rate2 = (qd1 + qd2) if i2_rate == "sum" else qd2
        extra = (m1 * lc1**2 * qd1**2 + m2 * lc2**2 * (qd1 + qd2) ** 2) if parallel_twice \
            else 0
        return (m1 * lc1**2 * qd1**2 / 2 + I1 * qd1**2 / 2 + m2 * link2_speed / 2
                + I2 * rate2**2 / 2 + extra / 2)

    return kinetic_energy_2link


def _kinetic_energy_cases(rng) -> list[Case]:
    symbols = tuple(sp.symbols(" ".join(_T_ARGUMENTS), real=True))
    cases = [Case(symbols, "fixed", "the symbols themselves: the expression is compared "
                                    "with the reference's at random values of them")]
    for _ in range(3):
        values = (rounded_uniform(rng, 0.5, 5), rounded_uniform(rng, 0.5, 5),
                  rounded_uniform(rng, 0.2, 1), rounded_uniform(rng, 0.1, 0.5),
                  rounded_uniform(rng, 0.1, 0.5), rounded_uniform(rng, 0.01, 0.2),
                  rounded_uniform(rng, 0.01, 0.2), rounded_uniform(rng, -3, 3),
                  rounded_uniform(rng, -3, 3), rounded_uniform(rng, -3, 3),
                  rounded_uniform(rng, -3, 3))
        cases.append(Case(tuple(sp.Float(v) for v in values), "seeded random"))
    return cases


_KINETIC_ENERGY = Exercise(
    exercise_id="arm.kinetic_energy_2link",
    description="Kinetic energy of the two-link arm as a sympy expression.",
    function_name="kinetic_energy_2link",
    arguments=_T_ARGUMENTS,
    outputs=(Output("T", Expression(symbols=_T_ARGUMENTS, low=0.2, high=1.5)),),
    reference=_kinetic_energy_of(),
    package_references=("robodyn.lagrange.planar_arm_energies",),
    make_cases=_kinetic_energy_cases,
    mistakes=(
        Mistake("the cross term has a wrong factor (it is 2 L1 l_c2 cos(q2) q1' (q1' + q2') "
                "inside m2/2 (...))",
                "|v_c2|^2 = L1^2 q1'^2 + l_c2^2 (q1' + q2')^2 + 2 L1 l_c2 cos(q2) q1' "
                "(q1' + q2'): expand the square of the sum of the two velocity parts.",
                _kinetic_energy_of(cross_factor=1)),
        Mistake("the cross term has no cosine of the relative angle",
                "The two velocity parts of link 2's centre of mass make the angle q2: their "
                "dot product carries cos(q2).", _kinetic_energy_of(cosine=False)),
        Mistake("cos(q2 - q1) in the cross term: q2 is already the relative angle",
                "The angle between the links is q2 itself.",
                _kinetic_energy_of(q_difference=True)),
        Mistake("link 2 turns at q2' in the rotation term; it turns at q1' + q2'",
                "Link 2's absolute angle is q1 + q2, so its rotation energy is "
                "I2 (q1' + q2')^2 / 2.", _kinetic_energy_of(i2_rate="relative")),
        Mistake("the inertia about the joint counted twice (m l_c^2 added to I as well)",
                "I1, I2 are about the centres of mass; the m l_c^2 parts come once, from the "
                "speeds of the centres of mass.", _kinetic_energy_of(parallel_twice=True)),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_PENDULUM, _GRAVITY, _MASS_MATRIX, _KINETIC_ENERGY, _CORIOLIS, _INVERSE_DYNAMICS)
