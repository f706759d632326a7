"""Speed of the planar arm's dynamics, side by side with pinocchio where it is installed.

- one inverse-dynamics call (recursive Newton-Euler) for n = 2, 6, 12 and 24 links, robodyn
  and pinocchio (pip package ``pin``, installed by ``make benchmarks`` from
  benchmarks/requirements.txt, not a requirement of the book: the line says so without it),
  the same arm in both, their torques compared first; the two are timed in alternating
  batches, so a load on the machine slows both alike and their ratio holds;
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


def paired_median_us(first, second, repeats: int = REPEATS) -> tuple[float, float]:
    """Median times of one call of each, microseconds, timed in alternating batches of 20."""
    batches = ([], [])
    for _ in range(repeats // 20):
        for function, times in zip((first, second), batches, strict=True):
            start = time.perf_counter()
            for _ in range(20):
                function()
            times.append((time.perf_counter() - start) / 20)
    return statistics.median(batches[0]) * 1e6, statistics.median(batches[1]) * 1e6


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
    for n in (2, 6, 12, 24):
        arm = PlanarArm(masses=rng.uniform(0.5, 5, n), lengths=rng.uniform(0.2, 1, n))
        q, qd, qdd = rng.uniform(-2, 2, (3, n))

        def ours_call(arm=arm, q=q, qd=qd, qdd=qdd):
            return arm.inverse_dynamics(q, qd, qdd)

        line = f"  n = {n:2d}: robodyn RNEA"
        matrix_text = ""
        if n <= 6:
            matrix = median_us(lambda arm=arm, q=q, qd=qd, qdd=qdd: (
                arm.mass_matrix(q) @ qdd + arm.coriolis_matrix(q, qd) @ qd
                + arm.gravity_torque(q)), repeats=400)
            matrix_text = f"   (robodyn M q''+C q'+G {matrix:6.1f} us)"
        if pin is None:
            print(f"{line} {median_us(ours_call):6.1f} us   pinocchio: not installed "
                  f"(pip install -r benchmarks/requirements.txt), skipped{matrix_text}")
            continue
        model, data = pinocchio_model(arm)
        theirs_tau = pin.rnea(model, data, q, qd, qdd)
        gap = float(np.max(np.abs(theirs_tau - arm.inverse_dynamics(q, qd, qdd))))
        ours, theirs = paired_median_us(
            ours_call, lambda model=model, data=data, q=q, qd=qd, qdd=qdd:
            pin.rnea(model, data, q, qd, qdd))
        print(f"{line} {ours:6.1f} us   pinocchio {theirs:5.2f} us   ours / pinocchio "
              f"{ours / theirs:4.0f}x   (torques agree to {gap:.0e} N m){matrix_text}")
    arm = PlanarArm()
    start = time.perf_counter()
    run = arm.simulate([0.5, 1.0], [0.0, 0.0], None, (0.0, 10.0), method="DOP853",
                       rtol=1e-10, atol=1e-12)
    elapsed = time.perf_counter() - start
    print(f"free double pendulum, 10 s with DOP853 (rtol 1e-10): {elapsed * 1e3:.0f} ms, "
          f"{run.t.size} steps")


if __name__ == "__main__":
    main()
