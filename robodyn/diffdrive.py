"""Differential-drive robot: kinematics, Lagrange dynamics and a simulated waypoint course.

Two driven wheels of radius R sit on one axle, a track width L apart; the robot cannot slide
sideways and each wheel rolls without slip. Sources: the vacuum-robot master's thesis
(Kaiserslautern, 2022; kinematics, inverse kinematics, Lagrange model) and the tutorial
"Robotics & Automation Series, Part 5: Dynamics & Robot Modeling" (differential-drive
simulation). The waypoint follower that :func:`simulate` drives is in
:mod:`robodyn.waypoints`; the reduction of the constrained Lagrange model uses
:mod:`robodyn.mechanics`.

Conventions
-----------
- SI units and radians.
- The pose ``(x, y, theta)`` is that of the AXLE MIDPOINT in the world frame; ``theta`` is
  measured from the world x axis, counter-clockwise positive. Pose arrays carry the three
  entries on the FIRST axis, shape (3,) or (3, N), so ``x, y, theta = pose`` works.
- ``v`` is the forward speed of the axle midpoint along the heading, m/s; ``omega`` the yaw
  rate, rad/s; positive ``omega`` turns left.
- Wheel speeds ``phi_dot_r``, ``phi_dot_l`` are in rad/s, positive when the wheel drives the
  robot forward. Torques ``tau_r``, ``tau_l`` in N m, positive forward.
- Functions of states broadcast over NumPy arrays; scalars in give scalars (or 0-d arrays)
  out. NaN in a state propagates; parameters are checked. A non-number raises
  ParameterTypeError; inputs whose shapes do not broadcast raise ParameterError naming both.

>>> p = DiffDriveParams()
>>> v, omega = forward_kinematics(8.0, 8.0, p.wheel_radius, p.track_width)
>>> print(f"{float(v):.3f} m/s, {float(omega):.1f} rad/s")
0.288 m/s, 0.0 rad/s
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from robodyn.errors import ParameterError, SimulationError
from robodyn.integrate import RK4_STABILITY_LIMIT, SimulationResult, rk4_step
from robodyn.mechanics import project_onto_free_velocities
from robodyn.params import (
    STANDARD_GRAVITY,
    Parameters,
    Range,
    as_array,
    broadcast,
    check_choice,
    check_integer,
    check_non_negative,
    check_positive,
    check_real,
    quantity,
)
from robodyn.waypoints import REACHED_GOAL, FollowerSettings, WaypointFollower

__all__ = [
    "MODELS",
    "DiffDriveParams",
    "LagrangeModel",
    "body_acceleration",
    "dynamic_rhs",
    "euler_pose_step",
    "forward_kinematics",
    "instantaneous_centre",
    "integrate_pose",
    "inverse_kinematics",
    "kinetic_energy",
    "lagrange_model",
    "null_space_matrix",
    "pose_rate",
    "reduced_model",
    "saturate_wheel_speeds",
    "simulate",
    "straight_run_with_rolling_resistance",
    "traction_demand",
    "turning_radius",
    "wheel_torques",
]

#: Robot models that :func:`simulate` can drive.
MODELS = ("kinematic", "dynamic")


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True)
class DiffDriveParams(Parameters):
    r"""Physical parameters of a differential-drive robot (defaults: a D-shaped vacuum robot).

    The defaults describe a robot of the size of the thesis's reference robot. Each field says
    where its value comes from (``source`` and ``note``, listed by :meth:`field_table` and
    shown as a table in a notebook): the thesis states the body's envelope and the forward
    speed (:class:`~robodyn.waypoints.FollowerSettings`) and measured the drive wheel's mass and
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
    robodyn.errors.ParameterError: track_width must be > 0 m, got -0.2
    """

    wheel_radius: float = quantity(
        0.036, "m", above=0.0, source="assumed",
        note="a 72 mm wheel, usual for robots of this class; it fits the 10 cm body_height")
    track_width: float = quantity(
        0.235, "m", above=0.0, source="assumed",
        note="the wheels inside the 35 cm body_width, with room for the wheel wells")
    mass: float = quantity(
        3.5, "kg", above=0.0, source="assumed",
        note="vacuum robots of this size weigh 3 to 4 kg; the thesis gives no mass")
    yaw_inertia: float = quantity(
        0.074, "kg m^2", above=0.0, source="derived",
        note="the body as a uniform plate, mass (body_length^2 + body_width^2) / 12 = 0.0735, "
             "rounded up")
    com_offset: float = quantity(
        0.03, "m", source="assumed",
        note="a guess, as the thesis's own: it too works with an estimated centre of gravity")
    wheel_mass: float = quantity(
        0.0608, "kg", above=0.0, source="measured",
        note="one drive wheel, weighed for the thesis's friction test on a tilting board")
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
    mu_s: float = quantity(
        1.08, "", above=0.0, source="measured",
        note="drive wheel on wood: the thesis's 15 tilting-board trials give 1.01 to 1.15 "
             "(its summary prints 1.16, see the errata); the middle of that range")
    g: float = quantity(STANDARD_GRAVITY, "m/s^2", above=0.0, source="standard",
                        note="standard gravity, rounded")
    body_length: float = quantity(
        0.36, "m", above=0.0, source="stated",
        note="the thesis's envelope of its D-shaped robot, 36 x 35 x 10 cm (that 36 cm is the "
             "length is the book's reading)")
    body_width: float = quantity(0.35, "m", above=0.0, source="stated",
                                 note="the thesis's envelope, 36 x 35 x 10 cm")
    body_height: float = quantity(0.10, "m", above=0.0, source="stated",
                                  note="the thesis's envelope, 36 x 35 x 10 cm")

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


def _check_params(params) -> DiffDriveParams:
    if not isinstance(params, DiffDriveParams):
        raise ParameterError(
            f"params must be a DiffDriveParams, got {params!r} of type {type(params).__name__}"
        )
    return params


def _as_pose(pose, name: str = "pose") -> np.ndarray:
    array = as_array(name, pose, "m, m, rad")
    if array.ndim not in (1, 2) or array.shape[0] != 3:
        raise ParameterError(
            f"{name} must have shape (3,) or (3, N) with rows (x, y, theta), "
            f"got shape {array.shape}"
        )
    return array


def _scalar_out(array):
    """Return a 0-d result as a NumPy scalar, anything else unchanged."""
    return array[()] if np.ndim(array) == 0 else array


def _inputs(*named):
    """(name, value, unit) triples as float arrays, broadcast together.

    Non-numbers raise ParameterTypeError naming the input; shapes that do not broadcast raise
    ParameterError naming both inputs and their shapes. NaN passes through (the package's
    rule for states, see :mod:`robodyn.params`).
    """
    return broadcast(*((name, as_array(name, value, unit)) for name, value, unit in named))


# --------------------------------------------------------------------------- kinematics


def _forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2.0
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def _inverse_kinematics(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width / 2.0) / wheel_radius
    phi_dot_l = (v - omega * track_width / 2.0) / wheel_radius
    return phi_dot_r, phi_dot_l


def forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius: float, track_width: float):
    r"""Forward speed and yaw rate from the two wheel speeds.

    .. math::

        v = R \, \frac{\dot\varphi_r + \dot\varphi_l}{2}, \qquad
        \omega = R \, \frac{\dot\varphi_r - \dot\varphi_l}{L}

    Parameters
    ----------
    phi_dot_r, phi_dot_l : float or array_like
        Right and left wheel speeds, rad/s (broadcast against each other).
    wheel_radius : float
        Wheel radius R, m (> 0).
    track_width : float
        Track width L, m (> 0).

    Returns
    -------
    v : float or numpy.ndarray
        Forward speed of the axle midpoint, m/s.
    omega : float or numpy.ndarray
        Yaw rate, rad/s, positive counter-clockwise (left turn).

    Raises
    ------
    ParameterTypeError
        If an input is not a number or an array of numbers.
    ParameterError
        If the wheel speeds do not broadcast together, or ``wheel_radius`` or
        ``track_width`` is not a finite number > 0.

    Notes
    -----
    Assumes rolling without slip and no side slip (the thesis's kinematic model). The right
    wheel turning faster than the left turns the robot left (omega > 0).

    Examples
    --------
    >>> v, omega = forward_kinematics(12.0, 8.0, wheel_radius=0.05, track_width=0.3)
    >>> print(f"{float(v):.2f} m/s, {float(omega):.4f} rad/s")
    0.50 m/s, 0.6667 rad/s
    """
    phi_dot_r, phi_dot_l = _inputs(("phi_dot_r", phi_dot_r, "rad/s"),
                                   ("phi_dot_l", phi_dot_l, "rad/s"))
    wheel_radius = check_positive("wheel_radius", wheel_radius, "m")
    track_width = check_positive("track_width", track_width, "m")
    return _forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width)


def inverse_kinematics(v, omega, wheel_radius: float, track_width: float):
    r"""Wheel speeds that give a forward speed and yaw rate.

    .. math::

        \dot\varphi_r = \frac{v + \omega L / 2}{R}, \qquad
        \dot\varphi_l = \frac{v - \omega L / 2}{R}

    Parameters
    ----------
    v : float or array_like
        Forward speed of the axle midpoint, m/s.
    omega : float or array_like
        Yaw rate, rad/s, positive counter-clockwise (broadcast against ``v``).
    wheel_radius : float
        Wheel radius R, m (> 0).
    track_width : float
        Track width L, m (> 0).

    Returns
    -------
    phi_dot_r, phi_dot_l : float or numpy.ndarray
        Right and left wheel speeds, rad/s.

    Raises
    ------
    ParameterTypeError
        If an input is not a number or an array of numbers.
    ParameterError
        If ``v`` and ``omega`` do not broadcast together, or ``wheel_radius`` or
        ``track_width`` is not a finite number > 0.

    Notes
    -----
    The exact inverse of :func:`forward_kinematics`; wheel-speed limits are applied
    separately by :func:`saturate_wheel_speeds`.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> r, l = inverse_kinematics(0.3, 0.0, p.wheel_radius, p.track_width)
    >>> print(f"{float(r):.3f} {float(l):.3f} rad/s")
    8.333 8.333 rad/s
    """
    v, omega = _inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    wheel_radius = check_positive("wheel_radius", wheel_radius, "m")
    track_width = check_positive("track_width", track_width, "m")
    return _inverse_kinematics(v, omega, wheel_radius, track_width)


def turning_radius(v, omega):
    r"""Signed radius of the circle the axle midpoint drives on, r = v / omega.

    Parameters
    ----------
    v : float or array_like
        Forward speed, m/s.
    omega : float or array_like
        Yaw rate, rad/s (broadcast against ``v``).

    Returns
    -------
    float or numpy.ndarray
        Turning radius, m; positive when the centre of rotation lies on the robot's left,
        ``np.inf`` where ``omega == 0`` (straight line, or standing still).

    Notes
    -----
    In wheel speeds, :math:`r = L (\dot\varphi_r + \dot\varphi_l) /
    (2 (\dot\varphi_r - \dot\varphi_l))`: the wheel radius cancels. (The tutorial's arc-turn
    example multiplies this by the wheel radius and prints 0.0375 m for R = 0.05 m,
    L = 0.3 m, wheel speeds 8 and 12 rad/s; the radius is 0.75 m.) A spin on the spot has
    r = 0.

    Examples
    --------
    >>> v, omega = forward_kinematics(12.0, 8.0, wheel_radius=0.05, track_width=0.3)
    >>> print(f"{float(turning_radius(v, omega)):.4f} m")
    0.7500 m
    >>> print(turning_radius(0.3, 0.0))
    inf
    """
    v, omega = _inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    radius = np.full(v.shape, np.inf)
    np.divide(v, omega, out=radius, where=omega != 0.0)
    return _scalar_out(radius)


def instantaneous_centre(pose, v, omega):
    r"""World coordinates of the instantaneous centre of rotation.

    .. math:: x_c = x - r \sin\theta, \qquad y_c = y + r \cos\theta, \qquad r = v / \omega

    Parameters
    ----------
    pose : array_like, shape (3,) or (3, N)
        Pose (x, y, theta) of the axle midpoint: m, m, rad.
    v : float or array_like
        Forward speed, m/s.
    omega : float or array_like
        Yaw rate, rad/s.

    Returns
    -------
    x_c, y_c : float or numpy.ndarray
        Centre of rotation, m; NaN where ``omega == 0`` (no finite centre).

    Raises
    ------
    ParameterError
        If ``pose`` does not have shape (3,) or (3, N).

    Notes
    -----
    The centre lies on the axle line, a distance |r| to the left of the axle midpoint when
    r > 0 and to the right when r < 0.

    Examples
    --------
    >>> xc, yc = instantaneous_centre([0.0, 0.0, 0.0], 0.5, 1.0)
    >>> print(float(xc), float(yc))
    0.0 0.5
    """
    x, y, theta = _as_pose(pose)
    v, omega = _inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    radius = np.full(v.shape, np.nan)
    np.divide(v, omega, out=radius, where=omega != 0.0)
    return _scalar_out(x - radius * np.sin(theta)), _scalar_out(y + radius * np.cos(theta))


def pose_rate(t, pose, v, omega) -> np.ndarray:
    r"""Rate of change of the pose, a right-hand side shaped like scipy's.

    .. math:: \dot x = v \cos\theta, \qquad \dot y = v \sin\theta, \qquad \dot\theta = \omega

    Parameters
    ----------
    t : float
        Time, s (unused: the model is time invariant; kept for the scipy signature).
    pose : array_like, shape (3,) or (3, N)
        Pose (x, y, theta): m, m, rad.
    v : float or array_like
        Forward speed, m/s.
    omega : float or array_like
        Yaw rate, rad/s.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, N)
        ``(x_dot, y_dot, theta_dot)``: m/s, m/s, rad/s.

    Raises
    ------
    ParameterError
        If ``pose`` does not have shape (3,) or (3, N).

    Notes
    -----
    The unicycle model: no side slip of the axle midpoint (the velocity points along the
    heading). The wheel speeds enter through :func:`forward_kinematics`.

    Examples
    --------
    >>> print(pose_rate(0.0, [0.0, 0.0, np.pi / 2], 0.3, 0.5).round(6))
    [0.  0.3 0.5]
    """
    x, y, theta = _as_pose(pose)
    theta, v, omega = _inputs(("theta", theta, "rad"), ("v", v, "m/s"),
                              ("omega", omega, "rad/s"))
    return np.array([v * np.cos(theta), v * np.sin(theta), omega])


def integrate_pose(pose, v, omega, dt: float) -> np.ndarray:
    r"""Exact pose after driving with constant v and omega for dt.

    The axle midpoint moves on a circular arc; its chord has length
    :math:`c = v \Delta t \,\mathrm{sinc}(\omega \Delta t / 2)` with
    :math:`\mathrm{sinc}(a) = \sin a / a` (1 at a = 0) and points along the mean heading:

    .. math::

        x_{k+1} = x_k + c \cos(\theta_k + \omega \Delta t / 2), \quad
        y_{k+1} = y_k + c \sin(\theta_k + \omega \Delta t / 2), \quad
        \theta_{k+1} = \theta_k + \omega \Delta t

    Parameters
    ----------
    pose : array_like, shape (3,) or (3, N)
        Pose (x, y, theta) at the start: m, m, rad.
    v : float or array_like
        Forward speed held over the step, m/s.
    omega : float or array_like
        Yaw rate held over the step, rad/s.
    dt : float or array_like
        Duration of the step, s (finite). An array of durations, broadcast against the pose
        entries, v and omega, gives the poses along the arc at those times.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, ...)
        Pose at the end of the step: (3,) for one pose and scalar inputs, otherwise (3,)
        followed by the broadcast shape of the inputs. theta is NOT wrapped (it counts whole
        turns).

    Raises
    ------
    ParameterError
        If ``pose`` has the wrong shape or ``dt`` is not finite.

    Notes
    -----
    Exact for constant inputs, whatever the step; with omega = 0 it is the straight segment
    without a branch or a division (``np.sinc`` is evaluated as ``np.sinc(a / pi)``, which is
    smooth at 0). Two half steps compose to one full step.

    Examples
    --------
    A quarter circle of radius 1 m starting at the origin heading along x:

    >>> print(integrate_pose([0.0, 0.0, 0.0], v=1.0, omega=1.0, dt=np.pi / 2).round(12))
    [1.         1.         1.57079633]

    The path sampled at several times, shape (3, 3):

    >>> print(integrate_pose(np.zeros(3), 1.0, 1.0, np.array([0.0, np.pi / 2, np.pi])).round(6))
    [[0.       1.       0.      ]
     [0.       1.       2.      ]
     [0.       1.570796 3.141593]]
    """
    x, y, theta = _as_pose(pose)
    x, y, theta, v, omega, dt = _inputs(
        ("x", x, "m"), ("y", y, "m"), ("theta", theta, "rad"), ("v", v, "m/s"),
        ("omega", omega, "rad/s"), ("dt", as_array("dt", dt, "s", finite=True), "s"),
    )
    half_turn = omega * dt / 2.0
    chord = v * dt * np.sinc(half_turn / np.pi)  # np.sinc(a) is sin(pi a) / (pi a)
    return np.array([x + chord * np.cos(theta + half_turn), y + chord * np.sin(theta + half_turn),
                     theta + omega * dt])


def euler_pose_step(pose, v, omega, dt: float) -> np.ndarray:
    r"""Pose after one explicit Euler step of :func:`pose_rate` (for comparison).

    .. math::

        x_{k+1} = x_k + v \Delta t \cos\theta_k, \quad
        y_{k+1} = y_k + v \Delta t \sin\theta_k, \quad
        \theta_{k+1} = \theta_k + \omega \Delta t

    Parameters
    ----------
    pose : array_like, shape (3,) or (3, N)
        Pose (x, y, theta) at the start: m, m, rad.
    v : float or array_like
        Forward speed, m/s.
    omega : float or array_like
        Yaw rate, rad/s.
    dt : float or array_like
        Step size, s (finite; an array broadcasts like v and omega).

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, ...)
        Pose after the step; theta not wrapped.

    Raises
    ------
    ParameterError
        If ``pose`` has the wrong shape or ``dt`` is not finite.

    Notes
    -----
    First order: the global error halves when dt halves. This is the update of the tutorial's
    simulation. With constant v and omega the Euler points are the corners of a regular
    polygon with side v dt; they lie on a circle of radius v dt / (2 sin(omega dt / 2)),
    slightly larger than v / omega, whose centre is shifted half a step (v dt / 2) along the
    initial heading. The path therefore leads the true one by about half a step.

    Examples
    --------
    >>> print(euler_pose_step([0.0, 0.0, 0.0], v=1.0, omega=1.0, dt=0.1))
    [0.1 0.  0.1]
    """
    x, y, theta = _as_pose(pose)
    x, y, theta, v, omega, dt = _inputs(
        ("x", x, "m"), ("y", y, "m"), ("theta", theta, "rad"), ("v", v, "m/s"),
        ("omega", omega, "rad/s"), ("dt", as_array("dt", dt, "s", finite=True), "s"),
    )
    return np.array([x + v * dt * np.cos(theta), y + v * dt * np.sin(theta), theta + omega * dt])


def saturate_wheel_speeds(phi_dot_r, phi_dot_l, max_wheel_speed: float):
    r"""Scale both wheel speeds by one factor so that neither exceeds the limit.

    .. math::

        s = \frac{\dot\varphi_{max}}{\max(|\dot\varphi_r|, |\dot\varphi_l|, \dot\varphi_{max})},
        \qquad (\dot\varphi_r, \dot\varphi_l) \leftarrow s \, (\dot\varphi_r, \dot\varphi_l)

    Parameters
    ----------
    phi_dot_r, phi_dot_l : float or array_like
        Requested right and left wheel speeds, rad/s (broadcast).
    max_wheel_speed : float
        Largest allowed magnitude, rad/s (> 0).

    Returns
    -------
    phi_dot_r, phi_dot_l : float or numpy.ndarray
        Wheel speeds with ``max(|phi_dot_r|, |phi_dot_l|) <= max_wheel_speed``; unchanged when
        already inside the limit (s = 1).

    Raises
    ------
    ParameterError
        If ``max_wheel_speed`` is not a finite number > 0.

    Notes
    -----
    A common factor keeps the ratio of the wheel speeds, hence the curvature omega / v of the
    path: the robot drives the same arc, only slower. Clipping each wheel on its own would
    change the arc.

    Examples
    --------
    >>> r, l = saturate_wheel_speeds(20.0, 10.0, max_wheel_speed=14.0)
    >>> print(float(r), float(l))
    14.0 7.0
    """
    phi_dot_r, phi_dot_l = _inputs(("phi_dot_r", phi_dot_r, "rad/s"),
                                   ("phi_dot_l", phi_dot_l, "rad/s"))
    max_wheel_speed = check_positive("max_wheel_speed", max_wheel_speed, "rad/s")
    scale = max_wheel_speed / np.maximum(np.maximum(np.abs(phi_dot_r), np.abs(phi_dot_l)),
                                         max_wheel_speed)
    return phi_dot_r * scale, phi_dot_l * scale


# --------------------------------------------------------------------------- dynamics


class LagrangeModel(NamedTuple):
    """Matrices of M(q) q_ddot + V(q, q_dot) q_dot = B(q) tau - A(q)^T lambda.

    The model at one state, not the result of a simulation (every simulation of the package
    returns a :class:`~robodyn.integrate.SimulationResult`).

    Attributes
    ----------
    M : numpy.ndarray, shape (5, 5)
        Mass matrix, entries in kg, kg m and kg m^2.
    V : numpy.ndarray, shape (5, 5)
        Centripetal and Coriolis matrix (V q_dot gives the velocity-product forces).
    B : numpy.ndarray, shape (5, 2)
        Input matrix mapping tau = (tau_r, tau_l), N m, onto the generalised forces.
    A : numpy.ndarray, shape (3, 5)
        Constraint matrix, A q_dot = 0 (no side slip, right wheel rolls, left wheel rolls).
    """

    M: np.ndarray
    V: np.ndarray
    B: np.ndarray
    A: np.ndarray


def _check_q(q, name: str) -> np.ndarray:
    return as_array(name, q, "m, m, rad, rad, rad", (5,), finite=True)


def lagrange_model(q, q_dot, params: DiffDriveParams) -> LagrangeModel:
    r"""Lagrange equations of the robot in the coordinates q = (x, y, theta, phi_r, phi_l).

    (x, y) is the axle midpoint, the centre of mass lies a distance d ahead of it:
    :math:`x_c = x + d\cos\theta`, :math:`y_c = y + d\sin\theta`. Kinetic energy

    .. math::

        T = \tfrac12 m (\dot x_c^2 + \dot y_c^2) + \tfrac12 I \dot\theta^2
            + \tfrac12 I_w (\dot\varphi_r^2 + \dot\varphi_l^2)

    gives :math:`M(q)\ddot q + V(q, \dot q)\dot q = B \tau - A(q)^T \lambda` with

    .. math::

        M = \begin{bmatrix}
            m & 0 & -m d \sin\theta & 0 & 0 \\
            0 & m & m d \cos\theta & 0 & 0 \\
            -m d \sin\theta & m d \cos\theta & I + m d^2 & 0 & 0 \\
            0 & 0 & 0 & I_w & 0 \\ 0 & 0 & 0 & 0 & I_w \end{bmatrix}, \quad
        V = \begin{bmatrix}
            0 & 0 & -m d \cos\theta\,\dot\theta & 0 & 0 \\
            0 & 0 & -m d \sin\theta\,\dot\theta & 0 & 0 \\
            0 & 0 & 0 & 0 & 0 \\ 0 & 0 & 0 & 0 & 0 \\ 0 & 0 & 0 & 0 & 0 \end{bmatrix},

    .. math::

        B = \begin{bmatrix} 0 & 0 \\ 0 & 0 \\ 0 & 0 \\ 1 & 0 \\ 0 & 1 \end{bmatrix}, \quad
        A = \begin{bmatrix}
            -\sin\theta & \cos\theta & 0 & 0 & 0 \\
            \cos\theta & \sin\theta & L/2 & -R & 0 \\
            \cos\theta & \sin\theta & -L/2 & 0 & -R \end{bmatrix}.

    Parameters
    ----------
    q : array_like, shape (5,)
        (x, y, theta, phi_r, phi_l): m, m, rad, rad, rad.
    q_dot : array_like, shape (5,)
        Its rate: m/s, m/s, rad/s, rad/s, rad/s.
    params : DiffDriveParams
        Robot parameters (m, I, d, I_w, R, L).

    Returns
    -------
    LagrangeModel
        ``M`` (5, 5), ``V`` (5, 5), ``B`` (5, 2), ``A`` (3, 5).

    Raises
    ------
    ParameterError
        If ``q`` or ``q_dot`` is not a finite array of shape (5,) or ``params`` is not a
        DiffDriveParams.

    Notes
    -----
    The rows of A are the three constraints: the axle midpoint does not slide sideways,
    :math:`-\dot x\sin\theta + \dot y\cos\theta = 0`, and each wheel rolls,
    :math:`\dot x\cos\theta + \dot y\sin\theta \pm (L/2)\dot\theta - R\dot\varphi = 0`
    (+ right, - left). lambda holds the constraint forces (lateral force at the axle, N, and
    the two longitudinal traction forces, N). The floor is flat (no potential energy); wheel
    mass and yaw inertia are lumped into m and I; the motor reaction torque acts about the
    axle, out of the plane, and does not enter. The thesis states the result as
    M q_ddot + V q_dot = B tau, i.e. after the constraint forces are eliminated.

    Examples
    --------
    >>> model = lagrange_model(np.zeros(5), np.zeros(5), DiffDriveParams())
    >>> print(model.M.shape, model.V.shape, model.B.shape, model.A.shape)
    (5, 5) (5, 5) (5, 2) (3, 5)
    """
    q = _check_q(q, "q")
    q_dot = _check_q(q_dot, "q_dot")
    p = _check_params(params)
    m, inertia, d = p.mass, p.yaw_inertia, p.com_offset
    i_w, radius, track = p.wheel_inertia, p.wheel_radius, p.track_width
    theta, theta_dot = q[2], q_dot[2]
    s, c = math.sin(theta), math.cos(theta)
    M = np.array([
        [m, 0.0, -m * d * s, 0.0, 0.0],
        [0.0, m, m * d * c, 0.0, 0.0],
        [-m * d * s, m * d * c, inertia + m * d**2, 0.0, 0.0],
        [0.0, 0.0, 0.0, i_w, 0.0],
        [0.0, 0.0, 0.0, 0.0, i_w],
    ])
    V = np.zeros((5, 5))
    V[0, 2] = -m * d * c * theta_dot
    V[1, 2] = -m * d * s * theta_dot
    B = np.zeros((5, 2))
    B[3, 0] = 1.0
    B[4, 1] = 1.0
    A = np.array([
        [-s, c, 0.0, 0.0, 0.0],
        [c, s, track / 2.0, -radius, 0.0],
        [c, s, -track / 2.0, 0.0, -radius],
    ])
    return LagrangeModel(M=M, V=V, B=B, A=A)


def null_space_matrix(q, params: DiffDriveParams) -> np.ndarray:
    r"""Matrix S(q) whose columns span the allowed velocities: q_dot = S(q) nu, A(q) S(q) = 0.

    .. math::

        S = \begin{bmatrix} \cos\theta & 0 \\ \sin\theta & 0 \\ 0 & 1 \\
            1/R & L/(2R) \\ 1/R & -L/(2R) \end{bmatrix}, \qquad \nu = (v, \omega)

    Parameters
    ----------
    q : array_like, shape (5,)
        (x, y, theta, phi_r, phi_l): m, m, rad, rad, rad.
    params : DiffDriveParams
        Robot parameters (R, L).

    Returns
    -------
    numpy.ndarray, shape (5, 2)
        Columns: the effect of v (m/s) and of omega (rad/s) on q_dot.

    Raises
    ------
    ParameterError
        If ``q`` is not a finite array of shape (5,) or ``params`` is not a DiffDriveParams.

    Notes
    -----
    Rows 4 and 5 are :func:`inverse_kinematics`; rows 1 to 3 are :func:`pose_rate`.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> S = null_space_matrix([0.0, 0.0, 0.3, 0.0, 0.0], p)
    >>> A = lagrange_model([0.0, 0.0, 0.3, 0.0, 0.0], np.zeros(5), p).A
    >>> print(np.abs(A @ S).max() < 1e-15)
    True
    """
    q = _check_q(q, "q")
    p = _check_params(params)
    theta = q[2]
    radius, track = p.wheel_radius, p.track_width
    return np.array([
        [math.cos(theta), 0.0],
        [math.sin(theta), 0.0],
        [0.0, 1.0],
        [1.0 / radius, track / (2.0 * radius)],
        [1.0 / radius, -track / (2.0 * radius)],
    ])


def reduced_model(q, nu, params: DiffDriveParams):
    r"""Equations of motion in nu = (v, omega), reduced numerically from the Lagrange model.

    Multiplying :math:`M\ddot q + V\dot q = B\tau - A^T\lambda` by :math:`S^T`
    (:func:`robodyn.mechanics.project_onto_free_velocities`) removes the constraint forces
    (:math:`S^T A^T = 0`); with :math:`\dot q = S\nu`, :math:`\ddot q = S\dot\nu + \dot S\nu`:

    .. math::

        \bar M \dot\nu + \bar V \nu = \bar B \tau, \qquad
        \bar M = S^T M S, \quad \bar V\nu = S^T (M \dot S + V S)\,\nu, \quad \bar B = S^T B

    with :math:`\dot S = (\partial S / \partial\theta)\,\omega`.

    Parameters
    ----------
    q : array_like, shape (5,)
        (x, y, theta, phi_r, phi_l): m, m, rad, rad, rad.
    nu : array_like, shape (2,)
        (v, omega): m/s, rad/s.
    params : DiffDriveParams
        Robot parameters.

    Returns
    -------
    M_bar : numpy.ndarray, shape (2, 2)
        Reduced mass matrix: kg, kg m, kg m^2.
    V_bar_nu : numpy.ndarray, shape (2,)
        Velocity-product terms: N, N m.
    B_bar : numpy.ndarray, shape (2, 2)
        Reduced input matrix, 1/m and dimensionless.

    Raises
    ------
    ParameterError
        If an array has the wrong shape or is not finite, or ``params`` is not a
        DiffDriveParams.

    Notes
    -----
    An independent numerical route to the closed form of :func:`body_acceleration`; the
    chapter and the tests compare the two.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> M_bar, V_bar_nu, B_bar = reduced_model(np.zeros(5), [0.3, 1.0], p)
    >>> print(f"{M_bar[0, 0]:.4f} kg = m_eff {p.effective_mass:.4f} kg")
    3.5602 kg = m_eff 3.5602 kg
    """
    q = _check_q(q, "q")
    nu = as_array("nu", nu, "m/s, rad/s", (2,), finite=True)
    p = _check_params(params)
    S = null_space_matrix(q, p)
    theta, omega = q[2], nu[1]
    S_dot = np.zeros((5, 2))
    S_dot[0, 0] = -math.sin(theta) * omega
    S_dot[1, 0] = math.cos(theta) * omega
    q_dot = S @ nu
    model = lagrange_model(q, q_dot, p)
    return project_onto_free_velocities(model.M, model.V @ q_dot, model.B, S, S_dot @ nu)


def _body_acceleration(v, omega, tau_r, tau_l, p):
    radius, track, m, d = p.wheel_radius, p.track_width, p.mass, p.com_offset
    v_dot = ((tau_r + tau_l) / radius + m * d * omega**2) / p.effective_mass
    omega_dot = (
        track * (tau_r - tau_l) / (2.0 * radius) - m * d * v * omega
    ) / p.effective_yaw_inertia
    return v_dot, omega_dot


def body_acceleration(v, omega, tau_r, tau_l, params: DiffDriveParams):
    r"""Forward and yaw acceleration from the wheel torques (closed form).

    .. math::

        \Big(m + \frac{2 I_w}{R^2}\Big)\dot v - m d \omega^2 = \frac{\tau_r + \tau_l}{R},
        \qquad
        \Big(I + m d^2 + \frac{I_w L^2}{2 R^2}\Big)\dot\omega + m d v \omega
        = \frac{L (\tau_r - \tau_l)}{2 R}

    Parameters
    ----------
    v : float or array_like
        Forward speed of the axle midpoint, m/s.
    omega : float or array_like
        Yaw rate, rad/s.
    tau_r, tau_l : float or array_like
        Right and left wheel torques, N m (all four broadcast).
    params : DiffDriveParams
        Robot parameters (m, I, d, I_w, R, L).

    Returns
    -------
    v_dot : float or numpy.ndarray
        Forward acceleration, m/s^2.
    omega_dot : float or numpy.ndarray
        Yaw acceleration, rad/s^2.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    The same equations follow from Newton-Euler on the body with the lateral constraint force
    at the axle: the centre of mass, a distance d ahead of the axle, has the centripetal
    acceleration d omega^2 towards the axle, so a robot spinning on the spot with d > 0 is
    pulled forward (v_dot > 0) and with d < 0 backward. With d = 0 the two equations decouple.
    Left out: rolling resistance, wheel slip, caster friction, motor electrics.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> v_dot, omega_dot = body_acceleration(0.0, 0.0, 0.1, 0.1, p)
    >>> print(f"{float(v_dot):.4f} m/s^2, {float(omega_dot):.1f} rad/s^2")
    1.5604 m/s^2, 0.0 rad/s^2
    """
    p = _check_params(params)
    return _body_acceleration(
        *_inputs(("v", v, "m/s"), ("omega", omega, "rad/s"), ("tau_r", tau_r, "N m"),
                 ("tau_l", tau_l, "N m")),
        p,
    )


def kinetic_energy(v, omega, params: DiffDriveParams):
    r"""Kinetic energy of the robot moving with (v, omega), wheel spin included.

    .. math:: E = \tfrac12 \Big(m + \frac{2 I_w}{R^2}\Big) v^2
              + \tfrac12 \Big(I + m d^2 + \frac{I_w L^2}{2 R^2}\Big) \omega^2

    Parameters
    ----------
    v : float or array_like
        Forward speed, m/s.
    omega : float or array_like
        Yaw rate, rad/s.
    params : DiffDriveParams
        Robot parameters.

    Returns
    -------
    float or numpy.ndarray
        Kinetic energy, J.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    Equals T of :func:`lagrange_model` at :math:`\dot q = S \nu`; no cross term in v omega
    appears because the centre-of-mass velocity's cross term is perpendicular. Conserved
    when both torques are zero.

    Examples
    --------
    >>> print(f"{float(kinetic_energy(0.3, 0.0, DiffDriveParams())):.4f} J")
    0.1602 J
    """
    p = _check_params(params)
    v, omega = _inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    return 0.5 * p.effective_mass * v**2 + 0.5 * p.effective_yaw_inertia * omega**2


def wheel_torques(phi_dot_ref, phi_dot, params: DiffDriveParams) -> np.ndarray:
    r"""Torques of the two wheel-speed controllers, proportional with a torque limit.

    .. math:: \tau = \mathrm{clip}\big(k\,(\dot\varphi_{ref} - \dot\varphi),
              -\tau_{max}, \tau_{max}\big)

    Parameters
    ----------
    phi_dot_ref : array_like, shape (2,) or (2, N)
        Reference wheel speeds (right, left), rad/s.
    phi_dot : array_like, shape (2,) or (2, N)
        Actual wheel speeds (right, left), rad/s (broadcast against ``phi_dot_ref``).
    params : DiffDriveParams
        Gives k = ``speed_gain`` and tau_max = ``max_wheel_torque``.

    Returns
    -------
    numpy.ndarray, shape (2,) or (2, N)
        (tau_r, tau_l), N m.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    No integral action: a constant load leaves a speed error. Motor electrics, back-EMF and
    traction limits are left out (``max_wheel_torque`` defaults below
    :attr:`DiffDriveParams.traction_torque_limit`).

    Examples
    --------
    >>> print(wheel_torques([8.0, 8.0], [0.0, 7.0], DiffDriveParams()))
    [0.4  0.05]
    """
    p = _check_params(params)
    phi_dot_ref, phi_dot = _inputs(("phi_dot_ref", phi_dot_ref, "rad/s"),
                                   ("phi_dot", phi_dot, "rad/s"))
    return np.clip(p.speed_gain * (phi_dot_ref - phi_dot), -p.max_wheel_torque,
                   p.max_wheel_torque)


def traction_demand(params: DiffDriveParams, drive_load_fraction: float = 1.0):
    r"""Floor force of a straight start at the torque limit, and the friction it needs.

    With both torques at tau_max and omega = 0, the reduced model gives
    v_dot = 2 tau_max / (R m_eff). The floor's friction at the two drive wheels is the only
    horizontal force on the robot (casters frictionless), so by Newton's law for the whole
    robot

    .. math:: F = m\,\dot v = \frac{2\tau_{max}}{R}\,\frac{m}{m_{eff}}, \qquad
              \mu_{needed} = \frac{F}{f\,m\,g}

    with f the fraction of the weight that the drive wheels carry. The rest of
    2 tau_max / R, 2 I_w v_dot / R^2, spins the wheels up.

    Parameters
    ----------
    params : DiffDriveParams
        Gives m, R, I_w (through m_eff), tau_max and g.
    drive_load_fraction : float, optional
        Fraction f of the weight on the two drive wheels, in (0, 1]; 1 puts none on the
        casters.

    Returns
    -------
    force : float
        Friction force F of the floor on the two drive wheels together, N.
    mu_needed : float
        Friction coefficient the start needs; the wheels slip when it exceeds ``mu_s``.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams or ``drive_load_fraction`` is outside (0, 1].

    Notes
    -----
    Load transfer by the acceleration (the centre of mass above the floor pitches the robot
    back onto the rear wheels or casters) is left out, and so is the split of the load
    between the two drive wheels: it is taken as equal.

    Examples
    --------
    >>> force, mu = traction_demand(DiffDriveParams())
    >>> print(f"{force:.1f} N, mu {mu:.2f}")
    27.3 N, mu 0.80
    """
    p = _check_params(params)
    f = check_real("drive_load_fraction", drive_load_fraction, "",
                   Range(above=0.0, at_most=1.0))
    force = 2.0 * p.max_wheel_torque / p.wheel_radius * p.mass / p.effective_mass
    return force, force / (f * p.mass * p.g)


def dynamic_rhs(t, state, params: DiffDriveParams, phi_dot_ref) -> np.ndarray:
    r"""Right-hand side of the dynamic model with speed-controlled wheels (scipy shape).

    With state (x, y, theta, v, omega):

    .. math::

        (\dot\varphi_r, \dot\varphi_l) &= \text{inverse\_kinematics}(v, \omega), \quad
        \tau = \text{wheel\_torques}(\dot\varphi_{ref}, \dot\varphi), \\
        (\dot v, \dot\omega) &= \text{body\_acceleration}(v, \omega, \tau_r, \tau_l), \quad
        (\dot x, \dot y, \dot\theta) = (v\cos\theta, v\sin\theta, \omega)

    Parameters
    ----------
    t : float
        Time, s (unused; the references are held constant by the caller).
    state : array_like, shape (5,) or (5, N)
        (x, y, theta, v, omega): m, m, rad, m/s, rad/s.
    params : DiffDriveParams
        Robot parameters.
    phi_dot_ref : array_like, shape (2,) or (2, N)
        Reference wheel speeds (right, left), rad/s.

    Returns
    -------
    numpy.ndarray, shape like ``state``
        (x_dot, y_dot, theta_dot, v_dot, omega_dot): m/s, m/s, rad/s, m/s^2, rad/s^2.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    The wheel speeds are tied to (v, omega) by the rolling constraints, so they are not
    states of their own. With a high ``speed_gain`` the model is stiff: an explicit step
    needs dt below about 2.8 m_eff R^2 / (2 k).

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> print(dynamic_rhs(0.0, np.zeros(5), p, [8.0, 8.0]).round(4))
    [0.     0.     0.     6.2419 0.    ]
    """
    p = _check_params(params)
    x, y, theta, v, omega = state
    phi_dot = np.array(_inverse_kinematics(v, omega, p.wheel_radius, p.track_width))
    tau = np.clip(p.speed_gain * (np.asarray(phi_dot_ref) - phi_dot), -p.max_wheel_torque,
                  p.max_wheel_torque)
    v_dot, omega_dot = _body_acceleration(v, omega, tau[0], tau[1], p)
    x_dot, y_dot, theta_dot = v * np.cos(theta), v * np.sin(theta), omega
    return np.array([x_dot, y_dot, theta_dot, v_dot, omega_dot])


# --------------------------------------------------------------------------- simulation


def simulate(
    params: DiffDriveParams,
    settings: FollowerSettings,
    model: str = "kinematic",
    t_max: float = 60.0,
    dt: float = 0.02,
    initial_pose=(0.0, 0.0, 0.0),
    substeps: int = 4,
) -> SimulationResult:
    r"""Drive the robot through the waypoints of ``settings`` in a sampled-data loop.

    Every ``dt`` a :class:`~robodyn.waypoints.WaypointFollower` turns the measured pose into a
    command (v_cmd, omega_cmd), held until the next sample; :func:`inverse_kinematics` and
    :func:`saturate_wheel_speeds` turn it into wheel-speed references. Then

    - ``model="kinematic"``: the wheels follow the references exactly; the pose advances by
      :func:`integrate_pose` (exact for the held command);
    - ``model="dynamic"``: the state (x, y, theta, v, omega) starts at rest and advances by
      ``substeps`` :func:`~robodyn.integrate.rk4_step` steps of :func:`dynamic_rhs` (speed
      controllers with torque limits, Lagrange dynamics).

    The run stops at the sample where the follower enters ``ReachedGoal`` (that sample is
    recorded) or after ``t_max``.

    Parameters
    ----------
    params : DiffDriveParams
        Robot parameters.
    settings : FollowerSettings
        Waypoints and controller settings.
    model : {"kinematic", "dynamic"}, optional
        Which robot model to drive.
    t_max : float, optional
        Longest simulated time, s (> 0).
    dt : float, optional
        Control period, s (> 0, at most ``t_max``).
    initial_pose : array_like, shape (3,), optional
        Start pose (x, y, theta): m, m, rad.
    substeps : int, optional
        RK4 steps per control period for the dynamic model (>= 1).

    Returns
    -------
    SimulationResult
        Columns ``x``, ``y``, ``theta`` (m, m, rad; theta not wrapped), ``v``, ``omega``
        (m/s, rad/s), ``phi_dot_r``, ``phi_dot_l`` (rad/s), ``v_cmd``, ``omega_cmd`` (the
        follower's commands, held from each sample to the next) and ``tau_r``, ``tau_l``
        (N m; NaN for the kinematic model), at the sample times ``t``. ``success`` is True
        when the last waypoint was reached; ``message`` says what happened, with advice if
        the goal was not reached. Details: ``waypoint_times`` (the sample time at which each
        waypoint was reached, s; NaN if it was not) and ``model``.

    Raises
    ------
    ParameterError
        If an input is of the wrong type or out of range (the message names it), or, for the
        dynamic model, if the RK4 step dt / substeps exceeds the stability limit
        ``RK4_STABILITY_LIMIT`` times the shorter of ``params.speed_loop_time_constants``
        (the message gives the number of substeps needed).
    SimulationError
        If the state becomes NaN or infinite (advice: a smaller dt or more substeps).

    Notes
    -----
    Sensing is perfect and instantaneous (the thesis's Transform Sensor); no wheel slip, no
    noise. At each sample the recorded commands, and for the kinematic model v, omega and the
    wheel speeds (after saturation), are the ones held over the following period; for the
    dynamic model v, omega and the wheel speeds are the state at the sample. The recorded
    torques are those at the samples; between samples they change with the wheel speeds.
    The follower switches waypoints only at samples, so two runs that differ by a hair can
    switch one sample apart. The stability check uses the linearised speed loop; the torque
    limit hides an unstable step (the run stays bounded but is wrong), which is why it is
    checked before the run. The torque limit's kink lowers RK4 to about second order while a
    torque saturates. The loop works on Python floats (see :func:`_kinematic_period`).

    Examples
    --------
    >>> run = simulate(DiffDriveParams(), FollowerSettings([[1.0, 0.0], [1.0, 1.0]]))
    >>> print(run.success, run.waypoint_times.round(2))
    True [3.   6.38]
    """
    p = _check_params(params)
    if not isinstance(settings, FollowerSettings):
        raise ParameterError(
            f"settings must be a FollowerSettings, got {settings!r} of type "
            f"{type(settings).__name__}"
        )
    check_choice("model", model, MODELS)
    t_max = check_positive("t_max", t_max, "s")
    dt = check_positive("dt", dt, "s")
    if dt > t_max:
        raise ParameterError(f"dt must be <= t_max = {t_max:g} s, got {dt:g}")
    substeps = check_integer("substeps", substeps, at_least=1)
    pose0 = as_array("initial_pose", initial_pose, "m, m, rad", (3,), finite=True)
    h = dt / substeps
    dynamic = model == "dynamic"
    if dynamic:
        h_stable = RK4_STABILITY_LIMIT * min(p.speed_loop_time_constants)
        if h > h_stable:
            raise ParameterError(
                f"substeps must be >= {math.ceil(dt / h_stable)} for dt = {dt:g} s, got "
                f"{substeps}: the RK4 step dt / substeps = {h:.3g} s exceeds the stability "
                f"limit {h_stable:.3g} s of the wheel-speed loop (speed_gain = "
                f"{p.speed_gain:g} N m s/rad, time constants "
                f"{', '.join(f'{tau:.3g}' for tau in p.speed_loop_time_constants)} s). "
                f"Use more substeps or a smaller dt."
            )

    follower = WaypointFollower(settings)
    n_points = settings.waypoints.shape[0]
    waypoint_times = np.full(n_points, np.nan)
    n_periods = int(math.floor(t_max / dt + 1e-9))
    x, y, theta = pose0.tolist()
    v = omega = 0.0
    state = np.array([x, y, theta, v, omega])
    rows = []
    for k in range(n_periods + 1):
        t_k = k * dt
        if dynamic:
            x, y, theta, v, omega = state.tolist()
        if not all(map(math.isfinite, (x, y, theta, v, omega))):
            raise SimulationError(
                f"the {model} state (x, y, theta, v, omega) became non-finite at "
                f"t = {t_k:.6g} s: {(x, y, theta, v, omega)}. Advice: use a smaller dt or more "
                f"substeps; the RK4 step dt / substeps = {h:.3g} s may be too long for "
                f"speed_gain = {p.speed_gain:g} N m s/rad."
            )
        index_before = follower.index
        v_cmd, omega_cmd = follower.command_at(x, y, theta)
        waypoint_times[index_before:follower.index] = t_k
        ref_r, ref_l = _saturated_references(v_cmd, omega_cmd, p)
        if dynamic:
            phi_r, phi_l = _inverse_kinematics(v, omega, p.wheel_radius, p.track_width)
            tau_r = _torque(ref_r, phi_r, p)
            tau_l = _torque(ref_l, phi_l, p)
        else:
            phi_r, phi_l = ref_r, ref_l
            v, omega = _forward_kinematics(phi_r, phi_l, p.wheel_radius, p.track_width)
            tau_r = tau_l = math.nan
        rows.append((t_k, x, y, theta, v, omega, phi_r, phi_l, v_cmd, omega_cmd, tau_r, tau_l))
        if follower.state == REACHED_GOAL or k == n_periods:
            break
        if dynamic:
            phi_ref = np.array([ref_r, ref_l])
            for j in range(substeps):
                state = rk4_step(dynamic_rhs, t_k + j * h, state, h, p, phi_ref)
        else:
            x, y, theta = _kinematic_period(x, y, theta, v, omega, dt)

    names = ("t", "x", "y", "theta", "v", "omega", "phi_dot_r", "phi_dot_l", "v_cmd",
             "omega_cmd", "tau_r", "tau_l")
    data = dict(zip(names, np.array(rows, dtype=float).T, strict=True))
    t = data.pop("t")
    reached = follower.state == REACHED_GOAL
    return SimulationResult(
        t=t,
        columns=data,
        success=reached,
        message=_course_message(reached, follower, waypoint_times, t[-1], t_max),
        details={"waypoint_times": waypoint_times, "model": model},
    )


def _course_message(reached, follower, waypoint_times, t_end, t_max) -> str:
    settings = follower.settings
    n_points = settings.waypoints.shape[0]
    if reached:
        return f"reached all {n_points} waypoints; the last at t = {t_end:.4g} s"
    n_reached = int(np.count_nonzero(np.isfinite(waypoint_times)))
    goal = settings.waypoints[follower.index]
    return (
        f"t_max = {t_max:g} s ran out with {n_reached} of {n_points} waypoints reached; "
        f"the robot was heading for waypoint {follower.index + 1} (counting from 1) at "
        f"({goal[0]:g}, {goal[1]:g}) m. If it circles that waypoint, its minimum turning "
        f"radius speed / omega_max = {settings.minimum_turning_radius:.3g} m is too large for "
        f"the tolerance {settings.tolerance:g} m: lower speed, raise omega_max or raise "
        f"tolerance. If it was still on its way, raise t_max."
    )


# ----------------------------------------------------------------- fast path of simulate()
# simulate() advances one robot sample by sample, and the chapter's waypoint widget runs a
# course of about a thousand samples on every slider move. NumPy costs about a microsecond
# per call on a single float, ten times what math costs: the same loop written with the
# public NumPy functions takes 39 ms instead of 3 ms (benchmarks/simulate_fast_path.py). So
# the loop alone works on Python floats with the three helpers below, each the one-sample
# form of a public, vectorised function; a test keeps each equal to its original.


def _kinematic_period(x, y, theta, v, omega, dt):
    """:func:`integrate_pose` for one pose given as floats."""
    half_turn = omega * dt / 2.0
    chord = v * dt * (math.sin(half_turn) / half_turn if half_turn != 0.0 else 1.0)
    heading = theta + half_turn
    return x + chord * math.cos(heading), y + chord * math.sin(heading), theta + omega * dt


def _saturated_references(v_cmd, omega_cmd, p):
    """:func:`inverse_kinematics` then :func:`saturate_wheel_speeds`, for floats."""
    ref_r, ref_l = _inverse_kinematics(v_cmd, omega_cmd, p.wheel_radius, p.track_width)
    limit = p.max_wheel_speed
    scale = limit / max(abs(ref_r), abs(ref_l), limit)
    return ref_r * scale, ref_l * scale


def _torque(phi_dot_ref, phi_dot, p):
    """:func:`wheel_torques` for one wheel, floats."""
    return min(max(p.speed_gain * (phi_dot_ref - phi_dot), -p.max_wheel_torque),
               p.max_wheel_torque)


# --------------------------------------------------------------- rolling resistance (chapter 2)


def straight_run_with_rolling_resistance(
    params: DiffDriveParams,
    v_ref: float,
    rolling_coefficient: float,
    integral_gain: float = 0.0,
    anti_windup: bool = True,
    t_end: float = 2.0,
    dt: float = 1e-3,
) -> SimulationResult:
    r"""Drive straight from rest under wheel-speed control, against rolling resistance.

    Both wheels get the reference :math:`\dot\varphi_{ref} = v_{ref}/R`. Each carries half the
    weight and meets a rolling-resistance force :math:`c_{rr}\,m g/2` against the motion
    (:func:`robodyn.friction.coulomb`), a torque :math:`\tau_{rr} = c_{rr}\,m g R/2` at its
    axle. The speed controller is proportional-integral with the torque limit,

    .. math::

        \tau = \mathrm{clip}\big(k\,e + k_i \textstyle\int e\,dt,\ \pm\tau_{max}\big), \qquad
        e = \dot\varphi_{ref} - \dot\varphi, \qquad
        m_{eff}\,\dot v = \frac{2(\tau - \tau_{rr}\,\mathrm{sign}\,v)}{R}.

    With :math:`k_i = 0` (the controller of chapter 4) the speed settles short of the
    reference, at :math:`e = \tau_{rr}/k`, a speed error :math:`R\,\tau_{rr}/k`; the integral
    term removes it. *Anti-windup*: while the torque sits at its limit the integral stops
    growing in the direction that pushes it further (conditional integration), so it does not
    store error that must be unwound later as overshoot.

    Parameters
    ----------
    params : DiffDriveParams
        The robot (m, g, R, m_eff, speed_gain k, max_wheel_torque).
    v_ref : float
        Speed reference, m/s.
    rolling_coefficient : float
        :math:`c_{rr}`, dimensionless (>= 0), about 0.01 for hard wheels on a hard floor.
    integral_gain : float
        :math:`k_i`, N m per rad (>= 0).
    anti_windup : bool
        Conditional integration at the torque limit.
    t_end, dt : float
        Duration and step of the sampled controller and of the semi-implicit Euler step, s.

    Returns
    -------
    SimulationResult
        Columns ``v`` (m/s), ``tau`` (N m, per wheel), ``integral`` (rad, the integrated
        wheel-speed error); detail ``steady_error_p`` (m/s), the proportional controller's
        predicted error :math:`R\tau_{rr}/k`.
    """
    from robodyn import friction

    p = _check_params(params)
    v_ref = check_real("v_ref", v_ref, "m/s")
    c_rr = check_non_negative("rolling_coefficient", rolling_coefficient)
    k_i = check_non_negative("integral_gain", integral_gain, "N m/rad")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    resistance = c_rr * p.mass * p.g / 2.0  # N per wheel
    reference = v_ref / p.wheel_radius
    v, integral = 0.0, 0.0
    n_steps = int(round(t_end / dt))
    rows = np.empty((n_steps + 1, 4))
    for step in range(n_steps + 1):
        error = reference - v / p.wheel_radius
        wanted = p.speed_gain * error + k_i * integral
        tau = min(max(wanted, -p.max_wheel_torque), p.max_wheel_torque)
        rows[step] = step * dt, v, tau, integral
        saturated = tau != wanted and np.sign(error) == np.sign(wanted)
        if not (anti_windup and saturated):
            integral += error * dt
        drive = 2.0 * (tau / p.wheel_radius + float(friction.coulomb(v, resistance)))
        v += dt * drive / p.effective_mass
    t, v_column, tau_column, integral_column = rows.T
    steady = p.wheel_radius * resistance * p.wheel_radius / p.speed_gain
    return SimulationResult(
        t=t, columns={"v": v_column, "tau": tau_column, "integral": integral_column},
        message=f"{n_steps} steps of {dt:g} s", details={"steady_error_p": steady})
