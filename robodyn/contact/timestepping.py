r"""Rigid contact by impulses: velocity-level time-stepping with a complementarity solve per step.

Instead of a stiff spring, the floor is a constraint: the body never enters it, and at each
step of length h an *impulse* (a force times h) changes its velocity. The impulses come from
a linear complementarity problem (LCP), as in Stewart and Trinkle (1996) and Anitescu and
Potra (1997): find :math:`z \ge 0` with :math:`w = M z + q \ge 0` and :math:`z^T w = 0`.

The body here is a point of mass m in the plane (a ball, or a block that does not tip) with
one contact on the floor z = 0: normal n = (0, 1), tangent t = (1, 0), and a friction
"pyramid", which in the plane is the two directions +t and -t. With the applied force
:math:`f` (gravity, a push), one step is

.. math::

    m\,(v^{+} - v) = h f + n\,p_n + D\beta, \qquad D = [\,t,\ -t\,],

    0 \le p_n \perp n^T v^{+} + b_n \ge 0,

    0 \le \beta \perp \gamma\,\mathbf{1} + D^T v^{+} \ge 0,

    0 \le \gamma \perp \mu\,p_n - \mathbf{1}^T\beta \ge 0,

then :math:`x^{+} = x + h v^{+}` (semi-implicit Euler). :math:`p_n` is the normal impulse,
:math:`\beta` the friction impulses along +t and -t (:math:`p_t = \beta_1 - \beta_2`),
:math:`\gamma` the sliding speed and :math:`\mathbf{1}` = (1, 1). The normal row's
:math:`b_n` says how fast the body may approach: :math:`b_n = z/h - e\,v_{imp}` with the gap
z (the height). In flight (:math:`v_{imp} = 0`) the body may close the gap in this step, not
more: it ends the step on or above the floor, and a body that reaches the floor lands on it
exactly. In the step after such a landing at the speed :math:`v_{imp}` (above
``bounce_speed``), it must leave at :math:`e\,v_{imp}` or faster: Newton's law of
restitution at the velocity level.

- :func:`lemke`: Lemke's complementary pivoting, for an LCP of any size.
- :func:`lcp_by_enumeration`: every choice of the basic variables tried; exact for small
  problems, the independent check of :func:`lemke`.
- :func:`contact_lcp`: M and q of one step of the point on the floor.
- :func:`step`: one step; :func:`simulate`: a run, a
  :class:`robodyn.core.integrate.SimulationResult`.
- :func:`stop_distance_discrete`: where the sliding block stops under this scheme, in closed
  form.

Sources: D. E. Stewart and J. C. Trinkle (1996), an implicit time-stepping scheme for rigid
body dynamics with inelastic collisions and Coulomb friction; M. Anitescu and F. A. Potra
(1997), formulating dynamic multi-rigid-body contact problems with friction as solvable linear
complementarity problems; C. E. Lemke (1965) for the pivoting.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    STANDARD_GRAVITY,
    as_array,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
    check_real,
)

__all__ = [
    "LCP_SOLVERS",
    "LCPSolution",
    "contact_lcp",
    "lcp_by_enumeration",
    "lemke",
    "simulate",
    "step",
    "stop_distance_discrete",
]

#: Solvers of the step's LCP accepted by :func:`step` and :func:`simulate`.
LCP_SOLVERS = ("lemke", "enumeration")

#: Gravitational acceleration, m/s^2.
G = STANDARD_GRAVITY


@dataclass(frozen=True)
class LCPSolution:
    """Solution of the LCP :math:`w = M z + q`, :math:`0 \\le z \\perp w \\ge 0`.

    Attributes
    ----------
    z, w : numpy.ndarray, shape (n,)
        The complementary pair (z the unknowns, w = M z + q).
    pivots : int
        Pivots taken (Lemke) or bases tried (enumeration).
    success : bool
        True if z >= 0, w >= 0 and z w = 0 hold to the tolerance.
    message : str
        What happened; on failure, why and what to try.
    """

    z: np.ndarray
    w: np.ndarray
    pivots: int
    success: bool
    message: str


def _check_lcp(M, q) -> tuple[np.ndarray, np.ndarray]:
    q = as_array("q", q, "", (None,), finite=True)
    M = as_array("M", M, "", (q.size, q.size), finite=True)
    return M, q


def _verdict(M, q, z, tol) -> tuple[np.ndarray, bool]:
    """w = M z + q, and whether (z, w) is complementary to ``tol`` (scaled by q's size)."""
    w = M @ z + q
    scale = tol * max(1.0, float(np.max(np.abs(q))))
    ok = bool(np.all(z >= -scale) and np.all(w >= -scale) and abs(z @ w) <= scale * (1 + z.sum()))
    return w, ok


def lemke(M, q, *, max_pivots: int = 100, tol: float = 1e-12) -> LCPSolution:
    r"""Solve the LCP :math:`w = M z + q,\ 0 \le z \perp w \ge 0` by Lemke's algorithm.

    The artificial variable :math:`z_0` with the covering vector d = (1, ..., 1) makes
    :math:`w = M z + q + d z_0` solvable at once (:math:`z_0 = -\min q`, z = 0); each pivot
    then brings in the complement of the variable that just left, chosen by the ratio test
    so that every basic variable stays >= 0, until :math:`z_0` leaves: then
    :math:`z_0 = 0` and the basis is a solution. A column with no positive entry (a ray)
    ends the search without one; for the contact problems of this module (copositive-plus M)
    that means the LCP has none.

    Parameters
    ----------
    M : array_like, shape (n, n)
        The LCP matrix.
    q : array_like, shape (n,)
        The LCP vector.
    max_pivots : int
        Most pivots (>= 1); more end the search with ``success`` False.
    tol : float
        Entries below this count as zero in the ratio test, and the result is checked to it
        (> 0).

    Returns
    -------
    LCPSolution

    Examples
    --------
    >>> sol = lemke([[2.0, 1.0], [1.0, 2.0]], [-5.0, -6.0])
    >>> print(np.round(sol.z, 6), np.round(sol.w, 6) + 0.0, sol.success)
    [1.333333 2.333333] [0. 0.] True
    """
    M, q = _check_lcp(M, q)
    max_pivots = check_integer("max_pivots", max_pivots, at_least=1)
    tol = check_positive("tol", tol)
    return _lemke(M, q, max_pivots, tol)


def _lemke(M: np.ndarray, q: np.ndarray, max_pivots: int, tol: float) -> LCPSolution:
    """:func:`lemke` on checked input."""
    n = q.size
    if q.min() >= 0:
        return LCPSolution(np.zeros(n), q.copy(), 0, True, "q >= 0: z = 0 solves it")
    # Tableau [I | -M | -d | q]: columns w_0..w_{n-1}, z_0..z_{n-1}, the artificial z0.
    tableau = np.hstack([np.eye(n), -M, -np.ones((n, 1)), q[:, None]])
    basis = list(range(n))                            # w basic at the start
    artificial = 2 * n

    def pivot(row, col):
        tableau[row] /= tableau[row, col]
        for other in range(n):
            if other != row:
                tableau[other] -= tableau[other, col] * tableau[row]
        leaving, basis[row] = basis[row], col
        return leaving

    # z0 enters; the row of the most negative q leaves.
    leaving = pivot(int(np.argmin(q)), artificial)
    for pivots in range(1, max_pivots + 1):
        entering = leaving + n if leaving < n else leaving - n   # its complement
        column = tableau[:, entering]         # how fast each basic falls as it grows
        rows = np.flatnonzero(column > tol)
        if rows.size == 0:
            z = np.zeros(n)
            return LCPSolution(z, q.copy(), pivots, False,
                               f"Lemke: ray after {pivots} pivots, no solution found; the "
                               "matrix may not be copositive-plus (check M) or the problem has "
                               "no solution")
        ratios = tableau[rows, -1] / column[rows]
        best = rows[ratios <= ratios.min() + tol]
        # Ties: let the artificial variable leave if it can; that ends the search.
        row = next((r for r in best if basis[r] == artificial), best[0])
        leaving = pivot(int(row), entering)
        if leaving == artificial:
            z = np.zeros(n)
            for r, var in enumerate(basis):
                if n <= var < 2 * n:
                    z[var - n] = tableau[r, -1]
            z = np.maximum(z, 0.0)
            w, ok = _verdict(M, q, z, 1e3 * tol)
            return LCPSolution(z, w, pivots, ok,
                               f"Lemke: solved in {pivots} pivots" if ok else
                               f"Lemke: ended after {pivots} pivots with a residual above "
                               f"tol = {tol:g}; the matrix may be ill-conditioned")
    z = np.zeros(n)
    return LCPSolution(z, q.copy(), max_pivots, False,
                       f"Lemke: no solution within max_pivots = {max_pivots}; raise "
                       "max_pivots (cycling is rare but possible on degenerate problems)")


def lcp_by_enumeration(M, q, *, tol: float = 1e-10) -> LCPSolution:
    r"""Solve a small LCP by trying every set of basic variables.

    For each subset S of the indices, take :math:`z_i` basic (:math:`w_i = 0`) for i in S
    and :math:`w_i` basic (:math:`z_i = 0`) for the others, solve
    :math:`M_{SS} z_S = -q_S`, and keep the first choice with z >= 0 and w >= 0. There are
    :math:`2^n` choices: exact, slow, and independent of :func:`lemke`.

    Parameters
    ----------
    M : array_like, shape (n, n), n <= 12
    q : array_like, shape (n,)
    tol : float
        Allowed negative entries and residual (> 0), scaled by the size of q.

    Returns
    -------
    LCPSolution
        ``pivots`` counts the subsets tried.

    Examples
    --------
    >>> sol = lcp_by_enumeration([[2.0, 1.0], [1.0, 2.0]], [-5.0, -6.0])
    >>> print(np.round(sol.z, 6), sol.success)
    [1.333333 2.333333] True
    """
    M, q = _check_lcp(M, q)
    tol = check_positive("tol", tol)
    n = q.size
    if n > 12:
        raise ParameterError(f"q must have at most 12 entries for enumeration, got {n}; "
                             "use lemke")
    tried = 0
    for size in range(n + 1):
        for subset in itertools.combinations(range(n), size):
            tried += 1
            z = np.zeros(n)
            if subset:
                S = list(subset)
                z_S, *_ = np.linalg.lstsq(M[np.ix_(S, S)], -q[S], rcond=None)
                z[S] = z_S
            w, ok = _verdict(M, q, z, tol)
            if ok and np.allclose(w[list(subset)], 0.0, atol=tol * max(1.0, np.abs(q).max())):
                return LCPSolution(np.maximum(z, 0.0), np.maximum(w, 0.0), tried, True,
                                   f"enumeration: basis {subset} after {tried} tries")
    return LCPSolution(np.zeros(n), q.copy(), tried, False,
                       f"enumeration: none of the {tried} bases solves it")


def contact_lcp(mass: float, velocity, gap: float, h: float, mu: float,
                force=(0.0, -G * 1.0), restitution: float = 0.0,
                impact_speed: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    r"""M and q of one time step of a point on the floor (Stewart-Trinkle / Anitescu-Potra).

    Unknowns :math:`\xi = (p_n, \beta_+, \beta_-, \gamma)`: the normal impulse (N s), the
    friction impulses along +x and -x (N s) and the sliding speed (m/s). With
    :math:`v^{free} = v + h f/m` and the contact's directions n = (0, 1), D = [t, -t],

    .. math::

        M = \begin{pmatrix} n^T n/m & n^T D/m & 0 \\ D^T n/m & D^T D/m & \mathbf{1} \\
            \mu & -\mathbf{1}^T & 0 \end{pmatrix}, \qquad
        q = \begin{pmatrix} n^T v^{free} + b_n \\ D^T v^{free} \\ 0 \end{pmatrix},

    with :math:`b_n = z/h - e\,v_{imp}`: the body may close the gap z in this
    step but not enter the floor, and after landing at :math:`v_{imp}` it leaves at
    :math:`e\,v_{imp}` at least.

    Parameters
    ----------
    mass : float
        kg (> 0).
    velocity : array_like, shape (2,)
        (v_x, v_z) at the start of the step, m/s.
    gap : float
        Height above the floor, m (>= 0 up to round-off).
    h : float
        Time step, s (> 0).
    mu : float
        Coulomb friction coefficient (>= 0).
    force : array_like, shape (2,)
        Applied force (F_x, F_z), N; default the weight of 1 kg (pass ``(F, -mass * g)``).
    restitution : float
        Newton's coefficient of restitution e, in [0, 1].
    impact_speed : float
        :math:`v_{imp}`, the speed at which the body landed in the previous step, m/s (>= 0);
        0 in flight, at rest, and in the step after a bounce.

    Returns
    -------
    M : numpy.ndarray, shape (4, 4)
    q : numpy.ndarray, shape (4,)
    """
    mass = check_positive("mass", mass, "kg")
    v = as_array("velocity", velocity, "m/s", (2,), finite=True)
    gap = check_real("gap", gap, "m")
    h = check_positive("h", h, "s")
    mu = check_non_negative("mu", mu)
    f = as_array("force", force, "N", (2,), finite=True)
    restitution, _ = _check_bounce(restitution, 0.0)
    impact_speed = check_non_negative("impact_speed", impact_speed, "m/s")
    return _contact_lcp(mass, v, gap, h, mu, f, restitution, impact_speed)


def _check_bounce(restitution, bounce_speed) -> tuple[float, float]:
    restitution = check_real("restitution", restitution)
    if not 0.0 <= restitution <= 1.0:
        raise ParameterError(f"restitution must lie in [0, 1], got {restitution:g}")
    return restitution, check_non_negative("bounce_speed", bounce_speed, "m/s")


def _contact_lcp(mass, v, gap, h, mu, f, restitution, impact_speed):
    """:func:`contact_lcp` on checked input."""
    n = np.array([0.0, 1.0])
    D = np.array([[1.0, -1.0], [0.0, 0.0]])
    e = np.ones(2)
    v_free = v + h * f / mass
    approach = n @ v_free
    b_n = gap / h - restitution * impact_speed
    M = np.zeros((4, 4))
    M[0, 0], M[0, 1:3] = n @ n / mass, n @ D / mass
    M[1:3, 0], M[1:3, 1:3], M[1:3, 3] = D.T @ n / mass, D.T @ D / mass, e
    M[3, 0], M[3, 1:3] = mu, -e
    q = np.concatenate([[approach + b_n], D.T @ v_free, [0.0]])
    return M, q


def _solve(M, q, solver: str, max_pivots: int) -> LCPSolution:
    if solver == "lemke":
        return _lemke(M, q, max_pivots, 1e-12)
    return lcp_by_enumeration(M, q)


def step(mass: float, position, velocity, h: float, mu: float, force,
         restitution: float = 0.0, impact_speed: float = 0.0,
         solver: str = "lemke", max_pivots: int = 100):
    r"""One time step of the point on the floor: impulses from the LCP, then the new state.

    .. math::

        v^{+} = v + \frac{h f + n\,p_n + D\beta}{m}, \qquad x^{+} = x + h\,v^{+}.

    Parameters
    ----------
    mass, h, mu, force, restitution, impact_speed
        As in :func:`contact_lcp`.
    position, velocity : array_like, shape (2,)
        (x, z) in m and (v_x, v_z) in m/s; z is the gap to the floor.
    solver : str
        "lemke" or "enumeration" (:data:`LCP_SOLVERS`).
    max_pivots : int
        Passed to :func:`lemke`.

    Returns
    -------
    position, velocity : numpy.ndarray, shape (2,)
        After the step.
    impulse : numpy.ndarray, shape (2,)
        (p_t, p_n), the floor's friction and normal impulses, N s.
    solution : LCPSolution
    """
    check_choice("solver", solver, LCP_SOLVERS)
    max_pivots = check_integer("max_pivots", max_pivots, at_least=1)
    x = as_array("position", position, "m", (2,), finite=True)
    v = as_array("velocity", velocity, "m/s", (2,), finite=True)
    f = as_array("force", force, "N", (2,), finite=True)
    contact_lcp(mass, v, x[1], h, mu, f, restitution, impact_speed)   # checks them
    return _step(mass, x, v, h, mu, f, restitution, impact_speed, solver, max_pivots)


def _step(mass, x, v, h, mu, f, restitution, impact_speed, solver, max_pivots):
    """:func:`step` on checked input."""
    M, q = _contact_lcp(mass, v, x[1], h, mu, f, restitution, impact_speed)
    solution = _solve(M, q, solver, max_pivots)
    if not solution.success:
        raise SimulationError(f"the contact LCP was not solved at gap {x[1]:.3g} m, velocity "
                              f"{v}: {solution.message}; advice: a smaller h")
    p_n, beta_plus, beta_minus = solution.z[:3]
    impulse = np.array([beta_plus - beta_minus, p_n])
    v_new = v + (h * f + impulse) / mass
    return x + h * v_new, v_new, impulse, solution


def simulate(mass: float = 1.0, position=(0.0, 0.5), velocity=(0.0, 0.0), t_end: float = 1.0,
             h: float = 1e-3, mu: float = 0.0, push: float = 0.0, restitution: float = 0.0,
             bounce_speed: float = 0.1, g: float = G, solver: str = "lemke",
             max_pivots: int = 100) -> SimulationResult:
    r"""A point on a rigid floor, stepped by :func:`step` with the applied force (push, -m g).

    The drop: ``position=(0, height)``; the sliding block: ``position=(0, 0)``,
    ``velocity=(v0, 0)``, ``mu > 0``; a block pushed: ``push`` in N along x.

    Parameters
    ----------
    mass : float
        kg (> 0).
    position, velocity : array_like, shape (2,)
        Initial (x, z), m (z >= 0, the gap) and (v_x, v_z), m/s.
    t_end : float
        Duration, s (> 0); the run takes round(t_end / h) steps.
    h : float
        Time step, s (> 0, at most t_end).
    mu, restitution
        As in :func:`contact_lcp`.
    bounce_speed : float
        Landings slower than this (m/s, >= 0) do not bounce, so that a body at rest, which
        "lands" at g h in every step, does not hop by ever smaller amounts (engines such as
        Bullet and ODE have the same threshold).
    push : float
        Constant horizontal force, N.
    g : float
        m/s^2 (> 0).
    solver, max_pivots
        As in :func:`step`.

    Returns
    -------
    SimulationResult
        Columns ``x``, ``z`` (m), ``vx``, ``vz`` (m/s), ``normal`` and ``friction`` (the
        impulses of the step ending at that time divided by h: mean forces, N); details
        ``steps``, ``pivots`` (of all LCP solves), ``force_evaluations`` (one per step),
        ``wall_time`` (s), ``h`` (s), ``solver``.

    Examples
    --------
    The block of 1 m/s on mu = 0.5 stops after about v0^2 / (2 mu g) = 0.102 m:

    >>> run = simulate(position=(0, 0), velocity=(1.0, 0.0), mu=0.5, t_end=0.3)
    >>> print(f"{run.x[-1]:.4f} m, discrete closed form "
    ...       f"{stop_distance_discrete(1.0, 0.5, 1e-3):.4f} m")
    0.1014 m, discrete closed form 0.1014 m
    """
    mass = check_positive("mass", mass, "kg")
    x = as_array("position", position, "m", (2,), finite=True)
    v = as_array("velocity", velocity, "m/s", (2,), finite=True)
    if x[1] < 0:
        raise ParameterError(f"position's z (the gap) must be >= 0 m, got {x[1]:g}: a rigid "
                             "floor cannot start penetrated")
    t_end = check_positive("t_end", t_end, "s")
    h = check_positive("h", h, "s")
    if h > t_end:
        raise ParameterError(f"h must be at most t_end = {t_end:g} s, got {h:g}")
    push = check_real("push", push, "N")
    mu = check_non_negative("mu", mu)
    restitution, bounce_speed = _check_bounce(restitution, bounce_speed)
    g = check_positive("g", g, "m/s^2")
    check_choice("solver", solver, LCP_SOLVERS)
    max_pivots = check_integer("max_pivots", max_pivots, at_least=1)
    steps = int(round(t_end / h))
    force = np.array([push, -mass * g])
    states = np.empty((steps + 1, 4))
    impulses = np.zeros((steps + 1, 2))
    states[0] = [*x, *v]
    pivots = 0
    start = time.perf_counter()
    impact_speed = 0.0
    for k in range(steps):
        approach = -(v[1] + h * force[1] / mass)       # -n^T v_free
        # Lands in this step: free motion would reach the floor, fast enough to bounce.
        landed = (impact_speed == 0.0 and approach > bounce_speed
                  and x[1] - h * approach <= 1e-12)
        x, v, impulses[k + 1], solution = _step(mass, x, v, h, mu, force, restitution,
                                                impact_speed, solver, max_pivots)
        impact_speed = approach if landed else 0.0
        pivots += solution.pivots
        states[k + 1] = [*x, *v]
    wall = time.perf_counter() - start
    return SimulationResult(
        t=h * np.arange(steps + 1),
        columns={"x": states[:, 0], "z": states[:, 1], "vx": states[:, 2], "vz": states[:, 3],
                 "normal": impulses[:, 1] / h, "friction": impulses[:, 0] / h},
        success=True,
        message=f"time-stepping ({solver}): {steps} steps of {h:g} s, {pivots} pivots, "
                f"{wall:.3g} s",
        details={"steps": steps, "pivots": pivots, "force_evaluations": steps,
                 "wall_time": wall, "h": h, "solver": solver})


def stop_distance_discrete(v0: float, mu: float, h: float, g: float = G) -> float:
    r"""Where the block of :func:`simulate` stops, in closed form of the scheme.

    Each sliding step takes :math:`\mu g h` off the speed, :math:`v_j = v_0 - j\mu g h`, and
    moves the block by :math:`h v_j`; the first step whose speed would not stay positive
    sticks (:math:`v = 0`). With :math:`N = \lceil v_0/(\mu g h)\rceil - 1` sliding steps,

    .. math:: s_h = h\Big(N v_0 - \mu g h\,\frac{N(N+1)}{2}\Big)
              = \frac{v_0^2}{2\mu g} - \frac{h v_0}{2} + O(h^2).

    Parameters
    ----------
    v0 : float
        Initial speed, m/s (>= 0).
    mu : float
        Friction coefficient (> 0).
    h : float
        Time step, s (> 0).
    g : float
        m/s^2 (> 0).

    Returns
    -------
    float
        Stop distance, m.
    """
    v0 = check_non_negative("v0", v0, "m/s")
    mu = check_positive("mu", mu)
    h = check_positive("h", h, "s")
    g = check_positive("g", g, "m/s^2")
    dv = mu * g * h
    N = max(int(np.ceil(v0 / dv)) - 1, 0)
    return h * (N * v0 - dv * N * (N + 1) / 2)
