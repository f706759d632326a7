"""The vacuum robot at a step: the book's planar model against MuJoCo, side by side.

1. One attempt of about 2.5 s simulated (an 18 mm step whose face is 42 cm ahead of the
   robot's front: it drives for 1.4 s and climbs in about 1 s more), with `vacuum.climb` and
   with `vacuum_mujoco.climb` of the same scenario; wall times (median of 3) and their ratio,
   the simulated time and the book's right-hand side evaluations (those of the compiled
   Jacobians included, eleven each). MuJoCo's time counts its
   stepping only (its `wall_time`), and separately the whole call with building the model
   and settling it.
2. The maximum-height search of each variant (bisection, tol 0.25 mm), each engine, and
   the ratio of their wall times.
3. The searches of the three variants shared by worker processes (`max_climb_heights`).
4. The first call in a fresh process: with numba's machine code cached (as after the
   first run on a machine) and with an empty cache, when the book's equations are
   compiled first (robodyn.vacuum.compiled): the import and the first attempt.

Run with `.venv/bin/python benchmarks/vacuum_climb.py`. The widgets' round trips are in
`benchmarks/widget_update.py` (kernel) and `benchmarks/widget_browser.py` (browser).
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

from robodyn import vacuum
from robodyn.vacuum import mujoco as vacuum_mujoco

HEIGHT, GAP, REPETITIONS = 0.018, 0.42, 3


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def main():
    params = vacuum.VacuumParams()
    full = dict(gap=GAP)
    print(f"one attempt, {HEIGHT * 1e3:g} mm step {GAP * 1e2:g} cm ahead "
          f"(median of {REPETITIONS})")
    print(f"{'variant':10s} {'t [s]':>6s} {'book [s]':>9s} {'evals':>7s} {'MuJoCo [s]':>11s}"
          f" {'with build':>11s} {'ratio':>7s} {'outcomes':>20s}")
    for variant in vacuum.SUSPENSIONS:
        book = [timed(vacuum.climb, params, HEIGHT, variant, **full)
                for _ in range(REPETITIONS)]
        theirs = [timed(vacuum_mujoco.climb, params, HEIGHT, variant, **full)
                  for _ in range(REPETITIONS)]
        wall_book = statistics.median(t for _, t in book)
        wall_mj = statistics.median(run.wall_time for run, _ in theirs)
        wall_mj_all = statistics.median(t for _, t in theirs)
        print(f"{variant:10s} {book[0][0].t_end:6.2f} {wall_book:9.3f}"
              f" {book[0][0].evaluations:7d} {wall_mj:11.4f}"
              f" {wall_mj_all:11.4f} {wall_book / wall_mj:7.1f}"
              f" {book[0][0].outcome + ' / ' + theirs[0][0].outcome:>20s}")
    print()
    print("maximum height, bisection 5 to 35 mm, tol 0.25 mm")
    print(f"{'variant':10s} {'book [mm]':>10s} {'tries':>6s} {'[s]':>6s}"
          f" {'MuJoCo [mm]':>12s} {'tries':>6s} {'[s]':>6s} {'ratio':>6s}")
    serial = 0.0
    for variant in vacuum.SUSPENSIONS:
        ours, wall = timed(vacuum.max_climb_height, params, variant)
        serial += wall
        theirs, wall_mj = timed(vacuum_mujoco.max_climb_height, params, variant)
        print(f"{variant:10s} {ours.height * 1e3:10.2f} {len(ours.attempts):6d} {wall:6.2f}"
              f" {theirs.height * 1e3:12.2f} {len(theirs.attempts):6d} {wall_mj:6.2f}"
              f" {wall / wall_mj:6.1f}")
    cases = [(params, variant) for variant in vacuum.SUSPENSIONS]
    _, wall = timed(vacuum.max_climb_heights, cases, progress=False)
    print(f"all three in worker processes (max_climb_heights): {wall:.1f} s "
          f"(one after another above: {serial:.1f} s)")
    print()
    print("the first attempt in a fresh process (import, then one attempt)")
    with tempfile.TemporaryDirectory() as empty:
        for label, cache in (("machine code cached", None), ("empty cache: compiled", empty)):
            print(f"{label:24s} {first_call(cache)}")


FIRST_CALL = """
import time
start = time.perf_counter()
from robodyn import vacuum
imported = time.perf_counter()
vacuum.climb(vacuum.VacuumParams(), 0.018, gap=0.42)
print(f"import {imported - start:.2f} s, attempt {time.perf_counter() - imported:.2f} s")
"""


def first_call(cache_dir: str | None) -> str:
    """The import and the first attempt in a new interpreter, with numba's cache in
    ``cache_dir`` (None: where it is kept normally)."""
    env = dict(os.environ)
    if cache_dir:
        env["NUMBA_CACHE_DIR"] = cache_dir
    done = subprocess.run([sys.executable, "-c", FIRST_CALL], env=env, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


if __name__ == "__main__":
    main()
