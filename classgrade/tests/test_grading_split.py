"""The grading run's parts that need no kernel: an answer's outputs carried as plain JSON and
judged in another process give the notebook's own verdicts (robodyn.grading.run.judge,
classgrade.plaindata); hostile data is read without running any of it; the hidden cases;
the package references each exercise guards and the guard itself (classgrade.harness);
the review flags (classgrade.sandbox.review_flags)."""

from __future__ import annotations

import inspect
import json
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import sympy
from handins import ROOT, solution_code

from classgrade.harness import _owner, guarded_names
from classgrade.plaindata import MAX_NUMBERS, Opaque, dumps, from_plain, to_plain
from classgrade.sandbox import named_references, review_flags
from robodyn.core.errors import ParameterError
from robodyn.grading import SEED, evaluate, get_exercise, keyed_ids
from robodyn.grading.calls import Call, call_answer
from robodyn.grading.run import judge

#: Each test here judges (or reads) the live exercises of robodyn/checks.
pytestmark = pytest.mark.checks


def _through_json(call: Call) -> Call:
    """A call as the grader reads it back from the kernel's JSON."""
    raw = from_plain(json.loads(dumps(call.raw)))
    error = from_plain(json.loads(dumps(call.error))) if call.error is not None else None
    return Call(raw=raw, error=error, missing=call.missing, changed=call.changed)


def _judged_elsewhere(exercise, answer):
    cases = exercise.cases()
    calls = [_through_json(call_answer(exercise.adapter, answer, case.args)) for case in cases]
    return judge(exercise, cases, calls)


@pytest.mark.parametrize("exercise_id", keyed_ids())
def test_judging_plain_outputs_gives_the_notebooks_verdict_for_reference_and_mistakes(
        exercise_id):
    exercise = get_exercise(exercise_id)
    answers = [("reference", exercise.reference)] + [(m.name, m.answer)
                                                     for m in exercise.mistakes]
    for name, answer in answers:
        here, there = evaluate(exercise, answer), _judged_elsewhere(exercise, answer)
        assert (there.result.status, there.result.summary, there.mistake) == (
            here.result.status, here.result.summary, here.mistake), name
        if name != "reference":
            assert there.result.status == "failed", name


def test_an_error_read_back_keeps_its_type_name_message_and_line():
    def answer(a, b):
        return a / 0 if a > 10 else np.linalg.inv(np.zeros((2, 2)))

    call = call_answer(get_exercise("diffdrive.turning_radius").adapter,
                       lambda *args: answer(*args[:2]), (1.0, 2.0, 0.3, 0.05, 0.3))
    error = _through_json(call).error
    assert type(error).__name__ == "LinAlgError" and "Singular" in str(error)
    assert error.where.startswith("line ") and "np.linalg.inv" in error.where
    zero = from_plain(to_plain(ZeroDivisionError("float division by zero")))
    assert isinstance(zero, ZeroDivisionError) and str(zero) == "float division by zero"
    not_attempted = from_plain(to_plain(NotImplementedError("Exercise 4.1")))
    assert isinstance(not_attempted, NotImplementedError)


@pytest.mark.parametrize("value", [
    1.5, -0.0, float("inf"), 3, 2**80, True, None, "text", 1 + 2j,
    np.float32(0.25), np.int64(7), np.bool_(True),
    np.array([[1.0, np.nan], [np.inf, -2.0]]), np.arange(6).reshape(2, 3),
    np.array([1 + 1j, 2]), np.array([True, False]), np.zeros((0, 3)),
    (1.0, [2.0, (3.0,)]), {"a": np.array([1.0])},
])
def test_values_come_back_equal_in_type_shape_and_value(value):
    back = from_plain(json.loads(dumps(value)))
    assert type(back) is type(value)
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and back.shape == value.shape
        assert np.array_equal(back, value, equal_nan=value.dtype.kind in "fc")
    elif isinstance(value, float) and value != value:
        assert back != back
    elif isinstance(value, dict):
        assert np.array_equal(back["a"], value["a"])
    else:
        assert back == value


def test_sympy_expressions_and_matrices_come_back_equal():
    q, qd, m, length = sympy.symbols("q qd m l")
    expression = sympy.Rational(1, 2) * m * length**2 * qd**2 - m * 9.81 * sympy.cos(q) \
        + sympy.pi * sympy.sqrt(2) * sympy.I
    for value in (expression, sympy.Matrix([[expression, 0], [q, sympy.Integer(3)]])):
        back = from_plain(json.loads(dumps(value)))
        assert sympy.simplify(sympy.Matrix([back]) - sympy.Matrix([value])).is_zero_matrix


@pytest.mark.parametrize("data", [
    {"sympy": ["Apply", "exec", [["Symbol", "x"]]]},            # not a sympy class
    {"sympy": ["Apply", "__class__", [["Symbol", "x"]]]},
    {"sympy": ["Apply", "lambdify", [["Symbol", "x"]]]},         # a function, not a class
    {"sympy": ["Symbol", "x); import os; os.system('x'"]},       # not an identifier
    {"sympy": ["Undefined", "f"]},                               # undefined functions refused
    {"array": ["<f8", [10**9], []]},                             # shape does not fit data
    {"array": ["|O", [1], [1]]},                                 # object arrays refused
    {"array": ["<f8", [2], ["a", "b"]]},
    {"list": [1] * (MAX_NUMBERS + 1)},                           # too many numbers
    {"nonsense": 1},
    {"tuple": 5},
    "a" * 10,                                                    # strings stay strings
])
def test_hostile_or_malformed_data_reads_as_an_opaque_value_never_as_code(data):
    back = from_plain(data)
    assert isinstance(back, (Opaque, str))


def test_nesting_too_deep_is_refused_both_ways():
    deep = current = []
    for _ in range(200):
        current.append([])
        current = current[0]
    assert isinstance(from_plain(json.loads(dumps(deep))), Opaque)
    data = {"list": []}
    for _ in range(200):
        data = {"list": [data]}
    assert isinstance(from_plain(data), Opaque)


def test_a_students_object_is_named_by_its_type():
    class Pose:
        def __repr__(self):
            raise RuntimeError("a broken repr")

    back = from_plain(json.loads(dumps(Pose())))
    assert isinstance(back, Opaque) and type(back).__name__ == "Pose"
    outcome = _judged_elsewhere(get_exercise("diffdrive.turning_radius"),
                                lambda *args: Pose())
    assert "Pose" in outcome.result.summary


# --------------------------------------------------------------------------- hidden cases


@pytest.mark.parametrize("exercise_id", keyed_ids())
def test_hidden_cases_are_more_and_none_of_the_notebooks_random_ones(exercise_id):
    exercise = get_exercise(exercise_id)
    shown = exercise.cases()
    hidden = exercise.hidden_cases(SEED + 101, rounds=3)
    assert len(hidden) > len(shown)
    fixed = [case for case in shown if case.kind == "fixed"]
    assert [repr(case) for case in hidden[:len(fixed)]] == [repr(case) for case in fixed]
    shown_random = {repr(case.args) for case in shown if case.kind == "seeded random"}
    hidden_random = {repr(case.args) for case in hidden if case.kind == "seeded random"}
    assert len(hidden_random) > len(shown_random) and not shown_random & hidden_random
    again = exercise.hidden_cases(SEED + 101, 3)   # the same on every call
    assert [repr(case) for case in again] == [repr(case) for case in hidden]


def test_the_notebooks_own_seed_is_skipped_and_bad_seeds_refused():
    exercise = get_exercise("diffdrive.forward_kinematics")
    assert repr(exercise.hidden_cases(SEED, 1)) == repr(exercise.hidden_cases(SEED + 1, 1))
    for seed in (-1, 1.5, "7", True):
        with pytest.raises(ParameterError, match="seed"):
            exercise.hidden_cases(seed)
    with pytest.raises(ParameterError, match="rounds"):
        exercise.hidden_cases(3, rounds=0)


# --------------------------------------------------------------------------- references


def _resolve(name):
    owner, attribute = _owner(name)   # the harness's own lookup, which the guards use
    return vars(owner)[attribute]


#: Exercises whose answer no function of the book computes, so there is nothing to guard:
#: the explicit-Euler step limit of a contact is derived on paper (exercise 3.4).
NOTHING_TO_GUARD = {"contact.euler_step_limit"}


def test_every_exercise_names_package_references_that_exist():
    for exercise_id in keyed_ids():
        exercise = get_exercise(exercise_id)
        assert bool(exercise.package_references) != (exercise_id in NOTHING_TO_GUARD), \
            exercise_id
        for name in exercise.package_references:
            assert callable(_resolve(name)), name


def _home(name: str) -> str:
    """Where the function a package reference names is defined (a subject package's face
    offers the functions of its modules)."""
    function = inspect.unwrap(_resolve(name))
    return f"{function.__module__}.{function.__qualname__}"


@pytest.mark.parametrize("exercise_id", keyed_ids())
def test_the_book_functions_a_reference_calls_are_guarded(exercise_id):
    """Every function of the book's model modules that an exercise's reference calls directly
    is a package reference of this exercise or of another (a building block), or a dunder."""
    exercise = get_exercise(exercise_id)
    declared = {home for other in keyed_ids()
                for name in get_exercise(other).package_references
                for home in (name, _home(name))}
    called = set()

    def profile(frame, event, arg):
        module = frame.f_globals.get("__name__", "")
        if event == "call" and frame.f_back is not None and module.startswith("robodyn.") \
                and not module.startswith(("robodyn.checks", "robodyn.grading",
                                           "robodyn.core.errors", "robodyn.core.params")) \
                and frame.f_back.f_globals.get("__name__", "").startswith("robodyn.checks"):
            called.add(f"{module}.{frame.f_code.co_qualname}")

    for case in exercise.cases()[:3]:
        sys.setprofile(profile)
        try:
            exercise.run(exercise.reference, case)
        finally:
            sys.setprofile(None)
    unguarded = {name for name in called if name not in declared
                 and not name.rsplit(".", 1)[-1].startswith("__")}
    assert not unguarded


_GUARD_SCRIPT = textwrap.dedent("""
    import json, sys
    from IPython.core.displaypub import CapturingDisplayPublisher
    from IPython.core.interactiveshell import InteractiveShell
    import classgrade.harness as harness
    shell = InteractiveShell.instance(user_ns=globals())
    shell.display_pub = published = CapturingDisplayPublisher()
    collect = harness.start(sys.argv[1])
    __name__ = "robodyn.pretending"   # the guards look at the caller's file, not its name
    import itertools
    import robodyn.diffdrive
    from robodyn.diffdrive import forward_kinematics as on_the_face
    from robodyn.diffdrive.kinematics import forward_kinematics as in_its_module
    aliases = itertools.cycle([on_the_face, in_its_module])

    def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        return next(aliases)(radius_r * phi_dot_r, radius_l * phi_dot_l, 1.0, track_width)

    collect("diffdrive.forward_kinematics")
    records = [json.loads(output["data"][harness.COLLECTED_MIME]) for output in published.outputs]

    # the book's private helper, by import or by a name built up at run time
    from robodyn.diffdrive.kinematics import wheel_speeds_to_twist as helper
    import robodyn.diffdrive.kinematics as book

    by_import = itertools.cycle([True, False])

    def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        if next(by_import):
            return helper(radius_r * phi_dot_r, radius_l * phi_dot_l, 1.0, track_width)
        found = getattr(book, "wheel_speeds" + "_to_twist")
        return found(radius_r * phi_dot_r, radius_l * phi_dot_l, 1.0, track_width)

    collect("diffdrive.forward_kinematics")
    records.append(json.loads(published.outputs[-1]["data"][harness.COLLECTED_MIME]))
    # the package's own code still calls its functions: a simulation uses the kinematics
    import numpy as np
    inside = robodyn.diffdrive.forward_kinematics(1.0, 1.0, 0.1, 0.3)
    try:
        import robodyn.checks.diffdrive
        hidden = False
    except ImportError as error:
        hidden = "not available" in str(error)
    print(json.dumps({"inside": list(map(float, inside)), "hidden": hidden,
                      "records": records}))
""")


def test_the_harness_refuses_calls_of_the_reference_and_hides_the_checks(tmp_path):
    exercise = get_exercise("diffdrive.forward_kinematics")
    job = {"exercises": {exercise.exercise_id: {
        "function_name": exercise.function_name, "adapter": exercise.adapter,
        "cases": [case.args for case in exercise.cases()], "symbolic": False,
        "guards": list(exercise.package_references)}}, "block_sockets": True}
    (tmp_path / "job.pickle").write_bytes(pickle.dumps(job))
    script = tmp_path / "answer.py"
    script.write_text(_GUARD_SCRIPT)
    result = subprocess.run([sys.executable, str(script), str(tmp_path / "job.pickle")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout.strip().splitlines()[-1])
    assert printed["inside"] == [0.1, 0.0] and printed["hidden"] is True
    public, private = printed["records"]
    assert public["references_called"] == ["robodyn.diffdrive.forward_kinematics"]
    assert private["references_called"] == ["robodyn.diffdrive.kinematics.wheel_speeds_to_twist"]
    for record in (public, private):
        assert len(record["calls"]) == len(exercise.cases())
        assert all(call["error"]["error"]["type"] == "ReferenceUnavailable"
                   for call in record["calls"])


def test_the_guards_take_in_the_private_helpers_of_a_reference():
    """A reference's private helpers (functions of its module, methods of its class, found in
    its code) are guarded with it; public functions it calls and other modules' are not."""
    assert guarded_names(["robodyn.diffdrive.forward_kinematics"]) == [
        "robodyn.diffdrive.forward_kinematics", "robodyn.diffdrive.params.broadcast_inputs",
        "robodyn.diffdrive.kinematics.wheel_speeds_to_twist"]
    names = guarded_names(["robodyn.vacuum.step_distance"])
    assert "robodyn.vacuum.step._step_distance_float" in names
    inverse = guarded_names(["robodyn.arm.PlanarArm.inverse_dynamics"])
    assert "robodyn.arm.PlanarArm._newton_euler" in inverse
    assert not any(name.startswith("numpy") or name.rsplit(".", 1)[-1].startswith("__")
                   for name in inverse)


# --------------------------------------------------------------------------- review flags


@pytest.mark.parametrize(("source", "flag"), [
    ("exec('x = 1')", "uses exec"),
    ("import gc\ngc.get_objects()", "imports gc"),
    ("f.__closure__[0].cell_contents", "uses __closure__"),
    ("import sys\nsys.modules['robodyn']", "uses sys.modules"),
    ("from robodyn.checks import diffdrive", "imports robodyn.checks"),
    ("from robodyn import checks", "imports robodyn.checks"),
    ("import robodyn\nrobodyn.diffdrive.forward_kinematics(1, 2, 3, 4)",
     "names the book's own robodyn.diffdrive.forward_kinematics"),
    ("from robodyn.diffdrive import forward_kinematics as fk",
     "names the book's own robodyn.diffdrive.forward_kinematics"),
    ("text = open('/etc/passwd').read()", "uses open (file access)"),
    ("__name__ = 'robodyn.fake'", "sets __name__"),
    ("import robodyn.diffdrive as dd\ndd.forward_kinematics", "names the book's own "
     "robodyn.diffdrive.forward_kinematics"),
    ("import importlib", "imports importlib"),
    # the hidden hostile class's ways around the guard
    ("f = getattr(F, 'karn' + 'opp')", "uses getattr with a name made at run time"),
    ("code = relay.__code__.replace(co_filename=path)",
     "uses a code object rewritten (co_filename)"),
    ("import os\nos.environ['IPYKERNEL_CELL_NAME'] = '/opt/book/robodyn/x.py'",
     "uses os.environ"),
    ("get_ipython().run_cell(text)", "uses IPython's run_cell"),
    ("cases = numpy.load('/grading/job.pickle', allow_pickle=True)",
     "names the grading run's own files"),
    ("cases = numpy.load(path, allow_pickle=True)", "uses pickled data loaded (allow_pickle)"),
    ("import sys\nsys.__dict__['modu' + 'les']", "uses __dict__"),
    ("setattr(relay, name, code)", "uses setattr"),
])
def test_review_flags_name_the_tools_that_reach_around_the_grading(source, flag):
    assert flag in review_flags(source, ("robodyn.diffdrive.forward_kinematics",))


@pytest.mark.parametrize(("source", "named"), [
    ("import robodyn.diffdrive\nrobodyn.diffdrive.forward_kinematics", True),
    ("import robodyn\nrobodyn.diffdrive.forward_kinematics", True),
    ("from robodyn import diffdrive\ndiffdrive.forward_kinematics", True),
    ("from robodyn import diffdrive as d\nf = d.forward_kinematics", True),
    ("from robodyn.diffdrive import forward_kinematics as fk", True),
    ("import robodyn.stickslip\nrobodyn.stickslip.forward_kinematics", False),  # another model
    ("def forward_kinematics(a, b, c, d):\n    return a", False),              # its own
    ("self.forward_kinematics(1)", False),
    ("import robodyn.diffdrive\nrobodyn.diffdrive.simulate", False),          # other functions
])
def test_named_references_follow_the_imports(source, named):
    found = named_references(source, ("robodyn.diffdrive.forward_kinematics",))
    assert found == (["robodyn.diffdrive.forward_kinematics"] if named else [])


@pytest.mark.solutions
def test_no_solution_of_the_book_is_flagged():
    for notebook in sorted((ROOT / "solutions").glob("*.ipynb")):
        for exercise_id, code in solution_code(notebook.stem).items():
            flags = review_flags(code, get_exercise(exercise_id).package_references)
            assert flags == [], (exercise_id, flags)
    assert review_flags("def broken(:\n") == []


# --------------------------------------------------------------------------- the book's solutions


def _solution_functions(stem: str) -> dict:
    """Each exercise's function from the solutions, defined after the official notebook's
    set-up cells, as a grading kernel defines it."""
    from handins import official

    from robodyn.grading import INSTALL_CELL_ID

    namespace: dict = {}
    for cell in official(stem).cells:
        role = cell.metadata.get("robodyn", {}).get("role")
        if cell.cell_type == "code" and role is None and cell.get("id") != INSTALL_CELL_ID:
            exec(cell.source, namespace)  # noqa: S102 - the book's own set-up cells
    functions = {}
    for exercise_id, code in solution_code(stem).items():
        exec(code, namespace)  # noqa: S102 - the book's own solutions
        functions[exercise_id] = namespace[get_exercise(exercise_id).function_name]
    return functions


@pytest.mark.solutions
@pytest.mark.parametrize("stem", sorted(path.stem for path in (ROOT / "exercises").glob(
    "*.ipynb")))
def test_the_books_solutions_pass_on_the_hidden_cases_of_other_seeds(stem):
    for exercise_id, answer in _solution_functions(stem).items():
        exercise = get_exercise(exercise_id)
        for seed in (0, 1, 2, 3, 4, 77, 4096, 2**31 - 10):
            cases = exercise.hidden_cases(seed, rounds=3)
            calls = [_through_json(call_answer(exercise.adapter, answer, case.args))
                     for case in cases]
            outcome = judge(exercise, cases, calls)
            assert outcome.failure is None, (seed, str(outcome.failure))


def test_a_sympy_value_is_read_back_as_written_never_evaluated():
    """sympy evaluates a function of numbers as it builds it: a hand-in that returned
    totient(N) of a 126-digit N unevaluated had the grader factor N (it hung, re-graded on
    every run), and 10**(10**8) would be written out. Read back, both stay as they were sent;
    an ordinary expression reads back equal to itself."""
    import sympy

    two = from_plain(json.loads(dumps(sympy.Add(1, 1, evaluate=False))))
    assert isinstance(two, sympy.Add) and two.args == (1, 1)   # not 2
    big = sympy.Integer(10**125 + 12345)
    totient = from_plain(json.loads(dumps(sympy.totient(big, evaluate=False))))
    assert isinstance(totient, sympy.totient) and totient.args == (big,)
    power = from_plain(json.loads(dumps(sympy.Pow(10, 10**8, evaluate=False))))
    assert isinstance(power, sympy.Pow) and power.args == (10, 10**8)
    q, m = sympy.symbols("q m")
    energy = m * sympy.cos(q) ** 2 / 2 + sympy.Rational(3, 4) * q
    back = from_plain(json.loads(dumps(energy)))
    assert sympy.simplify(back - energy) == 0


def test_an_answer_too_long_to_review_is_flagged_not_read():
    """A 2 MB answer once took 30 s and 600 MB to read for flags (a hand-in may hold 64 MB):
    past MAX_REVIEWED_SOURCE characters it is flagged for a look instead, and no reference is
    looked for in it (the harness catches a reference's call at run time)."""
    from classgrade.sandbox import MAX_REVIEWED_SOURCE

    body = "".join(f"    x{i} = robodyn.diffdrive.forward_kinematics\n" for i in range(5000))
    source = f"import robodyn\n\ndef forward_kinematics(a, b, c, d):\n{body}    return 1, 2\n"
    assert len(source) > MAX_REVIEWED_SOURCE
    flags = review_flags(source, ("robodyn.diffdrive.forward_kinematics",))
    assert flags == [f"an answer of {len(source) // 1000:,} thousand characters: too long to "
                     "be read for review flags; look at it"]
    assert named_references(source, ("robodyn.diffdrive.forward_kinematics",)) == []
    short = "import robodyn\n\ndef f():\n    return robodyn.diffdrive.forward_kinematics\n"
    assert named_references(short, ("robodyn.diffdrive.forward_kinematics",)) == [
        "robodyn.diffdrive.forward_kinematics"]
