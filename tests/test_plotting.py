"""The book's figures: interactive figures with a static fallback, offline animations, drawings."""

import base64
import io
import re
from pathlib import Path

import ipywidgets as widgets
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import PIL.Image
import pytest
from IPython.display import HTML
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from robodyn.core.errors import ParameterError
from robodyn.plotting import (
    ORANGE,
    InteractiveFigure,
    animation,
    figure_png,
    interactive_figure,
    use_book_style,
)
from robodyn.plotting import interactive as machinery
from robodyn.plotting.animation import PLAYER_ICONS, offline_player
from robodyn.plotting.interactive import (
    FIGURE_INCHES,
    MIN_PHONE_TEXT_PX,
    PAGE_COLUMN_PX,
    PHONE_COLUMN_PX,
    WIDGET_VIEW_MIME,
    rgba_png,
    text_on_page,
)

matplotlib.use("Agg")  # no display: the tests render with Agg only

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_SLOPE = 3.0


class Recorder:
    """A draw function that plots a line and remembers the values it was called with."""

    def __init__(self):
        self.calls = []

    def __call__(self, fig, slope, points):
        self.calls.append({"slope": slope, "points": points})
        if slope > MAX_SLOPE:
            raise ValueError(f"slope {slope:g} > {MAX_SLOPE:g}")
        ax = fig.add_subplot()
        xs = np.linspace(0.0, 1.0, points)
        ax.plot(xs, slope * xs)
        ax.set_ylim(0.0, MAX_SLOPE)


def make_controls():
    return {
        "slope": widgets.FloatSlider(value=1.0, min=0.0, max=5.0, description="Slope"),
        "points": widgets.IntSlider(value=3, min=2, max=10, description="Points"),
    }


@pytest.fixture
def recorder():
    """A fresh recording draw function."""
    return Recorder()


@pytest.fixture
def figure(recorder):
    """An interactive figure with a float and an int slider, at slope 1 and 3 points."""
    return interactive_figure(recorder, make_controls(), figsize=(3.0, 2.0), dpi=40.0, alt="line")


# ------------------------------------------------------------------ InteractiveFigure


def test_draw_called_with_default_control_values(figure, recorder):
    """Making the figure draws it once, with every control's value passed by name."""
    assert isinstance(figure, InteractiveFigure)
    assert recorder.calls == [{"slope": 1.0, "points": 3}]
    assert figure.values() == {"slope": 1.0, "points": 3}
    assert bytes(figure.image.value).startswith(PNG_SIGNATURE)
    assert figure.error.value == ""


def test_update_sets_controls_and_redraws_once(figure, recorder):
    """update() moves the named sliders and draws exactly once with all the new values."""
    figure.update(slope=2.0, points=5)
    assert figure.controls["slope"].value == 2.0
    assert figure.controls["points"].value == 5
    assert recorder.calls[1:] == [{"slope": 2.0, "points": 5}]


def test_moving_a_slider_redraws(figure, recorder):
    """Setting a slider's value, as a reader does, redraws the figure with that value."""
    figure.controls["points"].value = 7
    assert figure.wait()
    assert recorder.calls[-1] == {"slope": 1.0, "points": 7}
    assert figure.values() == {"slope": 1.0, "points": 7}


def test_update_with_unknown_control_raises_naming_it(figure, recorder):
    """An unknown control name is an error naming it; nothing changes and nothing is drawn."""
    with pytest.raises(ParameterError, match="bogus"):
        figure.update(slope=2.0, bogus=1)
    assert figure.values() == {"slope": 1.0, "points": 3}
    assert len(recorder.calls) == 1


def test_non_callable_draw_raises():
    """draw must be a function."""
    with pytest.raises(ParameterError, match="draw must be a function"):
        interactive_figure("not a function", make_controls())


@pytest.mark.parametrize("controls", [{}, None])
def test_no_controls_raises(recorder, controls):
    """A figure without controls is an error."""
    with pytest.raises(ParameterError, match="at least one widget"):
        interactive_figure(recorder, controls)


def test_control_that_is_not_a_widget_raises(recorder):
    """A control without value and observe is an error naming the control."""
    with pytest.raises(ParameterError, match="points"):
        interactive_figure(recorder, {"slope": widgets.FloatSlider(value=1.0), "points": 3})


def test_failing_draw_shows_message_and_update_reraises(figure):
    """A draw error appears, HTML-escaped, under the figure, and update() raises it again."""
    with pytest.raises(ValueError, match="slope 4 > 3"):
        figure.update(slope=4.0)
    assert "ValueError: slope 4 &gt; 3" in figure.error.value
    assert "(in __call__, test_plotting.py line" in figure.error.value  # where it was raised


def test_text_is_drawn_unhinted_and_the_setting_put_back_even_after_an_error(figure):
    """A redraw draws text without hinting and puts text.hinting back as it was, after a
    draw that raised too; other settings changed meanwhile by the notebook are kept."""
    seen = []

    def draw(fig, slope, points):
        seen.append(matplotlib.rcParams["text.hinting"])
        matplotlib.rcParams["lines.linewidth"] = 7.0      # the notebook's own change
        if slope > MAX_SLOPE:
            raise ValueError("too steep")

    with matplotlib.rc_context({"text.hinting": "auto", "lines.linewidth": 1.0}):
        live = interactive_figure(draw, make_controls(), figsize=(3.0, 2.0), dpi=40.0)
        live.update(slope=2.0)
        with pytest.raises(ValueError, match="too steep"):
            live.update(slope=4.0)
        assert matplotlib.rcParams["text.hinting"] == "auto"
        assert matplotlib.rcParams["lines.linewidth"] == 7.0
    assert seen == ["no_hinting"] * 3


def test_failing_draw_from_slider_shows_message_then_clears(figure, recorder):
    """Moving a slider to a bad value does not raise but shows the error; a good value clears it."""
    slider = figure.controls["slope"]
    slider.value = 4.5  # must not raise
    assert figure.wait()
    assert "ValueError: slope 4.5 &gt; 3" in figure.error.value
    slider.value = 2.0
    assert figure.wait()
    assert figure.error.value == ""
    assert recorder.calls[-1] == {"slope": 2.0, "points": 3}


def test_burst_of_slider_moves_is_drawn_once_at_the_newest_values(figure, recorder):
    """Slider moves that arrive while a redraw is busy are coalesced: one redraw, newest values."""
    slider = figure.controls["slope"]
    with machinery._RENDER_LOCK:  # as if a redraw were in progress
        for value in np.linspace(0.1, 2.0, 20):
            slider.value = float(value)
    assert figure.wait()
    assert recorder.calls[1:] == [{"slope": 2.0, "points": 3}]


def test_update_overrides_slider_moves_still_waiting(figure, recorder):
    """update() draws at once; a slider move still waiting to be drawn is not drawn after it."""
    with machinery._RENDER_LOCK:
        figure.controls["slope"].value = 2.5
        figure.update(points=6)  # the lock is re-entrant: same thread
    assert figure.wait()
    assert recorder.calls[1:] == [{"slope": 2.5, "points": 6}]
    assert bytes(figure.image.value) == bytes(figure._render({"slope": 2.5, "points": 6}))


def test_error_in_background_redraw_does_not_stop_later_redraws(figure, recorder):
    """After a failed background redraw, the next slider move is drawn and clears the message."""
    slider = figure.controls["slope"]
    for value in (4.5, 1.5):
        slider.value = value
        assert figure.wait()
    assert figure.error.value == ""
    assert recorder.calls[-1] == {"slope": 1.5, "points": 3}


def test_image_changes_with_value_and_returns_at_defaults(figure):
    """The PNG changes when a slider moves and is the default image again at default values."""
    default_png = figure.image.value
    assert default_png == figure.static_png
    figure.update(slope=2.5)
    assert figure.image.value != default_png
    figure.update(slope=1.0)
    assert figure.image.value == default_png


def test_mimebundle_has_widget_view_static_image_and_text(figure):
    """The output holds the widget view, a static image with its settings, and plain text."""
    bundle = figure._repr_mimebundle_()
    view = bundle[WIDGET_VIEW_MIME]
    assert view["model_id"] == figure.widget.model_id
    assert view["version_major"] == 2
    page = bundle["text/html"]
    match = re.search(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" width="(\d+)" '
                      r'height="(\d+)"', page)
    assert match, page
    assert base64.b64decode(match.group(1)) == figure.page_png
    # the page's image: twice the live image's pixels, shown at the live image's size
    live = PIL.Image.open(io.BytesIO(figure.static_png)).size
    sharp = PIL.Image.open(io.BytesIO(figure.page_png)).size
    assert sharp == (2 * live[0], 2 * live[1])
    assert (int(match.group(2)), int(match.group(3))) == live
    assert 'alt="line"' in page
    caption = re.search(r'<p class="robodyn-static-note">(.*)</p>', page).group(1)
    assert "Slope 1.00" in caption  # FloatSlider readout format .2f
    assert "Points 3" in caption
    assert "slope" in bundle["text/plain"] and "points" in bundle["text/plain"]


def test_caption_names_control_without_description_by_key(recorder):
    """A control without a description is listed under its key in the caption."""
    controls = {"slope": widgets.FloatSlider(value=0.5), "points": widgets.IntSlider(value=4)}
    page = interactive_figure(recorder, controls).static_html()
    assert "slope 0.50" in page and "points 4" in page


def test_static_caption_lists_default_values_after_update(figure):
    """After the sliders move, the static image and its caption both stay at the defaults."""
    figure.update(slope=2.5, points=6)
    page = figure._repr_mimebundle_()["text/html"]
    encoded = base64.b64encode(figure.page_png).decode("ascii")
    assert encoded in page
    assert "Slope 1.00" in page and "Points 3" in page


def test_live_figures_contains_new_figure(figure):
    """A figure just made is listed among the live figures."""
    assert any(live is figure for live in InteractiveFigure.live_figures())


# ------------------------------------------------------------------ animation


def make_animated_figure():
    fig, ax = plt.subplots(figsize=(2.0, 1.5), dpi=40)
    (line,) = ax.plot([0.0, 1.0], [0.0, 0.0])
    ax.set_ylim(0.0, 3.0)

    def draw_frame(i):
        line.set_ydata([0.0, float(i)])

    return fig, draw_frame


def test_animation_is_offline_player_and_closes_figure():
    """The player has one image per frame, character buttons, no web link; the figure closes."""
    fig, draw_frame = make_animated_figure()
    player = animation(fig, draw_frame, 3, interval_ms=100.0)
    assert isinstance(player, HTML)
    markup = player.data
    assert "http://" not in markup and "https://" not in markup
    assert 'class="fa ' not in markup
    for text in PLAYER_ICONS.values():
        assert text in markup
    assert len(re.findall(r'frames\[\d+\] = "data:image/webp;base64,', markup)) == 3
    assert not plt.fignum_exists(fig.number)


def test_animation_frames_are_sharp_palette_images_that_look_the_same():
    """Each frame is drawn at FRAME_DENSITY times the figure's pixels and shown at the
    figure's size; it is a lossless WebP image of at most FRAME_COLOURS colours, smaller than
    matplotlib's full-colour PNG of the same figure at the same pixels and, pixel by pixel,
    within a few levels of it."""
    from PIL import Image

    from robodyn.plotting.animation import FRAME_COLOURS, FRAME_DENSITY

    fig, ax = plt.subplots(figsize=(5, 3), dpi=100)
    t = np.linspace(0, 10, 400)
    for k in range(4):
        ax.plot(t, np.sin(t + k), label=f"curve {k}")
    ax.legend()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100 * FRAME_DENSITY)
    full = buffer.getvalue()
    markup = animation(fig, lambda frame: None, 2).data
    frames = re.findall(r'frames\[\d+\] = "data:image/webp;base64,([^"]+)"', markup)
    assert len(frames) == 2
    small = base64.b64decode(frames[0].replace("\\\n", ""))
    image = Image.open(io.BytesIO(small))
    assert image.format == "WEBP" and image.size == (500 * FRAME_DENSITY, 300 * FRAME_DENSITY)
    assert len(image.convert("RGB").getcolors(maxcolors=FRAME_COLOURS)) <= FRAME_COLOURS
    assert len(small) < 0.6 * len(full)
    before = np.asarray(Image.open(io.BytesIO(full)).convert("RGB"), dtype=float)
    after = np.asarray(image.convert("RGB"), dtype=float)
    assert before.shape == after.shape and np.mean(np.abs(before - after)) < 2.0
    assert '<div class="animation" data-robodyn-frames="2 of 2">' in markup
    assert re.search(r'<img id="_anim_img\w+" alt="A frame of the animation[^"]*" '
                     r'style="width: 500px; max-width: 100%; height: auto">', markup)


@pytest.mark.parametrize("n_frames", [0, -1, 2.5, True, "3"])
def test_animation_rejects_bad_frame_count(n_frames):
    """The number of frames must be a positive integer (not a bool, float or string)."""
    fig, draw_frame = make_animated_figure()
    try:
        with pytest.raises(ParameterError, match="n_frames"):
            animation(fig, draw_frame, n_frames)
    finally:
        plt.close(fig)


@pytest.mark.parametrize("interval_ms", [0.0, -50.0])
def test_animation_rejects_non_positive_interval(interval_ms):
    """The time between frames must be > 0 ms."""
    fig, draw_frame = make_animated_figure()
    try:
        with pytest.raises(ParameterError, match="interval_ms"):
            animation(fig, draw_frame, 2, interval_ms=interval_ms)
    finally:
        plt.close(fig)


def test_offline_player_removes_font_link_spanning_lines():
    """The font-awesome stylesheet link, broken over two lines, goes; icons become characters."""
    markup = (
        '<link rel="stylesheet"\n'
        'href="https://maxcdn.bootstrapcdn.com/font-awesome/4.4.0/css/font-awesome.min.css">\n'
        '<button><i class="fa fa-play"></i></button>'
        '<button><i class="fa fa-play fa-flip-horizontal"></i></button>'
    )
    result = offline_player(markup)
    assert result == "<button>&#9654;</button><button>&#9664;</button>"


def test_offline_player_raises_on_unknown_icon():
    """An icon missing from PLAYER_ICONS would need the web font: error, not a broken button."""
    with pytest.raises(RuntimeError, match="PLAYER_ICONS"):
        offline_player('<button><i class="fa fa-rocket"></i></button>')


def test_offline_player_raises_on_other_web_link():
    """Any other address left in the player is an error too."""
    with pytest.raises(RuntimeError, match="internet"):
        offline_player('<script src="https://example.org/player.js"></script>')


# ------------------------------------------------------------------ figure_png


@pytest.mark.parametrize(
    "make_figure",
    [lambda: Figure(figsize=(2.0, 1.0)), lambda: plt.figure(figsize=(2.0, 1.0))],
    ids=["bare", "pyplot"],
)
def test_figure_png_is_png_of_figure_size(make_figure):
    """A bare or a pyplot figure renders to PNG bytes of size figsize * dpi pixels."""
    fig = make_figure()
    try:
        fig.add_subplot().plot([0, 1], [1, 0])
        png = figure_png(fig, dpi=50.0)
    finally:
        plt.close(fig)
    assert png.startswith(PNG_SIGNATURE)
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (100, 50)


def test_rgba_png_holds_exactly_the_canvas_pixels():
    """The PNG of a drawn canvas decodes to its RGBA pixels bit for bit, transparency included."""
    fig = Figure(figsize=(2.3, 1.1), dpi=50)
    fig.patch.set_alpha(0.4)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.plot([0.0, 1.0], [1.0, 0.0])
    ax.set_title("ω = 2")
    canvas.draw()
    png = rgba_png(canvas)
    assert png.startswith(PNG_SIGNATURE)
    decoded = np.asarray(PIL.Image.open(io.BytesIO(png)))
    np.testing.assert_array_equal(decoded, np.asarray(canvas.buffer_rgba()))


def test_text_on_page_scales_only_images_wider_than_the_column():
    """10-pt text at 96 dpi is 13.3 px high; in an image twice as wide as the column, half."""
    fig = Figure(figsize=(2.0, 1.0), dpi=96)
    ax = fig.add_subplot(xticks=[], yticks=[])
    ax.set_title("t", fontsize=10)
    assert text_on_page(fig, image_width_px=100, column_px=200) == [
        (pytest.approx(10 * 96 / 72), "t")
    ]
    assert text_on_page(fig, image_width_px=400, column_px=200)[0][0] == pytest.approx(
        10 * 96 / 72 / 2
    )


def test_default_figure_fits_the_column_with_text_legible_on_a_phone(recorder):
    """With the default size and dpi the image is FIGURE_INCHES wide (504 px at 96 dpi): shown
    unscaled in the page column, and scaled on a phone so that 10-point text stays 9 px high."""
    figure = interactive_figure(recorder, make_controls())
    width = PIL.Image.open(io.BytesIO(figure.static_png)).width
    assert width == FIGURE_INCHES * figure.dpi == 504 < PAGE_COLUMN_PX
    assert 10 / 72 * figure.dpi * PHONE_COLUMN_PX / width >= MIN_PHONE_TEXT_PX


# ------------------------------------------------------------------ view mode (blitting)


class LineView:
    """A minimal view: a line whose slope is the control value; slope < 0 is refused."""

    def setup(self, fig):
        self.ax = fig.subplots()
        self.ax.set(xlim=(0.0, 1.0), ylim=(-3.0, 3.0))
        (self.line,) = self.ax.plot([], [])

    def update(self, slope):
        if slope < 0:
            raise ValueError(f"slope must be >= 0, got {slope}")
        self.line.set_data([0.0, 1.0], [0.0, slope])
        return [self.line]


def test_view_redraws_only_through_update_and_shows_its_errors():
    """A view's figure changes with the slider, and an update error is shown, then cleared."""
    slider = widgets.FloatSlider(value=1.0, min=-1.0, max=3.0)
    figure = interactive_figure(LineView(), {"slope": slider}, figsize=(2.0, 1.5), dpi=40)
    assert figure.view is not None and figure.draw is None
    figure.update(slope=2.0)
    assert bytes(figure.image.value) != bytes(figure.static_png)
    slider.value = -0.5
    assert figure.wait()
    assert "slope must be &gt;= 0, got -0.5" in figure.error.value
    slider.value = 1.0
    assert figure.wait()
    assert figure.error.value == ""
    assert bytes(figure.image.value) == bytes(figure.static_png)


def test_object_that_is_neither_function_nor_view_is_refused():
    """An object with setup() but no update() is not a view: ParameterError naming both forms."""

    class HalfView:
        def setup(self, fig):
            pass

    with pytest.raises(ParameterError, match=r"setup\(fig\) and update\(\*\*values\)"):
        interactive_figure(HalfView(), {"slope": widgets.FloatSlider()})


def test_under_the_test_switch_an_animation_draws_a_few_frames_first_and_last_included(
        monkeypatch):
    """ROBODYN_QUICK=1: six evenly spaced frames of 80, by the same drawing function; 0: all."""
    from robodyn.plotting.animation import QUICK_FRAMES, frame_indices

    monkeypatch.setenv("ROBODYN_QUICK", "1")
    assert frame_indices(80) == [0, 16, 32, 47, 63, 79] and QUICK_FRAMES == 6
    assert frame_indices(4) == [0, 1, 2, 3]
    drawn = []
    fig, draw_frame = make_animated_figure()
    markup = animation(fig, lambda i: drawn.append(i) or draw_frame(i), 80).data
    assert len(re.findall(r'frames\[\d+\] = "data:image/webp;base64,', markup)) == 6
    assert set(drawn) == set(frame_indices(80))
    monkeypatch.setenv("ROBODYN_QUICK", "0")
    assert frame_indices(80) == list(range(80))


# ------------------------------------------------------------------ what a redraw costs


def draw_texts(canvas, hinting: str) -> np.ndarray:
    """Texts of every kind a widget shows (rotated, mathtext with a fraction's bar, monospaced,
    bold, not antialiased, at fractional places) drawn on ``canvas``; its RGBA pixels."""
    fig = canvas.figure
    fig.clear()
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    ax.set_title("iteration 12: reflect, f = 0.0123")
    ax.set_xlabel(r"gimbal tilt $\psi$ [rad], $\frac{1}{2} m v^2$")
    ax.set_ylabel("centre height H [mm]")
    for k, (x, y) in enumerate([(0.013, 0.91), (0.2371, 0.6629), (0.5519, 0.3147)]):
        ax.text(x, y, f"H     {55.5 + 1.37 * k:6.1f} mm\nbeta_p{7.6 * k:6.1f} deg",
                family="monospace", fontsize=10, transform=ax.transAxes)
    ax.text(0.3, 0.2, "ω = 2 rad/s", rotation=30, fontsize=11, weight="bold")
    ax.text(0.6, 0.8, "sticks", fontsize=10, antialiased=False)
    ax.legend(handles=ax.plot([0, 1], [0, 1], label="contact track"), fontsize=10)
    with matplotlib.rc_context({"text.hinting": hinting}):
        canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


@pytest.mark.parametrize("hinting", ["no_hinting", "auto"])
def test_the_widgets_canvas_draws_text_as_agg_does_with_glyphs_kept_or_not(hinting):
    """The widgets' canvas keeps the glyphs FreeType rendered (the slowest part of text) and
    draws them again from there: bit for bit the pixels of Agg's own text drawing, whether
    the glyphs are new to it or kept from before, for every kind of text."""
    expected = draw_texts(FigureCanvasAgg(Figure(figsize=(4.0, 3.0), dpi=96)), hinting)
    machinery._GLYPHS.clear()
    canvas = machinery._WidgetCanvas(Figure(figsize=(4.0, 3.0), dpi=96))
    first = draw_texts(canvas, hinting)
    assert isinstance(canvas.get_renderer(), machinery._GlyphCache)
    assert machinery._GLYPHS, "the glyphs were kept"
    np.testing.assert_array_equal(first, expected)
    np.testing.assert_array_equal(draw_texts(canvas, hinting), expected)  # from kept glyphs


def test_the_kept_glyphs_are_let_go_when_there_are_too_many(monkeypatch):
    """At GLYPH_CACHE_SIZE glyphs the store is emptied, and the text still drawn right."""
    monkeypatch.setattr(machinery, "GLYPH_CACHE_SIZE", 10)
    expected = draw_texts(FigureCanvasAgg(Figure(figsize=(4.0, 3.0), dpi=96)), "no_hinting")
    canvas = machinery._WidgetCanvas(Figure(figsize=(4.0, 3.0), dpi=96))
    np.testing.assert_array_equal(draw_texts(canvas, "no_hinting"), expected)
    assert len(machinery._GLYPHS) <= 10


def test_adler32_of_two_strings_from_theirs_is_zlibs():
    """The checksum of the PNG's bands put together is that of the whole."""
    import zlib

    rng = np.random.default_rng(3)
    for first_length, second_length in [(0, 0), (0, 5), (7, 0), (1, 65521), (70_000, 40_000)]:
        first = rng.integers(0, 256, first_length, dtype=np.uint8).tobytes()
        second = rng.integers(0, 256, second_length, dtype=np.uint8).tobytes()
        assert machinery._adler32_combine(
            zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)


def test_png_bands_hold_the_canvas_pixels_and_depend_on_them_only():
    """PngBands over a run of images that change in parts (a band, a row at a band's edge,
    nothing, all, the size): each PNG decodes to the canvas's pixels bit for bit and is the
    same bytes as a new encoder's, whatever it encoded before."""
    fig = Figure(figsize=(3.0, 2.0), dpi=50)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    (line,) = ax.plot([0.0, 1.0], [0.0, 1.0])
    ax.set_ylim(-1.0, 2.0)
    encoder = machinery.PngBands()
    sizes = []
    for change in ["first", "slope", "nothing", "one row", "colour", "size", "slope"]:
        if change == "slope":
            line.set_ydata([0.0, 0.3])
        elif change == "colour":
            fig.patch.set_facecolor("0.9")
        elif change == "size":
            fig.set_size_inches(2.0, 1.5)
        canvas.draw()
        if change == "one row":  # a single changed row at the start of the second band
            pixels = np.asarray(canvas.buffer_rgba())
            pixels[machinery.PngBands.BAND_ROWS, :10] = (255, 0, 0, 255)
        png = encoder.encode(canvas)
        decoded = np.asarray(PIL.Image.open(io.BytesIO(png)))
        np.testing.assert_array_equal(decoded, np.asarray(canvas.buffer_rgba()), err_msg=change)
        assert png == machinery.PngBands().encode(canvas), change
        sizes.append(len(png))
    assert sizes[1] == sizes[2]  # nothing changed: the same file


def test_an_interactive_figure_sends_the_pngs_of_its_encoder(figure):
    """A redraw's image is its canvas encoded by PngBands: the pixels rgba_png would encode."""
    figure.update(slope=2.0, points=9)
    decoded = np.asarray(PIL.Image.open(io.BytesIO(bytes(figure.image.value))))
    reference = np.asarray(PIL.Image.open(io.BytesIO(rgba_png(figure.figure.canvas))))
    np.testing.assert_array_equal(decoded, reference)


# ------------------------------------------------------------------ the book's colours

#: matplotlib's named colours with less than 3:1 contrast on white.
PALE_NAMES = ("tab:orange", "tab:pink", "tab:olive", "tab:cyan")


def test_the_book_colours_stand_out_from_white_and_are_the_default_cycle():
    """Every colour of the book's cycle has at least 3:1 contrast on white (WCAG 2, 1.4.11);
    matplotlib's orange, which it replaces, has not (the measure can fail); use_book_style
    makes the cycle matplotlib's default."""
    from robodyn.plotting.style import BOOK_COLOURS, MIN_CONTRAST, contrast_ratio

    assert min(contrast_ratio(colour) for colour in BOOK_COLOURS) >= MIN_CONTRAST
    assert all(contrast_ratio(name) < MIN_CONTRAST for name in PALE_NAMES)
    assert contrast_ratio("black") == pytest.approx(21.0)
    assert len(set(BOOK_COLOURS)) == 10
    with matplotlib.rc_context():
        matplotlib.rcParams["axes.prop_cycle"] = matplotlib.rcParamsDefault["axes.prop_cycle"]
        use_book_style()
        assert matplotlib.colors.to_hex("C1") == ORANGE


def test_every_page_that_draws_uses_the_book_colours():
    """No figure module or lesson names a pale colour, and every lesson that draws with
    matplotlib gets the book's cycle: from robodyn.figures, or by calling use_book_style."""
    root = Path(__file__).resolve().parents[1]
    sources = [*root.glob("robodyn/figures/**/*.py"), *root.glob("chapters/**/*.ipynb")]
    pale = [f"{path.relative_to(root)}: {name}" for path in sources
            for name in PALE_NAMES if name in path.read_text(encoding="utf-8")]
    assert not pale, pale
    without = [str(path.relative_to(root)) for path in root.glob("chapters/**/*.ipynb")
               if "plt." in (text := path.read_text(encoding="utf-8"))
               and "robodyn.figures" not in text and "use_book_style()" not in text]
    assert not without, without
