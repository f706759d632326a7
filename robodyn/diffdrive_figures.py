"""Figures of the differential-drive chapter: what its sliders and animations draw.

Each ``draw_*`` function fills an empty matplotlib figure and is what
:func:`robodyn.plotting.interactive_figure` calls when a slider moves, so it must stay fast
(about 50 ms with rendering; ``benchmarks/widget_update.py`` measures it).
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch

from robodyn import diffdrive
from robodyn.plotting import animation, draw_diffdrive, place_diffdrive

#: Waypoints of the chapter's course, metres: a loop with a sharp and a gentle turn.
COURSE = np.array([[1.5, 0.0], [2.0, 1.0], [1.0, 1.8], [0.0, 1.0], [0.4, 0.2]])


def draw_velocity_explorer(fig, v, omega, params, horizon=4.0):
    """Path driven in ``horizon`` seconds at constant ``v`` [m/s] and ``omega`` [rad/s].

    Left: the path from the origin, the robot at start and end, the instantaneous centre of
    rotation and the turning circle. Right: the wheel speeds from inverse kinematics against
    the wheel speed limit of ``params``.
    """
    ax_path, ax_wheels = fig.subplots(1, 2, gridspec_kw={"width_ratios": [2.2, 1.0]})
    times = np.linspace(0.0, horizon, 121)
    start = np.zeros(3)
    path = diffdrive.integrate_pose(start, v, omega, times)
    ax_path.plot(path[0], path[1], color="tab:blue", lw=2, label="path of the axle midpoint")
    draw_diffdrive(ax_path, start, params, color="0.6")
    draw_diffdrive(ax_path, path[:, -1], params)
    radius = float(diffdrive.turning_radius(v, omega))
    if np.isfinite(radius) and abs(radius) < 5.0:
        centre = diffdrive.instantaneous_centre(start, v, omega)
        ax_path.add_patch(Circle(centre, abs(radius), fill=False, ls="--", color="0.5"))
        ax_path.plot(*centre, "x", color="tab:red", ms=9, mew=2, label="centre of rotation")
    ax_path.set_aspect("equal")
    ax_path.set_xlim(-1.4, 1.6)
    ax_path.set_ylim(-1.2, 1.4)
    ax_path.set_xlabel("x [m]")
    ax_path.set_ylabel("y [m]")
    radius_text = "straight line" if not np.isfinite(radius) else f"turning radius {radius:.2f} m"
    ax_path.set_title(f"{horizon:g} s at v = {v:.2f} m/s, ω = {omega:.2f} rad/s: {radius_text}",
                      fontsize=9)
    ax_path.legend(loc="lower left", fontsize=8)

    phi_dot_r, phi_dot_l = diffdrive.inverse_kinematics(
        v, omega, params.wheel_radius, params.track_width
    )
    speeds = np.array([phi_dot_r, phi_dot_l], dtype=float)
    limit = params.max_wheel_speed
    colours = ["tab:red" if abs(s) > limit else "tab:green" for s in speeds]
    ax_wheels.bar(["right", "left"], speeds, color=colours)
    for sign in (1, -1):
        ax_wheels.axhline(sign * limit, color="k", ls=":", lw=1)
    ax_wheels.set_ylim(-1.6 * limit, 1.6 * limit)
    ax_wheels.set_ylabel("wheel speed [rad/s]")
    over = "over the limit!" if max(abs(speeds)) > limit else "within the limit"
    ax_wheels.set_title(f"wheel speeds ({over})", fontsize=9)
    fig.tight_layout()


def draw_follower_explorer(fig, gain, dead_band_deg, tolerance, params, waypoints=COURSE,
                           speed=0.3, omega_max=2.0, t_max=40.0):
    """Course driven by the waypoint follower (kinematic model) and its heading command.

    ``dead_band_deg`` is in degrees (a slider value) and converted here; everything else SI.
    """
    follower = diffdrive.WaypointFollower(
        waypoints, speed=speed, gain=gain, dead_band=np.radians(dead_band_deg),
        omega_max=omega_max, tolerance=tolerance,
    )
    result = diffdrive.simulate(params, follower, model="kinematic", t_max=t_max)
    ax_path, ax_omega = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.3, 1.0]})
    draw_course(ax_path, waypoints, tolerance, result)
    ax_path.set_title(_outcome(result), fontsize=9)
    ax_omega.plot(result.t, result.omega, color="tab:purple", lw=1)
    for t_reached in result.waypoint_times[np.isfinite(result.waypoint_times)]:
        ax_omega.axvline(t_reached, color="0.7", lw=0.8)
    ax_omega.set_xlabel("t [s]")
    ax_omega.set_ylabel("ω [rad/s]")
    ax_omega.set_title("yaw-rate command (grey: waypoint reached)", fontsize=9)
    fig.tight_layout()
    return result


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
