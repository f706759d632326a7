"""Shared fixtures: paths of the repository and of its notebooks; the sweeps' test switch.

In the student release (made by ``classgrade.release``, which leaves ``solutions/`` out and
adds the file ``STUDENT_RELEASE``) the tests marked ``solutions`` skip themselves and say
why. In the instructors' repository they always run: a missing ``solutions/`` there is a
fault, and they fail on it.
"""

import os
from pathlib import Path

import pytest

from robodyn.core.sweeps import QUICK_VARIABLE

# The chapters' heavy sweeps take their smaller size in every notebook the tests execute (the
# book build's included, which then goes into _build/quick): the same code, fewer runs.
# ROBODYN_QUICK=0 in the environment runs the full sweeps under test.
os.environ.setdefault(QUICK_VARIABLE, "1")

from classgrade.release import MARKER

# nbval's cells of the exercise notebooks are named after their exercise ("Cell 7 (exercise
# 4.2, check diffdrive.turning_radius)"), also when a class runs pytest --nbval-lax exercises/.
pytest_plugins = ["classgrade.nbvalnames"]

ROOT = Path(__file__).resolve().parent

#: True in the student release, which has no solutions/ on purpose.
STUDENT_RELEASE = (ROOT / MARKER).is_file()

NO_CHECKS = ("needs robodyn/checks (the exercises' references and typical mistakes), which the "
             "student release leaves out: its notebooks check with the answer key")

NO_SOLUTIONS = ("needs solutions/, which the student release leaves out (it is in the "
                "instructors' repository)")


#: The test modules that share a costly module fixture, longest first. make test hands out
#: whole modules in this order (``--dist loadfile --no-loadscope-reorder``): the book build,
#: the run's long pole, starts at once on one worker while the other takes the rest.
LONGEST_FIRST = ("test_reader_view.py", "test_grading_class.py", "test_widgets.py")


def pytest_collection_modifyitems(config, items):
    """The costly modules first, longest first; in the student release, skip every test
    marked ``solutions`` or ``checks``, saying why."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
    if not STUDENT_RELEASE:
        return
    for marker, reason in (("solutions", NO_SOLUTIONS), ("checks", NO_CHECKS)):
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker(marker) is not None:
                # Before any other skip mark (an empty parameter set's), so that this shows.
                item.add_marker(skip, append=False)


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT
