"""The book build: a notebook's cache entry keys on the package modules it imports, so a
package change runs again only the notebooks that use it; the editions' commands; the book's
Sphinx extension (inline scripts once, no Thebe, buttons only with a repository)."""

import base64
import hashlib
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from booktools import bookbuild
from booktools.bookbuild import (
    build_book,
    build_command,
    notebook_files,
    notebook_key,
    output_dir,
    package_files,
    package_source_hash,
    recorded_keys,
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
    """A change in a subpackage's module changes the hash like one at the top."""
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


#: The fake package of :func:`book`: a.ipynb uses alpha (and, through alpha.model, core.maths);
#: b.ipynb uses beta.model (and, inside a function, core.late); nothing uses core.unused.
FAKE_PACKAGE = {
    "__init__.py": '"""The fake package."""\n',
    "core/__init__.py": "",
    "core/maths.py": "def twice(x):\n    return 2 * x\n",
    "core/late.py": "LATE = 1\n",
    "core/unused.py": "UNUSED = 1\n",
    "alpha/__init__.py": "from robodyn.alpha.model import VALUE\n",
    "alpha/model.py": "from ..core import maths\n\nVALUE = maths.twice(21)\n",
    "alpha/table.csv": "a,b\n1,2\n",
    "alpha/__pycache__/model.cpython-311.pyc": "byte code",
    "beta/__init__.py": "",
    "beta/model.py": ("VALUE = 3\n\n\ndef later():\n"
                      "    from robodyn.core.late import LATE\n    return LATE\n"),
}


@pytest.fixture
def book(tmp_path):
    """A book folder with the fake package ``robodyn`` and two notebooks, a and b."""
    for name, text in FAKE_PACKAGE.items():
        path = tmp_path / "robodyn" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    _notebook(tmp_path / "a.ipynb", "%precision 3\nfrom robodyn import alpha", "print(alpha.VALUE)")
    _notebook(tmp_path / "b.ipynb", "from robodyn.beta.model import VALUE\nprint(VALUE)")
    return tmp_path


def _used(book, *sources):
    """The files of the fake package that a notebook with these code cells uses."""
    notebook = _notebook(book / "cells.ipynb", *sources)
    return {path.relative_to(book / "robodyn").as_posix()
            for path in notebook_files(notebook, book / "robodyn")}


def test_a_notebook_uses_its_imports_their_imports_their_packages_and_data(book):
    """The closure: imported modules, what they import (relative, inside functions), the
    packages' __init__ on the way and the data files beside them, no byte code."""
    package = book / "robodyn"
    assert {path.relative_to(package).as_posix()
            for path in notebook_files(book / "a.ipynb", package)} == {
        "__init__.py", "alpha/__init__.py", "alpha/model.py", "alpha/table.csv",
        "core/__init__.py", "core/maths.py"}
    assert {path.relative_to(package).as_posix()
            for path in notebook_files(book / "b.ipynb", package)} == {
        "__init__.py", "beta/__init__.py", "beta/model.py", "core/__init__.py", "core/late.py"}


def test_a_key_changes_with_a_module_imported_through_another_and_no_other(book):
    """Editing core/maths.py (a uses it through alpha.model) changes a's key, not b's;
    editing beta/model.py changes only b's; editing a module nobody imports changes none."""
    package = book / "robodyn"

    def keys():
        return notebook_key(book / "a.ipynb", package), notebook_key(book / "b.ipynb", package)

    a, b = keys()
    (package / "core" / "maths.py").write_text("def twice(x):\n    return x + x\n")
    a_edited, b_same = keys()
    assert a_edited != a and b_same == b
    (package / "beta" / "model.py").write_text("VALUE = 4\n")
    a_same, b_edited = keys()
    assert a_same == a_edited and b_edited != b
    (package / "core" / "unused.py").write_text("UNUSED = 2\n")
    (package / "alpha" / "__pycache__" / "model.cpython-311.pyc").write_text("other byte code")
    assert keys() == (a_same, b_edited)
    (package / "alpha" / "table.csv").write_text("a,b\n1,3\n")
    assert keys()[0] != a_same


@pytest.mark.parametrize("cell, used", [
    ("import robodyn.core.maths", {"core/maths.py"}),
    ("from robodyn import alpha, beta",
     {"alpha/__init__.py", "alpha/model.py", "alpha/table.csv", "core/maths.py",
      "beta/__init__.py"}),
    ("from robodyn.core.maths import twice", {"core/maths.py"}),
    ("from robodyn.core import maths, late", {"core/maths.py", "core/late.py"}),
    ("def f():\n    import robodyn.core.late", {"core/late.py"}),
    ("import numpy as np\nprint(np.pi)", None),
], ids=["import-a.b.c", "from-a-import-x-y", "from-a.b.c-import-name", "from-a.b-import-module",
        "inside-a-function", "no-robodyn"])
def test_each_import_form_reaches_its_module_and_its_packages(book, cell, used):
    """Every way a cell imports a module counts it with the packages above it."""
    expected = set() if used is None else used | {"__init__.py", "core/__init__.py"}
    assert _used(book, cell) == expected


def test_ipython_lines_are_left_out_and_an_unreadable_cell_counts_whole(book):
    """Magics and shell lines are skipped (the rest of the cell counts); a cell that is still
    not Python, or a magic that names the package, makes the notebook use all of it."""
    assert _used(book, "%matplotlib inline\nif True:\n    !pip install x\n"
                       "import robodyn.core.late", "%%bash\necho hello") == {
        "__init__.py", "core/__init__.py", "core/late.py"}
    everything = {path.relative_to(book / "robodyn").as_posix()
                  for path in package_files(book / "robodyn")}
    assert _used(book, "robodyn.core.maths?") == everything
    assert _used(book, "%time import robodyn.core.late") == everything


def test_a_package_named_in_a_string_counts_with_all_its_modules(book):
    """A module that imports a package's modules by name (robodyn.grading does) uses them all."""
    (book / "robodyn" / "finder.py").write_text(
        "import importlib\n\nPACKAGE = 'robodyn.beta'\n\n\ndef find(name):\n"
        "    return importlib.import_module(f'{PACKAGE}.{name}')\n")
    assert _used(book, "from robodyn import finder") == {
        "__init__.py", "finder.py", "beta/__init__.py", "beta/model.py", "core/__init__.py",
        "core/late.py"}


def test_a_notebook_that_imports_nothing_of_the_package_keys_on_itself_alone(book):
    """Its key is the hash of no file: no edit of the package changes it."""
    notebook = _notebook(book / "plain.ipynb", "import math\nprint(math.pi)")
    before = notebook_key(notebook, book / "robodyn")
    assert before == hashlib.sha256().hexdigest()
    (book / "robodyn" / "__init__.py").write_text("X = 1\n")
    assert notebook_key(notebook, book / "robodyn") == before


def test_a_record_in_the_old_format_is_no_record(tmp_path):
    """The whole-package hash that earlier builds wrote there reads as no key at all."""
    (tmp_path / "_build").mkdir()
    (tmp_path / "_build" / ".robodyn-source-hash").write_text("ab" * 32)
    assert recorded_keys(tmp_path) == {}
    assert recorded_keys(tmp_path / "elsewhere") == {}


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
    """Every notebook of the toc but those the configuration excludes from execution: a
    chapter folder's opening page and lessons too, not its summary (text)."""
    for name in ("chapters/a", "chapters/b", "exercises/a", "chapters/03_c/index",
                 "chapters/03_c/01_x", "exercises/03_c"):
        _notebook(tmp_path / f"{name}.ipynb", "1")
    (tmp_path / "intro.md").write_text("# Intro\n")
    (tmp_path / "chapters" / "03_c" / "summary.md").write_text("# Summary\n")
    (tmp_path / "_toc.yml").write_text(
        "format: jb-book\nroot: intro\nparts:\n  - caption: C\n    chapters:\n"
        "      - file: chapters/a\n      - file: chapters/b.ipynb\n"
        "        sections:\n          - file: exercises/a\n"
        "      - file: chapters/03_c/index\n        sections:\n"
        "          - file: chapters/03_c/01_x\n          - file: chapters/03_c/summary\n"
        "          - file: exercises/03_c\n")
    (tmp_path / "_config.yml").write_text(
        "execute:\n  execute_notebooks: cache\n  exclude_patterns: ['exercises/*']\n")
    found = bookbuild.notebooks_to_execute(tmp_path, tmp_path / "_toc.yml",
                                           tmp_path / "_config.yml")
    assert found == [tmp_path / "chapters" / name for name in (
        "a.ipynb", "b.ipynb", "03_c/index.ipynb", "03_c/01_x.ipynb")]
    assert [bookbuild.shown_name(path) for path in found[2:]] == ["03_c/index.ipynb",
                                                                 "03_c/01_x.ipynb"]


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


def _two_notebook_book(book):
    """The toc and configuration of a book whose executed notebooks are a and b."""
    (book / "intro.md").write_text("# Intro\n")
    (book / "_toc.yml").write_text(
        "format: jb-book\nroot: intro\nchapters:\n  - file: a\n  - file: b\n")
    (book / "_config.yml").write_text("execute:\n  execute_notebooks: cache\n")


def _cached_pk(cache, path):
    """The primary key of the cache entry matching the notebook at ``path``, or None."""
    try:
        return cache.match_cache_notebook(nbformat.read(path, as_version=4)).pk
    except KeyError:
        return None


def test_a_module_change_clears_only_the_notebooks_that_use_it(book, monkeypatch):
    """After a change to a module only a.ipynb imports, a's cache entry and saved page are gone
    when the build starts, b's are kept; a runs again and its new key is recorded."""
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    _two_notebook_book(book)
    cache_dir = book / "_build" / ".jupyter_cache"
    doctrees = book / "_build" / ".doctrees"
    seen = []

    def fake_execute(paths, cache_dir, **kwargs):  # stores what the cache lacks, as if run
        cache = get_cache(str(cache_dir))
        seen.append({"missing": [path.name for path in paths if _cached_pk(cache, path) is None],
                     "pages": sorted(path.name for path in doctrees.glob("*.doctree"))})
        for path in paths:
            if _cached_pk(cache, path) is None:
                cache.cache_notebook_bundle(
                    CacheBundleIn(nbformat.read(path, as_version=4), str(path.absolute())),
                    check_validity=False, overwrite=True)

    def fake_run(command, **kwargs):  # Sphinx saves each page it reads
        assert command == build_command(book)
        assert kwargs["cwd"] == book and kwargs["capture_output"] is True
        doctrees.mkdir(parents=True, exist_ok=True)
        for name in ("intro", "a", "b"):
            (doctrees / f"{name}.doctree").write_text("saved page")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(bookbuild, "execute_notebooks", fake_execute)
    monkeypatch.setattr(bookbuild.subprocess, "run", fake_run)
    assert build_book(book, capture=True).returncode == 0
    assert seen[-1]["missing"] == ["a.ipynb", "b.ipynb"]
    cache = get_cache(str(cache_dir))
    pk_a, pk_b = _cached_pk(cache, book / "a.ipynb"), _cached_pk(cache, book / "b.ipynb")
    key_a = notebook_key(book / "a.ipynb", book / "robodyn")
    assert recorded_keys(book) == {
        "a.ipynb": key_a, "b.ipynb": notebook_key(book / "b.ipynb", book / "robodyn")}

    build_book(book, capture=True)
    assert seen[-1] == {"missing": [], "pages": ["a.doctree", "b.doctree", "intro.doctree"]}

    (book / "robodyn" / "core" / "maths.py").write_text("def twice(x):\n    return 3 * x\n")
    build_book(book, capture=True)
    assert seen[-1] == {"missing": ["a.ipynb"], "pages": ["b.doctree", "intro.doctree"]}
    assert _cached_pk(cache, book / "b.ipynb") == pk_b
    assert _cached_pk(cache, book / "a.ipynb") not in (None, pk_a)
    assert recorded_keys(book)["a.ipynb"] == notebook_key(book / "a.ipynb", book / "robodyn")
    assert recorded_keys(book)["a.ipynb"] != key_a


def test_the_test_switch_reuses_a_current_build_and_only_one(book, monkeypatch):
    """Under the test switch the book is make book's own build while that build succeeded
    and every notebook's key is what it was executed with (nothing would run again); a
    changed module, a failed build or a notebook not yet executed sends it to _build/quick."""
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    _two_notebook_book(book)
    cache = get_cache(str(book / "_build" / ".jupyter_cache"))
    outcome = {"code": 0}

    def fake_execute(paths, cache_dir, **kwargs):  # stores each notebook, as if run
        for path in paths:
            cache.cache_notebook_bundle(
                CacheBundleIn(nbformat.read(path, as_version=4), str(path.absolute())),
                check_validity=False, overwrite=True)

    monkeypatch.setattr(bookbuild, "execute_notebooks", fake_execute)
    monkeypatch.setattr(bookbuild.subprocess, "run", lambda command, **kwargs: (
        subprocess.CompletedProcess(command, outcome["code"], "", "")))
    quick_root = book / "_build" / "quick"

    def under_the_switch():
        monkeypatch.setenv(QUICK_VARIABLE, "1")
        try:
            return output_dir(book)
        finally:
            monkeypatch.setenv(QUICK_VARIABLE, "0")

    assert under_the_switch() == quick_root          # never built
    build_book(book, capture=True)
    assert under_the_switch() == book                # built, nothing would run again
    maths = book / "robodyn" / "core" / "maths.py"
    maths.write_text("def twice(x):\n    return 3 * x\n")
    assert under_the_switch() == quick_root          # a.ipynb would run again
    outcome["code"] = 1
    build_book(book, capture=True)                   # executed again, but Sphinx failed
    assert under_the_switch() == quick_root
    outcome["code"] = 0
    build_book(book, capture=True)
    assert under_the_switch() == book
    _notebook(book / "c.ipynb", "print(3)")
    (book / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n  - file: a\n"
                                   "  - file: b\n  - file: c\n")
    assert under_the_switch() == quick_root          # c.ipynb was never executed
    monkeypatch.setenv(QUICK_VARIABLE, "1")
    with pytest.raises(RuntimeError, match="would execute notebooks there"):
        build_book(book, capture=True, build_root=book)
    assert _cached_pk(cache, book / "c.ipynb") is None


def test_a_notebook_the_build_ran_gets_the_key_from_before_the_build(book, monkeypatch):
    """A notebook that only the build itself ran is recorded after it, with the key from
    before the build: a module changed while the build ran makes it run again next time."""
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    _two_notebook_book(book)
    cache = get_cache(str(book / "_build" / ".jupyter_cache"))
    before = {name: notebook_key(book / name, book / "robodyn") for name in ("a.ipynb", "b.ipynb")}
    missing = []

    def fake_run(command, **kwargs):  # runs both notebooks; meanwhile core.maths is edited
        for name in ("a.ipynb", "b.ipynb"):
            cache.cache_notebook_bundle(
                CacheBundleIn(nbformat.read(book / name, as_version=4), str(book / name)),
                check_validity=False, overwrite=True)
        (book / "robodyn" / "core" / "maths.py").write_text("def twice(x):\n    return 0\n")
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(bookbuild, "execute_notebooks", lambda paths, *args, **kwargs: (
        missing.append([path.name for path in paths if _cached_pk(cache, path) is None])))
    monkeypatch.setattr(bookbuild.subprocess, "run", fake_run)
    build_book(book, capture=True)
    assert missing == [["a.ipynb", "b.ipynb"]]
    assert recorded_keys(book) == before
    monkeypatch.setattr(bookbuild.subprocess, "run",
                        lambda command, **kwargs: subprocess.CompletedProcess(command, 0))
    build_book(book, capture=True)
    assert missing[-1] == ["a.ipynb"]


@pytest.mark.notebooks
def test_a_changed_module_runs_again_only_the_notebook_that_uses_it(book, monkeypatch):
    """With real kernels: after a change to core.maths, a.ipynb's cached output shows the new
    value and b.ipynb's cache entry is the one from before (it did not run again)."""
    from jupyter_cache import get_cache

    _two_notebook_book(book)
    monkeypatch.setattr(bookbuild.subprocess, "run",
                        lambda command, **kwargs: subprocess.CompletedProcess(command, 0))
    cache = get_cache(str(book / "_build" / ".jupyter_cache"))

    def printed(name):
        _, merged = cache.merge_match_into_notebook(nbformat.read(book / name, as_version=4))
        return merged.cells[-1].outputs[0]["text"]

    build_book(book, capture=True, jobs=2)
    assert (printed("a.ipynb"), printed("b.ipynb")) == ("42\n", "3\n")
    entry_b = cache.match_cache_notebook(nbformat.read(book / "b.ipynb", as_version=4))
    (book / "robodyn" / "core" / "maths.py").write_text("def twice(x):\n    return 3 * x\n")
    build_book(book, capture=True, jobs=2)
    assert printed("a.ipynb") == "63\n"
    again_b = cache.match_cache_notebook(nbformat.read(book / "b.ipynb", as_version=4))
    assert (again_b.pk, again_b.created) == (entry_b.pk, entry_b.created)


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


def _sphinx_build(tmp_path, extensions, page="Title\n=====\n\nText.\n"):
    """Build a one-page Sphinx project with these extensions; return its index.html."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXTENSION.parent)!r})\n"
        f"extensions = {extensions!r}\n"
    )
    (source / "index.rst").write_text(page)
    (source / "plot.png").write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJ"
        "RU5ErkJggg=="))
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


FIGURES = r"""Title
=====

.. figure:: plot.png

   The coefficient :math:`\mu_{\text{eff}}` against :math:`\dot\theta` at
   :math:`k = 10^4`, with :math:`\tau_1` and :math:`\tfrac{1}{2}`.

.. figure:: plot.png
   :alt: its own text

   A figure with its own text :math:`\alpha`.

.. figure:: plot.png

   An animation of :math:`\omega_2`.

   .. raw:: html

      <img alt="A frame of the animation that the caption describes" src="frame.png">
"""


@pytest.mark.parametrize("with_extension", [False, True], ids=["without", "with"])
def test_a_figure_without_alt_text_reads_its_caption_with_its_formulas_readable(
        tmp_path, with_extension):
    """An image without alt text, and an animation's frame with the generic one, take the
    caption, with Unicode for the TeX (μ_(eff), θ̇, 10⁴, τ₁, 1/2); an alt text of its own is
    kept. Without the extension the first has none and the frame keeps the generic one."""
    page = _sphinx_build(tmp_path, ["robodyn_book"] * with_extension, page=FIGURES)
    alts = re.findall(r'<img [^>]*alt="([^"]*)"', page)
    if not with_extension:
        assert "its own text" in alts and any(alt.startswith("A frame of") for alt in alts)
        assert not any("coefficient" in alt for alt in alts)
        return
    assert alts == [
        "The coefficient μ_(eff) against θ̇ at k = 10⁴, with τ₁ and 1/2.",
        "its own text", "An animation of ω₂.", "An animation of ω₂."], alts
    assert "\\" not in "".join(alts)


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


def test_the_extensions_examples_hold():
    """The examples in the docstrings of book/_ext/robodyn_book.py (readable alt text, an
    erratum's heading name) give what they show."""
    import doctest

    result = doctest.testmod(_extension())
    assert result.attempted >= 5 and result.failed == 0, result
