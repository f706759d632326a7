r"""A 3D scene player that works offline: orbit with the mouse, play, scrub the time.

:func:`scene_html` turns rigid bodies (triangle meshes with one pose per frame) and
polylines into one self-contained HTML string: a ``<canvas>``, a few controls and about 10 KB
of inline JavaScript that draws with the Canvas 2D API. It needs neither a kernel, nor the
internet, nor a JavaScript library; a notebook cell that ends with the scene shows it live in
Jupyter, and myst-nb embeds the same markup in the static page.

The meshes come from plain functions: :func:`ellipsoid_mesh` (the egg's shell),
:func:`ring_mesh` (a gimbal ring) and :func:`disc_mesh` (a rotor).

>>> vertices, faces = ellipsoid_mesh(0.045, 0.045, 0.06)
>>> shell = Body("shell", vertices, faces, colour="#4477aa", opacity=0.35)
>>> scene = scene_html([shell], floor=(-0.1, 0.1, -0.1, 0.1), title="The egg")
>>> scene.html.startswith('<div class="robodyn-scene3d"')
True

**Conventions.** World z is up; lengths in m, angles of the camera in degrees (they are set
by a reader, at the edge). A body's vertices are given in its own frame; frame :math:`k`
places vertex :math:`v` at :math:`R_k v + p_k` in the world, :math:`R_k` the rotation body
to world (``R_WB``) and :math:`p_k` the position of the body's origin.

**Drawing.** Flat-shaded triangles sorted by the depth of their centroids and drawn back to
front (the painter's algorithm), together with the segments of the polylines; opaque bodies
skip the triangles that face away. The light is fixed to the camera (above, left and
behind the viewer), so the side the reader looks at is always lit: Lambert shading,
:math:`I = I_a + (1 - I_a)\max(0, n\cdot l)` with the ambient share :math:`I_a` =
:data:`AMBIENT`.

Notes
-----
The painter's algorithm is not a depth buffer: triangles that cross each other, or a long
triangle beside a short one at nearly the same depth, can be drawn in the wrong order. For
the book's scenes (convex or thin bodies, nested in each other) this is not seen. There are
no shadows, no smooth shading and no perspective-correct clipping: a triangle with a vertex
behind the camera is left out. Playback shows one frame after the other at ``fps`` frames per
second (looping) whatever the spacing of ``times``: the times are only labels.
"""

from __future__ import annotations

import html as html_text
import json
import math
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from matplotlib.colors import to_hex, to_rgb

from robodyn.core.errors import ParameterError, ParameterTypeError
from robodyn.core.params import Range, as_array, check_integer, check_positive, check_real
from robodyn.core.rotations import matrix_to_quaternion

__all__ = [
    "AMBIENT",
    "FIELD_OF_VIEW_DEG",
    "FIT_MARGIN",
    "NEAR_SHARE",
    "ROTATION_TOLERANCE",
    "SIGNIFICANT_DIGITS",
    "ZOOM_IN",
    "ZOOM_OUT",
    "Body",
    "Scene3D",
    "Track",
    "disc_mesh",
    "ellipsoid_mesh",
    "ring_mesh",
    "scene_html",
]

#: Share of ambient light in the Lambert shading (the rest falls with the angle to the light).
AMBIENT = 0.35
#: Vertical field of view of the perspective camera, degrees.
FIELD_OF_VIEW_DEG = 30.0
#: Share of the canvas's half-width and half-height left free on each side of the scene when
#: the starting view is fitted to it.
FIT_MARGIN = 0.05
#: Zoom range of the wheel and of a pinch, as magnifications of the fitted starting view: in
#: to ZOOM_IN times its size, out to ZOOM_OUT times.
ZOOM_IN = 4.0
ZOOM_OUT = 0.5
#: The near clipping plane stands this share of the camera's distance in front of the camera.
NEAR_SHARE = 0.01
#: Largest entry of |R^T R - I| accepted for a rotation matrix of a pose.
ROTATION_TOLERANCE = 1e-6
#: Coordinates are sent rounded to this many digits below the order of magnitude of the
#: scene's size (0.1 m to 1 m: to 1e-5 m); rotations as quaternions rounded to 1e-4.
SIGNIFICANT_DIGITS = 4
#: Quantum of the quaternion components sent to the browser.
QUATERNION_QUANTUM = 1e-4


# --------------------------------------------------------------------------- meshes


def _mesh_count(name: str, value, at_least: int) -> int:
    return check_integer(name, value, at_least=at_least)


def ellipsoid_mesh(a: float, b: float, c: float, n_around: int = 24, n_along: int = 16):
    r"""A closed triangle mesh of the ellipsoid :math:`x^2/a^2 + y^2/b^2 + z^2/c^2 = 1`.

    The vertices are the two poles :math:`(0, 0, \pm c)` and ``n_along - 1`` rings between
    them, at the parametric angles :math:`\psi_k = k\pi/n_{along}` from the +z axis:
    :math:`(a\sin\psi_k\cos\varphi_j,\ b\sin\psi_k\sin\varphi_j,\ c\cos\psi_k)`,
    :math:`\varphi_j = 2\pi j/n_{around}`. Every vertex lies on the surface.

    Parameters
    ----------
    a, b, c : float
        Semi-axes along x, y, z, m (> 0). The egg's shell is ``(R2, R2, R1)``.
    n_around : int
        Vertices on each ring (>= 3).
    n_along : int
        Bands from pole to pole (>= 2).

    Returns
    -------
    vertices : ndarray, shape (n, 3)
        Vertex coordinates, m; ``n = 2 + n_around (n_along - 1)``.
    faces : ndarray of int, shape (m, 3)
        Vertex indices of each triangle, counter-clockwise seen from outside (the normal
        :math:`(v_1 - v_0)\times(v_2 - v_0)` points outwards); ``m = 2 n_around (n_along - 1)``.

    >>> vertices, faces = ellipsoid_mesh(0.045, 0.045, 0.06, n_around=8, n_along=4)
    >>> vertices.shape, faces.shape
    ((26, 3), (48, 3))
    """
    a = check_positive("a", a, "m")
    b = check_positive("b", b, "m")
    c = check_positive("c", c, "m")
    n_around = _mesh_count("n_around", n_around, 3)
    n_along = _mesh_count("n_along", n_along, 2)
    psi = np.pi * np.arange(1, n_along) / n_along
    phi = 2.0 * np.pi * np.arange(n_around) / n_around
    ring = np.stack([
        a * np.outer(np.sin(psi), np.cos(phi)),
        b * np.outer(np.sin(psi), np.sin(phi)),
        c * np.outer(np.cos(psi), np.ones(n_around)),
    ], axis=-1).reshape(-1, 3)
    vertices = np.vstack([[0.0, 0.0, c], ring, [0.0, 0.0, -c]])
    north, south = 0, len(vertices) - 1

    def at(k: int, j: int) -> int:
        """Index of vertex j of ring k (k = 0 nearest the north pole)."""
        return 1 + k * n_around + j % n_around

    faces = []
    for j in range(n_around):
        faces.append((north, at(0, j), at(0, j + 1)))
        for k in range(n_along - 2):
            faces.append((at(k, j), at(k + 1, j), at(k + 1, j + 1)))
            faces.append((at(k, j), at(k + 1, j + 1), at(k, j + 1)))
        faces.append((south, at(n_along - 2, j + 1), at(n_along - 2, j)))
    return vertices, np.array(faces, dtype=int)


def _band(n: int, radii_heights: Sequence[tuple[float, float]], closed: bool):
    """Vertices and faces of a surface of revolution about z through the given (radius,
    height) profile points, ``n`` around; the profile runs so that the faces face outwards
    when it turns clockwise seen in the (radius, height) plane. ``closed`` joins the last
    profile point to the first."""
    phi = 2.0 * np.pi * np.arange(n) / n
    vertices = np.array([(r * math.cos(p), r * math.sin(p), h)
                         for r, h in radii_heights for p in phi])
    count = len(radii_heights)
    faces = []
    for i in range(count if closed else count - 1):
        upper, lower = i, (i + 1) % count
        for j in range(n):
            j1 = (j + 1) % n
            faces.append((upper * n + j, lower * n + j, lower * n + j1))
            faces.append((upper * n + j, lower * n + j1, upper * n + j1))
    return vertices, faces


def ring_mesh(radius: float, width: float, thickness: float, n: int = 32):
    """A closed mesh of a gimbal ring: a thin cylindrical band about the z axis.

    The band's cross-section is a rectangle: from ``radius - thickness/2`` to
    ``radius + thickness/2`` radially and from ``-width/2`` to ``+width/2`` along z. Its
    surface is the outer wall, the inner wall and the two flat rims.

    Parameters
    ----------
    radius : float
        Mean radius of the band, m (> 0).
    width : float
        Height of the band along z, m (> 0).
    thickness : float
        Radial thickness of the band, m, > 0 and < 2 radius.
    n : int
        Vertices around each of the four edges (>= 3).

    Returns
    -------
    vertices : ndarray, shape (4 n, 3)
        Vertex coordinates, m.
    faces : ndarray of int, shape (8 n, 3)
        Triangles, counter-clockwise seen from outside the band's material.

    >>> vertices, faces = ring_mesh(0.04, 0.008, 0.003, n=16)
    >>> vertices.shape, faces.shape
    ((64, 3), (128, 3))
    """
    radius = check_positive("radius", radius, "m")
    width = check_positive("width", width, "m")
    thickness = check_positive("thickness", thickness, "m")
    n = _mesh_count("n", n, 3)
    if thickness >= 2.0 * radius:
        raise ParameterError(f"thickness must be < 2 radius = {2.0 * radius:g} m (the inner "
                             f"wall at radius - thickness/2 > 0), got {thickness:g} m")
    inner, outer, half = radius - 0.5 * thickness, radius + 0.5 * thickness, 0.5 * width
    profile = [(outer, half), (outer, -half), (inner, -half), (inner, half)]
    vertices, faces = _band(n, profile, closed=True)
    return vertices, np.array(faces, dtype=int)


def disc_mesh(radius: float, thickness: float, n: int = 24):
    """A closed mesh of a rotor disc: a cylinder about the z axis, centred at the origin.

    Parameters
    ----------
    radius : float
        Radius of the disc, m (> 0).
    thickness : float
        Length of the cylinder along z, m (> 0), from ``-thickness/2`` to ``+thickness/2``.
    n : int
        Vertices around each rim (>= 3).

    Returns
    -------
    vertices : ndarray, shape (2 n + 2, 3)
        The two rims, then the centres of the top and bottom faces, m.
    faces : ndarray of int, shape (4 n, 3)
        Triangles, counter-clockwise seen from outside.

    >>> vertices, faces = disc_mesh(0.03, 0.005, n=12)
    >>> vertices.shape, faces.shape
    ((26, 3), (48, 3))
    """
    radius = check_positive("radius", radius, "m")
    thickness = check_positive("thickness", thickness, "m")
    n = _mesh_count("n", n, 3)
    half = 0.5 * thickness
    rims, faces = _band(n, [(radius, half), (radius, -half)], closed=False)
    top, bottom = 2 * n, 2 * n + 1
    vertices = np.vstack([rims, [0.0, 0.0, half], [0.0, 0.0, -half]])
    for j in range(n):
        j1 = (j + 1) % n
        faces.append((top, j, j1))
        faces.append((bottom, n + j1, n + j))
    return vertices, np.array(faces, dtype=int)


# --------------------------------------------------------------------------- scene content


def _check_name(owner: str, name) -> str:
    if not isinstance(name, str):
        raise ParameterTypeError(f"name of a {owner} must be a str; got {name!r} of type "
                                 f"{type(name).__name__}")
    return name


def _check_colour(label: str, colour) -> tuple[int, int, int]:
    """The colour as 0-255 RGB; any matplotlib colour string ('#4477aa', 'tab:red', 'C0')."""
    if not isinstance(colour, str):
        raise ParameterTypeError(f"{label} must be a colour string such as '#4477aa'; got "
                                 f"{colour!r} of type {type(colour).__name__}")
    try:
        rgb = to_rgb(colour)
    except ValueError as error:
        raise ParameterError(f"{label} must be a CSS hex colour such as '#4477aa' or a "
                             f"matplotlib colour name; got {colour!r}") from error
    return tuple(int(round(255 * channel)) for channel in rgb)


def _frames_of(label: str, value, tail: tuple[int, ...], unit: str) -> np.ndarray:
    """``value`` of shape ``tail`` (one pose) or ``(T,) + tail``, as a (T,) + tail array."""
    array = as_array(label, value, unit, finite=True)
    if array.shape == tail:
        array = array[np.newaxis]
    if array.ndim != len(tail) + 1 or array.shape[1:] != tail or len(array) < 1:
        one = ", ".join(str(n) for n in tail)
        raise ParameterError(f"{label} must have shape ({one}) or (T, {one}) with T >= 1, "
                             f"got shape {array.shape}")
    return array


@dataclass(frozen=True, eq=False)
class Body:
    """A rigid body of a scene: a triangle mesh in its own frame and its pose in each frame.

    Parameters
    ----------
    name : str
        Shown in the legend under the scene (an empty name is left out) and in errors.
    vertices : array_like, shape (n, 3)
        Vertex coordinates in the body frame, m; n >= 3, finite.
    faces : array_like of int, shape (m, 3)
        Vertex indices (0 to n - 1) of each triangle, counter-clockwise seen from outside.
    colour : str
        CSS hex colour (``'#4477aa'``) or matplotlib colour name.
    opacity : float
        In (0, 1]: near 0 almost invisible, 1 opaque. A translucent body shows what is
        inside it, and its faces turned away are drawn too.
    rotations : array_like, shape (3, 3) or (T, 3, 3)
        ``R_WB`` of each frame, rotation body to world (orthonormal, determinant +1). One
        matrix holds for all frames. Default: the identity.
    positions : array_like, shape (3,) or (T, 3)
        Position of the body's origin in the world in each frame, m. One position holds for
        all frames. Default: the origin.
    """

    name: str
    vertices: np.ndarray
    faces: np.ndarray
    colour: str = "#4477aa"
    opacity: float = 1.0
    rotations: np.ndarray = field(default_factory=lambda: np.eye(3))
    positions: np.ndarray = field(default_factory=lambda: np.zeros(3))

    def __post_init__(self):
        name = _check_name("Body", self.name)
        of = f"of body {name!r}"
        vertices = as_array(f"vertices {of}", self.vertices, "m", finite=True)
        if vertices.ndim != 2 or vertices.shape[1] != 3 or len(vertices) < 3:
            raise ParameterError(f"vertices {of} must have shape (n, 3) with n >= 3, got "
                                 f"shape {vertices.shape}")
        faces = np.asarray(self.faces)
        if faces.dtype.kind not in "iu":
            raise ParameterTypeError(f"faces {of} must be integer vertex indices; got an "
                                     f"array of dtype {faces.dtype}")
        if faces.ndim != 2 or faces.shape[1] != 3 or len(faces) < 1:
            raise ParameterError(f"faces {of} must have shape (m, 3) with m >= 1, got shape "
                                 f"{faces.shape}")
        outside = faces[(faces < 0) | (faces >= len(vertices))]
        if outside.size:
            raise ParameterError(f"faces {of} must hold vertex indices from 0 to "
                                 f"{len(vertices) - 1}; got {int(outside[0])}")
        _check_colour(f"colour {of}", self.colour)
        opacity = check_real(f"opacity {of}", self.opacity, "", Range(above=0.0, at_most=1.0))
        rotations = _frames_of(f"rotations {of}", self.rotations, (3, 3), "")
        error = np.abs(np.einsum("kji,kjl->kil", rotations, rotations) - np.eye(3)).max(
            axis=(1, 2))
        bad = np.flatnonzero((error > ROTATION_TOLERANCE) | (np.linalg.det(rotations) <= 0))
        if bad.size:
            k = int(bad[0])
            raise ParameterError(
                f"rotations {of} must be rotation matrices (|R^T R - I| <= "
                f"{ROTATION_TOLERANCE:g}, determinant +1); frame {k} has |R^T R - I| = "
                f"{error[k]:.3g} and determinant {np.linalg.det(rotations[k]):.6g}")
        positions = _frames_of(f"positions {of}", self.positions, (3,), "m")
        if len(rotations) > 1 and len(positions) > 1 and len(rotations) != len(positions):
            raise ParameterError(f"rotations and positions {of} must have the same number of "
                                 f"frames T, or one of them 1; got {len(rotations)} and "
                                 f"{len(positions)}")
        for attribute, value in (("vertices", vertices), ("faces", faces.astype(int)),
                                 ("opacity", opacity), ("rotations", rotations),
                                 ("positions", positions)):
            if isinstance(value, np.ndarray):
                value.setflags(write=False)
            object.__setattr__(self, attribute, value)

    @property
    def n_frames(self) -> int:
        """Number of poses: 1 for a body that stands still, else T."""
        return max(len(self.rotations), len(self.positions))


@dataclass(frozen=True, eq=False)
class Track:
    """A polyline of a scene, such as the contact track on the floor.

    Parameters
    ----------
    name : str
        Shown in the legend under the scene (an empty name is left out) and in errors.
    points : array_like, shape (N, 3)
        Points of the line in the world, m, finite.
    colour : str
        CSS hex colour (``'#cc3311'``) or matplotlib colour name.
    growing : bool
        True: the line grows with time, frame k showing points 0 to k, and N must equal the
        scene's number of frames T. False: the whole line is always shown (any N >= 2).
    """

    name: str
    points: np.ndarray
    colour: str = "#cc3311"
    growing: bool = True

    def __post_init__(self):
        name = _check_name("Track", self.name)
        of = f"of track {name!r}"
        points = as_array(f"points {of}", self.points, "m", finite=True)
        if not isinstance(self.growing, bool):
            raise ParameterTypeError(f"growing {of} must be True or False; got "
                                     f"{self.growing!r}")
        least = 1 if self.growing else 2
        if points.ndim != 2 or points.shape[1] != 3 or len(points) < least:
            raise ParameterError(f"points {of} must have shape (N, 3) with N >= {least}, got "
                                 f"shape {points.shape}")
        _check_colour(f"colour {of}", self.colour)
        points.setflags(write=False)
        object.__setattr__(self, "points", points)


# --------------------------------------------------------------------------- the scene


class Scene3D:
    """A scene ready for the page: ``html`` holds the markup, script and data.

    A notebook shows it through :meth:`_repr_html_`; :meth:`save` writes a page of its own.
    """

    def __init__(self, html: str, n_frames: int, title: str):
        self.html = html
        self.n_frames = n_frames
        self.title = title

    @property
    def nbytes(self) -> int:
        """Size of :attr:`html` in bytes (UTF-8)."""
        return len(self.html.encode("utf-8"))

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return (f"Scene3D({self.title!r}, {self.n_frames} frames, "
                f"{self.nbytes / 1000:.1f} kB)")

    def save(self, path) -> Path:
        """Write a standalone HTML page holding the scene; return its path."""
        path = Path(path)
        title = html_text.escape(self.title or "3D scene")
        path.write_text(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title></head>\n<body style=\"margin:16px\">\n{self.html}\n"
            "</body></html>\n", encoding="utf-8")
        return path


def _scene_frames(bodies, tracks, times) -> int:
    """The number of frames T that every body, growing track and ``times`` agree on."""
    claims = [(f"body {b.name!r} has {b.n_frames} poses", b.n_frames)
              for b in bodies if b.n_frames > 1]
    claims += [(f"growing track {t.name!r} has {len(t.points)} points", len(t.points))
               for t in tracks if t.growing]
    if times is not None:
        claims.insert(0, (f"times has {len(times)} entries", len(times)))
    counts = {count for _, count in claims}
    if len(counts) > 1:
        said = "; ".join(text for text, _ in claims)
        raise ParameterError(f"the frames of the scene disagree: {said}. Each body must have "
                             f"1 or T poses, each growing track T points, times T entries")
    return counts.pop() if counts else 1


def _nice_step(span: float, lines: int) -> float:
    """A step of 1, 2 or 5 times a power of ten giving about ``lines`` steps over ``span``."""
    raw = span / lines
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1.0, 2.0, 5.0, 10.0) if m * power >= raw)


def _check_camera(camera):
    if not isinstance(camera, Sequence) or isinstance(camera, str) or len(camera) != 3:
        raise ParameterError(f"camera must be (azimuth_deg, elevation_deg, distance) with "
                             f"distance in m or None; got {camera!r}")
    azimuth = check_real("camera azimuth", camera[0], "deg")
    elevation = check_real("camera elevation", camera[1], "deg",
                           Range(above=-90.0, below=90.0))
    distance = None if camera[2] is None else check_positive("camera distance", camera[2], "m")
    return azimuth, elevation, distance


def _check_floor(floor):
    if floor is None:
        return None
    values = as_array("floor", floor, "m", (4,), finite=True)
    xmin, xmax, ymin, ymax = values
    if not (xmin < xmax and ymin < ymax):
        raise ParameterError(f"floor must be (xmin, xmax, ymin, ymax) with xmin < xmax and "
                             f"ymin < ymax, m; got {tuple(values.tolist())}")
    return values


def _as_list(label: str, items, kind: type) -> list:
    if isinstance(items, kind):
        return [items]
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise ParameterTypeError(f"{label} must be a sequence of {kind.__name__}; got "
                                 f"{items!r}")
    for i, item in enumerate(items):
        if not isinstance(item, kind):
            raise ParameterTypeError(f"{label}[{i}] must be a {kind.__name__}; got "
                                     f"{item!r} of type {type(item).__name__}")
    return list(items)


def _world_points(bodies, tracks) -> np.ndarray:
    """Every vertex of every body in every frame, and every track point, in the world."""
    points = [t.points for t in tracks]
    for b in bodies:
        points.append((np.einsum("kij,nj->kni", b.rotations, b.vertices)
                       + b.positions[:, np.newaxis, :]).reshape(-1, 3))
    return np.vstack(points)


def _start_points(bodies, tracks) -> np.ndarray:
    """What the first frame shows, in the world, m: every body's vertices in its first pose,
    every static track whole and the first point of every growing track."""
    points = [t.points[:1] if t.growing else t.points for t in tracks]
    points += [b.vertices @ b.rotations[0].T + b.positions[0] for b in bodies]
    return np.vstack(points)


def _box_centre(points: np.ndarray) -> np.ndarray:
    """Centre of the axis-aligned bounding box of points, shape (3,), in their unit."""
    return 0.5 * (points.min(axis=0) + points.max(axis=0))


def _camera_axes(azimuth: float, elevation: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Unit vectors of the camera looking from ``azimuth`` and ``elevation`` (deg) as the
    player sets it up: back (from the target towards the eye), right and up on the screen."""
    a, e = math.radians(azimuth), math.radians(elevation)
    back = np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e)])
    right = np.array([-math.sin(a), math.cos(a), 0.0])
    up = np.array([-math.sin(e) * math.cos(a), -math.sin(e) * math.sin(a), math.cos(e)])
    return back, right, up


def _fit_distance(points: np.ndarray, target: np.ndarray, azimuth: float, elevation: float,
                  aspect: float, margin: float = FIT_MARGIN) -> float:
    r"""The least distance from ``target`` at which the camera sees every point in the canvas.

    The camera looks at ``target`` from ``azimuth`` and ``elevation`` with the vertical field
    of view :data:`FIELD_OF_VIEW_DEG`, :math:`\theta`. A point at :math:`r` from the target
    lies :math:`d - r\cdot b` in front of the camera at distance :math:`d` (:math:`b` the
    unit vector from the target towards the camera) and :math:`r\cdot u` above the middle of
    the view (:math:`u` up the screen): it is inside the canvas less the margin :math:`m`
    where :math:`|r\cdot u| \le (1 - m)\tan(\theta/2)\,(d - r\cdot b)`, and across likewise
    with :math:`r\cdot e` (:math:`e` to the right) and the half-width, :math:`A` (the
    aspect) times larger. Every point also stays beyond the near plane (:data:`NEAR_SHARE`
    of the distance), where the player would leave its triangles out.

    Parameters
    ----------
    points : ndarray, shape (n, 3)
        Points to keep in view, m.
    target : ndarray, shape (3,)
        The point the camera looks at, m: drawn in the middle of the canvas.
    azimuth, elevation : float
        Direction of the camera from the target, deg (as ``camera`` of :func:`scene_html`).
    aspect : float
        Width over height of the canvas (> 0).
    margin : float
        Share of the canvas's half-width and half-height left free on each side, in [0, 1).

    Returns
    -------
    float
        The distance, m (0 for a target that is the only point).

    >>> corners = np.array([[-0.1, -0.1, 0.0], [0.1, 0.1, 0.0]])   # seen from straight above
    >>> round(_fit_distance(corners, np.zeros(3), 0.0, 90.0 - 1e-9, 1.0, margin=0.0), 4)
    0.3732
    """
    back, right, up = _camera_axes(azimuth, elevation)
    offsets = points - target
    half_height = (1.0 - margin) * math.tan(math.radians(0.5 * FIELD_OF_VIEW_DEG))
    towards = offsets @ back
    across = np.maximum(np.abs(offsets @ right) / (aspect * half_height),
                        np.abs(offsets @ up) / half_height)
    beyond_near = towards / (1.0 - NEAR_SHARE)
    return float(max(np.max(towards + across), np.max(beyond_near), 0.0))


def _zoom_range(fitted: float, start: float) -> tuple[float, float]:
    """Nearest and farthest camera distance of the wheel and the pinch, m: from
    :data:`ZOOM_IN` to :data:`ZOOM_OUT` times the size of the ``fitted`` view (at distance
    ``fitted`` m), widened to hold the ``start`` distance, m, if that lies outside."""
    return min(fitted / ZOOM_IN, start), max(fitted / ZOOM_OUT, start)


def _quaternions(rotations: np.ndarray) -> np.ndarray:
    """(w, x, y, z) of each rotation, after projection onto the nearest rotation matrix."""
    u, _, vt = np.linalg.svd(rotations)
    return np.array([matrix_to_quaternion(R) for R in u @ vt])


def _ints(array, quantum: float) -> list[int]:
    return np.rint(np.asarray(array, dtype=float).ravel() / quantum).astype(int).tolist()


def scene_html(bodies, tracks=(), times=None, floor=None, title: str = "", width: int = 640,
               height: int = 420, fps: float = 25.0, camera=(-60.0, 25.0, None)) -> Scene3D:
    """A self-contained 3D player of bodies and tracks: orbit, zoom, play, scrub the time.

    Parameters
    ----------
    bodies : Body or sequence of Body
        The rigid bodies, each with 1 or T poses.
    tracks : Track or sequence of Track
        Polylines; a growing track has T points.
    times : array_like, shape (T,), optional
        Time of each frame, s, strictly increasing. Default: frame k at ``k / fps``.
    floor : tuple (xmin, xmax, ymin, ymax), optional
        A light grid on the floor z = 0 over this rectangle, m; None draws no floor.
    title : str
        Shown above the scene.
    width, height : int
        Size of the drawing in CSS pixels (>= 100); narrower pages shrink it to fit.
    fps : float
        Frames shown per second while playing (> 0).
    camera : tuple (azimuth_deg, elevation_deg, distance)
        Starting view: the camera looks at the centre of the bounding box of what the first
        frame shows (the bodies in their first poses, the static tracks, the first points of
        the growing ones), which is drawn in the middle of the canvas, from the azimuth
        (degrees from +x towards +y) and elevation (degrees above the floor, in (-90, 90)) at
        ``distance`` m; None fits the scene into the view: the nearest distance from which
        every frame of it lies inside the canvas, :data:`FIT_MARGIN` of its half-sizes left
        free (the floor may reach out of view).

    Returns
    -------
    Scene3D
        ``.html`` (a ``<div>`` with a canvas, controls, the data as JSON and the script),
        ``.nbytes``, ``.save(path)``; a notebook shows it live.

    Notes
    -----
    Dragging (mouse or touch) turns the view, the wheel or a pinch zooms (the page does not
    scroll while the pointer is over the scene), from :data:`ZOOM_OUT` to :data:`ZOOM_IN`
    times the size of the fitted view (and to the starting distance if that lies outside), a
    double click goes back to the starting view. With one frame there is no play button and
    no slider. Each scene has its own element ids and its script keeps its names to itself,
    so a page can hold several; the data go to the page once per body (mesh) and once per
    frame (pose: position and quaternion), rounded (see :data:`SIGNIFICANT_DIGITS`).
    """
    bodies = _as_list("bodies", bodies, Body)
    tracks = _as_list("tracks", tracks, Track)
    if not bodies and not tracks:
        raise ParameterError("a scene needs at least one body or track; got none")
    if times is not None:
        times = as_array("times", times, "s", (None,), finite=True)
        if len(times) < 1 or np.any(np.diff(times) <= 0):
            raise ParameterError(f"times must be a non-empty, strictly increasing array, s; "
                                 f"got {times!r}")
    floor = _check_floor(floor)
    if not isinstance(title, str):
        raise ParameterTypeError(f"title must be a str; got {title!r} of type "
                                 f"{type(title).__name__}")
    width = check_integer("width", width, at_least=100)
    height = check_integer("height", height, at_least=100)
    fps = check_positive("fps", fps, "frames/s")
    azimuth, elevation, distance = _check_camera(camera)
    n_frames = _scene_frames(bodies, tracks, times)
    if times is None:
        times = np.arange(n_frames) / fps

    world = _world_points(bodies, tracks)
    low, high = world.min(axis=0), world.max(axis=0)
    radius = max(float(np.linalg.norm(world - _box_centre(world), axis=1).max()), 1e-9)
    extent = float(np.max(high - low))
    if floor is not None:
        extent = max(extent, floor[1] - floor[0], floor[3] - floor[2])
    extent = max(extent, radius, 1e-9)
    quantum = 10.0 ** (math.floor(math.log10(extent)) - SIGNIFICANT_DIGITS)
    target = _box_centre(_start_points(bodies, tracks))
    fitted = max(_fit_distance(world, target, azimuth, elevation, width / height), radius)
    if distance is None:
        distance = fitted
    nearest, farthest = _zoom_range(fitted, distance)
    steps = np.diff(times)
    decimals = 2 if len(steps) == 0 else int(min(6, max(2, math.ceil(-math.log10(
        float(steps.min())) - 1e-9))))

    data = {
        "size": [width, height],
        "fps": fps,
        "q": quantum,
        "qr": QUATERNION_QUANTUM,
        "fov": FIELD_OF_VIEW_DEG,
        "near": NEAR_SHARE,
        "amb": AMBIENT,
        "dec": decimals,
        "t": [round(float(t), decimals + 2) for t in times],
        "target": _ints(target, quantum),
        "cam": [azimuth, elevation, round(distance / quantum)],
        "zoom": [round(nearest / quantum), round(farthest / quantum)],
        "bodies": [{
            "v": _ints(b.vertices, quantum),
            "f": b.faces.ravel().tolist(),
            "rgb": list(_check_colour("colour", b.colour)),
            "a": b.opacity,
            "r": _ints(_quaternions(b.rotations), QUATERNION_QUANTUM),
            "p": _ints(b.positions, quantum),
        } for b in bodies],
        "tracks": [{
            "p": _ints(t.points, quantum),
            "rgb": list(_check_colour("colour", t.colour)),
            "grow": t.growing,
        } for t in tracks],
    }
    if floor is not None:
        step = _nice_step(float(max(floor[1] - floor[0], floor[3] - floor[2])), 10)
        data["floor"] = _ints(floor, quantum) + [round(step / quantum)]
    return Scene3D(_markup(data, bodies, tracks, title, n_frames), n_frames, title)


# --------------------------------------------------------------------------- markup

#: The player, ``scene3d_player.js`` beside this module. It finds its own container (the one
#: holding this script, else the first one with its id not yet started, so a copy of the same
#: markup starts too) and keeps every name inside its function. No comment may hold two
#: slashes: the markup has none.
_SCRIPT = Path(__file__).with_name("scene3d_player.js").read_text(encoding="utf-8")


def _player_script(ident: str) -> str:
    """The player's script for the scene ``ident``, its lines without their indentation."""
    lines = (line.strip() for line in _SCRIPT.replace("__ID__", ident).splitlines())
    return "\n".join(line for line in lines if line)


def _markup(data: dict, bodies, tracks, title: str, n_frames: int) -> str:
    """The scene's HTML: title, canvas, controls, legend, the JSON data and the script."""
    ident = f"robodyn-scene3d-{uuid.uuid4().hex[:12]}"
    width, height = data["size"]
    moving = "" if n_frames > 1 else "display:none;"
    legend = "".join(
        f'<span style="margin-right:1.2em;white-space:nowrap"><span style="display:inline-block;'
        f'width:.8em;height:.8em;margin-right:.35em;vertical-align:-.05em;'
        f'background:{to_hex(item.colour)}"></span>{html_text.escape(item.name)}</span>'
        for item in [*bodies, *tracks] if item.name)
    heading = (f'<div style="font-weight:600;margin-bottom:.3em">{html_text.escape(title)}'
               "</div>" if title else "")
    payload = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return (
        f'<div class="robodyn-scene3d" id="{ident}" style="max-width:{width}px;'
        f'font-family:inherit;font-size:13px;line-height:1.4;margin:.5em 0">{heading}'
        f'<canvas id="{ident}-canvas" width="{width}" height="{height}" '
        f'aria-label="3D scene{": " + html_text.escape(title) if title else ""}; drag to turn,'
        f' wheel or pinch to zoom" style="display:block;width:100%;height:auto;'
        f'border:1px solid #ccc;border-radius:3px;touch-action:none;cursor:grab;'
        f'background:#fff"></canvas>'
        f'<div style="display:flex;align-items:center;gap:.6em;margin-top:.3em">'
        f'<button type="button" id="{ident}-play" data-role="play" aria-label="play" '
        f'style="{moving}min-width:2.8em;padding:.1em .5em;cursor:pointer">&#9654;</button>'
        f'<input type="range" id="{ident}-slider" data-role="slider" min="0" '
        f'max="{n_frames - 1}" step="1" value="0" aria-label="frame" '
        f'style="{moving}flex:1 1 8em;min-width:4em">'
        f'<span id="{ident}-time" data-role="time" style="white-space:nowrap;'
        f'font-variant-numeric:tabular-nums;min-width:7em">t = '
        f'{data["t"][0]:.{data["dec"]}f} s</span>'
        f'<span style="color:#777;font-size:12px;white-space:nowrap;margin-left:auto">'
        f'drag: turn &middot; wheel: zoom</span></div>'
        + (f'<div style="margin-top:.2em;font-size:12px">{legend}</div>' if legend else "")
        + f'<script type="application/json" id="{ident}-data">{payload}</script>'
        f"<script>{_player_script(ident)}</script></div>"
    )
