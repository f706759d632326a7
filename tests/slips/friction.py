"""Typical wrong answers to the exercises of chapter 2 (friction)."""

import numpy as np
from scipy.optimize import brentq

# --------------------------------------------------------------------------- 2.1 tilt


def _slide_acceleration(length, time):
    return 2 * length / np.asarray(time, float) ** 2


def tilt_sin(theta, length, time, g):
    """N = m g in both balances: mu_s = sin(theta), mu_k = sin(theta) - a / g."""
    a = _slide_acceleration(length, time)
    return np.sin(theta), np.sin(theta) - a / g


def tilt_degrees(theta, length, time, g):
    """The angle converted from degrees although it is given in radians."""
    angle = np.radians(theta)
    a = _slide_acceleration(length, time)
    return np.tan(angle), np.tan(angle) - a / (g * np.cos(angle))


def tilt_distance_a_t_squared(theta, length, time, g):
    """length = a t^2 without the 1/2: the acceleration half its size."""
    a = length / np.asarray(time, float) ** 2
    return np.tan(theta), np.tan(theta) - a / (g * np.cos(theta))


def tilt_steady_slide(theta, length, time, g):
    """The slide taken as steady: the friction balances the pull, mu_k = tan(theta)."""
    return np.tan(theta), np.tan(theta) + 0 * np.asarray(time, float)


def tilt_friction_down_the_board(theta, length, time, g):
    """m a = m g sin + mu_k m g cos: the friction taken to act down the board."""
    a = _slide_acceleration(length, time)
    return np.tan(theta), (a - g * np.sin(theta)) / (g * np.cos(theta))


def tilt_pair_swapped(theta, length, time, g):
    """Returned (mu_k, mu_s)."""
    a = _slide_acceleration(length, time)
    return np.tan(theta) - a / (g * np.cos(theta)), np.tan(theta)


# --------------------------------------------------------------------------- 2.2 Stribeck


def _edges(q):
    """x on both sides of 1/sqrt(2) where x exp(-x^2) = q (None where there is no band)."""
    top = 1 / np.sqrt(2)
    if q >= top * np.exp(-0.5):
        return None

    def f(x):
        return x * np.exp(-x**2) - q

    return (brentq(f, 0.0, top, xtol=1e-14, rtol=1e-15),
            brentq(f, top, 30.0, xtol=1e-14, rtol=1e-15))


def _in_speeds(edges, vs):
    return (0.0, 0.0) if edges is None else (vs * edges[0], vs * edges[1])


def stribeck_band_no_viscous(Fc, Fs, vs, b, gain):
    """Only the gain as damping: the viscous slope b forgotten."""
    if Fs == Fc:
        return 0.0, 0.0
    return _in_speeds(_edges(gain * vs / (2 * (Fs - Fc))), vs)


def stribeck_band_viscous_against(Fc, Fs, vs, b, gain):
    """The viscous slope counted as a negative damping: gain - b."""
    if Fs == Fc:
        return 0.0, 0.0
    return _in_speeds(_edges((gain - b) * vs / (2 * (Fs - Fc))), vs)


def stribeck_band_no_two(Fc, Fs, vs, b, gain):
    """d/dx exp(-x^2) taken as -x exp(-x^2): the 2 lost."""
    if Fs == Fc:
        return 0.0, 0.0
    return _in_speeds(_edges((gain + b) * vs / (Fs - Fc)), vs)


def stribeck_band_no_chain_rule(Fc, Fs, vs, b, gain):
    """Differentiated in x and compared with the gain in v: the 1/vs lost."""
    if Fs == Fc:
        return 0.0, 0.0
    return _in_speeds(_edges((gain + b) / (2 * (Fs - Fc))), vs)


def stribeck_band_in_x(Fc, Fs, vs, b, gain):
    """The edges returned as x = v / vs."""
    if Fs == Fc:
        return 0.0, 0.0
    return _in_speeds(_edges((gain + b) * vs / (2 * (Fs - Fc))), 1.0)


def stribeck_band_exponent_one(Fc, Fs, vs, b, gain):
    """The fall exp(-v/vs) of delta = 1: steepest at rest, so the band starts at 0."""
    ratio = (Fs - Fc) / (vs * (gain + b))
    return (0.0, vs * np.log(ratio)) if ratio > 1 else (0.0, 0.0)


def stribeck_band_reversed(Fc, Fs, vs, b, gain):
    """Returned (v_high, v_low)."""
    if Fs == Fc:
        return 0.0, 0.0
    low, high = _in_speeds(_edges((gain + b) * vs / (2 * (Fs - Fc))), vs)
    return high, low


def stribeck_band_of_falling_friction(Fc, Fs, vs, b, gain):
    """Where the friction torque falls with the speed: the loop's gain left out."""
    if Fs == Fc:
        return 0.0, 0.0
    return _in_speeds(_edges(b * vs / (2 * (Fs - Fc))), vs)


# --------------------------------------------------------------------------- 2.3 Karnopp's band
# Rewritten with the exercise (issue 37): by the check's author, not blind.


def _jump(mass, Fc, push_max, dt):
    return np.asarray(dt, float) * (Fc + push_max) / mass


def karnopp_band_step_within_dv(mass, Fc, push_max, dt, hold_time, creep):
    """One step must stay within dv: the band's width taken as dv, not 2 dv."""
    return _jump(mass, Fc, push_max, dt), creep / np.asarray(hold_time, float)


def karnopp_band_push_forgotten(mass, Fc, push_max, dt, hold_time, creep):
    """Only the Coulomb friction changes the speed in a step."""
    return np.asarray(dt, float) * Fc / (2 * mass), creep / np.asarray(hold_time, float)


def karnopp_band_push_along(mass, Fc, push_max, dt, hold_time, creep):
    """The push taken along the motion: the net brake is |Fc - push|."""
    step = np.asarray(dt, float) * np.abs(Fc - push_max) / mass
    return step / 2, creep / np.asarray(hold_time, float)


def karnopp_band_force_times_dt(mass, Fc, push_max, dt, hold_time, creep):
    """The change of speed written force times dt: the mass forgotten."""
    return np.asarray(dt, float) * (Fc + push_max) / 2, creep / np.asarray(hold_time, float)


def karnopp_band_dt_squared(mass, Fc, push_max, dt, hold_time, creep):
    """The step's change of position, a dt^2 / m, for its change of speed."""
    return _jump(mass, Fc, push_max, dt) * np.asarray(dt, float) / 2, \
        creep / np.asarray(hold_time, float)


def karnopp_band_creeps_at_twice_dv(mass, Fc, push_max, dt, hold_time, creep):
    """A caught block taken to creep at the band's whole width, 2 dv."""
    return _jump(mass, Fc, push_max, dt) / 2, creep / (2 * np.asarray(hold_time, float))


def karnopp_band_creeps_at_half_dv(mass, Fc, push_max, dt, hold_time, creep):
    """A caught block taken to creep at dv / 2 on average."""
    return _jump(mass, Fc, push_max, dt) / 2, 2 * creep / np.asarray(hold_time, float)


def karnopp_band_pair_reversed(mass, Fc, push_max, dt, hold_time, creep):
    """(dv_high, dv_low)."""
    return creep / np.asarray(hold_time, float), _jump(mass, Fc, push_max, dt) / 2


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
    ("friction.mu_from_tilt", tilt_degrees),
    ("friction.mu_from_tilt", tilt_distance_a_t_squared),
    ("friction.mu_from_tilt", tilt_steady_slide),
    ("friction.mu_from_tilt", tilt_friction_down_the_board),
    ("friction.mu_from_tilt", tilt_pair_swapped),
    ("friction.stribeck", stribeck_band_no_viscous),
    ("friction.stribeck", stribeck_band_viscous_against),
    ("friction.stribeck", stribeck_band_no_two),
    ("friction.stribeck", stribeck_band_no_chain_rule),
    ("friction.stribeck", stribeck_band_in_x),
    ("friction.stribeck", stribeck_band_exponent_one),
    ("friction.stribeck", stribeck_band_reversed),
    ("friction.stribeck", stribeck_band_of_falling_friction),
    ("friction.karnopp", karnopp_band_step_within_dv),
    ("friction.karnopp", karnopp_band_push_forgotten),
    ("friction.karnopp", karnopp_band_push_along),
    ("friction.karnopp", karnopp_band_force_times_dt),
    ("friction.karnopp", karnopp_band_dt_squared),
    ("friction.karnopp", karnopp_band_creeps_at_twice_dv),
    ("friction.karnopp", karnopp_band_creeps_at_half_dv),
    ("friction.karnopp", karnopp_band_pair_reversed),
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
