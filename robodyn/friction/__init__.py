r"""Friction: models of the force against sliding, stick-slip, and identification by least squares.

**Sign convention.** Every model returns the friction force (or torque) that acts ON the moving
body, and it opposes the velocity: negative for v > 0, positive for v < 0. A motor that holds a
constant speed must supply the opposite, :math:`-F(v)`. (The dynamics tutorial's functions
return that supplied torque, with the sign of the velocity.)

Models, vectorised over the velocity v (m/s, or rad/s for a joint; forces in N, or N m):

- :func:`coulomb`: :math:`F = -F_c\,\mathrm{sign}(v)`;
- :func:`viscous`: :math:`F = -b\,v`;
- :func:`coulomb_viscous`: the sum;
- :func:`stribeck`: :math:`F = -ig(F_c + (F_s - F_c)\,e^{-|v/v_s|^\delta}ig)\,\mathrm{sign}(v)
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

from robodyn.core.fitting import FrictionFit, linear_least_squares, parameter_intervals
from robodyn.friction.block import (
    BLOCK_MODELS,
    SlidingBlock,
    StickSlipCycle,
    simulate_block,
    stick_slip_cycle,
)
from robodyn.friction.identification import fit_coulomb_viscous, fit_stribeck
from robodyn.friction.speed_control import hold_speed, speed_sweep
from robodyn.friction.tilt import (
    TiltMeasurement,
    incline_grip_needed,
    mu_from_tilt,
    synthetic_slip_angles,
)
from robodyn.laws.friction import (
    blended_coefficient,
    coulomb,
    coulomb_viscous,
    karnopp,
    stribeck,
    viscous,
)
from robodyn.sources.tilting_board import TiltBoardTest

__all__ = [
    "BLOCK_MODELS",
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
    "incline_grip_needed",
    "karnopp",
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
