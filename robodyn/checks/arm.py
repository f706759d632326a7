"""The exercises of the planar-arm chapter: inputs, reference answers, typical mistakes.

The student's functions take a :class:`robodyn.arm.PlanarArm` and read its attributes
``n``, ``masses``, ``lengths``, ``com_distances`` (l_c, joint to centre of mass),
``inertias`` (about each centre of mass) and ``gravity``. Angles follow the arm's convention:
``q[0]`` absolute from the x axis, ``q[1:]`` relative, gravity along -y. The mistakes are
written as the wrong functions a student writes.

The gravity torques, the mass matrix, the Coriolis matrix and the Newton-Euler recursion ask for
the next step from the chapter's arm, whose centres of mass lie on the links' axes: an arm whose
centres of mass lie off them (a motor bolted beside a link, a gripper holding a tool to one
side). ``offsets[i]`` (m) is the distance of link i's centre of mass from the line through its
joint along the link, positive to the left of the link (along u_perp = (-sin phi, cos phi)):
the centre of mass is at l_c u + d u_perp from the joint. No case has zero offsets throughout,
so that the chapter's functions do not pass.
"""

from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np
import sympy as sp

from robodyn.arm import PlanarArm
from robodyn.core.integrate import solve
from robodyn.grading import (
    Angle,
    Case,
    Close,
    Exercise,
    Expression,
    Mistake,
    Output,
    rounded_uniform,
)
from robodyn.grading.judges import CoriolisMatrix

#: Central differences, the numerical route to a derivative that 1.2 (G = dV/dq) and 1.5 (the
#: Christoffel symbols of M) allow, agree with the exact values to a few 1e-8 N m (G, steps
#: 1e-7 to 1e-4 rad) and 1e-9 N m s (C, steps 1e-6 to 1e-4 rad; 1e-7 fails on a few hidden
#: draws): the tolerances of those exercises admit them, and these notes tell an answer that
#: agrees only that closely.
_NUMERICAL_G = ("G by central differences of V agrees with the exact derivative only to about "
                "1e-9 to 5e-8 N m (truncation and round-off of the step): the tolerance admits "
                "steps from 1e-7 to 1e-4 rad. An exact derivative agrees to round-off.")
_NUMERICAL_C = ("Christoffel symbols by central differences of M agree with the exact ones only "
                "to about 1e-10 to 1e-9 N m s: the tolerance admits steps from 1e-6 to 1e-4 "
                "rad. Exact derivatives agree to round-off.")

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


def _random_offsets(rng, arm) -> np.ndarray:
    """Offsets of the centres of mass across the links, m: 5 to 40 % of each link's length, on
    either side, never zero."""
    sides = rng.choice([-1.0, 1.0], arm.n)
    return np.round(sides * rounded_uniform(rng, 0.05, 0.4, arm.n) * arm.lengths, 4)


# --------------------------------------------------------------------------- gravity torque


def _gravity_reference(arm, q, offsets):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_fractions * arm.lengths
    d1, d2 = offsets
    g = arm.gravity
    phi1, phi2 = q[0], q[0] + q[1]
    # V = g (m1 y_c1 + m2 y_c2), y_c = ... + l_c sin(phi) + d cos(phi)
    G2 = m2 * g * (lc2 * np.cos(phi2) - d2 * np.sin(phi2))
    G1 = g * ((m1 * lc1 + m2 * L1) * np.cos(phi1) - m1 * d1 * np.sin(phi1)) + G2
    return np.array([G1, G2])


def _gravity_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.radians([45.0, 30.0]), np.array([0.03, -0.05])), "fixed",
             "the tutorial's arm held at q = (pi/4, pi/6) rad (45 and 30 degrees), link 1's "
             "centre of mass 3 cm to the left of its axis, link 2's 5 cm to the right",
             note=_NUMERICAL_G),
        Case((TUTORIAL_ARM, np.array([0.0, 0.0]), np.array([0.04, 0.08])), "fixed",
             "the arm stretched out horizontally, both centres of mass above the axes (the "
             "offsets point straight up: no lever for them)"),
        Case((TUTORIAL_ARM, np.array([np.pi / 2, 0.0]), np.array([0.04, 0.08])), "fixed",
             "the arm pointing straight up, both centres of mass to its left: only the offsets "
             "have a lever", note=_NUMERICAL_G),
        Case((PlanarArm(masses=[2.0, 1.0], lengths=[0.6, 0.3], com_fractions=[0.3, 0.7]),
              np.array([0.4, -1.1]), np.array([-0.05, 0.1])), "fixed",
             "centres of mass off the middle of the links and off their axes"),
    ]
    for _ in range(5):
        arm = _random_arm(rng, 2)
        cases.append(Case((arm, _random_angles(rng, 2), _random_offsets(rng, arm)),
                          "seeded random"))
    return cases


def _g_with(lc=None, L1=None, d=None, g=None, phi2=None, trig=None, link2_at_joint1=1.0,
            g2_in_g1=1.0, offset2_in_g1=True):
    """A wrong gravity_torque(arm, q, offsets): another l_c, L1, offsets, g (functions of arm
    and offsets), angle of link 2 (of q), (cos, sin), joint 1 without a part of link 2, or
    link 2's offset in G2 only (G1 with link 2's centre of mass on its axis)."""
    def answer(arm, q, offsets):
        m1, m2 = arm.masses
        lc1, lc2 = arm.com_distances if lc is None else lc(arm, offsets)
        d1, d2 = offsets if d is None else d(arm, offsets)
        length1 = arm.lengths[0] if L1 is None else L1(arm)
        gravity = arm.gravity if g is None else g
        angle2 = q[0] + q[1] if phi2 is None else phi2(q)
        cos, sin = (np.cos, np.sin) if trig is None else trig
        G2 = m2 * gravity * (lc2 * cos(angle2) - d2 * sin(angle2))
        G1 = gravity * ((m1 * lc1 + link2_at_joint1 * m2 * length1) * cos(q[0])
                        - m1 * d1 * sin(q[0]))
        if not offset2_in_g1:  # joint 1 holds link 2 as in the chapter, on its axis
            return np.array([G1 + m2 * gravity * lc2 * cos(angle2), G2])
        return np.array([G1 + g2_in_g1 * G2, G2])
    return answer


def _g_negated(arm, q, offsets):
    return -_gravity_reference(arm, q, offsets)


def _g_without_g(arm, q, offsets):
    return _gravity_reference(arm, q, offsets) / arm.gravity


_GRAVITY = Exercise(
    exercise_id="arm.gravity_torque",
    description="Gravity torques G(q) of a two-link arm whose centres of mass lie off the "
                "links' axes.",
    function_name="gravity_torque",
    arguments=("arm", "q", "offsets"),
    outputs=(Output("G", Close(rtol=1e-8, atol=1e-7)),),
    reference=_gravity_reference,
    package_references=("robodyn.arm.PlanarArm.gravity_torque",),
    make_cases=_gravity_cases,
    mistakes=(
        Mistake("the offsets are left out (the centres of mass put back on the links' axes)",
                "A centre of mass off the axis is higher or lower than one on it, by d cos "
                "phi: write the height of each centre of mass with both parts, then "
                "differentiate V.", _g_with(d=lambda arm, d: (0.0, 0.0))),
        Mistake("the offsets on the wrong side of the links (to the right instead of the left)",
                "A positive offset puts the centre of mass on the left of the link, along "
                "u_perp = (-sin phi, cos phi): above the axis when the link points along +x.",
                _g_with(d=lambda arm, d: (-d[0], -d[1]))),
        Mistake("the offsets added along the links (l_c + d instead of a distance across)",
                "The offset is perpendicular to the link: the centre of mass is at l_c u + d "
                "u_perp from the joint, not at (l_c + d) u.",
                _g_with(lc=lambda arm, d: arm.com_distances + np.asarray(d, float),
                        d=lambda arm, d: (0.0, 0.0))),
        Mistake("the distance sqrt(l_c^2 + d^2) used as if the centre of mass were on the axis",
                "The distance from the joint is right, but the direction is not that of the "
                "link: the centre of mass is turned from the axis by the angle atan2(d, l_c).",
                _g_with(lc=lambda arm, d: np.hypot(arm.com_distances, d),
                        d=lambda arm, d: (0.0, 0.0))),
        Mistake("link 1's offset left out (only link 2's centre of mass off its axis)",
                "Each link has its own offset: offsets[0] moves link 1's centre of mass as "
                "offsets[1] moves link 2's.", _g_with(d=lambda arm, d: (0.0, d[1]))),
        Mistake("sin and cos swapped",
                "A horizontal link (angle 0) gives the part along the link the longest lever "
                "arm: that torque goes with the horizontal distance, so with cos of the link's "
                "absolute angle, and the offset's part with sin.",
                _g_with(trig=(np.sin, np.cos))),
        Mistake("the relative angle q2 used as the absolute angle of link 2",
                "q2 is measured from link 1, not from the x axis: link 2's direction from the "
                "x axis adds up both joint angles.", _g_with(phi2=lambda q: q[1])),
        Mistake("the centre of mass taken at mid-link instead of at arm.com_distances",
                "Each link's centre of mass is arm.com_distances[i] along the link from its "
                "joint, which need not be half the length.",
                _g_with(lc=lambda arm, d: arm.lengths / 2)),
        Mistake("the centre of mass taken at the end of the link (L instead of l_c)",
                "The weight of link i acts at its centre of mass, l_c = arm.com_distances[i] "
                "along the link from the joint, not at the next joint.",
                _g_with(lc=lambda arm, d: arm.lengths)),
        Mistake("the sign of gravity is wrong (the torque pushes the arm down instead of "
                "holding it)",
                "G is the torque the motors need to hold the arm: positive at joint 1 when the "
                "arm sticks out horizontally to the right, G = dV/dq with V = g sum m_i y_i.",
                _g_negated),
        Mistake("link 2's weight is missing from joint 1's lever (no m2 L1 term)",
                "Joint 1 also holds up link 2, whose centre of mass is farther out than link "
                "1's: its horizontal distance from joint 1 runs along the whole of link 1 and "
                "then on along link 2.", _g_with(link2_at_joint1=0.0)),
        Mistake("joint 1 lacks the torque of link 2's own part (G1 without G2's term)",
                "Joint 1 holds everything outboard of it: link 2's weight acts about joint 1 "
                "with the full horizontal distance of link 2's centre of mass, including the "
                "part beyond joint 2 that joint 2 also feels.", _g_with(g2_in_g1=0.0)),
        Mistake("g is missing (the torques of masses, not of weights: 1/g of the expected)",
                "V = g (m1 y_c1 + m2 y_c2): every term carries g = arm.gravity (m/s^2); the "
                "torques are in N m.", _g_without_g),
        Mistake("link 2's length L2 used where its l_c2 belongs",
                "Link 2's weight acts at its centre of mass, arm.com_distances[1] along the "
                "link from joint 2, not at its end.",
                _g_with(lc=lambda arm, d: (arm.com_distances[0], arm.lengths[1]))),
        Mistake("link 2's joint placed at link 1's centre of mass (l_c1 where L1 belongs)",
                "Link 2 hangs from joint 2, at the end of link 1: its lever about joint 1 runs "
                "along the whole length L1 = arm.lengths[0], not just to link 1's centre of "
                "mass.", _g_with(L1=lambda arm: arm.com_distances[0])),
        Mistake("joint 1 holds link 1's weight only (link 2's weight left out of G1)",
                "Joint 1 carries everything outboard of it: link 2 hangs from link 1, so its "
                "weight also acts about joint 1, with the whole horizontal distance of link "
                "2's centre of mass from joint 1 as its lever.",
                _g_with(link2_at_joint1=0.0, g2_in_g1=0.0)),
        Mistake("link 1's centre of mass taken at its end (L1 where l_c1 belongs)",
                "Link 1's own weight acts at its centre of mass, arm.com_distances[0] along "
                "the link from joint 1; only link 2's weight is carried to the end of link 1.",
                _g_with(lc=lambda arm, d: (arm.lengths[0], arm.com_distances[1]))),
        Mistake("link 2's offset in G2 but not in G1 (joint 1 holds link 2 as if its centre "
                "of mass were on its axis)",
                "Joint 1 holds link 2 as it is: the lever of link 2's weight about joint 1 "
                "reaches link 2's centre of mass, wherever its offset puts it, just as the "
                "lever about joint 2 does.", _g_with(offset2_in_g1=False)),
        Mistake("g = 9.81 written in instead of arm.gravity",
                "Read g from the arm: the check also tries arms on the Moon and elsewhere "
                "(arm.gravity from 1.6 to 9.81 m/s^2).", _g_with(g=9.81)),
    ),
)


# --------------------------------------------------------------------------- mass matrix


def _mass_matrix_reference(arm, q, offsets):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_fractions * arm.lengths
    d1, d2 = offsets
    I1, I2 = arm.inertias
    # link 2's centre from joint 2 is lc2 u2 + d2 u2_perp; its dot product with L1 u1_perp
    coupling = m2 * L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    M22 = m2 * (lc2**2 + d2**2) + I2
    M12 = M22 + coupling
    M11 = m1 * (lc1**2 + d1**2) + I1 + m2 * L1**2 + M22 + 2 * coupling
    return np.array([[M11, M12], [M12, M22]])


def _mass_matrix_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.array([0.0, 0.0]), np.array([0.04, 0.08])), "fixed",
             "the tutorial's arm stretched out, both centres of mass to the left of the axes"),
        Case((TUTORIAL_ARM, np.array([0.3, np.pi / 2]), np.array([-0.03, 0.06])), "fixed",
             "the tutorial's arm with the elbow bent at q2 = pi/2 rad (90 degrees)"),
        Case((PlanarArm(masses=[2.0, 1.0], lengths=[0.6, 0.3], com_fractions=[0.3, 0.7],
                        inertias=[0.05, 0.02]), np.array([1.0, -2.0]), np.array([0.1, -0.05])),
             "fixed", "centres of mass off the middle and off the axes, inertias given"),
    ]
    for _ in range(5):
        arm = _random_arm(rng, 2)
        cases.append(Case((arm, _random_angles(rng, 2), _random_offsets(rng, arm)),
                          "seeded random"))
    return cases


def _mm_with(lc=None, L1=None, d=None, own_offsets=True, angle=None, trig=None, m11_cross=2.0,
             m12_cross=1.0, inertias=None, i2_in=(1.0, 1.0, 1.0)):
    """A wrong mass_matrix(arm, q, offsets): another l_c, L1, offsets or inertias (functions
    of arm and offsets), the m d^2 terms left out, another angle (of q) or pair of functions
    for (cos, sin) in the coupling, other factors of the coupling in M11 and M12, I2 in
    fewer entries."""
    def answer(arm, q, offsets):
        m1, m2 = arm.masses
        lc1, lc2 = arm.com_distances if lc is None else lc(arm, offsets)
        d1, d2 = offsets if d is None else d(arm, offsets)
        length1 = arm.lengths[0] if L1 is None else L1(arm)
        I1, I2 = arm.inertias if inertias is None else inertias(arm, offsets)
        between = q[1] if angle is None else angle(q)
        cos, sin = (np.cos, np.sin) if trig is None else trig
        coupling = m2 * length1 * (lc2 * cos(between) - d2 * sin(between))
        s1 = lc1**2 + d1**2 if own_offsets else lc1**2
        s2 = lc2**2 + d2**2 if own_offsets else lc2**2
        M11 = m1 * s1 + I1 + m2 * (length1**2 + s2) + m11_cross * coupling + i2_in[0] * I2
        M12 = m2 * s2 + m12_cross * coupling + i2_in[1] * I2
        M22 = m2 * s2 + i2_in[2] * I2
        return np.array([[M11, M12], [M12, M22]])
    return answer


def _squares(arm, offsets):
    """m (l_c^2 + d^2) of each link: the parallel-axis terms."""
    return arm.masses * (arm.com_distances**2 + np.asarray(offsets, float) ** 2)


def _mm_lower_left_zero(arm, q, offsets):
    """M21 never filled in: the upper triangle of M over zeros."""
    return np.triu(_mass_matrix_reference(arm, q, offsets))


_MASS_MATRIX = Exercise(
    exercise_id="arm.mass_matrix",
    description="Mass matrix M(q) of a two-link arm whose centres of mass lie off the links' "
                "axes.",
    function_name="mass_matrix",
    arguments=("arm", "q", "offsets"),
    outputs=(Output("M", Close(rtol=1e-9, atol=1e-12)),),
    reference=_mass_matrix_reference,
    package_references=("robodyn.arm.PlanarArm.mass_matrix",),
    make_cases=_mass_matrix_cases,
    mistakes=(
        Mistake("the offsets are left out (the centres of mass put back on the links' axes)",
                "Each centre of mass sits offsets[i] across its link's axis: write its "
                "velocity with both parts, l_c u + d u_perp, before you read M off T.",
                _mm_with(d=lambda arm, d: (0.0, 0.0))),
        Mistake("the offsets on the wrong side of the links (to the right instead of the left)",
                "A positive offset puts the centre of mass on the left of the link, along "
                "u_perp = (-sin phi, cos phi), the direction the link turns towards.",
                _mm_with(d=lambda arm, d: (-d[0], -d[1]))),
        Mistake("the offsets only in the coupling term (their m d^2 left out)",
                "A centre of mass off the axis is farther from its joint: its squared distance "
                "is l_c^2 + d^2, and that goes into the link's own terms too.",
                _mm_with(own_offsets=False)),
        Mistake("link 1's offset left out (only link 2's centre of mass off its axis)",
                "Link 1's offset does not couple the joints, but it moves link 1's centre of "
                "mass away from joint 1: its squared distance l_c1^2 + d1^2 goes into M11.",
                _mm_with(d=lambda arm, d: (0.0, d[1]))),
        Mistake("the offsets added along the links (l_c + d instead of a distance across)",
                "The offset is perpendicular to the link: the centre of mass is at l_c u + d "
                "u_perp from the joint, not at (l_c + d) u.",
                _mm_with(lc=lambda arm, d: arm.com_distances + np.asarray(d, float),
                         d=lambda arm, d: (0.0, 0.0))),
        Mistake("the distance sqrt(l_c^2 + d^2) used as if the centre of mass were on the axis",
                "The distance is right for the links' own terms, but the coupling depends on "
                "the direction too: the centre of mass is turned from the axis by atan2(d, "
                "l_c), and the angle between the two velocity parts changes with it.",
                _mm_with(lc=lambda arm, d: np.hypot(arm.com_distances, d),
                         d=lambda arm, d: (0.0, 0.0))),
        Mistake("the coupling term of M11 has the factor 1 instead of 2 (the factor of M12)",
                "Expand |v_c2|^2 and read M off T = 1/2 q'^T M q': a term in q1'^2 goes into "
                "M11 whole, while a term in q1' q2' is shared half and half by M12 and M21.",
                _mm_with(m11_cross=1.0)),
        Mistake("the off-diagonal M12 has the coupling term doubled, as in M11",
                "q'^T M q' counts M12 twice (as M12 q1' q2' and M21 q2' q1'): the q1' q2' "
                "term of 2T is shared half and half by M12 and M21.",
                _mm_with(m12_cross=2.0)),
        Mistake("the angle q2 - q1 in the coupling: q2 is already the relative angle",
                "q2 is measured from link 1, so the angle between the links is q2 itself.",
                _mm_with(angle=lambda q: q[1] - q[0])),
        Mistake("the links' own inertias I1, I2 are missing",
                "Each link also turns about its centre of mass, with the energy 1/2 I omega^2 "
                "at its absolute rate: arm.inertias belong in M too.",
                _mm_with(inertias=lambda arm, d: (0.0, 0.0))),
        Mistake("I2 only in M22, as if link 2 turned at q2' alone",
                "Link 2 turns at its absolute rate q1' + q2', not at q2': square that rate in "
                "its rotation energy and see which entries of M get I2.",
                _mm_with(i2_in=(0.0, 0.0, 1.0))),
        Mistake("the inertia about the joint counted twice (the parallel-axis term m (l_c^2 + "
                "d^2) added twice)",
                "arm.inertias are about the centres of mass; the squared distance of the centre "
                "of mass enters once, from its speed.",
                _mm_with(inertias=lambda arm, d: arm.inertias + _squares(arm, d))),
        Mistake("sin and cos swapped in the coupling term",
                "The coupling is the dot product of the two velocity parts of link 2's centre "
                "of mass: the part along the link brings cos(q2), the part across it sin(q2).",
                _mm_with(trig=(np.sin, np.cos))),
        Mistake("the angle q1 in the coupling, where the angle between the links, q2, belongs",
                "M depends on the shape of the arm, not on where it points: only the angle "
                "between the links, q[1], can appear in it.", _mm_with(angle=lambda q: q[0])),
        Mistake("link 2's length L2 used where its l_c2 belongs",
                "Link 2's centre of mass is arm.com_distances[1] along the link from joint 2, "
                "not at its end (arm.lengths[1]).",
                _mm_with(lc=lambda arm, d: (arm.com_distances[0], arm.lengths[1]))),
        Mistake("link 2's joint placed at link 1's centre of mass (l_c1 where L1 belongs)",
                "Joint 2 sits at the end of link 1: link 2's centre of mass moves with joint "
                "2, at the distance L1 = arm.lengths[0] from joint 1.",
                _mm_with(L1=lambda arm: arm.com_distances[0])),
        Mistake("the links' lengths used where their l_c belong",
                "A link's mass sits at its centre of mass, arm.com_distances[i] along the link "
                "from its joint, not at its end (arm.lengths[i]).",
                _mm_with(lc=lambda arm, d: arm.lengths)),
        Mistake("arm.inertias taken as about the joints (the m (l_c^2 + d^2) terms of the "
                "centres of mass left out)",
                "arm.inertias are about the centres of mass: the masses' own terms, from the "
                "speeds of the centres of mass, come on top of them (the parallel-axis "
                "theorem).", _mm_with(inertias=lambda arm, d: arm.inertias - _squares(arm, d))),
        Mistake("I2 only in M11 (link 2's rotation left out of M12 and M22)",
                "Link 2 turns at its absolute rate q1' + q2': its rotation energy 1/2 I2 (q1' "
                "+ q2')^2 has a q1'^2, a q1' q2' and a q2'^2 part, and each part has its "
                "entry of M.", _mm_with(i2_in=(1.0, 0.0, 0.0))),
        Mistake("I2 missing from M12 (link 2's rotation left out of the coupling)",
                "Link 2 turns at its absolute rate q1' + q2': square that rate in its rotation "
                "energy, and its cross term in q1' q2' puts I2 into M12 and M21 as well.",
                _mm_with(i2_in=(1.0, 0.0, 1.0))),
        Mistake("the angle q1 + q2, link 2's absolute angle, in the coupling",
                "M depends on the shape of the arm, not on where it points: the two velocity "
                "parts of link 2's centre of mass make the relative angle q[1] with each other.",
                _mm_with(angle=lambda q: q[0] + q[1])),
        Mistake("M21 left at 0 (only the upper triangle filled in)",
                "M is symmetric: after M12, set M21 to the same value (a matrix started with "
                "np.zeros keeps 0 wherever nothing is written).", _mm_lower_left_zero),
        Mistake("the centre of mass taken at mid-link instead of at arm.com_distances",
                "Use l_c = arm.com_distances[i], which need not be half the length.",
                _mm_with(lc=lambda arm, d: arm.lengths / 2)),
    ),
)


# --------------------------------------------------------------------------- Coriolis


def _coriolis_reference(arm, q, qd, offsets):
    m2, L1 = arm.masses[1], arm.lengths[0]
    lc2, d2 = arm.com_fractions[1] * arm.lengths[1], offsets[1]
    h = m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))  # -dM12/dq2
    return h * np.array([[-qd[1], -qd[0] - qd[1]], [qd[0], 0.0]])


def _coriolis_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.array([0.3, np.pi / 2]), np.array([1.0, 0.5]),
              np.array([0.02, 0.06])), "fixed",
             "the tutorial's arm, link 2's centre of mass 6 cm to the left of its axis, elbow "
             "at q2 = pi/2 rad (90 degrees), q' = (1, 0.5) rad/s", note=_NUMERICAL_C),
        Case((TUTORIAL_ARM, np.array([0.0, 0.0]), np.array([-2.0, 1.5]),
              np.array([0.0, -0.08])), "fixed",
             "the arm stretched out (q2 = 0), link 2's centre of mass 8 cm to the right of its "
             "axis: only the offset couples the joints here", note=_NUMERICAL_C),
    ]
    for _ in range(5):
        arm = _random_arm(rng, 2)
        cases.append(Case((arm, _random_angles(rng, 2), rounded_uniform(rng, -3, 3, 2),
                           _random_offsets(rng, arm)), "seeded random"))
    return cases


def _c_of(h, qd):
    """The Christoffel C of the two-link arm for a given h (N m s)."""
    return h * np.array([[-qd[1], -qd[0] - qd[1]], [qd[0], 0.0]])


def _h_with(lc2=None, d2=None, trig=None, angle=None):
    """h(arm, q, offsets) = m2 L1 (lc2 sin q2 + d2 cos q2), with a slip's lc2 or d2 (functions
    of arm and offsets), another pair of functions for (sin, cos), or another angle (of q)."""
    def h(arm, q, offsets):
        along = arm.com_distances[1] if lc2 is None else lc2(arm, offsets)
        across = offsets[1] if d2 is None else d2(arm, offsets)
        sin, cos = (np.sin, np.cos) if trig is None else trig
        q2 = q[1] if angle is None else angle(q)
        return arm.masses[1] * arm.lengths[0] * (along * sin(q2) + across * cos(q2))
    return h


_H = _h_with()


def _c_with_h(h):
    def answer(arm, q, qd, offsets):
        return _c_of(h(arm, q, offsets), qd)
    return answer


def _c_without_rates(arm, q, qd, offsets):
    h = _H(arm, q, offsets)
    return np.array([[-h, -h], [h, 0.0]])


def _c_sign(arm, q, qd, offsets):
    return -_coriolis_reference(arm, q, qd, offsets)


def _c_transposed(arm, q, qd, offsets):
    return _coriolis_reference(arm, q, qd, offsets).T


def _c_times_rates(arm, q, qd, offsets):
    return _coriolis_reference(arm, q, qd, offsets) @ qd


def _c_other_factorisation(arm, q, qd, offsets):
    """A C with the same C q' as the Christoffel one: the q1' q2' term all in C11."""
    h = _H(arm, q, offsets)
    return np.array([[-2.0 * h * qd[1], -h * qd[1]], [h * qd[0], 0.0]])


def _c_c21_sign(arm, q, qd, offsets):
    C = _coriolis_reference(arm, q, qd, offsets)
    C[1, 0] = -C[1, 0]
    return C


def _c_c12_without_qd1(arm, q, qd, offsets):
    C = _coriolis_reference(arm, q, qd, offsets)
    C[0, 1] = -_H(arm, q, offsets) * qd[1]
    return C


def _c_rates_swapped(arm, q, qd, offsets):
    """q1' where q2' belongs and the other way round."""
    return _coriolis_reference(arm, q, np.asarray(qd, float)[::-1], offsets)


def _c_without_half(arm, q, qd, offsets):
    return 2.0 * _coriolis_reference(arm, q, qd, offsets)


_CORIOLIS = Exercise(
    exercise_id="arm.coriolis_matrix",
    description="Coriolis matrix C(q, q') of a two-link arm whose centres of mass lie off the "
                "links' axes, from Christoffel symbols.",
    function_name="coriolis_matrix",
    arguments=("arm", "q", "qd", "offsets"),
    outputs=(Output("C", CoriolisMatrix(rtol=1e-7, atol=1e-8)),),
    reference=_coriolis_reference,
    package_references=(
        "robodyn.arm.PlanarArm.coriolis_matrix",
        "robodyn.arm.lagrange.coriolis_from_mass_matrix",
    ),
    make_cases=_coriolis_cases,
    mistakes=(
        Mistake("the offsets are left out (the centres of mass put back on the links' axes)",
                "Link 2's centre of mass sits offsets[1] across its axis: the two parts of "
                "its velocity then make another angle with each other, and M12 changes with "
                "q2 in another way. Redo M with the offset, then differentiate.",
                _c_with_h(_h_with(d2=lambda arm, d: 0.0))),
        Mistake("the offset on the wrong side of the link (to the right instead of the left)",
                "A positive offset puts the centre of mass on the left of the link, along "
                "u_perp = (-sin phi, cos phi), the direction the link turns towards.",
                _c_with_h(_h_with(d2=lambda arm, d: -d[1]))),
        Mistake("the offset added along the link (l_c2 + d2 instead of a distance across it)",
                "The offset is perpendicular to the link: the centre of mass is at l_c2 u + "
                "d2 u_perp from joint 2, not at (l_c2 + d2) u.",
                _c_with_h(_h_with(lc2=lambda arm, d: arm.com_distances[1] + d[1],
                                  d2=lambda arm, d: 0.0))),
        Mistake("the distance sqrt(l_c2^2 + d2^2) used as if the centre of mass were on the "
                "axis",
                "The distance from joint 2 is right, but the centre of mass is not on the line "
                "to the next joint: the angle between the two velocity parts is q2 plus the "
                "offset's own angle.",
                _c_with_h(_h_with(lc2=lambda arm, d: np.hypot(arm.com_distances[1], d[1]),
                                  d2=lambda arm, d: 0.0))),
        Mistake("link 1's offset used where link 2's belongs (offsets[0] for offsets[1])",
                "Only link 2's centre of mass moves relative to link 1, so only its offset, "
                "offsets[1], enters C; link 1's offset adds a constant to M11.",
                _c_with_h(_h_with(d2=lambda arm, d: d[0]))),
        Mistake("the joint rates are missing (the tutorial's matrix [[-h, -h], [h, 0]])",
                "C is linear in the joint rates: each Christoffel symbol Gamma_ijk(q) is "
                "multiplied by q_i' and summed over i. The tutorial's matrix stops before that "
                "sum.", _c_without_rates),
        Mistake("the sign of h is wrong",
                "Check the sign of each derivative of M: differentiate M12 with respect to q2 "
                "and keep the minus that the derivative of a cosine brings.", _c_sign),
        Mistake("C is transposed (C_jk where C_kj belongs)",
                "C_kj = sum_i Gamma_ijk q_i'; row k is the equation of joint k.",
                _c_transposed),
        Mistake("the vector C q' was returned, not the matrix C",
                "Return the 2 x 2 matrix; the check multiplies by q' itself where needed.",
                _c_times_rates),
        Mistake("a C with the right C q' that is not the Christoffel one (the whole q1' q2' "
                "term put into C11)",
                "Many matrices give the same C q'; the exercise asks for the one from the "
                "Christoffel symbols, which makes M' - 2C skew-symmetric. Build C from the "
                "symbols entry by entry instead of splitting C q' by eye.",
                _c_other_factorisation),
        Mistake("C is twice the Christoffel one (the 1/2 of the Christoffel symbols is "
                "missing)",
                "Gamma_ijk = 1/2 (dM_kj/dq_i + dM_ki/dq_j - dM_ij/dq_k): the half belongs to "
                "every symbol.", _c_without_half),
        Mistake("M's coupling term itself in h, where its derivative belongs",
                "C is built from derivatives of M: differentiate the q2-dependent part of M12 "
                "with respect to q2 (cos turns into -sin, sin into cos).",
                _c_with_h(_h_with(trig=(np.cos, lambda angle: -np.sin(angle))))),
        Mistake("link 2's length L2 used where its l_c2 belongs",
                "M, and so C, has link 2's mass at its centre of mass, arm.com_distances[1] "
                "along the link from joint 2, not at its end.",
                _c_with_h(_h_with(lc2=lambda arm, d: arm.lengths[1]))),
        Mistake("C21 has the wrong sign (the centrifugal torque of q1' on joint 2)",
                "Work out Gamma_112 = -1/2 dM11/dq2 with its sign: spinning joint 1 flings link "
                "2 outwards, and C21 q1' is the torque joint 2 needs against that.",
                _c_c21_sign),
        Mistake("C12 lacks its q1' term (only the q2' part of the sum over i)",
                "C_kj sums Gamma_ijk q_i' over every i: C12 collects a symbol with q1' as well "
                "as one with q2'.", _c_c12_without_qd1),
        Mistake("h at the angle q1 + q2, link 2's absolute angle, where q2 belongs",
                "M, and so C, depends on the shape of the arm, not on where it points: the "
                "two velocity parts of link 2's centre of mass make the relative angle q[1] "
                "with each other.", _c_with_h(_h_with(angle=lambda q: q[0] + q[1]))),
        Mistake("q1' and q2' swapped (each entry has the other joint's rate)",
                "qd[0] is joint 1's rate q1', qd[1] joint 2's: C_kj sums Gamma_ijk q_i' with "
                "the rate of the joint i of each symbol.", _c_rates_swapped),
    ),
)


# --------------------------------------------------------------------------- Newton-Euler


def _inverse_dynamics_reference(arm, q, qd, qdd, offsets):
    n = len(arm.masses)
    phi, omega, alpha = np.cumsum(q), np.cumsum(qd), np.cumsum(qdd)
    u = np.stack([np.cos(phi), np.sin(phi)], axis=1)  # along each link
    u_perp = np.stack([-np.sin(phi), np.cos(phi)], axis=1)  # to its left
    lc = arm.com_fractions * arm.lengths
    r_com = lc[:, None] * u + np.asarray(offsets)[:, None] * u_perp  # joint to centre
    r_link = arm.lengths[:, None] * u  # joint to the next joint
    a_joint, a_com = np.array([0.0, arm.gravity]), []  # the base accelerated up by g
    for i in range(n):  # a = a_joint + alpha x r - omega^2 r
        a_com.append(a_joint + alpha[i] * _perp(r_com[i]) - omega[i] ** 2 * r_com[i])
        a_joint = a_joint + alpha[i] * _perp(r_link[i]) - omega[i] ** 2 * r_link[i]
    tau, force, torque = np.zeros(n), np.zeros(2), 0.0  # nothing beyond the tip
    for i in reversed(range(n)):
        outer, force = force, force + arm.masses[i] * a_com[i]
        rest = r_link[i] - r_com[i]  # from the centre of mass to the next joint
        torque = (torque + arm.inertias[i] * alpha[i] + _cross(r_com[i], force)
                  + _cross(rest, outer))
        tau[i] = torque
    return tau


def _inverse_dynamics_cases(rng) -> list[Case]:
    cases = [
        Case((TUTORIAL_ARM, np.radians([45.0, 30.0]), np.zeros(2), np.zeros(2),
              np.array([0.03, -0.05])), "fixed",
             "the tutorial's arm held still at q = (pi/4, pi/6) rad (45 and 30 degrees), link "
             "1's centre of mass 3 cm to the left of its axis, link 2's 5 cm to the right"),
        Case((TUTORIAL_ARM, np.radians([45.0, 30.0]), np.array([1.0, 0.5]),
              np.array([2.0, 1.5]), np.array([0.03, -0.05])), "fixed",
             "the tutorial's accelerating arm"),
        Case((PlanarArm(masses=[2.0], lengths=[0.5]), np.array([0.3]), np.array([2.0]),
              np.array([-1.0]), np.array([0.1])), "fixed",
             "a single link (a driven pendulum) whose centre of mass is 10 cm off its axis"),
        Case((PlanarArm(masses=[1.0, 2.0, 0.5], lengths=[0.4, 0.3, 0.2],
                        com_fractions=[0.5, 0.3, 0.8], gravity=0.0),
              np.array([0.5, -0.4, 1.2]), np.array([1.0, -2.0, 0.5]), np.zeros(3),
              np.array([0.05, -0.04, 0.03])), "fixed",
         "three links without gravity, moving at constant rates (Coriolis and centrifugal)"),
    ]
    for n in (2, 3, 4, 5):
        arm = _random_arm(rng, n)
        cases.append(Case((arm, _random_angles(rng, n), rounded_uniform(rng, -3, 3, n),
                           rounded_uniform(rng, -5, 5, n), _random_offsets(rng, arm)),
                          "seeded random"))
    return cases


def _rnea(arm, q, qd, qdd, offsets, slip=""):
    """Newton-Euler for one state, with an optional typical slip (for the mistake models)."""
    n = arm.n
    d = np.asarray(offsets, float)
    if slip == "offsets ignored":
        d = np.zeros(n)
    elif slip == "offset sign":
        d = -d
    lc = arm.com_distances
    if slip == "offset along":
        lc, d = lc + d, np.zeros(n)
    phi = q.copy() if slip in ("absolute", "all absolute") else np.cumsum(q)
    omega, alpha = np.cumsum(qd), np.cumsum(qdd)
    if slip in ("all absolute", "rates not summed"):
        omega, alpha = qd.copy(), qdd.copy()
    u = np.array([np.cos(phi), np.sin(phi)]).T
    u_perp = np.array([-np.sin(phi), np.cos(phi)]).T
    g = {"gravity sign": -arm.gravity, "no gravity": 0.0}.get(slip, arm.gravity)
    a_joint = np.array([0.0, g])
    centripetal = {"no centripetal": 0.0, "centripetal sign": -1.0}.get(slip, 1.0)
    turn = -1.0 if slip == "perp sign" else 1.0  # alpha x r taken as alpha (r_y, -r_x)

    def spin(r):  # alpha x r as a planar vector, per unit alpha
        return turn * np.array([-r[1], r[0]])

    lengths = arm.lengths
    if slip == "com for joint everywhere":
        lengths = arm.com_distances
    a_com = []
    for i in range(n):
        length = lc[i] if slip == "com for joint" else lengths[i]
        r_c = lc[i] * u[i] + (0.0 if slip == "offset not in acceleration" else d[i]) * u_perp[i]
        r_next = length * u[i]
        a_com.append(a_joint + alpha[i] * spin(r_c) - centripetal * omega[i] ** 2 * r_c)
        a_joint = a_joint + alpha[i] * spin(r_next) - centripetal * omega[i] ** 2 * r_next
    force_next, torque_next, tau = np.zeros(2), 0.0, np.zeros(n)
    links = range(n - 1, 0, -1) if slip == "loop stops early" else reversed(range(n))
    cross = _cross if slip != "cross order" else (lambda a, b: _cross(b, a))
    for i in links:
        r_com = lc[i] * u[i] + (0.0 if slip == "offset not in levers" else d[i]) * u_perp[i]
        r_next = lengths[i] * u[i] - r_com
        if slip == "outer lever on the axis":
            r_next = (lengths[i] - lc[i]) * u[i]
        force = force_next + arm.masses[i] * a_com[i]
        torque = torque_next + arm.inertias[i] * alpha[i] + cross(r_com, force)
        if slip == "no joint moment":  # about the joint, L_i u_i x f_{i+1} left out
            torque = torque - cross(r_com, force_next)
        elif slip != "no outer moment":
            torque = torque + cross(r_next, force_next)
        if slip == "no inertia":
            torque = torque - arm.inertias[i] * alpha[i]
        tau[i], force_next, torque_next = torque, force, torque
    if slip == "tip first":  # appended in the inward pass, as it meets the joints
        return tau[::-1]
    return tau


def _rnea_coms_at_ends(arm, q, qd, qdd, offsets):
    """Every centre of mass at the end of its link: L_i where l_ci belongs (offsets kept)."""
    at_ends = PlanarArm(masses=arm.masses, lengths=arm.lengths, com_fractions=1.0,
                        inertias=arm.inertias, gravity=arm.gravity)
    return _rnea(at_ends, np.asarray(q, float), np.asarray(qd, float), np.asarray(qdd, float),
                 offsets)


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _perp(r):
    """r turned a quarter to the left: z x r, so that alpha x r = alpha _perp(r)."""
    return np.array([-r[1], r[0]])


def _rnea_with(slip):
    def answer(arm, q, qd, qdd, offsets):
        return _rnea(arm, np.asarray(q, float), np.asarray(qd, float), np.asarray(qdd, float),
                     offsets, slip)

    return answer



_INVERSE_DYNAMICS = Exercise(
    exercise_id="arm.inverse_dynamics",
    description="Joint torques of an n-link arm whose centres of mass lie off the links' axes, "
                "by the recursive Newton-Euler algorithm.",
    function_name="inverse_dynamics",
    arguments=("arm", "q", "qd", "qdd", "offsets"),
    outputs=(Output("tau", Close(rtol=1e-9, atol=1e-9)),),
    reference=_inverse_dynamics_reference,
    package_references=(
        "robodyn.arm.PlanarArm.inverse_dynamics",
        "robodyn.arm.PlanarArm.joint_forces",
    ),
    make_cases=_inverse_dynamics_cases,
    mistakes=(
        Mistake("the offsets are left out (the centres of mass put back on the links' axes)",
                "Each centre of mass sits offsets[i] across its link's axis: r_c = l_c u + d "
                "u_perp from the joint, in the outward pass and as a lever in the inward one.",
                _rnea_with("offsets ignored")),
        Mistake("the offsets on the wrong side of the links (to the right instead of the left)",
                "A positive offset puts the centre of mass on the left of the link, along "
                "u_perp = (-sin phi, cos phi), the direction the link turns towards.",
                _rnea_with("offset sign")),
        Mistake("the offsets in the levers but not in the centres of mass's accelerations",
                "A centre of mass off the axis moves on a wider circle, in another direction: "
                "its acceleration alpha x r_c - omega^2 r_c needs the whole r_c, offset "
                "included.", _rnea_with("offset not in acceleration")),
        Mistake("the offsets in the accelerations but not in the levers (r_c on the axis in "
                "the inward pass)",
                "The link's own force m a_c acts at its centre of mass, off the axis: its "
                "moment about the joint uses the whole r_c = l_c u + d u_perp.",
                _rnea_with("offset not in levers")),
        Mistake("the lever of the outer force taken as (L - l_c) u, from the centre of mass's "
                "foot on the axis",
                "The outer link's force acts at the next joint, L u from this joint: its lever "
                "from the centre of mass is L u - r_c, which has the offset in it too.",
                _rnea_with("outer lever on the axis")),
        Mistake("the offsets added along the links (l_c + d instead of a distance across)",
                "The offset is perpendicular to the link: the centre of mass is at l_c u + d "
                "u_perp from the joint, not at (l_c + d) u.", _rnea_with("offset along")),
        Mistake("the joint angles were used as absolute link angles (no cumulative sum)",
                "q[1:] are relative angles: the direction of link i from the x axis adds up "
                "the joint angles up to joint i.", _rnea_with("absolute")),
        Mistake("q, q' and q'' all used as absolute link values (no cumulative sums: absolute "
                "angles instead of relative ones)",
                "The joints measure relative angles: link i's angle, rate and acceleration "
                "from the x axis add up those of the joints up to i.",
                _rnea_with("all absolute")),
        Mistake("the joint rates and accelerations were not summed into link rates",
                "Link i turns at the sum of the joint rates up to i (and accelerates at the sum "
                "of the joint accelerations), as its angle is the sum of the joint angles.",
                _rnea_with("rates not summed")),
        Mistake("gravity is forgotten",
                "The links have weight: start the outward pass with the base accelerating "
                "upward by g (arm.gravity), which puts every link's weight into the forces at "
                "once.", _rnea_with("no gravity")),
        Mistake("gravity with the wrong sign (the base accelerated down instead of up)",
                "Start the outward pass with the base accelerating upward, a = (0, +g): that "
                "puts the weight of every link into the forces at once.",
                _rnea_with("gravity sign")),
        Mistake("the centripetal term -omega^2 r is missing",
                "A point at r on a link turning at omega accelerates by alpha r_perp - "
                "omega^2 r: the second part points to the joint.",
                _rnea_with("no centripetal")),
        Mistake("the centripetal term with the wrong sign (+omega^2 r: flung outwards)",
                "A point on a turning link is pulled towards the joint it turns about, not "
                "away from it: check the direction of the centripetal part against r, which "
                "points from the joint to the point.", _rnea_with("centripetal sign")),
        Mistake("the torques returned tip first (in the order the inward pass meets them)",
                "The inward pass runs from the tip to the base, but tau is listed like q, "
                "joint 1 first: store each torque at its joint's index.",
                _rnea_with("tip first")),
        Mistake("the next joint's acceleration taken at the centre of mass (l_c for L)",
                "Propagate to the next joint with the full length L_i; l_c is only for the "
                "centre of mass.", _rnea_with("com for joint")),
        Mistake("the moment of the next link's force f_{i+1} about the centre of mass is "
                "missing",
                "The force the outer link pushes with acts at the next joint, a lever arm "
                "(L_i - l_ci along the link) away from the centre of mass: it has a moment "
                "too.", _rnea_with("no outer moment")),
        Mistake("the moment of the next link's force f_{i+1} about this joint is missing",
                "About joint i, the outer link's force acts at the next joint, the whole "
                "length L_i away: it has a moment as well as the link's own m a_c.",
                _rnea_with("no joint moment")),
        Mistake("the next joint placed at the centre of mass in both passes (l_c for L)",
                "The next joint is at the end of the link, L_i = arm.lengths[i] from this "
                "one: use L_i to reach it in the outward pass and as its lever in the inward "
                "one; l_c is only for the centre of mass.",
                _rnea_with("com for joint everywhere")),
        Mistake("the inward loop stops before link 1 (tau[0] stays 0)",
                "range(n - 1, 0, -1) ends at 1: the inward pass must reach link 0 too, e.g. "
                "reversed(range(n)) or range(n - 1, -1, -1).", _rnea_with("loop stops early")),
        Mistake("alpha x r with the wrong sign (the tangential acceleration turned back)",
                "A link turning counter-clockwise (alpha > 0) accelerates a point at r to the "
                "left of r: alpha x r = alpha (-r_y, r_x).", _rnea_with("perp sign")),
        Mistake("the cross products are in the wrong order (f x r instead of r x f)",
                "The moment of a force f applied at r is r x f, with the planar z part "
                "r[0] * f[1] - r[1] * f[0]; f x r is its negative.",
                _rnea_with("cross order")),
        Mistake("the links' own inertia I_i alpha_i is missing",
                "Euler's equation about the centre of mass: the torques change the angular "
                "momentum I_i omega_i, so add I_i alpha_i.", _rnea_with("no inertia")),
        Mistake("every centre of mass taken at the end of its link (L where l_c belongs)",
                "A link's mass acts at its centre of mass, arm.com_distances[i] from its "
                "joint: use l_c for the centre of mass's acceleration and its lever, and L_i "
                "only to reach the next joint.", _rnea_coms_at_ends),
    ),
)


# --------------------------------------------------------------------------- pendulum
#
# Exercise 1.1 asks for a simulation: the angle of a pendulum with viscous friction in its pivot
# and a constant motor torque, at the times t. The chapter gives the equation of motion of the
# free arm; the student adds the friction torque, writes theta'' and integrates it.
#
# The tolerance, 2e-5 rad, measured on the fixed cases and the seeded ones of 100 draws (seeds
# 0 to 99; the largest error over the samples, modulo 2 pi, against the reference):
#   solve_ivp with rtol=1e-8, atol=1e-10 passes everywhere: RK45 <= 1.1e-6, DOP853 <= 5.3e-7,
#     Radau <= 1e-8, LSODA <= 8.6e-6 (on the big free swing from 2.5 rad, near the top);
#   fixed-step RK4 with steps of 1 ms: <= 1.8e-9;
#   solve_ivp's defaults (RK45, rtol=1e-3, atol=1e-6) fail on every fixed case (3.0e-4 on the
#     small swing to 0.48 on the big one) and on the seeded cases of every draw (>= 2.5e-3);
#   explicit Euler with steps of 1 ms fails on every fixed case (>= 2.9e-3) and on the seeded
#     cases of every draw (>= 3.9e-3).
_SWING_ATOL = 2e-5
#: The pivot's inertia times this bounds b T on every case: the mistake whose friction pushes
#: grows the swing by e^(b T / I_pivot) at most, about 150, which keeps it cheap to integrate.
_MOST_DAMPING = 5.0
_STATE = ("theta", "theta_dot")


def _accel_of(gravity_sign=-1.0, trig=math.sin, inertia="pivot", torque_sign=1.0,
              friction=-1.0, friction_divided=True, divide="all", weight="m g l_c",
              degrees=False):
    """theta'' of the pendulum, with the changes of a mistake: the building block of the
    reference (all defaults) and of the wrong equations of motion."""
    def accel(theta, theta_dot, tau, b, m, l_c, inertia_c, g):
        angle = math.radians(theta) if degrees else theta
        pivot = {"pivot": inertia_c + m * l_c**2, "centre": inertia_c, "twice":
                 inertia_c + 2 * m * l_c**2, "point": m * l_c**2, "unsquared": inertia_c
                 + m * l_c, "none": 1.0}[inertia]
        lever = {"m g l_c": m * g * l_c, "g l_c": g * l_c}[weight]
        gravity = gravity_sign * lever * trig(angle)
        drive, rub = torque_sign * tau, friction * b * theta_dot
        if divide == "gravity only":                  # tau - b w - m g l_c sin / I
            return drive + rub + gravity / pivot
        if divide == "simple pendulum":               # (tau - b w) / I - g / l_c sin
            return (drive + rub) / pivot - g / l_c * trig(angle)
        if not friction_divided:
            return (drive + gravity) / pivot + rub
        return (drive + rub + gravity) / pivot
    return accel


def _swing_key(args):
    *numbers, t = args
    return (*(float(x) for x in numbers), np.asarray(t, dtype=float).tobytes())


def _bounded(done: dict, key, compute):
    if key not in done:
        if len(done) > 256:                           # hidden draws: keep the cache small
            done.clear()
        done[key] = compute()
    return done[key].copy()


def _swing(accel, *, method="DOP853", rtol=1e-12, atol=1e-12, output=0):
    """The pendulum's theta at the times t by integrate.solve of ``accel`` (theta'' of the
    state and the parameters); ``output`` 1 returns theta_dot instead."""
    done = {}

    def pendulum_swing(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
        def run():
            times = np.asarray(t, dtype=float)
            parameters = (tau, b, m, l_c, I, g)

            def rhs(_, x):
                return np.array([x[1], accel(x[0], x[1], *parameters)])

            result = solve(rhs, (0.0, float(times[-1])), [theta0, theta_dot0],
                           state_names=_STATE, method=method, rtol=rtol, atol=atol,
                           t_eval=times)
            return np.asarray(result.columns[_STATE[output]], dtype=float)

        return _bounded(done, _swing_key((theta0, theta_dot0, tau, b, m, l_c, I, g, t)), run)

    return pendulum_swing


_RIGHT_ACCEL = _accel_of()
_pendulum_reference = _swing(_RIGHT_ACCEL)


def _euler(longest_step=None):
    """Explicit Euler from each sample of t to the next, in equal steps of at most
    ``longest_step`` (s) each; None: one step, the samples' spacing itself."""
    def pendulum_swing(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
        theta = np.empty(len(t))
        x, w = float(theta0), float(theta_dot0)
        theta[0] = x
        for k in range(1, len(t)):
            span = float(t[k] - t[k - 1])
            steps = 1 if longest_step is None else max(1, math.ceil(span / longest_step - 1e-9))
            dt = span / steps
            for _ in range(steps):
                x, w = x + dt * w, w + dt * _RIGHT_ACCEL(x, w, tau, b, m, l_c, I, g)
            theta[k] = x
        return theta
    return pendulum_swing


def _one_sample_late(*args):
    """The reference's angles, each stored before the step that reaches its time: theta0,
    then the angle of the sample before."""
    theta = _pendulum_reference(*args)
    return np.concatenate([theta[:1], theta[:-1]])


def _times(duration: float, samples: int) -> np.ndarray:
    return np.linspace(0.0, duration, samples)


_SWING_HINT = ("An answer within a few thousandths of a radian of the reference has the right "
               "equation of motion but is integrated too coarsely: use solve_ivp with "
               "method='DOP853', rtol=1e-10, atol=1e-12 and t_eval=t, or RK4 with steps of "
               "1 ms. One further off has "
               "a wrong equation of motion: check it first on the small, free swing, which "
               "the small-angle closed form, a cosine, follows closely.")


#: A seeded case turns at most this far from its start (rad): a pendulum that the torque keeps
#: spinning, faster and faster, would teach nothing more and cost many steps.
_MOST_TURNING = 4 * math.pi
#: A seeded case is well conditioned: a change of _NUDGE rad in theta0 (an integrator's error)
#: grows at most _MOST_GROWTH-fold along it. A swing that hesitates near the top, where the
#: pendulum may fall either way, magnifies every error, and good integrators then miss the
#: check's tolerance (LSODA at rtol=1e-8 by 1.3e-4 rad on one such draw).
_NUDGE, _MOST_GROWTH = 1e-7, 50.0
_nudged_swing = _swing(_RIGHT_ACCEL, rtol=1e-10, atol=1e-12)  # errors ~1e-9 rad: enough here
#: The cases already drawn, by the generator's state before the draw: drawing them integrates
#: the reference (the checks draw them often).
_DRAWN: dict[str, tuple[tuple[Case, ...], dict]] = {}


def _pendulum_cases(rng) -> list[Case]:
    """Cases (theta0, theta_dot0, tau, b, m, l_c, I, g, t), one state each. The same generator
    state gives the same cases (copies), and leaves the generator as a draw does."""
    key = repr(rng.bit_generator.state)
    if key not in _DRAWN:
        cases = _draw_pendulum_cases(rng)
        _DRAWN[key] = (tuple(cases), rng.bit_generator.state)
    cases, state = _DRAWN[key]
    rng.bit_generator.state = state
    return [dataclasses.replace(case, args=copy.deepcopy(case.args)) for case in cases]


def _draw_pendulum_cases(rng) -> list[Case]:
    def case(args, kind, about=""):
        return Case(args, kind, about, hint=_SWING_HINT)

    cases = [
        case((0.05, 0.0, 0.0, 0.0, 2.0, 0.25, 0.0417, 9.81, _times(4.0, 81)), "fixed",
             "a small swing, free: released from rest at 0.05 rad, no torque, no friction"),
        case((2.5, 0.0, 0.0, 0.0, 2.0, 0.25, 0.0417, 9.81, _times(5.0, 101)), "fixed",
             "a big swing from 2.5 rad, free: the small-angle form fails here"),
        case((1.0, 0.0, 0.0, 0.1, 1.5, 0.3, 0.02, 9.81, _times(6.0, 121)), "fixed",
             "a damped swing from 1 rad: friction of 0.1 N m s/rad, no torque"),
        case((0.0, 0.0, 1.5, 0.07, 1.0, 0.3, 0.01, 9.81, _times(7.0, 141)), "fixed",
             "driven by 1.5 N m and damped, from rest hanging down: it settles towards the tilt "
             "at which the torque holds the weight"),
        case((0.0, 12.0, 0.0, 0.03, 1.0, 0.3, 0.01, 9.81, _times(3.0, 61)), "fixed",
             "thrown at 12 rad/s: over the top, theta passes pi and keeps growing"),
        case((-1.2, 0.5, 0.05, 0.004, 0.7, 0.2, 0.003, 1.62, _times(8.0, 161)), "fixed",
             "on the Moon (g = 1.62 m/s^2), a slow swing with a small torque"),
    ]
    while len(cases) < 11:
        m, l_c = rounded_uniform(rng, 0.2, 5.0), rounded_uniform(rng, 0.1, 0.8)
        inertia = round(rounded_uniform(rng, 0.2, 1.0) * m * l_c**2 / 3, 5)
        g = rounded_uniform(rng, 1.6, 9.81)
        duration = rounded_uniform(rng, 1.0, 10.0)
        pivot = inertia + m * l_c**2
        b = round(rounded_uniform(rng, 0.0, 1.0) * _MOST_DAMPING * pivot / duration, 5)
        tau = round(rounded_uniform(rng, -0.8, 0.8) * m * g * l_c, 4)
        speed = math.sqrt(m * g * l_c / pivot)               # the small swings' frequency
        samples = int(rng.integers(50, 201))        # few: the answer key keeps every sample
        args = (rounded_uniform(rng, -3.0, 3.0), round(rounded_uniform(rng, -2.0, 2.0) * speed,
                                                        3),
                tau, b, m, l_c, inertia, g, _times(duration, samples))
        theta = _pendulum_reference(*args)
        if np.max(np.abs(theta - args[0])) > _MOST_TURNING:
            continue
        nudged = _nudged_swing(args[0] + _NUDGE, *args[1:])
        if np.max(np.abs(nudged - theta)) <= _MOST_GROWTH * _NUDGE:
            cases.append(case(args, "seeded random"))
    return cases


_TIGHT = ("Integrate to a tolerance far below the check's 2e-5 rad: solve_ivp with "
          "method='DOP853', rtol=1e-10, atol=1e-12 and t_eval=t, or a fixed-step RK4 with "
          "steps of 1 ms.")

_PENDULUM = Exercise(
    exercise_id="arm.pendulum_swing",
    description="The swing of a pendulum with a motor torque and friction in its pivot: theta "
                "(from the downward vertical) at the times t.",
    function_name="pendulum_swing",
    arguments=("theta0", "theta_dot0", "tau", "b", "m", "l_c", "I", "g", "t"),
    outputs=(Output("theta", Angle(atol=_SWING_ATOL)),),
    reference=_pendulum_reference,
    package_references=("robodyn.arm.PlanarArm.forward_dynamics", "robodyn.arm.PlanarArm.simulate",
                        "robodyn.core.integrate.solve"),
    make_cases=_pendulum_cases,
    mistakes=(
        Mistake("the sign of the gravity term is wrong (the source's pendulum error)",
                "With theta from the downward vertical the potential energy is lowest at "
                "theta = 0: gravity pulls a pendulum at theta > 0 back towards 0, so its torque "
                "is negative there. With the wrong sign the pendulum falls away from the bottom.",
                _swing(_accel_of(gravity_sign=1.0))),
        Mistake("cos(theta) where sin(theta) belongs in the gravity torque",
                "The lever arm of the weight is the horizontal distance of the centre of mass "
                "from the pivot, when theta is measured from the downward vertical.",
                _swing(_accel_of(trig=math.cos))),
        Mistake("the parallel-axis term m l_c^2 is missing (I is about the centre of mass)",
                "The pendulum turns about its pivot, not about its centre of mass: the "
                "parallel-axis theorem moves I to the pivot.",
                _swing(_accel_of(inertia="centre"))),
        Mistake("the parallel-axis term counted twice",
                "I is about the centre of mass: the parallel-axis theorem adds m l_c^2 once, "
                "to move it to the pivot.", _swing(_accel_of(inertia="twice"))),
        Mistake("the pendulum taken as a point mass (I left out)",
                "The rod's own inertia I about its centre of mass adds to m l_c^2.",
                _swing(_accel_of(inertia="point"))),
        Mistake("the sign of the motor torque is wrong",
                "A positive torque tau turns the pendulum towards positive theta.",
                _swing(_accel_of(torque_sign=-1.0))),
        Mistake("theta taken as degrees (np.radians applied to it)",
                "theta is already in radians; np.sin takes radians.",
                _swing(_accel_of(degrees=True))),
        Mistake("the net torque integrated as the angular acceleration (not divided by the "
                "inertia)",
                "Newton's law for rotation about the pivot: the net torque equals the inertia "
                "about the pivot times theta''. Divide by that inertia.",
                _swing(_accel_of(inertia="none"))),
        Mistake("the parallel-axis term m l_c without the square (kg m, not kg m^2)",
                "Check the units: an inertia is in kg m^2, so the parallel-axis term is m "
                "times the square of the distance.", _swing(_accel_of(inertia="unsquared"))),
        Mistake("the mass is missing from the gravity torque (g l_c sin(theta))",
                "Check the units: the gravity torque is a weight, m g in N, times a lever arm "
                "in m; g l_c alone is in m^2/s^2.", _swing(_accel_of(weight="g l_c"))),
        Mistake("the simple pendulum's g / l sin(theta) used for the gravity part",
                "g / l sin(theta) holds for a point mass on a massless rod, where I = 0. Here "
                "the link has its own inertia: divide the gravity torque by the same inertia "
                "about the pivot as the other torques.",
                _swing(_accel_of(divide="simple pendulum"))),
        Mistake("only the gravity term is divided by the inertia (brackets missing round the "
                "net torque)",
                "Division binds tighter than subtraction: the whole net torque, the motor's "
                "tau and the friction included, is divided by the inertia about the pivot. "
                "Put the net torque in brackets.", _swing(_accel_of(divide="gravity only"))),
        Mistake("sin(theta) linearised to theta (the small-angle form)",
                "theta ~ sin(theta) holds only near theta = 0; the pendulum swings at any "
                "angle (the check tries swings of 2.5 rad and over the top), so keep the sine.",
                _swing(_accel_of(trig=lambda angle: angle))),
        Mistake("the friction torque with the wrong sign: it pushes the pendulum on",
                "Friction opposes the motion: its torque -b theta_dot takes energy out of the "
                "swing, so the swings shrink.", _swing(_accel_of(friction=1.0))),
        Mistake("the friction in the pivot left out",
                "The pivot's viscous friction adds the torque -b theta_dot to the net torque.",
                _swing(_accel_of(friction=0.0))),
        Mistake("the friction torque not divided by the inertia (b theta_dot subtracted from "
                "theta'')",
                "b is a torque per rate, in N m s/rad, like tau a torque: it joins the net "
                "torque, and the whole net torque is divided by the inertia about the pivot.",
                _swing(_accel_of(friction_divided=False))),
        Mistake("solve_ivp with its default tolerances (rtol=1e-3): too coarse",
                "solve_ivp's defaults, rtol=1e-3 and atol=1e-6, leave errors of about a "
                "thousandth of the swing, and more after many swings. " + _TIGHT,
                _swing(_RIGHT_ACCEL, method="RK45", rtol=1e-3, atol=1e-6)),
        Mistake("theta_dot returned instead of theta",
                "Return the angle theta, the first entry of the state, at the times t; not its "
                "rate.", _swing(_RIGHT_ACCEL, output=1)),
        Mistake("one explicit Euler step from each time of t to the next: steps far too coarse",
                "The spacing of t, several ms, is the times at which theta is wanted, not a "
                "step small enough for Euler's method, whose error grows with the step. "
                + _TIGHT, _euler()),
        Mistake("explicit Euler with steps of 1 ms: a first-order method, too coarse still",
                "Euler's method is of first order: its error shrinks only as fast as its step, "
                "and at 1 ms it is still about a thousandth of a radian after a few swings "
                "(an undamped swing even grows). A higher-order method with the same step is "
                "far more accurate. " + _TIGHT, _euler(1e-3)),
        Mistake("each angle one sample late (stored before the step that reaches its time)",
                "theta[0] is the start; theta[k] is the angle at t[k], after the steps from "
                "t[k-1] to t[k]. Store each angle after its step, not before.",
                _one_sample_late),
    ),
)


# --------------------------------------------------------------------------- kinetic energy

_T_ARGUMENTS = ("m1", "m2", "L1", "lc1", "lc2", "I1", "I2", "q1", "q2", "qd1", "qd2")


def _kinetic_energy_of(cross_factor=2, cosine=True, q_difference=False, i2_rate="sum",
                       parallel_twice=False, half=None, rotation_half=None, trig=None,
                       reach="L1", absolute=False, joint2_still=False, com1="lc1",
                       link2_rate=None):
    """The two-link kinetic energy as a function of its symbols, with an optional slip.

    ``i2_rate`` is the rate of link 2's rotation term: "sum" (q1' + q2', as read), "relative"
    (q2' alone) or "none" (the term left out); ``half`` is the factor of every term (by
    default 1/2), ``rotation_half`` that of the rotation terms I omega^2 (0 leaves them out;
    by default ``half``); ``trig`` the function in the cross term (by default sp.cos);
    ``reach`` the distance of joint 2 from joint 1 ("L1", or "lc1" for link 2's joint put at
    link 1's centre of mass); ``absolute`` reads q2, qd2 as link 2's absolute angle and rate;
    ``joint2_still`` moves link 2's centre of mass as if its joint stood still; ``com1`` is
    the distance of link 1's centre of mass ("lc1", or "L1" for its end); ``link2_rate``
    "relative" turns link 2's centre of mass about joint 2 at q2' alone (its rotation term
    keeps q1' + q2').
    """
    half = sp.Rational(1, 2) if half is None else half
    rotation_half = half if rotation_half is None else rotation_half
    trig = sp.cos if trig is None else trig

    def kinetic_energy_2link(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
        distance = {"L1": L1, "lc1": lc1}[reach]
        turn2 = qd2 if absolute else qd1 + qd2  # link 2's absolute rate, as read
        rate2 = {"sum": turn2, "relative": qd2, "none": 0}[i2_rate]
        if link2_rate == "relative":
            turn2 = qd2
        lever1 = {"lc1": lc1, "L1": L1}[com1]
        angle = (q2 - q1) if (q_difference or absolute) else q2
        cos_term = trig(angle) if cosine else 1
        link2_speed = (distance**2 * qd1**2 + lc2**2 * turn2**2
                       + cross_factor * distance * lc2 * cos_term * qd1 * turn2)
        if joint2_still:
            link2_speed = lc2**2 * turn2**2
        extra = (m1 * lc1**2 * qd1**2 + m2 * lc2**2 * (qd1 + qd2) ** 2) if parallel_twice \
            else 0
        return (half * (m1 * lever1**2 * qd1**2 + m2 * link2_speed + extra)
                + rotation_half * (I1 * qd1**2 + I2 * rate2**2))

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
    package_references=("robodyn.arm.lagrange.planar_arm_energies",),
    make_cases=_kinetic_energy_cases,
    mistakes=(
        Mistake("the cross term of |v_c2|^2 has the factor 1 instead of 2",
                "Link 2's centre of mass moves with the sum of two parts, a (from link 1's "
                "turn) and b (from its own): |a + b|^2 = |a|^2 + |b|^2 + 2 a.b.",
                _kinetic_energy_of(cross_factor=1)),
        Mistake("the cross term has no cosine of the relative angle",
                "The two velocity parts of link 2's centre of mass make the angle q2: their "
                "dot product carries cos(q2).", _kinetic_energy_of(cosine=False)),
        Mistake("cos(q2 - q1) in the cross term: q2 is already the relative angle",
                "The angle between the links is q2 itself.",
                _kinetic_energy_of(q_difference=True)),
        Mistake("link 2 turns at q2' in the rotation term; it turns at q1' + q2'",
                "Link 2's absolute angle is q1 + q2: its rotation energy goes with its absolute "
                "rate, not with the joint rate q2'.", _kinetic_energy_of(i2_rate="relative")),
        Mistake("the inertia about the joint counted twice (m l_c^2 added to I as well)",
                "I1, I2 are about the centres of mass; the m l_c^2 parts come once, from the "
                "speeds of the centres of mass.", _kinetic_energy_of(parallel_twice=True)),
        Mistake("the factor 1/2 is missing (T = m v^2 + I omega^2, twice the energy)",
                "Kinetic energy is one half of m v^2 for each centre of mass, plus one half "
                "of I omega^2 for each link's turn.", _kinetic_energy_of(half=1)),
        Mistake("the rotation terms lack their 1/2 (I omega^2 instead of I omega^2 / 2)",
                "A turning body has the energy 1/2 I omega^2, with the same 1/2 as the "
                "translation's 1/2 m v^2.", _kinetic_energy_of(rotation_half=1)),
        Mistake("the links' rotation energies are missing (only 1/2 m v^2 of the centres of "
                "mass)",
                "Each link also turns about its centre of mass: add its rotation energy, "
                "I1 and I2 at each link's absolute rate.", _kinetic_energy_of(rotation_half=0)),
        Mistake("link 2's rotation energy is missing (no I2 term; link 1's is there)",
                "Link 2 turns about its own centre of mass as well: besides 1/2 m2 |v_c2|^2 "
                "it has a rotation energy, as link 1 has, at link 2's absolute rate.",
                _kinetic_energy_of(i2_rate="none")),
        Mistake("sin(q2) in the cross term, where cos(q2) belongs",
                "The cross term is the dot product of the two parts of link 2's velocity; a "
                "dot product carries the cosine of the angle between them.",
                _kinetic_energy_of(trig=sp.sin)),
        Mistake("link 2's joint placed at link 1's centre of mass (lc1 where L1 belongs)",
                "Joint 2 sits at the end of link 1, L1 from joint 1: that is the radius at "
                "which link 1's turn carries link 2 along.", _kinetic_energy_of(reach="lc1")),
        Mistake("q2, qd2 read as link 2's absolute angle and rate (they are relative to "
                "link 1)",
                "q2 is measured from link 1: link 2's absolute angle is q1 + q2, its absolute "
                "rate q1' + q2'.", _kinetic_energy_of(absolute=True)),
        Mistake("link 2's centre of mass moving as if joint 2 stood still",
                "Joint 2 moves too, carried by link 1's turn: link 2's centre of mass has that "
                "velocity plus its own turn about joint 2.",
                _kinetic_energy_of(joint2_still=True)),
        Mistake("the cross term of |v_c2|^2 with a minus (the law of cosines' sign)",
                "The two parts of link 2's velocity add as vectors: with the arm stretched out "
                "(q2 = 0) and both joints turning one way they point the same way, and the "
                "speeds add.", _kinetic_energy_of(cross_factor=-2)),
        Mistake("link 1's centre of mass taken at its end (L1 where lc1 belongs)",
                "Link 1's mass moves with its centre of mass, lc1 from joint 1; L1 is the "
                "radius at which joint 2 (and so link 2) is carried.",
                _kinetic_energy_of(com1="L1")),
        Mistake("link 2's centre of mass moved at the joint rate q2' only (the time "
                "derivative of q1 + q2 taken as q2')",
                "Differentiate link 2's position by the chain rule: its angle q1 + q2 changes "
                "at q1' + q2', and that rate multiplies lc2 in its velocity.",
                _kinetic_energy_of(link2_rate="relative")),
    ),
)


# --------------------------------------------------------------------------- settling gains


def _falling_root(falling, level: float, low: float, high: float = 60.0) -> float:
    """x in [low, high] where ``falling``, which falls over that bracket, reaches ``level``:
    bisection to the last bit."""
    for _ in range(200):
        middle = 0.5 * (low + high)
        if falling(middle) > level:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)


def _settling_product(band: float) -> float:
    """x = omega T_s with (1 + x) e^(-x) = band: the critically damped error from rest, e(t) =
    e0 (1 + omega t) e^(-omega t), falls monotonically from 1 and reaches band e0 at x."""
    return _falling_root(lambda x: (1.0 + x) * np.exp(-x), band, 0.0)


def _settling_reference(inertia, settling_time, band):
    w = _settling_product(band) / settling_time
    return inertia * w**2, 2.0 * inertia * w


def _settling_cases(rng) -> list[Case]:
    cases = [
        Case((1.65, 0.5, 0.02), "fixed",
             "the tutorial arm's shoulder (J = 1.65 kg m^2), settled to 2 % in 0.5 s"),
        Case((0.16, 0.3, 0.05), "fixed",
             "the elbow (J = 0.16 kg m^2), settled to 5 % in 0.3 s"),
        Case((0.3, 1.0, 0.01), "fixed", "J = 0.3 kg m^2, settled to 1 % in 1 s"),
        Case((2.0, 0.25, 0.5), "fixed",
             "a wide band, half the first error: settled long before 'a few time constants'",
             hint="(1 + omega t) e^(-omega t) = 0.5 holds at omega t = 1.68; check that your "
                  "equation has this root."),
    ]
    for _ in range(3):
        cases.append(Case((rounded_uniform(rng, 0.05, 3.0), rounded_uniform(rng, 0.1, 2.0),
                           rounded_uniform(rng, 0.005, 0.1)), "seeded random",
                          "a random inertia, settling time and band"))
    return cases


def _crossing_product(band: float) -> float:
    """x = omega T_s with (x - 1) e^(-x) = band for x > 2: where e0 (1 - omega t) e^(-omega
    t), the error with its second constant's sign wrong, last leaves the band (it crosses
    zero at x = 1 and peaks at x = 2 below zero, e^(-2) = 13.5 % of e0). A band wider than
    that peak has no such time: ValueError, as a root finder raises."""
    if not band < np.exp(-2.0):
        raise ValueError(f"(x - 1) e^(-x) = {band} has no root beyond x = 2")
    return _falling_root(lambda x: (x - 1.0) * np.exp(-x), band, 2.0)


def _settling_with(product=None, kd_factor=2.0, inertia_in_gains=True, kp_power=2,
                   kd_from_kp=False):
    """A wrong settling_gains: another omega T_s, K_d factor, or inertia treatment."""
    def answer(inertia, settling_time, band):
        x = _settling_product(band) if product is None else product(band)
        w = x / settling_time
        scale = inertia if inertia_in_gains else 1.0
        kp = scale * w**kp_power
        kd = 2.0 * np.sqrt(kp) if kd_from_kp else kd_factor * scale * w
        return kp, kd
    return answer


_SETTLING = Exercise(
    exercise_id="arm.settling_gains",
    description="PD gains of a joint that settle its error within a band at a given time.",
    function_name="settling_gains",
    arguments=("inertia", "settling_time", "band"),
    outputs=(Output("Kp", Close(rtol=1e-6, atol=0.0)), Output("Kd", Close(rtol=1e-6, atol=0.0))),
    reference=_settling_reference,
    package_references=("robodyn.arm.control.gains_from_frequency",
                        "robodyn.arm.control.critically_damped_error"),
    make_cases=_settling_cases,
    mistakes=(
        Mistake("the envelope e^(-omega t) alone (the factor 1 + omega t of the double root "
                "left out)",
                "A double root gives e(t) = (e0 + (e0' + omega e0) t) e^(-omega t), not "
                "e0 e^(-omega t): from rest the error is e0 (1 + omega t) e^(-omega t), which "
                "falls more slowly than the envelope.",
                _settling_with(product=lambda band: np.log(1.0 / band))),
        Mistake("the rule of thumb T_s = 4 / (zeta omega) (it ignores the band)",
                "4 / (zeta omega) is the 2 % envelope of an underdamped response, e^(-zeta "
                "omega t) = 0.018; at critical damping the error is (1 + omega t) e^(-omega t) "
                "times e0, and the band sets where it ends.",
                _settling_with(product=lambda band: 4.0)),
        Mistake("the settling time taken as the time constant 1 / omega",
                "Critical damping's error (1 + omega t) e^(-omega t) e0 has fallen only to 74 % "
                "of e0 at t = 1 / omega: solve for the time at which it reaches the band.",
                _settling_with(product=lambda band: 1.0)),
        Mistake("K_d = J omega (the 2 of 2 zeta omega left out: zeta = 1/2)",
                "Divide the error equation by J and compare it, term by term, with the "
                "standard form of a damped oscillator, e'' + 2 zeta omega e' + omega^2 e = 0. "
                "Which damping ratio is critical, and what does that make the factor in front "
                "of e'?",
                _settling_with(kd_factor=1.0)),
        Mistake("the gains of computed torque (omega^2 and 2 omega, the inertia left out)",
                "These gains turn the error into a torque, not an acceleration. Check the "
                "units of K_p and K_d (N m/rad, N m s/rad): which property of the joint must "
                "each carry?",
                _settling_with(inertia_in_gains=False)),
        Mistake("K_p = J omega (omega not squared)",
                "Check the units: K_p / J must be a squared frequency, 1/s^2, for "
                "J e'' + K_p e to add up.", _settling_with(kp_power=1)),
        Mistake("K_d = 2 sqrt(K_p), critical damping of a unit inertia",
                "That is critical damping for a unit inertia. Redo the comparison with the "
                "standard form after dividing the error equation by J.",
                _settling_with(kd_from_kp=True)),
        Mistake("the band read as the share of the way gone: (1 + omega t) e^(-omega t) = "
                "1 - band",
                "The band is what is left of the first error: settled to 2 % means |e| <= "
                "0.02 e0, so solve (1 + omega t) e^(-omega t) = band.",
                _settling_with(product=lambda band: _settling_product(1.0 - band))),
        Mistake("e = e0 (1 - omega t) e^(-omega t): the second constant with the wrong sign",
                "From rest, e'(0) = 0: with e = (A + B t) e^(-omega t), e'(0) = B - omega A, "
                "so B = omega e0 and e = e0 (1 + omega t) e^(-omega t), which never crosses "
                "zero. The form with 1 - omega t starts at the speed -2 omega e0.",
                _settling_with(product=_crossing_product)),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_PENDULUM, _GRAVITY, _MASS_MATRIX, _KINETIC_ENERGY, _CORIOLIS, _INVERSE_DYNAMICS,
             _SETTLING)
