"""Make the exercise notebooks from the solution notebooks, and tell when they are out of date.

``solutions/`` is the single source of every exercise. In it, each answer sits between the
nbgrader markers ``### BEGIN SOLUTION`` and ``### END SOLUTION``. The exercise notebook is
the same notebook with every marked part replaced: in a code cell by
``raise NotImplementedError("Exercise N.M")`` (indented like the marker), in a Markdown cell
by an invitation to write the answer. ``N.M`` is the number of the nearest ``Exercise N.M``
heading above. A heading suffix `` — with solutions`` is dropped, and outputs are removed.

**Cell metadata for grading.** Every cell of an exercise notebook says what it is, so that a
grading run finds a student's answers by metadata, not by position or text, and so that nbgrader
can take the notebook as a source assignment:

- ``metadata.robodyn``: ``{"role": "answer" | "check", "exercise": "<id>"}`` on an exercise's
  answer cells (those with a marked solution) and its check cell (``grading.check("<id>", ...)``);
  an answer cell belongs to the check cell that follows it in the same exercise section;
- ``metadata.nbgrader`` (schema 3): answer cells are solution cells (editable), check cells are
  locked grade cells worth the exercise's points, every other cell is locked read-only; grade ids
  are stable: ``<id>-answer`` / ``<id>-check`` with dots as underscores, ``cell-<cell id>``
  otherwise. The install cell is left as :mod:`booktools.installcell` writes it (a plain
  cell to nbgrader).

**Points.** Each exercise's points are declared once, in the solutions notebook's metadata:
``metadata.robodyn.points`` (``{"<id>": points}``, a positive number for every exercise that
has a check cell; a missing or malformed one is an error), with a short
``metadata.robodyn.points_rationale`` saying why they weigh what they weigh. The generator writes
them into the check cells' ``metadata.nbgrader.points`` (where nbgrader and the grading run
read them; the notebook-level copy is dropped from the exercise notebook) and adds the weight to
the exercise's heading, ``## Exercise 4.1: forward kinematics (2 points)``, so that a student
sees it.

Command line::

    python -m booktools.exercisegen solutions exercises          # write exercises/
    python -m booktools.exercisegen solutions exercises --check  # exit 1 if out of date

>>> strip_solutions('def f(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n'
...                 '    ### END SOLUTION\\n', "Exercise 4.1", "code")
'def f(x):\\n    raise NotImplementedError("Exercise 4.1")\\n'
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat

from robodyn.core.errors import ParameterError
from robodyn.grading.notebook_format import (
    BEGIN,
    CHECK_CALL,
    END,
    INSTALL_CELL_ID,
    valid_points,
)

SOLUTIONS_SUFFIX = " — with solutions"
MARKDOWN_PLACEHOLDER = "*Write your answer here.*"
EXERCISE_HEADING = re.compile(r"^#+\s.*?\bExercise\s+(\d+\.\d+)", re.MULTILINE)
#: Version of nbgrader's cell metadata written here.
NBGRADER_SCHEMA = 3


def strip_solutions(source: str, label: str, cell_type: str) -> str:
    """Replace every marked solution in one cell's ``source``; ``label`` e.g. "Exercise 4.1"."""
    lines = source.splitlines(keepends=True)
    result: list[str] = []
    inside = False
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped == BEGIN:
            if inside:
                raise ParameterError(f"{label}: line {number} opens a solution inside another")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            if cell_type == "code":
                result.append(f'{indent}raise NotImplementedError("{label}")\n')
            else:
                result.append(f"{indent}{MARKDOWN_PLACEHOLDER}\n")
        elif stripped == END:
            if not inside:
                raise ParameterError(f"{label}: line {number} closes a solution never opened")
            inside = False
        elif not inside:
            result.append(line)
    if inside:
        raise ParameterError(f"{label}: '{BEGIN}' without '{END}'")
    return "".join(result)


def make_exercise_notebook(solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return the exercise version of a solutions notebook (the input is left unchanged)."""
    notebook = copy.deepcopy(solution)
    label = None
    answers = []
    for index, cell in enumerate(notebook.cells):
        source = cell.source
        if cell.cell_type == "markdown":
            source = source.replace(SOLUTIONS_SUFFIX, "")
            headings = EXERCISE_HEADING.findall(source)
            if headings:
                label = f"Exercise {headings[-1]}"
        if BEGIN in source:
            if label is None:
                raise ParameterError(
                    "a solution marker comes before any '## Exercise N.M' heading; "
                    "put the exercise heading in a Markdown cell above it"
                )
            source = strip_solutions(source, label, cell.cell_type)
            answers.append(index)
        cell.source = source
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    notebook.metadata.pop("widgets", None)
    notebook.metadata.get("robodyn", {}).pop("points", None)   # the check cells carry them
    label_cells(notebook, answers, _points(solution))
    return notebook


def _points(solution: nbformat.NotebookNode) -> dict:
    """The points per exercise id set in a solutions notebook's ``metadata.robodyn.points``."""
    declared = solution.metadata.get("robodyn", {})
    points = declared.get("points", {})
    if not isinstance(points, dict):
        raise ParameterError(f"metadata.robodyn.points must map exercise ids to points, got "
                             f"{points!r}")
    for exercise_id, value in points.items():
        if not valid_points(value):
            raise ParameterError(f"metadata.robodyn.points[{exercise_id!r}] must be a "
                                 f"positive number, got {value!r}")
    rationale = declared.get("points_rationale", "")
    if not isinstance(rationale, str):
        raise ParameterError(f"metadata.robodyn.points_rationale must be text, got "
                             f"{rationale!r}")
    return points


def weight(points) -> str:
    """The weight of an exercise as its heading shows it.

    >>> weight(1), weight(3), weight(2.5)
    ('1 point', '3 points', '2.5 points')
    """
    return f"{points:g} point" + ("" if points == 1 else "s")


def _show_weight(heading: nbformat.NotebookNode, points) -> None:
    """Add ``(N points)`` to the last exercise heading line of a Markdown cell."""
    lines = heading.source.split("\n")
    last = max(k for k, line in enumerate(lines) if EXERCISE_HEADING.match(line))
    lines[last] = f"{lines[last].rstrip()} ({weight(points)})"
    heading.source = "\n".join(lines)


def grade_id(name: str) -> str:
    """An nbgrader grade id for ``name``: letters, digits, '_' and '-' only."""
    return re.sub(r"[^A-Za-z0-9_\-]", "_", name)


def label_cells(notebook: nbformat.NotebookNode, answers, points: dict) -> None:
    """Write the grading metadata of the module docstring into every cell of an exercise
    notebook (in place): roles and exercise ids, and nbgrader's solution, grade and locked
    cells. ``answers`` are the indices of the cells that held a marked solution; ``points``
    the points of each exercise id, which the exercise's heading then shows. Raises if an
    answer cell has no check cell after it in its section, a check cell is given twice, or an
    exercise has no points."""
    waiting: list = []              # answer cells of the current section, not yet checked
    seen: set = set()
    heading = None                  # the current section's heading cell
    weights: dict = {}              # id of a heading cell -> [the cell, its exercises' points]
    for index, cell in enumerate(notebook.cells):
        if cell.get("id") == INSTALL_CELL_ID:
            continue                # booktools.installcell owns it, metadata and all
        if cell.cell_type == "markdown" and EXERCISE_HEADING.search(cell.source):
            _unchecked(waiting)
            heading = cell
        calls = CHECK_CALL.findall(cell.source) if cell.cell_type == "code" else []
        if calls:
            exercise_id = calls[0]
            if exercise_id in seen:
                raise ParameterError(f"the exercise {exercise_id!r} has two check cells")
            seen.add(exercise_id)
            for answer in waiting:
                answer.metadata["robodyn"] = {"role": "answer", "exercise": exercise_id}
                answer.metadata["nbgrader"] = _nbgrader(f"{exercise_id}-answer",
                                                        solution=True)
            waiting = []
            cell.metadata["robodyn"] = {"role": "check", "exercise": exercise_id}
            cell.metadata["nbgrader"] = _nbgrader(
                f"{exercise_id}-check", grade=True, locked=True,
                points=points.get(exercise_id))
            if heading is not None and exercise_id in points:
                weights.setdefault(id(heading), [heading, 0])[1] += points[exercise_id]
        elif index in answers:
            waiting.append(cell)
        else:
            cell.metadata.pop("robodyn", None)
            cell.metadata["nbgrader"] = _nbgrader(f"cell-{cell.get('id', '')}", locked=True)
    _unchecked(waiting)
    unknown = sorted(set(points) - seen)
    if unknown:
        raise ParameterError(f"metadata.robodyn.points names exercises without a check "
                             f"cell: {unknown}")
    unweighted = sorted(seen - set(points))
    if unweighted:
        raise ParameterError(f"the solutions notebook gives no points to {unweighted}: add "
                             f"them to its metadata.robodyn.points, e.g. "
                             f"{{{unweighted[0]!r}: 2}}, by difficulty")
    for cell, total in weights.values():
        _show_weight(cell, total)


def _unchecked(waiting: list) -> None:
    if waiting:
        raise ParameterError("an answer cell has no check cell after it in its exercise "
                             f"section:\n{waiting[0].source}")


def _nbgrader(name: str, *, solution: bool = False, grade: bool = False,
              locked: bool = False, points=None) -> dict:
    metadata = {"grade": grade, "grade_id": grade_id(name), "locked": locked,
                "schema_version": NBGRADER_SCHEMA, "solution": solution, "task": False}
    if grade:
        metadata["points"] = points
    return metadata


def _render(notebook: nbformat.NotebookNode) -> str:
    text = nbformat.writes(notebook)
    return text if text.endswith("\n") else text + "\n"


def generate(solutions_dir: str | Path, exercises_dir: str | Path) -> list[Path]:
    """Write one exercise notebook per solutions notebook; return the paths written."""
    solutions_dir, exercises_dir = Path(solutions_dir), Path(exercises_dir)
    exercises_dir.mkdir(parents=True, exist_ok=True)
    return [write_exercise(path, exercises_dir) for path in sorted(solutions_dir.glob("*.ipynb"))]


def write_exercise(solution_path: str | Path, exercises_dir: str | Path) -> Path:
    """Write the exercise notebook of one solutions notebook into ``exercises_dir``; return
    its path."""
    solution_path = Path(solution_path)
    notebook = make_exercise_notebook(nbformat.read(solution_path, as_version=4))
    target = Path(exercises_dir) / solution_path.name
    target.write_text(_render(notebook), encoding="utf-8")
    return target


def out_of_date(solutions_dir: str | Path, exercises_dir: str | Path) -> list[str]:
    """List what differs between ``exercises_dir`` and what ``generate`` would write."""
    solutions_dir, exercises_dir = Path(solutions_dir), Path(exercises_dir)
    problems = []
    expected_names = set()
    for source_path in sorted(solutions_dir.glob("*.ipynb")):
        expected_names.add(source_path.name)
        target = exercises_dir / source_path.name
        wanted = _render(make_exercise_notebook(nbformat.read(source_path, as_version=4)))
        if not target.exists():
            problems.append(f"{target} is missing")
        elif target.read_text(encoding="utf-8") != wanted:
            problems.append(f"{target} differs from what {source_path} generates")
    for extra in sorted(exercises_dir.glob("*.ipynb")):
        if extra.name not in expected_names:
            problems.append(f"{extra} has no solutions notebook in {solutions_dir}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("solutions_dir")
    parser.add_argument("exercises_dir")
    parser.add_argument("--check", action="store_true", help="only report, exit 1 if stale")
    args = parser.parse_args(argv)
    if args.check:
        problems = out_of_date(args.solutions_dir, args.exercises_dir)
        for problem in problems:
            print(problem)
        if problems:
            print("Run `make exercises` to regenerate them.")
        return 1 if problems else 0
    for path in generate(args.solutions_dir, args.exercises_dir):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
