"""Typical wrong answers to the exercises of chapter 7 (the vacuum robot climbing a step)."""

import functools
import math

import numpy as np

# --------------------------------------------------------------------------- 7.1 step distance


def _step(point, xs, h, f, *, corner_solid=False, flip_inside=True, signed=True,
          unit=True, outward=True, clamp_floor=True, clamp_top=True, clamp_arc=True,
          face_top=None):
    """A student's nearest-piece search, with switches for the slips below (not a slip)."""
    x, z = float(point[0]), float(point[1])
    cx, cz = xs + f, h - f
    feet = [(min(x, xs) if clamp_floor else x, 0.0),
            (xs, min(max(z, 0.0), cz if face_top is None else face_top)),
            (max(x, cx) if clamp_top else x, h)]
    r = math.hypot(x - cx, z - cz)
    if r > 0 and (not clamp_arc or (x <= cx and z >= cz)):
        feet.append((cx + f * (x - cx) / r, cz + f * (z - cz) / r))
    else:
        feet += [(xs, cz), (cx, h)]
    fx, fz = min(feet, key=lambda q: math.hypot(x - q[0], z - q[1]))
    d = math.hypot(x - fx, z - fz)
    n = np.array([x - fx, z - fz]) / (d if unit else 1.0)
    if z < 0:
        inside = True
    elif x <= xs or z >= h:
        inside = False
    elif corner_solid or not (x < cx and z > cz):
        inside = True
    else:
        inside = r <= f
    if not outward:
        n = -n
    if inside and signed:
        return -d, (-n if flip_inside else n)
    return d, n


def corner_treated_as_solid(point, step_x, height, fillet):
    """The air between the arc and the sharp corner it cuts off counted as step."""
    return _step(point, step_x, height, fillet, corner_solid=True)


def inside_normal_not_flipped(point, step_x, height, fillet):
    """Inside the solid the normal still runs from the nearest point to the point (inwards)."""
    return _step(point, step_x, height, fillet, flip_inside=False)


def distance_unsigned(point, step_x, height, fillet):
    """Never negative: the side of the profile is not decided."""
    return _step(point, step_x, height, fillet, signed=False)


def normal_not_normalised(point, step_x, height, fillet):
    """The normal is the difference vector itself, not divided by its length."""
    return _step(point, step_x, height, fillet, unit=False)


def normal_into_the_solid(point, step_x, height, fillet):
    """The normal from the point to the nearest point: into the solid, not out of it."""
    return _step(point, step_x, height, fillet, outward=False)


def floor_not_clamped(point, step_x, height, fillet):
    """The floor taken as the whole line z = 0, also under the step."""
    return _step(point, step_x, height, fillet, clamp_floor=False)


def top_not_clamped(point, step_x, height, fillet):
    """The top taken as the whole line z = h, also in front of the step."""
    return _step(point, step_x, height, fillet, clamp_top=False)


def arc_not_clamped(point, step_x, height, fillet):
    """The fillet taken as the whole circle, not the quarter between its ends."""
    return _step(point, step_x, height, fillet, clamp_arc=False)


def face_up_to_the_top(point, step_x, height, fillet):
    """The face runs up to z = h, though the fillet cuts it off at h - f."""
    return _step(point, step_x, height, fillet, face_top=height)


def fillet_ignored(point, step_x, height, fillet):
    """Ignores the fillet: the distance to a sharp step."""
    return _step(point, step_x, height, 0.0)


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


def sill_as_one_step(point, step_x, width, height, fillet):
    """The sill taken for the chapter's step: its back never looked at."""
    return _step(point, step_x, height, fillet)


def air_behind_taken_as_sill(point, step_x, width, height, fillet):
    """Inside wherever x > step_x and z < height: the back face forgotten in the inside test."""
    distance, normal = _sill(_step)(point, step_x, width, height, fillet)
    x, z = point
    if x > step_x + width and 0 < z < height:
        return -distance, -normal
    return distance, normal


# --------------------------------------------------------------------------- 7.2 wheel load


def _moment_load(F, b, a, phi, R, c, psi, variant, *, sign=None, psi_in_contact=True,
                 psi_in_forces=True, radius=1.0, to_radians=False):
    """The moment balance written with vectors, as a student does, with the slips below."""
    if to_radians:
        phi, psi = np.radians(phi), np.radians(psi)
    if variant == "telescopic":
        return F / (np.cos(psi) + c * np.sin(psi))
    s = (1.0 if variant == "leading" else -1.0) if sign is None else sign(variant)
    where = psi if psi_in_contact else 0.0
    turn = psi if psi_in_forces else 0.0
    x = s * a * np.cos(phi) + radius * R * np.sin(where)
    z = -a * np.sin(phi) - radius * R * np.cos(where)
    fx, fz = -np.sin(turn) + c * np.cos(turn), np.cos(turn) + c * np.sin(turn)
    return s * F * b / (x * fz - z * fx)


def arm_angle_converted(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant):
    """np.radians on the arm's and the contact's angles, already in radians."""
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant, to_radians=True)


def traction_signs_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, contact_angle, variant):
    """The leading wheel put behind the pivot and the trailing one ahead."""
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant,
                        sign=lambda v: -1.0 if v == "leading" else 1.0)


def traction_lever_without_radius(spring_force, spring_lever, arm_length, arm_angle,
                                  wheel_radius, traction, contact_angle, variant):
    """The contact taken at the axle: the wheel radius missing from the levers."""
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant, radius=0.0)


def forces_kept_vertical(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                         traction, contact_angle, variant):
    """The contact moved to the edge, but N still vertical and T still horizontal."""
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant, psi_in_forces=False)


def telescopic_as_on_floor(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, contact_angle, variant):
    """The telescopic unit's load F_s whatever the edge."""
    if variant == "telescopic":
        return spring_force
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant)


def traction_left_out(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                      traction, contact_angle, variant):
    """c = 0 in every variant: the traction forgotten."""
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        0.0, contact_angle, variant)


def edge_angle_ignored(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, contact_angle, variant):
    """The links balanced as on the floor: psi used for the telescopic unit only."""
    if variant == "telescopic":
        return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                            traction, contact_angle, variant)
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, 0.0, variant)


def telescopic_without_traction_part(spring_force, spring_lever, arm_length, arm_angle,
                                     wheel_radius, traction, contact_angle, variant):
    """F_s / cos(psi) for the slide: T's vertical part forgotten."""
    if variant == "telescopic":
        return spring_force / np.cos(contact_angle)
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant)


def diameter_in_traction_lever(spring_force, spring_lever, arm_length, arm_angle,
                               wheel_radius, traction, contact_angle, variant):
    """The contact a diameter from the axle: 2R where R belongs."""
    return _moment_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, contact_angle, variant, radius=2.0)


# --------------------------------------------------------------------------- 7.3 bisection


def returns_failing_end(climbs, low, high, tol):
    """Returns high, the end the robot fails."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return high


def returns_midpoint(climbs, low, high, tol):
    """Returns the midpoint of the last interval, which need not be climbed."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return (low + high) / 2


def update_swapped(climbs, low, high, tol):
    """Moves high down on a climb and low up on a failure: searches the wrong half."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            high = mid
        else:
            low = mid
    return low


def stops_at_twice_tol(climbs, low, high, tol):
    """while (high - low) / 2 > tol: stops with an interval up to twice tol."""
    while (high - low) / 2 > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return low


def linear_scan(climbs, low, high, tol):
    """Steps up by tol until the robot fails: far more simulations than a bisection."""
    h = low
    while h + tol < high and climbs(h + tol):
        h += tol
    return h


def returned_in_mm(climbs, low, high, tol):
    """Returns the height in mm, like the worked example, not in m."""
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return low * 1000


def returns_last_tried(climbs, low, high, tol):
    """Returns the last height tried, which may be one the robot failed."""
    mid = low
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return mid


def recursion_retries_bracket(climbs, low, high, tol):
    """A recursion that tries both ends again at every level: three calls per halving."""
    if not climbs(low) or climbs(high):
        raise ValueError("bad bracket")
    if high - low <= tol:
        return low
    mid = (low + high) / 2
    if climbs(mid):
        return recursion_retries_bracket(climbs, mid, high, tol)
    return recursion_retries_bracket(climbs, low, mid, tol)


# --------------------------------------------------------------------------- 7.4 braking


def _decel(mu, g, slope, share, sign=1.0, cos=np.cos, sin=np.sin):
    return g * (mu * share * cos(slope) - sign * sin(slope))


def _distance(v0, a):
    v0 = np.asarray(v0, dtype=float)
    with np.errstate(divide="ignore"):
        return np.where(a > 0, v0**2 / (2 * a), np.inf)[()]


def stop_chapter_formula_on_slope(v0, mu, g, slope, ahead, behind, cog_height):
    """v0^2 / (2 g (mu cos - sin)): every contact braking, the caster's share too."""
    return _distance(v0, _decel(mu, g, slope, 1.0))


def stop_static_load(v0, mu, g, slope, ahead, behind, cog_height):
    """The wheels' load at rest, behind / (ahead + behind): braking shifts nothing."""
    return _distance(v0, _decel(mu, g, slope, behind / (ahead + behind)))


def stop_sin_for_cos(v0, mu, g, slope, ahead, behind, cog_height):
    """The normal load with sin(slope) and the pull with cos(slope)."""
    share = behind / (ahead + behind - mu * cog_height)
    return _distance(v0, _decel(mu, g, slope, share, cos=np.sin, sin=np.cos))


def stop_no_cos(v0, mu, g, slope, ahead, behind, cog_height):
    """The wheels pressed by the whole of their share of m g, cos(slope) forgotten."""
    share = behind / (ahead + behind - mu * cog_height)
    return _distance(v0, _decel(mu, g, slope, share, cos=lambda s: 1.0))


def stop_time_instead(v0, mu, g, slope, ahead, behind, cog_height):
    """v0 / a: the time to stop returned."""
    share = behind / (ahead + behind - mu * cog_height)
    a = _decel(mu, g, slope, share)
    with np.errstate(divide="ignore"):
        return np.where(a > 0, np.asarray(v0, dtype=float) / a, np.inf)[()]


def stop_uphill_positive(v0, mu, g, slope, ahead, behind, cog_height):
    """The slope read as positive uphill: + sin(slope) in the deceleration."""
    share = behind / (ahead + behind - mu * cog_height)
    return _distance(v0, _decel(mu, g, slope, share, sign=-1.0))


def stop_levers_swapped(v0, mu, g, slope, ahead, behind, cog_height):
    """The wheels' share ahead / (...): the two levers exchanged in the moment balance."""
    return _distance(v0, _decel(mu, g, slope, ahead / (ahead + behind - mu * cog_height)))


def stop_half_the_weight(v0, mu, g, slope, ahead, behind, cog_height):
    """Half the weight on the locked wheels, 'two contacts of four': no moment balance."""
    return _distance(v0, _decel(mu, g, slope, 0.5))


# --------------------------------------------------------------------------- 7.5 edge climb


def climb_ignores_chamfer(wheel_radius, chamfer, chamfer_angle, mu):
    """R (1 - cos phi): the sharp edge's height, the chamfer left out."""
    return wheel_radius * (1 - 1 / np.sqrt(1 + mu**2))


def phi_in_degrees(wheel_radius, chamfer, chamfer_angle, mu):
    """phi = np.degrees(np.arctan(mu)), then compared and given to np.cos in degrees."""
    phi = np.degrees(np.arctan(mu))
    lower_corner = phi > chamfer_angle
    return wheel_radius * (1 - np.cos(phi)) + chamfer * lower_corner


def radius_taken_as_diameter(wheel_radius, chamfer, chamfer_angle, mu):
    """Halved the wheel radius, taking the book's 44 mm for a diameter."""
    R = wheel_radius / 2
    lower_corner = mu > np.tan(chamfer_angle)
    return R * (1 - 1 / np.sqrt(1 + mu**2)) + chamfer * lower_corner


def slope_from_the_vertical(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer's face compared as if chamfer_angle were measured from the vertical."""
    lower_corner = np.arctan(mu) > np.pi / 2 - chamfer_angle
    return wheel_radius * (1 - 1 / np.sqrt(1 + mu**2)) + chamfer * lower_corner


def phi_equals_mu(wheel_radius, chamfer, chamfer_angle, mu):
    """tan(phi) = mu taken as phi = mu."""
    lower_corner = mu > chamfer_angle
    return wheel_radius * (1 - np.cos(mu)) + chamfer * lower_corner


def chamfer_rise_added_always(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer's rise c added whatever the grip: no test of the slope."""
    return chamfer + wheel_radius * (1 - 1 / np.sqrt(1 + mu**2))


def chamfer_as_a_fillet(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer rounded off in the mind: (R + c)(1 - cos phi), as for a fillet."""
    return (wheel_radius + chamfer) * (1 - 1 / np.sqrt(1 + mu**2))


def chamfer_run_for_rise(wheel_radius, chamfer, chamfer_angle, mu):
    """The chamfer's width c / tan(alpha) added where its rise c belongs."""
    lower_corner = mu > np.tan(chamfer_angle)
    width = chamfer / np.tan(chamfer_angle)
    return wheel_radius * (1 - 1 / np.sqrt(1 + mu**2)) + width * lower_corner


# --------------------------------------------------------------------------- 7.6 push to climb


def _bisect(f, low, high):
    """The root of an increasing f between low and high, by bisection."""
    for _ in range(200):
        middle = 0.5 * (low + high)
        low, high = (middle, high) if f(middle) < 0 else (low, middle)
    return 0.5 * (low + high)


def _height_taken(R, f, mu, P, W, k, normal_of=None, reach_of=None, angle_of=None,
                  fillet_on_top=True):
    """The height taken with the push P, with a writer's slips."""
    psi = (angle_of or (lambda m, c: np.arctan(m) + np.arctan(c)))(mu, P / W)
    N = (normal_of or (lambda P, W, psi: P * np.sin(psi) + W * np.cos(psi)))(P, W, psi)
    d = 0.0 if k is None else N / k
    reach = (reach_of or (lambda R, f, d: R + f - d))(R, f, d)
    return (f if fillet_on_top else 0.0) + R - reach * np.cos(psi)


def _push_needed(R, f, mu, W, k, height, **slips):
    def one(h):
        if _height_taken(R, f, mu, 0.0, W, k, **slips) >= h:
            return 0.0
        return _bisect(lambda P: _height_taken(R, f, mu, P, W, k, **slips) - h, 0.0, W / mu)

    return np.vectorize(one, otypes=[float])(height)[()]


def push_normal_without_the_push(wheel_radius, fillet, mu, load, stiffness, height):
    """N = W cos(psi): the push's own share P sin(psi) of the edge's force left out."""
    return _push_needed(wheel_radius, fillet, mu, load, stiffness, height,
                        normal_of=lambda P, W, psi: W * np.cos(psi))


def push_tangents_summed(wheel_radius, fillet, mu, load, stiffness, height):
    """tan(psi) = mu + P/W at the grip's limit: the tangents added, not the angles."""
    return _push_needed(wheel_radius, fillet, mu, load, stiffness, height,
                        angle_of=lambda m, c: np.arctan(m + c))


def push_centres_farther(wheel_radius, fillet, mu, load, stiffness, height):
    """The centres R + f + N/k apart: the overlap added."""
    return _push_needed(wheel_radius, fillet, mu, load, stiffness, height,
                        reach_of=lambda R, f, d: R + f + d)


def push_sharp_edge(wheel_radius, fillet, mu, load, stiffness, height):
    """The fillet left out of the geometry, as if the edge were sharp."""
    return _push_needed(wheel_radius, fillet, mu, load, stiffness, height,
                        reach_of=lambda R, f, d: R - d, fillet_on_top=False)


SLIPS = [
    ("vacuum.step_distance", _sill(corner_treated_as_solid)),
    ("vacuum.step_distance", _sill(inside_normal_not_flipped)),
    ("vacuum.step_distance", _sill(distance_unsigned)),
    ("vacuum.step_distance", _sill(normal_not_normalised)),
    ("vacuum.step_distance", _sill(normal_into_the_solid)),
    ("vacuum.step_distance", _sill(floor_not_clamped)),
    ("vacuum.step_distance", _sill(top_not_clamped)),
    ("vacuum.step_distance", _sill(arc_not_clamped)),
    ("vacuum.step_distance", _sill(face_up_to_the_top)),
    ("vacuum.step_distance", _sill(fillet_ignored)),
    ("vacuum.step_distance", sill_as_one_step),
    ("vacuum.step_distance", air_behind_taken_as_sill),
    ("vacuum.wheel_load", arm_angle_converted),
    ("vacuum.wheel_load", traction_signs_swapped),
    ("vacuum.wheel_load", traction_lever_without_radius),
    ("vacuum.wheel_load", forces_kept_vertical),
    ("vacuum.wheel_load", telescopic_as_on_floor),
    ("vacuum.wheel_load", traction_left_out),
    ("vacuum.wheel_load", edge_angle_ignored),
    ("vacuum.wheel_load", telescopic_without_traction_part),
    ("vacuum.wheel_load", diameter_in_traction_lever),
    ("vacuum.bisect_height", returns_failing_end),
    ("vacuum.bisect_height", returns_midpoint),
    ("vacuum.bisect_height", update_swapped),
    ("vacuum.bisect_height", stops_at_twice_tol),
    ("vacuum.bisect_height", linear_scan),
    ("vacuum.bisect_height", returned_in_mm),
    ("vacuum.bisect_height", returns_last_tried),
    ("vacuum.bisect_height", recursion_retries_bracket),
    ("vacuum.sliding_stop", stop_chapter_formula_on_slope),
    ("vacuum.sliding_stop", stop_static_load),
    ("vacuum.sliding_stop", stop_sin_for_cos),
    ("vacuum.sliding_stop", stop_no_cos),
    ("vacuum.sliding_stop", stop_time_instead),
    ("vacuum.sliding_stop", stop_uphill_positive),
    ("vacuum.sliding_stop", stop_levers_swapped),
    ("vacuum.sliding_stop", stop_half_the_weight),
    ("vacuum.edge_climb_height", climb_ignores_chamfer),
    ("vacuum.edge_climb_height", phi_in_degrees),
    ("vacuum.edge_climb_height", radius_taken_as_diameter),
    ("vacuum.edge_climb_height", slope_from_the_vertical),
    ("vacuum.edge_climb_height", phi_equals_mu),
    ("vacuum.edge_climb_height", chamfer_rise_added_always),
    ("vacuum.edge_climb_height", chamfer_as_a_fillet),
    ("vacuum.edge_climb_height", chamfer_run_for_rise),
    ("vacuum.pushed_climb_height", push_normal_without_the_push),
    ("vacuum.pushed_climb_height", push_tangents_summed),
    ("vacuum.pushed_climb_height", push_centres_farther),
    ("vacuum.pushed_climb_height", push_sharp_edge),
]
