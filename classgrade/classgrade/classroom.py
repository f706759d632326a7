"""Grade a class: every handed-in notebook of a folder, in parallel, into a gradebook.

``make grade DIR=submissions/`` (or ``python -m classgrade.grade submissions/``) finds the
hand-ins (``DIR/<student>.ipynb`` or ``DIR/<student>/<anything>.ipynb``), works out which
exercise notebook of the book they answer (the one most hand-ins answer, unless ``--exercises``
names it), and grades each in a process of its own (:mod:`classgrade.sandbox`), as many
at a time as there are cores. Into the output folder (``<DIR>-grades`` unless ``--out``) it
writes

- ``gradebook.csv``: one row per student and exercise (status, points, named mistake, first
  line of the feedback, review flags), and ``totals.csv``: points per student;
- ``feedback/<student>.html``: each student's feedback, readable in any browser;
- ``summary.html``: pass rate per exercise and the named mistakes the class made most, as a
  table and a bar chart;
- ``results/``: one record per hand-in, and ``seed.txt``, the seed of the hidden cases (drawn
  once per class, kept, so that a re-run grades on the same cases).

A re-run skips every hand-in whose file, official notebook, seed, limits and grading code are
unchanged. Each record is written whole or not at all (a temporary file, then a rename), and
the gradebook is rewritten from the records after each hand-in, so Ctrl-C leaves a gradebook of
the hand-ins graded so far, and the next run goes on from there. A grade already written is
replaced only when a new grade of the same hand-in is complete (after a change of the hand-in,
the exercise notebook, the seed, the limits or the grading code).
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
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

import nbformat

import robodyn
from classgrade import bwrap
from classgrade.handin import answer_cells, exercise_ids, parse_notebook
from classgrade.reports import (
    file_name,
    write_atomically,
    write_feedback,
    write_gradebook,
    write_summary,
)
from classgrade.sandbox import ISOLATIONS, Graded, Limits, fingerprint, official_points
from robodyn.errors import ParameterError

__all__ = ["HandInFile", "find_hand_ins", "grade_class", "choose_official"]

#: The book's repository (the one whose package is imported).
ROOT = Path(robodyn.__file__).resolve().parents[1]
#: The official exercise notebooks.
EXERCISES = ROOT / "exercises"
#: Seconds a hand-in's process may run beyond its notebook limit (kernel starts, judging).
MARGIN = 120.0


@dataclass(frozen=True)
class HandInFile:
    """A handed-in notebook: its path, the student's name and its key (path in the folder)."""

    path: Path
    student: str
    key: str


def find_hand_ins(folder: Path, out: Path | None = None) -> list[HandInFile]:
    """The notebooks of ``folder`` (and of its subfolders, one per student), sorted; Jupyter's
    checkpoints and the output folder left out."""
    hand_ins = []
    for path in sorted(folder.rglob("*.ipynb")):
        relative = path.relative_to(folder)
        if ".ipynb_checkpoints" in relative.parts or (
                out is not None and _inside(path, out)):
            continue
        student = relative.parts[0] if len(relative.parts) > 1 else path.stem
        hand_ins.append(HandInFile(path, student, relative.as_posix()))
    return hand_ins


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


def _answered_ids(path: Path) -> set:
    try:
        return set(answer_cells(parse_notebook(path)))
    except (OSError, ValueError, TypeError):  # an unreadable hand-in is graded as such later
        return set()


def choose_official(hand_ins: list[HandInFile]) -> tuple[Path, int]:
    """The official exercise notebook most hand-ins answer, and how many do."""
    officials = _officials()
    votes = Counter()
    for hand_in in hand_ins:
        ids = _answered_ids(hand_in.path)
        for path, wanted in officials.items():
            if ids & wanted:
                votes[path] += 1
    if not votes:
        raise ParameterError(
            "none of the notebooks answers an exercise notebook of the book (no cell carries "
            "the exercises' metadata); name the exercise notebook with --exercises")
    path, count = votes.most_common(1)[0]
    return path, count


def _record_name(key: str) -> str:
    """A hand-in's record file: its key made safe, and a hash that keeps two keys apart."""
    return f"{file_name(key)}-{hashlib.sha256(key.encode()).hexdigest()[:8]}.json"


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


def _grade_one(hand_in: HandInFile, official: Path, seed: int, rounds: int, limits: Limits,
               running: _Running, isolation: str = "bwrap", library: Path | None = None) -> dict:
    """Grade one hand-in in a process of its own, within the hard time limit.

    The process runs ``python -I`` (no current folder, no PYTHONPATH, no user site on its
    path) in a fresh folder; its error output goes to a file of which only the end is read.
    """
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rdc-") as folder:
        work_dir = Path(folder)
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


def _check_isolation(isolation: str) -> None:
    """A ParameterError unless ``isolation`` is known and, for the sandbox, this machine can
    make it (the message says why not, and what --no-sandbox means)."""
    if isolation not in ISOLATIONS:
        raise ParameterError(f"isolation must be one of {', '.join(ISOLATIONS)}, got "
                             f"{isolation!r}")
    if isolation == "bwrap" and bwrap.problem():
        raise ParameterError(
            f"cannot grade in the sandbox: {bwrap.problem()}. Grading without it (--no-sandbox) "
            "lets a hand-in read and change every file you can, and forge grades: use it "
            "only for notebooks you trust; every report will say it was used")


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


def grade_class(folder, out=None, official=None, seed: int | None = None, rounds: int = 3,
                limits: Limits | None = None, jobs: int | None = None,
                progress: bool = True, log=print, isolation: str = "bwrap") -> dict:
    """Grade every hand-in of ``folder``; see the module's docstring. Returns a summary:
    the output folder, the official notebook, how many were graded, skipped, and the records.

    Raises KeyboardInterrupt after writing the gradebook of what was graded, if interrupted.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ParameterError(f"DIR {str(folder)!r} is not a folder of handed-in notebooks")
    out = Path(out) if out is not None else folder.resolve().parent / (
        folder.resolve().name + "-grades")
    limits = limits or Limits()
    _check_isolation(isolation)
    hand_ins = find_hand_ins(folder, out)
    if not hand_ins:
        raise ParameterError(f"no notebooks (*.ipynb) in {str(folder)!r}")
    if official is None:
        official, count = choose_official(hand_ins)
        log(f"grading against {official.relative_to(ROOT) if _inside(official, ROOT) else official}"
            f" (answered by {count} of {len(hand_ins)} notebooks; --exercises to choose)")
    official = Path(official)
    if not official.is_file():
        raise ParameterError(f"exercise notebook {str(official)!r} does not exist")
    out.mkdir(parents=True, exist_ok=True)
    seed = class_seed(out, seed)
    stamp = fingerprint(official, seed, rounds, limits)
    records: dict[str, dict] = {}
    to_grade = []
    for hand_in in hand_ins:
        digest = _sha256(hand_in.path)
        kept = out / "results" / _record_name(hand_in.key)
        previous = None
        with contextlib.suppress(OSError, ValueError):
            previous = json.loads(kept.read_text(encoding="utf-8"))
        if previous and previous.get("sha256") == digest and previous.get("fingerprint") == \
                stamp:
            records[hand_in.key] = previous
        else:
            to_grade.append((hand_in, digest))
    skipped = len(records)
    if skipped:
        log(f"{skipped} notebook(s) unchanged since the last run: kept")
    jobs = jobs or max(1, os.cpu_count() or 1)
    running = _Running()
    library_folder = tempfile.TemporaryDirectory(prefix="rdl-")
    library = bwrap.copy_library(Path(library_folder.name) / "book") if isolation == "bwrap" \
        else None
    write_lock = threading.Lock()

    def write_books():
        ordered = [records[h.key] for h in hand_ins if h.key in records]
        write_gradebook(out, ordered)

    def finished(hand_in, digest, record):
        record.update(student=hand_in.student, key=hand_in.key, sha256=digest,
                      fingerprint=stamp)
        with write_lock:
            write_atomically(out / "results" / _record_name(hand_in.key),
                              json.dumps(record, indent=1))
            records[hand_in.key] = record
            write_books()

    bar = _progress(len(hand_ins), skipped, progress)
    interrupted = False
    started = time.perf_counter()
    executor = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {executor.submit(_grade_one, hand_in, official, seed, rounds, limits,
                                   running, isolation, library): (hand_in, digest)
                   for hand_in, digest in to_grade}
        for future in concurrent.futures.as_completed(futures):
            hand_in, digest = futures[future]
            try:
                record = future.result()
            except KeyboardInterrupt:
                continue
            finished(hand_in, digest, record)
            bar.update(1)
            bar.set_postfix_str(hand_in.student[:30])
    except KeyboardInterrupt:
        interrupted = True
        running.stop_all()
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
        library_folder.cleanup()
        bar.close()
    with write_lock:
        write_books()
        ordered = [records[h.key] for h in hand_ins if h.key in records]
        write_feedback(out, ordered)
        write_summary(out, ordered, official.name, seed)
    summary = {"out": out, "official": official, "graded": len(records) - skipped,
               "skipped": skipped, "total": len(hand_ins), "records": ordered,
               "seconds": time.perf_counter() - started}
    if interrupted:
        log(f"interrupted: {len(records)} of {len(hand_ins)} notebooks are in the gradebook; "
            "run the same command again to grade the rest")
        raise KeyboardInterrupt
    return summary


def _progress(total: int, done: int, shown: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, unit="notebook", desc="grading", disable=not shown,
                file=sys.stderr, dynamic_ncols=True)
