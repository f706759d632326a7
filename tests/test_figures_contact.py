"""The contact chapter's figures: the drop explorer, the slip-to-roll explorer, solver effort."""

import numpy as np
import pytest

from robodyn import contact
from robodyn.figures import contact as figures


def test_the_drop_explorer_shows_the_run_it_draws():
    figure = figures.drop_explorer()
    figure.update(log_k=3.0, zeta=0.5, method="BDF")
    run, bounce = figures._drop(3.0, 0.5, "BDF")
    deepest, at_rest, shown_bounce = figure.view.numbers.get_text().split("\n")
    assert at_rest == f"{9.81 / 1e3 * 1e3:.3f}"                      # at rest: m g / k, mm
    assert float(deepest) == pytest.approx(-run.z.min() * 1e3, abs=0.005)
    assert float(shown_bounce) == pytest.approx(bounce * 1e3, abs=0.05)
    assert figure.view.effort.get_text().split("\n")[:2] == ["BDF", str(run.evaluations)]
    assert 0 < bounce < 0.5 * contact.restitution_linear(0.5) ** 2 * 1.05


def pixels_off(run, exact, seconds_per_px, metres_per_px):
    """How far the worst sample of ``run`` lies from the ``exact`` curve, in pixels: the
    least height difference to the exact curve within a pixel of time either side."""
    low = np.searchsorted(exact.t, run.t - seconds_per_px)
    high = np.searchsorted(exact.t, run.t + seconds_per_px)
    return max(np.abs(exact.z[a:b] - z).min() for a, b, z in zip(low, high, run.z, strict=True)
               ) / metres_per_px


@pytest.mark.parametrize(("log_k", "zeta"), [(3.0, 0.02), (3.25, 0.06), (3.25, 0.1),
                                             (4.0, 0.3), (4.5, 0.02), (4.75, 0.06),
                                             (5.0, 0.02), (5.0, 1.5)])
def test_the_drop_explorer_draws_every_solver_within_a_pixel_or_so(log_k, zeta):
    """The explorer's loose tolerances (height and speed apart) cost no more than the
    picture shows: every sample of its curve lies within a pixel of a run at tolerances
    a million times tighter (Radau, LSODA, BDF), RK45's within a pixel and a half (at the
    same tolerances it drifts more over many bounces, as it did with one tolerance for both
    states)."""
    figure = figures.drop_explorer()
    ax = figure.view.ax
    box = ax.get_window_extent()
    (t_low, t_high), (z_low, z_high) = ax.get_xlim(), ax.get_ylim()
    seconds_per_px = (t_high - t_low) / box.width
    metres_per_px = (z_high - z_low) * 1e-3 / box.height
    k = 10.0**log_k
    exact = contact.drop(mass=figures.BALL.mass, height=figures.BALL.height, k=k,
                         c=contact.damping_for_ratio(k, figures.BALL.mass, zeta),
                         t_end=figures.DROP_TIME, rtol=1e-10, atol=1e-13, flights="exact",
                         samples=20_001)
    for method in figures.SOLVERS:
        run, _ = figures._drop(log_k, zeta, method)
        allowed = 1.5 if method == "RK45" else 1.0
        assert pixels_off(run, exact, seconds_per_px, metres_per_px) < allowed, method


def test_the_drop_explorer_recalls_a_value_it_has_shown():
    figures._drop.cache_clear()
    first = figures._drop(4.0, 0.3, "RK45")
    assert figures._drop(4.0, 0.3, "RK45") is first


def test_the_slip_roll_explorer_reports_the_closed_form():
    figure = figures.slip_roll_explorer()
    figure.update(mu_k=0.5, omega0=-20.0, kappa=1.0)
    text = figure.view.text.get_text()
    # a ring spinning at 20 rad/s ends at half its rim speed, 0.36 m/s
    assert "closed form 0.360 m/s" in text


@pytest.mark.parametrize("mu_k, omega0, kappa", [(0.2, -40.0, 0.1), (0.5, -20.0, 1.0),
                                                  (1.2, 40.0, 0.5), (0.8, 6.0, 0.1)])
def test_the_slip_roll_explorer_draws_the_chapter_s_run(mu_k, omega0, kappa):
    """The explorer's faster solver (LSODA, looser tolerances) draws the speeds of the
    chapter's run (Radau at 1e-6) within 0.05 mm/s, at the sliders' corners."""
    figure = figures.slip_roll_explorer()
    figure.update(mu_k=mu_k, omega0=omega0, kappa=kappa)
    truth = contact.spinning_wheel(inertia_ratio=kappa, omega0=omega0, mu_s=1.2 * mu_k,
                                   mu_k=mu_k, t_end=figure.view.t_end, samples=300)
    t, vx = figure.view.forward.get_data()
    _, rim = figure.view.rim.get_data()
    assert np.array_equal(t, truth.t)
    assert np.max(np.abs(vx - truth.vx)) < 5e-5
    assert np.max(np.abs(rim + truth.omega * truth.radius)) < 5e-5


def test_solver_effort_has_one_row_per_method_and_stiffness():
    effort = figures.solver_effort([1e4, 1e6], methods=("RK45", "LSODA"), t_end=0.5)
    assert set(effort) == {"RK45", "LSODA"}
    for calls, wall in effort.values():
        assert calls.shape == (2,) and wall.shape == (2,)
        assert np.all(calls > 0) and np.all(wall > 0)


def test_the_wheel_animation_is_an_offline_player():
    run = contact.spinning_wheel(omega0=-30.0, t_end=0.05, samples=50)
    markup = figures.wheel_animation(run, n_frames=4).data
    assert "data:image" in markup or "<img" in markup
    assert "http://" not in markup and "https://" not in markup


def test_rigid_against_penalty_rows_hold_what_each_model_promises():
    """Rigid: no penetration, no creep, the scheme's stop distance; penalty: m g / k at rest,
    creep at v_crit F / (mu m g), the rigid stop distance v0^2 / (2 mu g)."""
    from robodyn.contact import timestepping

    rows = figures.rigid_against_penalty(k=1e5, methods=("Radau",))
    assert list(rows) == ["penalty, Radau, k 1e5", "rigid, h = 1 ms"]
    penalty, rigid = rows.values()
    assert rigid["deepest"] == 0.0 and rigid["resting"] == 0.0 and rigid["creep"] == 0.0
    assert rigid["stop"] == pytest.approx(timestepping.stop_distance_discrete(1.0, 0.5, 1e-3))
    assert rigid["apex"] == pytest.approx(0.125, abs=1e-3 * np.sqrt(2 * contact.G * 0.5))
    assert penalty["resting"] == pytest.approx(contact.G / 1e5, rel=0.05)
    assert penalty["creep"] == pytest.approx(1e-3 * 0.4 * 1.0, rel=0.01)
    assert penalty["stop"] == pytest.approx(1.0 / (2 * 0.5 * contact.G), rel=1e-3)
    assert penalty["deepest"] > 10 * penalty["resting"]
    assert figures.rigid_against_penalty(k=1e5, methods=("RK45",), rigid=False).keys() == {
        "penalty, RK45, k 1e5"}


def test_the_explorer_s_rk45_bounces_higher_as_the_chapter_says():
    """Chapter 3's "Try:" list: at 1e5 N/m and zeta 0.02 the explorer's RK45 bounce is about
    3 mm higher than Radau's and BDF's 441.0 mm; a run at tight tolerances gives 440.9 mm."""
    bounces = {method: figures._drop(5.0, 0.02, method)[1] * 1e3 for method in figures.SOLVERS}
    assert round(bounces["Radau"], 1) == round(bounces["BDF"], 1) == 441.0
    assert 2.5 < bounces["RK45"] - bounces["Radau"] < 3.5
    k = 1e5
    exact = contact.drop(mass=figures.BALL.mass, height=figures.BALL.height, k=k,
                         c=contact.damping_for_ratio(k, figures.BALL.mass, 0.02),
                         t_end=figures.DROP_TIME, rtol=1e-11, atol=1e-13, flights="exact")
    rising = np.flatnonzero((exact.z > 0) & (exact.w > 0))[0]
    apex = exact.z[rising] + exact.w[rising] ** 2 / (2 * contact.G)
    assert round(apex * 1e3, 1) == 440.9


def test_the_penalty_drawing_labels_every_symbol_of_the_force_law():
    """The drawing names m, k, c, F, delta, delta-dot and z; the ball (radius 1) overlaps the
    floor's surface z = 0 by the depth, and the force arrow starts at its lowest point."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, FancyArrowPatch

    from robodyn.core.errors import ParameterError

    fig, ax = plt.subplots()
    figures.draw_penalty_contact(ax, depth=0.3)
    labels = {text.get_text() for text in ax.texts}
    for symbol in ("$m$", "$k$", "$c$", "$F$", r"$\delta$", r"$\dot\delta$", "$z$"):
        assert symbol in labels, symbol
    (ball,) = [patch for patch in ax.patches if isinstance(patch, Circle)]
    assert ball.center == pytest.approx((0.0, 0.7)) and ball.radius == 1.0
    lowest = ball.center[1] - ball.radius
    assert lowest == pytest.approx(-0.3)
    force = [patch for patch in ax.patches if isinstance(patch, FancyArrowPatch)
             and patch.get_edgecolor()[0] > 0.8]           # the red arrow
    start = force[0]._posA_posB[0]
    assert start == pytest.approx((0.0, lowest))
    with pytest.raises(ParameterError, match="depth"):
        figures.draw_penalty_contact(ax, depth=0.0)
    plt.close(fig)


def test_the_penalty_drawing_is_the_same_svg_at_every_build():
    """penalty_drawing gives byte-identical SVG twice."""
    first, second = figures.penalty_drawing(), figures.penalty_drawing()
    assert first.data.startswith("<svg") and first.data == second.data
