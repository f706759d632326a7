"""The grading core on toy exercises: comparators, adapters, normalisation, records, results.

None of these toy exercises belongs to a chapter; each is made here to pin one behaviour of
the machinery that the chapters' checks rely on.
"""

import json
import math

import numpy as np
import pytest
import sympy as sp

from robodyn.core.errors import ParameterError
from robodyn.grading import (
    Angle,
    Case,
    CheckFailed,
    Close,
    Exercise,
    Expression,
    Mistake,
    NotAttempted,
    Output,
    Quaternion,
    ReadAttributes,
    RotationMatrix,
    StepObject,
    check,
    euler_angles_property,
    evaluate,
    get_exercise,
    keyed_exercise,
    least_squares_property,
    rounded_uniform,
)
from robodyn.grading.adapters import format_number
from robodyn.grading.notebook import _why_missing
from robodyn.grading.results import RESULT_MIME, CheckResult, results_in


def summary(exercise, answer) -> str:
    return evaluate(exercise, answer).result.summary


def full_text(exercise, answer) -> str:
    result = evaluate(exercise, answer)
    return str(result.failure) if result.failure else result.text


def toy(outputs, reference, cases, arguments=("x",), mistakes=(), adapter=None, name="f"):
    """A toy exercise 'toy.<name>' whose cases are the given (args, kind) pairs."""
    made = [Case(args, kind) for args, kind in cases]
    extra = {} if adapter is None else {"adapter": adapter}
    return Exercise(
        exercise_id=f"toy.{name}", description="A toy.", function_name=name,
        arguments=arguments, outputs=outputs, reference=reference,
        make_cases=lambda rng: list(made), mistakes=mistakes, **extra,
    )


SCALAR_CASES = [((1.0,), "fixed"), ((2.5,), "seeded random"), ((np.array([0.5, 3.0]),), "arrays")]


# --------------------------------------------------------------------------- Close and Angle


def test_per_output_tolerances_are_applied_and_stated():
    """Each output has its own rtol/atol: 1e-7 off passes for one output and fails the other."""
    exercise = toy((Output("a", Close(rtol=1e-6)), Output("b", Close(rtol=1e-9))),
                   lambda x: (2 * x, 3 * x), SCALAR_CASES)
    assert evaluate(exercise, lambda x: (2 * x * (1 + 1e-7), 3 * x)).failure is None
    failure = full_text(exercise, lambda x: (2 * x, 3 * x * (1 + 1e-7)))
    assert "b[0]" in failure or "b: expected" in failure
    assert "a within rtol=1e-06, atol=1e-12; b within rtol=1e-09, atol=1e-12" in failure


def test_angle_entries_and_angle_outputs_compare_modulo_two_pi():
    """An angle off by whole turns passes; off by 0.1 rad it fails, and the note says why."""
    pose = toy((Output("pose", Close(angle_entries=(2,)), entries=("x", "y", "theta")),),
               lambda x: np.stack([x, x, x]), SCALAR_CASES)
    assert evaluate(pose, lambda x: np.stack([x, x, x + 4 * np.pi])).failure is None
    text = full_text(pose, lambda x: np.stack([x, x + 0.1, x + 2 * np.pi]))
    assert "pose[1] (y)" in text and "wrapping is not the problem" in text
    angle = toy((Output("phi", Angle(atol=1e-9)),), lambda x: x, SCALAR_CASES)
    assert evaluate(angle, lambda x: x - 2 * np.pi).failure is None
    assert "wrong result" in summary(angle, lambda x: x + 1e-6)


def test_an_infinite_expected_value_is_matched_only_by_the_same_infinity():
    """rtol |inf| is inf: without care any number would pass where inf is expected, and a
    mistake whose model gives inf would explain any answer. Only inf itself matches inf."""
    endless = toy((Output("h", Close(rtol=1e-6)),),
                  lambda x: np.where(x > 2.0, np.inf, x), SCALAR_CASES,
                  mistakes=(Mistake("always endless", "hint", lambda x: np.full_like(
                      np.asarray(x, float), np.inf)),))
    assert evaluate(endless, lambda x: np.where(x > 2.0, np.inf, x)).failure is None
    for wrong in (lambda x: np.asarray(x, float),                       # a number for inf
                  lambda x: np.where(x > 2.0, 1e300, x),                 # a huge number
                  lambda x: np.where(x > 2.0, -np.inf, x)):              # the other infinity
        text = full_text(endless, wrong)
        assert "wrong result" in text and "always endless" not in text, text
    assert "always endless" in full_text(endless, lambda x: np.full(np.shape(x), np.inf))


def test_signed_zero_is_shown_as_zero():
    """-0.0 prints as 0.0 in the feedback; other numbers print exactly when short."""
    assert format_number(-0.0) == "0.0" and format_number(0.1) == "0.1"
    assert format_number(1 / 3) == "0.333333333333"
    exercise = toy((Output("w"),), lambda x: -0.0 * x, SCALAR_CASES)
    assert "w = -0.0" not in full_text(exercise, lambda x: x + 1.0)


# --------------------------------------------------------------------------- rotations


def rot_z(angle):
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def rot_x(angle):
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


ANGLE_CASES = [((0.3,), "fixed"), ((1.7,), "seeded random"), ((-2.2,), "seeded random")]


def test_rotation_matrices_compare_by_angle_and_refuse_non_rotations():
    """The same rotation written differently passes; a reflection, a non-orthonormal matrix,
    or a rotation 1e-3 rad off are told apart."""
    exercise = toy((Output("R", RotationMatrix(atol=1e-9)),), lambda a: rot_z(a), ANGLE_CASES)
    assert evaluate(exercise, lambda a: rot_z(a + 2 * np.pi) @ rot_x(0.0)).failure is None
    assert "det R = -1" in summary(exercise, lambda a: rot_z(a) @ np.diag([1.0, 1.0, -1.0]))
    assert "not a rotation matrix: R^T R differs" in summary(exercise, lambda a: 2 * rot_z(a))
    assert "not a rotation matrix: shape" in summary(exercise, lambda a: np.eye(2))
    text = full_text(exercise, lambda a: rot_z(a + 1e-3))
    assert "differs from the expected one by 0.001 rad" in text
    assert "R by the angle of R_ref^T R, within 1e-09 rad" in text


def quaternion_z(angle):
    return np.array([np.cos(angle / 2), 0.0, 0.0, np.sin(angle / 2)])


def test_quaternions_match_up_to_sign_and_must_be_unit():
    """-q is the same rotation as q; a quaternion of norm 2 is refused as not unit."""
    exercise = toy((Output("q", Quaternion()),), quaternion_z, ANGLE_CASES)
    assert evaluate(exercise, lambda a: -quaternion_z(a)).failure is None
    assert "not a unit quaternion" in summary(exercise, lambda a: 2 * quaternion_z(a))
    assert "wrong result" in summary(exercise, lambda a: quaternion_z(a + 0.01))


# --------------------------------------------------------------------------- sympy


def test_expressions_pass_in_any_equivalent_form_and_fail_when_different():
    """m l^2 (1 + cos^2) == m l^2 + m l^2 cos^2 passes; a missing factor fails; a string
    that sympy reads passes; an unknown symbol is named."""
    m, l_, q = sp.symbols("m l q")
    reference = m * l_**2 * (1 + sp.cos(q) ** 2)
    exercise = toy((Output("M11", Expression(symbols=("m", "l", "q"))),), lambda: reference,
                   [((), "fixed"), ((), "seeded random")], arguments=())
    assert evaluate(exercise, lambda: m * l_**2 + m * l_**2 * sp.cos(q) ** 2).failure is None
    assert evaluate(exercise, lambda: "m*l**2*(2 - sin(q)**2)").failure is None
    text = full_text(exercise, lambda: m * l_**2 * sp.cos(q) ** 2)
    assert "wrong result" in text and "At m=" in text
    assert "compared by values at 12 random points" in text
    assert "unknown symbol(s) L" in summary(exercise, lambda: sp.Symbol("L") ** 2 * m)
    assert "which sympy cannot read" in summary(exercise, lambda: "m *** l")


def test_expressions_whose_values_cannot_be_computed_are_compared_symbolically():
    """An undefined function f(q) has no value at a point: then sympy.simplify decides, and
    still tells an equal expression from a different one."""
    m, q = sp.symbols("m q")
    f = sp.Function("f")
    compare = Expression(symbols=("m", "q"))
    assert compare._agree(m * (f(q) + 1), m * f(q) + m, 1e-9)
    assert not compare._agree(m * f(q) + 2 * m, m * f(q) + m, 1e-9)
    assert compare._agree(sp.sin(q) ** 2 + sp.cos(q) ** 2, sp.Integer(1), 1e-9)
    assert not compare._agree(sp.sin(q) ** 2, sp.Integer(1), 1e-9)


def test_expressions_that_simplify_cannot_decide_are_compared_by_value():
    """A form simplify may not reduce to the reference still passes by values at random points."""
    x = sp.symbols("x")
    reference = sp.log(x**2)
    exercise = toy((Output("y", Expression(symbols=("x",), low=0.5, high=3.0)),),
                   lambda: reference, [((), "fixed"), ((), "seeded random")], arguments=())
    assert evaluate(exercise, lambda: 2 * sp.log(x)).failure is None
    assert evaluate(exercise, lambda: sp.log(x)).failure is not None


def test_a_mistake_in_sympy_form_is_named():
    """A symbolic mistake model is named when it matches the answer symbolically."""
    m, l_ = sp.symbols("m l")
    exercise = toy((Output("I", Expression(symbols=("m", "l"))),), lambda: m * l_**2 / 3,
                   [((), "fixed"), ((), "seeded random")], arguments=(),
                   mistakes=(Mistake("the inertia about the centre, not the end",
                                     "Use the parallel-axis theorem.",
                                     lambda: m * l_**2 / 12),))
    assert "looks like the inertia about the centre" in summary(exercise,
                                                               lambda: l_**2 * m / 12)


# --------------------------------------------------------------------------- properties


def rank_deficient_design(args):
    (samples,) = args
    return np.column_stack([samples, 2 * samples, np.ones_like(samples)])


def observations(args):
    (samples,) = args
    return 3 * samples + 1 + 0.1 * np.sin(7 * samples)


LSQ_CASES = [((np.linspace(0, 1, 7),), "fixed"), ((np.linspace(-1, 2, 11),), "seeded random")]


def test_a_least_squares_fit_is_judged_by_residual_and_normal_equations():
    """With a rank-deficient A every minimiser passes, not only the reference's."""
    comparator = least_squares_property(rank_deficient_design, observations)
    exercise = toy((Output("p", comparator),),
                   lambda s: np.linalg.lstsq(rank_deficient_design((s,)),
                                             observations((s,)), rcond=None)[0], LSQ_CASES,
                   arguments=("samples",))

    def another_minimiser(s):
        p = np.linalg.lstsq(rank_deficient_design((s,)), observations((s,)), rcond=None)[0]
        return p + 0.4 * np.array([2.0, -1.0, 0.0])  # add a null-space vector of A

    assert evaluate(exercise, another_minimiser).failure is None
    text = full_text(exercise, lambda s: np.array([3.0, 0.0, 1.0]))
    assert "Residual ||A x - b||" in text and "Normal equations" in text


def zxz(angles):
    phi, theta, psi = angles
    return rot_z(phi) @ rot_x(theta) @ rot_z(psi)


def test_euler_angles_are_judged_by_the_rotation_they_give():
    """(phi + pi, -theta, psi + pi) gives the same z-x-z rotation and passes."""
    comparator = euler_angles_property(zxz)
    exercise = toy((Output("angles", comparator),), lambda R: np.array([0.3, 0.8, -0.5]),
                   [((np.eye(3),), "fixed"), ((np.eye(3),), "seeded random")],
                   arguments=("R",))
    assert evaluate(exercise, lambda R: np.array([0.3 + np.pi, -0.8, -0.5 + np.pi])
                    ).failure is None
    assert "rotations differ by" in full_text(exercise, lambda R: np.array([0.3, 0.8, 0.5]))


# --------------------------------------------------------------------------- adapters


class Counter:
    """Reference of a stepped exercise: counts up by its step size."""

    def __init__(self, step):
        self.step, self.total = step, 0.0

    def tick(self, times):
        self.total += self.step * times
        return self.total


def counter_exercise(mistakes=()):
    return toy((Output("total"),), Counter,
               [((0.5, [(1,), (2,), (1,)]), "fixed"), ((1.5, [(3,), (1,)]), "seeded random")],
               arguments=("step",), adapter=StepObject("tick", ("times",)),
               mistakes=mistakes, name="counter")


def test_a_class_is_instantiated_and_stepped():
    """A class answer is made with the case's arguments and stepped; wrong totals are told."""
    exercise = counter_exercise()

    class Forgetful(Counter):
        def tick(self, times):
            return self.step * times

    assert evaluate(exercise, Counter).failure is None
    text = full_text(exercise, Forgetful)
    assert "counter(step=0.5), then .tick(...)" in text and "total[1]" in text
    assert "has no method 'tick'" in summary(exercise, lambda step: object())


def test_a_stepped_mistake_is_named_and_a_stub_class_is_not_attempted():
    """Mistakes of a stepped exercise are classes too; a class stub is 'not attempted'."""

    class Doubled(Counter):
        def tick(self, times):
            return 2 * super().tick(times)

    exercise = counter_exercise((Mistake("the total counted twice", "Count once.", Doubled),))
    assert "looks like the total counted twice" in summary(exercise, Doubled)

    class Stub:
        def __init__(self, step):
            raise NotImplementedError("Exercise 9.9")

    assert isinstance(evaluate(exercise, Stub).failure, NotAttempted)


class Run:
    def __init__(self, t, x):
        self.t, self.x = t, x


def test_a_result_object_is_read_by_its_attributes():
    """A function returning an object is checked on its named attributes; a missing one is
    named."""
    exercise = toy((Output("t"), Output("x")), lambda n: Run(np.arange(n), np.arange(n) ** 2),
                   [((3,), "fixed"), ((5,), "seeded random")], arguments=("n",),
                   adapter=ReadAttributes(("t", "x")), name="run")
    assert evaluate(exercise, lambda n: Run(np.arange(n), np.arange(n) ** 2)).failure is None
    class OnlyTimes:
        def __init__(self, n):
            self.t = np.arange(n)

    assert "has no attribute 'x'" in summary(exercise, OnlyTimes)


def test_a_function_of_a_parameter_object():
    """The argument may be a parameter dataclass; the call shows it."""
    from robodyn.diffdrive import DiffDriveParams

    exercise = toy((Output("m_eff"),), lambda p: p.effective_mass,
                   [((DiffDriveParams(),), "fixed"), ((DiffDriveParams(mass=4.0),),
                                                       "seeded random")], arguments=("params",))
    assert evaluate(exercise, lambda p: p.mass + 2 * p.wheel_inertia / p.wheel_radius**2
                    ).failure is None
    assert "DiffDriveParams(" in full_text(exercise, lambda p: p.mass)


def test_wrapped_answers_misbehave_alike_through_every_adapter():
    """The shared test's wrappers (None, NaN, raising) work for functions, classes, results."""
    attributes = toy((Output("t"), Output("x")), lambda n: Run(np.arange(n), np.arange(n) ** 2),
                     [((3,), "fixed"), ((5,), "seeded random")], arguments=("n",),
                     adapter=ReadAttributes(("t", "x")), name="run")
    for exercise in (toy((Output("y"),), lambda x: 2 * x, SCALAR_CASES), counter_exercise(),
                     attributes):
        def nan_like(raw, args, exercise=exercise):
            values, _ = exercise.normalise(raw)
            nans = tuple(np.full(np.shape(v), np.nan) for v in values)
            return nans if len(nans) > 1 else nans[0]

        def raising(raw, args):
            raise ValueError("boom")

        for transform, words in ((lambda raw, args: None, "returned None"),
                                 (nan_like, "returned nan"), (raising, "raised ValueError")):
            answer = exercise.adapter.wrap(exercise.reference, transform)
            assert words in summary(exercise, answer), (exercise.exercise_id, words)


# --------------------------------------------------------------------------- normalising


def test_one_output_may_come_bare_or_as_a_one_tuple_and_a_pair_as_list_or_array():
    """Reference, mistakes and answer are normalised alike: no 'wrong shape' for a right answer."""
    single = toy((Output("y"),), lambda x: (2 * x,), SCALAR_CASES)
    assert evaluate(single, lambda x: 2 * x).failure is None
    assert evaluate(single, lambda x: (2 * x,)).failure is None
    pair = toy((Output("a"), Output("b")), lambda x: (x, -x), SCALAR_CASES)
    assert evaluate(pair, lambda x: [x, -x]).failure is None
    assert evaluate(pair, lambda x: np.array([x, -x])).failure is None
    assert "expected a pair (a, b), got a single float" in summary(pair, lambda x: float(
        np.sum(x)))
    assert "b came back as None" in summary(pair, lambda x: (x, None))
    assert "a came back as a str" in summary(pair, lambda x: ("1", x))


def test_vectorisation_problems_are_explained():
    """math on arrays and one number for many are told as 'not vectorised' problems."""
    exercise = toy((Output("y"),), lambda x: np.sin(x), SCALAR_CASES)
    assert "works on single numbers but fails on NumPy arrays" in summary(
        exercise, lambda x: math.sin(x))
    assert "not vectorised" in summary(exercise, lambda x: float(np.mean(np.sin(x))))


def test_a_number_beyond_floating_point_is_told_not_a_crash():
    """10**400, a Python int no float can hold, is a wrong answer with a reason, in the check
    and in the grading run alike (it used to raise OverflowError: 'grader error')."""
    exercise = toy((Output("y"),), lambda x: np.sin(x), SCALAR_CASES)
    for answer in (lambda x: 10**400, lambda x: [10**400, 1], lambda x: -(10**400)):
        text = summary(exercise, answer)
        assert "too large for floating point" in text, text


# --------------------------------------------------------------------------- records


def test_malformed_records_raise_when_made():
    """An unknown case kind, a wrong number of arguments, a bad id, twin mistake names or no
    seeded random case each raise ParameterError naming the exercise."""
    with pytest.raises(ParameterError, match="unknown case kind 'random'"):
        Case((1.0,), "random")
    with pytest.raises(ParameterError, match="every case must be a Case with 1 arguments"):
        toy((Output("y"),), lambda x: x, [((1.0, 2.0), "fixed"), ((1.0,), "seeded random")])
    with pytest.raises(ParameterError, match="the id must read"):
        Exercise("Toy-f", "d", "f", ("x",), (Output("y"),), lambda x: x, lambda rng: [])
    twins = (Mistake("a slip", "h", lambda x: x), Mistake("a slip", "h", lambda x: -x))
    with pytest.raises(ParameterError, match="two mistakes share the name 'a slip'"):
        toy((Output("y"),), lambda x: x, SCALAR_CASES, mistakes=twins)
    with pytest.raises(ParameterError, match="needs fixed and seeded random cases"):
        toy((Output("y"),), lambda x: x, [((1.0,), "fixed")])
    with pytest.raises(ParameterError, match="compare must be a comparator"):
        Output("y", compare=1e-9)


def test_a_mistake_is_named_only_when_it_explains_every_case():
    """A mistake that matches on some cases but not all is not named."""
    partly = Mistake("doubling", "Do not double.", lambda x: np.where(np.asarray(x) > 2, x, 2 * x))
    exercise = toy((Output("y"),), lambda x: x, SCALAR_CASES, mistakes=(partly,))
    assert "looks like doubling" not in summary(exercise, lambda x: 2 * x)
    assert "looks like y twice the expected value" in summary(exercise, lambda x: 2 * x)
    assert "looks like doubling" in summary(exercise, partly.answer)


@pytest.mark.checks
def test_ids_are_found_by_prefix_and_unknown_ids_list_the_known():
    """'diffdrive.*' comes from robodyn.checks.diffdrive; an unknown id lists the known ones."""
    assert get_exercise("diffdrive.turning_radius").subject == "diffdrive"
    with pytest.raises(ParameterError, match="unknown exercise id 'arm.nope'.*diffdrive"):
        check("arm.nope", lambda: None)


def test_rounded_uniform_rounds_to_three_decimals():
    """Random inputs are rounded so that messages show them exactly."""
    values = rounded_uniform(np.random.default_rng(1), -5, 5, 100)
    np.testing.assert_array_equal(values, np.round(values, 3))


# --------------------------------------------------------------------------- results


def test_structured_results_round_trip_and_reject_forgeries_of_the_wrong_shape():
    """A display output's JSON is read back; malformed JSON or an unknown status is ignored."""
    good = CheckResult("toy.f", "failed", "toy.f: wrong result")
    outputs = [
        {"output_type": "display_data", "data": {RESULT_MIME: good.to_json()}},
        {"output_type": "display_data", "data": {RESULT_MIME: json.dumps(good.to_json())}},
        {"output_type": "display_data", "data": {RESULT_MIME: {"status": "great"}}},
        {"output_type": "stream", "text": "PASSED toy.f"},
    ]
    assert results_in(outputs) == [good, good]


def _looked_up(exercise_id: str):
    """An "answer" that looks its outputs up in the answer key by the case's arguments: it
    passes the check without being a solution that a student of this file could read."""
    key = keyed_exercise(exercise_id)
    table = [(case.args, key.expected(case)) for case in key.cases()]

    def answer(*args):
        return next(outputs for case_args, outputs in table
                    if all(np.array_equal(a, b) for a, b in zip(case_args, args, strict=True)))

    return answer


def test_check_prints_the_passed_line_outside_a_notebook(capsys):
    """Outside a kernel a pass prints its text; a failure raises CheckFailed, prints nothing."""
    check("diffdrive.turning_radius", _looked_up("diffdrive.turning_radius"))
    assert capsys.readouterr().out.startswith("PASSED diffdrive.turning_radius: ")
    with pytest.raises(CheckFailed):
        check("diffdrive.turning_radius", lambda p, g, v, R, L: (0 * v, v / R, v / R))
    assert capsys.readouterr().out == ""


def test_missing_answer_is_explained_from_the_cells_run_before():
    """A syntax error, an error before the def, and a cell never run are told apart."""
    broken = "def f(x):\n    return (x +\n"
    summary_text, detail = _why_missing("f", ["import numpy", broken])
    assert "did not run: SyntaxError on line 2" in summary_text and "Line 2" in detail
    summary_text, _ = _why_missing("f", ["raise ValueError\ndef f(x):\n    return x\n"])
    assert "stopped with an error before defining f" in summary_text
    summary_text, _ = _why_missing("f", ["import numpy"])
    assert "was not run" in summary_text


EXPLAINED_SESSION = """
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
shell.run_line_magic("colors", "nocolor")
for cell in ["from robodyn import grading\\ngrading.explain_missing_answers()",
             "def forward_kinematics(a, b, c, d, e):\\n    return (a +\\n",
             'grading.check("diffdrive.forward_kinematics", forward_kinematics)',
             "print(undefined_name)"]:
    shell.run_cell(cell, store_history=True)
"""


def test_a_check_cell_after_a_broken_answer_cell_says_why(tmp_path):
    """In IPython, the NameError of the check names the answer cell's syntax error; any other
    NameError is shown as usual."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", EXPLAINED_SESSION], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path)
    out = run.stdout
    assert ("CheckFailed: diffdrive.forward_kinematics: the answer cell above did not run: "
            "SyntaxError on line 2") in out
    assert "name 'forward_kinematics' is not defined" not in out
    assert "NameError: name 'undefined_name' is not defined" in out


def test_importing_the_grading_package_changes_nothing_in_ipython(tmp_path):
    """No import-time side effect: only explain_missing_answers() installs the handler, and
    outside IPython it does nothing."""
    import subprocess
    import sys

    session = EXPLAINED_SESSION.replace(
        "from robodyn import grading\\ngrading.explain_missing_answers()",
        "from robodyn import grading")
    assert session != EXPLAINED_SESSION
    out = subprocess.run([sys.executable, "-c", session], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path).stdout
    assert "NameError: name 'forward_kinematics' is not defined" in out
    assert "the answer cell above" not in out
    from robodyn import grading

    assert grading.explain_missing_answers() is None


FAILED_CHECK_SESSION = """
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
shell.run_line_magic("colors", "nocolor")
for cell in ["from robodyn import grading\\ngrading.explain_missing_answers()",
             "def forward_kinematics(a, b, c, d, e):\\n    return [a, b][2], 0.0\\n",
             'grading.check("diffdrive.forward_kinematics", forward_kinematics)',
             "def turning_radius(p, g, v, R, L):\\n    return 0 * v, v / R, v / R\\n",
             'grading.check("diffdrive.turning_radius", turning_radius)']:
    shell.run_cell(cell, store_history=True)
"""


def test_a_failed_check_shows_the_answers_lines_and_the_message_not_the_grader(tmp_path):
    """In IPython a failed check shows the student's own line that raised and the check's
    message; no frame of robodyn/grading; a wrong value shows the message alone."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", FAILED_CHECK_SESSION], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path).stdout
    assert "return [a, b][2], 0.0" in out and "IndexError" in out
    assert "The check says:" in out
    assert "CheckFailed: diffdrive.forward_kinematics: your answer raised" in out
    assert "CheckFailed: diffdrive.turning_radius: wrong result" in out
    assert "grading/__init__.py" not in out and "grading/run.py" not in out
    assert "raise outcome.failure" not in out and "Traceback" in out  # the answer's own
    assert out.count("Traceback") == 1


class _Arm:
    """A toy object argument: an exercise reads its masses."""

    def __init__(self):
        self.masses = np.array([1.0, 2.0])
        self.name = "toy"


OBJECT_EXERCISE = Exercise(
    exercise_id="toy.total_mass", description="The sum of the arm's masses.",
    function_name="total_mass", arguments=("arm",), outputs=(Output("mass"),),
    reference=lambda arm: float(np.sum(arm.masses)),
    make_cases=lambda rng: [Case((_Arm(),), "fixed"), Case((_Arm(),), "seeded random")])


def test_an_answer_that_changes_an_object_argument_is_named_with_the_attribute():
    """Changing an attribute array of an object in place (the arm's inertias, say) fails
    and says which attribute and entry; reading it passes."""
    def scales_in_place(arm):
        arm.masses[1] *= 1.0 + 1e-12
        return float(np.sum(arm.masses))

    def renames(arm):
        arm.name = "mine"
        return float(np.sum(arm.masses))

    assert evaluate(OBJECT_EXERCISE, lambda arm: sum(arm.masses)).failure is None
    failure = str(evaluate(OBJECT_EXERCISE, scales_in_place).failure)
    assert failure.startswith("toy.total_mass: your answer changed its input arm in place")
    assert "Changed:   arm.masses[1]" in failure and "copy.deepcopy(arm)" in failure
    assert "Changed:   arm.name" in str(evaluate(OBJECT_EXERCISE, renames).failure)


@pytest.mark.checks
def test_what_an_answer_prints_is_kept_out_of_the_page_and_summarised(capsys):
    """20 000 printed lines per call do not reach the page: a pass says how many, with the
    first few; a failure says it too."""
    def chatty(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        for step in range(20000):
            print("step", step)
        return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
                (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width)

    check("diffdrive.forward_kinematics", chatty)
    out = capsys.readouterr().out
    assert out.startswith("PASSED diffdrive.forward_kinematics")
    assert "Note: your answer printed 260000 lines during the check (13 calls)" in " ".join(
        out.split())
    assert "(259996 more lines)" in out
    assert "    step 0\n    step 1\n" in out and len(out) < 1000
    outcome = evaluate(get_exercise("diffdrive.forward_kinematics"),
                       lambda *args: print("hello") or (0.0, 0.0))
    assert "printed 13 lines" in str(outcome.failure) and "They were:" not in str(
        outcome.failure)


@pytest.mark.checks
def test_an_answer_that_never_ends_is_stopped_at_the_time_limit():
    """An endless loop and an answer too slow over all its calls both fail with "timed out"
    after the limit, in this process as in a kernel."""
    import time

    def endless(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        while True:
            pass

    def slow(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        time.sleep(0.2)
        return (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2, 0.0

    exercise = get_exercise("diffdrive.forward_kinematics")
    for answer, calls in ((endless, "1 of the check's calls"), (slow, "of the check's calls")):
        started = time.perf_counter()
        outcome = evaluate(exercise, answer, time_limit=0.5)
        assert time.perf_counter() - started < 2.0
        assert outcome.result.summary == (
            "diffdrive.forward_kinematics: timed out after 0.5 s")
        assert calls in str(outcome.failure) and "was stopped" in str(outcome.failure)


def test_a_stop_waits_until_numba_and_llvmlite_code_has_returned(tmp_path, monkeypatch):
    """A time limit that runs out inside a package of NOT_STOPPED_IN (numba compiling, an
    llvmlite finaliser) is raised only once that code has returned: raised into it, LLVM was
    left half freed and the scan of the package's answers crashed. Elsewhere it stops at once."""
    import sys
    import time
    import types

    from robodyn.grading import calls

    folder = tmp_path / "compilerlike"
    folder.mkdir()
    package = types.ModuleType("compilerlike")
    package.__file__ = str(folder / "__init__.py")
    monkeypatch.setitem(sys.modules, "compilerlike", package)
    monkeypatch.setattr(calls, "NOT_STOPPED_IN", ("compilerlike",))
    namespace = {}
    exec(compile("import time\ndef busy(seconds):\n    end = time.perf_counter() + seconds\n"
                 "    while time.perf_counter() < end:\n        pass\n    return 'finished'\n",
                 str(folder / "compile.py"), "exec"), namespace)

    class Stop(BaseException):
        pass

    finished = []
    started = time.perf_counter()
    with pytest.raises(Stop):
        with calls.time_limit(0.05, Stop):
            finished.append(namespace["busy"](0.3))
            while True:
                pass
    assert finished == ["finished"] and 0.3 <= time.perf_counter() - started < 1.0
    started = time.perf_counter()
    with pytest.raises(Stop):
        with calls.time_limit(0.05, Stop):
            while True:
                pass
    assert time.perf_counter() - started < 0.3


def test_numbers_show_as_what_they_are():
    assert format_number(8) == "8" and format_number(np.int64(-3)) == "-3"
    assert format_number(8.0) == "8.0" and format_number(-2.0000000000000004) == "-2.0"
    assert format_number(1e-300 / 3) == "3.33333333333e-301"


@pytest.mark.checks
def test_a_one_by_one_matrix_and_numpy_on_symbols_are_explained():
    """1.4's slips of form: a 1x1 Matrix where an expression is asked for, and np.cos of a
    symbol."""
    exercise = get_exercise("arm.kinetic_energy_2link")

    def as_matrix(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
        return sp.Matrix([[exercise.reference(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1,
                                              qd2)]])

    def with_numpy(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
        return m1 * qd1**2 * np.cos(q2)

    message = str(evaluate(exercise, as_matrix).failure)
    assert "Yours is a 1x1 Matrix, not an expression" in message and "M[0, 0]" in message
    message = str(evaluate(exercise, with_numpy).failure)
    assert "np.cos works on numbers, not on sympy's Symbol" in message and "sp.cos" in message


@pytest.mark.checks
def test_slips_of_form_no_exercise_models_are_named_by_the_engine():
    """A result scaled by 2, 1/2, -1, 1000 or 180/pi, two outputs exchanged, a transposed
    array, math.tan or an if on an array: named though the exercise lists none of them; an
    answer off by an offset is not misnamed."""
    import math

    exercise = get_exercise("diffdrive.forward_kinematics")

    def right(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
                (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width)

    def summary(answer):
        return evaluate(exercise, answer).result.summary

    def scaled(factor):
        return lambda *args: (right(*args)[0] * factor, right(*args)[1])

    assert summary(scaled(1000.0)).endswith("looks like v 1000 times the expected value "
                                            "(millimetres where the book works in metres?)")
    assert "v the expected value with the opposite sign" in summary(scaled(-1.0))
    assert "the outputs are in the wrong order" in summary(lambda *args: right(*args)[::-1])
    assert "looks like" not in summary(lambda *args: (right(*args)[0] + 0.01,
                                                      right(*args)[1]))

    def math_tan(theta, length, time, g):
        acceleration = 2 * length / time**2
        return math.tan(theta), math.tan(theta) - acceleration / (g * np.cos(theta))

    assert summary_of("friction.mu_from_tilt", math_tan).endswith(
        "looks like math.tan (which takes one number) used on an array")

    def gyro_as_columns(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
        phi, phi_dot, phi_ddot = (np.asarray(a, float)[..., None]
                                  for a in (phi, phi_dot, phi_ddot))
        x = np.array([1.0, 0.0, 0.0])
        axis = np.concatenate([0 * phi, -np.sin(phi), np.cos(phi)], axis=-1)
        L = I_spin * spin * axis + I_tilt * phi_dot * x
        return (I_tilt * phi_ddot * x - np.cross(L, phi_dot * x)).T

    assert "looks like the transpose" in summary_of("egg.gyro_torque", gyro_as_columns)


def summary_of(exercise_id, answer):
    return evaluate(get_exercise(exercise_id), answer).result.summary


@pytest.mark.checks
def test_an_angle_a_turn_away_says_how_far_off_it_is_modulo_2_pi():
    """An angle compared modulo 2 pi (6.3's Euler angles) that is wrong by 1e-3 rad and a
    whole turn shows, beside the two values, how far off it is that way: "expected -2.98,
    got 3.30" alone looks far off."""
    exercise = get_exercise("egg.euler_rates")

    def integrate_euler_angles(alpha, beta, gamma, omega_B, t):
        alpha, beta, gamma = exercise.reference(alpha, beta, gamma, omega_B, t)
        return alpha + 2 * np.pi + 1e-3, beta, gamma

    failure = str(evaluate(exercise, integrate_euler_angles).failure)
    line = next(line for line in failure.splitlines() if line.strip().startswith("alpha:"))
    assert "(off by 0.001" in line and "rad, modulo 2 pi)" in line, line
    assert "off by" not in failure.replace(line, ""), failure


def test_references_and_mistakes_are_worked_out_once_per_case_and_given_as_copies():
    """Judging many answers runs the reference and each mistake once per case, not once per
    answer; what a caller gets is a copy (changing it changes nothing for the next answer);
    a case whose arguments do not pickle is worked out each time, with the same verdicts."""
    runs = {"reference": 0, "mistake": 0}

    def reference(x):
        runs["reference"] += 1
        return np.array([x, 2.0 * x])

    def doubled(x):
        runs["mistake"] += 1
        return np.array([2.0 * x, 4.0 * x])

    exercise = toy((Output("y"),), reference, [((1.5,), "fixed"), ((2.5,), "seeded random")],
                   mistakes=(Mistake("everything doubled", "Halve it.", doubled),))
    for _ in range(3):
        assert "looks like everything doubled" in summary(exercise, lambda x: [2 * x, 4 * x])
        assert evaluate(exercise, lambda x: [x, 2 * x]).failure is None
    assert runs == {"reference": 2, "mistake": 2}
    case = exercise.cases()[0]
    exercise.expected(case)[0][:] = 99.0              # a caller that changes what it got
    kind, values = exercise.mistake_result(exercise.mistakes[0], case)
    values[0][:] = 99.0
    assert evaluate(exercise, lambda x: [x, 2 * x]).failure is None
    assert "looks like everything doubled" in summary(exercise, lambda x: [2 * x, 4 * x])
    assert runs == {"reference": 2, "mistake": 2}

    scaled = toy((Output("y"),), lambda f: f(1.0), [((lambda x: 3 * x,), "fixed"),
                                                    ((lambda x: -x,), "seeded random")],
                 arguments=("f",), name="g")
    for _ in range(2):
        assert evaluate(scaled, lambda f: f(1.0)).failure is None
        assert evaluate(scaled, lambda f: f(2.0)).failure is not None
