"""In a notebook: a failed check shows its message, and a missing answer says why.

A failed check raises :class:`~robodyn.grading.run.CheckFailed` so that the cell fails (for
``nbval`` and ``make check`` too); IPython would show it as a traceback through the grader's
own code. :func:`show_check_failure` shows the message alone, after the lines of the
student's own code that raised, if an error of the answer is the cause.


When the answer cell of an exercise has a syntax error, or raised before its ``def``, or was
not run at all, the check cell below it fails with ``NameError: name 'forward_kinematics' is
not defined``: true, but it points at the wrong cell. The exercise notebooks' set-up cell
calls :func:`robodyn.grading.explain_missing_answers`, which installs
:func:`explain_name_error` as IPython's handler of NameError. For a NameError
in a check cell whose missing name is the exercise's answer, it shows what happened to the
answer cell above (its syntax error and line, or that it did not run) and publishes a failed
check result; every other NameError is shown as usual.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["explain_name_error", "install", "show_check_failure"]

_CHECK_ID = re.compile(r"""check\(\s*["']([\w.\-]+)["']""")


def install(shell) -> None:
    """Make :func:`explain_name_error` and :func:`show_check_failure` IPython's handlers of
    NameError and of a failed check in ``shell``."""
    from robodyn.grading.run import CheckFailed

    def handle(shell, etype, value, tb, tb_offset=None):
        if isinstance(value, CheckFailed):
            return show_check_failure(shell, etype, value, tb, tb_offset)
        return explain_name_error(shell, etype, value, tb, tb_offset)

    shell.set_custom_exc((NameError, CheckFailed), handle)


#: The grader's own code: frames from here are not shown to the student.
_GRADER = str(Path(__file__).resolve().parent)


def _from_the_answer_on(tb):
    """The part of traceback ``tb`` that starts at the first frame outside the grader."""
    while tb is not None and tb.tb_frame.f_code.co_filename.startswith(_GRADER):
        tb = tb.tb_next
    return tb


def _show(shell, etype, value, lines) -> None:
    """Show ``lines`` as the cell's error output (the cell fails, as with any exception)."""
    show = getattr(shell, "_showtraceback", None)  # shows exactly these lines, as an error
    if callable(show):
        show(etype, value, lines)
    else:  # an IPython without it: the usual display, with its "%tb" line
        shell.showtraceback((etype, value, None), exception_only=True)


def show_check_failure(shell, etype, value, tb, tb_offset=None):
    """IPython custom exception handler of CheckFailed: the answer's own error, from its
    first line of student code on, then the check's message; no frame of the grader."""
    lines = []
    cause = value.__cause__
    if cause is not None and _from_the_answer_on(cause.__traceback__) is not None:
        lines = shell.InteractiveTB.structured_traceback(
            type(cause), cause, _from_the_answer_on(cause.__traceback__))
        lines = [*lines, "", "The check says:"]
    lines += shell.InteractiveTB.get_exception_only(etype, value)
    _show(shell, etype, value, lines)
    return None


def explain_name_error(shell, etype, value, tb, tb_offset=None):
    """IPython custom exception handler; see the module docstring."""
    from robodyn.grading.answerkey import keyed_exercise
    from robodyn.grading.results import CheckResult, publish
    from robodyn.grading.run import CheckFailed

    history = list(shell.user_ns.get("_ih", []))
    cell = history[-1] if history else ""
    match = _CHECK_ID.search(cell)
    missing = getattr(value, "name", None)
    exercise = None
    if match and missing:
        try:
            exercise = keyed_exercise(match.group(1))
        except ValueError:
            exercise = None
    if exercise is None or missing != exercise.function_name:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return None
    summary, detail = _why_missing(missing, history[:-1])
    text = (f"{exercise.exercise_id}: {summary}\n\n{detail}\n"
            f"Fix the answer cell, run it (Shift+Enter), then run this check again.")
    publish(CheckResult(exercise.exercise_id, "failed", f"{exercise.exercise_id}: {summary}"),
            "")
    failure = CheckFailed(text)
    _show(shell, CheckFailed, failure, shell.InteractiveTB.get_exception_only(CheckFailed,
                                                                              failure))
    return None


def _why_missing(name: str, earlier_cells: list[str]) -> tuple[str, str]:
    """Summary and detail of why ``name`` is undefined, from the cells run before this one."""
    definition = re.compile(rf"^\s*(def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*=",
                            re.MULTILINE)
    for source in reversed(earlier_cells):
        if not definition.search(source):
            continue
        try:
            compile(source, "<answer cell>", "exec")
        except SyntaxError as error:
            where = f"line {error.lineno}" if error.lineno else "the answer cell"
            text = (error.text or "").rstrip()
            shown = f"\n    {text}" if text else ""
            return (f"the answer cell above did not run: SyntaxError on {where} "
                    f"({error.msg})",
                    f"{name} is not defined because the cell that defines it has a syntax "
                    f"error, so none of it ran.\nLine {error.lineno}:{shown}")
        return (f"the answer cell above stopped with an error before defining {name}",
                f"The cell that defines {name} ran but raised an error before the `def` "
                f"line was reached; its output shows the error.")
    return (f"{name} is not defined: the answer cell above was not run",
            f"Run the cell that defines {name} (Shift+Enter) before this check cell.")
