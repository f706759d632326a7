"""Figures of the book: interactive figures that also render statically, animations, drawings.

Two helpers carry every chapter's interactive material:

* :class:`InteractiveFigure` (made with :func:`interactive_figure`) draws a matplotlib figure
  from slider values. In a running notebook it shows the sliders and redraws the figure when
  one moves. In the rendered book, where no kernel runs, the same output shows the figure at
  the default slider values as a plain image, with a caption listing those values.
* :func:`animation` turns a per-frame drawing function into a matplotlib ``jshtml``
  animation: a self-contained player that works in the static page, offline.
"""

from __future__ import annotations

import base64
import html
import io
import re
import weakref
from collections.abc import Callable, Mapping

import matplotlib
import numpy as np
import PIL.Image
from matplotlib.animation import FuncAnimation
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Polygon

from robodyn.errors import ParameterError
from robodyn.params import check_positive

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"

#: Button icons of matplotlib's jshtml player, which it takes from a web font on a CDN,
#: replaced by plain characters so the player works offline.
PLAYER_ICONS = {
    "fa fa-minus": "&minus;",
    "fa fa-fast-backward": "|&#9664;&#9664;",
    "fa fa-step-backward": "&#9664;|",
    "fa fa-play fa-flip-horizontal": "&#9664;",
    "fa fa-pause": "||",
    "fa fa-play": "&#9654;",
    "fa fa-step-forward": "|&#9654;",
    "fa fa-fast-forward": "&#9654;&#9654;|",
    "fa fa-plus": "+",
}


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


def animation(
    fig: Figure, draw_frame: Callable[[int], None], n_frames: int, *, interval_ms: float = 50.0
):
    """Return a self-contained HTML5/JavaScript (``jshtml``) animation of ``fig``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to animate; it is closed afterwards so it is not shown twice.
    draw_frame : callable
        ``draw_frame(i)`` updates the artists of ``fig`` for frame ``i`` (0 <= i < n_frames).
    n_frames : int
        Number of frames (>= 1); each is embedded as an image, so keep it below a few hundred.
    interval_ms : float
        Time between frames in milliseconds.

    Returns
    -------
    IPython.display.HTML
        The player: play, pause, step and a frame slider, with no kernel and no internet.
    """
    from IPython.display import HTML

    if isinstance(n_frames, bool) or not isinstance(n_frames, (int, np.integer)) or n_frames < 1:
        raise ParameterError(f"n_frames must be an integer >= 1, got {n_frames!r}")
    check_positive("interval_ms", interval_ms, "ms")
    player = FuncAnimation(
        fig, draw_frame, frames=int(n_frames), interval=interval_ms, blit=False, repeat=True
    )
    with matplotlib.rc_context({"animation.embed_limit": 60.0}):
        markup = player.to_jshtml(default_mode="loop")
    markup = offline_player(markup)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return HTML(markup)


def offline_player(markup: str) -> str:
    """Remove the web-font stylesheet of a jshtml player and draw its icons as characters."""
    markup = re.sub(r"<link[^>]*font-awesome[^>]*>\n?", "", markup)
    for icon, text in PLAYER_ICONS.items():
        markup = markup.replace(f'<i class="{icon}"></i>', text)
    if "http://" in markup or "https://" in markup or 'class="fa ' in markup:
        raise RuntimeError("the animation player still needs the internet; update PLAYER_ICONS")
    return markup


def diffdrive_outline(length: float, width: float) -> np.ndarray:
    """Outline of a D-shaped robot body in body coordinates, shape (2, n), metres.

    The axle midpoint is the origin, x points forward: a half disc of radius ``width / 2``
    behind the axle and a rectangle ahead of it, with the flat front edge at
    ``length - width / 2``.
    """
    half = width / 2.0
    arc = np.linspace(np.pi / 2.0, 3.0 * np.pi / 2.0, 25)
    front = length - half
    xs = np.concatenate([[front], half * np.cos(arc), [front]])
    ys = np.concatenate([[half], half * np.sin(arc), [-half]])
    return np.vstack([xs, ys])


def draw_diffdrive(ax, pose, params, *, color: str = "tab:blue", alpha: float = 0.35):
    """Draw the D-shaped differential-drive robot at ``pose = (x, y, theta)`` on ``ax``.

    Body size, wheel radius and track width come from ``params``
    (:class:`robodyn.diffdrive.DiffDriveParams`). Returns the list of patches drawn, so an
    animation can move them with :func:`place_diffdrive`.
    """
    patches = [
        Polygon(np.zeros((3, 2)), closed=True, facecolor=color, edgecolor="k", alpha=alpha),
        Polygon(np.zeros((4, 2)), closed=True, facecolor="k"),
        Polygon(np.zeros((4, 2)), closed=True, facecolor="k"),
        Polygon(np.zeros((3, 2)), closed=True, facecolor="k"),
    ]
    for patch in patches:
        ax.add_patch(patch)
    place_diffdrive(patches, pose, params)
    return patches


def place_diffdrive(patches, pose, params) -> None:
    """Move the patches made by :func:`draw_diffdrive` to a new pose."""
    x, y, theta = (float(value) for value in pose)
    rotation = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    radius, half_track = params.wheel_radius, params.track_width / 2.0
    wheel_width = 0.25 * radius
    body = diffdrive_outline(params.body_length, params.body_width)
    wheel = np.array([[-radius, radius, radius, -radius], [-1, -1, 1, 1]], dtype=float)
    wheel[1] *= wheel_width / 2.0
    arrow_tip = 0.8 * (params.body_length - params.body_width / 2.0)
    arrow = np.array([[0.0, arrow_tip, 0.0], [0.3 * half_track, 0.0, -0.3 * half_track]])
    shapes = [
        body,
        wheel + np.array([[0.0], [half_track]]),
        wheel + np.array([[0.0], [-half_track]]),
        arrow,
    ]
    for patch, shape in zip(patches, shapes, strict=True):
        world = rotation @ shape + np.array([[x], [y]])
        patch.set_xy(world.T)


__all__ = [
    "InteractiveFigure",
    "animation",
    "diffdrive_outline",
    "draw_diffdrive",
    "figure_png",
    "interactive_figure",
    "place_diffdrive",
]
