"""The Gradescope autograder bundle (classgrade.gradescope), run as Gradescope runs it.

The bundle of chapter 4 is built once; each test unpacks it into a temporary folder laid out
like Gradescope's ``/autograder`` (``source/``, ``submission/``, ``results/``), puts a
submission in, and runs ``source/run_autograder`` there with this machine's Python (setup.sh's
installs are not run; its syntax is checked). Every run must leave a ``results.json`` valid by
Gradescope's specification: a solved notebook full points, the untouched one zero, a crashing
answer and swapped wheels what they earn, and a submission that is no notebook, several, or a
broken bundle results that say so, never a traceback.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
from handins import ROOT, answered, official

from booktools.chapters import Chapter
from classgrade import bwrap
from classgrade.gradescope import SETTINGS, build_bundle
from robodyn.core.errors import ParameterError

pytestmark = [pytest.mark.solutions]

STEM = "04_differential_drive"
NAME = f"{STEM}.ipynb"
SEED = 20240
IDS = ["diffdrive.forward_kinematics", "diffdrive.inverse_kinematics",
       "diffdrive.turning_radius", "diffdrive.integrate_pose", "diffdrive.heading_command",
       "diffdrive.square_odometry"]
POINTS = {IDS[0]: 2.0, IDS[1]: 3.0, IDS[2]: 3.0, IDS[3]: 5.0, IDS[4]: 4.0, IDS[5]: 4.0}
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}
TOP_KEYS = {"score", "execution_time", "output", "output_format", "test_output_format",
            "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests",
            "leaderboard"}
TEST_KEYS = {"score", "max_score", "status", "name", "name_format", "number", "output",
             "output_format", "tags", "visibility", "extra_data"}

SWAPPED = """def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    omega = (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width
    return v, omega
"""
CRASHES = "import os\nos._exit(3)\n"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    return build_bundle(ROOT / "exercises" / NAME, tmp_path_factory.mktemp("bundle"),
                        seed=SEED)


def autograde(bundle: Path, folder: Path, submission: dict[str, bytes], python=None,
              settings=None):
    """Unpack ``bundle`` into ``folder/source``, put ``submission`` (file name: bytes) into
    ``folder/submission``, run ``run_autograder``; return (results, the run's stdout)."""
    source = folder / "source"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(source)
        for info in archive.infolist():                # zipfile does not restore the modes
            mode = info.external_attr >> 16
            if mode:
                (source / info.filename).chmod(stat.S_IMODE(mode))
    if settings is not None:
        (source / SETTINGS).write_text(settings, encoding="utf-8")
    (folder / "submission").mkdir()
    (folder / "results").mkdir()
    for name, content in submission.items():
        (folder / "submission" / name).write_bytes(content)
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("PYTEST", "COV_"))}
    environment.update(AUTOGRADER_ROOT=str(folder), AUTOGRADER_PYTHON=python or sys.executable)
    run = subprocess.run([str(source / "run_autograder")], cwd=folder, env=environment,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    text = (folder / "results" / "results.json").read_text(encoding="utf-8")
    return valid_results(text), run.stdout


def valid_results(text: str) -> dict:
    """The results, checked against Gradescope's results.json specification."""
    def no_constant(name):
        raise AssertionError(f"results.json holds {name}, which is not JSON")

    results = json.loads(text, parse_constant=no_constant)
    assert isinstance(results, dict) and set(results) <= TOP_KEYS, set(results) - TOP_KEYS
    assert isinstance(results["score"], (int, float)) and not isinstance(results["score"], bool)
    assert isinstance(results["output"], str) and results["output"]
    assert results["visibility"] in VISIBILITIES
    assert results["stdout_visibility"] in VISIBILITIES
    for key in ("output_format", "test_output_format", "test_name_format"):
        assert results.get(key, "text") in FORMATS
    assert isinstance(results.get("execution_time", 0), (int, float))
    assert isinstance(results.get("extra_data", {}), dict)
    assert isinstance(results["tests"], list)
    for test in results["tests"]:
        assert set(test) <= TEST_KEYS, set(test) - TEST_KEYS
        assert isinstance(test["name"], str) and test["name"]
        assert isinstance(test["output"], str) and test["output"]
        assert test["status"] in ("passed", "failed")
        assert test.get("visibility", "visible") in VISIBILITIES
        assert test.get("output_format", "text") in FORMATS
        assert 0 <= test["score"] <= test["max_score"]
        assert (test["status"] == "passed") == (test["score"] == test["max_score"])
    if results["tests"]:
        assert results["score"] == pytest.approx(sum(t["score"] for t in results["tests"]))
    assert "Traceback" not in text
    return results


def notebook_bytes(notebook) -> bytes:
    return nbformat.writes(notebook).encode()


def per_exercise(results) -> dict[str, tuple[float, float, str]]:
    return {test["name"].rsplit("(", 1)[1].rstrip(")"): (test["score"], test["max_score"],
                                                         test["status"])
            for test in results["tests"]}


def test_the_bundle_holds_what_gradescope_runs_and_what_it_needs(bundle, tmp_path):
    """setup.sh and run_autograder at the zip's root, executable, valid bash; the packages,
    the official notebook and the constraints (not the book's requirements: setup.sh installs
    the two packages); the seed fixed in the settings."""
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
        settings = json.loads(archive.read(SETTINGS))
        archive.extractall(tmp_path)
    assert bundle.name == f"{STEM}.zip"
    for script in ("setup.sh", "run_autograder"):
        assert modes[script] & 0o111, script
        check = subprocess.run(["bash", "-n", str(tmp_path / script)], capture_output=True,
                               text=True)
        assert check.returncode == 0, check.stderr
    setup = (tmp_path / "setup.sh").read_text(encoding="utf-8")
    assert "pip install -c constraints.txt ./ ./classgrade" in setup
    assert "requirements.txt" not in names and "-r requirements.txt" not in setup
    assert "bubblewrap" in setup
    assert {"constraints.txt", "pyproject.toml", "README.md", f"exercises/{NAME}",
            "robodyn/__init__.py", "robodyn/grading/run.py", "robodyn/checks/diffdrive.py",
            "classgrade/pyproject.toml", "classgrade/classgrade/gradescope.py",
            "classgrade/classgrade/sandbox.py"} <= names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert not [name for name in names if name.startswith(("solutions/", "tests/",
                                                           "classgrade/tests/"))]
    assert settings["seed"] == SEED and settings["exercises"] == f"exercises/{NAME}"
    assert settings["points"] == POINTS


def _installed_closure(*names: str) -> dict[str, object]:
    """The distributions ``names`` install, with every dependency, as this environment has
    them (name to importlib.metadata distribution)."""
    import importlib.metadata as metadata

    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    environment = {**default_environment(), "extra": ""}
    found, todo = {}, list(names)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in found:
            continue
        found[name] = metadata.distribution(name)
        for text in found[name].requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate(environment):
                todo.append(requirement.name)
    return found


def test_setup_installs_only_what_grading_needs_and_its_pins_take_python_3_11_0():
    """What setup.sh installs (robodyn, classgrade and their dependencies) holds none of the
    book's build, browser, second engine or test tools, and each of its pinned versions
    accepts Python 3.11.0 (Debian 12's is 3.11.2, Ubuntu 22.04's python3.11 3.11.0)."""

    closure = _installed_closure("robodyn", "classgrade")
    assert not {"jupyter-book", "sphinx", "playwright", "mujoco", "pytest", "nbval",
                "jupyterlab", "statsmodels", "nbgrader", "ruff", "soupsieve"} & set(closure)
    assert {"numpy", "scipy", "numba", "ipykernel", "nbclient", "sympy", "pyseccomp"} <= set(
        closure)
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.lstrip().startswith("#"):
            name, version = line.split(";")[0].split("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    too_new = {}
    for name, distribution in closure.items():
        if name in ("robodyn", "classgrade"):
            continue
        assert pins.get(name) == distribution.version, f"{name} is not pinned as installed"
        if _refuses_python_3_11_0(distribution.metadata):
            too_new[name] = distribution.metadata["Requires-Python"]
    assert too_new == {}
    # the check can fail: a pin that wants 3.11.5, as soupsieve 4.1.3 did, is told
    assert _refuses_python_3_11_0({"Requires-Python": ">=3.11.5"})
    assert not _refuses_python_3_11_0({"Requires-Python": ">=3.9"})
    assert not _refuses_python_3_11_0({})


def _refuses_python_3_11_0(metadata) -> bool:
    """Whether a distribution's metadata wants a Python newer than 3.11.0."""
    from packaging.specifiers import SpecifierSet

    wanted = metadata.get("Requires-Python")
    return bool(wanted) and not SpecifierSet(wanted).contains("3.11.0")


def test_a_bundle_built_without_a_seed_draws_one_and_keeps_it(tmp_path):
    """The seed is drawn when the bundle is built, and written into it."""
    path = build_bundle(ROOT / "exercises" / NAME, tmp_path)
    with zipfile.ZipFile(path) as archive:
        seed = json.loads(archive.read(SETTINGS))["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**31


def test_a_bundle_needs_an_exercise_notebook_with_points(tmp_path):
    """No bundle of a notebook without check cells, or with a check cell without points."""
    with pytest.raises(ParameterError, match="no check cells"):
        build_bundle(Chapter(STEM, ROOT).opening, tmp_path)  # the chapter's own page
    notebook = official(STEM)
    check = next(cell for cell in notebook.cells
                 if cell.metadata.get("robodyn", {}).get("role") == "check")
    del check.metadata["nbgrader"]["points"]
    nbformat.write(notebook, tmp_path / NAME)
    with pytest.raises(ParameterError, match="positive number"):
        build_bundle(tmp_path / NAME, tmp_path / "out")
    with pytest.raises(ParameterError, match="not a file"):
        build_bundle(tmp_path / "missing.ipynb", tmp_path / "out")


@pytest.mark.notebooks
def test_a_solved_notebook_scores_full_points(bundle, tmp_path):
    """The solutions' answers: every exercise passed, 21 of 21 points, graded on the bundle's
    seed, and the output says how the kernel was isolated."""
    results, stdout = autograde(bundle, tmp_path, {NAME: notebook_bytes(answered(STEM))})
    assert results["score"] == sum(POINTS.values()) == 21
    assert per_exercise(results) == {e: (p, p, "passed") for e, p in POINTS.items()}
    assert all(test["output"].startswith("PASSED") for test in results["tests"])
    assert [test["number"] for test in results["tests"]] == ["4.1", "4.2", "4.3", "4.4", "4.5",
                                                             "4.6"]
    assert results["tests"][0]["name"] == \
        "Exercise 4.1: forward kinematics with a worn tyre (diffdrive.forward_kinematics)"
    assert f"seed {SEED}" in stdout and str(SEED) not in results["output"]
    sentence = "Graded without a sandbox" if bwrap.problem() else \
        "Graded in a bubblewrap sandbox"
    assert sentence in results["output"]


@pytest.mark.notebooks
def test_the_untouched_notebook_scores_zero(bundle, tmp_path):
    """The exercise notebook as handed out, under another name: 0 points, each not
    attempted."""
    results, _ = autograde(bundle, tmp_path, {"my_answers.ipynb": notebook_bytes(
        official(STEM))})
    assert results["score"] == 0
    assert per_exercise(results) == {e: (0.0, p, "failed") for e, p in POINTS.items()}
    assert all("not attempted" in test["output"] for test in results["tests"])


@pytest.mark.notebooks
def test_a_crashing_answer_and_a_wrong_part_are_told(bundle, tmp_path):
    """4.2 ends the kernel: 0 points, its feedback says the kernel died; 4.1 with swapped
    wheels: 1 of 2 (v right); the rest full: 17 of 21."""
    notebook = answered(STEM, {IDS[0]: SWAPPED, IDS[1]: CRASHES})
    results, _ = autograde(bundle, tmp_path, {NAME: notebook_bytes(notebook)})
    got = per_exercise(results)
    assert got[IDS[0]] == (1.0, 2.0, "failed")
    assert got[IDS[1]] == (0.0, 3.0, "failed")
    assert all(got[e] == (POINTS[e], POINTS[e], "passed") for e in IDS[2:])
    assert results["score"] == 17
    outputs = {test["name"].rsplit("(", 1)[1].rstrip(")"): test["output"]
               for test in results["tests"]}
    assert "kernel died" in outputs[IDS[1]]
    assert "looks like the wheels are swapped" in outputs[IDS[0]]
    assert "Right on every case: v (1 of 2 parts)" in outputs[IDS[0]]


@pytest.mark.parametrize(("submission", "words"), [
    ({NAME: b"\x89PNG\r\n\x1a\n\x00binary"}, "not a notebook"),
    ({NAME: b'{"cells": ['}, "not a notebook"),
    ({"answers.py": b"def forward_kinematics(): pass\n"}, "holds no notebook"),
    ({}, "holds no notebook (it holds nothing)"),
    ({"a.ipynb": b"{}", "b.ipynb": b"{}"}, "2 notebooks"),
], ids=["binary", "cut-json", "python-file", "empty", "two-notebooks"])
def test_a_submission_that_is_not_one_notebook_gets_results_that_say_so(bundle, tmp_path,
                                                                        submission, words):
    """No notebook, several, or a file that is not a notebook: 0 points, the output and
    every exercise say why."""
    results, _ = autograde(bundle, tmp_path, submission)
    assert results["score"] == 0 and len(results["tests"]) == len(IDS)
    assert words in results["output"]
    assert all(test["status"] == "failed" and test["score"] == 0 for test in results["tests"])


def test_a_broken_bundle_gives_results_that_say_so(bundle, tmp_path):
    """Settings that are not JSON: results that say the autograder failed (the traceback
    goes to the standard output, which Gradescope shows to instructors only)."""
    results, stdout = autograde(bundle, tmp_path, {NAME: b"{}"}, settings="{not json")
    assert results["score"] == 0 and results["tests"] == []
    assert "The autograder failed on this submission" in results["output"]
    assert "Traceback" in stdout


def test_a_missing_python_gives_results_that_say_so(bundle, tmp_path):
    """If the grader cannot even start, run_autograder still writes valid results."""
    results, _ = autograde(bundle, tmp_path, {NAME: b"{}"},
                           python=str(tmp_path / "no-such-python"))
    assert results["score"] == 0
    assert "could not start (exit code 127)" in results["output"]
