"""A kernel forked from the preloading server (booktools.kernels) is the kernel a notebook
would get from ``python -m ipykernel_launcher``, with the book's modules already imported."""

import json
import os
import subprocess
import sys
import textwrap
import time

from booktools.kernels import PreloadedKernelManager

#: Run in a process of its own, whose fork server is the kernels' (in a test worker another
#: test may have started it for a parallel sweep, with nothing preloaded): the probe's
#: notebook executed in the folder ``sys.argv[1]`` once per run named after it; a "forked"
#: run executes it in a child forked from this process once the server runs (before this
#: process used nbclient, whose event-loop thread a forked child would wait on for good), a
#: "shadowed" run in a folder beside a package ``robodyn`` of its own.
#: Prints one JSON line a run.
SCRIPT = textwrap.dedent('''
    import json, os, sys
    import nbformat
    from nbclient import NotebookClient
    from booktools.kernels import PreloadedKernelManager, _fork_server

    PROBE = """\\
    import json, os, sys
    loaded = "robodyn.vacuum" in sys.modules
    import numpy as np
    import matplotlib.pyplot as plt
    plt.plot([0, 1], [1, 0])
    print(json.dumps({"loaded": loaded, "cwd": os.getcwd(), "variable": os.environ.get("PROBE"),
                      "own_group": os.getpgid(0) == os.getpid(), "pid": os.getpid(),
                      "random": float(np.random.random()), "executable": sys.executable,
                      "parent": os.getppid(), "path": sys.path}))
    """

    def probe(folder):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PROBE)])
        NotebookClient(notebook, kernel_name="python3", timeout=120,
                       kernel_manager_class=PreloadedKernelManager,
                       resources={"metadata": {"path": folder}}).execute()
        outputs = notebook.cells[0].outputs
        seen = json.loads("".join(o.get("text", "") for o in outputs
                                  if o.output_type == "stream"))
        seen["inline"] = any("image/png" in o.get("data", {}) for o in outputs)
        seen["runner"] = os.getpid()
        return seen

    if __name__ == "__main__":
        folder, runs = sys.argv[1], sys.argv[2:]
        for run in runs:
            if run == "forked":
                _fork_server()
                child = os.fork()
                if child == 0:
                    print(json.dumps(probe(folder)), flush=True)
                    os._exit(0)
                os.waitpid(child, 0)
            elif run == "shadowed":   # a package robodyn of its own beside the notebook
                own = os.path.join(folder, "shadowed")
                os.makedirs(os.path.join(own, "robodyn"), exist_ok=True)
                open(os.path.join(own, "robodyn", "__init__.py"), "w").close()
                print(json.dumps(probe(own)), flush=True)
            else:
                print(json.dumps(probe(folder)), flush=True)
''')


def _probes(tmp_path, *runs: str) -> list[dict]:
    script = tmp_path / "probe.py"
    script.write_text(SCRIPT, encoding="utf-8")
    run = subprocess.run([sys.executable, str(script), str(tmp_path), *runs], text=True,
                         capture_output=True, timeout=120, env={**os.environ, "PROBE": "seen"})
    assert run.returncode == 0, run.stderr[-3000:]
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == len(runs), run.stdout + run.stderr[-3000:]
    return lines


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_kernel_starts_with_the_modules_loaded_in_the_notebooks_folder(tmp_path):
    """The notebook finds robodyn's chapters imported; it runs in its folder, with the
    starting process's environment and interpreter and a usual kernel's module search path
    (not the starting script's), in a process group of its own, forked
    by the server; Matplotlib draws inline; two kernels draw different random numbers; each
    kernel is gone after its notebook. A process forked from the one that started the server
    cannot use it, and a notebook beside a package of a preloaded name would import that
    one: their kernels start as usual (nothing preloaded), and their notebooks run."""
    forked, first, second, shadowed = _probes(tmp_path, "forked", "direct", "direct",
                                              "shadowed")
    for seen in (first, second, forked, shadowed):
        assert seen["variable"] == "seen" and seen["inline"]
        assert seen["own_group"] and seen["executable"] == sys.executable
        assert not _alive(seen["pid"])
    assert first["cwd"] == forked["cwd"] == str(tmp_path)
    assert first["path"] == forked["path"]      # as a kernel started as usual finds modules
    assert shadowed["cwd"] == str(tmp_path / "shadowed")
    assert first["loaded"] and second["loaded"]
    assert not forked["loaded"] and not shadowed["loaded"]
    assert first["parent"] != first["runner"] and forked["parent"] == forked["runner"]
    assert first["random"] != second["random"]


def test_the_kernel_is_interrupted_and_shut_down_as_any_kernel(tmp_path):
    """Jupyter's interrupt (SIGINT to the kernel's process group) stops a running cell with
    KeyboardInterrupt, the kernel answers on, and a shutdown ends its process."""
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
        assert client.kernel_info(reply=True, timeout=20)["content"]["status"] == "ok"
        pid = manager.provisioner.pid
    finally:
        client.stop_channels()
        manager.shutdown_kernel()
    assert not manager.is_alive()
    assert not _alive(pid)
