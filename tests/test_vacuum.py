"""Tests of robodyn.vacuum (chapter 7): parameters, the filleted step, the static wheel load of
the suspensions, the sliding stop and the height bisection, the planar model (rest, driving,
energy, contact power) and its scenarios (climbing, braking, driving off)."""

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from robodyn import vacuum
from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import SimulationResult
from robodyn.core.parallel import run_parallel
from robodyn.core.params import SOURCES
from robodyn.diffdrive import DiffDriveParams
from robodyn.diffdrive.waypoints import FollowerSettings

SEED = 20240700
STEP = dict(step_x=0.10, height=0.019, fillet=0.003)


def profile_points(step_x, height, fillet, n=20_001):
    """The step's surface as a dense polyline: floor, face, fillet arc, top."""
    floor = np.c_[np.linspace(step_x - 0.2, step_x, n), np.zeros(n)]
    face = np.c_[np.full(n, step_x), np.linspace(0.0, height - fillet, n)]
    angle = np.linspace(np.pi, np.pi / 2, n)
    arc = np.c_[step_x + fillet + fillet * np.cos(angle), height - fillet + fillet * np.sin(angle)]
    top = np.c_[np.linspace(step_x + fillet, step_x + 0.2, n), np.full(n, height)]
    return np.vstack([floor, face, arc, top])


def inside_solid(x, z, step_x, height, fillet):
    if z < 0:
        return True
    if x <= step_x or z >= height:
        return False
    cx, cz = step_x + fillet, height - fillet
    return not (x < cx and z > cz and math.hypot(x - cx, z - cz) > fillet)


def test_the_default_parameters_hold_the_thesis_numbers():
    p = vacuum.VacuumParams()
    assert (p.body_length, p.body_width, p.body_height) == (0.36, 0.35, 0.10)
    assert p.spring_rate == 470.0 and p.spring_free_length == 0.05
    assert p.wheel_mass == 0.0608 and p.fillet == 0.003 and p.drive_speed == 0.3
    assert 1.01 <= p.mu_s <= 1.16 and p.mu_k < p.mu_s
    # the thesis's range of mu_s is tan of its angles 45.3 to 49.1 deg
    assert math.tan(math.radians(45.3)) == pytest.approx(1.01, abs=0.005)


@pytest.mark.parametrize("change, message", [
    (dict(mu_k=1.2), "mu_k = 1.2 must not exceed mu_s"),
    (dict(mass=-1.0), "mass"),
    (dict(wheel_radius=float("nan")), "wheel_radius"),
    (dict(wheel_mass=4.0), r"2 \(wheel_mass \+ motor_mass\) = 8.3 kg must be less than"),
    (dict(arm_angle=2.0), "arm_angle"),
    (dict(cog_behind=0.15), "cog_behind = 0.15 m must lie between the axle"),
])
def test_bad_parameters_are_refused_by_name(change, message):
    with pytest.raises(ParameterError, match=message):
        vacuum.VacuumParams(**change)


def test_step_distance_matches_a_brute_force_distance_to_the_profile():
    rng = np.random.default_rng(SEED)
    surface = profile_points(**STEP)
    for _ in range(400):
        point = np.array([rng.uniform(0.05, 0.15), rng.uniform(-0.01, 0.04)])
        distance, normal = vacuum.step_distance(point, **STEP)
        nearest = np.min(np.hypot(*(surface - point).T))
        sign = -1.0 if inside_solid(*point, **STEP) else 1.0
        assert distance == pytest.approx(sign * nearest, abs=2e-5), point
        assert np.linalg.norm(normal) == pytest.approx(1.0)
        # the normal points from the nearest surface point to the point (outside)
        if distance > 1e-4:
            foot = point - distance * normal
            assert np.min(np.hypot(*(surface - foot).T)) < 2e-5


def test_step_distance_is_continuous_across_face_fillet_and_top():
    # along a path 2 mm outside the profile, over the face, the fillet and the top
    x0, h, f = STEP["step_x"], STEP["height"], STEP["fillet"]
    angles = np.linspace(np.pi, np.pi / 2, 200)
    path = np.vstack([np.c_[np.full(50, x0 - 0.002), np.linspace(0.005, h - f, 50)],
                      np.c_[x0 + f + (f + 0.002) * np.cos(angles),
                            h - f + (f + 0.002) * np.sin(angles)],
                      np.c_[np.linspace(x0 + f, x0 + 0.05, 50), np.full(50, h + 0.002)]])
    distances = [vacuum.step_distance(p, **STEP)[0] for p in path]
    np.testing.assert_allclose(distances, 0.002, atol=1e-12)
    normals = np.array([vacuum.step_distance(p, **STEP)[1] for p in path])
    assert np.all(np.abs(np.diff(normals, axis=0)) < 0.02)          # turns smoothly
    np.testing.assert_allclose(normals[0], [-1.0, 0.0])
    np.testing.assert_allclose(normals[-1], [0.0, 1.0])


def test_step_distance_on_the_floor_and_inside():
    d, n = vacuum.step_distance([0.0, 0.004], **STEP)
    assert d == pytest.approx(0.004) and n.tolist() == [0.0, 1.0]
    d, n = vacuum.step_distance([0.0, -0.001], **STEP)
    assert d == pytest.approx(-0.001)
    d, n = vacuum.step_distance([0.1005, 0.010], **STEP)              # 0.5 mm into the face
    assert d == pytest.approx(-0.0005) and n.tolist() == [-1.0, 0.0]
    d, n = vacuum.step_distance([0.13, 0.0185], **STEP)               # 0.5 mm below the top
    assert d == pytest.approx(-0.0005) and n.tolist() == [0.0, 1.0]
    # a sharp edge (no fillet): the corner is a point
    d, n = vacuum.step_distance([0.097, 0.023], step_x=0.1, height=0.019, fillet=0.0)
    assert d == pytest.approx(0.005) and n == pytest.approx([-0.6, 0.8])


@pytest.mark.parametrize("kwargs, message", [
    (dict(point=[0.0, 0.0, 0.0]), "point must have shape"),
    (dict(point=[float("nan"), 0.0]), "point"),
    (dict(fillet=0.03), "fillet = 0.03 m must not exceed"),
    (dict(height=-0.01), "height"),
])
def test_bad_step_input_is_refused(kwargs, message):
    arguments = dict(point=[0.0, 0.01], **STEP)
    arguments.update(kwargs)
    with pytest.raises(ParameterError, match=message):
        vacuum.step_distance(**arguments)


def moment_balance_load(spring_force, b, a, phi, R, c, variant, W):
    """The load N that zeroes the moments about the pivot, from the vectors of each force."""
    side = 1.0 if variant == "leading" else -1.0
    axle = np.array([side * a * math.cos(phi), -a * math.sin(phi)])
    contact = axle - [0.0, R]
    down = -side                      # the spring's moment that pushes the wheel down

    def cross(r, f):                  # the z moment of a force f at r
        return r[0] * f[1] - r[1] * f[0]

    def moments(N):
        floor = cross(contact, [c * N, N])
        weight = cross(axle, [0.0, -W])
        return floor + weight + down * spring_force * b

    # moments are linear in N: solve m(0) + N (m(1) - m(0)) = 0
    return -moments(0.0) / (moments(1.0) - moments(0.0))


def test_wheel_load_is_the_moment_balance_about_the_pivot():
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        F, b, a = rng.uniform(5, 20), rng.uniform(0.01, 0.05), rng.uniform(0.02, 0.08)
        phi, R = rng.uniform(0, 1.2), rng.uniform(0.02, 0.05)
        c, W = rng.uniform(0, 0.4), rng.uniform(0, 1.0)
        for variant in ("leading", "trailing"):
            try:
                load = vacuum.wheel_load(F, b, a, phi, R, c, variant, W)
            except ParameterError:
                continue
            assert load == pytest.approx(moment_balance_load(F, b, a, phi, R, c, variant, W),
                                         rel=1e-12)


def test_traction_unloads_a_leading_wheel_and_loads_a_trailing_one():
    geometry = (12.0, 0.03, 0.04, math.radians(20), 0.036)
    without = vacuum.wheel_load(*geometry, traction=0.0, variant="leading")
    assert vacuum.wheel_load(*geometry, traction=0.0, variant="trailing") == pytest.approx(
        without)
    assert vacuum.wheel_load(*geometry, traction=0.5, variant="leading") < without
    assert vacuum.wheel_load(*geometry, traction=0.5, variant="trailing") > without
    assert vacuum.wheel_load(*geometry, traction=0.9, variant="telescopic") == 12.0
    with pytest.raises(ParameterError, match="trailing link jams"):
        vacuum.wheel_load(*geometry, traction=1.2, variant="trailing")
    with pytest.raises(ParameterError, match="variant"):
        vacuum.wheel_load(*geometry, traction=0.2, variant="swing")


def test_sliding_stop_against_an_integrated_slide():
    def slide(t, state, mu):
        return [state[1], -mu * 9.81]

    def stopped(t, state, mu):
        return state[1]
    stopped.terminal = True
    for v0, mu in ((0.3, 1.0), (0.3, 0.5), (1.2, 0.97)):
        run = solve_ivp(slide, (0, 10), [0.0, v0], args=(mu,), events=stopped, rtol=1e-12,
                        atol=1e-14)
        assert vacuum.sliding_stop(v0, mu) == pytest.approx(run.y[0, -1], rel=1e-9)
    np.testing.assert_allclose(vacuum.sliding_stop([0.1, 0.2], 1.0),
                               [0.1**2, 0.2**2] / np.array(2 * 9.81))
    with pytest.raises(ParameterError, match="mu"):
        vacuum.sliding_stop(0.3, 0.0)


def test_bisect_height_returns_the_climbed_end():
    limit = 0.0193
    search = vacuum.bisect_height(lambda h: h <= limit, 0.005, 0.04, tol=1e-4)
    assert search.height <= limit < search.height + 1e-4
    heights = [h for h, _ in search.attempts]
    assert heights[:2] == [0.005, 0.04] and len(heights) == 2 + math.ceil(
        math.log2(0.035 / 1e-4))
    assert all(ok == (h <= limit) for h, ok in search.attempts)
    with pytest.raises(ParameterError, match="does not climb low"):
        vacuum.bisect_height(lambda h: False, 0.005, 0.04)
    with pytest.raises(ParameterError, match="climbs high"):
        vacuum.bisect_height(lambda h: True, 0.005, 0.04)
    with pytest.raises(ParameterError, match="must exceed low"):
        vacuum.bisect_height(lambda h: True, 0.04, 0.005)


# --------------------------------------------------------------------------- the planar model


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_robot_at_rest_stays_in_its_static_state(variant):
    params = vacuum.VacuumParams()
    robot = vacuum.PlanarRobot(params, variant)
    run = vacuum.drive(robot, t_end=0.5, speed=0.0)
    t, (q, qd) = run.t, vacuum.coordinates(run)
    np.testing.assert_allclose(q[:, :4], np.broadcast_to(q[0, :4], (len(t), 4)), atol=1e-8)
    assert q[0, 3] == pytest.approx(robot.rest)                      # suspension at rest
    _, forces = robot.accelerations(q[-1], qd[-1], 0.0, vacuum.flat_floor)
    normals = {name: force[1] for name, force in forces.items()}
    assert sum(normals.values()) == pytest.approx(params.mass * params.g, rel=1e-8)
    # moments about the caster: the axle carries the weight's share behind it
    caster_x = robot.circles[0].centre[0]
    axle_x = robot.axle_rest[0]
    share = (robot.m_c * caster_x + robot.m_w * (caster_x - axle_x)) / (caster_x - axle_x)
    assert normals["wheel"] == pytest.approx(share * params.g, rel=0.01)
    # the static penetration of the wheel is its load over the stiffness
    depth = robot.static_state[1] - params.cog_height
    assert -depth == pytest.approx(normals["wheel"] / robot.k, rel=0.3)


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_driving_on_the_floor_reaches_the_drive_speed(variant):
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    run = vacuum.drive(robot, t_end=3.0, speed=0.3, gain=0.5)
    t, (_, qd), torque = run.t, vacuum.coordinates(run), run.torque
    # over the last second (about one period of the body's slow rocking on its springs)
    last = t >= 2.0
    speed = qd[last, 0].mean()
    assert speed == pytest.approx(0.3, rel=0.015)
    # what is missing is the proportional controller's steady error: the torque that holds
    # the speed against the caster's drag, over the gain, at the wheel's rim
    lag = torque[last].mean() / 0.5 * robot.p.wheel_radius
    assert 0 < lag and speed + lag == pytest.approx(0.3, rel=5e-3)
    rim = qd[-1, 4] * robot.p.wheel_radius
    assert rim == pytest.approx(qd[-1, 0], abs=2e-3)                 # rolling, barely slipping
    assert np.abs(torque).max() == pytest.approx(2 * robot.p.torque_limit)   # it saturated


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_energy_is_conserved_in_a_drop_without_dissipation(variant):
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant, zeta=0.0, suspension_zeta=0.0,
                               friction_scale=0.0)
    start = robot.static_state.copy()
    start[1] += 0.005                                                  # 5 mm up, tilted
    start[2] += 0.02
    run = vacuum.drive(robot, t_end=0.6, speed=0.0, gain=0.0, start=start, dt=0.001)
    q, qd = vacuum.coordinates(run)
    energy = np.array([robot.energy(a, b, vacuum.flat_floor) for a, b in zip(q, qd,
                                                                         strict=True)])
    drop = robot.p.mass * robot.p.g * 0.005
    assert np.ptp(energy) < 1e-3 * drop
    assert np.ptp(q[:, 1]) > 0.002                                     # it did fall and bounce
    damped = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    run = vacuum.drive(damped, t_end=0.6, speed=0.0, gain=0.0, start=start)
    q, qd = vacuum.coordinates(run)
    after = damped.energy(q[-1], qd[-1], vacuum.flat_floor)
    assert after < damped.energy(q[0], qd[0], vacuum.flat_floor) - 0.5 * drop


def test_a_low_step_is_climbed_and_a_wall_stalls():
    params = vacuum.VacuumParams()
    low = vacuum.climb(params, 0.005, "leading", t_max=3.0)
    assert low.climbed and low.t_end < 1.5
    assert low.wheel_z[-1] > 0.005 + 0.5 * params.wheel_radius
    wall = vacuum.climb(params, 0.04, "leading", t_max=3.0)
    assert wall.outcome == "stalled" and wall.t_end < 1.5
    # the body's front edge (20 mm up) meets a 40 mm face first and holds the robot
    assert max(np.linalg.norm(wall.forces["front edge"], axis=1)) > 10


def test_bad_model_input_is_refused():
    with pytest.raises(ParameterError, match="variant"):
        vacuum.PlanarRobot(vacuum.VacuumParams(), "swing")
    with pytest.raises(ParameterError, match="height"):
        vacuum.climb(vacuum.VacuumParams(), -0.01)
    with pytest.raises(ParameterError, match="penetration"):
        vacuum.PlanarRobot(vacuum.VacuumParams(), "leading", penetration=0.0)


def test_the_contacts_generalised_forces_deliver_their_power():
    """Q_contact . q_dot equals the sum of F . v over the contacts, the velocities of the
    contact points found by finite differences of their positions (the wheel's rim point
    moving with the wheel's turn): a check of every Jacobian and moment arm."""
    rng = np.random.default_rng(SEED)
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), "trailing")
    floor_height = 0.0015                    # a floor raised into the wheel, caster and mouth

    def ground(point):
        return float(point[1] - floor_height), np.array([0.0, 1.0])

    def far(point):
        return 1.0, np.array([0.0, 1.0])

    for _ in range(20):
        q = robot.static_state + rng.normal(0, 1, 5) * [1e-3, 1e-4, 0.02, 0.02, 1.0]
        qd = rng.normal(0, 1, 5) * [0.3, 0.02, 0.5, 0.5, 8.0]
        _, _, with_contact, forces = robot.terms(q, qd, 0.0, ground)
        _, _, without, _ = robot.terms(q, qd, 0.0, far)
        power = float((with_contact - without) @ qd)
        h = 1e-7
        expected = 0.0
        for name, force in forces.items():
            if name == "wheel":
                def point(state, q=q):
                    w, _, _ = robot.wheel_in_chassis(state[3])
                    centre = state[0:2] + vacuum.planar._rot(state[2]) @ w
                    # the rim's material point now at the bottom, turned forward (clockwise)
                    # with the wheel by the angle turned since q
                    turned = state[4] - q[4]
                    return centre + robot.p.wheel_radius * np.array(
                        [-math.sin(turned), -math.cos(turned)])
            else:
                circle = next(c for c in robot.circles if c.name == name)

                def point(state, circle=circle):
                    centre = state[0:2] + vacuum.planar._rot(state[2]) @ np.asarray(circle.centre)
                    return centre + [0.0, -circle.radius]
            velocity = (point(q + h * qd) - point(q - h * qd)) / (2 * h)
            expected += float(force @ velocity)
        assert power == pytest.approx(expected, rel=1e-5, abs=1e-6)


# --------------------------------------------------------------------------- scenarios


def profile_ground(step_x=0.05, height=0.018, fillet=0.003):
    def ground(point):
        return vacuum.step_distance(point, step_x, height, fillet)

    return ground


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_the_motor_does_work_at_the_motor_rate(variant):
    """The motor's generalised forces (on the wheel, with the reaction on the arm) deliver
    the power torque * motor_rate: the rate its encoder sees and its speed control uses."""
    rng = np.random.default_rng(SEED + 1)
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    for _ in range(20):
        q = robot.static_state + rng.normal(0, 1, 5) * [0.0, 0.0, 0.05, 0.05, 1.0]
        qd = rng.normal(0, 1, 5) * [0.3, 0.05, 0.5, 0.5, 8.0]
        _, _, driven, _ = robot.terms(q, qd, 0.7, vacuum.flat_floor)
        _, _, idle, _ = robot.terms(q, qd, 0.0, vacuum.flat_floor)
        assert float((driven - idle) @ qd) == pytest.approx(0.7 * robot.motor_rate(qd))


def locked_slide_distance(robot, speed):
    """The locked robot's stopping distance in closed form: wheel (kinetic) and caster slide,
    their loads from the moment balance about the centre of gravity of the decelerating robot
    (N_w d_w - N_c d_c - h (mu_k N_w + mu_c N_c) = 0, N_w + N_c = m g), a = friction / m."""
    p = robot.p
    d_w, d_c = p.cog_behind, p.caster_behind - p.cog_behind
    h = robot.static_state[1]                         # the centre of gravity over the floor
    mu_c = robot.circles[0].mu
    weight = p.mass * p.g
    N_w = weight * (d_c + h * mu_c) / (d_w - h * p.mu_k + d_c + h * mu_c)
    N_c = weight - N_w
    assert 0 < N_c < weight                           # no nose-dive onto the mouth
    deceleration = (p.mu_k * N_w + mu_c * N_c) / p.mass
    return speed**2 / (2 * deceleration)


def test_a_locked_telescopic_robot_slides_to_the_closed_form_stop():
    """The locked wheel slides (kinetic friction), the caster drags: the robot stops in
    v^2 / (2 a) with a = (mu_k N_w + mu_c N_c) / m for the loads N it had on the way, which
    lie between the static loads and the fully transferred ones of the closed form (the stop
    takes 35 ms, shorter than the body's pitch on its springs)."""
    params = vacuum.VacuumParams()
    run = vacuum.brake(params, "lock", "telescopic", speed=0.3)
    robot = vacuum.PlanarRobot(params, "telescopic")
    # the slide: while the wheel's friction is kinetic (afterwards the body pitches forward
    # over the stopped wheel and turns it on by a fraction of a millimetre)
    ratio = -run.wheel_force[:, 0] / run.wheel_force[:, 1]
    end = np.argmax(ratio < 0.99 * params.mu_k)
    assert np.allclose(ratio[:end], params.mu_k, rtol=1e-3)
    N_w = run.wheel_force[:end, 1].mean()
    N_c = params.mass * params.g - N_w
    mu_c = robot.circles[0].mu
    deceleration = (params.mu_k * N_w + mu_c * N_c) / params.mass
    wheel_x = [robot.wheel_centre(q)[0] for q in vacuum.coordinates(run)[0][[0, end]]]
    # to 5 %: the load moves onto the wheel during the slide, so the deceleration grows and
    # the formula with the slide's mean load is a little short (3.4 %)
    assert wheel_x[1] - wheel_x[0] == pytest.approx(0.3**2 / (2 * deceleration), rel=0.05)
    assert run.distance == pytest.approx(wheel_x[1] - wheel_x[0], abs=1e-3)
    static_share = (params.caster_behind - params.cog_behind) / params.caster_behind
    weight = params.mass * params.g
    assert static_share * weight < N_w < weight
    assert run.distance > locked_slide_distance(robot, 0.3)
    # the lock holds the motor still: the wheel turns only with the chassis's pitch
    rates = np.array([robot.motor_rate(v) for v in vacuum.coordinates(run)[1]])
    assert np.abs(rates).max() < 1e-6
    # and against the book's simplest bound: all the weight on the sliding wheel
    assert run.distance > vacuum.sliding_stop(0.3, params.mu_k, params.g)


@pytest.mark.parametrize("mode", vacuum.BRAKE_MODES)
def test_every_brake_mode_stops_the_robot(mode):
    run = vacuum.brake(vacuum.VacuumParams(), mode, "leading", speed=0.3)
    assert 0.002 < run.distance < 0.05 and 0.0 < run.t_stop < 0.5
    assert run.x_dot[0] == pytest.approx(0.3)
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), "leading")
    wheel_x = np.array([robot.wheel_centre(q)[0] for q in vacuum.coordinates(run)[0]])
    i = np.searchsorted(run.t, run.t_stop)
    assert wheel_x[i] - wheel_x[0] == pytest.approx(run.distance)
    assert np.all(np.diff(wheel_x[: i + 1]) > 0.0) and wheel_x[i + 1] <= wheel_x[i]
    if mode == "short circuit":
        expected = [-2 * robot.p.short_circuit_damping * robot.motor_rate(v)
                    for v in vacuum.coordinates(run)[1]]
        np.testing.assert_allclose(run.torque, expected)


@pytest.fixture(scope="module")
def braking_table():
    """Chapter 7's braking table: every suspension with every mode, from 0.3 m/s."""
    params = vacuum.VacuumParams()
    return {(v, m): vacuum.brake(params, m, v)
            for v in vacuum.SUSPENSIONS for m in vacuum.BRAKE_MODES}


def test_the_body_travels_farther_than_all_the_weight_sliding(braking_table):
    """Measured at the body (the chassis's centre of gravity; the thesis reads its robot's
    frame), every run travels farther than a body sliding on all its weight, 4.33 mm; the
    leading lock's wheel centre stops inside that bound, at 4.20 mm, its body at 6.35 mm."""
    params = vacuum.VacuumParams()
    bound = vacuum.sliding_stop(0.3, params.mu_k, params.g)
    assert bound == pytest.approx(4.33e-3, abs=5e-6)
    for run in braking_table.values():
        q = vacuum.coordinates(run)[0]
        assert run.body_distance == pytest.approx(q[:, 0].max() - q[0, 0], abs=1e-15)
        assert run.body_distance > bound
    lock = braking_table["leading", "lock"]
    assert lock.distance == pytest.approx(4.20e-3, abs=5e-6) and lock.distance < bound
    assert lock.body_distance == pytest.approx(6.35e-3, abs=5e-6)


def test_counter_braking_stops_the_body_shorter_than_the_lock_as_in_the_thesis(braking_table):
    """The thesis's model stops shorter counter-braking (7.19 mm) than with zero wheel speed
    (7.8 mm); measured at the body, so does this one for every suspension. The page's
    ranges: lock 6.4 to 10.1 mm (the trailing link's the longest), counter 5.9 to 9.9 mm,
    short circuit 15 to 19 mm."""
    body = {key: 1e3 * run.body_distance for key, run in braking_table.items()}
    for v in vacuum.SUSPENSIONS:
        assert body[v, "counter"] < body[v, "lock"]
    locks = [body[v, "lock"] for v in vacuum.SUSPENSIONS]
    counters = [body[v, "counter"] for v in vacuum.SUSPENSIONS]
    shorted = [body[v, "short circuit"] for v in vacuum.SUSPENSIONS]
    assert (round(min(locks), 1), round(max(locks), 1)) == (6.4, 10.1)
    assert max(locks) == body["trailing", "lock"]
    assert (round(min(counters), 1), round(max(counters), 1)) == (5.9, 9.9)
    assert (round(min(shorted)), round(max(shorted))) == (15, 19)


def test_bad_brake_input_is_refused():
    with pytest.raises(ParameterError, match="mode"):
        vacuum.brake(vacuum.VacuumParams(), "handbrake")
    with pytest.raises(ParameterError, match="speed"):
        vacuum.brake(vacuum.VacuumParams(), "lock", speed=-0.3)
    with pytest.raises(ParameterError, match="raise t_end"):
        vacuum.brake(vacuum.VacuumParams(), "counter", t_end=0.01)


def test_driving_off_a_step_lands_and_settles():
    params = vacuum.VacuumParams()
    run = vacuum.drive_off(params, 0.019, "leading")
    assert 0.3 < run.t_landed < 2.0
    assert 0.0 < run.settling_time < 2.0
    after = run.t >= run.t_landed + run.settling_time
    assert np.ptp(run.pitch[after]) <= 2 * run.band
    # the robot ends on the floor, its wheel the height of the step below where it began
    robot = vacuum.PlanarRobot(params, "leading")
    start, end = (robot.wheel_centre(q) for q in vacuum.coordinates(run)[0][[0, -1]])
    assert end[1] == pytest.approx(start[1] - 0.019, abs=1e-4)
    with pytest.raises(ParameterError, match="height"):
        vacuum.drive_off(params, 0.0)


def test_max_climb_height_returns_its_deciding_attempt_bracketed_by_a_stall():
    """The search returns the highest attempt it climbed, the same as climbing that height
    again, within tol of an attempt that failed."""
    params = vacuum.VacuumParams()
    search = vacuum.max_climb_height(params, "telescopic", tol=5e-4)
    assert isinstance(search, SimulationResult) and search.climbed
    assert search.names[:10] == vacuum.STATE and (search.height, True) in search.attempts
    again = vacuum.climb(params, search.height, "telescopic")
    assert again.climbed and again.t_end == search.t_end
    np.testing.assert_array_equal(again.x, search.x)
    failed = [h for h, climbed in search.attempts if not climbed]
    assert min(failed) - search.height <= 5e-4


def test_a_trailing_link_climbs_a_step_a_leading_one_cannot():
    """19.5 mm lies between the two limits (18.8 and 20.7 mm, chapter 7): the trailing link
    climbs it, the leading one stalls."""
    params = vacuum.VacuumParams()
    assert vacuum.climb(params, 0.0195, "trailing").climbed
    assert not vacuum.climb(params, 0.0195, "leading").climbed


def test_a_climb_map_holds_every_outcome():
    result = vacuum.climb_map(vacuum.VacuumParams(), "leading", [0.005, 0.04], "speed",
                              [0.2, 0.3], progress=False)
    assert result.climbed.tolist() == [[True, True], [False, False]]
    np.testing.assert_array_equal(result.success_rate(), [1.0, 0.0])
    with pytest.raises(ParameterError, match="varied"):
        vacuum.climb_map(vacuum.VacuumParams(), "leading", [0.01], "mass", [3.0])


def test_contact_points_lie_on_the_circles_nearest_the_ground():
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), "leading")
    ground = profile_ground(step_x=0.1)
    q = robot.static_state
    for name, point in robot.contact_points(q, ground).items():
        centre, radius = robot.circle_centres(q)[name]
        assert np.linalg.norm(point - centre) == pytest.approx(radius)
        distance, _ = ground(centre)
        assert ground(point)[0] == pytest.approx(distance - radius, abs=1e-12)


def test_run_parallel_keeps_the_order_and_refuses_bad_workers():
    cases = [(vacuum.VacuumParams(), dict(height=h, variant="telescopic", t_max=1.5))
             for h in (0.005, 0.04)]
    expected = [vacuum.climb_outcome(*case) for case in cases]
    assert expected == [True, False]
    for workers in (1, 2):
        assert run_parallel(vacuum.climb_outcome, cases, workers=workers,
                                   progress=False) == expected
    with pytest.raises(ParameterError, match="workers"):
        run_parallel(vacuum.climb_outcome, cases, workers=0)
    with pytest.raises(ParameterError, match="each case"):
        vacuum.max_climb_heights([("leading", vacuum.VacuumParams())])


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_a_robot_set_down_settles_at_the_static_penetration_and_travel(variant):
    """Set down just touching the floor (no penetration, the suspension at rest), the robot
    sinks into its contacts and settles where the statics put it: the penetrations of its
    loads over k, the suspension's static travel."""
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(), variant)
    run = vacuum.drive(robot, t_end=3.0, speed=0.0, start=robot.rest_state())
    q, qd = vacuum.coordinates(run)
    # height, pitch and suspension (x moves by a fraction of a millimetre as the body
    # pitches into place while friction holds the contacts; the held friction also leaves the
    # angles a few 1e-5 rad from the frictionless statics)
    assert q[-1, 1] == pytest.approx(robot.static_state[1], abs=2e-6)
    np.testing.assert_allclose(q[-1, 2:4], robot.static_state[2:4], atol=1e-4)
    assert np.abs(qd[-1, :4]).max() < 1e-3
    _, forces = robot.accelerations(q[-1], qd[-1], 0.0, vacuum.flat_floor)
    sunk = robot.p.wheel_radius - robot.wheel_centre(q[-1])[1]
    assert sunk == pytest.approx(forces["wheel"][1] / robot.k, rel=0.02)


@pytest.mark.parametrize("option", ["gap", "t_max", "stall_time", "gain", "chunk", "speed"])
def test_bad_climb_options_are_refused_by_name(option):
    for value in (0.0, -1.0, float("nan"), "fast"):
        with pytest.raises(ParameterError, match=option):
            vacuum.climb(vacuum.VacuumParams(), 0.018, **{option: value})


@pytest.mark.parametrize("run, option", [(vacuum.brake, "gain"), (vacuum.brake, "t_end"),
                                         (vacuum.drive_off, "gap"), (vacuum.drive_off, "speed"),
                                         (vacuum.drive_off, "t_end")])
def test_bad_brake_and_drop_options_are_refused_by_name(run, option):
    first = 0.019 if run is vacuum.drive_off else "lock"
    with pytest.raises(ParameterError, match=option):
        run(vacuum.VacuumParams(), first, **{option: -1.0})


def test_a_climb_that_crawls_says_so():
    with pytest.raises(SimulationError, match="crawl"):
        vacuum.climb(vacuum.VacuumParams(), 0.018, max_evaluations=100)


@pytest.mark.parametrize("variant", vacuum.SUSPENSIONS)
def test_a_climb_with_the_compiled_jacobian_runs_as_with_lsodas_own(variant, monkeypatch):
    """The climb's solver is given the compiled Jacobian (speed_control_jac); without it,
    LSODA differences the equations itself: the same run to a micrometre (the first 0.6 s
    at the step, wheel and mouth pushing), and the evaluations count the Jacobians'."""
    params = vacuum.VacuumParams()
    given = vacuum.climb(params, 0.018, variant, gap=0.02, t_max=0.6)
    monkeypatch.setattr(vacuum.planar, "speed_control_jac", None)
    own = vacuum.climb(params, 0.018, variant, gap=0.02, t_max=0.6)
    assert max(abs(given.forces["wheel"][:, 0])) > 1.0          # it pushed against the face
    for name in ("x", "z", "suspension", "wheel_x", "wheel_z"):
        np.testing.assert_allclose(given.columns[name], own.columns[name], atol=1e-6,
                                   err_msg=name)
    np.testing.assert_allclose(given.pitch, own.pitch, atol=1e-5)
    assert 0.5 < given.evaluations / own.evaluations < 2.0


def test_edge_climb_height_is_the_last_step_whose_contact_angle_the_grip_holds():
    """Bisection on h for the largest step with tan(phi) < mu at the contact, phi from
    cos(phi) = (R - h + f) / (R + f); the limits mu -> infinity (R + f) and a sharp edge at
    mu = 1 (R (1 - 1/sqrt 2)); arrays of mu; bad input refused by name."""

    def held(h, R, f, mu):
        return math.tan(math.acos((R - h + f) / (R + f))) < mu

    for R, f, mu in ((0.044, 0.003, 1.06), (0.036, 0.003, 0.97), (0.044, 0.0, 0.4),
                     (0.03, 0.005, 2.5)):
        low, high = 0.0, R + f              # phi = 0 at h = 0, 90 deg at h = R + f
        for _ in range(100):
            middle = 0.5 * (low + high)
            low, high = (middle, high) if held(middle, R, f, mu) else (low, middle)
        assert vacuum.edge_climb_height(R, f, mu) == pytest.approx(low, rel=1e-12)
    for mu in (1e3, 1e6, 1e9):              # R + f - h = (R + f) / mu to first order
        assert 0.047 - vacuum.edge_climb_height(0.044, 0.003, mu) == pytest.approx(
            0.047 / mu, rel=1e-5)
    assert vacuum.edge_climb_height(0.044, 0.0, 1.0) == pytest.approx(
        0.044 * (1 - 1 / math.sqrt(2)), rel=1e-12)
    mus = np.array([[0.5, 1.0], [1.5, 2.0]])
    heights = vacuum.edge_climb_height(0.044, 0.003, mus)
    assert heights.shape == (2, 2) and np.all(np.diff(heights.ravel()) > 0)
    assert isinstance(vacuum.edge_climb_height(0.044, 0.003, 1.06), float)
    for kwargs, name in (({"wheel_radius": 0.0}, "wheel_radius"),
                         ({"fillet": -0.001}, "fillet"), ({"mu": 0.0}, "mu"),
                         ({"mu": [1.0, -0.2]}, "mu"), ({"mu": np.nan}, "mu")):
        arguments = {"wheel_radius": 0.044, "fillet": 0.003, "mu": 1.06, **kwargs}
        with pytest.raises(ParameterError, match=name):
            vacuum.edge_climb_height(**arguments)


def test_every_parameter_says_where_it_comes_from_and_shares_chapter_4s_values():
    """Each field of VacuumParams has a source and a note; the values chapter 4 declares are
    its declarations; the two fitted values say so."""
    params = vacuum.VacuumParams()
    rows = {row["name"]: row for row in params.field_table()}
    for name, row in rows.items():
        assert row["source"] in SOURCES and row["note"], name
    chapter_4 = {r["name"]: r for r in DiffDriveParams().field_table()}
    chapter_4["drive_speed"] = FollowerSettings().field_table()[1]
    shared = ("body_length", "body_width", "body_height", "mass", "track_width", "wheel_mass",
              "mu_s", "g", "drive_speed")
    for name in shared:
        assert rows[name] == {**chapter_4[name], "name": name}, name
    assert params.by_source()["fitted"] == ["mu_k", "wheel_radius"]
    assert params.wheel_radius != DiffDriveParams().wheel_radius


def test_the_drive_units_mass_and_the_contact_circles_follow_the_fields():
    """The drive units weigh 2 (wheel + motor); the circles take their radii and friction
    from the fields, and a change of a field moves them."""
    params = vacuum.VacuumParams(motor_mass=0.2, caster_radius=0.015, caster_mu=0.1,
                                 body_mu=0.4, edge_radius=0.004)
    assert params.drive_unit_mass == pytest.approx(2 * (0.0608 + 0.2))
    robot = vacuum.PlanarRobot(params)
    assert robot.m_w == params.drive_unit_mass
    assert robot.m_c == pytest.approx(params.mass - params.drive_unit_mass)
    circles = {c.name: c for c in robot.circles}
    assert (circles["caster"].radius, circles["caster"].mu) == (0.015, 0.1)
    assert circles["caster"].centre[1] == pytest.approx(0.015 - params.cog_height)
    assert circles["mouth"].mu == circles["front edge"].mu == 0.4
    assert circles["rear edge"].radius == 0.004
    assert circles["front edge"].centre[0] - circles["rear edge"].centre[0] == pytest.approx(
        params.body_length - 2 * 0.004)
    with pytest.raises(ParameterError, match="motor_mass"):
        vacuum.VacuumParams(motor_mass=1.7)
    with pytest.raises(ParameterError, match=r"track_width must be < body_width"):
        vacuum.VacuumParams(track_width=0.4)


def test_static_wheel_loads_agree_with_the_planar_model_at_rest():
    """The moment balance's loads and the side view's contact forces in its static state."""
    params = vacuum.VacuumParams()
    wheel, caster = vacuum.static_wheel_loads(params)
    assert 2 * wheel + caster == pytest.approx(params.mass * params.g)
    robot = vacuum.PlanarRobot(params)
    _, forces = robot.accelerations(robot.static_state, np.zeros(5), 0.0, vacuum.flat_floor)
    assert forces["wheel"][1] == pytest.approx(2 * wheel, rel=1e-3)
    assert forces["caster"][1] == pytest.approx(caster, rel=1e-3)
    with pytest.raises(ParameterError, match="VacuumParams"):
        vacuum.static_wheel_loads(DiffDriveParams())


def test_speeds_default_to_the_parameters_drive_speed():
    """A run without a speed drives at drive_speed; an explicit speed overrides it."""
    params = vacuum.VacuumParams(drive_speed=0.25)
    assert vacuum.brake(params, "counter").x_dot[0] == pytest.approx(0.25)
    assert vacuum.brake(params, "counter", speed=0.3).x_dot[0] == pytest.approx(0.3)
    run = vacuum.drive(vacuum.PlanarRobot(params), t_end=2.0)
    assert run.x_dot[-1] == pytest.approx(0.25, abs=0.01)
    assert run.names == (*vacuum.STATE, "torque") and run.evaluations > 0


def test_runs_are_simulation_results_and_their_tolerances_are_passed_on():
    """A braking run is a SimulationResult whose coordinates unpack to (q, qd); looser
    tolerances change it, within the run's own accuracy."""
    params = vacuum.VacuumParams()
    tight = vacuum.brake(params, "short circuit")
    loose = vacuum.brake(params, "short circuit", rtol=1e-4, atol=1e-7)
    q, qd = vacuum.coordinates(tight)
    assert q.shape == qd.shape == (tight.t.size, 5) and tight.success
    np.testing.assert_array_equal(q[:, 2], tight.pitch)
    assert loose.distance != tight.distance
    assert loose.distance == pytest.approx(tight.distance, rel=0.02)
    assert tight.wheel_force.shape == (tight.t.size, 2) and "stopped in" in tight.message
    with pytest.raises(ParameterError, match="rtol"):
        vacuum.climb(params, 0.01, rtol=0.0)


def test_step_profile_is_the_tests_polyline():
    """vacuum.step_profile lays out the same four pieces as this file's own profile."""
    np.testing.assert_allclose(vacuum.step_profile(0.1, 0.019, 0.003, n=501),
                               profile_points(0.1, 0.019, 0.003, n=501), atol=1e-15)
    with pytest.raises(ParameterError, match="n must be an integer >= 2"):
        vacuum.step_profile(0.1, 0.019, 0.003, n=1)


def test_wheel_stages_show_the_leading_wheel_unloaded_while_it_pushes():
    """Before the mouth touches, the wheel carries its static load; pushing the mouth up
    unloads the leading wheel more than the trailing one; at the edge T/N stays within mu_s
    and reaches mu_k."""
    params = vacuum.VacuumParams()
    wheel, _ = vacuum.static_wheel_loads(params)
    stages = {v: vacuum.wheel_stages(vacuum.climb(params, 0.018, v))
              for v in ("leading", "trailing")}
    for s in stages.values():
        assert s["before"] == pytest.approx(2 * wheel, rel=0.05)
        assert params.mu_k * 0.98 < s["friction_ratio"] <= params.mu_s * (1 + 1e-9)
    drop = {v: 1 - s["pushing"] / s["before"] for v, s in stages.items()}
    assert drop["leading"] > drop["trailing"] > 0.0
    with pytest.raises(ParameterError, match="window"):
        vacuum.wheel_stages(vacuum.climb(params, 0.01, t_max=0.3), window=0.0)


def test_the_weight_on_the_mouth_not_the_arm_takes_most_of_the_wheels_lost_load():
    """While the mouth is pushed up an 18 mm step, every wheel loses load (0.60, 0.84 and
    0.72 of before); the arm's moment balance (7.3), at the traction each wheel uses, comes
    close only for the leading wheel (0.66) and predicts no loss for the others (1.02,
    1.00); the mouth's load times its lever about the caster accounts for over 70 % of
    every loss, the lever as the geometry puts it, about 2.1."""
    p = vacuum.VacuumParams()
    shape = (1.0, p.spring_lever, p.arm_length, p.arm_angle, p.wheel_radius)
    simulated, balance = {}, {}
    for v in vacuum.SUSPENSIONS:
        s = vacuum.wheel_stages(vacuum.climb(p, 0.018, v))
        simulated[v] = s["pushing"] / s["before"]
        balance[v] = (vacuum.wheel_load(*shape, s["traction"], v)
                      / vacuum.wheel_load(*shape, s["traction_before"], v))
        lever_low = (p.caster_behind + p.mouth_ahead) / p.caster_behind
        lever_high = (p.caster_behind + p.mouth_ahead + p.mouth_radius) / p.caster_behind
        assert lever_low < s["mouth_lever"] < lever_high
        by_the_lip = s["mouth_load"] * s["mouth_lever"]
        assert by_the_lip > 0.7 * (s["before"] - s["pushing"])
    assert {v: round(x, 2) for v, x in simulated.items()} == {
        "leading": 0.60, "trailing": 0.84, "telescopic": 0.72}
    assert {v: round(x, 2) for v, x in balance.items()} == {
        "leading": 0.66, "trailing": 1.02, "telescopic": 1.00}
    assert all(x < 1.0 for x in simulated.values())
    assert balance["trailing"] >= 1.0 and balance["telescopic"] == 1.0


def test_the_speed_controller_takes_the_parameters_gain_unless_told():
    """speed_controller's gain defaults to drive_gain; an explicit gain overrides it."""
    robot = vacuum.PlanarRobot(vacuum.VacuumParams(drive_gain=0.2))
    target = 0.3 / robot.p.wheel_radius
    still = np.zeros(5)
    assert vacuum.speed_controller(robot, 0.3)(still) == pytest.approx(
        min(0.2 * target, 2 * robot.p.torque_limit))
    assert vacuum.speed_controller(robot, 0.01, gain=0.1)(still) == pytest.approx(
        0.1 * 0.01 / robot.p.wheel_radius)
