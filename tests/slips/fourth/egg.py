"""Typical wrong answers for chapter 6, the egg-shaped robot: the fourth, blind set.

Written from the exercise notebook ``exercises/06_egg.ipynb`` and the chapter's lessons only
(and ``book/notation.md``), without reading the checks, their keys or the solutions. Each slip
is one mistake a student of the course would plausibly hand in; ``RIGHT`` holds one right answer
per exercise, written independently.

Measured blind, before any check changed for this set: 38 of 43 slips named (88 %), none
passed, the six right answers passed. Per exercise: 6.1 contact_angle 7 of 7, 6.2
center_height 6 of 7, 6.3 euler_rates 5 of 7, 6.4 gyro_torque 6 of 6, 6.5 contact_offset 7
of 8, 6.6 rocking_period 7 of 8. Rejected but not named: center_height_abs_cos,
integrate_euler_angles_sin_alpha_sign, integrate_euler_angles_euler_steps,
contact_offset_mass_centre_height, rocking_period_payload_at_centre_inertia.
gimbal_torque_reaction was named by the generic "the expected value with the opposite sign".

Then the checks (robodyn/checks/egg.py) were taught the four of these that are one
well-defined mistake each, as typical mistakes of their exercise: "the mass centre's rise
e |cos(beta_v)|: its vertical part taken as a size", "the tilt axis taken as (cos(alpha),
sin(alpha), 0) in the body", "the chapter's lever arm divided by the mass centre's height
H_m" and "the payload's inertia about the contact at the distance R2, as if it sat at the
centre"; and the reaction its own mistake, "the torque of the rotor on the ring", with a
hint that says which body's torque is asked. Now 42 of 43 are named (98 %). Left unnamed:
integrate_euler_angles_euler_steps, an integration too coarse for the check (200 explicit
Euler steps, off by about 1e-3 rad). It is not one mistake but a family: its error depends
on the scheme and the number of steps, and a mistake fitted to 200 Euler steps would name
no other student's. Its feedback shows the expected and the received angles and the
tolerance, and the text asks for tight tolerances.
"""

import math

import numpy as np
from scipy.integrate import solve_ivp

BLIND = "38 of 43 slips named (88 %), 0 passed, the right answers passed"
TAUGHT = True


# --------------------------------------------------------------------------------------------
# helpers (not answers)

def _lower_axis(beta_v, R_tip, R_blunt):
    """Semi-axis of the half that is down: the pointed one up to pi/2, the blunt one beyond."""
    beta_v = np.asarray(beta_v, dtype=float)
    return np.where(beta_v <= np.pi / 2, R_tip, R_blunt)


def _support(beta_v, R, R2):
    """Depth of the shell below the centre, in the direction straight down."""
    return np.sqrt(R**2 * np.cos(beta_v)**2 + R2**2 * np.sin(beta_v)**2)


def _out(x):
    """A float for a scalar input, an array otherwise."""
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


# --------------------------------------------------------------------------------------------
# Exercise 6.1: egg.contact_angle

def contact_angle_right(beta_v, R_tip, R_blunt, R2):
    """RIGHT: the lower half's normal points down; atan2 keeps the blunt side past pi/2."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v)))


def contact_angle_meridian_parameter(beta_v, R_tip, R_blunt, R2):
    """Returns the meridian parameter psi (ratio R2/R not squared) instead of the angle beta_p."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(np.arctan2(R2 * np.sin(beta_v), R * np.cos(beta_v)))


def contact_angle_ratio_inverted(beta_v, R_tip, R_blunt, R2):
    """Ratio of the semi-axes upside down: tan beta_p = (R/R2)^2 tan beta_v."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(np.arctan2(R**2 * np.sin(beta_v), R2**2 * np.cos(beta_v)))


def contact_angle_tip_only(beta_v, R_tip, R_blunt, R2):
    """The chapter's symmetric egg with R1 = R_tip: the blunt half is never used."""
    beta_v = np.asarray(beta_v, dtype=float)
    return _out(np.arctan2(R2**2 * np.sin(beta_v), R_tip**2 * np.cos(beta_v)))


def contact_angle_halves_swapped(beta_v, R_tip, R_blunt, R2):
    """Which half is down the wrong way round: the blunt half below pi/2, the tip beyond."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = np.where(beta_v <= np.pi / 2, R_blunt, R_tip)
    return _out(np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v)))


def contact_angle_arctan_no_mirror(beta_v, R_tip, R_blunt, R2):
    """np.arctan of the tangent: past pi/2 the angle comes back negative, pi never added."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(np.arctan((R2 / R)**2 * np.tan(beta_v)))


def contact_angle_from_blunt_axis(beta_v, R_tip, R_blunt, R2):
    """Past pi/2 returns the angle from the blunt half-axis, not from the pointed one."""
    beta_v = np.asarray(beta_v, dtype=float)
    tip = np.arctan2(R2**2 * np.sin(beta_v), R_tip**2 * np.cos(beta_v))
    folded = np.pi - beta_v
    blunt = np.arctan2(R2**2 * np.sin(folded), R_blunt**2 * np.cos(folded))
    return _out(np.where(beta_v <= np.pi / 2, tip, blunt))


def contact_angle_mean_axis(beta_v, R_tip, R_blunt, R2):
    """One ellipsoid with the mean long semi-axis (R_tip + R_blunt)/2 for both halves."""
    beta_v = np.asarray(beta_v, dtype=float)
    R1 = 0.5 * (R_tip + R_blunt)
    return _out(np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v)))


# --------------------------------------------------------------------------------------------
# Exercise 6.2: egg.center_height

def center_height_right(beta_v, R_tip, R_blunt, R2, e):
    """RIGHT: support function of the lower half, plus e cos(beta_v) towards the blunt end."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(_support(beta_v, R, R2) + e * np.cos(beta_v))


def center_height_e_sign(beta_v, R_tip, R_blunt, R2, e):
    """The offset e counted towards the tip: H - e cos(beta_v)."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(_support(beta_v, R, R2) - e * np.cos(beta_v))


def center_height_radius_straight_down(beta_v, R_tip, R_blunt, R2, e):
    """Distance from the centre straight down to the shell (polar radius), not the support."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    r = R * R2 / np.sqrt(R2**2 * np.cos(beta_v)**2 + R**2 * np.sin(beta_v)**2)
    return _out(r + e * np.cos(beta_v))


def center_height_distance_to_contact(beta_v, R_tip, R_blunt, R2, e):
    """Distance from the centre to the contact point, |r(beta_p)|, not its vertical depth."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))
    r = R * R2 / np.sqrt(R2**2 * np.cos(beta_p)**2 + R**2 * np.sin(beta_p)**2)
    return _out(r + e * np.cos(beta_v))


def center_height_e_sine(beta_v, R_tip, R_blunt, R2, e):
    """Vertical part of e with sin for cos: H + e sin(beta_v)."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(_support(beta_v, R, R2) + e * np.sin(beta_v))


def center_height_tip_only(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's symmetric egg with R1 = R_tip at every tilt: the blunt half ignored."""
    beta_v = np.asarray(beta_v, dtype=float)
    return _out(_support(beta_v, R_tip, R2) + e * np.cos(beta_v))


def center_height_no_offset(beta_v, R_tip, R_blunt, R2, e):
    """Height of the equator's centre only: the mass centre's offset e forgotten."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(_support(beta_v, R, R2))


def center_height_abs_cos(beta_v, R_tip, R_blunt, R2, e):
    """Vertical part of e taken as a size, e |cos(beta_v)|: wrong sign on the blunt side."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return _out(_support(beta_v, R, R2) + e * np.abs(np.cos(beta_v)))


# --------------------------------------------------------------------------------------------
# Exercise 6.3: egg.euler_rates (integrate_euler_angles)

def _rates_right(angles, omega_B):
    alpha, beta, _ = angles
    wx, wy, wz = omega_B
    beta_dot = wx * math.cos(alpha) - wy * math.sin(alpha)
    gamma_dot = (wx * math.sin(alpha) + wy * math.cos(alpha)) / math.sin(beta)
    alpha_dot = wz - gamma_dot * math.cos(beta)
    return np.array([alpha_dot, beta_dot, gamma_dot])


def _E(alpha, beta):
    sa, ca, sb, cb = math.sin(alpha), math.cos(alpha), math.sin(beta), math.cos(beta)
    return np.array([[0.0, ca, sb * sa],
                     [0.0, -sa, sb * ca],
                     [1.0, 0.0, cb]])


def _integrate(rates, alpha, beta, gamma, omega_B, t, **tolerances):
    omega_B = np.asarray(omega_B, dtype=float)
    options = dict(method="DOP853", rtol=1e-12, atol=1e-12)
    options.update(tolerances)
    run = solve_ivp(lambda _, y: rates(y, omega_B), (0.0, float(t)),
                    [float(alpha), float(beta), float(gamma)], **options)
    a, b, c = run.y[:, -1]
    return float(a), float(b), float(c)


def integrate_euler_angles_right(alpha, beta, gamma, omega_B, t):
    """RIGHT: the rates from E solved by hand, integrated with DOP853 at tight tolerances."""
    return _integrate(_rates_right, alpha, beta, gamma, omega_B, t)


def integrate_euler_angles_transpose(alpha, beta, gamma, omega_B, t):
    """Angle rates with the transpose of E instead of its inverse."""
    return _integrate(lambda y, w: _E(y[0], y[1]).T @ w, alpha, beta, gamma, omega_B, t)


def integrate_euler_angles_frozen_rates(alpha, beta, gamma, omega_B, t):
    """Rates computed once at t = 0 and multiplied by t: E's change along the path ignored."""
    rates = _rates_right((alpha, beta, gamma), np.asarray(omega_B, dtype=float))
    return (float(alpha + rates[0] * t), float(beta + rates[1] * t),
            float(gamma + rates[2] * t))


def integrate_euler_angles_alpha_sign(alpha, beta, gamma, omega_B, t):
    """Third row solved with a sign slip: alpha_dot = omega_z + gamma_dot cos(beta)."""
    def rates(y, w):
        r = _rates_right(y, w)
        r[0] = w[2] + r[2] * math.cos(y[1])
        return r
    return _integrate(rates, alpha, beta, gamma, omega_B, t)


def integrate_euler_angles_sin_alpha_sign(alpha, beta, gamma, omega_B, t):
    """Tilt axis taken as (cos a, sin a, 0): the signs of the sin(alpha) terms flipped."""
    def rates(y, w):
        a, b, _ = y
        beta_dot = w[0] * math.cos(a) + w[1] * math.sin(a)
        gamma_dot = (-w[0] * math.sin(a) + w[1] * math.cos(a)) / math.sin(b)
        return np.array([w[2] - gamma_dot * math.cos(b), beta_dot, gamma_dot])
    return _integrate(rates, alpha, beta, gamma, omega_B, t)


def integrate_euler_angles_default_tolerance(alpha, beta, gamma, omega_B, t):
    """Right rates, but solve_ivp with its default RK45 tolerances (rtol 1e-3, atol 1e-6)."""
    omega_B = np.asarray(omega_B, dtype=float)
    run = solve_ivp(lambda _, y: _rates_right(y, omega_B), (0.0, float(t)),
                    [float(alpha), float(beta), float(gamma)])
    a, b, c = run.y[:, -1]
    return float(a), float(b), float(c)


def integrate_euler_angles_euler_steps(alpha, beta, gamma, omega_B, t):
    """Own loop of 200 explicit Euler steps: first order, far from 1e-6 rad."""
    omega_B = np.asarray(omega_B, dtype=float)
    y = np.array([alpha, beta, gamma], dtype=float)
    n = 200
    dt = float(t) / n
    for _ in range(n):
        y = y + dt * _rates_right(y, omega_B)
    return float(y[0]), float(y[1]), float(y[2])


def integrate_euler_angles_order_swapped(alpha, beta, gamma, omega_B, t):
    """Right integration, but the tuple handed back as (gamma, beta, alpha)."""
    a, b, c = integrate_euler_angles_right(alpha, beta, gamma, omega_B, t)
    return c, b, a


# --------------------------------------------------------------------------------------------
# Exercise 6.4: egg.gyro_torque (gimbal_torque)

def _stack(x, y, z):
    x, y, z = np.broadcast_arrays(np.asarray(x, float), np.asarray(y, float),
                                  np.asarray(z, float))
    return np.stack([x, y, z], axis=-1)


def gimbal_torque_right(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """RIGHT: tau = I_t phi_ddot x + omega x L, with a = (0, -sin phi, cos phi)."""
    phi, phi_dot, phi_ddot = (np.asarray(v, dtype=float) for v in (phi, phi_dot, phi_ddot))
    h = I_spin * spin
    # x cross a = (0, -cos phi, -sin phi)
    return _stack(I_tilt * phi_ddot, -h * phi_dot * np.cos(phi), -h * phi_dot * np.sin(phi))


def gimbal_torque_gyro_term_sign(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Adds the gyroscopic term L x omega itself instead of omega x L."""
    phi, phi_dot, phi_ddot = (np.asarray(v, dtype=float) for v in (phi, phi_dot, phi_ddot))
    h = I_spin * spin
    return _stack(I_tilt * phi_ddot, h * phi_dot * np.cos(phi), h * phi_dot * np.sin(phi))


def gimbal_torque_no_tilt_inertia(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Only the gyroscopic part: the I_t phi_ddot term of the tilt's acceleration forgotten."""
    phi, phi_dot = (np.asarray(v, dtype=float) for v in (phi, phi_dot))
    h = I_spin * spin
    return _stack(np.zeros_like(phi * phi_dot), -h * phi_dot * np.cos(phi),
                  -h * phi_dot * np.sin(phi))


def gimbal_torque_ring_frame(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Components in the ring's frame, not rotated back to the world: (I_t phi_dd, -h phi_d, 0)."""
    phi, phi_dot, phi_ddot = (np.asarray(v, dtype=float) for v in (phi, phi_dot, phi_ddot))
    h = I_spin * spin
    return _stack(I_tilt * phi_ddot + 0 * phi, -h * phi_dot, np.zeros_like(phi * phi_dot))


def gimbal_torque_axis_sense(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Rotor axis with the wrong sense of R_x: a = (0, sin phi, cos phi)."""
    phi, phi_dot, phi_ddot = (np.asarray(v, dtype=float) for v in (phi, phi_dot, phi_ddot))
    h = I_spin * spin
    return _stack(I_tilt * phi_ddot, -h * phi_dot * np.cos(phi), h * phi_dot * np.sin(phi))


def gimbal_torque_reaction(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """The torque of the rotor on the ring (the reaction): the whole answer negated."""
    return -gimbal_torque_right(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot)


def gimbal_torque_inertias_swapped(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """I_spin and I_tilt swapped: I_s phi_ddot x + I_t spin phi_dot (x cross a)."""
    return gimbal_torque_right(I_tilt, I_spin, spin, phi, phi_dot, phi_ddot)


# --------------------------------------------------------------------------------------------
# Exercise 6.5: egg.contact_offset

def contact_offset_right(beta_v, R_tip, R_blunt, R2, e):
    """RIGHT: d = -dH_m/dbeta_v = (R^2 - R2^2) sin cos / H + e sin(beta_v)."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    s, c = np.sin(beta_v), np.cos(beta_v)
    return _out((R**2 - R2**2) * s * c / _support(beta_v, R, R2) + e * s)


def contact_offset_source_lever(beta_v, R_tip, R_blunt, R2, e):
    """The source's lever |r| sin(beta): distance to the contact times sin of the tilt."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))
    r = R * R2 / np.sqrt(R2**2 * np.cos(beta_p)**2 + R**2 * np.sin(beta_p)**2)
    return _out(r * np.sin(beta_v) + e * np.sin(beta_v))


def contact_offset_e_sign(beta_v, R_tip, R_blunt, R2, e):
    """Mass centre's horizontal shift with the wrong sign: - e sin(beta_v)."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    s, c = np.sin(beta_v), np.cos(beta_v)
    return _out((R**2 - R2**2) * s * c / _support(beta_v, R, R2) - e * s)


def contact_offset_no_offset(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's lever of the centre only: the mass centre's offset e forgotten."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    s, c = np.sin(beta_v), np.cos(beta_v)
    return _out((R**2 - R2**2) * s * c / _support(beta_v, R, R2))


def contact_offset_e_cosine(beta_v, R_tip, R_blunt, R2, e):
    """Horizontal part of e with cos for sin: + e cos(beta_v)."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    s, c = np.sin(beta_v), np.cos(beta_v)
    return _out((R**2 - R2**2) * s * c / _support(beta_v, R, R2) + e * c)


def contact_offset_plus_slope(beta_v, R_tip, R_blunt, R2, e):
    """d = +dH_m/dbeta_v: the slope of the height without the sign turned."""
    return _out(-np.asarray(contact_offset_right(beta_v, R_tip, R_blunt, R2, e)))


def contact_offset_tip_only(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's symmetric egg with R1 = R_tip at every tilt, plus e sin(beta_v)."""
    beta_v = np.asarray(beta_v, dtype=float)
    s, c = np.sin(beta_v), np.cos(beta_v)
    return _out((R_tip**2 - R2**2) * s * c / _support(beta_v, R_tip, R2) + e * s)


def contact_offset_mass_centre_height(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's formula divided by the mass centre's height H_m instead of the support H."""
    beta_v = np.asarray(beta_v, dtype=float)
    R = _lower_axis(beta_v, R_tip, R_blunt)
    s, c = np.sin(beta_v), np.cos(beta_v)
    H_m = _support(beta_v, R, R2) + e * c
    return _out((R**2 - R2**2) * s * c / H_m + e * s)


def contact_offset_coarse_forward_difference(beta_v, R_tip, R_blunt, R2, e):
    """One-sided difference quotient of center_height with a step of 1e-3 rad: too coarse."""
    beta_v = np.asarray(beta_v, dtype=float)
    step = 1e-3
    ahead = np.asarray(center_height_right(beta_v + step, R_tip, R_blunt, R2, e))
    here = np.asarray(center_height_right(beta_v, R_tip, R_blunt, R2, e))
    return _out(-(ahead - here) / step)


# --------------------------------------------------------------------------------------------
# Exercise 6.6: egg.rocking_period

def rocking_period_right(R1, R2, mass, I_t, g, m_p, h):
    """RIGHT: k = (m + m_p) g (R1^2 - R2^2)/R2 - m_p g h, I = I_t + m R2^2 + m_p (R2 + h)^2."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_about_centre(R1, R2, mass, I_t, g, m_p, h):
    """The source's way: inertia about the centre, I_t + m_p h^2, the floor's force left out."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + m_p * h**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_payload_arm_h(R1, R2, mass, I_t, g, m_p, h):
    """Payload's parallel-axis arm taken as h (from the centre), not R2 + h from the contact."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * h**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_payload_potential_sign(R1, R2, mass, I_t, g, m_p, h):
    """Payload's h cos(eps) expanded with the wrong sign: + m_p g h in the stiffness."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 + m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_payload_not_lifted(R1, R2, mass, I_t, g, m_p, h):
    """Shell's rise counted for the robot's mass only: the payload riding up with it forgotten."""
    k = mass * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_no_two_pi(R1, R2, mass, I_t, g, m_p, h):
    """The factor 2 pi dropped: sqrt(I/k)."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return math.sqrt(inertia / k)


def rocking_period_half_stiffness(R1, R2, mass, I_t, g, m_p, h):
    """Stiffness read off as the coefficient of eps^2: the factor 1/2 of (1/2) k eps^2 lost."""
    k = 0.5 * ((mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h)
    inertia = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_upright_lever(R1, R2, mass, I_t, g, m_p, h):
    """The upright egg's lever (R1^2 - R2^2)/R1 of lesson 6 used for the lying egg."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R1 - m_p * g * h
    inertia = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * math.pi * math.sqrt(inertia / k)


def rocking_period_payload_at_centre_inertia(R1, R2, mass, I_t, g, m_p, h):
    """Payload's inertia lumped with the robot's: (m + m_p) R2^2, its height h ignored there."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    inertia = I_t + (mass + m_p) * R2**2
    return 2 * math.pi * math.sqrt(inertia / k)


# --------------------------------------------------------------------------------------------

SLIPS = [
    ("egg.contact_angle", contact_angle_meridian_parameter),
    ("egg.contact_angle", contact_angle_ratio_inverted),
    ("egg.contact_angle", contact_angle_tip_only),
    ("egg.contact_angle", contact_angle_halves_swapped),
    ("egg.contact_angle", contact_angle_arctan_no_mirror),
    ("egg.contact_angle", contact_angle_from_blunt_axis),
    ("egg.contact_angle", contact_angle_mean_axis),
    ("egg.center_height", center_height_e_sign),
    ("egg.center_height", center_height_radius_straight_down),
    ("egg.center_height", center_height_distance_to_contact),
    ("egg.center_height", center_height_e_sine),
    ("egg.center_height", center_height_tip_only),
    ("egg.center_height", center_height_no_offset),
    ("egg.center_height", center_height_abs_cos),
    ("egg.euler_rates", integrate_euler_angles_transpose),
    ("egg.euler_rates", integrate_euler_angles_frozen_rates),
    ("egg.euler_rates", integrate_euler_angles_alpha_sign),
    ("egg.euler_rates", integrate_euler_angles_sin_alpha_sign),
    ("egg.euler_rates", integrate_euler_angles_default_tolerance),
    ("egg.euler_rates", integrate_euler_angles_euler_steps),
    ("egg.euler_rates", integrate_euler_angles_order_swapped),
    ("egg.gyro_torque", gimbal_torque_gyro_term_sign),
    ("egg.gyro_torque", gimbal_torque_no_tilt_inertia),
    ("egg.gyro_torque", gimbal_torque_ring_frame),
    ("egg.gyro_torque", gimbal_torque_axis_sense),
    ("egg.gyro_torque", gimbal_torque_reaction),
    ("egg.gyro_torque", gimbal_torque_inertias_swapped),
    ("egg.contact_offset", contact_offset_source_lever),
    ("egg.contact_offset", contact_offset_e_sign),
    ("egg.contact_offset", contact_offset_no_offset),
    ("egg.contact_offset", contact_offset_e_cosine),
    ("egg.contact_offset", contact_offset_plus_slope),
    ("egg.contact_offset", contact_offset_tip_only),
    ("egg.contact_offset", contact_offset_mass_centre_height),
    ("egg.contact_offset", contact_offset_coarse_forward_difference),
    ("egg.rocking_period", rocking_period_about_centre),
    ("egg.rocking_period", rocking_period_payload_arm_h),
    ("egg.rocking_period", rocking_period_payload_potential_sign),
    ("egg.rocking_period", rocking_period_payload_not_lifted),
    ("egg.rocking_period", rocking_period_no_two_pi),
    ("egg.rocking_period", rocking_period_half_stiffness),
    ("egg.rocking_period", rocking_period_upright_lever),
    ("egg.rocking_period", rocking_period_payload_at_centre_inertia),
]

RIGHT = {
    "egg.contact_angle": contact_angle_right,
    "egg.center_height": center_height_right,
    "egg.euler_rates": integrate_euler_angles_right,
    "egg.gyro_torque": gimbal_torque_right,
    "egg.contact_offset": contact_offset_right,
    "egg.rocking_period": rocking_period_right,
}
