"""How long each chapter takes to execute, one at a time, at the book's full sizes.

Each notebook of a chapter (the chapter's one notebook, or a chapter folder's opening page
and lessons: :mod:`booktools.chapters`) is run in a fresh kernel in its folder, as the book
build runs it (:func:`booktools.bookbuild.execute_notebook`), but one after another, so that
no notebook shares the cores with another; the table gives each notebook's seconds and each
chapter's sum against the book's aim (chapter 7 within 60 s, every other chapter within
30 s, on a quiet 2-core machine). The build itself runs the notebooks side by side
(``benchmarks/book_build.py`` times it).

Run with ``make benchmarks`` or ``.venv/bin/python benchmarks/chapter_times.py``; names given
after it (``07``) run only the chapters whose stem contains one of them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AIM_S = {"07_vacuum": 60.0}
DEFAULT_AIM_S = 30.0


def execute(path: Path) -> float:
    """Seconds to execute the notebook at ``path`` as the book build does (exits if a cell
    fails)."""
    from booktools.bookbuild import execute_notebook

    _, seconds, error = execute_notebook(str(path), timeout=600)
    if error is not None:
        raise SystemExit(f"{path.name} failed:\n{error[-3000:]}")
    return seconds


def main() -> None:
    from booktools.bookbuild import shown_name
    from booktools.chapters import chapters

    os.environ.pop("ROBODYN_QUICK", None)  # the book's full sweeps
    chosen = [chapter for chapter in chapters(ROOT)
              if not sys.argv[1:] or any(part in chapter.stem for part in sys.argv[1:])]
    print(f"chapter execution, one at a time, {os.cpu_count()} cores:")
    for chapter in chosen:
        total = 0.0
        for path in chapter.notebooks:
            seconds = execute(path)
            total += seconds
            if chapter.is_folder:
                print(f"    {shown_name(path):40s} {seconds:6.1f} s")
        aim = AIM_S.get(chapter.stem, DEFAULT_AIM_S)
        print(f"  {chapter.stem:40s} {total:6.1f} s   aim {aim:4.0f} s   "
              f"{'ok' if total <= aim else 'SLOW'}")


if __name__ == "__main__":
    main()
