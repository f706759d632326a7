"""Hand-ins for the grading tests and benchmarks: the official exercise notebooks with the
solutions' answers, or other answers, put into their answer cells by metadata. The tests that
use the solutions are marked ``solutions`` (they skip in the student release)."""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

from classgrade import bwrap
from classgrade.handin import answer_cells

#: Python text that defines ``_looked_up(exercise_id)``: an "answer" whose outputs are looked
#: up in the answer key by the case's arguments. It passes a notebook's check, on the key's
#: own cases, without being a solution a student of these files could copy (the release's
#: scan for written answers, classgrade.written_answers, finds none here).
LOOKED_UP = """
def _looked_up(exercise_id):
    import numpy
    from robodyn.grading import keyed_exercise
    key = keyed_exercise(exercise_id)
    table = [(case.args, key.expected(case)) for case in key.cases()]
    def answer(*args):
        return next(outputs for given, outputs in table
                    if all(numpy.array_equal(a, b) for a, b in zip(given, args)))
    return answer
"""

ROOT = Path(__file__).resolve().parents[2]
#: How the grading tests isolate the kernels: in the sandbox where this machine can make it;
#: else without (the grading's logic is tested either way; the sandbox's own tests skip).
ISOLATION = "none" if bwrap.problem() else "bwrap"


def official(stem: str):
    """The official exercise notebook ``exercises/<stem>.ipynb``."""
    return nbformat.read(ROOT / "exercises" / f"{stem}.ipynb", as_version=4)


def solution_code(stem: str) -> dict[str, str]:
    """Each exercise's answer in ``solutions/<stem>.ipynb``, its solution markers removed."""
    solution = nbformat.read(ROOT / "solutions" / f"{stem}.ipynb", as_version=4)
    code, current = {}, None
    for cell in solution.cells:
        if "### BEGIN SOLUTION" in cell.source:
            current = "\n".join(line for line in cell.source.splitlines()
                                if "SOLUTION" not in line)
        elif "grading.check(" in cell.source and current is not None:
            code[cell.source.split('"')[1]] = current
            current = None
    return code


def answered(stem: str, answers: dict[str, str] | None = None):
    """The official notebook with the solutions' answers, except those in ``answers`` (by
    exercise id), which replace them."""
    notebook = copy.deepcopy(official(stem))
    code = {**solution_code(stem), **(answers or {})}
    for exercise, cells in answer_cells(notebook).items():
        cells[0].source = code[exercise]
    return notebook


def cell_of(notebook, exercise: str, role: str):
    """The first cell of ``exercise`` with ``role`` ("answer" or "check")."""
    return next(cell for cell in notebook.cells
                if cell.metadata.get("robodyn") == {"exercise": exercise, "role": role}
                or (cell.metadata.get("robodyn", {}).get("exercise") == exercise
                    and cell.metadata.get("robodyn", {}).get("role") == role))


def write(notebook, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def nothing_graded(out: Path):
    """A stand-in for ``classroom.grade_class`` that grades nothing and reports it, writing
    into ``out``: for the tests of what the command line prints around a grading."""
    def graded(*args, **kwargs):
        return {"out": out, "graded": 0, "skipped": 0, "seconds": 0.0, "records": [],
                "wide": [], "imports": [], "feedback_zips": []}

    return graded
