r"""The stick-slip omnidirectional drive of the Droplet swarm robot, and its auto-calibration.

A vibration motor walks a platform by friction: its spinning eccentric mass pushes the
platform back and forth and, at the same time, lightens and loads it, so the floor holds it
more in one half of the turn than in the other (:func:`simulate_vibration_motor`). Its steady
drift is measured once the start-up has died away (:func:`steady_drift`); while the platform
slides all the time, the averaged force balance gives it without the friction coefficient
(:func:`small_friction_drift`, :func:`sliding_cycle`, :func:`first_stick_mu`). The Droplet
of Klingner et al. (2014) carries three such motors opposite its three legs; each motor makes
the robot pivot about the leg opposite it, and sequences of pivots approximate any planar
motion (:func:`forward_kinematics`, :func:`inverse_kinematics`, :func:`walk`). Its cheap motors
differ in strength and some spin the wrong way, so every robot is calibrated: spin in place
with the three timing offsets found by Nelder-Mead so that the fitted circle of the centre's
path is smallest (:func:`fit_circle`, :func:`calibrate_spin`), then a bisection on the reverse
offsets for straight walking (:func:`calibrate_straight`).

**Conventions, as in the source.** The robot frame has x orthogonal to the thrust of motor 1,
y along it, and z pointing *down* into the floor; angles are positive clockwise seen from
above. In x-y coordinates the algebra is the ordinary right-handed one (a positive angle turns
x towards y); it is only the picture that is mirrored. The book's figures of the Droplet
therefore draw the floor as the source's overhead camera sees it: x to the right, y
*downwards*. Motor i sits at the angle :math:`eta_i = 0°, 120°, 240°` on a circle of radius
:math:`\ell` = 15.1 mm, its leg opposite it at :math:`eta_i + 180°`; a positive
:math:`\dot	heta_i` pivots the robot about leg i so that its centre moves along
:math:`eta_i + 90° = 90°, 210°, 330° (= -30°)`, the thrust of motor i.

Pivot timing (the source's): a step switches one motor on for :math:`t_{on} + 	au` (30 ms plus
an offset :math:`	au` in integer units of 1/32 ms) and then all motors off for
:math:`t_{off}` = 10 ms.
"""

from robodyn.stickslip.calibration import (
    SpinCalibration,
    StraightCalibration,
    calibrate_spin,
    calibrate_straight,
    calibration_cost,
    measure_spin,
    straight_walk,
)
from robodyn.stickslip.drift import (
    SlidingCycle,
    first_stick_mu,
    relaxation_time,
    sliding_cycle,
    small_friction_drift,
    steady_drift,
)
from robodyn.stickslip.fitting import CircleFit, NelderMeadStep, fit_circle, nelder_mead_steps
from robodyn.stickslip.kinematics import DropletGeometry, forward_kinematics, inverse_kinematics
from robodyn.stickslip.motor import G, VibrationMotor, simulate_vibration_motor
from robodyn.stickslip.robot import (
    ROUNDINGS,
    T_OFF_MS,
    T_ON_MS,
    TAU_UNIT_MS,
    DropletRobot,
    heading_budget,
    make_robot,
    pivot_counts,
    pivot_pose,
    pivot_sequence,
    square_commands,
    tau_column,
    taus_table,
    triangle_commands,
    walk,
)

__all__ = [
    "T_OFF_MS",
    "T_ON_MS",
    "TAU_UNIT_MS",
    "CircleFit",
    "DropletGeometry",
    "DropletRobot",
    "G",
    "NelderMeadStep",
    "ROUNDINGS",
    "SlidingCycle",
    "SpinCalibration",
    "StraightCalibration",
    "VibrationMotor",
    "calibrate_spin",
    "calibrate_straight",
    "calibration_cost",
    "first_stick_mu",
    "fit_circle",
    "forward_kinematics",
    "heading_budget",
    "inverse_kinematics",
    "make_robot",
    "measure_spin",
    "nelder_mead_steps",
    "pivot_counts",
    "pivot_pose",
    "pivot_sequence",
    "relaxation_time",
    "simulate_vibration_motor",
    "sliding_cycle",
    "small_friction_drift",
    "square_commands",
    "steady_drift",
    "straight_walk",
    "tau_column",
    "taus_table",
    "triangle_commands",
    "walk",
]
