"""Tests of robodyn.figures.stickslip: what the widgets show without a kernel."""

import matplotlib

matplotlib.use("Agg")

from robodyn.figures import stickslip as figures  # noqa: E402


def test_the_nelder_mead_explorer_shows_its_last_iteration_by_default():
    """The static figure is drawn at the slider's default, which is the final iteration: the
    result of the search, not its start."""
    explorer = figures.nelder_mead_explorer(iterations=12)
    slider = explorer.controls["iteration"]
    assert slider.value == slider.max == 11
    assert "iteration 11" in explorer.static_html()
