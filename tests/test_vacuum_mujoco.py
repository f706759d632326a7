"""Tests of robodyn.vacuum.mujoco: the vacuum robot in MuJoCo against the book's planar model.

The robot is the default VacuumParams. Tolerances were measured with mujoco 4.0.0 and the
module's defaults (timestep 2e-4 s, implicitfast, impedance 0.9, the book's 0.5 mm
penetration) and are given with their reasons beside each test.
"""

import math

import numpy as np
import pytest

from robodyn.core.errors import ParameterError
from robodyn.vacuum import STATE, SUSPENSIONS, VacuumParams, coordinates, speed_controller
from robodyn.vacuum import mujoco as vm

mujoco = pytest.importorskip("mujoco")

SEED = 20240611
PARAMS = VacuumParams()


def random_state(robot, rng):
    """A state near the book's static one: q, qd (each (5,)), the suspension within travel."""
    q = robot.static_state + rng.normal(0, 1, 5) * [0.01, 0.005, 0.1, 0.0, 1.0]
    q[3] = robot.rest + rng.uniform(-0.8 * robot.bump, 0.8 * robot.droop)
    qd = rng.normal(0, 1, 5) * [0.3, 0.1, 0.5, 0.5, 8.0]
    return q, qd


# --------------------------------------------------------------------------- the model


@pytest.mark.parametrize("variant", SUSPENSIONS)
def test_the_model_compiles_with_the_books_joints_and_masses(variant):
    """The MJCF compiles for each variant: five joints named as COORDINATES, one motor,
    the book's total mass, the step's three pieces."""
    sim = vm.RobotSim(PARAMS, variant, height=0.015, step_x=0.2)
    model = sim.model
    assert (model.nq, model.nv, model.nu) == (5, 5, 1)
    assert [model.joint(i).name for i in range(5)] == ["x", "z", "pitch", "suspension", "wheel"]
    assert model.body_subtreemass[model.body("chassis").id] == pytest.approx(PARAMS.mass,
                                                                             abs=1e-5)
    for name in ("floor", "step face", "step top", "fillet"):
        assert model.geom(name).id >= 0


@pytest.mark.parametrize("variant", SUSPENSIONS)
def test_bodies_sit_where_the_planar_robot_puts_them(variant):
    """For random states, MuJoCo's wheel centre and contact spheres are the book's
    (centre + R(pitch) b, nose-up pitch positive): the pitch's sign and the arm's axis."""
    rng = np.random.default_rng(SEED)
    sim = vm.RobotSim(PARAMS, variant)
    robot = sim.robot
    for _ in range(5):
        q, qd = random_state(robot, rng)
        sim.set_book_state(q, qd)
        np.testing.assert_allclose(sim.wheel_centre(), robot.wheel_centre(q), atol=1e-12)
        c, s = math.cos(q[2]), math.sin(q[2])
        for circle in robot.circles:
            bx, bz = circle.centre
            expected = [q[0] + c * bx - s * bz, q[1] + s * bx + c * bz]
            position = sim.data.geom_xpos[sim.model.geom(circle.name).id]
            np.testing.assert_allclose(position[[0, 2]], expected, atol=1e-12)
        q_back, qd_back = sim.book_state()
        np.testing.assert_allclose(q_back, q, atol=1e-12)        # the map's round trip
        np.testing.assert_allclose(qd_back, qd, atol=1e-12)


@pytest.mark.parametrize("variant", SUSPENSIONS)
def test_kinetic_energy_is_the_books(variant):
    """1/2 v^T M v of MuJoCo equals the book's kinetic energy for random states (the
    wheel's absolute angle, the point mass at its centre; the arm's token mass adds 1e-6)."""
    rng = np.random.default_rng(SEED + 1)
    sim = vm.RobotSim(PARAMS, variant)
    robot = sim.robot
    M = np.zeros((5, 5))
    for _ in range(5):
        q, qd = random_state(robot, rng)
        sim.set_book_state(q, qd)
        mujoco.mj_fullM(sim.model, sim.data, M)
        kinetic = 0.5 * sim.data.qvel @ M @ sim.data.qvel
        W = robot.wheel_centre(q)
        potential = PARAMS.g * (robot.m_c * q[1] + robot.m_w * W[1])
        assert kinetic == pytest.approx(robot.energy(q, qd) - potential, rel=1e-5)


@pytest.mark.parametrize("variant", SUSPENSIONS)
def test_spring_and_motor_forces_are_the_books(variant):
    """The joint spring's force is the book's spring_force(s, s_dot) between the stops; the
    motor's torque is the book's speed_controller's, and its power tau psi_dot is that of the
    book's generalised force (tau, -side tau, tau) on (pitch, s, phi)."""
    rng = np.random.default_rng(SEED + 2)
    sim = vm.RobotSim(PARAMS, variant)
    robot = sim.robot
    for _ in range(5):
        q, qd = random_state(robot, rng)
        sim.set_book_state(q, qd)
        speed = rng.uniform(-0.5, 0.5)
        sim.data.ctrl[0] = speed / PARAMS.wheel_radius
        mujoco.mj_forward(sim.model, sim.data)
        passive = sim.data.qfrc_passive[sim.dof[3]]
        assert passive == pytest.approx(robot.spring_force(q[3], qd[3]), rel=1e-9, abs=1e-12)
        tau = sim.data.actuator_force[0]
        assert tau == pytest.approx(speed_controller(robot, speed, 0.5)(qd), rel=1e-9,
                                    abs=1e-12)
        assert sim.torque() == pytest.approx(tau, rel=1e-9, abs=1e-12)
        power = float(sim.data.qfrc_actuator @ sim.data.qvel)
        book = tau * qd[2] - robot.side * tau * qd[3] + tau * qd[4]
        assert power == pytest.approx(book, rel=1e-9, abs=1e-12)


def test_the_contact_time_constants_give_the_books_stiffness():
    """At rest the wheel sinks as far as under the book's penalty (0.34 mm), the caster too:
    t_c = 1 / (zeta sqrt((1 - d) w k)) makes MuJoCo's contact the book's spring at rest."""
    sim = vm.RobotSim(PARAMS, "leading")
    vm.settle(PARAMS, "leading")  # the public path runs
    robot = sim.robot
    sim.set_book_state(robot.static_state, np.zeros(5))
    sim.run(int(round(1.0 / sim.model.opt.timestep)), 0.0)
    depth = {sim.model.geom(c.geom2).name: -c.dist for c in sim.data.contact[:sim.data.ncon]}
    q = robot.static_state
    book_wheel = PARAMS.wheel_radius - robot.wheel_centre(q)[1]
    caster = robot.circles[0]
    book_caster = caster.radius - (q[1] + math.sin(q[2]) * caster.centre[0]
                                   + math.cos(q[2]) * caster.centre[1])
    assert sorted(depth) == ["caster", "wheel"]
    # 1 %: the formula for MuJoCo's sinking holds to 0.1 % (mujoco 4.0.0)
    assert depth["wheel"] == pytest.approx(book_wheel, rel=0.01)
    assert depth["caster"] == pytest.approx(book_caster, rel=0.01)


# --------------------------------------------------------------------------- statics, driving


@pytest.mark.parametrize("variant", SUSPENSIONS)
def test_at_rest_the_robot_settles_to_the_books_static_state(variant):
    """Released from the book's static state, MuJoCo's robot stays there: pitch within
    1e-5 rad, height within 1e-6 m (1/340 of the wheel's 0.34 mm sinking), suspension within
    1e-5 (rad or m) of the book's rest: the spring's preload and the signs map right.

    The contacts' stiffness at rest is the book's (previous test); what remains (measured:
    up to 1e-7 rad, 2.4e-7 rad in the trailing arm) is the friction MuJoCo's contacts hold
    after the small settling and their creep. A wrong sign of the preload would move the
    suspension by 2 P/k (over 2 rad), a wrong pitch axis tip the robot onto its nose."""
    q, qd = vm.settle(PARAMS, variant, settle_time=0.5)
    book = vm.book_state(PARAMS, variant)
    assert q[2] == pytest.approx(book[2], abs=1e-5)
    assert q[1] == pytest.approx(book[1], abs=1e-6)
    assert q[3] == pytest.approx(book[3], abs=1e-5)
    assert np.max(np.abs(qd[:4])) < 1e-4


@pytest.mark.parametrize("variant", SUSPENSIONS)
def test_driving_on_the_floor_reaches_the_drive_speed(variant):
    """From rest the speed controller brings the robot to 0.3 m/s: the mean over the last
    0.5 s of 1.5 s within 1.5 % (measured 1.1 to 1.2 % low: the proportional controller
    leaves 0.7 % to push the caster, as in the book, and the wheel rolls on a contact point
    0.17 mm inside its rim, 0.4 %)."""
    run = vm.drive(PARAMS, variant, t_end=1.5)
    late = run.t > 1.0
    assert run.x_dot[late].mean() == pytest.approx(PARAMS.drive_speed, rel=0.015)
    assert np.all(np.abs(run.torque) <= 2 * PARAMS.torque_limit + 1e-12)


# --------------------------------------------------------------------------- the step


def test_a_low_step_is_climbed_and_a_wall_stalls():
    """The leading link climbs 8 mm, its wheel ending on the step's top; a 60 mm wall stalls it
    with the wheel short of the face."""
    low = vm.climb(PARAMS, 0.008, "leading")
    assert low.climbed
    assert low.wheel_x[-1] > low.step_x + PARAMS.fillet + PARAMS.wheel_radius
    assert low.wheel_z[-1] == pytest.approx(0.008 + PARAMS.wheel_radius, abs=1e-3)
    wall = vm.climb(PARAMS, 0.06, "leading")
    assert wall.outcome == "stalled"
    assert wall.t_end < 4.0
    assert np.max(wall.wheel_x) < wall.step_x


def test_the_climb_starts_rolling_in_the_static_state():
    """The attempt starts at the book's static x, gap from the step, rolling at speed, the
    wheel angle zero; the histories share one time axis."""
    attempt = vm.climb(PARAMS, 0.01, "trailing", gap=0.03, t_max=0.2)
    book = vm.book_state(PARAMS, "trailing")
    assert attempt.outcome == "timed out"
    assert attempt.x[0] == pytest.approx(book[0], abs=1e-12)
    assert attempt.x_dot[0] == pytest.approx(0.3)
    assert attempt.wheel_dot[0] == pytest.approx(0.3 / PARAMS.wheel_radius)
    assert attempt.wheel[0] == pytest.approx(0.0, abs=1e-12)
    front = book[0] + PARAMS.cog_behind + 0.5 * PARAMS.body_length
    assert attempt.step_x - front == pytest.approx(0.03)
    n = attempt.t.size
    q, qd = coordinates(attempt)
    assert q.shape == qd.shape == (n, 5)
    assert attempt.names == (*STATE, "torque", "wheel_x", "wheel_z")
    assert attempt.torque.shape == (n,) and attempt.n_steps > 0


def test_max_climb_height_brackets_the_limit():
    """The search returns its deciding attempt, climbed; one tolerance higher is not."""
    search = vm.max_climb_height(PARAMS, "leading", low=0.008, high=0.03, tol=1e-3)
    assert search.climbed and (search.height, True) in search.attempts
    failed = [h for h, climbed in search.attempts if not climbed]
    assert min(failed) - search.height <= 1e-3


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("call, message", [
    (lambda: vm.climb(PARAMS, 0.0), "height must be > 0"),
    (lambda: vm.climb(PARAMS, -0.01), "height"),
    (lambda: vm.climb(PARAMS, 0.002), "at least the fillet"),
    (lambda: vm.climb(PARAMS, 0.01, "sideways"), "variant must be one of"),
    (lambda: vm.climb(PARAMS, 0.01, speed=0.0), "speed"),
    (lambda: vm.climb(PARAMS, 0.01, friction="rolling"), "friction must be one of"),
    (lambda: vm.climb(PARAMS, 0.01, integrator="Verlet"), "integrator must be one of"),
    (lambda: vm.climb(PARAMS, 0.01, timestep=0.01), "timestep"),
    (lambda: vm.climb(PARAMS, 0.01, impedance=1.0), "impedance"),
    (lambda: vm.climb(PARAMS, 0.01, penetration=-1e-3), "penetration"),
    (lambda: vm.model_xml(PARAMS, "leading", height=0.01), "step_x must be given"),
    (lambda: vm.model_xml({"mass": 3.5}), "VacuumParams"),
    (lambda: vm.settle(PARAMS, "leading", settle_time=0.0), "settle_time"),
    (lambda: vm.max_climb_height(PARAMS, "diagonal"), "variant must be one of"),
])
def test_bad_input_is_refused_by_name(call, message):
    """Bad input raises ParameterError naming the parameter and what it allows."""
    with pytest.raises(ParameterError, match=message):
        call()


def test_the_motor_gain_is_the_parameters_drive_gain():
    """The velocity actuator's kv is drive_gain unless a gain is given."""
    assert 'kv="0.5"' in vm.model_xml(PARAMS, "leading")
    assert 'kv="0.25"' in vm.model_xml(VacuumParams(drive_gain=0.25), "leading")
    assert 'kv="0.75"' in vm.model_xml(PARAMS, "leading", gain=0.75)
