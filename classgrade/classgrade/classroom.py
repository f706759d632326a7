"""Grade a class: every handed-in notebook of a folder, in parallel, into a gradebook.

``make grade DIR=submissions/`` (or ``python -m classgrade.grade submissions/``) reads the
folder (:mod:`classgrade.submissions`: Canvas's and Moodle's downloads of all submissions and
plain ``DIR/<student>.ipynb`` or ``DIR/<student>/<anything>.ipynb``, zips unpacked, an
optional ``--roster``), works out which exercise notebook of the book each hand-in answers (by
its answer cells' metadata, else by the functions it defines; ``--exercises`` names one for
all), keeps each student's latest submission per exercise notebook, and grades each hand-in
against its own exercise notebook in a process of its own (:mod:`classgrade.sandbox`), as many
at a time as there are cores. DIR, ``--out``, ``--exercises`` and ``--roster`` may be relative
paths: they are resolved against the current folder at the start. Into the output folder
(``<DIR>-grades`` unless ``--out``) it writes

- ``gradebook.csv``: one row per hand-in and exercise (student, id, chapter, status, points,
  named mistake, first line of the feedback, review flags), ``totals.csv``: points per
  hand-in, ``grades-<exercise notebook>.csv``: one row per student and one column per
  exercise and the total, and ``canvas-<exercise notebook>.csv`` and
  ``moodle-<exercise notebook>.csv``, for Canvas's and Moodle's gradebook import (see
  :mod:`classgrade.reports`);
- ``feedback/<name>-<hash>.html``: each student's feedback, readable in any browser, one page
  per student whatever their names look like;
- ``summary.html``: pass rate per exercise and the named mistakes the class made most, as a
  table and a bar chart, and the lists of the run: files not graded (not notebooks, zips
  refused or without a notebook), earlier submissions not graded, hand-ins not on the
  roster, roster students without a hand-in (also printed);
- ``results/``: one record per hand-in, and ``seed.txt``, the seed of the hidden cases (drawn
  once per class, kept, so that a re-run grades on the same cases).

The instructor's own decisions (points set by hand in ``overrides.csv``, a late penalty) are
applied to the records at every run, in the reports only (:mod:`classgrade.adjustments`);
``student=`` grades one student's hand-ins again and keeps the others as they were.

A folder that mixes the hand-ins of several exercise notebooks is graded per notebook into
one gradebook (its ``chapter`` column says which) and one wide CSV per notebook: Canvas and
Moodle import one file per assignment, and each exercise notebook is an assignment of its own
(their bulk downloads are per assignment), while one long gradebook and one feedback page per
student keep everything of a student in one place. A hand-in that answers no exercise
notebook (unreadable, empty) is graded against the one most hand-ins answer, as "invalid
notebook".

A re-run skips every hand-in whose file, official notebook, seed, limits and grading code are
unchanged, unless its record is a failure of the grader, not a verdict on the hand-in (a
"grader error", the grading process over its hard time limit, a file that could not be read
then and can now): that hand-in is graded again. Each record is written whole or not at all
(a temporary file, then a rename), and the gradebook is rewritten from the records after each
hand-in, so Ctrl-C leaves a gradebook of the hand-ins graded so far, and the next run goes on
from there. A grade already written is replaced only when a new grade of the same hand-in is
complete (after a change of the hand-in, the exercise notebook, the seed, the limits or the
grading code).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import asdict
from pathlib import Path

import nbformat

import robodyn
from classgrade import adjustments, bwrap
from classgrade.folders import PASSABLE, temporary_folder
from classgrade.handin import answer_cells, exercise_ids, parse_notebook, top_level_functions
from classgrade.reports import (
    file_name,
    import_files,
    import_gaps,
    write_atomically,
    write_canvas_feedback,
    write_feedback,
    write_gradebook,
    write_moodle_feedback,
    write_summary,
)
from classgrade.sandbox import Graded, Limits, check_isolation, fingerprint, official_points
from classgrade.submissions import (
    HandInFile,
    Inventory,
    Roster,
    find_submissions,
    latest,
    read_roster,
)
from robodyn.core.errors import ParameterError
from robodyn.grading import keyed_exercise

__all__ = ["HandInFile", "assign_chapters", "choose_official", "find_hand_ins", "grade_class"]

#: The book's repository (the one whose package is imported).
ROOT = Path(robodyn.__file__).resolve().parents[1]
#: The official exercise notebooks.
EXERCISES = ROOT / "exercises"
#: Seconds a hand-in's process may run beyond its notebook limit (kernel starts, judging).
MARGIN = 120.0


def chapter_stems() -> tuple[str, ...]:
    """The stems of the official exercise notebooks (``04_differential_drive``, ...)."""
    return tuple(path.stem for path in sorted(EXERCISES.glob("*.ipynb")))


def find_hand_ins(folder, out=None, roster: Roster | None = None,
                  unpack_to=None) -> list[HandInFile]:
    """The notebooks of ``folder`` (and of its subfolders), sorted, with their students named
    as :func:`classgrade.submissions.find_submissions` names them; zips only with
    ``unpack_to``."""
    return find_submissions(folder, out, roster, chapter_stems(), unpack_to).hand_ins


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _officials() -> dict[Path, set]:
    found = {}
    for path in sorted(EXERCISES.glob("*.ipynb")):
        with contextlib.suppress(Exception):
            found[path] = set(exercise_ids(nbformat.read(path, as_version=4)))
    return found


def _function_names(officials: dict[Path, set]) -> dict[Path, set]:
    """The functions each official notebook's exercises ask for (by the registry)."""
    names = {}
    for path, ids in officials.items():
        names[path] = set()
        for exercise in ids:
            with contextlib.suppress(ParameterError):
                names[path].add(keyed_exercise(exercise).function_name)
    return names


def _answers(path: Path, officials: dict[Path, set], functions: dict[Path, set]) -> Path | None:
    """The official notebook a hand-in answers: the one with most of its answer cells' ids,
    else (no answer metadata: stripped by another tool) the one with most of the functions it
    defines at a cell's top level; None if it answers none, or two equally."""
    try:
        notebook = parse_notebook(path)
    except (OSError, ValueError):  # an unreadable hand-in is graded as such later
        return None
    ids = set(answer_cells(notebook))
    scores = Counter({official: len(ids & wanted) for official, wanted in officials.items()
                      if ids & wanted})
    if not scores:
        defined = set().union(*(top_level_functions(cell.source) for cell in notebook.cells
                                if cell.get("cell_type") == "code"))
        scores = Counter({official: len(defined & names)
                          for official, names in functions.items() if defined & names})
    best = scores.most_common(2)
    if not best or (len(best) == 2 and best[0][1] == best[1][1]):
        return None
    return best[0][0]


def _answered(hand_ins: list[HandInFile]) -> dict[str, Path | None]:
    officials = _officials()
    functions = _function_names(officials)
    return {hand_in.key: _answers(hand_in.path, officials, functions) for hand_in in hand_ins}


def choose_official(hand_ins: list[HandInFile]) -> tuple[Path, int]:
    """The official exercise notebook most hand-ins answer, and how many do."""
    votes = Counter(path for path in _answered(hand_ins).values() if path is not None)
    if not votes:
        raise ParameterError(
            "none of the notebooks answers an exercise notebook of the book (no cell carries "
            "the exercises' metadata, no cell defines their functions); name the exercise "
            "notebook with --exercises")
    path, count = votes.most_common(1)[0]
    return path, count


def assign_chapters(hand_ins: list[HandInFile], official=None) -> dict[str, Path]:
    """The official notebook each hand-in (by key) is graded against: ``official`` for all if
    given, else the one it answers; one that answers none goes with the one most answer.
    ParameterError if none answers any."""
    if official is not None:
        return {hand_in.key: Path(official) for hand_in in hand_ins}
    answered = _answered(hand_ins)
    votes = Counter(path for path in answered.values() if path is not None)
    if not votes:
        raise ParameterError(
            "none of the notebooks answers an exercise notebook of the book (no cell carries "
            "the exercises' metadata, no cell defines their functions); name the exercise "
            "notebook with --exercises")
    main = votes.most_common(1)[0][0]
    return {key: path or main for key, path in answered.items()}


#: The characters of a hand-in's key kept in its record's file name (a file name has at
#: most 255 bytes).
RECORD_NAME_CHARS = 120


def _record_name(key: str) -> str:
    """A hand-in's record file: its key made safe and cut to :data:`RECORD_NAME_CHARS` (a
    zip member's or a folder chain's name may be longer than a file name may be), and a hash
    of the whole key that keeps two keys apart."""
    return (f"{file_name(key)[:RECORD_NAME_CHARS]}-"
            f"{hashlib.sha256(key.encode()).hexdigest()[:8]}.json")


def class_seed(out: Path, seed: int | None) -> int:
    """The seed of the hidden cases: ``seed`` if given (and kept), else the one kept in
    ``out/seed.txt``, else a new random one (kept)."""
    path = out / "seed.txt"
    if seed is None and path.exists():
        with contextlib.suppress(ValueError):
            return int(path.read_text().strip())
    if seed is None:
        seed = secrets.randbelow(2**31)
    write_atomically(path, f"{seed}\n")
    return seed


class _Running:
    """The hand-ins' processes now running, so that Ctrl-C can stop them all."""

    def __init__(self):
        self.lock = threading.Lock()
        self.processes: dict[int, tuple[subprocess.Popen, Path]] = {}
        self.stopping = False

    def add(self, process, work_dir):
        with self.lock:
            self.processes[process.pid] = (process, work_dir)

    def remove(self, process):
        with self.lock:
            self.processes.pop(process.pid, None)

    def stop_all(self):
        with self.lock:
            self.stopping = True
            running = list(self.processes.values())
        for process, work_dir in running:
            _kill(process, work_dir)


class _CtrlC:
    """Ctrl-C, noticed however it arrives. Python raises KeyboardInterrupt wherever the main
    thread is; raised inside an object's finalizer (a temporary file's, say) it is printed as
    "Exception ignored" and lost, and the class went on to its end (seen once in a test run).
    While grading, Ctrl-C also sets a flag, which :meth:`as_completed` looks at four times a
    second. Where SIGINT is not Python's own handler (ignored in a background job), or off
    the main thread, nothing changes."""

    def __init__(self):
        self.pressed = threading.Event()
        self.previous = None
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self.previous = signal.signal(signal.SIGINT, self._pressed)

    def _pressed(self, signum, frame):
        self.pressed.set()
        raise KeyboardInterrupt

    def as_completed(self, futures):
        """The futures as they finish, as ``concurrent.futures.as_completed``; a
        KeyboardInterrupt as soon as Ctrl-C was pressed, even if its first one was lost."""
        pending = set(futures)
        while pending:
            done, pending = concurrent.futures.wait(
                pending, timeout=0.25, return_when=concurrent.futures.FIRST_COMPLETED)
            if self.pressed.is_set():
                raise KeyboardInterrupt
            yield from done

    def restore(self):
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def _kill(process: subprocess.Popen, work_dir: Path) -> None:
    """Kill a hand-in's grading process and its process group. Its kernel's sandbox dies with
    it (bubblewrap's ``--die-with-parent``, and its PID namespace takes every process of the
    sandbox along); no pid is read from a file a hand-in could have written."""
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(Exception):
        process.wait(timeout=10)


#: How much of a grading process's error output is kept for the record (its end).
STDERR_KEPT = 4000
#: The least address space a grading process gets (its own Python, nbclient, numpy, scipy
#: and sympy reach about 0.8 GB of it): its limit is the larger of this and the kernel's.
GRADER_MEMORY_FLOOR = 2 * 2**30


def _limit_memory(process: subprocess.Popen, size: int) -> None:
    """Limit the address space of the running ``process`` to ``size`` bytes (a soft limit:
    the kernel it starts sets its own), so that judging what a hand-in returned cannot take
    the grading machine's memory: beyond it an allocation fails with MemoryError, which the
    judge reports as "memory limit". Set from outside (``prlimit``) just after the start,
    not by ``preexec_fn``, which is unsafe in a process with threads such as this one; the
    process is then still importing, long before it judges anything."""
    import resource

    with contextlib.suppress(ProcessLookupError):
        resource.prlimit(process.pid, resource.RLIMIT_AS, (size, resource.RLIM_INFINITY))


def _grade_one(hand_in: HandInFile, official: Path, seed: int, rounds: int, limits: Limits,
               running: _Running, isolation: str = "bwrap", library: Path | None = None) -> dict:
    """Grade one hand-in in a process of its own, within the hard time limit and a memory
    limit (:func:`_limit_memory`).

    The process runs ``python -I`` (no current folder, no PYTHONPATH, no user site on its
    path) in a fresh folder; its error output goes to a file of which only the end is read.
    """
    started = time.perf_counter()
    # removed however deep a hand-in made it; passable for a kernel run as another user
    with temporary_folder("rdc-", mode=PASSABLE) as work_dir:
        request = {"hand_in": str(hand_in.path), "official": str(official), "seed": seed,
                   "rounds": rounds, "limits": asdict(limits), "work_dir": str(work_dir),
                   "result": str(work_dir / "result.json"), "isolation": isolation,
                   "library": str(library) if library is not None else None}
        (work_dir / "request.json").write_text(json.dumps(request), encoding="utf-8")
        if running.stopping:
            raise KeyboardInterrupt
        with open(work_dir / "stderr.txt", "w+b") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-I", "-m", "classgrade.sandbox",
                 str(work_dir / "request.json")],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr,
                start_new_session=True, cwd=str(work_dir))
            _limit_memory(process, max(int(limits.memory_bytes), GRADER_MEMORY_FLOOR))
            running.add(process, work_dir)
            hard_limit = limits.notebook_seconds + MARGIN
            try:
                process.wait(timeout=hard_limit)
                problem = "" if process.returncode == 0 else (
                    f"the grading process ended with code {process.returncode}: "
                    + _tail(stderr, STDERR_KEPT))
            except subprocess.TimeoutExpired:
                _kill(process, work_dir)
                problem = (f"timeout: the hand-in's grading ran over {hard_limit:g} s and was "
                           "stopped")
            finally:
                running.remove(process)
        if running.stopping:
            raise KeyboardInterrupt
        result = work_dir / "result.json"
        if not problem and result.exists():
            return json.loads(result.read_text(encoding="utf-8"))
    return _failed_record(hand_in, official, problem, time.perf_counter() - started)


def _tail(stream, size: int) -> str:
    """The last ``size`` bytes of a file, as text."""
    stream.seek(0, os.SEEK_END)
    stream.seek(max(0, stream.tell() - size))
    return stream.read().decode(errors="replace").strip()


def _failed_record(hand_in: HandInFile, official: Path, problem: str, seconds: float) -> dict:
    """Every exercise timed out (the hard limit) or not graded (the grader itself failed)."""
    notebook = nbformat.read(official, as_version=4)
    points = official_points(notebook)
    status = "timeout" if problem.startswith("timeout") else "grader error"
    return {"hand_in": str(hand_in.path), "official": official.name, "status": "ok",
            "message": problem, "kernel_starts": 0, "network": "", "seconds": seconds,
            "exercises": [asdict(Graded(e, status, 0.0, points.get(e, 1.0),
                                        feedback=f"{e}: {problem}"))
                          for e in exercise_ids(notebook)]}


def _sha256(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def _grader_failed(record: dict) -> bool:
    """True if a record is a failure of the grader, not a verdict on the hand-in: a grader
    error, or the grading process stopped at its hard time limit (every exercise timed out,
    no kernel counted)."""
    statuses = {entry.get("status") for entry in record.get("exercises", [])}
    return record.get("status") == "grader error" or "grader error" in statuses or (
        not record.get("kernel_starts") and "timeout" in statuses)


def _kept(previous: dict | None, path: Path, digest: str, stamp: str) -> bool:
    """True if the record of an earlier run still holds for the hand-in at ``path``: the same
    file and fingerprint, a verdict on the hand-in (:func:`_grader_failed`), and not
    "invalid notebook" for a file that reads now (say, after a run with a wrong path)."""
    if not previous or previous.get("sha256") != digest or \
            previous.get("fingerprint") != stamp or _grader_failed(previous):
        return False
    if previous.get("status") == "invalid notebook":
        try:
            parse_notebook(path)
        except (OSError, ValueError):
            return True
        return False
    return True


def _identity(hand_in: HandInFile, superseded: dict) -> dict:
    """What a record says of its student, from this run's reading of the folder."""
    who = hand_in.who
    return {"student": hand_in.student, "student_key": who.key, "student_id": who.id,
            "login": who.login, "email": who.email, "on_roster": who.on_roster,
            "layout": hand_in.layout, "late": hand_in.late,
            "superseded": [other.key for other in superseded.get(hand_in.key, [])]}


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if _inside(path, ROOT) else str(path)


def _notices(inventory: Inventory, hand_ins: list, superseded: dict, roster: Roster | None,
             chapters: dict[str, Path]) -> list[tuple[str, str, list[str]]]:
    """The lists of the run, for the summary and the console: (title, explanation, lines)."""
    not_graded = [f"{item.key}: {item.reason}" for item in inventory.not_graded]
    earlier = [f"{hand_in.student}: {other.key} (graded: {hand_in.key})"
               for hand_in in hand_ins for other in superseded.get(hand_in.key, [])]
    notices = [
        ("Files not graded", "Files of the folder that are not notebooks, and zips refused or "
         "without a notebook: nothing of them was graded.", not_graded),
        ("Earlier submissions, not graded", "Of several notebooks of one student for one "
         "exercise notebook, the latest was graded (the platform's submission id, the "
         "resubmission number, else the newest file).", earlier)]
    if roster is not None:
        notices.append(("Not on the roster", "Graded, but the roster names no such student "
                        "(by id, login, email or name).",
                        [f"{hand_in.student} ({hand_in.key})" for hand_in in hand_ins
                         if not hand_in.who.on_roster]))
        several = len(set(chapters.values())) > 1
        other_files = defaultdict(list)              # a .py, a PDF: on the student's line
        for item in inventory.not_graded:
            other_files[item.student_key].append(item.key)
        absent = []
        for stem in sorted({path.stem for path in chapters.values()}):
            present = {hand_in.who.key for hand_in in hand_ins
                       if chapters[hand_in.key].stem == stem}
            absent += [f"{entry.name} ({entry.id or entry.email or 'no id'})"
                       + (f": nothing for {stem}" if several else "")
                       + (f"; handed in, not graded: {', '.join(other_files[entry.key])}"
                          if other_files[entry.key] else "")
                       for entry in roster.entries if entry.key not in present]
        notices.append(("No hand-in", "Students of the roster without a notebook in the "
                        "folder (their rows in the wide CSV have empty points), with the files "
                        "they handed in that are not notebooks.", absent))
    return notices


def _log_notices(notices, log) -> None:
    for title, _, lines in notices:
        if lines:
            log(f"{title} ({len(lines)}):")
            for line in lines:
                log(f"  {line}")


def _log_chapters(chapters: dict[str, Path], given: bool, log) -> None:
    if given:
        return
    counts = Counter(chapters.values())
    if len(counts) == 1:
        official, count = counts.most_common(1)[0]
        log(f"grading against {_shown(official)} (answered by {count} of {len(chapters)} "
            "notebooks; --exercises to choose)")
        return
    log(f"the notebooks answer {len(counts)} exercise notebooks; each is graded against its "
        "own: " + ", ".join(f"{_shown(path)} ({count})" for path, count in
                            sorted(counts.items())))


def _roster_rows(roster: Roster | None) -> list[dict]:
    if roster is None:
        return []
    return [{"key": entry.key, "name": entry.name, "id": entry.id, "email": entry.email}
            for entry in roster.entries]


def _resolved(path) -> Path | None:
    return None if path is None else Path(path).expanduser().resolve()


def grade_class(folder, out=None, official=None, seed: int | None = None, rounds: int = 3,
                limits: Limits | None = None, jobs: int | None = None,
                progress: bool = True, log=print, isolation: str = "bwrap",
                roster=None, overrides=None,
                late_penalty: float | adjustments.LatePolicy = 0.0,
                student: str | None = None) -> dict:
    """Grade every hand-in of ``folder``; see the module's docstring. ``roster`` is the path
    of a roster CSV file (:func:`classgrade.submissions.read_roster`); ``overrides`` the path
    of an overrides file (by default ``<out>/overrides.csv`` where it exists) and
    ``late_penalty`` a :class:`~classgrade.adjustments.LatePolicy` or a percentage taken
    from hand-ins the platform marked late (:mod:`classgrade.adjustments`); ``student``
    grades that student's hand-ins again (named by name, id, login, email or file) and no
    other. Returns a summary: the output folder, the official notebook most hand-ins answer,
    the official notebook of each hand-in, how many were graded, skipped, the records, the
    files not graded and the earlier submissions.

    Raises KeyboardInterrupt after writing the gradebook of what was graded, if interrupted.
    """
    folder = _resolved(folder)
    if not folder.is_dir():
        raise ParameterError(f"DIR {str(folder)!r} is not a folder of handed-in notebooks")
    out = _resolved(out) or folder.parent / (folder.name + "-grades")
    official = _resolved(official)
    if official is not None and not official.is_file():
        raise ParameterError(f"exercise notebook {str(official)!r} does not exist")
    roster_path = _resolved(roster)
    the_roster = read_roster(roster_path) if roster_path is not None else None
    overrides_path = _resolved(overrides)
    if overrides_path is None and (out / "overrides.csv").is_file():
        overrides_path = out / "overrides.csv"
    decisions = (adjustments.read_overrides(overrides_path) if overrides_path else [],
                 late_penalty if isinstance(late_penalty, adjustments.LatePolicy)
                 else adjustments.LatePolicy(flat=late_penalty))
    if student is not None and not str(student).strip():
        raise ParameterError("STUDENT (--student) is empty: name the student to grade again")
    limits = limits or Limits()
    check_isolation(isolation)
    with tempfile.TemporaryDirectory(prefix="rdz-") as unpacked:
        inventory = find_submissions(folder, out, the_roster, chapter_stems(), unpacked,
                                     leave_out=[path for path in (roster_path, overrides_path)
                                                if path])
        if not inventory.hand_ins:
            others = f" ({len(inventory.not_graded)} other files)" if inventory.not_graded \
                else ""
            raise ParameterError(f"no notebooks (*.ipynb) in {str(folder)!r}{others}")
        chapters = assign_chapters(inventory.hand_ins, official)
        _log_chapters(chapters, official is not None, log)
        hand_ins, superseded = latest(inventory.hand_ins,
                                      group=lambda h: (h.who.key, chapters[h.key]))
        hand_ins.sort(key=lambda h: chapters[h.key].name)   # by chapter, then by path
        notices = _notices(inventory, hand_ins, superseded, the_roster, chapters)
        _log_notices(notices, log)
        if student is not None and not any(_is(hand_in, student) for hand_in in hand_ins):
            raise ParameterError(f"no hand-in of the folder is {student!r}'s (STUDENT is "
                                 "matched against each hand-in's name, id, login, email and "
                                 "file)")
        return _grade_all(hand_ins, chapters, superseded, notices, out, seed, rounds, limits,
                          jobs, progress, log, isolation, _roster_rows(the_roster),
                          decisions, student)


def _is(hand_in: HandInFile, student: str) -> bool:
    """Whether ``student`` names the student of ``hand_in`` (any case)."""
    who = hand_in.who
    names = {hand_in.student, who.id, who.login, who.email, hand_in.key}
    return student.strip().casefold() in {name.casefold() for name in names if name}


def _grade_all(hand_ins, chapters, superseded, notices, out, seed, rounds, limits, jobs,
               progress, log, isolation, roster_rows, decisions=None,
               student=None) -> dict:
    """Grade ``hand_ins`` (each against ``chapters[key]``) into ``out``: see grade_class."""
    decisions = decisions or ([], adjustments.LatePolicy())
    out.mkdir(parents=True, exist_ok=True)
    seed = class_seed(out, seed)
    stamps = {path: fingerprint(path, seed, rounds, limits) for path in set(chapters.values())}
    records: dict[str, dict] = {}
    to_grade = []
    for hand_in in hand_ins:
        digest = _sha256(hand_in.path)
        stamp = stamps[chapters[hand_in.key]]
        previous = None
        with contextlib.suppress(OSError, ValueError):
            previous = json.loads((out / "results" / _record_name(hand_in.key)).read_text(
                encoding="utf-8"))
        if student is not None and not _is(hand_in, student):
            # another student's: as the last run left it (not graded now, even if changed)
            if previous is not None:
                records[hand_in.key] = {**previous, **_identity(hand_in, superseded)}
            else:
                log(f"{hand_in.student} ({hand_in.key}): not graded yet; a run without "
                    "STUDENT grades it")
        elif student is None and _kept(previous, hand_in.path, digest, stamp):
            records[hand_in.key] = {**previous, **_identity(hand_in, superseded)}
        else:
            to_grade.append((hand_in, digest))
    skipped = len(records)
    if skipped:
        log(f"{skipped} notebook(s) kept as the last run graded them" if student is not None
            else f"{skipped} notebook(s) unchanged since the last run: kept")
    jobs = jobs or max(1, os.cpu_count() or 1)
    running = _Running()
    library_folder = tempfile.TemporaryDirectory(prefix="rdl-")
    library = bwrap.copy_library(Path(library_folder.name) / "book") if isolation == "bwrap" \
        else None
    write_lock = threading.Lock()

    def adjusted():
        """The records in the folder's order, with the instructor's decisions applied."""
        return adjustments.apply([records[h.key] for h in hand_ins if h.key in records],
                                 *decisions)

    def write_books():
        write_gradebook(out, adjusted()[0], roster_rows)

    def finished(hand_in, digest, record):
        record.update(_identity(hand_in, superseded), key=hand_in.key, sha256=digest,
                      fingerprint=stamps[chapters[hand_in.key]])
        with write_lock:
            write_atomically(out / "results" / _record_name(hand_in.key),
                             json.dumps(record, indent=1))
            records[hand_in.key] = record
            write_books()

    bar = _progress(len(hand_ins), skipped, progress)
    interrupted = False
    started = time.perf_counter()
    executor = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    ctrl_c = _CtrlC()
    try:
        futures = {executor.submit(_grade_one, hand_in, chapters[hand_in.key], seed, rounds,
                                   limits, running, isolation, library): (hand_in, digest)
                   for hand_in, digest in to_grade}
        for future in ctrl_c.as_completed(futures):
            hand_in, digest = futures[future]
            try:
                record = future.result()
            except KeyboardInterrupt:
                continue
            except Exception as error:  # noqa: BLE001 - the grader failed on this hand-in alone
                problem = (f"the grader failed on this hand-in ({type(error).__name__}: "
                           f"{str(error)[:300]}); grade it again with the same command")
                log(f"{hand_in.student} ({hand_in.path.name}): {problem}")
                record = _failed_record(hand_in, chapters[hand_in.key], problem, 0.0)
            finished(hand_in, digest, record)
            bar.update(1)
            bar.set_postfix_str(hand_in.student[:30])
    except KeyboardInterrupt:
        interrupted = True
        running.stop_all()
    finally:
        ctrl_c.restore()
        executor.shutdown(wait=True, cancel_futures=True)
        library_folder.cleanup()
        bar.close()
    with write_lock:
        write_books()
        ordered, not_applied = adjusted()
        gaps = import_gaps(ordered)
        notices = [*notices, ("Overrides not applied", "Lines of the overrides file that "
                              "changed no grade.", not_applied),
                   ("No submission time", "Hand-ins that the submission-times file has no "
                    "time for: no late penalty was applied to them.",
                    decisions[1].without_times(ordered)),
                   ("Not in an import file", "Graded students that the Canvas or the Moodle "
                    "import file has no row for, for want of what the platform finds a "
                    "student by: Canvas the Canvas user id (of its download's file names, "
                    "or a roster's id), Moodle the email (a roster's). Enter their grades "
                    "by hand, or grade again with a roster.", gaps)]
        _log_notices(notices[-3:-1], log)
        if gaps:
            log(f"{len(gaps)} graded student(s) not in an import file: see the summary")
        write_feedback(out, ordered)
        feedback_zips, not_in_canvas_zip = [], []
        for chapter in sorted(set(chapters.values())):
            own = [record for record in ordered
                   if Path(str(record.get("official", ""))).stem == chapter.stem]
            canvas_zip, left_out = write_canvas_feedback(out, chapter.stem, own)
            feedback_zips += [write_moodle_feedback(out, chapter.stem, own), canvas_zip]
            not_in_canvas_zip += left_out
        if not_in_canvas_zip:
            notices.append(("Not in the Canvas feedback zip", "Canvas hand-ins whose notebook "
                            "could not be given back with its feedback written in: send "
                            "these students their page from feedback/.", not_in_canvas_zip))
            _log_notices(notices[-1:], log)
        names = sorted({path.name for path in chapters.values()})
        write_summary(out, ordered, ", ".join(names), seed, notices)
    main = Counter(chapters[h.key] for h in hand_ins).most_common(1)[0][0]
    summary = {"out": out, "official": main, "chapters": {h.key: chapters[h.key]
                                                         for h in hand_ins},
               "graded": len(records) - skipped, "skipped": skipped, "total": len(hand_ins),
               "records": ordered, "seconds": time.perf_counter() - started,
               "notices": notices,
               "wide": sorted(out / f"grades-{file_name(path.stem)}.csv"
                              for path in set(chapters.values())),
               "imports": sorted(path for chapter in set(chapters.values())
                                 for path in import_files(out, chapter.stem)),
               "feedback_zips": [path for path in feedback_zips if path is not None]}
    if interrupted:
        log(f"interrupted: {len(records)} of {len(hand_ins)} notebooks are in the gradebook; "
            "run the same command again to grade the rest")
        raise KeyboardInterrupt
    return summary


def _progress(total: int, done: int, shown: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, unit="notebook", desc="grading", disable=not shown,
                file=sys.stderr, dynamic_ncols=True)
