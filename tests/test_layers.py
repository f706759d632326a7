"""The package's imports go one way only (DESIGN.md): core <- subjects <- figures, checks <-
grading <- tools. A module that imports upwards (the grading sandbox from a command-line tool,
say) is refused here with the line that does it."""

import ast
from pathlib import Path

import pytest

from robodyn.tools import CORE_MODULES

PACKAGE = Path(__file__).resolve().parents[1] / "robodyn"

#: The subpackages, each with the parts of the package it must not import.
SUBPACKAGES = ("plotting", "figures", "checks", "grading", "tools")
FORBIDDEN = {
    "core": {"subject", *SUBPACKAGES},
    "subject": set(SUBPACKAGES),
    "plotting": {"subject", "figures", "checks", "grading", "tools"},
    "figures": {"checks", "grading", "tools"},
    "checks": {"figures", "tools"},
    "grading": {"figures", "tools"},
    "tools": set(),
}


def _part(dotted: str) -> str:
    """Which part of the package a module ``robodyn.<...>`` belongs to."""
    names = dotted.split(".")[1:]
    if not names:
        return "core"  # robodyn/__init__.py: the package docstring and version
    if names[0] in SUBPACKAGES:
        return names[0]
    return "core" if names[0] in CORE_MODULES else "subject"


def _imports(path: Path):
    """(line, imported module) for every import of a robodyn module in ``path``;
    ``from robodyn import x`` counts as importing robodyn.x."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if node.module == "robodyn":
                for alias in node.names:
                    yield node.lineno, f"robodyn.{alias.name}"
            else:
                yield node.lineno, node.module


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module(p))
def test_imports_go_one_way(path):
    part = _part(_module(path))
    upward = [f"line {line}: import of {name} ({_part(name)})"
              for line, name in _imports(path)
              if name.split(".")[0] == "robodyn" and _part(name) in FORBIDDEN[part]]
    assert not upward, f"{_module(path)} ({part}) imports upwards:\n" + "\n".join(upward)


def test_the_rule_sees_an_upward_import(tmp_path):
    """The check can fail: a core module's imports of the grading package and of the figures
    are found, in both spellings; numpy is no part of the package."""
    fake = tmp_path / "fake.py"
    fake.write_text("import numpy.linalg\nfrom robodyn.grading import check\n"
                    "from robodyn import figures\n")
    found = [name for _, name in _imports(fake)
             if name.startswith("robodyn") and _part(name) in FORBIDDEN["core"]]
    assert found == ["robodyn.grading", "robodyn.figures"]
