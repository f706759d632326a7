"""Notebooks behave as a reader and a student see them.

nbval (``--nbval-lax`` in pytest's options) runs chapters/ and solutions/ cell by cell. The
tests here cover what nbval cannot: the unsolved exercises fail exactly at their check cells,
the solutions pass every check, and every slider of every widget figure redraws its figure.
"""

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from robodyn.checknb import CHECK_CALL, results_of

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))

SLIDER_TOUR = '''
from robodyn.plotting import InteractiveFigure

def _tour_values(control):
    if hasattr(control, "options") and control.options:
        return [option[1] if isinstance(option, tuple) else option for option in control.options]
    if isinstance(control.value, bool):
        return [not control.value]
    return [control.min, control.max]

_figures = InteractiveFigure.live_figures()
assert _figures, "this chapter has no interactive figure"
for _figure in _figures:
    _default_image = _figure.image.value
    for _name, _control in _figure.controls.items():
        _default = _control.value
        _changed = False
        for _value in _tour_values(_control):
            _figure.update(**{_name: _value})
            assert _figure.error.value == "", (_name, _value, _figure.error.value)
            _changed |= _figure.image.value != _default_image
        assert _changed, f"moving {_name!r} does not change the figure"
        _figure.update(**{_name: _default})
    assert _figure.image.value == _default_image, "defaults do not give the default image"
print(f"slider tour: {len(_figures)} figures, every control moved to its limits")
'''


def execute(path: Path, extra_code: str | None = None) -> nbformat.NotebookNode:
    """Run a notebook in its own folder with errors allowed; return it with outputs."""
    notebook = nbformat.read(path, as_version=4)
    if extra_code:
        notebook.cells.append(nbformat.v4.new_code_cell(extra_code))
    NotebookClient(
        notebook,
        timeout=600,
        allow_errors=True,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    return notebook


def errors_of(cell) -> list:
    return [out for out in cell.get("outputs", []) if out.output_type == "error"]


@pytest.mark.parametrize("path", EXERCISES, ids=[p.name for p in EXERCISES])
def test_unsolved_exercises_fail_exactly_at_their_check_cells(path):
    """Handed out untouched, an exercise notebook fails only at check cells, as not attempted."""
    notebook = execute(path)
    check_cells = [
        c for c in notebook.cells if c.cell_type == "code" and CHECK_CALL.search(c.source)
    ]
    assert len(check_cells) >= 4
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        errors = errors_of(cell)
        if cell in check_cells:
            assert errors, f"check cell did not fail:\n{cell.source}"
            assert errors[0].ename == "NotAttempted", errors[0]
            assert "not attempted" in errors[0].evalue.splitlines()[0]
        else:
            assert not errors, f"a non-check cell failed:\n{cell.source}\n{errors[0].evalue}"


@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.name for p in SOLUTIONS])
def test_solutions_pass_every_check(path):
    """The reference solutions pass every check, each printing its PASSED line."""
    notebook = execute(path)
    results = results_of(notebook)
    assert len(results) >= 4
    assert [r.status for r in results] == ["passed"] * len(results), results
    printed = "".join(
        out.get("text", "") for c in notebook.cells for out in c.get("outputs", [])
        if out.output_type == "stream"
    )
    for result in results:
        assert re.search(rf"PASSED {re.escape(result.exercise_id)}\b", printed)


@pytest.mark.parametrize("path", CHAPTERS, ids=[p.name for p in CHAPTERS])
def test_every_slider_redraws_its_figure(path):
    """Moving each control of each widget figure to its limits redraws without error."""
    notebook = execute(path, SLIDER_TOUR)
    failures = [e for c in notebook.cells for e in errors_of(c)]
    assert not failures, "\n".join(f"{e.ename}: {e.evalue}" for e in failures)
    assert "slider tour:" in "".join(
        out.get("text", "") for out in notebook.cells[-1].outputs if out.output_type == "stream"
    )


def test_notebooks_are_stored_without_outputs():
    """Notebooks in git carry no outputs or execution counts (the build makes them)."""
    for path in CHAPTERS + SOLUTIONS + EXERCISES:
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                assert not cell.outputs and cell.execution_count is None, path.name
