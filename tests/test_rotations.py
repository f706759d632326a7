"""Tests of robodyn.core.rotations: wrapping angles, unit quaternions."""

import numpy as np
import pytest

from robodyn.core import rotations as rot
from robodyn.core.errors import ParameterError
from robodyn.core.rotations import wrap_angle

SEED = 20240601


def test_wrap_angle_ends_of_the_interval():
    """pi stays pi, -pi becomes pi, 3 pi / 2 becomes -pi / 2, 0 stays 0."""
    wrapped = wrap_angle(np.array([np.pi, -np.pi, 1.5 * np.pi, 0.0, -3 * np.pi]))
    np.testing.assert_allclose(wrapped, [np.pi, np.pi, -0.5 * np.pi, 0.0, np.pi], atol=1e-15)


def test_wrap_angle_range_and_equivalence():
    """Wrapped angles lie in (-pi, pi] and point the same way as the originals."""
    rng = np.random.default_rng(SEED)
    angles = np.concatenate([
        rng.uniform(-100.0, 100.0, 1000),
        np.nextafter(np.pi, 4.0) + np.arange(-3, 4) * 1e-16,
        [np.nextafter(-np.pi, 0.0), np.nextafter(-np.pi, -4.0)],
    ])
    wrapped = wrap_angle(angles)
    assert np.all(wrapped > -np.pi) and np.all(wrapped <= np.pi)
    np.testing.assert_allclose(np.cos(wrapped), np.cos(angles), atol=1e-12)
    np.testing.assert_allclose(np.sin(wrapped), np.sin(angles), atol=1e-12)
    inside = (angles > -np.pi) & (angles <= np.pi)
    np.testing.assert_array_equal(wrapped[inside], angles[inside])


def test_wrap_angle_of_a_scalar_is_a_scalar():
    """A scalar in gives a 0-d value out."""
    assert np.ndim(wrap_angle(7.0)) == 0
    assert float(wrap_angle(7.0)) == pytest.approx(7.0 - 2 * np.pi)


def test_quaternions_round_trip_and_integrate_a_rotation():
    rng = np.random.default_rng(20240606)
    for _ in range(100):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        q *= np.sign(q[0])
        np.testing.assert_allclose(rot.matrix_to_quaternion(rot.quaternion_to_matrix(q)), q,
                                   atol=1e-12)
    # spinning about body z at 2 rad/s for 1 s: a rotation of 2 rad
    q = np.array([1.0, 0, 0, 0])
    dt = 1e-4
    for _ in range(10000):
        q = q + dt * rot.quaternion_rate(q, [0, 0, 2.0])
        q /= np.linalg.norm(q)
    np.testing.assert_allclose(rot.quaternion_to_matrix(q), rot.rot_z(2.0), atol=1e-4)
    with pytest.raises(ParameterError, match="unit quaternion"):
        rot.quaternion_to_matrix([1.0, 0.2, 0.0, 0.0])
