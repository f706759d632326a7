"""robodyn: the simulation package of the course book "Robot dynamics, hands-on".

One module per subject (``diffdrive`` so far) on a small shared core: ``integrate``,
``params``, ``rotations``, ``plotting`` and ``grading``. Functions take and return SI units
and radians.
"""

from robodyn.errors import ParameterError, RobodynError, SimulationError

__all__ = ["ParameterError", "RobodynError", "SimulationError"]
__version__ = "0.1.0"
