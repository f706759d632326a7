"""Figures of the stick-slip chapter: the Droplet drawn, its spin explorer, Nelder-Mead's steps.

The floor is drawn as the source's overhead camera sees it: x to the right, y downwards, so
that the source's clockwise angles look clockwise. :class:`SpinExplorer` runs a spin of a
seeded robot for three offsets tau and fits its circle; :class:`NelderMeadExplorer` replays
the simplex of a calibration iteration by iteration; :func:`droplet_animation` plays a walk.
"""

from __future__ import annotations

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import SVG
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle

from robodyn import stickslip
from robodyn.plotting import ORANGE, animation, interactive_figure
from robodyn.plotting.interactive import FIGURE_INCHES
from robodyn.plotting.vector import svg_image

#: The robot of the widgets: seed 2, its motor 3 flipped (found and reversed by the probe).
ROBOT = stickslip.make_robot(2, flipped=(False, False, True))
#: The spin direction the widgets calibrate, and the commands that realise it on ROBOT.
DIRECTION = 1
COMMANDS = (1, 1, -1)
CYCLES = 20
#: Slider range of the offsets, units of 1/32 ms (+- 5 ms).
TAU_LIMIT = 160
#: The source's geometry, for the drawings.
GEOMETRY = stickslip.DropletGeometry()


def spin_run(robot, commands, taus3, cycles: int = CYCLES, seed: int = 1):
    """A spin of ``cycles`` pivots per motor with the offsets ``taus3`` for ``commands``."""
    steps = [(motor, commands[motor]) for _ in range(cycles) for motor in range(3)]
    return stickslip.pivot_sequence(robot, steps, stickslip.taus_table(commands, taus3), seed)


def camera_axes(ax, half_width_mm: float):
    """Square axes in mm about the origin, y pointing down as in the source's camera view."""
    ax.set_aspect("equal")
    ax.set(xlim=(-half_width_mm, half_width_mm), ylim=(half_width_mm, -half_width_mm),
           xlabel="x [mm]", ylabel="y [mm] (down)")


class SpinExplorer:
    """Widget view: the centre's path of a spin for three offsets, and its fitted circle.

    Controls named ``tau1``, ``tau2``, ``tau3`` (units of 1/32 ms). The text gives the
    fitted radius, the rotation speed and the source's cost with alpha = 1 /mm, beta = 0.5 s.
    """

    def setup(self, fig):
        """Square axes on the left; the numbers and the legend in the column to their right."""
        ax = self.ax = fig.add_axes((0.115, 0.12, 0.56, 0.86))
        camera_axes(ax, 6.0)
        (self.path,) = ax.plot([], [], ".-", color="tab:blue", ms=3, lw=0.8,
                               label="centre after\neach pivot")
        (self.circle,) = ax.plot([], [], color="tab:red", lw=1.5, label="fitted circle")
        ax.legend(loc="lower left", bbox_to_anchor=(1.0, 0.0), fontsize=10, frameon=False)
        self.text = ax.text(1.03, 1.0, "", transform=ax.transAxes, va="top", fontsize=10,
                            family="monospace")

    def update(self, tau1, tau2, tau3):
        """Simulate the spin, fit its circle, draw both; return the changed artists."""
        run = spin_run(ROBOT, COMMANDS, (tau1, tau2, tau3))
        fit = stickslip.fit_circle(run.x, run.y)
        self.path.set_data(run.x * 1e3, run.y * 1e3)
        if np.isfinite(fit.radius):
            angles = np.linspace(0, 2 * np.pi, 200)
            self.circle.set_data((fit.xc + fit.radius * np.cos(angles)) * 1e3,
                                 (fit.yc + fit.radius * np.sin(angles)) * 1e3)
        else:
            self.circle.set_data([], [])
        speed = abs(run.theta[-1] - run.theta[0]) / run.t[-1]
        cost = stickslip.calibration_cost(min(fit.radius * 1e3, 1e3), speed, 1.0, 0.5)
        sizes = np.degrees(np.abs(run.angles[:3]))
        self.text.set_text(f"R    {fit.radius * 1e3:6.2f} mm\n"
                           f"V    {speed:6.2f} rad/s\n"
                           f"cost {cost:6.2f}\n\npivots [deg]\n"
                           + "\n".join(f" {i + 1}  {a:5.2f}" for i, a in enumerate(sizes)))
        return [self.path, self.circle, self.text]


def spin_explorer():
    """The chapter's first widget: three offset sliders over a :class:`SpinExplorer`."""
    controls = {name: widgets.IntSlider(value=0, min=-TAU_LIMIT, max=TAU_LIMIT, step=4,
                                        description=f"{name} [1/32 ms]")
                for name in ("tau1", "tau2", "tau3")}
    return interactive_figure(
        SpinExplorer(), controls, figsize=(FIGURE_INCHES, 3.7),
        alt="Path of the Droplet's centre while it spins, with its fitted circle, for three "
            "timing offsets")


# --------------------------------------------------------------------------- Nelder-Mead


def _spin_cost(vector):
    """The calibration cost of ROBOT's spin at the offsets ``vector`` (rounded), seeded by
    the offsets so that a point always costs the same."""
    rounded = np.rint(vector).astype(int)
    seed = int(abs(hash(tuple(rounded.tolist()))) % 2**31)
    run = spin_run(ROBOT, COMMANDS, rounded, seed=seed)
    fit = stickslip.fit_circle(run.x, run.y)
    speed = abs(run.theta[-1] - run.theta[0]) / run.t[-1]
    return stickslip.calibration_cost(min(fit.radius * 1e3, 1e3), speed, 1.0, 0.5)


def calibration_steps(iterations: int = 40):
    """Nelder-Mead's steps on ROBOT's spin cost from 0 with a simplex of 32 units."""
    simplex = np.vstack([np.zeros(3), 32.0 * np.eye(3)])
    return stickslip.nelder_mead_steps(_spin_cost, simplex, iterations)


class NelderMeadExplorer:
    """Widget view: the simplex at one iteration (tau1-tau2 plane) and its best spin.

    Control named ``iteration``. Top: every vertex so far (faint), the current simplex's
    edges, its best vertex, the move it is about to make; bottom: the spin path at the best
    vertex with its circle.
    """

    def __init__(self, steps):
        self.steps = steps

    def setup(self, fig):
        """Both axes, the trail of vertices and empty artists for the current iteration."""
        self.ax, self.ax_spin = fig.subplots(2, 1, height_ratios=(1.0, 1.2))
        fig.subplots_adjust(left=0.13, right=0.97, bottom=0.08, top=0.95, hspace=0.38)
        every = np.vstack([step.simplex for step in self.steps])
        low, high = every.min(axis=0) - 10, every.max(axis=0) + 10
        self.ax.set(xlim=(low[0], high[0]), ylim=(low[1], high[1]), xlabel="tau1 [1/32 ms]",
                    ylabel="tau2 [1/32 ms]")
        self.ax.plot(every[:, 0], every[:, 1], ".", color="0.75", ms=3)
        (self.edges,) = self.ax.plot([], [], color="tab:blue", lw=1.2)
        (self.best,) = self.ax.plot([], [], "o", color="tab:red", ms=6)
        (self.trial,) = self.ax.plot([], [], "x", color="k", ms=8, mew=2)
        self.title = self.ax.set_title("", fontsize=10)
        camera_axes(self.ax_spin, 6.0)
        (self.path,) = self.ax_spin.plot([], [], ".-", color="tab:blue", ms=3, lw=0.8)
        (self.circle,) = self.ax_spin.plot([], [], color="tab:red", lw=1.2)
        self.spin_title = self.ax_spin.set_title("", fontsize=10)

    def update(self, iteration):
        """Draw iteration ``iteration``; return the changed artists."""
        step = self.steps[int(iteration)]
        vertices = step.simplex
        order = [0, 1, 2, 3, 0, 2, 1, 3]          # every edge of the tetrahedron once or so
        self.edges.set_data(vertices[order, 0], vertices[order, 1])
        self.best.set_data([vertices[0, 0]], [vertices[0, 1]])
        self.trial.set_data([step.trial[0]], [step.trial[1]])
        self.title.set_text(f"iteration {int(iteration)}: {step.move}, "
                            f"best cost {step.values[0]:.2f}")
        run = spin_run(ROBOT, COMMANDS, np.rint(vertices[0]))
        fit = stickslip.fit_circle(run.x, run.y)
        self.path.set_data(run.x * 1e3, run.y * 1e3)
        angles = np.linspace(0, 2 * np.pi, 200)
        self.circle.set_data((fit.xc + fit.radius * np.cos(angles)) * 1e3,
                             (fit.yc + fit.radius * np.sin(angles)) * 1e3)
        self.spin_title.set_text(f"best vertex: R = {fit.radius * 1e3:.2f} mm")
        return [self.edges, self.best, self.trial, self.title, self.path, self.circle,
                self.spin_title]


def nelder_mead_explorer(iterations: int = 40):
    """The chapter's second widget: an iteration slider over a :class:`NelderMeadExplorer`,
    starting at the last iteration (what a static page shows)."""
    steps = calibration_steps(iterations)
    # the static figure of the book shows the default: the last iteration, the result
    controls = {"iteration": widgets.IntSlider(value=len(steps) - 1, min=0,
                                               max=len(steps) - 1, description="iteration")}
    return interactive_figure(
        NelderMeadExplorer(steps), controls, figsize=(FIGURE_INCHES, 6.4),
        alt="The Nelder-Mead simplex over two of the three offsets at one iteration, and the "
            "spin of its best vertex")


#: The widgets of the chapter; each can be made with its defaults.
WIDGETS = (spin_explorer, nelder_mead_explorer)


# --------------------------------------------------------------------------- drawings


def draw_droplet(ax, pose, geometry=GEOMETRY, color="tab:blue"):
    """Draw the Droplet at ``pose`` (x, y, theta in m, m, rad): body, legs, motors; mm axes.

    Returns the artists (body outline, legs, motors, heading line) for moving them.
    """
    (body,) = ax.plot([], [], color=color, lw=1.5)
    (legs,) = ax.plot([], [], "o", color="k", ms=4)
    (motors,) = ax.plot([], [], "s", color=ORANGE, ms=5)
    (heading,) = ax.plot([], [], color=color, lw=1)
    artists = (body, legs, motors, heading)
    place_droplet(artists, pose, geometry)
    return artists


def place_droplet(artists, pose, geometry=GEOMETRY):
    """Move the artists of :func:`draw_droplet` to ``pose``."""
    body, legs, motors, heading = artists
    x, y, theta = pose
    c, s = np.cos(theta), np.sin(theta)

    def world(points):
        points = np.atleast_2d(points)
        return (x + c * points[:, 0] - s * points[:, 1]) * 1e3, (
            y + s * points[:, 0] + c * points[:, 1]) * 1e3

    outline = geometry.body_radius * np.column_stack([np.cos(np.linspace(0, 2 * np.pi, 60)),
                                       np.sin(np.linspace(0, 2 * np.pi, 60))])
    body.set_data(*world(outline))
    legs.set_data(*world(geometry.legs))
    angles = geometry.motor_angles
    motors.set_data(*world(geometry.leg_radius * np.column_stack([np.cos(angles),
                                                                  np.sin(angles)])))
    heading.set_data(*world(np.array([[0.0, 0.0], [0.0, 0.012]])))


def droplet_animation(run, n_frames: int = 60, interval_ms: float = 80.0,
                      half_width_mm: float = 60.0):
    """A jshtml animation of a Droplet walk: the robot pivoting, its centre's trace.

    ``run`` is a result of :func:`robodyn.stickslip.pivot_sequence` or
    :func:`~robodyn.stickslip.walk`. The view is the camera's (y down).
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.0, 4.6))
    camera_axes(ax, half_width_mm)
    ax.set(xlim=(run.x.min() * 1e3 - 30, run.x.max() * 1e3 + 30),
           ylim=(run.y.max() * 1e3 + 30, run.y.min() * 1e3 - 30))
    (trace,) = ax.plot([], [], color="tab:purple", lw=1)
    artists = draw_droplet(ax, (run.x[0], run.y[0], run.theta[0]))
    label = ax.text(0.02, 0.96, "", transform=ax.transAxes, va="top", fontsize=10)
    fig.tight_layout()
    samples = np.linspace(0, run.t.size - 1, n_frames).round().astype(int)

    def draw_frame(frame):
        k = samples[frame]
        place_droplet(artists, (run.x[k], run.y[k], run.theta[k]))
        trace.set_data(run.x[: k + 1] * 1e3, run.y[: k + 1] * 1e3)
        label.set_text(f"t = {run.t[k]:.1f} s, pivot {k}")

    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


# ------------------------------------------------------------------ drawings of the robot


def _arrow(ax, start, end, color="k", lw=1.4, style="-|>"):
    """A straight arrow from ``start`` to ``end`` (data coordinates)."""
    ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=12, color=color,
                                 lw=lw, shrinkA=0, shrinkB=0))


def _turn_arrow(ax, centre, radius, start, end, color="k", lw=1.3):
    """An arc about ``centre`` from the angle ``start`` to ``end`` (rad, counted from x
    towards y), with its head at ``end``; drawn point by point, so it turns the right way
    whichever way the y axis points."""
    angles = np.linspace(start, end, 40)
    points = np.asarray(centre)[:, None] + radius * np.vstack([np.cos(angles), np.sin(angles)])
    ax.plot(points[0, :-2], points[1, :-2], color=color, lw=lw)
    ax.annotate("", xy=points[:, -1], xytext=points[:, -3],
                arrowprops=dict(arrowstyle="-|>", color=color, lw=lw, mutation_scale=12,
                                shrinkA=0, shrinkB=0))


def draw_droplet_from_above(ax, geometry=GEOMETRY, *, fontsize: float = 12.0) -> None:
    r"""Draw the Droplet from above, as the camera sees it, with the kinematics' symbols.

    The robot frame at the centre, :math:`x_r` to the right and :math:`y_r` along motor 1's
    thrust (down the page, as in the source's camera view); the legs :math:`L_1, L_2, L_3`
    (dots) and the motors :math:`M_1, M_2, M_3` (squares), each motor opposite its leg, all a
    distance :math:`\ell` from the centre and 120 degrees apart; at each motor its thrust
    :math:`t_i`; about each leg the pivot rate :math:`\dot\theta_i`, which moves the centre by
    :math:`\ell\dot\theta_i` along :math:`t_i`. Sizes in mm, from ``geometry``
    (:class:`robodyn.stickslip.DropletGeometry`), drawn to scale.
    """
    ell = geometry.leg_radius * 1e3
    legs = geometry.legs * 1e3
    motors = -legs                                     # motor i opposite leg i
    thrusts = geometry.thrust_directions
    body = geometry.body_radius * 1e3
    grey, blue, orange, red = "0.35", "tab:blue", ORANGE, "tab:red"

    def label(point, text, color="k"):
        ax.text(*point, text, fontsize=fontsize, color=color, ha="center", va="center")

    ax.add_patch(Circle((0.0, 0.0), body, facecolor="#dbe7f3", edgecolor="0.25", lw=1.2))
    for i in range(3):                                 # the legs' triangle, thin
        ax.plot(*np.column_stack([legs[i], legs[(i + 1) % 3]]), color="0.6", lw=0.7, ls=":")
    ax.plot(legs[:, 0], legs[:, 1], "o", color="k", ms=7, zorder=5)
    ax.plot(motors[:, 0], motors[:, 1], "s", color=orange, ms=9, zorder=5)
    for i in range(3):
        out = legs[i] / ell
        label(legs[i] + 3.6 * out - 2.6 * np.array([-out[1], out[0]]), f"$L_{i + 1}$")
        out = motors[i] / ell
        label(motors[i] + 3.8 * out - 3.2 * thrusts[i], f"$M_{i + 1}$", orange)
        _arrow(ax, motors[i], motors[i] + 8.0 * thrusts[i], orange, lw=1.6)
        label(motors[i] + 10.5 * thrusts[i], f"$t_{i + 1}$", orange)

    _arrow(ax, (0.0, 0.0), (11.0, 0.0), blue)          # the robot frame
    _arrow(ax, (0.0, 0.0), (0.0, 11.0), blue)
    label((13.0, -1.8), "$x_r$", blue)
    label((-2.4, 12.6), "$y_r$", blue)
    ax.plot(0.0, 0.0, "o", color=blue, ms=4, zorder=6)

    ax.plot(*np.column_stack([(0.0, 0.0), legs[1]]), color=grey, lw=0.9)   # the leg radius
    label(legs[1] / 2 + np.array([2.4, 1.2]), r"$\ell$")
    ax.plot(*np.column_stack([(0.0, 0.0), legs[0]]), color=grey, lw=0.9)
    between = np.arctan2(legs[[0, 1], 1], legs[[0, 1], 0]) % (2 * np.pi)   # 120 degrees
    arc = np.linspace(between[0], between[1], 30)
    ax.plot(5.0 * np.cos(arc), 5.0 * np.sin(arc), color=grey, lw=0.9)
    middle = arc.mean()
    label(8.6 * np.array([np.cos(middle), np.sin(middle)]), "120°", grey)

    for i in range(3):                                 # the pivots about the legs
        at = np.arctan2(-legs[i, 1], -legs[i, 0])      # from the leg towards the centre
        _turn_arrow(ax, legs[i], 4.6, at - 2.4, at - 1.0, red)
        point = legs[i] + 7.6 * np.array([np.cos(at - 1.7), np.sin(at - 1.7)])
        label(point, rf"$\dot\theta_{i + 1}$", red)
    _arrow(ax, (-3.0, 0.0), (-3.0, 8.0), red, lw=1.2)  # the centre's step, along t_1
    label((-7.0, 5.5), r"$\ell\dot\theta_1$", red)
    ax.set_aspect("equal")
    ax.set_xlim(-body - 3.0, body + 3.0)
    ax.set_ylim(body + 3.0, -body - 3.0)               # the camera's view: y down
    ax.set_axis_off()


def droplet_drawing(geometry=None) -> SVG:
    """The chapter's drawing of the Droplet from above, as an SVG image (see
    :func:`draw_droplet_from_above`); ``geometry`` defaults to ``DropletGeometry()``."""
    geometry = GEOMETRY if geometry is None else geometry
    fig, ax = plt.subplots(figsize=(4.6, 4.6))
    draw_droplet_from_above(ax, geometry)
    return svg_image(fig)


def draw_platform_side(ax, phase: float = np.radians(50.0), *, fontsize: float = 12.0) -> None:
    r"""Draw the 1-DoF vibrating platform from the side, with the symbols of its first equations.

    A platform of mass :math:`M` on the floor; on it a motor whose weight :math:`m` turns on a
    circle of radius :math:`r` at the rate :math:`\omega`, at the angle :math:`\varphi` from
    the horizontal (``phase``, rad); the pull :math:`m r\omega^2` of the weight on the
    platform, along the radius, and its horizontal part :math:`F_h`; the platform's weight
    :math:`(M + m)g`, the floor's normal force :math:`N` and its friction, at most
    :math:`\mu N`; the platform's position :math:`x`. A sketch, not to scale.
    """
    grey, blue, orange, red = "0.35", "tab:blue", ORANGE, "tab:red"

    def label(point, text, color="k", **kw):
        ax.text(*point, text, fontsize=fontsize, color=color, ha="center", va="center", **kw)

    ax.plot([-4.6, 4.6], [0.0, 0.0], color="0.2", lw=1.4)                  # the floor
    for left in np.arange(-4.4, 4.6, 0.5):
        ax.plot([left, left - 0.3], [0.0, -0.3], color="0.5", lw=0.7)
    ax.add_patch(Rectangle((-2.2, 0.0), 4.4, 1.4, facecolor="#dbe7f3", edgecolor="0.25",
                           lw=1.2))
    label((-1.35, 0.7), "$M$")
    hub = np.array([0.6, 2.5])
    ax.add_patch(Rectangle((hub[0] - 0.35, 1.4), 0.7, hub[1] - 1.4, facecolor="0.85",
                           edgecolor="0.3", lw=1.0))
    ax.add_patch(Circle(hub, 1.0, fill=False, edgecolor="0.55", lw=0.8, ls="--"))
    weight = hub + 1.0 * np.array([np.cos(phase), np.sin(phase)])
    ax.plot(*np.column_stack([hub, weight]), color="0.2", lw=1.2)
    ax.add_patch(Circle(weight, 0.2, facecolor=orange, edgecolor="0.2", zorder=5))
    label(weight + (0.52, -0.12), "$m$", orange)
    label(hub + 0.55 * np.array([np.cos(phase + 0.45), np.sin(phase + 0.45)]) + (-0.1, 0.12),
          "$r$")
    ax.plot([hub[0], hub[0] + 1.25], [hub[1], hub[1]], color=grey, lw=0.8, ls=":")
    arc = np.linspace(0.0, phase, 20)
    ax.plot(hub[0] + 0.5 * np.cos(arc), hub[1] + 0.5 * np.sin(arc), color=grey, lw=0.9)
    label(hub + (0.78, 0.26), r"$\varphi$", grey)
    _turn_arrow(ax, hub, 1.32, phase + 0.5, phase + 1.5, grey)
    label(hub + 1.62 * np.array([np.cos(phase + 1.25), np.sin(phase + 1.25)]), r"$\omega$",
          grey)

    pull = 1.6 * np.array([np.cos(phase), np.sin(phase)])                 # forces, red
    _arrow(ax, weight + 0.22 * pull / 1.6, weight + 0.22 * pull / 1.6 + pull, red)
    label(weight + 1.15 * pull + (0.45, 0.1), r"$m r\omega^2$", red)
    _arrow(ax, (2.2, 0.9), (2.2 + pull[0], 0.9), red)
    label((2.5 + pull[0] + 0.25, 0.9), "$F_h$", red)
    _arrow(ax, (-0.4, 0.7), (-0.4, -0.9), blue)
    label((-0.4, -1.25), "$(M + m)g$", blue)
    _arrow(ax, (0.8, -1.2), (0.8, 0.0), blue)
    label((1.2, -0.75), "$N$", blue)
    _arrow(ax, (-1.0, 0.18), (-2.6, 0.18), blue, lw=1.6)
    label((-3.3, 0.55), r"$\leq \mu N$", blue)
    _arrow(ax, (-3.9, 1.9), (-2.7, 1.9), "k", lw=1.0)                      # the coordinate
    label((-3.3, 2.25), "$x$")
    ax.set_aspect("equal")
    ax.set_xlim(-4.7, 5.0)
    ax.set_ylim(-1.6, 4.6)
    ax.set_axis_off()


def platform_drawing(phase: float = np.radians(50.0)) -> SVG:
    """The chapter's drawing of the vibrating platform from the side, as an SVG image (see
    :func:`draw_platform_side`)."""
    fig, ax = plt.subplots(figsize=(5.0, 3.3))
    draw_platform_side(ax, phase)
    return svg_image(fig)
