"""Drawings as vector graphics: an SVG that stays sharp on a phone and in print.

The book's drawings of its robots (frames, angles, lengths and forces, labelled as the
equations name them) are matplotlib figures written as SVG rather than PNG. :func:`svg_image`
turns a figure into an image a notebook shows and the built page keeps as an ``.svg`` file.
The output is the same at every build (no date in it, fixed element ids), so the book's
execution cache and the page's bytes do not change when nothing was redrawn.
"""

from __future__ import annotations

import io

import matplotlib
import matplotlib.pyplot as plt
from IPython.display import SVG
from matplotlib.figure import Figure

__all__ = ["svg_bytes", "svg_image"]


def svg_bytes(fig: Figure) -> bytes:
    """The figure as SVG text, encoded UTF-8, the same for the same drawing.

    Text is written as glyph outlines (``svg.fonttype = "path"``), so that the drawing looks
    the same in a browser without matplotlib's fonts; the file has no creation date and its
    element ids come from a fixed salt.
    """
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "robodyn"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight",
                    pad_inches=0.02)
    return buffer.getvalue()


def svg_image(fig: Figure) -> SVG:
    """Show ``fig`` as an SVG image in a notebook and close it (it is not shown twice).

    >>> fig, ax = plt.subplots(figsize=(2, 1))
    >>> image = svg_image(fig)
    >>> image.data.startswith("<svg")
    True
    >>> plt.fignum_exists(fig.number)
    False
    """
    data = svg_bytes(fig)
    plt.close(fig)
    return SVG(data)
