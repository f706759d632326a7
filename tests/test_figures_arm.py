"""The planar-arm chapter's figures: the torque widget, the calculator form, the animation."""

import csv
import io

import numpy as np
import pytest

from robodyn.arm import PlanarArm
from robodyn.figures import arm as figures


def test_torque_parts_add_up_to_newton_euler():
    """Gravity + Coriolis + inertial parts shown in the widget sum to inverse_dynamics."""
    arm = PlanarArm()
    rng = np.random.default_rng(1)
    for _ in range(10):
        q, qd, qdd = rng.uniform(-3, 3, (3, 2))
        parts = figures.torque_parts(arm, q, qd, qdd)
        np.testing.assert_allclose(sum(parts.values()), arm.inverse_dynamics(q, qd, qdd),
                                   rtol=1e-10, atol=1e-10)


def test_the_torque_axis_holds_the_largest_total_the_sliders_allow():
    """At the sliders' extremes no bar leaves the fixed torque axis."""
    view = figures.TorqueExplorer()
    worst = 0.0
    for q1 in np.radians([-180, -90, 0, 90]):
        for q2 in np.radians([-180, -90, 0, 90]):
            for sign in (-1, 1):
                parts = figures.torque_parts(view.arm, [q1, q2], sign * np.array([3.0, 3.0]),
                                             sign * np.array([10.0, 10.0]))
                worst = max(worst, float(np.max(np.abs(sum(parts.values())))))
    assert worst < view.limit


def test_the_calculator_shows_the_tutorial_arm_and_saves_csv(tmp_path):
    """At its defaults the table holds the worst-case gravity torques; Save CSV writes them."""
    calculator = figures.parameter_calculator(str(tmp_path / "arm.csv"))
    loaded = PlanarArm().with_payload(1.0)
    rows = {(q, j): v for q, j, v, _ in calculator.rows}
    expected = loaded.gravity_torque([0.0, 0.0])
    assert rows[("worst-case gravity torque (arm horizontal)", "1")] == pytest.approx(expected[0])
    calculator._save()
    table = list(csv.reader(io.StringIO((tmp_path / "arm.csv").read_text())))
    assert table[0] == ["quantity", "joint", "value", "unit"] and len(table) == 7
    assert "saved to" in calculator.saved.value
    bundle = calculator._repr_mimebundle_()
    assert "41.69" in bundle["text/html"] and "application/vnd.jupyter.widget-view+json" in bundle


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("masses", "5, -3", "masses must have every entry > 0 kg"),
        ("lengths", "0.5", "masses and lengths must have one entry per link"),
        ("inertias", "0.1, x", "I: write numbers separated by commas"),
        ("com_fractions", "0.5, 1.5", "com_fractions must have every entry between 0 and 1"),
    ],
)
def test_the_calculator_says_what_is_wrong_and_refuses_to_save(tmp_path, field, text, message):
    """A bad field shows the error in place of the table, and nothing is saved."""
    calculator = figures.parameter_calculator(str(tmp_path / "arm.csv"))
    calculator.fields[field].value = text
    assert message in calculator.table.value
    calculator._save()
    assert not (tmp_path / "arm.csv").exists() and "nothing to save" in calculator.saved.value


def test_the_pendulum_animation_is_an_offline_player():
    """The double-pendulum animation embeds its frames and needs no internet."""
    arm = PlanarArm()
    run = arm.simulate([2.0, 0.5], [0.0, 0.0], None, (0.0, 1.0), t_eval=np.linspace(0, 1, 21))
    markup = figures.pendulum_animation(arm, run, n_frames=5).data
    assert "<img" in markup or "data:image" in markup
    assert "http://" not in markup and "https://" not in markup


def test_the_pendulum_animation_fits_a_phone():
    """Its frames are at most FIGURE_INCHES wide, so its 10-point text stays legible."""
    import base64
    import re

    import matplotlib.pyplot as plt
    from PIL import Image

    from robodyn.plotting.animation import FRAME_DENSITY
    from robodyn.plotting.interactive import FIGURE_INCHES

    arm = PlanarArm()
    run = arm.simulate([2.0, 0.5], [0.0, 0.0], None, (0.0, 1.0), t_eval=np.linspace(0, 1, 21))
    markup = figures.pendulum_animation(arm, run, n_frames=2).data
    frame = re.search(r"data:image/webp;base64,([A-Za-z0-9+/=\\\n]+)", markup).group(1)
    image = Image.open(io.BytesIO(base64.b64decode(frame.replace("\\\n", ""))))
    shown = int(re.search(r'<img id="_anim_img\w+" [^>]*style="width: (\d+)px', markup).group(1))
    assert shown <= FIGURE_INCHES * plt.rcParams["figure.dpi"]
    assert image.width == FRAME_DENSITY * shown        # sharp on a high-resolution screen


def test_the_calculator_starts_at_the_defaults_of_the_arm_and_of_the_sizing_move():
    """Its fields are written from PlanarArm() and SizingMove(), not typed a second time."""
    from robodyn.arm import SizingMove

    calculator = figures.parameter_calculator()
    arm, move = PlanarArm(), SizingMove()
    built = calculator.arm()
    for name in ("masses", "lengths", "com_fractions", "inertias"):
        np.testing.assert_array_equal(getattr(built, name), getattr(arm, name))
    assert calculator.fields["payload"].value == move.payload
    assert calculator.fields["peak_speed"].value == move.peak_speed
    assert calculator.fields["peak_acceleration"].value == move.peak_acceleration
    assert calculator.rows == figures.sizing_table(arm)
    calculator.fields["payload"].value = 2.5
    assert calculator.rows == figures.sizing_table(arm, SizingMove(payload=2.5))
    calculator.fields["peak_speed"].value = -1.0
    assert "peak_speed must be > 0 rad/s, got -1" in calculator.table.value


def test_the_torque_sliders_reach_the_limits_the_view_sized_its_axis_for():
    """The rate and acceleration sliders end where TorqueExplorer's torque axis is sized."""
    figure = figures.torque_explorer()
    view, controls = figure.view, figure.controls
    for name in ("qd1", "qd2"):
        assert (controls[name].min, controls[name].max) == (-view.max_rate, view.max_rate)
    for name in ("qdd1", "qdd2"):
        assert controls[name].max == view.max_acceleration == -controls[name].min


def test_the_gain_widget_at_its_defaults_is_the_chapters_tracking_run():
    """At its defaults the gain widget's fixed-step run is the chapter's computed-torque run
    (omega = 8 rad/s, critically damped, exact model) from the adaptive solver."""
    from robodyn.arm import control

    view = figures.GainExplorer()
    run = view.run("computed torque", 8.0, 1.0, 1.0)
    exact = control.simulate_computed_torque(view.arm, view.arm, control.two_sines,
                                             view.start, [0.0, 0.0], 64.0, 16.0,
                                             (0.0, view.t_end), t_eval=run.t)
    assert np.degrees(np.abs(run.error - exact.error).max()) < 1e-3
    assert np.abs(run.tau - exact.tau).max() < 1e-2


@pytest.mark.parametrize("controller", ["computed torque", "PD + gravity"])
def test_the_gain_widget_step_is_accurate_at_the_sliders_extremes(controller):
    """At every corner of the sliders the widget's step gives the error of a 0.5 ms step to
    within 0.02 degrees (the PD joints are faster than their M_jj says: speed_up)."""
    view = figures.GainExplorer()
    for omega in (2.0, 20.0):
        for zeta in (0.2, 1.0, 1.5):
            for factor in (0.6, 1.4):
                run = view.run(controller, omega, zeta, factor)
                view.dt, coarse = 0.0005, view.dt
                fine = view.run(controller, omega, zeta, factor)
                view.dt = coarse
                reference = np.array([np.interp(run.t, fine.t, e) for e in fine.error])
                assert np.degrees(np.abs(run.error - reference).max()) < 0.02, (
                    omega, zeta, factor)


def test_the_gain_widget_pd_gains_are_the_joint_inertias_times_the_computed_torque_gains():
    """PD + gravity's Kp, Kd are M_jj omega^2 and 2 zeta omega M_jj; speed_up >= 1."""
    from robodyn.arm import control

    view = figures.GainExplorer()
    M = view.arm.mass_matrix(control.two_sines(0.0)[0])
    assert np.allclose(view.inertia, np.diag(M))
    kp, kd = control.gains_from_frequency(5.0, 0.7, view.inertia)
    assert np.allclose(kp, 25.0 * np.diag(M)) and np.allclose(kd, 7.0 * np.diag(M))
    assert view.speed_up >= 1.0


def test_the_gain_widget_wants_two_links():
    """A three-link arm is refused by name."""
    from robodyn.core.errors import ParameterError

    with pytest.raises(ParameterError, match="two-link"):
        figures.GainExplorer(PlanarArm(masses=[1, 1, 1], lengths=[1, 1, 1]))


def test_the_torque_widget_differs_from_the_newton_euler_section_only_by_the_inertias():
    """Defaults show tau = (24.73, 2.75); with the tutorial's inertias, section 1.2's numbers."""
    from matplotlib.figure import Figure

    values = {name: control.value for name, control in figures.torque_explorer().controls.items()}
    titles = []
    for arm in (PlanarArm(), PlanarArm(inertias=[0.1, 0.05])):
        view = figures.TorqueExplorer(arm)
        view.setup(Figure())
        view.update(**values)
        titles.append(view.ax_bars.get_title())
    assert titles == ["τ = (24.73, 2.75) N m", "τ = (24.76, 2.79) N m"]
    tau = PlanarArm(inertias=[0.1, 0.05]).inverse_dynamics(np.radians([45.0, 30.0]), [1.0, 0.5],
                                                         [2.0, 1.5])
    np.testing.assert_allclose(tau, [24.761, 2.788], atol=5e-4)   # as section 1.2 prints


def test_the_arm_drawing_labels_every_symbol_of_the_coordinates():
    """The drawing of the arm names x, y, q1, q2, L1, L2, l_c1, l_c2, m1, m2, g, tau1 and tau2,
    draws the links from the base through the elbow to the tip, and puts each centre of mass
    l_ci along its link; an arm of another number of links is refused by name."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle

    from robodyn.core.errors import ParameterError

    arm, q = PlanarArm(), np.array([0.75, 0.8])
    fig, ax = plt.subplots()
    figures.draw_arm_symbols(ax, arm, q)
    labels = {text.get_text() for text in ax.texts}
    for symbol in ("$x$", "$y$", "$q_1$", "$q_2$", "$L_1$", "$L_2$", "$l_{c1}$", "$l_{c2}$",
                   "$m_1$", "$m_2$", "$g$", r"$\tau_1$", r"$\tau_2$"):
        assert symbol in labels, symbol
    links = max(ax.lines, key=lambda line: line.get_linewidth())
    points = np.column_stack(links.get_data())
    assert points[0] == pytest.approx([0.0, 0.0])
    assert np.linalg.norm(points[1] - points[0]) == pytest.approx(arm.lengths[0])
    assert np.linalg.norm(points[2] - points[1]) == pytest.approx(arm.lengths[1])
    assert np.arctan2(*(points[1] - points[0])[::-1]) == pytest.approx(q[0])
    centres = [patch.center for patch in ax.patches if isinstance(patch, Circle)]
    assert len(centres) == 2
    for i, centre in enumerate(centres):
        distance = np.linalg.norm(np.asarray(centre) - points[i])
        assert distance == pytest.approx(arm.com_distances[i])
    plt.close(fig)
    with pytest.raises(ParameterError, match="two-link"):
        figures.draw_arm_symbols(ax, PlanarArm(masses=[1.0] * 3, lengths=[0.3] * 3), q)


def test_the_arm_drawing_is_the_same_svg_at_every_build():
    """arm_drawing gives byte-identical SVG twice (the execution cache and the page keep it)."""
    first, second = figures.arm_drawing(), figures.arm_drawing()
    assert first.data.startswith("<svg") and first.data == second.data
