"""Typical wrong answers to the exercises of chapter 2 (friction)."""

import math

import numpy as np
from scipy.optimize import brentq

# --------------------------------------------------------------------------- 2.1 tilting board


def sine_of_the_angle(theta, length, time, g):
    """mu = F / (m g): the normal force taken as the whole weight, static and kinetic."""
    accel = 2 * length / time**2
    return np.sin(theta), (g * np.sin(theta) - accel) / g


def theta_converted_as_degrees(theta, length, time, g):
    """np.radians applied to theta, which is already in radians."""
    th = np.radians(theta)
    accel = 2 * length / time**2
    return np.tan(th), np.tan(th) - accel / (g * np.cos(th))


def mean_speed_for_acceleration(theta, length, time, g):
    """a = length / time, the mean speed of the slide, used as its acceleration."""
    accel = length / time
    return np.tan(theta), np.tan(theta) - accel / (g * np.cos(theta))


def kinetic_over_the_weight(theta, length, time, g):
    """mu_k = tan(theta) - a / g: the acceleration divided by g, not by g cos(theta)."""
    accel = 2 * length / time**2
    return np.tan(theta), np.tan(theta) - accel / g


def kinetic_from_acceleration_alone(theta, length, time, g):
    """mu_k = a / (g cos(theta)): the net force taken as the friction."""
    accel = 2 * length / time**2
    return np.tan(theta), accel / (g * np.cos(theta))


def earth_gravity_typed_in(theta, length, time, g):
    """9.81 typed in for g."""
    accel = 2 * length / time**2
    return np.tan(theta), np.tan(theta) - accel / (9.81 * np.cos(theta))


def math_tan(theta, length, time, g):
    """math.tan and math.cos, which take one number: fail on an array of trials."""
    accel = 2 * length / time**2
    return math.tan(theta), math.tan(theta) - accel / (g * math.cos(theta))


# --------------------------------------------------------------------------- 2.2 Stribeck


def _unstable_band(damping, Fs_minus_Fc, vs, vscale=None):
    """Edges in v of gain + d|F|/dv < 0, by brentq on the total slope in v."""
    vscale = vs if vscale is None else vscale

    def slope(v):
        x = v / vs
        return damping - 2 * Fs_minus_Fc / vscale * x * math.exp(-x * x)

    mid = vs / math.sqrt(2)
    if Fs_minus_Fc <= 0 or slope(mid) >= 0:
        return 0.0, 0.0
    return (brentq(slope, 0.0, mid, xtol=1e-15, rtol=1e-14),
            brentq(slope, mid, 40 * vs, xtol=1e-15, rtol=1e-14))


def band_gain_only(Fc, Fs, vs, b, gain):
    """b left out of the damping: the loop's gain alone against the fall."""
    return _unstable_band(gain, Fs - Fc, vs)


def band_friction_slope_only(Fc, Fs, vs, b, gain):
    """The band where the friction itself falls: the gain not in the condition."""
    return _unstable_band(b, Fs - Fc, vs)


def band_viscous_as_negative(Fc, Fs, vs, b, gain):
    """gain - b: the viscous slope subtracted from the loop's damping."""
    return _unstable_band(gain - b, Fs - Fc, vs)


def band_derivative_without_2(Fc, Fs, vs, b, gain):
    """The derivative of exp(-x^2) written -x exp(-x^2)."""
    return _unstable_band(gain + b, (Fs - Fc) / 2, vs)


def band_without_inner_derivative(Fc, Fs, vs, b, gain):
    """The chain rule's 1/vs lost: the slope of the fall in N m per unit x."""
    return _unstable_band(gain + b, Fs - Fc, vs, vscale=1.0)


def band_as_ratios(Fc, Fs, vs, b, gain):
    """The edges left as v / vs."""
    low, high = _unstable_band(gain + b, Fs - Fc, vs)
    return low / vs, high / vs


def band_levels_swapped(Fc, Fs, vs, b, gain):
    """Fs - Fc written Fc - Fs: no fall, so never a band."""
    return _unstable_band(gain + b, Fc - Fs, vs)


# --------------------------------------------------------------------------- 2.3 Karnopp's band
# Rewritten with the exercise (issue 37): by the check's author, not blind; so is RIGHT's answer.


def karnopp_band(mass, Fc, push_max, dt, hold_time, creep):
    """The right answer: half the largest step of speed, and the creep over the hold time."""
    largest_step = (Fc + push_max) / mass * np.asarray(dt, float)
    return 0.5 * largest_step, creep / np.asarray(hold_time, float)


def band_as_wide_as_one_step(mass, Fc, push_max, dt, hold_time, creep):
    """dv at least one whole step: the band taken as dv wide."""
    low, high = karnopp_band(mass, Fc, push_max, dt, hold_time, creep)
    return 2 * low, high


def band_without_push(mass, Fc, push_max, dt, hold_time, creep):
    """The push left out of the step."""
    return karnopp_band(mass, Fc, 0.0, dt, hold_time, creep)


def band_push_with_the_motion(mass, Fc, push_max, dt, hold_time, creep):
    """The push taken to pull along the motion, against the friction."""
    net = abs(Fc - push_max)
    return 0.5 * net / mass * np.asarray(dt, float), creep / np.asarray(hold_time, float)


def band_step_without_mass(mass, Fc, push_max, dt, hold_time, creep):
    """The step of speed taken as (Fc + push) dt, the mass not divided out."""
    return karnopp_band(1.0, Fc, push_max, dt, hold_time, creep)


def band_creep_over_band_width(mass, Fc, push_max, dt, hold_time, creep):
    """The creep speed taken as the band's width 2 dv."""
    low, high = karnopp_band(mass, Fc, push_max, dt, hold_time, creep)
    return low, high / 2


def band_halves_the_kept_speed(mass, Fc, push_max, dt, hold_time, creep):
    """A caught block taken to keep dv / 2, the middle of the worst landings."""
    low, high = karnopp_band(mass, Fc, push_max, dt, hold_time, creep)
    return low, 2 * high


def band_reversed(mass, Fc, push_max, dt, hold_time, creep):
    """The pair returned upper bound first."""
    low, high = karnopp_band(mass, Fc, push_max, dt, hold_time, creep)
    return high, low


# --------------------------------------------------------------------------- 2.4 the fit


def fit_outputs_swapped(v, force):
    """Returns (b, Fc): the columns' order mixed up."""
    A = np.column_stack([-np.sign(v), -np.asarray(v, dtype=float)])
    x = np.linalg.lstsq(A, force, rcond=None)[0]
    return x[1], x[0]


def fit_without_minus_signs(v, force):
    """A = [sign(v), v]: the model's minus signs left out, both estimates negative."""
    A = np.column_stack([np.sign(v), v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def straight_line_fit(v, force):
    """A straight line F = -Fc - b v through all the data (a column of ones, no sign(v))."""
    A = np.column_stack([-np.ones(len(v)), -np.asarray(v, dtype=float)])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def viscous_column_positive(v, force):
    """A = [-sign(v), v]: the viscous column without its minus sign, b negative."""
    A = np.column_stack([-np.sign(v), v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def lstsq_tuple_unpacked(v, force):
    """Unpacked lstsq's whole tuple, not its first item."""
    A = np.column_stack([-np.sign(v), -np.asarray(v, dtype=float)])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)
    return Fc, b


def columns_stacked_as_rows(v, force):
    """np.vstack without .T: A is 2 x n, so lstsq refuses it."""
    A = np.vstack([-np.sign(v), -np.asarray(v, dtype=float)])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def coulomb_column_positive(v, force):
    """A = [sign(v), -v]: the Coulomb column without its minus sign, Fc negative."""
    A = np.column_stack([np.sign(v), -np.asarray(v, dtype=float)])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


# --------------------------------------------------------------------------- 2.5 the period


def ride_from_centre(mass, stiffness, Fc, Fs, belt_speed):
    """The ride with the belt measured from the circle's centre Fc / k to Fs / k only."""
    omega = math.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    return (2 * math.pi - 2 * math.atan2(omega * d, belt_speed)) / omega + d / belt_speed


def slip_circle_about_anchor(mass, stiffness, Fc, Fs, belt_speed):
    """m x'' = -k x while slipping (the belt's friction forgotten): circle about x = 0."""
    omega = math.sqrt(stiffness / mass)
    x_high = Fs / stiffness
    alpha = math.atan2(omega * x_high, belt_speed)
    return (2 * math.pi - 2 * alpha) / omega + 2 * x_high / belt_speed


def tangent_inverted(mass, stiffness, Fc, Fs, belt_speed):
    """alpha from tan(alpha) = v_b / (omega d): the two legs of the triangle swapped."""
    omega = math.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    return (2 * math.pi - 2 * math.atan2(belt_speed, omega * d)) / omega + 2 * d / belt_speed


def full_turn_slip(mass, stiffness, Fc, Fs, belt_speed):
    """The slip as one whole oscillation 2 pi / omega, then the ride."""
    omega = math.sqrt(stiffness / mass)
    return 2 * math.pi / omega + 2 * (Fs - Fc) / (stiffness * belt_speed)


SLIPS = [
    ("friction.mu_from_tilt", sine_of_the_angle),
    ("friction.mu_from_tilt", theta_converted_as_degrees),
    ("friction.mu_from_tilt", mean_speed_for_acceleration),
    ("friction.mu_from_tilt", kinetic_over_the_weight),
    ("friction.mu_from_tilt", kinetic_from_acceleration_alone),
    ("friction.mu_from_tilt", earth_gravity_typed_in),
    ("friction.mu_from_tilt", math_tan),
    ("friction.stribeck", band_gain_only),
    ("friction.stribeck", band_friction_slope_only),
    ("friction.stribeck", band_viscous_as_negative),
    ("friction.stribeck", band_derivative_without_2),
    ("friction.stribeck", band_without_inner_derivative),
    ("friction.stribeck", band_as_ratios),
    ("friction.stribeck", band_levels_swapped),
    ("friction.karnopp", band_as_wide_as_one_step),
    ("friction.karnopp", band_without_push),
    ("friction.karnopp", band_push_with_the_motion),
    ("friction.karnopp", band_step_without_mass),
    ("friction.karnopp", band_creep_over_band_width),
    ("friction.karnopp", band_halves_the_kept_speed),
    ("friction.karnopp", band_reversed),
    ("friction.fit_coulomb_viscous", fit_outputs_swapped),
    ("friction.fit_coulomb_viscous", fit_without_minus_signs),
    ("friction.fit_coulomb_viscous", straight_line_fit),
    ("friction.fit_coulomb_viscous", viscous_column_positive),
    ("friction.fit_coulomb_viscous", lstsq_tuple_unpacked),
    ("friction.fit_coulomb_viscous", columns_stacked_as_rows),
    ("friction.fit_coulomb_viscous", coulomb_column_positive),
    ("friction.stick_slip_period", ride_from_centre),
    ("friction.stick_slip_period", slip_circle_about_anchor),
    ("friction.stick_slip_period", tangent_inverted),
    ("friction.stick_slip_period", full_turn_slip),
]

#: Right answers of this module's writer that replace ``right.RIGHT``'s: exercise 2.3 was
#: rewritten (issue 37), and its right answer is the check's author's.
RIGHT = {"friction.karnopp": karnopp_band}
