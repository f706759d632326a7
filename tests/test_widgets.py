"""Every widget of the book: each control answers, and the text reads well on the page.

The widgets are found, not listed: every module of :mod:`robodyn.figures` names its widgets
in ``WIDGETS``, each a function that makes the widget with its defaults. A new chapter's
widgets are toured here without a line of test code.
"""

import importlib
import io
import pkgutil

import numpy as np
import PIL.Image
import pytest

import robodyn.figures
import robodyn.plotting
from robodyn.plotting.interactive import (
    MIN_PHONE_TEXT_PX,
    MIN_TEXT_PX,
    PAGE_COLUMN_PX,
    PHONE_COLUMN_PX,
)


def book_widgets():
    """(id, make) of every widget the book's figure modules list in their WIDGETS."""
    found = []
    for info in pkgutil.iter_modules(robodyn.figures.__path__, "robodyn.figures."):
        module = importlib.import_module(info.name)
        for make in getattr(module, "WIDGETS", ()):
            found.append(pytest.param(make, id=f"{info.name.rsplit('.', 1)[-1]}.{make.__name__}"))
    return found


WIDGETS = book_widgets()



def tour_values(control) -> list:
    """The values a tour moves ``control`` to: its limits, every option, the other state."""
    if getattr(control, "options", None):
        return [option[1] if isinstance(option, tuple) else option for option in control.options]
    if isinstance(control.value, bool):
        return [not control.value]
    return [control.min, control.max]


def test_the_book_has_widgets():
    """The figure modules list the chapters' widgets (so the tours below are not empty)."""
    assert {param.id for param in WIDGETS} >= {
        "diffdrive.velocity_explorer", "diffdrive.follower_explorer", "arm.torque_explorer"
    }


@pytest.fixture(scope="module", params=WIDGETS)
def widget(request):
    """Each widget made once with its defaults, for both tests below (some precompute a grid
    of simulations when made): the text is measured first, then the controls are toured."""
    return request.param()


def test_widget_text_is_readable_on_the_page(widget):
    """Every text of the figure at its defaults is at least MIN_TEXT_PX high on the page at a
    desktop's column, and at least MIN_PHONE_TEXT_PX on a phone's."""
    figure = widget
    assert PIL.Image.open(io.BytesIO(figure.static_png)).width == (
        figure.figure.get_figwidth() * figure.dpi
    )
    height, text = figure.smallest_text_px(PAGE_COLUMN_PX)
    assert height >= MIN_TEXT_PX, f"{text!r} is {height:.1f} px high on the page"
    height, text = figure.smallest_text_px(PHONE_COLUMN_PX)
    assert height >= MIN_PHONE_TEXT_PX, f"{text!r} is {height:.1f} px high on a phone"


def test_every_control_to_its_limits_and_back(widget):
    """Each control to each limit redraws without error and changes the image; defaults return."""
    figure = widget
    default_png = bytes(figure.static_png)
    for name, control in figure.controls.items():
        default = control.value
        tour = [*tour_values(control), default]
        for value in [v for i, v in enumerate(tour) if v != (tour[i - 1] if i else default)]:
            before = bytes(figure.image.value)
            figure.update(**{name: value})
            assert figure.error.value == "", (name, value, figure.error.value)
            assert bytes(figure.image.value) != before, f"moving {name!r} to {value!r}"
        assert bytes(figure.image.value) == default_png, f"{name!r} back at its default"


def test_the_attitude_explorers_numbers_drawn_in_two_parts_look_like_one_text():
    """The egg's attitude explorer draws its numbers' labels, units and box once and only the
    values on a move: the image is, pixel for pixel, that of one text redrawn whole."""
    from robodyn.figures import egg

    class OneText(egg.AttitudeExplorer):
        """The numbers as one boxed text, redrawn whole on every move."""

        def setup(self, fig):
            super().setup(fig)
            self.frame.set_visible(False)
            self.readout.set_bbox({"facecolor": "white", "edgecolor": "0.7", "alpha": 0.9})

        def update(self, **values):
            artists = super().update(**values)
            self.readout.set_text(self.text.get_text())
            return artists

    split = egg.attitude_explorer()
    whole = robodyn.plotting.interactive_figure(
        OneText(), {name: type(control)(value=control.value, min=control.min, max=control.max,
                                        step=control.step)
                    for name, control in split.controls.items()}, figsize=(5.25, 6.0))
    for values in [{}, {"tilt_deg": 0.0}, {"tilt_deg": 89.0, "spin_deg": -95.0},
                   {"tilt_deg": 91.0, "elongation": 1.8}, {"tilt_deg": 180.0, "spin_deg": 175.0}]:
        split.update(**values)
        whole.update(**values)
        assert "mm" in split.view.text.get_text()
        pixels = [np.asarray(PIL.Image.open(io.BytesIO(bytes(f.image.value))))
                  for f in (split, whole)]
        np.testing.assert_array_equal(*pixels, err_msg=str(values))
