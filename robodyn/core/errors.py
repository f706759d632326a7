"""Exceptions of the robodyn package.

Every error the package raises on purpose derives from :class:`RobodynError`, so a caller can
catch all of them at once.

- Bad input raises :class:`ParameterError`, which is also a ``ValueError``: a value out of its
  range, NaN where a parameter must be finite, an array of the wrong shape, an unknown option.
- Input that is not a number at all (``None``, a string, a complex number) raises
  :class:`ParameterTypeError`, a ``ParameterError`` that is also a ``TypeError``.
- A simulation that cannot go on raises :class:`SimulationError`.
"""


class RobodynError(Exception):
    """Base class of all errors raised on purpose by robodyn."""


class ParameterError(RobodynError, ValueError):
    """A parameter or input has a value, shape or option that the model does not allow."""


class ParameterTypeError(ParameterError, TypeError):
    """A parameter or input is not of a type the model accepts (a string for a number, say)."""


class SimulationError(RobodynError, RuntimeError):
    """A simulation failed: the state blew up, or the solver did not converge."""
