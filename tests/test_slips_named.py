"""The checks against a class's typical wrong answers, written apart from them (issue 22).

``tests/slips/<subject>.py`` holds, for every exercise, the slips a class really makes (a
degree for a radian, a dropped factor 1/2, a sign, sin for cos, a transpose for an inverse, a
forgotten term, a boundary the wrong way round, ...), written by someone who had not read
``robodyn/checks`` from what a student sees: the exercise notebooks, the chapters and the
public grading API. Two promises of the book are tested on them:

- every slip is rejected: a slip that passes is a defect of its check;
- nine in ten of each subject's slips are *named*: the first line of the feedback says
  "looks like <the mistake>".

Run as a script, ``python tests/test_slips_named.py`` prints a table per exercise: slips,
named, rejected but not named, passed; and the share named over all of them.
"""

from __future__ import annotations

import functools

import pytest
from slips import arm, contact, diffdrive, egg, friction, stickslip, vacuum

from robodyn.grading import evaluate, exercise_ids, get_exercise

#: The slip modules by subject, in the book's order.
MODULES = {"arm": arm, "friction": friction, "contact": contact, "diffdrive": diffdrive,
           "stickslip": stickslip, "egg": egg, "vacuum": vacuum}

#: Every slip: (exercise id, function), in the modules' order.
SLIPS = [slip for module in MODULES.values() for slip in module.SLIPS]

#: The share of a subject's slips that must be named.
NAMED_SHARE = 0.9


def _slip_id(slip) -> str:
    exercise_id, function = slip
    return f"{exercise_id}-{function.__name__}"


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


def test_slips_cover_every_exercise():
    """Each exercise of the book has its slips; no slip names an unknown exercise."""
    ids = set(exercise_ids())
    slipped = {exercise_id for exercise_id, _ in SLIPS}
    assert slipped <= ids, f"slips of unknown exercises: {sorted(slipped - ids)}"
    assert ids <= slipped, f"exercises without slips: {sorted(ids - slipped)}"
    assert all(exercise_id.split(".")[0] == subject
               for subject, module in MODULES.items() for exercise_id, _ in module.SLIPS)


def test_slips_are_documented_and_distinct():
    """Each slip says its mistake in one line, and no function is listed twice."""
    names = [_slip_id(slip) for slip in SLIPS]
    assert len(names) == len(set(names)), "a slip is listed twice"
    undocumented = [name for name, (_, function) in zip(names, SLIPS, strict=True)
                    if not _doc(function)]
    assert not undocumented, f"slips without a docstring: {undocumented}"


@pytest.mark.parametrize("slip", SLIPS, ids=_slip_id)
def test_every_slip_is_rejected(slip):
    """A typical wrong answer must fail its check: a pass is a defect of the check."""
    exercise_id, function = slip
    outcome = _outcome(exercise_id, function)
    if outcome.failure is None:
        pytest.fail(f"{exercise_id}: the slip {function.__name__} PASSED its check.\n"
                    f"    The slip: {_doc(function)}\n"
                    f"    The check said: {outcome.result.summary}", pytrace=False)


@pytest.mark.parametrize("subject", list(MODULES))
def test_nine_in_ten_slips_are_named(subject):
    """At least 90 % of a subject's slips are named ("looks like ...") by their checks."""
    slips = MODULES[subject].SLIPS
    unnamed = [(exercise_id, function) for exercise_id, function in slips
               if _status(exercise_id, function) != "named"]
    named = len(slips) - len(unnamed)
    if named < NAMED_SHARE * len(slips):
        lines = [f"{exercise_id} | {function.__name__} | {_doc(function)} | "
                 f"{_outcome(exercise_id, function).result.summary}"
                 for exercise_id, function in unnamed]
        pytest.fail(f"{subject}: {named} of {len(slips)} slips named "
                    f"({named / len(slips):.0%}), at least {NAMED_SHARE:.0%} wanted; not named "
                    f"(exercise | slip | its mistake | the check's summary):\n"
                    + "\n".join(lines), pytrace=False)


def table() -> str:
    """Per exercise: the number of slips, named, rejected but not named, passed."""
    rows, totals = [], {"slips": 0, "named": 0, "unnamed": 0, "passed": 0}
    by_exercise: dict[str, list] = {}
    for exercise_id, function in SLIPS:
        by_exercise.setdefault(exercise_id, []).append(function)
    width = max(len(exercise_id) for exercise_id in by_exercise)
    header = f"{'exercise':<{width}}  slips  named  unnamed  passed"
    rows += [header, "-" * len(header)]
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
    print(table())
