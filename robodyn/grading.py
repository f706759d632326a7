"""Checks of the exercise answers, with feedback a student can act on.

After each exercise a check cell calls :func:`check` with the exercise's id and the student's
function. The check calls the function on fixed inputs, on random inputs drawn with a fixed seed,
and on NumPy arrays, and compares every result with the reference solution of
:mod:`robodyn.diffdrive` as :func:`numpy.allclose` does, within ``rtol`` and ``atol``.

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
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from robodyn.errors import ParameterError
from robodyn.params import check_non_negative

__all__ = [
    "ATOL",
    "EXERCISES",
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
    failure = _failure_of(_exercise(exercise_id), answer, rtol, atol, seed)
    if failure is not None:
        raise failure  # the message below says what went wrong


def exercise_ids() -> list[str]:
    """Return the ids of all exercises, sorted.

    >>> exercise_ids()
    ['diffdrive.forward_kinematics', 'diffdrive.heading_command', 'diffdrive.integrate_pose',
     'diffdrive.inverse_kinematics', 'diffdrive.turning_radius']
    """
    return sorted(EXERCISES)


def description(exercise_id: str) -> str:
    """Return the one-line description of an exercise.

    >>> description("diffdrive.turning_radius")
    'Signed turning radius from the two wheel speeds.'
    """
    return _exercise(exercise_id).description


def _exercise(exercise_id: str) -> Exercise:
    if exercise_id not in EXERCISES:
        known = ", ".join(exercise_ids())
        raise ParameterError(f"unknown exercise id {exercise_id!r}; the known ids are: {known}")
    return EXERCISES[exercise_id]


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


def _wrap_angle(angle):
    """Angle in (-pi, pi], rad."""
    return np.pi - np.mod(np.pi - angle, 2.0 * np.pi)


def _close(output: Output, got, expected, rtol, atol, equal_nan: bool, modulo_2pi: bool = True):
    """Element-wise ``|got - expected| <= atol + rtol*|expected|``; angle entries modulo 2 pi."""
    with np.errstate(all="ignore"):
        difference = np.array(got - expected, dtype=float)
        if modulo_2pi:
            for index in output.angle_entries:
                difference[index] = _wrap_angle(difference[index])
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
# Random inputs
# ---------------------------------------------------------------------------------------------


def _draw(rng: np.random.Generator, low: float, high: float, size=None):
    """Uniform random numbers rounded to 3 decimals, so that messages show them exactly."""
    if size is None:
        return round(float(rng.uniform(low, high)), 3)
    return np.round(rng.uniform(low, high, size), 3)


def _draw_different_wheel_speeds(rng: np.random.Generator, size=None, min_difference=0.5):
    """Wheel speeds phi_dot_r, phi_dot_l in rad/s that differ by at least ``min_difference``."""
    while True:
        phi_dot_r = _draw(rng, -20.0, 20.0, size)
        phi_dot_l = _draw(rng, -20.0, 20.0, size)
        if np.all(np.abs(phi_dot_r - phi_dot_l) >= min_difference):
            return phi_dot_r, phi_dot_l


# ---------------------------------------------------------------------------------------------
# Exercise 1: forward kinematics
# ---------------------------------------------------------------------------------------------


def _forward_kinematics_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    from robodyn import diffdrive

    return diffdrive.forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width)


def _forward_kinematics_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((12.0, 8.0, 0.05, 0.3), "fixed", "the tutorial's example, R = 0.05 m, L = 0.3 m"),
        Case((10.0, 10.0, 0.1, 0.5), "fixed", "equal wheel speeds (straight line, omega = 0)"),
        Case((-5.0, 5.0, 0.04, 0.25), "fixed", "opposite wheel speeds (spin on the spot, v = 0)"),
        Case((3.0, -7.5, 0.08, 0.42), "fixed"),
    ]
    for _ in range(6):
        phi_dot_r, phi_dot_l = _draw(rng, -20, 20), _draw(rng, -20, 20)
        args = (phi_dot_r, phi_dot_l, _draw(rng, 0.02, 0.15), _draw(rng, 0.1, 0.6))
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        args = (_draw(rng, -20, 20, size), _draw(rng, -20, 20, size), 0.06, 0.35)
        cases.append(Case(args, "arrays"))
    return cases


def _fk_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_l + phi_dot_r) / 2
    omega = wheel_radius * (phi_dot_l - phi_dot_r) / track_width
    return v, omega


def _fk_v_doubled(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l)
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def _fk_half_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / (track_width / 2)
    return v, omega


def _fk_no_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = (phi_dot_r + phi_dot_l) / 2
    omega = (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def _fk_omega_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / (2 * track_width)
    return v, omega


_FORWARD_KINEMATICS = Exercise(
    exercise_id="diffdrive.forward_kinematics",
    description="Forward kinematics: wheel speeds to (v, omega).",
    function_name="forward_kinematics",
    arguments=("phi_dot_r", "phi_dot_l", "wheel_radius", "track_width"),
    outputs=(Output("v"), Output("omega")),
    reference=_forward_kinematics_reference,
    make_cases=_forward_kinematics_cases,
    mistakes=(
        Mistake(
            "the wheels are swapped (omega has the wrong sign)",
            "omega is positive (a left turn) when the right wheel turns faster: "
            "omega = R (phi_dot_r - phi_dot_l) / L.",
            _fk_wheels_swapped,
        ),
        Mistake(
            "the factor 1/2 is missing in v (v is twice too large)",
            "v is the mean of the two wheel-rim speeds: v = R (phi_dot_r + phi_dot_l) / 2.",
            _fk_v_doubled,
        ),
        Mistake(
            "half the track width is used for L (omega is twice too large)",
            "The wheels are L apart, so the speed difference turns the robot at "
            "omega = R (phi_dot_r - phi_dot_l) / L, with the full track width L.",
            _fk_half_track,
        ),
        Mistake(
            "the wheel radius R is missing",
            "phi_dot is an angular speed in rad/s; the rim of a wheel moves at R phi_dot in m/s. "
            "Multiply by R in both v and omega.",
            _fk_no_radius,
        ),
        Mistake(
            "omega has an extra factor 1/2 (omega is half what it should be)",
            "Only v takes the mean of the two wheels; "
            "omega = R (phi_dot_r - phi_dot_l) / L has no 1/2.",
            _fk_omega_halved,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 2: inverse kinematics
# ---------------------------------------------------------------------------------------------


def _inverse_kinematics_reference(v, omega, wheel_radius, track_width):
    from robodyn import diffdrive

    return diffdrive.inverse_kinematics(v, omega, wheel_radius, track_width)


def _inverse_kinematics_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((0.5, 2.0, 0.05, 0.3), "fixed", "a left turn"),
        Case((0.3, 0.0, 0.1, 0.5), "fixed", "omega = 0 (straight line: equal wheel speeds)"),
        Case((0.0, 1.5, 0.04, 0.25), "fixed", "v = 0 (turning on the spot)"),
        Case((-0.2, -0.8, 0.08, 0.42), "fixed", "reversing while turning right"),
    ]
    for _ in range(6):
        args = (_draw(rng, -1, 1), _draw(rng, -3, 3), _draw(rng, 0.02, 0.15), _draw(rng, 0.1, 0.6))
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        args = (_draw(rng, -1, 1, size), _draw(rng, -3, 3, size), 0.06, 0.35)
        cases.append(Case(args, "arrays"))
    return cases


def _ik_wheels_swapped(v, omega, wheel_radius, track_width):
    phi_dot_r = (v - omega * track_width / 2) / wheel_radius
    phi_dot_l = (v + omega * track_width / 2) / wheel_radius
    return phi_dot_r, phi_dot_l


def _ik_full_track(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width) / wheel_radius
    phi_dot_l = (v - omega * track_width) / wheel_radius
    return phi_dot_r, phi_dot_l


def _ik_no_radius(v, omega, wheel_radius, track_width):
    phi_dot_r = v + omega * track_width / 2
    phi_dot_l = v - omega * track_width / 2
    return phi_dot_r, phi_dot_l


def _ik_times_radius(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width / 2) * wheel_radius
    phi_dot_l = (v - omega * track_width / 2) * wheel_radius
    return phi_dot_r, phi_dot_l


_INVERSE_KINEMATICS = Exercise(
    exercise_id="diffdrive.inverse_kinematics",
    description="Inverse kinematics: (v, omega) to the two wheel speeds.",
    function_name="inverse_kinematics",
    arguments=("v", "omega", "wheel_radius", "track_width"),
    outputs=(Output("phi_dot_r"), Output("phi_dot_l")),
    reference=_inverse_kinematics_reference,
    make_cases=_inverse_kinematics_cases,
    mistakes=(
        Mistake(
            "the wheels are swapped (right and left exchanged)",
            "To turn left (omega > 0) the right wheel must turn faster: "
            "phi_dot_r = (v + omega L/2) / R.",
            _ik_wheels_swapped,
        ),
        Mistake(
            "the full track width is used instead of half of it (omega L instead of omega L/2)",
            "Each wheel is L/2 from the centre of the axle, so its rim moves at v +- omega L/2.",
            _ik_full_track,
        ),
        Mistake(
            "the division by the wheel radius R is missing",
            "v + omega L/2 is the rim speed in m/s; divide by R to get the wheel's angular "
            "speed in rad/s.",
            _ik_no_radius,
        ),
        Mistake(
            "the wheel radius R multiplies instead of divides",
            "A rim speed s (m/s) needs an angular speed s / R (rad/s): divide by R.",
            _ik_times_radius,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 3: exact pose step
# ---------------------------------------------------------------------------------------------


def _integrate_pose_reference(pose, v, omega, dt):
    from robodyn import diffdrive

    return (diffdrive.integrate_pose(pose, v, omega, dt),)


_TINY_OMEGA_HINT = (
    "For a tiny omega, a formula that divides by omega, such as "
    "x + v/omega (sin(theta + omega dt) - sin(theta)), subtracts two nearly equal numbers and "
    "loses most of its digits. The sinc form of the exercise, "
    "x + v dt sinc(omega dt/2) cos(theta + omega dt/2), keeps them all "
    "(np.sinc(a / np.pi) is sin(a)/a, and it is 1 at a = 0)."
)


def _integrate_pose_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((np.array([1.0, 2.0, 0.5]), 0.4, 0.8, 0.5), "fixed", "a left turn"),
        Case(
            (np.array([0.0, 0.0, 7.0]), 1.0, -1.2, 0.3),
            "fixed",
            "theta = 7 rad, more than 2 pi (theta is not wrapped)",
        ),
        Case(
            (np.array([-1.0, 0.5, 2.0]), 0.7, 0.0, 0.2),
            "fixed",
            "omega == 0 (a straight segment)",
            "For omega == 0 the robot drives straight: x + v dt cos(theta), y + v dt sin(theta).",
        ),
        Case(
            (np.array([3.0, -2.0, -1.0]), 0.5, 1e-9, 0.1),
            "fixed",
            "a tiny omega (1e-9 rad/s)",
            _TINY_OMEGA_HINT,
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), 1.0, 3.0, 1.0),
            "fixed",
            "a large turn in one step (omega dt = 3 rad)",
        ),
    ]
    for _ in range(6):
        pose = np.array([_draw(rng, -5, 5), _draw(rng, -5, 5), _draw(rng, -8, 8)])
        args = (pose, _draw(rng, -1, 1), _draw(rng, -3, 3), _draw(rng, 0.05, 0.5))
        cases.append(Case(args, "seeded random"))
    size = 6
    pose = np.stack([_draw(rng, -5, 5, size), _draw(rng, -5, 5, size), _draw(rng, -8, 8, size)])
    omega = np.concatenate([[0.0, 1e-9], _draw(rng, -3, 3, size - 2)])
    cases.append(
        Case(
            (pose, _draw(rng, -1, 1, size), omega, 0.25),
            "arrays",
            "NumPy arrays, with omega == 0 and omega = 1e-9 rad/s in the first two columns",
            _TINY_OMEGA_HINT,
        )
    )
    size = 40
    pose = np.stack([_draw(rng, -5, 5, size), _draw(rng, -5, 5, size), _draw(rng, -8, 8, size)])
    cases.append(Case((pose, _draw(rng, -1, 1, size), _draw(rng, -3, 3, size), 0.1), "arrays"))
    return cases


def _sinc(angle):
    """sin(angle)/angle, 1 at angle = 0."""
    return np.sinc(angle / np.pi)


def _pose_after(pose, distance, heading, new_theta):
    """Pose moved ``distance`` (m) along ``heading`` (rad), with heading ``new_theta`` (rad)."""
    return np.stack(
        [pose[0] + distance * np.cos(heading), pose[1] + distance * np.sin(heading), new_theta]
    )


def _ip_euler(pose, v, omega, dt):
    return (_pose_after(pose, v * dt, pose[2], pose[2] + omega * dt),)


def _ip_euler_new_heading(pose, v, omega, dt):
    theta_new = pose[2] + omega * dt
    return (_pose_after(pose, v * dt, theta_new, theta_new),)


def _ip_start_heading(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    return (_pose_after(pose, distance, pose[2], pose[2] + omega * dt),)


def _ip_end_heading(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    return (_pose_after(pose, distance, pose[2] + omega * dt, pose[2] + omega * dt),)


def _ip_no_sinc(pose, v, omega, dt):
    return (_pose_after(pose, v * dt, pose[2] + omega * dt / 2, pose[2] + omega * dt),)


def _ip_radians_of_theta(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    heading = np.radians(pose[2]) + omega * dt / 2
    return (_pose_after(pose, distance, heading, pose[2] + omega * dt),)


def _ip_radians_of_theta_everywhere(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    theta = np.radians(pose[2])
    return (_pose_after(pose, distance, theta + omega * dt / 2, theta + omega * dt),)


def _ip_radians_of_heading(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    heading = np.radians(pose[2] + omega * dt / 2)
    return (_pose_after(pose, distance, heading, pose[2] + omega * dt),)


def _ip_radians_of_turn(pose, v, omega, dt):
    turn = np.radians(omega * dt)
    distance = v * dt * _sinc(turn / 2)
    return (_pose_after(pose, distance, pose[2] + turn / 2, pose[2] + turn),)


def _ip_divide_by_omega(pose, v, omega, dt):
    theta_new = pose[2] + omega * dt
    x = pose[0] + v / omega * (np.sin(theta_new) - np.sin(pose[2]))
    y = pose[1] - v / omega * (np.cos(theta_new) - np.cos(pose[2]))
    return (np.stack([x, y, theta_new]),)


_DEGREES_HINT = (
    "theta and omega are in radians already, and np.sin, np.cos take radians: "
    "no np.radians, np.deg2rad or np.degrees is needed anywhere in this function."
)

_DIVIDE_BY_OMEGA = Mistake(
    "a division by omega without the straight-line case (nan for omega == 0)",
    "v/omega is 0/0 when omega == 0. Use the sinc form "
    "x + v dt sinc(omega dt/2) cos(theta + omega dt/2), with sinc(a) = np.sinc(a / np.pi), "
    "which is 1 at a = 0 and needs no special case.",
    _ip_divide_by_omega,
)


def _explain_integrate_pose_error(error: Exception, args: tuple) -> Mistake | None:
    """A ZeroDivisionError for omega == 0 is the missing straight-line case."""
    omega = args[2]
    if isinstance(error, ZeroDivisionError) and np.any(np.asarray(omega) == 0):
        return _DIVIDE_BY_OMEGA
    return None


_INTEGRATE_POSE = Exercise(
    exercise_id="diffdrive.integrate_pose",
    description="Exact pose step for constant v and omega (theta not wrapped).",
    function_name="integrate_pose",
    arguments=("pose", "v", "omega", "dt"),
    outputs=(Output("pose", entries=("x", "y", "theta"), angle_entries=(2,)),),
    reference=_integrate_pose_reference,
    make_cases=_integrate_pose_cases,
    mistakes=(
        Mistake(
            "an explicit Euler step, not the exact step",
            "Euler moves straight along the old heading theta. For constant v and omega the "
            "robot drives on a circular arc: x + v dt sinc(omega dt/2) cos(theta + omega dt/2).",
            _ip_euler,
        ),
        Mistake(
            "an Euler step along the new heading theta + omega dt, not the exact step",
            "For constant v and omega the robot drives on a circular arc: "
            "x + v dt sinc(omega dt/2) cos(theta + omega dt/2).",
            _ip_euler_new_heading,
        ),
        Mistake(
            "the midpoint heading is missing: cos and sin of theta instead of theta + omega dt/2",
            "The chord of the arc points along the mean heading theta + omega dt/2.",
            _ip_start_heading,
        ),
        Mistake(
            "the midpoint heading is missing: cos and sin of theta + omega dt instead of "
            "theta + omega dt/2",
            "The chord of the arc points along the mean heading theta + omega dt/2, "
            "halfway between the old and the new heading.",
            _ip_end_heading,
        ),
        Mistake(
            "the factor sinc(omega dt/2) is missing (the midpoint rule, not the exact step)",
            "The chord of an arc is shorter than the arc: its length is "
            "v dt sinc(omega dt/2), with sinc(a) = sin(a)/a = np.sinc(a / np.pi).",
            _ip_no_sinc,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta)",
            _DEGREES_HINT,
            _ip_radians_of_theta,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta, also in the "
            "returned theta)",
            _DEGREES_HINT,
            _ip_radians_of_theta_everywhere,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to the heading)",
            _DEGREES_HINT,
            _ip_radians_of_heading,
        ),
        Mistake(
            "degrees where radians are needed (np.deg2rad applied to omega dt)",
            _DEGREES_HINT,
            _ip_radians_of_turn,
        ),
        _DIVIDE_BY_OMEGA,
    ),
    explain_error=_explain_integrate_pose_error,
)


# ---------------------------------------------------------------------------------------------
# Exercise 4: heading controller
# ---------------------------------------------------------------------------------------------


def _heading_command_reference(pose, goal, gain, dead_band, omega_max):
    from robodyn import diffdrive

    return (diffdrive.heading_command(pose, goal, gain, dead_band, omega_max),)


def _bearing(pose, goal):
    """Direction from the robot to the goal, rad."""
    return np.arctan2(goal[1] - pose[1], goal[0] - pose[0])


def _heading_error_is_safe(pose, goal, dead_band, margin: float = 0.01) -> bool:
    """True when the heading error is off the dead-band edge and off +-pi by ``margin`` rad."""
    error = np.abs(_wrap_angle(_bearing(pose, goal) - pose[2]))
    far_from_goal = np.hypot(goal[0] - pose[0], goal[1] - pose[1]) > 0.1
    return bool(
        np.all(far_from_goal)
        and np.all(np.abs(error - dead_band) > margin)
        and np.all(error < np.pi - margin)
    )


def _draw_pose_and_goal(rng: np.random.Generator, dead_band: float, size=None):
    while True:
        pose = np.array([_draw(rng, -5, 5, size), _draw(rng, -5, 5, size), _draw(rng, -6, 6, size)])
        goal = np.array([_draw(rng, -5, 5, size), _draw(rng, -5, 5, size)])
        if _heading_error_is_safe(pose, goal, dead_band):
            return pose, goal


def _heading_command_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.6]), 1.5, 0.05, 2.0),
            "fixed",
            "goal ahead, a little to the left",
        ),
        Case(
            (np.array([1.0, 2.0, 3.0]), np.array([-0.6, 0.8]), 1.0, 0.05, 2.0),
            "fixed",
            "goal behind the robot (theta = 3 rad): the heading error must be wrapped",
        ),
        Case(
            (np.array([0.5, -0.5, 0.5]), np.array([2.5, 0.64]), 1.5, 0.05, 2.0),
            "fixed",
            "a heading error of 0.018 rad, inside the dead band of 0.05 rad",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([3.0, 0.0015]), 1.5, 0.05, 2.0),
            "fixed",
            "a heading error of 0.0005 rad, inside the dead band of 0.05 rad",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([-1.0, -1.5]), 2.0, 0.05, 1.5),
            "fixed",
            "a large error to the right: the command saturates at -omega_max",
        ),
        Case(
            (np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.5]), 1.2, 0.05, 2.0),
            "fixed",
            "goal to the right, below saturation",
        ),
        Case(
            (np.array([0.0, 0.0, 6.583]), np.array([1.0, 0.0]), 1.0, 0.05, 2.0),
            "fixed",
            "theta = 6.583 rad, more than 2 pi (theta is not wrapped)",
        ),
    ]
    for _ in range(6):
        gain = _draw(rng, 0.5, 3.0)
        dead_band = _draw(rng, 0.02, 0.2)
        omega_max = _draw(rng, 0.5, 3.0)
        pose, goal = _draw_pose_and_goal(rng, dead_band)
        cases.append(Case((pose, goal, gain, dead_band, omega_max), "seeded random"))
    for size in (8, 40):
        dead_band = 0.1
        pose, goal = _draw_pose_and_goal(rng, dead_band, size)
        cases.append(Case((pose, goal, 1.5, dead_band, 1.0), "arrays"))
    return cases


def _command(error, gain, dead_band, omega_max):
    """Proportional command with dead band and saturation, rad/s."""
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * error)
    return np.clip(omega, -omega_max, omega_max)


def _heading_error(pose, goal):
    return _wrap_angle(_bearing(pose, goal) - pose[2])


def _hc_unwrapped(pose, goal, gain, dead_band, omega_max):
    return (_command(_bearing(pose, goal) - pose[2], gain, dead_band, omega_max),)


def _hc_wrapped_0_to_2pi(pose, goal, gain, dead_band, omega_max):
    error = np.mod(_bearing(pose, goal) - pose[2], 2 * np.pi)
    return (_command(error, gain, dead_band, omega_max),)


def _hc_degrees_output(pose, goal, gain, dead_band, omega_max):
    error = _heading_error(pose, goal)
    omega = np.where(np.abs(error) < dead_band, 0.0, gain * np.degrees(error))
    return (np.clip(omega, -omega_max, omega_max),)


def _hc_degrees_dead_band(pose, goal, gain, dead_band, omega_max):
    error = _heading_error(pose, goal)
    omega = np.where(np.abs(np.degrees(error)) < dead_band, 0.0, gain * error)
    return (np.clip(omega, -omega_max, omega_max),)


def _hc_degrees_error(pose, goal, gain, dead_band, omega_max):
    return (_command(np.degrees(_heading_error(pose, goal)), gain, dead_band, omega_max),)


def _hc_radians_of_theta(pose, goal, gain, dead_band, omega_max):
    error = _wrap_angle(_bearing(pose, goal) - np.radians(pose[2]))
    return (_command(error, gain, dead_band, omega_max),)


def _hc_no_dead_band(pose, goal, gain, dead_band, omega_max):
    return (np.clip(gain * _heading_error(pose, goal), -omega_max, omega_max),)


def _hc_no_saturation(pose, goal, gain, dead_band, omega_max):
    error = _heading_error(pose, goal)
    return (np.where(np.abs(error) < dead_band, 0.0, gain * error),)


def _hc_atan2_swapped(pose, goal, gain, dead_band, omega_max):
    bearing = np.arctan2(goal[0] - pose[0], goal[1] - pose[1])
    return (_command(_wrap_angle(bearing - pose[2]), gain, dead_band, omega_max),)


def _hc_sign_error(pose, goal, gain, dead_band, omega_max):
    error = _wrap_angle(pose[2] - _bearing(pose, goal))
    return (_command(error, gain, dead_band, omega_max),)


_HEADING_DEGREES_HINT = (
    "All angles here are in radians: np.arctan2 returns radians, theta and dead_band are in "
    "radians. No np.degrees or np.radians is needed."
)

_HEADING_COMMAND = Exercise(
    exercise_id="diffdrive.heading_command",
    description="Turn towards a goal: P controller with dead band and saturation.",
    function_name="heading_command",
    arguments=("pose", "goal", "gain", "dead_band", "omega_max"),
    outputs=(Output("omega"),),
    reference=_heading_command_reference,
    make_cases=_heading_command_cases,
    mistakes=(
        Mistake(
            "the heading error is not wrapped to (-pi, pi] (with the goal behind, the robot "
            "turns the long way round)",
            "Wrap the error before using it: e = wrap_angle(bearing - theta), so that the robot "
            "turns by at most half a turn.",
            _hc_unwrapped,
        ),
        Mistake(
            "the heading error is wrapped to [0, 2 pi) instead of (-pi, pi] (the robot always "
            "turns left)",
            "np.mod(e, 2 pi) is never negative; wrap to (-pi, pi] so that a goal on the right "
            "gives a negative error.",
            _hc_wrapped_0_to_2pi,
        ),
        Mistake(
            "degrees where radians are needed (np.degrees makes the command 57.3 times too large)",
            _HEADING_DEGREES_HINT,
            _hc_degrees_output,
        ),
        Mistake(
            "degrees where radians are needed (the error in degrees is compared with the dead "
            "band in radians)",
            _HEADING_DEGREES_HINT,
            _hc_degrees_dead_band,
        ),
        Mistake(
            "degrees where radians are needed (the heading error is in degrees)",
            _HEADING_DEGREES_HINT,
            _hc_degrees_error,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta)",
            _HEADING_DEGREES_HINT,
            _hc_radians_of_theta,
        ),
        Mistake(
            "the dead band is missing (small errors must give omega = 0)",
            "Where |e| < dead_band the command is 0: "
            "np.where(np.abs(e) < dead_band, 0.0, gain * e).",
            _hc_no_dead_band,
        ),
        Mistake(
            "the saturation is missing (omega must stay within +-omega_max)",
            "Limit the command with np.clip(omega, -omega_max, omega_max).",
            _hc_no_saturation,
        ),
        Mistake(
            "the arguments of atan2 are swapped (atan2(dx, dy) instead of atan2(dy, dx))",
            "np.arctan2 takes y first: bearing = np.arctan2(y_goal - y, x_goal - x).",
            _hc_atan2_swapped,
        ),
        Mistake(
            "a sign error in the heading error (theta - bearing instead of bearing - theta)",
            "A goal on the left must give a positive error, and a positive omega turns left: "
            "e = bearing - theta.",
            _hc_sign_error,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 5: turning radius from the wheel speeds
# ---------------------------------------------------------------------------------------------


def _turning_radius_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    from robodyn import diffdrive

    v, omega = diffdrive.forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width)
    return (diffdrive.turning_radius(v, omega),)


def _turning_radius_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case(
            (12.0, 8.0, 0.05, 0.3),
            "fixed",
            "the tutorial's example: 12 and 8 rad/s, R = 0.05 m, L = 0.3 m",
        ),
        Case((8.0, 12.0, 0.05, 0.3), "fixed", "the same wheels exchanged: a right turn"),
        Case((6.0, -2.0, 0.1, 0.5), "fixed", "wheels turning in opposite directions"),
        Case((-3.0, -9.0, 0.03, 0.2), "fixed", "reversing"),
    ]
    for _ in range(6):
        phi_dot_r, phi_dot_l = _draw_different_wheel_speeds(rng)
        args = (phi_dot_r, phi_dot_l, _draw(rng, 0.02, 0.15), _draw(rng, 0.1, 0.6))
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        phi_dot_r, phi_dot_l = _draw_different_wheel_speeds(rng, size)
        cases.append(Case((phi_dot_r, phi_dot_l, 0.06, 0.35), "arrays"))
    return cases


def _tr_times_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (wheel_radius * track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l),)


def _tr_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (track_width / 2 * (phi_dot_l + phi_dot_r) / (phi_dot_l - phi_dot_r),)


def _tr_doubled(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (track_width * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l),)


def _tr_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (track_width / 4 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l),)


def _tr_curvature(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return (2 / track_width * (phi_dot_r - phi_dot_l) / (phi_dot_r + phi_dot_l),)


_TURNING_RADIUS = Exercise(
    exercise_id="diffdrive.turning_radius",
    description="Signed turning radius from the two wheel speeds.",
    function_name="turning_radius",
    arguments=("phi_dot_r", "phi_dot_l", "wheel_radius", "track_width"),
    outputs=(Output("radius"),),
    reference=_turning_radius_reference,
    make_cases=_turning_radius_cases,
    mistakes=(
        Mistake(
            "an extra factor of the wheel radius R (the error of the tutorial source, which "
            "prints 0.0375 m instead of 0.75 m)",
            "R cancels: v / omega = [R (phi_dot_r + phi_dot_l)/2] / [R (phi_dot_r - phi_dot_l)/L] "
            "= (L/2) (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l). The radius does not "
            "depend on R at all.",
            _tr_times_radius,
        ),
        Mistake(
            "the wheels are swapped (the sign is wrong)",
            "The radius is positive for a left turn, when the right wheel is faster: "
            "(L/2) (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l).",
            _tr_wheels_swapped,
        ),
        Mistake(
            "the factor 1/2 of v is missing (the radius is twice too large)",
            "v = R (phi_dot_r + phi_dot_l) / 2, so the radius is "
            "(L/2) (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l).",
            _tr_doubled,
        ),
        Mistake(
            "half the track width is used for L (the radius is half what it should be)",
            "omega = R (phi_dot_r - phi_dot_l) / L with the full track width L.",
            _tr_halved,
        ),
        Mistake(
            "omega / v, the curvature, instead of the radius v / omega",
            "The turning radius is v / omega (m); its inverse omega / v is the curvature (1/m).",
            _tr_curvature,
        ),
    ),
)


#: Registry of the exercises: id -> :class:`Exercise` (its ``check`` method and ``description``).
EXERCISES: dict[str, Exercise] = {
    exercise.exercise_id: exercise
    for exercise in (
        _FORWARD_KINEMATICS,
        _INVERSE_KINEMATICS,
        _INTEGRATE_POSE,
        _HEADING_COMMAND,
        _TURNING_RADIUS,
    )
}
