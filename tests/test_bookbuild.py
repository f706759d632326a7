"""The book build: a package change clears the execution cache; editions and flags are fixed."""

import pytest

from robodyn import bookbuild
from robodyn.bookbuild import BUILD_FLAGS, clear_stale_cache, output_dir, package_source_hash


@pytest.fixture
def package(tmp_path):
    """A small package folder with two modules."""
    folder = tmp_path / "pkg"
    folder.mkdir()
    (folder / "a.py").write_text("A = 1\n")
    (folder / "b.py").write_text("B = 2\n")
    return folder


def test_hash_is_stable_sha256(package):
    """The same sources give the same 64-hex-digit SHA-256."""
    digest = package_source_hash(package)
    assert digest == package_source_hash(package)
    assert len(digest) == 64 and int(digest, 16) >= 0


def test_hash_changes_with_module_content(package):
    """Editing a module changes the hash, and undoing the edit restores it."""
    before = package_source_hash(package)
    (package / "a.py").write_text("A = 10\n")
    assert package_source_hash(package) != before
    (package / "a.py").write_text("A = 1\n")
    assert package_source_hash(package) == before


def test_hash_changes_when_module_added_or_renamed(package):
    """A new module, even an empty one, or a renamed module changes the hash."""
    before = package_source_hash(package)
    (package / "c.py").write_text("")
    with_c = package_source_hash(package)
    assert with_c != before
    (package / "c.py").rename(package / "d.py")
    assert package_source_hash(package) not in (before, with_c)


def test_hash_ignores_files_that_are_not_python(package):
    """Data files, notes and caches beside the modules do not change the hash."""
    before = package_source_hash(package)
    (package / "notes.txt").write_text("todo")
    (package / "a.pyc").write_bytes(b"\x00\x01")
    assert package_source_hash(package) == before


def make_build(root, stamp=None):
    """A _build folder with an execution cache, executed notebooks and pages."""
    build = root / "_build"
    for sub in (".jupyter_cache", "jupyter_execute", "html"):
        (build / sub).mkdir(parents=True, exist_ok=True)
        (build / sub / "file").write_text(sub)
    if stamp is not None:
        (build / ".robodyn-source-hash").write_text(stamp)
    return build


def test_cache_cleared_when_no_stamp(tmp_path):
    """Without a stamp the cache and executed notebooks go, the pages stay, the stamp is written."""
    build = make_build(tmp_path)
    assert clear_stale_cache(tmp_path, "abc") is True
    assert not (build / ".jupyter_cache").exists()
    assert not (build / "jupyter_execute").exists()
    assert (build / "html" / "file").read_text() == "html"
    assert (build / ".robodyn-source-hash").read_text() == "abc"


def test_cache_cleared_when_package_changed(tmp_path):
    """A stamp of another source hash clears the cache and is replaced."""
    build = make_build(tmp_path, stamp="old")
    assert clear_stale_cache(tmp_path, "new") is True
    assert not (build / ".jupyter_cache").exists()
    assert not (build / "jupyter_execute").exists()
    assert (build / ".robodyn-source-hash").read_text() == "new"


def test_cache_kept_when_package_unchanged(tmp_path):
    """A stamp equal to the source hash keeps the cache: returns False."""
    build = make_build(tmp_path, stamp="same")
    assert clear_stale_cache(tmp_path, "same") is False
    assert (build / ".jupyter_cache" / "file").read_text() == ".jupyter_cache"
    assert (build / "jupyter_execute" / "file").read_text() == "jupyter_execute"


def test_first_build_creates_stamp_then_keeps_cache(tmp_path):
    """With no _build yet the stamp is created; the next call with the same hash keeps all."""
    root = tmp_path / "instructor"
    assert clear_stale_cache(root, "h1") is True
    assert (root / "_build" / ".robodyn-source-hash").read_text() == "h1"
    make_build(root)
    assert clear_stale_cache(root, "h1") is False
    assert (root / "_build" / ".jupyter_cache").exists()


def test_output_dir_of_each_edition(tmp_path):
    """The student edition builds in the root, the instructor edition in _build/instructor."""
    assert output_dir(tmp_path) == tmp_path
    assert output_dir(tmp_path, instructor=False) == tmp_path
    assert output_dir(tmp_path, instructor=True) == tmp_path / "_build" / "instructor"
    assert output_dir() == bookbuild.ROOT


def test_build_flags_make_warnings_errors():
    """The build treats warnings as errors (-W)."""
    assert "-W" in BUILD_FLAGS
