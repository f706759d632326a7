"""Command-line tools of the repository.

- ``python -m robodyn.tools.exercisegen solutions exercises``: make the exercise notebooks.
- ``python -m robodyn.tools.installcell chapters solutions``: write every notebook's first
  cell, which installs robodyn where it is missing, from ``_config.yml``.
- ``python -m robodyn.tools.nblint chapters solutions exercises``: code lines and figures
  that fit the book's column.
- ``python -m robodyn.tools.bookbuild [--instructor]``: build the book as ``make book`` does.

``make exercises`` runs the first two, ``make test`` checks that their output is up to date
and runs the linter. The class-grading tools (``make check``, ``make grade``,
``make student-release``) are the package ``classgrade`` beside this one.
"""

#: The package's core modules (numerics and machinery, no subject of a chapter): the layers'
#: test keeps them free of the subjects, and the student release's leak scan tells them apart
#: from the model modules.
CORE_MODULES = ("__init__", "errors", "params", "rotations", "integrate", "mechanics", "sweeps",
                "mjcf")
