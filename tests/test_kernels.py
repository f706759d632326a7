"""A kernel forked from the preloading server (booktools.kernels) is the kernel a notebook
would get from ``python -m ipykernel_launcher``, with the book's modules already imported."""

import os
import sys
import time

import nbformat
from nbclient import NotebookClient

from booktools.kernels import PreloadedKernelManager

PROBE = """\
import json, os, sys
loaded = "robodyn.vacuum" in sys.modules
import numpy as np
import matplotlib.pyplot as plt
plt.plot([0, 1], [1, 0])
print(json.dumps({"loaded": loaded, "cwd": os.getcwd(), "variable": os.environ.get("PROBE"),
                  "own_group": os.getpgid(0) == os.getpid(), "pid": os.getpid(),
                  "random": float(np.random.random()), "executable": sys.executable,
                  "parent": os.getppid()}))
"""


def _run(tmp_path, source: str, **options) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    client = NotebookClient(notebook, kernel_name="python3",
                            kernel_manager_class=PreloadedKernelManager,
                            resources={"metadata": {"path": str(tmp_path)}}, **options)
    client.execute()
    return notebook


def _probe(tmp_path) -> dict:
    import json

    outputs = _run(tmp_path, PROBE).cells[0].outputs
    text = "".join(out.get("text", "") for out in outputs if out.output_type == "stream")
    assert any("image/png" in out.get("data", {}) for out in outputs), outputs   # inline
    return json.loads(text)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_kernel_starts_with_the_modules_loaded_in_the_notebooks_folder(tmp_path,
                                                                       monkeypatch):
    """The notebook finds robodyn's chapters imported; it runs in its folder, with this
    process's environment and interpreter, in a process group of its own; Matplotlib draws
    inline; two kernels draw different random numbers; each kernel is gone after its
    notebook (nothing left running)."""
    monkeypatch.setenv("PROBE", "seen")
    first, second = _probe(tmp_path), _probe(tmp_path)
    assert first["loaded"] and first["cwd"] == str(tmp_path) and first["variable"] == "seen"
    assert first["own_group"] and first["executable"] == sys.executable
    assert first["random"] != second["random"]
    assert first["parent"] != os.getpid()    # forked by the server, not started from here
    assert not _alive(first["pid"]) and not _alive(second["pid"])


def test_the_kernel_is_interrupted_and_shut_down_as_any_kernel(tmp_path):
    """Jupyter's interrupt (SIGINT to the kernel's process group) stops a running cell with
    KeyboardInterrupt, the kernel goes on, and a shutdown ends its process."""
    manager = PreloadedKernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(tmp_path))
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        client.execute("import time\ntime.sleep(30)")
        time.sleep(1.0)
        manager.interrupt_kernel()
        reply = client.get_shell_msg(timeout=20)
        assert reply["content"]["status"] == "error", reply["content"]
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        reply = client.execute_interactive("print(6 * 7)", timeout=20)
        assert reply["content"]["status"] == "ok"
        pid = manager.provisioner.pid
    finally:
        client.stop_channels()
        manager.shutdown_kernel()
    assert not manager.is_alive()
    assert not _alive(pid)
