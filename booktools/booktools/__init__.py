"""The book's command-line tools: they build and check the book, and are not part of the
package ``robodyn`` that a student installs.

- ``python -m booktools.exercisegen solutions exercises``: make the exercise notebooks.
- ``python -m booktools.installcell chapters solutions``: write every notebook's first
  cell, which installs robodyn where it is missing, from ``_config.yml``.
- ``python -m booktools.nblint chapters solutions exercises``: code lines and figures
  that fit the book's column.
- ``python -m booktools.prose [--over] [--long N] chapters book``: how the pages' prose
  reads, in numbers, held to the book's writing figures.
- ``python -m booktools.bookbuild [--instructor]``: build the book as ``make book`` does.
- ``python -m booktools.newchapter NAME TITLE``: a new chapter's files (``make new-chapter``).
- ``python -m booktools.serve``: the built book on 127.0.0.1; :mod:`booktools.bundle`: the
  pages' ``.zip`` downloads; :mod:`booktools.chapters`: where the chapters are (one notebook,
  or a folder of lessons) and in which order, for every tool and test.

``make exercises`` runs the first two, ``make test`` checks that their output is up to date
and runs the linter. The class-grading tools (``make check``, ``make grade``,
``make student-release``) are the package ``classgrade`` beside this one.
"""
