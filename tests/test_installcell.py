"""The install cell: generated from _config.yml, first in every notebook, a no-op at home."""

import json
import sys
import types
from pathlib import Path

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager
from nbclient import NotebookClient

from booktools import chapters, installcell
from booktools.installcell import (
    Repository,
    install_cell,
    install_cell_source,
    main,
    out_of_date,
    read_repository,
    update,
)
from booktools.nblint import lint_source
from robodyn.grading import INSTALL_CELL_ID

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "chapters", ROOT / "solutions", ROOT / "exercises"]
URL = "https://github.com/robodyn-book/robot-dynamics-hands-on"
WITH_URL = Repository(url=URL, branch="main")
PLACEHOLDER = Repository(url="")


def test_every_notebook_starts_with_the_install_cell_of_config():
    """chapters/ (the lessons of a chapter folder too), solutions/ and exercises/ all open
    with the cell _config.yml gives."""
    notebooks = [*chapters.chapter_notebooks(ROOT), *(ROOT / "solutions").glob("*.ipynb"),
                 *(ROOT / "exercises").glob("*.ipynb")]
    assert len(notebooks) >= 3
    assert sorted(installcell._notebooks(FOLDERS)) == sorted(notebooks), \
        "a notebook of chapters/ that is no page of a chapter, or one the cell's check misses"
    problems = out_of_date(FOLDERS, ROOT / "_config.yml")
    assert not problems, "\n".join(problems) + (
        "\nRun `make exercises`.")


def test_empty_url_is_the_placeholder(tmp_path):
    config = tmp_path / "_config.yml"
    config.write_text('title: "A book"\nrepository:\n  url: ""\n  branch: main\n')
    assert read_repository(config).is_placeholder
    config.write_text("title: A book\n")
    assert read_repository(config).is_placeholder
    config.write_text(f"repository:\n  url: {URL}\n  branch: dev\n  path_to_book: book\n")
    repository = read_repository(config)
    assert not repository.is_placeholder
    assert repository.requirement == f"robodyn @ git+{URL}@dev#subdirectory=book"


def test_placeholder_cell_points_at_no_url_and_says_make_lab():
    source = install_cell_source(PLACEHOLDER)
    assert "http" not in source and "git+" not in source
    assert [line.strip() for line in source.splitlines() if "%pip" in line] == [
        '%pip install --quiet "{wheel}"'], "pip installs only the downloaded wheel"
    assert "`make lab`" in source


def test_url_cell_installs_from_the_repository_and_enables_colab_widgets():
    source = install_cell_source(WITH_URL)
    assert f'REPOSITORY = "{URL}"' in source
    assert 'BRANCH = "main"' in source
    assert 'requirement = f"robodyn @ git+{REPOSITORY}@{BRANCH}"' in source
    assert '%pip install --quiet "{requirement}"' in source
    assert "output.enable_custom_widget_manager()" in source


@pytest.mark.parametrize("repository", [
    PLACEHOLDER,
    WITH_URL,
    Repository(url="https://gitlab.example-university.edu/teaching/robotics/course-books/"
                   "robot-dynamics-hands-on-2026", branch="winter-term", path_to_book="book"),
    Repository(url="", title="A much longer title of a course book on robot dynamics, 2nd ed."),
], ids=["placeholder", "github", "long-url", "long-title"])
def test_cell_fits_the_column_and_is_valid_python(repository):
    """Every variant passes the notebook linter and compiles (after IPython's transforms)."""
    source = install_cell_source(repository)
    assert lint_source(source) == []
    compile(TransformerManager().transform_cell(source), "<install cell>", "exec")


def test_cell_is_hidden_in_the_pages_and_stored_without_output():
    cell = install_cell(WITH_URL)
    assert cell["id"] == INSTALL_CELL_ID and cell["cell_type"] == "code"
    assert cell["metadata"]["tags"] == ["remove-cell"]
    assert cell["outputs"] == [] and cell["execution_count"] is None
    nbformat.validate(nbformat.from_dict({
        "cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


class FakeShell:
    """Stands in for IPython: records line magics, expands {name} as IPython does."""

    def __init__(self, namespace):
        self.namespace = namespace
        self.magics = []

    def run_line_magic(self, name, line):
        self.magics.append((name, line.format(**self.namespace)))


def run_cell(source, monkeypatch, robodyn_present=True, colab=False):
    """Execute the cell's Python as IPython would; return (magics run, widget manager calls)."""
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def find_spec(name, *args, **kwargs):
        if name == "robodyn" and not robodyn_present:
            return None
        return real_find_spec(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    enabled = []
    if colab:
        google = types.ModuleType("google")
        google.__path__ = []
        colab_module = types.ModuleType("google.colab")
        colab_module.output = types.SimpleNamespace(
            enable_custom_widget_manager=lambda: enabled.append(True))
        google.colab = colab_module
        monkeypatch.setitem(sys.modules, "google", google)
        monkeypatch.setitem(sys.modules, "google.colab", colab_module)
    namespace = {}
    shell = FakeShell(namespace)
    namespace["get_ipython"] = lambda: shell
    exec(TransformerManager().transform_cell(source), namespace)
    # first, always: the inline figures at twice their pixels (sharp on fine screens)
    assert shell.magics[:1] == [FIGURES_SHARP], shell.magics
    return shell.magics[1:], enabled


#: The cell's first magic, wherever it runs: matplotlib's inline figures as "retina" PNGs.
FIGURES_SHARP = ("config", 'InlineBackend.figure_formats = ["retina"]')


def test_with_robodyn_present_the_cell_does_nothing(monkeypatch, capsys):
    for repository in (PLACEHOLDER, WITH_URL):
        magics, enabled = run_cell(install_cell_source(repository), monkeypatch)
        assert magics == [] and enabled == []
    assert capsys.readouterr() == ("", "")


def test_without_robodyn_the_cell_pip_installs_from_the_repository(monkeypatch):
    magics, _ = run_cell(install_cell_source(WITH_URL), monkeypatch, robodyn_present=False)
    assert magics == [("pip", f'install --quiet "{WITH_URL.requirement}"')]
    assert WITH_URL.requirement == f"robodyn @ git+{URL}@main"


def test_without_robodyn_and_without_url_the_cell_says_how_to_get_it(monkeypatch):
    with pytest.raises(ModuleNotFoundError, match="make lab"):
        run_cell(install_cell_source(PLACEHOLDER), monkeypatch, robodyn_present=False)


@pytest.mark.parametrize("repository", [PLACEHOLDER, WITH_URL], ids=["placeholder", "url"])
@pytest.mark.parametrize("where", ["beside", "in", "lesson"])
def test_without_robodyn_the_cell_installs_the_wheel_of_a_downloaded_chapter(
        monkeypatch, tmp_path, repository, where):
    """In a downloaded chapter (booktools.bundle) the wheel in the notebook's folder, or at
    the bundle's top (one folder above a chapter notebook, two above a lesson of
    ``chapters/NN_name/``), is installed, the newest of several, and nothing else is tried."""
    bundle = tmp_path / "robot-dynamics-02_friction"
    (bundle / "chapters" / "02_friction").mkdir(parents=True)
    folder = bundle / "chapters" if where == "beside" else bundle
    running_in = bundle / "chapters" / ("02_friction" if where == "lesson" else "")
    for version in ("0.1.0", "0.2.0"):
        (folder / f"robodyn-{version}-py3-none-any.whl").write_bytes(b"")
    monkeypatch.chdir(running_in)
    found = []
    monkeypatch.setattr(FakeShell, "run_line_magic",
                        lambda self, name, line: found.append((name, line.format(
                            **self.namespace))))
    import importlib.util

    real_find_spec = importlib.util.find_spec
    calls = iter([None] + [object()] * 5)  # missing until pip has run
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a, **k: next(calls)
                        if name == "robodyn" else real_find_spec(name, *a, **k))
    namespace = {}
    shell = FakeShell(namespace)
    namespace["get_ipython"] = lambda: shell
    exec(TransformerManager().transform_cell(install_cell_source(repository)), namespace)
    wheel = folder / "robodyn-0.2.0-py3-none-any.whl"
    assert found == [FIGURES_SHARP, ("pip", f'install --quiet "{wheel}"')]


def test_the_cell_takes_the_nearest_wheel_and_looks_no_higher_than_two_folders(
        monkeypatch, tmp_path):
    """A wheel three folders above a lesson is not its bundle's: the placeholder says where
    to get robodyn; a wheel in the notebook's own folder wins over the newer one above."""
    lesson = tmp_path / "top" / "bundle" / "chapters" / "04_x"
    lesson.mkdir(parents=True)
    (tmp_path / "top" / "robodyn-9.0.0-py3-none-any.whl").write_bytes(b"")
    monkeypatch.chdir(lesson)
    calls = []
    monkeypatch.setattr(FakeShell, "run_line_magic",
                        lambda self, name, line: calls.append(line.format(**self.namespace)))
    with pytest.raises(ModuleNotFoundError, match="Download the chapter"):
        run_cell(install_cell_source(PLACEHOLDER), monkeypatch, robodyn_present=False)
    assert calls == [FIGURES_SHARP[1]]           # the figures' magic, and no pip
    calls.clear()
    (tmp_path / "top" / "bundle" / "robodyn-0.2.0-py3-none-any.whl").write_bytes(b"")
    (lesson / "robodyn-0.1.0-py3-none-any.whl").write_bytes(b"")
    with pytest.raises(ModuleNotFoundError):  # the fake pip installs nothing
        run_cell(install_cell_source(PLACEHOLDER), monkeypatch, robodyn_present=False)
    assert calls == [FIGURES_SHARP[1],
                     f'install --quiet "{lesson / "robodyn-0.1.0-py3-none-any.whl"}"']


def test_without_robodyn_or_a_wheel_the_placeholder_names_the_download(monkeypatch, tmp_path):
    """Where no wheel lies beside the notebook, the message says where to get one."""
    (tmp_path / "chapters").mkdir()
    monkeypatch.chdir(tmp_path / "chapters")
    with pytest.raises(ModuleNotFoundError, match="Download the chapter"):
        run_cell(install_cell_source(PLACEHOLDER), monkeypatch, robodyn_present=False)


def test_on_colab_the_cell_enables_the_custom_widget_manager(monkeypatch):
    magics, enabled = run_cell(install_cell_source(WITH_URL), monkeypatch,
                               robodyn_present=False, colab=True)
    assert len(magics) == 1 and enabled == [True]


def _notebook(tmp_path, name="nb.ipynb", cells=None):
    cells = cells or [
        {"cell_type": "markdown", "id": "c000", "metadata": {}, "source": ["# Title\n"]},
        {"cell_type": "code", "execution_count": None, "id": "c001", "metadata": {},
         "outputs": [], "source": ["import numpy as np"]},
    ]
    notebook = {"cells": cells, "metadata": {"kernelspec": {"name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    folder = tmp_path / "notebooks"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return path


def _config(tmp_path, url=""):
    path = tmp_path / "_config.yml"
    path.write_text(f'title: "Robot dynamics, hands-on"\nrepository:\n  url: "{url}"\n'
                    "  branch: main\n")
    return path


def test_update_puts_the_cell_first_once_and_keeps_the_rest(tmp_path):
    path = _notebook(tmp_path)
    before = json.loads(path.read_text())
    config = _config(tmp_path)
    assert out_of_date([path.parent], config) == [
        f"{path}: the first cell is not the install cell"]
    assert update([path.parent], config) == [path]
    after = json.loads(path.read_text())
    assert after["cells"][0] == install_cell(PLACEHOLDER)
    assert after["cells"][1:] == before["cells"] and after["metadata"] == before["metadata"]
    assert path.read_text() == json.dumps(after, indent=1, ensure_ascii=False) + "\n"
    assert update([path.parent], config) == [], "a second run changes nothing"
    assert out_of_date([path.parent], config) == []


def test_a_new_url_makes_the_notebooks_stale_until_updated(tmp_path, capsys):
    path = _notebook(tmp_path)
    update([path.parent], _config(tmp_path))
    config = _config(tmp_path, url=URL)
    assert out_of_date([path.parent], config) == [
        f"{path}: the install cell does not match _config.yml"]
    assert main([str(path.parent), "--config", str(config), "--check"]) == 1
    assert "make exercises" in capsys.readouterr().out
    assert main([str(path.parent), "--config", str(config)]) == 0
    cells = json.loads(path.read_text())["cells"]
    assert [c["id"] for c in cells] == [INSTALL_CELL_ID, "c000", "c001"], "replaced, not added"
    assert URL in "".join(cells[0]["source"])
    assert main([str(path.parent), "--config", str(config), "--check"]) == 0


def test_a_moved_or_second_install_cell_is_reported(tmp_path):
    config = _config(tmp_path)
    cell = install_cell(read_repository(config))
    path = _notebook(tmp_path, cells=[
        {"cell_type": "markdown", "id": "c000", "metadata": {}, "source": ["# Title\n"]},
        cell])
    assert out_of_date([path.parent], config) == [
        f"{path}: the first cell is not the install cell"]
    path = _notebook(tmp_path, cells=[cell, dict(cell)])
    assert f"{path}: more than one install cell" in out_of_date([path.parent], config)


def test_the_default_config_is_the_repositorys():
    assert installcell.CONFIG == ROOT / "_config.yml"


@pytest.mark.notebooks
def test_in_the_repository_kernel_the_cell_installs_and_prints_nothing():
    """In a real kernel of this environment: robodyn is importable, so neither the cell of
    _config.yml nor a cell with a real URL runs pip or prints anything; with robodyn hidden,
    IPython expands the URL into the pip command."""
    record = ('from IPython import get_ipython\n_pip_calls = []\n'
              'get_ipython().register_magic_function(\n'
              '    lambda line: _pip_calls.append(line), "line", "pip")\n')
    lesson = next(c for c in chapters.chapters(ROOT) if c.is_folder).lessons[0]
    first = nbformat.read(lesson, as_version=4)
    hide = ('import importlib.util\n_find_spec = importlib.util.find_spec\n'
            'importlib.util.find_spec = lambda name, *a, **k: (\n'
            '    None if name == "robodyn" else _find_spec(name, *a, **k))\n')
    cells = [record, first.cells[0].source, install_cell_source(WITH_URL),
             "print(_pip_calls)", hide, install_cell_source(WITH_URL), "print(_pip_calls)"]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [cell.outputs for cell in notebook.cells]
    assert outputs[1] == [] and outputs[2] == [], "the install cell printed something"
    assert outputs[3][0]["text"] == "[]\n", "pip ran although robodyn is installed"
    assert outputs[6][0]["text"] == str([f'install --quiet "{WITH_URL.requirement}"']) + "\n"
