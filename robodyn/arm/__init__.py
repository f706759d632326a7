r"""Planar serial arms of n revolute links: Newton-Euler and Lagrange dynamics.

Conventions, as in the 2-link arm of the dynamics tutorial ("Robotics & Automation Series,
Part 5"): the arm moves in the vertical x-y plane, gravity points along -y; joint 1 sits at the
origin; ``q[0]`` is the ABSOLUTE angle of link 1, counter-clockwise from the horizontal x axis,
and ``q[i]`` (i >= 1) the RELATIVE angle of link i+1 to link i. The absolute angle of link i is
:math:`arphi_i = q_1 + \dots + q_i`. Each link's centre of mass lies on its axis, a distance
``com_fraction * length`` from its joint. Torques ``tau[i]`` act at joint i, counter-clockwise
positive (on link i, with the reaction on link i-1).

The equations of motion in matrix form are

.. math:: 	au = M(q)\,\ddot q + C(q, \dot q)\,\dot q + G(q),

computed here along three independent routes that the book and the tests compare:
:meth:`PlanarArm.inverse_dynamics` by the recursive Newton-Euler algorithm (two passes along
the chain), :meth:`PlanarArm.mass_matrix` by the composite-rigid-body algorithm (checked against the
Jacobians of the centres of mass), :meth:`PlanarArm.gravity_torque` from those Jacobians,
and :mod:`robodyn.arm.lagrange` symbolically with sympy.

Arrays of states broadcast: ``q`` of shape (n,) or (n, ...) gives results of shape (n,) or
(n, ...) for the vector quantities (torques, gravity).
"""

from robodyn.arm.planar_arm import PlanarArm, structure_residuals
from robodyn.arm.sizing import (
    SizingMove,
    geared_mass_matrix,
    mass_matrix_eigenvalue_range,
    motor_torques,
    point_to_point_torques,
    reflected_inertia,
    rms_and_peak,
    trapezoidal_profile,
    worst_case_gravity,
)
from robodyn.arm.stepping import explicit_euler_step, symplectic_euler_step

__all__ = [
    "PlanarArm",
    "SizingMove",
    "explicit_euler_step",
    "geared_mass_matrix",
    "mass_matrix_eigenvalue_range",
    "motor_torques",
    "point_to_point_torques",
    "reflected_inertia",
    "rms_and_peak",
    "structure_residuals",
    "symplectic_euler_step",
    "trapezoidal_profile",
    "worst_case_gravity",
]
