"""Speed of the planar arm's dynamics, side by side with pinocchio where it is installed.

- one inverse-dynamics call (recursive Newton-Euler) for n = 2 and n = 6 links, robodyn and
  pinocchio (pip package ``pin``, not a requirement of the book: the line is skipped without
  it), the same arm in both, their torques compared first;
- the matrix form M q'' + C q' + G for the same arms;
- a forward-dynamics simulation of the free double pendulum over 10 s (DOP853).

Run with ``make benchmarks`` or ``.venv/bin/python benchmarks/arm_dynamics.py``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from robodyn.arm import PlanarArm

REPEATS = 2000


def median_us(function, repeats: int = REPEATS) -> float:
    """Median time of one call, microseconds (calls timed in batches of 20)."""
    batches = []
    for _ in range(repeats // 20):
        start = time.perf_counter()
        for _ in range(20):
            function()
        batches.append((time.perf_counter() - start) / 20)
    return statistics.median(batches) * 1e6


def pinocchio_model(arm: PlanarArm):
    """The same planar arm in pinocchio: revolute z joints, links along x, gravity along -y."""
    import pinocchio as pin

    model = pin.Model()
    parent = 0
    for i in range(arm.n):
        placement = pin.SE3(np.eye(3), np.array([arm.lengths[i - 1] if i else 0.0, 0.0, 0.0]))
        joint = model.addJoint(parent, pin.JointModelRZ(), placement, f"joint{i + 1}")
        rotational = np.diag([1e-9, 1e-9, arm.inertias[i]])  # only I_zz acts in the plane
        inertia = pin.Inertia(arm.masses[i], np.array([arm.com_distances[i], 0.0, 0.0]),
                              rotational)
        model.appendBodyToJoint(joint, inertia, pin.SE3.Identity())
        parent = joint
    model.gravity.linear = np.array([0.0, -arm.gravity, 0.0])
    return model, model.createData()


def main():
    try:
        import pinocchio as pin
    except ImportError:
        pin = None
    rng = np.random.default_rng(1)
    print("inverse dynamics, one call, median:")
    for n in (2, 6):
        arm = PlanarArm(masses=rng.uniform(0.5, 5, n), lengths=rng.uniform(0.2, 1, n))
        q, qd, qdd = rng.uniform(-2, 2, (3, n))
        ours = median_us(lambda arm=arm, q=q, qd=qd, qdd=qdd: arm.inverse_dynamics(q, qd, qdd))
        matrix = median_us(lambda arm=arm, q=q, qd=qd, qdd=qdd: (
            arm.mass_matrix(q) @ qdd + arm.coriolis_matrix(q, qd) @ qd
            + arm.gravity_torque(q)), repeats=400)
        line = f"  n = {n}: robodyn RNEA {ours:7.1f} us   robodyn M q''+C q'+G {matrix:7.1f} us"
        if pin is None:
            print(line + "   pinocchio: not installed (pip install pin), skipped")
            continue
        model, data = pinocchio_model(arm)
        theirs_tau = pin.rnea(model, data, q, qd, qdd)
        gap = float(np.max(np.abs(theirs_tau - arm.inverse_dynamics(q, qd, qdd))))
        theirs = median_us(lambda model=model, data=data, q=q, qd=qd, qdd=qdd:
                           pin.rnea(model, data, q, qd, qdd), repeats=20000)
        print(line + f"   pinocchio {theirs:6.2f} us   ours / pinocchio {ours / theirs:5.0f}x"
              f"   (torques agree to {gap:.1e} N m)")
    arm = PlanarArm()
    start = time.perf_counter()
    run = arm.simulate([0.5, 1.0], [0.0, 0.0], None, (0.0, 10.0), method="DOP853",
                       rtol=1e-10, atol=1e-12)
    elapsed = time.perf_counter() - start
    print(f"free double pendulum, 10 s with DOP853 (rtol 1e-10): {elapsed * 1e3:.0f} ms, "
          f"{run.t.size} steps")


if __name__ == "__main__":
    main()
