"""Figures of the differential-drive chapter: what its sliders and animations draw.

The two widget views (:class:`VelocityExplorer`, :class:`FollowerExplorer`) are what
:func:`robodyn.plotting.interactive_figure` redraws when a slider moves: ``setup`` draws the
fixed parts once, ``update`` moves only what changes, so a slider answers in about 50 ms
(``benchmarks/widget_update.py`` measures it). The other functions draw static figures and
the course animation.
"""

from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch

from robodyn import diffdrive
from robodyn.plotting import animation, draw_diffdrive, place_diffdrive

#: Waypoints of the chapter's course, metres: a loop with a sharp and a gentle turn.
COURSE = np.array([[1.5, 0.0], [2.0, 1.0], [1.0, 1.8], [0.0, 1.0], [0.4, 0.2]])


class VelocityExplorer:
    """Widget view: the path driven in ``horizon`` seconds at constant v and omega.

    Left: the path from the origin, the robot at start and end, the instantaneous centre of
    rotation and the turning circle. Right: the wheel speeds from inverse kinematics against
    the wheel speed limit of ``params``. Use with :func:`robodyn.plotting.interactive_figure`
    and controls named ``v`` [m/s] and ``omega`` [rad/s].
    """

    def __init__(self, params, horizon=4.0, max_radius_drawn=5.0):
        self.params = params
        self.horizon = horizon
        self.max_radius_drawn = max_radius_drawn
        self.times = np.linspace(0.0, horizon, 121)

    def setup(self, fig):
        """Axes, limits, labels and the robot at the start; the changing artists, empty."""
        self.ax_path, self.ax_wheels = fig.subplots(1, 2, gridspec_kw={"width_ratios": [2.2, 1]})
        fig.subplots_adjust(left=0.07, right=0.98, bottom=0.13, top=0.9, wspace=0.3)
        ax, limit = self.ax_path, self.params.max_wheel_speed
        ax.set_aspect("equal")
        ax.set(xlim=(-1.4, 1.6), ylim=(-1.2, 1.4), xlabel="x [m]", ylabel="y [m]")
        draw_diffdrive(ax, np.zeros(3), self.params, color="0.6")
        (self.path,) = ax.plot([], [], color="tab:blue", lw=2, label="path of the axle midpoint")
        (self.centre,) = ax.plot([], [], "x", color="tab:red", ms=9, mew=2,
                                 label="centre of rotation")
        self.circle = ax.add_patch(Circle((0.0, 0.0), 1.0, fill=False, ls="--", color="0.5"))
        self.robot = draw_diffdrive(ax, np.zeros(3), self.params)
        ax.legend(loc="lower left", fontsize=8)
        self.bars = list(self.ax_wheels.bar(["right", "left"], [0.0, 0.0]))
        for sign in (1, -1):
            self.ax_wheels.axhline(sign * limit, color="k", ls=":", lw=1)
        self.ax_wheels.set(ylim=(-1.6 * limit, 1.6 * limit), ylabel="wheel speed [rad/s]")

    def update(self, v, omega):
        """Move the changing artists to the path and wheel speeds of (v, omega); return them."""
        path = diffdrive.integrate_pose(np.zeros(3), v, omega, self.times)
        self.path.set_data(path[0], path[1])
        place_diffdrive(self.robot, path[:, -1], self.params)
        radius = float(diffdrive.turning_radius(v, omega))
        show_circle = bool(np.isfinite(radius) and abs(radius) < self.max_radius_drawn)
        if show_circle:
            centre = diffdrive.instantaneous_centre(np.zeros(3), v, omega)
            self.circle.set_center(centre)
            self.circle.set_radius(abs(radius))
            self.centre.set_data([centre[0]], [centre[1]])
        self.circle.set_visible(show_circle)
        self.centre.set_visible(show_circle)
        if np.isfinite(radius):
            radius_text = f"turning radius {radius:.2f} m"
        else:
            radius_text = "straight line"
        self.ax_path.set_title(
            f"{self.horizon:g} s at v = {v:.2f} m/s, ω = {omega:.2f} rad/s: {radius_text}",
            fontsize=9,
        )
        speeds = diffdrive.inverse_kinematics(
            v, omega, self.params.wheel_radius, self.params.track_width
        )
        limit = self.params.max_wheel_speed
        for bar, speed in zip(self.bars, speeds, strict=True):
            bar.set_height(float(speed))
            bar.set_color("tab:red" if abs(speed) > limit else "tab:green")
        over = "over the limit!" if max(abs(float(s)) for s in speeds) > limit else "within limit"
        self.ax_wheels.set_title(f"wheel speeds ({over})", fontsize=9)
        return [self.path, self.centre, self.circle, *self.robot, self.ax_path.title,
                *self.bars, self.ax_wheels.title]


class FollowerExplorer:
    """Widget view: the course driven by the waypoint follower (kinematic model).

    Controls named ``gain`` [1/s], ``dead_band_deg`` [degrees, converted here] and
    ``tolerance`` [m]. Left: waypoints with their tolerance discs and the path; right: the
    yaw-rate command, with grey lines where a waypoint was reached. ``result`` holds the last
    simulation.
    """

    def __init__(self, params, waypoints=COURSE, speed=0.3, omega_max=2.0, t_max=40.0,
                 margin=0.6):
        self.params = params
        self.waypoints = np.atleast_2d(np.asarray(waypoints, dtype=float))
        self.speed, self.omega_max, self.t_max, self.margin = speed, omega_max, t_max, margin
        self.result = None

    def setup(self, fig):
        """Axes with fixed limits, waypoint numbers, and the changing artists, empty."""
        self.ax_path, self.ax_omega = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.3, 1]})
        fig.subplots_adjust(left=0.07, right=0.98, bottom=0.13, top=0.9, wspace=0.25)
        low = self.waypoints.min(axis=0) - self.margin
        high = self.waypoints.max(axis=0) + self.margin
        ax = self.ax_path
        ax.set_aspect("equal")
        ax.set(xlim=(low[0], high[0]), ylim=(low[1], high[1]), xlabel="x [m]", ylabel="y [m]")
        self.discs = []
        for number, (x_w, y_w) in enumerate(self.waypoints, start=1):
            self.discs.append(ax.add_patch(Circle((x_w, y_w), 0.1, color="tab:orange",
                                                  alpha=0.35)))
            ax.annotate(str(number), (x_w, y_w), ha="center", va="center", fontsize=8)
        (self.path,) = ax.plot([], [], color="tab:blue", lw=1.5)
        (self.omega,) = self.ax_omega.plot([], [], color="tab:purple", lw=1)
        self.reached = self.ax_omega.add_collection(LineCollection([], colors="0.7", lw=0.8))
        limit = 1.15 * self.omega_max
        self.ax_omega.set(xlim=(0.0, self.t_max), ylim=(-limit, limit), xlabel="t [s]",
                          ylabel="ω [rad/s]")
        self.ax_omega.set_title("yaw-rate command (grey: waypoint reached)", fontsize=9)

    def update(self, gain, dead_band_deg, tolerance):
        """Simulate the course with these settings and show it; return the changing artists."""
        follower = diffdrive.WaypointFollower(
            self.waypoints, speed=self.speed, gain=gain, dead_band=np.radians(dead_band_deg),
            omega_max=self.omega_max, tolerance=tolerance,
        )
        result = diffdrive.simulate(self.params, follower, model="kinematic", t_max=self.t_max)
        self.result = result
        for disc in self.discs:
            disc.set_radius(tolerance)
        self.path.set_data(result.x, result.y)
        self.omega.set_data(result.t, result.omega)
        times = result.waypoint_times[np.isfinite(result.waypoint_times)]
        limit = 1.15 * self.omega_max
        self.reached.set_segments([[(t, -limit), (t, limit)] for t in times])
        self.ax_path.set_title(_outcome(result), fontsize=9)
        return [*self.discs, self.path, self.reached, self.omega, self.ax_path.title]


def _outcome(result) -> str:
    reached = int(np.sum(np.isfinite(result.waypoint_times)))
    total = result.waypoint_times.size
    if result.reached_goal:
        return f"all {total} waypoints reached in {result.t[-1]:.1f} s"
    return f"only {reached} of {total} waypoints reached in {result.t[-1]:.0f} s"


def draw_course(ax, waypoints, tolerance, result=None, label=None, color="tab:blue"):
    """Waypoints as numbered discs of radius ``tolerance`` and, if given, the path driven."""
    for number, (x_w, y_w) in enumerate(np.atleast_2d(waypoints), start=1):
        ax.add_patch(Circle((x_w, y_w), tolerance, color="tab:orange", alpha=0.35))
        ax.annotate(str(number), (x_w, y_w), ha="center", va="center", fontsize=8)
    if result is not None:
        ax.plot(result.x, result.y, color=color, lw=1.5, label=label)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_xlabel("x [m]")
    ax.set_ylabel("y [m]")


def draw_state_diagram(ax):
    """The waypoint follower's state machine: FollowWaypoints and ReachedGoal."""
    boxes = {"follow": (0.28, 0.5), "goal": (0.8, 0.5)}
    texts = {
        "follow": "FollowWaypoints\n(goal i)\nv = speed\nω = heading command",
        "goal": "ReachedGoal\nv = 0, ω = 0",
    }
    for key, (x, y) in boxes.items():
        ax.add_patch(FancyBboxPatch((x - 0.15, y - 0.15), 0.3, 0.3,
                                    boxstyle="round,pad=0.02", fc="#e8f0fb", ec="k"))
        ax.text(x, y, texts[key], ha="center", va="center", fontsize=9)
    ax.add_patch(FancyArrowPatch((0.45, 0.5), (0.63, 0.5), arrowstyle="-|>",
                                 mutation_scale=15))
    ax.text(0.54, 0.56, "distance < tol\nand i = N", ha="center", fontsize=8)
    ax.add_patch(FancyArrowPatch((0.2, 0.67), (0.36, 0.67), connectionstyle="arc3,rad=-1.6",
                                 arrowstyle="-|>", mutation_scale=15))
    ax.text(0.28, 0.93, "distance < tol and i < N:  i ← i + 1", ha="center", fontsize=8)
    ax.add_patch(FancyArrowPatch((0.02, 0.5), (0.12, 0.5), arrowstyle="-|>",
                                 mutation_scale=15))
    ax.text(0.02, 0.55, "start\ni = 1", fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_ylim(0.2, 1.0)
    ax.axis("off")


def course_animation(result, params, waypoints, tolerance, n_frames=80, interval_ms=80.0):
    """A jshtml animation of a simulated course: the robot moving, its trace growing."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    draw_course(ax, waypoints, tolerance)
    margin = 0.4
    ax.set_xlim(min(result.x.min(), waypoints[:, 0].min()) - margin,
                max(result.x.max(), waypoints[:, 0].max()) + margin)
    ax.set_ylim(min(result.y.min(), waypoints[:, 1].min()) - margin,
                max(result.y.max(), waypoints[:, 1].max()) + margin)
    (trace,) = ax.plot([], [], color="tab:blue", lw=1.5)
    patches = draw_diffdrive(ax, (result.x[0], result.y[0], result.theta[0]), params)
    label = ax.text(0.02, 0.97, "", transform=ax.transAxes, va="top", fontsize=9)
    samples = np.linspace(0, result.t.size - 1, n_frames).round().astype(int)

    def draw_frame(frame):
        k = samples[frame]
        trace.set_data(result.x[: k + 1], result.y[: k + 1])
        place_diffdrive(patches, (result.x[k], result.y[k], result.theta[k]), params)
        label.set_text(f"t = {result.t[k]:.1f} s   v = {result.v[k]:.2f} m/s")

    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)
