"""Tests of robodyn.diffdrive.odometry: encoder counts, dead reckoning and its error growth."""

import numpy as np
import pytest

from robodyn.core.errors import ParameterError, ParameterTypeError
from robodyn.diffdrive.odometry import dead_reckoning, drive_square, encoder_angles, encoder_counts

SEED = 20261204
R, L = 0.036, 0.235  # m, the chapter's wheel radius and track width


def test_square_true_path_visits_the_corners():
    """The true square passes (1, 0), (1, 1), (0, 1), (0, 0) with headings k pi / 2."""
    t, poses, _, _, distance = drive_square(1.0, 2, 0.3, 1.0, 0.02, R, R, L)
    expected = [(1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)] * 2
    # the first sample of each turn on the spot is a corner
    turn_starts = [k for k in range(1, poses.shape[1])
                   if np.isclose(distance[k], round(distance[k]), atol=1e-12)
                   and distance[k] > 0 and distance[k] != distance[k - 1]]
    assert len(turn_starts) == 8
    np.testing.assert_allclose(poses[:2, turn_starts].T, expected, atol=1e-12)
    np.testing.assert_allclose(poses[2, -1], 4 * np.pi, atol=1e-12)
    assert distance[-1] == pytest.approx(8.0) and np.all(np.diff(t) <= 0.02 + 1e-12)



def _square_series(side, laps, e, track):
    """Closed form of the odometry of a square with the right tyre (1 + e) R: every side and
    every corner is read as the same arc, so the reported pose after n sides is a geometric
    series in the complex plane, p_n = w (1 - z^n) / (1 - z) with z = exp(i phi)."""
    short = 1 / (1 + e)                             # what the larger tyre's reading is worth
    a, beta = side * (1 + short) / 2, side * (short - 1) / track       # a side: ds, dtheta
    quarter = np.pi * track / 4                   # each wheel's arc in a quarter turn
    c, gamma = quarter * (short - 1) / 2, quarter * (short + 1) / track   # a corner
    w = (a * np.sinc(beta / 2 / np.pi) * np.exp(1j * beta / 2)
         + c * np.sinc(gamma / 2 / np.pi) * np.exp(1j * (beta + gamma / 2)))
    phi, n = beta + gamma, 4 * laps
    p = w * n if np.isclose(np.exp(1j * phi), 1) else w * (1 - np.exp(1j * n * phi)) / (
        1 - np.exp(1j * phi))
    return np.array([p.real, p.imag, n * phi])


@pytest.mark.parametrize(("side", "laps", "e"), [(1.0, 1, 0.01), (1.0, 5, 0.01),
                                                 (2.0, 3, -0.03), (0.5, 2, 0.2)])
def test_square_with_a_larger_tyre_against_the_geometric_series(side, laps, e):
    """The odometry of laps of a square (finely sampled, 20 ms) with the right tyre a fraction
    e larger, against the closed-form series of identical side-and-corner moves; its heading
    is A - e'(s/L + A/2), e' = 1 - 1/(1 + e), the chapter's formula."""
    _, true, phi_r, phi_l, distance = drive_square(side, laps, 0.3, 1.0, 0.02, (1 + e) * R,
                                                   R, L)
    reported = dead_reckoning(phi_r, phi_l, R, R, L)[:, -1]
    np.testing.assert_allclose(reported, _square_series(side, laps, e, L), rtol=1e-9,
                               atol=1e-12)
    turned = 4 * laps * np.pi / 2
    np.testing.assert_allclose(reported[2], turned - (1 - 1 / (1 + e)) * (
        distance[-1] / L + turned / 2), rtol=1e-12)
    assert true[2, -1] == pytest.approx(turned)


def test_square_sampling_longer_than_a_segment_gives_one_sample_each():
    """A sample period longer than every side and turn gives one sample per segment (not a
    division by zero), and the same odometry as fine sampling: each sample is an exact arc."""
    coarse = drive_square(1.0, 2, 1.0, 1.0, 1e9, 1.01 * R, R, L)
    fine = drive_square(1.0, 2, 1.0, 1.0, 0.01, 1.01 * R, R, L)
    assert coarse[0].size == 4 * 2 * 2 + 1
    end = [dead_reckoning(run[2], run[3], R, R, L)[:, -1] for run in (coarse, fine)]
    np.testing.assert_allclose(end[0], end[1], rtol=1e-10, atol=1e-12)

def test_radius_error_gives_distance_error_proportional_to_distance():
    """Both radii believed 1 % large: on a straight line the estimate runs 1 % of s ahead."""
    s = np.linspace(0.0, 10.0, 501)
    phi = s / R
    est = dead_reckoning(phi, phi, 1.01 * R, 1.01 * R, L)
    np.testing.assert_allclose(est[0] - s, 0.01 * s, atol=1e-12)
    np.testing.assert_allclose(est[1:], 0.0, atol=1e-12)


def test_radius_difference_gives_heading_drift_distance_over_track():
    """Radii believed R(1 +- e/2), true both R: heading e s / L, an arc of radius L / e."""
    e = 0.01
    s = np.linspace(0.0, 10.0, 2001)
    phi = s / R
    est = dead_reckoning(phi, phi, R * (1 + e / 2), R * (1 - e / 2), L)
    np.testing.assert_allclose(est[2], e * s / L, rtol=1e-12, atol=1e-15)
    radius = L / e
    np.testing.assert_allclose(est[0], radius * np.sin(s / radius), atol=1e-9)
    np.testing.assert_allclose(est[1], radius * (1 - np.cos(s / radius)), atol=1e-9)


def test_quantisation_bounds_the_heading_error():
    """Without noise, each wheel angle is off by less than one count: heading by < 2 R q / L."""
    _, poses, phi_r, phi_l, _ = drive_square(1.0, 3, 0.3, 1.0, 0.02, R, R, L)
    n = 512
    est = dead_reckoning(encoder_angles(encoder_counts(phi_r, n), n),
                         encoder_angles(encoder_counts(phi_l, n), n), R, R, L)
    bound = 2 * R * (2 * np.pi / n) / L
    error = np.abs(est[2] - poses[2])
    assert error.max() < bound and error.max() > 0.05 * bound


def test_counts_floor_and_noise_is_seeded_and_does_not_accumulate():
    """Counts are floor(N phi / 2 pi); jitter of 0.5 counts leaves the last count within 3."""
    phi = np.linspace(0.0, 100.0, 10001)
    exact = encoder_counts(phi, 1000)
    np.testing.assert_array_equal(exact, np.floor(1000 * phi / (2 * np.pi)))
    noisy = encoder_counts(phi, 1000, 0.5, np.random.default_rng(SEED))
    again = encoder_counts(phi, 1000, 0.5, np.random.default_rng(SEED))
    np.testing.assert_array_equal(noisy, again)
    assert np.abs(noisy - exact).max() <= 3 and np.any(noisy != exact)


def test_heading_depends_only_on_total_angles():
    """The heading estimate equals (R_r dphi_r - R_l dphi_l) / L whatever the samples."""
    rng = np.random.default_rng(SEED)
    phi_r, phi_l = np.cumsum(rng.uniform(-1, 1, (2, 300)), axis=1)
    est = dead_reckoning(phi_r, phi_l, 0.03, 0.031, 0.2, pose0=(1.0, 2.0, 0.5))
    expected = 0.5 + (0.03 * (phi_r - phi_r[0]) - 0.031 * (phi_l - phi_l[0])) / 0.2
    np.testing.assert_allclose(est[2], expected, atol=1e-12)
    np.testing.assert_allclose(est[:, 0], [1.0, 2.0, 0.5])


@pytest.mark.parametrize(("call", "words"), [
    (lambda: encoder_counts([0.0, np.nan], 100), "phi"),
    (lambda: encoder_counts([0.0], 0), "counts_per_rev"),
    (lambda: encoder_counts([0.0], 100, -1.0), "noise_counts"),
    (lambda: encoder_counts([0.0], 100, 1.0), "rng"),
    (lambda: dead_reckoning([0.0, 1.0], [0.0], R, R, L), "same shape"),
    (lambda: dead_reckoning([0.0], [0.0], -R, R, L), "wheel_radius_r must be > 0"),
    (lambda: dead_reckoning([0.0], [0.0], R, R, 0.0), "track_width"),
    (lambda: dead_reckoning([0.0], [0.0], R, R, L, pose0=(0, 0)), "pose0"),
    (lambda: drive_square(1.0, 0, 0.3, 1.0, 0.02, R, R, L), "laps"),
    (lambda: drive_square(-1.0, 1, 0.3, 1.0, 0.02, R, R, L), "side"),
])
def test_bad_input_names_the_parameter(call, words):
    """Bad input raises ParameterError naming the parameter."""
    with pytest.raises(ParameterError, match=words):
        call()


def test_counts_per_rev_must_be_an_integer():
    """A float count per turn is a type error."""
    with pytest.raises(ParameterTypeError, match="counts_per_rev"):
        encoder_counts([0.0], 100.0)
