"""Blind slips for exercise 4.6 (differential drive): written from the exercise notebooks, the
chapters and the solutions, without reading the checks."""

import numpy as np

# --------------------------------------------------------------------------- 4.4 helpers
# A student's own integrate_pose of exercise 4.4 (right), and two of its slips that a 4.6
# answer may call.


def integrate_pose(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half),
                     y + chord * np.sin(theta + half),
                     theta + omega * dt])


def integrate_pose_sinc(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half)  # numpy's sinc is sin(pi x)/(pi x)
    return np.array([x + chord * np.cos(theta + half),
                     y + chord * np.sin(theta + half),
                     theta + omega * dt])


def euler_pose(pose, v, omega, dt):
    x, y, theta = pose
    return np.array([x + v * dt * np.cos(theta), y + v * dt * np.sin(theta), theta + omega * dt])


def _odometry_moves(side, tyre_error, wheel_radius, track_width):
    """The reported (distance, turn) of a side and of a corner."""
    R, L = wheel_radius, track_width
    corner = np.pi / 2 * L / 2
    moves = []
    for rolled_r, rolled_l in ((side, side), (corner, -corner)):
        phi_r = rolled_r / ((1 + tyre_error) * R)
        phi_l = rolled_l / R
        s_r, s_l = R * phi_r, R * phi_l
        moves.append(((s_r + s_l) / 2, (s_r - s_l) / L))
    return moves


# --------------------------------------------------------------------------- 4.6 square_odometry


def tyre_factor_multiplied(side, laps, tyre_error, wheel_radius, track_width):
    """Takes the larger tyre to make the right wheel read (1 + e) times too far, not 1/(1 + e)."""
    L = track_width
    corner = np.pi * L / 4
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for s_r, s_l in ((side * (1 + tyre_error), side),
                         (corner * (1 + tyre_error), -corner)):
            pose = integrate_pose(pose, (s_r + s_l) / 2, (s_r - s_l) / L, 1.0)
    return pose


def tyre_factor_linearised(side, laps, tyre_error, wheel_radius, track_width):
    """Replaces 1/(1 + e) by its first-order approximation 1 - e."""
    L = track_width
    corner = np.pi * L / 4
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for s_r, s_l in ((side * (1 - tyre_error), side),
                         (corner * (1 - tyre_error), -corner)):
            pose = integrate_pose(pose, (s_r + s_l) / 2, (s_r - s_l) / L, 1.0)
    return pose


def corners_taken_as_exact(side, laps, tyre_error, wheel_radius, track_width):
    """Lets the tyre error spoil only the sides: each corner is reported as an exact 90° turn."""
    R, L = wheel_radius, track_width
    s_r = R * side / ((1 + tyre_error) * R)
    s_l = side
    pose = np.zeros(3)
    for _ in range(4 * laps):
        pose = integrate_pose(pose, (s_r + s_l) / 2, (s_r - s_l) / L, 1.0)
        pose = integrate_pose(pose, 0.0, np.pi / 2, 1.0)
    return pose


def larger_tyre_on_the_left(side, laps, tyre_error, wheel_radius, track_width):
    """Puts the larger tyre on the left wheel instead of the right one."""
    R, L = wheel_radius, track_width
    corner = np.pi * L / 4
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for true_r, true_l in ((side, side), (corner, -corner)):
            phi_r = true_r / R
            phi_l = true_l / ((1 + tyre_error) * R)
            s_r, s_l = R * phi_r, R * phi_l
            pose = integrate_pose(pose, (s_r + s_l) / 2, (s_r - s_l) / L, 1.0)
    return pose


def euler_instead_of_arc(side, laps, tyre_error, wheel_radius, track_width):
    """Chains the reported moves with Euler steps (straight along the old heading), not arcs."""
    pose = np.zeros(3)
    moves = _odometry_moves(side, tyre_error, wheel_radius, track_width)
    for _ in range(4 * laps):
        for ds, dtheta in moves:
            pose = euler_pose(pose, ds, dtheta, 1.0)
    return pose


def sinc_without_pi(side, laps, tyre_error, wheel_radius, track_width):
    """Uses np.sinc(a) as if it were sin(a)/a, forgetting numpy's factor pi, in the arc step."""
    pose = np.zeros(3)
    moves = _odometry_moves(side, tyre_error, wheel_radius, track_width)
    for _ in range(4 * laps):
        for ds, dtheta in moves:
            pose = integrate_pose_sinc(pose, ds, dtheta, 1.0)
    return pose


def corner_arc_on_track_radius(side, laps, tyre_error, wheel_radius, track_width):
    """Has each wheel roll a quarter circle of radius L (not L/2) in a turn on the spot."""
    R, L = wheel_radius, track_width
    corner = np.pi / 2 * L
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for true_r, true_l in ((side, side), (corner, -corner)):
            s_r = R * true_r / ((1 + tyre_error) * R)
            s_l = R * true_l / R
            pose = integrate_pose(pose, (s_r + s_l) / 2, (s_r - s_l) / L, 1.0)
    return pose


def one_side_per_lap(side, laps, tyre_error, wheel_radius, track_width):
    """Loops over `laps` sides and corners instead of four of each per lap."""
    pose = np.zeros(3)
    moves = _odometry_moves(side, tyre_error, wheel_radius, track_width)
    for _ in range(laps):
        for ds, dtheta in moves:
            pose = integrate_pose(pose, ds, dtheta, 1.0)
    return pose


SLIPS = [
    ("diffdrive.square_odometry", tyre_factor_multiplied),
    ("diffdrive.square_odometry", tyre_factor_linearised),
    ("diffdrive.square_odometry", corners_taken_as_exact),
    ("diffdrive.square_odometry", larger_tyre_on_the_left),
    ("diffdrive.square_odometry", euler_instead_of_arc),
    ("diffdrive.square_odometry", sinc_without_pi),
    ("diffdrive.square_odometry", corner_arc_on_track_radius),
    ("diffdrive.square_odometry", one_side_per_lap),
]
