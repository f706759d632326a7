"""Tests of robodyn.stickslip.drift: the steady drift of a vibration motor's platform, measured
after its start-up, and derived from the averaged force balance while it slides all the time."""

import dataclasses

import numpy as np
import pytest
from scipy import optimize

from robodyn import stickslip as ss
from robodyn.core.errors import ParameterError

MOTOR = ss.VibrationMotor()
STEPS = 2000                      # the model's default steps per turn

#: The reviewers' steady drift at 200 Hz (turns 40-150 from rest), mm/s, by mu (issue 36).
REVIEWED = {0.05: 4.86, 0.10: 4.65, 0.15: 4.28}


def with_mu(mu, **changes):
    return dataclasses.replace(MOTOR, mu=mu, **changes)


def drift_between(run, first, last, frequency):
    """Mean drift speed of a run from rest between the ends of turns ``first`` and ``last``."""
    return (run.x[last * STEPS] - run.x[first * STEPS]) * frequency / (last - first)


# --------------------------------------------------------------------------- measured


@pytest.mark.parametrize("mu", sorted(REVIEWED))
def test_the_steady_drift_is_the_reviewers(mu):
    """The steady drift at mu = 0.05, 0.10, 0.15 is the reviewers' (not turns 2-4's 2.4-3.8)."""
    run = ss.steady_drift(with_mu(mu))
    assert run.success
    assert run.speed * 1e3 == pytest.approx(REVIEWED[mu], rel=0.01)


def test_the_steady_window_lies_past_the_start_up():
    """A run of 150 turns from rest drifts over turns 40-150 at the measured steady speed,
    and its successive windows of 10 turns converge to it."""
    for mu in (0.05, 0.15, 0.3):
        long = ss.simulate_vibration_motor(with_mu(mu), 1, revolutions=150)
        steady = ss.steady_drift(with_mu(mu)).speed
        assert drift_between(long, 40, 150, MOTOR.frequency) == pytest.approx(steady,
                                                                              rel=2e-3)
        windows = np.array([drift_between(long, k, k + 10, MOTOR.frequency)
                            for k in range(0, 150, 10)])
        # the first window is the start-up; from turn 20 on every window is within 0.3 %
        assert abs(windows[0] - steady) > 0.05 * steady
        np.testing.assert_allclose(windows[2:], steady, rtol=3e-3)


def test_a_slippery_floor_needs_a_long_start_up():
    """At mu = 0.01 the drift needs about a hundred turns, and the 40 turns after it agree."""
    run = ss.steady_drift(with_mu(0.01))
    assert run.success and run.settled_after >= 60
    assert run.drift[0] < 0.5 * run.speed                 # the first 20 turns: far off
    long = ss.simulate_vibration_motor(with_mu(0.01), 1, revolutions=150)
    assert drift_between(long, 110, 150, MOTOR.frequency) == pytest.approx(run.speed,
                                                                           rel=1e-3)


def test_the_spin_minus_one_drifts_back_as_fast():
    """steady_drift and small_friction_drift reverse with the spin."""
    ahead = ss.steady_drift(with_mu(0.1)).speed
    back = ss.steady_drift(with_mu(0.1), direction=-1).speed
    assert back == pytest.approx(-ahead, rel=1e-3)
    assert ss.small_friction_drift(MOTOR, -1) == -ss.small_friction_drift(MOTOR, 1)


def test_a_run_continued_with_its_last_speed_is_one_run():
    """Two runs chained by v0 give the drift of one run of their length (steady_drift's pieces)."""
    params = with_mu(0.1)
    whole = ss.simulate_vibration_motor(params, 1, revolutions=6)
    first = ss.simulate_vibration_motor(params, 1, revolutions=3)
    second = ss.simulate_vibration_motor(params, 1, revolutions=3, v0=first.v[-1])
    assert first.x[-1] + second.x[-1] == pytest.approx(whole.x[-1], rel=1e-9)
    np.testing.assert_allclose(second.v, whole.v[3 * STEPS:], atol=1e-12)


# --------------------------------------------------------------------------- derived


def balance_by_brute_force(params):
    """V with <max(N, 0) sign(V + A sin phi)> = 0 on a fine grid: the balance, summed."""
    phi = (np.arange(200_000) + 0.5) * 2 * np.pi / 200_000
    normal = np.maximum(params.weight - params.spin_force * np.sin(phi), 0.0)
    swing = params.spin_force / ((params.platform_mass + params.eccentric_mass)
                                 * 2 * np.pi * params.frequency)
    return optimize.brentq(lambda v: np.mean(normal * np.sign(v + swing * np.sin(phi))),
                           0.0, swing, xtol=1e-12)


@pytest.mark.parametrize("frequency", [160.0, 200.0, 240.0])
def test_the_closed_form_is_the_averaged_balance(frequency):
    """W alpha = F cos alpha (+ the lift-off term at 240 Hz) solves <N sign v> = 0 summed on a
    grid, and is the sliding cycle at mu = 0."""
    params = dataclasses.replace(MOTOR, frequency=frequency)
    closed = ss.small_friction_drift(params)
    # the summed balance is a step function of V: it resolves alpha to the grid, 3e-5 rad
    assert closed == pytest.approx(balance_by_brute_force(params), rel=1e-4)
    assert closed == pytest.approx(ss.sliding_cycle(with_mu(0.0, frequency=frequency)).speed,
                                   rel=1e-9)
    assert (params.spin_force > params.weight) == (frequency == 240.0)


@pytest.mark.parametrize("frequency", [160.0, 200.0, 240.0])
def test_the_small_friction_drift_is_the_simulated_one(frequency):
    """At mu = 0.01 the simulated steady drift is the small-friction limit within 0.3 %,
    with the platform lifting off at 240 Hz."""
    params = with_mu(0.01, frequency=frequency)
    simulated = ss.steady_drift(params).speed
    assert simulated == pytest.approx(ss.small_friction_drift(params), rel=3e-3)


def test_mu_drops_out_only_at_small_friction():
    """The limit holds to 0.3 % at mu = 0.02 and not at 0.1, where the swing is bent (6 %)."""
    limit = ss.small_friction_drift(MOTOR)
    assert ss.steady_drift(with_mu(0.02)).speed == pytest.approx(limit, rel=3e-3)
    assert ss.steady_drift(with_mu(0.1)).speed < 0.95 * limit


@pytest.mark.parametrize("mu", [0.05, 0.1, 0.15, 0.2])
def test_the_sliding_cycle_is_the_simulated_cycle(mu):
    """Below the first stick, the exact sliding cycle has the simulation's drift (0.3 %),
    crossings (0.5 deg) and speed at every phase (1 % of the swing)."""
    params = with_mu(mu)
    cycle = ss.sliding_cycle(params)
    assert cycle.slides
    run = ss.simulate_vibration_motor(params, 1, revolutions=40)
    assert drift_between(run, 20, 40, MOTOR.frequency) == pytest.approx(cycle.speed, rel=3e-3)
    last = slice(39 * STEPS, 40 * STEPS)
    phase, v = run.phase[last] % (2 * np.pi), run.v[last]
    np.testing.assert_allclose(cycle.velocity(phase), v, atol=0.01 * cycle.amplitude)
    up = phase[np.flatnonzero((v[:-1] < 0) & (v[1:] >= 0))[0]]
    down = phase[np.flatnonzero((v[:-1] > 0) & (v[1:] <= 0))[0]]
    assert np.degrees(abs(up - cycle.phase_up)) < 0.5
    assert np.degrees(abs(down - cycle.phase_down)) < 0.5


def test_the_sliding_cycle_balances_friction():
    """Over the cycle, friction averages to zero: <N sign v> = 0, mu or not."""
    for mu in (0.0, 0.1, 0.2):
        cycle = ss.sliding_cycle(with_mu(mu))
        phi = (np.arange(100_000) + 0.5) * 2 * np.pi / 100_000
        normal = MOTOR.weight - MOTOR.spin_force * np.sin(phi)
        assert abs(np.mean(normal * np.sign(cycle.velocity(phi)))) < 1e-4 * MOTOR.weight


def stuck_steps_and_margin(params):
    """Steps of the 40th turn on Karnopp's sticking branch, and |F_h| - mu N at the upward
    crossing of zero speed, N."""
    run = ss.simulate_vibration_motor(params, 1, revolutions=40)
    last = slice(39 * STEPS, 40 * STEPS)
    v, grip = run.v[last], params.mu * run.normal[last]
    stuck = int(np.sum(np.abs(run.friction[last]) < grip * (1 - 1e-12)))
    up = np.flatnonzero((v[:-1] < 0) & (v[1:] >= 0))[0]
    return stuck, abs(params.spin_force * np.cos(run.phase[last][up])) - grip[up]


def test_the_platform_first_sticks_at_first_stick_mu():
    """mu* = 0.215: the cycle slides just below it and not above; the simulation's push beats
    the grip at the crossing below it, not above, and it sticks for steps at 1.2 mu*."""
    mu_star = ss.first_stick_mu(MOTOR)
    assert mu_star == pytest.approx(0.2152, abs=1e-4)
    at = ss.sliding_cycle(with_mu(mu_star))
    assert min(at.margin_up, at.margin_down) == pytest.approx(0.0, abs=1e-8)
    assert ss.sliding_cycle(with_mu(0.99 * mu_star)).slides
    assert not ss.sliding_cycle(with_mu(1.01 * mu_star)).slides
    stuck, margin = stuck_steps_and_margin(with_mu(0.95 * mu_star))
    assert stuck == 0 and margin > 0
    assert stuck_steps_and_margin(with_mu(1.05 * mu_star))[1] < 0
    assert stuck_steps_and_margin(with_mu(1.2 * mu_star))[0] > 10


@pytest.mark.parametrize("frequency", [160.0, 240.0])
def test_first_stick_mu_at_other_motor_speeds(frequency):
    """At 160 Hz and at 240 Hz (lifting off) the simulated crossing turns against the grip
    between 0.95 mu* and 1.05 mu*."""
    params = dataclasses.replace(MOTOR, frequency=frequency)
    mu_star = ss.first_stick_mu(params)
    assert 0.15 < mu_star < 0.3
    assert stuck_steps_and_margin(dataclasses.replace(params, mu=0.95 * mu_star))[1] > 0
    assert stuck_steps_and_margin(dataclasses.replace(params, mu=1.05 * mu_star))[1] < 0


def test_the_drift_builds_up_on_the_relaxation_time():
    """At mu = 0.01 the drift approaches its steady value as exp(-t / T), T within 10 %."""
    params = with_mu(0.01)
    steady = ss.sliding_cycle(params).speed
    run = ss.simulate_vibration_motor(params, 1, revolutions=80)
    ends = np.arange(10, 70, 10)
    deficits = [steady - drift_between(run, k, k + 10, MOTOR.frequency) for k in ends]
    slope = np.polyfit(ends / MOTOR.frequency, np.log(deficits), 1)[0]
    assert -1 / slope == pytest.approx(ss.relaxation_time(params), rel=0.1)
    # and it is inversely proportional to mu
    assert ss.relaxation_time(with_mu(0.02)) == pytest.approx(
        ss.relaxation_time(params) / 2, rel=1e-12)


# --------------------------------------------------------------------------- errors


def test_a_drift_that_does_not_settle_says_so():
    """steady_drift reports failure when the windows still differ at max_revolutions."""
    run = ss.steady_drift(with_mu(0.01), max_revolutions=40)
    assert not run.success and "max_revolutions" in run.message
    assert run.revolutions == 40


def test_no_sliding_cycle_on_a_grippy_floor():
    """Above mu* the equations' cycle crosses zero against the grip; far above, it has none."""
    bent = ss.sliding_cycle(with_mu(0.3))
    assert np.isfinite(bent.speed) and bent.margin_up < 0 and not bent.slides
    none = ss.sliding_cycle(with_mu(2.0))
    assert np.isnan(none.speed) and not none.slides
    with pytest.raises(ParameterError, match="no sliding cycle"):
        none.velocity(0.0)


@pytest.mark.parametrize(("call", "match"), [
    (lambda: ss.steady_drift(MOTOR, window=1), "window"),
    (lambda: ss.steady_drift(MOTOR, rtol=0.0), "rtol"),
    (lambda: ss.steady_drift(MOTOR, atol=-1.0), "atol"),
    (lambda: ss.steady_drift(MOTOR, window=20, max_revolutions=30), "max_revolutions"),
    (lambda: ss.steady_drift(MOTOR, direction=0), "direction"),
    (lambda: ss.steady_drift("motor"), "params"),
    (lambda: ss.small_friction_drift(MOTOR, direction=2), "direction"),
    (lambda: ss.relaxation_time(with_mu(0.0)), "mu"),
    (lambda: ss.sliding_cycle(MOTOR, checks=10), "checks"),
    (lambda: ss.first_stick_mu(MOTOR, xtol=0.0), "xtol"),
    (lambda: ss.simulate_vibration_motor(MOTOR, v0=float("nan")), "v0"),
])
def test_bad_drift_inputs_are_named(call, match):
    """Each bad input raises a ParameterError that names it."""
    with pytest.raises(ParameterError, match=match):
        call()
