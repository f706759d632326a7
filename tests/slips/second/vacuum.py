"""Typical wrong answers to the exercises of chapter 7 (the vacuum robot climbing a step)."""

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


# --------------------------------------------------------------------------- 7.2 wheel load


def _leading_trailing(variant, ahead, traction, below):
    sign = 1.0 if variant == "leading" else -1.0
    return ahead + sign * traction * below


def arm_angle_converted(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                        traction, variant):
    """np.radians(arm_angle): the angle taken as degrees, like the text's 20 degrees."""
    if variant == "telescopic":
        return spring_force
    phi = np.radians(arm_angle)
    below = arm_length * np.sin(phi) + wheel_radius
    return spring_force * spring_lever / _leading_trailing(
        variant, arm_length * np.cos(phi), traction, below)


def traction_signs_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, variant):
    """The traction unloads the trailing wheel and loads the leading one: signs swapped."""
    if variant == "telescopic":
        return spring_force
    other = "trailing" if variant == "leading" else "leading"
    below = arm_length * np.sin(arm_angle) + wheel_radius
    return spring_force * spring_lever / _leading_trailing(
        other, arm_length * np.cos(arm_angle), traction, below)


def traction_lever_without_radius(spring_force, spring_lever, arm_length, arm_angle,
                                  wheel_radius, traction, variant):
    """The traction's lever a sin(phi) only: the contact taken at the axle's height."""
    if variant == "telescopic":
        return spring_force
    below = arm_length * np.sin(arm_angle)
    return spring_force * spring_lever / _leading_trailing(
        variant, arm_length * np.cos(arm_angle), traction, below)


def levers_sin_cos_swapped(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                           traction, variant):
    """a sin(phi) as N's lever and a cos(phi) + R as T's: sin and cos swapped."""
    if variant == "telescopic":
        return spring_force
    below = arm_length * np.cos(arm_angle) + wheel_radius
    return spring_force * spring_lever / _leading_trailing(
        variant, arm_length * np.sin(arm_angle), traction, below)


def telescopic_with_lever(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                          traction, variant):
    """The telescopic unit given the arm's moment balance too: F_s b / a."""
    if variant == "telescopic":
        return spring_force * spring_lever / arm_length
    below = arm_length * np.sin(arm_angle) + wheel_radius
    return spring_force * spring_lever / _leading_trailing(
        variant, arm_length * np.cos(arm_angle), traction, below)


def traction_left_out(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                      traction, variant):
    """Only N's moment balances the spring: the traction's moment forgotten."""
    if variant == "telescopic":
        return spring_force
    return spring_force * spring_lever / (arm_length * np.cos(arm_angle))


def arm_not_projected(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                      traction, variant):
    """N's lever is the arm's length a, not its horizontal reach a cos(phi)."""
    if variant == "telescopic":
        return spring_force
    below = arm_length * np.sin(arm_angle) + wheel_radius
    return spring_force * spring_lever / _leading_trailing(variant, arm_length, traction, below)


def telescopic_falls_to_trailing(spring_force, spring_lever, arm_length, arm_angle,
                                 wheel_radius, traction, variant):
    """if leading ... else trailing: the telescopic unit gets the trailing link's formula."""
    ahead = arm_length * np.cos(arm_angle)
    below = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    else:
        return spring_force * spring_lever / (ahead - traction * below)


def diameter_in_traction_lever(spring_force, spring_lever, arm_length, arm_angle,
                               wheel_radius, traction, variant):
    """2 R in the traction's lever: the wheel's diameter below the axle."""
    if variant == "telescopic":
        return spring_force
    below = arm_length * np.sin(arm_angle) + 2 * wheel_radius
    return spring_force * spring_lever / _leading_trailing(
        variant, arm_length * np.cos(arm_angle), traction, below)


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


def stop_without_2(v0, mu, g):
    """v0^2 / (mu g): the 2 of the kinetic energy forgotten."""
    return v0**2 / (mu * g)


def stop_without_mu(v0, mu, g):
    """v0^2 / (2 g): friction coefficient forgotten."""
    return v0**2 / (2 * g)


def stop_not_squared(v0, mu, g):
    """v0 / (2 mu g): the speed not squared."""
    return v0 / (2 * mu * g)


def stop_floor_division(v0, mu, g):
    """v0**2 // (2 mu g): integer division, 0.0 for every real stop."""
    return v0**2 // (2 * mu * g)


def time_to_stop(v0, mu, g):
    """v0 / (mu g): the time until it stops, not the distance."""
    return v0 / (mu * g)


def precedence_slip(v0, mu, g):
    """v0**2 / 2 * mu * g: mu and g multiply instead of divide."""
    return v0**2 / 2 * mu * g


def stop_without_g(v0, mu, g):
    """v0^2 / (2 mu): g forgotten (the friction force per mass taken as mu)."""
    return v0**2 / (2 * mu)


def mu_multiplies(v0, mu, g):
    """mu v0^2 / (2 g): mu on the wrong side of the fraction."""
    return mu * v0**2 / (2 * g)


# --------------------------------------------------------------------------- 7.5 edge climb


def climb_ignores_fillet(wheel_radius, fillet, mu):
    """R (1 - cos phi): the fillet's radius left out of the centres' distance."""
    return wheel_radius * (1 - 1 / np.sqrt(1 + mu**2))


def phi_in_degrees(wheel_radius, fillet, mu):
    """phi = np.degrees(np.arctan(mu)), then np.cos of degrees."""
    phi = np.degrees(np.arctan(mu))
    return (wheel_radius + fillet) * (1 - np.cos(phi))


def radius_taken_as_diameter(wheel_radius, fillet, mu):
    """Halved the wheel radius, taking the book's 44 mm for a diameter."""
    R = wheel_radius / 2
    return (R + fillet) * (1 - 1 / np.sqrt(1 + mu**2))


def sin_for_cos_phi(wheel_radius, fillet, mu):
    """1 - sin(phi) where 1 - cos(phi) belongs."""
    phi = np.arctan(mu)
    return (wheel_radius + fillet) * (1 - np.sin(phi))


def centres_distance_R_minus_f(wheel_radius, fillet, mu):
    """R - f for the distance of the centres, where the circles touch at R + f."""
    return (wheel_radius - fillet) * (1 - 1 / np.sqrt(1 + mu**2))


def cos_phi_without_sqrt(wheel_radius, fillet, mu):
    """cos(phi) = 1 / (1 + mu^2): the square root forgotten."""
    return (wheel_radius + fillet) * (1 - 1 / (1 + mu**2))


def phi_equals_mu(wheel_radius, fillet, mu):
    """tan(phi) = mu taken as phi = mu."""
    return (wheel_radius + fillet) * (1 - np.cos(mu))


def fillet_centre_at_the_top(wheel_radius, fillet, mu):
    """cos(phi) = (R - h) / (R + f): the fillet's centre taken at the step's top, not h - f."""
    return wheel_radius - (wheel_radius + fillet) / np.sqrt(1 + mu**2)


# --------------------------------------------------------------------------- 7.6 pushed climb


def push_subtracted(wheel_radius, fillet, mu, push, load, stiffness):
    """psi* = arctan(mu) - arctan(P/W): the push drawn as holding the wheel back."""
    mu, push = np.asarray(mu, float), np.asarray(push, float)
    psi = np.arctan(mu) - np.arctan(push / load)
    k = np.inf if stiffness is None else stiffness
    sink = (push * np.sin(psi) + load * np.cos(psi)) / k
    height = (wheel_radius + fillet) * (1 - np.cos(psi)) + sink * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def overlap_of_the_load(wheel_radius, fillet, mu, push, load, stiffness):
    """The overlap taken as W/k, the load over the stiffness, not N/k."""
    mu, push = np.asarray(mu, float), np.asarray(push, float)
    psi = np.arctan(mu) + np.arctan(push / load)
    sink = 0.0 if stiffness is None else load / stiffness
    height = (wheel_radius + fillet) * (1 - np.cos(psi)) + sink * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def pushed_angle_in_degrees(wheel_radius, fillet, mu, push, load, stiffness):
    """psi* converted to degrees before np.cos and np.sin."""
    mu, push = np.asarray(mu, float), np.asarray(push, float)
    psi = np.degrees(np.arctan(mu) + np.arctan(push / load))
    k = np.inf if stiffness is None else stiffness
    sink = (push * np.sin(psi) + load * np.cos(psi)) / k
    height = (wheel_radius + fillet) * (1 - np.cos(psi)) + sink * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def wall_when_push_beats_mu_load(wheel_radius, fillet, mu, push, load, stiffness):
    """The wall climb tested as P > mu W: mu on the load's side."""
    mu, push = np.asarray(mu, float), np.asarray(push, float)
    psi = np.arctan(mu) + np.arctan(push / load)
    k = np.inf if stiffness is None else stiffness
    sink = (push * np.sin(psi) + load * np.cos(psi)) / k
    height = (wheel_radius + fillet) * (1 - np.cos(psi)) + sink * np.cos(psi)
    return np.where(push > mu * load, np.inf, height)


SLIPS = [
    ("vacuum.step_distance", corner_treated_as_solid),
    ("vacuum.step_distance", inside_normal_not_flipped),
    ("vacuum.step_distance", distance_unsigned),
    ("vacuum.step_distance", normal_not_normalised),
    ("vacuum.step_distance", normal_into_the_solid),
    ("vacuum.step_distance", floor_not_clamped),
    ("vacuum.step_distance", top_not_clamped),
    ("vacuum.step_distance", arc_not_clamped),
    ("vacuum.step_distance", face_up_to_the_top),
    ("vacuum.step_distance", fillet_ignored),
    ("vacuum.wheel_load", arm_angle_converted),
    ("vacuum.wheel_load", traction_signs_swapped),
    ("vacuum.wheel_load", traction_lever_without_radius),
    ("vacuum.wheel_load", levers_sin_cos_swapped),
    ("vacuum.wheel_load", telescopic_with_lever),
    ("vacuum.wheel_load", traction_left_out),
    ("vacuum.wheel_load", arm_not_projected),
    ("vacuum.wheel_load", telescopic_falls_to_trailing),
    ("vacuum.wheel_load", diameter_in_traction_lever),
    ("vacuum.bisect_height", returns_failing_end),
    ("vacuum.bisect_height", returns_midpoint),
    ("vacuum.bisect_height", update_swapped),
    ("vacuum.bisect_height", stops_at_twice_tol),
    ("vacuum.bisect_height", linear_scan),
    ("vacuum.bisect_height", returned_in_mm),
    ("vacuum.bisect_height", returns_last_tried),
    ("vacuum.bisect_height", recursion_retries_bracket),
    ("vacuum.sliding_stop", stop_without_2),
    ("vacuum.sliding_stop", stop_without_mu),
    ("vacuum.sliding_stop", stop_not_squared),
    ("vacuum.sliding_stop", stop_floor_division),
    ("vacuum.sliding_stop", time_to_stop),
    ("vacuum.sliding_stop", precedence_slip),
    ("vacuum.sliding_stop", stop_without_g),
    ("vacuum.sliding_stop", mu_multiplies),
    ("vacuum.edge_climb_height", climb_ignores_fillet),
    ("vacuum.edge_climb_height", phi_in_degrees),
    ("vacuum.edge_climb_height", radius_taken_as_diameter),
    ("vacuum.edge_climb_height", sin_for_cos_phi),
    ("vacuum.edge_climb_height", centres_distance_R_minus_f),
    ("vacuum.edge_climb_height", cos_phi_without_sqrt),
    ("vacuum.edge_climb_height", phi_equals_mu),
    ("vacuum.edge_climb_height", fillet_centre_at_the_top),
    ("vacuum.pushed_climb_height", push_subtracted),
    ("vacuum.pushed_climb_height", overlap_of_the_load),
    ("vacuum.pushed_climb_height", pushed_angle_in_degrees),
    ("vacuum.pushed_climb_height", wall_when_push_beats_mu_load),
]
