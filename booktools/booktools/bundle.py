"""Downloads that run the book away from its site: a chapter's notebooks with ``robodyn``.

Every page of a chapter in the built book (its opening page, its lessons, its summary, its
exercises) offers ``robot-dynamics-<chapter>.zip`` in its download menu, and every other page
``robot-dynamics-all.zip`` (all chapters). A bundle holds the chapter's pages in the folders
the repository keeps them in (:mod:`booktools.chapters`), so that the links between them
work::

    robot-dynamics-04_differential_drive/
        README.txt                          the three commands that run it
        requirements.txt                    what the notebooks need, at the versions the book
                                            was tested with; robodyn from the wheel below
        robodyn-<version>-py3-none-any.whl  the book's package, built from this repository
                                            (without robodyn/checks: the exercises'
                                            references; the notebooks check with the
                                            answer key)
        chapters/04_differential_drive/     a chapter folder: the opening page index.ipynb,
                                            the lessons 01_....ipynb, ..., and summary.md
                                            (unexecuted, as the book stores them)
        exercises/04_differential_drive.ipynb   its exercises, without solutions

(a chapter that is one notebook brings ``chapters/02_friction.ipynb`` instead of the folder)
and nothing else: never ``solutions/``. The notebooks' first cell (``booktools.installcell``)
installs the wheel it finds in the notebook's folder or one or two folders above it where
``robodyn`` is missing, so a notebook opened in any Jupyter runs too. Once installed, nothing
needs the network.

Command line (the book build makes the bundles itself)::

    python -m booktools.bundle _build/downloads        # every bundle of _toc.yml
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from booktools.chapters import Chapter, chapter_of
from robodyn.core.errors import ParameterError

ROOT = Path(__file__).resolve().parents[2]
#: What a reader's environment needs to run the chapters (the book's requirements.txt less
#: the tools that build, test and grade the book).
RUNTIME_PACKAGES = ("numpy", "scipy", "numba", "matplotlib", "pillow", "ipywidgets",
                    "ipykernel", "jupyterlab", "sympy", "tqdm", "mujoco")
BUNDLE_PREFIX = "robot-dynamics-"
ALL_CHAPTERS = "all"

README = """\
{title}: {what}

Run it on your computer (Python 3.11 or newer). In this folder:

    python3 -m venv .venv
    .venv/bin/pip install -r requirements.txt
    .venv/bin/jupyter lab

(On Windows: .venv\\Scripts\\pip and .venv\\Scripts\\jupyter.) The second command installs
robodyn, the book's package, from the wheel in this folder, and what it needs from the
Python Package Index; after that nothing needs the network. JupyterLab opens in your
browser: the chapters are in chapters/, your exercises in exercises/.
"""


def runtime_requirements(requirements: Path = ROOT / "requirements.txt",
                         constraints: Path | None = None) -> list[str]:
    """The requirements of :data:`RUNTIME_PACKAGES`: each at the version ``constraints``
    pins (``constraints.txt`` beside ``requirements``: the versions the book was built and
    tested with), else with the range of ``requirements``.

    >>> any(line.startswith("numpy==") for line in runtime_requirements())
    True
    """
    def name(line: str) -> str:  # the package a requirement line names, lower case
        return re.split(r"[<>=!~ ;\[]", line.strip(), maxsplit=1)[0].lower()

    requirements = Path(requirements)
    lines = requirements.read_text(encoding="utf-8").splitlines()
    wanted = [line.strip() for line in lines if name(line) in RUNTIME_PACKAGES]
    missing = set(RUNTIME_PACKAGES) - {name(line) for line in wanted}
    if missing:
        raise ParameterError(f"requirements.txt names no {sorted(missing)}: the bundles need "
                             "them (RUNTIME_PACKAGES)")
    constraints = requirements.parent / "constraints.txt" if constraints is None else \
        Path(constraints)
    pinned = {}
    if constraints.is_file():
        for line in constraints.read_text(encoding="utf-8").splitlines():
            if "==" in line and not line.lstrip().startswith("#"):
                pinned[name(line)] = line.split(";")[0].strip()
    return [pinned.get(name(line), line) for line in wanted]


#: What the wheel is built from: the project file, the files it names, and the package.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "robodyn")


def _left_out_of_wheel(folder: str, names: list[str]) -> set[str]:
    """For :func:`shutil.copytree`: what the wheel leaves out, Python's byte-code caches and
    the exercises' references and typical mistakes (``robodyn/checks``: the notebooks check
    with the answer key, :mod:`robodyn.grading.answerkey`)."""
    left_out = {name for name in names if name == "__pycache__"}
    if Path(folder).name == "robodyn" and "checks" in names:
        left_out.add("checks")
    return left_out


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build the wheel of ``robodyn`` from ``root`` into ``out_dir``; return its path.

    The sources (:data:`WHEEL_SOURCES`) are copied to a scratch folder first, since
    setuptools writes ``build/`` beside them; pip uses the current environment's
    setuptools (no download). Raises :class:`RuntimeError` with pip's output if the build
    fails.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        source, built = Path(scratch) / "source", Path(scratch) / "wheel"
        for name in WHEEL_SOURCES:
            if (Path(root) / name).is_dir():
                shutil.copytree(Path(root) / name, source / name,
                                ignore=_left_out_of_wheel)
            else:
                source.mkdir(exist_ok=True)
                shutil.copy(Path(root) / name, source / name)
        run = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
             "--wheel-dir", str(built), str(source)],
            capture_output=True, text=True, cwd=scratch, timeout=300,
        )
        wheels = sorted(built.glob("robodyn-*.whl"))
        if run.returncode != 0 or not wheels:
            raise RuntimeError(f"building the robodyn wheel failed:\n{run.stdout}{run.stderr}")
        target = out_dir / wheels[0].name
        shutil.copy(wheels[0], target)
    return target


def bundle_name(chapter: str) -> str:
    """The file name of a chapter's bundle (``"02_friction"`` or :data:`ALL_CHAPTERS`)."""
    return f"{BUNDLE_PREFIX}{chapter}.zip"


def bundle_files(stem: str, root: Path = ROOT) -> list[Path]:
    """The files of ``root`` that the bundle of chapter ``stem`` holds, in reading order: the
    chapter's pages (:attr:`booktools.chapters.Chapter.pages`) and, where it exists, its
    exercise notebook. ParameterError if the chapter has no page."""
    chapter = Chapter(stem, Path(root))
    pages = chapter.pages
    missing = [page for page in pages if not page.is_file()]
    if missing:
        raise ParameterError(f"chapter {stem!r}: {', '.join(map(str, missing))} does not exist")
    return [*pages, *([chapter.exercises] if chapter.exercises.is_file() else [])]


def write_bundle(zip_path: Path, chapters: list[str], wheel: Path, *, root: Path = ROOT,
                 title: str = "Robot dynamics, hands-on") -> Path:
    """Write the bundle of ``chapters`` (stems such as ``"02_friction"``) to ``zip_path``.

    Each chapter brings its pages and its exercises (:func:`bundle_files`) at the same paths
    as in ``root``, as the repository stores them (without outputs).
    """
    zip_path = Path(zip_path)
    folder = zip_path.stem
    wheel = Path(wheel)
    root = Path(root)
    if not chapters:
        raise ParameterError("chapters must name at least one chapter, got none")
    files = [path for stem in chapters for path in bundle_files(stem, root)]
    what = (f"chapter {int(chapters[0][:2])} and its exercises" if len(chapters) == 1
            else "every chapter and its exercises")
    requirements = [f"./{wheel.name}", *runtime_requirements(root / "requirements.txt")]
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr(f"{folder}/README.txt", README.format(title=title, what=what))
        bundle.writestr(f"{folder}/requirements.txt", "\n".join(requirements) + "\n")
        bundle.write(wheel, f"{folder}/{wheel.name}")
        for path in files:
            bundle.write(path, f"{folder}/{path.relative_to(root).as_posix()}")
    return zip_path


def chapter_stems(toc_names: list[str]) -> list[str]:
    """The chapters of a table of contents' file list, in order, each once:
    ``chapters/02_x`` and ``chapters/04_y/index`` -> ``02_x``, ``04_y``.

    >>> chapter_stems(["book/intro", "chapters/01_a", "exercises/01_a", "chapters/02_b/index",
    ...                "chapters/02_b/01_c", "exercises/02_b"])
    ['01_a', '02_b']
    """
    stems: list[str] = []
    for name in toc_names:
        stem = chapter_of(name)
        if name.startswith("chapters/") and stem is not None and stem not in stems:
            stems.append(stem)
    return stems


def write_bundles(out_dir: Path, chapters: list[str], *, root: Path = ROOT,
                  title: str = "Robot dynamics, hands-on") -> list[Path]:
    """One bundle per chapter and one of them all in ``out_dir``, sharing one wheel."""
    with tempfile.TemporaryDirectory() as scratch:
        wheel = build_wheel(Path(scratch), root)
        written = [write_bundle(Path(out_dir) / bundle_name(stem), [stem], wheel, root=root,
                                title=title) for stem in chapters]
        written.append(write_bundle(Path(out_dir) / bundle_name(ALL_CHAPTERS), chapters, wheel,
                                    root=root, title=title))
    return written


def main(argv: list[str] | None = None) -> int:
    from booktools import chapters

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", type=Path, help="folder for the .zip files")
    args = parser.parse_args(argv)
    for path in write_bundles(args.out_dir, chapters.chapter_stems(ROOT)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
