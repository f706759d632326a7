"""Tests of robodyn.diffdrive: kinematics, exact pose step, Lagrange dynamics, waypoint runs."""

import dataclasses
import math
import warnings

import numpy as np
import pytest
import sympy as sp

from robodyn import diffdrive
from robodyn.core.errors import ParameterError, ParameterTypeError, SimulationError
from robodyn.core.integrate import RK4_STABILITY_LIMIT, rk4_step, solve
from robodyn.core.params import SOURCES
from robodyn.diffdrive import (
    DiffDriveParams,
    body_acceleration,
    dynamic_rhs,
    euler_pose_step,
    forward_kinematics,
    instantaneous_centre,
    integrate_pose,
    inverse_kinematics,
    kinetic_energy,
    lagrange_model,
    null_space_matrix,
    pose_rate,
    reduced_model,
    saturate_wheel_speeds,
    simulate,
    turning_radius,
    wheel_torques,
)
from robodyn.diffdrive.waypoints import FollowerSettings

SEED = 20240601
GRAVITY = 9.81  # m/s^2
SQUARE = [(1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)]  # m, a 1 m square course
# A square shifted off the sampling grid: the kinematic robot enters each tolerance circle
# between two samples, so a model that lags by a hair switches waypoints at the same sample.
OFFSET_SQUARE = [(1.013, 0.0), (1.013, 1.007), (0.011, 1.007), (0.011, 0.0)]  # m


def random_params(rng):
    """Robot parameters drawn around the defaults, with d of either sign."""
    return DiffDriveParams(
        wheel_radius=rng.uniform(0.02, 0.08),
        track_width=rng.uniform(0.15, 0.4),
        mass=rng.uniform(1.0, 6.0),
        yaw_inertia=rng.uniform(0.02, 0.2),
        com_offset=rng.uniform(-0.08, 0.08),
        wheel_inertia=rng.uniform(0.0, 1e-3),
    )


# --------------------------------------------------------------------------- parameters


def test_defaults_follow_from_their_stated_origins():
    """Each default agrees with the origin its field's note gives (derived ones to rounding)."""
    p = DiffDriveParams()
    plate = p.mass * (p.body_length**2 + p.body_width**2) / 12
    assert p.yaw_inertia == pytest.approx(plate, rel=0.01) and p.yaw_inertia >= plate
    assert p.wheel_inertia == pytest.approx(p.wheel_mass * p.wheel_radius**2 / 2, rel=0.02)
    assert p.wheel_radius * p.max_wheel_speed == pytest.approx(0.5, rel=0.02)
    assert p.max_wheel_torque < p.traction_torque_limit
    time_constant = p.effective_mass * p.wheel_radius**2 / (2 * p.speed_gain)
    assert 0.04 < time_constant < 0.06
    # the thesis: the envelope 36 x 35 x 10 cm, the weighed wheel, friction on wood
    assert (p.body_length, p.body_width, p.body_height) == (0.36, 0.35, 0.10)
    assert p.wheel_mass == 0.0608 and 1.01 <= p.mu_s <= 1.15
    assert p.track_width < p.body_width and 2 * p.wheel_radius < p.body_height


def test_every_field_says_where_its_value_comes_from():
    """Each field has a source and a note; the thesis's values name the thesis."""
    table = DiffDriveParams().field_table()
    assert all(row["source"] in SOURCES and row["note"] for row in table)
    from_thesis = [row for row in table if row["source"] in ("measured", "stated")]
    assert {row["name"] for row in from_thesis} == {"wheel_mass", "mu_s", "body_length",
                                                   "body_width", "body_height"}
    assert all("thesis" in row["note"] for row in from_thesis)


def test_traction_torque_limit_is_half_the_weight_times_mu_times_radius():
    """mu_s m g R / 2: 0.62 N m with mu = 1 for the default robot, proportional to mu_s."""
    p = DiffDriveParams(mu_s=1.0)
    assert p.traction_torque_limit == pytest.approx(p.mass * GRAVITY * p.wheel_radius / 2)
    assert p.traction_torque_limit == pytest.approx(0.62, abs=0.005)
    doubled = dataclasses.replace(p, mu_s=2.0, g=2 * GRAVITY)
    assert doubled.traction_torque_limit == pytest.approx(4 * p.traction_torque_limit)


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("wheel_radius", 0.0, r"wheel_radius must be > 0 m, got 0"),
        ("track_width", -0.2, r"track_width must be > 0 m, got -0.2"),
        ("mass", np.nan, r"mass must be finite"),
        ("yaw_inertia", np.inf, r"yaw_inertia must be finite"),
        ("com_offset", np.nan, r"com_offset must be finite"),
        ("com_offset", "0.03", r"com_offset must be a real number"),
        ("wheel_inertia", -1e-6, r"wheel_inertia must be >= 0"),
        ("max_wheel_speed", 0.0, r"max_wheel_speed must be > 0 rad/s"),
        ("max_wheel_torque", -0.5, r"max_wheel_torque must be > 0 N m"),
        ("speed_gain", 0.0, r"speed_gain must be > 0 N m s/rad"),
        ("body_length", -0.36, r"body_length must be > 0 m"),
        ("body_width", np.nan, r"body_width must be finite"),
        ("body_height", 0.0, r"body_height must be > 0 m"),
        ("wheel_mass", -0.06, r"wheel_mass must be > 0 kg"),
        ("mu_s", 0.0, r"mu_s must be > 0, got 0"),
        ("g", np.inf, r"g must be finite"),
        ("mass", True, r"mass must be a real number"),
    ],
)
def test_params_reject_bad_values(field, value, match):
    """Every field is checked; the message names the field, the value and the range."""
    with pytest.raises(ParameterError, match=match):
        DiffDriveParams(**{field: value})


def test_params_allow_zero_wheel_inertia_and_com_behind_the_axle():
    """wheel_inertia = 0 and a negative com_offset are valid."""
    p = DiffDriveParams(wheel_inertia=0.0, com_offset=-0.05)
    assert p.effective_mass == p.mass


def test_params_are_frozen():
    """A parameter set cannot be changed after construction."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        DiffDriveParams().mass = 4.0


# --------------------------------------------------------------------------- kinematics


def test_forward_and_inverse_kinematics_are_inverses():
    """inverse(forward(wheel speeds)) returns the wheel speeds, and the other way round."""
    rng = np.random.default_rng(SEED)
    phi_r, phi_l = rng.uniform(-15.0, 15.0, (2, 50))
    v, omega = forward_kinematics(phi_r, phi_l, 0.036, 0.235)
    back_r, back_l = inverse_kinematics(v, omega, 0.036, 0.235)
    np.testing.assert_allclose(back_r, phi_r, rtol=1e-13)
    np.testing.assert_allclose(back_l, phi_l, rtol=1e-13)
    v2, omega2 = forward_kinematics(*inverse_kinematics(v, omega, 0.036, 0.235), 0.036, 0.235)
    np.testing.assert_allclose(v2, v, rtol=1e-13)
    np.testing.assert_allclose(omega2, omega, rtol=1e-13)


def test_kinematics_limit_cases():
    """Equal wheels drive straight; opposite wheels spin on the spot at 2 R phi / L."""
    v, omega = forward_kinematics(10.0, 10.0, 0.05, 0.3)
    assert (float(v), float(omega)) == (0.5, 0.0)
    v, omega = forward_kinematics(10.0, -10.0, 0.05, 0.3)
    assert float(v) == 0.0
    assert float(omega) == pytest.approx(2 * 0.05 * 10.0 / 0.3, rel=1e-15)


def test_right_wheel_faster_turns_left():
    """With phi_dot_r > phi_dot_l the yaw rate is positive and the robot ends up at y > 0."""
    v, omega = forward_kinematics(12.0, 8.0, 0.05, 0.3)
    assert omega > 0
    pose = integrate_pose([0.0, 0.0, 0.0], v, omega, 1.0)
    assert pose[1] > 0 and pose[2] > 0


def test_inverse_kinematics_at_the_thesis_speed():
    """0.3 m/s straight ahead needs 0.3 / R = 8.33 rad/s on both default wheels."""
    p = DiffDriveParams()
    phi_r, phi_l = inverse_kinematics(0.3, 0.0, p.wheel_radius, p.track_width)
    assert float(phi_r) == float(phi_l) == pytest.approx(0.3 / 0.036, rel=1e-15)


def test_kinematics_broadcast():
    """A scalar omega broadcasts against an array of v."""
    phi_r, phi_l = inverse_kinematics(np.array([0.1, 0.2, 0.3]), 1.0, 0.05, 0.3)
    assert phi_r.shape == phi_l.shape == (3,)
    np.testing.assert_allclose(phi_r - phi_l, 1.0 * 0.3 / 0.05)


@pytest.mark.parametrize("function", [forward_kinematics, inverse_kinematics])
@pytest.mark.parametrize(
    ("radius", "track", "match"),
    [(0.0, 0.3, "wheel_radius"), (0.05, -0.3, "track_width"), (np.nan, 0.3, "wheel_radius")],
)
def test_kinematics_reject_bad_geometry(function, radius, track, match):
    """A non-positive or non-finite wheel radius or track width raises ParameterError."""
    with pytest.raises(ParameterError, match=match):
        function(1.0, 1.0, radius, track)


# --------------------------------------------------------------------------- turning radius


def test_tutorial_arc_turn_radius_is_0_75_m_not_0_0375_m():
    """R = 0.05 m, L = 0.3 m, left 8 and right 12 rad/s: the radius is 0.75 m (erratum)."""
    v, omega = forward_kinematics(12.0, 8.0, wheel_radius=0.05, track_width=0.3)
    radius = turning_radius(v, omega)
    assert float(radius) == pytest.approx(0.75, rel=1e-14)
    wrong = 0.05 * (12 + 8) / (2 * (12 - 8) / 0.3)  # the tutorial's printed expression
    assert wrong == pytest.approx(0.0375) and abs(radius - wrong) > 0.7
    # The path itself: after the tutorial's 3 s the axle midpoint is 0.75 m from the centre.
    x_c, y_c = instantaneous_centre([0.0, 0.0, 0.0], v, omega)
    x, y, _ = integrate_pose([0.0, 0.0, 0.0], v, omega, 3.0)
    assert math.hypot(x - x_c, y - y_c) == pytest.approx(0.75, rel=1e-14)


def test_turning_radius_does_not_depend_on_wheel_radius():
    """r = L (phi_r + phi_l) / (2 (phi_r - phi_l)) for any wheel radius."""
    for wheel_radius in (0.02, 0.05, 0.1):
        v, omega = forward_kinematics(12.0, 8.0, wheel_radius, 0.3)
        expected = 0.3 * (12.0 + 8.0) / (2 * (12.0 - 8.0))
        assert float(turning_radius(v, omega)) == pytest.approx(expected, rel=1e-14)


def test_turning_radius_signs_and_straight_line_without_warning():
    """r > 0 turning left, r < 0 turning right or reversing, inf (no warning) at omega = 0."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        radius = turning_radius(np.array([0.3, 0.3, -0.3, 0.3, 0.0]),
                                np.array([0.5, -0.5, 0.5, 0.0, 0.0]))
        x_c, y_c = instantaneous_centre([0.0, 0.0, 0.3], 0.3, 0.0)
    np.testing.assert_array_equal(radius, [0.6, -0.6, -0.6, np.inf, np.inf])
    assert np.isnan(x_c) and np.isnan(y_c)


def test_instantaneous_centre_is_on_the_left_for_positive_radius():
    """Heading +y with r = 0.5 m, the centre is 0.5 m to the left, at x = -0.5."""
    x_c, y_c = instantaneous_centre([0.0, 0.0, np.pi / 2], 0.5, 1.0)
    assert float(x_c) == pytest.approx(-0.5, abs=1e-15)
    assert float(y_c) == pytest.approx(0.0, abs=1e-15)


# --------------------------------------------------------------------------- pose stepping


def test_pose_rate_values_and_shapes():
    """pose_rate is (v cos theta, v sin theta, omega), for one pose or for (3, N) poses."""
    rates = pose_rate(0.0, [1.0, 2.0, np.pi / 3], 0.4, -0.2)
    np.testing.assert_allclose(rates, [0.2, 0.4 * np.sin(np.pi / 3), -0.2], atol=1e-15)
    poses = np.zeros((3, 4))
    assert pose_rate(0.0, poses, np.ones(4), 0.5).shape == (3, 4)


def test_exact_step_lies_on_the_circular_arc():
    """From random poses, the exact step ends on the circle about the instantaneous centre."""
    rng = np.random.default_rng(SEED)
    n = 200
    pose = np.array([rng.uniform(-5, 5, n), rng.uniform(-5, 5, n), rng.uniform(-4, 4, n)])
    v = rng.uniform(-0.5, 0.5, n)
    omega = rng.uniform(-3.0, 3.0, n)
    dt = 0.7
    x_c, y_c = instantaneous_centre(pose, v, omega)
    radius = turning_radius(v, omega)
    theta_end = pose[2] + omega * dt
    expected = np.array([x_c + radius * np.sin(theta_end), y_c - radius * np.cos(theta_end),
                         theta_end])
    np.testing.assert_allclose(integrate_pose(pose, v, omega, dt), expected, atol=1e-12)


def test_full_circle_returns_to_the_start_with_theta_unwrapped():
    """Driving for 2 pi / omega returns to the start position; theta grows by 2 pi."""
    start = np.array([0.3, -0.2, 0.4])
    end = integrate_pose(start, 0.3, 1.5, 2 * np.pi / 1.5)
    np.testing.assert_allclose(end[:2], start[:2], atol=1e-15)
    assert end[2] == pytest.approx(start[2] + 2 * np.pi, rel=1e-15)


def test_straight_line_and_tiny_yaw_rate_without_warnings():
    """omega = 0 is the straight segment; omega = 1e-12 differs by ~1e-12 m; no warnings."""
    start = np.array([1.0, 2.0, 0.7])
    straight = start + np.array([0.3 * 2.0 * np.cos(0.7), 0.3 * 2.0 * np.sin(0.7), 0.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        zero = integrate_pose(start, 0.3, 0.0, 2.0)
        tiny = integrate_pose(start, 0.3, 1e-12, 2.0)
    np.testing.assert_allclose(zero, straight, rtol=0, atol=1e-15)
    np.testing.assert_allclose(tiny, straight, rtol=0, atol=1e-11)


def test_array_of_durations_samples_the_arc():
    """dt as an array gives the poses at those times, equal to one call per time."""
    times = np.linspace(0.0, 4.0, 9)
    path = integrate_pose([0.1, -0.2, 0.3], 0.3, 0.8, times)
    assert path.shape == (3, 9)
    for k, duration in enumerate(times):
        np.testing.assert_array_equal(path[:, k], integrate_pose([0.1, -0.2, 0.3], 0.3, 0.8,
                                                                 duration))
    assert euler_pose_step(np.zeros(3), 0.3, 0.8, times).shape == (3, 9)


def test_two_half_steps_compose_to_one_full_step():
    """The exact step is a flow: two steps of dt / 2 equal one step of dt."""
    rng = np.random.default_rng(SEED + 1)
    pose = rng.uniform(-3, 3, (3, 50))
    v, omega = rng.uniform(-1, 1, 50), rng.uniform(-4, 4, 50)
    half = integrate_pose(integrate_pose(pose, v, omega, 0.35), v, omega, 0.35)
    np.testing.assert_allclose(half, integrate_pose(pose, v, omega, 0.7), atol=1e-13)


def test_exact_step_agrees_with_rk4_at_small_steps():
    """1000 RK4 steps of pose_rate over 2 s land on the exact step within 1e-12 m."""
    start, v, omega = np.array([0.1, 0.2, 0.3]), 0.4, 1.3
    pose = start.copy()
    dt = 0.002
    for k in range(1000):
        pose = rk4_step(pose_rate, k * dt, pose, dt, v, omega)
    np.testing.assert_allclose(pose, integrate_pose(start, v, omega, 2.0), atol=1e-12)


def pose_error(step, dt, v=0.5, omega=1.2, end_time=2.0):
    """Position error after end_time of fixed pose steps against the exact arc."""
    start = np.array([0.0, 0.0, 0.0])
    pose = start.copy()
    for k in range(int(round(end_time / dt))):
        pose = step(pose, k * dt, dt, v, omega)
    exact = integrate_pose(start, v, omega, end_time)
    return float(np.hypot(*(pose[:2] - exact[:2])))


def test_euler_pose_step_is_first_order():
    """The Euler pose error halves when dt halves (ratio about 2)."""
    def step(pose, t, dt, v, omega):
        return euler_pose_step(pose, v, omega, dt)

    errors = [pose_error(step, dt) for dt in (0.02, 0.01, 0.005)]
    ratios = np.array(errors[:-1]) / np.array(errors[1:])
    assert np.all(np.abs(ratios - 2.0) < 0.1), ratios


def test_euler_points_lie_on_a_shifted_larger_circle():
    """Euler points lie on a circle of radius v dt / (2 sin(w dt / 2)) centred half a step ahead."""
    v, omega, dt = 0.5, 1.0, 0.05
    half_side = v * dt / 2
    radius = half_side / math.sin(omega * dt / 2)
    centre = np.array([half_side, half_side / math.tan(omega * dt / 2)])
    pose = np.array([0.0, 0.0, 0.0])
    for _ in range(200):
        pose = euler_pose_step(pose, v, omega, dt)
        assert math.hypot(*(pose[:2] - centre)) == pytest.approx(radius, rel=1e-12)
    assert radius > v / omega  # larger than the true circle, but only by O(dt^2)


def test_rk4_pose_step_is_fourth_order():
    """RK4 on pose_rate: halving dt divides the error by about 16."""
    def step(pose, t, dt, v, omega):
        return rk4_step(pose_rate, t, pose, dt, v, omega)

    errors = [pose_error(step, dt) for dt in (0.2, 0.1, 0.05)]
    ratios = np.array(errors[:-1]) / np.array(errors[1:])
    assert np.all(np.abs(ratios - 16.0) < 1.5), ratios


@pytest.mark.parametrize("function", [integrate_pose, euler_pose_step])
def test_pose_steps_reject_bad_inputs(function):
    """A pose not of shape (3,) or (3, N), or a non-finite dt, raises ParameterError."""
    with pytest.raises(ParameterError, match="pose must have shape"):
        function([0.0, 0.0], 0.3, 0.0, 0.1)
    with pytest.raises(ParameterError, match="dt"):
        function([0.0, 0.0, 0.0], 0.3, 0.0, np.nan)


# --------------------------------------------------------------------------- saturation


def test_saturation_leaves_speeds_inside_the_limit_alone():
    """Wheel speeds inside the limit come back unchanged."""
    r, l_ = saturate_wheel_speeds(np.array([5.0, -13.9]), np.array([-3.0, 2.0]), 14.0)
    np.testing.assert_array_equal(r, [5.0, -13.9])
    np.testing.assert_array_equal(l_, [-3.0, 2.0])


def test_saturation_keeps_the_curvature():
    """Scaled wheel speeds hit the limit and keep omega / v; per-wheel clipping would not."""
    rng = np.random.default_rng(SEED)
    phi_r, phi_l = rng.uniform(-30.0, 30.0, (2, 100))
    limit = 14.0
    sat_r, sat_l = saturate_wheel_speeds(phi_r, phi_l, limit)
    peak = np.maximum(np.abs(sat_r), np.abs(sat_l))
    over = np.maximum(np.abs(phi_r), np.abs(phi_l)) > limit
    assert np.all(peak <= limit * (1 + 1e-15))
    np.testing.assert_allclose(peak[over], limit, rtol=1e-15)
    v, omega = forward_kinematics(phi_r, phi_l, 0.036, 0.235)
    v_s, omega_s = forward_kinematics(sat_r, sat_l, 0.036, 0.235)
    np.testing.assert_allclose(omega_s * v, omega * v_s, atol=1e-12)  # same curvature
    clip_r, clip_l = np.clip(phi_r, -limit, limit), np.clip(phi_l, -limit, limit)
    v_c, omega_c = forward_kinematics(clip_r, clip_l, 0.036, 0.235)
    mismatch = np.abs(omega_c * v - omega * v_c)
    assert mismatch.max() > 0.1  # clipping each wheel alone bends the path differently


def test_saturation_uses_magnitudes():
    """A large negative speed triggers the scaling too: (-20, 10) -> (-14, 7)."""
    r, l_ = saturate_wheel_speeds(-20.0, 10.0, 14.0)
    assert (float(r), float(l_)) == (-14.0, 7.0)


def test_saturation_rejects_a_bad_limit():
    """max_wheel_speed must be > 0."""
    with pytest.raises(ParameterError, match="max_wheel_speed must be > 0"):
        saturate_wheel_speeds(1.0, 1.0, 0.0)


# --------------------------------------------------------------------------- Lagrange model


@pytest.fixture(scope="module")
def sympy_equations():
    """Euler-Lagrange equations from T by sympy, as functions M(q, p) and h(q, q_dot, p)."""
    t = sp.symbols("t")
    m, inertia, i_w, d = sp.symbols("m I I_w d")
    names = ("x", "y", "theta", "phi_r", "phi_l")
    q = [sp.Function(name)(t) for name in names]
    q_dot = [sp.diff(c, t) for c in q]
    q_ddot = [sp.diff(c, t, 2) for c in q]
    x, y, theta, phi_r, phi_l = q
    x_c = x + d * sp.cos(theta)
    y_c = y + d * sp.sin(theta)
    kinetic = (sp.Rational(1, 2) * m * (sp.diff(x_c, t) ** 2 + sp.diff(y_c, t) ** 2)
               + sp.Rational(1, 2) * inertia * sp.diff(theta, t) ** 2
               + sp.Rational(1, 2) * i_w * (sp.diff(phi_r, t) ** 2 + sp.diff(phi_l, t) ** 2))
    equations = [sp.diff(sp.diff(kinetic, qd), t) - sp.diff(kinetic, qi)
                 for qi, qd in zip(q, q_dot, strict=True)]
    mass_matrix = sp.Matrix([[sp.diff(e, a) for a in q_ddot] for e in equations])
    rest = sp.Matrix([e.subs({a: 0 for a in q_ddot}) for e in equations])
    plain_q = sp.symbols("q0:5")
    plain_qd = sp.symbols("qd0:5")
    swap = dict(zip(q_dot, plain_qd, strict=True))
    swap_q = dict(zip(q, plain_q, strict=True))
    mass_matrix = mass_matrix.subs(swap).subs(swap_q)
    rest = rest.subs(swap).subs(swap_q)
    symbols = (plain_q, plain_qd, m, inertia, i_w, d)
    return sp.lambdify(symbols, mass_matrix, "numpy"), sp.lambdify(symbols, rest, "numpy")


def test_lagrange_model_matches_sympy_derivation(sympy_equations):
    """M and V q_dot agree with sympy's Euler-Lagrange equations at random states."""
    mass_fn, rest_fn = sympy_equations
    rng = np.random.default_rng(SEED)
    for _ in range(10):
        p = random_params(rng)
        q = rng.uniform(-np.pi, np.pi, 5)
        q_dot = rng.uniform(-3.0, 3.0, 5)
        model = lagrange_model(q, q_dot, p)
        args = (q, q_dot, p.mass, p.yaw_inertia, p.wheel_inertia, p.com_offset)
        np.testing.assert_allclose(model.M, np.array(mass_fn(*args), dtype=float), atol=1e-14)
        np.testing.assert_allclose(model.V @ q_dot, np.array(rest_fn(*args), dtype=float).ravel(),
                                   atol=1e-13)


def test_constraints_and_null_space():
    """A S = 0; S has rank 2, A rank 3; a sideways velocity violates the first constraint."""
    rng = np.random.default_rng(SEED)
    for _ in range(10):
        p = random_params(rng)
        q = rng.uniform(-np.pi, np.pi, 5)
        A = lagrange_model(q, np.zeros(5), p).A
        S = null_space_matrix(q, p)
        np.testing.assert_allclose(A @ S, 0.0, atol=1e-14)
        assert np.linalg.matrix_rank(S) == 2 and np.linalg.matrix_rank(A) == 3
        sideways = np.array([-np.sin(q[2]), np.cos(q[2]), 0.0, 0.0, 0.0])
        assert (A @ sideways)[0] == pytest.approx(1.0)


def test_null_space_rows_are_the_kinematics():
    """q_dot = S nu reproduces pose_rate and inverse_kinematics."""
    p = DiffDriveParams()
    q = np.array([0.0, 0.0, 0.8, 0.0, 0.0])
    nu = np.array([0.25, -0.7])
    q_dot = null_space_matrix(q, p) @ nu
    np.testing.assert_allclose(q_dot[:3], pose_rate(0.0, q[:3], *nu), atol=1e-15)
    np.testing.assert_allclose(
        q_dot[3:], inverse_kinematics(*nu, p.wheel_radius, p.track_width), atol=1e-14)


def test_input_matrix_delivers_the_wheel_power():
    """q_dot^T B tau is the motor power tau_r phi_dot_r + tau_l phi_dot_l."""
    rng = np.random.default_rng(SEED)
    q_dot, tau = rng.normal(size=5), rng.normal(size=2)
    B = lagrange_model(np.zeros(5), q_dot, DiffDriveParams()).B
    assert q_dot @ B @ tau == pytest.approx(tau[0] * q_dot[3] + tau[1] * q_dot[4], rel=1e-14)


def test_closed_form_matches_numerical_reduction():
    """body_acceleration equals the solution of M_bar nu_dot = B_bar tau - V_bar nu."""
    rng = np.random.default_rng(SEED)
    for _ in range(20):
        p = random_params(rng)
        q = rng.uniform(-np.pi, np.pi, 5)
        nu = rng.uniform(-1.0, 1.0, 2) * [0.5, 3.0]
        tau = rng.uniform(-0.5, 0.5, 2)
        M_bar, V_bar_nu, B_bar = reduced_model(q, nu, p)
        expected = np.linalg.solve(M_bar, B_bar @ tau - V_bar_nu)
        got = body_acceleration(nu[0], nu[1], tau[0], tau[1], p)
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(M_bar, np.diag([p.effective_mass, p.effective_yaw_inertia]),
                                   atol=1e-12)


def test_closed_form_matches_the_constrained_lagrange_equations():
    """Solving M q_ddot + A^T lambda = B tau - V q_dot, A q_ddot = -A_dot q_dot agrees."""
    rng = np.random.default_rng(SEED + 2)
    for _ in range(20):
        p = random_params(rng)
        q = rng.uniform(-np.pi, np.pi, 5)
        v, omega = rng.uniform(-0.5, 0.5), rng.uniform(-3.0, 3.0)
        tau = rng.uniform(-0.5, 0.5, 2)
        S = null_space_matrix(q, p)
        q_dot = S @ [v, omega]
        model = lagrange_model(q, q_dot, p)
        s, c = np.sin(q[2]), np.cos(q[2])
        A_dot = omega * np.array([[-c, -s, 0, 0, 0], [-s, c, 0, 0, 0], [-s, c, 0, 0, 0]])
        kkt = np.block([[model.M, model.A.T], [model.A, np.zeros((3, 3))]])
        rhs = np.concatenate([model.B @ tau - model.V @ q_dot, -A_dot @ q_dot])
        solution = np.linalg.solve(kkt, rhs)
        q_ddot, lam = solution[:5], solution[5:]
        v_dot, omega_dot = body_acceleration(v, omega, tau[0], tau[1], p)
        np.testing.assert_allclose(q_ddot[2], omega_dot, rtol=1e-10, atol=1e-12)
        forward_acc = c * q_ddot[0] + s * q_ddot[1] + omega * (-s * q_dot[0] + c * q_dot[1])
        np.testing.assert_allclose(forward_acc, v_dot, rtol=1e-10, atol=1e-12)
        # Newton-Euler: lateral force on the body = m (v omega + d omega_dot) = -lambda_0.
        lateral = p.mass * (v * omega + p.com_offset * omega_dot)
        np.testing.assert_allclose(-lam[0], lateral, rtol=1e-10, atol=1e-12)


def test_kinetic_energy_equals_the_lagrangian_kinetic_energy():
    """kinetic_energy(v, omega) equals 1/2 q_dot^T M q_dot at q_dot = S nu."""
    rng = np.random.default_rng(SEED)
    for _ in range(10):
        p = random_params(rng)
        q = rng.uniform(-np.pi, np.pi, 5)
        nu = rng.uniform(-1.0, 1.0, 2)
        q_dot = null_space_matrix(q, p) @ nu
        energy = 0.5 * q_dot @ lagrange_model(q, q_dot, p).M @ q_dot
        assert float(kinetic_energy(*nu, p)) == pytest.approx(energy, rel=1e-13)


def free_rhs(t, state, params):
    """Dynamics of the unpowered robot, state (x, y, theta, v, omega)."""
    x, y, theta, v, omega = state
    v_dot, omega_dot = body_acceleration(v, omega, 0.0, 0.0, params)
    return np.array([v * np.cos(theta), v * np.sin(theta), omega, v_dot, omega_dot])


def test_energy_is_conserved_without_torques():
    """With zero torques and d != 0, v and omega exchange energy but the total stays fixed."""
    p = DiffDriveParams(com_offset=0.06)
    traj = solve(free_rhs, (0.0, 60.0), [0.0, 0.0, 0.0, 0.3, 2.0], args=(p,),
                 state_names=("x", "y", "theta", "v", "omega"), method="DOP853",
                 rtol=1e-11, atol=1e-12)
    energy = kinetic_energy(traj.v, traj.omega, p)
    assert np.ptp(traj.v) > 0.05  # the coupling really moves energy around
    assert np.max(np.abs(energy / energy[0] - 1.0)) < 1e-8


def test_equations_decouple_when_the_centre_of_mass_is_on_the_axle():
    """With d = 0, v_dot does not depend on omega and omega_dot not on v; with d != 0 they do."""
    centred = DiffDriveParams(com_offset=0.0)
    omegas = np.linspace(-3, 3, 7)
    v_dot, _ = body_acceleration(0.2, omegas, 0.1, 0.05, centred)
    np.testing.assert_allclose(v_dot, v_dot[0], rtol=1e-15)
    speeds = np.linspace(-0.5, 0.5, 7)
    _, omega_dot = body_acceleration(speeds, 1.0, 0.1, 0.05, centred)
    np.testing.assert_allclose(omega_dot, omega_dot[0], rtol=1e-15)
    v_dot_off, _ = body_acceleration(0.2, omegas, 0.1, 0.05, DiffDriveParams())
    assert np.ptp(v_dot_off) > 1e-3


def test_spinning_robot_drifts_towards_its_centre_of_mass():
    """Spinning on the spot without torque: v_dot = m d omega^2 / m_eff, forward for d > 0."""
    for d in (0.03, -0.03):
        p = DiffDriveParams(com_offset=d)
        v_dot, omega_dot = body_acceleration(0.0, 2.0, 0.0, 0.0, p)
        assert np.sign(v_dot) == np.sign(d)
        assert float(v_dot) == pytest.approx(p.mass * d * 4.0 / p.effective_mass, rel=1e-14)
        assert float(omega_dot) == 0.0


def test_equal_torques_from_rest_drive_straight():
    """Equal wheel references from rest: y and theta stay 0, v rises towards the reference."""
    p = DiffDriveParams()
    state = np.array([0.0, 0.0, 0.0, 0.0, 0.0])
    reference = np.array([8.0, 8.0])
    for k in range(200):
        state = rk4_step(dynamic_rhs, k * 0.005, state, 0.005, p, reference)
    assert state[1] == 0.0 and state[2] == 0.0 and state[4] == 0.0
    assert state[3] == pytest.approx(8.0 * p.wheel_radius, rel=1e-6)
    assert state[0] > 0.0


def test_body_acceleration_rejects_wrong_params():
    """params must be a DiffDriveParams."""
    with pytest.raises(ParameterError, match="params must be a DiffDriveParams"):
        body_acceleration(0.0, 0.0, 0.1, 0.1, {"mass": 3.5})


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda p: lagrange_model(np.zeros(4), np.zeros(5), p), "q must have shape"),
        (lambda p: lagrange_model(np.zeros(5), [0, 0, np.nan, 0, 0], p), "q_dot must contain"),
        (lambda p: null_space_matrix(np.zeros(3), p), "q must have shape"),
        (lambda p: reduced_model(np.zeros(5), [0.1, 0.2, 0.3], p), "nu must have shape"),
        (lambda p: lagrange_model(np.zeros(5), np.zeros(5), None), "params"),
    ],
)
def test_lagrange_functions_reject_bad_inputs(call, match):
    """Wrong shapes, NaN or a wrong params object raise ParameterError naming the input."""
    with pytest.raises(ParameterError, match=match):
        call(DiffDriveParams())


# --------------------------------------------------------------------------- wheel control


def test_wheel_torques_are_proportional_then_limited():
    """tau = k (ref - phi_dot) inside the limit, +-max_wheel_torque outside, per wheel."""
    p = DiffDriveParams()
    tau = wheel_torques([8.0, -20.0], [0.0, 0.0], p)
    np.testing.assert_allclose(tau, [p.speed_gain * 8.0, -p.max_wheel_torque], rtol=1e-15)
    tau = wheel_torques(np.array([[100.0, 1.0], [0.0, -1.0]]), 0.0, p)
    np.testing.assert_allclose(tau, [[0.5, 0.05], [0.0, -0.05]], rtol=1e-15)


def test_dynamic_rhs_is_assembled_from_the_parts():
    """dynamic_rhs equals pose_rate plus body_acceleration of wheel_torques at random states."""
    rng = np.random.default_rng(SEED)
    p = DiffDriveParams()
    for _ in range(10):
        state = rng.uniform(-1.0, 1.0, 5) * [2, 2, 4, 0.5, 3]
        reference = rng.uniform(-14.0, 14.0, 2)
        phi = inverse_kinematics(state[3], state[4], p.wheel_radius, p.track_width)
        tau = wheel_torques(reference, np.array(phi, dtype=float), p)
        expected = np.concatenate([
            pose_rate(0.0, state[:3], state[3], state[4]),
            body_acceleration(state[3], state[4], tau[0], tau[1], p),
        ])
        np.testing.assert_allclose(dynamic_rhs(0.0, state, p, reference), expected,
                                   rtol=1e-14, atol=1e-15)


def steady_turn(p, reference):
    """Steady (v, omega) of the speed-controlled robot, solved from the balance of forces.

    Proportional control leaves an error: the off-axle centre of mass pulls with m d omega^2
    and pushes against the turn with m d v omega, so each wheel needs a standing torque.
    """
    from scipy.optimize import fsolve

    radius, track, k = p.wheel_radius, p.track_width, p.speed_gain
    m_d = p.mass * p.com_offset

    def balance(nu):
        v, omega = nu
        tau_r = k * (reference[0] - (v + omega * track / 2) / radius)
        tau_l = k * (reference[1] - (v - omega * track / 2) / radius)
        return [(tau_r + tau_l) / radius + m_d * omega**2,
                track * (tau_r - tau_l) / (2 * radius) - m_d * v * omega]

    start = forward_kinematics(*reference, radius, track)
    return fsolve(balance, np.array(start, dtype=float), xtol=1e-13)


def rk4_error_against_radau(reference, dt, end_time=5.0):
    """Largest state error of RK4 steps of dynamic_rhs against Radau; checks the end state."""
    p = DiffDriveParams()
    n_steps = int(round(end_time / dt))
    states = [np.zeros(5)]
    for k in range(n_steps):
        states.append(rk4_step(dynamic_rhs, k * dt, states[-1], dt, p, np.array(reference)))
    t_eval = np.arange(n_steps + 1) * dt
    traj = solve(dynamic_rhs, (0.0, t_eval[-1]), np.zeros(5), args=(p, np.array(reference)),
                 state_names=("x", "y", "theta", "v", "omega"), method="Radau",
                 rtol=1e-11, atol=1e-13, t_eval=t_eval)
    np.testing.assert_allclose([traj.v[-1], traj.omega[-1]],
                               steady_turn(p, reference), rtol=1e-6)
    return float(np.max(np.abs(np.array(states).T - traj.stack())))


def test_dynamic_rk4_is_fourth_order_against_radau_below_the_torque_limit():
    """Left arc (9, 5) rad/s from rest, torques inside the limit: RK4 error / 16 per halving."""
    coarse = rk4_error_against_radau((9.0, 5.0), 0.01)
    fine = rk4_error_against_radau((9.0, 5.0), 0.005)
    assert fine < 2e-7
    assert 12.0 < coarse / fine < 20.0


def test_dynamic_rk4_agrees_with_radau_through_torque_saturation():
    """Left arc (13, 4) rad/s from rest saturates the right torque; RK4 still within 0.2 mm."""
    assert rk4_error_against_radau((13.0, 4.0), 0.005) < 2e-4


# --------------------------------------------------------------------------- simulate


def test_kinematic_square_course_reaches_all_waypoints_in_order():
    """The kinematic robot passes the four corners in order, each within the tolerance."""
    settings = FollowerSettings(SQUARE)
    result = simulate(DiffDriveParams(), settings)
    assert result.success and "reached all 4" in result.message
    times = result.waypoint_times
    assert np.all(np.isfinite(times)) and np.all(np.diff(times) > 0)
    for (x_g, y_g), t_g in zip(SQUARE, times, strict=True):
        k = int(np.flatnonzero(result.t == t_g)[0])
        assert math.hypot(result.x[k] - x_g, result.y[k] - y_g) < settings.tolerance
    assert result.t[-1] == times[-1]
    assert times[0] == pytest.approx(0.9 / 0.3, abs=0.021)  # straight to within 0.1 m at 0.3 m/s
    assert np.all(np.isnan(result.tau_r)) and np.all(np.isnan(result.tau_l))
    assert result.model == "kinematic"


def test_kinematic_model_follows_the_saturated_references():
    """Kinematic wheel speeds stay within the limit and v, omega follow from them."""
    p = DiffDriveParams(max_wheel_speed=10.0)
    result = simulate(p, FollowerSettings(SQUARE, speed=0.3, omega_max=2.0))
    assert np.max(np.abs([result.phi_dot_r, result.phi_dot_l])) <= 10.0 + 1e-12
    v, omega = forward_kinematics(result.phi_dot_r, result.phi_dot_l, p.wheel_radius,
                                  p.track_width)
    np.testing.assert_allclose(result.v, v, atol=1e-15)
    np.testing.assert_allclose(result.omega, omega, atol=1e-15)
    saturated = np.abs(result.v - result.v_cmd) > 1e-9
    assert saturated.any()  # a sharp corner at 0.3 m/s, 2 rad/s needs more than 10 rad/s
    # where saturated the path curvature is still the commanded one
    np.testing.assert_allclose((result.omega * result.v_cmd)[saturated],
                               (result.omega_cmd * result.v)[saturated], atol=1e-12)


def test_kinematic_pose_follows_the_exact_step_of_the_recorded_command():
    """Each recorded pose is integrate_pose of the previous one with its recorded v, omega."""
    result = simulate(DiffDriveParams(), FollowerSettings(SQUARE), dt=0.05)
    pose = result.stack("x", "y", "theta")
    predicted = integrate_pose(pose[:, :-1], result.v[:-1], result.omega[:-1], 0.05)
    np.testing.assert_allclose(predicted, pose[:, 1:], atol=1e-12)


def test_dynamic_and_kinematic_runs_agree_on_a_gentle_course():
    """On a gentle course both models pass the waypoints within 0.1 s and end within 1 cm."""
    course = [(1.0, 0.2), (2.0, 0.6), (3.0, 0.6)]
    runs = {
        model: simulate(DiffDriveParams(), FollowerSettings(course, speed=0.2, gain=1.0),
                        model=model)
        for model in ("kinematic", "dynamic")
    }
    assert all(run.success for run in runs.values())
    np.testing.assert_allclose(runs["dynamic"].waypoint_times, runs["kinematic"].waypoint_times,
                               atol=0.1)
    gap = math.hypot(runs["dynamic"].x[-1] - runs["kinematic"].x[-1],
                     runs["dynamic"].y[-1] - runs["kinematic"].y[-1])
    assert gap < 0.01


def path_gap(first, second):
    """Largest distance between two runs' positions over their common samples, m."""
    n = min(first.t.size, second.t.size)
    return float(np.max(np.hypot(first.x[:n] - second.x[:n], first.y[:n] - second.y[:n])))


def test_stiff_speed_control_approaches_the_kinematic_model():
    """The gap to the kinematic path shrinks like the speed-loop time constant, 1 / gain."""
    kinematic = simulate(DiffDriveParams(), FollowerSettings(OFFSET_SQUARE))
    gaps = []
    for gain, substeps in ((0.05, 4), (0.5, 8), (2.0, 20)):
        p = DiffDriveParams(speed_gain=gain, max_wheel_torque=100.0)
        dynamic = simulate(p, FollowerSettings(OFFSET_SQUARE), model="dynamic",
                           substeps=substeps)
        gaps.append(path_gap(dynamic, kinematic))
        if gain > 0.05:
            np.testing.assert_array_equal(dynamic.waypoint_times, kinematic.waypoint_times)
    assert gaps[0] > gaps[1] > gaps[2]
    assert 3.0 < gaps[1] / gaps[2] < 5.0  # gain x 4 -> gap / 4
    assert gaps[2] < 1e-3


@pytest.mark.parametrize(
    ("speed_gain", "tolerance"),
    [(0.05, 5e-7), (0.2, 1e-4)],  # 0.2 N m s/rad saturates the torque at the start
)
def test_simulated_dynamic_run_matches_radau_on_a_straight_course(speed_gain, tolerance):
    """Goal straight ahead gives a constant reference; simulate's RK4 matches Radau."""
    p = DiffDriveParams(speed_gain=speed_gain)
    result = simulate(p, FollowerSettings([(50.0, 0.0)]), model="dynamic", t_max=2.0)
    assert np.all(result.omega_cmd == 0.0)
    reference = np.full(2, 0.3 / p.wheel_radius)
    traj = solve(dynamic_rhs, (0.0, 2.0), np.zeros(5), args=(p, reference),
                 state_names=("x", "y", "theta", "v", "omega"), method="Radau",
                 rtol=1e-11, atol=1e-13, t_eval=result.t)
    np.testing.assert_allclose(result.x, traj.x, rtol=0, atol=tolerance)
    np.testing.assert_allclose(result.v, traj.v, rtol=0, atol=tolerance)
    assert np.all(result.y == 0.0)
    saturated = np.abs(result.tau_r) == p.max_wheel_torque
    assert saturated.any() == (speed_gain * reference[0] > p.max_wheel_torque)


def test_dynamic_torques_stay_within_the_limit_and_reach_it():
    """Recorded torques never exceed max_wheel_torque, and a sharp course does hit it."""
    p = DiffDriveParams(speed_gain=0.2)
    result = simulate(p, FollowerSettings(SQUARE), model="dynamic")
    torques = np.abs(np.concatenate([result.tau_r, result.tau_l]))
    assert torques.max() <= p.max_wheel_torque
    assert torques.max() == p.max_wheel_torque


def test_waypoint_inside_the_minimum_turning_circle_is_never_reached():
    """Speed 0.3 m/s, omega_max 0.5 rad/s: a waypoint 0.2 m to the left is circled for ever."""
    settings = FollowerSettings([(0.0, 0.2)], speed=0.3, omega_max=0.5, tolerance=0.02)
    assert settings.minimum_turning_radius == pytest.approx(0.6)
    result = simulate(DiffDriveParams(), settings, t_max=30.0)
    assert not result.success
    assert np.isnan(result.waypoint_times[0])
    assert result.t[-1] == pytest.approx(30.0)
    distance = np.hypot(result.x, result.y - 0.2)
    assert distance.min() > settings.tolerance
    np.testing.assert_allclose(np.hypot(result.x, result.y - 0.6), 0.6, atol=1e-9)
    for advice in ("0 of 1 waypoints", "minimum turning radius", "0.6 m", "lower speed",
                   "omega_max", "tolerance"):
        assert advice in result.message, advice


def test_speed_loop_time_constants():
    """tau_v = m_eff R^2 / (2 k), about 46 ms by default; both scale as 1 / speed_gain."""
    p = DiffDriveParams()
    tau_v, tau_omega = p.speed_loop_time_constants
    assert tau_v == pytest.approx(0.0461, abs=5e-4)
    assert tau_omega == pytest.approx(
        2 * p.wheel_radius**2 * p.effective_yaw_inertia / (p.speed_gain * p.track_width**2))
    stiff = DiffDriveParams(speed_gain=10 * p.speed_gain)
    np.testing.assert_allclose(stiff.speed_loop_time_constants, (tau_v / 10, tau_omega / 10))


def test_speed_loop_time_constant_matches_the_step_response():
    """From rest with an unsaturated reference, v reaches 63.2 % after tau_v (d = 0)."""
    p = DiffDriveParams(com_offset=0.0)
    tau_v = p.speed_loop_time_constants[0]
    reference = np.array([5.0, 5.0])  # rad/s, 0.25 N m at the start: below the limit
    traj = solve(dynamic_rhs, (0.0, tau_v), np.zeros(5), args=(p, reference),
                 state_names=("x", "y", "theta", "v", "omega"))
    assert traj.v[-1] == pytest.approx(5.0 * p.wheel_radius * (1 - np.exp(-1)), rel=1e-7)


def test_too_long_rk4_step_is_refused_with_the_substeps_needed():
    """A speed gain too stiff for one RK4 step per period is refused before the run."""
    p = DiffDriveParams(speed_gain=1.0)
    h_stable = RK4_STABILITY_LIMIT * min(p.speed_loop_time_constants)
    needed = math.ceil(0.02 / h_stable)
    assert needed == 4
    with pytest.raises(ParameterError, match="substeps must be >= 4 .* got 3"):
        simulate(p, FollowerSettings(SQUARE), model="dynamic", substeps=3)
    result = simulate(p, FollowerSettings(SQUARE), model="dynamic", substeps=needed)
    assert result.success


def test_unstable_step_would_otherwise_give_bounded_nonsense(monkeypatch):
    """Without the check, a too-long RK4 step stays finite but drives far beyond top speed."""
    monkeypatch.setattr(diffdrive.simulation, "RK4_STABILITY_LIMIT", np.inf)
    p = DiffDriveParams(speed_gain=50.0, max_wheel_torque=1000.0)
    result = simulate(p, FollowerSettings(SQUARE), model="dynamic", substeps=1, t_max=5.0)
    assert np.all(np.isfinite(result.v))
    assert np.max(np.abs(result.v)) > 10 * p.wheel_radius * p.max_wheel_speed


def test_non_finite_state_raises_with_advice(monkeypatch):
    """A state that turns NaN during a dynamic run raises SimulationError with advice."""
    def broken_rhs(t, state, params, phi_dot_ref):
        return np.full(5, np.nan) if t > 0.5 else np.zeros(5)

    monkeypatch.setattr(diffdrive.simulation, "dynamic_rhs", broken_rhs)
    with pytest.raises(SimulationError, match=r"non-finite at t = 0\.52 s.*smaller dt or more"):
        simulate(DiffDriveParams(), FollowerSettings(SQUARE), model="dynamic")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"model": "dynamics"}, r"model must be one of 'kinematic', 'dynamic'; got 'dynamics'"),
        ({"t_max": 0.0}, "t_max must be > 0 s"),
        ({"dt": -0.02}, "dt must be > 0 s"),
        ({"dt": 100.0}, "dt must be <= t_max"),
        ({"substeps": 0}, "substeps must be an integer >= 1, got 0"),
        ({"substeps": 2.5}, "substeps must be an integer; got 2.5 of type float"),
        ({"substeps": True}, "substeps must be an integer; got True"),
        ({"initial_pose": (0.0, 0.0)}, r"initial_pose must have shape \(3,\)"),
        ({"initial_pose": (0.0, np.inf, 0.0)}, "initial_pose must contain only finite"),
        ({"params": DiffDriveParams}, "params must be a DiffDriveParams"),
        ({"settings": SQUARE}, "settings must be a FollowerSettings"),
    ],
)
def test_simulate_rejects_bad_inputs(kwargs, match):
    """Each bad argument of simulate raises ParameterError naming it."""
    args = {"params": DiffDriveParams(), "settings": FollowerSettings(SQUARE)}
    args.update(kwargs)
    with pytest.raises(ParameterError, match=match):
        simulate(**args)


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: inverse_kinematics(None, 1.0, 0.05, 0.3), "v"),
        (lambda: inverse_kinematics(0.3, "12", 0.05, 0.3), "omega"),
        (lambda: forward_kinematics([1.0, "a"], 1.0, 0.05, 0.3), "phi_dot_r"),
        (lambda: forward_kinematics(1.0, 1.0, "0.05", 0.3), "wheel_radius"),
        (lambda: turning_radius(0.3, None), "omega"),
        (lambda: integrate_pose([0.0, 0.0, 0.0], 0.3, 0.1, "0.5"), "dt"),
        (lambda: integrate_pose(["0", 0.0, 0.0], 0.3, 0.1, 0.5), "pose"),
        (lambda: kinetic_energy(0.3, 1j, DiffDriveParams()), "omega"),
        (lambda: body_acceleration(0.0, 0.0, None, 0.1, DiffDriveParams()), "tau_r"),
        (lambda: DiffDriveParams(mass="3.5"), "mass"),
    ],
)
def test_non_numbers_raise_type_error_naming_the_parameter(call, name):
    """None, a string or a complex number raises TypeError naming the input, never nan or 12."""
    with pytest.raises(TypeError, match=rf"^{name} must be a real number") as info:
        call()
    assert isinstance(info.value, ParameterTypeError)


@pytest.mark.parametrize(
    ("call", "names"),
    [
        (lambda: forward_kinematics(np.zeros(3), np.zeros(4), 0.05, 0.3),
         "phi_dot_r and phi_dot_l"),
        (lambda: inverse_kinematics(np.zeros(3), np.zeros(4), 0.05, 0.3), "v and omega"),
        (lambda: integrate_pose(np.zeros((3, 5)), np.zeros(4), 0.1, 0.5), "v"),
        (lambda: saturate_wheel_speeds(np.zeros(2), np.zeros(3), 14.0),
         "phi_dot_r and phi_dot_l"),
    ],
)
def test_mismatched_shapes_name_both_parameters_and_their_shapes(call, names):
    """Shapes that do not broadcast raise ParameterError naming the inputs and their shapes."""
    with pytest.raises(ParameterError, match="must have shapes that broadcast together") as info:
        call()
    message = str(info.value)
    assert names in message and "shape (" in message


def test_nan_in_states_propagates_element_by_element():
    """A NaN wheel speed gives NaN only in its own entries; the others are computed (the rule)."""
    v, omega = forward_kinematics(np.array([1.0, np.nan]), np.array([1.0, 2.0]), 0.05, 0.3)
    assert np.isfinite(v[0]) and np.isnan(v[1]) and np.isnan(omega[1])
    pose = integrate_pose(np.array([[0.0, np.nan], [0.0, 0.0], [0.0, 0.0]]), 0.3, 0.0, 1.0)
    assert pose[0, 0] == pytest.approx(0.3) and np.isnan(pose[0, 1])


# --------------------------------------------------------------------------- fast path


def test_fast_path_of_the_kinematic_period_equals_integrate_pose():
    """The float step of simulate() equals integrate_pose, omega = 0 and tiny omega included."""
    rng = np.random.default_rng(SEED)
    cases = [(0.3, 0.0), (0.3, 1e-12), (-0.2, 3.0)] + [
        (rng.uniform(-1, 1), rng.uniform(-4, 4)) for _ in range(50)]
    for v, omega in cases:
        pose = rng.uniform(-5, 5, 3)
        fast = diffdrive.simulation._kinematic_period(*pose.tolist(), v, omega, 0.02)
        np.testing.assert_allclose(fast, integrate_pose(pose, v, omega, 0.02), rtol=1e-14,
                                   atol=1e-15)


def test_fast_path_of_references_and_torques_equals_the_public_functions():
    """The float references and torques of simulate() equal the vectorised functions."""
    rng = np.random.default_rng(SEED)
    p = DiffDriveParams()
    for _ in range(50):
        v_cmd, omega_cmd = rng.uniform(-0.6, 0.6), rng.uniform(-4, 4)
        fast = diffdrive.simulation._saturated_references(v_cmd, omega_cmd, p)
        slow = saturate_wheel_speeds(*inverse_kinematics(v_cmd, omega_cmd, p.wheel_radius,
                                                         p.track_width), p.max_wheel_speed)
        np.testing.assert_allclose(fast, slow, rtol=1e-15)
        reference, actual = rng.uniform(-20, 20, 2)
        assert diffdrive.simulation._torque(reference, actual, p) == pytest.approx(
            float(wheel_torques([reference, 0.0], [actual, 0.0], p)[0]), rel=1e-15)


# --------------------------------------------------------------------------- rolling resistance


def test_proportional_control_leaves_the_predicted_speed_error():
    """Against rolling resistance the P controller settles at v_ref - R tau_rr / k."""
    from robodyn.diffdrive import straight_run_with_rolling_resistance

    p = DiffDriveParams()
    run = straight_run_with_rolling_resistance(p, 0.3, 0.02, t_end=3.0)
    tau_rr = 0.02 * p.mass * 9.81 / 2 * p.wheel_radius
    assert run.steady_error_p == pytest.approx(p.wheel_radius * tau_rr / p.speed_gain)
    assert 0.3 - run.v[-1] == pytest.approx(run.steady_error_p, rel=1e-6)
    assert run.tau[-1] == pytest.approx(tau_rr, rel=1e-6)  # it takes a standing torque


def test_integral_action_removes_the_error_and_anti_windup_tames_the_overshoot():
    """With k_i > 0 the speed reaches the reference; with the torque saturating, conditional
    integration overshoots less than plain integration."""
    from robodyn.diffdrive import straight_run_with_rolling_resistance

    p = DiffDriveParams()
    pi = straight_run_with_rolling_resistance(p, 0.3, 0.02, integral_gain=0.2, t_end=4.0)
    assert abs(pi.v[-1] - 0.3) < 1e-6
    clamped = straight_run_with_rolling_resistance(p, 0.45, 0.02, 2.0, anti_windup=True,
                                                   t_end=3.0)
    wound = straight_run_with_rolling_resistance(p, 0.45, 0.02, 2.0, anti_windup=False,
                                                 t_end=3.0)
    assert np.any(np.abs(clamped.tau) == p.max_wheel_torque)  # the limit is reached
    assert clamped.v.max() < wound.v.max() - 0.05


def test_traction_demand_matches_the_wheel_equations_and_the_simulated_start():
    """F = m v_dot from the simulated torque-limited start, and = sum of the wheels' forces."""
    p = DiffDriveParams()
    force, mu = diffdrive.traction_demand(p)
    reference = np.array(inverse_kinematics(0.5, 0.0, p.wheel_radius, p.track_width))
    run = solve(dynamic_rhs, (0.0, 0.01), np.zeros(5), args=(p, reference),
                state_names=("x", "y", "theta", "v", "omega"), max_step=0.001)
    v_dot = np.polyfit(run.t, run.v, 1)[0]
    assert force == pytest.approx(p.mass * v_dot, rel=1e-6)
    # each wheel: I_w phi_ddot = tau_max - F_w R with phi_ddot = v_dot / R
    per_wheel = (p.max_wheel_torque - p.wheel_inertia * v_dot / p.wheel_radius) / p.wheel_radius
    assert force == pytest.approx(2 * per_wheel, rel=1e-6)
    assert mu == pytest.approx(force / (p.mass * GRAVITY), rel=1e-3)
    assert 0.79 < mu < 0.81 and 2 * p.max_wheel_torque / p.wheel_radius == pytest.approx(27.78,
                                                                                         abs=0.01)


def test_traction_demand_grows_as_the_drive_wheels_carry_less():
    """Half the weight on the casters doubles the friction needed; f outside (0, 1] raises."""
    p = DiffDriveParams()
    assert diffdrive.traction_demand(p, 0.5)[1] == pytest.approx(
        2 * diffdrive.traction_demand(p)[1])
    for bad in (0.0, 1.5, float("nan")):
        with pytest.raises(ParameterError, match="drive_load_fraction"):
            diffdrive.traction_demand(p, bad)
    with pytest.raises(ParameterError):
        diffdrive.traction_demand("robot")
