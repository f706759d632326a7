"""Tests of robodyn.diffdrive.tracking: Kanayama's controller against its Lyapunov function and its
linearisation."""

import numpy as np
import pytest
from scipy.linalg import expm

from robodyn.core.errors import ParameterError
from robodyn.diffdrive import pose_rate
from robodyn.diffdrive.tracking import (
    circle_reference,
    kanayama_command,
    lyapunov_function,
    track,
    tracking_error,
)

SEED = 19900513
GAINS = (1.0, 10.0, 5.0)  # k_x [1/s], k_y [1/m^2], k_theta [1/m]


def test_tracking_error_in_the_robot_frame():
    """Robot heading along y, reference 1 m to its left and turned by 90 deg: (0, 1, pi/2)."""
    error = tracking_error([0.0, 0.0, np.pi / 2], [-1.0, 0.0, np.pi])
    np.testing.assert_allclose(error, [0.0, 1.0, np.pi / 2], atol=1e-12)


def test_lyapunov_rate_matches_the_closed_form():
    """dV/dt along the closed loop equals -k_x x_e^2 - v_r k_theta sin^2(theta_e) / k_y."""
    rng = np.random.default_rng(SEED)
    k_x, k_y, k_theta = GAINS
    for _ in range(20):
        pose, pose_ref = rng.uniform(-1, 1, 3), rng.uniform(-1, 1, 3)
        v_r, omega_r = rng.uniform(0.1, 0.5), rng.uniform(-1, 1)
        v, omega = kanayama_command(pose, pose_ref, v_r, omega_r, *GAINS)
        h = 1e-6
        after = tracking_error(pose + h * pose_rate(0, pose, v, omega),
                               pose_ref + h * pose_rate(0, pose_ref, v_r, omega_r))
        before = tracking_error(pose - h * pose_rate(0, pose, v, omega),
                                pose_ref - h * pose_rate(0, pose_ref, v_r, omega_r))
        rate = (lyapunov_function(after, k_y) - lyapunov_function(before, k_y)) / (2 * h)
        x_e, _, theta_e = tracking_error(pose, pose_ref)
        closed = -k_x * x_e**2 - v_r * k_theta * np.sin(theta_e) ** 2 / k_y
        assert rate == pytest.approx(closed, abs=1e-7)


def test_lyapunov_function_never_grows_and_the_error_vanishes():
    """Sampled every 20 ms from random starts, V does not grow and the error dies out."""
    t, ref, v_r, omega_r = circle_reference(0.5, 0.3, 30.0, 0.02)
    rng = np.random.default_rng(SEED)
    for _ in range(5):
        start = ref[:, 0] + rng.uniform([-0.3, -0.3, -1.0], [0.3, 0.3, 1.0])
        poses = track(t, ref, v_r, omega_r, start, *GAINS)
        V = lyapunov_function(tracking_error(poses, ref), GAINS[1])
        assert np.diff(V).max() <= 1e-12 * V[0]
        assert V[-1] < 1e-8 * V[0]


def test_small_side_error_decays_as_the_linearisation_says():
    """On a straight line, y_e'' + v_r k_theta y_e' + v_r^2 k_y y_e = 0 for small errors."""
    k_x, k_y, k_theta = GAINS
    v_r, dt = 0.3, 0.001
    t = np.arange(0.0, 10.0, dt)
    ref = np.array([v_r * t, 0 * t, 0 * t])
    y0 = 1e-4
    poses = track(t, ref, np.full(t.size, v_r), np.zeros(t.size), [0.0, -y0, 0.0], *GAINS)
    y_e = tracking_error(poses, ref)[1]
    # state (y_e, theta_e): y_e' = v_r theta_e, theta_e' = -v_r (k_y y_e + k_theta theta_e)
    system = np.array([[0.0, v_r], [-v_r * k_y, -v_r * k_theta]])
    linear = np.array([(expm(system * s) @ [y0, 0.0])[0] for s in t[::500]])
    np.testing.assert_allclose(y_e[::500], linear, atol=2e-3 * y0)


def test_on_the_reference_the_robot_stays_on_it():
    """Started on the reference, the robot follows it to round-off (the step is exact)."""
    t, ref, v_r, omega_r = circle_reference(0.5, 0.3, 20.0, 0.02)
    poses = track(t, ref, v_r, omega_r, ref[:, 0], *GAINS)
    np.testing.assert_allclose(poses, ref, atol=1e-9)


@pytest.mark.parametrize(("call", "words"), [
    (lambda: kanayama_command(np.zeros(3), np.zeros(3), 0.3, 0.0, -1.0, 10.0, 5.0), "k_x"),
    (lambda: kanayama_command(np.zeros(3), np.zeros(3), 0.3, 0.0, 1.0, 0.0, 5.0), "k_y"),
    (lambda: kanayama_command(np.zeros(3), np.zeros(3), 0.3, 0.0, 1.0, 1.0, np.nan),
     "k_theta"),
    (lambda: kanayama_command(np.zeros(2), np.zeros(3), 0.3, 0.0, *GAINS), "pose"),
    (lambda: circle_reference(-0.5, 0.3, 10.0, 0.02), "radius"),
    (lambda: track([0.0, 0.0], np.zeros((3, 2)), [0.3, 0.3], [0, 0], np.zeros(3), *GAINS),
     "increasing"),
    (lambda: track([0.0, 1.0], np.zeros((3, 3)), [0.3, 0.3], [0, 0], np.zeros(3), *GAINS),
     "poses_ref"),
])
def test_bad_input_names_the_parameter(call, words):
    """Bad input raises ParameterError naming the parameter."""
    with pytest.raises(ParameterError, match=words):
        call()
