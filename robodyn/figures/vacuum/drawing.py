"""Drawings of the vacuum robot and the step, and the wheel-load figure."""

from __future__ import annotations

import math

import numpy as np
from matplotlib.patches import Circle, Polygon

from robodyn import vacuum
from robodyn.plotting import ORANGE
from robodyn.plotting.interactive import FIGURE_INCHES, MIN_FONT_PT

#: Metres to the figures' millimetres.
MM = 1e3


#: Length of a drawn force arrow, mm per N (stated on every figure that draws them).
FORCE_SCALE_MM_PER_N = 0.5


#: Colours of the contacts, by the names of :class:`robodyn.vacuum.PlanarRobot`'s circles.
CONTACT_COLOURS = {"wheel": "tab:blue", "mouth": ORANGE, "caster": "tab:green",
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


def column_subplots(nrows: int, ncols: int, height: float, **options):
    """``plt.subplots`` of a still figure :data:`~robodyn.plotting.interactive.FIGURE_INCHES`
    wide and ``height`` inches high, laid out by matplotlib's constrained layout with
    :data:`SIDE_MARGIN_INCHES` free at the sides, so that saved cropped it stays that wide."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(nrows, ncols, figsize=(FIGURE_INCHES, height),
                             layout="constrained", **options)
    fig.get_layout_engine().set(w_pad=SIDE_MARGIN_INCHES)
    return fig, axes


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
    fig, (ax, ax_zoom) = column_subplots(1, 2, 3.5, gridspec_kw={"width_ratios": ratios})
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
    fig, ax = column_subplots(1, 1, 3.6)
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
