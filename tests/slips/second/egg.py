"""Typical wrong answers to the exercises of chapter 6 (the egg-shaped robot)."""

import numpy as np

# --------------------------------------------------------------------------- 6.1 contact angle


def contact_at_the_tilt(beta_v, R1, R2):
    """beta_p = beta_v: the sphere's answer, the contact taken to follow the tilt."""
    return beta_v


def parametric_angle(beta_v, R1, R2):
    """Returns the parametric angle psi, tan psi = (R2/R1) tan beta_v, not beta_p."""
    return np.arctan2(R2 * np.sin(beta_v), R1 * np.cos(beta_v))


def ratio_inverted(beta_v, R1, R2):
    """tan beta_p = (R1/R2)^2 tan beta_v: the axes' ratio upside down."""
    return np.arctan2(R1**2 * np.sin(beta_v), R2**2 * np.cos(beta_v))


def angle_from_the_vertical(beta_v, R1, R2):
    """Returns beta_v - beta_p, the contact's angle from the vertical, not from the axis."""
    return beta_v - np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def arcsin_of_sines(beta_v, R1, R2):
    """sin beta_p = (R2/R1)^2 sin beta_v: sines where the tangents belong."""
    return np.arcsin((R2 / R1)**2 * np.sin(beta_v))


def complement(beta_v, R1, R2):
    """pi/2 - beta_p: the angle from the short axis."""
    return np.pi / 2 - np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


# --------------------------------------------------------------------------- 6.2 centre height


def straight_down_to_shell(beta_v, R1, R2):
    """The distance straight down to the shell (the polar radius), not the support function."""
    return R1 * R2 / np.sqrt((R2 * np.cos(beta_v))**2 + (R1 * np.sin(beta_v))**2)


def height_sin_cos_swapped(beta_v, R1, R2):
    """R1 with sin and R2 with cos: R2 upright, R1 lying."""
    return np.sqrt((R1 * np.sin(beta_v))**2 + (R2 * np.cos(beta_v))**2)


def height_without_sqrt(beta_v, R1, R2):
    """H^2 returned: the square root forgotten."""
    return (R1 * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2


def height_linear(beta_v, R1, R2):
    """H = R1 cos beta_v + R2 sin beta_v: the components added, not in quadrature."""
    return R1 * np.cos(beta_v) + R2 * np.sin(beta_v)


def distance_to_contact(beta_v, R1, R2):
    """The distance from the centre to the contact point |r(beta_p)|, not its height."""
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))
    return R1 * R2 / np.sqrt((R2 * np.cos(beta_p))**2 + (R1 * np.sin(beta_p))**2)


def cos_squared_mix(beta_v, R1, R2):
    """H = R1 cos^2 + R2 sin^2: an interpolation between the ends, right only there."""
    return R1 * np.cos(beta_v)**2 + R2 * np.sin(beta_v)**2


def radii_not_squared(beta_v, R1, R2):
    """sqrt(R1 cos^2 + R2 sin^2): the semi-axes not squared."""
    return np.sqrt(R1 * np.cos(beta_v)**2 + R2 * np.sin(beta_v)**2)


# --------------------------------------------------------------------------- 6.3 Euler rates


def _E(alpha, beta):
    return np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                     [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                     [1, 0, np.cos(beta)]])


def transpose_of_E(alpha, beta, gamma, omega_B):
    """E's transpose as its inverse, though E is not a rotation matrix."""
    a, b, c = _E(alpha, beta).T @ omega_B
    return a, b, c


def E_times_omega(alpha, beta, gamma, omega_B):
    """Multiplied by E instead of solving with it."""
    a, b, c = _E(alpha, beta) @ omega_B
    return a, b, c


def gamma_dot_not_divided(alpha, beta, gamma, omega_B):
    """gamma_dot without the division by sin(beta)."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = wx * np.sin(alpha) + wy * np.cos(alpha)
    return wz - gamma_dot * np.cos(beta), beta_dot, gamma_dot


def alpha_dot_is_wz(alpha, beta, gamma, omega_B):
    """alpha_dot = omega_z: the heading's share of the third row forgotten."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.sin(beta)
    return wz, beta_dot, gamma_dot


def alpha_dot_plus(alpha, beta, gamma, omega_B):
    """alpha_dot = omega_z + gamma_dot cos(beta): the sign of moving a term across."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.sin(beta)
    return wz + gamma_dot * np.cos(beta), beta_dot, gamma_dot


def in_the_order_solved(alpha, beta, gamma, omega_B):
    """Returns (beta_dot, gamma_dot, alpha_dot), the order they were solved in."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.sin(beta)
    return beta_dot, gamma_dot, wz - gamma_dot * np.cos(beta)


def divided_by_cos_beta(alpha, beta, gamma, omega_B):
    """gamma_dot divided by cos(beta) where sin(beta) belongs."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) - wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.cos(beta)
    return wz - gamma_dot * np.cos(beta), beta_dot, gamma_dot


def beta_dot_sign(alpha, beta, gamma, omega_B):
    """beta_dot = wx cos(alpha) + wy sin(alpha): the sign of the -sin(alpha) row."""
    wx, wy, wz = omega_B
    beta_dot = wx * np.cos(alpha) + wy * np.sin(alpha)
    gamma_dot = (wx * np.sin(alpha) + wy * np.cos(alpha)) / np.sin(beta)
    return wz - gamma_dot * np.cos(beta), beta_dot, gamma_dot


def angles_swapped_in_E(alpha, beta, gamma, omega_B):
    """Built E with alpha and beta exchanged, then solved."""
    a, b, c = np.linalg.solve(_E(beta, alpha), omega_B)
    return a, b, c


# --------------------------------------------------------------------------- 6.4 gyro term


def source_order(L, omega):
    """omega x L, the source's order: the opposite sign."""
    return np.cross(omega, L)


def elementwise_product(L, omega):
    """L * omega: the element-wise product, not the cross product."""
    return np.asarray(L) * np.asarray(omega)


def dot_product(L, omega):
    """np.dot: a scalar (or fails on rows), not the cross product."""
    return np.dot(L, omega)


def y_component_sign(L, omega):
    """A hand-written cross product with the y component's sign wrong."""
    L, w = np.asarray(L, float), np.asarray(omega, float)
    x = L[..., 1] * w[..., 2] - L[..., 2] * w[..., 1]
    y = L[..., 0] * w[..., 2] - L[..., 2] * w[..., 0]
    z = L[..., 0] * w[..., 1] - L[..., 1] * w[..., 0]
    return np.stack([x, y, z], axis=-1)


def indexed_by_rows(L, omega):
    """A hand-written cross product with L[0], L[1], L[2]: rows, not components, for (n, 3)."""
    x = L[1] * omega[2] - L[2] * omega[1]
    y = L[2] * omega[0] - L[0] * omega[2]
    z = L[0] * omega[1] - L[1] * omega[0]
    return np.array([x, y, z])


def stacked_as_columns(L, omega):
    """Components with L[..., k], stacked with np.array: shape (3, n) for (n, 3) inputs."""
    L, w = np.asarray(L, float), np.asarray(omega, float)
    return np.array([L[..., 1] * w[..., 2] - L[..., 2] * w[..., 1],
                     L[..., 2] * w[..., 0] - L[..., 0] * w[..., 2],
                     L[..., 0] * w[..., 1] - L[..., 1] * w[..., 0]])


# --------------------------------------------------------------------------- 6.5 lever arm


def source_lever_arm(beta_v, R1, R2):
    """The source's |r| sin(beta): the distance to the contact times sin of the tilt."""
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))
    r = R1 * R2 / np.sqrt((R2 * np.cos(beta_p))**2 + (R1 * np.sin(beta_p))**2)
    return r * np.sin(beta_v)


def offset_sign(beta_v, R1, R2):
    """d = +dH/dbeta_v: towards the upper end."""
    H = np.sqrt((R1 * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)
    return -(R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / H


def derivative_of_H_squared(beta_v, R1, R2):
    """Differentiated H^2, not H: the division by H forgotten."""
    return (R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v)


def lever_at_contact_angle(beta_v, R1, R2):
    """|r| sin(beta_p): the angle from the long axis, not from the vertical."""
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))
    r = R1 * R2 / np.sqrt((R2 * np.cos(beta_p))**2 + (R1 * np.sin(beta_p))**2)
    return r * np.sin(beta_p)


def coarse_difference(beta_v, R1, R2):
    """A forward difference with h = 1e-3 rad: off by far more than 1e-7 m."""
    h = 1e-3

    def H(b):
        return np.sqrt((R1 * np.cos(b))**2 + (R2 * np.sin(b))**2)
    return -(H(beta_v + h) - H(beta_v)) / h


def vertical_part_for_horizontal(beta_v, R1, R2):
    """|r| cos(beta_v - beta_p): the vertical part of r, that is H, not the horizontal one."""
    beta_p = np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))
    r = R1 * R2 / np.sqrt((R2 * np.cos(beta_p))**2 + (R1 * np.sin(beta_p))**2)
    return r * np.cos(beta_v - beta_p)


def double_angle_without_half(beta_v, R1, R2):
    """sin(2 beta) for sin(beta) cos(beta), the 1/2 forgotten."""
    H = np.sqrt((R1 * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)
    return (R1**2 - R2**2) * np.sin(2 * beta_v) / H


def lever_with_psi(beta_v, R1, R2):
    """The contact's angle taken as the parametric psi: |r(psi)| sin(beta_v - psi)."""
    psi = np.arctan2(R2 * np.sin(beta_v), R1 * np.cos(beta_v))
    r = R1 * R2 / np.sqrt((R2 * np.cos(psi))**2 + (R1 * np.sin(psi))**2)
    return r * np.sin(beta_v - psi)


# --------------------------------------------------------------------------- 6.6 rocking period


def contact_at_long_radius(R1, R2, mass, I_t, g):
    """Parallel axis term m R1^2: the contact taken at the long semi-axis, not R2 below."""
    k = mass * g * (R1**2 - R2**2) / R2
    return 2 * np.pi * np.sqrt((I_t + mass * R1**2) / k)


def stiffness_over_R1(R1, R2, mass, I_t, g):
    """k = m g (R1^2 - R2^2) / R1: H expanded about R1 (the standing egg's height)."""
    k = mass * g * (R1**2 - R2**2) / R1
    return 2 * np.pi * np.sqrt((I_t + mass * R2**2) / k)


def without_two_pi(R1, R2, mass, I_t, g):
    """T = sqrt(J / k): the 2 pi of the period forgotten."""
    k = mass * g * (R1**2 - R2**2) / R2
    return np.sqrt((I_t + mass * R2**2) / k)


def pendulum_of_length_difference(R1, R2, mass, I_t, g):
    """A pendulum of length R1 - R2, k = m g (R1 - R2), instead of expanding H."""
    k = mass * g * (R1 - R2)
    return 2 * np.pi * np.sqrt((I_t + mass * R2**2) / k)


SLIPS = [
    ("egg.contact_angle", contact_at_the_tilt),
    ("egg.contact_angle", parametric_angle),
    ("egg.contact_angle", ratio_inverted),
    ("egg.contact_angle", angle_from_the_vertical),
    ("egg.contact_angle", arcsin_of_sines),
    ("egg.contact_angle", complement),
    ("egg.center_height", straight_down_to_shell),
    ("egg.center_height", height_sin_cos_swapped),
    ("egg.center_height", height_without_sqrt),
    ("egg.center_height", height_linear),
    ("egg.center_height", distance_to_contact),
    ("egg.center_height", cos_squared_mix),
    ("egg.center_height", radii_not_squared),
    ("egg.euler_rates", transpose_of_E),
    ("egg.euler_rates", E_times_omega),
    ("egg.euler_rates", gamma_dot_not_divided),
    ("egg.euler_rates", alpha_dot_is_wz),
    ("egg.euler_rates", alpha_dot_plus),
    ("egg.euler_rates", in_the_order_solved),
    ("egg.euler_rates", divided_by_cos_beta),
    ("egg.euler_rates", beta_dot_sign),
    ("egg.euler_rates", angles_swapped_in_E),
    ("egg.gyro_torque", source_order),
    ("egg.gyro_torque", elementwise_product),
    ("egg.gyro_torque", dot_product),
    ("egg.gyro_torque", y_component_sign),
    ("egg.gyro_torque", indexed_by_rows),
    ("egg.gyro_torque", stacked_as_columns),
    ("egg.contact_offset", source_lever_arm),
    ("egg.contact_offset", offset_sign),
    ("egg.contact_offset", derivative_of_H_squared),
    ("egg.contact_offset", lever_at_contact_angle),
    ("egg.contact_offset", coarse_difference),
    ("egg.contact_offset", vertical_part_for_horizontal),
    ("egg.contact_offset", double_angle_without_half),
    ("egg.contact_offset", lever_with_psi),
    ("egg.rocking_period", contact_at_long_radius),
    ("egg.rocking_period", stiffness_over_R1),
    ("egg.rocking_period", without_two_pi),
    ("egg.rocking_period", pendulum_of_length_difference),
]
