"""Run exercise notebooks and print, per notebook, which exercise passed, failed or was not tried.

Command line (``make check NB=...`` calls it)::

    python -m classgrade.checknb exercises/04_differential_drive.ipynb
    python -m classgrade.checknb hand-ins/            # every notebook in a folder
    python -m classgrade.checknb --cell-timeout 20 --notebook-timeout 300 hand-ins/

Options:

``--cell-timeout SECONDS`` (also ``--timeout``)
    How long one cell may run; 90 s by default. A cell that runs longer is interrupted, like
    the stop button in Jupyter, and the run goes on with the next cell. A check cell stops a
    slow answer itself after 60 s, in Jupyter as here, and says "timed out" (the extra 30 s
    let its message arrive). If the kernel does not
    stop within 5 s of the interrupt, it is shut down and the rest of the notebook is not run.
``--notebook-timeout SECONDS``
    How long the cells of one notebook may run in all; 600 s by default (starting the kernel
    is not counted). When it runs out, the running cell is stopped and the rest is not run.

Each notebook runs top to bottom in a fresh kernel, in its own folder, with errors allowed, so
one failing exercise does not hide the others; its file is not changed. The kernel talks over
local sockets in a temporary folder, not TCP.

A check cell is a code cell that calls ``grading.check("<exercise id>", ...)``. Its status
comes from the structured result the check publishes (:mod:`robodyn.grading.results`), or
from what the runner saw: the exercise timed out, the kernel died, the cell was not run, or
the check cell ran without publishing a result. The nearest Markdown heading above a cell
(``## Exercise 4.3: ...``) names it in the messages, and a timeout or a dead kernel counts
against the first check cell under the same heading.

The table of each notebook is printed as soon as it is done. A file that is not a valid
notebook gets one line and the run goes on. Ctrl-C stops at once: the kernel is shut down
and the exit code is 130. Otherwise the exit code is 0 when every exercise of every notebook
passed, and 1 when not (or when no notebook or no check cell was found).

The results are what the student's own kernel reports: a progress report, not a grade. To
grade a class, use ``make grade`` (:mod:`classgrade.grade`), which keeps its cases and
checks out of the students' code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from classgrade.folders import temporary_folder
from robodyn.core.errors import ParameterError
from robodyn.grading import CHECK_CALL, cell_points
from robodyn.grading.calls import TIME_LIMIT
from robodyn.grading.results import results_in

#: A check call in a code cell; its group is the exercise id.
#: A Markdown heading line; its group is the heading's text.
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
#: An exercise heading's text, e.g. "Exercise 4.3: turning radius"; its group is "4.3".
EXERCISE_HEADING = re.compile(r"^Exercise\s+(\w[\w.\-]*?)\.?(?::|\s|$)", re.IGNORECASE)

#: Seconds, default of --cell-timeout: a check stops an answer itself after
#: robodyn.grading.calls.TIME_LIMIT (60 s) and says "timed out", as it does in Jupyter; the
#: margin lets that message arrive before this limit interrupts the cell.
CELL_TIMEOUT = TIME_LIMIT + 30.0
NOTEBOOK_TIMEOUT = 600.0  # seconds, default of --notebook-timeout
INTERRUPT_WAIT = 5.0  # seconds a timed-out cell gets to stop after the interrupt
KERNEL_START_TIMEOUT = 60  # seconds the kernel gets to start and answer

#: The order of the statuses in a table's summary line.
STATUS_ORDER = ("passed", "failed", "not attempted", "timed out", "kernel died", "not run",
                "no result")

# nbclient and jupyter_client log a dead or slow kernel as errors; the table reports those,
# so their own messages are not shown.
_QUIET = logging.getLogger("classgrade.checknb.kernel")
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False


class NotebookProblem(Exception):
    """A notebook could not be checked at all (the message says why); the run goes on."""


@dataclass(frozen=True)
class ExerciseResult:
    """One row of the table: a check's exercise id, its status and one line of feedback.

    ``status`` is passed, failed or not attempted (the check's own result), or timed out,
    kernel died, not run or no result (what the runner saw).
    """

    exercise_id: str
    status: str
    feedback: str
    credit: float = 0.0


@dataclass(frozen=True)
class CellProblem:
    """What the runner saw go wrong in one cell: ``status`` is "timed out" or "kernel died"."""

    status: str
    message: str


@dataclass
class RunLog:
    """What the runner saw: problems by cell index, and where and why the run stopped early.

    The cells from index ``stopped_at`` on did not run, because of ``stop_reason``.
    """

    problems: dict[int, CellProblem] = field(default_factory=dict)
    stopped_at: int | None = None
    stop_reason: str = ""


@dataclass
class NotebookRun:
    """An executed notebook and what the runner saw while executing it."""

    notebook: nbformat.NotebookNode
    log: RunLog


# ------------------------------------------------------------------ where a cell is


def _check_ids(cell) -> list[str]:
    """The exercise ids of the check calls in a code cell, in order (none for other cells)."""
    if cell.cell_type != "code":
        return []
    return CHECK_CALL.findall(cell.source)


def _sections(notebook) -> list[int]:
    """For each cell, the index of the nearest Markdown cell above or at it with a heading.

    -1 for the cells above the first heading.
    """
    sections, current = [], -1
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown" and HEADING.search(cell.source):
            current = index
        sections.append(current)
    return sections


def _where(notebook, index: int) -> str:
    """How messages name cell ``index``: "exercise 4.3" under an exercise heading, else "cell 5".

    Cells are numbered from 1, Markdown cells included.
    """
    section = _sections(notebook)[index]
    if section >= 0:
        heading = HEADING.findall(notebook.cells[section].source)[-1]
        match = EXERCISE_HEADING.match(heading)
        if match:
            return f"exercise {match.group(1)}"
    return f"cell {index + 1}"


def _check_cell_of(notebook, index: int) -> int | None:
    """The check cell a problem in cell ``index`` counts against, or None.

    It is the first check cell at or below ``index`` under the same heading.
    """
    sections = _sections(notebook)
    for later in range(index, len(notebook.cells)):
        if sections[later] != sections[index]:
            return None
        if _check_ids(notebook.cells[later]):
            return later
    return None


# ------------------------------------------------------------------ reading results


def _feedback(result) -> str:
    """A check result's summary without the exercise id it starts with (the row names it)."""
    summary = result.summary.strip()
    for prefix in (f"PASSED {result.exercise_id}:", f"{result.exercise_id}:"):
        if summary.startswith(prefix):
            summary = summary[len(prefix):].strip()
            break
    return "" if summary == result.status else summary


def _first_line(text: str) -> str:
    for line in str(text).strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def _row(exercise_id, cell, index, published, problem, log) -> ExerciseResult:
    """The table row of one check call; see :func:`results_of`."""
    if problem is not None:
        return ExerciseResult(exercise_id, problem.status, problem.message)
    if log.stopped_at is not None and index >= log.stopped_at:
        return ExerciseResult(exercise_id, "not run", f"not run: {log.stop_reason}")
    if exercise_id in published:
        result = published[exercise_id]
        return ExerciseResult(exercise_id, result.status, _feedback(result), result.credit)
    outputs = cell.get("outputs", [])
    if cell.get("execution_count") is None and not outputs:
        return ExerciseResult(exercise_id, "not run", "the check cell was not run")
    errors = [output for output in outputs if output.get("output_type") == "error"]
    if errors:
        error = errors[0]
        return ExerciseResult(
            exercise_id, "no result",
            f"the check cell stopped with {error.get('ename')}: "
            f"{_first_line(error.get('evalue', ''))} before any check result")
    return ExerciseResult(exercise_id, "no result",
                          "the check cell ran but published no check result")


def results_of(notebook: nbformat.NotebookNode, log: RunLog | None = None
               ) -> list[ExerciseResult]:
    """The table rows of an executed notebook: one per check call, in notebook order.

    A check call's status is, in this order: the runner's problem that counts against its cell
    (timed out, kernel died); "not run" if the run stopped above it; the status of the result
    its check published; "not run" for a cell without execution count and outputs; else "no
    result". Exception names and texts are never used to decide a status.
    """
    log = log if log is not None else RunLog()
    problem_of = {}
    for index in sorted(log.problems):
        check_cell = _check_cell_of(notebook, index)
        if check_cell is not None:
            problem_of.setdefault(check_cell, log.problems[index])
    results = []
    for index, cell in enumerate(notebook.cells):
        ids = _check_ids(cell)
        if not ids:
            continue
        published = {result.exercise_id: result for result in results_in(cell.get("outputs", []))}
        for exercise_id in ids:
            results.append(_row(exercise_id, cell, index, published, problem_of.get(index), log))
    return results


def notes_of(notebook: nbformat.NotebookNode, log: RunLog) -> list[str]:
    """The runner's problems that count against no check cell (e.g. in the import cell)."""
    return [log.problems[index].message for index in sorted(log.problems)
            if _check_cell_of(notebook, index) is None]


def format_table(path: str | Path, results: list[ExerciseResult], notes=(),
                 points: dict | None = None) -> str:
    """The table `make check` prints for one notebook, with any notes below the rows; with
    ``points`` (each exercise's worth, :func:`robodyn.grading.cell_points`), a column of the
    points each answer earns as its check judged it, and their sum in the summary."""
    width = max([len("exercise")] + [len(r.exercise_id) for r in results])
    worth = {r.exercise_id: points.get(r.exercise_id) for r in results} if points else {}
    shown = {r.exercise_id: (f"{r.credit * worth[r.exercise_id]:g}/{worth[r.exercise_id]:g}"
                             if worth.get(r.exercise_id) else "") for r in results}
    column = max([len("points")] + [len(text) for text in shown.values()]) if worth else 0
    head = f"{'points':<{column}}  " if worth else ""
    lines = [str(path), f"{'exercise':<{width}}  {'result':<13}  {head}feedback"]
    for result in results:
        cell = f"{shown[result.exercise_id]:<{column}}  " if worth else ""
        lines.append(f"{result.exercise_id:<{width}}  {result.status:<13}  {cell}"
                     f"{result.feedback}".rstrip())
    lines.extend(f"Note: {note}" for note in notes)
    counts = {status: sum(r.status == status for r in results) for status in STATUS_ORDER}
    summary = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    if worth and all(worth.values()):
        earned = sum(r.credit * worth[r.exercise_id] for r in results)
        summary += f"; points {earned:g} of {sum(worth.values()):g} (as the notebook's " \
                   "checks judge; the class grader uses other cases too)"
    lines.append(f"Summary: {summary or 'no check cells found'}")
    return "\n".join(lines)


# ------------------------------------------------------------------ reading a notebook


def read_notebook(path: str | Path) -> nbformat.NotebookNode:
    """The notebook in the file at ``path``; NotebookProblem says what is wrong if it is none."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise NotebookProblem("not a valid notebook (the file is not UTF-8 text)") from None
    except OSError as error:
        raise NotebookProblem(f"cannot read the file ({error.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotebookProblem(
            f"not a valid notebook (JSON error at line {error.lineno}, column {error.colno}: "
            f"{error.msg}); open it in a text editor, or restore a saved copy") from None
    if not isinstance(data, dict) or "nbformat" not in data:
        raise NotebookProblem("not a valid notebook (the JSON has no 'nbformat' version)")
    try:
        with warnings.catch_warnings():  # e.g. about missing cell ids: not the student's worry
            warnings.simplefilter("ignore")
            nbformat.validate(data)  # first, so that nbformat.reads has nothing to log
            return nbformat.reads(text, as_version=4)  # joins sources saved as lists of lines
    except Exception as error:  # nbformat raises several kinds for a malformed notebook
        detail = _first_line(error) or type(error).__name__
        raise NotebookProblem(
            f"not a valid notebook (not in Jupyter's notebook format: {detail})") from None


# ------------------------------------------------------------------ running a notebook


@dataclass(frozen=True)
class Limits:
    """The time limits of a run, in seconds."""

    cell: float = CELL_TIMEOUT
    notebook: float = NOTEBOOK_TIMEOUT


async def _run_cell(client, cell, index: int, count: int, limit: float,
                    interrupt: bool) -> str:
    """Run one cell for at most ``limit`` seconds and say how it ended.

    "ran": it finished. "interrupted": it ran out of time, was interrupted and stopped.
    "stuck": it did not stop within INTERRUPT_WAIT after the interrupt. "out of time": it ran
    out of time and ``interrupt`` is False. "died": the kernel died.
    """
    from nbclient.exceptions import DeadKernelError

    task = asyncio.ensure_future(client.async_execute_cell(cell, index, execution_count=count))
    try:
        done, _ = await asyncio.wait({task}, timeout=limit)
        ended = "ran"
        if not done:
            if not interrupt:
                return "out of time"
            await client.km.interrupt_kernel()
            done, _ = await asyncio.wait({task}, timeout=INTERRUPT_WAIT)
            if not done:
                return "stuck"
            ended = "interrupted"
        try:
            task.result()
        except DeadKernelError:
            return "died"
        return ended
    finally:
        if not task.done():  # out of time, stuck, or Ctrl-C: stop waiting for the kernel
            task.cancel()  # (nbclient turns this cancellation into a DeadKernelError)
            await asyncio.gather(task, return_exceptions=True)


async def _run_cells(client, limits: Limits) -> RunLog:
    """Run the code cells of ``client.nb`` in order, within the limits; say what went wrong."""
    notebook, log = client.nb, RunLog()
    deadline = time.monotonic() + limits.notebook
    count = 0
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        where = _where(notebook, index)
        left = deadline - time.monotonic()
        if left <= 0:
            log.stopped_at = index
            log.stop_reason = (f"the notebook time limit of {limits.notebook:g} s ran out "
                               f"before {where}")
            break
        count += 1
        ended = await _run_cell(client, cell, index, count, min(limits.cell, left),
                                interrupt=limits.cell <= left)
        what = f"cell {index + 1}"
        if ended == "ran":
            continue
        if ended == "interrupted":
            log.problems[index] = CellProblem(
                "timed out", f"timed out in {where}: {what} ran longer than {limits.cell:g} s "
                f"and was interrupted")
            continue
        if ended == "stuck":
            log.problems[index] = CellProblem(
                "timed out", f"timed out in {where}: {what} ran longer than {limits.cell:g} s "
                f"and did not stop when interrupted, so the kernel was shut down")
            log.stop_reason = f"the kernel was shut down after {where} timed out"
        elif ended == "out of time":
            log.problems[index] = CellProblem(
                "timed out", f"timed out in {where}: the notebook time limit of "
                f"{limits.notebook:g} s ran out while {what} ran")
            log.stop_reason = f"the notebook time limit of {limits.notebook:g} s ran out in {where}"
        else:  # died
            log.problems[index] = CellProblem(
                "kernel died", f"kernel died in {where}: the kernel exited while {what} ran "
                f"(os._exit, exit(), a crash, or not enough memory)")
            log.stop_reason = f"the kernel died in {where}"
        log.stopped_at = index + 1
        break
    return log


async def _start_run_and_stop(client, limits: Limits) -> RunLog:
    """Start the kernel of ``client``, run the cells, and always shut the kernel down."""
    kernel = client.km
    try:
        try:
            await client.async_start_new_kernel()
            await client.async_start_new_kernel_client()
        except Exception as error:  # no python3 kernel, or it did not answer in time
            raise NotebookProblem(
                f"the Python kernel did not start ({_first_line(error) or type(error).__name__}); "
                f"check that ipykernel is installed: python -m pip install ipykernel") from None
        return await _run_cells(client, limits)
    finally:
        if client.kc is not None:
            client.kc.stop_channels()
        if kernel.has_kernel:
            await kernel.shutdown_kernel(now=True)  # kills it and waits for it to end
        else:
            await kernel.cleanup_resources()


def _kill_if_running(kernel) -> None:
    """Kill and reap the kernel process if it outlived the shutdown (a second Ctrl-C)."""
    process = getattr(kernel.provisioner, "process", None)
    if process is not None and process.poll() is None:
        process.kill()
        process.wait(timeout=10)


def run_notebook(path: str | Path, cell_timeout: float = CELL_TIMEOUT,
                 notebook_timeout: float = NOTEBOOK_TIMEOUT) -> NotebookRun:
    """Execute the notebook at ``path`` in a fresh kernel (errors allowed), within time limits.

    The outputs saved in the file are dropped first, so only this run's results count; the file
    itself is not changed. Raises NotebookProblem if the file is not a notebook or the kernel
    does not start, and KeyboardInterrupt on Ctrl-C, after shutting the kernel down.
    """
    from jupyter_client import AsyncKernelManager
    from nbclient import NotebookClient

    path = Path(path)
    notebook = read_notebook(path)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    with temporary_folder("checknb-") as sockets:   # removed however deep the kernel made it
        kernel = AsyncKernelManager(
            kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "kernel"),
            connection_file=str(Path(sockets) / "kernel.json"), log=_QUIET)
        client = NotebookClient(
            notebook, km=kernel, timeout=None, allow_errors=True,
            startup_timeout=KERNEL_START_TIMEOUT, log=_QUIET,
            resources={"metadata": {"path": str(path.parent.resolve())}})
        try:
            # On Ctrl-C, asyncio.run cancels the coroutine (whose `finally` shuts the kernel
            # down) and then raises KeyboardInterrupt.
            log = asyncio.run(_start_run_and_stop(client, Limits(cell_timeout, notebook_timeout)))
        finally:
            _kill_if_running(kernel)
    return NotebookRun(notebook, log)


# ------------------------------------------------------------------ the command


def _notebooks(arguments: list[str]) -> list[Path]:
    paths = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            paths.extend(sorted(path.glob("*.ipynb")))
        elif path.suffix == ".ipynb" and path.exists():
            paths.append(path)
        else:
            raise SystemExit(f"not a notebook or folder of notebooks: {argument}")
    return paths


def _seconds(text: str) -> float:
    """A time limit given on the command line: a number of seconds greater than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m classgrade.checknb", description=__doc__.split("\n\n")[0],
        epilog="Exit code: 0 when every exercise passed, 1 otherwise, 130 after Ctrl-C.")
    parser.add_argument("notebooks", nargs="+", help="notebook files or folders of notebooks")
    parser.add_argument(
        "--cell-timeout", "--timeout", dest="cell_timeout", type=_seconds, metavar="SECONDS",
        default=CELL_TIMEOUT, help=f"how long one cell may run (default {CELL_TIMEOUT:g}); a "
        f"cell that runs longer is interrupted and the run goes on")
    parser.add_argument(
        "--notebook-timeout", type=_seconds, metavar="SECONDS", default=NOTEBOOK_TIMEOUT,
        help=f"how long the cells of one notebook may run in all (default "
        f"{NOTEBOOK_TIMEOUT:g}); then the rest of it is not run")
    return parser


def _check(path: Path, cell_timeout: float, notebook_timeout: float) -> bool:
    """Run one notebook and print its table (or what is wrong with it); True if all passed."""
    try:
        run = run_notebook(path, cell_timeout=cell_timeout, notebook_timeout=notebook_timeout)
    except NotebookProblem as problem:
        print(f"{path}: {problem}\n", flush=True)
        return False
    results = results_of(run.notebook, run.log)
    try:
        points = cell_points(run.notebook)
    except ParameterError:  # a copy whose cells' metadata another tool stripped
        points = None
    print(format_table(path, results, notes_of(run.notebook, run.log), points) + "\n",
          flush=True)
    return bool(results) and all(result.status == "passed" for result in results)


def main(argv: list[str] | None = None) -> int:
    """Check the notebooks named in ``argv``; return the exit code (see the module docstring)."""
    args = _parser().parse_args(argv)
    paths = _notebooks(args.notebooks)
    if not paths:
        print(f"no notebooks found in {', '.join(args.notebooks)}")
        return 1
    all_passed = True
    for number, path in enumerate(paths):
        try:
            all_passed &= _check(path, args.cell_timeout, args.notebook_timeout)
        except KeyboardInterrupt:
            rest = len(paths) - number - 1
            after = f"; the {rest} notebook(s) after it were not checked" if rest else ""
            print(f"Interrupted (Ctrl-C) while checking {path}, so it has no table{after}.",
                  flush=True)
            return 130
    return 0 if all_passed else 1


if __name__ == "__main__":
    sys.exit(main())
