"""Exceptions of the robodyn package.

Every error the package raises on purpose derives from :class:`RobodynError`, so a caller can
catch all of them at once. Bad input raises :class:`ParameterError`, which is also a
``ValueError``; a simulation that cannot go on raises :class:`SimulationError`.
"""


class RobodynError(Exception):
    """Base class of all errors raised on purpose by robodyn."""


class ParameterError(RobodynError, ValueError):
    """A parameter or input has a value, type or shape that the model does not allow."""


class SimulationError(RobodynError, RuntimeError):
    """A simulation failed: the state blew up, or the solver did not converge."""
