"""Checks of parameters and inputs, shared by every model of the book.

Each check raises :class:`robodyn.errors.ParameterError` with a message that names the
parameter, the value it got and what is allowed, for example
``track_width must be > 0 m, got -0.2``.

>>> check_positive("track_width", 0.25, "m")
0.25
>>> check_positive("track_width", -0.2, "m")
Traceback (most recent call last):
...
robodyn.errors.ParameterError: track_width must be > 0 m, got -0.2
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from robodyn.errors import ParameterError


def _unit_text(unit: str) -> str:
    return f" {unit}" if unit else ""


def check_finite_scalar(name: str, value, unit: str = "") -> float:
    """Return ``value`` as a float; raise if it is not a finite real number."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ParameterError(
            f"{name} must be a real number{_unit_text(unit)}, got {value!r} "
            f"of type {type(value).__name__}"
        )
    number = float(value)
    if not math.isfinite(number):
        raise ParameterError(f"{name} must be finite{_unit_text(unit)}, got {number}")
    return number


def check_positive(name: str, value, unit: str = "") -> float:
    """Return ``value`` as a float; raise unless it is finite and > 0."""
    number = check_finite_scalar(name, value, unit)
    if number <= 0.0:
        raise ParameterError(f"{name} must be > 0{_unit_text(unit)}, got {number:g}")
    return number


def check_non_negative(name: str, value, unit: str = "") -> float:
    """Return ``value`` as a float; raise unless it is finite and >= 0."""
    number = check_finite_scalar(name, value, unit)
    if number < 0.0:
        raise ParameterError(f"{name} must be >= 0{_unit_text(unit)}, got {number:g}")
    return number


def check_in_range(name: str, value, low: float, high: float, unit: str = "") -> float:
    """Return ``value`` as a float; raise unless low <= value <= high."""
    number = check_finite_scalar(name, value, unit)
    if not low <= number <= high:
        raise ParameterError(
            f"{name} must be between {low:g} and {high:g}{_unit_text(unit)}, got {number:g}"
        )
    return number


def check_array(name: str, value, shape: Sequence[int | None] | None = None) -> np.ndarray:
    """Return ``value`` as a float array; raise on NaN, inf, non-numbers or a wrong shape.

    ``shape`` lists the required length of each axis, ``None`` for any length;
    ``shape=None`` accepts any shape.
    """
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as error:
        raise ParameterError(f"{name} must be an array of real numbers, got {value!r}") from error
    if shape is not None:
        wanted = "(" + ", ".join("any" if n is None else str(n) for n in shape) + ")"
        if array.ndim != len(shape) or any(
            n is not None and n != size for n, size in zip(shape, array.shape, strict=True)
        ):
            raise ParameterError(f"{name} must have shape {wanted}, got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        raise ParameterError(f"{name} must contain only finite numbers, got {array!r}")
    return array


def check_choice(name: str, value, allowed: Sequence[str]) -> str:
    """Return ``value``; raise unless it is one of ``allowed``."""
    if value not in allowed:
        options = ", ".join(repr(option) for option in allowed)
        raise ParameterError(f"{name} must be one of {options}, got {value!r}")
    return value
