r"""The vacuum robot on the floor, seen from above: the waypoint course with wheel slip.

Chapter 7. The waypoint follower of the differential-drive chapter
(:class:`~robodyn.diffdrive.waypoints.WaypointFollower`) drives the vacuum robot of
:class:`~robodyn.vacuum.VacuumParams`, but the wheels no longer roll by decree: each wheel
pushes on the floor with the friction force of its own slip, at most mu times its load. On
wood (mu_s = 1.08) the robot follows the course as in chapter 4; on a slippery floor the
wheels spin at the start and skid in the turns.

**Model.** A rigid body in the plane with the pose (x, y, theta) of the AXLE MIDPOINT O (as in
:mod:`robodyn.diffdrive`) and the body velocity (u, w, r): forward and lateral velocity of O in
the body frame and the yaw rate. The centre of gravity G lies b behind O (the whole robot's,
:func:`robodyn.vacuum.robot_cog_behind`)
(d = -b ahead, the differential-drive chapter's ``com_offset``). The two drive wheels touch
the floor at p_r = (0, -L/2) and p_l = (0, +L/2) in the body frame (x forward, y left), each
with its own spin rate phi_dot_i; the caster behind carries the rest of the weight and no
horizontal force. State, in this order::

    (x, y, theta, u, w, r, phi_dot_r, phi_dot_l)     m, m, rad, m/s, m/s, rad/s, rad/s, rad/s

**Equations** (body frame; i = r, l; y_r = -L/2, y_l = +L/2):

- slip of the contact point over the floor: :math:`s_i = (u - r y_i - R\dot\varphi_i,\ w)`
  (:func:`slip_velocities`);
- traction on the robot: :math:`F_i = -\mu(|s_i|)\,N_i\,s_i/|s_i|` with the blended
  static-to-kinetic coefficient of :func:`robodyn.friction.blended_coefficient`, so
  :math:`|F_i| \le \mu_s N_i` in every direction (:func:`traction_forces`);
- Newton-Euler for the body (:func:`body_accelerations`), with :math:`F = \sum_i F_i`:

  .. math::

      m(\dot u - r w - d r^2) = F_x, \quad m(\dot w + r u + d\dot r) = F_y, \quad
      I_G \dot r = -\sum_i y_i F_{i,x} - d F_y;

- each wheel: :math:`I_w \ddot\varphi_i = \tau_i - R F_{i,x}` with the speed controller
  :math:`\tau_i = \mathrm{clip}(k(\dot\varphi_{ref,i} - \dot\varphi_i), \pm\tau_{max})`
  (:func:`robodyn.diffdrive.wheel_torques`);
- the pose: :math:`\dot x = u\cos\theta - w\sin\theta`,
  :math:`\dot y = u\sin\theta + w\cos\theta`, :math:`\dot\theta = r`.

The robot's parameters in the differential-drive chapter's terms are a
:class:`~robodyn.diffdrive.DiffDriveParams` derived from the robot's
:class:`~robodyn.vacuum.VacuumParams` by :func:`drive_params` (:attr:`TopView.drive`), so the
course can be compared directly with that chapter's kinematic and no-slip dynamic models.

>>> run = follow_course(VacuumParams(), [[1.0, 0.0]], t_max=5.0)
>>> slip = max(run.slip_r.max(), run.slip_l.max())
>>> print(run.reached, f"{run.t[-1]:.2f} s", f"{slip * 1e3:.2f} mm/s")
True 3.08 s 0.45 mm/s
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import SimulationResult, solve
from robodyn.core.params import as_array, check_choice, check_positive
from robodyn.diffdrive.dynamics import wheel_torques
from robodyn.diffdrive.kinematics import inverse_kinematics, saturate_wheel_speeds
from robodyn.diffdrive.params import DiffDriveParams
from robodyn.diffdrive.simulation import course_message
from robodyn.diffdrive.waypoints import REACHED_GOAL, FollowerSettings, WaypointFollower
from robodyn.laws.friction import blended_coefficient
from robodyn.vacuum.params import VacuumParams, robot_cog_behind
from robodyn.vacuum.planar import V_CRIT
from robodyn.vacuum.statics import static_wheel_loads

__all__ = [
    "STATE",
    "SOLVERS",
    "TopView",
    "body_accelerations",
    "distance_to_path",
    "drive_params",
    "follow_course",
    "integrate_held",
    "kinetic_energy",
    "power_balance",
    "slip_velocities",
    "square_course",
    "top_view",
    "top_view_rhs",
    "traction_forces",
]

#: Names of the state entries of :func:`top_view_rhs`, in order.
STATE = ("x", "y", "theta", "u", "w", "r", "phi_dot_r", "phi_dot_l")

#: Implicit methods of ``scipy.integrate.solve_ivp`` that handle the stiff friction law.
SOLVERS = ("LSODA", "Radau", "BDF")


# --------------------------------------------------------------------------- the model


def drive_params(params: VacuumParams) -> DiffDriveParams:
    r"""The vacuum robot seen from above, in the differential-drive chapter's terms.

    Every value comes from ``params``: wheel_radius R, track_width L, mass m, the yaw
    inertia of the body as a uniform plate, :math:`I_G = m (l^2 + w^2) / 12` (``body_length``
    l, ``body_width`` w, the differential-drive chapter's assumption), com_offset
    d = -:func:`~robodyn.vacuum.robot_cog_behind` (G behind the axle), the spin inertia of
    a wheel as a uniform disk, :math:`I_w = m_{wheel} R^2 / 2` (the motor's rotor and gearbox
    left out), max_wheel_torque = ``torque_limit``, and the body's size. The wheel-speed
    limit and the speed controller's gain are chapter 4's defaults.

    Examples
    --------
    >>> drive = drive_params(VacuumParams())
    >>> print(drive.wheel_radius, drive.track_width, round(drive.com_offset, 4))
    0.044 0.235 -0.044
    """
    p = check_params(params)
    return DiffDriveParams(
        wheel_radius=p.wheel_radius, track_width=p.track_width, mass=p.mass,
        yaw_inertia=p.mass * (p.body_length**2 + p.body_width**2) / 12.0,
        com_offset=-robot_cog_behind(p), wheel_inertia=0.5 * p.wheel_mass * p.wheel_radius**2,
        max_wheel_torque=p.torque_limit, body_length=p.body_length, body_width=p.body_width)


@dataclass(frozen=True)
class TopView:
    """Fixed data of the top-view model; made by :func:`top_view`.

    Attributes
    ----------
    drive : DiffDriveParams
        The robot in the differential-drive chapter's terms: wheel_radius R, track_width L,
        mass m, yaw_inertia I_G, com_offset d = -b (robot_cog_behind), wheel_inertia I_w (spin),
        max_wheel_speed, max_wheel_torque (the motors' ``torque_limit``) and speed_gain k.
    normal_loads : numpy.ndarray, shape (2,)
        Normal loads (N_r, N_l) of the drive wheels, N.
    caster_load : float
        Load of the frictionless caster, N.
    mu_s, mu_k : float
        Static and kinetic friction coefficients of the wheels on this floor.
    v_crit : float
        Critical slip speed of the blended friction law, m/s.
    """

    drive: DiffDriveParams
    normal_loads: np.ndarray
    caster_load: float
    mu_s: float
    mu_k: float
    v_crit: float

    @property
    def traction_limits(self) -> np.ndarray:
        """Largest traction force of each wheel, mu_s N_i, shape (2,), N."""
        return self.mu_s * self.normal_loads


def top_view(params: VacuumParams, *, mu=None, friction_scale: float = 1.0,
             gain: float | None = None, v_crit: float = V_CRIT) -> TopView:
    r"""The top-view model of the vacuum robot on a floor.

    Parameters
    ----------
    params : VacuumParams
        The robot, seen from above as :func:`drive_params` says; its static loads are
        :func:`robodyn.vacuum.static_wheel_loads`.
    mu : float or (float, float), optional
        Friction of the wheels on the floor: one number for mu_s = mu_k, or the pair
        (mu_s, mu_k) with 0 < mu_k <= mu_s. Default (params.mu_s, params.mu_k), wood.
    friction_scale : float, optional
        Factor on both coefficients (> 0): 0.1 turns wood into a slippery floor.
    gain : float, optional
        Gain k of each wheel's speed controller, N m s/rad (> 0). Default: the
        differential-drive chapter's ``DiffDriveParams.speed_gain``.
    v_crit : float, optional
        Critical slip speed of the friction law, m/s (> 0). Default
        :data:`robodyn.vacuum.V_CRIT`, 1 mm/s, as in the side view
        (:class:`~robodyn.vacuum.PlanarRobot`): a wheel that grips creeps at most this fast;
        a smaller value makes the equations stiffer.

    Returns
    -------
    TopView

    Raises
    ------
    ParameterError
        If an input is out of range (the message names it, its value and what is allowed).

    Examples
    --------
    >>> model = top_view(VacuumParams(), friction_scale=0.1)
    >>> print(model.traction_limits.round(3), round(model.drive.com_offset, 4))
    [1.272 1.272] -0.044
    """
    p = check_params(params)
    mu_s, mu_k = _friction_pair(mu, p)
    scale = check_positive("friction_scale", friction_scale)
    drive = drive_params(p)
    if gain is not None:
        drive = dataclasses.replace(drive, speed_gain=check_positive("gain", gain,
                                                                     "N m s/rad"))
    v_crit = check_positive("v_crit", v_crit, "m/s")
    wheel, caster = static_wheel_loads(p)
    return TopView(drive=drive, normal_loads=np.array([wheel, wheel]), caster_load=caster,
                   mu_s=scale * mu_s, mu_k=scale * mu_k, v_crit=v_crit)


def check_params(params) -> VacuumParams:
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a VacuumParams, got {params!r} of type "
                             f"{type(params).__name__}")
    return params


def _friction_pair(mu, p: VacuumParams) -> tuple[float, float]:
    """(mu_s, mu_k) from the ``mu`` option of :func:`top_view`."""
    if mu is None:
        return p.mu_s, p.mu_k
    values = as_array("mu", mu, "", finite=True)
    if values.shape not in ((), (2,)):
        raise ParameterError(f"mu must be one number or a pair (mu_s, mu_k), got shape "
                             f"{values.shape}")
    mu_s, mu_k = np.broadcast_to(values, (2,)).tolist()
    if not 0.0 < mu_k <= mu_s:
        raise ParameterError(f"mu must hold coefficients with 0 < mu_k <= mu_s, got "
                             f"mu_s = {mu_s:g}, mu_k = {mu_k:g}")
    return mu_s, mu_k


# --------------------------------------------------------------------------- the equations


def slip_velocities(body_velocity, wheel_rates, wheel_radius: float, track_width: float):
    r"""Velocity of each wheel's contact point over the floor, in the body frame, m/s.

    .. math:: s_i = (u - r\,y_i - R\dot\varphi_i,\ w), \qquad y_r = -L/2,\ y_l = +L/2

    the body's velocity at the wheel plus the rim's velocity at the contact.

    Parameters
    ----------
    body_velocity : array_like, shape (3,)
        (u, w, r) of the axle midpoint: m/s, m/s, rad/s.
    wheel_rates : array_like, shape (2,)
        (phi_dot_r, phi_dot_l), rad/s, positive forward.
    wheel_radius, track_width : float
        R and L, m.

    Returns
    -------
    numpy.ndarray, shape (2, 2)
        Rows (right, left), columns (forward, lateral), m/s. Zero when the wheels roll as
        :func:`robodyn.diffdrive.inverse_kinematics` says and w = 0.

    Examples
    --------
    >>> print(slip_velocities([0.3, 0.02, 0.0], [10.0, 5.0], 0.036, 0.23).round(4))
    [[-0.06  0.02]
     [ 0.12  0.02]]
    """
    u, w, r = as_array("body_velocity", body_velocity, "m/s, m/s, rad/s", (3,))
    rates = as_array("wheel_rates", wheel_rates, "rad/s", (2,))
    return _slip(u, w, r, rates, wheel_radius, track_width)


def _slip(u, w, r, rates, wheel_radius, track_width):
    half = 0.5 * track_width
    along = np.array([u + r * half, u - r * half]) - wheel_radius * rates
    return np.column_stack([along, [w, w]])


def traction_forces(slip, normal_loads, mu_s: float, mu_k: float, v_crit: float):
    r"""Friction force of the floor on each wheel, against its slip, limited by mu N.

    .. math:: F_i = -\mu(|s_i|)\, N_i\, \frac{s_i}{|s_i|}

    with :math:`\mu(v)` of :func:`robodyn.friction.blended_coefficient`: rising from 0 to
    mu_s over :math:`|s| \le v_{crit}`, falling to mu_k by :math:`1.5\,v_{crit}`. The law acts
    on the magnitude of the slip vector, so forward and sideways friction share one limit,
    :math:`|F_i| \le \mu_s N_i` (a friction circle).

    Parameters
    ----------
    slip : array_like, shape (n, 2)
        Slip velocities (forward, lateral) of n contacts, m/s.
    normal_loads : array_like, shape (n,)
        Their normal loads N_i, N (>= 0).
    mu_s, mu_k, v_crit : float
        As in :func:`robodyn.friction.blended_coefficient`.

    Returns
    -------
    numpy.ndarray, shape (n, 2)
        Forces on the robot (forward, lateral), N. Below v_crit the law is linear,
        :math:`F_i = -\mu_s N_i s_i / v_{crit}`: no division by zero at s = 0.

    Examples
    --------
    >>> print(traction_forces([[0.5, 0.0], [0.0, 1e-3]], [10.0, 10.0], 1.0, 0.9, 2e-3))
    [[-9. -0.]
     [-0. -5.]]
    """
    s = as_array("slip", slip, "m/s")
    loads = as_array("normal_loads", normal_loads, "N")
    if s.ndim != 2 or s.shape[1] != 2 or loads.shape != s.shape[:1]:
        raise ParameterError(f"slip must have shape (n, 2) and normal_loads shape (n,), got "
                             f"{s.shape} and {loads.shape}")
    if np.any(loads < 0):
        raise ParameterError(f"normal_loads must be >= 0 N (the floor never pulls), got "
                             f"{loads!r}")
    speed = np.hypot(s[:, 0], s[:, 1])
    mu = blended_coefficient(speed, mu_s, mu_k, v_crit)
    moving = speed > 0.0
    per_speed = np.divide(mu, speed, out=np.full(speed.shape, mu_s / v_crit), where=moving)
    return -(per_speed * loads)[:, None] * s


def body_accelerations(body_velocity, forces, drive: DiffDriveParams) -> np.ndarray:
    r"""(u_dot, w_dot, r_dot) of the body under the wheels' floor forces (Newton-Euler).

    With the total force :math:`F = \sum_i F_i`, G at (d, 0) and the wheels at (0, y_i):

    .. math::

        \dot r = \frac{-\sum_i y_i F_{i,x} - d F_y}{I_G}, \qquad
        \dot w = \frac{F_y}{m} - r u - d\dot r, \qquad
        \dot u = \frac{F_x}{m} + r w + d r^2

    (from :math:`m a_G = F`, :math:`a_G = (\dot u - r w - d r^2,\ \dot w + r u + d\dot r)`,
    and the moment about G).

    Parameters
    ----------
    body_velocity : array_like, shape (3,)
        (u, w, r): m/s, m/s, rad/s.
    forces : array_like, shape (2, 2)
        Floor forces on the right and left wheel, (forward, lateral) each, N.
    drive : DiffDriveParams
        Gives m, I_G = yaw_inertia, d = com_offset and L.

    Returns
    -------
    numpy.ndarray, shape (3,)
        m/s^2, m/s^2, rad/s^2.

    Notes
    -----
    The wheels' mass is in m and their yaw inertia in I_G; their spin is a separate equation
    (:func:`top_view_rhs`). Aerodynamics, rolling resistance and the caster's friction are
    left out.
    """
    u, w, r = body_velocity
    F = np.asarray(forces, dtype=float)
    m, d, half = drive.mass, drive.com_offset, 0.5 * drive.track_width
    F_x, F_y = F.sum(axis=0)
    moment_O = half * (F[0, 0] - F[1, 0])            # -sum y_i F_ix, y_r = -L/2, y_l = +L/2
    r_dot = (moment_O - d * F_y) / drive.yaw_inertia
    w_dot = F_y / m - r * u - d * r_dot
    u_dot = F_x / m + r * w + d * r**2
    return np.array([u_dot, w_dot, r_dot])


def top_view_rhs(t, state, model: TopView, phi_dot_ref) -> np.ndarray:
    r"""Right-hand side of the top-view model, state ordered as :data:`STATE`.

    .. math::

        \dot x = u\cos\theta - w\sin\theta, \quad \dot y = u\sin\theta + w\cos\theta, \quad
        \dot\theta = r, \quad (\dot u, \dot w, \dot r) \text{ of } :func:`body_accelerations`,
        \quad I_w\ddot\varphi_i = \tau_i - R F_{i,x}

    with :math:`F_i` of :func:`traction_forces` at the slip of :func:`slip_velocities` and
    :math:`\tau_i` of :func:`robodyn.diffdrive.wheel_torques`.

    Parameters
    ----------
    t : float
        Time, s (unused: the model is autonomous for a held command).
    state : array_like, shape (8,)
        (x, y, theta, u, w, r, phi_dot_r, phi_dot_l).
    model : TopView
        The fixed data.
    phi_dot_ref : array_like, shape (2,)
        Wheel-rate references (right, left), rad/s.

    Returns
    -------
    numpy.ndarray, shape (8,)
    """
    drive = model.drive
    _, _, theta, u, w, r = state[:6]
    rates = state[6:8]
    forces = _forces(state, model)
    tau = wheel_torques(phi_dot_ref, rates, drive)
    phi_ddot = (tau - drive.wheel_radius * forces[:, 0]) / drive.wheel_inertia
    u_dot, w_dot, r_dot = body_accelerations((u, w, r), forces, drive)
    c, s = math.cos(theta), math.sin(theta)
    return np.array([u * c - w * s, u * s + w * c, r, u_dot, w_dot, r_dot, *phi_ddot])


def _forces(state, model: TopView) -> np.ndarray:
    """Traction forces (2, 2) of the wheels at ``state``."""
    drive = model.drive
    slip = _slip(state[3], state[4], state[5], state[6:8], drive.wheel_radius,
                 drive.track_width)
    return traction_forces(slip, model.normal_loads, model.mu_s, model.mu_k, model.v_crit)


def kinetic_energy(state, model: TopView) -> float:
    r"""Kinetic energy of body and wheels, J.

    .. math:: T = \tfrac12 m\,(u^2 + (w + d r)^2) + \tfrac12 I_G r^2
              + \tfrac12 I_w (\dot\varphi_r^2 + \dot\varphi_l^2)
    """
    drive = model.drive
    _, _, _, u, w, r, phi_dot_r, phi_dot_l = state
    body = drive.mass * (u**2 + (w + drive.com_offset * r) ** 2) + drive.yaw_inertia * r**2
    return 0.5 * (body + drive.wheel_inertia * (phi_dot_r**2 + phi_dot_l**2))


def power_balance(state, model: TopView, phi_dot_ref) -> tuple[float, float, float]:
    r"""The three terms of :math:`\dot T = P_{motor} + P_{friction}` at one state, W.

    :math:`\dot T` is the rate of :func:`kinetic_energy` along :func:`top_view_rhs`;
    :math:`P_{motor} = \sum_i \tau_i \dot\varphi_i`; :math:`P_{friction} = \sum_i F_i \cdot s_i
    \le 0` (the floor only dissipates).

    Returns
    -------
    (float, float, float)
        T_dot, P_motor, P_friction, W.
    """
    drive = model.drive
    rate = top_view_rhs(0.0, state, model, phi_dot_ref)
    _, _, _, u, w, r, phi_dot_r, phi_dot_l = state
    d, m = drive.com_offset, drive.mass
    u_dot, w_dot, r_dot, phi_ddot_r, phi_ddot_l = rate[3:]
    T_dot = (m * (u * u_dot + (w + d * r) * (w_dot + d * r_dot)) + drive.yaw_inertia * r * r_dot
             + drive.wheel_inertia * (phi_dot_r * phi_ddot_r + phi_dot_l * phi_ddot_l))
    tau = wheel_torques(phi_dot_ref, state[6:8], drive)
    P_motor = float(tau @ state[6:8])
    slip = _slip(u, w, r, state[6:8], drive.wheel_radius, drive.track_width)
    P_friction = float(np.sum(_forces(state, model) * slip))
    return float(T_dot), P_motor, P_friction


def integrate_held(model: TopView, state, phi_dot_ref, t_span, *, t_eval=None,
                   method: str = "LSODA", rtol: float = 1e-6, atol: float = 1e-8):
    """Integrate :func:`top_view_rhs` with the wheel-rate references held, by
    :func:`robodyn.core.integrate.solve`.

    Parameters
    ----------
    model : TopView
    state : array_like, shape (8,)
        Start state, ordered as :data:`STATE`.
    phi_dot_ref : array_like, shape (2,)
        Wheel-rate references (right, left), rad/s, held over the span.
    t_span : (float, float)
        Start and end time, s.
    t_eval : array_like, optional
        Times at which to store the state (default: the solver's own steps).
    method : {"LSODA", "Radau", "BDF"}
        An implicit (stiff-capable) method: the friction law's slope mu N / v_crit makes the
        wheels' spin stiff (time constant I_w v_crit / (R^2 mu N), microseconds).
    rtol, atol : float
        Tolerances of solve_ivp (> 0); atol in the state's units (m, rad, m/s, rad/s).

    Returns
    -------
    SimulationResult
        The columns :data:`STATE`; the detail ``evaluations``, the right-hand side's calls.

    Raises
    ------
    ParameterError
        For a bad shape, method or tolerance.
    SimulationError
        If the solver fails (its message is passed on, with advice).
    """
    y0 = as_array("state", state, "", (8,), finite=True)
    reference = as_array("phi_dot_ref", phi_dot_ref, "rad/s", (2,), finite=True)
    check_choice("method", method, SOLVERS)
    calls = [0]

    def rhs(t, y, constants, ref_r, ref_l):
        calls[0] += 1
        return _rhs_float(t, y, constants, ref_r, ref_l)

    try:
        run = solve(rhs, t_span, y0, (_constants(model), *reference.tolist()),
                    state_names=STATE, method=method, t_eval=t_eval, rtol=rtol, atol=atol)
    except SimulationError as error:
        raise SimulationError(f"{error} Here a larger v_crit makes the friction law less "
                              "stiff.") from error
    return SimulationResult(t=run.t, columns=run.columns, success=run.success,
                            message=run.message, details={"evaluations": calls[0]})


# ------------------------------------------------------------ fast path of integrate_held()
# A course of 20 s takes some 50 000 evaluations of the right-hand side; top_view_rhs, built
# from the checked, vectorised functions above, costs about 33 us each, NumPy's overhead on
# arrays of two. _rhs_float is the same equations in Python floats, several times faster; a
# test keeps the two equal.


def _constants(model: TopView) -> tuple:
    """The model's numbers in the order :func:`_rhs_float` unpacks them."""
    d = model.drive
    return (d.mass, d.yaw_inertia, d.com_offset, 0.5 * d.track_width, d.wheel_radius,
            d.wheel_inertia, d.speed_gain, d.max_wheel_torque, float(model.normal_loads[0]),
            float(model.normal_loads[1]), model.mu_s, model.mu_k, model.v_crit)


def _per_speed(speed, mu_s, mu_k, v_crit):
    """:func:`robodyn.friction.blended_coefficient` divided by the speed, for one float."""
    if speed <= v_crit:
        return mu_s / v_crit
    fall = min((speed - v_crit) / (0.5 * v_crit), 1.0)
    return (mu_s - (mu_s - mu_k) * fall) / speed


def _rhs_float(t, state, constants, ref_r, ref_l):
    """:func:`top_view_rhs` in Python floats (``constants`` from :func:`_constants`)."""
    m, I_G, d, half, R, I_w, k, tau_max, N_r, N_l, mu_s, mu_k, v_crit = constants
    _, _, theta, u, w, r, phi_dot_r, phi_dot_l = state.tolist()
    s_r, s_l = u + r * half - R * phi_dot_r, u - r * half - R * phi_dot_l
    c_r = -N_r * _per_speed(math.hypot(s_r, w), mu_s, mu_k, v_crit)
    c_l = -N_l * _per_speed(math.hypot(s_l, w), mu_s, mu_k, v_crit)
    F_rx, F_lx, F_ry, F_ly = c_r * s_r, c_l * s_l, c_r * w, c_l * w
    F_x, F_y = F_rx + F_lx, F_ry + F_ly
    r_dot = (half * (F_rx - F_lx) - d * F_y) / I_G
    w_dot = F_y / m - r * u - d * r_dot
    u_dot = F_x / m + r * w + d * r * r
    tau_r = min(max(k * (ref_r - phi_dot_r), -tau_max), tau_max)
    tau_l = min(max(k * (ref_l - phi_dot_l), -tau_max), tau_max)
    c, s = math.cos(theta), math.sin(theta)
    return np.array([u * c - w * s, u * s + w * c, r, u_dot, w_dot, r_dot,
                     (tau_r - R * F_rx) / I_w, (tau_l - R * F_lx) / I_w])


# --------------------------------------------------------------------------- the course


def square_course(side: float = 1.5) -> np.ndarray:
    """Waypoints of a square course from the origin, first along +x, turning left, back home.

    Returns
    -------
    numpy.ndarray, shape (4, 2)
        (side, 0), (side, side), (0, side), (0, 0), m.

    >>> square_course(1.0)
    array([[1., 0.],
           [1., 1.],
           [0., 1.],
           [0., 0.]])
    """
    a = check_positive("side", side, "m")
    return np.array([[a, 0.0], [a, a], [0.0, a], [0.0, 0.0]])


def follow_course(params: VacuumParams, waypoints, *, mu=None, friction_scale: float = 1.0,
                  settings: FollowerSettings | None = None, t_max: float = 60.0,
                  dt: float = 0.02, gain: float | None = None, v_crit: float = V_CRIT,
                  initial_pose=(0.0, 0.0, 0.0), method: str = "LSODA", rtol: float = 1e-6,
                  atol: float = 1e-8) -> SimulationResult:
    r"""Drive the vacuum robot through ``waypoints`` on a floor of friction ``mu``.

    The sampled-data loop of :func:`robodyn.diffdrive.simulate`: every ``dt`` the
    :class:`~robodyn.diffdrive.waypoints.WaypointFollower` turns the pose into a command (v, omega);
    :func:`~robodyn.diffdrive.inverse_kinematics` and
    :func:`~robodyn.diffdrive.saturate_wheel_speeds` turn it into wheel-rate references,
    held until the next sample while :func:`integrate_held` advances the top-view model of
    :func:`top_view` (speed controllers, wheel spin, friction-limited traction). The robot
    starts at rest at ``initial_pose``; the run stops at the sample where the follower enters
    ``ReachedGoal`` (recorded) or after ``t_max``.

    Parameters
    ----------
    params : VacuumParams
        The robot.
    waypoints : array_like, shape (N, 2) or (2,)
        Waypoints (x, y), m, finite.
    mu, friction_scale, gain, v_crit
        The floor and the model, as in :func:`top_view`.
    settings : FollowerSettings, optional
        The follower's controller settings (speed, gain, dead band, omega_max, tolerance,
        v_max); its waypoints are replaced by ``waypoints``. Default: the thesis's follower,
        ``FollowerSettings(waypoints, speed=params.drive_speed)`` (0.3 m/s).
    t_max : float
        Longest simulated time, s (> 0).
    dt : float
        Control period, s (> 0, at most t_max).
    initial_pose : array_like, shape (3,)
        Start pose (x, y, theta): m, m, rad.
    method, rtol, atol
        As in :func:`integrate_held`.

    Returns
    -------
    SimulationResult
        Sampled at the control period: the columns :data:`STATE` (the pose of the axle
        midpoint, theta not wrapped; its body velocity (u, w, r); the wheel rates),
        ``phi_dot_ref_r`` and ``phi_dot_ref_l`` (the references held from each sample to the
        next, after the speed limit, rad/s), ``tau_r`` and ``tau_l`` (motor torques, N m),
        ``slip_r`` and ``slip_l`` (magnitude of each wheel's slip velocity, m/s);
        ``success`` True if the follower reached its last waypoint, the ``message`` as
        chapter 4's course says it; the details ``reached`` (bool), ``waypoint_times`` (s,
        NaN if not reached), ``traction`` (shape (n, 2, 2): the floor's force on each wheel,
        right and left, (forward, lateral) in the body frame, N), ``model`` (the
        :class:`TopView` driven), ``settings`` (the follower's, waypoints included) and
        ``evaluations`` (of the right-hand side).

    Raises
    ------
    ParameterError
        If an input is of the wrong type, shape or range, or an option is unknown (the
        message names it, its value and what is allowed).
    SimulationError
        If the solver fails.

    Notes
    -----
    Sensing is perfect (the pose is measured exactly), so a slipping robot is steered back
    towards its waypoints; only the commands, not the path, reveal the slip to the follower.
    The loads are static (:func:`robodyn.vacuum.static_wheel_loads`).
    """
    p = check_params(params)
    model = top_view(p, mu=mu, friction_scale=friction_scale, gain=gain, v_crit=v_crit)
    if settings is None:
        settings = FollowerSettings(waypoints, speed=p.drive_speed)
    elif isinstance(settings, FollowerSettings):
        settings = dataclasses.replace(settings, waypoints=waypoints)
    else:
        raise ParameterError(f"settings must be a FollowerSettings or None, got {settings!r} "
                             f"of type {type(settings).__name__}")
    t_max = check_positive("t_max", t_max, "s")
    dt = check_positive("dt", dt, "s")
    if dt > t_max:
        raise ParameterError(f"dt must be <= t_max = {t_max:g} s, got {dt:g}")
    pose0 = as_array("initial_pose", initial_pose, "m, m, rad", (3,), finite=True)
    check_choice("method", method, SOLVERS)
    rtol = check_positive("rtol", rtol)
    atol = check_positive("atol", atol)

    drive = model.drive
    follower = WaypointFollower(settings)
    waypoint_times = np.full(settings.waypoints.shape[0], np.nan)
    n_periods = int(math.floor(t_max / dt + 1e-9))
    state = np.concatenate([pose0, np.zeros(5)])
    states, commands, evaluations = [], [], 0
    for k in range(n_periods + 1):
        t_k = k * dt
        index_before = follower.index
        v_cmd, omega_cmd = follower.command_at(*state[:3].tolist())
        waypoint_times[index_before:follower.index] = t_k
        reference = np.array(saturate_wheel_speeds(
            *inverse_kinematics(v_cmd, omega_cmd, drive.wheel_radius, drive.track_width),
            drive.max_wheel_speed), dtype=float)
        states.append(state)
        commands.append(reference)
        if follower.state == REACHED_GOAL or k == n_periods:
            break
        run = integrate_held(model, state, reference, (t_k, t_k + dt), t_eval=[t_k + dt],
                             method=method, rtol=rtol, atol=atol)
        evaluations += run.evaluations
        state = run.stack()[:, -1]
    states, commands = np.array(states), np.array(commands)
    t = dt * np.arange(len(states))
    reached = follower.state == REACHED_GOAL
    return _course_run(model, settings, t, states, commands, waypoint_times, reached,
                       course_message(reached, follower, waypoint_times, t[-1], t_max),
                       evaluations)


def _course_run(model, settings, t, states, commands, waypoint_times, reached, message,
                evaluations) -> SimulationResult:
    """Collect the samples into a SimulationResult, with the forces, torques and slip."""
    forces = np.array([_forces(state, model) for state in states])
    drive = model.drive
    slips = np.array([_slip(*state[3:6], state[6:8], drive.wheel_radius, drive.track_width)
                      for state in states])
    torques = np.array([wheel_torques(c, s[6:8], drive) for c, s in zip(commands, states,
                                                                        strict=True)])
    slip_speed = np.hypot(slips[..., 0], slips[..., 1])
    columns = dict(zip(STATE, states.T, strict=True))
    columns.update(phi_dot_ref_r=commands[:, 0], phi_dot_ref_l=commands[:, 1],
                   tau_r=torques[:, 0], tau_l=torques[:, 1], slip_r=slip_speed[:, 0],
                   slip_l=slip_speed[:, 1])
    return SimulationResult(t=t, columns=columns, success=bool(reached), message=message,
                            details={"reached": bool(reached), "waypoint_times": waypoint_times,
                                     "traction": forces, "model": model, "settings": settings,
                                     "evaluations": int(evaluations)})


def distance_to_path(points, path) -> np.ndarray:
    r"""Distance of each point to a polyline, m: the smallest distance to any of its segments.

    For the segment from a to b, :math:`\lambda = \mathrm{clip}((p - a)\cdot(b - a) /
    |b - a|^2, 0, 1)` and the distance is :math:`|p - a - \lambda (b - a)|`.

    Parameters
    ----------
    points : array_like, shape (n, 2)
        Points (x, y), m.
    path : array_like, shape (m, 2)
        Vertices of the polyline, m (m >= 2; repeated vertices allowed).

    Returns
    -------
    numpy.ndarray, shape (n,)

    >>> print(distance_to_path([[0.5, 0.2], [2.0, 0.0]], [[0.0, 0.0], [1.0, 0.0]]))
    [0.2 1. ]
    """
    q = as_array("points", points, "m", (None, 2), finite=True)
    vertices = as_array("path", path, "m", (None, 2), finite=True)
    if vertices.shape[0] < 2:
        raise ParameterError(f"path must have at least 2 vertices, got {vertices.shape[0]}")
    a, b = vertices[:-1], vertices[1:]
    ab = b - a
    length_sq = np.einsum("ij,ij->i", ab, ab)
    ap = q[:, None, :] - a[None, :, :]
    lam = np.divide(np.einsum("nij,ij->ni", ap, ab), length_sq, out=np.zeros(ap.shape[:2]),
                    where=length_sq > 0)
    gap = ap - np.clip(lam, 0.0, 1.0)[..., None] * ab
    return np.sqrt(np.einsum("nij,nij->ni", gap, gap).min(axis=1))
