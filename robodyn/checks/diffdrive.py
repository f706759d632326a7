"""The exercises of the differential-drive chapter: inputs, reference answers, typical mistakes.

Each exercise is a :class:`robodyn.grading.Exercise`: the student's function is called on the
cases below and compared with the reference of :mod:`robodyn.diffdrive`; when a wrong answer
matches one of the listed mistakes on every case, the feedback names it. The mistakes are
written as the wrong functions a student writes. ``EXERCISES`` is what
:mod:`robodyn.grading` finds for the ids ``"diffdrive.*"``.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from robodyn import diffdrive
from robodyn.core.rotations import wrap_angle
from robodyn.diffdrive import odometry, waypoints
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform, with_hint
from robodyn.grading.judges import CloseOrOther

# ---------------------------------------------------------------------------------------------
# Random inputs
# ---------------------------------------------------------------------------------------------


#: The chapter's robot, whose wheel radius, track width and top wheel speed fixed cases use.
_ROBOT = diffdrive.DiffDriveParams()


def _draw_different_wheel_speeds(rng: np.random.Generator, size=None, min_difference=0.5):
    """Wheel speeds phi_dot_r, phi_dot_l in rad/s that differ by at least ``min_difference``."""
    while True:
        phi_dot_r = rounded_uniform(rng, -20.0, 20.0, size)
        phi_dot_l = rounded_uniform(rng, -20.0, 20.0, size)
        if np.all(np.abs(phi_dot_r - phi_dot_l) >= min_difference):
            return phi_dot_r, phi_dot_l


# ---------------------------------------------------------------------------------------------
# Exercise 1: forward kinematics with a worn tyre (wheels of two radii)
# ---------------------------------------------------------------------------------------------


def _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Each rim moves at its own wheel's radius times that wheel's speed; the chapter's
    function with R = 1 m takes the two rim speeds for its wheel speeds."""
    return diffdrive.forward_kinematics(np.multiply(radius_r, phi_dot_r),
                                        np.multiply(radius_l, phi_dot_l), 1.0, track_width)


def _draw_two_radii(rng: np.random.Generator):
    """A left radius R_l and a right one 1 % to 20 % larger or smaller, m: never equal."""
    radius_l = rounded_uniform(rng, 0.02, 0.15)
    factor = 1 + rng.choice([-1.0, 1.0]) * rounded_uniform(rng, 0.01, 0.2)
    return round(factor * radius_l, 5), radius_l


def _forward_kinematics_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((12.0, 8.0, 0.0505, 0.05, 0.3), "fixed",
             "the tutorial's wheel speeds, the right tyre 1 % larger than the left"),
        Case((10.0, 10.0, 0.1, 0.098, 0.5), "fixed",
             "equal wheel speeds: the larger right tyre turns the robot left"),
        Case((8.0, 10.0, 0.05, 0.04, 0.3), "fixed",
             "equal rim speeds (8 x 0.05 = 10 x 0.04 m/s): a straight line, omega = 0"),
        Case((-5.0, 5.0, 0.04, 0.042, 0.25), "fixed",
             "opposite wheel speeds: with two radii the robot creeps forward while it spins"),
        Case((3.0, -7.5, 0.08, 0.075, 0.42), "fixed"),
    ]
    for _ in range(6):
        radius_r, radius_l = _draw_two_radii(rng)
        args = (rounded_uniform(rng, -20, 20), rounded_uniform(rng, -20, 20), radius_r,
                radius_l, rounded_uniform(rng, 0.1, 0.6))
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        args = (rounded_uniform(rng, -20, 20, size), rounded_uniform(rng, -20, 20, size), 0.063,
                0.06, 0.35)
        cases.append(Case(args, "arrays"))
    return cases


def _fk_omega_negated(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """Left rim minus right rim in omega: the yaw rate's sign flipped."""
    v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                             track_width)
    return v, -omega


def _fk_radii_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_l, radius_r, track_width)


def _fk_one_radius(which):
    """One radius for both wheels: ``"right"``, ``"left"`` or ``"mean"`` (the mean of the
    two): the chapter's one-radius formula."""
    def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        radius = {"right": radius_r, "left": radius_l, "mean": (radius_r + radius_l) / 2}[which]
        return _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius, radius, track_width)

    return forward_kinematics


def _fk_scaled_outputs(v_factor, omega_factor):
    """The reference's v and omega times the two factors (a dropped or an extra 1/2)."""
    def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                                 track_width)
        return v_factor * v, omega_factor * omega

    return forward_kinematics


_fk_v_doubled = _fk_scaled_outputs(2.0, 1.0)
_fk_half_track = _fk_scaled_outputs(1.0, 2.0)
_fk_omega_halved = _fk_scaled_outputs(1.0, 0.5)


def _fk_scaled_radii(factor):
    """Both radii times ``factor`` (1 for none: the wheel speeds taken for rim speeds)."""
    def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        if factor is None:
            return _forward_kinematics_reference(phi_dot_r, phi_dot_l, 1.0, 1.0, track_width)
        return _forward_kinematics_reference(phi_dot_r, phi_dot_l, factor * radius_r,
                                             factor * radius_l, track_width)

    return forward_kinematics


def _fk_no_radii_in(output):
    """The radii missing in one output, ``"v"`` or ``"omega"``: that output from the wheel
    speeds themselves."""
    def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                                 track_width)
        bare_v, bare_omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, 1.0, 1.0,
                                                           track_width)
        return (bare_v, omega) if output == "v" else (v, bare_omega)

    return forward_kinematics


def _fk_sum_and_difference_exchanged(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """v from the difference of the rim speeds, omega from their sum."""
    rim_r, rim_l = np.multiply(radius_r, phi_dot_r), np.multiply(radius_l, phi_dot_l)
    return (rim_r - rim_l) / 2, (rim_r + rim_l) / track_width


def _fk_mean_floored(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    """v's mean of the rim speeds taken with // 2, Python's floor division; omega right."""
    _, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                             track_width)
    rims = np.multiply(radius_r, phi_dot_r) + np.multiply(radius_l, phi_dot_l)
    return np.floor_divide(rims, 2), omega


def _fk_outputs_swapped(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                             track_width)
    return omega, v


def _fk_omega_in_degrees(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    v, omega = _forward_kinematics_reference(phi_dot_r, phi_dot_l, radius_r, radius_l,
                                             track_width)
    return v, np.degrees(omega)


def _fk_wheel_speeds_in_degrees(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return _forward_kinematics_reference(np.radians(phi_dot_r), np.radians(phi_dot_l),
                                         radius_r, radius_l, track_width)


_ONE_RADIUS_HINT = ("radius_r and radius_l differ: each rim moves at its own wheel's radius "
                    "times its own wheel speed. Work with the two rim speeds.")

_FORWARD_KINEMATICS = Exercise(
    exercise_id="diffdrive.forward_kinematics",
    description="Forward kinematics of a robot whose two wheels have different radii.",
    function_name="forward_kinematics",
    arguments=("phi_dot_r", "phi_dot_l", "radius_r", "radius_l", "track_width"),
    outputs=(Output("v"), Output("omega")),
    # v is the rims' mean, omega their difference: two formulas, each right or wrong alone
    independent_parts=True,
    reference=_forward_kinematics_reference,
    package_references=("robodyn.diffdrive.forward_kinematics",),
    make_cases=_forward_kinematics_cases,
    mistakes=(
        Mistake(
            "the wheels are swapped in omega (omega has the wrong sign)",
            "omega is positive (a left turn) when the right rim moves faster than the left "
            "one.",
            _fk_omega_negated,
        ),
        Mistake(
            "the two radii swapped: the left wheel's radius with the right wheel's speed",
            "Each radius belongs to its own wheel: radius_r to the wheel that turns at "
            "phi_dot_r.",
            _fk_radii_swapped,
        ),
        Mistake(
            "one radius, the right wheel's, for both wheels (the one-radius formula)",
            _ONE_RADIUS_HINT,
            _fk_one_radius("right"),
        ),
        Mistake(
            "one radius, the left wheel's, for both wheels (the one-radius formula)",
            _ONE_RADIUS_HINT,
            _fk_one_radius("left"),
        ),
        Mistake(
            "the mean of the two radii for both wheels",
            "A mean radius is right only when the two wheels turn equally fast. Each rim moves "
            "at its own wheel's radius times its own wheel speed: average the rim speeds, not "
            "the radii.",
            _fk_one_radius("mean"),
        ),
        Mistake(
            "the factor 1/2 is missing in v (v is twice too large)",
            "v is the speed of the axle midpoint, halfway between the wheels: the mean of the "
            "two rim speeds, not their sum.",
            _fk_v_doubled,
        ),
        Mistake(
            "half the track width is used (omega is twice too large)",
            "The difference of the two rim speeds turns the robot about a point on the axle; "
            "the yaw rate is that difference over the distance between the wheels, the full "
            "track_width.",
            _fk_half_track,
        ),
        Mistake(
            "omega has an extra factor 1/2 (omega is half what it should be)",
            "Only v takes the mean of the two wheels; the yaw rate is the difference of the "
            "rim speeds over the track width, with no 1/2.",
            _fk_omega_halved,
        ),
        Mistake(
            "the wheel radii are missing",
            "phi_dot is an angular speed in rad/s; the rim of a wheel moves at its radius "
            "times phi_dot, in m/s. Both v and omega come from the rim speeds.",
            _fk_scaled_radii(None),
        ),
        Mistake(
            "the wheel radii are missing in omega",
            "phi_dot is an angular speed in rad/s; each rim moves at its radius times "
            "phi_dot, in m/s, and the yaw rate comes from the difference of the rim speeds.",
            _fk_no_radii_in("omega"),
        ),
        Mistake(
            "the wheel radii are missing in v",
            "phi_dot is an angular speed in rad/s; each rim moves at its radius times "
            "phi_dot, in m/s, and v is the mean of the rim speeds.",
            _fk_no_radii_in("v"),
        ),
        Mistake(
            "v and omega both twice too large, as with the wheels' diameters in place of "
            "their radii",
            "A wheel turning at phi_dot rad/s moves its rim at its radius times phi_dot; the "
            "diameter belongs to the rim speed in revolutions, not in radians.",
            _fk_scaled_radii(2.0),
        ),
        Mistake(
            "v and omega both half what they should be, as with half the wheel radii",
            "radius_r and radius_l are the radii already, not the diameters: use them as "
            "they are.",
            _fk_scaled_radii(0.5),
        ),
        Mistake(
            "v and omega both 2 pi times too large: the wheel speeds taken as revolutions per "
            "second",
            "phi_dot_r and phi_dot_l are in rad/s: one radian of wheel turn moves the rim by "
            "one wheel radius, so no 2 pi is needed.",
            _fk_scaled_radii(2 * np.pi),
        ),
        Mistake(
            "the wheel speeds converted from rpm (times 2 pi / 60), though they are in rad/s",
            "phi_dot_r and phi_dot_l are in rad/s already: use them as they are.",
            _fk_scaled_radii(2 * np.pi / 60),
        ),
        Mistake(
            "the sum and the difference of the rim speeds exchanged",
            "Equal rim speeds drive straight (omega = 0); opposite ones spin on the spot "
            "(v = 0).",
            _fk_sum_and_difference_exchanged,
        ),
        Mistake(
            "the mean of the rim speeds taken with // 2, a floor division (v rounded down to "
            "a whole number of m/s)",
            "// divides and rounds down to a whole number: 1.0 // 2 is 0.0, and -4.5 // 2 is "
            "-3.0. Use / for the mean of the two rims.",
            _fk_mean_floored,
        ),
        Mistake(
            "the outputs are in the wrong order: (omega, v) instead of (v, omega)",
            "Return the forward speed first: `return v, omega`.",
            _fk_outputs_swapped,
        ),
        Mistake(
            "omega in degrees per second instead of rad/s (np.degrees makes it 57.3 times "
            "too large)",
            "Every angle and angular rate of the book is in radians: with the wheel speeds in "
            "rad/s and lengths in m, omega comes out in rad/s, with no np.degrees.",
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
# Exercise 2: inverse kinematics with a worn tyre and a top wheel speed
# ---------------------------------------------------------------------------------------------


def _inverse_kinematics_reference(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    """The rim speeds from the chapter's function with R = 1 m, each over its own wheel's
    radius; then both wheels scaled by one factor where one would exceed the top speed."""
    rim_r, rim_l = diffdrive.inverse_kinematics(v, omega, 1.0, track_width)
    return diffdrive.saturate_wheel_speeds(rim_r / radius_r, rim_l / radius_l,
                                           max_wheel_speed)


def _inverse_kinematics_cases(rng: np.random.Generator) -> list[Case]:
    R, L, top = _ROBOT.wheel_radius, _ROBOT.track_width, _ROBOT.max_wheel_speed
    cases = [
        Case((0.5, 3.0, round(1.01 * R, 6), R, L, top), "fixed",
             "the chapter's demand of 0.5 m/s and 3 rad/s, too fast for its motors; the right "
             "tyre 1 % larger"),
        Case((0.3, 0.0, 0.1, 0.098, 0.5, 20.0), "fixed",
             "omega = 0 within the limit: the smaller left tyre must turn faster"),
        Case((0.0, 1.5, 0.04, 0.042, 0.25, 30.0), "fixed",
             "v = 0 within the limit (turning on the spot)"),
        Case((0.5, 0.0, 0.05, 0.045, 0.3, 10.5), "fixed",
             "straight on, where only the smaller left wheel would pass the top speed"),
        Case((-0.2, -0.8, 0.08, 0.075, 0.42, 3.0), "fixed",
             "reversing while turning right, over the limit: the fastest wheel turns backwards"),
        Case((0.0, -8.0, 0.05, 0.052, 0.3, 20.0), "fixed",
             "a fast spin to the right, over the limit"),
    ]
    for _ in range(6):
        radius_r, radius_l = _draw_two_radii(rng)
        args = (rounded_uniform(rng, -1, 1), rounded_uniform(rng, -3, 3), radius_r, radius_l,
                rounded_uniform(rng, 0.1, 0.6), rounded_uniform(rng, 5.0, 30.0))
        cases.append(Case(args, "seeded random"))
    for size in (7, 50):
        args = (rounded_uniform(rng, -1, 1, size), rounded_uniform(rng, -4, 4, size), 0.063,
                0.06, 0.35, 15.0)
        cases.append(Case(args, "arrays", "some entries within the limit, some over it"))
    return cases


def _ik_of(rims=None, radii=None, limit="scale"):
    """The answer with a slip: ``rims(v, omega, L)`` the two rim speeds (m/s), ``radii(R_r,
    R_l)`` the radii each is divided by, and ``limit`` how the top speed is met: "scale" (one
    factor for both), "clip" (each wheel alone), "none", "always" (scaled to the top speed even
    within it), "signed" (the factor from the larger signed speed, not the larger size),
    "right" or "left" (the factor from that one wheel, taken to be the faster)."""
    rims = rims or (lambda v, omega, L: (v + omega * L / 2, v - omega * L / 2))
    radii = radii or (lambda R_r, R_l: (R_r, R_l))

    def inverse_kinematics(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
        rim_r, rim_l = rims(v, omega, track_width)
        by_r, by_l = radii(radius_r, radius_l)
        right, left = rim_r / by_r, rim_l / by_l
        if limit == "clip":
            return (np.clip(right, -max_wheel_speed, max_wheel_speed),
                    np.clip(left, -max_wheel_speed, max_wheel_speed))
        if limit == "none":
            return right, left
        largest = {"scale": np.maximum(np.maximum(np.abs(right), np.abs(left)),
                                       max_wheel_speed),
                   "always": np.maximum(np.abs(right), np.abs(left)),
                   "signed": np.maximum(np.maximum(right, left), max_wheel_speed),
                   "right": np.maximum(np.abs(right), max_wheel_speed),
                   "left": np.maximum(np.abs(left), max_wheel_speed)}[limit]
        return right * max_wheel_speed / largest, left * max_wheel_speed / largest

    return inverse_kinematics


def _ik_mapped(function):
    """The reference's wheel speeds passed through ``function`` (a unit slip at the end)."""
    def inverse_kinematics(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
        right, left = _inverse_kinematics_reference(v, omega, radius_r, radius_l, track_width,
                                                    max_wheel_speed)
        return function(right), function(left)

    return inverse_kinematics


_IK_ONE_RADIUS_HINT = ("radius_r and radius_l differ: each wheel turns its own rim speed "
                       "into a wheel speed with its own radius.")

_ONE_WHEEL_SETS_THE_LIMIT_HINT = (
    "Either wheel may be the one over the limit: it depends on the demand and on the radii. "
    "Compare both wheel speeds, in size, and take the factor from the faster one.")

_INVERSE_KINEMATICS = Exercise(
    exercise_id="diffdrive.inverse_kinematics",
    description="Inverse kinematics with wheels of two radii and a top wheel speed.",
    function_name="inverse_kinematics",
    arguments=("v", "omega", "radius_r", "radius_l", "track_width", "max_wheel_speed"),
    outputs=(Output("phi_dot_r"), Output("phi_dot_l")),
    reference=_inverse_kinematics_reference,
    package_references=("robodyn.diffdrive.inverse_kinematics",
                        "robodyn.diffdrive.saturate_wheel_speeds"),
    make_cases=_inverse_kinematics_cases,
    mistakes=(
        Mistake(
            "the wheels are swapped (right and left exchanged)",
            "To turn left (omega > 0) the right rim must move faster than the left one.",
            _ik_of(rims=lambda v, omega, L: (v - omega * L / 2, v + omega * L / 2)),
        ),
        Mistake(
            "the two radii swapped: the right rim speed divided by the left wheel's radius",
            "Each radius belongs to its own wheel: radius_r to the right wheel.",
            _ik_of(radii=lambda R_r, R_l: (R_l, R_r)),
        ),
        Mistake(
            "one radius, the right wheel's, for both wheels",
            _IK_ONE_RADIUS_HINT,
            _ik_of(radii=lambda R_r, R_l: (R_r, R_r)),
        ),
        Mistake(
            "one radius, the left wheel's, for both wheels",
            _IK_ONE_RADIUS_HINT,
            _ik_of(radii=lambda R_r, R_l: (R_l, R_l)),
        ),
        Mistake(
            "the mean of the two radii for both wheels",
            _IK_ONE_RADIUS_HINT + " A mean radius makes both rims wrong.",
            _ik_of(radii=lambda R_r, R_l: ((R_r + R_l) / 2, (R_r + R_l) / 2)),
        ),
        Mistake(
            "each wheel clipped to the top speed on its own (the robot leaves its arc)",
            "Clipping one wheel changes the ratio of the wheel speeds, and so the arc. Scale "
            "both wheels by one factor, so that the faster one just reaches the top speed.",
            _ik_of(limit="clip"),
        ),
        Mistake(
            "the top wheel speed is not applied",
            "A wheel may not turn faster than max_wheel_speed in either direction: where one "
            "would, slow both down by one common factor.",
            _ik_of(limit="none"),
        ),
        Mistake(
            "the wheels scaled up to the top speed even where the demand is within it",
            "The limit only slows the robot down: where both wheels are within the top speed, "
            "leave them as they are.",
            _ik_of(limit="always"),
        ),
        Mistake(
            "the factor taken from the larger signed wheel speed, not from the larger size",
            "A wheel turning backwards fast is over the limit too: compare the sizes of the "
            "wheel speeds (np.abs) with max_wheel_speed.",
            _ik_of(limit="signed"),
        ),
        Mistake(
            "the scale factor taken from the right wheel alone, as if it were always the "
            "faster one",
            _ONE_WHEEL_SETS_THE_LIMIT_HINT,
            _ik_of(limit="right"),
        ),
        Mistake(
            "the scale factor taken from the left wheel alone, as if it were always the "
            "faster one",
            _ONE_WHEEL_SETS_THE_LIMIT_HINT,
            _ik_of(limit="left"),
        ),
        Mistake(
            "the full track width is used instead of half of it",
            "Each wheel is half the track width from the axle midpoint: turning at omega adds "
            "omega times that distance to the speed of one rim and takes it from the other.",
            _ik_of(rims=lambda v, omega, L: (v + omega * L, v - omega * L)),
        ),
        Mistake(
            "a quarter of the track width where half of it belongs",
            "Each wheel is half the track width from the axle midpoint, and the 1/2 is taken "
            "once.",
            _ik_of(rims=lambda v, omega, L: (v + omega * L / 4, v - omega * L / 4)),
        ),
        Mistake(
            "the division by the wheel radii is missing (rim speeds in m/s, not wheel speeds)",
            "A rim speed is in m/s; the wheel's angular speed in rad/s is the rim speed over "
            "that wheel's radius.",
            _ik_of(radii=lambda R_r, R_l: (1.0, 1.0)),
        ),
        Mistake(
            "the wheel radii multiply instead of divide",
            "Check the units: a speed in m/s times a radius in m is not rad/s.",
            _ik_of(radii=lambda R_r, R_l: (1 / R_r, 1 / R_l)),
        ),
        Mistake(
            "both wheel speeds half what they should be, as with the diameters in place of "
            "the radii",
            "A rim speed over the wheel's radius (not its diameter) is the wheel's angular "
            "speed in rad/s.",
            _ik_of(radii=lambda R_r, R_l: (2 * R_r, 2 * R_l)),
        ),
        Mistake(
            "both rim speeds twice too large (the sum and the difference not halved)",
            "Forward kinematics gives the sum and the difference of the two rim speeds; each "
            "rim gets half the sum plus or minus half the difference.",
            _ik_of(rims=lambda v, omega, L: (2 * v + omega * L, 2 * v - omega * L)),
        ),
        Mistake(
            "track_width // 2, a floor division (0 for a track narrower than 2 m)",
            "// divides and rounds down to a whole number: 0.3 // 2 is 0.0. Use / for half the "
            "track width.",
            _ik_of(rims=lambda v, omega, L: (v + omega * (L // 2), v - omega * (L // 2))),
        ),
        Mistake(
            "wheel speeds in degrees per second instead of rad/s (np.degrees makes them 57.3 "
            "times too large)",
            "With v in m/s, omega in rad/s and lengths in m, the wheel speeds come out in "
            "rad/s, like max_wheel_speed: return them without np.degrees.",
            _ik_mapped(np.degrees),
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 3: the pose step while the speed ramps
# ---------------------------------------------------------------------------------------------


def _ramp_bend(half_turn):
    """(sin u - u cos u) / u^2 for the half turn u, rad: how far a speed ramp bends the step
    sideways, per metre of a dt^2 / 2; u/3 - u^3/30 + u^5/840 where u is small (the direct
    form there loses its digits)."""
    u = np.asarray(half_turn, float)
    small = np.abs(u) < 1e-2
    safe = np.where(small, 1.0, u)
    return np.where(small, u / 3 - u**3 / 30 + u**5 / 840,
                    (np.sin(safe) - safe * np.cos(safe)) / safe**2)


def _integrate_pose_reference(pose, v, accel, omega, dt):
    """The chapter's exact step at the mean speed v + accel dt / 2, then the shift to the left
    of the mean heading that the ramp adds: (accel dt^2 / 2) (sin u - u cos u) / u^2, with
    u = omega dt / 2 (the integral of (v + accel t) e^(i theta(t)) over the step)."""
    x, y, theta = diffdrive.integrate_pose(pose, np.add(v, np.multiply(accel, dt) / 2), omega,
                                           dt)
    half_turn = np.multiply(omega, dt) / 2
    shift = np.multiply(accel, dt**2 / 2) * _ramp_bend(half_turn)
    left = np.asarray(pose, float)[2] + half_turn + np.pi / 2
    return np.stack([x + shift * np.cos(left), y + shift * np.sin(left), theta])


_TINY_OMEGA_NOTE = (
    "at omega = 1e-9 rad/s your pose agrees only to about a micrometre. A formula that "
    "divides by omega subtracts nearly equal numbers there and loses digits (cancellation). "
    "A micrometre does not matter for a robot, so the check accepts it."
)

_TINY_OMEGA_HINT = (
    "For a tiny omega, a formula that divides by omega (or by omega squared) subtracts nearly "
    "equal numbers and loses its digits: write the step about the mean heading, where the "
    "terms have limits you can evaluate (np.sinc(a / np.pi) is sin(a)/a, 1 at a = 0), switch "
    "to a Taylor series for a small turn, or integrate numerically."
)


def _draw_acceleration(rng: np.random.Generator, size=None):
    """Accelerations of 0.2 to 2 m/s^2 in size, of either sign: never 0."""
    sign = rng.choice([-1.0, 1.0], size)
    return np.round(sign * rng.uniform(0.2, 2.0, size), 3) if size else round(
        float(sign) * rounded_uniform(rng, 0.2, 2.0), 3)


def _draw_poses(rng: np.random.Generator, size=None):
    return np.array([rounded_uniform(rng, -5, 5, size), rounded_uniform(rng, -5, 5, size),
                     rounded_uniform(rng, -8, 8, size)])


def _integrate_pose_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case((np.array([1.0, 2.0, 0.5]), 0.4, 0.6, 0.8, 0.5), "fixed",
             "speeding up on a left turn"),
        Case((np.array([0.0, 0.0, 7.0]), 1.0, -0.8, -1.2, 0.3), "fixed",
             "braking on a right turn, theta = 7 rad, more than 2 pi (theta is not wrapped)"),
        Case((np.array([-1.0, 0.5, 2.0]), 0.7, 0.5, 0.0, 0.2), "fixed",
             "omega == 0 (a straight segment)",
             "For omega == 0 the robot drives straight on, along its heading theta, and the "
             "distance is the area under its speed over the step."),
        Case((np.array([3.0, -2.0, -1.0]), 0.5, 0.4, 1e-9, 0.1), "fixed",
             "a tiny omega (1e-9 rad/s)", _TINY_OMEGA_HINT, _TINY_OMEGA_NOTE),
        Case((np.array([0.0, 0.0, 0.0]), 0.0, 1.0, 3.0, 1.0), "fixed",
             "from standing, a large turn in one step (omega dt = 3 rad)"),
        Case((np.array([0.0, 0.0, 0.0]), 1.0, -1.0, 2.0, 1.0), "fixed",
             "braking to a standstill at the end of the step"),
    ]
    for _ in range(6):
        args = (_draw_poses(rng), rounded_uniform(rng, -1, 1), _draw_acceleration(rng),
                rounded_uniform(rng, -3, 3), rounded_uniform(rng, 0.2, 1.0))
        cases.append(Case(args, "seeded random"))
    size = 6
    omega = np.concatenate([[0.0, 1e-9], rounded_uniform(rng, -3, 3, size - 2)])
    cases.append(Case(
        (_draw_poses(rng, size), rounded_uniform(rng, -1, 1, size), _draw_acceleration(rng, size),
         omega, 0.5),
        "arrays", "NumPy arrays, with omega == 0 and omega = 1e-9 rad/s in the first two columns",
        _TINY_OMEGA_HINT, _TINY_OMEGA_NOTE))
    size = 40
    cases.append(Case(
        (_draw_poses(rng, size), rounded_uniform(rng, -1, 1, size), _draw_acceleration(rng, size),
         rounded_uniform(rng, -3, 3, size), 0.4),
        "arrays"))
    return cases


def _ip_held_speed(speed):
    """The chapter's exact step at one held speed: ``"start"`` (v, the ramp ignored),
    ``"mean"`` (v + a dt/2, the ramp's sideways shift left out) or ``"end"`` (v + a dt)."""
    def integrate_pose(pose, v, accel, omega, dt):
        held = {"start": v, "mean": np.add(v, np.multiply(accel, dt) / 2),
                "end": np.add(v, np.multiply(accel, dt))}[speed]
        return diffdrive.integrate_pose(pose, held, omega, dt)

    return integrate_pose


def _ip_shift_scaled(factor):
    """The reference with the ramp's sideways shift times ``factor`` (-1: to the wrong side)."""
    def integrate_pose(pose, v, accel, omega, dt):
        mean = _ip_held_speed("mean")(pose, v, accel, omega, dt)
        right = _integrate_pose_reference(pose, v, accel, omega, dt)
        return np.stack([mean[k] + factor * (right[k] - mean[k]) for k in range(2)]
                        + [right[2]])

    return integrate_pose


def _ip_about_start_heading(pose, v, accel, omega, dt):
    """The step's two parts, along and across, laid out about the start heading theta instead
    of the mean heading: the reference's displacement turned back by half the turn."""
    pose = np.asarray(pose, float)
    x, y, theta = _integrate_pose_reference(pose, v, accel, omega, dt)
    back = -np.multiply(omega, dt) / 2
    dx, dy = x - pose[0], y - pose[1]
    return np.stack([pose[0] + np.cos(back) * dx - np.sin(back) * dy,
                     pose[1] + np.sin(back) * dx + np.cos(back) * dy, theta])


def _ip_double_ramp(pose, v, accel, omega, dt):
    """a dt^2 where a dt^2 / 2 belongs: the reference with twice the acceleration."""
    return _integrate_pose_reference(pose, v, np.multiply(2, accel), omega, dt)


def _ip_euler(pose, v, accel, omega, dt):
    """The whole distance v dt + a dt^2 / 2 along the start heading."""
    x, y, theta = pose
    distance = np.multiply(v, dt) + np.multiply(accel, dt**2 / 2)
    return np.stack([x + distance * np.cos(theta), y + distance * np.sin(theta),
                     theta + np.multiply(omega, dt)])


def _ip_divide_by_omega(pose, v, accel, omega, dt):
    """The integral by parts written with 1/omega and 1/omega^2, no straight-line case."""
    x, y, theta = pose
    inverse = 1 / omega  # a ZeroDivisionError for a Python 0.0, inf in an array
    turn = np.multiply(omega, dt)
    start, end = np.exp(1j * theta), np.exp(1j * (theta + turn))
    moved = (-1j * ((v + accel * dt) * end - v * start) * inverse
             + accel * (end - start) * inverse**2)
    return np.stack([x + np.real(moved), y + np.imag(moved), theta + turn])


def _ip_numpy_sinc_without_pi(pose, v, accel, omega, dt):
    """np.sinc(a) taken for sin(a) / a in the chord of the mean-speed step."""
    x, y, theta = _integrate_pose_reference(pose, v, accel, omega, dt)
    mean = np.add(v, np.multiply(accel, dt) / 2)
    half = np.multiply(omega, dt) / 2
    heading = np.asarray(pose, float)[2] + half
    wrong = mean * dt * (np.sinc(half) - np.sinc(half / np.pi))
    return np.stack([x + wrong * np.cos(heading), y + wrong * np.sin(heading), theta])


def _ip_y_sign_slip(pose, v, accel, omega, dt):
    x, y, theta = _integrate_pose_reference(pose, v, accel, omega, dt)
    return np.stack([x, 2 * np.asarray(pose, float)[1] - y, theta])


def _ip_theta_wrapped(pose, v, accel, omega, dt):
    x, y, theta = _integrate_pose_reference(pose, v, accel, omega, dt)
    return np.stack([x, y, wrap_angle(theta)])


def _ip_cos_and_sin_exchanged(pose, v, accel, omega, dt):
    """x moved by the sine, y by the cosine: the reference's step mirrored in x = y."""
    pose = np.asarray(pose, float)
    x, y, theta = _integrate_pose_reference(pose, v, accel, omega, dt)
    return np.stack([pose[0] + (y - pose[1]), pose[1] + (x - pose[0]), theta])


_INTEGRATE_POSE = Exercise(
    exercise_id="diffdrive.integrate_pose",
    description="Pose after a step in which the speed ramps at a constant acceleration while "
                "omega is held (theta not wrapped).",
    function_name="integrate_pose",
    arguments=("pose", "v", "accel", "omega", "dt"),
    outputs=(Output("pose", Close(rtol=1e-9, atol=1e-6), entries=("x", "y", "theta")),),
    reference=_integrate_pose_reference,
    package_references=("robodyn.diffdrive.integrate_pose",),
    make_cases=_integrate_pose_cases,
    mistakes=(
        Mistake(
            "the acceleration left out: the chapter's exact step at the start speed v",
            "The speed changes during the step: at time t it is v + accel t. The robot goes "
            "farther (or less far) than at v, and its path is not a circular arc.",
            _ip_held_speed("start"),
        ),
        Mistake(
            "the chapter's exact step at the mean speed: right distance, but the ramp's "
            "sideways shift left out",
            "The mean speed gives the right distance along the path. But the robot drives the "
            "later part of the step faster, and the later part points further into the turn: "
            "integrate the velocity (v + accel t) (cos theta(t), sin theta(t)) over the step.",
            _ip_held_speed("mean"),
        ),
        Mistake(
            "the chapter's exact step at the end speed v + accel dt",
            "The speed ramps from v to v + accel dt over the step; the distance is the area "
            "under the speed, not the end speed times dt.",
            _ip_held_speed("end"),
        ),
        Mistake(
            "the ramp's sideways shift to the wrong side of the mean heading",
            "Speeding up, the robot drives the later part of the step faster, and in a left "
            "turn the later part points further left: the shift is into the turn when "
            "accel > 0.",
            _ip_shift_scaled(-1.0),
        ),
        Mistake(
            "the ramp's sideways shift twice too large",
            "Check the factor of the ramp's term: the integral of t over the step is "
            "dt^2 / 2.",
            _ip_shift_scaled(2.0),
        ),
        Mistake(
            "the ramp's sideways shift half what it should be",
            "Check the factor of the ramp's term: it gathers accel t over the whole step. "
            "Written about the middle of the step, t runs from -dt/2 to dt/2, and both halves "
            "count.",
            _ip_shift_scaled(0.5),
        ),
        Mistake(
            "the step laid out about the start heading theta instead of the mean heading",
            "The parts along and across the path belong to the mean heading "
            "theta + omega dt / 2, halfway through the turn: a chord of an arc points "
            "between the headings at its two ends.",
            _ip_about_start_heading,
        ),
        Mistake(
            "accel dt^2 where accel dt^2 / 2 belongs (the distance of the ramp doubled)",
            "Under a speed that grows at accel, the extra distance over dt is the area of a "
            "triangle, accel dt times dt over two.",
            _ip_double_ramp,
        ),
        Mistake(
            "the whole distance along the start heading (an Euler step)",
            "The heading turns during the step: the robot does not move along theta alone. "
            "Integrate the velocity along the changing heading.",
            _ip_euler,
        ),
        Mistake(
            "a division by omega without the straight-line case (nan for omega == 0)",
            "A formula with 1/omega is 0/0 when omega == 0. Handle the straight line (and a "
            "tiny turn) with forms whose limit is finite, a series, or a numerical integral.",
            _ip_divide_by_omega,
        ),
        Mistake(
            "np.sinc(a) used as sin(a)/a: NumPy's sinc is the normalised sin(pi a)/(pi a)",
            "np.sinc(a) computes sin(pi a) / (pi a). For sin(a) / a write np.sinc(a / np.pi).",
            _ip_numpy_sinc_without_pi,
        ),
        Mistake(
            "a sign slip in y: y - ... instead of y + ...",
            "Driving along heading h moves the robot by (c cos h, c sin h): both with a plus.",
            _ip_y_sign_slip,
        ),
        Mistake(
            "theta was wrapped to (-pi, pi]; this exercise keeps theta unwrapped",
            "The book keeps the heading of a driving robot unwrapped, so that it counts whole "
            "turns (see the notation page): return the new heading without wrapping it.",
            _ip_theta_wrapped,
        ),
        Mistake(
            "cos and sin exchanged between x and y",
            "theta is measured from the x axis, counter-clockwise: at theta = 0 the robot "
            "drives along x, at theta = pi/2 along y.",
            _ip_cos_and_sin_exchanged,
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 4: heading controller whose yaw-rate limit the wheels set
# ---------------------------------------------------------------------------------------------


def _limited_command(pose, goal, gain, dead_band, omega_max):
    """The chapter's command with the yaw-rate limit omega_max, rad/s."""
    return waypoints.heading_command(pose, goal, gain, dead_band, omega_max)


def _yaw_rate_limit(speed, wheel_radius, track_width, max_wheel_speed):
    """The largest yaw rate at the forward speed ``speed`` (m/s) that keeps the outer wheel
    within its top speed, rad/s: its rim runs at speed + omega L / 2, at most R phi_max."""
    return 2 * (wheel_radius * max_wheel_speed - np.abs(speed)) / track_width


def _heading_command_reference(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                               max_wheel_speed):
    return _limited_command(pose, goal, gain, dead_band,
                            _yaw_rate_limit(speed, wheel_radius, track_width, max_wheel_speed))


def _lifted(mistake):
    """A slip of the command itself, with the right yaw-rate limit."""
    def heading_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                        max_wheel_speed):
        return mistake(pose, goal, gain, dead_band,
                       _yaw_rate_limit(speed, wheel_radius, track_width, max_wheel_speed))

    return heading_command


def _limit_slip(limit):
    """The right command with a wrong yaw-rate limit ``limit(speed, R, L, phi_max)``."""
    def heading_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                        max_wheel_speed):
        return _limited_command(pose, goal, gain, dead_band,
                                limit(speed, wheel_radius, track_width, max_wheel_speed))

    return heading_command


def _bearing(pose, goal):
    """Direction from the robot to the goal, rad."""
    return np.arctan2(goal[1] - pose[1], goal[0] - pose[0])


#: How close to a boundary (|e| = dead_band, e = +-pi) a heading error counts as on it, rad.
_BOUNDARY_ATOL = 1e-9


def _on_the_boundaries(args):
    """Where the text lets the command go either way: (at the dead band's edge, goal exactly
    behind), each a bool array of the command's shape."""
    pose, goal, _, dead_band = args[:4]
    error = waypoints.heading_error(pose, goal)  # in (-pi, pi], rad
    return (np.abs(np.abs(error) - dead_band) <= _BOUNDARY_ATOL,
            np.pi - np.abs(error) <= _BOUNDARY_ATOL)


def _other_right_commands(args, expected):
    """The commands that are right besides the reference's, rad/s: at the dead band's edge the
    other side of the edge (0, or gain e limited), for a goal exactly behind the turn the other
    way (e - 2 pi sign(e)); elsewhere the reference's own."""
    pose, goal, gain, dead_band = args[:4]
    omega_max = _yaw_rate_limit(*args[4:])
    at_edge, behind = _on_the_boundaries(args)
    error = waypoints.heading_error(pose, goal)
    outside = np.clip(gain * error, -omega_max, omega_max)
    turned = np.clip(gain * (error - 2 * np.pi * np.sign(error)), -omega_max, omega_max)
    return (np.where(at_edge, 0.0, expected), np.where(at_edge, outside, expected),
            np.where(behind, turned, expected))


#: What the PASSED line and the feedback add to the command's tolerance.
_EITHER_WAY = "at |e| = dead_band and at e = +-pi either of the two right commands"


def _either_way_on_the_boundaries(outputs, args, expected):
    """The command close to the reference's or, on the two boundaries the exercise text lets go
    either way (|e| = dead_band exactly, a goal exactly behind), to the other right command.

    A typical mistake is recognised on the other entries: on a boundary two commands are right,
    and an entry there tells no slip apart.
    """
    (omega,) = outputs
    at_edge, behind = _on_the_boundaries(args)
    compare = dataclasses.replace(omega.compare, others=_other_right_commands(args, expected[0]),
                                  free=at_edge | behind)
    return (dataclasses.replace(omega, compare=compare),)


def _heading_error_is_safe(pose, goal, dead_band, margin: float = 0.01) -> bool:
    """True when the heading error is off the dead-band edge and off +-pi by ``margin`` rad.

    The random cases keep clear of the two boundaries, where two commands are right: there a
    slip could not be told apart. The fixed cases put the heading error on them exactly.
    """
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


_BEHIND_NOTE = (
    "for a goal exactly behind the robot your command turns it the other way than the "
    "book's wrap to (-pi, pi] (which gives e = +pi, a left turn). Both are right: e = pi and "
    "e = -pi are the same direction, and the text lets the robot turn either way."
)
_EDGE_NOTE = (
    "at |e| = dead_band exactly your command is on the other side of the edge than the "
    "book's (which gives gain e there). Both are right: the text lets the edge go either way."
)


#: The chapter's follower: its speed, and its robot's wheel radius, track width and top wheel
#: speed (a yaw-rate limit of 1.74 rad/s).
_FOLLOWER = (waypoints.FollowerSettings().speed, _ROBOT.wheel_radius, _ROBOT.track_width,
             _ROBOT.max_wheel_speed)


#: Speeds and robots (m/s, R, L, phi_max) with a yaw-rate limit of 2 and 3 rad/s.
_LIMIT_2, _LIMIT_3 = (0.4, 0.05, 0.3, 14.0), (0.25, 0.05, 0.3, 14.0)


def _draw_follower(rng: np.random.Generator):
    """A speed (m/s) and a robot (R, L, phi_max) that leave a yaw-rate limit of 0.3 to 4
    rad/s."""
    while True:
        robot = (rounded_uniform(rng, 0.02, 0.1), rounded_uniform(rng, 0.15, 0.5),
                 rounded_uniform(rng, 5.0, 30.0))
        speed = round(rounded_uniform(rng, 0.1, 0.9) * robot[0] * robot[2], 3)
        if 0.3 <= _yaw_rate_limit(speed, *robot) <= 4.0:
            return (speed, *robot)


def _heading_command_cases(rng: np.random.Generator) -> list[Case]:
    cases = [
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.6]), 1.5, 0.05, *_LIMIT_2),
            "fixed",
            "goal ahead, a little to the left",
        ),
        Case(
            (np.array([1.0, 2.0, 3.0]), np.array([-0.6, 0.8]), 1.0, 0.05, *_LIMIT_2),
            "fixed",
            "goal behind the robot (theta = 3 rad): the heading error must be wrapped",
        ),
        Case(
            (np.array([0.5, -0.5, 0.5]), np.array([2.5, 0.64]), 1.5, 0.05, *_LIMIT_2),
            "fixed",
            "a heading error of 0.018 rad, inside the dead band of 0.05 rad",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([3.0, 0.0015]), 1.5, 0.05, *_LIMIT_2),
            "fixed",
            "a heading error of 0.0005 rad, inside the dead band of 0.05 rad",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([-1.0, 1.5]), 15.0, 0.05, 0.55, 0.1, 0.5, 8.0),
            "fixed",
            "a high gain and a large error to the left: the command saturates at the yaw rate "
            "the right wheel allows, far below gain e",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([-1.0, -1.5]), 2.0, 0.05, *_FOLLOWER),
            "fixed",
            "the chapter's robot at its 0.3 m/s, a large error to the right: the command "
            "saturates at the yaw rate its left wheel allows",
        ),
        Case(
            (np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.5]), 1.2, 0.05, *_LIMIT_2),
            "fixed",
            "goal to the right, below saturation",
        ),
        Case(
            (np.array([0.0, 0.0, 6.583]), np.array([1.0, 0.0]), 1.0, 0.05, *_LIMIT_2),
            "fixed",
            "theta = 6.583 rad, more than 2 pi (theta is not wrapped)",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.12]), 0.5, 0.05, *_LIMIT_2),
            "fixed",
            "a heading error of 0.06 rad, just outside the dead band: a small, unsaturated "
            "command",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([2.0, 0.08]), 1.5, 0.05, *_LIMIT_2),
            "fixed",
            "a heading error of 0.04 rad, inside the dead band of 0.05 rad, with gain 1.5",
        ),
        Case(
            (np.array([0.0, 0.0, 3.5]), np.array([-2.0, -0.5]), 1.0, 0.05, *_LIMIT_2),
            "fixed",
            "goal behind and to the left, theta = 3.5 rad",
        ),
        Case(
            (np.array([1.0, 1.0, -2.8]), np.array([-1.0, 1.5]), 0.8, 0.05, *_LIMIT_3),
            "fixed",
            "goal behind the robot (theta = -2.8 rad), below saturation",
        ),
        Case(
            (np.array([0.0, 0.0, 0.0]), np.array([-2.0, 0.0]), 0.5, 0.05, *_LIMIT_2),
            "fixed",
            "a goal exactly behind (e = pi, the same direction as -pi): the robot may turn "
            "either way",
            note=_BEHIND_NOTE,
        ),
        Case(
            (np.array([1.0, 1.0, np.pi / 2]), np.array([1.0, -1.0]), 0.5, 0.05, *_LIMIT_2),
            "fixed",
            "a goal exactly behind, the bearing minus theta -pi before wrapping: the robot may "
            "turn either way",
            note=_BEHIND_NOTE,
        ),
        Case(
            (np.array([0.0, 0.0, -0.05]), np.array([2.0, 0.0]), 1.5, 0.05, *_LIMIT_2),
            "fixed",
            "a heading error of exactly +dead_band (0.05 rad): the command may be 0 or gain e",
            note=_EDGE_NOTE,
        ),
        Case(
            (np.array([0.0, 0.0, 0.1]), np.array([3.0, 0.0]), 2.0, 0.1, 0.55, 0.1, 0.5, 8.0),
            "fixed",
            "a heading error of exactly -dead_band (-0.1 rad): the command may be 0 or gain e",
            note=_EDGE_NOTE,
        ),
    ]
    for _ in range(6):
        gain = rounded_uniform(rng, 0.5, 3.0)
        dead_band = rounded_uniform(rng, 0.02, 0.2)
        robot = _draw_follower(rng)
        pose, goal = _draw_pose_and_goal(rng, dead_band)
        cases.append(Case((pose, goal, gain, dead_band, *robot), "seeded random"))
    for size in (8, 40):
        dead_band = 0.1
        pose, goal = _draw_pose_and_goal(rng, dead_band, size)
        cases.append(Case((pose, goal, 1.5, dead_band, 0.55, 0.1, 0.5, 8.0), "arrays"))
    cases.append(Case(
        (np.array([[0.0, 2.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0, 0.0],
                   [0.0, np.pi / 2, -0.1, 0.1, 0.3]]),
         np.array([[-1.0, 2.0, 5.0, 4.0, 1.0], [0.0, -3.0, 0.0, 1.0, 1.0]]), 1.5, 0.1, 0.55, 0.1,
         0.5, 8.0),
        "arrays",
        "goals exactly behind (e = pi, and -pi before wrapping) and heading errors of exactly "
        "+-dead_band, beside an ordinary one",
    ))  # no note: the fixed cases above hold the same boundaries, and their notes say it
    return cases


# The mistakes of this exercise are slips of the command itself, given the right yaw-rate
# limit (_lifted), or the right command with a wrong limit (_limit_slip). The command's slips
# are the chapter's command (robodyn.diffdrive.waypoints.heading_command) with a changed input
# or a changed output wherever a mistake can be put that way. The others (a heading error the
# chapter's command never produces: unwrapped, wrapped the wrong way, from arctan of a ratio;
# or no limit at all, which it refuses) pass their error to _command, its formula as
# robodyn.diffdrive.waypoints writes it. None repeats the solution's lines, which the student
# release must not hold (see classgrade.release).


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
    return _limited_command(pose, goal, np.degrees(gain), dead_band, omega_max)


def _hc_degrees_dead_band(pose, goal, gain, dead_band, omega_max):
    """|degrees(e)| < dead_band: the reference with a dead band 57.3 times too small."""
    return _limited_command(pose, goal, gain, np.radians(dead_band), omega_max)


def _hc_degrees_error(pose, goal, gain, dead_band, omega_max):
    """e in degrees, in the dead band and in the command: both of the two above at once."""
    return _limited_command(pose, goal, np.degrees(gain), np.radians(dead_band), omega_max)


def _hc_radians_of_theta(pose, goal, gain, dead_band, omega_max):
    robot = np.array([pose[0], pose[1], np.radians(pose[2])])
    return _limited_command(robot, goal, gain, dead_band, omega_max)


def _hc_no_dead_band(pose, goal, gain, dead_band, omega_max):
    return _limited_command(pose, goal, gain, 0.0, omega_max)


def _hc_no_saturation(pose, goal, gain, dead_band, omega_max):
    return _command(_heading_error(pose, goal), gain, dead_band, np.inf)


def _hc_atan2_swapped(pose, goal, gain, dead_band, omega_max):
    """atan2(dx, dy): the reference on a plane whose x and y are exchanged (theta kept)."""
    robot = np.array([pose[1], pose[0], pose[2]])
    return _limited_command(robot, np.array([goal[1], goal[0]]), gain, dead_band, omega_max)


def _hc_sign_error(pose, goal, gain, dead_band, omega_max):
    """theta - bearing: the command is odd in the error, so the reference's, negated."""
    return -_limited_command(pose, goal, gain, dead_band, omega_max)


def _hc_bang_bang(pose, goal, gain, dead_band, omega_max):
    """+-omega_max outside the dead band: the sign of the reference's command, times the limit."""
    return omega_max * np.sign(_limited_command(pose, goal, gain, dead_band, omega_max))


def _hc_arctan_of_ratio(pose, goal, gain, dead_band, omega_max):
    with np.errstate(divide="ignore", invalid="ignore"):
        bearing = np.arctan((goal[1] - pose[1]) / (goal[0] - pose[0]))
    return _command(wrap_angle(bearing - pose[2]), gain, dead_band, omega_max)


def _hc_theta_wrapped_error_not(pose, goal, gain, dead_band, omega_max):
    return _command(_bearing(pose, goal) - wrap_angle(pose[2]), gain, dead_band, omega_max)


def _hc_dead_band_on_command(pose, goal, gain, dead_band, omega_max):
    """The limited command without dead band, set to 0 where it is smaller than dead_band."""
    omega = _limited_command(pose, goal, gain, 0.0, omega_max)
    return np.where(np.abs(omega) < dead_band, 0.0, omega)


def _hc_dead_band_inverted(pose, goal, gain, dead_band, omega_max):
    """The limited command only inside the dead band: the reference without dead band minus
    the reference with it."""
    return (_limited_command(pose, goal, gain, 0.0, omega_max)
            - _limited_command(pose, goal, gain, dead_band, omega_max))

def _hc_command_in_degrees(pose, goal, gain, dead_band, omega_max):
    return np.degrees(_limited_command(pose, goal, gain, dead_band, omega_max))


def _hc_no_gain(pose, goal, gain, dead_band, omega_max):
    return _limited_command(pose, goal, 1.0, dead_band, omega_max)


def _hc_half_a_turn_off(pose, goal, gain, dead_band, omega_max):
    """The error wrap(e + pi): the reference for the goal mirrored through the robot."""
    pose = np.asarray(pose, float)
    return _limited_command(pose, 2 * pose[:2] - np.asarray(goal, float), gain, dead_band,
                            omega_max)


def _hc_error_limited(pose, goal, gain, dead_band, omega_max):
    """The error limited to +-omega_max before the gain multiplies it: the reference with the
    gain 1 and the limit gain omega_max."""
    return gain * _limited_command(pose, goal, 1.0, dead_band, omega_max)


def _hc_dead_band_without_abs(pose, goal, gain, dead_band, omega_max):
    """e < dead_band gives 0: every negative error falls in the 'dead band'."""
    omega = _limited_command(pose, goal, gain, dead_band, omega_max)
    return np.where(_heading_error(pose, goal) < 0, 0.0, omega)


def _hc_upper_limit_only(pose, goal, gain, dead_band, omega_max):
    """Limited to omega_max from above only: unlimited for errors to the right."""
    error = _heading_error(pose, goal)
    return np.where(error > 0, _limited_command(pose, goal, gain, dead_band, omega_max),
                    _command(error, gain, dead_band, np.inf))


_HEADING_DEGREES_HINT = (
    "All angles here are in radians: np.arctan2 returns radians, theta and dead_band are in "
    "radians (the chapter's 2° dead band is passed as 0.035 rad). No np.degrees or np.radians "
    "is needed."
)

_HEADING_COMMAND = Exercise(
    exercise_id="diffdrive.heading_command",
    description="Turn towards a goal: P controller with dead band, limited to the yaw rate "
                "the wheels allow at the forward speed.",
    function_name="heading_command",
    arguments=("pose", "goal", "gain", "dead_band", "speed", "wheel_radius", "track_width",
               "max_wheel_speed"),
    outputs=(Output("omega", CloseOrOther(note=_EITHER_WAY)),),
    comparators_for=_either_way_on_the_boundaries,
    reference=_heading_command_reference,
    package_references=("robodyn.diffdrive.waypoints.heading_command",),
    make_cases=_heading_command_cases,
    mistakes=(
        Mistake(
            "the yaw-rate limit without the forward speed (the outer wheel's whole top speed "
            "given to the turn)",
            "While the robot turns it also drives at speed: the outer wheel's rim must carry "
            "both the forward speed and its share of the turn, within its top speed.",
            _limit_slip(lambda v, R, L, top: 2 * R * top / L),
        ),
        Mistake(
            "the yaw-rate limit with the full track width: the outer wheel taken a whole "
            "track width from the midpoint",
            "The outer wheel is half the track width from the axle midpoint: turning at omega "
            "adds omega times that distance to its rim speed.",
            _limit_slip(lambda v, R, L, top: (R * top - v) / L),
        ),
        Mistake(
            "the yaw-rate limit with the forward speed added where it must be taken away",
            "The forward speed uses up part of the outer wheel's top rim speed: what is left "
            "is what the turn may use.",
            _limit_slip(lambda v, R, L, top: 2 * (R * top + v) / L),
        ),
        Mistake(
            "the top wheel speed used as the yaw-rate limit",
            "max_wheel_speed limits how fast a wheel turns about its axle, not how fast the "
            "robot turns: go through the outer wheel's rim speed.",
            _limit_slip(lambda v, R, L, top: top + 0 * v),
        ),
        Mistake(
            "the wheel radius missing in the yaw-rate limit (a wheel speed taken for a rim "
            "speed)",
            "max_wheel_speed is in rad/s; the rim of a wheel at that speed moves at the wheel "
            "radius times it, in m/s, like the forward speed.",
            _limit_slip(lambda v, R, L, top: 2 * (top - v) / L),
        ),
        Mistake(
            "the heading error is not wrapped to (-pi, pi] (with the goal behind, the robot "
            "turns the long way round)",
            "Wrap the error itself into (-pi, pi] before using it, so that the robot never "
            "turns by more than half a turn.",
            _lifted(_hc_unwrapped),
        ),
        Mistake(
            "the heading error is wrapped to [0, 2 pi) instead of (-pi, pi] (the robot always "
            "turns left)",
            "np.mod(e, 2 pi) is never negative; the error must lie in (-pi, pi] so that a goal "
            "on the right gives a negative error.",
            _lifted(_hc_wrapped_0_to_2pi),
        ),
        Mistake(
            "degrees where radians are needed (np.degrees makes the command 57.3 times too large)",
            _HEADING_DEGREES_HINT,
            _lifted(_hc_degrees_output),
        ),
        Mistake(
            "degrees where radians are needed (the error in degrees is compared with the dead "
            "band in radians)",
            _HEADING_DEGREES_HINT,
            _lifted(_hc_degrees_dead_band),
        ),
        Mistake(
            "degrees where radians are needed (the heading error is in degrees)",
            _HEADING_DEGREES_HINT,
            _lifted(_hc_degrees_error),
        ),
        Mistake(
            "degrees where radians are needed (np.radians applied to theta)",
            _HEADING_DEGREES_HINT,
            _lifted(_hc_radians_of_theta),
        ),
        Mistake(
            "the dead band is missing (small errors must give omega = 0)",
            "Errors smaller in size than dead_band must give a command of exactly 0, on both "
            "sides.",
            _lifted(_hc_no_dead_band),
        ),
        Mistake(
            "the saturation is missing (omega must stay within +-omega_max)",
            "Limit the command to [-omega_max, omega_max], on both sides (np.clip does both at "
            "once).",
            _lifted(_hc_no_saturation),
        ),
        Mistake(
            "the arguments of atan2 are swapped (atan2(dx, dy) instead of atan2(dy, dx))",
            "np.arctan2 takes the y difference first, then the x difference.",
            _lifted(_hc_atan2_swapped),
        ),
        Mistake(
            "a bang-bang command: +-omega_max outside the dead band instead of gain * e",
            "The controller is proportional: outside the dead band the command grows with the "
            "error, and only large errors saturate at +-omega_max.",
            _lifted(_hc_bang_bang),
        ),
        Mistake(
            "arctan(dy/dx) instead of arctan2(dy, dx): the bearing is off by pi when the goal "
            "lies behind (dx < 0)",
            "np.arctan of a ratio only knows the slope, not the quadrant; np.arctan2, which "
            "takes the two differences separately, gives the bearing in all four.",
            _lifted(_hc_arctan_of_ratio),
        ),
        Mistake(
            "theta is wrapped but the heading error is not: wrap the difference, not theta",
            "The bearing minus a wrapped theta can still lie outside (-pi, pi]: wrap the "
            "difference itself.",
            _lifted(_hc_theta_wrapped_error_not),
        ),
        Mistake(
            "the dead band is applied to the command instead of to the heading error",
            "dead_band is an angle in rad: compare it with the heading error, not with the "
            "command in rad/s.",
            _lifted(_hc_dead_band_on_command),
        ),
        Mistake(
            "the dead band is inverted: the command is zero for large errors, not small ones",
            "Small errors (smaller in size than dead_band) give 0; larger ones give the "
            "proportional command. Check which branch of your np.where is which.",
            _lifted(_hc_dead_band_inverted),
        ),
        Mistake(
            "the command is in degrees per second (np.degrees applied to omega)",
            "The yaw-rate command is in rad/s like omega_max: return it without np.degrees.",
            _lifted(_hc_command_in_degrees),
        ),
        Mistake(
            "a sign error in the heading error (theta - bearing instead of bearing - theta)",
            "A goal on the left must give a positive error, and a positive omega turns left.",
            _lifted(_hc_sign_error),
        ),
        Mistake(
            "the gain is missing (the command is the error itself)",
            "The command is the heading error scaled by the gain (rad/s per rad), then limited.",
            _lifted(_hc_no_gain),
        ),
        Mistake(
            "the heading error is off by half a turn (a goal ahead gives e = +-pi)",
            "A goal straight ahead must give e = 0. Check that the bearing points from the "
            "robot to the goal (goal minus robot), and that your wrap leaves an angle already "
            "in (-pi, pi] unchanged.",
            _lifted(_hc_half_a_turn_off),
        ),
        Mistake(
            "the dead band compares e, not its size |e|: every error to the right gives 0",
            "The dead band is symmetric: an error of -0.3 rad is as large as one of +0.3 rad "
            "and must turn the robot right.",
            _lifted(_hc_dead_band_without_abs),
        ),
        Mistake(
            "the heading error limited to +-omega_max before the gain, not the command",
            "omega_max is a limit on the yaw-rate command in rad/s, not on the error in rad: "
            "scale the error by the gain first, then limit what comes out.",
            _lifted(_hc_error_limited),
        ),
        Mistake(
            "the command is limited from above only (large errors to the right go beyond "
            "-omega_max)",
            "omega_max limits the size of the command in both directions: a right turn stops "
            "at -omega_max.",
            _lifted(_hc_upper_limit_only),
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 5: the arc through a waypoint (the geometry behind pure pursuit)
# ---------------------------------------------------------------------------------------------


def _goal_in_robot_frame(pose, goal):
    """The goal's offset from the axle midpoint in the robot's frame, m: (ahead, to the left)."""
    x, y, theta = (float(entry) for entry in pose)
    dx, dy = float(goal[0]) - x, float(goal[1]) - y
    return np.cos(theta) * dx + np.sin(theta) * dy, -np.sin(theta) * dx + np.cos(theta) * dy


def _turning_radius_reference(pose, goal, speed, wheel_radius, track_width):
    """The circle tangent to the heading at the axle midpoint has its centre on the axle line,
    at (0, r) in the robot's frame; it passes through the goal (a, b) where
    a^2 + (b - r)^2 = r^2. The chapter's inverse kinematics then gives the wheel speeds for
    the speed and the yaw rate speed / r."""
    ahead, left = _goal_in_robot_frame(pose, goal)
    radius = (ahead**2 + left**2) / (2 * left)
    phi_dot_r, phi_dot_l = diffdrive.inverse_kinematics(speed, speed / radius, wheel_radius,
                                                        track_width)
    return radius, float(phi_dot_r), float(phi_dot_l)


#: The smallest sideways offset of a goal in the cases, m: the goal is never on the heading's
#: line (straight ahead or behind), where the arc is a straight line.
_SIDEWAYS_MIN = 0.05


def _draw_arc_case(rng: np.random.Generator):
    """A pose (theta anywhere in [-8, 8] rad), a goal at least _SIDEWAYS_MIN to the side and
    0.2 m away, a speed and a robot."""
    while True:
        pose = np.array([rounded_uniform(rng, -5, 5), rounded_uniform(rng, -5, 5),
                         rounded_uniform(rng, -8, 8)])
        goal = np.array([rounded_uniform(rng, -5, 5), rounded_uniform(rng, -5, 5)])
        ahead, left = _goal_in_robot_frame(pose, goal)
        if abs(left) >= _SIDEWAYS_MIN and np.hypot(ahead, left) >= 0.2:
            return (pose, goal, rounded_uniform(rng, 0.1, 0.9), rounded_uniform(rng, 0.02, 0.15),
                    rounded_uniform(rng, 0.1, 0.6))


def _turning_radius_cases(rng: np.random.Generator) -> list[Case]:
    R, L = _ROBOT.wheel_radius, _ROBOT.track_width
    speed = waypoints.FollowerSettings().speed
    cases = [
        Case((np.array([1.5, 0.0, 0.0]), np.array([2.0, 1.0]), speed, R, L), "fixed",
             "the chapter's robot at its first waypoint, heading along x, the next one ahead "
             "and to the left"),
        Case((np.array([0.0, 0.0, 0.0]), np.array([2.0, -0.6]), 0.4, 0.05, 0.3), "fixed",
             "a goal ahead and to the right: a right turn"),
        Case((np.array([1.0, 2.0, 0.5]), np.array([3.0, 2.2]), 0.25, 0.04, 0.2), "fixed",
             "heading 0.5 rad, the goal ahead but to the right of the heading"),
        Case((np.array([0.0, 0.0, 0.0]), np.array([-1.0, 0.5]), 0.3, 0.05, 0.3), "fixed",
             "a goal behind and to the left: an arc of more than half a turn"),
        Case((np.array([2.0, -1.0, 2.0]), np.array([2.5, 0.5]), 0.5, 0.08, 0.45), "fixed",
             "heading 2 rad, a goal behind and to the right"),
        Case((np.array([0.5, 0.5, 7.0]), np.array([0.0, 2.0]), 0.35, 0.03, 0.25), "fixed",
             "theta = 7 rad, more than a whole turn (theta is not wrapped)"),
        Case((np.array([-1.0, 1.0, -4.0]), np.array([-2.0, 2.5]), 0.2, 0.06, 0.35), "fixed",
             "theta = -4 rad, below -pi"),
        Case((np.array([0.5, -0.5, 1.2]), np.array([-0.303, -0.081]), 0.3, 0.05, 0.3), "fixed",
             "a goal almost straight to the left of the robot: nearly half a turn"),
        Case((np.array([0.0, 0.0, 0.0]), np.array([20.0, 0.1]), 0.6, 0.05, 0.3), "fixed",
             "a goal far ahead and only slightly to the left: a very wide arc"),
    ]
    for _ in range(6):
        cases.append(Case(_draw_arc_case(rng), "seeded random"))
    return cases


def _tr_of(frame="robot", radius=None, twist=None, rims=None):
    """The answer with a slip: ``frame`` how the goal is put in the robot's frame ("robot",
    "world" for no turn, "transposed" for a turn by +theta, "degrees" for np.radians of
    theta, "exchanged" for ahead and sideways swapped); ``radius(ahead, left)`` the radius
    from the goal there; ``twist(speed, radius)`` the yaw rate; ``rims(speed, omega, L)`` the
    two rim speeds, m/s. Each slip's wrong value is carried on as the student would."""
    radius = radius or (lambda ahead, left: (ahead**2 + left**2) / (2 * left))
    twist = twist or (lambda speed, r: speed / r)
    rims = rims or (lambda speed, omega, L: (speed + omega * L / 2, speed - omega * L / 2))

    def turning_radius(pose, goal, speed, wheel_radius, track_width):
        x, y, theta = (float(entry) for entry in pose)
        dx, dy = float(goal[0]) - x, float(goal[1]) - y
        if frame == "degrees":
            theta = np.radians(theta)
        turn = {"robot": -theta, "degrees": -theta, "exchanged": -theta, "world": 0.0,
                "transposed": theta}[frame]
        ahead = np.cos(turn) * dx - np.sin(turn) * dy
        left = np.sin(turn) * dx + np.cos(turn) * dy
        if frame == "exchanged":
            ahead, left = left, ahead
        r = radius(ahead, left)
        rim_r, rim_l = rims(speed, twist(speed, r), track_width)
        return r, rim_r / wheel_radius, rim_l / wheel_radius

    return turning_radius


def _tr_bearing_swapped(pose, goal, speed, wheel_radius, track_width):
    """The chord's route, r = d / (2 sin alpha) with alpha the goal's bearing less the
    heading, the bearing taken as np.arctan2(dx, dy): its arguments in the wrong order."""
    x, y, theta = (float(entry) for entry in pose)
    dx, dy = float(goal[0]) - x, float(goal[1]) - y
    radius = np.hypot(dx, dy) / (2 * np.sin(np.arctan2(dx, dy) - theta))
    omega = speed / radius
    return (radius, (speed + omega * track_width / 2) / wheel_radius,
            (speed - omega * track_width / 2) / wheel_radius)


def _tr_rim_speeds(pose, goal, speed, wheel_radius, track_width):
    """The rim speeds, m/s, returned for the wheel speeds: the reference with R = 1 m."""
    return _turning_radius_reference(pose, goal, speed, 1.0, track_width)


_ARC_FRAME_HINT = (
    "The circle is tangent to the robot's heading, so its centre lies on the robot's axle "
    "line, to its left or right. Put the goal in the robot's frame first: x' along the "
    "heading, y' to the robot's left. That turns the world offset by minus theta."
)

_ARC_CIRCLE_HINT = (
    "Write the circle with its centre at (0, r) in the robot's frame, through the robot at the "
    "origin, and ask that the goal (x', y') lie on it: solve that one equation for r."
)

_TURNING_RADIUS = Exercise(
    exercise_id="diffdrive.turning_radius",
    description="The arc through a waypoint: its signed radius and the wheel speeds that drive "
                "it at a given speed.",
    function_name="turning_radius",
    arguments=("pose", "goal", "speed", "wheel_radius", "track_width"),
    outputs=(Output("radius"), Output("phi_dot_r"), Output("phi_dot_l")),
    reference=_turning_radius_reference,
    package_references=("robodyn.diffdrive.turning_radius",
                        "robodyn.diffdrive.inverse_kinematics",
                        "robodyn.diffdrive.kinematics.twist_to_wheel_speeds"),
    make_cases=_turning_radius_cases,
    mistakes=(
        Mistake(
            "the goal's offset not turned into the robot's frame (the world's x and y offsets "
            "used as ahead and sideways, or the bearing without the heading taken away)",
            _ARC_FRAME_HINT,
            _tr_of(frame="world"),
        ),
        Mistake(
            "np.arctan2(dx, dy): the bearing of the goal with the arguments in the wrong order",
            "np.arctan2 takes the y offset first: the goal's bearing from the x axis is "
            "np.arctan2(dy, dx). (The goal in the robot's frame needs no angle at all.)",
            _tr_bearing_swapped,
        ),
        Mistake(
            "the goal's offset turned the wrong way (by +theta, the transposed rotation)",
            _ARC_FRAME_HINT + " A goal straight ahead must come out on the x' axis.",
            _tr_of(frame="transposed"),
        ),
        Mistake(
            "the heading taken as degrees (np.radians applied to theta)",
            "theta is already in radians: use it as it is, with no np.radians or np.deg2rad.",
            _tr_of(frame="degrees"),
        ),
        Mistake(
            "the goal's ahead and sideways offsets exchanged",
            "x' is the goal's distance along the heading, y' its distance to the robot's "
            "left; the circle's centre lies sideways, on the axle line.",
            _tr_of(frame="exchanged"),
        ),
        Mistake(
            "the radius's sign flipped (the centre put on the wrong side)",
            "The radius is positive when the circle's centre lies on the robot's left, which "
            "is where a goal on the left (y' > 0) puts it.",
            _tr_of(radius=lambda ahead, left: -(ahead**2 + left**2) / (2 * left)),
        ),
        Mistake(
            "an unsigned radius: the sign must tell a left turn (+) from a right turn (-)",
            "Drop the abs(): a goal on the robot's right needs a right turn, a negative "
            "radius and a negative yaw rate.",
            _tr_of(radius=lambda ahead, left: np.abs((ahead**2 + left**2) / (2 * left))),
        ),
        Mistake(
            "the radius twice too large (a factor 2 missing)",
            _ARC_CIRCLE_HINT + " Expand the squares carefully: r^2 cancels, and a factor "
            "remains.",
            _tr_of(radius=lambda ahead, left: (ahead**2 + left**2) / left),
        ),
        Mistake(
            "the curvature (1/m) returned for the radius (m)",
            "The radius is in metres, and a wide arc has a large radius; its inverse, the "
            "curvature, is in 1/m.",
            _tr_of(radius=lambda ahead, left: 2 * left / (ahead**2 + left**2)),
        ),
        Mistake(
            "half the distance to the goal taken for the radius (the goal taken to be "
            "opposite the robot on the circle)",
            "The robot and the goal are both on the circle, but the line between them is a "
            "chord, a diameter only when the goal lies straight to the side. " + _ARC_CIRCLE_HINT,
            _tr_of(radius=lambda ahead, left: np.copysign(np.hypot(ahead, left) / 2, left)),
        ),
        Mistake(
            "the wheels are swapped (right and left exchanged)",
            "To turn left (omega > 0) the right rim must move faster than the left one.",
            _tr_of(rims=lambda speed, omega, L: (speed - omega * L / 2, speed + omega * L / 2)),
        ),
        Mistake(
            "the full track width is used instead of half of it in the wheel speeds",
            "Each wheel is half the track width from the axle midpoint: turning at omega adds "
            "omega times that distance to the speed of one rim and takes it from the other.",
            _tr_of(rims=lambda speed, omega, L: (speed + omega * L, speed - omega * L)),
        ),
        Mistake(
            "track_width // 2, a floor division (0 for a track narrower than 2 m)",
            "// divides and rounds down to a whole number: 0.3 // 2 is 0.0. Use / for half the "
            "track width.",
            _tr_of(rims=lambda speed, omega, L: (speed + omega * (L // 2),
                                                 speed - omega * (L // 2))),
        ),
        Mistake(
            "the division by the wheel radius is missing (rim speeds in m/s, not wheel speeds)",
            "A rim speed is in m/s; the wheel's angular speed in rad/s is the rim speed over "
            "the wheel radius.",
            _tr_rim_speeds,
        ),
        Mistake(
            "the yaw rate taken as the speed times the radius",
            "Check the units: m/s times m is not rad/s. On a circle, the speed is the yaw "
            "rate times the radius.",
            _tr_of(twist=lambda speed, r: speed * r),
        ),
        Mistake(
            "the yaw rate taken as one over the radius (the speed left out)",
            "One over the radius is the curvature, the turn per metre driven; the yaw rate is "
            "the turn per second, at the given speed.",
            _tr_of(twist=lambda speed, r: 1 / r),
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# Exercise 6: odometry after a square with a larger tyre
# ---------------------------------------------------------------------------------------------

def _square_odometry_reference(side, laps, tyre_error, wheel_radius, track_width):
    """The chapter's pipeline: the true square with the right tyre (1 + e) R, its wheel angles
    read back by odometry that takes both radii to be R. Speed, turn rate and sampling do not
    change the result (each sample is an exact arc, and the rates are constant on a
    segment), so one sample per segment is taken."""
    longest = max(side, np.pi / 2)  # a side or a corner, in s at 1 m/s and 1 rad/s
    _, _, phi_r, phi_l, _ = odometry.drive_square(
        side, laps, 1.0, 1.0, 2 * longest, (1.0 + tyre_error) * wheel_radius, wheel_radius,
        track_width)
    return odometry.dead_reckoning(phi_r, phi_l, wheel_radius, wheel_radius,
                                   track_width)[:, -1]


_POSE_STEP_HINT = ("If you chain the moves with your integrate_pose of exercise 4.4 (with "
                   "accel = 0), run its check first, since a wrong step there makes the pose "
                   "here wrong too.")


def _square_odometry_cases(rng: np.random.Generator) -> list[Case]:
    R, L = _ROBOT.wheel_radius, _ROBOT.track_width
    cases = [
        Case((1.0, 1, 0.01, R, L), "fixed",
             "the chapter's robot on one lap of its 1 m square, right tyre 1 % larger"),
        Case((1.0, 5, 0.01, R, L), "fixed", "the chapter's five laps"),
        Case((1.0, 2, 0.0, R, L), "fixed",
             "no tyre error: the odometry closes the square exactly",
             hint="With tyre_error = 0 both wheels are what the odometry believes, and it must "
                  "report the robot back at the start, heading as it started (modulo 2 pi)."),
        Case((2.0, 1, -0.02, R, L), "fixed", "a right tyre 2 % smaller, a 2 m square"),
        Case((0.5, 3, 0.1, 0.05, 0.3), "fixed", "a badly worn left tyre: the right 10 % larger"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.3, 3.0), int(rng.integers(1, 6)),
                           rounded_uniform(rng, -0.05, 0.05), rounded_uniform(rng, 0.02, 0.1),
                           rounded_uniform(rng, 0.15, 0.5)), "seeded random"))
    # A student may chain the moves with exercise 4.4's integrate_pose: while that is wrong,
    # this fails too, so each case says so.
    return with_hint(cases, _POSE_STEP_HINT)


def _arc(pose, ds, dtheta, sinc_without_pi=False):
    """The exact step of a distance ds (m) turning by dtheta (rad), one pose of shape (3,);
    ``sinc_without_pi`` for the slip of np.sinc(a) taken for sin(a) / a (NumPy's sinc is
    sin(pi a) / (pi a))."""
    chord = ds * np.sinc(dtheta / 2 / (1.0 if sinc_without_pi else np.pi))
    heading = pose[2] + dtheta / 2
    return np.array([pose[0] + chord * np.cos(heading), pose[1] + chord * np.sin(heading),
                     pose[2] + dtheta])


def _euler(pose, ds, dtheta):
    return np.array([pose[0] + ds * np.cos(pose[2]), pose[1] + ds * np.sin(pose[2]),
                     pose[2] + dtheta])


def _square_odometry_of(true_r=lambda e: 1 + e, true_l=lambda e: 1.0, odo_r=lambda e: 1.0,
                        turn=1.0, corners="read", sides="read", step=_arc, track=1.0,
                        corner_radius=0.5, sides_per_lap=4, turns_left_out="none"):
    """Odometry of the square with an optional slip: the true radii of the right and left
    wheels and the right radius the odometry uses, as factors of R given the tyre error e;
    ``turn`` +1 for left turns at the corners, -1 for right ones; ``corners`` "read" from the
    wheels, "exact" (a quarter turn, no shift) or "no shift" (the turn read, no distance);
    ``sides`` "read" or "true" (the true side length, only the heading read); ``step`` the
    pose step of a segment; ``track`` the factor of L in the heading step;
    ``corner_radius`` the radius of the wheels' arcs at a corner, as a factor of L;
    ``sides_per_lap`` the sides (each with its corner) driven per lap; and
    ``turns_left_out`` the corners not driven: "none", "final" (the run ends after its last
    side) or "each lap" (a lap's last side ends it, three turns a lap)."""

    def square_odometry(side, laps, tyre_error, wheel_radius, track_width):
        R, L = wheel_radius, track_width
        true = (true_r(tyre_error) * R, true_l(tyre_error) * R)
        odo = (odo_r(tyre_error) * R, R)
        quarter = turn * np.pi / 2 * corner_radius * L  # each wheel's arc in a quarter turn
        pose = np.zeros(3)
        n_sides = sides_per_lap * int(laps)
        for n in range(n_sides):
            left_out = {"none": False, "final": n == n_sides - 1,
                        "each lap": n % sides_per_lap == sides_per_lap - 1}[turns_left_out]
            segments = (((side, side), sides), ((quarter, -quarter), corners))
            for arcs, kind in segments[:1] if left_out else segments:
                s_r, s_l = (odo[k] * arcs[k] / true[k] for k in (0, 1))
                ds, dtheta = (s_r + s_l) / 2, (s_r - s_l) / (track * L)
                if kind == "exact":
                    ds, dtheta = 0.0, turn * np.pi / 2
                elif kind == "no shift":
                    ds = 0.0
                elif kind == "true":
                    ds = side
                pose = step(pose, ds, dtheta)
        return pose

    return square_odometry


_LAP_ENDS_HINT = ("A lap ends with its last turn: after the fourth side the robot turns on "
                  "the spot once more and stands at its start, turned back to its start "
                  "heading. The odometry reads that turn too.")

_SQUARE_ODOMETRY = Exercise(
    exercise_id="diffdrive.square_odometry",
    description="Pose the odometry reports after laps of a square, right tyre larger.",
    function_name="square_odometry",
    arguments=("side", "laps", "tyre_error", "wheel_radius", "track_width"),
    outputs=(Output("pose", Close(rtol=1e-6, atol=1e-9, angle_entries=(2,)),
                    entries=("x", "y", "theta")),),
    reference=_square_odometry_reference,
    package_references=("robodyn.diffdrive.odometry.dead_reckoning",
                        "robodyn.diffdrive.odometry.drive_square"),
    make_cases=_square_odometry_cases,
    mistakes=(
        Mistake(
            "the larger tyre turned through the same angle as the other and read as rolling "
            "farther (the error put in the odometry instead of the wheel)",
            "The robot truly drives the square: on a side both tyres roll the side's length, "
            "so the larger tyre turns through a smaller angle. The odometry multiplies that "
            "angle by R, not by the true radius.",
            _square_odometry_of(true_r=lambda e: 1.0, odo_r=lambda e: 1 + e),
        ),
        Mistake(
            "the larger tyre's reading taken as (1 - e) times its true distance (a first-order "
            "approximation)",
            "Work out the angle through which the larger tyre turns while it rolls a given "
            "distance, and what the odometry makes of that angle, without approximating: "
            "(1 - e) is right only to first order in e, and the check asks for the exact "
            "value.",
            _square_odometry_of(true_r=lambda e: 1 / (1 - e)),
        ),
        Mistake(
            "the larger tyre put on the left wheel",
            "tyre_error belongs to the right wheel; the left one is exactly R.",
            _square_odometry_of(true_r=lambda e: 1.0, true_l=lambda e: 1 + e),
        ),
        Mistake(
            "the turns on the spot reported exactly (the tyre error left out of the corners)",
            "At a corner the wheels turn too, in opposite directions, and the odometry reads "
            "them with the same wrong radius: the reported turn is not a quarter turn, and "
            "the robot seems to move a little as well.",
            _square_odometry_of(corners="exact"),
        ),
        Mistake(
            "the corners' small shift left out (the turn on the spot read from the wheels, "
            "but the distance taken as 0)",
            "On the spot the two wheels roll equal and opposite arcs, but the odometry reads "
            "the larger tyre's as shorter: their mean is not zero, and the robot is reported "
            "to move a little, backwards.",
            _square_odometry_of(corners="no shift"),
        ),
        Mistake(
            "the sides reported at their true length (only the heading error read from the "
            "wheels)",
            "The odometry's distance is the mean of the two wheels' readings, and the larger "
            "tyre's reading is short: each side is reported shorter than it is.",
            _square_odometry_of(sides="true"),
        ),
        Mistake(
            "the square driven clockwise (right turns at the corners)",
            "The chapter's square is driven counter-clockwise: each corner is a turn to the "
            "left, +90 degrees.",
            _square_odometry_of(turn=-1.0),
        ),
        Mistake(
            "one Euler step per segment (along the heading at its start), not the exact arc",
            "With a tyre error each side is reported as an arc, not a straight line: move "
            "along the chord of that arc (the chapter's exact step), or integrate in many "
            "small steps.",
            _square_odometry_of(step=_euler),
        ),
        Mistake(
            "np.sinc(a) taken for sin(a) / a in the arc's chord (NumPy's sinc is "
            "sin(pi a) / (pi a))",
            "np.sinc has a pi inside: sin(a) / a is np.sinc(a / np.pi). Check your step on "
            "a quarter turn, where the chord of a unit arc is 2 sqrt(2) / pi.",
            _square_odometry_of(step=lambda pose, ds, dtheta: _arc(pose, ds, dtheta,
                                                                   sinc_without_pi=True)),
        ),
        Mistake(
            "each wheel's arc at a corner on a circle of radius L, not L / 2",
            "Turning on the spot, each wheel circles the midpoint between the wheels, half "
            "the track width away, not a whole track width.",
            _square_odometry_of(corner_radius=1.0),
        ),
        Mistake(
            "one side and one corner per lap, not four",
            "A lap of the square is four sides, each followed by its quarter turn.",
            _square_odometry_of(sides_per_lap=1),
        ),
        Mistake(
            "the last turn of the lap left out: the run stopped after its last side",
            _LAP_ENDS_HINT,
            _square_odometry_of(turns_left_out="final"),
        ),
        Mistake(
            "the last turn of every lap left out (three turns a lap)",
            _LAP_ENDS_HINT + " Each lap then starts with the heading the first started "
            "with.",
            _square_odometry_of(turns_left_out="each lap"),
        ),
        Mistake(
            "half the track width in the heading step",
            "The heading changes by the difference of the wheels' distances over the whole "
            "track width L, the distance between the wheels.",
            _square_odometry_of(track=0.5),
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
    _SQUARE_ODOMETRY,
)
