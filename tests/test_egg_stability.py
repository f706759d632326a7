"""Tests of robodyn.egg.stability: the upright egg linearised, against the model and its runs."""

import dataclasses
import math

import mpmath
import numpy as np
import pytest

from robodyn import egg
from robodyn.core.errors import ParameterError

FREE = dict(twist_static=0.0, twist_kinetic=0.0, twist_viscous=0.0)
SPEEDS = (0.0, 300.0, 590.0, 610.0, 3000.0, -700.0, 1e5)


def _same_set(a, b, rtol):
    """Each of the eigenvalues a has a partner in b within rtol of the largest size."""
    a, b = np.asarray(a), list(np.asarray(b))
    scale = max(np.abs(a).max(), np.abs(b).max())
    for value in a:
        i = int(np.argmin([abs(value - other) for other in b]))
        assert abs(value - b.pop(i)) <= rtol * scale, (a, b)


def _tilt_rates(params, z, h=None):
    """The model's (theta_dot, omega_dot) of x and y at the small tilt state
    z = (theta_x, theta_y, omega_x, omega_y), twist free, gimbal held at zero."""
    model = egg.rolling._Model(params, egg.ServoMove.hold())
    angle = math.hypot(z[0], z[1])
    axis = np.array([z[0], z[1], 0.0]) / angle if angle else np.zeros(3)
    q = np.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * axis])
    x = np.concatenate([q, [z[2], z[3], 0.0], [0.0, 0.0, 0.0]])
    x_dot = model.derivative(0.0, x, "free", 0.0)
    # the rotation vector's rate is 2 q_dot's vector part to first order
    return np.array([2 * x_dot[1], 2 * x_dot[2], x_dot[4], x_dot[5]])


def _jacobian(params, step=1e-6):
    """Central-difference Jacobian of the model's tilt rates at the upright egg."""
    columns = []
    for j in range(4):
        dz = np.zeros(4)
        dz[j] = step
        columns.append((_tilt_rates(params, dz) - _tilt_rates(params, -dz)) / (2 * step))
    return np.array(columns).T


def test_the_closed_form_eigenvalues_are_those_of_the_matrix():
    """gyro_eigenvalues (roots of the quartic in s) match numpy's eigenvalues of
    gyro_linearisation at rotor speeds below, near and far above the critical one."""
    params = egg.EggParams()
    s = egg.gyro_eigenvalues(params, SPEEDS)
    A = egg.gyro_linearisation(params, SPEEDS)
    assert s.shape == (len(SPEEDS), 4) and A.shape == (len(SPEEDS), 4, 4)
    for s_i, A_i in zip(s, A, strict=True):
        _same_set(s_i, np.linalg.eigvals(A_i), 1e-9)
    # the slow root, where the quadratic formula would cancel, against 50 digits
    slow = np.abs(s[-1].imag).min()
    I_x, I_y, k, C = (mpmath.mpf(v) for v in egg.upright_coefficients(params))
    with mpmath.workdps(50):
        b = (C * SPEEDS[-1]) ** 2 - k * (I_x + I_y)
        u = (-b + mpmath.sqrt(b**2 - 4 * I_x * I_y * k**2)) / (2 * I_x * I_y)
        exact = float(mpmath.sqrt(-u))
    assert slow == pytest.approx(exact, rel=1e-12)


def test_the_linearisation_is_the_models_jacobian():
    """A finite-difference Jacobian of the rolling model's right-hand side at the upright egg
    equals gyro_linearisation, and has its eigenvalues, with the rotor stopped and spinning."""
    for speed in (0.0, 400.0, 3000.0):
        params = dataclasses.replace(egg.EggParams(), rotor_speed=speed, **FREE)
        assert np.abs(_tilt_rates(params, np.zeros(4))).max() < 1e-12   # an equilibrium
        numeric = _jacobian(params)
        analytic = egg.gyro_linearisation(params)
        np.testing.assert_allclose(numeric, analytic, rtol=1e-6,
                                   atol=1e-6 * np.abs(analytic).max())
        _same_set(np.linalg.eigvals(numeric), egg.gyro_eigenvalues(params), 1e-6)


def test_the_stiffness_is_the_curvature_of_the_centre_height():
    """k equals m g times minus the second derivative of the centre height at upright, and
    gravity's lever about the contact is l * tilt for a small tilt (egg.contact_offset)."""
    params = egg.EggParams()
    _, _, k, _ = egg.upright_coefficients(params)
    step = 1e-4
    H = egg.center_height(np.array([step, 0.0, step]), params.R1, params.R2)
    curvature = (H[0] - 2 * H[1] + H[2]) / step**2                 # H is even in the tilt
    assert k == pytest.approx(-params.mass * params.g * curvature, rel=1e-6)
    lever = egg.contact_offset(1e-5, params.R1, params.R2) / 1e-5
    assert k == pytest.approx(params.mass * params.g * lever, rel=1e-8)


def test_the_inertia_is_about_the_contact_point():
    """I_x and I_y are the lumped inertia about the centre plus m R1^2 (parallel axes)."""
    params = egg.EggParams()
    I_x, I_y, _, C = egg.upright_coefficients(params)
    J = egg.lumped_inertia(params)
    assert I_x - J[0, 0] == pytest.approx(params.mass * params.R1**2, rel=1e-12)
    assert I_y - J[1, 1] == pytest.approx(params.mass * params.R1**2, rel=1e-12)
    assert C == pytest.approx(0.5 * params.rotor_mass * params.rotor_radius**2, rel=1e-12)


def test_a_fast_rotor_precesses_at_torque_over_momentum():
    """For a fast rotor the slow frequency is the small-tilt precession m g d / (h sin beta) of
    the chapter's formula and the fast one the nutation h / sqrt(I_x I_y)."""
    params = egg.EggParams()
    I_x, I_y, _, C = egg.upright_coefficients(params)
    beta, speed = 1e-5, 2e4
    h = C * speed
    torque = params.mass * params.g * egg.contact_offset(beta, params.R1, params.R2)
    frequencies = np.sort(np.abs(egg.gyro_eigenvalues(params, speed).imag))
    assert frequencies[0] == pytest.approx(torque / (h * math.sin(beta)), rel=1e-3)
    assert frequencies[-1] == pytest.approx(h / math.sqrt(I_x * I_y), rel=1e-3)


def test_the_critical_speed_is_where_the_real_parts_vanish():
    """Just above the critical rotor speed, either way round, every eigenvalue is imaginary;
    just below, one has a positive real part; a sphere needs no rotor."""
    params = egg.EggParams()
    critical = egg.critical_rotor_speed(params)
    for sign in (1.0, -1.0):
        above = np.linalg.eigvals(egg.gyro_linearisation(params, sign * 1.001 * critical))
        below = np.linalg.eigvals(egg.gyro_linearisation(params, sign * 0.999 * critical))
        assert np.abs(above.real).max() < 1e-9 * np.abs(above).max()
        assert below.real.max() > 0.01 * np.abs(below).max()
    # with equal moments the classic condition of the sleeping top, h^2 = 4 I m g l
    ring = (2e-5, 2e-5, 1e-5)
    round_rings = dataclasses.replace(params, outer_ring_inertia=ring, inner_ring_inertia=ring)
    I_x, I_y, k, C = egg.upright_coefficients(round_rings)
    assert I_x == pytest.approx(I_y, rel=1e-12)
    h = C * egg.critical_rotor_speed(round_rings)
    assert h**2 == pytest.approx(4 * I_x * k, rel=1e-12)
    sphere = egg.EggParams(R1=0.05, R2=0.05)
    assert egg.critical_rotor_speed(sphere) == 0.0


@pytest.mark.parametrize("ratio", [0.97, 1.03])
def test_the_simulated_egg_stands_just_above_the_critical_speed(ratio):
    """A small tilt of the simulated upright egg stays within a few times itself over about
    twenty slow periods just above the critical speed, and grows a hundredfold just below."""
    params = egg.EggParams()
    speed = ratio * egg.critical_rotor_speed(params)
    run = egg.simulate(dataclasses.replace(params, rotor_speed=speed, **FREE), t_end=20.0,
                       tilt=1e-3, dt=0.01, rtol=1e-9, atol=1e-12)
    assert run.success
    slow = np.abs(egg.gyro_eigenvalues(params, speed).imag).min()
    assert run.t[-1] * slow / (2 * np.pi) > 15                      # periods of the slow mode
    if ratio > 1:
        assert run.beta.max() < 10e-3
    else:
        assert run.beta.max() > 100e-3


def test_the_simulated_tilt_grows_at_the_largest_real_part():
    """Below the critical speed the simulated tilt grows at the rate of the largest real part
    of the eigenvalues, measured while it is small (1e-5 to 1e-2 rad)."""
    params = egg.EggParams()
    for ratio in (0.5, 0.9):
        speed = ratio * egg.critical_rotor_speed(params)
        run = egg.simulate(dataclasses.replace(params, rotor_speed=speed, **FREE),
                           t_end=6.0, tilt=1e-6, dt=0.01, rtol=1e-9, atol=1e-12)
        first_large = np.argmax(run.beta > 1e-2)
        assert first_large > 0
        small = slice(np.argmax(run.beta > 1e-5), first_large)
        rate = np.polyfit(run.t[small], np.log(run.beta[small]), 1)[0]
        assert rate == pytest.approx(egg.gyro_eigenvalues(params, speed).real.max(), rel=0.01)


def test_bad_input_is_refused():
    """A rotor speed that is not a finite number, or params that are not EggParams, raise
    errors that name them."""
    params = egg.EggParams()
    with pytest.raises(ParameterError, match="rotor_speed"):
        egg.gyro_linearisation(params, np.nan)
    with pytest.raises(ParameterError, match="rotor_speed"):
        egg.gyro_eigenvalues(params, "fast")
    with pytest.raises(ParameterError, match="params"):
        egg.critical_rotor_speed({"R1": 0.06})


def test_growth_rate_fits_the_window_before_the_signal_gets_large():
    """growth_rate recovers sigma of an oscillating x0 e^(sigma t) in its window and ignores
    what follows, a saturation; it refuses a window with too few samples and bad bounds."""
    t = np.linspace(0.0, 8.0, 801)
    grown = 1e-6 * np.exp(1.7 * t) * (1.0 + 0.05 * np.cos(9.0 * t))
    saturated = np.minimum(grown, 0.2 + 0.05 * np.sin(3.0 * t))  # the nonlinear part
    assert egg.growth_rate(t, saturated, 1e-5, 1e-2) == pytest.approx(1.7, rel=5e-3)
    assert egg.growth_rate(t, -saturated, 1e-5, 1e-2) == pytest.approx(1.7, rel=5e-3)
    with pytest.raises(ParameterError, match="at least three"):
        egg.growth_rate(t, np.full_like(t, 1e-6), 1e-5, 1e-2)     # never grows
    with pytest.raises(ParameterError, match="low must be smaller"):
        egg.growth_rate(t, saturated, 1e-2, 1e-5)
    with pytest.raises(ParameterError, match="low"):
        egg.growth_rate(t, saturated, -1.0, 1e-2)
    with pytest.raises(ParameterError, match="increasing"):
        egg.growth_rate(t[::-1], saturated, 1e-5, 1e-2)
