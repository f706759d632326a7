"""Helpers shared by the tests of the exercise checks (tests/test_checks_*.py)."""

from robodyn.grading import evaluate, get_exercise


def summary(exercise_id: str, answer) -> str:
    """The one-line verdict a student's ``answer`` gets from the check ``exercise_id``:
    ``"passed"``, or the failure's summary (which names a recognised mistake)."""
    result = evaluate(get_exercise(exercise_id), answer)
    return result.result.summary if result.failure else "passed"


def assert_generic_failure(exercise_id: str, answer) -> None:
    """The answer fails with the generic message: wrong, and no listed mistake named."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result for ")
    assert "looks like" not in line
