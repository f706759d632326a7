"""Tests of robodyn.friction.lugre: steady state, presliding, bounds, dissipation, passivity."""

import numpy as np
import pytest
import sympy as sp

from robodyn import friction
from robodyn.core.errors import ParameterError
from robodyn.friction import lugre

P = lugre.LuGre()


def test_defaults_are_the_example_of_canudas_de_wit_1995():
    """sigma0 = 1e5 N/m, sigma1 = sqrt(1e5) N s/m, sigma2 = 0.4 N s/m, Fc 1, Fs 1.5 N, vs 1 mm/s."""
    assert (P.sigma0, P.sigma2, P.Fc, P.Fs, P.vs, P.delta) == (1e5, 0.4, 1.0, 1.5, 1e-3, 2.0)
    assert P.sigma1 == pytest.approx(np.sqrt(1e5), rel=1e-15)


def test_steady_state_is_the_stribeck_curve_to_round_off():
    """z_ss makes dz/dt vanish and F(v, z_ss) is friction.stribeck with b = sigma2."""
    v = np.concatenate([-np.geomspace(1e-6, 2.0, 40)[::-1], [0.0], np.geomspace(1e-6, 2.0, 40)])
    z_ss, F_ss = lugre.steady_state(v, P)
    stribeck = friction.stribeck(v, P.Fc, P.Fs, P.vs, P.sigma2, P.delta)
    np.testing.assert_allclose(F_ss, stribeck, rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(lugre.bristle_rate(v, z_ss, P) / P.vs, 0.0, atol=1e-12)
    np.testing.assert_allclose(lugre.friction_force(v, z_ss, P), stribeck, rtol=1e-12,
                               atol=1e-12)


def test_simulation_at_constant_speed_settles_on_the_stribeck_curve():
    """An imposed constant speed from z = 0 ends at the Stribeck force, both directions."""
    for v0 in (-0.5, -2e-3, 5e-4, 1e-3, 0.05):
        run = lugre.imposed_motion(lambda t, v0=v0: v0, 1.0, P)
        expected = float(friction.stribeck(v0, P.Fc, P.Fs, P.vs, P.sigma2))
        assert run.success
        assert run.F[-1] == pytest.approx(expected, rel=1e-6)


def test_constant_speed_bristle_solves_the_bristle_equation_symbolically():
    """sympy: z(x) = g/sigma0 (1 - exp(-sigma0 x/g)) has dz/dx = 1 - sigma0 z/g and z(0) = 0."""
    x, g, s0 = sp.symbols("x g sigma0", positive=True)
    z = g / s0 * (1 - sp.exp(-s0 * x / g))
    assert sp.simplify(sp.diff(z, x) - (1 - s0 * z / g)) == 0
    assert z.subs(x, 0) == 0


def test_constant_speed_bristle_agrees_with_the_integration():
    """The closed form against the ODE at v = +-2 mm/s, to 1e-7 of the largest deflection."""
    for v0 in (2e-3, -2e-3):
        run = lugre.imposed_motion(lambda t, v0=v0: v0, 0.02, P)
        closed = lugre.constant_speed_bristle(run.x, v0, P)
        np.testing.assert_allclose(run.z, closed, atol=1e-7 * P.Fs / P.sigma0)


def test_presliding_stiffness_is_sigma0_for_small_displacements():
    """A slow imposed travel of 1 nm: the force grows as -sigma0 x (within 0.5 %)."""
    v0 = 1e-7  # m/s, far below vs
    run = lugre.imposed_motion(lambda t: v0, 0.01, P, n_samples=101)
    stiffness = -np.polyfit(run.x, run.F, 1)[0]
    assert run.x[-1] == pytest.approx(1e-9)
    assert stiffness == pytest.approx(P.sigma0, rel=5e-3)


def test_a_push_below_breakaway_gives_the_quasi_static_displacement():
    """Push rising by 0.5 N/s: x = -(Fs/sigma0) ln(1 - F/Fs) within 2 % to 1.4 N, no slide."""
    run = lugre.pushed_block(1.0, lambda t: 0.5 * t, 2.8, P, n_samples=2801)
    for force in (0.1, 0.5, 1.0, 1.4):
        x = run.x[np.argmin(np.abs(run.t - force / 0.5))]
        expected = -(P.Fs / P.sigma0) * np.log(1.0 - force / P.Fs)
        assert x == pytest.approx(expected, rel=2e-2)
    assert np.max(np.abs(run.x)) < 1e-4  # 0.1 mm: presliding only


def test_the_block_breaks_away_near_Fs_and_then_slides():
    """With the push rising by 0.5 N/s the block passes 1 mm/s shortly before Fs / 0.5 = 3 s."""
    run = lugre.pushed_block(1.0, lambda t: 0.5 * t, 4.0, P, n_samples=4001)
    t_break = run.t[np.argmax(run.v > 1e-3)]
    assert 2.85 < t_break < 3.05
    assert run.v[-1] > 0.1


def test_the_deflection_stays_within_Fs_over_sigma0():
    """Canudas de Wit et al. (1995): |z(0)| <= Fs/sigma0 implies |z(t)| <= Fs/sigma0."""
    def velocity(t):
        return 3e-3 * np.sin(7.0 * t) + 1e-3 * np.sin(53.0 * t)

    run = lugre.imposed_motion(velocity, 2.0, P, n_samples=8001)
    assert np.max(np.abs(run.z)) <= P.Fs / P.sigma0 * (1 + 1e-9)
    assert np.max(np.abs(run.z)) > 0.5 * P.Fs / P.sigma0


@pytest.mark.parametrize("amplitude", [1e-7, 1e-6, 1e-5, 1e-3])
@pytest.mark.parametrize("frequency", [0.1, 1.0, 10.0])
def test_the_friction_dissipates_energy_in_every_cycle(amplitude, frequency):
    """Passivity: the work the friction takes from a sinusoidal motion is positive."""
    assert lugre.cycle_energy(amplitude, frequency, P) > 0.0


def test_energy_per_cycle_of_a_large_fast_motion_is_coulomb_plus_viscous():
    """A = 0.1 m at 1 Hz: W -> 4 A Fc + sigma2 (A omega)^2 T / 2 (the Stribeck dip is brief)."""
    amplitude, frequency = 0.1, 1.0
    omega = 2 * np.pi * frequency
    expected = 4 * amplitude * P.Fc + P.sigma2 * (amplitude * omega) ** 2 / (2 * frequency)
    assert lugre.cycle_energy(amplitude, frequency, P) == pytest.approx(expected, rel=1e-3)


def test_the_model_is_odd():
    """F(-v, -z) = -F(v, z)."""
    v = np.linspace(-0.01, 0.01, 21)
    z = np.linspace(-1e-5, 1.4e-5, 21)
    np.testing.assert_allclose(lugre.friction_force(-v, -z, P), -lugre.friction_force(v, z, P),
                               rtol=1e-14, atol=1e-14)


@pytest.mark.parametrize("field, value, words", [
    ("sigma0", -1.0, "sigma0"), ("sigma0", np.nan, "sigma0"), ("sigma1", -1.0, "sigma1"),
    ("vs", 0.0, "vs"), ("Fs", 0.5, "Fs must be >= Fc"), ("delta", 0.0, "delta"),
])
def test_bad_parameters_are_refused_by_name(field, value, words):
    """Negative, NaN or zero parameters and Fs < Fc raise ParameterError naming them."""
    with pytest.raises(ParameterError, match=words):
        lugre.LuGre(**{field: value})


def test_bad_inputs_of_the_functions_are_refused():
    """v = 0 for the constant-speed form, NaN velocity, a negative mass or amplitude."""
    with pytest.raises(ParameterError, match="v must not be 0"):
        lugre.constant_speed_bristle(1e-6, 0.0, P)
    with pytest.raises(ParameterError, match="v"):
        lugre.bristle_rate(np.nan, 0.0, P)
    with pytest.raises(ParameterError, match="mass"):
        lugre.pushed_block(-1.0, lambda t: 0.0, 1.0, P)
    with pytest.raises(ParameterError, match="amplitude"):
        lugre.cycle_energy(-1e-3, 1.0, P)


# --- passivity: a constant sigma1 gives energy back; a damping that fades with speed does not

FADING = lugre.LuGre(vd=P.vs)


def test_constant_damping_gives_energy_back_after_a_sudden_jump():
    """Creep at 0.1 mm/s for 0.6 s, 50 us ramp to 0.2 m/s: the friction returns about 1e-4 J."""
    run = lugre.creep_then_jump(P)
    assert run.success
    assert run.E[-1] == pytest.approx(9.9e-5, rel=0.02)
    assert np.all(run.v > 0) and run.F.max() > 10.0      # the force points along the motion


def test_fading_damping_dissipates_in_the_same_jump():
    """sigma1 exp(-(v/vs)^2): E = integral of F v (F on the body) stays <= 0, F opposes v."""
    run = lugre.creep_then_jump(FADING)
    assert run.success
    assert np.all(run.E <= 0.0) and run.E[-1] < -8e-5
    assert np.all(run.F < 0.0)


def test_the_jump_breaks_the_passivity_inequality_only_with_constant_damping():
    """From z = 0, passivity means -E(t) >= sigma0 z(t)^2 / 2 at every t (the bristle energy)."""
    for params, passive in ((P, False), (FADING, True)):
        run = lugre.creep_then_jump(params)
        slack = -run.E - 0.5 * params.sigma0 * run.z**2
        assert bool(np.all(slack >= -1e-12)) is passive


def test_the_energy_of_the_jump_agrees_with_the_trapezoid_and_the_creep_in_closed_form():
    """E as a state against the trapezoid of F v, and after the creep against its closed form."""
    run = lugre.creep_then_jump(P, n_samples=20001)
    assert run.E[-1] == pytest.approx(np.trapezoid(run.F * run.v, run.t), rel=1e-5)
    v, X = 1e-4, 1e-4 * 0.6                 # E = -[g (X - z) + sigma1 v z + sigma2 v X], with
    g = float(lugre.stribeck_level(v, P))
    L = g / P.sigma0                        # z = L (1 - exp(-X / L)), L = g / sigma0
    z_X = L * (1 - np.exp(-X / L))
    closed = -(g * (X - z_X) + P.sigma1 * v * z_X + P.sigma2 * v * X)
    creep_end = np.flatnonzero(run.t <= 0.6)[-1]
    assert run.t[creep_end] == 0.6
    assert run.E[creep_end] == pytest.approx(closed, rel=1e-7)


def test_the_passivity_margin_is_the_minimum_over_z_of_the_power_left_over():
    """sympy: -F v - d(sigma0 z^2/2)/dt is a quadratic in z whose minimum is v^2/(4g) margin."""
    z = sp.symbols("z", real=True)
    v, g, s0, s1, s2 = sp.symbols("v g sigma0 sigma1 sigma2", positive=True)
    zdot = v - s0 * v * z / g                            # v > 0, so |v| = v
    left_over = (s0 * z + s1 * zdot + s2 * v) * v - s0 * z * zdot
    z_min = sp.solve(sp.diff(left_over, z), z)[0]
    margin = 4 * g * (s1 + s2) - s1**2 * v
    assert sp.simplify(left_over.subs(z, z_min) - v**2 / (4 * g) * margin) == 0
    assert sp.diff(left_over, z, 2).is_positive


def test_the_margin_fails_at_speed_with_constant_damping_and_holds_when_it_fades():
    """Constant sigma1: the margin fails from 4 g (sigma1 + sigma2) / sigma1^2 on; faded, never."""
    speed = np.geomspace(1e-7, 100.0, 4001)
    v = np.concatenate([-speed, speed])
    assert np.all(lugre.passivity_margin(v, FADING) > 0.0)
    margin = lugre.passivity_margin(speed, P)
    first_negative = speed[np.argmax(margin < 0)]
    expected = 4 * P.Fc * (P.sigma1 + P.sigma2) / P.sigma1**2
    assert first_negative == pytest.approx(expected, rel=0.01)


def test_fading_damping_keeps_the_steady_state_and_the_presliding():
    """The fade changes neither the Stribeck steady state nor the slow presliding of the block."""
    v = np.linspace(-0.01, 0.01, 401)
    np.testing.assert_array_equal(lugre.steady_state(v, FADING)[1], lugre.steady_state(v, P)[1])
    slow = lugre.imposed_motion(lambda t: 1e-7, 0.01, FADING, n_samples=101)
    assert -np.polyfit(slow.x, slow.F, 1)[0] == pytest.approx(P.sigma0, rel=5e-3)


def test_the_default_damping_is_constant_and_the_fade_follows_its_formula():
    """vd = inf gives sigma1 at every speed (the old model, to the bit); vd finite its Gaussian."""
    v = np.array([-2.0, -1e-3, 0.0, 5e-4, 0.3])
    z = np.array([1e-5, -2e-6, 3e-6, 1.2e-5, -1e-5])
    np.testing.assert_array_equal(lugre.bristle_damping(v, P), np.full(v.shape, P.sigma1))
    old = -(P.sigma0 * z + P.sigma1 * lugre.bristle_rate(v, z, P) + P.sigma2 * v)
    np.testing.assert_array_equal(lugre.friction_force(v, z, P), old)
    np.testing.assert_allclose(lugre.bristle_damping(v, FADING),
                               P.sigma1 * np.exp(-(v / P.vs) ** 2), rtol=1e-15)


def test_the_pushed_block_uses_the_fading_damping():
    """Through breakaway m dv/dt = push + F(v, z) to 1e-4 N with the fade (0.1 N off without)."""
    run = lugre.pushed_block(1.0, lambda t: 0.5 * t, 3.4, FADING, n_samples=34001)
    acceleration = np.gradient(run.v, run.t)
    breakaway = (run.t > 2.6) & (run.t < 3.4)
    residual = acceleration - (0.5 * run.t + run.F)
    assert np.max(np.abs(residual[breakaway])) < 1e-4
    assert run.v[-1] > 0.1


@pytest.mark.parametrize("value, words", [
    (0.0, "vd must be > 0 m/s, or inf"), (-1e-3, "vd must be > 0"), (np.nan, "vd must be > 0"),
    (-np.inf, "vd must be > 0"), ("fast", "vd must be a real number"),
    (True, "vd must be a real number"), (None, "vd must be a real number"),
])
def test_bad_fading_speeds_are_refused_by_name(value, words):
    """vd must be a positive real number or inf; zero, NaN, -inf, text, bool and None raise."""
    with pytest.raises(ParameterError, match=words):
        lugre.LuGre(vd=value)


def test_bad_inputs_of_the_jump_are_refused():
    """Non-positive speeds and durations, a negative hold and too few samples raise by name."""
    for name, value in (("v_creep", 0.0), ("t_creep", -1.0), ("v_fast", -0.2),
                        ("t_ramp", 0.0), ("t_hold", -1e-6), ("n_samples", 1)):
        with pytest.raises(ParameterError, match=name):
            lugre.creep_then_jump(P, **{name: value})
