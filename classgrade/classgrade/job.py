"""Grade one hand-in as a job of its own: what a cluster's array job or a learning platform's
runner calls, once per student, on any machine that has the book's environment.

Command line::

    python -I -m classgrade.job HAND_IN.ipynb --exercises exercises/04_differential_drive.ipynb \\
        --out record.json --seed 4242

The hand-in is graded as ``make grade`` grades each of a class
(:func:`classgrade.sandbox.grade_hand_in`: its answer cells only, run in a kernel in the
sandbox, judged outside it on the hidden cases) and its record is written to ``--out``, as JSON:
the record of :func:`~classgrade.sandbox.grade_hand_in` (every exercise with its status,
points, maximum, named mistake, feedback and review flags; how the kernel was isolated), with
the ``seed`` and ``rounds`` of the hidden cases, the ``limits`` and the hand-in's ``points``
and ``max_points`` added.

Options:

``--exercises NOTEBOOK``
    The official exercise notebook to grade against (required).
``--out FILE``
    Where the record goes (required); written whole or not at all.
``--seed N``
    Seed of the hidden cases. Give every job of a class the same seed, so that all students
    get the same cases; without it a seed is drawn, written into the record and told on the
    error output.
``--rounds N``, ``--time-limit SECONDS``, ``--notebook-limit SECONDS``, ``--memory-limit MB``,
``--output-limit KB``
    As for :mod:`classgrade.grade`.
``--no-sandbox``
    Grade without the sandbox, where bubblewrap cannot run (a container without user
    namespaces, macOS): the answers then run with the job's rights. The record says so.

The exit code is 0 when the hand-in was graded and its record written, whatever the grades
(a hand-in that is not a notebook, or whose answer crashes the kernel, is graded too: its
record says so); 2 for a mistake in the command (a missing file, no sandbox on this machine
without ``--no-sandbox``); 1 if the grader itself failed (the message says why; no record is
written).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from dataclasses import asdict
from pathlib import Path

from classgrade.confine import as_root_note
from classgrade.grade import _non_negative_int, _positive
from robodyn.core.errors import ParameterError

__all__ = ["grade_job", "main"]


def grade_job(hand_in, official, out, seed: int, rounds: int = 3, limits=None,
              isolation: str = "bwrap") -> dict:
    """Grade ``hand_in`` against the exercise notebook ``official`` and write its record to
    ``out`` (JSON, atomically); return the record.

    ``isolation`` is passed to :func:`classgrade.sandbox.grade_hand_in` ("bwrap", or "none"
    for an explicit run without the sandbox); ``limits`` is a
    :class:`classgrade.sandbox.Limits` (its defaults if None).
    """
    from classgrade.reports import write_atomically
    from classgrade.sandbox import Limits, grade_hand_in

    limits = limits or Limits()
    record = grade_hand_in(Path(hand_in), Path(official), seed, rounds, limits,
                           isolation=isolation)
    record.update(seed=seed, rounds=rounds, limits=asdict(limits),
                  points=round(sum(entry["points"] for entry in record["exercises"]), 2),
                  max_points=sum(entry["max_points"] for entry in record["exercises"]))
    write_atomically(Path(out), json.dumps(record, indent=1) + "\n")
    return record


def _not_an_exercise_notebook(path: Path) -> str:
    """Why ``path`` is not an official exercise notebook ("" if it is one)."""
    import nbformat

    from classgrade.handin import exercise_ids

    try:
        notebook = nbformat.read(path, as_version=4)
    except Exception as error:  # noqa: BLE001 - any unreadable file is the same mistake
        return f"not a readable notebook ({type(error).__name__})"
    if not exercise_ids(notebook):
        return "no check cells: give an exercise notebook of exercises/"
    return ""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m classgrade.job",
        description="Grade one handed-in exercise notebook and write its record (JSON).")
    parser.add_argument("hand_in", type=Path, help="the handed-in notebook")
    parser.add_argument("--exercises", type=Path, required=True,
                        help="the official exercise notebook it answers")
    parser.add_argument("--out", type=Path, required=True, help="the record to write")
    parser.add_argument("--seed", type=_non_negative_int, default=None)
    parser.add_argument("--rounds", type=_positive(int), default=3)
    parser.add_argument("--time-limit", type=_positive(float), default=60.0)
    parser.add_argument("--notebook-limit", type=_positive(float), default=600.0)
    parser.add_argument("--memory-limit", type=_positive(int), default=4096, metavar="MB")
    parser.add_argument("--output-limit", type=_positive(int), default=1024, metavar="KB")
    parser.add_argument("--no-sandbox", action="store_true")
    return parser


#: What a job with ``--no-sandbox`` says on the error output before it grades.
NO_SANDBOX_WARNING = (
    "WARNING: grading WITHOUT the sandbox (--no-sandbox). The hand-in's code runs with this "
    "job's rights: it can read the command line (the seed, --out), write the record at --out "
    "itself and then stop the job. Trust a record only when the job's exit code is 0, and "
    "only for hand-ins you trust.")


def main(argv: list[str] | None = None) -> int:
    """Grade the hand-in named in ``argv``; return the exit code (see the module docstring)."""
    from classgrade.sandbox import Limits

    args = _parser().parse_args(argv)
    for what, path in (("hand-in", args.hand_in), ("exercise notebook", args.exercises)):
        if not path.is_file():
            print(f"error: the {what} {path} is not a file", file=sys.stderr)
            return 2
    problem = _not_an_exercise_notebook(args.exercises)
    if problem:
        print(f"error: --exercises {args.exercises}: {problem}", file=sys.stderr)
        return 2
    if args.out.is_dir():
        print(f"error: --out {args.out} is a folder; name the record's file", file=sys.stderr)
        return 2
    if args.no_sandbox:
        print(NO_SANDBOX_WARNING + as_root_note(), file=sys.stderr)
    seed = args.seed
    if seed is None:
        seed = secrets.randbelow(2**31)
        print(f"note: no --seed given; the hidden cases were drawn with seed {seed} (give "
              "every job of a class the same --seed)", file=sys.stderr)
    try:
        limits = Limits(exercise_seconds=args.time_limit, notebook_seconds=args.notebook_limit,
                        memory_bytes=args.memory_limit * 2**20,
                        output_bytes=args.output_limit * 2**10)
        record = grade_job(args.hand_in, args.exercises, args.out, seed, args.rounds, limits,
                           isolation="none" if args.no_sandbox else "bwrap")
    except ParameterError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - said, with no record, and a code of its own
        print(f"error: the grader failed on {args.hand_in}: {type(error).__name__}: {error}",
              file=sys.stderr)
        return 1
    print(f"{args.hand_in}: {record['points']:g} of {record['max_points']:g} points "
          f"({record['status']}); record in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
