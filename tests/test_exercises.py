"""One test for every exercise of every chapter: its check accepts, rejects and names.

For each id of ``robodyn.grading.exercise_ids()``: the reference passes; the untouched stub is
"not attempted"; every listed mistake is rejected and named by its own message; no two
listed mistakes (nor a mistake and the reference) are indistinguishable on the cases; an
answer that memorised the fixed cases fails on the seeded ones; an answer that raises,
returns None, NaN or the wrong shape, or changes its input gets a clear message. A new
chapter needs no grading test of its own beyond its list of mistakes.
"""

import copy
import re

import numpy as np
import pytest

from robodyn.grading import (
    CheckFailed,
    NotAttempted,
    evaluate,
    get_exercise,
    keyed_exercise,
    keyed_ids,
)

#: The exercises (by the answer key, so that the release collects the module to skip it).
IDS = keyed_ids()
#: Each test here judges with the live exercises of robodyn/checks.
pytestmark = pytest.mark.checks


def outcome(exercise_id, answer):
    return evaluate(get_exercise(exercise_id), answer)


def first_line(exercise_id, answer) -> str:
    return outcome(exercise_id, answer).result.summary


def wrapped(exercise, transform):
    """The reference, with every raw result passed through ``transform(raw, args)``."""
    return exercise.adapter.wrap(exercise.reference, transform)


def test_there_are_exercises():
    """The book has at least the five exercises of chapter 4, each id '<subject>.<name>'."""
    assert len(IDS) >= 5 and all(i.count(".") == 1 for i in IDS)


@pytest.mark.parametrize("exercise_id", IDS)
def test_reference_passes(exercise_id):
    """The reference answer passes, and the PASSED line states its cases and tolerances."""
    exercise = get_exercise(exercise_id)
    result = outcome(exercise_id, exercise.reference)
    assert result.failure is None and result.result.status == "passed"
    assert result.result.summary.startswith(f"PASSED {exercise_id}: ")
    for output in exercise.outputs:
        assert output.compare.tolerance() in result.result.summary


@pytest.mark.parametrize("exercise_id", IDS)
def test_stub_is_not_attempted(exercise_id):
    """An answer that still raises NotImplementedError is reported as not attempted."""

    def stub(*args):
        raise NotImplementedError("Exercise N.M")

    result = outcome(exercise_id, stub)
    assert isinstance(result.failure, NotAttempted)
    assert result.result.status == "not attempted"
    assert result.result.summary == f"{exercise_id}: not attempted"
    assert "raise NotImplementedError(...)" in str(result.failure)


def mistake_cases():
    return [(i, m.name) for i in IDS for m in keyed_exercise(i).mistakes]


@pytest.mark.parametrize(("exercise_id", "name"), mistake_cases(),
                         ids=[f"{i}: {n[:40]}" for i, n in mistake_cases()])
def test_each_listed_mistake_is_rejected_and_named(exercise_id, name):
    """Each typical mistake fails, and its own name is in the first line of the feedback."""
    exercise = get_exercise(exercise_id)
    mistake = next(m for m in exercise.mistakes if m.name == name)
    result = outcome(exercise_id, mistake.answer)
    assert isinstance(result.failure, CheckFailed)
    assert f"looks like {name}" in result.result.summary
    assert f"Hint: {mistake.hint[:30]}" in str(result.failure).replace("\n    ", " ")


def raw_outputs(exercise, answer):
    """Per case: the normalised outputs of ``answer``, or the type of the error it raised."""
    found = []
    for case in exercise.cases():
        try:
            with np.errstate(all="ignore"):
                raw = exercise.run(answer, case)
        except Exception as error:  # mistakes may raise, as students' answers do
            found.append((type(error), str(error)))
            continue
        values, trouble = exercise.normalise(raw)
        found.append(trouble or values)
    return found


def explains_everywhere(exercise, answer_outputs, model_outputs, message: str = "") -> bool:
    """True if the model's outputs explain the answer's on every case, as the check decides:
    an error by its type, and by ``message`` (a mistake's regular expression) if it has one."""
    for case, got, model in zip(exercise.cases(), answer_outputs, model_outputs, strict=True):
        raised = [isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], type)
                  for x in (got, model)]
        if any(raised):
            if not all(raised) or got[0] is not model[0] or (
                    message and re.search(message, got[1]) is None):
                return False
            continue
        if isinstance(got, str) or isinstance(model, str):
            if got != model:
                return False
            continue
        for output, g, m in zip(exercise.outputs, got, model, strict=True):
            if not output.compare.explains(g, m, case.args):
                return False
    return True


@pytest.mark.parametrize("exercise_id", IDS)
def test_mistakes_are_distinguishable_on_the_cases(exercise_id):
    """No mistake explains another one, or the reference, on every case."""
    exercise = get_exercise(exercise_id)
    answers = [("the reference", exercise.reference, "")] + [(m.name, m.answer, m.message)
                                                             for m in exercise.mistakes]
    outputs = {name: raw_outputs(exercise, answer) for name, answer, _ in answers}
    for first, _, _ in answers:
        for second, _, message in answers:
            if first != second:
                assert not explains_everywhere(exercise, outputs[first], outputs[second],
                                               message), (
                    f"{second!r} explains {first!r} on every case: add a case that tells "
                    f"them apart")


def freeze(value):
    """A hashable stand-in for nested arguments with arrays."""
    if isinstance(value, np.ndarray):
        return ("array", value.shape, tuple(np.asarray(value, float).ravel().tolist()))
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return repr(value)


@pytest.mark.parametrize("exercise_id", IDS)
def test_an_answer_that_memorised_the_fixed_cases_fails(exercise_id):
    """Replaying the reference's results for the fixed cases fails on a seeded random case."""
    exercise = get_exercise(exercise_id)
    table = {}

    def record(raw, args):
        table.setdefault(freeze(args), copy.deepcopy(raw))
        return raw

    recorder = wrapped(exercise, record)
    for case in exercise.cases():
        if case.kind == "fixed":
            exercise.run(recorder, case)
    first = next(iter(table.values()))
    memorised = wrapped(exercise, lambda raw, args: copy.deepcopy(table.get(freeze(args),
                                                                            first)))
    summary = first_line(exercise_id, memorised)
    assert summary.startswith(f"{exercise_id}: wrong result for") or "not vectorised" in \
        summary or "wrong shape" in summary
    assert "fixed" not in summary


def nan_like(exercise, raw):
    values, _ = exercise.normalise(raw)
    nans = tuple(np.full(np.shape(v), np.nan) for v in values)
    return nans[0] if len(nans) == 1 else nans


def extra_axis(exercise, raw):
    values, _ = exercise.normalise(raw)
    grown = tuple(np.asarray(v)[..., np.newaxis] for v in values)
    return grown[0] if len(grown) == 1 else grown


@pytest.mark.parametrize("exercise_id", IDS)
def test_misbehaving_answers_get_clear_messages(exercise_id):
    """Raising, returning None, NaN or a wrong shape each get a first line that says so."""
    exercise = get_exercise(exercise_id)

    def raise_value_error(raw, args):
        raise ValueError("boom")

    expectations = [
        (raise_value_error, "raised ValueError: boom"),
        (lambda raw, args: None, "returned None"),
        (lambda raw, args: nan_like(exercise, raw), "nan"),
    ]
    if all(output.compare.has_shape for output in exercise.outputs):
        expectations.append((lambda raw, args: extra_axis(exercise, raw), "wrong shape"))
    for transform, words in expectations:
        summary = first_line(exercise_id, wrapped(exercise, transform))
        assert summary.startswith(f"{exercise_id}: ") and words in summary, (words, summary)


@pytest.mark.parametrize("exercise_id", IDS)
def test_an_answer_that_changes_its_input_is_told(exercise_id):
    """Changing an input array in place is reported, naming that input."""
    exercise = get_exercise(exercise_id)
    if not any(isinstance(a, np.ndarray) for case in exercise.cases() for a in case.args):
        pytest.skip("no case passes an array")

    def mutate(raw, args):
        for argument in args:
            if isinstance(argument, np.ndarray) and argument.size:
                argument.flat[0] += 1.0
                break
        return raw

    summary = first_line(exercise_id, wrapped(exercise, mutate))
    assert "changed its input" in summary and "in place" in summary


@pytest.mark.parametrize("exercise_id", IDS)
def test_passing_the_result_instead_of_the_answer_is_explained(exercise_id):
    """check(id, f(...)) instead of check(id, f) says a function (or class) was expected."""
    summary = first_line(exercise_id, 0.75)
    assert summary.startswith(f"{exercise_id}: expected a ")
