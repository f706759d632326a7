"""Figures of the contact chapter: the stiffness-and-solver explorer and the slip-to-roll explorer.

:class:`DropExplorer` is the view under three controls (floor stiffness, damping ratio,
solver): the bouncing ball of :func:`robodyn.contact.drop`, with its penetration, its first
bounce and the solver's effort. :class:`SlipRollExplorer` sets a wheel spinning onto the floor
(:func:`robodyn.contact.spinning_wheel`) and shows its forward and rim speeds meeting where it
starts to roll, against the closed form; :func:`wheel_animation` plays such a run.
:func:`penalty_drawing` draws the penalty contact with the symbols of its force law.
"""

from __future__ import annotations

from functools import lru_cache

import ipywidgets as widgets
import numpy as np
from matplotlib.patches import Rectangle

from robodyn import contact
from robodyn.contact import timestepping
from robodyn.core.errors import ParameterError
from robodyn.plotting import ORANGE, animation, interactive_figure
from robodyn.plotting.interactive import FIGURE_INCHES

#: The ball of the figures: the dynamics tutorial's, dropped from its height.
BALL = contact.DroppedBall()
#: The wheel of the slip-to-roll explorer, on its floor.
WHEEL = contact.WheelOnFloor()
#: Solvers offered by the explorer.
SOLVERS = ("RK45", "Radau", "BDF", "LSODA")
#: Simulated time of the explorer, s: the first bounces and some rest.
DROP_TIME = 1.0
#: Tolerances of the explorer's runs: loose enough for a slider to answer within 30 ms with
#: every solver, tight enough for the picture (the chapter's comparisons use the defaults).
#: The absolute ones are the height's and the speed's apart, 1 um and 0.1 mm/s: one for both
#: held the speed of the ball settling in the floor a hundred times tighter than its height,
#: and the implicit solvers spent half their steps on wiggles of a hundredth of a micrometre
#: (benchmarks/contact_solvers.py; tests/test_figures_contact.py holds every solver's curve
#: within a pixel or so of the exact one).
EXPLORER_RTOL, EXPLORER_ATOL = 1e-4, (1e-6, 1e-4)
#: Solver tolerances of the slip-to-roll explorer, with LSODA: its speeds stay within
#: 0.01 mm/s of Radau's at the chapter's 1e-6 over the sliders' range, in a seventh of the time
#: (benchmarks/widget_update.py; tests/test_figures_contact.py holds the agreement).
WHEEL_RTOL, WHEEL_ATOL = 1e-5, 1e-8


@lru_cache(maxsize=256)
def _drop(log_k: float, zeta: float, method: str):
    """One drop, kept: moving a slider back to a value it had shows it at once. The flights
    between contacts are free falls in closed form; the solver integrates the contacts, and
    the curve shows its steps there (interpolating between them cost the implicit solvers
    more than their steps). The bounce is the drop's ``hop_height``: the top of its first
    flight after a contact (the highest, each bounce losing energy), in closed form, not the
    highest sample."""
    k = 10.0**log_k
    run = contact.drop(mass=BALL.mass, height=BALL.height, k=k,
                       c=contact.damping_for_ratio(k, BALL.mass, zeta), t_end=DROP_TIME,
                       method=method, rtol=EXPLORER_RTOL, atol=EXPLORER_ATOL, flights="exact")
    return run, run.hop_height


class DropExplorer:
    """Widget view: the ball drop for a floor stiffness, damping ratio and solver.

    Controls named ``log_k`` (log10 of k in N/m), ``zeta`` and ``method``. The axes are fixed:
    height of the ball's lowest point in mm against time.
    """

    #: Where the columns of the figures of merit stand, in axes fractions: the first
    #: labels, the right edge of their numbers, their units; the same for the second group.
    COLUMNS = (0.0, 0.33, 0.35, 0.5, 0.9, 0.92)

    def setup(self, fig):
        """Axes, the floor, and empty artists for the trajectory and the figures of merit.

        The figures of merit stand in a box above the axes, where no trajectory can pass
        under them. Their labels and units never change and are drawn once; only the two
        columns of numbers are drawn again (text is the slowest thing to draw).
        """
        ax = self.ax = fig.subplots()
        fig.subplots_adjust(left=0.15, right=0.96, bottom=0.12, top=0.8)
        ax.set(xlim=(0, DROP_TIME), ylim=(-120, 520), xlabel="t [s]",
               ylabel="height of the lowest point [mm]")
        ax.axhspan(-120, 0, color="0.88")
        ax.axhline(0.0, color="0.4", lw=1)
        (self.path,) = ax.plot([], [], color="tab:blue", lw=1.5)
        (self.rest,) = ax.plot([], [], color="tab:red", ls="--", lw=1)
        labels, right, units, labels2, right2, units2 = self.COLUMNS
        style = {"transform": ax.transAxes, "va": "bottom", "fontsize": 10}
        ax.add_patch(Rectangle((-0.02, 1.025), 1.04, 0.22, transform=ax.transAxes,
                               facecolor="white", edgecolor="0.7", clip_on=False))
        for x, text in ((labels, "deepest\nat rest\nbounce"), (units, "mm\nmm\nmm"),
                        (labels2, "solver\nevaluations\nfirst run"), (units2, "\n\nms")):
            ax.text(x, 1.04, text, ha="left", **style)
        self.numbers = ax.text(right, 1.04, "", ha="right", ma="right", **style)
        self.effort = ax.text(right2, 1.04, "", ha="right", ma="right", **style)

    def update(self, log_k, zeta, method):
        """Run (or recall) the drop and draw it; return the changed artists."""
        run, bounce = _drop(round(float(log_k), 3), round(float(zeta), 3), method)
        self.path.set_data(run.t, run.z * 1e3)
        self.rest.set_data([0, DROP_TIME], [-run.rest_depth * 1e3] * 2)
        deepest = max(-run.z.min(), 0.0) * 1e3
        self.numbers.set_text(f"{deepest:.2f}\n{run.rest_depth * 1e3:.3f}\n{bounce * 1e3:.1f}")
        self.effort.set_text(f"{method}\n{run.evaluations}\n{run.wall_time * 1e3:.1f}")
        return [self.path, self.rest, self.numbers, self.effort]


def drop_explorer():
    """The chapter's first widget: stiffness, damping ratio and solver over a DropExplorer."""
    controls = {
        "log_k": widgets.FloatSlider(value=np.log10(BALL.k), min=3.0, max=5.0, step=0.25,
                                     description="log10 k [N/m]", readout_format=".2f"),
        "zeta": widgets.FloatSlider(value=0.3, min=0.02, max=1.5, step=0.02,
                                    description="zeta", readout_format=".2f"),
        "method": widgets.Dropdown(options=SOLVERS, value="LSODA", description="solver"),
    }
    return interactive_figure(
        DropExplorer(), controls, figsize=(FIGURE_INCHES, 4.0),
        alt="Height of a dropped ball against time for a chosen floor stiffness, damping "
            "ratio and solver, with its penetration and the solver's effort")


# --------------------------------------------------------------------------- slip to roll


class SlipRollExplorer:
    """Widget view: a wheel set down spinning, its forward speed and rim speed meeting.

    Controls named ``mu_k`` (kinetic coefficient; the static one is 20 % higher), ``omega0``
    (initial spin, rad/s, negative drives forward) and ``kappa`` (I / (m R^2)); the rest of
    the wheel and its floor are :func:`robodyn.contact.spinning_wheel`'s defaults,
    :data:`WHEEL`.
    """

    t_end = 0.6

    def setup(self, fig):
        """Axes and empty artists for the two speeds and the closed-form marks.

        The box with the numbers stands above the axes and the legend below them: the
        speeds may fill either half of the axes, depending on the spin's sign.
        """
        ax = self.ax = fig.subplots()
        fig.subplots_adjust(left=0.14, right=0.96, bottom=0.24, top=0.83)
        ax.set(xlim=(0, self.t_end), ylim=(-1.6, 1.6), xlabel="t [s]",
               ylabel="speed [m/s]")
        ax.axhline(0.0, color="0.8", lw=0.8)
        (self.forward,) = ax.plot([], [], color="tab:blue", lw=2, label="forward speed $v_x$")
        (self.rim,) = ax.plot([], [], color=ORANGE, lw=2,
                              label=r"rim speed $-\omega R$")
        (self.final,) = ax.plot([], [], "k:", lw=1, label="closed form")
        (self.start,) = ax.plot([], [], "k:", lw=1)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.17), ncol=3, fontsize=10,
                  handlelength=1.5, columnspacing=1.0, frameon=False)
        self.text = ax.text(0.0, 1.04, "", transform=ax.transAxes, ha="left", va="bottom",
                            fontsize=10, bbox={"facecolor": "white", "edgecolor": "0.7"})

    def update(self, mu_k, omega0, kappa):
        """Simulate the wheel and draw it; return the changed artists."""
        run = contact.spinning_wheel(inertia_ratio=kappa, omega0=omega0, mu_s=1.2 * mu_k,
                                     mu_k=mu_k, t_end=self.t_end, samples=300,
                                     method="LSODA", rtol=WHEEL_RTOL, atol=WHEEL_ATOL)
        self.forward.set_data(run.t, run.vx)
        self.rim.set_data(run.t, -run.omega * run.radius)
        self.final.set_data([0, self.t_end], [run.v_roll_closed_form] * 2)
        t_roll = run.t_roll_closed_form
        self.start.set_data([t_roll, t_roll], [-1.6, 1.6])
        self.text.set_text(f"rolls after {run.t_roll * 1e3:.0f} ms "
                           f"(closed form {t_roll * 1e3:.0f} ms)\n"
                           f"at {run.vx[-1]:.3f} m/s (closed form "
                           f"{run.v_roll_closed_form:.3f} m/s)")
        return [self.forward, self.rim, self.final, self.start, self.text]


def slip_roll_explorer():
    """The chapter's second widget: friction, spin and inertia over a SlipRollExplorer."""
    controls = {
        "mu_k": widgets.FloatSlider(value=WHEEL.mu_k, min=0.2, max=1.2, step=0.05,
                                    description="mu_k", readout_format=".2f"),
        "omega0": widgets.FloatSlider(value=-30.0, min=-40.0, max=40.0, step=2.0,
                                      description="spin [rad/s]", readout_format=".0f"),
        "kappa": widgets.FloatSlider(value=WHEEL.inertia_ratio, min=0.1, max=1.0, step=0.05,
                                     description="I / (m R²)", readout_format=".2f"),
    }
    return interactive_figure(
        SlipRollExplorer(), controls, figsize=(FIGURE_INCHES, 4.0),
        alt="Forward and rim speed of a wheel set down spinning, meeting when it rolls")


#: The widgets of the chapter; each can be made with its defaults.
WIDGETS = (drop_explorer, slip_roll_explorer)


def solver_effort(stiffnesses, methods=SOLVERS, t_end: float = 2.0, zeta: float = 0.5):
    """Evaluations and wall time of the ball drop for each method and stiffness.

    Returns a dict ``{method: (evaluations, wall_times)}`` of arrays over ``stiffnesses``.
    """
    effort = {}
    for method in methods:
        runs = [contact.drop(mass=BALL.mass, height=BALL.height, k=k,
                             c=contact.damping_for_ratio(k, BALL.mass, zeta), t_end=t_end,
                             method=method) for k in stiffnesses]
        effort[method] = (np.array([run.evaluations for run in runs]),
                          np.array([run.wall_time for run in runs]))
    return effort


def rigid_against_penalty(k: float = 1e5, h: float = 1e-3, restitution: float = 0.5,
                          mu: float = 0.5, v0: float = 1.0, push_share: float = 0.4,
                          methods=("Radau", "RK45"), v_crit: float = 1e-3,
                          rigid: bool = True):
    """The same drop, sliding block and pushed block by penalty contact and by rigid impulses.

    The drop is the tutorial's ball (1 kg from 0.5 m, 1 s simulated); the penalty floor has
    stiffness ``k`` and the damping ratio whose restitution (:func:`contact.restitution_linear`)
    is ``restitution``, the rigid floor Newton's ``restitution``. The block (1 kg, Coulomb
    ``mu``; the penalty one with mu_s = mu_k = mu and ``v_crit``) slides from ``v0`` for 0.5 s,
    then is pushed from rest by ``push_share`` times mu m g for 1 s.

    Returns a dict from a row name (one per penalty method, then the rigid scheme unless
    ``rigid`` is False) to a dict
    with the runs ``drop``, ``block``, ``pushed`` and the figures of merit ``wall`` (s, the
    three runs), ``work`` (right-hand-side evaluations, or steps), ``pivots`` (rigid only),
    ``deepest``, ``resting`` (penetration, m), ``apex`` (first bounce, m: the penalty
    drop's ``hop_height``; the rigid one's highest step), ``stop`` (m),
    ``creep`` (distance pushed below the friction limit, m).
    """
    from scipy.optimize import brentq

    zeta = brentq(lambda z: contact.restitution_linear(z) - restitution, 1e-6, 0.999)
    c = contact.damping_for_ratio(k, BALL.mass, zeta)
    push = push_share * mu * BALL.mass * contact.G
    exponent = round(float(np.log10(k)))
    floor = f"k 1e{exponent}" if 10.0**exponent == k else f"k {k:g}"
    rows = {}
    for method in methods:
        runs = {"drop": contact.drop(k=k, c=c, t_end=1.0, method=method),
                "block": contact.slide_on_floor(v0, mu_s=mu, mu_k=mu, v_crit=v_crit, k=k,
                                                t_end=0.5, method=method),
                "pushed": contact.slide_on_floor(0.0, push=push, mu_s=mu, mu_k=mu,
                                                 v_crit=v_crit, k=k, t_end=1.0,
                                                 method=method)}
        drop = runs["drop"]
        rows[f"penalty, {method}, {floor}"] = {
            **runs, "wall": sum(run.wall_time for run in runs.values()),
            "work": sum(run.evaluations for run in runs.values()), "pivots": 0,
            "deepest": -drop.z.min(), "resting": -drop.z[-1],
            "apex": drop.hop_height,
            "stop": runs["block"].x[-1] - runs["block"].x[0],
            "creep": runs["pushed"].x[-1] - runs["pushed"].x[0]}
    if not rigid:
        return rows
    runs = {"drop": timestepping.simulate(t_end=1.0, h=h, restitution=restitution),
            "block": timestepping.simulate(position=(0.0, 0.0), velocity=(v0, 0.0), mu=mu,
                                           t_end=0.5, h=h),
            "pushed": timestepping.simulate(position=(0.0, 0.0), mu=mu, push=push,
                                            t_end=1.0, h=h)}
    drop = runs["drop"]
    up = np.flatnonzero(drop.vz > 0)[0]
    rows[f"rigid, h = {h * 1e3:g} ms"] = {
        **runs, "wall": sum(run.wall_time for run in runs.values()),
        "work": sum(run.steps for run in runs.values()),
        "pivots": sum(run.pivots for run in runs.values()),
        "deepest": max(0.0, -drop.z.min()), "resting": max(0.0, -drop.z[-1]),
        "apex": drop.z[up:].max(), "stop": runs["block"].x[-1],
        "creep": runs["pushed"].x[-1]}
    return rows


def wheel_animation(run, n_frames: int = 60, interval_ms: float = 80.0):
    """A jshtml animation of a wheel set down spinning: it slips (red), then rolls (green).

    ``run`` is :func:`robodyn.contact.spinning_wheel` with equally spaced ``samples``; its
    details give the wheel's radius and the slip below which it counts as rolling. Top:
    the wheel on the floor with two spokes that show its turning; bottom: forward and rim
    speed, with a cursor at the frame's time.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle

    fig, (ax, ax_v) = plt.subplots(2, 1, figsize=(FIGURE_INCHES, 5.0), layout="constrained",
                                   gridspec_kw={"height_ratios": [1.25, 1]})
    radius, v_crit = run.radius, run.v_crit
    x_mm, r_mm = run.x * 1e3, radius * 1e3
    ax.set_aspect("equal")
    ax.set(xlim=(-1.5 * r_mm, x_mm.max() + 1.5 * r_mm), ylim=(-10, 2.6 * r_mm),
           xlabel="x [mm]")
    ax.set_yticks([])
    ax.axhspan(-10, 0, color="0.85")
    rim = ax.add_patch(Circle((0, r_mm), r_mm, fill=False, lw=2.5, color="tab:red"))
    (spokes,) = ax.plot([], [], color="0.3", lw=1.5)
    label = ax.text(0.02, 0.93, "", transform=ax.transAxes, fontsize=10)
    ax_v.plot(run.t * 1e3, run.vx, label="forward $v_x$")
    ax_v.plot(run.t * 1e3, -run.omega * radius, label=r"rim $-\omega R$")
    cursor = ax_v.axvline(0.0, color="0.5", lw=1)
    ax_v.set(xlabel="t [ms]", ylabel="speed [m/s]")
    ax_v.legend(fontsize=10, loc="center right")
    samples = np.linspace(0, run.t.size - 1, n_frames).round().astype(int)
    theta = np.cumsum(np.concatenate([[0.0], np.diff(run.t) * run.omega[1:]]))

    def draw_frame(frame):
        k = samples[frame]
        centre = np.array([x_mm[k], run.z[k] * 1e3])
        rim.center = tuple(centre)
        rim.set_color("tab:green" if abs(run.slip[k]) < v_crit else "tab:red")
        angles = theta[k] + np.array([0.0, np.pi, np.nan, np.pi / 2, 3 * np.pi / 2])
        spokes.set_data(centre[0] + r_mm * np.cos(angles), centre[1] + r_mm * np.sin(angles))
        label.set_text(f"t = {run.t[k] * 1e3:.0f} ms, "
                       + ("rolls" if abs(run.slip[k]) < v_crit else "slips"))
        cursor.set_xdata([run.t[k] * 1e3] * 2)

    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


# --------------------------------------------------------------------------- the drawing


def _spring(start, end, coils: int = 6, width: float = 0.09) -> np.ndarray:
    """The points of a zigzag spring from ``start`` to ``end`` (2-vectors), as a 2 x n array:
    straight ends of a sixth of the length each, ``coils`` zigzags of half-width ``width``."""
    start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    along = np.concatenate([[0.0], np.linspace(1 / 6, 5 / 6, 2 * coils + 1), [1.0]])
    side = np.zeros_like(along)
    side[2:-2:2], side[3:-2:2] = width, -width
    axis = end - start
    normal = np.array([-axis[1], axis[0]]) / np.linalg.norm(axis)
    return (start[:, None] + axis[:, None] * along + normal[:, None] * side)


def draw_penalty_contact(ax, depth: float = 0.28, *, fontsize: float = 12.0) -> None:
    r"""Draw the penalty contact with every symbol of its force law :math:`F = k\delta +
    c\dot\delta`.

    A ball of mass m and radius 1 (drawing units) overlaps the floor, whose surface is the line
    z = 0, by the depth :math:`\delta` = ``depth`` (exaggerated; in the chapter it is a tenth
    of a millimetre). Under its lowest point, in the floor, a spring k and a damper c in
    parallel stand on the rigid ground; they push the ball up with the normal force F at its
    lowest point. The ball sinks at the rate :math:`\dot\delta` (an arrow downwards, beside
    it). The z axis counts height from the floor's surface, so the lowest point is at
    :math:`z = -\delta`.
    """
    if not 0.0 < depth < 0.6:
        raise ParameterError(f"depth must lie between 0 and 0.6 (ball radius 1), got {depth!r}")
    from matplotlib.patches import Circle, FancyArrowPatch

    grey, blue, red = "0.35", "tab:blue", "tab:red"
    ground, plate_w = -1.55, 0.42                     # the rigid ground under the floor

    def arrow(start, end, color="k", lw=1.5, style="-|>"):
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=13,
                                     color=color, lw=lw, shrinkA=0, shrinkB=0, zorder=6))

    def label(x, y, text, color="k", ha="center"):
        ax.text(x, y, text, fontsize=fontsize, color=color, ha=ha, va="center", zorder=7)

    ax.add_patch(Rectangle((-1.9, ground), 3.8, -ground, facecolor="#efe6d6", edgecolor="none"))
    ax.plot([-1.9, 1.9], [0.0, 0.0], color="0.3", lw=1.2)  # the floor's surface,
    ax.plot([-0.9, 0.9], [0.0, 0.0], color="0.3", lw=1.0, ls="--", zorder=4)  # inside the ball
    ax.plot([-1.9, 1.9], [ground, ground], color="0.2", lw=1.5)        # the ground, hatched
    for x in np.arange(-1.85, 1.9, 0.15):
        ax.plot([x, x - 0.1], [ground, ground - 0.1], color="0.3", lw=0.8)
    ax.add_patch(Circle((0.0, 1.0 - depth), 1.0, facecolor="#dbe7f3", edgecolor="0.25",
                        lw=1.2, alpha=0.85, zorder=3))
    label(-0.45, 1.25 - depth, "$m$")

    bottom = -depth                                   # the lowest point, a plate under it
    ax.plot([-plate_w, plate_w], [bottom, bottom], color="0.15", lw=2.5, zorder=5)
    ax.plot(*_spring((-0.24, bottom), (-0.24, ground)), color="0.15", lw=1.3, zorder=4)
    piston = -0.62                                    # the damper: a piston in a cylinder
    ax.plot([0.24, 0.24], [bottom, piston], color="0.15", lw=1.3, zorder=4)
    ax.plot([0.17, 0.31], [piston, piston], color="0.15", lw=2.2, zorder=4)
    ax.plot([0.13, 0.13, 0.35, 0.35], [-0.55, -1.2, -1.2, -0.55], color="0.15", lw=1.3,
            zorder=4)
    ax.plot([0.24, 0.24], [-1.2, ground], color="0.15", lw=1.3, zorder=4)
    label(-0.48, -0.95, "$k$")
    label(0.55, -0.95, "$c$")

    arrow((0.0, bottom), (0.0, 0.62 - depth), red, lw=2.0)            # the normal force
    label(0.2, 0.5 - depth, "$F$", red)
    arrow((1.2, 1.05), (1.2, 0.45), blue, lw=2.0)                     # the sinking rate
    label(1.42, 0.75, r"$\dot\delta$", blue)

    gauge = -1.35                                     # the depth, to the left of the ball
    for y in (0.0, bottom):
        ax.plot([gauge - 0.1, -0.75 if y else -1.0], [y, y], color=grey, lw=0.8, ls=":")
    arrow((gauge, 0.45), (gauge, 0.0), grey, lw=1.0)
    arrow((gauge, bottom - 0.45), (gauge, bottom), grey, lw=1.0)
    label(gauge - 0.2, bottom / 2, r"$\delta$", grey)
    arrow((1.8, 0.0), (1.8, 0.7), grey, lw=1.0)                       # the z axis
    label(1.8, 0.85, "$z$", grey)
    label(1.82, -0.16, "$0$", grey, ha="left")
    ax.set_aspect("equal")
    ax.set_axis_off()


def penalty_drawing(depth: float = 0.28):
    """The chapter's drawing of the penalty contact as an SVG image (see
    :func:`draw_penalty_contact`)."""
    import matplotlib.pyplot as plt

    from robodyn.plotting.vector import svg_image

    fig, ax = plt.subplots(figsize=(FIGURE_INCHES * 0.8, 3.6))
    draw_penalty_contact(ax, depth)
    ax.set_xlim(-2.0, 2.1)
    ax.set_ylim(-1.75, 2.1)
    return svg_image(fig)
