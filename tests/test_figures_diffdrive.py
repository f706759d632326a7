"""The chapter's widget views draw what a fresh figure would, fast enough to blit."""

import io

import ipywidgets as widgets
import matplotlib
import numpy as np
import PIL.Image
import pytest

from robodyn import diffdrive
from robodyn import diffdrive_figures as figures
from robodyn.plotting import interactive_figure

matplotlib.use("Agg")
PARAMS = diffdrive.DiffDriveParams()


def pixels(png) -> np.ndarray:
    return np.asarray(PIL.Image.open(io.BytesIO(bytes(png))).convert("RGBA"))


def velocity_figure(v, omega):
    controls = {
        "v": widgets.FloatSlider(value=v, min=-0.5, max=0.5),
        "omega": widgets.FloatSlider(value=omega, min=-3.0, max=3.0),
    }
    return interactive_figure(figures.VelocityExplorer(PARAMS), controls, figsize=(9, 4))


def follower_figure(gain, dead_band_deg, tolerance):
    controls = {
        "gain": widgets.FloatSlider(value=gain, min=0.2, max=8.0),
        "dead_band_deg": widgets.FloatSlider(value=dead_band_deg, min=0.0, max=20.0),
        "tolerance": widgets.FloatSlider(value=tolerance, min=0.02, max=0.4),
    }
    return interactive_figure(figures.FollowerExplorer(PARAMS), controls, figsize=(10, 4))


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


def test_moving_a_slider_changes_the_image():
    """A different v gives a different image; going back gives the default image again."""
    figure = velocity_figure(0.3, 0.5)
    figure.update(v=-0.2)
    assert not np.array_equal(pixels(figure.image.value), pixels(figure.static_png))
    figure.update(v=0.3)
    assert np.array_equal(pixels(figure.image.value), pixels(figure.static_png))


def test_straight_line_hides_turning_circle():
    """With omega = 0 there is no centre of rotation to draw."""
    view = figures.VelocityExplorer(PARAMS)
    velocity = interactive_figure(view, {"v": widgets.FloatSlider(value=0.3),
                                         "omega": widgets.FloatSlider(value=0.0)})
    assert not view.circle.get_visible() and not view.centre.get_visible()
    velocity.update(omega=1.0)
    assert view.circle.get_visible()
    assert view.circle.get_radius() == pytest.approx(0.3)


def test_wheel_over_limit_is_red():
    """A wheel speed above max_wheel_speed is drawn red, the other green."""
    view = figures.VelocityExplorer(PARAMS)
    interactive_figure(view, {"v": widgets.FloatSlider(value=0.5, max=1.0),
                              "omega": widgets.FloatSlider(value=3.0, max=3.0)})
    right, left = view.bars
    assert right.get_height() > PARAMS.max_wheel_speed
    assert matplotlib.colors.same_color(right.get_facecolor(), "tab:red")
    assert matplotlib.colors.same_color(left.get_facecolor(), "tab:green")


def test_follower_view_reports_the_simulated_course():
    """The follower view runs the kinematic simulation with the slider values."""
    view = figures.FollowerExplorer(PARAMS)
    figure = interactive_figure(view, {"gain": widgets.FloatSlider(value=2.0, max=8.0),
                                       "dead_band_deg": widgets.FloatSlider(value=2.0),
                                       "tolerance": widgets.FloatSlider(value=0.1)})
    assert view.result.reached_goal
    assert view.ax_path.get_title().startswith("all 5 waypoints reached")
    figure.update(gain=0.3, tolerance=0.03)
    assert not view.result.reached_goal
    assert view.ax_path.get_title().startswith("only")
    assert all(disc.get_radius() == pytest.approx(0.03) for disc in view.discs)
