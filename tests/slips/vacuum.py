"""Typical wrong answers to the exercises of chapter 7 (the vacuum robot climbing a step)."""

import numpy as np

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


# --------------------------------------------------------------------------- 7.2 wheel load


def load_degrees(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
                 variant):
    """np.radians(arm_angle): the angle converted from degrees although it is in radians."""
    phi = np.radians(arm_angle)
    ahead, below = arm_length * np.cos(phi), arm_length * np.sin(phi) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    if variant == "trailing":
        return spring_force * spring_lever / (ahead - traction * below)
    return spring_force


def load_links_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, variant):
    """The traction's sign of the leading link given to the trailing one and back."""
    ahead = arm_length * np.cos(arm_angle)
    below = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead - traction * below)
    if variant == "trailing":
        return spring_force * spring_lever / (ahead + traction * below)
    return spring_force


def load_traction_lever_without_radius(spring_force, spring_lever, arm_length, arm_angle,
                                       wheel_radius, traction, variant):
    """The traction's lever a sin(phi), the wheel radius below the axle forgotten."""
    ahead, below = arm_length * np.cos(arm_angle), arm_length * np.sin(arm_angle)
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    if variant == "trailing":
        return spring_force * spring_lever / (ahead - traction * below)
    return spring_force


def load_sin_cos_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                         traction, variant):
    """a sin(phi) ahead and a cos(phi) below: sin and cos swapped."""
    ahead = arm_length * np.sin(arm_angle)
    below = arm_length * np.cos(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    if variant == "trailing":
        return spring_force * spring_lever / (ahead - traction * below)
    return spring_force


def load_no_traction(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                     traction, variant):
    """The traction's moment forgotten."""
    if variant == "telescopic":
        return spring_force
    return spring_force * spring_lever / (arm_length * np.cos(arm_angle))


def load_telescopic_with_lever(spring_force, spring_lever, arm_length, arm_angle,
                               wheel_radius, traction, variant):
    """The telescopic unit given the spring's moment over the arm, F_s b / a."""
    ahead = arm_length * np.cos(arm_angle)
    below = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    if variant == "trailing":
        return spring_force * spring_lever / (ahead - traction * below)
    return spring_force * spring_lever / arm_length


def load_arm_length_as_lever(spring_force, spring_lever, arm_length, arm_angle,
                             wheel_radius, traction, variant):
    """N's lever the arm length a, not its horizontal part a cos(phi)."""
    below = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (arm_length + traction * below)
    if variant == "trailing":
        return spring_force * spring_lever / (arm_length - traction * below)
    return spring_force


def load_telescopic_as_trailing(spring_force, spring_lever, arm_length, arm_angle,
                                wheel_radius, traction, variant):
    """if/else on "leading" only: the telescopic unit computed as a trailing link."""
    ahead = arm_length * np.cos(arm_angle)
    below = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    return spring_force * spring_lever / (ahead - traction * below)


def load_traction_lever_radius_only(spring_force, spring_lever, arm_length, arm_angle,
                                    wheel_radius, traction, variant):
    """The traction's lever taken as the wheel radius alone (the axle's drop a sin(phi) lost)."""
    ahead = arm_length * np.cos(arm_angle)
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * wheel_radius)
    if variant == "trailing":
        return spring_force * spring_lever / (ahead - traction * wheel_radius)
    return spring_force


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


def stop_forgot_mu(v0, mu, g):
    """mu forgotten: v0^2 / (2 g)."""
    return v0**2 / (2 * g)


def stop_floor_division(v0, mu, g):
    """v0**2 // (2 mu g): integer division, 0 for any short stop."""
    return v0**2 // (2 * mu * g)


def stop_forgot_2(v0, mu, g):
    """v0^2 / (mu g), the 2 of v^2 = 2 a s forgotten."""
    return v0**2 / (mu * g)


def stop_forgot_square(v0, mu, g):
    """v0 / (2 mu g), the square of v0 forgotten."""
    return v0 / (2 * mu * g)


def stop_in_mm(v0, mu, g):
    """The distance returned in mm (the text's 4.7 mm), not in m."""
    return 1000 * v0**2 / (2 * mu * g)


def stop_mu_multiplies(v0, mu, g):
    """mu v0^2 / (2 g): the friction coefficient multiplies instead of divides."""
    return mu * v0**2 / (2 * g)


def stop_precedence(v0, mu, g):
    """v0**2 / 2*mu*g, which Python reads as (v0^2 / 2) mu g."""
    return v0**2 / 2 * mu * g


def stop_time_not_distance(v0, mu, g):
    """v0 / (mu g), the time to stop, returned instead of the distance."""
    return v0 / (mu * g)


# --------------------------------------------------------------------------- 7.5 edge climb


def climb_degrees(wheel_radius, fillet, mu):
    """The largest angle taken in degrees (np.degrees) and then given to np.cos."""
    phi = np.degrees(np.arctan(mu))
    return (wheel_radius + fillet) * (1 - np.cos(phi))


def climb_fillet_forgotten(wheel_radius, fillet, mu):
    """The fillet forgotten: the centres' distance R, as for a sharp edge."""
    return wheel_radius * (1 - np.cos(np.arctan(mu)))


def climb_angle_upside_down(wheel_radius, fillet, mu):
    """tan(phi) < 1 / mu: the grip condition solved the wrong way round."""
    return (wheel_radius + fillet) * (1 - np.cos(np.arctan(1 / mu)))


def climb_forgot_one_minus(wheel_radius, fillet, mu):
    """(R + f) cos(phi): the centres' height difference, not the step's height."""
    return (wheel_radius + fillet) * np.cos(np.arctan(mu))


def climb_fillet_added(wheel_radius, fillet, mu):
    """R (1 - cos(phi)) + f: the fillet added to the height instead of to the distance."""
    return wheel_radius * (1 - np.cos(np.arctan(mu))) + fillet


def climb_radius_halved(wheel_radius, fillet, mu):
    """wheel_radius / 2, the radius taken for a diameter."""
    return (wheel_radius / 2 + fillet) * (1 - np.cos(np.arctan(mu)))


def climb_radius_minus_fillet(wheel_radius, fillet, mu):
    """The centres' distance R - f instead of R + f."""
    return (wheel_radius - fillet) * (1 - np.cos(np.arctan(mu)))


def climb_fillet_centre_at_top(wheel_radius, fillet, mu):
    """The fillet's centre put at the step's height h instead of h - f."""
    return wheel_radius - (wheel_radius + fillet) * np.cos(np.arctan(mu))


def climb_small_angle(wheel_radius, fillet, mu):
    """phi = mu, the small-angle arctan(mu) ~ mu (mu is about 1)."""
    return (wheel_radius + fillet) * (1 - np.cos(mu))


# --------------------------------------------------------------------------- 7.6 pushed climb


def _pushed(wheel_radius, fillet, mu, push, load, stiffness, angle=None, rigid=False,
            wall=True):
    """A student's pushed climb; each keyword is one of the slips below."""
    mu, push = np.asarray(mu, dtype=float), np.asarray(push, dtype=float)
    psi = np.arctan(mu) + np.arctan(push / load) if angle is None else angle(mu, push / load)
    N = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if (stiffness is None or rigid) else N / stiffness
    h = wheel_radius + fillet - (wheel_radius + fillet - delta) * np.cos(psi)
    return np.where(mu * push > load, np.inf, h) if wall else h


def pushed_push_forgotten(wheel_radius, fillet, mu, push, load, stiffness):
    """The largest angle of exercise 7.5 kept, arctan(mu): the push left out of it."""
    return _pushed(wheel_radius, fillet, mu, push, load, stiffness,
                   angle=lambda m, c: np.arctan(m))


def pushed_tangents_summed(wheel_radius, fillet, mu, push, load, stiffness):
    """tan(psi) = mu + P/W: the tangents added instead of the angles."""
    return _pushed(wheel_radius, fillet, mu, push, load, stiffness,
                   angle=lambda m, c: np.arctan(m + c))


def pushed_overlap_ignored(wheel_radius, fillet, mu, push, load, stiffness):
    """The overlap N/k never subtracted: the edge taken as rigid whatever k."""
    return _pushed(wheel_radius, fillet, mu, push, load, stiffness, rigid=True)


def pushed_no_wall(wheel_radius, fillet, mu, push, load, stiffness):
    """No np.inf where mu P > W: the formula used past 90 degrees."""
    return _pushed(wheel_radius, fillet, mu, push, load, stiffness, wall=False)


SLIPS = [
    ("vacuum.step_distance", step_corner_solid),
    ("vacuum.step_distance", step_inside_normal_not_flipped),
    ("vacuum.step_distance", step_fillet_centre_before_face),
    ("vacuum.step_distance", step_fillet_ignored),
    ("vacuum.step_distance", step_unsigned),
    ("vacuum.step_distance", step_face_unclamped),
    ("vacuum.step_distance", step_floor_unclamped),
    ("vacuum.step_distance", step_top_unclamped),
    ("vacuum.step_distance", step_full_circle),
    ("vacuum.step_distance", step_normal_not_unit),
    ("vacuum.wheel_load", load_degrees),
    ("vacuum.wheel_load", load_links_swapped),
    ("vacuum.wheel_load", load_traction_lever_without_radius),
    ("vacuum.wheel_load", load_sin_cos_swapped),
    ("vacuum.wheel_load", load_no_traction),
    ("vacuum.wheel_load", load_telescopic_with_lever),
    ("vacuum.wheel_load", load_arm_length_as_lever),
    ("vacuum.wheel_load", load_telescopic_as_trailing),
    ("vacuum.wheel_load", load_traction_lever_radius_only),
    ("vacuum.bisect_height", bisect_returns_high),
    ("vacuum.bisect_height", bisect_returns_midpoint),
    ("vacuum.bisect_height", bisect_stops_one_halving_early),
    ("vacuum.bisect_height", bisect_update_swapped),
    ("vacuum.bisect_height", bisect_rechecks_bracket),
    ("vacuum.bisect_height", bisect_fixed_ten_halvings),
    ("vacuum.bisect_height", bisect_linear_scan),
    ("vacuum.bisect_height", bisect_returns_last_tried),
    ("vacuum.sliding_stop", stop_forgot_mu),
    ("vacuum.sliding_stop", stop_floor_division),
    ("vacuum.sliding_stop", stop_forgot_2),
    ("vacuum.sliding_stop", stop_forgot_square),
    ("vacuum.sliding_stop", stop_in_mm),
    ("vacuum.sliding_stop", stop_mu_multiplies),
    ("vacuum.sliding_stop", stop_precedence),
    ("vacuum.sliding_stop", stop_time_not_distance),
    ("vacuum.edge_climb_height", climb_degrees),
    ("vacuum.edge_climb_height", climb_fillet_forgotten),
    ("vacuum.edge_climb_height", climb_angle_upside_down),
    ("vacuum.edge_climb_height", climb_forgot_one_minus),
    ("vacuum.edge_climb_height", climb_fillet_added),
    ("vacuum.edge_climb_height", climb_radius_halved),
    ("vacuum.edge_climb_height", climb_radius_minus_fillet),
    ("vacuum.edge_climb_height", climb_fillet_centre_at_top),
    ("vacuum.edge_climb_height", climb_small_angle),
    ("vacuum.pushed_climb_height", pushed_push_forgotten),
    ("vacuum.pushed_climb_height", pushed_tangents_summed),
    ("vacuum.pushed_climb_height", pushed_overlap_ignored),
    ("vacuum.pushed_climb_height", pushed_no_wall),
]
