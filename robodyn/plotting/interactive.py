"""Interactive figures: sliders in a running notebook, a static image in the rendered book.

:class:`InteractiveFigure` (made with :func:`interactive_figure`) draws a matplotlib figure
from control values. In a running notebook it shows the controls and redraws the figure when
one moves. In the rendered book, where no kernel runs, the same output shows the figure at
the default values as a plain image, with a caption listing those values.
"""

from __future__ import annotations

import base64
import html
import io
import weakref
from collections.abc import Mapping

import numpy as np
import PIL.Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from robodyn.errors import ParameterError
from robodyn.params import check_positive

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def figure_png(fig: Figure, dpi: float = 96.0) -> bytes:
    """Render ``fig`` to PNG bytes with the Agg renderer."""
    if fig.canvas is None or not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def rgba_png(canvas: FigureCanvasAgg, compress_level: int = 1) -> bytes:
    """Encode what ``canvas`` shows now as PNG bytes, without drawing it again."""
    width, height = canvas.get_width_height(physical=True)
    pixels = PIL.Image.frombuffer(
        "RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1
    )
    buffer = io.BytesIO()
    pixels.save(buffer, format="png", compress_level=compress_level)
    return buffer.getvalue()


def _format_value(control) -> str:
    value = control.value
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        return str(value)
    readout = getattr(control, "readout_format", None)
    if readout:
        try:
            return format(value, readout)
        except (TypeError, ValueError):
            pass
    return f"{value:g}"


class InteractiveFigure:
    """A figure drawn from control values: sliders when live, a static image when rendered.

    Parameters
    ----------
    draw : callable or view object
        Either a function ``draw(fig, **values)`` that draws into the empty
        :class:`matplotlib.figure.Figure` ``fig`` (simple; the whole figure is redrawn on every
        change), or a *view*: an object with ``setup(fig)``, which draws what never changes
        (axes, limits, labels, legends) and creates the changing artists, and
        ``update(**values)``, which changes those artists and returns them as a list. A view
        answers a slider several times faster: axes, ticks and labels are rendered once and
        reused (blitting), and only the returned artists are drawn again.
        ``values`` holds one entry per control, by name.
    controls : mapping of str to ipywidgets value widgets
        The sliders (or dropdowns, checkboxes); their values when the figure is made are the
        defaults, shown in the static figure.
    figsize : (float, float)
        Figure size in inches.
    dpi : float
        Resolution of the rendered image, dots per inch.
    alt : str
        Text alternative of the static image, for screen readers.

    Notes
    -----
    The live view shows the figure as an ``ipywidgets.Image`` whose PNG is replaced on every
    change; a ``draw`` or ``update`` that raises shows its message under the figure instead of
    failing silently in the widget log. The static view is the output's ``text/html``
    fallback, selected by the book build, which drops the widget MIME type (``_config.yml``).
    A view's ``update`` must only change artists made in ``setup`` and return all of them,
    and the axes limits must not depend on the values (they are part of the reused
    background).
    """

    _live: weakref.WeakSet = weakref.WeakSet()

    def __init__(
        self,
        draw,
        controls: Mapping[str, object],
        *,
        figsize: tuple[float, float] = (8.0, 4.0),
        dpi: float = 96.0,
        alt: str = "",
    ):
        import ipywidgets as widgets

        is_view = hasattr(draw, "setup") and hasattr(draw, "update")
        if not is_view and not callable(draw):
            raise ParameterError(
                "draw must be a function draw(fig, **values) or a view with setup(fig) and "
                f"update(**values), got {draw!r}"
            )
        if not controls:
            raise ParameterError("controls must name at least one widget, got none")
        for name, control in controls.items():
            if not hasattr(control, "value") or not hasattr(control, "observe"):
                raise ParameterError(
                    f"controls[{name!r}] must be an ipywidgets value widget, got {control!r}"
                )
        self.view = draw if is_view else None
        self.draw = None if is_view else draw
        self.controls = dict(controls)
        self.dpi = check_positive("dpi", dpi, "dots per inch")
        self.alt = alt
        self.figure = Figure(figsize=figsize, dpi=self.dpi)
        FigureCanvasAgg(self.figure)
        self.image = widgets.Image(format="png")
        self.error = widgets.HTML("")
        if self.view is not None:
            self._background = self._render_background()
        self.redraw()
        self.static_png = self.image.value
        self.static_caption = self._caption()
        for control in self.controls.values():
            control.observe(self._on_change, names="value")
        self.widget = widgets.VBox(
            [widgets.VBox(list(self.controls.values())), self.image, self.error]
        )
        InteractiveFigure._live.add(self)

    @classmethod
    def live_figures(cls) -> list[InteractiveFigure]:
        """The interactive figures alive in this Python session (used by the notebook tests)."""
        return list(cls._live)

    def values(self) -> dict:
        """Current value of every control, by name."""
        return {name: control.value for name, control in self.controls.items()}

    def _render_background(self):
        """Draw the view's fixed parts once and keep the pixels (the changing artists hidden)."""
        self.view.setup(self.figure)
        for artist in self.view.update(**self.values()):
            artist.set_animated(True)  # left out of canvas.draw(), drawn by redraw()
        self.figure.canvas.draw()
        return self.figure.canvas.copy_from_bbox(self.figure.bbox)

    def _render(self) -> bytes:
        """PNG of the figure at the current values, the way of a draw function or a view."""
        if self.view is None:
            self.figure.clear()
            self.draw(self.figure, **self.values())
            return figure_png(self.figure, self.dpi)
        canvas = self.figure.canvas
        canvas.restore_region(self._background)
        for artist in self.view.update(**self.values()):
            self.figure.draw_artist(artist)
        return rgba_png(canvas)

    def redraw(self) -> None:
        """Draw the figure at the current control values and show it."""
        try:
            png = self._render()
        except Exception as error:  # shown to the reader, not swallowed
            self.error.value = (
                f'<pre style="color:#b00">{html.escape(type(error).__name__)}: '
                f"{html.escape(str(error))}</pre>"
            )
            raise
        self.error.value = ""
        self.image.value = png

    def update(self, **values) -> None:
        """Set some controls (by name) and redraw once, as a reader moving sliders would."""
        unknown = sorted(set(values) - set(self.controls))
        if unknown:
            raise ParameterError(
                f"unknown control(s) {unknown}; this figure has {sorted(self.controls)}"
            )
        for control in self.controls.values():
            control.unobserve(self._on_change, names="value")
        try:
            for name, value in values.items():
                self.controls[name].value = value
        finally:
            for control in self.controls.values():
                control.observe(self._on_change, names="value")
        self.redraw()

    def _on_change(self, _change) -> None:
        try:
            self.redraw()
        except Exception:  # the message is already shown under the figure
            pass

    def _caption(self) -> str:
        settings = ", ".join(
            f"{html.escape(getattr(c, 'description', '') or name)} {_format_value(c)}"
            for name, c in self.controls.items()
        )
        return (
            f"Shown at the default settings ({settings}). Run the notebook to move the sliders."
        )

    def static_html(self) -> str:
        """HTML of the figure at the default values, with a caption listing them."""
        encoded = base64.b64encode(self.static_png).decode("ascii")
        return (
            '<figure class="robodyn-static-figure">'
            f'<img src="data:image/png;base64,{encoded}" alt="{html.escape(self.alt)}"/>'
            f"<figcaption>{self.static_caption}</figcaption></figure>"
        )

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {
            WIDGET_VIEW_MIME: {
                "version_major": 2,
                "version_minor": 0,
                "model_id": self.widget.model_id,
            },
            "text/html": self.static_html(),
            "text/plain": f"Interactive figure with controls {sorted(self.controls)}",
        }


def interactive_figure(draw, controls, **options) -> InteractiveFigure:
    """Make an :class:`InteractiveFigure`; the one call a chapter needs per widget figure.

    End a notebook cell with it: the live notebook shows sliders and figure, the rendered book
    the figure at the default values.
    """
    return InteractiveFigure(draw, controls, **options)


__all__ = ["InteractiveFigure", "figure_png", "interactive_figure", "rgba_png"]
