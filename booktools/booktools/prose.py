"""The book's prose lint: how a page's prose reads, in numbers.

A lesson of the book is read, not skimmed: short sentences, one idea each, and numbers in
tables or printed output rather than in the sentences. This module measures the prose of a
page and holds it to the book's writing figures:

- at most about :data:`TARGET_WORDS` words of prose a lesson, and never more than
  :data:`MAX_WORDS`;
- a median of at most :data:`MAX_MEDIAN_WORDS` words a sentence;
- at most :data:`MAX_LONG_SHARE` % of sentences longer than :data:`LONG_SENTENCE_WORDS`
  words;
- at most :data:`MAX_NUMBERS_PER_100_WORDS` numbers per 100 words.

It reads the markdown cells of a notebook, or a MyST page (``.md``, without its front matter
and code cells), as a reader reads the rendered text:

- displayed math, inline math, code spans and MyST roles (``{numref}`...```) count as one
  word each;
- fenced code, directives' opening and option lines, and labels ``(sec-...)=`` are left out;
  a link counts by its text, an HTML tag not at all;
- every heading, list item and table row is a sentence of its own (a list item's wrapped
  lines that start in lower case belong to the item); other lines of a block join into a
  paragraph;
- a sentence ends at ``.``, ``!`` or ``?`` (and any closing quote or bracket) followed by a
  space and a capital letter or an opening bracket or quote (a number after a stop starts
  no sentence);
- a word is a run of letters (with apostrophes and hyphens) or a number; a number such as
  ``0.278`` or ``2,000`` is one word and one number.

``tests/test_prose.py`` holds every page of the chapters to these figures.

Command line::

    python -m booktools.prose chapters book            # a line per page
    python -m booktools.prose --long 5 chapters/04_differential_drive
    python -m booktools.prose --over chapters          # only what is past the figures

``--long N`` also prints each page's N longest sentences; ``--over`` prints only the pages
past a figure, with what is past, and exits 1 if there is any.

>>> stats = measure_markdown("# Friction\\n\\nThe block slides. It stops at $x_0$.")
>>> stats.lengths
(1, 3, 4)
>>> stats.past()
[]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: Words of prose a lesson aims at ("at most about 2,000").
TARGET_WORDS = 2000
#: Words of prose a page may have: past this it fails.
MAX_WORDS = 2200
#: Largest median sentence, words.
MAX_MEDIAN_WORDS = 16
#: A sentence longer than this many words is a long one.
LONG_SENTENCE_WORDS = 35
#: Largest share of long sentences, percent of all sentences.
MAX_LONG_SHARE = 8.0
#: Most numbers (digits in the prose) per 100 words.
MAX_NUMBERS_PER_100_WORDS = 1.5

# What a reader does not read as prose, or reads as one word. Each pattern is applied in the
# order of PLAIN_TEXT_STEPS below.
#: Fenced code: a code or math directive, or a fence with no directive at all.
FENCED_CODE = re.compile(
    r"^(```|~~~)[^\n]*\{(math|code-cell|code|code-block|raw)\}.*?^\1\s*$"
    r"|^(```|~~~)(?![^\n]*\{).*?^\3\s*$", re.S | re.M)
#: Displayed math: ``$$ ... $$`` or a LaTeX equation environment.
DISPLAY_MATH = re.compile(
    r"\$\$.*?\$\$|\\begin\{(equation|align|gather|multline)\*?\}.*?\\end\{\1\*?\}", re.S)
#: The opening line of a directive (``{note}``, ``{figure}``...), whose body stays prose.
DIRECTIVE_OPENING = re.compile(r"^(```|~~~|:::)+\s*\{[^}]+\}[^\n]*$", re.M)
#: A directive's option line, ``:class: dropdown``.
DIRECTIVE_OPTION = re.compile(r"^:[a-z-]+:.*$", re.M)
#: The closing line of a fence or directive.
FENCE_CLOSING = re.compile(r"^(```|~~~|:::)+\s*$", re.M)
#: A label line, ``(sec-dd-kinematics)=``.
LABEL = re.compile(r"^\([^)]*\)=\s*$", re.M)
#: A MyST role, ``{numref}`Fig. %s <fig-x>```.
ROLE = re.compile(r"\{[a-z:-]+\}`[^`]*`")
#: Inline math, ``$v = R\\omega$``.
INLINE_MATH = re.compile(r"(?<!\\)\$[^$\n]+?(?<!\\)\$")
#: A code span, ```robodyn```.
CODE_SPAN = re.compile(r"`[^`\n]+`")
#: A link, ``[text](target)``: its text is read.
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
#: An HTML tag.
HTML_TAG = re.compile(r"<[^>]+>")
#: The steps from markdown to the text a reader reads: (pattern, replacement).
PLAIN_TEXT_STEPS = (
    (FENCED_CODE, " "),
    (DISPLAY_MATH, " MATH "),
    (DIRECTIVE_OPENING, ""),
    (DIRECTIVE_OPTION, ""),
    (FENCE_CLOSING, ""),
    (LABEL, ""),
    (ROLE, " CODE "),
    (INLINE_MATH, " MATH "),
    (CODE_SPAN, " CODE "),
    (LINK, r"\1"),
    (HTML_TAG, " "),
)

#: A code cell of a MyST page.
MYST_CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```\s*$", re.S | re.M)
#: A blank line, which ends a block (paragraph, list, table).
BLOCK_BREAK = re.compile(r"\n\s*\n")
#: A line that starts a sentence of its own: a heading, a list item or a table row.
OWN_LINE = re.compile(r"^(#{1,6}\s|[-*+]\s|\d+[.)]\s|\|)")
#: A heading or a list item (not a table row): its wrapped lines may continue it.
HEADING_OR_ITEM = re.compile(r"^(#{1,6}\s|[-*+]\s|\d+[.)]\s)")
#: The marker a heading, item or row starts with.
LINE_MARKER = re.compile(r"^(#{1,6}|[-*+]|\d+[.)]|\|)\s*")
#: A table's rule, ``|---|:--:|``: no sentence.
TABLE_RULE = re.compile(r"^\|[\s:|-]+\|?$")
#: Where one sentence ends and the next begins.
SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z(\"“])")
#: A word: letters (with apostrophes and hyphens), a number, or a placeholder MATH, CODE.
WORD = re.compile(r"[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f'’-]*|\d+(?:[.,]\d+)*|MATH|CODE")
#: A number: digits not glued to a name (``x2`` is no number), ``0.278`` and ``2,000`` once.
NUMBER = re.compile(r"(?<![A-Za-z_])\d+(?:[.,]\d+)*")


def notebook_markdown(text: str) -> str:
    """The markdown cells of a notebook, joined by blank lines.

    Parameters
    ----------
    text : str
        The notebook file's JSON.

    Returns
    -------
    str
        The sources of its markdown cells, in order; code and raw cells are left out.

    >>> notebook_markdown('{"cells": [{"cell_type": "markdown", "source": ["# A\\\\n", "b"]},'
    ...                   ' {"cell_type": "code", "source": "x = 1"}]}')
    '# A\\nb'
    """
    cells = json.loads(text)["cells"]
    sources = (cell["source"] for cell in cells if cell["cell_type"] == "markdown")
    return "\n\n".join(s if isinstance(s, str) else "".join(s) for s in sources)


def page_markdown(text: str) -> str:
    """The prose of a MyST page: without its front matter and its code cells.

    Parameters
    ----------
    text : str
        The ``.md`` file's text. Front matter is what lies between the page's opening
        ``---`` and the next ``---``.

    Returns
    -------
    str
        The page's markdown.

    >>> page_markdown("---\\ntitle: x\\n---\\nProse.\\n```{code-cell}\\nx = 1\\n```\\n")
    '\\nProse.\\n'
    """
    if text.startswith("---"):
        text = text.split("---", 2)[-1]
    return MYST_CODE_CELL.sub("", text)


def markdown_of(path: str | Path) -> str:
    """The markdown of a notebook (``.ipynb``) or a MyST page (any other file).

    Parameters
    ----------
    path : str or Path
        The notebook or page.

    Returns
    -------
    str
        Its markdown, as :func:`notebook_markdown` or :func:`page_markdown` give it.
    """
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    return notebook_markdown(text) if path.suffix == ".ipynb" else page_markdown(text)


def plain_text(markdown: str) -> str:
    """The text a reader reads: code and directive lines out, math, roles and code as one
    word (``MATH``, ``CODE``), links as their text.

    >>> plain_text("See {numref}`fig-a`, where $v = R\\\\omega$ and `solve` [run](x.md).")
    'See  CODE , where  MATH  and  CODE  run.'
    """
    for pattern, replacement in PLAIN_TEXT_STEPS:
        markdown = pattern.sub(replacement, markdown)
    return markdown


def units_of(block: str) -> list[str]:
    """The headings, list items, table rows and paragraphs of one block of plain text.

    A heading, item or row is a unit of its own, without its marker and with the row's
    ``|`` as spaces; a table's rule is none. Inside a block that opens with a heading or an
    item, a line starting in lower case continues the last unit; other lines join into a
    paragraph.

    Parameters
    ----------
    block : str
        Text between two blank lines.

    Returns
    -------
    list of str
        The units, in order.

    >>> units_of("- one item\\n  wrapped on\\n- a second\\n\\nNot joined")
    ['one item wrapped on', 'a second', 'Not joined']
    >>> units_of("| a | b |\\n|---|---|\\n| 1 | 2 |")
    ['a   b  ', '1   2  ']
    """
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    opens_with_item = bool(lines) and HEADING_OR_ITEM.match(lines[0]) is not None
    units, paragraph = [], []
    for line in lines:
        if OWN_LINE.match(line):
            if paragraph:
                units.append(" ".join(paragraph))
                paragraph = []
            if not TABLE_RULE.match(line):
                units.append(LINE_MARKER.sub("", line).replace("|", " "))
        elif units and opens_with_item and not paragraph and line[:1].islower():
            units[-1] += " " + line
        else:
            paragraph.append(line)
    if paragraph:
        units.append(" ".join(paragraph))
    return units


def split_sentences(unit: str) -> list[str]:
    """The sentences of a heading, item, row or paragraph; pieces without a word are dropped.

    A closing bracket or quote after the stop goes with the break: it holds no word.

    >>> split_sentences("It rolls. (It slips.) Then: stop! e.g. this")
    ['It rolls.', '(It slips.', 'Then: stop! e.g. this']
    """
    return [piece for piece in SENTENCE_END.split(unit) if WORD.search(piece)]


def sentences(markdown: str) -> list[str]:
    """Every sentence of a page's markdown, as a reader reads it.

    >>> sentences("## Kinematics\\n\\nThe wheel turns. So does the axle.")
    ['Kinematics', 'The wheel turns.', 'So does the axle.']
    """
    return [sentence
            for block in BLOCK_BREAK.split(plain_text(markdown))
            for unit in units_of(block)
            for sentence in split_sentences(unit)]


def word_count(sentence: str) -> int:
    """Words of a sentence: math, roles and code spans are one each, a number is one.

    >>> word_count("The ratio 0.278 fixes MATH, Newton-Euler's form.")
    7
    """
    return len(WORD.findall(sentence))


def number_count(sentence: str) -> int:
    """Numbers written in a sentence, ``0.278`` and ``2,000`` once each; digits in names
    (``x2``) are none.

    >>> number_count("It took 2,000 steps of 0.5 s on rig x2.")
    2
    """
    return len(NUMBER.findall(sentence))


@dataclass(frozen=True)
class ProseStats:
    """How the prose of one page reads.

    Parameters
    ----------
    sentences : tuple of str
        The page's sentences, as :func:`sentences` finds them.
    lengths : tuple of int
        Words of each sentence.
    numbers : int
        Numbers written in the prose.
    path : Path or None
        The page measured, if it is a file.
    """

    sentences: tuple[str, ...]
    lengths: tuple[int, ...]
    numbers: int
    path: Path | None = None

    @property
    def words(self) -> int:
        """Words of prose."""
        return sum(self.lengths)

    @property
    def median(self) -> float:
        """Median words a sentence (0 for a page without prose)."""
        return statistics.median(self.lengths) if self.lengths else 0

    @property
    def mean(self) -> float:
        """Mean words a sentence, rounded to 0.1."""
        return round(self.words / len(self.lengths), 1) if self.lengths else 0

    @property
    def long_share(self) -> float:
        """Percent of sentences over :data:`LONG_SENTENCE_WORDS` words, rounded to 0.1."""
        if not self.lengths:
            return 0
        long = sum(length > LONG_SENTENCE_WORDS for length in self.lengths)
        return round(100 * long / len(self.lengths), 1)

    @property
    def numbers_per_100_words(self) -> float:
        """Numbers per 100 words of prose, rounded to 0.1."""
        return round(100 * self.numbers / self.words, 1) if self.words else 0

    def longest(self, count: int) -> list[tuple[int, str]]:
        """The ``count`` longest sentences, longest first, as (words, sentence)."""
        return sorted(zip(self.lengths, self.sentences, strict=True), reverse=True)[:count]

    def past(self) -> list[str]:
        """What is past the book's writing figures, each with its limit; empty if nothing.

        The figures are compared as they are reported, rounded to 0.1.
        """
        checks = (
            (self.words > MAX_WORDS,
             f"{self.words} words (at most {MAX_WORDS}, about {TARGET_WORDS})"),
            (self.median > MAX_MEDIAN_WORDS,
             f"median {self.median:g} words a sentence (at most {MAX_MEDIAN_WORDS})"),
            (self.long_share > MAX_LONG_SHARE,
             f"{self.long_share:g} % of sentences over {LONG_SENTENCE_WORDS} words "
             f"(at most {MAX_LONG_SHARE:g} %)"),
            (self.numbers_per_100_words > MAX_NUMBERS_PER_100_WORDS,
             f"{self.numbers_per_100_words:g} numbers per 100 words "
             f"(at most {MAX_NUMBERS_PER_100_WORDS:g})"),
        )
        return [text for is_past, text in checks if is_past]


def measure_markdown(markdown: str, path: Path | None = None) -> ProseStats:
    """Measure the prose of a page's markdown.

    Parameters
    ----------
    markdown : str
        The page's markdown (a notebook's markdown cells joined, or a MyST page's text).
    path : Path or None
        The page it comes from, kept for reports.

    Returns
    -------
    ProseStats
        Its sentences, their lengths and the numbers in them.
    """
    found = sentences(markdown)
    return ProseStats(sentences=tuple(found),
                      lengths=tuple(word_count(s) for s in found),
                      numbers=sum(number_count(s) for s in found),
                      path=path)


def measure(path: str | Path) -> ProseStats:
    """Measure the prose of a notebook's markdown cells or of a MyST page."""
    return measure_markdown(markdown_of(path), Path(path))


def pages(paths: Iterable[str | Path]) -> list[Path]:
    """The pages named, and the notebooks and ``.md`` pages in the folders named.

    Folders are searched to any depth, less checkpoint and build folders. A path that does
    not exist raises :class:`FileNotFoundError`.
    """
    found = []
    for item in map(Path, paths):
        if item.is_dir():
            found += sorted(
                page for page in item.rglob("*")
                if page.suffix in (".ipynb", ".md") and page.is_file()
                and not {".ipynb_checkpoints", "_build"} & set(page.parts))
        elif item.exists():
            found.append(item)
        else:
            raise FileNotFoundError(f"no notebook, page or folder {item}")
    return found


def lesson_pages(chapters: str | Path) -> list[Path]:
    """The pages of the chapters written as lessons: every notebook and ``.md`` page
    directly in a folder ``NN_<subject>/`` of ``chapters``."""
    return sorted(page for folder in Path(chapters).glob("[0-9][0-9]_*") if folder.is_dir()
                  for page in folder.iterdir()
                  if page.suffix in (".ipynb", ".md") and page.is_file())


def unsplit_chapters(chapters: str | Path) -> list[Path]:
    """The chapters still written as one notebook, ``NN_<subject>.ipynb``, in ``chapters``."""
    return sorted(page for page in Path(chapters).glob("[0-9][0-9]_*.ipynb") if page.is_file())


def report_line(stats: ProseStats, width: int = 50) -> str:
    """One line of the table: page, words, sentences, median, mean, long share, numbers."""
    name = str(stats.path)[-width:]
    return (f"{name:{width}s} {stats.words:6d} {len(stats.lengths):5d} {stats.median:6g} "
            f"{stats.mean:5.1f} {stats.long_share:6.1f} {stats.numbers_per_100_words:8.1f}")


def longest_lines(stats: ProseStats, count: int) -> list[str]:
    """The ``count`` longest sentences, one indented line each, cut at 400 characters."""
    return [f"    {words:3d} words: {sentence[:400]}" for words, sentence in stats.longest(count)]


def past_report(stats: ProseStats, longest: int = 3) -> str:
    """What a page has past the writing figures, then its ``longest`` longest sentences.

    Parameters
    ----------
    stats : ProseStats
        The page's measure.
    longest : int
        How many of its longest sentences to show, one line each.

    Returns
    -------
    str
        ``"<page>: <what is past>, ..."`` and the sentences' lines; only the sentences if
        nothing is past.
    """
    first = f"{stats.path}: " + ", ".join(stats.past())
    return "\n".join([first, *longest_lines(stats, longest)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="notebooks, MyST pages or folders of them")
    parser.add_argument("--long", type=int, default=0, metavar="N",
                        help="also print the N longest sentences of each page")
    parser.add_argument("--over", action="store_true",
                        help="print only the pages past the book's writing figures")
    args = parser.parse_args(argv)
    try:
        measured = [measure(page) for page in pages(args.paths)]
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 2
    if args.over:
        past = [stats for stats in measured if stats.past()]
        for stats in past:
            print(past_report(stats, args.long))
        return 1 if past else 0
    print(f"{'page':50s} {'words':>6s} {'sent.':>5s} {'median':>6s} {'mean':>5s} "
          f"{f'>{LONG_SENTENCE_WORDS}w %':>6s} {'num/100w':>8s}")
    for stats in measured:
        print(report_line(stats))
        for line in longest_lines(stats, args.long):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
