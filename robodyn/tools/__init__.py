"""Command-line tools of the repository.

- ``python -m robodyn.tools.exercisegen solutions exercises``: make the exercise notebooks.
- ``python -m robodyn.tools.checknb NOTEBOOK_OR_FOLDER``: run exercise notebooks, print tables.
- ``python -m robodyn.tools.bookbuild [--instructor]``: build the book as ``make book`` does.
"""
