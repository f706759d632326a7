"""Checks of the exercise answers, with feedback a student can act on.

After each exercise a check cell calls :func:`check` with the exercise's id and the student's
answer. The check calls the answer on fixed inputs, on random inputs drawn with a fixed seed,
and on NumPy arrays, and compares every output with the reference the way the exercise
declares for it (:mod:`robodyn.grading.compare`), within the exercise's own tolerance. It
judges with the answer key (:mod:`robodyn.grading.answerkey`): the reference's outputs and the
typical mistakes' on those inputs, as data; the references themselves, in ``robodyn/checks``,
are not in a student's copy.

- A pass shows one PASSED line (wrapped to the page).
- A wrong answer raises :class:`CheckFailed` (an ``AssertionError``). Its message shows the
  call, the expected and the returned values and the tolerance; when a typical mistake of the
  exercise explains the answer on every input, it names the mistake and gives a hint.
- An answer that still raises ``NotImplementedError`` raises :class:`NotAttempted`.
- In a notebook each check also publishes a structured result (:mod:`robodyn.grading.results`)
  that ``make check`` reads.

The parts: :mod:`~robodyn.grading.records` (what a chapter writes: Exercise, Case, Output,
Mistake), :mod:`~robodyn.grading.compare` (comparators), :mod:`~robodyn.grading.adapters`
(how an answer is called), :mod:`~robodyn.grading.run` (running a check, the feedback),
:mod:`~robodyn.grading.registry` (ids to check modules), :mod:`~robodyn.grading.results` and
:mod:`~robodyn.grading.notebook` (the notebook side). The exercises themselves are in
``robodyn/checks/<subject>.py``.

>>> def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
...     v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
...     omega = (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width
...     return v, omega
>>> check("diffdrive.forward_kinematics", forward_kinematics)
PASSED diffdrive.forward_kinematics: 13 cases (fixed, seeded random,
    arrays); v, omega within rtol=1e-09, atol=1e-12
>>> def swapped_wheels(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
...     return forward_kinematics(phi_dot_l, phi_dot_r, radius_l, radius_r, track_width)
>>> check("diffdrive.forward_kinematics", swapped_wheels)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
robodyn.grading.run.CheckFailed: diffdrive.forward_kinematics: wrong result — looks like
the wheels are swapped in omega (omega has the wrong sign)
...
"""

from __future__ import annotations

import dataclasses

from robodyn import SUBJECTS
from robodyn.grading.adapters import CallFunction, ReadAttributes, StepObject, StepResults
from robodyn.grading.answerkey import keyed_exercise, keyed_ids
from robodyn.grading.compare import (
    Angle,
    Close,
    Expression,
    Property,
    Quaternion,
    RotationMatrix,
    euler_angles_property,
    least_squares_property,
)
from robodyn.grading.notebook_format import (
    BEGIN,
    CHECK_CALL,
    END,
    INSTALL_CELL_ID,
    cell_points,
    valid_points,
)
from robodyn.grading.records import (
    SEED,
    Case,
    Exercise,
    Mistake,
    Output,
    rounded_uniform,
    with_hint,
)
from robodyn.grading.registry import description, exercise_ids, get_exercise
from robodyn.grading.results import CheckResult
from robodyn.grading.run import CheckFailed, NotAttempted, evaluate

#: The packages of the book's models (the shared laws, the sources' robots, the chapters'
#: subjects), which the chapters import and the student release ships (classgrade.release).
MODEL_PACKAGES = ("laws", "sources", *SUBJECTS)

__all__ = [
    "BEGIN",
    "CHECK_CALL",
    "END",
    "INSTALL_CELL_ID",
    "MODEL_PACKAGES",
    "SEED",
    "StepResults",
    "cell_points",
    "valid_points",
    "Angle",
    "CallFunction",
    "Case",
    "CheckFailed",
    "CheckResult",
    "Close",
    "Exercise",
    "Expression",
    "Mistake",
    "NotAttempted",
    "Output",
    "Property",
    "Quaternion",
    "ReadAttributes",
    "RotationMatrix",
    "StepObject",
    "check",
    "description",
    "euler_angles_property",
    "evaluate",
    "explain_missing_answers",
    "exercise_ids",
    "get_exercise",
    "keyed_exercise",
    "keyed_ids",
    "least_squares_property",
    "rounded_uniform",
    "with_hint",
]


def check(exercise_id: str, answer) -> None:
    """Check a student's answer for the exercise ``exercise_id``; show one line if it passes.

    Parameters
    ----------
    exercise_id : str
        One of :func:`exercise_ids`, e.g. ``"diffdrive.forward_kinematics"``.
    answer : callable
        The student's function (or class, for an exercise that steps an object).

    Raises
    ------
    NotAttempted
        If ``answer`` still raises ``NotImplementedError``.
    CheckFailed
        If ``answer`` is not callable, raises another exception, returns the wrong structure
        or shape, returns NaN, changes its input arrays, or returns a wrong value.
    ParameterError
        If ``exercise_id`` is unknown (not in the answer key).

    Notes
    -----
    The tolerances belong to the exercise; the PASSED line and the feedback state them.

    A right answer prints one line, ``PASSED <exercise id>: <number> cases (<kinds>);
    <outputs> within <tolerance>``. A wrong one raises :class:`CheckFailed` with the call,
    the expected and the received values, and the mistake when it recognises one (no answer
    of an exercise is written here: the package a student has holds none).

    Examples
    --------
    >>> def turning_radius(pose, goal, speed, wheel_radius, track_width):
    ...     return 1.0, speed / wheel_radius, speed / wheel_radius  # a straight line
    >>> check("diffdrive.turning_radius", turning_radius)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robodyn.grading.run.CheckFailed: diffdrive.turning_radius: wrong result for the chapter's \
robot at its first waypoint, heading along x, the next one ahead and to the left
    ...
    """
    __tracebackhide__ = True
    from robodyn.grading.results import publish

    outcome = evaluate(keyed_exercise(exercise_id), answer)
    publish(dataclasses.replace(outcome.result, credit=outcome.credit), outcome.text)
    if outcome.failure is not None:
        raise outcome.failure  # the message below says what went wrong


def explain_missing_answers() -> None:
    """In a notebook, make a check cell whose answer is not defined say why, and a failed
    check show its message rather than a traceback through the grader.

    Without it, such a check cell fails with ``NameError: name 'forward_kinematics' is not
    defined``, which points at the wrong cell. The exercise notebooks call this once, in
    their set-up cell; it makes :func:`robodyn.grading.notebook.explain_name_error`
    IPython's handler of NameError, which says what happened to the answer cell above (a
    syntax error and its line, an error before the ``def``, or that it was not run), and
    :func:`robodyn.grading.notebook.show_check_failure` the handler of :class:`CheckFailed`.
    Importing the package changes nothing: this is the one call that does. Outside IPython
    (a script, a test) it does nothing.
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the book's requirements
        return
    shell = get_ipython()
    if shell is not None and hasattr(shell, "set_custom_exc"):
        from robodyn.grading.notebook import install

        install(shell)
