"""Right answers to exercises 4.6, 5.5 and 7.6, written independently of the solution
notebooks' code: a lap as a product of planar rigid motions, the stick-slip inverse kinematics
by solving the forward map, and the push that takes a wheel up a step by bisection on the
push, its limiting angle from arctan2."""

import numpy as np

# --------------------------------------------------------------------------- 4.6 square_odometry


def _arc_motion(distance, turn):
    """Homogeneous 3x3 matrix of an arc of length `distance` that turns by `turn`."""
    if abs(turn) < 1e-12:
        shift = complex(distance, 0.0)
    else:
        shift = distance * (np.exp(1j * turn) - 1.0) / (1j * turn)
    c, s = np.cos(turn), np.sin(turn)
    return np.array([[c, -s, shift.real], [s, c, shift.imag], [0.0, 0.0, 1.0]])


def square_odometry(side, laps, tyre_error, wheel_radius, track_width):
    # what each wheel truly rolls, side then corner; the right wheel turns 1/(1 + e) of the
    # angle a wheel of radius R would, and the odometry multiplies the angle back by R
    corner = np.pi * track_width / 4
    read = 1.0 / (1.0 + tyre_error)
    lap = np.eye(3)
    for rolled_r, rolled_l in ((side, side), (corner, -corner)):
        s_r, s_l = read * rolled_r, rolled_l
        lap = lap @ _arc_motion((s_r + s_l) / 2, (s_r - s_l) / track_width)
    lap = np.linalg.matrix_power(lap, 4)
    total = np.linalg.matrix_power(lap, int(laps))
    heading = np.arctan2(total[1, 0], total[0, 0])
    return np.array([total[0, 2], total[1, 2], heading])


# --------------------------------------------------------------------------- 5.5 carried_counts


def carried_counts(commands, pivot, leg_radius):
    # forward kinematics: body velocity = A @ pivot rates; solve it for the rates
    angles = np.radians([90.0, 210.0, -30.0])
    forward = np.vstack([leg_radius * np.cos(angles), leg_radius * np.sin(angles), np.ones(3)])
    forward[0, 0] = 0.0  # cos 90° exactly
    commands = np.asarray(commands, dtype=float).reshape(-1, 4)
    rates = np.linalg.solve(forward, commands[:, :3].T).T
    wanted = rates * commands[:, 3:] / pivot
    made = np.round(np.cumsum(wanted, axis=0))
    return np.diff(made, axis=0, prepend=np.zeros((1, 3))).astype(int)


# ------------------------------------------------------------------------- 7.6 push_to_climb


def push_to_climb(wheel_radius, fillet, mu, load, stiffness, height):
    """Bisection on the push of the height taken at lift-off."""
    def taken(push):
        # lift-off: N = W cos psi + P sin psi, T = W sin psi - P cos psi; T = mu N gives
        # tan psi (W - mu P) = mu W + P
        psi = np.arctan2(mu * load + push, load - mu * push)
        normal = load * np.cos(psi) + push * np.sin(psi)
        overlap = 0.0 if stiffness is None else normal / stiffness
        return wheel_radius + fillet - (wheel_radius + fillet - overlap) * np.cos(psi)

    def one(h):
        if taken(0.0) >= h:
            return 0.0
        low, high = 0.0, load / mu
        while high - low > 1e-12 * load:
            middle = 0.5 * (low + high)
            low, high = (middle, high) if taken(middle) < h else (low, middle)
        return 0.5 * (low + high)

    return np.vectorize(one, otypes=[float])(height)[()]


RIGHT = {
    "diffdrive.square_odometry": square_odometry,
    "stickslip.carried_counts": carried_counts,
    "vacuum.pushed_climb_height": push_to_climb,
}
