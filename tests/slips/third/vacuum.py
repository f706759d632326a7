"""Blind slips for exercise 7.6 (vacuum robot): written from the exercise notebooks, the
chapters and the solutions, without reading the checks."""

import numpy as np
from scipy.optimize import brentq

# ------------------------------------------------------------------------- 7.6 pushed_climb_height


def tangents_added(wheel_radius, fillet, mu, push, load, stiffness):
    """Adds the tangents, tan(psi) = mu + P/W, instead of the angles arctan(mu) + arctan(P/W)."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    psi = np.arctan(mu + push / load)
    normal = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    height = wheel_radius + fillet - (wheel_radius + fillet - delta) * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def tangent_sum_sign_slip(wheel_radius, fillet, mu, push, load, stiffness):
    """Writes the tangent of a sum with 1 + tan a tan b in the denominator instead of 1 - ..."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    p = push / load
    psi = np.arctan((mu + p) / (1 + mu * p))
    normal = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    height = wheel_radius + fillet - (wheel_radius + fillet - delta) * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def friction_taken_down_the_rim(wheel_radius, fillet, mu, push, load, stiffness):
    """Points the rim friction down the rim instead of up it, solved numerically with brentq."""

    def one(mu, push):
        def slack(psi):  # friction needed minus friction available, friction down the rim
            normal = push * np.sin(psi) + load * np.cos(psi)
            friction = push * np.cos(psi) - load * np.sin(psi)
            return mu * normal - friction

        psi = brentq(slack, -np.pi / 2, np.pi / 2)
        normal = push * np.sin(psi) + load * np.cos(psi)
        delta = 0.0 if stiffness is None else normal / stiffness
        return wheel_radius + fillet - (wheel_radius + fillet - delta) * np.cos(psi)

    height = np.vectorize(one)(mu, push)
    return np.where(np.asarray(mu) * np.asarray(push) > load, np.inf, height)


def overlap_added_to_distance(wheel_radius, fillet, mu, push, load, stiffness):
    """Puts the centres R + f + delta apart, adding the overlap instead of subtracting it."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    psi = np.arctan(mu) + np.arctan(push / load)
    normal = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    height = wheel_radius + fillet - (wheel_radius + fillet + delta) * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def push_left_out_of_normal_force(wheel_radius, fillet, mu, push, load, stiffness):
    """Takes the edge's normal force as W cos(psi) only, leaving out the push's P sin(psi)."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    psi = np.arctan(mu) + np.arctan(push / load)
    normal = load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    height = wheel_radius + fillet - (wheel_radius + fillet - delta) * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def sine_for_the_height(wheel_radius, fillet, mu, push, load, stiffness):
    """Gets the centres' height difference with sin(psi), as if psi were from the horizontal."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    psi = np.arctan(mu) + np.arctan(push / load)
    normal = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    height = wheel_radius + fillet - (wheel_radius + fillet - delta) * np.sin(psi)
    return np.where(mu * push > load, np.inf, height)


def height_of_fillet_centre(wheel_radius, fillet, mu, push, load, stiffness):
    """Returns the height of the fillet's centre, h - f, forgetting to add the fillet back."""
    mu, push = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    psi = np.arctan(mu) + np.arctan(push / load)
    normal = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    height = wheel_radius - (wheel_radius + fillet - delta) * np.cos(psi)
    return np.where(mu * push > load, np.inf, height)


def no_infinite_case(wheel_radius, fillet, mu, push, load, stiffness):
    """Forgets the case mu P > W and returns the formula's finite height there too."""
    psi = np.arctan(mu) + np.arctan(np.asarray(push, float) / load)
    normal = push * np.sin(psi) + load * np.cos(psi)
    delta = 0.0 if stiffness is None else normal / stiffness
    return wheel_radius + fillet - (wheel_radius + fillet - delta) * np.cos(psi)


SLIPS = [
    ("vacuum.pushed_climb_height", tangents_added),
    ("vacuum.pushed_climb_height", tangent_sum_sign_slip),
    ("vacuum.pushed_climb_height", friction_taken_down_the_rim),
    ("vacuum.pushed_climb_height", overlap_added_to_distance),
    ("vacuum.pushed_climb_height", push_left_out_of_normal_force),
    ("vacuum.pushed_climb_height", sine_for_the_height),
    ("vacuum.pushed_climb_height", height_of_fillet_centre),
    ("vacuum.pushed_climb_height", no_infinite_case),
]
