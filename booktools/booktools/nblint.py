"""Check that the code cells of notebooks fit the book's column.

A code block of the rendered book is 77 characters wide at a 1280 px window (measured by
``tests/test_reader_view.py``, which also fails on any block that scrolls sideways). Longer
lines scroll, and a reader misses their ends. This linter keeps every line of every code
cell at or below :data:`MAX_LINE_LENGTH` characters, one character to spare.

Only code cells are checked: Markdown is wrapped by the browser. Printed output cannot be
checked here; wrap long messages where they are printed (``textwrap.fill(text, 76)``).

It also checks the length of a code cell: at most :data:`MAX_CELL_LINES` lines
(CONTRIBUTING.md: anything longer belongs in ``robodyn``, with a test). The lines of an
exercise's answer, between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, do not count:
that is the student's part, and the set-up cell that :mod:`booktools.installcell` generates
(and tests), which the pages do not show, is not counted either. And it checks the figures a
cell makes, so that their text stays legible on a phone, where a figure is scaled down to a
342 px column, text and all: a ``figsize=(w, h)`` may be at most :data:`MAX_FIGURE_INCHES`
wide and a ``fontsize`` or ``labelsize`` at least :data:`MIN_FONT_PT` points (a number, or
"medium" and larger; "small" is 8.3 points). Both come from
:mod:`robodyn.plotting.interactive` (``FIGURE_INCHES``, ``MIN_FONT_PT``); the same checks
run over the figure modules of ``robodyn`` (:func:`lint_python`).

Command line::

    python -m booktools.nblint chapters solutions exercises   # folders or notebooks
    python -m booktools.nblint --max-line-length 70 chapters

It prints one line per problem, ``path: cell N, line M: 83 characters (limit 76)``, with
cells counted from 1 as Jupyter shows them, and exits 1 if there is any.

>>> lint_source("x = 1\\n" + "y" * 80, max_length=76)
[(2, 80)]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from robodyn.grading import INSTALL_CELL_ID
from robodyn.plotting.interactive import FIGURE_INCHES, MIN_FONT_PT

#: Characters per code line. The column holds 77 at 1280 px; one spare for wider fonts.
MAX_LINE_LENGTH = 76
#: A cell whose code is folded away (tag ``hide-input``) shows it, unfolded, in a box 18 px
#: narrower (666 against 684 px at 1280 px, measured in the built book): two characters less.
HIDE_INPUT_TAG = "hide-input"
FOLDED_LINE_SHORTER_BY = 2
#: Lines of a code cell, the answer between the solution markers not counted.
MAX_CELL_LINES = 15
#: Widest figure, inches, and smallest font, points: text legible on a phone.
MAX_FIGURE_INCHES = FIGURE_INCHES
FIGSIZE = re.compile(r"figsize\s*=\s*\(\s*([0-9]*\.?[0-9]+)")
#: A font size given in a call: ``fontsize=8``, ``labelsize="small"``, ``fontsize=8.5``.
FONT_SIZE = re.compile(r"(?<![\w.])(?:fontsize|labelsize)\s*=\s*"
                       r"(?:([0-9]*\.?[0-9]+)|[\"']([a-z-]+)[\"'])")
#: matplotlib's named font sizes, as multiples of the default size (10 points).
NAMED_FONT_SIZES = {"xx-small": 0.579, "x-small": 0.694, "small": 0.833, "smaller": 0.833,
                    "medium": 1.0, "large": 1.2, "larger": 1.2, "x-large": 1.44,
                    "xx-large": 1.728}


@dataclass(frozen=True)
class Problem:
    """One code line that is too long."""

    path: Path
    cell: int  # counted from 1
    line: int  # counted from 1, within the cell
    length: int
    limit: int

    def __str__(self) -> str:
        return (
            f"{self.path}: cell {self.cell}, line {self.line}: "
            f"{self.length} characters (limit {self.limit})"
        )


def _place(cell: int, line: int) -> str:
    """Where a problem is: "cell 3, line 2" in a notebook, "line 2" in a module (cell 0)."""
    return f"cell {cell}, line {line}" if cell else f"line {line}"


@dataclass(frozen=True)
class WideFigure:
    """A figure wider than :data:`MAX_FIGURE_INCHES`."""

    path: Path
    cell: int  # counted from 1; 0 for a Python module
    line: int  # counted from 1, within the cell
    inches: float

    def __str__(self) -> str:
        where = _place(self.cell, self.line)
        return (
            f"{self.path}: {where}: a figure {self.inches:g} in wide (limit "
            f"{MAX_FIGURE_INCHES:g} in) is scaled down on a phone, its text to below "
            "9 px"
        )


@dataclass(frozen=True)
class SmallFont:
    """Figure text smaller than :data:`MIN_FONT_PT`."""

    path: Path
    cell: int  # counted from 1; 0 for a Python module
    line: int  # counted from 1, within the cell
    text: str

    def __str__(self) -> str:
        where = _place(self.cell, self.line)
        return (f"{self.path}: {where}: {self.text} is smaller than {MIN_FONT_PT:g} points, "
                "too small to read on a phone")


@dataclass(frozen=True)
class LongCell:
    """A code cell longer than :data:`MAX_CELL_LINES` lines."""

    path: Path
    cell: int  # counted from 1
    lines: int

    def __str__(self) -> str:
        return (f"{self.path}: cell {self.cell}: {self.lines} lines of code (limit "
                f"{MAX_CELL_LINES}); move the longer part into robodyn, with a test, or "
                "split the cell")


def cell_lines(source: str) -> int:
    """Lines of a code cell, without those of an answer between the solution markers.

    >>> cell_lines("def f(x):\\n    ### BEGIN SOLUTION\\n    y = x\\n    return y\\n"
    ...            "    ### END SOLUTION\\nf(1)")
    4
    """
    count, inside = 0, False
    for line in source.splitlines():
        marker = line.strip()
        if marker == "### BEGIN SOLUTION":
            inside = True
            count += 1
        elif marker == "### END SOLUTION":
            inside = False
            count += 1
        elif not inside:
            count += 1
    return count


def wide_figures(source: str) -> list[tuple[int, float]]:
    """(line number from 1, width in inches) of every figsize wider than the column.

    >>> wide_figures("fig = plt.figure(figsize=(10, 4))\\nplt.subplots(figsize=(5.25, 3))")
    [(1, 10.0)]
    """
    return [
        (number, float(match.group(1)))
        for number, line in enumerate(source.splitlines(), start=1)
        for match in FIGSIZE.finditer(line)
        if float(match.group(1)) > MAX_FIGURE_INCHES
    ]


def small_fonts(source: str) -> list[tuple[int, str]]:
    """(line number from 1, the size as written) of every font size below MIN_FONT_PT.

    >>> small_fonts('ax.legend(fontsize=8.5)\\nax.set_title("a", fontsize="large")\\n'
    ...             'ax.tick_params(labelsize="small")')
    [(1, 'fontsize=8.5'), (3, 'labelsize="small"')]
    """
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        for match in FONT_SIZE.finditer(line):
            points, name = match.groups()
            size = float(points) if points else 10.0 * NAMED_FONT_SIZES.get(name, 1.0)
            if size < MIN_FONT_PT:
                found.append((number, match.group(0)))
    return found


def lint_python(path: str | Path) -> list:
    """Too-wide figures and too-small fonts in a Python module (the figure modules of
    ``robodyn``). A figure width or font size held in a variable is not seen here; the tests
    of the figures measure those (:func:`robodyn.plotting.interactive.text_on_page`)."""
    path = Path(path)
    source = path.read_text(encoding="utf-8")
    return ([WideFigure(path, 0, line, inches) for line, inches in wide_figures(source)]
            + [SmallFont(path, 0, line, text) for line, text in small_fonts(source)])


def lint_source(source: str, max_length: int = MAX_LINE_LENGTH) -> list[tuple[int, int]]:
    """(line number from 1, length) of every line of ``source`` longer than ``max_length``."""
    return [
        (number, len(line))
        for number, line in enumerate(source.splitlines(), start=1)
        if len(line) > max_length
    ]


def lint_notebook(path: str | Path, max_length: int = MAX_LINE_LENGTH) -> list:
    """Every too-long line, too-long cell and too-wide figure of the code cells of one
    notebook."""
    path = Path(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    problems = []
    for index, cell in enumerate(notebook.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        limit = max_length
        if HIDE_INPUT_TAG in cell.get("metadata", {}).get("tags", []):
            limit = max_length - FOLDED_LINE_SHORTER_BY
        for line, length in lint_source(source, limit):
            problems.append(Problem(path, index, line, length, limit))
        for line, inches in wide_figures(source):
            problems.append(WideFigure(path, index, line, inches))
        for line, text in small_fonts(source):
            problems.append(SmallFont(path, index, line, text))
        if cell_lines(source) > MAX_CELL_LINES and cell.get("id") != INSTALL_CELL_ID:
            problems.append(LongCell(path, index, cell_lines(source)))
    return problems


def notebooks(paths: Iterable[str | Path]) -> list[Path]:
    """The notebooks named, and those in the folders named (not in checkpoint folders)."""
    found = []
    for item in map(Path, paths):
        if item.is_dir():
            found += sorted(
                p for p in item.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
            )
        elif item.exists():
            found.append(item)
        else:
            raise FileNotFoundError(f"no notebook or folder {item}")
    return found


def lint(paths: Iterable[str | Path], max_length: int = MAX_LINE_LENGTH) -> list[Problem]:
    """Every too-long code line in the notebooks and folders ``paths``."""
    return [p for path in notebooks(paths) for p in lint_notebook(path, max_length)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    parser.add_argument(
        "--max-line-length", type=int, default=MAX_LINE_LENGTH,
        help=f"characters per code line (default {MAX_LINE_LENGTH})",
    )
    args = parser.parse_args(argv)
    try:
        problems = lint(args.paths, args.max_line_length)
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} code lines, cells or figures that do not fit the book's "
              "column.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
