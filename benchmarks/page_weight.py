"""What each page of the built book weighs with everything it loads, as a web host sends it.

Opens every page of ``_toc.yml`` in the book that ``make book`` built (``_build/html``: all
animation frames, the full sweeps) in headless Chromium, served by
:mod:`booktools.serve` (text compressed with gzip, as GitHub Pages or any web server
sends it), and prints per page the bytes transferred, the bytes once uncompressed, and the
three largest things it loaded. The book's limit is 3 MB transferred (issue 21); the
reader's-view test holds every page to it.

Run with ``.venv/bin/python benchmarks/page_weight.py`` after ``make book``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from booktools import serve
from booktools.bookbuild import toc_files

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
LIMIT = 3_000_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def weigh(browser, base: str, page: str, viewport: dict) -> tuple[int, int, list]:
    """(bytes transferred, bytes uncompressed, [(bytes, url)] largest first) of one page."""
    context = browser.new_context(viewport=viewport)
    tab = context.new_page()
    devtools = context.new_cdp_session(tab)
    wire, body, urls = {}, {}, {}
    devtools.on("Network.responseReceived",
                lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
    devtools.on("Network.dataReceived", lambda e: body.__setitem__(
        e["requestId"], body.get(e["requestId"], 0) + e["dataLength"]))
    devtools.on("Network.loadingFinished",
                lambda e: wire.__setitem__(e["requestId"], e["encodedDataLength"]))
    devtools.send("Network.enable")
    tab.goto(f"{base}/{page}", wait_until="networkidle")
    tab.wait_for_timeout(500)
    context.close()
    largest = sorted(((size, urls.get(key, "?")) for key, size in wire.items()), reverse=True)
    return sum(wire.values()), sum(body.values()), largest[:3]


def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None or not (HTML / "index.html").exists():
        print("needs Chromium and a built book (make book)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    server = serve.start(HTML)
    base = f"http://127.0.0.1:{server.server_port}"
    pages = [f"{name}.html" for name in toc_files(ROOT / "_toc.yml")]
    print(f"{'page':42} {'sent, 1280 px':>14} {'uncompressed':>13} {'sent, 390 px':>13}  "
          "largest (sent)")
    heavy = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for page in pages:
            sent, raw, largest = weigh(browser, base, page, {"width": 1280, "height": 900})
            phone, _, _ = weigh(browser, base, page, {"width": 390, "height": 844})
            heavy += max(sent, phone) > LIMIT
            names = ", ".join(f"{url.rsplit('/', 1)[-1].split('?')[0][:24]} {size / 1e3:.0f} kB"
                              for size, url in largest)
            print(f"{page:42} {sent / 1e6:11.2f} MB {raw / 1e6:10.2f} MB {phone / 1e6:10.2f} MB"
                  f"  {names}")
        browser.close()
    server.shutdown()
    print(f"{heavy} page(s) over {LIMIT / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
