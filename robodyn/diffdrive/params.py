"""The differential-drive robot's parameters."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    as_array,
    broadcast,
    field_of,
    quantity,
)
from robodyn.sources.thesis_robot import ThesisRobot


@dataclass(frozen=True)
class DiffDriveParams(Parameters):
    r"""Physical parameters of a differential-drive robot (defaults: a D-shaped vacuum robot).

    The defaults describe a robot of the size of the thesis's reference robot. Each field says
    where its value comes from (``source`` and ``note``, listed by :meth:`field_table` and
    shown as a table in a notebook): the thesis states the body's envelope and the forward
    speed (:class:`~robodyn.diffdrive.waypoints.FollowerSettings`) and measured the drive
    wheel's mass and
    its static friction on wood; the book assumes the rest, typical of commercial vacuum
    robots of that size and consistent with those figures, and derives the two inertias.

    Parameters
    ----------
    wheel_radius : float
        Drive-wheel radius R, m (> 0).
    track_width : float
        Distance L between the two wheel contact points, m (> 0).
    mass : float
        Total mass m of the robot including its wheels, kg (> 0).
    yaw_inertia : float
        Yaw moment of inertia I of the whole robot about its centre of mass, kg m^2 (> 0).
    com_offset : float
        Distance d of the centre of mass ahead of the axle midpoint along the heading, m
        (finite; negative = behind the axle).
    wheel_mass : float
        Mass of one drive wheel, kg (> 0); part of ``mass``. It enters only through
        ``wheel_inertia``.
    wheel_inertia : float
        Spin inertia I_w of one drive wheel about its axle, kg m^2 (>= 0).
    max_wheel_speed : float
        Largest wheel speed the motors deliver, rad/s (> 0).
    max_wheel_torque : float
        Largest torque of one wheel motor, N m (> 0).
    speed_gain : float
        Gain k of each wheel's proportional speed controller, tau = k (phi_dot_ref - phi_dot),
        N m s/rad (> 0).
    mu_s : float
        Static friction coefficient of a drive wheel on the floor (> 0); it bounds the
        torque a wheel can pass on (:attr:`traction_torque_limit`), the dynamics here do not
        model slip.
    g : float
        Gravitational acceleration, m/s^2 (> 0).
    body_length : float
        Length of the D-shaped body from its round back to its flat front, m (> 0). Used for
        drawing; it does not enter the dynamics.
    body_width : float
        Width of the body, m (> 0). Used for drawing.
    body_height : float
        Height of the body, m (> 0); it bounds the wheel's size and enters nothing here.

    Raises
    ------
    ParameterError
        If a field is not a finite real number or outside its range; the message names the
        field, the value and the allowed range.

    Notes
    -----
    The wheels' mass is part of ``mass`` and their yaw inertia part of ``yaw_inertia``; only
    their spin inertia is separate. Caster wheels are massless and frictionless. The two
    derived defaults are rounded and do not follow a change of the values they come from:
    ``DiffDriveParams(mass=4.0)`` keeps ``yaw_inertia``; set it too.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> print(f"top speed {p.wheel_radius * p.max_wheel_speed:.3f} m/s")
    top speed 0.504 m/s
    >>> p.by_source()["measured"]
    ['wheel_mass', 'mu_s']
    >>> DiffDriveParams(track_width=-0.2)
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: track_width must be > 0 m, got -0.2
    """

    wheel_radius: float = field_of(ThesisRobot, "wheel_radius")
    track_width: float = field_of(ThesisRobot, "track_width")
    mass: float = field_of(ThesisRobot, "mass")
    yaw_inertia: float = quantity(
        0.074, "kg m^2", above=0.0, source="derived",
        note="the body as a uniform plate, mass (body_length^2 + body_width^2) / 12 = 0.0735, "
             "rounded up")
    com_offset: float = quantity(
        0.03, "m", source="assumed",
        note="a guess, as the thesis's own: it too works with an estimated centre of gravity")
    wheel_mass: float = field_of(ThesisRobot, "wheel_mass")
    wheel_inertia: float = quantity(
        3.9e-5, "kg m^2", at_least=0.0, source="derived",
        note="wheel_mass as a uniform disk, wheel_mass wheel_radius^2 / 2 = 3.94e-5, rounded; "
             "the motor's rotor and gearbox are left out (through the gear they could count "
             "several times more)")
    max_wheel_speed: float = quantity(
        14.0, "rad/s", above=0.0, source="assumed",
        note="a top speed wheel_radius x 14 rad/s = 0.50 m/s, usual for the class")
    max_wheel_torque: float = quantity(
        0.5, "N m", above=0.0, source="assumed",
        note="a small gear motor's, kept below the traction_torque_limit mu_s m g R / 2 = "
             "0.67 N m")
    speed_gain: float = quantity(
        0.05, "N m s/rad", above=0.0, source="assumed",
        note="a forward-speed time constant m_eff R^2 / (2 k) of about 46 ms (see "
             "speed_loop_time_constants)")
    mu_s: float = field_of(ThesisRobot, "mu_s")
    g: float = field_of(ThesisRobot, "g")
    body_length: float = field_of(ThesisRobot, "body_length")
    body_width: float = field_of(ThesisRobot, "body_width")
    body_height: float = field_of(ThesisRobot, "body_height")

    @property
    def effective_mass(self) -> float:
        """Mass felt by the forward motion, m + 2 I_w / R^2, kg."""
        return self.mass + 2.0 * self.wheel_inertia / self.wheel_radius**2

    @property
    def traction_torque_limit(self) -> float:
        """Largest torque one drive wheel passes on before it slips, mu_s m g R / 2, N m.

        Each drive wheel is taken to carry half the weight; the casters carry part of it, so
        the real limit is lower.
        """
        return self.mu_s * self.mass * self.g * self.wheel_radius / 2.0

    @property
    def speed_loop_time_constants(self) -> tuple[float, float]:
        """Time constants of the wheel-speed loop in v and in omega, s.

        Linearising :func:`dynamic_rhs` without the torque limit and the d-coupling gives
        v_dot = -(2 k / (R^2 m_eff)) v + ... and omega_dot = -(k L^2 / (2 R^2 I_eff)) omega
        + ..., so tau_v = m_eff R^2 / (2 k) and tau_omega = 2 R^2 I_eff / (k L^2).
        """
        radius_sq = self.wheel_radius**2
        tau_v = self.effective_mass * radius_sq / (2.0 * self.speed_gain)
        tau_omega = 2.0 * radius_sq * self.effective_yaw_inertia / (
            self.speed_gain * self.track_width**2
        )
        return tau_v, tau_omega

    @property
    def effective_yaw_inertia(self) -> float:
        """Inertia felt by the yaw motion, I + m d^2 + I_w L^2 / (2 R^2), kg m^2."""
        return (
            self.yaw_inertia
            + self.mass * self.com_offset**2
            + self.wheel_inertia * self.track_width**2 / (2.0 * self.wheel_radius**2)
        )


def check_params(params) -> DiffDriveParams:
    if not isinstance(params, DiffDriveParams):
        raise ParameterError(
            f"params must be a DiffDriveParams, got {params!r} of type {type(params).__name__}"
        )
    return params


def as_pose(pose, name: str = "pose") -> np.ndarray:
    array = as_array(name, pose, "m, m, rad")
    if array.ndim not in (1, 2) or array.shape[0] != 3:
        raise ParameterError(
            f"{name} must have shape (3,) or (3, N) with rows (x, y, theta), "
            f"got shape {array.shape}"
        )
    return array


def scalar_out(array):
    """Return a 0-d result as a NumPy scalar, anything else unchanged."""
    return array[()] if np.ndim(array) == 0 else array


def broadcast_inputs(*named):
    """(name, value, unit) triples as float arrays, broadcast together.

    Non-numbers raise ParameterTypeError naming the input; shapes that do not broadcast raise
    ParameterError naming both inputs and their shapes. NaN passes through (the package's
    rule for states, see :mod:`robodyn.core.params`).
    """
    return broadcast(*((name, as_array(name, value, unit)) for name, value, unit in named))
