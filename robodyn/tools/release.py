"""Make the student release: a copy of the repository without the solutions.

A class clones or downloads the release, not the instructors' repository. It holds the files
git tracks, except those from which a solution can be read back:

- ``solutions/`` (the answers themselves) and ``_toc_instructor.yml`` (the edition that shows
  them);
- the tests of the exercise checks (``tests/test_checks_*.py``), which hold right answers
  written independently, and the tests that read the solutions (``tests/test_nbgrader.py``);

and it has no git history (a history holds every version of every solution). The README's
commands work in it: ``make book`` builds the student edition, ``make test`` runs the tests
that do not need the solutions (those that do skip themselves, see ``tests/conftest.py``).

What it cannot hide: the package's own reference implementations, which the chapters use
(``robodyn.diffdrive.forward_kinematics`` is the answer of exercise 4.1); a grading run must
refuse answers that call them (the instructor pages say so).

Command line::

    python -m robodyn.tools.release DEST        # or: make student-release DEST=...

After copying, the release is scanned for the solutions' code (:func:`leaks`): the run fails,
and deletes nothing, if any line of an answer turns up in it.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

from robodyn.errors import ParameterError
from robodyn.tools.exercisegen import BEGIN, END

ROOT = Path(__file__).resolve().parents[2]

#: What the student release leaves out: folders (ending in /), files, and file-name prefixes
#: (ending in *), relative to the repository's root.
EXCLUDED = ("solutions/", "_toc_instructor.yml", "tests/test_checks_*", "tests/test_nbgrader.py")

#: A solution line shorter than this (``return x``, ``else:``) says nothing about the answer
#: and is not searched for.
MIN_LINE = 24


def _excluded(relative: str) -> bool:
    for rule in EXCLUDED:
        if rule.endswith("/") and relative.startswith(rule):
            return True
        if rule.endswith("*") and relative.startswith(rule[:-1]):
            return True
        if relative == rule:
            return True
    return False


def tracked_files(root: Path = ROOT) -> list[str]:
    """The files git tracks in ``root``, relative, as git lists them."""
    try:
        listing = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                                 capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise ParameterError(f"{root} is not a git repository that git can list "
                             f"({error}); the release copies what git tracks") from error
    return [name for name in listing.split("\0") if name]


def student_files(root: Path = ROOT) -> list[str]:
    """The files of the student release: the tracked ones less :data:`EXCLUDED`."""
    return [name for name in tracked_files(root) if not _excluded(name)]


def solution_lines(root: Path = ROOT) -> dict[str, str]:
    """Each distinctive line of every marked answer in ``solutions/``, with where it comes
    from: ``{line: "solutions/07_vacuum.ipynb, cell 4"}``. Comments count too."""
    lines = {}
    for path in sorted((root / "solutions").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for index, cell in enumerate(notebook.cells):
            inside = False
            for line in cell.source.splitlines():
                stripped = line.strip()
                if stripped == BEGIN:
                    inside = True
                elif stripped == END:
                    inside = False
                elif inside and len(stripped) >= MIN_LINE:
                    lines[stripped] = f"{path.relative_to(root)}, cell {index}"
    return lines


def leaks(release: Path, lines: dict[str, str]) -> list[str]:
    """Where a line of ``lines`` (see :func:`solution_lines`) appears in a file of
    ``release``, or a solution marker in a notebook: one message each."""
    found = []
    for path in sorted(release.rglob("*")):
        if not path.is_file() or ".git" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if path.suffix == ".ipynb" and BEGIN in text:
            found.append(f"{path.relative_to(release)} holds a marked solution")
        for line, origin in lines.items():
            if line in text:
                found.append(f"{path.relative_to(release)} holds a line of {origin}: "
                             f"{line[:60]}")
    return found


def make_release(destination: str | Path, root: Path = ROOT) -> list[str]:
    """Copy the student release of ``root`` into ``destination`` (which must not exist, or
    be an empty folder, and must lie outside ``root``); return the files copied. Raises if
    the copy holds a line of a solution."""
    destination = Path(destination).resolve()
    root = Path(root).resolve()
    if destination == root or root in destination.parents:
        raise ParameterError(f"DEST = {destination} lies inside the repository {root}: "
                             "choose a folder outside it")
    if destination.exists() and any(destination.iterdir()):
        raise ParameterError(f"DEST = {destination} exists and is not empty: choose a new "
                             "folder (the release never overwrites one)")
    names = student_files(root)
    for name in names:
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    problems = leaks(destination, solution_lines(root))
    if problems:
        raise ParameterError("the release holds solutions; nothing was published:\n  "
                             + "\n  ".join(problems))
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("destination", help="a new folder for the student release")
    args = parser.parse_args(argv)
    try:
        names = make_release(args.destination)
    except ParameterError as error:
        print(f"student release: {error}", file=sys.stderr)
        return 2
    print(f"student release: {len(names)} files in {Path(args.destination).resolve()}, "
          "without solutions/, the instructor edition, the checks' tests and git history")
    return 0


if __name__ == "__main__":
    sys.exit(main())
