"""The exercises of the vacuum-robot chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.vacuum`: a side view, x forward (towards
the step), z up, the floor at z = 0; the step's face stands at ``step_x``, its top at
``height``, its upper edge rounded by a quarter circle of radius ``fillet`` about
``(step_x + fillet, height - fillet)``. A signed distance is positive in the air and negative
inside the floor or the step; a normal is the unit vector out of the solid. The arm of a
drive unit runs from its pivot to the axle at ``arm_angle`` below the horizontal (rad), the
wheel ahead of the pivot (*leading*) or behind it (*trailing*); ``traction`` is the ratio
T / N of the floor's forward push to the wheel's normal load, positive while the wheel drives
the robot forward. SI units and radians throughout.

Notes
-----
The normal of the step-distance exercise is compared within 1e-6, the distance within 1 nm:
a nearest point found by a numerical search is right to second order in the distance but only
to first order in the normal. No point of the cases lies where two pieces of the profile are
equally near with different normals (the bisector of the corner where the floor meets the
face, the diagonal of a sharp edge seen from inside), where the normal is not defined.

The wheel-load exercise leaves out the wheel's own weight (``wheel_weight`` of
:func:`robodyn.vacuum.wheel_load` is 0): the exercise is about the moment of the traction,
and the weight (0.6 N against a spring force of several N) only adds a term to the numerator.

The height bisection is called with a robot of the check's own: a predicate that climbs every
step up to a threshold and counts how often it is asked. An answer is judged by that
threshold (its height must be climbed, and less than ``tol`` below the threshold) and by the
number of its calls of ``climbs``, since each call stands for a whole simulation of the climb.

The edge-climb exercise's answer, the highest step a wheel takes from the floor by its grip,
exceeds the fillet in every case (the slippery wheel's 3.4 mm over the 3 mm fillet comes
nearest): the formula assumes a step at least as high as its fillet. No case has mu = 1, where
tan(phi) = mu and tan(phi) = 1/mu agree.

The pushed climb's answer is infinite where mu P > W (the wheel climbs the face by friction);
its comparator takes inf as right only beside inf, since a relative tolerance of inf would
accept any number. No case has mu P within 1 % of W, where the wall's test flips.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from robodyn import vacuum
from robodyn.grading import (
    Case,
    Close,
    Exercise,
    Mistake,
    Output,
    Property,
    rounded_uniform,
)
from robodyn.grading.judges import (
    CALLS_FACTOR,
    CallCount,
    NormalVector,
    judge_climb_calls,
    judge_climbed_height,
)
from robodyn.grading.standins import CountClimbs, StepClimber
from robodyn.vacuum import limits as vacuum_limits

_PARAMS = vacuum.VacuumParams()
#: The step of the fixed cases: its face's place, its height (the thesis's 19 mm step) and the
#: thesis's 3 mm fillet, m.
STEP_X, STEP_HEIGHT, FILLET = 0.1, 0.019, _PARAMS.fillet
#: Gravity on Earth and on the Moon, m/s^2.
G_EARTH, G_MOON = 9.81, 1.62
MM = 1e-3

# --------------------------------------------------------------------------- step distance


def _step_distance_reference(point, step_x, height, fillet):
    return vacuum.step_distance(point, step_x, height, fillet)


def _point(x, z):
    """A case's point, rounded to 0.01 mm so that the messages show it exactly."""
    return np.array([round(float(x), 5), round(float(z), 5)])


def _random_step(rng):
    """(step_x, height, fillet), m: the face 2 to 30 cm ahead, 12 to 30 mm high, a fillet of 1
    to 5 mm (each rounded to 1 mm)."""
    return (rounded_uniform(rng, 0.02, 0.3), rounded_uniform(rng, 0.012, 0.03),
            rounded_uniform(rng, 0.001, 0.005))


def _in_the_corner(rng, step_x):
    """A point in the corner of floor and face, at least 0.3 mm off the corner's bisector."""
    a = rng.uniform(0.3, 2.0) * MM
    b = a + rng.choice([-1.0, 1.0]) * rng.uniform(0.3, 0.8) * MM
    return _point(step_x - a, b if b > 0.1 * MM else a + 0.5 * MM)


def _on_a_ray(rng, step_x, height, fillet, angles, radii):
    """A point at a random angle (deg) and radius from the fillet's centre."""
    angle = math.radians(rng.uniform(*angles))
    radius = rng.uniform(*radii)
    return _point(step_x + fillet + radius * math.cos(angle),
                  height - fillet + radius * math.sin(angle))


def _near_the_centre(rng, step_x, height, fillet):
    """A point inside the step, a behind and b below the fillet's centre (a 0.1 to 0.3
    fillet, b 0.4 to 0.6 fillet more): the face is nearest (fillet + a away), the top and the
    arc's lower end at least 0.1 fillet farther; the rest of the fillet's circle, beyond its
    quarter, would be nearer still."""
    a = rng.uniform(0.1, 0.3) * fillet
    b = a + rng.uniform(0.4, 0.6) * fillet
    return _point(step_x + fillet + a, height - fillet - b)


def _in_the_cut(rng, step_x, height, fillet):
    """A point in the air between the fillet and the sharp corner it cuts off (x > step_x,
    z < height), 20 to 80 % of the way out from the arc, 30 to 60 deg from its ends."""
    angle = math.radians(rng.uniform(120.0, 150.0))
    to_the_corner = fillet / max(-math.cos(angle), math.sin(angle))   # from the centre, m
    radius = fillet + rng.uniform(0.2, 0.8) * (to_the_corner - fillet)
    return _point(step_x + fillet + radius * math.cos(angle),
                  height - fillet + radius * math.sin(angle))


#: Kinds of random point, (about, point(rng, step_x, height, fillet)), each where one piece
#: of the profile is nearer than any other with another nearest point, by at least 0.07 mm.
_RANDOM_POINTS = (
    ("in the air in front of the face",
     lambda rng, sx, h, f: _point(sx - rng.uniform(0.2, 1.5) * MM,
                                  rng.uniform(2 * MM, h - f - 2 * MM))),
    ("inside the step, behind the face",
     lambda rng, sx, h, f: _point(sx + rng.uniform(0.1, 1.0) * MM,
                                  rng.uniform(2 * MM, h - f - 2 * MM))),
    ("in the air between the fillet and the corner it cuts off",
     lambda rng, sx, h, f: _in_the_cut(rng, sx, h, f)),
    ("inside the step, under the fillet",
     lambda rng, sx, h, f: _on_a_ray(rng, sx, h, f, (115.0, 155.0), (0.8 * f, 0.95 * f))),
    ("in the air above the top",
     lambda rng, sx, h, f: _point(sx + f + rng.uniform(2.0, 40.0) * MM,
                                  h + rng.uniform(0.2, 5.0) * MM)),
    ("inside the step, under the top",
     lambda rng, sx, h, f: _point(sx + f + rng.uniform(2.0, 40.0) * MM,
                                  h - rng.uniform(0.1, 1.0) * MM)),
    ("in the air above the floor",
     lambda rng, sx, h, f: _point(sx - rng.uniform(10.0, 60.0) * MM,
                                  rng.uniform(0.2, 5.0) * MM)),
    ("inside the floor, in front of the step",
     lambda rng, sx, h, f: _point(sx - rng.uniform(2.0, 60.0) * MM,
                                  -rng.uniform(0.1, 1.0) * MM)),
    ("in the air in the corner of floor and face, off its bisector",
     lambda rng, sx, h, f: _in_the_corner(rng, sx)),
    ("inside the step, near the fillet's centre: the face nearest",
     lambda rng, sx, h, f: _near_the_centre(rng, sx, h, f)),
)

_FOOT_HINT = ("Below the foot of the face, inside, the nearest point of the profile is the "
              "corner (step_x, 0) where the floor meets the face: the distance is to that "
              "point, not to the floor's line or the face's line.")


def _step_distance_cases(rng) -> list[Case]:
    step = (STEP_X, STEP_HEIGHT, FILLET)
    sharp = (STEP_X, STEP_HEIGHT, 0.0)
    fixed = [
        ((0.0985, 0.010), step, "1.5 mm in front of the face of the thesis's step (19 mm high, "
                                "a 3 mm fillet, its face at x = 0.1 m)", ""),
        ((0.1006, 0.0187), step, "0.61 mm out from the fillet", ""),
        ((0.1022, 0.0193), step, "0.4 mm out from the fillet, near its upper end", ""),
        ((0.0976, 0.0213), step, "above and in front of the rounded edge", ""),
        ((0.125, 0.0215), step, "2.5 mm above the top", ""),
        ((0.04, 0.0035), step, "3.5 mm above the floor, in front of the step", ""),
        ((0.0992, 0.0006), step, "in the corner of floor and face, nearer the floor", ""),
        ((0.0996, 0.0013), step, "in the corner of floor and face, nearer the face", ""),
        ((0.07, -0.0004), step, "0.4 mm deep in the floor, in front of the step", ""),
        ((0.1007, 0.009), step, "0.7 mm behind the face, inside the step", ""),
        ((0.13, 0.0181), step, "0.9 mm under the top, inside the step", ""),
        ((0.1016, 0.0183), step, "0.31 mm inside, under the fillet", ""),
        ((0.1033, 0.0152), step, "inside, 0.85 mm from the fillet's centre: 3.3 mm behind the "
                                 "face, the nearest piece", ""),
        ((0.1004, -0.0003), step, "inside, 0.5 mm from the foot of the face", _FOOT_HINT),
        ((0.097, 0.023), sharp, "a sharp step (fillet 0): above and in front of its edge", ""),
        ((0.1008, 0.0185), sharp, "a sharp step (fillet 0): inside, 0.5 mm under the top", ""),
    ]
    cases = [Case((_point(*xz), *geometry), "fixed", about, hint)
             for xz, geometry, about, hint in fixed]
    for about, point_of in _RANDOM_POINTS:
        geometry = _random_step(rng)
        cases.append(Case((point_of(rng, *geometry), *geometry), "seeded random", about))
    return cases


def _profile_distance(point, step_x, height, fillet, centre=None, face_clamped=True,
                      floor_clamped=True, top_clamped=True, quarter=True, cut_is_air=True,
                      inside_normal_out=True, face_to_the_top=False):
    """The distance and normal to the profile as a student builds it from the text, piece by
    piece, with the changes of a mistake.

    The pieces: the floor z = 0 up to ``step_x``, the face x = ``step_x`` from 0 to
    ``height - fillet``, the top z = ``height`` from ``step_x + fillet`` on (as the text gives
    them), and the fillet's arc of radius ``fillet`` about ``centre`` (the text's
    ``(step_x + fillet, height - fillet)`` unless a mistake moves it: a typo in the centre
    moves the arc only), its quarter from pi/2 to pi. A mistake may leave a piece unclamped (a
    whole line), take the arc's whole circle, count the air cut off by the fillet as step, or
    leave the normal of a point inside pointing into the solid, or let the face run up to
    ``height`` (``face_to_the_top``), past the arc's lower end.
    """
    p = np.asarray(point, dtype=float)
    x, z = p
    face_top, top_start = height - fillet, step_x + fillet
    centre = np.array([top_start, face_top] if centre is None else centre, dtype=float)
    face_end = height if face_to_the_top else face_top
    feet = [np.array([min(x, step_x) if floor_clamped else x, 0.0]),
            np.array([step_x, min(max(z, 0.0), face_end) if face_clamped else z]),
            np.array([max(x, top_start) if top_clamped else x, height])]
    if fillet > 0.0:
        towards = p - centre
        radius = float(np.hypot(*towards))
        if radius > 0.0 and (not quarter or (towards[0] <= 0.0 and towards[1] >= 0.0)):
            feet.append(centre + fillet * towards / radius)
        else:
            feet += [centre + [-fillet, 0.0], centre + [0.0, fillet]]
    foot = min(feet, key=lambda f: float(np.hypot(*(p - f))))
    gap = p - foot
    distance = float(np.hypot(*gap))
    if distance == 0.0:
        return 0.0, np.array([0.0, 1.0])
    in_cut = (x < top_start and z > face_top
              and math.hypot(x - centre[0], z - centre[1]) > fillet)
    inside = z < 0.0 or (step_x < x and z < height and not (in_cut and cut_is_air))
    if not inside:
        return distance, gap / distance
    return -distance, (-gap if inside_normal_out else gap) / distance


def _profile(**mistake):
    """A step distance built as :func:`_profile_distance` with ``mistake``'s changes."""
    def step_distance(point, step_x, height, fillet):
        return _profile_distance(point, step_x, height, fillet, **mistake)

    return step_distance


def _centre_at(where):
    """A step distance whose fillet's arc is centred at ``where(step_x, height, fillet)``."""
    def step_distance(point, step_x, height, fillet):
        return _profile_distance(point, step_x, height, fillet,
                                 centre=where(step_x, height, fillet))

    return step_distance


def _corner_circle(point, step_x, height, fillet):
    """The sharp step's profile, with a circle of radius fillet about its corner in place of
    the fillet: the face up to the top, the top from the face."""
    p = np.asarray(point, dtype=float)
    x, z = p
    corner = np.array([step_x, height])
    feet = [np.array([min(x, step_x), 0.0]), np.array([step_x, min(max(z, 0.0), height)]),
            np.array([max(x, step_x), height])]
    towards = p - corner
    if towards[0] <= 0.0 and towards[1] >= 0.0 and np.any(towards):
        feet.append(corner + fillet * towards / np.hypot(*towards))
    else:
        feet += [corner + [-fillet, 0.0], corner + [0.0, fillet]]
    foot = min(feet, key=lambda f: float(np.hypot(*(p - f))))
    gap = p - foot
    distance = float(np.hypot(*gap))
    inside = z < 0.0 or (step_x < x and z < height)
    return (-distance, -gap / distance) if inside else (distance, gap / distance)


def _sharp_corner(point, step_x, height, fillet):
    return _profile_distance(point, step_x, height, 0.0)


def _changed_reference(change):
    """The reference's (distance, normal), passed through ``change(distance, normal)``."""
    def step_distance(point, step_x, height, fillet):
        return change(*vacuum.step_distance(point, step_x, height, fillet))

    return step_distance


_PIECES = ("Build the profile from the text's four pieces: the floor up to the face, the face "
           "up to height - fillet, the quarter circle about (step_x + fillet, height - "
           "fillet), the top from step_x + fillet on.")
_CLAMP = ("Each piece ends: clamp the nearest point of a segment or half-line to its ends, "
          "or a point far from that piece finds a nearest point on its line beyond them.")
_INSIDE_NORMAL = ("The normal points out of the solid, into the air, inside too: there it runs "
                  "from the point to its nearest point of the profile.")

_STEP_DISTANCE = Exercise(
    exercise_id="vacuum.step_distance",
    description="Signed distance from a point to the filleted step, and the unit normal.",
    function_name="step_distance",
    arguments=("point", "step_x", "height", "fillet"),
    outputs=(Output("distance", Close(rtol=1e-9, atol=1e-9)),
             Output("normal", NormalVector(rtol=0.0, atol=1e-6), entries=("n_x", "n_z"))),
    reference=_step_distance_reference,
    package_references=("robodyn.vacuum.step_distance",),
    make_cases=_step_distance_cases,
    mistakes=(
        Mistake("the fillet's centre at (step_x, height - fillet), on the face's line",
                "The arc must touch the face and the top: its centre lies fillet behind the "
                f"face and fillet below the top. {_PIECES}",
                _centre_at(lambda sx, h, f: (sx, h - f))),
        Mistake("the fillet's centre at (step_x - fillet, height - fillet), in front of the "
                "face",
                "The fillet rounds the step's edge off, inside the step: its centre lies "
                f"behind the face, on the step's side. {_PIECES}",
                _centre_at(lambda sx, h, f: (sx - f, h - f))),
        Mistake("the fillet's circle centred on the step's corner (step_x, height)",
                "The fillet replaces the corner by an arc tangent to the face and the top; "
                f"its centre is not the corner. {_PIECES}",
                _corner_circle),
        Mistake("the fillet ignored: a sharp corner at (step_x, height)",
                "The step's edge is rounded: between the face and the top the nearest point "
                f"can lie on the arc. {_PIECES}",
                _sharp_corner),
        Mistake("the fillet's whole circle, not only its quarter",
                "Only the quarter of the circle between the face and the top is part of the "
                "profile: inside the step, near the fillet's centre, the rest of that circle "
                f"is not there to be near. {_CLAMP}",
                _profile(quarter=False)),
        Mistake("the face taken as the whole line x = step_x, not clamped to its ends",
                f"The face runs from the floor up to height - fillet only. {_CLAMP}",
                _profile(face_clamped=False)),
        Mistake("the face running up to the top, z = height: past the fillet, which ends it "
                "at height - fillet",
                "The fillet rounds the edge off: the face ends where the arc begins, a "
                "fillet's radius below the top, as the top begins a fillet's radius behind "
                "the face. A point out from the arc must not find its nearest point on a part "
                f"of the face that is no longer there. {_PIECES}",
                _profile(face_to_the_top=True)),
        Mistake("the floor taken as the whole line z = 0, also under the step",
                f"The floor ends at the face. {_CLAMP}",
                _profile(floor_clamped=False)),
        Mistake("the top taken as the whole line z = height, also in front of the step",
                f"The top begins at step_x + fillet, where the arc ends. {_CLAMP}",
                _profile(top_clamped=False)),
        Mistake("the air between the fillet and the corner it cuts off counted as step",
                "The fillet rounds the corner off: the points between the arc and the sharp "
                "corner, outside the circle, are air (the text's 'Careful'), so their "
                "distance is positive.",
                _profile(cut_is_air=False)),
        Mistake("the normal not of unit length: the gap between the nearest point and the "
                "point, pointing out of the solid",
                "The normal is a unit vector: divide the gap by its length, the distance "
                "(and keep it pointing out of the solid).",
                _changed_reference(lambda d, n: (d, abs(d) * n))),
        Mistake("the normal is the raw gap point - nearest point: not of unit length, and "
                "pointing into the solid for a point inside",
                f"The normal is a unit vector: divide the gap by its length. {_INSIDE_NORMAL}",
                _changed_reference(lambda d, n: (d, d * n))),
        Mistake("the normal of a point inside not flipped: it points into the solid",
                f"The distance is right. {_INSIDE_NORMAL}",
                _profile(inside_normal_out=False)),
        Mistake("the normal points into the solid (its sign is flipped)",
                "The normal points out of the solid, into the air: on the floor it is (0, 1), "
                "on the face (-1, 0).",
                _changed_reference(lambda d, n: (d, -n))),
        Mistake("the distance's sign is flipped: positive inside the solid",
                "The distance is positive in the air and negative inside the floor or the "
                "step (a penetration).",
                _changed_reference(lambda d, n: (-d, n))),
        Mistake("the distance unsigned (abs): never negative inside the solid",
                "Inside the floor or the step the distance is negative: the depth of the "
                "penetration with a minus sign.",
                _changed_reference(lambda d, n: (abs(d), n))),
        Mistake("no test for inside: the distance never negative, the normal into the solid "
                "for a point inside",
                "Test whether the point is inside the floor (z < 0) or the step; there the "
                f"distance is negative. {_INSIDE_NORMAL}",
                _changed_reference(lambda d, n: (abs(d), n if d >= 0 else -n))),
    ),
)


# --------------------------------------------------------------------------- wheel load


def _wheel_load_reference(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, variant):
    return vacuum.wheel_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                             traction, variant)


_TELESCOPIC_HINT = ("The telescopic unit slides straight up and down: it has no pivot, so no "
                    "moment balance and no lever; only the vertical forces on it balance, "
                    "whatever the traction and the arm.")
_TRAILING_HINT = ("Behind its pivot, the trailing wheel's traction, pushing the contact forward "
                  "below the pivot, turns the arm the same way as the spring: it loads the "
                  "wheel more, where a leading link's traction unloads it.")


def _arm_args(rng, variant):
    """Random (spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
    variant); a trailing link's traction at most 70 % of what jams it."""
    spring_force, spring_lever = rounded_uniform(rng, 1.0, 20.0), rounded_uniform(rng, 0.01, 0.05)
    a, phi = rounded_uniform(rng, 0.02, 0.08), rounded_uniform(rng, 0.05, 0.698)
    R = rounded_uniform(rng, 0.02, 0.05)
    jam = a * math.cos(phi) / (a * math.sin(phi) + R)
    top = min(0.8, 0.7 * jam) if variant == "trailing" else 0.8
    return spring_force, spring_lever, a, phi, R, rounded_uniform(rng, 0.05, top), variant


def _wheel_load_cases(rng) -> list[Case]:
    b, a, R = _PARAMS.spring_lever, _PARAMS.arm_length, _PARAMS.wheel_radius
    phi = round(_PARAMS.arm_angle, 3)
    F = 9.4   # N: the thesis's 470 N/m spring, compressed by an assumed 2 cm
    unit = (F, b, a)
    fixed = [
        ((*unit, phi, R, 0.0, "leading"), "a leading link without traction: the book's unit "
         f"(9.4 N spring, lever {b * 1e3:.0f} mm, arm {a * 1e3:.0f} mm at "
         f"{math.degrees(phi):.0f} deg, R = {R * 1e3:.0f} mm)", ""),
        ((*unit, phi, R, 0.3, "leading"), "the leading link driving with c = T/N = 0.3", ""),
        ((*unit, 0.698, R, 0.8, "leading"), "the leading link at 40 deg, c = 0.8", ""),
        ((*unit, 0.0, R, 0.5, "leading"), "the leading link with its arm horizontal, c = 0.5",
         ""),
        ((*unit, phi, R, 0.3, "trailing"), "the trailing link driving with c = 0.3",
         _TRAILING_HINT),
        ((*unit, 0.0, R, 0.5, "trailing"), "the trailing link with its arm horizontal, c = 0.5",
         _TRAILING_HINT),
        ((*unit, phi, R, 0.2, "trailing"), f"the trailing link at {math.degrees(phi):.0f} deg, "
         "c = 0.2",
         _TRAILING_HINT),
        ((*unit, phi, R, 0.5, "telescopic"), "the telescopic unit driving with c = 0.5",
         _TELESCOPIC_HINT),
        ((*unit, phi, R, 0.0, "telescopic"), "the telescopic unit without traction",
         _TELESCOPIC_HINT),
    ]
    # the exercise text's worked example: a = 40 mm at 20 deg, R = 36 mm
    text = (F, b, 0.04, 0.349, 0.036)
    fixed += [
        ((*text, 0.0, "leading"), "the text's example (arm 40 mm at 0.349 rad = 20 deg, "
         "R = 36 mm) without traction: N = 7.50 N", ""),
        ((*text, 0.0, "trailing"), "the text's example as a trailing link without traction: "
         "7.50 N in either link", _TRAILING_HINT),
        ((*text, 0.3, "leading"), "the text's example, leading, c = 0.3: about 5.37 N", ""),
        ((*text, 0.3, "trailing"), "the text's example, trailing, c = 0.3: about 12.43 N",
         _TRAILING_HINT),
    ]
    cases = [Case(args, "fixed", about, hint) for args, about, hint in fixed]
    for variant in 3 * ("leading", "trailing", "telescopic"):
        hint = {"trailing": _TRAILING_HINT, "telescopic": _TELESCOPIC_HINT}.get(variant, "")
        cases.append(Case(_arm_args(rng, variant), "seeded random", f"a {variant} unit", hint))
    return cases


def _load_of(swap_variants=False, with_radius=True, with_traction=True, with_lever=True,
             swap_trig=False, in_degrees=False, reach_is_arm=False, depth_is_radius=False,
             telescopic=None, radii_below=1.0):
    """N = F_s b / (a cos(phi) + s c (a sin(phi) + R)), s = +1 leading, -1 trailing, and
    F_s for the telescopic unit, with the changes of a mistake: the variants swapped, the
    radius, the traction or the spring's lever left out, sin and cos swapped, the angle
    converted from degrees, N's lever the whole arm, the traction's lever the radius alone,
    the telescopic unit's load from ``telescopic(F_s, b, a)`` or as a trailing link, the
    contact ``radii_below`` wheel radii below the axle (2: the diameter)."""
    def wheel_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                   variant):
        if variant == "telescopic" and telescopic != "trailing":
            if telescopic is not None:
                return telescopic(spring_force, spring_lever, arm_length)
            return spring_force
        sign = 1.0 if (variant == "leading") != swap_variants else -1.0
        phi = math.radians(arm_angle) if in_degrees else arm_angle
        cos, sin = (math.sin, math.cos) if swap_trig else (math.cos, math.sin)
        reach = arm_length if reach_is_arm else arm_length * cos(phi)
        depth = (0.0 if depth_is_radius else arm_length * sin(phi)) + (
            radii_below * wheel_radius if with_radius else 0.0)
        moment = spring_force * (spring_lever if with_lever else 1.0)
        return moment / (reach + sign * (traction if with_traction else 0.0) * depth)

    return wheel_load


_CONTACT_PLACE = ("The contact lies a cos(phi) ahead of (or behind) the pivot and a sin(phi) + "
                  "R below it, as the text says: N acts at the first distance, the traction "
                  "at the second.")
_BALANCE = ("Balance the moments about the pivot: the spring's F_s b against those of N and "
            "of the traction T = c N at the contact, each force times its lever.")

_WHEEL_LOAD = Exercise(
    exercise_id="vacuum.wheel_load",
    description="Normal load of a drive wheel from the moment balance about its arm's pivot.",
    function_name="wheel_load",
    arguments=("spring_force", "spring_lever", "arm_length", "arm_angle", "wheel_radius",
               "traction", "variant"),
    outputs=(Output("N", Close(rtol=1e-9, atol=1e-12)),),
    reference=_wheel_load_reference,
    package_references=("robodyn.vacuum.wheel_load",),
    make_cases=_wheel_load_cases,
    mistakes=(
        Mistake("leading and trailing swapped: the traction's term has the wrong sign",
                "The traction pushes the contact forward, below the pivot: it turns a leading "
                "arm (wheel ahead) up and unloads the wheel, and pulls a trailing wheel down. "
                "Check the text's example: with c = 0.3 the leading wheel carries less than "
                "7.50 N, the trailing one more.",
                _load_of(swap_variants=True)),
        Mistake("the wheel radius left out of the traction's lever: a sin(phi) instead of "
                "a sin(phi) + R",
                "The traction acts at the contact, a wheel radius below the axle. "
                + _CONTACT_PLACE,
                _load_of(with_radius=False)),
        Mistake("the traction's lever taken as the wheel radius alone: the axle's drop "
                "a sin(phi) left out",
                "The contact lies below the axle by R, and the axle below the pivot by "
                f"a sin(phi). {_CONTACT_PLACE}",
                _load_of(depth_is_radius=True)),
        Mistake("the traction's moment ignored",
                f"The floor's forward push T = c N has a moment about the pivot too. {_BALANCE}",
                _load_of(with_traction=False)),
        Mistake("the spring's lever forgotten: F_s instead of the moment F_s b",
                "The spring acts on the arm through its moment about the pivot, the force "
                f"times its lever (N m). {_BALANCE}",
                _load_of(with_lever=False)),
        Mistake("sin and cos of the arm angle swapped",
                "The angle is measured below the horizontal: at phi = 0 the arm is level and "
                f"the axle lies the whole arm length ahead of the pivot. {_CONTACT_PLACE}",
                _load_of(swap_trig=True)),
        Mistake("the arm angle converted from degrees (it is in radians already)",
                "arm_angle comes in radians, as every angle of the exercises: leave out "
                "np.radians (the text's 20 degrees is arm_angle = 0.349).",
                _load_of(in_degrees=True)),
        Mistake("N's lever the whole arm length a, not its horizontal part a cos(phi)",
                "A moment is a force times its lever, the distance perpendicular to the "
                f"force: N is vertical, so its lever is horizontal. {_CONTACT_PLACE}",
                _load_of(reach_is_arm=True)),
        Mistake("the telescopic unit given a moment balance: F_s b / a",
                _TELESCOPIC_HINT, _load_of(telescopic=lambda F, b, a: F * b / a)),
        Mistake("the telescopic unit computed as a trailing link (an if/else on 'leading' "
                "only)",
                "Three variants need three branches: test for 'trailing' and 'telescopic' "
                "too. " + _TELESCOPIC_HINT,
                _load_of(telescopic="trailing")),
        Mistake("the wheel's diameter 2R in the traction's lever, where its radius belongs",
                "The axle is the wheel's centre: the rim, and the contact on it, lie one "
                "radius below it, not a diameter. Check the text's example with c = 0.3 (a "
                "fixed case): about 5.37 N for the leading wheel, 12.43 N for the trailing "
                "one.",
                _load_of(radii_below=2.0)),
    ),
)


# --------------------------------------------------------------------------- sliding stop


def _sliding_stop_reference(v0, mu, g):
    return vacuum.sliding_stop(v0, mu, g)


def _sliding_stop_cases(rng) -> list[Case]:
    v_drive, mu_k, mu_s = _PARAMS.drive_speed, _PARAMS.mu_k, _PARAMS.mu_s
    cases = [
        Case((v_drive, mu_k, G_EARTH), "fixed",
             f"the thesis's 0.3 m/s, the book's kinetic mu = {mu_k:g}"),
        Case((v_drive, mu_s, G_EARTH), "fixed", f"0.3 m/s with the static mu = {mu_s:g}"),
        Case((v_drive, mu_k, G_MOON), "fixed", "0.3 m/s on the Moon, g = 1.62 m/s^2"),
        Case((1.5, 0.4, G_EARTH), "fixed", "1.5 m/s on a slippery floor, mu = 0.4"),
        Case((v_drive, 0.97, G_EARTH), "fixed",
             "the text's check: 0.3 m/s, mu = 0.97, about 4.7 mm"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.05, 1.0), rounded_uniform(rng, 0.2, 1.2),
                           float(rng.choice([G_EARTH, G_MOON]))), "seeded random"))
    cases.append(Case((np.linspace(0.0, 0.6, 7), mu_k, G_EARTH), "arrays",
                      f"seven speeds from 0 to 0.6 m/s, mu = {mu_k:g}"))
    cases.append(Case((rounded_uniform(rng, 0.05, 1.0, 20), mu_s, G_MOON), "arrays",
                      f"20 random speeds on the Moon, mu = {mu_s:g}"))
    return cases


def _stop_of(change):
    """A sliding stop computed as ``change(v0, mu, g)`` with v0 as an array of floats."""
    def sliding_stop(v0, mu, g):
        return change(np.asarray(v0, float), mu, g)

    return sliding_stop


_ENERGY = ("Two routes, as the text says: the work friction does over the distance equals "
           "the kinetic energy the robot loses; or the friction decelerates it at a constant "
           "rate until it stands still.")

_SLIDING_STOP = Exercise(
    exercise_id="vacuum.sliding_stop",
    description="Distance a sliding body covers until kinetic friction stops it.",
    function_name="sliding_stop",
    arguments=("v0", "mu", "g"),
    outputs=(Output("distance", Close(rtol=1e-9, atol=1e-12)),),
    reference=_sliding_stop_reference,
    package_references=("robodyn.vacuum.sliding_stop",),
    make_cases=_sliding_stop_cases,
    mistakes=(
        Mistake("g is missing: the result has the unit m^2/s^2, not m",
                f"Check the units: the result must be in m. {_ENERGY}",
                _stop_of(lambda v0, mu, g: v0**2 / (2 * mu))),
        Mistake("mu is missing, as if friction were the whole weight",
                "The friction force is mu m g, not m g: a slippery floor (mu = 0.4, a fixed "
                f"case) lets the robot slide farther. {_ENERGY}",
                _stop_of(lambda v0, mu, g: v0**2 / (2 * g))),
        Mistake("the factor 2 is missing: twice the distance",
                f"The kinetic energy is m v0^2 / 2. {_ENERGY}",
                _stop_of(lambda v0, mu, g: v0**2 / (mu * g))),
        Mistake("v0 not squared: the result has the unit s, not m",
                f"The kinetic energy grows with the square of the speed. {_ENERGY}",
                _stop_of(lambda v0, mu, g: v0 / (2 * mu * g))),
        Mistake("the time to stop, not the distance",
                "v0 / (mu g) is in s: the time the friction needs to stop the robot. The "
                f"distance covered in that time is asked for. {_ENERGY}",
                _stop_of(lambda v0, mu, g: v0 / (mu * g))),
        Mistake("mu multiplies instead of divides: more friction, a longer slide",
                f"More friction stops the body sooner. {_ENERGY}",
                _stop_of(lambda v0, mu, g: mu * v0**2 / (2 * g))),
        Mistake("the brackets of the denominator missing: Python multiplies by mu and g",
                "Python reads a / 2*mu*g as (a / 2) * mu * g: put the whole denominator in "
                "brackets.",
                _stop_of(lambda v0, mu, g: v0**2 / 2 * mu * g)),
        Mistake("// (floor division) for /: every distance under 1 m comes out 0.0",
                "// rounds down to a whole number: write / for the division.",
                _stop_of(lambda v0, mu, g: v0**2 // (2 * mu * g))),
        Mistake("the distance in mm, not in m",
                "Return SI units: the text's 4.7 mm is 0.0047 m.",
                _stop_of(lambda v0, mu, g: 1e3 * v0**2 / (2 * mu * g))),
    ),
)


# --------------------------------------------------------------------------- bisection


def _bisect_reference(climbs, low, high, tol):
    return vacuum.bisect_height(climbs, low, high, tol).height


def _off_the_grid(height) -> float:
    """``height`` rounded to 1 um, but not to a multiple of 10 um: a scan in steps of tol from
    a round low never lands on it, so no answer hinges on a tie of height and threshold."""
    micrometres = round(float(height) * 1e6)
    return (micrometres + (3 if micrometres % 10 == 0 else 0)) / 1e6


def _bisect_cases(rng) -> list[Case]:
    fixed = [
        ((0.021303, 0.0, 0.05, 1e-3), "a robot that climbs up to 21.303 mm; bracket 0 to 5 cm, "
                                      "tol = 1 mm (the text's example)"),
        ((0.021303, 0.0, 0.05, 1e-4), "the same robot and bracket, tol = 0.1 mm"),
        ((0.021303, 0.0, 0.05, 1e-5), "the same robot and bracket, tol = 0.01 mm"),
        ((0.018734, 0.01, 0.03, 1e-3), "a narrow bracket, 1 to 3 cm, and a coarse tol = 1 mm"),
        ((0.041263, 0.0, 0.1, 1e-5), "a wide bracket, 0 to 10 cm, and a fine tol = 0.01 mm"),
        ((0.030529, 0.0, 0.1, 1e-5), "the wide bracket again: 14 halvings needed, 13 fall "
                                     "short here"),
        ((0.010127, 0.01, 0.03, 1e-4), "a robot that climbs only just above low"),
        ((0.029873, 0.01, 0.03, 1e-4), "a robot that climbs nearly up to high"),
    ]
    cases = [Case((StepClimber(highest), low, high, tol), "fixed", about)
             for (highest, low, high, tol), about in fixed]
    for _ in range(5):
        low = float(rng.choice([0.0, 0.005, 0.01]))
        high = round(low + float(rng.uniform(0.02, 0.1)), 3)
        highest = _off_the_grid(rng.uniform(low + 0.1 * (high - low), high - 0.1 * (high - low)))
        tol = float(f"{10 ** rng.uniform(-5.0, -3.0):.1g}")
        cases.append(Case((StepClimber(highest), low, high, tol), "seeded random",
                          f"a robot that climbs up to {highest * 1e3:.3f} mm; bracket "
                          f"{low * 1e3:g} to {high * 1e3:g} mm, tol = {tol * 1e3:g} mm"))
    return cases


def _bisection(climbs, low, high, tol, answer="low", halvings=None, until=1.0, swap=False,
               recheck=False):
    """A bisection that returns ``answer`` ("low", "high", "middle" or "last", the last height
    tried), with the changes of a mistake: ``halvings`` halvings instead of halving while
    high - low > tol, halving while high - low > ``until`` tol, the ends moved the wrong way
    (``swap``), climbs(low) and climbs(high) asked again before each halving (``recheck``)."""
    count, middle = 0, low
    while (high - low > until * tol) if halvings is None else (count < halvings):
        if recheck and (not climbs(low) or climbs(high)):
            break
        middle = low + (high - low) / 2
        if climbs(middle) != swap:
            low = middle
        else:
            high = middle
        count += 1
    return {"low": low, "high": high, "middle": 0.5 * (low + high), "last": middle}[answer]


def _bisection_in_mm(climbs, low, high, tol):
    """A right bisection, its height returned in mm."""
    return 1e3 * _bisection(climbs, low, high, tol)


def _scan(climbs, low, high, tol):
    height = low
    while height + tol < high and climbs(height + tol):
        height += tol
    return height


_ENDS_HINT = ("At every step low is a height the robot climbs and high one it fails: the "
              "threshold lies between them. When high - low is no longer than tol, which of "
              "the two is a height it climbs, less than tol below the threshold?")
_HALVE_HINT = ("Halve while high - low > tol, no more and no less: each call of climbs is a "
               "simulation of the climb, and the check counts them.")

_BISECT_HEIGHT = Exercise(
    exercise_id="vacuum.bisect_height",
    description="The highest step a robot climbs, found by bisection to within tol.",
    function_name="bisect_height",
    arguments=("climbs", "low", "high", "tol"),
    outputs=(Output("height", Property(judge_climbed_height, "climbed, and less than tol below the "
                                                      "highest step climbed")),
             Output("calls", CallCount(judge_climb_calls, f"at most {CALLS_FACTOR} times as many "
                                                      "as a bisection makes"))),
    reference=_bisect_reference,
    package_references=("robodyn.vacuum.bisect_height",),
    make_cases=_bisect_cases,
    mistakes=(
        Mistake("the failing end high returned, not the climbed end low",
                _ENDS_HINT, functools.partial(_bisection, answer="high")),
        Mistake("the midpoint of the last interval returned",
                "(low + high) / 2 was never tried, and it may lie above the highest step the "
                "robot climbs. " + _ENDS_HINT,
                functools.partial(_bisection, answer="middle")),
        Mistake("the last height tried returned, climbed or not",
                "The last middle may be a height the robot fails. " + _ENDS_HINT,
                functools.partial(_bisection, answer="last")),
        Mistake("the ends moved the wrong way: a climbed middle made the new high",
                "If the robot climbs the middle, the threshold lies above it: the middle "
                "replaces low, the highest height known to be climbed.",
                functools.partial(_bisection, swap=True)),
        Mistake("one halving too few: halving while (high - low) / 2 > tol",
                "The interval must end no longer than tol itself, not 2 tol: a height less "
                f"than tol below the threshold is asked for. {_HALVE_HINT}",
                functools.partial(_bisection, until=2.0)),
        Mistake("a fixed number of halvings (50), not halving until high - low <= tol",
                "Halve only while high - low > tol: a 5 cm bracket at tol = 0.01 mm needs 13 "
                "halvings. Each call of climbs is a simulation of the climb; the halvings "
                "beyond tol cost time and give nothing the exercise asks for.",
                functools.partial(_bisection, halvings=50)),
        Mistake("a fixed number of halvings (10), too few for a fine tol",
                "Ten halvings shrink a 5 cm bracket to 0.05 mm, not to tol = 0.01 mm: the "
                f"number of halvings follows from the bracket and tol. {_HALVE_HINT}",
                functools.partial(_bisection, halvings=10)),
        Mistake("climbs(low) and climbs(high) asked again before every halving",
                "The bracket is given and holds: the robot climbs low and fails high. Each "
                "call of climbs is a whole simulation; ask about each height once. "
                + _HALVE_HINT,
                functools.partial(_bisection, recheck=True)),
        Mistake("a scan in steps of tol: far more calls of climbs than a bisection needs",
                "A scan tries up to (high - low) / tol heights, a bisection about log2 of "
                "that: test the middle and keep the half whose ends are one climbed, one "
                "failed.",
                _scan),
        Mistake("the height in mm, not in m",
                "low, high and tol come in metres, and the height goes back to be compared "
                "with them: return it in the bracket's unit, unconverted. The worked "
                "example's millimetres are only for reading.",
                _bisection_in_mm),
    ),
    adapter=CountClimbs(),
)


# --------------------------------------------------------------------------- edge climb


def _edge_climb_reference(wheel_radius, fillet, mu):
    return vacuum.edge_climb_height(wheel_radius, fillet, mu)


def _edge_climb_cases(rng) -> list[Case]:
    R, mu_s, mu_k = _PARAMS.wheel_radius, _PARAMS.mu_s, _PARAMS.mu_k
    wheel = f"the book's wheel of radius {R / MM:.0f} mm"
    book = f"{wheel}, the {FILLET / MM:.0f} mm fillet"
    fixed = [
        ((R, FILLET, mu_s), f"{book}, the static mu = {mu_s}"),
        ((R, FILLET, mu_k), f"{book}, the kinetic mu = {mu_k}: about 14.7 mm, the text's check"),
        ((0.036, FILLET, 0.97), "a wheel of radius 36 mm, the 3 mm fillet, mu = 0.97"),
        ((R, 0.0, mu_k), f"a sharp edge (fillet 0), {wheel}, mu = {mu_k}: about 13.8 mm"),
        ((R, FILLET, 0.4), "a very slippery wheel, mu = 0.4"),
        ((R, FILLET, 3.0), "a very grippy wheel, mu = 3"),
    ]
    cases = [Case(args, "fixed", about) for args, about in fixed]
    for _ in range(4):
        radius, fillet = rounded_uniform(rng, 0.03, 0.06), rounded_uniform(rng, 0.0, 0.004)
        mu = rounded_uniform(rng, 0.6, 1.5)
        edge = f"a {fillet / MM:.0f} mm fillet" if fillet else "a sharp edge"
        cases.append(Case((radius, fillet, mu), "seeded random",
                          f"a wheel of radius {radius / MM:.0f} mm, {edge}, mu = {mu}"))
    cases.append(Case((R, FILLET, np.linspace(0.5, 2.1, 9)), "arrays",
                      f"{book}, nine mu from 0.5 to 2.1"))
    return cases


def _edge_climb_of(radius=lambda R, f: R + f, cos_phi=lambda mu: 1 / np.sqrt(1 + mu**2),
                   height=lambda reach, cos, R, f: reach * (1 - cos)):
    """(R + f) (1 - cos(phi)) with the changes of a mistake: another distance ``reach`` of
    the two centres, another cos(phi) at the limit, or another height from them,
    ``height(reach, cos, R, f)``."""
    def edge_climb_height(wheel_radius, fillet, mu):
        mu = np.asarray(mu, float)
        return height(radius(wheel_radius, fillet), cos_phi(mu), wheel_radius, fillet)

    return edge_climb_height


_GEOMETRY = ("Find cos(phi) from the heights of the two centres above the floor (the wheel's "
             "R, the fillet's h - f) and their distance, as the text says; then take the "
             "largest phi the grip allows.")

_EDGE_CLIMB = Exercise(
    exercise_id="vacuum.edge_climb_height",
    description="The highest step a wheel takes from the floor by its grip at the edge.",
    function_name="edge_climb_height",
    arguments=("wheel_radius", "fillet", "mu"),
    outputs=(Output("height", Close(rtol=1e-9, atol=1e-12)),),
    reference=_edge_climb_reference,
    package_references=("robodyn.vacuum.edge_climb_height",),
    make_cases=_edge_climb_cases,
    mistakes=(
        Mistake("the fillet forgotten, as if the edge were sharp",
                "The wheel touches the rounded edge, not a corner: its centre lies R + f from "
                f"the fillet's centre, which lies f below the top. {_GEOMETRY}",
                _edge_climb_of(radius=lambda R, f: R)),
        Mistake("tan(phi) = 1/mu, or sin and cos of phi swapped",
                "Both readings give this formula: the limit taken as tan(phi) = 1/mu, or "
                "sin(phi) written where cos(phi) belongs. phi is measured from the vertical: "
                "of the edge's forces the normal one pushes the wheel back by N sin(phi), the "
                "friction forward by T cos(phi), at most mu N cos(phi). " + _GEOMETRY,
                _edge_climb_of(cos_phi=lambda mu: mu / np.sqrt(1 + mu**2))),
        Mistake("the fillet's centre taken at the step's height h, not below it: the answer "
                "comes out f short",
                "The fillet's centre lies f below the step's top, so the wheel's centre, R "
                "above the floor, lies R - (h - f) above it; with R - h the answer is the "
                f"height of the fillet's centre, f short of the step's. {_GEOMETRY}",
                _edge_climb_of(height=lambda reach, cos, R, f: reach * (1 - cos) - f)),
        Mistake("the fillet subtracted instead of added: the centres R - f apart",
                "The wheel and the fillet touch from outside: their centres lie R + f apart, "
                f"not R - f. {_GEOMETRY}",
                _edge_climb_of(radius=lambda R, f: R - f)),
        Mistake("the fillet added to the height, not to the centres' distance",
                "The fillet enters twice: in the centres' distance R + f and in the fillet "
                f"centre's height h - f. {_GEOMETRY}",
                _edge_climb_of(height=lambda reach, cos, R, f: R * (1 - cos) + f)),
        Mistake("the height of the wheel's centre above the fillet's, not the step's height",
                "(R + f) cos(phi) is how far the wheel's centre lies above the fillet's; the "
                f"step's height follows from it and the wheel's centre at R. {_GEOMETRY}",
                _edge_climb_of(height=lambda reach, cos, R, f: reach * cos)),
        Mistake("half the wheel radius: the radius taken for a diameter",
                "wheel_radius is the radius already: the wheel's centre rolls R above the "
                "floor.",
                _edge_climb_of(radius=lambda R, f: R / 2 + f)),
        Mistake("phi = mu: the small-angle arctan(mu) ~ mu, far off at mu near 1",
                "The largest angle is where tan(phi) = mu exactly; arctan(mu) ~ mu only for "
                "small mu, and a wheel's mu is about 1.",
                _edge_climb_of(cos_phi=np.cos)),
        Mistake("the angle in degrees: the cosine of arctan(mu) converted to degrees, where "
                "NumPy expects radians",
                "NumPy's trigonometric functions take and give radians: keep the angle "
                "arctan(mu) in radians if you use it at all, or write cos(phi) from "
                "tan(phi) = mu without the angle.",
                _edge_climb_of(cos_phi=lambda mu: np.cos(np.degrees(np.arctan(mu))))),
        Mistake("cos^2(phi) taken for cos(phi): the square root missing",
                "Yours is the square of the cosine: at mu = 1 (phi = 45 deg) it gives 0.5 "
                "where cos(45 deg) = 0.71. Check the identity that takes you from tan(phi) "
                f"= mu to cos(phi). {_GEOMETRY}",
                _edge_climb_of(cos_phi=lambda mu: 1 / (1 + mu**2))),
    ),
)


# --------------------------------------------------------------------------- pushed climb

#: The book's contact stiffness m g / 0.5 mm, N/m, and a soft edge that sinks millimetres.
BOOK_STIFFNESS = _PARAMS.mass * _PARAMS.g / vacuum.PENETRATION
SOFT_EDGE = 5e3


def _pushed_climb_reference(wheel_radius, fillet, mu, push, load, stiffness):
    return vacuum_limits.pushed_edge_climb_height(wheel_radius, fillet, mu, push, load,
                                                  stiffness)


def _pushed_climb_cases(rng) -> list[Case]:
    R, mu_k = _PARAMS.wheel_radius, _PARAMS.mu_k
    book = f"the book's wheel (R = {R / MM:.0f} mm, f = 3 mm, mu = {mu_k}), W = 20 N"
    k_book = round(BOOK_STIFFNESS)
    fixed = [
        ((R, FILLET, mu_k, 0.0, 20.0, None),
         f"{book}, no push, a rigid edge: exercise 7.5's 14.7 mm"),
        ((R, FILLET, mu_k, 5.0, 20.0, None), f"{book}, P = 5 N, a rigid edge: about 24.0 mm"),
        ((R, FILLET, mu_k, 5.0, 20.0, k_book),
         f"{book}, P = 5 N, the book's contact stiffness {k_book} N/m"),
        ((R, FILLET, mu_k, 5.0, 20.0, SOFT_EDGE),
         f"{book}, P = 5 N, a soft edge of {SOFT_EDGE:g} N/m"),
        ((0.036, 0.0, 0.97, 3.0, 18.0, 2e4),
         "a 36 mm wheel on a sharp edge, mu = 0.97, P = 3 N, W = 18 N, k = 2e4 N/m"),
        ((R, FILLET, 0.4, 10.0, 20.0, None), "a slippery wheel, mu = 0.4, pushed hard: "
                                             "P = 10 N, W = 20 N, a rigid edge"),
        ((0.03, 0.002, 0.05, 8.0, 15.0, None),
         "an almost free wheel, mu = 0.05, P = 8 N, W = 15 N: the push does the work"),
        ((R, FILLET, mu_k, 18.0, 20.0, 1e4),
         f"{book}, P = 18 N, just short of mu P = W, k = 1e4 N/m"),
        ((R, FILLET, mu_k, 25.0, 20.0, None),
         f"{book}, P = 25 N: mu P > W, the wheel climbs the face itself"),
    ]
    cases = [Case(args, "fixed", about) for args, about in fixed]
    for _ in range(4):
        load = rounded_uniform(rng, 8.0, 30.0)
        push = rounded_uniform(rng, 0.0, 0.6 * load)
        stiffness = None if rng.uniform() < 0.25 else float(round(rng.uniform(5e3, 1e5), -2))
        args = (rounded_uniform(rng, 0.03, 0.06), rounded_uniform(rng, 0.0, 0.004),
                rounded_uniform(rng, 0.5, 1.3), push, load, stiffness)
        cases.append(Case(args, "seeded random"))
    cases.append(Case((R, FILLET, np.linspace(0.3, 1.5, 7), 5.0, 20.0, k_book), "arrays",
                      "the book's wheel, seven mu from 0.3 to 1.5, P = 5 N, W = 20 N"))
    cases.append(Case((R, FILLET, mu_k, np.linspace(0.0, 24.0, 7), 20.0, None), "arrays",
                      f"{book}, seven pushes from 0 to 24 N, past mu P = W"))
    return cases


def _pushed_of(angle=None, overlap=None, distance=None, wall=None, height=None, normal=None,
               vertical=np.cos):
    """A student's pushed climb with the changes of a mistake: the largest angle
    ``angle(mu, c)``, the edge's ``normal(P, W, psi)``, the overlap ``overlap(N, W, k)``, the
    centres' ``distance(R, f, d)``, the wall climb's test ``wall(mu, c)`` and the
    ``height(R, f, dist, cos_psi)``, where ``vertical`` (np.cos) gives cos_psi."""
    angle = angle or (lambda mu, c: np.arctan(mu) + np.arctan(c))
    normal = normal or (lambda P, W, psi: P * np.sin(psi) + W * np.cos(psi))
    overlap = overlap or (lambda N, W, k: N / k)
    distance = distance or (lambda R, f, d: R + f - d)
    wall = wall or (lambda mu, c: mu * c > 1)
    height = height or (lambda R, f, dist, cos_psi: f + R - dist * cos_psi)

    def pushed_climb_height(wheel_radius, fillet, mu, push, load, stiffness):
        mu, push = np.asarray(mu, float), np.asarray(push, float)
        with np.errstate(divide="ignore", invalid="ignore"):
            c = push / load
            psi = angle(mu, c)
            N = normal(push, load, psi)
            d = 0.0 * N if stiffness is None else overlap(N, load, stiffness)
            h = height(wheel_radius, fillet, distance(wheel_radius, fillet, d), vertical(psi))
            return np.where(wall(mu, c), np.inf, h)

    return pushed_climb_height


def _pushed_swapped(wheel_radius, fillet, mu, push, load, stiffness):
    """The right formula with push and load in each other's place (the parameters of the
    student's def in another order than the call's)."""
    return _pushed_of()(wheel_radius, fillet, mu, load, push, stiffness)


_BALANCE_AT_LIFT_OFF = ("Balance the forces on the wheel as it leaves the floor: the load W "
                        "down, the push P forward, the edge's N along the line of centres and "
                        "T across it; then ask where T reaches mu N.")

_PUSHED_CLIMB = Exercise(
    exercise_id="vacuum.pushed_climb_height",
    description="The highest step a driven wheel takes when the robot pushes it into the "
                "edge, its contact a penalty spring.",
    function_name="pushed_climb_height",
    arguments=("wheel_radius", "fillet", "mu", "push", "load", "stiffness"),
    outputs=(Output("height", Close(rtol=1e-9, atol=1e-12)),),
    reference=_pushed_climb_reference,
    package_references=("robodyn.vacuum.limits.pushed_edge_climb_height",),
    make_cases=_pushed_climb_cases,
    mistakes=(
        Mistake("the push left out: the largest angle of exercise 7.5, arctan(mu)",
                "The push P helps the wheel up the edge: it belongs in the balance of the "
                f"forces, and so in the largest angle. {_BALANCE_AT_LIFT_OFF}",
                _pushed_of(angle=lambda mu, c: np.arctan(mu))),
        Mistake("the push working against the wheel: arctan(P/W) subtracted",
                "The robot pushes the wheel forward, into the edge: drawn in the balance, does "
                f"that push the wheel up the edge or back from it? {_BALANCE_AT_LIFT_OFF}",
                _pushed_of(angle=lambda mu, c: np.arctan(mu) - np.arctan(c))),
        Mistake("the tangents added, tan(psi*) = mu + P/W, not the angles",
                "Where T = mu N the tangent of the angle is not the sum of mu and P/W: solve "
                "the balance for tan(psi), or check your formula with P = W = mu = 1.",
                _pushed_of(angle=lambda mu, c: np.arctan(mu + c))),
        Mistake("the tangent of the sum with the wrong sign below: (mu + P/W) / (1 + mu P/W)",
                "tan(a + b) = (tan a + tan b) / (1 - tan a tan b): check yours with a = b = "
                "45 degrees, where the sum is 90 degrees and the tangent has no finite value.",
                _pushed_of(angle=lambda mu, c: np.arctan((mu + c) / (1 + mu * c)))),
        Mistake("the edge's friction on the wheel pointing down the rim: psi* = arctan(P/W) - "
                "arctan(mu)",
                "At the limit the wheel is about to slip down the edge, so the friction on it "
                "holds it up: it points up the rim, the way the wheel climbs. "
                + _BALANCE_AT_LIFT_OFF,
                _pushed_of(angle=lambda mu, c: np.arctan(c) - np.arctan(mu))),
        Mistake("the edge's normal force W cos(psi), the push's share P sin(psi) left out",
                "Project both forces the edge carries onto the line of centres: the push "
                "presses the wheel into the edge too. " + _BALANCE_AT_LIFT_OFF,
                _pushed_of(normal=lambda P, W, psi: W * np.cos(psi))),
        Mistake("sin(psi*) for the centres' height difference, as if psi* were measured from "
                "the horizontal",
                "psi* is the angle of the line of centres from the vertical: the height "
                "between the two centres is the distance times its cosine.",
                _pushed_of(vertical=np.sin)),
        Mistake("the height of the fillet's centre, h - f: the fillet not added back",
                "The step's top lies f above the fillet's centre: add it to the height the "
                "wheel's centre gives you.",
                _pushed_of(height=lambda R, f, dist, cos_psi: R - dist * cos_psi)),
        Mistake("push and load swapped: W/P for P/W",
                "The ratio that enters is the push over the load: check the order of the "
                "arguments, pushed_climb_height(wheel_radius, fillet, mu, push, load, "
                "stiffness).",
                _pushed_swapped),
        Mistake("the edge's overlap N/k left out: the contact taken as rigid",
                "The edge is a penalty spring: at the limit it pushes with N and the wheel "
                "sinks N/k into it, so the centres lie closer than R + f. Only a rigid edge "
                "(stiffness None) has no overlap.",
                _pushed_of(overlap=lambda N, W, k: 0.0 * N)),
        Mistake("the overlap added: the centres R + f + N/k apart",
                "Overlapping, the wheel and the fillet come closer, not farther: their "
                "centres lie R + f less the overlap apart.",
                _pushed_of(distance=lambda R, f, d: R + f + d)),
        Mistake("the overlap from the load W, not from the edge's normal force N",
                "The overlap is the edge's own normal force over k; at the limit that force is "
                f"not the load. {_BALANCE_AT_LIFT_OFF}",
                _pushed_of(overlap=lambda N, W, k: W / k)),
        Mistake("no wall climb: the formula used beyond 90 degrees where mu P > W",
                "If mu P > W the largest angle passes 90 degrees: the wheel pressed on the face "
                "carries its load by friction and climbs any height. Return np.inf there, as "
                "the text asks.",
                _pushed_of(wall=lambda mu, c: np.zeros(np.shape(c), bool))),
        Mistake("the wall climb's test with mu on the wrong side: P > mu W",
                "The wheel pressed on the face by P holds its load W by friction, at most "
                "mu times the force that presses it: which product must exceed W?",
                _pushed_of(wall=lambda mu, c: c > mu)),
        Mistake("the fillet forgotten, as if the edge were sharp",
                "The wheel meets the rounded edge: the centres lie R + f (less the overlap) "
                "apart, and the fillet's centre lies f below the top.",
                _pushed_of(distance=lambda R, f, d: R - d,
                           height=lambda R, f, dist, cos_psi: R - dist * cos_psi)),
        Mistake("the angle in degrees where NumPy expects radians",
                "NumPy's trigonometric functions take and give radians: keep the angle psi* "
                "in radians throughout, in N as in the height.",
                _pushed_of(angle=lambda mu, c: np.degrees(np.arctan(mu) + np.arctan(c)))),
        Mistake("the height in mm, not in m",
                "Return SI units: the text's 24.0 mm is 0.024 m.",
                _pushed_of(height=lambda R, f, dist, cos_psi: 1e3 * (f + R - dist * cos_psi))),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_STEP_DISTANCE, _WHEEL_LOAD, _BISECT_HEIGHT, _SLIDING_STOP, _EDGE_CLIMB,
             _PUSHED_CLIMB)
