"""Differential-drive robot: kinematics, Lagrange dynamics and a simulated waypoint course.

Two driven wheels of radius R sit on one axle, a track width L apart; the robot cannot slide
sideways and each wheel rolls without slip. Sources: the vacuum-robot master's thesis
(Kaiserslautern, 2022; kinematics, inverse kinematics, Lagrange model) and the tutorial
"Robotics & Automation Series, Part 5: Dynamics & Robot Modeling" (differential-drive
simulation). The waypoint follower that :func:`simulate` drives is in
:mod:`robodyn.diffdrive.waypoints`; the reduction of the constrained Lagrange model uses
:mod:`robodyn.core.mechanics`.

Conventions
-----------
- SI units and radians.
- The pose ``(x, y, theta)`` is that of the AXLE MIDPOINT in the world frame; ``theta`` is
  measured from the world x axis, counter-clockwise positive. Pose arrays carry the three
  entries on the FIRST axis, shape (3,) or (3, N), so ``x, y, theta = pose`` works.
- ``v`` is the forward speed of the axle midpoint along the heading, m/s; ``omega`` the yaw
  rate, rad/s; positive ``omega`` turns left.
- Wheel speeds ``phi_dot_r``, ``phi_dot_l`` are in rad/s, positive when the wheel drives the
  robot forward. Torques ``tau_r``, ``tau_l`` in N m, positive forward.
- Functions of states broadcast over NumPy arrays; scalars in give scalars (or 0-d arrays)
  out. NaN in a state propagates; parameters are checked. A non-number raises
  ParameterTypeError; inputs whose shapes do not broadcast raise ParameterError naming both.

>>> p = DiffDriveParams()
>>> v, omega = forward_kinematics(8.0, 8.0, p.wheel_radius, p.track_width)
>>> print(f"{float(v):.3f} m/s, {float(omega):.1f} rad/s")
0.288 m/s, 0.0 rad/s
"""

from robodyn.diffdrive.dynamics import (
    LagrangeModel,
    body_acceleration,
    dynamic_rhs,
    kinetic_energy,
    lagrange_model,
    null_space_matrix,
    reduced_model,
    traction_demand,
    wheel_torques,
)
from robodyn.diffdrive.kinematics import (
    euler_pose_step,
    forward_kinematics,
    instantaneous_centre,
    integrate_pose,
    inverse_kinematics,
    pose_rate,
    saturate_wheel_speeds,
    turning_radius,
)
from robodyn.diffdrive.params import DiffDriveParams
from robodyn.diffdrive.rolling import straight_run_with_rolling_resistance
from robodyn.diffdrive.simulation import MODELS, simulate

__all__ = [
    "DiffDriveParams",
    "LagrangeModel",
    "MODELS",
    "body_acceleration",
    "dynamic_rhs",
    "euler_pose_step",
    "forward_kinematics",
    "instantaneous_centre",
    "integrate_pose",
    "inverse_kinematics",
    "kinetic_energy",
    "lagrange_model",
    "null_space_matrix",
    "pose_rate",
    "reduced_model",
    "saturate_wheel_speeds",
    "simulate",
    "straight_run_with_rolling_resistance",
    "traction_demand",
    "turning_radius",
    "wheel_torques",
]
