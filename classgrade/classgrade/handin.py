"""A handed-in exercise notebook, read for grading: the student's answers, and only those.

A grading run does not trust the cells of a handed-in notebook: it takes the student's
*answer cells* only, found by the metadata the exercise generator writes
(``metadata.robodyn = {"role": "answer", "exercise": "<id>"}``, see
:mod:`robodyn.tools.exercisegen`), and puts them into a fresh copy of the official exercise
notebook, whose check cells are the official ones (:func:`official_with_answers`). Whatever a
student did to the other cells counts for nothing.

Students edit notebooks freely, so each exercise gets a status, never a crash
(:func:`read_hand_in`):

- ``"answered"``: one or more answer cells of the exercise (a split cell's parts, in the order
  they appear, wherever they were moved);
- ``"not attempted"``: its answer cells are as handed out (the stub the generator wrote);
- ``"missing"``: no cell carries the exercise's answer metadata (the cell was deleted, or its
  metadata removed, or it was merged into a cell of another exercise); a new, unlabelled cell
  that defines the answer's function is named in the note, and does not count.

And the notebook as a whole: ``"ok"``, ``"invalid notebook"`` (not JSON, or not a notebook) or
``"other notebook"`` (its answer cells belong to none of the official exercises: the hand-in of
another chapter).

What this module does not do: it chooses which code runs, not how. An answer cell is code, and
code in it can patch ``grading.check`` or the package before the official check cells run in
the same kernel; keeping the checks out of the answers' reach, the time and memory limits and
the hidden cases are the grading run's part (issue 13, not yet built).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from robodyn.tools.installcell import CELL_ID

__all__ = ["INSTALL_CELL_ID", "Answer", "HandIn", "answer_cells", "exercise_ids",
           "official_with_answers", "parse_notebook", "read_hand_in"]

#: The id of the set-up cell that installs robodyn where it is missing (written by
#: :mod:`robodyn.tools.installcell`): part of an exercise notebook, never a student's answer.
INSTALL_CELL_ID = CELL_ID

#: Largest hand-in read, in bytes: a notebook with its figures has a few MB.
MAX_BYTES = 64 * 2**20
#: The stub of an unanswered exercise, as the generator writes it.
STUB = re.compile(r'^\s*raise NotImplementedError\("Exercise [\d.]+"\)\s*$')
#: A whole line that calls a check, as a check cell does.
CHECK_LINE = re.compile(r"""^[ \t]*(?:\w+\.)?check\(\s*["'][\w.\-]+["'][^\n]*\)[ \t]*$\n?""",
                        re.MULTILINE)
#: A function definition's name.
DEFINITION = re.compile(r"^\s*def\s+([A-Za-z_]\w*)\s*\(", re.MULTILINE)


@dataclass(frozen=True)
class Answer:
    """One exercise's answer in a hand-in: ``status`` ("answered", "not attempted",
    "missing"), the ``source`` to grade (the answer cells joined), how many ``cells`` it came
    from, and a ``note`` for the student's feedback (empty when there is nothing to say)."""

    exercise: str
    status: str
    source: str = ""
    cells: int = 0
    note: str = ""


@dataclass(frozen=True)
class HandIn:
    """A handed-in notebook read against its official exercise notebook: ``status`` ("ok",
    "invalid notebook", "other notebook"), a ``message`` saying why when not "ok", and the
    answers by exercise id, in the official order (empty unless "ok")."""

    status: str
    message: str = ""
    answers: dict = field(default_factory=dict)


def exercise_ids(notebook) -> list[str]:
    """The exercise ids of a notebook's check cells, in order (by their metadata)."""
    return [cell.metadata["robodyn"]["exercise"] for cell in notebook.cells
            if _role(cell) == "check"]


def answer_cells(notebook) -> dict[str, list]:
    """The answer cells of each exercise id, in the order they appear (by their metadata)."""
    found: dict[str, list] = {}
    for cell in notebook.cells:
        if _role(cell) == "answer":
            found.setdefault(cell.metadata["robodyn"]["exercise"], []).append(cell)
    return found


def _role(cell) -> str | None:
    robodyn = cell.get("metadata", {}).get("robodyn")
    if not isinstance(robodyn, dict) or not isinstance(robodyn.get("exercise"), str):
        return None
    return robodyn.get("role")


def parse_notebook(hand_in) -> nbformat.NotebookNode:
    """A notebook from a path, a JSON text or a dict; raises ValueError for anything else."""
    if isinstance(hand_in, Path):
        size = hand_in.stat().st_size
        if size > MAX_BYTES:
            raise ValueError(f"the file has {size / 2**20:.0f} MB, more than a hand-in may "
                             f"have ({MAX_BYTES // 2**20} MB)")
        hand_in = hand_in.read_text(encoding="utf-8", errors="replace")
    data = json.loads(hand_in) if isinstance(hand_in, str) else hand_in
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise ValueError("it is JSON but not a notebook (no list of cells)")
    notebook = nbformat.from_dict(data)
    for cell in notebook.cells:
        if not isinstance(cell, dict) or "cell_type" not in cell:
            raise ValueError("a cell without a cell type")
        source = cell.get("source", "")
        cell["source"] = "".join(source) if isinstance(source, list) else str(source)
        cell.setdefault("metadata", {})
    return notebook


def read_hand_in(hand_in, official) -> HandIn:
    """Read ``hand_in`` (a path, a JSON text or a notebook dict) against the ``official``
    exercise notebook: the status of the notebook and of each of the official exercises."""
    try:
        notebook = parse_notebook(hand_in)
    except (OSError, ValueError, TypeError) as error:   # json's errors are ValueErrors
        return HandIn("invalid notebook", f"not a notebook that can be read: {error}")
    wanted = exercise_ids(official)
    found = answer_cells(notebook)
    if found and not set(found) & set(wanted):
        return HandIn("other notebook", "its answers belong to other exercises "
                      f"({', '.join(sorted(found))}), not to {', '.join(wanted)}")
    stubs = {exercise: cells for exercise, cells in answer_cells(official).items()}
    answers = {}
    for exercise in wanted:
        cells = found.get(exercise, [])
        if not cells:
            answers[exercise] = Answer(exercise, "missing", note=_missing_note(
                notebook, stubs.get(exercise, [])))
            continue
        source = "\n\n".join(cell.source for cell in cells)
        untouched = [cell.source for cell in stubs.get(exercise, [])]
        if [cell.source for cell in cells] == untouched or all(
                STUB.match(cell.source) for cell in cells):
            answers[exercise] = Answer(exercise, "not attempted", source, len(cells))
            continue
        notes = [f"the answer was split into {len(cells)} cells, graded together"] \
            if len(cells) > 1 else []
        source, removed = CHECK_LINE.subn("", source)
        if removed:
            notes.append("the answer cell held a check call (merged with its check cell?); "
                         "it was left out, the official check runs after the answer")
        answers[exercise] = Answer(exercise, "answered", source, len(cells), "; ".join(notes))
    return HandIn("ok", answers=answers)


def _missing_note(notebook, stub_cells) -> str:
    """Why an exercise has no answer, and whether an unlabelled cell defines its function."""
    names = {name for cell in stub_cells for name in DEFINITION.findall(cell.source)}
    defining = [index for index, cell in enumerate(notebook.cells)
                if cell.get("cell_type") == "code" and _role(cell) is None
                and names & set(DEFINITION.findall(cell.source))]
    note = ("no cell carries this exercise's answer: the answer cell was deleted, merged into "
            "another cell, or its metadata removed")
    if defining:
        note += (f"; cell {defining[0]} defines {', '.join(sorted(names))} but is not the "
                 "exercise's answer cell, and only answer cells are graded")
    return note


def official_with_answers(official, hand_in: HandIn):
    """A copy of the ``official`` exercise notebook with each exercise's answer cells replaced
    by the hand-in's answer (its first answer cell holds the whole answer, any others are
    emptied); exercises without an answer keep the official stub. Every other cell, the check
    cells included, is the official one."""
    notebook = copy.deepcopy(official)
    for exercise, cells in answer_cells(notebook).items():
        answer = hand_in.answers.get(exercise)
        if answer is None or answer.status != "answered":
            continue
        cells[0].source = answer.source
        for cell in cells[1:]:
            cell.source = ""
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return notebook
