"""The egg chapter's figures: the attitude explorer, the gimbal-tilt grid, the 3D scene."""

import matplotlib
import numpy as np
import pytest

from robodyn import egg
from robodyn.core.errors import ParameterError
from robodyn.core.rotations import rot_x, rot_z
from robodyn.figures import egg as figures

matplotlib.use("Agg")


@pytest.mark.parametrize("beta", [0.0, 0.4, 1.2, np.pi / 2, 2.3, np.pi])
def test_the_side_view_puts_the_contact_on_the_floor_below_the_lower_end(beta):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    artists = figures.side_view(ax, beta, 0.3, figures.R1, figures.R2)
    x, z = artists[4].get_data()                       # the contact point
    low = min(beta, np.pi - beta)
    assert z[0] == pytest.approx(0.0, abs=1e-9)
    assert abs(x[0]) == pytest.approx(1e3 * egg.contact_offset(low, figures.R1, figures.R2))
    # the outline's lowest point is the contact, its highest the far end
    outline_x, outline_z = figures.shell_outline(beta, figures.R1, figures.R2, 20_001)
    assert outline_z.min() == pytest.approx(0.0, abs=1e-6)
    assert outline_x[np.argmin(outline_z)] == pytest.approx(x[0], abs=0.05)
    plt.close(fig)


def test_the_attitude_explorer_reports_what_it_draws():
    figure = figures.attitude_explorer()
    figure.update(tilt_deg=60.0, spin_deg=0.0, elongation=1.5)
    text = figure.view.text.get_text()
    R1 = 1.5 * figures.R2
    H = egg.center_height(np.radians(60.0), R1, figures.R2)
    assert f"{1e3 * H:6.1f} mm" in text
    beta_p = np.degrees(egg.contact_angle(np.radians(60.0), R1, figures.R2))
    assert f"{beta_p:6.1f} deg" in text
    tilt, height = figure.view.marker.get_data()
    assert tilt[0] == 60.0 and height[0] == pytest.approx(1e3 * H)


def test_the_gyro_grid_and_its_explorer():
    runs = egg.gyro_grid(speeds=(0.0, 3000.0), tilts=(0.2, 0.4), progress=False)
    assert set(runs) == {(0.0, 0.2), (0.0, 0.4), (3000.0, 0.2), (3000.0, 0.4)}
    figure = figures.gyro_explorer(runs)
    figure.update(rotor_speed=3000.0, gimbal_tilt=0.2 + 1.0 * 0.2)   # a slider's float sum
    t, elevation = figure.view.elevation.get_data()
    fast = runs[(3000.0, 0.4)]
    np.testing.assert_allclose(elevation, np.degrees(np.pi / 2 - fast.beta))
    # the fast gyro lifts the long axis by about the gimbal tilt; no gyro, no lift
    lifted = np.degrees(np.pi / 2 - fast.beta)[np.searchsorted(fast.t, 1.1)]
    assert lifted == pytest.approx(np.degrees(0.4), rel=0.15)
    still = runs[(0.0, 0.4)]
    assert np.abs(np.pi / 2 - still.beta).max() < 0.01
    assert "lifted by up to" in figure.view.text.get_text()
    # the top view holds the tracks of every run, whichever the sliders pick
    (x0, x1), (y0, y1) = figure.view.ax_top.get_xlim(), figure.view.ax_top.get_ylim()
    for run in runs.values():
        for x, y in ((run.contact_x, run.contact_y), (run.x, run.y)):
            assert x0 < 1e3 * x.min() and 1e3 * x.max() < x1
            assert y0 < 1e3 * y.min() and 1e3 * y.max() < y1
    with pytest.raises(ParameterError, match="two or more evenly spaced"):
        figures.gyro_explorer(egg.gyro_grid(speeds=(0.0, 1.0), tilts=(0.1, 0.2, 0.4),
                                                progress=False))


def test_the_scene_of_a_run_is_offline_and_plays_in_real_time():
    run = egg.simulate(egg.EggParams(), t_end=1.0, tilt=0.6, dt=0.01)
    scene = figures.egg_scene(run, frame_time=0.04, title="test")
    assert scene.n_frames == 26                           # 0, 0.04, ..., 1.0 s
    html = scene.html
    assert "http" not in html and "//cdn" not in html
    for name in ("shell", "outer ring", "inner ring", "rotor", "contact track"):
        assert name in html
    assert scene.nbytes < 100_000


def test_the_still_draws_the_track_so_far():
    import matplotlib.pyplot as plt

    run = egg.simulate(egg.EggParams(), t_end=0.5, tilt=0.6, dt=0.01)
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    figures.egg_still(ax, run, index=20)
    track = [line for line in ax.lines if line.get_label() == "contact track"][0]
    x, y = track.get_data()
    np.testing.assert_allclose(x, 1e3 * run.contact_x[:21])
    np.testing.assert_allclose(y, 1e3 * run.contact_y[:21])
    plt.close(fig)


def test_the_still_fits_its_axes_to_the_egg_and_its_track():
    """The still's limits hold the shell, the rotor's axis and the track so far, at equal
    scales, with a margin of at most STILL_MARGIN of the largest span: the egg fills them."""
    import matplotlib.pyplot as plt

    params = egg.EggParams()
    run = egg.simulate(params, t_end=0.5, tilt=0.6, dt=0.01)
    k = 20
    fig = plt.figure(figsize=(5.0, 4.2))
    ax = fig.add_subplot(projection="3d")
    figures.egg_still(ax, run, index=k)
    shell = run.rotations[k]
    centre = 1e3 * np.array([run.x[k], run.y[k], run.z[k]])
    # an ellipsoid's half-extent along world axis i is sqrt(sum_j (R_ij a_j)^2)
    half = 1e3 * np.sqrt(((shell * [params.R2, params.R2, params.R1]) ** 2).sum(axis=1))
    reach = 1e3 * params.rotor_radius * figures.ROTOR_AXIS_REACH
    axis = reach * shell @ rot_z(run.phi[k]) @ rot_x(run.psi[k]) @ [0.0, 0.0, 1.0]
    track = 1e3 * np.c_[run.contact_x[:k + 1], run.contact_y[:k + 1], np.zeros(k + 1)]
    drawn = np.vstack([centre - half, centre + half, centre - axis, centre + axis, track])
    low, high = drawn.min(axis=0), drawn.max(axis=0)
    limits = np.array([ax.get_xlim(), ax.get_ylim(), ax.get_zlim()])
    pad = figures.STILL_MARGIN * np.max(high - low)
    wire = 0.02 * np.max(high - low)                   # the wire frame's grid cuts corners
    assert np.all(limits[:, 0] <= low + wire) and np.all(limits[:, 1] >= high - wire)
    assert np.all(limits[:, 0] >= low - pad) and np.all(limits[:, 1] <= high + pad)
    spans = limits[:, 1] - limits[:, 0]
    aspect = np.asarray(ax.get_box_aspect())
    np.testing.assert_allclose(aspect / aspect[0], spans / spans[0], rtol=1e-9)
    plt.close(fig)


def test_the_still_limits_hold_the_points_with_equal_margins():
    """still_limits pads every axis by the same share of the largest span."""
    low, high = figures.still_limits([[0.0, -5.0, 10.0], [40.0, 15.0, 20.0]], margin=0.05)
    np.testing.assert_allclose(low, [-2.0, -7.0, 8.0])
    np.testing.assert_allclose(high, [42.0, 17.0, 22.0])


def test_the_upright_stability_figure_draws_the_eigenvalues_and_the_critical_speed():
    """upright_stability draws the real parts of gyro_eigenvalues, the given growth rates as
    dots and the critical rotor speed as a vertical line on both axes."""
    import matplotlib.pyplot as plt

    params = egg.EggParams()
    fig, axes = plt.subplots(2, 1)
    growth = {0.0: 7.4, 300.0: 6.4}
    critical = figures.upright_stability(axes, params, growth, top_speed=900.0, samples=91)
    assert critical == pytest.approx(egg.critical_rotor_speed(params))
    speeds = np.linspace(0.0, 900.0, 91)
    real = np.sort(egg.gyro_eigenvalues(params, speeds).real, axis=-1)
    drawn = np.array([line.get_ydata() for line in axes[0].lines[:4]]).T
    np.testing.assert_allclose(drawn, real)
    dots = [line for line in axes[0].lines if line.get_marker() == "o"]
    assert list(dots[0].get_xdata()) == [0.0, 300.0]
    for ax in axes:
        verticals = [line.get_xdata()[0] for line in ax.lines
                     if line.get_linestyle() == "--"]
        assert verticals == [pytest.approx(critical)]
    plt.close(fig)


def test_the_attitude_drawing_labels_every_symbol_and_puts_the_contact_right():
    """The drawing of the tilted shell names x, y, z, x', y', z', N, alpha, beta, gamma, r, c
    and H; its contact lies on the floor, on the shell, where the normal points down, a lever
    d from below the centre; the line of nodes is horizontal and across the long axis."""
    import matplotlib.pyplot as plt

    params = egg.EggParams()
    alpha, beta, gamma = 0.45, 0.8, 0.5
    fig, ax = plt.subplots()
    drawn = figures.draw_shell_attitude(ax, params, (alpha, beta, gamma))
    labels = {text.get_text() for text in ax.texts}
    for symbol in ("$x$", "$y$", "$z$", "$x'$", "$y'$", "$z'$", "$N$", r"$\alpha$",
                   r"$\beta$", r"$\gamma$", "$r$", "$c$", "$H$"):
        assert symbol in labels, symbol
    R = egg.rotation(alpha, beta, gamma)
    centre, contact, nodes = drawn["centre"], drawn["contact"], drawn["nodes"]
    assert centre[2] == pytest.approx(egg.center_height(beta, params.R1, params.R2))
    assert contact[2] == pytest.approx(0.0, abs=1e-12)
    p = R.T @ (contact - centre)                            # the contact in the shell frame
    A = np.array([params.R2**2, params.R2**2, params.R1**2])
    assert p @ (p / A) == pytest.approx(1.0)                # on the ellipsoid
    normal = R @ (p / A)
    assert normal / np.linalg.norm(normal) == pytest.approx([0, 0, -1.0], abs=1e-12)
    assert np.hypot(*(contact - centre)[:2]) == pytest.approx(
        egg.contact_offset(beta, params.R1, params.R2))
    assert nodes == pytest.approx(rot_z(gamma) @ [1.0, 0, 0])
    assert nodes @ R[:, 2] == pytest.approx(0.0, abs=1e-12)
    red_dots = [line for line in ax.lines if line.get_marker() == "o"
                and line.get_color() == "tab:red"]
    page = figures._Projection(ax, figures.DRAWING_VIEW)
    assert np.column_stack(red_dots[0].get_data()) == pytest.approx(page(contact).T)
    plt.close(fig)


def test_the_gimbal_drawing_labels_its_angles_and_tilts_the_rotor_by_psi():
    """The drawing of the gimbal names x', y', z', phi, psi, Omega and the three parts; the
    inner ring's hinge is R_z(phi) x and the rotor's axis (sin phi sin psi, -cos phi sin psi,
    cos psi), psi from the long axis."""
    import matplotlib.pyplot as plt

    phi, psi = 0.6, 0.5
    fig, ax = plt.subplots()
    drawn = figures.draw_gimbal(ax, egg.EggParams(), (phi, psi))
    labels = {text.get_text() for text in ax.texts}
    for symbol in ("$x'$", "$y'$", "$z'$", r"$\phi$", r"$\psi$", r"$\Omega$", "outer ring",
                   "inner ring", "rotor"):
        assert symbol in labels, symbol
    assert drawn["hinge"] == pytest.approx([np.cos(phi), np.sin(phi), 0.0])
    assert drawn["rotor_axis"] == pytest.approx(
        [np.sin(phi) * np.sin(psi), -np.cos(phi) * np.sin(psi), np.cos(psi)])
    assert np.arccos(drawn["rotor_axis"][2]) == pytest.approx(psi)
    plt.close(fig)


def test_the_drawings_are_the_same_svg_at_every_build():
    """attitude_drawing and gimbal_drawing give byte-identical SVG twice."""
    for drawing in (figures.attitude_drawing, figures.gimbal_drawing):
        first, second = drawing(), drawing()
        assert first.data.startswith("<svg") and first.data == second.data
