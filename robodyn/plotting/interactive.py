"""Interactive figures: sliders in a running notebook, a static image in the rendered book.

:class:`InteractiveFigure` (made with :func:`interactive_figure`) draws a matplotlib figure
from control values. In a running notebook it shows the controls and redraws the figure when
one moves. In the rendered book, where no kernel runs, the same output shows the figure at
the default values as a plain image, with a caption listing those values.

A moved slider is drawn on a background thread that always draws the newest values, so a
fast drag costs the redraw in progress and one more, not one redraw per slider message
(see :class:`_Redrawer`). What a redraw costs, after the view's own drawing, is kept small
(``benchmarks/widget_update.py`` times the kernel's round trip, ``benchmarks/
widget_browser.py`` the reader's wait in JupyterLab): text, the slowest artist to draw,
reuses the glyphs FreeType rendered before (:class:`_GlyphCache`, the same pixels), and the
PNG is encoded by :class:`PngBands`, which compresses only the rows that changed since the
last image, a third of them for a typical move (:func:`rgba_png` encodes a whole canvas,
about three times faster than Pillow's encoder for these figures).
"""

from __future__ import annotations

import base64
import html
import io
import math
import pickle
import struct
import threading
import time
import traceback
import weakref
import zlib
from collections.abc import Mapping
from contextlib import contextmanager
from pathlib import Path

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.figure import Figure
from matplotlib.ft2font import RenderMode
from matplotlib.text import Text

from robodyn.core.errors import ParameterError
from robodyn.core.params import check_positive

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: Width of the book's page column that a widget's static figure is shown in, CSS px:
#: measured in the built chapter at a 1280 px wide window (``benchmarks/page_text.py``).
#: A wider image is scaled down to it, and its text with it.
PAGE_COLUMN_PX = 672.0
#: The same on a phone, a 390 px wide window: the width a figure is shown at, CSS px.
PHONE_COLUMN_PX = 342.0
#: Smallest height of figure text on the page, CSS px, that the tests accept
#: (:func:`text_on_page`).
MIN_TEXT_PX = 11.0
#: The same on a phone (:data:`PHONE_COLUMN_PX`): about the smallest text a reader can read
#: there without zooming.
MIN_PHONE_TEXT_PX = 9.0
#: Widest figure of the book, inches, and smallest text in it, points. A figure wider than the
#: phone's column is scaled down to it, text and all: text of ``s`` points in a figure ``w``
#: inches wide ends up ``s / 72 * PHONE_COLUMN_PX / w`` px high, whatever the dpi, so
#: 10-point text needs ``w <= 5.25`` to stay above :data:`MIN_PHONE_TEXT_PX` (9.05 px). On a
#: desktop the figure is shown at its size, 504 px at 96 dpi, with 13.3 px text.
FIGURE_INCHES = 5.25
#: Pixels per CSS pixel of a widget's image in the rendered book (the live widget draws at 1:
#: it must answer a slider fast): twice, as the book's other figures (the inline backend's
#: "retina" PNGs), so that it stays sharp on a high-resolution screen and in print.
PAGE_DENSITY = 2
MIN_FONT_PT = 10.0


def figure_png(fig: Figure, dpi: float = 96.0) -> bytes:
    """Render ``fig`` to PNG bytes with the Agg renderer."""
    if fig.canvas is None or not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def _snapshot(fig: Figure) -> Figure:
    """A copy of ``fig`` as it stands, on a canvas of its own: drawing the copy at another
    resolution leaves the original's renderer, and the live widget's reused background, as
    they were."""
    return pickle.loads(pickle.dumps(fig))


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _up_filtered(rows: np.ndarray) -> np.ndarray:
    """PNG's scanlines of ``rows`` (uint8, one image row each) with the "Up" filter: each row
    its difference to the row above (one NumPy subtraction for the whole image)."""
    filtered = np.empty((rows.shape[0], rows.shape[1] + 1), dtype=np.uint8)
    filtered[:, 0] = 2  # filter type "Up"; above the first row PNG assumes zeros
    filtered[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])  # modulo 256, as PNG wants
    return filtered


def _png(width: int, height: int, zlib_stream: bytes) -> bytes:
    """A PNG file of 8-bit RGBA pixels from its zlib-compressed scanlines."""
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA
    return b"".join([PNG_SIGNATURE, _png_chunk(b"IHDR", header),
                     _png_chunk(b"IDAT", zlib_stream), _png_chunk(b"IEND", b"")])


def rgba_png(canvas: FigureCanvasAgg, compress_level: int = 1) -> bytes:
    """Encode what ``canvas`` shows now as PNG bytes (8-bit RGBA), without drawing it again.

    Every row is stored with PNG's "Up" filter, its difference to the row above (one NumPy
    subtraction for the whole image), then deflated by zlib at ``compress_level``. Pillow
    instead tries all five PNG filters on every row, which made encoding the largest part of
    a widget's update; the files are about as small.
    """
    width, height = canvas.get_width_height(physical=True)
    rows = np.asarray(canvas.buffer_rgba()).reshape(height, 4 * width)
    return _png(width, height, zlib.compress(_up_filtered(rows), compress_level))


_ADLER_BASE = 65521


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """Adler-32 of two byte strings one after the other from theirs (zlib's
    ``adler32_combine``, which Python's zlib does not offer)."""
    rem = second_length % _ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low + (first >> 16) + (second >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    low = (low + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    return (high << 16) | low


class PngBands:
    """PNG bytes of a canvas again and again, compressing only the rows that changed.

    A slider's move changes a part of a widget's figure (a third of the rows, typically), and
    deflating the whole image was the largest part of a redraw after the text. The image is
    cut into bands of ``BAND_ROWS`` rows, each deflated on its own (a zlib full flush between
    them: no band refers to another), and a band whose rows (and the row above it, which the
    "Up" filter reads) are those of the last image keeps its compressed bytes. The PNG is the
    same pixels as :func:`rgba_png`'s, a few per cent larger, and the same bytes for the same
    pixels, whatever the images before.
    """

    BAND_ROWS = 16

    def __init__(self, compress_level: int = 1):
        self.compress_level = compress_level
        self._pixels = None  # the last image, one uint32 a pixel
        self._bands: list[tuple[bytes, int, int]] = []  # deflated, adler32, length

    def encode(self, canvas: FigureCanvasAgg) -> bytes:
        """PNG bytes of what ``canvas`` shows now (8-bit RGBA), without drawing it again."""
        width, height = canvas.get_width_height(physical=True)
        rows = np.asarray(canvas.buffer_rgba()).reshape(height, 4 * width)
        pixels = rows.view(np.uint32)
        if self._pixels is None or self._pixels.shape != pixels.shape:
            changed, self._bands = np.ones(height, dtype=bool), []
        else:
            changed = (pixels != self._pixels).any(axis=1)
            changed[1:] |= changed[:-1].copy()  # the filtered row reads the row above
        self._pixels = pixels.copy()
        filtered = _up_filtered(rows)
        deflate = zlib.compressobj(self.compress_level, zlib.DEFLATED, -15)  # raw deflate
        bands, adler = [], 1
        for k, start in enumerate(range(0, height, self.BAND_ROWS)):
            stop = min(start + self.BAND_ROWS, height)
            if k < len(self._bands) and not changed[start:stop].any():
                band = self._bands[k]
            else:
                data = filtered[start:stop]
                band = (deflate.compress(data) + deflate.flush(zlib.Z_FULL_FLUSH),
                        zlib.adler32(data), data.nbytes)
            bands.append(band)
            adler = _adler32_combine(adler, band[1], band[2])
        self._bands = bands
        # zlib header (deflate, 32 kB window, fastest), the bands, an empty last block, Adler-32
        stream = b"".join([b"\x78\x01", *(band[0] for band in bands), b"\x03\x00",
                           adler.to_bytes(4, "big")])
        return _png(width, height, stream)


def text_on_page(fig: Figure, image_width_px: float, column_px: float = PAGE_COLUMN_PX):
    """Height on the page, CSS px, of every visible text of ``fig``, smallest first.

    ``fig`` is shown as an image ``image_width_px`` pixels wide in a column ``column_px`` wide:
    a wider image is scaled down to the column (CSS ``max-width: 100%``), a narrower one is
    shown at its size. A font of ``s`` points is ``s * dpi / 72`` image pixels high. Returns
    a list of (height, text) pairs; tick labels, legends, titles and annotations included.
    """
    scale = min(1.0, float(column_px) / float(image_width_px))
    heights = [
        (float(text.get_fontsize()) * float(fig.dpi) / 72.0 * scale, text.get_text())
        for text in fig.findobj(Text)
        if text.get_visible() and text.get_text().strip()
    ]
    return sorted(heights)


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


def _error_html(error: Exception) -> str:
    """The message of a failed redraw, with where it was raised, for under the figure."""
    where = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    place = "".join(f" (in {f.name}, {Path(f.filename).name} line {f.lineno})" for f in where)
    return (
        f'<pre style="color:#b00">{html.escape(type(error).__name__)}: '
        f"{html.escape(str(error))}{html.escape(place)}</pre>"
    )


#: One render at a time in this process, by the worker or by a synchronous update():
#: matplotlib is not thread-safe, and a stale value drawn late would overwrite a newer one.
_RENDER_LOCK = threading.RLock()


@contextmanager
def _unhinted_text():
    """Draw text without font hinting meanwhile: at the widgets' 96 dpi it looks the same
    (screenshots compared), and it draws in half the time (0.6 ms a line instead of 1.2 on
    a slow two-core machine; text is most of a redraw). Only ``text.hinting`` is set and
    put back, not the whole of rcParams as ``matplotlib.rc_context`` would, so a setting a
    notebook changes meanwhile is kept."""
    before = matplotlib.rcParams["text.hinting"]
    matplotlib.rcParams["text.hinting"] = "no_hinting"
    try:
        yield
    finally:
        matplotlib.rcParams["text.hinting"] = before


#: Glyph bitmaps rendered by FreeType for the widgets' canvases (:class:`_GlyphCache`), by
#: font, size, glyph, transform and position within a pixel; emptied when it holds this many.
GLYPH_CACHE_SIZE = 20_000
_GLYPHS: dict = {}


class _GlyphCache(RendererAgg):
    """Agg's renderer, with the bitmaps of the glyphs it draws kept for the next drawing.

    Text is most of a widget's redraw, and most of a text's time is FreeType rendering each
    glyph (``FT2Font._render_glyph``) for its place on the canvas, although the numbers a
    slider changes are made of a dozen glyphs. Where a glyph lands only matters within a
    pixel: moved by whole pixels, FreeType's bitmap is the same, moved. So each glyph is
    rendered once per font, size, transform and 1/64-pixel position within a pixel, and then
    drawn from the kept bitmap: the pixels are those of Agg's own text drawing, bit for bit
    (``tests/test_plotting.py`` compares them). Glyphs in a form this code does not know
    (another matplotlib) are drawn by Agg itself.
    """

    def _draw_text_glyphs_and_boxes(self, gc, x, y, angle, glyphs, boxes):
        glyphs = list(glyphs)
        try:
            placed = self._placed_glyphs(gc, x, y, angle, glyphs)
        except (AttributeError, TypeError, ValueError):
            return super()._draw_text_glyphs_and_boxes(gc, x, y, angle, glyphs, boxes)
        height = int(self.height)
        for buffer, left, top in placed:
            self._renderer.draw_text_image(buffer, left, height - top + buffer.shape[0], 0, gc)
        return super()._draw_text_glyphs_and_boxes(gc, x, y, angle, (), boxes)

    def _placed_glyphs(self, gc, x, y, angle, glyphs):
        """(bitmap, left, top) of each glyph that covers pixels, as Agg would render it."""
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        flags = get_hinting_flag()
        hinting_factor = matplotlib.rcParams["text.hinting_factor"]  # the font's, when made
        antialiased = gc.get_antialiased()
        mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
        matrices, placed = {}, []
        for font, size, glyph_index, slant, extend, dx, dy in glyphs:  # dy is upwards
            matrix = matrices.get((slant, extend))
            if matrix is None:  # the transform of Agg's _draw_text_glyphs_and_boxes
                matrix = matrices[slant, extend] = (
                    0x10000 * np.array([[cos, -sin], [sin, cos]])
                    @ [[extend, extend * slant], [0, 1]]).round().astype(int)
            # the glyph's origin in 1/64 px, FreeType's y upwards, as Agg places it
            at_x = round(0x40 * (x + dx * cos - dy * sin))
            at_y = round(0x40 * (self.height - y + dx * sin + dy * cos))
            key = (font.fname, font.postscript_name, hinting_factor, size, self.dpi,
                   glyph_index, matrix.tobytes(), at_x & 0x3F, at_y & 0x3F, flags, antialiased)
            bitmap = _GLYPHS.get(key)
            if bitmap is None:
                font.set_size(size, self.dpi)
                font._set_transform(matrix, [at_x & 0x3F, at_y & 0x3F])
                rendered = font._render_glyph(glyph_index, flags, mode)
                buffer = np.array(rendered.buffer, dtype=np.uint8)
                if not antialiased:
                    buffer *= 0xFF
                if len(_GLYPHS) >= GLYPH_CACHE_SIZE:
                    _GLYPHS.clear()
                bitmap = _GLYPHS[key] = (buffer, rendered.left, rendered.top)
            buffer, left, top = bitmap
            if buffer.size:
                placed.append((buffer, left + (at_x >> 6), top + (at_y >> 6)))
        return placed


class _WidgetCanvas(FigureCanvasAgg):
    """The Agg canvas of an interactive figure: its renderer keeps glyphs (:class:`_GlyphCache`)."""

    def get_renderer(self, *args, **kwargs):
        renderer = super().get_renderer(*args, **kwargs)
        if type(renderer) is RendererAgg:  # made anew for a new size: the same, caching
            renderer.__class__ = _GlyphCache
        return renderer


class _Redrawer:
    """The one background thread that redraws figures after their sliders moved.

    When a slider moves, the kernel's message handler (main thread) calls :meth:`request`,
    which only records the figure's new values and wakes the thread; the handler returns at
    once and the next slider message is read while the figure is drawn. The thread draws the
    newest recorded values of each figure, so during a fast drag the values that arrived
    while it was drawing are skipped. If values did arrive during a redraw, a burst is under
    way: the thread waits for a pause of ``PAUSE_S`` in the requests (at most ``MAX_WAIT_S``)
    before the next redraw, because a redraw holds the GIL for milliseconds at a time and
    slowed the kernel's reading of the remaining messages two- to threefold
    (``benchmarks/widget_update.py``). A single move is drawn at once.

    A request is taken and drawn under ``_RENDER_LOCK``, which :meth:`InteractiveFigure.update`
    takes too before it withdraws the figure's request, so a stale request can never be
    drawn after a synchronous update.

    Sending widget state from this thread is safe with ipykernel (checked in ipykernel 7.4,
    ipywidgets 8.1): ``Widget.send_state`` ends in ``Session.send`` to the kernel's
    ``BackgroundSocket``, which queues the message for the IOPub thread through a pipe of
    the sending thread (``IOPubThread.schedule``); the parent header is that of the last
    shell message (``Kernel.get_parent`` falls back to the shell's context in other threads).
    The PNG is a new ``bytes`` object each time, so zmq may send it without copying. The
    sliders are only read in the thread that handles their messages.
    """

    PAUSE_S = 0.002  # the kernel reads a slider message in about 1 ms
    MAX_WAIT_S = 0.05  # draw at least this often during a long burst

    def __init__(self):
        self._changed = threading.Condition()
        self._requests: dict[InteractiveFigure, dict] = {}  # in order of arrival
        self._arrivals = 0  # number of requests so far
        self._last_arrival = 0.0  # time.monotonic() of the last one
        self._drawing: InteractiveFigure | None = None
        self._thread: threading.Thread | None = None

    def request(self, figure: InteractiveFigure, values: dict) -> None:
        """Have ``figure`` drawn at ``values`` soon, replacing any values still waiting."""
        with self._changed:
            self._requests[figure] = values
            self._arrivals += 1
            self._last_arrival = time.monotonic()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="robodyn-redraw", daemon=True
                )
                self._thread.start()
            self._changed.notify_all()

    def withdraw(self, figure: InteractiveFigure) -> None:
        """Forget the values waiting for ``figure`` (call with ``_RENDER_LOCK`` held)."""
        with self._changed:
            self._requests.pop(figure, None)

    def wait(self, figure: InteractiveFigure, timeout: float | None) -> bool:
        """Block until nothing is waiting or being drawn for ``figure``; False on timeout."""
        with self._changed:
            return self._changed.wait_for(
                lambda: figure not in self._requests and self._drawing is not figure, timeout
            )

    def _wait_for_pause(self) -> None:
        """Wait (``_changed`` held) until no request came for PAUSE_S, or MAX_WAIT_S passed."""
        start = time.monotonic()
        while True:
            now = time.monotonic()
            quiet = now - self._last_arrival
            if quiet >= self.PAUSE_S or now - start >= self.MAX_WAIT_S:
                return
            self._changed.wait(self.PAUSE_S - quiet)

    def _run(self) -> None:
        burst = False  # did requests arrive during the last redraw?
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._requests)
                if burst:
                    self._wait_for_pause()
            with _RENDER_LOCK:
                with self._changed:
                    burst = False
                    if not self._requests:  # withdrawn by update() meanwhile
                        continue
                    figure = next(iter(self._requests))
                    values = self._requests.pop(figure)
                    self._drawing = figure
                    arrivals = self._arrivals
                try:
                    figure._show(values)  # shows the drawing's errors under the figure
                except Exception as error:  # sending failed: say so, keep the thread alive
                    figure.error.value = _error_html(error)
                finally:
                    with self._changed:
                        self._drawing = None
                        burst = self._arrivals != arrivals
                        self._changed.notify_all()


_REDRAWER = _Redrawer()


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
        reused (blitting), and only the returned artists are drawn again; text is slow to
        draw, so keep the changing text short.
        ``values`` holds one entry per control, by name.
    controls : mapping of str to ipywidgets value widgets
        The sliders (or dropdowns, checkboxes); their values when the figure is made are the
        defaults, shown in the static figure.
    figsize : (float, float)
        Figure size in inches. The width is at most :data:`FIGURE_INCHES`, the widest figure
        whose text stays legible on a phone (a wider figure is scaled down to the column,
        text included).
    dpi : float
        Resolution of the rendered image, dots per inch.
    alt : str
        Text alternative of the static image, for screen readers.

    Notes
    -----
    The live view shows the figure as an ``ipywidgets.Image`` whose PNG is replaced on every
    change. A moved slider is drawn in the background (:class:`_Redrawer`); :meth:`update`
    draws at once, and :meth:`wait` waits for the background. A ``draw`` or ``update`` that
    raises shows its message under the figure instead of failing silently in the widget
    log. The static view is the output's ``text/html`` fallback, selected by the book build,
    which drops the widget MIME type (``_config.yml``). A view's ``update`` must only change
    artists made in ``setup`` and return all of them, and the axes limits must not depend on
    the values (they are part of the reused background).
    """

    _live: weakref.WeakSet = weakref.WeakSet()

    def __init__(
        self,
        draw,
        controls: Mapping[str, object],
        *,
        figsize: tuple[float, float] = (FIGURE_INCHES, 3.5),
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
        _WidgetCanvas(self.figure)
        self.image = widgets.Image(format="png")
        self._png = PngBands()
        self.error = widgets.HTML("")
        if self.view is not None:
            self._background = self._render_background()
        self.redraw()
        self.static_png = bytes(self.image.value)
        self.page_png = figure_png(_snapshot(self.figure), dpi=PAGE_DENSITY * self.dpi)
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
            artist.set_animated(True)  # left out of canvas.draw(), drawn by _render()
        with _unhinted_text():
            self.figure.canvas.draw()
        return self.figure.canvas.copy_from_bbox(self.figure.bbox)

    def _render(self, values: dict) -> bytes:
        """PNG of the figure at ``values``, the way of a draw function or a view."""
        canvas = self.figure.canvas
        with _unhinted_text():
            if self.view is None:
                self.figure.clear()
                self.draw(self.figure, **values)
                canvas.draw()
            else:
                canvas.restore_region(self._background)
                for artist in self.view.update(**values):
                    self.figure.draw_artist(artist)
        return self._png.encode(canvas)

    def _show(self, values: dict) -> Exception | None:
        """Render at ``values`` and show the image, or the error under it; return the error."""
        with _RENDER_LOCK:
            try:
                png = self._render(values)
            except Exception as error:  # shown to the reader, not swallowed
                self.error.value = _error_html(error)
                return error
            self.error.value = ""
            self.image.value = png
        return None

    def redraw(self) -> None:
        """Draw the figure at the current control values now and show it; raise its error."""
        with _RENDER_LOCK:
            _REDRAWER.withdraw(self)
            error = self._show(self.values())
        if error is not None:
            raise error

    def update(self, **values) -> None:
        """Set some controls (by name) and redraw once, now, as a reader moving sliders would.

        Synchronous, unlike a slider moved in the notebook: when it returns, ``image`` shows
        the new values (tests and scripts rely on it). An error of the drawing is shown
        under the figure and raised.
        """
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

    def wait(self, timeout: float | None = 30.0) -> bool:
        """Block until the figure shows its controls' latest values; False on timeout.

        Only needed where code moves a slider itself (``slider.value = ...``) and then looks
        at the image, as the tests do; a reader's notebook never needs it.
        """
        return _REDRAWER.wait(self, timeout)

    def _on_change(self, _change) -> None:
        """A control moved (kernel message handler): record the values, draw them later."""
        _REDRAWER.request(self, self.values())

    def _caption(self) -> str:
        settings = ", ".join(
            f"{html.escape(getattr(c, 'description', '') or name)} {_format_value(c)}"
            for name, c in self.controls.items()
        )
        return (
            f"Shown at the default settings ({settings}). To move the sliders, run the "
            "notebook: the download menu at the top of the page has it, with robodyn."
        )

    def static_html(self) -> str:
        """HTML of the figure at the default values, with a note listing them.

        The image has :data:`PAGE_DENSITY` times the live figure's pixels, shown at the live
        figure's size: sharp on a high-resolution screen.

        A block, not a ``<figure>``: the book numbers and captions the figure from the cell's
        metadata (``mystnb.figure``), and this note stands above that caption.
        """
        encoded = base64.b64encode(self.page_png).decode("ascii")
        width, height = (round(inches * self.dpi) for inches in self.figure.get_size_inches())
        return (
            '<div class="robodyn-static-figure">'
            f'<img src="data:image/png;base64,{encoded}" width="{width}" height="{height}" '
            f'alt="{html.escape(self.alt)}"/>'
            f'<p class="robodyn-static-note">{self.static_caption}</p></div>'
        )

    def smallest_text_px(self, column_px: float = PAGE_COLUMN_PX) -> tuple[float, str]:
        """(height in CSS px, text) of the smallest text of the figure as the page shows it."""
        width_px = self.figure.get_figwidth() * self.dpi
        return text_on_page(self.figure, width_px, column_px)[0]

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


__all__ = [
    "FIGURE_INCHES",
    "MIN_FONT_PT",
    "MIN_PHONE_TEXT_PX",
    "MIN_TEXT_PX",
    "PAGE_COLUMN_PX",
    "PHONE_COLUMN_PX",
    "InteractiveFigure",
    "PngBands",
    "figure_png",
    "interactive_figure",
    "rgba_png",
    "text_on_page",
]
