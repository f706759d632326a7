"""My own right answers to the 33 exercises the book had then, written from the notebooks' text
alone. The exercises added since (1.7, 2.5, 3.3's sizing, 3.4, 3.5, 4.6, 5.5, 6.6, 7.6) have
right answers written by their checks' authors, not apart from the checks.

They show that each slip is wrong by the text: every right answer here passes its check, and
every slip computes numbers that differ from these. ``RIGHT`` maps each exercise id to its
right answer.
"""

# The exercises name the moment of inertia `I`, so the answers do too.
# ruff: noqa: E741

import math

import numpy as np
import sympy as sp

# --------------------------------------------------------------------------- arm


def pendulum_equation(theta, theta_dot, tau, m, l_c, I, g):
    J = I + m * l_c**2  # about the pivot
    return (tau - m * g * l_c * np.sin(theta)) / J


def gravity_torque(arm, q):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    g = arm.gravity
    q1, q2 = q
    G2 = m2 * g * lc2 * np.cos(q1 + q2)
    G1 = (m1 * lc1 + m2 * L1) * g * np.cos(q1) + G2
    return np.array([G1, G2])


def mass_matrix(arm, q):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    I1, I2 = arm.inertias
    c2 = np.cos(q[1])
    M11 = I1 + I2 + m1 * lc1**2 + m2 * (L1**2 + lc2**2 + 2 * L1 * lc2 * c2)
    M12 = I2 + m2 * (lc2**2 + L1 * lc2 * c2)
    M22 = I2 + m2 * lc2**2
    return np.array([[M11, M12], [M12, M22]])


def kinetic_energy_2link(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    v1_sq = lc1**2 * qd1**2
    v2_sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
             + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return (sp.Rational(1, 2) * (m1 * v1_sq + I1 * qd1**2)
            + sp.Rational(1, 2) * (m2 * v2_sq + I2 * (qd1 + qd2)**2))


def coriolis_matrix(arm, q, qd):
    m2 = arm.masses[1]
    L1 = arm.lengths[0]
    lc2 = arm.com_distances[1]
    h = -m2 * L1 * lc2 * np.sin(q[1])
    return np.array([[h * qd[1], h * (qd[0] + qd[1])],
                     [-h * qd[0], 0.0]])


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def inverse_dynamics(arm, q, qd, qdd):
    n = arm.n
    th = np.cumsum(q)
    w = np.cumsum(qd)
    al = np.cumsum(qdd)
    a_joint = np.array([0.0, arm.gravity])  # the base accelerates up: gravity
    a_com = []
    for i in range(n):
        e = np.array([np.cos(th[i]), np.sin(th[i])])
        en = np.array([-e[1], e[0]])
        lc, L = arm.com_distances[i], arm.lengths[i]
        a_com.append(a_joint + al[i] * lc * en - w[i]**2 * lc * e)
        a_joint = a_joint + al[i] * L * en - w[i]**2 * L * e
    tau = np.zeros(n)
    f_next, n_next = np.zeros(2), 0.0
    for i in range(n - 1, -1, -1):
        e = np.array([np.cos(th[i]), np.sin(th[i])])
        lc, L = arm.com_distances[i], arm.lengths[i]
        f = arm.masses[i] * a_com[i] + f_next
        r_c = lc * e
        r_next = L * e
        moment = arm.inertias[i] * al[i] + n_next + _cross(r_c, arm.masses[i] * a_com[i]) \
            + _cross(r_next, f_next)
        tau[i] = moment
        f_next, n_next = f, moment
    return tau


def settling_gains(inertia, settling_time, band):
    # critical damping from rest: e = e0 (1 + w t) exp(-w t); it reaches the band where
    # x = w T solves ln(1 + x) - x = ln(band), by Newton's method from the right
    x = 10.0
    for _ in range(60):
        x -= (math.log(1 + x) - x - math.log(band)) / (1 / (1 + x) - 1)
    w = x / settling_time
    return inertia * w**2, 2 * inertia * w


# --------------------------------------------------------------------------- friction


def mu_from_tilt(theta):
    return np.tan(theta)


def stribeck(v, Fc, Fs, vs, b):
    return -(Fc + (Fs - Fc) * np.exp(-(v / vs)**2)) * np.sign(v) - b * v


def karnopp(v, applied, Fc, Fs, dv):
    stick = np.abs(v) < dv
    return np.where(stick, -np.clip(applied, -Fs, Fs), -Fc * np.sign(v))


def fit_coulomb_viscous(v, force):
    v = np.asarray(v, dtype=float)
    A = np.column_stack([-np.sign(v), -v])
    Fc, b = np.linalg.lstsq(A, force, rcond=None)[0]
    return Fc, b


def stick_slip_period(mass, stiffness, Fc, Fs, belt_speed):
    omega = math.sqrt(stiffness / mass)
    x_c, x_high = Fc / stiffness, Fs / stiffness
    x_low = 2 * x_c - x_high  # mirror image of breakaway about the centre
    swept = 2 * math.pi - 2 * math.atan2(omega * (x_high - x_c), belt_speed)
    return swept / omega + (x_high - x_low) / belt_speed


# --------------------------------------------------------------------------- contact


def size_contact(mass, penetration, restitution, g):
    """k from the rest; zeta by halving an interval on the restitution, then c."""
    k = mass * g / penetration
    low, high = 0.0, 0.999999
    for _ in range(80):
        mid = (low + high) / 2
        if restitution_linear(mid) > restitution:
            low = mid
        else:
            high = mid
    zeta = (low + high) / 2
    return k, 2 * zeta * np.sqrt(k * mass)


def normal_force(depth, depth_rate, k, c):
    force = k * depth + c * depth_rate
    return np.where((depth > 0) & (force > 0), force, 0.0)


def restitution_linear(zeta):
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi / s)


def euler_step_limit(k, c, mass):
    """Per eigenvalue, |1 + h lambda|^2 = 1 solved for h: h = -2 Re(lambda) / |lambda|^2."""
    disc = complex(c * c - 4 * k * mass) ** 0.5
    limits = []
    for lam in ((-c + disc) / (2 * mass), (-c - disc) / (2 * mass)):
        limits.append(-2 * lam.real / abs(lam) ** 2)
    return min(limits)


def stop_by_impulses(v0, mu, h, g):
    """Solve the step's friction by cases: stick if mu g h can stop it, else slide."""
    position, speed, steps = 0.0, v0, 0
    while speed > 0.0:
        free = speed
        impulse = min(mu * g * h, free)        # per unit mass, against the motion
        speed = free - impulse
        position += h * speed
        steps += 1
    return position, steps * h


# --------------------------------------------------------------------------- diffdrive


def dd_forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega


def dd_inverse_kinematics(v, omega, wheel_radius, track_width):
    phi_dot_r = (v + omega * track_width / 2) / wheel_radius
    phi_dot_l = (v - omega * track_width / 2) / wheel_radius
    return phi_dot_r, phi_dot_l


def turning_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)


def integrate_pose(pose, v, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    chord = v * dt * np.sinc(half / np.pi)
    return np.array([x + chord * np.cos(theta + half),
                     y + chord * np.sin(theta + half),
                     theta + omega * dt])


def heading_command(pose, goal, gain, dead_band, omega_max):
    x, y, theta = pose
    xg, yg = goal
    bearing = np.arctan2(yg - y, xg - x)
    e = -((-(bearing - theta) + np.pi) % (2 * np.pi) - np.pi)  # in (-pi, pi]
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -omega_max, omega_max))


def square_odometry(side, laps, tyre_error, wheel_radius, track_width):
    R, L = wheel_radius, track_width
    true = ((1 + tyre_error) * R, R)  # right, left
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for rolled in ((side, side), (math.pi * L / 4, -math.pi * L / 4)):
            s_r, s_l = (R * rolled[k] / true[k] for k in (0, 1))
            pose = integrate_pose(pose, (s_r + s_l) / 2, (s_r - s_l) / L, 1.0)
    return pose


# --------------------------------------------------------------------------- stickslip

C210, S210 = math.cos(math.radians(210)), math.sin(math.radians(210))
C330, S330 = math.cos(math.radians(-30)), math.sin(math.radians(-30))


def ss_forward_kinematics(theta1_dot, theta2_dot, theta3_dot, leg_radius):
    ell = leg_radius
    x_dot = ell * (theta2_dot * C210 + theta3_dot * C330)
    y_dot = ell * (theta1_dot + theta2_dot * S210 + theta3_dot * S330)
    return x_dot, y_dot, theta1_dot + theta2_dot + theta3_dot


def ss_inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius):
    X, Y = x_dot / leg_radius, y_dot / leg_radius
    r3 = math.sqrt(3)
    t1 = (2 * Y + theta_dot) / 3
    t2 = (-r3 * X - Y + theta_dot) / 3
    t3 = (r3 * X - Y + theta_dot) / 3
    return t1, t2, t3


def fit_circle(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    A = np.column_stack([x, y, np.ones_like(x)])
    D, E, F = np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)[0]
    return -D / 2, -E / 2, np.sqrt(D**2 / 4 + E**2 / 4 - F)


def calibration_cost(radius, rot_speed, alpha, beta):
    return alpha * radius - beta * rot_speed


def carried_counts(commands, pivot, leg_radius):
    owed, out = np.zeros(3), []
    for x_dot, y_dot, theta_dot, duration in commands:
        rates = np.array(ss_inverse_kinematics(x_dot, y_dot, theta_dot, leg_radius))
        owed = owed + rates * duration / pivot
        made = np.round(owed)
        out.append(made)
        owed = owed - made
    return np.array(out, dtype=int).reshape(-1, 3)


# --------------------------------------------------------------------------- egg


def contact_angle(beta_v, R1, R2):
    return np.arctan2(R2**2 * np.sin(beta_v), R1**2 * np.cos(beta_v))


def center_height(beta_v, R1, R2):
    return np.sqrt((R1 * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)


def euler_rates(alpha, beta, gamma, omega_B):
    E = np.array([[0, np.cos(alpha), np.sin(beta) * np.sin(alpha)],
                  [0, -np.sin(alpha), np.sin(beta) * np.cos(alpha)],
                  [1, 0, np.cos(beta)]])
    a, b, c = np.linalg.solve(E, omega_B)
    return a, b, c


def gyro_torque(L, omega):
    return np.cross(L, omega)


def contact_offset(beta_v, R1, R2):
    H = center_height(beta_v, R1, R2)
    return (R1**2 - R2**2) * np.sin(beta_v) * np.cos(beta_v) / H


def rocking_period(R1, R2, mass, I_t, g):
    # centre rises by (R1^2 - R2^2) eps^2 / (2 R2); turns about the contact
    stiffness = mass * g * (R1**2 - R2**2) / R2
    return 2 * np.pi * np.sqrt((I_t + mass * R2**2) / stiffness)


# --------------------------------------------------------------------------- vacuum


def _nearest_on_segment(p, a, b):
    ab = b - a
    t = np.clip(np.dot(p - a, ab) / np.dot(ab, ab), 0.0, 1.0) if np.dot(ab, ab) > 0 else 0.0
    return a + t * ab


def _profile_feet(p, xs, h, f):
    """Nearest point of each piece of the profile (the floor, face, arc, top)."""
    x, z = p
    floor = np.array([min(x, xs), 0.0])
    face = _nearest_on_segment(p, np.array([xs, 0.0]), np.array([xs, h - f]))
    c = np.array([xs + f, h - f])
    d = p - c
    if d[0] <= 0 and d[1] >= 0 and np.hypot(*d) > 0:
        arc = c + f * d / np.hypot(*d)
    else:
        ends = [np.array([xs, h - f]), np.array([xs + f, h])]
        arc = min(ends, key=lambda e: np.hypot(*(p - e)))
    top = np.array([max(x, xs + f), h])
    return [floor, face, arc, top]


def _solid(p, xs, h, f):
    x, z = p
    if z < 0:
        return True
    if x <= xs or z >= h:
        return False
    c = (xs + f, h - f)
    if x < c[0] and z > c[1]:
        return math.hypot(x - c[0], z - c[1]) <= f
    return True


def step_distance(point, step_x, height, fillet):
    p = np.asarray(point, dtype=float)
    feet = _profile_feet(p, step_x, height, fillet)
    foot = min(feet, key=lambda q: np.hypot(*(p - q)))
    dist = np.hypot(*(p - foot))
    normal = (p - foot) / dist
    if _solid(p, step_x, height, fillet):
        return -dist, -normal
    return dist, normal


def wheel_load(spring_force, spring_lever, arm_length, arm_angle, wheel_radius, traction,
               variant):
    if variant == "telescopic":
        return spring_force
    ahead = arm_length * np.cos(arm_angle)
    below = arm_length * np.sin(arm_angle) + wheel_radius
    if variant == "leading":
        return spring_force * spring_lever / (ahead + traction * below)
    return spring_force * spring_lever / (ahead - traction * below)


def bisect_height(climbs, low, high, tol):
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(low)


def sliding_stop(v0, mu, g):
    return v0**2 / (2 * mu * g)


def edge_climb_height(wheel_radius, fillet, mu):
    cos_phi = 1 / np.sqrt(1 + mu**2)
    return (wheel_radius + fillet) * (1 - cos_phi)


def pushed_climb_height(wheel_radius, fillet, mu, push, load, stiffness):
    """The largest angle by bisection on the spare grip mu N - T, then the height."""
    def one(m, P):
        if m * P > load:
            return math.inf
        lo, hi = 0.0, math.pi / 2
        for _ in range(100):
            mid = 0.5 * (lo + hi)
            N = P * math.sin(mid) + load * math.cos(mid)
            T = load * math.sin(mid) - P * math.cos(mid)
            lo, hi = (mid, hi) if T <= m * N else (lo, mid)
        N = P * math.sin(lo) + load * math.cos(lo)
        sink = 0.0 if stiffness is None else N / stiffness
        return wheel_radius + fillet - (wheel_radius + fillet - sink) * math.cos(lo)

    mus, pushes = np.broadcast_arrays(np.asarray(mu, float), np.asarray(push, float))
    out = np.array([one(m, P) for m, P in zip(mus.ravel(), pushes.ravel(), strict=True)])
    return float(out[0]) if mus.ndim == 0 else out.reshape(mus.shape)


RIGHT = {
    "arm.pendulum_equation": pendulum_equation,
    "arm.gravity_torque": gravity_torque,
    "arm.mass_matrix": mass_matrix,
    "arm.kinetic_energy_2link": kinetic_energy_2link,
    "arm.coriolis_matrix": coriolis_matrix,
    "arm.inverse_dynamics": inverse_dynamics,
    "arm.settling_gains": settling_gains,
    "friction.mu_from_tilt": mu_from_tilt,
    "friction.stribeck": stribeck,
    "friction.karnopp": karnopp,
    "friction.fit_coulomb_viscous": fit_coulomb_viscous,
    "friction.stick_slip_period": stick_slip_period,
    "contact.normal_force": normal_force,
    "contact.restitution_linear": restitution_linear,
    "contact.size_contact": size_contact,
    "contact.euler_step_limit": euler_step_limit,
    "contact.stop_by_impulses": stop_by_impulses,
    "diffdrive.forward_kinematics": dd_forward_kinematics,
    "diffdrive.inverse_kinematics": dd_inverse_kinematics,
    "diffdrive.turning_radius": turning_radius,
    "diffdrive.integrate_pose": integrate_pose,
    "diffdrive.heading_command": heading_command,
    "diffdrive.square_odometry": square_odometry,
    "stickslip.forward_kinematics": ss_forward_kinematics,
    "stickslip.inverse_kinematics": ss_inverse_kinematics,
    "stickslip.fit_circle": fit_circle,
    "stickslip.calibration_cost": calibration_cost,
    "stickslip.carried_counts": carried_counts,
    "egg.contact_angle": contact_angle,
    "egg.center_height": center_height,
    "egg.euler_rates": euler_rates,
    "egg.gyro_torque": gyro_torque,
    "egg.contact_offset": contact_offset,
    "egg.rocking_period": rocking_period,
    "vacuum.step_distance": step_distance,
    "vacuum.wheel_load": wheel_load,
    "vacuum.bisect_height": bisect_height,
    "vacuum.sliding_stop": sliding_stop,
    "vacuum.edge_climb_height": edge_climb_height,
    "vacuum.pushed_climb_height": pushed_climb_height,
}
