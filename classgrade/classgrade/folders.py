"""Folders a hand-in may have written into, removed however deep it made them.

A hand-in's kernel can fill its sandbox's folders with anything, a chain of thousands of
nested folders too. ``shutil.rmtree`` of Python 3.11 recurses once a level (a chain of 1,500
raised ``RecursionError`` in the grader and stopped the whole class), and such a chain's
paths outgrow the system's limit (``PATH_MAX``, 4,096 bytes). GNU ``rm -r`` walks a tree of
any depth (it opens each folder relative to its parent), so the grader removes with it.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["remove_tree", "temporary_folder"]

#: ``rm``, the tool that removes; None where there is none (then shutil.rmtree does).
RM = shutil.which("rm")
#: Seconds ``rm`` may take (a million files take a few).
RM_SECONDS = 120


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


@contextlib.contextmanager
def temporary_folder(prefix: str, folder: str | Path | None = None) -> Iterator[Path]:
    """A new empty folder (``tempfile.mkdtemp(prefix=prefix, dir=folder)``), removed with
    everything in it (:func:`remove_tree`) when the block ends, however it ends."""
    made = Path(tempfile.mkdtemp(prefix=prefix, dir=folder))
    try:
        yield made
    finally:
        remove_tree(made)
