"""How fast this machine is, so that the other scripts' figures can be compared across machines.

Machines of the same kind differ: the same commit's `make test` took 963 busy CPU-seconds on
one two-core machine of this project and about 1,770 on another (README, "Speed of the test
loop"). Each figure below is the best of REPEATS runs (a virtual machine's speed wavers):

- *Python loop*: 10 million additions of squares in a plain ``for`` loop, what the book's
  Python-float simulation loops and the grader's checks do most;
- *NumPy*: a 400 x 400 matrix product and its inverse, 20 times (with NumPy's own threads);
- *imports*: a new Python process importing NumPy, SciPy's integrators and Matplotlib's
  pyplot, what every kernel, grader and tool starts with.

Run with ``make benchmarks`` or ``.venv/bin/python benchmarks/machine_speed.py``.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time

import numpy as np

REPEATS = 3


def best_of(work) -> float:
    """Seconds of the fastest of REPEATS calls of ``work()``."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def python_loop() -> None:
    total = 0
    for i in range(10_000_000):
        total += i * i


def numpy_work() -> None:
    rng = np.random.default_rng(0)
    matrix = rng.standard_normal((400, 400)) + 400.0 * np.eye(400)
    for _ in range(20):
        np.linalg.inv(matrix @ matrix)


def imports() -> None:
    subprocess.run([sys.executable, "-c", "import numpy, scipy.integrate, matplotlib.pyplot"],
                   check=True, env={**os.environ, "MPLBACKEND": "Agg"})


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    print(f"{cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"NumPy {np.__version__}; the best of {REPEATS} runs")
    print(f"Python loop (1e7 additions)      {best_of(python_loop):6.2f} s")
    print(f"NumPy (20 products and inverses)  {best_of(numpy_work):6.2f} s")
    print(f"imports in a new process          {best_of(imports):6.2f} s")


if __name__ == "__main__":
    main()
