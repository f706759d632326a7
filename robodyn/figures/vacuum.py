"""Figures of the vacuum-robot chapter: the step, the wheel loads, the climbs and their maps.

Side views have x forward and z up, in mm, x measured from the step's face where a step is
drawn. :func:`draw_robot` and :func:`place_robot` draw and move the planar robot of
:class:`robodyn.vacuum.PlanarRobot` (body outline, suction mouth, caster, wheel with a spoke
that shows its turn, the arm from pivot to axle); :func:`draw_step` the filleted step.
:class:`ClimbExplorer` is the view under the chapter's widget (:func:`climb_explorer`): a grid
of climbs computed once (:func:`robodyn.vacuum.climb_grid`), shown at a chosen time. The other functions each
return one still figure of the chapter: the step's distance field, the wheel load against the
traction, a climb's history, the success maps, a tornado chart, braking, driving off a step,
the course on two floors and the two engines compared.
"""

from __future__ import annotations

import functools
import math

import ipywidgets as widgets
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch, Polygon
from matplotlib.transforms import ScaledTranslation

from robodyn import vacuum
from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.plotting import interactive_figure
from robodyn.plotting.animation import animation
from robodyn.plotting.interactive import FIGURE_INCHES, MIN_FONT_PT

#: Metres to the figures' millimetres.
MM = 1e3
#: Length of a drawn force arrow, mm per N (stated on every figure that draws them).
FORCE_SCALE_MM_PER_N = 0.5
#: Colours of the contacts, by the names of :class:`robodyn.vacuum.PlanarRobot`'s circles.
CONTACT_COLOURS = {"wheel": "tab:blue", "mouth": "tab:orange", "caster": "tab:green",
                   "front edge": "tab:purple", "rear edge": "tab:brown"}
#: Colours of the suspension variants.
VARIANT_COLOURS = {"leading": "tab:blue", "trailing": "tab:red", "telescopic": "tab:green"}
#: A contact counts as on the step (not the floor) where its point lies this far, m, or
#: less before the face.
ON_STEP_TOLERANCE = 1e-4
#: The climb animation's lines of text (time and state; over it the force scale, beside the
#: legend) stand above its axes, where the robot never goes: this far apart and above the
#: axes' top, points.
LABEL_GAP_PT = 3.0
#: Font size of those lines, points; the legend's rows are above them.
LABEL_FONT_PT = MIN_FONT_PT
#: Height of a line of text as a multiple of its font size (matplotlib's line spacing).
LINE_SPACING = 1.2
#: Points per inch.
POINTS_PER_INCH = 72.0
#: Free margin at the sides of a still figure, inches: Jupyter's inline backend saves a figure
#: cropped to its drawing with 0.1 in around it (``bbox_inches="tight"``, ``pad_inches``), so
#: a layout that leaves a little more free is saved no wider than the figure.
SIDE_MARGIN_INCHES = 0.11


def _subplots(nrows: int, ncols: int, height: float, **options):
    """``plt.subplots`` of a still figure :data:`~robodyn.plotting.interactive.FIGURE_INCHES`
    wide and ``height`` inches high, laid out by matplotlib's constrained layout with
    :data:`SIDE_MARGIN_INCHES` free at the sides, so that saved cropped it stays that wide."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(nrows, ncols, figsize=(FIGURE_INCHES, height),
                             layout="constrained", **options)
    fig.get_layout_engine().set(w_pad=SIDE_MARGIN_INCHES)
    return fig, axes


# --------------------------------------------------------------------------- the step


def step_outline(step_x: float, height: float, fillet: float, x_min: float, x_max: float,
                 depth: float = 0.01, n_arc: int = 16) -> np.ndarray:
    """Outline of the floor and the step as a closed polygon, shape (n, 2), m: the floor
    from ``x_min`` to the face, up the face, round the fillet (``n_arc`` points), along the
    top to ``x_max`` and back under the floor at ``-depth``."""
    angles = np.linspace(np.pi, np.pi / 2, n_arc)
    arc = np.c_[step_x + fillet + fillet * np.cos(angles),
                height - fillet + fillet * np.sin(angles)]
    return np.vstack([[[x_min, -depth], [x_min, 0.0], [step_x, 0.0]], arc,
                      [[x_max, height], [x_max, -depth]]])


def draw_step(ax, step_x: float, height: float, fillet: float, *, x_origin: float = 0.0,
              x_min: float | None = None, x_max: float | None = None, **style):
    """Fill the floor and the filleted step (m in, mm drawn, x less ``x_origin``) on ``ax``;
    the polygon reaches from ``x_min`` to ``x_max`` (m, default half a metre either side of
    the face). Returns the :class:`matplotlib.patches.Polygon` (move it with
    :func:`place_step`)."""
    style = {"facecolor": "#d8cfc4", "edgecolor": "#6b5b4b", "lw": 1.2, **style}
    patch = Polygon(np.zeros((3, 2)), closed=True, **style)
    patch.step_range = (step_x - 0.5 if x_min is None else x_min,
                        step_x + 0.5 if x_max is None else x_max)
    ax.add_patch(patch)
    place_step(patch, step_x, height, fillet, x_origin=x_origin)
    return patch


def place_step(patch, step_x: float, height: float, fillet: float, *,
               x_origin: float = 0.0) -> None:
    """Give the polygon of :func:`draw_step` a new step (m)."""
    x_min, x_max = patch.step_range
    outline = step_outline(step_x, height, fillet, x_min, x_max)
    patch.set_xy(MM * (outline - [x_origin, 0.0]))


def _surface_points(height: float, fillet: float, n_face: int = 5, n_arc: int = 5,
                    n_top: int = 4) -> np.ndarray:
    """Points on the face, the fillet and the top of a step at x = 0, m, shape (n, 2)."""
    face = np.c_[np.zeros(n_face), np.linspace(0.15, 0.85, n_face) * (height - fillet)]
    angles = np.linspace(np.pi * 0.9, np.pi * 0.6, n_arc)
    arc = np.c_[fillet + fillet * np.cos(angles), height - fillet + fillet * np.sin(angles)]
    top = np.c_[fillet + np.linspace(0.003, 0.012, n_top), np.full(n_top, height)]
    return np.vstack([face, arc, top])


def step_geometry_figure(height: float = 0.019, fillet: float = 0.003):
    """The filleted step of ``height`` and ``fillet`` (m): its profile, contours of the signed
    distance of :func:`robodyn.vacuum.step_distance` (positive in the air, dashed inside),
    and the unit normals at points of the face, the fillet and the top; right, the fillet
    magnified with its centre marked. Returns the figure."""
    vacuum.step_distance([0.0, 0.0], 0.0, height, fillet)           # checks the inputs
    h, f = MM * height, MM * fillet
    # per panel: x range, z range, contour levels and the labelled ones' spacing (mm), and
    # the normals' length in fillets
    views = (((-0.6 * h, 0.8 * h), (-0.35 * h, 1.6 * h), np.arange(-10, 31, 2.0), 4.0, 0.8),
             ((-1.6 * f, 2.4 * f), (h - 2.2 * f, h + 1.8 * f),
              np.arange(-6, 6.01, 0.5) * f / 3, 2 * f / 3, 0.45))
    # equal aspect side by side: widths in proportion to the ranges give equal heights
    ratios = [(x1 - x0) / (z1 - z0) for (x0, x1), (z0, z1), *_ in views]
    fig, (ax, ax_zoom) = _subplots(1, 2, 3.5, gridspec_kw={"width_ratios": ratios})
    for axis, view in zip((ax, ax_zoom), views, strict=True):
        (x0, x1), (z0, z1), levels, every, arrow = view
        xs, zs = np.linspace(x0, x1, 121), np.linspace(z0, z1, 121)
        distance = np.array([[vacuum.step_distance([x / MM, z / MM], 0.0, height, fillet)[0]
                              for x in xs] for z in zs]) * MM
        draw_step(axis, 0.0, height, fillet, x_min=-1.0, x_max=1.0, facecolor="#e6ddd2",
                  edgecolor="k", lw=1.6, zorder=1)
        lines = axis.contour(xs, zs, distance, levels=levels[levels != 0], colors="0.45",
                             linewidths=0.7, zorder=2)
        lines.set_linestyles(["--" if level < 0 else "-" for level in lines.levels])
        labelled = [lv for lv in lines.levels if np.isclose(np.round(lv / every) * every, lv)]
        axis.clabel(lines, labelled, fontsize=10, fmt="%g")
        points = _surface_points(height, fillet)
        normals = np.array([vacuum.step_distance(point, 0.0, height, fillet)[1]
                            for point in points])
        axis.quiver(MM * points[:, 0], MM * points[:, 1], normals[:, 0], normals[:, 1],
                    color="tab:red", angles="xy", scale_units="xy", scale=1 / (arrow * f),
                    width=0.006, zorder=3)
        axis.set(xlim=(x0, x1), ylim=(z0, z1), aspect="equal", xlabel="x [mm]")
    ax.set_ylabel("z [mm]")
    ax.set_title("the edge", fontsize=10)
    ax_zoom.plot(f, h - f, "k+", ms=10, mew=1.5, zorder=4)
    ax_zoom.annotate("fillet centre", (f, h - f), xytext=(0.04, 0.06),
                     textcoords="axes fraction", fontsize=10, arrowprops={"arrowstyle": "->"},
                     bbox={"fc": "w", "ec": "0.6"}, zorder=5)
    ax_zoom.set_title("the fillet, magnified", fontsize=10)
    fig.suptitle(f"step {h:g} mm, fillet {f:g} mm: distance [mm]; red: unit normals",
                 fontsize=10)
    return fig


# --------------------------------------------------------------------------- the parameters


def wheel_load_figure(params: vacuum.VacuumParams | None = None, c_max: float = 1.1,
                      n: int = 221, load_cap: float = 3.0):
    """The wheel load N of :func:`robodyn.vacuum.wheel_load` against the traction
    coefficient c = T/N from 0 to ``c_max``, for the three suspensions.

    Each variant's spring force is the one that makes N at c = 0 the static load of one
    drive wheel (:func:`robodyn.vacuum.static_wheel_loads`; the wheel's own weight is in it,
    so ``wheel_weight`` is 0). The load is drawn up to ``load_cap`` times that; where the
    trailing link jams, :math:`a\\cos\\varphi - c\\,(a\\sin\\varphi + R) = 0`, is marked if it
    lies in the range, else named at the edge. Returns the figure.
    """
    p = vacuum.VacuumParams() if params is None else params
    N0, _ = vacuum.static_wheel_loads(p)
    a, phi, R, b = p.arm_length, p.arm_angle, p.wheel_radius, p.spring_lever
    c_jam = a * math.cos(phi) / (a * math.sin(phi) + R)
    fig, ax = _subplots(1, 1, 3.6)
    c = np.linspace(0.0, c_max, n)
    for variant in vacuum.SUSPENSIONS:
        spring = N0 if variant == "telescopic" else N0 * a * math.cos(phi) / b
        loads = np.full(c.size, np.nan)
        for i, c_i in enumerate(c):
            if variant == "trailing" and c_i >= c_jam:
                break
            loads[i] = vacuum.wheel_load(spring, b, a, phi, R, c_i, variant)
        loads[loads > load_cap * N0] = np.nan
        ax.plot(c, loads, color=VARIANT_COLOURS[variant], lw=2, label=variant)
    ax.axvline(p.mu_s, color="0.4", ls=":", lw=1.2)
    ax.text(p.mu_s, 0.04, f" μ_s = {p.mu_s:g}", transform=ax.get_xaxis_transform(),
            fontsize=10, color="0.3", ha="right")
    if c_jam <= c_max:
        ax.axvline(c_jam, color=VARIANT_COLOURS["trailing"], ls="--", lw=1)
        ax.text(c_jam, 0.96, f"trailing jams\nc = {c_jam:.2f} ", ha="right", va="top",
                transform=ax.get_xaxis_transform(), fontsize=10,
                color=VARIANT_COLOURS["trailing"])
    else:
        # right of the trailing curve, which leaves the axes at the top
        ax.text(0.96, 0.7, f"trailing jams\nat c = {c_jam:.2f} →", ha="right", va="top",
                transform=ax.transAxes, fontsize=10, color=VARIANT_COLOURS["trailing"])
    ax.axhline(N0, color="0.75", lw=0.8)
    ax.set(xlim=(0.0, c_max), ylim=(0.0, load_cap * N0), xlabel="traction coefficient c = T/N",
           ylabel="wheel load N [N]")
    ax.set_title(f"static load {N0:.1f} N at c = 0 (spring force chosen so)", fontsize=10)
    ax.legend(loc="upper left", fontsize=10)
    return fig


# --------------------------------------------------------------------------- the robot


def _chassis(robot: vacuum.PlanarRobot, q, x_origin: float):
    """(R, origin) that take chassis coordinates (m) to the figure's mm."""
    c, s = math.cos(q[2]), math.sin(q[2])
    return np.array([[c, -s], [s, c]]), np.array([q[0] - x_origin, q[1]])


def body_outline(robot: vacuum.PlanarRobot, n_corner: int = 6) -> np.ndarray:
    """The body's side outline in the chassis frame (from the centre of gravity), m, shape
    (n, 2): from the rear edge along the bottom (``edge_height`` above the floor at rest,
    its lower corners rounded as the edge contacts) to the front, up to ``body_height``
    and back."""
    p = robot.p
    ahead = p.cog_behind
    rear, front = ahead - 0.5 * p.body_length, ahead + 0.5 * p.body_length
    bottom, top = p.edge_height - p.cog_height, p.body_height - p.cog_height
    r = 0.005                                           # the edge circles' radius
    quarter = np.linspace(0.0, np.pi / 2, n_corner)
    rear_corner = np.c_[rear + r - r * np.cos(quarter), bottom + r - r * np.sin(quarter)]
    front_corner = np.c_[front - r + r * np.sin(quarter), bottom + r - r * np.cos(quarter)]
    return np.vstack([[[rear, top]], rear_corner, front_corner, [[front, top]]])


def draw_robot(ax, robot: vacuum.PlanarRobot, q, *, x_origin: float = 0.0,
               color: str = "#9fb8d0", zorder: float = 3):
    """Draw the planar robot at the coordinates ``q`` (shape (5,), those of
    :data:`robodyn.vacuum.COORDINATES`) on ``ax``, mm, x less ``x_origin`` (m).

    Drawn: the body's side outline (:func:`body_outline`), the suction mouth's circle, the
    caster, the wheel with a spoke that turns with ``q[4]`` (clockwise forward), the arm from
    its pivot to the axle (for the telescopic unit, its slider) and the pivot. Returns the
    artists as a list [body, mouth, caster, wheel, spoke, arm, pivot], for
    :func:`place_robot`.
    """
    artists = [
        Polygon(np.zeros((3, 2)), closed=True, fc=color, ec="k", lw=1, alpha=0.85,
                zorder=zorder),
        Circle((0, 0), 1.0, fc="#f2c48d", ec="k", lw=0.8, zorder=zorder + 0.1),
        Circle((0, 0), 1.0, fc="0.35", ec="k", lw=0.8, zorder=zorder + 0.1),
        Circle((0, 0), 1.0, fc="0.6", ec="k", lw=0.8, alpha=0.8, zorder=zorder + 0.2),
    ]
    for patch in artists:
        ax.add_patch(patch)
    artists += ax.plot([], [], color="k", lw=1.5, zorder=zorder + 0.3)
    artists += ax.plot([], [], color="tab:red", lw=3, solid_capstyle="round",
                       zorder=zorder + 0.4)
    artists += ax.plot([], [], "o", color="k", ms=4, zorder=zorder + 0.5)
    for artist in artists:
        artist.robot_origin = x_origin
    place_robot(artists, robot, q)
    return artists


def place_robot(artists, robot: vacuum.PlanarRobot, q) -> None:
    """Move the artists of :func:`draw_robot` to the coordinates ``q``."""
    body, mouth, caster, wheel, spoke, arm, pivot = artists
    R, origin = _chassis(robot, q, body.robot_origin)
    body.set_xy(MM * (body_outline(robot) @ R.T + origin))
    circles = {c.name: c for c in robot.circles}
    for patch, name in ((mouth, "mouth"), (caster, "caster")):
        patch.set_center(MM * (R @ circles[name].centre + origin))
        patch.set_radius(MM * circles[name].radius)
    centre = MM * (robot.wheel_centre(q) - [body.robot_origin, 0.0])
    radius = MM * robot.p.wheel_radius
    wheel.set_center(centre)
    wheel.set_radius(radius)
    turn = math.pi / 2 - q[4]
    spoke.set_data([centre[0], centre[0] + 0.9 * radius * math.cos(turn)],
                   [centre[1], centre[1] + 0.9 * radius * math.sin(turn)])
    if robot.side:
        start = MM * (R @ robot.pivot + origin)
    else:
        start = MM * (R @ (robot.axle_rest + [0.0, 0.03]) + origin)
    arm.set_data([start[0], centre[0]], [start[1], centre[1]])
    pivot.set_data([start[0]], [start[1]])


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


# --------------------------------------------------------------------------- a climb


def _check_attempt(attempt) -> None:
    if not (isinstance(attempt, SimulationResult) and "outcome" in attempt.details):
        raise ParameterError(f"attempt must be an attempt at a step, a SimulationResult of "
                             f"robodyn.vacuum.climb, got {type(attempt).__name__}")


def normal_loads(attempt, fillet: float) -> dict:
    """Each contact's normal load over the attempt, N, by name, shape (n,): its force's
    component along the ground's outward normal at its contact point (from
    :func:`robodyn.vacuum.step_distance` of the attempt's step, filleted by ``fillet`` m)."""
    _check_attempt(attempt)
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
    _check_attempt(attempt)
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

    _check_attempt(attempt)
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
    _check_attempt(attempt)
    p = vacuum.VacuumParams() if params is None else params
    loads = normal_loads(attempt, p.fillet)
    fig, (ax_n, ax_s, ax_v) = _subplots(3, 1, 7.0, sharex=True,
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


# --------------------------------------------------------------------------- the widget


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
    :class:`ClimbExplorer` of ``attempts`` (:func:`robodyn.vacuum.climb_grid`; by default the small grid of
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


# --------------------------------------------------------------------------- robustness


def success_map_figure(maps, thesis: dict | None = None):
    """Per :class:`robodyn.vacuum.ClimbMap`, one under the other: the grid of outcomes
    (green climbed, red stalled; heights in mm across, the varied option up), under it the
    success rate per height; ``thesis`` (variant -> limit, mm) is drawn as a vertical line.
    Returns the figure; its axes are grid, rate, grid, rate, ... in the order of ``maps``."""
    from matplotlib.colors import ListedColormap

    maps = list(maps)
    if not maps:
        raise ParameterError("maps must hold at least one ClimbMap, got none")
    for m in maps:
        if not isinstance(m, vacuum.ClimbMap):
            raise ParameterError(f"maps must hold robodyn.vacuum.ClimbMap, got "
                                 f"{type(m).__name__}")
    thesis = {} if thesis is None else dict(thesis)
    fig, axes = _subplots(2 * len(maps), 1, 0.5 + 2.9 * len(maps), squeeze=False,
                          gridspec_kw={"height_ratios": [1.5, 1] * len(maps)})
    colours = ListedColormap(["#e8a39b", "#8fcf8f"])
    for i, m in enumerate(maps):
        ax, ax_rate = axes[2 * i, 0], axes[2 * i + 1, 0]
        ax.sharex(ax_rate)                                  # each map's own heights
        ax.tick_params(labelbottom=False)
        h = MM * m.heights
        unit, factor = ("m/s", 1.0) if m.varied == "speed" else ("mm", MM)
        ax.pcolormesh(_edges(h), _edges(factor * m.values), m.climbed.T.astype(int),
                      cmap=colours, vmin=0, vmax=1, edgecolors="w", linewidth=0.5)
        ax.set_title(m.variant, fontsize=10)
        ax.set_yticks(factor * m.values)
        ax_rate.set_xticks(h)
        ax_rate.plot(h, 100 * m.success_rate(), "o-", color=VARIANT_COLOURS.get(m.variant, "k"))
        ax_rate.set(ylim=(-5, 105), xlabel="step height [mm]")
        ax.set_ylabel(f"{m.varied} [{unit}]")
        ax_rate.set_ylabel("climbed [%]")
        if m.variant in thesis:
            for axis in (ax, ax_rate):
                axis.axvline(thesis[m.variant], color="k", ls="--", lw=1.2)
    handles = [Patch(color="#8fcf8f", label="climbed"), Patch(color="#e8a39b", label="stalled")]
    if thesis:
        handles.append(Line2D([], [], color="k", ls="--", label="thesis's limit"))
    fig.legend(handles=handles, loc="outside upper center", ncol=len(handles), fontsize=10,
               frameon=False)
    return fig


def _edges(centres) -> np.ndarray:
    """Cell edges around grid values: midway between them, half a step beyond the ends."""
    centres = np.asarray(centres, float)
    if centres.size == 1:
        return centres + [-0.5, 0.5]
    middle = 0.5 * (centres[1:] + centres[:-1])
    return np.concatenate([[2 * centres[0] - middle[0]], middle, [2 * centres[-1] - middle[-1]]])


def tornado_figure(nominal_mm: float, rows, title: str = ""):
    """A tornado chart: for each row (label, low_label, high_label, low_mm, high_mm) the
    change of the limit from ``nominal_mm`` with the parameter at its low (light) and its
    high value (dark), largest swing on top; each bar labelled with its value. Returns the
    figure; the bars are in ``fig.axes[0].containers`` (low, then high)."""
    nominal = float(nominal_mm)
    rows = [tuple(row) for row in rows]
    if not rows:
        raise ParameterError("rows must hold at least one (label, low_label, high_label, "
                             "low_mm, high_mm), got none")
    for row in rows:
        if len(row) != 5:
            raise ParameterError(f"each row must be (label, low_label, high_label, low_mm, "
                                 f"high_mm), got {row!r}")
    rows.sort(key=lambda row: abs(float(row[4]) - float(row[3])))
    fig, ax = _subplots(1, 1, 0.6 * len(rows) + 1.6)
    y = np.arange(len(rows))
    low = np.array([float(row[3]) - nominal for row in rows])
    high = np.array([float(row[4]) - nominal for row in rows])
    ax.barh(y, low, height=0.6, color="#9ecae1", label="low value")
    ax.barh(y, high, height=0.6, color="#3182bd", label="high value")
    reach = max(np.max(np.abs(np.r_[low, high])), 1e-9)
    gap = 0.03 * reach
    for yi, row, dl, dh in zip(y, rows, low, high, strict=True):
        # the low value's label left of both bars, the high value's right of them, so
        # that the two never overlap, even where a change moves nothing
        ax.text(min(dl, dh, 0.0) - gap, yi, f"{row[1]}: {dl:+.2f}", va="center",
                fontsize=10, ha="right")
        ax.text(max(dl, dh, 0.0) + gap, yi, f"{row[2]}: {dh:+.2f}", va="center",
                fontsize=10, ha="left")
    ax.axvline(0.0, color="k", lw=1)
    ax.set_yticks(y, [row[0] for row in rows], fontsize=10)
    ax.set_xlim(-2.5 * reach, 2.5 * reach)              # room for the labels beyond the bars
    ax.set_xlabel(f"change of the limit [mm] from {nominal:.2f} mm")
    ax.set_title(title, fontsize=10, pad=24)
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=10,
              frameon=False)
    return fig


# --------------------------------------------------------------------------- braking, drops


def _wheel_velocity(robot: vacuum.PlanarRobot, q, qd) -> np.ndarray:
    """The wheel centre's velocity (n, 2), m/s: J_W qd."""
    out = np.empty((len(q), 2))
    for i, (q_i, qd_i) in enumerate(zip(q, qd, strict=True)):
        c, s = math.cos(q_i[2]), math.sin(q_i[2])
        R = np.array([[c, -s], [s, c]])
        w, dw, _ = robot.wheel_in_chassis(q_i[3])
        out[i] = qd_i[0:2] + qd_i[2] * (R @ [-w[1], w[0]]) + (R @ dw) * qd_i[3]
    return out


def braking_figure(runs: dict, thesis: dict | None = None,
                   params: vacuum.VacuumParams | None = None):
    """Stopping distances of braking runs ``runs`` {(variant, mode): run} of
    :func:`robodyn.vacuum.brake` as bars, a group per variant, a colour per mode
    (:data:`robodyn.vacuum.BRAKE_MODES`); the thesis's values ``thesis`` {mode: mm} as black
    marks on that mode's bars. Below: the wheel centre's forward speed over time for the leading
    variant's modes (or the first variant's). Returns the figure."""

    if not runs:
        raise ParameterError("runs must hold at least one (variant, mode): run, got none")
    thesis = {} if thesis is None else dict(thesis)
    for key in list(runs) + [(None, mode) for mode in thesis]:
        if not (isinstance(key, tuple) and len(key) == 2):
            raise ParameterError(f"runs must be keyed (variant, mode), got {key!r}")
        if key[1] not in vacuum.BRAKE_MODES:
            raise ParameterError(f"mode must be one of {vacuum.BRAKE_MODES}, got {key[1]!r}")
    p = vacuum.VacuumParams() if params is None else params
    variants = [v for v in vacuum.SUSPENSIONS if any(k[0] == v for k in runs)]
    modes = [m for m in vacuum.BRAKE_MODES if any(k[1] == m for k in runs)]
    fig, (ax, ax_v) = _subplots(2, 1, 5.6)
    colours = dict(zip(vacuum.BRAKE_MODES, ("tab:blue", "tab:orange", "tab:green"),
                       strict=True))
    width = 0.8 / len(modes)
    for j, mode in enumerate(modes):
        xs, ds = [], []
        for i, variant in enumerate(variants):
            if (variant, mode) in runs:
                xs.append(i + (j - 0.5 * (len(modes) - 1)) * width)
                ds.append(MM * runs[(variant, mode)].distance)
        ax.bar(xs, ds, width=0.9 * width, color=colours[mode], label=mode)
        if mode in thesis:
            ax.plot(xs, [thesis[mode]] * len(xs), "_", color="k", ms=18, mew=2.5)
    if thesis:
        ax.plot([], [], "_", color="k", ms=12, mew=2.5, label="thesis")
    ax.set_xticks(range(len(variants)), variants)
    ax.set_ylabel("stopping distance [mm]")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper center", fontsize=10,
               ncol=4, frameon=False)
    shown = "leading" if "leading" in variants else variants[0]
    robot = vacuum.PlanarRobot(p, shown)
    for mode in modes:
        if (shown, mode) not in runs:
            continue
        run = runs[(shown, mode)]
        speed = _wheel_velocity(robot, *vacuum.coordinates(run))[:, 0]
        ax_v.plot(MM * run.t, speed, color=colours[mode], lw=1.5, label=mode)
    ax_v.axhline(0.0, color="0.7", lw=0.8)
    ax_v.set(xlabel="t after braking [ms]", ylabel="wheel centre speed [m/s]",
             xlim=(0.0, MM * max(run.t[-1] for run in runs.values())))
    ax_v.set_title(f"{shown} link", fontsize=10)
    fig.get_layout_engine().set(hspace=0.08)        # its title apart from the bars' labels
    return fig


def drop_figure(runs: dict):
    """Driving off a step: the pitch (deg) over time for each variant's
    runs of :func:`robodyn.vacuum.drive_off` ``runs`` {variant: run}, the landing of the caster
    (dotted) and the end of the settling (dash-dot) marked; below, the pitch less its final
    value (the mean over the last 0.25 s, as :func:`robodyn.vacuum.drive_off` takes it)
    magnified, the band shaded from landing on. Returns the figure."""

    if not runs:
        raise ParameterError("runs must hold at least one variant: run, got none")
    fig, (ax, ax_zoom) = _subplots(2, 1, 5.8, sharex=True,
                                   gridspec_kw={"height_ratios": [1.2, 1]})
    widest = 0.0
    handles = []
    for variant, run in runs.items():
        colour = VARIANT_COLOURS.get(variant, "k")
        pitch = np.degrees(run.pitch)
        final = np.degrees(run.pitch[run.t >= run.t[-1] - 0.25].mean())
        band = np.degrees(run.band)
        settled = run.t_landed + run.settling_time
        widest = max(widest, band)
        ax.plot(run.t, pitch, color=colour, lw=1.4)
        ax_zoom.plot(run.t, pitch - final, color=colour, lw=1.4)
        ax_zoom.fill_between([run.t_landed, run.t[-1]], -band, band, color=colour,
                             alpha=0.2, lw=0)
        for axis in (ax, ax_zoom):
            axis.axvline(run.t_landed, color=colour, ls=":", lw=1.2)
            axis.axvline(settled, color=colour, ls="-.", lw=1.2)
        handles.append(Line2D([], [], color=colour, lw=1.4,
                              label=f"{variant}: settles {run.settling_time:.2f} s after "
                                    "landing"))
    handles += [Line2D([], [], color="0.3", ls=":", label="the caster lands"),
                Line2D([], [], color="0.3", ls="-.",
                       label=f"settled: within ±{widest:g}° (shaded)")]
    fig.legend(handles=handles, loc="outside upper center", fontsize=10, frameon=False)
    ax.set_ylabel("pitch [deg]")
    ax_zoom.set_ylim(-8 * widest, 8 * widest)
    ax_zoom.set(xlabel="t [s]", ylabel="pitch − final [deg]",
                xlim=(0.0, max(run.t[-1] for run in runs.values())))
    return fig


# --------------------------------------------------------------------------- course, engines


def course_figure(wood, slippery, waypoints):
    """Two runs of :func:`robodyn.vacuum.course.follow_course` over the same ``waypoints``
    (shape (N, 2), m), on wood and on a slippery floor: above, the paths of the axle midpoint
    with the numbered waypoints; below, each wheel's slip speed over time (mm/s, solid right,
    dashed left). Returns the figure."""

    waypoints = np.atleast_2d(np.asarray(waypoints, dtype=float))
    if waypoints.ndim != 2 or waypoints.shape[1] != 2:
        raise ParameterError(f"waypoints must have shape (N, 2), got {waypoints.shape}")
    fig, (ax, ax_s) = _subplots(2, 1, 6.2, gridspec_kw={"height_ratios": [1.25, 1]})
    ax.plot(*waypoints.T, "s", color="tab:orange", ms=7, zorder=3)
    for number, (x_w, y_w) in enumerate(waypoints, start=1):
        ax.annotate(str(number), (x_w, y_w), xytext=(5, 5), textcoords="offset points",
                    fontsize=10)
    for run, name, colour, width, style in ((wood, "wood", "tab:brown", 3.0, "-"),
                                            (slippery, "slippery", "tab:blue", 1.3, "--")):
        ax.plot(run.x, run.y, color=colour, lw=width, ls=style,
                alpha=0.7 if name == "wood" else 1.0, label=name)
        for side, style in (("right", "-"), ("left", "--")):
            ax_s.plot(run.t, MM * run.columns[f"slip_{side[0]}"], color=colour, ls=style,
                      lw=1.1, label=f"{name}, {side}")
    ax.set(aspect="equal", adjustable="datalim", xlabel="x [m]", ylabel="y [m]")
    ax.margins(0.12)
    ax.legend(loc="center", fontsize=10)
    ax_s.set(xlabel="t [s]", ylabel="slip speed [mm/s]", yscale="log")
    peak = max(float(np.max(run.stack("slip_r", "slip_l"))) for run in (wood, slippery))
    ax_s.set_ylim(1e-3, 1e3 * MM * peak)
    ax_s.legend(loc="upper right", fontsize=10, ncol=2)
    return fig


def engines_figure(book, mujoco):
    """The same climb by the book's model (:func:`robodyn.vacuum.climb`) and by
    MuJoCo (:func:`robodyn.vacuum.mujoco.climb`): the wheel centre's height (mm)
    and, under it, the chassis's pitch (deg) over time. Returns the figure."""
    _check_attempt(book)
    fig, (ax_z, ax_p) = _subplots(2, 1, 5.4, sharex=True)
    for run, name, colour, style in ((book, "book", "tab:blue", "-"),
                                     (mujoco, "MuJoCo", "tab:red", "--")):
        label = f"{name}: {outcome_text(run)}"
        ax_z.plot(run.t, MM * run.wheel_z, color=colour, ls=style, lw=1.6, label=label)
        ax_p.plot(run.t, np.degrees(run.pitch), color=colour, ls=style, lw=1.6)
    ax_z.set_ylabel("wheel centre height [mm]")
    ax_p.set(xlabel="t [s]", ylabel="pitch [deg] (nose up +)")
    fig.suptitle(f"{book.variant}, step {MM * book.height:g} mm, {book.speed:g} m/s",
                 fontsize=10)
    ax_z.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=10,
                frameon=False)
    return fig


# --------------------------------------------------------------------------- what limits


#: Markers of the stall causes of :func:`robodyn.vacuum.limits.stall_cause`.
CAUSE_MARKERS = {"wheel": ("o", "full"), "mouth": ("s", "none"), "front edge": ("^", "none")}


def layout_limits_figure(lips, rows: dict, observed: float | None = None):
    """The leading link's limit (mm) against the mouth lip's height above the floor (mm), one
    line per layout: ``rows`` maps a label to (limits, causes), limits in m and causes as
    :func:`robodyn.vacuum.limits.stall_cause` names them, one per lip of ``lips`` (m). A
    filled circle where the wheel stops the robot, an open square where the mouth does;
    ``observed`` (mm) draws the real robot's limit as a dashed line. Returns the figure."""
    lips = np.asarray(lips, float).ravel()
    if not rows:
        raise ParameterError("rows must hold at least one layout, got none")
    fig, ax = _subplots(1, 1, 3.4)
    colours = iter(("tab:blue", "tab:red", "tab:green", "tab:purple"))
    for label, (limits, causes) in rows.items():
        limits, causes = np.asarray(limits, float).ravel(), list(causes)
        if limits.size != lips.size or len(causes) != lips.size:
            raise ParameterError(f"rows[{label!r}] must hold {lips.size} limits and causes, "
                                 f"got {limits.size} and {len(causes)}")
        unknown = set(causes) - set(CAUSE_MARKERS)
        if unknown:
            raise ParameterError(f"causes must be among {sorted(CAUSE_MARKERS)}, got "
                                 f"{sorted(unknown)}")
        colour = next(colours)
        ax.plot(MM * lips, MM * limits, "-", color=colour, lw=1.2, label=label)
        for cause, (marker, fill) in CAUSE_MARKERS.items():
            mask = np.array([c == cause for c in causes])
            if mask.any():
                ax.plot(MM * lips[mask], MM * limits[mask], ls="", marker=marker,
                        fillstyle=fill, color=colour, ms=7, mew=1.5)
    if observed is not None:
        ax.axhline(observed, color="k", ls="--", lw=1)
    handles, labels = ax.get_legend_handles_labels()
    handles += [Line2D([], [], ls="", marker="o", color="0.3", label="wheel stops it"),
                Line2D([], [], ls="", marker="s", fillstyle="none", color="0.3",
                       mew=1.5, label="mouth stops it")]
    if observed is not None:
        handles.append(Line2D([], [], color="k", ls="--", lw=1, label="real robot"))
    ax.legend(handles=handles, loc="lower right", fontsize=10, ncol=1)
    ax.set(xlabel="mouth lip above the floor [mm]", ylabel="highest step climbed [mm]")
    return fig


def fit_family_figure(radii, mus, limits, level: float, family=()):
    """The leading link's limit over wheel radii (across, mm) and kinetic friction
    coefficients (up): ``limits[i, j]`` (m) for ``radii[i]`` (m) and ``mus[j]``, as filled
    contours with the ``level`` (mm) drawn bold; ``family`` holds (radius m, mu) points on it,
    marked. Returns the figure; its first axes hold the contours."""
    radii, mus = np.asarray(radii, float).ravel(), np.asarray(mus, float).ravel()
    limits = np.asarray(limits, float)
    if limits.shape != (radii.size, mus.size):
        raise ParameterError(f"limits must have shape ({radii.size}, {mus.size}), got "
                             f"{limits.shape}")
    if radii.size < 2 or mus.size < 2:
        raise ParameterError("radii and mus must hold at least 2 values each")
    fig, ax = _subplots(1, 1, 3.6)
    X, Y = np.meshgrid(MM * radii, mus, indexing="ij")
    filled = ax.contourf(X, Y, MM * limits, levels=10, cmap="viridis")
    fig.colorbar(filled, ax=ax, label="leading link's limit [mm]")
    ax.contour(X, Y, MM * limits, levels=[level], colors="k", linewidths=2.5)
    handles = [Line2D([], [], color="k", lw=2.5, label=f"limit {level:g} mm")]
    family = [tuple(point) for point in family]
    if family:
        R, mu = np.array(family, float).T
        ax.plot(MM * R, mu, "o", color="w", mec="k", ms=8)
        handles.append(Line2D([], [], ls="", marker="o", color="w", mec="k", ms=8,
                              label="read off per radius"))
    ax.legend(handles=handles, loc="lower left", fontsize=10)
    ax.plot(MM * radii.repeat(mus.size), np.tile(mus, radii.size), "+", color="0.85",
            ms=5)
    ax.set(xlabel="wheel radius R [mm]", ylabel=r"kinetic friction $\mu_k$")
    return fig
