"""Grading one hand-in as a job of its own (``python -m classgrade.job``), as a cluster's array
job or a learning platform's runner calls it: the record it writes, its exit codes, the seed,
and the explicit run without the sandbox."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from handins import ROOT, answered, write

from booktools.chapters import Chapter
from classgrade import bwrap

pytestmark = [pytest.mark.solutions]

STEM = "04_differential_drive"
OFFICIAL = ROOT / "exercises" / f"{STEM}.ipynb"
SWAPPED = """def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
            (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width)
"""


def job(*args, cwd):
    return subprocess.run([sys.executable, "-I", "-m", "classgrade.job", *map(str, args)],
                          cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.mark.notebooks
def test_a_job_grades_one_hand_in_and_writes_its_record(tmp_path):
    """Exit 0 and a record: points by exercise (swapped wheels 1 of 2), the total, the seed
    and the rounds given, and how the kernel was isolated."""
    hand_in = write(answered(STEM, {"diffdrive.forward_kinematics": SWAPPED}),
                    tmp_path / "smith.ipynb")
    isolation = ["--no-sandbox"] if bwrap.problem() else []
    run = job(hand_in, "--exercises", OFFICIAL, "--out", tmp_path / "smith.json", "--seed", 7,
              "--rounds", 2, *isolation, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    record = json.loads((tmp_path / "smith.json").read_text(encoding="utf-8"))
    assert (record["seed"], record["rounds"], record["status"]) == (7, 2, "ok")
    points = {entry["exercise"]: entry["points"] for entry in record["exercises"]}
    assert points["diffdrive.forward_kinematics"] == 1.0
    assert (record["points"], record["max_points"]) == (20.0, 21.0)
    assert record["isolation"].startswith("none" if isolation else "bubblewrap sandbox")
    assert "20 of 21 points" in run.stdout


@pytest.mark.notebooks
def test_a_job_without_the_sandbox_says_so_and_a_job_without_a_seed_draws_one(tmp_path):
    """--no-sandbox: the record says the answers ran unconfined; no --seed: one is drawn,
    told and kept in the record."""
    hand_in = write(answered(STEM), tmp_path / "lee.ipynb")
    run = job(hand_in, "--exercises", OFFICIAL, "--out", tmp_path / "lee.json",
              "--no-sandbox", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    record = json.loads((tmp_path / "lee.json").read_text(encoding="utf-8"))
    assert record["isolation"].startswith("none (--no-sandbox)")
    assert f"seed {record['seed']}" in run.stderr
    assert record["points"] == record["max_points"] == 21


def test_a_hand_in_that_is_not_a_notebook_is_graded_as_such(tmp_path):
    """Not a notebook: still exit 0, a record whose every exercise says so, 0 points."""
    (tmp_path / "broken.ipynb").write_bytes(b"\x89PNG\r\n\x1a\n\x00binary")
    run = job(tmp_path / "broken.ipynb", "--exercises", OFFICIAL, "--out",
              tmp_path / "broken.json", "--seed", 1, "--no-sandbox", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    record = json.loads((tmp_path / "broken.json").read_text(encoding="utf-8"))
    assert record["status"] == "invalid notebook" and record["points"] == 0
    assert all(entry["status"] == "invalid notebook" for entry in record["exercises"])


@pytest.mark.parametrize(("arguments", "words"), [
    (["missing.ipynb", "--exercises", OFFICIAL, "--out", "r.json"], "is not a file"),
    (["hand_in.ipynb", "--exercises", Chapter(STEM, ROOT).opening, "--out", "r.json"],
     "no check cells"),
    (["hand_in.ipynb", "--exercises", "hand_in.ipynb", "--out", "r.json"],
     "not a readable notebook"),
    (["hand_in.ipynb", "--exercises", OFFICIAL, "--out", "."], "is a folder"),
    (["hand_in.ipynb", "--exercises", OFFICIAL, "--out", "r.json", "--seed", "-3"],
     "whole number"),
    (["hand_in.ipynb", "--out", "r.json"], "--exercises"),
], ids=["no-hand-in", "not-exercises", "unreadable-exercises", "out-folder", "bad-seed",
        "no-exercises"])
def test_a_mistake_in_the_command_exits_2_without_a_record(tmp_path, arguments, words):
    """Exit code 2, a message naming the mistake, and no record written."""
    (tmp_path / "hand_in.ipynb").write_text("not json", encoding="utf-8")
    run = job(*arguments, cwd=tmp_path)
    assert run.returncode == 2 and words in run.stderr, run.stderr
    assert not (tmp_path / "r.json").exists()
