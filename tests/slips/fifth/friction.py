"""Fifth, blind set of slips for chapter 2 (friction), exercise 2.3 `friction.karnopp`.

Written from the exercise notebook `exercises/02_friction.ipynb` and the chapter's lessons
(`chapters/02_friction/`, chiefly section 2.2.1 on Karnopp's band) and `book/notation.md` only,
without reading the checks, their keys, the solutions or the other slip sets. Each slip is one
typical wrong answer a student would hand in for `karnopp_band`: four get the lower bound (the
step's largest jump over the band) wrong, three get the upper bound (the creep while held)
wrong, one returns the pair in the wrong order.

The student's derivation behind the right answer: while sliding with v > 0 the velocity changes
in one step by dt (P - Fc) / m; it falls fastest with the push against the motion, P =
-push_max, by J = dt (Fc + push_max) / m. A block at the band's edge, v = dv (still outside, the
band is open), lands at dv - J; it must be above -dv, so dv > J / 2. Inside the band the
friction cancels the push, the net force is zero and the velocity stays at the value it landed
with, anything below dv in size; over hold_time it creeps by less than dv * hold_time, so dv may
be at most creep / hold_time.

Measured blind, before any check changed for this set: 4 of 8 slips named, none passed, the
right answer passed. Rejected but not named: the push taken along the motion without abs()
(the check's model of that slip took the size of Fc - push), the force times the mass, the
creep times the hold time, and the landing step counted in the hold. The check was then taught
all four, and the text now says the hold time starts after the step that caught the block:
now 8 of 8 are named.
"""

import numpy as np

BLIND = "4 of 8 slips named, 0 passed, the right answer passed"
TAUGHT = True


def _arrays(dt, hold_time):
    """dt and hold_time as float arrays of one (broadcast) shape."""
    dt, hold_time = np.broadcast_arrays(np.asarray(dt, dtype=float),
                                        np.asarray(hold_time, dtype=float))
    return dt, hold_time


def _jump(mass, Fc, push_max, dt):
    """The largest change of velocity in one step of sliding, push against the motion."""
    return dt * (Fc + push_max) / mass


# --- slips on dv_low ---------------------------------------------------------------------

def karnopp_band_no_half(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: the band's half width must exceed the whole jump (factor 1/2 dropped)."""
    dt, hold_time = _arrays(dt, hold_time)
    return _jump(mass, Fc, push_max, dt), creep / hold_time


def karnopp_band_push_helps(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: wrong side of the push, taken along the motion, so it subtracts from Fc."""
    dt, hold_time = _arrays(dt, hold_time)
    return dt * (Fc - push_max) / (2 * mass), creep / hold_time


def karnopp_band_push_forgotten(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: the push forgotten in the jump, only the Coulomb friction slows the block."""
    dt, hold_time = _arrays(dt, hold_time)
    return dt * Fc / (2 * mass), creep / hold_time


def karnopp_band_times_mass(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: the force multiplied by the mass instead of divided by it (F = m a muddled)."""
    dt, hold_time = _arrays(dt, hold_time)
    return dt * (Fc + push_max) * mass / 2, creep / hold_time


# --- slips on dv_high --------------------------------------------------------------------

def karnopp_band_creep_decelerates(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: the caught block thought to slow uniformly to rest, creeping at dv/2 on average."""
    dt, hold_time = _arrays(dt, hold_time)
    return _jump(mass, Fc, push_max, dt) / 2, 2 * creep / hold_time


def karnopp_band_creep_times_time(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: creep multiplied by hold_time instead of divided (distance = speed / time)."""
    dt, hold_time = _arrays(dt, hold_time)
    return _jump(mass, Fc, push_max, dt) / 2, creep * hold_time


def karnopp_band_one_step_more(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: the landing step counted into the hold, one step too many (hold_time + dt)."""
    dt, hold_time = _arrays(dt, hold_time)
    return _jump(mass, Fc, push_max, dt) / 2, creep / (hold_time + dt)


# --- slip on the pair ----------------------------------------------------------------------

def karnopp_band_swapped(mass, Fc, push_max, dt, hold_time, creep):
    """Slip: the two bounds returned in the wrong order, (dv_high, dv_low)."""
    dt, hold_time = _arrays(dt, hold_time)
    return creep / hold_time, _jump(mass, Fc, push_max, dt) / 2


# --- the right answer ----------------------------------------------------------------------

def right_karnopp_band(mass, Fc, push_max, dt, hold_time, creep):
    """Right: dv_low = dt (Fc + push_max) / (2 m), dv_high = creep / hold_time."""
    dt, hold_time = _arrays(dt, hold_time)
    largest_jump = dt * (Fc + push_max) / mass     # push against the motion, m/s per step
    dv_low = largest_jump / 2                      # from v = dv the step must stop above -dv
    dv_high = creep / hold_time                    # held velocity < dv, constant while caught
    if dv_low.ndim == 0:
        return float(dv_low), float(dv_high)
    return dv_low, dv_high


SLIPS = [
    ("friction.karnopp", karnopp_band_no_half),
    ("friction.karnopp", karnopp_band_push_helps),
    ("friction.karnopp", karnopp_band_push_forgotten),
    ("friction.karnopp", karnopp_band_times_mass),
    ("friction.karnopp", karnopp_band_creep_decelerates),
    ("friction.karnopp", karnopp_band_creep_times_time),
    ("friction.karnopp", karnopp_band_one_step_more),
    ("friction.karnopp", karnopp_band_swapped),
]

RIGHT = {"friction.karnopp": right_karnopp_band}
