"""Grading a class folder of synthetic hand-ins (classgrade.classroom): right answers,
typical mistakes, untouched notebooks, every tampering an instructor's trial found, answers that
call the book's reference, and notebooks that loop, kill their kernel, print megabytes, exhaust
memory, fail at import, are corrupt, have cells deleted, split or moved, or belong to another
chapter. The gradebook must be exactly right for each, within the limits; a second run changes
nothing; Ctrl-C leaves a consistent gradebook that the next run completes.

These tests start kernels, so they are marked ``notebooks`` (``make test`` runs them), and
read the solutions (marked ``solutions``).
"""

from __future__ import annotations

import copy
import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import pytest
from handins import ISOLATION, ROOT, answered, cell_of, official, solution_code, write

from classgrade.classroom import grade_class
from classgrade.reports import class_table
from classgrade.sandbox import Limits, official_points
from robodyn.core.errors import ParameterError

pytestmark = [pytest.mark.notebooks, pytest.mark.solutions]

STEM = "04_differential_drive"
IDS = ["diffdrive.forward_kinematics", "diffdrive.inverse_kinematics",
       "diffdrive.turning_radius", "diffdrive.integrate_pose", "diffdrive.heading_command",
       "diffdrive.square_odometry"]
FK, IK, TR, IP, HC, SO = IDS
LIMITS = Limits(exercise_seconds=10, notebook_seconds=120, memory_bytes=2 * 2**30,
                output_bytes=256 * 2**10)

SWAPPED = """def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    omega = (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width
    return v, omega
"""
NO_RADIUS = """def inverse_kinematics(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    rim_r, rim_l = v + omega * track_width / 2, v - omega * track_width / 2
    fastest = np.maximum(np.abs(rim_r), np.abs(rim_l))
    scale = max_wheel_speed / np.maximum(fastest, max_wheel_speed)
    return scale * rim_r, scale * rim_l
"""


def _as_list() -> str:
    """The solutions' answer of 4.1 returned as a list: right, written unusually (built here,
    so that no right answer is written into a file the student release holds)."""
    right = solution_code(STEM)[FK].replace("def forward_kinematics(", "def _kinematics(")
    return right + "\n\n\ndef forward_kinematics(*args):\n    return list(_kinematics(*args))\n"


#: The mistake the swapped wheels of 4.1 are named by.
SWAPPED_NAME = "the wheels are swapped in omega (omega has the wrong sign)"


def _stub(exercise):
    return cell_of(official(STEM), exercise, "answer").source


def _with_checks(notebook, source_of_check):
    """The notebook with every check cell's source replaced."""
    notebook = copy.deepcopy(notebook)
    for exercise in IDS:
        cell = cell_of(notebook, exercise, "check")
        cell.source = source_of_check(cell.source)
    return notebook


def _insert_code(notebook, index, source):
    notebook = copy.deepcopy(notebook)
    notebook.cells.insert(index, nbformat.v4.new_code_cell(source))
    return notebook


def _hand_ins():
    """(name, notebook or raw bytes, {exercise: expected status}, {exercise: mistake})."""
    right = answered(STEM)
    wrong_fk = answered(STEM, {FK: SWAPPED})
    cases = []
    add = cases.append
    add(("all_right", right, dict.fromkeys(IDS, "passed"), {}))
    add(("unusual_but_right", answered(STEM, {FK: _as_list()}), dict.fromkeys(IDS, "passed"), {}))
    add(("mistakes", answered(STEM, {FK: SWAPPED, IK: NO_RADIUS}),
         {**dict.fromkeys(IDS, "passed"), FK: "failed", IK: "failed"},
         {FK: SWAPPED_NAME,
          IK: "the division by the wheel radii is missing (rim speeds in m/s, not wheel "
              "speeds)"}))
    add(("untouched", official(STEM), dict.fromkeys(IDS, "not attempted"), {}))
    # the tamperings of the trial, each with a wrong answer to exercise 4.1
    failed_fk = {**dict.fromkeys(IDS, "passed"), FK: "failed"}
    swapped = {FK: SWAPPED_NAME}
    add(("check_prints_passed", _with_checks(wrong_fk, lambda s: 'print("PASSED")'),
         failed_fk, swapped))
    add(("check_in_try", _with_checks(wrong_fk, lambda s: f"try:\n    {s}\nexcept Exception:"
                                                          "\n    pass"), failed_fk, swapped))
    add(("check_commented", _with_checks(wrong_fk, lambda s: "# " + s), failed_fk, swapped))
    add(("check_patched", _insert_code(wrong_fk, 3, 'grading.check = lambda *args: '
                                                    'print("PASSED")'), failed_fk, swapped))
    add(("private_patched_in_answer", answered(STEM, {FK: (
        "from robodyn.grading import run\nrun._wrong_outputs = lambda *args: False\n"
        "run._recognise_mistake = lambda *args: None\n" + SWAPPED)}), failed_fk, swapped))
    add(("fake_grading", _insert_code(wrong_fk, 3, "class grading:\n    @staticmethod\n"
                                                   "    def check(*args):\n"
                                                   "        print('PASSED')"), failed_fk, swapped))
    deleted = copy.deepcopy(wrong_fk)
    deleted.cells = [cell for cell in deleted.cells
                     if cell.metadata.get("robodyn", {}).get("role") != "check"
                     or cell.metadata["robodyn"]["exercise"] == HC]
    add(("checks_deleted", deleted, failed_fk, swapped))
    add(("harness_patched", answered(STEM, {FK: (
        "import classgrade.harness as harness\n"
        "harness.start = harness._guard = lambda *args: None\n" + SWAPPED)}), failed_fk,
        swapped))
    # answers that call the book's own implementation
    add(("calls_reference", answered(STEM, {
        FK: "import robodyn.diffdrive\n\ndef forward_kinematics(phi_dot_r, phi_dot_l, "
            "radius_r, radius_l, track_width):\n    return robodyn.diffdrive.forward_kinematics("
            "radius_r * phi_dot_r, radius_l * phi_dot_l, 1.0, track_width)\n",
        IK: "from robodyn.diffdrive import inverse_kinematics\n",
        TR: "import robodyn.diffdrive as dd\n__name__ = 'robodyn.disguise'\n"
            "_radius = getattr(dd, 'turning' + '_radius')\n\n"
            "def turning_radius(pose, goal, speed, wheel_radius, track_width):\n"
            "    omega = speed  # a guess: the call, not the answer, is what is caught\n"
            "    return _radius(speed, omega), speed / wheel_radius, speed / wheel_radius\n",
        IP: "from robodyn import grading\n\ndef integrate_pose(pose, v, accel, omega, dt):\n"
            "    reference = grading.get_exercise('diffdrive.integrate_pose').reference\n"
            "    return reference(pose, v, accel, omega, dt)\n"}),
        {FK: "reference", IK: "reference", TR: "reference", IP: "failed", HC: "passed",
         SO: "passed"}, {}))
    # notebooks that misbehave: each spoils one exercise, the others pass
    loop = _stub(TR).replace('raise NotImplementedError("Exercise 4.3")', "while True:\n"
                                                                          "        pass")
    add(("endless_loop", answered(STEM, {TR: loop}),
         {**dict.fromkeys(IDS, "passed"), TR: "timeout"}, {}))
    add(("kills_kernel", answered(STEM, {IK: "import os\nos._exit(1)\n"}),
         {**dict.fromkeys(IDS, "passed"), IK: "crashed"}, {}))
    # What an answer prints while it is checked is kept aside (robodyn.grading.run); a cell
    # that prints without end is stopped at the output limit.
    spam = _stub(IP) + "\n\nwhile True:\n    print('x' * 1000)\n"
    add(("huge_output", answered(STEM, {IP: spam}),
         {**dict.fromkeys(IDS, "passed"), IP: "output limit"}, {}))
    memory = _stub(HC).replace('raise NotImplementedError("Exercise 4.5")',
                               "return np.ones((50000, 50000))")
    add(("memory", answered(STEM, {HC: memory}),
         {**dict.fromkeys(IDS, "passed"), HC: "memory limit"}, {}))
    add(("fails_at_import", answered(STEM, {FK: "import no_such_module_anywhere\n" + SWAPPED}),
         {**dict.fromkeys(IDS, "passed"), FK: "failed"}, {}))
    add(("network", answered(STEM, {FK: (
        "import socket\nsocket.create_connection(('pypi.org', 443), timeout=3)\n")}),
        {**dict.fromkeys(IDS, "passed"), FK: "failed"}, {}))
    text = nbformat.writes(right)
    add(("corrupt", text[: len(text) // 2].encode(), dict.fromkeys(IDS, "invalid notebook"),
         {}))
    add(("not_json", b"\x89PNG\r\n\x1a\n\x00\x00binary", dict.fromkeys(IDS, "invalid notebook"),
         {}))
    # cells deleted, split and moved
    edited = copy.deepcopy(right)
    edited.cells.remove(cell_of(edited, TR, "answer"))
    split = cell_of(edited, IK, "answer")
    second = copy.deepcopy(split)
    second.id = "split-second"
    split.source = "def _half(track_width):\n    return track_width / 2\n"
    second.source = ("def inverse_kinematics(v, omega, radius_r, radius_l, track_width,\n"
                     "                       max_wheel_speed):\n"
                     "    right = (v + omega * _half(track_width)) / radius_r\n"
                     "    left = (v - omega * _half(track_width)) / radius_l\n"
                     "    fastest = np.maximum(np.abs(right), np.abs(left))\n"
                     "    scale = max_wheel_speed / np.maximum(fastest, max_wheel_speed)\n"
                     "    return scale * right, scale * left\n")
    edited.cells.insert(edited.cells.index(split) + 1, second)
    moved = cell_of(edited, HC, "answer")
    edited.cells.remove(moved)
    edited.cells.insert(2, moved)
    merged = cell_of(edited, IP, "answer")
    merged.source += '\ngrading.check("diffdrive.integrate_pose", integrate_pose)\n'
    add(("cells_edited", edited, {**dict.fromkeys(IDS, "passed"), TR: "missing"}, {}))
    other = official("07_vacuum")
    add(("other_chapter", other, dict.fromkeys(IDS, "other notebook"), {}))
    return cases


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class") / "submissions"
    expected = {}
    for name, notebook, statuses, mistakes in _hand_ins():
        path = folder / f"{name}.ipynb"
        if isinstance(notebook, bytes):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(notebook)
        else:
            write(notebook, path)
        expected[name] = (statuses, mistakes)
    out = folder.parent / "grades"
    started = time.perf_counter()
    summary = grade_class(folder, out, official=ROOT / "exercises" / f"{STEM}.ipynb",
                          seed=4242, limits=LIMITS, jobs=2, progress=False,
                          log=lambda text: None, isolation=ISOLATION)
    seconds = time.perf_counter() - started
    return folder, out, expected, summary, seconds


#: The exercises' points, as the official notebook's check cells declare them.
POINTS = official_points(official(STEM))


def _points(exercise, statuses, mistakes) -> float:
    """The points a hand-in must get: all for a pass; for swapped wheels in 4.1, whose v is
    right and omega wrong, the share of v (4.1's outputs are independent parts); else none."""
    if statuses[exercise] == "passed":
        return POINTS[exercise]
    if exercise == FK and mistakes.get(FK, "").startswith("the wheels are swapped"):
        return POINTS[FK] / 2
    return 0.0


def _gradebook(out):
    with open(out / "gradebook.csv", newline="", encoding="utf-8-sig") as stream:
        return list(csv.DictReader(stream))


def test_the_gradebook_is_exactly_right_for_every_hand_in(graded):
    _, out, expected, _, _ = graded
    rows = _gradebook(out)
    got = {(row["student"], row["exercise"]): row for row in rows}
    assert len(rows) == len(expected) * len(IDS)
    wrong = []
    for name, (statuses, mistakes) in expected.items():
        for exercise in IDS:
            row = got[(name, exercise)]
            if row["status"] != statuses[exercise]:
                wrong.append(f"{name} {exercise}: {row['status']} ({row['feedback']}), "
                             f"expected {statuses[exercise]}")
            if row["mistake"] != mistakes.get(exercise, ""):
                wrong.append(f"{name} {exercise}: mistake {row['mistake']!r}")
            points = f"{_points(exercise, statuses, mistakes):g}"
            if (row["points"], row["max_points"]) != (points, f"{POINTS[exercise]:g}"):
                wrong.append(f"{name} {exercise}: {row['points']} of {row['max_points']} "
                             f"points, expected {points} of {POINTS[exercise]:g}")
    assert not wrong, "\n".join(wrong)


#: The hand-ins graded again beside busy processes: those whose verdict a loaded machine
#: could change (a time limit, a dead kernel, the output cap, a named mistake).
UNDER_LOAD = ("mistakes", "endless_loop", "kills_kernel", "huge_output")


def test_a_loaded_machine_gives_the_same_verdicts(tmp_path):
    """Graded while two processes keep both cores busy (as another class, or a student's
    simulation, would), the hand-ins whose verdicts depend on time get the same statuses,
    named mistakes and points as on a quiet machine."""
    hand_ins = {name: (notebook, statuses, mistakes)
                for name, notebook, statuses, mistakes in _hand_ins() if name in UNDER_LOAD}
    folder = tmp_path / "class"
    for name, (notebook, _, _) in hand_ins.items():
        write(notebook, folder / f"{name}.ipynb")
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        grade_class(folder, tmp_path / "grades", official=ROOT / "exercises" / f"{STEM}.ipynb",
                    seed=4242, limits=LIMITS, jobs=2, progress=False, log=lambda text: None,
                    isolation=ISOLATION)
        assert all(process.poll() is None for process in busy)     # busy all along
    finally:
        for process in busy:
            process.kill()
            process.wait()
    rows = {(row["student"], row["exercise"]): row for row in _gradebook(tmp_path / "grades")}
    wrong = [f"{name} {exercise}: {rows[(name, exercise)]['status']}, expected "
             f"{statuses[exercise]}"
             for name, (_, statuses, mistakes) in hand_ins.items() for exercise in IDS
             if (rows[(name, exercise)]["status"], rows[(name, exercise)]["mistake"],
                 rows[(name, exercise)]["points"]) != (
                     statuses[exercise], mistakes.get(exercise, ""),
                     f"{_points(exercise, statuses, mistakes):g}")]
    assert not wrong, "\n".join(wrong)


def test_the_feedback_says_what_happened(graded):
    _, out, _, _, _ = graded
    rows = {(row["student"], row["exercise"]): row for row in _gradebook(out)}
    assert "looks like the wheels are swapped" in rows[("mistakes", FK)]["feedback"]
    assert "robodyn.diffdrive.forward_kinematics" in rows[("calls_reference", FK)]["feedback"]
    assert "after 10 s" in rows[("endless_loop", TR)]["feedback"]
    assert "kernel died" in rows[("kills_kernel", IK)]["feedback"]
    assert "MemoryError" in rows[("memory", HC)]["feedback"]
    assert "no_such_module_anywhere" in rows[("fails_at_import", FK)]["feedback"]
    assert "not a notebook" in rows[("corrupt", FK)]["feedback"]
    assert "vacuum." in rows[("other_chapter", FK)]["feedback"]
    assert "deleted" in rows[("cells_edited", TR)]["feedback"]
    assert "names the book's own robodyn.diffdrive.forward_kinematics" in \
        rows[("calls_reference", FK)]["flags"]
    assert "imports robodyn.grading" in rows[("private_patched_in_answer", FK)]["flags"]
    [page] = (path.read_text(encoding="utf-8")                # a slug and a hash of the key
              for path in (out / "feedback").glob("cells_edited-*.html"))
    assert "split into 2 cells" in page and "check call" in page


def test_totals_points_and_the_summary_page(graded):
    _, out, expected, _, _ = graded
    with open(out / "totals.csv", newline="", encoding="utf-8-sig") as stream:
        totals = {row["student"]: row for row in csv.DictReader(stream)}
    for name, (statuses, mistakes) in expected.items():
        assert totals[name]["points"] == \
            f"{sum(_points(e, statuses, mistakes) for e in IDS):g}"
        assert totals[name]["max_points"] == f"{sum(POINTS.values()):g}"
    page = (out / "summary.html").read_text(encoding="utf-8")
    assert "<svg" in page and "Pass rate per exercise" in page
    assert SWAPPED_NAME in page
    assert "<script" not in page
    passed_fk = sum(statuses[FK] == "passed" for statuses, _ in expected.values())
    swapped_fk = sum(mistakes.get(FK, "").startswith("the wheels are swapped")
                     for _, mistakes in expected.values())
    assert class_table(graded[3]["records"])[0] == (
        FK, passed_fk, len(expected),
        f"{SWAPPED_NAME} ({swapped_fk})")
    assert f"<td>diffdrive.forward_kinematics</td><td>{passed_fk} of {len(expected)}</td>" \
        in page


def test_the_run_stays_within_its_limits(graded):
    _, _, expected, summary, seconds = graded
    # each hand-in within its own limit; two at a time
    assert seconds < len(expected) * (LIMITS.notebook_seconds + 10) / 2
    for record in summary["records"]:
        assert record["seconds"] < LIMITS.notebook_seconds + 60


def test_a_second_run_changes_nothing_and_grades_nothing_again(graded):
    folder, out, _, _, _ = graded
    before = {path.name: path.read_bytes() for path in out.glob("*.csv")}
    summary = grade_class(folder, out, official=ROOT / "exercises" / f"{STEM}.ipynb",
                          limits=LIMITS, jobs=2, progress=False, log=lambda text: None,
                          isolation=ISOLATION)
    assert summary["graded"] == 0 and summary["skipped"] == summary["total"]
    assert {path.name: path.read_bytes() for path in out.glob("*.csv")} == before
    assert (out / "seed.txt").read_text().strip() == "4242"


def test_a_changed_hand_in_is_graded_again_and_only_it(graded, tmp_path):
    folder, out, _, _, _ = graded
    copy_folder = tmp_path / "class"
    copy_out = tmp_path / "grades"
    subprocess.run(["cp", "-r", str(folder), str(copy_folder)], check=True)
    subprocess.run(["cp", "-r", str(out), str(copy_out)], check=True)
    write(answered(STEM), copy_folder / "untouched.ipynb")
    summary = grade_class(copy_folder, copy_out, official=ROOT / "exercises" / f"{STEM}.ipynb",
                          limits=LIMITS, jobs=2, progress=False, log=lambda text: None,
                          isolation=ISOLATION)
    assert summary["graded"] == 1
    rows = [row for row in _gradebook(copy_out) if row["student"] == "untouched"]
    assert [row["status"] for row in rows] == ["passed"] * len(IDS)


def test_one_student_graded_again_with_the_instructors_overrides(graded, tmp_path):
    """``--student`` grades that student's hand-in again (unchanged as it is) and no other;
    ``<out>/overrides.csv`` is read without an option and applied to the records kept, the
    line that matches nobody is listed; a student who is not in the class is a clear error."""
    folder, out, _, _, _ = graded
    copy_folder, copy_out = tmp_path / "class", tmp_path / "grades"
    subprocess.run(["cp", "-r", str(folder), str(copy_folder)], check=True)
    subprocess.run(["cp", "-r", str(out), str(copy_out)], check=True)
    (copy_out / "overrides.csv").write_text(
        "student,exercise,points,reason\n"
        f"mistakes,{FK},2,the swap was a typo in the exercise text\n"
        f"nobody_here,{FK},1,a name that is not in the class\n", encoding="utf-8")
    told = []
    summary = grade_class(copy_folder, copy_out, official=ROOT / "exercises" / f"{STEM}.ipynb",
                          limits=LIMITS, jobs=2, progress=False, log=told.append,
                          isolation=ISOLATION, student="Mistakes")
    assert (summary["graded"], summary["skipped"]) == (1, len(_hand_ins()) - 1)
    rows = {(row["student"], row["exercise"]): row for row in _gradebook(copy_out)}
    assert rows[("mistakes", FK)]["status"] == "failed"          # graded as before ...
    assert rows[("mistakes", FK)]["points"] == "2"               # ... and set by hand
    assert "the swap was a typo" in rows[("mistakes", FK)]["adjustment"]
    assert rows[("all_right", FK)]["adjustment"] == ""
    assert any("nobody_here" in line for line in told)
    assert "nobody_here" in (copy_out / "summary.html").read_text(encoding="utf-8")
    with pytest.raises(ParameterError, match="no hand-in of the folder is 'zoe'"):
        grade_class(copy_folder, copy_out, official=ROOT / "exercises" / f"{STEM}.ipynb",
                    limits=LIMITS, progress=False, log=told.append, isolation=ISOLATION,
                    student="zoe")


def test_a_grader_failure_on_one_hand_in_is_its_grader_error_and_the_class_goes_on(
        tmp_path, monkeypatch):
    """Whatever the grader itself raises on one hand-in (its cleanup once raised
    RecursionError on a hand-in's folder chain and stopped the class with no summary) becomes
    that hand-in's "grader error", told with the student's name; the others are graded, the
    summary written, and the failed one's record is one the next run grades again."""
    import classgrade.classroom as classroom

    folder = tmp_path / "class"
    for name in ("alice", "bob"):
        write(answered(STEM), folder / f"{name}.ipynb")
    real = classroom._grade_one

    def failing_for_bob(hand_in, *args, **kwargs):
        if hand_in.student == "bob":
            raise RecursionError("maximum recursion depth exceeded")
        return real(hand_in, *args, **kwargs)

    monkeypatch.setattr(classroom, "_grade_one", failing_for_bob)
    told = []
    out = tmp_path / "grades"
    grade_class(folder, out, official=ROOT / "exercises" / f"{STEM}.ipynb", seed=7,
                limits=LIMITS, jobs=2, progress=False, log=told.append, isolation=ISOLATION)
    rows = _gradebook(out)
    assert {row["status"] for row in rows if row["student"] == "alice"} == {"passed"}
    bob = [row for row in rows if row["student"] == "bob"]
    assert len(bob) == len(IDS) and {row["status"] for row in bob} == {"grader error"}
    assert all("RecursionError" in row["feedback"] for row in bob), bob[0]
    assert any(line.startswith("bob (bob.ipynb): the grader failed") for line in told), told
    assert (out / "summary.html").exists()
    # the next run grades bob again (test_class_layouts.py runs a grader failure again)
    bob_record = next((out / "results").glob("bob.ipynb-*.json"))
    assert classroom._grader_failed(json.loads(bob_record.read_text(encoding="utf-8")))


def _sigint_as_at_a_terminal():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_leaves_a_consistent_gradebook_that_the_next_run_completes(tmp_path):
    folder = tmp_path / "class"
    slow = answered(STEM, {TR: _stub(TR).replace('raise NotImplementedError("Exercise 4.3")',
                                                 "import time\n    time.sleep(60)")})
    for name in ("a", "b", "c"):
        write(answered(STEM) if name == "a" else slow, folder / f"{name}.ipynb")
    out = tmp_path / "grades"
    # The run's job folders (and so every kernel's command line) lie in a temporary folder of
    # this test's own: the look for leftovers below sees this run's processes only, not those
    # of another grading run on the same machine.
    # A short path: each kernel's IPC sockets lie in its job folder, and a socket's path may
    # not pass 107 characters (pytest's tmp_path is too long for that).
    own_tmp = Path(tempfile.mkdtemp(prefix="rdc-test-"))
    environment = {**os.environ, "TMPDIR": str(own_tmp)}
    command = [sys.executable, "-m", "classgrade.grade", str(folder), "--out", str(out),
               "--jobs", "1", "--time-limit", "5", "--quiet",
               *(["--no-sandbox"] if ISOLATION == "none" else [])]
    # Ctrl-C as at a terminal: SIGINT in its default disposition. A test run started in the
    # background of a script (`make test &`, nohup) inherits SIGINT ignored, and so would the
    # grader: Python then raises no KeyboardInterrupt, and the run goes on to its end.
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=environment,
                               preexec_fn=_sigint_as_at_a_terminal)
    # Interrupted while b is being graded: a's record is written and b's job folder exists
    # (each hand-in's lives while it is graded), whatever the machine's load.

    def grading_b():
        return (list((out / "results").glob("a.ipynb-*.json"))
                and list(own_tmp.glob("rdc-*")))

    deadline = time.monotonic() + 600
    while not grading_b() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.poll() is None, "the run ended before b was graded: " + str(
        process.communicate()[1].decode())
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr.decode()
    assert b"interrupted" in stdout + stderr
    rows = _gradebook(out)
    students = {row["student"] for row in rows}
    assert "a" in students and len(rows) == len(IDS) * len(students)
    assert not list(out.rglob("*.part"))
    # no grading process or kernel left behind
    time.sleep(1)
    leftover = subprocess.run(["pgrep", "-f", f"{own_tmp}/rdc-"],
                              capture_output=True, text=True).stdout.split()
    assert [pid for pid in leftover if int(pid) != os.getpid()] == []
    assert list(own_tmp.glob("rdc-*")) == [], "a job folder was left behind"
    # the next run keeps a's grade and grades the rest
    finished = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                              env=environment)
    assert finished.returncode == 0, finished.stderr
    assert "kept 1 unchanged" in finished.stdout
    assert "most frequent named mistake" in finished.stdout
    rows = _gradebook(out)
    assert len(rows) == 3 * len(IDS)              # three students
    assert {row["status"] for row in rows if row["student"] != "a"
            and row["exercise"] == TR} == {"timeout"}
    shutil.rmtree(own_tmp)


def test_a_folder_without_notebooks_or_a_wrong_option_is_a_clear_error(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = subprocess.run([sys.executable, "-m", "classgrade.grade", str(empty)],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "no notebooks" in result.stderr
    result = subprocess.run([sys.executable, "-m", "classgrade.grade", str(empty),
                             "--time-limit", "-3"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2 and "-3" in result.stderr
    missing = subprocess.run([sys.executable, "-m", "classgrade.grade",
                              str(tmp_path / "nowhere")], cwd=ROOT, capture_output=True,
                             text=True, timeout=60)
    assert missing.returncode == 2 and "nowhere" in missing.stderr
    write(official(STEM), empty / "x.ipynb")
    result = subprocess.run([sys.executable, "-m", "classgrade.grade", str(empty),
                             "--exercises", "exercises/nope.ipynb"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "nope.ipynb" in result.stderr


def test_the_record_of_a_hand_in_is_json_with_its_fingerprint(graded):
    _, out, _, _, _ = graded
    records = [json.loads(path.read_text()) for path in (out / "results").glob("*.json")]
    assert all(len(record["sha256"]) == 64 and record["fingerprint"] for record in records)
