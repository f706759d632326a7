"""Blind slips for exercise 2.5 (friction): written from the exercise notebook, the chapter and
the solution, without reading the checks."""

import numpy as np

# --------------------------------------------------------------------------- 2.5 stick_slip_period


def period_without_stick(mass, stiffness, Fc, Fs, belt_speed):
    """Returned only the time of the slip and forgot the ride with the belt."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(omega * d, belt_speed)
    return (2 * np.pi - 2 * alpha) / omega


def period_half_oscillation_slip(mass, stiffness, Fc, Fs, belt_speed):
    """Took the slip to last half an oscillation, pi/omega, instead of the arc it sweeps."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    return np.pi / omega + 2 * d / belt_speed


def period_short_arc_over_top(mass, stiffness, Fc, Fs, belt_speed):
    """Let the point turn the short way, over the top of the circle (angle 2 alpha)."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(omega * d, belt_speed)
    return 2 * alpha / omega + 2 * d / belt_speed


def period_angle_without_omega(mass, stiffness, Fc, Fs, belt_speed):
    """Worked out the angle in the plane (x, v) instead of (x, v/omega): atan(d / v_b)."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(d, belt_speed)
    return (2 * np.pi - 2 * alpha) / omega + 2 * d / belt_speed


def period_stick_from_anchor(mass, stiffness, Fc, Fs, belt_speed):
    """Let the block ride with the belt from the anchor x = 0 up to the breakaway F_s/k."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(omega * d, belt_speed)
    return (2 * np.pi - 2 * alpha) / omega + (Fs / stiffness) / belt_speed


def period_stick_half_ride(mass, stiffness, Fc, Fs, belt_speed):
    """Let the stick start at the centre F_c/k, a ride of d instead of 2 d."""
    omega = np.sqrt(stiffness / mass)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(omega * d, belt_speed)
    return (2 * np.pi - 2 * alpha) / omega + d / belt_speed


def period_frequency_in_hertz(mass, stiffness, Fc, Fs, belt_speed):
    """Used the frequency in Hz, sqrt(k/m)/(2 pi), where the angular frequency belongs."""
    omega = np.sqrt(stiffness / mass) / (2 * np.pi)
    d = (Fs - Fc) / stiffness
    alpha = np.arctan2(omega * d, belt_speed)
    return (2 * np.pi - 2 * alpha) / omega + 2 * d / belt_speed


def period_static_level_while_slipping(mass, stiffness, Fc, Fs, belt_speed):
    """Kept the static level during the slip, so the circle is centred on F_s/k."""
    omega = np.sqrt(stiffness / mass)
    centre = Fs / stiffness                      # spring balances the friction level
    d = Fs / stiffness - centre
    alpha = np.arctan2(omega * d, belt_speed)
    return (2 * np.pi - 2 * alpha) / omega + 2 * d / belt_speed


SLIPS = [
    ("friction.stick_slip_period", period_without_stick),
    ("friction.stick_slip_period", period_half_oscillation_slip),
    ("friction.stick_slip_period", period_short_arc_over_top),
    ("friction.stick_slip_period", period_angle_without_omega),
    ("friction.stick_slip_period", period_stick_from_anchor),
    ("friction.stick_slip_period", period_stick_half_ride),
    ("friction.stick_slip_period", period_frequency_in_hertz),
    ("friction.stick_slip_period", period_static_level_while_slipping),
]
