"""A pytest plugin that names the exercise of each notebook cell nbval reports.

``pytest --nbval-lax exercises/`` runs every code cell of the exercise notebooks as a test
named ``Cell N``, numbered among the code cells from 0: a failure reads
``FAILED exercises/04_differential_drive.ipynb::Cell 7``, and a student has to count cells to
find it. With this plugin (the repository's ``conftest.py`` loads it) a cell under an exercise
heading is named after it, the exercise and the check it calls:
``...ipynb::Cell 7 (exercise 4.2, check diffdrive.turning_radius)``. Cells outside the
exercises keep their name. The headings and check calls are read as ``make check`` reads them
(:mod:`classgrade.checknb`).
"""

from __future__ import annotations

import functools

import nbformat

from classgrade.checknb import _check_ids, _where

__all__ = ["code_cell_labels", "pytest_collection_modifyitems"]


@functools.lru_cache(maxsize=64)
def code_cell_labels(path: str) -> tuple[str, ...]:
    """For each code cell of the notebook at ``path``, in order: "exercise 4.2, check
    diffdrive.turning_radius", "exercise 4.2" or "" (a cell outside the exercises)."""
    try:
        notebook = nbformat.read(path, as_version=4)
    except Exception:  # noqa: BLE001 - nbval reports a broken notebook itself
        return ()
    labels = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        where = _where(notebook, index)
        label = where if where.startswith("exercise") else ""
        checks = _check_ids(cell)
        if label and checks:
            label += ", check " + ", ".join(checks)
        labels.append(label)
    return tuple(labels)


def pytest_collection_modifyitems(config, items):
    """Add the exercise to the name of each nbval cell under an exercise heading."""
    for item in items:
        number = getattr(item, "cell_num", None)
        if not isinstance(number, int) or item.path.suffix != ".ipynb":
            continue
        labels = code_cell_labels(str(item.path))
        if number < len(labels) and labels[number]:
            item.name = f"{item.name} ({labels[number]})"
            # pytest has no public way to rename a collected item: its id is set here as
            # pytest sets it (structured from pytest 9, a string before).
            if hasattr(item, "_id") and hasattr(item.parent, "id"):
                item._id = item.parent.id.child(item.name)
            else:
                item._nodeid = f"{item.parent.nodeid}::{item.name}"
