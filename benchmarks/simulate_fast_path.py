"""What the float fast path of diffdrive.simulate buys: the course with and without it.

`simulate` advances the robot sample by sample with three float helpers (math, not NumPy).
This script drives the chapter's course (kinematic model) twice: with `simulate`, and with a
loop of the same length that calls the public, vectorised NumPy functions on single samples
instead. The waypoint widget of chapter 4 runs one such course on every slider move, so the
difference is time the reader waits. Both loops must end at the same pose.

Run with `.venv/bin/python benchmarks/simulate_fast_path.py`.
"""

import statistics
import time

import numpy as np

from robodyn import diffdrive
from robodyn.diffdrive.waypoints import REACHED_GOAL, WaypointFollower
from robodyn.figures.diffdrive import COURSE_SETTINGS

REPETITIONS = 15


def numpy_course(params, settings, t_max=40.0, dt=0.02):
    """The kinematic course of simulate(), written with the public NumPy functions."""
    follower = WaypointFollower(settings)
    pose = np.zeros(3)
    for _ in range(int(t_max / dt) + 1):
        v_cmd, omega_cmd = follower.command(pose)
        if follower.state == REACHED_GOAL:
            break
        references = diffdrive.inverse_kinematics(v_cmd, omega_cmd, params.wheel_radius,
                                                  params.track_width)
        right, left = diffdrive.saturate_wheel_speeds(*references, params.max_wheel_speed)
        v, omega = diffdrive.forward_kinematics(right, left, params.wheel_radius,
                                                params.track_width)
        pose = diffdrive.integrate_pose(pose, v, omega, dt)
    return pose


def median_ms(function):
    durations = []
    for _ in range(REPETITIONS):
        start = time.perf_counter()
        result = function()
        durations.append(time.perf_counter() - start)
    return statistics.median(durations) * 1e3, result


def main():
    params = diffdrive.DiffDriveParams()
    settings = COURSE_SETTINGS
    fast_ms, run = median_ms(lambda: diffdrive.simulate(params, settings, t_max=40.0))
    slow_ms, pose = median_ms(lambda: numpy_course(params, settings))
    gap = float(np.hypot(run.x[-1] - pose[0], run.y[-1] - pose[1]))
    print(f"course of chapter 4, {run.t.size} samples, median of {REPETITIONS}:")
    print(f"  simulate (float fast path)        : {fast_ms:6.1f} ms")
    print(f"  same loop with the NumPy functions: {slow_ms:6.1f} ms")
    print(f"  time the fast path saves per slider move: {slow_ms - fast_ms:6.1f} ms")
    print(f"  end points agree to {gap:.1e} m")


if __name__ == "__main__":
    main()
