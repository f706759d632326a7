"""A ball dropped on a penalty floor, by a solver or in closed form between contacts."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import SimulationError
from robodyn.core.integrate import METHODS, SimulationResult, join, solve
from robodyn.core.params import (
    STANDARD_GRAVITY,
    Parameters,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
    quantity,
)
from robodyn.laws.contact import FORCE_MODELS, normal_force

#: How :func:`drop` takes the flights between contacts: by the solver, or in closed form.
FLIGHTS = ("solver", "exact")


#: Spacing of a flight's samples in closed form when :func:`drop` keeps the solver's steps, s.
FLIGHT_SAMPLE = 2e-3


#: The events :func:`drop` reports, in the result's ``events`` and ``event_states``.
DROP_EVENTS = ("touches", "lifts_off", "apex")


#: The methods of :func:`drop` that use the contact's Jacobian (given in closed form).
IMPLICIT = ("Radau", "BDF", "LSODA")


#: Gravitational acceleration, m/s^2 (robodyn.core.params.STANDARD_GRAVITY).
G = STANDARD_GRAVITY


@dataclass(frozen=True)
class DroppedBall(Parameters):
    """The ball of the dynamics tutorial's contact example: the defaults of :func:`drop`.

    Parameters
    ----------
    mass : float
        kg (> 0). Default 1 kg.
    height : float
        Height of its lowest point when released at rest, m (> 0). Default 0.5 m.
    k : float
        Stiffness of the floor, N/m (> 0). Default 1e4 N/m.
    c : float
        Damping of the floor, N s/m (>= 0). Default 500 N s/m (zeta = 2.5 with the mass).
    radius : float
        m (> 0): places the drawing only. Default 5 cm.

    Examples
    --------
    >>> ball = DroppedBall()
    >>> print(f"impact speed {np.sqrt(2 * G * ball.height):.3f} m/s")
    impact speed 3.132 m/s
    """

    mass: float = quantity(1.0, "kg", above=0.0, source="stated",
                           note="the tutorial's ball")
    height: float = quantity(0.5, "m", above=0.0, source="stated",
                             note="the tutorial's drop height")
    k: float = quantity(1e4, "N/m", above=0.0, source="stated",
                        note="the tutorial's floor stiffness")
    c: float = quantity(500.0, "N s/m", at_least=0.0, source="stated",
                        note="the tutorial's floor damping (an overdamped contact, zeta = 2.5)")
    radius: float = quantity(0.05, "m", above=0.0, source="assumed",
                             note="only places the drawing; the tutorial's ball is a point")


def sample_times(t_end: float, samples):
    """None (the solver's steps) or ``samples`` equally spaced times over [0, t_end]."""
    if samples is None:
        return None
    return np.linspace(0.0, t_end, check_integer("samples", samples, at_least=2))


def drop(mass: float = DroppedBall.mass, radius: float = DroppedBall.radius,
         height: float = DroppedBall.height, k: float = DroppedBall.k,
         c: float = DroppedBall.c, t_end: float = 1.0, method: str = "Radau", model: str = "linear",
         exponent: float = 1.0, rtol: float = 1e-6, atol: float | tuple[float, float] = 1e-9,
         g: float = G, samples: int | None = None,
         max_phases: int = 10_000, flights: str = "solver") -> SimulationResult:
    r"""Drop a ball on a rigid floor and integrate its bounces with ``solve_ivp``.

    The state is the height z of the ball's lowest point above the floor and its velocity w;
    :math:`m\dot w = -m g + F(\delta, \dot\delta)` with :math:`\delta = -z`,
    :math:`\dot\delta = -w` and F from :func:`normal_force`. The defaults are the dynamics
    tutorial's ball, :class:`DroppedBall`: 1 kg from 0.5 m onto k = 1e4 N/m, c = 500 N s/m
    (zeta = 2.5); the radius (which only places the drawing) is this book's choice.

    Parameters
    ----------
    mass : float
        kg (> 0).
    radius : float
        m (> 0).
    height : float
        Initial height of the lowest point, m (> 0), dropped from rest.
    k, c : float
        Stiffness (N/m) and damping (N s/m, or lambda for Hunt-Crossley), as in
        :func:`normal_force`.
    t_end : float
        Duration, s (> 0).
    method : str
        A ``solve_ivp`` method: "Radau" and "BDF" (implicit, for stiff problems), "LSODA"
        (switches), "RK45", "RK23", "DOP853" (explicit).
    model, exponent : str, float
        Force law, as in :func:`normal_force`.
    rtol : float
        Relative tolerance (> 0).
    atol : float or (float, float)
        Absolute tolerance (> 0): one for both states, or (m, m/s) for the height and the
        speed apart.
    g : float
        m/s^2 (> 0).
    samples : int, optional
        None stores the solver's own steps (and flights in closed form every
        :data:`FLIGHT_SAMPLE` s); an integer (>= 2), that many equally spaced samples from the
        solver's dense output (its steps, and so its effort, do not change). Either way the
        top of a short flight may fall between two samples: read a hop from ``hop_height``
        or the ``apex`` events, which do not depend on the samples.
    max_phases : int
        Most flights and contacts integrated (>= 1); more raise a SimulationError.
    flights : str
        "solver" (default) integrates the flights between contacts too; "exact" takes them
        from the free fall's closed form, :math:`z = z_0 + w_0 t - g t^2/2`, and the solver
        integrates only the contacts, where the stiffness is (and the evaluations count
        only those).

    Returns
    -------
    SimulationResult
        Columns ``z`` (m), ``w`` (m/s), ``force`` (N); details ``evaluations`` (calls of the
        right-hand side, including those for finite-difference Jacobians), ``wall_time`` (s),
        ``method``, ``omega_contact`` (:math:`\sqrt{k/m}`, rad/s), ``rest_depth``
        (:math:`m g / k`, m) and ``hop_height`` (m): the highest top of a flight that
        follows a contact, the height by which the ball clears the floor on a rebound
        (0.0 if it does not leave the floor again before ``t_end``); the heights of the
        ``apex`` events, and for a flight still rising at ``t_end`` the top its free fall
        is heading for, :math:`w_0^2/(2g)` from its lift-off speed. Events (times, s, and
        the columns there, shape (k, 3)): ``touches`` (z falls through 0), ``lifts_off``
        (z rises through 0) and ``apex``, the top of each flight after a contact, where w
        falls through 0 while the ball is in the air; found by the solver's event search
        on its dense output, or in closed form with ``flights="exact"``, so that no
        sample has to fall on it. The release from rest at t = 0 is not an apex. The force
        at every event is 0: each is on the floor's surface or above it.

    Notes
    -----
    In flight :math:`z + w^2/(2g)` is constant, so the apex of a flight that leaves the floor
    at the speed :math:`w_0` is :math:`w_0^2/(2g)` above it.

    Examples
    --------
    >>> run = drop(t_end=2.0)
    >>> print(f"{-run.z[-1] * 1e3:.4f} mm at rest, m g / k = {run.rest_depth * 1e3:.4f} mm")
    0.9810 mm at rest, m g / k = 0.9810 mm

    A lightly damped floor: the first rebound's apex, and :math:`w_0^2/(2g)` from the speed
    at which the ball left the floor.

    >>> run = drop(k=1e6, c=200.0, t_end=0.8)           # zeta = 0.1
    >>> w_off = run.event_states["lifts_off"][0, 1]
    >>> print(f"{run.hop_height * 1e3:.3f} mm, w0^2 / 2g = {w_off**2 / (2 * G) * 1e3:.3f} mm")
    276.013 mm, w0^2 / 2g = 276.013 mm
    """
    mass = check_positive("mass", mass, "kg")
    radius = check_positive("radius", radius, "m")
    height = check_positive("height", height, "m")
    k = check_positive("k", k, "N/m")
    c = check_non_negative("c", c, "N s/m")
    t_end = check_positive("t_end", t_end, "s")
    check_choice("method", method, METHODS)
    check_choice("model", model, FORCE_MODELS)
    n = check_positive("exponent", exponent)
    g = check_positive("g", g, "m/s^2")
    max_phases = check_integer("max_phases", max_phases, at_least=1)
    check_choice("flights", flights, FLIGHTS)
    calls = [0]

    def in_flight(t, x):
        calls[0] += 1
        return np.array([x[1], -g])

    def in_contact(t, x):
        calls[0] += 1
        return _in_contact_rate(x, k, c, mass, g, model, n)

    def contact_jacobian(t, x):
        return _in_contact_jacobian(x, k, c, mass, model, n)

    def touches(t, x):
        return x[0]

    def lifts_off(t, x):
        return x[0]

    def apex(t, x):
        return x[1]

    touches.terminal, touches.direction = True, -1
    lifts_off.terminal, lifts_off.direction = True, 1
    apex.terminal, apex.direction = False, -1
    t_eval = sample_times(t_end, samples)
    start = time.perf_counter()
    phases, t0, x0, touching = [], 0.0, np.array([height, 0.0]), False
    while t0 < t_end:
        if len(phases) >= max_phases:
            raise SimulationError(
                f"the ball changed between flight and contact more than max_phases = "
                f"{max_phases} times before t = {t0:.6g} s of t_end = {t_end:g} s; advice: a "
                "shorter t_end, more damping, or a larger max_phases")
        samples_left = None if t_eval is None else t_eval[t_eval >= t0]
        if not touching and flights == "exact":
            run = _free_fall(t0, x0, t_end, g, samples_left)
        else:
            # A flight that rises (it left the floor) has an apex; the release from rest
            # at t = 0 starts at one and is not counted.
            watch = [lifts_off] if touching else [touches] + ([apex] if x0[1] > 0 else [])
            run = solve(in_contact if touching else in_flight, (t0, t_end), x0,
                        state_names=("z", "w"), method=method, rtol=rtol, atol=atol,
                        events=watch, t_eval=samples_left,
                        jac=contact_jacobian if touching and method in IMPLICIT else None)
        phases.append(run)
        switch = "lifts_off" if touching else "touches"
        if not run.events[switch].size:
            break                                   # t_end reached
        # The next phase starts on the surface, at the crossing, with the speed there.
        t0, x0 = float(run.events[switch][-1]), np.array([0.0, run.event_states[switch][-1][1]])
        touching = not touching
    run = join(phases, message=phases[-1].message)
    wall = time.perf_counter() - start
    force = np.atleast_1d(normal_force(-run.z, -run.w, k, c, model, n)).astype(float)
    # Every event is on the floor's surface (delta = 0) or above it: no force there.
    events = {name: run.events.get(name, np.empty(0)) for name in DROP_EVENTS}
    event_states = {}
    for name in DROP_EVENTS:
        states = np.reshape(run.event_states.get(name, np.empty((0, 2))), (-1, 2))
        event_states[name] = np.column_stack([states, np.zeros(len(states))])
    tops = list(event_states["apex"][:, 0])
    if not touching and x0[1] > 0 and not phases[-1].events.get("apex", np.empty(0)).size:
        # the last flight, from the floor at w0, still rises at t_end: its free fall's top
        tops.append(x0[0] + x0[1] ** 2 / (2.0 * g))
    return SimulationResult(
        t=run.t, columns={"z": run.z, "w": run.w, "force": force}, success=run.success,
        message=f"{method}: {calls[0]} evaluations of the right-hand side in {wall:.3g} s; "
                + run.message,
        events=events, event_states=event_states,
        details={"evaluations": calls[0], "wall_time": wall, "method": method,
                 "omega_contact": float(np.sqrt(k / mass)), "rest_depth": mass * g / k,
                 "radius": radius, "hop_height": float(max(tops, default=0.0))})


def _in_contact_rate(x, k: float, c: float, mass: float, g: float, model: str, n: float):
    """The rate (w, w') of :func:`drop`'s state (z, w) in a contact phase: the force law
    without its "no contact above the floor" branch, smooth within the phase and equal to
    :func:`normal_force` while the ball is in the floor."""
    depth, rate = max(-x[0], 0.0), -x[1]
    raw = k * depth + c * rate if model == "linear" else depth**n * (k + c * rate)
    return np.array([x[1], -g + max(raw, 0.0) / mass])


def _in_contact_jacobian(x, k: float, c: float, mass: float, model: str, n: float):
    """The derivative of :func:`_in_contact_rate` by (z, w), for the implicit solvers: with
    depth = -z and rate = -w, the force's slopes -dF/d(depth) and -dF/d(rate) where it pushes,
    none where it is clamped at zero."""
    depth, rate = max(-x[0], 0.0), -x[1]
    if model == "linear":
        pushes = k * depth + c * rate > 0.0
        slopes = (-k, -c)
    else:
        pushes = depth**n * (k + c * rate) > 0.0
        slopes = (-n * depth ** (n - 1.0) * (k + c * rate) if depth > 0 else 0.0,
                  -c * depth**n)
    if not pushes:
        return np.array([[0.0, 1.0], [0.0, 0.0]])
    return np.array([[0.0, 1.0], [slopes[0] / mass, slopes[1] / mass]])


def _free_fall(t0: float, x0, t_end: float, g: float, samples) -> SimulationResult:
    """A flight of :func:`drop` in closed form, from height z0 >= 0 and speed w0 at t0 until
    the ball touches the floor (the event ``touches``) or t_end; sampled at ``samples``
    (None: every :data:`FLIGHT_SAMPLE` s and at its ends), as a solver's phase would be.
    A flight that rises (w0 > 0) has its top, the event ``apex``, at t0 + w0/g, at the
    height z0 + w0^2/(2g), if it comes before t_end."""
    z0, w0 = float(x0[0]), float(x0[1])
    t_touch = t0 + (w0 + math.sqrt(w0 * w0 + 2.0 * g * z0)) / g
    t_stop = min(t_touch, t_end)
    if samples is None:
        t = np.linspace(t0, t_stop, max(2, math.ceil((t_stop - t0) / FLIGHT_SAMPLE) + 1))
    else:
        t = samples[samples <= t_stop]
    z, w = z0 + w0 * (t - t0) - 0.5 * g * (t - t0) ** 2, w0 - g * (t - t0)
    touches = np.array([t_touch]) if t_touch <= t_end else np.empty(0)
    states = np.array([[0.0, w0 - g * (t_touch - t0)]]) if touches.size else np.empty((0, 2))
    t_apex = t0 + w0 / g
    rises = w0 > 0.0 and t_apex <= t_end
    apex = np.array([t_apex]) if rises else np.empty(0)
    top = np.array([[z0 + w0 * w0 / (2.0 * g), 0.0]]) if rises else np.empty((0, 2))
    return SimulationResult(t=t, columns={"z": z, "w": w},
                            events={"touches": touches, "apex": apex},
                            event_states={"touches": states, "apex": top},
                            message="a free fall, in closed form")
