"""The first cell of every notebook: get ``robodyn`` where it is missing.

A notebook opened on Colab or on a JupyterHub runs in an environment that does not have the
book's package. Its first cell, the *install cell*, installs it there; where ``robodyn`` is
already importable (``make lab``, Binder, the book build) the cell installs nothing and prints
nothing. Everywhere it asks matplotlib's inline figures for twice the pixels of their size
(``"retina"``), so that they stay sharp on a high-resolution screen and in the book's pages.
The cell's text is generated from the ``repository`` section of ``_config.yml``, so a change
of repository is one edit there and one command here, never an edit of every notebook:

- always first: the wheel ``robodyn-*.whl`` that comes with a chapter downloaded from the
  book's pages (:mod:`booktools.bundle`), found in the notebook's folder or one or two
  folders above it (a lesson sits in ``chapters/NN_name/``, two folders below the bundle's
  top), installed with ``%pip install``;
- ``repository.url`` set: otherwise ``%pip install "robodyn @ git+URL@BRANCH"`` (with
  ``#subdirectory=`` when ``path_to_book`` is set), and on Colab
  ``google.colab.output.enable_custom_widget_manager()`` so that the sliders render;
- ``repository.url`` empty (the placeholder, no public repository yet): no URL at all; the
  cell raises an error that says how to get the package (a chapter's download, or
  ``make lab`` in the book's repository).

The cell is identified by its id :data:`robodyn.grading.INSTALL_CELL_ID` and carries the tag
``remove-cell``: the rendered pages are executed already and do not show it; the notebooks
and the ``.ipynb`` downloads keep it.

Command line::

    python -m booktools.installcell chapters solutions           # write the cells
    python -m booktools.installcell chapters solutions --check   # exit 1 if out of date

``make exercises`` runs the first and then makes ``exercises/``, which copies the cell from
``solutions/``.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from robodyn.grading import INSTALL_CELL_ID

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "_config.yml"
TAGS = ["remove-cell"]
GENERATED_BY = "Generated from _config.yml by booktools.installcell: do not edit."

#: Where robodyn is missing, first the wheel that came with a downloaded chapter
#: (booktools.bundle: ``robodyn-*.whl`` at the bundle's top, which is the folder above a
#: one-notebook chapter's and two above a lesson's, ``chapters/NN_name/``; or in the
#: notebook's own folder): the newest wheel of the nearest folder that has one.
_BUNDLED = """\
if importlib.util.find_spec("robodyn") is None:
    # A downloaded chapter's wheel: in this folder or one or two above it
    # (a lesson sits in chapters/NN_name/).
    here = Path.cwd()
    found = [sorted(folder.glob("robodyn-*.whl"))
             for folder in (here, here.parent, here.parent.parent)]
    wheels = [in_folder[-1] for in_folder in found if in_folder]
    if wheels:
        wheel = str(wheels[0])
        %pip install --quiet "{{wheel}}"
        importlib.invalidate_caches()
"""

_WITH_URL = '''\
# Set-up. Where robodyn, the package of this book, is missing, install it:
# from the wheel that comes with a chapter downloaded from the book's pages,
# else from the book's repository (Colab, a JupyterHub). Where it is
# installed (`make lab`, Binder) this cell installs nothing.
# {generated}
import importlib.util
from pathlib import Path

# Figures at twice their pixels: sharp on fine screens.
%config InlineBackend.figure_formats = ["retina"]

{bundled}
REPOSITORY = {url}
BRANCH = {branch}
if importlib.util.find_spec("robodyn") is None:
    requirement = f"robodyn @ git+{{REPOSITORY}}@{{BRANCH}}{subdirectory}"
    %pip install --quiet "{{requirement}}"
    importlib.invalidate_caches()
try:  # on Colab, ipywidgets sliders need its custom widget manager
    from google.colab import output
except ImportError:
    pass
else:
    output.enable_custom_widget_manager()
'''

_PLACEHOLDER = '''\
# Set-up. This notebook needs robodyn, the package of this book. Where it
# is installed (`make lab`, a downloaded chapter's requirements) this cell
# installs nothing; where it is missing, it installs the wheel that comes
# with a chapter downloaded from the book's pages, or says how to get it.
# {generated}
import importlib.util
from pathlib import Path

# Figures at twice their pixels: sharp on fine screens.
%config InlineBackend.figure_formats = ["retina"]

{bundled}
if importlib.util.find_spec("robodyn") is None:
    raise ModuleNotFoundError(
{message}
    )
'''
_PLACEHOLDER_MESSAGE = (
    "This notebook needs robodyn, the package of the course book '{title}'. Download "
    "the chapter from the book's pages (the download menu at the top of a chapter: "
    "notebooks with robodyn, .zip) and follow its README.txt, or get a copy of the "
    "book's repository and type `make lab` in its folder."
)


@dataclass(frozen=True)
class Repository:
    """The ``repository`` settings of ``_config.yml``; an empty ``url`` is the placeholder."""

    url: str = ""
    branch: str = "main"
    path_to_book: str = ""
    title: str = "Robot dynamics, hands-on"

    @property
    def is_placeholder(self) -> bool:
        return not self.url

    @property
    def requirement(self) -> str:
        """What ``pip install`` gets: the package from the repository's branch."""
        requirement = f"robodyn @ git+{self.url.rstrip('/')}@{self.branch}"
        subdirectory = self.path_to_book.strip("/")
        return f"{requirement}#subdirectory={subdirectory}" if subdirectory else requirement


def read_repository(config: str | Path = CONFIG) -> Repository:
    """The repository settings of a Jupyter Book ``_config.yml``."""
    settings = yaml.safe_load(Path(config).read_text(encoding="utf-8")) or {}
    repository = settings.get("repository") or {}
    return Repository(
        url=(repository.get("url") or "").strip(),
        branch=(repository.get("branch") or "main").strip(),
        path_to_book=(repository.get("path_to_book") or "").strip(),
        title=settings.get("title") or Repository.title,
    )


def install_cell_source(repository: Repository) -> str:
    """The text of the install cell for these settings."""
    if repository.is_placeholder:
        message = _PLACEHOLDER_MESSAGE.format(title=repository.title)
        pieces = textwrap.wrap(message, width=76 - 8 - 3, break_long_words=False)
        literals = [json.dumps(piece + " ") for piece in pieces[:-1]] + [json.dumps(pieces[-1])]
        return _PLACEHOLDER.format(
            generated=GENERATED_BY, bundled=_BUNDLED.format(),
            message="\n".join(" " * 8 + item for item in literals),
        )
    subdirectory = repository.path_to_book.strip("/")
    return _WITH_URL.format(
        generated=GENERATED_BY, bundled=_BUNDLED.format(),
        url=_string_literal(repository.url.rstrip("/"), indent=len("REPOSITORY = ")),
        branch=json.dumps(repository.branch),
        subdirectory=f"#subdirectory={subdirectory}" if subdirectory else "",
    )


def _string_literal(text: str, indent: int, width: int = 76) -> str:
    """``text`` as a Python string literal; if too long, split after slashes over lines."""
    if indent + len(json.dumps(text)) <= width:
        return json.dumps(text)
    pieces = text.split("/")
    parts = [piece + "/" for piece in pieces[:-1]] + [pieces[-1]]
    lines, current = [], ""
    for part in parts:
        if current and indent + 1 + len(json.dumps(current + part)) > width:
            lines.append(current)
            current = ""
        current += part
    lines.append(current)
    return "(" + ("\n" + " " * (indent + 1)).join(map(json.dumps, lines)) + ")"


def install_cell(repository: Repository) -> dict:
    """The install cell as a notebook cell (nbformat 4.5, stored without output)."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": INSTALL_CELL_ID,
        "metadata": {"tags": list(TAGS)},
        "outputs": [],
        "source": install_cell_source(repository).splitlines(keepends=True),
    }


def with_install_cell(notebook: dict, repository: Repository) -> dict:
    """A copy of ``notebook`` whose first cell is the current install cell (and only it)."""
    notebook = copy.deepcopy(notebook)
    others = [cell for cell in notebook["cells"] if cell.get("id") != INSTALL_CELL_ID]
    notebook["cells"] = [install_cell(repository), *others]
    return notebook


def _render(notebook: dict) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def _notebooks(folders: Iterable[str | Path]) -> list[Path]:
    """The notebooks in ``folders`` and their subfolders (a chapter's lessons, in
    ``chapters/NN_name/``), without Jupyter's checkpoints; a notebook given itself too."""
    found = []
    for folder in map(Path, folders):
        if folder.suffix == ".ipynb":
            found.append(folder)
            continue
        found += sorted(path for path in folder.rglob("*.ipynb")
                        if ".ipynb_checkpoints" not in path.parts)
    return found


def update(folders: Iterable[str | Path], config: str | Path = CONFIG) -> list[Path]:
    """Give every notebook in ``folders`` the current install cell; return those changed."""
    repository = read_repository(config)
    changed = []
    for path in _notebooks(folders):
        text = path.read_text(encoding="utf-8")
        wanted = _render(with_install_cell(json.loads(text), repository))
        if wanted != text:
            path.write_text(wanted, encoding="utf-8")
            changed.append(path)
    return changed


def out_of_date(folders: Iterable[str | Path], config: str | Path = CONFIG) -> list[str]:
    """One line for every notebook whose first cell is not the current install cell."""
    repository = read_repository(config)
    wanted = install_cell(repository)
    problems = []
    for path in _notebooks(folders):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first = cells[0] if cells else {}
        if first.get("id") != INSTALL_CELL_ID:
            problems.append(f"{path}: the first cell is not the install cell")
        elif {key: first.get(key) for key in wanted} != wanted:
            problems.append(f"{path}: the install cell does not match {Path(config).name}")
        if sum(cell.get("id") == INSTALL_CELL_ID for cell in cells) > 1:
            problems.append(f"{path}: more than one install cell")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of notebooks, e.g. chapters")
    parser.add_argument("--config", default=str(CONFIG), help="the book's _config.yml")
    parser.add_argument("--check", action="store_true", help="only report, exit 1 if stale")
    args = parser.parse_args(argv)
    if args.check:
        problems = out_of_date(args.folders, args.config)
        for problem in problems:
            print(problem)
        if problems:
            print("Run `make exercises` to write them (and the exercises).")
        return 1 if problems else 0
    for path in update(args.folders, args.config):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
