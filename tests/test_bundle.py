"""The downloads that run the book away from its site (booktools.bundle)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

from booktools import bundle
from robodyn.core.errors import ParameterError

ROOT = Path(__file__).resolve().parents[1]
BWRAP = shutil.which("bwrap")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The package's wheel, built once for the module."""
    return bundle.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def friction(wheel, tmp_path_factory) -> Path:
    """Chapter 2's bundle."""
    return bundle.write_bundle(tmp_path_factory.mktemp("zip") / bundle.bundle_name("02_friction"),
                               ["02_friction"], wheel)


@pytest.mark.notebooks
def test_a_chapter_bundle_holds_its_notebooks_the_wheel_and_how_to_run_them(friction, wheel):
    """The chapter and its exercises as stored, the wheel, requirements and a README; never
    a solution."""
    with zipfile.ZipFile(friction) as opened:
        names = sorted(opened.namelist())
        folder = "robot-dynamics-02_friction"
        assert names == sorted(f"{folder}/{name}" for name in (
            "README.txt", "requirements.txt", wheel.name, "chapters/02_friction.ipynb",
            "exercises/02_friction.ipynb"))
        for part in ("chapters", "exercises"):
            stored = (ROOT / part / "02_friction.ipynb").read_bytes()
            assert opened.read(f"{folder}/{part}/02_friction.ipynb") == stored
        requirements = opened.read(f"{folder}/requirements.txt").decode().splitlines()
        readme = opened.read(f"{folder}/README.txt").decode()
    assert requirements[0] == f"./{wheel.name}"
    assert {line.split(">")[0].split("=")[0] for line in requirements[1:]} == set(
        bundle.RUNTIME_PACKAGES)
    for command in ("python3 -m venv .venv", ".venv/bin/pip install -r requirements.txt",
                    ".venv/bin/jupyter lab"):
        assert command in readme
    assert "chapter 2" in readme
    assert not any("solution" in name for name in names)


@pytest.mark.notebooks
def test_the_bundle_of_all_chapters_holds_each_chapter_once(wheel, tmp_path):
    """The bundle of every chapter has each chapter and its exercises, one wheel."""
    stems = bundle.chapter_stems([f"chapters/{p.stem}" for p in (ROOT / "chapters").glob("*")])
    path = bundle.write_bundle(tmp_path / bundle.bundle_name(bundle.ALL_CHAPTERS), stems, wheel)
    names = zipfile.ZipFile(path).namelist()
    assert len(stems) == len(list((ROOT / "chapters").glob("*.ipynb"))) >= 7
    for stem in stems:
        assert names.count(f"robot-dynamics-all/chapters/{stem}.ipynb") == 1
    assert sum(name.endswith(".whl") for name in names) == 1


def test_bad_chapters_are_refused(tmp_path):
    """No chapter, or one that does not exist, is an error naming it."""
    fake = tmp_path / "robodyn-0.1.0-py3-none-any.whl"
    fake.write_bytes(b"")
    with pytest.raises(ParameterError, match="at least one chapter"):
        bundle.write_bundle(tmp_path / "x.zip", [], fake)
    with pytest.raises(ParameterError, match="99_nothing"):
        bundle.write_bundle(tmp_path / "x.zip", ["99_nothing"], fake)


def test_the_requirements_must_name_every_runtime_package(tmp_path):
    """A requirements file without one of the packages the chapters need is refused."""
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("numpy>=1.26\nscipy>=1.11\n")
    with pytest.raises(ParameterError, match="matplotlib"):
        bundle.runtime_requirements(requirements)


RUN_CHAPTER = """
import nbformat
from nbclient import NotebookClient

notebook = nbformat.read({path!r}, as_version=4)
NotebookClient(notebook, timeout=600, kernel_name="python3",
               resources={{"metadata": {{"path": {folder!r}}}}}).execute()
import robodyn
print("robodyn from", robodyn.__file__)
print("install cell:", notebook.cells[0].outputs)
"""


@pytest.mark.notebooks
def test_a_downloaded_chapter_runs_in_a_new_environment_without_the_network(wheel, tmp_path):
    """Unzipped into a new virtual environment that lacks robodyn, chapter 4 runs with the
    network cut off: its first cell installs robodyn from the wheel in the download.

    The new environment is given the book's other packages (numpy, scipy, Jupyter, ...)
    through a path file instead of a download from the package index; robodyn itself is
    not among them (the book's own is an editable install, which a path file does not
    activate), so it can only come from the bundle."""
    if BWRAP is None:
        message = "running without the network needs bubblewrap: apt-get install bubblewrap"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    zip_path = bundle.write_bundle(tmp_path / bundle.bundle_name("04_differential_drive"),
                                   ["04_differential_drive"], wheel)
    zipfile.ZipFile(zip_path).extractall(tmp_path)
    folder = tmp_path / "robot-dynamics-04_differential_drive"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                           "['purelib'])"], capture_output=True, text=True, check=True).stdout
    (Path(site.strip()) / "book-packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    hidden = subprocess.run([str(python), "-c", "import robodyn"], capture_output=True,
                            cwd=tmp_path)
    assert hidden.returncode != 0, "robodyn is importable before the bundle is installed"

    script = tmp_path / "run_chapter.py"
    script.write_text(RUN_CHAPTER.format(path=str(folder / "chapters/04_differential_drive.ipynb"),
                                         folder=str(folder / "chapters")))
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "MPLBACKEND": "Agg",
           "ROBODYN_QUICK": "1", "PIP_NO_INPUT": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run = subprocess.run(
        [BWRAP, "--dev-bind", "/", "/", "--unshare-net", "--die-with-parent", "--",
         str(python), str(script)],
        capture_output=True, text=True, env=env, timeout=900, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-5000:]
    assert f"robodyn from {venv}" in run.stdout, run.stdout
    offline = subprocess.run(
        [BWRAP, "--dev-bind", "/", "/", "--unshare-net", "--", str(python), "-c",
         "import socket; socket.create_connection(('pypi.org', 443), timeout=5)"],
        capture_output=True, text=True, timeout=60)
    assert offline.returncode != 0, "the network was reachable inside the run"
    installed = json.loads(subprocess.run(
        [str(python), "-m", "pip", "list", "--format", "json", "--path", site.strip()],
        capture_output=True, text=True, check=True).stdout)
    names = [package["name"] for package in installed]
    assert "robodyn" in names, textwrap.shorten(str(names), 300)
