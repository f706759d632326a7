"""Typical wrong answers to the exercises of chapter 6 (the egg-shaped robot)."""

import numpy as np

# --------------------------------------------------------------------------- 6.1 contact angle


def contact_angle_as_sphere(beta_v, R1, R2):
    """beta_p = beta_v, which holds only for a sphere."""
    return beta_v


def contact_angle_parametric(beta_v, R1, R2):
    """The parametric angle psi returned, not the angle of the point seen from the centre."""
    return np.arctan2(R2 * np.sin(beta_v), R1 * np.cos(beta_v))


def contact_angle_ratio_inverted(beta_v, R1, R2):
    """tan(beta_p) = (R1/R2)^2 tan(beta_v): the axes' ratio upside down."""
    return np.arctan2(R1**2 * np.sin(beta_v), R2**2 * np.cos(beta_v))


def contact_angle_arctan2_swapped(beta_v, R1, R2):
    """np.arctan2(cos part, sin part): the arguments in the wrong order."""
    return np.arctan2(R1**2 * np.cos(beta_v), R2**2 * np.sin(beta_v))


def contact_angle_wrong_side(beta_v, R1, R2):
    """The angle counted towards the upper end: -beta_p."""
    return -np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def contact_angle_from_vertical(beta_v, R1, R2):
    """beta_v - beta_p, the contact's angle from the vertical, not from the long axis."""
    return beta_v - np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def contact_angle_one_square_dropped(beta_v, R1, R2):
    """R2^2 sin over R1 cos: one of the two squares dropped."""
    return np.arctan2(R2**2 * np.sin(beta_v), R1 * np.cos(beta_v))


# --------------------------------------------------------------------------- 6.2 height


def height_axes_swapped(beta_v, R1, R2):
    """R1 with sin and R2 with cos: upright it gives R2, lying R1."""
    return np.sqrt(R1**2 * np.sin(beta_v)**2 + R2**2 * np.cos(beta_v)**2)


def height_without_squares(beta_v, R1, R2):
    """R1 cos + R2 sin: the support function added without squares and root."""
    return R1 * np.cos(beta_v) + R2 * np.sin(beta_v)


def height_straight_down(beta_v, R1, R2):
    """The distance from the centre straight down to the shell, which the text warns about."""
    return 1 / np.sqrt(np.cos(beta_v)**2 / R1**2 + np.sin(beta_v)**2 / R2**2)


def height_without_root(beta_v, R1, R2):
    """R1^2 cos^2 + R2^2 sin^2, the square root forgotten (m^2, not m)."""
    return R1**2 * np.cos(beta_v)**2 + R2**2 * np.sin(beta_v)**2


def height_distance_to_contact(beta_v, R1, R2):
    """The distance from the centre to the contact point, not its depth below the centre."""
    psi = np.arctan2(R2 * np.sin(beta_v), R1 * np.cos(beta_v))
    return np.hypot(R2 * np.sin(psi), R1 * np.cos(psi))


def height_linear_in_squares_of_trig(beta_v, R1, R2):
    """R1 cos^2 + R2 sin^2: right at both ends, wrong in between."""
    return R1 * np.cos(beta_v)**2 + R2 * np.sin(beta_v)**2


def height_trig_not_squared(beta_v, R1, R2):
    """sqrt(R1^2 cos + R2^2 sin): the squares of cos and sin forgotten."""
    return np.sqrt(R1**2 * np.cos(beta_v) + R2**2 * np.sin(beta_v))


# --------------------------------------------------------------------------- 6.3 Euler rates


def rates_transpose_for_inverse(alpha, beta, gamma, omega_B):
    """E^T omega_B: the transpose used as the inverse (E is not a rotation)."""
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    return tuple(E.T @ omega_B)


def rates_beta_dot_sign(alpha, beta, gamma, omega_B):
    """beta' = cos(alpha) w1 + sin(alpha) w2: the sign of the second term."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 + np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.sin(beta)
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def rates_without_sin_beta(alpha, beta, gamma, omega_B):
    """gamma' without the division by sin(beta)."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = np.sin(alpha) * w1 + np.cos(alpha) * w2
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def rates_spin_is_w3(alpha, beta, gamma, omega_B):
    """alpha' = w3, the heading's share cos(beta) gamma' forgotten."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.sin(beta)
    return w3, beta_dot, gamma_dot


def rates_spin_sign(alpha, beta, gamma, omega_B):
    """alpha' = w3 + cos(beta) gamma': the sign of the heading's share."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.sin(beta)
    return w3 + np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def rates_solve_with_transpose(alpha, beta, gamma, omega_B):
    """np.linalg.solve with E built row for column (E^T solved instead of E)."""
    E = np.array([[0, 0, 1],
                  [np.cos(alpha), -np.sin(alpha), 0],
                  [np.sin(beta) * np.sin(alpha), np.sin(beta) * np.cos(alpha), np.cos(beta)]])
    return tuple(np.linalg.solve(E, omega_B))


def rates_sin_cos_of_alpha_swapped(alpha, beta, gamma, omega_B):
    """sin(alpha) and cos(alpha) exchanged in both rows."""
    w1, w2, w3 = omega_B
    beta_dot = np.sin(alpha) * w1 - np.cos(alpha) * w2
    gamma_dot = (np.cos(alpha) * w1 + np.sin(alpha) * w2) / np.sin(beta)
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def rates_gamma_for_alpha(alpha, beta, gamma, omega_B):
    """The heading gamma used where the spin alpha belongs (gamma does not enter)."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(gamma) * w1 - np.sin(gamma) * w2
    gamma_dot = (np.sin(gamma) * w1 + np.cos(gamma) * w2) / np.sin(beta)
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


def rates_cos_beta_divisor(alpha, beta, gamma, omega_B):
    """gamma' divided by cos(beta) instead of sin(beta)."""
    w1, w2, w3 = omega_B
    beta_dot = np.cos(alpha) * w1 - np.sin(alpha) * w2
    gamma_dot = (np.sin(alpha) * w1 + np.cos(alpha) * w2) / np.cos(beta)
    return w3 - np.cos(beta) * gamma_dot, beta_dot, gamma_dot


# --------------------------------------------------------------------------- 6.4 gyro torque


def gyro_omega_cross_L(L, omega):
    """omega x L, the source's order: the opposite sign."""
    return np.cross(omega, L)


def gyro_elementwise(L, omega):
    """L * omega element by element instead of the cross product."""
    return L * omega


def gyro_middle_component_sign(L, omega):
    """The cross product by hand with the sign of its middle component wrong."""
    L, w = np.asarray(L), np.asarray(omega)
    x = L[..., 1] * w[..., 2] - L[..., 2] * w[..., 1]
    y = L[..., 0] * w[..., 2] - L[..., 2] * w[..., 0]
    z = L[..., 0] * w[..., 1] - L[..., 1] * w[..., 0]
    return np.stack([x, y, z], axis=-1)


def gyro_rows_for_components(L, omega):
    """L[0], L[1], L[2] for the components: right for one pair, rows for n pairs."""
    x = L[1] * omega[2] - L[2] * omega[1]
    y = L[2] * omega[0] - L[0] * omega[2]
    z = L[0] * omega[1] - L[1] * omega[0]
    return np.array([x, y, z])


def gyro_cross_along_axis_0(L, omega):
    """np.cross(..., axis=0): for n pairs the components taken down the columns, not rows."""
    return np.cross(L, omega, axis=0)


def gyro_coriolis_factor_2(L, omega):
    """2 L x omega, the factor 2 of the Coriolis acceleration carried over."""
    return 2 * np.cross(L, omega)


# --------------------------------------------------------------------------- 6.5 lever arm


def _height(beta_v, R1, R2):
    return np.sqrt(R1**2 * np.cos(beta_v)**2 + R2**2 * np.sin(beta_v)**2)


def _contact(beta_v, R1, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def _contact_distance(beta_v, R1, R2):
    psi = np.arctan2(R2 * np.sin(beta_v), R1 * np.cos(beta_v))
    return np.hypot(R2 * np.sin(psi), R1 * np.cos(psi))


def offset_source_lever(beta_v, R1, R2):
    """|r| sin(beta_v), the source's lever arm (its eq. 31), with |r| centre to contact."""
    return _contact_distance(beta_v, R1, R2) * np.sin(beta_v)


def offset_sign(beta_v, R1, R2):
    """d = +dH/dbeta_v: the minus forgotten."""
    return (R2**2 - R1**2) * np.sin(beta_v) * np.cos(beta_v) / _height(beta_v, R1, R2)


def offset_without_division_by_H(beta_v, R1, R2):
    """The derivative of H^2 / 2 instead of H: the division by H forgotten."""
    return (R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v)


def offset_H_for_contact_distance(beta_v, R1, R2):
    """H sin(beta_v - beta_p): the height H used as the distance to the contact point."""
    return _height(beta_v, R1, R2) * np.sin(beta_v - _contact(beta_v, R1, R2))


def offset_angle_from_long_axis(beta_v, R1, R2):
    """|r| sin(beta_p): the contact's angle from the long axis, not from the vertical."""
    return _contact_distance(beta_v, R1, R2) * np.sin(_contact(beta_v, R1, R2))


def offset_chain_rule_half(beta_v, R1, R2):
    """The derivative of sqrt(u) taken as u' / (4 sqrt(u)): half the lever arm."""
    return (R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / (2 * _height(beta_v, R1, R2))


def offset_sin_2beta(beta_v, R1, R2):
    """sin(2 beta_v) where sin(beta_v) cos(beta_v) belongs: twice the lever arm."""
    return (R1**2 - R2**2) * np.sin(2 * beta_v) / _height(beta_v, R1, R2)


# --------------------------------------------------------------------------- 6.6 rocking period


def period_about_centre(R1, R2, mass, I_t, g):
    """The source's inertia I_t about the centre, not about the contact (m R2^2 forgotten)."""
    k = mass * g * (R1**2 - R2**2) / R2
    return 2 * np.pi * np.sqrt(I_t / k)


def stiffness_without_half(R1, R2, mass, I_t, g):
    """k read as the coefficient of eps^2 in m g H, the 1/2 of k eps^2 / 2 forgotten."""
    k = mass * g * (R1**2 - R2**2) / (2 * R2)
    return 2 * np.pi * np.sqrt((I_t + mass * R2**2) / k)


def expanded_H_squared(R1, R2, mass, I_t, g):
    """H^2 = R2^2 + (R1^2 - R2^2) eps^2 expanded and taken for H: the root forgotten."""
    k = 2 * mass * g * (R1**2 - R2**2)
    return 2 * np.pi * np.sqrt((I_t + mass * R2**2) / k)


def angular_frequency(R1, R2, mass, I_t, g):
    """Returned w0 = sqrt(k / J) [rad/s], not the period 2 pi / w0."""
    k = mass * g * (R1**2 - R2**2) / R2
    return np.sqrt(k / (I_t + mass * R2**2))


SLIPS = [
    ("egg.contact_angle", contact_angle_as_sphere),
    ("egg.contact_angle", contact_angle_parametric),
    ("egg.contact_angle", contact_angle_ratio_inverted),
    ("egg.contact_angle", contact_angle_arctan2_swapped),
    ("egg.contact_angle", contact_angle_wrong_side),
    ("egg.contact_angle", contact_angle_from_vertical),
    ("egg.contact_angle", contact_angle_one_square_dropped),
    ("egg.center_height", height_axes_swapped),
    ("egg.center_height", height_without_squares),
    ("egg.center_height", height_straight_down),
    ("egg.center_height", height_without_root),
    ("egg.center_height", height_distance_to_contact),
    ("egg.center_height", height_linear_in_squares_of_trig),
    ("egg.center_height", height_trig_not_squared),
    ("egg.euler_rates", rates_transpose_for_inverse),
    ("egg.euler_rates", rates_beta_dot_sign),
    ("egg.euler_rates", rates_without_sin_beta),
    ("egg.euler_rates", rates_spin_is_w3),
    ("egg.euler_rates", rates_spin_sign),
    ("egg.euler_rates", rates_solve_with_transpose),
    ("egg.euler_rates", rates_sin_cos_of_alpha_swapped),
    ("egg.euler_rates", rates_gamma_for_alpha),
    ("egg.euler_rates", rates_cos_beta_divisor),
    ("egg.gyro_torque", gyro_omega_cross_L),
    ("egg.gyro_torque", gyro_elementwise),
    ("egg.gyro_torque", gyro_middle_component_sign),
    ("egg.gyro_torque", gyro_rows_for_components),
    ("egg.gyro_torque", gyro_cross_along_axis_0),
    ("egg.gyro_torque", gyro_coriolis_factor_2),
    ("egg.contact_offset", offset_source_lever),
    ("egg.contact_offset", offset_sign),
    ("egg.contact_offset", offset_without_division_by_H),
    ("egg.contact_offset", offset_H_for_contact_distance),
    ("egg.contact_offset", offset_angle_from_long_axis),
    ("egg.contact_offset", offset_chain_rule_half),
    ("egg.contact_offset", offset_sin_2beta),
    ("egg.rocking_period", period_about_centre),
    ("egg.rocking_period", stiffness_without_half),
    ("egg.rocking_period", expanded_H_squared),
    ("egg.rocking_period", angular_frequency),
]
