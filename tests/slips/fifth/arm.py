"""Fifth, blind set of slips for chapter 1 (planar arms), exercise 1.1 `arm.pendulum_swing`.

Written from the exercise notebook `exercises/01_planar_arms.ipynb` and the chapter's lessons
only, without reading the checks, their keys, the solutions or the other slip sets. Each slip is
one typical wrong answer a student would hand in: four integrate a wrong equation of motion
tightly, four integrate the right equation badly or return the wrong thing.

Measured blind, before any check changed for this set: 6 of 8 slips named, none passed, the
right answer passed. Rejected but not named: swing_explicit_euler (explicit Euler in steps of
1 ms between the samples) and swing_lagged_by_one_sample (each angle stored before its step).
The check was then taught both as typical mistakes of 1.1: now 8 of 8 are named. Euler's
mistake is named only for that way of stepping (equal steps of at most 1 ms from sample to
sample); another way with the same step differs from it by more than the check's 2e-5 rad and
gets the case's hint, which tells a coarse integration from a wrong equation of motion.
"""

import math

import numpy as np
from scipy.integrate import solve_ivp

BLIND = "6 of 8 slips named, 0 passed, the right answer passed"
TAUGHT = True

_TIGHT = dict(method="DOP853", rtol=1e-10, atol=1e-12)


def _integrate(rhs, theta0, theta_dot0, t, **options):
    """Integrate theta'' = rhs(theta, theta_dot) with solve_ivp; return (theta, theta_dot)."""
    t = np.asarray(t, dtype=float)
    if t.size == 0:
        return np.array([]), np.array([])
    if t[-1] <= t[0]:
        return (np.full(t.shape, float(theta0)), np.full(t.shape, float(theta_dot0)))
    opts = dict(_TIGHT)
    opts.update(options)
    sol = solve_ivp(lambda _, y: [y[1], rhs(y[0], y[1])], (t[0], t[-1]),
                    [float(theta0), float(theta_dot0)], t_eval=t, **opts)
    return sol.y[0], sol.y[1]


def _rk4_samples(rhs, theta0, theta_dot0, t, dt=1e-3):
    """Fixed-step RK4 between the samples; the state at each sample as a list."""
    state = np.array([theta0, theta_dot0], dtype=float)

    def f(y):
        return np.array([y[1], rhs(y[0], y[1])])

    states = [state.copy()]
    for k in range(len(t) - 1):
        span = t[k + 1] - t[k]
        n = max(1, int(math.ceil(span / dt - 1e-9)))
        h = span / n
        for _ in range(n):
            k1 = f(state)
            k2 = f(state + h / 2 * k1)
            k3 = f(state + h / 2 * k2)
            k4 = f(state + h * k3)
            state = state + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        states.append(state.copy())
    return states


# ---------------------------------------------------------------- wrong equations, integrated well

def swing_inertia_about_com(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Uses I (about the centre of mass) as the inertia about the pivot: the parallel-axis term
    m l_c^2 forgotten."""
    def rhs(th, thd):
        return (tau - b * thd - m * g * l_c * np.sin(th)) / I
    return _integrate(rhs, theta0, theta_dot0, t)[0]


def swing_upward_vertical_sign(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Gravity sign of the tutorial's upward-vertical convention: +m g l_c sin(theta) pushes
    away from the bottom."""
    J = I + m * l_c**2

    def rhs(th, thd):
        return (tau - b * thd + m * g * l_c * np.sin(th)) / J
    return _integrate(rhs, theta0, theta_dot0, t)[0]


def swing_small_angle(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Chapter's small-angle form sin(theta) ~ theta used for the general (large) swing."""
    J = I + m * l_c**2

    def rhs(th, thd):
        return (tau - b * thd - m * g * l_c * th) / J
    return _integrate(rhs, theta0, theta_dot0, t)[0]


def swing_friction_not_divided(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Friction torque -b theta_dot added to the acceleration without dividing by the inertia."""
    J = I + m * l_c**2

    def rhs(th, thd):
        return (tau - m * g * l_c * np.sin(th)) / J - b * thd
    return _integrate(rhs, theta0, theta_dot0, t)[0]


# ------------------------------------------------ right equation, integrated or returned badly

def _right_rhs(tau, b, m, l_c, I, g):  # noqa: E741
    J = I + m * l_c**2

    def rhs(th, thd):
        return (tau - b * thd - m * g * l_c * np.sin(th)) / J
    return rhs


def swing_explicit_euler(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Right equation, but explicit Euler with 1 ms steps instead of RK4 (too coarse, drifts)."""
    rhs = _right_rhs(tau, b, m, l_c, I, g)
    t = np.asarray(t, dtype=float)
    th, thd = float(theta0), float(theta_dot0)
    out = [th]
    for k in range(len(t) - 1):
        span = t[k + 1] - t[k]
        n = max(1, int(math.ceil(span / 1e-3 - 1e-9)))
        h = span / n
        for _ in range(n):
            th, thd = th + h * thd, thd + h * rhs(th, thd)
        out.append(th)
    return np.array(out)


def swing_default_tolerances(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Right equation, but solve_ivp with its defaults (RK45, rtol=1e-3, atol=1e-6): not tight
    enough."""
    rhs = _right_rhs(tau, b, m, l_c, I, g)
    return _integrate(rhs, theta0, theta_dot0, t, method="RK45", rtol=1e-3, atol=1e-6)[0]


def swing_returns_rate(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Right integration, but returns sol.y[1] (the rate theta_dot) instead of sol.y[0] (the
    angle)."""
    rhs = _right_rhs(tau, b, m, l_c, I, g)
    return _integrate(rhs, theta0, theta_dot0, t)[1]


def swing_lagged_by_one_sample(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """RK4 loop that stores theta before stepping: each sample holds the angle of the previous
    time."""
    rhs = _right_rhs(tau, b, m, l_c, I, g)
    t = np.asarray(t, dtype=float)
    states = _rk4_samples(rhs, theta0, theta_dot0, t)
    # the student's loop: out[0] = theta0, then out[k] = theta (not yet stepped to t[k])
    out = [states[0][0]] + [s[0] for s in states[:-1]]
    return np.array(out[:len(t)])


# --------------------------------------------------------------------------------- right answer

def right_pendulum_swing(theta0, theta_dot0, tau, b, m, l_c, I, g, t):  # noqa: E741
    """Right: (I + m l_c^2) theta'' = tau - b theta_dot - m g l_c sin(theta), integrated tightly."""
    t = np.asarray(t, dtype=float)
    inertia_pivot = I + m * l_c * l_c

    def f(_, y):
        angle, rate = y
        return [rate, (tau - b * rate - m * g * l_c * math.sin(angle)) / inertia_pivot]

    if t.size == 0:
        return np.array([])
    if t.size == 1 or t[-1] <= t[0]:
        return np.full(t.shape, float(theta0))
    sol = solve_ivp(f, (float(t[0]), float(t[-1])), [float(theta0), float(theta_dot0)],
                    t_eval=t, method="DOP853", rtol=1e-10, atol=1e-12)
    return sol.y[0]


SLIPS = [
    ("arm.pendulum_swing", swing_inertia_about_com),
    ("arm.pendulum_swing", swing_upward_vertical_sign),
    ("arm.pendulum_swing", swing_small_angle),
    ("arm.pendulum_swing", swing_friction_not_divided),
    ("arm.pendulum_swing", swing_explicit_euler),
    ("arm.pendulum_swing", swing_default_tolerances),
    ("arm.pendulum_swing", swing_returns_rate),
    ("arm.pendulum_swing", swing_lagged_by_one_sample),
]

RIGHT = {"arm.pendulum_swing": right_pendulum_swing}
