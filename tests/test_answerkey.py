"""The answer key (robodyn.grading.answerkey): the notebooks' checks judge without the checks' code.

- the key files are what the check modules compile to now (``make exercises`` writes them);
- a check judged with the key gives the live check's verdict and message, word for word, on
  every slip of ``tests/slips`` and every writer's right answer (in test_slips_named.py, beside
  the slips);
- the key holds data only: no expression of an answer, no code, no name of a check module;
  its reader refuses a key that names anything outside the book's package or inside its
  checks, and a value it does not know;
- ``check()`` works, and names a slip, with ``robodyn.checks`` impossible to import (as in
  the student release);
- a keyed exercise has no reference, no mistake model and no hidden cases.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
import sympy as sp
from checkcases import LOOKED_UP

from booktools.answerkeys import out_of_date, same_key, write_keys
from robodyn.arm import PlanarArm
from robodyn.core.errors import ParameterError
from robodyn.grading import Close, Expression, exercise_ids, get_exercise
from robodyn.grading.answerkey import (
    KEYS,
    AnswerKeyError,
    decode,
    encode,
    key_path,
    key_text,
    keyed_exercise,
    keyed_ids,
)
from robodyn.grading.compare import Samples
from robodyn.grading.judges import CloseOrOther
from robodyn.grading.standins import StepClimber

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.checks
def test_the_keys_are_what_the_checks_compile_to():
    """Every subject with a check module has its key, as the module compiles to now."""
    problems = out_of_date()
    assert problems == [], "\n".join(problems) + "\nRun `make exercises`."


@pytest.mark.checks
def test_a_stale_or_stray_key_is_told(tmp_path):
    written = write_keys(tmp_path)
    assert out_of_date(tmp_path) == []
    text = written[0].read_text(encoding="utf-8")
    written[0].write_text(text.replace('"fixed"', '"seeded random"', 1), encoding="utf-8")
    (tmp_path / "pendulum.json").write_text("{}", encoding="utf-8")
    problems = out_of_date(tmp_path)
    assert any(f"{written[0].name} differs" in p for p in problems), problems
    assert any("pendulum.json has no check module" in p for p in problems), problems
    written[1].unlink()
    assert any(f"{written[1].name} is missing" in p for p in out_of_date(tmp_path))


def test_keys_that_differ_in_their_last_bits_are_the_same_and_no_more():
    """A key written on another processor differs in the last bits of its numbers (OpenBLAS
    picks its kernels by the processor): the same key. A number changed more, a whole number,
    a string, a flag, a list's length or a field is a different key."""
    key = {"cases": [{"values": [-4.317597860684929, 0.0, 3, "fixed", True, None]}],
           "rtol": 1e-6}
    text = key_text(key)

    def changed(edit):
        other = json.loads(text)
        edit(other)
        return key_text(other)

    def value(index, new):
        return changed(lambda k: k["cases"][0]["values"].__setitem__(index, new))

    assert same_key(text, value(0, -4.317597860684928))
    assert same_key(text, value(1, 1e-17))
    for different in (value(0, -4.3176), value(1, 1e-6), value(2, 4), value(2, 3.0),
                      value(3, "seeded random"), value(4, False), value(5, 0.0),
                      changed(lambda k: k["cases"][0]["values"].pop()),
                      changed(lambda k: k.pop("rtol")), changed(lambda k: k.update(rtol=1e-5))):
        assert not same_key(text, different), different


@pytest.mark.checks
def test_every_exercise_has_its_key():
    assert keyed_ids() == exercise_ids()


@pytest.mark.parametrize("value", [
    None, True, 3, -0.0, 1.5e-300, float("inf"), float("-inf"), "text", 2 + 3j,
    (1, (2.5, "a")), [1, [2, 3]],
    np.arange(6.0).reshape(2, 3), np.array([1, 2], dtype=np.int32), np.array([True, False]),
    np.array([1 + 2j]), np.float64(0.1), np.int64(7), np.bool_(True),
    sp.Symbol("q1", real=True), sp.Symbol("m"), sp.Float("0.25"), sp.Rational(1, 3),
    sp.Integer(4),
], ids=repr)
def test_values_come_back_as_they_went_in(value):
    back = decode(json.loads(json.dumps(encode(value), allow_nan=False)))
    assert type(back) is type(value)
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and np.array_equal(back, value)
    elif isinstance(value, sp.Symbol):
        assert back == value and back.assumptions0 == value.assumptions0
    else:
        assert back == value and repr(back) == repr(value)


def test_nan_and_the_books_objects_come_back():
    assert np.isnan(decode(encode(float("nan"))))
    arm = decode(json.loads(json.dumps(encode(PlanarArm(masses=[2.0, 1.0], lengths=[0.3,
                                                                                   0.2])))))
    assert isinstance(arm, PlanarArm) and np.array_equal(arm.masses, [2.0, 1.0])
    climber = decode(encode(StepClimber(0.02)))
    assert isinstance(climber, StepClimber) and climber.highest == 0.02 and climber.asked == []
    compare = decode(encode(CloseOrOther(rtol=1e-6, others=(np.zeros(2),),
                                         free=np.array([True, False]), note="either way")))
    assert compare.rtol == 1e-6 and compare.note == "either way"
    assert np.array_equal(compare.free, [True, False])
    samples = decode(encode(Samples(np.array([1 + 0j, 2 + 0j]))))
    assert isinstance(samples, Samples) and np.array_equal(samples.values, [1, 2])


def _in_checks():
    """A function of a check module."""


_in_checks.__module__ = "robodyn.checks.arm"


@pytest.mark.parametrize(("value", "message"), [
    (np.array(["a"]), "dtype <U1 cannot go into the answer key"),
    (np.array([object()]), "cannot go into the answer key"),
    ({"a": 1}, "a dict cannot go into the answer key"),
    (object(), "an object cannot go into the answer key|a object cannot"),
    (os.getcwd, "cannot go into the answer key"),
    (_in_checks, "not of robodyn.checks"),
    (lambda x: x, "cannot go into the answer key"),
    (sp.Symbol("x") + 1, "cannot go into the answer key"),
])
def test_what_the_key_cannot_hold_is_refused_by_name(value, message):
    with pytest.raises(ParameterError, match=message):
        encode(value, "the case's args")


@pytest.mark.parametrize(("data", "message"), [
    ({"function": "os:system"}, "may not name os:system"),
    ({"object": "subprocess:Popen", "fields": {"args": "ls"}}, "may not name"),
    ({"function": "robodyn.checks.arm:_coriolis_reference"}, "may not name"),
    ({"object": "robodyn.grading.answerkey:KeyedExercise", "fields": {}}, "not a class the key"),
    ({"array": ["a"], "dtype": "<U1", "shape": [1]}, "dtype <U1"),
    ({"pickle": "gASV"}, "not a value of the answer key"),
    ({}, "not a value of the answer key"),
])
def test_a_key_naming_what_it_may_not_is_refused(data, message):
    with pytest.raises(AnswerKeyError, match=message):
        decode(data, "case 0")


def _names(data):
    """Every class and function a key's data names."""
    if isinstance(data, list):
        return [name for item in data for name in _names(item)]
    if isinstance(data, dict):
        own = [data[tag] for tag in ("object", "function") if tag in data]
        return own + [name for value in data.values() for name in _names(value)]
    return []


def test_the_key_files_hold_data_only():
    """No code, no check module's name, no expression of an answer: the kinetic energy of
    exercise 1.4 is kept by its values, not as a formula. What the keys name are the book's
    comparators, adapters, stand-ins and model classes."""
    named = set()
    for path in sorted(KEYS.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert "robodyn.checks" not in text, path.name
        named |= set(_names(json.loads(text)))  # plain JSON: no NaN or Infinity literals
    assert named and all(name.startswith(("robodyn.grading.", "robodyn.arm.")) for name in named), \
        sorted(named)
    arm = json.loads(key_path("arm").read_text(encoding="utf-8"))
    (energy,) = [entry for entry in arm["exercises"] if entry["id"] == "arm.kinetic_energy_2link"]
    kept = [case["expected"] for case in energy["cases"]] + [
        result["values"] for case in energy["cases"] for result in case["mistakes"]
        if "values" in result]
    assert kept and all(set(value["tuple"][0]) == {"samples"} for value in kept)


def test_a_keyed_exercise_has_no_reference_and_no_hidden_cases():
    exercise = keyed_exercise("diffdrive.forward_kinematics")
    assert exercise.reference is None
    assert all(mistake.answer is None for mistake in exercise.mistakes)
    with pytest.raises(ParameterError, match="hidden cases are drawn from the live exercise"):
        exercise.hidden_cases(5)
    with pytest.raises(ParameterError, match="known ids are"):
        keyed_exercise("diffdrive.no_such_exercise")


def test_a_failed_expression_shows_values_not_the_expected_formula():
    """Exercise 1.4's failure message says where the values differ, and never prints the
    expected kinetic energy (it was printed whole before)."""
    from robodyn.grading import check
    from robodyn.grading.run import CheckFailed

    def kinetic_energy(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
        return m1 * lc1**2 * qd1**2 / 2  # one term of many

    with pytest.raises(CheckFailed) as failure:
        check("arm.kinetic_energy_2link", kinetic_energy)
    text = " ".join(str(failure.value).split())
    assert "Expected: T = (an expression: the check compares its values at" in text
    assert "yours gives" in text and "the expected one" in text
    assert "cos" not in text and "qd2" not in text.split("Got:")[0].split("Expected:")[1]


@pytest.mark.checks
def test_comparators_for_must_give_the_outputs():
    live = get_exercise("diffdrive.heading_command")
    broken = type(live)(**{**live.__dict__, "comparators_for": lambda outputs, a, e: ()})
    case = broken.cases()[0]
    with pytest.raises(ParameterError, match="comparators_for must give the outputs"):
        broken.outputs_for(case, broken.expected(case))


BLOCKED = LOOKED_UP + textwrap.dedent("""
    import importlib.abc, sys

    class NoChecks(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "robodyn.checks" or name.startswith("robodyn.checks."):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoChecks())
    import numpy as np
    from robodyn.grading import check, exercise_ids
    from robodyn.grading.run import CheckFailed

    forward_kinematics = _looked_up("diffdrive.forward_kinematics")

    def doubled(*args):
        return tuple(2 * value for value in forward_kinematics(*args))

    check("diffdrive.forward_kinematics", forward_kinematics)
    try:
        check("diffdrive.forward_kinematics", doubled)
    except CheckFailed as failure:
        print("FAILED:", str(failure).splitlines()[0])
    assert "robodyn.checks" not in sys.modules
    try:
        exercise_ids()
    except ModuleNotFoundError as error:
        print("IDS:", error)
""")


def test_check_works_without_the_check_modules():
    """As in the student release: robodyn.checks cannot be imported; the check passes a right
    answer (its outputs looked up in the key), names a slip (the same doubled), and the
    registry of the live exercises says where they are."""
    run = subprocess.run([sys.executable, "-c", BLOCKED], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "PASSED diffdrive.forward_kinematics" in run.stdout
    assert "FAILED: diffdrive.forward_kinematics: wrong result — looks like v and omega both " \
           "twice too large" in run.stdout
    assert "IDS: robodyn.checks (the exercises' references and typical mistakes) is only in " \
           "the instructors' repository" in run.stdout


def test_expression_samples_need_finite_values():
    with pytest.raises(ParameterError, match="no finite value"):
        Expression(symbols=("x", "y"), low=0.0, high=0.0).keyed(sp.Symbol("x") / sp.Symbol("y"))


def test_close_shows_the_expected_value():
    assert Close().show_expected(np.array([1.0, 2.0])) == "array([1.0, 2.0])"


@pytest.mark.parametrize("returned", [[1], (1, 2), {"T": 1}])
def test_an_expression_exercise_tells_a_list_or_a_dict_from_an_expression(returned):
    """Exercise 1.4 answered with a list (or a pair, or a dict) is told what came back; the
    check itself does not crash (it raised AttributeError inside sympy's reader before)."""
    from robodyn.grading import check
    from robodyn.grading.run import CheckFailed

    def kinetic_energy(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
        return returned

    with pytest.raises(CheckFailed, match=r"T came back as a (list|tuple|dict), not a sympy "
                                          r"expression|expected a single|T came back"):
        check("arm.kinetic_energy_2link", kinetic_energy)


@pytest.mark.checks
def test_one_subjects_key_is_written_alone_and_an_unknown_subject_is_refused(tmp_path):
    """``python -m booktools.answerkeys egg`` (as ``make new-chapter`` runs it for its new
    subject) writes that key and touches no other; a subject without a check module is
    named in the refusal, with the subjects there are."""
    (tmp_path / "stray.json").write_text("{}", encoding="utf-8")
    written = write_keys(tmp_path, only=["egg"])
    assert [path.name for path in written] == ["egg.json"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["egg.json", "stray.json"]
    problems = out_of_date(tmp_path)
    assert "arm.json is missing" in problems and not any("egg.json" in p for p in problems)
    with pytest.raises(ParameterError, match=r"only=\['pendulum'\].*the subjects are arm"):
        write_keys(tmp_path, only=["egg", "pendulum"])
