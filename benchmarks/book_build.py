"""Time a cold and a cached build of the book, in a scratch copy of the repository.

Cold: empty execution cache, every notebook runs. Cached: the same build again.
Run with `make benchmarks` or `.venv/bin/python benchmarks/book_build.py`.
"""

import shutil
import tempfile
import time
from pathlib import Path

from booktools.bookbuild import build_book

ROOT = Path(__file__).resolve().parents[1]
SKIP = shutil.ignore_patterns(".venv", "_build", ".git", "__pycache__", ".pytest_cache")


def build(book: Path) -> float:
    start = time.perf_counter()
    run = build_book(book, capture=True)
    if run.returncode != 0:
        raise SystemExit(run.stdout[-3000:] + run.stderr[-3000:])
    return time.perf_counter() - start


def main():
    with tempfile.TemporaryDirectory() as scratch:
        book = Path(scratch) / "book"
        shutil.copytree(ROOT, book, ignore=SKIP)
        cold = build(book)
        cached = build(book)
    print(f"book build, cold (every notebook executed): {cold:6.1f} s")
    print(f"book build, cached (second run)           : {cached:6.1f} s")


if __name__ == "__main__":
    main()
