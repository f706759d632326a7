"""Rolling dynamics of the egg: the model, its simulation and events."""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult, join, solve
from robodyn.core.params import (
    as_array,
    check_positive,
    check_real,
)
from robodyn.core.rotations import (
    check_unit_quaternion,
    matrix_to_quaternion,
    quaternion_multiply,
    quaternion_to_matrix,
)
from robodyn.egg import compiled
from robodyn.egg.attitude import euler_angles, rotation
from robodyn.egg.geometry import check_radii
from robodyn.egg.gimbal import ServoMove, body_attitudes, differential_rule
from robodyn.egg.params import EggParams

_Z = np.array([0.0, 0.0, 1.0])


#: Names of the state vector of :func:`simulate`: attitude quaternion (w, x, y, z) body to
#: world, the shell's angular velocity in the world frame, the centre's floor position and the
#: rotor's angle in the inner ring.
STATE_NAMES = ("qw", "qx", "qy", "qz", "wx", "wy", "wz", "x", "y", "rotor_angle")


def _contact_point_body(n_B, R1, R2):
    """Point of the shell whose outward normal is the unit vector n_B (body frame), with the
    matrix A = diag(R2^2, R2^2, R1^2) and the support value s = sqrt(n A n) = centre height."""
    A = np.array([R2**2, R2**2, R1**2])
    An = A * n_B
    s = math.sqrt(float(n_B @ An))
    return An / s, A, s


def _cross(a, b):
    """Cross product of two 3-vectors (numpy.cross is ten times slower on single vectors, and
    the right-hand side of the simulation calls it about twenty times)."""
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                     a[0] * b[1] - a[1] * b[0]])


def _contact_rate(R, w, R1, R2):
    """(r, r_dot, p_B, p_B_dot, H) of :func:`contact_rate` without checks."""
    n_B = -R[2, :]                                  # downward normal, body frame
    p_B, A, H = _contact_point_body(n_B, R1, R2)
    n_dot = -_cross(R.T @ w, n_B)                   # a world-fixed vector seen from the shell
    An_dot = A * n_dot
    p_dot = An_dot / H - (A * n_B) * float(n_B @ An_dot) / H**3
    r = R @ p_B
    return r, _cross(w, r) + R @ p_dot, p_B, p_dot, H


def contact_rate(R, omega, R1: float, R2: float):
    r"""The vector from the centre to the contact point and its rate, world frame.

    The contact is the shell's point whose outward normal is the world's downward vertical,
    seen in the shell's frame :math:`n = -R^T\hat z`; with
    :math:`A = \mathrm{diag}(R_2^2, R_2^2, R_1^2)` it is :math:`p = A n / H`,
    :math:`H = \sqrt{n^T A n}`. As the shell turns, :math:`\dot n = -\omega_B\times n`, so

    .. math::

        \dot p = \frac{A\dot n}{H} - \frac{A n\,(n^T A\dot n)}{H^3}, \qquad
        r = R\,p, \qquad \dot r = \omega\times r + R\,\dot p .

    The first part of :math:`\dot r` turns with the shell, the second, :math:`R\dot p`, is
    the contact point moving over the shell; rolling without slip moves it over the floor at
    the same velocity, :math:`\dot c = v + \dot r = R\dot p`, which is horizontal.

    Parameters
    ----------
    R : array_like, shape (3, 3)
        The shell's attitude, body to world.
    omega : array_like, shape (3,)
        The shell's angular velocity, world frame, rad/s.
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).

    Returns
    -------
    r, r_dot : numpy.ndarray, shape (3,)
        Centre to contact (m) and its rate (m/s), world frame.

    >>> r, r_dot = contact_rate(np.eye(3), [0.0, 0.0, 5.0], 0.06, 0.045)  # upright, spinning
    >>> print(r.round(6) + 0.0, r_dot.round(6) + 0.0)
    [ 0.    0.   -0.06] [0. 0. 0.]
    """
    R = as_array("R", R, "", (3, 3), finite=True)
    if not np.allclose(R @ R.T, np.eye(3), atol=1e-9) or np.linalg.det(R) < 0:
        raise ParameterError("R must be a rotation matrix (orthonormal, determinant +1)")
    omega = as_array("omega", omega, "rad/s", (3,), finite=True)
    R1, R2 = check_radii(R1, R2)
    r, r_dot, *_ = _contact_rate(R, omega, R1, R2)
    return r, r_dot


def _axis_rotation(axis, angle):
    """Rodrigues: the rotation by ``angle`` about the unit vector ``axis``."""
    K = np.array([[0.0, -axis[2], axis[1]], [axis[2], 0.0, -axis[0]], [-axis[1], axis[0], 0.0]])
    return np.eye(3) + math.sin(angle) * K + (1.0 - math.cos(angle)) * (K @ K)


def rolling_move(R, centre, axis, angle: float, R1: float, R2: float, *, nodes: int = 64):
    r"""Roll the shell without slip and without twist: turn it by ``angle`` about the horizontal
    world direction ``axis`` at a steady rate, its contact rolling on the floor.

    The attitude turns about the fixed direction, :math:`R(s) = \mathrm{Rot}(a, s)\,R_0`
    (Rodrigues), and the centre follows :eq:`egg-no-slip`, :math:`\dot x = -\omega	imes r`
    with :math:`\omega = a\,\dot s`:

    .. math:: x(	heta) = x_0 - \int_0^	heta a	imes rig(R(s)ig)\,ds ,

    :math:`r(R)` the contact vector of :func:`contact_rate`, integrated by Gauss-Legendre
    quadrature (the integrand is smooth). :math:`\omega_z = 0` throughout, as the axis is
    horizontal: no twist.

    Parameters
    ----------
    R : array_like, shape (3, 3)
        Attitude at the start, body to world.
    centre : array_like, shape (2,)
        The centre's floor position (x, y) at the start, m.
    axis : array_like, shape (3,)
        Horizontal unit vector (world) to turn about (its z entry 0).
    angle : float
        Angle to turn, rad (either sign).
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    nodes : int, optional
        Gauss-Legendre nodes of the quadrature (>= 2).

    Returns
    -------
    R_end : numpy.ndarray, shape (3, 3)
        Attitude at the end.
    centre_end : numpy.ndarray, shape (2,)
        The centre's floor position at the end, m.

    >>> R, c = rolling_move(np.eye(3), (0, 0), (1, 0, 0), 0.5, 0.05, 0.05)  # a ball
    >>> print(np.round(c, 6) + 0.0)      # rolls 0.5 rad * 5 cm, along -y
    [ 0.    -0.025]
    """
    R = as_array("R", R, "", (3, 3), finite=True)
    if not np.allclose(R @ R.T, np.eye(3), atol=1e-9) or np.linalg.det(R) < 0:
        raise ParameterError("R must be a rotation matrix (orthonormal, determinant +1)")
    centre = as_array("centre", centre, "m", (2,), finite=True)
    axis = as_array("axis", axis, "", (3,), finite=True)
    if abs(np.linalg.norm(axis) - 1.0) > 1e-9 or abs(axis[2]) > 1e-12:
        raise ParameterError(f"axis must be a horizontal unit vector (z entry 0: a turn about "
                             f"a vertical part would twist the contact), got {axis.tolist()}")
    angle = check_real("angle", angle, "rad")
    R1, R2 = check_radii(R1, R2)
    nodes = int(nodes)
    if nodes < 2:
        raise ParameterError(f"nodes must be >= 2, got {nodes}")
    points, weights = np.polynomial.legendre.leggauss(nodes)
    shift = np.zeros(3)
    for x_i, w_i in zip(points, weights, strict=True):
        s = 0.5 * angle * (x_i + 1.0)
        r, *_ = _contact_rate(_axis_rotation(axis, s) @ R, np.zeros(3), R1, R2)
        shift -= 0.5 * angle * w_i * _cross(axis, r)
    return _axis_rotation(axis, angle) @ R, centre + shift[:2]


class _Model:
    """One evaluation of the rolling egg at (t, state): every quantity of the equations."""

    def __init__(self, params: EggParams, servo: ServoMove):
        self.p = params
        self.servo = servo
        self.inertias = params.inertias
        self.m = params.mass
        self.numbers = (*compiled.constants(params), compiled.servo_numbers(servo))

    def kinematics(self, t, x):
        p = self.p
        q = x[0:4] / np.linalg.norm(x[0:4])
        R = quaternion_to_matrix(q)
        w = x[4:7]
        r, r_dot, _, _, H = _contact_rate(R, w, p.R1, p.R2)   # centre -> contact, world
        mu, mu_dot, mu_ddot = self.servo.at(t)
        phi, psi = differential_rule(*mu, p.gear_ratio)
        phi_d, psi_d = differential_rule(*mu_dot, p.gear_ratio)
        phi_dd, psi_dd = differential_rule(*mu_ddot, p.gear_ratio)
        _, R_outer, R_inner, R_rotor = (R @ A for A in body_attitudes(phi, psi, x[9]))
        u2, u3, u4 = R[:, 2], R_outer[:, 0], R_inner[:, 2]
        Omega = p.rotor_speed
        w2 = w + phi_d * u2
        w3 = w2 + psi_d * u3
        w4 = w3 + Omega * u4
        c2 = phi_dd * u2 + phi_d * _cross(w, u2)
        c3 = c2 + psi_dd * u3 + psi_d * _cross(w2, u3)
        c4 = c3 + Omega * _cross(w3, u4)
        J_list = [Rb @ (moments[:, None] * Rb.T) for Rb, moments in
                  zip((R, R_outer, R_inner, R_rotor), self.inertias, strict=True)]
        omegas = (w, w2, w3, w4)
        bias = np.zeros(3)
        for J_i, w_i, c_i in zip(J_list, omegas, (np.zeros(3), c2, c3, c4), strict=True):
            bias += J_i @ c_i + _cross(w_i, J_i @ w_i)
        return dict(q=q, R=R, w=w, r=r, r_dot=r_dot, H=H, J=sum(J_list), J_list=J_list,
                    omegas=omegas, bias=bias, u4=u4, phi=phi, psi=psi)

    def solve(self, k, mode: str, sign: float = 0.0):
        """Angular acceleration, contact force and twisting torque for a twist mode:
        'free' (no twisting friction), 'stick' (no twist) or 'slip' (friction against the
        twist, whose sign is ``sign``)."""
        p, m = self.p, self.m
        r, w = k["r"], k["w"]
        M = k["J"] + m * (float(r @ r) * np.eye(3) - np.outer(r, r))
        w_cross_rdot = _cross(w, k["r_dot"])
        rhs = -k["bias"] - m * _cross(r, w_cross_rdot) + m * p.g * _cross(r, _Z)
        # contact force F = m [r]x w_dot + F0 (Newton for the centre, the rolling constraint)
        F0 = -m * w_cross_rdot + m * p.g * _Z
        N_row = m * np.array([-r[1], r[0], 0.0])         # d F_z / d w_dot
        if mode == "free":
            w_dot, tau = np.linalg.solve(M, rhs), 0.0
        elif mode == "stick":
            K = np.zeros((4, 4))
            K[:3, :3] = M
            K[:3, 3] = -_Z
            K[3, 2] = 1.0
            solution = np.linalg.solve(K, np.append(rhs, 0.0))
            w_dot, tau = solution[:3], float(solution[3])
        else:
            # tau = -sign * mu_k * F_z - viscous * w_z, F_z linear in w_dot
            mu_k, rho = p.twist_kinetic, p.twist_viscous
            K = M + sign * mu_k * np.outer(_Z, N_row)
            w_dot = np.linalg.solve(K, rhs - _Z * (sign * mu_k * F0[2] + rho * w[2]))
            tau = -sign * mu_k * float(N_row @ w_dot + F0[2]) - rho * w[2]
        F = m * _cross(r, w_dot) + F0
        return w_dot, F, tau

    def derivative(self, t, x, mode, sign):
        k = self.kinematics(t, x)
        w_dot, _, _ = self.solve(k, mode, sign)
        w_B = k["R"].T @ k["w"]
        q_dot = 0.5 * quaternion_multiply(k["q"], np.concatenate([[0.0], w_B]))
        v = -_cross(k["w"], k["r"])
        return np.concatenate([q_dot, w_dot, v[:2], [self.p.rotor_speed]])

    def compiled_derivative(self, t, x, mode, sign):
        """:meth:`derivative` by :func:`robodyn.egg.compiled.rates`, the same equations
        compiled (what :func:`simulate` integrates)."""
        return compiled.rates(t, x, *self.numbers, compiled.MODES[mode], sign)

    def compiled_solve(self, t, x, mode, sign=0.0):
        """(w_dot, F, tau) of :meth:`solve` at (t, x) by
        :func:`robodyn.egg.compiled.accelerations` (what the events ask)."""
        w_dot, F, tau, _ = compiled.accelerations(t, x, *self.numbers,
                                                  compiled.MODES[mode], sign)
        return w_dot, F, tau

    def outputs(self, t, x, mode, sign):
        k = self.kinematics(t, x)
        w_dot, F, tau = self.solve(k, mode, sign)
        v = -_cross(k["w"], k["r"])
        kinetic = 0.5 * self.m * float(v @ v) + 0.5 * sum(
            float(w_i @ J_i @ w_i) for w_i, J_i in zip(k["omegas"], k["J_list"], strict=True))
        potential = self.m * self.p.g * k["H"]
        rotor_momentum = float(k["u4"] @ k["J_list"][3] @ k["omegas"][3])
        return dict(R=k["R"], q=k["q"], centre=np.array([x[7], x[8], k["H"]]), velocity=v,
                    contact=np.array([x[7], x[8], k["H"]]) + k["r"], force=F, twist_torque=tau,
                    energy=kinetic + potential, kinetic=kinetic, potential=potential,
                    rotor_momentum=rotor_momentum, phi=k["phi"], psi=k["psi"])


def _twist_mode(model: _Model, t, x, params: EggParams):
    """The twist mode to continue with at (t, x): ('free', 0), ('stick', 0) or ('slip', sign).
    Sticking is tried when the vertical spin is zero; it holds while the torque it needs is
    within the static limit."""
    if params.twist_static == 0 and params.twist_kinetic == 0 and params.twist_viscous == 0:
        return "free", 0.0
    w_z = x[6]
    if abs(w_z) > 1e-12:
        return "slip", math.copysign(1.0, w_z)
    k = model.kinematics(t, x)
    _, F, tau = model.solve(k, "stick")
    if abs(tau) <= params.twist_static * max(F[2], 0.0):
        return "stick", 0.0
    return "slip", -math.copysign(1.0, tau)


def simulate(params: EggParams, servo: ServoMove | None = None, t_end: float = 3.0, *,
             tilt: float = 0.3, spin: float = 0.0, heading: float = 0.0, attitude=None,
             omega=(0.0, 0.0, 0.0), dt: float = 0.01, rtol: float = 1e-9,
             atol: float = 1e-11, max_switches: int = 2000,
             friction_cone: bool = True) -> SimulationResult:
    r"""The egg rolling on a flat floor: rigid-body dynamics of the four bodies with the
    rolling contact, twisting friction with stiction, the gimbal driven by the servos.

    The model (derived in the chapter): the centre's velocity follows from rolling without
    slip, :math:`v = -\omega \times r` (:math:`r` from the centre to the contact); Newton's
    law for the centre gives the contact force :math:`F = m\,(\dot v - g)`; the angular
    momentum about the centre changes by the torques of the contact force and of twisting
    friction, :math:`\dot L = r \times F + \tau\,\hat z`. Eliminating F leaves

    .. math:: \big(J + m(|r|^2 I - r r^T)\big)\,\dot\omega =
              -b - m\,r \times (\omega \times \dot r) + m g\, r \times \hat z + \tau\,\hat z,

    with :math:`J` the four bodies' inertia about the centre, :math:`b` their gyroscopic and
    joint-driven terms, and the twist torque :math:`\tau` either what keeps the vertical
    spin at zero (stiction, while :math:`|\tau| \le \mu_s N`) or
    :math:`-\mu_k N\,\mathrm{sign}(\omega_z) - \rho\,\omega_z` (slip). Switches are events
    of the integrator. The attitude is a quaternion; the Euler angles are outputs only.

    Parameters
    ----------
    params : EggParams
    servo : ServoMove, optional
        Servo angles over time; ``None`` holds both at zero (gimbal locked).
    t_end : float
        Duration, s (> 0).
    tilt, spin, heading : float
        Initial z-x-z angles beta, alpha, gamma, rad (see :func:`rotation`).
    attitude : array_like, shape (4,), optional
        Initial attitude as a unit quaternion (w, x, y, z), body to world, instead of the
        angles (for example at an attitude where the angles are singular).
    omega : array_like, shape (3,)
        Initial angular velocity of the shell, world frame, rad/s.
    dt : float
        Output sample interval, s.
    rtol, atol : float
        Tolerances of the integrator, DOP853 by :func:`robodyn.core.integrate.solve` (defaults
        1e-9 and 1e-11; atol in the units of the state: 1, rad/s, m, rad).
    max_switches : int
        Most stick/slip switches allowed before the run stops as chattering.
    friction_cone : bool
        Stop where rolling would need more sideways force than ``params.floor_friction``
        times the normal force (default True). As the normal force falls towards zero the
        ratio grows without bound, so on a floor of any friction a run slips before it lifts
        off, except where the sideways force vanishes too; False checks lift-off alone.

    Returns
    -------
    SimulationResult
        Columns: Euler angles ``alpha, beta, gamma``; the source's angles are their negatives;
        centre ``x, y, z`` and its velocity ``vx, vy, vz``; the shell's angular velocity
        ``wx, wy, wz`` (world frame, rad/s); contact point ``contact_x, contact_y``; contact force
        ``Fx, Fy, Fz`` (N, on the egg); ``twist_torque`` (N m); ``energy``, ``kinetic``,
        ``potential`` (J); ``rotor_momentum`` (N m s, the rotor's axial angular momentum);
        ``jacobi`` = energy - rotor_speed * rotor_momentum, J (conserved with the gimbal
        held and no twisting friction at work); ring angles ``phi, psi``; ``stuck`` (1 while
        the twist sticks); the names are :data:`OUTPUT_NAMES`. ``success`` is False, with
        the reason in ``message``, where the egg would lift off (``Fz`` reaches 0), slip
        (:math:`\sqrt{F_x^2 + F_y^2}` reaches ``floor_friction`` times ``Fz``, the edge of
        the friction cone) or the twist chatters.
        ``events``: the times of ``lift_off``, ``slips``, ``breakaway`` (stick to slip) and
        ``twist_stops`` (slip ends). Details: ``quaternions`` (N, 4), ``rotations``
        (N, 3, 3), ``switches`` (list of (time, mode)) and ``states``, the integrated state
        (:data:`STATE_NAMES`) as one SimulationResult with each event's state.

    Raises
    ------
    ParameterError
        If an argument is not what is listed above.
    SimulationError
        If the integrator fails (from :func:`robodyn.core.integrate.solve`).

    Notes
    -----
    The run is integrated in phases, one per twist mode, each stopped by a terminal event
    and joined by :func:`robodyn.core.integrate.join`, so that no step straddles a switch.
    """
    if not isinstance(params, EggParams):
        raise ParameterError(f"params must be an EggParams, got {type(params).__name__}")
    servo = ServoMove.hold() if servo is None else servo
    if not isinstance(servo, ServoMove):
        raise ParameterError(f"servo must be a ServoMove or None, got {type(servo).__name__}")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    tilt = check_real("tilt", tilt, "rad")
    R0 = rotation(check_real("spin", spin, "rad"), tilt, check_real("heading", heading, "rad"))
    if attitude is not None:
        R0 = quaternion_to_matrix(check_unit_quaternion(attitude, "attitude"))
    omega0 = as_array("omega", omega, "rad/s", (3,), finite=True)
    if not isinstance(friction_cone, bool):
        raise ParameterError(f"friction_cone must be True or False, got {friction_cone!r}")
    model = _Model(params, servo)
    x = np.concatenate([matrix_to_quaternion(R0), omega0, [0.0, 0.0, 0.0]])
    t = 0.0
    times = np.linspace(0.0, t_end, int(round(t_end / dt)) + 1)
    phases = []                                        # (run of the state, mode, sign)
    mode, sign = _twist_mode(model, t, x, params)
    switches = [(0.0, mode)]
    success, message = True, f"ran to t = {t_end:g} s"
    while t < t_end:
        # the first phase samples its start; a later phase's start, a switch, is the end of
        # the phase before, not a sample time (no sample is repeated or missed)
        run = solve(model.compiled_derivative, (t, t_end), x, args=(mode, sign),
                    state_names=STATE_NAMES, method="DOP853", rtol=rtol, atol=atol,
                    events=_events(model, params, mode, sign, friction_cone),
                    t_eval=times[times >= t] if not phases else times[times > t])
        phases.append((run, mode, sign))
        fired = [name for name, times_i in run.events.items() if times_i.size]
        if not fired:
            break
        t, x = float(run.events[fired[0]][-1]), run.event_states[fired[0]][-1].copy()
        x[0:4] /= np.linalg.norm(x[0:4])
        if fired[0] == "lift_off":                     # the normal force reached zero
            success, message = False, (
                f"the egg would lift off the floor at t = {t:.4g} s (normal force 0): this "
                "model keeps it in contact; use a slower servo move or a slower rotor")
            break
        if fired[0] == "slips":                        # the force left the friction cone
            success, message = False, (
                f"the egg would slip at t = {t:.4g} s: rolling needs a sideways force of "
                f"floor_friction = {params.floor_friction:g} times the normal force there "
                "(the edge of the friction cone), and this model cannot slide; use a floor "
                "that grips better (a larger floor_friction), a gentler start or a slower "
                "servo move")
            break
        if mode == "stick":                            # breakaway: slip against friction
            _, _, tau = model.solve(model.kinematics(t, x), "stick")
            mode, sign = "slip", -math.copysign(1.0, tau)
        else:                                          # the twist stops: stick or reverse
            x[6] = 0.0
            mode, sign = _twist_mode(model, t, x, params)
        switches.append((t, mode))
        if len(switches) > max_switches:
            success, message = False, (
                f"the twist switched between stick and slip {max_switches} times by "
                f"t = {t:.4g} s (chattering); raise twist_viscous or lower the rotor speed")
            break
    states = join([run for run, _, _ in phases], message)
    return _result(model, phases, states, switches, success)


def _events(model: _Model, params: EggParams, mode: str, sign: float,
            friction_cone: bool = True):
    last = {}

    def force(t, x):                # both events ask at the same (t, x): solve once
        key = (t, x.tobytes())
        if last.get("key") != key:
            last["key"], last["F"] = key, model.compiled_solve(t, x, mode, sign)[1]
        return last["F"]

    def lift_off(t, x, *args):
        return force(t, x)[2]
    lift_off.terminal, lift_off.direction = True, -1

    def slips(t, x, *args):
        F = force(t, x)
        return params.floor_friction * F[2] - math.hypot(F[0], F[1])
    slips.terminal, slips.direction = True, -1
    events = [lift_off, slips] if friction_cone else [lift_off]
    if mode == "stick":
        def breakaway(t, x, *args):
            _, F, tau = model.compiled_solve(t, x, "stick")
            return params.twist_static * F[2] - abs(tau)
        breakaway.terminal, breakaway.direction = True, -1
        events.append(breakaway)
    elif mode == "slip":
        def twist_stops(t, x, *args):
            return x[6]
        twist_stops.terminal, twist_stops.direction = True, -sign
        events.append(twist_stops)
    return events


#: Names of the columns of :func:`simulate`'s result, in order.
OUTPUT_NAMES = ("alpha", "beta", "gamma", "x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz",
                "contact_x", "contact_y", "Fx", "Fy", "Fz", "twist_torque", "energy",
                "kinetic", "potential", "rotor_momentum", "jacobi", "phi", "psi", "stuck")


def _result(model: _Model, phases, states: SimulationResult, switches,
            success: bool) -> SimulationResult:
    """The outputs at every sample of the joined phases, each computed in its phase's twist
    mode; the events and the message are the joined run's."""
    rows, quaternions, rotations = [], [], []
    for run, mode, sign in phases:
        for t, x in zip(run.t, run.stack().T, strict=True):
            out = model.outputs(t, x, mode, sign)
            alpha, beta, gamma = euler_angles(out["R"])
            rows.append([alpha, beta, gamma, *out["centre"], *out["velocity"], *x[4:7],
                         *out["contact"][:2], *out["force"],
                         out["twist_torque"], out["energy"], out["kinetic"],
                         out["potential"], out["rotor_momentum"],
                         out["energy"] - model.p.rotor_speed * out["rotor_momentum"],
                         out["phi"], out["psi"], 1.0 if mode == "stick" else 0.0])
            quaternions.append(out["q"])
            rotations.append(out["R"])
    rows = np.array(rows).reshape(-1, len(OUTPUT_NAMES))
    return SimulationResult(
        t=states.t, columns={name: rows[:, i] for i, name in enumerate(OUTPUT_NAMES)},
        success=success, message=states.message, events=states.events,
        details={"quaternions": np.array(quaternions).reshape(-1, 4),
                 "rotations": np.array(rotations).reshape(-1, 3, 3),
                 "switches": switches, "states": states})
