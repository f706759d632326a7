"""My own right answers to the 33 exercises the book had then, written from the notebooks' text
alone. The exercises added since (1.7, 2.5, 3.3's sizing, 3.4, 3.5, 4.6, 5.5, 6.6, 7.6) have
right answers written by their checks' authors, not apart from the checks; so have the 25
exercises rewritten in issue 37 (1.2, 1.3, 1.5, 1.6, 2.1, 2.2, 3.1, 3.2, 4.1, 4.2, 4.4, 4.5,
5.2, 5.4, 6.1-6.6, 7.1, 7.2, 7.4-7.6), whose blind right answers are in ``tests/slips/fourth/``,
and the three that grew from one line into a larger task (1.1, 2.3, 4.3), in
``tests/slips/fifth/`` (2.3's in ``tests/slips/second/friction.py``, by its author).

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


def pendulum_swing(theta0, theta_dot0, tau, b, m, l_c, I, g, t):
    J = I + m * l_c**2  # about the pivot

    def acc(th, om):
        return (tau - b * om - m * g * l_c * math.sin(th)) / J

    theta, omega = float(theta0), float(theta_dot0)
    out = [theta]
    for k in range(1, len(t)):  # RK4, each sample interval cut into steps of 1 ms
        n = max(1, int(np.ceil((t[k] - t[k - 1]) / 1e-3)))
        h = (t[k] - t[k - 1]) / n
        for _ in range(n):
            a1, v1 = acc(theta, omega), omega
            a2, v2 = acc(theta + h / 2 * v1, omega + h / 2 * a1), omega + h / 2 * a1
            a3, v3 = acc(theta + h / 2 * v2, omega + h / 2 * a2), omega + h / 2 * a2
            a4, v4 = acc(theta + h * v3, omega + h * a3), omega + h * a3
            theta += h / 6 * (v1 + 2 * v2 + 2 * v3 + v4)
            omega += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
        out.append(theta)
    return np.array(out)


def gravity_torque(arm, q, offsets):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    g = arm.gravity
    q1, q2 = q
    G2 = m2 * g * (lc2 * np.cos(q1 + q2) - d2 * np.sin(q1 + q2))
    G1 = g * (m1 * (lc1 * np.cos(q1) - d1 * np.sin(q1)) + m2 * L1 * np.cos(q1)) + G2
    return np.array([G1, G2])


def mass_matrix(arm, q, offsets):
    m1, m2 = arm.masses
    L1 = arm.lengths[0]
    lc1, lc2 = arm.com_distances
    d1, d2 = offsets
    I1, I2 = arm.inertias
    k = L1 * (lc2 * np.cos(q[1]) - d2 * np.sin(q[1]))
    r1_sq, r2_sq = lc1**2 + d1**2, lc2**2 + d2**2
    M11 = I1 + I2 + m1 * r1_sq + m2 * (L1**2 + r2_sq + 2 * k)
    M12 = I2 + m2 * (r2_sq + k)
    M22 = I2 + m2 * r2_sq
    return np.array([[M11, M12], [M12, M22]])


def kinetic_energy_2link(m1, m2, L1, lc1, lc2, I1, I2, q1, q2, qd1, qd2):
    v1_sq = lc1**2 * qd1**2
    v2_sq = (L1**2 * qd1**2 + lc2**2 * (qd1 + qd2)**2
             + 2 * L1 * lc2 * qd1 * (qd1 + qd2) * sp.cos(q2))
    return (sp.Rational(1, 2) * (m1 * v1_sq + I1 * qd1**2)
            + sp.Rational(1, 2) * (m2 * v2_sq + I2 * (qd1 + qd2)**2))


def coriolis_matrix(arm, q, qd, offsets):
    m2 = arm.masses[1]
    L1 = arm.lengths[0]
    lc2 = arm.com_distances[1]
    d2 = offsets[1]
    h = -m2 * L1 * (lc2 * np.sin(q[1]) + d2 * np.cos(q[1]))
    return np.array([[h * qd[1], h * (qd[0] + qd[1])],
                     [-h * qd[0], 0.0]])


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def inverse_dynamics(arm, q, qd, qdd, offsets):
    n = arm.n
    th = np.cumsum(q)
    w = np.cumsum(qd)
    al = np.cumsum(qdd)
    a_joint = np.array([0.0, arm.gravity])  # the base accelerates up: gravity
    a_com, r_cs = [], []
    for i in range(n):
        e = np.array([np.cos(th[i]), np.sin(th[i])])
        en = np.array([-e[1], e[0]])
        lc, L = arm.com_distances[i], arm.lengths[i]
        r_c = lc * e + offsets[i] * en
        a_com.append(a_joint + al[i] * np.array([-r_c[1], r_c[0]]) - w[i]**2 * r_c)
        a_joint = a_joint + al[i] * L * en - w[i]**2 * L * e
        r_cs.append(r_c)
    tau = np.zeros(n)
    f_next, n_next = np.zeros(2), 0.0
    for i in range(n - 1, -1, -1):
        e = np.array([np.cos(th[i]), np.sin(th[i])])
        f = arm.masses[i] * a_com[i] + f_next
        r_next = arm.lengths[i] * e
        moment = arm.inertias[i] * al[i] + n_next + _cross(r_cs[i], arm.masses[i] * a_com[i]) \
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


def mu_from_tilt(theta, length, time, g):
    accel = 2 * length / np.square(time)
    return np.tan(theta), (g * np.sin(theta) - accel) / (g * np.cos(theta))


def stribeck_hunting_band(Fc, Fs, vs, b, gain):
    def total_damping(v):
        x = v / vs
        return gain + b - 2 * (Fs - Fc) / vs * x * np.exp(-x * x)

    def edge(stable, unstable):   # bisection between a held and a hunting speed
        for _ in range(100):
            mid = (stable + unstable) / 2
            if total_damping(mid) > 0:
                stable = mid
            else:
                unstable = mid
        return (stable + unstable) / 2

    steepest = vs / np.sqrt(2)
    if Fs <= Fc or total_damping(steepest) >= 0:
        return 0.0, 0.0
    return edge(0.0, steepest), edge(50 * vs, steepest)


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


def foot_normal_force(depth_left, depth_right, rate_left, rate_right, width, k, c):
    def one(d0, d1, r0, r1):
        q0, q1 = k * d0 + c * r0, k * d1 + c * r1
        lo, hi = 0.0, 1.0            # t along the foot, left to right
        for f0, f1 in ((d0, d1), (q0, q1)):
            if f0 <= 0 and f1 <= 0:
                return 0.0, 0.0
            if f0 <= 0:
                lo = max(lo, f0 / (f0 - f1))
            elif f1 <= 0:
                hi = min(hi, f0 / (f0 - f1))
        if hi <= lo:
            return 0.0, 0.0
        F = q0 * (hi - lo) + (q1 - q0) * (hi**2 - lo**2) / 2
        Ft = q0 * (hi**2 - lo**2) / 2 + (q1 - q0) * (hi**3 - lo**3) / 3
        return width * F, width**2 * (Ft - F / 2)

    if np.ndim(depth_left) == 0:
        return one(depth_left, depth_right, rate_left, rate_right)
    pairs = np.array([one(*v) for v in zip(depth_left, depth_right, rate_left, rate_right,
                                           strict=True)])
    return pairs[:, 0], pairs[:, 1]


def restitution_linear(zeta):
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 2 * zeta**2 - 1)
    return np.exp(-zeta * phi / s)


def restitution_with_gravity(mass, k, c, v0, g):
    """Semi-analytic: the depth about its rest value, the force's first zero by bisection."""
    wn = np.sqrt(k / mass)
    z = c / (2 * np.sqrt(k * mass))
    wd = wn * np.sqrt(1 - z * z)
    d0 = g / wn**2
    a, b = -d0, (v0 - z * wn * d0) / wd

    def state(t):
        ex = np.exp(-z * wn * t)
        cs, sn = np.cos(wd * t), np.sin(wd * t)
        depth = d0 + ex * (a * cs + b * sn)
        speed = ex * ((b * wd - z * wn * a) * cs - (a * wd + z * wn * b) * sn)
        return k * depth + c * speed, speed

    t = np.linspace(0.0, 2 * np.pi / wd, 10001)
    force = state(t)[0]
    neg = np.flatnonzero(force < 0)
    if neg.size == 0:
        return 0.0
    lo, hi = t[neg[0] - 1], t[neg[0]]
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if state(mid)[0] > 0 else (lo, mid)
    return -state((lo + hi) / 2)[1] / v0


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


def dd_forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    right, left = radius_r * phi_dot_r, radius_l * phi_dot_l
    return (right + left) / 2, (right - left) / track_width


def dd_inverse_kinematics(v, omega, radius_r, radius_l, track_width, max_wheel_speed):
    phi_dot_r = (v + omega * track_width / 2) / radius_r
    phi_dot_l = (v - omega * track_width / 2) / radius_l
    k = max_wheel_speed / np.maximum(max_wheel_speed,
                                     np.maximum(np.abs(phi_dot_r), np.abs(phi_dot_l)))
    return k * phi_dot_r, k * phi_dot_l


def turning_radius(pose, goal, speed, wheel_radius, track_width):
    x, y, theta = pose
    alpha = np.arctan2(goal[1] - y, goal[0] - x) - theta   # bearing off the heading
    r = np.hypot(goal[0] - x, goal[1] - y) / (2 * np.sin(alpha))
    k = speed / r * track_width / 2
    return r, (speed + k) / wheel_radius, (speed - k) / wheel_radius


def integrate_pose(pose, v, accel, omega, dt):
    x, y, theta = pose
    half = omega * dt / 2
    z = np.exp(1j * (theta + half))
    small = np.abs(half) < 1e-3
    hs = np.where(small, 1.0, half)
    g = np.where(small, half / 3 - half**3 / 30, (np.sin(hs) - hs * np.cos(hs)) / hs**2)
    d = z * ((v * dt + accel * dt**2 / 2) * np.sinc(half / np.pi) + 1j * accel * dt**2 / 2 * g)
    return np.array([x + d.real, y + d.imag, theta + omega * dt])


def heading_command(pose, goal, gain, dead_band, speed, wheel_radius, track_width,
                    max_wheel_speed):
    x, y, theta = pose
    xg, yg = goal
    # outer rim: speed + w L / 2 <= R phi_max
    w_max = (wheel_radius * max_wheel_speed - speed) / (0.5 * track_width)
    bearing = np.arctan2(yg - y, xg - x)
    e = -((-(bearing - theta) + np.pi) % (2 * np.pi) - np.pi)  # in (-pi, pi]
    return np.where(np.abs(e) < dead_band, 0.0, np.clip(gain * e, -w_max, w_max))


def square_odometry(side, laps, tyre_error, wheel_radius, track_width):
    R, L = wheel_radius, track_width
    true = ((1 + tyre_error) * R, R)  # right, left
    pose = np.zeros(3)
    for _ in range(4 * laps):
        for rolled in ((side, side), (math.pi * L / 4, -math.pi * L / 4)):
            s_r, s_l = (R * rolled[k] / true[k] for k in (0, 1))
            pose = integrate_pose(pose, (s_r + s_l) / 2, 0.0, (s_r - s_l) / L, 1.0)
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


def ss_inverse_kinematics_legs(x_dot, y_dot, theta_dot, legs):
    (x1, y1), (x2, y2), (x3, y3) = np.asarray(legs, float).tolist()
    # velocity = sum of w_i * (y_i, -x_i, 1): solve the 3 x 3 system
    M = np.array([[y1, y2, y3], [-x1, -x2, -x3], [1.0, 1.0, 1.0]])
    v = np.array([x_dot, y_dot, theta_dot], float)
    w = np.linalg.solve(M, v.reshape(3, -1)).reshape(v.shape)
    return w[0], w[1], w[2]


def calibration_cost(pivots, leg_radius, step_time, alpha, beta):
    legs = [np.radians(d) for d in (180.0, 300.0, 60.0)]
    x = y = th = 0.0
    px, py = [0.0], [0.0]
    for _ in range(10):
        for a, leg in zip(pivots, legs, strict=True):
            fx, fy = x + leg_radius * np.cos(th + leg), y + leg_radius * np.sin(th + leg)
            rx, ry = x - fx, y - fy
            x, y = fx + rx * np.cos(a) - ry * np.sin(a), fy + rx * np.sin(a) + ry * np.cos(a)
            th += a
        px.append(x)
        py.append(y)
    radius = fit_circle(np.array(px), np.array(py))[2]
    speed = abs(sum(pivots)) / (3 * step_time)
    return radius, speed, alpha * radius - beta * speed


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


def contact_angle(beta_v, R_tip, R_blunt, R2):
    b = np.asarray(beta_v, dtype=float)
    long = np.where(b > np.pi / 2, R_blunt, R_tip)
    return np.arctan2(R2**2 * np.sin(b), long**2 * np.cos(b))


def _egg_support(beta_v, R1, R2):
    return np.sqrt((R1 * np.cos(beta_v))**2 + (R2 * np.sin(beta_v))**2)


def center_height(beta_v, R_tip, R_blunt, R2, e):
    b = np.asarray(beta_v, dtype=float)
    long = np.where(b > np.pi / 2, R_blunt, R_tip)
    return _egg_support(b, long, R2) + e * np.cos(b)


def integrate_euler_angles(alpha, beta, gamma, omega_B, t):
    from scipy.integrate import solve_ivp

    def rhs(_, angles):
        a, b = angles[0], angles[1]
        E = np.array([[0, np.cos(a), np.sin(b) * np.sin(a)],
                      [0, -np.sin(a), np.sin(b) * np.cos(a)],
                      [1, 0, np.cos(b)]])
        return np.linalg.solve(E, omega_B)

    sol = solve_ivp(rhs, [0, t], [alpha, beta, gamma], method="DOP853",
                    rtol=1e-11, atol=1e-12)
    return tuple(sol.y[:, -1])


def gimbal_torque(I_spin, I_tilt, spin, phi, phi_dot, phi_ddot):
    phi = np.asarray(phi, dtype=float)
    gyro = I_spin * spin * np.asarray(phi_dot, dtype=float)
    # d/dt of I_spin spin (0, -sin phi, cos phi) plus the tilt's own term
    return np.stack([I_tilt * np.asarray(phi_ddot, dtype=float) + 0 * phi,
                     -gyro * np.cos(phi), -gyro * np.sin(phi)], axis=-1)


def contact_offset(beta_v, R_tip, R_blunt, R2, e):
    # minus the slope of center_height, by hand
    b = np.asarray(beta_v, dtype=float)
    long = np.where(b > np.pi / 2, R_blunt, R_tip)
    lever = (long**2 - R2**2) * np.sin(b) * np.cos(b) / _egg_support(b, long, R2)
    return lever + e * np.sin(b)


def rocking_period(R1, R2, mass, I_t, g, m_p, h):
    # all of it rises with the centre; the payload also swings like an
    # upside-down pendulum bob; everything turns about the contact
    k = (mass + m_p) * g * (R1**2 - R2**2) / R2 - m_p * g * h
    J = I_t + mass * R2**2 + m_p * (R2 + h)**2
    return 2 * np.pi * np.sqrt(J / k)


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


def _front_step_distance(point, step_x, height, fillet):
    p = np.asarray(point, dtype=float)
    feet = _profile_feet(p, step_x, height, fillet)
    foot = min(feet, key=lambda q: np.hypot(*(p - q)))
    dist = np.hypot(*(p - foot))
    normal = (p - foot) / dist
    if _solid(p, step_x, height, fillet):
        return -dist, -normal
    return dist, normal


def sill_distance(point, step_x, width, height, fillet):
    """The front step's distance; behind the sill's middle, that of the mirror image."""
    x, z = np.asarray(point, dtype=float)
    middle = step_x + width / 2
    if x <= middle:
        return _front_step_distance(np.array([x, z]), step_x, height, fillet)
    d, n = _front_step_distance(np.array([2 * middle - x, z]), step_x, height, fillet)
    return d, np.array([-n[0], n[1]])


def wheel_load_at_edge(spring_force, spring_lever, arm_length, arm_angle, wheel_radius,
                       traction, contact_angle, variant):
    """The links as if the arm's angle were phi + s psi; the slide's vertical balance."""
    if variant == "telescopic":
        return spring_force / (np.cos(contact_angle) + traction * np.sin(contact_angle))
    s = 1.0 if variant == "leading" else -1.0
    seen = arm_angle + s * contact_angle
    ahead = arm_length * np.cos(seen)
    below = arm_length * np.sin(seen) + wheel_radius
    return spring_force * spring_lever / (ahead + s * traction * below)


def bisect_height(climbs, low, high, tol):
    while high - low > tol:
        mid = (low + high) / 2
        if climbs(mid):
            low = mid
        else:
            high = mid
    return float(low)


def sliding_stop(v0, mu, g, slope, ahead, behind, cog_height):
    """Moments about the wheels' contact for the caster's load, then Newton along the slope."""
    v0, slope = np.asarray(v0, dtype=float), np.asarray(slope, dtype=float)
    # about the wheels' contact, per unit mass, with the inertial force a at the height H:
    # g cos ahead - g sin H - a H = N_c (ahead + behind), and a = mu (g cos - N_c) - g sin
    # give a (ahead + behind - mu H) = g (mu behind cos - (ahead + behind - mu H) sin)
    lever = ahead + behind - mu * cog_height
    a = g * (mu * behind * np.cos(slope) / lever - np.sin(slope))
    with np.errstate(divide="ignore"):
        return np.where(a > 0, v0**2 / (2 * a), np.inf)[()]


def edge_climb_height(wheel_radius, chamfer, chamfer_angle, mu):
    """Upper corner, chamfer face or lower corner: the lower one if mu > tan(alpha)."""
    cos_phi = 1 / np.sqrt(1 + np.asarray(mu, dtype=float) ** 2)
    rides_the_face = np.asarray(mu) > np.tan(chamfer_angle)
    return np.select([rides_the_face], [chamfer], 0.0) + wheel_radius * (1 - cos_phi)


def push_to_climb(wheel_radius, fillet, mu, load, stiffness, height):
    """The largest angle for a push by bisection on the spare grip mu N - T, the height it
    takes, and a bisection on the push for the step's height."""
    def taken(P):
        lo, hi = 0.0, math.pi / 2
        for _ in range(100):
            mid = 0.5 * (lo + hi)
            N = P * math.sin(mid) + load * math.cos(mid)
            T = load * math.sin(mid) - P * math.cos(mid)
            lo, hi = (mid, hi) if T <= mu * N else (lo, mid)
        N = P * math.sin(lo) + load * math.cos(lo)
        sink = 0.0 if stiffness is None else N / stiffness
        return wheel_radius + fillet - (wheel_radius + fillet - sink) * math.cos(lo)

    def one(h):
        if taken(0.0) >= h:
            return 0.0
        low, high = 0.0, load / mu
        for _ in range(100):
            middle = 0.5 * (low + high)
            low, high = (middle, high) if taken(middle) < h else (low, middle)
        return 0.5 * (low + high)

    out = np.array([one(h) for h in np.atleast_1d(height).tolist()])
    return float(out[0]) if np.ndim(height) == 0 else out.reshape(np.shape(height))


RIGHT = {
    "arm.pendulum_swing": pendulum_swing,
    "arm.gravity_torque": gravity_torque,
    "arm.mass_matrix": mass_matrix,
    "arm.kinetic_energy_2link": kinetic_energy_2link,
    "arm.coriolis_matrix": coriolis_matrix,
    "arm.inverse_dynamics": inverse_dynamics,
    "arm.settling_gains": settling_gains,
    "friction.mu_from_tilt": mu_from_tilt,
    "friction.stribeck": stribeck_hunting_band,
    "friction.fit_coulomb_viscous": fit_coulomb_viscous,
    "friction.stick_slip_period": stick_slip_period,
    "contact.normal_force": foot_normal_force,
    "contact.restitution_linear": restitution_with_gravity,
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
    "stickslip.inverse_kinematics": ss_inverse_kinematics_legs,
    "stickslip.fit_circle": fit_circle,
    "stickslip.calibration_cost": calibration_cost,
    "stickslip.carried_counts": carried_counts,
    "egg.contact_angle": contact_angle,
    "egg.center_height": center_height,
    "egg.euler_rates": integrate_euler_angles,
    "egg.gyro_torque": gimbal_torque,
    "egg.contact_offset": contact_offset,
    "egg.rocking_period": rocking_period,
    "vacuum.step_distance": sill_distance,
    "vacuum.wheel_load": wheel_load_at_edge,
    "vacuum.bisect_height": bisect_height,
    "vacuum.sliding_stop": sliding_stop,
    "vacuum.edge_climb_height": edge_climb_height,
    "vacuum.pushed_climb_height": push_to_climb,
}
