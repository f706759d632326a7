"""Tests of robodyn.egg (attitude and shell geometry) and the quaternion helpers it uses."""

import math

import numpy as np
import pytest

from robodyn import egg
from robodyn.core import rotations as rot
from robodyn.core.errors import ParameterError

SEED = 20240606


# --------------------------------------------------------------------------- attitude


def test_rotation_is_zxz_and_the_angles_come_back():
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        alpha, gamma = rng.uniform(-np.pi, np.pi, 2)
        beta = rng.uniform(0.01, np.pi - 0.01)
        R = egg.rotation(alpha, beta, gamma)
        np.testing.assert_allclose(R, rot.rot_z(gamma) @ rot.rot_x(beta) @ rot.rot_z(alpha))
        np.testing.assert_allclose(egg.euler_angles(R), (alpha, beta, gamma), atol=1e-9)
    # the long axis tilts by beta from the vertical, towards the heading gamma - 90 deg
    axis = egg.rotation(0.7, 0.4, 0.0) @ np.array([0, 0, 1.0])
    assert math.degrees(math.acos(axis[2])) == pytest.approx(math.degrees(0.4))


def test_the_sources_rotations_are_the_books_with_negated_angles():
    """The source's eq. 9 (world to body) and eq. 10 (body to world) invert each other, and
    eq. 10 at the source's angles (-alpha, -beta, -gamma) is the book's attitude."""
    rng = np.random.default_rng(SEED + 2)
    for _ in range(50):
        a, b, g = rng.uniform(-np.pi, np.pi, 3)              # the source's angles
        eq9 = rot.rot_z(a) @ rot.rot_x(b) @ rot.rot_z(g)
        eq10 = rot.rot_z(-g) @ rot.rot_x(-b) @ rot.rot_z(-a)
        np.testing.assert_allclose(eq9 @ eq10, np.eye(3), atol=1e-12)
        book = egg.rotation(-a, -b, -g)
        np.testing.assert_allclose(eq10, book, atol=1e-12)
        # the long axis is |beta| from the vertical in both
        assert math.acos(np.clip(book[2, 2], -1, 1)) == pytest.approx(abs(b))
    # with the angles kept instead of negated, the attitudes differ
    assert not np.allclose(egg.rotation(0.3, 0.8, -1.1),
                           rot.rot_z(1.1) @ rot.rot_x(-0.8) @ rot.rot_z(-0.3))


def test_euler_rates_match_finite_differences_of_the_rotation():
    rng = np.random.default_rng(SEED)
    for _ in range(100):
        alpha, gamma = rng.uniform(-np.pi, np.pi, 2)
        beta = rng.uniform(0.05, np.pi - 0.05)
        rates = rng.normal(size=3)
        h = 1e-6
        ahead = egg.rotation(alpha + h * rates[0], beta + h * rates[1], gamma + h * rates[2])
        behind = egg.rotation(alpha - h * rates[0], beta - h * rates[1], gamma - h * rates[2])
        R = egg.rotation(alpha, beta, gamma)
        skew = R.T @ (ahead - behind) / (2 * h)          # [omega_B]x = R^T dR/dt
        omega_B = np.array([skew[2, 1], skew[0, 2], skew[1, 0]])
        np.testing.assert_allclose(egg.euler_rate_matrix(alpha, beta) @ rates, omega_B,
                                   atol=1e-7)
        np.testing.assert_allclose(egg.euler_rates(alpha, beta, gamma, omega_B), rates,
                                   atol=1e-6)


def test_euler_rates_refuse_the_singular_attitude():
    with pytest.raises(ParameterError, match="singular at beta = 0"):
        egg.euler_rates(0.3, 0.0, 0.2, [0.1, 0.2, 0.3])
    assert np.linalg.det(egg.euler_rate_matrix(0.3, 0.0)) == pytest.approx(0.0)
    assert np.linalg.det(egg.euler_rate_matrix(0.3, 0.7)) == pytest.approx(math.sin(0.7))


# --------------------------------------------------------------------------- geometry


def random_eggs(n, seed=SEED):
    """n seeded (beta_v, R1, R2): tilts over [0, pi/2], R2 2-5 cm, R1/R2 from 1 to 2.5."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        R2 = rng.uniform(0.02, 0.05)
        R1 = R2 * rng.uniform(1.0, 2.5)
        yield rng.uniform(0.0, np.pi / 2), R1, R2


def brute_force_contact(beta_v, R1, R2, n=200001):
    """The lowest point of the tilted meridian, by sampling the whole ellipse."""
    psi = np.linspace(-np.pi, np.pi, n)
    rho, z = R2 * np.sin(psi), R1 * np.cos(psi)
    # tilt the long axis by beta_v in the x-z plane
    x_w = rho * math.cos(beta_v) + z * math.sin(beta_v)
    z_w = -rho * math.sin(beta_v) + z * math.cos(beta_v)
    k = int(np.argmin(z_w))
    angle_from_axis = math.acos(abs(z[k]) / math.hypot(rho[k], z[k]))
    return -z_w[k], abs(x_w[k]), angle_from_axis


def test_contact_point_and_height_against_brute_force():
    for beta_v, R1, R2 in random_eggs(60):
        height, offset, angle = brute_force_contact(beta_v, R1, R2)
        assert egg.center_height(beta_v, R1, R2) == pytest.approx(height, rel=1e-9)
        assert egg.contact_offset(beta_v, R1, R2) == pytest.approx(offset, abs=2e-6)
        assert egg.contact_angle(beta_v, R1, R2) == pytest.approx(angle, abs=1e-4)


def test_the_sources_contact_formula_agrees():
    """The source's z_p (eq. 22) and beta_p = atan2(r_alpha(z_p), z_p) (eq. 23)."""
    R1, R2 = 0.05, 0.03
    for beta_v in np.linspace(0.05, 1.5, 12):
        z_p = R1 * math.cos(beta_v) / math.sqrt(math.cos(beta_v) ** 2
                                                + R2**2 / R1**2 * math.sin(beta_v) ** 2)
        r_alpha = math.sqrt(R2**2 - R2**2 * z_p**2 / R1**2)
        assert egg.contact_angle(beta_v, R1, R2) == pytest.approx(math.atan2(r_alpha, z_p))


def test_limits_of_the_geometry():
    R1, R2 = 0.05, 0.03
    assert egg.center_height(0.0, R1, R2) == pytest.approx(R1)
    assert egg.center_height(np.pi / 2, R1, R2) == pytest.approx(R2)
    assert egg.contact_offset(0.0, R1, R2) == 0.0
    assert egg.contact_offset(np.pi / 2, R1, R2) == pytest.approx(0.0, abs=1e-15)
    # a sphere: the contact is straight below the centre at every tilt
    tilts = np.linspace(0, np.pi / 2, 7)
    np.testing.assert_allclose(egg.contact_angle(tilts, 0.04, 0.04), tilts)
    np.testing.assert_allclose(egg.center_height(tilts, 0.04, 0.04), 0.04)
    np.testing.assert_allclose(egg.curvature_radii(tilts, 0.04, 0.04), 0.04)
    assert egg.polar_radius(0.0, R1, R2) == pytest.approx(R1)
    assert egg.polar_radius(np.pi / 2, R1, R2) == pytest.approx(R2)


def test_curvature_radii_against_the_shape_operator():
    """Principal curvatures from the Hessian of x^2/R2^2 + y^2/R2^2 + z^2/R1^2 - 1."""
    for beta_v, R1, R2 in random_eggs(30):
        psi = math.atan2(R2 * math.sin(beta_v), R1 * math.cos(beta_v))
        point = np.array([R2 * math.sin(psi), 0.0, R1 * math.cos(psi)])
        weights = np.array([1 / R2**2, 1 / R2**2, 1 / R1**2])
        gradient = 2 * weights * point
        n = gradient / np.linalg.norm(gradient)
        projector = np.eye(3) - np.outer(n, n)
        shape = projector @ np.diag(2 * weights) @ projector / np.linalg.norm(gradient)
        curvatures = sorted(np.linalg.eigvalsh(shape))[1:]          # drop the normal's 0
        meridian, transverse = egg.curvature_radii(beta_v, R1, R2)
        # the meridian direction is (cos psi-ish, 0, ...) in the x-z plane: y is transverse
        k_transverse = (np.array([0, 1.0, 0]) @ shape @ np.array([0, 1.0, 0]))
        assert 1 / k_transverse == pytest.approx(transverse, rel=1e-9)
        assert sorted([1 / meridian, 1 / transverse]) == pytest.approx(curvatures, rel=1e-9)


@pytest.mark.parametrize(("call", "match"), [
    (lambda: egg.contact_angle(0.3, 0.03, 0.05), "R1 .* must be >= R2"),
    (lambda: egg.center_height(0.3, -0.05, 0.03), "R1 must be > 0"),
    (lambda: egg.center_height(2.0, 0.05, 0.03), "beta_v must lie in"),
    (lambda: egg.contact_offset(np.nan, 0.05, 0.03), "beta_v"),
    (lambda: egg.rotation("tilted", 0.1, 0.2), "alpha"),
])
def test_bad_geometry_inputs_are_named(call, match):
    with pytest.raises(ParameterError, match=match):
        call()


# --------------------------------------------------------------------------- twist friction


def test_the_stiction_torque_is_solved_with_the_acceleration():
    """Erratum 20: the twisting torque of stiction and the angular acceleration come from one
    linear system: the torque closes the balance about the contact and leaves the vertical
    spin unchanged, with the rotor spinning, the gimbal tilted and the egg rolling."""
    params = egg.EggParams()
    model = egg.rolling._Model(params, egg.ServoMove.hold(0.2, -0.1))
    q = rot.matrix_to_quaternion(egg.rotation(0.4, 0.9, 0.2))
    x = np.concatenate([q, [1.5, -0.8, 0.0], [0.0, 0.0], [0.3]])
    k = model.kinematics(0.0, x)
    w_stuck, _, tau = model.solve(k, "stick")
    w_free, _, _ = model.solve(k, "free")
    r = k["r"]
    M = k["J"] + params.mass * (float(r @ r) * np.eye(3) - np.outer(r, r))
    z = np.array([0.0, 0.0, 1.0])
    assert abs(w_stuck[2]) < 1e-12 * np.abs(w_stuck).max()
    assert M @ (w_stuck - w_free) == pytest.approx(tau * z, abs=1e-12 * abs(tau))
    assert abs(tau) > 1e-4                       # a torque that matters: mN m, not rounding
