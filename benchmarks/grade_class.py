"""Grading a class of 40: seconds per notebook and in all, on this machine's cores.

The class: 40 hand-ins of chapter 7's exercise notebook (the chapter with the heaviest
exercises), made from the solutions: 22 right, 12 with a typical mistake in one or two
exercises (the fillet's centre on the wrong side, leading and trailing swapped, bisection
returning the failing end, g missing, degrees for radians), 4 untouched, 2 with an endless
loop (each stopped at the time limit, 10 s here, 60 s by default). Graded with
``classgrade.classroom.grade_class`` as ``make grade`` does, into a temporary folder, then
graded again (every notebook unchanged, so kept).

Printed: the wall time of the class, seconds per notebook (mean and largest, each in its own
process with its own kernel), kernel starts, and the second run's time.

Run with ``.venv/bin/python benchmarks/grade_class.py`` (``--class-size N``, ``--jobs N``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "classgrade" / "tests"))

from handins import answered, official, solution_code, write  # noqa: E402

from classgrade.classroom import grade_class  # noqa: E402
from classgrade.sandbox import Limits  # noqa: E402

STEM = "07_vacuum"


def _mistakes() -> list[dict]:
    code = solution_code(STEM)
    step, load = code["vacuum.step_distance"], code["vacuum.wheel_load"]
    bisect, stop = code["vacuum.bisect_height"], code["vacuum.sliding_stop"]
    edge = code["vacuum.edge_climb_height"]
    return [
        {"vacuum.step_distance": step.replace("step_x + fillet, height - fillet",
                                              "step_x - fillet, height - fillet")},
        {"vacuum.wheel_load": load.replace('1.0 if variant == "leading" else -1.0',
                                           '-1.0 if variant == "leading" else 1.0')},
        {"vacuum.bisect_height": bisect.replace("    return low", "    return high")},
        {"vacuum.sliding_stop": stop.replace("(2 * mu * g)", "(2 * mu)")},
        {"vacuum.edge_climb_height": edge.replace("mu = np.asarray(mu, dtype=float)",
                                                  "mu = np.radians(mu)"),
         "vacuum.sliding_stop": stop.replace("v0**2", "v0")},
    ]


def make_class(folder: Path, size: int) -> None:
    mistakes = _mistakes()
    loop = {"vacuum.sliding_stop": "def sliding_stop(v0, mu, g):\n    while True:\n"
                                   "        pass\n"}
    for number in range(size):
        kind = number % 10
        if kind in (0, 1, 2, 3, 4):
            notebook = answered(STEM)
        elif kind in (5, 6):
            notebook = answered(STEM, mistakes[number % len(mistakes)])
        elif kind == 7:
            notebook = answered(STEM, mistakes[(number + 2) % len(mistakes)])
        elif kind == 8:
            notebook = official(STEM) if number % 20 == 8 else answered(STEM, loop)
        else:
            notebook = answered(STEM) if number % 20 == 9 else official(STEM)
        write(notebook, folder / f"student_{number:02d}.ipynb")


def main() -> None:
    if not (Path(__file__).resolve().parents[1] / "solutions").is_dir():
        print("grade_class: needs solutions/ to make the class (the instructors' repository)")
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--class-size", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    limits = Limits(exercise_seconds=10)
    with tempfile.TemporaryDirectory() as folder:
        hand_ins, out = Path(folder) / "class", Path(folder) / "grades"
        make_class(hand_ins, args.class_size)
        started = time.perf_counter()
        summary = grade_class(hand_ins, out, official=None, seed=12345, limits=limits,
                              jobs=args.jobs, progress=False, log=lambda text: None)
        total = time.perf_counter() - started
        per_notebook = [record["seconds"] for record in summary["records"]]
        starts = sum(record["kernel_starts"] for record in summary["records"])
        started = time.perf_counter()
        again = grade_class(hand_ins, out, official=None, limits=limits, jobs=args.jobs,
                            progress=False, log=lambda text: None)
        rerun = time.perf_counter() - started
        statuses = {}
        for record in summary["records"]:
            for entry in record["exercises"]:
                statuses[entry["status"]] = statuses.get(entry["status"], 0) + 1
    print(f"grading a class of {args.class_size} hand-ins of {STEM} "
          f"({args.jobs or 'all'} jobs)")
    print(f"  whole class:            {total:7.1f} s")
    print(f"  per notebook, mean:     {statistics.mean(per_notebook):7.2f} s "
          f"(median {statistics.median(per_notebook):.2f}, largest {max(per_notebook):.2f})")
    print(f"  per notebook, in all:   {total / args.class_size:7.2f} s of wall time")
    print(f"  kernel starts:          {starts:7d}")
    print(f"  second run (all kept):  {rerun:7.1f} s ({again['skipped']} kept)")
    print("  exercises by status:    " + ", ".join(f"{status} {count}" for status, count
                                                    in sorted(statuses.items())))


if __name__ == "__main__":
    main()
