"""Typical wrong answers to the exercises of chapter 3 (contact)."""

import numpy as np

from slips.sizing import sizing

# --------------------------------------------------------------------------- 3.1 stiffness


def stiffness_forgot_g(mass, penetration, g):
    """g forgotten: the mass, not the weight, over the penetration."""
    return mass / penetration


def stiffness_penetration_from_mm(mass, penetration, g):
    """The penetration converted from mm to m although it is already in m."""
    return mass * g / (penetration / 1000)


def stiffness_upside_down(mass, penetration, g):
    """penetration / (m g): the ratio upside down (a compliance, m/N)."""
    return penetration / (mass * g)


def stiffness_energy_balance(mass, penetration, g):
    """1/2 k d^2 = m g d (energy of a drop) instead of the force balance k d = m g."""
    return 2 * mass * g / penetration


def stiffness_penetration_squared(mass, penetration, g):
    """m g / d^2: the penetration squared."""
    return mass * g / penetration**2


def stiffness_times_penetration(mass, penetration, g):
    """m g d: multiplied by the penetration instead of divided."""
    return mass * g * penetration


# --------------------------------------------------------------------------- 3.2 damping


def damping_missing_2(k, mass, zeta):
    """zeta sqrt(k m): the 2 of c_crit = 2 sqrt(k m) forgotten."""
    return zeta * np.sqrt(k * mass)


def damping_natural_frequency(k, mass, zeta):
    """2 zeta sqrt(k/m) = 2 zeta omega_n: the mass divided, not multiplied (c/m, not c)."""
    return 2 * zeta * np.sqrt(k / mass)


def damping_ratio_upside_down(k, mass, zeta):
    """zeta / (2 sqrt(k m)): the definition zeta = c / (2 sqrt(k m)) solved the wrong way."""
    return zeta / (2 * np.sqrt(k * mass))


def damping_sqrt_of_k_only(k, mass, zeta):
    """2 zeta m sqrt(k): omega_n = sqrt(k) with the mass forgotten under the root."""
    return 2 * zeta * mass * np.sqrt(k)


def damping_power_precedence(k, mass, zeta):
    """(k m)**1/2 is (k m)/2 in Python: the square root lost to operator precedence."""
    return 2 * zeta * (k * mass)**1 / 2


def damping_critical_only(k, mass, zeta):
    """2 sqrt(k m), the critical damping, with zeta forgotten."""
    return 2 * np.sqrt(k * mass)


# --------------------------------------------------------------------------- 3.3 normal force


def normal_can_pull(depth, depth_rate, k, c):
    """Zero while apart, but not clamped at 0 in contact: the damper may pull."""
    return np.where(depth > 0, k * depth + c * depth_rate, 0.0)


def normal_no_depth_test(depth, depth_rate, k, c):
    """Only clamped at 0: a body still apart but approaching fast gets a force."""
    return np.maximum(k * depth + c * depth_rate, 0.0)


def normal_contact_at_zero_depth(depth, depth_rate, k, c):
    """depth >= 0 counted as contact, where the force is 0 for depth <= 0."""
    return np.where(depth >= 0, np.maximum(k * depth + c * depth_rate, 0.0), 0.0)


def normal_no_damper(depth, depth_rate, k, c):
    """The damper c depth_rate forgotten."""
    return np.where(depth > 0, np.maximum(k * depth, 0.0), 0.0)


def normal_damper_sign(depth, depth_rate, k, c):
    """k depth - c depth_rate: the damper with the wrong sign."""
    return np.where(depth > 0, np.maximum(k * depth - c * depth_rate, 0.0), 0.0)


def normal_only_damper_clamped(depth, depth_rate, k, c):
    """The damper's part clamped at 0 on its own instead of the sum."""
    return np.where(depth > 0, k * depth + np.maximum(c * depth_rate, 0.0), 0.0)


def normal_absolute_value(depth, depth_rate, k, c):
    """|k depth + c depth_rate|: a pull turned into a push instead of cut to 0."""
    return np.where(depth > 0, np.abs(k * depth + c * depth_rate), 0.0)


# --------------------------------------------------------------------------- 3.4 restitution


def restitution_arctan(zeta):
    """np.arctan of the ratio: phi in the wrong quadrant for zeta < 1/sqrt(2)."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan(2 * zeta * s / (2 * zeta**2 - 1))
    return np.exp(-zeta * phi / s)


def restitution_arcsin(zeta):
    """phi = arcsin(2 zeta s): the wrong quadrant for zeta < 1/sqrt(2)."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arcsin(2 * zeta * s)
    return np.exp(-zeta * phi / s)


def restitution_no_s(zeta):
    """exp(-zeta phi), the division by s forgotten."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi)


def restitution_exponent_sign(zeta):
    """exp(+zeta phi / s): the sign of the exponent lost (e > 1)."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(zeta * phi / s)


def restitution_half_period(zeta):
    """phi = pi: contact ends after half a damped period (the textbook's undamped picture)."""
    s = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * np.pi / s)


def restitution_arctan2_swapped(zeta):
    """np.arctan2(cos, sin): the arguments in the wrong order."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta**2 - 1, 2 * zeta * s)
    return np.exp(-zeta * phi / s)


def restitution_sine_without_2(zeta):
    """sin(phi) = zeta s, the 2 of 2 zeta s dropped."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi / s)


def restitution_s_without_square(zeta):
    """s = sqrt(1 - zeta), the square of zeta forgotten."""
    s = np.sqrt(1 - zeta)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi / s)




# --------------------------------------------------------------------------- 3.5 stop by impulses


def stop_continuous(v0, mu, h, g):
    """The continuous stop distance and time, no loop: the scheme's step ignored."""
    return v0**2 / (2 * mu * g), v0 / (mu * g)


def stop_position_before_speed(v0, mu, h, g):
    """Explicit Euler: the position moved with the speed before the friction acts."""
    x, v, n = 0.0, v0, 0
    while v > 0:
        x = x + h * v
        v = max(v - mu * g * h, 0.0)
        n += 1
    return x, n * h


def stop_speed_goes_negative(v0, mu, h, g):
    """Friction always mu g h: the last step overshoots below zero speed."""
    x, v, n = 0.0, v0, 0
    while v > 0:
        v -= mu * g * h
        x += h * v
        n += 1
    return x, n * h


# --------------------------------------------------------------------------- 3.4 Euler step


def euler_limit_undamped(k, c, mass):
    """2 / omega_n, the damping ignored."""
    return 2 / np.sqrt(k / mass)


def euler_limit_slow_mode(k, c, mass):
    """Overdamped: the slow real eigenvalue used instead of the fast one."""
    omega = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    if zeta <= 1:
        return 2 * zeta / omega
    return 2 / (omega * (zeta - np.sqrt(zeta**2 - 1)))


def euler_limit_real_part(k, c, mass):
    """Only Re(h lambda) >= -2 asked: 2 / (zeta omega_n) below critical damping."""
    omega = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    if zeta <= 1:
        return 2 / (zeta * omega) if zeta > 0 else np.inf
    return 2 / (omega * (zeta + np.sqrt(zeta**2 - 1)))


# --------------------------------------------------------------------------- 3.3 sizing
# Exercise 3.3 (size_contact) replaced the stiffness and damping exercises: each slip of
# those lines above is now the same line inside an otherwise right sizing of (k, c).


SLIPS = [
    ("contact.size_contact", sizing(stiffness=stiffness_forgot_g)),
    ("contact.size_contact", sizing(stiffness=stiffness_penetration_from_mm)),
    ("contact.size_contact", sizing(stiffness=stiffness_upside_down)),
    ("contact.size_contact", sizing(stiffness=stiffness_energy_balance)),
    ("contact.size_contact", sizing(stiffness=stiffness_penetration_squared)),
    ("contact.size_contact", sizing(stiffness=stiffness_times_penetration)),
    ("contact.size_contact", sizing(damping=damping_missing_2)),
    ("contact.size_contact", sizing(damping=damping_natural_frequency)),
    ("contact.size_contact", sizing(damping=damping_ratio_upside_down)),
    ("contact.size_contact", sizing(damping=damping_sqrt_of_k_only)),
    ("contact.size_contact", sizing(damping=damping_power_precedence)),
    ("contact.size_contact", sizing(damping=damping_critical_only)),
    ("contact.normal_force", normal_can_pull),
    ("contact.normal_force", normal_no_depth_test),
    ("contact.normal_force", normal_contact_at_zero_depth),
    ("contact.normal_force", normal_no_damper),
    ("contact.normal_force", normal_damper_sign),
    ("contact.normal_force", normal_only_damper_clamped),
    ("contact.normal_force", normal_absolute_value),
    ("contact.restitution_linear", restitution_arctan),
    ("contact.restitution_linear", restitution_arcsin),
    ("contact.restitution_linear", restitution_no_s),
    ("contact.restitution_linear", restitution_exponent_sign),
    ("contact.restitution_linear", restitution_half_period),
    ("contact.restitution_linear", restitution_arctan2_swapped),
    ("contact.restitution_linear", restitution_sine_without_2),
    ("contact.restitution_linear", restitution_s_without_square),
    ("contact.euler_step_limit", euler_limit_undamped),
    ("contact.euler_step_limit", euler_limit_slow_mode),
    ("contact.euler_step_limit", euler_limit_real_part),
    ("contact.stop_by_impulses", stop_continuous),
    ("contact.stop_by_impulses", stop_position_before_speed),
    ("contact.stop_by_impulses", stop_speed_goes_negative),
]
