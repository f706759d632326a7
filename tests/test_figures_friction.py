"""The friction chapter's figures: the fit explorer's band and the stick-slip animation."""

import numpy as np
import pytest
import statsmodels.api as sm

from robodyn import friction
from robodyn.core.integrate import SimulationResult
from robodyn.figures import friction as figures


def test_the_band_is_the_confidence_interval_of_the_mean_curve():
    """Against statsmodels' prediction intervals of the mean (a second implementation)."""
    v, f = figures.synthetic_experiment(24, 2.0, 0.05, seed=3)
    fit = friction.fit_coulomb_viscous(v, f)
    grid = np.array([-1.7, -0.3, 0.2, 1.1, 2.5])
    low, high = figures.confidence_band(fit, grid)
    design = np.column_stack([-np.sign(v), -v])
    prediction = sm.OLS(f, design).fit().get_prediction(
        np.column_stack([-np.sign(grid), -grid]))
    expected = prediction.conf_int(alpha=0.05)
    np.testing.assert_allclose(low, expected[:, 0], rtol=1e-9)
    np.testing.assert_allclose(high, expected[:, 1], rtol=1e-9)


def test_the_band_narrows_with_more_samples():
    def width(n):
        v, f = figures.synthetic_experiment(n, 2.0, 0.05, seed=3)
        low, high = figures.confidence_band(friction.fit_coulomb_viscous(v, f),
                                            np.array([1.0]))
        return float(high[0] - low[0])

    assert width(200) < width(20) / 2.5


def test_the_explorer_reports_the_fit_it_draws():
    view = figures.FitExplorer()
    figure = figures.fit_explorer()
    figure.update(noise=0.1, n_samples=40, v_max=1.5)
    v, f = figures.synthetic_experiment(40, 1.5, 0.1, seed=view.seed)
    fit = friction.fit_coulomb_viscous(v, f)
    assert f"Fc {fit['Fc']:.3f}" in figure.view.text.get_text()


def test_the_stick_slip_animation_is_an_offline_player():
    block = friction.SlidingBlock(Fc=2.0, Fs=3.0, stiffness=50.0, dv=1e-4)
    run = friction.simulate_block(block, lambda t: 0.0, 0.5, dt=1e-4, model="karnopp",
                                  surface_speed=0.2)
    markup = figures.stick_slip_animation(block, run, 0.2, n_frames=4).data
    assert "data:image" in markup or "<img" in markup
    assert "http://" not in markup and "https://" not in markup


def test_the_stick_slip_animation_fits_a_phone():
    """Its frames are at most FIGURE_INCHES wide, so its 10-point text stays legible."""
    import base64
    import io
    import re

    import matplotlib.pyplot as plt
    from PIL import Image

    from robodyn.plotting.animation import FRAME_DENSITY
    from robodyn.plotting.interactive import FIGURE_INCHES

    block = friction.SlidingBlock(Fc=2.0, Fs=3.0, stiffness=50.0, dv=1e-4)
    run = friction.simulate_block(block, lambda t: 0.0, 0.5, dt=1e-4, model="karnopp",
                                  surface_speed=0.2)
    markup = figures.stick_slip_animation(block, run, 0.2, n_frames=2).data
    frame = re.search(r"data:image/webp;base64,([A-Za-z0-9+/=\\\n]+)", markup).group(1)
    image = Image.open(io.BytesIO(base64.b64decode(frame.replace("\\\n", ""))))
    shown = int(re.search(r'<img id="_anim_img\w+" [^>]*style="width: (\d+)px', markup).group(1))
    assert shown <= FIGURE_INCHES * plt.rcParams["figure.dpi"]
    assert image.width == FRAME_DENSITY * shown        # sharp on a high-resolution screen


@pytest.mark.parametrize("samples", [10, 100_000])
def test_the_phase_portrait_draws_at_most_8000_points(samples):
    """It keeps every k-th sample, k = n // 4000: 4000 to 8000 points for long runs."""
    import matplotlib.pyplot as plt

    t = np.linspace(0, 1, samples)
    run = SimulationResult(t=t, columns={"x": np.sin(t), "v": np.cos(t)})
    fig, ax = plt.subplots()
    figures.draw_phase_portrait(ax, run, 0.2)
    assert len(ax.lines[0].get_xdata()) <= 8000
    plt.close(fig)


@pytest.mark.parametrize("angle", [0.0, np.radians(35.0)])
def test_the_block_drawing_names_its_forces_and_draws_them_as_the_equations_say(angle):
    """The block on the floor or the board carries N, F, mg, v (and F_a or theta and the
    weight's parts); N is across the board, F along it against v, mg straight down, and on the
    board mg sin + mg cos add up to mg, N = mg cos theta and F = mg sin theta."""
    import matplotlib.pyplot as plt

    from robodyn.core.errors import ParameterError

    fig, ax = plt.subplots()
    arrows = figures.draw_block(ax, angle)
    labels = {text.get_text() for text in ax.texts}
    extra = ("$F_a$",) if angle == 0.0 else (r"$\theta$", r"$mg\sin\theta$",
                                             r"$mg\cos\theta$")
    for symbol in ("$N$", "$F$", "$mg$", "$v$") + extra:
        assert symbol in labels, symbol
    vec = {name: end - start for name, (start, end) in arrows.items()}
    along = np.array([np.cos(angle), -np.sin(angle)])
    weight = np.linalg.norm(vec["mg"])
    assert vec["mg"] / weight == pytest.approx([0.0, -1.0])
    assert vec["N"] @ along == pytest.approx(0.0, abs=1e-12)
    assert np.linalg.norm(vec["N"]) == pytest.approx(weight * np.cos(angle))
    assert vec["v"] / np.linalg.norm(vec["v"]) == pytest.approx(along)
    assert vec["F"] / np.linalg.norm(vec["F"]) == pytest.approx(-along)
    if angle == 0.0:
        assert vec["F_a"] / np.linalg.norm(vec["F_a"]) == pytest.approx(along)
    else:
        assert vec["mg sin"] + vec["mg cos"] == pytest.approx(vec["mg"])
        assert np.linalg.norm(vec["F"]) == pytest.approx(weight * np.sin(angle))
    with pytest.raises(ParameterError, match="board_angle"):
        figures.draw_block(ax, np.pi / 2)
    plt.close(fig)


def test_the_block_drawing_is_the_same_svg_at_every_build():
    """block_drawing gives byte-identical SVG twice (the execution cache and the page keep it)."""
    first, second = figures.block_drawing(0.6), figures.block_drawing(0.6)
    assert first.data.startswith("<svg") and first.data == second.data
