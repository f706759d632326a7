"""Right answers to exercises 2.5, 3.3, 3.4 and 3.5, written independently of the solution
notebooks' code (a different route where there is one)."""

import cmath
import math

import numpy as np

# --------------------------------------------------------------------------- 2.5


def stick_slip_period(mass, stiffness, Fc, Fs, belt_speed):
    """Slip on the circle about F_c/k the long way round, then stick back to the breakaway."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness                    # breakaway point from the centre, m
    radius = np.hypot(d, belt_speed / omega)     # of the circle in (x, v/omega)
    # the slip starts and ends at the height v_b/omega, at +d and -d from the centre; the
    # point runs clockwise through the bottom, the whole circle less the arc over the top
    over_top = 2 * np.arcsin(d / radius)
    slip_time = (2 * np.pi - over_top) / omega
    stick_time = 2 * d / belt_speed              # from x_c - d back to x_c + d with the belt
    return slip_time + stick_time


# --------------------------------------------------------------------------- 3.3


def _restitution(zeta):
    """Clamped linear contact: the force vanishes at the phase 2 arccos(zeta)."""
    s = math.sqrt(1.0 - zeta * zeta)
    return math.exp(-2.0 * zeta * math.acos(zeta) / s)


def size_contact(mass, penetration, restitution, g):
    """k from the weight on the spring at rest; zeta by bisection; c = 2 zeta m omega_n."""
    k = mass * g / penetration
    lo, hi = 0.0, 1.0 - 1e-12                    # e falls from 1 to about 0.135
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if _restitution(mid) > restitution:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-16:
            break
    zeta = 0.5 * (lo + hi)
    omega_n = math.sqrt(k / mass)
    return k, 2.0 * zeta * mass * omega_n


# --------------------------------------------------------------------------- 3.4


def euler_step_limit(k, c, mass):
    """Each eigenvalue allows |1 + h lam| <= 1, h <= -2 Re(lam)/|lam|^2; take the smallest."""
    root = cmath.sqrt(c * c - 4.0 * mass * k)      # m lam^2 + c lam + k = 0
    lams = [(-c + root) / (2.0 * mass), (-c - root) / (2.0 * mass)]
    return min(-2.0 * lam.real / abs(lam) ** 2 for lam in lams)


# --------------------------------------------------------------------------- 3.5


def stop_by_impulses(v0, mu, h, g):
    """The scheme summed in closed form: N sliding steps, then one sticking step."""
    a = mu * g * h                                # speed taken off per sliding step
    n = max(math.ceil(v0 / a) - 1, 0)             # steps that start above a
    distance = h * (n * v0 - a * n * (n + 1) / 2)
    return distance, (n + 1) * h


RIGHT = {
    "friction.stick_slip_period": stick_slip_period,
    "contact.size_contact": size_contact,
    "contact.euler_step_limit": euler_step_limit,
    "contact.stop_by_impulses": stop_by_impulses,
}
