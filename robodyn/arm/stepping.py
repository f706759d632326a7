"""Fixed-step integrators of the arm: explicit and symplectic Euler."""

from __future__ import annotations

import numpy as np

from robodyn.arm.planar_arm import PlanarArm
from robodyn.core.errors import SimulationError
from robodyn.core.params import (
    as_array,
    check_positive,
)


def explicit_euler_step(arm: PlanarArm, q, qd, dt: float):
    r"""One explicit Euler step of the free arm: :math:`q \mathrel{+}= h\dot q`,
    :math:`\dot q \mathrel{+}= h\ddot q(q, \dot q)`, both from the old state. Returns (q, qd)."""
    dt = check_positive("dt", dt, "s")
    qdd = arm.forward_dynamics(q, qd, np.zeros(arm.n))
    return np.asarray(q, float) + dt * np.asarray(qd, float), np.asarray(qd, float) + dt * qdd


def symplectic_euler_step(arm: PlanarArm, q, qd, dt: float, tol: float = 1e-12,
                          max_iterations: int = 50):
    r"""One symplectic Euler step of the free arm in the canonical momenta p = M(q) qd.

    .. math::

        p_{k+1} = p_k - h\, \frac{\partial H}{\partial q}(q_k, p_{k+1}), \qquad
        q_{k+1} = q_k + h\, M(q_k)^{-1} p_{k+1},

    with :math:`H = \tfrac12 p^T M^{-1} p + V` and
    :math:`\partial H / \partial q_l = -\tfrac12 \dot q^T (\partial M / \partial q_l) \dot q
    + G_l`, :math:`\dot q = M^{-1} p`. The first equation is implicit in :math:`p_{k+1}`
    (the kinetic energy depends on q) and is solved by fixed-point iteration. Within the step
    q stays :math:`q_k`, so :math:`M(q_k)` is inverted once; the kinetic term is
    :meth:`PlanarArm.kinetic_energy_gradient` at the rates :math:`M(q_k)^{-1} p`.

    Parameters
    ----------
    arm : PlanarArm
    q, qd : array_like, shape (n,)
        State at the start: rad, rad/s.
    dt : float
        Step, s (> 0).
    tol : float
        Convergence of the fixed-point iteration on p, in kg m^2/s.
    max_iterations : int
        Most iterations.

    Returns
    -------
    q, qd : numpy.ndarray, shape (n,)

    Raises
    ------
    SimulationError
        If the iteration does not converge (advice: a smaller step).

    Notes
    -----
    Symplectic: the energy error stays bounded over long runs instead of drifting, though
    the method is only first order.
    """
    dt = check_positive("dt", dt, "s")
    q = as_array("q", q, "rad", (arm.n,), finite=True)
    qd = as_array("qd", qd, "rad/s", (arm.n,), finite=True)
    M = arm.mass_matrix(q)
    M_inv = np.linalg.inv(M)  # q_k is fixed within the step, and so is M(q_k)
    G = arm.gravity_torque(q)
    p_old = M @ qd
    p = p_old
    for _ in range(max_iterations):
        p_new = p_old - dt * (G - arm.kinetic_energy_gradient(q, M_inv @ p))
        change, size = np.abs(p_new - p).max(), np.abs(p_new).max()
        p = p_new
        if change <= tol * (1.0 + size):
            break
    else:
        raise SimulationError(
            f"the symplectic Euler step did not converge in {max_iterations} iterations at "
            f"dt = {dt:g} s; use a smaller dt"
        )
    q_new = q + dt * (M_inv @ p)
    return q_new, np.linalg.solve(arm.mass_matrix(q_new), p)
