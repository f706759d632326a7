"""A climb drawn: its animation, its history, and the explorer widget of a grid of climbs."""

from __future__ import annotations

import functools

import ipywidgets as widgets
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.transforms import ScaledTranslation

from robodyn import vacuum
from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.figures.vacuum.drawing import (
    CONTACT_COLOURS,
    FORCE_SCALE_MM_PER_N,
    LABEL_FONT_PT,
    LABEL_GAP_PT,
    LINE_SPACING,
    MM,
    ON_STEP_TOLERANCE,
    POINTS_PER_INCH,
    column_subplots,
    draw_robot,
    draw_step,
    place_robot,
    place_step,
)
from robodyn.plotting import interactive_figure
from robodyn.plotting.animation import animation
from robodyn.plotting.interactive import FIGURE_INCHES


def _force_quiver(ax, names, scale: float):
    """One quiver for the contact forces (an arrow per name, mm per N ``scale``), empty."""
    n = len(names)
    quiver = ax.quiver(np.zeros(n), np.zeros(n), np.full(n, np.nan), np.full(n, np.nan),
                       color=[CONTACT_COLOURS.get(name, "k") for name in names],
                       angles="xy", scale_units="xy", scale=1.0, width=0.005, headwidth=3.5,
                       headlength=4, headaxislength=3.5, zorder=6)
    quiver.contact_names, quiver.force_scale = tuple(names), scale
    return quiver


def _place_forces(quiver, attempt, k: int, x_origin: float) -> None:
    """The forces of sample ``k`` as arrows from the contact points, mm; zero ones hidden."""
    points = np.array([attempt.points[name][k] for name in quiver.contact_names])
    forces = np.array([attempt.forces[name][k] for name in quiver.contact_names])
    acting = np.hypot(forces[:, 0], forces[:, 1]) > 0.0
    lengths = np.where(acting[:, None], quiver.force_scale * forces, np.nan)
    quiver.set_offsets(MM * (points - [x_origin, 0.0]))
    quiver.set_UVC(lengths[:, 0], lengths[:, 1])


def check_attempt(attempt) -> None:
    if not (isinstance(attempt, SimulationResult) and "outcome" in attempt.details):
        raise ParameterError(f"attempt must be an attempt at a step, a SimulationResult of "
                             f"robodyn.vacuum.climb, got {type(attempt).__name__}")


def normal_loads(attempt, fillet: float) -> dict:
    """Each contact's normal load over the attempt, N, by name, shape (n,): its force's
    component along the ground's outward normal at its contact point (from
    :func:`robodyn.vacuum.step_distance` of the attempt's step, filleted by ``fillet`` m)."""
    check_attempt(attempt)
    loads = {}
    for name, force in attempt.forces.items():
        normals = np.array([vacuum.step_distance(point, attempt.step_x, attempt.height,
                                                 fillet)[1]
                            for point in attempt.points[name]])
        loads[name] = np.sum(force * normals, axis=1)
    return loads


def first_touch(attempt, name: str) -> float | None:
    """The first time (s) the contact ``name`` pushes on the step (its face, fillet or top,
    not the floor), or None if it never does."""
    check_attempt(attempt)
    if name not in attempt.forces:
        raise ParameterError(f"name must be one of the attempt's contacts "
                             f"{sorted(attempt.forces)}, got {name!r}")
    force, point = attempt.forces[name], attempt.points[name]
    touching = (np.hypot(force[:, 0], force[:, 1]) > 0.0) & (
        point[:, 0] >= attempt.step_x - ON_STEP_TOLERANCE)
    return float(attempt.t[np.argmax(touching)]) if touching.any() else None


def outcome_text(attempt) -> str:
    """'climbed in 1.05 s', 'stalled at 1.20 s' or 'timed out at 4.00 s'."""
    if attempt.climbed:
        return f"climbed in {attempt.t_end:.2f} s"
    return f"{attempt.outcome} at {attempt.t_end:.2f} s"


def _side_limits(attempt, robot):
    """x (mm from the face) and z limits that hold the robot's whole run and the step."""
    p = robot.p
    rear = attempt.x[0] + p.cog_behind - 0.5 * p.body_length - attempt.step_x
    front = attempt.x[-1] + p.cog_behind + 0.5 * p.body_length - attempt.step_x
    return (MM * rear - 15, MM * front + 25), (-12.0, MM * (attempt.height + p.body_height) + 25)


def climb_animation_frames(attempt, params: vacuum.VacuumParams | None = None,
                           n_frames: int = 60, scale: float = FORCE_SCALE_MM_PER_N):
    """The figure of :func:`climb_animation` and its ``draw_frame(i)``, 0 <= i < n_frames.

    The side view, x from the step's face in mm: the step, the robot, and each contact's
    force on the robot as an arrow from its contact point (``scale`` mm per N; forces that
    are zero are not drawn). A line of text above the axes gives t and the outcome; over it
    stand the force scale (left) and the legend of the contacts (right): the robot never
    runs into them.
    """
    import matplotlib.pyplot as plt

    check_attempt(attempt)
    p = vacuum.VacuumParams() if params is None else params
    robot = vacuum.PlanarRobot(p, attempt.variant)
    fig, ax = plt.subplots(figsize=(FIGURE_INCHES, 2.5), layout="constrained")
    (x0, x1), (z0, z1) = _side_limits(attempt, robot)
    ax.set(xlim=(x0, x1), ylim=(z0, z1), aspect="equal", xlabel="x from the step's face [mm]",
           ylabel="z [mm]")
    draw_step(ax, attempt.step_x, attempt.height, p.fillet, x_origin=attempt.step_x)
    q, _ = vacuum.coordinates(attempt)
    artists = draw_robot(ax, robot, q[0], x_origin=attempt.step_x)
    quiver = _force_quiver(ax, list(attempt.forces), scale)
    _contact_legend(ax, attempt.forces)
    label = _text_above(ax, "", "left")
    _text_above(ax, f"forces: {scale:g} mm per N", "left", row=1, color="0.3")
    samples = np.linspace(0, attempt.t.size - 1, n_frames).round().astype(int)

    def draw_frame(frame):
        k = samples[frame]
        place_robot(artists, robot, q[k])
        _place_forces(quiver, attempt, k, attempt.step_x)
        label.set_text(f"t = {attempt.t[k]:.2f} s    {attempt.variant}, "
                       f"{MM * attempt.height:g} mm: {outcome_text(attempt)}")

    draw_frame(0)
    fig.robot_artists, fig.force_quiver = artists, quiver
    return fig, draw_frame


def _row_height_pt(row: int) -> float:
    """Height above the axes' top, points, of the foot of the ``row``-th line of text over
    them (0 the lowest): :data:`LABEL_GAP_PT` below each line."""
    return LABEL_GAP_PT + row * (LABEL_GAP_PT + LINE_SPACING * LABEL_FONT_PT)


def _text_above(ax, text: str, side: str, row: int = 0, **style):
    """A line of text above the axes, the ``row``-th (:func:`_row_height_pt`), flush with
    their ``side`` ('left' or 'right'): outside the axes, so clear of all they draw."""
    return ax.annotate(text, xy=(0.0 if side == "left" else 1.0, 1.0),
                       xycoords="axes fraction", xytext=(0.0, _row_height_pt(row)),
                       textcoords="offset points", ha=side, va="bottom",
                       fontsize=LABEL_FONT_PT, **style)


def _contact_legend(ax, names, ncol: int = 3):
    """The contacts' colours in rows of ``ncol`` above the axes, right, standing on the
    second line of :func:`_text_above` (the first runs under them)."""
    handles = [Line2D([], [], color=CONTACT_COLOURS.get(name, "k"), lw=2, label=name)
               for name in names]
    above = _row_height_pt(1) / POINTS_PER_INCH                                     # in
    raised = ax.transAxes + ScaledTranslation(0.0, above, ax.figure.dpi_scale_trans)
    return ax.legend(handles=handles, loc="lower right", fontsize=LABEL_FONT_PT, ncol=ncol,
                     frameon=False, bbox_to_anchor=(1.0, 1.0), bbox_transform=raised,
                     borderaxespad=0.0, borderpad=0.0, handlelength=1.2, columnspacing=0.8)


def climb_animation(attempt, params: vacuum.VacuumParams | None = None, n_frames: int = 60,
                    interval_ms: float = 60.0, scale: float = FORCE_SCALE_MM_PER_N):
    """A jshtml animation of an attempt of :func:`robodyn.vacuum.climb`: the robot driving at
    the step with its contact forces (:func:`climb_animation_frames`)."""
    fig, draw_frame = climb_animation_frames(attempt, params, n_frames, scale)
    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


def suspension_travel(attempt) -> tuple[np.ndarray, str]:
    """The suspension's travel from its rest (the attempt's first sample, the static state)
    and its unit: deg for an arm (positive: wheel down), mm for the telescopic unit."""
    travel = attempt.suspension - attempt.suspension[0]
    if attempt.variant == "telescopic":
        return MM * travel, "mm"
    return np.degrees(travel), "deg"


def climb_history_figure(attempt, params: vacuum.VacuumParams | None = None):
    """A climb over time: the contacts' normal loads (:func:`normal_loads`: the component
    along the ground's normal), the suspension's travel from rest, and the wheel's rim speed
    (its turn rate times R) with the chassis's speed (of its centre of gravity); the
    moments the mouth and the wheel first touch the step (:func:`first_touch`) are marked.
    Returns the figure."""
    check_attempt(attempt)
    p = vacuum.VacuumParams() if params is None else params
    loads = normal_loads(attempt, p.fillet)
    fig, (ax_n, ax_s, ax_v) = column_subplots(3, 1, 7.0, sharex=True,
                                        gridspec_kw={"height_ratios": [1.4, 1, 1]})
    for name, load in loads.items():
        ax_n.plot(attempt.t, load, color=CONTACT_COLOURS.get(name, "k"), lw=1.4,
                  ls="--" if "edge" in name else "-", label=name)
    ax_n.set_ylabel("normal load [N]")
    # above the loads, under the title: inside, it would hide the peaks
    ax_n.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=3, fontsize=10,
                frameon=False, borderaxespad=0.2, handlelength=1.6, columnspacing=1.0)
    fig.suptitle(f"{attempt.variant}, step {MM * attempt.height:g} mm, "
                 f"{attempt.speed:g} m/s, friction × {attempt.friction_scale:g}: "
                 f"{outcome_text(attempt)}", fontsize=10)
    travel, unit = suspension_travel(attempt)
    ax_s.plot(attempt.t, travel, color="tab:red", lw=1.5)
    ax_s.axhline(0.0, color="0.8", lw=0.8)
    ax_s.set_ylabel(f"suspension [{unit}]")
    ax_s.set_title("the suspension's travel from rest, + wheel down", loc="left",
                   fontsize=10, color="0.3")
    ax_v.plot(attempt.t, p.wheel_radius * attempt.wheel_dot, color="tab:blue", lw=1.5,
              label="wheel rim speed ωR")
    ax_v.plot(attempt.t, attempt.x_dot, color="0.2", lw=1.5, label="chassis speed")
    ax_v.set(xlabel="t [s]", ylabel="speed [m/s]", xlim=(0.0, attempt.t[-1]))
    marks = []
    for name, style in (("mouth", ":"), ("wheel", "-.")):
        touch = first_touch(attempt, name) if name in attempt.forces else None
        if touch is None:
            continue
        for axis in (ax_n, ax_s, ax_v):
            axis.axvline(touch, color=CONTACT_COLOURS[name], ls=style, lw=1.2)
        marks.append(Line2D([], [], color=CONTACT_COLOURS[name], ls=style, lw=1.2,
                            label=f"{name} meets the step"))
    # under the axes, with the marks' meaning: the speeds fill the axes' top, and labels
    # at the marks would hide the dips that follow them
    ax_v.legend(handles=ax_v.get_legend_handles_labels()[0] + marks, loc="upper center",
                bbox_to_anchor=(0.5, -0.3), ncol=2, fontsize=10, frameon=False)
    return fig


@functools.lru_cache(maxsize=1)
def small_climb_grid() -> dict:
    """The grid of :func:`climb_explorer` when none is given: 16 climbs (2 heights, leading
    and trailing, 2 friction scales, 2 speeds), computed once per process."""
    return vacuum.climb_grid(heights=(0.017, 0.021), variants=("leading", "trailing"),
                      frictions=(0.9, 1.1), speeds=(0.25, 0.35), progress=False)


def _grid_axes(attempts: dict):
    """The sorted values of the grid's four axes: variants, heights, frictions, speeds."""
    if not attempts:
        raise ParameterError("attempts must hold at least one climb, got none")
    variants = [v for v in vacuum.SUSPENSIONS if any(key[0] == v for key in attempts)]
    return (variants, *(sorted({key[i] for key in attempts}) for i in (1, 2, 3)))


class ClimbExplorer:
    """Widget view: one climb of a grid (:func:`robodyn.vacuum.climb_grid`) at a chosen time.

    Controls named ``height_mm``, ``variant``, ``friction`` (the friction scale), ``speed``
    (m/s) and ``time`` (s). Top: the side view around the step, x from its face, with the
    robot and its contact forces (:data:`FORCE_SCALE_MM_PER_N`) at that time (past the
    climb's end, its last state); bottom: the normal loads of the wheel and the mouth over
    the climb, the time marked; the outcome as a title.
    """

    LOADS = ("wheel", "mouth")

    def __init__(self, attempts: dict, params: vacuum.VacuumParams | None = None,
                 x_window=(-0.21, 0.07), scale: float = FORCE_SCALE_MM_PER_N):
        self.attempts = attempts
        self.variants, self.heights, self.frictions, self.speeds = _grid_axes(attempts)
        self.params = vacuum.VacuumParams() if params is None else params
        self.robots = {v: vacuum.PlanarRobot(self.params, v) for v in self.variants}
        self.loads = {key: normal_loads(attempt, self.params.fillet)
                      for key, attempt in attempts.items()}
        self.t_max = max(attempt.t_end for attempt in attempts.values())
        self.x_window, self.scale = x_window, scale
        self.attempt = None

    def setup(self, fig):
        """Axes with fixed limits, the step, the robot, the arrows and the load lines."""
        fig.set_layout_engine("constrained")      # laid out once, with the background
        self.ax, self.ax_n = fig.subplots(2, 1, gridspec_kw={"height_ratios": [1.25, 1]})
        top = MM * (max(self.heights) + self.params.body_height) + 12
        self.ax.set(xlim=tuple(MM * np.array(self.x_window)), ylim=(-8, top), aspect="equal",
                    xlabel="x from the face [mm]", ylabel="z [mm]")
        first = next(iter(self.attempts.values()))
        self.step = draw_step(self.ax, 0.0, first.height, self.params.fillet, x_min=-1.0,
                              x_max=1.0)
        self.robot = draw_robot(self.ax, self.robots[first.variant],
                                vacuum.coordinates(first)[0][0])
        self.quiver = _force_quiver(self.ax, list(first.forces), self.scale)
        self.ax.text(0.02, 0.97, f"{self.scale:g} mm/N", transform=self.ax.transAxes,
                     va="top", fontsize=10, color="0.3")
        peak = max(float(np.max(load[name])) for load in self.loads.values()
                   for name in self.LOADS)
        self.ax_n.set(xlim=(0.0, self.t_max), ylim=(-0.03 * peak, 1.05 * peak), xlabel="t [s]",
                      ylabel="normal load [N]")
        self.lines = {name: self.ax_n.plot([], [], color=CONTACT_COLOURS[name], lw=1.3,
                                           label=name)[0] for name in self.LOADS}
        # above the axes: inside, the peaks of some climbs would run under it
        self.ax_n.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, fontsize=10,
                         frameon=False, borderaxespad=0.2)
        self.cursor = self.ax_n.axvline(0.0, color="k", lw=1)
        self.outcome = self.ax.set_title(" ", fontsize=10, loc="left")

    def update(self, height_mm, variant, friction, speed, time):
        """Show the climb of that grid point at ``time`` s; return the changed artists."""
        key = vacuum.grid_key(variant, height_mm / MM, friction, speed)
        if key not in self.attempts:
            raise ParameterError(f"no climb in the grid for variant {variant!r}, height_mm "
                                 f"{height_mm:g}, friction {friction:g}, speed {speed:g}")
        if not 0.0 <= time <= self.t_max + 1e-9:
            raise ParameterError(f"time must lie in [0, {self.t_max:g}] s (the grid's "
                                 f"longest climb), got {time:g}")
        attempt = self.attempt = self.attempts[key]
        k = min(int(np.searchsorted(attempt.t, time + 1e-9, side="right")) - 1,
                attempt.t.size - 1)
        self.index = k
        place_step(self.step, 0.0, attempt.height, self.params.fillet)
        robot = self.robots[variant]
        for artist in self.robot:
            artist.robot_origin = attempt.step_x
        place_robot(self.robot, robot, vacuum.coordinates(attempt)[0][k])
        _place_forces(self.quiver, attempt, k, attempt.step_x)
        for name, line in self.lines.items():
            line.set_data(attempt.t, self.loads[key][name])
        self.cursor.set_xdata([attempt.t[k], attempt.t[k]])
        ended = " (its end)" if time > attempt.t_end + 1e-9 else ""
        self.outcome.set_text(outcome_text(attempt) + ended)
        return [self.step, *self.robot, self.quiver, *self.lines.values(), self.cursor,
                self.outcome]


def _slider(values, value, description, readout_format, scale=1.0):
    """A FloatSlider over an evenly spaced grid (one value: a slider that cannot move)."""
    values = [scale * v for v in values]
    steps = np.diff(values)
    if steps.size and not np.allclose(steps, steps[0]):
        raise ParameterError(f"the grid's {description} must be evenly spaced for a slider, "
                             f"got {values}")
    step = float(steps[0]) if steps.size else 1.0
    return widgets.FloatSlider(value=scale * value, min=values[0], max=values[-1], step=step,
                               description=description, readout_format=readout_format)


def _nearest(values, target):
    return min(values, key=lambda v: abs(v - target))


def climb_explorer(attempts: dict | None = None, params: vacuum.VacuumParams | None = None,
                   time: float = 0.6):
    """The chapter's widget: height, variant, friction, speed and time over a
    :class:`ClimbExplorer` of ``attempts`` (:func:`robodyn.vacuum.climb_grid`; by default the
    small grid of
    :func:`small_climb_grid`), shown first at ``time`` s."""
    attempts = small_climb_grid() if attempts is None else attempts
    view = ClimbExplorer(attempts, params)
    p = view.params
    controls = {
        "height_mm": _slider(view.heights, view.heights[len(view.heights) // 2],
                             "height [mm]", ".0f", MM),
        "variant": widgets.Dropdown(options=view.variants, value=view.variants[0],
                                    description="variant"),
        "friction": _slider(view.frictions, _nearest(view.frictions, 1.0), "friction ×",
                            ".2f"),
        "speed": _slider(view.speeds, _nearest(view.speeds, p.drive_speed), "speed [m/s]",
                         ".2f"),
        "time": widgets.FloatSlider(value=min(time, view.t_max), min=0.0,
                                    max=view.t_max, step=0.05,
                                    description="time [s]", readout_format=".2f"),
    }
    return interactive_figure(
        view, controls, figsize=(FIGURE_INCHES, 5.6),
        alt="Side view of the vacuum robot at the step with its contact forces, and the "
            "wheel's and the mouth's normal load over the climb")


#: The widgets of the chapter; each can be made with its defaults.
WIDGETS = (climb_explorer,)
