"""A pytest plugin that names the exercise of each notebook cell nbval reports.

``pytest --nbval-lax exercises/`` runs every code cell of the exercise notebooks as a test
named ``Cell N``, numbered among the code cells from 0: a failure reads
``FAILED exercises/04_differential_drive.ipynb::Cell 7``, and a student has to count cells to
find it. With this plugin (the repository's ``conftest.py`` loads it) a cell under an exercise
heading is named after it, the exercise and the check it calls:
``...ipynb::Cell 7 (exercise 4.2, check diffdrive.turning_radius)``. Cells outside the
exercises keep their name. The headings and check calls are read as ``make check`` reads them
(:mod:`classgrade.checknb`). The failure's header names the cell the same way.

In a notebook with checks, only the check cells count as passed: a set-up or answer cell that
runs without error is counted as "cells run" (a notebook with one of six exercises solved
reads "5 failed, 1 passed, 8 cells run", not "9 passed"); one that raises is still a failure.
And nbval's colours are left out where the output is not a terminal (a log file), as pytest's
own are.
"""

from __future__ import annotations

import functools
import re
import sys
import types

import nbformat
import pytest

from classgrade.checknb import _check_ids, _where

__all__ = ["code_cell_labels", "pytest_collection_modifyitems", "pytest_configure",
           "pytest_report_teststatus", "pytest_runtest_makereport"]

#: A terminal's colour code (the kernel's tracebacks carry them).
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")

#: The category a passing cell that is not a check is counted in.
CELLS_RUN = "cells run"


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
            # the failure's header: nbval's reportinfo names the cell by its number only
            header = f"{item.path.name}::{item.name}"
            item.reportinfo = types.MethodType(lambda self, h=header: (self.path, 0, h), item)
            item.__dict__.pop("location", None)
            # pytest has no public way to rename a collected item: its id is set here as
            # pytest sets it (structured from pytest 9, a string before).
            if hasattr(item, "_id") and hasattr(item.parent, "id"):
                item._id = item.parent.id.child(item.name)
            else:
                item._nodeid = f"{item.parent.nodeid}::{item.name}"


def pytest_configure(config):
    """nbval colours its messages unless ``--color=no``: where pytest itself would not colour
    (the output is not a terminal), ask for no colour, so that a log file has no escape
    codes."""
    if getattr(config.option, "color", None) == "auto" and not sys.stdout.isatty():
        config.option.color = "no"


def pytest_report_teststatus(report, config):
    """A passing code cell of a notebook with checks that is not itself a check: counted as
    a cell run, not as a passed test."""
    path, _, name = report.nodeid.partition("::")
    if report.when != "call" or not report.passed or not path.endswith(".ipynb") or \
            ", check " in name:
        return None
    labels = code_cell_labels(str(config.rootpath / path))
    if not any(", check " in label for label in labels):
        return None
    return CELLS_RUN, ",", "RAN"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Without colour, a failed cell's message loses the colour codes of the kernel's
    traceback too."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and isinstance(report.longrepr, str) and \
            getattr(item.config.option, "color", None) == "no":
        report.longrepr = _COLOUR.sub("", report.longrepr)
