r"""The egg-shaped robot: attitude by z-x-z Euler angles, and the geometry of its rolling shell.

(Chapter 6. Also here: the robot's parameters, :class:`EggParams`, each with its source; the
gimbal and the chain of four bodies; the rolling dynamics, :func:`simulate`, which returns an
:class:`robodyn.core.integrate.SimulationResult`; the closed forms that check it; and the
upright egg's stability against the rotor's speed, :func:`critical_rotor_speed`.)

**Conventions.** World z up. The shell is a prolate ellipsoid of revolution with its long axis
along the body's z' axis: semi-axis :math:`R_1` along z', :math:`R_2` across it,
:math:`R_1 > R_2`. Its attitude is

.. math:: R_{WB} = R_z(\gamma)\,R_x(eta)\,R_z(lpha) \quad	ext{(body to world)},

:math:`lpha` the spin about the long axis, :math:`eta` the tilt of the long axis from the
vertical, :math:`\gamma` the heading of the tilt axis. The source (Mayer 2018) writes the same
attitude as :math:`R_z(-\gamma) R_x(-eta) R_z(-lpha)`: its angles are these with the
opposite sign.

**Geometry.** A meridian point of the shell at the parametric angle :math:`\psi` (from the long
axis) is :math:`(
ho, z') = (R_2\sin\psi,\ R_1\cos\psi)`. Tilted by :math:`eta_v`, the shell
touches the floor where its outward normal points straight down: there
:math:`	an\psi_c = (R_2/R_1)	aneta_v`, the contact seen from the centre makes the angle
:math:`eta_p` with the long axis, :math:`	aneta_p = (R_2/R_1)^2	aneta_v`, and the
centre stands at :math:`H = \sqrt{R_1^2\cos^2eta_v + R_2^2\sin^2eta_v}` above the floor.
"""

from robodyn.egg.attitude import (
    EULER_SINGULAR_TOLERANCE,
    euler_angles,
    euler_rate_matrix,
    euler_rates,
    gyro_torque,
    rotation,
)
from robodyn.egg.closed_forms import (
    lumped_inertia,
    oscillation_period,
    rocking_period,
    small_angle_period,
)
from robodyn.egg.geometry import (
    center_height,
    check_radii,
    contact_angle,
    contact_offset,
    curvature_radii,
    polar_radius,
)
from robodyn.egg.gimbal import (
    ServoMove,
    angular_momentum_direct,
    angular_momentum_recursive,
    body_attitudes,
    body_rates_recursive,
    gimbal_angles,
    relative_rotations,
)
from robodyn.egg.gyro import GYRO_SPEEDS, GYRO_TILTS, gimbal_tilt_run, gyro_grid
from robodyn.egg.params import BODY_NAMES, EggParams, disc_inertia, hoop_inertia, shell_inertia
from robodyn.egg.rolling import OUTPUT_NAMES, STATE_NAMES, contact_rate, rolling_move, simulate
from robodyn.egg.stability import (
    critical_rotor_speed,
    growth_rate,
    gyro_eigenvalues,
    gyro_linearisation,
    upright_coefficients,
)


def compile_ahead() -> None:
    """Compile the equations of :mod:`robodyn.egg.compiled` to machine code now (numba
    keeps it in ``__pycache__`` for every later process): a short run calls each compiled
    function with the argument types :func:`simulate` uses. ``make .venv`` runs it once."""
    simulate(EggParams(), t_end=0.05)


__all__ = [
    "compile_ahead",
    "GYRO_SPEEDS",
    "GYRO_TILTS",
    "gimbal_tilt_run",
    "gyro_grid",
    "BODY_NAMES",
    "EULER_SINGULAR_TOLERANCE",
    "EggParams",
    "OUTPUT_NAMES",
    "STATE_NAMES",
    "ServoMove",
    "angular_momentum_direct",
    "angular_momentum_recursive",
    "body_attitudes",
    "body_rates_recursive",
    "center_height",
    "check_radii",
    "contact_angle",
    "contact_offset",
    "contact_rate",
    "critical_rotor_speed",
    "curvature_radii",
    "disc_inertia",
    "euler_angles",
    "euler_rate_matrix",
    "euler_rates",
    "gimbal_angles",
    "growth_rate",
    "gyro_eigenvalues",
    "gyro_linearisation",
    "gyro_torque",
    "hoop_inertia",
    "lumped_inertia",
    "oscillation_period",
    "polar_radius",
    "relative_rotations",
    "rocking_period",
    "rolling_move",
    "rotation",
    "shell_inertia",
    "simulate",
    "small_angle_period",
    "upright_coefficients",
]
