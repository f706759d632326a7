"""How long each chapter takes to execute, one at a time, at the book's full sizes.

Each chapter notebook is run in a fresh kernel in its folder, as the book build runs it
(:func:`booktools.bookbuild.execute_notebook`), but one after another, so that no
chapter shares the cores with another; the table gives the seconds against the book's aim
(chapter 7 within 60 s, every other chapter within 30 s, on a quiet 2-core machine). The
build itself runs the chapters side by side (``benchmarks/book_build.py`` times it).

Run with ``make benchmarks`` or ``.venv/bin/python benchmarks/chapter_times.py``; names given
after it (``07``) run only the chapters whose file name contains one of them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AIM_S = {"07_vacuum.ipynb": 60.0}
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
    os.environ.pop("ROBODYN_QUICK", None)  # the book's full sweeps
    chapters = sorted((ROOT / "chapters").glob("*.ipynb"))
    chapters = [path for path in chapters
                if not sys.argv[1:] or any(part in path.name for part in sys.argv[1:])]
    print(f"chapter execution, one at a time, {os.cpu_count()} cores:")
    for path in chapters:
        seconds = execute(path)
        aim = AIM_S.get(path.name, DEFAULT_AIM_S)
        print(f"  {path.name:28s} {seconds:6.1f} s   aim {aim:4.0f} s   "
              f"{'ok' if seconds <= aim else 'SLOW'}")


if __name__ == "__main__":
    main()
