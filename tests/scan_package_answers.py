"""No answer in what a student has: no callable of the package passes an exercise's check.

The search is :mod:`package_answers` (every callable a student's copy has, every argument
order, every reading of the result; see its docstring). It takes about four minutes of one
core for the forty exercises, too long for ``make test``'s loop, so this file is not named
``test_*.py``: ``make answers-scan`` runs it, and so does CI (``.ci/run``, a phase of its own).

:data:`STILL_ANSWERED` lists the exercises the package answers today, each with the callables
that do. They wait for their rewrite into an exercise that asks for the next step (a
generalisation, a variant of the robot, a design, a simulation the student writes). The test
holds the list exact: a callable that answers another exercise fails it, and so does an
exercise rewritten but left on the list. The list is the work that remains; the issue is done
when it is empty.

What the search does not try: a callable that needs an argument the exercise does not pass
(the friction law with its viscous coefficient set to 0 for Karnopp's exercise, say); the
class grader's hidden cases, which the answer key cannot compute, make a copy of such a
callable's code no answer either, but a student can still read it.
"""

from __future__ import annotations

import pytest
from package_answers import answers

from robodyn.grading import keyed_ids

#: The exercises the package answers as it stands, with the calls that do (issue 37, item 1).
STILL_ANSWERED: dict[str, list[str]] = {}


@pytest.mark.checks
@pytest.mark.parametrize("exercise_id", keyed_ids())
def test_no_callable_of_the_package_answers_the_exercise(exercise_id):
    found = answers(exercise_id)
    assert found == STILL_ANSWERED.get(exercise_id, []), (
        f"{exercise_id} is answered by {found or 'nothing'}; the list of exercises still "
        f"answered says {STILL_ANSWERED.get(exercise_id, 'none')}. An exercise that a "
        "callable answers asks for what the book already computes: ask for the next step "
        "(and update STILL_ANSWERED when an exercise is rewritten).")


def test_the_list_names_only_exercises_that_exist():
    assert set(STILL_ANSWERED) <= set(keyed_ids())
