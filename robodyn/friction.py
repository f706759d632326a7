r"""Friction: models of the force against sliding, stick-slip, and identification by least squares.

**Sign convention.** Every model returns the friction force (or torque) that acts ON the moving
body, and it opposes the velocity: negative for v > 0, positive for v < 0. A motor that holds a
constant speed must supply the opposite, :math:`-F(v)`. (The dynamics tutorial's functions
return that supplied torque, with the sign of the velocity.)

Models, vectorised over the velocity v (m/s, or rad/s for a joint; forces in N, or N m):

- :func:`coulomb`: :math:`F = -F_c\,\mathrm{sign}(v)`;
- :func:`viscous`: :math:`F = -b\,v`;
- :func:`coulomb_viscous`: the sum;
- :func:`stribeck`: :math:`F = -\big(F_c + (F_s - F_c)\,e^{-|v/v_s|^\delta}\big)\,\mathrm{sign}(v)
  - b\,v`, the static level :math:`F_s` falling to the Coulomb level :math:`F_c` over the
  Stribeck velocity :math:`v_s`;
- :func:`karnopp`: a model that can stick, for simulation: inside a small band of velocities
  the friction balances the applied force, up to :math:`F_s`.

Measuring and fitting: :func:`mu_from_tilt` (the tilting-board test of the vacuum-robot thesis),
:func:`fit_coulomb_viscous` (linear least squares) and :func:`fit_stribeck` (nonlinear least
squares); both fits return a :class:`FrictionFit` with standard errors and 95 % confidence
intervals. Sources: the dynamics tutorial (friction models, least-squares identification), the
vacuum-robot thesis (Kaiserslautern, 2022; tilting board), Armstrong-Helouvry et al. (1994) and
Karnopp (1985) for the models.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats

from robodyn.diffdrive import DiffDriveParams
from robodyn.errors import ParameterError
from robodyn.integrate import SimulationResult
from robodyn.params import (
    Parameters,
    as_array,
    broadcast,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
    check_real,
    field_of,
    quantity,
)

__all__ = [
    "FrictionFit",
    "SlidingBlock",
    "StickSlipCycle",
    "TiltBoardTest",
    "TiltMeasurement",
    "blended_coefficient",
    "coulomb",
    "coulomb_viscous",
    "fit_coulomb_viscous",
    "fit_stribeck",
    "hold_speed",
    "karnopp",
    "incline_grip_needed",
    "linear_least_squares",
    "mu_from_tilt",
    "parameter_intervals",
    "simulate_block",
    "speed_sweep",
    "stick_slip_cycle",
    "stribeck",
    "synthetic_slip_angles",
    "viscous",
]

#: Friction laws that :func:`simulate_block` can use.
BLOCK_MODELS = ("sign", "karnopp")


def _velocity(v) -> np.ndarray:
    return as_array("v", v, "m/s")


def _out(array):
    return array[()] if np.ndim(array) == 0 else array


def coulomb(v, Fc: float):
    r"""Coulomb friction :math:`F = -F_c\,\mathrm{sign}(v)`: constant size, against the motion.

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s (rad/s for a joint).
    Fc : float
        Coulomb level, N (N m), >= 0.

    Returns
    -------
    float or numpy.ndarray
        Friction force on the body, N (N m); 0 at v = 0 exactly.

    Examples
    --------
    >>> print(coulomb(np.array([-2.0, 0.0, 0.5]), 0.4))
    [ 0.4  0.  -0.4]
    """
    return _out(-check_non_negative("Fc", Fc, "N") * np.sign(_velocity(v)))


def viscous(v, b: float):
    r"""Viscous friction :math:`F = -b\,v`, N (N m), with b >= 0 in N s/m (N m s/rad).

    >>> print(viscous(0.5, 0.1))
    -0.05
    """
    return _out(-check_non_negative("b", b, "N s/m") * _velocity(v))


def coulomb_viscous(v, Fc: float, b: float):
    r"""Coulomb plus viscous friction :math:`F = -F_c\,\mathrm{sign}(v) - b\,v`.

    >>> print(coulomb_viscous(np.array([-1.0, 1.0]), 0.5, 0.1))
    [ 0.6 -0.6]
    """
    return _out(coulomb(v, Fc) + viscous(v, b))


def stribeck(v, Fc: float, Fs: float, vs: float, b: float, delta: float = 2.0):
    r"""Stribeck friction: the static level falls to the Coulomb level as the speed grows.

    .. math:: F = -\Big(F_c + (F_s - F_c)\,e^{-|v/v_s|^{\delta}}\Big)\,\mathrm{sign}(v) - b\,v

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s.
    Fc : float
        Coulomb (kinetic) level, N, >= 0.
    Fs : float
        Static level, N, >= Fc: the size of the friction just after sliding starts.
    vs : float
        Stribeck velocity, m/s, > 0: the speed over which the level falls.
    b : float
        Viscous coefficient, N s/m, >= 0.
    delta : float
        Shape exponent, > 0 (2 for the Gaussian form of the tutorial; 1 is also common).

    Returns
    -------
    float or numpy.ndarray
        Friction force on the body, N; 0 at v = 0.

    Raises
    ------
    ParameterError
        If a parameter is out of its range, in particular Fs < Fc.

    Notes
    -----
    At v -> 0+ the size is Fs, for |v| >> vs it is Fc + b |v|. The model says nothing about
    v = 0 itself (sticking): see :func:`karnopp`. Armstrong-Helouvry, Dupont and Canudas de
    Wit (Automatica 1994) survey it and its variants.

    Examples
    --------
    >>> print(round(float(stribeck(1e-6, 0.5, 0.8, 0.1, 0.1)), 6))
    -0.8
    >>> print(stribeck(10.0, 0.5, 0.8, 0.1, 0.0))
    -0.5
    """
    Fc = check_non_negative("Fc", Fc, "N")
    Fs = check_non_negative("Fs", Fs, "N")
    if Fs < Fc:
        raise ParameterError(f"Fs must be >= Fc = {Fc:g} N (the static level is the higher "
                             f"one), got {Fs:g}")
    vs = check_positive("vs", vs, "m/s")
    b = check_non_negative("b", b, "N s/m")
    delta = check_positive("delta", delta)
    v = _velocity(v)
    level = Fc + (Fs - Fc) * np.exp(-np.abs(v / vs) ** delta)
    return _out(-level * np.sign(v) - b * v)


def karnopp(v, applied, Fc: float, Fs: float, b: float, dv: float):
    r"""Karnopp's stick-slip friction: stick inside a velocity band, slide outside it.

    .. math::

        F = \begin{cases}
            -\mathrm{sat}(F_a, F_s) & |v| < \Delta v \quad\text{(stick: balance the applied
            force, up to } F_s\text{)}\\
            -F_c\,\mathrm{sign}(v) - b\,v & |v| \ge \Delta v \quad\text{(slide)}
        \end{cases}

    Parameters
    ----------
    v : float or array_like
        Sliding velocity, m/s.
    applied : float or array_like
        Sum of the other forces along the sliding direction, N.
    Fc, Fs, b : float
        Coulomb level (N, >= 0), breakaway level (N, >= Fc), viscous coefficient
        (N s/m, >= 0).
    dv : float
        Half width of the sticking band, m/s (> 0); small compared with the speeds of
        interest.

    Returns
    -------
    float or numpy.ndarray
        Friction force on the body, N.

    Notes
    -----
    Inside the band a body pushed by less than Fs feels no net force and keeps its (tiny)
    velocity: it sticks. With a plain sign function instead, the friction flips between -Fc
    and +Fc at every crossing of v = 0 and an integrator steps back and forth across zero
    (chattering). Karnopp, J. Dyn. Sys. Meas. Control 107 (1985).

    Examples
    --------
    >>> print(karnopp(0.0, 0.3, Fc=0.4, Fs=0.5, b=0.0, dv=1e-3))
    -0.3
    >>> print(karnopp(0.0, 0.7, Fc=0.4, Fs=0.5, b=0.0, dv=1e-3))
    -0.5
    """
    Fc = check_non_negative("Fc", Fc, "N")
    Fs = check_non_negative("Fs", Fs, "N")
    if Fs < Fc:
        raise ParameterError(f"Fs must be >= Fc = {Fc:g} N, got {Fs:g}")
    b = check_non_negative("b", b, "N s/m")
    dv = check_positive("dv", dv, "m/s")
    v, applied = broadcast(("v", _velocity(v)), ("applied", as_array("applied", applied, "N")))
    stick = -np.clip(applied, -Fs, Fs)
    slide = -Fc * np.sign(v) - b * v
    return _out(np.where(np.abs(v) < dv, stick, slide))


# --------------------------------------------------------------------------- a sliding block


@dataclass(frozen=True)
class SlidingBlock(Parameters):
    """A block on a surface, optionally on a spring; the test bench of the friction chapter.

    Parameters
    ----------
    mass : float
        Mass, kg (> 0). Default 1 kg.
    Fc : float
        Coulomb friction level, N (>= 0). Default 2 N.
    Fs : float
        Breakaway (static) level, N (>= Fc). Default 3 N.
    b : float
        Viscous coefficient, N s/m (>= 0). Default 0.
    stiffness : float
        Spring from the block to a fixed anchor at x = 0, N/m (>= 0). Default 0 (no spring).
    dv : float
        Half width of Karnopp's sticking band, m/s (> 0). Default 1e-4 m/s.

    The defaults are round numbers for the demonstrations, not a measured material pair.
    """

    mass: float = quantity(1.0, "kg", above=0.0, source="assumed",
                           note="a round number for the demonstrations")
    Fc: float = quantity(2.0, "N", at_least=0.0, source="assumed",
                         note="a round number for the demonstrations, not a material pair")
    Fs: float = quantity(3.0, "N", at_least=0.0, source="assumed",
                         note="half as much again as Fc, so that breakaway is clearly visible")
    b: float = quantity(0.0, "N s/m", at_least=0.0, source="assumed",
                        note="no viscous friction unless a demonstration asks for it")
    stiffness: float = quantity(0.0, "N/m", at_least=0.0, source="assumed",
                                note="no spring unless a demonstration asks for it")
    dv: float = quantity(1e-4, "m/s", above=0.0, source="assumed",
                         note="a sticking band far below the speeds of the demonstrations")

    def __post_init__(self):
        super().__post_init__()
        if self.Fs < self.Fc:
            raise ParameterError(f"Fs must be >= Fc = {self.Fc:g} N, got {self.Fs:g}")


def _sign_float(v: float) -> float:
    """np.sign for one float (-1, 0 or 1), without NumPy's per-call cost."""
    return 1.0 if v > 0.0 else (-1.0 if v < 0.0 else 0.0)


def _karnopp_float(v: float, applied: float, Fc: float, Fs: float, b: float,
                   dv: float) -> float:
    """:func:`karnopp` for one velocity, in plain floats: the inner loop of simulate_block.

    The parameters are already checked (they come from a SlidingBlock); tests hold it equal to
    :func:`karnopp`, and ``benchmarks/block_fast_path.py`` measures what it saves.
    """
    if abs(v) < dv:
        return -min(max(applied, -Fs), Fs)
    return -Fc * _sign_float(v) - b * v


def simulate_block(block: SlidingBlock, push, t_end: float, dt: float = 1e-3,
                   model: str = "karnopp", surface_speed: float = 0.0, x0: float = 0.0,
                   v0: float = 0.0) -> SimulationResult:
    r"""Simulate the block with fixed steps: :math:`m\dot v = F_a(t) - k x + F`, friction F on
    the velocity relative to the surface.

    Each step of ``dt`` is a semi-implicit Euler step (velocity first, then position with the
    new velocity), the kind of fixed step a real-time simulator or a controller runs. With the
    naive ``"sign"`` model the friction flips at every crossing of zero relative velocity and the
    velocity chatters around zero with an amplitude of about Fc dt / m; ``"karnopp"`` sticks.
    (An adaptive solver meets the same discontinuity by shrinking its step until it stalls.)

    Parameters
    ----------
    block : SlidingBlock
        The block, its friction and its spring.
    push : callable
        ``push(t) -> F_a``, the applied force, N.
    t_end : float
        Duration, s (> 0).
    dt : float
        Step, s (> 0, at most t_end).
    model : {"karnopp", "sign"}
        ``"karnopp"``: :func:`karnopp`; ``"sign"``: :math:`-F_c\,\mathrm{sign}(v_{rel}) -
        b\,v_{rel}`, 0 at exactly zero.
    surface_speed : float
        Speed v_b of the surface under the block (a conveyor belt), m/s.
    x0, v0 : float
        Initial position (m, spring relaxed at 0) and velocity (m/s).

    Returns
    -------
    SimulationResult
        Columns ``x`` (m), ``v`` (m/s), ``applied`` and ``friction`` (N, over the step that
        starts at each sample); detail ``model``.
    """
    if not isinstance(block, SlidingBlock):
        raise ParameterError(f"block must be a SlidingBlock, got {block!r}")
    if not callable(push):
        raise ParameterError(f"push must be callable as push(t) -> force in N, got {push!r}")
    check_choice("model", model, BLOCK_MODELS)
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    if dt > t_end:
        raise ParameterError(f"dt must be <= t_end = {t_end:g} s, got {dt:g}")
    belt = check_real("surface_speed", surface_speed, "m/s")
    x, v = check_real("x0", x0, "m"), check_real("v0", v0, "m/s")
    n_steps = int(round(t_end / dt))
    rows = np.empty((n_steps + 1, 5))
    for k in range(n_steps + 1):
        t = k * dt
        applied = float(push(t)) - block.stiffness * x
        relative = v - belt
        if model == "karnopp":
            friction = _karnopp_float(relative, applied, block.Fc, block.Fs, block.b, block.dv)
        else:
            friction = -block.Fc * _sign_float(relative) - block.b * relative
        rows[k] = t, x, v, applied, friction
        v += dt * (applied + friction) / block.mass
        x += dt * v
    t, x, v, applied, friction = rows.T
    finite = bool(np.all(np.isfinite(rows)))
    return SimulationResult(
        t=t, columns={"x": x, "v": v, "applied": applied, "friction": friction},
        success=finite, message=f"{n_steps} fixed steps of {dt:g} s ({model} friction)",
        details={"model": model})


@dataclass(frozen=True)
class StickSlipCycle:
    """The closed-form limit cycle of the stick-slip oscillator (see :func:`stick_slip_cycle`).

    Attributes
    ----------
    stick_time, slip_time, period : float
        Durations of the sticking and the slipping phase and their sum, s.
    x_low, x_high : float
        Positions where sticking starts and ends, m.
    v_low : float
        Lowest velocity of the cycle, m/s (negative when the block slides backwards).
    """

    stick_time: float
    slip_time: float
    period: float
    x_low: float
    x_high: float
    v_low: float


def stick_slip_cycle(block: SlidingBlock, belt_speed: float) -> StickSlipCycle:
    r"""Closed-form limit cycle of a block on a spring dragged by a belt (Coulomb, no damping).

    While the block sticks it moves with the belt, :math:`v = v_b`, until the spring force
    :math:`kx` reaches :math:`F_s` at :math:`x_{high} = F_s/k`. Then it slips backwards over
    the belt, the friction pushes forwards with :math:`F_c`, and :math:`m\ddot x = -kx + F_c`
    is a harmonic oscillation of angular frequency :math:`\omega = \sqrt{k/m}` about
    :math:`x_c = F_c/k`. In the plane :math:`(x, v/\omega)` it runs on a circle about
    :math:`(x_c, 0)` from :math:`(x_{high}, v_b/\omega)` to the mirror point
    :math:`(x_{low}, v_b/\omega)`, :math:`x_{low} = 2x_c - x_{high}`, where the block
    matches the belt again and, its spring force :math:`2F_c - F_s` being below
    :math:`F_s`, sticks. The arc spans :math:`2\pi - 2\alpha` with
    :math:`\tan\alpha = \omega\,(x_{high} - x_c)/v_b`; the sticking phase lasts
    :math:`(x_{high} - x_{low})/v_b`.

    Parameters
    ----------
    block : SlidingBlock
        With a spring (stiffness > 0) and no viscous friction (b = 0).
    belt_speed : float
        v_b, m/s (> 0).

    Returns
    -------
    StickSlipCycle

    Examples
    --------
    >>> c = stick_slip_cycle(SlidingBlock(Fc=2.0, Fs=3.0, stiffness=50.0), 0.2)
    >>> print(f"{c.stick_time:.3f} s stuck, {c.slip_time:.3f} s slipping")
    0.200 s stuck, 0.714 s slipping
    """
    if not isinstance(block, SlidingBlock):
        raise ParameterError(f"block must be a SlidingBlock, got {block!r}")
    if block.stiffness <= 0 or block.b != 0:
        raise ParameterError(
            "the closed form needs a spring and pure Coulomb friction: block.stiffness > 0 and "
            f"block.b = 0, got stiffness = {block.stiffness:g} N/m and b = {block.b:g} N s/m")
    v_b = check_positive("belt_speed", belt_speed, "m/s")
    omega = np.sqrt(block.stiffness / block.mass)
    x_c, x_high = block.Fc / block.stiffness, block.Fs / block.stiffness
    x_low = 2 * x_c - x_high
    alpha = np.arctan2(omega * (x_high - x_c), v_b)
    radius = np.hypot(x_high - x_c, v_b / omega)
    stick = (x_high - x_low) / v_b
    slip = (2 * np.pi - 2 * alpha) / omega
    return StickSlipCycle(stick_time=float(stick), slip_time=float(slip),
                          period=float(stick + slip), x_low=float(x_low), x_high=float(x_high),
                          v_low=float(-radius * omega))


def blended_coefficient(v, mu_s: float, mu_k: float, v_crit: float):
    r"""Friction coefficient of a contact that blends static and kinetic friction with speed.

    A piecewise-linear law of the shape that Simscape Multibody's documentation plots for the
    contact blocks the vacuum-robot thesis uses: rising from 0 to :math:`\mu_s` over
    :math:`|v| \le v_{crit}`, falling to :math:`\mu_k` by :math:`1.5\,v_{crit}`, then constant.
    The vendor publishes the graph, not a formula, so the straight segments and the corner at
    :math:`1.5\,v_{crit}` are this book's choice.

    .. math::

        \mu(v) = \begin{cases} \mu_s\,|v|/v_{crit} & |v| \le v_{crit} \\
        \mu_s - (\mu_s - \mu_k)\,\frac{|v| - v_{crit}}{0.5\,v_{crit}} &
        v_{crit} < |v| \le 1.5\,v_{crit} \\ \mu_k & |v| > 1.5\,v_{crit} \end{cases}

    Parameters
    ----------
    v : float or array_like
        Sliding speed at the contact, m/s.
    mu_s, mu_k : float
        Static and kinetic coefficients (>= 0, mu_s >= mu_k).
    v_crit : float
        Critical speed, m/s (> 0).

    Returns
    -------
    float or numpy.ndarray
        The coefficient (>= 0, the same for +v and -v); the force is -mu N sign(v).

    Notes
    -----
    The rise from 0 makes the force continuous at v = 0, so an integrator meets no jump; the
    price is that a body at rest on a slope creeps at a small speed instead of sticking. It is
    :func:`robodyn.contact.friction_coefficient` (static, then falling to kinetic) times the
    regularised direction :math:`\min(|v|/v_{crit}, 1)`.

    Examples
    --------
    >>> print(blended_coefficient(np.array([0.0, 0.5e-3, 1e-3, 1.25e-3, 1.5e-3, 0.1]),
    ...                           1.1, 0.9, 1e-3))
    [0.   0.55 1.1  1.   0.9  0.9 ]
    """
    from robodyn.contact import friction_coefficient

    speed = np.abs(_velocity(v))
    level = friction_coefficient(speed, mu_s, mu_k, v_crit)
    return _out(np.asarray(level * np.minimum(speed / v_crit, 1.0)))


def hold_speed(friction_torque, target: float, inertia: float, gain: float,
               integral_gain: float, t_end: float, dt: float = 1e-3) -> SimulationResult:
    r"""A joint started at rest under a PI speed controller, with fixed steps.

    :math:`J\dot\omega = \tau + F(\omega)` with :math:`\tau = k e + k_i\int e\,dt`,
    :math:`e = \omega_{ref} - \omega`; each step of ``dt`` computes the torque from the
    speed at its start (a sampled-data controller), then advances the integral of the error
    and the speed by an explicit Euler step.

    Parameters
    ----------
    friction_torque : callable
        ``F(omega)`` in N m, against the motion (the true friction of the joint).
    target : float
        Speed reference, rad/s.
    inertia : float
        J, kg m^2 (> 0).
    gain, integral_gain : float
        k (N m s/rad, > 0) and k_i (N m/rad, >= 0).
    t_end, dt : float
        Duration and step, s (> 0).

    Returns
    -------
    SimulationResult
        Columns ``omega`` (rad/s) and ``torque`` (N m, the motor's over the step that starts
        at each sample) at the times k dt, k = 0 ... round(t_end / dt).

    Examples
    --------
    >>> run = hold_speed(lambda w: -0.3 * np.sign(w), 1.0, 0.01, 2.0, 20.0, t_end=2.0)
    >>> print(f"{run.omega[-1]:.4f} rad/s with {run.torque[-1]:.4f} N m")
    1.0000 rad/s with 0.3000 N m
    """
    if not callable(friction_torque):
        raise ParameterError("friction_torque must be callable as F(omega) in N m")
    target = check_real("target", target, "rad/s")
    J = check_positive("inertia", inertia, "kg m^2")
    k = check_positive("gain", gain, "N m s/rad")
    k_i = check_non_negative("integral_gain", integral_gain, "N m/rad")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    n_steps = int(round(t_end / dt))
    omega, integral = 0.0, 0.0
    rows = np.empty((n_steps + 1, 2))
    for step in range(n_steps + 1):
        error = target - omega
        tau = k * error + k_i * integral
        rows[step] = omega, tau
        integral += error * dt
        omega += dt * (tau + float(friction_torque(omega))) / J
    return SimulationResult(t=np.arange(n_steps + 1) * dt,
                            columns={"omega": rows[:, 0], "torque": rows[:, 1]},
                            success=bool(np.all(np.isfinite(rows))),
                            message=f"{n_steps} fixed steps of {dt:g} s")


def speed_sweep(friction_torque, speeds, inertia: float, gain: float, integral_gain: float,
                noise: float, seed: int, settle: float = 1.0, record: float = 1.0,
                dt: float = 1e-3):
    r"""A simulated friction experiment: hold a joint at each speed, average the motor torque.

    For each speed the joint starts at rest under a proportional-integral speed controller
    (:func:`hold_speed`); after ``settle`` seconds the torque is recorded for ``record``
    seconds, with Gaussian sensor noise of standard deviation ``noise`` on every sample, and
    averaged. At constant speed the motor torque balances the friction, so
    ``-mean torque`` estimates :math:`F(\omega)`.

    Parameters
    ----------
    friction_torque : callable
        ``F(omega)`` in N m, against the motion (the true friction of the joint).
    speeds : array_like, shape (n,)
        Speed references, rad/s.
    inertia : float
        J, kg m^2 (> 0).
    gain, integral_gain : float
        k (N m s/rad, > 0) and k_i (N m/rad, >= 0).
    noise : float
        Standard deviation of the torque sensor, N m (>= 0).
    seed : int
        Seed of the noise.
    settle, record, dt : float
        Settling time, recording time and step, s.

    Returns
    -------
    speeds, friction, ripple : numpy.ndarray, shape (n,)
        The speeds held (mean over the record, rad/s), the friction estimate
        ``-mean(torque)`` (N m), and the standard deviation of the speed over the record
        (rad/s). A large ripple means the joint did not run at a constant speed (it had not
        settled, or it hunts in a stick-slip cycle where the friction falls with speed), and
        the mean torque is then not the friction at the mean speed: drop such points.

    Notes
    -----
    The result is a measurement, one row per speed, not a trajectory; each run behind it is
    a :class:`~robodyn.integrate.SimulationResult` of :func:`hold_speed`. The speed of a
    step is recorded at its end, the torque over it.
    """
    if not callable(friction_torque):
        raise ParameterError("friction_torque must be callable as F(omega) in N m")
    targets = as_array("speeds", speeds, "rad/s", (None,), finite=True)
    noise = check_non_negative("noise", noise, "N m")
    rng = np.random.default_rng(seed)
    n_settle, n_record = int(round(settle / dt)), int(round(record / dt))
    held, estimates, ripple = [], [], []
    for target in targets:
        run = hold_speed(friction_torque, target, inertia, gain, integral_gain,
                         (n_settle + n_record) * dt, dt)
        rates = run.omega[n_settle + 1:]
        torques = run.torque[n_settle:-1] + rng.normal(0.0, noise, n_record)
        held.append(np.mean(rates))
        estimates.append(-np.mean(torques))
        ripple.append(np.std(rates))
    return np.array(held), np.array(estimates), np.array(ripple)


# --------------------------------------------------------------------------- the tilting board


@dataclass(frozen=True)
class TiltMeasurement:
    """Static friction coefficient from a slip angle, with its propagated uncertainty.

    Attributes
    ----------
    mu : float or numpy.ndarray
        :math:`\\mu_s = \\tan\\theta`.
    sigma : float or numpy.ndarray
        :math:`\\sigma_\\mu = \\sigma_\\theta / \\cos^2\\theta` (first order).
    """

    mu: object
    sigma: object


def mu_from_tilt(theta, sigma_theta: float = 0.0) -> TiltMeasurement:
    r"""Static friction coefficient from the angle at which a body starts to slide.

    On a board tilted by :math:`\theta` the weight splits into :math:`mg\sin\theta` along and
    :math:`mg\cos\theta` across the board; sliding starts when the first reaches
    :math:`\mu_s\,mg\cos\theta`, so :math:`\mu_s = \tan\theta` and the mass cancels. An angle
    uncertainty :math:`\sigma_\theta` propagates as
    :math:`\sigma_\mu = |d\mu/d\theta|\,\sigma_\theta = \sigma_\theta / \cos^2\theta`.

    Parameters
    ----------
    theta : float or array_like
        Slip angles, rad, in [0, pi/2).
    sigma_theta : float
        Standard uncertainty of each angle, rad (>= 0).

    Returns
    -------
    TiltMeasurement
        ``mu`` and ``sigma``, each shaped like ``theta``.

    Examples
    --------
    The thesis's range of slip angles, 45.3 to 49.1 degrees, each read to 0.2 degrees:

    >>> m = mu_from_tilt(np.radians([45.3, 49.1]), np.radians(0.2))
    >>> print(m.mu.round(3), m.sigma.round(3))
    [1.011 1.154] [0.007 0.008]
    """
    theta = as_array("theta", theta, "rad")
    if np.any((theta < 0) | (theta >= np.pi / 2)):
        raise ParameterError(
            "theta must lie in [0, pi/2) rad: a board tilted by 90 degrees or more holds "
            f"nothing; got values from {np.nanmin(theta):g} to {np.nanmax(theta):g} rad "
            f"(degrees? use np.radians)"
        )
    sigma_theta = check_non_negative("sigma_theta", sigma_theta, "rad")
    return TiltMeasurement(mu=_out(np.tan(theta)), sigma=_out(sigma_theta / np.cos(theta) ** 2))


@dataclass(frozen=True)
class TiltBoardTest(Parameters):
    """The tilting-board measurement of the vacuum-robot thesis: a drive wheel on wood.

    Parameters
    ----------
    wheel_mass : float
        kg (> 0). Default 0.0608 kg, the thesis's drive wheel.
    lowest_angle, highest_angle : float
        Smallest and largest slip angle of the trials, degrees, in [0, 90). Defaults 45.3 and
        49.1 degrees, the thesis's range over 15 trials.
    angle_uncertainty : float
        Standard uncertainty of one angle reading, degrees (>= 0). Default 0.2 degrees, this
        book's assumption for a hand-held inclinometer; the thesis does not state one.

    Only the range of the 15 angles is published; :func:`synthetic_slip_angles` makes a data
    set consistent with it.
    """

    wheel_mass: float = field_of(DiffDriveParams, "wheel_mass")
    lowest_angle: float = quantity(45.3, "deg", at_least=0.0, below=90.0, source="measured",
                                   note="smallest slip angle of the thesis's 15 trials on wood")
    highest_angle: float = quantity(49.1, "deg", at_least=0.0, below=90.0, source="measured",
                                    note="largest slip angle of the thesis's 15 trials on wood")
    angle_uncertainty: float = quantity(
        0.2, "deg", at_least=0.0, source="assumed",
        note="a hand-held inclinometer's reading; the thesis states no uncertainty")

    def __post_init__(self):
        super().__post_init__()
        if self.highest_angle < self.lowest_angle:
            raise ParameterError(
                f"highest_angle must be >= lowest_angle = {self.lowest_angle:g} deg, "
                f"got {self.highest_angle:g}")


def synthetic_slip_angles(test: TiltBoardTest, n_trials: int = 15, seed: int = 0):
    """A synthetic set of slip angles, rad, spanning exactly the published range.

    ``n_trials`` normal draws are mapped linearly so that the smallest becomes
    ``test.lowest_angle`` and the largest ``test.highest_angle``, then rounded to 0.1 degree,
    the resolution of the published numbers. SYNTHETIC: consistent with the thesis's range, not
    its (unpublished) individual readings.

    Examples
    --------
    >>> angles = np.degrees(synthetic_slip_angles(TiltBoardTest(), seed=0))
    >>> print(angles.size, angles.min().round(1), angles.max().round(1))
    15 45.3 49.1
    """
    if not isinstance(test, TiltBoardTest):
        raise ParameterError(f"test must be a TiltBoardTest, got {test!r}")
    n_trials = check_integer("n_trials", n_trials, at_least=2)
    draws = np.random.default_rng(seed).normal(size=n_trials)
    unit = (draws - draws.min()) / (draws.max() - draws.min())
    degrees = test.lowest_angle + unit * (test.highest_angle - test.lowest_angle)
    return np.radians(np.round(degrees, 1))


def incline_grip_needed(theta, inertia_ratio):
    r"""Friction-to-normal force ratio a wheel needs to roll down an incline without slipping.

    A wheel of mass m, radius r and inertia :math:`I = \kappa m r^2` about its axle, free to
    turn, rolls down a slope of angle :math:`\theta` with :math:`a = g\sin\theta/(1 + \kappa)`;
    the contact must supply :math:`F = \kappa\,m g\sin\theta/(1 + \kappa)` against
    :math:`N = m g\cos\theta`, so it slips only where

    .. math:: \frac{F}{N} = \frac{\kappa}{1 + \kappa}\,\tan\theta > \mu_s.

    A wheel kept from turning is the limit :math:`\kappa \to \infty`, the sliding block:
    :math:`F/N = \tan\theta`.

    Parameters
    ----------
    theta : float or array_like
        Slope angle, rad, in [0, pi/2).
    inertia_ratio : float
        :math:`\kappa = I/(m r^2)` (> 0, or ``numpy.inf`` for a blocked wheel): 1/2 for a solid
        disc, 1 for a thin ring.

    Examples
    --------
    A free solid disc on the thesis's steepest board, 49.1 degrees, needs only a third of
    tan(theta):

    >>> print(round(float(incline_grip_needed(np.radians(49.1), 0.5)), 3))
    0.385
    """
    theta = as_array("theta", theta, "rad")
    if np.any((theta < 0) | (theta >= np.pi / 2)):
        raise ParameterError(f"theta must lie in [0, pi/2) rad, got {theta!r}")
    if isinstance(inertia_ratio, (float, np.floating)) and inertia_ratio == np.inf:
        share = 1.0
    else:
        kappa = check_positive("inertia_ratio", inertia_ratio, "")
        share = kappa / (1.0 + kappa)
    return _out(share * np.tan(theta))


# --------------------------------------------------------------------------- identification


@dataclass(frozen=True, eq=False)
class FrictionFit:
    """Result of a friction fit: estimates, their uncertainty, and how well the model fits.

    Attributes
    ----------
    names : tuple of str
        Names of the parameters, in order.
    estimates : numpy.ndarray
        Best-fit values, in the units of the model.
    standard_errors : numpy.ndarray
        One standard deviation of each estimate, from the residual variance and the
        Jacobian at the solution (exact for a linear model with independent, equal noise).
    covariance : numpy.ndarray
        Covariance matrix of the estimates.
    confidence_intervals : numpy.ndarray, shape (p, 2)
        95 % intervals, estimate -+ t(0.975, n - p) standard errors.
    residuals : numpy.ndarray
        Data minus model at every sample.
    r_squared : float
        1 - (residual sum of squares) / (total sum of squares).
    success : bool
        True when the solver converged.
    message : str
        What the solver reported, and warnings about parameters the data do not pin down.
    """

    names: tuple
    estimates: np.ndarray
    standard_errors: np.ndarray
    covariance: np.ndarray
    confidence_intervals: np.ndarray
    residuals: np.ndarray
    r_squared: float
    success: bool = True
    message: str = ""

    def __getitem__(self, name: str) -> float:
        """The estimate of the parameter ``name``."""
        if name not in self.names:
            raise KeyError(f"no parameter {name!r}; the parameters are {', '.join(self.names)}")
        return float(self.estimates[self.names.index(name)])

    def table(self) -> str:
        """The estimates with their standard errors and 95 % intervals, one line each."""
        lines = [f"{'':4s}{'estimate':>11s}{'std error':>11s}   95 % interval"]
        for name, value, error, (low, high) in zip(self.names, self.estimates,
                                                   self.standard_errors,
                                                   self.confidence_intervals, strict=True):
            lines.append(f"{name:4s}{value:11.4g}{error:11.2g}   [{low:.4g}, {high:.4g}]")
        return "\n".join(lines)


def _data(v, f):
    v = as_array("v", v, "m/s", (None,), finite=True)
    f = as_array("f", f, "N", (None,), finite=True)
    if v.shape != f.shape:
        raise ParameterError(f"v and f must have one force per velocity; got {v.size} "
                             f"velocities and {f.size} forces")
    return v, f


def parameter_intervals(jacobian, residuals, names, estimates, message: str = "", *,
                        success: bool = True, r_squared: float = float("nan")) -> FrictionFit:
    r"""A least-squares fit's standard errors, covariance and 95 % intervals.

    With n samples, p parameters, the model's Jacobian J (n, p) at the estimates and the
    residuals r, the noise variance is estimated as :math:`s^2 = r^T r / (n - p)`, the
    covariance as :math:`s^2 (J^T J)^{-1}` (from J's singular values, not by inverting
    :math:`J^T J`), and each interval as the estimate :math:`\pm\, t_{0.975,\,n-p}` times its
    standard error. A direction of the parameters the data do not see at all (a singular
    value about 0) gives the parameters along it the standard error inf.
    """
    n, p = jacobian.shape
    dof = n - p
    variance = float(residuals @ residuals) / dof
    _, singular, vt = np.linalg.svd(jacobian, full_matrices=False)
    seen = singular > singular[0] * 1e-10
    covariance = variance * (vt[seen].T / singular[seen] ** 2) @ vt[seen]
    errors = np.sqrt(np.diag(covariance))
    unseen = np.any(np.abs(vt[~seen]) > 1e-8, axis=0)
    errors = np.where(unseen, np.inf, errors)
    half = stats.t.ppf(0.975, dof) * errors
    return FrictionFit(names=tuple(names), estimates=estimates, standard_errors=errors,
                       covariance=covariance,
                       confidence_intervals=np.column_stack([estimates - half, estimates + half]),
                       residuals=residuals, r_squared=r_squared, success=success,
                       message=message)


def linear_least_squares(A, y, names,
                         message: str = "linear least squares (SVD)") -> FrictionFit:
    r"""Fit :math:`y \approx A\,x` by linear least squares (``numpy.linalg.lstsq``, not the
    normal equations), with the intervals of :func:`parameter_intervals` and
    :math:`R^2 = 1 - r^T r / \sum (y - \bar y)^2` (1 when every y is the same).

    Chapter 2 fits its friction models with it, chapter 1 the arm's parameters
    (:func:`robodyn.arm_identification.identify`).
    """
    estimates, *_ = np.linalg.lstsq(A, y, rcond=None)
    residuals = y - A @ estimates
    total = float(np.sum((y - y.mean()) ** 2))
    r_squared = 1.0 - float(residuals @ residuals) / total if total > 0 else 1.0
    return parameter_intervals(A, residuals, names, estimates, message, r_squared=r_squared)


def fit_coulomb_viscous(v, f) -> FrictionFit:
    r"""Fit :math:`F = -F_c\,\mathrm{sign}(v) - b\,v` to measured friction forces, by linear
    least squares.

    The model is linear in the parameters: :math:`f = A\,(F_c, b)^T` with the regression
    matrix :math:`A = [-\mathrm{sign}(v),\ -v]`. The fit solves it by the singular value
    decomposition (``numpy.linalg.lstsq``, through :func:`linear_least_squares`), not by the
    normal equations :math:`A^TA\,x = A^Tf`, whose condition number is the square of A's.

    Parameters
    ----------
    v : array_like, shape (n,)
        Velocities of the samples, m/s (rad/s), finite, not zero; both signs.
    f : array_like, shape (n,)
        Measured friction forces on the body (against the motion), N (N m).

    Returns
    -------
    FrictionFit
        Parameters ``("Fc", "b")``.

    Raises
    ------
    ParameterError
        If the data cannot identify both parameters: fewer than three samples, NaN, a zero
        velocity, or motion in one direction only (then Coulomb friction cannot be told from a
        constant offset of the measurement, such as a sensor bias or a gravity load).

    Examples
    --------
    >>> v = np.array([-2.0, -1.0, 1.0, 2.0])
    >>> fit = fit_coulomb_viscous(v, -0.4 * np.sign(v) - 0.1 * v)
    >>> print(round(fit["Fc"], 6), round(fit["b"], 6), fit.r_squared)
    0.4 0.1 1.0
    """
    v, f = _data(v, f)
    if v.size < 3:
        raise ParameterError(f"at least 3 samples are needed to fit 2 parameters and estimate "
                             f"the noise; got {v.size}")
    if np.any(v == 0.0):
        raise ParameterError("v must not be 0: at rest friction takes any value up to "
                             "breakaway, so such samples say nothing about Fc or b")
    if np.all(v > 0) or np.all(v < 0):
        direction = "positive" if v[0] > 0 else "negative"
        raise ParameterError(
            f"all velocities are {direction}: with motion in one direction only, the Coulomb "
            f"term -Fc sign(v) is a constant, which no fit can tell from a constant offset of "
            f"the measurement (a sensor bias, a gravity load). Measure in both directions."
        )
    return linear_least_squares(np.column_stack([-np.sign(v), -v]), f, ("Fc", "b"))


def fit_stribeck(v, f, p0=None, loss: str = "linear", delta: float = 2.0,
                 f_scale: float = 1.0, tol: float = 1e-12, max_nfev: int = 2000) -> FrictionFit:
    r"""Fit the Stribeck model (:func:`stribeck`) by nonlinear least squares.

    ``scipy.optimize.least_squares`` varies :math:`(F_c, F_s - F_c, v_s, b)` within bounds that
    keep the model physical (all >= 0, :math:`v_s > 0`), so :math:`F_s \ge F_c` always.

    Parameters
    ----------
    v, f : array_like, shape (n,)
        Velocities (m/s) and measured friction forces on the body (N), both directions of
        motion, no velocity 0. The forces oppose the motion (negative for v > 0), as every
        model of this module returns them.
    p0 : sequence of 4 floats, optional
        Start (Fc, Fs, vs, b); by default from a Coulomb-viscous fit and the data's range.
    loss : {"linear", "soft_l1", "huber", "cauchy"}
        ``"linear"`` is ordinary least squares; the others weigh down outliers
        (``least_squares``' robust losses, with residuals scaled by ``f_scale``).
    delta : float
        Exponent of the model, held fixed.
    f_scale : float
        Size of an ordinary residual, N, for the robust losses.
    tol : float
        The solver's ``ftol``, ``xtol`` and ``gtol`` (relative, dimensionless), tighter than
        scipy's 1e-8 by default because the valley of the cost along (Fs, vs) is flat.
    max_nfev : int
        Most evaluations of the model the solver may make (scipy's default is 400 for four
        parameters). When it runs out, ``success`` is False and the message says so.

    Returns
    -------
    FrictionFit
        Parameters ``("Fc", "Fs", "vs", "b")``; ``success`` and ``message`` say whether the
        solver converged, and the message names parameters the data do not pin down (a
        standard error larger than the estimate). ``success`` is also False when the fitted
        model explains the data no better than their mean (R^2 <= 0), and the message says so.
        The standard errors linearise the model at the solution and use the plain residual
        variance; with a robust loss and outliers they are rough.
        The fit is local: it returns the minimum the solver reaches from ``p0``. Data that
        do not reach below vs, or that hold outliers, can leave several minima (chapter 2
        shows both); try several starts.

    Raises
    ------
    ParameterError
        On malformed data (as :func:`fit_coulomb_viscous`: NaN, a velocity 0, motion in one
        direction only without ``p0``), fewer than 5 samples, or forces that point along the
        motion (the torque a motor supplies to hold the speed, as the dynamics tutorial's
        friction functions return it, instead of the friction on the body: fit ``-f``).

    Notes
    -----
    A sample at rest is refused rather than used: there the friction takes any value up to
    breakaway, while the model gives 0. The sign test is statistical: the mean of
    :math:`f\,\mathrm{sign}(v)` must not be positive by more than three of its standard
    errors (friction cannot push the body along its motion on average).

    Examples
    --------
    Clean data of the dynamics tutorial's kind (speeds from -2 to 2 rad/s in both directions,
    the Stribeck dip at 0.1 rad/s well inside), as the friction on the joint:

    >>> v = np.linspace(-2.0, 2.0, 200)
    >>> fit = fit_stribeck(v, stribeck(v, 0.5, 0.8, 0.1, 0.1))
    >>> print(np.round(fit.estimates, 6), fit.success)
    [0.5 0.8 0.1 0.1] True

    The same speeds with the tutorial's sign, the torque a motor supplies, are refused:

    >>> fit_stribeck(v, -stribeck(v, 0.5, 0.8, 0.1, 0.1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robodyn.errors.ParameterError: the forces f point along the motion: f has the sign of v at 200
    of 200 samples, ...
    """
    v, f = _data(v, f)
    if v.size < 5:
        raise ParameterError(f"at least 5 samples are needed to fit 4 parameters, got {v.size}")
    check_choice("loss", loss, ("linear", "soft_l1", "huber", "cauchy"))
    delta = check_positive("delta", delta)
    f_scale = check_positive("f_scale", f_scale, "N")
    tol = check_positive("tol", tol)
    max_nfev = check_integer("max_nfev", max_nfev, at_least=1)
    if np.any(v == 0.0):
        raise ParameterError(
            f"v must not be 0 ({int(np.sum(v == 0.0))} of the {v.size} samples are): at rest "
            f"friction takes any value up to breakaway, so such samples say nothing about Fc, "
            f"Fs, vs or b. Leave them out, e.g. keep = v != 0; fit_stribeck(v[keep], f[keep])."
        )
    _check_against_motion(v, f)
    if p0 is None:
        base = fit_coulomb_viscous(v, f)
        Fc0, b0 = max(base["Fc"], 1e-3), max(base["b"], 0.0)
        p0 = (Fc0, 1.2 * Fc0, 0.1 * float(np.max(np.abs(v))), b0)
    p0 = as_array("p0", p0, "", (4,), finite=True)
    start = np.array([p0[0], max(p0[1] - p0[0], 0.0), p0[2], p0[3]])

    def model(params, velocity):
        Fc, dF, vs, b = params
        return -(Fc + dF * np.exp(-np.abs(velocity / vs) ** delta)) * np.sign(velocity) \
            - b * velocity

    solution = optimize.least_squares(
        lambda params: model(params, v) - f, start, loss=loss, f_scale=f_scale,
        bounds=([0.0, 0.0, 1e-9, 0.0], [np.inf, np.inf, np.inf, np.inf]), x_scale="jac",
        ftol=tol, xtol=tol, gtol=tol, max_nfev=max_nfev)
    Fc, dF, vs, b = solution.x
    estimates = np.array([Fc, Fc + dF, vs, b])
    residuals = f - model(solution.x, v)
    # The model's Jacobian in (Fc, Fs, vs, b), from the solver's in (Fc, Fs - Fc, vs, b):
    # d/dFs = d/d(Fs - Fc) and d/dFc = d/dFc - d/d(Fs - Fc).
    J = solution.jac
    J_named = np.column_stack([J[:, 0] - J[:, 1], J[:, 1], J[:, 2], J[:, 3]])
    notes = [solution.message]
    fit = parameter_intervals(J_named, residuals, ("Fc", "Fs", "vs", "b"), estimates,
                              success=bool(solution.success))
    loose = [name for name, value, error in zip(fit.names, fit.estimates,
                                                fit.standard_errors, strict=True)
             if not error < abs(value)]
    if loose:
        notes.append(f"the data do not pin down {', '.join(loose)}: their standard errors are "
                     f"as large as the estimates (add samples at speeds near vs)")
    squares = float(residuals @ residuals)
    total = float(np.sum((f - f.mean()) ** 2))
    if np.ptp(f) > 0:
        r_squared = 1.0 - squares / total
    else:  # every force the same: R^2 is 1 for a model that gives it, else below any value
        r_squared = 1.0 if squares == 0 else -np.inf
    success = fit.success
    if not r_squared > 0:
        success = False
        notes.append(f"no fit: the model explains the data no better than their mean does "
                     f"(R^2 = {r_squared:.3g}, estimates {np.round(estimates, 6).tolist()}); the "
                     f"forces hardly oppose the motion (noise, an offset that is the same in "
                     f"both directions, or friction too small to see)")
    return dataclasses.replace(fit, r_squared=r_squared, success=success,
                               message="; ".join(notes))


def _check_against_motion(v: np.ndarray, f: np.ndarray) -> None:
    """Refuse forces that, on average, push along the motion: friction cannot."""
    along = f * np.sign(v)  # > 0 where the force points along the motion
    mean = float(np.mean(along))
    error = float(np.std(along, ddof=1)) / np.sqrt(along.size)
    if mean > 3.0 * error and mean > 0:
        spread = f", {mean / error:.3g} standard errors above 0" if error > 0 else ""
        raise ParameterError(
            f"the forces f point along the motion: f has the sign of v at "
            f"{int(np.sum(along > 0))} of {v.size} samples, and the mean of f sign(v) is "
            f"{mean:+.3g} N{spread}. Friction on the body opposes the motion (negative for "
            f"v > 0); these look like the force a motor supplies to hold the speed (the sign "
            f"of the dynamics tutorial's friction functions). Fit -f instead."
        )
