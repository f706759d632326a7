"""The exercise notebooks' format: what the book's tools write and the class grader reads.

A solutions notebook marks each answer between :data:`BEGIN` and :data:`END` (nbgrader's
markers); every notebook's first cell, which installs the package where it is missing, has the
id :data:`INSTALL_CELL_ID`; each check cell calls :func:`robodyn.grading.check` with the
exercise's id (:data:`CHECK_CALL`) and carries the exercise's points in
``metadata.nbgrader.points`` (:func:`cell_points`). The book's exercise generator and the
class grader both take these from here.
"""

from __future__ import annotations

import math
import re

from robodyn.core.errors import ParameterError

__all__ = ["BEGIN", "CHECK_CALL", "END", "INSTALL_CELL_ID", "cell_points", "valid_points"]

#: The first and last line of a marked answer in a solutions notebook.
BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
#: The set-up cell's id: what tells tools (the exercise generator, the class grader) that a
#: notebook's first cell installs the package and is not part of an exercise.
INSTALL_CELL_ID = "robodyn-install"
#: A check cell's call; its group is the exercise id.
CHECK_CALL = re.compile(r"""check\(\s*["']([\w.\-]+)["']""")


def valid_points(value) -> bool:
    """True if ``value`` can be an exercise's points: a finite number > 0 (not a bool).

    >>> [valid_points(v) for v in (2, 0.5, 0, -1, True, "3", float("nan"), None)]
    [True, True, False, False, False, False, False, False]
    """
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value > 0)


def cell_points(notebook) -> dict:
    """The points of each exercise of an exercise notebook (an ``nbformat`` notebook), read
    from its check cells' ``metadata.nbgrader.points``; a ParameterError names a check cell
    without points or with points that are not a positive number."""
    points = {}
    for index, cell in enumerate(notebook.cells):
        robodyn = cell.get("metadata", {}).get("robodyn", {})
        if not isinstance(robodyn, dict) or robodyn.get("role") != "check":
            continue
        nbgrader = cell.metadata.get("nbgrader", {})
        value = nbgrader.get("points") if isinstance(nbgrader, dict) else None
        if not valid_points(value):
            raise ParameterError(f"the check cell of {robodyn.get('exercise')!r} (cell "
                                 f"{index}) must have metadata.nbgrader.points, a positive "
                                 f"number, got {value!r}: run `make exercises`")
        points[robodyn.get("exercise")] = value
    return points
