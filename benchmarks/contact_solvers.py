"""What a stiff contact costs each solver: the ball drop of chapter 3 at three floor stiffnesses.

A 1 kg ball falls 0.5 m onto a penalty floor (zeta = 0.5), bounces and comes to rest; 3 s are
simulated, most of them resting. For each solve_ivp method and stiffness the script prints the
calls of the right-hand side (Jacobian estimates included), the wall time (median of 3), and the
final depth against m g / k. While the ball rests, an explicit method's step is bounded by the
contact frequency sqrt(k/m), so its cost grows like sqrt(k); an implicit one is not bounded.

Last, one update of the chapter's drop explorer per solver (cache cleared, so the drop is
run), at the default and at the stiffest slider setting: what a reader waits for after picking
a solver from its menu.

Run with `.venv/bin/python benchmarks/contact_solvers.py`.
"""

import statistics
import time

from robodyn import contact
from robodyn.figures import contact as figures

METHODS = ("RK45", "DOP853", "Radau", "BDF", "LSODA")
STIFFNESSES = (1e4, 1e6, 1e8)
REPETITIONS = 3


def main():
    print(f"ball drop, 3 s, zeta = 0.5; median wall time of {REPETITIONS} runs")
    print(f"{'k [N/m]':>9s} {'method':>7s} {'evaluations':>12s} {'wall [ms]':>10s} "
          f"{'depth / (m g / k)':>18s}")
    for k in STIFFNESSES:
        c = contact.damping_for_ratio(k, contact.DroppedBall.mass, 0.5)
        for method in METHODS:
            runs = [contact.drop(k=k, c=c, t_end=3.0, method=method)
                    for _ in range(REPETITIONS)]
            wall = statistics.median(run.wall_time for run in runs) * 1e3
            run = runs[0]
            ratio = -run.z[-1] / run.rest_depth
            print(f"{k:9.0e} {method:>7s} {run.evaluations:12d} {wall:10.1f} {ratio:18.6f}")
    explorer = figures.drop_explorer()
    print("\ndrop explorer, one update (model, drawing, PNG), median of 3 [ms]")
    for log_k, zeta in ((4.0, 0.3), (5.0, 0.3)):
        cells = []
        for method in figures.SOLVERS:
            times = []
            for _ in range(REPETITIONS):
                figures._drop.cache_clear()
                start = time.perf_counter()
                explorer.update(log_k=log_k, zeta=zeta, method=method)
                times.append(time.perf_counter() - start)
            cells.append(f"{method} {statistics.median(times) * 1e3:5.1f}")
        print(f"  log10 k = {log_k}, zeta = {zeta}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
