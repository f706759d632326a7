"""Kinematics of the differential drive: wheel speeds, body twist, pose."""

from __future__ import annotations

import numpy as np

from robodyn.core.params import (
    as_array,
    check_positive,
)
from robodyn.diffdrive.params import as_pose, broadcast_inputs, scalar_out


def wheel_speeds_to_twist(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2.0
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def twist_to_wheel_speeds(v, omega, wheel_radius, track_width):
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
    phi_dot_r, phi_dot_l = broadcast_inputs(("phi_dot_r", phi_dot_r, "rad/s"),
                                   ("phi_dot_l", phi_dot_l, "rad/s"))
    wheel_radius = check_positive("wheel_radius", wheel_radius, "m")
    track_width = check_positive("track_width", track_width, "m")
    return wheel_speeds_to_twist(phi_dot_r, phi_dot_l, wheel_radius, track_width)


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
    >>> from robodyn.diffdrive import DiffDriveParams
    >>> p = DiffDriveParams()
    >>> r, l = inverse_kinematics(0.3, 0.0, p.wheel_radius, p.track_width)
    >>> print(f"{float(r):.3f} {float(l):.3f} rad/s")
    8.333 8.333 rad/s
    """
    v, omega = broadcast_inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    wheel_radius = check_positive("wheel_radius", wheel_radius, "m")
    track_width = check_positive("track_width", track_width, "m")
    return twist_to_wheel_speeds(v, omega, wheel_radius, track_width)


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
    v, omega = broadcast_inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    radius = np.full(v.shape, np.inf)
    np.divide(v, omega, out=radius, where=omega != 0.0)
    return scalar_out(radius)


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
    x, y, theta = as_pose(pose)
    v, omega = broadcast_inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    radius = np.full(v.shape, np.nan)
    np.divide(v, omega, out=radius, where=omega != 0.0)
    return scalar_out(x - radius * np.sin(theta)), scalar_out(y + radius * np.cos(theta))


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
    x, y, theta = as_pose(pose)
    theta, v, omega = broadcast_inputs(("theta", theta, "rad"), ("v", v, "m/s"),
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
    x, y, theta = as_pose(pose)
    x, y, theta, v, omega, dt = broadcast_inputs(
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
    x, y, theta = as_pose(pose)
    x, y, theta, v, omega, dt = broadcast_inputs(
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
    phi_dot_r, phi_dot_l = broadcast_inputs(("phi_dot_r", phi_dot_r, "rad/s"),
                                   ("phi_dot_l", phi_dot_l, "rad/s"))
    max_wheel_speed = check_positive("max_wheel_speed", max_wheel_speed, "rad/s")
    scale = max_wheel_speed / np.maximum(np.maximum(np.abs(phi_dot_r), np.abs(phi_dot_l)),
                                         max_wheel_speed)
    return phi_dot_r * scale, phi_dot_l * scale
