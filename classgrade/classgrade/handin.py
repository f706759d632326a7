"""A handed-in exercise notebook, read for grading: the student's answers, and only those.

A grading run does not trust the cells of a handed-in notebook: it takes the student's
*answer cells* only, found by the metadata the exercise generator writes
(``metadata.robodyn = {"role": "answer", "exercise": "<id>"}``, see
:mod:`booktools.exercisegen`), and puts them into a fresh copy of the official exercise
notebook, whose check cells are the official ones (:func:`official_with_answers`). Whatever a
student did to the other cells counts for nothing.

Students edit notebooks freely, so each exercise gets a status, never a crash
(:func:`read_hand_in`):

- ``"answered"``: one or more answer cells of the exercise (a split cell's parts, in the order
  they appear, wherever they were moved);
- ``"not attempted"``: its answer cells are as handed out (the stub the generator wrote);
- ``"missing"``: no cell carries the exercise's answer metadata (the cell was deleted, or its
  metadata removed, or it was merged into a cell of another exercise), and no other cell
  defines the exercise's function.

An answer written **outside its answer cell** is graded, as nbgrader would grade it, and
flagged for the instructor to look at (``Answer.flags``): when the answer cell is as handed out
or missing, the last code cell that defines the exercise's function (the answer key's
``keyed_exercise(id).function_name``) at its top level is the answer, unless it is one of the
official cells (set-up, stubs, checks: the same source as in the official notebook, or a
check cell by its metadata). That is a student who wrote the function in new cells below an
untouched stub, or a notebook whose cells' metadata another tool stripped.

And the notebook as a whole: ``"ok"``, ``"invalid notebook"`` (not JSON, or not a notebook of
nbformat 4: the message says what is wrong) or ``"other notebook"`` (its answer cells belong
to none of the official exercises: the hand-in of another chapter).

What this module does not do: it chooses which code runs, not how. An answer cell is code, and
code in it can patch ``grading.check`` or the package before the official check cells run in
the same kernel; keeping the checks out of the answers' reach, the time and memory limits and
the hidden cases are the grading run's part (issue 13, not yet built).
"""

from __future__ import annotations

import ast
import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from robodyn.core.errors import ParameterError
from robodyn.grading import INSTALL_CELL_ID, keyed_exercise

__all__ = ["Answer", "HandIn", "answer_cells", "exercise_ids",
           "official_with_answers", "parse_notebook", "read_hand_in"]

#: The id of the set-up cell that installs robodyn where it is missing (written by
#: :mod:`booktools.installcell`): part of an exercise notebook, never a student's answer.

#: Largest hand-in read, in bytes: a notebook with its figures has a few MB.
MAX_BYTES = 64 * 2**20
#: Most cells a hand-in may have: an exercise notebook has about fifty; a student's own cells
#: add a few dozen. (A file of 300,000 cells took 4 s and hundreds of MB to read, per read.)
MAX_CELLS = 5000
#: The stub of an unanswered exercise, as the generator writes it.
STUB = re.compile(r'^\s*raise NotImplementedError\("Exercise [\d.]+"\)\s*$')
#: A whole line that calls a check, as a check cell does.
CHECK_LINE = re.compile(r"""^[ \t]*(?:\w+\.)?check\(\s*["'][\w.\-]+["'][^\n]*\)[ \t]*$\n?""",
                        re.MULTILINE)
#: A function definition's name, at any indentation.
DEFINITION = re.compile(r"^\s*def\s+([A-Za-z_]\w*)\s*\(", re.MULTILINE)
#: A function definition's name at the top level of a cell (for cells Python cannot parse).
TOP_DEFINITION = re.compile(r"^(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(", re.MULTILINE)
#: The cell types of nbformat 4.
CELL_TYPES = ("code", "markdown", "raw")


@dataclass(frozen=True)
class Answer:
    """One exercise's answer in a hand-in: ``status`` ("answered", "not attempted",
    "missing"), the ``source`` to grade (the answer cells joined), how many ``cells`` it came
    from, a ``note`` for the student's feedback (empty when there is nothing to say), and
    ``flags`` for the instructor to look at (an answer found outside its answer cell)."""

    exercise: str
    status: str
    source: str = ""
    cells: int = 0
    note: str = ""
    flags: tuple = ()


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
    """A notebook from a path, a JSON text or a dict; raises ValueError saying what is wrong
    for anything that is not a notebook of nbformat 4 (not JSON, empty, binary, nested too
    deeply, of nbformat 3, a cell that is not an object or has no cell type, metadata that is
    not an object, a source that is not text), and OSError for a file that cannot be read."""
    if isinstance(hand_in, Path):
        size = hand_in.stat().st_size
        if size > MAX_BYTES:
            raise ValueError(f"the file has {size / 2**20:.0f} MB, more than a hand-in may "
                             f"have ({MAX_BYTES // 2**20} MB)")
        hand_in = hand_in.read_bytes()
    data = _json(hand_in) if isinstance(hand_in, (str, bytes)) else hand_in
    _check_notebook(data)
    try:
        notebook = nbformat.from_dict(data)
    except RecursionError:
        raise ValueError("its JSON is nested too deeply to be a notebook") from None
    for cell in notebook.cells:
        source = cell.get("source", "")
        cell["source"] = "".join(source) if isinstance(source, list) else source
        cell.setdefault("metadata", {})
    return notebook


def _json(text):
    """The JSON value of a notebook file's text (str or bytes); ValueError saying why not."""
    if isinstance(text, bytes):
        if b"\x00" in text[:65536]:
            raise ValueError("the file is binary data, not the JSON text of a notebook")
        text = text.decode("utf-8", errors="replace")
    if not text.strip():
        raise ValueError("the file is empty")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("its JSON is nested too deeply to be a notebook") from None
    except ValueError as error:
        raise ValueError(f"it is not JSON ({error}); cut short or not a notebook file?") \
            from None


def _json_type(value) -> str:
    """The JSON name of a value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    names = {dict: "an object", list: "an array", str: "a string", int: "a number",
             float: "a number"}
    return next((name for kind, name in names.items() if isinstance(value, kind)),
                type(value).__name__)


def _check_notebook(data) -> None:
    """ValueError saying what is wrong if ``data`` is not a notebook of nbformat 4."""
    if not isinstance(data, dict):
        raise ValueError(f"it is JSON but not a notebook (no list of cells: the file holds "
                         f"{_json_type(data)}, not an object)")
    version = data.get("nbformat")
    if "worksheets" in data or (isinstance(version, int) and not isinstance(version, bool)
                                and version < 4):
        raise ValueError(f"it is a notebook of nbformat {version if version else 3} (Jupyter "
                         "before 2015), not 4: open it in Jupyter and save it again")
    if not isinstance(data.get("cells"), list):
        raise ValueError("it is JSON but not a notebook (no list of cells)")
    if len(data["cells"]) > MAX_CELLS:
        raise ValueError(f"it has {len(data['cells'])} cells, more than a hand-in may have "
                         f"({MAX_CELLS})")
    if not isinstance(data.get("metadata", {}), dict):
        raise ValueError(f"its metadata is {_json_type(data['metadata'])}, not an object")
    for number, cell in enumerate(data["cells"], start=1):
        _check_cell(number, cell)


def _check_cell(number: int, cell) -> None:
    if not isinstance(cell, dict):
        raise ValueError(f"cell {number} is {_json_type(cell)}, not an object")
    if cell.get("cell_type") not in CELL_TYPES:
        kind = cell.get("cell_type")
        raise ValueError(f"cell {number} has no cell type" if kind is None else
                         f"cell {number} has the cell type {str(kind)[:40]!r}, not one of "
                         f"{', '.join(CELL_TYPES)}")
    if not isinstance(cell.get("metadata", {}), dict):
        raise ValueError(f"cell {number} has metadata {_json_type(cell['metadata'])}, "
                         "not an object")
    source = cell.get("source", "")
    if not isinstance(source, str) and not (
            isinstance(source, list) and all(isinstance(line, str) for line in source)):
        raise ValueError(f"cell {number} has a source that is {_json_type(source)}, not text "
                         "or a list of lines")


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
    official_sources = {cell.source.strip() for cell in official.cells}
    answers = {}
    for exercise in wanted:
        cells = found.get(exercise, [])
        untouched = [cell.source for cell in stubs.get(exercise, [])]
        unanswered = not cells or [cell.source for cell in cells] == untouched or all(
            STUB.match(cell.source) for cell in cells)
        if unanswered:
            elsewhere = _answer_elsewhere(notebook, exercise, _function_names(
                exercise, stubs.get(exercise, [])), official_sources, bool(cells))
            if elsewhere is not None:
                answers[exercise] = elsewhere
                continue
        if not cells:
            answers[exercise] = Answer(exercise, "missing", note=_missing_note())
            continue
        source = "\n\n".join(cell.source for cell in cells)
        if unanswered:
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


def _missing_note() -> str:
    """Why an exercise has no answer."""
    return ("no cell carries this exercise's answer: the answer cell was deleted, merged into "
            "another cell, or its metadata removed, and no other cell defines its function")


def _function_names(exercise: str, stub_cells) -> set[str]:
    """The function an exercise asks for: the registry's, else the stub's definitions."""
    try:
        return {keyed_exercise(exercise).function_name}
    except ParameterError:   # an exercise notebook of exercises the registry does not know
        return {name for cell in stub_cells for name in DEFINITION.findall(cell.source)}


def top_level_functions(source: str) -> set[str]:
    """The names of the functions a cell's source defines at its top level (by Python's
    parser; by the line ``def name(`` at the left margin if it cannot be parsed, as a cell with
    an IPython magic or a syntax error)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set(TOP_DEFINITION.findall(source))
    return {node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _only_stubs(source: str) -> bool:
    """True if the source is nothing but functions whose body raises NotImplementedError
    (a copy of a stub, retyped or reformatted)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return bool(tree.body) and all(
        isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _raises_not_implemented(
            node.body) for node in tree.body)


def _raises_not_implemented(body: list) -> bool:
    statements = [node for node in body if not (
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]   # docstrings
    if len(statements) != 1 or not isinstance(statements[0], ast.Raise):
        return False
    raised = statements[0].exc
    raised = raised.func if isinstance(raised, ast.Call) else raised
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def _answer_elsewhere(notebook, exercise: str, names: set[str], official_sources: set[str],
                      has_answer_cell: bool) -> Answer | None:
    """The answer to ``exercise`` written outside its answer cell: the last code cell that
    defines one of ``names`` at its top level and is not an official cell (its source is not
    one of ``official_sources``, it is no check cell, no install cell); None if none."""
    found = None
    for index, cell in enumerate(notebook.cells):
        if (cell.get("cell_type") == "code" and _role(cell) != "check"
                and cell.get("id") != INSTALL_CELL_ID
                and cell.source.strip() not in official_sources
                and names & top_level_functions(cell.source)
                and not _only_stubs(cell.source)):
            found = index
    if found is None:
        return None
    cell = notebook.cells[found]
    role = _role(cell)
    where = f"cell {found + 1} (counted from 1), " + (
        f"the answer cell of {cell.metadata['robodyn']['exercise']}" if role == "answer"
        else "a cell without the exercise's metadata")
    why = ("the exercise's answer cell is as handed out" if has_answer_cell
           else "no cell carries the exercise's answer metadata")
    source = CHECK_LINE.sub("", cell.source)
    note = (f"the answer was found in {where}, not in the exercise's answer cell ({why}); it "
            "was graded from there")
    return Answer(exercise, "answered", source, 1, note,
                  flags=(f"answer found outside its answer cell: {where} defines "
                         f"{', '.join(sorted(names))}",))


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
