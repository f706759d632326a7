"""Typical wrong answers to the exercises of chapter 7 (the vacuum robot): the fourth, blind set.

Written from the exercise notebook ``exercises/07_vacuum.ipynb`` and the chapter's lessons
(``chapters/07_vacuum/``) only, as a student of the course would write them, without reading
the checks, their keys or their feedback, and without running these slips through the checks.
Each slip is one mistake; ``RIGHT`` holds one correct answer per exercise, written
independently.

Measured blind, before any check changed for this set: 24 of 35 slips named (69 %), none
passed, the five right answers passed. Per exercise: 7.1 step_distance 6 of 7, 7.2 wheel_load
2 of 7, 7.4 sliding_stop 8 of 8, 7.5 edge_climb_height 4 of 7, 7.6 pushed_climb_height 4 of 6.
Rejected but not named: sill_piece_normal_at_ends, load_chapter_formula,
load_traction_backward, load_contact_behind_axle, load_forces_as_on_floor,
load_contact_height_without_rim, chamfer_sin_for_cos, chamfer_mu_compared_with_angle,
chamfer_length_for_rise, push_fillet_centre_at_top, push_coarse_bisection.

Then the checks (robodyn/checks/vacuum.py) were taught ten of them, each one well-defined
mistake, as typical mistakes of their exercise: "the nearest piece's own normal, also where
its end, a corner, is the nearest point"; "the chapter's floor formula throughout", "the
traction the wrong way along the rim", "the contact put R sin(psi) behind the axle", "the
contact moved on the rim, but N still vertical and T horizontal", "the contact's drop R
cos(psi) below the axle left out"; "the corner's drop R sin(phi*) where R cos(phi*) belongs",
"mu compared with the chamfer's angle itself, not with its tangent", "the chamfer read as its
face's length"; "the fillet's centre taken at the step's top, not f below it". Now 34 of 35
are named. ``push_coarse_bisection`` stays unnamed, as not one well-defined result: its
formula is right and its value is off by its own stopping rule (a bisection stopped at 1 mN,
its lower end returned), which another student's bracket or stopping rule would change; like
the third set's grid scan it is rejected by the tolerance all the same.
"""

import math

import numpy as np
from scipy.optimize import brentq

BLIND = "24 of 35 slips named (69 %), 0 passed, the right answers passed"
TAUGHT = True


# ---------------------------------------------------------------------------------------------
# Exercise 7.1: the signed distance to a door sill
# ---------------------------------------------------------------------------------------------

def _sill(point, step_x, width, height, fillet, *, flip_inside=True, corner_air=True,
          clamp_arc=True, back=True, end_normal=True, signed=True, mirror_flip=True):
    """A sill's signed distance and normal; each keyword switched off is one slip."""
    p = np.asarray(point, dtype=float)
    x, z = float(p[0]), float(p[1])
    xs, h, f = float(step_x), float(height), float(fillet)
    mid = xs + width / 2
    mirrored = back and x > mid
    if mirrored:                       # fold the back half onto the front half
        x = 2 * mid - x
    q = np.array([x, z])
    centre = np.array([xs + f, h - f])

    pieces = []                        # (nearest point, the piece's own normal)
    pieces.append((np.array([min(x, xs), 0.0]), np.array([0.0, 1.0])))          # floor
    pieces.append((np.array([xs, min(max(z, 0.0), h - f)]), np.array([-1.0, 0.0])))  # face
    v = q - centre                                                              # fillet
    r = math.hypot(*v)
    if r > 0 and (not clamp_arc or (v[0] <= 0 and v[1] >= 0)):
        pieces.append((centre + f * v / r, v / r))
    else:
        ends = ((np.array([xs, h - f]), np.array([-1.0, 0.0])),
                (np.array([xs + f, h]), np.array([0.0, 1.0])))
        pieces.append(min(ends, key=lambda e: math.hypot(*(q - e[0]))))
    x_top = min(max(x, xs + f), mid) if back else max(x, xs + f)               # top
    pieces.append((np.array([x_top, h]), np.array([0.0, 1.0])))

    best, piece_normal = min(pieces, key=lambda e: math.hypot(*(q - e[0])))
    dist = math.hypot(*(q - best))

    in_sill = xs <= x and z <= h
    if corner_air and x < xs + f and z > h - f and r > f:
        in_sill = False                # air between the arc and the sharp corner
    inside = z < 0 or in_sill

    if dist > 1e-14 and end_normal:
        normal = (q - best) / dist
        if inside and flip_inside:
            normal = -normal
    else:
        normal = piece_normal.copy()
    if inside and signed:
        dist = -dist
    if mirrored and mirror_flip:
        normal[0] = -normal[0]
    return dist, normal


def sill_distance_right(point, step_x, width, height, fillet):
    """RIGHT: seven pieces folded to four by the symmetry, clamped, the nearest, then the side."""
    return _sill(point, step_x, width, height, fillet)


def sill_inside_normal_not_flipped(point, step_x, width, height, fillet):
    """Slip: inside, the normal still runs from the nearest point to the point (into the solid)."""
    return _sill(point, step_x, width, height, fillet, flip_inside=False)


def sill_corner_counted_as_solid(point, step_x, width, height, fillet):
    """Slip: the air between each arc and the sharp corner it cuts off is taken as sill."""
    return _sill(point, step_x, width, height, fillet, corner_air=False)


def sill_arc_not_clamped(point, step_x, width, height, fillet):
    """Slip: the arc is treated as a full circle, the nearest point never clamped to its ends."""
    return _sill(point, step_x, width, height, fillet, clamp_arc=False)


def sill_chapter_step_no_back(point, step_x, width, height, fillet):
    """Slip: the chapter's endless step; the top runs on for ever, no back fillet, no back face."""
    return _sill(point, step_x, width, height, fillet, back=False)


def sill_piece_normal_at_ends(point, step_x, width, height, fillet):
    """Slip: the nearest piece's own normal, also where its end is the nearest point."""
    return _sill(point, step_x, width, height, fillet, end_normal=False)


def sill_unsigned(point, step_x, width, height, fillet):
    """Slip: no inside test; the distance is always positive and the normal runs p* to p."""
    return _sill(point, step_x, width, height, fillet, signed=False, flip_inside=False)


def sill_mirror_normal_not_flipped(point, step_x, width, height, fillet):
    """Slip: points behind the middle are mirrored, but their normal's x is not mirrored back."""
    return _sill(point, step_x, width, height, fillet, mirror_flip=False)


# ---------------------------------------------------------------------------------------------
# Exercise 7.2: the wheel's load at the edge
# ---------------------------------------------------------------------------------------------

def _cross(r, F):
    return r[0] * F[1] - r[1] * F[0]


def wheel_load_at_edge_right(spring_force, spring_lever, arm_length, arm_angle,
                             wheel_radius, traction, contact_angle, variant):
    """RIGHT: moments about the pivot as cross products, the contact ahead on the rim."""
    psi, c = contact_angle, traction
    along = np.array([-math.sin(psi), math.cos(psi)])     # N: contact towards the axle
    across = np.array([math.cos(psi), math.sin(psi)])     # T: forward and up the edge
    if variant == "telescopic":
        return spring_force / (along[1] + c * across[1])
    side = 1.0 if variant == "leading" else -1.0
    axle = np.array([side * arm_length * math.cos(arm_angle),
                     -arm_length * math.sin(arm_angle)])
    contact = axle + wheel_radius * np.array([math.sin(psi), -math.cos(psi)])
    per_newton = _cross(contact, along + c * across)
    return side * spring_force * spring_lever / per_newton


def load_chapter_formula(spring_force, spring_lever, arm_length, arm_angle,
                         wheel_radius, traction, contact_angle, variant):
    """Slip: the chapter's floor formula, the contact straight below the axle (psi ignored)."""
    a, phi, R, c = arm_length, arm_angle, wheel_radius, traction
    if variant == "telescopic":
        return spring_force
    sign = 1.0 if variant == "leading" else -1.0
    return spring_force * spring_lever / (a * math.cos(phi) + sign * c * (a * math.sin(phi) + R))


def load_traction_backward(spring_force, spring_lever, arm_length, arm_angle,
                           wheel_radius, traction, contact_angle, variant):
    """Slip: the traction's direction across the line taken the wrong way (back and down)."""
    return wheel_load_at_edge_right(spring_force, spring_lever, arm_length, arm_angle,
                                    wheel_radius, -traction, contact_angle, variant)


def load_contact_behind_axle(spring_force, spring_lever, arm_length, arm_angle,
                             wheel_radius, traction, contact_angle, variant):
    """Slip: the contact put R sin(psi) behind the axle instead of ahead of it."""
    psi, c = contact_angle, traction
    along = np.array([-math.sin(psi), math.cos(psi)])
    across = np.array([math.cos(psi), math.sin(psi)])
    if variant == "telescopic":
        return spring_force / (along[1] + c * across[1])
    side = 1.0 if variant == "leading" else -1.0
    axle = np.array([side * arm_length * math.cos(arm_angle),
                     -arm_length * math.sin(arm_angle)])
    contact = axle + wheel_radius * np.array([-math.sin(psi), -math.cos(psi)])
    return side * spring_force * spring_lever / _cross(contact, along + c * across)


def load_telescopic_spring_force(spring_force, spring_lever, arm_length, arm_angle,
                                 wheel_radius, traction, contact_angle, variant):
    """Slip: the telescopic unit keeps the chapter's N = F_s; the tilted line is forgotten there."""
    if variant == "telescopic":
        return spring_force
    return wheel_load_at_edge_right(spring_force, spring_lever, arm_length, arm_angle,
                                    wheel_radius, traction, contact_angle, variant)


def load_forces_as_on_floor(spring_force, spring_lever, arm_length, arm_angle,
                            wheel_radius, traction, contact_angle, variant):
    """Slip: the contact moved on the rim, but N still straight up and T still horizontal."""
    psi, c = contact_angle, traction
    if variant == "telescopic":
        return spring_force
    side = 1.0 if variant == "leading" else -1.0
    axle = np.array([side * arm_length * math.cos(arm_angle),
                     -arm_length * math.sin(arm_angle)])
    contact = axle + wheel_radius * np.array([math.sin(psi), -math.cos(psi)])
    return side * spring_force * spring_lever / _cross(contact, np.array([c, 1.0]))


def load_variants_swapped(spring_force, spring_lever, arm_length, arm_angle,
                          wheel_radius, traction, contact_angle, variant):
    """Slip: leading and trailing swapped (the wheel taken behind the pivot on a leading link)."""
    swap = {"leading": "trailing", "trailing": "leading"}.get(variant, variant)
    return wheel_load_at_edge_right(spring_force, spring_lever, arm_length, arm_angle,
                                    wheel_radius, traction, contact_angle, swap)


def load_contact_height_without_rim(spring_force, spring_lever, arm_length, arm_angle,
                                    wheel_radius, traction, contact_angle, variant):
    """Slip: the contact's drop below the axle, R cos(psi), left out of its height."""
    psi, c = contact_angle, traction
    along = np.array([-math.sin(psi), math.cos(psi)])
    across = np.array([math.cos(psi), math.sin(psi)])
    if variant == "telescopic":
        return spring_force / (along[1] + c * across[1])
    side = 1.0 if variant == "leading" else -1.0
    contact = np.array([side * arm_length * math.cos(arm_angle)
                        + wheel_radius * math.sin(psi),
                        -arm_length * math.sin(arm_angle)])
    return side * spring_force * spring_lever / _cross(contact, along + c * across)


# ---------------------------------------------------------------------------------------------
# Exercise 7.4: the braking test on a slope
# ---------------------------------------------------------------------------------------------

def _stop(v0, decel):
    v0 = np.asarray(v0, dtype=float)
    decel = np.asarray(decel, dtype=float)
    safe = np.where(decel > 0, decel, 1.0)
    out = np.where(decel > 0, v0 ** 2 / (2 * safe), np.inf)
    return out[()] if out.ndim == 0 else out


def sliding_stop_right(v0, mu, g, slope, ahead, behind, cog_height):
    """RIGHT: N_w from the moments about the CoG with the friction pitching nose down."""
    share = behind / (ahead + behind - mu * cog_height)     # N_w / (m g cos(slope))
    decel = g * (mu * share * np.cos(slope) - np.sin(slope))
    return _stop(v0, decel)


def stop_no_load_shift(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: the wheels' static share e/(d+e); the friction's pitching moment forgotten."""
    share = behind / (ahead + behind)
    return _stop(v0, g * (mu * share * np.cos(slope) - np.sin(slope)))


def stop_shift_wrong_way(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: the friction's moment taken the wrong way round (nose up, load off the wheels)."""
    share = behind / (ahead + behind + mu * cog_height)
    return _stop(v0, g * (mu * share * np.cos(slope) - np.sin(slope)))


def stop_whole_weight(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: the chapter's whole weight on sliding contacts; the free caster ignored."""
    return _stop(v0, g * (mu * np.cos(slope) - np.sin(slope)))


def stop_slope_sign(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: gravity along the slope with the wrong sign (downhill helps the brakes)."""
    share = behind / (ahead + behind - mu * cog_height)
    return _stop(v0, g * (mu * share * np.cos(slope) + np.sin(slope)))


def stop_levers_swapped(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: the lever arms swapped in the moment balance, N_w from d instead of e."""
    share = ahead / (ahead + behind - mu * cog_height)
    return _stop(v0, g * (mu * share * np.cos(slope) - np.sin(slope)))


def stop_no_cos_on_normal(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: the normal loads balance m g, not m g cos(slope)."""
    share = behind / (ahead + behind - mu * cog_height)
    return _stop(v0, g * (mu * share - np.sin(slope)))


def stop_half_dropped(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: the distance v0^2/a, the factor 1/2 of v0^2/(2a) dropped."""
    return 2 * sliding_stop_right(v0, mu, g, slope, ahead, behind, cog_height)


def stop_never_inf(v0, mu, g, slope, ahead, behind, cog_height):
    """Slip: no test for a robot that cannot stop; a negative distance comes back instead."""
    share = behind / (ahead + behind - mu * cog_height)
    decel = g * (mu * share * np.cos(slope) - np.sin(slope))
    return np.asarray(v0, dtype=float) ** 2 / (2 * decel)


# ---------------------------------------------------------------------------------------------
# Exercise 7.5: how high a wheel climbs a chamfered edge
# ---------------------------------------------------------------------------------------------

def edge_climb_height_right(wheel_radius, chamfer, chamfer_angle, mu):
    """RIGHT: the first touch has the largest angle; the face is climbable iff atan(mu) > alpha."""
    mu = np.asarray(mu, dtype=float)
    rise = wheel_radius * (1 - 1 / np.sqrt(1 + mu ** 2))   # a corner at its steepest grip
    out = np.where(np.arctan(mu) > chamfer_angle, chamfer + rise, rise)
    return out[()] if out.ndim == 0 else out


def chamfer_always_over_face(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: always c + R(1 - cos(atan mu)); whether the grip holds on the face is not checked."""
    mu = np.asarray(mu, dtype=float)
    out = chamfer + wheel_radius * (1 - 1 / np.sqrt(1 + mu ** 2))
    return out[()] if out.ndim == 0 else out


def chamfer_ignored(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: the sharp edge's height R(1 - cos(atan mu)) whatever the chamfer."""
    mu = np.asarray(mu, dtype=float)
    out = wheel_radius * (1 - 1 / np.sqrt(1 + mu ** 2))
    return out[()] if out.ndim == 0 else out


def chamfer_sin_for_cos(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: sin for cos, the corner's drop R sin(phi) with tan(phi) = mu."""
    mu = np.asarray(mu, dtype=float)
    rise = wheel_radius * (1 - mu / np.sqrt(1 + mu ** 2))
    out = np.where(np.arctan(mu) > chamfer_angle, chamfer + rise, rise)
    return out[()] if out.ndim == 0 else out


def chamfer_condition_reversed(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: the face test the wrong way round, the chamfer counted when atan(mu) < alpha."""
    mu = np.asarray(mu, dtype=float)
    rise = wheel_radius * (1 - 1 / np.sqrt(1 + mu ** 2))
    out = np.where(np.arctan(mu) < chamfer_angle, chamfer + rise, rise)
    return out[()] if out.ndim == 0 else out


def chamfer_as_fillet(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: the chapter's rounded-edge formula with the chamfer as the fillet, (R + c)(1 - cos)."""
    mu = np.asarray(mu, dtype=float)
    out = (wheel_radius + chamfer) * (1 - 1 / np.sqrt(1 + mu ** 2))
    return out[()] if out.ndim == 0 else out


def chamfer_mu_compared_with_angle(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: the face test compares mu with the angle alpha itself instead of with tan(alpha)."""
    mu = np.asarray(mu, dtype=float)
    rise = wheel_radius * (1 - 1 / np.sqrt(1 + mu ** 2))
    out = np.where(mu > chamfer_angle, chamfer + rise, rise)
    return out[()] if out.ndim == 0 else out


def chamfer_length_for_rise(wheel_radius, chamfer, chamfer_angle, mu):
    """Slip: c read as the chamfer face's length, so the lower corner sits c sin(alpha) down."""
    mu = np.asarray(mu, dtype=float)
    rise = wheel_radius * (1 - 1 / np.sqrt(1 + mu ** 2))
    out = np.where(np.arctan(mu) > chamfer_angle,
                   chamfer * np.sin(chamfer_angle) + rise, rise)
    return out[()] if out.ndim == 0 else out


# ---------------------------------------------------------------------------------------------
# Exercise 7.6: the push that takes the wheel up
# ---------------------------------------------------------------------------------------------

def _push(wheel_radius, fillet, mu, load, stiffness, height, *, psi_limit=None,
          soft=True, overlap_sign=-1.0, centre_drop=True, push_in_normal=True,
          coarse=False):
    """The smallest push for each step; each keyword changed is one slip."""
    R, f, W = float(wheel_radius), float(fillet), float(load)

    def psi_star(P):
        if psi_limit is not None:
            return psi_limit(P)
        return math.atan(mu) + math.atan(P / W)

    def taken(P):
        psi = psi_star(P)
        N = W * math.cos(psi) + (P * math.sin(psi) if push_in_normal else 0.0)
        gap = R + f
        if soft and stiffness is not None:
            gap = gap + overlap_sign * N / stiffness
        return R + (f if centre_drop else 0.0) - gap * math.cos(psi)

    def one(h):
        if taken(0.0) >= h:
            return 0.0
        lo, hi = 0.0, W / mu
        while taken(hi) < h:           # (a push below W/mu always suffices, if right)
            lo, hi = hi, 2 * hi
        if coarse:
            while hi - lo > 1e-3:
                mid = (lo + hi) / 2
                if taken(mid) >= h:
                    hi = mid
                else:
                    lo = mid
            return lo
        return brentq(lambda P: taken(P) - h, lo, hi, xtol=1e-14, rtol=1e-13)

    heights = np.asarray(height, dtype=float)
    out = np.vectorize(one, otypes=[float])(heights)
    return float(out) if out.ndim == 0 else out


def push_to_climb_right(wheel_radius, fillet, mu, load, stiffness, height):
    """RIGHT: psi* = atan(mu) + atan(P/W) at lift-off, centres R + f - N/k apart, brentq on P."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height)


def push_mu_p_dropped(wheel_radius, fillet, mu, load, stiffness, height):
    """Slip: the friction of the push's normal part dropped, tan(psi*) = mu + P/W."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height,
                 psi_limit=lambda P: math.atan(mu + P / load))


def push_rigid_always(wheel_radius, fillet, mu, load, stiffness, height):
    """Slip: the penalty overlap ignored; the centres always R + f apart, even on a soft edge."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height, soft=False)


def push_overlap_added(wheel_radius, fillet, mu, load, stiffness, height):
    """Slip: the overlap with the wrong sign, the centres R + f + N/k apart."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height, overlap_sign=1.0)


def push_fillet_centre_at_top(wheel_radius, fillet, mu, load, stiffness, height):
    """Slip: the fillet's centre taken at the step's height h, not f below it."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height, centre_drop=False)


def push_normal_from_load_only(wheel_radius, fillet, mu, load, stiffness, height):
    """Slip: the edge's load N = W cos(psi), the push's share P sin(psi) left out."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height, push_in_normal=False)


def push_coarse_bisection(wheel_radius, fillet, mu, load, stiffness, height):
    """Slip: an own bisection stopped at 1 mN and its lower end returned, far from 1e-7."""
    return _push(wheel_radius, fillet, mu, load, stiffness, height, coarse=True)


# ---------------------------------------------------------------------------------------------

SLIPS = [
    ("vacuum.step_distance", sill_inside_normal_not_flipped),
    ("vacuum.step_distance", sill_corner_counted_as_solid),
    ("vacuum.step_distance", sill_arc_not_clamped),
    ("vacuum.step_distance", sill_chapter_step_no_back),
    ("vacuum.step_distance", sill_piece_normal_at_ends),
    ("vacuum.step_distance", sill_unsigned),
    ("vacuum.step_distance", sill_mirror_normal_not_flipped),
    ("vacuum.wheel_load", load_chapter_formula),
    ("vacuum.wheel_load", load_traction_backward),
    ("vacuum.wheel_load", load_contact_behind_axle),
    ("vacuum.wheel_load", load_telescopic_spring_force),
    ("vacuum.wheel_load", load_forces_as_on_floor),
    ("vacuum.wheel_load", load_variants_swapped),
    ("vacuum.wheel_load", load_contact_height_without_rim),
    ("vacuum.sliding_stop", stop_no_load_shift),
    ("vacuum.sliding_stop", stop_shift_wrong_way),
    ("vacuum.sliding_stop", stop_whole_weight),
    ("vacuum.sliding_stop", stop_slope_sign),
    ("vacuum.sliding_stop", stop_levers_swapped),
    ("vacuum.sliding_stop", stop_no_cos_on_normal),
    ("vacuum.sliding_stop", stop_half_dropped),
    ("vacuum.sliding_stop", stop_never_inf),
    ("vacuum.edge_climb_height", chamfer_always_over_face),
    ("vacuum.edge_climb_height", chamfer_ignored),
    ("vacuum.edge_climb_height", chamfer_sin_for_cos),
    ("vacuum.edge_climb_height", chamfer_condition_reversed),
    ("vacuum.edge_climb_height", chamfer_as_fillet),
    ("vacuum.edge_climb_height", chamfer_mu_compared_with_angle),
    ("vacuum.edge_climb_height", chamfer_length_for_rise),
    ("vacuum.pushed_climb_height", push_mu_p_dropped),
    ("vacuum.pushed_climb_height", push_rigid_always),
    ("vacuum.pushed_climb_height", push_overlap_added),
    ("vacuum.pushed_climb_height", push_fillet_centre_at_top),
    ("vacuum.pushed_climb_height", push_normal_from_load_only),
    ("vacuum.pushed_climb_height", push_coarse_bisection),
]

RIGHT = {
    "vacuum.step_distance": sill_distance_right,
    "vacuum.wheel_load": wheel_load_at_edge_right,
    "vacuum.sliding_stop": sliding_stop_right,
    "vacuum.edge_climb_height": edge_climb_height_right,
    "vacuum.pushed_climb_height": push_to_climb_right,
}
