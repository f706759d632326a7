"""nbval's cells are named after their exercise when a class runs pytest --nbval-lax."""

import subprocess
import sys

import nbformat
from handins import LOOKED_UP

from classgrade.nbvalnames import code_cell_labels

WRONG_RADIUS = ("def turning_radius(pose, goal, speed, wheel_radius, track_width):\n"
                "    return 0.0, speed / wheel_radius, speed / wheel_radius")
#: A passing answer of 4.1 that is no solution: its outputs looked up in the answer key.
RIGHT_KINEMATICS = LOOKED_UP + "forward_kinematics = _looked_up('diffdrive.forward_kinematics')"


def exercise_notebook(path):
    new_code, new_markdown = nbformat.v4.new_code_cell, nbformat.v4.new_markdown_cell
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        new_code("from robodyn import grading\ngrading.explain_missing_answers()"),
        new_markdown("## Exercise 4.1: forward kinematics with a worn tyre"),
        new_code(RIGHT_KINEMATICS),
        new_code('grading.check("diffdrive.forward_kinematics", forward_kinematics)'),
        new_markdown("## Exercise 4.2: the arc through a waypoint\n\nThe radius of the arc."),
        new_code(WRONG_RADIUS),
        new_code('grading.check("diffdrive.turning_radius", turning_radius)'),
    ]
    nbformat.write(notebook, path)
    return path


def test_code_cells_are_labelled_with_their_exercise_and_check(tmp_path):
    path = exercise_notebook(tmp_path / "ex.ipynb")
    assert code_cell_labels(str(path)) == (
        "", "exercise 4.1", "exercise 4.1, check diffdrive.forward_kinematics",
        "exercise 4.2", "exercise 4.2, check diffdrive.turning_radius")
    (tmp_path / "broken.ipynb").write_text("{not a notebook")
    assert code_cell_labels(str(tmp_path / "broken.ipynb")) == ()


def test_a_failing_check_cell_is_reported_with_its_exercise(tmp_path):
    """What a class sees: the FAILED line names exercise 4.2 and its check; the passing
    cells keep running."""
    exercise_notebook(tmp_path / "ex.ipynb")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "classgrade.nbvalnames", "--nbval-lax",
         "ex.ipynb", "-q", "-p", "no:cacheprovider", "-rf"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert "FAILED ex.ipynb::Cell 4 (exercise 4.2, check diffdrive.turning_radius)" in (
        run.stdout), run.stdout[-3000:]
    # only the check cells count as passed; the set-up and answer cells ran
    assert "1 failed, 1 passed, 3 cells run" in run.stdout, run.stdout[-600:]
    # the failure's header names the exercise too, and a log file gets no colour codes
    assert "_ ex.ipynb::Cell 4 (exercise 4.2, check diffdrive.turning_radius) _" in run.stdout
    assert "\x1b[" not in run.stdout
