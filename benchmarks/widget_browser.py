"""Time the book's widgets in JupyterLab as a reader sees them: slider key press to new image.

Starts JupyterLab (a subprocess on a free port, stopped at the end), and in headless Chromium
opens one notebook per widget listed in a ``WIDGETS`` of :mod:`robodyn.figures`, runs its
cell, focuses the widget's first slider and presses its arrow keys MOVES times, PAUSE_S
apart, always towards a value the slider can reach (one step left at its maximum, one step
right at its minimum, else back and forth). A widget with a menu (a dropdown) is timed once
per option, as ``benchmarks/widget_update.py`` does. Each time runs from the key event (its
``timeStamp``) to the new image on screen: the widget's ``<img>`` gets its new ``src``, the
image is decoded (``img.decode()``), and the frame that shows it is painted (the task after
the next animation frame). The browser, JupyterLab, the Jupyter server and the kernel are
all included. A *floor* notebook, a slider that swaps two ready-made images, shows what that
path costs without any drawing; it is timed first and last, in the same run.

For comparison, the kernel's own share is recorded in the notebook (observers of the
controls and of the image, no change to the widget): from the slider's new value arriving in
the kernel to the new PNG handed to the widget, which sends it.

Every wait has a timeout: a widget that is not shown, a slider that does not move or an image
that does not change within MOVE_TIMEOUT_S is reported in the table with the reason, and the
next widget is timed. Run with ``.venv/bin/python benchmarks/widget_browser.py``; names given
after it (``egg``, ``contact.drop_explorer``) time only the widgets whose name contains one.
Needs Chromium (Debian package ``chromium``); Playwright drives it and downloads nothing.
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
PAUSE_S = 0.15  # between two key presses, after the image of the first is on screen
AIM_MS = 40.0  # key press to new image on screen, median, that a reader should wait at most
MOVE_TIMEOUT_S = 3.0  # a key press without a new image on screen by then did not answer
MAX_MISSED = 3  # moves without an answer after which a widget is given up
BUILD_TIMEOUT_S = 600.0  # running the widget's cell (a grid of simulations) until it shows
MENU_TIMEOUT_S = 60.0  # a menu's new option until its image is shown
STEP_TIMEOUT_S = 60.0  # loading the page, starting the kernel, reading the kernel's figures
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

FLOOR_CELL = """import io, ipywidgets as w, PIL.Image
images = []
for colour in ("white", "lightgrey"):
    buffer = io.BytesIO()
    PIL.Image.new("RGB", (672, 316), colour).save(buffer, "png")
    images.append(buffer.getvalue())
slider = w.FloatSlider(value=0.0, min=-1.0, max=1.0, step=0.01)
image = w.Image(value=images[0], format="png")
_controls, _image = [slider], image""", """
slider.observe(lambda change: setattr(image, "value", images[int(change.new * 100) % 2]),
               names="value")
w.VBox([slider, image])"""

WIDGET_CELL = """import {module}
_figure = {module}.{name}()
_controls, _image = list(_figure.controls.values()), _figure.image""", "\n_figure"

#: A notebook's first cell is (set-up, end): the set-up makes the widget, then this records
#: the kernel's share of each move with observers (a control's new value arrives, the image's
#: new value is handed to the widget), then the end shows the widget (the floor connects its
#: slider there, after the clock, whose observer must see the value first).
KERNEL_CLOCK = """
import json as _json, time as _time
_kernel = {"arrived": None, "ms": [], "bytes": [], "reads": 0}
def _arrive(change):
    _kernel["arrived"] = _time.perf_counter()
def _imaged(change):
    if _kernel["arrived"] is not None:
        _kernel["ms"].append(1e3 * (_time.perf_counter() - _kernel["arrived"]))
        _kernel["bytes"].append(len(change.new))
        _kernel["arrived"] = None
for _control in _controls:
    _control.observe(_arrive, names="value")
_image.observe(_imaged, names="value")
"""

#: The second cell: print what the kernel recorded since the last time, and forget it.
KERNEL_READ = """_kernel["reads"] += 1
print("KERNEL", _kernel["reads"], _json.dumps({"ms": _kernel["ms"], "bytes": _kernel["bytes"]}))
_kernel["ms"], _kernel["bytes"] = [], []"""

#: Installed in the page: per key press on the slider, when it happened and when the image
#: that followed got its src, was loaded and painted (the task after the next animation frame
#: after its load event), and, apart, when img.decode() said it was decoded; the images that
#: came after the first of a key press are counted.
CLOCK = """() => {
  const image = document.querySelector('img.widget-image');
  const bench = {moves: [], srcs: 0};
  window.__bench = bench;
  document.addEventListener('keydown', event => {
    if (!event.target.classList || !event.target.classList.contains('noUi-handle')) return;
    const now = performance.now();
    const start = event.timeStamp > 0 && event.timeStamp <= now && now - event.timeStamp < 1000
      ? event.timeStamp : now;
    bench.moves.push({start, src: null, loaded: null, decoded: null, painted: null, images: 0});
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
    if (move.src !== null) return;
    move.src = performance.now();
    const decoded = () => { move.decoded = performance.now(); };
    image.decode().then(decoded, decoded);
  }).observe(image, {attributes: true, attributeFilter: ['src']});
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
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}",
                                   timeout=5)
            return lab
        except OSError:
            time.sleep(0.5)
    lab.terminate()
    raise RuntimeError("JupyterLab did not start")


def stop_kernels(port: int, token: str) -> None:
    """Shut down every kernel of the server: the kernels of widgets already timed would
    share the machine's cores with the next one."""
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


class NoAnswer(Exception):
    """A widget that did not answer: the reason is the message."""


def run_cell(page, index: int) -> None:
    page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").nth(index).click(
        timeout=1e3 * STEP_TIMEOUT_S)
    page.keyboard.press("Control+Enter")


def kernel_figures(page) -> dict:
    """Run the second cell: what the kernel recorded since it last ran."""
    reads = page.evaluate("() => window.__reads = (window.__reads || 0) + 1")
    run_cell(page, 1)
    marker = f"KERNEL {reads} "
    output = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output")
    page.wait_for_function(
        "marker => [...document.querySelectorAll('.jp-OutputArea-output')]"
        ".some(node => node.innerText.includes(marker))", arg=marker,
        timeout=1e3 * STEP_TIMEOUT_S)
    text = output.inner_text(timeout=1e3 * STEP_TIMEOUT_S)
    return json.loads(text.split(marker, 1)[1].strip().splitlines()[0])


def open_widget(page, url: str) -> None:
    """Open the notebook, run the widget's cell, wait until its image is shown."""
    page.goto(url, timeout=1e3 * STEP_TIMEOUT_S)
    page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor",
                           timeout=1e3 * STEP_TIMEOUT_S)
    # the status bar says "Python 3 (ipykernel) | Idle" once the kernel is ready
    page.wait_for_function("() => document.body.innerText.includes('| Idle')",
                           timeout=1e3 * STEP_TIMEOUT_S)
    run_cell(page, 0)
    try:
        page.wait_for_selector("img.widget-image", timeout=1e3 * BUILD_TIMEOUT_S)
    except Exception as error:
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/"
                              "vnd.jupyter.stderr']")
        detail = errors.first.inner_text()[-300:] if errors.count() else ""
        raise NoAnswer(f"no image {BUILD_TIMEOUT_S:.0f} s after running its cell "
                       f"{detail}".strip()) from error
    if page.locator(".noUi-handle").count() == 0:
        raise NoAnswer("no slider")
    page.evaluate(CLOCK)


def next_key(page, last: str | None) -> str:
    """The arrow key that moves the first slider one step: away from a limit, else back."""
    handle = page.locator(".noUi-handle").first
    now, low, high = (handle.get_attribute(f"aria-value{end}", timeout=1e3 * STEP_TIMEOUT_S)
                      for end in ("now", "min", "max"))
    try:
        now, low, high = float(now), float(low), float(high)
    except (TypeError, ValueError):
        return "ArrowLeft" if last == "ArrowRight" else "ArrowRight"
    if now >= high:
        return "ArrowLeft"
    if now <= low:
        return "ArrowRight"
    return "ArrowLeft" if last == "ArrowRight" else "ArrowRight"


def time_moves(page) -> dict:
    """MOVES key presses on the first slider: per answered move the times [ms] from the key
    event to the new src, to the decoded image and to the painted frame."""
    handle = page.locator(".noUi-handle").first
    handle.focus(timeout=1e3 * STEP_TIMEOUT_S)
    page.evaluate("() => { window.__bench.moves = []; }")
    key, missed, answered = None, [], 0
    for k in range(MOVES):
        key = next_key(page, key)
        before = handle.get_attribute("aria-valuenow")
        page.keyboard.press(key)
        try:
            page.wait_for_function(
                "k => { const m = window.__bench.moves[k]; return m && m.painted !== null; }",
                arg=k, timeout=1e3 * MOVE_TIMEOUT_S)
            answered += 1
        except Exception:
            after = handle.get_attribute("aria-valuenow")
            moved = page.evaluate("k => window.__bench.moves.length > k", k)
            if not moved:
                reason = "the key press did not reach the slider"
            elif after == before:
                reason = f"{key} did not move the slider from {before}"
            else:
                state = page.evaluate("k => window.__bench.moves[k]", k)
                reason = (f"no new image within {MOVE_TIMEOUT_S:.0f} s after the slider "
                          f"moved {before} -> {after}" if state["src"] is None else
                          "the new image was not painted")
            missed.append(reason)
            if len(missed) >= MAX_MISSED:
                break
        time.sleep(PAUSE_S)
    time.sleep(0.5)  # images that come late, after the first of a move
    moves = page.evaluate("() => window.__bench.moves")
    done = [m for m in moves if m["painted"] is not None]
    return {
        "screen": [m["painted"] - m["start"] for m in done],
        "src": [m["src"] - m["start"] for m in done],
        "loaded": [m["loaded"] - m["start"] for m in done],
        "decoded": [m["decoded"] - m["start"] for m in done if m["decoded"] is not None],
        "images": [m["images"] for m in moves],
        "answered": answered, "pressed": len(moves), "missed": missed,
    }


def menus(page) -> list[tuple[int, str, int, list[str]]]:
    """(number, label, index chosen, option labels) of each menu of the widget."""
    found = []
    for k, select in enumerate(page.locator(".widget-dropdown select").all()):
        label = select.locator("xpath=..").locator("label").first
        name = label.inner_text(timeout=1e3 * STEP_TIMEOUT_S) if label.count() else ""
        options = select.locator("option").all_inner_texts()
        index = select.evaluate("node => node.selectedIndex")
        found.append((k, name.strip() or f"menu {k + 1}", index, options))
    return found


def choose(page, menu: int, index: int) -> None:
    """Set a menu to its option ``index`` and wait for the image of that option."""
    before = page.evaluate("() => window.__bench.srcs")
    page.locator(".widget-dropdown select").nth(menu).select_option(
        index=index, timeout=1e3 * STEP_TIMEOUT_S)
    try:
        page.wait_for_function("n => window.__bench.srcs > n", arg=before,
                               timeout=1e3 * MENU_TIMEOUT_S)
    except Exception as error:
        raise NoAnswer(f"no new image {MENU_TIMEOUT_S:.0f} s after choosing option "
                       f"{index}") from error
    time.sleep(0.5)


def result_row(name: str, setting: str, moves: dict | None, kernel: dict | None,
               reason: str = "") -> dict:
    row = {"name": name, "setting": setting, "reason": reason}
    if moves:
        row.update(moves)
    if kernel and kernel["ms"]:
        row["kernel"] = kernel["ms"]
        row["png_kB"] = statistics.median(kernel["bytes"]) / 1e3
    return row


def measure(browser, url: str, name: str) -> list[dict]:
    """The rows of one widget: one per setting of its menus (the defaults first)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(1e3 * STEP_TIMEOUT_S)
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
            reason = "; ".join(dict.fromkeys(moves["missed"]))
            rows.append(result_row(name, setting, moves, kernel_figures(page), reason))
            print_row(rows[-1])
    except Exception as error:  # a step timed out: report it, go on with the next widget
        if isinstance(error, NoAnswer):
            reason = str(error)
        else:
            message = (str(error).strip().splitlines() or [""])[0][:160]
            reason = f"{type(error).__name__}: {message}"
        rows.append(result_row(name, current, None, None, reason))
        print_row(rows[-1])
    finally:
        page.close()
    return rows


def summary(ms) -> str:
    if not ms:
        return f"{'-':>6s} {'-':>6s}"
    return f"{statistics.median(ms):6.1f} {np.percentile(ms, 90):6.1f}"


def verdict(row: dict) -> str:
    if not row.get("screen"):
        return "NO ANSWER: " + (row["reason"] or "no image")
    ok = statistics.median(row["screen"]) <= AIM_MS and row["answered"] == row["pressed"]
    note = f"; {row['reason']}" if row["reason"] else ""
    extra = sum(max(0, n - 1) for n in row["images"])
    twice = f"; {extra} extra images" if extra else ""
    return ("ok" if ok else "SLOW" if not note else "MISSED") + note + twice


HEADER = (f"{'widget, setting':44s} {'screen':>6s} {'p90':>6s} {'src':>6s} {'load':>6s} "
          f"{'decode':>6s} {'kernel':>6s} {'PNG kB':>6s} {'moves':>6s}  verdict")


def print_row(row: dict) -> None:
    kernel = f"{statistics.median(row['kernel']):6.1f}" if row.get("kernel") else f"{'-':>6s}"
    png = f"{row['png_kB']:6.0f}" if row.get("png_kB") else f"{'-':>6s}"
    src, loaded, decoded = (f"{statistics.median(row[key]):6.1f}" if row.get(key)
                            else f"{'-':>6s}" for key in ("src", "loaded", "decoded"))
    count = f"{row.get('answered', 0)}/{row.get('pressed', 0)}" if "pressed" in row else "-"
    label = f"{row['name']}, {row['setting']}"
    print(f"{label:44s} {summary(row.get('screen'))} {src} {loaded} {decoded} {kernel} {png} "
          f"{count:>6s}  "
          f"{verdict(row)}", flush=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = (CHROMIUM if Path(CHROMIUM).exists()
                else shutil.which("chromium") or shutil.which("chromium-browser"))
    if chromium is None:
        raise SystemExit("needs Chromium: apt-get install chromium")
    cells = {"floor (no drawing)": FLOOR_CELL}
    for name, make in book_widgets():
        if sys.argv[1:] and not any(part in name for part in sys.argv[1:]):
            continue
        setup, end = WIDGET_CELL
        cells[name] = (setup.format(module=make.__module__, name=make.__name__), end)
    cells["floor (no drawing), again"] = FLOOR_CELL
    port, token = free_port(), secrets.token_hex(16)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for k, source in enumerate(cells.values()):
            write_notebook(Path(folder) / f"widget{k}.ipynb", source)
        lab = start_lab(Path(folder), port, token)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium,
                                                     args=CHROMIUM_ARGS)
                load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
                print(f"load average {load} on {os.cpu_count()} cores. "
                      f"JupyterLab in headless Chromium ({browser.version}); the first slider "
                      f"of each widget moved {MOVES} times by its arrow keys, "
                      f"{PAUSE_S * 1e3:.0f} ms apart.\nms from the key event: screen = new "
                      "image decoded and its frame painted (median, p90), src = the <img> "
                      "got its new src, decode = and the image was decoded (medians); "
                      "kernel = the kernel's share, new slider value to new PNG (median); "
                      "moves = answered/pressed\n\n" + HEADER,
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
    answered = [row for row in rows if row.get("screen")]
    slow = [row for row in rows if verdict(row) != "ok"]
    print(f"\n{len(rows)} rows, {len(answered)} answered; aim: median key press to image on "
          f"screen <= {AIM_MS:.0f} ms; {len(slow)} not ok; load average at the end "
          f"{load} on {os.cpu_count()} cores" +
          "".join(f"\n  {row['name']}, {row['setting']}: {verdict(row)}" for row in slow))


if __name__ == "__main__":
    main()
