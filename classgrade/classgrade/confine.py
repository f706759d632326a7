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

What it does not confine: the file system. A hand-in can read and write whatever the user
who runs the grader can; run the grader as a user of its own, or in a container, for a class
you do not trust (the instructor pages say so).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import shutil
import signal
import sys

__all__ = ["can_unshare", "main"]

#: Largest file a grading kernel may write, in bytes.
MAX_FILE = 100 * 2**20


def can_unshare() -> bool:
    """True if this machine lets an ordinary user make a user and network namespace."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return False
    import subprocess

    try:
        return subprocess.run([unshare, "-rn", "true"], capture_output=True,
                              timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _die_with_parent() -> None:
    """Linux: send this process SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the grader kills the kernel itself
        pass


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
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run after --")
    _die_with_parent()
    _limit(resource.RLIMIT_AS, args.memory)
    _limit(resource.RLIMIT_CPU, args.cpu)
    _limit(resource.RLIMIT_FSIZE, MAX_FILE)
    if args.unshare:
        command = [shutil.which("unshare") or "unshare", "-rn", *command]
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
