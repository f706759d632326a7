r"""LuGre friction: a dynamic friction model with an internal bristle state.

Canudas de Wit, Olsson, Åström and Lischinsky (IEEE Trans. Automatic Control 40(3), 1995)
picture the contact as elastic bristles. Their mean deflection z (m) obeys

.. math::

    \dot z = v - \frac{\sigma_0\,|v|}{g(v)}\,z,\qquad
    g(v) = F_c + (F_s - F_c)\,e^{-|v/v_s|^{\delta}},

and the friction force is :math:`\sigma_0 z + \sigma_1\dot z + \sigma_2 v`, with g the
Stribeck level (N), :math:`\sigma_0` the bristle stiffness (N/m), :math:`\sigma_1` the bristle
damping (N s/m) and :math:`\sigma_2` the viscous coefficient (N s/m).

**Sign convention.** As in :mod:`robodyn.friction`, the functions return the force that acts
ON the moving body: :math:`F = -(\sigma_0 z + \sigma_1\dot z + \sigma_2 v)`, negative for a
body sliding with v > 0. At constant velocity z settles at :math:`\mathrm{sign}(v)\,g(v)/
\sigma_0` and F is :func:`robodyn.friction.stribeck` with b = :math:`\sigma_2`.

**Notation.** The paper writes the denominator of the bristle equation as g(v) with
:math:`\sigma_0 g(v) = F_c + (F_s - F_c)e^{-(v/v_s)^2}`; here g is that level itself, in N,
so :math:`\sigma_0` appears explicitly. The model is the same.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core import integrate
from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    Parameters,
    as_array,
    check_integer,
    check_positive,
    quantity,
    scalar_or_array,
)

__all__ = [
    "LuGre",
    "bristle_rate",
    "constant_speed_bristle",
    "cycle_energy",
    "friction_force",
    "imposed_motion",
    "pushed_block",
    "steady_state",
    "stribeck_level",
]


@dataclass(frozen=True)
class LuGre(Parameters):
    """Parameters of the LuGre model; defaults are the simulation example of Canudas de Wit
    et al. (1995).

    Parameters
    ----------
    sigma0 : float
        Bristle stiffness, N/m (> 0). Default 1e5 N/m.
    sigma1 : float
        Bristle damping, N s/m (>= 0). Default sqrt(1e5) = 316.2 N s/m.
    sigma2 : float
        Viscous coefficient, N s/m (>= 0). Default 0.4 N s/m.
    Fc : float
        Coulomb level, N (>= 0). Default 1 N.
    Fs : float
        Static level, N (>= Fc, > 0). Default 1.5 N.
    vs : float
        Stribeck velocity, m/s (> 0). Default 1e-3 m/s.
    delta : float
        Exponent of the Stribeck fall (> 0). Default 2, the form of the paper and of
        :func:`robodyn.friction.stribeck`.
    """

    sigma0: float = quantity(1e5, "N/m", above=0.0, source="stated",
                             note="Canudas de Wit et al. 1995, simulation example")
    sigma1: float = quantity(float(np.sqrt(1e5)), "N s/m", at_least=0.0, source="stated",
                             note="Canudas de Wit et al. 1995: sqrt(1e5)")
    sigma2: float = quantity(0.4, "N s/m", at_least=0.0, source="stated",
                             note="Canudas de Wit et al. 1995, simulation example")
    Fc: float = quantity(1.0, "N", at_least=0.0, source="stated",
                         note="Canudas de Wit et al. 1995, simulation example")
    Fs: float = quantity(1.5, "N", above=0.0, source="stated",
                         note="Canudas de Wit et al. 1995, simulation example")
    vs: float = quantity(1e-3, "m/s", above=0.0, source="stated",
                         note="Canudas de Wit et al. 1995, simulation example")
    delta: float = quantity(2.0, "", above=0.0, source="stated",
                            note="the Gaussian fall of the paper and of this book")

    def __post_init__(self):
        super().__post_init__()
        if self.Fs < self.Fc:
            raise ParameterError(f"Fs must be >= Fc = {self.Fc:g} N, got {self.Fs:g}")


def _velocity(v) -> np.ndarray:
    return as_array("v", v, "m/s", finite=True)


def stribeck_level(v, params: LuGre):
    r"""The Stribeck level :math:`g(v) = F_c + (F_s - F_c)\,e^{-|v/v_s|^\delta}`, N (> 0).

    ``v`` in m/s, scalar or array. Even in v: g(0) = Fs, g -> Fc for |v| >> vs.

    >>> print(stribeck_level(np.array([0.0, 1.0]), LuGre()))
    [1.5 1. ]
    """
    v = _velocity(v)
    p = params
    return scalar_or_array(p.Fc + (p.Fs - p.Fc) * np.exp(-np.abs(v / p.vs) ** p.delta))


def bristle_rate(v, z, params: LuGre):
    r"""The bristle equation :math:`\dot z = v - \sigma_0\,|v|\,z / g(v)`, m/s.

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s.
    z : float or array_like
        Mean bristle deflection, m (broadcast against v).
    params : LuGre

    >>> print(bristle_rate(1e-3, 0.0, LuGre()))
    0.001
    """
    v = _velocity(v)
    z = as_array("z", z, "m", finite=True)
    g = stribeck_level(v, params)
    return scalar_or_array(v - params.sigma0 * np.abs(v) * z / g)


def friction_force(v, z, params: LuGre):
    r"""The friction force on the body, :math:`F = -(\sigma_0 z + \sigma_1\dot z +
    \sigma_2 v)`, N, with :math:`\dot z` from :func:`bristle_rate`.

    ``v`` in m/s, ``z`` in m (broadcast). Negative for a body sliding steadily with v > 0.
    """
    zdot = bristle_rate(v, z, params)
    v = _velocity(v)
    z = as_array("z", z, "m", finite=True)
    return scalar_or_array(-(params.sigma0 * z + params.sigma1 * zdot + params.sigma2 * v))


def steady_state(v, params: LuGre):
    r"""Bristle deflection and force at constant velocity, in closed form.

    :math:`\dot z = 0` gives :math:`z_{ss} = \mathrm{sign}(v)\,g(v)/\sigma_0` and
    :math:`F_{ss} = -\big(g(v)\,\mathrm{sign}(v) + \sigma_2 v\big)`: the Stribeck curve
    :func:`robodyn.friction.stribeck` with b = sigma2.

    Returns
    -------
    z_ss : float or numpy.ndarray
        Deflection, m (0 at v = 0).
    F_ss : float or numpy.ndarray
        Force on the body, N.
    """
    v = _velocity(v)
    g = stribeck_level(v, params)
    z_ss = np.sign(v) * g / params.sigma0
    return scalar_or_array(z_ss), scalar_or_array(-(g * np.sign(v) + params.sigma2 * v))


def constant_speed_bristle(x, v: float, params: LuGre):
    r"""Deflection after a travel x at the constant velocity v, from z = 0, in closed form.

    With v constant, g is too, and :math:`dz/dx = \mathrm{sign}(v) - \sigma_0 z/g` gives

    .. math:: z(x) = \mathrm{sign}(v)\,\frac{g(v)}{\sigma_0}
              \Big(1 - e^{-\sigma_0 |x| / g(v)}\Big).

    For small travel :math:`z \approx x` (the bristles deflect as a spring of stiffness
    :math:`\sigma_0`); for long travel z reaches :func:`steady_state`.

    Parameters
    ----------
    x : float or array_like
        Travel since the start, m, with the sign of v.
    v : float
        The velocity, m/s, not 0.
    """
    v = float(_velocity(v))
    if v == 0.0:
        raise ParameterError("v must not be 0: at rest the bristles do not move")
    x = as_array("x", x, "m", finite=True)
    g = float(stribeck_level(v, params))
    return scalar_or_array(np.sign(v) * g / params.sigma0
                           * (1.0 - np.exp(-params.sigma0 * np.abs(x) / g)))


def imposed_motion(velocity, t_end: float, params: LuGre, z0: float = 0.0,
                   n_samples: int = 2001, rtol: float = 1e-8,
                   atol: float = 1e-13) -> SimulationResult:
    r"""The bristle state under a prescribed velocity :math:`v(t)`, and the friction force.

    Integrates :math:`\dot x = v(t)`, :math:`\dot z = v - \sigma_0|v|z/g(v)` from x = 0,
    z = z0 with LSODA, which switches to an implicit method where the problem is stiff (the
    bristle equation is when sliding: its rate :math:`\sigma_0|v|/g` is 1e5 1/s at 1 m/s
    with the defaults).

    Parameters
    ----------
    velocity : callable
        ``velocity(t) -> v``, m/s.
    t_end : float
        Duration, s (> 0).
    params : LuGre
    z0 : float
        Initial deflection, m.
    n_samples : int
        Number of evenly spaced samples returned (>= 2).
    rtol, atol : float
        Tolerances of the solver (atol in m).

    Returns
    -------
    SimulationResult
        Columns ``x`` (m), ``z`` (m), ``v`` (m/s) and ``F`` (force on the body, N).
    """
    t_end = check_positive("t_end", t_end, "s")
    n_samples = check_integer("n_samples", n_samples, at_least=2)
    z0 = float(as_array("z0", z0, "m", finite=True))

    def rhs(t, state):
        v = velocity(t)
        return [v, v - params.sigma0 * abs(v) * state[1] / float(stribeck_level(v, params))]

    t = np.linspace(0.0, t_end, n_samples)
    run = integrate.solve(rhs, (0.0, t_end), [0.0, z0], state_names=("x", "z"),
                          method="LSODA", rtol=rtol, atol=atol, t_eval=t)
    v = np.array([velocity(ti) for ti in run.t], dtype=float)
    force = friction_force(v, run.z, params)
    return SimulationResult(t=run.t, columns={"x": run.x, "z": run.z, "v": v, "F": force},
                            success=run.success, message=run.message)


def pushed_block(mass: float, push, t_end: float, params: LuGre, n_samples: int = 2001,
                 rtol: float = 1e-8, atol: float = 1e-12) -> SimulationResult:
    r"""A block of mass m at rest, pushed by the force ``push(t)``, with LuGre friction.

    :math:`m\dot v = F_a(t) + F(v, z)`, :math:`\dot x = v`, :math:`\dot z` from
    :func:`bristle_rate`; state (x, v, z) from zero, integrated with LSODA (stiff when
    sliding, see :func:`imposed_motion`).

    Parameters
    ----------
    mass : float
        Mass, kg (> 0).
    push : callable
        ``push(t) -> F_a``, the applied force along x, N.
    t_end : float
        Duration, s (> 0).
    params : LuGre
    n_samples : int
        Number of evenly spaced samples returned (>= 2).
    rtol, atol : float
        Tolerances of the solver (atol in m, m/s).

    Returns
    -------
    SimulationResult
        Columns ``x`` (m), ``v`` (m/s), ``z`` (m) and ``F`` (friction on the body, N).
    """
    mass = check_positive("mass", mass, "kg")
    t_end = check_positive("t_end", t_end, "s")
    n_samples = check_integer("n_samples", n_samples, at_least=2)
    p = params

    def rhs(t, state):  # the equations of bristle_rate and friction_force, on floats
        _, v, z = state
        g = p.Fc + (p.Fs - p.Fc) * np.exp(-abs(v / p.vs) ** p.delta)
        zdot = v - p.sigma0 * abs(v) * z / g
        force = -(p.sigma0 * z + p.sigma1 * zdot + p.sigma2 * v)
        return [v, (push(t) + force) / mass, zdot]

    t = np.linspace(0.0, t_end, n_samples)
    run = integrate.solve(rhs, (0.0, t_end), [0.0, 0.0, 0.0], state_names=("x", "v", "z"),
                          method="LSODA", rtol=rtol, atol=atol, t_eval=t)
    force = friction_force(run.v, run.z, p)
    return SimulationResult(t=run.t, columns={"x": run.x, "v": run.v, "z": run.z, "F": force},
                            success=run.success, message=run.message)


def cycle_energy(amplitude: float, frequency: float, params: LuGre, n_cycles: int = 3,
                 n_samples: int = 4001) -> float:
    r"""Energy the friction takes from a body moved as :math:`x = A\sin(2\pi f t)`, in the
    last of ``n_cycles`` cycles, J.

    :math:`W = -\oint F\,dx = -\int F\,v\,dt` over one period, by the trapezoidal rule on
    ``n_samples`` samples per cycle. Positive for a dissipative (passive) friction law.

    Parameters
    ----------
    amplitude : float
        A, m (> 0).
    frequency : float
        f, Hz (> 0).
    params : LuGre
    n_cycles : int
        Cycles simulated from z = 0 (>= 2), so that the last one has forgotten the start.
    n_samples : int
        Samples per cycle (>= 3).
    """
    amplitude = check_positive("amplitude", amplitude, "m")
    frequency = check_positive("frequency", frequency, "Hz")
    n_cycles = check_integer("n_cycles", n_cycles, at_least=2)
    n_samples = check_integer("n_samples", n_samples, at_least=3)
    omega = 2 * np.pi * frequency
    period = 1.0 / frequency
    run = imposed_motion(lambda t: amplitude * omega * np.cos(omega * t), n_cycles * period,
                         params, n_samples=(n_samples - 1) * n_cycles + 1,
                         atol=1e-9 * amplitude)
    last = slice(-n_samples, None)
    power = -run.F[last] * run.v[last]
    return float(np.trapezoid(power, run.t[last]))
