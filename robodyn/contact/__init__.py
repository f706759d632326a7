r"""Penalty contact: spring-damper forces, friction at a contact, planar geometry, a ball drop.

A penalty contact lets two bodies overlap by a small depth :math:`\delta` and pushes them apart
with a force that grows with it. The force is never a pull (there is no glue between a wheel and
the floor), and it is zero while the bodies do not touch.

- Sizing: :func:`stiffness_for_penetration` (:math:`k = m g / d`, the rule of the vacuum-robot
  thesis) and :func:`damping_for_ratio` (:math:`c = 2\zeta\sqrt{k m}`).
- Forces: :func:`normal_force`, linear (:math:`k\delta + c\dot\delta`) or Hunt-Crossley
  (:math:`\delta^n (k + \lambda\dot\delta)`), clamped at zero; :func:`restitution_linear`, the
  closed-form coefficient of restitution of the linear model; :func:`effective_modulus` and
  :func:`hertz_stiffness` (a sphere's Hertz stiffness from E, nu and R);
  :func:`hunt_crossley_restitution`, the exact restitution of Hunt-Crossley, which falls with
  the impact speed.
- Friction at the contact: :func:`friction_coefficient` (static below a critical slip speed,
  falling to kinetic above it) and :func:`regularised_sign` (the direction, made continuous);
  :func:`contact_friction` combines them.
- Geometry: :func:`circle_halfplane`, :func:`circle_segment` and :func:`circle_fillet` give a
  :class:`Contact` (gap, depth, normal, point) between a circle (a wheel, a ball) and a floor, a
  step face or a rounded step edge; :func:`depth_rate` and :func:`slip_velocity` turn the bodies'
  velocities into the rates the forces need.
- :func:`drop`: a ball dropped on the floor, integrated by :func:`robodyn.core.integrate.solve`
  (``solve_ivp``) with a count of the right-hand-side evaluations, the figure of merit of a
  stiff solver.
- :func:`spinning_wheel`: a wheel set spinning onto the floor, which slips and then rolls;
  :func:`slide_on_incline`: a block on a slope that creeps or slides.

Sources: the vacuum-robot thesis (Kaiserslautern, 2022: k from the allowed penetration, damping
tuned below it, a static/dynamic friction blend, a stiff solver), the dynamics tutorial
(spring-damper contact, the bouncing ball), Hunt and Crossley (1975), Schwager and Pöschel (2007)
for the restitution of the linear model.
"""

from robodyn.contact.ball_drop import FLIGHT_SAMPLE, FLIGHTS, IMPLICIT, DroppedBall, G, drop
from robodyn.contact.geometry import (
    Contact,
    circle_fillet,
    circle_halfplane,
    circle_segment,
    depth_rate,
    slip_velocity,
)
from robodyn.contact.sizing import (
    damping_for_ratio,
    effective_modulus,
    hertz_stiffness,
    hunt_crossley_damping,
    hunt_crossley_restitution,
    restitution_linear,
    stiffness_for_penetration,
)
from robodyn.contact.sliding import WheelOnFloor, slide_on_floor, slide_on_incline, spinning_wheel
from robodyn.laws.contact import FORCE_MODELS, normal_force
from robodyn.laws.friction import contact_friction, friction_coefficient, regularised_sign

__all__ = [
    "Contact",
    "DroppedBall",
    "FLIGHTS",
    "FLIGHT_SAMPLE",
    "FORCE_MODELS",
    "G",
    "IMPLICIT",
    "WheelOnFloor",
    "circle_fillet",
    "circle_halfplane",
    "circle_segment",
    "contact_friction",
    "damping_for_ratio",
    "depth_rate",
    "drop",
    "effective_modulus",
    "friction_coefficient",
    "hertz_stiffness",
    "hunt_crossley_damping",
    "hunt_crossley_restitution",
    "normal_force",
    "regularised_sign",
    "restitution_linear",
    "slide_on_floor",
    "slide_on_incline",
    "slip_velocity",
    "spinning_wheel",
    "stiffness_for_penetration",
]
