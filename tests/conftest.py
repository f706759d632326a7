"""Shared fixtures: paths of the repository and of its notebooks; the sweeps' test switch.

In the student release (made by ``robodyn.tools.release``, which leaves ``solutions/`` out and
adds the file ``STUDENT_RELEASE``) the tests marked ``solutions`` skip themselves and say
why. In the instructors' repository they always run: a missing ``solutions/`` there is a
fault, and they fail on it.
"""

import os
from pathlib import Path

import pytest

from robodyn.sweeps import QUICK_VARIABLE

# The chapters' heavy sweeps take their smaller size in every notebook the tests execute (the
# book build's included, which then goes into _build/quick): the same code, fewer runs.
# ROBODYN_QUICK=0 in the environment runs the full sweeps under test.
os.environ.setdefault(QUICK_VARIABLE, "1")

from robodyn.tools.release import MARKER

ROOT = Path(__file__).resolve().parents[1]

#: True in the student release, which has no solutions/ on purpose.
STUDENT_RELEASE = (ROOT / MARKER).is_file()

NO_SOLUTIONS = ("needs solutions/, which the student release leaves out (it is in the "
                "instructors' repository)")


#: The test modules that share a costly fixture (named by their ``xdist_group`` marks), longest
#: first. make test hands out whole modules in this order (``--dist loadfile
#: --no-loadscope-reorder``): the book build, the run's long pole, starts at once on one
#: worker while the other takes the rest.
LONGEST_FIRST = ("book", "class", "widgets")


def _group_of(item) -> str | None:
    mark = item.get_closest_marker("xdist_group")
    return (mark.args[0] if mark.args else mark.kwargs.get("name")) if mark else None


def pytest_collection_modifyitems(config, items):
    """The costly groups first, longest first; in the student release, skip every test
    marked ``solutions``, saying why."""
    rank = {group: i for i, group in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(_group_of(item), len(rank)))
    if not STUDENT_RELEASE:
        return
    skip = pytest.mark.skip(reason=NO_SOLUTIONS)
    for item in items:
        if item.get_closest_marker("solutions") is not None:
            # Before any other skip mark (an empty parameter set's), so that this reason shows.
            item.add_marker(skip, append=False)


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT
