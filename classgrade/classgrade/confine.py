"""Start a grading kernel inside limits: memory, CPU time, file size, no network.

The grading run's kernel spec (:mod:`classgrade.sandbox`) starts the kernel through this
module::

    python -m classgrade.confine --memory BYTES --cpu SECONDS [--unshare] -- CMD...

It sets the limits on its own process, asks Linux to kill it when its parent (the grader)
dies, and replaces itself by ``CMD`` (the kernel), so the limits and the death signal hold for
the kernel and whatever it starts. With ``--unshare`` the kernel runs in a user and network
namespace of its own (``unshare -rn``): it has a loopback device and nothing else, so no
network at all, while it still talks to the grader through Unix sockets in the job's folder.

- memory: the address space (``RLIMIT_AS``); beyond it an allocation fails, and Python raises
  MemoryError, which the grader reports as "memory limit";
- CPU time (``RLIMIT_CPU``): a backstop to the grader's wall-clock limits, for a loop the
  kernel cannot be interrupted from;
- file size (``RLIMIT_FSIZE``): no file written larger than 100 MB.

What it does not confine by itself: the file system. A hand-in can read and write whatever
its user can. So when the grader runs as root without the sandbox (a Gradescope container
that refuses namespaces, a Docker image), it starts the kernel as an unprivileged user
(``--user nobody``): the kernel then cannot signal, trace or read the memory and environment
of the grader's processes, cannot write a root-owned file (Gradescope's results among them),
and reads only what that user may read (Gradescope's ``setup.sh`` closes the bundle and the
package's checks to it). Before it gives up root, this module hands the kernel its own
folders (``--own``: the socket folder and the working folder, chowned to the user), lets it
read its connection and job files (``--read``: the user's group may read them, no more),
makes the network namespace itself (root needs no user namespace for that), then drops every
group, the group and the user for good, sets ``no_new_privs`` (no set-user-ID program can
give root back), caps the user's processes (``RLIMIT_NPROC``), and starts the kernel with
only the environment it is given (``--env``), ``PATH``, ``LANG`` and ``HOME`` (the working
folder): nothing of the grader's.

Without ``--user``, run the grader as a user of its own, or in a container, for a class you do
not trust (the instructor pages say so).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import pwd
import resource
import shutil
import signal
import stat
import sys

__all__ = ["KERNEL_USER", "as_root_note", "can_unshare", "main", "user_ids"]

#: Largest file a grading kernel may write, in bytes.
MAX_FILE = 100 * 2**20
#: Without the sandbox, a grader that runs as root starts the kernel as this user (``--user``).
KERNEL_USER = "nobody"
#: With ``--user``: most processes (and threads) the user may have at once, all its kernels
#: together (a class is graded a few hand-ins at a time).
MAX_USER_PROCESSES = 256
#: prctl's options (linux/prctl.h) and unshare's flag for a network namespace (linux/sched.h).
PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, CLONE_NEWNET = 1, 38, 0x40000000


def can_unshare(as_root: bool = False) -> bool:
    """True if the kernel can have a network namespace of its own: made with a user
    namespace by an ordinary user (``unshare -rn``), or, ``as_root``, by root directly
    (``unshare -n``, what ``--user`` does before it gives up root)."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return False
    import subprocess

    try:
        return subprocess.run([unshare, "-n" if as_root else "-rn", "true"],
                              capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def as_root_note() -> str:
    """What the console's no-sandbox warnings add when the grader runs as root ("" else)."""
    if os.geteuid() != 0:
        return ""
    return (f" Run as root, the grader starts each kernel as the unprivileged user "
            f"{KERNEL_USER} instead, where that user can reach the Python and the packages: "
            "then the code cannot change your files or reach the grader, but reads what "
            f"{KERNEL_USER} may read. The records say which user ran it, and why if root.")


def user_ids(name: str) -> tuple[int, int]:
    """(user id, group id) of the user ``name``; a ValueError that says so if this machine
    has no such user, or if it is root."""
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise ValueError(f"this machine has no user {name!r} to run the kernel as") from None
    if entry.pw_uid == 0 or entry.pw_gid == 0:
        raise ValueError(f"the user {name!r} is root (user or group id 0): the kernel must "
                         "run as an unprivileged user")
    return entry.pw_uid, entry.pw_gid


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def _prctl(option: int, value: int) -> None:
    if _libc().prctl(option, value, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), f"prctl({option}, {value}) failed")


def _die_with_parent() -> None:
    """Linux: send this process SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG)."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: the grader kills it
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _own_network() -> None:
    """As root: a network namespace of this process's own (no user namespace needed)."""
    if _libc().unshare(CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNET) failed")


def _become(user: str, own: list[str], readable: list[str], environment: dict) -> None:
    """As root: hand ``own`` (folders) to ``user`` and let its group read ``readable``
    (files); then become ``user`` for good, without the power to become root again."""
    uid, gid = user_ids(user)
    for path in own:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            raise ValueError(f"--own {path}: not a folder")
        os.chown(path, uid, gid, follow_symlinks=False)
        os.chmod(path, 0o700)
    for path in readable:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise ValueError(f"--read {path}: not a file")
        os.chown(path, -1, gid, follow_symlinks=False)
        os.chmod(path, 0o640)
    _limit(resource.RLIMIT_NPROC, MAX_USER_PROCESSES)
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    _prctl(PR_SET_NO_NEW_PRIVS, 1)
    if os.getresuid() != (uid, uid, uid) or os.getresgid() != (gid, gid, gid) or \
            os.getgroups() not in ([], [gid]):
        raise OSError(f"could not become {user!r}")
    try:
        os.setuid(0)
    except PermissionError:
        pass
    else:
        raise OSError(f"{user!r} could become root again")
    kept = {name: os.environ[name] for name in ("PATH", "LANG") if name in os.environ}
    os.environ.clear()
    os.environ.update({**kept, "HOME": os.getcwd(), **environment})


def _limit(kind: int, value: int) -> None:
    soft, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, hard if hard != resource.RLIM_INFINITY else value))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m classgrade.confine")
    parser.add_argument("--memory", type=int, required=True, help="address space, bytes")
    parser.add_argument("--cpu", type=int, required=True, help="CPU time, seconds")
    parser.add_argument("--unshare", action="store_true", help="no network (unshare -rn)")
    parser.add_argument("--user", help="as root: run the command as this unprivileged user")
    parser.add_argument("--own", action="append", default=[], metavar="FOLDER",
                        help="with --user: a folder handed to the user")
    parser.add_argument("--read", action="append", default=[], metavar="FILE",
                        help="with --user: a file the user's group may read")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="with --user: the command's environment (with PATH, LANG, HOME)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run after --")
    if (args.own or args.read or args.env) and not args.user:
        parser.error("--own, --read and --env go with --user")
    if args.user and os.geteuid() != 0:
        parser.error("--user needs root (the grader runs as root)")
    environment = dict(pair.split("=", 1) for pair in args.env if "=" in pair)
    _limit(resource.RLIMIT_AS, args.memory)
    _limit(resource.RLIMIT_CPU, args.cpu)
    _limit(resource.RLIMIT_FSIZE, MAX_FILE)
    if args.user:
        if args.unshare:
            _own_network()
        _become(args.user, args.own, args.read, environment)
    elif args.unshare:
        command = [shutil.which("unshare") or "unshare", "-rn", *command]
    _die_with_parent()   # after the user changed: a change of user clears it
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
