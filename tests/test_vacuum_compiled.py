"""Tests of robodyn.vacuum.compiled: each compiled function equals its readable version in
robodyn.vacuum (the grounds, the suspension's spring, the equations of motion, the speed
control), on random states that touch the step, and a climb integrated with them ends as
one integrated with the readable equations."""

import math

import numpy as np
import pytest

from robodyn import vacuum
from robodyn.core.integrate import solve
from robodyn.vacuum import compiled

SEED = 20261202
STEP = dict(step_x=0.05, height=0.018, fillet=0.003)
GROUNDS = {
    "floor": (compiled.FLOOR, 0.0, 0.0, 0.0),
    "step up": (compiled.STEP_UP, STEP["step_x"], STEP["height"], STEP["fillet"]),
    "step down": (compiled.STEP_DOWN, STEP["step_x"], STEP["height"], STEP["fillet"]),
}


def readable_ground(kind):
    """The same grounds for robodyn.vacuum's readable model."""
    if kind == "floor":
        return vacuum.flat_floor
    return vacuum.step_ground(**STEP, mirrored=kind == "step down")


def profile(kind):
    """The step's profile as one surface (robodyn.vacuum.step_distance), mirrored for the
    step down."""
    def at(point):
        if kind == "step up":
            return vacuum.step_distance(point, **STEP)
        distance, normal = vacuum.step_distance((2 * STEP["step_x"] - point[0], point[1]),
                                                **STEP)
        return distance, normal * [-1.0, 1.0]

    return at


def random_states(robot, rng, n):
    """n states (q, qd, torque) of the robot near the step, most of them touching it."""
    for _ in range(n):
        q = robot.static_state + rng.normal(0, 1, 5) * [0.03, 0.003, 0.05, 0.05, 1.0]
        q[0] = rng.uniform(-0.15, 0.1)              # wheel, mouth or edges at the step
        qd = rng.normal(0, 1, 5) * [0.3, 0.05, 0.5, 0.5, 8.0]
        yield q, qd, rng.uniform(-1.2, 1.2)


@pytest.mark.parametrize("kind", ["step up", "step down"])
def test_in_the_air_the_nearest_piece_is_the_profile(kind):
    """Above the ground, the nearest of the two pieces (floor, block) is the step's
    profile as one surface: the same distance and normal."""
    rng = np.random.default_rng(SEED)
    in_the_air = 0
    for x, z in rng.uniform([-0.05, -0.01], [0.15, 0.03], (800, 2)):
        expected, normal = profile(kind)((x, z))
        if expected <= 0.0:
            continue
        in_the_air += 1
        got = compiled.ground_distance(x, z, GROUNDS[kind])
        assert got == pytest.approx((expected, *normal), abs=1e-13)
    assert in_the_air > 400
    assert compiled.ground_distance(0.3, 0.004, GROUNDS["floor"]) == (0.004, 0.0, 1.0)


def block_outline(step_x, height, fillet, n=20_001):
    """The block's surface as a dense polyline: the face from below the floor, the fillet,
    the top."""
    face = np.c_[np.full(n, step_x), np.linspace(-0.05, height - fillet, n)]
    angle = np.linspace(np.pi, np.pi / 2, n)
    arc = np.c_[step_x + fillet * (1 + np.cos(angle)), height - fillet * (1 - np.sin(angle))]
    top = np.c_[np.linspace(step_x + fillet, step_x + 0.1, n), np.full(n, height)]
    return np.vstack([face, arc, top])


@pytest.mark.parametrize("fillet", [0.003, 0.0])
def test_the_block_distance_is_the_distance_to_its_outline(fillet):
    """A second method: the distance to a dense polyline of the block's surface, negative
    inside (x > step_x, z < height, and not in the rounded-off corner), and a normal that
    points from the nearest surface point to the point (or away from it, inside)."""
    step_x, height = 0.05, 0.018
    outline = block_outline(step_x, height, fillet)
    rng = np.random.default_rng(SEED + int(fillet * 1e4))
    for x, z in rng.uniform([0.0, -0.005], [0.1, 0.03], (400, 2)):
        distance, nx, nz = compiled.block_distance(x, z, step_x, height, fillet)
        gaps = np.hypot(outline[:, 0] - x, outline[:, 1] - z)
        nearest = outline[np.argmin(gaps)]
        corner = (x < step_x + fillet and z > height - fillet
                  and math.hypot(x - step_x - fillet, z - height + fillet) > fillet)
        inside = x > step_x and z < height and not corner
        assert distance == pytest.approx(-gaps.min() if inside else gaps.min(), abs=5e-6)
        if abs(distance) > 5e-4:                   # the normal, away from the surface
            direction = (np.array([x, z]) - nearest) / gaps.min() * (-1 if inside else 1)
            assert np.array([nx, nz]) @ direction > 0.99
        assert nx * nx + nz * nz == pytest.approx(1.0)


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_spring_equals_the_readable_one_between_and_past_the_stops(variant):
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    record = compiled.robot_constants(robot)[0]
    below, above = robot.rest - robot.bump - 0.05, robot.rest + robot.droop + 0.05
    for s in np.linspace(below, above, 41):
        for s_dot in (-0.7, 0.0, 0.4):
            assert compiled.spring_force(s, s_dot, record) == pytest.approx(
                robot.spring_force(s, s_dot), rel=1e-14, abs=1e-12)


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
@pytest.mark.parametrize("kind", GROUNDS)
def test_the_compiled_accelerations_equal_the_readable_equations(variant, kind):
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant, friction_scale=0.9)
    record = compiled.robot_constants(robot)[0]
    ground = readable_ground(kind)
    touching = 0
    for q, qd, torque in random_states(robot, np.random.default_rng(SEED), 150):
        expected, forces = robot.accelerations(q, qd, torque, ground)
        got_forces = np.full((5, 2), np.nan)
        got = compiled.accelerations(np.concatenate([q, qd]), torque, record, GROUNDS[kind],
                                     got_forces)
        np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(got_forces, list(forces.values()), rtol=1e-9, atol=1e-9)
        touching += sum(bool(np.any(f)) for f in forces.values())
    assert touching > 150                             # the contacts were exercised


def test_the_constants_are_the_robots():
    """Every field of the record comes from the robot (none left at zero by a forgotten
    line), the circles in the robot's order with its friction scale."""
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), "trailing", friction_scale=0.5)
    record = compiled.robot_constants(robot)[0]
    zero_allowed = {"rest"} if robot.side else {"rest", "arm_length"}
    for name in compiled.ROBOT.names:
        if name != "circles" and name not in zero_allowed:
            assert record[name] != 0.0, name
    assert record["side"] == -1.0 and record["mu_s"] == 0.5 * robot.p.mu_s
    for row, circle in zip(record["circles"], robot.circles, strict=True):
        assert tuple(row) == (*circle.centre, circle.radius, 0.5 * circle.mu)


def test_the_speed_control_is_the_readable_controller():
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), "leading")
    constants = compiled.robot_constants(robot)
    control = vacuum.speed_control(robot, 0.25, 0.4)
    torque_of = vacuum.speed_controller(robot, 0.25, 0.4)
    ground = readable_ground("step up")
    for q, qd, _ in random_states(robot, np.random.default_rng(SEED + 1), 50):
        y = np.concatenate([q, qd])
        q_dd, _ = robot.accelerations(q, qd, torque_of(qd), ground)
        got = compiled.speed_control_rhs(0.0, y, constants, GROUNDS["step up"], *control)
        np.testing.assert_allclose(got, np.concatenate([qd, q_dd]), rtol=1e-9, atol=1e-9)
        assert compiled.motor_rate(y, constants[0]) == pytest.approx(robot.motor_rate(qd))


def test_a_climb_integrated_with_the_readable_equations_ends_the_same():
    """A second method: the first 0.6 s of a climb at the step (wheel and mouth touching)
    with the readable equations and solve_ivp's LSODA, against vacuum.climb's run."""
    params = vacuum.VacuumParams()
    attempt = vacuum.climb(params, 0.018, "leading", gap=0.02, t_max=0.6)
    robot = vacuum.PlanarRobot(params, "leading")
    at_this_step = vacuum.step_ground(attempt.step_x, 0.018, params.fillet)
    torque_of = vacuum.speed_controller(robot, params.drive_speed)

    def rhs(t, y):
        q_dd, _ = robot.accelerations(y[:5], y[5:], torque_of(y[5:]), at_this_step)
        return np.concatenate([y[5:], q_dd])

    y0 = np.array([attempt.columns[name][0] for name in vacuum.STATE])
    readable = solve(rhs, (0.0, 0.6), y0, state_names=vacuum.STATE, method="LSODA",
                     t_eval=attempt.t, rtol=1e-6, atol=1e-9, max_step=2e-3)
    assert attempt.t[-1] == pytest.approx(0.6)
    assert max(abs(attempt.forces["wheel"][:, 0])) > 1.0       # it pushed against the face
    for name in ("x", "z", "pitch", "suspension"):
        np.testing.assert_allclose(attempt.columns[name], readable.columns[name],
                                   atol=2e-5, err_msg=name)
    assert math.isclose(attempt.wheel[-1], readable.wheel[-1], abs_tol=2e-3)


def test_the_cholesky_solve_equals_numpys():
    rng = np.random.default_rng(SEED)
    for n in (1, 2, 4, 6):
        A = rng.normal(size=(n, n))
        M = A @ A.T + n * np.eye(n)
        b = rng.normal(size=n)
        np.testing.assert_allclose(compiled.solve_symmetric(M, b), np.linalg.solve(M, b),
                                   rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_contact_histories_are_the_readable_forces_and_points(variant):
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    ground = readable_ground("step up")
    states, torques, expected_forces, expected_points = [], [], [], []
    for q, qd, torque in random_states(robot, np.random.default_rng(SEED + 2), 60):
        states.append(np.concatenate([q, qd]))
        torques.append(torque)
        _, forces = robot.accelerations(q, qd, torque, ground)
        expected_forces.append(list(forces.values()))
        expected_points.append(list(robot.contact_points(q, ground).values()))
    forces, points = compiled.contact_histories(np.array(states), np.array(torques),
                                                compiled.robot_constants(robot),
                                                GROUNDS["step up"])
    assert list(forces_names(robot)) == list(robot.contact_points(q, ground))
    np.testing.assert_allclose(forces, expected_forces, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(points, expected_points, rtol=1e-12, atol=1e-15)
    assert np.count_nonzero(forces) > 60


def forces_names(robot):
    return ("wheel", *(circle.name for circle in robot.circles))


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_lock_is_the_readable_constrained_system(variant):
    """locked_torque (two evaluations, the accelerations being affine in the torque) is
    the multiplier of the constraint in the readable [M, -G^T; G, 0] system, and the locked
    motion keeps the motors' acceleration at zero."""
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    constants = compiled.robot_constants(robot)
    floor = GROUNDS["floor"]
    for q, qd, _ in random_states(robot, np.random.default_rng(SEED + 3), 50):
        y = np.concatenate([q, qd])
        q_dd, held = vacuum.braking._locked_accelerations(robot, q, qd, vacuum.flat_floor)
        assert compiled.locked_torque(y, constants[0], floor) == pytest.approx(held, rel=1e-9,
                                                                              abs=1e-12)
        y_dot = compiled.locked_rhs(0.0, y, constants, floor)
        np.testing.assert_allclose(y_dot, np.concatenate([qd, q_dd]), rtol=1e-9, atol=1e-9)
        scale = np.abs(y_dot[5:]).max()
        assert abs(y_dot[9] + y_dot[7] - robot.side * y_dot[8]) < 1e-12 * scale


def central_jacobian(rates, y, h=1e-7):
    """d rates / d y by central differences, each state moved by h times max(|y_j|, 1)
    (its own unit)."""
    J = np.empty((y.size, y.size))
    for j in range(y.size):
        step = h * max(abs(y[j]), 1.0)
        up, down = y.copy(), y.copy()
        up[j] += step
        down[j] -= step
        J[:, j] = (rates(up) - rates(down)) / (up[j] - down[j])
    return J


def assert_jacobian_close(got, expected):
    """Forward against central differences: equal to 1e-4 of each entry or 1e-5 of the
    matrix's largest entry (a contact's stiffness over a mass, or the telescopic slider's
    tiny mass), the rounding of the rates over the forward step."""
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5 * np.abs(expected).max())


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_speed_control_jacobian_is_the_readable_rates_derivative(variant):
    """speed_control_jac, the Jacobian the stiff solver is given, is the derivative of the
    readable model's rates (PlanarRobot.accelerations under speed_controller) by central
    differences, on states that touch the step; the position's column is zero on the floor
    only where nothing depends on x, the wheel's turn column always."""
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    constants = compiled.robot_constants(robot)
    control = vacuum.speed_control(robot, 0.25, 0.4)
    torque_of = vacuum.speed_controller(robot, 0.25, 0.4)
    ground = readable_ground("step up")

    def rates(y):
        q_dd, _ = robot.accelerations(y[:5], y[5:], torque_of(y[5:]), ground)
        return np.concatenate([y[5:], q_dd])

    stiff = 0
    for q, qd, _ in random_states(robot, np.random.default_rng(SEED + 4), 25):
        y = np.concatenate([q, qd])
        J = compiled.speed_control_jac(0.0, y, constants, GROUNDS["step up"], *control)
        assert_jacobian_close(J, central_jacobian(rates, y))
        np.testing.assert_array_equal(J[:5], np.eye(10)[5:])     # d q / dt = qd
        assert not J[:, 4].any()                      # nothing depends on the wheel's turn
        stiff += np.abs(J).max() > 1e4                # a contact's stiffness over a mass
    assert stiff > 10


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_locked_jacobian_is_the_readable_locked_rates_derivative(variant):
    """locked_jac is the derivative of the readable constrained system's rates
    (_locked_accelerations) by central differences, on the floor."""
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    constants = compiled.robot_constants(robot)

    def rates(y):
        q_dd, _ = vacuum.braking._locked_accelerations(robot, y[:5], y[5:], vacuum.flat_floor)
        return np.concatenate([y[5:], q_dd])

    for q, qd, _ in random_states(robot, np.random.default_rng(SEED + 5), 15):
        q[1] = robot.static_state[1] + 1e-4 * (q[1] - robot.static_state[1])  # on the floor
        y = np.concatenate([q, qd])
        J = compiled.locked_jac(0.0, y, constants, GROUNDS["floor"])
        assert_jacobian_close(J, central_jacobian(rates, y))
