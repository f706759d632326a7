"""The fifth, blind set of slips for chapter 4, the differential drive: exercise 4.3, the arc
through a waypoint (``diffdrive.turning_radius``).

Written blind, from the exercise notebook ``exercises/04_differential_drive.ipynb`` and the
chapter's lessons (``chapters/04_differential_drive/``) and ``book/notation.md`` only, without
reading the checks, the keys, the judges, the solutions or the other slip sets. Each slip is one
typical wrong answer a student of the course might hand in; ``RIGHT`` holds the writer's own
right answer.

Measured blind, before any check changed for this set: 7 of 8 slips named, none passed, the
right answer passed. Rejected but not named: slip_atan2_swapped, the chord's route with the
bearing as np.arctan2(dx, dy). The check was then taught it as a typical mistake of 4.3 ("the
bearing of the goal with the arguments in the wrong order"): now 8 of 8 are named.
"""

import numpy as np

BLIND = "7 of 8 slips named, 0 passed, the right answer passed"
TAUGHT = True


def _goal_in_body(pose, goal):
    """Goal in the robot's frame: x' along the heading, y' to the left."""
    x, y, theta = pose
    x_g, y_g = goal
    dx, dy = x_g - x, y_g - y
    c, s = np.cos(theta), np.sin(theta)
    return c * dx + s * dy, -s * dx + c * dy


def _wheels(speed, omega, wheel_radius, track_width):
    phi_dot_r = (speed + omega * track_width / 2) / wheel_radius
    phi_dot_l = (speed - omega * track_width / 2) / wheel_radius
    return phi_dot_r, phi_dot_l


# ---------------------------------------------------------------- right answer

def turning_radius_right(pose, goal, speed, wheel_radius, track_width):
    """Right: r = (x'^2 + y'^2) / (2 y'), omega = v / r, inverse kinematics."""
    x_b, y_b = _goal_in_body(pose, goal)
    # x'^2 + (y' - r)^2 = r^2  =>  x'^2 + y'^2 = 2 r y'
    radius = (x_b**2 + y_b**2) / (2.0 * y_b)
    omega = speed / radius
    phi_dot_r, phi_dot_l = _wheels(speed, omega, wheel_radius, track_width)
    return float(radius), float(phi_dot_r), float(phi_dot_l)


# ---------------------------------------------------------------------- slips

def slip_no_half(pose, goal, speed, wheel_radius, track_width):
    """Slip: factor 2 dropped when solving the circle, r = (x'^2 + y'^2) / y'."""
    x_b, y_b = _goal_in_body(pose, goal)
    radius = (x_b**2 + y_b**2) / y_b
    omega = speed / radius
    phi_dot_r, phi_dot_l = _wheels(speed, omega, wheel_radius, track_width)
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_rotation_not_transposed(pose, goal, speed, wheel_radius, track_width):
    """Slip: goal put in the robot frame with R_WB instead of its transpose (rotated by +theta)."""
    x, y, theta = pose
    x_g, y_g = goal
    dx, dy = x_g - x, y_g - y
    c, s = np.cos(theta), np.sin(theta)
    x_b = c * dx - s * dy
    y_b = s * dx + c * dy
    radius = (x_b**2 + y_b**2) / (2.0 * y_b)
    omega = speed / radius
    phi_dot_r, phi_dot_l = _wheels(speed, omega, wheel_radius, track_width)
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_world_frame(pose, goal, speed, wheel_radius, track_width):
    """Slip: heading ignored, the world offset used as if theta were 0 (no frame change)."""
    x, y, theta = pose
    x_g, y_g = goal
    dx, dy = x_g - x, y_g - y
    radius = (dx**2 + dy**2) / (2.0 * dy)
    omega = speed / radius
    phi_dot_r, phi_dot_l = _wheels(speed, omega, wheel_radius, track_width)
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_centre_on_right(pose, goal, speed, wheel_radius, track_width):
    """Slip: centre put at (0, -r), so the radius (and the turn) has the wrong sign."""
    x_b, y_b = _goal_in_body(pose, goal)
    radius = -(x_b**2 + y_b**2) / (2.0 * y_b)
    omega = speed / radius
    phi_dot_r, phi_dot_l = _wheels(speed, omega, wheel_radius, track_width)
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_wheels_swapped(pose, goal, speed, wheel_radius, track_width):
    """Slip: right and left wheel speeds swapped (the + omega L/2 given to the left wheel)."""
    x_b, y_b = _goal_in_body(pose, goal)
    radius = (x_b**2 + y_b**2) / (2.0 * y_b)
    omega = speed / radius
    phi_dot_r = (speed - omega * track_width / 2) / wheel_radius
    phi_dot_l = (speed + omega * track_width / 2) / wheel_radius
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_full_track(pose, goal, speed, wheel_radius, track_width):
    """Slip: track_width taken as the half track, wheel speeds (v +- omega L) / R."""
    x_b, y_b = _goal_in_body(pose, goal)
    radius = (x_b**2 + y_b**2) / (2.0 * y_b)
    omega = speed / radius
    phi_dot_r = (speed + omega * track_width) / wheel_radius
    phi_dot_l = (speed - omega * track_width) / wheel_radius
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_atan2_swapped(pose, goal, speed, wheel_radius, track_width):
    """Slip: chord formula r = d / (2 sin alpha) with the bearing as atan2(dx, dy) (order
    swapped)."""
    x, y, theta = pose
    x_g, y_g = goal
    dx, dy = x_g - x, y_g - y
    distance = np.hypot(dx, dy)
    alpha = np.arctan2(dx, dy) - theta
    radius = distance / (2.0 * np.sin(alpha))
    omega = speed / radius
    phi_dot_r, phi_dot_l = _wheels(speed, omega, wheel_radius, track_width)
    return float(radius), float(phi_dot_r), float(phi_dot_l)


def slip_rim_speeds(pose, goal, speed, wheel_radius, track_width):
    """Slip: wheel speeds left as rim speeds in m/s, not divided by the wheel radius."""
    x_b, y_b = _goal_in_body(pose, goal)
    radius = (x_b**2 + y_b**2) / (2.0 * y_b)
    omega = speed / radius
    phi_dot_r = speed + omega * track_width / 2
    phi_dot_l = speed - omega * track_width / 2
    return float(radius), float(phi_dot_r), float(phi_dot_l)


SLIPS = [
    ("diffdrive.turning_radius", slip_no_half),
    ("diffdrive.turning_radius", slip_rotation_not_transposed),
    ("diffdrive.turning_radius", slip_world_frame),
    ("diffdrive.turning_radius", slip_centre_on_right),
    ("diffdrive.turning_radius", slip_wheels_swapped),
    ("diffdrive.turning_radius", slip_full_track),
    ("diffdrive.turning_radius", slip_atan2_swapped),
    ("diffdrive.turning_radius", slip_rim_speeds),
]

RIGHT = {"diffdrive.turning_radius": turning_radius_right}
