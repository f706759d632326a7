"""The errata page's numerical checks run and print what the page says they print.

Each erratum of ``book/errata.md`` carries a few lines of NumPy with their output: in comment
lines that end the block (``# [ 0.8776 -0.298 ...]``), or in a ``text`` block right after it.
Every block is run here as a reader would paste it; its printed lines must be the page's, so
an erratum's evidence cannot drift from the code that gives it. A block whose output is only
in comments beside its print calls (``print(w)   # 107166.6...``) must run without error, and
each such comment's leading number must match what the line prints, to its digits.
"""

import contextlib
import io
import re
from pathlib import Path

import pytest

from booktools.nblint import MAX_LINE_LENGTH

ERRATA = Path(__file__).resolve().parents[1] / "book" / "errata.md"
BLOCK = re.compile(r"```python\n(.*?)```(?:\n\n```text\n(.*?)```)?", re.S)
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?")


def blocks() -> list[tuple[str, str | None]]:
    return [(code, text) for code, text in BLOCK.findall(ERRATA.read_text(encoding="utf-8"))]


def split_output(code: str, text: str | None) -> tuple[str, list[str] | None]:
    """The code to run and the lines it must print (None where the page gives them only
    beside the print calls)."""
    if text:
        return code, text.rstrip("\n").split("\n")
    lines = code.rstrip("\n").split("\n")
    output = []
    while lines and lines[-1].startswith("#"):
        output.insert(0, lines.pop()[1:].removeprefix(" "))
    return "\n".join(lines), (output or None)


def run(code: str) -> list[str]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(ERRATA), "exec"), {"__name__": "errata"})  # noqa: S102
    return printed.getvalue().rstrip("\n").split("\n")


def test_the_page_has_its_checks():
    assert len(blocks()) >= 15


def test_every_line_of_code_fits_the_column():
    """Code blocks are 77 characters wide on the page; a longer line scrolls sideways."""
    long = [(index + 1, line) for index, (code, _) in enumerate(blocks())
            for line in code.split("\n") if len(line) > MAX_LINE_LENGTH]
    assert not long, f"lines over {MAX_LINE_LENGTH} characters (block, line): {long}"


@pytest.mark.parametrize("index", range(len(blocks())))
def test_an_erratums_check_prints_what_the_page_shows(index):
    code, text = blocks()[index]
    code, expected = split_output(code, text)
    got = run(code)
    if expected is not None:
        assert got == expected, f"block {index + 1} of errata.md"
        return
    beside = [line.split("#", 1)[1] for line in code.split("\n")
              if line.lstrip().startswith("print(") and "#" in line]
    assert beside and len(beside) == len(got), f"block {index + 1}: no output shown"
    for comment, line in zip(beside, got, strict=True):
        shown = NUMBER.search(comment.replace("...", ""))
        if shown:
            assert line.startswith(shown.group(0)) or shown.group(0) in line, (
                f"block {index + 1}: the page says {comment.strip()!r}, it prints {line!r}")
