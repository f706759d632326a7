"""Command-line tools of the repository.

- ``python -m robodyn.tools.exercisegen solutions exercises``: make the exercise notebooks.
- ``python -m robodyn.tools.installcell chapters solutions``: write every notebook's first
  cell, which installs robodyn where it is missing, from ``_config.yml``.
- ``python -m robodyn.tools.nblint chapters solutions exercises``: code lines and figures
  that fit the book's column.
- ``python -m robodyn.tools.checknb NOTEBOOK_OR_FOLDER``: run exercise notebooks, print tables.
- ``python -m robodyn.tools.bookbuild [--instructor]``: build the book as ``make book`` does.

``make exercises`` runs the first two, ``make test`` checks that their output is up to date
and runs the linter.
"""
