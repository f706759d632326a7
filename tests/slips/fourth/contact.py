"""Slips for the contact exercises 3.1 and 3.2: the fourth, blind set.

Written from the exercise notebook (exercises/03_contact.ipynb) and the lessons of
chapter 3 only, without reading the checks, their keys or the solutions. Each slip is one
typical wrong answer a student of the course hands in; RIGHT holds our own right answers.

Measured blind, before any check changed for this set: 10 of 14 slips named (71 %), none
passed, the two right answers passed. Per exercise: 3.1 normal_force 5 of 7, 3.2
restitution_linear 5 of 7. Rejected but not named: foot_normal_force_damper_clamped (only the
damper kept from pulling), foot_normal_force_moment_one_width (the moment one factor of the
width short), restitution_with_gravity_g_over_m (gravity's acceleration g / m) and
restitution_with_gravity_wn_for_wd (omega_n for the damped frequency in the closed form).
restitution_with_gravity_signed was named by the generic "the expected value with the
opposite sign".

Then the checks (robodyn/checks/contact.py) were taught these four, each one well-defined
mistake, as typical mistakes of their exercise: "only the dampers kept from pulling", "the
moment one factor of the width short", "the weight written as g, not m g" and "omega_n where
the damped frequency belongs". Now 14 of 14 are named; none is left unnamed.
"""

import math

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

BLIND = "10 of 14 slips named (71 %), 0 passed, the right answers passed"
TAUGHT = True


# ---------------------------------------------------------------------------
# Exercise 3.1: contact.normal_force (foot_normal_force)
# ---------------------------------------------------------------------------
#
# With s = (x + w/2) / w in [0, 1], depth, rate and the raw pressure
# k delta + c delta_dot are linear in s. Each rule keeps one interval of s.

def _positive_part(h0, h1):
    """Interval [lo, hi] of s in [0, 1] where h0 + (h1 - h0) s > 0 (lo >= hi: empty)."""
    h0 = np.asarray(h0, dtype=float)
    h1 = np.asarray(h1, dtype=float)
    d = h1 - h0
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(d != 0.0, -h0 / np.where(d != 0.0, d, 1.0), 0.0)
    lo = np.where(d > 0.0, np.clip(r, 0.0, 1.0), 0.0)
    hi = np.where(d < 0.0, np.clip(r, 0.0, 1.0), 1.0)
    flat = d == 0.0
    lo = np.where(flat, 0.0, lo)
    hi = np.where(flat, np.where(h0 > 0.0, 1.0, 0.0), hi)
    return lo, hi


def _integrals(p0, p1, lo, hi):
    """I0 = int p ds and I1 = int s p ds over [lo, hi] (0 if empty), p = p0 + (p1-p0) s."""
    hi = np.maximum(hi, lo)
    pd = p1 - p0
    i0 = p0 * (hi - lo) + pd * (hi**2 - lo**2) / 2.0
    i1 = p0 * (hi**2 - lo**2) / 2.0 + pd * (hi**3 - lo**3) / 3.0
    return i0, i1


def _finish(i0, i1, width, scalar):
    force = width * i0
    moment = width**2 * (i1 - i0 / 2.0)
    if scalar:
        return float(force), float(moment)
    return force, moment


def _is_scalar(*values):
    return all(np.ndim(v) == 0 for v in values)


def foot_normal_force_right(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Right: pressure on the overlap of {delta > 0} and {k delta + c rate > 0}, integrated."""
    scalar = _is_scalar(depth_left, depth_right, rate_left, rate_right)
    dl, dr = np.asarray(depth_left, float), np.asarray(depth_right, float)
    rl, rr = np.asarray(rate_left, float), np.asarray(rate_right, float)
    pl, pr = k * dl + c * rl, k * dr + c * rr
    lo1, hi1 = _positive_part(dl, dr)
    lo2, hi2 = _positive_part(pl, pr)
    lo, hi = np.maximum(lo1, lo2), np.minimum(hi1, hi2)
    i0, i1 = _integrals(pl, pr, lo, hi)
    return _finish(i0, i1, width, scalar)


def foot_normal_force_pulls(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: only the depth rule applied: where the foot rises fast the floor pulls (no clamp)."""
    scalar = _is_scalar(depth_left, depth_right, rate_left, rate_right)
    dl, dr = np.asarray(depth_left, float), np.asarray(depth_right, float)
    pl = k * dl + c * np.asarray(rate_left, float)
    pr = k * dr + c * np.asarray(rate_right, float)
    lo, hi = _positive_part(dl, dr)
    i0, i1 = _integrals(pl, pr, lo, hi)
    return _finish(i0, i1, width, scalar)


def foot_normal_force_damper_clamped(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: only the damper is kept from pulling, p = k delta + max(c rate, 0) where delta > 0."""
    scalar = _is_scalar(depth_left, depth_right, rate_left, rate_right)
    dl, dr = np.asarray(depth_left, float), np.asarray(depth_right, float)
    rl, rr = np.asarray(rate_left, float), np.asarray(rate_right, float)
    lo1, hi1 = _positive_part(dl, dr)
    lo2, hi2 = _positive_part(rl, rr)
    s0, s1 = _integrals(k * dl, k * dr, lo1, hi1)
    t0, t1 = _integrals(c * rl, c * rr, np.maximum(lo1, lo2), np.minimum(hi1, hi2))
    return _finish(s0 + t0, s1 + t1, width, scalar)


def foot_normal_force_no_depth_rule(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: the depth rule forgotten: a part above the floor pushes when it moves down fast."""
    scalar = _is_scalar(depth_left, depth_right, rate_left, rate_right)
    pl = k * np.asarray(depth_left, float) + c * np.asarray(rate_left, float)
    pr = k * np.asarray(depth_right, float) + c * np.asarray(rate_right, float)
    lo, hi = _positive_part(pl, pr)
    i0, i1 = _integrals(pl, pr, lo, hi)
    return _finish(i0, i1, width, scalar)


def foot_normal_force_end_average(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: pressure linear between the two clipped end pressures, ignoring where it is cut."""
    scalar = _is_scalar(depth_left, depth_right, rate_left, rate_right)
    dl, dr = np.asarray(depth_left, float), np.asarray(depth_right, float)
    pl = np.where(dl > 0.0, np.maximum(k * dl + c * np.asarray(rate_left, float), 0.0), 0.0)
    pr = np.where(dr > 0.0, np.maximum(k * dr + c * np.asarray(rate_right, float), 0.0), 0.0)
    force = width * (pl + pr) / 2.0
    moment = width**2 * (pr - pl) / 12.0
    if scalar:
        return float(force), float(moment)
    return force, moment


def foot_normal_force_moment_sign(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: x measured from right to left, so the moment has the wrong sign."""
    force, moment = foot_normal_force_right(depth_left, depth_right, rate_left, rate_right,
                                            width, k, c)
    return force, -moment


def foot_normal_force_moment_left_end(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: moment taken about the left end of the foot instead of its middle."""
    scalar = _is_scalar(depth_left, depth_right, rate_left, rate_right)
    dl, dr = np.asarray(depth_left, float), np.asarray(depth_right, float)
    rl, rr = np.asarray(rate_left, float), np.asarray(rate_right, float)
    pl, pr = k * dl + c * rl, k * dr + c * rr
    lo1, hi1 = _positive_part(dl, dr)
    lo2, hi2 = _positive_part(pl, pr)
    i0, i1 = _integrals(pl, pr, np.maximum(lo1, lo2), np.minimum(hi1, hi2))
    force, moment = width * i0, width**2 * i1
    if scalar:
        return float(force), float(moment)
    return force, moment


def foot_normal_force_moment_one_width(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Slip: dx = w ds written once only in the moment: moment w (I1 - I0/2), one factor w short."""
    force, moment = foot_normal_force_right(depth_left, depth_right, rate_left, rate_right,
                                            width, k, c)
    return force, moment / width


# ---------------------------------------------------------------------------
# Exercise 3.2: contact.restitution_linear (restitution_with_gravity)
# ---------------------------------------------------------------------------

def _bounce(mass, k, c, v0, g, event_on="force", grav_sign=1.0, grav_over_m=False):
    """Integrate the contact until the chosen event; return delta_dot there or None."""
    wn = math.sqrt(k / mass)
    zeta = c / (2.0 * math.sqrt(k * mass))
    wd = wn * math.sqrt(max(1.0 - zeta**2, 1e-12))
    gravity = grav_sign * (g / mass if grav_over_m else g)

    def rhs(t, y):
        d, v = y
        return [v, gravity - (k * d + c * v) / mass]

    if event_on == "force":
        def ev(t, y):
            return k * y[0] + c * y[1]
    else:
        def ev(t, y):
            return y[0]
    ev.terminal = True
    ev.direction = -1

    t_end = 3.0 * 2.0 * math.pi / wd
    sol = solve_ivp(rhs, (0.0, t_end), [0.0, v0], method="DOP853", events=ev,
                    rtol=1e-12, atol=[1e-16 * v0 / wn, 1e-16 * v0])
    if sol.t_events[0].size == 0:
        return None
    return sol.y_events[0][0][1]


def restitution_with_gravity_right(mass, k, c, v0, g):
    """Right: closed form about the rest depth; release at the first zero of the force."""
    wn = math.sqrt(k / mass)
    zeta = c / (2.0 * math.sqrt(k * mass))
    s = math.sqrt(1.0 - zeta**2)
    wd = wn * s
    sig = zeta * wn
    d_rest = mass * g / k
    # y = delta - d_rest = exp(-sig t) (A cos wd t + B sin wd t)
    A = -d_rest
    B = (v0 + sig * A) / wd
    # f(t) = k delta + c delta_dot = m g + exp(-sig t) (P cos + Q sin)
    # y_dot = exp(-sig t) ((B wd - sig A) cos + (-A wd - sig B) sin)
    Ad, Bd = B * wd - sig * A, -A * wd - sig * B
    P, Q = k * A + c * Ad, k * B + c * Bd

    def force(t):
        return mass * g + math.exp(-sig * t) * (P * math.cos(wd * t) + Q * math.sin(wd * t))

    def rate(t):
        return math.exp(-sig * t) * (Ad * math.cos(wd * t) + Bd * math.sin(wd * t))

    # Extrema of f: d/dt [exp(-sig t)(P cos + Q sin)] = exp(-sig t)(R cos + S sin)
    R, S = Q * wd - sig * P, -P * wd - sig * Q
    # zeros of R cos + S sin: wd t = atan2(R, -S) + n pi
    phase = math.atan2(R, -S) % math.pi
    half = math.pi / wd
    t_ext = [phase / wd + n * half for n in range(0, 4)]
    t_ext = [t for t in t_ext if t > 0.0]
    left = 0.0
    for t in t_ext:
        if force(t) < 0.0:
            t_go = brentq(force, left, t, xtol=1e-300, rtol=4 * np.finfo(float).eps,
                          maxiter=500)
            return abs(rate(t_go)) / v0
        left = t
    return 0.0


def restitution_with_gravity_sim(mass, k, c, v0, g):
    """Right, second way: solve_ivp with an event on the force (used to cross-check)."""
    v = _bounce(mass, k, c, v0, g)
    return 0.0 if v is None else abs(v) / v0


def restitution_with_gravity_no_gravity(mass, k, c, v0, g):
    """Slip: section 3.1's closed form as it stands: gravity left out, every landing bounces."""
    zeta = c / (2.0 * math.sqrt(k * mass))
    s = math.sqrt(1.0 - zeta**2)
    phi = math.atan2(2.0 * zeta * s, 2.0 * zeta**2 - 1.0)
    return math.exp(-zeta * phi / s)


def restitution_with_gravity_depth_event(mass, k, c, v0, g):
    """Slip: contact ended when the depth returns to zero, not the force (unclamped contact)."""
    v = _bounce(mass, k, c, v0, g, event_on="depth")
    return 0.0 if v is None else abs(v) / v0


def restitution_with_gravity_gravity_sign(mass, k, c, v0, g):
    """Slip: gravity with the wrong sign, pulling the body out of the floor (depth counts down)."""
    v = _bounce(mass, k, c, v0, g, grav_sign=-1.0)
    return 0.0 if v is None else abs(v) / v0


def restitution_with_gravity_g_over_m(mass, k, c, v0, g):
    """Slip: whole equation divided by m including gravity: delta'' = g/m - (k d + c d')/m."""
    v = _bounce(mass, k, c, v0, g, grav_over_m=True)
    return 0.0 if v is None else abs(v) / v0


def restitution_with_gravity_signed(mass, k, c, v0, g):
    """Slip: e returned as delta_dot / v0 with its sign (negative: the body moves out)."""
    v = _bounce(mass, k, c, v0, g)
    return 0.0 if v is None else v / v0


def restitution_with_gravity_energy(mass, k, c, v0, g):
    """Slip: e taken as the share of kinetic energy kept, (v/v0)^2, not the speed ratio."""
    v = _bounce(mass, k, c, v0, g)
    return 0.0 if v is None else (v / v0) ** 2


def restitution_with_gravity_wn_for_wd(mass, k, c, v0, g):
    """Slip: closed form with the natural frequency wn where the damped frequency wd belongs."""
    wn = math.sqrt(k / mass)
    zeta = c / (2.0 * math.sqrt(k * mass))
    sig = zeta * wn
    wd = wn                                   # the slip
    d_rest = mass * g / k
    A = -d_rest
    B = (v0 + sig * A) / wd
    Ad, Bd = B * wd - sig * A, -A * wd - sig * B
    P, Q = k * A + c * Ad, k * B + c * Bd

    def force(t):
        return mass * g + math.exp(-sig * t) * (P * math.cos(wd * t) + Q * math.sin(wd * t))

    ts = np.linspace(0.0, 2.0 * math.pi / wd, 20001)[1:]
    f = np.array([force(t) for t in ts])
    below = np.flatnonzero(f < 0.0)
    if below.size == 0:
        return 0.0
    i = below[0]
    t_go = brentq(force, ts[i - 1] if i > 0 else 0.0, ts[i], xtol=1e-300,
                  rtol=4 * np.finfo(float).eps)
    rate = math.exp(-sig * t_go) * (Ad * math.cos(wd * t_go) + Bd * math.sin(wd * t_go))
    return abs(rate) / v0


SLIPS = [
    ("contact.normal_force", foot_normal_force_pulls),
    ("contact.normal_force", foot_normal_force_damper_clamped),
    ("contact.normal_force", foot_normal_force_no_depth_rule),
    ("contact.normal_force", foot_normal_force_end_average),
    ("contact.normal_force", foot_normal_force_moment_sign),
    ("contact.normal_force", foot_normal_force_moment_left_end),
    ("contact.normal_force", foot_normal_force_moment_one_width),
    ("contact.restitution_linear", restitution_with_gravity_no_gravity),
    ("contact.restitution_linear", restitution_with_gravity_depth_event),
    ("contact.restitution_linear", restitution_with_gravity_gravity_sign),
    ("contact.restitution_linear", restitution_with_gravity_g_over_m),
    ("contact.restitution_linear", restitution_with_gravity_signed),
    ("contact.restitution_linear", restitution_with_gravity_energy),
    ("contact.restitution_linear", restitution_with_gravity_wn_for_wd),
]

RIGHT = {
    "contact.normal_force": foot_normal_force_right,
    "contact.restitution_linear": restitution_with_gravity_right,
}
