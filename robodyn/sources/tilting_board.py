"""The tilting-board measurement of the vacuum-robot thesis."""

from __future__ import annotations

from dataclasses import dataclass

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    field_of,
    quantity,
)
from robodyn.sources.thesis_robot import ThesisRobot


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

    wheel_mass: float = field_of(ThesisRobot, "wheel_mass")
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
