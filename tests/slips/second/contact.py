"""Typical wrong answers to the exercises of chapter 3 (contact)."""

import numpy as np
from scipy.optimize import brentq

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


def _push(d0, d1, q0, q1, w, cut_depth=True, cut_pull=True):
    """Integrate q0 + (q1 - q0) t over t in [0, 1] where the chosen cuts let it act, one foot
    at a time: returns (F, M about the middle)."""
    lo, hi = 0.0, 1.0
    for use, f0, f1 in ((cut_depth, d0, d1), (cut_pull, q0, q1)):
        if not use:
            continue
        if f0 == f1:
            if f0 <= 0:
                return 0.0, 0.0
            continue
        t = f0 / (f0 - f1)
        if f1 > f0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if hi <= lo:
        return 0.0, 0.0
    dq = q1 - q0
    F = q0 * (hi - lo) + dq * (hi**2 - lo**2) / 2
    Ft = q0 * (hi**2 - lo**2) / 2 + dq * (hi**3 - lo**3) / 3
    return w * F, w * w * (Ft - F / 2)


def _each(fn, depth_left, depth_right, rate_left, rate_right, width, k, c, **cuts):
    if np.ndim(depth_left) == 0:
        return fn(depth_left, depth_right, rate_left, rate_right, width, k, c, **cuts)
    out = [fn(*v, width, k, c, **cuts)
           for v in zip(depth_left, depth_right, rate_left, rate_right, strict=True)]
    return np.array([o[0] for o in out]), np.array([o[1] for o in out])


def _foot(d0, d1, r0, r1, w, k, c, **cuts):
    return _push(d0, d1, k * d0 + c * r0, k * d1 + c * r1, w, **cuts)


def floor_may_pull(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """No cut where the pressure turns negative: the floor pulls the lifting end."""
    return _each(_foot, depth_left, depth_right, rate_left, rate_right, width, k, c,
                 cut_pull=False)


def no_depth_cut(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The part above the floor kept: its damper pushes while the foot comes down."""
    return _each(_foot, depth_left, depth_right, rate_left, rate_right, width, k, c,
                 cut_depth=False)


def no_cuts_at_all(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The raw k d + c r over the whole foot."""
    return _each(_foot, depth_left, depth_right, rate_left, rate_right, width, k, c,
                 cut_depth=False, cut_pull=False)


def springs_only(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The floor as springs only: c left out."""
    return _each(_foot, depth_left, depth_right, rate_left, rate_right, width, k, 0.0)


def damper_backwards(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """k d - c r."""
    return _each(_foot, depth_left, depth_right, rate_left, rate_right, width, k, -c)


def moment_sign_flipped(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """M measured from right to left: the sign of x turned round."""
    force, moment = _each(_foot, depth_left, depth_right, rate_left, rate_right, width, k, c)
    return force, -moment


def pressure_at_the_middle(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The middle's depth and rate through the point law, for the whole foot; no moment."""
    d = (np.asarray(depth_left, float) + depth_right) / 2
    r = (np.asarray(rate_left, float) + rate_right) / 2
    force = width * np.where(d > 0, np.maximum(k * d + c * r, 0.0), 0.0)
    return force, 0.0 * force


def corners_as_two_contacts(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The foot as two corner contacts of stiffness k w / 2 each."""
    def corner(d, r):
        d, r = np.asarray(d, float), np.asarray(r, float)
        return np.where(d > 0, np.maximum(k * d + c * r, 0.0), 0.0) * width / 2

    left, right = corner(depth_left, rate_left), corner(depth_right, rate_right)
    return left + right, (right - left) * width / 2


# --------------------------------------------------------------------------- 3.4 restitution


def _bounce(mass, k, c, v0, g, wn=None, release="force"):
    """Closed form about the rest depth, d = d_rest + exp(-z wn t)(A cos + B sin); the first
    release found on a fine grid, then refined by brentq."""
    wn = np.sqrt(k / mass) if wn is None else wn
    z = c / (2 * np.sqrt(k * mass))
    wd = wn * np.sqrt(1 - z * z)
    d_rest = g / wn**2
    A, B = -d_rest, (v0 - z * wn * d_rest) / wd

    def depth(t):
        return d_rest + np.exp(-z * wn * t) * (A * np.cos(wd * t) + B * np.sin(wd * t))

    def rate(t):
        e = np.exp(-z * wn * t)
        return e * ((B * wd - z * wn * A) * np.cos(wd * t) - (A * wd + z * wn * B) * np.sin(wd * t))

    def test(t):
        if release == "depth":
            return depth(t)
        push = wn**2 * depth(t) + 2 * z * wn * rate(t)
        return push - g if release == "weight" else push

    t = np.linspace(1e-9 / wn, 2 * np.pi / wd, 8001)
    vals = test(t)
    idx = np.flatnonzero((vals[:-1] >= 0) & (vals[1:] < 0))
    if idx.size == 0:
        return 0.0
    t_out = brentq(test, t[idx[0]], t[idx[0] + 1], xtol=1e-16, rtol=1e-15)
    return -rate(t_out) / v0


def no_gravity_in_contact(mass, k, c, v0, g):
    """Gravity ignored while in contact (as in the chapter's closed form)."""
    return _bounce(mass, k, c, v0, 0.0)


def gravity_subtracted(mass, k, c, v0, g):
    """m d'' = -m g - k d - c d': gravity given the sign of the upward axis."""
    return _bounce(mass, k, c, v0, -g)


def lets_go_at_zero_depth(mass, k, c, v0, g):
    """The contact ends when the depth returns to 0."""
    return _bounce(mass, k, c, v0, g, release="depth")


def lets_go_at_the_weight(mass, k, c, v0, g):
    """The spring measured from the rest depth: released where k d + c d' = m g."""
    return _bounce(mass, k, c, v0, g, release="weight")


def energy_instead_of_speed(mass, k, c, v0, g):
    """Returned (v_out / v0)^2."""
    return _bounce(mass, k, c, v0, g) ** 2


def wn_without_root(mass, k, c, v0, g):
    """wn = k / m, the square root forgotten."""
    return _bounce(mass, k, c, v0, g, wn=k / mass)


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
    ("contact.normal_force", floor_may_pull),
    ("contact.normal_force", no_depth_cut),
    ("contact.normal_force", no_cuts_at_all),
    ("contact.normal_force", springs_only),
    ("contact.normal_force", damper_backwards),
    ("contact.normal_force", moment_sign_flipped),
    ("contact.normal_force", pressure_at_the_middle),
    ("contact.normal_force", corners_as_two_contacts),
    ("contact.restitution_linear", no_gravity_in_contact),
    ("contact.restitution_linear", gravity_subtracted),
    ("contact.restitution_linear", lets_go_at_zero_depth),
    ("contact.restitution_linear", lets_go_at_the_weight),
    ("contact.restitution_linear", energy_instead_of_speed),
    ("contact.restitution_linear", wn_without_root),
    ("contact.euler_step_limit", euler_h_abs_lambda),
    ("contact.euler_step_limit", euler_omega_without_root),
    ("contact.euler_step_limit", euler_zeta_without_two),
    ("contact.stop_by_impulses", stop_without_g),
    ("contact.stop_by_impulses", stop_time_in_steps),
    ("contact.stop_by_impulses", stop_time_of_last_slide),
]
