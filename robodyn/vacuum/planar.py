"""The planar model of the robot on the floor and the step."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import SimulationResult, solve, solve_lsoda
from robodyn.core.params import (
    as_array,
    check_choice,
    check_non_negative,
    check_positive,
    check_real,
)
from robodyn.laws.contact import normal_force_float
from robodyn.laws.friction import contact_friction_float
from robodyn.vacuum.compiled import (
    FLOOR,
    RAMP_DEPTH,
    SLIDER_MASS,
    STEP_DOWN,
    STEP_UP,
    STOP_DAMPING,
    STOP_STIFFENING,
    piece_distance,
    robot_constants,
    speed_control_jac,
    speed_control_rhs,
)
from robodyn.vacuum.params import SUSPENSIONS, VacuumParams

#: Order of the generalised coordinates of :class:`PlanarRobot`: the chassis's centre of
#: gravity (x, z) and pitch, the suspension (arm angle below the horizontal in the chassis, or
#: the telescopic unit's downward travel) and the wheel's forward (clockwise) turn.
COORDINATES = ("x", "z", "pitch", "suspension", "wheel")


#: Their rates, and the state (q, qd) of the integrators: the first columns of every run.
RATES = tuple(f"{name}_dot" for name in COORDINATES)


STATE = COORDINATES + RATES


_S = np.array([[0.0, -1.0], [1.0, 0.0]])       # d/dtheta R(theta) = S R(theta)


#: Default penetration of the contacts under the robot's weight, m: the penalty stiffness is
#: m g / PENETRATION (:class:`PlanarRobot`; the MuJoCo model matches it).
PENETRATION = 5e-4


#: How many of :func:`climb`'s chunks the solver runs at a time: each restart of LSODA
#: costs a few hundred evaluations, each chunk run past the deciding one a little time.
CHUNKS_PER_RUN = 5


#: Default critical slip speed of the friction law, m/s, in the side and the top view: a
#: wheel that grips creeps at most this fast; smaller makes the equations stiffer.
V_CRIT = 1e-3


def _rot(theta: float) -> np.ndarray:
    c, s = math.cos(theta), math.sin(theta)
    return np.array([[c, -s], [s, c]])


@dataclass(frozen=True)
class ContactCircle:
    """A circle fixed to the chassis that can touch the ground: name, centre in the chassis
    frame (m, from the centre of gravity), radius (m), friction coefficient."""

    name: str
    centre: tuple
    radius: float
    mu: float


class PlanarRobot:
    r"""The side view of the robot as five generalised coordinates, with its contacts.

    Bodies: the chassis (mass ``mass`` minus the drive units', pitch inertia of a uniform box
    ``body_length`` x ``body_height``), the two drive units lumped into one (their mass
    :attr:`VacuumParams.drive_unit_mass` at the wheel's centre; the arm massless) and the
    wheels' spin inertia. Equations of motion
    :math:`M(q)\ddot q + m_w J_W^T a_W = Q` with :math:`J_W` the Jacobian of the wheel's
    centre and :math:`a_W` its velocity-product acceleration (the only body whose inertia
    depends on q), Q the generalised forces of gravity, the spring, the motor and the contacts.

    Contacts: the wheel and the circles of ``circles`` (caster, the suction mouth's lip, the
    body's lower front and rear edges, their radii and friction from the parameters) against
    any ground ``ground(point) -> (distance, normal)``, or a tuple of such pieces each
    touched on its own (a step: :func:`step_ground`), each a penalty spring-damper with
    k = m g / ``penetration`` and ``zeta`` of critical damping, its force ramped in over
    :data:`RAMP_DEPTH`, and friction blended from static to kinetic around ``v_crit``
    (:func:`robodyn.contact.contact_friction`).
    :mod:`robodyn.vacuum.compiled` writes the same equations by component, compiled, for
    the integrators (a test holds the two equal).
    """

    def __init__(self, params: VacuumParams, variant: str = "leading", *,
                 penetration: float = PENETRATION, zeta: float = 0.3, v_crit: float = V_CRIT,
                 suspension_zeta: float = 0.3, friction_scale: float = 1.0):
        self.p = params
        self.variant = check_choice("variant", variant, SUSPENSIONS)
        p = params
        self.m_w = p.drive_unit_mass
        self.m_c = p.mass - self.m_w
        self.I_c = self.m_c * (p.body_length**2 + p.body_height**2) / 12
        self.I_w = 2 * 0.5 * p.wheel_mass * p.wheel_radius**2
        self.k = p.mass * p.g / check_positive("penetration", penetration, "m")
        self.c = 2 * check_non_negative("zeta", zeta) * math.sqrt(self.k * p.mass)
        self.v_crit = check_positive("v_crit", v_crit, "m/s")
        R = p.wheel_radius
        # positions in the chassis frame, from the centre of gravity; the axle at rest is
        # cog_behind ahead of it and (cog_height - R) below it
        ahead = p.cog_behind                   # from the centre of gravity to the axle
        self.axle_rest = np.array([ahead, R - p.cog_height])
        side = {"leading": 1.0, "trailing": -1.0, "telescopic": 0.0}[self.variant]
        self.side = side
        self.rest = p.arm_angle if side else 0.0
        reach = np.array([side * p.arm_length * math.cos(p.arm_angle),
                          -p.arm_length * math.sin(p.arm_angle)])
        self.pivot = self.axle_rest - reach if side else self.axle_rest.copy()
        edge_z = p.edge_height + p.edge_radius - p.cog_height
        edge_x = 0.5 * p.body_length - p.edge_radius
        self.circles = (
            ContactCircle("caster", (ahead - p.caster_behind, p.caster_radius - p.cog_height),
                          p.caster_radius, p.caster_mu),
            ContactCircle("mouth", (ahead + p.mouth_ahead,
                                    p.mouth_height + p.mouth_radius - p.cog_height),
                          p.mouth_radius, p.body_mu),
            ContactCircle("front edge", (ahead + edge_x, edge_z), p.edge_radius, p.body_mu),
            ContactCircle("rear edge", (ahead - edge_x, edge_z), p.edge_radius, p.body_mu),
        )
        self.suspension_zeta = check_non_negative("suspension_zeta", suspension_zeta)
        self.friction_scale = check_non_negative("friction_scale", friction_scale)
        # the stops, in the suspension's coordinate: the wheel drops at most wheel_droop
        # below its rest position, and rises at most 25 deg (or 2 cm) above it
        if self.side:
            a = params.arm_length
            self.droop = math.asin(min(math.sin(self.rest) + params.wheel_droop / a,
                                       1.0)) - self.rest
            self.bump = math.radians(25.0)
        else:
            self.droop, self.bump = params.wheel_droop, 0.02
        # the two springs in the suspension's coordinate (through spring_lever for an arm),
        # and the damper: suspension_zeta of the bounce of the robot's share on the wheels
        lever = params.spring_lever if variant != "telescopic" else 1.0
        self.spring_stiffness = 2 * params.spring_rate * lever**2
        reach = params.arm_length * math.cos(params.arm_angle) if variant != "telescopic" else 1.0
        at_wheel = self.spring_stiffness / reach**2
        self.spring_damping = (2 * self.suspension_zeta * reach**2
                               * math.sqrt(at_wheel * 0.8 * params.mass))
        self.preload = 0.0
        self.preload = self._static_preload()

    # ----------------------------------------------------------------- suspension

    def wheel_in_chassis(self, s: float):
        """The wheel's centre in the chassis frame and its first and second derivatives by
        the suspension coordinate s."""
        if not self.side:
            return (self.axle_rest + [0.0, -s], np.array([0.0, -1.0]), np.zeros(2))
        a, side = self.p.arm_length, self.side
        w = self.pivot + a * np.array([side * math.cos(s), -math.sin(s)])
        dw = a * np.array([-side * math.sin(s), -math.cos(s)])
        ddw = a * np.array([-side * math.cos(s), math.sin(s)])
        return w, dw, ddw

    def _static_preload(self) -> float:
        """The springs' generalised force at the rest position that holds the suspension
        there on a flat floor: the static equations (vertical force, pitch moment, suspension)
        solved for the chassis's height, its pitch and this preload."""
        from scipy.optimize import root

        q = self.rest_state()

        def residual(unknowns):
            z, pitch, preload = unknowns
            self.preload = preload
            state = q.copy()
            state[1], state[2] = z, pitch
            q_dd, _ = self.accelerations(state, np.zeros(5), 0.0, flat_floor)
            return q_dd[1:4]

        guess = (q[1] - self.p.mass * self.p.g / self.k, 0.0, 1.0 if self.side else 25.0)
        solution = root(residual, guess, tol=1e-12)
        if not solution.success:
            raise ParameterError(f"no static rest position for these parameters: "
                                 f"{solution.message}")
        self.static_state = q.copy()
        self.static_state[1], self.static_state[2] = solution.x[0], solution.x[1]
        return float(solution.x[2])

    def spring_force(self, s: float, s_dot: float) -> float:
        """Generalised force of the two springs on the suspension coordinate: the preload,
        the spring rate (470 N/m per unit, at ``spring_lever`` from the pivot for the arms), a
        damper (``suspension_zeta`` of the bounce on the wheels: the pivot's friction, which
        the thesis does not give) and a stiff stop 25 deg (or 2 cm) either side of rest."""
        stiffness, damping = self.spring_stiffness, self.spring_damping
        force = self.preload - stiffness * (s - self.rest) - damping * s_dot
        beyond = self._beyond_stop(s)
        if beyond:
            force -= STOP_STIFFENING * stiffness * beyond + STOP_DAMPING * damping * s_dot
        return force

    def _beyond_stop(self, s: float) -> float:
        """How far s lies past a stop: positive past the droop stop, negative past the bump
        stop, zero between them."""
        if s - self.rest > self.droop:
            return s - self.rest - self.droop
        if self.rest - s > self.bump:
            return s - self.rest + self.bump
        return 0.0

    # ----------------------------------------------------------------- dynamics

    def accelerations(self, q, qd, torque: float, ground):
        """q_ddot, and the contact forces by name, for the state (q, qd), the motor torque
        (N m, forward positive, both wheels) and the ground: ``ground(point) -> (distance,
        normal)``, or a tuple of such pieces, each touched on its own (:func:`step_ground`)."""
        M, bias, Q, forces = self.terms(q, qd, torque, ground)
        return np.linalg.solve(M, Q - bias), forces

    def terms(self, q, qd, torque: float, ground):
        """The parts of the equations of motion: M, the velocity-product term
        :math:`m_w J_W^T a_W`, the generalised forces Q, and the contact forces by name."""
        p, m_w = self.p, self.m_w
        x, z, theta, s, _ = q
        xd, zd, thd, sd, wd = qd
        R = _rot(theta)
        w, dw, ddw = self.wheel_in_chassis(s)
        Rw, Rdw = R @ w, R @ dw
        J_W = np.zeros((2, 5))
        J_W[:, 0:2] = np.eye(2)
        J_W[:, 2] = _S @ Rw
        J_W[:, 3] = Rdw
        a_W = -thd**2 * Rw + 2 * thd * sd * (_S @ Rdw) + sd**2 * (R @ ddw)
        M = np.diag([self.m_c, self.m_c, self.I_c, 0.0, self.I_w]) + m_w * J_W.T @ J_W
        if not self.side:
            M[3, 3] += SLIDER_MASS                       # the massless slider: a tiny mass
        Q = np.zeros(5)
        Q[1] -= self.m_c * p.g
        Q += J_W.T @ [0.0, -m_w * p.g]
        Q[3] += self.spring_force(s, sd)
        # motor: forward torque on the wheel, its reaction on the arm (or slider)
        Q[4] += torque
        Q[2] += torque
        if self.side:
            Q[3] += -self.side * torque
        forces = {}
        centre = np.array([x, z])
        W = centre + Rw
        W_dot = J_W @ qd
        forces["wheel"] = np.zeros(2)
        for piece in ground_pieces(ground):           # the wheel touches each on its own
            distance, normal = piece(W)
            F = self._contact(distance - p.wheel_radius, normal, W_dot, -wd * p.wheel_radius,
                              p.mu_s * self.friction_scale, p.mu_k * self.friction_scale)
            tangent = np.array([normal[1], -normal[0]])
            forces["wheel"] += F
            Q[4] += -p.wheel_radius * float(tangent @ F)
        Q += J_W.T @ forces["wheel"]
        for circle in self.circles:
            b = R @ np.asarray(circle.centre)
            point = centre + b
            velocity = np.array([xd, zd]) + thd * (_S @ b)
            mu = circle.mu * self.friction_scale
            F = sum(self._contact(distance - circle.radius, normal, velocity, 0.0, mu, mu)
                    for distance, normal in (piece(point) for piece in ground_pieces(ground)))
            forces[circle.name] = F
            Q[0:2] += F
            Q[2] += b[0] * F[1] - b[1] * F[0]
        return M, m_w * J_W.T @ a_W, Q, forces

    def _contact(self, gap, normal, centre_velocity, spin_speed, mu_s, mu_k):
        """Force on the robot at a circle's contact: penalty normal force, ramped in over the
        first 0.05 mm, and friction blended from static to kinetic; zero while apart.
        ``spin_speed`` is the rim's speed along the tangent from the wheel's turn."""
        if gap >= 0.0:
            return np.zeros(2)
        depth = -gap
        tangent = np.array([normal[1], -normal[0]])
        rate = -float(normal @ centre_velocity)
        ramp = min(depth / RAMP_DEPTH, 1.0)
        N = normal_force_float(depth, rate, self.k, self.c, "linear", 1.0) * ramp
        slip = float(tangent @ centre_velocity) + spin_speed
        friction = contact_friction_float(slip, N, mu_s, mu_k, self.v_crit) if mu_s else 0.0
        return N * normal + friction * tangent

    def energy(self, q, qd, ground=None) -> float:
        """Kinetic plus gravitational energy, J; with ``ground`` also the springs' and the
        contacts' elastic energy (the potentials of their conservative parts), so that the
        total is conserved while nothing dissipates."""
        x, z, theta, s, _ = q
        R = _rot(theta)
        w, dw, _ = self.wheel_in_chassis(s)
        W_dot = qd[0:2] + qd[2] * (_S @ R @ w) + R @ dw * qd[3]
        kinetic = 0.5 * (self.m_c * (qd[0]**2 + qd[1]**2) + self.I_c * qd[2]**2
                         + self.m_w * float(W_dot @ W_dot) + self.I_w * qd[4]**2)
        W = np.array([x, z]) + R @ w
        total = kinetic + self.p.g * (self.m_c * z + self.m_w * W[1])
        if ground is None:
            return total
        p = self.p
        stiffness = self.spring_stiffness
        total += -self.preload * (s - self.rest) + 0.5 * stiffness * (s - self.rest) ** 2
        total += 0.5 * STOP_STIFFENING * stiffness * self._beyond_stop(s) ** 2  # the stops
        centres = [(W, p.wheel_radius)] + [(np.array([x, z]) + R @ np.asarray(c.centre),
                                             c.radius) for c in self.circles]
        gaps = [piece(point)[0] - radius for point, radius in centres
                for piece in ground_pieces(ground)]
        ramp = RAMP_DEPTH
        for gap in gaps:
            depth = max(-gap, 0.0)
            if depth <= ramp:
                total += self.k * depth**3 / (3 * ramp)
            else:
                total += self.k * (ramp**2 / 3 + 0.5 * (depth**2 - ramp**2))
        return total

    def motor_rate(self, qd) -> float:
        """The motors' turning rate, rad/s: the wheel's forward turn relative to the arm (or
        slider) that carries the motor, qd_wheel + qd_pitch - side * qd_suspension. The
        motor's torque does work at this rate (its reaction acts on the arm)."""
        return float(qd[4] + qd[2] - self.side * qd[3])

    def circle_centres(self, q) -> dict:
        """The world position (m) of each contact circle's centre, wheel first, by name,
        with its radius: {name: (centre, radius)}."""
        R, centre = _rot(q[2]), np.asarray(q[0:2], float)
        placed = {"wheel": (self.wheel_centre(q), self.p.wheel_radius)}
        for circle in self.circles:
            placed[circle.name] = (centre + R @ np.asarray(circle.centre), circle.radius)
        return placed

    def contact_points(self, q, ground) -> dict:
        """Each circle's point nearest the ground (its centre less its radius along the
        ground's normal), by name, m."""
        points = {}
        for name, (centre, radius) in self.circle_centres(q).items():
            _, normal = min((piece(centre) for piece in ground_pieces(ground)),
                            key=lambda touch: touch[0])
            points[name] = centre - radius * normal
        return points

    def wheel_centre(self, q) -> np.ndarray:
        """The wheel's centre in the world, m, for the coordinates q."""
        w, _, _ = self.wheel_in_chassis(q[3])
        return np.asarray(q[0:2], float) + _rot(q[2]) @ w

    def rest_state(self, x_axle: float = 0.0) -> np.ndarray:
        """Coordinates with the wheel and the caster just touching a flat floor, the
        suspension at rest, the axle at ``x_axle`` (the static state, with the contacts'
        penetrations, is ``static_state``)."""
        p = self.p
        return np.array([x_axle - p.cog_behind, p.cog_height, 0.0, self.rest, 0.0])


def flat_floor(point):
    """The floor z = 0 as a ground: (distance, normal)."""
    return float(point[1]), np.array([0.0, 1.0])


def step_ground(step_x: float, height: float, fillet: float, *, mirrored: bool = False):
    """A step as a ground of :class:`PlanarRobot`: its two pieces, :func:`flat_floor` and
    the step's block (the solid beyond the face at ``step_x``, up to ``height``, its edge
    rounded by ``fillet``; :func:`robodyn.vacuum.compiled.block_distance`), each a function
    ``point -> (distance, normal)``. A circle touches each piece on its own: pressed
    against the edge while still on the floor, a wheel is pushed by both, as on a real step.
    ``mirrored``: the step seen from its top, driving off its edge at ``step_x``."""
    step_x = check_real("step_x", step_x, "m")
    height = check_positive("height", height, "m")
    fillet = check_non_negative("fillet", fillet, "m")
    ground = (STEP_DOWN if mirrored else STEP_UP, step_x, height, fillet)

    def block(point):
        distance, nx, nz = piece_distance(float(point[0]), float(point[1]), ground, 1)
        return distance, np.array([nx, nz])

    return flat_floor, block


def ground_pieces(ground) -> tuple:
    """The pieces of a ground: ``ground`` itself if it is one function, else its tuple."""
    return ground if isinstance(ground, tuple) else (ground,)


def speed_control(robot: PlanarRobot, speed: float, gain: float | None = None):
    """The numbers of the drive's speed control, (target, gain, limit): the motors' target
    rate ``speed / wheel_radius`` (rad/s), the ``gain`` (N m s/rad; None: the parameters'
    ``drive_gain``) and both motors' torque limit (N m)."""
    gain = robot.p.drive_gain if gain is None else check_non_negative("gain", gain,
                                                                       "N m s/rad")
    return speed / robot.p.wheel_radius, gain, 2 * robot.p.torque_limit


def speed_controller(robot: PlanarRobot, speed: float, gain: float | None = None):
    """The drive's speed control: ``torque(qd)``, ``gain`` (N m s/rad; None: the parameters'
    ``drive_gain``) times the error of the motors' turning rate
    (:meth:`PlanarRobot.motor_rate`, what their encoders measure) against
    ``speed / wheel_radius``, within both motors' torque limit (:func:`speed_control`; the
    integrators use its compiled twin,
    :func:`robodyn.vacuum.compiled.speed_control_rhs`)."""
    return torque_law(robot, speed_control(robot, speed, gain))


def torque_law(robot: PlanarRobot, control: tuple):
    """``torque(qd)`` of the speed control ``control`` = (target, gain, limit)."""
    target, gain, limit = control
    motor_rate = robot.motor_rate

    def torque(qd):
        return min(max(gain * (target - motor_rate(qd)), -limit), limit)

    return torque


def solve_driven(robot: PlanarRobot, ground: tuple, control: tuple, t_span, y0, what: str,
                  **options) -> SimulationResult:
    """The robot driven by its speed control ``control`` (:func:`speed_control`) over the
    ground tuple ``ground``: the compiled right-hand side and its Jacobian integrated by
    :func:`solve_planar` (``options``: t_eval, rtol, atol, max_step, max_evaluations)."""
    args = (robot_constants(robot), ground, *control)
    return solve_planar(speed_control_rhs, t_span, y0, what, args=args, jac=speed_control_jac,
                  **options)


#: Most evaluations of the equations a run of the scenarios may take (a climb takes some
#: ten thousand): past it the solver is crawling, and the run stops with an error.
MAX_EVALUATIONS = 1_000_000


def solve_planar(rhs, t_span, y0, what: str, *, args: tuple = (), jac, t_eval, rtol: float,
           atol: float, max_step: float,
           max_evaluations: int = MAX_EVALUATIONS) -> SimulationResult:
    """LSODA (which turns stiff when the contacts are) over the state :data:`STATE`, with
    the Jacobian ``jac`` of ``rhs`` (compiled: LSODA would otherwise difference ``rhs``
    from Python, one call a column), within ``max_evaluations``: by
    :func:`robodyn.core.integrate.solve_lsoda`, which runs LSODA's steps in its own compiled
    loop (``solve(..., method="LSODA")``, the same solver, returns to Python after each
    step, the most of a climb's time). A failure raises, naming ``what`` failed and the
    usual cure. The result's ``evaluations`` count the Jacobians' evaluations too (eleven
    each)."""
    try:
        run = solve_lsoda(rhs, t_span, y0, args, state_names=STATE, t_eval=t_eval,
                          jac=jac, rtol=rtol, atol=atol, max_step=max_step,
                          max_evaluations=max_evaluations)
    except SimulationError as error:
        raise SimulationError(f"{what} did not finish: {error} (here the contacts are the "
                              "usual cause: raise penetration or lower zeta)") from error
    return with_columns(run, details={"evaluations": run.evaluations
                               + (len(STATE) + 1) * run.jacobians})


def coordinates(run: SimulationResult) -> tuple[np.ndarray, np.ndarray]:
    """The side view's coordinates and rates of a run, (q, qd), each shape (n, 5), columns
    in the order of :data:`COORDINATES`: from the columns of :data:`STATE`."""
    return run.stack(*COORDINATES).T, run.stack(*RATES).T


def drive(robot: PlanarRobot, t_end: float = 2.0,
          speed: float | None = None, gain: float | None = None, start=None,
          dt: float = 0.005, *,
          method: str = "LSODA", rtol: float = 1e-6, atol: float = 1e-9,
          max_step: float = 2e-3) -> SimulationResult:
    """Drive the planar robot on the floor with a speed controller from rest: the rim speed
    towards
    ``speed`` (m/s; None: the parameters' ``drive_speed``), the torque ``gain`` (N m s/rad;
    None: the parameters' ``drive_gain``) times the speed error in rad/s, within the
    motors' limit.

    ``start`` is the initial q (default the static state), ``dt`` the sampling interval (s);
    ``method``, ``rtol``, ``atol`` and ``max_step`` (s) go to
    :func:`robodyn.core.integrate.solve`. Returns a
    :class:`~robodyn.core.integrate.SimulationResult` with the columns :data:`STATE` and
    ``torque`` (N m, both motors) and the detail ``evaluations`` (of the equations);
    :func:`coordinates` gives (q, qd).
    """
    speed = robot.p.drive_speed if speed is None else check_non_negative("speed", speed,
                                                                         "m/s")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    torque_of = speed_controller(robot, speed, gain)
    args = (robot_constants(robot), (FLOOR, 0.0, 0.0, 0.0), *speed_control(robot, speed, gain))
    q0 = robot.static_state if start is None else as_array("start", start, "", (5,),
                                                             finite=True)
    y0 = np.concatenate([q0, np.zeros(5)])
    times = np.clip(np.arange(0.0, t_end + 0.5 * dt, dt), 0.0, t_end)
    try:
        run = solve(speed_control_rhs, (0.0, t_end), y0, args, state_names=STATE,
                    method=method, t_eval=times, rtol=rtol, atol=atol, max_step=max_step,
                    max_evaluations=MAX_EVALUATIONS)
    except SimulationError as error:
        raise SimulationError(f"the drive did not finish: {error} (here the contacts are "
                              "the usual cause: raise penetration)") from error
    _, qd = coordinates(run)
    return with_columns(run, columns={"torque": [torque_of(v) for v in qd]})


def with_columns(run: SimulationResult, *, columns=None, details=None,
          message: str | None = None) -> SimulationResult:
    """``run`` with more columns and details (and another message)."""
    return SimulationResult(t=run.t, columns={**run.columns, **(columns or {})},
                            success=run.success,
                            message=run.message if message is None else message,
                            events=run.events, event_states=run.event_states,
                            details={**run.details, **(details or {})})
