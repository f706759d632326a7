"""How large the book's heavy sweeps are: full for a reader, smaller under test.

One switch, the environment variable ``ROBODYN_QUICK``. Unset or ``0``, :func:`sized` gives a
sweep's full size, the one the rendered book shows; ``1`` (the test suite sets it, see
``conftest.py``) gives the smaller size a chapter names beside it, and an animation
draws a few of its frames (:func:`robodyn.plotting.animation.frame_indices`). The code path
is the same either way: only the number of runs and frames changes. A build under the
switch goes into a folder of its own (:func:`booktools.bookbuild.output_dir`), so its
smaller figures never reach ``make book``'s cache.

>>> import os
>>> os.environ.pop(QUICK_VARIABLE, None) and None
>>> sized((0.25, 0.3, 0.35), small=(0.25, 0.35))
(0.25, 0.3, 0.35)
"""

from __future__ import annotations

import os

from robodyn.core.errors import ParameterError

__all__ = ["QUICK_VARIABLE", "quick", "sized"]

#: The environment variable of the switch: "1" for the smaller sweeps, "0" or unset for full.
QUICK_VARIABLE = "ROBODYN_QUICK"


def quick() -> bool:
    """True when ``ROBODYN_QUICK`` is ``1``, False when it is ``0`` or unset.

    Raises
    ------
    ParameterError
        If the variable holds anything else (a typo must not silently pick a size).
    """
    value = os.environ.get(QUICK_VARIABLE, "").strip()
    if value not in ("", "0", "1"):
        raise ParameterError(
            f"the environment variable {QUICK_VARIABLE} must be 1 (smaller sweeps, as under "
            f"test) or 0 (the book's full sweeps), got {value!r}"
        )
    return value == "1"


def sized(full, small):
    """``full``, the sweep the book shows, or ``small`` under the test switch (:func:`quick`).

    Parameters
    ----------
    full, small
        The two sizes of one sweep (grids, lists of cases, tolerances), as the caller wants
        them; nothing is checked or converted.
    """
    return small if quick() else full
