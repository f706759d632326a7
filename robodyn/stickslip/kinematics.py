"""Kinematics of the three-legged robot: leg speeds and body twist."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    as_array,
    check_positive,
    quantity,
)


@dataclass(frozen=True)
class DropletGeometry(Parameters):
    """Where the Droplet's legs and motors are (the source's numbers).

    Parameters
    ----------
    leg_radius : float
        Distance :math:`\\ell` of each leg (and each motor) from the robot's centre, m (> 0).
        Default 15.1 mm: the source.
    body_radius : float
        Radius of the robot's round body, m (> 0). Default 2.2 cm: the source.

    The legs are 120 degrees apart and each motor sits opposite its leg (the source); motor
    i at the angle 0, 120, 240 degrees in the robot frame, its leg at 180, 300, 60 degrees.
    """

    leg_radius: float = quantity(0.0151, "m", above=0.0, source="stated",
                                 note="the source's design: legs and motors 15.1 mm off the centre")
    body_radius: float = quantity(0.022, "m", above=0.0, source="stated",
                                  note="the source's robot, the size of a ping-pong ball")

    @property
    def motor_angles(self) -> np.ndarray:
        """Angles :math:`\\beta_i` of the motors in the robot frame, rad."""
        return np.radians([0.0, 120.0, 240.0])

    @property
    def legs(self) -> np.ndarray:
        """Leg positions in the robot frame, shape (3, 2), m (leg i opposite motor i)."""
        angles = self.motor_angles + np.pi
        return self.leg_radius * np.column_stack([np.cos(angles), np.sin(angles)])

    @property
    def thrust_directions(self) -> np.ndarray:
        """Unit vectors along which a positive pivot i moves the centre: 90, 210, 330 deg."""
        angles = self.motor_angles + np.pi / 2
        return np.column_stack([np.cos(angles), np.sin(angles)])


def _geometry_radius(geometry) -> float:
    if isinstance(geometry, DropletGeometry):
        return geometry.leg_radius
    return check_positive("leg_radius", geometry, "m")


def forward_kinematics(theta_dots, geometry=DropletGeometry()):
    r"""Body velocity of the Droplet from its three pivot rates (the source's equation 1).

    .. math::

        \dot x_r &= \ell\dot\theta_2\cos 210° + \ell\dot\theta_3\cos(-30°) \\
        \dot y_r &= \ell\dot\theta_1 + \ell\dot\theta_2\sin 210° + \ell\dot\theta_3\sin(-30°)\\
        \dot\theta_r &= \dot\theta_1 + \dot\theta_2 + \dot\theta_3

    Parameters
    ----------
    theta_dots : array_like, shape (3,) or (3, n)
        Pivot rates about legs 1, 2, 3, rad/s, positive along each motor's thrust.
    geometry : DropletGeometry or float
        The geometry, or its leg radius in m.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, n)
        :math:`(\dot x_r, \dot y_r, \dot\theta_r)`, m/s and rad/s, in the robot frame.
    """
    ell = _geometry_radius(geometry)
    rates = as_array("theta_dots", theta_dots, "rad/s", finite=True)
    if rates.shape[:1] != (3,):
        raise ParameterError(f"theta_dots must have 3 rows (legs 1, 2, 3), got shape "
                             f"{rates.shape}")
    return _FORWARD(ell) @ rates


def _FORWARD(ell: float) -> np.ndarray:
    c210, s210 = np.cos(np.radians(210.0)), np.sin(np.radians(210.0))
    c330, s330 = np.cos(np.radians(-30.0)), np.sin(np.radians(-30.0))
    return np.array([[0.0, ell * c210, ell * c330],
                     [ell, ell * s210, ell * s330],
                     [1.0, 1.0, 1.0]])


def inverse_kinematics(x_dot, y_dot, theta_dot, geometry=DropletGeometry()):
    r"""Pivot rates for a wanted body velocity (the source's equation 2, third row corrected).

    .. math::

        \dot\theta_1 &= \tfrac23\,\dot y_r/\ell + \dot\theta_r/3 \\
        \dot\theta_2 &= -\tfrac{\sqrt3}{3}\,\dot x_r/\ell - \tfrac13\,\dot y_r/\ell
            + \dot\theta_r/3 \\
        \dot\theta_3 &= \tfrac{\sqrt3}{3}\,\dot x_r/\ell - \tfrac13\,\dot y_r/\ell
            + \dot\theta_r/3

    (the source labels the third line :math:`\dot\theta_2` again). The exact inverse of
    :func:`forward_kinematics`.

    Parameters
    ----------
    x_dot, y_dot : float or array_like
        Velocity of the centre in the robot frame, m/s.
    theta_dot : float or array_like
        Turning rate, rad/s (clockwise seen from above).
    geometry : DropletGeometry or float
        The geometry, or its leg radius in m.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, n)
        :math:`(\dot\theta_1, \dot\theta_2, \dot\theta_3)`, rad/s.
    """
    ell = _geometry_radius(geometry)
    x_dot = as_array("x_dot", x_dot, "m/s", finite=True)
    y_dot = as_array("y_dot", y_dot, "m/s", finite=True)
    theta_dot = as_array("theta_dot", theta_dot, "rad/s", finite=True)
    x_dot, y_dot, theta_dot = np.broadcast_arrays(x_dot, y_dot, theta_dot)
    root3 = np.sqrt(3.0) / 3.0
    return np.array([2.0 / 3.0 * y_dot / ell + theta_dot / 3.0,
                     -root3 * x_dot / ell - y_dot / (3.0 * ell) + theta_dot / 3.0,
                     root3 * x_dot / ell - y_dot / (3.0 * ell) + theta_dot / 3.0])
