"""The exercises of the differential-drive chapter: inputs, reference answers, typical mistakes.

Each exercise is a :class:`robodyn.grading.Exercise`: the student's function is called on the
cases below and compared with the reference of :mod:`robodyn.diffdrive`; when a wrong answer
matches one of the listed mistakes on every case, the feedback names it. The mistakes are
written as the wrong functions a student writes. ``EXERCISES`` is what
:mod:`robodyn.grading` finds for the ids ``"diffdrive.*"``.
"""

from __future__ import annotations

import numpy as np

from robodyn import diffdrive, waypoints
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform
from robodyn.rotations import wrap_angle

# ---------------------------------------------------------------------------------------------
# Random inputs
# ---------------------------------------------------------------------------------------------


def _draw_different_wheel_speeds(rng: np.random.Generator, size=None, min_difference=0.5):
    """Wheel speeds phi_dot_r, phi_dot_l in rad/s that differ by at least ``min_difference``."""
    while True:
        phi_dot_r = rounded_uniform(rng, -20.0, 20.0, size)
        phi_dot_l = rounded_uniform(rng, -20.0, 20.0, size)
        if np.all(np.abs(phi_dot_r - phi_dot_l) >= min_difference):
            return phi_dot_r, phi_dot_l


# ---------------------------------------------------------------------------------------------
# Exercise 1: forward kinematics
# ---------------------------------------------------------------------------------------------


def _forward_kinematics_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return diffdrive.forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width)


def _forward_kinematics_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((12.0, 8.0, 0.05, 0.3), "fixed", "the tutorial's example, R = 0.05 m, L = 0.3 m"),
        Case((10.0, 10.0, 0.1, 0.5), "fixed", "equal wheel speeds (straight line, omega = 0)"),
        Case((-5.0, 5.0, 0.04, 0.25), "fixed", "opposite wheel speeds (spin on the spot, v = 0)"),
        Case((3.0, -7.5, 0.08, 0.42), "fixed"),
    ]
    for _ in range(6):
        phi_dot_r, phi_dot_l = rounded_uniform(rng, -20, 20), rounded_uniform(rng, -20, 20)
        args = (
            phi_dot_r,
            phi_dot_l,
            rounded_uniform(rng, 0.02, 0.15),
            rounded_uniform(rng, 0.1, 0.6),
        )
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        args = (
            rounded_uniform(rng, -20, 20, size),
            rounded_uniform(rng, -20, 20, size),
            0.06,
            0.35,
        )
        cases.append(Case(args, "arrays"))
    return cases


def _fk_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_l + phi_dot_r) / 2
    omega = wheel_radius * (phi_dot_l - phi_dot_r) / track_width
    return v, omega


def _fk_v_doubled(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l)
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def _fk_half_track(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / (track_width / 2)
    return v, omega


def _fk_no_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = (phi_dot_r + phi_dot_l) / 2
    omega = (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def _fk_omega_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / (2 * track_width)
    return v, omega


def _fk_outputs_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width)
    return omega, v


def _fk_omega_in_degrees(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width)
    return v, np.degrees(omega)


def _fk_wheel_speeds_in_degrees(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return _forward_kinematics_reference(np.radians(phi_dot_r), np.radians(phi_dot_l),
                                         wheel_radius, track_width)


_FORWARD_KINEMATICS = Exercise(
    exercise_id="diffdrive.forward_kinematics",
    description="Forward kinematics: wheel speeds to (v, omega).",
    function_name="forward_kinematics",
    arguments=("phi_dot_r", "phi_dot_l", "wheel_radius", "track_width"),
    outputs=(Output("v"), Output("omega")),
    # v is the wheels' mean, omega their difference: two formulas, each right or wrong alone
    independent_parts=True,
    reference=_forward_kinematics_reference,
    package_references=("robodyn.diffdrive.forward_kinematics",),
    make_cases=_forward_kinematics_cases,
    mistakes=(
        Mistake(
            "the wheels are swapped (omega has the wrong sign)",
            "omega is positive (a left turn) when the right wheel turns faster: "
            "omega = R (phi_dot_r - phi_dot_l) / L.",
            _fk_wheels_swapped,
        ),
        Mistake(
            "the factor 1/2 is missing in v (v is twice too large)",
            "v is the mean of the two wheel-rim speeds: v = R (phi_dot_r + phi_dot_l) / 2.",
            _fk_v_doubled,
        ),
        Mistake(
            "half the track width is used for L (omega is twice too large)",
            "The wheels are L apart, so the speed difference turns the robot at "
            "omega = R (phi_dot_r - phi_dot_l) / L, with the full track width L.",
            _fk_half_track,
        ),
        Mistake(
            "the wheel radius R is missing",
            "phi_dot is an angular speed in rad/s; the rim of a wheel moves at R phi_dot in m/s. "
            "Multiply by R in both v and omega.",
            _fk_no_radius,
        ),
        Mistake(
            "omega has an extra factor 1/2 (omega is half what it should be)",
            "Only v takes the mean of the two wheels; "
            "omega = R (phi_dot_r - phi_dot_l) / L has no 1/2.",
            _fk_omega_halved,
        ),
        Mistake(
            "the outputs are in the wrong order: (omega, v) instead of (v, omega)",
            "Return the forward speed first: `return v, omega`.",
            _fk_outputs_swapped,
        ),
        Mistake(
            "omega in degrees per second instead of rad/s (np.degrees makes it 57.3 times "
            "too large)",
            "Every angle and angular rate of the book is in radians: omega = R (phi_dot_r - "
            "phi_dot_l) / L is already in rad/s, with no np.degrees.",
            _fk_omega_in_degrees,
        ),
        Mistake(
            "the wheel speeds were taken as degrees per second (np.radians applied to them)",
            "phi_dot_r and phi_dot_l are already in rad/s: use them as they are, with no "
            "np.radians or np.deg2rad.",
            _fk_wheel_speeds_in_degrees,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 2: inverse kinematics
# ---------------------------------------------------------------------------------------------


def _inverse_kinematics_reference(v, omega, wheel_radius, track_width):
    return diffdrive.inverse_kinematics(v, omega, wheel_radius, track_width)


def _inverse_kinematics_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((0.5, 2.0, 0.05, 0.3), "fixed", "a left turn"),
        Case((0.3, 0.0, 0.1, 0.5), "fixed", "omega = 0 (straight line: equal wheel speeds)"),
        Case((0.0, 1.5, 0.04, 0.25), "fixed", "v = 0 (turning on the spot)"),
        Case((-0.2, -0.8, 0.08, 0.42), "fixed", "reversing while turning right"),
    ]
    for _ in range(6):
        args = (
            rounded_uniform(rng, -1, 1),
            rounded_uniform(rng, -3, 3),
            rounded_uniform(rng, 0.02, 0.15),
            rounded_uniform(rng, 0.1, 0.6),
        )
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        args = (rounded_uniform(rng, -1, 1, size), rounded_uniform(rng, -3, 3, size), 0.06, 0.35)
        cases.append(Case(args, "arrays"))
    return cases


def _ik_wheels_swapped(v, omega, wheel_radius, track_width):
    phi_dot_r = (v - omega * track_width / 2) / wheel_radius
    phi_dot_l = (v + omega * track_width / 2) / wheel_radius
    return phi_dot_r, phi_dot_l


def _ik_full_track(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width) / wheel_radius
    phi_dot_l = (v - omega * track_width) / wheel_radius
    return phi_dot_r, phi_dot_l


def _ik_no_radius(v, omega, wheel_radius, track_width):
    phi_dot_r = v + omega * track_width / 2
    phi_dot_l = v - omega * track_width / 2
    return phi_dot_r, phi_dot_l


def _ik_times_radius(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width / 2) * wheel_radius
    phi_dot_l = (v - omega * track_width / 2) * wheel_radius
    return phi_dot_r, phi_dot_l


def _ik_wheel_speeds_in_degrees(v, omega, wheel_radius, track_width):
    phi_dot_r, phi_dot_l = _inverse_kinematics_reference(v, omega, wheel_radius, track_width)
    return np.degrees(phi_dot_r), np.degrees(phi_dot_l)


def _ik_omega_as_degrees(v, omega, wheel_radius, track_width):
    return _inverse_kinematics_reference(v, np.radians(omega), wheel_radius, track_width)


_INVERSE_KINEMATICS = Exercise(
    exercise_id="diffdrive.inverse_kinematics",
    description="Inverse kinematics: (v, omega) to the two wheel speeds.",
    function_name="inverse_kinematics",
    arguments=("v", "omega", "wheel_radius", "track_width"),
    outputs=(Output("phi_dot_r"), Output("phi_dot_l")),
    # one formula per wheel, (v +- omega L/2) / R: each right or wrong alone
    independent_parts=True,
    reference=_inverse_kinematics_reference,
    package_references=("robodyn.diffdrive.inverse_kinematics",),
    make_cases=_inverse_kinematics_cases,
    mistakes=(
        Mistake(
            "the wheels are swapped (right and left exchanged)",
            "To turn left (omega > 0) the right wheel must turn faster: "
            "phi_dot_r = (v + omega L/2) / R.",
            _ik_wheels_swapped,
        ),
        Mistake(
            "the full track width is used instead of half of it (omega L instead of omega L/2)",
            "Each wheel is L/2 from the centre of the axle, so its rim moves at v +- omega L/2.",
            _ik_full_track,
        ),
        Mistake(
            "the division by the wheel radius R is missing",
            "v + omega L/2 is the rim speed in m/s; divide by R to get the wheel's angular "
            "speed in rad/s.",
            _ik_no_radius,
        ),
        Mistake(
            "the wheel radius R multiplies instead of divides",
            "A rim speed s (m/s) needs an angular speed s / R (rad/s): divide by R.",
            _ik_times_radius,
        ),
        Mistake(
            "wheel speeds in degrees per second instead of rad/s (np.degrees makes them 57.3 "
            "times too large)",
            "(v +- omega L/2) / R is already in rad/s: return it without np.degrees.",
            _ik_wheel_speeds_in_degrees,
        ),
        Mistake(
            "omega was taken as degrees per second (np.radians applied to it)",
            "omega is already in rad/s: use it as it is, with no np.radians or np.deg2rad.",
            _ik_omega_as_degrees,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 3: exact pose step
# ---------------------------------------------------------------------------------------------


def _integrate_pose_reference(pose, v, omega, dt):
    return diffdrive.integrate_pose(pose, v, omega, dt)


_TINY_OMEGA_NOTE = (
    "at omega = 1e-9 rad/s your pose agrees only to about a micrometre. Dividing by a tiny "
    "omega subtracts "
    "two nearly equal sines and loses digits (cancellation); the sinc form keeps them all. "
    "A micrometre does not matter for a robot, so the check accepts it."
)

_TINY_OMEGA_HINT = (
    "For a tiny omega, a formula that divides by omega, such as "
    "x + v/omega (sin(theta + omega dt) - sin(theta)), subtracts two nearly equal numbers and "
    "loses most of its digits. The sinc form of the exercise, "
    "x + v dt sinc(omega dt/2) cos(theta + omega dt/2), keeps them all "
    "(np.sinc(a / np.pi) is sin(a)/a, and it is 1 at a = 0)."
)


def _integrate_pose_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((np.array([1.0, 2.0, 0.5]), 0.4, 0.8, 0.5), "fixed", "a left turn"),
        Case(
            (np.array([0.0, 0.0, 7.0]), 1.0, -1.2, 0.3),
            "fixed",
            "theta = 7 rad, more than 2 pi (theta is not wrapped)",
        ),
        Case(
            (np.array([-1.0, 0.5, 2.0]), 0.7, 0.0, 0.2),
            "fixed",
            "omega == 0 (a straight segment)",
            "For omega == 0 the robot drives straight: x + v dt cos(theta), y + v dt sin(theta).",
        ),
        Case(
            (np.array([3.0, -2.0, -1.0]), 0.5, 1e-9, 0.1),
            "fixed",
            "a tiny omega (1e-9 rad/s)",
            _TINY_OMEGA_HINT,
            _TINY_OMEGA_NOTE,
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), 1.0, 3.0, 1.0),
            "fixed",
            "a large turn in one step (omega dt = 3 rad)",
        ),
    ]
    for _ in range(6):
        pose = np.array(
            [rounded_uniform(rng, -5, 5), rounded_uniform(rng, -5, 5), rounded_uniform(rng, -8, 8)]
        )
        args = (
            pose,
            rounded_uniform(rng, -1, 1),
            rounded_uniform(rng, -3, 3),
            rounded_uniform(rng, 0.05, 0.5),
        )
        cases.append(Case(args, "seeded random"))
    size = 6
    pose = np.stack(
        [
            rounded_uniform(rng, -5, 5, size),
            rounded_uniform(rng, -5, 5, size),
            rounded_uniform(rng, -8, 8, size),
        ]
    )
    omega = np.concatenate([[0.0, 1e-9], rounded_uniform(rng, -3, 3, size - 2)])
    cases.append(
        Case(
            (pose, rounded_uniform(rng, -1, 1, size), omega, 0.25),
            "arrays",
            "NumPy arrays, with omega == 0 and omega = 1e-9 rad/s in the first two columns",
            _TINY_OMEGA_HINT,
            _TINY_OMEGA_NOTE,
        )
    )
    size = 40
    pose = np.stack(
        [
            rounded_uniform(rng, -5, 5, size),
            rounded_uniform(rng, -5, 5, size),
            rounded_uniform(rng, -8, 8, size),
        ]
    )
    cases.append(
        Case(
            (pose, rounded_uniform(rng, -1, 1, size), rounded_uniform(rng, -3, 3, size), 0.1),
            "arrays",
        )
    )
    return cases


def _sinc(angle):
    """sin(angle)/angle, 1 at angle = 0."""
    return np.sinc(angle / np.pi)


def _pose_after(pose, distance, heading, new_theta):
    """Pose moved ``distance`` (m) along ``heading`` (rad), with heading ``new_theta`` (rad)."""
    return np.stack(
        [pose[0] + distance * np.cos(heading), pose[1] + distance * np.sin(heading), new_theta]
    )


def _ip_euler(pose, v, omega, dt):
    return _pose_after(pose, v * dt, pose[2], pose[2] + omega * dt)


def _ip_euler_new_heading(pose, v, omega, dt):
    theta_new = pose[2] + omega * dt
    return _pose_after(pose, v * dt, theta_new, theta_new)


def _ip_start_heading(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    return _pose_after(pose, distance, pose[2], pose[2] + omega * dt)


def _ip_end_heading(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    return _pose_after(pose, distance, pose[2] + omega * dt, pose[2] + omega * dt)


def _ip_no_sinc(pose, v, omega, dt):
    return _pose_after(pose, v * dt, pose[2] + omega * dt / 2, pose[2] + omega * dt)


def _ip_radians_of_theta(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    heading = np.radians(pose[2]) + omega * dt / 2
    return _pose_after(pose, distance, heading, pose[2] + omega * dt)


def _ip_radians_of_theta_everywhere(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    theta = np.radians(pose[2])
    return _pose_after(pose, distance, theta + omega * dt / 2, theta + omega * dt)


def _ip_radians_of_heading(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    heading = np.radians(pose[2] + omega * dt / 2)
    return _pose_after(pose, distance, heading, pose[2] + omega * dt)


def _ip_radians_of_turn(pose, v, omega, dt):
    turn = np.radians(omega * dt)
    distance = v * dt * _sinc(turn / 2)
    return _pose_after(pose, distance, pose[2] + turn / 2, pose[2] + turn)


def _ip_divide_by_omega(pose, v, omega, dt):
    theta_new = pose[2] + omega * dt
    x = pose[0] + v / omega * (np.sin(theta_new) - np.sin(pose[2]))
    y = pose[1] - v / omega * (np.cos(theta_new) - np.cos(pose[2]))
    return np.stack([x, y, theta_new])


_DEGREES_HINT = (
    "theta and omega are in radians already, and np.sin, np.cos take radians: "
    "no np.radians, np.deg2rad or np.degrees is needed anywhere in this function."
)

_DIVIDE_BY_OMEGA = Mistake(
    "a division by omega without the straight-line case (nan for omega == 0)",
    "v/omega is 0/0 when omega == 0. Use the sinc form "
    "x + v dt sinc(omega dt/2) cos(theta + omega dt/2), with sinc(a) = np.sinc(a / np.pi), "
    "which is 1 at a = 0 and needs no special case.",
    _ip_divide_by_omega,
)


def _ip_numpy_sinc_without_pi(pose, v, omega, dt):
    distance = v * dt * np.sinc(omega * dt / 2)
    return _pose_after(pose, distance, pose[2] + omega * dt / 2, pose[2] + omega * dt)


def _ip_heading_sign_slip(pose, v, omega, dt):
    distance = v * dt * _sinc(omega * dt / 2)
    return _pose_after(pose, distance, pose[2] - omega * dt / 2, pose[2] + omega * dt)


def _ip_y_sign_slip(pose, v, omega, dt):
    x, y, theta = _integrate_pose_reference(pose, v, omega, dt)
    return np.stack([x, 2 * pose[1] - y, theta])


def _ip_theta_wrapped(pose, v, omega, dt):
    x, y, theta = _integrate_pose_reference(pose, v, omega, dt)
    return np.stack([x, y, wrap_angle(theta)])


_INTEGRATE_POSE = Exercise(
    exercise_id="diffdrive.integrate_pose",
    description="Exact pose step for constant v and omega (theta not wrapped).",
    function_name="integrate_pose",
    arguments=("pose", "v", "omega", "dt"),
    outputs=(Output("pose", Close(rtol=1e-9, atol=1e-6), entries=("x", "y", "theta")),),
    reference=_integrate_pose_reference,
    package_references=("robodyn.diffdrive.integrate_pose",),
    make_cases=_integrate_pose_cases,
    mistakes=(
        Mistake(
            "an explicit Euler step, not the exact step",
            "Euler moves straight along the old heading theta. For constant v and omega the "
            "robot drives on a circular arc: x + v dt sinc(omega dt/2) cos(theta + omega dt/2).",
            _ip_euler,
        ),
        Mistake(
            "an Euler step along the new heading theta + omega dt, not the exact step",
            "For constant v and omega the robot drives on a circular arc: "
            "x + v dt sinc(omega dt/2) cos(theta + omega dt/2).",
            _ip_euler_new_heading,
        ),
        Mistake(
            "the midpoint heading is missing: cos and sin of theta instead of theta + omega dt/2",
            "The chord of the arc points along the mean heading theta + omega dt/2.",
            _ip_start_heading,
        ),
        Mistake(
            "the midpoint heading is missing: cos and sin of theta + omega dt instead of "
            "theta + omega dt/2",
            "The chord of the arc points along the mean heading theta + omega dt/2, "
            "halfway between the old and the new heading.",
            _ip_end_heading,
        ),
        Mistake(
            "the factor sinc(omega dt/2) is missing (the midpoint rule, not the exact step)",
            "The chord of an arc is shorter than the arc: its length is "
            "v dt sinc(omega dt/2), with sinc(a) = sin(a)/a = np.sinc(a / np.pi).",
            _ip_no_sinc,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta)",
            _DEGREES_HINT,
            _ip_radians_of_theta,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta, also in the "
            "returned theta)",
            _DEGREES_HINT,
            _ip_radians_of_theta_everywhere,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to the heading)",
            _DEGREES_HINT,
            _ip_radians_of_heading,
        ),
        Mistake(
            "degrees where radians are needed (np.deg2rad applied to omega dt)",
            _DEGREES_HINT,
            _ip_radians_of_turn,
        ),
        _DIVIDE_BY_OMEGA,
        Mistake(
            "np.sinc(a) used as sin(a)/a: NumPy's sinc is the normalised sin(pi a)/(pi a)",
            "np.sinc(a) computes sin(pi a) / (pi a). For sin(a) / a write np.sinc(a / np.pi).",
            _ip_numpy_sinc_without_pi,
        ),
        Mistake(
            "a sign slip in the mean heading: theta - omega dt/2 instead of theta + omega dt/2",
            "The chord points along the heading halfway through the turn, "
            "theta + omega dt/2, which lies ahead of theta in the direction of the turn.",
            _ip_heading_sign_slip,
        ),
        Mistake(
            "a sign slip in y: y - c sin(...) instead of y + c sin(...)",
            "Driving along heading h moves the robot by (c cos h, c sin h): both with a plus.",
            _ip_y_sign_slip,
        ),
        Mistake(
            "theta was wrapped to (-pi, pi]; this exercise keeps theta unwrapped",
            "The book keeps the heading of a driving robot unwrapped, so that it counts whole "
            "turns (see the notation page): return theta + omega dt as it is.",
            _ip_theta_wrapped,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 4: heading controller
# ---------------------------------------------------------------------------------------------


def _heading_command_reference(pose, goal, gain, dead_band, omega_max):
    return waypoints.heading_command(pose, goal, gain, dead_band, omega_max)


def _bearing(pose, goal):
    """Direction from the robot to the goal, rad."""
    return np.arctan2(goal[1] - pose[1], goal[0] - pose[0])


def _heading_error_is_safe(pose, goal, dead_band, margin: float = 0.01) -> bool:
    """True when the heading error is off the dead-band edge and off +-pi by ``margin`` rad."""
    error = np.abs(wrap_angle(_bearing(pose, goal) - pose[2]))
    far_from_goal = np.hypot(goal[0] - pose[0], goal[1] - pose[1]) > 0.1
    return bool(
        np.all(far_from_goal)
        and np.all(np.abs(error - dead_band) > margin)
        and np.all(error < np.pi - margin)
    )


def _draw_pose_and_goal(rng: np.random.Generator, dead_band: float, size=None):
    while True:
        pose = np.array(
            [
                rounded_uniform(rng, -5, 5, size),
                rounded_uniform(rng, -5, 5, size),
                rounded_uniform(rng, -6, 6, size),
            ]
        )
        goal = np.array([rounded_uniform(rng, -5, 5, size), rounded_uniform(rng, -5, 5, size)])
        if _heading_error_is_safe(pose, goal, dead_band):
            return pose, goal


def _heading_command_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.6]), 1.5, 0.05, 2.0),
            "fixed",
            "goal ahead, a little to the left",
        ),
        Case(
            (np.array([1.0, 2.0, 3.0]), np.array([-0.6, 0.8]), 1.0, 0.05, 2.0),
            "fixed",
            "goal behind the robot (theta = 3 rad): the heading error must be wrapped",
        ),
        Case(
            (np.array([0.5, -0.5, 0.5]), np.array([2.5, 0.64]), 1.5, 0.05, 2.0),
            "fixed",
            "a heading error of 0.018 rad, inside the dead band of 0.05 rad",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([3.0, 0.0015]), 1.5, 0.05, 2.0),
            "fixed",
            "a heading error of 0.0005 rad, inside the dead band of 0.05 rad",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([-1.0, -1.5]), 2.0, 0.05, 1.5),
            "fixed",
            "a large error to the right: the command saturates at -omega_max",
        ),
        Case(
            (np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.5]), 1.2, 0.05, 2.0),
            "fixed",
            "goal to the right, below saturation",
        ),
        Case(
            (np.array([0.0, 0.0, 6.583]), np.array([1.0, 0.0]), 1.0, 0.05, 2.0),
            "fixed",
            "theta = 6.583 rad, more than 2 pi (theta is not wrapped)",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.12]), 0.5, 0.05, 2.0),
            "fixed",
            "a heading error of 0.06 rad, just outside the dead band: a small, unsaturated "
            "command",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.08]), 1.5, 0.05, 2.0),
            "fixed",
            "a heading error of 0.04 rad, inside the dead band of 0.05 rad, with gain 1.5",
        ),
        Case(
            (np.array([0.0, 0.0, 3.5]), np.array([-2.0, -0.5]), 1.0, 0.05, 2.0),
            "fixed",
            "goal behind and to the left, theta = 3.5 rad",
        ),
        Case(
            (np.array([1.0, 1.0, -2.8]), np.array([-1.0, 1.5]), 0.8, 0.05, 3.0),
            "fixed",
            "goal behind the robot (theta = -2.8 rad), below saturation",
        ),
    ]
    for _ in range(6):
        gain = rounded_uniform(rng, 0.5, 3.0)
        dead_band = rounded_uniform(rng, 0.02, 0.2)
        omega_max = rounded_uniform(rng, 0.5, 3.0)
        pose, goal = _draw_pose_and_goal(rng, dead_band)
        cases.append(Case((pose, goal, gain, dead_band, omega_max), "seeded random"))
    for size in (8, 40):
        dead_band = 0.1
        pose, goal = _draw_pose_and_goal(rng, dead_band, size)
        cases.append(Case((pose, goal, 1.5, dead_band, 1.0), "arrays"))
    return cases


# The mistakes of this exercise are the reference (robodyn.waypoints.heading_command) with a
# changed input or a changed output wherever a mistake can be put that way. The others (a
# heading error the reference never produces: unwrapped, wrapped the wrong way, from arctan of
# a ratio; or no limit at all, which the reference refuses) pass their error to _command, the
# reference's formula as robodyn.waypoints writes it. None repeats the solution's lines, which
# the student release must not hold (see classgrade.release).


def _command(error, gain, dead_band, omega_max):
    """Proportional command with dead band and saturation, rad/s: 0 where |error| < dead_band,
    else gain * error limited to +-omega_max (the formula of waypoints.heading_command)."""
    return np.where(np.abs(error) < dead_band, 0.0,
                    np.clip(gain * error, -omega_max, omega_max))


def _heading_error(pose, goal):
    return wrap_angle(_bearing(pose, goal) - pose[2])


def _hc_unwrapped(pose, goal, gain, dead_band, omega_max):
    return _command(_bearing(pose, goal) - pose[2], gain, dead_band, omega_max)


def _hc_wrapped_0_to_2pi(pose, goal, gain, dead_band, omega_max):
    error = np.mod(_bearing(pose, goal) - pose[2], 2 * np.pi)
    return _command(error, gain, dead_band, omega_max)


def _hc_degrees_output(pose, goal, gain, dead_band, omega_max):
    """gain * degrees(e): the reference with a gain 57.3 times too large."""
    return _heading_command_reference(pose, goal, np.degrees(gain), dead_band, omega_max)


def _hc_degrees_dead_band(pose, goal, gain, dead_band, omega_max):
    """|degrees(e)| < dead_band: the reference with a dead band 57.3 times too small."""
    return _heading_command_reference(pose, goal, gain, np.radians(dead_band), omega_max)


def _hc_degrees_error(pose, goal, gain, dead_band, omega_max):
    """e in degrees, in the dead band and in the command: both of the two above at once."""
    return _heading_command_reference(pose, goal, np.degrees(gain), np.radians(dead_band),
                                      omega_max)


def _hc_radians_of_theta(pose, goal, gain, dead_band, omega_max):
    robot = np.array([pose[0], pose[1], np.radians(pose[2])])
    return _heading_command_reference(robot, goal, gain, dead_band, omega_max)


def _hc_no_dead_band(pose, goal, gain, dead_band, omega_max):
    return _heading_command_reference(pose, goal, gain, 0.0, omega_max)


def _hc_no_saturation(pose, goal, gain, dead_band, omega_max):
    return _command(_heading_error(pose, goal), gain, dead_band, np.inf)


def _hc_atan2_swapped(pose, goal, gain, dead_band, omega_max):
    """atan2(dx, dy): the reference on a plane whose x and y are exchanged (theta kept)."""
    robot = np.array([pose[1], pose[0], pose[2]])
    return _heading_command_reference(robot, np.array([goal[1], goal[0]]), gain, dead_band,
                                      omega_max)


def _hc_sign_error(pose, goal, gain, dead_band, omega_max):
    """theta - bearing: the command is odd in the error, so the reference's, negated."""
    return -_heading_command_reference(pose, goal, gain, dead_band, omega_max)


def _hc_bang_bang(pose, goal, gain, dead_band, omega_max):
    """+-omega_max outside the dead band: the sign of the reference's command, times the limit."""
    return omega_max * np.sign(_heading_command_reference(pose, goal, gain, dead_band,
                                                          omega_max))


def _hc_arctan_of_ratio(pose, goal, gain, dead_band, omega_max):
    with np.errstate(divide="ignore", invalid="ignore"):
        bearing = np.arctan((goal[1] - pose[1]) / (goal[0] - pose[0]))
    return _command(wrap_angle(bearing - pose[2]), gain, dead_band, omega_max)


def _hc_theta_wrapped_error_not(pose, goal, gain, dead_band, omega_max):
    return _command(_bearing(pose, goal) - wrap_angle(pose[2]), gain, dead_band, omega_max)


def _hc_dead_band_on_command(pose, goal, gain, dead_band, omega_max):
    """The limited command without dead band, set to 0 where it is smaller than dead_band."""
    omega = _heading_command_reference(pose, goal, gain, 0.0, omega_max)
    return np.where(np.abs(omega) < dead_band, 0.0, omega)


def _hc_dead_band_inverted(pose, goal, gain, dead_band, omega_max):
    """The limited command only inside the dead band: the reference without dead band minus
    the reference with it."""
    return (_heading_command_reference(pose, goal, gain, 0.0, omega_max)
            - _heading_command_reference(pose, goal, gain, dead_band, omega_max))

def _hc_command_in_degrees(pose, goal, gain, dead_band, omega_max):
    return np.degrees(_heading_command_reference(pose, goal, gain, dead_band, omega_max))


_HEADING_DEGREES_HINT = (
    "All angles here are in radians: np.arctan2 returns radians, theta and dead_band are in "
    "radians. No np.degrees or np.radians is needed."
)

_HEADING_COMMAND = Exercise(
    exercise_id="diffdrive.heading_command",
    description="Turn towards a goal: P controller with dead band and saturation.",
    function_name="heading_command",
    arguments=("pose", "goal", "gain", "dead_band", "omega_max"),
    outputs=(Output("omega"),),
    reference=_heading_command_reference,
    package_references=("robodyn.waypoints.heading_command",),
    make_cases=_heading_command_cases,
    mistakes=(
        Mistake(
            "the heading error is not wrapped to (-pi, pi] (with the goal behind, the robot "
            "turns the long way round)",
            "Wrap the error before using it: e = wrap_angle(bearing - theta), so that the robot "
            "turns by at most half a turn.",
            _hc_unwrapped,
        ),
        Mistake(
            "the heading error is wrapped to [0, 2 pi) instead of (-pi, pi] (the robot always "
            "turns left)",
            "np.mod(e, 2 pi) is never negative; wrap to (-pi, pi] so that a goal on the right "
            "gives a negative error.",
            _hc_wrapped_0_to_2pi,
        ),
        Mistake(
            "degrees where radians are needed (np.degrees makes the command 57.3 times too large)",
            _HEADING_DEGREES_HINT,
            _hc_degrees_output,
        ),
        Mistake(
            "degrees where radians are needed (the error in degrees is compared with the dead "
            "band in radians)",
            _HEADING_DEGREES_HINT,
            _hc_degrees_dead_band,
        ),
        Mistake(
            "degrees where radians are needed (the heading error is in degrees)",
            _HEADING_DEGREES_HINT,
            _hc_degrees_error,
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta)",
            _HEADING_DEGREES_HINT,
            _hc_radians_of_theta,
        ),
        Mistake(
            "the dead band is missing (small errors must give omega = 0)",
            "Where |e| < dead_band the command is 0: "
            "np.where(np.abs(e) < dead_band, 0.0, gain * e).",
            _hc_no_dead_band,
        ),
        Mistake(
            "the saturation is missing (omega must stay within +-omega_max)",
            "Limit the command with np.clip(omega, -omega_max, omega_max).",
            _hc_no_saturation,
        ),
        Mistake(
            "the arguments of atan2 are swapped (atan2(dx, dy) instead of atan2(dy, dx))",
            "np.arctan2 takes y first: bearing = np.arctan2(y_goal - y, x_goal - x).",
            _hc_atan2_swapped,
        ),
        Mistake(
            "a bang-bang command: +-omega_max outside the dead band instead of gain * e",
            "The controller is proportional: omega = gain * e, limited to +-omega_max; only "
            "large errors saturate.",
            _hc_bang_bang,
        ),
        Mistake(
            "arctan(dy/dx) instead of arctan2(dy, dx): the bearing is off by pi when the goal "
            "lies behind (dx < 0)",
            "np.arctan of a ratio only knows the slope, not the quadrant; "
            "np.arctan2(y_goal - y, x_goal - x) gives the bearing in all four.",
            _hc_arctan_of_ratio,
        ),
        Mistake(
            "theta is wrapped but the heading error is not: wrap the difference, not theta",
            "bearing - wrap(theta) can still lie outside (-pi, pi]; wrap the error itself: "
            "e = wrap(bearing - theta).",
            _hc_theta_wrapped_error_not,
        ),
        Mistake(
            "the dead band is applied to the command instead of to the heading error",
            "Compare the heading error e with dead_band (both in rad): "
            "omega = 0 where |e| < dead_band, not where |omega| < dead_band.",
            _hc_dead_band_on_command,
        ),
        Mistake(
            "the dead band is inverted: the command is zero for large errors, not small ones",
            "omega must be 0 where |e| < dead_band and gain * e (limited) elsewhere: "
            "np.where(np.abs(e) < dead_band, 0.0, gain * e).",
            _hc_dead_band_inverted,
        ),
        Mistake(
            "the command is in degrees per second (np.degrees applied to omega)",
            "The yaw-rate command is in rad/s like omega_max: return it without np.degrees.",
            _hc_command_in_degrees,
        ),
        Mistake(
            "a sign error in the heading error (theta - bearing instead of bearing - theta)",
            "A goal on the left must give a positive error, and a positive omega turns left: "
            "e = bearing - theta.",
            _hc_sign_error,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 5: turning radius from the wheel speeds
# ---------------------------------------------------------------------------------------------


def _turning_radius_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v, omega = diffdrive.forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width)
    return diffdrive.turning_radius(v, omega)


def _turning_radius_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case(
            (12.0, 8.0, 0.05, 0.3),
            "fixed",
            "the tutorial's example: 12 and 8 rad/s, R = 0.05 m, L = 0.3 m",
        ),
        Case((8.0, 12.0, 0.05, 0.3), "fixed", "the same wheels exchanged: a right turn"),
        Case((6.0, -2.0, 0.1, 0.5), "fixed", "wheels turning in opposite directions"),
        Case((-3.0, -9.0, 0.03, 0.2), "fixed", "reversing"),
    ]
    for _ in range(6):
        phi_dot_r, phi_dot_l = _draw_different_wheel_speeds(rng)
        args = (
            phi_dot_r,
            phi_dot_l,
            rounded_uniform(rng, 0.02, 0.15),
            rounded_uniform(rng, 0.1, 0.6),
        )
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        phi_dot_r, phi_dot_l = _draw_different_wheel_speeds(rng, size)
        cases.append(Case((phi_dot_r, phi_dot_l, 0.06, 0.35), "arrays"))
    return cases


def _tr_times_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return wheel_radius * track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def _tr_wheels_swapped(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width / 2 * (phi_dot_l + phi_dot_r) / (phi_dot_l - phi_dot_r)


def _tr_doubled(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def _tr_halved(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width / 4 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def _tr_unsigned(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return np.abs(_turning_radius_reference(phi_dot_r, phi_dot_l, wheel_radius, track_width))


def _tr_curvature(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return 2 / track_width * (phi_dot_r - phi_dot_l) / (phi_dot_r + phi_dot_l)


_TURNING_RADIUS = Exercise(
    exercise_id="diffdrive.turning_radius",
    description="Signed turning radius from the two wheel speeds.",
    function_name="turning_radius",
    arguments=("phi_dot_r", "phi_dot_l", "wheel_radius", "track_width"),
    outputs=(Output("radius"),),
    reference=_turning_radius_reference,
    package_references=("robodyn.diffdrive.turning_radius",),
    make_cases=_turning_radius_cases,
    mistakes=(
        Mistake(
            "an extra factor of the wheel radius R (the error of the tutorial source, which "
            "prints 0.0375 m instead of 0.75 m)",
            "R cancels: v / omega = [R (phi_dot_r + phi_dot_l)/2] / [R (phi_dot_r - phi_dot_l)/L] "
            "= (L/2) (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l). The radius does not "
            "depend on R at all.",
            _tr_times_radius,
        ),
        Mistake(
            "the wheels are swapped (the sign is wrong)",
            "The radius is positive for a left turn, when the right wheel is faster: "
            "(L/2) (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l).",
            _tr_wheels_swapped,
        ),
        Mistake(
            "the factor 1/2 of v is missing (the radius is twice too large)",
            "v = R (phi_dot_r + phi_dot_l) / 2, so the radius is "
            "(L/2) (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l).",
            _tr_doubled,
        ),
        Mistake(
            "half the track width is used for L (the radius is half what it should be)",
            "omega = R (phi_dot_r - phi_dot_l) / L with the full track width L.",
            _tr_halved,
        ),
        Mistake(
            "an unsigned radius: the sign must tell a left turn (+) from a right turn (-)",
            "Drop the abs(): r = v / omega is negative when the robot turns right "
            "(phi_dot_l > phi_dot_r).",
            _tr_unsigned,
        ),
        Mistake(
            "omega / v, the curvature, instead of the radius v / omega",
            "The turning radius is v / omega (m); its inverse omega / v is the curvature (1/m).",
            _tr_curvature,
        ),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (
    _FORWARD_KINEMATICS,
    _INVERSE_KINEMATICS,
    _TURNING_RADIUS,
    _INTEGRATE_POSE,
    _HEADING_COMMAND,
)
