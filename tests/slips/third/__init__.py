"""A third class's typical wrong answers to the seven exercises added last (2.5, 3.3-3.5, 4.6,
5.5, 7.6), whose other slips were written by the checks' own authors.

Written by two writers who read neither the checks nor the other slip sets: from the exercise
notebooks, the chapters and the solutions; each also wrote a right answer of their own
(``right_friction_contact.py``, ``right_diffdrive_stickslip_vacuum.py``, each with ``RIGHT``).
Measured blind first, before any check was changed for it: 33 of its 56 slips named (59 %),
none passed, and the seven right answers passed. Then the checks were taught the slips that
are one plausible mistake each; left unnamed: 3.4's grid scan for the limit (a numerical
method, off by its grid's spacing). One module per subject, each with a list ``SLIPS`` of
``(exercise id, function)``; ``EXERCISES`` lists the exercises the set covers, and only their
subjects have a module here: a new chapter needs none.
"""

#: The exercises this set has slips for.
EXERCISES = ("contact.euler_step_limit", "contact.size_contact", "contact.stop_by_impulses",
             "diffdrive.square_odometry", "friction.stick_slip_period",
             "stickslip.carried_counts", "vacuum.pushed_climb_height")
