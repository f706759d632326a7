"""Typical wrong answers to the exercises of chapter 2 (friction)."""

import math

import numpy as np

# --------------------------------------------------------------------------- 2.1 tilting board


def sine_of_the_angle(theta):
    """mu = sin(theta): the normal force forgotten in the ratio."""
    return np.sin(theta)


def cosine_of_the_angle(theta):
    """mu = cos(theta): the weight's components mixed up."""
    return np.cos(theta)


def cotangent(theta):
    """mu = cos/sin: the ratio of the weight's components upside down."""
    return np.cos(theta) / np.sin(theta)


def theta_converted_as_degrees(theta):
    """np.radians applied to theta, which is already in radians."""
    return np.tan(np.radians(theta))


def arctan_for_tan(theta):
    """Took the inverse: mu = arctan(theta)."""
    return np.arctan(theta)


def mu_is_the_angle(theta):
    """Small-angle shortcut: mu = theta."""
    return theta


def math_tan(theta):
    """math.tan, which takes one number: fails on an array of trials."""
    return math.tan(theta)


# --------------------------------------------------------------------------- 2.2 Stribeck


def friction_along_velocity(v, Fc, Fs, vs, b):
    """The overall sign: the force pushes along the velocity."""
    return (Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v) + b * v


def no_viscous_term(v, Fc, Fs, vs, b):
    """Left out the viscous part -b v."""
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v)


def exponent_one(v, Fc, Fs, vs, b):
    """delta = 1: exp(-|v| / vs) instead of exp(-(v / vs)^2)."""
    return -(Fc + (Fs - Fc) * np.exp(-np.abs(v) / vs)) * np.sign(v) - b * v


def vs_squared_alone(v, Fc, Fs, vs, b):
    """Precedence: exp(-v**2 / vs) with vs not squared."""
    return -(Fc + (Fs - Fc) * np.exp(-v**2 / vs)) * np.sign(v) - b * v


def Fs_and_Fc_swapped(v, Fc, Fs, vs, b):
    """Fs and Fc swapped: the force rises from Fc at rest to Fs when sliding."""
    return -(Fs + (Fc - Fs) * np.exp(-(v / vs)**2)) * np.sign(v) - b * v


def sign_as_v_over_abs_v(v, Fc, Fs, vs, b):
    """sign(v) written v / |v|: NaN at v = 0, where the force must be 0."""
    direction = v / np.abs(v)
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * direction - b * v


def stribeck_part_without_sign(v, Fc, Fs, vs, b):
    """Only the Coulomb level gets sign(v); the Stribeck bump always pushes back."""
    return -Fc * np.sign(v) - (Fs - Fc) * np.exp(-(v / vs)**2) - b * v


def viscous_sign(v, Fc, Fs, vs, b):
    """+b v: the viscous part helps the motion."""
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v) + b * v


def Fs_times_exp(v, Fc, Fs, vs, b):
    """Fs e^(...) where (Fs - Fc) e^(...) belongs: too high at rest."""
    return -(Fc + Fs * np.exp(-(v / vs)**2)) * np.sign(v) - b * v


# --------------------------------------------------------------------------- 2.3 Karnopp


def band_closed(v, applied, Fc, Fs, dv):
    """|v| <= dv: sticks at the band's edge, where the text says it slides."""
    return np.where(np.abs(v) <= dv, -np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def sticking_force_along_applied(v, applied, Fc, Fs, dv):
    """+sat(F_a, F_s) inside the band: friction pushes with the applied force."""
    return np.where(np.abs(v) < dv, np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def no_saturation(v, applied, Fc, Fs, dv):
    """Inside the band friction balances any applied force: no limit at Fs."""
    return np.where(np.abs(v) < dv, -applied, -Fc * np.sign(v))


def saturated_at_Fc(v, applied, Fc, Fs, dv):
    """Saturates the sticking force at Fc instead of Fs."""
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fc, Fc), -Fc * np.sign(v))


def band_without_abs(v, applied, Fc, Fs, dv):
    """v < dv without the absolute value: every backward motion counts as sticking."""
    return np.where(v < dv, -np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def slides_at_Fs(v, applied, Fc, Fs, dv):
    """Outside the band the body slides with Fs instead of Fc."""
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fs, Fs), -Fs * np.sign(v))


def sat_min_max_swapped(v, applied, Fc, Fs, dv):
    """sat written max(min(F_a, -F_s), F_s): always F_s."""
    sat = np.maximum(np.minimum(applied, -Fs), Fs)
    return np.where(np.abs(v) < dv, -sat, -Fc * np.sign(v))


def sticks_with_zero_force(v, applied, Fc, Fs, dv):
    """Inside the band the force is 0 instead of balancing the applied force."""
    return np.where(np.abs(v) < dv, 0.0, -Fc * np.sign(v))


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
    ("friction.mu_from_tilt", cosine_of_the_angle),
    ("friction.mu_from_tilt", cotangent),
    ("friction.mu_from_tilt", theta_converted_as_degrees),
    ("friction.mu_from_tilt", arctan_for_tan),
    ("friction.mu_from_tilt", mu_is_the_angle),
    ("friction.mu_from_tilt", math_tan),
    ("friction.stribeck", friction_along_velocity),
    ("friction.stribeck", no_viscous_term),
    ("friction.stribeck", exponent_one),
    ("friction.stribeck", vs_squared_alone),
    ("friction.stribeck", Fs_and_Fc_swapped),
    ("friction.stribeck", sign_as_v_over_abs_v),
    ("friction.stribeck", stribeck_part_without_sign),
    ("friction.stribeck", viscous_sign),
    ("friction.stribeck", Fs_times_exp),
    ("friction.karnopp", band_closed),
    ("friction.karnopp", sticking_force_along_applied),
    ("friction.karnopp", no_saturation),
    ("friction.karnopp", saturated_at_Fc),
    ("friction.karnopp", band_without_abs),
    ("friction.karnopp", slides_at_Fs),
    ("friction.karnopp", sat_min_max_swapped),
    ("friction.karnopp", sticks_with_zero_force),
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
