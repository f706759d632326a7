r"""LuGre friction: a dynamic friction model with an internal bristle state.

Canudas de Wit, Olsson, Åström and Lischinsky (IEEE Trans. Automatic Control 40(3), 1995)
picture the contact as elastic bristles. Their mean deflection z (m) obeys

.. math::

    \dot z = v - \frac{\sigma_0\,|v|}{g(v)}\,z,\qquad
    g(v) = F_c + (F_s - F_c)\,e^{-|v/v_s|^{\delta}},

and the friction force is :math:`\sigma_0 z + \sigma_1\dot z + \sigma_2 v`, with g the
Stribeck level (N), :math:`\sigma_0` the bristle stiffness (N/m), :math:`\sigma_1` the bristle
damping (N s/m) and :math:`\sigma_2` the viscous coefficient (N s/m).

**Damping that fades with speed.** With a constant :math:`\sigma_1` the model is not passive:
Barabanov and Ortega (IEEE Trans. Automatic Control 45(4), 2000) give the exact condition on
the parameters, which the paper's example breaks, and :func:`creep_then_jump` shows a motion
in which the friction gives energy back. The option ``LuGre(vd=...)`` lets the damping fade,
:math:`\sigma_1(v) = \sigma_1 e^{-(v/v_d)^2}` (:func:`bristle_damping`); the default
``vd = inf`` keeps it constant. :func:`passivity_margin` is the test this module uses for
dissipation: where it is >= 0 at every v, the friction takes at least the rise of the
bristle energy :math:`\sigma_0 z^2/2` from the motion.

**Sign convention.** As in :mod:`robodyn.friction`, the functions return the force that acts
ON the moving body: :math:`F = -(\sigma_0 z + \sigma_1\dot z + \sigma_2 v)`, negative for a
body sliding with v > 0. At constant velocity z settles at :math:`\mathrm{sign}(v)\,g(v)/
\sigma_0` and F is :func:`robodyn.friction.stribeck` with b = :math:`\sigma_2`.

**Notation.** The paper writes the denominator of the bristle equation as g(v) with
:math:`\sigma_0 g(v) = F_c + (F_s - F_c)e^{-(v/v_s)^2}`; here g is that level itself, in N,
so :math:`\sigma_0` appears explicitly. The model is the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.core import integrate
from robodyn.core.errors import ParameterError, ParameterTypeError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    Parameters,
    as_array,
    check_integer,
    check_non_negative,
    check_positive,
    quantity,
    scalar_or_array,
)

__all__ = [
    "LuGre",
    "bristle_damping",
    "bristle_rate",
    "constant_speed_bristle",
    "creep_then_jump",
    "cycle_energy",
    "friction_force",
    "imposed_motion",
    "passivity_margin",
    "pushed_block",
    "steady_state",
    "stribeck_level",
]


@dataclass(frozen=True)
class LuGre(Parameters):
    r"""Parameters of the LuGre model; defaults are the simulation example of Canudas de Wit
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
    vd : float
        Speed over which the bristle damping fades, m/s (> 0, or ``inf``):
        :math:`\sigma_1(v) = \sigma_1 e^{-(v/v_d)^2}` (:func:`bristle_damping`). Default
        ``inf``: a constant :math:`\sigma_1`, as in the paper's example, which is not passive
        (:func:`creep_then_jump`).

    Examples
    --------
    >>> LuGre().vd, LuGre(vd=1e-3).vd
    (inf, 0.001)
    >>> LuGre(vd=0.0)
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: vd must be > 0 m/s, or inf for a constant sigma1; got 0.0
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
    vd: float = quantity(math.inf, "m/s", above=0.0, source="stated",
                         note="inf: a constant sigma1, as in the example of Canudas de Wit et "
                              "al. 1995; finite: sigma1 exp(-(v/vd)^2)")

    def __post_init__(self):
        # validate_fields refuses inf, which here means a constant sigma1: vd is set aside
        # for the field checks and checked below.
        vd = self.vd
        object.__setattr__(self, "vd", 1.0)
        super().__post_init__()
        allowed = "> 0 m/s, or inf for a constant sigma1"
        if isinstance(vd, bool) or not isinstance(vd, (int, float, np.integer, np.floating)):
            raise ParameterTypeError(f"vd must be a real number {allowed}; got {vd!r} of type "
                                     f"{type(vd).__name__}")
        if not vd > 0.0:
            raise ParameterError(f"vd must be {allowed}; got {vd}")
        object.__setattr__(self, "vd", float(vd))
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


def bristle_damping(v, params: LuGre):
    r"""The bristle damping :math:`\sigma_1(v) = \sigma_1\,e^{-(v/v_d)^2}`, N s/m.

    ``v`` in m/s, scalar or array. With the default ``vd = inf`` it is :math:`\sigma_1` at
    every speed; with a finite :math:`v_d` it keeps :math:`\sigma_1` in presliding
    (:math:`|v| \ll v_d`) and fades in fast sliding.

    >>> print(bristle_damping(np.array([0.0, 1e-3]), LuGre(sigma1=100.0, vd=1e-3)).round(3))
    [100.    36.788]
    """
    v = _velocity(v)
    return scalar_or_array(params.sigma1 * np.exp(-(v / params.vd) ** 2))


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
    r"""The friction force on the body, :math:`F = -(\sigma_0 z + \sigma_1(v)\,\dot z +
    \sigma_2 v)`, N, with :math:`\dot z` from :func:`bristle_rate` and :math:`\sigma_1(v)`
    from :func:`bristle_damping` (constant by default).

    ``v`` in m/s, ``z`` in m (broadcast). Negative for a body sliding steadily with v > 0.
    """
    zdot = bristle_rate(v, z, params)
    sigma1 = bristle_damping(v, params)
    v = _velocity(v)
    z = as_array("z", z, "m", finite=True)
    return scalar_or_array(-(params.sigma0 * z + sigma1 * zdot + params.sigma2 * v))


def passivity_margin(v, params: LuGre):
    r"""The margin :math:`4\,g(v)\,(\sigma_1(v) + \sigma_2) - \sigma_1(v)^2\,|v|`, N² s/m, of
    the dissipation condition of the LuGre model.

    With the bristle energy :math:`V = \sigma_0 z^2/2`, the power the body puts into the
    friction, :math:`-F v`, exceeds :math:`\dot V` by a quadratic form in z,

    .. math::

        -F v - \dot V = \frac{\sigma_0^2 |v|}{g}\,z^2
        - \frac{\sigma_1 \sigma_0 |v|\, v}{g}\,z + (\sigma_1 + \sigma_2)\,v^2
        \;\ge\; \frac{v^2}{4 g}\,\big(4 g (\sigma_1 + \sigma_2) - \sigma_1^2 |v|\big),

    its minimum over z (all at the speed v). Where the margin is >= 0 at every v, the
    friction takes from any motion at least the rise of V: it is dissipative (passive). The
    condition is sufficient, not necessary. With a constant :math:`\sigma_1` it fails above
    :math:`|v| \approx 4 g (\sigma_1 + \sigma_2)/\sigma_1^2`; with a damping that fades over
    a small enough :math:`v_d` it holds at every v.

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s.
    params : LuGre

    >>> v = np.array([1e-3, 0.2])
    >>> print(passivity_margin(v, LuGre()) >= 0, passivity_margin(v, LuGre(vd=1e-3)) >= 0)
    [ True False] [ True  True]
    """
    v = _velocity(v)
    sigma1 = bristle_damping(v, params)
    g = stribeck_level(v, params)
    return scalar_or_array(4.0 * g * (sigma1 + params.sigma2) - sigma1**2 * np.abs(v))


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
        sigma1 = p.sigma1 * np.exp(-(v / p.vd) ** 2)
        force = -(p.sigma0 * z + sigma1 * zdot + p.sigma2 * v)
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


def creep_then_jump(params: LuGre, v_creep: float = 1e-4, t_creep: float = 0.6,
                    v_fast: float = 0.2, t_ramp: float = 50e-6, t_hold: float = 50e-6,
                    n_samples: int = 501, rtol: float = 1e-10,
                    atol: float = 1e-14) -> SimulationResult:
    r"""A slow creep, then a sudden ramp to a fast slide: the motion that shows whether the
    friction gives energy back, and the energy it gives.

    The velocity is prescribed: ``v_creep`` from rest (z = 0) for ``t_creep``, then a linear
    ramp to ``v_fast`` over ``t_ramp``, then ``v_fast`` for ``t_hold``. Along with
    :math:`\dot x = v` and the bristle equation it integrates the energy the friction gives
    to the body,

    .. math:: E(t) = \int_0^t F\,v\,dt ,

    with F the force ON the body (:func:`friction_force`): E <= 0 at every t for a passive
    friction, which can only take energy, since the run starts with unbent bristles. Each
    phase is integrated on its own (LSODA), so that no solver step straddles a corner of v(t).

    Why a constant :math:`\sigma_1` fails here: the creep bends the bristles to about
    :math:`F_s/\sigma_0`; at the fast speed they must relax to :math:`F_c/\sigma_0` within
    :math:`g/(\sigma_0 |v|)`, so :math:`\dot z` is large and negative, and the damping term
    :math:`-\sigma_1 \dot z` pushes the body forward. The defaults are the chapter's
    counter-example for the paper's parameters: 0.1 mm/s for 0.6 s, 50 µs to 0.2 m/s, and
    50 µs at that speed (the bristles settle in g/(σ0 v) = 50 µs there).

    Parameters
    ----------
    params : LuGre
    v_creep : float
        Speed of the creep, m/s (> 0).
    t_creep : float
        Duration of the creep, s (> 0).
    v_fast : float
        Speed after the ramp, m/s (> 0).
    t_ramp : float
        Duration of the ramp, s (> 0).
    t_hold : float
        Time at ``v_fast`` after the ramp, s (>= 0).
    n_samples : int
        Samples per phase (>= 2).
    rtol, atol : float
        Tolerances of the solver; ``atol`` holds for every state: m for x and z, J for E.

    Returns
    -------
    SimulationResult
        Columns ``x`` (m), ``z`` (m), ``E`` (energy given to the body since the start, J),
        ``v`` (m/s) and ``F`` (force on the body, N).

    Examples
    --------
    >>> run = creep_then_jump(LuGre())
    >>> bool(run.E[-1] > 0), bool(creep_then_jump(LuGre(vd=1e-3)).E[-1] < 0)
    (True, True)
    """
    v_creep = check_positive("v_creep", v_creep, "m/s")
    t_creep = check_positive("t_creep", t_creep, "s")
    v_fast = check_positive("v_fast", v_fast, "m/s")
    t_ramp = check_positive("t_ramp", t_ramp, "s")
    t_hold = check_non_negative("t_hold", t_hold, "s")
    n_samples = check_integer("n_samples", n_samples, at_least=2)
    p = params
    t_fast = t_creep + t_ramp

    def velocity(t):
        if t <= t_creep:
            return v_creep
        if t <= t_fast:
            return v_creep + (v_fast - v_creep) * (t - t_creep) / t_ramp
        return v_fast

    def rhs(t, state):  # the equations of bristle_rate, bristle_damping and friction_force
        v = velocity(t)
        z = state[1]
        g = p.Fc + (p.Fs - p.Fc) * np.exp(-abs(v / p.vs) ** p.delta)
        zdot = v - p.sigma0 * abs(v) * z / g
        force = -(p.sigma0 * z + p.sigma1 * np.exp(-(v / p.vd) ** 2) * zdot + p.sigma2 * v)
        return [v, zdot, force * v]

    phases = [(0.0, t_creep), (t_creep, t_fast)]
    if t_hold > 0.0:
        phases.append((t_fast, t_fast + t_hold))
    runs, state = [], [0.0, 0.0, 0.0]
    for start, end in phases:
        run = integrate.solve(rhs, (start, end), state, state_names=("x", "z", "E"),
                              method="LSODA", rtol=rtol, atol=atol,
                              t_eval=np.linspace(start, end, n_samples))
        runs.append(run)
        state = [run.x[-1], run.z[-1], run.E[-1]]
    run = integrate.join(runs)
    v = np.array([velocity(ti) for ti in run.t], dtype=float)
    force = friction_force(v, run.z, p)
    return SimulationResult(t=run.t, columns={"x": run.x, "z": run.z, "E": run.E, "v": v,
                                              "F": force},
                            success=run.success, message=run.message)
