"""Animations that play in the static page: matplotlib's ``jshtml`` player, made offline and light.

:func:`animation` turns a per-frame drawing function into a self-contained HTML/JavaScript
player (play, pause, step, frame slider) that needs neither a kernel nor the internet. Its
frames are embedded in the page, so their size is the page's weight. Each is drawn at
:data:`FRAME_DENSITY` times its pixels (sharp on a high-resolution screen, as the book's
figures are) and stored as a lossless WebP image of at most :data:`FRAME_COLOURS` colours:
chapter 1's 80 frames weigh 1.97 MB so, where matplotlib's own full-colour PNGs at one pixel
per pixel weighed 4.4 MB and 64-colour PNGs 1.47 MB.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable
from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib
import numpy as np
from matplotlib.animation import HTMLWriter
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from robodyn.core.errors import ParameterError
from robodyn.core.params import check_positive
from robodyn.core.sweeps import sized

__all__ = ["FRAMES_ATTRIBUTE", "FRAME_COLOURS", "PLAYER_ICONS", "QUICK_FRAMES", "animation",
           "frame_indices", "offline_player"]

#: Frames an animation keeps under the test switch (:mod:`robodyn.core.sweeps`): evenly spaced,
#: the first and the last among them. Each frame is drawn and encoded as an image, the
#: costliest part of a chapter's animation; the tests check the player, not the motion.
QUICK_FRAMES = 6

#: Attribute of the player's ``<div class="animation">``: "drawn of all" frames, e.g. "6 of 80"
#: under the test switch, "80 of 80" otherwise.
FRAMES_ATTRIBUTE = "data-robodyn-frames"

#: Text alternative of the player's image (the book's caption under it says what moves).
FRAME_ALT = "A frame of the animation that the caption describes"

#: Pixels of a frame per pixel of the figure (its CSS pixels on the page): 2, as the book's
#: other figures (the install cell's "retina" format).
FRAME_DENSITY = 2
#: Colours of an animation frame's palette. The frames are line drawings on white with a few
#: colours and their anti-aliased edges: at twice the pixels, 32 colours keep them visually
#: unchanged (24 showed steps along the links' edges).
FRAME_COLOURS = 32
#: WebP's lossless effort for the frames: 1 gives frames within 2 % of 4's in two thirds of the
#: time (60 ms a frame of chapter 1's at twice its pixels), 6 takes 30 times as long for the
#: same size.
FRAME_WEBP_METHOD = 1

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

    Notes
    -----
    Under the test switch (``ROBODYN_QUICK=1``) only :data:`QUICK_FRAMES` of the frames are
    drawn, by the same ``draw_frame`` (:func:`frame_indices`).
    """
    from IPython.display import HTML

    if isinstance(n_frames, bool) or not isinstance(n_frames, (int, np.integer)) or n_frames < 1:
        raise ParameterError(f"n_frames must be an integer >= 1, got {n_frames!r}")
    check_positive("interval_ms", interval_ms, "ms")
    drawn = frame_indices(int(n_frames))
    # The frames are drawn one by one and handed to matplotlib's jshtml writer as palette
    # WebP images (_PaletteFrameWriter). FuncAnimation.to_jshtml draws each frame twice (once
    # for a screen that is not there), and the writer's own frames go through a full-colour PNG.
    writer = _PaletteFrameWriter(fps=1000.0 / interval_ms, embed_frames=True,
                                 default_mode="loop")
    # Shown at the figure's own size in CSS pixels, drawn at FRAME_DENSITY times as many.
    width_px = round(fig.get_figwidth() * fig.dpi)
    with TemporaryDirectory() as folder, matplotlib.rc_context(
            {"animation.embed_limit": 60.0}):
        page = Path(folder) / "player.html"
        fig.set_dpi(fig.dpi * FRAME_DENSITY)
        with writer.saving(fig, page, dpi=fig.dpi):
            for frame in drawn:
                draw_frame(frame)
                writer.grab_frame()
        markup = page.read_text()
    markup = offline_player(markup)
    # The reader's-view test weighs a page as it would be with all frames (FRAMES_ATTRIBUTE).
    markup = markup.replace('<div class="animation">', f'<div class="animation" '
                            f'{FRAMES_ATTRIBUTE}="{len(drawn)} of {int(n_frames)}">', 1)
    markup = re.sub(r'<img id="(_anim_img\w+)">',
                    rf'<img id="\1" alt="{FRAME_ALT}" style="width: {width_px}px; '
                    rf'max-width: 100%; height: auto">', markup, count=1)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return HTML(markup)


class _PaletteFrameWriter(HTMLWriter):
    """matplotlib's jshtml writer, each frame drawn once on the figure's Agg canvas and kept
    as a lossless WebP image of :data:`FRAME_COLOURS` colours made from the canvas's pixels,
    where ``savefig`` made a full-colour PNG to be decoded and re-encoded. The frames go where
    the writer keeps its own (``_saved_frames``, as base64 text), with WebP's media type;
    tests/test_plotting.py holds the player's frames to the figure's look."""

    supported_formats = ["webp"]

    @property
    def frame_format(self) -> str:
        """WebP, whatever matplotlib's ``animation.frame_format`` says (it knows no WebP)."""
        return "webp"

    @frame_format.setter
    def frame_format(self, _ignored):
        pass

    def grab_frame(self, **savefig_kwargs):
        canvas = self.fig.canvas
        if not isinstance(canvas, FigureCanvasAgg):
            canvas = FigureCanvasAgg(self.fig)
        canvas.draw()
        image = _palette_webp_of(np.asarray(canvas.buffer_rgba())[..., :3])
        self._saved_frames.append(base64.encodebytes(image).decode("ascii"))


def _palette_webp_of(pixels, colours: int = FRAME_COLOURS) -> bytes:
    """RGB ``pixels`` (height, width, 3) as a lossless WebP image of at most ``colours``
    colours."""
    from PIL import Image

    reduced = Image.fromarray(np.ascontiguousarray(pixels)).quantize(
        colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, "WEBP", lossless=True, method=FRAME_WEBP_METHOD)
    return out.getvalue()


def frame_indices(n_frames: int) -> list[int]:
    """The frames an animation draws: all ``n_frames``, or under the test switch
    :data:`QUICK_FRAMES` of them evenly spaced, the first and the last included.

    >>> import os
    >>> os.environ.pop("ROBODYN_QUICK", None) and None
    >>> frame_indices(5)
    [0, 1, 2, 3, 4]
    """
    every = list(range(n_frames))
    if n_frames <= QUICK_FRAMES:
        return every
    return sized(every, small=sorted({round(i * (n_frames - 1) / (QUICK_FRAMES - 1))
                                      for i in range(QUICK_FRAMES)}))


def offline_player(markup: str) -> str:
    """Remove the web-font stylesheet of a jshtml player and draw its icons as characters."""
    markup = re.sub(r"<link[^>]*font-awesome[^>]*>\n?", "", markup)
    for icon, text in PLAYER_ICONS.items():
        markup = markup.replace(f'<i class="{icon}"></i>', text)
    if "http://" in markup or "https://" in markup or 'class="fa ' in markup:
        raise RuntimeError("the animation player still needs the internet; update PLAYER_ICONS")
    return markup
