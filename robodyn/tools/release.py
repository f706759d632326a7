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

After copying, the release is scanned for the answers (:func:`leaks`): the run fails if a
notebook still holds a marked solution, or a file holds an answer's comment or three lines of
one answer.
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


def solution_blocks(root: Path = ROOT) -> list[tuple[list[str], str]]:
    """Every marked answer of ``solutions/`` as its distinctive lines (stripped, at least
    :data:`MIN_LINE` long), with where it comes from."""
    blocks = []
    for path in sorted((root / "solutions").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for index, cell in enumerate(notebook.cells):
            block, inside = [], False
            for line in cell.source.splitlines():
                stripped = line.strip()
                if stripped == BEGIN:
                    block, inside = [], True
                elif stripped == END:
                    blocks.append((block, f"{path.relative_to(root)}, cell {index}"))
                    inside = False
                elif inside and len(stripped) >= MIN_LINE:
                    block.append(stripped)
    return blocks


def leaks(release: Path, blocks) -> tuple[list[str], list[str]]:
    """What of the answers ``blocks`` (see :func:`solution_blocks`) the files of ``release``
    give away: (leaks, shared). A leak is a notebook with a marked solution, a comment of an
    answer (its explanation, found nowhere but in the answer) or three lines of one answer in
    the same file; *shared* lists the single lines also found in a file, as the package's
    reference implementations hold them (the chapters use those; the grading run refuses
    answers that call them)."""
    found, shared = [], []
    texts = {}
    for path in sorted(release.rglob("*")):
        if path.is_file() and ".git" not in path.parts:
            try:
                texts[path.relative_to(release)] = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
    for name, text in texts.items():
        if name.suffix == ".ipynb" and BEGIN in text:
            found.append(f"{name} holds a marked solution")
    for block, origin in blocks:
        comments = [line for line in block if line.startswith("#")]
        for name, text in texts.items():
            hits = [line for line in block if line in text]
            told = [line for line in comments if line in text]
            if told:
                found.append(f"{name} holds a comment of {origin}: {told[0][:60]}")
            elif len(hits) >= 3:
                found.append(f"{name} holds {len(hits)} lines of {origin}")
            elif hits:
                shared.append(f"{name}: a line of {origin}: {hits[0][:60]}")
    return found, shared


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
    problems, _ = leaks(destination, solution_blocks(root))
    if problems:
        raise ParameterError(f"the release in {destination} gives solutions away; hand "
                             "it to no one:\n  " + "\n  ".join(problems))
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
