"""Folders a hand-in may have written into, removed however deep it made them.

A hand-in's kernel can fill its sandbox's folders with anything, a chain of thousands of
nested folders too. ``shutil.rmtree`` of Python 3.11 recurses once a level (a chain of 1,500
raised ``RecursionError`` in the grader and stopped the whole class), and such a chain's
paths outgrow the system's limit (``PATH_MAX``, 4,096 bytes). GNU ``rm -r`` walks a tree of
any depth (it opens each folder relative to its parent), so the grader removes with it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["PASSABLE", "remove_stale", "remove_tree", "temporary_folder"]

#: ``rm``, the tool that removes; None where there is none (then shutil.rmtree does).
RM = shutil.which("rm")
#: Seconds ``rm`` may take (a million files take a few).
RM_SECONDS = 120
#: A folder of :func:`temporary_folder` whose process is gone is removed once untouched for
#: this long (a day: a grading that is still running, in another PID namespace that shares
#: the temporary folder, is kept).
STALE_SECONDS = 24 * 3600
#: The mode of a folder that holds a job's folder: other users may pass through it, not list
#: it (a kernel run as another user, :mod:`classgrade.confine`, reaches its own files below).
PASSABLE = 0o711


def remove_tree(path: str | Path) -> None:
    """Remove the folder ``path`` and everything in it, however deep, never following a
    symbolic link out of it; a file is removed too. What cannot be removed (no right to it,
    or ``rm`` past :data:`RM_SECONDS`) stays, and nothing is raised: removing is the grader's
    tidying, never a reason to stop grading."""
    path = Path(path)
    if not (path.exists() or path.is_symlink()):
        return
    if RM is not None:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run([RM, "-rf", "--", str(path)], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=RM_SECONDS, check=False)
    if path.exists() or path.is_symlink():
        with contextlib.suppress(OSError, RecursionError):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:   # another user's process: alive
        return True
    return True


def remove_stale(prefix: str, folder: str | Path | None = None) -> list[Path]:
    """Remove the folders that :func:`temporary_folder` made with ``prefix`` in ``folder``
    and could not remove, because its process was killed (a hand-in run without the sandbox
    can kill the grader): this user's, whose process is gone, untouched for
    :data:`STALE_SECONDS`. Returns what was removed."""
    parent = Path(folder or tempfile.gettempdir())
    pattern = re.compile(re.escape(prefix) + r"(\d+)-")
    removed = []
    with contextlib.suppress(OSError), os.scandir(parent) as scan:
        for entry in scan:
            found = pattern.match(entry.name)
            if not found or not entry.is_dir(follow_symlinks=False):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if info.st_uid == os.getuid() and \
                        time.time() - info.st_mtime > STALE_SECONDS and \
                        not _alive(int(found.group(1))):
                    remove_tree(entry.path)
                    removed.append(Path(entry.path))
    return removed


@contextlib.contextmanager
def temporary_folder(prefix: str, folder: str | Path | None = None,
                     mode: int = 0o700) -> Iterator[Path]:
    """A new empty folder in ``folder`` (the system's temporary folder if None) named
    ``<prefix><process id>-<random>``, with ``mode``, removed with everything in it
    (:func:`remove_tree`) when the block ends, however it ends; those left by a killed
    process before are removed first (:func:`remove_stale`)."""
    remove_stale(prefix, folder)
    made = Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-", dir=folder))
    os.chmod(made, mode)
    try:
        yield made
    finally:
        remove_tree(made)
