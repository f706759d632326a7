"""Kernels that start with the book's modules already imported, for the book's own notebooks.

Every notebook the book build executes starts a kernel, and the kernel's first cell imports
NumPy, SciPy, Matplotlib, numba and a chapter of ``robodyn``: about 1.3 s of CPU before the
notebook's own work, for each of the 47 pages. :class:`PreloadedKernelManager` starts the
kernel instead as a fork of a server process that imported those modules once (Python's
``multiprocessing`` fork server, :func:`multiprocessing.set_forkserver_preload`); the
notebook's imports then find them loaded. The kernel is otherwise the one ``python -m
ipykernel_launcher`` starts: the same interpreter, connection file, folder, environment and
module search path, a session and process group of its own, NumPy's global random generator
seeded afresh.

Only for notebooks the book trusts (its chapters, exercises and solutions). A student's
hand-in never runs in such a kernel: it would share the server's memory image. The class
grader starts its kernels its own way (``classgrade``).

The server is the process's ``multiprocessing`` fork server, which ``robodyn.core.parallel``
uses too: whichever starts it first sets what it preloads (a process that ran a parallel
sweep first gets kernels that import as usual, only slower). As with any ``multiprocessing``
start method but fork, the main module of the process that starts the kernels is imported
again in each kernel (as ``__mp_main__``): a script that uses this class keeps its work
under ``if __name__ == "__main__":``. Where the kernel's interpreter is not this one, where
the notebook's folder holds a package of a preloaded name (which the kernel would import
instead), where the kernel's ``PYTHONPATH`` is not the server's, or where the server cannot
be reached (a process forked from the one that started it), the kernel is started as usual,
by :class:`jupyter_client.KernelManager`.
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from jupyter_client.manager import KernelManager

#: What the server imports before it forks a kernel: what the book's notebooks import. A
#: module missing here is imported by the notebook as usual.
PRELOAD = ("numpy", "scipy.integrate", "scipy.optimize", "matplotlib.pyplot", "ipywidgets",
           "numba", "IPython", "ipykernel.kernelapp", "robodyn.arm", "robodyn.friction",
           "robodyn.contact", "robodyn.diffdrive", "robodyn.stickslip", "robodyn.egg",
           "robodyn.vacuum", "robodyn.figures", "booktools.kernels")
#: Matplotlib reads its backend from the environment when it is imported; a kernel sets this
#: one before the notebook's first line (ipykernel's ``init_gui_pylab``).
INLINE_BACKEND = "module://matplotlib_inline.backend_inline"

_context = None
_owner = None
_server_path = None      # PYTHONPATH when the server started
_kernel_path: list[str] = []   # sys.path of a new interpreter then, less its first entry
_lock = threading.Lock()


def _shadowed(cwd: str) -> bool:
    """Whether ``cwd`` holds a folder or file of a preloaded package's name, which a kernel
    started there would import instead (it looks in its folder first)."""
    roots = {name.split(".")[0] for name in PRELOAD}
    return any((Path(cwd) / name).exists() or (Path(cwd) / f"{name}.py").exists()
               for name in roots)


def _fork_server():
    """The ``forkserver`` context, its server started on first use to preload
    :data:`PRELOAD`, with Matplotlib's backend set as a kernel sets it; None in a process
    forked from the one that started it (the server is not its child: it cannot use it)."""
    global _context, _owner, _server_path, _kernel_path
    with _lock:
        if _owner is not None and _owner != os.getpid():
            return None
        if _context is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(PRELOAD))
            before = os.environ.get("MPLBACKEND")
            os.environ["MPLBACKEND"] = INLINE_BACKEND
            try:
                multiprocessing.forkserver.ensure_running()
            finally:
                if before is None:
                    os.environ.pop("MPLBACKEND")
                else:
                    os.environ["MPLBACKEND"] = before
            _context, _owner = context, os.getpid()
            _server_path = os.environ.get("PYTHONPATH")
            # This process's own sys.path may hold more (its script's folder, pytest's test
            # folders): the kernels get what `python -m ipykernel_launcher` would have.
            _kernel_path = json.loads(subprocess.run(
                [sys.executable, "-c", "import json, sys; print(json.dumps(sys.path[1:]))"],
                capture_output=True, text=True, check=True, timeout=60).stdout)
        return _context


def _run_kernel(argv: list[str], cwd: str, env: dict[str, str], path: list[str]) -> None:
    """In the forked process: become the kernel ``python -m ipykernel_launcher *argv``, with
    the module search ``path`` (without the folder: the kernel's shell adds it)."""
    os.setsid()
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.path[:] = path
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    # The kernel's parent is the server: it watches that one (ipykernel's parent poller; the
    # default, read from JPY_PARENT_PID when ipykernel was imported, is the server's parent).
    sys.argv = ["ipykernel_launcher", *argv, f"--IPKernelApp.parent_handle={os.getppid()}"]
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


class _ForkedKernel:
    """The kernel's process as :class:`subprocess.Popen` offers it to jupyter_client."""

    stdin = stdout = stderr = None

    def __init__(self, process: multiprocessing.Process):
        self.process = process
        self.pid = process.pid

    def poll(self) -> int | None:
        return None if self.process.is_alive() else self.process.exitcode

    def wait(self, timeout: float | None = None) -> int | None:
        self.process.join(timeout)
        return self.process.exitcode

    def send_signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class PreloadedKernelManager(KernelManager):
    """A kernel manager whose kernels are forked from the preloading server (see the module)."""

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw) -> None:
        launcher = "ipykernel_launcher"
        env = dict(kw.get("env") or os.environ)
        cwd = str(kw.get("cwd") or os.getcwd())
        usable = (launcher in kernel_cmd and not _shadowed(cwd)
                  and Path(kernel_cmd[0]).resolve() == Path(sys.executable).resolve())
        context = _fork_server() if usable else None
        if context is None or env.get("PYTHONPATH") != _server_path:
            await super()._async_launch_kernel(kernel_cmd, **kw)
            return
        argv = kernel_cmd[kernel_cmd.index(launcher) + 1:]
        process = context.Process(target=_run_kernel, args=(argv, cwd, env, _kernel_path))
        process.start()
        provisioner = self.provisioner
        provisioner.process = _ForkedKernel(process)
        provisioner.pid = provisioner.pgid = process.pid
        provisioner.cwd = cwd
        self._reconcile_connection_info(provisioner.connection_info)
