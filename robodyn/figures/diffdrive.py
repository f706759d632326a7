"""Figures of the differential-drive chapter: its widgets, drawings of the robot, animations.

The two widget views (:class:`VelocityExplorer`, :class:`FollowerExplorer`) are what
:func:`robodyn.plotting.interactive_figure` redraws when a slider moves: ``setup`` draws the
fixed parts once, ``update`` moves only what changes. :func:`velocity_explorer` and
:func:`follower_explorer` make the chapter's two widgets, sliders included; ``WIDGETS``
lists them for the tests and ``benchmarks/widget_update.py``. The other functions draw the
D-shaped robot, static figures and the course animation.
"""

from __future__ import annotations

import dataclasses

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import SVG
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Arc, Circle, FancyArrowPatch, Polygon, Wedge

from robodyn import diffdrive
from robodyn.core.errors import ParameterError
from robodyn.diffdrive.waypoints import FollowerSettings
from robodyn.plotting import ORANGE, animation, interactive_figure
from robodyn.plotting.interactive import FIGURE_INCHES
from robodyn.plotting.vector import svg_image

#: The chapter's waypoint follower: the defaults of FollowerSettings (their course included),
#: with a dead band of 2 degrees, a value on the widget's dead-band slider (the default
#: 0.05 rad is 2.86 degrees).
COURSE_SETTINGS = FollowerSettings(dead_band=np.radians(2.0))
#: Waypoints of the chapter's course, metres (FollowerSettings' default).
COURSE = COURSE_SETTINGS.waypoints


class VelocityExplorer:
    """Widget view: the path driven in ``horizon`` seconds at constant v and omega.

    Top: the path from the origin, the robot at start and end, the instantaneous centre of
    rotation and the turning circle. Bottom: the wheel speeds from inverse kinematics, as
    horizontal bars, against the wheel speed limit of ``params``. Use with
    :func:`robodyn.plotting.interactive_figure` and controls named ``v`` [m/s] and
    ``omega`` [rad/s]; the margins suit the figure of :func:`velocity_explorer`.
    """

    def __init__(self, params, horizon=4.0, max_radius_drawn=5.0):
        self.params = params
        self.horizon = horizon
        self.max_radius_drawn = max_radius_drawn
        self.times = np.linspace(0.0, horizon, 121)

    def setup(self, fig):
        """Axes, limits, labels and the robot at the start; the changing artists, empty.

        The path's legend stands above its axes, where no path can pass under it.
        """
        self.ax_path, self.ax_wheels = fig.subplots(
            2, 1, gridspec_kw={"height_ratios": [3.0, 1.0]})
        fig.subplots_adjust(left=0.14, right=0.97, bottom=0.09, top=0.86, hspace=0.42)
        ax, limit = self.ax_path, self.params.max_wheel_speed
        ax.set_aspect("equal")
        ax.set(xlim=(-2.3, 2.3), ylim=(-1.2, 1.4), xlabel="x [m]", ylabel="y [m]")
        ax.set_title(f"path in {self.horizon:g} s", loc="left", fontsize=10)
        draw_diffdrive(ax, np.zeros(3), self.params, color="0.6")
        (self.path,) = ax.plot([], [], color="tab:blue", lw=2, label="path of the axle midpoint")
        (self.centre,) = ax.plot([], [], "x", color="tab:red", ms=9, mew=2,
                                 label="centre of rotation")
        self.circle = ax.add_patch(Circle((0.0, 0.0), 1.0, fill=False, ls="--", color="0.5"))
        self.robot = draw_diffdrive(ax, np.zeros(3), self.params)
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.09), ncol=2, fontsize=10,
                  handlelength=1.5, columnspacing=1.2, frameon=False)
        # Changing text is slow to draw (about 50 us a character in matplotlib 3.11): the
        # slider readouts show v and omega, so the titles only say what they do not.
        self.radius_title = ax.set_title(" ", loc="right", fontsize=10)
        # left wheel above the right one, as on the robot drawn at heading 0 above
        self.bars = list(self.ax_wheels.barh(["right", "left"], [0.0, 0.0], height=0.6))
        for sign in (1, -1):
            self.ax_wheels.axvline(sign * limit, color="k", ls=":", lw=1)
        self.ax_wheels.set(xlim=(-1.6 * limit, 1.6 * limit), xlabel="wheel speed [rad/s]")
        self.wheels_title = self.ax_wheels.set_title(" ", fontsize=10)

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
        self.radius_title.set_text(
            f"turning radius {radius:.2f} m" if np.isfinite(radius) else "straight line"
        )
        speeds = diffdrive.inverse_kinematics(
            v, omega, self.params.wheel_radius, self.params.track_width
        )
        limit = self.params.max_wheel_speed
        over = [abs(float(speed)) > limit for speed in speeds]
        for bar, speed, too_fast in zip(self.bars, speeds, over, strict=True):
            bar.set_width(float(speed))
            bar.set_color("tab:red" if too_fast else "tab:green")
        self.wheels_title.set_text("over the limit!" if any(over) else "wheel speeds")
        self.wheels_title.set_color("tab:red" if any(over) else "black")
        return [self.path, self.centre, self.circle, *self.robot, self.radius_title,
                *self.bars, self.wheels_title]


class FollowerExplorer:
    """Widget view: the course driven by the waypoint follower (kinematic model).

    Controls named ``gain`` [1/s], ``dead_band_deg`` [degrees, converted here] and
    ``tolerance`` [m] replace those three of ``settings`` (waypoints, speed and yaw-rate
    limit stay). Top: waypoints with their tolerance discs and the path; bottom: the yaw-rate
    command, with grey lines where a waypoint was reached. ``result`` holds the last
    simulation. The margins suit the figure of :func:`follower_explorer`.
    """

    def __init__(self, params, settings=COURSE_SETTINGS, t_max=40.0, margin=0.6):
        if not isinstance(settings, FollowerSettings):
            raise ParameterError(f"settings must be a FollowerSettings, got {settings!r} of "
                                 f"type {type(settings).__name__}")
        self.params = params
        self.settings = settings
        self.waypoints = settings.waypoints
        self.omega_max = settings.omega_max
        self.t_max, self.margin = t_max, margin
        self.result = None

    def setup(self, fig):
        """Axes with fixed limits, waypoint numbers, and the changing artists, empty."""
        self.ax_path, self.ax_omega = fig.subplots(
            2, 1, gridspec_kw={"height_ratios": [1.9, 1.0]})
        fig.subplots_adjust(left=0.14, right=0.97, bottom=0.09, top=0.94, hspace=0.42)
        low = self.waypoints.min(axis=0) - self.margin
        high = self.waypoints.max(axis=0) + self.margin
        ax = self.ax_path
        # x widened beyond the margin to fill the axes' width at equal scales
        box = ax.get_position()
        width, height = box.width * fig.get_figwidth(), box.height * fig.get_figheight()
        middle, half = (low[0] + high[0]) / 2, (high[1] - low[1]) * width / height / 2
        ax.set_aspect("equal")
        ax.set(xlim=(min(low[0], middle - half), max(high[0], middle + half)),
               ylim=(low[1], high[1]), xlabel="x [m]", ylabel="y [m]")
        self.discs = []
        for number, (x_w, y_w) in enumerate(self.waypoints, start=1):
            self.discs.append(ax.add_patch(Circle((x_w, y_w), self.settings.tolerance,
                                                  color=ORANGE, alpha=0.35)))
            _number_waypoint(ax, number, x_w, y_w)
        (self.path,) = ax.plot([], [], color="tab:blue", lw=1.5)
        (self.omega,) = self.ax_omega.plot([], [], color="tab:purple", lw=1)
        self.reached = self.ax_omega.add_collection(LineCollection([], colors="0.7", lw=0.8))
        limit = 1.15 * self.omega_max
        self.ax_omega.set(xlim=(0.0, self.t_max), ylim=(-limit, limit), xlabel="t [s]",
                          ylabel="ω [rad/s]")
        self.ax_omega.set_title("yaw-rate command", loc="left", fontsize=10)
        # above the axes, right of the title: the command may fill the whole axes
        self.ax_omega.legend(handles=[Line2D([], [], color="0.7", lw=0.8,
                                             label="waypoint reached")],
                             loc="lower right", bbox_to_anchor=(1.0, 1.0), fontsize=10,
                             frameon=False, borderaxespad=0.0, borderpad=0.2)
        self.outcome = ax.set_title(" ", fontsize=10)

    def update(self, gain, dead_band_deg, tolerance):
        """Simulate the course with these settings and show it; return the changing artists."""
        settings = dataclasses.replace(self.settings, gain=gain,
                                       dead_band=np.radians(dead_band_deg), tolerance=tolerance)
        result = diffdrive.simulate(self.params, settings, model="kinematic", t_max=self.t_max)
        self.result = result
        for disc in self.discs:
            disc.set_radius(tolerance)
        self.path.set_data(result.x, result.y)
        self.omega.set_data(result.t, result.omega)
        times = result.waypoint_times[np.isfinite(result.waypoint_times)]
        limit = 1.15 * self.omega_max
        self.reached.set_segments([[(t, -limit), (t, limit)] for t in times])
        self.outcome.set_text(_outcome(result))
        return [*self.discs, self.path, self.reached, self.omega, self.outcome]


def _number_waypoint(ax, number, x_w, y_w):
    """The waypoint's number, up and right of it, where the path does not cover it."""
    ax.annotate(str(number), (x_w, y_w), xytext=(5, 5), textcoords="offset points",
                ha="left", va="bottom", fontsize=10)


def _outcome(result) -> str:
    reached = int(np.sum(np.isfinite(result.waypoint_times)))
    total = result.waypoint_times.size
    if result.success:
        return f"all {total} waypoints reached in {result.t[-1]:.1f} s"
    return f"only {reached} of {total} waypoints reached in {result.t[-1]:.0f} s"


def draw_course(ax, waypoints, tolerance, result=None, label=None, color="tab:blue"):
    """Waypoints as numbered discs of radius ``tolerance`` and, if given, the path driven."""
    for number, (x_w, y_w) in enumerate(np.atleast_2d(waypoints), start=1):
        ax.add_patch(Circle((x_w, y_w), tolerance, color=ORANGE, alpha=0.35))
        _number_waypoint(ax, number, x_w, y_w)
    if result is not None:
        ax.plot(result.x, result.y, color=color, lw=1.5, label=label)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_xlabel("x [m]")
    ax.set_ylabel("y [m]")


def draw_state_diagram(ax, fontsize: float = 10.0):
    """The waypoint follower's state machine: FollowWaypoints and ReachedGoal.

    Laid out in points from the middle of ``ax`` (its axes hidden), so each box wraps its
    text at any figure size: at 10 points the drawing is about 4.8 by 1.5 inches, and a
    figure saved with ``bbox_inches="tight"`` (as the notebook's inline backend does) is
    cropped to it. Returns the two state boxes (texts with their boxes).
    """
    box_pad = 0.6  # of the font size, between a text and its box's edge
    box = {"boxstyle": f"round,pad={box_pad}", "fc": "#e8f0fb", "ec": "k"}
    clear = box_pad * fontsize + 1.0  # points an arrow stops short of a text: at its box
    arrow = {"arrowstyle": "-|>", "mutation_scale": 15, "color": "k"}
    text = {"textcoords": "offset points", "fontsize": fontsize}
    follow = ax.annotate("FollowWaypoints\n(goal i)\nv = speed\nω = heading command",
                         (0.5, 0.5), xycoords="axes fraction", xytext=(-80, -20),
                         ha="center", va="center", bbox=box, **text)
    goal = ax.annotate("ReachedGoal\nv = 0, ω = 0", (1.0, 0.5), xycoords=follow,
                       xytext=(100, 0), ha="left", va="center", bbox=box,
                       arrowprops={**arrow, "arrowstyle": "<|-", "shrinkB": clear}, **text)
    ax.annotate("distance < tol\nand i = N", (1.0, 0.5), xycoords=follow, xytext=(50, 4),
                ha="center", va="bottom", **text)
    ax.annotate("", (0.8, 1.0), xycoords=follow, xytext=(0.2, 1.0), textcoords=follow,
                arrowprops={**arrow, "connectionstyle": "arc3,rad=-0.6", "shrinkA": clear,
                            "shrinkB": clear})
    ax.annotate("distance < tol and i < N:  i ← i + 1", (0.5, 1.0), xycoords=follow,
                xytext=(0, 24), ha="center", va="bottom", **text)
    ax.annotate("start\ni = 1", (0.0, 0.5), xycoords=follow, xytext=(-55, 0), ha="left",
                va="bottom", arrowprops={**arrow, "relpos": (0.0, 0.0), "shrinkA": 0,
                                         "shrinkB": clear}, **text)
    ax.axis("off")
    return follow, goal


def course_animation_frames(result, params, waypoints, tolerance, n_frames=80):
    """The figure of :func:`course_animation` and its ``draw_frame(i)``, for 0 <= i < n_frames.

    The figure is :data:`~robodyn.plotting.interactive.FIGURE_INCHES` wide, 525 px at
    matplotlib's 100 dpi: the page shows it unscaled, a phone at 342 px with 10-point text
    still 9 px high.
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(FIGURE_INCHES, 4.6), layout="constrained")
    draw_course(ax, waypoints, tolerance)
    margin = 0.4
    ax.set_xlim(min(result.x.min(), waypoints[:, 0].min()) - margin,
                max(result.x.max(), waypoints[:, 0].max()) + margin)
    ax.set_ylim(min(result.y.min(), waypoints[:, 1].min()) - margin,
                max(result.y.max(), waypoints[:, 1].max()) + margin)
    (trace,) = ax.plot([], [], color="tab:blue", lw=1.5)
    patches = draw_diffdrive(ax, (result.x[0], result.y[0], result.theta[0]), params)
    label = ax.text(0.02, 0.97, "", transform=ax.transAxes, va="top", fontsize=10)
    samples = np.linspace(0, result.t.size - 1, n_frames).round().astype(int)

    def draw_frame(frame):
        k = samples[frame]
        trace.set_data(result.x[: k + 1], result.y[: k + 1])
        place_diffdrive(patches, (result.x[k], result.y[k], result.theta[k]), params)
        label.set_text(f"t = {result.t[k]:.1f} s   v = {result.v[k]:.2f} m/s")

    return fig, draw_frame


def course_animation(result, params, waypoints, tolerance, n_frames=80, interval_ms=80.0):
    """A jshtml animation of a simulated course: the robot moving, its trace growing."""
    fig, draw_frame = course_animation_frames(result, params, waypoints, tolerance, n_frames)
    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


# --------------------------------------------------------------------------- the widgets


def velocity_explorer(params=None):
    """The chapter's widget: sliders for v and omega over a :class:`VelocityExplorer`.

    v starts at the follower's forward speed (``FollowerSettings().speed``).
    """
    params = diffdrive.DiffDriveParams() if params is None else params
    speed = widgets.FloatSlider(value=FollowerSettings().speed, min=-0.5, max=0.5, step=0.01,
                                description="v [m/s]", readout_format=".2f")
    yaw_rate = widgets.FloatSlider(value=0.5, min=-3.0, max=3.0, step=0.05,
                                   description="ω [rad/s]", readout_format=".2f")
    return interactive_figure(
        VelocityExplorer(params), {"v": speed, "omega": yaw_rate},
        figsize=(FIGURE_INCHES, 5.2),
        alt="Path, centre of rotation and wheel speeds for the chosen v and omega",
    )


def follower_explorer(params=None, settings=COURSE_SETTINGS):
    """The chapter's widget: gain, dead band and tolerance over a :class:`FollowerExplorer`.

    The sliders start at the values of ``settings``.
    """
    params = diffdrive.DiffDriveParams() if params is None else params
    gain = widgets.FloatSlider(value=settings.gain, min=0.2, max=8.0, step=0.1,
                               description="gain k [1/s]", readout_format=".1f")
    dead_band = widgets.FloatSlider(value=np.degrees(settings.dead_band), min=0.0, max=20.0,
                                    step=0.5, description="dead band [°]", readout_format=".1f")
    tolerance = widgets.FloatSlider(value=settings.tolerance, min=0.02, max=0.40, step=0.01,
                                    description="tolerance [m]", readout_format=".2f")
    return interactive_figure(
        FollowerExplorer(params, settings),
        {"gain": gain, "dead_band_deg": dead_band, "tolerance": tolerance},
        figsize=(FIGURE_INCHES, 5.6),
        alt="Course driven by the waypoint follower for the chosen gains",
    )


#: The widgets of the chapter: each takes a DiffDriveParams, or nothing for the default robot
#: (the tests and benchmarks call them so).
WIDGETS = (velocity_explorer, follower_explorer)


# --------------------------------------------------------------------------- the robot


def diffdrive_outline(length: float, width: float) -> np.ndarray:
    """Outline of a D-shaped robot body in body coordinates, shape (2, n), metres.

    The axle midpoint is the origin, x points forward: a half disc of radius ``width / 2``
    behind the axle and a rectangle ahead of it, with the flat front edge at
    ``length - width / 2``.
    """
    half = width / 2.0
    arc = np.linspace(np.pi / 2.0, 3.0 * np.pi / 2.0, 25)
    front = length - half
    xs = np.concatenate([[front], half * np.cos(arc), [front]])
    ys = np.concatenate([[half], half * np.sin(arc), [-half]])
    return np.vstack([xs, ys])


def draw_diffdrive(ax, pose, params, *, color: str = "tab:blue", alpha: float = 0.35):
    """Draw the D-shaped differential-drive robot at ``pose = (x, y, theta)`` on ``ax``.

    Body size, wheel radius and track width come from ``params``
    (:class:`robodyn.diffdrive.DiffDriveParams`). Returns the list of patches drawn, so an
    animation can move them with :func:`place_diffdrive`.
    """
    patches = [
        Polygon(np.zeros((3, 2)), closed=True, facecolor=color, edgecolor="k", alpha=alpha),
        Polygon(np.zeros((4, 2)), closed=True, facecolor="k"),
        Polygon(np.zeros((4, 2)), closed=True, facecolor="k"),
        Polygon(np.zeros((3, 2)), closed=True, facecolor="k"),
    ]
    for patch in patches:
        ax.add_patch(patch)
    place_diffdrive(patches, pose, params)
    return patches


def place_diffdrive(patches, pose, params) -> None:
    """Move the patches made by :func:`draw_diffdrive` to a new pose."""
    x, y, theta = (float(value) for value in pose)
    rotation = _rotation(theta)
    radius, half_track = params.wheel_radius, params.track_width / 2.0
    wheel_width = 0.25 * radius
    body = diffdrive_outline(params.body_length, params.body_width)
    wheel = np.array([[-radius, radius, radius, -radius], [-1, -1, 1, 1]], dtype=float)
    wheel[1] *= wheel_width / 2.0
    arrow_tip = 0.8 * (params.body_length - params.body_width / 2.0)
    arrow = np.array([[0.0, arrow_tip, 0.0], [0.3 * half_track, 0.0, -0.3 * half_track]])
    shapes = [
        body,
        wheel + np.array([[0.0], [half_track]]),
        wheel + np.array([[0.0], [-half_track]]),
        arrow,
    ]
    for patch, shape in zip(patches, shapes, strict=True):
        world = rotation @ shape + np.array([[x], [y]])
        patch.set_xy(world.T)


# --------------------------------------------------------------------------- the drawing


def _rotation(theta: float) -> np.ndarray:
    """The 2x2 rotation by ``theta`` (rad), body to world."""
    return np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])


class _Sketch:
    """Arrows and labels on ``ax``, placed in world or body coordinates (metres)."""

    def __init__(self, ax, pose, fontsize: float):
        self.ax, self.fontsize = ax, fontsize
        self.origin = np.array(pose[:2], dtype=float)
        self.R_WB = _rotation(pose[2])

    def world(self, x_B: float, y_B: float) -> np.ndarray:
        """A point given in the body frame B, in world coordinates."""
        return self.R_WB @ np.array([x_B, y_B]) + self.origin

    def arrow(self, start, end, color="k", lw=1.4, style="-|>", bend=0.0):
        self.ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=12,
                                          color=color, lw=lw, shrinkA=0, shrinkB=0,
                                          connectionstyle=f"arc3,rad={bend}"))

    def label(self, point, text, color="k"):
        self.ax.text(*point, text, fontsize=self.fontsize, color=color, ha="center",
                     va="center")


def draw_robot_from_above(ax, params, pose=(0.40, 0.26, 0.5), *, com: bool = True,
                          velocities: bool = True, fontsize: float = 12.0) -> None:
    r"""Draw the robot seen from above with every symbol of the chapter's first equations.

    The world frame W at the origin; the body frame B at the axle midpoint ``(x, y)``,
    :math:`x_B` along the heading :math:`\theta`, :math:`y_B` to the left; the wheels, a
    track width L apart, each 2R long seen from above; with ``velocities`` the wheels' rim
    speeds :math:`R\dot\varphi_r`, :math:`R\dot\varphi_l`, the forward speed v and the yaw
    rate :math:`\omega`; with ``com`` the centre of mass C a distance d ahead of the axle.
    Body, wheels and track come from ``params`` (:class:`robodyn.diffdrive.DiffDriveParams`),
    drawn to scale; ``pose`` is ``(x, y, theta)`` in m, m, rad.
    """
    sketch = _Sketch(ax, pose, fontsize)
    world, arrow, label = sketch.world, sketch.arrow, sketch.label
    x, y, theta = pose
    radius, half = params.wheel_radius, params.track_width / 2.0
    body = sketch.R_WB @ diffdrive_outline(params.body_length, params.body_width)
    ax.add_patch(Polygon((body + sketch.origin[:, None]).T, closed=True, facecolor="#dbe7f3",
                         edgecolor="0.25", lw=1.2))
    for side in (-1.0, 1.0):                               # right wheel, left wheel
        corners = [world(along, side * half + across)
                   for along, across in ((-radius, -0.011), (radius, -0.011),
                                         (radius, 0.011), (-radius, 0.011))]
        ax.add_patch(Polygon(corners, closed=True, facecolor="0.15", edgecolor="none"))

    grey, blue, red = "0.35", "tab:blue", "tab:red"
    arrow((0, 0), (0.13, 0), grey)                         # the world frame W
    arrow((0, 0), (0, 0.13), grey)
    label((0.15, -0.012), "$x_W$", grey)
    label((-0.02, 0.145), "$y_W$", grey)
    label((-0.022, -0.018), "$W$", grey)
    arrow(sketch.origin, world(0.30, 0.0), blue)           # the body frame B
    arrow(sketch.origin, world(0.0, 0.26), blue)
    label(world(0.325, 0.0), "$x_B$", blue)
    label(world(-0.03, 0.27), "$y_B$", blue)
    label(world(-0.03, -0.035), "$B$", blue)
    ax.plot(x, y, "o", color=blue, ms=4)

    ax.plot([x, x + 0.30], [y, y], color="0.45", lw=0.9, ls="--")     # the heading
    ax.add_patch(Arc((x, y), 0.5, 0.5, theta1=0.0, theta2=np.degrees(theta), color="0.2"))
    label((x + 0.275 * np.cos(theta / 2), y + 0.275 * np.sin(theta / 2)), r"$\theta$")
    ax.plot([0, x], [0, y], color="0.6", lw=0.8, ls=":")              # the position
    ax.annotate("$(x, y)$", (x, y), (x - 0.13, y - 0.21), fontsize=fontsize, ha="center",
                va="center", arrowprops=dict(arrowstyle="-", color="0.3", lw=0.8, shrinkA=2,
                                             shrinkB=3))

    behind = -0.085                                        # the track width, behind the axle
    for side in (-1.0, 1.0):
        ax.plot(*np.column_stack([world(0.0, side * half), world(behind, side * half)]),
                color="0.45", lw=0.7)
    arrow(world(behind, -half), world(behind, half), "0.2", lw=1.0, style="<|-|>")
    label(world(behind - 0.025, 0.06), "$L$")
    ax.plot(*np.column_stack([world(-radius, 0.02 - half), world(radius, 0.02 - half)]),
            color="0.2", lw=1.0)                           # the wheel's length, 2R
    label(world(0.0, 0.045 - half), "$2R$")

    if velocities:
        for side, text, length in ((-1.0, r"$R\dot\varphi_r$", 0.16),
                                   (1.0, r"$R\dot\varphi_l$", 0.10)):
            lane = side * (half + 0.045)
            arrow(world(-radius, lane), world(length - radius, lane), red)
            label(world(-radius - 0.075, side * (half + 0.065)), text, red)
        front = params.body_length - params.body_width / 2.0
        arrow(world(front + 0.01, 0.07), world(front + 0.14, 0.07), red, lw=2.0)
        label(world(front + 0.09, 0.105), "$v$", red)
        arrow(world(-0.23, -0.09), world(-0.23, 0.09), red, bend=-0.45)
        label(world(-0.29, 0.0), r"$\omega$", red)
    if com:
        centre = world(params.com_offset, 0.0)
        ax.add_patch(Circle(centre, 0.011, facecolor="white", edgecolor="k", lw=1, zorder=5))
        for start in (0.0, 180.0):                         # the centre-of-mass symbol
            ax.add_patch(Wedge(centre, 0.011, start, start + 90.0, color="k", zorder=6))
        label(world(params.com_offset + 0.01, -0.035), "$C$")
        label(world(params.com_offset / 2.0, 0.03), "$d$")
    ax.set_aspect("equal")
    ax.set_axis_off()


def robot_drawing(params=None) -> SVG:
    """The chapter's drawing of the robot seen from above, as an SVG image (see
    :func:`draw_robot_from_above`); ``params`` defaults to ``DiffDriveParams()``."""
    params = diffdrive.DiffDriveParams() if params is None else params
    fig, ax = plt.subplots(figsize=(FIGURE_INCHES, 4.2))
    draw_robot_from_above(ax, params)
    ax.set_xlim(-0.05, 0.85)
    ax.set_ylim(-0.04, 0.64)
    return svg_image(fig)


def draw_sideways_shuffle(ax, params, eps: float = 0.4, cycles: int = 3) -> np.ndarray:
    r"""Draw the robot shuffling sideways: ``cycles`` times forward, turn, back, turn back.

    Each move lasts ``eps`` seconds at :math:`v = 1` m/s or :math:`\omega = \pm 1` rad/s,
    driven with the exact step :func:`robodyn.diffdrive.integrate_pose`; the robot is drawn
    at its start (grey) and its end (blue) with the path of its axle midpoint between. One
    cycle moves it by about :math:`\varepsilon^2` to its right. Returns the end pose.
    """
    if not eps > 0.0:
        raise ParameterError(f"eps must be > 0 s, got {eps!r}")
    if not (isinstance(cycles, int) and cycles >= 1):
        raise ParameterError(f"cycles must be a whole number >= 1, got {cycles!r}")
    moves = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))
    pose, path = np.zeros(3), [np.zeros(3)]
    for _ in range(cycles):
        for v, omega in moves:
            steps = np.linspace(0.0, eps, 12)[1:]
            path.extend(diffdrive.integrate_pose(pose, v, omega, dt) for dt in steps)
            pose = path[-1]
    path = np.array(path)
    draw_diffdrive(ax, np.zeros(3), params, color="0.6", alpha=0.35)
    draw_diffdrive(ax, pose, params, color="tab:blue", alpha=0.45)
    ax.plot(path[:, 0], path[:, 1], color="tab:red", lw=1.2)
    margin = params.body_length
    ax.set_xlim(path[:, 0].min() - margin, path[:, 0].max() + margin)
    ax.set_ylim(path[:, 1].min() - margin, path[:, 1].max() + margin)
    ax.set_aspect("equal")
    return pose


def draw_euler_against_exact(ax, v: float, omega: float, dt: float, steps: int) -> None:
    r"""Draw a circle driven at constant ``v`` (m/s) and ``omega`` (rad/s), its pose updated
    ``steps`` times every ``dt`` seconds by the exact step
    (:func:`robodyn.diffdrive.integrate_pose`, dots on the true circle) and by Euler's step
    (:func:`robodyn.diffdrive.euler_pose_step`, squares spiralling outwards).
    """
    if not (isinstance(steps, int) and steps >= 1):
        raise ParameterError(f"steps must be a whole number >= 1, got {steps!r}")
    exact, euler = [np.zeros(3)], [np.zeros(3)]
    for _ in range(steps):
        exact.append(diffdrive.integrate_pose(exact[-1], v, omega, dt))
        euler.append(diffdrive.euler_pose_step(euler[-1], v, omega, dt))
    exact, euler = np.array(exact), np.array(euler)
    true = diffdrive.integrate_pose(np.zeros(3), v, omega, np.linspace(0, steps * dt, 400))
    ax.plot(true[0], true[1], color="0.6", lw=3, label="true path")
    ax.plot(exact[:, 0], exact[:, 1], "o", color="tab:blue", label="exact step")
    ax.plot(euler[:, 0], euler[:, 1], "s-", color="tab:red", ms=4, lw=1, label="Euler step")
    ax.set(xlabel="x [m]", ylabel="y [m]", aspect="equal")
