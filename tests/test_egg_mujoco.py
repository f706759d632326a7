"""Tests of robodyn.egg.mujoco: the egg rocking in MuJoCo against the closed form and the planar
rolling ellipse.

Shapes: a palm-sized egg, R2 = 4.5 cm, R1/R2 = 1.3, 1.6, 2, mass 0.3 kg, the inertia of a solid
ellipsoid. Tolerances were measured with mujoco 4.0.0 (default contact: timestep 1e-4 s,
solref (2e-4 s, 1), solimp (0.99, 0.999, 1 mm), elliptic cone, friction 2) and are given with
their reasons beside each test.
"""

import math

import numpy as np
import pytest
import sympy as sp
from scipy.integrate import quad

from robodyn import egg
from robodyn.core.errors import ParameterError
from robodyn.core.integrate import SimulationResult
from robodyn.egg import mujoco as em

mujoco = pytest.importorskip("mujoco")

SEED = 20240607
G = 9.81
R2, MASS = 0.045, 0.3
RATIOS = (1.3, 1.6, 2.0)
DT = 1e-4  # rock's default timestep, s


def solid_egg(ratio):
    """(R1, I_t, inertia) of a solid ellipsoid with R1 = ratio * R2."""
    R1 = ratio * R2
    I_t = MASS * (R1**2 + R2**2) / 5
    return R1, I_t, (I_t, I_t, 2 * MASS * R2**2 / 5)


def period(run):
    """The rocking period of a rocking run, s, from its tilt's upward zero crossings."""
    return egg.oscillation_period(run.t, run.tilt)


def axis(run):
    """The long axis's unit vector at every sample, shape (n, 3)."""
    return np.c_[run.axis_x, run.axis_y, run.axis_z]


def rocking_energy(R1, tilt):
    """Energy above the lying rest, J: m g (h(tilt) - R2)."""
    return MASS * G * (math.sqrt(R1**2 * math.sin(tilt) ** 2 + R2**2 * math.cos(tilt) ** 2) - R2)


@pytest.fixture(scope="module")
def small_runs():
    """MuJoCo runs at tilt 0.02 rad, 3 s, one per shape."""
    runs = {}
    for ratio in RATIOS:
        R1, _, inertia = solid_egg(ratio)
        runs[ratio] = em.rock(R1, R2, MASS, inertia, 0.02, 3.0)
    return runs


@pytest.fixture(scope="module")
def large():
    """MuJoCo and the planar reference at tilt 0.3 rad, R1/R2 = 1.6, 3 s."""
    R1, I_t, inertia = solid_egg(1.6)
    return (em.rock(R1, R2, MASS, inertia, 0.3, 3.0),
            em.planar_rocking(R1, R2, MASS, I_t, 0.3, 3.0))


# --------------------------------------------------------------------------- closed form


def test_small_angle_period_is_the_expansion_of_the_rolling_lagrangian():
    """T0 = 2 pi sqrt(M(0) / V''(0)) with M = I_t + m (h^2 + h'^2), V = m g h, done by sympy."""
    theta = sp.symbols("theta", real=True)
    R1s, R2s, m, g, I_t = sp.symbols("R1 R2 m g I_t", positive=True)
    h = sp.sqrt(R1s**2 * sp.sin(theta) ** 2 + R2s**2 * sp.cos(theta) ** 2)
    M0 = (I_t + m * (h**2 + sp.diff(h, theta) ** 2)).subs(theta, 0)
    k = sp.diff(m * g * h, theta, 2).subs(theta, 0)
    T0 = sp.lambdify((R1s, R2s, m, g, I_t), 2 * sp.pi * sp.sqrt(M0 / k))
    for ratio in RATIOS:
        R1, I_t_value, _ = solid_egg(ratio)
        assert egg.small_angle_period(R1, R2, MASS, I_t_value) == pytest.approx(
            T0(R1, R2, MASS, G, I_t_value), rel=1e-13)
    assert egg.small_angle_period(0.05, 0.05, MASS, 1e-4) == math.inf  # a sphere does not rock


@pytest.mark.parametrize("ratio", RATIOS)
def test_planar_period_tends_to_the_small_angle_period(ratio):
    """At 1 mrad the planar period is T0; at 10 mrad its shift from T0 is the A^2 correction."""
    R1, I_t, _ = solid_egg(ratio)
    T0 = egg.small_angle_period(R1, R2, MASS, I_t)
    # the A^2 correction itself is 2.3e-6 at 1 mrad for R1/R2 = 2: the bound holds it
    assert period(em.planar_rocking(R1, R2, MASS, I_t, 1e-3, 2.0)) == pytest.approx(T0, rel=3e-6)
    shift = period(em.planar_rocking(R1, R2, MASS, I_t, 0.01, 2.0)) / T0 - 1
    predicted = egg.small_angle_period(R1, R2, MASS, I_t, amplitude=0.01) / T0 - 1
    # measured: the two agree to 2e-4 of the shift (the next order, A^4)
    assert shift == pytest.approx(predicted, rel=1e-3)


# --------------------------------------------------------------------------- planar reference


def test_planar_rhs_is_lagranges_equation_of_the_rolling_ellipse():
    """planar_rhs agrees with sympy's Euler-Lagrange equation of T - V, and x_dot = -h theta_dot."""
    theta, omega = sp.symbols("theta omega", real=True)
    R1, I_t, _ = solid_egg(1.6)
    h = sp.sqrt(R1**2 * sp.sin(theta) ** 2 + R2**2 * sp.cos(theta) ** 2)
    M = I_t + MASS * (h**2 + sp.diff(h, theta) ** 2)
    L = M * omega**2 / 2 - MASS * G * h
    # d/dt(dL/domega) = dL/dtheta  =>  M alpha + dM/dtheta omega^2 = dL/dtheta
    alpha = (sp.diff(L, theta) - sp.diff(M, theta) * omega**2) / M
    alpha_f = sp.lambdify((theta, omega), alpha)
    rng = np.random.default_rng(SEED)
    for th, om in zip(rng.uniform(-1.2, 1.2, 20), rng.normal(0, 3, 20), strict=True):
        x_dot = em.planar_rhs(0.0, np.array([th, om, 0.1]), R1, R2, MASS, I_t, G)
        assert x_dot[0] == om
        assert x_dot[1] == pytest.approx(float(alpha_f(th, om)), rel=1e-10, abs=1e-12)
        assert x_dot[2] == pytest.approx(-float(h.subs(theta, th)) * om, rel=1e-12)


@pytest.mark.parametrize("tilt", [0.3, 0.8])
def test_planar_rocking_conserves_energy(tilt):
    """The planar run keeps T + V to 1e-8 relative (measured <= 1e-10 at rtol 1e-10)."""
    R1, I_t, _ = solid_egg(2.0)
    run = em.planar_rocking(R1, R2, MASS, I_t, tilt, 3.0)
    assert np.ptp(run.energy) < 1e-8 * run.energy[0]
    assert np.ptp(run.energy) < 1e-7 * rocking_energy(R1, tilt)
    # the swing is symmetric; 1 ms samples miss the extreme by up to w^2 A (0.5 ms)^2 / 2 = 1e-6 rad
    assert np.all(run.tilt <= tilt + 1e-9) and run.tilt.min() == pytest.approx(-tilt, abs=3e-6)


def test_planar_centre_rolls_by_the_integral_of_the_height():
    """Rolling: x(theta) = -integral of h from tilt to theta, over the first half swing."""
    R1, I_t, _ = solid_egg(1.6)
    run = em.planar_rocking(R1, R2, MASS, I_t, 0.3, 0.2)   # T/2 is 0.24 s: theta decreasing
    for i in (50, 120, 200):
        expected, _ = quad(lambda th: -math.sqrt(R1**2 * math.sin(th) ** 2
                                                 + R2**2 * math.cos(th) ** 2), 0.3, run.tilt[i])
        assert run.x[i] == pytest.approx(expected, rel=1e-8)
    np.testing.assert_allclose(run.z,
                               egg.center_height(np.pi / 2 - np.abs(run.tilt), R1, R2))


# --------------------------------------------------------------------------- MuJoCo model


def test_model_xml_builds_the_requested_body():
    """The MJCF compiles to the given mass, inertia, ellipsoid, friction, condim and contact."""
    R1, _, inertia = solid_egg(1.6)
    xml = em.rocking_model_xml(R1, R2, MASS, inertia, friction=1.5, timestep=2e-4,
                               solref=(5e-4, 1.0), solimp=(0.95, 0.99, 2e-3))
    model = mujoco.MjModel.from_xml_string(xml)
    body, shell = model.body("egg").id, model.geom("shell").id
    assert model.body_mass[body] == pytest.approx(MASS)
    np.testing.assert_allclose(model.body_inertia[body], inertia)
    np.testing.assert_allclose(model.body_ipos[body], 0.0)
    np.testing.assert_allclose(model.body_iquat[body], [1, 0, 0, 0])
    assert model.geom_type[shell] == mujoco.mjtGeom.mjGEOM_ELLIPSOID
    np.testing.assert_allclose(model.geom_size[shell], [R2, R2, R1])
    for geom in (shell, model.geom("floor").id):
        np.testing.assert_allclose(model.geom_friction[geom], [1.5, 0, 0])
        assert model.geom_condim[geom] == 3
        np.testing.assert_allclose(model.geom_solref[geom], [5e-4, 1.0])
        np.testing.assert_allclose(model.geom_solimp[geom][:3], [0.95, 0.99, 2e-3])
    assert model.opt.timestep == 2e-4
    assert model.opt.cone == mujoco.mjtCone.mjCONE_ELLIPTIC
    assert model.opt.enableflags & mujoco.mjtEnableBit.mjENBL_ENERGY
    np.testing.assert_allclose(model.opt.gravity, [0, 0, -G])


def test_start_pose_touches_the_floor_at_rest(small_runs):
    """Sample 0: long axis tilted up along +x by the tilt, centre at the touching height."""
    R1 = solid_egg(1.6)[0]
    run = small_runs[1.6]
    np.testing.assert_allclose(axis(run)[0], [math.cos(0.02), 0, math.sin(0.02)], atol=1e-15)
    assert run.tilt[0] == pytest.approx(0.02, rel=1e-14)
    np.testing.assert_allclose([run.x[0], run.y[0], run.z[0]],
                               [0, 0, egg.center_height(np.pi / 2 - 0.02, R1, R2)],
                               atol=1e-15)
    assert run.energy[0] == pytest.approx(MASS * G * run.z[0], rel=1e-14)  # at rest
    assert run.t[-1] == pytest.approx(3.0) and run.n_steps == 30000


def test_plane_ellipsoid_contact_does_not_use_the_convex_collider():
    """Turning multiccd on and nativeccd off changes nothing: the pair is solved in closed form."""
    R1, _, inertia = solid_egg(2.0)
    xml = em.rocking_model_xml(R1, R2, MASS, inertia)
    paths = []
    for flags in ("", 'multiccd="enable" nativeccd="disable"'):
        model = mujoco.MjModel.from_xml_string(
            xml.replace('<flag energy="enable"/>', f'<flag energy="enable" {flags}/>'))
        data = mujoco.MjData(model)
        data.qpos[:] = [0, 0, egg.center_height(np.pi / 2 - 0.3, R1, R2),
                        math.cos(0.25 * math.pi - 0.15), 0, math.sin(0.25 * math.pi - 0.15), 0]
        mujoco.mj_step(model, data, 2000)
        paths.append(data.qpos.copy())
    np.testing.assert_array_equal(paths[0], paths[1])


def test_contact_point_is_the_shells_lowest_point(small_runs, large):
    """MuJoCo puts the contact at egg.contact_offset from the centre, half the depth below z = 0."""
    for run, R1 in ((small_runs[2.0], solid_egg(2.0)[0]), (large[0], solid_egg(1.6)[0])):
        touching = ~np.isnan(run.penetration)
        assert touching[1:].all()                      # never lifts off after t = 0
        offset = run.x[touching] - run.contact_x[touching]
        expected = np.sign(run.tilt[touching]) * egg.contact_offset(
            np.pi / 2 - np.abs(run.tilt[touching]), R1, R2)
        np.testing.assert_allclose(offset, expected, rtol=0, atol=1e-12)
        np.testing.assert_allclose(run.contact_z[touching], -run.penetration[touching] / 2,
                                   rtol=0, atol=1e-15)


# --------------------------------------------------------------------------- MuJoCo physics


@pytest.mark.parametrize("ratio", RATIOS)
def test_mujoco_period_matches_the_small_angle_period(small_runs, ratio):
    """At 0.02 rad MuJoCo's period is T0 (1 + c A^2) to 1e-5; T0 alone is short by c A^2.

    Measured: MuJoCo / T0 - 1 = 2.3e-4, 4.5e-4, 9.2e-4 for R1/R2 = 1.3, 1.6, 2 (the amplitude
    effect), and MuJoCo / T0(1 + c A^2) - 1 = -2e-7, -4e-7, -1.2e-6 (the A^4 remainder, <= 7e-7,
    and the soft contact's creep).
    """
    R1, I_t, _ = solid_egg(ratio)
    T = period(small_runs[ratio])
    T0 = egg.small_angle_period(R1, R2, MASS, I_t)
    corrected = egg.small_angle_period(R1, R2, MASS, I_t, amplitude=0.02)
    assert T == pytest.approx(corrected, rel=1e-5)
    assert 0 < T / T0 - 1 < 1.5e-3


def test_mujoco_matches_the_planar_rolling_at_large_amplitude(large):
    """At 0.3 rad MuJoCo's period is the planar one to 5e-5 and its tilt follows to 1.5e-3 A.

    Measured: period +9e-6 (the contact creeps by about J'v tc / 2: first order in solref's time
    constant); tilt 6.8e-4 A, almost all the half-step lag of semi-implicit Euler,
    pi dt / T A = 6.4e-4 A, which does not grow.
    """
    run, ref = large
    assert period(run) == pytest.approx(period(ref), rel=5e-5)
    np.testing.assert_allclose(run.t, ref.t, rtol=0, atol=1e-9)   # MuJoCo sums its steps
    assert np.max(np.abs(run.tilt - ref.tilt)) < 1.5e-3 * 0.3
    lag = math.pi * DT / period(ref) * 0.3
    assert np.max(np.abs(run.tilt - ref.tilt)) < 1.2 * lag   # nothing but the lag, 5 periods on
    # the amplitude is not worn down: the last swing still reaches the start
    assert run.tilt[-500:].max() == pytest.approx(0.3, abs=2e-4)


def test_mujoco_energy_drift_is_small(small_runs, large):
    """From the second period to the last, MuJoCo's T + V drifts < 2e-3 of the rocking energy.

    Measured: -1.1e-4 to -3.7e-4 at 0.02 rad, +1.3e-4 at 0.3 rad. Excluded: the first period,
    where the shell sinks to its depth (about 1e-8 m, m g delta = 3e-8 J).
    """
    cases = [(small_runs[r], solid_egg(r)[0], 0.02) for r in RATIOS] + [
        (large[0], solid_egg(1.6)[0], 0.3)]
    for run, R1, tilt in cases:
        samples = int(round(period(run) / (run.t[1] - run.t[0])))
        second, last = run.energy[samples:2 * samples].mean(), run.energy[-samples:].mean()
        assert abs(last - second) < 2e-3 * rocking_energy(R1, tilt)
        assert np.nanmax(run.penetration) < 1e-7


def test_mujoco_rolls_without_slipping(large):
    """The centre moves as the planar rolling's to 3e-5 m; the contact slips < 1e-3 of v_max.

    Measured: 9e-6 m (the half-step lag times the centre's top speed, 0.18 m/s x 5e-5 s) and
    slip 1.1e-5 m/s = 6e-5 v_max. The rolling needs |F/N| <= 0.24 here; friction is 2.
    """
    run, ref = large
    v_max = np.max(np.abs(np.gradient(ref.x, ref.t)))
    assert np.max(np.abs(run.x - ref.x)) < 3e-5
    assert np.nanmax(run.slip_speed) < 1e-3 * v_max


def test_too_little_friction_slips():
    """With friction 0.1 (rolling needs 0.24) the centre leaves the rolling path by millimetres."""
    R1, I_t, inertia = solid_egg(1.6)
    run = em.rock(R1, R2, MASS, inertia, 0.3, 1.0, friction=0.1)
    ref = em.planar_rocking(R1, R2, MASS, I_t, 0.3, 1.0)
    assert np.max(np.abs(run.x - ref.x)) > 1e-3
    assert np.nanmax(run.slip_speed) > 1e-2


def test_long_axis_stays_in_the_vertical_plane(small_runs, large):
    """No sideways roll: the long axis and the centre stay in the x-z plane."""
    for run in (*small_runs.values(), large[0]):
        assert np.max(np.abs(run.axis_y)) < 1e-9
        assert np.max(np.abs(run.y)) < 1e-9
        np.testing.assert_allclose(np.linalg.norm(axis(run), axis=1), 1.0, rtol=1e-12)


# --------------------------------------------------------------------------- period


def test_oscillation_period_of_a_sine():
    """A shifted, phased sine over a non-whole number of periods gives its period to 1e-9."""
    t = np.arange(0.0, 3.3, 1e-3)
    x = 2.0 + 0.5 * np.sin(2 * np.pi * t / 0.37 + 1.1)
    assert egg.oscillation_period(t, x) == pytest.approx(0.37, rel=1e-9)
    rng = np.random.default_rng(SEED)
    t_uneven = np.sort(rng.uniform(0.0, 5.0, 20000))
    assert egg.oscillation_period(t_uneven, np.cos(2 * np.pi * t_uneven / 0.9)) == pytest.approx(
        0.9, rel=1e-6)


def test_oscillation_period_needs_a_full_period():
    """Fewer than two upward crossings is refused, with the advice to run longer."""
    t = np.linspace(0.0, 1.0, 101)
    with pytest.raises(ParameterError, match="1 upward zero crossing.*larger t_end"):
        egg.oscillation_period(t, np.cos(2 * np.pi * t / 0.7))   # one crossing, at 0.525 s
    with pytest.raises(ParameterError, match="strictly increasing"):
        egg.oscillation_period(t[::-1], np.sin(t))
    with pytest.raises(ParameterError, match="shape"):
        egg.oscillation_period(t, np.sin(t)[:-1])


# --------------------------------------------------------------------------- bad input

EGG = dict(R1=0.072, R2=R2, mass=MASS, inertia=solid_egg(1.6)[2])


@pytest.mark.parametrize("change, message", [
    (dict(R1=0.04), "R1 .* must be >= R2"),
    (dict(R2=-0.01), "R2 must be > 0 m"),
    (dict(mass=0.0), "mass must be > 0 kg"),
    (dict(inertia=(1e-3, -1e-3, 1e-3)), "inertia must have every entry > 0"),
    (dict(inertia=(1e-3, 1e-3, 3e-3)), "triangle inequality"),
    (dict(inertia=(1e-3, 1e-3)), r"inertia must have shape \(3,\)"),
    (dict(tilt=0.0), "tilt must be > 0 and < 1.5708 rad"),
    (dict(tilt=math.pi / 2), "tilt must be > 0 and < 1.5708 rad"),
    (dict(tilt=float("nan")), "tilt must be finite"),
    (dict(t_end=0.0), "t_end must be > 0 s"),
    (dict(friction=0.0), "friction must be > 0"),
    (dict(solref=(1e-4, 1.0)), "time constant must be >= 2 timesteps"),
    (dict(solimp=(0.99, 1.0, 1e-3)), "solimp must be"),
    (dict(cone="round"), "cone must be one of"),
    (dict(steps_per_sample=0), "steps_per_sample must be an integer >= 1"),
])
def test_rock_refuses_bad_input(change, message):
    """Every bad parameter of rock is named with its value and what is allowed."""
    kwargs = dict(EGG, tilt=0.02, t_end=1.0)
    kwargs.update(change)
    with pytest.raises(ParameterError, match=message):
        em.rock(**kwargs)


def test_both_engines_return_one_result_type_with_the_same_columns(small_runs):
    """rock and planar_rocking return SimulationResults with the columns ROCKING_COLUMNS, at
    the same times, and say how much work they did."""
    R1, I_t, _ = solid_egg(1.6)
    mj, ref = small_runs[1.6], em.planar_rocking(R1, R2, MASS, I_t, 0.02, 3.0)
    for run in (mj, ref):
        assert isinstance(run, SimulationResult) and run.success
        assert run.names == em.ROCKING_COLUMNS
        assert run.wall_time > 0
    np.testing.assert_allclose(mj.t, ref.t, rtol=0, atol=1e-9)
    assert mj.n_steps == 30000 and "30000 steps" in mj.message
    assert ref.evaluations > 100


def test_planar_rocking_passes_its_tolerances_to_the_solver():
    """Looser tolerances take fewer evaluations of planar_rhs and still keep the period."""
    R1, I_t, _ = solid_egg(1.6)
    tight = em.planar_rocking(R1, R2, MASS, I_t, 0.3, 2.0)
    loose = em.planar_rocking(R1, R2, MASS, I_t, 0.3, 2.0, rtol=1e-6, atol=1e-8)
    assert loose.evaluations < tight.evaluations / 2
    assert period(loose) == pytest.approx(period(tight), rel=1e-5)
    with pytest.raises(ParameterError, match="rtol must be > 0"):
        em.planar_rocking(R1, R2, MASS, I_t, 0.3, 2.0, rtol=0.0)


def test_the_defaults_read_the_egg_parameters():
    """Gravity and the floor's friction of the MuJoCo model are EggParams' fields."""
    R1, _, inertia = solid_egg(1.6)
    model = mujoco.MjModel.from_xml_string(em.rocking_model_xml(R1, R2, MASS, inertia))
    np.testing.assert_allclose(model.opt.gravity, [0, 0, -egg.EggParams().g])
    assert model.geom_friction[model.geom("shell").id][0] == egg.EggParams().floor_friction


def test_planar_and_closed_form_refuse_bad_input():
    """planar_rocking and small_angle_period check their parameters the same way."""
    with pytest.raises(ParameterError, match="I_t must be > 0"):
        em.planar_rocking(0.072, R2, MASS, 0.0, 0.3, 1.0)
    with pytest.raises(ParameterError, match="tilt must be > 0"):
        em.planar_rocking(0.072, R2, MASS, 1e-3, -0.1, 1.0)
    with pytest.raises(ParameterError, match="amplitude must be >= 0"):
        egg.small_angle_period(0.072, R2, MASS, 1e-3, amplitude=-0.1)
    with pytest.raises(ParameterError, match="R1 .* must be >= R2"):
        egg.small_angle_period(0.04, R2, MASS, 1e-3)


@pytest.mark.parametrize("tilt", [0.02, 0.3])
def test_mujoco_and_the_books_3d_model_rock_alike(tilt):
    """The book's full model (egg.simulate: four bodies, rolling with the floor's force) and
    MuJoCo's rigid ellipsoid, the default egg with its rotor stopped: same period to 1e-5
    (measured: 1e-7 at 0.02 rad, 9e-7 at 0.3 rad), same roll-out to 0.1 mm."""
    params = egg.EggParams(rotor_speed=0.0)
    J = egg.lumped_inertia(params)
    T = egg.small_angle_period(params.R1, params.R2, params.mass, J[0, 0], amplitude=tilt)
    book = egg.simulate(params, t_end=2.5 * T, tilt=np.pi / 2 - tilt, dt=1e-3)
    mj = em.rock(params.R1, params.R2, params.mass, (J[0, 0], J[0, 0], J[2, 2]), tilt,
                 2.5 * T)
    assert period(mj) == pytest.approx(egg.oscillation_period(book.t, book.beta), rel=1e-5)
    # the book's egg lies along -y, MuJoCo's along +x: the same roll-out
    rolled = mj.x - mj.x[0]
    np.testing.assert_allclose(np.interp(mj.t, book.t, -book.y), rolled, atol=1e-4)
    np.testing.assert_allclose(np.interp(mj.t, book.t, np.pi / 2 - book.beta), mj.tilt,
                               atol=2e-3 * tilt)
