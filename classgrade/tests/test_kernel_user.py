"""Without the sandbox, a grader that runs as root starts each hand-in's kernel as the
unprivileged user nobody (``classgrade.confine --user``), as it must on Gradescope, whose
containers run the autograder as root and often refuse bubblewrap's namespaces. Before, the
kernel ran as root beside the grader: the second red team's submission killed
``run_autograder`` and kept the results it had forged.

The kernel tests run as root only (CI's machine is root). This machine's Python lives under
``/root`` (mode 0700), which nobody may not pass: the module's fixture lets nobody pass those
folders (not list them) while its tests run, as a Gradescope image's ``/usr/bin`` and
``/autograder/venv`` let it, and restores them after. Without that, the grader says why the
kernel ran as root (a test below)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from handins import ROOT, answered, nothing_graded, write

import robodyn
from classgrade import confine, folders, sandbox
from classgrade.reports import NO_SANDBOX, no_sandbox_sentence

STEM = "04_differential_drive"
OFFICIAL = ROOT / "exercises" / f"{STEM}.ipynb"
FK = "diffdrive.forward_kinematics"


def _nobody() -> tuple[int, int] | None:
    try:
        return confine.user_ids(sandbox.KERNEL_USER)
    except ValueError:
        return None


as_root = pytest.mark.skipif(os.geteuid() != 0 or _nobody() is None,
                             reason="the kernel's user is changed by a grader run as root, "
                                    "on a machine with the user nobody")

#: The answer of 4.1 that tries, as a hand-in run without the sandbox would: its user, to kill
#: the grader (the kernel's parent), to read the grader's environment, to write a file where
#: only root may, to become root again, and to find the grader's variable CANARY. It raises
#: what it found, in short, so that 4.1's feedback shows it; the other exercises are graded
#: as usual.
PROBE = '''import os, signal

def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    found = {"uid": os.getuid(), "canary": os.environ.get("CANARY", "none")}
    tries = {"kill": lambda: os.kill(os.getppid(), signal.SIGKILL),
             "environ": lambda: open(f"/proc/{os.getppid()}/environ", "rb").read(),
             "write": lambda: open("ROOT_ONLY_PATH", "w").write("x"),
             "setuid": lambda: os.setuid(0)}
    for name, attempt in tries.items():
        try:
            attempt()
            found[name] = "done"
        except Exception as error:
            found[name] = type(error).__name__[:4]
    raise RuntimeError(" ".join(f"{key}:{value}" for key, value in found.items()))
'''


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    from classgrade.gradescope import build_bundle

    return build_bundle(OFFICIAL, tmp_path_factory.mktemp("bundle"), seed=20240)


@pytest.fixture(scope="module")
def passable():
    """Let nobody pass every folder on the way to the Python and the packages (o+x); put
    the modes back after the module."""
    uid, gid = _nobody()
    changed = {}
    for path in (Path(sys.executable).resolve(), Path(robodyn.__file__).resolve(),
                 Path(sandbox.__file__).resolve()):
        for folder in reversed(path.parents):
            mode = folder.stat().st_mode
            if folder not in changed and not mode & stat.S_IXOTH and \
                    folder.stat().st_uid != uid:
                changed[folder] = stat.S_IMODE(mode)
                folder.chmod(stat.S_IMODE(mode) | stat.S_IXOTH)
    try:
        yield
    finally:
        for folder, mode in changed.items():
            folder.chmod(mode)


# --------------------------------------------------------------------------- no kernel


def test_the_kernel_user_is_never_root_and_a_missing_one_is_named():
    with pytest.raises(ValueError, match="is root"):
        confine.user_ids("root")
    with pytest.raises(ValueError, match="no user 'no-such-user-x'"):
        confine.user_ids("no-such-user-x")


def test_confine_refuses_a_user_without_root_and_options_without_a_user(tmp_path):
    def run(*options):
        return subprocess.run([sys.executable, "-m", "classgrade.confine", "--memory",
                               str(2**30), "--cpu", "10", *options, "--", "true"],
                              capture_output=True, text=True, timeout=60)

    refused = run("--own", str(tmp_path))
    assert refused.returncode == 2 and "go with --user" in refused.stderr
    if os.geteuid() != 0:
        refused = run("--user", "nobody")
        assert refused.returncode == 2 and "needs root" in refused.stderr


@as_root
def test_confine_runs_the_command_as_nobody_with_only_its_environment(tmp_path):
    """The folders given with --own become the user's, the files given with --read its
    group's to read; the command runs as nobody, with no group of root's, with
    no_new_privs, and none of the grader's variables."""
    uid, gid = _nobody()
    own, readable = tmp_path / "own", tmp_path / "conn.json"
    own.mkdir()
    readable.write_text("{}", encoding="utf-8")
    tmp_path.chmod(0o711)
    script = ("import os, json; print(json.dumps([os.getresuid(), os.getresgid(), "
              "os.getgroups(), dict(os.environ), open('/proc/self/status').read()]))")
    run = subprocess.run(
        [sys.executable, "-m", "classgrade.confine", "--memory", str(2**31), "--cpu", "30",
         "--user", "nobody", "--own", str(own), "--read", str(readable), "--env=KEPT=1",
         "--", "/usr/bin/python3", "-c", script],
        capture_output=True, text=True, timeout=60, cwd=own,
        env={**os.environ, "CANARY": "secret"})
    assert run.returncode == 0, run.stderr
    uids, gids, groups, environment, status = json.loads(run.stdout)
    assert uids == [uid] * 3 and gids == [gid] * 3 and groups in ([], [gid])
    assert "CANARY" not in environment and environment["KEPT"] == "1"
    assert environment["HOME"] == str(own)
    assert "NoNewPrivs:\t1" in status
    assert (own.stat().st_uid, stat.S_IMODE(own.stat().st_mode)) == (uid, 0o700)
    assert (readable.stat().st_uid, readable.stat().st_gid) == (0, gid)
    assert stat.S_IMODE(readable.stat().st_mode) == 0o640


@as_root
def test_where_nobody_cannot_reach_the_python_the_record_says_why_it_ran_as_root(tmp_path,
                                                                                monkeypatch):
    with folders.temporary_folder("kernel-user-test-", mode=folders.PASSABLE) as base:
        blocked = base / "closed"   # in a folder nobody may pass (pytest's are closed)
        blocked.mkdir(mode=0o700)
        monkeypatch.setattr(sys, "executable", str(blocked / "python"))
        job_dir = tmp_path / "job"
        (job_dir / "conn").mkdir(parents=True)
        modes = [folder.stat().st_mode for folder in (job_dir, job_dir / "conn")]
        user, why = sandbox._kernel_user(job_dir)
    assert user is None
    assert why == f"the user nobody cannot reach the Python: {blocked} may not be passed through"
    # the job's folders were not opened for a user that will not run the kernel
    assert [folder.stat().st_mode for folder in (job_dir, job_dir / "conn")] == modes


def test_the_way_to_a_file_is_judged_as_the_kernel_would_be():
    """_blocked_for reads the modes as the kernel's system would: the owner's bits for the
    owner, the group's for the group, the others' for the rest."""
    uid, gid = 65534, 65534
    with folders.temporary_folder("kernel-user-test-", mode=folders.PASSABLE) as base:
        folder, file = base / "a", base / "a" / "f"
        folder.mkdir()
        file.write_text("x", encoding="utf-8")
        for mode, reachable in ((0o700, False), (0o711, True), (0o750, False)):
            folder.chmod(mode)
            file.chmod(0o644)
            assert (sandbox._blocked_for(file, uid, gid) == "") is reachable, oct(mode)
        folder.chmod(0o711)
        file.chmod(0o640)
        assert sandbox._blocked_for(file, uid, gid) == f"{file} may not be read"
        assert "may not be passed through or run" in sandbox._blocked_for(file, uid, gid, 0o1)
        if os.geteuid() == 0:
            os.chown(file, 0, gid)
            assert sandbox._blocked_for(file, uid, gid) == ""
            assert sandbox._blocked_for(file, uid, gid + 1) == f"{file} may not be read"


def test_the_reports_say_which_user_ran_the_answers():
    as_nobody = {"isolation": "none (--no-sandbox): as nobody", "kernel_user": "nobody"}
    as_root_record = {"isolation": "none (--no-sandbox)", "kernel_user": ""}
    assert "unprivileged user nobody" in no_sandbox_sentence([as_nobody, as_nobody])
    assert no_sandbox_sentence([as_nobody, as_root_record]) == NO_SANDBOX
    assert no_sandbox_sentence([as_root_record]) == NO_SANDBOX


def test_folders_left_by_a_killed_grader_are_removed_by_the_next(tmp_path):
    """A hand-in run without the sandbox can kill the grader, whose temporary folders then
    stay. The next grader removes those of a process that is gone, once a day old; a live
    process's, a fresh one, another prefix's and a file are kept."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    old = time.time() - folders.STALE_SECONDS - 60

    def made(name, age=old, nested=False):
        path = tmp_path / name
        path.mkdir()
        if nested:   # a chain the answers made, too deep for shutil.rmtree
            (path / "/".join(["d"] * 50)).mkdir(parents=True)
        os.utime(path, (age, age))
        return path

    stale = made(f"rdx-{dead}-abcd", nested=True)
    live = made(f"rdx-{os.getpid()}-efgh")
    fresh = made(f"rdx-{dead}-ijkl", age=time.time())
    other = made(f"rdy-{dead}-mnop")
    (tmp_path / f"rdx-{dead}-file").write_text("x", encoding="utf-8")
    with folders.temporary_folder("rdx-", tmp_path) as new:
        assert new.name.startswith(f"rdx-{os.getpid()}-")
        assert not stale.exists()
        assert live.exists() and fresh.exists() and other.exists()
        assert (tmp_path / f"rdx-{dead}-file").exists()
    assert not new.exists()


# --------------------------------------------------------------------------- kernels


@as_root
@pytest.mark.notebooks
@pytest.mark.solutions
def test_a_hand_in_run_as_nobody_cannot_reach_the_grader(tmp_path, passable):
    """classgrade.job --no-sandbox, as root: the probing answer finds itself nobody, and
    each of its attempts refused; the job finishes (exit 0: not killed), the other answers
    earn their points, and the record says which user ran them."""
    root_only = tmp_path / "root-only"
    root_only.mkdir(mode=0o755)
    probe = PROBE.replace("ROOT_ONLY_PATH", str(root_only / "written"))
    hand_in = write(answered(STEM, {FK: probe}), tmp_path / "probe.ipynb")
    run = subprocess.run([sys.executable, "-I", "-m", "classgrade.job", str(hand_in),
                          "--exercises", str(OFFICIAL), "--out", str(tmp_path / "r.json"),
                          "--seed", "5", "--rounds", "1", "--no-sandbox"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "CANARY": "secret"})
    assert run.returncode == 0, run.stdout + run.stderr
    record = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert record["kernel_user"] == "nobody"
    assert "unprivileged user nobody" in record["isolation"]
    assert record["processes"].startswith("at most")
    entries = {entry["exercise"]: entry for entry in record["exercises"]}
    feedback = entries[FK]["feedback"]
    uid, _ = _nobody()
    for found in (f"uid:{uid}", "canary:none", "kill:Perm", "environ:Perm", "write:Perm",
                  "setuid:Perm"):
        assert found in feedback, (found, feedback)
    assert not (root_only / "written").exists()
    assert all(entry["status"] == "passed" for name, entry in entries.items() if name != FK)


@as_root
@pytest.mark.notebooks
@pytest.mark.solutions
def test_gradescope_without_the_sandbox_keeps_its_own_results(tmp_path, passable, bundle):
    """run_autograder as Gradescope runs it, as root, in a container where bubblewrap cannot
    make its namespaces (a bwrap that fails stands first on the PATH): the submission's
    answer writes results.json with 999 points and tries to kill the grader, as the second
    red team's did. Both are refused: the results are the grader's, full points for the
    right answers, and they say the answers ran as an unprivileged user."""
    from test_gradescope import IDS, POINTS, autograde, notebook_bytes

    failing = tmp_path / "bin"
    failing.mkdir()
    (failing / "bwrap").write_text("#!/bin/sh\necho 'No permissions to create a new "
                                   "namespace' >&2\nexit 1\n", encoding="utf-8")
    (failing / "bwrap").chmod(0o755)
    forge = '''import os, signal, json

def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    for attempt in (lambda: open(os.path.join(os.environ.get("AUTOGRADER_ROOT", "/autograder"),
                                              "results", "results.json"), "w").write(
                        json.dumps({"score": 999, "output": "FORGED", "tests": []})),
                    lambda: open("RESULTS", "w").write(json.dumps({"score": 999})),
                    lambda: os.kill(os.getppid(), signal.SIGKILL)):
        try:
            attempt()
        except OSError:
            pass
    return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
            (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width)
'''
    folder = tmp_path / "autograder"
    results_file = folder / "results" / "results.json"
    forge = forge.replace('"RESULTS"', repr(str(results_file)))
    path = os.environ.get("PATH", "")
    os.environ["PATH"] = f"{failing}:{path}"
    try:
        results, stdout = autograde(bundle, folder, {
            f"{STEM}.ipynb": notebook_bytes(answered(STEM, {FK: forge}))})
    finally:
        os.environ["PATH"] = path
    assert "FORGED" not in results["output"] and results["score"] == sum(POINTS.values()), \
        stdout
    assert {test["status"] for test in results["tests"]} == {"passed"}, stdout
    assert len(results["tests"]) == len(IDS)
    assert "as an unprivileged user" in results["output"]
    assert "bubblewrap cannot run in this container" in results["output"]
    assert results["extra_data"]["isolation"].startswith("none (--no-sandbox): the answers ran as")


def test_the_console_warning_tells_a_root_grader_which_user_runs_the_code(monkeypatch, tmp_path,
                                                                        capsys):
    """--no-sandbox warned "Every hand-in's code runs with your rights", untrue of a grader run
    as root, which starts the kernels as nobody where it can. As root the warning says so; as
    another user it says nothing more."""
    from classgrade import classroom, grade

    monkeypatch.setattr(classroom, "grade_class", nothing_graded(tmp_path))
    for uid, told in ((0, True), (1000, False)):
        monkeypatch.setattr(confine.os, "geteuid", lambda uid=uid: uid)
        assert grade.main([str(tmp_path), "--no-sandbox", "--quiet"]) == 0
        error = capsys.readouterr().err
        assert error.count("WARNING: grading WITHOUT the sandbox") == 2
        assert ("starts each kernel as the unprivileged user nobody" in error) is told, error
