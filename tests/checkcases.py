"""Helpers shared by the tests of the exercise checks (tests/test_checks_*.py)."""

from robodyn.grading import evaluate, get_exercise

#: Python text that defines ``_looked_up(exercise_id)``: an "answer" whose outputs are looked
#: up in the answer key by the case's arguments. It passes a notebook's check, on the key's
#: own cases, without being a solution a student of these files could copy (the release's
#: scan for written answers, classgrade.written_answers, finds none here).
LOOKED_UP = """
def _looked_up(exercise_id):
    import numpy
    from robodyn.grading import keyed_exercise
    key = keyed_exercise(exercise_id)
    table = [(case.args, key.expected(case)) for case in key.cases()]
    def answer(*args):
        return next(outputs for given, outputs in table
                    if all(numpy.array_equal(a, b) for a, b in zip(given, args)))
    return answer
"""


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
