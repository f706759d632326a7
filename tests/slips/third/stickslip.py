"""Blind slips for exercise 5.5 (stick-slip drive): written from the exercise notebooks, the
chapters and the solutions, without reading the checks."""

import numpy as np

# --------------------------------------------------------------------------- 5.2 helpers
# A student's own inverse_kinematics of exercise 5.2 (right), and three of its slips that a
# 5.5 answer may call.


def inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius):
    r3 = np.sqrt(3) / 3
    x, y = x_dot / leg_radius, y_dot / leg_radius
    return (2 / 3 * y + theta_dot / 3,
            -r3 * x - y / 3 + theta_dot / 3,
            r3 * x - y / 3 + theta_dot / 3)


def inverse_kinematics_no_radius(x_dot, y_dot, theta_dot, leg_radius):
    r3 = np.sqrt(3) / 3
    return (2 / 3 * y_dot + theta_dot / 3,
            -r3 * x_dot - y_dot / 3 + theta_dot / 3,
            r3 * x_dot - y_dot / 3 + theta_dot / 3)


def inverse_kinematics_full_turn(x_dot, y_dot, theta_dot, leg_radius):
    r3 = np.sqrt(3) / 3
    x, y = x_dot / leg_radius, y_dot / leg_radius
    return (2 / 3 * y + theta_dot,
            -r3 * x - y / 3 + theta_dot,
            r3 * x - y / 3 + theta_dot)


def inverse_kinematics_swapped(x_dot, y_dot, theta_dot, leg_radius):
    r3 = np.sqrt(3) / 3
    x, y = x_dot / leg_radius, y_dot / leg_radius
    return (2 / 3 * y + theta_dot / 3,
            r3 * x - y / 3 + theta_dot / 3,
            -r3 * x - y / 3 + theta_dot / 3)


def _wanted(commands, pivot, leg_radius, kinematics=inverse_kinematics):
    rows = []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = np.array(kinematics(x_dot, y_dot, theta_dot, leg_radius))
        rows.append(rates * duration / pivot)
    return np.array(rows).reshape(-1, 3)


def _carry(wanted):
    done = np.rint(np.cumsum(wanted, axis=0))
    return np.diff(done, axis=0, prepend=0.0).astype(int)


# --------------------------------------------------------------------------- 5.5 carried_counts


def rounds_each_command(commands, pivot, leg_radius):
    """Rounds each command's pivots on its own and never carries the remainder."""
    counts = []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius)
        counts.append([round(rate * duration / pivot) for rate in rates])
    return np.array(counts, dtype=int)


def returns_running_totals(commands, pivot, leg_radius):
    """Returns the pivots made up to each command (the rounded running sum), not per command."""
    wanted = _wanted(commands, pivot, leg_radius)
    return np.rint(np.cumsum(wanted, axis=0)).astype(int)


def truncates_running_sum(commands, pivot, leg_radius):
    """Cuts the running sum to a whole number with int() (towards zero) instead of rounding."""
    wanted = _wanted(commands, pivot, leg_radius)
    done = np.cumsum(wanted, axis=0).astype(int)
    return np.diff(done, axis=0, prepend=0)


def remainder_carried_with_wrong_sign(commands, pivot, leg_radius):
    """Carries the remainder as made minus wanted, so it is added with the wrong sign."""
    remainder = np.zeros(3)
    counts = []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = np.array(inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius))
        want = rates * duration / pivot + remainder
        made = np.rint(want)
        remainder = made - want
        counts.append(made)
    return np.array(counts, dtype=int).reshape(-1, 3)


def speeds_not_divided_by_leg_radius(commands, pivot, leg_radius):
    """Forgets to divide x_dot and y_dot by the leg radius in the inverse kinematics."""
    return _carry(_wanted(commands, pivot, leg_radius, inverse_kinematics_no_radius))


def full_turn_rate_per_motor(commands, pivot, leg_radius):
    """Gives every motor the whole turn rate theta_dot instead of a third of it."""
    return _carry(_wanted(commands, pivot, leg_radius, inverse_kinematics_full_turn))


def motors_two_and_three_swapped(commands, pivot, leg_radius):
    """Swaps the signs of the x_dot terms of motors 2 and 3 (210° and -30° mixed up)."""
    return _carry(_wanted(commands, pivot, leg_radius, inverse_kinematics_swapped))


def duration_left_out(commands, pivot, leg_radius):
    """Takes the wanted pivots as rate / pivot, leaving out the command's duration."""
    total = np.zeros(3)
    made_so_far = np.zeros(3)
    counts = []
    for x_dot, y_dot, theta_dot, _duration in commands:
        rates = np.array(inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius))
        total = total + rates / pivot
        made = np.rint(total)
        counts.append(made - made_so_far)
        made_so_far = made
    return np.array(counts, dtype=int).reshape(-1, 3)


SLIPS = [
    ("stickslip.carried_counts", rounds_each_command),
    ("stickslip.carried_counts", returns_running_totals),
    ("stickslip.carried_counts", truncates_running_sum),
    ("stickslip.carried_counts", remainder_carried_with_wrong_sign),
    ("stickslip.carried_counts", speeds_not_divided_by_leg_radius),
    ("stickslip.carried_counts", full_turn_rate_per_motor),
    ("stickslip.carried_counts", motors_two_and_three_swapped),
    ("stickslip.carried_counts", duration_left_out),
]
