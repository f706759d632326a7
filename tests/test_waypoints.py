"""Tests of robodyn.diffdrive.waypoints: the heading controller and the waypoint follower's
chart."""

import dataclasses
import math

import numpy as np
import pytest

from robodyn.core.errors import ParameterError
from robodyn.core.params import SOURCES
from robodyn.core.rotations import wrap_angle
from robodyn.diffdrive.waypoints import (
    FOLLOW_WAYPOINTS,
    REACHED_GOAL,
    FollowerSettings,
    WaypointFollower,
    heading_command,
    heading_error,
)

SEED = 20240601
SQUARE = [(1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)]  # m, a 1 m square course


def command(pose, goal, gain=2.0, dead_band=0.05, omega_max=2.0):
    """heading_command with the follower's default gains, as a float."""
    return float(heading_command(pose, goal, gain, dead_band, omega_max))


def test_heading_command_signs_and_dead_band():
    """Goal ahead: 0; left: > 0; right: < 0; directly behind: +omega_max (e = +pi)."""
    assert command([0, 0, 0], [1.0, 0.0]) == 0.0
    assert command([0, 0, 0], [1.0, 0.03]) == 0.0  # 0.03 rad < dead band 0.05
    assert command([0, 0, 0], [1.0, 0.2]) == pytest.approx(2.0 * math.atan(0.2))
    assert command([0, 0, 0], [1.0, -0.2]) == pytest.approx(-2.0 * math.atan(0.2))
    assert command([0, 0, 0], [-1.0, 0.0]) == 2.0
    assert command([0, 0, 0], [0.0, 1.0], omega_max=5.0) == pytest.approx(np.pi)


def test_heading_command_wraps_the_error():
    """theta = 10 pi + 0.1 with the goal along +x is an error of -0.1 rad, not -31.5 rad."""
    assert command([0, 0, 10 * np.pi + 0.1], [1.0, 0.0]) == pytest.approx(-0.2, rel=1e-9)
    assert command([0, 0, 0.9 * np.pi], [-1.0, -0.1]) == pytest.approx(
        2.0 * wrap_angle(math.atan2(-0.1, -1.0) - 0.9 * np.pi), rel=1e-12)


def test_heading_command_is_vectorised():
    """Poses (3, N) with one goal give the same values as N separate calls."""
    rng = np.random.default_rng(SEED)
    poses = rng.uniform(-2, 2, (3, 20))
    goal = np.array([0.5, -0.5])
    together = heading_command(poses, goal, 1.5, 0.1, 1.0)
    apart = [command(poses[:, i], goal, 1.5, 0.1, 1.0) for i in range(20)]
    np.testing.assert_allclose(together, apart, rtol=1e-15)
    goals = rng.uniform(-2, 2, (2, 20))
    assert heading_command(poses, goals, 1.5, 0.1, 1.0).shape == (20,)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"gain": 0.0}, "gain must be > 0"),
        ({"dead_band": -0.1}, "dead_band must be >= 0"),
        ({"omega_max": 0.0}, "omega_max must be > 0"),
        ({"goal": [1.0, 2.0, 3.0]}, "goal must have shape"),
        ({"pose": [0.0, 0.0]}, "pose must have shape"),
    ],
)
def test_heading_command_rejects_bad_inputs(kwargs, match):
    """Bad gains, limits or shapes raise ParameterError naming them."""
    args = {"pose": [0.0, 0.0, 0.0], "goal": [1.0, 1.0], "gain": 2.0, "dead_band": 0.05,
            "omega_max": 2.0}
    args.update(kwargs)
    with pytest.raises(ParameterError, match=match):
        heading_command(**args)


# --------------------------------------------------------------------------- follower


def test_follower_walks_through_its_states():
    """Goals switch inside the tolerance; after the last, ReachedGoal commands a stop."""
    follower = WaypointFollower(FollowerSettings([(1.0, 0.0), (1.0, 1.0)], speed=0.8,
                                                 v_max=0.5))
    assert follower.state == FOLLOW_WAYPOINTS and follower.index == 0
    v, omega = follower.command([0.0, 0.0, 0.0])
    assert (v, omega) == (0.5, 0.0)  # speed capped by v_max, goal straight ahead
    v, omega = follower.command([0.95, 0.0, 0.0])
    assert follower.index == 1 and omega == 2.0  # new goal 90 degrees left, clipped
    assert follower.command([1.0, 0.95, np.pi / 2]) == (0.0, 0.0)
    assert follower.state == REACHED_GOAL
    assert follower.command([5.0, 5.0, 0.0]) == (0.0, 0.0)  # stays stopped
    follower.reset()
    assert follower.state == FOLLOW_WAYPOINTS and follower.index == 0


def test_settings_accept_a_single_point_and_cannot_be_changed():
    """A (2,) point is one waypoint; the waypoints array and the settings are read-only."""
    settings = FollowerSettings([2.0, 3.0])
    assert settings.waypoints.shape == (1, 2)
    with pytest.raises(ValueError):
        settings.waypoints[0, 0] = 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.speed = -1.0
    changed = dataclasses.replace(settings, speed=0.2)
    assert changed.speed == 0.2 and settings.speed == 0.3
    with pytest.raises(ParameterError, match="speed must be > 0 m/s"):
        dataclasses.replace(settings, speed=-0.2)


def test_settings_say_where_each_default_comes_from():
    """Every setting has a source and a note; only the speed is the thesis's, the rest assumed."""
    table = FollowerSettings().field_table()
    assert all(row["source"] in SOURCES and row["note"] for row in table)
    assert FollowerSettings().by_source() == {
        "stated": ["speed"],
        "assumed": ["waypoints", "gain", "dead_band", "omega_max", "tolerance", "v_max"],
    }
    assert "thesis" in table[1]["note"] and FollowerSettings().speed == 0.3


def test_default_waypoints_are_a_read_only_course_of_five_points():
    """FollowerSettings() holds the book's course; a fresh object gets its own equal array."""
    first, second = FollowerSettings(), FollowerSettings()
    assert first.waypoints.shape == (5, 2)
    np.testing.assert_array_equal(first.waypoints, second.waypoints)
    with pytest.raises(ValueError):
        first.waypoints[0, 0] = 9.0
    assert np.hypot(*first.waypoints[0]) > first.tolerance  # not reached at the start


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"waypoints": [1.0, 2.0, 3.0]}, r"waypoints must have shape \(N, 2\)"),
        ({"waypoints": [[1.0, 2.0, 3.0]]}, r"waypoints must have shape \(N, 2\)"),
        ({"waypoints": np.zeros((0, 2))}, r"waypoints must hold at least one point"),
        ({"waypoints": None}, r"waypoints must be a real number or an array"),
        ({"waypoints": [[0.0, np.nan]]}, "waypoints must contain only finite"),
        ({"speed": 0.0}, "speed must be > 0 m/s, got 0"),
        ({"gain": -1.0}, "gain must be > 0"),
        ({"dead_band": -0.1}, "dead_band must be >= 0 rad"),
        ({"omega_max": 0.0}, "omega_max must be > 0 rad/s"),
        ({"tolerance": 0.0}, "tolerance must be > 0 m"),
        ({"v_max": -0.5}, "v_max must be > 0 m/s"),
    ],
)
def test_settings_reject_bad_inputs(kwargs, match):
    """Each bad setting raises ParameterError naming it, its value and its range."""
    args = {"waypoints": SQUARE}
    args.update(kwargs)
    with pytest.raises(ParameterError, match=match):
        FollowerSettings(**args)


def test_follower_needs_settings_and_a_finite_pose():
    """WaypointFollower takes a FollowerSettings; command needs a finite pose of shape (3,)."""
    with pytest.raises(ParameterError, match="settings must be a FollowerSettings"):
        WaypointFollower(SQUARE)
    with pytest.raises(ParameterError, match="pose must contain only finite"):
        WaypointFollower(FollowerSettings(SQUARE)).command([0.0, np.nan, 0.0])


def test_chart_command_equals_the_vectorised_heading_command():
    """The follower's per-sample command equals heading_command on random poses and goals."""
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        goal = rng.uniform(-3, 3, 2)
        settings = FollowerSettings(goal, gain=rng.uniform(0.5, 4), dead_band=rng.uniform(0, 0.3),
                                    omega_max=rng.uniform(0.5, 3), tolerance=0.05)
        pose = np.array([*rng.uniform(-3, 3, 2), rng.uniform(-10, 10)])
        if math.dist(pose[:2], goal) < settings.tolerance:
            continue
        v, omega = WaypointFollower(settings).command(pose)
        expected = heading_command(pose, goal, settings.gain, settings.dead_band,
                                   settings.omega_max)
        assert v == settings.speed
        assert omega == pytest.approx(float(expected), rel=1e-15, abs=1e-15)


def test_heading_error_is_the_wrapped_bearing_minus_heading():
    """heading_error is atan2(dy, dx) - theta wrapped to (-pi, pi], for arrays too."""
    poses = np.array([[0.0, 1.0], [0.0, 1.0], [3.0, -7.0]])
    goals = np.array([[-1.0, 0.0], [0.0, 3.0]])
    expected = wrap_angle(np.arctan2(goals[1] - poses[1], goals[0] - poses[0]) - poses[2])
    np.testing.assert_allclose(heading_error(poses, goals), expected, rtol=1e-15)
    assert np.all(np.abs(heading_error(poses, goals)) <= np.pi)


