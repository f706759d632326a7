"""The notebook linter: code lines fit the book's column, and the book's notebooks pass it."""

import json
from pathlib import Path

import pytest

from booktools import chapters, nblint
from booktools.nblint import MAX_LINE_LENGTH, lint, lint_notebook, lint_source, main

ROOT = Path(__file__).resolve().parents[1]


def write_notebook(path: Path, cells: list[tuple[str, str]]) -> Path:
    """A minimal notebook with the given (cell_type, source) cells, source as a line list."""
    notebook = {
        "cells": [
            {"cell_type": kind, "id": f"c{i}", "metadata": {},
             "source": text.splitlines(keepends=True),
             **({"execution_count": None, "outputs": []} if kind == "code" else {})}
            for i, (kind, text) in enumerate(cells)
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


@pytest.mark.solutions
def test_the_book_notebooks_fit_the_column():
    """chapters/ (the lessons of its folders too), solutions/ and the generated exercises/
    have no code line over the limit."""
    assert set(chapters.chapter_notebooks(ROOT)) <= set(nblint.notebooks([ROOT / "chapters"]))
    problems = lint([ROOT / "chapters", ROOT / "solutions", ROOT / "exercises"])
    assert not problems, "\n".join(map(str, problems))


def test_line_at_the_limit_passes_one_more_fails():
    assert lint_source("a" * MAX_LINE_LENGTH) == []
    assert lint_source("a" * (MAX_LINE_LENGTH + 1)) == [(1, MAX_LINE_LENGTH + 1)]


def test_lengths_count_characters_not_bytes():
    """Greek letters and symbols take one column each, as in the browser."""
    assert lint_source("ω" * MAX_LINE_LENGTH) == []
    assert lint_source("# " + "Δ" * MAX_LINE_LENGTH) == [(1, MAX_LINE_LENGTH + 2)]


def test_good_notebook_has_no_problems(tmp_path):
    path = write_notebook(tmp_path / "good.ipynb", [
        ("markdown", "# Title\n"),
        ("code", "x = 1\nprint(x)\n"),
    ])
    assert lint_notebook(path) == []
    assert main([str(path)]) == 0


def test_bad_notebook_names_cell_line_and_length(tmp_path, capsys):
    """Cells and lines are counted from 1; the message says where and by how much."""
    long_line = "result = compute(" + "x, " * 25 + "y)"
    path = write_notebook(tmp_path / "bad.ipynb", [
        ("markdown", "# Title\n"),
        ("code", "import numpy as np\n"),
        ("code", "a = 1\n" + long_line + "\nb = 2\n"),
    ])
    problems = lint_notebook(path)
    assert [(p.cell, p.line, p.length) for p in problems] == [(3, 2, len(long_line))]
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"bad.ipynb: cell 3, line 2: {len(long_line)} characters (limit 76)" in out


def test_markdown_is_not_checked(tmp_path):
    """Prose wraps in the browser; only code cells must fit."""
    path = write_notebook(tmp_path / "prose.ipynb", [("markdown", "word " * 40 + "\n")])
    assert lint_notebook(path) == []


def test_source_given_as_one_string(tmp_path):
    """nbformat allows a cell's source as a single string instead of a list of lines."""
    path = tmp_path / "str.ipynb"
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "source": "ok = 1\n" + "z" * 90,
                   "metadata": {}, "outputs": [], "execution_count": None}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }))
    assert [(p.cell, p.line, p.length) for p in lint_notebook(path)] == [(1, 2, 90)]


def test_custom_limit(tmp_path):
    path = write_notebook(tmp_path / "nb.ipynb", [("code", "x" * 60 + "\n")])
    assert main(["--max-line-length", "50", str(path)]) == 1
    assert main(["--max-line-length", "60", str(path)]) == 0


def test_folders_skip_checkpoints_and_missing_paths_fail(tmp_path, capsys):
    write_notebook(tmp_path / "ok.ipynb", [("code", "x = 1\n")])
    checkpoints = tmp_path / ".ipynb_checkpoints"
    checkpoints.mkdir()
    write_notebook(checkpoints / "ok-checkpoint.ipynb", [("code", "y" * 100 + "\n")])
    assert nblint.notebooks([tmp_path]) == [tmp_path / "ok.ipynb"]
    assert lint([tmp_path]) == []
    with pytest.raises(FileNotFoundError):
        lint([tmp_path / "missing"])
    assert main([str(tmp_path / "missing")]) == 2
    assert "missing" in capsys.readouterr().err


def test_a_figure_wider_than_the_column_is_reported(tmp_path, capsys):
    """figsize=(7, 4) is named with its cell and line; 5.25 inches and less pass."""
    from booktools.nblint import WideFigure, lint_notebook

    path = tmp_path / "wide.ipynb"
    path.write_text(json.dumps({"cells": [
        {"cell_type": "code", "source": ["fig = plt.figure(figsize=(5.25, 3))\n",
                                         "fig, ax = plt.subplots(1, 2, figsize=(7, 4))"]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    problems = lint_notebook(path)
    assert problems == [WideFigure(path, 1, 2, 7.0)]
    assert "a figure 7 in wide (limit 5.25 in)" in str(problems[0])


@pytest.mark.parametrize("written, small", [
    ("fontsize=9.5", True), ("fontsize=8", True), ("fontsize = 9", True),
    ("labelsize='small'", True), ('fontsize="x-small"', True), ('fontsize="smaller"', True),
    ("fontsize=10", False), ("fontsize=12", False), ('fontsize="medium"', False),
    ('fontsize="large"', False), ("markersize=4", False), ("size=100", False),
    ("self.fontsize=3", False),
])
def test_a_font_smaller_than_ten_points_is_reported(written, small):
    """Sizes below 10 points, as numbers or matplotlib's names, are found; marker sizes and
    sample sizes are not font sizes."""
    from booktools.nblint import small_fonts

    found = small_fonts(f"ax.text(0, 0, 's', {written})")
    assert found == ([(1, written.replace("self.", ""))] if small else []), found


def test_small_fonts_in_a_notebook_and_in_a_module_name_their_place(tmp_path):
    from booktools.nblint import SmallFont, lint_notebook, lint_python

    notebook = write_notebook(tmp_path / "a.ipynb", [
        ("code", "import x"), ("code", "ax.plot(1)\nax.legend(fontsize=8.5)")])
    assert lint_notebook(notebook) == [SmallFont(notebook, 2, 2, "fontsize=8.5")]
    assert "cell 2, line 2: fontsize=8.5 is smaller than 10 points" in str(
        lint_notebook(notebook)[0])
    module = tmp_path / "figs.py"
    module.write_text("fig = Figure(figsize=(6, 3))\nax.set_title('t', fontsize=9)\n")
    problems = [str(p) for p in lint_python(module)]
    assert problems == [f"{module}: line 1: a figure 6 in wide (limit 5.25 in) is scaled "
                        "down on a phone, its text to below 9 px",
                        f"{module}: line 2: fontsize=9 is smaller than 10 points, too small "
                        "to read on a phone"]


def test_the_figure_modules_make_figures_legible_on_a_phone():
    """robodyn's figure code keeps to the same widths and font sizes as the notebooks."""
    from booktools.nblint import lint_python

    modules = sorted((ROOT / "robodyn" / "figures").rglob("*.py")) + sorted(
        (ROOT / "robodyn" / "plotting").rglob("*.py"))
    assert ROOT / "robodyn" / "figures" / "vacuum" / "climb.py" in modules
    problems = [p for module in modules for p in lint_python(module)]
    assert not problems, "\n".join(map(str, problems))


def test_a_cell_longer_than_the_limit_is_reported_but_not_the_answers_lines(tmp_path):
    """Sixteen lines are too many, fifteen pass; lines between the solution markers are the
    student's and do not count."""
    from booktools.nblint import MAX_CELL_LINES, LongCell

    at_limit = "\n".join(f"x{i} = {i}" for i in range(MAX_CELL_LINES))
    answer = ("def f(x):\n    ### BEGIN SOLUTION\n" + "    x += 1\n" * 30
              + "    ### END SOLUTION\n    return x")
    path = write_notebook(tmp_path / "cells.ipynb", [
        ("code", at_limit), ("code", at_limit + "\nx = 0"), ("code", answer),
        ("markdown", "line\n" * 40)])
    problems = lint_notebook(path)
    assert problems == [LongCell(path, 2, MAX_CELL_LINES + 1)]
    assert "cell 2: 16 lines of code (limit 15)" in str(problems[0])


def test_the_generated_set_up_cell_is_not_held_to_the_cell_length(tmp_path):
    """The install cell (generated and tested by installcell, hidden in the pages) may be
    longer than MAX_CELL_LINES; the same code in any other cell may not."""
    from booktools.installcell import Repository, install_cell_source
    from robodyn.grading import INSTALL_CELL_ID

    source = install_cell_source(Repository())
    assert nblint.cell_lines(source) > nblint.MAX_CELL_LINES
    cells = [{"cell_type": "code", "id": cell_id, "metadata": {}, "outputs": [],
              "execution_count": None, "source": source} for cell_id in (INSTALL_CELL_ID, "c001")]
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))
    problems = lint_notebook(path)
    assert [type(p).__name__ for p in problems] == ["LongCell"] and problems[0].cell == 2


def test_a_folded_code_cell_is_held_two_characters_shorter(tmp_path):
    """A cell tagged hide-input shows its code, unfolded, in a box two characters narrower:
    a line of 75 characters passes in an open cell and fails in a folded one, 74 passes both."""
    longest = "x = " + "1" * (MAX_LINE_LENGTH - 5)          # 75 characters
    path = write_notebook(tmp_path / "folded.ipynb", [("code", longest), ("code", longest),
                                                      ("code", longest[:-1])])
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"][1:]:
        cell["metadata"]["tags"] = ["hide-input"]
    path.write_text(json.dumps(notebook), encoding="utf-8")
    problems = lint_notebook(path)
    assert [(problem.cell, problem.length, problem.limit) for problem in problems] == [
        (2, MAX_LINE_LENGTH - 1, MAX_LINE_LENGTH - nblint.FOLDED_LINE_SHORTER_BY)]
