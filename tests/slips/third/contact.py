"""Blind slips for exercises 3.3, 3.4 and 3.5 (contact): written from the exercise notebook, the
chapter and the solutions, without reading the checks."""

import numpy as np
from scipy.optimize import brentq


def _restitution_linear(zeta):
    """The student's own, right, answer to exercise 3.2, which 3.3 builds on."""
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi / s)


def _ratio_for(restitution, law=_restitution_linear):
    return brentq(lambda z: law(z) - restitution, 0.0, 1 - 1e-9, xtol=1e-15, rtol=1e-15)


# --------------------------------------------------------------------------- 3.3 size_contact


def size_classic_restitution(mass, penetration, restitution, g):
    """Inverted the classic depth-back-to-zero law e = exp(-pi zeta/sqrt(1 - zeta^2))."""
    k = mass * g / penetration
    log_e = np.log(restitution)
    zeta = -log_e / np.sqrt(np.pi**2 + log_e**2)
    return k, 2 * zeta * np.sqrt(k * mass)


def size_energy_balance_stiffness(mass, penetration, restitution, g):
    """Sized k by an energy balance, k d^2 / 2 = m g d, which gives k = 2 m g / d."""
    k = 2 * mass * g / penetration
    zeta = _ratio_for(restitution)
    return k, 2 * zeta * np.sqrt(k * mass)


def size_mass_as_weight(mass, penetration, restitution, g):
    """Left g out of the spring's load: k = m / d, as if the mass in kg were the weight."""
    k = mass / penetration
    zeta = _ratio_for(restitution)
    return k, 2 * zeta * np.sqrt(k * mass)


def size_damping_without_two(mass, penetration, restitution, g):
    """Dropped the 2 of c = 2 zeta sqrt(k m)."""
    k = mass * g / penetration
    zeta = _ratio_for(restitution)
    return k, zeta * np.sqrt(k * mass)


def size_damping_per_unit_mass(mass, penetration, restitution, g):
    """Took c from the oscillator's coefficient 2 zeta omega_n, forgetting to multiply by m."""
    k = mass * g / penetration
    zeta = _ratio_for(restitution)
    return k, 2 * zeta * np.sqrt(k / mass)


def size_energy_restitution(mass, penetration, restitution, g):
    """Read the restitution as the fraction of energy kept, and matched e^2 to it."""
    k = mass * g / penetration
    zeta = brentq(lambda z: _restitution_linear(z) ** 2 - restitution, 0.0, 1 - 1e-9,
                  xtol=1e-15, rtol=1e-15)
    return k, 2 * zeta * np.sqrt(k * mass)


def size_arctan_quadrant(mass, penetration, restitution, g):
    """Used np.arctan of the ratio for the release phase, which lands in the wrong quadrant."""
    def law(zeta):
        s = np.sqrt(1 - zeta**2)
        phi = np.arctan(2 * zeta * s / (2 * zeta**2 - 1))
        return np.exp(-zeta * phi / s)

    k = mass * g / penetration
    zeta = _ratio_for(restitution, law)
    return k, 2 * zeta * np.sqrt(k * mass)


def size_release_cosine_sign(mass, penetration, restitution, g):
    """Got the sign of the release phase's cosine wrong: atan2(2 zeta s, 1 - 2 zeta^2)."""
    def law(zeta):
        s = np.sqrt(1 - zeta**2)
        phi = np.arctan2(2 * zeta * s, 1 - 2 * zeta**2)
        return np.exp(-zeta * phi / s)

    k = mass * g / penetration
    zeta = _ratio_for(restitution, law)
    return k, 2 * zeta * np.sqrt(k * mass)


# --------------------------------------------------------------------------- 3.4 euler_step_limit


def step_undamped_rule(k, c, mass):
    """Applied h < 2/|lambda| also to the complex modes, whose |lambda| is omega_n."""
    omega_n = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    if zeta <= 1:
        return 2 / omega_n
    return 2 / (omega_n * (zeta + np.sqrt(zeta**2 - 1)))


def step_real_part_only(k, c, mass):
    """Kept only the real part of the complex eigenvalues: h < 2/|Re lambda|."""
    omega_n = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    if zeta <= 1:
        return 2 / (zeta * omega_n)
    return 2 / (omega_n * (zeta + np.sqrt(zeta**2 - 1)))


def step_slow_mode(k, c, mass):
    """Above critical damping took the limit of the slow mode instead of the fast one."""
    omega_n = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    if zeta <= 1:
        return 2 * zeta / omega_n
    return 2 / (omega_n * (zeta - np.sqrt(zeta**2 - 1)))


def step_underdamped_formula_always(k, c, mass):
    """Used h = 2 zeta/omega_n = c/k for every damping, forgetting the real eigenvalues."""
    return c / k


def step_without_factor_two(k, c, mass):
    """Dropped the 2 from |1 + h lambda|^2 <= 1: h = -Re(lambda)/|lambda|^2."""
    A = np.array([[0.0, 1.0], [-k / mass, -c / mass]])
    lams = np.linalg.eigvals(A)
    return np.min(-lams.real / np.abs(lams) ** 2)


def step_ratio_without_two(k, c, mass):
    """Wrote the damping ratio as c/sqrt(k m), without its 2."""
    omega_n = np.sqrt(k / mass)
    zeta = c / np.sqrt(k * mass)
    if zeta <= 1:
        return 2 * zeta / omega_n
    return 2 / (omega_n * (zeta + np.sqrt(zeta**2 - 1)))


def step_damping_not_over_mass(k, c, mass):
    """Wrote A with -c instead of -c/m in its second row."""
    A = np.array([[0.0, 1.0], [-k / mass, -c]])
    lams = np.linalg.eigvals(A)
    return np.min(-2 * lams.real / np.abs(lams) ** 2)


def step_coarse_scan(k, c, mass):
    """Found the limit by scanning h on a grid and keeping the last stable step."""
    A = np.array([[0.0, 1.0], [-k / mass, -c / mass]])
    omega_n = np.sqrt(k / mass)
    best = 0.0
    for h in np.linspace(0.0, 4 / omega_n, 1001):
        radius = np.max(np.abs(np.linalg.eigvals(np.eye(2) + h * A)))
        if radius <= 1:
            best = h
        else:
            break
    return best


# --------------------------------------------------------------------------- 3.5 stop_by_impulses


def stop_old_speed(v0, mu, h, g):
    """Moved the block with the speed at the start of the step, then updated the speed."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        t += h
        x += h * v
        v = v - mu * g * h if v > mu * g * h else 0.0
    return x, t


def stop_mean_speed(v0, mu, h, g):
    """Moved the block with the mean of the old and new speeds in each step."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        t += h
        v_new = v - mu * g * h if v > mu * g * h else 0.0
        x += h * (v + v_new) / 2
        v = v_new
    return x, t


def stop_time_of_last_sliding_step(v0, mu, h, g):
    """Returned the time of the last step that still moved, not of the step that stopped it."""
    x, v, t = 0.0, v0, 0.0
    while v > mu * g * h:
        t += h
        v -= mu * g * h
        x += h * v
    return x, t


def stop_overshoot(v0, mu, h, g):
    """Took the full mu g h off in the last step too, so the block ends it moving backwards."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        t += h
        v -= mu * g * h
        x += h * v
    return x, t


def stop_force_not_impulse(v0, mu, h, g):
    """Took mu g, a force per unit mass, off the speed each step instead of the impulse mu g h."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        t += h
        v = v - mu * g if v > mu * g else 0.0
        x += h * v
    return x, t


def stop_normal_impulse_without_weight(v0, mu, h, g):
    """Took the normal impulse per unit mass as h, leaving g out of the friction impulse."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        t += h
        v = v - mu * h if v > mu * h else 0.0
        x += h * v
    return x, t


def stop_continuous(v0, mu, h, g):
    """Returned the continuous motion's v0^2/(2 mu g) and v0/(mu g) instead of the scheme's."""
    return v0**2 / (2 * mu * g), v0 / (mu * g)


def stop_swapped_outputs(v0, mu, h, g):
    """Returned (time, distance) instead of (distance, time)."""
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        t += h
        v = v - mu * g * h if v > mu * g * h else 0.0
        x += h * v
    return t, x


SLIPS = [
    ("contact.size_contact", size_classic_restitution),
    ("contact.size_contact", size_energy_balance_stiffness),
    ("contact.size_contact", size_mass_as_weight),
    ("contact.size_contact", size_damping_without_two),
    ("contact.size_contact", size_damping_per_unit_mass),
    ("contact.size_contact", size_energy_restitution),
    ("contact.size_contact", size_arctan_quadrant),
    ("contact.size_contact", size_release_cosine_sign),
    ("contact.euler_step_limit", step_undamped_rule),
    ("contact.euler_step_limit", step_real_part_only),
    ("contact.euler_step_limit", step_slow_mode),
    ("contact.euler_step_limit", step_underdamped_formula_always),
    ("contact.euler_step_limit", step_without_factor_two),
    ("contact.euler_step_limit", step_ratio_without_two),
    ("contact.euler_step_limit", step_damping_not_over_mass),
    ("contact.euler_step_limit", step_coarse_scan),
    ("contact.stop_by_impulses", stop_old_speed),
    ("contact.stop_by_impulses", stop_mean_speed),
    ("contact.stop_by_impulses", stop_time_of_last_sliding_step),
    ("contact.stop_by_impulses", stop_overshoot),
    ("contact.stop_by_impulses", stop_force_not_impulse),
    ("contact.stop_by_impulses", stop_normal_impulse_without_weight),
    ("contact.stop_by_impulses", stop_continuous),
    ("contact.stop_by_impulses", stop_swapped_outputs),
]
