"""One vibration motor on a leg: stick-slip steps driven by a spinning mass."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import (
    STANDARD_GRAVITY,
    Parameters,
    check_integer,
    check_positive,
    check_real,
    quantity,
)
from robodyn.laws.friction import karnopp_float

#: Gravitational acceleration, m/s^2 (robodyn.core.params.STANDARD_GRAVITY).
G = STANDARD_GRAVITY


@dataclass(frozen=True)
class VibrationMotor(Parameters):
    """A platform on the floor carrying one vibration motor: the 1-DoF stick-slip model.

    Parameters
    ----------
    platform_mass : float
        Mass M of the platform with the motor's body, kg (> 0). Default 0.025 kg: an
        assumption for a ping-pong-ball-sized robot (the source gives its radius, 2.2 cm, not
        its mass).
    eccentric_mass : float
        Mass m of the eccentric weight, kg (> 0). Default 0.15 g: an assumption for a coin
        motor of 1.1 g (the source's motor mass).
    eccentric_radius : float
        Radius r of the weight's circle, m (> 0). Default 1 mm: an assumption for a motor of
        10 mm diameter (the source's).
    frequency : float
        Spin frequency, Hz (> 0). Default 200 Hz: the source's motors vibrate at 200 +- 42 Hz.
    mu : float
        Coulomb friction coefficient of the legs on the floor (>= 0). Default 0.3: an
        assumption.
    """

    platform_mass: float = quantity(
        0.025, "kg", above=0.0, source="assumed",
        note="a ping-pong-ball-sized robot; the source gives its radius (2.2 cm), not its mass")
    eccentric_mass: float = quantity(
        1.5e-4, "kg", above=0.0, source="assumed",
        note="the eccentric weight of a coin motor of 1.1 g (the source's motor mass)")
    eccentric_radius: float = quantity(
        1e-3, "m", above=0.0, source="assumed",
        note="fits a motor of 10 mm diameter (the source's)")
    frequency: float = quantity(200.0, "Hz", above=0.0, source="stated",
                                note="the source's motors vibrate at 200 +- 42 Hz")
    mu: float = quantity(0.3, "", at_least=0.0, source="assumed",
                         note="plastic legs on a table; the source gives no coefficient")

    @property
    def spin_force(self) -> float:
        """Amplitude :math:`m r \\omega^2` of the rotating force, N."""
        omega = 2 * np.pi * self.frequency
        return self.eccentric_mass * self.eccentric_radius * omega**2

    @property
    def weight(self) -> float:
        """:math:`(M + m) g`, N."""
        return (self.platform_mass + self.eccentric_mass) * G


def simulate_vibration_motor(params: VibrationMotor, direction: int = 1,
                             revolutions: int = 10, steps_per_revolution: int = 2000,
                             dv: float = 1e-6, v0: float = 0.0) -> SimulationResult:
    r"""The platform of one vibration motor on the floor, sticking and slipping.

    The weight at the angle :math:`\varphi = \pm\omega t` (``direction`` +1 or -1) pushes the
    platform with :math:`m r \omega^2 (\cos\varphi, \sin\varphi)`: horizontally
    :math:`F_h = m r\omega^2\cos\varphi`, and vertically it lightens the floor's load to
    :math:`N = (M + m) g - m r\omega^2\sin\varphi`. With the friction F of
    :func:`robodyn.friction.karnopp` (stick up to :math:`\mu N`, slide at :math:`\mu N`; no
    smoothing of the sign),

    .. math:: (M + m)\,\ddot x = F_h + F(\dot x, F_h; \mu N).

    When :math:`N < 0` the platform would lift off; it is then free horizontally (the vertical
    hop is not modelled, and ``details["lifts_off"]`` says so). Fixed steps, velocity first
    then position (semi-implicit Euler). The run starts at :math:`x = 0` with the weight at
    :math:`\varphi = 0` and the platform at the speed ``v0`` (at rest by default).

    Parameters
    ----------
    params : VibrationMotor
    direction : {1, -1}
        Spin direction: +1 counter-clockwise in the x-z plane (the weight rises while it moves
        towards -x), -1 the other way.
    revolutions : int
        Number of turns simulated (>= 1).
    steps_per_revolution : int
        Fixed steps per turn (>= 100).
    dv : float
        Half width of Karnopp's sticking band, m/s (> 0).
    v0 : float
        The platform's speed at the start, m/s (finite; 0: from rest). A run that starts
        with the speed another run ended with continues it (the phase is 0 again after
        whole turns): :func:`robodyn.stickslip.steady_drift` measures in such pieces.

    Returns
    -------
    SimulationResult
        Columns ``x`` (m), ``v`` (m/s), ``normal`` and ``friction`` (N), ``phase`` (rad);
        details ``drift_per_revolution`` (m, the mean advance per turn after the first) and
        ``lifts_off`` (bool). From rest, the first turns hold the start-up, which lasts long
        on a slippery floor; :func:`robodyn.stickslip.steady_drift` measures the drift the
        platform keeps.
    """
    if not isinstance(params, VibrationMotor):
        raise ParameterError(f"params must be a VibrationMotor, got {params!r}")
    if direction not in (1, -1):
        raise ParameterError(f"direction must be 1 or -1, got {direction!r}")
    revolutions = check_integer("revolutions", revolutions, at_least=1)
    steps = check_integer("steps_per_revolution", steps_per_revolution, at_least=100)
    dv = check_positive("dv", dv, "m/s")
    v0 = check_real("v0", v0, "m/s")
    omega = 2 * np.pi * params.frequency
    dt = 2 * np.pi / omega / steps
    moving_mass = params.platform_mass + params.eccentric_mass
    push, weight, mu = params.spin_force, params.weight, params.mu
    n = revolutions * steps
    # the weight's forces depend on time alone: all steps at once (the same numbers as
    # computing them step by step, and three times faster)
    phases = direction * omega * np.arange(n + 1) * dt
    pushes = push * np.cos(phases)
    normals = weight - push * np.sin(phases)
    lifted = normals <= 0.0
    normals[lifted] = 0.0
    lifts_off = bool(lifted.any())
    xs, vs, forces = np.empty(n + 1), np.empty(n + 1), np.empty(n + 1)
    x, v = 0.0, v0
    for k, (horizontal, normal, free) in enumerate(zip(pushes.tolist(), normals.tolist(),
                                                       lifted.tolist(), strict=True)):
        if free:
            force = 0.0
        else:
            level = mu * normal
            force = karnopp_float(v, horizontal, level, level, 0.0, dv)
        xs[k], vs[k], forces[k] = x, v, force
        v += dt * (horizontal + force) / moving_mass
        x += dt * v
    per_turn = (xs[-1] - xs[steps]) / (revolutions - 1) if revolutions > 1 else (
        xs[-1] - xs[0])
    return SimulationResult(
        t=np.arange(n + 1) * dt,
        columns={"x": xs, "v": vs, "normal": normals, "friction": forces,
                 "phase": phases},
        message=f"{n} fixed steps of {dt:.3g} s",
        details={"drift_per_revolution": float(per_turn), "lifts_off": lifts_off})
