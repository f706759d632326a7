"""The gyro experiment of chapter 6, and a grid of its runs.

The egg lies still on its side, its rotor spinning along the long axis; the servos then tilt
the inner ring of the gimbal. With the rotor at rest the shell turns the other way; with the
rotor spinning the tilt makes the egg precess. :func:`gyro_grid` runs the experiment over
rotor speeds and tilts, the grid of the chapter's gyro explorer.
"""

from __future__ import annotations

import dataclasses
import sys

import numpy as np
from tqdm import tqdm

from robodyn.core.sweeps import sized
from robodyn.egg.gimbal import ServoMove
from robodyn.egg.params import EggParams
from robodyn.egg.rolling import simulate

#: Grid of the gyro explorer: rotor speeds (rad/s) and gimbal tilts (rad).
GYRO_SPEEDS = (0.0, 1000.0, 2000.0, 3000.0)
GYRO_TILTS = (0.15, 0.3, 0.45, 0.6)
#: Its corners under the test switch (robodyn.core.sweeps): 4 runs instead of 16, the chapter's
#: (3000 rad/s, 0.45 rad) among them.
QUICK_GYRO_SPEEDS, QUICK_GYRO_TILTS = (0.0, 3000.0), (0.15, 0.45)
#: The gimbal moves between these times, s; the runs last GYRO_TIME.
GYRO_MOVE, GYRO_TIME = (0.2, 1.0), 3.0


def gimbal_tilt_run(rotor_speed: float, psi: float, params: EggParams | None = None,
                    t_end: float = GYRO_TIME, dt: float = 0.02, rtol: float = 1e-6):
    """The egg lying still, its rotor spinning along the long axis; the inner ring is then
    tilted by ``psi`` (rad) over :data:`GYRO_MOVE`. Returns the :func:`robodyn.egg.simulate`
    run (tolerances loose enough for a grid, tight enough for the picture)."""
    params = EggParams() if params is None else params
    params = dataclasses.replace(params, rotor_speed=rotor_speed)
    mu = psi / params.gear_ratio
    move = ServoMove(end=(mu, -mu), t0=GYRO_MOVE[0], t1=GYRO_MOVE[1])
    return simulate(params, move, t_end=t_end, tilt=np.pi / 2, dt=dt, rtol=rtol,
                        atol=rtol * 1e-2)


def gyro_grid(speeds=None, tilts=None, progress: bool = True) -> dict:
    """Runs of :func:`gimbal_tilt_run` for every rotor speed and gimbal tilt, by (speed, tilt);
    with a progress bar on standard output. ``None``: :data:`GYRO_SPEEDS` and
    :data:`GYRO_TILTS` (their corners under the test switch)."""
    speeds = sized(GYRO_SPEEDS, QUICK_GYRO_SPEEDS) if speeds is None else speeds
    tilts = sized(GYRO_TILTS, QUICK_GYRO_TILTS) if tilts is None else tilts
    pairs = [grid_key(w, p) for w in speeds for p in tilts]
    bar = tqdm(pairs, desc="gimbal runs", file=sys.stdout, disable=not progress,
               mininterval=1.0)
    return {pair: gimbal_tilt_run(*pair) for pair in bar}


def grid_key(rotor_speed, gimbal_tilt) -> tuple[float, float]:
    """A grid point as a dictionary key: a slider's 0.15 + 2 * 0.15 is the grid's 0.45."""
    return round(float(rotor_speed), 6), round(float(gimbal_tilt), 6)
