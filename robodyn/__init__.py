"""robodyn: the simulation package of the course book "Robot dynamics, hands-on".

Physics at the top, one package per chapter's subject, machinery and per-chapter content in
parallel folders (ARCHITECTURE.md in the repository draws the map):

- :mod:`robodyn.core`: numerics every chapter uses, no matplotlib (errors, checked parameter
  dataclasses, rotations, integrators and the one result type of every simulation,
  constrained Lagrange models, least-squares fits, parallel runs, sweep sizes, MuJoCo
  helpers);
- :mod:`robodyn.laws`: the friction and contact laws several chapters build on;
- :mod:`robodyn.sources`: the sources' measured robots and rigs;
- the subjects, in the order of the chapters (:data:`SUBJECTS`): :mod:`robodyn.arm`,
  :mod:`robodyn.friction`, :mod:`robodyn.contact`, :mod:`robodyn.diffdrive`,
  :mod:`robodyn.stickslip`, :mod:`robodyn.egg`, :mod:`robodyn.vacuum`; each package's
  ``__init__`` is its chapter's public face;
- :mod:`robodyn.plotting`: interactive figures, animations, 3D scenes (machinery);
- :mod:`robodyn.figures`: one module per chapter, its widgets and drawings;
- :mod:`robodyn.grading`: the check machinery, and the interface the class grader uses;
- :mod:`robodyn.checks`: one module per chapter, its exercises' cases, references and
  typical mistakes.

Functions take and return SI units and radians.
"""

from robodyn.core.errors import ParameterError, ParameterTypeError, RobodynError, SimulationError

#: The subject packages in the order of the book's chapters: a subject builds on the core,
#: the laws, the sources and the subjects before it, never on one after it
#: (tests/test_layers.py). ``make new-chapter`` adds its subject at the end.
SUBJECTS = ("arm", "friction", "contact", "diffdrive", "stickslip", "egg", "vacuum")

__all__ = ["SUBJECTS", "ParameterError", "ParameterTypeError", "RobodynError",
           "SimulationError"]
__version__ = "0.1.0"
