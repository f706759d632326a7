r"""How fast a vibration motor walks its platform: the steady drift, measured and derived.

The platform of :func:`robodyn.stickslip.simulate_vibration_motor` starts from rest, and its
drift takes a while to build up: the first turns say little about the speed it keeps.
:func:`steady_drift` measures the drift over successive windows of turns until two agree.

While the platform slides all the time, the drift follows from a balance of forces
averaged over a turn. The push :math:`F\cos\varphi` averages to zero, so friction must
too; friction is :math:`-\mu N\,\mathrm{sign}\,\dot x` at every instant, and :math:`\mu`
comes out of the average:

.. math:: \langle F_{friction}\rangle = -\mu\,\langle N\,\mathrm{sign}\,\dot x\rangle = 0
          \quad\Longleftrightarrow\quad \langle N\,\mathrm{sign}\,\dot x\rangle = 0 .

The drift must share out the time spent going forward and back so that the light and the
heavy parts of the turn balance. With little friction the platform swings as it would
without any, :math:`\dot x = V + A\sin\varphi` with :math:`A = m r\omega/(M + m)`, and the
balance fixes the drift :math:`V` (:func:`small_friction_drift`); :math:`\mu` only sets how
long the drift takes to build up (:func:`relaxation_time`). With more friction the swing
bends, and :func:`sliding_cycle` solves the exact cycle of a platform that slides all the
time; it holds up to the friction at which the platform first sticks in a turn
(:func:`first_stick_mu`).

Symbols: :math:`F = m r\omega^2` (:attr:`VibrationMotor.spin_force`), :math:`W = (M + m) g`
(:attr:`VibrationMotor.weight`), :math:`N = \max(W - F\sin\varphi, 0)`, the weight's angle
:math:`\varphi = \omega t` for the spin +1.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

import numpy as np
from scipy import integrate, optimize

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import check_integer, check_positive
from robodyn.stickslip.motor import VibrationMotor, simulate_vibration_motor

__all__ = ["SlidingCycle", "first_stick_mu", "relaxation_time", "sliding_cycle",
           "small_friction_drift", "steady_drift"]


def _check_motor(params, direction: int = 1) -> None:
    if not isinstance(params, VibrationMotor):
        raise ParameterError(f"params must be a VibrationMotor, got {params!r}")
    if direction not in (1, -1):
        raise ParameterError(f"direction must be 1 or -1, got {direction!r}")


def steady_drift(params: VibrationMotor, direction: int = 1, window: int = 20,
                 rtol: float = 2e-3, atol: float = 1e-7, max_revolutions: int = 400,
                 steps_per_revolution: int = 2000, dv: float = 1e-6) -> SimulationResult:
    r"""The platform's steady drift speed, measured over successive windows of turns.

    The platform starts from rest (:func:`simulate_vibration_motor`) and runs ``window``
    turns at a time, each piece starting with the speed the last one ended with. The mean
    drift speed of window j is :math:`\bar v_j = (x_{end} - x_{start}) f / n_w`, with f the
    spin frequency and :math:`n_w` the turns per window. The run stops when two successive
    windows agree,

    .. math:: |\bar v_j - \bar v_{j-1}| \le rtol\,|\bar v_j| + atol ,

    and the last window's mean is the steady drift: the turns before it are the start-up,
    discarded. The default window of 20 turns also averages a slow ripple of the fixed step
    (the zero crossings of the speed slide along the time grid, a few tenths of a per cent).

    Parameters
    ----------
    params : VibrationMotor
    direction : {1, -1}
        Spin direction.
    window : int
        Turns per window (>= 2).
    rtol, atol : float
        Relative tolerance (> 0) and absolute tolerance (> 0, m/s) of the agreement.
    max_revolutions : int
        Turns after which the measurement gives up (>= 2 windows).
    steps_per_revolution : int
        Fixed steps per turn (>= 100).
    dv : float
        Half width of Karnopp's sticking band, m/s (> 0).

    Returns
    -------
    SimulationResult
        One row per window: ``t`` the window's end, s; column ``drift`` its mean drift
        speed, m/s. Details ``speed`` (m/s, the last window's mean, the steady drift),
        ``settled_after`` (turns run before the last window) and ``revolutions`` (turns run
        in all); ``success`` is False if the windows still differed after
        ``max_revolutions`` (``speed`` is then the last window's mean all the same).

    Examples
    --------
    >>> run = steady_drift(VibrationMotor(mu=0.3))
    >>> round(run.speed * 1e3, 2), run.settled_after, run.success
    (2.74, 40, True)
    """
    _check_motor(params, direction)
    window = check_integer("window", window, at_least=2)
    rtol = check_positive("rtol", rtol)
    atol = check_positive("atol", atol, "m/s")
    max_revolutions = check_integer("max_revolutions", max_revolutions, at_least=2 * window)
    speeds, ends, v, converged = [], [], 0.0, False
    while len(speeds) * window + window <= max_revolutions:
        run = simulate_vibration_motor(params, direction, window, steps_per_revolution, dv,
                                       v0=v)
        v = float(run.v[-1])  # the speed the next window starts with
        speeds.append((run.x[-1] - run.x[0]) * params.frequency / window)
        ends.append(len(speeds) * window / params.frequency)
        if len(speeds) > 1 and abs(speeds[-1] - speeds[-2]) <= rtol * abs(speeds[-1]) + atol:
            converged = True
            break
    turns = len(speeds) * window
    message = (f"steady after {turns - window} turns: two windows of {window} turns agree"
               if converged else
               f"the drift still changed after {turns} turns: raise max_revolutions")
    return SimulationResult(t=np.array(ends), columns={"drift": np.array(speeds)},
                            success=converged, message=message,
                            details={"speed": float(speeds[-1]),
                                     "settled_after": turns - window, "revolutions": turns})


def _swing_amplitude(params: VibrationMotor) -> float:
    """A = F / ((M + m) omega), the speed amplitude of the frictionless swing, m/s."""
    return params.spin_force / ((params.platform_mass + params.eccentric_mass)
                                * 2 * np.pi * params.frequency)


def _lift_off_term(push: float, weight: float) -> float:
    """L = [W (pi/2 - beta) - F cos beta] / 2 with sin beta = W / F, or 0 if F <= W, N."""
    if push <= weight:
        return 0.0
    beta = np.arcsin(weight / push)
    return 0.5 * (weight * (np.pi / 2 - beta) - push * np.cos(beta))


def _crossing_angle(params: VibrationMotor) -> float:
    """The angle alpha of the small-friction balance W alpha - F cos alpha = L, rad."""
    push, weight = params.spin_force, params.weight
    lift = _lift_off_term(push, weight)
    return optimize.brentq(lambda a: weight * a - push * np.cos(a) - lift, 0.0, np.pi / 2,
                           xtol=1e-15)


def small_friction_drift(params: VibrationMotor, direction: int = 1) -> float:
    r"""The steady drift speed in the limit of small friction, m/s (``params.mu`` unused).

    A platform that slides all the time feels the friction :math:`-\mu N\,\mathrm{sign}\,
    \dot x`. Over a steady turn the push averages to zero, so friction does too, and
    :math:`\mu` drops out: :math:`\langle N\,\mathrm{sign}\,\dot x\rangle = 0`. With little
    friction the speed is the frictionless swing about the drift,
    :math:`\dot x = V + A\sin\varphi`, which runs backwards while
    :math:`\sin\varphi < -\sin\alpha`, :math:`V = A\sin\alpha`: for :math:`\varphi` from
    :math:`\pi + \alpha` to :math:`2\pi - \alpha`, where the floor carries
    :math:`\int N\,d\varphi = W(\pi - 2\alpha) + 2F\cos\alpha`. The balance
    :math:`2\pi\langle N\rangle = 2\int_{back} N\,d\varphi` then reads

    .. math::

        W\alpha - F\cos\alpha = L, \qquad V_0 = A\sin\alpha, \qquad
        A = \frac{F}{(M + m)\,\omega} = \frac{m r\omega}{M + m},

    with :math:`L = 0` while the weight never lifts the platform (:math:`F \le W`) and
    :math:`L = \tfrac12\,[W(\tfrac\pi2 - \beta) - F\cos\beta]`, :math:`\sin\beta = W/F`,
    when it does (the platform is free while :math:`N` would be negative). The left side
    grows with :math:`\alpha` from :math:`-F` to :math:`W\pi/2`, and
    :math:`-F/2 < L \le 0`: one root in :math:`(0, \pi/2)`, so :math:`0 < V_0 < A`. The
    drift depends on the ratio :math:`F/W` and on the swing :math:`A`, not on :math:`\mu`.

    Parameters
    ----------
    params : VibrationMotor
    direction : {1, -1}
        Spin direction; the spin -1 drifts the other way.

    Returns
    -------
    float
        :math:`V_0`, m/s, signed with ``direction``.

    Notes
    -----
    A limit: friction bends the swing by a fraction of order :math:`\mu W / F`, and the drift
    falls below :math:`V_0` as :math:`\mu` grows (:func:`sliding_cycle` gives the exact
    cycle of a platform that slides all the time).

    Examples
    --------
    >>> round(small_friction_drift(VibrationMotor()) * 1e3, 3)
    4.948
    """
    _check_motor(params, direction)
    return float(direction * _swing_amplitude(params) * np.sin(_crossing_angle(params)))


def relaxation_time(params: VibrationMotor) -> float:
    r"""Time constant of the drift's approach to its steady value at small friction, s.

    Averaged over a turn, the drift :math:`V` obeys :math:`(M + m)\,\dot V = -\mu\,\langle N\,
    \mathrm{sign}\,\dot x\rangle`, with :math:`\dot x = V + A\sin\varphi`; the balance of
    :func:`small_friction_drift` gives :math:`\langle N\,\mathrm{sign}\,\dot x\rangle =
    \tfrac2\pi(W\alpha - F\cos\alpha - L)`, :math:`\sin\alpha = V/A`. Linearised about the
    steady drift,

    .. math:: T = \frac{\pi\,(M + m)\,A\cos\alpha}{2\mu\,(W + F\sin\alpha)} ,

    inversely proportional to :math:`\mu`: with little friction the drift takes many turns
    to build up.

    Parameters
    ----------
    params : VibrationMotor
        With ``mu`` > 0.

    Returns
    -------
    float
        T, s.

    Examples
    --------
    >>> round(relaxation_time(VibrationMotor(mu=0.01)) * 200, 1)  # in turns at 200 Hz
    11.0
    """
    _check_motor(params)
    if not params.mu > 0:
        raise ParameterError(f"params.mu must be > 0 for a relaxation time, got {params.mu}: "
                             "without friction the drift never builds up")
    alpha = _crossing_angle(params)
    mass = params.platform_mass + params.eccentric_mass
    return float(np.pi * mass * _swing_amplitude(params) * np.cos(alpha)
                 / (2 * params.mu * (params.weight + params.spin_force * np.sin(alpha))))


def _load_integral(phi, ratio: float):
    r"""H(phi) = int_0^phi max(w - sin s, 0) ds for the load ratio w = W / F (any phi, rad)."""
    phi = np.asarray(phi, dtype=float)
    whole = ratio * phi + np.cos(phi) - 1.0
    if ratio >= 1.0:
        return whole
    beta = np.arcsin(ratio)
    lifted = 2 * np.cos(beta) - ratio * (np.pi - 2 * beta)   # int of (sin - w) over a lift
    turns = np.floor(phi / (2 * np.pi))
    inside = np.clip(phi - 2 * np.pi * turns, beta, np.pi - beta)
    return whole + turns * lifted + np.cos(beta) - np.cos(inside) - ratio * (inside - beta)


def _mean_load(ratio: float) -> float:
    """<max(w - sin phi, 0)> over a turn."""
    return float(_load_integral(2 * np.pi, ratio) / (2 * np.pi))


@dataclass(frozen=True)
class SlidingCycle:
    r"""The steady cycle of a platform that slides all the time (spin +1).

    Attributes
    ----------
    mu : float
        The friction coefficient.
    speed : float
        Mean drift speed, m/s (NaN if no such cycle exists).
    phase_up, phase_down : float
        Angles of the weight at which the speed crosses zero upwards and downwards, rad in
        [0, 2 pi).
    margin_up, margin_down : float
        :math:`|F\cos\varphi| - \mu N` at the two crossings, N: positive, the push carries
        the platform through zero speed; zero or negative, the platform sticks there.
    slides : bool
        True if the cycle is the platform's motion: both margins positive and the speed
        keeps its sign between the crossings.
    amplitude : float
        :math:`A = F/((M + m)\omega)`, m/s.
    load_ratio : float
        :math:`w = W/F`.
    """

    mu: float
    speed: float
    phase_up: float
    phase_down: float
    margin_up: float
    margin_down: float
    slides: bool
    amplitude: float
    load_ratio: float

    def velocity(self, phase):
        r"""The platform's speed at the weight's angle ``phase`` (rad, any shape), m/s.

        :math:`\dot x = A\,u`: forwards :math:`u = \sin\varphi - \sin\varphi_u -
        \mu\,[H(\varphi) - H(\varphi_u)]`, backwards :math:`u = \sin\varphi -
        \sin\varphi_d + \mu\,[H(\varphi) - H(\varphi_d)]` (see :func:`sliding_cycle`).
        """
        if not np.isfinite(self.speed):
            raise ParameterError(f"no sliding cycle exists at mu = {self.mu}")
        up, down, k, w = self.phase_up, self.phase_down, self.mu, self.load_ratio
        if down < up:
            down += 2 * np.pi
        phi = up + np.mod(np.asarray(phase, dtype=float) - up, 2 * np.pi)
        ahead = np.sin(phi) - np.sin(up) - k * (_load_integral(phi, w) - _load_integral(up, w))
        back = (np.sin(phi) - np.sin(down)
                + k * (_load_integral(phi, w) - _load_integral(down, w)))
        return self.amplitude * np.where(phi <= down, ahead, back)


def sliding_cycle(params: VibrationMotor, checks: int = 2001) -> SlidingCycle:
    r"""The exact steady cycle of the platform (spin +1) if it slides all the time.

    In units of the swing, :math:`u = \dot x / A` with :math:`A = F/((M + m)\omega)`,
    :math:`k = \mu` and the load :math:`n = \max(w - \sin\varphi, 0)`, :math:`w = W/F`,
    the motion :math:`(M + m)\ddot x = F\cos\varphi - \mu N\,\mathrm{sign}\,\dot x` reads
    :math:`du/d\varphi = \cos\varphi - k\,n\,\mathrm{sign}\,u`. The speed crosses zero
    upwards at :math:`\varphi_u` and downwards at :math:`\varphi_d`; between them
    :math:`u` integrates in closed form with :math:`H(\varphi) = \int_0^\varphi n`. The two
    conditions of a periodic cycle (:math:`u` back to zero at :math:`\varphi_d` and at
    :math:`\varphi_u + 2\pi`) are equivalent to

    .. math::

        H(\varphi_d) - H(\varphi_u) = \pi\,\bar n, \qquad
        \sin\varphi_d - \sin\varphi_u = \pi k\,\bar n ,

    with :math:`\bar n = \langle n\rangle` (:math:`= w` unless the platform lifts off). The
    first is the mean force balance, :math:`\langle N\,\mathrm{sign}\,\dot x\rangle = 0`: it
    holds for any :math:`\mu`. The second places the crossings, and there :math:`\mu` enters
    the drift: friction bends the swing. The first gives :math:`\varphi_d` for each
    :math:`\varphi_u` (H increases), the second is then one equation in :math:`\varphi_u`
    (solved by bracketing over :math:`(-\pi/2, \pi/2)`, where an upward crossing must lie);
    the drift is the mean :math:`A\langle u\rangle`, integrated numerically. At
    :math:`\mu = 0` it is :func:`small_friction_drift`.

    The cycle holds while the push carries the platform through zero speed at both
    crossings, :math:`|F\cos\varphi| > \mu N` there; :func:`first_stick_mu` finds where that
    ends.

    Parameters
    ----------
    params : VibrationMotor
    checks : int
        Points of the turn at which the speed's sign is checked (>= 100).

    Returns
    -------
    SlidingCycle
        NaN speed and phases and ``slides`` False if the equations have no solution.

    Notes
    -----
    The spin -1 runs the mirror image of this cycle: the same drift, backwards.

    Examples
    --------
    >>> cycle = sliding_cycle(VibrationMotor(mu=0.1))
    >>> round(cycle.speed * 1e3, 3), cycle.slides
    (4.648, True)
    """
    _check_motor(params)
    checks = check_integer("checks", checks, at_least=100)
    push, k = params.spin_force, params.mu
    ratio = params.weight / push
    amplitude = _swing_amplitude(params)
    half = np.pi * _mean_load(ratio)

    def down_of(up: float) -> float:
        target = _load_integral(up, ratio) + half
        return optimize.brentq(lambda p: _load_integral(p, ratio) - target, up,
                               up + 2 * np.pi, xtol=1e-14)

    def gap(up: float) -> float:
        return np.sin(down_of(up)) - np.sin(up) - k * half

    nothing = SlidingCycle(k, np.nan, np.nan, np.nan, np.nan, np.nan, False, amplitude, ratio)
    low, high = -np.pi / 2, np.pi / 2
    if not gap(low) > 0 > gap(high):
        return nothing
    up = optimize.brentq(gap, low, high, xtol=1e-14)
    down = down_of(up)

    def u(phi):
        return np.where(
            phi <= down,
            np.sin(phi) - np.sin(up) - k * (_load_integral(phi, ratio)
                                            - _load_integral(up, ratio)),
            np.sin(phi) - np.sin(down) + k * (_load_integral(phi, ratio)
                                              - _load_integral(down, ratio)))

    kinks = []
    if ratio < 1.0:
        beta = np.arcsin(ratio)
        kinks = [p for p in np.concatenate([beta + 2 * np.pi * np.arange(-1, 3),
                                            np.pi - beta + 2 * np.pi * np.arange(-1, 3)])
                 if up < p < up + 2 * np.pi]
    pieces = sorted([up, down, up + 2 * np.pi, *kinks])
    area = sum(integrate.quad(lambda p: float(u(p)), a, b, epsabs=1e-13, epsrel=1e-12)[0]
               for a, b in itertools.pairwise(pieces))
    loads = np.maximum(ratio - np.sin([up, down]), 0.0)
    margin_up = push * (abs(np.cos(up)) - k * loads[0])
    margin_down = push * (abs(np.cos(down)) - k * loads[1])
    grid = np.linspace(up, up + 2 * np.pi, checks)[1:-1]
    values = u(grid)
    signs_hold = bool(np.all(values[grid < down] > 0) and np.all(values[grid > down] < 0))
    return SlidingCycle(
        mu=k, speed=float(amplitude * area / (2 * np.pi)), phase_up=float(up % (2 * np.pi)),
        phase_down=float(down % (2 * np.pi)), margin_up=float(margin_up),
        margin_down=float(margin_down),
        slides=bool(margin_up > 0 and margin_down > 0 and signs_hold),
        amplitude=amplitude, load_ratio=ratio)


def first_stick_mu(params: VibrationMotor, xtol: float = 1e-10) -> float:
    r"""The friction coefficient at which the platform (spin +1) first sticks in a turn.

    Below it the platform slides all the time (:func:`sliding_cycle`); at it, the speed
    touches zero at a crossing where the push just equals the grip,

    .. math:: |F\cos\varphi_c| = \mu N(\varphi_c), \qquad \varphi_c \in
              \{\varphi_u, \varphi_d\} ,

    the crossings of :func:`sliding_cycle` at that :math:`\mu`. Found by doubling
    :math:`\mu` from 0.05 until the cycle no longer slides, then by bisection on whether it
    slides. ``params.mu`` is not used.

    Parameters
    ----------
    params : VibrationMotor
    xtol : float
        Tolerance on the coefficient (> 0).

    Returns
    -------
    float
        :math:`\mu^*`.

    Examples
    --------
    >>> round(first_stick_mu(VibrationMotor()), 4)
    0.2152
    """
    _check_motor(params)
    xtol = check_positive("xtol", xtol)

    def cycle(mu: float) -> SlidingCycle:
        return sliding_cycle(dataclasses.replace(params, mu=mu))

    low, high = 0.0, 0.05
    while cycle(high).slides:
        low, high = high, 2 * high
        if high > 1e3:
            raise ParameterError("the platform slides all the time for any mu up to 1000: "
                                 "no sticking found")
    while high - low > xtol:
        middle = 0.5 * (low + high)
        low, high = (middle, high) if cycle(middle).slides else (low, middle)
    return float(0.5 * (low + high))
