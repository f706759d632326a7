"""The package's layers (ARCHITECTURE.md, "The layers of robodyn"): imports go one way, no
circle, no private name taken across modules, no subject built on a later chapter, small
modules.

The parts, from the bottom: the core; the shared laws; the sources' robots; the subjects in
the order of the chapters (:data:`robodyn.SUBJECTS`); then the machinery and per-chapter
content: plotting, figures, grading, checks. Each test below names the import that breaks its
rule, with its file and line, and each rule is shown to fail on a module written to break it.
"""

import ast
from pathlib import Path

import pytest

from robodyn import SUBJECTS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "robodyn"
#: The packages whose imports of the book are held to the private-name rule too.
NEIGHBOURS = (ROOT / "classgrade" / "classgrade", ROOT / "booktools" / "booktools")
#: Longest module outside ``checks/`` (whose modules hold a chapter's exercises each), lines.
MAX_LINES = 800

BASE = {"core", "laws", "sources"}
#: What each part may import (besides itself).
ALLOWED = {
    "core": {"core"},
    "laws": {"core", "laws"},
    "sources": {"core", "laws", "sources"},
    "plotting": {"core", "plotting"},
    "figures": BASE | set(SUBJECTS) | {"plotting", "figures"},
    "grading": {"core", "grading"},
    "checks": BASE | set(SUBJECTS) | {"grading", "checks"},
    **{subject: BASE | set(SUBJECTS[:k + 1]) for k, subject in enumerate(SUBJECTS)},
}


def _module(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(dotted: str) -> str:
    """Which part of the package a module ``robodyn.<...>`` belongs to: ``robodyn`` itself
    (its docstring, version and :data:`SUBJECTS`) is core."""
    names = dotted.split(".")
    return names[1] if len(names) > 1 else "core"


def _imports(tree):
    """(line, imported module, imported names) of every absolute import of a robodyn module;
    ``from robodyn.x import y`` gives ``robodyn.x.y`` when that is a module of the package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "robodyn":
                    yield node.lineno, alias.name, ()
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level and \
                node.module.split(".")[0] == "robodyn":
            names = tuple(alias.name for alias in node.names)
            submodules = [name for name in names if _is_module(f"{node.module}.{name}")]
            for name in submodules:
                yield node.lineno, f"{node.module}.{name}", ()
            rest = tuple(name for name in names if name not in submodules)
            if rest or not submodules:
                yield node.lineno, node.module, rest


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


MODULES = sorted(PACKAGE.rglob("*.py"))
TREES = {_module(path): ast.parse(path.read_text(encoding="utf-8")) for path in MODULES}


def _graph(trees) -> dict[str, set[str]]:
    return {module: {name for _, name, _ in _imports(tree)} for module, tree in trees.items()}


def _upward(module: str, tree) -> list[str]:
    part = _part(module)
    return [f"line {line}: import of {name} ({_part(name)})"
            for line, name, _ in _imports(tree) if _part(name) not in ALLOWED[part]]


@pytest.mark.parametrize("module", sorted(TREES))
def test_imports_go_one_way(module):
    """A module imports only the parts below its own: a subject never a later chapter's."""
    assert not _upward(module, TREES[module]), (
        f"{module} ({_part(module)}) imports upwards:\n" + "\n".join(_upward(module,
                                                                        TREES[module])))


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle of ``graph``, each once (by depth-first search)."""
    found, state = [], {}

    def visit(node, path):
        state[node] = "open"
        for following in sorted(graph.get(node, ())):
            if state.get(following) == "open":
                found.append(path[path.index(following):] + [following])
            elif following not in state:
                visit(following, path + [following])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_no_import_circle():
    """No module imports, through others, itself: a package's modules import each other by
    their own paths, never through the package's face."""
    circles = _circles(_graph(TREES))
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def _private_imports(tree, own: str) -> list[str]:
    """Private names of another module that ``tree`` takes: by ``from m import _x`` or as
    ``m._x`` of a module it imported."""
    found, modules = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level and \
                node.module.split(".")[0] == "robodyn" and node.module != own:
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"line {node.lineno}: {node.module}.{alias.name}")
                elif _is_module(f"{node.module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "robodyn" and alias.asname:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in modules and node.attr.startswith("_") and \
                not node.attr.startswith("__"):
            found.append(f"line {node.lineno}: {modules[node.value.id]}.{node.attr}")
    return found


NEIGHBOUR_FILES = sorted(path for folder in NEIGHBOURS for path in folder.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES + NEIGHBOUR_FILES,
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_private_name_crosses_modules(path):
    """No module of the package, the class grader or the book's tools takes another module's
    private name: what modules share is public, and the package's face says what a chapter
    uses."""
    own = _module(path) if PACKAGE in path.parents else ""
    taken = _private_imports(ast.parse(path.read_text(encoding="utf-8")), own)
    assert not taken, f"{path.relative_to(ROOT)} takes private names:\n" + "\n".join(taken)


@pytest.mark.parametrize("path", [p for p in MODULES if "checks" not in p.parts],
                         ids=lambda p: _module(p))
def test_modules_stay_small(path):
    """A module holds one idea: at most MAX_LINES lines (a chapter's checks excepted)."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, (f"{_module(path)} has {lines} lines (at most {MAX_LINES}): "
                                "split it along its sections")


def test_every_subject_is_a_package_of_the_chapters_list():
    """Each subject of SUBJECTS is a package of robodyn, and every package of robodyn is a
    subject or one of the other parts: a new one is added to SUBJECTS (make new-chapter does)."""
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert set(SUBJECTS) <= packages
    assert packages <= set(ALLOWED), f"parts not in the layers: {packages - set(ALLOWED)}"
    assert not [path.name for path in PACKAGE.glob("*.py") if path.name != "__init__.py"], \
        "modules at the package's top level belong in a part"


# --------------------------------------------------------------------------- the rules can fail


def _tree(source: str):
    return ast.parse(source)


def test_the_rule_sees_an_upward_and_a_later_chapter_import():
    """The one-way rule fails on a core module importing the grading package (both
    spellings) and on chapter 2's subject importing chapter 4's; numpy is no part of it."""
    core = _tree("import numpy.linalg\nfrom robodyn.grading import check\n"
                 "from robodyn import figures\n")
    assert [m.split(": ")[1] for m in _upward("robodyn.core.fake", core)] == [
        "import of robodyn.grading (grading)", "import of robodyn.figures (figures)"]
    later = _tree("from robodyn.diffdrive.params import DiffDriveParams\n"
                  "from robodyn.arm import lagrange\n")
    assert len(_upward("robodyn.friction.fake", later)) == 1


def test_the_circle_search_finds_a_circle():
    """Three modules importing each other in a ring are one circle; a chain is none."""
    ring = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(ring) == [["a", "b", "c", "a"]]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_private_rule_sees_both_spellings():
    """``from m import _x`` and ``m._x`` of an imported module are found; dunders and a
    module's own names are not."""
    tree = _tree("from robodyn.contact.ball_drop import _sample\n"
                 "from robodyn.vacuum import planar\n"
                 "import robodyn.diffdrive.kinematics as kin\n"
                 "x = planar._rot(0.0) + kin._helper + planar.__name__\n")
    assert sorted(f.split(": ")[1] for f in _private_imports(tree, "")) == [
        "robodyn.contact.ball_drop._sample", "robodyn.diffdrive.kinematics._helper",
        "robodyn.vacuum.planar._rot"]
    assert _private_imports(_tree("from robodyn.x import _y\n"), "robodyn.x") == []
