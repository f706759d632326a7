"""Figures of the friction chapter: the block and the tilting board, the fit explorer widget
and the stick-slip pictures.

:func:`block_drawing` draws the body whose friction the chapter models, on the floor or on a
tilting board, with its forces named as the equations name them.

:class:`FitExplorer` is the view under three sliders (noise, number of samples, largest
speed): it draws a seeded synthetic friction experiment, the Coulomb-viscous fit by least
squares and the 95 % confidence band of the fitted curve, next to the true curve.
:func:`stick_slip_animation` plays the block on its spring over the moving belt above its
phase portrait.
"""

from __future__ import annotations

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import SVG
from matplotlib.patches import Arc, FancyArrowPatch, Polygon

from robodyn import friction
from robodyn.core.errors import ParameterError
from robodyn.core.fitting import t_quantile_975
from robodyn.plotting import animation, interactive_figure
from robodyn.plotting.interactive import FIGURE_INCHES
from robodyn.plotting.vector import svg_image

#: The joint of the demonstrations: Coulomb level (N m) and viscous coefficient (N m s/rad).
TRUE_FC, TRUE_B = 0.4, 0.1


def synthetic_experiment(n_samples: int, v_max: float, noise: float, seed: int = 2):
    """Velocities in both directions up to ``v_max`` and friction torques with Gaussian noise.

    Synthetic data: a joint with Fc = 0.4 N m and b = 0.1 N m s/rad, measured at
    ``n_samples`` speeds spread evenly over [-v_max, -v_max/10] and [v_max/10, v_max], each
    torque with noise of standard deviation ``noise`` (N m), drawn with ``seed``.
    """
    rng = np.random.default_rng(seed)
    half = np.linspace(0.1 * v_max, v_max, max(n_samples // 2, 2))
    v = np.concatenate([-half[::-1], half])
    return v, friction.coulomb_viscous(v, TRUE_FC, TRUE_B) + rng.normal(0.0, noise, v.size)


def confidence_band(fit, v):
    """95 % band of the fitted Coulomb-viscous curve at the speeds ``v`` (not of new data)."""
    A = np.column_stack([-np.sign(v), -v])
    mean = A @ fit.estimates
    dof = fit.residuals.size - 2
    half = t_quantile_975(dof) * np.sqrt(np.einsum("ij,jk,ik->i", A, fit.covariance, A))
    return mean - half, mean + half


class FitExplorer:
    """Widget view: a synthetic friction experiment, its fit and the fit's 95 % band.

    Controls named ``noise`` (N m), ``n_samples`` and ``v_max`` (rad/s). The axes are fixed
    to the largest range the sliders allow.
    """

    def __init__(self, v_limit: float = 3.0, seed: int = 2):
        self.v_limit, self.seed = v_limit, seed
        self.curve_v = np.concatenate([np.linspace(-v_limit, -1e-3, 60),
                                       np.linspace(1e-3, v_limit, 60)])

    def setup(self, fig):
        """Axes, the true curve, and empty artists for the data, the fit and its band."""
        ax = self.ax = fig.subplots()
        fig.subplots_adjust(left=0.16, right=0.97, bottom=0.13, top=0.97)
        limit = 1.3 * (TRUE_FC + TRUE_B * self.v_limit)
        ax.set(xlim=(-self.v_limit, self.v_limit), ylim=(-limit, limit),
               xlabel="joint speed [rad/s]", ylabel="friction torque [N m]")
        ax.axhline(0.0, color="0.8", lw=0.8)
        ax.axvline(0.0, color="0.8", lw=0.8)
        ax.plot(self.curve_v, friction.coulomb_viscous(self.curve_v, TRUE_FC, TRUE_B), "k--",
                lw=1, label="true friction")
        (self.points,) = ax.plot([], [], "o", ms=4, color="tab:blue", alpha=0.6,
                                 label="measured")
        (self.fitted,) = ax.plot([], [], color="tab:red", lw=2, label="fit")
        self.band = ax.fill_between(self.curve_v, 0, 0, color="tab:red", alpha=0.25,
                                    label="95 % band of the fit")
        ax.legend(loc="upper right", fontsize=10)
        self.text = ax.text(0.03, 0.06, "", transform=ax.transAxes, fontsize=10,
                            va="bottom")

    def update(self, noise, n_samples, v_max):
        """Draw, fit and show one experiment; return the changed artists."""
        v, f = synthetic_experiment(int(n_samples), v_max, noise, self.seed)
        fit = friction.fit_coulomb_viscous(v, f)
        self.points.set_data(v, f)
        self.fitted.set_data(self.curve_v, friction.coulomb_viscous(
            self.curve_v, max(fit["Fc"], 0.0), max(fit["b"], 0.0)))
        low, high = confidence_band(fit, self.curve_v)
        self.band.set_paths([np.column_stack([np.concatenate([self.curve_v,
                                                              self.curve_v[::-1]]),
                                              np.concatenate([low, high[::-1]])])])
        (fc_low, fc_high), (b_low, b_high) = fit.confidence_intervals
        self.text.set_text(f"Fc {fit['Fc']:.3f} [{fc_low:.3f}, {fc_high:.3f}] N m\n"
                           f"b {fit['b']:.3f} [{b_low:.3f}, {b_high:.3f}] N m s/rad")
        return [self.band, self.points, self.fitted, self.text]


def fit_explorer(seed: int = 2):
    """The chapter's widget: noise, samples and speed range over a :class:`FitExplorer`."""
    controls = {
        "noise": widgets.FloatSlider(value=0.05, min=0.005, max=0.3, step=0.005,
                                     description="noise [N m]", readout_format=".3f"),
        "n_samples": widgets.IntSlider(value=20, min=4, max=200, step=2,
                                       description="samples"),
        "v_max": widgets.FloatSlider(value=2.0, min=0.2, max=3.0, step=0.1,
                                     description="top speed [rad/s]", readout_format=".1f"),
    }
    return interactive_figure(
        FitExplorer(seed=seed), controls, figsize=(5.25, 3.9),
        alt="Measured friction torques, the least-squares fit and its confidence band",
    )


#: The widgets of the chapter; each can be made with its defaults.
WIDGETS = (fit_explorer,)


def draw_phase_portrait(ax, run, belt_speed: float) -> None:
    """Position against velocity of a stick-slip run, with the sticking line v = belt speed.

    At most about 4000 samples are drawn (a finer line looks the same and draws slowly).
    """
    every = max(1, run.t.size // 4000)
    ax.plot(run.x[::every] * 1e3, run.v[::every], color="tab:purple", lw=1)
    ax.axhline(belt_speed, color="tab:green", ls="--", lw=1, label="belt speed: sticking")
    ax.set(xlabel="x [mm]", ylabel="v [m/s]")
    ax.legend(loc="center", fontsize=10)


def _spring(x_start: float, x_end: float, y: float, coils: int = 8, height: float = 4.0):
    """Zig-zag polyline of a spring from x_start to x_end at height y (drawing units)."""
    xs = np.linspace(x_start, x_end, 2 * coils + 3)
    ys = np.full(xs.size, y)
    ys[1:-1:2] += height
    ys[2:-1:2] -= height
    ys[-2] = y
    return xs, ys


def stick_slip_animation(block, run, belt_speed: float, n_frames: int = 90,
                         interval_ms: float = 60.0):
    """A jshtml animation of the stick-slip oscillator and its phase portrait.

    ``run`` is :func:`robodyn.friction.simulate_block` of ``block`` (with a spring) over a belt
    at ``belt_speed``. Top: the anchor, the spring, the block (green while it sticks to the
    belt, red while it slips) and the belt with marks that move at the belt's speed. Bottom:
    the phase portrait with the current state.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    fig, (ax, ax_phase) = plt.subplots(2, 1, figsize=(5.25, 5.6),
                                       gridspec_kw={"height_ratios": [1, 1.3]})
    x_mm = run.x * 1e3
    anchor, width, height = -60.0, 24.0, 16.0
    ax.set(xlim=(anchor - 5, x_mm.max() + width + 10), ylim=(-14, 30), xlabel="x [mm]")
    ax.set_yticks([])
    ax.plot([anchor, anchor], [0, 26], color="k", lw=3)
    ax.add_patch(Rectangle((anchor - 5, -10), x_mm.max() + width + 80, 10, color="0.85"))
    ax.text(0.05, 0.93, f"belt {belt_speed:g} m/s \u2192", transform=ax.transAxes,
            fontsize=10)
    marks = np.arange(anchor - 40, x_mm.max() + width + 60, 20.0)
    (belt_marks,) = ax.plot([], [], "|", color="0.4", ms=14, mew=2)
    (spring,) = ax.plot([], [], color="0.2", lw=1.2)
    body = ax.add_patch(Rectangle((0, 0), width, height, color="tab:green"))
    label = ax.text(0.97, 0.93, "", transform=ax.transAxes, ha="right", fontsize=10)
    sticking = np.abs(run.v - belt_speed) < block.dv
    draw_phase_portrait(ax_phase, run, belt_speed)
    (state,) = ax_phase.plot([], [], "o", color="k", ms=6)
    fig.tight_layout()
    samples = np.linspace(0, run.t.size - 1, n_frames).round().astype(int)
    span = marks[-1] - marks[0]

    def draw_frame(frame):
        k = samples[frame]
        moved = (marks - marks[0] + run.t[k] * belt_speed * 1e3) % span + marks[0]
        belt_marks.set_data(moved, np.full(moved.size, -5.0))
        spring.set_data(*_spring(anchor, x_mm[k], height / 2))
        body.set_x(x_mm[k])
        body.set_color("tab:green" if sticking[k] else "tab:red")
        label.set_text(f"t = {run.t[k]:.2f} s, " + ("sticks" if sticking[k] else "slips"))
        state.set_data([x_mm[k]], [run.v[k]])

    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


def draw_block(ax, board_angle: float = 0.0, *, fontsize: float = 12.0) -> dict:
    r"""Draw a block on the floor or on a tilting board, with its forces as the chapter names
    them, and return the arrows.

    On the floor (``board_angle`` 0) an applied force :math:`F_a` pushes the block, which
    slides at :math:`v`; the friction force :math:`F` acts on its underside against the
    sliding, the normal force :math:`N` up and the weight :math:`mg` down. On a board raised
    by ``board_angle`` :math:`\theta` (rad, ``0 <= theta < pi/2``; the hinge on the right) the
    block is about to slide down the board: the weight splits into :math:`mg\sin\theta` along
    the board and :math:`mg\cos\theta` across it (dashed), :math:`N = mg\cos\theta` and the
    friction :math:`F = mg\sin\theta` holds it. The arrows' lengths are to one force scale.

    Returns
    -------
    dict
        ``{name: (start, end)}`` of every arrow drawn, points in drawing units, with the
        names ``"N"``, ``"F"``, ``"mg"``, ``"v"`` and ``"F_a"`` (floor) or ``"mg sin"`` and
        ``"mg cos"`` (board).
    """
    theta = float(board_angle)
    if not 0.0 <= theta < np.pi / 2:
        raise ParameterError(f"board_angle must be in [0, pi/2) rad, got {board_angle!r}")
    along = np.array([np.cos(theta), -np.sin(theta)])    # down the board, to the right
    normal = np.array([np.sin(theta), np.cos(theta)])    # out of the board
    length, weight = (5.0 if theta == 0.0 else 6.2), 1.5  # board length; mg, drawing units
    left = np.array([0.0, length * np.sin(theta)])       # the board's raised end

    def at(s, h):                                        # s along the board, h above it
        return left + s * along + h * normal

    arrows = {}

    def arrow(name, start, end, color, label, offset, ls="-"):
        start, end = np.asarray(start, float), np.asarray(end, float)
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=14,
                                     color=color, lw=1.6, ls=ls, shrinkA=0, shrinkB=0,
                                     zorder=4))
        ax.text(*(end + np.asarray(offset)), label, fontsize=fontsize, color=color,
                ha="center", va="center", zorder=5)
        arrows[name] = (start, end)

    ax.plot(*np.column_stack([left, at(length, 0.0)]), color="0.2", lw=2.5)
    block = [at(s, h) for s, h in ((1.9, 0.0), (3.1, 0.0), (3.1, 0.9), (1.9, 0.9))]
    ax.add_patch(Polygon(block, closed=True, facecolor="#dbe7f3", edgecolor="0.25", lw=1.2,
                         zorder=2))
    centre, contact = at(2.5, 0.45), at(2.5, 0.0)
    black, red, blue, grey = "k", "tab:red", "tab:blue", "0.45"
    if theta == 0.0:
        ax.plot([-0.2, length + 0.2], [0.0, 0.0], color="0.2", lw=2.5)
        force = 0.75 * weight
        arrow("F_a", at(0.3, 0.45), at(1.9, 0.45), blue, "$F_a$", (-0.8, 0.25))
        under = at(1.9, -0.22)                           # on the block's underside
        arrow("F", under, under - force * along, red, "$F$", (-0.25, -0.05))
    else:
        ax.plot([-0.2, at(length, 0.0)[0] + 0.3], [0.0, 0.0], color="0.2", lw=1.2)
        ax.add_patch(Arc(at(length, 0.0), 2.4, 2.4, theta1=180.0 - np.degrees(theta),
                         theta2=180.0, color="0.2", lw=1.0))
        mid = np.pi - theta / 2
        ax.text(*(at(length, 0.0) + 1.5 * np.array([np.cos(mid), np.sin(mid)])),
                r"$\theta$", fontsize=fontsize, ha="center", va="center")
        force = weight * np.sin(theta)
        arrow("F", contact, contact - force * along, red, "$F$", 0.35 * normal)
        arrow("mg sin", centre, centre + weight * np.sin(theta) * along, grey,
              r"$mg\sin\theta$", (0.35, -0.4), ls="--")
        arrow("mg cos", centre, centre - weight * np.cos(theta) * normal, grey,
              r"$mg\cos\theta$", (-0.45, -0.35), ls="--")
    arrow("N", at(2.2, 0.0), at(2.2, 0.0) + weight * np.cos(theta) * normal, black, "$N$",
          0.3 * normal - 0.3 * along)
    arrow("mg", centre, centre + np.array([0.0, -weight]), black, "$mg$", (-0.35, -0.1))
    lane = 1.2 if theta == 0.0 else 1.45                 # the velocity, above the block
    arrow("v", at(2.8, lane), at(3.9, lane), red, "$v$", (0.2, 0.25))
    ax.set_aspect("equal")
    ax.set_axis_off()
    return arrows


def block_drawing(board_angle: float = 0.0) -> SVG:
    """The chapter's drawing of the block (see :func:`draw_block`), as an SVG image: on the
    floor by default, on a board raised by ``board_angle`` (rad) otherwise."""
    fig, ax = plt.subplots(figsize=(FIGURE_INCHES, 3.0 if board_angle == 0.0 else 3.6))
    draw_block(ax, board_angle)
    return svg_image(fig)
