"""The package as built (`pip install .`, not only `-e .`) holds every subpackage and works."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from booktools import bundle

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "robodyn"


#: The one folder of the package the wheel leaves out: the exercises' references and typical
#: mistakes (a download's notebooks check with the answer key, robodyn/grading/keys).
LEFT_OUT = PACKAGE / "checks"


def _shipped(path: Path) -> bool:
    return LEFT_OUT not in path.parents and path.parent != LEFT_OUT


def subpackages() -> list[str]:
    """Dotted names of robodyn and every folder below it that holds Python files, but the
    checks."""
    names = []
    for init in sorted(PACKAGE.rglob("__init__.py")):
        if _shipped(init):
            names.append(".".join(init.parent.relative_to(ROOT).parts))
    return names


def modules() -> list[str]:
    """Dotted names of every module of the source tree, but the checks'."""
    return sorted(
        ".".join(path.with_suffix("").relative_to(ROOT).parts)
        for path in PACKAGE.rglob("*.py") if path.name != "__init__.py" and _shipped(path)
    )


def test_every_folder_with_modules_is_a_package():
    """A folder of modules without __init__.py would be missing from the built wheel."""
    for folder in {path.parent for path in PACKAGE.rglob("*.py")}:
        assert (folder / "__init__.py").exists(), folder


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from the source tree, without network (the build backend is installed),
    as the book's downloads are built."""
    return bundle.build_wheel(tmp_path_factory.mktemp("wheel"), ROOT)


@pytest.mark.notebooks
def test_the_wheel_contains_every_module_and_the_licence(wheel):
    """Every module of the source tree is in the wheel, and so is the licence file; the
    checks are not, the answer keys are."""
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in modules() + [f"{p}.__init__" for p in subpackages()]:
        assert module.replace(".", "/") + ".py" in names, module
    assert not [name for name in names if name.startswith("robodyn/checks/")]
    assert "robodyn/grading/keys/arm.json" in names
    assert any(name.endswith("licenses/LICENSE") for name in names), sorted(names)[:5]


@pytest.mark.notebooks
def test_every_subpackage_imports_from_the_installed_wheel(wheel, tmp_path):
    """Installed into a bare folder, outside the source tree, every module imports from there."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet",
                    "--target", str(target), str(wheel)], check=True, timeout=300)
    code = (
        f"import importlib, sys\nsys.path.insert(0, {str(target)!r})\n"
        f"for name in {modules() + subpackages()!r}:\n"
        "    module = importlib.import_module(name)\n"
        f"    assert module.__file__.startswith({str(target)!r}), module.__file__\n"
        "from robodyn import grading\n"
        "print(len(grading.keyed_ids()))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env={**os.environ, "MPLBACKEND": "Agg"}, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert int(run.stdout.strip()) >= 5


def _imported_top_level_names() -> set[str]:
    """The top-level names of every module the package's source imports (absolute imports)."""
    import ast

    names = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def test_every_package_the_source_imports_is_declared():
    """Each third-party import of robodyn is a dependency in pyproject.toml (MuJoCo an extra;
    google.colab exists only on Colab, where the install cell asks for it)."""
    import importlib.metadata
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"] + sum(project["optional-dependencies"].values(), [])

    def canonical(name):
        return re.sub(r"[-_.]+", "-", name).lower()

    declared = {canonical(re.split(r"[<>=!~ \[]", spec)[0]) for spec in declared}
    distributions = importlib.metadata.packages_distributions()
    third_party = _imported_top_level_names() - set(sys.stdlib_module_names) - {
        "robodyn", "google"}
    missing = {name: distributions.get(name) for name in third_party
               if not {canonical(d) for d in distributions.get(name, [name])} & declared}
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"
