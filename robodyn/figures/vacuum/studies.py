"""Figures of chapter 7's studies: success maps, sensitivities, braking, drops, the course,
the two engines and what limits a climb."""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from robodyn import vacuum
from robodyn.core.errors import ParameterError
from robodyn.figures.vacuum.climb import check_attempt, outcome_text
from robodyn.figures.vacuum.drawing import MM, VARIANT_COLOURS, column_subplots
from robodyn.plotting import ORANGE


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
    fig, axes = column_subplots(2 * len(maps), 1, 0.5 + 2.9 * len(maps), squeeze=False,
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
    fig, ax = column_subplots(1, 1, 0.6 * len(rows) + 1.6)
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


def braking_figure(runs: dict, thesis: dict | None = None):
    """How far the body travels in braking runs ``runs`` {(variant, mode): run} of
    :func:`robodyn.vacuum.brake` (their ``body_distance``, the chassis's centre of gravity,
    the point the thesis measures) as bars, a group per variant, a colour per mode
    (:data:`robodyn.vacuum.BRAKE_MODES`); the thesis's values ``thesis`` {mode: mm} as black
    marks on that mode's bars. Below: the body's forward speed over time for the leading
    variant's modes (or the first variant's). Returns the figure."""

    if not runs:
        raise ParameterError("runs must hold at least one (variant, mode): run, got none")
    thesis = {} if thesis is None else dict(thesis)
    for key in list(runs) + [(None, mode) for mode in thesis]:
        if not (isinstance(key, tuple) and len(key) == 2):
            raise ParameterError(f"runs must be keyed (variant, mode), got {key!r}")
        if key[1] not in vacuum.BRAKE_MODES:
            raise ParameterError(f"mode must be one of {vacuum.BRAKE_MODES}, got {key[1]!r}")
    variants = [v for v in vacuum.SUSPENSIONS if any(k[0] == v for k in runs)]
    modes = [m for m in vacuum.BRAKE_MODES if any(k[1] == m for k in runs)]
    fig, (ax, ax_v) = column_subplots(2, 1, 5.6)
    colours = dict(zip(vacuum.BRAKE_MODES, ("tab:blue", ORANGE, "tab:green"),
                       strict=True))
    width = 0.8 / len(modes)
    for j, mode in enumerate(modes):
        xs, ds = [], []
        for i, variant in enumerate(variants):
            if (variant, mode) in runs:
                xs.append(i + (j - 0.5 * (len(modes) - 1)) * width)
                ds.append(MM * runs[(variant, mode)].body_distance)
        ax.bar(xs, ds, width=0.9 * width, color=colours[mode], label=mode)
        if mode in thesis:
            ax.plot(xs, [thesis[mode]] * len(xs), "_", color="k", ms=18, mew=2.5)
    if thesis:
        ax.plot([], [], "_", color="k", ms=12, mew=2.5, label="thesis")
    ax.set_xticks(range(len(variants)), variants)
    ax.set_ylabel("body's travel [mm]")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper center", fontsize=10,
               ncol=4, frameon=False)
    shown = "leading" if "leading" in variants else variants[0]
    for mode in modes:
        if (shown, mode) not in runs:
            continue
        run = runs[(shown, mode)]
        ax_v.plot(MM * run.t, run.x_dot, color=colours[mode], lw=1.5, label=mode)
    ax_v.axhline(0.0, color="0.7", lw=0.8)
    ax_v.set(xlabel="t after braking [ms]", ylabel="body's speed [m/s]",
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
    fig, (ax, ax_zoom) = column_subplots(2, 1, 5.8, sharex=True,
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


def course_figure(wood, slippery, waypoints):
    """Two runs of :func:`robodyn.vacuum.course.follow_course` over the same ``waypoints``
    (shape (N, 2), m), on wood and on a slippery floor: above, the paths of the axle midpoint
    with the numbered waypoints; below, each wheel's slip speed over time (mm/s, solid right,
    dashed left). Returns the figure."""

    waypoints = np.atleast_2d(np.asarray(waypoints, dtype=float))
    if waypoints.ndim != 2 or waypoints.shape[1] != 2:
        raise ParameterError(f"waypoints must have shape (N, 2), got {waypoints.shape}")
    fig, (ax, ax_s) = column_subplots(2, 1, 6.2, gridspec_kw={"height_ratios": [1.25, 1]})
    ax.plot(*waypoints.T, "s", color=ORANGE, ms=7, zorder=3)
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
    check_attempt(book)
    fig, (ax_z, ax_p) = column_subplots(2, 1, 5.4, sharex=True)
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
    fig, ax = column_subplots(1, 1, 3.4)
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
    fig, ax = column_subplots(1, 1, 3.6)
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
