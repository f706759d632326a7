"""Plotting machinery of the book, shared by every chapter.

- :func:`interactive_figure` (:mod:`robodyn.plotting.interactive`): a figure with sliders in
  a running notebook and a static image at the default values in the rendered book. Moved
  sliders are drawn on a background thread, newest values first.
- Every figure of the book is at most :data:`~robodyn.plotting.interactive.FIGURE_INCHES`
  wide with text of at least :data:`~robodyn.plotting.interactive.MIN_FONT_PT` points, so
  that on a phone, where it is scaled down to the column, its text stays about 9 px high
  (:func:`~robodyn.plotting.interactive.text_on_page`; ``booktools.nblint`` checks it).
- :func:`animation` (:mod:`robodyn.plotting.animation`): a jshtml player that works offline.
- :func:`scene_html` (:mod:`robodyn.plotting.scene3d`): a 3D scene of bodies and tracks that
  the reader orbits with the mouse and plays, offline, with no library (a canvas and a small
  script of its own).
- :func:`use_book_style` (:mod:`robodyn.plotting.style`): line colours that all stand out
  from the white page by 3:1 or more (matplotlib's orange does not), as the default cycle.

Drawings of a particular robot live in :mod:`robodyn.figures`, one module per chapter.
"""

from robodyn.plotting.animation import animation
from robodyn.plotting.interactive import InteractiveFigure, figure_png, interactive_figure
from robodyn.plotting.scene3d import Body, Track, scene_html
from robodyn.plotting.style import BOOK_COLOURS, ORANGE, use_book_style

__all__ = [
    "BOOK_COLOURS",
    "Body",
    "InteractiveFigure",
    "ORANGE",
    "Track",
    "animation",
    "figure_png",
    "interactive_figure",
    "scene_html",
    "use_book_style",
]
