r"""Why the Droplet pivots about the leg opposite its running motor: friction at three legs.

The Droplet (:mod:`robodyn.stickslip`) stands on three legs at :math:`L_j`, 120 degrees apart
at the distance :math:`\ell` from its centre; motor i sits at :math:`M_i = -L_i`, opposite
leg i, and pushes along its thrust :math:`t_i`, perpendicular to the radius. Three results:

- *Loads* (:func:`leg_loads`). A vertical pull :math:`F_z` of the motor's weight at
  :math:`M_i` shares out over the legs by the lever rule (barycentric coordinates of
  :math:`M_i` in the legs' triangle, :math:`(-1/3, 2/3, 2/3)`): the two legs near the motor
  carry :math:`W/3 - 2F_z/3` each, the far leg :math:`W/3 + F_z/3`.
- *Balance* (:func:`pivot_balance`). Turning about leg i, the other two legs slide
  perpendicular to their sides of the triangle; with equal loads N their friction sums to
  :math:`\sqrt3\,\mu N` along :math:`-t_i`, acting through :math:`M_i`. A push
  :math:`F = \sqrt3\,\mu N` at the motor balances it in force *and* moment: leg i needs no
  friction at all.
- *Least dissipation* (:func:`friction_power`). Of all centres of rotation (and translation),
  turning about leg i dissipates the least friction power per unit speed of the motor along
  its thrust, :math:`\sqrt3\,\mu N` against :math:`3\mu N` for a slide or a turn about the
  centre: the quasi-static motion a slow push produces (the principle of least dissipation of
  quasi-static manipulation, Peshkin and Sanderson 1989).

:func:`simulate_pivot` turns the pivot into the 1-DoF stick-slip model of
:func:`robodyn.stickslip.simulate_vibration_motor` (a rotation about leg i, pushed at
:math:`2\ell`, held by the two near legs at :math:`\sqrt3\,\ell`); :func:`simulate_planar`
checks it with all three legs sliding freely in the plane.
"""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.core.params import as_array, check_integer, check_non_negative, check_positive
from robodyn.laws.friction import karnopp_float
from robodyn.stickslip.kinematics import DropletGeometry
from robodyn.stickslip.motor import VibrationMotor

__all__ = ["friction_power", "leg_loads", "pivot_balance", "simulate_pivot",
           "simulate_planar"]

#: The source's geometry and this book's vibration motor (robodyn.stickslip's defaults).
GEOMETRY, MOTOR = DropletGeometry(), VibrationMotor()
#: Moment of inertia of the robot about its centre, kg m^2: a disc of the robot's mass
#: (0.025 kg, assumed in VibrationMotor) and body radius (2.2 cm), M R^2 / 2. An assumption.
INERTIA = 0.5 * MOTOR.platform_mass * GEOMETRY.body_radius**2


def _check_motor(motor) -> int:
    if motor not in (0, 1, 2):
        raise ParameterError(f"motor must be 0, 1 or 2 (motors 1, 2, 3), got {motor!r}")
    return int(motor)


def _motor_point(geometry: DropletGeometry, motor: int) -> np.ndarray:
    angle = geometry.motor_angles[motor]
    return geometry.leg_radius * np.array([np.cos(angle), np.sin(angle)])


def leg_loads(weight, lift, motor: int = 0, geometry: DropletGeometry = GEOMETRY):
    r"""Normal loads of the three legs, N: the weight at the centre, a vertical pull at a motor.

    .. math:: N_j = W/3 - F_z\,\lambda_j, \qquad
              \lambda_j = \tfrac13 + \tfrac23\,\frac{M_i \cdot L_j}{\ell^2}

    (:math:`\lambda_j` the barycentric coordinates of the motor's place :math:`M_i` in the
    legs' triangle, which make the loads balance the forces and the moments about both
    horizontal axes). A load below zero means the leg would lift off; it is returned as it is.

    Parameters
    ----------
    weight : float
        Weight W of the robot, N (>= 0).
    lift : float or array_like, shape (n,)
        Upward pull :math:`F_z` at motor ``motor``, N (negative: pressing down).
    motor : {0, 1, 2}
    geometry : DropletGeometry

    Returns
    -------
    numpy.ndarray, shape (3,) or (3, n)
        :math:`N_1, N_2, N_3`, N.
    """
    weight = check_non_negative("weight", weight, "N")
    lift = as_array("lift", lift, "N", finite=True)
    motor = _check_motor(motor)
    lam = 1.0 / 3.0 + 2.0 / 3.0 * (geometry.legs @ _motor_point(geometry, motor)) \
        / geometry.leg_radius**2
    return weight / 3.0 - np.multiply.outer(lam, lift)


def friction_power(centres, loads, mu: float, motor: int = 0,
                   geometry: DropletGeometry = GEOMETRY):
    r"""Friction power of a rotation about ``centres``, per unit speed of the motor along its
    thrust, W per (m/s).

    A rotation :math:`\omega` about c moves leg j at :math:`|\omega|\,|L_j - c|` and the motor
    along its thrust at :math:`\omega\,(\hat z \times (M_i - c)) \cdot t_i`; with Coulomb
    friction :math:`\mu N_j` at each sliding leg

    .. math:: P(c) = \mu \sum_j N_j\,|L_j - c| \,/\, |(\hat z \times (M_i - c)) \cdot t_i| .

    A centre on the line through :math:`M_i` along :math:`t_i` cannot move the motor along
    its thrust: its power is ``inf``.

    Parameters
    ----------
    centres : array_like, shape (..., 2)
        Centres of rotation in the robot frame, m.
    loads : array_like, shape (3,)
        Normal loads of legs 1, 2, 3, N (>= 0).
    mu : float
        Friction coefficient (>= 0).

    Returns
    -------
    numpy.ndarray, shape (...)
    """
    centres = as_array("centres", centres, "m", finite=True)
    if centres.shape[-1:] != (2,):
        raise ParameterError(f"centres must have shape (..., 2), got {centres.shape}")
    loads = as_array("loads", loads, "N", (3,), finite=True)
    if np.any(loads < 0):
        raise ParameterError(f"loads must be >= 0 N (a leg off the floor carries 0), got "
                             f"{loads.tolist()}")
    mu = check_non_negative("mu", mu)
    motor = _check_motor(motor)
    thrust = geometry.thrust_directions[motor]
    arm = _motor_point(geometry, motor) - centres
    along = -arm[..., 1] * thrust[0] + arm[..., 0] * thrust[1]
    distances = np.linalg.norm(geometry.legs - centres[..., None, :], axis=-1)
    with np.errstate(divide="ignore"):
        return mu * (distances @ loads) / np.abs(along)


def pivot_balance(loads, mu: float, motor: int = 0,
                  geometry: DropletGeometry = GEOMETRY):
    r"""The push that turns the robot about leg ``motor`` against the other legs' friction,
    and the friction leg ``motor`` must then supply.

    Turning about leg i, leg j slides perpendicular to :math:`L_j - L_i`, its friction
    :math:`\mu N_j` against that motion. The push F along :math:`t_i` at :math:`M_i` balances
    their moment about leg i,

    .. math:: 2\ell F = \mu \sqrt3\,\ell\,(N_j + N_k),

    and the pivot leg supplies what remains of the force balance,
    :math:`f_i = -F t_i - \sum_{j \ne i} f_j`; the pivot holds while
    :math:`|f_i| \le \mu N_i`.

    Returns
    -------
    (float, numpy.ndarray, float)
        The push F (N), the pivot leg's friction :math:`f_i` (N, shape (2,)) and its limit
        :math:`\mu N_i` (N).
    """
    loads = as_array("loads", loads, "N", (3,), finite=True)
    mu = check_non_negative("mu", mu)
    motor = _check_motor(motor)
    legs = geometry.legs
    pivot_leg = legs[motor]
    thrust = geometry.thrust_directions[motor]
    moment, force = 0.0, np.zeros(2)
    for j in range(3):
        if j == motor:
            continue
        side = legs[j] - pivot_leg
        motion = np.array([-side[1], side[0]]) / np.hypot(*side)   # turning with +omega
        force += -mu * loads[j] * motion
        moment += mu * loads[j] * np.hypot(*side)
    arm = _motor_point(geometry, motor) - pivot_leg
    lever = arm[0] * thrust[1] - arm[1] * thrust[0]              # 2 l
    push = moment / lever
    return float(push), -(push * thrust + force), float(mu * loads[motor])


def _inertia_check(inertia):
    return check_positive("inertia", inertia, "kg m^2")


def simulate_pivot(params: VibrationMotor = MOTOR, inertia: float = INERTIA,
                   geometry: DropletGeometry = GEOMETRY, direction: int = 1,
                   revolutions: int = 10, steps_per_revolution: int = 2000,
                   d_omega: float = 1e-4) -> SimulationResult:
    r"""The robot turning about the leg opposite its running motor, sticking and slipping.

    The motor's weight pushes at :math:`2\ell` from the pivot leg with
    :math:`m r\omega^2\cos\varphi` along the thrust and pulls it up with
    :math:`F_z = m r\omega^2\sin\varphi`, which unloads the two near legs to
    :math:`N = W/3 - 2F_z/3` each (:func:`leg_loads`, at least 0). They hold the robot up to
    the moment :math:`\sqrt3\,\ell\,\mu\,2N` about the pivot leg (:func:`pivot_balance`). With
    Karnopp's friction (stick while the push's moment is within that, slide against it
    otherwise),

    .. math:: I_p\,\dot\Omega = 2\ell\,m r\omega^2\cos\varphi + T_f(\Omega), \qquad
              I_p = I + (M + m)\,\ell^2 ,

    the 1-DoF model of :func:`robodyn.stickslip.simulate_vibration_motor` turned into a
    rotation. Semi-implicit Euler steps, as there.

    Parameters
    ----------
    params : VibrationMotor
        Masses, eccentric, frequency and friction (``platform_mass`` is the robot's mass).
    inertia : float
        Moment of inertia I of the robot about its centre, kg m^2 (> 0). Default: a disc of
        the robot's mass, 0.025 kg, and its body radius, 2.2 cm (:math:`MR^2/2`), an
        assumption.
    direction : {1, -1}
        Spin direction of the weight.
    revolutions, steps_per_revolution : int
        Turns simulated (>= 2) and fixed steps per turn (>= 100).
    d_omega : float
        Half width of Karnopp's sticking band, rad/s (> 0).

    Returns
    -------
    SimulationResult
        Columns ``psi`` (rad, the turn about the pivot leg), ``omega`` (rad/s) and ``moment``
        (N m, the near legs' friction moment); details ``turn_per_revolution`` (rad, mean
        after the first turn) and ``rate`` (rad/s, the mean turning rate).
    """
    if not isinstance(params, VibrationMotor):
        raise ParameterError(f"params must be a VibrationMotor, got {params!r}")
    if direction not in (1, -1):
        raise ParameterError(f"direction must be 1 or -1, got {direction!r}")
    inertia = _inertia_check(inertia)
    revolutions = check_integer("revolutions", revolutions, at_least=2)
    steps = check_integer("steps_per_revolution", steps_per_revolution, at_least=100)
    d_omega = check_positive("d_omega", d_omega, "rad/s")
    ell = geometry.leg_radius
    inertia_pivot = inertia + (params.platform_mass + params.eccentric_mass) * ell**2
    omega_spin = 2 * np.pi * params.frequency
    dt = 2 * np.pi / omega_spin / steps
    push, weight, mu = params.spin_force, params.weight, params.mu
    n = revolutions * steps
    rows = np.empty((n + 1, 3))
    psi = rate = 0.0
    for k in range(n + 1):
        phase = direction * omega_spin * k * dt
        drive = 2 * ell * push * np.cos(phase)
        near = max(weight / 3 - 2 * push * np.sin(phase) / 3, 0.0)
        level = mu * np.sqrt(3.0) * ell * 2 * near
        moment = karnopp_float(rate, drive, level, level, 0.0, d_omega)
        rows[k] = psi, rate, moment
        rate += dt * (drive + moment) / inertia_pivot
        psi += dt * rate
    per_turn = (rows[-1, 0] - rows[steps, 0]) / (revolutions - 1)
    return SimulationResult(
        t=np.arange(n + 1) * dt, columns={"psi": rows[:, 0], "omega": rows[:, 1],
                                          "moment": rows[:, 2]},
        message=f"{n} fixed steps of {dt:.3g} s",
        details={"turn_per_revolution": float(per_turn),
                 "rate": float(per_turn * params.frequency)})


def simulate_planar(params: VibrationMotor = MOTOR, inertia: float = INERTIA,
                    geometry: DropletGeometry = GEOMETRY, motor: int = 0,
                    direction: int = 1, revolutions: int = 10,
                    steps_per_revolution: int = 4000, v_smooth: float = 1e-5
                    ) -> SimulationResult:
    r"""The robot free in the plane on three legs with Coulomb friction, one motor running.

    No leg is told to stick. The body (centre x, y, heading :math:`\theta`) is pushed at the
    motor's place :math:`M_i` along its thrust by :math:`m r\omega^2\cos\varphi`; the legs
    carry the loads of :func:`leg_loads` (at least 0) and each resists its own sliding
    velocity :math:`v_j` with :math:`-\mu N_j\,v_j / \sqrt{|v_j|^2 + v_s^2}` (Coulomb's law
    smoothed below ``v_smooth``: a sticking leg creeps at a small fraction of it).

    .. math:: (M + m)\,\dot v = F_{push} + \sum_j f_j, \qquad
              I\,\dot\Omega = (R M_i) \times F_{push} + \sum_j (R L_j) \times f_j

    Semi-implicit Euler steps. The centre of the net rotation over the run (the point that
    ends where it began) is in ``details``: :func:`simulate_pivot` assumes it is leg i.

    Returns
    -------
    SimulationResult
        Columns ``x``, ``y`` (m), ``theta`` (rad); details ``turn_per_revolution`` (rad, mean
        after the first turn), ``rate`` (rad/s) and ``centre`` (m, shape (2,), in the starting
        robot frame).
    """
    if not isinstance(params, VibrationMotor):
        raise ParameterError(f"params must be a VibrationMotor, got {params!r}")
    if direction not in (1, -1):
        raise ParameterError(f"direction must be 1 or -1, got {direction!r}")
    motor = _check_motor(motor)
    inertia = _inertia_check(inertia)
    revolutions = check_integer("revolutions", revolutions, at_least=2)
    steps = check_integer("steps_per_revolution", steps_per_revolution, at_least=100)
    v_smooth = check_positive("v_smooth", v_smooth, "m/s")
    mass = params.platform_mass + params.eccentric_mass
    omega_spin = 2 * np.pi * params.frequency
    dt = 2 * np.pi / omega_spin / steps
    push, weight, mu = params.spin_force, params.weight, params.mu
    legs, thrust = geometry.legs, geometry.thrust_directions[motor]
    place = _motor_point(geometry, motor)
    lam = 1.0 / 3.0 + 2.0 / 3.0 * (legs @ place) / geometry.leg_radius**2
    n = revolutions * steps
    poses = np.empty((n + 1, 3))
    pose, velocity, rate = np.zeros(3), np.zeros(2), 0.0
    for k in range(n + 1):
        poses[k] = pose
        phase = direction * omega_spin * k * dt
        c, s = np.cos(pose[2]), np.sin(pose[2])
        rot = np.array([[c, -s], [s, c]])
        loads = np.maximum(weight / 3 - lam * push * np.sin(phase), 0.0)
        arms = legs @ rot.T                                     # legs in the floor frame
        leg_velocity = velocity + rate * np.column_stack([-arms[:, 1], arms[:, 0]])
        speed = np.sqrt(np.sum(leg_velocity**2, axis=1) + v_smooth**2)
        forces = -(mu * loads / speed)[:, None] * leg_velocity
        drive = push * np.cos(phase) * (rot @ thrust)
        at = rot @ place
        torque = at[0] * drive[1] - at[1] * drive[0] + np.sum(
            arms[:, 0] * forces[:, 1] - arms[:, 1] * forces[:, 0])
        velocity = velocity + dt * (drive + forces.sum(axis=0)) / mass
        rate += dt * torque / inertia
        pose = pose + dt * np.array([velocity[0], velocity[1], rate])
    per_turn = (poses[-1, 2] - poses[steps, 2]) / (revolutions - 1)
    turned = poses[-1, 2] - poses[0, 2]
    shift = poses[-1, :2] - poses[0, :2]
    if abs(turned) > 0:
        # the fixed point of the rigid motion: p + R(turned) (c - p) + shift = c
        c, s = np.cos(turned), np.sin(turned)
        centre = np.linalg.solve(np.eye(2) - np.array([[c, -s], [s, c]]), shift)
    else:
        centre = np.full(2, np.inf)
    return SimulationResult(
        t=np.arange(n + 1) * dt, columns={"x": poses[:, 0], "y": poses[:, 1],
                                          "theta": poses[:, 2]},
        message=f"{n} fixed steps of {dt:.3g} s",
        details={"turn_per_revolution": float(per_turn),
                 "rate": float(per_turn * params.frequency), "centre": centre})
