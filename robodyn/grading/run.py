"""Running a check: call the answer on every case, compare, recognise mistakes, write feedback.

:func:`evaluate` does the work of :func:`robodyn.grading.check` and returns an
:class:`Outcome`: the structured result (id, status, first line), the full text, the
exception to raise when the answer fails and the mistake recognised. Nothing here prints or
raises on its own.

It comes in two parts, which a grading run keeps in two processes: :func:`call_answer` runs
the student's code on one case and records what it did (a :class:`Call`); :func:`judge`
compares those calls with the reference and the typical mistakes. In a notebook both run in
the student's kernel; :mod:`classgrade.classroom` calls the answers in the kernel and
judges in its own process, where the answers cannot reach the checks.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
import traceback
from dataclasses import dataclass

import numpy as np

from robodyn.grading.adapters import format_number, format_value
from robodyn.grading.calls import PRINTED_SHOWN, TIME_LIMIT, Call, call_answer
from robodyn.grading.compare import Angle, Close
from robodyn.grading.records import CASE_KINDS, Case, Exercise, Mistake
from robodyn.grading.results import CheckResult

__all__ = ["CheckFailed", "NotAttempted", "Outcome", "evaluate", "judge", "not_callable"]

#: Width of the feedback text: lines fit the book's code column.
WIDTH = 76


class CheckFailed(AssertionError):
    """An exercise answer gave a wrong result, raised an error, or is not a usable answer.

    The first line of the message is a one-line summary; the lines below say what was called,
    what was expected, what came back, the tolerance and, where recognised, the mistake.
    """


class NotAttempted(CheckFailed):
    """The answer still raises ``NotImplementedError``: the exercise was not attempted yet."""


@dataclass(frozen=True)
class Outcome:
    """What a check found: the structured result, the text of a pass, the exception (or None),
    the name of the typical mistake it recognised (empty if none), the parts that are right and
    the credit they earn.

    A failure has no text of its own: its message is the exception's.

    ``right_parts`` names the outputs that agree with the reference on every case (all of them
    when it passed; none when the answer raised, returned nothing usable or changed its input
    on some case). ``credit`` is the fraction of the exercise's points the answer earns: 1 for
    a pass; for an exercise whose outputs are independent parts
    (``Exercise.independent_parts``), the share of its outputs in ``right_parts``; else 0.
    """

    result: CheckResult
    text: str
    failure: CheckFailed | None
    mistake: str = ""
    right_parts: tuple[str, ...] = ()
    credit: float = 0.0


@dataclass
class _Run:
    """One call of an answer on one case."""

    case: Case
    expected: tuple
    outputs: tuple  # the exercise's outputs, each with its comparator for this case
    got: tuple | None = None
    error: Exception | None = None
    problem: str = ""


def evaluate(exercise: Exercise, answer, time_limit: float = TIME_LIMIT) -> Outcome:
    """Check ``answer`` against ``exercise`` on all its cases; see :func:`robodyn.grading.check`.

    The answer gets ``time_limit`` seconds for all its calls; a call still running then is
    stopped (where the platform allows: in the main thread of a Unix process, as a kernel
    runs a cell) and no further case is called.
    """
    __tracebackhide__ = True
    if not callable(answer):
        return not_callable(exercise, type(answer).__name__)
    cases = exercise.cases()
    calls, left = [], float(time_limit)
    for case in cases:
        call = call_answer(exercise.adapter, answer, case.args, time_left=left)
        calls.append(call)
        left -= call.seconds
        if call.timed_out or left <= 0.0:
            calls[-1] = dataclasses.replace(call, timed_out=True)
            break
    return judge(exercise, cases[:len(calls)], calls, time_limit)


def not_callable(exercise: Exercise, type_name: str) -> Outcome:
    """The outcome of an answer that is not a function (or class): it was called, not passed."""
    kind = "a class" if hasattr(exercise.adapter, "method") else "a function"
    exercise_id = exercise.exercise_id
    return _failed(exercise, CheckFailed(
        f"{exercise_id}: expected {kind}, got {type_name}\n\n"
        f"Pass it itself, without calling it, for example\n"
        f'    check("{exercise_id}", {exercise.function_name})\n'
        f'not check("{exercise_id}", {exercise.function_name}(...)).'
    ))


def judge(exercise: Exercise, cases: list[Case], calls: list[Call],
          time_limit: float = TIME_LIMIT) -> Outcome:
    """Judge what an answer did on each case (``calls[k]`` on ``cases[k]``).

    This part needs the reference and the typical mistakes, not the answer: a grading run calls
    the answer in the student's kernel (:func:`call_answer`) and judges here, in its own process.
    """
    __tracebackhide__ = True
    outcome = _judge(exercise, cases, calls, time_limit)
    printed = _printed_text(calls)
    if not printed:
        return outcome
    if outcome.failure is None:
        return dataclasses.replace(outcome, text=f"{outcome.text}\n{printed}")
    failure = CheckFailed(f"{outcome.failure}\n\n{printed}")
    failure.__cause__ = outcome.failure.__cause__
    return dataclasses.replace(outcome, failure=failure)


def _judge(exercise: Exercise, cases: list[Case], calls: list[Call],
           time_limit: float) -> Outcome:
    __tracebackhide__ = True
    exercise_id = exercise.exercise_id
    if calls and calls[-1].timed_out:
        return _failed(exercise, _timed_out(exercise, cases[len(calls) - 1], calls, time_limit))
    runs = []
    for case, call in zip(cases, calls, strict=True):
        run = _sort_call(exercise, case, call)
        if isinstance(run.error, NotImplementedError):
            text = _short_text(run.error)
            return Outcome(
                CheckResult(exercise_id, "not attempted", f"{exercise_id}: not attempted"),
                "",
                NotAttempted(
                    f"{exercise_id}: not attempted\n\n"
                    f"Your answer still raises NotImplementedError({text!r}).\n"
                    f"Replace the line `raise NotImplementedError(...)` with your solution, "
                    f"run that cell,\nthen run this check again."
                ),
            )
        runs.append(run)
    mistake = _recognise_mistake(exercise, runs)
    right = _right_parts(exercise, runs)
    for run in runs:
        if run.problem:
            return _failed(exercise, CheckFailed(_with_mistake(run.problem, mistake)),
                           mistake, right)
    for run in runs:
        if run.error is not None:
            failure = CheckFailed(_error_message(exercise, run, mistake))
            failure.__cause__ = run.error
            return _failed(exercise, failure, mistake, right)
    for run in runs:
        if _wrong_outputs(exercise, run):
            return _failed(exercise, CheckFailed(_wrong_message(exercise, run, runs, mistake)),
                           mistake, right)
    summary, text = _passed_text(exercise, cases, runs)
    return Outcome(CheckResult(exercise_id, "passed", summary), text, None,
                   right_parts=right, credit=1.0)


def _failed(exercise: Exercise, failure: CheckFailed, mistake: Mistake | None = None,
            right: tuple[str, ...] = ()) -> Outcome:
    """The outcome of a failed answer; for an exercise of independent parts with some parts
    right, the message ends by naming them, and the credit is their share."""
    credit = 0.0
    if exercise.independent_parts and right:
        credit = len(right) / len(exercise.outputs)
        cause = failure.__cause__
        failure = CheckFailed(f"{failure}\n\n{_parts_text(exercise, right)}")
        failure.__cause__ = cause
    summary = str(failure).splitlines()[0]
    return Outcome(CheckResult(exercise.exercise_id, "failed", summary), "", failure,
                   mistake.name if mistake is not None else "", right, credit)


def _right_parts(exercise: Exercise, runs: list[_Run]) -> tuple[str, ...]:
    """The outputs that agree with the reference, in shape and value, on every case."""
    right = []
    for k, output in enumerate(exercise.outputs):
        for run in runs:
            if run.error is not None or run.got is None:
                break
            got, want, compared = run.got[k], run.expected[k], run.outputs[k]
            if compared.compare.has_shape and np.shape(got) != np.shape(want):
                break
            if np.any(_wrong_mask(compared, got, want, run.case.args)):
                break
        else:
            right.append(output.name)
    return tuple(right)


def _parts_text(exercise: Exercise, right: tuple[str, ...]) -> str:
    """What a failed answer to an exercise of independent parts got right."""
    wrong = [output.name for output in exercise.outputs if output.name not in right]
    return "\n".join([
        _fill(f"Right on every case: {', '.join(right)} ({len(right)} of "
              f"{len(exercise.outputs)} parts). Still wrong: {', '.join(wrong)}."),
        _fill("Each part counts on its own: a grading run gives the right parts their share "
              "of the points; the check passes when all are right."),
    ])


# --------------------------------------------------------------------------- one call


def _sort_call(exercise: Exercise, case: Case, call: Call) -> _Run:
    """What one call of the answer gave, next to the reference's result on the same case."""
    __tracebackhide__ = True
    expected = exercise.expected(case)
    run = _Run(case, expected, exercise.outputs_for(case, expected))
    exercise_id = exercise.exercise_id
    call_text = exercise.show_call(case.args)
    if call.missing:
        run.problem = f"{exercise_id}: {call.missing}\n\nCalled:    {call_text}"
        return run
    if call.error is not None:
        run.error = call.error
        return run

    names = _argument_names(exercise)
    changed = [names[index] for index in call.changed if index < len(names)]
    if changed:
        name, index = changed[0], call.changed[0]
        where = name + (call.changed_at[0] if len(call.changed_at) == len(call.changed) else "")
        if isinstance(case.args[index], np.ndarray):
            advice = (f"A NumPy array is passed by reference: `{name}[0] += ...` or "
                      f"`{name}[0] = ...` changes the caller's array too, and a simulation "
                      f"loop that keeps its history would see it change. Build a new array "
                      f"instead, for example with `{name}.copy()` or `np.array([...])`.")
        else:
            advice = (f"Python passes objects by reference: assigning to `{where}` changes the "
                      f"caller's {name} too, and every later use of it. Read from {name}; put "
                      f"what you compute into new variables or arrays (or work on "
                      f"`copy.deepcopy({name})`).")
        run.problem = (
            f"{exercise_id}: your answer changed its input {', '.join(changed)} in place\n\n"
            f"Called:    {call_text}\n"
            + (f"Changed:   {where}\n" if where != name else "") + "\n" + _fill(advice)
        )
        return run

    got, trouble = exercise.normalise(call.raw)
    if trouble:
        run.problem = f"{exercise_id}: {trouble}\n\nCalled:    {call_text}"
        return run
    for output, value, want in zip(run.outputs, got, expected, strict=True):
        if not output.compare.has_shape or np.shape(value) == np.shape(want):
            continue
        if run.case.kind == "arrays" and np.ndim(value) < np.ndim(want):
            run.problem = (
                f"{exercise_id}: not vectorised — for NumPy array input, {output.name} came "
                f"back with shape {np.shape(value)}, expected shape {np.shape(want)}\n\n"
                f"Called:    {call_text}\n\n"
                + _fill("The check also calls your function with NumPy arrays and expects "
                        "one result per element. " + _VECTORISE_ADVICE)
            )
        else:
            run.got = got  # kept: a mistake of this shape may explain it
            transposed = (np.ndim(want) == 2 and np.shape(value) == np.shape(want)[::-1]
                          and np.shape(want)[0] != np.shape(want)[1])
            run.problem = (
                f"{exercise_id}: wrong shape of {output.name}: expected "
                f"{_shape_text(np.shape(want))}, got {_shape_text(np.shape(value))}"
                + (" — looks like the transpose: rows and columns exchanged (stacked as "
                   "columns where rows are asked, or the other way round)" if transposed
                   else "") + "\n\n"
                f"Called:    {call_text}\n"
                f"Expected:  {output.name} = {format_value(want)}\n"
                f"Got:       {output.name} = {format_value(value)}"
            )
        return run
    run.got = got
    return run


def _argument_names(exercise: Exercise) -> list[str]:
    names = list(exercise.arguments)
    if hasattr(exercise.adapter, "method"):
        names.append("steps")
    return names


_VECTORISE_ADVICE = (
    "Use NumPy functions, which work element by element: np.sin, np.cos, np.arctan2 "
    "instead of math.sin, math.cos, math.atan2; np.where or np.clip instead of if/else, "
    "min and max; no float() around array values."
)


# --------------------------------------------------------------------------- comparing


def _wrong_mask(output, got, expected, args):
    return np.asarray(output.compare.wrong(got, expected, args))


def _wrong_outputs(exercise: Exercise, run: _Run) -> bool:
    return any(bool(np.any(_wrong_mask(output, got, want, run.case.args)))
               for output, got, want in zip(run.outputs, run.got, run.expected,
                                            strict=True))


def _recognise_mistake(exercise: Exercise, runs: list[_Run]) -> Mistake | None:
    """The first mistake that explains the answer on every case: same values, or same error.

    A run with a wrong shape keeps its values, so a mistake of that shape can explain it; a
    run that returned nothing usable (None, a changed input) cannot be explained.
    """
    if any(run.problem and run.got is None for run in runs):
        return None
    for mistake in exercise.mistakes:
        if all(_explains(exercise, mistake, run) for run in runs):
            return mistake
    return _generic_mistake(exercise, runs)


#: Factors by which a slip often scales a right result, what that looks like, and a hint.
#: Tried only when none of the exercise's own mistakes explains an answer.
GENERIC_FACTORS = (
    (2.0, "twice the expected value (a factor 2 too many, or a 1/2 missing)",
     "Compare your formula with the text's, factor by factor: a mean of two values, a half "
     "angle or a 2 in front of a root is easily dropped or doubled."),
    (0.5, "half the expected value (a factor 1/2 too many, or a 2 missing)",
     "Compare your formula with the text's, factor by factor: a mean of two values, a half "
     "angle or a 2 in front of a root is easily dropped or doubled."),
    (-1.0, "the expected value with the opposite sign",
     "Check the sign convention the text sets for this quantity: which way is positive, "
     "and on which body the force acts."),
    (1e3, "1000 times the expected value (millimetres where the book works in metres?)",
     "The book works in SI units: metres, newtons, seconds, radians. Convert what the text "
     "gives in millimetres before you compute, and return metres."),
    (1e-3, "a thousandth of the expected value (metres where millimetres are asked?)",
     "Check the unit the exercise asks for, and convert once, at the end."),
    (180.0 / np.pi, "the expected angle in degrees, where radians are asked",
     "NumPy works in radians: return the angle in radians (np.radians converts degrees)."),
    (np.pi / 180.0, "the expected value in radians where degrees are asked",
     "Check the unit the exercise asks for the angle in."),
)


def _generic_mistake(exercise: Exercise, runs: list[_Run]) -> Mistake | None:
    """A slip of form that no exercise models: the wrong outputs scaled by a common factor
    (:data:`GENERIC_FACTORS`) on every case, or two outputs returned in each other's place,
    or the entries of an output in reverse order. The right outputs must be right."""
    outputs = exercise.outputs
    if any(run.got is None or run.error is not None for run in runs) or not all(
            isinstance(output.compare, Close) for run in runs for output in run.outputs):
        return None
    if any(np.shape(got) != np.shape(want) for run in runs
           for got, want in zip(run.got, run.expected, strict=True)):
        return None
    wrong = [k for k in range(len(outputs))
             if any(np.any(_wrong_mask(run.outputs[k], run.got[k], run.expected[k],
                                       run.case.args)) for run in runs)]
    if not wrong:
        return None
    names = " and ".join(outputs[k].name for k in wrong)

    def explained(model_of) -> bool:
        try:
            with np.errstate(all="ignore"):
                return all(run.outputs[k].compare.explains(run.got[k], model_of(run, k),
                                                           run.case.args)
                           for run in runs for k in wrong)
        except (TypeError, ValueError, IndexError):
            return False

    for factor, looks, hint in GENERIC_FACTORS:
        if explained(lambda run, k, f=factor: f * np.asarray(run.expected[k], float)):
            looks = looks.replace("value", "values") if len(wrong) > 1 else looks
            return Mistake(f"{names} {looks}", hint, None)
    if len(wrong) == 2:
        a, b = wrong
        if explained(lambda run, k: run.expected[b if k == a else a]):
            return Mistake(f"{outputs[a].name} and {outputs[b].name} returned in each other's "
                           "place", "Return the outputs in the order the exercise lists them.",
                           None)
    if len(wrong) == 1 and all(np.ndim(run.expected[wrong[0]]) >= 1 and
                               np.shape(run.expected[wrong[0]])[0] > 1 for run in runs):
        if explained(lambda run, k: np.asarray(run.expected[k], float)[::-1]):
            return Mistake(f"the entries of {names} in reverse order",
                           "Check the order the exercise lists the entries in.", None)
    return None


def _explains(exercise: Exercise, mistake: Mistake, run: _Run) -> bool:
    kind, result = exercise.mistake_result(mistake, run.case)
    if kind == "raised":  # a mistake may raise, as the student's answer does
        # by name: a grading run's errors are stand-ins of the student kernel's (plaindata),
        # which keep the message
        return (run.error is not None and result == type(run.error).__name__
                and (not mistake.message or re.search(mistake.message, str(run.error))
                     is not None))
    if run.error is not None or kind != "values":
        return False
    return all(
        output.compare.explains(got, value, run.case.args)
        for output, got, value in zip(run.outputs, run.got, result, strict=True)
    )


# --------------------------------------------------------------------------- messages


def _timed_out(exercise: Exercise, case: Case, calls: list[Call],
               time_limit: float) -> CheckFailed:
    """The failure of an answer that used up the check's time."""
    reference = exercise.reference_seconds(case)
    own = ("" if reference is None else
           f" (the book's own answer takes {1e3 * reference:.2g} ms for this call)")
    spent = sum(call.seconds for call in calls)
    return CheckFailed("\n".join([
        f"{exercise.exercise_id}: timed out after {time_limit:g} s",
        "",
        f"Called:    {exercise.show_call(case.args)}",
        _fill(f"Your answer took {spent:.1f} s over {len(calls)} of the check's calls and "
              f"was stopped{own}. A check gives an answer {time_limit:g} s in all, in the "
              "notebook as in `make check` and the class grader."),
        _fill("Look for a loop that does far more work than needed (a time step far "
              "smaller than asked, a sum over millions of terms) or that never ends, or a "
              "print inside a loop."),
    ]))


def _printed_text(calls: list[Call]) -> str:
    """A note on what the answer printed during the check: how much, and its first lines."""
    lines = sum(call.printed_lines for call in calls)
    if not lines:
        return ""
    kept = "".join(call.printed for call in calls).splitlines()
    shown = [line if len(line) <= WIDTH - 4 else line[: WIDTH - 7] + "..."
             for line in kept[:PRINTED_SHOWN]]
    more = f"\n    ... ({lines - len(shown)} more lines)" if lines > len(shown) else ""
    return "\n".join([
        _fill(f"Note: your answer printed {lines} line{'s' if lines != 1 else ''} during the "
              f"check ({len(calls)} calls), kept out of the page. "
              + ("The first:" if lines > len(shown) else "They were:")),
        *[f"    {line}" for line in shown]]) + more


def _with_mistake(problem: str, mistake: Mistake | None) -> str:
    """A problem's message, with the mistake that explains it named on the first line."""
    if mistake is None:
        return problem
    first, _, rest = problem.partition("\n")
    return (f"{first} — looks like {mistake.name}\n{rest}\n\nLooks like {mistake.name}.\n"
            + _fill(f"Hint: {mistake.hint}"))


def _what(case: Case) -> str:
    return case.about or {
        "fixed": "a fixed test input",
        "seeded random": "a seeded random input",
        "arrays": "NumPy array input",
    }[case.kind]


def _error_message(exercise: Exercise, run: _Run, mistake: Mistake | None) -> str:
    error = run.error
    error_text = f"{type(error).__name__}: {_short_text(error)}"
    call = exercise.show_call(run.case.args)
    lines = []
    numpy_on_symbols = _NUMPY_ON_SYMBOLS.search(str(error))
    if mistake is not None:
        lines.append(f"{exercise.exercise_id}: your answer raised {type(error).__name__} — "
                     f"looks like {mistake.name}")
    elif numpy_on_symbols:
        lines.append(f"{exercise.exercise_id}: your answer raised {type(error).__name__} — "
                     f"looks like NumPy's np.{numpy_on_symbols.group(2)} used on sympy symbols")
    elif run.case.kind == "arrays":
        slip = _scalar_only_slip(error)
        lines.append(f"{exercise.exercise_id}: works on single numbers but fails on NumPy "
                     + (f"arrays — looks like {slip}" if slip else f"arrays ({error_text})"))
    else:
        lines.append(f"{exercise.exercise_id}: your answer raised {error_text}")
    lines += ["", f"Called:    {call}", f"Error:     {error_text}",
              "(The traceback above shows the line of your answer that raised it.)"]
    if mistake is not None:
        lines += ["", f"Looks like {mistake.name}.", _fill(f"Hint: {mistake.hint}")]
    elif numpy_on_symbols:
        kind, function = numpy_on_symbols.groups()
        lines += ["", _fill(f"NumPy's np.{function} works on numbers, not on sympy's "
                            f"{kind}: for a formula in symbols use sympy's own functions, "
                            f"sp.{function}, sp.sin, sp.sqrt, ... (with `import sympy as "
                            f"sp`).")]
    elif run.case.kind == "arrays":
        lines += ["", _fill("Your answer gave results for single numbers, but the check also "
                            "calls it with NumPy arrays. " + _VECTORISE_ADVICE)]
    return "\n".join(lines)


def _scalar_only_slip(error: BaseException) -> str:
    """What a failure on array input looks like: a math-module function or float() given an
    array, or an if (or and, or, min, max) on one; "" if neither."""
    text = str(error)
    if _TRUTH_OF_ARRAY in text:
        return "an if (or and / or / min / max) used on an array"
    if not _SCALAR_OF_ARRAY.search(text):
        return ""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        used = _MATH_CALL.search(frame.line or "")
        if used:
            return f"math.{used.group(1)} (which takes one number) used on an array"
    return "a math-module function or float() used on an array"


#: NumPy's errors for an array where one number is wanted, and for an if on an array.
_SCALAR_OF_ARRAY = re.compile(r"only (?:length-1|size-1|0-dimensional|integer scalar) arrays "
                              r"can be converted")
_TRUTH_OF_ARRAY = "truth value of an array with more than one element is ambiguous"
_MATH_CALL = re.compile(r"\bmath\.(\w+)\s*\(")

#: NumPy's error for np.cos (and the like) of a sympy object; the groups are the sympy type
#: and the function.
_NUMPY_ON_SYMBOLS = re.compile(
    r"of type (Symbol|Mul|Add|Pow|Integer|Rational|Float|Function|[A-Z]\w*) which has no "
    r"callable (\w+) method")


def _wrong_message(exercise: Exercise, run: _Run, runs: list[_Run],
                   mistake: Mistake | None) -> str:
    has_nan = any(
        np.asarray(got).dtype.kind == "f" and bool(np.any(np.isnan(got) & ~np.isnan(want)))
        for output, got, want in zip(run.outputs, run.got, run.expected, strict=True)
        if output.compare.has_shape
    )
    what = _what(run.case)
    if mistake is not None:
        summary = f"wrong result — looks like {mistake.name}"
    elif has_nan:
        summary = f"returned nan (not a number) for {what}"
    else:
        summary = f"wrong result for {what}"
    lines = [f"{exercise.exercise_id}: {summary}", "",
             f"Called:    {exercise.show_call(run.case.args)}"]
    if run.case.about:
        lines.append(f"This input: {run.case.about}.")
    lines.append(f"Expected:  {_show_outputs(run.outputs, run.expected, expected=True)}")
    lines.append(f"Got:       {_show_outputs(run.outputs, run.got)}")
    lines.append("Wrong values:")
    for output, got, want in zip(run.outputs, run.got, run.expected, strict=True):
        lines += _wrong_value_lines(output, got, want, run.case.args)
    lines.append(_fill("Tolerance: " + _tolerances(exercise)))
    for output, got, want in zip(run.outputs, run.got, run.expected, strict=True):
        if np.any(_wrong_mask(output, got, want, run.case.args)):
            lines += [_fill(line) for line in output.compare.detail(got, want, run.case.args)]
    if has_nan and mistake is None:
        lines.append(_fill("nan appears after 0/0, inf - inf or 0*inf: look for a division "
                           "by a value that is zero for this input."))
    if mistake is not None:
        lines += ["", f"Looks like {mistake.name}.", _fill(f"Hint: {mistake.hint}")]
    elif run.case.hint:
        lines += ["", _fill(f"Hint: {run.case.hint}")]
    return "\n".join(lines)


def _off_by(output, got, want) -> str:
    """For an angle compared modulo 2 pi, how far ``got`` is from ``want`` that way (an
    angle a whole turn away looks far off by its value alone)."""
    if not isinstance(output.compare, Angle):
        return ""
    off = float(output.compare.difference(np.asarray(got, float), np.asarray(want, float)))
    return f" (off by {off:.3g} rad, modulo 2 pi)"


def _wrong_value_lines(output, got, want, args, limit: int = 3) -> list[str]:
    mask = _wrong_mask(output, got, want, args)
    if not output.compare.has_shape or mask.shape != np.shape(want):
        return [f"    {output.name}"] if bool(np.any(mask)) else []
    if mask.ndim == 0:
        return [f"    {output.name}: expected {format_number(want)}, got {format_number(got)}"
                f"{_off_by(output, got, want)}"] if bool(mask) else []
    lines = []
    wrong = np.argwhere(mask)
    for index in wrong[:limit]:
        index = tuple(int(i) for i in index)
        label = output.name
        if index:
            label += "[" + ", ".join(str(i) for i in index) + "]"
            if output.entries and index[0] < len(output.entries):
                label += f" ({output.entries[index[0]]})"
        lines.append(f"    {label}: expected {format_number(want[index])}, "
                     f"got {format_number(got[index])}"
                     f"{_off_by(output, got[index], want[index])}")
    if len(wrong) > limit:
        lines.append(f"    ... and {len(wrong) - limit} more wrong values of {output.name}")
    return lines


def _show_outputs(outputs, values, expected: bool = False) -> str:
    """The outputs as ``name = value``; an expected one as its comparator shows it (an
    expression is not printed: that would be the answer)."""
    return ", ".join(
        f"{output.name} = "
        + (output.compare.show_expected(value) if expected else format_value(value))
        for output, value in zip(outputs, values, strict=True))


def _tolerances(exercise: Exercise) -> str:
    texts = [output.compare.tolerance() for output in exercise.outputs]
    if len(set(texts)) == 1:
        names = ", ".join(output.name for output in exercise.outputs)
        return f"{names} {texts[0]}"
    return "; ".join(f"{output.name} {text}"
                     for output, text in zip(exercise.outputs, texts, strict=True))


def _passed_text(exercise: Exercise, cases, runs) -> tuple[str, str]:
    """The one-line summary and the wrapped text of a pass, with any notes."""
    kinds = ", ".join(kind for kind in CASE_KINDS if any(c.kind == kind for c in cases))
    summary = (f"PASSED {exercise.exercise_id}: {len(cases)} cases ({kinds}); "
               f"{_tolerances(exercise)}")
    notes = []
    for run in runs:
        note = _fill(f"Note: {run.case.note}")
        if run.case.note and note not in notes and _only_within_tolerance(exercise, run):
            notes.append(note)
    return summary, "\n".join([_fill(summary), *notes])


def _only_within_tolerance(exercise: Exercise, run: _Run) -> bool:
    """True if some output agrees with the reference only within the tolerance, not to ~1e-12."""
    for output, got, want in zip(run.outputs, run.got, run.expected, strict=True):
        if isinstance(output.compare, Close):
            strict = Close(rtol=1e-12, atol=1e-15, angle_entries=output.compare.angle_entries)
            if np.any(strict.wrong(got, want, run.case.args)):
                return True
    return False


def _shape_text(shape) -> str:
    return "a single number" if shape == () else f"shape {shape}"


def _short_text(value, length: int = 120) -> str:
    """First line of ``str(value)``, cut to ``length`` characters."""
    lines = str(value).strip().splitlines()
    text = lines[0] if lines else ""
    return text if len(text) <= length else text[: length - 3] + "..."


def _fill(text: str) -> str:
    """Wrap a line of prose to :data:`WIDTH` columns, continuation lines indented by 4."""
    return textwrap.fill(text, WIDTH, subsequent_indent="    ", break_on_hyphens=False,
                         break_long_words=False)
