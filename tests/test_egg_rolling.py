"""Tests of egg.rolling_move, the shell rolled without slip and without twist about a
horizontal axis, and of the closed loop of four such moves that turns the egg's heading (the
rolling constraints are nonholonomic)."""

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp
from scipy.spatial.transform import Rotation

from robodyn import egg
from robodyn.core.errors import ParameterError

R1, R2 = 0.06, 0.045
X, Y = np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])
LYING = egg.rotation(0.0, np.pi / 2, 0.0)


def loop(eps, R=LYING, first=X, second=Y):
    """Four moves: eps about the first axis, eps about the second, then both undone."""
    centre = np.zeros(2)
    for axis, angle in ((first, eps), (second, eps), (first, -eps), (second, -eps)):
        R, centre = egg.rolling_move(R, centre, axis, angle, R1, R2)
    return R, centre


def heading_turn(R_start, R_end):
    """Turn of the long axis's horizontal part about the vertical, rad."""
    a, b = R_start[:2, 2], R_end[:2, 2]
    return math.atan2(a[0] * b[1] - a[1] * b[0], a @ b)


def test_rolling_move_matches_an_integration_of_the_rolling_constraint():
    """Centre against solve_ivp of x' = -omega x r with the attitude as a rotation vector
    (rtol 1e-12), at random attitudes, axes and angles: within 1e-10 m."""
    rng = np.random.default_rng(31)
    for _ in range(10):
        R0 = Rotation.random(random_state=rng).as_matrix()
        heading = rng.uniform(0, 2 * np.pi)
        axis = np.array([math.cos(heading), math.sin(heading), 0.0])
        angle = rng.uniform(-1.5, 1.5)

        def rhs(s, state, axis, R0):
            R = Rotation.from_rotvec(s * axis).as_matrix() @ R0
            r, _ = egg.contact_rate(R, axis, R1, R2)
            return -np.cross(axis, r)[:2]

        run = solve_ivp(rhs, (0, angle), [0.0, 0.0], args=(axis, R0), rtol=1e-12,
                        atol=1e-14)
        R_end, centre = egg.rolling_move(R0, (0.0, 0.0), axis, angle, R1, R2)
        np.testing.assert_allclose(centre, run.y[:, -1], atol=1e-10)
        np.testing.assert_allclose(R_end, Rotation.from_rotvec(angle * axis).as_matrix() @ R0,
                                   atol=1e-14)


def test_a_ball_rolls_its_radius_times_the_angle():
    """A sphere turned by theta about x moves R theta along -y; about y, along +x."""
    R, centre = egg.rolling_move(np.eye(3), (0.1, 0.2), X, 0.7, R2, R2)
    np.testing.assert_allclose(centre, [0.1, 0.2 - 0.7 * R2], atol=1e-15)
    R, centre = egg.rolling_move(R, centre, Y, 0.7, R2, R2)
    np.testing.assert_allclose(centre, [0.1 + 0.7 * R2, 0.2 - 0.7 * R2], atol=1e-15)


def test_the_lying_egg_rolls_sideways_like_a_cylinder_of_radius_R2():
    """Lying, turned about its own long axis, the egg rolls R2 per radian across it."""
    R, centre = egg.rolling_move(LYING, (0.0, 0.0), Y, 1.2, R1, R2)
    np.testing.assert_allclose(centre, [1.2 * R2, 0.0], atol=1e-15)


def test_the_closed_loop_turns_the_heading_by_eps_squared():
    """Four moves that undo each other turn the lying egg's heading by -eps^2 (1 - O(eps^2)):
    the attitude is the commutator Rot(y,-e) Rot(x,-e) Rot(y,e) Rot(x,e), and the centre
    moves only by O(eps^3); reversed, the loop turns the other way."""
    previous = None
    for eps in (0.1, 0.05, 0.025):
        R, centre = loop(eps)
        commutator = (Rotation.from_rotvec(-eps * Y) * Rotation.from_rotvec(-eps * X)
                      * Rotation.from_rotvec(eps * Y) * Rotation.from_rotvec(eps * X))
        np.testing.assert_allclose(R, commutator.as_matrix() @ LYING, atol=1e-14)
        turn = heading_turn(LYING, R)
        assert turn / eps**2 == pytest.approx(-1.0, abs=2 * eps**2)
        assert np.linalg.norm(centre) < 0.02 * eps**3
        if previous is not None:                # O(eps^3): halves eps, an eighth of it
            assert np.linalg.norm(centre) == pytest.approx(previous / 8, rel=0.05)
        previous = np.linalg.norm(centre)
    R_back, _ = loop(0.05, first=Y, second=X)
    # the same size to higher order (measured 1.6e-6 apart at eps = 0.05)
    assert heading_turn(LYING, R_back) == pytest.approx(-heading_turn(LYING, loop(0.05)[0]),
                                                        rel=1e-5)


@pytest.mark.parametrize("kwargs, message", [
    (dict(axis=(0.0, 0.6, 0.8)), "axis must be a horizontal unit vector"),
    (dict(axis=(2.0, 0.0, 0.0)), "axis must be a horizontal unit vector"),
    (dict(R=2 * np.eye(3)), "R must be a rotation"),
    (dict(centre=(0.0, 0.0, 0.0)), "centre must have shape"),
    (dict(angle=float("inf")), "angle"),
    (dict(R2=0.07), "R1"),
    (dict(nodes=1), "nodes must be >= 2"),
])
def test_rolling_move_refuses_bad_input(kwargs, message):
    """Each bad argument raises a ParameterError that names it."""
    arguments = dict(R=np.eye(3), centre=(0.0, 0.0), axis=X, angle=0.3, R1=R1, R2=R2)
    arguments.update(kwargs)
    with pytest.raises(ParameterError, match=message):
        egg.rolling_move(**arguments)
