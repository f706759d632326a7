r"""The vacuum robot's side view compiled: the equations of
:class:`robodyn.vacuum.PlanarRobot`, written out in plain floats and compiled by numba for
the integrators' inner loop (chapter 7).

:meth:`PlanarRobot.terms <robodyn.vacuum.PlanarRobot.terms>` states the model as matrices,
:math:`M(q)\ddot q + m_w J_W^T a_W = Q`, readably and slowly (about 40 us an evaluation);
here the same equations are written by component, and numba compiles them to machine code
(about 1 us). A climb evaluates them some ten thousand times, so this is where the book's
time goes. Each function mirrors one piece of the readable model:

=========================  ==========================================================
here                       the readable version (robodyn.vacuum)
=========================  ==========================================================
:func:`block_distance`     the step's block (:func:`~robodyn.vacuum.step_ground`)
:func:`piece_distance`     a piece of the grounds of the scenarios: the floor, a step's block
:func:`spring_force`       :meth:`PlanarRobot.spring_force`
:func:`contact_force`      :meth:`PlanarRobot._contact`
:func:`wheel_in_chassis`   :meth:`PlanarRobot.wheel_in_chassis`
:func:`accelerations`      :meth:`PlanarRobot.accelerations` (M solved for q_ddot)
:func:`speed_control_rhs`  the state's rate under :func:`~robodyn.vacuum.speed_controller`
:func:`locked_rhs`         the state's rate with the motors held still (the braking test)
:func:`speed_control_jac`  the Jacobian of :func:`speed_control_rhs`, for the stiff solver
:func:`locked_jac`         the Jacobian of :func:`locked_rhs`
:func:`contact_points`     :meth:`PlanarRobot.contact_points`
=========================  ==========================================================

The robot enters as a record of its constants (:data:`ROBOT`; :func:`robot_constants`
builds it from a :class:`~robodyn.vacuum.PlanarRobot`), the ground as a tuple
``(kind, step_x, height, fillet)`` (:data:`FLOOR`, :data:`STEP_UP`, :data:`STEP_DOWN`).
tests/test_vacuum_compiled.py holds every function equal to its readable version. The
first call in a fresh installation compiles them (a few seconds; numba keeps the machine
code in ``__pycache__`` for every later process).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from robodyn.laws.contact import normal_force_float
from robodyn.laws.friction import contact_friction_float

__all__ = [
    "FLOOR",
    "JAC_STEP",
    "SLIDER_MASS",
    "STOP_DAMPING",
    "STOP_STIFFENING",
    "RAMP_DEPTH",
    "STEP_DOWN",
    "STEP_UP",
    "ROBOT",
    "accelerations",
    "block_distance",
    "contact_force",
    "contact_histories",
    "contact_points",
    "ground_distance",
    "locked_jac",
    "locked_rhs",
    "locked_torque",
    "motor_rate",
    "piece_distance",
    "pieces",
    "robot_constants",
    "solve_symmetric",
    "speed_control_jac",
    "speed_control_rhs",
    "spring_force",
    "wheel_in_chassis",
]

#: Depth over which a contact's normal force is ramped in, m: the force and its slope are
#: continuous at first touch, which the stiff solvers need.
RAMP_DEPTH = 5e-5

#: The suspension's stops: stiffer than its springs by this factor, and damped more by
#: this factor than its damper (a stop is a hard contact of the arm with the chassis).
STOP_STIFFENING, STOP_DAMPING = 1e3, 10.0

#: Mass of the telescopic unit's slider, kg: massless in the model, but the equations need
#: a mass on every coordinate; this one is too small to matter.
SLIDER_MASS = 1e-6

#: Steps of the Jacobians' forward differences (:func:`speed_control_jac`): a state y_j
#: is moved by JAC_STEP[0] times the larger of |y_j| and JAC_STEP[1] (in its own unit: m,
#: rad, m/s, rad/s). The first is the square root of the double's precision, the step
#: that balances truncation against rounding; the second keeps the step of a state near 0
#: (1.5e-8 m or m/s) above the rounding of the rates, which the slider's tiny mass
#: magnifies, and far below the contacts' scales (RAMP_DEPTH, the friction's v_crit).
JAC_STEP = (math.sqrt(np.finfo(np.float64).eps), 1.0)

#: The kinds of ground, the first entry of a ground tuple ``(kind, step_x, height,
#: fillet)``: the floor z = 0 (the rest ignored), a step up whose face stands at step_x, and
#: the same step seen from its top, driving off it (the profile mirrored about step_x). A
#: step is two pieces, the floor and the step's block, and a contact circle touches each on
#: its own: in the corner between the floor and the face (a wheel pressed against the edge,
#: a caster at the face) it touches both, as on a real step. (The distance to the profile
#: as a whole, :func:`robodyn.vacuum.step_distance`, would give only the nearer of the two,
#: its normal jumping from one to the other as the circle moves.)
FLOOR, STEP_UP, STEP_DOWN = 0.0, 1.0, 2.0

# The contact laws of chapter 3, compiled where they are written (robodyn.contact).
_friction = njit(cache=True)(contact_friction_float)
_normal_force = njit(cache=True)(normal_force_float)

#: The constants of a :class:`~robodyn.vacuum.PlanarRobot` the equations need (SI units),
#: as the fields of a NumPy record (numba reads a record's fields by name, and passes it
#: ten times faster than a tuple): masses and inertias, the contacts' stiffness ``k`` and
#: damping ``c``, the friction coefficients (times the robot's friction_scale), the
#: suspension's geometry (``side`` +1 leading, -1 trailing, 0 telescopic; the pivot, and
#: the axle's rest position for the slider), its springs and stops, and ``circles``, one
#: row (x, z, radius, mu) per contact circle in the chassis frame.
ROBOT = np.dtype([(name, np.float64) for name in (
    "m_w", "m_c", "I_c", "I_w", "g", "k", "c", "v_crit", "wheel_radius", "mu_s", "mu_k",
    "side", "arm_length", "pivot_x", "pivot_z", "axle_x", "axle_z",
    "preload", "spring_stiffness", "spring_damping", "rest", "droop", "bump")]
    + [("circles", np.float64, (4, 4))])


def robot_constants(robot) -> np.ndarray:
    """The constants of a :class:`~robodyn.vacuum.PlanarRobot` as a one-element array of
    :data:`ROBOT` records, the ``robot`` argument of the functions here."""
    p, scale = robot.p, robot.friction_scale
    constants = np.zeros(1, ROBOT)
    record = constants[0]
    for name, value in (
            ("m_w", robot.m_w), ("m_c", robot.m_c), ("I_c", robot.I_c), ("I_w", robot.I_w),
            ("g", p.g), ("k", robot.k), ("c", robot.c), ("v_crit", robot.v_crit),
            ("wheel_radius", p.wheel_radius), ("mu_s", p.mu_s * scale),
            ("mu_k", p.mu_k * scale), ("side", robot.side), ("arm_length", p.arm_length),
            ("pivot_x", robot.pivot[0]), ("pivot_z", robot.pivot[1]),
            ("axle_x", robot.axle_rest[0]), ("axle_z", robot.axle_rest[1]),
            ("preload", robot.preload), ("spring_stiffness", robot.spring_stiffness),
            ("spring_damping", robot.spring_damping), ("rest", robot.rest),
            ("droop", robot.droop), ("bump", robot.bump)):
        record[name] = value
    record["circles"] = [(*c.centre, c.radius, c.mu * scale) for c in robot.circles]
    return constants


# --------------------------------------------------------------------------- the ground


@njit(cache=True)
def block_distance(x, z, step_x, height, fillet):
    """Signed distance from (x, z) to the step's block, the solid x >= step_x, z <= height
    with its upper edge rounded by the fillet, and the unit normal there, (distance, n_x,
    n_z), m: the distance to the quadrant x >= step_x + fillet, z <= height - fillet, less
    the fillet (a convex solid, so its normal turns smoothly round the edge)."""
    u, w = x - (step_x + fillet), z - (height - fillet)
    if u < 0.0 and w > 0.0:                          # beside the rounded edge
        r = math.hypot(u, w)
        return r - fillet, u / r, w / r
    if u < 0.0:                                      # before the face
        return -u - fillet, -1.0, 0.0
    if w > 0.0:                                      # above the top
        return w - fillet, 0.0, 1.0
    if u < -w:                                       # inside, nearer the face
        return -u - fillet, -1.0, 0.0
    return w - fillet, 0.0, 1.0                      # inside, nearer the top


@njit(cache=True)
def piece_distance(x, z, ground, piece):
    """The ground's ``piece`` (0 the floor, 1 the step's block) as (distance, n_x, n_z)."""
    kind, step_x, height, fillet = ground
    if piece == 0:
        return z, 0.0, 1.0
    if kind == STEP_DOWN:                    # the block mirrored about its edge
        distance, nx, nz = block_distance(2.0 * step_x - x, z, step_x, height, fillet)
        return distance, -nx, nz
    return block_distance(x, z, step_x, height, fillet)


@njit(cache=True)
def pieces(ground):
    """How many pieces the ground has: the floor alone, or the floor and the step's block."""
    return 1 if ground[0] == FLOOR else 2


@njit(cache=True)
def ground_distance(x, z, ground):
    """The nearest of the ground's pieces from (x, z), as (distance, n_x, n_z), m: for a
    point in the air, the signed distance to the ground's surface and its normal."""
    best, best_nx, best_nz = math.inf, 0.0, 1.0
    for piece in range(pieces(ground)):
        distance, nx, nz = piece_distance(x, z, ground, piece)
        if distance < best:
            best, best_nx, best_nz = distance, nx, nz
    return best, best_nx, best_nz


# --------------------------------------------------------------------------- the forces


@njit(cache=True)
def spring_force(s, s_dot, robot):
    """Generalised force of the suspension's springs, damper and stops on its coordinate s
    (:meth:`robodyn.vacuum.PlanarRobot.spring_force`)."""
    stiffness, damping = robot.spring_stiffness, robot.spring_damping
    force = robot.preload - stiffness * (s - robot.rest) - damping * s_dot
    if s - robot.rest > robot.droop:                     # past the droop stop
        beyond = s - robot.rest - robot.droop
    elif robot.rest - s > robot.bump:                    # past the bump stop
        beyond = s - robot.rest + robot.bump
    else:
        return force
    return force - STOP_STIFFENING * stiffness * beyond - STOP_DAMPING * damping * s_dot


@njit(cache=True)
def contact_force(px, pz, radius, vx, vz, spin_speed, mu_s, mu_k, robot, ground):
    """Force on the robot at a contact circle (centre (px, pz), radius, its centre's
    velocity (vx, vz), m and m/s; ``spin_speed`` the rim's speed along the tangent from a
    wheel's turn), summed over the ground's pieces, the floor and the step's block, each
    touched on its own (a circle in the corner between the floor and the step's face
    touches both): the penalty normal force ramped in over :data:`RAMP_DEPTH` and friction
    blended from static to kinetic (:meth:`robodyn.vacuum.PlanarRobot._contact`). Returns
    (f_x, f_z, friction), N, the last the friction forces along each piece's tangent
    (n_z, -n_x), summed."""
    fx, fz, tangential = 0.0, 0.0, 0.0
    for piece in range(pieces(ground)):
        distance, nx, nz = piece_distance(px, pz, ground, piece)
        depth = radius - distance
        if depth <= 0.0:
            continue
        rate = -(nx * vx + nz * vz)
        N = _normal_force(depth, rate, robot.k, robot.c, "linear", 1.0)
        N *= min(depth / RAMP_DEPTH, 1.0)
        tx, tz = nz, -nx
        slip = tx * vx + tz * vz + spin_speed
        friction = _friction(slip, N, mu_s, mu_k, robot.v_crit) if mu_s != 0.0 else 0.0
        fx += N * nx + friction * tx
        fz += N * nz + friction * tz
        tangential += friction
    return fx, fz, tangential


# --------------------------------------------------------------------------- the motion


@njit(cache=True)
def wheel_in_chassis(s, robot):
    """The wheel's centre in the chassis frame and its first and second derivatives by
    the suspension coordinate s, (w_x, w_z, dw_x, dw_z, ddw_x, ddw_z)
    (:meth:`robodyn.vacuum.PlanarRobot.wheel_in_chassis`)."""
    if robot.side != 0.0:                    # an arm: the wheel on a circle about the pivot
        a, side = robot.arm_length, robot.side
        cs, ss = math.cos(s), math.sin(s)
        return (robot.pivot_x + side * a * cs, robot.pivot_z - a * ss,
                -side * a * ss, -a * cs, -side * a * cs, a * ss)
    return robot.axle_x, robot.axle_z - s, 0.0, -1.0, 0.0, 0.0    # the slider, down by s


@njit(cache=True)
def accelerations(y, torque, robot, ground, forces):
    """q_ddot (shape (5,)) for the state y = (q, qd) (:data:`robodyn.vacuum.STATE`) and
    the motors' torque (N m, both, forward positive), for the robot's record and the
    ground: the equations of :meth:`robodyn.vacuum.PlanarRobot.terms` by component. J_W,
    the Jacobian of the wheel's centre, has the rows jx and jz; the wheel's spin row, which
    only the wheel's inertia fills, is solved on its own. ``forces`` (shape (5, 2))
    receives the contact forces on the robot, N: the wheel's, then the circles'."""
    x, z, theta, s = y[0], y[1], y[2], y[3]
    xd, zd, thd, sd, wd = y[5], y[6], y[7], y[8], y[9]
    m_w, R_w, g = robot.m_w, robot.wheel_radius, robot.g
    c, sn = math.cos(theta), math.sin(theta)
    wx, wz, dwx, dwz, ddwx, ddwz = wheel_in_chassis(s, robot)
    rwx, rwz = c * wx - sn * wz, sn * wx + c * wz             # R w
    rdx, rdz = c * dwx - sn * dwz, sn * dwx + c * dwz         # R dw
    jx = (1.0, 0.0, -rwz, rdx)                                # J_W's rows, less the spin
    jz = (0.0, 1.0, rwx, rdz)
    ax = -thd * thd * rwx - 2 * thd * sd * rdz + sd * sd * (c * ddwx - sn * ddwz)
    az = -thd * thd * rwz + 2 * thd * sd * rdx + sd * sd * (sn * ddwx + c * ddwz)
    M = np.empty((4, 4))
    for i in range(4):
        for j in range(4):
            M[i, j] = m_w * (jx[i] * jx[j] + jz[i] * jz[j])
    M[0, 0] += robot.m_c
    M[1, 1] += robot.m_c
    M[2, 2] += robot.I_c
    if robot.side == 0.0:
        M[3, 3] += SLIDER_MASS                                # the massless slider
    Q = np.zeros(4)
    Q[1] = -robot.m_c * g
    Q[3] = spring_force(s, sd, robot)
    for i in range(4):
        Q[i] -= m_w * (jx[i] * ax + jz[i] * az) + m_w * g * jz[i]
    Q[2] += torque                           # the motor: its reaction on the arm or slider
    Q[3] -= robot.side * torque
    spin = torque
    # the wheel's contact: its centre's velocity J_W qd and the rim's spin
    vx = xd - rwz * thd + rdx * sd
    vz = zd + rwx * thd + rdz * sd
    fx, fz, ft = contact_force(x + rwx, z + rwz, R_w, vx, vz, -wd * R_w, robot.mu_s,
                               robot.mu_k, robot, ground)
    forces[0, 0], forces[0, 1] = fx, fz
    for i in range(4):
        Q[i] += jx[i] * fx + jz[i] * fz
    spin -= R_w * ft
    for row in range(robot.circles.shape[0]):
        cx, cz, radius, mu = robot.circles[row]
        bx, bz = c * cx - sn * cz, sn * cx + c * cz           # R b
        fx, fz, _ = contact_force(x + bx, z + bz, radius, xd - thd * bz, zd + thd * bx,
                                  0.0, mu, mu, robot, ground)
        forces[row + 1, 0], forces[row + 1, 1] = fx, fz
        Q[0] += fx
        Q[1] += fz
        Q[2] += bx * fz - bz * fx
    q_dd = np.empty(5)
    q_dd[:4] = solve_symmetric(M, Q)
    q_dd[4] = spin / robot.I_w
    return q_dd


@njit(cache=True)
def solve_symmetric(M, b):
    """x with M x = b for a symmetric positive definite M (a mass matrix), by its Cholesky
    factor L (M = L L^T): L y = b forwards, then L^T x = y backwards. For the 4 x 4 mass
    matrix, a tenth of the cost of a call of np.linalg.solve."""
    n = b.shape[0]
    L = np.zeros((n, n))
    for j in range(n):
        d = M[j, j]
        for k in range(j):
            d -= L[j, k] * L[j, k]
        L[j, j] = math.sqrt(d)
        for i in range(j + 1, n):
            v = M[i, j]
            for k in range(j):
                v -= L[i, k] * L[j, k]
            L[i, j] = v / L[j, j]
    y = np.empty(n)
    for i in range(n):
        v = b[i]
        for k in range(i):
            v -= L[i, k] * y[k]
        y[i] = v / L[i, i]
    x = np.empty(n)
    for i in range(n - 1, -1, -1):
        v = y[i]
        for k in range(i + 1, n):
            v -= L[k, i] * x[k]
        x[i] = v / L[i, i]
    return x


@njit(cache=True)
def motor_rate(y, robot):
    """The motors' turning rate, rad/s (:meth:`robodyn.vacuum.PlanarRobot.motor_rate`)."""
    return y[9] + y[7] - robot.side * y[8]


@njit(cache=True)
def speed_control_rhs(t, y, constants, ground, target_rate, gain, limit):
    """y_dot for the state y = (q, qd) with the drive's speed control
    (:func:`robodyn.vacuum.speed_controller`): the torque ``gain`` times the error of the
    motors' rate against ``target_rate`` (rad/s), within +-``limit`` (N m). ``constants``
    is the robot's as :func:`robot_constants` gives them."""
    robot = constants[0]
    torque = min(max(gain * (target_rate - motor_rate(y, robot)), -limit), limit)
    y_dot = np.empty(10)
    y_dot[:5] = y[5:]
    y_dot[5:] = accelerations(y, torque, robot, ground, np.empty((5, 2)))
    return y_dot


@njit(cache=True)
def locked_torque(y, robot, ground):
    """The motors' torque (N m, both) that holds them still in the state y: the one that
    makes their acceleration (:func:`motor_rate` of q_ddot) zero. q_ddot is affine in the
    torque (it enters only the generalised forces; the contact forces depend on the state
    alone), q_ddot(T) = q_ddot(0) + T (q_ddot(1) - q_ddot(0)), so two evaluations give it
    exactly: the multiplier of the lock's constraint in
    :func:`robodyn.vacuum._locked_accelerations`."""
    forces = np.empty((5, 2))
    free = accelerations(y, 0.0, robot, ground, forces)
    per_unit = accelerations(y, 1.0, robot, ground, forces) - free
    side = robot.side
    return -((free[4] + free[2] - side * free[3])
             / (per_unit[4] + per_unit[2] - side * per_unit[3]))


@njit(cache=True)
def locked_rhs(t, y, constants, ground):
    """y_dot for the state y = (q, qd) with the motors held still (:func:`locked_torque`);
    ``constants`` as :func:`robot_constants` gives them."""
    robot = constants[0]
    y_dot = np.empty(10)
    y_dot[:5] = y[5:]
    y_dot[5:] = accelerations(y, locked_torque(y, robot, ground), robot, ground,
                              np.empty((5, 2)))
    return y_dot


@njit(cache=True)
def _difference_step(y_j):
    """The forward difference's step for a state of value y_j (:data:`JAC_STEP`)."""
    return JAC_STEP[0] * max(abs(y_j), JAC_STEP[1])


@njit(cache=True)
def speed_control_jac(t, y, constants, ground, target_rate, gain, limit):
    """d y_dot / d y (shape (10, 10), row i the rate of y_i) of :func:`speed_control_rhs`
    by forward differences, all its columns in one compiled call: column j is
    (f(y + h_j e_j) - f(y)) / h_j, h_j of :data:`JAC_STEP`. A stiff solver (LSODA, BDF,
    Radau) given none forms the same kind of quotients itself, calling the right-hand side
    from Python once a column; here the eleven evaluations cost about as much as one such
    call. The arguments are those of :func:`speed_control_rhs`."""
    f0 = speed_control_rhs(t, y, constants, ground, target_rate, gain, limit)
    J = np.empty((10, 10))
    moved = y.copy()
    for j in range(10):
        h = _difference_step(y[j])
        moved[j] = y[j] + h
        h = moved[j] - y[j]                         # the step the doubles really took
        J[:, j] = (speed_control_rhs(t, moved, constants, ground, target_rate, gain,
                                     limit) - f0) / h
        moved[j] = y[j]
    return J


@njit(cache=True)
def locked_jac(t, y, constants, ground):
    """d y_dot / d y (shape (10, 10)) of :func:`locked_rhs` by forward differences, as
    :func:`speed_control_jac`; the arguments are those of :func:`locked_rhs`."""
    f0 = locked_rhs(t, y, constants, ground)
    J = np.empty((10, 10))
    moved = y.copy()
    for j in range(10):
        h = _difference_step(y[j])
        moved[j] = y[j] + h
        h = moved[j] - y[j]
        J[:, j] = (locked_rhs(t, moved, constants, ground) - f0) / h
        moved[j] = y[j]
    return J


@njit(cache=True)
def contact_points(y, robot, ground):
    """Where each circle's surface is nearest the ground, the wheel's first (shape (5, 2),
    m): its centre less its radius along the ground's normal there
    (:meth:`robodyn.vacuum.PlanarRobot.contact_points`)."""
    x, z, theta = y[0], y[1], y[2]
    c, sn = math.cos(theta), math.sin(theta)
    wx, wz, _, _, _, _ = wheel_in_chassis(y[3], robot)
    points = np.empty((5, 2))
    for row in range(5):
        if row == 0:
            bx, bz, radius = wx, wz, robot.wheel_radius
        else:
            bx, bz, radius = robot.circles[row - 1, 0], robot.circles[row - 1, 1], \
                robot.circles[row - 1, 2]
        px, pz = x + c * bx - sn * bz, z + sn * bx + c * bz
        _, nx, nz = ground_distance(px, pz, ground)
        points[row, 0], points[row, 1] = px - radius * nx, pz - radius * nz
    return points


@njit(cache=True)
def contact_histories(states, torques, constants, ground):
    """The contact forces (N) and the contact points (m) of a run's samples, each shape
    (n, 5, 2) (the wheel first, then the circles), for its states (n, 10) and the motors'
    torques (n,)."""
    robot = constants[0]
    n = states.shape[0]
    forces, points = np.empty((n, 5, 2)), np.empty((n, 5, 2))
    for i in range(n):
        accelerations(states[i], torques[i], robot, ground, forces[i])
        points[i] = contact_points(states[i], robot, ground)
    return forces, points
