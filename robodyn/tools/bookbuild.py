"""Build the book the one way `make book`, the tests and the benchmarks all use.

Jupyter Book caches executed notebooks by their content only. A change in ``robodyn`` changes
what a notebook prints without changing the notebook, so a plain rebuild would show stale
figures. :func:`build_book` therefore clears the execution cache whenever any file of the
package, in any subpackage, differs from the last build's (a hash kept in
``_build/.robodyn-source-hash``).

Command line::

    python -m robodyn.tools.bookbuild                # student edition -> _build/html
    python -m robodyn.tools.bookbuild --instructor   # adds the solutions

The instructor edition needs ``_toc_instructor.yml`` and ``solutions/``, which only the
instructors' repository has: in the student release (``robodyn.tools.release``) the command
says so and exits with status 2 instead of starting a build.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Warnings are errors (-W), broken references are warnings (-n), and all are reported.
BUILD_FLAGS = ["-W", "-n", "--keep-going"]


def package_files(package_dir: Path) -> list[Path]:
    """Every file of the package and its subpackages, without Python's byte-code caches."""
    return sorted(
        path for path in package_dir.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


def package_source_hash(package_dir: Path = ROOT / "robodyn") -> str:
    """SHA-256 over the relative paths, sizes and contents of every file of the package."""
    digest = hashlib.sha256()
    for path in package_files(package_dir):
        content = path.read_bytes()
        digest.update(f"{path.relative_to(package_dir).as_posix()}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def output_dir(root: Path = ROOT, instructor: bool = False) -> Path:
    """Folder that holds ``_build/html`` (and the execution cache) of an edition."""
    return root / "_build" / "instructor" if instructor else root


def clear_stale_cache(build_root: Path, source_hash: str) -> bool:
    """Remove the execution cache under ``build_root`` if the package changed; True if removed."""
    stamp = build_root / "_build" / ".robodyn-source-hash"
    if stamp.exists() and stamp.read_text() == source_hash:
        return False
    shutil.rmtree(build_root / "_build" / ".jupyter_cache", ignore_errors=True)
    shutil.rmtree(build_root / "_build" / "jupyter_execute", ignore_errors=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(source_hash)
    return True


def build_command(
    root: Path = ROOT,
    instructor: bool = False,
    config: Path | None = None,
    build_root: Path | None = None,
) -> list[str]:
    """The ``jupyter-book build`` command line of an edition.

    The student edition uses ``_toc.yml`` and builds into ``root/_build``; the instructor
    edition uses ``_toc_instructor.yml`` and builds into ``_build/instructor``. ``config``
    replaces ``_config.yml`` and ``build_root`` the folder that receives ``_build``.
    """
    root = Path(root)
    build_root = Path(build_root) if build_root else output_dir(root, instructor)
    command = [str(Path(sys.executable).parent / "jupyter-book"), "build", str(root), *BUILD_FLAGS]
    if instructor:
        command += ["--toc", str(root / "_toc_instructor.yml")]
    if build_root != root:
        command += ["--path-output", str(build_root)]
    if config is not None:
        command += ["--config", str(config)]
    return command


def instructor_files_missing(root: Path = ROOT) -> list[str]:
    """What the instructor edition needs and ``root`` lacks: ``_toc_instructor.yml`` and a
    ``solutions/`` folder with notebooks (both left out of the student release)."""
    root = Path(root)
    missing = []
    if not (root / "_toc_instructor.yml").is_file():
        missing.append("_toc_instructor.yml")
    if not any((root / "solutions").glob("*.ipynb")):
        missing.append("solutions/")
    return missing


def build_book(
    root: Path = ROOT,
    instructor: bool = False,
    capture: bool = False,
    config: Path | None = None,
    build_root: Path | None = None,
):
    """Clear a stale execution cache, then run :func:`build_command`; return the process."""
    root = Path(root)
    build_root = Path(build_root) if build_root else output_dir(root, instructor)
    clear_stale_cache(build_root, package_source_hash(root / "robodyn"))
    command = build_command(root, instructor, config, build_root)
    return subprocess.run(command, cwd=root, capture_output=capture, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instructor", action="store_true", help="add the solutions")
    args = parser.parse_args(argv)
    missing = instructor_files_missing(ROOT) if args.instructor else []
    if missing:
        print(f"The instructor edition (the book with the solutions) is built in the "
              f"instructors' repository; {ROOT} has no {' and no '.join(missing)} (the student "
              "release leaves them out). `make book` builds the student edition.",
              file=sys.stderr)
        return 2
    run = build_book(instructor=args.instructor)
    if run.returncode == 0:
        index = output_dir(ROOT, args.instructor) / "_build" / "html" / "index.html"
        edition = "Instructor" if args.instructor else "Student"
        print(f"{edition} edition: {index}")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
