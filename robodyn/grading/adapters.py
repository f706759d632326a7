"""How an exercise calls an answer: a plain function, an object to step, a result object.

An exercise's answer is whatever the student writes: usually a function, sometimes a class
to instantiate and step (a controller, a state machine) or a function that returns a result
object. One adapter in the exercise record says how to call it; the reference, the typical
mistakes and the student's answer all go through the same adapter, so they are compared on
equal terms.

Every adapter has

- ``call(answer, args)``: run the answer on one case's arguments and return its raw result;
- ``show(function_name, argument_names, args)``: that call as text, for the feedback;
- ``wrap(answer, transform)``: an answer of the same kind whose every raw result passes
  through ``transform(raw, call_args)`` (the shared test over every exercise uses it to make
  answers that return None, NaN or a wrong shape, or change their input).
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["CallFunction", "ReadAttributes", "StepObject", "format_value"]


def format_number(value) -> str:
    """A number exactly if that is short, else with 12 significant digits; -0.0 shows as 0.0.
    An integer shows as one, a float always as a float.

    >>> format_number(8), format_number(8.0), format_number(-2.0000000000000004)
    ('8', '8.0', '-2.0')
    """
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return str(int(value))
    number = float(value)
    if number == 0.0:
        return "0.0"
    exact = repr(number)
    if len(exact) <= 14:
        return exact
    short = f"{number:.12g}"
    return short if any(mark in short for mark in ".eni") else short + ".0"


def _format_array(array: np.ndarray, edge: int = 3) -> str:
    parts = [*array[:edge], "...", *array[-edge:]] if array.shape[0] > 2 * edge else list(array)
    if array.ndim == 1:
        items = [p if isinstance(p, str) else format_number(p) for p in parts]
    else:
        items = [p if isinstance(p, str) else _format_array(p, edge) for p in parts]
    return "[" + ", ".join(items) + "]"


def format_value(value) -> str:
    """A number, an array (shortened with '...') or any other value, on one line."""
    if isinstance(value, np.ndarray) and value.ndim > 0 and value.dtype.kind in "iufb":
        return f"array({_format_array(value.astype(float))})"
    if isinstance(value, (bool, np.bool_)):
        return repr(bool(value))
    if isinstance(value, (int, float, np.integer, np.floating)) or (
            isinstance(value, np.ndarray) and value.dtype.kind in "iuf"):
        return format_number(value)
    text = repr(value)
    return text if len(text) <= 300 else text[:297] + "..."


def _show_arguments(argument_names: Sequence[str], args: Sequence) -> str:
    return ", ".join(f"{name}={format_value(value)}"
                     for name, value in zip(argument_names, args, strict=True))


@dataclass(frozen=True)
class CallFunction:
    """The answer is a function: ``answer(*args)``."""

    def call(self, answer, args):
        return answer(*args)

    def show(self, function_name, argument_names, args) -> str:
        return f"{function_name}({_show_arguments(argument_names, args)})"

    def n_arguments(self, argument_names) -> int:
        return len(argument_names)

    def wrap(self, answer, transform):
        @functools.wraps(answer)
        def wrapped(*args):
            return transform(answer(*args), args)

        return wrapped


@dataclass(frozen=True)
class ReadAttributes(CallFunction):
    """The answer is a function that returns an object: its attributes ``names`` are the outputs.

    A missing attribute gives a clear message naming it.
    """

    names: tuple[str, ...]

    def call(self, answer, args):
        result = answer(*args)
        if result is None:
            return None
        missing = [name for name in self.names if not hasattr(result, name)]
        if missing:
            raise MissingAttribute(
                f"the object your function returned ({type(result).__name__}) has no "
                f"attribute {missing[0]!r}; it must have {', '.join(self.names)}"
            )
        return tuple(getattr(result, name) for name in self.names)

    def wrap(self, answer, transform):
        names = self.names

        @functools.wraps(answer)
        def wrapped(*args):
            result = answer(*args)
            changed = transform(tuple(getattr(result, name) for name in names), args)
            if changed is None:
                return None
            values = changed if isinstance(changed, tuple) and len(changed) == len(names) \
                else (changed,)
            return types.SimpleNamespace(**dict(zip(names, values, strict=True)))

        return wrapped


class MissingAttribute(Exception):
    """Raised by :class:`ReadAttributes`; reported as a structural problem, not an error."""


@dataclass(frozen=True)
class StepObject:
    """The answer is a class: ``obj = answer(*init_args)``, then ``obj.<method>(*step)``.

    A case's arguments are the constructor's arguments followed by one last argument, the
    list of steps (each a tuple of the method's arguments). The outputs of the steps are
    stacked: an output of shape S becomes an array of shape (number of steps, *S).

    Parameters
    ----------
    method : str
        Name of the method called at every step.
    step_arguments : tuple of str
        Names of the method's arguments, for the feedback.
    """

    method: str
    step_arguments: tuple[str, ...] = ()

    def call(self, answer, args):
        *init_args, steps = args
        obj = answer(*init_args)
        step = getattr(obj, self.method, None)
        if not callable(step):
            raise MissingAttribute(
                f"the object made by {getattr(answer, '__name__', 'your class')}(...) has no "
                f"method {self.method!r}"
            )
        results = [step(*arguments) for arguments in steps]
        return StepResults(results)

    def show(self, function_name, argument_names, args) -> str:
        *init_args, steps = args
        text = f"{function_name}({_show_arguments(argument_names, init_args)})"
        shown = ", ".join(f"({_show_arguments(self.step_arguments, s)})" for s in steps[:3])
        more = f", ... ({len(steps)} steps)" if len(steps) > 3 else ""
        return f"{text}, then .{self.method}(...) on {shown}{more}"

    def n_arguments(self, argument_names) -> int:
        return len(argument_names) + 1

    def wrap(self, answer, transform):
        method = self.method

        class Wrapped:
            def __init__(self, *args):
                self._inner = answer(*args)

            def __getattr__(self, name):
                return getattr(self._inner, name)

        def step(self, *args):
            return transform(getattr(self._inner, method)(*args), args)

        setattr(Wrapped, method, step)
        Wrapped.__name__ = getattr(answer, "__name__", "Wrapped")
        return Wrapped


class StepResults(list):
    """The per-step raw results of a :class:`StepObject` call, to be normalised per step."""


#: The type of an adapter's ``transform`` argument, for the docs.
Transform = Callable[[object, tuple], object]
