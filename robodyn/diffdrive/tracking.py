"""Trajectory tracking of a differential-drive robot: Kanayama's controller.

A reference robot drives a timed path (x_r, y_r, theta_r)(t) with speeds v_r and omega_r; the
controller steers the real robot onto it, speed and timing included (Kanayama, Kimura,
Miyazaki and Noguchi, "A stable tracking control method for an autonomous mobile robot",
IEEE ICRA 1990).

Conventions as in :mod:`robodyn.diffdrive`: SI units and radians; poses have shape (3,) or
(3, N) with (x, y, theta) on the first axis.

>>> v, omega = kanayama_command([0.0, 0.0, 0.0], [0.1, 0.0, 0.0], 0.3, 0.0, 1.0, 10.0, 5.0)
>>> print(f"{v:.2f} m/s, {omega:.2f} rad/s")
0.40 m/s, 0.00 rad/s
"""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import as_array, check_positive
from robodyn.core.rotations import wrap_angle
from robodyn.diffdrive.kinematics import integrate_pose

__all__ = ["circle_reference", "kanayama_command", "lyapunov_function", "track",
           "tracking_error"]


def tracking_error(pose, pose_ref) -> np.ndarray:
    r"""Error of the reference pose seen from the robot, in the robot's frame.

    .. math::

        \begin{pmatrix} x_e\\ y_e \end{pmatrix} =
        \begin{pmatrix} \cos\theta & \sin\theta\\ -\sin\theta & \cos\theta \end{pmatrix}
        \begin{pmatrix} x_r - x\\ y_r - y \end{pmatrix}, \qquad
        \theta_e = \mathrm{wrap}(\theta_r - \theta)

    Parameters
    ----------
    pose, pose_ref : array_like, shape (3,) or (3, N)
        Robot pose and reference pose (x, y, theta): m, m, rad.

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, N)
        (x_e, y_e, theta_e): m ahead, m to the left, rad in (-pi, pi].
    """
    x, y, theta = as_array("pose", pose, "m, m, rad")
    x_r, y_r, theta_r = as_array("pose_ref", pose_ref, "m, m, rad")
    dx, dy = x_r - x, y_r - y
    return np.array([np.cos(theta) * dx + np.sin(theta) * dy,
                     -np.sin(theta) * dx + np.cos(theta) * dy,
                     wrap_angle(theta_r - theta)])


def kanayama_command(pose, pose_ref, v_ref: float, omega_ref: float, k_x: float, k_y: float,
                     k_theta: float):
    r"""Forward speed and yaw rate of Kanayama's tracking controller.

    .. math::

        v = v_r\cos\theta_e + k_x x_e, \qquad
        \omega = \omega_r + v_r\,(k_y\,y_e + k_\theta\sin\theta_e)

    with (x_e, y_e, theta_e) from :func:`tracking_error`.

    Parameters
    ----------
    pose, pose_ref : array_like, shape (3,)
        Robot pose and reference pose: m, m, rad.
    v_ref : float
        Reference forward speed, m/s.
    omega_ref : float
        Reference yaw rate, rad/s.
    k_x : float
        Gain on the error ahead, 1/s (> 0).
    k_y : float
        Gain on the error to the side, 1/m^2 (> 0).
    k_theta : float
        Gain on the heading error, 1/m (> 0).

    Returns
    -------
    v : float
        Forward-speed command, m/s.
    omega : float
        Yaw-rate command, rad/s.

    Notes
    -----
    With v_r > 0, V = (x_e^2 + y_e^2) / 2 + (1 - cos theta_e) / k_y
    (:func:`lyapunov_function`) has the rate -k_x x_e^2 - v_r k_theta sin^2(theta_e) / k_y
    <= 0 on the kinematic model, so the error cannot grow. Speed and torque limits are left
    out; the command is not saturated here.
    """
    k_x = check_positive("k_x", k_x, "1/s")
    k_y = check_positive("k_y", k_y, "1/m^2")
    k_theta = check_positive("k_theta", k_theta, "1/m")
    x_e, y_e, theta_e = tracking_error(as_array("pose", pose, "m, m, rad", (3,)), pose_ref)
    v = v_ref * np.cos(theta_e) + k_x * x_e
    omega = omega_ref + v_ref * (k_y * y_e + k_theta * np.sin(theta_e))
    return float(v), float(omega)


def lyapunov_function(error, k_y: float):
    """Kanayama's Lyapunov function V = (x_e^2 + y_e^2) / 2 + (1 - cos theta_e) / k_y, m^2.

    Parameters
    ----------
    error : array_like, shape (3,) or (3, N)
        Tracking error (x_e, y_e, theta_e): m, m, rad.
    k_y : float
        Gain on the error to the side, 1/m^2 (> 0).
    """
    x_e, y_e, theta_e = as_array("error", error, "m, m, rad")
    k_y = check_positive("k_y", k_y, "1/m^2")
    return (x_e**2 + y_e**2) / 2.0 + (1.0 - np.cos(theta_e)) / k_y


def circle_reference(radius: float, speed: float, duration: float, dt: float):
    """A reference that drives a circle counter-clockwise from the origin, heading along x.

    pose_r(t) = (r sin(w t), r (1 - cos(w t)), w t) with w = speed / r.

    Parameters
    ----------
    radius : float
        Circle radius r, m (> 0).
    speed : float
        Forward speed v_r, m/s (> 0).
    duration : float
        Length of the reference, s (> 0).
    dt : float
        Sample period, s (> 0).

    Returns
    -------
    t : numpy.ndarray, shape (N,)
        Sample times, s.
    poses : numpy.ndarray, shape (3, N)
        Reference poses, m, m, rad.
    v_ref, omega_ref : numpy.ndarray, shape (N,)
        Reference speeds, m/s and rad/s.
    """
    radius = check_positive("radius", radius, "m")
    speed = check_positive("speed", speed, "m/s")
    duration = check_positive("duration", duration, "s")
    dt = check_positive("dt", dt, "s")
    t = np.arange(0.0, duration + dt / 2, dt)
    rate = speed / radius
    poses = np.array([radius * np.sin(rate * t), radius * (1.0 - np.cos(rate * t)), rate * t])
    return t, poses, np.full(t.shape, speed), np.full(t.shape, rate)


def track(t, poses_ref, v_ref, omega_ref, pose0, k_x: float, k_y: float, k_theta: float):
    """Kinematic robot under Kanayama's controller, command held over each sample.

    Parameters
    ----------
    t : array_like, shape (N,)
        Sample times, s, increasing.
    poses_ref : array_like, shape (3, N)
        Reference poses at the samples, m, m, rad.
    v_ref, omega_ref : array_like, shape (N,)
        Reference speeds at the samples, m/s and rad/s.
    pose0 : array_like, shape (3,)
        Robot pose at t[0], m, m, rad.
    k_x, k_y, k_theta : float
        Gains of :func:`kanayama_command`, 1/s, 1/m^2, 1/m (> 0).

    Returns
    -------
    numpy.ndarray, shape (3, N)
        Robot poses at the samples; between samples the command is held and the pose advanced
        by the exact step :func:`robodyn.diffdrive.integrate_pose`.
    """
    t = as_array("t", t, "s", (None,), finite=True)
    n = t.size
    if n < 2 or np.any(np.diff(t) <= 0.0):
        raise ParameterError(f"t must hold at least two increasing times, got {t.size} "
                             "samples" + ("" if n < 2 else " that do not increase"))
    poses_ref = as_array("poses_ref", poses_ref, "m, m, rad", (3, n), finite=True)
    v_ref = as_array("v_ref", v_ref, "m/s", (n,), finite=True)
    omega_ref = as_array("omega_ref", omega_ref, "rad/s", (n,), finite=True)
    pose = as_array("pose0", pose0, "m, m, rad", (3,), finite=True)
    poses = np.empty((3, n))
    poses[:, 0] = pose
    for k in range(n - 1):
        v, omega = kanayama_command(pose, poses_ref[:, k], v_ref[k], omega_ref[k], k_x, k_y,
                                    k_theta)
        pose = integrate_pose(pose, v, omega, t[k + 1] - t[k])
        poses[:, k + 1] = pose
    return poses
