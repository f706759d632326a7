"""Figures of the egg chapter: the tilted shell and its contact, the gyro against the gimbal.

:class:`AttitudeExplorer` is the view under the tilt, spin and elongation sliders: the shell
seen from the side in its tilt plane, its contact point and centre height, and the potential
energy over the tilt. :class:`GyroExplorer` shows what tilting the gimbal does to a lying egg
for a chosen rotor speed and gimbal tilt, from a grid of simulations made once
(:func:`robodyn.egg.gyro_grid`). :func:`side_view` draws the shell for both and for the stills;
:func:`egg_scene` is a run in 3D that the reader turns and plays, :func:`egg_still` its print.
:func:`draw_shell_attitude` and :func:`draw_gimbal` draw the robot where the chapter names its
coordinates (the frames, the Euler angles, the contact; the rings and the rotor), as SVG by
:func:`attitude_drawing` and :func:`gimbal_drawing`.
"""

from __future__ import annotations

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import FancyArrowPatch, Polygon

from robodyn import egg
from robodyn.core.errors import ParameterError
from robodyn.core.rotations import rot_x, rot_z
from robodyn.egg.gyro import GYRO_TIME, grid_key, gyro_grid
from robodyn.plotting import ORANGE, interactive_figure, scene3d
from robodyn.plotting.interactive import FIGURE_INCHES, MIN_FONT_PT
from robodyn.plotting.vector import svg_image

#: The shell of the figures: the default egg, 12 cm by 9 cm.
R1, R2 = egg.EggParams().R1, egg.EggParams().R2


def shell_outline(beta: float, R1: float, R2: float, n: int = 181):
    """The shell's outline in its tilt plane, mm: (horizontal, height above the floor).

    The long axis leans by ``beta`` from the vertical towards +horizontal; the floor is at 0.
    """
    t = np.linspace(0, 2 * np.pi, n)
    along, across = R1 * np.cos(t), R2 * np.sin(t)
    horizontal = along * np.sin(beta) + across * np.cos(beta)
    height = along * np.cos(beta) - across * np.sin(beta)
    H = egg.center_height(min(beta, np.pi - beta), R1, R2)
    return 1e3 * horizontal, 1e3 * (height + H)


def side_view_data(beta: float, spin: float, R1: float, R2: float):
    """What :func:`side_view` draws, mm: the outline's (horizontal, height) and the (x, z)
    data of its lines in the order it draws them: the long axis, the vertical through the
    centre, the line from the centre to the contact, the contact, the centre, and the
    painted meridian's half facing the reader and its hidden half (NaN where not drawn)."""
    outline = shell_outline(beta, R1, R2)
    low = min(beta, np.pi - beta)                      # the tilt of whichever end is down
    H = egg.center_height(low, R1, R2)
    # the contact is on the floor, contact_offset from below the centre towards the lower
    # end (at -horizontal while beta <= pi/2, the upper end leaning to +horizontal)
    towards_lower = -1.0 if beta <= np.pi / 2 else 1.0
    contact = (1e3 * towards_lower * egg.contact_offset(low, R1, R2), 0.0)
    tip = 1e3 * R1 * np.array([np.sin(beta), np.cos(beta)])
    lines = [([-tip[0], tip[0]], [1e3 * H - tip[1], 1e3 * H + tip[1]]),
             ([0, 0], [0, 1e3 * (H + R1)]),
             ([0, contact[0]], [1e3 * H, contact[1]]),
             ([contact[0]], [contact[1]]),
             ([0], [1e3 * H])]
    # the meridian at body azimuth 0 (the shell's x'), seen from the tilt axis
    psi = np.linspace(0, np.pi, 60)
    body = np.stack([R2 * np.sin(psi), np.zeros_like(psi), R1 * np.cos(psi)])
    world = egg.rotation(spin, beta, 0.0) @ body       # tilt about world x, viewed along x
    facing = world[0] >= 0
    for visible in (facing, ~facing):
        ys, zs = np.where(visible, world[1], np.nan), np.where(visible, world[2], np.nan)
        lines.append((-1e3 * ys, 1e3 * (zs + H)))
    return outline, lines


def side_view(ax, beta: float, spin: float, R1: float, R2: float):
    """Draw the shell tilted by ``beta`` (rad, long axis from the vertical) and spun by
    ``spin`` about its long axis, seen along its tilt axis; return the artists.

    Drawn: outline, long axis, the vertical through the centre, the line from the centre to
    the contact, and one painted meridian (spin 0 faces the reader) that shows the spin.
    The artists are those of :func:`side_view_data`, in its order, the outline first.
    """
    (x, z), (axis, vertical, arm, contact, centre, near, far) = side_view_data(
        beta, spin, R1, R2)
    artists = [ax.fill(x, z, color="#f3e3c3", ec="#8a6d3b", lw=2)[0]]
    artists += ax.plot(*axis, color="0.35", lw=1, ls="-.")
    artists += ax.plot(*vertical, color="0.6", lw=0.8, ls=":")
    artists += ax.plot(*arm, color="tab:red", lw=1.5)
    artists += ax.plot(*contact, "o", color="tab:red", ms=7)
    artists += ax.plot(*centre, "k+", ms=10, mew=2)
    for half, style in ((near, "-"), (far, ":")):
        artists += ax.plot(*half, color="tab:blue", lw=2, ls=style)
    return artists


class AttitudeExplorer:
    """Widget view: the shell for a tilt, a spin and an elongation R1/R2 (R2 fixed).

    Controls named ``tilt_deg``, ``spin_deg`` and ``elongation``. Top: the side view with the
    contact point, its numbers beside it; bottom: the centre height over the tilt (the
    potential energy over m g), the current tilt marked.

    A move only changes the data of artists made once (the shell's outline and lines, the
    marker, the landscape, which is computed again only when the elongation changes) and the
    numbers. Of the numbers' text (:attr:`text`, three lines of monospaced label, value and
    unit) only the values are drawn on a move (:attr:`readout`, the labels' and units' places
    blank), over the labels, units and box drawn once with the axes (:attr:`frame`, the
    values' places blank): every character lands where it would in the one text, and text
    is the slowest part of a redraw.
    """

    #: The numbers beside the side view: label, format of the value, unit; a line each.
    ROWS = (("H     ", "{:6.1f}", " mm"), ("beta_p", "{:6.1f}", " deg"),
            ("d     ", "{:6.1f}", " mm"))

    def setup(self, fig):
        """Two axes with fixed limits, the side view tall enough for the longest egg upright."""
        width, height = fig.get_size_inches()
        # side view 3.0 in wide (equal scales) over the landscape; the numbers right of it
        self.ax = fig.add_axes((0.65 / width, 3.05 / height, 3.0 / width, 2.8 / height))
        self.ax_h = fig.add_axes((0.65 / width, 0.5 / height, 4.45 / width, 1.9 / height))
        self.ax.set(xlim=(-95, 95), ylim=(-8, 170), xlabel="horizontal [mm]",
                    ylabel="height [mm]", aspect="equal")
        self.ax.axhspan(-8, 0, color="0.85")
        self.ax_h.set(xlim=(0, 180), ylim=(40, 100), xlabel="tilt from vertical [deg]",
                      ylabel="centre height H [mm]")
        self.ax_h.set_xticks([0, 45, 90, 135, 180])
        self.tilts = np.linspace(0, np.pi, 181)
        (self.landscape,) = self.ax_h.plot([], [], color="tab:green", lw=2)
        (self.marker,) = self.ax_h.plot([], [], "o", color="tab:red", ms=7, clip_on=False)
        self.shell = side_view(self.ax, 0.0, 0.0, R1, R2)
        self._elongation = None
        style = {"x": 1.04, "y": 1.0, "transform": self.ax.transAxes, "va": "top",
                 "fontsize": 10, "family": "monospace"}
        self.frame = self.ax.text(
            s=self._lines(None), **style,
            bbox={"facecolor": "white", "edgecolor": "0.7", "alpha": 0.9})
        self.readout = self.ax.text(s="", **style)
        self.text = self.ax.text(s="", visible=False, **style)  # read, not drawn

    def _lines(self, values, labels: bool = True) -> str:
        """The numbers' text for ``values`` (H, beta_p, d; None: the values blank), without
        the labels and units (blanks in their places) unless ``labels``."""
        values = (None,) * len(self.ROWS) if values is None else values
        lines = []
        for (label, number, unit), value in zip(self.ROWS, values, strict=True):
            shown = " " * len(number.format(0.0)) if value is None else number.format(value)
            lines.append(label + shown + unit if labels else
                         " " * len(label) + shown + " " * len(unit))
        return "\n".join(lines)

    def update(self, tilt_deg, spin_deg, elongation):
        """Move the shell, the marker and the numbers (the landscape if the elongation
        changed); return the artists to draw."""
        beta, spin = np.radians(tilt_deg), np.radians(spin_deg)
        r1 = R2 * elongation
        (x, z), lines = side_view_data(beta, spin, r1, R2)
        self.shell[0].set_xy(np.column_stack([x, z]))
        for line, data in zip(self.shell[1:], lines, strict=True):
            line.set_data(*data)
        if elongation != self._elongation:
            folded = np.minimum(self.tilts, np.pi - self.tilts)
            self.landscape.set_data(np.degrees(self.tilts),
                                    1e3 * egg.center_height(folded, r1, R2))
            self._elongation = elongation
        low = min(beta, np.pi - beta)
        H = egg.center_height(low, r1, R2)
        self.marker.set_data([tilt_deg], [1e3 * H])
        values = (1e3 * H, np.degrees(egg.contact_angle(low, r1, R2)),
                  1e3 * egg.contact_offset(low, r1, R2))
        self.text.set_text(self._lines(values))
        self.readout.set_text(self._lines(values, labels=False))
        return [*self.shell, self.landscape, self.marker, self.readout]


def attitude_explorer():
    """The chapter's first widget: tilt, spin and elongation over an AttitudeExplorer."""
    controls = {
        "tilt_deg": widgets.FloatSlider(value=35.0, min=0.0, max=180.0, step=1.0,
                                        description="tilt [deg]", readout_format=".0f"),
        "spin_deg": widgets.FloatSlider(value=30.0, min=-180.0, max=180.0, step=5.0,
                                        description="spin [deg]", readout_format=".0f"),
        "elongation": widgets.FloatSlider(value=R1 / R2, min=1.0, max=1.8, step=0.02,
                                          description="R1 / R2", readout_format=".2f"),
    }
    return interactive_figure(
        AttitudeExplorer(), controls, figsize=(FIGURE_INCHES, 6.0),
        alt="Side view of the tilted egg with its contact point and centre height, and the "
            "centre height over the tilt")


# --------------------------------------------------------------------------- the gyro

def _grid_step(values) -> float:
    """The spacing of an evenly spaced grid (a slider steps over exactly its points)."""
    steps = np.diff(values)
    if steps.size == 0 or not np.allclose(steps, steps[0]):
        raise ParameterError(f"the grid must have two or more evenly spaced values for a "
                             f"slider, got {list(values)}")
    return float(steps[0])


def top_view_limits(runs, margin_mm: float = 10.0, step_mm: float = 10.0):
    """Limits of a square top view, mm, that holds the contact and centre tracks of all
    ``runs`` (:func:`robodyn.egg.simulate` results) with ``margin_mm`` to spare, its half
    width rounded up to ``step_mm``: a view whose limits fit every slider position.

    Returns ``(xlim, ylim)``, each a (low, high) pair in mm.

    >>> from types import SimpleNamespace as Run
    >>> run = Run(contact_x=[0.0, -0.05], contact_y=[0.0, 0.02], x=[0.0, -0.06], y=[0.0, 0.0])
    >>> top_view_limits([run])
    ((-70.0, 10.0), (-30.0, 50.0))
    """
    xs = 1e3 * np.concatenate([np.r_[run.contact_x, run.x] for run in runs])
    ys = 1e3 * np.concatenate([np.r_[run.contact_y, run.y] for run in runs])
    middle = np.array([xs.max() + xs.min(), ys.max() + ys.min()]) / 2
    half = max(np.ptp(xs), np.ptp(ys)) / 2 + margin_mm
    half = step_mm * np.ceil(half / step_mm)
    middle = step_mm * np.round(middle / step_mm)
    return tuple((float(m - half), float(m + half)) for m in middle)


class GyroExplorer:
    """Widget view: the lying egg after its gimbal tilts, for a rotor speed and a tilt.

    Controls named ``rotor_speed`` and ``gimbal_tilt`` (points of the grid). Top: the long
    axis's elevation above the horizontal and the gimbal's tilt over time, the centre's lift
    and the heading's turn above them; bottom: the contact track and the centre seen from
    above.
    """

    def __init__(self, runs: dict):
        self.runs = runs

    def setup(self, fig):
        width, height = fig.get_size_inches()
        # the time plot over the square top view; the top view's legend right of it
        self.ax = fig.add_axes((0.65 / width, 4.15 / height, 4.45 / width, 1.95 / height))
        self.ax_top = fig.add_axes((0.65 / width, 0.5 / height, 3.1 / width, 3.1 / height))
        self.ax.set(xlim=(0, GYRO_TIME), ylim=(-40, 45), xlabel="t [s]",
                    ylabel="angle [deg]")
        self.ax.axhline(0, color="0.8", lw=0.8)
        (self.elevation,) = self.ax.plot([], [], color="tab:blue", lw=2,
                                         label="long axis above horizontal")
        (self.gimbal,) = self.ax.plot([], [], color=ORANGE, lw=1.5, ls="--",
                                      label=r"gimbal tilt $\psi$")
        self.ax.legend(loc="lower left", fontsize=10)
        xlim, ylim = top_view_limits(self.runs.values())
        self.ax_top.set(xlim=xlim, ylim=ylim, xlabel="x [mm]", ylabel="y [mm]",
                        aspect="equal")
        (self.track,) = self.ax_top.plot([], [], color="tab:red", lw=1.5, label="contact")
        (self.centre,) = self.ax_top.plot([], [], color="0.3", lw=1, ls=":", label="centre")
        self.ax_top.legend(loc="lower left", bbox_to_anchor=(1.0, 0.0), fontsize=10,
                           frameon=False)
        self.text = self.ax.text(0.0, 1.04, "", transform=self.ax.transAxes, va="bottom",
                                 fontsize=10)

    def update(self, rotor_speed, gimbal_tilt):
        run = self.runs[grid_key(rotor_speed, gimbal_tilt)]
        self.elevation.set_data(run.t, np.degrees(np.pi / 2 - run.beta))
        self.gimbal.set_data(run.t, np.degrees(run.psi))
        self.track.set_data(1e3 * run.contact_x, 1e3 * run.contact_y)
        self.centre.set_data(1e3 * run.x, 1e3 * run.y)
        rise = 1e3 * (run.z.max() - run.z[0])
        self.text.set_text(f"centre lifted by up to {rise:.1f} mm, heading turned "
                           f"{np.degrees(np.ptp(np.unwrap(run.gamma))):.0f} deg")
        return [self.elevation, self.gimbal, self.track, self.centre, self.text]


def gyro_explorer(runs: dict | None = None):
    """The chapter's second widget: rotor speed and gimbal tilt over a GyroExplorer (the
    grid of :func:`robodyn.egg.gyro_grid`, computed here unless given)."""
    runs = gyro_grid() if runs is None else runs
    speeds = sorted({speed for speed, _ in runs})
    tilts = sorted({tilt for _, tilt in runs})
    controls = {
        "rotor_speed": widgets.FloatSlider(value=speeds[-1], min=speeds[0], max=speeds[-1],
                                           step=_grid_step(speeds),
                                           description="rotor [rad/s]", readout_format=".0f"),
        "gimbal_tilt": widgets.FloatSlider(value=tilts[len(tilts) // 2], min=tilts[0],
                                           max=tilts[-1], step=_grid_step(tilts),
                                           description="gimbal [rad]", readout_format=".2f"),
    }
    return interactive_figure(
        GyroExplorer(runs), controls, figsize=(FIGURE_INCHES, 6.45),
        alt="Elevation of the egg's long axis and the gimbal's tilt over time, and the "
            "contact track seen from above, for a rotor speed and a gimbal tilt")


#: The widgets of the chapter; each can be made with its defaults.
WIDGETS = (attitude_explorer, gyro_explorer)


# --------------------------------------------------------------------------- the egg in 3D

#: Colours of the egg's parts, in the scene and in the still.
COLOURS = {"shell": "#d9b26f", "outer ring": "#4477aa", "inner ring": "#228833",
           "rotor": "#aa3377", "contact": "#cc3311"}


def _part_meshes(params: egg.EggParams):
    """Meshes of shell, outer ring, inner ring and rotor in their own frames (hoops in their
    x-z planes, the rotor's axis along z), m."""
    shell = scene3d.ellipsoid_mesh(params.R2, params.R2, params.R1, 28, 18)
    turn = rot_x(np.pi / 2)                    # a band about z -> a hoop in the x-z plane
    rings = []
    for radius in (params.outer_ring_radius, params.inner_ring_radius):
        vertices, faces = scene3d.ring_mesh(radius, 0.006, 0.002, 40)
        rings.append((vertices @ turn.T, faces))
    rotor = scene3d.disc_mesh(params.rotor_radius, params.rotor_thickness, 32)
    return shell, rings[0], rings[1], rotor


def _part_poses(run):
    """Attitudes of the four bodies at every sample of a run (the rotor drawn without its
    spin: a disc looks the same at every angle)."""
    poses = [[R @ A for A in egg.body_attitudes(phi, psi)]
             for R, phi, psi in zip(run.rotations, run.phi, run.psi, strict=True)]
    return tuple(np.array(pose) for pose in zip(*poses, strict=True))


def egg_scene(run, params: egg.EggParams | None = None, frame_time: float = 0.04,
              title: str = ""):
    """The 3D scene of a run of :func:`robodyn.egg.simulate`: the translucent shell, the two
    gimbal rings and the rotor, and the contact track on the floor; it plays in real time
    (one frame per ``frame_time`` s of the run)."""
    params = egg.EggParams() if params is None else params
    stride = max(1, int(round(frame_time / float(np.median(np.diff(run.t))))))
    keep = np.arange(0, run.t.size, stride)
    centre = np.c_[run.x, run.y, run.z][keep]
    poses = [pose[keep] for pose in _part_poses(run)]
    names = ("shell", "outer ring", "inner ring", "rotor")
    bodies = [scene3d.Body(name, vertices, faces, COLOURS[name],
                           0.35 if name == "shell" else 1.0, pose, centre)
              for name, (vertices, faces), pose in
              zip(names, _part_meshes(params), poses, strict=True)]
    track = scene3d.Track("contact track", np.c_[run.contact_x, run.contact_y,
                                                 np.zeros_like(run.t)][keep],
                          COLOURS["contact"])
    reach = max(np.abs(centre[:, :2]).max(), 0.0) + 2 * params.R1
    return scene3d.scene_html(bodies, [track], times=run.t[keep],
                              floor=(-reach, reach, -reach, reach), title=title,
                              fps=1.0 / (stride * float(np.median(np.diff(run.t)))))


#: Metres to the still's millimetres.
MM = 1e3
#: Share of the largest span of the still's drawing left free beyond it on every side.
STILL_MARGIN = 0.04
#: Size of the still's 3D box in its axes, relative to matplotlib's (which leaves room for a
#: box turned any way, and so draws it small); at this size the box and its labels stay inside
#: the chapter's figure (5 x 4.2 in) seen from elevations of 25 to 30 deg.
STILL_ZOOM = 1.05
#: The rotor's axis is drawn this many rotor radii from the centre either way.
ROTOR_AXIS_REACH = 1.6
#: Grid of the shell's wire frame: meridians and parallels (poles included).
WIRE_MERIDIANS, WIRE_PARALLELS = 25, 13


def still_limits(points, margin: float = STILL_MARGIN) -> tuple[np.ndarray, np.ndarray]:
    """The limits of a 3D still that holds ``points`` with equal scales on its three axes.

    Parameters
    ----------
    points : array_like, shape (n, 3)
        Everything drawn, in the unit of the axes (the still's: mm).
    margin : float
        Share of the largest span left free beyond the points on every side (>= 0).

    Returns
    -------
    low, high : ndarray, shape (3,)
        Lower and upper limit of x, y and z, in the unit of ``points``. The box's aspect
        ``high - low`` gives the three axes equal scales.

    >>> low, high = still_limits([[0.0, 0.0, 0.0], [100.0, 50.0, 20.0]], margin=0.1)
    >>> low.tolist(), high.tolist()
    ([-10.0, -10.0, -10.0], [110.0, 60.0, 30.0])
    """
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    low, high = points.min(axis=0), points.max(axis=0)
    pad = margin * float(np.max(high - low))
    return low - pad, high + pad


def _shell_wire(R: np.ndarray, centre: np.ndarray, params: egg.EggParams) -> np.ndarray:
    """Points of the shell's wire frame in the world, m, shape (3, parallels, meridians)."""
    u, v = np.meshgrid(np.linspace(0, 2 * np.pi, WIRE_MERIDIANS),
                       np.linspace(0, np.pi, WIRE_PARALLELS))
    local = np.stack([params.R2 * np.sin(v) * np.cos(u), params.R2 * np.sin(v) * np.sin(u),
                      params.R1 * np.cos(v)])
    return np.einsum("ij,jkl->ikl", R, local) + centre[:, None, None]


def egg_still(ax, run, index: int = -1, params: egg.EggParams | None = None):
    """A matplotlib 3D still of one sample of a run on the axes ``ax`` (projection '3d'):
    the shell as a wire frame, the rotor's axis, the contact point and the track so far. For
    print, and where the 3D scene cannot run.

    The axes hold just what is drawn (:func:`still_limits`: a margin of
    :data:`STILL_MARGIN`), in mm with equal scales, and their box is drawn
    :data:`STILL_ZOOM` times matplotlib's size, so the egg fills them.
    """
    params = egg.EggParams() if params is None else params
    index = index % run.t.size
    R, _, inner, _ = (pose[index] for pose in _part_poses(run))
    centre = np.array([run.x[index], run.y[index], run.z[index]])
    shell = MM * _shell_wire(R, centre, params)
    ax.plot_wireframe(*shell, color=COLOURS["shell"], lw=0.6)
    axis = inner @ [0, 0, 1.0] * params.rotor_radius * ROTOR_AXIS_REACH
    ends = MM * np.c_[centre - axis, centre + axis]
    ax.plot(*ends, color=COLOURS["rotor"], lw=3, label="rotor axis")
    track = MM * np.c_[run.contact_x[:index + 1], run.contact_y[:index + 1],
                       np.zeros(index + 1)]
    ax.plot(*track.T, color=COLOURS["contact"], lw=1.5, label="contact track")
    ax.scatter(*track[-1:].T, color=COLOURS["contact"], s=20)
    low, high = still_limits(np.vstack([shell.reshape(3, -1).T, ends.T, track]))
    ax.set(xlim=(low[0], high[0]), ylim=(low[1], high[1]), zlim=(low[2], high[2]),
           xlabel="x [mm]", ylabel="y [mm]", zlabel="z [mm]")
    ax.set_box_aspect(high - low, zoom=STILL_ZOOM)        # equal scales on the three axes
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=10,
              frameon=False)                            # in a row above the box, clear of it


def upright_stability(axes, params: egg.EggParams, growth: dict | None = None,
                      top_speed: float = 1000.0, samples: int = 801):
    """The upright egg's eigenvalues against the rotor's speed on two axes, from 0 to
    ``top_speed`` (rad/s): the real parts on ``axes[0]``, with the growth rates ``growth``
    (rotor speed -> 1/s, measured in simulations) as dots; the frequencies on ``axes[1]``,
    with the fast rotor's precession k/h dotted; the critical speed dashed on both.
    Returns the critical speed, rad/s."""
    ax, ax_f = axes
    speeds = np.linspace(0.0, top_speed, samples)
    s = egg.gyro_eigenvalues(params, speeds)
    critical = egg.critical_rotor_speed(params)
    ax.plot(speeds, np.sort(s.real, axis=-1), color="tab:blue")
    ax.plot([], [], color="tab:blue", label="real parts of $s$")
    if growth:
        ax.plot(list(growth), list(growth.values()), "ko", ms=5, label="simulated growth")
    ax.set(ylabel="real part [1/s]")
    ax.legend(loc="lower right")
    ax_f.plot(speeds, np.sort(np.abs(s.imag), axis=-1)[:, ::2], color="tab:green")
    _, _, k, C = egg.upright_coefficients(params)
    fast = speeds > critical
    ax_f.plot(speeds[fast], k / (C * speeds[fast]), ":", color="k",
              label="fast rotor's precession, $k/h$")
    top = 1.15 * np.abs(s.imag).max()
    ax_f.text(0.9 * top_speed, 0.78 * top, "nutation", ha="right")
    ax_f.text(0.99 * top_speed, 0.18 * top, "precession", ha="right")
    ax_f.set(xlabel=r"rotor speed $\Omega$ [rad/s]",
             ylabel=r"frequency $|\mathrm{Im}\,s|$ [rad/s]", ylim=(0, top))
    ax_f.legend(loc="upper left")
    for axis in axes:
        axis.axvline(critical, ls="--", color="tab:red")
    ax.text(critical + 0.015 * top_speed, 0.8 * ax.get_ylim()[1], r"$\Omega_c$",
            color="tab:red")
    return critical


# ------------------------------------------------------------------ the drawing of the robot

#: The drawings' view: azimuth and elevation of the eye, deg (matplotlib's 3D convention).
DRAWING_VIEW = (-120.0, 20.0)
#: The attitude of the drawing of the shell, rad: spin alpha, tilt beta, heading gamma.
DRAWING_ANGLES = (0.45, 0.8, 0.5)
#: The gimbal of the drawing of the inside, rad: outer ring phi, inner ring psi.
DRAWING_GIMBAL = (0.6, 0.5)


class _Projection:
    """An orthographic view of 3D points (m) onto the page (mm), eye at ``view`` (deg)."""

    def __init__(self, ax, view=DRAWING_VIEW, fontsize: float = 12.0):
        azim, elev = np.radians(view)
        self.ax, self.fontsize = ax, fontsize
        self.right = np.array([-np.sin(azim), np.cos(azim), 0.0])
        self.up = np.array([-np.sin(elev) * np.cos(azim), -np.sin(elev) * np.sin(azim),
                            np.cos(elev)])

    def __call__(self, points) -> np.ndarray:
        """Page coordinates, mm, shape (2, n), of points of shape (3,) or (3, n)."""
        points = np.asarray(points, dtype=float)
        return MM * np.array([self.right, self.up]) @ points.reshape(3, -1)

    def line(self, *points, **style):
        self.ax.plot(*self(np.column_stack(points)), **style)

    def curve(self, points, **style):
        self.ax.plot(*self(points), **style)

    def arrow(self, start, end, color="k", lw=1.4, style="-|>"):
        self.ax.add_patch(FancyArrowPatch(tuple(self(start)[:, 0]), tuple(self(end)[:, 0]),
                                          arrowstyle=style, mutation_scale=12, color=color,
                                          lw=lw, shrinkA=0, shrinkB=0, zorder=4))

    def label(self, point, text, color="k", **style):
        self.ax.text(*self(point)[:, 0], text, fontsize=self.fontsize, color=color,
                     ha="center", va="center", zorder=6, **style)

    def silhouette(self, R, centre, radii):
        """The outline of the ellipsoid with semi-axes ``radii`` turned by ``R`` about
        ``centre``: the projection of an ellipsoid is the ellipse of the matrix
        P R diag(radii^2) R^T P^T."""
        P = np.array([self.right, self.up])
        shape = P @ R @ np.diag(np.square(radii)) @ R.T @ P.T
        turn = np.linspace(0.0, 2 * np.pi, 181)
        return self(centre)[:, :1] + MM * np.linalg.cholesky(shape) @ [np.cos(turn),
                                                                         np.sin(turn)]


def _arc(centre, start, end, radius, n: int = 40) -> np.ndarray:
    """Points of the circular arc about ``centre`` from the direction ``start`` to the
    direction ``end`` (unit vectors, not parallel), shape (3, n)."""
    start, end = np.asarray(start, float), np.asarray(end, float)
    angle = np.arccos(np.clip(start @ end, -1.0, 1.0))
    across = end - (start @ end) * start
    across /= np.linalg.norm(across)
    t = np.linspace(0.0, angle, n)
    return np.asarray(centre, float)[:, None] + radius * (
        np.outer(start, np.cos(t)) + np.outer(across, np.sin(t)))


def _hoop(R, radius: float, n: int = 121) -> np.ndarray:
    """A hoop of ``radius`` in the x-z plane of the frame ``R`` about the origin, (3, n)."""
    t = np.linspace(0.0, 2 * np.pi, n)
    return R @ np.array([radius * np.cos(t), np.zeros(n), radius * np.sin(t)])


def draw_shell_attitude(ax, params: egg.EggParams | None = None, angles=DRAWING_ANGLES, *,
                        view=DRAWING_VIEW, fontsize: float = 12.0) -> dict:
    r"""Draw the tilted shell with every symbol of the chapter's first equations.

    The world frame x, y, z on the floor below the centre; the shell's frame x', y', z'
    at its centre, z' along the long axis, turned by :math:`R_z(\gamma)R_x(\beta)R_z(\alpha)`
    (:func:`robodyn.egg.rotation`); the line of nodes N, the tilt axis, horizontal through
    the centre; the heading :math:`\gamma` from x to N on the floor, the tilt :math:`\beta`
    from z to z', the spin :math:`\alpha` from N to x' about z'; the contact point c, the
    vector r from the centre to it and the centre's height H. ``angles`` is
    ``(alpha, beta, gamma)`` in rad, the shell ``params`` (default :class:`EggParams`) drawn
    to scale in mm. Returns the points drawn, m: ``centre``, ``contact``, ``nodes`` (unit).
    """
    params = egg.EggParams() if params is None else params
    alpha, beta, gamma = angles
    R1_, R2_ = params.R1, params.R2
    R = egg.rotation(alpha, beta, gamma)
    H = float(egg.center_height(beta, R1_, R2_))
    centre = np.array([0.0, 0.0, H])
    down = -R.T @ [0.0, 0.0, 1.0]                          # the floor's normal, shell frame
    A = np.array([R2_**2, R2_**2, R1_**2])
    contact = centre + R @ (A * down / H)                   # p = A n / H, eq. egg-contact
    foot = np.array([0.0, 0.0, 0.0])
    nodes = rot_z(gamma) @ [1.0, 0.0, 0.0]
    x_b, y_b, z_b = R.T
    page = _Projection(ax, view, fontsize)
    grey, blue, red, green = "0.35", "tab:blue", "tab:red", "tab:green"

    floor = np.array([[-1, -1, 0], [1.4, -1, 0], [1.4, 1.3, 0], [-1, 1.3, 0]]) * 0.075
    ax.add_patch(Polygon(page(floor.T).T, closed=True, facecolor="0.93", edgecolor="0.7",
                         lw=0.8, zorder=0))
    outline = page.silhouette(R, centre, (R2_, R2_, R1_))
    ax.add_patch(Polygon(outline.T, closed=True, facecolor=COLOURS["shell"], alpha=0.35,
                         edgecolor="0.3", lw=1.2, zorder=1))

    reach = 0.085                                           # the world frame, at the foot
    for axis, text in ((0, "$x$"), (1, "$y$")):
        tip = np.eye(3)[axis] * reach
        page.arrow(foot, tip, grey)
        page.label(tip * 1.2, text, grey)
    page.line(foot, centre, color=grey, lw=0.9, ls="--")    # the vertical through the centre
    page.arrow(centre, centre + [0, 0, 1.55 * R1_], grey)
    page.label(centre + [0, 0, 1.72 * R1_], "$z$", grey)
    page.label(0.45 * centre + 0.009 * page.right, "$H$")

    page.line(foot - 0.5 * reach * nodes, foot + reach * nodes, color=green, lw=1.0,
              ls="-.")                                      # the line of nodes, on the floor
    page.line(centre - 1.3 * R2_ * nodes, centre + 1.6 * R2_ * nodes, color=green, lw=1.0,
              ls="-.")                                      # and through the centre
    page.label(centre + 1.8 * R2_ * nodes + 0.008 * page.up, "$N$", green)
    page.curve(_arc(foot, [1, 0, 0], nodes, 0.045), color=green, lw=1.2)
    page.label(foot + 0.056 * rot_z(gamma / 2) @ [1.0, 0, 0], r"$\gamma$", green)
    page.curve(_arc(centre, [0, 0, 1.0], z_b, 1.3 * R1_), color=green, lw=1.2)
    page.label(centre + 1.42 * R1_ * (z_b + [0, 0, 1.0]) / np.linalg.norm(z_b + [0, 0, 1]),
               r"$\beta$", green)
    page.curve(_arc(centre, nodes, x_b, 0.75 * R2_), color=green, lw=1.2)
    middle = (nodes + x_b) / np.linalg.norm(nodes + x_b)
    page.label(centre + 0.5 * R2_ * middle, r"$\alpha$", green)

    for direction, length, text in ((x_b, 1.7 * R2_, "$x'$"), (y_b, 1.7 * R2_, "$y'$"),
                                    (z_b, 1.5 * R1_, "$z'$")):
        page.arrow(centre, centre + length * direction, blue)
        page.label(centre + (length + 0.011) * direction, text, blue)
    ax.plot(*page(centre), "o", color=blue, ms=4, zorder=5)

    page.arrow(centre, contact, red)                        # the contact and its vector r
    ax.plot(*page(contact), "o", color=red, ms=5, zorder=5)
    page.label(0.6 * centre + 0.4 * contact - 0.010 * page.right, "$r$", red)
    page.label(contact - 0.011 * page.right - 0.004 * page.up, "$c$", red)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return {"centre": centre, "contact": contact, "nodes": nodes}


def draw_gimbal(ax, params: egg.EggParams | None = None, gimbal=DRAWING_GIMBAL, *,
                view=DRAWING_VIEW, fontsize: float = 12.0) -> dict:
    r"""Draw the gimbal inside the shell, in the shell's frame x', y', z'.

    The outer ring turns about z' by :math:`\phi`, the inner ring in it about the outer
    ring's x axis by :math:`\psi`, and the rotor spins in the inner ring about its z axis at
    :math:`\Omega`; the rotor's axis is :math:`R_z(\phi)R_x(\psi)\hat z`
    (:func:`robodyn.egg.body_attitudes`). ``gimbal`` is ``(phi, psi)`` in rad; rings, rotor
    and shell from ``params`` (default :class:`EggParams`), to scale. Returns the unit
    vectors drawn: ``hinge`` (the inner ring's axis) and ``rotor_axis``, shell frame.
    """
    params = egg.EggParams() if params is None else params
    phi, psi = gimbal
    _, outer, inner, _ = egg.body_attitudes(phi, psi)
    page = _Projection(ax, view, fontsize)
    origin = np.zeros(3)
    hinge, rotor_axis = outer[:, 0], inner[:, 2]
    blue, green = "tab:blue", "tab:green"

    outline = page.silhouette(np.eye(3), origin, (params.R2, params.R2, params.R1))
    ax.add_patch(Polygon(outline.T, closed=True, facecolor=COLOURS["shell"], alpha=0.25,
                         edgecolor="0.3", lw=1.2, zorder=1))
    for R, radius, name in ((outer, params.outer_ring_radius, "outer ring"),
                            (inner, params.inner_ring_radius, "inner ring")):
        page.curve(_hoop(R, radius), color=COLOURS[name], lw=2.2, zorder=2)
    disc = page.silhouette(inner, origin, (params.rotor_radius, params.rotor_radius,
                                           params.rotor_thickness / 2))
    ax.add_patch(Polygon(disc.T, closed=True, facecolor=COLOURS["rotor"], alpha=0.8,
                         edgecolor="k", lw=0.8, zorder=3))

    for direction, length, text in ((np.eye(3)[0], 1.75 * params.R2, "$x'$"),
                                    (np.eye(3)[1], 1.75 * params.R2, "$y'$"),
                                    (np.eye(3)[2], 1.35 * params.R1, "$z'$")):
        page.arrow(origin, length * direction, blue)
        page.label((length + 0.011) * direction, text, blue)
    page.line(-1.2 * params.outer_ring_radius * hinge,
              1.3 * params.outer_ring_radius * hinge, color=COLOURS["outer ring"], lw=1.0,
              ls="-.")                                      # the inner ring's hinge
    page.curve(_arc(origin, [1.0, 0, 0], hinge, 1.3 * params.R2), color=green, lw=1.2)
    page.label(1.45 * params.R2 * rot_z(phi / 2) @ [1.0, 0, 0], r"$\phi$", green)
    reach = 1.05 * params.R1
    page.arrow(origin, reach * rotor_axis, COLOURS["rotor"], lw=1.8)
    page.curve(_arc(origin, [0, 0, 1.0], rotor_axis, 0.6 * params.R1), color=green, lw=1.2)
    middle = (rotor_axis + [0, 0, 1.0]) / np.linalg.norm(rotor_axis + [0, 0, 1.0])
    page.label(0.72 * params.R1 * middle, r"$\psi$", green)
    spin = [inner @ (0.011 * np.array([np.cos(t), np.sin(t), 0.0])) +
            0.9 * reach * rotor_axis for t in np.linspace(0.3, 1.8 * np.pi, 40)]
    spin = np.array(spin).T
    page.curve(spin[:, :-1], color=COLOURS["rotor"], lw=1.4)
    page.arrow(spin[:, -2], spin[:, -1], COLOURS["rotor"], lw=1.4)
    page.label((reach + 0.012) * rotor_axis, r"$\Omega$", COLOURS["rotor"])
    names_pt = max(MIN_FONT_PT, 0.85 * fontsize)           # the parts' names, smaller
    for name, point, offset in (
            ("outer ring", outer @ [np.cos(-0.9), 0, np.sin(-0.9)] * params.outer_ring_radius,
             (22.0, -14.0)),
            ("inner ring", inner @ [np.cos(3.8), 0, np.sin(3.8)] * params.inner_ring_radius,
             (-30.0, -22.0)),
            ("rotor", inner @ [-params.rotor_radius, 0, 0], (-30.0, -6.0))):
        text = page(point)[:, 0]
        ax.annotate(name, text, text + offset, fontsize=names_pt,
                    color=COLOURS[name], ha="left" if offset[0] > 0 else "right",
                    va="center", zorder=6,
                    arrowprops=dict(arrowstyle="-", color=COLOURS[name], lw=0.8))
    ax.set_aspect("equal")
    ax.set_axis_off()
    return {"hinge": hinge, "rotor_axis": rotor_axis}


def attitude_drawing(params: egg.EggParams | None = None):
    """The drawing of the tilted shell (:func:`draw_shell_attitude`) as an SVG image."""
    fig, ax = plt.subplots(figsize=(FIGURE_INCHES, 4.6))
    draw_shell_attitude(ax, params)
    return svg_image(fig)


def gimbal_drawing(params: egg.EggParams | None = None):
    """The drawing of the gimbal in the shell (:func:`draw_gimbal`) as an SVG image."""
    fig, ax = plt.subplots(figsize=(FIGURE_INCHES, 4.6))
    draw_gimbal(ax, params)
    return svg_image(fig)
