"""The grading kernel's sandbox: bubblewrap (``bwrap``), with limits set inside it.

A hand-in's kernel runs as ``bwrap ... -- prlimit ... -- python -m ipykernel_launcher``
(:func:`kernel_command`), in namespaces of its own:

- user, PID, IPC, UTS, cgroup and network namespaces (``--unshare-all``): it sees its own
  processes only, has no network but a loopback device, and cannot make namespaces of its own
  (``--disable-userns``); it is killed with the grader (``--die-with-parent``) and has no
  terminal to write into (``--new-session``);
- a file system of read-only views only: the system's libraries (``/usr`` and the like), the
  Python interpreter and the virtual environment, and a copy of the book's package without its
  checks and tools (:func:`copy_library`); the job's file (the cases to call the answers on) and
  the connection file, read-only; a private ``/tmp``, ``/dev/shm`` and home, in memory and of
  a fixed size; and one writable folder, where the kernel makes its sockets (the grader
  connects to them). The sandbox's root and ``/dev`` are read-only. Nothing else: not the
  repository, not ``solutions/``, not the other hand-ins, not the grader's files. The
  environment is cleared and set anew, bwrap's own too, and its options are not on its
  command line (:func:`launch_command`); every capability is dropped (``--cap-drop ALL``),
  and a seccomp filter refuses ptrace and the system's administration
  (:func:`seccomp_filter`).
- limits (``prlimit``, set inside the sandbox): the address space (MemoryError beyond it), CPU
  seconds, the size of any file it writes, and the number of processes; and, where the
  machine lets the grader make control groups (:class:`KernelGroups`), the processes, the
  memory of all of them together (its in-memory folders included) and its share of the CPU
  (one hand-in's, however many processes it starts). The grading record says which held.

When the kernel ends, or is killed, so is every process of its PID namespace: a daemon started
with ``setsid`` or a double fork cannot outlive it.

Where ``bwrap`` is missing or cannot make namespaces (macOS, Windows, a container without user
namespaces), :func:`problem` says why; the grader then refuses to grade unless told
``--no-sandbox`` (:mod:`classgrade.confine`), and every report says so.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import robodyn

__all__ = ["HOME", "JOB_FILE", "LIBRARY", "KernelGroups", "copy_library", "kernel_command",
           "launch_command", "problem", "seccomp_filter"]

#: Where the package copy is seen inside the sandbox (on ``PYTHONPATH``).
LIBRARY = "/opt/book"
#: The kernel's home and working folder inside the sandbox (in memory).
HOME = "/home/student"
#: The job's file inside the sandbox (read-only).
JOB_FILE = "/grading/job.pickle"
#: Sizes of the in-memory folders, in bytes.
TMP_BYTES = 512 * 2**20
HOME_BYTES = 64 * 2**20
SHM_BYTES = 64 * 2**20
#: All the in-memory folders together: their pages count in the memory cgroup.
TMPFS_BYTES = TMP_BYTES + HOME_BYTES + SHM_BYTES
#: Largest file the kernel may write, in bytes.
MAX_FILE = 64 * 2**20
#: What of the book's package the sandbox does not get: the exercises' references and typical
#: mistakes (``robodyn/checks``, the one folder that holds them: ARCHITECTURE.md) and compiled
#: files. The book's tools are not part of the package.
LEFT_OUT = ("checks", "__pycache__", "*.pyc", "*.nbi", "*.nbc")
#: The modules of this package the kernel runs: what calls the answers, and the plain-data
#: writer. The rest (the judging, the gradebook) stays outside.
KERNEL_MODULES = ("__init__.py", "harness.py", "plaindata.py")
#: bwrap's options for the namespaces: all of them (user, PID, IPC, UTS, cgroup, network), the
#: user namespace required, and none to be made inside.
NAMESPACES = ("--unshare-all", "--unshare-user", "--disable-userns")
#: Folders of the system that hold programs and libraries (bound read-only where they exist;
#: on a merged-/usr system they are symbolic links, made again inside).
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: Files of /etc that programs read to start (the dynamic linker's cache, the time zone).
ETC = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
       "/etc/nsswitch.conf")


def copy_library(destination) -> Path:
    """Copy the book's package (without :data:`LEFT_OUT`) and the kernel's modules of this
    package into ``destination``; returns it. One copy serves a whole class (read-only)."""
    destination = Path(destination)
    book = Path(robodyn.__file__).resolve().parent
    shutil.copytree(book, destination / "robodyn", ignore=shutil.ignore_patterns(*LEFT_OUT))
    ours = destination / "classgrade"
    ours.mkdir(parents=True)
    for name in KERNEL_MODULES:
        shutil.copy2(Path(__file__).resolve().parent / name, ours / name)
    return destination


@functools.lru_cache(maxsize=1)
def problem() -> str:
    """Why this machine cannot run the sandbox ("" if it can): bwrap missing, or unable to
    make the namespaces."""
    if not sys.platform.startswith("linux"):
        return f"the sandbox needs Linux (bubblewrap); this is {sys.platform}"
    if shutil.which("bwrap") is None:
        return ("bubblewrap (bwrap) is not installed; on Debian or Ubuntu: "
                "sudo apt-get install bubblewrap")
    try:
        run = subprocess.run([shutil.which("bwrap"), *NAMESPACES, "--die-with-parent",
                              *_system_binds(), "--proc", "/proc", "--dev", "/dev", "--",
                              "true"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as error:
        return f"bubblewrap did not run: {error}"
    if run.returncode != 0:
        return ("bubblewrap cannot make the sandbox's namespaces here "
                f"({run.stderr.strip()[:200] or 'exit ' + str(run.returncode)}); "
                "user namespaces may be disabled (sysctl kernel.unprivileged_userns_clone, "
                "or a container's seccomp profile)")
    return ""


def _system_binds() -> list[str]:
    """bwrap options that show the system's programs and libraries read-only."""
    options = []
    for folder in SYSTEM:
        if os.path.islink(folder):
            options += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            options += ["--ro-bind", folder, folder]
    for path in ETC:
        if os.path.exists(path):
            options += ["--ro-bind", path, path]
    return options


def _python_binds() -> list[str]:
    """bwrap options that show the interpreter and the virtual environment read-only, at the
    paths they have outside (the interpreter's own paths are compiled into it)."""
    folders = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(),
               Path(sys.executable).resolve().parent.parent}
    options = []
    for folder in sorted(folders):
        if not any(folder != other and other in folder.parents for other in folders) and \
                not str(folder).startswith(SYSTEM):
            options += ["--ro-bind", str(folder), str(folder)]
    return options


@dataclass(frozen=True)
class KernelLimits:
    """The limits set inside the sandbox: memory (address space), CPU seconds, processes."""

    memory_bytes: int
    cpu_seconds: int
    processes: int


def kernel_command(library: Path, job_file: Path, connection_file: Path, sockets: Path,
                   limits: KernelLimits, environment: dict[str, str]) -> list[str]:
    """The command that starts the grading kernel in its sandbox (a kernel spec's argv).

    ``sockets`` is the one writable folder, seen at the same path inside (the connection file
    names the sockets' paths); ``connection_file`` is bound read-only at its own path.
    """
    home_environment = {"HOME": HOME, "PATH": "/usr/bin:/bin", "PYTHONPATH": LIBRARY,
                        "TMPDIR": "/tmp", "MPLCONFIGDIR": "/tmp/matplotlib",
                        "IPYTHONDIR": "/tmp/ipython", "JUPYTER_RUNTIME_DIR": "/tmp/jupyter",
                        "NUMBA_CACHE_DIR": "/tmp/numba", "LANG": "C.UTF-8",
                        **environment}
    command = [shutil.which("bwrap") or "bwrap", *NAMESPACES, "--hostname", "grading",
               "--die-with-parent", "--new-session", "--clearenv", "--cap-drop", "ALL",
               # the in-memory folders first: a bind below /tmp (the job's) goes on top
               "--proc", "/proc", "--dev", "/dev",
               "--size", str(SHM_BYTES), "--tmpfs", "/dev/shm",
               "--size", str(TMP_BYTES), "--tmpfs", "/tmp",
               "--size", str(HOME_BYTES), "--tmpfs", HOME,
               *_system_binds(), *_python_binds(),
               "--ro-bind", str(library), LIBRARY,
               "--ro-bind", str(job_file), JOB_FILE,
               "--ro-bind", str(connection_file), str(connection_file),
               "--bind", str(sockets), str(sockets),
               # the sandbox's root and /dev (in memory, of no fixed size) read-only, last
               "--remount-ro", "/dev", "--remount-ro", "/",
               "--chdir", HOME]
    for name, value in sorted(home_environment.items()):
        command += ["--setenv", name, value]
    command += ["--", shutil.which("prlimit") or "/usr/bin/prlimit",
                f"--as={limits.memory_bytes}", f"--cpu={limits.cpu_seconds}",
                f"--fsize={MAX_FILE}", f"--nproc={limits.processes}", "--core=0", "--",
                sys.executable, "-m", "ipykernel_launcher", "-f", str(connection_file)]
    return command


#: System calls the sandbox refuses (EPERM) through its seccomp filter: tracing another
#: process or reading its memory, and the administration of the system (modules, mounts,
#: keys, BPF programs, namespaces), which no answer needs.
REFUSED_CALLS = ("ptrace", "process_vm_readv", "process_vm_writev", "kexec_load",
                 "kexec_file_load", "bpf", "perf_event_open", "userfaultfd", "keyctl",
                 "add_key", "request_key", "mount", "umount2", "pivot_root", "swapon",
                 "swapoff", "reboot", "init_module", "finit_module", "delete_module", "setns",
                 "unshare")


def seccomp_filter(path: Path) -> Path | None:
    """Write the sandbox's seccomp filter to ``path``, compiled (BPF) by libseccomp through
    its Python interface ``pyseccomp``: :data:`REFUSED_CALLS` answered with EPERM, every other
    call allowed. None where libseccomp is missing (then the sandbox has no filter, and the
    grading record says so)."""
    try:
        import pyseccomp
        rules = pyseccomp.SyscallFilter(defaction=pyseccomp.ALLOW)
        for name in REFUSED_CALLS:
            rules.add_rule(pyseccomp.ERRNO(errno.EPERM), name)
        with open(path, "wb") as out:
            rules.export_bpf(out)
    except (ImportError, OSError, AttributeError, RuntimeError, ValueError):
        return None
    return path


def launch_command(command: list[str], options_file: Path,
                   seccomp_file: Path | None = None) -> list[str]:
    """``command`` (:func:`kernel_command`) as the grader starts it: bwrap with an empty
    environment (``env -i``) and its options read from ``options_file`` (``--args``; written
    here, NUL-separated), where the sandbox cannot see them. Inside the sandbox bwrap's own
    process is PID 1, readable by the kernel: its environment (``/proc/1/environ``) would be
    the grader's whole environment (``--clearenv`` clears the kernel's alone), and its command
    line (``/proc/1/cmdline``) every host path bound. Now both show nothing of the host's but
    the command bwrap runs. ``seccomp_file`` (:func:`seccomp_filter`) is read by bwrap from
    descriptor 4."""
    bwrap_path, *rest = command
    options, program = rest[:rest.index("--")], rest[rest.index("--"):]
    if seccomp_file is not None:   # bwrap reads the compiled filter from descriptor 4
        options += ["--seccomp", "4"]
    options_file.write_bytes(b"".join(option.encode() + b"\0" for option in options))
    env = shlex.quote(shutil.which("env") or "/usr/bin/env")
    script = (f'bwrap=$0 options=$1 filter=$2; shift 2; '
              f'exec {env} -i "$bwrap" --args 3 "$@" 3<"$options" 4<"$filter"')
    return ["/bin/sh", "-c", script, bwrap_path, str(options_file),
            str(seccomp_file or "/dev/null"), *program]


class KernelGroups:
    """Control groups of its own for one kernel (cgroup v1), where the machine lets the
    grader make them (a container run as root, CI); each that cannot be made is left out:

    - ``pids``: at most ``processes`` processes and threads (else ``RLIMIT_NPROC``, set
      inside the sandbox, which Linux does not apply to root);
    - ``memory``: the memory of all its processes together, the pages of its in-memory
      folders included, at most ``memory`` bytes (the address-space limit is per process: 64
      processes could each take it); past it the kernel is killed;
    - ``cpu``: a group of the default weight, so that a hand-in gets the share of the CPU of
      one group whatever the number of its processes, as every other hand-in graded at once.

    :attr:`prefix` goes before the kernel's command: a shell that moves itself into the
    groups, then becomes the command. :meth:`kill` kills whatever is left in them;
    :meth:`close` removes them; :attr:`description` says what held.
    """

    ROOT = Path("/sys/fs/cgroup")

    def __init__(self, processes: int, memory: int):
        self.processes = processes
        self.memory = memory
        self._failures = 0
        self.folders: dict[str, Path] = {}
        name = f"classgrade-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        settings = {"pids": {"pids.max": processes},
                    "memory": {"memory.limit_in_bytes": memory},
                    "cpu": {}}
        for controller, values in settings.items():
            root = self.ROOT / controller
            if not (os.access(root, os.W_OK) and (root / "cgroup.procs").exists()):
                continue
            folder = root / name
            try:
                folder.mkdir()
                for setting, value in values.items():
                    (folder / setting).write_text(str(value))
            except OSError:
                with contextlib.suppress(OSError):
                    folder.rmdir()
                continue
            self.folders[controller] = folder
        joins = " && ".join(f'echo $$ > "${index}"' for index in range(len(self.folders)))
        self.prefix = ["/bin/sh", "-c", f'{joins} && shift {len(self.folders) - 1} && exec "$@"',
                       *(str(folder / "cgroup.procs") for folder in self.folders.values())
                       ] if self.folders else []

    @property
    def description(self) -> str:
        parts = []
        if "pids" in self.folders:
            parts.append(f"at most {self.processes} processes (a pids cgroup)")
        elif os.geteuid() == 0:
            parts.append("processes not limited: running as root, where RLIMIT_NPROC does "
                         "not apply, and no pids cgroup could be made")
        else:
            parts.append(f"at most {self.processes} processes of this user (RLIMIT_NPROC)")
        if "memory" in self.folders:
            parts.append(f"all its processes at most {self.memory / 2**20:.0f} MB together "
                         "(a memory cgroup)")
        if "cpu" in self.folders:
            parts.append("one hand-in's share of the CPU (a cpu cgroup)")
        return "; ".join(parts)

    def out_of_memory(self) -> bool:
        """Whether the memory group reached its limit since the last time this was asked (a
        kernel of the group was then killed; the next kernel of the hand-in is in it too)."""
        folder = self.folders.get("memory")
        if folder is None:
            return False
        try:
            failures = int((folder / "memory.failcnt").read_text())
        except (OSError, ValueError):
            return False
        reached, self._failures = failures > self._failures, failures
        return reached

    def kill(self) -> None:
        for folder in self.folders.values():
            for _ in range(10):
                try:
                    pids = [int(p) for p in (folder / "cgroup.procs").read_text().split()]
                except (OSError, ValueError):
                    break
                if not pids:
                    break
                for pid in pids:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        self.kill()
        for folder in self.folders.values():
            for _ in range(50):
                try:
                    folder.rmdir()
                    break
                except OSError:
                    time.sleep(0.02)
        self.folders = {}
