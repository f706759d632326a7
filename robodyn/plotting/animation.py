"""Animations that play in the static page: matplotlib's ``jshtml`` player, made offline.

:func:`animation` turns a per-frame drawing function into a self-contained HTML/JavaScript
player (play, pause, step, frame slider) that needs neither a kernel nor the internet.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import matplotlib
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.figure import Figure

from robodyn.errors import ParameterError
from robodyn.params import check_positive

__all__ = ["PLAYER_ICONS", "animation", "offline_player"]

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
