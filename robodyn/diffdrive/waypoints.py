r"""Waypoint following for any robot commanded by a forward speed and a yaw rate.

After the Stateflow chart of the vacuum-robot master's thesis (Kaiserslautern, 2022): in
``FollowWaypoints`` the robot drives at a constant speed and turns towards the current
waypoint with a proportional heading controller that has a dead band and a yaw-rate limit;
closer than a tolerance, the next waypoint becomes the goal; after the last one the chart
enters ``ReachedGoal`` and commands a stop.

The fixed settings (:class:`FollowerSettings`, a frozen dataclass) are kept apart from the
changing state of the chart (:class:`WaypointFollower`: the state and the index of the goal).
:func:`heading_command` is the control law, vectorised over arrays of poses and goals.

Conventions: pose (x, y, theta) of the robot's reference point in m, m, rad; theta
counter-clockwise from the world x axis; positive omega turns left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    as_array,
    broadcast,
    check_non_negative,
    check_positive,
    field_of,
    quantity,
)
from robodyn.core.rotations import wrap_angle
from robodyn.sources.thesis_robot import ThesisRobot

__all__ = ["FOLLOW_WAYPOINTS", "REACHED_GOAL", "FollowerSettings", "WaypointFollower",
           "heading_command", "heading_error"]

FOLLOW_WAYPOINTS = "FollowWaypoints"
REACHED_GOAL = "ReachedGoal"


@dataclass(frozen=True, eq=False)
class FollowerSettings(Parameters):
    """Fixed settings of the waypoint follower.

    Each field says where its default comes from (``source`` and ``note``, shown as a table
    in a notebook): the thesis states the forward speed and draws the chart with its heading
    controller and saturation, but gives none of the controller's numbers, so the book
    assumes them. The default waypoints are the book's test course.

    Parameters
    ----------
    waypoints : array_like, shape (N, 2) or (2,)
        Waypoints (x, y), m, finite, N >= 1; a single point of shape (2,) is one waypoint.
    speed : float
        Forward-speed command, m/s (> 0).
    gain : float
        Heading gain K, rad/s per rad (> 0).
    dead_band : float
        Heading errors smaller than this give omega = 0, rad (>= 0).
    omega_max : float
        Yaw-rate limit, rad/s (> 0).
    tolerance : float
        Distance at which a waypoint counts as reached, m (> 0).
    v_max : float
        Forward-speed limit (the thesis's saturation block), m/s (> 0).

    Raises
    ------
    ParameterError
        If a value is out of range or the waypoints have the wrong shape or are not finite.

    Examples
    --------
    >>> settings = FollowerSettings([[1.0, 0.0], [1.0, 1.0]], omega_max=1.5)
    >>> print(settings.waypoints.shape, f"{settings.minimum_turning_radius:.2f} m")
    (2, 2) 0.20 m
    >>> FollowerSettings([1.0, 2.0]).waypoints
    array([[1., 2.]])
    >>> FollowerSettings().by_source()["stated"]
    ['speed']
    """

    waypoints: np.ndarray = quantity(
        [[1.5, 0.0], [2.0, 1.0], [1.0, 1.8], [0.0, 1.0], [0.4, 0.2]], "m", shape=(None, 2),
        source="assumed",
        note="the book's course, a loop with a sharp and a gentle turn, from the origin")
    speed: float = field_of(ThesisRobot, "drive_speed")
    gain: float = quantity(
        2.0, "rad/s per rad", above=0.0, source="assumed",
        note="the thesis gives none; with omega_max it saturates errors above 1 rad")
    dead_band: float = quantity(
        0.05, "rad", at_least=0.0, source="assumed",
        note="the thesis gives none; a few degrees stop the robot twitching at small errors")
    omega_max: float = quantity(
        2.0, "rad/s", above=0.0, source="assumed",
        note="the thesis gives none; at 0.3 m/s the tightest circle has a radius of 15 cm")
    tolerance: float = quantity(
        0.10, "m", above=0.0, source="assumed",
        note="the thesis gives none; 10 cm, under a third of the robot's width")
    v_max: float = quantity(
        0.5, "m/s", above=0.0, source="assumed",
        note="the thesis's saturation block without its number; about the top speed of "
             "chapter 4's robot (wheel_radius x max_wheel_speed)")

    def __post_init__(self):
        points = as_array("waypoints", self.waypoints, "m")
        if points.shape == (2,):
            object.__setattr__(self, "waypoints", points.reshape(1, 2))
        super().__post_init__()
        if self.waypoints.shape[0] < 1:
            raise ParameterError("waypoints must hold at least one point (x, y), got none")

    @property
    def minimum_turning_radius(self) -> float:
        """Radius of the tightest circle the commands allow, min(speed, v_max) / omega_max, m."""
        return min(self.speed, self.v_max) / self.omega_max


def heading_error(pose, goal):
    r"""Bearing of the goal seen from the robot, minus the heading, wrapped to (-pi, pi].

    .. math:: e = \mathrm{wrap}\big(\operatorname{atan2}(y_g - y, x_g - x) - \theta\big)

    Parameters
    ----------
    pose : array_like, shape (3,) or (3, N)
        Pose (x, y, theta): m, m, rad.
    goal : array_like, shape (2,) or (2, N)
        Goal point (x_g, y_g), m.

    Returns
    -------
    float or numpy.ndarray
        Heading error, rad; positive when the goal lies to the left.

    Examples
    --------
    >>> print(f"{float(heading_error([0.0, 0.0, 3.0], [-1.0, 0.0])):.4f} rad")
    0.1416 rad
    """
    x, y, theta = _rows("pose", pose, 3, "(x, y, theta)", "m, m, rad")
    x_g, y_g = _rows("goal", goal, 2, "(x_g, y_g)", "m")
    return wrap_angle(np.arctan2(y_g - y, x_g - x) - theta)


def heading_command(pose, goal, gain: float, dead_band: float, omega_max: float):
    r"""Yaw-rate command of a proportional heading controller with dead band and limit.

    .. math::

        \omega = \begin{cases} 0 & |e| < e_{db} \\
        \mathrm{clip}(K e, -\omega_{max}, \omega_{max}) & \text{otherwise} \end{cases}

    with the heading error e of :func:`heading_error`.

    Parameters
    ----------
    pose : array_like, shape (3,) or (3, N)
        Pose (x, y, theta) of the robot: m, m, rad.
    goal : array_like, shape (2,) or (2, N)
        Goal point (x_g, y_g), m.
    gain : float
        Proportional gain K, rad/s per rad of heading error (> 0).
    dead_band : float
        Heading errors smaller than this give omega = 0, rad (>= 0).
    omega_max : float
        Largest yaw-rate command, rad/s (> 0).

    Returns
    -------
    float or numpy.ndarray
        Yaw-rate command, rad/s; positive (left) when the goal lies to the left.

    Raises
    ------
    ParameterError
        If a shape is wrong, or ``gain``, ``omega_max`` are not > 0 or ``dead_band`` not >= 0.

    Notes
    -----
    The controller of the thesis's Stateflow chart; it gives no values for the gain, the dead
    band or the limit. A goal exactly behind gives e = +pi: the robot turns left. At the goal
    itself atan2(0, 0) = 0 is used.

    Examples
    --------
    >>> omega = heading_command([0.0, 0.0, 0.0], [1.0, 1.0], gain=2.0, dead_band=0.05,
    ...                         omega_max=2.0)
    >>> print(f"{float(omega):.4f} rad/s")
    1.5708 rad/s
    """
    error = heading_error(pose, goal)
    gain = check_positive("gain", gain, "rad/s per rad")
    dead_band = check_non_negative("dead_band", dead_band, "rad")
    omega_max = check_positive("omega_max", omega_max, "rad/s")
    omega = np.where(np.abs(error) < dead_band, 0.0, np.clip(gain * error, -omega_max,
                                                              omega_max))
    return omega[()] if omega.ndim == 0 else omega


def _rows(name: str, value, n: int, entries: str, unit: str) -> list[np.ndarray]:
    """The n rows of an array of shape (n,) or (n, N), broadcast against each other."""
    array = as_array(name, value, unit)
    if array.ndim not in (1, 2) or array.shape[0] != n:
        raise ParameterError(
            f"{name} must have shape ({n},) or ({n}, N) with rows {entries}, "
            f"got shape {array.shape}"
        )
    return broadcast(*((f"{name}[{i}]", row) for i, row in enumerate(array)))


class WaypointFollower:
    """The changing state of the waypoint follower's chart: its state and the current goal.

    Parameters
    ----------
    settings : FollowerSettings
        The fixed settings.

    Notes
    -----
    ``state`` and ``index`` change only through :meth:`command` and :meth:`reset`. With the
    yaw rate limited the tightest circle the robot drives has the radius
    ``settings.minimum_turning_radius``; a waypoint inside that circle near the robot can be
    circled for ever if the tolerance is small. Several waypoints inside the tolerance at once
    are passed in one call. :meth:`command` works on one pose in Python floats (it is called
    once per control period in a simulation loop); :func:`heading_command` is the same law
    vectorised, and a test keeps the two equal.

    Examples
    --------
    >>> follower = WaypointFollower(FollowerSettings([[1.0, 0.0], [1.0, 1.0]]))
    >>> v, omega = follower.command([0.0, 0.0, 0.0])
    >>> print(follower.state, follower.index, v, omega)
    FollowWaypoints 0 0.3 0.0
    >>> v, omega = follower.command([0.95, 0.0, 0.0])
    >>> print(follower.state, follower.index, v, f"{omega:.3f}")
    FollowWaypoints 1 0.3 2.000
    >>> print(follower.command([1.0, 0.97, np.pi / 2]), follower.state)
    (0.0, 0.0) ReachedGoal
    """

    def __init__(self, settings: FollowerSettings):
        if not isinstance(settings, FollowerSettings):
            raise ParameterError(
                f"settings must be a FollowerSettings, got {settings!r} of type "
                f"{type(settings).__name__}"
            )
        self.settings = settings
        # the waypoints as Python floats: command_at runs once per control period
        self._points = [(float(x_w), float(y_w)) for x_w, y_w in settings.waypoints]
        self.reset()

    def reset(self) -> None:
        """Return to ``FollowWaypoints`` with the first waypoint as goal."""
        self.state = FOLLOW_WAYPOINTS
        self.index = 0

    def command(self, pose) -> tuple[float, float]:
        """Advance the chart at ``pose`` and return the command (v, omega): m/s, rad/s.

        Parameters
        ----------
        pose : array_like, shape (3,)
            Pose (x, y, theta): m, m, rad, finite.

        Returns
        -------
        v : float
            min(speed, v_max), or 0 in ``ReachedGoal``, m/s.
        omega : float
            The heading command towards the current goal, or 0 in ``ReachedGoal``, rad/s.
        """
        x, y, theta = as_array("pose", pose, "m, m, rad", (3,), finite=True).tolist()
        return self.command_at(x, y, theta)

    def command_at(self, x: float, y: float, theta: float) -> tuple[float, float]:
        """:meth:`command` for a pose given as three Python floats, unchecked (for loops)."""
        s = self.settings
        points = self._points
        while self.state == FOLLOW_WAYPOINTS:
            x_g, y_g = points[self.index]
            if math.hypot(x_g - x, y_g - y) >= s.tolerance:
                break
            self.index += 1
            if self.index == len(points):
                self.state = REACHED_GOAL
        if self.state == REACHED_GOAL:
            return 0.0, 0.0
        x_g, y_g = points[self.index]
        error = wrap_angle(math.atan2(y_g - y, x_g - x) - theta)
        omega = 0.0 if abs(error) < s.dead_band else min(max(s.gain * error, -s.omega_max),
                                                          s.omega_max)
        return min(s.speed, s.v_max), omega
