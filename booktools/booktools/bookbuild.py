"""Build the book the one way `make book`, the tests and the benchmarks all use.

What is cached. The build executes every notebook of the table of contents (but those the
configuration excludes) and keeps each executed notebook in jupyter-cache's folder,
``_build/.jupyter_cache``. jupyter-cache finds a notebook there by its code cells only; it does
not see the ``robodyn`` modules the notebook imports. So the build keeps, beside the cache, each
notebook's key: a SHA-256 of the files of ``robodyn`` the notebook uses. These are the modules
its code cells import, the modules those import in turn (imports inside functions too), the
``__init__.py`` of every package on the way, and the data files (any file but Python source,
such as ``robodyn/plotting/scene3d_player.js``) in the folders of those modules
(:func:`notebook_files`, :func:`notebook_key`). The keys are in ``_build/.robodyn-source-hash``,
a JSON object from each notebook's path in the book to the key it was executed with.

When a notebook runs again. Before each build, :func:`clear_stale_notebooks` compares every
notebook's key with the recorded one. A notebook runs again when its code cells changed, when a
file of ``robodyn`` that it uses changed (or was added to or removed from what it uses), or when
it has no recorded key (the first build, or a run that failed). Then only that notebook's entries
leave the cache, and Sphinx's saved copy of its page too, so that the page is read and written
anew. A change to a module that a notebook does not import leaves that notebook in the cache.
A notebook that imports nothing of ``robodyn`` runs again only when its code cells change.
Files outside ``robodyn`` that a notebook reads are not part of its key.

Sphinx, too, re-reads only the pages that changed: a change of the book's own Sphinx extension
(``book/_ext``) would reach only some pages, so :func:`build_book` then makes Sphinx read every
page again (:func:`clear_stale_doctrees`).

Command line::

    python -m booktools.bookbuild                # student edition -> _build/html
    python -m booktools.bookbuild --instructor   # adds the solutions

Executing the notebooks is most of a build. Jupyter Book runs them one after another;
:func:`execute_notebooks` first runs those the cache lacks side by side, one per core (the
longest first), and stores each in the same cache, exactly as the build would: the build then
finds them there. A notebook that fails here is left out of the cache, and the build runs it
again and reports its error as it always does. Each notebook that is in the cache after the
build gets the key computed before the build: a file changed while the build ran makes the
notebook run again next time.

The instructor edition needs ``_toc_instructor.yml`` and ``solutions/``, which only the
instructors' repository has: in the student release (``classgrade.release``) the command
says so and exits with status 2 instead of starting a build.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import functools
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import yaml

from booktools.chapters import chapter_of, toc_files
from robodyn.core.sweeps import QUICK_VARIABLE, quick

ROOT = Path(__file__).resolve().parents[2]
#: Warnings are errors (-W), broken references are warnings (-n), and all are reported.
BUILD_FLAGS = ["-W", "-n", "--keep-going"]


def package_files(package_dir: Path) -> list[Path]:
    """Every file of the package and its subpackages, without Python's byte-code caches."""
    return sorted(
        path for path in package_dir.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


def package_source_hash(package_dir: Path = ROOT / "robodyn") -> str:
    """SHA-256 over the relative paths, sizes and contents of every file of the package."""
    digest = hashlib.sha256()
    for path in package_files(package_dir):
        content = path.read_bytes()
        digest.update(f"{path.relative_to(package_dir).as_posix()}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def output_dir(root: Path = ROOT, instructor: bool = False) -> Path:
    """Folder that holds ``_build/html`` (and the execution cache) of an edition.

    Under the test switch (:func:`robodyn.core.sweeps.quick`) the chapters' sweeps are smaller, so
    such a build has a folder (and a cache) of its own, ``_build/quick`` or
    ``_build/quick-instructor``: ``make book`` never shows its figures. But where ``make
    book``'s own build is current (:func:`build_is_current`: every notebook executed with
    the sources as they are now), a build under the test switch is that build: it would
    execute nothing, so the tests read the very pages a reader gets instead of executing
    every notebook a second time (a fresh clone's ``make book`` then ``make test``).
    """
    root = Path(root)
    full = root / "_build" / "instructor" if instructor else root
    if quick() and not build_is_current(root, instructor):
        return root / "_build" / ("quick-instructor" if instructor else "quick")
    return full


def build_is_current(root: Path = ROOT, instructor: bool = False) -> bool:
    """Whether the ordinary (not quick) build of an edition succeeded last time it ran
    (:data:`SUCCEEDED_FILE`) and has every notebook of its table of contents in its execution
    cache with the key the notebook has now (:func:`notebook_key`): a build there would
    execute nothing."""
    root = Path(root)
    build_root = root / "_build" / "instructor" if instructor else root
    toc = root / ("_toc_instructor.yml" if instructor else "_toc.yml")
    config = root / "_config.yml"
    if not ((build_root / SUCCEEDED_FILE).is_file() and toc.is_file() and config.is_file()):
        return False
    return _keys_all_recorded(root, build_root, toc, config, _sources_stamp(root))


def _sources_stamp(root: Path) -> tuple:
    """What :func:`_keys_all_recorded`'s answer depends on, cheaply: the modification times
    of the record, the tables of contents, the configuration and every notebook and file of
    the package (a file changed during a test run makes the answer be computed again)."""
    paths = [root / KEYS_FILE, root / "_build" / "instructor" / KEYS_FILE, root / "_toc.yml",
             root / SUCCEEDED_FILE, root / "_build" / "instructor" / SUCCEEDED_FILE,
             root / "_toc_instructor.yml", root / "_config.yml", *sorted(root.glob("*/*.ipynb")),
             *sorted(root.glob("*/*/*.ipynb")), *package_files(root / "robodyn")]
    return tuple(path.stat().st_mtime_ns if path.exists() else None for path in paths)


@functools.lru_cache(maxsize=8)
def _keys_all_recorded(root: Path, build_root: Path, toc: Path, config: Path,
                       stamp: tuple) -> bool:
    recorded = recorded_keys(build_root)
    notebooks = notebooks_to_execute(root, toc, config)
    return bool(notebooks) and all(
        recorded.get(notebook.relative_to(root).as_posix())
        == notebook_key(notebook, root / "robodyn") for notebook in notebooks)


#: A string in a module or a cell that names a module of the package, such as
#: ``"robodyn.checks"`` (``robodyn.grading`` imports the check modules by such a name).
_MODULE_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")
#: A line of IPython that is not Python: a magic (``%pip ...``) or a shell command (``!ls``).
_IPYTHON_LINE = re.compile(r"^([ \t]*)[%!].*$", re.MULTILINE)


def _module_file(package_dir: Path, name: str) -> Path | None:
    """The source file of the module ``name`` (dotted) of the package, or None."""
    parts = name.split(".")
    if parts[0] != package_dir.name:
        return None
    base = package_dir.joinpath(*parts[1:])
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if len(parts) > 1 and base.with_name(base.name + ".py").is_file():
        return base.with_name(base.name + ".py")
    return None


def _used_files(tree: ast.AST, package_dir: Path, module: str | None = None) -> set[Path]:
    """The package's module files that the code ``tree`` imports: each imported module, the
    ``__init__.py`` of the packages above it, a submodule named in ``from x import name``, and
    every module of a package that a string names (it is imported by name, at run time).
    ``module`` is the dotted name of the code's own module (for relative imports)."""
    names, packages_by_name = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                if module is None:
                    continue
                is_package = _module_file(package_dir, module).name == "__init__.py"
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[:len(parts) - node.level + 1]
                if not parts:
                    continue
                base = ".".join(parts + ([node.module] if node.module else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and _MODULE_NAME.fullmatch(node.value)):
            names.add(node.value)
            packages_by_name.add(node.value)
    files = set()
    for name in names:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):  # the packages above it, then the module
            found = _module_file(package_dir, ".".join(parts[:end]))
            if found is None:
                break  # an attribute, not a module
            files.add(found)
    for name in packages_by_name:
        found = _module_file(package_dir, name)
        if found is not None and found.name == "__init__.py":
            files.update(path for path in package_files(found.parent) if path.suffix == ".py")
    return files


@functools.lru_cache(maxsize=1024)
def _module_uses(path: Path, package_dir: Path, source: bytes) -> frozenset[Path]:
    """:func:`_used_files` of the module at ``path`` with this source (each module is parsed
    once, though the chapters share most of them)."""
    relative = path.relative_to(package_dir.parent).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    tree = ast.parse(source, filename=str(path))
    return frozenset(_used_files(tree, package_dir, ".".join(parts)))


def _cell_tree(source: str) -> ast.Module | None:
    """A code cell's syntax tree, its IPython lines (magics, shell commands) read as ``pass``;
    None if it still is not Python (a ``%%bash`` cell, ``name?``, ...)."""
    try:
        return ast.parse(_IPYTHON_LINE.sub(r"\1pass", source))
    except SyntaxError:
        return None


def _data_files(folder: Path) -> set[Path]:
    """The files of ``folder`` but Python source and byte code, with those of its subfolders
    that are not packages (nor ``__pycache__``)."""
    found = set()
    for path in folder.iterdir():
        if path.is_file() and path.suffix not in (".py", ".pyc"):
            found.add(path)
        elif (path.is_dir() and path.name != "__pycache__"
              and not (path / "__init__.py").is_file()):
            found |= _data_files(path)
    return found


def notebook_files(notebook: Path, package_dir: Path = ROOT / "robodyn") -> list[Path]:
    """The files of the package that ``notebook`` uses, sorted: the modules its code cells
    import, the modules those import (inside functions too), and so on, with the
    ``__init__.py`` of each package on the way; and the other files but byte code (data,
    scripts such as ``plotting/scene3d_player.js``) in the folders of these modules.

    IPython's lines (``%magic ...``, ``!command``) are left out of a cell. If a cell is still
    not Python and names the package, or if its IPython lines name it (``%time import
    robodyn.x``), the notebook uses every file of the package."""
    import nbformat

    package_dir = Path(package_dir)
    cells = [cell.source for cell in nbformat.read(notebook, as_version=4).cells
             if cell.cell_type == "code"]
    found = set()
    for source in cells:
        tree = _cell_tree(source)
        unread = source if tree is None else "\n".join(
            line[0] for line in _IPYTHON_LINE.finditer(source))
        if package_dir.name in unread:
            return package_files(package_dir)
        if tree is not None:
            found |= _used_files(tree, package_dir)
    todo = sorted(found)
    while todo:
        path = todo.pop()
        for used in _module_uses(path, package_dir, path.read_bytes()) - found:
            found.add(used)
            todo.append(used)
    for folder in {path.parent for path in found}:
        found |= _data_files(folder)
    return sorted(found)


def notebook_key(notebook: Path, package_dir: Path = ROOT / "robodyn") -> str:
    """SHA-256 over the paths (from the package's parent folder), sizes and contents of the
    files :func:`notebook_files` finds for ``notebook``: the same for a notebook that uses
    nothing of the package. The notebook itself is not part of it (jupyter-cache keys on its
    code cells)."""
    package_dir = Path(package_dir)
    digest = hashlib.sha256()
    for path in notebook_files(notebook, package_dir):
        content = path.read_bytes()
        digest.update(f"{path.relative_to(package_dir.parent).as_posix()}\0{len(content)}\0"
                      .encode())
        digest.update(content)
    return digest.hexdigest()


#: Under a build root: the key each notebook in the execution cache was executed with.
KEYS_FILE = Path("_build") / ".robodyn-source-hash"

#: Written by :func:`build_book` when the build succeeded, removed when one starts: Sphinx
#: reads again only the pages that changed, so a build after a failed one may not repeat the
#: failed one's warnings, and only a build that succeeded is reused by the tests
#: (:func:`build_is_current`).
SUCCEEDED_FILE = Path("_build") / ".robodyn-build-succeeded"


def recorded_keys(build_root: Path) -> dict[str, str]:
    """{notebook's path in the book: key} of the build under ``build_root``; empty if there
    is no record or it is not one (the whole-package hash that builds kept before)."""
    try:
        keys = json.loads((Path(build_root) / KEYS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return keys if isinstance(keys, dict) else {}


def _write_keys(build_root: Path, keys: dict[str, str]) -> None:
    path = Path(build_root) / KEYS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(dict(sorted(keys.items())), indent=1) + "\n", encoding="utf-8")


def clear_stale_notebooks(root: Path, build_root: Path, keys: dict[Path, str]) -> list[Path]:
    """Before a build: remove each notebook of ``keys`` ({notebook: current key}) whose
    recorded key differs, or that the cache lacks, from the execution cache under
    ``build_root`` (its entries, matched by its code and by its path), from Sphinx's saved
    pages and from the record; return those notebooks. The others stay as they are."""
    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.cache.db import NbCacheRecord

    root, build_root = Path(root), Path(build_root)
    recorded = recorded_keys(build_root)
    cache = get_cache(str(build_root / "_build" / ".jupyter_cache"))
    records = cache.list_cache_records()
    stale = []
    for notebook, key in keys.items():
        name = notebook.relative_to(root).as_posix()
        uris = {str(notebook.absolute()), str(notebook.resolve())}
        pks = {record.pk for record in records if record.uri in uris}
        try:
            matched = cache.match_cache_notebook(nbformat.read(notebook, as_version=4)).pk
        except KeyError:
            matched = None
        if recorded.get(name) == key and matched is not None:
            continue
        stale.append(notebook)
        for pk in pks | ({matched} - {None}):
            try:
                cache.remove_cache(pk)
            except KeyError:  # the record without its notebook file
                NbCacheRecord.remove_records([pk], cache.db)
        page = Path(name).with_suffix("").as_posix()  # Sphinx's name of the page
        for saved in (build_root / "_build" / ".doctrees" / f"{page}.doctree",
                      build_root / "_build" / "jupyter_execute" / f"{page}.ipynb"):
            saved.unlink(missing_ok=True)
        recorded.pop(name, None)
    _write_keys(build_root, recorded)
    return stale


def record_cached_notebooks(root: Path, build_root: Path, keys: dict[Path, str]) -> None:
    """Record ``keys`` ({notebook: key computed before it ran}) of the notebooks that have
    none and that the execution cache under ``build_root`` now holds."""
    import nbformat
    from jupyter_cache import get_cache

    root, build_root = Path(root), Path(build_root)
    recorded = recorded_keys(build_root)
    cache = get_cache(str(build_root / "_build" / ".jupyter_cache"))
    for notebook, key in keys.items():
        name = notebook.relative_to(root).as_posix()
        if name in recorded:
            continue
        try:
            cache.match_cache_notebook(nbformat.read(notebook, as_version=4))
        except KeyError:
            continue
        recorded[name] = key
    _write_keys(build_root, recorded)


def clear_stale_doctrees(build_root: Path, extension_hash: str) -> bool:
    """Remove Sphinx's saved pages (``_build/.doctrees``) under ``build_root`` if the book's
    extension changed since the last build, so that every page is read and written anew;
    True if removed."""
    stamp = build_root / "_build" / ".robodyn-extension-hash"
    if stamp.exists() and stamp.read_text() == extension_hash:
        return False
    shutil.rmtree(build_root / "_build" / ".doctrees", ignore_errors=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(extension_hash)
    return True


def build_command(
    root: Path = ROOT,
    instructor: bool = False,
    config: Path | None = None,
    build_root: Path | None = None,
) -> list[str]:
    """The ``jupyter-book build`` command line of an edition.

    The student edition uses ``_toc.yml`` and builds into ``root/_build``; the instructor
    edition uses ``_toc_instructor.yml`` and builds into ``_build/instructor``. ``config``
    replaces ``_config.yml`` and ``build_root`` the folder that receives ``_build``.
    """
    root = Path(root)
    build_root = Path(build_root) if build_root else output_dir(root, instructor)
    command = [str(Path(sys.executable).parent / "jupyter-book"), "build", str(root), *BUILD_FLAGS]
    if instructor:
        command += ["--toc", str(root / "_toc_instructor.yml")]
    if build_root != root:
        command += ["--path-output", str(build_root)]
    if config is not None:
        command += ["--config", str(config)]
    return command


def instructor_files_missing(root: Path = ROOT) -> list[str]:
    """What the instructor edition needs and ``root`` lacks: ``_toc_instructor.yml`` and a
    ``solutions/`` folder with notebooks (both left out of the student release)."""
    root = Path(root)
    missing = []
    if not (root / "_toc_instructor.yml").is_file():
        missing.append("_toc_instructor.yml")
    if not any((root / "solutions").glob("*.ipynb")):
        missing.append("solutions/")
    return missing


def _execution_mode(config: Path) -> str | None:
    """The configuration's ``execute.execute_notebooks`` ("cache", "off", ...)."""
    settings = yaml.safe_load(Path(config).read_text(encoding="utf-8")) or {}
    return (settings.get("execute") or {}).get("execute_notebooks")


def notebooks_to_execute(root: Path, toc: Path, config: Path) -> list[Path]:
    """The notebooks of a table of contents that the build executes: every ``.ipynb`` it lists
    but those matching the configuration's ``execute.exclude_patterns``."""
    names = toc_files(toc)
    settings = yaml.safe_load(Path(config).read_text(encoding="utf-8"))
    excluded = (settings.get("execute") or {}).get("exclude_patterns") or []
    paths = []
    for name in names:
        path = Path(root) / name
        path = path if path.suffix else path.with_suffix(".ipynb")
        relative = path.relative_to(root).as_posix()
        if path.suffix == ".ipynb" and path.is_file() and not any(
                fnmatch.fnmatch(relative, pattern) for pattern in excluded):
            paths.append(path)
    return paths


#: Starts of a kernel tried per notebook. Kernels started side by side can be handed the same
#: free port (jupyter_client picks it before the kernel binds it); the loser dies at start
#: ("Kernel died before replying to kernel_info", seen once in a CI-like run).
KERNEL_START_TRIES = 3


def execute_notebook(path: str, timeout: int):
    """Run one notebook in its folder, as the build does; (notebook, seconds, error text or
    None). ``benchmarks/chapter_times.py`` times the chapters with it. The kernel starts with
    the book's modules imported (:mod:`booktools.kernels`).

    A kernel that dies before it answers is started again, up to :data:`KERNEL_START_TRIES`
    times; any other failure comes back as the error text (the build then runs the notebook
    itself and reports it)."""
    import nbformat
    from jupyter_cache.executors.utils import single_nb_execution

    from booktools.kernels import PreloadedKernelManager

    for attempt in range(1, KERNEL_START_TRIES + 1):
        notebook = nbformat.read(path, as_version=4)
        try:
            result = single_nb_execution(notebook, cwd=str(Path(path).parent),
                                         timeout=timeout, allow_errors=False,
                                         meta_override=True,
                                         kernel_manager_class=PreloadedKernelManager)
        except RuntimeError as error:
            if "Kernel died before replying" in str(error) and attempt < KERNEL_START_TRIES:
                continue
            return notebook, 0.0, f"{type(error).__name__}: {error}"
        return notebook, result.time, None if result.err is None else result.exc_string


def shown_name(path: Path) -> str:
    """How the build names a notebook: its file name, with its chapter's folder for a page
    of a chapter folder (``04_differential_drive/index.ipynb``: every such folder has one).

    >>> shown_name(Path("chapters/04_x/index.ipynb")), shown_name(Path("chapters/02_x.ipynb"))
    ('04_x/index.ipynb', '02_x.ipynb')
    """
    parts = Path(path).parts
    in_folder = len(parts) >= 3 and chapter_of("/".join(parts[-3:])) is not None
    return "/".join(parts[-2:]) if in_folder else parts[-1]


def execute_notebooks(paths: list[Path], cache_dir: Path, *, jobs: int | None = None,
                      timeout: int = 300, log=print) -> dict[str, str]:
    """Execute the notebooks the cache at ``cache_dir`` lacks, ``jobs`` at a time (default:
    one per core), and store each that ran without error; return {name: what happened},
    each named by :func:`shown_name`."""
    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    cache = get_cache(str(cache_dir))
    missing = []
    for path in paths:
        try:
            cache.match_cache_notebook(nbformat.read(path, as_version=4))
        except KeyError:
            missing.append(path)
    # The longest first: a larger notebook usually runs longer.
    missing.sort(key=lambda path: path.stat().st_size, reverse=True)
    jobs = jobs or os.cpu_count() or 1
    outcome = {shown_name(path): "cached before" for path in paths if path not in missing}
    if not missing:
        return outcome
    log(f"executing {len(missing)} notebooks, {min(jobs, len(missing))} at a time: "
        + ", ".join(map(shown_name, missing)))
    # Spawned, not forked: a forked worker would inherit this process's kernel server
    # (booktools.kernels), which it cannot use, and start its kernels the slow way.
    with ProcessPoolExecutor(min(jobs, len(missing)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {path: pool.submit(execute_notebook, str(path), timeout) for path in missing}
        for path, future in futures.items():
            notebook, seconds, error = future.result()
            name = shown_name(path)
            if error is not None:
                outcome[name] = "failed (the build runs it again and reports the error)"
                continue
            record = cache.add_nb_to_project(str(path))
            cache.cache_notebook_bundle(
                CacheBundleIn(notebook, record.uri, data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True)
            outcome[name] = f"executed in {seconds:.1f} s"
            log(f"  {name}: {outcome[name]}")
    return outcome


def build_book(
    root: Path = ROOT,
    instructor: bool = False,
    capture: bool = False,
    config: Path | None = None,
    build_root: Path | None = None,
    jobs: int | None = None,
):
    """Clear the stale notebooks from the execution cache (:func:`clear_stale_notebooks`),
    execute the missing notebooks side by side (:func:`execute_notebooks`, ``jobs`` at a
    time), run :func:`build_command`, then record the keys of the notebooks now in the cache
    (:func:`record_cached_notebooks`); return the build's process."""
    root = Path(root)
    build_root = Path(build_root) if build_root else output_dir(root, instructor)
    ordinary = root / "_build" / "instructor" if instructor else root
    if quick() and build_root.resolve() == ordinary.resolve() and not build_is_current(
            root, instructor):
        # A notebook executed here would put the test switch's smaller sweeps into make
        # book's cache (the book changed since output_dir chose this folder).
        raise RuntimeError(
            f"a build under the test switch ({QUICK_VARIABLE}=1) into make book's folder "
            f"{build_root} would execute notebooks there; build into output_dir() again")
    if (root / "book" / "_ext").is_dir():
        clear_stale_doctrees(build_root, package_source_hash(root / "book" / "_ext"))
    toc = root / ("_toc_instructor.yml" if instructor else "_toc.yml")
    settings = Path(config) if config else root / "_config.yml"
    keys = {}
    if toc.is_file() and settings.is_file() and _execution_mode(settings) == "cache":
        notebooks = notebooks_to_execute(root, toc, settings)
        keys = {notebook: notebook_key(notebook, root / "robodyn") for notebook in notebooks}
        clear_stale_notebooks(root, build_root, keys)
        execute_notebooks(notebooks, build_root / "_build" / ".jupyter_cache", jobs=jobs,
                          log=(lambda text: None) if capture else print)
        record_cached_notebooks(root, build_root, keys)
    succeeded = build_root / SUCCEEDED_FILE
    succeeded.unlink(missing_ok=True)
    command = build_command(root, instructor, config, build_root)
    run = subprocess.run(command, cwd=root, capture_output=capture, text=True)
    if keys:
        record_cached_notebooks(root, build_root, keys)
    if run.returncode == 0:
        succeeded.parent.mkdir(parents=True, exist_ok=True)
        succeeded.write_text("", encoding="utf-8")
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instructor", action="store_true", help="add the solutions")
    args = parser.parse_args(argv)
    missing = instructor_files_missing(ROOT) if args.instructor else []
    if missing:
        print(f"The instructor edition (the book with the solutions) is built in the "
              f"instructors' repository; {ROOT} has no {' and no '.join(missing)} (the student "
              "release leaves them out). `make book` builds the student edition.",
              file=sys.stderr)
        return 2
    run = build_book(instructor=args.instructor)
    if run.returncode == 0:
        index = output_dir(ROOT, args.instructor) / "_build" / "html" / "index.html"
        edition = "Instructor" if args.instructor else "Student"
        print(f"{edition} edition: {index}")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
