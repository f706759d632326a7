"""Build the book the one way `make book`, the tests and the benchmarks all use.

Jupyter Book caches executed notebooks by their content only. A change in ``robodyn`` changes
what a notebook prints without changing the notebook, so a plain rebuild would show stale
figures. :func:`build_book` therefore clears the execution cache whenever any file of the
package, in any subpackage, differs from the last build's (a hash kept in
``_build/.robodyn-source-hash``). Sphinx, too, re-reads only the pages that changed: a change
of the book's own Sphinx extension (``book/_ext``) would reach only some pages, so
:func:`build_book` then makes Sphinx read every page again (:func:`clear_stale_doctrees`).

Command line::

    python -m booktools.bookbuild                # student edition -> _build/html
    python -m booktools.bookbuild --instructor   # adds the solutions

Executing the notebooks is most of a build. Jupyter Book runs them one after another;
:func:`execute_notebooks` first runs those the cache lacks side by side, one per core (the
longest first), and stores each in the same cache, exactly as the build would: the build then
finds them there. A notebook that fails here is left out of the cache, and the build runs it
again and reports its error as it always does.

The instructor edition needs ``_toc_instructor.yml`` and ``solutions/``, which only the
instructors' repository has: in the student release (``classgrade.release``) the command
says so and exits with status 2 instead of starting a build.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import yaml

from robodyn.core.sweeps import quick

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
    ``_build/quick-instructor``: ``make book`` never shows its figures.
    """
    root = Path(root)
    if quick():
        return root / "_build" / ("quick-instructor" if instructor else "quick")
    return root / "_build" / "instructor" if instructor else root


def clear_stale_cache(build_root: Path, source_hash: str) -> bool:
    """Remove the execution cache under ``build_root`` if the package changed; True if removed."""
    stamp = build_root / "_build" / ".robodyn-source-hash"
    if stamp.exists() and stamp.read_text() == source_hash:
        return False
    shutil.rmtree(build_root / "_build" / ".jupyter_cache", ignore_errors=True)
    shutil.rmtree(build_root / "_build" / "jupyter_execute", ignore_errors=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(source_hash)
    return True


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


def toc_files(toc: Path) -> list[str]:
    """Every file a Jupyter Book table of contents lists, its root first, in order."""
    def listed(entries) -> list[str]:
        files = []
        for entry in entries or []:
            if "file" in entry:
                files.append(entry["file"])
            files += listed(entry.get("chapters")) + listed(entry.get("sections"))
        return files

    contents = yaml.safe_load(Path(toc).read_text(encoding="utf-8"))
    return [contents["root"]] + listed(contents.get("parts")) + listed(contents.get("chapters"))


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
    None). ``benchmarks/chapter_times.py`` times the chapters with it.

    A kernel that dies before it answers is started again, up to :data:`KERNEL_START_TRIES`
    times; any other failure comes back as the error text (the build then runs the notebook
    itself and reports it)."""
    import nbformat
    from jupyter_cache.executors.utils import single_nb_execution

    for attempt in range(1, KERNEL_START_TRIES + 1):
        notebook = nbformat.read(path, as_version=4)
        try:
            result = single_nb_execution(notebook, cwd=str(Path(path).parent),
                                         timeout=timeout, allow_errors=False,
                                         meta_override=True)
        except RuntimeError as error:
            if "Kernel died before replying" in str(error) and attempt < KERNEL_START_TRIES:
                continue
            return notebook, 0.0, f"{type(error).__name__}: {error}"
        return notebook, result.time, None if result.err is None else result.exc_string


def execute_notebooks(paths: list[Path], cache_dir: Path, *, jobs: int | None = None,
                      timeout: int = 300, log=print) -> dict[str, str]:
    """Execute the notebooks the cache at ``cache_dir`` lacks, ``jobs`` at a time (default:
    one per core), and store each that ran without error; return {name: what happened}."""
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
    outcome = {path.name: "cached before" for path in paths if path not in missing}
    if not missing:
        return outcome
    log(f"executing {len(missing)} notebooks, {min(jobs, len(missing))} at a time: "
        + ", ".join(path.name for path in missing))
    with ProcessPoolExecutor(min(jobs, len(missing))) as pool:
        futures = {path: pool.submit(execute_notebook, str(path), timeout) for path in missing}
        for path, future in futures.items():
            notebook, seconds, error = future.result()
            if error is not None:
                outcome[path.name] = "failed (the build runs it again and reports the error)"
                continue
            record = cache.add_nb_to_project(str(path))
            cache.cache_notebook_bundle(
                CacheBundleIn(notebook, record.uri, data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True)
            outcome[path.name] = f"executed in {seconds:.1f} s"
            log(f"  {path.name}: {outcome[path.name]}")
    return outcome


def build_book(
    root: Path = ROOT,
    instructor: bool = False,
    capture: bool = False,
    config: Path | None = None,
    build_root: Path | None = None,
    jobs: int | None = None,
):
    """Clear a stale execution cache, execute the missing notebooks side by side
    (:func:`execute_notebooks`, ``jobs`` at a time), then run :func:`build_command`; return
    the build's process."""
    root = Path(root)
    build_root = Path(build_root) if build_root else output_dir(root, instructor)
    clear_stale_cache(build_root, package_source_hash(root / "robodyn"))
    if (root / "book" / "_ext").is_dir():
        clear_stale_doctrees(build_root, package_source_hash(root / "book" / "_ext"))
    toc = root / ("_toc_instructor.yml" if instructor else "_toc.yml")
    settings = Path(config) if config else root / "_config.yml"
    if toc.is_file() and settings.is_file() and _execution_mode(settings) == "cache":
        execute_notebooks(notebooks_to_execute(root, toc, settings),
                          build_root / "_build" / ".jupyter_cache", jobs=jobs,
                          log=(lambda text: None) if capture else print)
    command = build_command(root, instructor, config, build_root)
    return subprocess.run(command, cwd=root, capture_output=capture, text=True)


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
