"""Chapter 7's checks against answers as students write them.

Right answers in unusual forms (the step's distance by sampling the profile and refining with
scipy, with complex numbers, or piece by piece with math; the wheel load by a 2 x 2 linear
solve, by summing moment vectors or with sympy; the bisection on a list, recursively, or with
its halvings counted in advance; the stopping distance from the work of friction, from the time
to stop, with np.vectorize or summed over the stop; the height a wheel climbs from the contact
angle, by a root find, with complex numbers, with vectors or with sympy) must pass. Wrong
answers, written here independently of the mistake models in robodyn/checks/vacuum.py, must be
named by the right mistake; an unlisted slip gets the generic message; answers that raise,
return None, the wrong number of values or the wrong shape get a message that says so.
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


def _profile(step_x, height, fillet, reach=0.2):
    """The profile as pieces (curve, tangent, t0, t1), walked with the air on the left."""
    cx, cz = step_x + fillet, height - fillet
    pieces = [
        (lambda t: np.array([t, 0.0]), lambda t: np.array([1.0, 0.0]), step_x - reach, step_x),
        (lambda t: np.array([step_x, t]), lambda t: np.array([0.0, 1.0]), 0.0, cz),
        (lambda t: np.array([cx - fillet * np.cos(t), cz + fillet * np.sin(t)]),
         lambda t: np.array([np.sin(t), np.cos(t)]), 0.0, np.pi / 2),
        (lambda t: np.array([t, height]), lambda t: np.array([1.0, 0.0]), cx, cx + reach),
    ]
    return [piece for piece in pieces if fillet > 0 or piece[2:] != (0.0, np.pi / 2)]


def step_distance_by_sampling(point, step_x, height, fillet, n=2001):
    """Nearest sample of a dense profile, refined by scipy; the sign from the side of the
    profile the point lies on (the cross product of the tangent and the gap)."""
    p = np.asarray(point, dtype=float)
    best = None
    for curve, tangent, t0, t1 in _profile(step_x, height, fillet):
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
                         flip_inside=True):
    """A student's answer that follows the text line by line: each piece's nearest point
    (clamped to the piece's ends, unless a slip widens it), the nearest of them, then inside
    or not by regions (z < 0, or behind the face and below the top but not in the cut-off
    corner). ``arc_centre`` is where the student put the arc's centre (a typo moves only the
    arc)."""
    x, z = point
    cx, cz = (step_x + fillet, height - fillet) if arc_centre is None else arc_centre
    floor_to = step_x if floor_to is None else floor_to
    face_to = (0.0, height - fillet) if face_to is None else face_to
    top_from = step_x + fillet if top_from is None else top_from
    feet = [(min(x, floor_to), 0.0), (step_x, min(max(z, face_to[0]), face_to[1])),
            (max(x, top_from), height)]
    if fillet > 0:
        angle = math.atan2(z - cz, x - cx)
        if quarter and not math.pi / 2 <= angle <= math.pi:
            angles = [math.pi / 2, math.pi]
        else:
            angles = [angle]
        feet += [(cx + fillet * math.cos(a), cz + fillet * math.sin(a)) for a in angles]
    foot = min(feet, key=lambda f: math.dist(point, f))
    distance = math.dist(point, foot)
    unit = np.array([x - foot[0], z - foot[1]]) / distance
    corner_air = x < step_x + fillet and z > height - fillet and math.hypot(
        x - cx, z - cz) > fillet and cut_is_air
    if z < 0 or (step_x < x and z < height and not corner_air):
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


def distance_without_inside_test(point, step_x, height, fillet):
    gap, _ = _nearest_with_complex_numbers(point, step_x, height, fillet)
    return abs(gap), np.array([gap.real, gap.imag]) / abs(gap)


# --------------------------------------------------------------------------- wheel load


def wheel_load_by_linear_solve(spring_force, spring_lever, arm_length, arm_angle,
                               wheel_radius, traction, variant):
    """Unknowns (N, T): the moment balance about the pivot, and T = c N."""
    if variant == "telescopic":
        return spring_force
    ahead = 1.0 if variant == "leading" else -1.0
    x = ahead * arm_length * np.cos(arm_angle)          # contact's place from the pivot
    z = -arm_length * np.sin(arm_angle) - wheel_radius
    # moment (y up out of the x-z page) of (T, N) at (x, z): x N - z T; the spring's: -ahead F b
    A = np.array([[x, -z], [-traction, 1.0]])
    rhs = np.array([ahead * spring_force * spring_lever, 0.0])
    N, _ = np.linalg.solve(A, rhs)
    return N


def wheel_load_by_moment_vectors(spring_force, spring_lever, arm_length, arm_angle,
                                 wheel_radius, traction, variant):
    """Moments about the pivot as 3D vectors (x forward, y left, z up); the spring as a
    downward force at its lever from the pivot, on the wheel's side. Linear in N."""
    if variant == "telescopic":
        return spring_force
    direction = {"leading": 1.0, "trailing": -1.0}[variant]
    contact = np.array([direction * arm_length * math.cos(arm_angle), 0.0,
                        -arm_length * math.sin(arm_angle) - wheel_radius])
    spring_moment = np.cross([direction * spring_lever, 0.0, 0.0], [0.0, 0.0, -spring_force])
    per_newton = np.cross(contact, [traction, 0.0, 1.0])   # of (T, N) = N (c, 1)
    return -spring_moment[1] / per_newton[1]


def wheel_load_with_sympy(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, variant):
    """The moment balance about the pivot as a sympy equation in N, solved."""
    if variant == "telescopic":
        return spring_force
    N = sympy.Symbol("N", positive=True)
    side = {"leading": 1, "trailing": -1}[variant]
    reach = arm_length * sympy.cos(arm_angle)
    depth = arm_length * sympy.sin(arm_angle) + wheel_radius
    balance = sympy.Eq(N * reach + side * traction * N * depth, spring_force * spring_lever)
    return float(sympy.solve(balance, N)[0])


def load_variants_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, variant):
    if variant == "telescopic":
        return spring_force
    sign = -1 if variant == "leading" else 1
    return spring_force * spring_lever / (arm_length * np.cos(arm_angle) + sign * traction * (
        arm_length * np.sin(arm_angle) + wheel_radius))


def load_without_radius(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, variant):
    if variant == "telescopic":
        return spring_force
    c = traction if variant == "leading" else -traction
    return spring_force * spring_lever / (arm_length * (np.cos(arm_angle)
                                                        + c * np.sin(arm_angle)))


def load_without_traction(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, variant):
    if variant == "telescopic":
        return spring_force
    return spring_force * spring_lever / arm_length / math.cos(arm_angle)


def load_without_lever(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, variant):
    if variant == "telescopic":
        return spring_force
    c = traction if variant == "leading" else -traction
    lever_t = arm_length * math.sin(arm_angle) + wheel_radius
    return spring_force / (arm_length * math.cos(arm_angle) + c * lever_t)


def load_sin_cos_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                         traction, variant):
    if variant == "telescopic":
        return spring_force
    c = traction if variant == "leading" else -traction
    return spring_force * spring_lever / (arm_length * np.sin(arm_angle) + c * (
        arm_length * np.cos(arm_angle) + wheel_radius))


def load_with_the_angle_in_degrees(spring_force, spring_lever, arm_length, arm_angle,
                                   wheel_radius, traction, variant):
    if variant == "telescopic":
        return spring_force
    phi = np.deg2rad(arm_angle)
    c = traction if variant == "leading" else -traction
    return spring_force * spring_lever / (arm_length * np.cos(phi) + c * (
        arm_length * np.sin(phi) + wheel_radius))


def load_with_the_whole_arm(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                            traction, variant):
    if variant == "telescopic":
        return spring_force
    c = traction if variant == "leading" else -traction
    return spring_force * spring_lever / (arm_length + c * (
        arm_length * math.sin(arm_angle) + wheel_radius))


def load_with_the_radius_for_the_drop(spring_force, spring_lever, arm_length, arm_angle,
                                      wheel_radius, traction, variant):
    if variant == "telescopic":
        return spring_force
    c = traction if variant == "leading" else -traction
    return spring_force * spring_lever / (arm_length * math.cos(arm_angle) + c * wheel_radius)


def load_telescopic_by_moments(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                               traction, variant):
    if variant == "telescopic":
        return spring_force * spring_lever / arm_length
    return wheel_load_by_linear_solve(spring_force, spring_lever, arm_length, arm_angle,
                                      wheel_radius, traction, variant)


def load_with_two_branches(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, variant):
    reach = arm_length * np.cos(arm_angle)
    depth = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (reach + traction * depth)
    else:
        return spring_force * spring_lever / (reach - traction * depth)


def load_with_the_diameter(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, variant):
    """The contact taken a whole wheel (its diameter) below the axle."""
    if variant == "telescopic":
        return spring_force
    diameter = 2 * wheel_radius
    ahead = arm_length * math.cos(arm_angle)
    below = arm_length * math.sin(arm_angle) + diameter
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    return spring_force * spring_lever / (ahead - traction * below)


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


def stop_by_work_and_energy(v0, mu, g):
    """Friction's work mu m g d takes the kinetic energy m v0^2 / 2, here for m = 1 kg."""
    mass = 1.0
    kinetic = 0.5 * mass * np.square(v0)
    return kinetic / (mu * mass * g)


def stop_from_the_time_to_stop(v0, mu, g):
    deceleration = mu * g
    t_stop = np.asarray(v0) / deceleration
    return np.asarray(v0) * t_stop - 0.5 * deceleration * t_stop**2


stop_vectorized = np.vectorize(lambda v0, mu, g: math.pow(v0, 2) / (2 * mu * g))


def stop_by_stepping_the_speed_down(v0, mu, g, steps=4096):
    """The distance summed over the time to stop, exactly: the speed falls linearly, so the
    trapezoid rule is exact on each step."""
    v0 = np.asarray(v0, dtype=float)
    t_stop = v0 / (mu * g)
    t = np.linspace(0.0, 1.0, steps + 1) * t_stop[..., None]
    speed = v0[..., None] - mu * g * t
    return np.trapezoid(speed, t, axis=-1)


def stop_without_g(v0, mu, g):
    return v0**2 / (2 * mu)


def stop_without_two(v0, mu, g):
    return np.power(v0, 2) / (mu * g)


def stop_not_squared(v0, mu, g):
    return np.asarray(v0) / (2 * mu * g)


def stop_mu_upstairs(v0, mu, g):
    return mu * v0 * v0 / (2 * g)


def stop_without_mu(v0, mu, g):
    return np.square(v0) / 2 / g


def stop_with_floor_division(v0, mu, g):
    return np.asarray(v0, dtype=float) ** 2 // (2 * mu * g)


def stop_in_millimetres(v0, mu, g):
    metres = np.asarray(v0) ** 2 / (2 * mu * g)
    return metres * 1e3


def stop_without_brackets(v0, mu, g):
    return v0 * v0 / 2 * mu * g


def stop_time(v0, mu, g):
    return np.asarray(v0) / (mu * g)


# --------------------------------------------------------------------------- edge climb


def climb_via_the_angle(wheel_radius, fillet, mu):
    """The limit angle first, then the height at which the wheel meets the edge at it."""
    phi = np.arctan(mu)
    return (wheel_radius + fillet) * (1 - np.cos(phi))


def climb_by_root_find(wheel_radius, fillet, mu):
    """brentq on h for T cos(phi) = N sin(phi) at T = mu N, phi from the contact's geometry;
    one root per mu."""
    reach = wheel_radius + fillet

    def forward_push(h, mu):          # per unit N; > 0 while the edge pushes the wheel on
        phi = math.acos((wheel_radius - (h - fillet)) / reach)
        return mu * math.cos(phi) - math.sin(phi)

    mus = np.atleast_1d(np.asarray(mu, dtype=float))
    heights = [brentq(forward_push, 0.0, reach, args=(m,), xtol=1e-16, rtol=1e-15)
               for m in mus.ravel()]
    found = np.reshape(heights, mus.shape)
    return float(found[0]) if np.ndim(mu) == 0 else found


def climb_with_complex_numbers(wheel_radius, fillet, mu):
    """The edge's force at the limit as N + i mu N, normal part real, friction imaginary: its
    angle off the normal, arctan(mu), is the contact angle phi from the vertical, so the real
    part of (R + f) e^(i phi) is the height of the wheel's centre above the fillet's."""
    force = 1 + 1j * np.asarray(mu, dtype=float)
    above_the_centre = (wheel_radius + fillet) * (force / np.abs(force)).real
    return wheel_radius - above_the_centre + fillet


def climb_by_vector_geometry(wheel_radius, fillet, mu):
    """At the limit the wheel's centre lies along (-mu, 1) from the fillet's centre, at the
    distance R + f: mu across for 1 up is tan(phi) = mu. The floor holds it at height R."""
    mu = np.asarray(mu, dtype=float)
    direction = np.stack([-mu, np.ones_like(mu)])
    unit_up = direction[1] / np.linalg.norm(direction, axis=0)
    fillet_centre_height = wheel_radius - (wheel_radius + fillet) * unit_up
    return fillet_centre_height + fillet


def climb_with_sympy(wheel_radius, fillet, mu):
    """h from the contact geometry and the grip limit, solved by sympy for each mu."""
    h = sympy.Symbol("h", positive=True)
    heights = []
    for m in np.atleast_1d(mu).tolist():
        cos_phi = (wheel_radius - (h - fillet)) / (wheel_radius + fillet)
        limit = sympy.Eq(sympy.sqrt(1 - cos_phi**2), m * cos_phi)   # tan(phi) = mu
        roots = [float(r) for r in sympy.solve(limit, h)
                 if 0 < float(r) < wheel_radius + fillet]
        heights.append(min(roots))
    return heights[0] if np.ndim(mu) == 0 else np.array(heights)


def climb_without_the_fillet(wheel_radius, fillet, mu):
    return wheel_radius * (1 - 1 / np.sqrt(1 + np.square(mu)))


def climb_with_tan_one_over_mu(wheel_radius, fillet, mu):
    phi = np.arctan(1 / np.asarray(mu))
    return (wheel_radius + fillet) * (1 - np.cos(phi))


def climb_with_sin_for_cos(wheel_radius, fillet, mu):
    """sin(phi) = (R - (h - f)) / (R + f): phi taken from the horizontal."""
    return wheel_radius + fillet - (wheel_radius + fillet) * np.sin(np.arctan(mu))


def climb_to_the_fillet_centre(wheel_radius, fillet, mu):
    """cos(phi) = (R - h) / (R + f): h taken for the height of the fillet's centre."""
    return wheel_radius - (wheel_radius + fillet) / np.sqrt(1 + np.square(mu))


def climb_fillet_subtracted(wheel_radius, fillet, mu):
    phi = np.arctan(mu)
    return (wheel_radius - fillet) * (1 - np.cos(phi))


def climb_without_one_minus(wheel_radius, fillet, mu):
    return (wheel_radius + fillet) / np.sqrt(1 + np.square(mu))


def climb_with_the_fillet_on_top(wheel_radius, fillet, mu):
    return wheel_radius * (1 - np.cos(np.arctan(mu))) + fillet


def climb_with_the_diameter_halved(wheel_radius, fillet, mu):
    diameter = 2 * wheel_radius
    return (diameter / 4 + fillet) * (1 - 1 / np.sqrt(1 + np.asarray(mu) ** 2))


def climb_small_angle(wheel_radius, fillet, mu):
    return (wheel_radius + fillet) * (1 - np.cos(mu))


def climb_without_the_root(wheel_radius, fillet, mu):
    """cos(phi) from tan(phi) = mu, the identity's root left out."""
    cos_phi = 1 / (1 + np.square(mu))
    return (wheel_radius + fillet) * (1 - cos_phi)


def climb_in_degrees(wheel_radius, fillet, mu):
    phi = np.degrees(np.arctan(mu))      # the limit angle, to look at in degrees
    return (wheel_radius + fillet) * (1 - np.cos(phi))


# --------------------------------------------------------------------------- the tests


# --------------------------------------------------------------------------- pushed climb


def pushed_by_root_find(wheel_radius, fillet, mu, push, load, stiffness):
    """brentq on psi for T = mu N, with N and T from a 2 x 2 solve of the balance at lift-off,
    one pair (mu, P) at a time; math only, arrays by a loop."""
    def one(m, P):
        if m * P > load:
            return math.inf

        def spare_grip(psi):
            n = np.array([-math.sin(psi), math.cos(psi)])     # fillet centre -> wheel centre
            t = np.array([math.cos(psi), math.sin(psi)])      # up the rim
            N, T = np.linalg.solve(np.column_stack([n, t]), np.array([-P, load]))
            return m * N - T

        psi = brentq(spare_grip, 0.0, math.pi / 2, xtol=1e-15, rtol=1e-15)
        N = P * math.sin(psi) + load * math.cos(psi)
        sink = 0.0 if stiffness is None else N / stiffness
        return fillet + wheel_radius - (wheel_radius + fillet - sink) * math.cos(psi)

    mus, pushes = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    found = np.array([one(m, P) for m, P in zip(mus.ravel(), pushes.ravel(), strict=True)])
    return float(found[0]) if mus.ndim == 0 else found.reshape(mus.shape)


def pushed_by_the_tangent_formula(wheel_radius, fillet, mu, push, load, stiffness):
    """tan(psi*) = (mu + c) / (1 - mu c) through arctan2 (which stays right up to 90 deg), cos
    from the tangent without the angle, the wall climb tested first."""
    c = np.asarray(push, float) / load
    mu = np.asarray(mu, float)
    tan = np.arctan2(mu + c, 1 - mu * c)
    cos_psi, sin_psi = np.cos(tan), np.sin(tan)
    k = np.inf if stiffness is None else stiffness
    sink = (np.asarray(push) * sin_psi + load * cos_psi) / k
    height = (wheel_radius + fillet) * (1 - cos_psi) + sink * cos_psi
    return np.where(mu * c > 1, np.inf, height)


def pushed_with_sympy(wheel_radius, fillet, mu, push, load, stiffness):
    """tan(psi) solved by sympy from T = mu N, then the height; one pair at a time."""
    t = sympy.Symbol("t", positive=True)
    results = []
    mus, pushes = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    for m, P in zip(mus.ravel().tolist(), pushes.ravel().tolist(), strict=True):
        if m * P > load:
            results.append(math.inf)
            continue
        # divided by cos(psi): T/cos = W t - P, N/cos = P t + W
        tan_psi = float(sympy.solve(sympy.Eq(load * t - P, m * (P * t + load)), t)[0])
        cos_psi = 1 / math.sqrt(1 + tan_psi**2)
        N = (P * tan_psi + load) * cos_psi
        reach = wheel_radius + fillet - (0.0 if stiffness is None else N / stiffness)
        results.append(wheel_radius + fillet - reach * cos_psi)
    return results[0] if mus.ndim == 0 else np.reshape(results, mus.shape)


def _pushed_student(wheel_radius, fillet, mu, push, load, stiffness, *, psi=None, sink=None,
                    reach=None, wall=None, scale=1.0, top=None):
    """A student's answer, line by line, with one of its lines written otherwise."""
    mu, push = np.asarray(mu, float), np.asarray(push, float)
    c = push / load
    angle = np.arctan(mu) + np.arctan(c) if psi is None else psi(mu, c)
    N = push * np.sin(angle) + load * np.cos(angle)
    overlap = (0 if stiffness is None else N / stiffness) if sink is None else \
        sink(N, load, stiffness)
    distance = wheel_radius + fillet - overlap if reach is None else \
        reach(wheel_radius, fillet, overlap)
    base = fillet + wheel_radius if top is None else top(wheel_radius, fillet)
    h = scale * (base - distance * np.cos(angle))
    climbs_the_face = mu * push > load if wall is None else wall(mu, push, load)
    return np.where(climbs_the_face, np.inf, h)


def _pushed_by_components(R, f, mu, push, load, stiffness, *, tangent=None, normal=None,
                          vertical=np.cos, add_fillet=True):
    """Another student's answer, with the angle from the tangent of a sum, written out by
    the forces' components; one of its lines may be written otherwise."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    p = push / load
    tan_psi = (mu + p) / (1 - mu * p) if tangent is None else tangent(mu, p)
    psi = np.where(mu * p < 1, np.arctan(tan_psi), np.pi / 2)
    N = push * np.sin(psi) + load * np.cos(psi) if normal is None else normal(push, load, psi)
    sink = 0.0 if stiffness is None else N / stiffness
    centre_drop = (R + f - sink) * vertical(psi)
    h = (R + f - centre_drop) if add_fillet else (R - centre_drop)
    return np.where(mu * push > load, np.inf, h)


def pushed_tangent_plus_below(R, f, mu, push, load, stiffness):
    return _pushed_by_components(R, f, mu, push, load, stiffness,
                                 tangent=lambda mu, p: (mu + p) / (1 + mu * p))


def pushed_friction_down_the_rim(R, f, mu, push, load, stiffness):
    return _pushed_by_components(R, f, mu, push, load, stiffness,
                                 tangent=lambda mu, p: (p - mu) / (1 + mu * p))


def pushed_normal_from_the_load_only(R, f, mu, push, load, stiffness):
    return _pushed_by_components(R, f, mu, push, load, stiffness,
                                 normal=lambda P, W, psi: W * np.cos(psi))


def pushed_height_with_the_sine(R, f, mu, push, load, stiffness):
    return _pushed_by_components(R, f, mu, push, load, stiffness, vertical=np.sin)


def pushed_fillet_centre(R, f, mu, push, load, stiffness):
    return _pushed_by_components(R, f, mu, push, load, stiffness, add_fillet=False)


def pushed_without_the_push(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness, psi=lambda mu, c: np.arctan(mu))


def pushed_against_the_wheel(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness,
                           psi=lambda mu, c: np.arctan(mu) - np.arctan(c))


def pushed_tangents_added(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness,
                           psi=lambda mu, c: np.arctan(mu + c))


def pushed_with_load_and_push_swapped(R, f, mu, load, push, stiffness):
    """The def's parameters in another order than the call's: push and load trade places."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return _pushed_student(R, f, mu, push, load, stiffness)


def pushed_rigid_always(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness, sink=lambda N, W, k: 0.0)


def pushed_overlap_added(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness,
                           reach=lambda R, f, d: R + f + d)


def pushed_overlap_from_the_load(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness,
                           sink=lambda N, W, k: 0 if k is None else W / k)


def pushed_without_the_wall(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness,
                           wall=lambda mu, P, W: np.zeros(np.shape(P * mu), bool))


def pushed_wall_mu_on_the_load(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness, wall=lambda mu, P, W: P > mu * W)


def pushed_sharp_edge(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness, reach=lambda R, f, d: R - d,
                           top=lambda R, f: R)


def pushed_in_degrees(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness,
                           psi=lambda mu, c: np.degrees(np.arctan(mu) + np.arctan(c)))


def pushed_in_millimetres(R, f, mu, push, load, stiffness):
    return _pushed_student(R, f, mu, push, load, stiffness, scale=1e3)


RIGHT = [
    (STEP, step_distance_by_sampling),
    (STEP, step_distance_with_complex_numbers),
    (STEP, _by_the_texts_pieces),
    (LOAD, wheel_load_by_linear_solve),
    (LOAD, wheel_load_by_moment_vectors),
    (LOAD, wheel_load_with_sympy),
    (BISECT, bisect_on_a_list),
    (BISECT, bisect_with_counted_halvings),
    (BISECT, bisect_asking_twice),
    (BISECT, bisect_recursively),
    (STOP, stop_by_work_and_energy),
    (STOP, stop_from_the_time_to_stop),
    (STOP, stop_vectorized),
    (STOP, stop_by_stepping_the_speed_down),
    (CLIMB, climb_via_the_angle),
    (CLIMB, climb_by_root_find),
    (CLIMB, climb_with_complex_numbers),
    (CLIMB, climb_by_vector_geometry),
    (CLIMB, climb_with_sympy),
    (PUSH, pushed_by_root_find),
    (PUSH, pushed_by_the_tangent_formula),
    (PUSH, pushed_with_sympy),
]


@pytest.mark.parametrize(("exercise_id", "answer"), RIGHT,
                         ids=[getattr(a, "__name__", "vectorized") for _, a in RIGHT])
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Right answers written in other ways than the reference pass."""
    assert summary(exercise_id, answer) == "passed"


STUDENTS = [
    (STEP, fillet_centred_on_the_face, "centre at (step_x, height - fillet)"),
    (STEP, fillet_centred_in_front_of_the_face, "centre at (step_x - fillet"),
    (STEP, fillet_centred_on_the_corner, "centred on the step's corner"),
    (STEP, sharp_step, "the fillet ignored"),
    (STEP, normal_not_normalised, "not of unit length: the gap between"),
    (STEP, normal_is_the_gap, "the raw gap"),
    (STEP, normal_inward, "normal points into the solid"),
    (STEP, distance_positive_inside, "sign is flipped: positive inside"),
    (STEP, distance_unsigned, "unsigned (abs)"),
    (STEP, distance_without_inside_test, "no test for inside"),
    (STEP, fillet_whole_circle, "the fillet's whole circle"),
    (STEP, face_as_a_line, "the face taken as the whole line"),
    (STEP, floor_as_a_line, "the floor taken as the whole line"),
    (STEP, top_as_a_line, "the top taken as the whole line"),
    (STEP, corner_counted_as_step, "the corner it cuts off counted as step"),
    (STEP, inside_normal_into_the_step, "the normal of a point inside not flipped"),
    (STEP, face_reaching_the_top, "the face running up to the top"),
    (LOAD, load_variants_swapped, "leading and trailing swapped"),
    (LOAD, load_without_radius, "wheel radius left out"),
    (LOAD, load_without_traction, "the traction's moment ignored"),
    (LOAD, load_without_lever, "spring's lever forgotten"),
    (LOAD, load_sin_cos_swapped, "sin and cos"),
    (LOAD, load_with_the_angle_in_degrees, "arm angle converted from degrees"),
    (LOAD, load_with_the_whole_arm, "N's lever the whole arm length"),
    (LOAD, load_with_the_radius_for_the_drop, "the traction's lever taken as the wheel radius "
                                              "alone"),
    (LOAD, load_telescopic_by_moments, "the telescopic unit given a moment balance"),
    (LOAD, load_with_two_branches, "the telescopic unit computed as a trailing link"),
    (LOAD, load_with_the_diameter, "the wheel's diameter 2R in the traction's lever"),
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
    (STOP, stop_without_g, "g is missing"),
    (STOP, stop_without_two, "the factor 2 is missing"),
    (STOP, stop_not_squared, "v0 not squared"),
    (STOP, stop_mu_upstairs, "mu multiplies instead of divides"),
    (STOP, stop_without_mu, "mu is missing"),
    (STOP, stop_with_floor_division, "// (floor division)"),
    (STOP, stop_in_millimetres, "the distance in mm"),
    (STOP, stop_without_brackets, "the brackets of the denominator missing"),
    (STOP, stop_time, "the time to stop"),
    (CLIMB, climb_without_the_fillet, "the fillet forgotten"),
    (CLIMB, climb_with_tan_one_over_mu, "tan(phi) = 1/mu, or sin and cos of phi swapped"),
    (CLIMB, climb_with_sin_for_cos, "tan(phi) = 1/mu, or sin and cos of phi swapped"),
    (CLIMB, climb_to_the_fillet_centre, "the fillet's centre taken at the step's height"),
    (CLIMB, climb_fillet_subtracted, "the fillet subtracted instead of added"),
    (CLIMB, climb_in_degrees, "the angle in degrees"),
    (CLIMB, climb_without_one_minus, "the height of the wheel's centre above the fillet's"),
    (CLIMB, climb_with_the_fillet_on_top, "the fillet added to the height"),
    (CLIMB, climb_with_the_diameter_halved, "half the wheel radius"),
    (CLIMB, climb_small_angle, "phi = mu"),
    (CLIMB, climb_without_the_root, "cos^2(phi) taken for cos(phi)"),
    (PUSH, pushed_without_the_push, "the push left out"),
    (PUSH, pushed_against_the_wheel, "the push working against the wheel"),
    (PUSH, pushed_tangents_added, "the tangents added"),
    (PUSH, pushed_with_load_and_push_swapped, "push and load swapped"),
    (PUSH, pushed_rigid_always, "the edge's overlap N/k left out"),
    (PUSH, pushed_overlap_added, "the overlap added"),
    (PUSH, pushed_overlap_from_the_load, "the overlap from the load W"),
    (PUSH, pushed_without_the_wall, "no wall climb"),
    (PUSH, pushed_wall_mu_on_the_load, "mu on the wrong side"),
    (PUSH, pushed_sharp_edge, "the fillet forgotten"),
    (PUSH, pushed_in_degrees, "the angle in degrees"),
    (PUSH, pushed_in_millimetres, "the height in mm"),
    (PUSH, pushed_tangent_plus_below, "the tangent of the sum with the wrong sign below"),
    (PUSH, pushed_friction_down_the_rim, "pointing down the rim"),
    (PUSH, pushed_normal_from_the_load_only, "the push's share P sin(psi) left out"),
    (PUSH, pushed_height_with_the_sine, "sin(psi*) for the centres' height difference"),
    (PUSH, pushed_fillet_centre, "the height of the fillet's centre"),
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
    for _, answer, words in (row for row in STUDENTS if row[0] == STEP):
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


def step_distance_to_the_floor_only(point, step_x, height, fillet):
    return point[1], np.array([0.0, 1.0])


def load_with_the_arm_length_for_the_lever(spring_force, spring_lever, arm_length, arm_angle,
                                           wheel_radius, traction, variant):
    if variant == "telescopic":
        return spring_force
    c = traction if variant == "leading" else -traction
    return spring_force * spring_lever / (arm_length * math.cos(arm_angle) + c * arm_length)


def bisect_with_a_safety_margin(climbs, low, high, tol):
    """A bisection that subtracts tol at the end, 'to be safe': climbed, but tol too low."""
    while high - low > tol:
        middle = (low + high) / 2
        low, high = (middle, high) if climbs(middle) else (low, middle)
    return low - tol


def stop_with_half_g(v0, mu, g):
    return np.asarray(v0) ** 2 / (mu * g / 2)


def pushed_with_the_overlap_halved(R, f, mu, push, load, stiffness):
    """Half the overlap, 'shared between wheel and edge': a slip no mistake models."""
    return _pushed_student(R, f, mu, push, load, stiffness,
                           sink=lambda N, W, k: 0 if k is None else N / (2 * k))


def climb_with_mu_not_squared(wheel_radius, fillet, mu):
    return (wheel_radius + fillet) * (1 - 1 / np.sqrt(1 + np.asarray(mu)))


@pytest.mark.parametrize(("exercise_id", "answer"), [
    (STEP, step_distance_to_the_floor_only),
    (LOAD, load_with_the_arm_length_for_the_lever),
    (BISECT, bisect_with_a_safety_margin),
    (STOP, stop_with_half_g),
    (CLIMB, climb_with_mu_not_squared),
    (PUSH, pushed_with_the_overlap_halved),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer no mistake explains gets the generic message, naming no mistake."""
    assert_generic_failure(exercise_id, answer)


def test_the_generic_step_message_shows_call_expected_got_and_tolerance():
    """The generic message says what was called, expected and returned, and the tolerances."""
    text = message(STEP, step_distance_to_the_floor_only)
    for part in ("Called:    step_distance(point=array([0.0985, 0.01]), step_x=0.1, "
                 "height=0.019, fillet=0.003)",
                 "This input: 1.5 mm in front of the face of the thesis's step",
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

    text = message(STEP, floor_normal_under_the_step)
    assert text.splitlines()[0] == (f"{STEP}: wrong result for inside, 0.5 mm from the foot "
                                    f"of the face")
    assert "Hint: Below the foot of the face, inside, the nearest point of the profile is the " \
           "corner (step_x, 0)" in text


def test_a_telescopic_unit_without_its_own_rule_gets_the_hint():
    """The moment formula applied to the telescopic unit too fails there, with the hint."""

    def all_as_leading(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, variant):
        c = -traction if variant == "trailing" else traction
        return spring_force * spring_lever / (arm_length * np.cos(arm_angle) + c * (
            arm_length * np.sin(arm_angle) + wheel_radius))

    text = message(LOAD, all_as_leading)
    assert text.splitlines()[0] == f"{LOAD}: wrong result for the telescopic unit driving " \
                                   f"with c = 0.5"
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


def _piece_distances(point, step_x, height, fillet):
    """(distance, foot) to the floor, the face, the fillet and the top, each on its own."""
    p = np.asarray(point, dtype=float)
    cx, cz = step_x + fillet, height - fillet
    feet = [np.array([min(p[0], step_x), 0.0]), np.array([step_x, np.clip(p[1], 0.0, cz)]),
            np.array([max(p[0], cx), height])]
    if fillet > 0:
        angle = math.atan2(p[1] - cz, p[0] - cx)
        ends = [math.pi / 2, math.pi] + ([angle] if math.pi / 2 <= angle <= math.pi else [])
        feet += [np.array([cx + fillet * math.cos(a), cz + fillet * math.sin(a)]) for a in ends]
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
    7.50 N in either link, 5.37 and 12.43 N at c = 0.3; 7.3's robot of 21.3 mm in 0 to 50 mm
    at tol = 1 mm; 7.4's 4.7 mm; 7.5's 14.7 mm and 13.8 mm (sharp)."""
    def values(exercise_id):
        exercise = get_exercise(exercise_id)
        return {case.args: exercise.reference(*case.args) for case in exercise.cases()
                if case.kind == "fixed"}

    loads = values(LOAD)
    example = (9.4, 0.03, 0.04, 0.349, 0.036)
    for traction, variant, newtons in ((0.0, "leading", 7.50), (0.0, "trailing", 7.50),
                                       (0.3, "leading", 5.37), (0.3, "trailing", 12.43)):
        assert loads[(*example, traction, variant)] == pytest.approx(newtons, abs=0.005)
    bisect = get_exercise(BISECT).cases()[0]
    assert (bisect.args[0].highest, *bisect.args[1:]) == (0.021303, 0.0, 0.05, 1e-3)
    assert values(STOP)[(0.3, 0.97, 9.81)] == pytest.approx(4.7e-3, abs=0.05e-3)
    climbs = values(CLIMB)
    assert climbs[(0.044, 0.003, 1.06)] == pytest.approx(14.7e-3, abs=0.05e-3)
    assert climbs[(0.044, 0.0, 1.06)] == pytest.approx(13.8e-3, abs=0.05e-3)


def test_the_step_cases_hold_the_texts_examples_and_a_point_near_the_fillets_centre():
    """7.1's two examples are cases with the values the text gives, and a case inside the step
    near the fillet's centre tells the quarter circle from the whole circle."""
    exercise = get_exercise(STEP)
    by_point = {(tuple(case.args[0]), case.args[3]): case for case in exercise.cases()}
    d, n = exercise.reference(*by_point[((0.097, 0.023), 0.0)].args)
    assert d == pytest.approx(0.005) and n == pytest.approx([-0.6, 0.8])
    d, n = exercise.reference(*by_point[((0.1016, 0.0183), 0.003)].args)
    assert d == pytest.approx(-0.31e-3, abs=0.01e-3) and n == pytest.approx([-0.52, 0.85],
                                                                             abs=0.01)
    near = by_point[((0.1033, 0.0152), 0.003)]
    assert exercise.reference(*near.args)[0] == pytest.approx(-3.3e-3)
    assert fillet_whole_circle(*near.args)[0] == pytest.approx(-(3e-3 - math.hypot(0.3e-3,
                                                                                   0.8e-3)))


def test_the_wheel_load_cases_span_the_variants_and_never_jam():
    """All three variants, traction 0 to 0.8, arm angles 0 to 40 deg, no trailing jam."""
    cases = get_exercise(LOAD).cases()
    assert {case.args[-1] for case in cases} == {"leading", "trailing", "telescopic"}
    tractions = [case.args[5] for case in cases]
    angles = [math.degrees(case.args[3]) for case in cases]
    assert min(tractions) == 0.0 and max(tractions) >= 0.7 and max(tractions) <= 0.8
    assert min(angles) == 0.0 and 39.5 < max(angles) <= 40.0
    for case in cases:
        _, _, a, phi, R, c, variant = case.args
        if variant == "trailing":
            assert a * math.cos(phi) - c * (a * math.sin(phi) + R) >= 0.29 * a * math.cos(phi)


# --------------------------------------------------------------------------- misbehaving


def test_a_distance_without_its_normal_is_told_to_return_both():
    """Returning only the distance says a pair (distance, normal) is expected."""

    def distance_only(point, step_x, height, fillet):
        return step_distance_with_complex_numbers(point, step_x, height, fillet)[0]

    assert summary(STEP, distance_only) == (
        f"{STEP}: expected a pair (distance, normal), got a single float: return all of "
        f"them, as in `return distance, normal`")


def test_a_flat_triple_is_told_to_return_a_pair():
    """(d, n_x, n_z) as three numbers says two values are expected."""

    def flat(point, step_x, height, fillet):
        d, n = step_distance_with_complex_numbers(point, step_x, height, fillet)
        return d, n[0], n[1]

    assert summary(STEP, flat) == (f"{STEP}: expected a pair (distance, normal), got a tuple of "
                                   f"3 values: return them as in `return distance, normal`")


def test_a_column_normal_is_a_wrong_shape():
    """A normal of shape (2, 1) is a wrong shape, naming the expected (2,)."""

    def column(point, step_x, height, fillet):
        d, n = step_distance_with_complex_numbers(point, step_x, height, fillet)
        return d, n.reshape(2, 1)

    assert summary(STEP, column) == (f"{STEP}: wrong shape of normal: expected shape (2,), got "
                                     f"shape (2, 1)")


def test_an_unknown_variant_raised_by_a_typo_shows_the_call():
    """An answer that raises on 'telescopic' (a typo in its test) shows the call that raised."""

    def typo(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
             variant):
        if variant == "telescope":
            return spring_force
        if variant not in ("leading", "trailing"):
            raise ValueError(f"unknown variant {variant!r}")
        return wheel_load_by_linear_solve(spring_force, spring_lever, arm_length, arm_angle,
                                          wheel_radius, traction, variant)

    text = message(LOAD, typo)
    assert text.splitlines()[0] == f"{LOAD}: your answer raised ValueError: unknown variant " \
                                   f"'telescopic'"
    p = vacuum.VacuumParams()
    b, a, phi, R = (round(v, 3) for v in (p.spring_lever, p.arm_length, p.arm_angle,
                                           p.wheel_radius))
    assert (f"Called:    wheel_load(spring_force=9.4, spring_lever={b}, arm_length={a}, "
            f"arm_angle={phi}, wheel_radius={R}, traction=0.5, variant='telescopic')") in text


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
    """math.pow works on one speed and fails on the arrays: the message says to use NumPy."""

    def with_math(v0, mu, g):
        return math.pow(v0, 2) / (2 * mu * g)

    text = message(STOP, with_math)
    assert text.splitlines()[0].startswith(f"{STOP}: works on single numbers but fails on "
                                           f"NumPy arrays")


def test_the_generic_climb_message_shows_call_expected_got_and_tolerance():
    """mu not squared gets the generic message, on the book's wheel at the static mu."""
    text = message(CLIMB, climb_with_mu_not_squared)
    assert text.splitlines()[0] == (f"{CLIMB}: wrong result for the book's wheel of radius "
                                    f"44 mm, the 3 mm fillet, the static mu = 1.08")
    for part in ("Called:    edge_climb_height(wheel_radius=0.044, fillet=0.003, mu=1.08)",
                 "Expected:  height = 0.0150678225196",
                 "Tolerance: height within rtol=1e-09, atol=1e-12"):
        assert part in text
    assert "Looks like" not in text


def test_the_climb_cases_keep_the_step_above_its_fillet_and_off_mu_one():
    """The answer exceeds the fillet in every case (the formula's premise), no mu is 1 (where
    the tan(phi) = 1/mu mistake is right), and the cases span slippery to grippy wheels, a sharp
    edge and an array of mu."""
    cases = get_exercise(CLIMB).cases()
    mus = []
    for case in cases:
        wheel_radius, fillet, mu = case.args
        assert np.all(vacuum.edge_climb_height(wheel_radius, fillet, mu) > fillet), case.about
        assert np.all(np.asarray(mu) != 1.0)
        mus.extend(np.atleast_1d(mu).tolist())
    assert min(mus) <= 0.4 and max(mus) >= 3.0
    assert any(case.args[1] == 0.0 for case in cases)
    assert any(case.kind == "arrays" for case in cases)


@pytest.mark.parametrize(("answer", "words"), [
    (lambda R, f, mu: [climb_via_the_angle(R, f, mu)],
     "wrong shape of height: expected a single number, got shape (1,)"),
    (lambda R, f, mu: f"{climb_via_the_angle(R, f, mu):.4f} m",
     "height came back as a str, not a number or an array of numbers"),
    (lambda R, f, mu: climb_via_the_angle(R, f, mu) * np.nan, "returned nan"),
    (lambda R, f, mu: (R + f) * (1 - 1 / math.sqrt(1 + mu**2)),
     "works on single numbers but fails on NumPy arrays"),
], ids=["a list", "a string", "nan", "math on an array"])
def test_a_height_of_the_wrong_type_is_told(answer, words):
    """A list around the height, a formatted string, NaN and math.sqrt on the array of mu
    each get their own message."""
    line = summary(CLIMB, answer)
    assert line.startswith(f"{CLIMB}: ") and words in line, line


def test_the_pushed_climb_cases_hold_the_texts_numbers_the_wall_and_soft_edges():
    """7.6's text's numbers are cases (14.7 mm without a push, 24.0 mm with P = 5 N, 25.4 mm
    on the 5000 N/m edge); cases hold the wall climb (inf), rigid and soft edges and arrays of
    mu and of P, and no case sits on mu P = W, where the wall's test flips."""
    exercise = get_exercise(PUSH)
    cases = exercise.cases()
    values = {case.args: exercise.reference(*case.args) for case in cases
              if case.kind == "fixed"}
    assert values[(0.044, 0.003, 1.06, 0.0, 20.0, None)] == pytest.approx(14.7e-3, abs=5e-5)
    assert values[(0.044, 0.003, 1.06, 5.0, 20.0, None)] == pytest.approx(24.0e-3, abs=5e-5)
    assert values[(0.044, 0.003, 1.06, 5.0, 20.0, 5e3)] == pytest.approx(25.4e-3, abs=5e-5)
    heights = [np.asarray(exercise.reference(*case.args)) for case in cases]
    assert any(np.any(np.isinf(h)) for h in heights)
    assert sum(bool(np.all(np.isinf(h))) for h in heights) == 1
    assert {case.args[5] is None for case in cases} == {True, False}
    assert {case.kind for case in cases} >= {"fixed", "seeded random", "arrays"}
    for case in cases:
        mu, push = np.broadcast_arrays(np.asarray(case.args[2]), np.asarray(case.args[3]))
        assert np.all(np.abs(mu * push - case.args[4]) > 0.01 * case.args[4]), case.about


def test_an_infinite_height_is_not_taken_for_any_number():
    """The wall climb's inf is right only as inf: a large finite height there fails and is
    named as the missing wall climb, inf where a height is due fails too."""
    exercise = get_exercise(PUSH)
    wall = next(c for c in exercise.cases() if c.args[3] == 25.0)
    assert np.isinf(exercise.reference(*wall.args))
    assert "no wall climb" in summary(PUSH, pushed_without_the_wall)

    def always_inf(R, f, mu, push, load, stiffness):
        return np.full(np.broadcast(np.asarray(mu), np.asarray(push)).shape, np.inf)

    assert summary(PUSH, always_inf).startswith(f"{PUSH}: wrong result")
