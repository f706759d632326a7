"""Time integration: two fixed-step formulas and a thin wrapper of ``scipy.integrate.solve_ivp``.

Every right-hand side has scipy's shape, ``rhs(t, x, *args) -> x_dot``, with ``x_dot`` shaped
like ``x``. The fixed steps :func:`euler_step` and :func:`rk4_step` serve sampled-data loops
and the book's comparisons of integration error; :func:`solve` picks an adaptive method by
name, records named events, and returns a :class:`SimulationResult`, the one result type of
every simulation in the package: its states are attributes (``result.x``).

>>> import numpy as np
>>> def decay(t, x, rate):
...     return -rate * x
>>> traj = solve(decay, (0.0, 1.0), [1.0], args=(2.0,), state_names=("x",))
>>> print(f"{traj.x[-1]:.6f} vs exp(-2) = {np.exp(-2.0):.6f}")
0.135335 vs exp(-2) = 0.135335
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.integrate import BDF, ODEintWarning, Radau, odeint, solve_ivp
from scipy.linalg import get_lapack_funcs

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.params import as_array, check_choice, check_integer, check_positive, check_real

__all__ = [
    "METHODS",
    "RK4_STABILITY_LIMIT",
    "SimulationResult",
    "euler_step",
    "join",
    "rk4_step",
    "solve",
    "solve_lsoda",
]

#: Names of the methods of ``scipy.integrate.solve_ivp`` that :func:`solve` accepts.
METHODS = ("RK45", "RK23", "DOP853", "Radau", "BDF", "LSODA")

_ADVICE = (
    'Advice: if the model is stiff, try an implicit method such as method="Radau" or '
    'method="BDF"; bound the step with a smaller max_step; or loosen the tolerances '
    '(larger rtol and atol).'
)


def _check_step(rhs, dt) -> float:
    if not callable(rhs):
        raise ParameterError(f"rhs must be callable as rhs(t, x, *args), got {rhs!r}")
    if isinstance(dt, float) and math.isfinite(dt):
        return dt
    return check_real("dt", dt, "s")


def euler_step(rhs: Callable, t: float, x, dt: float, *args) -> np.ndarray:
    r"""Advance ``x`` by one explicit (forward) Euler step.

    .. math:: x_{k+1} = x_k + \Delta t \, f(t_k, x_k)

    Parameters
    ----------
    rhs : callable
        ``rhs(t, x, *args) -> x_dot``, ``x_dot`` shaped like ``x`` (units of x per second).
    t : float
        Time at the start of the step, s.
    x : array_like
        State at ``t``, any shape.
    dt : float
        Step size, s (finite; negative steps backwards).
    *args
        Passed on to ``rhs``.

    Returns
    -------
    numpy.ndarray
        State at ``t + dt``, shaped like ``x``.

    Raises
    ------
    ParameterError
        If ``rhs`` is not callable or ``dt`` is not a finite number.

    Notes
    -----
    First order: halving ``dt`` halves the error at a fixed end time. The step is stable for
    ``x_dot = -a x`` only while ``a dt < 2``.

    Examples
    --------
    >>> print(euler_step(lambda t, x: -x, 0.0, [1.0], 0.1))
    [0.9]
    """
    dt = _check_step(rhs, dt)
    x = np.asarray(x, dtype=float)
    return x + dt * np.asarray(rhs(t, x, *args), dtype=float)


def rk4_step(rhs: Callable, t: float, x, dt: float, *args) -> np.ndarray:
    r"""Advance ``x`` by one step of the classic fourth-order Runge-Kutta method.

    .. math::

        k_1 &= f(t, x), \quad
        k_2 = f(t + \tfrac{\Delta t}{2}, x + \tfrac{\Delta t}{2} k_1), \quad
        k_3 = f(t + \tfrac{\Delta t}{2}, x + \tfrac{\Delta t}{2} k_2), \\
        k_4 &= f(t + \Delta t, x + \Delta t\, k_3), \quad
        x_{k+1} = x + \tfrac{\Delta t}{6} (k_1 + 2 k_2 + 2 k_3 + k_4)

    Parameters
    ----------
    rhs : callable
        ``rhs(t, x, *args) -> x_dot``, ``x_dot`` shaped like ``x`` (units of x per second).
    t : float
        Time at the start of the step, s.
    x : array_like
        State at ``t``, any shape.
    dt : float
        Step size, s (finite; negative steps backwards).
    *args
        Passed on to ``rhs``.

    Returns
    -------
    numpy.ndarray
        State at ``t + dt``, shaped like ``x``.

    Raises
    ------
    ParameterError
        If ``rhs`` is not callable or ``dt`` is not a finite number.

    Notes
    -----
    Fourth order: halving ``dt`` divides the error at a fixed end time by about 16. Four
    evaluations of ``rhs`` per step; no error estimate and no step-size control.

    Examples
    --------
    >>> x1 = rk4_step(lambda t, x: -x, 0.0, [1.0], 0.1)
    >>> print(f"{x1[0]:.8f} vs exp(-0.1) = {np.exp(-0.1):.8f}")
    0.90483750 vs exp(-0.1) = 0.90483742
    """
    dt = _check_step(rhs, dt)
    x = np.asarray(x, dtype=float)
    half = 0.5 * dt
    k1 = np.asarray(rhs(t, x, *args), dtype=float)
    k2 = np.asarray(rhs(t + half, x + half * k1, *args), dtype=float)
    k3 = np.asarray(rhs(t + half, x + half * k2, *args), dtype=float)
    k4 = np.asarray(rhs(t + dt, x + dt * k3, *args), dtype=float)
    return x + (dt / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)


#: RK4 is stable for x_dot = -lambda x while z = lambda h <= this value: the root of
#: 1 - z + z^2/2 - z^3/6 + z^4/24 = 1 (the growth factor per step) on the negative real axis.
RK4_STABILITY_LIMIT = 2.785293563405282

#: Attribute names of :class:`SimulationResult` that a column may not take.
RESERVED_NAMES = ("t", "columns", "success", "message", "events", "event_states", "details",
                  "names", "stack")


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Result of every simulation of the package: sampled columns by name, success, a message.

    Attributes
    ----------
    t : numpy.ndarray, shape (N,)
        Sample times, s.
    columns : dict of str to numpy.ndarray, each shape (N,)
        The sampled quantities by name, in order; each is also an attribute
        (``result.x`` is ``result.columns["x"]``).
    success : bool
        True if the run did what was asked (reached the end of the time span or a terminal
        event; for a course, reached the goal).
    message : str
        What happened, with advice when it went wrong.
    events : dict of str to numpy.ndarray
        Times at which each named event happened, s.
    event_states : dict of str to numpy.ndarray
        For each event, the columns at those times, shape (k, number of columns).
    details : dict
        Further results of a particular simulation by name (for example the time each
        waypoint was reached); each is also an attribute.

    Examples
    --------
    >>> run = SimulationResult(t=np.array([0.0, 1.0]), columns={"s": [0.0, 1.0], "v": [1.0, 1.0]})
    >>> print(run.v, run.names)
    [1. 1.] ('s', 'v')
    >>> run.w
    Traceback (most recent call last):
    ...
    AttributeError: this result has no column or detail 'w'; its columns are 's', 'v'
    """

    t: np.ndarray
    columns: dict
    success: bool = True
    message: str = ""
    events: dict = field(default_factory=dict)
    event_states: dict = field(default_factory=dict)
    details: dict = field(default_factory=dict)

    def __post_init__(self):
        t = as_array("t", self.t, "s", (None,), finite=True)
        columns = {}
        for name, values in dict(self.columns).items():
            if not isinstance(name, str) or not name.isidentifier() or name in RESERVED_NAMES:
                raise ParameterError(
                    f"column names must be identifiers other than {', '.join(RESERVED_NAMES)}; "
                    f"got {name!r}"
                )
            columns[name] = as_array(name, values, "", (t.size,))
        object.__setattr__(self, "t", t)
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "events", {k: np.asarray(v, float) for k, v in
                                            dict(self.events).items()})
        object.__setattr__(self, "event_states", dict(self.event_states))
        object.__setattr__(self, "details", dict(self.details))

    def __getattr__(self, name: str):
        # Called only for names that are not regular attributes: columns, then details.
        if name.startswith("__"):
            raise AttributeError(name)
        for store in ("columns", "details"):
            values = self.__dict__.get(store, {})
            if name in values:
                return values[name]
        known = ", ".join(repr(n) for n in self.__dict__.get("columns", {}))
        raise AttributeError(
            f"this result has no column or detail {name!r}; its columns are {known}"
        )

    @property
    def names(self) -> tuple[str, ...]:
        """Names of the columns, in order."""
        return tuple(self.columns)

    def stack(self, *names: str) -> np.ndarray:
        """The named columns (all columns if none are named) as one array, shape (k, N)."""
        return np.array([self.columns[name] for name in (names or self.names)])


class _Crawling(Exception):
    """Raised inside the solver when the right-hand side has been called too often."""


class _WatchFinite:
    """Wrap a right-hand side; count its calls, stop the solver past ``max_evaluations`` of
    them, and remember the last time it was called and the first time it met a non-finite
    state or rate."""

    def __init__(self, rhs: Callable, max_evaluations: float = math.inf):
        self.rhs = rhs
        self.t_bad = None
        self.t_last = math.nan
        self.evaluations = 0
        self.max_evaluations = max_evaluations

    def __call__(self, t, x, *args):
        self.t_last = t
        self.evaluations += 1
        if self.evaluations > self.max_evaluations:
            raise _Crawling
        x_dot = self.rhs(t, x, *args)
        # One sum of the rate: NaN or infinity anywhere makes it non-finite (a sum of finite
        # values past 1e308 too, which is as good as infinite). The state needs no watch of
        # its own: it starts finite and is made from the rates. A sum costs a third of
        # np.isfinite on every entry, and this runs at every call of the right-hand side.
        if self.t_bad is None and not math.isfinite(np.add.reduce(x_dot)):
            self.t_bad = float(t)
        return x_dot


def _check_state_names(state_names, n_states: int) -> tuple[str, ...]:
    if isinstance(state_names, str) or not isinstance(state_names, Sequence):
        raise ParameterError(
            f"state_names must be a sequence of strings such as ('x', 'v'), got {state_names!r}"
        )
    names = tuple(state_names)
    if not all(isinstance(n, str) and n.isidentifier() and n not in RESERVED_NAMES
               for n in names):
        raise ParameterError(
            f"state_names must be Python identifiers other than {', '.join(RESERVED_NAMES)} "
            f"(each becomes an attribute of the result); got {names!r}"
        )
    if len(set(names)) != len(names):
        raise ParameterError(f"state_names must be unique, got {names!r}")
    if len(names) != n_states:
        raise ParameterError(
            f"state_names must have one name per entry of x0 ({n_states}), "
            f"got {len(names)}: {names!r}"
        )
    return names


def _check_problem(rhs, t_span, x0, state_names, args):
    """The checked pieces of an initial-value problem: (t0, t1, x0, state names)."""
    if not callable(rhs):
        raise ParameterError(f"rhs must be callable as rhs(t, x, *args), got {rhs!r}")
    span = as_array("t_span", t_span, "s", (2,), finite=True)
    t0, t1 = float(span[0]), float(span[1])
    if t0 == t1:
        raise ParameterError(f"t_span must have t1 != t0 (s), got {tuple(span)}")
    x0 = as_array("x0", x0, "", (None,), finite=True)
    if x0.size == 0:
        raise ParameterError("x0 must have at least one state, got an empty array")
    names = _check_state_names(state_names, x0.size)
    if not isinstance(args, tuple):
        raise ParameterError(f"args must be a tuple of extra arguments of rhs, got {args!r}")
    return t0, t1, x0, names


def _lu_factor(matrix):
    """LU factors of a dense matrix by LAPACK's getrf: what ``scipy.linalg.lu_factor`` gives,
    without its general checks of the input, which on a model of a few states cost more
    than the factoring. A NaN or infinity raises ValueError, as there (one sum finds it)."""
    if not np.isfinite(np.add.reduce(matrix, axis=None)):
        raise ValueError("the Newton matrix must not contain infs or NaNs")
    (getrf,) = get_lapack_funcs(("getrf",), (matrix,))
    lu, pivots, _ = getrf(matrix, overwrite_a=True)
    return lu, pivots


def _lu_solve(factors, b):
    """Solve with the factors of :func:`_lu_factor` by LAPACK's getrs, as
    ``scipy.linalg.lu_solve`` does, without its general checks; a NaN or infinity in ``b``
    raises ValueError, as there."""
    if not np.isfinite(np.add.reduce(b, axis=None)):
        raise ValueError("the Newton residual must not contain infs or NaNs")
    lu, pivots = factors
    (getrs,) = get_lapack_funcs(("getrs",), (lu, b))
    x, _ = getrs(lu, pivots, b, overwrite_b=True)
    return x


class _DirectLU:
    """Mixin for scipy's implicit solvers: their Newton iterations factor and solve with
    :func:`_lu_factor` and :func:`_lu_solve`. The solver, its steps and its results are
    scipy's, bit for bit (tests/test_integrate.py); for a ball of two states this makes each
    step about a fifth cheaper, and the solvers take a step in about a tenth of a
    millisecond of Python. Sparse Jacobians keep scipy's own sparse LU."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if isinstance(self.J, np.ndarray):

            def lu(matrix):
                self.nlu += 1                       # scipy counts the factorisations
                return _lu_factor(matrix)

            self.lu, self.solve_lu = lu, _lu_solve


class _Radau(_DirectLU, Radau):
    """scipy's Radau with :class:`_DirectLU`'s linear algebra."""


class _BDF(_DirectLU, BDF):
    """scipy's BDF with :class:`_DirectLU`'s linear algebra."""


#: The classes :func:`solve` hands ``solve_ivp`` for the implicit methods' names.
_SOLVER_CLASSES = {"Radau": _Radau, "BDF": _BDF}


def _check_atol(atol, names: tuple[str, ...]):
    """``atol`` checked: one positive number for every state, or one for each state (in
    the order of ``names``, each in its state's units), returned as a float or an array."""
    if np.ndim(atol) == 0:
        return check_positive("atol", atol)
    tolerances = as_array("atol", atol, "units of each state", (len(names),), finite=True)
    if np.any(tolerances <= 0):
        raise ParameterError(
            f"atol must be > 0 for every state ({', '.join(names)}), got {tuple(tolerances)}")
    return tolerances


def solve(
    rhs: Callable,
    t_span,
    x0,
    args: tuple = (),
    *,
    state_names: Sequence[str],
    method: str = "RK45",
    events: Sequence[Callable] = (),
    rtol: float = 1e-8,
    atol: float | Sequence[float] = 1e-10,
    max_step: float = np.inf,
    t_eval=None,
    max_evaluations: int | None = None,
    jac: Callable | None = None,
) -> SimulationResult:
    r"""Integrate :math:`\dot x = f(t, x, \ldots)` over ``t_span`` with ``solve_ivp``.

    Parameters
    ----------
    rhs : callable
        ``rhs(t, x, *args) -> x_dot``, x shape (n_states,), x_dot the same shape.
    t_span : (float, float)
        Start and end time ``(t0, t1)``, s; ``t1 != t0``.
    x0 : array_like, shape (n_states,)
        Initial state, finite.
    args : tuple, optional
        Extra arguments of ``rhs`` and of every event function.
    state_names : sequence of str, length n_states
        Names of the states: identifiers, each an attribute of the result (``result.v``).
    method : str, optional
        One of :data:`METHODS`: ``"RK45"``, ``"RK23"``, ``"DOP853"`` (explicit),
        ``"Radau"``, ``"BDF"`` (implicit, for stiff models) or ``"LSODA"`` (switches).
    events : sequence of callable, optional
        Event functions ``event(t, x, *args) -> float``; a zero crossing is recorded. An
        attribute ``terminal = True`` stops the run there; ``direction`` (+1, -1 or 0) selects
        which crossings count. These are ``solve_ivp``'s conventions.
    rtol : float, optional
        Relative error tolerance (> 0).
    atol : float or array_like, shape (n_states,), optional
        Absolute error tolerance (> 0): one for every state, or one for each state in the
        order of ``state_names``, in that state's units (states of unlike units, a height in
        m and a speed in m/s, may need unlike tolerances).
    max_step : float, optional
        Largest step the solver may take, s (> 0, ``np.inf`` for no bound).
    t_eval : array_like, shape (N,), optional
        Times at which to store the state, inside ``t_span`` and monotonic in its direction.
        ``None`` stores every step the solver took.
    max_evaluations : int, optional
        Most calls of ``rhs`` the run may take (``None``: no bound). A solver that crawls,
        its steps shrinking towards zero at a discontinuity it cannot pass, would otherwise
        never return; past the bound it stops with a SimulationError that says where.
    jac : callable, optional
        ``jac(t, x, *args) -> d x_dot / d x``, shape (n_states, n_states) (row i the rate
        of x_i), for the implicit methods (``"Radau"``, ``"BDF"``, ``"LSODA"``); without it
        they difference ``rhs`` themselves, one call of it for each column. The explicit
        methods need none and take none.

    Returns
    -------
    SimulationResult
        Samples ``t`` (N,), each state as an attribute of shape (N,), ``success``,
        ``message``, ``events`` / ``event_states`` keyed by each event function's
        ``__name__``, and the details ``evaluations``: how often the solver called ``rhs``
        (its finite-difference Jacobians included), the figure of merit of its cost, and
        ``jacobians``: how often it called ``jac`` (0 without one).

    Raises
    ------
    ParameterError
        If an input is malformed: rhs not callable, t_span not two distinct finite times,
        x0 not a finite 1-D array, state_names not one unique name per state, an unknown
        method, non-positive tolerances or max_step, t_eval outside t_span, or a jac that
        is not callable or comes with an explicit method.
    SimulationError
        If the solver fails (``solve_ivp`` status -1), the state becomes NaN or infinite,
        or the run needs more than ``max_evaluations`` calls of ``rhs``.
        The message gives the time and advice: a stiff method, a smaller max_step, looser
        tolerances.

    Notes
    -----
    Nothing is added to ``solve_ivp``: the method, tolerances and step bound are the caller's
    choice and are passed through unchanged; the defaults are tight because the book compares
    against closed-form answers. The only addition is a watch on ``rhs`` that notes the first
    time a state or rate is NaN or infinite, so a failure can say when the model broke down;
    an error inside the solver that comes from such values is raised as SimulationError.
    ``dense_output`` and ``vectorized`` are not exposed.

    Examples
    --------
    A ball thrown up at 5 m/s; a terminal event stops it when it comes back to the ground.

    >>> def ballistic(t, x, g):
    ...     return np.array([x[1], -g])
    >>> def ground(t, x, g):
    ...     return x[0]
    >>> ground.terminal, ground.direction = True, -1
    >>> traj = solve(ballistic, (0.0, 10.0), [0.0, 5.0], args=(9.81,),
    ...              state_names=("z", "w"), events=[ground])
    >>> print(f"{traj.events['ground'][0]:.4f} s; 2 w0 / g = {2 * 5.0 / 9.81:.4f} s")
    1.0194 s; 2 w0 / g = 1.0194 s
    >>> print(traj.message)
    a terminal event stopped the run at t = 1.01937 s (A termination event occurred.)
    """
    t0, t1, x0, names = _check_problem(rhs, t_span, x0, state_names, args)
    check_choice("method", method, METHODS)
    events = tuple(events)
    for event in events:
        if not callable(event):
            raise ParameterError(f"events must be callables event(t, x, *args), got {event!r}")
    check_positive("rtol", rtol)
    atol = _check_atol(atol, names)
    if not (isinstance(max_step, (int, float)) and max_step == np.inf):
        check_positive("max_step", max_step, "s")
    if t_eval is not None:
        t_eval = as_array("t_eval", t_eval, "s", (None,), finite=True)
        low, high = min(t0, t1), max(t0, t1)
        steps = np.diff(t_eval) * np.sign(t1 - t0)
        if np.any(t_eval < low) or np.any(t_eval > high) or np.any(steps < 0):
            raise ParameterError(
                f"t_eval must lie inside t_span [{t0:g}, {t1:g}] s and be monotonic in its "
                f"direction, got values from {t_eval.min():g} to {t_eval.max():g} s"
            )

    if jac is not None and not callable(jac):
        raise ParameterError(f"jac must be callable as jac(t, x, *args), got {jac!r}")
    if jac is not None and method not in ("Radau", "BDF", "LSODA"):
        raise ParameterError(f"jac serves the implicit methods Radau, BDF and LSODA; "
                             f"method {method!r} is explicit and takes none")
    if max_evaluations is None:
        budget = math.inf
    else:
        budget = check_integer("max_evaluations", max_evaluations, at_least=1)
    watched = _WatchFinite(rhs, budget)
    try:
        sol = solve_ivp(
            watched,
            (t0, t1),
            x0,
            method=_SOLVER_CLASSES.get(method, method),
            t_eval=t_eval,
            events=list(events) or None,
            args=args or None,
            rtol=rtol,
            atol=atol,
            max_step=max_step,
            **({} if jac is None else {"jac": jac}),
        )
    except _Crawling:
        raise SimulationError(
            f"solve_ivp with method {method!r} crawled: {budget} evaluations of the "
            f"right-hand side had only reached t = {watched.t_last:.6g} s of [{t0:g}, "
            f"{t1:g}] s, its steps shrinking at something it cannot pass (a jump in the "
            "right-hand side, a contact that chatters). Look for a discontinuity in the model "
            "there; a stiff method or a larger max_evaluations helps only if the run is "
            "merely long."
        ) from None
    except (ValueError, ArithmeticError) as error:
        text = str(error).lower()
        if watched.t_bad is None and "inf" not in text and "nan" not in text:
            raise
        where = watched.t_bad if watched.t_bad is not None else watched.t_last
        raise SimulationError(
            f"solve_ivp with method {method!r} broke down ({error}): the state or its rate "
            f"overflowed or became non-finite near t = {where:.6g} s. " + _ADVICE
        ) from error
    if sol.status == -1:
        t_fail = sol.t[-1] if sol.t.size else t0
        seen = (
            f" (the state or its rate first became non-finite at t = {watched.t_bad:.6g} s)"
            if watched.t_bad is not None
            else ""
        )
        raise SimulationError(
            f"solve_ivp with method {method!r} failed at t = {t_fail:.6g} s{seen}: "
            f"{sol.message} " + _ADVICE
        )
    # With t_eval, a terminal event before its first time leaves no sample: sol.y is then an
    # empty list, not an array of shape (n_states, 0).
    t = np.asarray(sol.t, dtype=float)
    y = np.reshape(np.asarray(sol.y, dtype=float), (x0.size, t.size))
    finite = np.all(np.isfinite(y), axis=0)
    if not np.all(finite):
        first = int(np.argmin(finite))
        bad = [names[i] for i in np.flatnonzero(~np.isfinite(y[:, first]))]
        raise SimulationError(
            f"the state became non-finite ({', '.join(bad)}) at t = {t[first]:.6g} s "
            f"with method {method!r}. " + _ADVICE
        )
    names_of_events = _event_names(events)
    t_events = sol.t_events if sol.t_events is not None else []
    y_events = sol.y_events if sol.y_events is not None else []
    event_times = [float(time) for times in t_events for time in np.ravel(times)]
    t_stop = max(event_times) if sol.status == 1 and event_times else (
        float(t[-1]) if t.size else t1)
    status = "a terminal event stopped the run" if sol.status == 1 else "reached the end"
    return SimulationResult(
        t=t,
        columns=dict(zip(names, y, strict=True)),
        success=bool(sol.success),
        message=f"{status} of t_span ({sol.message})" if sol.status == 0 else
        f"{status} at t = {t_stop:.6g} s ({sol.message})",
        events={name: np.asarray(times, float) for name, times in
                zip(names_of_events, t_events, strict=True)},
        event_states={name: np.reshape(states, (-1, x0.size)) for name, states in
                      zip(names_of_events, y_events, strict=True)},
        details={"evaluations": int(sol.nfev), "jacobians": int(sol.njev) if jac else 0},
    )


_LSODA_DONE = "Integration successful."


def solve_lsoda(
    rhs: Callable,
    t_span,
    x0,
    args: tuple = (),
    *,
    state_names: Sequence[str],
    t_eval,
    jac: Callable | None = None,
    rtol: float = 1e-8,
    atol: float | Sequence[float] = 1e-10,
    max_step: float = np.inf,
    max_evaluations: int | None = None,
) -> SimulationResult:
    r"""Integrate :math:`\dot x = f(t, x, \ldots)` with LSODA driven from its own loop:
    what :func:`solve` does with ``method="LSODA"``, without events, several times faster.

    The same ODEPACK solver (Adams, switching to BDF when the model turns stiff) with the
    same tolerances, step bound and Jacobian, called through ``scipy.integrate.odeint``:
    its steps are taken in compiled code, which calls Python only for ``rhs`` and ``jac``,
    where ``solve_ivp`` returns to Python after every step (with a compiled right-hand
    side, those returns are most of the time). It never steps past ``t_span[1]``; the
    samples are interpolated from its own polynomials, as ``solve_ivp``'s are.

    Parameters
    ----------
    rhs, t_span, x0, args, state_names, rtol, atol, max_step
        As for :func:`solve`.
    t_eval : array_like, shape (N,)
        Times at which to store the state (s), inside ``t_span`` and strictly increasing
        (only forward in time); at least one.
    jac : callable, optional
        ``jac(t, x, *args) -> d x_dot / d x``, shape (n_states, n_states), row i the
        rate of x_i; without it LSODA differences ``rhs``, one call a column.
    max_evaluations : int, optional
        Most calls of ``rhs`` the run may take (``None``: no bound): LSODA takes at most
        that many steps between two samples, and a run past the bound raises.

    Returns
    -------
    SimulationResult
        As :func:`solve`'s: samples ``t`` (N,), the states by name, the details
        ``evaluations`` (calls of ``rhs``) and ``jacobians`` (calls of ``jac``, 0 without
        one).

    Raises
    ------
    ParameterError
        For malformed input, as :func:`solve`; ``t_eval`` missing or not increasing.
    SimulationError
        If LSODA stops (too many steps between two samples, repeated error test or
        convergence failures), the state becomes non-finite, or the run needs more than
        ``max_evaluations`` calls of ``rhs``; the message gives the time and advice.

    Examples
    --------
    >>> def decay(t, x, rate):
    ...     return -rate * x
    >>> run = solve_lsoda(decay, (0.0, 1.0), [1.0], (2.0,), state_names=("x",),
    ...                   t_eval=[0.5, 1.0])
    >>> print(f"{run.x[-1]:.6f} vs exp(-2) = {np.exp(-2.0):.6f}")
    0.135335 vs exp(-2) = 0.135335
    """
    if jac is not None and not callable(jac):
        raise ParameterError(f"jac must be callable as jac(t, x, *args), got {jac!r}")
    t0, t1, x0, names = _check_problem(rhs, t_span, x0, state_names, args)
    if not t1 > t0:
        raise ParameterError(f"t_span must run forward, t1 > t0 (s), got {(t0, t1)}")
    check_positive("rtol", rtol)
    atol = _check_atol(atol, names)
    if not (isinstance(max_step, (int, float)) and max_step == np.inf):
        check_positive("max_step", max_step, "s")
    t_eval = as_array("t_eval", t_eval, "s", (None,), finite=True)
    if t_eval.size == 0 or np.any(t_eval < t0) or np.any(t_eval > t1) or np.any(
            np.diff(t_eval) <= 0):
        raise ParameterError(
            f"t_eval must hold at least one time inside t_span [{t0:g}, {t1:g}] s, "
            f"strictly increasing; got {t_eval.size} values")
    budget = (None if max_evaluations is None
              else check_integer("max_evaluations", max_evaluations, at_least=1))
    # odeint's first time is the start's, its first row x0. Its counts come a row for each
    # later time, and past a failure they are not written at all (uninitialised memory).
    start = int(t_eval[0] > t0)
    times = np.concatenate([[t0], t_eval]) if start else t_eval
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ODEintWarning)
        y, info = odeint(rhs, x0, times, args=args, Dfun=jac, tfirst=True, rtol=rtol,
                         atol=atol, hmax=0.0 if max_step == np.inf else max_step,
                         tcrit=np.array([t1]), full_output=True,
                         mxstep=budget or np.iinfo(np.int32).max)
    done = info["message"] == _LSODA_DONE
    last = len(times) - 2                            # the row of the last interval
    if not done:                                     # the interval LSODA stopped in
        short = np.flatnonzero(info["tcur"] < times[1:])
        last = int(short[0]) if short.size else last
    evaluations = int(info["nfe"][last]) if last >= 0 else 0
    reached = float(info["tcur"][last]) if last >= 0 else t0
    if done and budget is not None and evaluations > budget:    # where the budget ran out
        reached = float(info["tcur"][np.argmax(info["nfe"] > budget)])
    if budget is not None and ("Excess work" in info["message"] or evaluations > budget):
        raise SimulationError(
            f"LSODA crawled: {budget} evaluations of the right-hand side had only reached "
            f"t = {reached:.6g} s of [{t0:g}, {t1:g}] s, its steps shrinking at something "
            "it cannot pass (a jump in the right-hand side, a contact that chatters). Look "
            "for a discontinuity in the model there; a larger max_evaluations helps only "
            "if the run is merely long.")
    if not done:
        raise SimulationError(f"LSODA failed near t = {reached:.6g} s: {info['message']} "
                              "(a non-finite state or rate is a common cause) " + _ADVICE)
    finite = np.all(np.isfinite(y), axis=1)
    if not np.all(finite):
        first = int(np.argmin(finite))
        bad = [names[i] for i in np.flatnonzero(~np.isfinite(y[first]))]
        raise SimulationError(f"the state became non-finite ({', '.join(bad)}) at "
                              f"t = {times[first]:.6g} s with LSODA. " + _ADVICE)
    return SimulationResult(
        t=t_eval, columns=dict(zip(names, y[start:].T, strict=True)),
        message=f"reached the end of t_span ({info['message']})",
        details={"evaluations": evaluations,
                 "jacobians": int(info["nje"][last]) if jac and last >= 0 else 0})


def _event_names(events) -> list[str]:
    """Each event function's ``__name__``, made unique with a number where two share one."""
    names = []
    for event in events:
        name = getattr(event, "__name__", "event")
        candidate, k = name, 2
        while candidate in names:
            candidate, k = f"{name}_{k}", k + 1
        names.append(candidate)
    return names


def join(runs: Sequence[SimulationResult], message: str | None = None) -> SimulationResult:
    """One result from runs that follow each other in time, each starting where the last ended.

    A model whose right-hand side switches (a contact that starts or ends) is integrated in
    phases, each stopped by a terminal event and restarted with the right-hand side of the
    next phase, so that no solver step straddles the switch. This joins the phases: samples
    in time order (a sample at the time where the previous run ended is not repeated),
    events of all runs, ``success`` of the last run, and the columns and details of the
    first run (each run must have the same columns).

    Parameters
    ----------
    runs : sequence of SimulationResult
        In time order, at least one.
    message : str, optional
        The joined run's message; by default the last run's.

    Examples
    --------
    >>> a = SimulationResult(t=np.array([0.0, 1.0]), columns={"x": [0.0, 1.0]})
    >>> b = SimulationResult(t=np.array([1.0, 2.0]), columns={"x": [1.0, 0.5]})
    >>> print(join([a, b]).t, join([a, b]).x)
    [0. 1. 2.] [0.  1.  0.5]
    """
    runs = list(runs)
    if not runs or not all(isinstance(run, SimulationResult) for run in runs):
        raise ParameterError(f"runs must be a non-empty sequence of SimulationResult, got {runs!r}")
    names = runs[0].names
    if any(run.names != names for run in runs):
        raise ParameterError(
            f"runs must have the same columns; got {[run.names for run in runs]}"
        )
    keep = [np.ones(runs[0].t.size, bool)]
    for before, run in zip(runs, runs[1:], strict=False):
        last = before.t[-1] if before.t.size else -np.inf
        keep.append(run.t > last)
    t = np.concatenate([run.t[k] for run, k in zip(runs, keep, strict=True)])
    columns = {name: np.concatenate([run.columns[name][k] for run, k in
                                     zip(runs, keep, strict=True)]) for name in names}
    events: dict = {}
    event_states: dict = {}
    for run in runs:
        for name, times in run.events.items():
            events[name] = np.concatenate([events.get(name, np.empty(0)), times])
            states = run.event_states.get(name, np.empty((0, len(names))))
            event_states[name] = np.concatenate(
                [event_states.get(name, np.empty((0, len(names)))), states])
    return SimulationResult(t=t, columns=columns, success=runs[-1].success,
                            message=runs[-1].message if message is None else message,
                            events=events, event_states=event_states,
                            details=runs[0].details)
