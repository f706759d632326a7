"""Typical wrong answers to the exercises of chapter 3 (contact)."""

import numpy as np

from slips.sizing import sizing

# --------------------------------------------------------------------------- 3.1 stiffness


def stiffness_without_g(mass, penetration, g):
    """Forgot g: k = m / penetration (mass, not weight)."""
    return mass / penetration


def stiffness_from_energy(mass, penetration, g):
    """Energy balance k p^2 / 2 = m g p: twice the static stiffness."""
    return 2 * mass * g / penetration


def stiffness_inverted(mass, penetration, g):
    """k = p / (m g): the compliance, upside down."""
    return penetration / (mass * g)


def stiffness_times_penetration(mass, penetration, g):
    """k = m g p: multiplied by the depth instead of dividing."""
    return mass * g * penetration


def penetration_squared(mass, penetration, g):
    """k = m g / p^2, as for a Hertzian spring."""
    return mass * g / penetration**2


def stiffness_floor_division(mass, penetration, g):
    """Integer division: m * g // penetration."""
    return mass * g // penetration


def penetration_taken_in_mm(mass, penetration, g):
    """Converted the depth from mm to m, though it is already in m."""
    return mass * g / (penetration / 1000)


# --------------------------------------------------------------------------- 3.2 damping


def damping_without_2(k, mass, zeta):
    """c = zeta sqrt(k m): the 2 of c_crit = 2 sqrt(k m) dropped."""
    return zeta * np.sqrt(k * mass)


def damping_with_omega_n(k, mass, zeta):
    """c = 2 zeta sqrt(k / m): the natural frequency, not sqrt(k m)."""
    return 2 * zeta * np.sqrt(k / mass)


def damping_without_sqrt(k, mass, zeta):
    """c = 2 zeta k m: the square root forgotten."""
    return 2 * zeta * k * mass


def sqrt_of_k_only(k, mass, zeta):
    """c = 2 zeta m sqrt(k): only k under the root."""
    return 2 * zeta * mass * np.sqrt(k)


def divided_by_zeta(k, mass, zeta):
    """c = 2 sqrt(k m) / zeta: the ratio inverted."""
    return 2 * np.sqrt(k * mass) / zeta


def half_instead_of_two(k, mass, zeta):
    """c = zeta sqrt(k m) / 2: the 2 divided instead of multiplied."""
    return zeta * np.sqrt(k * mass) / 2


def zeta_under_the_root(k, mass, zeta):
    """c = 2 sqrt(zeta k m): zeta put under the square root."""
    return 2 * np.sqrt(zeta * k * mass)


# --------------------------------------------------------------------------- 3.3 normal force


def may_pull(depth, depth_rate, k, c):
    """Zero apart, but no clamp while in contact: a fast rebound pulls."""
    return np.where(depth > 0, k * depth + c * depth_rate, 0.0)


def no_depth_gate(depth, depth_rate, k, c):
    """Only clamps at zero: a body apart but approaching fast gets a push."""
    return np.maximum(k * depth + c * depth_rate, 0.0)


def touching_counts_as_contact(depth, depth_rate, k, c):
    """depth >= 0: at depth 0 exactly the damper already pushes."""
    force = k * depth + c * depth_rate
    return np.where((depth >= 0) & (force > 0), force, 0.0)


def only_spring_clamped(depth, depth_rate, k, c):
    """max(k depth, 0) + c depth_rate: the damper is not clamped."""
    return np.maximum(k * depth, 0.0) + c * depth_rate


def damper_sign(depth, depth_rate, k, c):
    """k depth - c depth_rate: the damper's sign."""
    force = k * depth - c * depth_rate
    return np.where((depth > 0) & (force > 0), force, 0.0)


def absolute_value(depth, depth_rate, k, c):
    """|k depth + c depth_rate| inside the contact: a pull turned into a push."""
    return np.where(depth > 0, np.abs(k * depth + c * depth_rate), 0.0)


def each_part_clamped(depth, depth_rate, k, c):
    """Clamps the spring and the damper separately: max(k d, 0) + max(c d', 0)."""
    return np.maximum(k * depth, 0.0) + np.maximum(c * depth_rate, 0.0)


def no_damper(depth, depth_rate, k, c):
    """Forgot the damper: only k depth where depth > 0."""
    return np.where(depth > 0, k * depth, 0.0)


def force_as_a_pull(depth, depth_rate, k, c):
    """Returns the force on the other body: minus the push."""
    force = k * depth + c * depth_rate
    return -np.where((depth > 0) & (force > 0), force, 0.0)


# --------------------------------------------------------------------------- 3.4 restitution


def arctan_of_ratio(zeta):
    """arctan(sin / cos) instead of arctan2: the wrong quadrant below 1/sqrt(2)."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan(2 * zeta * s / (2 * zeta**2 - 1))
    return np.exp(-zeta * phi / s)


def arcsin_of_sine(zeta):
    """phi = arcsin(2 zeta s): in the first quadrant only."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arcsin(2 * zeta * s)
    return np.exp(-zeta * phi / s)


def half_period_phi_pi(zeta):
    """phi = pi always: the contact lets go after half a damped period."""
    s = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * np.pi / s)


def without_s(zeta):
    """e = exp(-zeta phi): the 1/s left out."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi)


def s_without_sqrt(zeta):
    """s = 1 - zeta^2 without the square root."""
    s = 1 - zeta**2
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi / s)


def arctan2_arguments_swapped(zeta):
    """np.arctan2(cos, sin): the arguments the wrong way round."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta**2 - 1, 2 * zeta * s)
    return np.exp(-zeta * phi / s)


def cos_phi_sign(zeta):
    """cos(phi) = 1 - 2 zeta^2: the sign of cos phi."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 1 - 2 * zeta**2)
    return np.exp(-zeta * phi / s)


def exponent_sign(zeta):
    """e = exp(+zeta phi / s): restitution above 1."""
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(zeta * phi / s)


# --------------------------------------------------------------------------- 3.5 stop by impulses


def stop_without_g(v0, mu, h, g):
    """Speed lost per step mu h: the weight's g left out of the friction impulse."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        v = max(v - mu * h, 0.0)
        x += v * h
        t += h
    return x, t


def stop_time_in_steps(v0, mu, h, g):
    """The stop time returned as the number of steps."""
    x, v, steps = 0.0, v0, 0
    while v > 0:
        v = max(v - mu * g * h, 0.0)
        x += v * h
        steps += 1
    return x, steps


def stop_time_of_last_slide(v0, mu, h, g):
    """The time of the last step that still slid, one step before the stop."""
    x, v, t = 0.0, v0, 0.0
    while True:
        v_next = max(v - mu * g * h, 0.0)
        x += v_next * h
        if v_next == 0.0:
            return x, t
        v, t = v_next, t + h


# --------------------------------------------------------------------------- 3.4 Euler step


def euler_h_abs_lambda(k, c, mass):
    """h |lambda| <= 1 for each eigenvalue, not |1 + h lambda| <= 1."""
    lam = np.linalg.eigvals(np.array([[0.0, 1.0], [-k / mass, -c / mass]]))
    return float(np.min(1 / np.abs(lam)))


def euler_omega_without_root(k, c, mass):
    """omega_n = k / m in 2 zeta / omega_n (and the overdamped branch)."""
    omega = k / mass
    zeta = c / (2 * np.sqrt(k * mass))
    if zeta <= 1:
        return 2 * zeta / omega
    return 2 / (omega * (zeta + np.sqrt(zeta**2 - 1)))


def euler_zeta_without_two(k, c, mass):
    """zeta = c / sqrt(k m), the 2 of the critical damping dropped."""
    omega = np.sqrt(k / mass)
    zeta = c / np.sqrt(k * mass)
    if zeta <= 1:
        return 2 * zeta / omega
    return 2 / (omega * (zeta + np.sqrt(zeta**2 - 1)))


# --------------------------------------------------------------------------- 3.3 sizing
# Exercise 3.3 (size_contact) replaced the stiffness and damping exercises: each slip of
# those lines above is now the same line inside an otherwise right sizing of (k, c).


SLIPS = [
    ("contact.size_contact", sizing(stiffness=stiffness_without_g)),
    ("contact.size_contact", sizing(stiffness=stiffness_from_energy)),
    ("contact.size_contact", sizing(stiffness=stiffness_inverted)),
    ("contact.size_contact", sizing(stiffness=stiffness_times_penetration)),
    ("contact.size_contact", sizing(stiffness=penetration_squared)),
    ("contact.size_contact", sizing(stiffness=stiffness_floor_division)),
    ("contact.size_contact", sizing(stiffness=penetration_taken_in_mm)),
    ("contact.size_contact", sizing(damping=damping_without_2)),
    ("contact.size_contact", sizing(damping=damping_with_omega_n)),
    ("contact.size_contact", sizing(damping=damping_without_sqrt)),
    ("contact.size_contact", sizing(damping=sqrt_of_k_only)),
    ("contact.size_contact", sizing(damping=divided_by_zeta)),
    ("contact.size_contact", sizing(damping=half_instead_of_two)),
    ("contact.size_contact", sizing(damping=zeta_under_the_root)),
    ("contact.normal_force", may_pull),
    ("contact.normal_force", no_depth_gate),
    ("contact.normal_force", touching_counts_as_contact),
    ("contact.normal_force", only_spring_clamped),
    ("contact.normal_force", damper_sign),
    ("contact.normal_force", absolute_value),
    ("contact.normal_force", each_part_clamped),
    ("contact.normal_force", no_damper),
    ("contact.normal_force", force_as_a_pull),
    ("contact.restitution_linear", arctan_of_ratio),
    ("contact.restitution_linear", arcsin_of_sine),
    ("contact.restitution_linear", half_period_phi_pi),
    ("contact.restitution_linear", without_s),
    ("contact.restitution_linear", s_without_sqrt),
    ("contact.restitution_linear", arctan2_arguments_swapped),
    ("contact.restitution_linear", cos_phi_sign),
    ("contact.restitution_linear", exponent_sign),
    ("contact.euler_step_limit", euler_h_abs_lambda),
    ("contact.euler_step_limit", euler_omega_without_root),
    ("contact.euler_step_limit", euler_zeta_without_two),
    ("contact.stop_by_impulses", stop_without_g),
    ("contact.stop_by_impulses", stop_time_in_steps),
    ("contact.stop_by_impulses", stop_time_of_last_slide),
]
