"""The vacuum robot's side view: its parameters."""

from __future__ import annotations

import math
from dataclasses import dataclass

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    field_of,
    quantity,
)
from robodyn.sources.thesis_robot import ThesisRobot

#: The thesis's three suspension variants.
SUSPENSIONS = ("leading", "trailing", "telescopic")


@dataclass(frozen=True)
class VacuumParams(Parameters):
    """The vacuum robot of the thesis, seen from the side; the two drive units lumped into one.

    Each field says where its value comes from (``source``, shown in the chapter's table):
    a few numbers stated or measured by the thesis (Kaiserslautern 2022), the values it shares
    with chapter 4 (declared once, in :class:`~robodyn.diffdrive.DiffDriveParams` and
    :class:`~robodyn.diffdrive.waypoints.FollowerSettings`), the
    many the book assumes (the thesis does not give them; the chapter tests how much the
    results depend on them) and two fitted to the real robot's 19 mm step. Lengths of the
    side view are measured from the drive axle at rest, which sits under the middle of the
    body; :func:`robot_cog_behind` gives the whole robot's centre of gravity.

    Raises
    ------
    ParameterError
        If a field is out of its range, ``mu_k > mu_s``, the centre of gravity does not lie
        between axle and caster, the drive units weigh as much as the robot, or the track is
        not narrower than the body.
    """

    body_length: float = field_of(ThesisRobot, "body_length")
    body_width: float = field_of(ThesisRobot, "body_width")
    body_height: float = field_of(ThesisRobot, "body_height")
    spring_rate: float = quantity(470.0, "N/m", above=0.0, source="stated",
                                  note="the spring of one drive unit, from the thesis")
    spring_free_length: float = quantity(
        0.05, "m", above=0.0, source="stated",
        note="from the thesis; not used: the preload is solved from the statics")
    wheel_mass: float = field_of(ThesisRobot, "wheel_mass")
    mu_s: float = field_of(ThesisRobot, "mu_s")
    mu_k: float = quantity(
        1.06, "", above=0.0, source="fitted",
        note="2 % below mu_s, fitted with wheel_radius to the real robot's 19 mm (the thesis "
             "sets it below mu_s without a number)")
    fillet: float = quantity(0.003, "m", at_least=0.0, source="stated",
                             note="radius of the step's rounded edge, as in the test standard")
    drive_speed: float = field_of(ThesisRobot, "drive_speed")
    mass: float = field_of(ThesisRobot, "mass")
    motor_mass: float = quantity(
        0.15, "kg", above=0.0, source="assumed",
        note="motor and gear of one drive unit, on the arm: at the wheel's centre")
    cog_behind: float = quantity(
        0.05, "m", source="assumed",
        note="the chassis's centre of gravity (without the drive units) behind the axle: "
             "the caster then carries about a third of the weight and the front rides up")
    cog_height: float = quantity(
        0.04, "m", above=0.0, source="assumed",
        note="the chassis's centre of gravity above the floor; with cog_behind larger than "
             "it times mu, locked wheels do not lift the caster")
    wheel_radius: float = quantity(
        0.044, "m", above=0.0, source="fitted",
        note="fitted with mu_k to the 19 mm: an 88 mm wheel, within the 10 cm body "
             "(chapter 4 assumes 36 mm)")
    track_width: float = field_of(ThesisRobot, "track_width")
    arm_length: float = quantity(
        0.06, "m", above=0.0, source="assumed",
        note="pivot to axle; long and flat enough that a locked leading wheel does not dig "
             "in, a cos(phi) > mu (a sin(phi) + R)")
    arm_angle: float = quantity(math.radians(5.0), "rad", at_least=0.0, below=math.pi / 2,
                                source="assumed", note="the arm below the horizontal at rest")
    spring_lever: float = quantity(0.03, "m", above=0.0, source="assumed",
                                   note="the spring's moment arm about the pivot")
    wheel_droop: float = quantity(0.01, "m", above=0.0, source="assumed",
                                  note="how far the wheel may drop below its rest position")
    mouth_height: float = quantity(0.008, "m", at_least=0.0, source="assumed",
                                   note="the suction mouth's lower lip above the floor")
    mouth_radius: float = quantity(0.025, "m", above=0.0, source="assumed",
                                   note="the rounding of the mouth's front")
    mouth_ahead: float = quantity(0.15, "m", above=0.0, source="assumed",
                                  note="the mouth's front circle ahead of the axle")
    edge_height: float = quantity(0.025, "m", above=0.0, source="assumed",
                                  note="the body's lower front and rear edges above the floor")
    edge_radius: float = quantity(0.005, "m", above=0.0, source="assumed",
                                  note="the rounding of those edges")
    caster_behind: float = quantity(0.14, "m", above=0.0, source="assumed",
                                    note="the caster's contact behind the axle")
    caster_radius: float = quantity(0.012, "m", above=0.0, source="assumed",
                                    note="the caster wheel")
    caster_mu: float = quantity(0.05, "", at_least=0.0, source="assumed",
                                note="a rolling caster: its resistance as a small friction")
    body_mu: float = quantity(0.3, "", at_least=0.0, source="assumed",
                              note="friction of the plastic mouth and edges on the step")
    torque_limit: float = quantity(0.6, "N m", above=0.0, source="assumed",
                                   note="per wheel motor (chapter 4 assumes 0.5 N m)")
    drive_gain: float = quantity(
        0.5, "N m s/rad", above=0.0, source="assumed",
        note="the side view's speed control, both motors' torque per rad/s of the motors' "
             "rate error (chapter 4's top view has a per-wheel speed_gain)")
    short_circuit_damping: float = quantity(
        0.067, "N m s/rad", above=0.0, source="assumed",
        note="k^2 / R_a per motor: a 14.4 V gear motor of 15 rad/s no-load speed and 1 N m "
             "stall torque (k = 0.96 V s/rad at the wheel, R_a = 13.8 ohm)")
    g: float = field_of(ThesisRobot, "g")

    def __post_init__(self):
        super().__post_init__()
        if self.mu_k > self.mu_s:
            raise ParameterError(f"mu_k = {self.mu_k:g} must not exceed mu_s = {self.mu_s:g}")
        if not 0.0 < self.cog_behind < self.caster_behind:
            raise ParameterError(f"cog_behind = {self.cog_behind:g} m must lie between the "
                                 f"axle (0) and the caster ({self.caster_behind:g} m behind "
                                 "it), or the robot tips over")
        if self.drive_unit_mass >= self.mass:
            raise ParameterError(f"the drive units' mass 2 (wheel_mass + motor_mass) = "
                                 f"{self.drive_unit_mass:g} kg must be less than the robot's "
                                 f"mass = {self.mass:g} kg")
        if self.track_width >= self.body_width:
            raise ParameterError(f"track_width must be < body_width = {self.body_width:g} m "
                                 f"(the wheels sit under the body), got {self.track_width:g}")

    @property
    def drive_unit_mass(self) -> float:
        """Mass of the two drive units, kg: 2 (wheel_mass + motor_mass), at the wheels'
        centre (their arms massless)."""
        return 2.0 * (self.wheel_mass + self.motor_mass)


def robot_cog_behind(params: VacuumParams) -> float:
    """How far the whole robot's centre of gravity lies behind the axle, m: ``cog_behind``
    places the chassis's, without the drive units, which sit at the axle (their mass
    :attr:`VacuumParams.drive_unit_mass`)."""
    return (params.mass - params.drive_unit_mass) * params.cog_behind / params.mass
