"""Chapter 7's checks against answers as students write them.

Right answers in unusual forms (the sill's distance by sampling its whole profile and refining
with scipy, or the front step's with complex numbers or piece by piece with math, mirrored; the
wheel's load at the edge by a 2 x 2 linear solve, by virtual work or with sympy; the bisection
on a list, recursively, or with its halvings counted in advance; the braking distance on a
slope by a 3 x 3 Newton-Euler solve, by integrating the slide or by the work per metre; the
height a wheel climbs over a chamfer by bisecting the lift-off angle of the geometry, case by
case or with a step function; the push that takes a step by a bisection over a numerical
balance, a fixed point on the overlap or fsolve) must pass. Wrong answers, written here
independently of the mistake models in robodyn/checks/vacuum.py, must be named by the right
mistake; an unlisted slip gets the generic message; answers that raise, return None, the wrong
number of values or the wrong shape get a message that says so.
"""

import cmath
import math

import numpy as np
import pytest
import sympy
from checkcases import assert_generic_failure, summary
from scipy.optimize import brentq, minimize_scalar

from robodyn import vacuum
from robodyn.grading import evaluate, get_exercise

STEP, LOAD, BISECT, STOP = ("vacuum.step_distance", "vacuum.wheel_load", "vacuum.bisect_height",
                            "vacuum.sliding_stop")
CLIMB = "vacuum.edge_climb_height"
PUSH = "vacuum.pushed_climb_height"


def message(exercise_id, answer) -> str:
    """The whole feedback, with the wrapped lines joined again."""
    failure = evaluate(get_exercise(exercise_id), answer).failure
    assert failure is not None, "the answer passed"
    return str(failure).replace("\n    ", " ")


# --------------------------------------------------------------------------- step: right


def _profile(step_x, width, height, fillet, reach=0.2):
    """The sill's profile as pieces (curve, tangent, t0, t1), walked with the air on the
    left: floor, front face, front fillet, top, back fillet, back face, floor."""
    cx, cz, back = step_x + fillet, height - fillet, step_x + width
    bx = back - fillet
    pieces = [
        (lambda t: np.array([t, 0.0]), lambda t: np.array([1.0, 0.0]), step_x - reach, step_x),
        (lambda t: np.array([step_x, t]), lambda t: np.array([0.0, 1.0]), 0.0, cz),
        (lambda t: np.array([cx - fillet * np.cos(t), cz + fillet * np.sin(t)]),
         lambda t: np.array([np.sin(t), np.cos(t)]), 0.0, np.pi / 2),
        (lambda t: np.array([t, height]), lambda t: np.array([1.0, 0.0]), cx, bx),
        (lambda t: np.array([bx + fillet * np.sin(t), cz + fillet * np.cos(t)]),
         lambda t: np.array([np.cos(t), -np.sin(t)]), 0.0, np.pi / 2),
        (lambda t: np.array([back, cz - t]), lambda t: np.array([0.0, -1.0]), 0.0, cz),
        (lambda t: np.array([t, 0.0]), lambda t: np.array([1.0, 0.0]), back, back + reach),
    ]
    return [piece for piece in pieces if fillet > 0 or piece[2:] != (0.0, np.pi / 2)]


def sill_distance_by_sampling(point, step_x, width, height, fillet, n=2001):
    """Nearest sample of a dense profile of the whole sill, refined by scipy; the sign from the
    side of the profile the point lies on (the cross product of the tangent and the gap)."""
    p = np.asarray(point, dtype=float)
    best = None
    for curve, tangent, t0, t1 in _profile(step_x, width, height, fillet):
        ts = np.linspace(t0, t1, n)
        samples = np.array([curve(t) for t in ts])
        k = int(np.argmin(np.hypot(*(samples - p).T)))
        lo, hi = ts[max(k - 1, 0)] - ts[k], ts[min(k + 1, n - 1)] - ts[k]
        found = minimize_scalar(lambda s, t=ts[k], c=curve: float(np.sum((c(t + s) - p) ** 2)),
                                bounds=(lo, hi), method="bounded",
                                options={"xatol": 1e-16, "maxiter": 500})
        t = ts[k] + found.x
        gap = p - curve(t)
        if best is None or np.hypot(*gap) < np.hypot(*best[0]):
            best = (gap, tangent(t))
    gap, along = best
    side = 1.0 if along[0] * gap[1] - along[1] * gap[0] > 0 else -1.0
    distance = float(np.hypot(*gap))
    return side * distance, side * gap / distance


def step_distance_by_sampling(point, step_x, height, fillet):
    """The front step alone: a sill 10 m wide."""
    return sill_distance_by_sampling(point, step_x, 10.0, height, fillet)


def on_a_sill(half):
    """A student's sill from an answer for the front step: a point behind the sill's middle
    is mirrored to the front, and its normal mirrored back."""
    def sill_distance(point, step_x, width, height, fillet):
        x, z = point
        middle = step_x + width / 2
        if x <= middle:
            return half(point, step_x, height, fillet)
        distance, normal = half(np.array([2 * middle - x, z]), step_x, height, fillet)
        return distance, np.array([-normal[0], normal[1]])

    sill_distance.__name__ = half.__name__
    return sill_distance


def _nearest_with_complex_numbers(point, step_x, height, fillet, centre=None):
    """(gap, outward normal of the nearest piece) with points as complex numbers x + i z."""
    p = complex(point[0], point[1])
    c = complex(step_x + fillet, height - fillet) if centre is None else complex(*centre)
    far = 1.0
    candidates = []   # (foot, outward normal there)
    for a, b in ((step_x - far, step_x), (step_x, complex(step_x, c.imag)),
                 (complex(c.real, height), complex(c.real + far, height))):
        a, b = complex(a), complex(b)
        t = min(max(((p - a) * (b - a).conjugate()).real / abs(b - a) ** 2, 0.0), 1.0)
        candidates.append((a + t * (b - a), 1j * (b - a) / abs(b - a)))
    if fillet > 0:
        angle = cmath.phase(p - c)
        ends = [math.pi / 2, math.pi] + ([angle] if math.pi / 2 <= angle <= math.pi else [])
        for theta in ends:
            candidates.append((c + fillet * cmath.exp(1j * theta), cmath.exp(1j * theta)))
    foot, normal = min(candidates, key=lambda candidate: abs(p - candidate[0]))
    return p - foot, normal


def step_distance_with_complex_numbers(point, step_x, height, fillet, centre=None):
    gap, normal = _nearest_with_complex_numbers(point, step_x, height, fillet, centre)
    side = 1.0 if (gap * normal.conjugate()).real > 0 else -1.0
    unit = side * gap / abs(gap)
    return side * abs(gap), np.array([unit.real, unit.imag])


# --------------------------------------------------------------------------- step: wrong


def _by_the_texts_pieces(point, step_x, height, fillet, arc_centre=None, quarter=True,
                         floor_to=None, face_to=None, top_from=None, cut_is_air=True,
                         flip_inside=True, own_normals=False):
    """A student's answer that follows the text line by line: each piece's nearest point
    (clamped to the piece's ends, unless a slip widens it), the nearest of them, then inside
    or not by regions (z < 0, or behind the face and below the top but not in the cut-off
    corner). ``arc_centre`` is where the student put the arc's centre (a typo moves only the
    arc); ``own_normals``: the nearest piece's outward normal returned, wherever the nearest
    point lies on it (a slip at its ends)."""
    x, z = point
    cx, cz = (step_x + fillet, height - fillet) if arc_centre is None else arc_centre
    floor_to = step_x if floor_to is None else floor_to
    face_to = (0.0, height - fillet) if face_to is None else face_to
    top_from = step_x + fillet if top_from is None else top_from
    feet = [(min(x, floor_to), 0.0), (step_x, min(max(z, face_to[0]), face_to[1])),
            (max(x, top_from), height)]
    normals = [(0.0, 1.0), (-1.0, 0.0), (0.0, 1.0)]
    if fillet > 0:
        angle = math.atan2(z - cz, x - cx)
        if quarter and not math.pi / 2 <= angle <= math.pi:
            angles = [math.pi / 2, math.pi]
        else:
            angles = [angle]
        feet += [(cx + fillet * math.cos(a), cz + fillet * math.sin(a)) for a in angles]
        normals += [(math.cos(a), math.sin(a)) for a in angles]
    nearest = min(range(len(feet)), key=lambda k: math.dist(point, feet[k]))
    foot = feet[nearest]
    distance = math.dist(point, foot)
    unit = np.array([x - foot[0], z - foot[1]]) / distance
    corner_air = x < step_x + fillet and z > height - fillet and math.hypot(
        x - cx, z - cz) > fillet and cut_is_air
    inside = z < 0 or (step_x < x and z < height and not corner_air)
    if own_normals:
        return (-distance if inside else distance), np.array(normals[nearest])
    if inside:
        return -distance, -unit if flip_inside else unit
    return distance, unit


def fillet_centred_on_the_face(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet,
                                arc_centre=(step_x, height - fillet))


def fillet_centred_in_front_of_the_face(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet,
                                arc_centre=(step_x - fillet, height - fillet))


def fillet_whole_circle(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet, quarter=False)


def face_as_a_line(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet, face_to=(-1.0, 1.0))


def floor_as_a_line(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet, floor_to=1.0)


def top_as_a_line(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet, top_from=-1.0)


def corner_counted_as_step(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet, cut_is_air=False)


def inside_normal_into_the_step(point, step_x, height, fillet):
    return _by_the_texts_pieces(point, step_x, height, fillet, flip_inside=False)


def face_reaching_the_top(point, step_x, height, fillet):
    """Segments projected with numpy; the face drawn from the floor up to the top, as on the
    sharp step, under the fillet too."""
    p = np.asarray(point, dtype=float)

    def on_segment(a, b):
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        t = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0.0, 1.0)
        return a + t * (b - a)

    centre = np.array([step_x + fillet, height - fillet])
    feet = [on_segment((step_x - 1.0, 0.0), (step_x, 0.0)),
            on_segment((step_x, 0.0), (step_x, height)),
            on_segment((step_x + fillet, height), (step_x + 1.0, height))]
    if fillet > 0:
        angle = math.atan2(p[1] - centre[1], p[0] - centre[0])
        for a in ([angle] if np.pi / 2 <= angle <= np.pi else [np.pi / 2, np.pi]):
            feet.append(centre + fillet * np.array([np.cos(a), np.sin(a)]))
    foot = min(feet, key=lambda f: np.linalg.norm(p - f))
    gap = p - foot
    d = np.linalg.norm(gap)
    x, z = p
    in_the_cut = (x < centre[0] and z > centre[1] and np.linalg.norm(p - centre) > fillet)
    inside = z < 0 or (x > step_x and z < height and not in_the_cut)
    return (-d, -gap / d) if inside else (d, gap / d)


def fillet_centred_on_the_corner(point, step_x, height, fillet):
    return step_distance_with_complex_numbers(point, step_x, height, fillet,
                                              centre=(step_x, height))


def sharp_step(point, step_x, height, fillet):
    """Distance to the floor, the face and the top only, as if the edge were not rounded."""
    x, z = point
    inside = z < 0 or (x > step_x and z < height)
    feet = [np.array([min(x, step_x), 0.0]), np.array([step_x, np.clip(z, 0.0, height)]),
            np.array([max(x, step_x), height])]
    gap = min((np.asarray(point) - foot for foot in feet), key=np.linalg.norm)
    d = np.linalg.norm(gap)
    return (-d, -gap / d) if inside else (d, gap / d)


def normal_not_normalised(point, step_x, height, fillet):
    gap, normal = _nearest_with_complex_numbers(point, step_x, height, fillet)
    side = 1.0 if (gap * normal.conjugate()).real > 0 else -1.0
    return side * abs(gap), np.array([side * gap.real, side * gap.imag])


def normal_is_the_gap(point, step_x, height, fillet):
    gap, normal = _nearest_with_complex_numbers(point, step_x, height, fillet)
    side = 1.0 if (gap * normal.conjugate()).real > 0 else -1.0
    return side * abs(gap), np.array([gap.real, gap.imag])


def normal_inward(point, step_x, height, fillet):
    distance, normal = step_distance_by_sampling(point, step_x, height, fillet)
    return distance, -normal


def distance_positive_inside(point, step_x, height, fillet):
    distance, normal = step_distance_with_complex_numbers(point, step_x, height, fillet)
    return -distance, normal


def distance_unsigned(point, step_x, height, fillet):
    distance, normal = step_distance_with_complex_numbers(point, step_x, height, fillet)
    return abs(distance), normal


def normal_of_the_nearest_piece(point, step_x, height, fillet):
    """The nearest piece's own outward normal, even where the nearest point is its end."""
    return _by_the_texts_pieces(point, step_x, height, fillet, own_normals=True)


def distance_without_inside_test(point, step_x, height, fillet):
    gap, _ = _nearest_with_complex_numbers(point, step_x, height, fillet)
    return abs(gap), np.array([gap.real, gap.imag]) / abs(gap)


def sill_as_the_step(point, step_x, width, height, fillet):
    """The text's four pieces of the front only: the top runs on past the back."""
    return _by_the_texts_pieces(point, step_x, height, fillet)


def sill_normal_not_mirrored(point, step_x, width, height, fillet):
    """Mirrored to the front for the distance, the front's normal returned as it is."""
    x, z = point
    middle = step_x + width / 2
    return _by_the_texts_pieces(np.array([min(x, 2 * middle - x), z]), step_x, height, fillet)


def sill_air_behind_as_solid(point, step_x, width, height, fillet):
    """All seven pieces sampled, but inside wherever x > step_x and z < height."""
    distance, normal = sill_distance_by_sampling(point, step_x, width, height, fillet)
    x, z = point
    if x > step_x + width and 0 < z < height:
        return -abs(distance), -normal if distance > 0 else normal
    return distance, normal


# --------------------------------------------------------------------------- wheel load


def _edge_geometry(arm_length, arm_angle, wheel_radius, contact_angle, variant):
    """The contact's place from the pivot and the unit directions of N and T, as vectors."""
    side = 1.0 if variant == "leading" else -1.0
    axle = np.array([side * arm_length * math.cos(arm_angle), -arm_length * math.sin(arm_angle)])
    contact = axle + wheel_radius * np.array([math.sin(contact_angle), -math.cos(contact_angle)])
    return side, contact, (axle - contact) / wheel_radius


def wheel_load_by_linear_solve(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                               traction, contact_angle, variant):
    """The edge's force as (F_x, F_z) = (T cos psi - N sin psi, N cos psi + T sin psi) with
    T = c N, its moment about the pivot against the spring's; a 2 x 2 solve of (N, T)."""
    if variant == "telescopic":
        A = np.array([[math.cos(contact_angle), math.sin(contact_angle)], [-traction, 1.0]])
        return float(np.linalg.solve(A, [spring_force, 0.0])[0])
    side, contact, inward = _edge_geometry(arm_length, arm_angle, wheel_radius, contact_angle,
                                           variant)
    rim = np.array([inward[1], -inward[0]])           # across the line, up the rim
    lever_n = contact[0] * inward[1] - contact[1] * inward[0]
    lever_t = contact[0] * rim[1] - contact[1] * rim[0]
    A = np.array([[lever_n, lever_t], [-traction, 1.0]])
    return float(np.linalg.solve(A, [side * spring_force * spring_lever, 0.0])[0])


def wheel_load_by_virtual_work(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                               traction, contact_angle, variant):
    """A small turn of arm and wheel as one body about the pivot: the contact point's
    displacement (by rotation matrices, a central difference) times the edge's force does the
    spring's work."""
    if variant == "telescopic":
        return spring_force / (math.cos(contact_angle) + traction * math.sin(contact_angle))
    side, contact, _ = _edge_geometry(arm_length, arm_angle, wheel_radius, contact_angle,
                                      variant)

    def turned(angle):               # the contact turned by `angle` anticlockwise
        return np.array([[math.cos(angle), -math.sin(angle)],
                         [math.sin(angle), math.cos(angle)]]) @ contact

    h = 1e-6
    velocity = (turned(h) - turned(-h)) / (2 * h)
    direction = (np.array([-math.sin(contact_angle), math.cos(contact_angle)])
                 + traction * np.array([math.cos(contact_angle), math.sin(contact_angle)]))
    return side * spring_force * spring_lever / float(velocity @ direction)


def wheel_load_with_sympy(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, contact_angle, variant):
    """The moment balance about the pivot solved for N by sympy."""
    N = sympy.Symbol("N")
    psi = contact_angle
    if variant == "telescopic":
        balance = N * sympy.cos(psi) + traction * N * sympy.sin(psi) - spring_force
        return float(sympy.solve(balance, N)[0])
    s = 1 if variant == "leading" else -1
    x = s * arm_length * sympy.cos(arm_angle) + wheel_radius * sympy.sin(psi)
    z = -arm_length * sympy.sin(arm_angle) - wheel_radius * sympy.cos(psi)
    fx = -N * sympy.sin(psi) + traction * N * sympy.cos(psi)
    fz = N * sympy.cos(psi) + traction * N * sympy.sin(psi)
    balance = x * fz - z * fx - s * spring_force * spring_lever
    return float(sympy.solve(balance, N)[0])


def _student_load(F, b, a, phi, R, c, psi, variant, *, tilt=None, radius=1.0, traction=True,
                  lever=True, trig=(math.cos, math.sin), degrees=False, swap=False,
                  telescopic=None):
    if degrees:
        phi, psi = math.radians(phi), math.radians(psi)
    cos, sin = trig
    c = c if traction else 0.0
    if variant == "telescopic":
        return telescopic(F, c, psi) if telescopic else F / (cos(psi) + c * sin(psi))
    s = 1.0 if (variant == "leading") != swap else -1.0
    angle = phi + s * psi if tilt is None else tilt(phi, psi, s)
    return F * (b if lever else 1.0) / (a * cos(angle) + s * c * (a * sin(angle)
                                                                  + radius * R))


def load_on_the_floor(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, tilt=lambda phi, psi, s: phi)


def load_trailing_tilt_added(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, tilt=lambda phi, psi, s: phi + psi)


def load_leading_tilt_subtracted(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant,
                         tilt=lambda phi, psi, s: phi - s * psi)


def load_variants_swapped(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, swap=True)


def load_without_radius(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, radius=0.0)


def load_with_the_diameter(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, radius=2.0)


def load_without_traction(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, traction=False)


def load_without_lever(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, lever=False)


def load_sin_cos_swapped(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, trig=(math.sin, math.cos))


def load_with_the_angles_in_degrees(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, degrees=True)


def load_telescopic_as_on_the_floor(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant, telescopic=lambda F, c, psi: F)


def load_telescopic_without_traction(F, b, a, phi, R, c, psi, variant):
    return _student_load(F, b, a, phi, R, c, psi, variant,
                         telescopic=lambda F, c, psi: F / math.cos(psi))


def load_as_on_the_floor_everywhere(F, b, a, phi, R, c, psi, variant):
    """The chapter's formula for every unit, the telescopic one's N = F_s too."""
    return _student_load(F, b, a, phi, R, c, psi, variant, tilt=lambda phi, psi, s: phi,
                         telescopic=lambda F, c, psi: F)


def load_traction_pointing_back(F, b, a, phi, R, c, psi, variant):
    """T taken down the rim, against the drive: the right balance with -c."""
    return wheel_load_by_linear_solve(F, b, a, phi, R, -c, psi, variant)


def _load_with_moments(F, b, a, phi, R, c, psi, variant, contact, force):
    """N from the moments about the pivot, the contact ``contact`` from the axle and the
    edge's force per newton of N ``force``."""
    if variant == "telescopic":
        return F / force[1]
    s = 1.0 if variant == "leading" else -1.0
    x = s * a * math.cos(phi) + contact[0]
    z = -a * math.sin(phi) + contact[1]
    return s * F * b / (x * force[1] - z * force[0])


def _edge_force(psi, c):
    return (-math.sin(psi) + c * math.cos(psi), math.cos(psi) + c * math.sin(psi))


def load_contact_behind_the_axle(F, b, a, phi, R, c, psi, variant):
    return _load_with_moments(F, b, a, phi, R, c, psi, variant,
                              (-R * math.sin(psi), -R * math.cos(psi)), _edge_force(psi, c))


def load_forces_upright(F, b, a, phi, R, c, psi, variant):
    """The contact moved on the rim, but N straight up and T forward, as on the floor."""
    return _load_with_moments(F, b, a, phi, R, c, psi, variant,
                              (R * math.sin(psi), -R * math.cos(psi)), (c, 1.0))


def load_contact_level_with_the_axle(F, b, a, phi, R, c, psi, variant):
    return _load_with_moments(F, b, a, phi, R, c, psi, variant, (R * math.sin(psi), 0.0),
                              _edge_force(psi, c))


# --------------------------------------------------------------------------- bisection


def bisect_on_a_list(climbs, low, high, tol):
    bracket = [low, high]
    while bracket[1] - bracket[0] > tol:
        middle = sum(bracket) / 2
        bracket[0 if climbs(middle) else 1] = middle
    return bracket[0]


def bisect_with_counted_halvings(climbs, low, high, tol):
    """Checks the bracket first, then halves as often as the bracket needs to shrink to tol."""
    if not climbs(low) or climbs(high):
        raise ValueError("the bracket does not hold the highest climbed step")
    for _ in range(math.ceil(math.log2((high - low) / tol))):
        middle = (low + high) / 2
        low, high = (middle, high) if climbs(middle) else (low, middle)
    return low


def bisect_asking_twice(climbs, low, high, tol):
    """A wasteful but acceptable bisection: it asks about the middle twice."""
    while high - low > tol:
        middle = (low + high) / 2
        if climbs(middle):
            low = middle
        if not climbs(middle):
            high = middle
    return low


def bisect_recursively(climbs, low, high, tol):
    if high - low <= tol:
        return low
    middle = low + (high - low) / 2
    if climbs(middle):
        return bisect_recursively(climbs, middle, high, tol)
    return bisect_recursively(climbs, low, middle, tol)


def bisect_returning_high(climbs, low, high, tol):
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return high


def bisect_returning_the_middle(climbs, low, high, tol):
    lo, hi = low, high
    while hi - lo > tol:
        mid = lo + (hi - lo) / 2
        lo, hi = (mid, hi) if climbs(mid) else (lo, mid)
    return (lo + hi) / 2


def bisect_hundred_times(climbs, low, high, tol):
    for _ in range(100):
        mid = 0.5 * (low + high)
        if climbs(mid):
            low = mid
        else:
            high = mid
    return low


def bisect_ten_times(climbs, low, high, tol):
    for _ in range(10):
        middle = (low + high) / 2
        low, high = (middle, high) if climbs(middle) else (low, middle)
    return low


def bisect_with_a_halved_test(climbs, low, high, tol):
    while (high - low) / 2 > tol:
        mid = (high + low) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return low


def bisect_moving_the_wrong_end(climbs, low, high, tol):
    while high - low > tol:
        mid = (high + low) / 2
        if climbs(mid):
            high = mid
        else:
            low = mid
    return low


def bisect_checking_the_bracket_each_time(climbs, low, high, tol):
    while high - low > tol:
        assert climbs(low) and not climbs(high), "the bracket is lost"
        mid = (high + low) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return low


def bisect_returning_the_last_guess(climbs, low, high, tol):
    guess = low
    while high - low > tol:
        guess = 0.5 * (low + high)
        if climbs(guess):
            low = guess
        else:
            high = guess
    return guess


def bisect_in_millimetres(climbs, low, high, tol):
    """A right bisection that reports its height in mm, as the text's worked example does."""
    lo, hi = low, high
    while hi - lo > tol:
        mid = (lo + hi) / 2
        if climbs(mid):
            lo = mid
        else:
            hi = mid
    height_mm = lo * 1000
    return height_mm


def scan_the_heights(climbs, low, high, tol):
    heights = np.arange(low, high, tol)
    for below, height in zip(heights[:-1], heights[1:], strict=True):
        if not climbs(height):
            return float(below)
    return float(heights[-1])


# --------------------------------------------------------------------------- sliding stop


def stop_by_linear_solve(v0, mu, g, slope, ahead, behind, cog_height):
    """Newton-Euler per unit mass as a 3 x 3 linear system for (N_w, N_c, a): along the
    slope, across it, and the moments about the centre of gravity; then v0^2 / (2 a)."""
    def one(v, s):
        A = np.array([[mu, 0.0, -1.0],                       # mu N_w - a = g sin(s)
                      [1.0, 1.0, 0.0],                       # N_w + N_c = g cos(s)
                      [ahead - mu * cog_height, -behind, 0.0]])   # no pitch
        _, _, a = np.linalg.solve(A, [g * math.sin(s), g * math.cos(s), 0.0])
        return v * v / (2 * a) if a > 0 else math.inf

    return np.vectorize(one, otypes=[float])(v0, slope)[()]


def stop_by_integrating_the_slide(v0, mu, g, slope, ahead, behind, cog_height):
    """solve_ivp of the slide (x, v) until v = 0, the wheels' load from the moment balance
    about the contact of the caster."""
    from scipy.integrate import solve_ivp

    def one(v, s):
        # moments about the caster's contact: N_w (ahead + behind) = m g cos(s) behind
        #   + friction's moment mu N_w H: N_w = g cos(s) behind / (d + e - mu H) per kg
        load = g * math.cos(s) * behind / (ahead + behind - mu * cog_height)
        a = mu * load - g * math.sin(s)
        if a <= 0:
            return math.inf
        if v == 0:
            return 0.0
        stop = lambda t, y: y[1]                            # noqa: E731
        stop.terminal = True
        run = solve_ivp(lambda t, y: [y[1], -a], (0.0, 10 * v / a + 1), [0.0, v],
                        events=stop, rtol=1e-12, atol=1e-15)
        return float(run.y_events[0][0][0])

    return np.vectorize(one, otypes=[float])(v0, slope)[()]


def stop_by_energy_per_metre(v0, mu, g, slope, ahead, behind, cog_height):
    """The work per metre of friction less the slope's, against the kinetic energy; math
    per element with np.frompyfunc."""
    def one(v, s):
        caster = (ahead - mu * cog_height) / behind       # N_c / N_w
        wheels = g * math.cos(s) / (1 + caster)           # N_w per kg
        net = mu * wheels - g * math.sin(s)               # J per kg and metre
        return 0.5 * v**2 / net if net > 0 else math.inf

    return np.asarray(np.frompyfunc(one, 2, 1)(v0, slope), dtype=float)[()]


def _stop(v0, mu, g, slope, d, e, H, share=None, pitch=1.0, cos=np.cos, sin=np.sin,
          downhill=1.0, last=None):
    v0, slope = np.asarray(v0, float), np.asarray(slope, float)
    share = e / (d + e - pitch * mu * H) if share is None else share
    a = g * (mu * share * cos(slope) - downhill * sin(slope))
    with np.errstate(divide="ignore"):
        if last is not None:
            return last(v0, a)[()]
        return np.where(a > 0, v0**2 / (2 * a), np.inf)[()]


def stop_on_all_wheels(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, share=1.0)


def stop_static_share(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, pitch=0.0)


def stop_shift_backwards(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, pitch=-1.0)


def stop_levers_swapped(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, share=d / (d + e - mu * H))


def stop_slope_helps(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, downhill=-1.0)


def stop_sin_cos_swapped(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, cos=np.sin, sin=np.cos)


def stop_without_cos(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, cos=lambda s: 1.0)


def stop_never_infinite(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H, last=lambda v0, a: v0**2 / (2 * a))


def stop_with_radians_of_degrees(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, np.radians(slope), d, e, H)


def stop_time(v0, mu, g, slope, d, e, H):
    return _stop(v0, mu, g, slope, d, e, H,
                 last=lambda v0, a: np.where(a > 0, v0 / a, np.inf))


# --------------------------------------------------------------------------- edge climb


def _chamfered_edge(height, chamfer, chamfer_angle):
    """The step's edge as segments (a, b), its face at x = 0: the face up to the chamfer, the
    chamfer, a stretch of the top."""
    run = chamfer / math.tan(chamfer_angle) if chamfer > 0 else 0.0
    lower, upper = np.array([0.0, height - chamfer]), np.array([run, height])
    return [(np.array([0.0, 0.0]), lower), (lower, upper), (upper, upper + [1.0, 0.0])]


def _nearest_on_edge(centre, segments):
    """The point of the segments nearest to ``centre``."""
    best = None
    for a, b in segments:
        d = b - a
        t = 0.0 if not np.any(d) else float(np.clip(np.dot(centre - a, d) / np.dot(d, d), 0, 1))
        foot = a + t * d
        if best is None or np.hypot(*(centre - foot)) < np.hypot(*(centre - best)):
            best = foot
    return best


def contact_angle(wheel_radius, height, chamfer, chamfer_angle, centre_height):
    """The angle from the vertical of the edge's push on a wheel whose centre, at
    ``centre_height``, has rolled up against the chamfered edge: the wheel's x by a root find
    of its distance to the edge, the angle from the nearest point to the centre."""
    segments = _chamfered_edge(height, chamfer, chamfer_angle)

    def clearance(x):
        centre = np.array([x, centre_height])
        return float(np.hypot(*(centre - _nearest_on_edge(centre, segments)))) - wheel_radius

    run = float(segments[1][1][0])
    x = brentq(clearance, -2.0 * wheel_radius, run, xtol=1e-15, rtol=1e-15)
    gap = np.array([x, centre_height]) - _nearest_on_edge(np.array([x, centre_height]), segments)
    return math.atan2(-gap[0], gap[1])


def climb_by_bisecting_the_lift_off_angle(wheel_radius, chamfer, chamfer_angle, mu):
    """The angle at lift-off (the wheel's centre at R) rises with the step's height: bisect
    the height for the angle arctan(mu), from the geometry by root finds, for each mu."""
    def highest(m):
        low, high = max(chamfer, 1e-9), wheel_radius
        while high - low > 1e-14:
            middle = 0.5 * (low + high)
            angle = contact_angle(wheel_radius, middle, chamfer, chamfer_angle, wheel_radius)
            low, high = (middle, high) if angle < math.atan(m) else (low, middle)
        return low

    heights = [highest(m) for m in np.atleast_1d(mu).tolist()]
    return heights[0] if np.ndim(mu) == 0 else np.array(heights)


def climb_case_by_case(wheel_radius, chamfer, chamfer_angle, mu):
    """Per mu with math, an if on the contact: the lower corner if the grip holds the slope."""
    def one(m):
        cos_phi = 1 / math.sqrt(1 + m * m)
        if m > math.tan(chamfer_angle):
            return chamfer + wheel_radius * (1 - cos_phi)
        return wheel_radius - wheel_radius * cos_phi

    return np.vectorize(one, otypes=[float])(mu)[()]


def climb_with_a_step_function(wheel_radius, chamfer, chamfer_angle, mu):
    """The sharp corner's height plus c times the Heaviside step of mu - tan(alpha)."""
    mu = np.asarray(mu, dtype=float)
    corner = wheel_radius * (1 - 1 / np.sqrt(1 + mu**2))
    return corner + chamfer * np.heaviside(mu - np.tan(chamfer_angle), 0.0)


def climb_chamfer_ignored(wheel_radius, chamfer, chamfer_angle, mu):
    return wheel_radius * (1 - np.cos(np.arctan(mu)))


def climb_rise_always_added(wheel_radius, chamfer, chamfer_angle, mu):
    return chamfer + wheel_radius * (1 - 1 / np.sqrt(1 + np.square(mu)))


def climb_as_a_fillet(wheel_radius, chamfer, chamfer_angle, mu):
    """The chapter's formula with the chamfer for the fillet."""
    return (wheel_radius + chamfer) * (1 - 1 / np.sqrt(1 + np.square(mu)))


def climb_test_reversed(wheel_radius, chamfer, chamfer_angle, mu):
    corner = wheel_radius * (1 - np.cos(np.arctan(mu)))
    return np.where(np.arctan(mu) < chamfer_angle, corner + chamfer, corner)


def climb_slope_from_the_vertical(wheel_radius, chamfer, chamfer_angle, mu):
    corner = wheel_radius * (1 - np.cos(np.arctan(mu)))
    normal_angle = np.pi / 2 - chamfer_angle
    return np.where(np.arctan(mu) > normal_angle, corner + chamfer, corner)


def climb_run_for_rise(wheel_radius, chamfer, chamfer_angle, mu):
    corner = wheel_radius * (1 - np.cos(np.arctan(mu)))
    run = chamfer / np.tan(chamfer_angle)
    return np.where(np.arctan(mu) > chamfer_angle, corner + run, corner)


def climb_one_over_mu(wheel_radius, chamfer, chamfer_angle, mu):
    phi = np.arctan(1 / np.asarray(mu, dtype=float))
    corner = wheel_radius * (1 - np.cos(phi))
    return np.where(phi > chamfer_angle, corner + chamfer, corner)


def climb_small_angle(wheel_radius, chamfer, chamfer_angle, mu):
    phi = np.asarray(mu, dtype=float)          # arctan(mu) ~ mu
    return np.where(phi > chamfer_angle, chamfer, 0.0) + wheel_radius * (1 - np.cos(phi))


def climb_in_degrees(wheel_radius, chamfer, chamfer_angle, mu):
    phi = np.degrees(np.arctan(mu))      # the limit angle, to look at in degrees
    corner = wheel_radius * (1 - np.cos(phi))
    return np.where(phi > chamfer_angle, corner + chamfer, corner)


def climb_sin_for_cos(wheel_radius, chamfer, chamfer_angle, mu):
    phi = np.arctan(mu)
    corner = wheel_radius * (1 - np.sin(phi))
    return np.where(phi > chamfer_angle, corner + chamfer, corner)


def climb_mu_against_the_angle(wheel_radius, chamfer, chamfer_angle, mu):
    corner = wheel_radius * (1 - np.cos(np.arctan(mu)))
    return np.where(np.asarray(mu) > chamfer_angle, corner + chamfer, corner)


def climb_chamfer_as_its_face(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer read as the length of its face: its rise chamfer sin(alpha)."""
    corner = wheel_radius * (1 - 1 / np.sqrt(1 + np.square(mu)))
    return np.where(np.arctan(mu) > chamfer_angle, corner + chamfer * np.sin(chamfer_angle),
                    corner)


def climb_in_millimetres(wheel_radius, chamfer, chamfer_angle, mu):
    return 1e3 * climb_case_by_case(wheel_radius, chamfer, chamfer_angle, mu)


# --------------------------------------------------------------------------- the tests


# --------------------------------------------------------------------------- push to climb


def _lift_off_height(R, f, mu, P, W, k):
    """The highest step the wheel takes with the push P, from the balance at lift-off solved
    numerically: the largest psi at which the friction T needed stays within mu N, by a root
    find on T - mu N (N and T from a 2 x 2 solve of the forces along and across the line of
    centres), then the height from the overlap N/k."""
    def spare_grip(psi):
        along, across = np.array([-np.sin(psi), np.cos(psi)]), np.array([np.cos(psi),
                                                                          np.sin(psi)])
        # N along + T across + (P, -W) = 0, solved for (N, T)
        N, T = np.linalg.solve(np.column_stack([along, across]), -np.array([P, -W]))
        return T - mu * N, N

    psi = brentq(lambda psi: spare_grip(psi)[0], 0.0, math.pi / 2 - 1e-9, xtol=1e-15,
                 rtol=1e-15)
    N = spare_grip(psi)[1]
    sink = 0.0 if k is None else N / k
    return f + R - (R + f - sink) * math.cos(psi)


def push_by_bisection_on_the_push(wheel_radius, fillet, mu, load, stiffness, height):
    """A bisection on P of the height taken (from the numerical balance), for each step."""
    def one(h):
        if _lift_off_height(wheel_radius, fillet, mu, 0.0, load, stiffness) >= h:
            return 0.0
        low, high = 0.0, load / mu
        while high - low > 1e-11:
            middle = 0.5 * (low + high)
            taken = _lift_off_height(wheel_radius, fillet, mu, middle, load, stiffness)
            low, high = (middle, high) if taken < h else (low, middle)
        return 0.5 * (low + high)

    pushes = [one(h) for h in np.atleast_1d(height).tolist()]
    return pushes[0] if np.ndim(height) == 0 else np.array(pushes)


def push_by_fixed_point_on_the_overlap(wheel_radius, fillet, mu, load, stiffness, height):
    """Iterate on the overlap: guess delta, the angle from the geometry, the push from the
    angle, N and a new delta; a rigid edge needs one pass."""
    a = math.atan(mu)

    def one(h):
        delta = 0.0
        for _ in range(200):
            reach = wheel_radius + fillet - delta
            psi = math.acos((wheel_radius + fillet - h) / reach)
            push = load * math.tan(psi - a)
            normal = push * math.sin(psi) + load * math.cos(psi)
            new = 0.0 if stiffness is None else normal / stiffness
            if abs(new - delta) < 1e-17:
                break
            delta = new
        return max(push, 0.0)

    return np.vectorize(one, otypes=[float])(height)[()]


def push_with_fsolve(wheel_radius, fillet, mu, load, stiffness, height):
    """scipy's fsolve on (P, psi) together: the grip's limit and the height's geometry."""
    from scipy.optimize import fsolve

    k = math.inf if stiffness is None else stiffness

    def equations(x, h):
        P, psi = x
        N = P * math.sin(psi) + load * math.cos(psi)
        T = load * math.sin(psi) - P * math.cos(psi)
        return [T - mu * N, fillet + wheel_radius - (wheel_radius + fillet - N / k)
                * math.cos(psi) - h]

    def one(h):
        P, _ = fsolve(equations, [load / 4, math.atan(mu) + 0.2], args=(h,), xtol=1e-13)
        return max(P, 0.0)

    return np.vectorize(one, otypes=[float])(height)[()]


def _push_student(wheel_radius, fillet, mu, load, stiffness, height, *, push_of=None,
                  normal=None, sink=None, reach=None, add_fillet=True, clip=True):
    """A student's root find over psi with the changes of a slip."""
    push_of = push_of or (lambda psi, mu, W: W * np.tan(psi - np.arctan(mu)))
    normal = normal or (lambda P, W, psi: P * np.sin(psi) + W * np.cos(psi))
    sink = sink or (lambda N, W, k: N / k)
    reach = reach or (lambda R, f, d: R + f - d)

    def taken(psi):
        P = push_of(psi, mu, load)
        d = 0.0 if stiffness is None else sink(normal(P, load, psi), load, stiffness)
        return ((fillet if add_fillet else 0.0) + wheel_radius
                - reach(wheel_radius, fillet, d) * np.cos(psi))

    def one(h):
        start = np.arctan(mu) if clip else 0.0
        if clip and taken(start) >= h:
            return 0.0
        psi = brentq(lambda psi: taken(psi) - h, start, np.pi / 2, xtol=1e-15)
        return push_of(psi, mu, load)

    return np.vectorize(one, otypes=[float])(height)[()]


def push_rigid_always(R, f, mu, load, stiffness, height):
    """The rigid edge's closed form, W tan(psi - arctan(mu)), whatever k."""
    psi = np.arccos((R + f - np.asarray(height)) / (R + f))
    return np.maximum(load * np.tan(psi - np.arctan(mu)), 0.0)


def push_overlap_from_the_load(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height, sink=lambda N, W, k: W / k)


def push_overlap_added(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height, reach=lambda R, f, d: R + f + d)


def push_normal_from_the_load_only(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height,
                         normal=lambda P, W, psi: W * np.cos(psi))


def push_tangents_added(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height,
                         push_of=lambda psi, mu, W: W * (np.tan(psi) - mu))


def push_negative_below_the_limit(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height, clip=False)


def push_sharp_edge(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height, reach=lambda R, f, d: R - d,
                         add_fillet=False)


def push_fillet_centre_on_the_top(R, f, mu, load, stiffness, height):
    return _push_student(R, f, mu, load, stiffness, height, add_fillet=False)


def push_as_a_ratio(R, f, mu, load, stiffness, height):
    return push_by_fixed_point_on_the_overlap(R, f, mu, load, stiffness, height) / load


RIGHT = [
    (STEP, sill_distance_by_sampling),
    (STEP, on_a_sill(step_distance_with_complex_numbers)),
    (STEP, on_a_sill(_by_the_texts_pieces)),
    (LOAD, wheel_load_by_linear_solve),
    (LOAD, wheel_load_by_virtual_work),
    (LOAD, wheel_load_with_sympy),
    (BISECT, bisect_on_a_list),
    (BISECT, bisect_with_counted_halvings),
    (BISECT, bisect_asking_twice),
    (BISECT, bisect_recursively),
    (STOP, stop_by_linear_solve),
    (STOP, stop_by_integrating_the_slide),
    (STOP, stop_by_energy_per_metre),
    (CLIMB, climb_by_bisecting_the_lift_off_angle),
    (CLIMB, climb_case_by_case),
    (CLIMB, climb_with_a_step_function),
    (PUSH, push_by_bisection_on_the_push),
    (PUSH, push_by_fixed_point_on_the_overlap),
    (PUSH, push_with_fsolve),
]


@pytest.mark.parametrize(("exercise_id", "answer"), RIGHT,
                         ids=[getattr(a, "__name__", "vectorized") for _, a in RIGHT])
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Right answers written in other ways than the reference pass."""
    assert summary(exercise_id, answer) == "passed"


STUDENTS = [
    (STEP, on_a_sill(fillet_centred_on_the_face), "centre at (step_x, height - fillet)"),
    (STEP, on_a_sill(fillet_centred_in_front_of_the_face), "centre at (step_x - fillet"),
    (STEP, on_a_sill(fillet_centred_on_the_corner), "centred on the step's corner"),
    (STEP, on_a_sill(sharp_step), "the fillet ignored"),
    (STEP, on_a_sill(normal_not_normalised), "not of unit length: the gap between"),
    (STEP, on_a_sill(normal_is_the_gap), "the raw gap"),
    (STEP, on_a_sill(normal_inward), "normal points into the solid"),
    (STEP, on_a_sill(distance_positive_inside), "sign is flipped: positive inside"),
    (STEP, on_a_sill(distance_unsigned), "unsigned (abs)"),
    (STEP, on_a_sill(distance_without_inside_test), "no test for inside"),
    (STEP, on_a_sill(fillet_whole_circle), "the fillet's whole circle"),
    (STEP, on_a_sill(face_as_a_line), "the face taken as the whole line"),
    (STEP, on_a_sill(floor_as_a_line), "the floor taken as the whole line"),
    (STEP, on_a_sill(top_as_a_line), "the top taken as the whole line"),
    (STEP, on_a_sill(corner_counted_as_step), "the corner it cuts off counted as step"),
    (STEP, on_a_sill(inside_normal_into_the_step), "the normal of a point inside not flipped"),
    (STEP, on_a_sill(face_reaching_the_top), "the face running up to the top"),
    (STEP, sill_as_the_step, "the back of the sill left out"),
    (STEP, sill_normal_not_mirrored, "the normal's x not mirrored"),
    (STEP, sill_air_behind_as_solid, "the air behind the sill counted as solid"),
    (STEP, on_a_sill(normal_of_the_nearest_piece), "the nearest piece's own normal"),
    (LOAD, load_as_on_the_floor_everywhere, "the chapter's floor formula throughout"),
    (LOAD, load_traction_pointing_back, "the traction the wrong way along the rim"),
    (LOAD, load_contact_behind_the_axle, "the contact put R sin(psi) behind the axle"),
    (LOAD, load_forces_upright, "N still vertical and T horizontal"),
    (LOAD, load_contact_level_with_the_axle, "the contact's drop R cos(psi)"),
    (LOAD, load_on_the_floor, "the contact taken straight below the axle"),
    (LOAD, load_trailing_tilt_added, "added to the arm's for the trailing link too"),
    (LOAD, load_leading_tilt_subtracted, "subtracted for the leading link"),
    (LOAD, load_variants_swapped, "leading and trailing swapped"),
    (LOAD, load_without_radius, "wheel radius left out"),
    (LOAD, load_with_the_diameter, "the wheel's diameter 2R"),
    (LOAD, load_without_traction, "the traction's moment ignored"),
    (LOAD, load_without_lever, "spring's lever forgotten"),
    (LOAD, load_sin_cos_swapped, "sin and cos swapped"),
    (LOAD, load_with_the_angles_in_degrees, "the angles converted from degrees"),
    (LOAD, load_telescopic_as_on_the_floor, "the telescopic unit's load F_s, as on the floor"),
    (LOAD, load_telescopic_without_traction, "the traction's vertical part left out"),
    (BISECT, bisect_returning_high, "the failing end high"),
    (BISECT, bisect_returning_the_middle, "the midpoint of the last interval"),
    (BISECT, bisect_hundred_times, "a fixed number of halvings"),
    (BISECT, scan_the_heights, "a scan in steps of tol"),
    (BISECT, bisect_ten_times, "a fixed number of halvings (10)"),
    (BISECT, bisect_with_a_halved_test, "one halving too few"),
    (BISECT, bisect_moving_the_wrong_end, "the ends moved the wrong way"),
    (BISECT, bisect_checking_the_bracket_each_time, "asked again before every halving"),
    (BISECT, bisect_returning_the_last_guess, "the last height tried"),
    (BISECT, bisect_in_millimetres, "the height in mm, not in m"),
    (STOP, stop_on_all_wheels, "the whole weight on the locked wheels"),
    (STOP, stop_static_share, "no load shifted by the braking"),
    (STOP, stop_shift_backwards, "the load shifted the wrong way"),
    (STOP, stop_levers_swapped, "ahead and behind swapped"),
    (STOP, stop_slope_helps, "the slope's pull with the wrong sign"),
    (STOP, stop_sin_cos_swapped, "cos and sin of the slope swapped"),
    (STOP, stop_without_cos, "the slope's cos left out"),
    (STOP, stop_never_infinite, "no test for a slope the robot cannot stop on"),
    (STOP, stop_with_radians_of_degrees, "the slope converted from degrees"),
    (STOP, stop_time, "the time to stop"),
    (CLIMB, climb_chamfer_ignored, "the chamfer ignored"),
    (CLIMB, climb_rise_always_added, "the chamfer's rise h_c always added"),
    (CLIMB, climb_as_a_fillet, "the chamfer taken as a fillet of radius h_c"),
    (CLIMB, climb_test_reversed, "the test of the chamfer's slope the wrong way round"),
    (CLIMB, climb_slope_from_the_vertical, "the chamfer's angle taken from the vertical"),
    (CLIMB, climb_run_for_rise, "the chamfer's run h_c / tan(alpha) added"),
    (CLIMB, climb_one_over_mu, "tan(phi) = 1/mu"),
    (CLIMB, climb_small_angle, "phi = mu"),
    (CLIMB, climb_in_degrees, "the angle in degrees"),
    (CLIMB, climb_in_millimetres, "the height in mm"),
    (CLIMB, climb_sin_for_cos, "the corner's drop R sin(phi*)"),
    (CLIMB, climb_mu_against_the_angle, "mu compared with the chamfer's angle itself"),
    (CLIMB, climb_chamfer_as_its_face, "the chamfer read as its face's length"),
    (PUSH, push_fillet_centre_on_the_top, "the fillet's centre taken at the step's top"),
    (PUSH, push_rigid_always, "the edge's overlap N/k left out"),
    (PUSH, push_overlap_from_the_load, "the overlap from the load W"),
    (PUSH, push_overlap_added, "the overlap added"),
    (PUSH, push_normal_from_the_load_only, "the push's share P sin(psi) left out"),
    (PUSH, push_tangents_added, "the tangents added"),
    (PUSH, push_negative_below_the_limit, "a negative push returned"),
    (PUSH, push_sharp_edge, "the fillet forgotten"),
    (PUSH, push_as_a_ratio, "the ratio P/W returned"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """A wrong value from a typical mistake is named by that mistake on the first line."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


@pytest.mark.parametrize("seed", range(8))
def test_the_step_mistakes_explain_the_students_whatever_the_seed(seed):
    """The misplaced-centre, sharp-edge and normal mistakes explain the answers written above
    on the cases of other seeds too: no case falls where the two ways of telling inside from
    outside (a test of the region, the side of the nearest piece) differ for a wrong profile."""
    exercise = get_exercise(STEP)
    by_name = {m.name: m for m in exercise.mistakes}
    for _, answer, words in (row for row in STUDENTS if row[0] == STEP and row[1].__name__
                             not in ("sill_as_the_step", "sill_normal_not_mirrored",
                                     "sill_air_behind_as_solid")):
        mistake = next(m for name, m in by_name.items() if words in name)
        for case in exercise.make_cases(np.random.default_rng(seed)):
            got, _ = exercise.normalise(exercise.run(answer, case))
            model, _ = exercise.normalise(exercise.run(mistake.answer, case))
            assert all(output.compare.explains(g, m, case.args) for output, g, m in
                       zip(exercise.outputs, got, model, strict=True)), (answer.__name__,
                                                                         case.about)


def test_every_listed_mistake_is_met_by_a_students_answer_here():
    """Each mistake of robodyn.checks.vacuum is named for one of the answers written above."""
    named = {(i, summary(i, answer).split(" — looks like ", 1)[1]) for i, answer, _ in STUDENTS}
    listed = {(i, m.name) for i in (STEP, LOAD, BISECT, STOP, CLIMB, PUSH)
              for m in get_exercise(i).mistakes}
    assert named == listed


# --------------------------------------------------------------------------- unlisted slips


def step_distance_to_the_floor_only(point, step_x, width, height, fillet):
    return point[1], np.array([0.0, 1.0])


def load_with_the_arm_length_for_the_lever(spring_force, spring_lever, arm_length, arm_angle,
                                           wheel_radius, traction, contact_angle, variant):
    if variant == "telescopic":
        return spring_force / (math.cos(contact_angle) + traction * math.sin(contact_angle))
    s = 1.0 if variant == "leading" else -1.0
    tilt = arm_angle + s * contact_angle
    return spring_force * spring_lever / (arm_length * math.cos(tilt) + s * traction
                                          * arm_length)


def bisect_with_a_safety_margin(climbs, low, high, tol):
    """A bisection that subtracts tol at the end, 'to be safe': climbed, but tol too low."""
    while high - low > tol:
        middle = (low + high) / 2
        low, high = (middle, high) if climbs(middle) else (low, middle)
    return low - tol


def stop_with_g_on_the_friction_only(v0, mu, g, slope, ahead, behind, cog_height):
    """g times the friction's part only, the slope's pull sin(slope) without it: a slip no
    mistake models."""
    v0, slope = np.asarray(v0, float), np.asarray(slope, float)
    a = g * mu * behind / (ahead + behind - mu * cog_height) * np.cos(slope) - np.sin(slope)
    with np.errstate(divide="ignore"):
        return np.where(a > 0, v0**2 / (2 * a), np.inf)[()]


def push_with_the_overlap_halved(R, f, mu, load, stiffness, height):
    """Half the overlap, 'shared between wheel and edge': a slip no mistake models."""
    return _push_student(R, f, mu, load, stiffness, height, sink=lambda N, W, k: N / (2 * k))


def climb_without_the_root(wheel_radius, chamfer, chamfer_angle, mu):
    """cos(phi) from tan(phi) = mu with the identity's root left out."""
    corner = wheel_radius * (1 - 1 / (1 + np.square(mu)))
    return np.where(np.arctan(mu) > chamfer_angle, corner + chamfer, corner)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (STEP, step_distance_to_the_floor_only),
    (LOAD, load_with_the_arm_length_for_the_lever),
    (BISECT, bisect_with_a_safety_margin),
    (STOP, stop_with_g_on_the_friction_only),
    (CLIMB, climb_without_the_root),
    (PUSH, push_with_the_overlap_halved),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer no mistake explains gets the generic message, naming no mistake."""
    assert_generic_failure(exercise_id, answer)


def test_the_generic_step_message_shows_call_expected_got_and_tolerance():
    """The generic message says what was called, expected and returned, and the tolerances."""
    text = message(STEP, step_distance_to_the_floor_only)
    for part in ("Called:    sill_distance(point=array([0.0985, 0.01]), step_x=0.1, "
                 "width=0.08, height=0.019, fillet=0.003)",
                 "This input: 1.5 mm in front of the front face of the sill",
                 "Expected:  distance = 0.0015, normal = array([-1.0, 0.0])",
                 "Got:       distance = 0.01, normal = array([0.0, 1.0])",
                 "normal[0] (n_x): expected -1.0, got 0.0",
                 "Tolerance: distance within rtol=1e-09, atol=1e-09; normal within rtol=0, "
                 "atol=1e-06"):
        assert part in text


def test_the_foot_of_the_face_has_its_own_hint():
    """Inside below the foot of the face, the distance is to the corner: the hint says so."""

    def floor_normal_under_the_step(point, step_x, height, fillet):
        x, z = point
        if z < 0 and x > step_x:   # in the floor under the step: the corner's distance, but
            return -math.hypot(x - step_x, z), np.array([0.0, 1.0])   # the floor's normal
        return step_distance_with_complex_numbers(point, step_x, height, fillet)

    text = message(STEP, on_a_sill(floor_normal_under_the_step))
    assert text.splitlines()[0] == (f"{STEP}: wrong result for inside, 0.5 mm from the foot "
                                    f"of the front face")
    assert "Hint: Below the foot of the face, inside, the nearest point of the profile is the " \
           "corner (step_x, 0)" in text


def test_a_telescopic_unit_without_its_own_rule_gets_the_hint():
    """The moment formula applied to the telescopic unit too fails there, with the hint."""

    def all_as_leading(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, contact_angle, variant):
        s = -1.0 if variant == "trailing" else 1.0
        tilt = arm_angle + s * contact_angle
        return spring_force * spring_lever / (arm_length * np.cos(tilt) + s * traction * (
            arm_length * np.sin(tilt) + wheel_radius))

    text = message(LOAD, all_as_leading)
    assert text.splitlines()[0].startswith(f"{LOAD}: wrong result for the book's unit")
    assert "telescopic" in text.splitlines()[0]
    assert "Hint: The telescopic unit slides straight up and down" in text


def test_too_few_halvings_are_told_by_how_far_below_the_threshold():
    """Eleven halvings fall short of tol = 0.01 mm: the message says how far below it ends."""

    def bisect_eleven_times(climbs, low, high, tol):
        for _ in range(11):
            middle = (low + high) / 2
            low, high = (middle, high) if climbs(middle) else (low, middle)
        return low

    text = message(BISECT, bisect_eleven_times)
    assert text.splitlines()[0] == (f"{BISECT}: wrong result for the same robot and bracket, "
                                    f"tol = 0.01 mm")
    assert "Called:    bisect_height(climbs=<a robot that climbs up to 0.021303 m>, low=0.0, " \
           "high=0.05, tol=1e-05)" in text
    assert "This robot climbs every step up to 0.021303 m: your height is 1.39e-05 m below " \
           "that, not less than tol = 1e-05 m." in text


def test_twenty_halvings_are_told_by_their_number_of_calls():
    """20 halvings are precise enough everywhere, but too many calls for a coarse tol."""

    def bisect_twenty_times(climbs, low, high, tol):
        for _ in range(20):
            middle = (low + high) / 2
            low, high = (middle, high) if climbs(middle) else (low, middle)
        return low

    text = message(BISECT, bisect_twenty_times)
    assert text.splitlines()[0] == (f"{BISECT}: wrong result for a robot that climbs up to "
                                    f"21.303 mm; bracket 0 to 5 cm, tol = 1 mm (the text's "
                                    f"example)")
    assert "Your answer called climbs 20 times; a bisection of this bracket to tol calls it 8 " \
           "times" in text and "up to 16 are accepted" in text


def test_the_count_of_calls_is_an_integer_and_shown_as_one():
    """The number of calls is kept as an int (compared as one) and shown without a decimal
    point: "calls: expected 8, got 20", never 8.0."""

    def bisect_twenty_times(climbs, low, high, tol):
        for _ in range(20):
            middle = (low + high) / 2
            low, high = (middle, high) if climbs(middle) else (low, middle)
        return low

    exercise = get_exercise(BISECT)
    case = exercise.cases()[0]
    (_, calls), _ = exercise.normalise(exercise.run(bisect_twenty_times, case))
    assert type(calls) is int and calls == 20
    assert exercise.outputs[1].compare.prepare(8.5)[0] is None
    text = message(BISECT, bisect_twenty_times)
    assert "calls: expected 8, got 20" in text and "8.0" not in text


def test_a_fixed_count_of_halvings_that_fits_the_texts_example_is_refused():
    """13 halvings, what a 5 cm bracket needs at tol = 0.01 mm, fall short of the 10 cm bracket
    for a threshold near the top of the last interval; 14 pass."""

    def halvings(count):
        def bisect(climbs, low, high, tol):
            for _ in range(count):
                middle = (low + high) / 2
                low, high = (middle, high) if climbs(middle) else (low, middle)
            return low

        return bisect

    assert summary(BISECT, halvings(13)) == (f"{BISECT}: wrong result for the wide bracket "
                                             f"again: 14 halvings needed, 13 fall short here")
    assert summary(BISECT, halvings(14)) == "passed"


def test_a_height_above_the_threshold_is_told_it_is_not_climbed():
    """Returning the failing end shows that climbs(height) is False for it."""
    text = message(BISECT, bisect_returning_high)
    assert "climbs(0.021875) is False" in text
    assert "Hint: At every step low is a height the robot climbs and high one it fails" in text
    assert "return low" not in text


def test_the_bisection_cases_keep_off_ties_and_span_the_tolerances():
    """Every threshold lies inside its bracket and off the grid of a scan from low in steps of
    tol; the tolerances run from 1e-5 to 1e-3 m."""
    cases = get_exercise(BISECT).cases()
    tols = set()
    for case in cases:
        robot, low, high, tol = case.args
        assert low < robot.highest < high
        steps = (robot.highest - low) / tol
        assert abs(steps - round(steps)) > 1e-3
        tols.add(tol)
    assert min(tols) == 1e-5 and max(tols) == 1e-3


def test_the_calls_are_counted_afresh_on_every_call():
    """The robot of a case counts only the calls of one run, and the reference's count is the
    bisection's: low, high and ceil(log2((high - low) / tol)) halvings."""
    exercise = get_exercise(BISECT)
    case = exercise.cases()[0]
    first, second = exercise.run(exercise.reference, case), exercise.run(exercise.reference, case)
    assert first == second and first[1] == 2 + math.ceil(math.log2(0.05 / 1e-3)) == 8
    assert case.args[0].asked == []


def _front_feet(p, step_x, middle, height, fillet):
    """The nearest points of the front half's floor, face, fillet and top (up to the
    middle)."""
    cx, cz = step_x + fillet, height - fillet
    feet = [np.array([min(p[0], step_x), 0.0]), np.array([step_x, np.clip(p[1], 0.0, cz)]),
            np.array([min(max(p[0], cx), middle), height])]
    if fillet > 0:
        angle = math.atan2(p[1] - cz, p[0] - cx)
        ends = [math.pi / 2, math.pi] + ([angle] if math.pi / 2 <= angle <= math.pi else [])
        feet += [np.array([cx + fillet * math.cos(a), cz + fillet * math.sin(a)]) for a in ends]
    return feet


def _piece_distances(point, step_x, width, height, fillet):
    """(distance, foot) to each piece of the sill on its own: the front half's, and the back
    half's as the front's of the mirrored point, mirrored back."""
    p = np.asarray(point, dtype=float)
    middle = step_x + width / 2
    mirrored = np.array([2 * middle - p[0], p[1]])
    feet = _front_feet(p, step_x, middle, height, fillet) + [
        np.array([2 * middle - x, z]) for x, z in _front_feet(mirrored, step_x, middle, height,
                                                               fillet)]
    return sorted((float(np.hypot(*(p - foot))), tuple(foot)) for foot in feet)


@pytest.mark.parametrize("seed", [None, *range(20)], ids=lambda s: f"seed {s}")
def test_no_step_case_lies_near_a_tie_between_two_pieces(seed):
    """Where two pieces have different nearest points, one is nearer by at least 0.07 mm: in
    the check's cases, and in the cases 20 other seeds would draw."""
    exercise = get_exercise(STEP)
    cases = exercise.cases() if seed is None else exercise.make_cases(
        np.random.default_rng(seed))
    for case in cases:
        (nearest, foot), *others = _piece_distances(*case.args)
        for distance, other_foot in others:
            if math.dist(foot, other_foot) > 1e-5:
                assert distance - nearest > 7e-5, case.about


def test_the_texts_worked_examples_are_cases():
    """The numbers each exercise's text gives as a check are cases, with those values: 7.2's
    9.63 and 7.06 N without traction, 5.84 and 9.48 N at c = 0.3; 7.3's robot of 21.3 mm in 0
    to 50 mm at tol = 1 mm; 7.4's 4.40 mm and 4.89 mm; 7.5's 16.8 mm (45 deg, mu = 1.06),
    12.4 mm (mu = 0.97) and 13.8 mm (sharp)."""
    def values(exercise_id):
        exercise = get_exercise(exercise_id)
        return {case.args: exercise.reference(*case.args) for case in exercise.cases()
                if case.kind == "fixed"}

    loads = values(LOAD)
    example = (9.4, 0.03, 0.04, 0.349, 0.036)
    for traction, variant, newtons in ((0.0, "leading", 9.63), (0.0, "trailing", 7.06),
                                       (0.3, "leading", 5.84), (0.3, "trailing", 9.48)):
        assert loads[(*example, traction, 0.4, variant)] == pytest.approx(newtons, abs=0.005)
    bisect = get_exercise(BISECT).cases()[0]
    assert (bisect.args[0].highest, *bisect.args[1:]) == (0.021303, 0.0, 0.05, 1e-3)
    stops = values(STOP)
    book = (0.044, 0.096, 0.04)
    assert stops[(0.3, 1.06, 9.81, 0.0, *book)] == pytest.approx(4.40e-3, abs=0.005e-3)
    assert stops[(0.3, 1.06, 9.81, 0.1, *book)] == pytest.approx(4.89e-3, abs=0.005e-3)
    climbs = values(CLIMB)
    assert climbs[(0.044, 0.003, 0.785, 1.06)] == pytest.approx(16.8e-3, abs=0.05e-3)
    assert climbs[(0.044, 0.003, 0.785, 0.97)] == pytest.approx(12.4e-3, abs=0.05e-3)
    assert climbs[(0.044, 0.0, 0.785, 1.06)] == pytest.approx(13.8e-3, abs=0.05e-3)


def test_the_step_cases_hold_the_texts_examples_and_a_point_near_the_fillets_centre():
    """7.1's three examples are cases with the values the text gives (the third behind the
    middle), and a case inside the sill near the fillet's centre tells the quarter circle from
    the whole circle."""
    exercise = get_exercise(STEP)
    by_point = {(tuple(case.args[0]), case.args[4]): case for case in exercise.cases()}
    d, n = exercise.reference(*by_point[((0.097, 0.023), 0.0)].args)
    assert d == pytest.approx(0.005) and n == pytest.approx([-0.6, 0.8])
    d, n = exercise.reference(*by_point[((0.1016, 0.0183), 0.003)].args)
    assert d == pytest.approx(-0.31e-3, abs=0.01e-3) and n == pytest.approx([-0.52, 0.85],
                                                                             abs=0.01)
    d, n = exercise.reference(*by_point[((0.1784, 0.0183), 0.003)].args)
    assert d == pytest.approx(-0.31e-3, abs=0.01e-3) and n == pytest.approx([0.52, 0.85],
                                                                             abs=0.01)
    near = by_point[((0.1033, 0.0152), 0.003)]
    assert exercise.reference(*near.args)[0] == pytest.approx(-3.3e-3)
    assert on_a_sill(fillet_whole_circle)(*near.args)[0] == pytest.approx(
        -(3e-3 - math.hypot(0.3e-3, 0.8e-3)))


@pytest.mark.parametrize("seed", range(6))
def test_the_wheel_load_cases_span_the_variants_and_never_jam(seed):
    """All three variants, traction 0 to 0.8, contact angles 0.1 to 0.8 rad (never 0, where
    the chapter's wheel_load answers), no link near a jam."""
    cases = get_exercise(LOAD).make_cases(np.random.default_rng(seed))
    assert {case.args[-1] for case in cases} == {"leading", "trailing", "telescopic"}
    tractions = [case.args[5] for case in cases]
    psis = [case.args[6] for case in cases]
    assert min(tractions) == 0.0 and 0.7 <= max(tractions) <= 0.8
    assert min(psis) >= 0.1 and max(psis) <= 0.8
    for case in cases:
        _, _, a, phi, R, c, psi, variant = case.args
        if variant != "telescopic":
            s = 1.0 if variant == "leading" else -1.0
            first = a * math.cos(phi + s * psi)
            assert first + s * c * (a * math.sin(phi + s * psi) + R) >= 0.29 * first > 0


def test_the_wheel_load_at_the_edge_reduces_to_the_chapters_on_the_floor():
    """With psi = 0 the load is the chapter's wheel_load of every variant."""
    reference = get_exercise(LOAD).reference
    for variant in ("leading", "trailing", "telescopic"):
        for c in (0.0, 0.3, 0.6):
            assert reference(9.4, 0.03, 0.04, 0.349, 0.036, c, 0.0, variant) == pytest.approx(
                vacuum.wheel_load(9.4, 0.03, 0.04, 0.349, 0.036, c, variant), rel=1e-12)


def test_the_wheel_load_at_the_edge_balances_the_arm_and_the_slide():
    """With the reference's N, the sum of the moments about the pivot (the spring's and the
    edge's N and c N at the contact, from the contact's coordinates) vanishes for the links,
    and the forces along the slide for the telescopic unit."""
    exercise = get_exercise(LOAD)
    for case in exercise.cases():
        F, b, a, phi, R, c, psi, variant = case.args
        N = exercise.reference(*case.args)
        force = N * np.array([-math.sin(psi), math.cos(psi)]) + c * N * np.array(
            [math.cos(psi), math.sin(psi)])
        if variant == "telescopic":
            assert force[1] == pytest.approx(F, rel=1e-12), case.about
            continue
        side, contact, _ = _edge_geometry(a, phi, R, psi, variant)
        moment = contact[0] * force[1] - contact[1] * force[0] - side * F * b
        assert abs(moment) < 1e-12 * F * b, case.about


# --------------------------------------------------------------------------- misbehaving


def test_a_distance_without_its_normal_is_told_to_return_both():
    """Returning only the distance says a pair (distance, normal) is expected."""

    def distance_only(point, step_x, width, height, fillet):
        return on_a_sill(step_distance_with_complex_numbers)(point, step_x, width, height,
                                                             fillet)[0]

    assert summary(STEP, distance_only) == (
        f"{STEP}: expected a pair (distance, normal), got a single float: return all of "
        f"them, as in `return distance, normal`")


def test_a_flat_triple_is_told_to_return_a_pair():
    """(d, n_x, n_z) as three numbers says two values are expected."""

    def flat(point, step_x, width, height, fillet):
        d, n = on_a_sill(step_distance_with_complex_numbers)(point, step_x, width, height,
                                                             fillet)
        return d, n[0], n[1]

    assert summary(STEP, flat) == (f"{STEP}: expected a pair (distance, normal), got a tuple of "
                                   f"3 values: return them as in `return distance, normal`")


def test_a_column_normal_is_a_wrong_shape():
    """A normal of shape (2, 1) is a wrong shape, naming the expected (2,)."""

    def column(point, step_x, width, height, fillet):
        d, n = on_a_sill(step_distance_with_complex_numbers)(point, step_x, width, height,
                                                             fillet)
        return d, n.reshape(2, 1)

    assert summary(STEP, column) == (f"{STEP}: wrong shape of normal: expected shape (2,), got "
                                     f"shape (2, 1)")


def test_an_unknown_variant_raised_by_a_typo_shows_the_call():
    """An answer that raises on 'telescopic' (a typo in its test) shows the call that raised."""

    def typo(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
             contact_angle, variant):
        if variant == "telescope":
            return spring_force
        if variant not in ("leading", "trailing"):
            raise ValueError(f"unknown variant {variant!r}")
        return wheel_load_by_linear_solve(spring_force, spring_lever, arm_length, arm_angle,
                                          wheel_radius, traction, contact_angle, variant)

    text = message(LOAD, typo)
    assert text.splitlines()[0] == f"{LOAD}: your answer raised ValueError: unknown variant " \
                                   f"'telescopic'"
    p = vacuum.VacuumParams()
    b, a, phi, R = (round(v, 3) for v in (p.spring_lever, p.arm_length, p.arm_angle,
                                           p.wheel_radius))
    assert (f"Called:    wheel_load_at_edge(spring_force=9.4, spring_lever={b}, "
            f"arm_length={a}, arm_angle={phi}, wheel_radius={R}, traction=0.5, "
            "contact_angle=0.6, variant='telescopic')") in text


def test_returning_the_search_result_instead_of_its_height_is_told():
    """The reference's HeightSearch is not a number: the message names its type."""

    def whole_result(climbs, low, high, tol):
        return vacuum.bisect_height(climbs, low, high, tol)

    assert summary(BISECT, whole_result) == (
        f"{BISECT}: height came back as a HeightSearch, not a number or an array of numbers")


def test_a_bisection_without_return_is_told():
    """A missing return statement is told as such."""

    def forgets(climbs, low, high, tol):
        while high - low > tol:
            middle = (low + high) / 2
            low, high = (middle, high) if climbs(middle) else (low, middle)

    assert "returned None — is the `return` statement missing?" in summary(BISECT, forgets)


def test_math_on_an_array_of_speeds_is_told_to_vectorise():
    """math.cos works on one slope and fails on the arrays: the message says to use NumPy."""

    def with_math(v0, mu, g, slope, ahead, behind, cog_height):
        share = behind / (ahead + behind - mu * cog_height)
        a = g * (mu * share * math.cos(slope) - math.sin(slope))
        return v0**2 / (2 * a) if a > 0 else math.inf

    text = message(STOP, with_math)
    assert text.splitlines()[0].startswith(f"{STOP}: works on single numbers but fails on "
                                           f"NumPy arrays")


@pytest.mark.parametrize("seed", range(6))
def test_the_stop_cases_keep_the_caster_down_and_off_the_slope_that_just_holds(seed):
    """On every seed: the caster stays on the floor (ahead > mu cog_height: the robot does
    not tip), no deceleration lies within 1 % of zero (where a stop turns into a slide that
    never ends), and the cases hold the level, both ways of slope, a robot that never stops,
    one without height (no shifted load) and arrays of speeds and of slopes."""
    exercise = get_exercise(STOP)
    cases = exercise.make_cases(np.random.default_rng(seed))
    slopes = []
    for case in cases:
        v0, mu, g, slope, ahead, behind, height = case.args
        assert ahead > mu * height, case.about
        share = behind / (ahead + behind - mu * height)
        braking, pull = g * mu * share * np.cos(slope), g * np.sin(slope)
        assert np.all(np.abs(braking - pull) > 0.01 * braking), case.about
        slopes.extend(np.atleast_1d(slope).tolist())
    assert min(slopes) < 0.0 < max(slopes) and 0.0 in slopes
    values = [np.asarray(exercise.reference(*case.args)) for case in cases]
    assert any(np.any(np.isinf(v)) for v in values)
    assert any(case.args[6] == 0.0 for case in cases)
    arrays = [case for case in cases if case.kind == "arrays"]
    assert {np.ndim(case.args[0]) for case in arrays} == {0, 1}


def test_the_stop_reduces_to_the_chapters_sliding_stop():
    """On the level, with the centre of gravity on the floor and the caster far behind (its
    share of the load vanishing), the stop is the chapter's sliding_stop."""
    reference = get_exercise(STOP).reference
    v0 = np.linspace(0.05, 1.0, 8)
    for mu, g in ((1.06, 9.81), (0.4, 1.62)):
        np.testing.assert_allclose(reference(v0, mu, g, 0.0, 0.0, 1e6, 0.0),
                                   vacuum.sliding_stop(v0, mu, g), rtol=1e-12)


def test_the_stop_on_a_slope_balances_the_moments_about_both_contacts():
    """From the reference's distance, the deceleration a = v0^2 / (2 s), the wheels' load from
    Newton along the slope and the caster's from the balance across it; then the moments
    (with the inertial force m a at the centre of gravity) balance about the caster's
    contact and about the wheels' contact, which the reference does not use."""
    reference = get_exercise(STOP).reference
    m, v0, mu, g, d, e, H = 3.5, 0.3, 0.9, 9.81, 0.05, 0.09, 0.03
    for slope in (-0.2, 0.0, 0.15):
        a = v0**2 / (2 * reference(v0, mu, g, slope, d, e, H))
        N_w = m * (a + g * math.sin(slope)) / mu
        N_c = m * g * math.cos(slope) - N_w
        weight_x, weight_z = m * g * math.sin(slope), -m * g * math.cos(slope)
        about_caster = (d + e) * N_w + (e * weight_z - H * weight_x) - H * m * a
        about_wheels = -(d + e) * N_c + (-d * weight_z - H * weight_x) - H * m * a
        assert abs(about_caster) < 1e-12 * m * g * e and abs(about_wheels) < 1e-12 * m * g * e
        assert N_c > 0.0


def test_the_generic_climb_message_shows_call_expected_got_and_tolerance():
    """The root left out gets the generic message, on the text's first check."""
    text = message(CLIMB, climb_without_the_root)
    assert text.splitlines()[0] == (f"{CLIMB}: wrong result for the book's wheel of radius "
                                    "44 mm, a 3 mm chamfer at 45 deg, mu = 1.06: about 16.8 mm, "
                                    "the text's check")
    for part in ("Called:    edge_climb_height(wheel_radius=0.044, chamfer=0.003, "
                 "chamfer_angle=0.785, mu=1.06)",
                 "Expected:  height = 0.0168063012166",
                 "Tolerance: height within rtol=1e-09, atol=1e-12"):
        assert part in text
    assert "Looks like" not in text


@pytest.mark.parametrize("seed", range(6))
def test_the_climb_cases_keep_off_the_branches_meeting_and_span_both(seed):
    """On every seed: no case has arctan(mu) within 0.01 rad of the chamfer's slope (where the
    answer jumps by c), every step is higher than its chamfer, and both branches come with a
    slope other than 45 deg (which tells the run from the rise and the slope from its
    normal), a sharp edge and arrays of mu across the slope."""
    cases = get_exercise(CLIMB).make_cases(np.random.default_rng(seed))
    branches = set()
    for case in cases:
        wheel_radius, chamfer, chamfer_angle, mu = case.args
        phi = np.arctan(np.atleast_1d(mu))
        assert np.all(np.abs(phi - chamfer_angle) > 0.01), case.about
        corner = vacuum.edge_climb_height(wheel_radius, 0.0, np.atleast_1d(mu))
        assert np.all(corner > chamfer), case.about
        if abs(chamfer_angle - math.pi / 4) > 0.1:
            branches.update(bool(b) for b in phi > chamfer_angle)
    assert branches == {True, False}
    assert any(case.args[1] == 0.0 for case in cases)
    arrays = [case for case in cases if case.kind == "arrays"]
    assert any(len(set(np.arctan(c.args[3]) > c.args[2])) == 2 for c in arrays)


@pytest.mark.parametrize(("R", "c", "alpha", "mu"), [
    (0.044, 0.003, 0.785, 1.06), (0.044, 0.003, 0.785, 0.97), (0.036, 0.002, 0.524, 0.5),
    (0.05, 0.004, 1.047, 2.5), (0.031, 0.001, 0.35, 0.45)])
def test_the_chamfer_climb_is_the_last_step_whose_contacts_the_grip_holds(R, c, alpha, mu):
    """Along the whole way up (the wheel's centre from R to h + R, its place by a root find of
    its distance to the chamfered edge), the grip holds every contact angle on a step 0.05 mm
    below the reference's height, and not the first on a step 0.05 mm above it. The lift-off
    contact is the steepest: the angle never grows on the way up."""
    h = get_exercise(CLIMB).reference(R, c, alpha, mu)
    below = h - 5e-5
    angles = [contact_angle(R, below, c, alpha, z)
              for z in np.linspace(R, below + R - 1e-6, 200)]
    assert max(angles) < math.atan(mu) and angles[0] == max(angles)
    assert np.all(np.diff(angles) <= 1e-9)
    assert contact_angle(R, h + 5e-5, c, alpha, R) > math.atan(mu)


def test_the_chamfer_climb_without_a_chamfer_is_the_sharp_edges():
    """With c = 0 both branches give the chapter's edge_climb_height of a sharp edge, whatever
    the slope."""
    mus = np.linspace(0.3, 2.5, 12)
    for alpha in (0.3, 0.785, 1.3):
        np.testing.assert_allclose(get_exercise(CLIMB).reference(0.044, 0.0, alpha, mus),
                                   vacuum.edge_climb_height(0.044, 0.0, mus), rtol=1e-13)


@pytest.mark.parametrize(("answer", "words"), [
    (lambda R, c, a, mu: [climb_case_by_case(R, c, a, mu)],
     "wrong shape of height: expected a single number, got shape (1,)"),
    (lambda R, c, a, mu: f"{climb_case_by_case(R, c, a, mu):.4f} m",
     "height came back as a str, not a number or an array of numbers"),
    (lambda R, c, a, mu: climb_case_by_case(R, c, a, mu) * np.nan, "returned nan"),
    (lambda R, c, a, mu: R * (1 - 1 / math.sqrt(1 + mu**2)) + (c if mu > math.tan(a) else 0),
     "works on single numbers but fails on NumPy arrays"),
], ids=["a list", "a string", "nan", "math on an array"])
def test_a_height_of_the_wrong_type_is_told(answer, words):
    """A list around the height, a formatted string, NaN and math.sqrt on the array of mu
    each get their own message."""
    line = summary(CLIMB, answer)
    assert line.startswith(f"{CLIMB}: ") and words in line, line


def test_the_push_cases_hold_the_texts_numbers_and_span_the_edges():
    """7.6's text's numbers are cases (about 5.0 N on a rigid edge, 4.2 N on the 5000 N/m one,
    for a 24 mm step); the cases hold rigid and penalty edges, a sharp edge, a step taken
    without a push, and arrays of heights; every step is lower than the wheel's radius."""
    exercise = get_exercise(PUSH)
    cases = exercise.cases()
    values = {case.args: exercise.reference(*case.args) for case in cases
              if case.kind == "fixed"}
    assert values[(0.044, 0.003, 1.06, 20.0, None, 0.024)] == pytest.approx(5.0, abs=0.05)
    assert values[(0.044, 0.003, 1.06, 20.0, 5e3, 0.024)] == pytest.approx(4.2, abs=0.05)
    pushes = [np.asarray(exercise.reference(*case.args)) for case in cases]
    assert any(np.any(p == 0.0) for p in pushes) and all(np.all(p >= 0.0) for p in pushes)
    assert {case.args[4] is None for case in cases} == {True, False}
    assert any(case.args[1] == 0.0 for case in cases)
    assert {case.kind for case in cases} >= {"fixed", "seeded random", "arrays"}
    for case in cases:
        assert np.all(np.asarray(case.args[5]) < case.args[0]), case.about


@pytest.mark.parametrize("seed", range(4))
def test_the_push_takes_the_step_by_the_packages_forward_climb(seed):
    """Round trip: with the reference's push, the chapter's pushed_edge_climb_height (the
    forward closed form) takes exactly the step asked for; with a push 1 % smaller it takes a
    lower one; a step the wheel takes unpushed needs no push."""
    from robodyn.vacuum.limits import pushed_edge_climb_height

    exercise = get_exercise(PUSH)
    for case in exercise.make_cases(np.random.default_rng(seed)):
        R, f, mu, W, k, heights = case.args
        for h in np.atleast_1d(heights):
            P = exercise.reference(R, f, mu, W, k, h)
            taken = pushed_edge_climb_height(R, f, mu, P, W, k)
            if P == 0.0:
                assert taken >= h, case.about
            else:
                assert taken == pytest.approx(h, rel=1e-10, abs=1e-13), case.about
                assert pushed_edge_climb_height(R, f, mu, 0.99 * P, W, k) < h


def test_the_push_on_a_rigid_edge_is_the_closed_form():
    """On a rigid edge the angle follows from the geometry alone, cos(psi) = (R + f - h) /
    (R + f), and the push from the grip's limit, P = W tan(psi - arctan(mu))."""
    exercise = get_exercise(PUSH)
    heights = np.linspace(0.016, 0.04, 9)
    psi = np.arccos((0.047 - heights) / 0.047)
    np.testing.assert_allclose(exercise.reference(0.044, 0.003, 1.06, 20.0, None, heights),
                               20.0 * np.tan(psi - np.arctan(1.06)), rtol=1e-10)


def test_a_softer_edge_needs_less_push():
    """The wheel sinks into a softer edge and meets it lower on its rim: less push for the
    same step, and the push tends to the rigid edge's as k grows."""
    exercise = get_exercise(PUSH)
    pushes = [exercise.reference(0.044, 0.003, 1.06, 20.0, k, 0.024)
              for k in (3e3, 1e4, 1e5, 1e7)]
    rigid = exercise.reference(0.044, 0.003, 1.06, 20.0, None, 0.024)
    assert np.all(np.diff(pushes) > 0.0) and pushes[-1] == pytest.approx(rigid, rel=1e-4)
