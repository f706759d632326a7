"""What the float fast path of friction.simulate_block buys: the stick-slip run both ways.

`simulate_block` evaluates Karnopp's friction once per step with a plain-float helper. This
script runs the chapter's stick-slip oscillator (3 s in steps of 10 us, 300 000 steps) twice:
with `simulate_block`, and with the same loop calling the public, vectorised
`friction.karnopp` on single samples. Both must give the same trajectory.

Run with `.venv/bin/python benchmarks/block_fast_path.py`.
"""

import statistics
import time

import numpy as np

from robodyn import friction

REPETITIONS = 5
BLOCK = friction.SlidingBlock(Fc=2.0, Fs=3.0, stiffness=50.0, dv=1e-5)
BELT, T_END, DT = 0.2, 3.0, 1e-5


def numpy_loop():
    """The loop of simulate_block with the public NumPy model (positions only)."""
    x, v, positions = 0.0, 0.0, []
    for _ in range(int(round(T_END / DT)) + 1):
        applied = -BLOCK.stiffness * x
        force = float(friction.karnopp(v - BELT, applied, BLOCK.Fc, BLOCK.Fs, BLOCK.b,
                                       BLOCK.dv))
        positions.append(x)
        v += DT * (applied + force) / BLOCK.mass
        x += DT * v
    return np.array(positions)


def median_s(function):
    durations = []
    for _ in range(REPETITIONS):
        start = time.perf_counter()
        result = function()
        durations.append(time.perf_counter() - start)
    return statistics.median(durations), result


def main():
    fast, run = median_s(lambda: friction.simulate_block(
        BLOCK, lambda t: 0.0, T_END, dt=DT, model="karnopp", surface_speed=BELT))
    slow, positions = median_s(numpy_loop)
    print(f"stick-slip oscillator, {run.t.size} steps, median of {REPETITIONS}:")
    print(f"  simulate_block (float fast path)  : {fast:6.2f} s")
    print(f"  same loop with friction.karnopp   : {slow:6.2f} s")
    print(f"  speed-up                          : {slow / fast:6.1f} x")
    print(f"  largest position difference       : {np.max(np.abs(run.x - positions)):.1e} m")


if __name__ == "__main__":
    main()
