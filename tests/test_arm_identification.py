"""Tests of robodyn.arm.identification: the two-link arm's regressor and its identification."""

import numpy as np
import pytest
import sympy as sp

from robodyn import friction
from robodyn.arm import PlanarArm
from robodyn.arm import identification as ai
from robodyn.core.errors import ParameterError

#: A Fourier trajectory (rad/s coefficients, 5 harmonics, 5 s period) and joint friction.
A = np.array([[0.8, -0.5, 0.4, 0.3, -0.2], [1.0, 0.6, -0.5, 0.4, 0.3]])
B = np.array([[0.5, 0.4, -0.3, 0.2, 0.2], [-0.6, 0.5, 0.4, -0.3, 0.25]])
W_F = 2 * np.pi * 0.2
VISCOUS, COULOMB = np.array([0.8, 0.4]), np.array([1.2, 0.6])


def random_arm(rng):
    """A two-link arm with random masses, lengths, centres of mass, inertias and gravity."""
    return PlanarArm(masses=rng.uniform(0.5, 6, 2), lengths=rng.uniform(0.2, 1, 2),
                     com_fractions=rng.uniform(0.1, 0.9, 2),
                     inertias=rng.uniform(0.0, 0.2, 2), gravity=rng.uniform(1, 12))


@pytest.fixture(scope="module")
def trajectory():
    t = np.arange(0.0, 10.0, 0.02)
    return ai.fourier_trajectory(t, A, B, [0.0, 0.5], W_F)


def test_regressor_times_base_parameters_is_newton_euler():
    """Y(q, q', q'') pi equals the arm's recursive Newton-Euler torques at random states."""
    rng = np.random.default_rng(7)
    for _ in range(20):
        arm = random_arm(rng)
        q, qd, qdd = rng.uniform(-3, 3, (3, 2, 30))
        Y = ai.regressor(q, qd, qdd, arm.lengths[0], arm.gravity, with_friction=False)
        tau = Y @ ai.base_parameters(arm)
        assert np.allclose(tau.T, arm.inverse_dynamics(q, qd, qdd), rtol=1e-12, atol=1e-11)


def test_friction_columns_are_chapter_two_model():
    """The friction columns times (b, Fc) give minus chapter 2's coulomb_viscous per joint."""
    rng = np.random.default_rng(8)
    q, qd, qdd = rng.uniform(-2, 2, (3, 2, 40))
    Y = ai.regressor(q, qd, qdd, 0.5, 9.81)
    tau = Y[:, :, 4:] @ np.r_[VISCOUS, COULOMB]
    for j in range(2):
        expected = -friction.coulomb_viscous(qd[j], COULOMB[j], VISCOUS[j])
        assert np.allclose(tau[:, j], expected, rtol=1e-14)


@pytest.fixture(scope="module")
def symbolic():
    Y, s = ai.symbolic_regressor()
    args = [s["q"], s["qd"], s["qdd"], s["L1"], s["g"]]
    return sp.lambdify(args, Y, modules="numpy"), Y, s


def test_sympy_regressor_in_standard_parameters_maps_to_base(symbolic):
    """The Lagrangian's regressor in (J1, chi1, m1, J2, chi2, m2) is Y_base K at random states."""
    f, _, _ = symbolic
    rng = np.random.default_rng(9)
    for _ in range(30):
        L1, g = rng.uniform(0.2, 1.0), rng.uniform(1.0, 12.0)
        q, qd, qdd = rng.uniform(-3, 3, (3, 2))
        Y_standard = np.array(f(q, qd, qdd, L1, g), dtype=float)
        Y_base = ai.regressor(q, qd, qdd, L1, g, with_friction=False)
        assert np.allclose(Y_standard, Y_base @ ai.base_map(L1), atol=1e-12)


def test_sympy_regressor_is_linear_and_of_rank_four(symbolic):
    """The symbolic regressor holds no parameter; stacked at random states it has rank 4 of 6
    (m1 never acts, m2 only through J1 and chi1), while the base regressor has full rank 4."""
    f, Y, s = symbolic
    assert not (Y.free_symbols & set(s["standard"]))
    rng = np.random.default_rng(10)
    q, qd, qdd = rng.uniform(-3, 3, (3, 2, 12))
    rows = np.concatenate([np.array(f(q[:, k], qd[:, k], qdd[:, k], 0.5, 9.81), dtype=float)
                           for k in range(12)])
    assert np.linalg.matrix_rank(rows) == 4
    base = ai.stacked_regressor(q, qd, qdd, 0.5, 9.81, with_friction=False)
    assert np.linalg.matrix_rank(base) == 4
    assert np.linalg.matrix_rank(ai.stacked_regressor(q, qd, qdd, 0.5, 9.81)) == 8


def test_base_parameters_of_the_tutorial_arm():
    """pi of the tutorial's arm by hand: I1 + m1 lc1^2 + m2 L1^2 = 5/48 + 5/16 + 3/4, ..."""
    expected = [5 * 0.25 / 12 + 5 * 0.25**2 + 3 * 0.5**2, 3 * 0.16 / 12 + 3 * 0.2**2,
                3 * 0.2, 5 * 0.25 + 3 * 0.5]
    assert np.allclose(ai.base_parameters(PlanarArm()), expected, rtol=1e-14)


def test_fourier_trajectory_derivatives(trajectory):
    """q' and q'' of the Fourier series match central differences of q and q'; periodic."""
    h = 1e-5
    t = np.array([0.3, 1.7, 4.2])
    q_minus, qd_minus, _ = ai.fourier_trajectory(t - h, A, B, [0.0, 0.5], W_F)
    q_plus, qd_plus, _ = ai.fourier_trajectory(t + h, A, B, [0.0, 0.5], W_F)
    _, qd, qdd = ai.fourier_trajectory(t, A, B, [0.0, 0.5], W_F)
    assert np.allclose((q_plus - q_minus) / (2 * h), qd, atol=1e-8)
    assert np.allclose((qd_plus - qd_minus) / (2 * h), qdd, atol=1e-7)
    period = ai.fourier_trajectory(t + 2 * np.pi / W_F, A, B, [0.0, 0.5], W_F)
    assert np.allclose(period[0], ai.fourier_trajectory(t, A, B, [0.0, 0.5], W_F)[0])


def test_noiseless_torques_give_the_truth(trajectory):
    """Without noise, least squares returns the base parameters and the friction exactly."""
    arm = PlanarArm()
    q, qd, qdd = trajectory
    tau = ai.measured_torques(arm, q, qd, qdd, VISCOUS, COULOMB, 0.0,
                              np.random.default_rng(0))
    fit = ai.identify(q, qd, qdd, tau, arm.lengths[0], arm.gravity)
    truth = np.r_[ai.base_parameters(arm), VISCOUS, COULOMB]
    assert np.allclose(fit.estimates, truth, rtol=1e-10, atol=1e-12)
    assert fit.names == ai.NAMES
    assert "cond(W)" in fit.message


def test_intervals_cover_the_truth_95_percent(trajectory):
    """Over 1000 noise draws each 95 % interval holds the true value 93-97 % of the time, and
    the estimates scatter as their standard errors say."""
    arm = PlanarArm()
    q, qd, qdd = trajectory
    truth = np.r_[ai.base_parameters(arm), VISCOUS, COULOMB]
    rng = np.random.default_rng(11)
    covered, estimates, errors = np.zeros(8), [], []
    draws = 1000
    for _ in range(draws):
        tau = ai.measured_torques(arm, q, qd, qdd, VISCOUS, COULOMB, 0.3, rng)
        fit = ai.identify(q, qd, qdd, tau, arm.lengths[0], arm.gravity)
        low, high = fit.confidence_intervals.T
        covered += (low <= truth) & (truth <= high)
        estimates.append(fit.estimates)
        errors.append(fit.standard_errors)
    coverage = covered / draws
    assert np.all((coverage > 0.93) & (coverage < 0.97)), coverage
    spread = np.std(estimates, axis=0, ddof=1)
    assert np.allclose(spread, np.mean(errors, axis=0), rtol=0.1)
    assert np.all(np.abs(np.mean(estimates, axis=0) - truth) < 4 * spread / np.sqrt(draws))


def test_prediction_on_a_fresh_trajectory(trajectory):
    """Identified on one trajectory, the model predicts another's torques: what is left of a
    fresh measurement is its noise."""
    arm = PlanarArm()
    rng = np.random.default_rng(12)
    q, qd, qdd = trajectory
    tau = ai.measured_torques(arm, q, qd, qdd, VISCOUS, COULOMB, 0.3, rng)
    fit = ai.identify(q, qd, qdd, tau, arm.lengths[0], arm.gravity)
    t = np.arange(0.0, 6.0, 0.01)
    fresh = ai.fourier_trajectory(t, 0.7 * B[::-1], -A[::-1], [0.4, -0.3], 2 * np.pi * 0.25)
    clean = ai.measured_torques(arm, *fresh, VISCOUS, COULOMB, 0.0, rng)
    predicted = ai.predicted_torques(fit.estimates, *fresh, arm.lengths[0], arm.gravity)
    assert predicted.shape == clean.shape
    # the estimates' own scatter, about 0.3 sqrt(8 / 1000) = 0.027 N m, not the noise
    assert np.sqrt(np.mean((predicted - clean) ** 2)) < 0.2 * 0.3
    measured = clean + rng.normal(0.0, 0.3, clean.shape)
    assert np.sqrt(np.mean((measured - predicted) ** 2)) == pytest.approx(0.3, rel=0.1)


def test_a_motion_that_excites_too_little_is_refused():
    """Holding poses (no rates, no accelerations) leaves friction and inertia unseen: raised."""
    rng = np.random.default_rng(13)
    q = rng.uniform(-2, 2, (2, 50))
    zero = np.zeros_like(q)
    tau = PlanarArm().inverse_dynamics(q, zero, zero)
    with pytest.raises(ParameterError, match="rank 2 of 8"):
        ai.identify(q, zero, zero, tau, 0.5, 9.81)


@pytest.mark.parametrize("call, match", [
    (lambda: ai.regressor([0.0, 1.0, 2.0], [0, 0, 0], [0, 0, 0], 0.5, 9.81), "q must have"),
    (lambda: ai.regressor([0.0, 1.0], [0.0], [0.0, 0.0], 0.5, 9.81), "qd must have"),
    (lambda: ai.regressor([0.0, 1.0], [0, 0], [0, 0], -0.5, 9.81), "L1 must be > 0"),
    (lambda: ai.regressor([0.0, 1.0], [0, 0], [0, 0], 0.5, float("nan")), "gravity"),
    (lambda: ai.base_parameters(PlanarArm(masses=[1, 1, 1], lengths=[1, 1, 1])),
     "two-link"),
    (lambda: ai.fourier_trajectory([0.0, 1.0], [[1.0]], [[1.0], [2.0]], [0, 0], 1.0),
     "a must have"),
    (lambda: ai.fourier_trajectory([0.0, 1.0], [[1.0], [1.0]], [[1.0], [2.0]], [0, 0], 0.0),
     "base_frequency must be > 0"),
    (lambda: ai.friction_torques([1.0, -1.0], [0.1, 0.1], [-0.2, 0.1]), "Fc must be >= 0"),
    (lambda: ai.measured_torques(PlanarArm(), [0, 0], [0, 0], [0, 0], VISCOUS, COULOMB,
                                 -0.1, np.random.default_rng(0)), "noise must be >= 0"),
    (lambda: ai.measured_torques(PlanarArm(), [0, 0], [0, 0], [0, 0], VISCOUS, COULOMB,
                                 0.1, 3), "rng must be"),
    (lambda: ai.identify(np.zeros((2, 3)), np.ones((2, 3)), np.ones((2, 3)),
                         np.zeros((2, 3)), 0.5, 9.81), "at least 5 samples"),
    (lambda: ai.identify(np.full((2, 9), np.nan), np.ones((2, 9)), np.ones((2, 9)),
                         np.zeros((2, 9)), 0.5, 9.81), "q must contain only finite"),
    (lambda: ai.identify(np.zeros((2, 9)), np.ones((2, 9)), np.ones((2, 9)),
                         np.zeros((2, 8)), 0.5, 9.81), "tau must have shape"),
    (lambda: ai.predicted_torques(np.ones(4), [0, 0], [0, 0], [0, 0], 0.5, 9.81),
     "parameters must have shape"),
])
def test_bad_input_is_refused(call, match):
    """Wrong shapes, NaN, negative lengths, noise or friction, too few samples: ParameterError."""
    with pytest.raises(ParameterError, match=match):
        call()


def test_an_equivalent_arm_has_the_same_torques():
    """An arm built from another's base parameters has other masses but the same Newton-Euler
    torques at random states, and the same base parameters."""
    rng = np.random.default_rng(14)
    for _ in range(20):
        arm = random_arm(rng)
        twin = ai.equivalent_arm(ai.base_parameters(arm), arm.lengths, arm.gravity)
        assert np.all(twin.inertias >= 0) and np.all(twin.com_fractions <= 1)
        assert np.allclose(ai.base_parameters(twin), ai.base_parameters(arm), rtol=1e-12)
        q, qd, qdd = rng.uniform(-3, 3, (3, 2, 10))
        assert np.allclose(twin.inverse_dynamics(q, qd, qdd), arm.inverse_dynamics(q, qd, qdd),
                           rtol=1e-10, atol=1e-10)


def test_physically_inconsistent_base_parameters_are_refused():
    """pi3^2 / pi2 above pi4 / L1 (link 2 needs more mass than link 1's moment allows) or a
    non-positive parameter: ParameterError naming the bound."""
    with pytest.raises(ParameterError, match="no physical arm"):
        ai.equivalent_arm([1.0, 0.01, 0.6, 0.2], [0.5, 0.4], 9.81)
    with pytest.raises(ParameterError, match="must all be > 0"):
        ai.equivalent_arm([1.0, -0.16, 0.6, 2.75], [0.5, 0.4], 9.81)
