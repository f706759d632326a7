"""The vacuum chapter's figures, each drawn from small real runs and checked against them."""

import inspect
import io
import math

import matplotlib
import numpy as np
import PIL.Image
import pytest

from robodyn import vacuum
from robodyn.core.errors import ParameterError
from robodyn.figures import vacuum as figures
from robodyn.plotting.interactive import (
    FIGURE_INCHES,
    MIN_PHONE_TEXT_PX,
    PHONE_COLUMN_PX,
    text_on_page,
)

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

P = vacuum.VacuumParams()
#: Resolution of a pyplot figure shown by the inline backend (matplotlib's figure.dpi).
INLINE_DPI = 100.0


def assert_legible_on_a_phone(fig, cropped: bool = True) -> None:
    """``fig`` saved as the chapter shows it (at INLINE_DPI; a still figure cropped to its
    drawing with the inline backend's margin, an animation's frame whole) is at most
    FIGURE_INCHES wide, and its smallest text at least MIN_PHONE_TEXT_PX high on a phone."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=INLINE_DPI,
                **({"bbox_inches": "tight"} if cropped else {}))
    width = PIL.Image.open(buffer).width
    assert width <= FIGURE_INCHES * INLINE_DPI, f"saved {width} px wide"
    assert fig.dpi == INLINE_DPI
    height, text = text_on_page(fig, width, PHONE_COLUMN_PX)[0]
    assert height >= MIN_PHONE_TEXT_PX, f"{text!r} is {height:.1f} px high on a phone"


@pytest.fixture(scope="module")
def attempt():
    """One climb of a low step (the leading link climbs it)."""
    return vacuum.climb(P, 0.015, "leading", 0.3)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_the_step_figure_draws_the_unit_normals_of_step_distance():
    """The red arrows start on the step and point along step_distance's unit normals; the
    fillet's centre is marked at (f, h - f); the figure is legible on a phone."""
    fig = figures.step_geometry_figure(0.019, 0.003)
    assert_legible_on_a_phone(fig)
    ax, ax_zoom = fig.axes[:2]
    quiver = ax.collections[-1]
    points = figures.drawing._surface_points(0.019, 0.003)
    np.testing.assert_allclose(quiver.get_offsets(), 1e3 * points)
    for point, u, v in zip(points, quiver.U, quiver.V, strict=True):
        _, normal = vacuum.step_distance(point, 0.0, 0.019, 0.003)
        np.testing.assert_allclose([u, v], normal, atol=1e-12)
        assert math.hypot(u, v) == pytest.approx(1.0)
    centre = [line for line in ax_zoom.lines if line.get_marker() == "+"][0]
    assert centre.get_xdata()[0] == pytest.approx(3.0)
    assert centre.get_ydata()[0] == pytest.approx(16.0)
    with pytest.raises(ParameterError, match="fillet"):
        figures.step_geometry_figure(0.002, 0.003)


def test_the_wheel_load_figure_starts_at_the_static_load_and_marks_the_jam():
    """At c = 0 every variant carries the robot's static wheel load; traction unloads the
    leading and loads the trailing wheel; a jam inside the range gets its line; legible on a
    phone either way."""
    N0, _ = vacuum.static_wheel_loads(P)
    robot = vacuum.PlanarRobot(P, "leading")
    # moments about the caster: the chassis at its centre of gravity, the drive units at
    # the axle; one wheel carries half
    c, b = P.caster_behind, P.cog_behind
    assert 2 * N0 == pytest.approx((robot.m_c * (c - b) + robot.m_w * c) * P.g / c, rel=1e-12)
    fig = figures.wheel_load_figure(P)
    assert_legible_on_a_phone(fig)
    lines = {line.get_label(): line for line in fig.axes[0].lines}
    for variant in vacuum.SUSPENSIONS:
        c, load = lines[variant].get_data()
        assert load[0] == pytest.approx(N0)
    c, leading = lines["leading"].get_data()
    assert np.all(np.diff(leading) < 0)
    a, phi, R = P.arm_length, P.arm_angle, P.wheel_radius
    assert leading[-1] == pytest.approx(N0 * a * math.cos(phi)
                                        / (a * math.cos(phi) + c[-1] * (a * math.sin(phi) + R)))
    assert np.all(np.diff(lines["trailing"].get_data()[1][:50]) > 0)
    # a shorter arm jams the trailing link inside the range: a dashed line at the jam
    short = vacuum.VacuumParams(arm_length=0.04)
    c_jam = 0.04 * math.cos(phi) / (0.04 * math.sin(phi) + R)
    fig = figures.wheel_load_figure(short)
    assert_legible_on_a_phone(fig)
    dashed = [line for line in fig.axes[0].lines if line.get_linestyle() == "--"]
    assert dashed and dashed[0].get_xdata()[0] == pytest.approx(c_jam)


def test_the_robot_drawing_follows_the_model():
    """The wheel patch sits at wheel_centre(q) with radius R, the arm runs from the pivot to
    the axle, the spoke turns clockwise with q[4], and place_robot moves them all."""
    fig, ax = plt.subplots()
    for variant in vacuum.SUSPENSIONS:
        robot = vacuum.PlanarRobot(P, variant)
        q = robot.static_state + [0.02, 0.01, 0.1, 0.02 if variant != "telescopic" else 0.004,
                                  0.0]
        artists = figures.draw_robot(ax, robot, q, x_origin=0.01)
        body, mouth, caster, wheel, spoke, arm, pivot = artists
        centre = 1e3 * (robot.wheel_centre(q) - [0.01, 0.0])
        np.testing.assert_allclose(wheel.get_center(), centre)
        assert wheel.get_radius() == pytest.approx(1e3 * P.wheel_radius)
        np.testing.assert_allclose([arm.get_xdata()[1], arm.get_ydata()[1]], centre)
        if robot.side:
            c, s = math.cos(q[2]), math.sin(q[2])
            R = np.array([[c, -s], [s, c]])
            expected = 1e3 * (q[:2] - [0.01, 0.0] + R @ robot.pivot)
            np.testing.assert_allclose([pivot.get_xdata()[0], pivot.get_ydata()[0]], expected)
        mouth_circle = {c.name: c for c in robot.circles}["mouth"]
        placed = robot.circle_centres(q)["mouth"][0]
        np.testing.assert_allclose(mouth.get_center(), 1e3 * (placed - [0.01, 0.0]))
        assert mouth.get_radius() == pytest.approx(1e3 * mouth_circle.radius)
        # a quarter turn forward: the spoke from straight up to straight ahead
        q[4] = math.pi / 2
        figures.place_robot(artists, robot, q)
        x, z = spoke.get_data()
        assert x[1] - x[0] == pytest.approx(0.9e3 * P.wheel_radius)
        assert z[1] - z[0] == pytest.approx(0.0, abs=1e-9)


def test_the_animation_draws_the_forces_at_the_contact_points(attempt):
    """Each frame's arrows start at attempt.points, are the forces times the scale, and the
    zero forces are not drawn; the player is a self-contained page."""
    fig, draw_frame = figures.climb_animation_frames(attempt, P, n_frames=5, scale=0.5)
    samples = np.linspace(0, attempt.t.size - 1, 5).round().astype(int)
    quiver = fig.force_quiver
    for frame, k in enumerate(samples):
        draw_frame(frame)
        names = quiver.contact_names
        hidden = np.ma.getmaskarray(np.ma.masked_array(quiver.U, mask=quiver.Umask))
        for i, name in enumerate(names):
            point, force = attempt.points[name][k], attempt.forces[name][k]
            np.testing.assert_allclose(quiver.get_offsets()[i],
                                       1e3 * (point - [attempt.step_x, 0.0]))
            if np.any(force != 0.0):
                np.testing.assert_allclose([quiver.U[i], quiver.V[i]], 0.5 * force)
                assert not hidden[i]
            else:
                assert hidden[i]                        # not drawn
        robot = vacuum.PlanarRobot(P, "leading")
        wheel = fig.robot_artists[3]
        np.testing.assert_allclose(wheel.get_center(),
                                   1e3 * (robot.wheel_centre(vacuum.coordinates(attempt)[0][k])
                                          - [attempt.step_x, 0.0]))
    assert "forces: 0.5 mm per N" in [text.get_text() for text in fig.axes[0].texts]
    html = figures.climb_animation(attempt, P, n_frames=2).data
    assert "<script" in html and "http" not in html


@pytest.fixture(scope="module")
def chapter_climb():
    """The climb of the chapter's animation: the leading link up an 18 mm step."""
    return vacuum.climb(P, 0.018, "leading")


def test_the_animation_text_stays_clear_of_the_robot(chapter_climb):
    """In every frame of the chapter's climb each line of text (time and outcome, force
    scale) is clear of every part of the robot and of the legend, all inside the figure;
    the frames are legible on a phone."""
    n_frames = inspect.signature(figures.climb_animation).parameters["n_frames"].default
    fig, draw_frame = figures.climb_animation_frames(chapter_climb, P, n_frames)
    ax = fig.axes[0]
    fig.canvas.draw()                                   # lays the axes out (equal aspect)
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    page = fig.bbox
    assert len(ax.texts) == 2 and legend.y1 <= page.y1 and legend.x1 <= page.x1
    for frame in range(n_frames):
        draw_frame(frame)
        robot = [part.get_window_extent(renderer) for part in fig.robot_artists]
        for text in ax.texts:
            box, seen = text.get_window_extent(renderer), (frame, text.get_text())
            assert not any(box.overlaps(part) for part in robot), seen
            assert not box.overlaps(legend), seen
            assert page.x0 <= box.x0 and box.x1 <= page.x1, seen
            assert page.y0 <= box.y0 and box.y1 <= page.y1, seen
    assert ax.texts[0].get_text().startswith(f"t = {chapter_climb.t[-1]:.2f} s")
    assert_legible_on_a_phone(fig, cropped=False)


def test_the_history_shows_the_normal_loads_and_the_first_touches(attempt):
    """The load lines are the forces along the ground's normal (on the flat floor the
    vertical force); the marks stand where mouth and wheel first push on the step; the
    figure is legible on a phone."""
    loads = figures.normal_loads(attempt, P.fillet)
    np.testing.assert_allclose(loads["wheel"][0], attempt.forces["wheel"][0, 1])
    fig = figures.climb_history_figure(attempt, P)
    assert_legible_on_a_phone(fig)
    ax_n, ax_s, ax_v = fig.axes
    lines = {line.get_label(): line for line in ax_n.lines}
    for name in ("wheel", "mouth", "caster", "front edge", "rear edge"):
        np.testing.assert_allclose(lines[name].get_ydata(), loads[name])
    t_mouth = figures.first_touch(attempt, "mouth")
    t_wheel = figures.first_touch(attempt, "wheel")
    assert 0.0 < t_mouth < t_wheel < attempt.t_end
    k = int(np.searchsorted(attempt.t, t_wheel))
    assert attempt.points["wheel"][k, 0] >= attempt.step_x - figures.ON_STEP_TOLERANCE
    assert np.all(attempt.points["wheel"][:k, 0] < attempt.step_x)     # on the floor before
    marks = {line.get_xdata()[0] for line in ax_v.lines if len(line.get_xdata()) == 2
             and line.get_xdata()[0] == line.get_xdata()[1]}
    assert marks == {t_mouth, t_wheel}
    travel, unit = figures.suspension_travel(attempt)
    assert unit == "deg" and travel[0] == 0.0
    np.testing.assert_allclose(ax_s.lines[0].get_ydata(), travel)
    with pytest.raises(ParameterError, match="name"):
        figures.first_touch(attempt, "nose")


def test_the_grid_passes_the_friction_scale_on():
    """climb_grid keys each climb by its rounded scenario and gives climb friction_scale."""
    grid = vacuum.climb_grid(heights=(0.012,), variants=("trailing",), frictions=(0.9,),
                              speeds=(0.3,), workers=1, progress=False)
    ((key, run),) = grid.items()
    assert key == ("trailing", 0.012, 0.9, 0.3)
    assert run.friction_scale == 0.9 and run.variant == "trailing" and run.height == 0.012
    with pytest.raises(ParameterError, match="variants"):
        vacuum.climb_grid(variants=("sideways",), workers=1, progress=False)


def test_the_explorer_shows_the_climb_of_its_controls():
    """At a control state the widget shows that key's climb at that time (its last state
    past its end), fast; a time outside the grid raises."""
    attempts = figures.small_climb_grid()
    figure = figures.climb_explorer(attempts)
    view = figure.view
    figure.update(height_mm=17.0, variant="trailing", friction=0.9 + 0.2, speed=0.35,
                  time=0.5)
    chosen = attempts[("trailing", 0.017, 1.1, 0.35)]
    assert view.attempt is chosen
    k = int(np.searchsorted(chosen.t, 0.5 + 1e-9, side="right")) - 1
    robot = vacuum.PlanarRobot(P, "trailing")
    np.testing.assert_allclose(view.robot[3].get_center(),
                               1e3 * (robot.wheel_centre(vacuum.coordinates(chosen)[0][k])
                                      - [chosen.step_x, 0]))
    np.testing.assert_allclose(view.lines["wheel"].get_ydata(),
                               figures.normal_loads(chosen, P.fillet)["wheel"])
    assert view.cursor.get_xdata()[0] == chosen.t[k]
    assert view.outcome.get_text().startswith(figures.outcome_text(chosen))
    # past this climb's end: its last state
    figure.update(time=view.t_max)
    if chosen.t_end < view.t_max:
        assert view.index == chosen.t.size - 1 and "(its end)" in view.outcome.get_text()
    with pytest.raises(ParameterError, match="time"):
        view.update(17.0, "trailing", 1.1, 0.35, view.t_max + 0.5)
    with pytest.raises(ParameterError, match="no climb"):
        view.update(19.0, "trailing", 1.1, 0.35, 0.5)
    # how fast a moved slider redraws is measured by benchmarks/widget_update.py, not here


def test_the_success_map_shows_the_outcomes_and_the_thesis():
    """The cells are the map's outcomes (heights across, speeds up), the rate line its
    success rate, the thesis's limit a vertical line; two maps, one under the other, are
    legible on a phone; no maps raises."""
    m = vacuum.climb_map(P, "leading", [0.012, 0.026], "speed", [0.3], workers=1,
                         progress=False)
    assert m.climbed.tolist() == [[True], [False]]
    fig = figures.success_map_figure([m], thesis={"leading": 19.0})
    ax, ax_rate = fig.axes[:2]
    np.testing.assert_array_equal(ax.collections[0].get_array().reshape(1, 2),
                                  m.climbed.T.astype(int))
    rate = ax_rate.lines[0]
    np.testing.assert_allclose(rate.get_xdata(), [12.0, 26.0])
    np.testing.assert_allclose(rate.get_ydata(), [100.0, 0.0])
    assert any(line.get_xdata()[0] == 19.0 for line in ax.lines)
    fig = figures.success_map_figure([m, m], thesis={"leading": 19.0})
    assert len(fig.axes) == 4
    assert_legible_on_a_phone(fig)
    with pytest.raises(ParameterError, match="maps"):
        figures.success_map_figure([])


def test_the_tornado_bars_are_the_changes_sorted_by_swing():
    """Each bar spans from 0 to its value less the nominal; the largest swing is on top; the
    chart is legible on a phone."""
    rows = [("mass", "3 kg", "4 kg", 18.6, 18.1), ("wheel radius", "40", "48", 16.0, 20.5),
            ("mu_k", "1.00", "1.08", 17.5, 18.9)]
    fig = figures.tornado_figure(18.4, rows, title="leading")
    assert_legible_on_a_phone(fig)
    ax = fig.axes[0]
    low, high = ax.containers[:2]
    labels = [tick.get_text() for tick in ax.get_yticklabels()]
    assert labels == ["mass", "mu_k", "wheel radius"]            # bottom to top
    for bar_low, bar_high, label in zip(low, high, labels, strict=True):
        row = next(r for r in rows if r[0] == label)
        assert bar_low.get_width() == pytest.approx(row[3] - 18.4)
        assert bar_high.get_width() == pytest.approx(row[4] - 18.4)
        assert bar_low.get_x() == 0.0
    with pytest.raises(ParameterError, match="rows"):
        figures.tornado_figure(18.4, [])


def test_the_braking_figure_draws_the_distances_and_rejects_unknown_modes():
    """Bar heights are the body's travel in mm (the point the thesis measures), not the
    wheel centre's; the thesis's marks stand at its values; the body's speed lines start at
    the approach speed; legible on a phone; an unknown mode raises."""
    runs = {("leading", "lock"): vacuum.brake(P, "lock", "leading"),
            ("leading", "counter"): vacuum.brake(P, "counter", "leading")}
    fig = figures.braking_figure(runs, thesis={"lock": 7.8, "counter": 7.19})
    assert_legible_on_a_phone(fig)
    ax, ax_v = fig.axes
    heights = sorted(bar.get_height() for bar in ax.patches)
    assert heights == pytest.approx(sorted(1e3 * run.body_distance for run in runs.values()))
    assert heights != pytest.approx(sorted(1e3 * run.distance for run in runs.values()))
    marks = sorted(line.get_ydata()[0] for line in ax.lines if len(line.get_ydata()))
    assert marks == pytest.approx([7.19, 7.8])
    for line in ax_v.lines[:2]:
        assert line.get_ydata()[0] == pytest.approx(0.3, rel=0.02)
    with pytest.raises(ParameterError, match="mode"):
        figures.braking_figure({("leading", "handbrake"): runs[("leading", "lock")]})
    with pytest.raises(ParameterError, match="mode"):
        figures.braking_figure(runs, thesis={"anchor": 3.0})


def test_the_drop_figure_marks_landing_and_settling():
    """The pitch line is the run's pitch in degrees; dotted at the landing, dash-dot at the
    end of the settling; legible on a phone."""
    run = vacuum.drive_off(P, 0.015, "leading")
    fig = figures.drop_figure({"leading": run})
    assert_legible_on_a_phone(fig)
    ax = fig.axes[0]
    np.testing.assert_allclose(ax.lines[0].get_ydata(), np.degrees(run.pitch))
    dotted = [line.get_xdata()[0] for line in ax.lines if line.get_linestyle() == ":"]
    dashdot = [line.get_xdata()[0] for line in ax.lines if line.get_linestyle() == "-."]
    assert dotted == [run.t_landed]
    assert dashdot == pytest.approx([run.t_landed + run.settling_time])
    with pytest.raises(ParameterError, match="runs"):
        figures.drop_figure({})


def test_the_course_figure_draws_both_paths_and_slips():
    """The paths are the runs' poses; the slip lines their wheels' slip speeds in mm/s;
    legible on a phone."""
    from robodyn.vacuum import course as vacuum_course

    waypoints = np.array([[0.6, 0.0], [0.6, 0.6]])
    wood = vacuum_course.follow_course(P, waypoints, t_max=10.0)
    slippery = vacuum_course.follow_course(P, waypoints, friction_scale=0.1, t_max=10.0)
    fig = figures.course_figure(wood, slippery, waypoints)
    assert_legible_on_a_phone(fig)
    ax, ax_s = fig.axes
    paths = {line.get_label(): line for line in ax.lines}
    np.testing.assert_allclose(paths["slippery"].get_xdata(), slippery.x)
    slips = {line.get_label(): line for line in ax_s.lines}
    np.testing.assert_allclose(slips["slippery, left"].get_ydata(), 1e3 * slippery.slip_l)
    assert slippery.slip_r.max() > wood.slip_r.max()
    with pytest.raises(ParameterError, match="waypoints"):
        figures.course_figure(wood, slippery, np.zeros((2, 3)))


def test_the_engines_figure_draws_both_engines(attempt):
    """Both engines' wheel heights (mm) and pitches (deg), labelled with their outcomes;
    legible on a phone."""
    vacuum_mujoco = pytest.importorskip("robodyn.vacuum.mujoco")
    pytest.importorskip("mujoco")
    mujoco_run = vacuum_mujoco.climb(P, 0.015, "leading", 0.3, t_max=1.5)
    fig = figures.engines_figure(attempt, mujoco_run)
    assert_legible_on_a_phone(fig)
    ax_z, ax_p = fig.axes
    np.testing.assert_allclose(ax_z.lines[0].get_ydata(), 1e3 * attempt.wheel_z)
    np.testing.assert_allclose(ax_z.lines[1].get_ydata(), 1e3 * mujoco_run.wheel_z)
    np.testing.assert_allclose(ax_p.lines[1].get_ydata(), np.degrees(mujoco_run.pitch))
    assert ax_z.lines[0].get_label() == f"book: {figures.outcome_text(attempt)}"


def test_the_layout_figure_draws_each_limit_with_the_marker_of_its_cause():
    """Each layout's line runs through its limits in mm over the lips in mm; wheel-stopped
    points are filled circles, mouth-stopped ones open squares; the real robot's line at the
    observed limit; legible on a phone; mismatched rows or unknown causes raise."""
    lips = np.array([0.002, 0.004, 0.008])
    rows = {"book": (np.array([0.0164, 0.0185, 0.019]), ["mouth", "mouth", "wheel"])}
    fig = figures.layout_limits_figure(lips, rows, observed=19.0)
    assert_legible_on_a_phone(fig)
    ax = fig.axes[0]
    line, *markers = [ln for ln in ax.lines if len(ln.get_xdata()) > 0
                      and ln.get_linestyle() != "--"]
    np.testing.assert_allclose(line.get_xdata(), [2.0, 4.0, 8.0])
    np.testing.assert_allclose(line.get_ydata(), [16.4, 18.5, 19.0])
    by_marker = {m.get_marker(): (m.get_xdata(), m.get_fillstyle()) for m in markers}
    np.testing.assert_allclose(by_marker["o"][0], [8.0])
    np.testing.assert_allclose(by_marker["s"][0], [2.0, 4.0])
    assert by_marker["s"][1] == "none" and by_marker["o"][1] == "full"
    assert [ln.get_ydata()[0] for ln in ax.lines if ln.get_linestyle() == "--"] == [19.0]
    with pytest.raises(ParameterError, match="limits and causes"):
        figures.layout_limits_figure(lips, {"x": (np.zeros(2), ["wheel"] * 2)})
    with pytest.raises(ParameterError, match="causes"):
        figures.layout_limits_figure(lips, {"x": (np.zeros(3), ["caster"] * 3)})


def test_the_fit_family_figure_draws_the_level_through_the_family_points():
    """On a limit that is linear in R and mu the level's contour is the straight line of the
    closed form, and the family points lie on it; legible on a phone; a wrong shape raises."""
    radii, mus = np.array([0.040, 0.044, 0.048]), np.array([0.9, 1.0, 1.08])
    limits = 0.25 * radii[:, None] + 0.01 * mus[None, :]          # m
    level = 1e3 * (0.25 * 0.044 + 0.01 * 1.0)                     # mm, through (44, 1.0)
    fig = figures.fit_family_figure(radii, mus, limits, level, family=[(0.044, 1.0)])
    assert_legible_on_a_phone(fig)
    ax = fig.axes[0]
    contour = next(c for c in ax.collections if c.get_linewidths()[0] == pytest.approx(2.5))
    vertices = np.vstack([path.vertices for path in contour.get_paths()])
    R_mm, mu = vertices.T
    np.testing.assert_allclose(0.25 * R_mm + 10 * mu, level, atol=1e-9)
    point = next(ln for ln in ax.lines if ln.get_marker() == "o")
    assert (point.get_xdata()[0], point.get_ydata()[0]) == pytest.approx((44.0, 1.0))
    with pytest.raises(ParameterError, match="shape"):
        figures.fit_family_figure(radii, mus, limits[:2], level)
