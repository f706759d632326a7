"""Tests of robodyn.egg.compiled: each compiled function equals its readable version in
robodyn.egg (the servo move, the contact's rate, the four bodies' terms, the accelerations of
the three twist modes, the state's rate) on random states and moves, and runs integrated with
the readable equations end where those integrated with the compiled ones end."""

import dataclasses

import numpy as np
import pytest

from robodyn import egg
from robodyn.egg import compiled, rolling

SEED = 20261207
MODES = [("free", 0.0), ("stick", 0.0), ("slip", 1.0), ("slip", -1.0)]
# the book's egg, and one whose every number differs (its gearing too)
EGGS = {
    "book": egg.EggParams(),
    "other": egg.EggParams(R1=0.055, R2=0.042, outer_ring_radius=0.038,
                           inner_ring_radius=0.031, rotor_radius=0.021, shell_mass=0.12,
                           rotor_speed=-1700.0, gear_ratio=1.7, twist_static=2e-3,
                           twist_kinetic=1.5e-3, twist_viscous=4e-4, g=9.78),
}


def random_cases(count=25):
    """(t, state, servo move): attitudes anywhere, the shell turning, the servos part way
    through a move (or before or after it), the rotor at any angle."""
    rng = np.random.default_rng(SEED)
    for _ in range(count):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        x = np.concatenate([q * rng.uniform(0.9, 1.1), rng.normal(scale=3.0, size=3),
                            rng.normal(scale=0.1, size=2), [rng.uniform(-7, 7)]])
        t0 = rng.uniform(0.0, 0.5)
        servo = egg.ServoMove(start=rng.uniform(-0.5, 0.5, 2), end=rng.uniform(-0.5, 0.5, 2),
                              t0=t0, t1=t0 + rng.uniform(0.2, 1.0))
        yield rng.uniform(-0.1, 1.6), x, servo


def close(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    scale = max(1.0, float(np.abs(b).max()))
    np.testing.assert_allclose(a, b, rtol=0, atol=1e-11 * scale)


@pytest.mark.parametrize("name", EGGS)
def test_each_compiled_function_equals_the_readable_model(name):
    params = EGGS[name]
    compared = 0
    for t, x, servo in random_cases():
        model = rolling._Model(params, servo)
        scalars, moments, numbers = model.numbers
        for got, want in zip(compiled.servo_at(t, numbers), servo.at(t), strict=True):
            close(got, want)
        k = model.kinematics(t, x)
        R, w, J, bias = compiled.bias_and_inertia(t, x, scalars, moments, numbers)
        close(R, k["R"])
        close(J, k["J"])
        close(bias, k["bias"])
        r, r_dot, H = compiled.contact_rate(k["R"], w, params.R1, params.R2)
        close(r, k["r"])
        close(r_dot, k["r_dot"])
        assert H == pytest.approx(k["H"], rel=1e-14)
        for mode, sign in MODES:
            w_dot, F, tau = model.compiled_solve(t, x, mode, sign)
            want_w_dot, want_F, want_tau = model.solve(k, mode, sign)
            close(w_dot, want_w_dot)
            close(F, want_F)
            close(tau, want_tau)
            close(model.compiled_derivative(t, x, mode, sign),
                  model.derivative(t, x, mode, sign))
            compared += 1
    assert compared == 25 * len(MODES)


def test_a_changed_number_in_the_readable_model_is_seen():
    """The comparison can fail: the readable model with gravity 1 % stronger differs."""
    t, x, servo = next(random_cases())
    params = EGGS["book"]
    model = rolling._Model(params, servo)
    stronger = rolling._Model(dataclasses.replace(params, g=1.01 * params.g), servo)
    with pytest.raises(AssertionError):
        close(model.compiled_derivative(t, x, "free", 0.0),
              stronger.derivative(t, x, "free", 0.0))


def readable_simulate(monkeypatch, *args, **kwargs):
    """egg.simulate with the readable equations in the integrator and its events."""
    with monkeypatch.context() as patch:
        patch.setattr(rolling._Model, "compiled_derivative", rolling._Model.derivative)
        patch.setattr(rolling._Model, "compiled_solve",
                      lambda self, t, x, mode, sign=0.0: self.solve(self.kinematics(t, x),
                                                                     mode, sign))
        return egg.simulate(*args, **kwargs)


@pytest.mark.parametrize("run", ["gimbal tilted, rotor fast", "twist sticks and slips"])
def test_a_run_with_the_readable_equations_ends_where_the_compiled_one_does(run, monkeypatch):
    if run == "gimbal tilted, rotor fast":
        params = dataclasses.replace(egg.EggParams(), rotor_speed=3000.0, twist_static=0.0,
                                     twist_kinetic=0.0, twist_viscous=0.0)
        arguments = dict(servo=egg.ServoMove(end=(0.3, -0.3), t0=0.2, t1=0.7), t_end=1.0,
                         tilt=0.05)
    else:
        params = EGGS["other"]
        arguments = dict(t_end=1.0, tilt=0.4, omega=(0.5, -0.3, 2.0))
    fast = egg.simulate(params, **arguments)
    slow = readable_simulate(monkeypatch, params, **arguments)
    assert fast.success and slow.success
    assert [mode for _, mode in fast.details["switches"]] == [
        mode for _, mode in slow.details["switches"]]
    assert [t for t, _ in fast.details["switches"]] == pytest.approx(
        [t for t, _ in slow.details["switches"]], abs=1e-9)
    for name in ("x", "y", "alpha", "beta", "wz", "Fz", "energy"):
        np.testing.assert_allclose(fast.columns[name], slow.columns[name], rtol=0,
                                   atol=1e-7 * max(1.0, float(np.abs(slow.columns[name]).max())))
    if run == "twist sticks and slips":
        assert len(fast.details["switches"]) > 1       # the twist modes were all at work
        assert {mode for _, mode in fast.details["switches"]} >= {"stick", "slip"}


def test_the_compiled_rate_keeps_the_quaternion_on_the_sphere():
    """d|q|^2/dt = 2 q . q_dot = 0: the attitude's rate is tangent to the unit sphere."""
    for t, x, servo in random_cases(5):
        model = rolling._Model(EGGS["book"], servo)
        q = x[:4] / np.linalg.norm(x[:4])
        x = np.concatenate([q, x[4:]])
        q_dot = model.compiled_derivative(t, x, "free", 0.0)[:4]
        assert abs(q @ q_dot) < 1e-12 * max(1.0, np.abs(q_dot).max())
