"""Time one widget update of each chapter figure: slider change to redrawn PNG.

Prints the median and the spread over repetitions. Aim: about 50 ms or less per update.
Run with `make benchmarks` or `.venv/bin/python benchmarks/widget_update.py`.
"""

import statistics
import time

import ipywidgets as widgets
import numpy as np

from robodyn import diffdrive
from robodyn import diffdrive_figures as figures
from robodyn.plotting import interactive_figure

REPETITIONS = 25


def slider(value, low, high):
    return widgets.FloatSlider(value=value, min=low, max=high)


def time_updates(figure, name, values):
    durations = []
    for k in range(REPETITIONS):
        start = time.perf_counter()
        figure.update(**{name: values[k % len(values)]})
        durations.append(time.perf_counter() - start)
    return durations


def report(label, durations):
    ms = np.array(durations) * 1e3
    print(f"{label:42s} median {statistics.median(ms):6.1f} ms   "
          f"min {ms.min():6.1f} ms   max {ms.max():6.1f} ms   ({len(ms)} updates)")


def main():
    params = diffdrive.DiffDriveParams()
    velocity = interactive_figure(
        figures.VelocityExplorer(params),
        {"v": slider(0.3, -0.5, 0.5), "omega": slider(0.5, -3.0, 3.0)},
        figsize=(9, 4),
    )
    follower = interactive_figure(
        figures.FollowerExplorer(params),
        {"gain": slider(2.0, 0.2, 8.0), "dead_band_deg": slider(2.0, 0.0, 20.0),
         "tolerance": slider(0.1, 0.02, 0.4)},
        figsize=(10, 4),
    )
    print("Widget update = set the slider, run the model, draw, render the PNG")
    report("velocity explorer (v slider)", time_updates(velocity, "v", [0.1, 0.2, 0.4, -0.3]))
    report("waypoint follower (gain slider)",
           time_updates(follower, "gain", [1.0, 2.0, 3.0, 5.0]))

    follower_model = diffdrive.WaypointFollower(figures.COURSE, tolerance=0.1)
    for model in ("kinematic", "dynamic"):
        durations = []
        for _ in range(5):
            start = time.perf_counter()
            diffdrive.simulate(params, follower_model, model=model, t_max=60.0)
            durations.append(time.perf_counter() - start)
        report(f"simulate(model={model!r}) on the course", durations)


if __name__ == "__main__":
    main()
