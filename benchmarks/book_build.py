"""Time a cold and a cached build of the book, in a scratch copy of the repository.

Cold: empty execution cache, every notebook runs. Cached: the same build again.
Run with `make benchmarks` or `.venv/bin/python benchmarks/book_build.py`.
"""

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = shutil.ignore_patterns(".venv", "_build", ".git", "__pycache__", ".pytest_cache")


def build(book: Path) -> float:
    jupyter_book = Path(sys.executable).parent / "jupyter-book"
    start = time.perf_counter()
    subprocess.run([str(jupyter_book), "build", str(book), "-W", "-n", "--keep-going", "-q"],
                   check=True, capture_output=True)
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
