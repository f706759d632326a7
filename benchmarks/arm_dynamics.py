"""Speed of the planar arm's dynamics, side by side with pinocchio where it is installed.

- the three algorithms of rigid-body dynamics, one call each, for n = 2, 6, 12 and 24 links,
  robodyn against pinocchio (pip package ``pin``, installed by ``make benchmarks`` from
  benchmarks/requirements.txt, not a requirement of the book: the table says so without it):
  inverse dynamics against pinocchio's RNEA, the mass matrix against its CRBA and forward
  dynamics against its ABA. The same arm in both, their results compared first; each pair is
  timed in alternating batches, so a load on the machine slows both alike and their ratio
  holds; the table gives the medians and their ratio;
- the matrix form M q'' + C q' + G for the same arms (n <= 6);
- a forward-dynamics simulation of the free double pendulum over 10 s (DOP853).

Run with ``make benchmarks`` or ``.venv/bin/python benchmarks/arm_dynamics.py``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from robodyn.arm import PlanarArm

REPEATS = 2000
SIZES = (2, 6, 12, 24)


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


def algorithm_pairs(arm: PlanarArm, q, qd, qdd, pin):
    """{algorithm: (robodyn call, pinocchio call, largest difference of their results)}; the
    pinocchio call is None without pinocchio. pinocchio's CRBA fills the upper triangle of M
    only (a symmetric matrix needs no more); it is mirrored for the comparison, not timed."""
    tau = arm.inverse_dynamics(q, qd, qdd)
    ours = {
        "inverse dynamics": lambda: arm.inverse_dynamics(q, qd, qdd),
        "mass matrix": lambda: arm.mass_matrix(q),
        "forward dynamics": lambda: arm.forward_dynamics(q, qd, tau),
    }
    if pin is None:
        return {name: (call, None, None) for name, call in ours.items()}
    model, data = pinocchio_model(arm)
    theirs = {
        "inverse dynamics": lambda: pin.rnea(model, data, q, qd, qdd),
        "mass matrix": lambda: pin.crba(model, data, q),
        "forward dynamics": lambda: pin.aba(model, data, q, qd, tau),
    }
    pairs = {}
    for name, call in ours.items():
        result = call()
        reference = np.array(theirs[name]())
        if name == "mass matrix":
            reference = np.triu(reference) + np.triu(reference, 1).T
        pairs[name] = (call, theirs[name], float(np.max(np.abs(result - reference))))
    return pairs


def main():
    try:
        import pinocchio as pin
    except ImportError:
        pin = None
    rng = np.random.default_rng(1)
    peers = {"inverse dynamics": "RNEA", "mass matrix": "CRBA", "forward dynamics": "ABA"}
    print("one call, median of alternating batches (robodyn / pinocchio = ratio):")
    if pin is None:
        print("  pinocchio: not installed (pip install -r benchmarks/requirements.txt); "
              "robodyn alone")
    print("   n  " + "".join(f"{f'{name} / {peer}':>30s}" for name, peer in peers.items()))
    gaps = {}
    arms = []
    for n in SIZES:
        arm = PlanarArm(masses=rng.uniform(0.5, 5, n), lengths=rng.uniform(0.2, 1, n))
        q, qd, qdd = rng.uniform(-2, 2, (3, n))
        arms.append((arm, q, qd, qdd))
        cells = []
        for name, (ours_call, theirs_call, gap) in algorithm_pairs(arm, q, qd, qdd,
                                                                   pin).items():
            if theirs_call is None:
                cells.append(f"{median_us(ours_call):7.1f} us / -")
                continue
            ours, theirs = paired_median_us(ours_call, theirs_call)
            cells.append(f"{ours:7.1f} us / {theirs:5.2f} us = {ours / theirs:3.0f}x")
            gaps[name] = max(gaps.get(name, 0.0), gap)
        print(f"  {n:2d}  " + "".join(f"{cell:>30s}" for cell in cells))
    if gaps:
        print("  largest differences from pinocchio: "
              f"torques {gaps['inverse dynamics']:.0e} N m, "
              f"M {gaps['mass matrix']:.0e} kg m^2, "
              f"accelerations {gaps['forward dynamics']:.0e} rad/s^2")
    print("matrix form M q'' + C q' + G, one call, median:")
    for arm, q, qd, qdd in arms:
        if arm.n > 6:
            continue
        matrix = median_us(lambda arm=arm, q=q, qd=qd, qdd=qdd: (
            arm.mass_matrix(q) @ qdd + arm.coriolis_matrix(q, qd) @ qd
            + arm.gravity_torque(q)), repeats=400)
        print(f"  n = {arm.n:2d}: {matrix:7.1f} us")
    arm = PlanarArm()
    start = time.perf_counter()
    run = arm.simulate([0.5, 1.0], [0.0, 0.0], None, (0.0, 10.0), method="DOP853",
                       rtol=1e-10, atol=1e-12)
    elapsed = time.perf_counter() - start
    print(f"free double pendulum, 10 s with DOP853 (rtol 1e-10): {elapsed * 1e3:.0f} ms, "
          f"{run.t.size} steps")


if __name__ == "__main__":
    main()
