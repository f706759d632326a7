"""Typical wrong answers to the exercises of chapter 6 (the egg-shaped robot)."""

import numpy as np

# --------------------------------------------------------------------------- 6.1 contact angle


def contact_at_the_tilt(beta_v, R_tip, R_blunt, R2):
    """beta_p = beta_v: the sphere's answer, the contact taken to follow the tilt."""
    return beta_v


def tip_formula_throughout(beta_v, R_tip, R_blunt, R2):
    """tan beta_p = (R2/R_tip)^2 tan beta_v for every tilt: the blunt half ignored."""
    return np.arctan2((R2 / R_tip)**2 * np.sin(beta_v), np.cos(beta_v))


def folded_by_arctan(beta_v, R_tip, R_blunt, R2):
    """np.arctan with the right half's ratio: past pi/2 the angle comes out negative."""
    beta_v = np.asarray(beta_v, dtype=float)
    ratio = np.where(beta_v > np.pi / 2, R2 / R_blunt, R2 / R_tip)**2
    return np.arctan(ratio * np.tan(beta_v))


def angle_from_the_vertical(beta_v, R_tip, R_blunt, R2):
    """Returns beta_v - beta_p, the contact's angle from the vertical, not from the axis."""
    beta_v = np.asarray(beta_v, dtype=float)
    ratio = np.where(beta_v > np.pi / 2, R2 / R_blunt, R2 / R_tip)**2
    return beta_v - np.arctan2(ratio * np.sin(beta_v), np.cos(beta_v))


def from_the_blunt_end(beta_v, R_tip, R_blunt, R2):
    """pi - beta_p: the angle measured from the blunt end's half-axis."""
    beta_v = np.asarray(beta_v, dtype=float)
    ratio = np.where(beta_v > np.pi / 2, R2 / R_blunt, R2 / R_tip)**2
    return np.pi - np.arctan2(ratio * np.sin(beta_v), np.cos(beta_v))


def ratio_inverted(beta_v, R_tip, R_blunt, R2):
    """tan beta_p = (R/R2)^2 tan beta_v: the axes' ratio upside down."""
    beta_v = np.asarray(beta_v, dtype=float)
    ratio = np.where(beta_v > np.pi / 2, R_blunt / R2, R_tip / R2)**2
    return np.arctan2(ratio * np.sin(beta_v), np.cos(beta_v))


# --------------------------------------------------------------------------- 6.2 centre height


def _lower_axis(beta_v, R_tip, R_blunt):
    return np.where(np.asarray(beta_v, dtype=float) > np.pi / 2, R_blunt, R_tip)


def straight_down_to_shell(beta_v, R_tip, R_blunt, R2, e):
    """The distance straight down to the shell (the polar radius), not the support function."""
    R = _lower_axis(beta_v, R_tip, R_blunt)
    r = R * R2 / np.sqrt((R2 * np.cos(beta_v))**2 + (R * np.sin(beta_v))**2)
    return r + e * np.cos(beta_v)


def halves_swapped(beta_v, R_tip, R_blunt, R2, e):
    """The blunt half's axis used while the tip is down, and the other way round."""
    R = _lower_axis(beta_v, R_blunt, R_tip)
    return np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v)) + e * np.cos(beta_v)


def height_without_sqrt(beta_v, R_tip, R_blunt, R2, e):
    """H^2 of the lower half returned: the square root forgotten."""
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return (R * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2 + e * np.cos(beta_v)


def offset_with_sine(beta_v, R_tip, R_blunt, R2, e):
    """The mass centre's rise taken as e sin beta_v."""
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v)) + e * np.sin(beta_v)


def equator_centre_height(beta_v, R_tip, R_blunt, R2, e):
    """The height of the equator's centre, as if the mass were centred there."""
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v))


def averaged_halves(beta_v, R_tip, R_blunt, R2, e):
    """One ellipse with the mean long semi-axis for both halves."""
    R = 0.5 * (R_tip + R_blunt)
    return np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v)) + e * np.cos(beta_v)


def offset_towards_the_tip(beta_v, R_tip, R_blunt, R2, e):
    """e counted towards the tip: the mass centre's term with the wrong sign."""
    R = _lower_axis(beta_v, R_tip, R_blunt)
    return np.hypot(R * np.cos(beta_v), R2 * np.sin(beta_v)) - e * np.cos(beta_v)


# --------------------------------------------------------------------------- 6.3 Euler rates


def _E(alpha, beta):
    return np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                     [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                     [1, 0, np.cos(beta)]])


def _transpose_of_E(alpha, beta, gamma, omega_B):
    """E's transpose as its inverse, though E is not a rotation matrix."""
    a, b, c = _E(alpha, beta).T @ omega_B
    return a, b, c


def _E_times_omega(alpha, beta, gamma, omega_B):
    """Multiplied by E instead of solving with it."""
    a, b, c = _E(alpha, beta) @ omega_B
    return a, b, c


def _gamma_dot_not_divided(alpha, beta, gamma, omega_B):
    """gamma_dot without the division by sin(beta)."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = wx * np.sin(alpha) + wy * np.cos(alpha)
    return wz - gamma_dot * np.cos(beta), beta_dot, gamma_dot


def _alpha_dot_plus(alpha, beta, gamma, omega_B):
    """alpha_dot = omega_z + gamma_dot cos(beta): the sign of moving a term across."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.sin(beta)
    return wz + gamma_dot * np.cos(beta), beta_dot, gamma_dot


def _march(rates, alpha, beta, gamma, omega_B, t):
    """Integrates the rates with DOP853 at tight tolerances: the angles at t."""
    from scipy.integrate import solve_ivp

    sol = solve_ivp(lambda _, y: rates(*y, omega_B), [0.0, t], [alpha, beta, gamma],
                    method="DOP853", rtol=1e-11, atol=1e-12)
    return sol.y[0, -1], sol.y[1, -1], sol.y[2, -1]


def _good_rates(alpha, beta, gamma, omega_B):
    return tuple(np.linalg.solve(_E(alpha, beta), omega_B))


def _world_rates(alpha, beta, gamma, omega_B):
    """The rates as if omega_B were the world's angular velocity."""
    sb, cb, sg, cg = np.sin(beta), np.cos(beta), np.sin(gamma), np.cos(gamma)
    axes = np.array([[sb * sg, cg, 0], [-sb * cg, sg, 0], [cb, 0, 1]])
    return tuple(np.linalg.solve(axes, omega_B))


def march_transpose_of_E(alpha, beta, gamma, omega_B, t):
    """The rates from E's transpose, integrated."""
    return _march(_transpose_of_E, alpha, beta, gamma, omega_B, t)


def march_E_times_omega(alpha, beta, gamma, omega_B, t):
    """The rates as E times omega_B, integrated."""
    return _march(_E_times_omega, alpha, beta, gamma, omega_B, t)


def march_gamma_dot_not_divided(alpha, beta, gamma, omega_B, t):
    """gamma_dot without the division by sin(beta), integrated."""
    return _march(_gamma_dot_not_divided, alpha, beta, gamma, omega_B, t)


def march_alpha_dot_plus(alpha, beta, gamma, omega_B, t):
    """alpha_dot = omega_z + gamma_dot cos(beta), integrated."""
    return _march(_alpha_dot_plus, alpha, beta, gamma, omega_B, t)


def march_in_the_world_frame(alpha, beta, gamma, omega_B, t):
    """omega_B taken as the world-frame angular velocity, integrated."""
    return _march(_world_rates, alpha, beta, gamma, omega_B, t)


def march_change_only(alpha, beta, gamma, omega_B, t):
    """Returns how far the angles moved, not where they ended."""
    a, b, g = _march(_good_rates, alpha, beta, gamma, omega_B, t)
    return a - alpha, b - beta, g - gamma


def march_reversed(alpha, beta, gamma, omega_B, t):
    """The angles returned as (gamma, beta, alpha)."""
    a, b, g = _march(_good_rates, alpha, beta, gamma, omega_B, t)
    return g, b, a


# --------------------------------------------------------------------------- 6.4 gyro term


def _spin_axis(phi, y_sign=-1.0):
    phi = np.asarray(phi, dtype=float)
    return np.stack([0 * phi, y_sign * np.sin(phi), np.cos(phi)], axis=-1)


def _x_axis(phi):
    phi = np.asarray(phi, dtype=float)
    return np.stack([1 + 0 * phi, 0 * phi, 0 * phi], axis=-1)


def source_order(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """tau = I_t phi'' x + L x omega: the apparent term added with its own sign."""
    w = np.asarray(phi_dot)[..., None] * _x_axis(phi)
    L = I_spin * spin * _spin_axis(phi) + I_tilt * w
    return I_tilt * np.asarray(phi_ddot)[..., None] * _x_axis(phi) + np.cross(L, w)


def axis_tilted_backwards(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Rx(phi) z written as (0, sin phi, cos phi): the axis tilted the other way."""
    w = np.asarray(phi_dot)[..., None] * _x_axis(phi)
    L = I_spin * spin * _spin_axis(phi, 1.0) + I_tilt * w
    return I_tilt * np.asarray(phi_ddot)[..., None] * _x_axis(phi) + np.cross(w, L)


def spin_momentum_only(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """Only the spin's momentum turned: the ring's tilt acceleration forgotten."""
    w = np.asarray(phi_dot)[..., None] * _x_axis(phi)
    return np.cross(w, I_spin * spin * _spin_axis(phi))


def moments_exchanged(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """I_spin and I_tilt used in each other's place."""
    w = np.asarray(phi_dot)[..., None] * _x_axis(phi)
    L = I_tilt * spin * _spin_axis(phi) + I_spin * w
    return I_spin * np.asarray(phi_ddot)[..., None] * _x_axis(phi) + np.cross(w, L)


def doubled_turn(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    """The frame's turn counted twice."""
    w = np.asarray(phi_dot)[..., None] * _x_axis(phi)
    L = I_spin * spin * _spin_axis(phi) + I_tilt * w
    return I_tilt * np.asarray(phi_ddot)[..., None] * _x_axis(phi) + 2 * np.cross(w, L)


# --------------------------------------------------------------------------- 6.5 lever arm


def _long_below(beta_v, R_tip, R_blunt):
    return np.where(np.asarray(beta_v, dtype=float) > np.pi / 2, R_blunt, R_tip)


def source_lever_arm(beta_v, R_tip, R_blunt, R2, e):
    """The source's |r| sin(beta): the distance to the contact times sin of the tilt."""
    R = _long_below(beta_v, R_tip, R_blunt)
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))
    r = R * R2 / np.sqrt((R2 * np.cos(beta_p))**2 + (R * np.sin(beta_p))**2)
    return (r + e) * np.sin(beta_v)


def derivative_of_H_squared(beta_v, R_tip, R_blunt, R2, e):
    """Differentiated H^2, not H: the division by H forgotten."""
    R = _long_below(beta_v, R_tip, R_blunt)
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) + e * np.sin(beta_v)


def coarse_difference(beta_v, R_tip, R_blunt, R2, e):
    """A forward difference with h = 1e-3 rad: off by far more than 1e-7 m."""
    h = 1e-3

    def H(b):
        R = _long_below(b, R_tip, R_blunt)
        return np.sqrt((R * np.cos(b))**2 + (R2 * np.sin(b))**2) + e * np.cos(b)
    return -(H(beta_v + h) - H(beta_v)) / h


def vertical_part_for_horizontal(beta_v, R_tip, R_blunt, R2, e):
    """|r| cos(beta_v - beta_p): the vertical part of r, that is H, not the horizontal one."""
    R = _long_below(beta_v, R_tip, R_blunt)
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R**2 * np.cos(beta_v))
    r = R * R2 / np.sqrt((R2 * np.cos(beta_p))**2 + (R * np.sin(beta_p))**2)
    return r * np.cos(beta_v - beta_p) + e * np.sin(beta_v)


def double_angle_without_half(beta_v, R_tip, R_blunt, R2, e):
    """sin(2 beta) for sin(beta) cos(beta), the 1/2 forgotten."""
    R = _long_below(beta_v, R_tip, R_blunt)
    H = np.sqrt((R * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)
    return (R**2 - R2**2) * np.sin(2 * beta_v) / H + e * np.sin(beta_v)


def lever_with_psi(beta_v, R_tip, R_blunt, R2, e):
    """The contact's angle taken as the parametric psi: |r(psi)| sin(beta_v - psi)."""
    R = _long_below(beta_v, R_tip, R_blunt)
    psi = np.arctan2(R2 * np.sin(beta_v), R * np.cos(beta_v))
    r = R * R2 / np.sqrt((R2 * np.cos(psi))**2 + (R * np.sin(psi))**2)
    return r * np.sin(beta_v - psi) + e * np.sin(beta_v)


def mass_offset_vertical(beta_v, R_tip, R_blunt, R2, e):
    """The mass centre's share taken as e cos(beta_v), its vertical part."""
    R = _long_below(beta_v, R_tip, R_blunt)
    H = np.sqrt((R * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / H + e * np.cos(beta_v)


def mass_offset_subtracted(beta_v, R_tip, R_blunt, R2, e):
    """The mass centre put on the tip's side: e sin(beta_v) subtracted."""
    R = _long_below(beta_v, R_tip, R_blunt)
    H = np.sqrt((R * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)
    return (R**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / H - e * np.sin(beta_v)


def lower_end_convention(beta_v, R_tip, R_blunt, R2, e):
    """The chapter's d, positive towards the lower end, on the tilt of the half that is down."""
    b = np.asarray(beta_v, dtype=float)
    R = _long_below(b, R_tip, R_blunt)
    low = np.where(b > np.pi / 2, np.pi - b, b)
    H = np.sqrt((R * np.cos(low))**2 + (R2 * np.sin(low))**2)
    return (R**2 - R2**2) * np.sin(low) * np.cos(low) / H + e * np.sin(b)


# --------------------------------------------------------------------------- 6.6 rocking period


def _inertia_at_contact(I_t, mass, R2, m_p, h):
    return I_t + mass * R2**2 + m_p * (R2 + h)**2


def contact_at_long_radius(R1, R2, mass, I_t, g, m_p, h):
    """Parallel axis term m R1^2: the contact taken at the long semi-axis, not R2 below."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    return 2 * np.pi * np.sqrt((I_t + mass * R1**2 + m_p * (R2 + h)**2) / k)


def stiffness_over_R1(R1, R2, mass, I_t, g, m_p, h):
    """k with (R1^2 - R2^2) / R1: H expanded about R1 (the standing egg's height)."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R1 - m_p * g * h
    return 2 * np.pi * np.sqrt(_inertia_at_contact(I_t, mass, R2, m_p, h) / k)


def without_two_pi(R1, R2, mass, I_t, g, m_p, h):
    """T = sqrt(J / k): the 2 pi of the period forgotten."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    return np.sqrt(_inertia_at_contact(I_t, mass, R2, m_p, h) / k)


def payload_not_lifted(R1, R2, mass, I_t, g, m_p, h):
    """Only the shell's mass rises with the centre: m where m + m_p belongs."""
    k = mass * g * (R1**2 - R2**2) / R2 - m_p * g * h
    return 2 * np.pi * np.sqrt(_inertia_at_contact(I_t, mass, R2, m_p, h) / k)


def payload_fixed_height(R1, R2, mass, I_t, g, m_p, h):
    """The payload's own drop h (1 - cos eps) left out of the potential."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2
    return 2 * np.pi * np.sqrt(_inertia_at_contact(I_t, mass, R2, m_p, h) / k)


def frequency_in_hertz(R1, R2, mass, I_t, g, m_p, h):
    """f = sqrt(k / J) / (2 pi): the frequency returned, not the period."""
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    return np.sqrt(k / _inertia_at_contact(I_t, mass, R2, m_p, h)) / (2 * np.pi)


SLIPS = [
    ("egg.contact_angle", contact_at_the_tilt),
    ("egg.contact_angle", tip_formula_throughout),
    ("egg.contact_angle", folded_by_arctan),
    ("egg.contact_angle", angle_from_the_vertical),
    ("egg.contact_angle", from_the_blunt_end),
    ("egg.contact_angle", ratio_inverted),
    ("egg.center_height", straight_down_to_shell),
    ("egg.center_height", halves_swapped),
    ("egg.center_height", height_without_sqrt),
    ("egg.center_height", offset_with_sine),
    ("egg.center_height", equator_centre_height),
    ("egg.center_height", averaged_halves),
    ("egg.center_height", offset_towards_the_tip),
    ("egg.euler_rates", march_transpose_of_E),
    ("egg.euler_rates", march_E_times_omega),
    ("egg.euler_rates", march_gamma_dot_not_divided),
    ("egg.euler_rates", march_alpha_dot_plus),
    ("egg.euler_rates", march_in_the_world_frame),
    ("egg.euler_rates", march_change_only),
    ("egg.euler_rates", march_reversed),
    ("egg.gyro_torque", source_order),
    ("egg.gyro_torque", axis_tilted_backwards),
    ("egg.gyro_torque", spin_momentum_only),
    ("egg.gyro_torque", moments_exchanged),
    ("egg.gyro_torque", doubled_turn),
    ("egg.contact_offset", source_lever_arm),
    ("egg.contact_offset", derivative_of_H_squared),
    ("egg.contact_offset", coarse_difference),
    ("egg.contact_offset", vertical_part_for_horizontal),
    ("egg.contact_offset", double_angle_without_half),
    ("egg.contact_offset", lever_with_psi),
    ("egg.contact_offset", mass_offset_vertical),
    ("egg.contact_offset", mass_offset_subtracted),
    ("egg.contact_offset", lower_end_convention),
    ("egg.rocking_period", contact_at_long_radius),
    ("egg.rocking_period", stiffness_over_R1),
    ("egg.rocking_period", without_two_pi),
    ("egg.rocking_period", payload_not_lifted),
    ("egg.rocking_period", payload_fixed_height),
    ("egg.rocking_period", frequency_in_hertz),
]
