"""The core of robodyn: numerics every chapter uses, free of any chapter's subject and of
matplotlib.

- :mod:`~robodyn.core.errors`: the package's error classes;
- :mod:`~robodyn.core.params`: parameter dataclasses whose fields declare unit, range and
  origin, and the checks of single inputs;
- :mod:`~robodyn.core.rotations`: rotation matrices, Euler angles, quaternions;
- :mod:`~robodyn.core.integrate`: fixed steps, ``solve_ivp`` and LSODA with the one result
  type of every simulation, :class:`~robodyn.core.integrate.SimulationResult`;
- :mod:`~robodyn.core.mechanics`: constrained Lagrange models and their reduction;
- :mod:`~robodyn.core.fitting`: least-squares fits with standard errors and intervals;
- :mod:`~robodyn.core.parallel`: one task over many arguments in worker processes;
- :mod:`~robodyn.core.sweeps`: the chapters' heavy sweeps, smaller under test;
- :mod:`~robodyn.core.mjcf`: helpers of the MuJoCo models of chapters 6 and 7.
"""
