"""The book's egg model (`egg.simulate`) against MuJoCo on the same rocking, and its other runs.

First table: the default egg with its rotor stopped, released lying with its long axis 0.02 and
0.3 rad from the horizontal, for 4 periods: wall time and period of the book's full 3D model
(DOP853, rtol 1e-9, the chapter's settings) and of MuJoCo (`egg_mujoco.rock`'s defaults,
0.1 ms steps). Second table: the chapter's other runs, a fall from 0.3 rad (3 s, twisting
friction on) and the gimbal moves of the widget grid, one per rotor speed (3 s each).
Medians of 3 runs.

Run with `.venv/bin/python benchmarks/egg_simulate.py` or `make benchmarks`.
"""

import dataclasses
import statistics
import time

import numpy as np

from robodyn import egg
from robodyn.egg import mujoco as em
from robodyn.figures import egg as figures

REPETITIONS = 3


def timed(function, *args, **kwargs):
    """Median wall time (s) of ``function(*args, **kwargs)`` over REPETITIONS calls, and its
    last result."""
    times, result = [], None
    for _ in range(REPETITIONS):
        start = time.perf_counter()
        result = function(*args, **kwargs)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main():
    still = dataclasses.replace(egg.EggParams(), rotor_speed=0.0)
    J = egg.lumped_inertia(still)
    inertia = (J[0, 0], J[0, 0], J[2, 2])
    print("the lying egg rocking for 4 periods: book (3D, DOP853) against MuJoCo")
    print(f"{'tilt':>6s} {'book [s]':>9s} {'MuJoCo [s]':>10s} {'T book [s]':>11s} "
          f"{'T MuJoCo [s]':>12s} {'difference':>10s}")
    for tilt in (0.02, 0.3):
        T = egg.small_angle_period(still.R1, still.R2, still.mass, J[0, 0], amplitude=tilt)
        wall_book, book = timed(egg.simulate, still, t_end=4 * T, tilt=np.pi / 2 - tilt,
                                dt=1e-3)
        wall_mj, mj = timed(em.rock, still.R1, still.R2, still.mass, inertia, tilt, 4 * T)
        T_book = egg.oscillation_period(book.t, book.beta)
        T_mj = egg.oscillation_period(mj.t, mj.tilt)
        print(f"{tilt:6.2f} {wall_book:9.3f} {wall_mj:10.3f} {T_book:11.7f} {T_mj:12.7f} "
              f"{T_mj / T_book - 1:+10.1e}")
    print("\nthe chapter's other runs (3 s each)")
    wall, run = timed(egg.simulate, egg.EggParams(), t_end=3.0, tilt=0.3)
    print(f"fall from 0.3 rad, twisting friction: {wall:.3f} s, "
          f"{len(run.switches) - 1} stick/slip switches")
    for speed in egg.GYRO_SPEEDS:
        wall, _ = timed(egg.gimbal_tilt_run, speed, 0.45)
        print(f"gimbal tilt 0.45 rad, rotor {speed:6.0f} rad/s: {wall:.3f} s")
    wall, grid = timed(egg.gyro_grid, progress=False)
    scene = figures.egg_scene(grid[(3000.0, 0.45)])
    print(f"the widget's grid of {len(grid)} runs: {wall:.1f} s; the chapter's 3D scene: "
          f"{scene.n_frames} frames, {scene.nbytes / 1e3:.1f} kB")


if __name__ == "__main__":
    main()
