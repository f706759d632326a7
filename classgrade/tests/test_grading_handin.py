"""Hand-ins read by their cells' metadata: what a student did to a notebook gives each exercise
a status, never a crash (classgrade.handin)."""

import copy
import json
from pathlib import Path

import nbformat
import pytest
from handins import solution_code

from classgrade.handin import (
    answer_cells,
    exercise_ids,
    official_with_answers,
    read_hand_in,
)

ROOT = Path(__file__).resolve().parents[2]
OFFICIAL = nbformat.read(ROOT / "exercises" / "07_vacuum.ipynb", as_version=4)
IDS = exercise_ids(OFFICIAL)


def solved():
    notebook = copy.deepcopy(OFFICIAL)
    code = solution_code("07_vacuum")
    for exercise, cells in answer_cells(notebook).items():
        cells[0].source = code[exercise]
    return notebook


def as_dict(notebook):
    return json.loads(nbformat.writes(notebook))


def statuses(hand_in):
    return {exercise: answer.status for exercise, answer in hand_in.answers.items()}


def test_the_official_notebook_has_its_exercises_in_order():
    assert IDS == ["vacuum.step_distance", "vacuum.wheel_load", "vacuum.bisect_height",
                   "vacuum.sliding_stop", "vacuum.edge_climb_height",
                   "vacuum.pushed_climb_height"]


def test_an_untouched_notebook_is_not_attempted_and_a_solved_one_answered():
    untouched = read_hand_in(as_dict(OFFICIAL), OFFICIAL)
    assert untouched.status == "ok"
    assert set(statuses(untouched).values()) == {"not attempted"}
    answered = read_hand_in(as_dict(solved()), OFFICIAL)
    assert set(statuses(answered).values()) == {"answered"}
    code = solution_code("07_vacuum")
    assert all(answered.answers[e].source == code[e] for e in IDS)


def test_moved_and_split_answer_cells_are_found_and_joined():
    notebook = solved()
    cells = notebook.cells
    first = answer_cells(notebook)["vacuum.step_distance"][0]
    cells.remove(first)
    cells.append(first)                                   # moved to the end
    second = answer_cells(notebook)["vacuum.wheel_load"][0]
    head, tail = second.source.split("\n", 1)
    second.source = head + "\n    pass\n"
    half = copy.deepcopy(second)                          # split: both keep the metadata
    half.id = "split-half"
    half.source = tail
    cells.insert(cells.index(second) + 1, half)
    hand_in = read_hand_in(as_dict(notebook), OFFICIAL)
    assert set(statuses(hand_in).values()) == {"answered"}
    assert hand_in.answers["vacuum.wheel_load"].cells == 2
    assert "split into 2 cells" in hand_in.answers["vacuum.wheel_load"].note
    assert hand_in.answers["vacuum.step_distance"].source == solution_code("07_vacuum")[
        "vacuum.step_distance"]


def test_a_deleted_answer_is_missing_and_a_new_cell_defining_it_is_graded_and_flagged():
    notebook = solved()
    answer = answer_cells(notebook)["vacuum.sliding_stop"][0]
    index = notebook.cells.index(answer)
    notebook.cells[index] = nbformat.v4.new_code_cell(answer.source)   # no metadata
    hand_in = read_hand_in(as_dict(notebook), OFFICIAL)
    found = hand_in.answers["vacuum.sliding_stop"]
    assert found.status == "answered" and found.source == answer.source
    assert f"cell {index + 1} (counted from 1)" in found.note
    assert "defines sliding_stop" in found.flags[0]
    del notebook.cells[index]
    gone = read_hand_in(as_dict(notebook), OFFICIAL).answers["vacuum.sliding_stop"]
    assert gone.status == "missing" and "deleted" in gone.note and not gone.flags


def test_an_answer_merged_with_its_check_cell_loses_the_check_call():
    notebook = solved()
    answer = answer_cells(notebook)["vacuum.bisect_height"][0]
    index = notebook.cells.index(answer)
    check = notebook.cells[index + 1]
    answer.source += "\n" + check.source
    del notebook.cells[index + 1]
    graded = read_hand_in(as_dict(notebook), OFFICIAL).answers["vacuum.bisect_height"]
    assert graded.status == "answered" and "grading.check" not in graded.source
    assert "check call" in graded.note
    assert graded.source.strip() == solution_code("07_vacuum")["vacuum.bisect_height"].strip()


def test_only_the_answers_reach_the_official_notebook():
    notebook = solved()
    for cell in notebook.cells:
        if cell.metadata.get("robodyn", {}).get("role") == "check":
            cell.source = 'print("PASSED")'                 # a tampered check cell
    notebook.cells.insert(2, nbformat.v4.new_code_cell("grading.check = print"))
    graded = official_with_answers(OFFICIAL, read_hand_in(as_dict(notebook), OFFICIAL))
    assert [c.source for c in graded.cells if c.metadata.get("robodyn", {}).get("role")
            == "check"] == [c.source for c in OFFICIAL.cells
                            if c.metadata.get("robodyn", {}).get("role") == "check"]
    assert all("grading.check = print" not in c.source for c in graded.cells)
    assert len(graded.cells) == len(OFFICIAL.cells)
    code = solution_code("07_vacuum")
    for exercise, cells in answer_cells(graded).items():
        assert cells[0].source == code[exercise]


@pytest.mark.parametrize("text, message", [
    ("{not json", "not a notebook"),
    ('["a", "list"]', "not a notebook"),
    ('{"cells": [{"source": "x"}]}', "cell type"),
    ("", "not a notebook"),
])
def test_a_broken_file_is_an_invalid_notebook(text, message):
    hand_in = read_hand_in(text, OFFICIAL)
    assert hand_in.status == "invalid notebook" and message in hand_in.message
    assert hand_in.answers == {}


def test_a_file_that_cannot_be_read_is_an_invalid_notebook(tmp_path):
    path = tmp_path / "gone.ipynb"
    assert read_hand_in(path, OFFICIAL).status == "invalid notebook"
    path.write_bytes(b"\xff\xfe{garbage")
    assert read_hand_in(path, OFFICIAL).status == "invalid notebook"


def test_another_chapters_notebook_is_named_as_such():
    other = nbformat.read(ROOT / "exercises" / "06_egg.ipynb", as_version=4)
    hand_in = read_hand_in(as_dict(other), OFFICIAL)
    assert hand_in.status == "other notebook" and "egg." in hand_in.message


def test_a_notebook_without_any_metadata_has_every_answer_found_by_its_function():
    notebook = solved()
    for cell in notebook.cells:
        cell.metadata = {}
    hand_in = read_hand_in(as_dict(notebook), OFFICIAL)
    assert hand_in.status == "ok" and set(statuses(hand_in).values()) == {"answered"}
    assert all(answer.flags for answer in hand_in.answers.values())
    untouched = copy.deepcopy(OFFICIAL)
    for cell in untouched.cells:
        cell.metadata = {}
    assert set(statuses(read_hand_in(as_dict(untouched), OFFICIAL)).values()) == {"missing"}


@pytest.mark.notebooks
def test_the_official_notebook_with_a_tampered_hand_ins_answers_grades_them(tmp_path):
    """Executed, the rebuilt notebook reports the answers' real results: the hand-in's own
    'PASSED' check cells and its patched grading.check never run."""
    from nbclient import NotebookClient

    from robodyn.grading.results import results_in

    notebook = solved()
    answer = answer_cells(notebook)["vacuum.sliding_stop"][0]
    answer.source = answer.source.replace("decel = g * (", "decel = (")     # g missing
    for cell in notebook.cells:
        if cell.metadata.get("robodyn", {}).get("role") == "check":
            cell.source = 'print("PASSED")'
    notebook.cells.insert(3, nbformat.v4.new_code_cell(
        "from robodyn import grading\ngrading.check = lambda *a, **k: print('PASSED')"))
    graded = official_with_answers(OFFICIAL, read_hand_in(as_dict(notebook), OFFICIAL))
    NotebookClient(graded, timeout=120, allow_errors=True, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    results = {}
    for cell in graded.cells:
        for result in results_in(cell.get("outputs", [])):
            results[result.exercise_id] = result.status
    assert results == {"vacuum.step_distance": "passed", "vacuum.wheel_load": "passed",
                       "vacuum.bisect_height": "passed", "vacuum.sliding_stop": "failed",
                       "vacuum.edge_climb_height": "passed", "vacuum.pushed_climb_height": "passed"}


def test_a_notebook_of_too_many_cells_is_refused_at_once_and_one_at_the_cap_is_read(tmp_path):
    """300,000 cells (a hand-in made to slow the grader: 4 s and hundreds of MB a read) are
    "invalid notebook", told why, before nbformat builds them; the official notebook padded
    to the cap with the student's own cells is read."""
    import classgrade.handin as handin

    padded = copy.deepcopy(OFFICIAL)
    padded.cells += [nbformat.v4.new_markdown_cell(f"note {n}")
                     for n in range(handin.MAX_CELLS - len(padded.cells))]
    path = tmp_path / "padded.ipynb"
    path.write_text(nbformat.writes(padded))
    assert read_hand_in(path, OFFICIAL).status != "invalid notebook"
    data = json.loads(nbformat.writes(OFFICIAL))
    data["cells"] += [{"cell_type": "markdown", "metadata": {}, "source": "x", "id": f"c{n}"}
                      for n in range(300_000)]
    path.write_text(json.dumps(data))
    assert path.stat().st_size < handin.MAX_BYTES            # refused for its cells alone
    hand_in = read_hand_in(path, OFFICIAL)
    assert hand_in.status == "invalid notebook"
    assert f"has {len(data['cells'])} cells, more than a hand-in may have " \
           f"({handin.MAX_CELLS})" in hand_in.message


def test_a_file_too_large_is_an_invalid_notebook_without_being_read(tmp_path, monkeypatch):
    import classgrade.handin as handin

    path = tmp_path / "big.ipynb"
    path.write_text(nbformat.writes(OFFICIAL))
    monkeypatch.setattr(handin, "MAX_BYTES", 100)
    hand_in = read_hand_in(path, OFFICIAL)
    assert hand_in.status == "invalid notebook" and "more than a hand-in may have" in \
        hand_in.message
