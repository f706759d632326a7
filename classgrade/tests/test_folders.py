"""The grader's tidying: folders removed however deep a hand-in made them, and the socket
folder's watch, which tells a kernel's sockets from anything else put there."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from classgrade.folders import remove_tree, temporary_folder
from classgrade.sandbox import SOCKET_FOLDER_ENTRIES, _SocketFolderWatch


def _chain(top: Path, depth: int) -> None:
    """A chain of ``depth`` nested folders under ``top``, made as a hand-in would: one
    level at a time, relative to the last (its full path outgrows PATH_MAX)."""
    start = os.getcwd()
    os.chdir(top)
    try:
        for _ in range(depth):
            os.mkdir("d")
            os.chdir("d")
        Path("last.txt").write_text("x")
    finally:
        os.chdir(start)


def test_a_chain_deeper_than_recursion_and_path_limits_is_removed(tmp_path):
    """3,000 levels: more than Python's recursion limit (shutil.rmtree raised
    RecursionError) and 6,000 characters of path (more than PATH_MAX)."""
    top = tmp_path / "job"
    top.mkdir()
    _chain(top, 3000)
    remove_tree(top)
    assert not top.exists()


def test_a_link_out_of_the_folder_is_removed_not_followed(tmp_path):
    outside = tmp_path / "instructor"
    outside.mkdir()
    (outside / "grades.csv").write_text("kept")
    top = tmp_path / "job"
    top.mkdir()
    (top / "link").symlink_to(outside, target_is_directory=True)
    remove_tree(top)
    assert not top.exists()
    assert (outside / "grades.csv").read_text() == "kept"


def test_a_missing_folder_or_a_file_is_no_error(tmp_path):
    remove_tree(tmp_path / "never-made")
    single = tmp_path / "file.txt"
    single.write_text("x")
    remove_tree(single)
    assert not single.exists()


def test_a_temporary_folder_goes_however_it_was_filled_and_the_block_ended(tmp_path):
    with pytest.raises(RuntimeError), temporary_folder("t-", tmp_path) as made:
        _chain(made, 1500)
        raise RuntimeError("the block failed")
    assert not made.exists() and list(tmp_path.iterdir()) == []


@pytest.fixture
def sockets(tmp_path):
    folder = tmp_path / "sockets"
    folder.mkdir()
    made = []
    for k in range(3):   # a kernel's sockets
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(folder / f"kernel-{k}"))
        made.append(server)
    yield folder
    for server in made:
        server.close()


def _check(folder: Path) -> str:
    watch = _SocketFolderWatch(folder, kill=lambda: None)
    try:
        return watch.check()
    finally:
        watch.stop()


def test_the_kernels_sockets_alone_pass_the_watch(sockets):
    assert _check(sockets) == ""


@pytest.mark.parametrize("put", ["empty file", "folder", "link", "fifo"])
def test_anything_but_a_socket_in_the_socket_folder_is_named(sockets, put):
    target = sockets / "intruder"
    if put == "empty file":
        target.write_bytes(b"")
    elif put == "folder":
        target.mkdir()
        _chain(target, 5)
    elif put == "link":
        target.symlink_to("/etc")
    else:
        os.mkfifo(target)
    problem = _check(sockets)
    assert "'intruder' into the grader's socket folder" in problem, problem


def test_too_many_sockets_fill_the_folder(tmp_path):
    folder = tmp_path / "sockets"
    folder.mkdir()
    made = [socket.socket(socket.AF_UNIX) for _ in range(SOCKET_FOLDER_ENTRIES + 1)]
    try:
        for k, server in enumerate(made):
            server.bind(str(folder / f"s{k}"))
        assert "filled the grader's socket folder" in _check(folder)
    finally:
        for server in made:
            server.close()
