"""Typical wrong answers to the exercises of chapter 2 (friction)."""

import numpy as np

# --------------------------------------------------------------------------- 2.1 tilt


def tilt_sin(theta):
    """mu = sin(theta): the ratio of the weight's components taken as a sine."""
    return np.sin(theta)


def tilt_cot(theta):
    """mu = N / F, the ratio upside down: 1 / tan(theta)."""
    return 1 / np.tan(theta)


def tilt_degrees(theta):
    """The angle converted from degrees although it is given in radians."""
    return np.tan(np.radians(theta))


def tilt_to_degrees(theta):
    """np.degrees before np.tan: the angle turned into degrees, which np.tan reads as radians."""
    return np.tan(np.degrees(theta))


def tilt_small_angle(theta):
    """mu = theta, the small-angle tan(theta) ~ theta (the tilts are not small)."""
    return theta


def tilt_arctan(theta):
    """np.arctan for np.tan (the inverse function)."""
    return np.arctan(theta)


# --------------------------------------------------------------------------- 2.2 Stribeck


def stribeck_coulomb_along_velocity(v, Fc, Fs, vs, b):
    """The minus in front of the Coulomb-Stribeck part lost: it pushes along v."""
    return (Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v) - b * v


def stribeck_no_viscous(v, Fc, Fs, vs, b):
    """The viscous term -b v forgotten."""
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v)


def stribeck_exponent_one(v, Fc, Fs, vs, b):
    """The exponent delta = 1, |v|/vs, where the text gives delta = 2."""
    return -(Fc + (Fs - Fc) * np.exp(-np.abs(v) / vs)) * np.sign(v) - b * v


def stribeck_levels_swapped(v, Fc, Fs, vs, b):
    """Fc and Fs swapped: the force starts at Fc and tends to Fs."""
    return -(Fs + (Fc - Fs) * np.exp(-(v / vs)**2)) * np.sign(v) - b * v


def stribeck_vs_not_squared(v, Fc, Fs, vs, b):
    """exp(-v^2 / vs): the Stribeck velocity left outside the square."""
    return -(Fc + (Fs - Fc) * np.exp(-v**2 / vs)) * np.sign(v) - b * v


def stribeck_sign_by_division(v, Fc, Fs, vs, b):
    """sign(v) written as v / |v|, which is nan at v = 0 (the force there must be 0)."""
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * (v / np.abs(v)) - b * v


def stribeck_sign_only_on_coulomb(v, Fc, Fs, vs, b):
    """sign(v) only on Fc: the Stribeck hump does not turn with the velocity."""
    return -Fc * np.sign(v) - (Fs - Fc) * np.exp(-(v / vs)**2) - b * v


def stribeck_viscous_sign(v, Fc, Fs, vs, b):
    """+b v: the viscous part pushes along the velocity."""
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v) + b * v


def stribeck_exponent_sign(v, Fc, Fs, vs, b):
    """exp(+(v/vs)^2): the minus of the exponent lost."""
    return -(Fc + (Fs - Fc) * np.exp((v / vs)**2)) * np.sign(v) - b * v


# --------------------------------------------------------------------------- 2.3 Karnopp


def karnopp_band_closed(v, applied, Fc, Fs, dv):
    """|v| <= dv for the sticking band, where the text says |v| < dv."""
    return np.where(np.abs(v) <= dv, -np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def karnopp_no_saturation(v, applied, Fc, Fs, dv):
    """Inside the band the whole applied force balanced, never saturated at Fs."""
    return np.where(np.abs(v) < dv, -applied, -Fc * np.sign(v))


def karnopp_sticking_sign(v, applied, Fc, Fs, dv):
    """+sat(F_a, F_s) inside the band: the friction pushes along the applied force."""
    return np.where(np.abs(v) < dv, np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def karnopp_saturate_at_coulomb(v, applied, Fc, Fs, dv):
    """Saturation at Fc where the static level Fs belongs."""
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fc, Fc), -Fc * np.sign(v))


def karnopp_slides_with_static_level(v, applied, Fc, Fs, dv):
    """Sliding friction Fs sign(v) where the Coulomb level Fc belongs."""
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fs, Fs), -Fs * np.sign(v))


def karnopp_band_without_abs(v, applied, Fc, Fs, dv):
    """v < dv without the absolute value: every negative velocity counts as sticking."""
    return np.where(v < dv, -np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def karnopp_one_sided_saturation(v, applied, Fc, Fs, dv):
    """min(F_a, F_s) only: the lower bound -Fs of the saturation forgotten."""
    return np.where(np.abs(v) < dv, -np.minimum(applied, Fs), -Fc * np.sign(v))


def karnopp_sliding_sign(v, applied, Fc, Fs, dv):
    """+Fc sign(v) while sliding: the Coulomb force pushes along the velocity."""
    return np.where(np.abs(v) < dv, -np.clip(applied, -Fs, Fs), Fc * np.sign(v))


# --------------------------------------------------------------------------- 2.4 fit


def fit_columns_without_minus(v, force):
    """Columns sign(v) and v without the model's minus: Fc and b come out negative."""
    A = np.column_stack([np.sign(v), v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def fit_outputs_swapped(v, force):
    """The pair returned as (b, Fc)."""
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return b, Fc


def fit_ones_for_sign(v, force):
    """A column of ones (an offset) where -sign(v) belongs."""
    A = np.column_stack([-np.ones_like(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def fit_vstack_without_transpose(v, force):
    """A built with np.vstack, without .T: one row per unknown instead of one per sample."""
    A = np.vstack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def fit_residuals_item(v, force):
    """The second item of lstsq's tuple (the residuals) taken for the solution."""
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[1]
    return Fc, b


def fit_viscous_column_sign(v, force):
    """The viscous column +v while the Coulomb one is -sign(v): b comes out negative."""
    A = np.column_stack([-np.sign(v), v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


# --------------------------------------------------------------------------- 2.5 period


def period_forgets_the_ride(mass, stiffness, Fc, Fs, belt_speed):
    """The slip's arc only: the ride with the belt after re-sticking forgotten."""
    w = np.sqrt(stiffness / mass)
    return (2 * np.pi - 2 * np.arctan(w * (Fs - Fc) / stiffness / belt_speed)) / w


def period_half_circle(mass, stiffness, Fc, Fs, belt_speed):
    """The slip as half an oscillation, pi sqrt(m / k), plus the right ride."""
    return np.pi * np.sqrt(mass / stiffness) + 2 * (Fs - Fc) / stiffness / belt_speed


def period_no_root(mass, stiffness, Fc, Fs, belt_speed):
    """omega = k / m: the square root of the natural frequency forgotten."""
    w = stiffness / mass
    d = (Fs - Fc) / stiffness
    return (2 * np.pi - 2 * np.arctan(w * d / belt_speed)) / w + 2 * d / belt_speed


def period_over_the_top(mass, stiffness, Fc, Fs, belt_speed):
    """The arc from breakaway to re-sticking taken the short way, over the top."""
    w = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    return 2 * np.arctan(w * d / belt_speed) / w + 2 * d / belt_speed


SLIPS = [
    ("friction.mu_from_tilt", tilt_sin),
    ("friction.mu_from_tilt", tilt_cot),
    ("friction.mu_from_tilt", tilt_degrees),
    ("friction.mu_from_tilt", tilt_to_degrees),
    ("friction.mu_from_tilt", tilt_small_angle),
    ("friction.mu_from_tilt", tilt_arctan),
    ("friction.stribeck", stribeck_coulomb_along_velocity),
    ("friction.stribeck", stribeck_no_viscous),
    ("friction.stribeck", stribeck_exponent_one),
    ("friction.stribeck", stribeck_levels_swapped),
    ("friction.stribeck", stribeck_vs_not_squared),
    ("friction.stribeck", stribeck_sign_by_division),
    ("friction.stribeck", stribeck_sign_only_on_coulomb),
    ("friction.stribeck", stribeck_viscous_sign),
    ("friction.stribeck", stribeck_exponent_sign),
    ("friction.karnopp", karnopp_band_closed),
    ("friction.karnopp", karnopp_no_saturation),
    ("friction.karnopp", karnopp_sticking_sign),
    ("friction.karnopp", karnopp_saturate_at_coulomb),
    ("friction.karnopp", karnopp_slides_with_static_level),
    ("friction.karnopp", karnopp_band_without_abs),
    ("friction.karnopp", karnopp_one_sided_saturation),
    ("friction.karnopp", karnopp_sliding_sign),
    ("friction.fit_coulomb_viscous", fit_columns_without_minus),
    ("friction.fit_coulomb_viscous", fit_outputs_swapped),
    ("friction.fit_coulomb_viscous", fit_ones_for_sign),
    ("friction.fit_coulomb_viscous", fit_vstack_without_transpose),
    ("friction.fit_coulomb_viscous", fit_residuals_item),
    ("friction.fit_coulomb_viscous", fit_viscous_column_sign),
    ("friction.stick_slip_period", period_forgets_the_ride),
    ("friction.stick_slip_period", period_half_circle),
    ("friction.stick_slip_period", period_no_root),
    ("friction.stick_slip_period", period_over_the_top),
]
