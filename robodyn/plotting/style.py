"""The book's line colours: every one stands out from the white page.

WCAG 2 asks that a line or a marker a reader must see differ from its background by a
contrast ratio of at least 3:1. Four of matplotlib's ten default colours do not: its orange
(2.5:1), pink, olive and cyan. :data:`BOOK_COLOURS` is that palette, in its order, with those
four darkened; :func:`use_book_style` makes it the default colour cycle, so that ``"C1"`` and
a figure's second line are the darker orange. :mod:`robodyn.figures` calls it on import; a
page that draws with matplotlib alone calls it itself.

>>> round(contrast_ratio(ORANGE), 2), round(contrast_ratio("tab:orange"), 2)
(3.76, 2.53)
"""

from __future__ import annotations

import matplotlib
from matplotlib import cycler
from matplotlib.colors import to_rgb

__all__ = ["BOOK_COLOURS", "MIN_CONTRAST", "ORANGE", "contrast_ratio", "use_book_style"]

#: WCAG 2's least contrast ratio for graphics a reader must see (success criterion 1.4.11).
MIN_CONTRAST = 3.0
#: Orange that keeps 3.76:1 on white (matplotlib's "tab:orange" has 2.53:1).
ORANGE = "#d95f02"
#: matplotlib's "tab10" in its order, orange, pink, olive and cyan darkened.
BOOK_COLOURS = ("#1f77b4", ORANGE, "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#c51b7d",
                "#7f7f7f", "#8c8c00", "#138d9c")


def _relative_luminance(colour) -> float:
    """WCAG 2's relative luminance of a colour, 0 (black) to 1 (white)."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
              for c in to_rgb(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(colour, background="white") -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((_relative_luminance(colour), _relative_luminance(background)),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def use_book_style() -> None:
    """Make :data:`BOOK_COLOURS` matplotlib's default colour cycle, for figures made after."""
    matplotlib.rcParams["axes.prop_cycle"] = cycler(color=list(BOOK_COLOURS))
