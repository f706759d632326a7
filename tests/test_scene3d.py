"""The offline 3D scene player: its meshes, its input checks, its markup, and a real browser.

The browser tests open scenes from files in headless Chromium, offline, and act as a reader:
they drag, zoom, play and move the slider, and look at the canvas's pixels. Like the reader's
view (tests/test_reader_view.py) they carry the ``notebooks`` marker and are skipped without
Chromium, except under CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
from collections import Counter

import numpy as np
import pytest

from robodyn.core.errors import ParameterError, ParameterTypeError
from robodyn.core.rotations import quaternion_to_matrix, rot_x, rot_z
from robodyn.plotting.scene3d import (
    FIELD_OF_VIEW_DEG,
    FIT_MARGIN,
    QUATERNION_QUANTUM,
    ZOOM_IN,
    ZOOM_OUT,
    Body,
    Scene3D,
    Track,
    disc_mesh,
    ellipsoid_mesh,
    ring_mesh,
    scene_html,
)

R1, R2 = 0.06, 0.045  # the egg's semi-axes, m (long, short)
N_FRAMES = 20
TIMES = 0.1 * np.arange(N_FRAMES)  # s
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 800, "height": 700}


# --------------------------------------------------------------------------- meshes


def _normals_and_centroids(vertices, faces):
    v0, v1, v2 = (vertices[faces[:, k]] for k in range(3))
    return np.cross(v1 - v0, v2 - v0), (v0 + v1 + v2) / 3.0


def _volume(vertices, faces) -> float:
    """Signed volume enclosed by a closed mesh (divergence theorem): > 0 if faces face out."""
    v0, v1, v2 = (vertices[faces[:, k]] for k in range(3))
    return float(np.einsum("ij,ij->i", v0, np.cross(v1, v2)).sum() / 6.0)


MESHES = {
    "ellipsoid": ellipsoid_mesh(R2, R2, R1),
    "ellipsoid, three axes, coarse": ellipsoid_mesh(0.03, 0.05, 0.02, n_around=5, n_along=3),
    "ring": ring_mesh(0.04, 0.008, 0.003),
    "disc": disc_mesh(0.025, 0.004, n=7),
}


@pytest.mark.parametrize("a, b, c, n_around, n_along",
                         [(R2, R2, R1, 24, 16), (0.03, 0.05, 0.02, 5, 3), (1.0, 2.0, 3.0, 3, 2)])
def test_ellipsoid_vertices_lie_on_the_surface(a, b, c, n_around, n_along):
    """Every vertex satisfies x^2/a^2 + y^2/b^2 + z^2/c^2 = 1 to 1e-12; the counts are right."""
    vertices, faces = ellipsoid_mesh(a, b, c, n_around, n_along)
    x, y, z = vertices.T
    assert np.max(np.abs(x**2 / a**2 + y**2 / b**2 + z**2 / c**2 - 1.0)) <= 1e-12
    assert vertices.shape == (2 + n_around * (n_along - 1), 3)
    assert faces.shape == (2 * n_around * (n_along - 1), 3)


@pytest.mark.parametrize("name", MESHES)
def test_faces_index_valid_vertices_of_real_triangles(name):
    """Faces are integer triples of distinct, existing vertices, spanning a non-zero area."""
    vertices, faces = MESHES[name]
    assert faces.dtype.kind == "i" and faces.ndim == 2 and faces.shape[1] == 3
    assert faces.min() >= 0 and faces.max() < len(vertices)
    assert np.all((faces[:, 0] != faces[:, 1]) & (faces[:, 1] != faces[:, 2])
                  & (faces[:, 0] != faces[:, 2]))
    normals, _ = _normals_and_centroids(vertices, faces)
    assert np.linalg.norm(normals, axis=1).min() > 0.0
    assert set(np.unique(faces)) == set(range(len(vertices))), "a vertex no face uses"


@pytest.mark.parametrize("name", ["ellipsoid", "ellipsoid, three axes, coarse", "disc"])
def test_normals_of_convex_meshes_point_away_from_the_centre(name):
    """For every triangle (v1 - v0) x (v2 - v0) points away from the centre (the origin)."""
    vertices, faces = MESHES[name]
    normals, centroids = _normals_and_centroids(vertices, faces)
    assert np.einsum("ij,ij->i", normals, centroids).min() > 0.0


def test_ring_normals_point_out_of_the_band():
    """Each triangle of the ring faces away from the band's centre line (the mean circle)."""
    vertices, faces = MESHES["ring"]
    normals, centroids = _normals_and_centroids(vertices, faces)
    angle = np.arctan2(centroids[:, 1], centroids[:, 0])
    on_circle = 0.04 * np.stack([np.cos(angle), np.sin(angle), np.zeros_like(angle)], axis=1)
    assert np.einsum("ij,ij->i", normals, centroids - on_circle).min() > 0.0


@pytest.mark.parametrize("name", MESHES)
def test_meshes_are_closed_and_consistently_oriented(name):
    """Each edge is shared by exactly two faces, which run along it in opposite directions."""
    _, faces = MESHES[name]
    directed = Counter((int(f[i]), int(f[(i + 1) % 3])) for f in faces for i in range(3))
    undirected = Counter(frozenset(edge) for edge in directed.elements())
    assert set(undirected.values()) == {2}
    assert set(directed.values()) == {1}, "an edge run twice the same way: a flipped face"
    assert all((b, a) in directed for a, b in directed)


def test_volumes_match_the_solids():
    """Enclosed volumes are positive and equal the inscribed prisms' exactly; the ellipsoid's
    tends to 4/3 pi a b c from below as the mesh is refined."""
    wedge = 0.5 * math.sin(2.0 * math.pi / 7)  # area of a unit n-gon / n, n = 7
    assert _volume(*MESHES["disc"]) == pytest.approx(7 * wedge * 0.025**2 * 0.004, rel=1e-12)
    wedge = 0.5 * math.sin(2.0 * math.pi / 32)
    ring = 32 * wedge * (0.0415**2 - 0.0385**2) * 0.008
    assert _volume(*MESHES["ring"]) == pytest.approx(ring, rel=1e-12)
    exact = 4.0 / 3.0 * math.pi * R2 * R2 * R1
    coarse = _volume(*ellipsoid_mesh(R2, R2, R1, 12, 8)) / exact
    fine = _volume(*ellipsoid_mesh(R2, R2, R1, 48, 32)) / exact
    assert 0.9 < coarse < fine < 1.0 and fine > 0.99


@pytest.mark.parametrize("call, message", [
    (lambda: ellipsoid_mesh(-0.045, R2, R1), r"a must be > 0 m, got -0.045"),
    (lambda: ellipsoid_mesh(R2, R2, R1, n_around=2), r"n_around must be an integer >= 3"),
    (lambda: ellipsoid_mesh(R2, R2, R1, n_along=True), r"n_along must be an integer; got True"),
    (lambda: ring_mesh(0.04, 0.008, 0.08), r"thickness must be < 2 radius = 0.08 m"),
    (lambda: disc_mesh(0.02, 0.0), r"thickness must be > 0 m, got 0"),
])
def test_mesh_inputs_are_checked(call, message):
    """Bad sizes and counts raise ParameterError naming the input and what is allowed."""
    with pytest.raises(ParameterError, match=message):
        call()


# --------------------------------------------------------------------------- inputs


def _egg(**changes) -> Body:
    vertices, faces = MESHES["ellipsoid"]
    fields = {"name": "shell", "vertices": vertices, "faces": faces} | changes
    return Body(**fields)


def _rolling(n_frames: int = N_FRAMES) -> tuple[np.ndarray, np.ndarray]:
    """Rotations and positions of an egg turning about z and moving on a circle."""
    angle = np.linspace(0.0, 2.0, n_frames)
    rotations = np.array([rot_z(a) @ rot_x(0.5) for a in angle])
    positions = np.stack([0.1 * np.cos(angle), 0.1 * np.sin(angle), np.full_like(angle, R1)],
                         axis=1)
    return rotations, positions


BAD_BODIES = [
    ({"vertices": np.zeros((5, 2))}, ParameterError,
     r"vertices of body 'shell' must have shape \(n, 3\) with n >= 3, got shape \(5, 2\)"),
    ({"faces": np.zeros((4, 3))}, ParameterTypeError,
     r"faces of body 'shell' must be integer vertex indices; got an array of dtype float64"),
    ({"faces": np.array([[0, 1, 362]])}, ParameterError,
     r"faces of body 'shell' must hold vertex indices from 0 to 361; got 362"),
    ({"faces": np.array([0, 1, 2])}, ParameterError,
     r"faces of body 'shell' must have shape \(m, 3\) with m >= 1, got shape \(3,\)"),
    ({"rotations": np.eye(4)}, ParameterError,
     r"rotations of body 'shell' must have shape \(3, 3\) or \(T, 3, 3\) with T >= 1, "
     r"got shape \(4, 4\)"),
    ({"rotations": 1.01 * np.eye(3)}, ParameterError,
     r"rotations of body 'shell' must be rotation matrices .* frame 0 has \|R\^T R - I\| = "
     r"0.0201"),
    ({"rotations": np.diag([1.0, 1.0, -1.0])}, ParameterError, r"determinant -1"),
    ({"positions": [0.0, np.nan, 0.0]}, ParameterError,
     r"positions of body 'shell' must contain only finite numbers, in m"),
    ({"positions": np.zeros((4, 2))}, ParameterError,
     r"positions of body 'shell' must have shape \(3\) or \(T, 3\)"),
    ({"rotations": _rolling(5)[0], "positions": _rolling(4)[1]}, ParameterError,
     r"rotations and positions of body 'shell' must have the same number of frames T, or "
     r"one of them 1; got 5 and 4"),
    ({"colour": (0.2, 0.4, 0.6)}, ParameterTypeError,
     r"colour of body 'shell' must be a colour string such as '#4477aa'; got \(0.2, 0.4, 0.6\)"),
    ({"colour": "#44zzaa"}, ParameterError,
     r"colour of body 'shell' must be a CSS hex colour such as '#4477aa' or a matplotlib "
     r"colour name; got '#44zzaa'"),
    ({"opacity": 0.0}, ParameterError, r"opacity of body 'shell' must be > 0 and <= 1, got 0"),
    ({"opacity": 1.5}, ParameterError, r"opacity of body 'shell' must be > 0 and <= 1, got 1.5"),
    ({"name": 3}, ParameterTypeError, r"name of a Body must be a str; got 3"),
]


@pytest.mark.parametrize("changes, error, message", BAD_BODIES)
def test_bad_bodies_are_refused(changes, error, message):
    """A body with a bad mesh, pose, colour or opacity raises, naming body, input and rule."""
    with pytest.raises(error, match=message):
        _egg(**changes)


def test_bad_tracks_are_refused():
    """A track needs (N, 3) finite points (N >= 2 if static), a colour string, a bool."""
    with pytest.raises(ParameterError, match=r"points of track 'contact' must have shape "
                       r"\(N, 3\) with N >= 2, got shape \(1, 3\)"):
        Track("contact", [[0.0, 0.0, 0.0]], growing=False)
    with pytest.raises(ParameterError, match=r"points of track 'contact' must have shape "
                       r"\(N, 3\) with N >= 1, got shape \(4,\)"):
        Track("contact", [0.0, 0.0, 0.0, 1.0])
    with pytest.raises(ParameterError, match=r"points of track 'contact' must contain only "
                       r"finite numbers"):
        Track("contact", [[0.0, 0.0, 0.0], [np.inf, 0.0, 0.0]])
    with pytest.raises(ParameterTypeError, match=r"colour of track 'contact' must be a colour"):
        Track("contact", np.zeros((3, 3)), colour=None)
    with pytest.raises(ParameterTypeError, match=r"growing of track 'contact' must be True or "
                       r"False; got 1"):
        Track("contact", np.zeros((3, 3)), growing=1)


def test_single_poses_broadcast_to_every_frame():
    """One rotation or one position holds for all frames; the body keeps a single pose."""
    rotations, positions = _rolling()
    still = _egg(name="still")
    turning = _egg(name="turning", rotations=rotations)
    assert still.n_frames == 1 and still.rotations.shape == (1, 3, 3)
    assert turning.n_frames == N_FRAMES and turning.positions.shape == (1, 3)
    scene = scene_html([still, turning, _egg(name="moving", positions=positions)])
    assert scene.n_frames == N_FRAMES
    assert f'max="{N_FRAMES - 1}"' in scene.html


BAD_SCENES = [
    ({"times": TIMES[:-1]}, ParameterError,
     r"the frames of the scene disagree: times has 19 entries; body 'shell' has 20 poses\. "
     r"Each body must have 1 or T poses, each growing track T points, times T entries"),
    ({"tracks": [Track("contact", np.zeros((7, 3)))]}, ParameterError,
     r"body 'shell' has 20 poses; growing track 'contact' has 7 points"),
    ({"times": TIMES[::-1]}, ParameterError,
     r"times must be a non-empty, strictly increasing array, s"),
    ({"times": np.where(TIMES > 1, np.nan, TIMES)}, ParameterError,
     r"times must contain only finite numbers, in s"),
    ({"floor": (0.2, -0.2, -0.2, 0.2)}, ParameterError,
     r"floor must be \(xmin, xmax, ymin, ymax\) with xmin < xmax and ymin < ymax, m; got "
     r"\(0.2, -0.2, -0.2, 0.2\)"),
    ({"floor": (-0.2, 0.2)}, ParameterError, r"floor must have shape \(4,\), got shape \(2,\)"),
    ({"camera": (30.0, 90.0, None)}, ParameterError,
     r"camera elevation must be > -90 and < 90 deg, got 90"),
    ({"camera": (30.0, 20.0, -1.0)}, ParameterError, r"camera distance must be > 0 m, got -1"),
    ({"camera": (30.0, 20.0)}, ParameterError,
     r"camera must be \(azimuth_deg, elevation_deg, distance\)"),
    ({"width": 50}, ParameterError, r"width must be an integer >= 100, got 50"),
    ({"fps": 0.0}, ParameterError, r"fps must be > 0 frames/s, got 0"),
    ({"title": None}, ParameterTypeError, r"title must be a str; got None"),
    ({"bodies": []}, ParameterError, r"a scene needs at least one body or track; got none"),
    ({"bodies": ["shell"]}, ParameterTypeError,
     r"bodies\[0\] must be a Body; got 'shell' of type str"),
    ({"tracks": np.zeros((3, 3))}, ParameterTypeError, r"tracks must be a sequence of Track"),
]


@pytest.mark.parametrize("changes, error, message", BAD_SCENES)
def test_bad_scenes_are_refused(changes, error, message):
    """Frames that disagree, bad times, floor, camera, size or contents raise with the rule."""
    rotations, positions = _rolling()
    arguments = {"bodies": [_egg(rotations=rotations, positions=positions)]} | changes
    with pytest.raises(error, match=message):
        scene_html(**arguments)


# --------------------------------------------------------------------------- markup


def _scene(n_frames: int = N_FRAMES, title: str = "Egg on a circle", **options) -> Scene3D:
    """A translucent shell with a turning ring inside and a growing track on the floor."""
    rotations, positions = _rolling(n_frames)
    ring_vertices, ring_faces = MESHES["ring"]
    bodies = [
        _egg(colour="#4477aa", opacity=0.35, rotations=rotations, positions=positions),
        Body("gimbal ring", ring_vertices, ring_faces, colour="tab:orange",
             rotations=rotations @ rot_x(math.pi / 2), positions=positions),
    ]
    contact = positions * [1.0, 1.0, 0.0]
    tracks = [Track("contact track", contact, colour="#cc3311")]
    options = {"times": 0.1 * np.arange(n_frames), "floor": (-0.2, 0.2, -0.2, 0.2)} | options
    return scene_html(bodies, tracks, title=title, **options)


def _data(scene: Scene3D) -> dict:
    found = re.search(r'<script type="application/json" id="[^"]+">(.*?)</script>', scene.html,
                      re.S)
    return json.loads(found.group(1))


def test_no_reference_leaves_the_machine():
    """The markup, and the page save writes, hold no URL, no source file, no import, no font."""
    scene = _scene()
    for text in (scene.html, scene._repr_html_()):
        lowered = text.lower()
        for marker in ("http", "//", "src=", "href", "@import", "url(", "<link", "@font",
                       "<iframe", "<img", "fetch(", "xmlhttprequest", "import("):
            assert marker not in lowered, marker


def test_save_writes_a_standalone_page(tmp_path):
    """save() writes a complete UTF-8 page holding exactly the scene's markup."""
    scene = _scene(title="Egg & ring <demo>")
    path = scene.save(tmp_path / "scene.html")
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert scene.html in page and "http" not in page
    assert "<title>Egg &amp; ring &lt;demo&gt;</title>" in page
    assert scene.nbytes == len(scene.html.encode("utf-8"))
    assert repr(scene).startswith("Scene3D('Egg & ring <demo>', 20 frames, ")


def test_titles_and_names_are_escaped():
    """A title or body name is shown as text: no markup of its own gets into the page."""
    scene = _scene(title="<script>alert(1)</script>")
    assert scene.html.count("<script") == 2  # the data and the player
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in scene.html


def test_two_scenes_have_distinct_ids():
    """Every element id of a scene is unique in the page and differs from another scene's."""
    ids = [re.findall(r'\bid="([^"]+)"', _scene().html) for _ in range(2)]
    for found in ids:
        assert len(found) == len(set(found)) >= 5
        assert all(i.startswith(found[0]) for i in found)
    assert not set(ids[0]) & set(ids[1])


def test_data_hold_meshes_once_and_poses_per_frame():
    """Vertices go once per body, a quaternion and a position per frame; rounded ints that
    give the mesh back to half a quantum and the rotations to 2e-4."""
    scene = _scene()
    data = _data(scene)
    quantum = data["q"]
    assert quantum == pytest.approx(1e-5)  # 4 digits below the scene's 0.1 m order
    rotations, positions = _rolling()
    vertices, faces = MESHES["ellipsoid"]
    shell = data["bodies"][0]
    assert all(isinstance(x, int) for x in shell["v"] + shell["r"] + shell["p"])
    assert len(shell["v"]) == vertices.size and shell["f"] == faces.ravel().tolist()
    assert len(shell["r"]) == 4 * N_FRAMES and len(shell["p"]) == 3 * N_FRAMES
    sent = np.reshape(shell["v"], (-1, 3)) * quantum
    assert np.max(np.abs(sent - vertices)) <= 0.5 * quantum + 1e-15
    assert np.max(np.abs(np.reshape(shell["p"], (-1, 3)) * quantum - positions)) <= 0.5 * quantum
    for k, q in enumerate(np.reshape(shell["r"], (-1, 4)) * QUATERNION_QUANTUM):
        R = quaternion_to_matrix(q / np.linalg.norm(q))
        assert np.max(np.abs(R - rotations[k])) < 2e-4
    still = _data(scene_html([_egg()]))["bodies"][0]
    assert len(still["r"]) == 4 and len(still["p"]) == 3
    assert data["t"] == pytest.approx(TIMES.tolist()) and data["dec"] == 2


def _first_frame(n_frames: int = N_FRAMES) -> np.ndarray:
    """What the first frame of :func:`_scene` shows, m: the shell and the ring in their first
    poses and the first point of the growing track."""
    rotations, positions = _rolling(n_frames)
    ring = MESHES["ring"][0] @ (rotations[0] @ rot_x(math.pi / 2)).T + positions[0]
    shell = MESHES["ellipsoid"][0] @ rotations[0].T + positions[0]
    return np.vstack([shell, ring, positions[:1] * [1.0, 1.0, 0.0]])


def _every_frame(n_frames: int = N_FRAMES) -> np.ndarray:
    """Every point :func:`_scene` shows in any frame, m."""
    rotations, positions = _rolling(n_frames)
    shell, ring = MESHES["ellipsoid"][0], MESHES["ring"][0] @ rot_x(math.pi / 2).T
    return np.vstack([mesh @ R.T + p for R, p in zip(rotations, positions, strict=True)
                      for mesh in (shell, ring)] + [positions * [1.0, 1.0, 0.0]])


def _on_canvas(data: dict, points: np.ndarray, distance: float | None = None) -> np.ndarray:
    """Where the player draws points, CSS px from the canvas's top left, shape (n, 2): its
    camera (from the scene's data) at ``distance`` m, by default the starting one."""
    (width, height), quantum = data["size"], data["q"]
    azimuth, elevation = np.radians(data["cam"][:2])
    distance = data["cam"][2] * quantum if distance is None else distance
    ca, sa, ce, se = np.cos(azimuth), np.sin(azimuth), np.cos(elevation), np.sin(elevation)
    back, right = np.array([ce * ca, ce * sa, se]), np.array([-sa, ca, 0.0])
    up = np.array([-se * ca, -se * sa, ce])
    offsets = points - np.array(data["target"]) * quantum
    depth = distance - offsets @ back
    focal = 0.5 * height / math.tan(math.radians(0.5 * FIELD_OF_VIEW_DEG))
    return np.c_[0.5 * width + focal * (offsets @ right) / depth,
                 0.5 * height - focal * (offsets @ up) / depth]


def test_the_view_starts_centred_on_the_first_frame():
    """The camera looks at the centre of the bounding box of what the first frame shows (not
    of the whole run), so the first frame is drawn in the middle of the canvas (to 2 % of its
    size: the perspective and a tilted box's empty corners shift the drawing a little)."""
    data = _data(_scene())
    first = _first_frame()
    centre = 0.5 * (first.min(axis=0) + first.max(axis=0))
    np.testing.assert_allclose(np.array(data["target"]) * data["q"], centre, atol=data["q"])
    seen = _on_canvas(data, first)
    middle = 0.5 * (seen.min(axis=0) + seen.max(axis=0))
    size = np.array(data["size"])
    assert np.all(np.abs(middle - 0.5 * size) < 0.02 * size), middle


@pytest.mark.parametrize("camera", [(-60.0, 25.0, None), (30.0, 60.0, None), (0.0, 0.0, None)])
def test_the_fitted_view_holds_every_frame_with_a_small_margin(camera):
    """Every point of every frame is drawn inside the canvas less FIT_MARGIN of its
    half-sizes, and the farthest out touches that margin: the fit wastes no room."""
    data = _data(_scene(camera=camera))
    seen = _on_canvas(data, _every_frame())
    half = 0.5 * np.array(data["size"])
    reach = np.max(np.abs(seen - half) / half)
    assert reach == pytest.approx(1.0 - FIT_MARGIN, abs=2e-3)


def test_the_zoom_bounds_are_written_into_the_player():
    """The data hold the nearest and farthest distance, ZOOM_IN and ZOOM_OUT times the fitted
    view's size (widened to a starting distance outside them); the wheel and the pinch go
    through one clamp to them."""
    scene = _scene()
    data = _data(scene)
    fitted = data["cam"][2]
    assert data["zoom"] == [pytest.approx(fitted / ZOOM_IN, abs=1),
                            pytest.approx(fitted / ZOOM_OUT, abs=1)]
    script = scene.html.split("<script>")[-1]
    assert "dist = Math.max(zoom[0], Math.min(zoom[1], d));" in script
    assert script.count("zoomTo(") == 3                         # defined, wheel, pinch
    far = _data(_scene(camera=(-60.0, 25.0, 5.0)))
    assert far["zoom"][1] == far["cam"][2] == round(5.0 / far["q"])


def test_single_frame_hides_play_and_slider():
    """One frame: the play button and the slider are not shown, the time label is."""
    html = scene_html([_egg()]).html
    assert re.search(r'<button[^>]*style="display:none;', html)
    assert re.search(r'<input type="range"[^>]*style="display:none;', html)
    assert "t = 0.00 s" in html
    assert "display:none" not in _scene().html


# --------------------------------------------------------------------------- the browser


def _require_chromium():
    if CHROMIUM is None:
        message = "the scene's browser tests need Chromium: apt-get install chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def chromium():
    """Headless Chromium, launched once for the module's browser tests."""
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        browser = running.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


class Reader:
    """One page open in Chromium, with everything that went wrong or left the machine."""

    def __init__(self, chromium, path, touch: bool = False):
        self.context = chromium.new_context(viewport=VIEWPORT, device_scale_factor=1,
                                            has_touch=touch)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context.route(lambda url: not _is_local(url), lambda route: route.abort())
        self.page = self.context.new_page()
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.on("console", lambda message: self.errors.append(f"console: {message.text}")
                     if message.type == "error" else None)
        self.page.goto(path.as_uri())

    def pixels(self, index: int = 0) -> dict:
        """Non-white pixels of a scene's canvas, the reddish (track) and bluish (shell) ones
        among them, and a checksum of the whole image."""
        return self.page.evaluate("""(index) => {
            const canvas = document.querySelectorAll('.robodyn-scene3d canvas')[index];
            const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
            let drawn = 0, red = 0, blue = 0, sum = 0;
            for (let i = 0; i < d.length; i += 4) {
                if (d[i + 3] > 0 && (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250)) drawn++;
                if (d[i] > 150 && d[i + 1] < 90 && d[i + 2] < 70) red++;
                if (d[i + 2] > d[i] + 40 && d[i + 3] > 0) blue++;
                sum = (sum * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) % 1000000007;
            }
            return {drawn: drawn, red: red, blue: blue, total: d.length / 4, sum: sum};
        }""", index)

    def draws(self, index: int = 0) -> int:
        root = self.page.locator(".robodyn-scene3d").nth(index)
        return int(root.get_attribute("data-draws") or 0)

    def wait_for_draw_after(self, count: int, index: int = 0):
        self.page.wait_for_function(
            "([i, n]) => +document.querySelectorAll('.robodyn-scene3d')[i]"
            ".getAttribute('data-draws') > n", arg=[index, count], timeout=3000)

    def close(self):
        self.context.close()

    def offsite(self) -> list[str]:
        return [url for url in self.requests if not _is_local(url)]


def _is_local(url: str) -> bool:
    return url.startswith(("file:", "data:", "about:", "blob:"))


def _page(tmp_path, *scenes: Scene3D, tall: bool = False):
    """A page with the scenes' markup in a row, optionally with filler that makes it scroll."""
    filler = '<div style="height:2000px">filler</div>' if tall else ""
    path = tmp_path / "page.html"
    path.write_text("<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
                    + "".join(scene.html for scene in scenes) + filler + "</body></html>",
                    encoding="utf-8")
    return path


@pytest.fixture
def reader(chromium, tmp_path):
    """A page holding one moving scene, opened offline; closed after the test."""
    opened = Reader(chromium, _page(tmp_path, _scene(), tall=True))
    yield opened
    opened.close()


@pytest.mark.notebooks
def test_scene_draws_offline_without_errors(reader):
    """The canvas shows the scene (a good share of non-white pixels), with no script or
    console error and no request other than the file itself."""
    seen = reader.pixels()
    assert 0.05 * seen["total"] < seen["drawn"] < 0.95 * seen["total"], seen
    assert reader.page.locator("[data-role=time]").inner_text() == "t = 0.00 s"
    assert not reader.errors, reader.errors
    assert not reader.offsite() and reader.requests, reader.requests


def _drag(reader, dx: float, dy: float, index: int = 0):
    """Drag from the middle of a scene's canvas by (dx, dy) CSS pixels; wait for the redraw."""
    count = reader.draws(index)
    box = reader.page.locator(".robodyn-scene3d canvas").nth(index).bounding_box()
    x, y = box["x"] + 0.5 * box["width"], box["y"] + 0.5 * box["height"]
    reader.page.mouse.move(x, y)
    reader.page.mouse.down()
    reader.page.mouse.move(x + dx, y + dy, steps=5)
    reader.page.mouse.up()
    reader.wait_for_draw_after(count, index)


@pytest.mark.notebooks
@pytest.mark.parametrize("dx, dy", [(80.0, 0.0), (0.0, 40.0)])
def test_dragging_turns_the_view(reader, dx, dy):
    """A drag across (azimuth) or up and down (elevation) redraws the scene from another
    side: its pixels change, and it is still there."""
    before = reader.pixels()
    _drag(reader, dx, dy)
    after = reader.pixels()
    assert after["sum"] != before["sum"] and after["drawn"] > 0.05 * after["total"]
    assert not reader.errors, reader.errors


@pytest.mark.notebooks
def test_wheel_zooms_without_scrolling_the_page(reader):
    """The wheel over the canvas zooms (pixels change) and the page does not scroll."""
    before, count = reader.pixels(), reader.draws()
    box = reader.page.locator("canvas").bounding_box()
    reader.page.mouse.move(box["x"] + 0.5 * box["width"], box["y"] + 0.5 * box["height"])
    reader.page.mouse.wheel(0, 300)  # would scroll down the (tall) page
    reader.wait_for_draw_after(count)
    assert reader.pixels()["sum"] != before["sum"]
    assert reader.page.evaluate("window.scrollY") == 0
    assert not reader.errors, reader.errors


def _settle(reader):
    """Wait until the player has drawn what the events so far asked for (two frames)."""
    reader.page.evaluate("() => new Promise(done => requestAnimationFrame("
                         "() => requestAnimationFrame(done)))")


def _canvas_middle(reader, index: int = 0) -> tuple[float, float]:
    box = reader.page.locator(".robodyn-scene3d canvas").nth(index).bounding_box()
    return box["x"] + 0.5 * box["width"], box["y"] + 0.5 * box["height"]


def _wheel(reader, delta: float, times: int):
    """Turn the wheel over the middle of the canvas ``times`` times by ``delta`` px."""
    reader.page.mouse.move(*_canvas_middle(reader))
    for _ in range(times):
        reader.page.mouse.wheel(0, delta)
    _settle(reader)


def _pinch(reader, start: float, end: float, steps: int = 8):
    """Two fingers on the canvas, ``start`` px apart, moved to ``end`` px apart and lifted."""
    session = reader.context.new_cdp_session(reader.page)
    x, y = _canvas_middle(reader)

    def fingers(gap):
        return [{"x": x - 0.5 * gap, "y": y, "id": 0}, {"x": x + 0.5 * gap, "y": y, "id": 1}]

    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(start)})
    for k in range(1, steps + 1):
        session.send("Input.dispatchTouchEvent", {
            "type": "touchMove", "touchPoints": fingers(start + (end - start) * k / steps)})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()
    _settle(reader)


@pytest.mark.notebooks
def test_the_wheel_zooms_only_so_far(reader):
    """Far out, more turns of the wheel change nothing; far in, likewise: the view stays
    between its bounds (and the scene is still drawn at both)."""
    start = reader.pixels()
    for delta in (2000.0, -2000.0):                     # out, then in
        _wheel(reader, delta, 3)                        # e^(0.0015 * 2000 * 3): past a bound
        held = reader.pixels()
        _wheel(reader, delta, 2)
        assert reader.pixels()["sum"] == held["sum"] != start["sum"]
        assert held["drawn"] > 0.05 * held["total"], held
    assert not reader.errors, reader.errors


@pytest.mark.notebooks
def test_a_pinch_zooms_to_the_same_bounds_as_the_wheel(chromium, tmp_path):
    """Two fingers spread apart zoom in, drawn together zoom out, and however far they go
    the view stops where the wheel's does; they do not turn it."""
    opened = Reader(chromium, _page(tmp_path, _scene()), touch=True)
    try:
        start = opened.pixels()["sum"]
        limits = {}
        for delta in (2000.0, -2000.0):
            _wheel(opened, delta, 3)
            limits[delta] = opened.pixels()["sum"]
            opened.page.dblclick(".robodyn-scene3d canvas")  # back to the starting view
            _settle(opened)
        assert opened.pixels()["sum"] == start
        for _ in range(2):
            _pinch(opened, 300.0, 20.0)                 # together: out, 15 times smaller
        assert opened.pixels()["sum"] == limits[2000.0]
        for _ in range(3):
            _pinch(opened, 20.0, 300.0)                 # apart: in
        assert opened.pixels()["sum"] == limits[-2000.0]
        assert not opened.errors, opened.errors
    finally:
        opened.close()


@pytest.mark.notebooks
def test_play_advances_the_time_and_pause_stops_it(reader):
    """Play moves the time label on from t = 0.00 s; pause holds it."""
    label = reader.page.locator("[data-role=time]")
    play = reader.page.locator("[data-role=play]")
    play.click()
    reader.page.wait_for_function(
        "() => document.querySelector('[data-role=time]').textContent !== 't = 0.00 s'",
        timeout=3000)
    play.click()
    held = label.inner_text()
    reader.page.wait_for_timeout(200)
    # (held may be t = 0.00 s again: on a slow machine the loop can wrap round before the
    # pause lands; that the time moved is checked above)
    assert label.inner_text() == held
    assert re.fullmatch(r"t = \d\.\d\d s", held)
    assert not reader.errors, reader.errors


@pytest.mark.notebooks
def test_slider_to_the_end_shows_the_last_frame(reader):
    """Moving the slider to its end shows the last frame and its time."""
    count = reader.draws()
    first = reader.pixels()
    slider = reader.page.locator("[data-role=slider]")
    slider.focus()
    reader.page.keyboard.press("End")
    reader.wait_for_draw_after(count)
    root = reader.page.locator(".robodyn-scene3d")
    assert root.get_attribute("data-frame") == str(N_FRAMES - 1)
    assert reader.page.locator("[data-role=time]").inner_text() == f"t = {TIMES[-1]:.2f} s"
    assert reader.pixels()["sum"] != first["sum"]
    assert not reader.errors, reader.errors


def _press(reader, key: str):
    """Press a key on the focused slider and wait for the redraw."""
    count = reader.draws()
    reader.page.keyboard.press(key)
    reader.wait_for_draw_after(count)


@pytest.mark.notebooks
def test_growing_track_grows_and_static_track_stays(chromium, tmp_path):
    """A growing track shows its points up to the frame (none at the start, half at mid-time,
    all at the end); a static track is whole in every frame."""
    angle = np.linspace(0.0, 2.0 * math.pi, 41)
    circle = 0.1 * np.stack([np.cos(angle), np.sin(angle), np.zeros_like(angle)], axis=1)
    tracks = [Track("growing", circle, colour="#cc3311"),
              Track("static", 0.5 * circle, colour="#3355ee", growing=False)]
    opened = Reader(chromium, _page(tmp_path, scene_html([], tracks, camera=(-60, 60, None))))
    try:
        opened.page.locator("[data-role=slider]").focus()
        start = opened.pixels()
        for _ in range(20):
            _press(opened, "ArrowRight")
        middle = opened.pixels()
        _press(opened, "End")
        end = opened.pixels()
        assert start["red"] < 60, start  # the x axis of the corner's triad only
        assert 0.35 < (middle["red"] - start["red"]) / (end["red"] - start["red"]) < 0.65
        assert end["red"] > 1000, end
        assert start["blue"] == middle["blue"] == end["blue"] > 300
        assert not opened.errors, opened.errors
    finally:
        opened.close()


@pytest.mark.notebooks
def test_single_frame_scene_shows_no_player(chromium, tmp_path):
    """A scene of one frame is drawn, without play button or slider."""
    opened = Reader(chromium, _page(tmp_path, scene_html([_egg()], floor=(-0.1, 0.1, -0.1, 0.1))))
    try:
        seen = opened.pixels()
        assert seen["blue"] > 0.05 * seen["total"], seen  # the opaque, shaded egg
        assert not opened.page.locator("[data-role=play]").is_visible()
        assert not opened.page.locator("[data-role=slider]").is_visible()
        assert opened.page.locator("[data-role=time]").is_visible()
        assert not opened.errors, opened.errors
    finally:
        opened.close()


@pytest.mark.notebooks
def test_scenes_in_one_page_are_independent(chromium, tmp_path):
    """The same markup twice, another scene, and copies inserted later as JupyterLab does
    (fresh script elements) and as a bare eval would (the script outside its scene): all are
    drawn, nothing throws, no global name is added, and dragging one leaves the others."""
    first, second = _scene(), _scene(n_frames=5, title="Another")
    opened = Reader(chromium, _page(tmp_path, first, first, second))
    try:
        names = opened.page.evaluate("Object.getOwnPropertyNames(window).sort()")
        opened.page.evaluate("""(html) => {
            const lab = document.createElement('div');
            lab.innerHTML = html;
            document.body.appendChild(lab);
            lab.querySelectorAll('script:not([type])').forEach(old => {
                const fresh = document.createElement('script');
                fresh.textContent = old.textContent;
                old.parentNode.replaceChild(fresh, old);
            });
            const bare = document.createElement('div');
            bare.innerHTML = html;
            document.body.appendChild(bare);
            const code = bare.querySelector('script:not([type])').textContent;
            const outside = document.createElement('script');
            outside.textContent = code;
            document.head.appendChild(outside);
            outside.remove();
        }""", first.html)
        assert opened.page.evaluate("Object.getOwnPropertyNames(window).sort()") == names
        roots = opened.page.locator(".robodyn-scene3d")
        assert roots.count() == 5
        for i in range(5):
            assert roots.nth(i).get_attribute("data-started") == "1", i
            assert opened.pixels(i)["drawn"] > 0.05 * opened.pixels(i)["total"], i
        others = [opened.pixels(i)["sum"] for i in range(1, 5)]
        before = opened.pixels(0)["sum"]
        _drag(opened, -90.0, 20.0)
        assert opened.pixels(0)["sum"] != before
        assert [opened.pixels(i)["sum"] for i in range(1, 5)] == others
        assert not opened.errors, opened.errors
        assert not opened.offsite(), opened.offsite()
    finally:
        opened.close()
