"""Run exercise notebooks and print, per notebook, which exercise passed, failed or was not tried.

Command line (``make check NB=...`` calls it)::

    python -m robodyn.tools.checknb exercises/04_differential_drive.ipynb
    python -m robodyn.tools.checknb hand-ins/            # every notebook in a folder

A check cell is a code cell that calls ``grading.check("<exercise id>", ...)``. The notebook is
executed top to bottom with errors allowed, in its own folder, so one failing exercise does not
hide the others. The exit code is 0 when every exercise of every notebook passed.

Student notebooks are code: run hand-ins of people you do not trust in a sandbox.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import nbformat

from robodyn.grading.results import results_in

CHECK_CALL = re.compile(r"""check\(\s*["']([\w.\-]+)["']""")


@dataclass(frozen=True)
class ExerciseResult:
    """Outcome of one check cell: ``status`` is passed, failed, not attempted or not run."""

    exercise_id: str
    status: str
    feedback: str


def _first_line(text: str) -> str:
    for line in text.strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def results_of(notebook: nbformat.NotebookNode) -> list[ExerciseResult]:
    """Read the results of an executed notebook's check cells from their structured outputs."""
    results = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        ids = CHECK_CALL.findall(cell.source)
        if not ids:
            continue
        outputs = cell.get("outputs", [])
        published = {r.exercise_id: r for r in results_in(outputs)}
        errors = [out for out in outputs if out.get("output_type") == "error"]
        for exercise_id in ids:
            if exercise_id in published:
                result = published[exercise_id]
                feedback = "" if result.status == "passed" else result.summary
                results.append(ExerciseResult(exercise_id, result.status, feedback))
            elif errors:
                error = errors[0]
                message = _first_line(error.get("evalue", ""))
                results.append(ExerciseResult(
                    exercise_id, "failed", f"the check did not run: {error.get('ename')}: "
                    f"{message}"))
            else:
                results.append(ExerciseResult(exercise_id, "not run", ""))
    return results


def run_notebook(path: str | Path, timeout: float = 600.0) -> list[ExerciseResult]:
    """Execute the notebook at ``path`` (errors allowed) and return its exercise results.

    The kernel talks over local sockets in a temporary folder (not TCP), and is shut down at
    the end; ``timeout`` is the limit per cell in seconds.
    """
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    path = Path(path)
    notebook = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as sockets:
        kernel = KernelManager(
            kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "kernel")
        )
        client = NotebookClient(
            notebook,
            km=kernel,
            timeout=timeout,
            allow_errors=True,
            resources={"metadata": {"path": str(path.parent.resolve())}},
        )
        try:
            client.execute()
        finally:
            if kernel.has_kernel:
                kernel.shutdown_kernel(now=True)
    return results_of(notebook)


def format_table(path: str | Path, results: list[ExerciseResult]) -> str:
    """The table `make check` prints for one notebook."""
    width = max([len("exercise")] + [len(r.exercise_id) for r in results])
    lines = [str(path), f"{'exercise':<{width}}  {'result':<13}  feedback"]
    for result in results:
        lines.append(f"{result.exercise_id:<{width}}  {result.status:<13}  {result.feedback}")
    counts = {status: sum(r.status == status for r in results) for status in
              ("passed", "failed", "not attempted", "not run")}
    summary = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    lines.append(f"Summary: {summary or 'no check cells found'}")
    return "\n".join(lines)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", help="notebook files or folders of notebooks")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per cell")
    args = parser.parse_args(argv)
    all_passed = True
    paths = _notebooks(args.notebooks)
    if not paths:
        print(f"no notebooks found in {', '.join(args.notebooks)}")
        return 1
    for path in paths:
        results = run_notebook(path, timeout=args.timeout)
        print(format_table(path, results))
        print()
        all_passed &= bool(results) and all(r.status == "passed" for r in results)
    return 0 if all_passed else 1


if __name__ == "__main__":
    sys.exit(main())
