"""The book build: a package change clears the execution cache; the editions' commands; the
book's Sphinx extension (inline scripts once, no Thebe, buttons only with a repository)."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from booktools import bookbuild
from booktools.bookbuild import (
    build_book,
    build_command,
    clear_stale_cache,
    output_dir,
    package_files,
    package_source_hash,
)
from robodyn.core.errors import ParameterError
from robodyn.core.sweeps import QUICK_VARIABLE

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "book" / "_ext" / "robodyn_book.py"


@pytest.fixture
def package(tmp_path):
    """A package with a module, a subpackage with a module and a data file, and caches."""
    folder = tmp_path / "pkg"
    (folder / "checks").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "a.py").write_text("A = 1\n")
    (folder / "checks" / "__init__.py").write_text("")
    (folder / "checks" / "x.py").write_text("X = 1\n")
    (folder / "checks" / "cases.json").write_text('{"cases": [1, 2]}\n')
    (folder / "checks" / "__pycache__").mkdir()
    (folder / "checks" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\x00\x01")
    return folder


def test_package_files_cover_subpackages_and_data_not_caches(package):
    """Every file of every subpackage counts, data files too; byte code does not."""
    names = [path.relative_to(package).as_posix() for path in package_files(package)]
    assert names == ["__init__.py", "a.py", "checks/__init__.py", "checks/cases.json",
                     "checks/x.py"]


def test_hash_depends_on_content_not_on_location(package, tmp_path):
    """A copy of the package elsewhere has the same hash; it is a SHA-256 in hex."""
    copy = tmp_path / "elsewhere" / "pkg"
    copy.parent.mkdir()
    subprocess.run(["cp", "-r", str(package), str(copy)], check=True)
    digest = package_source_hash(package)
    assert digest == package_source_hash(copy)
    assert len(digest) == 64 and set(digest) <= set("0123456789abcdef")


def test_hash_changes_with_module_content(package):
    """Editing a module changes the hash, and undoing the edit restores it."""
    before = package_source_hash(package)
    (package / "a.py").write_text("A = 10\n")
    assert package_source_hash(package) != before
    (package / "a.py").write_text("A = 1\n")
    assert package_source_hash(package) == before


def test_hash_changes_with_a_subpackage_module(package):
    """A change in robodyn/checks/x.py must clear the cache like one at the top."""
    before = package_source_hash(package)
    (package / "checks" / "x.py").write_text("X = 2\n")
    assert package_source_hash(package) != before


def test_hash_changes_with_a_data_file(package):
    """Data files are part of the package: editing or adding one changes the hash."""
    before = package_source_hash(package)
    (package / "checks" / "cases.json").write_text('{"cases": [1, 3]}\n')
    edited = package_source_hash(package)
    assert edited != before
    (package / "checks" / "table.csv").write_text("a,b\n")
    assert package_source_hash(package) not in (before, edited)


def test_hash_ignores_byte_code_caches(package):
    """Python's __pycache__ folders and stray .pyc files change on every import: ignored."""
    before = package_source_hash(package)
    (package / "checks" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"changed")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\x02")
    (package / "a.pyc").write_bytes(b"\x03")
    assert package_source_hash(package) == before


def test_hash_changes_when_module_added_or_renamed(package):
    """A new module, even an empty one, or a renamed module changes the hash."""
    before = package_source_hash(package)
    (package / "c.py").write_text("")
    with_c = package_source_hash(package)
    assert with_c != before
    (package / "c.py").rename(package / "d.py")
    assert package_source_hash(package) not in (before, with_c)


def test_hash_tells_moved_content_apart(package):
    """Content moved from one file to another is a different package."""
    before = package_source_hash(package)
    (package / "a.py").write_text("")
    (package / "__init__.py").write_text("A = 1\n")
    assert package_source_hash(package) != before


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


@pytest.fixture(autouse=True)
def full_sweeps(monkeypatch):
    """These tests are about the ordinary build: the test switch off unless a test sets it."""
    monkeypatch.setenv(QUICK_VARIABLE, "0")


def test_output_dir_of_each_edition(tmp_path):
    """The student edition builds in the root, the instructor edition in _build/instructor."""
    assert output_dir(tmp_path) == tmp_path
    assert output_dir(tmp_path, instructor=False) == tmp_path
    assert output_dir(tmp_path, instructor=True) == tmp_path / "_build" / "instructor"
    assert output_dir() == bookbuild.ROOT


def test_a_build_under_the_test_switch_has_folders_of_its_own(tmp_path, monkeypatch):
    """With ROBODYN_QUICK=1 (smaller sweeps) each edition builds apart from make book's."""
    monkeypatch.setenv(QUICK_VARIABLE, "1")
    assert output_dir(tmp_path) == tmp_path / "_build" / "quick"
    assert output_dir(tmp_path, instructor=True) == tmp_path / "_build" / "quick-instructor"
    monkeypatch.setenv(QUICK_VARIABLE, "yes")
    with pytest.raises(ParameterError, match="ROBODYN_QUICK must be 1 .* got 'yes'"):
        output_dir(tmp_path)


def _notebook(path, *sources):
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def test_the_notebooks_to_execute_follow_the_toc_and_the_exclusions(tmp_path):
    """Every notebook of the toc but those the configuration excludes from execution."""
    for name in ("chapters/a", "chapters/b", "exercises/a"):
        _notebook(tmp_path / f"{name}.ipynb", "1")
    (tmp_path / "intro.md").write_text("# Intro\n")
    (tmp_path / "_toc.yml").write_text(
        "format: jb-book\nroot: intro\nparts:\n  - caption: C\n    chapters:\n"
        "      - file: chapters/a\n      - file: chapters/b.ipynb\n"
        "        sections:\n          - file: exercises/a\n")
    (tmp_path / "_config.yml").write_text(
        "execute:\n  execute_notebooks: cache\n  exclude_patterns: ['exercises/*']\n")
    found = bookbuild.notebooks_to_execute(tmp_path, tmp_path / "_toc.yml",
                                           tmp_path / "_config.yml")
    assert found == [tmp_path / "chapters" / "a.ipynb", tmp_path / "chapters" / "b.ipynb"]


@pytest.mark.notebooks
def test_notebooks_executed_side_by_side_are_found_in_the_cache(tmp_path):
    """Two notebooks run at once land in the cache as the build would store them (matched by
    content, outputs kept); a second call runs nothing; a failing one is left to the build."""
    from jupyter_cache import get_cache

    good = [_notebook(tmp_path / f"n{i}.ipynb", f"print({i} * 7)") for i in (1, 2)]
    bad = _notebook(tmp_path / "bad.ipynb", "1 / 0")
    cache_dir = tmp_path / "_build" / ".jupyter_cache"
    outcome = bookbuild.execute_notebooks(good + [bad], cache_dir, jobs=2, log=lambda t: None)
    assert outcome["n1.ipynb"].startswith("executed in")
    assert outcome["bad.ipynb"].startswith("failed")
    cache = get_cache(str(cache_dir))
    for i, path in zip((1, 2), good, strict=True):
        _, merged = cache.merge_match_into_notebook(nbformat.read(path, as_version=4))
        assert merged.cells[0].outputs[0]["text"] == f"{i * 7}\n"
    with pytest.raises(KeyError):
        cache.match_cache_notebook(nbformat.read(bad, as_version=4))
    again = bookbuild.execute_notebooks(good, cache_dir, jobs=2, log=lambda t: None)
    assert again == {"n1.ipynb": "cached before", "n2.ipynb": "cached before"}


def test_student_command_treats_warnings_as_errors(tmp_path):
    """`jupyter-book build ROOT -W -n --keep-going`, from the venv, with the default toc."""
    command = build_command(tmp_path)
    assert Path(command[0]) == Path(sys.executable).parent / "jupyter-book"
    assert command[1:3] == ["build", str(tmp_path)]
    assert {"-W", "-n", "--keep-going"} <= set(command[3:])
    assert "--toc" not in command and "--path-output" not in command
    assert "--config" not in command


def test_instructor_command_uses_its_toc_and_folder(tmp_path):
    command = build_command(tmp_path, instructor=True)
    assert command[command.index("--toc") + 1] == str(tmp_path / "_toc_instructor.yml")
    assert command[command.index("--path-output") + 1] == str(
        tmp_path / "_build" / "instructor")
    assert "-W" in command


def test_command_with_another_config_and_folder(tmp_path):
    config, folder = tmp_path / "other.yml", tmp_path / "_build" / "with-url"
    command = build_command(tmp_path, config=config, build_root=folder)
    assert command[command.index("--config") + 1] == str(config)
    assert command[command.index("--path-output") + 1] == str(folder)


def test_build_book_clears_a_stale_cache_before_building(tmp_path, monkeypatch):
    """The cache of a changed package is gone by the time jupyter-book runs."""
    (tmp_path / "robodyn").mkdir()
    (tmp_path / "robodyn" / "m.py").write_text("M = 1\n")
    build = make_build(tmp_path, stamp="stale")
    calls = []

    def fake_run(command, **kwargs):
        calls.append((command, (build / ".jupyter_cache").exists(), kwargs))
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(bookbuild.subprocess, "run", fake_run)
    assert build_book(tmp_path, capture=True).returncode == 0
    [(command, cache_existed, kwargs)] = calls
    assert command == build_command(tmp_path)
    assert cache_existed is False
    assert kwargs["cwd"] == tmp_path and kwargs["capture_output"] is True
    stamp = (build / ".robodyn-source-hash").read_text()
    assert stamp == package_source_hash(tmp_path / "robodyn")


# --- the book's Sphinx extension ------------------------------------------------------------


def _extension():
    spec = importlib.util.spec_from_file_location("robodyn_book", EXTENSION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LAUNCH = {"notebook_interface": "jupyterlab", "binderhub_url": "https://mybinder.org",
          "colab_url": "https://colab.research.google.com", "jupyterhub_url": "",
          "thebe": True}


def test_placeholder_url_removes_every_button_that_leaves_the_site():
    options = _extension().theme_options_for_repository(
        {"repository_url": "", "launch_buttons": dict(LAUNCH),
         "use_repository_button": True, "use_issues_button": True})
    assert options["launch_buttons"]["binderhub_url"] == ""
    assert options["launch_buttons"]["colab_url"] == ""
    assert options["launch_buttons"]["thebe"] is False
    assert options["launch_buttons"]["notebook_interface"] == "jupyterlab"
    assert options["use_repository_button"] is False
    assert options["use_issues_button"] is False


def test_real_url_keeps_launch_buttons_and_adds_the_repository_button():
    options = _extension().theme_options_for_repository(
        {"repository_url": " https://github.com/org/repo ", "launch_buttons": dict(LAUNCH)})
    assert options["repository_url"] == "https://github.com/org/repo"
    assert options["launch_buttons"] == {**LAUNCH, "thebe": False}
    assert options["use_repository_button"] is True


def test_builder_gets_an_empty_name_for_inline_scripts():
    """The builder stores body-only scripts as its registry copy: "" instead of None."""
    calls = []

    class Builder:
        def add_js_file(self, filename, **kwargs):
            calls.append((filename, kwargs))

    class App:
        builder = Builder()

    extension = _extension()
    extension._inline_scripts_once(App)
    extension._inline_scripts_once(App)  # a second call does not wrap twice
    App.builder.add_js_file(None, body="let x = 1;")
    App.builder.add_js_file("a.js", priority=200)
    assert calls == [("", {"body": "let x = 1;"}), ("a.js", {"priority": 200})]


def _sphinx_build(tmp_path, extensions):
    """Build a one-page Sphinx project with these extensions; return its index.html."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXTENSION.parent)!r})\n"
        f"extensions = {extensions!r}\n"
    )
    (source / "index.rst").write_text("Title\n=====\n\nText.\n")
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(source),
         str(tmp_path / "out")],
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    return (tmp_path / "out" / "index.html").read_text()


@pytest.mark.parametrize("with_fix", [False, True], ids=["without", "with"])
def test_extension_writes_inline_scripts_once_and_drops_thebe(tmp_path, with_fix):
    """Without the extension Sphinx 7 writes thebe's `const` twice; with it, no thebe at all,
    and the toggle button's inline settings once."""
    extensions = ["sphinx_togglebutton", "sphinx_thebe"] + (["robodyn_book"] * with_fix)
    page = _sphinx_build(tmp_path, extensions)
    if with_fix:
        assert "THEBE_JS_URL" not in page and "sphinx-thebe" not in page
        assert page.count("var togglebuttonSelector") == 1
    else:
        import sphinx

        if sphinx.version_info >= (8, 2):
            pytest.skip("Sphinx 8.2 fixed the doubled inline scripts itself")
        assert page.count("const THEBE_JS_URL") == 2


def test_a_kernel_that_dies_at_start_is_started_again(monkeypatch, tmp_path):
    """Two kernels handed one port: the one that died is started again; a kernel that keeps
    dying, or any other error, comes back as the notebook's error, not as an exception."""
    import types

    from jupyter_cache.executors import utils

    notebook = tmp_path / "nb.ipynb"
    notebook.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                    "nbformat_minor": 5}))
    calls = []

    def dies(times):
        def execute(nb, **kwargs):
            calls.append(kwargs["cwd"])
            if len(calls) <= times:
                raise RuntimeError("Kernel died before replying to kernel_info")
            return types.SimpleNamespace(time=1.5, err=None, exc_string="")
        return execute

    monkeypatch.setattr(utils, "single_nb_execution", dies(2))
    assert bookbuild.execute_notebook(str(notebook), 30)[1:] == (1.5, None)
    assert calls == [str(tmp_path)] * 3
    calls.clear()
    monkeypatch.setattr(utils, "single_nb_execution", dies(bookbuild.KERNEL_START_TRIES))
    _, seconds, error = bookbuild.execute_notebook(str(notebook), 30)
    assert "Kernel died" in error and len(calls) == bookbuild.KERNEL_START_TRIES


def test_saved_pages_cleared_when_the_extension_changed(tmp_path):
    """A new hash of book/_ext removes Sphinx's saved pages (every page is then read and
    written anew, the bibliography's back-links included); the same hash keeps them."""
    doctrees = tmp_path / "_build" / ".doctrees"
    doctrees.mkdir(parents=True)
    (doctrees / "environment.pickle").write_text("env")
    assert bookbuild.clear_stale_doctrees(tmp_path, "one") is True
    assert not doctrees.exists()
    doctrees.mkdir()
    assert bookbuild.clear_stale_doctrees(tmp_path, "one") is False
    assert doctrees.exists()
    assert bookbuild.clear_stale_doctrees(tmp_path, "two") is True and not doctrees.exists()
