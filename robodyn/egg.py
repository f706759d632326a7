r"""The egg-shaped robot: attitude by z-x-z Euler angles, and the geometry of its rolling shell.

(Chapter 6. Also here: the robot's parameters, :class:`EggParams`, each with its source; the
gimbal and the chain of four bodies; the rolling dynamics, :func:`simulate`, which returns an
:class:`robodyn.integrate.SimulationResult`; and the closed forms that check it.)

**Conventions.** World z up. The shell is a prolate ellipsoid of revolution with its long axis
along the body's z' axis: semi-axis :math:`R_1` along z', :math:`R_2` across it,
:math:`R_1 > R_2`. Its attitude is

.. math:: R_{WB} = R_z(\gamma)\,R_x(\beta)\,R_z(\alpha) \quad\text{(body to world)},

:math:`\alpha` the spin about the long axis, :math:`\beta` the tilt of the long axis from the
vertical, :math:`\gamma` the heading of the tilt axis. The source (Mayer 2018) writes the same
attitude as :math:`R_z(-\gamma) R_x(-\beta) R_z(-\alpha)`: its angles are these with the
opposite sign.

**Geometry.** A meridian point of the shell at the parametric angle :math:`\psi` (from the long
axis) is :math:`(\rho, z') = (R_2\sin\psi,\ R_1\cos\psi)`. Tilted by :math:`\beta_v`, the shell
touches the floor where its outward normal points straight down: there
:math:`\tan\psi_c = (R_2/R_1)\tan\beta_v`, the contact seen from the centre makes the angle
:math:`\beta_p` with the long axis, :math:`\tan\beta_p = (R_2/R_1)^2\tan\beta_v`, and the
centre stands at :math:`H = \sqrt{R_1^2\cos^2\beta_v + R_2^2\sin^2\beta_v}` above the floor.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.errors import ParameterError
from robodyn.integrate import SimulationResult, join, solve
from robodyn.params import (
    STANDARD_GRAVITY,
    Parameters,
    as_array,
    check_non_negative,
    check_positive,
    check_real,
    quantity,
    scalar_or_array,
)
from robodyn.rotations import (
    check_unit_quaternion,
    matrix_to_quaternion,
    quaternion_multiply,
    quaternion_to_matrix,
    rot_x,
    rot_z,
)

__all__ = [
    "BODY_NAMES",
    "check_radii",
    "EULER_SINGULAR_TOLERANCE",
    "EggParams",
    "OUTPUT_NAMES",
    "STATE_NAMES",
    "ServoMove",
    "angular_momentum_direct",
    "angular_momentum_recursive",
    "body_attitudes",
    "body_rates_recursive",
    "disc_inertia",
    "gimbal_angles",
    "hoop_inertia",
    "lumped_inertia",
    "relative_rotations",
    "rocking_period",
    "rolling_move",
    "shell_inertia",
    "simulate",
    "small_angle_period",
    "center_height",
    "contact_angle",
    "contact_offset",
    "contact_rate",
    "curvature_radii",
    "euler_angles",
    "euler_rate_matrix",
    "euler_rates",
    "gyro_torque",
    "oscillation_period",
    "polar_radius",
    "rotation",
]

#: Below this |sin(beta)|, :func:`euler_rates` refuses: the z-x-z angles are singular there.
EULER_SINGULAR_TOLERANCE = 1e-9


# --------------------------------------------------------------------------- attitude


def rotation(alpha: float, beta: float, gamma: float) -> np.ndarray:
    r"""The shell's attitude :math:`R_{WB} = R_z(\gamma) R_x(\beta) R_z(\alpha)` (body to world).

    >>> R = rotation(0.3, 0.5, 1.0)
    >>> print(np.allclose(R @ R.T, np.eye(3)), round(float(np.linalg.det(R)), 12))
    True 1.0
    """
    alpha = check_real("alpha", alpha, "rad")
    beta = check_real("beta", beta, "rad")
    gamma = check_real("gamma", gamma, "rad")
    return rot_z(gamma) @ rot_x(beta) @ rot_z(alpha)


def euler_angles(R) -> tuple[float, float, float]:
    """The angles (alpha, beta, gamma) of an attitude, beta in [0, pi]; alpha and gamma in
    (-pi, pi]. At beta = 0 or pi only alpha + gamma (or alpha - gamma) is defined: alpha is
    then returned as 0."""
    R = as_array("R", R, "", (3, 3), finite=True)
    beta = math.acos(max(-1.0, min(1.0, R[2, 2])))
    if math.sin(beta) < EULER_SINGULAR_TOLERANCE:
        return 0.0, beta, math.atan2(R[1, 0], R[0, 0])
    alpha = math.atan2(R[2, 0], R[2, 1])
    gamma = math.atan2(R[0, 2], -R[1, 2])
    return alpha, beta, gamma


def euler_rate_matrix(alpha: float, beta: float) -> np.ndarray:
    r"""The matrix E with :math:`\omega_B = E\,(\dot\alpha, \dot\beta, \dot\gamma)`.

    .. math::

        \omega_B = \dot\alpha\,\hat z + \dot\beta\,(\cos\alpha, -\sin\alpha, 0)
                   + \dot\gamma\,(\sin\beta\sin\alpha,\ \sin\beta\cos\alpha,\ \cos\beta)

    (each rate times its axis, seen in the body frame). Its determinant is
    :math:`\sin\beta`: singular when the long axis is vertical.
    """
    sa, ca = math.sin(alpha), math.cos(alpha)
    sb, cb = math.sin(beta), math.cos(beta)
    return np.array([[0.0, ca, sb * sa],
                     [0.0, -sa, sb * ca],
                     [1.0, 0.0, cb]])


def euler_rates(alpha: float, beta: float, gamma: float, omega_B):
    r"""Euler-angle rates from the body-frame angular velocity: the inverse of
    :func:`euler_rate_matrix`.

    .. math::

        \dot\beta = \omega_x\cos\alpha - \omega_y\sin\alpha, \quad
        \dot\gamma = \frac{\omega_x\sin\alpha + \omega_y\cos\alpha}{\sin\beta}, \quad
        \dot\alpha = \omega_z - \dot\gamma\cos\beta .

    (Not the transpose of E: E is not orthogonal.) ``gamma`` does not enter.

    Raises
    ------
    ParameterError
        Where :math:`|\sin\beta|` < :data:`EULER_SINGULAR_TOLERANCE`: with the long axis
        vertical, spin and heading turn about the same axis and their rates are not defined.
        Integrate the attitude as a quaternion there (:func:`robodyn.rotations.quaternion_rate`).
    """
    alpha = check_real("alpha", alpha, "rad")
    beta = check_real("beta", beta, "rad")
    check_real("gamma", gamma, "rad")
    wx, wy, wz = as_array("omega_B", omega_B, "rad/s", (3,), finite=True)
    sb = math.sin(beta)
    if abs(sb) < EULER_SINGULAR_TOLERANCE:
        raise ParameterError(
            f"euler_rates is singular at beta = {beta:g} rad (sin(beta) = {sb:.1e}): with the "
            "long axis vertical, alpha and gamma turn about the same axis. Integrate the "
            "attitude as a quaternion (robodyn.rotations.quaternion_rate).")
    sa, ca = math.sin(alpha), math.cos(alpha)
    beta_dot = wx * ca - wy * sa
    gamma_dot = (wx * sa + wy * ca) / sb
    alpha_dot = wz - gamma_dot * math.cos(beta)
    return alpha_dot, beta_dot, gamma_dot


def gyro_torque(L, omega):
    r"""The gyroscopic term of Euler's equations, :math:`L \times \omega = -\,\omega \times L`.

    **Sign convention.** Seen in a frame that turns with the angular velocity
    :math:`\omega`, an angular momentum :math:`L` changes as

    .. math:: \frac{dL}{dt}\Big|_{\text{frame}} = M + L \times \omega ,

    :math:`M` the torque of the outside world. This function returns :math:`L \times \omega`,
    the torque the turning frame seems to feel. (The source adds :math:`\omega \times L`: the
    opposite sign: see the errata page.)

    Parameters
    ----------
    L : array_like, shape (3,) or (n, 3)
        Angular momentum, kg m^2/s, in the turning frame.
    omega : array_like, shape (3,) or (n, 3)
        Angular velocity of that frame, rad/s, in the same frame.

    >>> gyro_torque([0, 0, 2.0], [1.0, 0, 0])   # a rotor along z, turned about x
    array([0., 2., 0.])
    """
    L = as_array("L", L, "kg m^2/s", finite=True)
    omega = as_array("omega", omega, "rad/s", finite=True)
    for name, value in (("L", L), ("omega", omega)):
        if value.ndim not in (1, 2) or value.shape[-1] != 3:
            raise ParameterError(f"{name} must have shape (3,) or (n, 3), got {value.shape}")
    return np.cross(L, omega)


# --------------------------------------------------------------------------- geometry


def check_radii(R1, R2, prolate: bool = True) -> tuple[float, float]:
    """R1 and R2 as positive floats; with ``prolate``, R1 >= R2 (else the error says swapped?)."""
    R1 = check_positive("R1", R1, "m")
    R2 = check_positive("R2", R2, "m")
    if prolate and R1 < R2:
        raise ParameterError(f"R1 (the long semi-axis) must be >= R2 for the prolate egg, got "
                             f"R1 = {R1:g} m < R2 = {R2:g} m (swapped?)")
    return R1, R2


def _tilt(beta_v):
    beta = as_array("beta_v", beta_v, "rad", finite=True)
    if np.any((beta < 0) | (beta > np.pi / 2)):
        raise ParameterError(f"beta_v must lie in [0, pi/2] rad (the tilt of the long axis "
                             f"from the vertical), got {beta!r}")
    return beta



def polar_radius(theta, R1: float, R2: float):
    r"""Distance from the centre to the shell at the angle :math:`\theta` from the long axis.

    .. math:: |r(\theta)| = \frac{R_1 R_2}{\sqrt{R_2^2\cos^2\theta + R_1^2\sin^2\theta}}

    (:math:`R_1` along the axis, :math:`R_2` across it.)
    """
    R1, R2 = check_radii(R1, R2, prolate=False)
    theta = as_array("theta", theta, "rad", finite=True)
    radius = R1 * R2 / np.sqrt(R2**2 * np.cos(theta) ** 2 + R1**2 * np.sin(theta) ** 2)
    return scalar_or_array(radius)


def contact_angle(beta_v, R1: float, R2: float):
    r"""Angle :math:`\beta_p` between the long axis and the line from the centre to the contact.

    .. math:: \tan\beta_p = \Big(\frac{R_2}{R_1}\Big)^2 \tan\beta_v

    The source's equations 22-23 give the same. For a sphere :math:`\beta_p = \beta_v`; for a
    prolate egg the contact lags behind the tilt, towards the end that is down.

    Parameters
    ----------
    beta_v : float or array_like
        Tilt of the long axis from the vertical, rad, in [0, pi/2].
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    return scalar_or_array(np.arctan2((R2 / R1) ** 2 * np.sin(beta), np.cos(beta)))


def center_height(beta_v, R1: float, R2: float):
    r"""Height of the centre above the floor: :math:`H = \sqrt{R_1^2\cos^2\beta_v +
    R_2^2\sin^2\beta_v}` (the ellipse's support function).

    Upright (:math:`\beta_v = 0`) the egg stands on its tip at :math:`R_1`; lying it rests at
    :math:`R_2`. The potential energy :math:`m g H` is largest upright: the egg lies down.
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    return scalar_or_array(np.sqrt(R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2))


def contact_offset(beta_v, R1: float, R2: float):
    r"""Horizontal distance from the centre to the contact point, m, towards the lower end.

    .. math:: d = \frac{(R_1^2 - R_2^2)\sin\beta_v\cos\beta_v}{H}

    (the derivative of the support function). Zero upright, lying, and for a sphere: only
    there does gravity pass through the contact.
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    H = np.sqrt(R1**2 * np.cos(beta) ** 2 + R2**2 * np.sin(beta) ** 2)
    return scalar_or_array((R1**2 - R2**2) * np.sin(beta) * np.cos(beta) / H)


def curvature_radii(beta_v, R1: float, R2: float):
    r"""Principal radii of curvature of the shell at the contact point: (meridian, transverse).

    At the parametric angle :math:`\psi_c` (:math:`\tan\psi_c = (R_2/R_1)\tan\beta_v`), with
    :math:`q = R_1^2\sin^2\psi_c + R_2^2\cos^2\psi_c`:

    .. math:: \rho_m = \frac{q^{3/2}}{R_1 R_2}, \qquad \rho_t = \frac{R_2}{R_1}\sqrt q .

    The egg rolls over the floor along the meridian like a wheel of radius :math:`\rho_m`.
    """
    R1, R2 = check_radii(R1, R2)
    beta = _tilt(beta_v)
    psi = np.arctan2(R2 * np.sin(beta), R1 * np.cos(beta))
    q = R1**2 * np.sin(psi) ** 2 + R2**2 * np.cos(psi) ** 2
    return scalar_or_array(q**1.5 / (R1 * R2)), scalar_or_array(R2 / R1 * np.sqrt(q))


# --------------------------------------------------------------------------- the four bodies


def shell_inertia(mass: float, R1: float, R2: float) -> np.ndarray:
    r"""Principal moments (x', y', z') of a thin uniform shell shaped as the egg, kg m^2.

    Surface integrals over the spheroid :math:`(R_2\sin\psi\cos\varphi, R_2\sin\psi
    \sin\varphi, R_1\cos\psi)` with the area element :math:`dA = R_2\sin\psi\,
    \sqrt{R_2^2\cos^2\psi + R_1^2\sin^2\psi}\;d\psi\,d\varphi`, by Gauss-Legendre quadrature
    in :math:`\psi` (exact to rounding: the integrand is smooth). A sphere gives
    :math:`\tfrac23 m R^2` about every axis.
    """
    mass = check_positive("mass", mass, "kg")
    R1, R2 = check_radii(R1, R2, prolate=False)
    nodes, weights = np.polynomial.legendre.leggauss(200)
    psi = 0.5 * np.pi * (nodes + 1.0)
    area = 0.5 * np.pi * weights * R2 * np.sin(psi) * np.sqrt(
        R2**2 * np.cos(psi) ** 2 + R1**2 * np.sin(psi) ** 2)       # per unit azimuth
    rho2 = (R2 * np.sin(psi)) ** 2                                  # distance^2 from z'
    z2 = (R1 * np.cos(psi)) ** 2
    total = area.sum()
    axial = mass * np.sum(area * rho2) / total
    transverse = mass * np.sum(area * (0.5 * rho2 + z2)) / total
    return np.array([transverse, transverse, axial])


def hoop_inertia(mass: float, radius: float) -> np.ndarray:
    """Principal moments (x, y, z) of a thin hoop lying in its x-z plane (its normal along y):
    m r^2 / 2 about the diameters x and z, m r^2 about the normal y."""
    mass = check_positive("mass", mass, "kg")
    radius = check_positive("radius", radius, "m")
    return mass * radius**2 * np.array([0.5, 1.0, 0.5])


def disc_inertia(mass: float, radius: float) -> np.ndarray:
    """Principal moments (x, y, z) of a thin uniform disc with its axis along z:
    m r^2 / 4 about the diameters, m r^2 / 2 about the axis."""
    mass = check_positive("mass", mass, "kg")
    radius = check_positive("radius", radius, "m")
    return mass * radius**2 * np.array([0.25, 0.25, 0.5])


def _check_principal(name: str, moments) -> np.ndarray:
    moments = as_array(name, moments, "kg m^2", (3,), finite=True)
    if np.any(moments <= 0):
        raise ParameterError(f"{name} must have three positive principal moments, got "
                             f"{moments.tolist()}")
    a, b, c = moments
    slack = 1e-9 * moments.sum()
    if a > b + c + slack or b > a + c + slack or c > a + b + slack:
        raise ParameterError(f"{name} = {moments.tolist()} kg m^2 breaks the triangle "
                             "inequality (each moment at most the sum of the other two): "
                             "no rigid body has these moments")
    moments.setflags(write=False)
    return moments


BODY_NAMES = ("shell", "outer ring", "inner ring", "rotor")


@dataclass(frozen=True)
class EggParams(Parameters):
    r"""The egg robot: shell, a two-ring gimbal and a rotor, all centred at the shell's centre.

    The copy of the source used here lacks its table of masses, so the defaults are the
    book's own, for a palm-sized robot (the chapter states the reasoning): a 12 cm by 9 cm
    shell of 1 mm plastic carrying the battery and electronics, taken as a uniform thin
    shell; two aluminium gimbal hoops; a 5 cm brass rotor at 6000 rpm. The bodies' centres of
    mass all sit at the shell's centre (the source's design rule).

    Frames: the shell's x', y', z' (z' the long axis); the outer ring turns about z' by
    :math:`\phi`; the inner ring about the outer ring's x by :math:`\psi`; the rotor about the
    inner ring's z at ``rotor_speed``. With :math:`\phi = \psi = 0` all frames coincide and both
    hoops lie in the x-z plane. Principal moments (``*_inertia``) are in each body's own
    frame; left ``None`` they are computed from the masses and radii (thin shell, hoops, disc).

    Every field says where its value comes from (``source`` and ``note``, shown by
    ``field_table()`` and by the table a notebook displays): all of the robot's values are
    assumed by the book, ``g`` is standard, the inertias are derived. ``floor_friction``
    is the friction coefficient of shell on floor: the book's model rolls without slip and
    stops a run where rolling would need more (:func:`simulate`); MuJoCo's contact
    (:mod:`robodyn.egg_mujoco`) slides beyond it. ``rotor_thickness`` is for drawing only.
    """

    R1: float = quantity(
        0.060, "m", above=0.0, source="assumed",
        note="half the length of a 12 cm palm-sized shell (the source's copy has no dimensions)")
    R2: float = quantity(
        0.045, "m", above=0.0, source="assumed",
        note="half the width of the 9 cm shell")
    shell_mass: float = quantity(
        0.10, "kg", above=0.0, source="assumed",
        note="1 mm plastic shell with battery and electronics, taken as a uniform thin shell")
    outer_ring_mass: float = quantity(
        0.020, "kg", above=0.0, source="assumed", note="thin aluminium hoop")
    outer_ring_radius: float = quantity(
        0.040, "m", above=0.0, source="assumed", note="the outer hoop fits inside the shell")
    inner_ring_mass: float = quantity(
        0.015, "kg", above=0.0, source="assumed", note="thin aluminium hoop")
    inner_ring_radius: float = quantity(
        0.034, "m", above=0.0, source="assumed", note="the inner hoop turns inside the outer")
    rotor_mass: float = quantity(
        0.080, "kg", above=0.0, source="assumed",
        note="brass disc 5 cm across and about 5 mm thick")
    rotor_radius: float = quantity(
        0.025, "m", above=0.0, source="assumed", note="the 5 cm brass disc")
    rotor_thickness: float = quantity(
        0.005, "m", above=0.0, source="assumed",
        note="drawn only: the rotor's inertia is that of a thin disc")
    rotor_speed: float = quantity(
        628.0, "rad/s", source="assumed",
        note="6000 rpm of a small brushless motor, held by its controller")
    gear_ratio: float = quantity(
        1.0, "", above=0.0, source="assumed",
        note="gearing n from differential to rings; the source does not say (errata)")
    twist_static: float = quantity(
        1.0e-3, "m", at_least=0.0, source="assumed",
        note="static friction coefficient times the contact patch's effective radius")
    twist_kinetic: float = quantity(
        0.8e-3, "m", at_least=0.0, source="assumed",
        note="sliding twist friction, 80 % of the static value")
    twist_viscous: float = quantity(
        2.0e-5, "N m s/rad", at_least=0.0, source="assumed",
        note="a small viscous part of the twist friction; more of it calms chattering")
    g: float = quantity(STANDARD_GRAVITY, "m/s^2", above=0.0, source="standard",
                        note="gravitational acceleration at the Earth's surface")
    floor_friction: float = quantity(
        2.0, "", above=0.0, source="assumed",
        note="friction of shell on floor: high, so that the egg rolls (the book's model "
             "stops where rolling needs more; MuJoCo slides)")
    shell_inertia: tuple = quantity(
        None, "kg m^2", above=0.0, shape=(3,), source="derived",
        note="principal moments of a uniform thin shell of shell_mass, R1, R2, unless given")
    outer_ring_inertia: tuple = quantity(
        None, "kg m^2", above=0.0, shape=(3,), source="derived",
        note="thin hoop of outer_ring_mass and outer_ring_radius, unless given")
    inner_ring_inertia: tuple = quantity(
        None, "kg m^2", above=0.0, shape=(3,), source="derived",
        note="thin hoop of inner_ring_mass and inner_ring_radius, unless given")
    rotor_inertia: tuple = quantity(
        None, "kg m^2", above=0.0, shape=(3,), source="derived",
        note="thin disc of rotor_mass and rotor_radius, unless given")

    def __post_init__(self):
        derived = {
            "shell_inertia": lambda: shell_inertia(self.shell_mass, self.R1, self.R2),
            "outer_ring_inertia": lambda: hoop_inertia(self.outer_ring_mass,
                                                       self.outer_ring_radius),
            "inner_ring_inertia": lambda: hoop_inertia(self.inner_ring_mass,
                                                       self.inner_ring_radius),
            "rotor_inertia": lambda: disc_inertia(self.rotor_mass, self.rotor_radius),
        }
        missing = [name for name in derived if getattr(self, name) is None]
        for name in missing:       # a stand-in, so that the masses and radii are checked first
            object.__setattr__(self, name, (1.0, 1.0, 1.0))
        super().__post_init__()
        check_radii(self.R1, self.R2)
        for ring in ("outer_ring_radius", "inner_ring_radius", "rotor_radius"):
            if getattr(self, ring) >= self.R2:
                raise ParameterError(f"{ring} = {getattr(self, ring):g} m must be smaller "
                                     f"than R2 = {self.R2:g} m to fit inside the shell")
        if self.twist_kinetic > self.twist_static:
            raise ParameterError(f"twist_kinetic = {self.twist_kinetic:g} m must not exceed "
                                 f"twist_static = {self.twist_static:g} m")
        for name, compute in derived.items():
            value = compute() if name in missing else getattr(self, name)
            object.__setattr__(self, name, _check_principal(name, value))

    @property
    def masses(self) -> np.ndarray:
        """Masses of shell, outer ring, inner ring and rotor, kg."""
        return np.array([self.shell_mass, self.outer_ring_mass, self.inner_ring_mass,
                         self.rotor_mass])

    @property
    def mass(self) -> float:
        """Total mass, kg."""
        return float(self.masses.sum())

    @property
    def inertias(self) -> tuple[np.ndarray, ...]:
        """Principal moments of the four bodies, each in its own frame, kg m^2."""
        return (self.shell_inertia, self.outer_ring_inertia, self.inner_ring_inertia,
                self.rotor_inertia)


# --------------------------------------------------------------------------- gimbal and chain


def gimbal_angles(mu1, mu2, gear_ratio: float = 1.0):
    r"""Ring angles from the two servo angles, through the gimbal's differential.

    .. math:: \phi = \frac{n}{2}(\mu_1 + \mu_2), \qquad \psi = \frac{n}{2}(\mu_1 - \mu_2)

    Both servos turning the same way carry the outer ring; turning opposite ways they drive
    the inner ring. The carrier of a differential turns by the *mean* of its two inputs: the
    source's matrix ((1, 1), (1, -1)) lacks the 1/2 (see the errata page); ``gear_ratio``
    n is the gearing between differential and rings.
    """
    mu1 = as_array("mu1", mu1, "rad", finite=True)
    mu2 = as_array("mu2", mu2, "rad", finite=True)
    phi, psi = _differential(mu1, mu2, check_positive("gear_ratio", gear_ratio))
    return scalar_or_array(phi), scalar_or_array(psi)


def _differential(mu1, mu2, n: float):
    """The differential's rule without checks (angles, rates or accelerations alike: it is
    linear)."""
    return 0.5 * n * (mu1 + mu2), 0.5 * n * (mu1 - mu2)


def relative_rotations(phi: float, psi: float, rotor_angle: float = 0.0):
    """Rotations of each body relative to the one before it (child to parent): outer ring
    Rz(phi) in the shell, inner ring Rx(psi) in the outer ring, rotor Rz(rotor_angle) in the
    inner ring."""
    return rot_z(phi), rot_x(psi), rot_z(rotor_angle)


def body_attitudes(phi: float, psi: float, rotor_angle: float = 0.0):
    """Attitudes of shell, outer ring, inner ring and rotor relative to the shell (body to
    shell): the products of the joint rotations, I, Rz(phi), Rz(phi) Rx(psi),
    Rz(phi) Rx(psi) Rz(rotor_angle)."""
    outer = rot_z(phi)
    inner = outer @ rot_x(psi)
    return np.eye(3), outer, inner, inner @ rot_z(rotor_angle)


def _relative_axes():
    """Joint axes of outer ring, inner ring and rotor, each in its own (= parent's) frame."""
    return np.array([0, 0, 1.0]), np.array([1.0, 0, 0]), np.array([0, 0, 1.0])


def body_rates_recursive(omega_B, phi, psi, phi_dot, psi_dot, rotor_speed, rotor_angle=0.0):
    r"""Angular velocity of each of the four bodies in its own frame, by the chain recursion

    .. math:: \omega_n = \omega_n^r + (R_n^r)^T\,\omega_{n-1}

    (the source's eq. 33, with :math:`R_n^r` the rotation of body n relative to body n - 1,
    child to parent, so its transpose carries a vector from the parent's frame into the
    child's), :math:`\omega_1` the shell's body-frame angular velocity and
    :math:`\omega_n^r` the joint rate times its axis.
    """
    omega = as_array("omega_B", omega_B, "rad/s", (3,), finite=True)
    rates = (check_real("phi_dot", phi_dot, "rad/s"), check_real("psi_dot", psi_dot, "rad/s"),
             check_real("rotor_speed", rotor_speed, "rad/s"))
    rotations = relative_rotations(check_real("phi", phi, "rad"), check_real("psi", psi, "rad"),
                                   check_real("rotor_angle", rotor_angle, "rad"))
    result = [omega]
    for R_rel, axis, rate in zip(rotations, _relative_axes(), rates, strict=True):
        result.append(axis * rate + R_rel.T @ result[-1])
    return result


def angular_momentum_recursive(params: EggParams, omega_B, phi, psi, phi_dot, psi_dot,
                               rotor_angle=0.0) -> np.ndarray:
    r"""Total angular momentum about the centre, in the shell's frame, by the recursion from
    the rotor inwards (the source's eqs. 34-36):

    .. math:: L_4 = \Theta_4\,\omega_4, \qquad L_{n-1} = R_n^r L_n + \Theta_{n-1}\omega_{n-1}.
    """
    omegas = body_rates_recursive(omega_B, phi, psi, phi_dot, psi_dot, params.rotor_speed,
                                  rotor_angle)
    rotations = relative_rotations(phi, psi, rotor_angle)
    inertias = params.inertias
    L = inertias[3] * omegas[3]
    for n in (2, 1, 0):
        L = rotations[n] @ L + inertias[n] * omegas[n]
    return L


def angular_momentum_direct(params: EggParams, omega_B, phi, psi, phi_dot, psi_dot,
                            rotor_angle=0.0) -> np.ndarray:
    r"""The same total angular momentum as a direct sum over the bodies, in the shell's frame:

    .. math:: L = \sum_i R_i\,\Theta_i\,R_i^T\,\omega_i

    with each body's absolute attitude :math:`R_i` relative to the shell (products of the
    joint rotations) and each absolute angular velocity :math:`\omega_i` the shell's plus the
    joint rates along their axes, all summed in the shell's frame: no recursion.
    """
    omega = as_array("omega_B", omega_B, "rad/s", (3,), finite=True)
    attitudes = body_attitudes(phi, psi, rotor_angle)
    _, R_outer, R_inner, _ = attitudes
    w_outer = omega + phi_dot * np.array([0, 0, 1.0])
    w_inner = w_outer + psi_dot * (R_outer @ np.array([1.0, 0, 0]))
    w_rotor = w_inner + params.rotor_speed * (R_inner @ np.array([0, 0, 1.0]))
    total = np.zeros(3)
    for R, moments, w in zip(attitudes, params.inertias, (omega, w_outer, w_inner, w_rotor),
                             strict=True):
        total += R @ np.diag(moments) @ R.T @ w
    return total


# --------------------------------------------------------------------------- servo motion


@dataclass(frozen=True)
class ServoMove:
    r"""The two servo angles moving smoothly from ``start`` to ``end`` between ``t0`` and
    ``t1`` (a minimum-jerk profile: position, rate and acceleration continuous), held before
    and after. ``ServoMove.hold(mu1, mu2)`` keeps them still.

    .. math:: \mu(t) = \mu_0 + (\mu_1 - \mu_0)\,(10 s^3 - 15 s^4 + 6 s^5), \quad
              s = \frac{t - t_0}{t_1 - t_0}
    """

    start: tuple = (0.0, 0.0)
    end: tuple = (0.0, 0.0)
    t0: float = 0.0
    t1: float = 1.0

    def __post_init__(self):
        object.__setattr__(self, "start", tuple(as_array("start", self.start, "rad", (2,),
                                                         finite=True).tolist()))
        object.__setattr__(self, "end", tuple(as_array("end", self.end, "rad", (2,),
                                                       finite=True).tolist()))
        t0 = check_real("t0", self.t0, "s")
        t1 = check_real("t1", self.t1, "s")
        if not t1 > t0:
            raise ParameterError(f"t1 = {t1:g} s must be later than t0 = {t0:g} s")
        object.__setattr__(self, "t0", t0)
        object.__setattr__(self, "t1", t1)

    @classmethod
    def hold(cls, mu1: float = 0.0, mu2: float = 0.0) -> ServoMove:
        """Both servos held at fixed angles (rad)."""
        return cls(start=(mu1, mu2), end=(mu1, mu2))

    def at(self, t: float):
        """Servo angles, rates and accelerations at time t: three arrays of shape (2,)."""
        span = self.t1 - self.t0
        s = min(max((t - self.t0) / span, 0.0), 1.0)
        shape = s**3 * (10 - 15 * s + 6 * s**2)
        slope = 30 * s**2 * (1 - s) ** 2 / span
        bend = 60 * s * (1 - s) * (1 - 2 * s) / span**2
        step = np.subtract(self.end, self.start)
        return np.add(self.start, step * shape), step * slope, step * bend


# --------------------------------------------------------------------------- rolling dynamics

_Z = np.array([0.0, 0.0, 1.0])

#: Names of the state vector of :func:`simulate`: attitude quaternion (w, x, y, z) body to
#: world, the shell's angular velocity in the world frame, the centre's floor position and the
#: rotor's angle in the inner ring.
STATE_NAMES = ("qw", "qx", "qy", "qz", "wx", "wy", "wz", "x", "y", "rotor_angle")


def _contact_point_body(n_B, R1, R2):
    """Point of the shell whose outward normal is the unit vector n_B (body frame), with the
    matrix A = diag(R2^2, R2^2, R1^2) and the support value s = sqrt(n A n) = centre height."""
    A = np.array([R2**2, R2**2, R1**2])
    An = A * n_B
    s = math.sqrt(float(n_B @ An))
    return An / s, A, s


def _cross(a, b):
    """Cross product of two 3-vectors (numpy.cross is ten times slower on single vectors, and
    the right-hand side of the simulation calls it about twenty times)."""
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                     a[0] * b[1] - a[1] * b[0]])


def _contact_rate(R, w, R1, R2):
    """(r, r_dot, p_B, p_B_dot, H) of :func:`contact_rate` without checks."""
    n_B = -R[2, :]                                  # downward normal, body frame
    p_B, A, H = _contact_point_body(n_B, R1, R2)
    n_dot = -_cross(R.T @ w, n_B)                   # a world-fixed vector seen from the shell
    An_dot = A * n_dot
    p_dot = An_dot / H - (A * n_B) * float(n_B @ An_dot) / H**3
    r = R @ p_B
    return r, _cross(w, r) + R @ p_dot, p_B, p_dot, H


def contact_rate(R, omega, R1: float, R2: float):
    r"""The vector from the centre to the contact point and its rate, world frame.

    The contact is the shell's point whose outward normal is the world's downward vertical,
    seen in the shell's frame :math:`n = -R^T\hat z`; with
    :math:`A = \mathrm{diag}(R_2^2, R_2^2, R_1^2)` it is :math:`p = A n / H`,
    :math:`H = \sqrt{n^T A n}`. As the shell turns, :math:`\dot n = -\omega_B\times n`, so

    .. math::

        \dot p = \frac{A\dot n}{H} - \frac{A n\,(n^T A\dot n)}{H^3}, \qquad
        r = R\,p, \qquad \dot r = \omega\times r + R\,\dot p .

    The first part of :math:`\dot r` turns with the shell, the second, :math:`R\dot p`, is
    the contact point moving over the shell; rolling without slip moves it over the floor at
    the same velocity, :math:`\dot c = v + \dot r = R\dot p`, which is horizontal.

    Parameters
    ----------
    R : array_like, shape (3, 3)
        The shell's attitude, body to world.
    omega : array_like, shape (3,)
        The shell's angular velocity, world frame, rad/s.
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).

    Returns
    -------
    r, r_dot : numpy.ndarray, shape (3,)
        Centre to contact (m) and its rate (m/s), world frame.

    >>> r, r_dot = contact_rate(np.eye(3), [0.0, 0.0, 5.0], 0.06, 0.045)  # upright, spinning
    >>> print(r.round(6) + 0.0, r_dot.round(6) + 0.0)
    [ 0.    0.   -0.06] [0. 0. 0.]
    """
    R = as_array("R", R, "", (3, 3), finite=True)
    if not np.allclose(R @ R.T, np.eye(3), atol=1e-9) or np.linalg.det(R) < 0:
        raise ParameterError("R must be a rotation matrix (orthonormal, determinant +1)")
    omega = as_array("omega", omega, "rad/s", (3,), finite=True)
    R1, R2 = check_radii(R1, R2)
    r, r_dot, *_ = _contact_rate(R, omega, R1, R2)
    return r, r_dot


def _axis_rotation(axis, angle):
    """Rodrigues: the rotation by ``angle`` about the unit vector ``axis``."""
    K = np.array([[0.0, -axis[2], axis[1]], [axis[2], 0.0, -axis[0]], [-axis[1], axis[0], 0.0]])
    return np.eye(3) + math.sin(angle) * K + (1.0 - math.cos(angle)) * (K @ K)


def rolling_move(R, centre, axis, angle: float, R1: float, R2: float, *, nodes: int = 64):
    r"""Roll the shell without slip and without twist: turn it by ``angle`` about the horizontal
    world direction ``axis`` at a steady rate, its contact rolling on the floor.

    The attitude turns about the fixed direction, :math:`R(s) = \mathrm{Rot}(a, s)\,R_0`
    (Rodrigues), and the centre follows :eq:`egg-no-slip`, :math:`\dot x = -\omega	imes r`
    with :math:`\omega = a\,\dot s`:

    .. math:: x(	heta) = x_0 - \int_0^	heta a	imes rig(R(s)ig)\,ds ,

    :math:`r(R)` the contact vector of :func:`contact_rate`, integrated by Gauss-Legendre
    quadrature (the integrand is smooth). :math:`\omega_z = 0` throughout, as the axis is
    horizontal: no twist.

    Parameters
    ----------
    R : array_like, shape (3, 3)
        Attitude at the start, body to world.
    centre : array_like, shape (2,)
        The centre's floor position (x, y) at the start, m.
    axis : array_like, shape (3,)
        Horizontal unit vector (world) to turn about (its z entry 0).
    angle : float
        Angle to turn, rad (either sign).
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    nodes : int, optional
        Gauss-Legendre nodes of the quadrature (>= 2).

    Returns
    -------
    R_end : numpy.ndarray, shape (3, 3)
        Attitude at the end.
    centre_end : numpy.ndarray, shape (2,)
        The centre's floor position at the end, m.

    >>> R, c = rolling_move(np.eye(3), (0, 0), (1, 0, 0), 0.5, 0.05, 0.05)  # a ball
    >>> print(np.round(c, 6) + 0.0)      # rolls 0.5 rad * 5 cm, along -y
    [ 0.    -0.025]
    """
    R = as_array("R", R, "", (3, 3), finite=True)
    if not np.allclose(R @ R.T, np.eye(3), atol=1e-9) or np.linalg.det(R) < 0:
        raise ParameterError("R must be a rotation matrix (orthonormal, determinant +1)")
    centre = as_array("centre", centre, "m", (2,), finite=True)
    axis = as_array("axis", axis, "", (3,), finite=True)
    if abs(np.linalg.norm(axis) - 1.0) > 1e-9 or abs(axis[2]) > 1e-12:
        raise ParameterError(f"axis must be a horizontal unit vector (z entry 0: a turn about "
                             f"a vertical part would twist the contact), got {axis.tolist()}")
    angle = check_real("angle", angle, "rad")
    R1, R2 = check_radii(R1, R2)
    nodes = int(nodes)
    if nodes < 2:
        raise ParameterError(f"nodes must be >= 2, got {nodes}")
    points, weights = np.polynomial.legendre.leggauss(nodes)
    shift = np.zeros(3)
    for x_i, w_i in zip(points, weights, strict=True):
        s = 0.5 * angle * (x_i + 1.0)
        r, *_ = _contact_rate(_axis_rotation(axis, s) @ R, np.zeros(3), R1, R2)
        shift -= 0.5 * angle * w_i * _cross(axis, r)
    return _axis_rotation(axis, angle) @ R, centre + shift[:2]


class _Model:
    """One evaluation of the rolling egg at (t, state): every quantity of the equations."""

    def __init__(self, params: EggParams, servo: ServoMove):
        self.p = params
        self.servo = servo
        self.inertias = params.inertias
        self.m = params.mass

    def kinematics(self, t, x):
        p = self.p
        q = x[0:4] / np.linalg.norm(x[0:4])
        R = quaternion_to_matrix(q)
        w = x[4:7]
        r, r_dot, _, _, H = _contact_rate(R, w, p.R1, p.R2)   # centre -> contact, world
        mu, mu_dot, mu_ddot = self.servo.at(t)
        phi, psi = _differential(*mu, p.gear_ratio)
        phi_d, psi_d = _differential(*mu_dot, p.gear_ratio)
        phi_dd, psi_dd = _differential(*mu_ddot, p.gear_ratio)
        _, R_outer, R_inner, R_rotor = (R @ A for A in body_attitudes(phi, psi, x[9]))
        u2, u3, u4 = R[:, 2], R_outer[:, 0], R_inner[:, 2]
        Omega = p.rotor_speed
        w2 = w + phi_d * u2
        w3 = w2 + psi_d * u3
        w4 = w3 + Omega * u4
        c2 = phi_dd * u2 + phi_d * _cross(w, u2)
        c3 = c2 + psi_dd * u3 + psi_d * _cross(w2, u3)
        c4 = c3 + Omega * _cross(w3, u4)
        J_list = [Rb @ (moments[:, None] * Rb.T) for Rb, moments in
                  zip((R, R_outer, R_inner, R_rotor), self.inertias, strict=True)]
        omegas = (w, w2, w3, w4)
        bias = np.zeros(3)
        for J_i, w_i, c_i in zip(J_list, omegas, (np.zeros(3), c2, c3, c4), strict=True):
            bias += J_i @ c_i + _cross(w_i, J_i @ w_i)
        return dict(q=q, R=R, w=w, r=r, r_dot=r_dot, H=H, J=sum(J_list), J_list=J_list,
                    omegas=omegas, bias=bias, u4=u4, phi=phi, psi=psi)

    def solve(self, k, mode: str, sign: float = 0.0):
        """Angular acceleration, contact force and twisting torque for a twist mode:
        'free' (no twisting friction), 'stick' (no twist) or 'slip' (friction against the
        twist, whose sign is ``sign``)."""
        p, m = self.p, self.m
        r, w = k["r"], k["w"]
        M = k["J"] + m * (float(r @ r) * np.eye(3) - np.outer(r, r))
        w_cross_rdot = _cross(w, k["r_dot"])
        rhs = -k["bias"] - m * _cross(r, w_cross_rdot) + m * p.g * _cross(r, _Z)
        # contact force F = m [r]x w_dot + F0 (Newton for the centre, the rolling constraint)
        F0 = -m * w_cross_rdot + m * p.g * _Z
        N_row = m * np.array([-r[1], r[0], 0.0])         # d F_z / d w_dot
        if mode == "free":
            w_dot, tau = np.linalg.solve(M, rhs), 0.0
        elif mode == "stick":
            K = np.zeros((4, 4))
            K[:3, :3] = M
            K[:3, 3] = -_Z
            K[3, 2] = 1.0
            solution = np.linalg.solve(K, np.append(rhs, 0.0))
            w_dot, tau = solution[:3], float(solution[3])
        else:
            # tau = -sign * mu_k * F_z - viscous * w_z, F_z linear in w_dot
            mu_k, rho = p.twist_kinetic, p.twist_viscous
            K = M + sign * mu_k * np.outer(_Z, N_row)
            w_dot = np.linalg.solve(K, rhs - _Z * (sign * mu_k * F0[2] + rho * w[2]))
            tau = -sign * mu_k * float(N_row @ w_dot + F0[2]) - rho * w[2]
        F = m * _cross(r, w_dot) + F0
        return w_dot, F, tau

    def derivative(self, t, x, mode, sign):
        k = self.kinematics(t, x)
        w_dot, _, _ = self.solve(k, mode, sign)
        w_B = k["R"].T @ k["w"]
        q_dot = 0.5 * quaternion_multiply(k["q"], np.concatenate([[0.0], w_B]))
        v = -_cross(k["w"], k["r"])
        return np.concatenate([q_dot, w_dot, v[:2], [self.p.rotor_speed]])

    def outputs(self, t, x, mode, sign):
        k = self.kinematics(t, x)
        w_dot, F, tau = self.solve(k, mode, sign)
        v = -_cross(k["w"], k["r"])
        kinetic = 0.5 * self.m * float(v @ v) + 0.5 * sum(
            float(w_i @ J_i @ w_i) for w_i, J_i in zip(k["omegas"], k["J_list"], strict=True))
        potential = self.m * self.p.g * k["H"]
        rotor_momentum = float(k["u4"] @ k["J_list"][3] @ k["omegas"][3])
        return dict(R=k["R"], q=k["q"], centre=np.array([x[7], x[8], k["H"]]), velocity=v,
                    contact=np.array([x[7], x[8], k["H"]]) + k["r"], force=F, twist_torque=tau,
                    energy=kinetic + potential, kinetic=kinetic, potential=potential,
                    rotor_momentum=rotor_momentum, phi=k["phi"], psi=k["psi"])


def _twist_mode(model: _Model, t, x, params: EggParams):
    """The twist mode to continue with at (t, x): ('free', 0), ('stick', 0) or ('slip', sign).
    Sticking is tried when the vertical spin is zero; it holds while the torque it needs is
    within the static limit."""
    if params.twist_static == 0 and params.twist_kinetic == 0 and params.twist_viscous == 0:
        return "free", 0.0
    w_z = x[6]
    if abs(w_z) > 1e-12:
        return "slip", math.copysign(1.0, w_z)
    k = model.kinematics(t, x)
    _, F, tau = model.solve(k, "stick")
    if abs(tau) <= params.twist_static * max(F[2], 0.0):
        return "stick", 0.0
    return "slip", -math.copysign(1.0, tau)


def simulate(params: EggParams, servo: ServoMove | None = None, t_end: float = 3.0, *,
             tilt: float = 0.3, spin: float = 0.0, heading: float = 0.0, attitude=None,
             omega=(0.0, 0.0, 0.0), dt: float = 0.01, rtol: float = 1e-9,
             atol: float = 1e-11, max_switches: int = 2000,
             friction_cone: bool = True) -> SimulationResult:
    r"""The egg rolling on a flat floor: rigid-body dynamics of the four bodies with the
    rolling contact, twisting friction with stiction, the gimbal driven by the servos.

    The model (derived in the chapter): the centre's velocity follows from rolling without
    slip, :math:`v = -\omega \times r` (:math:`r` from the centre to the contact); Newton's
    law for the centre gives the contact force :math:`F = m\,(\dot v - g)`; the angular
    momentum about the centre changes by the torques of the contact force and of twisting
    friction, :math:`\dot L = r \times F + \tau\,\hat z`. Eliminating F leaves

    .. math:: \big(J + m(|r|^2 I - r r^T)\big)\,\dot\omega =
              -b - m\,r \times (\omega \times \dot r) + m g\, r \times \hat z + \tau\,\hat z,

    with :math:`J` the four bodies' inertia about the centre, :math:`b` their gyroscopic and
    joint-driven terms, and the twist torque :math:`\tau` either what keeps the vertical
    spin at zero (stiction, while :math:`|\tau| \le \mu_s N`) or
    :math:`-\mu_k N\,\mathrm{sign}(\omega_z) - \rho\,\omega_z` (slip). Switches are events
    of the integrator. The attitude is a quaternion; the Euler angles are outputs only.

    Parameters
    ----------
    params : EggParams
    servo : ServoMove, optional
        Servo angles over time; ``None`` holds both at zero (gimbal locked).
    t_end : float
        Duration, s (> 0).
    tilt, spin, heading : float
        Initial z-x-z angles beta, alpha, gamma, rad (see :func:`rotation`).
    attitude : array_like, shape (4,), optional
        Initial attitude as a unit quaternion (w, x, y, z), body to world, instead of the
        angles (for example at an attitude where the angles are singular).
    omega : array_like, shape (3,)
        Initial angular velocity of the shell, world frame, rad/s.
    dt : float
        Output sample interval, s.
    rtol, atol : float
        Tolerances of the integrator, DOP853 by :func:`robodyn.integrate.solve` (defaults
        1e-9 and 1e-11; atol in the units of the state: 1, rad/s, m, rad).
    max_switches : int
        Most stick/slip switches allowed before the run stops as chattering.
    friction_cone : bool
        Stop where rolling would need more sideways force than ``params.floor_friction``
        times the normal force (default True). As the normal force falls towards zero the
        ratio grows without bound, so on a floor of any friction a run slips before it lifts
        off, except where the sideways force vanishes too; False checks lift-off alone.

    Returns
    -------
    SimulationResult
        Columns: Euler angles ``alpha, beta, gamma``; the source's angles are their negatives;
        centre ``x, y, z`` and its velocity ``vx, vy, vz``; the shell's angular velocity
        ``wx, wy, wz`` (world frame, rad/s); contact point ``contact_x, contact_y``; contact force
        ``Fx, Fy, Fz`` (N, on the egg); ``twist_torque`` (N m); ``energy``, ``kinetic``,
        ``potential`` (J); ``rotor_momentum`` (N m s, the rotor's axial angular momentum);
        ``jacobi`` = energy - rotor_speed * rotor_momentum, J (conserved with the gimbal
        held and no twisting friction at work); ring angles ``phi, psi``; ``stuck`` (1 while
        the twist sticks); the names are :data:`OUTPUT_NAMES`. ``success`` is False, with
        the reason in ``message``, where the egg would lift off (``Fz`` reaches 0), slip
        (:math:`\sqrt{F_x^2 + F_y^2}` reaches ``floor_friction`` times ``Fz``, the edge of
        the friction cone) or the twist chatters.
        ``events``: the times of ``lift_off``, ``slips``, ``breakaway`` (stick to slip) and
        ``twist_stops`` (slip ends). Details: ``quaternions`` (N, 4), ``rotations``
        (N, 3, 3), ``switches`` (list of (time, mode)) and ``states``, the integrated state
        (:data:`STATE_NAMES`) as one SimulationResult with each event's state.

    Raises
    ------
    ParameterError
        If an argument is not what is listed above.
    SimulationError
        If the integrator fails (from :func:`robodyn.integrate.solve`).

    Notes
    -----
    The run is integrated in phases, one per twist mode, each stopped by a terminal event
    and joined by :func:`robodyn.integrate.join`, so that no step straddles a switch.
    """
    if not isinstance(params, EggParams):
        raise ParameterError(f"params must be an EggParams, got {type(params).__name__}")
    servo = ServoMove.hold() if servo is None else servo
    if not isinstance(servo, ServoMove):
        raise ParameterError(f"servo must be a ServoMove or None, got {type(servo).__name__}")
    t_end = check_positive("t_end", t_end, "s")
    dt = check_positive("dt", dt, "s")
    tilt = check_real("tilt", tilt, "rad")
    R0 = rotation(check_real("spin", spin, "rad"), tilt, check_real("heading", heading, "rad"))
    if attitude is not None:
        R0 = quaternion_to_matrix(check_unit_quaternion(attitude, "attitude"))
    omega0 = as_array("omega", omega, "rad/s", (3,), finite=True)
    if not isinstance(friction_cone, bool):
        raise ParameterError(f"friction_cone must be True or False, got {friction_cone!r}")
    model = _Model(params, servo)
    x = np.concatenate([matrix_to_quaternion(R0), omega0, [0.0, 0.0, 0.0]])
    t = 0.0
    times = np.linspace(0.0, t_end, int(round(t_end / dt)) + 1)
    phases = []                                        # (run of the state, mode, sign)
    mode, sign = _twist_mode(model, t, x, params)
    switches = [(0.0, mode)]
    success, message = True, f"ran to t = {t_end:g} s"
    while t < t_end:
        # the first phase samples its start; a later phase's start, a switch, is the end of
        # the phase before, not a sample time (no sample is repeated or missed)
        run = solve(model.derivative, (t, t_end), x, args=(mode, sign),
                    state_names=STATE_NAMES, method="DOP853", rtol=rtol, atol=atol,
                    events=_events(model, params, mode, sign, friction_cone),
                    t_eval=times[times >= t] if not phases else times[times > t])
        phases.append((run, mode, sign))
        fired = [name for name, times_i in run.events.items() if times_i.size]
        if not fired:
            break
        t, x = float(run.events[fired[0]][-1]), run.event_states[fired[0]][-1].copy()
        x[0:4] /= np.linalg.norm(x[0:4])
        if fired[0] == "lift_off":                     # the normal force reached zero
            success, message = False, (
                f"the egg would lift off the floor at t = {t:.4g} s (normal force 0): this "
                "model keeps it in contact; use a slower servo move or a slower rotor")
            break
        if fired[0] == "slips":                        # the force left the friction cone
            success, message = False, (
                f"the egg would slip at t = {t:.4g} s: rolling needs a sideways force of "
                f"floor_friction = {params.floor_friction:g} times the normal force there "
                "(the edge of the friction cone), and this model cannot slide; use a floor "
                "that grips better (a larger floor_friction), a gentler start or a slower "
                "servo move")
            break
        if mode == "stick":                            # breakaway: slip against friction
            _, _, tau = model.solve(model.kinematics(t, x), "stick")
            mode, sign = "slip", -math.copysign(1.0, tau)
        else:                                          # the twist stops: stick or reverse
            x[6] = 0.0
            mode, sign = _twist_mode(model, t, x, params)
        switches.append((t, mode))
        if len(switches) > max_switches:
            success, message = False, (
                f"the twist switched between stick and slip {max_switches} times by "
                f"t = {t:.4g} s (chattering); raise twist_viscous or lower the rotor speed")
            break
    states = join([run for run, _, _ in phases], message)
    return _result(model, phases, states, switches, success)


def _events(model: _Model, params: EggParams, mode: str, sign: float,
            friction_cone: bool = True):
    last = {}

    def force(t, x):                # both events ask at the same (t, x): solve once
        key = (t, x.tobytes())
        if last.get("key") != key:
            last["key"], last["F"] = key, model.solve(model.kinematics(t, x), mode, sign)[1]
        return last["F"]

    def lift_off(t, x, *args):
        return force(t, x)[2]
    lift_off.terminal, lift_off.direction = True, -1

    def slips(t, x, *args):
        F = force(t, x)
        return params.floor_friction * F[2] - math.hypot(F[0], F[1])
    slips.terminal, slips.direction = True, -1
    events = [lift_off, slips] if friction_cone else [lift_off]
    if mode == "stick":
        def breakaway(t, x, *args):
            _, F, tau = model.solve(model.kinematics(t, x), "stick")
            return params.twist_static * F[2] - abs(tau)
        breakaway.terminal, breakaway.direction = True, -1
        events.append(breakaway)
    elif mode == "slip":
        def twist_stops(t, x, *args):
            return x[6]
        twist_stops.terminal, twist_stops.direction = True, -sign
        events.append(twist_stops)
    return events


#: Names of the columns of :func:`simulate`'s result, in order.
OUTPUT_NAMES = ("alpha", "beta", "gamma", "x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz",
                "contact_x", "contact_y", "Fx", "Fy", "Fz", "twist_torque", "energy",
                "kinetic", "potential", "rotor_momentum", "jacobi", "phi", "psi", "stuck")


def _result(model: _Model, phases, states: SimulationResult, switches,
            success: bool) -> SimulationResult:
    """The outputs at every sample of the joined phases, each computed in its phase's twist
    mode; the events and the message are the joined run's."""
    rows, quaternions, rotations = [], [], []
    for run, mode, sign in phases:
        for t, x in zip(run.t, run.stack().T, strict=True):
            out = model.outputs(t, x, mode, sign)
            alpha, beta, gamma = euler_angles(out["R"])
            rows.append([alpha, beta, gamma, *out["centre"], *out["velocity"], *x[4:7],
                         *out["contact"][:2], *out["force"],
                         out["twist_torque"], out["energy"], out["kinetic"],
                         out["potential"], out["rotor_momentum"],
                         out["energy"] - model.p.rotor_speed * out["rotor_momentum"],
                         out["phi"], out["psi"], 1.0 if mode == "stick" else 0.0])
            quaternions.append(out["q"])
            rotations.append(out["R"])
    rows = np.array(rows).reshape(-1, len(OUTPUT_NAMES))
    return SimulationResult(
        t=states.t, columns={name: rows[:, i] for i, name in enumerate(OUTPUT_NAMES)},
        success=success, message=states.message, events=states.events,
        details={"quaternions": np.array(quaternions).reshape(-1, 4),
                 "rotations": np.array(rotations).reshape(-1, 3, 3),
                 "switches": switches, "states": states})


# --------------------------------------------------------------------------- closed forms


def lumped_inertia(params: EggParams, phi: float = 0.0, psi: float = 0.0) -> np.ndarray:
    """Inertia tensor of the four bodies together about the centre, in the shell's frame,
    for the ring angles phi, psi (kg m^2); the rotor's own angle does not matter when its
    transverse moments are equal."""
    attitudes = body_attitudes(check_real("phi", phi, "rad"), check_real("psi", psi, "rad"))
    total = np.zeros((3, 3))
    for R, moments in zip(attitudes, params.inertias, strict=True):
        total += R @ np.diag(moments) @ R.T
    return total


def rocking_period(params: EggParams, spin: float = 0.0) -> float:
    r"""Small-angle period of the lying egg rocking end over end, rotor stopped, gimbal at
    zero, s.

    Lying, the centre is :math:`R_2` above the contact; tilted by :math:`\varepsilon` from the
    horizontal it rises by :math:`(R_1^2 - R_2^2)\,\varepsilon^2 / (2 R_2)`, a spring of
    stiffness :math:`k = m g (R_1^2 - R_2^2)/R_2`; it turns about the contact point, with the
    inertia :math:`I + m R_2^2` (parallel axes). So

    .. math:: T_0 = 2\pi\sqrt{\frac{(I + m R_2^2)\,R_2}{m g\,(R_1^2 - R_2^2)}},

    :math:`I` the lumped inertia about the tilt axis (the shell's x' turned by ``spin``).
    """
    if params.R1 == params.R2:
        raise ParameterError("a sphere (R1 = R2) does not rock: its centre stays at R2 above "
                             "the contact whatever its attitude; use R1 > R2")
    spin = check_real("spin", spin, "rad")
    axis = np.array([math.cos(spin), -math.sin(spin), 0.0])    # world x in the shell frame
    inertia = float(axis @ lumped_inertia(params) @ axis)
    return small_angle_period(params.R1, params.R2, params.mass, inertia, params.g)


def small_angle_period(R1: float, R2: float, mass: float, I_t: float,
                       g: float = EggParams.g, *,
                       amplitude: float = 0.0) -> float:
    r"""Period of the egg's small rocking on the floor, rolling without slipping, s.

    .. math::

        T_0 = 2\pi\sqrt{\frac{(I_t + m R_2^2)\,R_2}{m g\,(R_1^2 - R_2^2)}}, \qquad
        T \approx T_0\Big(1 + \frac{\mu - 3\nu}{4}\,A^2\Big),

    with :math:`\mu = m R_1^2 (R_1^2 - R_2^2) / (R_2^2 (I_t + m R_2^2))` (the inertia about
    the contact grows as :math:`1 + \mu\theta^2`) and :math:`\nu = -(3R_1^2 + R_2^2) /
    (12 R_2^2)` (the potential is :math:`\tfrac12 k\theta^2(1 + \nu\theta^2)`).

    Parameters
    ----------
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    mass : float
        Mass, kg (> 0).
    I_t : float
        Moment of inertia about a transverse axis through the centre, kg m^2 (> 0).
    g : float, optional
        Gravitational acceleration, m/s^2 (> 0; default ``EggParams.g``).
    amplitude : float, optional
        Amplitude :math:`A` of the tilt, rad (>= 0). 0 gives :math:`T_0`; otherwise the
        first correction in :math:`A^2` is added.

    Returns
    -------
    float
        The period, s; ``inf`` for a sphere (R1 = R2), which has no restoring torque.

    Notes
    -----
    The lowest order of the energy method: :math:`T = 4\int_0^A \sqrt{M(\theta) /
    (2(V(A) - V(\theta)))}\,d\theta` expanded to first order in :math:`A^2`. Valid while
    the egg rolls without slipping and without lifting off, in the plane of the long axis.

    >>> T0 = small_angle_period(0.2, 0.1, 1.0, 0.01)
    >>> T = small_angle_period(0.2, 0.1, 1.0, 0.01, amplitude=0.1)
    >>> print(f"{T0:.4f} s; at 0.1 rad {T:.4f} s")
    0.5180 s; at 0.1 rad 0.5300 s
    """
    R1, R2 = check_radii(R1, R2)
    mass = check_positive("mass", mass, "kg")
    I_t = check_positive("I_t", I_t, "kg m^2")
    g = check_positive("g", g, "m/s^2")
    amplitude = check_non_negative("amplitude", amplitude, "rad")
    if R1 == R2:
        return math.inf
    M0 = I_t + mass * R2**2
    T0 = 2 * math.pi * math.sqrt(M0 * R2 / (mass * g * (R1**2 - R2**2)))
    mu = mass * R1**2 * (R1**2 - R2**2) / (R2**2 * M0)
    nu = -(3 * R1**2 + R2**2) / (12 * R2**2)
    return T0 * (1 + (mu - 3 * nu) / 4 * amplitude**2)


def oscillation_period(t, x) -> float:
    r"""Mean period of an oscillation from its upward zero crossings about its mean, s.

    The crossings of :math:`y = x - \bar x` from below are found between samples by linear
    interpolation, :math:`t_c = t_i - y_i (t_{i+1} - t_i)/(y_{i+1} - y_i)`, and the period
    is the mean of the full periods between them, :math:`(t_{c,\text{last}} -
    t_{c,\text{first}})/(n_c - 1)`.

    Parameters
    ----------
    t : array_like, shape (n,)
        Sample times, s, strictly increasing.
    x : array_like, shape (n,)
        The oscillating signal, any unit.

    Raises
    ------
    ParameterError
        If t and x do not match, t does not increase, or fewer than two upward crossings are
        found (less than one full period: run longer).

    >>> t = np.linspace(0.0, 3.0, 3001)
    >>> print(f"{oscillation_period(t, np.sin(2 * np.pi * t / 0.7)):.6f} s")
    0.700000 s
    """
    t = as_array("t", t, "s", (None,), finite=True)
    x = as_array("x", x, "", (t.size,), finite=True)
    if np.any(np.diff(t) <= 0):
        raise ParameterError("t must be strictly increasing")
    y = x - x.mean()
    below = np.nonzero((y[:-1] < 0) & (y[1:] >= 0))[0]
    if below.size < 2:
        raise ParameterError(
            f"oscillation_period found {below.size} upward zero crossing(s) in "
            f"t = [{t[0]:g}, {t[-1]:g}] s; it needs at least two (one full period). "
            "Simulate longer (a larger t_end).")
    t0, t1, y0, y1 = t[below], t[below + 1], y[below], y[below + 1]
    crossings = t0 - y0 * (t1 - t0) / (y1 - y0)
    return float((crossings[-1] - crossings[0]) / (crossings.size - 1))
