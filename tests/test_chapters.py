"""Where the chapters are (booktools.chapters): one notebook or a folder of lessons, in the
order and the shape the tables of contents give them."""

import shutil
from pathlib import Path

import pytest

from booktools import chapters
from booktools.chapters import Chapter, chapter_of, layout_problems

ROOT = Path(__file__).resolve().parents[1]


def test_the_chapters_keep_their_layout():
    """Each chapter folder has its opening page, lessons numbered 1, 2, ... (at most
    MAX_LESSONS) and a summary; each table of contents lists every chapter's pages in order,
    then its exercises last (and the instructors' its solutions after them)."""
    problems = layout_problems(ROOT)
    assert not problems, "\n".join(problems)


def test_the_toc_order_is_the_order_on_disk_and_every_chapter_notebook_is_a_page():
    """The chapters of _toc.yml are those of chapters/, in the order of their numbers, and
    no notebook of chapters/ is outside a chapter's pages (a lesson misnamed, say)."""
    stems = chapters.chapter_stems(ROOT)
    assert stems == chapters.stems_on_disk(ROOT) and len(stems) >= 7
    assert [Chapter(stem).number for stem in stems] == list(range(1, len(stems) + 1))
    on_disk = sorted(path for path in (ROOT / "chapters").rglob("*.ipynb")
                     if ".ipynb_checkpoints" not in path.parts)
    assert sorted(chapters.chapter_notebooks(ROOT)) == on_disk


def test_a_chapter_folder_reads_as_its_pages_in_order():
    """A folder's pages: index.ipynb, the lessons in their numbers' order, summary.md; the
    table of contents' names of them; the chapter of each."""
    folder = next(chapter for chapter in chapters.chapters(ROOT) if chapter.is_folder)
    names = [page.name for page in folder.pages]
    assert names[0] == "index.ipynb" and names[-1] == "summary.md"
    assert names[1:-1] == sorted(names[1:-1]) and len(names) >= 3
    assert folder.notebooks == folder.pages[:-1]
    assert folder.toc_entries(instructor=True)[-2:] == [f"exercises/{folder.stem}",
                                                       f"solutions/{folder.stem}"]
    assert {chapter_of(name) for name in folder.toc_entries(instructor=True)} == {folder.stem}


@pytest.mark.parametrize(("name", "stem"), [
    ("chapters/02_friction", "02_friction"),
    ("chapters/02_friction.ipynb", "02_friction"),
    ("chapters/04_differential_drive/index", "04_differential_drive"),
    ("chapters/04_differential_drive/03_pose.ipynb", "04_differential_drive"),
    ("chapters/04_differential_drive/summary.html", "04_differential_drive"),
    ("exercises/04_differential_drive", "04_differential_drive"),
    ("solutions/07_vacuum.ipynb", "07_vacuum"),
    ("book/intro", None), ("index", None), ("chapters", None), ("chapters/notes", None),
    ("exercises/04_x/extra", None), ("chapters/04_x/a/b", None),
])
def test_the_chapter_of_a_page(name, stem):
    """Any page of a chapter, in either layout, and its exercises and solutions, name the
    chapter's stem; other pages none."""
    assert chapter_of(name) == stem


def _book(tmp_path: Path) -> Path:
    """A copy of the repository's tables of contents and the chapters' files' names."""
    root = tmp_path / "book"
    for name in ("_toc.yml", "_toc_instructor.yml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, root / name)
    for path in (ROOT / "chapters").rglob("*"):
        if path.is_file() and ".ipynb_checkpoints" not in path.parts:
            target = root / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("{}")
    return root


@pytest.mark.solutions      # the instructor's table of contents and solutions/
def test_the_layout_check_reports_each_broken_rule(tmp_path):
    """A missing summary, a gap in the lessons' numbers, a stray notebook, too many lessons,
    a chapter both a notebook and a folder, and tables of contents out of step are each
    reported, naming the chapter."""
    root = _book(tmp_path)
    assert layout_problems(root) == []
    folder = next(c for c in chapters.chapters(root) if c.is_folder)
    (folder.folder / "summary.md").unlink()
    lessons = folder.lessons
    lessons[0].rename(lessons[0].with_name("09_late.ipynb"))
    (folder.folder / "scratch.ipynb").write_text("{}")
    for extra in range(chapters.MAX_LESSONS + 1):
        (folder.folder / f"{20 + extra}_more.ipynb").write_text("{}")
    (root / "chapters" / f"{folder.stem}.ipynb").write_text("{}")
    report = "\n".join(layout_problems(root))
    for expected in ("no summary.md", "lessons numbered [2,", "scratch.ipynb",
                     f"lessons (from {chapters.MIN_LESSONS} to {chapters.MAX_LESSONS})",
                     "both a notebook and a folder",
                     f"_toc.yml: chapter {folder.stem} lists", "_toc_instructor.yml: chapter"):
        assert expected in report, f"{expected!r} not reported:\n{report}"


@pytest.mark.solutions      # the instructor's table of contents and solutions/
def test_the_layout_check_wants_the_exercises_last_and_every_chapter_listed(tmp_path):
    """Exercises before a lesson, and a chapter left out of the table of contents, are
    reported."""
    root = _book(tmp_path)
    folder = next(c for c in chapters.chapters(root) if c.is_folder)
    toc = (root / "_toc.yml").read_text()
    last_lesson = f"- file: {folder.docnames[-2]}\n"
    exercises = f"- file: exercises/{folder.stem}\n"
    swapped = toc.replace(last_lesson, "@").replace(exercises, last_lesson).replace(
        "@", exercises)
    assert swapped != toc
    (root / "_toc.yml").write_text(swapped)
    assert [p for p in layout_problems(root) if p.startswith(f"_toc.yml: chapter {folder.stem}")]
    (root / "chapters" / "08_new.ipynb").write_text("{}")
    assert "_toc.yml: chapter 08_new is missing" in "\n".join(layout_problems(root))
