"""The generated exercise notebooks as nbgrader sees them (nbgrader is a test-only dependency).

nbgrader's own metadata check accepts every exercise notebook; ``nbgrader generate_assignment``
takes them as a source assignment and keeps the grade cells' points and the locked cells; and
``nbgrader validate`` passes chapter 7's notebook with the solutions put into its answer cells
(found by their metadata) and fails it untouched, at its check cells.
"""

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

nbgrader = pytest.importorskip("nbgrader")

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))


def run_nbgrader(*args, cwd):
    """The nbgrader command line of this environment (its tools, e.g. alembic, on PATH)."""
    environment = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}"
                                        f"{os.environ.get('PATH', '')}")
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, text=True,
                          capture_output=True, env=environment, timeout=600)


def course(tmp_path, notebooks, assignment="ch"):
    (tmp_path / "source" / assignment).mkdir(parents=True)
    for path in notebooks:
        (tmp_path / "source" / assignment / path.name).write_bytes(path.read_bytes())
    (tmp_path / "nbgrader_config.py").write_text(
        "c = get_config()\nc.CourseDirectory.course_id = 'robodyn'\n"
        f"c.CourseDirectory.root = {str(tmp_path)!r}\n")
    return tmp_path


@pytest.mark.parametrize("path", EXERCISES, ids=[p.name for p in EXERCISES])
def test_nbgrader_accepts_the_cell_metadata(path):
    from nbgrader.preprocessors import CheckCellMetadata

    notebook = nbformat.read(path, as_version=4)
    CheckCellMetadata().preprocess(notebook, {})
    grade_cells = [c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert len(grade_cells) >= 4


def test_generate_assignment_takes_the_exercises_as_a_source(tmp_path):
    root = course(tmp_path, EXERCISES)
    run = run_nbgrader("generate_assignment", "ch", "--force", cwd=root)
    assert run.returncode == 0, run.stdout + run.stderr
    for path in EXERCISES:
        released = nbformat.read(root / "release" / "ch" / path.name, as_version=4)
        source = nbformat.read(path, as_version=4)
        def grading(cells):
            return [c.metadata["nbgrader"] for c in cells if "nbgrader" in c.metadata]

        points = [g.get("points") for g in grading(source.cells) if g["grade"]]
        assert [g.get("points") for g in grading(released.cells) if g["grade"]] == points
        locked = [g for g in grading(released.cells) if g["locked"]]
        assert locked and all("checksum" in g for g in locked if g["grade"])


def solved(exercise_path: Path) -> nbformat.NotebookNode:
    """The exercise notebook with each answer cell replaced by the solutions notebook's code
    of the same exercise, markers removed: found by the cells' metadata."""
    exercise = nbformat.read(exercise_path, as_version=4)
    solution = nbformat.read(ROOT / "solutions" / exercise_path.name, as_version=4)
    answers = {}
    current = None
    for cell in solution.cells:
        if cell.cell_type == "code" and "### BEGIN SOLUTION" in cell.source:
            current = cell
        elif cell.cell_type == "code" and "grading.check(" in cell.source and current:
            exercise_id = cell.source.split('"')[1]
            answers[exercise_id] = "\n".join(
                line for line in current.source.splitlines() if "SOLUTION" not in line)
            current = None
    for cell in exercise.cells:
        role = cell.metadata.get("robodyn", {})
        if role.get("role") == "answer":
            cell.source = answers[role["exercise"]]
    return exercise


@pytest.mark.notebooks
def test_nbgrader_validate_passes_the_solved_notebook_and_fails_the_untouched(tmp_path):
    path = ROOT / "exercises" / "07_vacuum.ipynb"
    nbformat.write(solved(path), tmp_path / "solved.ipynb")
    (tmp_path / "untouched.ipynb").write_bytes(path.read_bytes())
    good = run_nbgrader("validate", "solved.ipynb", cwd=tmp_path)
    assert "Success! Your notebook passes all the tests." in good.stdout, good.stdout
    bad = run_nbgrader("validate", "untouched.ipynb", cwd=tmp_path)
    assert "Success!" not in bad.stdout
    assert bad.stdout.count("The following cell failed") >= 5, bad.stdout
