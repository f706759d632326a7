"""A block on a belt or pushed along the floor: Coulomb and Karnopp friction in motion, and the
stick-slip cycle.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    Parameters,
    check_choice,
    check_positive,
    check_real,
    quantity,
)
from robodyn.laws.friction import karnopp_float, sign_float

#: Friction laws that :func:`simulate_block` can use.
BLOCK_MODELS = ("sign", "karnopp")


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
            friction = karnopp_float(relative, applied, block.Fc, block.Fs, block.b, block.dv)
        else:
            friction = -block.Fc * sign_float(relative) - block.b * relative
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
