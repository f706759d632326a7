"""Make the student release: a copy of the repository without the solutions.

A class clones or downloads the release, not the instructors' repository. It holds the files
git tracks, except those from which a solution can be read back:

- ``solutions/`` (the answers themselves) and ``_toc_instructor.yml`` (the edition that shows
  them);
- ``robodyn/checks/``, each exercise's reference answer and typical mistakes as code: the
  release's notebooks check with the answer key compiled from them
  (:mod:`robodyn.grading.answerkey`), and the tests that need the live exercises skip
  themselves (marked ``checks``, see ``conftest.py``);
- the tests of the exercise checks (``tests/test_checks_*.py``), which hold right answers
  written independently, the class's typical slips and a second writer's right answers they are
  measured with (``tests/slips/``, ``tests/test_slips_named.py``), and the tests built on the
  solutions' answers
  (``tests/test_nbgrader.py``, ``classgrade/tests/test_grading_handin.py``,
  ``classgrade/tests/test_points.py``);

and it has no git history (a history holds every version of every solution). It adds one file,
:data:`MARKER`, which says that it is a release and from which commit. The README's commands
work in it: ``make book`` builds the student edition, ``make test`` runs the tests that do not
need the solutions (those that do skip themselves when :data:`MARKER` is present, see
``conftest.py``), and the instructors' targets (``make book-instructor``,
``make exercises``, ``make student-release``) say that they need the instructors' repository.

Command line::

    python -m classgrade.release DEST        # or: make student-release DEST=...

DEST must be a new folder, or an empty one, outside the repository.

The leak scan
-------------
After copying, every text file of the release is searched (:func:`leaks`) for the answers of
``solutions/``: the lines between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, stripped,
each at least :data:`MIN_LINE` characters long (shorter ones, ``return x``, ``else:``, say
nothing about an answer). A notebook is searched by its cells' sources, any other file as it
is. The release fails, and its copy is removed, if

1. a notebook holds a ``### BEGIN SOLUTION`` marker (a solution notebook copied over), or
   ``robodyn/checks`` is there (the references and mistake models);
2. a file holds a comment of an answer (its explanation, which is found nowhere else);
3. a file holds three or more lines of one answer, in any order;
4. a file holds a function named as an exercise's that passes its check, however it is
   written (:mod:`classgrade.written_answers` runs every such function that can only
   compute).

These three hold for every file, the package's model modules included. Single lines (one or
two of an answer in a file) are allowed:

- in the package's model modules, :data:`MODEL_MODULES`, by design. The book's package is its
  text: the chapters use ``robodyn.diffdrive.forward_kinematics``, which is the answer of
  exercise 4.1, and a student can read it. A grading run must refuse answers that call these
  references (the grading run's job, not this module's).
- anywhere else too, since a one-line formula is what a mistake model of ``robodyn/checks``, a
  test or a doctest must write, and a bisection's midpoint or an input made an array tells
  nothing. These are printed after the release (:func:`review_lines`), so that one can see a
  file gather the lines of an answer before it reaches three.

What the scan cannot see: an answer with fewer than three searchable lines never trips rule
3, and one whose lines are all shorter than :data:`MIN_LINE` is not searched at all. Such a
short answer is one formula, which the model modules implement anyway.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

import robodyn
from classgrade import written_answers
from robodyn.core.errors import ParameterError
from robodyn.grading import BEGIN, END, MODEL_PACKAGES

#: The book's repository (the one whose package is imported).
ROOT = Path(robodyn.__file__).resolve().parents[1]

#: What the student release leaves out: folders (ending in /), files, and file-name prefixes
#: (ending in *), relative to the repository's root.
EXCLUDED = ("solutions/", "_toc_instructor.yml", "robodyn/checks/", "tests/test_checks_*",
            "tests/slips/",
            "tests/test_slips_named.py", "tests/test_nbgrader.py",
            "classgrade/tests/test_grading_handin.py",
            "classgrade/tests/test_points.py")

#: The file the release adds at its root: it tells the tests and the tools that this is the
#: student release, whose solutions are missing on purpose.
MARKER = "STUDENT_RELEASE"


#: The package's model modules, the modules of its model packages (the shared laws, the
#: sources' robots, one package per subject), which the chapters import: single lines of an
#: answer are there by design (they implement the references), and are not listed for review.
#: Found, not listed: every module of :data:`robodyn.grading.MODEL_PACKAGES`.
MODEL_MODULES = tuple(
    path.relative_to(ROOT).as_posix()
    for package in MODEL_PACKAGES
    for path in sorted((ROOT / "robodyn" / package).rglob("*.py"))
)

#: A solution line shorter than this (``return x``, ``else:``) says nothing about the answer
#: and is not searched for.
MIN_LINE = 24

#: A file holding this many lines of one answer (or more) gives the answer away.
LEAK_LINES = 3


def _excluded(relative: str) -> bool:
    for rule in EXCLUDED:
        if rule.endswith("/") and relative.startswith(rule):
            return True
        if rule.endswith("*") and relative.startswith(rule[:-1]):
            return True
        if relative == rule:
            return True
    return False


def _git(root: Path, *arguments: str) -> str:
    """The output of ``git arguments`` in ``root``; ParameterError if git cannot run it."""
    try:
        return subprocess.run(["git", *arguments], cwd=root, check=True,
                              capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or error
        raise ParameterError(
            f"{root} is not a git repository that git can read ({str(detail).strip()}); the "
            "student release is made from the instructors' repository, of what git tracks"
        ) from error


def tracked_files(root: Path = ROOT) -> list[str]:
    """The files git tracks in ``root``, relative, as git lists them."""
    return [name for name in _git(root, "ls-files", "-z").split("\0") if name]


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


def _text(path: Path) -> str | None:
    """What the scan reads of a file: a notebook's cell sources, one after the other (its JSON
    escapes quotes and backslashes), any other file as UTF-8 text; None for a binary file."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None
    if path.suffix == ".ipynb":
        try:
            notebook = nbformat.reads(text, as_version=4)
        except Exception:  # not a notebook nbformat can read: search its raw text
            return text
        return "\n".join(cell.source for cell in notebook.cells)
    return text


def _file_texts(release: Path) -> dict[Path, str]:
    """The text (see :func:`_text`) of every file under ``release``, by relative path."""
    texts = {}
    for path in sorted(release.rglob("*")):
        if path.is_file() and ".git" not in path.parts:
            text = _text(path)
            if text is not None:
                texts[path.relative_to(release)] = text
    return texts


def scan(release: Path, blocks) -> tuple[list[str], list[tuple[str, str, str]]]:
    """Search the files of ``release`` for the answers ``blocks`` (see :func:`solution_blocks`).

    Returns
    -------
    leaks : list of str
        What gives an answer away (the rules 1 to 3 of the module's docstring), each naming
        the file: the release must not go out.
    shared : list of (str, str, str)
        The single lines allowed, as (file, answer, line): one or two lines of an answer in a
        file, in :data:`MODEL_MODULES` or elsewhere.
    """
    found, shared = [], []
    if (Path(release) / "robodyn" / "checks").exists():
        found.append("robodyn/checks holds the exercises' references and typical mistakes "
                     "(the release's notebooks check with the answer key)")
    texts = _file_texts(Path(release))
    for name, text in texts.items():
        if name.suffix == ".ipynb" and BEGIN in text:
            found.append(f"{name.as_posix()} holds a marked solution ({BEGIN})")
    for block, origin in blocks:
        comments = [line for line in block if line.startswith("#")]
        for name, text in texts.items():
            hits = [line for line in block if line in text]
            told = [line for line in comments if line in text]
            if told:
                found.append(f"{name.as_posix()} holds a comment of {origin}: {told[0][:60]}")
            elif len(hits) >= LEAK_LINES:
                found.append(f"{name.as_posix()} holds {len(hits)} lines of {origin}: "
                             f"{hits[0][:60]}")
            else:
                shared.extend((name.as_posix(), origin, line) for line in hits)
    answers, _ = written_answers.scan(texts)
    found.extend(f"{answer} (written another way than the solutions: found by running it)"
                 for answer in answers)
    return found, shared


def leaks(release: Path, blocks) -> list[str]:
    """What of the answers ``blocks`` the files of ``release`` give away (see :func:`scan`)."""
    return scan(release, blocks)[0]


def review_lines(shared) -> list[str]:
    """The single shared lines (from :func:`scan`) outside :data:`MODEL_MODULES`, one entry
    per file: how many lines, of which answers (notebook and cells)."""
    by_file: dict[str, list[str]] = {}
    for name, origin, _ in shared:
        if name not in MODEL_MODULES:
            by_file.setdefault(name, []).append(origin)
    entries = []
    for name, origins in sorted(by_file.items()):
        cells: dict[str, set[int]] = {}
        for origin in origins:
            notebook, cell = origin.rsplit(", cell ", 1)
            cells.setdefault(Path(notebook).name, set()).add(int(cell))
        answers = "; ".join(f"{notebook} cell {', '.join(str(c) for c in sorted(numbers))}"
                            for notebook, numbers in sorted(cells.items()))
        entries.append(f"{name}: {len(origins)} line(s) of {answers}")
    return entries


def check_destination(destination: str | Path, root: Path = ROOT) -> Path:
    """``destination`` as an absolute path, if the release may go there: not empty, outside
    ``root``, and a new folder or an empty one. Raises ParameterError naming it otherwise."""
    if str(destination).strip() == "":
        raise ParameterError("DEST is empty: give a new folder outside the repository, "
                             "e.g. DEST=../robodyn-student")
    path = Path(destination).expanduser().resolve()
    root = Path(root).resolve()
    if path == root or root in path.parents:
        raise ParameterError(f"DEST = {path} lies inside the repository {root}: choose a "
                             "folder outside it")
    if path.exists() and not path.is_dir():
        raise ParameterError(f"DEST = {path} is a file, not a folder: choose a new folder "
                             "(the release never overwrites anything)")
    if path.is_dir() and any(path.iterdir()):
        raise ParameterError(f"DEST = {path} exists and is not empty: choose a new folder or "
                             "an empty one (the release never overwrites anything)")
    return path


def _remove_copy(destination: Path, created: bool) -> None:
    """Remove a release that failed the scan: the folder if it was made here, else its files."""
    if created:
        shutil.rmtree(destination, ignore_errors=True)
        return
    for path in destination.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink()


def make_release(destination: str | Path, root: Path = ROOT):
    """Copy the student release of ``root`` into ``destination`` and scan it.

    ``destination`` must be a new or empty folder outside ``root`` (:func:`check_destination`).

    Returns
    -------
    names : list of str
        The files copied, relative.
    shared : list of (str, str, str)
        The single answer lines it holds, allowed (see :func:`scan`).

    Raises
    ------
    ParameterError
        If ``destination`` is not allowed, ``root`` is no git repository or has no marked
        answers in ``solutions/`` to scan for, or the copy gives an answer away; in the last
        case the copy is removed again.
    """
    root = Path(root).resolve()
    if (root / MARKER).exists():
        raise ParameterError(f"{root} is itself a student release ({MARKER}); a release is "
                             "made from the instructors' repository")
    destination = check_destination(destination, root)
    names = student_files(root)
    blocks = solution_blocks(root)
    if not blocks:
        raise ParameterError(f"{root / 'solutions'} holds no marked answers: the release is "
                             "made from the instructors' repository, whose solutions the scan "
                             "searches for")
    commit = _describe(root)
    created = not destination.exists()
    for name in names:
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    (destination / MARKER).write_text(
        "The student release of the course book: solutions/, the instructor edition, the "
        "checks' tests and the git history are left out on purpose.\n"
        f"Made by classgrade.release from commit {commit}.\n", encoding="utf-8")
    problems, shared = scan(destination, blocks)
    if problems:
        _remove_copy(destination, created)
        raise ParameterError(f"the release gives solutions away, so {destination} was removed "
                             "again:\n  " + "\n  ".join(problems))
    return names, shared


def _describe(root: Path) -> str:
    """The commit the release is made from, ``-dirty`` if the working tree differs from it."""
    return _git(root, "describe", "--always", "--dirty").strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m classgrade.release", description=__doc__.split("\n\n")[0])
    parser.add_argument("destination", metavar="DEST",
                        help="a new (or empty) folder outside the repository")
    args = parser.parse_args(argv)
    try:
        names, shared = make_release(args.destination)
    except ParameterError as error:
        print(f"student release: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"student release: cannot write DEST = {args.destination} "
              f"({error.strerror or error}): choose a folder you can write to", file=sys.stderr)
        return 2
    where = Path(args.destination).expanduser().resolve()
    print(f"student release: {len(names)} files in {where}, without solutions/, the "
          "instructor edition, the checks' tests and git history; the leak scan passed")
    review = review_lines(shared)
    if review:
        print("single answer lines outside the model modules (allowed, for review):")
        for line in review:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
