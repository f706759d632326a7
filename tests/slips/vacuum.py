"""Typical wrong answers to the exercises of chapter 7 (the vacuum robot climbing a step)."""

import functools

import numpy as np
from scipy.optimize import brentq

# --------------------------------------------------------------------------- 7.1 step distance


def _nearest_on_segment(p, a, b):
    d = b - a
    t = np.clip(np.dot(p - a, d) / np.dot(d, d), 0.0, 1.0) if np.dot(d, d) > 0 else 0.0
    return a + t * d


def _step_distance(point, step_x, height, fillet, centre_x=None, corner_solid=False,
                   flip_inside=True, signed=True, face_line=False, floor_line=False,
                   top_line=False, full_circle=False, unit_normal=True, fillet_used=True):
    """A student's answer in pieces; each keyword is one of the slips below."""
    p = np.asarray(point, dtype=float)
    x, z = p
    f = fillet if fillet_used else 0.0
    xs, h = step_x, height
    cx = xs + f if centre_x is None else centre_x(xs, f)
    centre = np.array([cx, h - f])
    floor = np.array([x if floor_line else min(x, xs), 0.0])
    face = (np.array([xs, z]) if face_line
            else _nearest_on_segment(p, np.array([xs, 0.0]), np.array([xs, h - f])))
    top = np.array([x if top_line else max(x, xs + f), h])
    candidates = [floor, face, top]
    if f > 0:
        angle = np.arctan2(z - centre[1], x - centre[0])
        if not full_circle:
            angle = np.clip(angle, np.pi / 2, np.pi)
        candidates.append(centre + f * np.array([np.cos(angle), np.sin(angle)]))
    distances = [np.hypot(*(p - c)) for c in candidates]
    k = int(np.argmin(distances))
    distance, nearest = distances[k], candidates[k]
    inside = z < 0 or (xs < x and z < h)
    in_corner = xs + f > x and z > h - f and np.hypot(*(p - centre)) > f
    if inside and in_corner and not corner_solid:
        inside = False
    normal = p - nearest
    if unit_normal:
        normal = normal / distance
    if inside and signed:
        return -distance, -normal if flip_inside else normal
    return distance, normal


def step_corner_solid(point, step_x, height, fillet):
    """The air between the fillet's arc and the sharp corner it cuts off counted as step."""
    return _step_distance(point, step_x, height, fillet, corner_solid=True)


def step_inside_normal_not_flipped(point, step_x, height, fillet):
    """Inside, the normal still runs from the nearest point to the point (into the solid)."""
    return _step_distance(point, step_x, height, fillet, flip_inside=False)


def step_fillet_centre_before_face(point, step_x, height, fillet):
    """The fillet's centre f before the face, at (x_s - f, h - f): 'behind' read backwards."""
    return _step_distance(point, step_x, height, fillet, centre_x=lambda xs, f: xs - f)


def step_fillet_ignored(point, step_x, height, fillet):
    """The fillet left out: every edge taken as sharp."""
    return _step_distance(point, step_x, height, fillet, fillet_used=False)


def step_unsigned(point, step_x, height, fillet):
    """The distance never negative: points inside the floor or the step not told apart."""
    return _step_distance(point, step_x, height, fillet, signed=False)


def step_face_unclamped(point, step_x, height, fillet):
    """The face taken as the whole line x = x_s, not clamped to its ends."""
    return _step_distance(point, step_x, height, fillet, face_line=True)


def step_floor_unclamped(point, step_x, height, fillet):
    """The floor taken as the whole line z = 0, also under the step."""
    return _step_distance(point, step_x, height, fillet, floor_line=True)


def step_top_unclamped(point, step_x, height, fillet):
    """The top taken as the whole line z = h, also in front of the step."""
    return _step_distance(point, step_x, height, fillet, top_line=True)


def step_full_circle(point, step_x, height, fillet):
    """The fillet's whole circle, not clamped to its quarter."""
    return _step_distance(point, step_x, height, fillet, full_circle=True)


def step_normal_not_unit(point, step_x, height, fillet):
    """The normal left as the difference vector, not divided by its length."""
    return _step_distance(point, step_x, height, fillet, unit_normal=False)


def _sill(half):
    """A slip of the front step's pieces made a sill's answer the way a student mirrors: a
    point behind the middle mirrored to the front, its normal mirrored back."""
    @functools.wraps(half)
    def sill_distance(point, step_x, width, height, fillet):
        x, z = np.asarray(point, dtype=float)
        middle = step_x + width / 2
        if x <= middle:
            return half(np.array([x, z]), step_x, height, fillet)
        distance, normal = half(np.array([2 * middle - x, z]), step_x, height, fillet)
        return distance, np.array([-normal[0], normal[1]])

    return sill_distance


def sill_top_runs_on(point, step_x, width, height, fillet):
    """The front step's pieces only: the back fillet, back face and floor behind left out."""
    return _step_distance(point, step_x, height, fillet)


def sill_normal_kept(point, step_x, width, height, fillet):
    """Mirrored to the front, but the front's normal returned unmirrored behind the middle."""
    x, z = np.asarray(point, dtype=float)
    middle = step_x + width / 2
    return _step_distance(np.array([min(x, 2 * middle - x), z]), step_x, height, fillet)


# --------------------------------------------------------------------------- 7.2 wheel load


def _load(F, b, a, phi, R, c, psi, variant, *, tilt=None, radius=1.0, traction=True,
          swap=False, trig=(np.cos, np.sin), degrees=False, telescopic=None):
    """A student's wheel load at the edge; each keyword is one of the slips below."""
    if degrees:
        phi, psi = np.radians(phi), np.radians(psi)
    cos, sin = trig
    c = c if traction else 0.0
    if variant == "telescopic":
        return telescopic(F, c, psi) if telescopic else F / (cos(psi) + c * sin(psi))
    s = 1.0 if (variant == "leading") != swap else -1.0
    angle = phi + s * psi if tilt is None else tilt(phi, psi, s)
    return F * b / (a * cos(angle) + s * c * (a * sin(angle) + radius * R))


def load_degrees(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant):
    """np.radians on both angles, which are in radians already."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, degrees=True)


def load_links_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, contact_angle, variant):
    """The traction's sign of the leading link given to the trailing one and back."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, swap=True)


def load_traction_lever_without_radius(spring_force, spring_lever, arm_length, arm_angle,
                                       wheel_radius, traction, contact_angle, variant):
    """The traction's lever a sin(phi + s psi): the wheel radius left out."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, radius=0.0)


def load_on_the_floor(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                      traction, contact_angle, variant):
    """The chapter's floor formula: the contact angle never used for the links."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, tilt=lambda phi, psi, s: phi)


def load_tilt_always_added(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, contact_angle, variant):
    """phi + psi for both links: the trailing arm's direction not taken into account."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, tilt=lambda phi, psi, s: phi + psi)


def load_no_traction(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                     traction, contact_angle, variant):
    """The traction's moment (and its part along the slide) left out."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, traction=False)


def load_telescopic_spring_only(spring_force, spring_lever, arm_length, arm_angle,
                                wheel_radius, traction, contact_angle, variant):
    """The telescopic unit's load F_s, as on the floor."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, telescopic=lambda F, c, psi: F)


def load_telescopic_cos_only(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                             traction, contact_angle, variant):
    """F_s / cos(psi) for the telescopic unit: the traction's vertical part left out."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, telescopic=lambda F, c, psi: F / np.cos(psi))


def load_diameter_lever(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant):
    """The traction's lever with the diameter 2R for the radius."""
    return _load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 contact_angle, variant, radius=2.0)


# --------------------------------------------------------------------------- 7.3 bisection


def bisect_returns_high(climbs, low, high, tol):
    """The upper end of the last interval returned: a height the robot fails."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(high)


def bisect_returns_midpoint(climbs, low, high, tol):
    """The midpoint of the last interval returned, untested: it may lie above the threshold."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return (low + high) / 2


def bisect_stops_one_halving_early(climbs, low, high, tol):
    """while (high - low) / 2 > tol: stops with an interval up to 2 tol long."""
    while (high - low) / 2 > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(low)


def bisect_update_swapped(climbs, low, high, tol):
    """The ends moved the wrong way: a climbed height becomes the new upper end."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            high = mid
        else:
            low = mid
    return float(low)


def bisect_rechecks_bracket(climbs, low, high, tol):
    """climbs(low) and climbs(high) called again in every halving: three simulations each."""
    while high - low > tol:
        if not climbs(low) or climbs(high):
            break
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(low)


def bisect_fixed_ten_halvings(climbs, low, high, tol):
    """Ten halvings whatever tol is."""
    for _ in range(10):
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(low)


def bisect_linear_scan(climbs, low, high, tol):
    """A scan upwards in steps of tol instead of a bisection: far too many simulations."""
    height = low
    while height + tol < high and climbs(height + tol):
        height += tol
    return float(height)


def bisect_returns_last_tried(climbs, low, high, tol):
    """The last height tried returned (the loop's mid), which may be one the robot fails."""
    mid = low
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(mid)


# --------------------------------------------------------------------------- 7.4 braking


def _stop(v0, mu, g, slope, ahead, behind, cog_height, share=None, downhill=1.0,
          stop_test=True):
    """A student's braking distance; each keyword is one of the slips below."""
    v0, slope = np.asarray(v0, dtype=float), np.asarray(slope, dtype=float)
    if share is None:
        share = behind / (ahead + behind - mu * cog_height)
    a = g * (mu * share * np.cos(slope) - downhill * np.sin(slope))
    with np.errstate(divide="ignore"):
        if not stop_test:
            return v0**2 / (2 * a)
        return np.where(a > 0, v0**2 / (2 * a), np.inf)[()]


def stop_all_weight_braked(v0, mu, g, slope, ahead, behind, cog_height):
    """The whole weight on the locked wheels, as in the chapter: the caster brakes too."""
    return _stop(v0, mu, g, slope, ahead, behind, cog_height, share=1.0)


def stop_no_pitch_moment(v0, mu, g, slope, ahead, behind, cog_height):
    """The wheels' share behind / (ahead + behind): the friction's moment left out."""
    return _stop(v0, mu, g, slope, ahead, behind, cog_height,
                 share=behind / (ahead + behind))


def stop_moment_sign(v0, mu, g, slope, ahead, behind, cog_height):
    """The friction's moment with the wrong sign: ahead + behind + mu H."""
    return _stop(v0, mu, g, slope, ahead, behind, cog_height,
                 share=behind / (ahead + behind + mu * cog_height))


def stop_downhill_brakes(v0, mu, g, slope, ahead, behind, cog_height):
    """+ sin(slope): downhill taken as helping the robot stop."""
    return _stop(v0, mu, g, slope, ahead, behind, cog_height, downhill=-1.0)


def stop_never_infinite(v0, mu, g, slope, ahead, behind, cog_height):
    """No np.inf: a negative distance where the slope beats the friction."""
    return _stop(v0, mu, g, slope, ahead, behind, cog_height, stop_test=False)


def stop_ahead_share(v0, mu, g, slope, ahead, behind, cog_height):
    """ahead in the numerator: the levers of the moment balance swapped."""
    return _stop(v0, mu, g, slope, ahead, behind, cog_height,
                 share=ahead / (ahead + behind - mu * cog_height))


def stop_time_not_distance(v0, mu, g, slope, ahead, behind, cog_height):
    """v0 / a, the time until it stops, not the distance."""
    d = _stop(v0, mu, g, slope, ahead, behind, cog_height)
    return 2 * d / np.asarray(v0, dtype=float)


def stop_slope_in_degrees(v0, mu, g, slope, ahead, behind, cog_height):
    """np.radians(slope): the slope taken for degrees."""
    return _stop(v0, mu, g, np.radians(slope), ahead, behind, cog_height)


# --------------------------------------------------------------------------- 7.5 edge climb


def _corner(wheel_radius, phi):
    return wheel_radius * (1 - np.cos(phi))


def climb_degrees(wheel_radius, chamfer, chamfer_angle, mu):
    """The largest angle taken in degrees (np.degrees), in the test and in np.cos."""
    phi = np.degrees(np.arctan(mu))
    return np.where(phi > chamfer_angle, chamfer, 0.0) + _corner(wheel_radius, phi)


def climb_chamfer_forgotten(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer forgotten: the sharp edge's R (1 - cos(phi))."""
    return _corner(wheel_radius, np.arctan(mu))


def climb_angle_upside_down(wheel_radius, chamfer, chamfer_angle, mu):
    """tan(phi) < 1 / mu: the grip condition solved the wrong way round."""
    phi = np.arctan(1 / np.asarray(mu))
    return np.where(phi > chamfer_angle, chamfer, 0.0) + _corner(wheel_radius, phi)


def climb_always_lower_corner(wheel_radius, chamfer, chamfer_angle, mu):
    """c + R (1 - cos(phi)) always: the slope never compared with the grip."""
    return chamfer + _corner(wheel_radius, np.arctan(mu))


def climb_fillet_formula(wheel_radius, chamfer, chamfer_angle, mu):
    """The chapter's rounded-edge formula with the chamfer for the fillet."""
    return (wheel_radius + chamfer) * (1 - np.cos(np.arctan(mu)))


def climb_slope_test_reversed(wheel_radius, chamfer, chamfer_angle, mu):
    """The lower corner taken when the grip does not hold the slope."""
    phi = np.arctan(mu)
    return np.where(phi < chamfer_angle, chamfer, 0.0) + _corner(wheel_radius, phi)


def climb_run_added(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer's horizontal run c / tan(alpha) added instead of its rise c."""
    phi = np.arctan(mu)
    run = chamfer / np.tan(chamfer_angle)
    return np.where(phi > chamfer_angle, run, 0.0) + _corner(wheel_radius, phi)


def climb_small_angle(wheel_radius, chamfer, chamfer_angle, mu):
    """phi = mu, the small-angle arctan(mu) ~ mu (mu is about 1)."""
    phi = np.asarray(mu, dtype=float)
    return np.where(phi > chamfer_angle, chamfer, 0.0) + _corner(wheel_radius, phi)


def climb_forgot_one_minus(wheel_radius, chamfer, chamfer_angle, mu):
    """R cos(phi): the centre's height above the corner, not the corner's height."""
    phi = np.arctan(mu)
    return np.where(phi > chamfer_angle, chamfer, 0.0) + wheel_radius * np.cos(phi)


# --------------------------------------------------------------------------- 7.6 push to climb


def _push(wheel_radius, fillet, mu, load, stiffness, height, overlap=None, clip=True):
    """A student's push by brentq on psi; each keyword is one of the slips below."""
    a = np.arctan(mu)
    overlap = overlap or (lambda N, W, k: N / k)

    def taken(psi):
        P = load * np.tan(psi - a)
        N = P * np.sin(psi) + load * np.cos(psi)
        d = 0.0 if stiffness is None else overlap(N, load, stiffness)
        return wheel_radius + fillet - (wheel_radius + fillet - d) * np.cos(psi)

    def one(h):
        start = a if clip else 0.0
        if clip and taken(start) >= h:
            return 0.0
        psi = brentq(lambda psi: taken(psi) - h, start, np.pi / 2, xtol=1e-15)
        return load * np.tan(psi - a)

    return np.vectorize(one, otypes=[float])(height)[()]


def push_rigid_closed_form(wheel_radius, fillet, mu, load, stiffness, height):
    """The rigid edge's angle from the geometry, whatever k: the overlap left out."""
    reach = wheel_radius + fillet
    psi = np.arccos((reach - np.asarray(height, dtype=float)) / reach)
    return np.maximum(load * np.tan(psi - np.arctan(mu)), 0.0)


def push_overlap_of_the_load(wheel_radius, fillet, mu, load, stiffness, height):
    """The overlap W / k, the load over the stiffness, not N / k."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height,
                 overlap=lambda N, W, k: W / k)


def push_never_zero(wheel_radius, fillet, mu, load, stiffness, height):
    """No test for a step taken unpushed: a negative push below the unpushed limit."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height, clip=False)


def push_per_newton_of_load(wheel_radius, fillet, mu, load, stiffness, height):
    """tan(psi - arctan(mu)) returned: P / W, the load's factor forgotten."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height) / load


SLIPS = [
    ("vacuum.step_distance", _sill(step_corner_solid)),
    ("vacuum.step_distance", _sill(step_inside_normal_not_flipped)),
    ("vacuum.step_distance", _sill(step_fillet_centre_before_face)),
    ("vacuum.step_distance", _sill(step_fillet_ignored)),
    ("vacuum.step_distance", _sill(step_unsigned)),
    ("vacuum.step_distance", _sill(step_face_unclamped)),
    ("vacuum.step_distance", _sill(step_floor_unclamped)),
    ("vacuum.step_distance", _sill(step_top_unclamped)),
    ("vacuum.step_distance", _sill(step_full_circle)),
    ("vacuum.step_distance", _sill(step_normal_not_unit)),
    ("vacuum.step_distance", sill_top_runs_on),
    ("vacuum.step_distance", sill_normal_kept),
    ("vacuum.wheel_load", load_degrees),
    ("vacuum.wheel_load", load_links_swapped),
    ("vacuum.wheel_load", load_traction_lever_without_radius),
    ("vacuum.wheel_load", load_on_the_floor),
    ("vacuum.wheel_load", load_tilt_always_added),
    ("vacuum.wheel_load", load_no_traction),
    ("vacuum.wheel_load", load_telescopic_spring_only),
    ("vacuum.wheel_load", load_telescopic_cos_only),
    ("vacuum.wheel_load", load_diameter_lever),
    ("vacuum.bisect_height", bisect_returns_high),
    ("vacuum.bisect_height", bisect_returns_midpoint),
    ("vacuum.bisect_height", bisect_stops_one_halving_early),
    ("vacuum.bisect_height", bisect_update_swapped),
    ("vacuum.bisect_height", bisect_rechecks_bracket),
    ("vacuum.bisect_height", bisect_fixed_ten_halvings),
    ("vacuum.bisect_height", bisect_linear_scan),
    ("vacuum.bisect_height", bisect_returns_last_tried),
    ("vacuum.sliding_stop", stop_all_weight_braked),
    ("vacuum.sliding_stop", stop_no_pitch_moment),
    ("vacuum.sliding_stop", stop_moment_sign),
    ("vacuum.sliding_stop", stop_downhill_brakes),
    ("vacuum.sliding_stop", stop_never_infinite),
    ("vacuum.sliding_stop", stop_ahead_share),
    ("vacuum.sliding_stop", stop_time_not_distance),
    ("vacuum.sliding_stop", stop_slope_in_degrees),
    ("vacuum.edge_climb_height", climb_degrees),
    ("vacuum.edge_climb_height", climb_chamfer_forgotten),
    ("vacuum.edge_climb_height", climb_angle_upside_down),
    ("vacuum.edge_climb_height", climb_always_lower_corner),
    ("vacuum.edge_climb_height", climb_fillet_formula),
    ("vacuum.edge_climb_height", climb_slope_test_reversed),
    ("vacuum.edge_climb_height", climb_run_added),
    ("vacuum.edge_climb_height", climb_small_angle),
    ("vacuum.edge_climb_height", climb_forgot_one_minus),
    ("vacuum.pushed_climb_height", push_rigid_closed_form),
    ("vacuum.pushed_climb_height", push_overlap_of_the_load),
    ("vacuum.pushed_climb_height", push_never_zero),
    ("vacuum.pushed_climb_height", push_per_newton_of_load),
]
