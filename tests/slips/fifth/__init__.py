"""A fifth class's typical wrong answers, to the three exercises that grew into a larger task
(issue 37): 1.1, the swing of a pendulum with friction (a simulation), 4.3, the arc through a
waypoint, and 2.3, Karnopp's band chosen for a time step (which the package answered with a
parameter filled in). Written blind, as the fourth set was, by writers who read
neither the checks, nor the solutions, nor the other slip sets, from the exercise notebooks
and the lessons alone, each with a right answer of their own (``RIGHT`` in each module), and
measured before any check was changed for them (the figures are in each module's docstring).
One module per subject of the exercises ``EXERCISES`` lists, each with ``SLIPS`` and ``RIGHT``
as in the fourth set.
"""

#: The exercises this set has slips for.
EXERCISES = ("arm.pendulum_swing", "diffdrive.turning_radius", "friction.karnopp")
