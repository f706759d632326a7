"""Time the book's widgets in JupyterLab as a reader sees them: slider key press to new image.

Starts JupyterLab (a subprocess on a free port, stopped at the end), and in headless Chromium
opens one notebook per widget listed in a ``WIDGETS`` of :mod:`robodyn.figures`, runs its
cell, focuses the widget's first slider and presses its arrow keys MOVES times, PAUSE_S
apart after each image, as a reader holding an arrow key would: one step at a time in one
direction, turning at the slider's ends (a slider that starts at its maximum goes left
first). A widget with a menu (a dropdown) is timed once per option, as
``benchmarks/widget_update.py`` does.

Each time runs from the key event (its ``timeStamp``) to the new image on screen: the
widget's ``<img>`` gets its new ``src`` (what this script timed before), loads it (its
``load`` event), and the frame that shows it is painted (the task after the next animation
frame). The browser, JupyterLab, the Jupyter server and the kernel are all included. A
*floor* notebook, a slider that swaps two ready-made images, shows what that path costs
without any drawing; it is timed first and last, in the same run.

For comparison the kernel's share is recorded in the notebook by observers, without changing
the widget: from the slider's new value arriving in the kernel to the new PNG handed to the
widget, which sends it. With the kernel's and the browser's clocks (the same machine's) each
move is also split in *in*, key press to the value in the kernel, and *out*, the PNG handed
over in the kernel to the new ``src`` in the page.

Every wait has a timeout: a widget whose cell fails or shows no image, a slider that does not
move or an image that does not change within MOVE_TIMEOUT_S is reported in the table with the
reason, and the next widget is timed. Run with ``.venv/bin/python benchmarks/widget_browser.py``;
names given after it (``egg``, ``contact.drop_explorer``) time only the widgets whose name
contains one of them. Needs Chromium (Debian package ``chromium``, ``/usr/bin/chromium``);
Playwright drives it and downloads nothing.
"""

from __future__ import annotations

import json
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
import numpy as np
from widget_update import book_widgets

MOVES = 30
PAUSE_S = 0.15  # between an image on screen and the next key press
AIM_MS = 40.0  # key press to new image on screen, median: what a reader should wait at most
MOVE_TIMEOUT_S = 3.0  # a key press without a new image on screen by then did not answer
MAX_MISSED = 3  # key presses without an answer after which a widget is given up
BUILD_TIMEOUT_S = 600.0  # running the widget's cell (a grid of simulations) until it shows
MENU_TIMEOUT_S = 60.0  # a menu's new option until its image is shown
STEP_TIMEOUT_S = 60.0  # loading the page, starting the kernel, reading the kernel's figures
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
MS = 1e3  # Playwright's timeouts are in ms

#: A notebook's first cell is (set-up, end) around KERNEL_CLOCK: the set-up makes the widget
#: and names its ``_controls`` and ``_image``, the end shows it. The floor connects its
#: slider in the end, after the clock, whose observer must see the new value first.
FLOOR_CELL = """import io, ipywidgets as w, PIL.Image
images = []
for colour in ("white", "lightgrey"):
    buffer = io.BytesIO()
    PIL.Image.new("RGB", (672, 316), colour).save(buffer, "png")
    images.append(buffer.getvalue())
slider = w.FloatSlider(value=0.0, min=-1.0, max=1.0, step=0.01)
image = w.Image(value=images[0], format="png")
_controls, _image = [slider], image""", """
slider.observe(lambda change: setattr(image, "value", images[round(change.new * 100) % 2]),
               names="value")
w.VBox([slider, image])"""

WIDGET_CELL = """import {module}
_figure = {module}.{name}()
_controls, _image = list(_figure.controls.values()), _figure.image""", "\n_figure"

#: The kernel's share of each move: a control's new value arrives, the image's new value is
#: handed to the widget (and the wall clock at both, for in and out).
KERNEL_CLOCK = """
import json as _json, time as _time
_kernel = {"arrived": None, "ms": [], "bytes": [], "epochs": [], "reads": 0}
def _arrive(change):
    _kernel["arrived"] = (_time.perf_counter(), _time.time())
def _imaged(change):
    if _kernel["arrived"] is not None:
        (start, epoch), _kernel["arrived"] = _kernel["arrived"], None
        _kernel["ms"].append(1e3 * (_time.perf_counter() - start))
        _kernel["epochs"].append((1e3 * epoch, 1e3 * _time.time()))
        _kernel["bytes"].append(len(change.new))
for _control in _controls:
    _control.observe(_arrive, names="value")
_image.observe(_imaged, names="value")
"""

#: The second cell: print what the kernel recorded since it last ran, and forget it.
KERNEL_READ = """_kernel["reads"] += 1
print("KERNEL", _kernel["reads"], _json.dumps(_kernel))
_kernel.update(ms=[], bytes=[], epochs=[])"""

#: Installed in the page: per key press on a slider, when it happened and when the image that
#: followed got its src, was loaded and painted (the task after the next animation frame
#: after its load event); the images that came after the first of a key press are counted.
CLOCK = """() => {
  const image = document.querySelector('img.widget-image');
  const bench = {moves: [], srcs: 0};
  window.__bench = bench;
  document.addEventListener('keydown', event => {
    if (!event.target.classList || !event.target.classList.contains('noUi-handle')) return;
    const now = performance.now();
    const start = event.timeStamp > 0 && event.timeStamp <= now && now - event.timeStamp < 1000
      ? event.timeStamp : now;
    bench.moves.push({start, epoch: performance.timeOrigin + start, src: null, loaded: null,
                      painted: null, images: 0});
  }, true);
  image.addEventListener('load', () => {
    const move = bench.moves[bench.moves.length - 1];
    if (!move || move.src === null || move.loaded !== null) return;
    move.loaded = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { move.painted = performance.now(); };
      channel.port2.postMessage(0);
    });
  });
  new MutationObserver(() => {
    bench.srcs += 1;
    const move = bench.moves[bench.moves.length - 1];
    if (!move) return;
    move.images += 1;
    if (move.src === null) {
      move.src = performance.now();
      move.srcEpoch = performance.timeOrigin + move.src;
    }
  }).observe(image, {attributes: true, attributeFilter: ['src']});
}"""

#: What the first cell shows when it is done: the widget's image, an error, or neither.
BUILT = """() => {
  if (document.querySelector('img.widget-image')) return 'image';
  const mime = 'application/vnd.jupyter.error';
  if (document.querySelector(`.jp-OutputArea-output[data-mime-type="${mime}"]`)) return 'error';
  const prompt = document.querySelector('.jp-Cell .jp-InputPrompt');
  const done = prompt && /\\[\\d+\\]/.test(prompt.innerText);
  return done && document.body.innerText.includes('| Idle') ? 'nothing' : null;
}"""


class NoAnswer(Exception):
    """A widget that did not answer: the reason is the message."""


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
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}",
                                   timeout=5).close()
            return lab
        except OSError:
            time.sleep(0.5)
    lab.terminate()
    raise RuntimeError("JupyterLab did not start")


def stop_kernels(port: int, token: str) -> None:
    """Shut down every kernel of the server: the kernels of widgets already timed would share
    the machine's cores with the next one."""
    base = f"http://127.0.0.1:{port}/api/kernels"
    try:
        with urllib.request.urlopen(f"{base}?token={token}", timeout=10) as answer:
            kernels = json.load(answer)
        for kernel in kernels:
            request = urllib.request.Request(f"{base}/{kernel['id']}?token={token}",
                                             method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()
    except OSError as error:
        print(f"  (could not stop the kernels: {error})", file=sys.stderr)


def write_notebook(path: Path, cell: tuple[str, str]) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(cell[0] + KERNEL_CLOCK + cell[1]))
    notebook.cells.append(nbformat.v4.new_code_cell(KERNEL_READ))
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, path)


def run_cell(page, index: int) -> None:
    """Run the notebook's cell ``index``."""
    editor = page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").nth(index)
    editor.click(timeout=MS * STEP_TIMEOUT_S)
    page.keyboard.press("Control+Enter")


def kernel_figures(page) -> dict:
    """What the kernel recorded since the last call (the second cell, run)."""
    read = page.evaluate("() => window.__reads = (window.__reads || 0) + 1")
    run_cell(page, 1)
    marker = f"KERNEL {read} "
    output = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output")
    page.wait_for_function(
        "marker => [...document.querySelectorAll('.jp-OutputArea-output')]"
        ".some(node => node.innerText.includes(marker))", arg=marker,
        timeout=MS * STEP_TIMEOUT_S)
    text = output.first.inner_text(timeout=MS * STEP_TIMEOUT_S)
    return json.loads(text.split(marker, 1)[1].strip().splitlines()[0])


def open_widget(page, url: str) -> None:
    """Open the notebook, run the widget's cell, wait until its image is shown."""
    page.goto(url, timeout=MS * STEP_TIMEOUT_S)
    page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor",
                           timeout=MS * STEP_TIMEOUT_S)
    # the status bar says "Python 3 (ipykernel) | Idle" once the kernel is ready
    page.wait_for_function("() => document.body.innerText.includes('| Idle')",
                           timeout=MS * STEP_TIMEOUT_S)
    run_cell(page, 0)
    time.sleep(1.0)  # JupyterLab has marked the cell as running ("[*]")
    try:
        state = page.wait_for_function(BUILT, timeout=MS * BUILD_TIMEOUT_S).json_value()
    except Exception as error:
        raise NoAnswer(f"no image {BUILD_TIMEOUT_S:.0f} s after running its cell") from error
    if state != "image":
        output = page.locator(".jp-Cell").first.locator(".jp-OutputArea-output")
        detail = output.last.inner_text(timeout=MS * STEP_TIMEOUT_S) if output.count() else ""
        last = detail.strip().splitlines()[-1:] or ["no output"]
        raise NoAnswer(f"its cell {'failed' if state == 'error' else 'ended without an image'}"
                       f": {last[0][:120]}")
    if page.locator(".noUi-handle").count() == 0:
        raise NoAnswer("no slider to move")
    page.evaluate(CLOCK)


def next_key(page, last: str | None) -> str:
    """The arrow key that moves the first slider one step on: the way it went, unless it is
    at that end."""
    handle = page.locator(".noUi-handle").first
    now, low, high = (handle.get_attribute(f"aria-value{end}", timeout=MS * STEP_TIMEOUT_S)
                      for end in ("now", "min", "max"))
    try:
        now, low, high = float(now), float(low), float(high)
    except (TypeError, ValueError):  # no readable value: back and forth
        return "ArrowLeft" if last == "ArrowRight" else "ArrowRight"
    if now >= high:
        return "ArrowLeft"
    if now <= low:
        return "ArrowRight"
    return last or "ArrowRight"


def time_moves(page) -> dict:
    """MOVES key presses on the first slider: per answered one the times [ms] from the key
    event to the new src, to the image loaded and to its frame painted."""
    handle = page.locator(".noUi-handle").first
    handle.focus(timeout=MS * STEP_TIMEOUT_S)
    page.evaluate("() => { window.__bench.moves = []; }")
    key, missed, answered = None, [], 0
    for k in range(MOVES):
        key = next_key(page, key)
        before = handle.get_attribute("aria-valuenow", timeout=MS * STEP_TIMEOUT_S)
        page.keyboard.press(key)
        try:
            page.wait_for_function(
                "k => { const m = window.__bench.moves[k]; return m && m.painted !== null; }",
                arg=k, timeout=MS * MOVE_TIMEOUT_S)
            answered += 1
        except Exception:
            after = handle.get_attribute("aria-valuenow", timeout=MS * STEP_TIMEOUT_S)
            move = page.evaluate("k => window.__bench.moves[k] || null", k)
            if move is None:
                reason = "the key press did not reach the slider"
            elif after == before:
                reason = f"{key} did not move the slider from {before}"
            elif move["src"] is None:
                reason = (f"no new image within {MOVE_TIMEOUT_S:.0f} s of the slider's move "
                          f"{before} -> {after}")
            else:
                reason = "the new image was not loaded"
            missed.append(reason)
            if len(missed) >= MAX_MISSED:
                break
        time.sleep(PAUSE_S)
    time.sleep(0.5)  # images that come late, after the first of a key press
    moves = page.evaluate("() => window.__bench.moves")
    done = [move for move in moves if move["painted"] is not None]
    return {
        **{key: [move[key] - move["start"] for move in done]
           for key in ("src", "loaded", "painted")},
        "done": done, "images": [move["images"] for move in moves],
        "answered": answered, "pressed": len(moves), "missed": missed,
    }


def menus(page) -> list[tuple[int, str, int, list[str]]]:
    """(number, label, index chosen, option labels) of each menu of the widget."""
    found = []
    for k, select in enumerate(page.locator(".widget-dropdown select").all()):
        label = select.locator("xpath=..").locator("label").first
        name = label.inner_text(timeout=MS * STEP_TIMEOUT_S) if label.count() else ""
        options = select.locator("option").all_inner_texts()
        index = select.evaluate("node => node.selectedIndex")
        found.append((k, name.strip() or f"menu {k + 1}", index, options))
    return found


def choose(page, menu: int, index: int) -> None:
    """Set a menu to its option ``index`` and wait for the image of that option."""
    before = page.evaluate("() => window.__bench.srcs")
    page.locator(".widget-dropdown select").nth(menu).select_option(
        index=index, timeout=MS * STEP_TIMEOUT_S)
    try:
        page.wait_for_function("n => window.__bench.srcs > n", arg=before,
                               timeout=MS * MENU_TIMEOUT_S)
    except Exception as error:
        raise NoAnswer(f"no new image {MENU_TIMEOUT_S:.0f} s after choosing option "
                       f"{index} of menu {menu + 1}") from error
    time.sleep(0.5)


def result_row(name: str, setting: str, moves: dict | None = None, kernel: dict | None = None,
               reason: str = "") -> dict:
    row = {"name": name, "setting": setting, "reason": reason}
    if moves:
        row.update(moves)
    if kernel and kernel["ms"]:
        row["kernel"] = kernel["ms"]
        row["png_kB"] = statistics.median(kernel["bytes"]) / 1e3
        if moves and len(kernel["epochs"]) == len(moves["done"]):  # the same moves, paired
            pairs = list(zip(kernel["epochs"], moves["done"], strict=True))
            row["in"] = [arrived - move["epoch"] for (arrived, _), move in pairs]
            row["out"] = [move["srcEpoch"] - handed for (_, handed), move in pairs]
    return row


def measure(browser, url: str, name: str) -> list[dict]:
    """The rows of one widget: one per setting of its menus (the defaults first)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(MS * STEP_TIMEOUT_S)
    rows, current = [], "defaults"
    try:
        open_widget(page, url)
        settings = [("defaults", None, None)]
        for menu, label, chosen, options in menus(page):
            settings += [(f"{label}={option}", menu, index)
                         for index, option in enumerate(options) if index != chosen]
            settings.append((None, menu, chosen))  # back to the default option
        kernel_figures(page)  # forget the first drawing
        for setting, menu, index in settings:
            current = setting or current
            if menu is not None:
                choose(page, menu, index)
                kernel_figures(page)  # forget the menu's drawing
            if setting is None:
                continue
            moves = time_moves(page)
            missed = moves["missed"]
            reason = (f"{len(missed)} of {moves['pressed']} key presses unanswered, the first: "
                      f"{missed[0]}" if missed else "")
            rows.append(result_row(name, setting, moves, kernel_figures(page), reason))
            print_row(rows[-1])
    except Exception as error:  # a step failed or timed out: say so, go on with the next
        if isinstance(error, NoAnswer):
            reason = str(error)
        else:
            message = (str(error).strip().splitlines() or [""])[0][:160]
            reason = f"{type(error).__name__}: {message}"
        rows.append(result_row(name, current, reason=reason))
        print_row(rows[-1])
    finally:
        page.close()
    return rows


def verdict(row: dict) -> str:
    """ok, SLOW (the median over the aim), MISSED (some key presses not answered, why) or
    NO ANSWER (why); and whether more images came than key presses (a double redraw)."""
    if not row.get("painted"):
        return "NO ANSWER: " + (row["reason"] or "no image")
    extra = sum(max(0, n - 1) for n in row["images"])
    return ("MISSED: " + row["reason"] if row["reason"] else
            "ok" if statistics.median(row["painted"]) <= AIM_MS else "SLOW") + (
        f"; {extra} images more than key presses" if extra else "")


def median(values, width: int = 6) -> str:
    return f"{statistics.median(values):{width}.1f}" if values else f"{'-':>{width}s}"


HEADER = (f"{'widget, setting':44s} {'screen':>6s} {'p90':>6s} {'src':>6s} {'load':>6s} "
          f"{'kernel':>6s} {'in':>5s} {'out':>5s} {'PNG kB':>6s} {'moves':>6s}  verdict")


def print_row(row: dict) -> None:
    p90 = f"{np.percentile(row['painted'], 90):6.1f}" if row.get("painted") else f"{'-':>6s}"
    png = f"{row['png_kB']:6.0f}" if row.get("png_kB") else f"{'-':>6s}"
    count = f"{row['answered']}/{row['pressed']}" if "pressed" in row else "-"
    label = f"{row['name']}, {row['setting']}"
    print(f"{label:44s} {median(row.get('painted'))} {p90} {median(row.get('src'))} "
          f"{median(row.get('loaded'))} {median(row.get('kernel'))} "
          f"{median(row.get('in'), 5)} {median(row.get('out'), 5)} {png} {count:>6s}  "
          f"{verdict(row)}", flush=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = (CHROMIUM if Path(CHROMIUM).exists()
                else shutil.which("chromium") or shutil.which("chromium-browser"))
    if chromium is None:
        raise SystemExit("needs Chromium: apt-get install chromium")
    cells = {"floor (no drawing)": FLOOR_CELL}
    for name, make in book_widgets():
        if not sys.argv[1:] or any(part in name for part in sys.argv[1:]):
            setup, end = WIDGET_CELL
            cells[name] = (setup.format(module=make.__module__, name=make.__name__), end)
    cells["floor (no drawing), again"] = FLOOR_CELL
    port, token = free_port(), secrets.token_hex(16)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for k, cell in enumerate(cells.values()):
            write_notebook(Path(folder) / f"widget{k}.ipynb", cell)
        lab = start_lab(Path(folder), port, token)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                     args=CHROMIUM_ARGS)
                load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
                print(f"JupyterLab in headless Chromium {browser.version}, load average "
                      f"{load} on {os.cpu_count()} cores; each widget's first slider moved "
                      f"{MOVES} times by its arrow keys. ms from the key event, medians: "
                      "screen = the new image loaded and its frame painted (p90 beside it), "
                      "src = the <img> got its new src, load = its load event; kernel = the "
                      "kernel's share (new value in to new PNG out), in = key event to new "
                      "value in the kernel, out = PNG out of the kernel to src; moves = "
                      f"answered/pressed; verdict: screen <= {AIM_MS:.0f} ms\n\n" + HEADER,
                      flush=True)
                for k, name in enumerate(cells):
                    url = f"http://127.0.0.1:{port}/lab/tree/widget{k}.ipynb?token={token}&reset"
                    rows += measure(browser, url, name)
                    stop_kernels(port, token)
                browser.close()
        finally:
            lab.terminate()
            try:
                lab.wait(timeout=30)
            except subprocess.TimeoutExpired:
                lab.kill()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    failed = [row for row in rows if not verdict(row).startswith("ok")]
    print(f"\n{len(rows)} rows, {len(rows) - len(failed)} ok (median key press to image on "
          f"screen <= {AIM_MS:.0f} ms, every key press answered); load average at the end "
          f"{load}" + "".join(f"\n  {row['name']}, {row['setting']}: {verdict(row)}"
                              for row in failed))


if __name__ == "__main__":
    main()
