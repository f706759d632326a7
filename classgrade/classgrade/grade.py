"""Grade a folder of handed-in exercise notebooks: a gradebook, feedback per student, a summary.

Command line (``make grade DIR=...`` calls it)::

    python -m classgrade.grade submissions/
    python -m classgrade.grade submissions/ --exercises exercises/07_vacuum.ipynb \\
        --out grades/ --jobs 2 --time-limit 60 --notebook-limit 600 --memory-limit 4096

Options:

``--out FOLDER``
    Where the gradebook, the feedback and the records go; ``<DIR>-grades`` by default.
``--exercises NOTEBOOK``
    The official exercise notebook all hand-ins are graded against; by default each is graded
    against the one it answers.
``--roster CSV``
    The class's roster: a CSV file with a header row and the columns ``id``, ``name`` and
    ``email`` (any order; UTF-8, with or without a byte-order mark). A login, id, email or name
    in a hand-in's file name is mapped to the roster's name and id; hand-ins not on the roster
    and roster students without a hand-in are listed.
``--overrides CSV``
    Points set by hand: a CSV file with the columns ``student``, ``exercise``, ``points`` and
    ``reason``; applied at every run, shown in every report (``<out>/overrides.csv`` is read
    without this option; see :mod:`classgrade.adjustments`).
``--late-penalty PERCENT``
    Take this percentage of the points off every hand-in the platform marked late (Canvas's
    download marks them; Moodle's does not).
``--due WHEN --late-per-day PERCENT [--late-cap PERCENT] --submission-times CSV``
    Or take PERCENT for each day, or part of a day, that a hand-in came after the due date
    WHEN (``2026-12-01 23:59``), at most the cap (100). The times are read from the CSV:
    Moodle's grading worksheet, or any file with the columns ``student`` and ``submitted``
    (see :mod:`classgrade.adjustments`). Not together with ``--late-penalty``.
``--student NAME``
    Grade this student's hand-ins again (by name, id, login, email or file) and no other; the
    others stay as the last run graded them.
``--seed N``
    Seed of the hidden cases; by default drawn once and kept in ``<out>/seed.txt``.
``--rounds N``
    How many draws of random cases to grade on (3 by default), besides the fixed cases.
``--jobs N``
    Notebooks graded at once; the number of cores by default.
``--time-limit SECONDS``
    How long one cell may run (an answer, or the calls of one exercise's answer); 60 s.
``--notebook-limit SECONDS``
    How long one notebook may take in all; 600 s.
``--memory-limit MB``
    The kernel's address space; 4096 MB.
``--output-limit KB``
    How much output one cell may print; 1024 kB.
``--quiet``
    No progress bar.
``--no-sandbox``
    Grade without the sandbox (where bubblewrap is missing: macOS, Windows): the answers then
    run with your rights, can read and change your files and forge grades (run as root, the
    grader starts each kernel as the user nobody instead, where that user can reach the
    Python: :mod:`classgrade.confine`). Only for hand-ins you trust; every feedback page, the
    gradebook and the summary say it was used, and as which user.

The exit code is 0 when the run finished (whatever the grades), 2 for a mistake in the command,
130 after Ctrl-C (the gradebook then holds what was graded; run the command again to go on).
See :mod:`classgrade.classroom` for what is written, and :mod:`classgrade.sandbox`
for how a hand-in is contained.
"""

from __future__ import annotations

import argparse
import math
import sys
import textwrap
from pathlib import Path

from classgrade.confine import as_root_note
from robodyn.core.errors import ParameterError

__all__ = ["main"]


def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}") \
                from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
        return value

    return parse


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}") \
            from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return value


def _percentage(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected a percentage from 0 to 100, got {text!r}")
    return value


def _late_policy(args):
    """The late policy the options give (:class:`classgrade.adjustments.LatePolicy`)."""
    from classgrade.adjustments import LatePolicy, parse_time, read_submission_times

    per_day = (args.due, args.late_per_day or None, args.submission_times)
    if not any(part is not None for part in per_day) and args.late_cap == 100.0:
        return LatePolicy(flat=args.late_penalty)
    if None in per_day:
        missing = [name for name, part in zip(("--due", "--late-per-day",
                                               "--submission-times"), per_day, strict=True)
                   if part is None]
        raise ParameterError(f"a late penalty per day needs --due, --late-per-day and "
                             f"--submission-times; missing {', '.join(missing)}")
    return LatePolicy(flat=args.late_penalty, due=parse_time(args.due, "--due"),
                      per_day=args.late_per_day, cap=args.late_cap,
                      times=read_submission_times(args.submission_times))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m classgrade.grade",
        description="Grade a folder of handed-in exercise notebooks.")
    parser.add_argument("folder", type=Path, help="the folder of handed-in notebooks")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--exercises", type=Path, default=None)
    parser.add_argument("--roster", type=Path, default=None)
    parser.add_argument("--overrides", type=Path, default=None)
    parser.add_argument("--late-penalty", type=_percentage, default=0.0, metavar="PERCENT")
    parser.add_argument("--due", default=None, metavar="WHEN")
    parser.add_argument("--late-per-day", type=_percentage, default=0.0, metavar="PERCENT")
    parser.add_argument("--late-cap", type=_percentage, default=100.0, metavar="PERCENT")
    parser.add_argument("--submission-times", type=Path, default=None, metavar="CSV")
    parser.add_argument("--student", default=None, metavar="NAME")
    parser.add_argument("--seed", type=_non_negative_int, default=None)
    parser.add_argument("--rounds", type=_positive(int), default=3)
    parser.add_argument("--jobs", type=_positive(int), default=None)
    parser.add_argument("--time-limit", type=_positive(float), default=60.0)
    parser.add_argument("--notebook-limit", type=_positive(float), default=600.0)
    parser.add_argument("--memory-limit", type=_positive(int), default=4096, metavar="MB")
    parser.add_argument("--output-limit", type=_positive(int), default=1024, metavar="KB")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--no-sandbox", action="store_true")
    return parser


#: What a run with ``--no-sandbox`` says on the error output, before it grades and when it is
#: done: the records and reports of such a run are only as trustworthy as its hand-ins.
NO_SANDBOX_WARNING = (
    "WARNING: grading WITHOUT the sandbox (--no-sandbox). Every hand-in's code runs with your "
    "rights: it can read and change your files, this class's gradebook, records and seed "
    "included, and forge its own and other students' grades (a later run keeps a forged record "
    "as unchanged). Use it only for hand-ins you trust; otherwise grade on a machine with "
    "bubblewrap, into an empty output folder.")


def main(argv: list[str] | None = None) -> int:
    """Grade the folder named in ``argv``; return the exit code (see the module docstring)."""
    from classgrade.classroom import grade_class
    from classgrade.reports import class_table
    from classgrade.sandbox import Limits

    args = _parser().parse_args(argv)
    limits = Limits(exercise_seconds=args.time_limit, notebook_seconds=args.notebook_limit,
                    memory_bytes=args.memory_limit * 2**20,
                    output_bytes=args.output_limit * 2**10)
    if args.no_sandbox:
        print(NO_SANDBOX_WARNING + as_root_note(), file=sys.stderr)
    try:
        summary = grade_class(args.folder, args.out, args.exercises, args.seed, args.rounds,
                              limits, args.jobs, progress=not args.quiet,
                              isolation="none" if args.no_sandbox else "bwrap",
                              roster=args.roster, overrides=args.overrides,
                              late_penalty=_late_policy(args), student=args.student)
    except ParameterError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    out = summary["out"]
    print(f"graded {summary['graded']} notebook(s), kept {summary['skipped']} unchanged, "
          f"in {summary['seconds']:.1f} s")
    table = class_table(summary["records"])
    width = max(len(row[0]) for row in table) if table else 8
    print(f"{'exercise':<{width}}  passed  most frequent named mistake")
    for exercise, passed, total, mistake in table:
        print(f"{exercise:<{width}}  {passed:>2}/{total:<3}  {textwrap.shorten(mistake, 70)}")
    for name in ("gradebook.csv", "totals.csv", "summary.html", "feedback/"):
        print(f"  {out / name}")
    for path in summary["wide"]:
        print(f"  {path}  (the points of each exercise)")
    for path in summary["imports"]:
        platform = "Canvas" if path.name.startswith("canvas-") else "Moodle"
        print(f"  {path}  (for {platform}'s gradebook import)")
    for path in summary["feedback_zips"]:
        if path.name.startswith("feedback-canvas-"):
            print(f"  {path}  (the hand-ins with their feedback written in, for Canvas's "
                  "\"Re-Upload Submissions\")")
        else:
            print(f"  {path}  (the feedback pages, for Moodle's \"upload multiple feedback "
                  "files in a zip\")")
    if args.no_sandbox:
        print(NO_SANDBOX_WARNING + as_root_note(), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
