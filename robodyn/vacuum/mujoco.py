r"""The vacuum robot at a step in MuJoCo: chapter 7's second engine, to cross-check
:func:`robodyn.vacuum.climb`.

(:mod:`robodyn.vacuum` holds the parameters, the planar model and its climb; this module
builds the same robot, with the geometry of a :class:`robodyn.vacuum.PlanarRobot`, as a
MuJoCo model and drives it against the same filleted step.)

**Bodies and joints.** All motion is in the x-z plane (x forward, z up; MuJoCo's y points
into the page, away from a reader looking with x right and z up):

- ``chassis``: body frame at the centre of gravity, joints ``x`` (slide along x), ``z``
  (slide along z) and ``pitch`` (hinge about **-y**). A turn about +y takes x into -z (nose
  down), so the axis -y makes the joint's angle the book's pitch, counter-clockwise and
  nose-up positive. Mass :math:`m_c`, pitch inertia :math:`I_c`; the caster, the mouth and
  the body's edges are spheres at the centres of ``PlanarRobot.circles``.
- ``drive unit``: the arm, massless in the book (here a token :data:`TOKEN_MASS`), on the
  joint ``suspension`` at ``PlanarRobot.pivot``. For the arms a hinge about
  :math:`(0, \sigma, 0)` with :math:`\sigma` = +1 (leading) or -1 (trailing),
  ``PlanarRobot.side``; its child, the wheel, sits at :math:`(\sigma a, 0, 0)`
  from the pivot, so that at the joint angle s the wheel is at
  :math:`a(\sigma\cos s, -\sin s)`: exactly ``PlanarRobot.wheel_in_chassis(s)``, with the
  joint's angle equal to the book's s (the arm's angle below the horizontal). The
  telescopic unit slides along -z, so that its joint's value is the downward travel s.
- ``wheel``: a hinge about +y (clockwise seen from the reader, the forward roll), mass
  :math:`m_w` (the lumped drive units) and spin inertia :math:`I_w` at its centre, and a
  sphere of radius R. A sphere centred in the plane y = 0 meets the floor, the boxes and the
  fillet's cylinder (all extruded along y) exactly as the book's circle meets the profile.

**Spring.** The book's generalised spring force is
:math:`Q_s = P - k(s - s_0) - c\,\dot s` (preload P at the rest s_0, ``spring_stiffness``
k, ``spring_damping`` c). MuJoCo's joint spring is :math:`-k(q - q_{ref}) - c\dot q`; with
q = s this is the book's force for :math:`q_{ref} = s_0 + P/k`. The book's stiff stops,
``bump`` above and ``droop`` below the rest, are the joint's range
:math:`[s_0 - \text{bump}, s_0 + \text{droop}]` (s grows as the wheel drops), a MuJoCo limit
constraint with solref ``limit_solref`` instead of the book's stiff spring.

**Wheel angle and motor.** The book's wheel coordinate :math:`\varphi` is the wheel's
*absolute* clockwise turn; MuJoCo's ``wheel`` joint measures the turn :math:`\psi` relative
to the drive unit, which itself has turned clockwise by :math:`\sigma s - \theta`. So

.. math:: \varphi = \psi + \sigma s - \theta \quad(+\text{const}), \qquad
          \dot\psi = \dot\varphi + \dot\theta - \sigma\dot s

(:math:`\sigma` = 0 for the telescopic unit): :math:`\dot\psi` is the book's
``PlanarRobot.motor_rate``, what the motors' encoders measure. A torque :math:`\tau` on the
joint ``wheel`` acts between the drive unit and the wheel; in the book's coordinates its
generalised force is :math:`(Q_\theta, Q_s, Q_\varphi) = (\tau, -\sigma\tau, \tau)`, the
book's ``Q[2] += torque, Q[3] -= side * torque, Q[4] += torque``. The motor is a
``velocity`` actuator on that joint, :math:`\tau = K(\omega^* - \dot\psi)` with ``kv`` =
the gain K and ``forcerange`` :math:`\pm 2\tau_{max}`, its control the target
:math:`\omega^* = v/R`: the book's :func:`robodyn.vacuum.speed_controller`. (With the
implicit integrators MuJoCo takes the actuator's damping implicitly, so the torque it applies
over a step is that of the step's end rate, not its start's.)

**The step** (as :func:`robodyn.vacuum.step_distance`): the floor plane z = 0; a box from
the face at ``step_x`` up to ``height - fillet``; a box from ``step_x + fillet`` up to
``height``; and a cylinder along y of radius ``fillet`` about
:math:`(x_s + f, h - f)`. Their union is the filleted step.

>>> from robodyn.vacuum import VacuumParams
>>> xml = model_xml(VacuumParams(), "trailing", height=0.015, step_x=0.2)
>>> print('name="pitch" type="hinge" axis="0 -1 0"' in xml, 'axis="0 -1 0" stiffness' in xml)
True True
"""

from __future__ import annotations

import math
import time

import numpy as np

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import SimulationResult
from robodyn.core.mjcf import INTEGRATORS, check_solref, load_mujoco, mjcf_number
from robodyn.core.params import Range, check_choice, check_positive, check_real
from robodyn.vacuum.climbing import attempt_outcome, attempt_result, highest_climb, step_face_x
from robodyn.vacuum.params import SUSPENSIONS, VacuumParams
from robodyn.vacuum.planar import COORDINATES, PENETRATION, STATE, PlanarRobot

__all__ = [
    "FRICTIONS",
    "TOKEN_MASS",
    "RobotSim",
    "book_state",
    "climb",
    "contact_time_constants",
    "drive",
    "max_climb_height",
    "model_xml",
    "settle",
]

#: Which of the book's coefficients MuJoCo's single friction coefficient of the wheel takes.
FRICTIONS = ("static", "kinetic")


#: Mass of the drive unit's arm, kg: the book's arm is massless, but MuJoCo refuses a moving
#: body without mass; this token (a milligram, its inertia that of a milligram at the arm's
#: length) changes the arm's inertia, m_w a^2, by a few parts in a million.
TOKEN_MASS = 1e-6

#: Length of the step's boxes beyond the face, and their half-width along y, m.
STEP_LENGTH = 1.0
HALF_WIDTH = 0.5


# --------------------------------------------------------------------------- input checks


def _params(params) -> VacuumParams:
    if not isinstance(params, VacuumParams):
        raise ParameterError(f"params must be a robodyn.vacuum.VacuumParams, got "
                             f"{type(params).__name__}")
    return params


# --------------------------------------------------------------------------- the model


def contact_time_constants(params: VacuumParams, variant: str = "leading", *,
                           penetration: float = PENETRATION, impedance: float = 0.9,
                           damping_ratio: float = 1.0) -> dict:
    r"""solref's time constants, s, that give the robot's contacts the book's stiffness.

    MuJoCo's contact at rest sinks by :math:`\delta = (1 - d)\,t_c^2\zeta^2\,w\,f` under the
    normal force f (impedance d constant, time constant :math:`t_c`, damping ratio
    :math:`\zeta`; w is MuJoCo's estimate of the contact's inverse mass, the body's
    translational ``body_invweight0``, which it computes once at qpos0): a spring of
    :math:`k = 1/((1 - d)\,t_c^2\zeta^2 w)` (measured with mujoco 4.0.0 to 0.1 %). Set to
    the book's penalty :math:`k = m g / \text{penetration}` this gives

    .. math:: t_c = \frac{1}{\zeta\sqrt{(1 - d)\,w\,k}} ,

    one for the contacts of the wheel and one for those of the chassis (the caster, mouth
    and edges), since w differs between the two bodies.

    Parameters
    ----------
    params, variant
        As for :func:`model_xml`.
    penetration : float, optional
        The book's penalty's sinking under the robot's whole weight, m (> 0):
        ``PlanarRobot``'s ``penetration``.
    impedance : float, optional
        MuJoCo's impedance d, the same at every depth (0 < d < 1).
    damping_ratio : float, optional
        solref's damping ratio (> 0).

    Returns
    -------
    dict
        {"wheel": t_c, "chassis": t_c}, s.

    >>> tc = contact_time_constants(VacuumParams(), "leading")
    >>> print(f"wheel {tc['wheel'] * 1e3:.1f} ms, chassis {tc['chassis'] * 1e3:.1f} ms")
    wheel 12.8 ms, chassis 26.7 ms
    """
    params = _params(params)
    check_choice("variant", variant, SUSPENSIONS)
    impedance = check_real("impedance", impedance, "", Range(above=0.0, below=1.0))
    damping_ratio = check_positive("damping_ratio", damping_ratio)
    k = PlanarRobot(params, variant, penetration=penetration).k
    probe = load_mujoco(__name__).MjModel.from_xml_string(
        _xml(params, variant, None, None, timestep=1e-3, mu_wheel=params.mu_s,
             contact={"wheel": "", "chassis": ""}, limit_solref=(2e-3, 1.0), gain=1.0,
             integrator="Euler"))
    constants = {}
    for body in ("wheel", "chassis"):
        w = float(probe.body_invweight0[probe.body(body).id, 0])
        constants[body] = 1.0 / (damping_ratio * math.sqrt((1.0 - impedance) * w * k))
    return constants


def model_xml(params: VacuumParams, variant: str = "leading", height: float | None = None,
              step_x: float | None = None, *, timestep: float = 2e-4,
              friction: str = "static", penetration: float = PENETRATION, impedance: float = 0.9,
              damping_ratio: float = 1.0, limit_solref=(2e-3, 1.0), gain: float | None = None,
              integrator: str = "implicitfast") -> str:
    r"""MJCF text of the robot of ``PlanarRobot(params, variant)`` and, if ``height`` is
    given, the filleted step.

    Parameters
    ----------
    params : VacuumParams
        The robot.
    variant : str, optional
        One of :data:`robodyn.vacuum.SUSPENSIONS`.
    height : float or None, optional
        The step's height, m (> 0, at least ``params.fillet``); None for the bare floor.
    step_x : float, optional
        x of the step's face in the world, m; needed with ``height``.
    timestep : float, optional
        MuJoCo's fixed time step, s (> 0, at most half of every contact's time constant).
    friction : str, optional
        One of :data:`FRICTIONS`: the wheel's coefficient against floor and step is
        ``params.mu_s`` ("static") or ``params.mu_k`` ("kinetic"). The caster, mouth and
        edges keep their ``ContactCircle.mu``.
    penetration, impedance, damping_ratio : float, optional
        The contacts' stiffness, as the book's penalty (its sinking under the whole weight,
        m), and MuJoCo's constant impedance d and damping ratio: see
        :func:`contact_time_constants`, which turns them into solref's time constants.
    limit_solref : (float, float), optional
        (time constant s, damping ratio) of the suspension's end stops.
    gain : float, optional
        The speed controller's gain K, N m s/rad (> 0; None: the parameters' ``drive_gain``):
        the velocity actuator's ``kv``.
    integrator : str, optional
        One of :data:`robodyn.core.mjcf.INTEGRATORS`.

    Returns
    -------
    str
        The MJCF. Bodies "chassis", "drive unit", "wheel"; joints "x", "z", "pitch",
        "suspension", "wheel"; actuator "motor"; world geoms "floor" and, with a step,
        "step face", "step top" and (fillet > 0) "fillet".

    Notes
    -----
    **Contact.** The robot's geoms have priority 1, so their friction, solref and solimp
    are the contact's. solimp is (d, d, 1 mm): the impedance is the same at every depth, and
    the contact at rest is a linear spring with the book's stiffness
    (:func:`contact_time_constants`). It is not the book's penalty in motion: its sinking
    settles with MuJoCo's reference dynamics, at about :math:`1/(\zeta t_c)` rad/s, which is
    :math:`\sqrt{1 - d}` times the book's spring-on-mass frequency, and it is damped by the
    reference damping :math:`2/(d\,t_c)`, not the book's :math:`\zeta` = 0.3. The book's
    ramp-in of the force over the first 0.05 mm has no counterpart.

    **Friction.** MuJoCo's Coulomb cone (condim 3, elliptic) with one coefficient; the book
    blends from :math:`\mu_s` to :math:`\mu_k` over a slip of ``v_crit``. Below the cone's
    limit MuJoCo's soft contact creeps, at a slip of the order of
    :math:`(1 - d)\,w\,t_c F_t / 2` under the tangential force :math:`F_t` (an estimate from
    the soft-constraint equations, not measured here). The wheel rolls on the contact point
    half its sinking deep, at the radius :math:`R - \delta/2` (0.4 % less than the book's R
    with the default VacuumParams: :math:`\delta` = 0.34 mm, R = 44 mm).

    **Fillet.** Where the face's box meets the cylinder, and the cylinder the top's box, a
    sphere can touch both pieces at once; the two contacts' normals then nearly agree and
    the contact is briefly up to twice as stiff as the book's single nearest point.

    **Masses.** The book has the drive unit as a point mass at the wheel's centre and the
    arm massless: the same here (the "drive unit" body has only the token
    :data:`TOKEN_MASS`, its child "wheel" carries :math:`m_w` and :math:`I_w`).
    """
    params = _params(params)
    check_choice("variant", variant, SUSPENSIONS)
    timestep = check_positive("timestep", timestep, "s")
    check_choice("friction", friction, FRICTIONS)
    limit_solref = check_solref("limit_solref", limit_solref)
    gain = params.drive_gain if gain is None else check_positive("gain", gain, "N m s/rad")
    check_choice("integrator", integrator, INTEGRATORS)
    if height is not None:
        height = check_positive("height", height, "m")
        if params.fillet > height:
            raise ParameterError(f"height = {height:g} m must be at least the fillet's radius "
                                 f"= {params.fillet:g} m")
        if step_x is None:
            raise ParameterError("step_x must be given (the step face's x, m) with a height")
        step_x = check_real("step_x", step_x, "m")
    constants = contact_time_constants(params, variant, penetration=penetration,
                                       impedance=impedance, damping_ratio=damping_ratio)
    n = mjcf_number
    contact = {}
    for body, tc in constants.items():
        if tc < 2 * timestep * (1 - 1e-12):
            raise ParameterError(
                f"timestep = {timestep:g} s must be at most half the {body}'s contact time "
                f"constant {tc:g} s (MuJoCo would raise that silently): use a smaller "
                "timestep, or a softer contact (larger penetration)")
        contact[body] = (f'solref="{n(tc)} {n(damping_ratio)}" '
                         f'solimp="{n(impedance)} {n(impedance)} 0.001"')
    mu_wheel = params.mu_s if friction == "static" else params.mu_k
    return _xml(params, variant, height, step_x, timestep=timestep, mu_wheel=mu_wheel,
                contact=contact, limit_solref=limit_solref, gain=gain, integrator=integrator)


def _xml(params, variant, height, step_x, *, timestep, mu_wheel, contact, limit_solref, gain,
         integrator) -> str:
    """The MJCF of :func:`model_xml` from checked input; ``contact`` holds the solref and
    solimp attributes of the wheel's and the chassis's geoms."""
    robot = PlanarRobot(params, variant)
    p, n = params, mjcf_number
    robot_geom = 'condim="3" priority="1" contype="2" conaffinity="1"'
    world = f'contype="1" conaffinity="2" friction="{n(mu_wheel)} 0 0"'

    step = ""
    if height is not None:
        f = p.fillet
        lower = height - f
        if lower > 0:
            step += (f'    <geom name="step face" type="box" {world}\n'
                     f'          pos="{n(step_x + STEP_LENGTH / 2)} 0 {n(lower / 2)}"\n'
                     f'          size="{n(STEP_LENGTH / 2)} {n(HALF_WIDTH)} {n(lower / 2)}"/>\n')
        if f > 0:
            top = STEP_LENGTH - f
            step += (f'    <geom name="step top" type="box" {world}\n'
                     f'          pos="{n(step_x + f + top / 2)} 0 {n(height - f / 2)}"\n'
                     f'          size="{n(top / 2)} {n(HALF_WIDTH)} {n(f / 2)}"/>\n'
                     f'    <geom name="fillet" type="cylinder" {world} zaxis="0 1 0"\n'
                     f'          pos="{n(step_x + f)} 0 {n(lower)}" size="{n(f)} '
                     f'{n(HALF_WIDTH)}"/>\n')

    circles = ""
    for circle in robot.circles:
        bx, bz = circle.centre
        circles += (f'      <geom name="{circle.name}" type="sphere" size="{n(circle.radius)}" '
                    f'pos="{n(bx)} 0 {n(bz)}"\n'
                    f'            friction="{n(circle.mu)} 0 0" {robot_geom} '
                    f'{contact["chassis"]}/>\n')

    side = robot.side
    spring = (f'stiffness="{n(robot.spring_stiffness)}" '
              f'springref="{n(robot.rest + robot.preload / robot.spring_stiffness)}" '
              f'damping="{n(robot.spring_damping)}" limited="true" '
              f'range="{n(robot.rest - robot.bump)} {n(robot.rest + robot.droop)}" '
              f'solreflimit="{n(limit_solref[0])} {n(limit_solref[1])}"')
    if side:
        px, pz = robot.pivot
        suspension = f'type="hinge" axis="0 {n(side)} 0" {spring}'
        wheel_pos = f"{n(side * p.arm_length)} 0 0"
    else:
        px, pz = robot.axle_rest
        suspension = f'type="slide" axis="0 0 -1" {spring}'
        wheel_pos = "0 0 0"
    limit = 2 * p.torque_limit
    I_c, I_w = robot.I_c, robot.I_w
    token = n(TOKEN_MASS * p.arm_length**2)
    return f"""<mujoco model="vacuum robot at a step">
  <compiler angle="radian" inertiafromgeom="false"/>
  <option timestep="{n(timestep)}" gravity="0 0 {n(-p.g)}" integrator="{integrator}"
          cone="elliptic"/>
  <worldbody>
    <geom name="floor" type="plane" size="0 0 1" {world}/>
{step}    <body name="chassis" pos="0 0 0">
      <joint name="x" type="slide" axis="1 0 0"/>
      <joint name="z" type="slide" axis="0 0 1"/>
      <joint name="pitch" type="hinge" axis="0 -1 0"/>
      <inertial pos="0 0 0" mass="{n(robot.m_c)}" diaginertia="{n(I_c)} {n(I_c)} {n(I_c)}"/>
{circles}      <body name="drive unit" pos="{n(px)} 0 {n(pz)}">
        <joint name="suspension" {suspension}/>
        <inertial pos="0 0 0" mass="{n(TOKEN_MASS)}" diaginertia="{token} {token} {token}"/>
        <body name="wheel" pos="{wheel_pos}">
          <joint name="wheel" type="hinge" axis="0 1 0"/>
          <inertial pos="0 0 0" mass="{n(robot.m_w)}" diaginertia="{n(I_w)} {n(I_w)} {n(I_w)}"/>
          <geom name="wheel" type="sphere" size="{n(p.wheel_radius)}"
                friction="{n(mu_wheel)} 0 0" {robot_geom}
                {contact["wheel"]}/>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    <velocity name="motor" joint="wheel" kv="{n(gain)}" forcelimited="true"
              forcerange="{n(-limit)} {n(limit)}"/>
  </actuator>
</mujoco>
"""


# --------------------------------------------------------------------------- state mapping


class RobotSim:
    """MuJoCo's model of :func:`model_xml` (fixed), its data (the changing state), and the map
    between MuJoCo's state and the book's q, qd.

    Parameters
    ----------
    params, variant, height, step_x, **options
        As for :func:`model_xml`.

    Attributes
    ----------
    model, data : mujoco.MjModel, mujoco.MjData
    robot : PlanarRobot
        The book's robot whose geometry the model has.
    adr, dof : list of int
        qpos and qvel addresses of the joints, in the order of
        :data:`robodyn.vacuum.COORDINATES` (the joints carry those names).
    """

    def __init__(self, params: VacuumParams, variant: str = "leading",
                 height: float | None = None, step_x: float | None = None, **options):
        mujoco = load_mujoco(__name__)
        self.mujoco = mujoco
        self.robot = PlanarRobot(params, variant)
        self.side = self.robot.side
        self.model = mujoco.MjModel.from_xml_string(
            model_xml(params, variant, height, step_x, **options))
        self.data = mujoco.MjData(self.model)
        self.adr = [self.model.joint(name).qposadr[0] for name in COORDINATES]
        self.dof = [self.model.joint(name).dofadr[0] for name in COORDINATES]
        self.wheel_body = self.model.body("wheel").id

    def set_book_state(self, q, qd):
        """Set MuJoCo's qpos, qvel from the book's q, qd (psi from phi = psi + side s - theta,
        the constant chosen so that phi is q[4] now)."""
        x, z, theta, s, phi = q
        qpos = [x, z, theta, s, phi - self.side * s + theta]
        xd, zd, thd, sd, phid = qd
        qvel = [xd, zd, thd, sd, phid - self.side * sd + thd]
        self.data.qpos[self.adr] = qpos
        self.data.qvel[self.dof] = qvel
        self.mujoco.mj_forward(self.model, self.data)

    def book_state(self):
        """The book's q, qd (each shape (5,)) of MuJoCo's state now."""
        x, z, theta, s, psi = self.data.qpos[self.adr]
        xd, zd, thd, sd, psid = self.data.qvel[self.dof]
        q = np.array([x, z, theta, s, psi + self.side * s - theta])
        qd = np.array([xd, zd, thd, sd, psid + self.side * sd - thd])
        return q, qd

    def motor_rate(self) -> float:
        """The motors' rate, rad/s: the wheel's turn relative to the drive unit, MuJoCo's
        psi_dot; the book's ``PlanarRobot.motor_rate``, phi_dot + theta_dot - side s_dot."""
        return float(self.data.qvel[self.dof[4]])

    def wheel_centre(self) -> np.ndarray:
        """The wheel's centre in the world, (x, z), m (as of the last kinematics)."""
        position = self.data.xpos[self.wheel_body]
        return np.array([position[0], position[2]])

    def torque(self) -> float:
        """The motor's torque now, N m: the book's speed controller
        ``clip(gain (target - motor_rate), +-2 torque_limit)``, the target the actuator's
        control (rad/s)."""
        gain = float(self.model.actuator_gainprm[0, 0])
        limit = 2 * self.robot.p.torque_limit
        return min(max(gain * (self.data.ctrl[0] - self.motor_rate()), -limit), limit)

    def sample(self):
        """(t s, q (5,), qd (5,), torque N m, wheel centre (2,) m) now. (After ``mj_step``
        the positions of the bodies are those of the state before the step: this brings them
        up to date first.)"""
        self.mujoco.mj_kinematics(self.model, self.data)
        q, qd = self.book_state()
        return (self.data.time, q, qd, self.torque(), self.wheel_centre())

    def run(self, steps: int, target_rate: float):
        """Take ``steps`` steps with the speed controller's target ``target_rate``, rad/s."""
        self.data.ctrl[0] = target_rate
        self.mujoco.mj_step(self.model, self.data, steps)
        data = self.data
        if not (np.all(np.isfinite(data.qpos)) and np.all(np.isfinite(data.qvel))):
            raise SimulationError(f"MuJoCo's state became non-finite at t = {data.time:g} s; "
                                  f"try a smaller timestep")


def _settled(sim: RobotSim, settle_time: float):
    """Let the robot, placed in the book's static state at rest, settle on MuJoCo's contacts
    for ``settle_time`` s, the speed controller's target 0 rad/s."""
    sim.set_book_state(sim.robot.static_state, np.zeros(5))
    steps = int(round(settle_time / sim.model.opt.timestep))
    sim.run(steps, 0.0)
    return sim.book_state()


def settle(params: VacuumParams, variant: str = "leading", *, settle_time: float = 1.0,
           gain: float | None = None, **options) -> tuple[np.ndarray, np.ndarray]:
    """MuJoCo's static state on the bare floor: the robot released at rest from the book's
    ``PlanarRobot.static_state``, held by the speed controller at zero speed, after
    ``settle_time`` s.

    Parameters
    ----------
    params, variant
        As for :func:`model_xml`.
    settle_time : float, optional
        Duration, s (> 0).
    gain : float, optional
        The speed controller's gain, N m s/rad (> 0; None: the parameters' ``drive_gain``).
    **options
        Passed to :func:`model_xml` (timestep, friction, penetration, ...).

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        q and qd, each shape (5,), in the book's coordinates :data:`robodyn.vacuum.COORDINATES`
        (m, m, rad, rad or m, rad; and their rates).

    >>> q, _ = settle(VacuumParams(), "leading")
    >>> book = book_state(VacuumParams(), "leading")
    >>> print(f"pitch {q[2]:.5f} rad (book {book[2]:.5f}), z {q[1] * 1e3:.3f} mm "
    ...       f"(book {book[1] * 1e3:.3f})")
    pitch -0.00133 rad (book -0.00133), z 39.723 mm (book 39.723)
    """
    check_positive("settle_time", settle_time, "s")
    sim = RobotSim(_params(params), variant, gain=gain, **options)
    return _settled(sim, settle_time)


def book_state(params: VacuumParams, variant: str = "leading") -> np.ndarray:
    """The book's static state ``PlanarRobot(params, variant).static_state``, shape (5,)."""
    return PlanarRobot(_params(params), variant).static_state.copy()


def drive(params: VacuumParams, variant: str = "leading", speed: float | None = None,
          t_end: float = 2.0, *, gain: float | None = None, sample_interval: float = 0.005,
          settle_time: float = 0.3, **options) -> SimulationResult:
    r"""Drive MuJoCo's robot on the bare floor from rest at ``speed`` (m/s; None: the
    parameters' ``drive_speed``), as :func:`robodyn.vacuum.drive`: the speed controller
    from the static state (:func:`settle`, put back to the book's static x) for ``t_end`` s.

    Returns
    -------
    SimulationResult
        Sampled every ``sample_interval`` s: the columns :data:`robodyn.vacuum.STATE` (the
        book's coordinates and rates; :func:`robodyn.vacuum.coordinates` gives q and qd)
        and ``torque`` (N m, both motors).

    >>> run = drive(VacuumParams(), "leading", t_end=1.5)
    >>> print(f"{run.x_dot[run.t > 1.0].mean():.3f} m/s")
    0.297 m/s

    Notes
    -----
    The wheel rolls on a contact point half its sinking deep, at the radius
    :math:`R - \delta/2`: for the same wheel rate MuJoCo's robot runs slower than the book's
    (rolling at R) by :math:`\delta / 2R`, 0.4 % with the default VacuumParams.
    """
    params = _params(params)
    speed = params.drive_speed if speed is None else check_positive("speed", speed, "m/s")
    t_end = check_positive("t_end", t_end, "s")
    sample_interval = check_positive("sample_interval", sample_interval, "s")
    settle_time = check_positive("settle_time", settle_time, "s")
    sim = RobotSim(params, variant, gain=gain, **options)
    q, _ = _settled(sim, settle_time)
    q[0], q[4] = sim.robot.static_state[0], 0.0
    sim.set_book_state(q, np.zeros(5))
    sim.data.time = 0.0
    target = speed / params.wheel_radius
    steps = max(1, int(round(sample_interval / sim.model.opt.timestep)))
    samples = [sim.sample()]
    while sim.data.time < t_end - 1e-9:
        sim.run(steps, target)
        samples.append(sim.sample())
    t, q, qd, torque, _ = (np.array(column) for column in zip(*samples, strict=True))
    return _run(t, q, qd, torque, f"drove {t[-1]:.2f} s")


def _run(t, q, qd, torque, message: str) -> SimulationResult:
    """MuJoCo's samples as a run: the columns of :data:`robodyn.vacuum.STATE` and
    ``torque``."""
    states = np.hstack([q, qd]).T
    return SimulationResult(t=t, columns={**dict(zip(STATE, states, strict=True)),
                                          "torque": torque}, message=message)


# --------------------------------------------------------------------------- the climb


def climb(params: VacuumParams, height: float, variant: str = "leading",
          speed: float | None = None, *, gap: float = 0.03, t_max: float = 4.0,
          stall_time: float = 0.5, gain: float | None = None, chunk: float = 0.05,
          sample_interval: float = 0.005, settle_time: float = 0.3,
          **options) -> SimulationResult:
    """Drive the MuJoCo robot at ``speed`` against a step of ``height`` (m) with the fillet.

    As :func:`robodyn.vacuum.climb`: the step's face at
    ``step_x = static x + cog_behind + body_length / 2 + gap``, the robot starting in its
    static state, rolling at ``speed`` (wheel rate ``speed / wheel_radius``). The static state
    is MuJoCo's: the book's, settled for ``settle_time`` s (:func:`settle`) and put back to
    the book's static x. Checked every ``chunk`` s: "climbed" when the wheel's centre is past
    ``step_x + fillet + wheel_radius`` and above ``height + wheel_radius / 2``; "stalled"
    when it has not moved on by 1 mm in ``stall_time`` s; otherwise "timed out" at ``t_max``.

    Parameters
    ----------
    params : VacuumParams
        The robot.
    height : float
        The step's height, m (> 0, at least ``params.fillet``).
    variant : str, optional
        One of :data:`robodyn.vacuum.SUSPENSIONS`.
    speed : float, optional
        The commanded speed, m/s (> 0); None: the parameters' ``drive_speed``.
    gap, t_max, stall_time, chunk, sample_interval, settle_time : float, optional
        Distance of the robot's front from the face (m), longest attempt, stall window, check
        interval, sampling interval and settling time (s), all > 0.
    gain : float, optional
        The speed controller's gain, N m s/rad (> 0; None: the parameters' ``drive_gain``).
    **options
        Passed to :func:`model_xml`: timestep, friction, penetration, impedance,
        damping_ratio, limit_solref, integrator.

    Returns
    -------
    SimulationResult
        Made by :func:`robodyn.vacuum.attempt_result`, as the book's climb: sampled every
        ``sample_interval`` s from 0 (the robot rolling, ``gap`` from the step), the columns
        :data:`robodyn.vacuum.STATE` (:func:`robodyn.vacuum.coordinates` gives q and qd),
        ``torque`` (N m, both motors, forward positive: the speed controller's at each sample;
        MuJoCo takes the velocity actuator implicitly, so the torque it applies over the next
        step is that of the step's end rate), ``wheel_x`` and ``wheel_z`` (the wheel's centre,
        m); the details ``outcome``, ``climbed``, ``t_end`` (s), ``variant``, ``height``,
        ``step_x`` (the step's face, m), ``speed``, ``wall_time`` (s, of the stepping, without
        compiling and settling) and ``n_steps`` (MuJoCo steps taken).

    >>> attempt = climb(VacuumParams(), 0.008, t_max=1.0)
    >>> print(attempt.outcome)
    climbed
    """
    params = _params(params)
    height = check_positive("height", height, "m")
    check_choice("variant", variant, SUSPENSIONS)
    speed = params.drive_speed if speed is None else check_positive("speed", speed, "m/s")
    gap = check_positive("gap", gap, "m")
    t_max = check_positive("t_max", t_max, "s")
    stall_time = check_positive("stall_time", stall_time, "s")
    chunk = check_positive("chunk", chunk, "s")
    sample_interval = check_positive("sample_interval", sample_interval, "s")
    settle_time = check_positive("settle_time", settle_time, "s")
    p = params
    robot = PlanarRobot(p, variant)
    static_x = robot.static_state[0]
    step_x = step_face_x(robot, gap)
    sim = RobotSim(p, variant, height, step_x, gain=gain, **options)
    dt = sim.model.opt.timestep
    steps_per_sample = max(1, int(round(sample_interval / dt)))
    samples_per_chunk = max(1, int(round(chunk / (steps_per_sample * dt))))

    q, _ = _settled(sim, settle_time)
    q[0], q[4] = static_x, 0.0
    sim.set_book_state(q, np.array([speed, 0.0, 0.0, 0.0, speed / p.wheel_radius]))
    sim.data.time = 0.0
    target = speed / p.wheel_radius
    samples = [sim.sample()]
    history = [(0.0, samples[0][4])]
    outcome, n_steps = "timed out", 0
    start = time.perf_counter()
    while sim.data.time < t_max - 1e-9:
        for _ in range(samples_per_chunk):
            sim.run(steps_per_sample, target)
            n_steps += steps_per_sample
            samples.append(sim.sample())
        history.append((sim.data.time, samples[-1][4]))
        ended = attempt_outcome(history, p, step_x, height, stall_time)
        if ended:
            outcome = ended
            break
    wall_time = time.perf_counter() - start
    t, q, qd, torque, wheel = (np.array(column) for column in zip(*samples, strict=True))
    return attempt_result(_run(t, q, qd, torque, ""), wheel, outcome, variant=variant,
                          height=height, step_x=step_x, speed=speed, wall_time=wall_time,
                          n_steps=n_steps)


def max_climb_height(params: VacuumParams, variant: str = "leading", *, low: float = 0.005,
                     high: float = 0.035, tol: float = 2.5e-4,
                     **climb_options) -> SimulationResult:
    """The highest step MuJoCo's robot climbs, m, by :func:`robodyn.vacuum.highest_climb`
    over :func:`climb` (``climb_options`` passed on): ``low`` must be climbed, ``high`` not.
    Returns the deciding attempt: its ``height`` is the limit, ``attempts`` the attempts as
    (height, climbed).
    """
    params = _params(params)
    check_choice("variant", variant, SUSPENSIONS)

    def attempt(height):
        return climb(params, height, variant, **climb_options)

    return highest_climb(attempt, low, high, tol)
