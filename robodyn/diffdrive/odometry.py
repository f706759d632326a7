"""Wheel odometry of a differential-drive robot: the pose from wheel-encoder counts.

An incremental encoder counts ``counts_per_rev`` steps per wheel turn. Odometry converts the
count increments of each sample into the distance each wheel rolled, with the wheel radii the
robot *believes*, and chains exact arc steps (:func:`robodyn.diffdrive.integrate_pose`).
Quantisation, count noise and a wrong radius make the estimate drift from the true path.

Conventions as in :mod:`robodyn.diffdrive`: SI units and radians; poses have shape (3, N)
with (x, y, theta) on the first axis; wheel angles are positive when the wheel drives the
robot forward.

>>> angles = np.array([0.0, 2 * np.pi])          # one wheel turn, both wheels
>>> poses = dead_reckoning(angles, angles, 0.036, 0.036, 0.235)
>>> print(f"{poses[0, -1]:.4f} m")               # 2 pi R
0.2262 m
"""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import as_array, check_integer, check_non_negative, check_positive
from robodyn.diffdrive.kinematics import integrate_pose, inverse_kinematics

__all__ = ["dead_reckoning", "drive_square", "encoder_angles", "encoder_counts"]


def encoder_counts(phi, counts_per_rev: int, noise_counts: float = 0.0, rng=None) -> np.ndarray:
    r"""Counts of an incremental encoder at wheel angles ``phi``.

    .. math::

        n_k = \left\lfloor \frac{N \varphi_k}{2\pi} + \sigma\,\xi_k \right\rfloor,
        \qquad \xi_k \sim \mathcal N(0, 1)

    Parameters
    ----------
    phi : array_like, shape (N,)
        True wheel angle at each sample, rad (finite).
    counts_per_rev : int
        Encoder counts per wheel turn N (>= 1).
    noise_counts : float, optional
        Standard deviation sigma of the count jitter, counts (>= 0); 0 gives pure
        quantisation.
    rng : numpy.random.Generator, optional
        Source of the jitter; required when ``noise_counts`` > 0 (seed it).

    Returns
    -------
    numpy.ndarray of int64, shape (N,)

    Notes
    -----
    The jitter is drawn for each sample independently, so it does not accumulate in the count
    itself (an edge seen early or late); missed counts and wheel slip are not modelled.

    >>> encoder_counts([0.0, 0.01, np.pi], 360)
    array([  0,   0, 180])
    """
    phi = as_array("phi", phi, "rad", (None,), finite=True)
    n = check_integer("counts_per_rev", counts_per_rev, at_least=1)
    sigma = check_non_negative("noise_counts", noise_counts, "counts")
    scaled = n * phi / (2.0 * np.pi)
    if sigma > 0.0:
        if rng is None:
            raise ParameterError("rng must be a numpy.random.Generator when noise_counts > 0, "
                                 "got None")
        scaled = scaled + sigma * rng.standard_normal(phi.shape)
    return np.floor(scaled).astype(np.int64)


def encoder_angles(counts, counts_per_rev: int) -> np.ndarray:
    """Wheel angles the controller reads from encoder counts, 2 pi n / N, rad.

    Parameters
    ----------
    counts : array_like of int, shape (N,)
    counts_per_rev : int
        Counts per wheel turn N (>= 1).
    """
    counts = as_array("counts", counts, "counts", (None,), finite=True)
    n = check_integer("counts_per_rev", counts_per_rev, at_least=1)
    return 2.0 * np.pi * counts / n


def dead_reckoning(phi_r, phi_l, wheel_radius_r: float, wheel_radius_l: float,
                   track_width: float, pose0=(0.0, 0.0, 0.0)) -> np.ndarray:
    r"""Pose estimate from sampled wheel angles (odometry), one exact arc per sample.

    Between samples k and k+1 each wheel rolls :math:`s_{r} = R_r\,\Delta\varphi_r`,
    :math:`s_{l} = R_l\,\Delta\varphi_l`; the axle midpoint moves
    :math:`\Delta s = (s_r + s_l)/2` and turns :math:`\Delta\theta = (s_r - s_l)/L`, on an
    arc (eq. dd-exact-pose-step with :math:`v\Delta t = \Delta s`,
    :math:`\omega\Delta t = \Delta\theta`).

    Parameters
    ----------
    phi_r, phi_l : array_like, shape (N,)
        Right and left wheel angles at the samples, rad (finite), e.g. from
        :func:`encoder_angles`.
    wheel_radius_r, wheel_radius_l : float
        Wheel radii the odometry uses, m (> 0).
    track_width : float
        Track width L the odometry uses, m (> 0).
    pose0 : array_like, shape (3,)
        Pose at the first sample: m, m, rad.

    Returns
    -------
    numpy.ndarray, shape (3, N)
        Estimated poses (x, y, theta) at the samples; theta is not wrapped.

    Notes
    -----
    The heading estimate is :math:`\theta_0 + (R_r(\varphi_r - \varphi_{r,0}) -
    R_l(\varphi_l - \varphi_{l,0}))/L` exactly, whatever the sampling: it depends only on the
    total angles. The position depends on the path between samples (an arc is assumed).
    """
    phi_r = as_array("phi_r", phi_r, "rad", (None,), finite=True)
    phi_l = as_array("phi_l", phi_l, "rad", (None,), finite=True)
    if phi_r.shape != phi_l.shape:
        raise ParameterError(f"phi_r and phi_l must have the same shape, got {phi_r.shape} "
                             f"and {phi_l.shape}")
    if phi_r.size < 1:
        raise ParameterError("phi_r must hold at least one sample, got none")
    r_r = check_positive("wheel_radius_r", wheel_radius_r, "m")
    r_l = check_positive("wheel_radius_l", wheel_radius_l, "m")
    width = check_positive("track_width", track_width, "m")
    pose0 = as_array("pose0", pose0, "m, m, rad", (3,), finite=True)
    s_r, s_l = r_r * np.diff(phi_r), r_l * np.diff(phi_l)
    ds, dtheta = (s_r + s_l) / 2.0, (s_r - s_l) / width
    theta = pose0[2] + np.concatenate([[0.0], np.cumsum(dtheta)])
    steps = integrate_pose(np.vstack([np.zeros((2, ds.size)), theta[:-1]]), ds, dtheta, 1.0)
    x = pose0[0] + np.concatenate([[0.0], np.cumsum(steps[0])])
    y = pose0[1] + np.concatenate([[0.0], np.cumsum(steps[1])])
    return np.array([x, y, theta])


def drive_square(side: float, laps: int, speed: float, turn_rate: float, dt: float,
                 wheel_radius_r: float, wheel_radius_l: float, track_width: float):
    """True motion on a square, counter-clockwise: drive a side, turn 90 deg on the spot, repeat.

    Parameters
    ----------
    side : float
        Side length, m (> 0).
    laps : int
        Number of laps (>= 1).
    speed : float
        Forward speed on the sides, m/s (> 0).
    turn_rate : float
        Yaw rate of the turns on the spot, rad/s (> 0).
    dt : float
        Largest sample period, s (> 0); each segment is cut into equal samples no longer.
    wheel_radius_r, wheel_radius_l : float
        TRUE wheel radii, m (> 0): they set how far the wheels turn.
    track_width : float
        True track width, m (> 0).

    Returns
    -------
    t : numpy.ndarray, shape (N,)
        Sample times, s.
    poses : numpy.ndarray, shape (3, N)
        True poses (x, y, theta), m, m, rad, starting at the origin heading along x.
    phi_r, phi_l : numpy.ndarray, shape (N,)
        True wheel angles, rad, starting at 0.
    distance : numpy.ndarray, shape (N,)
        Distance the axle midpoint has travelled, m.
    """
    side = check_positive("side", side, "m")
    laps = check_integer("laps", laps, at_least=1)
    speed = check_positive("speed", speed, "m/s")
    turn_rate = check_positive("turn_rate", turn_rate, "rad/s")
    dt = check_positive("dt", dt, "s")
    segments = [(speed, 0.0, side / speed), (0.0, turn_rate, np.pi / 2 / turn_rate)] * 4 * laps
    v, omega, step = [], [], []
    for seg_v, seg_omega, duration in segments:
        n = max(int(np.ceil(duration / dt - 1e-9)), 1)  # at least one sample a segment
        v += [seg_v] * n
        omega += [seg_omega] * n
        step += [duration / n] * n
    v, omega, step = np.array(v), np.array(omega), np.array(step)
    rate_r, _ = inverse_kinematics(v, omega, wheel_radius_r, track_width)
    _, rate_l = inverse_kinematics(v, omega, wheel_radius_l, track_width)
    phi_r = np.concatenate([[0.0], np.cumsum(rate_r * step)])
    phi_l = np.concatenate([[0.0], np.cumsum(rate_l * step)])
    poses = dead_reckoning(phi_r, phi_l, wheel_radius_r, wheel_radius_l, track_width)
    t = np.concatenate([[0.0], np.cumsum(step)])
    distance = np.concatenate([[0.0], np.cumsum(v * step)])
    return t, poses, phi_r, phi_l, distance
