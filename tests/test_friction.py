"""Tests of robodyn.friction: models, the tilting board, stick-slip, least-squares fits."""

import numpy as np
import pytest

from robodyn import friction as fr
from robodyn.core.errors import ParameterError
from robodyn.laws.friction import karnopp_float, sign_float

SEED = 20240601


def both_directions(n=40, low=0.05, high=2.0):
    half = np.linspace(low, high, n // 2)
    return np.concatenate([-half[::-1], half])


# --------------------------------------------------------------------------- models


def test_models_oppose_the_velocity_and_take_hand_values():
    """F has the sign of -v; hand values at v = +-0.5."""
    v = np.array([-0.5, 0.5])
    np.testing.assert_allclose(fr.coulomb(v, 0.4), [0.4, -0.4])
    np.testing.assert_allclose(fr.viscous(v, 0.1), [0.05, -0.05])
    np.testing.assert_allclose(fr.coulomb_viscous(v, 0.4, 0.1), [0.45, -0.45])
    expected = -(0.5 + 0.3 * np.exp(-(0.5 / 0.1) ** 2)) - 0.05
    np.testing.assert_allclose(fr.stribeck(0.5, 0.5, 0.8, 0.1, 0.1), expected)
    assert float(fr.coulomb(0.0, 0.4)) == 0.0


def test_stribeck_limits():
    """v -> 0+: -Fs; |v| >> vs: the Coulomb-viscous line; odd in v; delta shapes the fall."""
    assert float(fr.stribeck(1e-9, 0.5, 0.8, 0.1, 0.2)) == pytest.approx(-0.8, abs=1e-8)
    v = np.array([3.0, 10.0])
    np.testing.assert_allclose(fr.stribeck(v, 0.5, 0.8, 0.1, 0.2),
                               fr.coulomb_viscous(v, 0.5, 0.2), rtol=1e-12)
    w = np.linspace(-1, 1, 11)
    np.testing.assert_allclose(fr.stribeck(-w, 0.5, 0.8, 0.1, 0.2),
                               -fr.stribeck(w, 0.5, 0.8, 0.1, 0.2))
    # at v = 2 vs the static part has fallen to e^-2 with delta = 1, to e^-4 with delta = 2
    assert fr.stribeck(0.2, 0.5, 0.8, 0.1, 0.0, delta=1) == pytest.approx(-0.5 - 0.3 * np.exp(-2))
    assert fr.stribeck(0.2, 0.5, 0.8, 0.1, 0.0, delta=2) == pytest.approx(-0.5 - 0.3 * np.exp(-4))
    assert fr.stribeck(0.1, 0.5, 0.5, 0.1, 0.0) == pytest.approx(-0.5)  # Fs = Fc: Coulomb


def test_karnopp_sticks_up_to_breakaway_then_slides():
    """Inside the band friction balances the applied force up to Fs; outside it is Coulomb."""
    applied = np.array([0.0, 0.3, -0.45, 0.7, -2.0])
    np.testing.assert_allclose(fr.karnopp(0.0, applied, 0.4, 0.5, 0.0, 1e-3),
                               [0.0, -0.3, 0.45, -0.5, 0.5])
    np.testing.assert_allclose(fr.karnopp(0.01, 0.3, 0.4, 0.5, 0.1, 1e-3), -0.4 - 0.001)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: fr.coulomb(1.0, -0.4), "Fc must be >= 0 N"),
        (lambda: fr.stribeck(1.0, 0.8, 0.5, 0.1, 0.1), "Fs must be >= Fc = 0.8 N"),
        (lambda: fr.stribeck(1.0, 0.5, 0.8, 0.0, 0.1), "vs must be > 0 m/s"),
        (lambda: fr.viscous("fast", 0.1), "v must be a real number"),
        (lambda: fr.karnopp(np.zeros(3), np.zeros(2), 0.4, 0.5, 0.0, 1e-3),
         "v and applied must have shapes that broadcast"),
        (lambda: fr.SlidingBlock(Fc=3.0, Fs=2.0), "Fs must be >= Fc = 3 N"),
        (lambda: fr.mu_from_tilt(np.array([0.5, 1.6])), r"theta must lie in \[0, pi/2\)"),
        (lambda: fr.mu_from_tilt(45.0), "degrees"),
    ],
)
def test_bad_parameters_are_named(call, match):
    """Out-of-range, mismatched or non-numeric input raises an error naming the parameter."""
    with pytest.raises(ParameterError, match=match):
        call()


# --------------------------------------------------------------------------- tilting board


def test_mu_from_tilt_is_the_force_balance_and_propagates_the_angle_error():
    """tan(theta) balances m g sin(theta) against mu m g cos(theta); sigma = sigma_theta/cos^2,
    which matches the spread of mu over many perturbed angles."""
    theta = np.radians(47.0)
    m = fr.mu_from_tilt(theta, np.radians(0.3))
    weight = 0.0608 * 9.81
    assert weight * np.sin(theta) == pytest.approx(m.mu * weight * np.cos(theta))
    rng = np.random.default_rng(SEED)
    spread = np.std(np.tan(theta + rng.normal(0.0, np.radians(0.3), 200_000)))
    assert m.sigma == pytest.approx(spread, rel=0.01)
    assert fr.mu_from_tilt(np.radians(49.1)).mu == pytest.approx(1.1544, abs=1e-4)  # erratum


# --------------------------------------------------------------------------- stick-slip


def test_karnopp_block_sticks_until_the_push_reaches_breakaway():
    """Pushed by 0.5 N/s, the block stays put until the push reaches Fs = 3 N at t = 6 s."""
    block = fr.SlidingBlock()
    run = fr.simulate_block(block, lambda t: 0.5 * t, 10.0, dt=1e-3, model="karnopp")
    assert np.all(run.x[run.t <= 6.0] == 0.0) and np.all(run.v[run.t <= 6.0] == 0.0)
    np.testing.assert_allclose(run.friction[run.t <= 6.0], -run.applied[run.t <= 6.0])
    assert run.x[run.t >= 6.1][0] > 0.0
    # sliding: m v' = 0.5 t - Fc, so v(t) = 0.25 (t^2 - 36) - 2 (t - 6) from the breakaway
    t = run.t[-1]
    assert run.v[-1] == pytest.approx(0.25 * (t**2 - 36) - 2 * (t - 6), rel=0.01)


def test_naive_sign_chatters_and_breaks_away_at_the_coulomb_level():
    """With sign(v) the velocity flips back and forth around zero (at about Fc dt / m) while the
    push is below Fc, and the block breaks away at Fc, not at Fs."""
    block = fr.SlidingBlock()
    run = fr.simulate_block(block, lambda t: 0.5 * t, 10.0, dt=1e-3, model="sign")
    early = run.t < 3.5
    flips = np.count_nonzero(np.diff(np.sign(run.friction[early])) != 0)
    assert flips > 1000
    assert np.max(np.abs(run.v[early])) <= 2 * block.Fc * 1e-3 / block.mass
    breakaway = run.t[(run.v > 0.01)][0]
    assert 4.0 < breakaway < 4.5


def test_stick_slip_oscillator_sticks_to_the_belt_and_slips_back():
    """A block on a spring over a belt at 0.2 m/s sticks (moves with the belt), then slips back:
    the phase portrait cycles between v = 0.2 m/s and slipping."""
    block = fr.SlidingBlock(Fc=2.0, Fs=3.0, stiffness=50.0, dv=1e-3)
    run = fr.simulate_block(block, lambda t: 0.0, 10.0, dt=1e-4, model="karnopp",
                            surface_speed=0.2)
    late = run.t > 2.0
    stuck = np.abs(run.v[late] - 0.2) < block.dv
    assert 0.2 < stuck.mean() < 0.9  # part of each cycle on the belt, part slipping
    # each sticking phase ends when the spring pulls with Fs, at x = Fs / k; the velocity
    # leaves the sticking band a few steps later, when the block has moved on by about 1 %
    stuck_all = np.abs(run.v - 0.2) < block.dv
    ends = np.flatnonzero(stuck_all[:-1] & ~stuck_all[1:])
    assert ends.size >= 3
    np.testing.assert_allclose(run.x[ends], block.Fs / block.stiffness, rtol=0.02)
    assert np.all(run.x[ends] >= block.Fs / block.stiffness)


# --------------------------------------------------------------------------- fits


def test_linear_fit_matches_lstsq_and_the_normal_equations():
    """Estimates equal numpy's lstsq; standard errors equal the textbook formula computed
    from the normal equations, s^2 (A^T A)^-1."""
    rng = np.random.default_rng(SEED)
    v = both_directions()
    f = fr.coulomb_viscous(v, 0.4, 0.1) + rng.normal(0, 0.02, v.size)
    fit = fr.fit_coulomb_viscous(v, f)
    A = np.column_stack([-np.sign(v), -v])
    np.testing.assert_allclose(fit.estimates, np.linalg.lstsq(A, f, rcond=None)[0], rtol=1e-12)
    residual = f - A @ fit.estimates
    s2 = residual @ residual / (v.size - 2)
    np.testing.assert_allclose(fit.standard_errors, np.sqrt(np.diag(s2 * np.linalg.inv(A.T @ A))),
                               rtol=1e-10)
    assert 0.95 < fit.r_squared < 1.0


def test_linear_fit_matches_statsmodels_ols():
    """Estimates, standard errors and 95 % intervals equal statsmodels' OLS."""
    sm = pytest.importorskip("statsmodels.api")
    rng = np.random.default_rng(SEED + 1)
    v = both_directions(30)
    f = fr.coulomb_viscous(v, 0.3, 0.2) + rng.normal(0, 0.05, v.size)
    fit = fr.fit_coulomb_viscous(v, f)
    ols = sm.OLS(f, np.column_stack([-np.sign(v), -v])).fit()
    np.testing.assert_allclose(fit.estimates, ols.params, rtol=1e-10)
    np.testing.assert_allclose(fit.standard_errors, ols.bse, rtol=1e-10)
    np.testing.assert_allclose(fit.confidence_intervals, ols.conf_int(0.05), rtol=1e-10)
    assert fit.r_squared == pytest.approx(1 - ols.ssr / ols.centered_tss)


def test_confidence_intervals_cover_the_truth_about_95_percent_of_the_time():
    """Over 400 seeded experiments the 95 % intervals hold the true Fc and b 93-97 % of the time."""
    rng = np.random.default_rng(SEED)
    v = both_directions(20)
    hits = np.zeros(2)
    trials = 400
    for _ in range(trials):
        fit = fr.fit_coulomb_viscous(v, fr.coulomb_viscous(v, 0.4, 0.1)
                                     + rng.normal(0, 0.05, v.size))
        low, high = fit.confidence_intervals.T
        hits += (low <= [0.4, 0.1]) & ([0.4, 0.1] <= high)
    assert np.all((0.93 < hits / trials) & (hits / trials < 0.97)), hits / trials


@pytest.mark.parametrize(
    ("v", "f", "match"),
    [
        (np.array([0.5, 1.0, 2.0]), np.ones(3), "all velocities are positive"),
        (np.array([-0.5, -1.0, -2.0]), np.ones(3), "all velocities are negative"),
        (np.array([-1.0, 1.0]), np.ones(2), "at least 3 samples"),
        (np.array([-1.0, 0.0, 1.0]), np.ones(3), "v must not be 0"),
        (np.array([-1.0, 0.5, 1.0]), np.array([1.0, np.nan, 1.0]), "f must contain only finite"),
        (np.array([-1.0, 0.5, 1.0]), np.ones(4), "one force per velocity"),
    ],
)
def test_data_that_cannot_identify_both_parameters_are_refused(v, f, match):
    """One direction only, too few samples, zero velocities or NaN are refused, with reasons."""
    with pytest.raises(ParameterError, match=match):
        fr.fit_coulomb_viscous(v, f)


def test_stribeck_fit_recovers_known_parameters_within_their_intervals():
    """Seeded data with samples near vs: the fit recovers Fc, Fs, vs, b within 95 % intervals."""
    rng = np.random.default_rng(SEED)
    v = both_directions(200, low=0.005, high=2.0)
    truth = np.array([0.5, 0.8, 0.1, 0.1])
    fit = fr.fit_stribeck(v, fr.stribeck(v, *truth) + rng.normal(0, 0.02, v.size))
    low, high = fit.confidence_intervals.T
    assert fit.success and np.all((low <= truth) & (truth <= high)), fit.table()
    assert "do not pin down" not in fit.message


def test_stribeck_fit_says_what_fast_data_cannot_pin_down():
    """With every speed far above vs, Fs and vs are reported as not pinned down."""
    rng = np.random.default_rng(SEED)
    v = both_directions(100, low=1.0, high=2.0)
    fit = fr.fit_stribeck(v, fr.stribeck(v, 0.5, 0.8, 0.1, 0.1) + rng.normal(0, 0.02, v.size))
    assert "do not pin down Fs, vs" in fit.message
    assert abs(fit["Fc"] - 0.5) < 0.05 and abs(fit["b"] - 0.1) < 0.02


def test_a_robust_loss_resists_outliers():
    """Five wild samples drag the plain fit's Fc away; soft_l1 stays near the truth."""
    rng = np.random.default_rng(SEED)
    v = both_directions(100, low=0.01, high=2.0)
    f = fr.stribeck(v, 0.5, 0.8, 0.1, 0.1) + rng.normal(0, 0.02, v.size)
    f[rng.choice(v.size, 5, replace=False)] += 3.0
    plain = fr.fit_stribeck(v, f)
    robust = fr.fit_stribeck(v, f, loss="soft_l1", f_scale=0.05)
    assert abs(robust["Fc"] - 0.5) < 0.03 < abs(plain["Fc"] - 0.5) or abs(
        robust["b"] - 0.1) < abs(plain["b"] - 0.1)
    assert abs(robust["Fc"] - 0.5) < 0.03



def tutorial_speeds(n=201, v_max=2.0):
    """The dynamics tutorial's velocities, np.linspace(-2, 2, 201), without the sample at rest."""
    v = np.linspace(-v_max, v_max, n)
    return v[v != 0]


@pytest.mark.parametrize("truth, v, rtol", [
    ((0.5, 0.8, 0.1, 0.1), tutorial_speeds(), 1e-6),
    ((2.0, 3.0, 0.3, 0.5), tutorial_speeds(), 1e-6),
    ((0.2, 0.6, 0.5, 0.0), tutorial_speeds(401, 5.0), 1e-6),
    ((0.5, 0.8, 0.1, 0.1), np.concatenate([-np.geomspace(2.0, 0.005, 60),
                                           np.geomspace(0.005, 2.0, 60)]), 1e-6),
    # 20 samples, none below vs: the solver's default tolerance stopped at Fs = 0.65
    ((0.5, 0.8, 0.1, 0.1), tutorial_speeds(21), 1e-4),
], ids=["tutorial", "stiff joint", "wide dip", "log-spaced", "20 samples"])
def test_stribeck_fit_recovers_clean_data_from_its_default_start(truth, v, rtol):
    """Clean data, both directions, the dip inside the range: every parameter recovered."""
    fit = fr.fit_stribeck(v, fr.stribeck(v, *truth))
    assert fit.success and fit.r_squared > 1 - 1e-12, fit.message
    np.testing.assert_allclose(fit.estimates, truth, rtol=rtol, atol=1e-8)


def test_stribeck_fit_refuses_forces_with_the_sign_of_the_velocity():
    """The tutorial's own sign (the torque a motor supplies) is refused, saying to fit -f."""
    v = tutorial_speeds()
    supplied = -fr.stribeck(v, 0.5, 0.8, 0.1, 0.1)
    for p0 in (None, (0.5, 0.8, 0.1, 0.1)):
        with pytest.raises(ParameterError, match=r"point along the motion.*Fit -f instead"):
            fr.fit_stribeck(v, supplied, p0=p0)
    noisy = supplied + np.random.default_rng(SEED).normal(0, 0.3, v.size)
    with pytest.raises(ParameterError, match="200 samples"):
        fr.fit_stribeck(v, noisy)


def test_stribeck_fit_refuses_a_sample_at_rest_even_from_a_given_start():
    """The tutorial's linspace(-2, 2, 201) holds v = 0: refused with how to leave it out."""
    v = np.linspace(-2.0, 2.0, 201)
    f = fr.stribeck(v, 0.5, 0.8, 0.1, 0.1)
    for p0 in (None, (0.5, 0.8, 0.1, 0.1)):
        with pytest.raises(ParameterError, match=r"v must not be 0 \(1 of the 201.*v != 0"):
            fr.fit_stribeck(v, f, p0=p0)


@pytest.mark.parametrize("seed", range(6))
def test_stribeck_fit_never_reports_success_without_a_fit(seed):
    """Noise alone: either a fit better than the mean, or success False and the message says so."""
    v = tutorial_speeds()
    fit = fr.fit_stribeck(v, np.random.default_rng(SEED + seed).normal(0, 0.05, v.size))
    assert fit.success == (fit.r_squared > 0)
    if not fit.success:
        assert "no fit: the model explains the data no better than their mean" in fit.message


def test_stribeck_fit_of_a_constant_offset_is_no_fit():
    """The same force in both directions is no friction: success False, R^2 -inf."""
    fit = fr.fit_stribeck(tutorial_speeds(), np.full(200, 0.3))
    assert not fit.success and fit.r_squared == -np.inf
    assert "an offset that is the same in both directions" in fit.message

# --------------------------------------------------------------------------- blend and sweep


def test_blended_coefficient_is_continuous_and_even():
    mu = lambda v: fr.blended_coefficient(v, 1.1, 0.9, 1e-3)  # noqa: E731
    for corner in (1e-3, 1.5e-3):
        assert abs(mu(corner - 1e-12) - mu(corner + 1e-12)) < 1e-6
    v = np.linspace(-5e-3, 5e-3, 101)
    np.testing.assert_allclose(mu(v), mu(-v))
    assert mu(0.0) == 0.0 and mu(1e-3) == pytest.approx(1.1) and mu(1.0) == pytest.approx(0.9)
    assert np.all(np.diff(mu(np.linspace(0, 1e-3, 11))) > 0)


def test_blended_coefficient_is_chapter_3s_coefficient_times_the_saturation():
    """Eq. fr-effective-coefficient: mu_eff = mu(|v|) min(|v|/v_crit, 1), mu written by hand."""
    mu_s, mu_k, v_crit = 1.1, 0.9, 1e-3
    v = np.linspace(-4e-3, 4e-3, 801)
    speed = np.abs(v)
    mu = np.where(speed <= v_crit, mu_s,
                  np.where(speed >= 1.5 * v_crit, mu_k,
                           mu_s + (mu_k - mu_s) * (speed - v_crit) / (0.5 * v_crit)))
    expected = mu * np.minimum(speed / v_crit, 1.0)
    np.testing.assert_allclose(fr.blended_coefficient(v, mu_s, mu_k, v_crit), expected,
                               rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("args, match", [
    ((0.5, 0.9, 1e-3), "mu_k must be <= mu_s"),
    ((1.1, -0.1, 1e-3), "mu_k"),
    ((1.1, 0.9, 0.0), "v_crit"),
])
def test_blended_coefficient_names_bad_parameters(args, match):
    with pytest.raises(ParameterError, match=match):
        fr.blended_coefficient(0.1, *args)


def test_speed_sweep_recovers_the_friction_it_was_given():
    """At constant speed the motor torque balances the friction: -mean torque = F(omega)."""
    def friction(omega):
        return -(0.3 * np.sign(omega) + 0.05 * omega)

    speeds = np.array([-2.0, -0.5, 0.3, 1.0, 2.0])
    held, estimate, ripple = fr.speed_sweep(friction, speeds, inertia=0.01, gain=2.0,
                                            integral_gain=20.0, noise=0.0, seed=1)
    assert np.all(ripple < 1e-3 * np.abs(speeds))
    np.testing.assert_allclose(held, speeds, atol=2e-3)
    np.testing.assert_allclose(estimate, friction(held), atol=2e-3)
    _, noisy, _ = fr.speed_sweep(friction, speeds, inertia=0.01, gain=2.0, integral_gain=20.0,
                              noise=0.05, seed=1)
    # 1000 samples of 0.05 N m noise: the mean is good to about 0.05 / sqrt(1000) = 1.6e-3
    assert np.max(np.abs(noisy - estimate)) < 8e-3
    assert np.max(np.abs(noisy - estimate)) > 0


def test_speed_sweep_without_integral_action_leaves_a_speed_error():
    def friction(omega):
        return -0.3 * np.sign(omega)

    held, _, _ = fr.speed_sweep(friction, [1.0], inertia=0.01, gain=2.0, integral_gain=0.0,
                                noise=0.0, seed=1)
    assert held[0] == pytest.approx(1.0 - 0.3 / 2.0, abs=1e-3)   # P error = F_c / k


def test_a_weak_speed_loop_hunts_where_the_friction_falls_with_speed():
    """Below the Stribeck speed the friction's slope is a negative damping of up to ~2.5 N m s;
    a gain of 2 N m s/rad cannot hold the speed (large ripple, wrong mean torque), 10 can."""
    def friction(omega):
        return fr.stribeck(omega, 0.5, 0.8, 0.1, 0.1)

    kwargs = {"inertia": 0.01, "noise": 0.0, "seed": 1}
    _, weak, weak_ripple = fr.speed_sweep(friction, [0.08], gain=2.0, integral_gain=20.0,
                                          **kwargs)
    held, stiff, stiff_ripple = fr.speed_sweep(friction, [0.08], gain=10.0,
                                               integral_gain=100.0, **kwargs)
    assert weak_ripple[0] > 0.3 * 0.08 and abs(weak[0] - friction(0.08)) > 0.02
    assert stiff_ripple[0] < 1e-3 * 0.08
    assert stiff[0] == pytest.approx(friction(held[0]), abs=1e-3)


def test_speed_sweep_rejects_a_non_callable():
    with pytest.raises(ParameterError, match="friction_torque"):
        fr.speed_sweep(0.3, [1.0], 0.01, 2.0, 20.0, 0.0, 1)


# --------------------------------------------------------------------------- closed forms


def test_stick_slip_simulation_follows_the_closed_form_cycle():
    """Period, sticking share, re-sticking point and lowest velocity against the circle."""
    block = fr.SlidingBlock(Fc=2.0, Fs=3.0, stiffness=50.0, dv=1e-5)
    cycle = fr.stick_slip_cycle(block, 0.2)
    run = fr.simulate_block(block, lambda t: 0.0, 3.0, dt=1e-5, model="karnopp",
                            surface_speed=0.2)
    stuck = np.abs(run.v - 0.2) < block.dv
    ends = run.t[np.flatnonzero(stuck[:-1] & ~stuck[1:])]
    starts = np.flatnonzero(~stuck[:-1] & stuck[1:]) + 1
    assert ends.size >= 3
    np.testing.assert_allclose(np.diff(ends[1:]), cycle.period, rtol=2e-3)
    np.testing.assert_allclose(run.x[starts[1:]], cycle.x_low, atol=5e-4)
    late = run.t > ends[1]
    # Karnopp's band delays the breakaway a little (the net force grows from zero, so leaving
    # the band takes sqrt(2 m dv / (k v_b)) = 1.4 ms), which widens the circle by ~0.5 %
    assert np.min(run.v[late]) == pytest.approx(cycle.v_low, rel=1e-2)
    radius = -cycle.v_low / np.sqrt(block.stiffness / block.mass)
    assert np.min(run.x[late]) == pytest.approx(block.Fc / block.stiffness - radius, abs=5e-4)
    whole_cycles = (run.t > ends[1]) & (run.t <= ends[-1])
    assert stuck[whole_cycles].mean() == pytest.approx(cycle.stick_time / cycle.period,
                                                       abs=0.01)


def test_stick_slip_cycle_needs_a_spring_and_no_damping():
    with pytest.raises(ParameterError, match="stiffness > 0"):
        fr.stick_slip_cycle(fr.SlidingBlock(), 0.2)
    with pytest.raises(ParameterError, match="b = 0"):
        fr.stick_slip_cycle(fr.SlidingBlock(stiffness=50.0, b=0.1), 0.2)
    with pytest.raises(ParameterError, match="belt_speed"):
        fr.stick_slip_cycle(fr.SlidingBlock(stiffness=50.0), -0.2)


def test_synthetic_slip_angles_span_the_published_range():
    test = fr.TiltBoardTest()
    for seed in range(5):
        degrees = np.degrees(fr.synthetic_slip_angles(test, seed=seed))
        assert degrees.size == 15
        assert degrees.min() == pytest.approx(45.3) and degrees.max() == pytest.approx(49.1)
        np.testing.assert_allclose(degrees * 10, np.round(degrees * 10), atol=1e-9)
    a, b = (fr.synthetic_slip_angles(test, seed=s) for s in (1, 2))
    assert not np.allclose(a, b)
    with pytest.raises(ParameterError, match="n_trials"):
        fr.synthetic_slip_angles(test, n_trials=1)
    with pytest.raises(ParameterError, match="highest_angle"):
        fr.TiltBoardTest(lowest_angle=50.0)
    with pytest.raises(ParameterError, match="wheel_mass"):
        fr.TiltBoardTest(wheel_mass=-0.06)


def test_incline_grip_of_a_rolling_wheel():
    """Closed form, its limits, and a second derivation from the energy of the rolling disc."""
    theta = np.radians(49.1)
    assert fr.incline_grip_needed(theta, np.inf) == pytest.approx(np.tan(theta))
    assert fr.incline_grip_needed(theta, 0.5) == pytest.approx(np.tan(theta) / 3)
    assert fr.incline_grip_needed(theta, 1e9) == pytest.approx(np.tan(theta), rel=1e-8)
    # energy: m g s sin(theta) = (1 + kappa) m v^2 / 2, so a = g sin / (1 + kappa); the friction
    # is what the slope force lacks: F = m g sin - m a
    g, m, kappa = 9.81, 0.0608, 0.5
    a = g * np.sin(theta) / (1 + kappa)
    ratio = (m * g * np.sin(theta) - m * a) / (m * g * np.cos(theta))
    assert fr.incline_grip_needed(theta, kappa) == pytest.approx(ratio)
    with pytest.raises(ParameterError, match="inertia_ratio"):
        fr.incline_grip_needed(theta, 0.0)
    with pytest.raises(ParameterError, match="theta"):
        fr.incline_grip_needed(np.pi / 2, 0.5)


def test_the_float_friction_of_the_block_loop_equals_the_vectorised_models():
    rng = np.random.default_rng(SEED)
    v = np.concatenate([rng.normal(0, 1e-3, 200), rng.normal(0, 1.0, 200), [0.0, 1e-3, -1e-3]])
    applied = rng.normal(0, 4.0, v.size)
    loop = [karnopp_float(float(a), float(b), 2.0, 3.0, 0.3, 1e-3)
            for a, b in zip(v, applied, strict=True)]
    np.testing.assert_array_equal(loop, fr.karnopp(v, applied, 2.0, 3.0, 0.3, 1e-3))
    np.testing.assert_array_equal([sign_float(float(x)) for x in v], np.sign(v))


def test_hold_speed_is_a_simulation_result_that_settles_where_pi_control_must():
    """With integral action the speed reaches the reference and the torque the friction; a
    P loop alone stops short by F_c / k; bad inputs name themselves."""
    from robodyn.core.integrate import SimulationResult

    def coulomb_only(omega):
        return -0.3 * np.sign(omega)

    run = fr.hold_speed(coulomb_only, 1.0, inertia=0.01, gain=2.0, integral_gain=20.0,
                        t_end=2.0)
    assert isinstance(run, SimulationResult) and run.names == ("omega", "torque")
    assert run.t.size == 2001 and run.omega[0] == 0.0 and run.success
    assert run.omega[-1] == pytest.approx(1.0, abs=1e-4)
    assert run.torque[-1] == pytest.approx(0.3, abs=1e-4)
    p_only = fr.hold_speed(coulomb_only, 1.0, 0.01, 2.0, 0.0, t_end=1.0)
    assert p_only.omega[-1] == pytest.approx(1.0 - 0.3 / 2.0, abs=1e-3)
    with pytest.raises(ParameterError, match="inertia must be > 0 kg m\\^2, got 0"):
        fr.hold_speed(coulomb_only, 1.0, 0.0, 2.0, 20.0, t_end=1.0)
    with pytest.raises(ParameterError, match="friction_torque must be callable"):
        fr.hold_speed(0.3, 1.0, 0.01, 2.0, 20.0, t_end=1.0)
