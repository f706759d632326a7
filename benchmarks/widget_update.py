"""Time the book's widgets as a reader waits for them: slider message in, new image out.

For every widget listed in ``WIDGETS`` by a module of :mod:`robodyn.figures`:

- *in process*: ``figure.update(name=value)``, what the model, the drawing and the PNG cost;
- *round trip*: a real kernel (jupyter_client, ipykernel) makes the widgets; this script sends
  each move as JupyterLab does, a ``comm_msg`` to the slider's model with
  ``{"method": "update", "state": {"value": ...}, "buffer_paths": []}`` on the shell channel,
  and times until the iopub ``comm_msg`` that sets the Image model's ``value`` (the PNG, a
  binary buffer) arrives. Moves are sequential: the next one is sent once the image and the
  kernel's ``idle`` for the previous one have arrived;
- *burst*: BURST moves of one slider sent back to back, as a fast drag sends them; the time
  from the last message sent to the last image received, and how many images were sent.

Every choice of a menu counts: a widget with a menu (the solver of the contact chapter's drop
explorer, the variant of the vacuum chapter's climb) is timed once per option, the menu set
as JupyterLab sets it (its ``index``) and the sliders then moved as above. The table at the
end lists every widget and option: the median round trip against the book's aim of
``AIM_MS``, and whether a burst settled within two updates (its last image, the last
value's, at most two median round trips after the kernel had read the last message).

Run with ``make benchmarks`` or ``.venv/bin/python benchmarks/widget_update.py``; names given
after it (``contact.drop_explorer``, or a part such as ``contact``) time only the widgets
whose name contains one of them.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pkgutil
import statistics
import sys
import time

import numpy as np

MOVES = 30  # timed moves per widget, after WARMUP untimed ones
WARMUP = 3
BURST = 20
QUIET = 1.5  # s without a new image after which a burst counts as finished
SEED = 4
AIM_MS = 30.0  # what a reader waits for a slider, at most


def book_widgets(package: str = "robodyn.figures") -> list[tuple[str, object]]:
    """(name, make) for each entry of ``WIDGETS`` in the modules of ``package``."""
    root = importlib.import_module(package)
    found = []
    for info in pkgutil.iter_modules(root.__path__, package + "."):
        module = importlib.import_module(info.name)
        for make in getattr(module, "WIDGETS", ()):
            found.append((f"{info.name.rsplit('.', 1)[-1]}.{make.__name__}", make))
    return found


def moves(controls: dict, n: int, seed: int = SEED) -> list[tuple[str, float]]:
    """``n`` moves (control name, value on the slider's grid), cycling through the controls."""
    rng = np.random.default_rng(seed)
    names = list(controls)
    current = {name: spec["value"] for name, spec in controls.items()}
    result = []
    for k in range(n):
        name = names[k % len(names)]
        spec = controls[name]
        steps = round((spec["max"] - spec["min"]) / spec["step"])
        while True:
            value = round(spec["min"] + int(rng.integers(0, steps + 1)) * spec["step"], 10)
            if value != current[name]:
                break
        current[name] = value
        result.append((name, value))
    return result


def burst_values(spec: dict, n: int) -> list[float]:
    """``n`` distinct values a drag passes over, ending away from the default."""
    low, high = spec["min"], spec["max"]
    values = np.linspace(low + 0.1 * (high - low), high, n)
    return [round(low + round((v - low) / spec["step"]) * spec["step"], 10) for v in values]


def stats(label: str, ms) -> str:
    ms = np.asarray(ms, dtype=float)
    return (f"{label:20s} median {statistics.median(ms):6.1f}  min {ms.min():6.1f}  "
            f"max {ms.max():6.1f} ms")


# --------------------------------------------------------------------------- in process


def in_process(make, specs, menu: dict | None = None) -> tuple[list[float], list[bool]]:
    """Durations [ms] of figure.update() for the moves of a widget (with its menus set to
    the options of ``menu``, control name to option index), and which moves changed the image
    (a move that does not, for example a dead band too small to matter, sends no image: the
    Image widget only sends a value that differs)."""
    figure = make()
    if menu:
        figure.update(**{control: figure.controls[control]._options_values[index]
                         for control, index in menu.items()})
    durations, changed = [], []
    for k, (control, value) in enumerate(moves(specs, WARMUP + MOVES)):
        before = bytes(figure.image.value)
        start = time.perf_counter()
        figure.update(**{control: value})
        if k >= WARMUP:
            durations.append(1e3 * (time.perf_counter() - start))
        changed.append(bytes(figure.image.value) != before)
    return durations, changed


# --------------------------------------------------------------------------- in a kernel

KERNEL_SETUP = """
import importlib, json, pkgutil
import robodyn.figures
_bench = {}
for _info in pkgutil.iter_modules(robodyn.figures.__path__, "robodyn.figures."):
    for _make in getattr(importlib.import_module(_info.name), "WIDGETS", ()):
        _bench[_info.name.rsplit(".", 1)[-1] + "." + _make.__name__] = _make()
import ipywidgets
_bare = ipywidgets.FloatSlider(value=0.0, min=0.0, max=1.0, step=0.01)  # nothing observes it
print(json.dumps({"_bare": _bare.model_id, **{
    name: {"image": f.image.model_id,
           "controls": {c: {"id": w.model_id, "min": w.min, "max": w.max, "step": w.step,
                            "value": w.value} for c, w in f.controls.items()
                        if hasattr(w, "min")},
           "menus": {c: {"id": w.model_id, "index": w.index,
                         "options": [str(v) for v in w._options_values]}
                     for c, w in f.controls.items() if isinstance(w, ipywidgets.Dropdown)}}
    for name, f in _bench.items()}}))
"""


class Kernel:
    """A kernel started with jupyter_client, driven as a notebook frontend drives it."""

    def __init__(self):
        from jupyter_client import KernelManager

        self.manager = KernelManager(kernel_name="python3")
        self.manager.start_kernel()
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=60)

    def execute(self, code: str) -> str:
        """Run code, return what it printed; raise if it failed."""
        msg_id = self.client.execute(code)
        printed, error = [], None
        while True:
            msg = self.client.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                printed.append(content["text"])
            elif kind == "error":
                error = "\n".join(content["traceback"])
            elif kind == "status" and content["execution_state"] == "idle":
                break
        if error:
            raise RuntimeError(error)
        return "".join(printed)

    def send_value(self, model_id: str, value, key: str = "value") -> str:
        """Send a slider's new value (a menu's new ``index``) exactly as JupyterLab does;
        return the message id."""
        content = {"comm_id": model_id,
                   "data": {"method": "update", "state": {key: value}, "buffer_paths": []}}
        msg = self.client.session.msg("comm_msg", content)
        self.client.shell_channel.send(msg)
        return msg["header"]["msg_id"]

    def next_event(self, image_id: str, timeout: float):
        """The next iopub message as (kind, arrival time, detail) or None on timeout.

        kind is "image" (detail: the PNG bytes), "idle" (detail: the parent msg_id), "echo",
        or "other".
        """
        try:
            msg = self.client.get_iopub_msg(timeout=timeout)
        except Exception:  # queue.Empty
            return None
        now = time.perf_counter()
        content = msg["content"]
        if msg["msg_type"] == "comm_msg":
            data = content.get("data", {})
            if (content.get("comm_id") == image_id and data.get("method") == "update"
                    and ["value"] in data.get("buffer_paths", [])):
                return "image", now, bytes(msg["buffers"][0])
            if data.get("method") == "echo_update":
                return "echo", now, None
        if msg["msg_type"] == "status" and content["execution_state"] == "idle":
            return "idle", now, msg["parent_header"].get("msg_id")
        return "other", now, None

    def drain(self, quiet: float = 0.3) -> None:
        while self.next_event("", quiet) is not None:
            pass

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


def round_trips(kernel: Kernel, name: str, spec: dict, changed: list[bool]):
    """Sequential moves: durations [ms] and PNG sizes [bytes] of those that change the image,
    and the number of echo messages seen."""
    durations, sizes, echoes = [], [], 0
    for k, (control, value) in enumerate(moves(spec["controls"], WARMUP + MOVES)):
        start = time.perf_counter()
        msg_id = kernel.send_value(spec["controls"][control]["id"], value)
        image_at, png, idle = None, None, False
        while (changed[k] and image_at is None) or not idle:
            event = kernel.next_event(spec["image"], timeout=30)
            if event is None:
                raise RuntimeError(f"{name}: no image after moving {control} to {value}")
            kind, at, detail = event
            if kind == "image" and image_at is None:
                image_at, png = at, detail
            elif kind == "idle" and detail == msg_id:
                idle = True
            elif kind == "echo":
                echoes += 1
        if not changed[k]:
            kernel.drain(0.3)  # let a redraw that sends nothing finish
        elif k >= WARMUP:
            durations.append(1e3 * (image_at - start))
            sizes.append(len(png))
    return durations, sizes, echoes


def choose(kernel: Kernel, spec: dict, control: str, index: int) -> None:
    """Set a menu to its option ``index`` and wait until its image is out and all is quiet."""
    kernel.send_value(spec["menus"][control]["id"], index, key="index")
    kernel.drain(1.0)


def menu_settings(spec: dict):
    """(label, {control: option index}) for the defaults and for every other option of every
    menu, one menu changed at a time."""
    yield "defaults", {}
    for control, menu in spec["menus"].items():
        for index, option in enumerate(menu["options"]):
            if index != menu["index"]:
                yield f"{control}={option}", {control: index}


def burst(kernel: Kernel, name: str, spec: dict) -> dict:
    """BURST values of the first control back to back; when the last image came, how many."""
    control, slider = next(iter(spec["controls"].items()))
    values = burst_values(slider, BURST)
    sent = [kernel.send_value(slider["id"], value) for value in values]
    last_sent = time.perf_counter()
    images, last_png, last_at, idle, last_idle = 0, None, None, set(), None
    while True:
        event = kernel.next_event(spec["image"], timeout=QUIET)
        if event is None:
            if len(idle) == len(sent):
                break
            continue
        kind, at, detail = event
        if kind == "image":
            images, last_png, last_at = images + 1, detail, at
        elif kind == "idle" and detail in sent:
            idle.add(detail)
            last_idle = at
    check = kernel.execute(
        "import hashlib, json\n"
        f"_f = _bench[{name!r}]\n"
        "print(json.dumps([hashlib.sha256(bytes(_f.image.value)).hexdigest(),"
        f" _f.values()[{control!r}]]))"
    )
    digest, final_value = json.loads(check)
    return {
        "ms": 1e3 * (last_at - last_sent), "images": images,
        "read_ms": 1e3 * (last_idle - last_sent),
        "final_is_last_value": final_value == values[-1]
        and hashlib.sha256(last_png).hexdigest() == digest,
        "control": control,
    }


def simulations() -> None:
    """What the waypoint widget's model costs on its own, and the dynamic model for scale."""
    from robodyn import diffdrive
    from robodyn.diffdrive.waypoints import FollowerSettings
    from robodyn.figures.diffdrive import COURSE

    params, settings = diffdrive.DiffDriveParams(), FollowerSettings(COURSE, tolerance=0.1)
    print()
    for model in ("kinematic", "dynamic"):
        durations = []
        for _ in range(5):
            start = time.perf_counter()
            diffdrive.simulate(params, settings, model=model, t_max=60.0)
            durations.append(1e3 * (time.perf_counter() - start))
        print(stats(f"simulate({model})", durations))


def reading_floor(kernel: Kernel, bare_id: str) -> float:
    """ms until the kernel is idle after BURST messages to a slider nothing observes."""
    values = [round(0.01 * (k + 1), 2) for k in range(BURST)]
    sent = {kernel.send_value(bare_id, value) for value in values}
    last_sent, idle = time.perf_counter(), set()
    while len(idle) < len(sent):
        event = kernel.next_event("", timeout=30)
        if event is None:
            raise RuntimeError("the kernel did not answer the bare slider")
        kind, at, detail = event
        if kind == "idle" and detail in sent:
            idle.add(detail)
    return 1e3 * (at - last_sent)


def encoding(make) -> str:
    """Median ms of rgba_png and of Pillow (compress_level=1) on the widget's image."""
    import io

    import PIL.Image

    from robodyn.plotting.interactive import rgba_png

    canvas = make().figure.canvas
    width, height = canvas.get_width_height(physical=True)

    def pillow():
        pixels = PIL.Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw",
                                      "RGBA", 0, 1)
        buffer = io.BytesIO()
        pixels.save(buffer, format="png", compress_level=1)
        return buffer.getvalue()

    times = {}
    for label, encode in (("rgba_png", lambda: rgba_png(canvas)), ("Pillow", pillow)):
        durations = []
        for _ in range(MOVES):
            start = time.perf_counter()
            png = encode()
            durations.append(1e3 * (time.perf_counter() - start))
        times[label] = f"{label} {statistics.median(durations):.1f} ms ({len(png) / 1e3:.0f} kB)"
    return f"  PNG of {width}x{height} px: " + ", ".join(times.values())


def main() -> None:
    widgets = [(name, make) for name, make in book_widgets()
               if not sys.argv[1:] or any(part in name for part in sys.argv[1:])]
    print(f"{len(widgets)} widgets; {MOVES} moves each after {WARMUP} warm-up moves; "
          f"{BURST}-message bursts. Python {sys.version.split()[0]}")
    kernel = Kernel()
    try:
        specs = json.loads(kernel.execute(KERNEL_SETUP).strip().splitlines()[-1])
        kernel.drain()
        floor = reading_floor(kernel, specs.pop("_bare"))
        kernel.drain()
        print(f"the kernel reads {BURST} slider messages that nothing observes in {floor:.0f} ms")
        table = []
        for name, make in widgets:
            spec = specs[name]
            for label, indices in menu_settings(spec):
                for control, index in indices.items():
                    choose(kernel, spec, control, index)
                local, changed = in_process(make, spec["controls"], indices)
                trips, sizes, echoes = round_trips(kernel, name, spec, changed)
                kernel.drain()
                result = burst(kernel, name, spec)
                kernel.drain()
                for control in indices:
                    choose(kernel, spec, control, spec["menus"][control]["index"])
                print(f"\n{name}, {label}  (sliders: {', '.join(spec['controls'])})")
                print("  " + stats("update()", local))
                print("  " + stats("round trip", trips) + f"   ({len(trips)} moves that "
                      f"change the image; PNG {statistics.median(sizes) / 1e3:.0f} kB; "
                      f"{echoes} echoes)")
                if not indices:
                    print(encoding(make))
                print(f"  burst of {BURST} moves of {result['control']!r} sent back to back: "
                      f"last image {result['ms']:.0f} ms after the last message was sent, "
                      f"{result['images']} images sent; the kernel was done reading the "
                      f"messages at {result['read_ms']:.0f} ms; final image "
                      f"{'is' if result['final_is_last_value'] else 'IS NOT'} the last "
                      "value's")
                table.append((name, label, statistics.median(trips), result))
    finally:
        kernel.close()
    print(f"\nsummary: median round trip (aim {AIM_MS:.0f} ms); a burst of {BURST} moves "
          "settled within two updates once the kernel had read it")
    for name, label, median, result in table:
        settled = (result["final_is_last_value"]
                   and result["ms"] - result["read_ms"] <= 2 * median)
        print(f"  {name + ', ' + label:48s} {median:6.1f} ms "
              f"{'ok  ' if median <= AIM_MS else 'SLOW'}   burst {result['ms']:5.0f} ms "
              f"{'settled' if settled else 'NOT SETTLED'}")
    simulations()


if __name__ == "__main__":
    main()
