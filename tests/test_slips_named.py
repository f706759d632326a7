"""The checks against a class's typical wrong answers, written apart from them (issue 22).

Three sets, each written by someone who had not read ``robodyn/checks`` (nor, for the later
ones, the earlier sets), from what a student sees: the exercise notebooks, the chapters and
the public grading API. ``tests/slips/<subject>.py`` is the first; ``tests/slips/second/`` the
second, written later and measured blind before any check changed for it;
``tests/slips/third/`` the third, for the seven exercises added last, measured so too (see
their docstrings for the figures). For every exercise they hold the slips a class really
makes (a degree for a radian, a dropped factor 1/2, a sign, sin for cos, a transpose for an
inverse, a forgotten term, a boundary the wrong way round, ...). Two promises of the book
are tested on them:

- every slip is rejected: a slip that passes is a defect of its check;
- nine in ten of each subject's slips, in each set, are *named*: the first line of the
  feedback says "looks like <the mistake>".

And the sets themselves are sound: the later writers' right answers pass, and no two slips
of an exercise (nor a slip and a right answer) return the same values on the check's cases.

Run as a script, ``python tests/test_slips_named.py`` prints a table per exercise: slips,
named, rejected but not named, passed; and the share named, per set and in all.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
import sympy as sp
from slips import arm, contact, diffdrive, egg, friction, second, stickslip, vacuum
from slips.second import arm as arm2
from slips.second import contact as contact2
from slips.second import diffdrive as diffdrive2
from slips.second import egg as egg2
from slips.second import friction as friction2
from slips.second import right
from slips.second import stickslip as stickslip2
from slips.second import vacuum as vacuum2
from slips.third import EXERCISES as THIRD_EXERCISES
from slips.third import contact as contact3
from slips.third import diffdrive as diffdrive3
from slips.third import friction as friction3
from slips.third import right_diffdrive_stickslip_vacuum, right_friction_contact
from slips.third import stickslip as stickslip3
from slips.third import vacuum as vacuum3

from robodyn.grading import evaluate, exercise_ids, get_exercise

#: Some slips divide by zero or take the root of a negative number, as a student's would.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

#: The slip modules of each set by subject, in the book's order.
SETS = {
    "first": {"arm": arm, "friction": friction, "contact": contact, "diffdrive": diffdrive,
              "stickslip": stickslip, "egg": egg, "vacuum": vacuum},
    "second": {"arm": arm2, "friction": friction2, "contact": contact2,
               "diffdrive": diffdrive2, "stickslip": stickslip2, "egg": egg2,
               "vacuum": vacuum2},
    "third": {"friction": friction3, "contact": contact3, "diffdrive": diffdrive3,
              "stickslip": stickslip3, "vacuum": vacuum3},
}

#: The exercises each set has slips for: all of the book's, or those the set names.
COVERS = {"first": None, "second": None, "third": THIRD_EXERCISES}

#: The third set's writers' own right answers, by exercise id.
THIRD_RIGHT = {**right_friction_contact.RIGHT, **right_diffdrive_stickslip_vacuum.RIGHT}


def covered(set_name: str) -> list[str]:
    """The exercise ids a set has slips for."""
    return sorted(COVERS[set_name] or exercise_ids())
assert second.__doc__

#: Every slip: (set, exercise id, function), in the modules' order.
SLIPS = [(name, *slip) for name, modules in SETS.items() for module in modules.values()
         for slip in module.SLIPS]

#: The share of a subject's slips that must be named, in each set.
NAMED_SHARE = 0.9


def _slip_id(slip) -> str:
    set_name, exercise_id, function = slip
    return f"{set_name}-{exercise_id}-{function.__name__}"


@functools.cache
def _outcome(exercise_id: str, function):
    """The check's outcome for one slip (each slip is checked once per run)."""
    return evaluate(get_exercise(exercise_id), function)


def _status(exercise_id: str, function) -> str:
    """'passed', 'named' or 'unnamed' (rejected without naming the mistake)."""
    outcome = _outcome(exercise_id, function)
    if outcome.failure is None:
        return "passed"
    return "named" if "looks like" in outcome.result.summary else "unnamed"


def _doc(function) -> str:
    return (function.__doc__ or "").strip().splitlines()[0] if function.__doc__ else ""


@pytest.mark.parametrize("set_name", list(SETS))
def test_slips_cover_every_exercise(set_name):
    """Each exercise a set covers (the book's, or those it names) has its slips in it; no
    slip names an unknown exercise or one of another subject."""
    ids = set(covered(set_name))
    slipped = {exercise_id for name, exercise_id, _ in SLIPS if name == set_name}
    assert slipped <= ids, f"slips of unknown exercises: {sorted(slipped - ids)}"
    assert ids <= slipped, f"exercises without slips: {sorted(ids - slipped)}"
    assert all(exercise_id.split(".")[0] == subject
               for subject, module in SETS[set_name].items()
               for exercise_id, _ in module.SLIPS)


def test_slips_are_documented_and_distinct():
    """Each slip says its mistake in one line, and no function is listed twice."""
    names = [_slip_id(slip) for slip in SLIPS]
    assert len(names) == len(set(names)), "a slip is listed twice"
    undocumented = [name for name, (_, _, function) in zip(names, SLIPS, strict=True)
                    if not _doc(function)]
    assert not undocumented, f"slips without a docstring: {undocumented}"


@pytest.mark.parametrize("exercise_id", sorted(right.RIGHT))
def test_the_second_writers_right_answers_pass(exercise_id):
    """Right answers written from the text alone, by the second set's writer, pass."""
    assert sorted(right.RIGHT) == exercise_ids()
    outcome = evaluate(get_exercise(exercise_id), right.RIGHT[exercise_id])
    assert outcome.failure is None, str(outcome.failure)


@pytest.mark.parametrize("exercise_id", sorted(THIRD_RIGHT))
def test_the_third_writers_right_answers_pass(exercise_id):
    """Right answers written from the text by the third set's writers pass."""
    assert sorted(THIRD_RIGHT) == sorted(THIRD_EXERCISES)
    outcome = evaluate(get_exercise(exercise_id), THIRD_RIGHT[exercise_id])
    assert outcome.failure is None, str(outcome.failure)


def test_the_third_set_is_named_but_for_its_grid_scan():
    """The checks were taught the third set's slips after its blind measure: each is named
    now but 3.4's grid scan for the limit (a numerical method, off by its grid's spacing),
    so a check that loses one of them fails here, not just under the 90 % line."""
    unnamed = [function.__name__ for name, exercise_id, function in SLIPS
               if name == "third" and _status(exercise_id, function) != "named"]
    assert unnamed == ["step_coarse_scan"]


def _values(exercise, answer) -> list:
    """What ``answer`` returns on each of the check's cases, or the name of what it raised."""
    values = []
    for case in exercise.cases():
        try:
            with np.errstate(all="ignore"):
                model, trouble = exercise.normalise(exercise.run(answer, case))
        except Exception as error:  # a slip may raise
            values.append(f"raised {type(error).__name__}")
            continue
        values.append(model if not trouble else f"unusable: {trouble}")
    return values


def _same(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b):
        return all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, sp.Basic) or isinstance(b, sp.Basic):
        try:
            return sp.simplify(sp.sympify(a) - sp.sympify(b)) == 0
        except (TypeError, sp.SympifyError):
            return False
    try:
        x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    except (TypeError, ValueError):
        return False
    return x.shape == y.shape and bool(np.allclose(x, y, rtol=1e-9, atol=1e-12,
                                                   equal_nan=True))


@pytest.mark.parametrize(("set_name", "exercise_id"),
                         [(name, exercise_id) for name in SETS for exercise_id in covered(name)])
def test_slips_of_an_exercise_differ(set_name, exercise_id):
    """No two slips of one exercise in a set, nor a slip and a right answer, return the same
    values on every case of the check: no slip is counted twice, none is right."""
    exercise = get_exercise(exercise_id)
    values = {function.__name__: _values(exercise, function)
              for name, slip_id, function in SLIPS if name == set_name and slip_id == exercise_id}
    values["(right answer)"] = _values(exercise, right.RIGHT[exercise_id])
    names = list(values)
    same = [f"{a} and {b}" for i, a in enumerate(names) for b in names[i + 1:]
            if all(_same(x, y) for x, y in zip(values[a], values[b], strict=True))]
    assert not same, "these return the same values on every case: " + "; ".join(same)


@pytest.mark.parametrize("slip", SLIPS, ids=_slip_id)
def test_every_slip_is_rejected(slip):
    """A typical wrong answer must fail its check: a pass is a defect of the check."""
    _, exercise_id, function = slip
    outcome = _outcome(exercise_id, function)
    if outcome.failure is None:
        pytest.fail(f"{exercise_id}: the slip {function.__name__} PASSED its check.\n"
                    f"    The slip: {_doc(function)}\n"
                    f"    The check said: {outcome.result.summary}", pytrace=False)


@pytest.mark.parametrize(("set_name", "subject"),
                         [(name, subject) for name, modules in SETS.items()
                          for subject in modules], ids=lambda value: value)
def test_nine_in_ten_slips_are_named(set_name, subject):
    """At least 90 % of a subject's slips in each set are named ("looks like ...")."""
    slips = SETS[set_name][subject].SLIPS
    unnamed = [(exercise_id, function) for exercise_id, function in slips
               if _status(exercise_id, function) != "named"]
    named = len(slips) - len(unnamed)
    if named < NAMED_SHARE * len(slips):
        lines = [f"{exercise_id} | {function.__name__} | {_doc(function)} | "
                 f"{_outcome(exercise_id, function).result.summary}"
                 for exercise_id, function in unnamed]
        pytest.fail(f"{subject} ({set_name} set): {named} of {len(slips)} slips named "
                    f"({named / len(slips):.0%}), at least {NAMED_SHARE:.0%} wanted; not named "
                    f"(exercise | slip | its mistake | the check's summary):\n"
                    + "\n".join(lines), pytrace=False)


def table(set_names=tuple(SETS)) -> str:
    """Per exercise: the number of slips, named, rejected but not named, passed."""
    rows, totals = [], {"slips": 0, "named": 0, "unnamed": 0, "passed": 0}
    by_exercise: dict[str, list] = {}
    for set_name, exercise_id, function in SLIPS:
        if set_name in set_names:
            by_exercise.setdefault(exercise_id, []).append(function)
    width = max(len(exercise_id) for exercise_id in by_exercise)
    header = f"{'exercise':<{width}}  slips  named  unnamed  passed"
    rows += [f"slips of the {' and '.join(set_names)} set{'s' if len(set_names) > 1 else ''}",
             header, "-" * len(header)]
    for exercise_id, functions in by_exercise.items():
        statuses = [_status(exercise_id, function) for function in functions]
        counts = {key: statuses.count(key) for key in ("named", "unnamed", "passed")}
        rows.append(f"{exercise_id:<{width}}  {len(functions):5d}  {counts['named']:5d}  "
                    f"{counts['unnamed']:7d}  {counts['passed']:6d}")
        totals["slips"] += len(functions)
        for key, count in counts.items():
            totals[key] += count
    rows.append("-" * len(header))
    rows.append(f"{'all':<{width}}  {totals['slips']:5d}  {totals['named']:5d}  "
                f"{totals['unnamed']:7d}  {totals['passed']:6d}")
    rows.append(f"named: {totals['named']} of {totals['slips']} "
                f"({totals['named'] / totals['slips']:.1%})")
    return "\n".join(rows)


if __name__ == "__main__":
    for name in SETS:
        print(table((name,)), end="\n\n")
    print(table())
