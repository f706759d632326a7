"""Checks of the exercise answers, with feedback a student can act on.

After each exercise a check cell calls :func:`check` with the exercise's id and the student's
function. The check calls the function on fixed inputs, on random inputs drawn with a fixed seed,
and on NumPy arrays, and compares every result with the reference solution as
:func:`numpy.allclose` does, within ``rtol`` and ``atol``. The exercises themselves (inputs,
reference, typical mistakes) live in one module per chapter, listed in :data:`CHECK_MODULES`
(``robodyn.diffdrive_checks`` so far).

- Success prints one line.
- A wrong result raises :class:`CheckFailed` (an ``AssertionError``). Its message shows the call,
  the expected and the returned values and the tolerance; when the wrong values are exactly what a
  typical mistake gives on the same inputs, it names that mistake and gives a hint.
- A function that still raises ``NotImplementedError`` raises :class:`NotAttempted`.

The first line of every message is a one-line summary: ``make check`` shows only that line.

>>> def forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width):
...     v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
...     omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
...     return v, omega
>>> check("diffdrive.forward_kinematics", forward_kinematics)
PASSED diffdrive.forward_kinematics: 12 cases (fixed, seeded random, arrays)
within rtol=1e-09, atol=1e-12
>>> def swapped_wheels(phi_dot_r, phi_dot_l, wheel_radius, track_width):
...     return forward_kinematics(phi_dot_l, phi_dot_r, wheel_radius, track_width)
>>> check("diffdrive.forward_kinematics", swapped_wheels)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
robodyn.grading.CheckFailed: diffdrive.forward_kinematics: wrong result — looks like
the wheels are swapped (omega has the wrong sign)
...
"""

from __future__ import annotations

import copy
import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from robodyn.errors import ParameterError
from robodyn.params import check_non_negative
from robodyn.rotations import wrap_angle

__all__ = [
    "ATOL",
    "CHECK_MODULES",
    "MISTAKE_ATOL",
    "MISTAKE_RTOL",
    "RTOL",
    "SEED",
    "CheckFailed",
    "Exercise",
    "NotAttempted",
    "check",
    "description",
    "exercise_ids",
    "get_exercise",
    "registry",
    "rounded_uniform",
]

#: Relative tolerance of the comparison with the reference (dimensionless).
RTOL = 1e-9
#: Absolute tolerance of the comparison with the reference, in the unit of each output.
ATOL = 1e-12
#: Relative tolerance for recognising a typical mistake: the student's wrong values must agree
#: this closely with what the mistake gives. Looser than RTOL, because the same wrong formula
#: written in another order rounds differently; the mistakes differ from each other by far more.
MISTAKE_RTOL = 1e-6
#: Absolute tolerance for recognising a typical mistake, in the unit of each output.
MISTAKE_ATOL = 1e-9
#: Seed of the random generator that draws the random test inputs.
SEED = 2024

_CASE_KINDS = ("fixed", "seeded random", "arrays")


class CheckFailed(AssertionError):
    """An exercise answer gave a wrong result, raised an error, or is not a usable function.

    The first line of the message is a one-line summary; the lines below say what was called,
    what was expected, what came back, the tolerance and, where recognised, the mistake.
    """


class NotAttempted(CheckFailed):
    """The answer still raises ``NotImplementedError``: the exercise was not attempted yet."""


@dataclass(frozen=True)
class Output:
    """One value an exercise function returns.

    Attributes
    ----------
    name : str
        Name shown in messages, e.g. ``"omega"``.
    entries : tuple of str
        Names of the entries along the first axis, e.g. ``("x", "y", "theta")`` for a pose;
        empty for an output without named entries.
    angle_entries : tuple of int
        Indices of the entries that are angles, compared modulo 2 pi.
    """

    name: str
    entries: tuple[str, ...] = ()
    angle_entries: tuple[int, ...] = ()


@dataclass(frozen=True)
class Case:
    """One set of inputs for an exercise function.

    Attributes
    ----------
    args : tuple
        Positional arguments, in the order of the exercise's signature.
    kind : str
        ``"fixed"``, ``"seeded random"`` or ``"arrays"``.
    about : str
        What this input tests, shown when it fails (may be empty).
    hint : str
        Advice shown when this input fails and no typical mistake is recognised (may be empty).
    """

    args: tuple
    kind: str
    about: str = ""
    hint: str = ""


@dataclass(frozen=True)
class Mistake:
    """A typical mistake and the outputs it gives.

    Attributes
    ----------
    name : str
        Plain words that complete "looks like ...".
    hint : str
        What to change.
    model : callable
        Takes the exercise's arguments (as float arrays) and returns a tuple with what the
        mistake gives, one array per output.
    """

    name: str
    hint: str
    model: Callable[..., tuple]


@dataclass(frozen=True)
class Exercise:
    """An exercise: its signature, reference, test inputs and typical mistakes.

    Attributes
    ----------
    exercise_id : str
        Stable slug used in the check cells, e.g. ``"diffdrive.forward_kinematics"``.
    description : str
        One line for tables.
    function_name : str
        Name of the function the student writes, used to show the calls.
    arguments : tuple of str
        Names of its arguments, in order.
    outputs : tuple of Output
        What it returns: one output, or a pair.
    reference : callable
        Same arguments; returns a tuple with one value per output.
    make_cases : callable
        ``make_cases(rng) -> list of Case``, with ``rng`` a ``numpy.random.Generator``.
    mistakes : tuple of Mistake
        Typical mistakes, tried in this order; the first that matches is named.
    explain_error : callable or None
        ``explain_error(error, args) -> Mistake or None``: names the mistake behind an
        exception raised by the student's function, where one is known.
    """

    exercise_id: str
    description: str
    function_name: str
    arguments: tuple[str, ...]
    outputs: tuple[Output, ...]
    reference: Callable[..., tuple]
    make_cases: Callable[[np.random.Generator], list[Case]]
    mistakes: tuple[Mistake, ...] = ()
    explain_error: Callable[[Exception, tuple], Mistake | None] | None = None

    def check(self, answer, *, rtol: float = RTOL, atol: float = ATOL, seed: int = SEED) -> None:
        """Check ``answer`` against the reference; see :func:`check`."""
        __tracebackhide__ = True
        failure = _failure_of(self, answer, rtol, atol, seed)
        if failure is not None:
            raise failure  # the message below says what went wrong


# ---------------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------------


def check(
    exercise_id: str, answer, *, rtol: float = RTOL, atol: float = ATOL, seed: int = SEED
) -> None:
    """Check a student's function for the exercise ``exercise_id``; print one line if it passes.

    The function is called with positional arguments on fixed inputs, on random inputs drawn
    with ``numpy.random.default_rng(seed)``, and on NumPy arrays. Each result must satisfy
    ``|got - expected| <= atol + rtol*|expected|`` element by element (as ``np.allclose``);
    angles that the exercise leaves unwrapped are compared modulo 2 pi.

    Parameters
    ----------
    exercise_id : str
        One of :func:`exercise_ids`, e.g. ``"diffdrive.forward_kinematics"``.
    answer : callable
        The student's function.
    rtol : float, optional
        Relative tolerance (dimensionless), >= 0.
    atol : float, optional
        Absolute tolerance in the unit of each output, >= 0.
    seed : int, optional
        Seed of the random inputs.

    Raises
    ------
    NotAttempted
        If ``answer`` raises ``NotImplementedError``.
    CheckFailed
        If ``answer`` is not a function, raises another exception, returns the wrong structure
        or shape, returns NaN, changes its input arrays, or returns a wrong value.
    ParameterError
        If ``exercise_id`` is unknown or a tolerance is negative.

    Examples
    --------
    >>> def turning_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    ...     return track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)
    >>> check("diffdrive.turning_radius", turning_radius)
    PASSED diffdrive.turning_radius: 12 cases (fixed, seeded random, arrays)
    within rtol=1e-09, atol=1e-12
    """
    __tracebackhide__ = True
    check_non_negative("rtol", rtol)
    check_non_negative("atol", atol)
    failure = _failure_of(get_exercise(exercise_id), answer, rtol, atol, seed)
    if failure is not None:
        raise failure  # the message below says what went wrong


def exercise_ids() -> list[str]:
    """Return the ids of all exercises, sorted.

    >>> exercise_ids()
    ['diffdrive.forward_kinematics', 'diffdrive.heading_command', 'diffdrive.integrate_pose',
     'diffdrive.inverse_kinematics', 'diffdrive.turning_radius']
    """
    return sorted(registry())


def description(exercise_id: str) -> str:
    """Return the one-line description of an exercise.

    >>> description("diffdrive.turning_radius")
    'Signed turning radius from the two wheel speeds.'
    """
    return get_exercise(exercise_id).description


def get_exercise(exercise_id: str) -> Exercise:
    """Return the :class:`Exercise` with this id; ParameterError listing the ids if unknown."""
    exercises = registry()
    if exercise_id not in exercises:
        known = ", ".join(exercise_ids())
        raise ParameterError(f"unknown exercise id {exercise_id!r}; the known ids are: {known}")
    return exercises[exercise_id]


# ---------------------------------------------------------------------------------------------
# Running a check
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Run:
    """One call of the student's function that returned well-formed outputs."""

    case: Case
    expected: tuple[np.ndarray, ...]
    got: tuple[np.ndarray, ...]


def _failure_of(
    exercise: Exercise, answer, rtol: float, atol: float, seed: int
) -> CheckFailed | None:
    """Run all cases; return the CheckFailed of the first problem, or print the PASSED line.

    The failure is returned, not raised, and :func:`check` raises it: IPython always shows
    the frame that raises, so the traceback a student sees then holds only the check cell and
    the ``raise`` line of :func:`check`. After the first wrong value the remaining cases still
    run: their outputs are further evidence for recognising the mistake.
    """
    __tracebackhide__ = True
    if not callable(answer):
        return CheckFailed(
            f"{exercise.exercise_id}: expected a function, got {type(answer).__name__}\n\n"
            f"Pass the function itself, without calling it, for example\n"
            f'    check("{exercise.exercise_id}", {exercise.function_name})\n'
            f'not check("{exercise.exercise_id}", {exercise.function_name}(...)).'
        )
    cases = exercise.make_cases(np.random.default_rng(seed))
    runs: list[_Run] = []
    first_wrong: _Run | None = None
    for case in cases:
        expected = _outputs_of_reference(exercise, case)
        got, problem = _call_answer(exercise, answer, case, expected)
        if problem is not None:
            if first_wrong is None:
                return problem
            continue
        run = _Run(case, expected, got)
        runs.append(run)
        if first_wrong is None and not _all_close(exercise, got, expected, rtol, atol, False):
            first_wrong = run
    if first_wrong is not None:
        return CheckFailed(_wrong_result_message(exercise, first_wrong, runs, rtol, atol))
    kinds = ", ".join(kind for kind in _CASE_KINDS if any(c.kind == kind for c in cases))
    line = (
        f"PASSED {exercise.exercise_id}: {len(cases)} cases ({kinds}) "
        f"within rtol={rtol:g}, atol={atol:g}"
    )
    if _has_angles(exercise):
        line += f"; {_angle_names(exercise)} compared modulo 2 pi"
    print(line)
    return None


def _outputs_of_reference(exercise: Exercise, case: Case) -> tuple[np.ndarray, ...]:
    result = exercise.reference(*copy.deepcopy(case.args))
    return tuple(np.asarray(value, dtype=float) for value in result)


def _call_answer(exercise: Exercise, answer, case: Case, expected):
    """Call the student's function on one case.

    Returns ``(outputs, None)`` for well-formed outputs (right or wrong), else
    ``(None, problem)`` with ``problem`` the CheckFailed to raise.
    """
    __tracebackhide__ = True
    exercise_id = exercise.exercise_id
    call = _format_call(exercise, case.args)
    student_args = copy.deepcopy(case.args)
    try:
        with np.errstate(all="ignore"):
            result = answer(*student_args)
    except NotImplementedError as error:
        problem = NotAttempted(
            f"{exercise_id}: not attempted\n\n"
            f"Your function still raises NotImplementedError({_short_text(error)!r}).\n"
            f"Replace the line `raise NotImplementedError(...)` with your solution, run that "
            f"cell, then run this check again."
        )
        return None, problem
    except Exception as error:  # the student's code may raise anything
        problem = CheckFailed(_error_message(exercise, case, error))
        problem.__cause__ = error
        return None, problem

    changed = [
        name
        for name, before, after in zip(exercise.arguments, case.args, student_args, strict=True)
        if isinstance(before, np.ndarray) and not np.array_equal(before, after, equal_nan=True)
    ]
    if changed:
        names = ", ".join(changed)
        return None, CheckFailed(
            f"{exercise_id}: your function changed its input {names} in place\n\n"
            f"Called:    {call}\n\n"
            f"A NumPy array is passed by reference: `{changed[0]}[0] += ...` or "
            f"`{changed[0]}[0] = ...` changes the caller's array too, and a simulation loop "
            f"that keeps its history would see it change. Build a new array instead, for "
            f"example with `{changed[0]}.copy()` or `np.array([...])`."
        )

    outputs, trouble = _split_outputs(exercise, result)
    if trouble:
        return None, CheckFailed(f"{exercise_id}: {trouble}\n\nCalled:    {call}")
    for output, got, want in zip(exercise.outputs, outputs, expected, strict=True):
        if got.shape == want.shape:
            continue
        if case.kind == "arrays" and got.ndim < want.ndim:
            return None, CheckFailed(
                f"{exercise_id}: not vectorised — for NumPy array input, {output.name} came "
                f"back with shape {got.shape}, expected shape {want.shape}\n\n"
                f"Called:    {call}\n\n"
                f"The check also calls your function with NumPy arrays and expects one result "
                f"per element. {_VECTORISE_ADVICE}"
            )
        return None, CheckFailed(
            f"{exercise_id}: wrong shape of {output.name}: expected {_shape_text(want.shape)}, "
            f"got {_shape_text(got.shape)}\n\n"
            f"Called:    {call}\n"
            f"Expected:  {output.name} = {_format_value(want)}\n"
            f"Got:       {output.name} = {_format_value(got)}"
        )
    return outputs, None


_VECTORISE_ADVICE = (
    "Use NumPy functions, which work element by element: np.sin, np.cos, np.arctan2 "
    "instead of math.sin, math.cos, math.atan2; np.where or np.clip instead of if/else, "
    "min and max; no float() around array values."
)


def _error_message(exercise: Exercise, case: Case, error: Exception) -> str:
    """The message for an exception raised by the student's function."""
    error_text = f"{type(error).__name__}: {_short_text(error)}"
    call = _format_call(exercise, case.args)
    mistake = exercise.explain_error(error, case.args) if exercise.explain_error else None
    if mistake is not None:
        return (
            f"{exercise.exercise_id}: your function raised {type(error).__name__} — "
            f"looks like {mistake.name}\n\n"
            f"Called:    {call}\n"
            f"Error:     {error_text}\n"
            f"(The traceback above shows the line of your function that raised it.)\n\n"
            f"Looks like {mistake.name}.\n"
            f"Hint: {mistake.hint}"
        )
    if case.kind == "arrays":
        return (
            f"{exercise.exercise_id}: works on single numbers but fails on NumPy arrays "
            f"({error_text})\n\n"
            f"Called:    {call}\n"
            f"Error:     {error_text}\n"
            f"(The traceback above shows the line of your function that raised it.)\n\n"
            f"Your function gave results for single numbers, but the check also calls it "
            f"with NumPy arrays. {_VECTORISE_ADVICE}"
        )
    return (
        f"{exercise.exercise_id}: your function raised {error_text}\n\n"
        f"Called:    {call}\n"
        f"Error:     {error_text}\n"
        f"(The traceback above shows the line of your function that raised it.)"
    )


def _split_outputs(exercise: Exercise, result):
    """The return value as one float array per output, or a text saying what is wrong.

    Returns ``(outputs, "")`` or ``(None, trouble)``.
    """
    names = ", ".join(output.name for output in exercise.outputs)
    if result is None:
        return None, "your function returned None — is the `return` statement missing?"
    if len(exercise.outputs) == 1:
        parts = [result]
    else:
        what = f"a pair ({names})" if len(exercise.outputs) == 2 else f"({names})"
        if isinstance(result, (tuple, list)) or (
            isinstance(result, np.ndarray) and result.ndim >= 1
        ):
            parts = list(result)
        else:
            return None, (
                f"expected {what}, got a single {type(result).__name__}: "
                f"return all of them, as in `return {names}`"
            )
        if len(parts) != len(exercise.outputs):
            return None, (
                f"expected {what}, got a {type(result).__name__} of {len(parts)} values: "
                f"return them as in `return {names}`"
            )
    outputs = []
    for output, part in zip(exercise.outputs, parts, strict=True):
        if part is None:
            return None, f"{output.name} came back as None — is it computed and returned?"
        try:
            outputs.append(np.asarray(part, dtype=float))
        except (TypeError, ValueError):
            return None, (
                f"{output.name} came back as {type(part).__name__} {_short_text(part)!r}, "
                f"not a number or an array of numbers"
            )
    return tuple(outputs), ""


# ---------------------------------------------------------------------------------------------
# Comparing and recognising mistakes
# ---------------------------------------------------------------------------------------------


def _close(output: Output, got, expected, rtol, atol, equal_nan: bool, modulo_2pi: bool = True):
    """Element-wise ``|got - expected| <= atol + rtol*|expected|``; angle entries modulo 2 pi."""
    with np.errstate(all="ignore"):
        difference = np.array(got - expected, dtype=float)
        if modulo_2pi:
            for index in output.angle_entries:
                difference[index] = wrap_angle(difference[index])
        close = np.abs(difference) <= atol + rtol * np.abs(expected)
    close = close | (got == expected)
    if equal_nan:
        close = close | (np.isnan(got) & np.isnan(expected))
    return close


def _all_close(exercise: Exercise, got, expected, rtol, atol, equal_nan: bool) -> bool:
    return all(
        bool(np.all(_close(output, g, e, rtol, atol, equal_nan)))
        for output, g, e in zip(exercise.outputs, got, expected, strict=True)
    )


def _recognise_mistake(exercise: Exercise, runs: list[_Run]) -> Mistake | None:
    """The first mistake whose model gives the student's outputs on every case that ran."""
    for mistake in exercise.mistakes:
        if all(_mistake_gives(exercise, mistake, run) for run in runs):
            return mistake
    return None


def _mistake_gives(exercise: Exercise, mistake: Mistake, run: _Run) -> bool:
    args = tuple(np.array(arg, dtype=float) for arg in run.case.args)
    with np.errstate(all="ignore"):
        model = tuple(np.asarray(value, dtype=float) for value in mistake.model(*args))
    return _all_close(exercise, run.got, model, MISTAKE_RTOL, MISTAKE_ATOL, True)


def _wrong_result_message(exercise: Exercise, run: _Run, runs: list[_Run], rtol, atol) -> str:
    """The message for a wrong value, with the mistake named when it is recognised."""
    mistake = _recognise_mistake(exercise, runs)
    has_nan = any(
        bool(np.any(np.isnan(got) & ~np.isnan(want)))
        for got, want in zip(run.got, run.expected, strict=True)
    )
    what = run.case.about or {
        "fixed": "a fixed test input",
        "seeded random": "a seeded random input",
        "arrays": "NumPy array input",
    }[run.case.kind]
    if mistake is not None:
        summary = f"wrong result — looks like {mistake.name}"
    elif has_nan:
        summary = f"returned nan (not a number) for {what}"
    else:
        summary = f"wrong result for {what}"

    lines = [f"{exercise.exercise_id}: {summary}", ""]
    lines.append(f"Called:    {_format_call(exercise, run.case.args)}")
    if run.case.about:
        lines.append(f"This input: {run.case.about}.")
    lines.append(f"Expected:  {_format_outputs(exercise, run.expected)}")
    lines.append(f"Got:       {_format_outputs(exercise, run.got)}")
    lines.append("Wrong values:")
    lines.extend(_wrong_value_lines(exercise, run, rtol, atol))
    tolerance = (
        f"Tolerance: |got - expected| <= atol + rtol*|expected| with rtol={rtol:g}, "
        f"atol={atol:g} (as np.allclose)"
    )
    if _has_angles(exercise):
        tolerance += f"; {_angle_names(exercise)} compared modulo 2 pi"
    lines.append(tolerance)
    if any(_differs_by_whole_turns(exercise, other, rtol, atol) for other in runs):
        lines.append(
            f"Note: on some inputs your {_angle_names(exercise)} differs from the expected one "
            f"by a multiple of 2 pi. That is accepted, so wrapping is not the problem."
        )
    if has_nan and mistake is None:
        lines.append(
            "nan appears after 0/0, inf - inf or 0*inf: look for a division by a value that "
            "is zero for this input."
        )
    if mistake is not None:
        lines += ["", f"Looks like {mistake.name}.", f"Hint: {mistake.hint}"]
    elif run.case.hint:
        lines += ["", f"Hint: {run.case.hint}"]
    return "\n".join(lines)


def _wrong_value_lines(exercise: Exercise, run: _Run, rtol, atol, limit: int = 3) -> list[str]:
    """Up to ``limit`` lines ``name[index] (entry): expected ..., got ...``."""
    lines = []
    for output, got, want in zip(exercise.outputs, run.got, run.expected, strict=True):
        wrong = np.argwhere(~_close(output, got, want, rtol, atol, False))
        for index in wrong[:limit]:
            index = tuple(int(i) for i in index)
            label = output.name
            if index:
                label += "[" + ", ".join(str(i) for i in index) + "]"
                if output.entries:
                    label += f" ({output.entries[index[0]]})"
            lines.append(
                f"    {label}: expected {_format_number(want[index])}, "
                f"got {_format_number(got[index])}"
            )
        if len(wrong) > limit:
            lines.append(f"    ... and {len(wrong) - limit} more wrong values of {output.name}")
    return lines


def _differs_by_whole_turns(exercise: Exercise, run: _Run, rtol, atol) -> bool:
    """True if some angle entry differs from the expected one by a nonzero multiple of 2 pi."""
    for output, got, want in zip(exercise.outputs, run.got, run.expected, strict=True):
        for index in output.angle_entries:
            modulo = _close(output, got, want, rtol, atol, False)[index]
            plain = _close(output, got, want, rtol, atol, False, modulo_2pi=False)[index]
            if np.any(modulo & ~plain):
                return True
    return False


def _has_angles(exercise: Exercise) -> bool:
    return any(output.angle_entries for output in exercise.outputs)


def _angle_names(exercise: Exercise) -> str:
    return ", ".join(
        output.entries[index] for output in exercise.outputs for index in output.angle_entries
    )


# ---------------------------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------------------------


def _format_number(value) -> str:
    """A number exactly if that is short, else with 12 significant digits."""
    exact = repr(float(value))
    return exact if len(exact) <= 14 else f"{float(value):.12g}"


def _format_value(value) -> str:
    """A number or array on one line; long arrays shortened with '...'."""
    if isinstance(value, np.ndarray) and value.ndim > 0:
        return f"array({_format_array(value)})"
    if isinstance(value, (float, np.floating, np.ndarray)):
        return _format_number(value)
    return repr(value)


def _format_array(array: np.ndarray, edge: int = 3) -> str:
    """Nested lists of numbers; an axis longer than 2*edge shows its first and last ``edge``."""
    if array.shape[0] > 2 * edge:
        parts = [*array[:edge], "...", *array[-edge:]]
    else:
        parts = list(array)
    if array.ndim == 1:
        items = [part if isinstance(part, str) else _format_number(part) for part in parts]
    else:
        items = [part if isinstance(part, str) else _format_array(part, edge) for part in parts]
    return "[" + ", ".join(items) + "]"


def _format_call(exercise: Exercise, args: tuple) -> str:
    shown = ", ".join(
        f"{name}={_format_value(value)}"
        for name, value in zip(exercise.arguments, args, strict=True)
    )
    return f"{exercise.function_name}({shown})"


def _format_outputs(exercise: Exercise, values) -> str:
    return ", ".join(
        f"{output.name} = {_format_value(value)}"
        for output, value in zip(exercise.outputs, values, strict=True)
    )


def _shape_text(shape: tuple[int, ...]) -> str:
    return "a single number" if shape == () else f"shape {shape}"


def _short_text(value, length: int = 120) -> str:
    """First line of ``str(value)``, cut to ``length`` characters."""
    lines = str(value).strip().splitlines()
    text = lines[0] if lines else ""
    return text if len(text) <= length else text[: length - 3] + "..."


# ---------------------------------------------------------------------------------------------
# Helpers for the check modules
# ---------------------------------------------------------------------------------------------


def rounded_uniform(rng: np.random.Generator, low: float, high: float, size=None):
    """Uniform random numbers rounded to 3 decimals, so that messages show them exactly."""
    if size is None:
        return round(float(rng.uniform(low, high)), 3)
    return np.round(rng.uniform(low, high, size), 3)



# ---------------------------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------------------------

#: Modules that define exercises, each with a tuple ``EXERCISES`` of :class:`Exercise`.
#: A new chapter adds its ``<subject>_checks`` module here.
CHECK_MODULES = ("robodyn.diffdrive_checks",)


@functools.cache
def registry() -> dict[str, Exercise]:
    """All exercises by id, collected from :data:`CHECK_MODULES` on first use."""
    exercises: dict[str, Exercise] = {}
    for module_name in CHECK_MODULES:
        for exercise in importlib.import_module(module_name).EXERCISES:
            if exercise.exercise_id in exercises:
                raise RuntimeError(f"exercise id {exercise.exercise_id!r} is defined twice")
            exercises[exercise.exercise_id] = exercise
    return exercises
