"""A Gradescope autograder for one exercise notebook: the bundle, and the grading inside it.

``make gradescope NB=exercises/04_differential_drive.ipynb`` (:func:`build_bundle`) writes
``_build/gradescope/04_differential_drive.zip``, which an instructor uploads as a programming
assignment's autograder. It follows Gradescope's autograder specification: at the root of the
zip, ``setup.sh`` (run once, as root, when Gradescope builds the autograder's Ubuntu image: it
installs Python 3.11 or newer, bubblewrap, and the two packages grading needs, ``robodyn`` and
``classgrade``, with their own dependencies only, at the versions of ``constraints.txt``: no
book build, browser, MuJoCo or test tools, about a fifth of the book's environment) and
``run_autograder`` (run for each submission); beside them what these need: the book's package
``robodyn``, this package, the official exercise notebook, ``constraints.txt`` of the book, and
``gradescope.json``, the bundle's settings: the notebook, the seed of the hidden cases (drawn
when the bundle is built, so that every student gets the same cases; ``--seed`` to choose it),
the rounds of random cases and the limits.

Gradescope unpacks the zip into ``/autograder/source`` and puts each student's submission into
``/autograder/submission``; ``run_autograder`` grades the notebook found there
(:func:`classgrade.sandbox.grade_hand_in`, as ``make grade`` grades each hand-in of a class) and
writes ``/autograder/results/results.json`` (:func:`run`): ``score``, one test per exercise
(``name``, ``number``, ``score``, ``max_score``, ``status``, ``output``: the feedback),
``output`` for the whole submission, ``visibility`` and ``stdout_visibility``. Gradescope runs
each submission in a container of its own, which may not let bubblewrap make its namespaces;
the kernel then runs without the sandbox (with the limits of :mod:`classgrade.confine` only),
and the results' output says which of the two graded it. Whatever the submission is (no
notebook, several, a file that is not a notebook, an answer that crashes the kernel) and even
if the grader fails, a results file says what happened; the details of a grader's failure go to
the standard output, which Gradescope shows to instructors only.

``AUTOGRADER_ROOT`` moves ``/autograder`` (the test runs ``run_autograder`` in a temporary
folder laid out alike); ``AUTOGRADER_PYTHON`` chooses the Python that ``run_autograder`` runs
(``setup.sh``'s virtual environment by default).

Command line::

    python -m classgrade.gradescope build exercises/04_differential_drive.ipynb \\
        [--out _build/gradescope] [--seed N] [--rounds N]
    python -m classgrade.gradescope run        # what run_autograder calls
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
import time
import traceback
import zipfile
from dataclasses import asdict
from pathlib import Path

import nbformat

import robodyn
from classgrade.folders import PASSABLE, temporary_folder
from classgrade.reports import write_atomically, written_whole
from robodyn.core.errors import ParameterError

__all__ = ["LIMITS", "ROOT_VARIABLE", "SETTINGS", "build_bundle", "main", "results_for", "run"]

#: The environment variable that moves Gradescope's ``/autograder`` (for a test).
ROOT_VARIABLE = "AUTOGRADER_ROOT"
#: Gradescope's folder.
DEFAULT_ROOT = "/autograder"
#: The bundle's settings, beside ``run_autograder`` in ``source/``.
SETTINGS = "gradescope.json"
#: The limits of a submission's grading in seconds and bytes (see classgrade.sandbox.Limits):
#: five minutes for the notebook, within Gradescope's default time-out of ten.
LIMITS = {"exercise_seconds": 60.0, "notebook_seconds": 300.0, "memory_bytes": 4 * 2**30,
          "output_bytes": 2**20}
#: The book's files the bundle ships, relative to the repository (the packages' folders are
#: added file by file, without compiled files).
BOOK_FILES = ("constraints.txt", "pyproject.toml", "README.md", "LICENSE",
              "classgrade/pyproject.toml", "classgrade/README.md")
PACKAGES = ("robodyn", "classgrade/classgrade")
#: Left out of the packages' folders.
LEFT_OUT = ("__pycache__", ".ipynb_checkpoints")
LEFT_OUT_SUFFIXES = (".pyc", ".pyo", ".nbi", ".nbc")
_EXERCISE_HEADING = re.compile(r"^#+\s*(Exercise\s+(\d+\.\d+)[^\n]*)", re.MULTILINE)
_WEIGHT = re.compile(r"\s*\(\d+(\.\d+)? points?\)\s*$")

SETUP_SH = r"""#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu 22.04 or
# 24.04). It installs Python 3.11 or newer and bubblewrap (the grading sandbox, used where the
# container lets it make namespaces), makes a virtual environment in /autograder/venv, and
# installs into it the two packages grading needs, robodyn (the book's) and classgrade, with
# their own dependencies at the versions of constraints.txt: not the book's whole
# requirements.txt (its build, browser, MuJoCo and test tools are not needed to grade, and
# some of its pins want a newer Python than Debian 12's 3.11.2 or Ubuntu 22.04's 3.11.0).
set -euo pipefail
SOURCE=/autograder/source
VENV=/autograder/venv
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3 python3-venv python3-pip bubblewrap
PYTHON=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    # Ubuntu 22.04 comes with Python 3.10; its archive has 3.11 as well
    apt-get install -y --no-install-recommends python3.11 python3.11-venv
    PYTHON=python3.11
fi
"$PYTHON" -m venv "$VENV"
cd "$SOURCE"
"$VENV/bin/python" -m pip install --upgrade pip
"$VENV/bin/python" -m pip install -c constraints.txt ./ ./classgrade
# as the book's Makefile does: it slows every import of nbformat and is not needed
"$VENV/bin/python" -m pip uninstall --yes rfc3987-syntax || true
chmod +x "$SOURCE/run_autograder"
# Where the container refuses bubblewrap's namespaces, the submission's kernel runs as the
# unprivileged user nobody (classgrade.confine); closed to it: this bundle (the package's
# sources with its checks) and the installed package's checks, the exercises' references
# (-I: the installed package, not the bundle's copy in this folder).
CHECKS=$("$VENV/bin/python" -I -c \
    'import pathlib, robodyn; print(pathlib.Path(robodyn.__file__).parent / "checks")')
chmod -R go-rwx "$SOURCE" "$CHECKS"
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this for each submission, as root, in /autograder: it grades the notebook in
# /autograder/submission against the bundled exercise notebook and writes
# /autograder/results/results.json (python -m classgrade.gradescope run). AUTOGRADER_ROOT
# moves /autograder (for a test); AUTOGRADER_PYTHON chooses the Python (setup.sh's virtual
# environment by default).
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${AUTOGRADER_PYTHON:-/autograder/venv/bin/python}"
export AUTOGRADER_ROOT="$ROOT"
cd "$ROOT" || exit 1
# Only the grader's own results count: none left from before, and none that the submission's
# code wrote (without the sandbox it runs with the grader's rights) and then stopped the
# grader before it wrote its own. The grader exits 0 once it has written them, whatever the
# grades; any other end means the file, if there is one, is not its.
rm -f "$ROOT/results/results.json"
"$PYTHON" -I -m classgrade.gradescope run
code=$?
if [ "$code" -ne 0 ] || [ ! -s "$ROOT/results/results.json" ]; then
    # the grader could not start (no Python, a package missing) or was stopped: say so
    mkdir -p "$ROOT/results"
    rm -f "$ROOT/results/results.json"
    {
        printf '{"score": 0, "output_format": "text", "visibility": "visible",'
        printf ' "stdout_visibility": "hidden", "tests": [], "output": "The autograder'
        printf ' could not start (exit code %s) or was stopped before it wrote its' "$code"
        printf ' results, so this submission is not graded yet. Please tell your'
        printf ' instructor."}\n'
    } > "$ROOT/results/results.json"
fi
exit 0
"""


# --------------------------------------------------------------------------- the bundle


def _book_root() -> Path:
    root = Path(robodyn.__file__).resolve().parent.parent
    if not (root / "pyproject.toml").is_file() or not (root / "classgrade").is_dir():
        raise ParameterError(f"a Gradescope bundle is built from the book's repository, with "
                             f"the packages' sources; {root} is not one")
    return root


def _package_files(root: Path):
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*")):
            relative = path.relative_to(root)
            if path.is_file() and not set(relative.parts) & set(LEFT_OUT) and \
                    path.suffix not in LEFT_OUT_SUFFIXES:
                yield relative.as_posix(), path


def _check_official(official: Path) -> nbformat.NotebookNode:
    """The official exercise notebook, read; a ParameterError if it is not one, or if a check
    cell has no points (Gradescope's maximum is their sum)."""
    from classgrade.handin import exercise_ids
    from robodyn.grading import cell_points

    if not official.is_file():
        raise ParameterError(f"the exercise notebook {official} is not a file")
    try:
        notebook = nbformat.read(official, as_version=4)
    except Exception as error:  # noqa: BLE001 - any unreadable file is the same mistake
        raise ParameterError(f"{official} is not a readable notebook: {error}") from None
    if not exercise_ids(notebook):
        raise ParameterError(f"{official} has no check cells: give an exercise notebook of "
                             f"exercises/, made by `make exercises`")
    cell_points(notebook)
    return notebook


def build_bundle(official, out_dir, seed: int | None = None, rounds: int = 3) -> Path:
    """Write the Gradescope bundle of the exercise notebook ``official`` into ``out_dir``;
    return the zip's path, ``<out_dir>/<stem>.zip``.

    ``seed`` is the seed of the hidden cases (drawn at random if None) and ``rounds`` the
    number of draws of random cases; both are fixed in the bundle's ``gradescope.json``.
    """
    official, out_dir = Path(official).resolve(), Path(out_dir)
    notebook = _check_official(official)
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ParameterError(f"seed must be a whole number >= 0, got {seed!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ParameterError(f"rounds must be a positive whole number, got {rounds!r}")
    from robodyn.grading import cell_points

    root = _book_root()
    settings = {"exercises": f"exercises/{official.name}", "seed": seed, "rounds": rounds,
                "limits": LIMITS, "points": cell_points(notebook),
                "built": time.strftime("%Y-%m-%d %H:%M:%S %z")}
    target = out_dir / f"{official.stem}.zip"
    # Whole or not at all (written_whole makes out_dir too): a missing book file or Ctrl-C
    # leaves no half bundle.
    with written_whole(target) as temporary, \
            zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as bundle:
        _add_text(bundle, "setup.sh", SETUP_SH, executable=True)
        _add_text(bundle, "run_autograder", RUN_AUTOGRADER, executable=True)
        _add_text(bundle, SETTINGS, json.dumps(settings, indent=1) + "\n")
        for name in BOOK_FILES:
            bundle.write(root / name, name)
        for name, path in _package_files(root):
            bundle.write(path, name)
        bundle.write(official, settings["exercises"])
    return target


def _add_text(bundle: zipfile.ZipFile, name: str, text: str, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, date_time=time.localtime()[:6])
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    bundle.writestr(info, text)


# --------------------------------------------------------------------------- one submission


def _titles(official: nbformat.NotebookNode) -> dict[str, tuple[str, str]]:
    """Per exercise id, its number and heading ("4.1", "Exercise 4.1: forward kinematics"),
    from the heading above its check cell (without the weight the heading shows)."""
    titles, current = {}, ("", "")
    for cell in official.cells:
        role = cell.get("metadata", {}).get("robodyn", {})
        if cell.cell_type == "markdown":
            found = _EXERCISE_HEADING.findall(cell.source)
            if found:
                current = (found[-1][1], _WEIGHT.sub("", found[-1][0]).strip())
        elif isinstance(role, dict) and role.get("role") == "check":
            titles[role.get("exercise")] = current
    return titles


def _submitted(folder: Path, official_name: str) -> tuple[Path | None, str]:
    """The submission's notebook, or None and why there is none to grade."""
    files = sorted(path for path in folder.rglob("*") if path.is_file()
                   and not any(part.startswith(".") or part == "__MACOSX"
                               for part in path.relative_to(folder).parts)) \
        if folder.is_dir() else []
    notebooks = [path for path in files if path.suffix.lower() == ".ipynb"]
    named = [path for path in notebooks if path.name == official_name]
    if len(named) == 1:
        return named[0], ""
    if len(notebooks) == 1:
        return notebooks[0], ""
    shown = ", ".join(path.relative_to(folder).as_posix() for path in files[:10]) or "nothing"
    if notebooks:
        return None, (f"the submission holds {len(notebooks)} notebooks ({shown}) and none is "
                      f"named {official_name}: hand in only your {official_name}")
    return None, (f"the submission holds no notebook (it holds {shown}): hand in your "
                  f"{official_name}, the exercise notebook with your answers")


def _isolation() -> tuple[str, str]:
    """("bwrap", "") where bubblewrap can make its sandbox here, else ("none", why not)."""
    from classgrade.bwrap import problem

    why = problem()
    return ("none", why) if why else ("bwrap", "")


def _isolation_sentence(why: str, kernel_user: str) -> str:
    """What the results say of the grading's isolation: in the sandbox, or not (``why``
    bubblewrap could not run), and then as which user (:mod:`classgrade.confine`)."""
    if not why:
        return ("Graded in a bubblewrap sandbox: your answers ran in a kernel with no "
                "network and no access to the autograder's files.")
    return ("Graded without a sandbox (bubblewrap cannot run in this container: "
            f"{why}); your answers ran in a kernel with limits on time, memory and output"
            + (", as an unprivileged user." if kernel_user else " only."))


def results_for(record: dict | None, official: nbformat.NotebookNode, *,
                overall: list[str], seconds: float) -> dict:
    """Gradescope's results of a graded record (:func:`classgrade.sandbox.grade_hand_in`), or
    of none (``record`` None: every exercise 0 points, ``overall`` says why).

    One test per exercise of ``official``, in its order: ``name``, ``number``, ``score``,
    ``max_score``, ``status`` ("passed" or "failed"), ``output`` (the feedback) and
    ``visibility``; ``score`` the sum of the tests' scores.
    """
    from classgrade.handin import exercise_ids
    from robodyn.grading import cell_points

    titles = _titles(official)
    maxima = cell_points(official)
    entries = {entry["exercise"]: entry for entry in (record or {}).get("exercises", [])}
    tests = []
    for exercise_id in exercise_ids(official):
        number, title = titles.get(exercise_id, ("", ""))
        entry = entries.get(exercise_id)
        if entry is None:
            score, status, output = 0.0, "failed", f"{exercise_id}: not graded: {overall[0]}"
        else:
            score = float(entry["points"])
            status = "passed" if entry["status"] == "passed" else "failed"
            output = "\n\n".join([entry["feedback"].strip() or entry["status"],
                                  *(f"Note: {note}" for note in entry.get("notes", []))])
        test = {"name": f"{title} ({exercise_id})" if title else exercise_id,
                "score": score, "max_score": float(maxima[exercise_id]), "status": status,
                "output": output, "output_format": "text", "visibility": "visible"}
        if number:
            test["number"] = number
        tests.append(test)
    score = round(sum(test["score"] for test in tests), 2)
    total = sum(test["max_score"] for test in tests)
    extra = {}
    if record is not None:
        extra = {"status": record.get("status"), "isolation": record.get("isolation", ""),
                 "exercises": {entry["exercise"]: {key: entry.get(key) for key in
                                                   ("status", "mistake", "flags")}
                               for entry in record.get("exercises", [])}}
    return {"score": score, "execution_time": round(seconds),
            "output": "\n\n".join([f"{score:g} of {total:g} points.", *overall]),
            "output_format": "text", "test_output_format": "text", "test_name_format": "text",
            "visibility": "visible", "stdout_visibility": "hidden", "extra_data": extra,
            "tests": tests}


def run(root=None) -> dict:
    """Grade the submission in ``<root>/submission`` with the bundle in ``<root>/source``
    and write ``<root>/results/results.json``; return the results. ``root`` is
    ``$AUTOGRADER_ROOT``, else ``/autograder``. Nothing raises: a failure of the grader gives
    results that say so (and its traceback on the standard output)."""
    started = time.perf_counter()
    root = Path(root or os.environ.get(ROOT_VARIABLE) or DEFAULT_ROOT)
    results_path = root / "results" / "results.json"
    official = None
    try:
        settings = json.loads((root / "source" / SETTINGS).read_text(encoding="utf-8"))
        official_path = root / "source" / settings["exercises"]
        official = nbformat.read(official_path, as_version=4)
        results = _grade_submission(root, settings, official_path, official, started)
    except Exception as error:  # noqa: BLE001 - the student gets results, the instructor why
        print("The grader failed:", file=sys.stdout)
        traceback.print_exc(file=sys.stdout)
        overall = ["The autograder failed on this submission "
                   f"({type(error).__name__}), so it is not graded yet; your instructor can "
                   "see why in the autograder's output. Please tell them."]
        try:
            results = results_for(None, official, overall=overall,
                                  seconds=time.perf_counter() - started)
        except Exception:  # noqa: BLE001 - not even the notebook's exercises are known
            results = {"score": 0.0, "output": overall[0], "output_format": "text",
                       "visibility": "visible", "stdout_visibility": "hidden", "tests": []}
    write_atomically(results_path, json.dumps(results, indent=1) + "\n")
    print(f"score {results['score']:g}; results in {results_path}")
    return results


def _grade_submission(root: Path, settings: dict, official_path: Path,
                      official: nbformat.NotebookNode, started: float) -> dict:
    from classgrade.sandbox import Limits, grade_hand_in

    hand_in, why = _submitted(root / "submission", official_path.name)
    if hand_in is None:
        print(f"nothing graded: {why}")
        return results_for(None, official, overall=[why[0].upper() + why[1:] + "."],
                           seconds=time.perf_counter() - started)
    isolation, why = _isolation()
    limits = Limits(**settings["limits"])
    print(f"grading {hand_in} against {official_path.name} with seed {settings['seed']}, "
          f"{settings['rounds']} rounds, isolation {isolation!r}, limits {asdict(limits)}")
    # removed however deep the answers made it; passable for a kernel run as another user
    with temporary_folder("gs-", mode=PASSABLE) as work_dir:
        record = grade_hand_in(hand_in, official_path, int(settings["seed"]),
                               int(settings["rounds"]), limits, work_dir=work_dir,
                               isolation=isolation)
    overall = [f"Graded {hand_in.name} against {official_path.name} on hidden cases (the "
               "fixed cases of the notebook's checks and new random ones)."]
    if record["status"] != "ok":
        overall.append(f"Your hand-in could not be graded: {record['message']}")
    overall.append(_isolation_sentence(why, record.get("kernel_user", "")))
    for entry in record["exercises"]:
        print(f"  {entry['exercise']}: {entry['status']} {entry['points']:g}/"
              f"{entry['max_points']:g} {entry['mistake']} {'; '.join(entry['flags'])}")
    return results_for(record, official, overall=overall,
                       seconds=time.perf_counter() - started)


# --------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    """``build`` a bundle or ``run`` the grading of a submission (see the module docstring).
    Exit code 0 when done, 2 for a mistake in the command."""
    from classgrade.grade import _non_negative_int, _positive

    parser = argparse.ArgumentParser(prog="python -m classgrade.gradescope",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="write the autograder bundle of an exercise "
                                              "notebook")
    build.add_argument("notebook", type=Path, help="the official exercise notebook")
    build.add_argument("--out", type=Path, default=Path("_build") / "gradescope")
    build.add_argument("--seed", type=_non_negative_int, default=None,
                       help="seed of the hidden cases (drawn at random by default)")
    build.add_argument("--rounds", type=_positive(int), default=3)
    commands.add_parser("run", help="grade /autograder/submission (what run_autograder does)")
    args = parser.parse_args(argv)
    if args.command == "run":
        run()
        return 0
    try:
        path = build_bundle(args.notebook, args.out, args.seed, args.rounds)
    except ParameterError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    with zipfile.ZipFile(path) as bundle:
        settings = json.loads(bundle.read(SETTINGS))
    print(f"wrote {path}: upload it as the autograder of a Gradescope programming assignment "
          f"worth {sum(settings['points'].values()):g} points (seed {settings['seed']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
