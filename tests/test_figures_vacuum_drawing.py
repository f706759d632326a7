"""The chapter's labelled drawing of the vacuum robot at a step: labels and geometry."""

import math

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest

from robodyn import vacuum
from robodyn.core.errors import ParameterError
from robodyn.figures.vacuum import sketch

matplotlib.use("Agg")
PARAMS = vacuum.VacuumParams()


def texts(ax) -> set[str]:
    return {text.get_text() for text in ax.texts}


def test_the_robot_at_the_step_touches_the_edge_with_its_mouth_and_the_floor_with_its_wheel():
    """Panel (a): the mouth's circle touches the fillet's circle, the wheel stands on the
    floor, and body, mouth, caster, wheel, G and h are named."""
    fig, ax = plt.subplots()
    points = sketch.draw_robot_at_step(ax, PARAMS, height=0.019)
    gap = np.linalg.norm(points["mouth"] - points["fillet_centre"])
    assert gap == pytest.approx(PARAMS.mouth_radius + PARAMS.fillet, abs=1e-12)
    assert points["fillet_centre"] == pytest.approx([PARAMS.fillet, 0.019 - PARAMS.fillet])
    assert points["wheel"][1] == pytest.approx(PARAMS.wheel_radius)
    assert points["caster"][0] < points["G"][0] < points["wheel"][0] < points["mouth"][0] < 0
    labels = texts(ax)
    for name in ("body", "mouth (front lip)", "caster", "wheel on its\nleading link",
                 "$G$", "$h$", "step"):
        assert name in labels, name
    plt.close(fig)


def test_the_drive_unit_carries_every_symbol_of_the_moment_balance():
    """Panel (b): the arm is a long at phi below the horizontal, the spring pushes b ahead of
    the pivot, the contact lies R below the axle; a, b, phi, F_s, N, T, R, P, W named."""
    fig, ax = plt.subplots()
    phi = math.radians(20.0)
    points = sketch.draw_drive_unit(ax, PARAMS, arm_angle=phi)
    arm = points["axle"] - points["pivot"]
    assert np.linalg.norm(arm) == pytest.approx(PARAMS.arm_length)
    assert math.atan2(-arm[1], arm[0]) == pytest.approx(phi)
    assert points["spring"][0] - points["pivot"][0] == pytest.approx(PARAMS.spring_lever)
    assert points["axle"] - points["contact"] == pytest.approx([0.0, PARAMS.wheel_radius])
    labels = texts(ax)
    for symbol in ("$a$", "$b$", r"$\varphi$", "$F_s$", "$N$", "$T$", "$R$", "$P$", "$W$",
                   r"$a\cos\varphi$"):
        assert symbol in labels, symbol
    plt.close(fig)


def test_the_wheel_at_the_edge_meets_the_grip_limit_where_the_formula_puts_it():
    """Panel (c): drawn at the quasi-static limit h = (R + f)(1 - 1/sqrt(1 + mu^2)), the wheel
    on the floor touches the fillet at tan(psi) = mu; psi, N_e, T_e, z_w, C_f, h, f named."""
    fig, ax = plt.subplots()
    R, f, mu = PARAMS.wheel_radius, PARAMS.fillet, PARAMS.mu_k
    height = vacuum.edge_climb_height(R, f, mu)
    points = sketch.draw_wheel_at_edge(ax, PARAMS, height=height)
    assert np.linalg.norm(points["wheel"] - points["fillet_centre"]) == pytest.approx(R + f)
    assert points["wheel"][1] == pytest.approx(R)
    assert math.tan(points["psi"]) == pytest.approx(mu)
    assert np.linalg.norm(points["touch"] - points["fillet_centre"]) == pytest.approx(f)
    labels = texts(ax)
    for symbol in (r"$\psi$", "$N_e$", "$T_e$", "$z_w$", "$C_f$", "$h$", "$R+f$", "$x_s$"):
        assert symbol in labels, symbol
    assert any(t.get_text() == "$f$" for t in ax.texts)
    plt.close(fig)


@pytest.mark.parametrize("variant, side", [("leading", -1), ("trailing", 1),
                                           ("telescopic", 0)])
def test_each_drive_unit_has_its_pivot_where_its_name_says(variant, side):
    """Panel (d): the leading link's pivot is behind its wheel, the trailing link's ahead,
    the telescopic unit's slider straight above."""
    fig, ax = plt.subplots()
    points = sketch.draw_suspension_variant(ax, variant)
    ahead = points["pivot"][0] - points["axle"][0]
    assert np.sign(round(ahead, 12)) == side
    assert points["pivot"][1] > points["axle"][1]
    assert ax.get_title() == variant and "$T$" in texts(ax)
    plt.close(fig)


def test_bad_sizes_and_names_are_refused_by_name():
    """A step out of range, an arm angle out of range or an unknown variant raises
    ParameterError naming the parameter."""
    fig, ax = plt.subplots()
    with pytest.raises(ParameterError, match="height"):
        sketch.draw_robot_at_step(ax, PARAMS, height=0.001)
    with pytest.raises(ParameterError, match="arm_angle"):
        sketch.draw_drive_unit(ax, PARAMS, arm_angle=-0.1)
    with pytest.raises(ParameterError, match="height"):
        sketch.draw_wheel_at_edge(ax, PARAMS, height=0.2)
    with pytest.raises(ParameterError, match="variant"):
        sketch.draw_suspension_variant(ax, "swing")
    plt.close(fig)


def test_the_robot_drawing_is_the_same_svg_at_every_build():
    """robot_drawing gives byte-identical SVG twice (the execution cache and the page keep it)."""
    first, second = sketch.robot_drawing(), sketch.robot_drawing()
    assert first.data.startswith("<svg") and first.data == second.data


def test_the_statics_drawing_is_the_lower_part_of_the_robot_drawing():
    """statics_drawing draws the drive unit, the wheel at the edge and the three units, not
    the robot: its SVG is shorter and holds no 'mouth (front lip)'."""
    whole, lower = sketch.robot_drawing(), sketch.statics_drawing()
    assert lower.data.startswith("<svg") and len(lower.data) < len(whole.data)
    assert "front lip" in whole.data and "front lip" not in lower.data


def test_the_climb_snapshots_show_the_robot_at_three_moments_in_order():
    """climb_snapshots draws three panels (start, the mouth's first touch, the end) whose
    times rise, each with the step and the robot."""
    from robodyn.figures import vacuum as figures

    attempt = vacuum.climb(PARAMS, 0.018, "leading")
    fig = figures.climb_snapshots(attempt, PARAMS)
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    times = [float(title.split("t = ")[1].split(" s")[0]) for title in titles]
    assert len(titles) == 3 and times == sorted(times) and times[0] == 0.0
    assert times[1] == pytest.approx(figures.first_touch(attempt, "mouth"), abs=0.01)
    assert all(len(ax.patches) >= 4 for ax in fig.axes)
    plt.close(fig)
