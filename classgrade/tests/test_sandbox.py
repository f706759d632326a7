"""The sandbox's parts (classgrade.bwrap) and the choice of isolation.

What the sandbox withstands is proven by a class of attacks (test_sandbox_attacks.py); these
tests hold the parts it is made of: the package copy holds no checks, the kernel's command asks
for every namespace and limit, a machine without bubblewrap is told so and grades only when
told ``--no-sandbox``, and a record says how its hand-in was confined.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from handins import ROOT, answered, cell_of, official, write

from classgrade import bwrap, classroom, sandbox
from classgrade.grade import main as grade_main
from classgrade.sandbox import Limits, grade_hand_in
from robodyn.core.errors import ParameterError

needs_bwrap = pytest.mark.skipif(bool(bwrap.problem()), reason=bwrap.problem() or "-")


def test_the_package_copy_has_no_checks_or_compiled_files(tmp_path):
    library = bwrap.copy_library(tmp_path / "book")
    names = {path.relative_to(library).as_posix() for path in library.rglob("*")}
    assert "robodyn/diffdrive/kinematics.py" in names and "robodyn/grading/run.py" in names
    assert "classgrade/harness.py" in names and "classgrade/plaindata.py" in names
    assert not any(name.startswith(("robodyn/checks", "booktools/booktools")) for name in names)
    assert not any("__pycache__" in name or name.endswith((".pyc", ".nbi", ".nbc"))
                   for name in names)
    # the judging stays outside: no gradebook, sandbox or solution code in the copy
    assert not any(name.startswith("classgrade/") and name not in (
        "classgrade", "classgrade/__init__.py", "classgrade/harness.py",
        "classgrade/plaindata.py") for name in names), names


def test_the_kernel_command_asks_for_every_namespace_and_limit(tmp_path):
    command = bwrap.kernel_command(
        tmp_path / "book", tmp_path / "job.pickle", tmp_path / "conn" / "c.json",
        tmp_path / "sockets", bwrap.KernelLimits(2**31, 90, 32), {"MPLBACKEND": "Agg"})
    text = " ".join(command)
    for option in ("--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
                   "--new-session", "--clearenv", "--cap-drop", "--remount-ro"):
        assert option in command, option
    for limit in (f"--as={2**31}", "--cpu=90", "--nproc=32", f"--fsize={bwrap.MAX_FILE}"):
        assert limit in command, limit
    # the only writable bind is the socket folder; the repository is bound nowhere
    binds = [command[i + 1] for i, word in enumerate(command) if word == "--bind"]
    assert binds == [str(tmp_path / "sockets")]
    assert str(ROOT) + " " not in text and f"{ROOT}/robodyn" not in text
    assert f"{ROOT}/solutions" not in text
    # in-memory folders come before the binds that lie below them
    assert command.index("/tmp") < command.index(str(tmp_path / "sockets"))


def test_without_bubblewrap_the_grader_says_so_and_needs_no_sandbox(monkeypatch, tmp_path,
                                                                    capsys):
    bwrap.problem.cache_clear()
    monkeypatch.setattr(bwrap.shutil, "which", lambda name: None)
    try:
        message = bwrap.problem()
        assert "bubblewrap (bwrap) is not installed" in message and "apt-get" in message
        folder = tmp_path / "hand-ins"
        write(official("04_differential_drive"), folder / "a.ipynb")   # no solutions: the release
        with pytest.raises(ParameterError, match="--no-sandbox"):
            classroom.grade_class(folder, tmp_path / "out", progress=False, log=lambda *a: 0)
        assert grade_main([str(folder), "--out", str(tmp_path / "out"), "--quiet"]) == 2
        assert "cannot grade in the sandbox" in capsys.readouterr().err
        with pytest.raises(ParameterError, match="isolation must be one of"):
            grade_hand_in(folder / "a.ipynb", ROOT / "exercises" / "04_differential_drive"
                          ".ipynb", seed=1, isolation="docker")
    finally:
        bwrap.problem.cache_clear()


@pytest.mark.notebooks
@pytest.mark.solutions
def test_a_no_sandbox_run_says_so_in_every_report(tmp_path):
    folder, out = tmp_path / "hand-ins", tmp_path / "out"
    write(answered("04_differential_drive"), folder / "a.ipynb")
    summary = classroom.grade_class(folder, out, seed=2, limits=Limits(notebook_seconds=60),
                                    progress=False, log=lambda *a: 0, isolation="none")
    (record,) = summary["records"]
    assert record["isolation"].startswith("none (--no-sandbox)")
    assert {e["status"] for e in record["exercises"]} == {"passed"}
    pages = [out / "summary.html", *(out / "feedback").glob("*.html")]
    assert len(pages) == 2
    for page in pages:
        assert "Graded without the sandbox (--no-sandbox)" in page.read_text(), page


@needs_bwrap
@pytest.mark.solutions          # the other exercises answered from solutions/
def test_an_answer_too_costly_to_judge_is_its_own_timeout(tmp_path):
    """An answer that returns totient(N) of a 126-digit N, unevaluated: sympy would factor N
    while judging it (it held the grading process for good). Judging it stops after the
    exercise's time of the grader's CPU, as a timeout of that exercise alone, said so; the
    hand-in's other answers are graded as usual. (The limit is the cells' too, so it leaves
    the honest cells room on a loaded machine: at 3 s this test failed once, its message
    lost, beside another test run, and passed in two runs beside busy processes.)"""
    from handins import ISOLATION

    costly = ("import sympy\n\ndef kinetic_energy_2link(m1, m2, L1, lc1, lc2, I1, I2, q1, q2,"
              " qd1, qd2):\n    return sympy.totient(sympy.Integer(10**125 + 12345),"
              " evaluate=False)\n")
    path = tmp_path / "costly.ipynb"
    write(answered("01_planar_arms", {"arm.kinetic_energy_2link": costly}), path)
    record = grade_hand_in(path, ROOT / "exercises" / "01_planar_arms.ipynb", seed=3,
                           limits=Limits(exercise_seconds=10, notebook_seconds=120),
                           isolation=ISOLATION)
    entries = {entry["exercise"]: entry for entry in record["exercises"]}
    costly_entry = entries.pop("arm.kinetic_energy_2link")
    assert costly_entry["status"] == "timeout", costly_entry
    assert "judging what the answer returned took more than 10 s" in costly_entry["feedback"]
    assert {entry["status"] for entry in entries.values()} == {"passed"}, entries


#: Wrong answers of exercises 4.1 and 4.2 that return at once.
ZERO_WHEELS = ("def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):\n"
               "    return 0.0, 0.0\n")
ZERO_SPEEDS = ("def inverse_kinematics(v, omega, radius_r, radius_l, track_width,\n"
               "                       max_wheel_speed):\n"
               "    return 0.0, 0.0\n")


def _graded_with(tmp_path, answers: dict[str, str], limits: Limits) -> dict:
    """The record of chapter 4's exercise notebook with ``answers`` (exercise id to code) in
    their answer cells and the other exercises untouched, graded in the sandbox."""
    from handins import ISOLATION

    notebook = official("04_differential_drive")
    for exercise, code in answers.items():
        cell_of(notebook, exercise, "answer").source = code
    path = tmp_path / "hand_in.ipynb"
    write(notebook, path)
    return grade_hand_in(path, ROOT / "exercises" / "04_differential_drive.ipynb", seed=3,
                         limits=limits, isolation=ISOLATION)


@needs_bwrap
@pytest.mark.checks
def test_judging_that_runs_out_of_memory_is_that_exercises_memory_limit(tmp_path,
                                                                         monkeypatch):
    """The judge running out of the grading process's memory (classroom limits that
    process's address space) is a "memory limit" of that exercise, told why, not a grader
    error graded again on every run; the other exercises are judged as usual."""
    real = sandbox._judge_collected

    def out_of_memory_on_the_first(exercise_id, *args):
        if exercise_id == "diffdrive.forward_kinematics":
            raise MemoryError
        return real(exercise_id, *args)

    monkeypatch.setattr(sandbox, "_judge_collected", out_of_memory_on_the_first)
    record = _graded_with(tmp_path, {"diffdrive.forward_kinematics": ZERO_WHEELS},
                          Limits(notebook_seconds=120))
    entries = {entry["exercise"]: entry for entry in record["exercises"]}
    first = entries.pop("diffdrive.forward_kinematics")
    assert first["status"] == "memory limit" and first["points"] == 0, first
    assert "needed more memory than the grader may use" in first["feedback"]
    assert {entry["status"] for entry in entries.values()} == {"not attempted"}, entries


FORKED_MEMORY = """import subprocess, sys, time

def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    held = bytearray(1000 * 2**20)          # the kernel (0.9 GB of it) within 2 GB
    held[::4096] = b"x" * len(held[::4096])
    grab = "b = bytearray(500 * 2**20); b[::4096] = b'x' * len(b[::4096]); import time; " \\
           "time.sleep(30)"
    helpers = [subprocess.Popen([sys.executable, "-c", grab]) for _ in range(4)]
    time.sleep(30)                           # all five past the group's 2.6 GB together
    return 0.0, 0.0
"""


@needs_bwrap
@pytest.mark.checks
def test_processes_that_together_pass_the_memory_limit_are_a_memory_limit(tmp_path):
    """A kernel holding 1.1 GB and four processes of 0.5 GB it starts each stay within the
    address-space limit of 2 GB, and pass the hand-in's memory group (2 GB and the in-memory
    folders' 640 MB) together: the largest, the kernel, is stopped and the exercise is a
    "memory limit", told why; the exercises after it are graded in a new kernel. Where the
    machine makes no memory group, this test is skipped (each process is then limited alone,
    and the record says so)."""
    from handins import ISOLATION

    probe = bwrap.KernelGroups(4, 2**30)
    has_memory_group = "memory" in probe.folders
    probe.close()
    if ISOLATION != "bwrap" or not has_memory_group:
        pytest.skip("no memory cgroup can be made here (the grader then limits each process)")
    record = _graded_with(tmp_path, {"diffdrive.forward_kinematics": FORKED_MEMORY,
                                     "diffdrive.inverse_kinematics": ZERO_SPEEDS},
                          Limits(memory_bytes=2 * 2**30, notebook_seconds=120))
    entries = {entry["exercise"]: entry for entry in record["exercises"]}
    forked = entries["diffdrive.forward_kinematics"]
    assert forked["status"] == "memory limit", forked
    assert "used more memory together than a hand-in may" in forked["feedback"]
    assert entries["diffdrive.inverse_kinematics"]["status"] == "failed"   # graded after it
    assert "a memory cgroup" in record["processes"] and "a cpu cgroup" in record["processes"]
    assert record["kernel_starts"] == 2


def test_a_grading_process_gets_an_address_space_limit_its_kernel_can_raise():
    """classroom limits each grading process's address space (soft: the kernel it starts
    sets its own, up to any size) to the larger of the kernel's limit and a floor."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        classroom._limit_memory(process, 3 * 2**30)
        limits = Path(f"/proc/{process.pid}/limits").read_text()
        line = next(line for line in limits.splitlines() if line.startswith("Max address"))
        assert line.split()[3:5] == [str(3 * 2**30), "unlimited"], line
    finally:
        process.kill()
        process.wait()
    assert classroom.GRADER_MEMORY_FLOOR >= 2 * 2**30


def test_inside_the_sandbox_the_repository_and_the_network_are_not_there(tmp_path):
    """The kernel's command, run with a probe instead of the kernel: it sees the package copy
    and nothing of the repository, cannot write the copy, has no network and sees only its
    own processes."""
    library = bwrap.copy_library(tmp_path / "book")
    (tmp_path / "job.pickle").write_bytes(b"")
    (tmp_path / "conn").mkdir()
    (tmp_path / "conn" / "c.json").write_text("{}")
    (tmp_path / "sockets").mkdir()
    command = bwrap.kernel_command(library, tmp_path / "job.pickle", tmp_path / "conn" /
                                   "c.json", tmp_path / "sockets",
                                   bwrap.KernelLimits(2**31, 30, 32), {})
    probe = command[:command.index("--", command.index("--chdir")) + 1] + [
        sys.executable, "-c", PROBE.replace("{ROOT}", str(ROOT))]
    seccomp = bwrap.seccomp_filter(tmp_path / "seccomp.bpf")
    assert seccomp is not None, "libseccomp (pyseccomp) is missing"
    launched = bwrap.launch_command(probe, tmp_path / "options", seccomp)
    result = subprocess.run(launched, capture_output=True, text=True, timeout=60,
                            env={**os.environ, "CLASSGRADE_TEST_TOKEN": "secret-5d1e"})
    assert result.returncode == 0, result.stderr
    seen = dict(line.split("=", 1) for line in result.stdout.split())
    assert seen == {"robodyn": "/opt/book/robodyn/__init__.py", "repository": "False",
                    "solutions": "False", "write_copy": "refused", "network": "refused",
                    "processes": "1", "home": "/home/student", "write_root": "refused",
                    "capabilities": "0000000000000000", "ptrace": "refused",
                    "pid1_environment": "0"}, seen


PROBE = """
import os, pathlib, socket, robodyn
print("robodyn=" + robodyn.__file__)
print("repository=" + str(pathlib.Path("{ROOT}/robodyn").exists()))
print("solutions=" + str(pathlib.Path("{ROOT}/solutions").exists()))
try:
    open("/opt/book/robodyn/x.py", "w")
    print("write_copy=allowed")
except OSError:
    print("write_copy=refused")
try:
    socket.create_connection(("1.1.1.1", 80), timeout=2)
    print("network=allowed")
except OSError:
    print("network=refused")
others = [p for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, os.getpid())]
print("processes=" + str(1 + len(others)))
print("home=" + os.getcwd())
try:
    open("/etc/written-by-a-hand-in", "w")
    print("write_root=allowed")
except OSError:
    print("write_root=refused")
status = pathlib.Path("/proc/self/status").read_text()
print("capabilities=" + status.split("CapEff:")[1].split()[0])
import ctypes, time
libc = ctypes.CDLL(None, use_errno=True)
child = os.fork()
if child == 0:
    time.sleep(5)
    os._exit(0)
attached = libc.ptrace(16, child, 0, 0) == 0   # PTRACE_ATTACH to its own child
print("ptrace=" + ("allowed" if attached else "refused"))
os.kill(child, 9)
print("pid1_environment=" + str(len(pathlib.Path("/proc/1/environ").read_bytes())))
"""


@pytest.mark.checks
def test_every_exercise_s_job_unpickles_without_the_checks():
    """The job (cases, adapters) is rebuilt in the sandbox, which has no robodyn.checks: no
    exercise may pass an object defined there (a stand-in belongs in robodyn.grading)."""
    import pickletools

    from robodyn.grading import exercise_ids

    for exercise_id in exercise_ids():
        data = pickle.dumps(sandbox._job([exercise_id], 3, 3, False))
        strings = [arg for op, arg, _ in pickletools.genops(data) if isinstance(arg, str)]
        assert not any(text.startswith(("robodyn.checks", "booktools"))
                       for text in strings), exercise_id


MALFORMED_OUTPUT = (
    "k = get_ipython().kernel\n"
    "for content in ({'data': 5, 'metadata': {}}, {'execution_count': 'x'}, 7, None):\n"
    "    k.session.send(k.iopub_socket, 'display_data', content,\n"
    "                   parent=k.get_parent('shell'))\n"
    "def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):\n"
    "    return 0.0, 0.0\n")


@needs_bwrap
def test_malformed_messages_from_the_kernel_are_dropped_and_the_hand_in_graded(tmp_path):
    """An answer that sends the grader outputs nbformat refuses (data that is not an object,
    a content that is no object at all) is graded like any other: its own exercise failed on
    its values, the next one graded, no "grader error" (found by the hidden hostile class:
    nbclient's validation ended the grading process, every exercise a grader error, graded
    again at every run)."""
    record = _graded_with(tmp_path, {"diffdrive.forward_kinematics": MALFORMED_OUTPUT},
                          Limits(exercise_seconds=10, notebook_seconds=120))
    statuses = {entry["exercise"]: entry["status"] for entry in record["exercises"]}
    assert record["status"] == "ok", record.get("message")
    assert statuses["diffdrive.forward_kinematics"] == "failed", statuses
    assert statuses["diffdrive.inverse_kinematics"] == "not attempted", statuses
