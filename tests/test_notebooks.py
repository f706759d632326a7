"""Exercise and solution notebooks behave as a student and an instructor see them.

Each notebook is executed once in this test run: the solutions and the untouched exercises
here, the chapters by the book build (tests/test_reader_view.py, which fails on any cell
error). A cell fails exactly when it raises, which is also what nbval's ``--nbval-lax`` mode
checks, so these tests back the claim that under nbval the solutions pass and the exercises
fail exactly at their check cells. The widgets' slider tour runs in-process
(tests/test_figures_*.py), without executing a chapter a second time.
"""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from booktools import chapters
from booktools.kernels import PreloadedKernelManager
from classgrade.checknb import CHECK_CALL
from robodyn.grading.results import results_in

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
#: Every chapter (one notebook, or a folder of an opening page, lessons and a summary).
CHAPTERS = chapters.chapters(ROOT)


def execute(path: Path) -> nbformat.NotebookNode:
    """Run a notebook in its own folder with errors allowed; return it with its outputs. The
    kernel starts with the book's modules imported (booktools.kernels), as in the book build."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, allow_errors=True, kernel_name="python3",
                   kernel_manager_class=PreloadedKernelManager,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def code_cells(notebook):
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def errors_of(cell) -> list:
    return [out for out in cell.get("outputs", []) if out.output_type == "error"]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", EXERCISES, ids=[p.name for p in EXERCISES])
def test_unsolved_exercises_fail_exactly_at_their_check_cells(path):
    """Handed out untouched, an exercise notebook fails only at check cells, as not attempted."""
    notebook = execute(path)
    check_cells = [c for c in code_cells(notebook) if CHECK_CALL.search(c.source)]
    assert len(check_cells) >= 4
    for cell in code_cells(notebook):
        if cell in check_cells:
            assert errors_of(cell), f"check cell did not fail:\n{cell.source}"
            statuses = [r.status for r in results_in(cell.outputs)]
            assert statuses == ["not attempted"], (cell.source, statuses)
        else:
            assert not errors_of(cell), f"a non-check cell failed:\n{cell.source}"


@pytest.mark.solutions
@pytest.mark.notebooks
@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.name for p in SOLUTIONS])
def test_solutions_pass_every_check_and_raise_nowhere(path):
    """The reference solutions pass every check (structured results), and no cell raises."""
    notebook = execute(path)
    results = [r for cell in code_cells(notebook) for r in results_in(cell.outputs)]
    check_ids = [i for cell in code_cells(notebook) for i in CHECK_CALL.findall(cell.source)]
    assert len(results) == len(check_ids) >= 4
    assert [r.exercise_id for r in results] == check_ids
    assert all(r.status == "passed" and r.summary.startswith(f"PASSED {r.exercise_id}")
               for r in results), results
    failed = [errors_of(c)[0].ename for c in code_cells(notebook) if errors_of(c)]
    assert not failed, failed


@pytest.mark.solutions
def test_every_chapter_has_its_exercises_and_solutions():
    """Each chapter has a solutions notebook of its stem, and so a generated exercise, and
    every exercise notebook has its chapter."""
    assert CHAPTERS
    for chapter in CHAPTERS:
        assert chapter.solutions.exists(), chapter.stem
        assert chapter.exercises.exists(), chapter.stem
    assert sorted(path.stem for path in EXERCISES) == sorted(c.stem for c in CHAPTERS)


def test_notebooks_are_stored_without_outputs():
    """Notebooks in git carry no outputs or execution counts (the build makes them): every
    page of a chapter, the lessons too, the solutions and the exercises."""
    pages = [path for chapter in CHAPTERS for path in chapter.notebooks]
    assert len(pages) >= len(CHAPTERS)
    for path in pages + SOLUTIONS + EXERCISES:
        for cell in code_cells(nbformat.read(path, as_version=4)):
            assert not cell.outputs and cell.execution_count is None, path
