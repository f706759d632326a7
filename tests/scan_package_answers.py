"""No answer in what a student has: no callable of the package passes an exercise's check.

The search is :mod:`package_answers` (every callable a student's copy has, every argument
order, every reading of the result, filled parameters; see its docstring). It takes about six
minutes on two workers (twelve of CPU) for the forty exercises, too long for ``make test``'s
loop, so this file is not named ``test_*.py``: ``make answers-scan`` runs it, and so does CI
(``.ci/run``, a phase of its own).

:data:`STILL_ANSWERED` lists the exercises the package answers today, each with the callables
that do. They wait for their rewrite into an exercise that asks for the next step (a
generalisation, a variant of the robot, a design, a simulation the student writes). The test
holds the list exact: a callable that answers another exercise fails it, and so does an
exercise rewritten but left on the list. The list is the work that remains; the issue is done
when it is empty.

A callable that takes more than the exercise passes is tried too, with each parameter that no
case argument takes filled as a student would fill it first (its default, 0.0, 1.0, the case
argument of its name): the book's Karnopp law with its viscous coefficient 0 answered the old
Karnopp exercise that way, and the last tests below hold the search to finding it. What the
search does not try: other constants, and a student's own code around a callable; the class
grader's hidden cases, which the answer key cannot compute, make a copy of a callable's code
no answer either, but a student can still read it.
"""

from __future__ import annotations

import numpy as np
import pytest
from package_answers import Candidate, _filled_orders, answers, search

from robodyn import friction
from robodyn.grading import Case, Close, Exercise, Output, keyed_ids

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


def _shown(target, names):
    return {Candidate(target.__name__, target, order, keywords=keywords).shown(names)
            for order, keywords in _filled_orders(target, len(names), names)}


def test_a_parameter_no_case_argument_takes_is_filled_as_a_student_fills_it():
    """Its default, 0.0, 1.0, the case argument of its name; up to two parameters a call."""
    def law(a, b=3.0, c=None):
        return a

    def needs_x(a, b, *, x):
        return a

    shown = _shown(law, ("a", "c"))
    assert {"law(a, 3.0, c)", "law(a, 0.0, c)", "law(a, 1.0, c)", "law(c, 3.0, a)",
            "law(0.0, a)", "law(1.0, 3.0, a)"} <= shown
    assert "law(a, c)" not in shown          # no fill: an order of the old search
    assert "law(a, c, 0.0)" not in shown     # after the last case argument, the default
    shown = _shown(needs_x, ("a", "x"))
    assert {"needs_x(a, x, x=0.0)", "needs_x(x, a, x=1.0)", "needs_x(a, 0.0, x=x)"} <= shown
    assert not any("0.0, x=0.0" in call and call.count("0.0") > 2 for call in shown)


def _old_karnopp_cases(rng):
    """The cases of the old exercise 2.3: sticking, at the band's edges, sliding, arrays."""
    cases = [Case((0.0, 0.3, 0.4, 0.5, 1e-3), "fixed"),
             Case((0.0, -0.7, 0.4, 0.5, 1e-3), "fixed"),
             Case((1e-3, 0.45, 0.4, 0.5, 1e-3), "fixed"),
             Case((-0.2, 0.3, 0.4, 0.5, 1e-3), "fixed")]
    for _ in range(2):
        cases.append(Case((round(rng.uniform(-0.01, 0.01), 4), round(rng.uniform(-2, 2), 3),
                           0.4, 0.6, 0.005), "seeded random"))
    velocity = np.where(rng.random(20) < 0.5, 0.0, np.round(rng.uniform(-0.5, 0.5, 20), 3))
    cases.append(Case((velocity, np.round(rng.uniform(-1, 1, 20), 3), 0.4, 0.5, 1e-3), "arrays"))
    return cases


#: The old exercise 2.3, Karnopp's force without a viscous part, as a stand-in.
_OLD_KARNOPP = Exercise(
    exercise_id="standin.karnopp", description="Karnopp's force, no viscous part (stand-in).",
    function_name="karnopp", arguments=("v", "applied", "Fc", "Fs", "dv"),
    outputs=(Output("force", Close(rtol=1e-9, atol=1e-12)),),
    reference=lambda v, applied, Fc, Fs, dv: friction.karnopp(v, applied, Fc, Fs, 0.0, dv),
    make_cases=_old_karnopp_cases)


@pytest.mark.checks
def test_the_search_finds_the_book_s_karnopp_law_with_its_viscous_part_filled_with_zero():
    """The red team's answer to the old exercise 2.3, found only with a filled parameter."""
    def coulomb_only(v, Fc):
        return -Fc * np.sign(v)

    callables = (("robodyn.friction.karnopp", friction.karnopp),
                 ("coulomb_only", coulomb_only))
    assert search(_OLD_KARNOPP, callables) == [
        "robodyn.friction.karnopp(v, applied, Fc, Fs, 0.0, dv)"]
    assert search(_OLD_KARNOPP, callables, fill=False) == []
