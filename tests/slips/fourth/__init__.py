"""A fourth class's typical wrong answers, to the exercises rewritten so that the package no
longer answers them (issue 37): written blind, by writers who read neither the checks, nor the
solutions, nor the other slip sets, from the exercise notebooks and the lessons alone, each
with a right answer of their own (``RIGHT`` in each module). Measured before any check was
changed for them (the figures are in each module's docstring). One module per subject of the
exercises ``EXERCISES`` lists, each with ``SLIPS``, a list of ``(exercise id, function)``, and
``RIGHT``, ``{exercise id: function}``, and ``BLIND``, its blind measure in words. A module
whose slips the checks have not yet been taught says ``TAUGHT = False``: its slips must be
rejected, and the rule that nine in ten are named waits (tests/test_slips_named.py skips it,
saying so).
"""

#: The exercises this set has slips for: the 25 rewritten in issue 37.
EXERCISES = ("arm.coriolis_matrix", "arm.gravity_torque", "arm.inverse_dynamics",
             "arm.mass_matrix", "contact.normal_force", "contact.restitution_linear",
             "diffdrive.forward_kinematics", "diffdrive.heading_command",
             "diffdrive.integrate_pose", "diffdrive.inverse_kinematics", "egg.center_height",
             "egg.contact_angle", "egg.contact_offset", "egg.euler_rates", "egg.gyro_torque",
             "egg.rocking_period", "friction.mu_from_tilt", "friction.stribeck",
             "stickslip.calibration_cost", "stickslip.inverse_kinematics",
             "vacuum.edge_climb_height", "vacuum.pushed_climb_height", "vacuum.sliding_stop",
             "vacuum.step_distance", "vacuum.wheel_load")
