"""What the book's MuJoCo models share: loading MuJoCo, writing numbers into a model's XML (its
MJCF), and checking the contact solver's parameters.

Chapters 6 (:mod:`robodyn.egg.mujoco`) and 7 (:mod:`robodyn.vacuum.mujoco`) hold their
results against MuJoCo, a second engine. MuJoCo's soft contact is set by two groups of numbers
(MuJoCo documentation, "Solver parameters"):

- ``solref = (time constant, damping ratio)``: the contact behaves like a mass-spring-damper
  whose period-like time constant and damping ratio are these;
- ``solimp = (d0, d_width, width)``: the impedance, the share of the constraint force that is
  applied, rising from d0 to d_width over a penetration of ``width`` metres.

>>> mjcf_number(0.1)
'0.10000000000000001'
>>> check_solref("solref", (2e-4, 1.0))
(0.0002, 1.0)
>>> check_solimp("solimp", (0.9, 0.95, 1e-3))
(0.9, 0.95, 0.001)
"""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import as_array

__all__ = ["INTEGRATORS", "check_solimp", "check_solref", "load_mujoco", "mjcf_number"]

#: MuJoCo's integrators the book's models accept; "Euler" is MuJoCo's semi-implicit Euler.
INTEGRATORS = ("Euler", "implicitfast", "implicit", "RK4")


def load_mujoco(needed_by: str = __name__):
    """The mujoco module, or an ImportError that says which module of the book needs it."""
    try:
        import mujoco
    except ImportError as error:  # pragma: no cover - mujoco is in requirements.txt
        raise ImportError(f"{needed_by} needs the mujoco package: "
                          "pip install -r requirements.txt -c constraints.txt") from error
    return mujoco


def mjcf_number(value: float) -> str:
    """A number for a MuJoCo XML model, written with all the digits of a float."""
    return f"{value:.17g}"


def check_solref(name: str, solref) -> tuple[float, float]:
    """``solref`` as (time constant > 0 s, damping ratio > 0), or a ParameterError naming
    ``name``."""
    values = as_array(name, solref, "s, 1", (2,), finite=True)
    if np.any(values <= 0):
        raise ParameterError(f"{name} must be (time constant > 0 s, damping ratio > 0), got "
                             f"{values.tolist()}")
    return float(values[0]), float(values[1])


def check_solimp(name: str, solimp) -> tuple[float, float, float]:
    """``solimp`` as (d0, d_width, width) with 0 < d0 <= d_width < 1 and width > 0 m, or a
    ParameterError naming ``name``."""
    values = as_array(name, solimp, "1, 1, m", (3,), finite=True)
    d0, d_width, width = values.tolist()
    if not (0 < d0 <= d_width < 1 and width > 0):
        raise ParameterError(f"{name} must be (d0, d_width, width) with 0 < d0 <= d_width < 1 "
                             f"and width > 0 m, got {values.tolist()}")
    return d0, d_width, width
