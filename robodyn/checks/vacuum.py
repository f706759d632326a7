"""The exercises of the vacuum-robot chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.vacuum`: a side view, x forward (towards
the step), z up, the floor at z = 0; the step's face stands at ``step_x``, its top at
``height``, its upper edge rounded by a quarter circle of radius ``fillet`` about
``(step_x + fillet, height - fillet)``. A signed distance is positive in the air and negative
inside the floor or the step; a normal is the unit vector out of the solid. The arm of a
drive unit runs from its pivot to the axle at ``arm_angle`` below the horizontal (rad), the
wheel ahead of the pivot (*leading*) or behind it (*trailing*); ``traction`` is the ratio
T / N of the floor's (or the edge's) push along the rim to the wheel's normal load, positive
while the wheel drives the robot forward. SI units and radians throughout.

Notes
-----
The normal of the step-distance exercise is compared within 1e-6, the distance within 1 nm:
a nearest point found by a numerical search is right to second order in the distance but only
to first order in the normal. No point of the cases lies where two pieces of the profile are
equally near with different normals (the bisector of the corner where the floor meets the
face, the diagonal of a sharp edge seen from inside), where the normal is not defined. The
exercise asks for a door sill, the step with a back (a back fillet, a back face, the floor
behind): the sill is symmetric about its middle, so the reference mirrors a point behind the
middle to the front and answers it with :func:`robodyn.vacuum.step_distance` (guarded). Every
sill is at least 8 cm wide, so that each kind of point in front of the middle keeps its
nearest piece on the front.

The wheel-load exercise puts the contact on the edge, at the angle psi from the vertical below
the axle (the chapter's :func:`robodyn.vacuum.wheel_load` has psi = 0 and is guarded): a link
then balances as if its arm's angle were phi + s psi (s = +1 leading, -1 trailing). It leaves
out the wheel's own weight: the exercise is about the moments of the tilted forces. No case
has psi = 0, and none comes near a jam.

The braking exercise puts the robot on a slope with only its drive wheels locked, ahead of the
centre of gravity, and its caster rolling behind it; braking shifts load onto the wheels. No
case tips the robot (ahead > mu cog_height) or comes within 1 % of a deceleration of zero,
where the distance turns infinite.

The height bisection is called with a robot of the check's own: a predicate that climbs every
step up to a threshold and counts how often it is asked. An answer is judged by that
threshold (its height must be climbed, and less than ``tol`` below the threshold) and by the
number of its calls of ``climbs``, since each call stands for a whole simulation of the climb.

The edge-climb exercise asks for a chamfered edge, which the chapter does not treat (its
:func:`robodyn.vacuum.edge_climb_height` is for a fillet and gives the reference's sharp-corner
part, so it is guarded). The answer jumps by the chamfer's rise where arctan(mu) equals the
chamfer's slope: no case has the two within 0.01 rad, and every case's step is higher than its
chamfer (the wheel's sharp-corner height exceeds the rise).

The push exercise inverts :func:`robodyn.vacuum.limits.pushed_edge_climb_height` (guarded): the
smallest push with which the wheel takes a step of a given height, found by a root find on the
contact angle at lift-off, since the overlap N/k depends on the push. Every step is lower than
the wheel's radius, so a push below W / mu always takes it; a step taken unpushed needs 0.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from scipy.optimize import brentq

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

_PARAMS = vacuum.VacuumParams()
#: The step of the fixed cases: its face's place, its height (the thesis's 19 mm step) and the
#: thesis's 3 mm fillet, m.
STEP_X, STEP_HEIGHT, FILLET = 0.1, 0.019, _PARAMS.fillet
#: Gravity on Earth and on the Moon, m/s^2.
G_EARTH, G_MOON = 9.81, 1.62
MM = 1e-3

# --------------------------------------------------------------------------- step distance


def _on_a_sill(half, flip_back_normal=True):
    """A sill's distance from a half's: the sill is symmetric about its middle, step_x +
    width / 2, so a point behind the middle is mirrored to the front, where ``half(point,
    step_x, height, fillet)`` (the front step's distance) answers it, and its normal mirrored
    back (unless ``flip_back_normal`` is False, a mistake). The nearest point of a symmetric
    profile lies on the point's own half."""
    def sill_distance(point, step_x, width, height, fillet):
        p = np.asarray(point, dtype=float)
        middle = step_x + 0.5 * width
        if p[0] <= middle:
            return half(p, step_x, height, fillet)
        distance, normal = half(np.array([2.0 * middle - p[0], p[1]]), step_x, height, fillet)
        normal = np.asarray(normal, dtype=float)
        return distance, (np.array([-normal[0], normal[1]]) if flip_back_normal else normal)

    return sill_distance


_step_distance_reference = _on_a_sill(vacuum.step_distance)


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


#: The fixed cases' sill: its front face at x = 0.1 m, 80 mm wide (its back face at 0.18 m,
#: its middle at 0.14 m), 19 mm high (the thesis's step), with the thesis's 3 mm fillet.
SILL_WIDTH = 0.08
_BACK = 2 * STEP_X + SILL_WIDTH      # x + mirrored x of the fixed sill, m


def _random_sill(rng):
    """(step_x, width, height, fillet), m: a step of :func:`_random_step`, 10 to 20 cm wide."""
    step_x, height, fillet = _random_step(rng)
    return step_x, rounded_uniform(rng, 0.1, 0.2), height, fillet


def _behind(point, step_x, width):
    """The point mirrored to the sill's back half."""
    return _point(2 * step_x + width - point[0], point[1])


def _step_distance_cases(rng) -> list[Case]:
    sill = (STEP_X, SILL_WIDTH, STEP_HEIGHT, FILLET)
    sharp = (STEP_X, SILL_WIDTH, STEP_HEIGHT, 0.0)
    front = [
        ((0.0985, 0.010), sill, "1.5 mm in front of the front face of the sill (80 mm wide, "
                                "19 mm high, a 3 mm fillet, its front face at x = 0.1 m)", ""),
        ((0.1006, 0.0187), sill, "0.61 mm out from the front fillet", ""),
        ((0.1022, 0.0193), sill, "0.4 mm out from the front fillet, near its upper end", ""),
        ((0.0976, 0.0213), sill, "above and in front of the front's rounded edge", ""),
        ((0.125, 0.0215), sill, "2.5 mm above the top", ""),
        ((0.04, 0.0035), sill, "3.5 mm above the floor, in front of the sill", ""),
        ((0.0992, 0.0006), sill, "in the corner of floor and front face, nearer the floor", ""),
        ((0.0996, 0.0013), sill, "in the corner of floor and front face, nearer the face", ""),
        ((0.07, -0.0004), sill, "0.4 mm deep in the floor, in front of the sill", ""),
        ((0.1007, 0.009), sill, "0.7 mm behind the front face, inside the sill", ""),
        ((0.13, 0.0181), sill, "0.9 mm under the top, inside the sill", ""),
        ((0.1016, 0.0183), sill, "0.31 mm inside, under the front fillet", ""),
        ((0.1033, 0.0152), sill, "inside, 0.85 mm from the front fillet's centre: 3.3 mm behind "
                                 "the front face, the nearest piece", ""),
        ((0.1004, -0.0003), sill, "inside, 0.5 mm from the foot of the front face", _FOOT_HINT),
        ((0.097, 0.023), sharp, "a sharp sill (fillet 0): above and in front of its front edge",
         ""),
        ((0.1008, 0.0185), sharp, "a sharp sill (fillet 0): inside, 0.5 mm under the top", ""),
    ]
    back = [
        ((0.0985, 0.010), sill, "1.5 mm behind the back face, in the air", ""),
        ((0.1006, 0.0187), sill, "0.61 mm out from the back fillet", ""),
        ((0.0976, 0.0213), sill, "above and behind the back's rounded edge", ""),
        ((0.135, 0.0215), sill, "2.5 mm above the top, behind its middle", ""),
        ((0.0996, 0.0013), sill, "in the corner of the back face and the floor behind it", ""),
        ((0.07, -0.0004), sill, "0.4 mm deep in the floor, behind the sill", ""),
        ((0.04, 0.0035), sill, "3.5 mm above the floor, behind the sill", ""),
        ((0.1007, 0.009), sill, "0.7 mm in front of the back face, inside the sill", ""),
        ((0.1016, 0.0183), sill, "0.31 mm inside, under the back fillet", ""),
        ((0.1004, -0.0003), sill, "inside, 0.5 mm from the foot of the back face", _FOOT_HINT),
        ((0.097, 0.023), sharp, "a sharp sill (fillet 0): above and behind its back edge", ""),
    ]
    cases = [Case((_point(*xz), *geometry), "fixed", about, hint)
             for xz, geometry, about, hint in front]
    cases += [Case((_point(_BACK - xz[0], xz[1]), *geometry), "fixed", about, hint)
              for xz, geometry, about, hint in back]
    for about, point_of in _RANDOM_POINTS:
        step_x, width, height, fillet = _random_sill(rng)
        point = point_of(rng, step_x, height, fillet)
        about = about.replace("the step", "the sill")
        cases.append(Case((point, step_x, width, height, fillet), "seeded random",
                          about.replace("the face", "the front face")))
        step_x, width, height, fillet = _random_sill(rng)
        point = _behind(point_of(rng, step_x, height, fillet), step_x, width)
        cases.append(Case((point, step_x, width, height, fillet), "seeded random",
                          f"mirrored to the back: {about}"))
    return cases


def _profile_distance(point, step_x, height, fillet, centre=None, face_clamped=True,
                      floor_clamped=True, top_clamped=True, quarter=True, cut_is_air=True,
                      inside_normal_out=True, face_to_the_top=False, piece_normal=False):
    """The distance and normal to the profile as a student builds it from the text, piece by
    piece, with the changes of a mistake.

    The pieces: the floor z = 0 up to ``step_x``, the face x = ``step_x`` from 0 to
    ``height - fillet``, the top z = ``height`` from ``step_x + fillet`` on (as the text gives
    them), and the fillet's arc of radius ``fillet`` about ``centre`` (the text's
    ``(step_x + fillet, height - fillet)`` unless a mistake moves it: a typo in the centre
    moves the arc only), its quarter from pi/2 to pi. A mistake may leave a piece unclamped (a
    whole line), take the arc's whole circle, count the air cut off by the fillet as step, or
    leave the normal of a point inside pointing into the solid, or let the face run up to
    ``height`` (``face_to_the_top``), past the arc's lower end, or take for the normal the
    nearest piece's own outward normal (``piece_normal``), also where that piece's end, a
    corner, is the nearest point (ties go to the first piece: floor, face, top, arc).
    """
    p = np.asarray(point, dtype=float)
    x, z = p
    face_top, top_start = height - fillet, step_x + fillet
    centre = np.array([top_start, face_top] if centre is None else centre, dtype=float)
    face_end = height if face_to_the_top else face_top
    up, back = np.array([0.0, 1.0]), np.array([-1.0, 0.0])
    feet = [(np.array([min(x, step_x) if floor_clamped else x, 0.0]), up),
            (np.array([step_x, min(max(z, 0.0), face_end) if face_clamped else z]), back),
            (np.array([max(x, top_start) if top_clamped else x, height]), up)]
    if fillet > 0.0:
        towards = p - centre
        radius = float(np.hypot(*towards))
        if radius > 0.0 and (not quarter or (towards[0] <= 0.0 and towards[1] >= 0.0)):
            feet.append((centre + fillet * towards / radius, towards / radius))
        else:
            feet += [(centre + [-fillet, 0.0], back), (centre + [0.0, fillet], up)]
    foot, own_normal = min(feet, key=lambda f: float(np.hypot(*(p - f[0]))))
    gap = p - foot
    distance = float(np.hypot(*gap))
    if distance == 0.0:
        return 0.0, np.array([0.0, 1.0])
    in_cut = (x < top_start and z > face_top
              and math.hypot(x - centre[0], z - centre[1]) > fillet)
    inside = z < 0.0 or (step_x < x and z < height and not (in_cut and cut_is_air))
    if piece_normal:
        return (-distance if inside else distance), own_normal
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


def _solid_behind(point, step_x, width, height, fillet):
    """The reference, but a point in the air behind the sill (x > step_x + width, 0 < z <
    height) counted as inside: distance and normal flipped."""
    distance, normal = _step_distance_reference(point, step_x, width, height, fillet)
    x, z = np.asarray(point, dtype=float)
    if x > step_x + width and 0.0 < z < height:
        return -distance, -normal
    return distance, normal


_PIECES = ("Build the profile from the text's four pieces: the floor up to the face, the face "
           "up to height - fillet, the quarter circle about (step_x + fillet, height - "
           "fillet), the top from step_x + fillet on.")
_CLAMP = ("Each piece ends: clamp the nearest point of a segment or half-line to its ends, "
          "or a point far from that piece finds a nearest point on its line beyond them.")
_INSIDE_NORMAL = ("The normal points out of the solid, into the air, inside too: there it runs "
                  "from the point to its nearest point of the profile.")

_STEP_DISTANCE = Exercise(
    exercise_id="vacuum.step_distance",
    description="Signed distance from a point to a door sill with both edges filleted, and the "
                "unit normal.",
    function_name="sill_distance",
    arguments=("point", "step_x", "width", "height", "fillet"),
    outputs=(Output("distance", Close(rtol=1e-9, atol=1e-9)),
             Output("normal", NormalVector(rtol=0.0, atol=1e-6), entries=("n_x", "n_z"))),
    reference=_step_distance_reference,
    package_references=("robodyn.vacuum.step_distance",),
    make_cases=_step_distance_cases,
    mistakes=(
        Mistake("the fillet's centre at (step_x, height - fillet), on the face's line",
                "The arc must touch the face and the top: its centre lies fillet behind the "
                f"face and fillet below the top. {_PIECES}",
                _on_a_sill(_centre_at(lambda sx, h, f: (sx, h - f)))),
        Mistake("the fillet's centre at (step_x - fillet, height - fillet), in front of the "
                "face",
                "The fillet rounds the step's edge off, inside the step: its centre lies "
                f"behind the face, on the step's side. {_PIECES}",
                _on_a_sill(_centre_at(lambda sx, h, f: (sx - f, h - f)))),
        Mistake("the fillet's circle centred on the step's corner (step_x, height)",
                "The fillet replaces the corner by an arc tangent to the face and the top; "
                f"its centre is not the corner. {_PIECES}",
                _on_a_sill(_corner_circle)),
        Mistake("the fillet ignored: a sharp corner at (step_x, height)",
                "The step's edge is rounded: between the face and the top the nearest point "
                f"can lie on the arc. {_PIECES}",
                _on_a_sill(_sharp_corner)),
        Mistake("the fillet's whole circle, not only its quarter",
                "Only the quarter of the circle between the face and the top is part of the "
                "profile: inside the step, near the fillet's centre, the rest of that circle "
                f"is not there to be near. {_CLAMP}",
                _on_a_sill(_profile(quarter=False))),
        Mistake("the face taken as the whole line x = step_x, not clamped to its ends",
                f"The face runs from the floor up to height - fillet only. {_CLAMP}",
                _on_a_sill(_profile(face_clamped=False))),
        Mistake("the face running up to the top, z = height: past the fillet, which ends it "
                "at height - fillet",
                "The fillet rounds the edge off: the face ends where the arc begins, a "
                "fillet's radius below the top, as the top begins a fillet's radius behind "
                "the face. A point out from the arc must not find its nearest point on a part "
                f"of the face that is no longer there. {_PIECES}",
                _on_a_sill(_profile(face_to_the_top=True))),
        Mistake("the floor taken as the whole line z = 0, also under the step",
                f"The floor ends at the face. {_CLAMP}",
                _on_a_sill(_profile(floor_clamped=False))),
        Mistake("the top taken as the whole line z = height, also in front of the step",
                f"The top begins at step_x + fillet, where the arc ends. {_CLAMP}",
                _on_a_sill(_profile(top_clamped=False))),
        Mistake("the air between the fillet and the corner it cuts off counted as step",
                "The fillet rounds the corner off: the points between the arc and the sharp "
                "corner, outside the circle, are air (the text's 'Careful'), so their "
                "distance is positive.",
                _on_a_sill(_profile(cut_is_air=False))),
        Mistake("the normal not of unit length: the gap between the nearest point and the "
                "point, pointing out of the solid",
                "The normal is a unit vector: divide the gap by its length, the distance "
                "(and keep it pointing out of the solid).",
                _on_a_sill(_changed_reference(lambda d, n: (d, abs(d) * n)))),
        Mistake("the normal is the raw gap point - nearest point: not of unit length, and "
                "pointing into the solid for a point inside",
                f"The normal is a unit vector: divide the gap by its length. {_INSIDE_NORMAL}",
                _on_a_sill(_changed_reference(lambda d, n: (d, d * n)))),
        Mistake("the nearest piece's own normal, also where its end, a corner, is the "
                "nearest point",
                "Where the nearest point is a corner of the profile (the foot of the face "
                "seen from inside, a sharp edge seen from outside), no piece's normal holds: "
                "the normal runs along the gap between the point and its nearest point, out "
                "of the solid.",
                _on_a_sill(_profile(piece_normal=True))),
        Mistake("the normal of a point inside not flipped: it points into the solid",
                f"The distance is right. {_INSIDE_NORMAL}",
                _on_a_sill(_profile(inside_normal_out=False))),
        Mistake("the normal points into the solid (its sign is flipped)",
                "The normal points out of the solid, into the air: on the floor it is (0, 1), "
                "on the face (-1, 0).",
                _on_a_sill(_changed_reference(lambda d, n: (d, -n)))),
        Mistake("the distance's sign is flipped: positive inside the solid",
                "The distance is positive in the air and negative inside the floor or the "
                "step (a penetration).",
                _on_a_sill(_changed_reference(lambda d, n: (-d, n)))),
        Mistake("the distance unsigned (abs): never negative inside the solid",
                "Inside the floor or the step the distance is negative: the depth of the "
                "penetration with a minus sign.",
                _on_a_sill(_changed_reference(lambda d, n: (abs(d), n)))),
        Mistake("no test for inside: the distance never negative, the normal into the solid "
                "for a point inside",
                "Test whether the point is inside the floor (z < 0) or the step; there the "
                f"distance is negative. {_INSIDE_NORMAL}",
                _on_a_sill(_changed_reference(lambda d, n: (abs(d), n if d >= 0 else -n)))),
        Mistake("the back of the sill left out: the step's profile, its top running on",
                "The sill ends: behind its top come the back fillet, the back face and the "
                "floor again. The sill is symmetric about its middle, step_x + width / 2: a "
                "point behind the middle is a mirrored point in front of it.",
                lambda point, step_x, width, height, fillet: vacuum.step_distance(
                    point, step_x, height, fillet)),
        Mistake("the normal's x not mirrored behind the middle: the front's normal kept",
                "A point behind the middle mirrors to the front, and its normal mirrors back: "
                "on the back face the normal is (1, 0), not the front face's (-1, 0).",
                _on_a_sill(vacuum.step_distance, flip_back_normal=False)),
        Mistake("the air behind the sill counted as solid: inside wherever x > step_x and "
                "z < height",
                "The sill is solid only between its faces, step_x < x < step_x + width: "
                "behind the back face there is air above the floor again.",
                _solid_behind),
    ),
)


# --------------------------------------------------------------------------- wheel load


def _edge_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
               contact_angle, variant):
    """N = F_s b / (a cos(phi + s psi) + s c (a sin(phi + s psi) + R)), s = +1 leading, -1
    trailing; F_s / (cos(psi) + c sin(psi)) for the telescopic unit."""
    if variant == "telescopic":
        return spring_force / (math.cos(contact_angle) + traction * math.sin(contact_angle))
    if variant not in ("leading", "trailing"):
        raise ValueError(f"unknown variant {variant!r}")
    s = 1.0 if variant == "leading" else -1.0
    tilt = arm_angle + s * contact_angle     # the arm as the edge's normal sees it
    return spring_force * spring_lever / (
        arm_length * math.cos(tilt) + s * traction * (arm_length * math.sin(tilt)
                                                      + wheel_radius))


def _wheel_load_reference(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, contact_angle, variant):
    return _edge_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                      traction, contact_angle, variant)


_TELESCOPIC_HINT = ("The telescopic unit slides straight up and down: it has no pivot, so no "
                    "moment balance and no lever; only the forces along the slide balance: "
                    "the spring's against the vertical parts of the edge's N and T.")
_TRAILING_HINT = ("Behind its pivot, the trailing wheel's traction, pushing the contact forward "
                  "below the pivot, turns the arm the same way as the spring: it loads the "
                  "wheel more, where a leading link's traction unloads it.")


def _denominator_ok(args) -> bool:
    """No jam: the denominator of N at least 30 % of its first term's size, and positive."""
    F, b, a, phi, R, c, psi, variant = args
    if variant == "telescopic":
        return True
    s = 1.0 if variant == "leading" else -1.0
    tilt = phi + s * psi
    first = a * math.cos(tilt)
    return first > 0.2 * a and first + s * c * (a * math.sin(tilt) + R) > 0.3 * first


def _arm_args(rng, variant):
    """Random (spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
    contact_angle, variant), drawn again while the link would come near jamming."""
    while True:
        args = (rounded_uniform(rng, 1.0, 20.0), rounded_uniform(rng, 0.01, 0.05),
                rounded_uniform(rng, 0.02, 0.08), rounded_uniform(rng, 0.05, 0.6),
                rounded_uniform(rng, 0.02, 0.05), rounded_uniform(rng, 0.05, 0.8),
                rounded_uniform(rng, 0.1, 0.8), variant)
        if _denominator_ok(args):
            return args


def _wheel_load_cases(rng) -> list[Case]:
    b, a, R = _PARAMS.spring_lever, _PARAMS.arm_length, _PARAMS.wheel_radius
    phi = round(_PARAMS.arm_angle, 3)
    F = 9.4   # N: the thesis's 470 N/m spring, compressed by an assumed 2 cm
    unit = (F, b, a)
    book = (f"the book's unit (9.4 N spring, lever {b * 1e3:.0f} mm, arm {a * 1e3:.0f} mm at "
            f"{math.degrees(phi):.0f} deg, R = {R * 1e3:.0f} mm)")
    fixed = [
        ((*unit, phi, R, 0.0, 0.5, "leading"), f"{book}, leading, without traction, the "
                                               "edge's contact at 0.5 rad", ""),
        ((*unit, phi, R, 0.3, 0.5, "leading"), f"{book}, leading, c = 0.3, psi = 0.5 rad", ""),
        ((*unit, phi, R, 0.3, 0.5, "trailing"), f"{book}, trailing, c = 0.3, psi = 0.5 rad",
         _TRAILING_HINT),
        ((*unit, phi, R, 0.8, 0.8, "leading"), f"{book}, leading, c = 0.8, psi = 0.8 rad", ""),
        ((*unit, phi, R, 0.5, 0.2, "trailing"), f"{book}, trailing, c = 0.5, psi = 0.2 rad",
         _TRAILING_HINT),
        ((*unit, phi, R, 0.5, 0.6, "telescopic"), f"{book}, telescopic, c = 0.5, psi = 0.6 rad",
         _TELESCOPIC_HINT),
        ((*unit, phi, R, 0.0, 0.3, "telescopic"), f"{book}, telescopic, without traction, "
                                                  "psi = 0.3 rad", _TELESCOPIC_HINT),
    ]
    # the exercise text's worked example: a = 40 mm at 20 deg, R = 36 mm, psi = 0.4 rad
    text = (F, b, 0.04, 0.349, 0.036)
    fixed += [
        ((*text, 0.0, 0.4, "leading"), "the text's example (arm 40 mm at 0.349 rad = 20 deg, "
         "R = 36 mm, the contact at 0.4 rad) without traction, leading: about 9.63 N", ""),
        ((*text, 0.0, 0.4, "trailing"), "the text's example without traction, trailing: about "
         "7.06 N", _TRAILING_HINT),
        ((*text, 0.3, 0.4, "leading"), "the text's example, leading, c = 0.3: about 5.84 N", ""),
        ((*text, 0.3, 0.4, "trailing"), "the text's example, trailing, c = 0.3: about 9.48 N",
         _TRAILING_HINT),
    ]
    cases = [Case(args, "fixed", about, hint) for args, about, hint in fixed]
    for variant in 3 * ("leading", "trailing", "telescopic"):
        hint = {"trailing": _TRAILING_HINT, "telescopic": _TELESCOPIC_HINT}.get(variant, "")
        cases.append(Case(_arm_args(rng, variant), "seeded random", f"a {variant} unit", hint))
    return cases


def _load_of(swap_variants=False, with_radius=True, with_traction=True, with_lever=True,
             swap_trig=False, in_degrees=False, tilt=None, telescopic=None, radii=1.0):
    """The reference with the changes of a mistake: the variants swapped, the radius, the
    traction or the spring's lever left out, sin and cos swapped, the angles converted from
    degrees, the arm's angle seen by the edge ``tilt(phi, psi, s)`` (phi + s psi), the
    telescopic unit's load ``telescopic(F_s, c, psi)``, ``radii`` wheel radii in the
    traction's lever (2: the diameter)."""
    def wheel_load_at_edge(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, contact_angle, variant):
        phi, psi = arm_angle, contact_angle
        if in_degrees:
            phi, psi = math.radians(phi), math.radians(psi)
        cos, sin = (math.sin, math.cos) if swap_trig else (math.cos, math.sin)
        c = traction if with_traction else 0.0
        if variant == "telescopic":
            if telescopic is not None:
                return telescopic(spring_force, c, psi)
            return spring_force / (cos(psi) + c * sin(psi))
        s = 1.0 if (variant == "leading") != swap_variants else -1.0
        angle = (tilt or (lambda phi, psi, s: phi + s * psi))(phi, psi, s)
        moment = spring_force * (spring_lever if with_lever else 1.0)
        depth = arm_length * sin(angle) + (radii * wheel_radius if with_radius else 0.0)
        return moment / (arm_length * cos(angle) + s * c * depth)

    return wheel_load_at_edge


def _load_by_moments(contact=None, pushes=None):
    """A student's load by cross products, with the changes of a mistake: the contact's place
    ``contact(R, psi)`` from the axle, the edge's force per newton of N ``pushes(psi, c)`` (N
    along the line to the axle, T = c N across it); the telescopic unit's load from that
    force's vertical part."""
    contact = contact or (lambda R, psi: R * np.array([math.sin(psi), -math.cos(psi)]))
    pushes = pushes or (lambda psi, c: np.array([-math.sin(psi), math.cos(psi)])
                        + c * np.array([math.cos(psi), math.sin(psi)]))

    def wheel_load_at_edge(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, contact_angle, variant):
        force = pushes(contact_angle, traction)
        if variant == "telescopic":
            return spring_force / force[1]
        side = 1.0 if variant == "leading" else -1.0
        axle = np.array([side * arm_length * math.cos(arm_angle),
                         -arm_length * math.sin(arm_angle)])
        r = axle + contact(wheel_radius, contact_angle)
        return side * spring_force * spring_lever / (r[0] * force[1] - r[1] * force[0])

    return wheel_load_at_edge


_BALANCE = ("Balance the moments about the pivot: the spring's F_s b against those of N and "
            "of the traction T = c N at the contact, each force times its lever.")
_EDGE_FORCES = ("At the edge, N points along the line from the contact to the axle, psi from "
                "the vertical, and T along the rim, across that line: take the moment of each "
                "about the pivot, with the contact at R (sin(psi), -cos(psi)) from the axle.")

_WHEEL_LOAD = Exercise(
    exercise_id="vacuum.wheel_load",
    description="Normal load of a drive wheel at the step's edge, from the moment balance "
                "about its arm's pivot.",
    function_name="wheel_load_at_edge",
    arguments=("spring_force", "spring_lever", "arm_length", "arm_angle", "wheel_radius",
               "traction", "contact_angle", "variant"),
    outputs=(Output("N", Close(rtol=1e-9, atol=1e-12)),),
    reference=_wheel_load_reference,
    package_references=("robodyn.vacuum.wheel_load",),
    make_cases=_wheel_load_cases,
    mistakes=(
        Mistake("the contact taken straight below the axle, as on the floor: the edge's angle "
                "psi left out",
                "At the edge the wheel touches ahead of its lowest point, and N and T turn "
                f"with the contact. {_EDGE_FORCES}",
                _load_of(tilt=lambda phi, psi, s: phi)),
        Mistake("the chapter's floor formula throughout: the edge's angle psi left out, the "
                "telescopic unit's N = F_s too",
                "At the edge the wheel touches ahead of its lowest point, for every unit: N "
                "and T turn with the contact, and the telescopic unit's slide balances only "
                f"their vertical parts. {_EDGE_FORCES}",
                _load_of(tilt=lambda phi, psi, s: phi, telescopic=lambda F, c, psi: F)),
        Mistake("the traction the wrong way along the rim: T pointing back and down the edge",
                "A wheel that drives the robot forward is pushed by the edge forward and up "
                "its rim: T = c N along the rim, across the line to the axle, points up the "
                f"edge for c > 0. {_EDGE_FORCES}",
                _load_by_moments(pushes=lambda psi, c: np.array([-math.sin(psi), math.cos(psi)])
                                 - c * np.array([math.cos(psi), math.sin(psi)]))),
        Mistake("the contact put R sin(psi) behind the axle",
                "The wheel meets the edge ahead of its lowest point: the contact lies R "
                "sin(psi) ahead of the axle, and N's line runs through the axle. "
                + _EDGE_FORCES,
                _load_by_moments(contact=lambda R, psi: R * np.array([-math.sin(psi),
                                                                      -math.cos(psi)]))),
        Mistake("the contact moved on the rim, but N still vertical and T horizontal",
                "At the edge the forces turn with the contact: N points along the line from "
                "the contact to the axle, T across it. " + _EDGE_FORCES,
                _load_by_moments(pushes=lambda psi, c: np.array([c, 1.0]))),
        Mistake("the contact's drop R cos(psi) below the axle left out of its place",
                "The contact lies on the rim, below the axle as well as ahead of it: R "
                "sin(psi) ahead and R cos(psi) below. " + _EDGE_FORCES,
                _load_by_moments(contact=lambda R, psi: np.array([R * math.sin(psi), 0.0]))),
        Mistake("the edge's angle added to the arm's for the trailing link too: phi + psi",
                "Behind its pivot the trailing arm points backwards, the edge lies ahead: for "
                "it, the edge's tilt takes from the arm's angle. " + _EDGE_FORCES,
                _load_of(tilt=lambda phi, psi, s: phi + psi)),
        Mistake("the edge's angle subtracted for the leading link: phi - s psi",
                "The leading arm points forward, towards the edge: its contact there turns "
                "the force's line the same way as the arm's angle. " + _EDGE_FORCES,
                _load_of(tilt=lambda phi, psi, s: phi - s * psi)),
        Mistake("leading and trailing swapped",
                "The traction pushes the contact forward, below the pivot: it turns a leading "
                "arm up and unloads the wheel, and pulls a trailing wheel down.",
                _load_of(swap_variants=True)),
        Mistake("the wheel radius left out of the traction's lever",
                "T acts along the rim at the contact, a radius from the axle: its moment about "
                "the pivot has the lever a sin(phi + s psi) + R. " + _EDGE_FORCES,
                _load_of(with_radius=False)),
        Mistake("the traction's moment ignored",
                f"The edge's push along the rim T = c N has a moment about the pivot too. "
                f"{_BALANCE}",
                _load_of(with_traction=False)),
        Mistake("the spring's lever forgotten: F_s instead of the moment F_s b",
                "The spring acts on the arm through its moment about the pivot, the force "
                f"times its lever (N m). {_BALANCE}",
                _load_of(with_lever=False)),
        Mistake("sin and cos swapped",
                "The angles are measured from the horizontal (the arm's) and from the vertical "
                "(the edge's): at phi = psi = 0 the arm is level and the contact straight "
                "below the axle. " + _EDGE_FORCES,
                _load_of(swap_trig=True)),
        Mistake("the angles converted from degrees (they are in radians already)",
                "arm_angle and contact_angle come in radians, as every angle of the exercises: "
                "leave out np.radians.",
                _load_of(in_degrees=True)),
        Mistake("the wheel's diameter 2R in the traction's lever, where its radius belongs",
                "The axle is the wheel's centre: the rim, and the contact on it, lie one "
                "radius from it, not a diameter. " + _EDGE_FORCES,
                _load_of(radii=2.0)),
        Mistake("the telescopic unit's load F_s, as on the floor: the edge's tilt ignored",
                _TELESCOPIC_HINT, _load_of(telescopic=lambda F, c, psi: F)),
        Mistake("the telescopic unit's load F_s / cos(psi): the traction's vertical part left "
                "out",
                _TELESCOPIC_HINT, _load_of(telescopic=lambda F, c, psi: F / math.cos(psi))),
    ),
)


# --------------------------------------------------------------------------- sliding stop

#: The book's robot seen from the side: its locked drive wheels ahead of the centre of gravity,
#: its free caster behind it, and the height of the centre of gravity, m.
AHEAD = round(vacuum.robot_cog_behind(_PARAMS), 3)
BEHIND = round(_PARAMS.caster_behind - AHEAD, 3)
COG_HEIGHT = _PARAMS.cog_height


def _locked_deceleration(mu, g, slope, ahead, behind, cog_height, share=None, transfer=1.0,
                         downhill=1.0, cos=np.cos, sin=np.sin):
    """The deceleration of the robot on its locked drive wheels, m/s^2, with the changes of a
    mistake: the drive wheels' ``share(ahead, behind)`` of the weight (behind / (ahead +
    behind) by default), the friction's moment counted ``transfer`` times, the slope's pull
    with the sign ``downhill``, the slope's ``cos`` and ``sin``."""
    share = share or (lambda d, e: e / (d + e))
    lever = ahead + behind
    load_share = share(ahead, behind) * lever / (lever - transfer * mu * cog_height)
    return g * (mu * load_share * cos(slope) - downhill * sin(slope))


def _slope_stop(v0, mu, g, slope, ahead, behind, cog_height, distance=None, **changes):
    """The stopping distance v0^2 / (2 a), inf where the robot cannot stop (a <= 0); a
    mistake may change the deceleration (``changes``) or the ``distance(v0, a)``."""
    v0, slope = np.asarray(v0, dtype=float), np.asarray(slope, dtype=float)
    a = _locked_deceleration(mu, g, slope, ahead, behind, cog_height, **changes)
    with np.errstate(divide="ignore", invalid="ignore"):
        if distance is not None:
            return (distance(v0, a) + 0.0 * v0)[()]
        return np.where(a > 0.0, v0**2 / (2.0 * a), np.inf)[()]


def _sliding_stop_reference(v0, mu, g, slope, ahead, behind, cog_height):
    return _slope_stop(v0, mu, g, slope, ahead, behind, cog_height)


def _sliding_stop_cases(rng) -> list[Case]:
    v, mu_k, mu_s = _PARAMS.drive_speed, _PARAMS.mu_k, _PARAMS.mu_s
    book = (AHEAD, BEHIND, COG_HEIGHT)
    robot = (f"the book's robot (wheels {AHEAD / MM:.0f} mm ahead of the centre of gravity, "
             f"caster {BEHIND / MM:.0f} mm behind it, {COG_HEIGHT / MM:.0f} mm high)")
    fixed = [
        ((v, mu_k, G_EARTH, 0.0, *book), f"{robot} at 0.3 m/s on the level, mu = {mu_k}: "
                                         "about 4.40 mm, the text's check"),
        ((v, mu_k, G_EARTH, 0.1, *book), f"{robot} at 0.3 m/s, 0.1 rad downhill: about "
                                         "4.89 mm, the text's check"),
        ((v, mu_k, G_EARTH, -0.1, *book), f"{robot} at 0.3 m/s, 0.1 rad uphill"),
        ((v, mu_s, G_MOON, 0.05, *book), f"{robot} on the Moon, 0.05 rad downhill, "
                                         f"mu = {mu_s}"),
        ((1.5, 0.4, G_EARTH, 0.35, *book), f"{robot} at 1.5 m/s, mu = 0.4, 0.35 rad "
                                           "downhill: it never stops"),
        ((v, mu_k, G_EARTH, 0.1, 0.06, 0.06, 0.0), "a flat robot (its centre of gravity on the "
                                                   "floor), wheels and caster 60 mm from it, "
                                                   "0.1 rad downhill"),
        ((0.5, 0.8, G_EARTH, 0.15, 0.08, 0.05, 0.03), "wheels 80 mm ahead, caster 50 mm behind, "
                                                      "30 mm high, mu = 0.8, 0.15 rad downhill"),
    ]
    cases = [Case(args, "fixed", about) for args, about in fixed]
    for _ in range(4):
        ahead = rounded_uniform(rng, 0.03, 0.1)
        height = rounded_uniform(rng, 0.01, 0.7 * ahead)
        mu = rounded_uniform(rng, 0.3, min(1.2, 0.8 * ahead / height))
        cases.append(Case((rounded_uniform(rng, 0.05, 1.0), mu,
                           float(rng.choice([G_EARTH, G_MOON])),
                           rounded_uniform(rng, -0.2, 0.2), ahead,
                           rounded_uniform(rng, 0.03, 0.15), height), "seeded random"))
    cases.append(Case((np.linspace(0.0, 0.6, 7), mu_k, G_EARTH, 0.1, *book), "arrays",
                      f"{robot}, seven speeds from 0 to 0.6 m/s, 0.1 rad downhill"))
    cases.append(Case((v, 0.6, G_EARTH, np.round(np.linspace(-0.3, 0.5, 9), 3), *book), "arrays",
                      f"{robot} at 0.3 m/s, mu = 0.6, nine slopes from 0.3 rad uphill to 0.5 "
                      "rad downhill"))
    return cases


def _stop_of(**changes):
    """A sliding stop computed as :func:`_slope_stop` with the changes of a mistake."""
    def sliding_stop(v0, mu, g, slope, ahead, behind, cog_height):
        return _slope_stop(v0, mu, g, slope, ahead, behind, cog_height, **changes)

    return sliding_stop


_ENERGY = ("The friction of the locked wheels, mu N_w, and the slope's pull m g sin(slope) "
           "set a constant deceleration; the robot slides v0^2 / (2 a) until it stands still.")
_PITCH = ("The robot does not pitch: the moments about its centre of gravity balance. The "
          "floor's friction acts cog_height below that centre and turns the robot nose down, "
          "onto the wheels ahead.")

_SLIDING_STOP = Exercise(
    exercise_id="vacuum.sliding_stop",
    description="Distance the robot slides on a slope on its locked drive wheels, their load "
                "shifted by the braking.",
    function_name="sliding_stop",
    arguments=("v0", "mu", "g", "slope", "ahead", "behind", "cog_height"),
    outputs=(Output("distance", Close(rtol=1e-9, atol=1e-12)),),
    reference=_sliding_stop_reference,
    package_references=("robodyn.vacuum.sliding_stop",),
    make_cases=_sliding_stop_cases,
    mistakes=(
        Mistake("the whole weight on the locked wheels: the caster's share brakes too",
                "Only the drive wheels are locked; the caster rolls freely and carries its "
                f"share of the weight without braking. {_PITCH}",
                _stop_of(share=lambda d, e: 1.0 + 0.0 * d, transfer=0.0)),
        Mistake("the wheels' static share of the weight, behind / (ahead + behind): no load "
                "shifted by the braking",
                f"Braking shifts load. {_PITCH}",
                _stop_of(transfer=0.0)),
        Mistake("the load shifted the wrong way: off the wheels ahead",
                f"{_PITCH} The wheels ahead carry more while the robot brakes, not less.",
                _stop_of(transfer=-1.0)),
        Mistake("ahead and behind swapped: the wheels' share ahead / (ahead + behind)",
                "The wheels' load comes from the moments about the centre of gravity: the "
                "caster's lever is behind, the wheels' ahead. The nearer a contact lies to the "
                "centre of gravity, the more it carries.",
                _stop_of(share=lambda d, e: d / (d + e))),
        Mistake("the slope's pull with the wrong sign: downhill helps the robot stop",
                "Downhill (a positive slope), gravity's component along the slope pulls the "
                f"robot on, against the friction. {_ENERGY}",
                _stop_of(downhill=-1.0)),
        Mistake("cos and sin of the slope swapped",
                "The weight's part across the slope, m g cos(slope), presses on the floor; its "
                f"part along it, m g sin(slope), pulls the robot downhill. {_ENERGY}",
                _stop_of(cos=np.sin, sin=np.cos)),
        Mistake("the slope's cos left out of the wheels' load",
                "On a slope the floor carries m g cos(slope), not the whole weight m g.",
                _stop_of(cos=lambda s: 1.0 + 0.0 * s)),
        Mistake("no test for a slope the robot cannot stop on: a negative distance there",
                "If the slope's pull beats the friction the robot never stops: return np.inf "
                "where the deceleration is not positive.",
                _stop_of(distance=lambda v0, a: v0**2 / (2 * a))),
        Mistake("the slope converted from degrees (it is in radians already)",
                "slope comes in radians, as every angle of the exercises: leave out "
                "np.radians.",
                _stop_of(cos=lambda s: np.cos(np.radians(s)),
                         sin=lambda s: np.sin(np.radians(s)))),
        Mistake("the time to stop, not the distance",
                f"v0 / a is in s: the time the robot needs to stop. {_ENERGY}",
                _stop_of(distance=lambda v0, a: np.where(a > 0, v0 / a, np.inf))),
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

#: How far apart the grip's largest angle arctan(mu) and the chamfer's slope lie in every
#: case, rad (0.6 deg): at equality the two branches of the answer meet with a jump of h_c.
_BRANCH_MARGIN = 0.01


def _chamfer_climb(wheel_radius, chamfer, chamfer_angle, mu):
    """The highest step a wheel takes by its grip at a chamfered edge, m (the reference)."""
    mu = np.asarray(mu, dtype=float)
    phi = np.arctan(mu)                             # the largest angle the grip holds
    corner = vacuum.edge_climb_height(wheel_radius, 0.0, mu)    # a sharp corner's
    # the grip holds the chamfer's slope: the wheel meets the lower corner, h_c below the top
    height = np.where(phi > chamfer_angle, chamfer + corner, corner)
    return height[()] if height.ndim == 0 else height


def _edge_climb_reference(wheel_radius, chamfer, chamfer_angle, mu):
    return _chamfer_climb(wheel_radius, chamfer, chamfer_angle, mu)


def _chamfer_case_ok(radius, chamfer, angle, mu) -> bool:
    """A case off the branches' meeting point, its step at least 0.3 mm above the chamfer's
    foot: a step lower than its chamfer has no chamfer of that rise."""
    mu = np.atleast_1d(np.asarray(mu, float))
    phi = np.arctan(mu)
    corner = radius * (1.0 - np.cos(phi))
    return bool(np.all(np.abs(phi - angle) > _BRANCH_MARGIN)
                and np.all(corner > chamfer + 3e-4))


def _edge_climb_cases(rng) -> list[Case]:
    R, mu_s, mu_k = _PARAMS.wheel_radius, _PARAMS.mu_s, _PARAMS.mu_k
    wheel = f"the book's wheel of radius {R / MM:.0f} mm"
    deg45, deg30, deg60, deg20 = 0.785, 0.524, 1.047, 0.349
    fixed = [
        ((R, 0.003, deg45, mu_k), f"{wheel}, a 3 mm chamfer at 45 deg, mu = {mu_k}: about "
                                  "16.8 mm, the text's check"),
        ((R, 0.003, deg45, 0.97), f"{wheel}, a 3 mm chamfer at 45 deg, mu = 0.97: about "
                                  "12.4 mm, the text's check"),
        ((R, 0.003, deg45, mu_s), f"{wheel}, a 3 mm chamfer at 45 deg, the static mu = {mu_s}"),
        ((R, 0.003, deg30, 0.97), f"{wheel}, a 3 mm chamfer at 30 deg, mu = 0.97"),
        ((R, 0.003, deg60, mu_k), f"{wheel}, a 3 mm chamfer at 60 deg, mu = {mu_k}"),
        ((0.036, 0.005, deg45, 1.3), "a wheel of radius 36 mm, a 5 mm chamfer at 45 deg, "
                                     "mu = 1.3"),
        ((0.036, 0.002, deg30, 0.5), "a wheel of radius 36 mm, a 2 mm chamfer at 30 deg, "
                                     "mu = 0.5"),
        ((R, 0.001, deg20, 0.4), f"{wheel}, a shallow 1 mm chamfer at 20 deg, a slippery "
                                 "mu = 0.4"),
        ((R, 0.004, deg60, 3.0), f"{wheel}, a 4 mm chamfer at 60 deg, a grippy mu = 3"),
        ((R, 0.0, deg45, mu_k), f"a sharp edge (chamfer 0), {wheel}, mu = {mu_k}: about "
                                "13.8 mm"),
    ]
    cases = [Case(args, "fixed", about) for args, about in fixed]
    while len(cases) < len(fixed) + 5:
        args = (rounded_uniform(rng, 0.03, 0.06), rounded_uniform(rng, 0.001, 0.005),
                rounded_uniform(rng, 0.35, 1.2), rounded_uniform(rng, 0.5, 1.5))
        if _chamfer_case_ok(*args):
            radius, chamfer, angle, mu = args
            cases.append(Case(args, "seeded random",
                              f"a wheel of radius {radius / MM:.0f} mm, a {chamfer / MM:.0f} "
                              f"mm chamfer at {math.degrees(angle):.0f} deg, mu = {mu}"))
    cases.append(Case((R, 0.003, deg45, np.linspace(0.5, 2.1, 9)), "arrays",
                      f"{wheel}, a 3 mm chamfer at 45 deg, nine mu from 0.5 to 2.1"))
    cases.append(Case((0.036, 0.002, deg30, np.array([0.45, 0.62, 0.8, 1.2])), "arrays",
                      "a wheel of radius 36 mm, a 2 mm chamfer at 30 deg, four mu from 0.45 "
                      "to 1.2"))
    return cases


def _edge_climb_of(angle=np.arctan, cos=np.cos, slope_held=lambda phi, alpha: phi > alpha,
                   rise=lambda c, alpha: c, corner=lambda R, c, cos_phi: R * (1 - cos_phi)):
    """A student's chamfer climb with the changes of a mistake: the grip's largest angle
    ``angle(mu)`` and its ``cos``, the test ``slope_held(phi, alpha)`` of the chamfer's slope,
    the ``rise(c, alpha)`` added when it holds, the sharp corner's height
    ``corner(R, c, cos_phi)``."""
    def edge_climb_height(wheel_radius, chamfer, chamfer_angle, mu):
        phi = angle(np.asarray(mu, float))
        low = corner(wheel_radius, chamfer, cos(phi))
        return np.where(slope_held(phi, chamfer_angle), rise(chamfer, chamfer_angle) + low,
                        low)[()]

    return edge_climb_height


_CONTACTS = ("Where does the wheel, rolling on the floor, first touch the edge: the upper "
             "corner, the chamfer's face or its lower corner? Each contact's normal makes its "
             "own angle with the vertical, and the grip holds only angles up to arctan(mu).")

_EDGE_CLIMB = Exercise(
    exercise_id="vacuum.edge_climb_height",
    description="The highest step a wheel takes from the floor by its grip at a chamfered "
                "edge.",
    function_name="edge_climb_height",
    arguments=("wheel_radius", "chamfer", "chamfer_angle", "mu"),
    outputs=(Output("height", Close(rtol=1e-9, atol=1e-12)),),
    reference=_edge_climb_reference,
    package_references=("robodyn.vacuum.edge_climb_height",),
    make_cases=_edge_climb_cases,
    mistakes=(
        Mistake("the chamfer ignored: the sharp edge's answer R (1 - cos(phi*)) everywhere",
                "The chamfer cuts the corner off: a wheel whose grip holds the chamfer's "
                f"slope meets its lower corner, h_c below the top, and rides up the face. "
                f"{_CONTACTS}",
                _edge_climb_of(slope_held=lambda phi, alpha: np.zeros(np.shape(phi), bool))),
        Mistake("the chamfer's rise h_c always added, whether or not the grip holds its slope",
                "If the grip's largest angle is below the chamfer's slope, the wheel cannot "
                f"ride up the chamfer's face: only the upper corner helps then. {_CONTACTS}",
                _edge_climb_of(slope_held=lambda phi, alpha: np.ones(np.shape(phi), bool))),
        Mistake("the chamfer taken as a fillet of radius h_c: the chapter's (R + h_c)(1 - "
                "cos(phi*))",
                "A chamfer is a straight cut, not an arc: its face has one slope, and the "
                f"wheel meets it at one angle. {_CONTACTS}",
                _edge_climb_of(slope_held=lambda phi, alpha: np.zeros(np.shape(phi), bool),
                               corner=lambda R, c, cos_phi: (R + c) * (1 - cos_phi))),
        Mistake("the test of the chamfer's slope the wrong way round",
                "The wheel rides up the chamfer's face if the grip holds the face's angle, "
                f"that is if arctan(mu) exceeds it. {_CONTACTS}",
                _edge_climb_of(slope_held=lambda phi, alpha: phi < alpha)),
        Mistake("the chamfer's angle taken from the vertical: its face's normal at "
                "pi/2 - alpha",
                "chamfer_angle is the face's slope from the horizontal; its outward normal "
                "makes the same angle with the vertical, and phi is measured from the "
                f"vertical. {_CONTACTS}",
                _edge_climb_of(slope_held=lambda phi, alpha: phi > np.pi / 2 - alpha)),
        Mistake("the chamfer's run h_c / tan(alpha) added for its rise h_c",
                "The lower corner lies the chamfer's rise h_c below the top, whatever the slope: "
                "the step's height is that corner's height plus h_c.",
                _edge_climb_of(rise=lambda c, alpha: c / np.tan(alpha))),
        Mistake("the corner's drop R sin(phi*) where R cos(phi*) belongs",
                "phi is measured from the vertical: a corner's depth below the wheel's centre "
                "is the side of the right triangle next to phi, not the one across from it. "
                + _CONTACTS,
                _edge_climb_of(cos=np.sin)),
        Mistake("mu compared with the chamfer's angle itself, not with its tangent",
                "The grip holds on the chamfer's face if tan(alpha) < mu, that is if arctan(mu) "
                "exceeds alpha: mu is a ratio of forces, not an angle.",
                _edge_climb_of(slope_held=lambda phi, alpha: np.tan(phi) > alpha)),
        Mistake("the chamfer read as its face's length: the lower corner h_c sin(alpha) below "
                "the top",
                "chamfer is the chamfer's rise, the height between its two corners, not the "
                "length of its sloping face.",
                _edge_climb_of(rise=lambda c, alpha: c * np.sin(alpha))),
        Mistake("tan(phi) = 1/mu: the grip's condition solved the wrong way round",
                "The edge pushes the robot back by N sin(phi), the friction forward by at "
                "most mu N cos(phi): the grip holds while tan(phi) < mu.",
                _edge_climb_of(angle=lambda mu: np.arctan(1 / mu))),
        Mistake("phi = mu: the small-angle arctan(mu) ~ mu, far off at mu near 1",
                "The largest angle is where tan(phi) = mu exactly; arctan(mu) ~ mu only for "
                "small mu, and a wheel's mu is about 1.",
                _edge_climb_of(angle=lambda mu: mu)),
        Mistake("the angle in degrees where NumPy expects radians",
                "NumPy's trigonometric functions take and give radians, and chamfer_angle is "
                "in radians: keep arctan(mu) in radians, in the test as in the cosine.",
                _edge_climb_of(angle=lambda mu: np.degrees(np.arctan(mu)))),
        Mistake("the height in mm, not in m",
                "Return SI units: the text's 16.8 mm is 0.0168 m.",
                _edge_climb_of(rise=lambda c, alpha: 1e3 * c,
                               corner=lambda R, c, cos_phi: 1e3 * R * (1 - cos_phi))),
    ),
)


# --------------------------------------------------------------------------- push to climb

#: The book's contact stiffness m g / 0.5 mm, N/m, and a soft edge that sinks millimetres.
BOOK_STIFFNESS = _PARAMS.mass * _PARAMS.g / vacuum.PENETRATION
SOFT_EDGE = 5e3


def _solve_push(wheel_radius, fillet, mu, load, stiffness, height, push_of=None, normal=None,
                overlap=None, height_of=None, clip=True):
    """The push that takes the step, by a root find on the contact angle psi at lift-off:
    the push ``push_of(psi, a, W)`` that puts the grip's limit at psi (a = arctan(mu)), the
    edge's ``normal(P, W, psi)`` and ``overlap(N, W, k)``, the step's ``height_of(R, f, d,
    psi)`` the wheel then takes; zero if the step is taken at the push's lowest angle
    (``clip``; without it, psi from 0 and a negative push below the unpushed limit)."""
    push_of = push_of or (lambda psi, a, W: W * np.tan(psi - a))
    normal = normal or (lambda P, W, psi: P * np.sin(psi) + W * np.cos(psi))
    overlap = overlap or (lambda N, W, k: N / k)
    height_of = height_of or (lambda R, f, d, psi: f + R - (R + f - d) * np.cos(psi))
    a = math.atan(mu)

    def taken(psi, h):
        """The height taken at the contact angle psi, less the step's h."""
        P = push_of(psi, a, load)
        d = 0.0 if stiffness is None else overlap(normal(P, load, psi), load, stiffness)
        return height_of(wheel_radius, fillet, d, psi) - h

    def one(h):
        low = a if clip else 0.0
        if clip and taken(low, h) >= 0.0:
            return 0.0
        psi = brentq(taken, low, math.pi / 2 - 1e-12, args=(h,), xtol=1e-15, rtol=1e-15)
        return float(push_of(psi, a, load))

    heights = np.asarray(height, dtype=float)
    pushes = np.array([one(float(h)) for h in heights.ravel()]).reshape(heights.shape)
    return pushes[()]


def _push_reference(wheel_radius, fillet, mu, load, stiffness, height):
    return _solve_push(wheel_radius, fillet, mu, load, stiffness, height)


def _push_cases(rng) -> list[Case]:
    R, mu_k = _PARAMS.wheel_radius, _PARAMS.mu_k
    book = f"the book's wheel (R = {R / MM:.0f} mm, f = 3 mm, mu = {mu_k}), W = 20 N"
    k_book = round(BOOK_STIFFNESS)
    fixed = [
        ((R, FILLET, mu_k, 20.0, None, 0.024), f"{book}, a rigid edge, a 24 mm step: about "
                                               "5.0 N, the text's check"),
        ((R, FILLET, mu_k, 20.0, SOFT_EDGE, 0.024),
         f"{book}, a soft edge of {SOFT_EDGE:g} N/m, a 24 mm step: about 4.2 N, the text's "
         "check"),
        ((R, FILLET, mu_k, 20.0, k_book, 0.024),
         f"{book}, the book's contact stiffness {k_book} N/m, a 24 mm step"),
        ((R, FILLET, mu_k, 20.0, k_book, 0.019),
         f"{book}, the book's contact stiffness, the thesis's 19 mm step"),
        ((R, FILLET, mu_k, 20.0, k_book, 0.012),
         f"{book}, the book's contact stiffness, a 12 mm step: taken without a push"),
        ((R, FILLET, mu_k, 20.0, 1e4, 0.04),
         f"{book}, k = 1e4 N/m, a 40 mm step: a hard push"),
        ((0.036, 0.0, 0.97, 18.0, 2e4, 0.02),
         "a 36 mm wheel on a sharp edge, mu = 0.97, W = 18 N, k = 2e4 N/m, a 20 mm step"),
        ((R, FILLET, 0.4, 20.0, None, 0.02),
         "a slippery wheel, mu = 0.4, W = 20 N, a rigid edge, a 20 mm step"),
        ((0.03, 0.002, 0.6, 12.0, 3e3, 0.015),
         "a 30 mm wheel, f = 2 mm, mu = 0.6, W = 12 N, a very soft edge of 3000 N/m, a 15 mm "
         "step"),
    ]
    cases = [Case(args, "fixed", about) for args, about in fixed]
    for _ in range(4):
        radius, fillet = rounded_uniform(rng, 0.03, 0.06), rounded_uniform(rng, 0.0, 0.004)
        mu, load = rounded_uniform(rng, 0.5, 1.3), rounded_uniform(rng, 8.0, 30.0)
        stiffness = None if rng.uniform() < 0.25 else float(round(rng.uniform(5e3, 1e5), -2))
        unpushed = vacuum.edge_climb_height(radius, fillet, mu)
        height = rounded_uniform(rng, unpushed + 0.002, 0.8 * radius)
        cases.append(Case((radius, fillet, mu, load, stiffness, height), "seeded random"))
    cases.append(Case((R, FILLET, mu_k, 20.0, k_book, np.linspace(0.01, 0.035, 6)), "arrays",
                      f"{book}, the book's stiffness, six steps from 10 to 35 mm"))
    return cases


def _push_of(**changes):
    """A student's push with the changes of a mistake (see :func:`_solve_push`)."""
    def push_to_climb(wheel_radius, fillet, mu, load, stiffness, height):
        return _solve_push(wheel_radius, fillet, mu, load, stiffness, height, **changes)

    return push_to_climb


def _push_as_ratio(wheel_radius, fillet, mu, load, stiffness, height):
    return _push_reference(wheel_radius, fillet, mu, load, stiffness, height) / load


_BALANCE_AT_LIFT_OFF = ("Balance the forces on the wheel as it leaves the floor: the load W "
                        "down, the push P forward, the edge's N along the line of centres and "
                        "T across it; then ask where T reaches mu N.")
_OVERLAP = ("The edge is a penalty spring: at lift-off it pushes with N and the wheel sinks "
            "N/k into it, so the centres lie R + f - N/k apart. Only a rigid edge (stiffness "
            "None) has no overlap.")

_PUSHED_CLIMB = Exercise(
    exercise_id="vacuum.pushed_climb_height",
    description="The smallest push with which a driven wheel takes a step of a given height, "
                "its contact with the edge a penalty spring.",
    function_name="push_to_climb",
    arguments=("wheel_radius", "fillet", "mu", "load", "stiffness", "height"),
    outputs=(Output("push", Close(rtol=1e-7, atol=1e-9)),),
    reference=_push_reference,
    package_references=("robodyn.vacuum.limits.pushed_edge_climb_height",),
    make_cases=_push_cases,
    mistakes=(
        Mistake("the edge's overlap N/k left out: the rigid edge's push W tan(psi - arctan(mu))",
                "Right for a rigid edge only. " + _OVERLAP + " The overlap depends on the "
                "push, so the angle and the push must be found together.",
                _push_of(overlap=lambda N, W, k: 0.0 * N)),
        Mistake("the overlap from the load W, not from the edge's normal force N",
                "The overlap is the edge's own normal force over k; at lift-off that force is "
                f"not the load. {_BALANCE_AT_LIFT_OFF}",
                _push_of(overlap=lambda N, W, k: W / k)),
        Mistake("the overlap added: the centres R + f + N/k apart",
                "Overlapping, the wheel and the fillet come closer, not farther: their "
                "centres lie R + f less the overlap apart.",
                _push_of(height_of=lambda R, f, d, psi: f + R - (R + f + d) * np.cos(psi))),
        Mistake("the edge's normal force W cos(psi), the push's share P sin(psi) left out",
                "Project both forces the edge carries onto the line of centres: the push "
                "presses the wheel into the edge too. " + _BALANCE_AT_LIFT_OFF,
                _push_of(normal=lambda P, W, psi: W * np.cos(psi))),
        Mistake("the tangents added, tan(psi) = mu + P/W, not the angles",
                "Where T = mu N the tangent of the angle is not the sum of mu and P/W: solve "
                "the balance for tan(psi), or check your relation with P = W = mu = 1.",
                _push_of(push_of=lambda psi, a, W: W * (np.tan(psi) - np.tan(a)))),
        Mistake("a negative push returned for a step the wheel takes without one",
                "If the wheel takes the step unpushed, the smallest push is zero: the robot "
                "need not pull the wheel back. Test the step against the unpushed climb "
                "first.",
                _push_of(clip=False)),
        Mistake("the fillet forgotten, as if the edge were sharp",
                "The wheel meets the rounded edge: the centres lie R + f (less the overlap) "
                "apart, and the fillet's centre lies f below the top.",
                _push_of(height_of=lambda R, f, d, psi: R - (R - d) * np.cos(psi))),
        Mistake("the fillet's centre taken at the step's top, not f below it",
                "The fillet's centre lies f behind the face and f below the top: the step's "
                "height is that centre's height plus f.",
                _push_of(height_of=lambda R, f, d, psi: R - (R + f - d) * np.cos(psi))),
        Mistake("the ratio P/W returned, not the push in N",
                "Return the push itself, in newtons: the ratio P/W times the load.",
                _push_as_ratio),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_STEP_DISTANCE, _WHEEL_LOAD, _BISECT_HEIGHT, _SLIDING_STOP, _EDGE_CLIMB,
             _PUSHED_CLIMB)
