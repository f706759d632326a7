"""The second red team's attacks on the class grader, each kept from coming back: a zip
member whose name is longer than a file name may be (it stopped the whole class's run), a zip
bomb whose notebook unpacks to more than a hand-in may have (it filled the disk with what the
grader then refused to read), a zip whose directory lists millions of entries (read whole, in
the grader's own memory, before it was refused), results that a Gradescope submission forged
without the sandbox before it stopped the grader (kept by run_autograder), and runs without
the sandbox that said nothing of it on the console, and judging kept in C code past its CPU
limit by a value a hand-in returned. Fast: no kernel is started."""

from __future__ import annotations

import json
import zipfile

from handins import ROOT, nothing_graded

from classgrade import submissions
from classgrade.classroom import _record_name
from classgrade.reports import write_atomically
from classgrade.submissions import ZipLimits, find_submissions, unpack_notebooks


def test_a_zip_member_with_a_name_longer_than_a_file_name_gets_a_record_file(tmp_path):
    """A zip's member may be named with 65,535 bytes and a folder chain with more: the hand-in's
    record is still written (its file name cut, the hash of the whole key keeping two apart),
    instead of the run stopping with "File name too long"."""
    folder = tmp_path / "class"
    folder.mkdir()
    long_a, long_b = "a" * 240 + "/" + "b" * 240 + ".ipynb", "a" * 240 + "/" + "c" * 240 + ".ipynb"
    with zipfile.ZipFile(folder / "mallory.zip", "w") as archive:
        archive.writestr(long_a, "{}")
        archive.writestr(long_b, "{}")
    (tmp_path / "unpacked").mkdir()
    inventory = find_submissions(folder, unpack_to=tmp_path / "unpacked")
    keys = [hand_in.key for hand_in in inventory.hand_ins]
    assert len(keys) == 2
    names = {_record_name(key) for key in keys}
    assert len(names) == 2
    for name in names:
        assert len(name.encode()) <= 255
        write_atomically(tmp_path / "results" / name, "{}")
    assert len(list((tmp_path / "results").iterdir())) == 2


def test_a_zip_bomb_notebook_is_refused_before_it_unpacks_past_a_hand_ins_size(
        tmp_path, monkeypatch):
    """A notebook member larger than a hand-in may be (classgrade.handin.MAX_BYTES) is
    refused, whether its size is declared or found as it unpacks, and nothing stays on
    disk, though the zip's own cap (ZipLimits.max_bytes) is larger."""
    monkeypatch.setattr(submissions, "MAX_NOTEBOOK_BYTES", 2**20)
    zipped = tmp_path / "bomb.zip"
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("nb.ipynb", b"\0" * (3 * 2**20))
    into = tmp_path / "out"
    notebooks, _, problem = unpack_notebooks(zipped, into, ZipLimits())
    assert notebooks == [] and "more than a hand-in may have" in problem
    assert not into.exists() or list(into.iterdir()) == []
    # the directory under-declares the size: the cap holds as it unpacks
    monkeypatch.setattr(submissions, "_refusal", lambda members, limits: "")
    notebooks, _, problem = unpack_notebooks(zipped, into, ZipLimits())
    assert notebooks == [] and "more than a hand-in may have" in problem
    assert list(into.iterdir()) == []


def test_results_a_submission_forged_before_it_stopped_the_grader_are_not_kept(tmp_path):
    """Gradescope without the sandbox: the submission's code runs with the grader's rights. It
    wrote results.json with 999 points and killed the grader, and run_autograder kept the
    file because it was not empty. Now only a grader that finished (exit code 0) has its
    results kept; a stale file from before is removed first."""
    import os
    import stat
    import subprocess

    from classgrade.gradescope import build_bundle

    bundle = build_bundle(ROOT / "exercises" / "04_differential_drive.ipynb",
                          tmp_path / "bundle", seed=1)
    folder = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        info = archive.getinfo("run_autograder")
        (folder / "source").mkdir(parents=True)
        script = folder / "source" / "run_autograder"
        script.write_bytes(archive.read(info))
        script.chmod(stat.S_IMODE(info.external_attr >> 16) or 0o755)
    (folder / "results").mkdir()
    forger = tmp_path / "forger"
    forger.write_text("#!/bin/sh\n"
                      "echo '{\"score\": 999, \"output\": \"FORGED\", \"tests\": []}' "
                      "> \"$AUTOGRADER_ROOT/results/results.json\"\n"
                      "kill -9 $$\n", encoding="utf-8")
    forger.chmod(0o755)
    environment = {**os.environ, "AUTOGRADER_ROOT": str(folder),
                   "AUTOGRADER_PYTHON": str(forger)}
    run = subprocess.run([str(script)], cwd=folder, env=environment, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    results = json.loads((folder / "results" / "results.json").read_text(encoding="utf-8"))
    assert results["score"] == 0 and "FORGED" not in results["output"]
    assert "was stopped before it wrote its results" in results["output"]


def test_a_run_without_the_sandbox_warns_on_the_console_before_and_after(tmp_path, monkeypatch,
                                                                         capsys):
    """--no-sandbox let a hand-in read the seed and rewrite another student's record (kept as
    unchanged by the next run), and the console said nothing of it: the warning was only in
    the summary page. Now the run says so on the error output before grading and at the end;
    a run in the sandbox does not."""
    from classgrade import classroom, grade

    monkeypatch.setattr(classroom, "grade_class", nothing_graded(tmp_path))
    assert grade.main([str(tmp_path), "--no-sandbox", "--quiet"]) == 0
    assert capsys.readouterr().err.count("WARNING: grading WITHOUT the sandbox") == 2
    assert grade.main([str(tmp_path), "--quiet"]) == 0
    assert "WITHOUT the sandbox" not in capsys.readouterr().err


def test_a_job_without_the_sandbox_warns_on_the_error_output(tmp_path, monkeypatch, capsys):
    """classgrade.job --no-sandbox: a hand-in wrote a record of 999 points at --out (read from
    the job's command line) and killed the job, which had said nothing of the risk. Now it
    warns before grading, and says only an exit code of 0 vouches for the record."""
    from classgrade import job

    def graded(hand_in, official, out, seed, rounds=3, limits=None, isolation="bwrap"):
        return {"status": "ok", "points": 0, "max_points": 1, "exercises": []}

    monkeypatch.setattr(job, "grade_job", graded)
    hand_in = tmp_path / "x.ipynb"
    hand_in.write_text("{}", encoding="utf-8")
    official = ROOT / "exercises" / "04_differential_drive.ipynb"
    arguments = [str(hand_in), "--exercises", str(official), "--out", str(tmp_path / "r.json"),
                 "--seed", "1"]
    job.main([*arguments, "--no-sandbox"])
    error = capsys.readouterr().err
    assert "WARNING: grading WITHOUT the sandbox" in error and "exit code is 0" in error
    job.main(arguments)
    assert "WITHOUT the sandbox" not in capsys.readouterr().err


def test_a_zip_listing_millions_of_entries_is_refused_before_its_directory_is_read(
        tmp_path, monkeypatch):
    """A 25 MB zip of 300,000 empty entries took 1.8 s and 250 MB of the grader's own memory
    to refuse (zipfile reads its whole directory first); one ten times larger, a gigabyte or
    more. Its end record says how many entries it lists: too many, and zipfile never reads
    the directory."""
    zipped = tmp_path / "many.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        for number in range(60):
            archive.writestr(zipfile.ZipInfo(str(number)), b"")

    def no_reading(*args, **kwargs):
        raise AssertionError("the zip's directory was read")

    monkeypatch.setattr(submissions.zipfile, "ZipFile", no_reading)
    notebooks, _, problem = unpack_notebooks(zipped, tmp_path / "out", ZipLimits(max_members=10))
    assert notebooks == [] and "it lists 60 entries" in problem


def test_judging_stuck_in_c_code_is_stopped_near_its_cpu_limit(monkeypatch):
    """An unevaluated (10**399)**(10**399) returned as a kinetic energy kept the judge in
    Python's integer code, where the CPU timer's signal waits: judging ran 137 s for a limit
    of 60 s. Judging now runs in a fork of its own that the kernel stops at the limit
    (RLIMIT_CPU), and the exercise is a timeout with the usual feedback."""
    import time

    from classgrade import sandbox
    from classgrade.sandbox import Limits

    def stuck(*args):
        return ("passed", "", str((10**399) ** (10**399)), 1.0)

    monkeypatch.setattr(sandbox, "_judge_guarded", stuck)
    started = time.perf_counter()
    status, _, feedback, credit = sandbox._judge_apart("arm.kinetic_energy_2link", None, 1, 1,
                                                       "", Limits(exercise_seconds=1))
    assert (status, credit) == ("timeout", 0.0) and "took more than 1 s" in feedback
    assert time.perf_counter() - started < 20


def test_a_value_that_overflows_when_judged_fails_and_is_not_a_grader_error(monkeypatch):
    """factorial(10**399) sent unevaluated overflows when the judge makes a float of it: the
    answer fails with a word on why, where it was "the grader failed ... please report it"."""
    from classgrade import sandbox
    from classgrade.sandbox import Limits

    def overflowing(*args):     # as the judge's float() of the huge integer does
        return float(10**400)

    monkeypatch.setattr(sandbox, "_judge_collected", overflowing)
    status, mistake, feedback, credit = sandbox._judge_guarded(
        "arm.kinetic_energy_2link", None, 1, 1, "", Limits(exercise_seconds=5))
    assert (status, mistake, credit) == ("failed", "", 0.0)
    assert "overflows when it is compared" in feedback and "report" not in feedback


def _ctrl_c(*args, **kwargs):
    """Stands in for a call that the user interrupts."""
    raise KeyboardInterrupt


def test_ctrl_c_while_a_report_is_written_leaves_the_old_file_and_no_temporary(
        tmp_path, monkeypatch):
    """A grading run stopped by Ctrl-C while it writes a report or a zip keeps the old file
    and leaves no ``.part`` file behind (the class test saw one once, under load)."""
    import pytest

    from classgrade import reports

    target = tmp_path / "gradebook.csv"
    write_atomically(target, "old\n")
    monkeypatch.setattr(reports.os, "replace", _ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, "new\n")
    with pytest.raises(KeyboardInterrupt):
        reports._write_zip(tmp_path / "feedback.zip", {"a.txt": "a"})
    assert target.read_text() == "old\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["gradebook.csv"]


def test_a_gradescope_bundle_stopped_half_way_leaves_no_part_file(tmp_path, monkeypatch):
    """Building the autograder bundle stopped while it adds the book's files (Ctrl-C, or a
    file missing from the book) leaves neither a bundle nor a ``.part`` file."""
    import pytest

    from classgrade import gradescope
    monkeypatch.setattr(gradescope, "_package_files", _ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        gradescope.build_bundle(ROOT / "exercises" / "04_differential_drive.ipynb", tmp_path)
    monkeypatch.setattr(gradescope, "BOOK_FILES", ("no-such-file.txt",))
    with pytest.raises(FileNotFoundError):
        gradescope.build_bundle(ROOT / "exercises" / "04_differential_drive.ipynb", tmp_path)
    assert list(tmp_path.iterdir()) == []
