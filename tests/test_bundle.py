"""The downloads that run the book away from its site (booktools.bundle)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest
from checkcases import LOOKED_UP

from booktools import bundle, chapters
from robodyn.core.errors import ParameterError

ROOT = Path(__file__).resolve().parents[1]
BWRAP = shutil.which("bwrap")
#: A chapter stored as a folder of lessons (booktools.chapters): the differential drive's,
#: whose seven pages run quickest (about 20 s of the 190 s all chapters take; every chapter's
#: bundle is made the same way, and tests/test_wheel.py imports every subpackage from the
#: wheel), else the book's first.
FOLDER_CHAPTER = next((chapter for chapter in chapters.chapters(ROOT)
                       if chapter.is_folder and chapter.stem == "04_differential_drive"),
                      next(chapter for chapter in chapters.chapters(ROOT) if chapter.is_folder))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The package's wheel, built once for the module."""
    return bundle.build_wheel(tmp_path_factory.mktemp("wheel"))


#: A chapter that is still one notebook, if any is left (the first).
ONE_NOTEBOOK = next((chapter for chapter in chapters.chapters(ROOT) if not chapter.is_folder),
                    None)


@pytest.fixture(scope="module")
def one_notebook(wheel, tmp_path_factory) -> Path:
    """The bundle of a chapter that is one notebook."""
    if ONE_NOTEBOOK is None:
        pytest.skip("every chapter is a folder now: the test of a chapter folder's bundle "
                    "covers it")
    return bundle.write_bundle(
        tmp_path_factory.mktemp("zip") / bundle.bundle_name(ONE_NOTEBOOK.stem),
        [ONE_NOTEBOOK.stem], wheel)


@pytest.mark.notebooks
def test_a_chapter_bundle_holds_its_notebooks_the_wheel_and_how_to_run_them(one_notebook,
                                                                            wheel):
    """The chapter and its exercises as stored, the wheel, requirements and a README; never
    a solution."""
    stem = ONE_NOTEBOOK.stem
    with zipfile.ZipFile(one_notebook) as opened:
        names = sorted(opened.namelist())
        folder = f"robot-dynamics-{stem}"
        assert names == sorted(f"{folder}/{name}" for name in (
            "README.txt", "requirements.txt", wheel.name, f"chapters/{stem}.ipynb",
            f"exercises/{stem}.ipynb"))
        for part in ("chapters", "exercises"):
            stored = (ROOT / part / f"{stem}.ipynb").read_bytes()
            assert opened.read(f"{folder}/{part}/{stem}.ipynb") == stored
        requirements = opened.read(f"{folder}/requirements.txt").decode().splitlines()
        readme = opened.read(f"{folder}/README.txt").decode()
    assert requirements[0] == f"./{wheel.name}"
    assert {line.split(">")[0].split("=")[0] for line in requirements[1:]} == set(
        bundle.RUNTIME_PACKAGES)
    for command in ("python3 -m venv .venv", ".venv/bin/pip install -r requirements.txt",
                    ".venv/bin/jupyter lab"):
        assert command in readme
    assert f"chapter {ONE_NOTEBOOK.number}" in readme
    assert not any("solution" in name for name in names)


@pytest.mark.notebooks
def test_a_chapter_folders_bundle_holds_every_page_at_its_place_and_its_exercises(wheel,
                                                                                  tmp_path):
    """A chapter stored as a folder brings its opening page, every lesson and the summary in
    chapters/NN_name/, and its exercises in exercises/, byte for byte: the folders of the
    repository, so that the links between the pages work; never a solution."""
    stem = FOLDER_CHAPTER.stem
    path = bundle.write_bundle(tmp_path / bundle.bundle_name(stem), [stem], wheel)
    folder = f"robot-dynamics-{stem}"
    with zipfile.ZipFile(path) as opened:
        names = sorted(opened.namelist())
        pages = [*FOLDER_CHAPTER.pages, FOLDER_CHAPTER.exercises]
        assert len(FOLDER_CHAPTER.lessons) >= 1 and FOLDER_CHAPTER.summary in pages
        assert names == sorted([f"{folder}/{name}" for name in (
            "README.txt", "requirements.txt", wheel.name)] + [
            f"{folder}/{page.relative_to(ROOT).as_posix()}" for page in pages])
        for page in pages:
            assert opened.read(f"{folder}/{page.relative_to(ROOT).as_posix()}") == \
                page.read_bytes()
        assert f"chapter {FOLDER_CHAPTER.number}" in opened.read(f"{folder}/README.txt").decode()
    assert not any("solution" in name for name in names)


#: A link of a page's Markdown to a page, ``[text](target.ipynb)`` or ``.md``, the target
#: without its anchor (not ``[a](t_1)`` in a formula).
LINK = re.compile(r"\]\(([^)#\s]+\.(?:ipynb|md))(?:#[^)]*)?\)")


def _links(path: Path) -> list[str]:
    """The relative targets of the Markdown links of a notebook's cells or a .md file."""
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        text = "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                         if cell["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return [target for target in LINK.findall(text) if "://" not in target]


def test_the_links_between_a_chapters_pages_and_its_exercises_hold_in_its_bundle(tmp_path):
    """Every link from a page of the bundle to a notebook or page of chapters/ or exercises/
    lands on a file of the bundle: the summary's link to the exercises, the exercises' link
    back to the chapter, the lessons' links to each other."""
    fake = tmp_path / "robodyn-0.1.0-py3-none-any.whl"
    fake.write_bytes(b"")
    stems = chapters.chapter_stems(ROOT)
    zip_path = bundle.write_bundle(tmp_path / "all.zip", stems, fake)
    zipfile.ZipFile(zip_path).extractall(tmp_path)
    top = tmp_path / "all"
    checked = []
    for page in sorted(top.rglob("*")):
        if page.suffix not in (".ipynb", ".md"):
            continue
        for target in _links(page):
            landing = (page.parent / target).resolve()
            inside = landing.relative_to(top.resolve()).parts if landing.is_relative_to(
                top.resolve()) else ()
            if inside and inside[0] in ("chapters", "exercises"):
                checked.append(target)
                assert landing.is_file(), f"{page.relative_to(top)}: {target} is not in the bundle"
    assert any(target.startswith("../../exercises/") for target in checked), checked
    assert any(target.startswith("../chapters/") for target in checked), checked


@pytest.mark.notebooks
def test_the_bundle_of_all_chapters_holds_each_chapter_once(wheel, tmp_path):
    """The bundle of every chapter has each chapter's pages and its exercises, once each, in
    the order of the table of contents, and one wheel."""
    stems = chapters.chapter_stems(ROOT)
    assert stems == bundle.chapter_stems(chapters.toc_files(ROOT / "_toc.yml"))
    assert sorted(stems) == chapters.stems_on_disk(ROOT) and len(stems) >= 7
    path = bundle.write_bundle(tmp_path / bundle.bundle_name(bundle.ALL_CHAPTERS), stems, wheel)
    names = zipfile.ZipFile(path).namelist()
    pages = [page for stem in stems for page in bundle.bundle_files(stem)]
    assert [name for name in names if name.endswith((".ipynb", ".md"))] == [
        f"robot-dynamics-all/{page.relative_to(ROOT).as_posix()}" for page in pages]
    assert len(set(names)) == len(names)
    assert sum(name.endswith(".whl") for name in names) == 1


def _extension():
    """The book's Sphinx extension (book/_ext/robodyn_book.py), loaded from its file."""
    spec = importlib.util.spec_from_file_location(
        "robodyn_book", ROOT / "book" / "_ext" / "robodyn_book.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_page_of_a_chapter_offers_the_chapters_bundle():
    """The download menu of the opening page, each lesson, the summary, the exercises and the
    solutions of a chapter links its bundle; any other page links the bundle of them all."""
    extension = _extension()

    def menu(pagename: str) -> str:
        """The first entry of the page's download menu, as a link from the page."""
        buttons = [{"label": "download-buttons", "buttons": []}]
        context = {"header_buttons": buttons,
                   "pathto": lambda target, files: "../" * pagename.count("/") + target}
        extension._add_bundle_button(None, pagename, "page.html", context, None)
        return buttons[0]["buttons"][0]["url"]

    every = chapters.chapters(ROOT)
    assert FOLDER_CHAPTER in every
    for chapter in every:
        for page in [*chapter.docnames, f"exercises/{chapter.stem}",
                     f"solutions/{chapter.stem}"]:
            wanted = "../" * page.count("/") + f"_downloads/{bundle.bundle_name(chapter.stem)}"
            assert menu(page) == wanted, page
    for page in ("book/intro", "book/errata", "index"):
        assert menu(page).endswith(f"_downloads/{bundle.bundle_name(bundle.ALL_CHAPTERS)}")


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


def test_the_requirements_are_the_versions_the_book_was_tested_with(tmp_path):
    """Each runtime package at the version constraints.txt pins (MuJoCo 4.0.1 had come in
    where the book was built with 4.0.0), a package it does not pin with its range."""
    pins = {line.split("==")[0].lower(): line for line in
            (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines() if "==" in line}
    lines = bundle.runtime_requirements()
    assert len(lines) == len(bundle.RUNTIME_PACKAGES)
    for package in bundle.RUNTIME_PACKAGES:
        assert pins[package] in lines, (package, lines)
    (tmp_path / "requirements.txt").write_text("\n".join(
        f"{package}>=1" for package in bundle.RUNTIME_PACKAGES) + "\n")
    (tmp_path / "constraints.txt").write_text("numpy==2.0.1\n")
    lines = bundle.runtime_requirements(tmp_path / "requirements.txt")
    assert "numpy==2.0.1" in lines and "scipy>=1" in lines


RUN_CHAPTER = """
import nbformat
from nbclient import NotebookClient

for path in {paths!r}:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={{"metadata": {{"path": str(path.rsplit("/", 1)[0])}}}}).execute()
    print("ran", path.rsplit("/", 1)[1], "install cell:", notebook.cells[0].outputs)
import robodyn
print("robodyn from", robodyn.__file__)
"""


@pytest.mark.notebooks
def test_a_downloaded_chapter_runs_in_a_new_environment_without_the_network(wheel, tmp_path):
    """Unzipped into a new virtual environment that lacks robodyn, every notebook of a
    chapter folder (its opening page, then each lesson) runs with the network cut off, each
    in a kernel of its own and in its own folder, chapters/NN_name/: the first cell installs
    robodyn from the wheel at the bundle's top, two folders up, and no lesson needs another
    lesson's names.

    The new environment is given the book's other packages (numpy, scipy, Jupyter, ...)
    through a path file instead of a download from the package index; robodyn itself is
    not among them (the book's own is an editable install, which a path file does not
    activate), so it can only come from the bundle."""
    if BWRAP is None:
        message = "running without the network needs bubblewrap: apt-get install bubblewrap"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    stem = FOLDER_CHAPTER.stem
    zip_path = bundle.write_bundle(tmp_path / bundle.bundle_name(stem), [stem], wheel)
    zipfile.ZipFile(zip_path).extractall(tmp_path)
    folder = tmp_path / f"robot-dynamics-{stem}"
    notebooks = [folder / page.relative_to(ROOT) for page in FOLDER_CHAPTER.notebooks]
    assert all(path.parent == folder / "chapters" / stem for path in notebooks)
    assert not list((folder / "chapters" / stem).glob("*.whl")), "the wheel is at the top"
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
    script.write_text(RUN_CHAPTER.format(paths=[str(path) for path in notebooks]))
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "MPLBACKEND": "Agg",
           "ROBODYN_QUICK": "1", "PIP_NO_INPUT": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run = subprocess.run(
        [BWRAP, "--dev-bind", "/", "/", "--unshare-net", "--die-with-parent", "--",
         str(python), str(script)],
        capture_output=True, text=True, env=env, timeout=1800, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-5000:]
    assert f"robodyn from {venv}" in run.stdout, run.stdout
    ran = [line.split()[1] for line in run.stdout.splitlines() if line.startswith("ran ")]
    assert ran == [path.name for path in notebooks], run.stdout
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
    checked = subprocess.run([str(python), "-c", CHECK_WITH_THE_KEY], capture_output=True,
                             text=True, env=env, timeout=120, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "PASSED diffdrive.forward_kinematics" in checked.stdout
    assert "no robodyn.checks" in checked.stdout


#: Run with the bundle's robodyn: a check judges with the answer key; the references are not
#: there.
CHECK_WITH_THE_KEY = LOOKED_UP + """
import importlib.util
from robodyn.grading import check

check("diffdrive.forward_kinematics", _looked_up("diffdrive.forward_kinematics"))
if importlib.util.find_spec("robodyn.checks") is None:
    print("no robodyn.checks")
"""


def test_the_wheel_has_the_answer_keys_and_not_the_checks(wheel):
    """The download's wheel holds every subject's answer key and none of robodyn/checks (the
    exercises' references and typical mistakes)."""
    from robodyn.grading.answerkey import keyed_subjects

    names = zipfile.ZipFile(wheel).namelist()
    assert not [name for name in names if name.startswith("robodyn/checks/")]
    keys = sorted(name for name in names if name.startswith("robodyn/grading/keys/"))
    assert keys == [f"robodyn/grading/keys/{subject}.json" for subject in keyed_subjects()]
    assert "robodyn/grading/answerkey.py" in names and "robodyn/grading/judges.py" in names
