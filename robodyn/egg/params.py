"""The egg's four bodies and their parameters."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    STANDARD_GRAVITY,
    Parameters,
    as_array,
    check_positive,
    quantity,
)
from robodyn.egg.geometry import check_radii


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
    (:mod:`robodyn.egg.mujoco`) slides beyond it. ``rotor_thickness`` is for drawing only.
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
