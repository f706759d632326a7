"""Contact geometry in the plane: a circle against a half-plane, a segment or a fillet; depth rate
and slip velocity.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_non_negative,
    check_positive,
    check_real,
)


@dataclass(frozen=True)
class Contact:
    """Where a circle meets an obstacle: the gap, the normal and the contact point.

    Attributes
    ----------
    gap : float
        Signed distance from the circle's rim to the obstacle, m: > 0 apart, < 0 overlapping.
    normal : numpy.ndarray, shape (2,)
        Unit vector from the obstacle towards the circle's centre: the direction in which
        the normal force pushes the circle.
    point : numpy.ndarray, shape (2,)
        Closest point of the obstacle to the circle's centre, m.
    """

    gap: float
    normal: np.ndarray
    point: np.ndarray

    @property
    def depth(self) -> float:
        """Penetration :math:`\\delta = -\\mathrm{gap}`, m (> 0 in contact)."""
        return -self.gap

    @property
    def tangent(self) -> np.ndarray:
        """Unit tangent :math:`t = (n_y, -n_x)`, the normal turned clockwise: +x on a floor."""
        return np.array([self.normal[1], -self.normal[0]])

    @property
    def touching(self) -> bool:
        """True when the circle overlaps the obstacle (gap < 0)."""
        return self.gap < 0.0


def _point(name: str, value) -> np.ndarray:
    return as_array(name, value, "m", (2,), finite=True)


def _unit(name: str, value) -> np.ndarray:
    vector = as_array(name, value, "", (2,), finite=True)
    length = float(np.hypot(*vector))
    if length == 0.0:
        raise ParameterError(f"{name} must be a non-zero vector, got {vector!r}")
    return vector / length


def _from_closest(center: np.ndarray, radius: float, closest: np.ndarray,
                  fallback_normal: np.ndarray) -> Contact:
    offset = center - closest
    distance = float(np.hypot(*offset))
    normal = offset / distance if distance > 0.0 else fallback_normal
    return Contact(gap=distance - radius, normal=normal, point=closest)


def circle_halfplane(center, radius: float, point_on_line, normal) -> Contact:
    r"""Contact of a circle with a half-plane (a floor, the face of a step).

    The half-plane is the side of the line through ``point_on_line`` opposite to ``normal``
    (its outward normal): gap = :math:`(c - p)\cdot n - r`.

    Parameters
    ----------
    center : array_like, shape (2,)
        Centre of the circle, m.
    radius : float
        Radius, m (> 0).
    point_on_line : array_like, shape (2,)
        A point on the boundary line, m.
    normal : array_like, shape (2,)
        Outward normal of the half-plane (need not be unit length).

    Examples
    --------
    A wheel of radius 36 mm whose centre is 35 mm above the floor sinks in by 1 mm:

    >>> hit = circle_halfplane([0.0, 0.035], 0.036, [0.0, 0.0], [0.0, 1.0])
    >>> print(round(hit.depth, 6), hit.normal, hit.point)
    0.001 [0. 1.] [0. 0.]
    """
    center = _point("center", center)
    radius = check_positive("radius", radius, "m")
    anchor = _point("point_on_line", point_on_line)
    n = _unit("normal", normal)
    height = float((center - anchor) @ n)
    return Contact(gap=height - radius, normal=n, point=center - height * n)


def circle_segment(center, radius: float, a, b) -> Contact:
    r"""Contact of a circle with a line segment from ``a`` to ``b`` (a face of finite length).

    The closest point of the segment to the centre is :math:`a + t (b - a)` with
    :math:`t = \mathrm{clip}\big((c - a)\cdot(b - a) / |b - a|^2,\ 0,\ 1\big)`; beyond the ends it
    is the end point, and the normal turns round it like that of a sharp corner.

    Parameters
    ----------
    center : array_like, shape (2,)
        Centre of the circle, m.
    radius : float
        Radius, m (> 0).
    a, b : array_like, shape (2,)
        End points of the segment, m (distinct).
    """
    center = _point("center", center)
    radius = check_positive("radius", radius, "m")
    a, b = _point("a", a), _point("b", b)
    along = b - a
    length_sq = float(along @ along)
    if length_sq == 0.0:
        raise ParameterError(f"a and b must be distinct points, got {a!r} twice")
    t = float(np.clip((center - a) @ along / length_sq, 0.0, 1.0))
    side = np.array([-along[1], along[0]]) / np.sqrt(length_sq)
    if (center - a) @ side < 0:
        side = -side
    return _from_closest(center, radius, a + t * along, side)


def circle_fillet(center, radius: float, fillet_center, fillet_radius: float) -> Contact:
    r"""Contact of a circle with a rounded convex corner: a fillet of radius r about its centre.

    Near a rounded step edge the obstacle's surface is the arc of radius :math:`r` about
    ``fillet_center``, and the contact is that of two circles: gap =
    :math:`|c - c_f| - (R + r)`, normal along :math:`c - c_f`. (Beyond the arc's angular range
    the step's flat faces take over: use :func:`circle_segment` for them and keep the contact
    with the smallest gap.)

    Parameters
    ----------
    center : array_like, shape (2,)
        Centre of the circle, m.
    radius : float
        Radius of the circle, m (> 0).
    fillet_center : array_like, shape (2,)
        Centre of the fillet's arc, m.
    fillet_radius : float
        Fillet radius r, m (>= 0; 0 is a sharp corner).

    Examples
    --------
    >>> hit = circle_fillet([0.03, 0.04], 0.036, [0.0, 0.0], 0.015)
    >>> print(round(hit.gap, 6), hit.normal.round(3), hit.point.round(4))
    -0.001 [0.6 0.8] [0.009 0.012]
    """
    center = _point("center", center)
    radius = check_positive("radius", radius, "m")
    corner = _point("fillet_center", fillet_center)
    r = check_non_negative("fillet_radius", fillet_radius, "m")
    offset = center - corner
    distance = float(np.hypot(*offset))
    if distance == 0.0:
        raise ParameterError("center must not coincide with fillet_center: the normal is "
                             "undefined there")
    normal = offset / distance
    return Contact(gap=distance - radius - r, normal=normal, point=corner + r * normal)


def depth_rate(contact: Contact, center_velocity, obstacle_velocity=(0.0, 0.0)) -> float:
    r"""Rate of penetration :math:`\dot\delta = -(v_c - v_o)\cdot n`, m/s.

    For a circle, the velocity of its rim point at the contact is :math:`v_c + \omega \times
    (-R\,n)`; the rotation part is perpendicular to n, so only the centre's velocity counts.

    Parameters
    ----------
    contact : Contact
        From one of the geometry functions.
    center_velocity : array_like, shape (2,)
        Velocity of the circle's centre, m/s.
    obstacle_velocity : array_like, shape (2,)
        Velocity of the obstacle's surface at the contact point, m/s.
    """
    if not isinstance(contact, Contact):
        raise ParameterError(f"contact must be a Contact, got {contact!r}")
    v = as_array("center_velocity", center_velocity, "m/s", (2,), finite=True)
    w = as_array("obstacle_velocity", obstacle_velocity, "m/s", (2,), finite=True)
    return float(-(v - w) @ contact.normal)


def slip_velocity(contact: Contact, center_velocity, omega: float, radius: float,
                  obstacle_velocity=(0.0, 0.0)) -> float:
    r"""Tangential slip of the circle's rim over the obstacle at the contact, m/s.

    The rim point at the contact, :math:`-R\,n` from the centre, moves with
    :math:`v_c + \omega\,\hat z \times (-R\,n) = v_c + \omega R\,t`; its component along the
    tangent :math:`t = (n_y, -n_x)` (:attr:`Contact.tangent`) relative to the obstacle is the
    slip. On a floor (n = +y) the tangent is +x and the slip is :math:`v_x + \omega R` with
    omega counter-clockwise positive: zero when the circle rolls to the right with
    :math:`\omega = -v_x / R`.

    Parameters
    ----------
    contact : Contact
        From one of the geometry functions.
    center_velocity : array_like, shape (2,)
        Velocity of the circle's centre, m/s.
    omega : float
        Angular velocity of the circle, rad/s, counter-clockwise positive.
    radius : float
        Radius of the circle, m (> 0).
    obstacle_velocity : array_like, shape (2,)
        Velocity of the obstacle's surface at the contact, m/s.
    """
    if not isinstance(contact, Contact):
        raise ParameterError(f"contact must be a Contact, got {contact!r}")
    v = as_array("center_velocity", center_velocity, "m/s", (2,), finite=True)
    w = as_array("obstacle_velocity", obstacle_velocity, "m/s", (2,), finite=True)
    omega = check_real("omega", omega, "rad/s")
    radius = check_positive("radius", radius, "m")
    tangent = contact.tangent
    rim = v + omega * radius * tangent
    return float((rim - w) @ tangent)
