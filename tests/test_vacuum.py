"""Tests of robodyn.vacuum (chapter 7, in progress): parameters, the filleted step, the static
wheel load of the suspensions, the sliding stop and the height bisection."""

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from robodyn import vacuum
from robodyn.errors import ParameterError

SEED = 20240700
STEP = dict(step_x=0.10, height=0.019, fillet=0.003)


def profile_points(step_x, height, fillet, n=20_001):
    """The step's surface as a dense polyline: floor, face, fillet arc, top."""
    floor = np.c_[np.linspace(step_x - 0.2, step_x, n), np.zeros(n)]
    face = np.c_[np.full(n, step_x), np.linspace(0.0, height - fillet, n)]
    angle = np.linspace(np.pi, np.pi / 2, n)
    arc = np.c_[step_x + fillet + fillet * np.cos(angle), height - fillet + fillet * np.sin(angle)]
    top = np.c_[np.linspace(step_x + fillet, step_x + 0.2, n), np.full(n, height)]
    return np.vstack([floor, face, arc, top])


def inside_solid(x, z, step_x, height, fillet):
    if z < 0:
        return True
    if x <= step_x or z >= height:
        return False
    cx, cz = step_x + fillet, height - fillet
    return not (x < cx and z > cz and math.hypot(x - cx, z - cz) > fillet)


def test_the_default_parameters_hold_the_thesis_numbers():
    p = vacuum.VacuumParams()
    assert (p.body_length, p.body_width, p.body_height) == (0.36, 0.35, 0.10)
    assert p.spring_rate == 470.0 and p.spring_free_length == 0.05
    assert p.wheel_mass == 0.0608 and p.fillet == 0.003 and p.drive_speed == 0.3
    assert 1.01 <= p.mu_s <= 1.16 and p.mu_k < p.mu_s
    # the thesis's range of mu_s is tan of its angles 45.3 to 49.1 deg
    assert math.tan(math.radians(45.3)) == pytest.approx(1.01, abs=0.005)


@pytest.mark.parametrize("change, message", [
    (dict(mu_k=1.2), "mu_k = 1.2 must not exceed mu_s"),
    (dict(mass=-1.0), "mass"),
    (dict(wheel_radius=float("nan")), "wheel_radius"),
    (dict(wheel_mass=4.0), "wheel_mass = 4 kg must be less than"),
    (dict(arm_angle=2.0), "arm_angle"),
    (dict(cog_ahead=0.12), "cog_ahead = 0.12 m must lie between the axle"),
])
def test_bad_parameters_are_refused_by_name(change, message):
    with pytest.raises(ParameterError, match=message):
        vacuum.VacuumParams(**change)


def test_step_distance_matches_a_brute_force_distance_to_the_profile():
    rng = np.random.default_rng(SEED)
    surface = profile_points(**STEP)
    for _ in range(400):
        point = np.array([rng.uniform(0.05, 0.15), rng.uniform(-0.01, 0.04)])
        distance, normal = vacuum.step_distance(point, **STEP)
        nearest = np.min(np.hypot(*(surface - point).T))
        sign = -1.0 if inside_solid(*point, **STEP) else 1.0
        assert distance == pytest.approx(sign * nearest, abs=2e-5), point
        assert np.linalg.norm(normal) == pytest.approx(1.0)
        # the normal points from the nearest surface point to the point (outside)
        if distance > 1e-4:
            foot = point - distance * normal
            assert np.min(np.hypot(*(surface - foot).T)) < 2e-5


def test_step_distance_is_continuous_across_face_fillet_and_top():
    # along a path 2 mm outside the profile, over the face, the fillet and the top
    x0, h, f = STEP["step_x"], STEP["height"], STEP["fillet"]
    angles = np.linspace(np.pi, np.pi / 2, 200)
    path = np.vstack([np.c_[np.full(50, x0 - 0.002), np.linspace(0.005, h - f, 50)],
                      np.c_[x0 + f + (f + 0.002) * np.cos(angles),
                            h - f + (f + 0.002) * np.sin(angles)],
                      np.c_[np.linspace(x0 + f, x0 + 0.05, 50), np.full(50, h + 0.002)]])
    distances = [vacuum.step_distance(p, **STEP)[0] for p in path]
    np.testing.assert_allclose(distances, 0.002, atol=1e-12)
    normals = np.array([vacuum.step_distance(p, **STEP)[1] for p in path])
    assert np.all(np.abs(np.diff(normals, axis=0)) < 0.02)          # turns smoothly
    np.testing.assert_allclose(normals[0], [-1.0, 0.0])
    np.testing.assert_allclose(normals[-1], [0.0, 1.0])


def test_step_distance_on_the_floor_and_inside():
    d, n = vacuum.step_distance([0.0, 0.004], **STEP)
    assert d == pytest.approx(0.004) and n.tolist() == [0.0, 1.0]
    d, n = vacuum.step_distance([0.0, -0.001], **STEP)
    assert d == pytest.approx(-0.001)
    d, n = vacuum.step_distance([0.1005, 0.010], **STEP)              # 0.5 mm into the face
    assert d == pytest.approx(-0.0005) and n.tolist() == [-1.0, 0.0]
    d, n = vacuum.step_distance([0.13, 0.0185], **STEP)               # 0.5 mm below the top
    assert d == pytest.approx(-0.0005) and n.tolist() == [0.0, 1.0]
    # a sharp edge (no fillet): the corner is a point
    d, n = vacuum.step_distance([0.097, 0.023], step_x=0.1, height=0.019, fillet=0.0)
    assert d == pytest.approx(0.005) and n == pytest.approx([-0.6, 0.8])


@pytest.mark.parametrize("kwargs, message", [
    (dict(point=[0.0, 0.0, 0.0]), "point must have shape"),
    (dict(point=[float("nan"), 0.0]), "point"),
    (dict(fillet=0.03), "fillet = 0.03 m must not exceed"),
    (dict(height=-0.01), "height"),
])
def test_bad_step_input_is_refused(kwargs, message):
    arguments = dict(point=[0.0, 0.01], **STEP)
    arguments.update(kwargs)
    with pytest.raises(ParameterError, match=message):
        vacuum.step_distance(**arguments)


def moment_balance_load(spring_force, b, a, phi, R, c, variant, W):
    """The load N that zeroes the moments about the pivot, from the vectors of each force."""
    side = 1.0 if variant == "leading" else -1.0
    axle = np.array([side * a * math.cos(phi), -a * math.sin(phi)])
    contact = axle - [0.0, R]
    down = -side                      # the spring's moment that pushes the wheel down

    def cross(r, f):                  # the z moment of a force f at r
        return r[0] * f[1] - r[1] * f[0]

    def moments(N):
        floor = cross(contact, [c * N, N])
        weight = cross(axle, [0.0, -W])
        return floor + weight + down * spring_force * b

    # moments are linear in N: solve m(0) + N (m(1) - m(0)) = 0
    return -moments(0.0) / (moments(1.0) - moments(0.0))


def test_wheel_load_is_the_moment_balance_about_the_pivot():
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        F, b, a = rng.uniform(5, 20), rng.uniform(0.01, 0.05), rng.uniform(0.02, 0.08)
        phi, R = rng.uniform(0, 1.2), rng.uniform(0.02, 0.05)
        c, W = rng.uniform(0, 0.4), rng.uniform(0, 1.0)
        for variant in ("leading", "trailing"):
            try:
                load = vacuum.wheel_load(F, b, a, phi, R, c, variant, W)
            except ParameterError:
                continue
            assert load == pytest.approx(moment_balance_load(F, b, a, phi, R, c, variant, W),
                                         rel=1e-12)


def test_traction_unloads_a_leading_wheel_and_loads_a_trailing_one():
    geometry = (12.0, 0.03, 0.04, math.radians(20), 0.036)
    without = vacuum.wheel_load(*geometry, traction=0.0, variant="leading")
    assert vacuum.wheel_load(*geometry, traction=0.0, variant="trailing") == pytest.approx(
        without)
    assert vacuum.wheel_load(*geometry, traction=0.5, variant="leading") < without
    assert vacuum.wheel_load(*geometry, traction=0.5, variant="trailing") > without
    assert vacuum.wheel_load(*geometry, traction=0.9, variant="telescopic") == 12.0
    with pytest.raises(ParameterError, match="trailing link jams"):
        vacuum.wheel_load(*geometry, traction=1.2, variant="trailing")
    with pytest.raises(ParameterError, match="variant"):
        vacuum.wheel_load(*geometry, traction=0.2, variant="swing")


def test_sliding_stop_against_an_integrated_slide():
    def slide(t, state, mu):
        return [state[1], -mu * 9.81]

    def stopped(t, state, mu):
        return state[1]
    stopped.terminal = True
    for v0, mu in ((0.3, 1.0), (0.3, 0.5), (1.2, 0.97)):
        run = solve_ivp(slide, (0, 10), [0.0, v0], args=(mu,), events=stopped, rtol=1e-12,
                        atol=1e-14)
        assert vacuum.sliding_stop(v0, mu) == pytest.approx(run.y[0, -1], rel=1e-9)
    np.testing.assert_allclose(vacuum.sliding_stop([0.1, 0.2], 1.0),
                               [0.1**2, 0.2**2] / np.array(2 * 9.81))
    with pytest.raises(ParameterError, match="mu"):
        vacuum.sliding_stop(0.3, 0.0)


def test_bisect_height_returns_the_climbed_end():
    limit = 0.0193
    search = vacuum.bisect_height(lambda h: h <= limit, 0.005, 0.04, tol=1e-4)
    assert search.height <= limit < search.height + 1e-4
    heights = [h for h, _ in search.attempts]
    assert heights[:2] == [0.005, 0.04] and len(heights) == 2 + math.ceil(
        math.log2(0.035 / 1e-4))
    assert all(ok == (h <= limit) for h, ok in search.attempts)
    with pytest.raises(ParameterError, match="does not climb low"):
        vacuum.bisect_height(lambda h: False, 0.005, 0.04)
    with pytest.raises(ParameterError, match="climbs high"):
        vacuum.bisect_height(lambda h: True, 0.005, 0.04)
    with pytest.raises(ParameterError, match="must exceed low"):
        vacuum.bisect_height(lambda h: True, 0.04, 0.005)
