"""The figures of each chapter: one module per subject, with its widgets and drawings.

``robodyn/figures/<subject>.py`` holds the chapter's widget views (``setup``/``update``
classes that :func:`robodyn.plotting.interactive_figure` redraws), one function per widget
that makes it with its sliders, listed in ``WIDGETS`` for the tests and the benchmarks, and
the drawings of that chapter's robot.

The book's colours (:func:`robodyn.plotting.use_book_style`) become matplotlib's default
cycle when this package is imported, so that every chapter's figures share them.
"""

from robodyn.plotting import use_book_style

use_book_style()
