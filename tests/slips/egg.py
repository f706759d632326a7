"""Typical wrong answers to the exercises of chapter 6 (the egg-shaped robot)."""

import numpy as np

# --------------------------------------------------------------------------- 6.1 contact angle


def _down_half(beta_v, R_tip, R_blunt):
    """The long semi-axis of the half that is down."""
    return np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)


def contact_angle_one_egg(beta_v, R_tip, R_blunt, R2):
    """The chapter's formula with R_tip for the whole egg, blunt half and all."""
    return np.arctan2(R2**2 * np.sin(beta_v), R_tip**2 * np.cos(beta_v))


def contact_angle_arctan(beta_v, R_tip, R_blunt, R2):
    """np.arctan of (R2/R)^2 tan(beta_v): negative once the blunt half is down."""
    R = _down_half(beta_v, R_tip, R_blunt)
    return np.arctan((R2 / R)**2 * np.tan(beta_v))


def contact_angle_blunt_from_its_own_end(beta_v, R_tip, R_blunt, R2):
    """On the blunt half the angle from the blunt end's axis, never turned to the tip's."""
    R = _down_half(beta_v, R_tip, R_blunt)
    b = np.minimum(beta_v, np.pi - np.asarray(beta_v))
    return np.arctan2(R2**2 * np.sin(b), R**2 * np.cos(b))


def contact_angle_parametric(beta_v, R_tip, R_blunt, R2):
    """The parametric angle psi of the half that is down returned, not beta_p."""
    R = _down_half(beta_v, R_tip, R_blunt)
    return np.arctan2(R2 * np.sin(beta_v), R * np.cos(beta_v))


def contact_angle_as_sphere(beta_v, R_tip, R_blunt, R2):
    """beta_p = beta_v, which holds only for a sphere."""
    return beta_v


def contact_angle_mean_egg(beta_v, R_tip, R_blunt, R2):
    """One ellipse with the average of the two long semi-axes."""
    R = (R_tip + R_blunt) / 2
    return np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))


def contact_angle_halves_swapped(beta_v, R_tip, R_blunt, R2):
    """R_blunt while the tip is down, R_tip once the blunt end is down."""
    R = _down_half(beta_v, R_blunt, R_tip)
    return np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))


# --------------------------------------------------------------------------- 6.2 height


def _support(beta_v, R_tip, R_blunt, R2):
    R = _down_half(beta_v, R_tip, R_blunt)
    return np.sqrt((R * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)


def height_one_egg(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's H with R_tip for both halves, then the mass centre's e cos."""
    H = np.sqrt((R_tip * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)
    return H + e * np.cos(beta_v)


def height_offset_forgotten(beta_v, R_tip, R_blunt, R2, e):
    """The height of the equator's centre: e never used."""
    return _support(beta_v, R_tip, R_blunt, R2)


def height_offset_sign(beta_v, R_tip, R_blunt, R2, e):
    """e taken towards the tip: the mass centre below the equator's centre on the tip."""
    return _support(beta_v, R_tip, R_blunt, R2) - e * np.cos(beta_v)


def height_straight_down(beta_v, R_tip, R_blunt, R2, e):
    """The distance straight down to the shell of the lower half, which the text warns about."""
    R = _down_half(beta_v, R_tip, R_blunt)
    r = 1 / np.sqrt(np.cos(beta_v)**2 / R**2 + np.sin(beta_v)**2 / R2**2)
    return r + e * np.cos(beta_v)


def height_without_root(beta_v, R_tip, R_blunt, R2, e):
    """R^2 cos^2 + R2^2 sin^2, the square root forgotten (m^2, not m)."""
    R = _down_half(beta_v, R_tip, R_blunt)
    return R**2 * np.cos(beta_v)**2 + R2**2 * np.sin(beta_v)**2 + e * np.cos(beta_v)


def height_plus_e(beta_v, R_tip, R_blunt, R2, e):
    """e added to the height whatever the tilt."""
    return _support(beta_v, R_tip, R_blunt, R2) + e


def height_without_squares(beta_v, R_tip, R_blunt, R2, e):
    """R |cos| + R2 sin: the shares of the semi-axes added without squares and root."""
    R = _down_half(beta_v, R_tip, R_blunt)
    return R * np.abs(np.cos(beta_v)) + R2 * np.sin(beta_v) + e * np.cos(beta_v)


# --------------------------------------------------------------------------- 6.3 Euler rates


def _rates_transpose_for_inverse(alpha, beta, gamma, omega_B):
    """E^T omega_B: the transpose used as the inverse (E is not a rotation)."""
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return tuple(E.T @ omega_B)


def _rates_beta_dot_sign(alpha, beta, gamma, omega_B):
    """beta' = cos(alpha) w1 + sin(alpha) w2: the sign of the second term."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 + np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.sin(beta)
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def _rates_without_sin_beta(alpha, beta, gamma, omega_B):
    """gamma' without the division by sin(beta)."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = np.sin(alpha) * w1 + np.cos(alpha) * w2
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def _rates_spin_is_w3(alpha, beta, gamma, omega_B):
    """alpha' = w3, the heading's share cos(beta) gamma' forgotten."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.sin(beta)
    return w3, beta_dot, gamma_dot


def _rates_spin_sign(alpha, beta, gamma, omega_B):
    """alpha' = w3 + cos(beta) gamma': the sign of the heading's share."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.sin(beta)
    return w3 + np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def _rates_sin_cos_of_alpha_swapped(alpha, beta, gamma, omega_B):
    """sin(alpha) and cos(alpha) exchanged in both rows."""
    w1, w2, w3 = omega_B
    beta_dot = np.sin(alpha) * w1 - np.cos(alpha) * w2
    gamma_dot = (np.cos(alpha) * w1 + np.sin(alpha) * w2) / np.sin(beta)
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def _integrate(rates, alpha, beta, gamma, omega_B, t, **tolerances):
    """The angles after t by solve_ivp of the given rates (tight unless told otherwise)."""
    from scipy.integrate import solve_ivp

    options = {"rtol": 1e-10, "atol": 1e-12} | tolerances
    run = solve_ivp(lambda _, q: rates(q[0], q[1], q[2], omega_B), (0.0, t),
                    [alpha, beta, gamma], **options)
    return tuple(run.y[:, -1])


def _right_rates(alpha, beta, gamma, omega_B):
    w1, w2, w3 = omega_B
    gamma_dot = (w1 * np.sin(alpha) + w2 * np.cos(alpha)) / np.sin(beta)
    return (w3 - np.cos(beta) * gamma_dot, w1 * np.cos(alpha) - w2 * np.sin(alpha),
            gamma_dot)


def euler_transpose_for_inverse(alpha, beta, gamma, omega_B, t):
    """E^T omega_B integrated: the transpose used as the inverse."""
    return _integrate(_rates_transpose_for_inverse, alpha, beta, gamma, omega_B, t)


def euler_beta_dot_sign(alpha, beta, gamma, omega_B, t):
    """beta' with the sign of its omega_y term flipped, integrated."""
    return _integrate(_rates_beta_dot_sign, alpha, beta, gamma, omega_B, t)


def euler_without_sin_beta(alpha, beta, gamma, omega_B, t):
    """gamma' without the division by sin(beta), integrated."""
    return _integrate(_rates_without_sin_beta, alpha, beta, gamma, omega_B, t)


def euler_spin_is_w3(alpha, beta, gamma, omega_B, t):
    """alpha' = w3 integrated: the heading's share forgotten."""
    return _integrate(_rates_spin_is_w3, alpha, beta, gamma, omega_B, t)


def euler_spin_sign(alpha, beta, gamma, omega_B, t):
    """alpha' = w3 + cos(beta) gamma' integrated: the sign of the heading's share."""
    return _integrate(_rates_spin_sign, alpha, beta, gamma, omega_B, t)


def euler_sin_cos_of_alpha_swapped(alpha, beta, gamma, omega_B, t):
    """sin(alpha) and cos(alpha) exchanged in the rates, integrated."""
    return _integrate(_rates_sin_cos_of_alpha_swapped, alpha, beta, gamma, omega_B, t)


def euler_one_step(alpha, beta, gamma, omega_B, t):
    """The rates at the start times t: a single Euler step over the whole time."""
    rates = _right_rates(alpha, beta, gamma, omega_B)
    return alpha + rates[0] * t, beta + rates[1] * t, gamma + rates[2] * t


def euler_default_tolerances(alpha, beta, gamma, omega_B, t):
    """solve_ivp left at its default rtol=1e-3, atol=1e-6."""
    return _integrate(_right_rates, alpha, beta, gamma, omega_B, t, rtol=1e-3, atol=1e-6)


# --------------------------------------------------------------------------- 6.4 gyro torque


def _axes(phi):
    phi = np.asarray(phi, dtype=float)
    one, zero = np.ones_like(phi), np.zeros_like(phi)
    return (np.stack([one, zero, zero], axis=-1),
            np.stack([zero, -np.sin(phi), np.cos(phi)], axis=-1))


def gyro_source_sign(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """omega x L taken with the source's order the other way: the gyroscopic part negated."""
    x, a = _axes(phi)
    rate = np.asarray(phi_dot)[..., None]
    L = I_spin * spin * a + I_tilt * rate * x
    return I_tilt * np.asarray(phi_ddot)[..., None] * x + np.cross(L, rate * x)


def gyro_no_tilt_acceleration(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Only the gyroscopic part: the ring's own acceleration term left out."""
    x, a = _axes(phi)
    return I_spin * spin * np.asarray(phi_dot)[..., None] * np.cross(x, a)


def gyro_axis_not_tilted(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """The rotor's axis kept along z while the ring tilts."""
    x, a = _axes(0.0 * np.asarray(phi, dtype=float))
    rate = np.asarray(phi_dot)[..., None]
    return I_tilt * np.asarray(phi_ddot)[..., None] * x + I_spin * spin * rate * np.cross(x, a)


def gyro_whole_rotor_rate(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """The frame taken to turn with the rotor (spin included): omega = phi_dot x + spin a."""
    x, a = _axes(phi)
    rate = np.asarray(phi_dot)[..., None]
    L = I_spin * spin * a + I_tilt * rate * x
    return I_tilt * np.asarray(phi_ddot)[..., None] * x + np.cross(rate * x + spin * a, L)


def gyro_moments_swapped(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """I_tilt with the spin and I_spin with the tilt's acceleration."""
    x, a = _axes(phi)
    rate = np.asarray(phi_dot)[..., None]
    return I_spin * np.asarray(phi_ddot)[..., None] * x + I_tilt * spin * rate * np.cross(x, a)


def gyro_coriolis_factor_2(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """2 omega x L, the factor 2 of the Coriolis acceleration carried over."""
    x, a = _axes(phi)
    rate = np.asarray(phi_dot)[..., None]
    L = I_spin * spin * a + I_tilt * rate * x
    return I_tilt * np.asarray(phi_ddot)[..., None] * x + 2 * np.cross(rate * x, L)


# --------------------------------------------------------------------------- 6.5 lever arm


def _lower_R(beta_v, R_tip, R_blunt):
    return np.where(np.asarray(beta_v) <= np.pi / 2, R_tip, R_blunt)


def _height(beta_v, R1, R2):
    return np.sqrt(R1**2 * np.cos(beta_v)**2 + R2**2 * np.sin(beta_v)**2)


def _contact(beta_v, R1, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def _contact_distance(beta_v, R1, R2):
    psi = np.arctan2(R2 * np.sin(beta_v), R1 * np.cos(beta_v))
    return np.hypot(R2 * np.sin(psi), R1 * np.cos(psi))


def offset_source_lever(beta_v, R_tip, R_blunt, R2, e):
    """|r| sin(beta_v), the source's lever arm (its eq. 31), with |r| centre to contact."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    return _contact_distance(beta_v, R, R2) * np.sin(beta_v) + e * np.sin(beta_v)


def offset_sign(beta_v, R_tip, R_blunt, R2, e):
    """d = +dH_m/dbeta_v: the minus forgotten."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    d = (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / _height(beta_v, R, R2)
    return -d - e * np.sin(beta_v)


def offset_without_division_by_H(beta_v, R_tip, R_blunt, R2, e):
    """The derivative of H^2 / 2 instead of H: the division by H forgotten."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) + e * np.sin(beta_v)


def offset_H_for_contact_distance(beta_v, R_tip, R_blunt, R2, e):
    """H sin(beta_v - beta_p): the height H used as the distance to the contact point."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    lever = _height(beta_v, R, R2) * np.sin(beta_v - _contact(beta_v, R, R2))
    return lever + e * np.sin(beta_v)


def offset_angle_from_long_axis(beta_v, R_tip, R_blunt, R2, e):
    """|r| sin(beta_p): the contact's angle from the long axis, not from the vertical."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    lever = _contact_distance(beta_v, R, R2) * np.sin(_contact(beta_v, R, R2))
    return lever + e * np.sin(beta_v)


def offset_chain_rule_half(beta_v, R_tip, R_blunt, R2, e):
    """The derivative of sqrt(u) taken as u' / (4 sqrt(u)): half the lever arm."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    d = (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / (2 * _height(beta_v, R, R2))
    return d + e * np.sin(beta_v)


def offset_mass_forgotten(beta_v, R_tip, R_blunt, R2, e):
    """The lever arm of the equator's centre: e never used."""
    R = _lower_R(beta_v, R_tip, R_blunt)
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / _height(beta_v, R, R2)


def offset_one_egg(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's lever arm with R_tip at every tilt, then the mass centre's share."""
    d = (R_tip**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / _height(beta_v, R_tip, R2)
    return d + e * np.sin(beta_v)


# --------------------------------------------------------------------------- 6.6 rocking period


def _k_payload(R1, R2, mass, g, m_p, h):
    return (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h


def period_about_centre(R1, R2, mass, I_t, g, m_p, h):
    """The source's inertia about the centre for egg and payload, not about the contact."""
    J = I_t + m_p * h**2
    return 2 * np.pi * np.sqrt(J / _k_payload(R1, R2, mass, g, m_p, h))


def stiffness_without_half(R1, R2, mass, I_t, g, m_p, h):
    """k read as the coefficient of eps^2 in V, the 1/2 of k eps^2 / 2 forgotten."""
    J = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * np.pi * np.sqrt(J / (0.5 * _k_payload(R1, R2, mass, g, m_p, h)))


def angular_frequency(R1, R2, mass, I_t, g, m_p, h):
    """Returned w0 = sqrt(k / J) [rad/s], not the period 2 pi / w0."""
    J = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return np.sqrt(_k_payload(R1, R2, mass, g, m_p, h) / J)


def payload_ignored(R1, R2, mass, I_t, g, m_p, h):
    """The chapter's period of the bare egg: m_p and h never used."""
    return 2 * np.pi * np.sqrt((I_t + mass * R2**2) * R2 / (mass * g * (R1**2 - R2**2)))


def payload_about_its_own_centre(R1, R2, mass, I_t, g, m_p, h):
    """The payload's inertia m_p h^2 about the egg's centre, the egg's about the contact."""
    J = I_t + mass * R2**2 + m_p * h**2
    return 2 * np.pi * np.sqrt(J / _k_payload(R1, R2, mass, g, m_p, h))


def payload_as_a_hanging_bob(R1, R2, mass, I_t, g, m_p, h):
    """The payload's h taken to add stiffness, like a bob hanging below its pivot."""
    J = I_t + mass * R2**2 + m_p * (R2 + h)**2
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 + m_p * g * h
    return 2 * np.pi * np.sqrt(J / k)


SLIPS = [
    ("egg.contact_angle", contact_angle_one_egg),
    ("egg.contact_angle", contact_angle_arctan),
    ("egg.contact_angle", contact_angle_blunt_from_its_own_end),
    ("egg.contact_angle", contact_angle_parametric),
    ("egg.contact_angle", contact_angle_as_sphere),
    ("egg.contact_angle", contact_angle_mean_egg),
    ("egg.contact_angle", contact_angle_halves_swapped),
    ("egg.center_height", height_one_egg),
    ("egg.center_height", height_offset_forgotten),
    ("egg.center_height", height_offset_sign),
    ("egg.center_height", height_straight_down),
    ("egg.center_height", height_without_root),
    ("egg.center_height", height_plus_e),
    ("egg.center_height", height_without_squares),
    ("egg.euler_rates", euler_transpose_for_inverse),
    ("egg.euler_rates", euler_beta_dot_sign),
    ("egg.euler_rates", euler_without_sin_beta),
    ("egg.euler_rates", euler_spin_is_w3),
    ("egg.euler_rates", euler_spin_sign),
    ("egg.euler_rates", euler_sin_cos_of_alpha_swapped),
    ("egg.euler_rates", euler_one_step),
    ("egg.euler_rates", euler_default_tolerances),
    ("egg.gyro_torque", gyro_source_sign),
    ("egg.gyro_torque", gyro_no_tilt_acceleration),
    ("egg.gyro_torque", gyro_axis_not_tilted),
    ("egg.gyro_torque", gyro_whole_rotor_rate),
    ("egg.gyro_torque", gyro_moments_swapped),
    ("egg.gyro_torque", gyro_coriolis_factor_2),
    ("egg.contact_offset", offset_source_lever),
    ("egg.contact_offset", offset_sign),
    ("egg.contact_offset", offset_without_division_by_H),
    ("egg.contact_offset", offset_H_for_contact_distance),
    ("egg.contact_offset", offset_angle_from_long_axis),
    ("egg.contact_offset", offset_chain_rule_half),
    ("egg.contact_offset", offset_mass_forgotten),
    ("egg.contact_offset", offset_one_egg),
    ("egg.rocking_period", period_about_centre),
    ("egg.rocking_period", stiffness_without_half),
    ("egg.rocking_period", angular_frequency),
    ("egg.rocking_period", payload_ignored),
    ("egg.rocking_period", payload_about_its_own_centre),
    ("egg.rocking_period", payload_as_a_hanging_bob),
]
