"""Typical wrong answers to the exercises of chapter 3 (contact)."""

import numpy as np
from scipy.integrate import solve_ivp

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


def _linear_integrals(p0, p1, a, b, width):
    """Force and moment of p0 + (p1 - p0) s over s in (a, b), x = width (s - 1/2)."""
    b = np.maximum(a, b)
    f = p0 * (b - a) + (p1 - p0) * (b**2 - a**2) / 2
    fs = p0 * (b**2 - a**2) / 2 + (p1 - p0) * (b**3 - a**3) / 3
    return width * f, width**2 * (fs - f / 2)


def _positive(f0, f1):
    """s-interval of [0, 1] where f0 + (f1 - f0) s > 0."""
    f0, f1 = np.asarray(f0, float), np.asarray(f1, float)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.clip(f0 / (f0 - f1), 0, 1)
    a = np.where(f1 > f0, s, np.where(f1 < f0, 0.0, np.where(f0 > 0, 0.0, 1.0)))
    b = np.where(f1 < f0, s, np.where(f1 > f0, 1.0, np.where(f0 > 0, 1.0, 0.0)))
    return a, b


def foot_can_pull(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Cut at depth 0 only: the floor pulls where the foot lifts off fast."""
    p0, p1 = k * depth_left + c * rate_left, k * depth_right + c * rate_right
    a, b = _positive(depth_left, depth_right)
    return _linear_integrals(p0, p1, a, b, width)


def foot_no_depth_test(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Cut where the pressure is negative only: a foot above the floor still feels its damper."""
    p0, p1 = k * depth_left + c * rate_left, k * depth_right + c * rate_right
    a, b = _positive(p0, p1)
    return _linear_integrals(p0, p1, a, b, width)


def foot_ends_clamped(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The point law at both ends, then the whole foot as a trapezoid of those two values."""
    def end(d, r):
        return np.where(np.asarray(d) > 0, np.maximum(k * d + c * r, 0.0), 0.0)

    p0, p1 = end(depth_left, rate_left), end(depth_right, rate_right)
    return _linear_integrals(p0, p1, 0.0, 1.0, width)


def foot_no_damper(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The dampers forgotten: springs only."""
    a, b = _positive(depth_left, depth_right)
    return _linear_integrals(k * depth_left, k * depth_right, a, b, width)


def foot_damper_sign(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """k d - c r: the damper pushes while the foot lifts."""
    p0, p1 = k * depth_left - c * rate_left, k * depth_right - c * rate_right
    a0, b0 = _positive(depth_left, depth_right)
    a1, b1 = _positive(p0, p1)
    return _linear_integrals(p0, p1, np.maximum(a0, a1), np.minimum(b0, b1), width)


def foot_moment_about_left_end(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The moment taken about the left end (x from 0 to w)."""
    p0, p1 = k * depth_left + c * rate_left, k * depth_right + c * rate_right
    a0, b0 = _positive(depth_left, depth_right)
    a1, b1 = _positive(p0, p1)
    force, moment = _linear_integrals(p0, p1, np.maximum(a0, a1), np.minimum(b0, b1), width)
    return force, moment + force * width / 2


def foot_two_corner_contacts(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Two corner contacts with half the foot's k and c each."""
    def corner(d, r):
        return np.where(np.asarray(d) > 0, np.maximum(k * d + c * r, 0.0), 0.0) * width / 2

    left, right = corner(depth_left, rate_left), corner(depth_right, rate_right)
    return left + right, (right - left) * width / 2


# --------------------------------------------------------------------------- 3.4 restitution


def _hit(mass, k, c, v0, g, stop="force", w=None):
    """solve_ivp of the impact, stopped by an event; returns e (0 if it never stops)."""
    w2 = k / mass if w is None else w**2

    def rhs(t, y):
        return [y[1], g - w2 * y[0] - c / mass * y[1]]

    def event(t, y):
        if stop == "depth":
            return y[0] + (1.0 if t == 0 else 0.0)
        if stop == "weight":
            return w2 * y[0] + c / mass * y[1] - g
        return w2 * y[0] + c / mass * y[1]

    event.terminal = True
    event.direction = -1
    sol = solve_ivp(rhs, (0, 50 / np.sqrt(w2)), [0.0, v0], method="DOP853", rtol=1e-12,
                    atol=1e-16, events=event)
    return abs(sol.y_events[0][0][1]) / v0 if sol.t_events[0].size else 0.0


def restitution_gravity_forgotten(mass, k, c, v0, g):
    """g = 0 in the equation of motion: the bounce of section 3.1."""
    return _hit(mass, k, c, v0, 0.0)


def restitution_gravity_upwards(mass, k, c, v0, g):
    """-g: gravity taken to pull the body out of the floor."""
    return _hit(mass, k, c, v0, -g)


def restitution_event_on_depth(mass, k, c, v0, g):
    """The event on the depth: the contact taken to last until the depth is 0."""
    return _hit(mass, k, c, v0, g, stop="depth")


def restitution_event_on_weight(mass, k, c, v0, g):
    """Released where the floor's force is down to the weight m g."""
    return _hit(mass, k, c, v0, g, stop="weight")


def restitution_energy_ratio(mass, k, c, v0, g):
    """The kinetic energy after over before: e squared."""
    return _hit(mass, k, c, v0, g) ** 2


def restitution_omega_squared(mass, k, c, v0, g):
    """omega_n = k / m without the root, in a model written with omega_n and zeta."""
    zeta = c / (2 * np.sqrt(k * mass))
    w = k / mass
    return _hit(1.0, w**2, 2 * zeta * w, v0, g, w=w)


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
    ("contact.normal_force", foot_can_pull),
    ("contact.normal_force", foot_no_depth_test),
    ("contact.normal_force", foot_ends_clamped),
    ("contact.normal_force", foot_no_damper),
    ("contact.normal_force", foot_damper_sign),
    ("contact.normal_force", foot_moment_about_left_end),
    ("contact.normal_force", foot_two_corner_contacts),
    ("contact.restitution_linear", restitution_gravity_forgotten),
    ("contact.restitution_linear", restitution_gravity_upwards),
    ("contact.restitution_linear", restitution_event_on_depth),
    ("contact.restitution_linear", restitution_event_on_weight),
    ("contact.restitution_linear", restitution_energy_ratio),
    ("contact.restitution_linear", restitution_omega_squared),
    ("contact.euler_step_limit", euler_limit_undamped),
    ("contact.euler_step_limit", euler_limit_slow_mode),
    ("contact.euler_step_limit", euler_limit_real_part),
    ("contact.stop_by_impulses", stop_continuous),
    ("contact.stop_by_impulses", stop_position_before_speed),
    ("contact.stop_by_impulses", stop_speed_goes_negative),
]
