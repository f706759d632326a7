"""Slips for exercise 7.6 (vacuum robot), the push that takes a wheel up a step. The blind
set of the old 7.6 (the height taken with a given push) no longer fits the rewritten
exercise; these were rewritten for it from the typical slips of that blind set."""

import math

import numpy as np
from scipy.optimize import brentq, fsolve

# ------------------------------------------------------------------------- 7.6 push_to_climb


def _solve(R, f, mu, W, k, height, *, psi_of=None, normal_of=None, reach_of=None,
           top=None, clip=True):
    """The push by brentq on P of (height taken - height), each keyword a slip."""
    psi_of = psi_of or (lambda m, P, W: math.atan(m) + math.atan(P / W))
    normal_of = normal_of or (lambda P, W, psi: P * math.sin(psi) + W * math.cos(psi))
    reach_of = reach_of or (lambda R, f, d: R + f - d)
    top = (lambda R, f, reach, psi: f + R - reach * math.cos(psi)) if top is None else top

    def taken(P):
        psi = psi_of(mu, P, W)
        d = 0.0 if k is None else normal_of(P, W, psi) / k
        return top(R, f, reach_of(R, f, d), psi)

    def one(h):
        if clip and taken(0.0) >= h:
            return 0.0
        return brentq(lambda P: taken(P) - h, 0.0, 10.0 * W, xtol=1e-13)

    return np.vectorize(one, otypes=[float])(height)[()]


def tangents_added(wheel_radius, fillet, mu, load, stiffness, height):
    """Adds the tangents, tan(psi) = mu + P/W, instead of the angles arctan(mu) + arctan(P/W)."""
    return _solve(wheel_radius, fillet, mu, load, stiffness, height,
                  psi_of=lambda m, P, W: math.atan(m + P / W))


def overlap_added_to_distance(wheel_radius, fillet, mu, load, stiffness, height):
    """Puts the centres R + f + delta apart, adding the overlap instead of subtracting it."""
    return _solve(wheel_radius, fillet, mu, load, stiffness, height,
                  reach_of=lambda R, f, d: R + f + d)


def push_left_out_of_normal_force(wheel_radius, fillet, mu, load, stiffness, height):
    """Takes the edge's normal force as W cos(psi) only, leaving out the push's P sin(psi)."""
    return _solve(wheel_radius, fillet, mu, load, stiffness, height,
                  normal_of=lambda P, W, psi: W * math.cos(psi))


def overlap_from_the_weight(wheel_radius, fillet, mu, load, stiffness, height):
    """Sinks the wheel by W/k, the load it carries, instead of by the edge's N/k."""
    return _solve(wheel_radius, fillet, mu, load, stiffness, height,
                  normal_of=lambda P, W, psi: W)


def sharp_edge_geometry(wheel_radius, fillet, mu, load, stiffness, height):
    """Measures the centres' distance as R - delta and the top from the wheel alone: the
    fillet left out."""
    return _solve(wheel_radius, fillet, mu, load, stiffness, height,
                  reach_of=lambda R, f, d: R - d,
                  top=lambda R, f, reach, psi: R - reach * math.cos(psi))


def rigid_edge_with_fsolve(wheel_radius, fillet, mu, load, stiffness, height):
    """Solves the rigid edge's two equations with fsolve and never brings k in."""
    def one(h):
        def equations(x):
            P, psi = x
            return [psi - math.atan(mu) - math.atan(P / load),
                    wheel_radius + fillet - (wheel_radius + fillet) * math.cos(psi) - h]

        P, _ = fsolve(equations, [load / 3, math.atan(mu) + 0.3], xtol=1e-14)
        return max(P, 0.0)

    return np.vectorize(one, otypes=[float])(height)[()]


def pushes_below_zero(wheel_radius, fillet, mu, load, stiffness, height):
    """Lets the push go negative for a step the wheel takes alone (brentq from a pull)."""
    def one(h):
        def taken(P):
            psi = math.atan(mu) + math.atan(P / load)
            N = P * math.sin(psi) + load * math.cos(psi)
            d = 0.0 if stiffness is None else N / stiffness
            return fillet + wheel_radius - (wheel_radius + fillet - d) * math.cos(psi) - h

        return brentq(taken, -load * mu, load / mu * (1 - 1e-12), xtol=1e-13)

    return np.vectorize(one, otypes=[float])(height)[()]


def ratio_not_newtons(wheel_radius, fillet, mu, load, stiffness, height):
    """Returns c = P/W from the angle, tan(psi - arctan(mu)), not the push itself."""
    return _solve(wheel_radius, fillet, mu, load, stiffness, height) / load


SLIPS = [
    ("vacuum.pushed_climb_height", tangents_added),
    ("vacuum.pushed_climb_height", overlap_added_to_distance),
    ("vacuum.pushed_climb_height", push_left_out_of_normal_force),
    ("vacuum.pushed_climb_height", overlap_from_the_weight),
    ("vacuum.pushed_climb_height", sharp_edge_geometry),
    ("vacuum.pushed_climb_height", rigid_edge_with_fsolve),
    ("vacuum.pushed_climb_height", pushes_below_zero),
    ("vacuum.pushed_climb_height", ratio_not_newtons),
]
