"""The sources' robots and rigs: each measured or stated value declared once, with its unit,
range and origin, for every chapter that uses it.

- :class:`~robodyn.sources.thesis_robot.ThesisRobot`: the vacuum-robot thesis's reference
  robot (chapters 3, 4 and 7);
- :class:`~robodyn.sources.tilting_board.TiltBoardTest`: the thesis's tilting-board
  measurement of its drive wheel's static friction (chapters 2 and 3).
"""

from robodyn.sources.thesis_robot import ThesisRobot
from robodyn.sources.tilting_board import TiltBoardTest

__all__ = ["ThesisRobot", "TiltBoardTest"]
