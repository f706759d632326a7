"""robodyn: the simulation package of the course book "Robot dynamics, hands-on".

Physics at the top, machinery and per-chapter content in parallel subpackages:

- core numerics (no matplotlib): :mod:`~robodyn.errors`, :mod:`~robodyn.params` (checked
  parameter dataclasses), :mod:`~robodyn.rotations`, :mod:`~robodyn.integrate` (fixed steps,
  ``solve_ivp`` and the one result type of every simulation), :mod:`~robodyn.mechanics`
  (constrained Lagrange models);
- one module per subject: :mod:`~robodyn.arm` and :mod:`~robodyn.lagrange` (planar arms,
  Newton-Euler and Lagrange), :mod:`~robodyn.control` (PD + gravity and computed torque),
  :mod:`~robodyn.arm_identification` (the arm's regressor and its parameters identified),
  :mod:`~robodyn.friction` and :mod:`~robodyn.lugre` (dynamic friction),
  :mod:`~robodyn.contact` (penalty contact, Hertz, Hunt-Crossley),
  :mod:`~robodyn.timestepping` (rigid contact by impulses, a complementarity problem per
  step), :mod:`~robodyn.diffdrive`,
  :mod:`~robodyn.waypoints`, :mod:`~robodyn.odometry` (encoder dead reckoning) and
  :mod:`~robodyn.tracking` (Kanayama's controller),
  :mod:`~robodyn.stickslip` and :mod:`~robodyn.pivot` (the vibration-motor robot, and why it
  pivots about a leg), :mod:`~robodyn.egg` (the egg-shaped robot), :mod:`~robodyn.vacuum`,
  :mod:`~robodyn.vacuum_limits` (what stops a climb) and :mod:`~robodyn.vacuum_course` (the
  vacuum robot), with
  MuJoCo as a second engine in :mod:`~robodyn.egg_mujoco` and :mod:`~robodyn.vacuum_mujoco`
  (their shared helpers in :mod:`~robodyn.mjcf`);
  :mod:`~robodyn.sweeps` sizes the chapters' heavy sweeps (smaller under test);
- :mod:`robodyn.plotting`: interactive figures and offline animations (machinery);
- :mod:`robodyn.figures`: one module per chapter, its widgets and drawings;
- :mod:`robodyn.grading`: the check machinery and the class grading run;
  :mod:`robodyn.checks`: one module per chapter, its exercises' cases, references and typical
  mistakes;
- :mod:`robodyn.tools`: command-line tools of the repository (exercisegen, installcell,
  nblint, checknb, grade, bookbuild, release, newchapter).

Functions take and return SI units and radians.
"""

from robodyn.errors import ParameterError, ParameterTypeError, RobodynError, SimulationError

__all__ = ["ParameterError", "ParameterTypeError", "RobodynError", "SimulationError"]
__version__ = "0.1.0"
