r"""The chapter's labelled drawing of the vacuum robot at a step, side view (SVG).

:func:`robot_drawing` puts four panels together, each drawn by a function of its own that
returns the points it drew, m, so that a test can hold the geometry:

- :func:`draw_robot_at_step`: the robot to scale, its mouth's rounded lip touching the edge
  of a step of height :math:`h`; body, centre of gravity :math:`G`, mouth, caster, wheel and
  its leading link;
- :func:`draw_drive_unit`: one drive unit magnified, with the symbols of the moment balance
  about the pivot, :math:`N = F_s b / (a\cos\varphi \pm c\,(a\sin\varphi + R))`;
- :func:`draw_wheel_at_edge`: a wheel on the floor meeting the filleted edge, with the
  symbols of the grip condition :math:`\tan\psi < \mu`,
  :math:`\cos\psi = (z_w - (h - f)) / (R + f)`;
- :func:`draw_suspension_variant`: the three drive units the chapter compares (leading,
  trailing, telescopic), each with the traction :math:`T` and what it does to the load.

:func:`statics_drawing` shows the last three alone, for the lesson on the moment balance;
:func:`climb_snapshots` draws a climb's robot at three moments, for the chapter's opening page.
x is forward (towards the step), z up; the drawings are in mm.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Arc, Circle, FancyArrowPatch, Rectangle

from robodyn import vacuum
from robodyn.core.errors import ParameterError
from robodyn.figures.vacuum.drawing import MM, draw_robot, draw_step
from robodyn.plotting.interactive import FIGURE_INCHES, MIN_FONT_PT
from robodyn.plotting.vector import svg_image

#: Colours: forces red, lengths and angles dark grey, names of parts black.
FORCE, DIMENSION = "tab:red", "0.25"

#: The arm's angle below the horizontal in the magnified drive unit, rad: larger than the
#: robot's (5 degrees) so that the angle can be read; the caption says so.
SKETCH_ARM_ANGLE = math.radians(20.0)


def _arrow(ax, start, end, color=FORCE, lw=1.6, style="-|>", mutation=10):
    ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=mutation,
                                 color=color, lw=lw, shrinkA=0, shrinkB=0, zorder=8))


def _label(ax, point, text, color="k", fontsize=MIN_FONT_PT + 1, **options):
    ax.text(*point, text, color=color, fontsize=fontsize, ha=options.pop("ha", "center"),
            va=options.pop("va", "center"), zorder=9, **options)


def _spring(ax, top, bottom, width=3.0, coils=5, color="0.2"):
    """A zigzag spring from ``top`` to ``bottom`` (mm points on one vertical)."""
    z = np.linspace(top[1], bottom[1], 2 * coils + 3)
    x = np.full_like(z, top[0])
    x[1:-1:2] += width
    x[2:-1:2] -= width
    x[1], x[-2] = top[0], top[0]
    ax.plot(x, z, color=color, lw=1.1, zorder=6)


def draw_robot_at_step(ax, params: vacuum.VacuumParams, height: float = 0.019) -> dict:
    """Draw the robot with its leading link to scale, at rest on the floor with its mouth's
    rounded front touching the fillet of a step of ``height`` (m), the face at x = 0.

    Returns the points drawn, m: ``mouth`` (the mouth circle's centre), ``fillet_centre``,
    ``wheel`` (the wheel's centre), ``G`` (the chassis's centre of gravity) and
    ``caster``."""
    if not params.fillet < height < params.mouth_height + 2 * params.mouth_radius:
        raise ParameterError(f"height must lie between the fillet and the mouth's top, got "
                             f"{height!r} m")
    robot = vacuum.PlanarRobot(params, "leading")
    q = robot.rest_state()
    circles = {c.name: c for c in robot.circles}
    mouth = circles["mouth"]
    centre = np.array([params.fillet, height - params.fillet])   # the fillet's, x_s = 0
    rise = q[1] + mouth.centre[1] - centre[1]            # mouth centre above the fillet's
    reach = math.sqrt((mouth.radius + params.fillet) ** 2 - rise**2)
    q[0] = centre[0] - reach - mouth.centre[0]          # the two circles touch
    draw_step(ax, 0.0, height, params.fillet, x_min=-0.37, x_max=0.08)
    draw_robot(ax, robot, q)
    points = {"mouth": q[:2] + mouth.centre, "fillet_centre": centre,
              "wheel": robot.wheel_centre(q), "G": q[:2].copy(),
              "caster": q[:2] + circles["caster"].centre}
    G = MM * points["G"]
    ax.add_patch(Circle(G, 3.0, fc="white", ec="k", lw=1, zorder=7))
    _label(ax, G + [-9.0, -8.0], "$G$")
    for name, anchor, at in (("body", None, (-105.0, 78.0)),
                             ("mouth (front lip)", points["mouth"], (-20.0, 62.0)),
                             ("caster", points["caster"], (-300.0, -22.0)),
                             ("wheel on its\nleading link", points["wheel"], (-150.0, -24.0))):
        if anchor is None:
            _label(ax, at, name, fontsize=MIN_FONT_PT)
            continue
        ax.annotate(name, MM * anchor, at, fontsize=MIN_FONT_PT, ha="center", va="center",
                    arrowprops=dict(arrowstyle="-", color="0.3", lw=0.8, shrinkB=2))
    x_dim = 45.0                                          # the step's height, on the top
    _arrow(ax, (x_dim, 0.0), (x_dim, MM * height), DIMENSION, lw=1.0, style="<|-|>",
           mutation=7)
    ax.plot([x_dim - 4, x_dim + 4], [0.0, 0.0], color=DIMENSION, lw=0.8)
    _label(ax, (x_dim + 9.0, MM * height / 2), "$h$", DIMENSION)
    _label(ax, (30.0, -16.0), "step", fontsize=MIN_FONT_PT)
    _arrow(ax, (-60.0, -22.0), (-20.0, -22.0), DIMENSION, lw=1.0)
    _label(ax, (-10.0, -22.0), "$x$", DIMENSION)
    ax.set(xlim=(-365.0, 75.0), ylim=(-34.0, 118.0), aspect="equal")
    ax.set_axis_off()
    return points


def draw_drive_unit(ax, params: vacuum.VacuumParams,
                    arm_angle: float = SKETCH_ARM_ANGLE) -> dict:
    """Draw one leading drive unit magnified: the pivot P on the chassis, the arm of length
    a at ``arm_angle`` (rad) below the horizontal to the wheel's axle W, the wheel of radius
    R on the floor, the spring's force F_s at the lever b from the pivot, and the floor's
    load N and traction T at the contact, with the lever a cos(phi) of N.

    Returns the points drawn, m: ``pivot``, ``axle``, ``contact`` and ``spring`` (where the
    spring pushes on the arm)."""
    if not 0.0 < arm_angle < math.pi / 3:
        raise ParameterError(f"arm_angle must lie between 0 and pi/3 rad, got {arm_angle!r}")
    a, b, R = params.arm_length, params.spring_lever, params.wheel_radius
    axle = np.array([0.0, R])
    pivot = axle + [-a * math.cos(arm_angle), a * math.sin(arm_angle)]
    spring = pivot + [b, -b * math.tan(arm_angle)]
    contact = np.array([0.0, 0.0])
    P, W, S, C = (MM * v for v in (pivot, axle, spring, contact))
    ax.axhline(0.0, color="#6b5b4b", lw=1.2)
    ax.add_patch(Rectangle((-95.0, -6.0), 165.0, 6.0, fc="#d8cfc4", ec="none"))
    ax.add_patch(Circle(W, MM * R, fc="0.93", ec="k", lw=1.0, zorder=3))
    ax.plot([P[0], W[0]], [P[1], W[1]], color="tab:red", lw=3, solid_capstyle="round",
            zorder=5)
    ax.plot(*P, "o", color="k", ms=5, zorder=6)
    ax.plot(*W, "o", color="k", ms=3, zorder=6)
    _label(ax, P + [-7.0, 5.0], "$P$")
    _label(ax, W + [5.0, -6.0], "$W$")
    ax.plot([P[0], P[0] + 40.0], [P[1], P[1]], color=DIMENSION, lw=0.8, ls="--",
            zorder=6)
    degrees = math.degrees(arm_angle)
    ax.add_patch(Arc(P, 90.0, 90.0, theta1=-degrees, theta2=0.0, color=DIMENSION, lw=1.0,
                     zorder=7))
    _label(ax, P + 52.0 * np.array([math.cos(arm_angle / 2), -math.sin(arm_angle / 2)]),
           r"$\varphi$", DIMENSION)
    middle = (P + W) / 2 + 7.0 * np.array([math.sin(arm_angle), math.cos(arm_angle)])
    _label(ax, middle - 16.0 * np.array([math.sin(arm_angle), math.cos(arm_angle)]),
           "$a$", DIMENSION)
    _spring(ax, (S[0], S[1] + 62.0), (S[0], S[1] + 22.0))
    ax.add_patch(Rectangle((S[0] - 8.0, S[1] + 62.0), 16.0, 3.0, fc="0.5", ec="none",
                           zorder=6))
    _arrow(ax, (S[0], S[1] + 22.0), S, FORCE)
    _label(ax, (S[0] + 12.0, S[1] + 40.0), "$F_s$", FORCE)
    _arrow(ax, (P[0], P[1] + 20.0), (S[0], P[1] + 20.0), DIMENSION, lw=0.9, style="<|-|>",
           mutation=7)
    ax.plot([P[0], P[0]], [P[1] + 3.0, P[1] + 23.0], color=DIMENSION, lw=0.7)
    _label(ax, ((P[0] + S[0]) / 2, P[1] + 26.0), "$b$", DIMENSION)
    ax.plot([W[0], W[0] + MM * R * math.cos(0.6)], [W[1], W[1] - MM * R * math.sin(0.6)],
            color=DIMENSION, lw=0.9)
    _label(ax, W + [22.0, -9.0], "$R$", DIMENSION)
    _arrow(ax, C + [0.0, -30.0], C, FORCE)
    _label(ax, C + [7.0, -22.0], "$N$", FORCE)
    _arrow(ax, C, C + [30.0, 0.0], FORCE)
    _label(ax, C + [34.0, 6.0], "$T$", FORCE)
    y_lever = -40.0                                      # N's lever about the pivot
    _arrow(ax, (P[0], y_lever), (C[0], y_lever), DIMENSION, lw=0.9, style="<|-|>", mutation=7)
    ax.plot([P[0], P[0]], [y_lever - 3.0, P[1] - 6.0], color=DIMENSION, lw=0.6, ls=":")
    _label(ax, ((P[0] + C[0]) / 2, y_lever - 8.0), r"$a\cos\varphi$", DIMENSION)
    ax.set(xlim=(-95.0, 70.0), ylim=(-55.0, MM * pivot[1] + 58.0), aspect="equal")
    ax.set_axis_off()
    return {"pivot": pivot, "axle": axle, "contact": contact, "spring": spring}


def draw_wheel_at_edge(ax, params: vacuum.VacuumParams, height: float = 0.014) -> dict:
    """Draw a wheel of radius R standing on the floor and touching the fillet (radius f,
    centre C_f) of a step of ``height`` h (m), the face at x_s = 0: the line of length
    R + f from C_f to the wheel's centre at the angle psi from the vertical, the wheel
    centre's height z_w, and the edge's push N_e (along that line) and friction T_e.

    Returns the points drawn, m: ``fillet_centre``, ``wheel`` and ``touch`` (where wheel and
    fillet touch), and the angle ``psi``, rad."""
    R, f = params.wheel_radius, params.fillet
    if not f < height < R + f:
        raise ParameterError(f"height must lie between the fillet and R + f, got {height!r} m")
    centre = np.array([f, height - f])
    psi = math.acos((R - (height - f)) / (R + f))
    wheel = centre + (R + f) * np.array([-math.sin(psi), math.cos(psi)])
    touch = centre + f * np.array([-math.sin(psi), math.cos(psi)])
    Cf, Wc, K = (MM * v for v in (centre, wheel, touch))
    draw_step(ax, 0.0, height, f, x_min=-0.08, x_max=0.03)
    ax.add_patch(Circle(Wc, MM * R, fc="0.85", ec="k", lw=1.0, alpha=0.9, zorder=3))
    ax.plot(*Wc, "o", color="k", ms=3, zorder=6)
    ax.plot(*Cf, "o", color="k", ms=2.5, zorder=6)
    ax.plot([Cf[0], Wc[0]], [Cf[1], Wc[1]], color=DIMENSION, lw=0.9, ls="--", zorder=5)
    normal = np.array([math.cos(psi), math.sin(psi)])
    _label(ax, Cf + 0.75 * (Wc - Cf) - 9.0 * normal, "$R+f$", DIMENSION,
           fontsize=MIN_FONT_PT)
    _label(ax, Cf + [8.0, -4.0], "$C_f$")
    ax.plot([Cf[0], Cf[0]], [Cf[1], Cf[1] + 30.0], color=DIMENSION, lw=0.8, ls=":")
    degrees = math.degrees(psi)
    ax.add_patch(Arc(Cf, 60.0, 60.0, theta1=90.0, theta2=90.0 + degrees, color=DIMENSION,
                     zorder=7))
    _label(ax, Cf + 36.0 * np.array([-math.sin(psi / 2), math.cos(psi / 2)]), r"$\psi$",
           DIMENSION)
    along = np.array([-math.sin(psi), math.cos(psi)])    # from the edge to the wheel's centre
    tangent = np.array([math.cos(psi), math.sin(psi)])   # up and forward along the rim
    _arrow(ax, K, K + 18.0 * along, FORCE)
    _label(ax, K + 12.0 * along - 9.0 * tangent, "$N_e$", FORCE)
    _arrow(ax, K, K + 22.0 * tangent, FORCE)
    _label(ax, K + 27.0 * tangent + [2.0, 4.0], "$T_e$", FORCE)
    x_dim = MM * wheel[0] - 8.0 - MM * R                 # the wheel centre's height
    _arrow(ax, (x_dim, 0.0), (x_dim, Wc[1]), DIMENSION, lw=0.9, style="<|-|>", mutation=7)
    ax.plot([x_dim - 3.0, Wc[0]], [Wc[1], Wc[1]], color=DIMENSION, lw=0.6, ls=":")
    _label(ax, (x_dim - 7.0, Wc[1] / 2), "$z_w$", DIMENSION)
    _arrow(ax, (20.0, 0.0), (20.0, MM * height), DIMENSION, lw=0.9, style="<|-|>", mutation=7)
    _label(ax, (25.0, MM * height / 2), "$h$", DIMENSION)
    ax.annotate("$f$", MM * (centre + f * np.array([math.cos(2.4), math.sin(2.4)])),
                (25.0, MM * height + 4.0), fontsize=MIN_FONT_PT + 1, color=DIMENSION,
                arrowprops=dict(arrowstyle="-", color=DIMENSION, lw=0.7))
    _label(ax, (-2.0, -5.0), "$x_s$", DIMENSION, fontsize=MIN_FONT_PT)
    ax.set(xlim=(x_dim - 14.0, 30.0), ylim=(-10.0, MM * (wheel[1] + R) + 4.0), aspect="equal")
    ax.set_axis_off()
    return {"fillet_centre": centre, "wheel": wheel, "touch": touch, "psi": psi}


#: What traction does to each drive unit's load, by the moment balance about its pivot.
TRACTION_EFFECT = {"leading": "T unloads\nthe wheel", "trailing": "T loads\nthe wheel",
                   "telescopic": "$N = F_s$,\nwhatever T"}


def draw_suspension_variant(ax, variant: str, radius: float = 0.02, arm: float = 0.03) -> dict:
    """Draw one of the three drive units schematically (``variant`` one of
    :data:`robodyn.vacuum.SUSPENSIONS`): the wheel on the floor, the link to the chassis (a
    pivot behind the wheel for the leading link, ahead of it for the trailing link, a
    vertical slider for the telescopic unit), the traction T and its effect on the load.
    Returns ``pivot`` and ``axle``, m (the telescopic unit's ``pivot`` is its slider's
    top)."""
    if variant not in vacuum.SUSPENSIONS:
        raise ParameterError(f"variant must be one of {vacuum.SUSPENSIONS}, got {variant!r}")
    axle = np.array([0.0, radius])
    side = {"leading": -1.0, "trailing": 1.0, "telescopic": 0.0}[variant]
    if side:
        angle = math.radians(15.0)
        pivot = axle + [side * arm * math.cos(angle), arm * math.sin(angle)]
    else:
        pivot = axle + [0.0, arm]
    W, P = MM * axle, MM * pivot
    ax.axhline(0.0, color="#6b5b4b", lw=1.2)
    ax.add_patch(Circle(W, MM * radius, fc="0.75", ec="k", lw=1.0, zorder=3))
    if side:
        ax.plot([P[0], W[0]], [P[1], W[1]], color="tab:red", lw=3, solid_capstyle="round",
                zorder=5)
        ax.plot(*P, "o", color="k", ms=5, zorder=6)
    else:
        ax.add_patch(Rectangle((-4.0, W[1]), 8.0, P[1] - W[1], fc="tab:red", ec="k",
                               lw=0.6, zorder=5))
        _spring(ax, (0.0, P[1] + 14.0), (0.0, P[1]), width=2.5, coils=3)
    ax.plot(*W, "o", color="k", ms=3, zorder=6)
    _arrow(ax, (0.0, 0.0), (22.0, 0.0), FORCE)
    _label(ax, (27.0, 5.0), "$T$", FORCE)
    ax.set_title(variant, fontsize=MIN_FONT_PT + 1, pad=2)
    _label(ax, (0.0, -15.0), TRACTION_EFFECT[variant], fontsize=MIN_FONT_PT, va="center")
    ax.set(xlim=(-40.0, 40.0), ylim=(-27.0, 70.0), aspect="equal")
    ax.set_axis_off()
    return {"pivot": pivot, "axle": axle}


def _drawing(params, robot: bool, statics: bool):
    """The figure of :func:`robot_drawing` (``robot`` and ``statics``) or of
    :func:`statics_drawing` (``statics`` only), as an SVG image."""
    params = vacuum.VacuumParams() if params is None else params
    rows = ([1.15] if robot else []) + ([1.45, 0.85] if statics else [])
    fig = plt.figure(figsize=(FIGURE_INCHES, 2.3 * sum(rows)))
    grid = fig.add_gridspec(len(rows), 6, height_ratios=rows, hspace=0.12, wspace=0.1,
                            left=0.01, right=0.99, top=0.97, bottom=0.01)
    row = 0
    if robot:
        ax = fig.add_subplot(grid[0, :])
        draw_robot_at_step(ax, params)
        ax.set_title("(a) the robot meets a step", fontsize=MIN_FONT_PT + 1, loc="left",
                     pad=2)
        row = 1
    if statics:
        first = "b" if robot else "a"
        for ax, title, draw in ((fig.add_subplot(grid[row, :3]), "one drive unit",
                                 draw_drive_unit),
                                (fig.add_subplot(grid[row, 3:]), "the wheel at the edge",
                                 draw_wheel_at_edge)):
            draw(ax, params)
            ax.set_title(f"({first}) {title}", fontsize=MIN_FONT_PT + 1, loc="left", pad=2)
            first = chr(ord(first) + 1)
        for k, variant in enumerate(vacuum.SUSPENSIONS):
            draw_suspension_variant(fig.add_subplot(grid[row + 1, 2 * k:2 * k + 2]), variant)
    return svg_image(fig)


def robot_drawing(params: vacuum.VacuumParams | None = None):
    """The chapter's drawing of the robot at a step, as an SVG image: (a) the robot to scale,
    its mouth at the edge (:func:`draw_robot_at_step`); (b) a leading drive unit magnified,
    the arm's angle enlarged (:func:`draw_drive_unit`); (c) a wheel meeting the edge
    (:func:`draw_wheel_at_edge`); below, the three drive units and what traction does to each
    (:func:`draw_suspension_variant`). ``params`` defaults to ``VacuumParams()``."""
    return _drawing(params, robot=True, statics=True)


def statics_drawing(params: vacuum.VacuumParams | None = None):
    """The panels of :func:`robot_drawing` that the moment balance and the grip at the edge
    use, as an SVG image: (a) a drive unit, (b) the wheel at the edge, the three drive units
    below."""
    return _drawing(params, robot=False, statics=True)


def climb_snapshots(attempt, params: vacuum.VacuumParams | None = None):
    """The robot of a climb ``attempt`` (:func:`robodyn.vacuum.climb`) drawn to scale at
    three moments, one above the other: at the start, when the mouth first pushes on the
    step (:func:`robodyn.figures.vacuum.first_touch`) and at the end. x from the step's
    face, mm. Returns the figure."""
    from robodyn.figures.vacuum.climb import first_touch

    params = vacuum.VacuumParams() if params is None else params
    robot = vacuum.PlanarRobot(params, attempt.variant)
    q, _ = vacuum.coordinates(attempt)
    touch = first_touch(attempt, "mouth")
    moments = {"approaching": 0.0, "the mouth meets the edge": touch,
               "the end of the climb": attempt.t_end}
    moments = {title: t for title, t in moments.items() if t is not None}
    fig, axes = plt.subplots(len(moments), 1, figsize=(FIGURE_INCHES, 1.35 * len(moments)),
                             sharex=True, layout="constrained", squeeze=False)
    for ax, (title, t) in zip(axes[:, 0], moments.items(), strict=True):
        k = min(int(np.searchsorted(attempt.t, t)), len(q) - 1)
        draw_step(ax, attempt.step_x, attempt.height, params.fillet,
                  x_origin=attempt.step_x)
        draw_robot(ax, robot, q[k], x_origin=attempt.step_x)
        ax.set(aspect="equal", ylim=(-15.0, 135.0), xlim=(-420.0, 330.0), yticks=[])
        ax.set_title(f"{title}, t = {attempt.t[k]:.2f} s", fontsize=MIN_FONT_PT, loc="left")
    axes[-1, 0].set_xlabel("x from the step's face [mm]")
    return fig
