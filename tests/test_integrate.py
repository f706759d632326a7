"""Tests of robodyn.core.integrate: fixed-step formulas and the solve_ivp wrapper."""

import numpy as np
import pytest

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import (
    METHODS,
    RK4_STABILITY_LIMIT,
    SimulationResult,
    euler_step,
    join,
    rk4_step,
    solve,
    solve_lsoda,
)

END_TIME = 1.0  # s, end of the convergence runs
STEP_SIZES = (0.1, 0.05, 0.025)  # s, each half the one before


def decay(t, x, rate=1.0):
    """x_dot = -rate x, solution x0 exp(-rate t)."""
    return -rate * x


def global_error(step, dt, end_time=END_TIME):
    """Error at end_time of fixed steps of size dt on x_dot = -x, x(0) = 1."""
    x = np.array([1.0])
    n_steps = int(round(end_time / dt))
    for k in range(n_steps):
        x = step(decay, k * dt, x, dt)
    return abs(x[0] - np.exp(-end_time))


def test_euler_is_first_order():
    """Halving dt halves the global error of the Euler step (ratio about 2)."""
    errors = [global_error(euler_step, dt) for dt in STEP_SIZES]
    ratios = np.array(errors[:-1]) / np.array(errors[1:])
    assert np.all(np.abs(ratios - 2.0) < 0.15), ratios


def test_rk4_is_fourth_order():
    """Halving dt divides the global error of the RK4 step by about 16."""
    errors = [global_error(rk4_step, dt) for dt in STEP_SIZES]
    ratios = np.array(errors[:-1]) / np.array(errors[1:])
    assert np.all(np.abs(ratios - 16.0) < 1.0), ratios


def test_rk4_integrates_a_cubic_in_time_exactly():
    """RK4 is exact for x_dot = 4 t^3 (Simpson's rule weights), from t = 0.3 to 0.8."""
    x1 = rk4_step(lambda t, x: 4.0 * t**3 * np.ones_like(x), 0.3, [0.3**4], 0.5)
    assert x1[0] == pytest.approx(0.8**4, rel=1e-14)


def test_euler_step_single_value():
    """One Euler step on x_dot = -2 x from 1 with dt 0.1 gives 0.8."""
    assert euler_step(decay, 0.0, [1.0], 0.1, 2.0)[0] == pytest.approx(0.8, rel=1e-15)


def test_steps_keep_the_shape_of_x_and_pass_args():
    """Both steps keep any state shape, pass args, and give their growth factor on -a x."""
    x = np.arange(6.0).reshape(2, 3)
    h = 0.01 * 3.0  # dt times rate
    growth = {euler_step: 1.0 - h, rk4_step: 1.0 - h + h**2 / 2 - h**3 / 6 + h**4 / 24}
    for step, factor in growth.items():
        x1 = step(decay, 0.0, x, 0.01, 3.0)
        assert x1.shape == (2, 3)
        np.testing.assert_allclose(x1, x * factor, rtol=1e-14)


@pytest.mark.parametrize("step", [euler_step, rk4_step])
@pytest.mark.parametrize("dt", [np.nan, np.inf, "0.1"])
def test_steps_reject_bad_dt(step, dt):
    """A non-finite or non-numeric dt raises ParameterError naming dt."""
    with pytest.raises(ParameterError, match="dt"):
        step(decay, 0.0, [1.0], dt)


@pytest.mark.parametrize("step", [euler_step, rk4_step])
def test_steps_reject_a_rhs_that_is_not_callable(step):
    """rhs must be callable."""
    with pytest.raises(ParameterError, match="rhs"):
        step([1.0], 0.0, [1.0], 0.1)


@pytest.mark.parametrize("method", ["RK45", "DOP853", "Radau", "BDF", "LSODA"])
def test_solve_matches_exponential_decay(method):
    """solve with each method follows exp(-t) within the tolerances on a t_eval grid."""
    t_eval = np.linspace(0.0, 3.0, 31)
    traj = solve(decay, (0.0, 3.0), [1.0], state_names=("x",), method=method, t_eval=t_eval)
    assert traj.success and "end of t_span" in traj.message
    np.testing.assert_array_equal(traj.t, t_eval)
    np.testing.assert_allclose(traj.x, np.exp(-t_eval), rtol=0, atol=1e-7)


def test_solve_passes_args_and_reads_states_by_name():
    """The harmonic oscillator x'' = -w^2 x: rows by name give cos and -w sin."""

    def oscillator(t, state, w):
        position, velocity = state
        return np.array([velocity, -(w**2) * position])

    w = 2.0
    traj = solve(oscillator, (0.0, 2.0), [1.0, 0.0], args=(w,), state_names=("p", "u"))
    np.testing.assert_allclose(traj.p, np.cos(w * traj.t), atol=1e-7)
    np.testing.assert_allclose(traj.u, -w * np.sin(w * traj.t), atol=1e-7)
    assert traj.stack().shape == (2, traj.t.size) and traj.names == ("p", "u")


def test_unknown_state_name_lists_the_names():
    """Asking for a missing state raises AttributeError listing the states there are."""
    traj = solve(decay, (0.0, 1.0), [1.0, 2.0], state_names=("a", "b"))
    with pytest.raises(AttributeError, match="'c'.*'a', 'b'"):
        _ = traj.c


def test_terminal_event_stops_the_run_and_is_recorded():
    """A ball thrown up at 5 m/s lands at 2 w0 / g; the terminal event ends the run there."""
    g, w0 = 9.81, 5.0

    def ballistic(t, state, gravity):
        return np.array([state[1], -gravity])

    def ground(t, state, gravity):
        return state[0]

    ground.terminal = True
    ground.direction = -1
    traj = solve(ballistic, (0.0, 10.0), [0.0, w0], args=(g,), state_names=("z", "w"),
                 events=[ground])
    assert traj.success and "terminal event" in traj.message
    assert traj.events["ground"].size == 1
    assert traj.events["ground"][0] == pytest.approx(2 * w0 / g, rel=1e-9)
    assert traj.t[-1] == pytest.approx(2 * w0 / g, rel=1e-9)
    assert traj.event_states["ground"].shape == (1, 2)
    assert traj.event_states["ground"][0, 1] == pytest.approx(-w0, rel=1e-8)


def test_a_terminal_event_before_the_first_sample_time_gives_an_empty_run():
    """x' = -x from 1 stops at x = 0.5 (t = ln 2), before t_eval's first time, 1 s: no
    sample, each state an empty column, the event and its state kept, the stop time said."""

    def decay(t, x):
        return -x

    def half(t, x):
        return x[0] - 0.5

    half.terminal = True
    run = solve(decay, (0.0, 3.0), [1.0], state_names=("x",), events=[half],
                t_eval=[1.0, 2.0], rtol=1e-10, atol=1e-12)
    assert run.t.shape == (0,) and run.x.shape == (0,)
    assert run.success and run.events["half"] == pytest.approx([np.log(2.0)], rel=1e-8)
    assert run.event_states["half"].shape == (1, 1)
    assert run.event_states["half"][0, 0] == pytest.approx(0.5, rel=1e-8)
    assert f"at t = {np.log(2.0):.6g} s" in run.message


def test_non_terminal_event_records_every_crossing():
    """cos(t) crosses zero at pi/2, 3 pi/2 and 5 pi/2 before t = 10; all three are recorded."""

    def oscillator(t, state):
        return np.array([state[1], -state[0]])

    def crossing(t, state):
        return state[0]

    traj = solve(oscillator, (0.0, 10.0), [1.0, 0.0], state_names=("p", "u"),
                 events=[crossing])
    np.testing.assert_allclose(traj.events["crossing"], np.pi * np.array([0.5, 1.5, 2.5]),
                               rtol=1e-8)
    assert "end of t_span" in traj.message and traj.t[-1] == 10.0


def test_events_sharing_a_name_are_numbered():
    """Two event functions with one __name__ are recorded as 'e' and 'e_2'."""

    def make(level):
        def e(t, state):
            return state[0] - level

        return e

    traj = solve(decay, (0.0, 2.0), [1.0], state_names=("x",), events=[make(0.5), make(0.2)])
    assert set(traj.events) == {"e", "e_2"}
    np.testing.assert_allclose(traj.events["e"], [np.log(2.0)], rtol=1e-7)
    np.testing.assert_allclose(traj.events["e_2"], [np.log(5.0)], rtol=1e-7)


def test_finite_time_blow_up_raises_with_time_and_advice():
    """x_dot = x^2 from 1 blows up at t = 1: SimulationError at about 1 s with advice."""
    with pytest.raises(SimulationError, match=r"at t = 1(\.0*)? s") as info:
        solve(lambda t, x: x**2, (0.0, 2.0), [1.0], state_names=("x",))
    message = str(info.value)
    for advice in ("Radau", "BDF", "max_step", "tolerance"):
        assert advice.lower() in message.lower(), advice


@pytest.mark.parametrize("method", ["RK45", "Radau", "BDF", "LSODA"])
def test_non_finite_rate_raises_simulation_error(method):
    """A rhs that returns NaN after t = 0.5 s ends in SimulationError naming a time past 0.5 s."""

    def broken(t, x):
        return np.full_like(x, np.nan) if t > 0.5 else -x

    with pytest.raises(SimulationError, match="non-finite") as info:
        solve(broken, (0.0, 2.0), [1.0], state_names=("x",), method=method)
    assert "Radau" in str(info.value)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_overflow_inside_an_implicit_solver_raises_simulation_error():
    """x_dot = 1000 x overflows; Radau's breakdown becomes a SimulationError, not ValueError."""
    with pytest.raises(SimulationError, match="overflowed or became non-finite"):
        solve(lambda t, x: 1e3 * x, (0.0, 2.0), [1.0], state_names=("x",), method="Radau",
              rtol=1e-3, atol=1e-6)  # loose tolerances keep the test fast


def test_methods_list_matches_scipy():
    """Every name in METHODS is a method that solve_ivp knows."""
    from scipy.integrate._ivp.ivp import METHODS as SCIPY_METHODS

    assert set(METHODS) == set(SCIPY_METHODS)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"state_names": ("x", "v")}, "state_names"),
        ({"state_names": "x"}, "state_names"),
        ({"state_names": ("x",), "method": "Euler"}, "method"),
        ({"state_names": ("x",), "rtol": 0.0}, "rtol"),
        ({"state_names": ("x",), "atol": -1e-9}, "atol"),
        ({"state_names": ("x",), "max_step": 0.0}, "max_step"),
        ({"state_names": ("x",), "t_eval": [0.0, 2.0]}, "t_eval"),
        ({"state_names": ("x",), "t_eval": [0.5, 0.2]}, "t_eval"),
        ({"state_names": ("x",), "events": [1.0]}, "events"),
        ({"state_names": ("x",), "args": 2.0}, "args"),
    ],
)
def test_solve_rejects_bad_keywords(kwargs, match):
    """Each malformed keyword raises ParameterError naming it."""
    with pytest.raises(ParameterError, match=match):
        solve(decay, (0.0, 1.0), [1.0], **kwargs)


@pytest.mark.parametrize(
    ("t_span", "x0", "match"),
    [
        ((0.0, 0.0), [1.0], "t_span"),
        ((0.0, np.inf), [1.0], "t_span"),
        ((0.0, 1.0, 2.0), [1.0], "t_span"),
        ((0.0, 1.0), [np.nan], "x0"),
        ((0.0, 1.0), [[1.0]], "x0"),
        ((0.0, 1.0), [], "x0"),
    ],
)
def test_solve_rejects_bad_span_and_initial_state(t_span, x0, match):
    """A degenerate or non-finite span and a non-finite or non-1-D x0 raise ParameterError."""
    with pytest.raises(ParameterError, match=match):
        solve(decay, t_span, x0, state_names=("x",) * max(len(np.ravel(x0)), 1))


def test_solve_rejects_a_rhs_that_is_not_callable():
    """rhs must be callable."""
    with pytest.raises(ParameterError, match="rhs"):
        solve(None, (0.0, 1.0), [1.0], state_names=("x",))


def test_solve_rejects_duplicate_state_names():
    """Two states with one name would make the attribute ambiguous."""
    with pytest.raises(ParameterError, match="unique"):
        solve(decay, (0.0, 1.0), [1.0, 2.0], state_names=("x", "x"))


def test_backward_integration():
    """t_span may run backwards: from x(1) = exp(-1) back to x(0) = 1."""
    traj = solve(decay, (1.0, 0.0), [np.exp(-1.0)], state_names=("x",))
    assert traj.x[-1] == pytest.approx(1.0, rel=1e-8)


def test_result_checks_its_columns():
    """A column of the wrong length or a name that is not an identifier raises ParameterError."""
    with pytest.raises(ParameterError, match="b must have shape"):
        SimulationResult(t=np.array([0.0, 1.0]), columns={"a": [0.0, 1.0], "b": [0.0]})
    for bad in ("not valid", "t", "success"):
        with pytest.raises(ParameterError, match="column names must be identifiers"):
            SimulationResult(t=np.array([0.0, 1.0]), columns={bad: [0.0, 1.0]})


def test_result_reads_columns_and_details_as_attributes():
    """Columns and details are attributes; stack() gives the named columns as rows."""
    run = SimulationResult(t=[0.0, 1.0], columns={"x": [1.0, 2.0], "v": [3.0, 4.0]},
                           success=False, message="stopped", details={"model": "toy"})
    np.testing.assert_array_equal(run.stack("v", "x"), [[3.0, 4.0], [1.0, 2.0]])
    assert run.model == "toy" and not run.success and run.message == "stopped"
    with pytest.raises(AttributeError, match="no column or detail 'y'"):
        _ = run.y


@pytest.mark.parametrize("names", [("x", "t"), ("x", "2x"), ("x", "")])
def test_solve_rejects_state_names_that_cannot_be_attributes(names):
    """State names must be identifiers other than the result's own attribute names."""
    with pytest.raises(ParameterError, match="state_names must be Python identifiers"):
        solve(decay, (0.0, 1.0), [1.0, 2.0], state_names=names)


def test_rk4_stability_limit_constant():
    """RK4 on x_dot = -a x has growth factor 1 at a h = RK4_STABILITY_LIMIT, < 1 below it."""

    def growth(z):
        return rk4_step(lambda t, x: -z * x, 0.0, [1.0], 1.0)[0]

    assert growth(RK4_STABILITY_LIMIT) == pytest.approx(1.0, abs=1e-12)
    assert abs(growth(0.99 * RK4_STABILITY_LIMIT)) < 1.0
    assert abs(growth(1.01 * RK4_STABILITY_LIMIT)) > 1.0


def test_join_keeps_time_order_without_repeating_the_switch_and_gathers_events():
    """Phases joined: the shared sample once, events of every phase, the last success."""
    def fall(t, x):
        return np.array([x[1], -9.81])

    def ground(t, x):
        return x[0]

    ground.terminal, ground.direction = True, -1
    first = solve(fall, (0.0, 2.0), [1.0, 0.0], state_names=("z", "w"), events=[ground])
    t_hit = first.events["ground"][0]
    second = solve(fall, (t_hit, 2.0), [0.0, 3.0], state_names=("z", "w"), events=[ground])
    joined = join([first, second])
    assert np.all(np.diff(joined.t) > 0)
    assert joined.t.size == first.t.size + second.t.size - 1
    assert joined.events["ground"].size == 2
    assert joined.events["ground"][0] == pytest.approx(np.sqrt(2 / 9.81))
    with pytest.raises(ParameterError, match="same columns"):
        join([first, SimulationResult(t=[3.0], columns={"x": [1.0]})])
    with pytest.raises(ParameterError, match="non-empty"):
        join([])


def test_a_solver_that_crawls_at_a_jump_stops_with_where():
    """x' = -sign(x) has a jump at x = 0, reached at t = 1: an explicit solver's steps
    shrink there without end (left alone it never returns). With a bound on the
    evaluations it stops and says when; a run within the bound is not touched."""
    def sliding(t, x):
        return -np.sign(x)

    with pytest.raises(SimulationError, match=r"crawled: 20000 evaluations .* t = 1\.0"):
        solve(sliding, (0.0, 3.0), [1.0], state_names=("x",), method="RK45",
              max_evaluations=20000)
    run = solve(sliding, (0.0, 0.9), [1.0], state_names=("x",), method="RK45",
                max_evaluations=20000)
    assert run.x[-1] == pytest.approx(0.1) and 0 < run.evaluations < 100
    with pytest.raises(ParameterError, match="max_evaluations"):
        solve(sliding, (0.0, 0.9), [1.0], state_names=("x",), max_evaluations=0)


STIFF = np.array([[-1000.0, 0.0], [1.0, -1.0]])     # 1/s: modes at -1000 and -1 per second


def stiff_linear(t, x):
    """x_dot = A x with A = STIFF: x1 = x10 exp(-1000 t), and x2 driven by it."""
    return STIFF @ x


def stiff_linear_exact(t, x0):
    """The closed form: x2 = (x20 + x10/999) exp(-t) - x10/999 exp(-1000 t)."""
    x10, x20 = x0
    return np.array([x10 * np.exp(-1000.0 * t),
                     (x20 + x10 / 999.0) * np.exp(-t) - x10 / 999.0 * np.exp(-1000.0 * t)])


@pytest.mark.parametrize("method", ["Radau", "BDF", "LSODA"])
def test_a_stiff_linear_system_with_its_jacobian_follows_the_closed_form(method):
    """Given the Jacobian A, each implicit method calls it and follows the closed form of
    x_dot = A x (modes 1000:1 apart), as it does differencing rhs itself."""
    t = np.linspace(0.0, 2.0, 41)
    with_jac = solve(stiff_linear, (0.0, 2.0), [1.0, 0.5], state_names=("a", "b"),
                     method=method, t_eval=t, rtol=1e-8, atol=1e-10,
                     jac=lambda t, x: STIFF)
    without = solve(stiff_linear, (0.0, 2.0), [1.0, 0.5], state_names=("a", "b"),
                    method=method, t_eval=t, rtol=1e-8, atol=1e-10)
    exact = stiff_linear_exact(t, (1.0, 0.5))
    for run in (with_jac, without):
        np.testing.assert_allclose(run.stack("a", "b"), exact, rtol=1e-5, atol=1e-8)
    assert with_jac.jacobians > 0 and without.jacobians == 0


def test_the_jacobian_takes_the_args_of_rhs():
    """jac(t, x, *args) gets rhs's args: exponential decay at rate 3 with its Jacobian
    -3 ends at exp(-3)."""
    run = solve(decay, (0.0, 1.0), [1.0], args=(3.0,), state_names=("x",), method="BDF",
                rtol=1e-9, atol=1e-12, jac=lambda t, x, rate: np.array([[-rate]]))
    assert run.x[-1] == pytest.approx(np.exp(-3.0), rel=1e-6) and run.jacobians > 0


@pytest.mark.parametrize(("method", "jac"), [("RK45", lambda t, x: np.eye(1)),
                                             ("LSODA", np.eye(1))])
def test_a_jacobian_is_refused_by_an_explicit_method_and_must_be_callable(method, jac):
    with pytest.raises(ParameterError, match="jac"):
        solve(decay, (0.0, 1.0), [1.0], state_names=("x",), method=method, jac=jac)


@pytest.mark.parametrize("given", [True, False])
def test_lsoda_from_its_own_loop_follows_the_stiff_closed_form_as_solve_does(given):
    """solve_lsoda (LSODA stepping in odeint's loop), with the Jacobian or differencing
    rhs itself, follows the closed form of the stiff x_dot = A x and agrees with
    solve(method="LSODA"), the same solver stepped from Python, within the tolerances;
    the samples are t_eval's, the start left out unless asked for."""
    t = np.linspace(0.05, 2.0, 40)
    jac = (lambda t, x: STIFF) if given else None
    run = solve_lsoda(stiff_linear, (0.0, 2.0), [1.0, 0.5], state_names=("a", "b"),
                      t_eval=t, rtol=1e-8, atol=1e-10, jac=jac)
    stepped = solve(stiff_linear, (0.0, 2.0), [1.0, 0.5], state_names=("a", "b"),
                    method="LSODA", t_eval=t, rtol=1e-8, atol=1e-10, jac=jac)
    np.testing.assert_array_equal(run.t, t)
    np.testing.assert_allclose(run.stack("a", "b"), stiff_linear_exact(t, (1.0, 0.5)),
                               rtol=1e-5, atol=1e-8)
    np.testing.assert_allclose(run.stack("a", "b"), stepped.stack("a", "b"), rtol=1e-5,
                               atol=1e-8)
    assert run.evaluations > 0 and (run.jacobians > 0) == given
    from_start = solve_lsoda(stiff_linear, (0.0, 2.0), [1.0, 0.5], state_names=("a", "b"),
                             t_eval=[0.0, 1.0, 2.0], jac=jac)
    assert from_start.a[0] == 1.0 and from_start.b[0] == 0.5
    np.testing.assert_allclose(from_start.b[1:], stiff_linear_exact(np.array([1.0, 2.0]),
                                                                    (1.0, 0.5))[1], rtol=1e-6)


def test_lsoda_from_its_own_loop_passes_args_to_rhs_and_jac_and_keeps_max_step():
    """args reach rhs and jac (decay at rate 3 ends at exp(-3)); max_step bounds the steps:
    at least (t1 - t0) / max_step evaluations."""
    run = solve_lsoda(decay, (0.0, 1.0), [1.0], (3.0,), state_names=("x",), t_eval=[1.0],
                      rtol=1e-9, atol=1e-12, jac=lambda t, x, rate: np.array([[-rate]]))
    assert run.x[-1] == pytest.approx(np.exp(-3.0), rel=1e-6)
    bounded = solve_lsoda(decay, (0.0, 1.0), [1.0], (3.0,), state_names=("x",),
                          t_eval=[1.0], max_step=1e-3)
    assert bounded.evaluations >= 1000 > run.evaluations


def test_lsoda_from_its_own_loop_that_crawls_stops_with_where():
    """x' = -sign(x) jumps at x = 0, reached at t = 1: past its budget of evaluations the
    run stops with a SimulationError that says it crawled and where; within it, the run is
    untouched."""
    def sliding(t, x):
        return -np.sign(x)

    with pytest.raises(SimulationError, match=r"crawled: 2000 evaluations .* t = 1(\.0+)? s"):
        solve_lsoda(sliding, (0.0, 3.0), [1.0], state_names=("x",), t_eval=[1.5, 3.0],
                    max_evaluations=2000)
    run = solve_lsoda(sliding, (0.0, 0.9), [1.0], state_names=("x",), t_eval=[0.9],
                      max_evaluations=2000)
    assert run.x[-1] == pytest.approx(0.1)


def test_lsoda_from_its_own_loop_past_its_budget_over_many_samples_says_when():
    """Steps bounded to 10 ms over 10 s: about 100 evaluations between samples, each
    interval within a budget of 300, the run far past it: it stops, naming the time the
    budget ran out (the third or fourth second)."""
    with pytest.raises(SimulationError, match=r"crawled: 300 evaluations .* t = [234]\."):
        solve_lsoda(decay, (0.0, 10.0), [1.0], state_names=("x",),
                    t_eval=np.linspace(1.0, 10.0, 10), max_step=0.01, max_evaluations=300)


def test_lsoda_from_its_own_loop_reports_a_failure_with_its_time():
    """A rhs that turns NaN after t = 0.5 s ends in a SimulationError naming the state and
    the first sample that is NaN, 0.5 s (interpolated from a step past it) or 0.6 s, with
    the usual advice."""
    def broken(t, x):
        return np.full_like(x, np.nan) if t > 0.5 else -x

    with pytest.raises(SimulationError, match=r"non-finite \(x\) at t = 0\.[56] s.*Advice"):
        solve_lsoda(broken, (0.0, 2.0), [1.0], state_names=("x",),
                    t_eval=np.linspace(0.1, 2.0, 20))


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"t_eval": []}, "t_eval"),
    ({"t_eval": [0.5, 0.5]}, "t_eval"),
    ({"t_eval": [0.5, 2.0]}, "t_eval"),
    ({"t_eval": [1.0], "jac": np.eye(1)}, "jac"),
    ({"t_eval": [1.0], "rtol": 0.0}, "rtol"),
    ({"t_eval": [1.0], "max_step": -1.0}, "max_step"),
    ({"t_eval": [1.0], "max_evaluations": 0}, "max_evaluations"),
    ({"t_eval": [1.0], "t_span": (1.0, 0.0)}, "t_span"),
    ({"t_eval": [1.0], "state_names": ("x", "y")}, "state_names"),
])
def test_lsoda_from_its_own_loop_rejects_bad_input_by_name(kwargs, match):
    options = {"t_span": (0.0, 1.0), "state_names": ("x",), **kwargs}
    t_span = options.pop("t_span")
    with pytest.raises(ParameterError, match=match):
        solve_lsoda(decay, t_span, [1.0], **options)


def van_der_pol(t, x, mu=500.0):
    """A stiff Van der Pol oscillator: slow drifts and fast jumps, Newton's work varies."""
    return np.array([x[1], mu * (1.0 - x[0] ** 2) * x[1] - x[0]])


@pytest.mark.parametrize("method", ["Radau", "BDF"])
@pytest.mark.parametrize("problem", ["van der pol", "stiff linear with its jacobian",
                                     "complex-free three states"])
def test_the_implicit_solvers_are_scipys_bit_for_bit(method, problem):
    """solve hands solve_ivp scipy's Radau and BDF with LAPACK's LU called directly: the
    same steps, states, evaluations, Jacobians and factorisations as scipy's own classes,
    bit for bit."""
    from scipy.integrate import solve_ivp
    if problem == "van der pol":
        rhs, x0, span, jac = van_der_pol, [2.0, 0.0], (0.0, 800.0), None
    elif problem == "stiff linear with its jacobian":
        rhs, x0, span, jac = stiff_linear, [1.0, 0.5], (0.0, 2.0), (lambda t, x: STIFF)
    else:
        matrix = np.array([[-1.0, 2.0, 0.0], [-2.0, -1.0, 0.0], [0.0, 0.0, -1e4]])
        rhs, x0, span, jac = (lambda t, x: matrix @ x), [1.0, 0.0, 1.0], (0.0, 3.0), None
    names = tuple("xyz"[:len(x0)])
    ours = solve(rhs, span, x0, state_names=names, method=method, rtol=1e-6, atol=1e-9,
                 jac=jac)
    theirs = solve_ivp(rhs, span, x0, method=method, rtol=1e-6, atol=1e-9,
                       **({} if jac is None else {"jac": jac}))
    assert theirs.success and theirs.nlu > 0
    np.testing.assert_array_equal(ours.t, theirs.t)
    np.testing.assert_array_equal(ours.stack(*names), theirs.y)
    assert ours.evaluations == theirs.nfev
    if jac is not None:
        assert ours.jacobians == theirs.njev


def test_atol_may_be_given_for_each_state():
    """atol for each state is solve_ivp's: a speed held a thousand times looser than the
    position takes fewer steps than one tolerance for both, and stays within its own."""
    def oscillator(t, x):
        return np.array([x[1], -1e4 * x[0] - 20.0 * x[1]])

    shared = solve(oscillator, (0.0, 1.0), [1e-3, 0.0], state_names=("z", "w"),
                   method="Radau", rtol=1e-4, atol=1e-7)
    apart = solve(oscillator, (0.0, 1.0), [1e-3, 0.0], state_names=("z", "w"),
                  method="Radau", rtol=1e-4, atol=[1e-7, 1e-4])
    assert apart.t.size < shared.t.size
    from scipy.integrate import solve_ivp
    theirs = solve_ivp(oscillator, (0.0, 1.0), [1e-3, 0.0], method="Radau", rtol=1e-4,
                       atol=[1e-7, 1e-4])
    np.testing.assert_array_equal(apart.t, theirs.t)
    lsoda = solve_lsoda(oscillator, (0.0, 1.0), [1e-3, 0.0], state_names=("z", "w"),
                        t_eval=[0.5, 1.0], rtol=1e-4, atol=(1e-7, 1e-4))
    assert lsoda.z.size == 2


@pytest.mark.parametrize("atol", [[1e-9], [1e-9, 1e-9, 1e-9], [1e-9, 0.0], [1e-9, np.nan],
                                  [[1e-9, 1e-9]], "1e-9", [1e-9, "x"]])
@pytest.mark.parametrize("integrator", ["solve", "solve_lsoda"])
def test_atol_for_each_state_is_checked_by_name(atol, integrator):
    """One tolerance per state, each positive and finite; anything else names atol."""
    def oscillator(t, x):
        return np.array([x[1], -x[0]])

    with pytest.raises(ParameterError, match="atol"):
        if integrator == "solve":
            solve(oscillator, (0.0, 1.0), [1.0, 0.0], state_names=("z", "w"), atol=atol)
        else:
            solve_lsoda(oscillator, (0.0, 1.0), [1.0, 0.0], state_names=("z", "w"),
                        t_eval=[1.0], atol=atol)
