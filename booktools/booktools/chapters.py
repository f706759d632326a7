"""Where the book's chapters are: the one place that knows their layout.

A chapter ``NN_<subject>`` (its *stem*, also the stem of its exercises and solutions) is
stored in one of two ways:

- **one notebook**, ``chapters/NN_<subject>.ipynb``, the chapter's one page (the layout the
  chapters had first);
- **a folder**, ``chapters/NN_<subject>/``: an opening page ``index.ipynb``, then the lessons
  ``01_<name>.ipynb``, ``02_<name>.ipynb``, ... (each an executable notebook that defines
  everything it uses), then ``summary.md``. In the table of contents the opening page is the
  chapter and the lessons and the summary are its sections, in that order.

Either way the chapter's exercises, ``exercises/NN_<subject>.ipynb``, are its last section
(and, in the instructor edition, the solutions after them). The chapters' order is that of
``_toc.yml``. :func:`layout_problems` checks all of this; ``tests/test_chapters.py`` holds it.

The build, the downloads, the linters, the scaffold, the tests and the benchmarks find the
chapters here rather than each globbing ``chapters/*.ipynb``.

>>> chapter_of("chapters/04_differential_drive/02_kinematics.ipynb")
'04_differential_drive'
>>> chapter_of("exercises/02_friction"), chapter_of("book/intro")
('02_friction', None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import yaml

ROOT = Path(__file__).resolve().parents[2]
#: The folders that hold a chapter's notebooks under its stem.
FOLDERS = ("chapters", "exercises", "solutions")
#: A chapter's stem: two digits, an underscore, the subject.
STEM = re.compile(r"[0-9]{2}_[a-z][a-z0-9_]*")
#: A lesson of a chapter folder: two digits, an underscore, a name.
LESSON = re.compile(r"[0-9]{2}_[a-z][a-z0-9_]*\.ipynb")
#: The opening page and the summary of a chapter folder.
OPENING, SUMMARY = "index.ipynb", "summary.md"
#: How many lessons a chapter folder has (issue 36 asks for 3 to 6; the scaffold of
#: ``make new-chapter`` writes two, so the floor held here is one).
MIN_LESSONS, MAX_LESSONS = 1, 6


def toc_files(toc: Path) -> list[str]:
    """Every file a Jupyter Book table of contents lists, its root first, in order."""
    def listed(entries) -> list[str]:
        files = []
        for entry in entries or []:
            if "file" in entry:
                files.append(entry["file"])
            files += listed(entry.get("chapters")) + listed(entry.get("sections"))
        return files

    contents = yaml.safe_load(Path(toc).read_text(encoding="utf-8"))
    return [contents["root"]] + listed(contents.get("parts")) + listed(contents.get("chapters"))


def chapter_of(name: str | PurePosixPath) -> str | None:
    """The stem of the chapter a page belongs to, or None: ``name`` is a path relative to the
    book's root, with or without its suffix (``.ipynb``, ``.md``, ``.html``), as a table of
    contents or Sphinx names it: ``chapters/02_x``, ``chapters/04_x/01_y``,
    ``chapters/04_x/summary``, ``exercises/02_x``, ``solutions/02_x``."""
    parts = PurePosixPath(str(name).replace("\\", "/")).parts
    if len(parts) == 2 and parts[0] in FOLDERS:
        stem = parts[1].split(".")[0]
    elif len(parts) == 3 and parts[0] == "chapters":
        stem = parts[1]
    else:
        return None
    return stem if STEM.fullmatch(stem) else None


@dataclass(frozen=True)
class Chapter:
    """One chapter of the book under ``root``, by its stem (``"04_differential_drive"``)."""

    stem: str
    root: Path = ROOT

    @property
    def number(self) -> int:
        """The chapter's number, 4 for ``04_differential_drive``."""
        return int(self.stem[:2])

    @property
    def folder(self) -> Path:
        """``chapters/<stem>/``: the chapter's folder, if it is stored as one."""
        return Path(self.root) / "chapters" / self.stem

    @property
    def is_folder(self) -> bool:
        """True if the chapter is a folder of lessons, False if it is one notebook."""
        return self.folder.is_dir()

    @property
    def opening(self) -> Path:
        """The chapter's first page: ``index.ipynb`` of its folder, or its one notebook."""
        return self.folder / OPENING if self.is_folder else self.folder.with_suffix(".ipynb")

    @property
    def lessons(self) -> list[Path]:
        """The lessons of a chapter folder, in order (none for a one-notebook chapter)."""
        if not self.is_folder:
            return []
        return sorted(path for path in self.folder.glob("*.ipynb") if LESSON.fullmatch(path.name))

    @property
    def summary(self) -> Path | None:
        """``summary.md`` of a chapter folder, None for a one-notebook chapter."""
        return self.folder / SUMMARY if self.is_folder else None

    @property
    def pages(self) -> list[Path]:
        """The chapter's own pages in reading order: the opening, the lessons, the summary
        (the exercises are not among them)."""
        if not self.is_folder:
            return [self.opening]
        return [self.opening, *self.lessons, self.summary]

    @property
    def notebooks(self) -> list[Path]:
        """The chapter's pages that are notebooks (all but the summary)."""
        return [page for page in self.pages if page.suffix == ".ipynb"]

    @property
    def exercises(self) -> Path:
        return Path(self.root) / "exercises" / f"{self.stem}.ipynb"

    @property
    def solutions(self) -> Path:
        return Path(self.root) / "solutions" / f"{self.stem}.ipynb"

    def relative(self, path: Path) -> str:
        """``path`` relative to the book's root, with ``/``."""
        return Path(path).relative_to(self.root).as_posix()

    @property
    def docnames(self) -> list[str]:
        """The chapter's pages as a table of contents lists them (no suffix)."""
        return [self.relative(page.with_suffix("")) for page in self.pages]

    def toc_entries(self, instructor: bool = False) -> list[str]:
        """What a table of contents lists for this chapter, in order: its pages, then its
        exercises (and, for ``instructor``, its solutions)."""
        last = ["exercises", "solutions"] if instructor else ["exercises"]
        return [*self.docnames, *(f"{folder}/{self.stem}" for folder in last)]


def stems_on_disk(root: Path = ROOT) -> list[str]:
    """The stems of the chapters in ``root/chapters``, one notebook or a folder, sorted."""
    folder = Path(root) / "chapters"
    if not folder.is_dir():
        return []
    stems = {path.stem for path in folder.glob("*.ipynb")}
    stems |= {path.name for path in folder.iterdir() if path.is_dir()}
    return sorted(stem for stem in stems if STEM.fullmatch(stem))


def chapter_stems(root: Path = ROOT, toc: str = "_toc.yml") -> list[str]:
    """The chapters' stems in the order of the table of contents ``root/toc``; without that
    file (a bare copy of a few folders), those in ``root/chapters``, sorted."""
    path = Path(root) / toc
    if not path.is_file():
        return stems_on_disk(root)
    stems: list[str] = []
    for name in toc_files(path):
        stem = chapter_of(name)
        if stem is not None and name.startswith("chapters/") and stem not in stems:
            stems.append(stem)
    return stems


def chapters(root: Path = ROOT, toc: str = "_toc.yml") -> list[Chapter]:
    """Every chapter of the book, in the order of the table of contents."""
    return [Chapter(stem, Path(root)) for stem in chapter_stems(root, toc)]


def chapter_notebooks(root: Path = ROOT) -> list[Path]:
    """Every notebook of every chapter, in reading order (not the exercises)."""
    return [path for chapter in chapters(root) for path in chapter.notebooks]


def next_number(root: Path = ROOT) -> int:
    """The number a new chapter gets: one more than the highest in ``root/chapters``."""
    return max((int(stem[:2]) for stem in stems_on_disk(root)), default=0) + 1


def _toc_groups(toc: Path) -> list[list[str]]:
    """A table of contents' chapters as lists: each chapter's file and its sections'."""
    def flat(entry) -> list[str]:
        files = [entry["file"]] if "file" in entry else []
        for section in entry.get("sections") or []:
            files += flat(section)
        return files

    contents = yaml.safe_load(Path(toc).read_text(encoding="utf-8"))
    groups = []
    for part in contents.get("parts") or [{"chapters": contents.get("chapters")}]:
        groups += [flat(entry) for entry in part.get("chapters") or []]
    return groups


def layout_problems(root: Path = ROOT) -> list[str]:
    """What breaks the layout of the module's docstring, one line each: a chapter folder
    without its opening page or summary, with lessons misnumbered or too many, a notebook
    that is neither; a table of contents whose entry for a chapter is not its pages, then its
    exercises (and solutions), in order; a chapter on disk missing from ``_toc.yml``."""
    root = Path(root)
    problems = []
    for stem in stems_on_disk(root):
        chapter = Chapter(stem, root)
        if (chapter.folder.with_suffix(".ipynb")).is_file() and chapter.is_folder:
            problems.append(f"chapters/{stem}: both a notebook and a folder")
        if not chapter.is_folder:
            continue
        for page in (chapter.opening, chapter.summary):
            if not page.is_file():
                problems.append(f"chapters/{stem}: no {page.name}")
        lessons = [path.name for path in chapter.lessons]
        numbers = [int(name[:2]) for name in lessons]
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"chapters/{stem}: lessons numbered {numbers}, not 1, 2, ...: "
                            f"{lessons}")
        if not MIN_LESSONS <= len(lessons) <= MAX_LESSONS:
            problems.append(f"chapters/{stem}: {len(lessons)} lessons (from {MIN_LESSONS} to "
                            f"{MAX_LESSONS})")
        others = sorted(path.name for path in chapter.folder.glob("*.ipynb")
                        if path.name != OPENING and not LESSON.fullmatch(path.name))
        if others:
            problems.append(f"chapters/{stem}: notebooks that are neither the opening page nor "
                            f"a lesson (NN_name.ipynb): {others}")
    for toc, instructor in (("_toc.yml", False), ("_toc_instructor.yml", True)):
        if not (root / toc).is_file():
            continue
        groups = {chapter_of(group[0]): group for group in _toc_groups(root / toc)
                  if group and group[0].startswith("chapters/")}
        for stem in stems_on_disk(root):
            wanted = Chapter(stem, root).toc_entries(instructor)
            if stem not in groups:
                problems.append(f"{toc}: chapter {stem} is missing (wanted {wanted})")
            elif groups[stem] != wanted:
                problems.append(f"{toc}: chapter {stem} lists {groups[stem]}, wanted {wanted}")
        for stem in set(groups) - set(stems_on_disk(root)):
            problems.append(f"{toc}: chapter {stem} is listed but not in chapters/")
    return problems
