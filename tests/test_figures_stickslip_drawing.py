"""The Droplet's drawings: every symbol of the first equations, and the robot to scale."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from robodyn import stickslip  # noqa: E402
from robodyn.figures import stickslip as figures  # noqa: E402


def _marker_points(ax, marker):
    """The points of the lines drawn with ``marker`` and no line between them."""
    return [np.column_stack(line.get_data()) for line in ax.lines
            if line.get_marker() == marker and line.get_linestyle() == "None"]


def test_the_droplet_drawing_labels_every_symbol_of_the_kinematics():
    """The view from above names the frame x_r, y_r, the legs L_i, the motors M_i, their thrust
    t_i, the pivot rates theta_dot_i, the leg radius ell, the centre's step and the 120 degrees."""
    fig, ax = plt.subplots()
    figures.draw_droplet_from_above(ax)
    labels = {text.get_text() for text in ax.texts}
    plt.close(fig)
    symbols = {"$x_r$", "$y_r$", r"$\ell$", r"$\ell\dot\theta_1$", "120°"}
    for i in (1, 2, 3):
        symbols |= {f"$L_{i}$", f"$M_{i}$", f"$t_{i}$", rf"$\dot\theta_{i}$"}
    assert symbols <= labels, symbols - labels


def test_the_droplet_drawing_puts_legs_and_motors_where_the_geometry_does():
    """Legs and motors sit leg_radius from the centre (mm), 120 degrees apart, each motor
    opposite its leg, and y points down the page as in the camera's view."""
    geometry = stickslip.DropletGeometry(leg_radius=0.012)
    fig, ax = plt.subplots()
    figures.draw_droplet_from_above(ax, geometry)
    (legs,), (motors,) = _marker_points(ax, "o")[:1], _marker_points(ax, "s")
    inverted = ax.yaxis_inverted()
    plt.close(fig)
    np.testing.assert_allclose(legs, geometry.legs * 1e3)
    np.testing.assert_allclose(np.hypot(*legs.T), 12.0)
    np.testing.assert_allclose(motors, -legs)
    gaps = np.diff(np.degrees(np.unwrap(np.arctan2(legs[:, 1], legs[:, 0]))))
    np.testing.assert_allclose(np.abs(gaps), 120.0)
    assert inverted


def test_the_platform_drawing_labels_every_symbol_of_its_first_equations():
    """The side view names M, m, r, phi, omega, m r omega^2, F_h, N, (M + m)g, mu N and x."""
    fig, ax = plt.subplots()
    figures.draw_platform_side(ax)
    labels = {text.get_text() for text in ax.texts}
    plt.close(fig)
    for symbol in ("$M$", "$m$", "$r$", r"$\varphi$", r"$\omega$", r"$m r\omega^2$", "$F_h$",
                   "$N$", "$(M + m)g$", r"$\leq \mu N$", "$x$"):
        assert symbol in labels, symbol


@pytest.mark.parametrize("drawing", [figures.droplet_drawing, figures.platform_drawing])
def test_the_drawings_are_the_same_svg_at_every_build(drawing):
    """Each drawing gives byte-identical SVG twice (the execution cache and the page keep it)."""
    first, second = drawing(), drawing()
    assert first.data.startswith("<svg") and first.data == second.data
