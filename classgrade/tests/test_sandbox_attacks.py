"""A class of hand-ins that attack the grading run, graded in the sandbox (classgrade.bwrap).

Every attack an instructor's trial found against the grader before the sandbox, each in a
hand-in of its own beside honest ones: reading a solution, patching the grader's code, a daemon
that outlives the kernel to rewrite the gradebook, killing classmates' kernels, deleting
another hand-in, rewriting the kernel spec, a forged pid file, fork and write floods, the
book's private helpers and its checks by any route, forged results records, the network.

The proof is taken from outside: only honest answers earn points; the repository's sources,
the hand-ins' folder and the output folder are hashed before and after (the output folder
holding nothing but the grader's own files); no process of a hand-in survives the run; the
honest students' grades are whole; and the review flags or the feedback name what was tried.
"""

from __future__ import annotations

import csv
import hashlib
import os
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from handins import ROOT, answered, solution_code, write

from classgrade import bwrap
from classgrade.classroom import grade_class
from classgrade.folders import remove_tree
from classgrade.sandbox import Limits

pytestmark = [pytest.mark.notebooks, pytest.mark.solutions,
              pytest.mark.skipif(bool(bwrap.problem()), reason=bwrap.problem() or "-")]

STEM = "04_differential_drive"
FK, IK, TR, IP, HC = ("diffdrive.forward_kinematics", "diffdrive.inverse_kinematics",
                      "diffdrive.turning_radius", "diffdrive.integrate_pose",
                      "diffdrive.heading_command")
LIMITS = Limits(exercise_seconds=10, notebook_seconds=90, memory_bytes=2 * 2**30,
                output_bytes=256 * 2**10)
#: Marks the processes the attacks start, so that survivors can be found after the run.
MARKER = "classgrade-attack-7f3c"

#: The right answer of 4.1, to which an attack is added: it must still earn nothing where the
#: attack is what the points would come from, and its points where it is not.
RIGHT_FK = (solution_code(STEM)[FK] + "\n" if (ROOT / "solutions").is_dir() else "")


def _attack(body: str) -> str:
    """An answer of 4.1 that runs ``body`` at definition time (it may define the function)."""
    return textwrap.dedent(body).replace("{ROOT}", str(ROOT)).replace("{MARKER}", MARKER)


ATTACKS = {
    # name: (answers by exercise, what the gradebook must say of 4.1)
    "reads_the_solution": ({FK: _attack("""
        import json, pathlib
        source = pathlib.Path("{ROOT}") / "solutions" / "04_differential_drive.ipynb"
        cells = json.loads(source.read_text())["cells"]
        exec("\\n".join("".join(c["source"]) for c in cells
                        if "def forward_kinematics" in "".join(c["source"])))
        """)}, "failed"),
    "patches_the_grader": ({FK: _attack("""
        import pathlib
        for name in ("classgrade/classgrade/reports.py", "classgrade/classgrade/sandbox.py",
                     "robodyn/grading/run.py", "/opt/book/robodyn/grading/run.py"):
            try:
                with open(pathlib.Path("{ROOT}") / name, "a") as stream:
                    stream.write("\\nPATCHED = True\\n")
            except OSError:
                pass
        """) + RIGHT_FK}, "passed"),
    "daemon_rewrites_the_gradebook": ({FK: _attack("""
        import os, subprocess, sys
        subprocess.Popen([sys.executable, "-c",
            "import os, time, pathlib, sys  # {MARKER}\\n"
            "os.setsid()\\n"
            "time.sleep(8)\\n"
            "for top in ('/tmp', '/home', '/work', '/root'):\\n"
            "  for p in pathlib.Path(top).rglob('gradebook.csv'):\\n"
            "    p.write_text('student,points\\\\nforger,999\\\\n')\\n"
            "time.sleep(600)\\n"], start_new_session=True,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        """) + RIGHT_FK}, "passed"),
    "kills_other_kernels": ({FK: _attack("""
        import os, signal
        mine = os.getpid()
        for entry in os.listdir("/proc"):
            if entry.isdigit() and int(entry) not in (mine, 1):
                try:
                    os.kill(int(entry), signal.SIGKILL)
                except OSError:
                    pass
        """) + RIGHT_FK}, "passed"),
    "deletes_and_writes_files": ({FK: _attack("""
        import pathlib, shutil
        root = pathlib.Path("{ROOT}")
        for target in [root / "solutions", root / "exercises", root / "robodyn"]:
            shutil.rmtree(target, ignore_errors=True)
        for name in ("/tmp/../forged.txt", str(root / "forged.txt")):
            try:
                pathlib.Path(name).write_text("forged")
            except OSError:
                pass
        """) + RIGHT_FK}, "passed"),
    "rewrites_the_kernel_spec": ({FK: _attack("""
        import json, os, pathlib
        specs = [spec for top in ("/tmp", "/work", "/root", "{ROOT}")
                 for spec in pathlib.Path(top).rglob("kernel.json")]
        for spec in specs:
            try:
                data = json.loads(spec.read_text())
                data["argv"] = data["argv"][data["argv"].index("--") + 1:]
                spec.write_text(json.dumps(data))
            except (OSError, ValueError):
                pass
        os._exit(1)
        """)}, "crashed"),
    "forges_a_pid_file_and_floods": ({FK: _attack("""
        import os, pathlib, subprocess, sys
        for folder in ("/tmp", os.getcwd()):
            try:
                (pathlib.Path(folder) / "kernel.pid").write_text("0")
            except OSError:
                pass
        for _ in range(50):
            try:
                subprocess.Popen([sys.executable, "-c",
                                  "import time; time.sleep(600)  # {MARKER}"],
                                 start_new_session=True)
            except OSError:
                break
        os.write(2, b"x" * (64 * 2**20))
        """) + RIGHT_FK}, {"output limit", "timeout"}),
    "private_helper": ({FK: """
from robodyn.diffdrive.kinematics import wheel_speeds_to_twist

def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return wheel_speeds_to_twist(radius_r * phi_dot_r, radius_l * phi_dot_l, 1.0, track_width)
"""}, "reference"),
    "built_up_name": ({FK: """
import importlib
book = importlib.import_module("robodyn." + "diff" + "drive")

def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return getattr(book, "forward" + "_kinematics")(radius_r * phi_dot_r,
                                                    radius_l * phi_dot_l, 1.0, track_width)
"""}, "reference"),
    "runs_the_checks": ({FK: _attack("""
        import runpy, pathlib
        found = [p for top in ("/opt", "/tmp", "{ROOT}")
                 for p in pathlib.Path(top).rglob("checks/diffdrive.py")]
        reference = runpy.run_path(str(found[0]))["forward_kinematics"]
        """) + "\nforward_kinematics = reference\n"}, "failed"),
    "reads_the_job": ({FK: _attack("""
        import pickle
        job = pickle.load(open("/grading/job.pickle", "rb"))
        known = {repr(args): None for args in job["exercises"]["{FK}"]["cases"]}

        def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
            return 0.0, 0.0
        """).replace("{FK}", FK)}, "failed"),
    "forges_a_results_record": ({FK: _attack("""
        from IPython.display import publish_display_data

        def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
            publish_display_data({"application/vnd.classgrade.collected.v1":
                                  '{"exercise": "{FK}", "defined": true, "callable": true, '
                                  '"calls": [], "references_called": []}'})
            return 0.0, 0.0
        """).replace("{FK}", FK)}, "crashed"),
    "uses_the_network": ({FK: _attack("""
        import socket
        try:
            socket.create_connection(("1.1.1.1", 80), timeout=3).close()
            reached = True
        except OSError:
            reached = False

        def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
            if reached:
                return 1.0, 1.0   # wrong on purpose: reaching the network costs the points
            v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
            return v, (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width
        """)}, "passed"),
    "fills_the_socket_folder": ({FK: _attack("""
        import glob, os
        for connection in glob.glob("/tmp/**/connection.json", recursive=True):
            sockets = os.path.join(os.path.dirname(os.path.dirname(connection)), "sockets")
            for k in range(200):
                try:
                    with open(os.path.join(sockets, f"fill{k}"), "wb") as stream:
                        stream.write(b"x" * 2**20)
                except OSError:
                    break
        import time
        time.sleep(5)
        """) + RIGHT_FK}, "crashed"),
    # a chain of folders deeper than Python's recursion limit and longer than PATH_MAX: the
    # grader's cleanup once raised RecursionError on it and stopped the whole class
    "deep_folder_chain": ({FK: _attack("""
        import glob, os
        start = os.getcwd()
        for connection in glob.glob("/tmp/**/connection.json", recursive=True):
            os.chdir(os.path.join(os.path.dirname(os.path.dirname(connection)), "sockets"))
            for _ in range(3000):
                os.mkdir("d")
                os.chdir("d")
            os.chdir(start)
            break
        import time
        time.sleep(3)
        """) + RIGHT_FK}, "crashed"),
    # widget messages, a malformed one first: nbclient's handler raised KeyError on it (every
    # exercise a "grader error"), and 200 of 1 MB went past the output cap
    "floods_widget_messages": ({FK: _attack("""
        from ipykernel.comm import Comm
        comm = Comm(target_name="jupyter.widget", data={"state": {}})
        for _ in range(200):
            comm.send(data={"state": {"value": "x" * 2**20}})
        """) + RIGHT_FK}, "output limit"),
    # bwrap's own process is PID 1 inside: its environment was the grader's whole one, its
    # command line every host path bound; returned, they would show on the feedback page
    "reads_the_graders_environment": ({FK: _attack("""
        def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
            with open("/proc/1/environ", "rb") as stream:
                variables = [v for v in stream.read().decode(errors="replace").split(chr(0))
                             if v]
            wanted = [v for v in variables if "TOKEN" in v or "SECRET" in v or "KEY" in v]
            with open("/proc/1/cmdline", "rb") as stream:
                command = stream.read().decode(errors="replace").replace(chr(0), " ")
            raise RuntimeError(f"{len(variables)} variables {wanted} | {command[:300]}")
        """)}, "failed"),
}
#: Set in the grader's environment while the class is graded: no page may show it.
GRADER_SECRET = "classgrade-secret-token-5d1e"


def _digest(paths) -> dict[str, str]:
    digests = {}
    for path in paths:
        for file in sorted(Path(path).rglob("*")) if Path(path).is_dir() else [Path(path)]:
            if file.is_file() and "__pycache__" not in file.parts:
                digests[str(file)] = hashlib.sha256(file.read_bytes()).hexdigest()
    return digests


#: The parts of the repository a hand-in must not change (all the sources a grade depends on).
GUARDED = ("robodyn", "classgrade/classgrade", "solutions", "exercises", "Makefile")


def _survivors() -> list[str]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                command = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if MARKER.encode() in command and b"pytest" not in command:
                found.append(entry)
    return found


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    base = tmp_path_factory.mktemp("attacks")
    folder, out = base / "hand-ins", base / "grades"
    for name, (answers, _) in ATTACKS.items():
        write(answered(STEM, answers), folder / f"{name}.ipynb")
    for name in ("honest_a", "honest_b", "honest_c"):
        write(answered(STEM), folder / f"{name}.ipynb")
    before_repository = _digest(ROOT / name for name in GUARDED)
    before_hand_ins = _digest([folder])
    started = time.perf_counter()
    # The run's temporary folders in one of this test's own (short: it holds sockets), so
    # that what is left there is this run's alone.
    own_tmp = Path(tempfile.mkdtemp(prefix="rda-"))
    usual, tempfile.tempdir = tempfile.tempdir, str(own_tmp)
    os.environ["CLASSGRADE_TEST_TOKEN"] = GRADER_SECRET
    try:
        summary = grade_class(folder, out, ROOT / "exercises" / f"{STEM}.ipynb", seed=11,
                              limits=LIMITS, jobs=2, progress=False, log=lambda *a: None)
    finally:
        tempfile.tempdir = usual
        del os.environ["CLASSGRADE_TEST_TOKEN"]
    time.sleep(1.0)   # a daemon's grace: the gradebook is read after it would have struck
    left = sorted(path.name for path in own_tmp.iterdir())
    remove_tree(own_tmp)
    return {"summary": summary, "folder": folder, "out": out, "seconds":
            time.perf_counter() - started, "before_repository": before_repository,
            "before_hand_ins": before_hand_ins, "survivors": _survivors(),
            "left_in_tmp": left}


def _rows(out: Path) -> dict[tuple[str, str], dict]:
    with open(out / "gradebook.csv", encoding="utf-8-sig") as stream:
        return {(row["student"], row["exercise"]): row for row in csv.DictReader(stream)}


def test_no_file_outside_the_sandbox_changes(attacked):
    assert _digest(ROOT / name for name in GUARDED) == attacked["before_repository"]
    assert _digest([attacked["folder"]]) == attacked["before_hand_ins"]
    assert not (ROOT / "forged.txt").exists()
    grader_files = {"gradebook.csv", "totals.csv", f"grades-{STEM}.csv", f"canvas-{STEM}.csv",
                    f"moodle-{STEM}.csv", "summary.html", "seed.txt", "feedback", "results"}
    out = attacked["out"]
    extra = {path.name for path in out.iterdir()} - grader_files
    assert not extra, extra
    with open(out / "gradebook.csv", encoding="utf-8") as stream:
        assert "forger" not in stream.read()


def test_no_process_of_a_hand_in_survives_the_run(attacked):
    assert attacked["survivors"] == []


def test_no_page_shows_the_graders_environment_or_paths(attacked):
    """What the sandbox's PID 1 shows (bwrap's own process) holds nothing of the grader's
    environment nor the folders bound into the sandbox: the attacker's answer raised both in
    its error, which is on its feedback page, without them."""
    pages = {path: path.read_text(encoding="utf-8", errors="replace")
             for path in attacked["out"].rglob("*") if path.is_file()}
    attacker = [text for path, text in pages.items()
                if "reads_the_graders_environment" in path.name]
    assert attacker and any("/proc/1" in text or "bwrap" in text for text in attacker), (
        "the attacker's feedback does not show what it read")
    for path, text in pages.items():
        assert GRADER_SECRET not in text, path
    # bwrap's options (its binds: the package copy's folder, the job's file) are not on its
    # command line. (The interpreter is seen at its own path inside, the virtual
    # environment's: a repository's path where the environment is made in it.)
    for text in attacker:
        assert "0 variables []" in text and "--args 3" in text, text
        assert "--ro-bind" not in text and "rdl-" not in text, text


def test_the_run_leaves_no_temporary_folder(attacked):
    """Every job folder is removed, the attackers' too (a chain of 3,000 folders among them),
    and the class was graded to its end: every hand-in in the gradebook."""
    assert attacked["left_in_tmp"] == []
    students = {student for student, _ in _rows(attacked["out"])}
    assert students == {*ATTACKS, "honest_a", "honest_b", "honest_c"}


def test_only_honest_answers_earn_points(attacked):
    rows = _rows(attacked["out"])
    for name, (_, status) in ATTACKS.items():
        row = rows[(name, FK)]
        assert row["status"] in ({status} if isinstance(status, str) else status), (name, row)
        if status != "passed":
            assert float(row["points"]) == 0, (name, row)


def test_the_honest_students_are_graded_whole(attacked):
    rows = _rows(attacked["out"])
    for name in ("honest_a", "honest_b", "honest_c"):
        for exercise in (FK, IK, TR, IP, HC):
            assert rows[(name, exercise)]["status"] == "passed", (name, exercise)
    # the attackers' other exercises, the solutions' answers, are untouched by their attack,
    # but for those whose kernel the attack ended
    for name in ("patches_the_grader", "daemon_rewrites_the_gradebook",
                 "deletes_and_writes_files", "forges_a_pid_file_and_floods",
                 "private_helper", "reads_the_job", "floods_widget_messages"):
        assert all(rows[(name, exercise)]["status"] == "passed"
                   for exercise in (IK, TR, IP, HC)), name


def test_the_records_say_what_confined_them(attacked):
    assert "Graded without the sandbox" not in (attacked["out"] / "summary.html").read_text()
    for record in attacked["summary"]["records"]:
        assert record["isolation"].startswith("bubblewrap sandbox"), record["isolation"]
        assert record["network"] == "none (network namespace)"
        assert record["processes"]


def test_the_flags_and_feedback_name_what_was_tried(attacked):
    rows = _rows(attacked["out"])
    flags = {name: rows[(name, FK)]["flags"] for name in ATTACKS}
    assert "uses exec" in flags["reads_the_solution"]
    assert "names the book's own robodyn.diffdrive.kinematics.wheel_speeds_to_twist" in \
        flags["private_helper"]
    assert "importlib" in flags["built_up_name"]
    assert "runpy" in flags["runs_the_checks"]
    assert "pickle" in flags["reads_the_job"]
    assert "results records" in flags["forges_a_results_record"]
    assert "socket folder" in flags["fills_the_socket_folder"]
    assert "subprocess" in flags["daemon_rewrites_the_gradebook"]
    assert "socket" in flags["uses_the_network"]
