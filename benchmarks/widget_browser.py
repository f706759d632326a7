"""Time the book's widgets in JupyterLab as a reader sees them: slider key press to new image.

Starts JupyterLab (a subprocess on a free port, stopped at the end), and in headless Chromium
opens one notebook per widget listed in a ``WIDGETS`` of :mod:`robodyn.figures`, runs its
cell and moves the first slider with its arrow keys, MOVES times, 150 ms apart. Each time is
from the key event to the moment the widget's ``<img>`` gets its new ``src``: the browser,
JupyterLab, the Jupyter server and the kernel all included. A *floor* notebook, a slider
that swaps two ready-made images, shows what that path costs without any drawing.
``benchmarks/widget_update.py`` times the kernel alone.

Needs Chromium (Debian package ``chromium``). Run with
``.venv/bin/python benchmarks/widget_browser.py``.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat
from widget_update import book_widgets

MOVES = 30
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

FLOOR_CELL = """import io, ipywidgets as w, PIL.Image
images = []
for colour in ("white", "lightgrey"):
    buffer = io.BytesIO()
    PIL.Image.new("RGB", (672, 316), colour).save(buffer, "png")
    images.append(buffer.getvalue())
slider = w.FloatSlider(value=0.0, min=-1.0, max=1.0, step=0.01)
image = w.Image(value=images[0], format="png")
slider.observe(lambda change: setattr(image, "value", images[int(change.new * 100) % 2]),
               names="value")
w.VBox([slider, image])"""

MEASURE = """async (moves) => {
  const image = document.querySelector('img.widget-image');
  const handle = document.querySelector('.noUi-handle');
  const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
  const nextImage = () => new Promise(resolve => {
    const observer = new MutationObserver(() => { observer.disconnect();
                                                  resolve(performance.now()); });
    observer.observe(image, {attributes: true, attributeFilter: ['src']});
  });
  const times = [];
  for (let k = 0; k < moves; k++) {
    const shown = nextImage();
    const start = performance.now();
    handle.dispatchEvent(new KeyboardEvent('keydown',
      {key: k % 2 ? 'ArrowLeft' : 'ArrowRight', bubbles: true}));
    times.push((await shown) - start);
    await sleep(150);
  }
  return times;
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_lab(folder: Path, port: int, token: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}",
               "--LabApp.news_url=", "--LabApp.check_for_updates_class="
               "jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    lab = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(120):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}")
            return lab
        except OSError:
            time.sleep(0.5)
    lab.terminate()
    raise RuntimeError("JupyterLab did not start")


def write_notebook(path: Path, source: str) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(source))
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, path)


def measure(browser, url: str) -> list[float]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(url)
        page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor", timeout=60000)
        # the status bar says "Python 3 (ipykernel) | Idle" once the kernel is ready
        page.wait_for_function("() => document.body.innerText.includes('| Idle')",
                               timeout=60000)
        page.click(".jp-Cell .jp-InputArea-editor")
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector("img.widget-image", timeout=120000)
        time.sleep(1.0)
        return page.evaluate(MEASURE, MOVES)
    finally:
        page.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("needs Chromium: apt-get install chromium")
    cells = {"floor (no drawing)": FLOOR_CELL}
    for name, make in book_widgets():
        module = make.__module__
        cells[name] = f"import {module}\n{module}.{make.__name__}()"
    port, token = free_port(), secrets.token_hex(16)
    with tempfile.TemporaryDirectory() as folder:
        for k, source in enumerate(cells.values()):
            write_notebook(Path(folder) / f"widget{k}.ipynb", source)
        lab = start_lab(Path(folder), port, token)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium,
                                                     args=CHROMIUM_ARGS)
                print(f"JupyterLab in headless Chromium, first slider moved {MOVES} times by "
                      "its arrow keys: key event to new image src")
                for k, name in enumerate(cells):
                    url = f"http://127.0.0.1:{port}/lab/tree/widget{k}.ipynb?token={token}&reset"
                    ms = measure(browser, url)
                    print(f"  {name:30s} median {statistics.median(ms):6.1f}  "
                          f"min {min(ms):6.1f}  max {max(ms):6.1f} ms")
                browser.close()
        finally:
            lab.terminate()
            lab.wait(timeout=30)


if __name__ == "__main__":
    main()
