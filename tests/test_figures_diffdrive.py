"""The differential-drive chapter's figures.

The widget views draw what a fresh figure would (blitting leaves no trace); the drawings of
the robot are right; the static figures have text readable on the page. (Every widget of the
book is toured in tests/test_widgets.py.)
"""

import io

import ipywidgets as widgets
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import PIL.Image
import pytest
from matplotlib.figure import Figure

from robodyn import diffdrive
from robodyn.core.errors import ParameterError
from robodyn.diffdrive.waypoints import FollowerSettings
from robodyn.figures import diffdrive as figures
from robodyn.figures.diffdrive import diffdrive_outline, draw_diffdrive, place_diffdrive
from robodyn.plotting import interactive_figure
from robodyn.plotting.interactive import (
    FIGURE_INCHES,
    MIN_PHONE_TEXT_PX,
    MIN_TEXT_PX,
    PHONE_COLUMN_PX,
    text_on_page,
)

matplotlib.use("Agg")
PARAMS = diffdrive.DiffDriveParams()

#: Width of the page column an ordinary output image (a matplotlib figure of a cell) is
#: shown in, CSS px, measured with the widgets' column (``benchmarks/page_text.py``).
OUTPUT_COLUMN_PX = 688.0
#: Resolution of a pyplot figure shown by the inline backend (matplotlib's figure.dpi).
INLINE_DPI = 100.0


def pixels(png) -> np.ndarray:
    return np.asarray(PIL.Image.open(io.BytesIO(bytes(png))).convert("RGBA"))


def test_state_diagram_text_is_readable_on_the_page():
    """The state diagram as the chapter shows it (5.25 x 2 in, inline, tight) is no wider than
    the book's figures and has text readable on the page and on a phone."""
    fig = Figure(figsize=(5.25, 2.0), dpi=INLINE_DPI)
    figures.draw_state_diagram(fig.add_subplot())
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight")  # as the inline backend does
    width = PIL.Image.open(buffer).width
    assert width <= FIGURE_INCHES * INLINE_DPI
    height, text = text_on_page(fig, width, OUTPUT_COLUMN_PX)[0]
    assert height >= MIN_TEXT_PX, f"{text!r} is {height:.1f} px high on the page"
    height, text = text_on_page(fig, width, PHONE_COLUMN_PX)[0]
    assert height >= MIN_PHONE_TEXT_PX, f"{text!r} is {height:.1f} px high on a phone"


def test_course_animation_text_is_readable_on_the_page():
    """Every frame of the course animation has text readable on the page and on a phone."""
    settings = figures.COURSE_SETTINGS
    run = diffdrive.simulate(PARAMS, settings, t_max=40.0)
    fig, draw_frame = figures.course_animation_frames(run, PARAMS, settings.waypoints,
                                                      settings.tolerance, 3)
    try:
        draw_frame(2)
        width = fig.get_figwidth() * fig.dpi
        page = text_on_page(fig, width, OUTPUT_COLUMN_PX)[0]
        phone = text_on_page(fig, width, PHONE_COLUMN_PX)[0]
    finally:
        plt.close(fig)
    assert page[0] >= MIN_TEXT_PX, f"{page[1]!r} is {page[0]:.1f} px high on the page"
    assert phone[0] >= MIN_PHONE_TEXT_PX, f"{phone[1]!r} is {phone[0]:.1f} px high on a phone"


# ------------------------------------------------------------------ the two views


def velocity_figure(v, omega):
    controls = {
        "v": widgets.FloatSlider(value=v, min=-0.5, max=0.5),
        "omega": widgets.FloatSlider(value=omega, min=-3.0, max=3.0),
    }
    return interactive_figure(figures.VelocityExplorer(PARAMS), controls)


def follower_figure(gain, dead_band_deg, tolerance):
    controls = {
        "gain": widgets.FloatSlider(value=gain, min=0.2, max=8.0),
        "dead_band_deg": widgets.FloatSlider(value=dead_band_deg, min=0.0, max=20.0),
        "tolerance": widgets.FloatSlider(value=tolerance, min=0.02, max=0.4),
    }
    return interactive_figure(figures.FollowerExplorer(PARAMS), controls)


@pytest.mark.parametrize(
    ("path", "values"),
    [
        ([(0.3, 0.5), (0.1, 2.5), (-0.4, 0.0)], (0.2, -1.0)),
        ([(0.3, 0.5), (0.5, 3.0)], (0.0, 2.0)),
    ],
)
def test_velocity_view_after_moves_equals_fresh_figure(path, values):
    """After any slider moves, the blitted image equals a new figure drawn at those values."""
    moved = velocity_figure(*path[0])
    for v, omega in path[1:] + [values]:
        moved.update(v=v, omega=omega)
    fresh = velocity_figure(*values)
    assert np.array_equal(pixels(moved.image.value), pixels(fresh.static_png))


def test_follower_view_after_moves_equals_fresh_figure():
    """The follower view leaves no trace of an earlier course after the sliders move."""
    moved = follower_figure(2.0, 2.0, 0.1)
    moved.update(gain=0.3, tolerance=0.03)
    moved.update(gain=4.0, dead_band_deg=10.0, tolerance=0.25)
    fresh = follower_figure(4.0, 10.0, 0.25)
    assert np.array_equal(pixels(moved.image.value), pixels(fresh.static_png))


def test_straight_line_hides_turning_circle():
    """With omega = 0 there is no centre of rotation to draw, and the title says so."""
    view = figures.VelocityExplorer(PARAMS)
    velocity = interactive_figure(view, {"v": widgets.FloatSlider(value=0.3),
                                         "omega": widgets.FloatSlider(value=0.0)})
    assert not view.circle.get_visible() and not view.centre.get_visible()
    assert view.radius_title.get_text() == "straight line"
    velocity.update(omega=1.0)
    assert view.circle.get_visible()
    assert view.circle.get_radius() == pytest.approx(0.3)
    assert view.radius_title.get_text() == "turning radius 0.30 m"


def test_wheel_over_limit_is_red():
    """A wheel speed above max_wheel_speed is drawn red, the other green, and the title warns
    (the bars are horizontal: a bar's width is its wheel's speed)."""
    view = figures.VelocityExplorer(PARAMS)
    interactive_figure(view, {"v": widgets.FloatSlider(value=0.5, max=1.0),
                              "omega": widgets.FloatSlider(value=3.0, max=3.0)})
    right, left = view.bars
    assert right.get_width() > PARAMS.max_wheel_speed
    assert matplotlib.colors.same_color(right.get_facecolor(), "tab:red")
    assert matplotlib.colors.same_color(left.get_facecolor(), "tab:green")
    assert view.wheels_title.get_text() == "over the limit!"


def test_follower_view_reports_the_simulated_course():
    """The follower view runs the kinematic simulation with the slider values."""
    view = figures.FollowerExplorer(PARAMS)
    figure = interactive_figure(view, {"gain": widgets.FloatSlider(value=2.0, max=8.0),
                                       "dead_band_deg": widgets.FloatSlider(value=2.0),
                                       "tolerance": widgets.FloatSlider(value=0.1)})
    assert view.result.success
    assert view.outcome.get_text().startswith("all 5 waypoints reached")
    figure.update(gain=0.3, tolerance=0.03)
    assert not view.result.success
    assert view.outcome.get_text().startswith("only")
    assert all(disc.get_radius() == pytest.approx(0.03) for disc in view.discs)


def test_follower_widget_starts_at_its_settings():
    """The sliders start at the settings' gain, dead band (in degrees) and tolerance, and the
    view keeps their waypoints, speed and yaw-rate limit."""
    chapter = figures.follower_explorer()
    assert chapter.controls["gain"].value == figures.COURSE_SETTINGS.gain
    assert chapter.controls["dead_band_deg"].value == pytest.approx(2.0)
    assert chapter.controls["tolerance"].value == FollowerSettings().tolerance
    other = FollowerSettings([[1.0, 0.5], [0.0, 1.5]], speed=0.2, gain=3.0, tolerance=0.2)
    widget = figures.follower_explorer(PARAMS, other)
    assert widget.controls["gain"].value == 3.0
    assert widget.controls["dead_band_deg"].value == pytest.approx(np.degrees(0.05))
    view = widget.view
    assert all(disc.get_radius() == pytest.approx(0.2) for disc in view.discs)
    assert view.result.success and np.max(view.result.v) == pytest.approx(0.2)
    assert len(view.discs) == 2


def test_follower_view_refuses_waypoints_in_place_of_settings():
    """The view takes a FollowerSettings; bare waypoints are refused with what was given."""
    with pytest.raises(ParameterError, match="settings must be a FollowerSettings, got"):
        figures.FollowerExplorer(PARAMS, figures.COURSE)


def test_velocity_widget_starts_at_the_follower_speed():
    """v starts at the thesis's forward speed, as the follower's settings declare it."""
    assert figures.velocity_explorer().controls["v"].value == FollowerSettings().speed


def test_widget_makers_take_params():
    """A widget made with other parameters uses them (the chapter passes its own)."""
    wide = diffdrive.DiffDriveParams(track_width=0.3)
    assert figures.velocity_explorer(wide).view.params is wide
    assert figures.follower_explorer(wide).view.params is wide


# ------------------------------------------------------------------ drawings of the robot


@pytest.mark.parametrize(("length", "width"), [(0.36, 0.35), (1.0, 0.4)])
def test_diffdrive_outline_is_d_shape(length, width):
    """Round back of radius width/2 behind the axle, flat front at length - width/2."""
    outline = diffdrive_outline(length, width)
    assert outline.ndim == 2 and outline.shape[0] == 2
    xs, ys = outline
    assert xs.max() == pytest.approx(length - width / 2)
    assert xs.min() == pytest.approx(-width / 2)
    assert np.abs(ys).max() == pytest.approx(width / 2)
    back = xs <= 0.0
    np.testing.assert_allclose(np.hypot(xs[back], ys[back]), width / 2)


def centre(patch):
    xy = patch.get_xy()
    return 0.5 * (xy.min(axis=0) + xy.max(axis=0))


def test_draw_diffdrive_adds_body_wheels_and_arrow():
    """Four patches go on the axes; at the origin the body is the outline itself."""
    ax = Figure().add_subplot()
    patches = draw_diffdrive(ax, (0.0, 0.0, 0.0), PARAMS)
    assert len(patches) == 4
    assert all(patch in ax.patches for patch in patches)
    outline = diffdrive_outline(PARAMS.body_length, PARAMS.body_width)
    np.testing.assert_allclose(patches[0].get_xy()[: outline.shape[1]], outline.T, atol=1e-15)
    np.testing.assert_allclose(centre(patches[1]), [0.0, PARAMS.track_width / 2], atol=1e-15)
    np.testing.assert_allclose(centre(patches[2]), [0.0, -PARAMS.track_width / 2], atol=1e-15)


def test_robot_facing_up_has_front_above_and_wheels_left_right():
    """At (1, 2, pi/2) the front edge is at y = 2 + front and the wheels at x = 1 -/+ L/2."""
    ax = Figure().add_subplot()
    body, left, right, arrow = draw_diffdrive(ax, (1.0, 2.0, np.pi / 2), PARAMS)
    front = PARAMS.body_length - PARAMS.body_width / 2
    half_track = PARAMS.track_width / 2
    body_xy = body.get_xy()
    assert body_xy[:, 1].max() == pytest.approx(2.0 + front)
    assert body_xy[:, 1].min() == pytest.approx(2.0 - PARAMS.body_width / 2)
    assert body_xy[:, 0].min() == pytest.approx(1.0 - PARAMS.body_width / 2)
    assert body_xy[:, 0].max() == pytest.approx(1.0 + PARAMS.body_width / 2)
    np.testing.assert_allclose(centre(left), [1.0 - half_track, 2.0], atol=1e-12)
    np.testing.assert_allclose(centre(right), [1.0 + half_track, 2.0], atol=1e-12)
    tip = arrow.get_xy()[np.argmax(arrow.get_xy()[:, 1])]
    np.testing.assert_allclose(tip, [1.0, 2.0 + 0.8 * front], atol=1e-12)


def test_place_diffdrive_moves_patches_like_drawing_there():
    """Moving the patches to a pose gives the same shapes as drawing the robot at that pose."""
    rng = np.random.default_rng(7)
    ax = Figure().add_subplot()
    moved = draw_diffdrive(ax, (0.0, 0.0, 0.0), PARAMS)
    for pose in rng.uniform([-2.0, -2.0, -np.pi], [2.0, 2.0, np.pi], size=(3, 3)):
        place_diffdrive(moved, pose, PARAMS)
        drawn = draw_diffdrive(ax, pose, PARAMS)
        for a, b in zip(moved, drawn, strict=True):
            np.testing.assert_allclose(a.get_xy(), b.get_xy(), atol=1e-12)


def test_place_diffdrive_keeps_distances_from_axle():
    """A rigid motion: each vertex keeps its distance from the axle midpoint at any heading."""
    ax = Figure().add_subplot()
    patches = draw_diffdrive(ax, (0.0, 0.0, 0.0), PARAMS)
    before = [np.hypot(*patch.get_xy().T) for patch in patches]
    place_diffdrive(patches, (0.3, -0.4, 2.0), PARAMS)
    for patch, radii in zip(patches, before, strict=True):
        np.testing.assert_allclose(np.hypot(*(patch.get_xy() - [0.3, -0.4]).T), radii)


def test_the_course_settings_table_gives_no_angle_the_value_contradicts():
    """The chapter prints COURSE_SETTINGS' table: its dead band is 2 degrees, and no note in the
    table states another angle (a note once said "about 3 degrees" beside 0.0349 rad)."""
    import re

    settings = figures.COURSE_SETTINGS
    assert np.degrees(settings.dead_band) == pytest.approx(2.0)
    table = settings._repr_html_()
    stated = [float(value) for value in re.findall(r"(\d+(?:\.\d+)?) degrees", table)]
    assert all(value == pytest.approx(np.degrees(settings.dead_band)) for value in stated), stated


def test_the_robot_drawing_labels_every_symbol_of_the_first_equations():
    """The drawing of the robot from above names W, B, x_B, y_B, theta, (x, y), L, 2R, the rim
    speeds, v, omega, C and d, and puts the wheels a track width apart on the body's y axis."""
    import matplotlib.pyplot as plt

    params = diffdrive.DiffDriveParams()
    fig, ax = plt.subplots()
    pose = (0.4, 0.26, 0.5)
    figures.draw_robot_from_above(ax, params, pose)
    labels = {text.get_text() for text in ax.texts}
    for symbol in ("$W$", "$B$", "$x_W$", "$y_W$", "$x_B$", "$y_B$", r"$\theta$", "$(x, y)$",
                   "$L$", "$2R$", r"$R\dot\varphi_r$", r"$R\dot\varphi_l$", "$v$", r"$\omega$",
                   "$C$", "$d$"):
        assert symbol in labels, symbol
    wheels = [patch for patch in ax.patches if len(getattr(patch, "get_xy", lambda: [])()) == 5
              and patch.get_facecolor()[0] < 0.2]
    centres = [patch.get_xy()[:4].mean(axis=0) for patch in wheels]
    assert len(centres) == 2
    assert np.linalg.norm(centres[0] - centres[1]) == pytest.approx(params.track_width)
    axle = (centres[0] + centres[1]) / 2
    assert axle == pytest.approx(pose[:2])
    plt.close(fig)


def test_the_robot_drawing_is_the_same_svg_at_every_build():
    """robot_drawing gives byte-identical SVG twice (the execution cache and the page keep it)."""
    first, second = figures.robot_drawing(), figures.robot_drawing()
    assert first.data.startswith("<svg") and first.data == second.data


def test_the_sideways_shuffle_ends_beside_its_start_and_refuses_bad_sizes():
    """Three cycles of forward, turn, back, turn back end to the robot's right with its heading
    unchanged, by about cycles * eps^2 (the lesson's figure: about half a metre); a step or
    cycle count out of range is refused by name."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    end = figures.draw_sideways_shuffle(ax, diffdrive.DiffDriveParams(), eps=0.1, cycles=3)
    assert end[2] == pytest.approx(0.0, abs=1e-12)
    assert end[1] == pytest.approx(-3 * 0.1**2, rel=0.1)
    shown = figures.draw_sideways_shuffle(ax, diffdrive.DiffDriveParams(), eps=0.4, cycles=3)
    assert -0.55 < shown[1] < -0.45 and abs(shown[0]) < 0.15   # "about half a metre to its right"
    with pytest.raises(ParameterError, match="eps"):
        figures.draw_sideways_shuffle(ax, diffdrive.DiffDriveParams(), eps=0.0)
    with pytest.raises(ParameterError, match="cycles"):
        figures.draw_sideways_shuffle(ax, diffdrive.DiffDriveParams(), cycles=0)
    plt.close(fig)


def test_euler_misses_the_circle_where_the_exact_step_stays_on_it():
    """In the lesson's opening figure the exact step's points lie on the circle of radius v/omega;
    Euler's, a regular polygon of side v dt turning by omega dt, on a circle of radius
    v dt / (2 sin(omega dt / 2)) about another centre; a step count below 1 is refused by name."""
    import matplotlib.pyplot as plt

    v, omega, dt = 0.3, 0.8, 0.5
    fig, ax = plt.subplots()
    figures.draw_euler_against_exact(ax, v=v, omega=omega, dt=dt, steps=16)
    lines = {line.get_label(): np.column_stack(line.get_data()) for line in ax.lines}
    centre = np.array([0.0, v / omega])
    exact = np.linalg.norm(lines["exact step"] - centre, axis=1)
    assert exact == pytest.approx(v / omega, rel=1e-12)
    euler = lines["Euler step"]
    A = np.column_stack([euler, np.ones(len(euler))])
    a, b, c = np.linalg.lstsq(A, -(euler**2).sum(axis=1), rcond=None)[0]
    euler_centre = np.array([-a / 2, -b / 2])
    euler_radius = np.sqrt(a**2 / 4 + b**2 / 4 - c)
    assert euler_radius == pytest.approx(v * dt / (2 * np.sin(omega * dt / 2)), rel=1e-9)
    assert np.linalg.norm(euler_centre - centre) > 0.05
    with pytest.raises(ParameterError, match="steps"):
        figures.draw_euler_against_exact(ax, v, omega, dt, steps=0)
    plt.close(fig)
