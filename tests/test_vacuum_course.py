"""Tests of robodyn.vacuum.course (chapter 7): the waypoint course of the vacuum robot with
friction-limited wheel traction, against closed forms and the differential-drive chapter."""

import math

import numpy as np
import pytest

from robodyn import diffdrive
from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.diffdrive.waypoints import FollowerSettings
from robodyn.vacuum import VacuumParams, sliding_stop, static_wheel_loads
from robodyn.vacuum import course as vacuum_course
from robodyn.vacuum.course import STATE, follow_course, top_view

SEED = 20240707
SLIPPERY = 0.1          # friction_scale: wood's mu_s / mu_k, scaled to a tenth


@pytest.fixture(scope="module")
def params():
    return VacuumParams()


@pytest.fixture(scope="module")
def wood_run(params):
    return follow_course(params, vacuum_course.square_course(), t_max=30.0)


@pytest.fixture(scope="module")
def slippery_run(params):
    return follow_course(params, vacuum_course.square_course(), friction_scale=SLIPPERY,
                         t_max=30.0)


def cog(p):
    """The whole robot's centre of gravity behind the axle: the chassis's, cog_behind, and
    the drive units (wheels and motors) at the axle, computed here from the masses."""
    drive_units = 2 * (p.wheel_mass + p.motor_mass)
    return (p.mass - drive_units) * p.cog_behind / p.mass


def slip_speed(run):
    """Each wheel's slip speed, shape (n, 2): right, left."""
    return run.stack("slip_r", "slip_l").T


def wheel_rates(run):
    """The wheel rates, shape (n, 2): right, left."""
    return run.stack("phi_dot_r", "phi_dot_l").T


def driven_share(p):
    """Share of the weight on the two drive wheels, (c - b) / c."""
    return (p.caster_behind - cog(p)) / p.caster_behind


def random_states(n, rng):
    """States with slips from none to large, forward and sideways."""
    states = rng.normal(size=(n, 8)) * [1.0, 1.0, 3.0, 0.3, 0.05, 1.5, 8.0, 8.0]
    states[:5, 4] = 0.0                                # some with exactly no lateral slip
    model = top_view(VacuumParams())
    R, L = model.drive.wheel_radius, model.drive.track_width
    rolling = np.column_stack([states[:5, 3] + states[:5, 5] * L / 2,
                               states[:5, 3] - states[:5, 5] * L / 2]) / R
    states[:5, 6:8] = rolling + rng.normal(size=(5, 2)) * 1e-3 / R   # slip below v_crit
    return states


def test_static_wheel_loads_balance_the_weight_and_its_moment(params):
    """The two wheels and the caster carry the weight, and G's moment about the axle is zero."""
    wheel, caster = static_wheel_loads(params)
    weight = params.mass * params.g
    assert 2 * wheel + caster == pytest.approx(weight, rel=1e-12)
    # moments about G: the wheels b ahead, the caster c - b behind
    assert 2 * wheel * cog(params) == pytest.approx(
        caster * (params.caster_behind - cog(params)), rel=1e-12)
    # the closed forms from the parameters: the caster carries the share b / c
    b, c = cog(params), params.caster_behind
    assert caster == pytest.approx(weight * b / c, rel=1e-12)
    assert wheel == pytest.approx(weight * (c - b) / (2 * c), rel=1e-12)


def test_fast_right_hand_side_equals_the_public_one():
    """The float right-hand side that the solver calls equals top_view_rhs term by term."""
    rng = np.random.default_rng(SEED)
    for scale in (1.0, SLIPPERY):
        model = top_view(VacuumParams(), friction_scale=scale, gain=0.3)
        constants = vacuum_course._constants(model)
        for state in random_states(40, rng):
            reference = rng.normal(size=2) * 8.0
            fast = vacuum_course._rhs_float(0.0, state, constants, *reference)
            public = vacuum_course.top_view_rhs(0.0, state, model, reference)
            np.testing.assert_allclose(fast, public, rtol=1e-12, atol=1e-9)


def test_kinetic_energy_changes_by_motor_power_plus_friction_power():
    """dT/dt = sum tau phi_dot + sum F.s at any state, and the friction power is <= 0."""
    rng = np.random.default_rng(SEED + 1)
    model = top_view(VacuumParams(), friction_scale=0.5)
    for state in random_states(60, rng):
        reference = rng.normal(size=2) * 8.0
        T_dot, P_motor, P_friction = vacuum_course.power_balance(state, model, reference)
        scale = abs(P_motor) + abs(P_friction) + 1e-12
        assert T_dot == pytest.approx(P_motor + P_friction, abs=1e-9 * scale)
        assert P_friction <= 0.0


def test_energy_is_dissipated_along_the_slippery_course(slippery_run):
    """At every sample of the slippery course each wheel's friction power F.s is <= 0."""
    run = slippery_run
    drive = run.model.drive
    for state, forces in zip(run.stack(*STATE).T, run.traction, strict=True):
        slip = vacuum_course.slip_velocities(state[3:6], state[6:8], drive.wheel_radius,
                                             drive.track_width)
        assert np.all(np.sum(forces * slip, axis=1) <= 0.0)


def test_traction_never_exceeds_mu_s_times_the_load_in_any_direction(slippery_run):
    """Friction circle: |F_i| <= mu_s N_i, also while the wheel skids sideways in a turn."""
    run = slippery_run
    magnitude = np.linalg.norm(run.traction, axis=2)
    assert np.all(magnitude <= run.model.traction_limits * (1 + 1e-12))
    skidding = np.abs(run.w) > 5e-3          # w > 5 mm/s sideways
    assert np.any(skidding)
    # while skidding, the lateral force alone is below the limit: it shares it
    assert np.all(np.abs(run.traction[skidding, :, 1]) < run.model.traction_limits)


def test_on_wood_the_course_is_driven_without_slip_as_the_no_slip_dynamic_model(wood_run):
    """On wood the slip stays below v_crit and the path is diffdrive's no-slip dynamic one.

    The tolerance: the regularised friction lets a gripping wheel creep at |s| = v_crit |F| /
    (mu_s N); sideways in the turns F_y ~ m v omega / 2 = 1 N on a wheel's load of
    m g (c - b) / (2 c) = 11 N: w ~ 0.08 mm/s, under 0.1 mm over the 1 s of a corner;
    forward the creep follows the speed loop's transients. 1 mm bounds both with room; the
    waypoints are reached on the same sample.
    """
    run = wood_run
    assert run.reached
    assert slip_speed(run).max() < run.model.v_crit
    no_slip = diffdrive.simulate(run.model.drive, run.settings, "dynamic", t_max=30.0,
                                 dt=0.02, substeps=8)
    assert no_slip.success
    np.testing.assert_array_equal(run.waypoint_times, no_slip.waypoint_times)
    offset = np.hypot(run.x - no_slip.x, run.y - no_slip.y)
    assert offset.max() < 1e-3
    np.testing.assert_allclose(run.u, no_slip.v, atol=1e-3)


def test_on_wood_the_path_stays_near_the_kinematic_path(wood_run):
    """On wood the path keeps within v tau_omega of the kinematic follower's path.

    The speed loops lag the commands by the time constants of
    DiffDriveParams.speed_loop_time_constants (69 ms in v, 122 ms in omega with the default
    VacuumParams); the turn at a corner starts about tau_omega late, so the robot overshoots
    the kinematic path by at most the distance v tau_omega = 36 mm it drives meanwhile.
    """
    run = wood_run
    kinematic = diffdrive.simulate(run.model.drive, run.settings, "kinematic", t_max=30.0,
                                   dt=0.02)
    tau_v, tau_omega = run.model.drive.speed_loop_time_constants
    bound = run.settings.speed * tau_omega
    deviation = vacuum_course.distance_to_path(np.column_stack([run.x, run.y]),
                                               np.column_stack([kinematic.x, kinematic.y]))
    assert deviation.max() < bound
    assert deviation.max() > 0.1 * bound         # the lag is there: not the kinematic model
    assert abs(run.t[-1] - kinematic.t[-1]) < 2 * (tau_v + tau_omega) + 4 * 0.02


def test_on_a_slippery_floor_the_wheels_spin_at_the_start(params, slippery_run):
    """Starting on a slippery floor the wheels spin: rims faster than the ground, F = mu_k N."""
    run, model = slippery_run, slippery_run.model
    start = (run.t > 0.0) & (run.t <= 0.2)
    rim = wheel_rates(run)[start] * model.drive.wheel_radius
    assert np.all(rim > run.u[start, None] + 0.05)       # 5 cm/s faster at least
    assert np.all(slip_speed(run)[start] > 1.5 * model.v_crit)
    np.testing.assert_allclose(np.linalg.norm(run.traction[start], axis=2),
                               model.mu_k * model.normal_loads[0], rtol=1e-9)


def test_on_a_slippery_floor_the_robot_skids_in_the_turns(slippery_run, wood_run):
    """In the first corner on the slippery floor both wheels slide at mu_k N; wood grips."""
    run, model = slippery_run, slippery_run.model
    corner = (run.t > run.waypoint_times[0]) & (run.t < run.waypoint_times[0] + 0.3)
    assert np.all(slip_speed(run)[corner] > 1.5 * model.v_crit)
    np.testing.assert_allclose(np.linalg.norm(run.traction[corner], axis=2),
                               model.mu_k * model.normal_loads[0], rtol=1e-9)
    ground_r = run.u[corner] + run.r[corner] * model.drive.track_width / 2
    assert np.all(run.phi_dot_r[corner] * model.drive.wheel_radius > ground_r)
    assert run.reached and run.t[-1] > wood_run.t[-1] + 0.2          # the slip costs time
    assert slip_speed(wood_run)[wood_run.t > 1.0].max() < 1e-3


def test_a_spinning_start_accelerates_at_mu_k_g_times_the_driven_share(params):
    """Full torque on a slippery floor: a = mu_k g (c - b) / c, the wheels' kinetic friction."""
    run = follow_course(params, [[10.0, 0.0]], friction_scale=SLIPPERY, gain=1.0, t_max=0.4,
                        settings=FollowerSettings([10.0, 0.0], speed=0.5))
    model = run.model
    assert np.all(slip_speed(run)[1:] > 1.5 * model.v_crit)
    late = run.t >= 0.05
    slope = np.polyfit(run.t[late], run.u[late], 1)[0]
    expected = model.mu_k * params.g * driven_share(params)
    assert slope == pytest.approx(expected, rel=1e-3)
    assert np.abs(run.y).max() < 1e-9                     # straight ahead


def test_locked_wheels_slide_to_a_stop_in_v0_squared_over_2_mu_k_g_share(params):
    """Wheels held at zero: the robot stops after v0^2 / (2 mu_k g (c - b)/c)."""
    model = top_view(params, friction_scale=SLIPPERY, gain=5.0)
    v0 = 0.3
    rolling = v0 / model.drive.wheel_radius
    state = [0.0, 0.0, 0.0, v0, 0.0, 0.0, rolling, rolling]
    run = vacuum_course.integrate_held(model, state, [0.0, 0.0], (0.0, 1.0),
                                       t_eval=np.linspace(0.0, 1.0, 201))
    u = run.u
    assert abs(u[-1]) < 1e-6 and run.evaluations > 0
    expected = sliding_stop(v0, model.mu_k * driven_share(params), params.g)
    assert run.x[-1] == pytest.approx(expected, rel=5e-3)
    t_stop = v0 / (model.mu_k * params.g * driven_share(params))
    assert np.interp(0.5 * t_stop, run.t, u) == pytest.approx(0.5 * v0, rel=1e-2)


def test_distance_to_path_is_the_distance_to_the_nearest_segment():
    """Points around an L-shaped polyline: distances by hand."""
    path = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]]
    points = [[0.5, -0.3], [1.2, 0.5], [1.3, -0.4], [-0.3, 0.4], [0.8, 0.1]]
    np.testing.assert_allclose(vacuum_course.distance_to_path(points, path),
                               [0.3, 0.2, 0.5, 0.5, 0.1], rtol=1e-12)


def test_the_run_records_consistent_shapes_and_commands(params, wood_run):
    """Columns and details as documented; the commands are the follower's speed through
    inverse kinematics."""
    run = wood_run
    n = run.t.size
    assert isinstance(run, SimulationResult) and run.success and run.reached
    assert run.names == (*STATE, "phi_dot_ref_r", "phi_dot_ref_l", "tau_r", "tau_l",
                         "slip_r", "slip_l")
    assert run.traction.shape == (n, 2, 2) and run.evaluations > n
    assert run.waypoint_times.shape == (4,) and run.t[-1] == run.waypoint_times[-1]
    assert "reached all 4 waypoints" in run.message
    straight = [run.phi_dot_ref_r[1], run.phi_dot_ref_l[1]]
    assert straight == pytest.approx([params.drive_speed / params.wheel_radius] * 2,
                                     rel=1e-12)
    assert np.all(np.abs(run.stack("tau_r", "tau_l")) <= VacuumParams().torque_limit)


def test_a_course_that_runs_out_of_time_says_so(params):
    """t_max too short: not reached, and the message names the waypoint and the advice."""
    run = follow_course(params, [[2.0, 0.0]], t_max=1.0)
    assert not run.reached and math.isnan(run.waypoint_times[0])
    assert "t_max = 1 s ran out" in run.message and "raise t_max" in run.message


@pytest.mark.parametrize("options, match", [
    (dict(mu=-0.5), r"mu must hold .*0 < mu_k <= mu_s.*-0\.5"),
    (dict(mu=(0.5, 0.9)), r"mu_s = 0\.5, mu_k = 0\.9"),
    (dict(mu=[1.0, 0.9, 0.8]), r"mu must be one number or a pair.*\(3,\)"),
    (dict(mu=float("nan")), r"mu must contain only finite numbers"),
    (dict(friction_scale=-1.0), r"friction_scale must be > 0, got -1"),
    (dict(gain=0.0), r"gain must be > 0 N m s/rad, got 0"),
    (dict(v_crit=-1e-3), r"v_crit must be > 0 m/s, got -0\.001"),
    (dict(dt=2.0, t_max=1.0), r"dt must be <= t_max = 1 s, got 2"),
    (dict(method="RK45"), r"method must be one of 'LSODA', 'Radau', 'BDF'; got 'RK45'"),
    (dict(settings="fast"), r"settings must be a FollowerSettings or None, got 'fast'"),
    (dict(initial_pose=(0.0, 0.0)), r"initial_pose must have shape \(3,\), got shape \(2,\)"),
    (dict(rtol=0.0), r"rtol must be > 0, got 0"),
])
def test_bad_options_raise_naming_the_option_and_value(params, options, match):
    """Each bad option raises ParameterError naming it, its value and what is allowed."""
    with pytest.raises(ParameterError, match=match):
        follow_course(params, [[1.0, 0.0]], **options)


@pytest.mark.parametrize("waypoints, match", [
    ([[1.0, 0.0, 2.0]], r"waypoints must have shape \(N, 2\), got shape \(1, 3\)"),
    ([[1.0, float("nan")]], r"waypoints must contain only finite numbers"),
    (np.zeros((0, 2)), r"waypoints must hold at least one point"),
])
def test_bad_waypoints_raise(params, waypoints, match):
    """Waypoints of the wrong shape, NaN or none at all raise ParameterError."""
    with pytest.raises(ParameterError, match=match):
        follow_course(params, waypoints)


def test_params_of_the_wrong_type_raise():
    """A DiffDriveParams is not a VacuumParams: the message says what was given."""
    with pytest.raises(ParameterError, match=r"params must be a VacuumParams, got "
                                             r".*of type DiffDriveParams"):
        follow_course(diffdrive.DiffDriveParams(), [[1.0, 0.0]])


def test_traction_forces_refuse_negative_loads_and_bad_shapes():
    """A floor never pulls; slip and loads must match in length."""
    with pytest.raises(ParameterError, match=r"normal_loads must be >= 0 N"):
        vacuum_course.traction_forces([[0.1, 0.0]], [-1.0], 1.0, 0.9, 1e-3)
    with pytest.raises(ParameterError, match=r"slip must have shape \(n, 2\)"):
        vacuum_course.traction_forces([0.1, 0.0], [1.0], 1.0, 0.9, 1e-3)


def test_traction_is_against_the_slip_vector_and_limited_by_one_friction_circle():
    """Slip at any angle beyond 1.5 v_crit: |F| = mu_k N, pointing against the slip."""
    angles = np.linspace(0.0, 2 * np.pi, 13)
    slip = 0.05 * np.column_stack([np.cos(angles), np.sin(angles)])
    forces = vacuum_course.traction_forces(slip, np.full(13, 10.0), 1.0, 0.9, 1e-3)
    np.testing.assert_allclose(np.linalg.norm(forces, axis=1), 9.0, rtol=1e-12)
    np.testing.assert_allclose(forces / 9.0, -slip / 0.05, atol=1e-12)
    creep = vacuum_course.traction_forces([[3e-4, 4e-4]], [10.0], 1.0, 0.9, 1e-3)
    np.testing.assert_allclose(creep, [[-3.0, -4.0]], rtol=1e-12)    # linear below v_crit


def test_the_top_view_is_derived_from_vacuum_params():
    """drive_params takes every value from VacuumParams: a changed field shows in it."""
    params = VacuumParams(track_width=0.25, wheel_radius=0.04, torque_limit=0.7)
    drive = vacuum_course.drive_params(params)
    assert (drive.track_width, drive.wheel_radius, drive.max_wheel_torque) == (0.25, 0.04, 0.7)
    assert drive.mass == params.mass and drive.body_width == params.body_width
    assert drive.wheel_inertia == pytest.approx(0.5 * params.wheel_mass * 0.04**2)
    assert drive.com_offset == pytest.approx(-cog(params))
    assert top_view(params).drive == drive
    assert top_view(params, gain=0.3).drive.speed_gain == 0.3
    with pytest.raises(ParameterError, match="params must be a VacuumParams"):
        vacuum_course.drive_params(diffdrive.DiffDriveParams())
