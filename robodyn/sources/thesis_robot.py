"""The vacuum-robot thesis's reference robot: the values chapters 3, 4 and 7 share.

The thesis (Kaiserslautern, 2022) states the robot's envelope and forward speed and measured
its drive wheel's mass and static friction on wood; the book assumes the rest, typical of
commercial vacuum robots of that size. Each value is declared here once, with its unit, range
and origin; the chapters' parameter classes take theirs with
:func:`robodyn.core.params.field_of`.
"""

from __future__ import annotations

from dataclasses import dataclass

from robodyn.core.params import STANDARD_GRAVITY, Parameters, quantity


@dataclass(frozen=True)
class ThesisRobot(Parameters):
    """The thesis's D-shaped vacuum robot, as measured, stated or assumed.

    Examples
    --------
    >>> robot = ThesisRobot()
    >>> robot.by_source()["measured"]
    ['wheel_mass', 'mu_s']
    >>> print(robot.drive_speed, robot.body_width)
    0.3 0.35
    """

    wheel_radius: float = quantity(
        0.036, "m", above=0.0, source="assumed",
        note="a 72 mm wheel, usual for robots of this class; it fits the 10 cm body_height")
    track_width: float = quantity(
        0.235, "m", above=0.0, source="assumed",
        note="the wheels inside the 35 cm body_width, with room for the wheel wells")
    mass: float = quantity(
        3.5, "kg", above=0.0, source="assumed",
        note="vacuum robots of this size weigh 3 to 4 kg; the thesis gives no mass")
    wheel_mass: float = quantity(
        0.0608, "kg", above=0.0, source="measured",
        note="one drive wheel, weighed for the thesis's friction test on a tilting board")
    mu_s: float = quantity(
        1.08, "", above=0.0, source="measured",
        note="drive wheel on wood: the thesis's 15 tilting-board trials give 1.01 to 1.15 "
             "(its summary prints 1.16, see the errata); the middle of that range")
    g: float = quantity(STANDARD_GRAVITY, "m/s^2", above=0.0, source="standard",
                        note="standard gravity, rounded")
    body_length: float = quantity(
        0.36, "m", above=0.0, source="stated",
        note="the thesis's envelope of its D-shaped robot, 36 x 35 x 10 cm (that 36 cm is the "
             "length is the book's reading)")
    body_width: float = quantity(0.35, "m", above=0.0, source="stated",
                                 note="the thesis's envelope, 36 x 35 x 10 cm")
    body_height: float = quantity(0.10, "m", above=0.0, source="stated",
                                  note="the thesis's envelope, 36 x 35 x 10 cm")
    drive_speed: float = quantity(0.3, "m/s", above=0.0, source="stated",
                                  note="the thesis's forward speed for following waypoints")
