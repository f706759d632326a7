"""The egg rocking for 5 s: MuJoCo against the planar rolling ellipse and the small-angle period.

A palm-sized solid egg (R2 = 4.5 cm, mass 0.3 kg, solid-ellipsoid inertia) at three shapes,
released from 0.02 rad and from 0.3 rad. For each case the script prints MuJoCo's wall time
(median of 3) and its number of fixed steps with `egg_mujoco.rock`'s defaults, the wall time
of `planar_rocking` (DOP853, rtol 1e-10) and its evaluations of the right-hand side, and the
periods of the three methods: MuJoCo, the
planar model, and `small_angle_period` (T0, and with its A^2 correction).

Then the whole robot (shell, rings, rotor at 3000 rad/s) in MuJoCo, `egg_mujoco.gyro` with its
defaults, against the book's `egg.simulate` on the chapter's two gyro runs (the precession, 2 s,
and the gimbal move, 3 s): median wall times of 3 and MuJoCo's steps.

Run with `.venv/bin/python benchmarks/egg_mujoco.py`.
"""

import dataclasses
import statistics
import time

import numpy as np

from robodyn import egg
from robodyn.egg import mujoco as em

R2, MASS, T_END = 0.045, 0.3, 5.0
RATIOS = (1.3, 1.6, 2.0)
TILTS = (0.02, 0.3)
REPETITIONS = 3


def main():
    print(f"egg rocking, {T_END:g} s; R2 = {R2 * 100:g} cm, m = {MASS:g} kg, solid; "
          f"median wall time of {REPETITIONS} runs")
    print(f"{'R1/R2':>5s} {'tilt':>5s} {'MuJoCo [s]':>10s} {'steps':>6s} {'planar [ms]':>11s}"
          f" {'evals':>5s} {'T MuJoCo':>10s} {'T planar':>10s} {'T0':>10s} {'T0(1+cA2)':>10s}"
          f" {'MuJoCo/planar-1':>15s}")
    for ratio in RATIOS:
        R1 = ratio * R2
        I_t = MASS * (R1**2 + R2**2) / 5
        inertia = (I_t, I_t, 2 * MASS * R2**2 / 5)
        for tilt in TILTS:
            runs = [em.rock(R1, R2, MASS, inertia, tilt, T_END) for _ in range(REPETITIONS)]
            refs = [em.planar_rocking(R1, R2, MASS, I_t, tilt, T_END)
                    for _ in range(REPETITIONS)]
            wall = statistics.median(run.wall_time for run in runs)
            wall_ref = statistics.median(ref.wall_time for ref in refs) * 1e3
            T_mj = egg.oscillation_period(runs[0].t, runs[0].tilt)
            T_ref = egg.oscillation_period(refs[0].t, refs[0].tilt)
            T0 = egg.small_angle_period(R1, R2, MASS, I_t)
            T_corr = egg.small_angle_period(R1, R2, MASS, I_t, amplitude=tilt)
            print(f"{ratio:5.1f} {tilt:5.2f} {wall:10.3f} {runs[0].n_steps:6d} {wall_ref:11.1f}"
                  f" {refs[0].evaluations:5d} {T_mj:10.6f} {T_ref:10.6f} {T0:10.6f} {T_corr:10.6f}"
                  f" {T_mj / T_ref - 1:+15.2e}")


def gyro_main():
    fast = dataclasses.replace(egg.EggParams(), rotor_speed=3000.0, twist_static=0.0,
                               twist_kinetic=0.0, twist_viscous=0.0)
    move = egg.ServoMove(end=(0.45, -0.45), t0=0.2, t1=1.0)
    cases = {"precession, 2 s": ((fast,), dict(t_end=2.0, tilt=0.3)),
             "gimbal move, 3 s": ((fast, move), dict(t_end=3.0, tilt=np.pi / 2))}
    print(f"\nthe whole robot at 3000 rad/s; median wall time of {REPETITIONS} runs")
    print(f"{'run':18s} {'MuJoCo [s]':>10s} {'steps':>6s} {'book [s]':>9s}")
    for name, (args, kwargs) in cases.items():
        runs = [em.gyro(*args, **kwargs) for _ in range(REPETITIONS)]
        book = []
        for _ in range(REPETITIONS):
            start = time.perf_counter()
            egg.simulate(*args, **kwargs)
            book.append(time.perf_counter() - start)
        print(f"{name:18s} {statistics.median(run.wall_time for run in runs):10.3f}"
              f" {runs[0].n_steps:6d} {statistics.median(book):9.3f}")


if __name__ == "__main__":
    main()
    gyro_main()
