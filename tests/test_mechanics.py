"""Tests of robodyn.core.mechanics: the projected equations and the multiplier form agree."""

import numpy as np
import pytest

from robodyn.core.errors import ParameterError
from robodyn.core.mechanics import project_onto_free_velocities, solve_with_multipliers

SEED = 20240601


def random_system(rng, n=5, k=2, p=2):
    """A random positive-definite M, h, B, tau and independent constraint rows A."""
    root = rng.normal(size=(n, n))
    M = root @ root.T + n * np.eye(n)
    A = rng.normal(size=(k, n))
    S = np.linalg.svd(A)[2][k:].T  # orthonormal basis of the null space of A, (n, n - k)
    return M, rng.normal(size=n), rng.normal(size=(n, p)), rng.normal(size=p), A, S


def test_projection_and_multipliers_give_the_same_motion():
    """For a constant A (so A_dot = 0, S_dot = 0) both routes give the same q_ddot."""
    rng = np.random.default_rng(SEED)
    for _ in range(20):
        M, h, B, tau, A, S = random_system(rng)
        M_bar, h_bar, B_bar = project_onto_free_velocities(M, h, B, S, np.zeros(5))
        nu_dot = np.linalg.solve(M_bar, B_bar @ tau - h_bar)
        q_ddot, lam = solve_with_multipliers(M, h, B, tau, A, np.zeros(2))
        np.testing.assert_allclose(S @ nu_dot, q_ddot, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(A @ q_ddot, 0.0, atol=1e-12)
        # the constraint forces do no work on any allowed velocity
        np.testing.assert_allclose(S.T @ A.T @ lam, 0.0, atol=1e-12)


def test_pendulum_as_a_constrained_point_mass():
    """A point mass on a circle of radius l under gravity: theta_ddot = -(g / l) sin(theta)."""
    m, g, length, theta, theta_dot = 0.7, 9.81, 0.5, 0.4, 1.3
    position = length * np.array([np.sin(theta), -np.cos(theta)])
    velocity = length * theta_dot * np.array([np.cos(theta), np.sin(theta)])
    M, h, B = m * np.eye(2), np.array([0.0, m * g]), np.zeros((2, 1))
    A = position.reshape(1, 2)  # d/dt |r|^2 / 2 = r . v = 0
    q_ddot, lam = solve_with_multipliers(M, h, B, [0.0], A, [velocity @ velocity])
    tangent = np.array([np.cos(theta), np.sin(theta)])
    assert q_ddot @ tangent / length == pytest.approx(-(g / length) * np.sin(theta), rel=1e-12)
    # the rod's force -A^T lambda = -lambda r pulls inward with m g cos(theta) + m l theta_dot^2
    tension = lam[0] * length
    assert tension == pytest.approx(m * g * np.cos(theta) + m * length * theta_dot**2, rel=1e-12)
    S = (length * tangent).reshape(2, 1)
    S_dot_nu = -length * theta_dot**2 * np.array([np.sin(theta), -np.cos(theta)])
    M_bar, h_bar, _ = project_onto_free_velocities(M, h, B, S, S_dot_nu)
    theta_ddot = -h_bar[0] / M_bar[0, 0]
    assert theta_ddot == pytest.approx(-(g / length) * np.sin(theta), rel=1e-12)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: project_onto_free_velocities(np.zeros((2, 3)), [0, 0], np.eye(2), np.eye(2),
                                              [0, 0]), "M must be square"),
        (lambda: project_onto_free_velocities(np.eye(2), [0, 0, 0], np.eye(2), np.eye(2),
                                              [0, 0]), r"h must have shape \(2,\)"),
        (lambda: solve_with_multipliers(np.eye(2), [0, 0], np.eye(2), [1.0], [[1, 0]], [0]),
         r"tau must have shape \(2,\)"),
        (lambda: solve_with_multipliers(np.eye(2), [0, 0], np.eye(2), [1, 0], [[1, 0], [2, 0]],
                                        [0, 0]), "singular"),
        (lambda: solve_with_multipliers(np.eye(2), [np.nan, 0], np.eye(2), [1, 0], [[1, 0]],
                                        [0]), "h must contain only finite"),
    ],
)
def test_bad_input_is_named(call, match):
    """Wrong shapes, NaN and dependent constraints raise ParameterError saying which."""
    with pytest.raises(ParameterError, match=match):
        call()
