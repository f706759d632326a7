"""The reader's view: build the book, open every page in headless Chromium, look at it.

Checks what a reader would notice: the build itself is free of warnings; on every page the
math is typeset (no raw TeX left in the text), every image has loaded, the chapter's static
widget figures and animations are there, no error output or traceback is shown, and nothing
is fetched from the internet. Screenshots go to ``_build/screenshots/`` for a human to look at.

Needs Chromium (Debian package ``chromium``). Without it the tests are skipped, except under
CI (``CI`` set), where a missing browser is a failure.
"""

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml

from robodyn.bookbuild import build_book

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
RAW_TEX_MARKERS = ["$$", "\\frac", "\\begin{", "\\dot", "\\theta", "\\omega", "\\("]

pytestmark = pytest.mark.book


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built book without logging every request."""

    def log_message(self, *args):
        pass


def _require_chromium():
    if CHROMIUM is None:
        message = "the reader's-view check needs Chromium: apt-get install chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def built_book():
    """Build the student edition exactly as `make book` does, warnings being errors."""
    return build_book(ROOT, capture=True)


def test_book_builds_without_warnings(built_book):
    """`jupyter-book build -W` succeeds: no cell error and no Sphinx warning."""
    assert built_book.returncode == 0, built_book.stdout[-6000:] + built_book.stderr[-6000:]
    assert (HTML / "index.html").exists()


def _toc_files(entries) -> list[str]:
    files = []
    for entry in entries or []:
        if "file" in entry:
            files.append(entry["file"])
        files += _toc_files(entry.get("chapters")) + _toc_files(entry.get("sections"))
    return files


def _pages() -> list[Path]:
    """The built page of every document in _toc.yml (stale pages of old builds are ignored)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [toc["root"]] + _toc_files(toc.get("parts")) + _toc_files(toc.get("chapters"))
    return [HTML / f"{Path(name).with_suffix('')}.html" for name in files]


@pytest.fixture(scope="module")
def browser(built_book):
    """A headless Chromium looking at the built book through a local web server."""
    _require_chromium()
    if built_book.returncode != 0:
        pytest.fail("the book did not build; see test_book_builds_without_warnings")
    from playwright.sync_api import sync_playwright

    handler = functools.partial(QuietHandler, directory=str(HTML))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium, f"http://127.0.0.1:{server.server_port}"
        chromium.close()
    server.shutdown()


def look_at(browser, page_path: Path) -> dict:
    """Open one page as a reader would; return what is seen on it."""
    chromium, base = browser
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    outside = []
    page.on(
        "request",
        lambda request: outside.append(request.url)
        if urlparse(request.url).hostname not in ("127.0.0.1", None)
        and not request.url.startswith("data:")
        else None,
    )
    console_errors = []
    page.on("console", lambda msg: console_errors.append(msg.text) if msg.type == "error" else None)
    relative = page_path.relative_to(HTML).as_posix()
    page.goto(f"{base}/{relative}", wait_until="networkidle")
    page.wait_for_function(
        "() => !window.MathJax || !MathJax.startup || !MathJax.startup.promise"
        " ? true : MathJax.startup.promise.then(() => true)",
        timeout=30000,
    )
    seen = page.evaluate(
        """() => {
        const main = document.querySelector('main') || document.body;
        const imgs = Array.from(document.querySelectorAll('main img'));
        return {
          text: main.innerText,
          math: document.querySelectorAll('mjx-container').length,
          images: imgs.length,
          broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0))
                      .map(i => i.src.slice(0, 80)),
          static_figures: document.querySelectorAll('figure.robodyn-static-figure img').length,
          animations: document.querySelectorAll('.animation img, .animation').length,
          errors: document.querySelectorAll(
              '.output.error, .output.traceback, .output.stderr').length,
        };
    }"""
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / (relative.replace("/", "__") + ".png")), full_page=True)
    context.close()
    seen["outside"] = outside
    seen["console_errors"] = console_errors
    return seen


def test_every_page_reads_cleanly(browser):
    """Every page: math typeset, images loaded, no error output, nothing from the internet."""
    pages = _pages()
    assert len(pages) >= 6, pages
    missing = [str(page) for page in pages if not page.exists()]
    assert not missing, f"pages in _toc.yml that were not built: {missing}"
    problems = []
    for path in pages:
        seen = look_at(browser, path)
        name = path.relative_to(HTML).as_posix()
        for marker in RAW_TEX_MARKERS:
            if marker in seen["text"]:
                problems.append(f"{name}: raw TeX {marker!r} left in the text")
        if seen["broken"]:
            problems.append(f"{name}: images not loaded: {seen['broken']}")
        if seen["errors"] or "Traceback (most recent call last)" in seen["text"]:
            problems.append(f"{name}: error output shown")
        if "Interactive figure with controls" in seen["text"]:
            problems.append(f"{name}: a widget's text fallback is shown instead of its figure")
        if seen["outside"]:
            problems.append(f"{name}: fetched from the internet: {seen['outside'][:3]}")
        if seen["console_errors"]:
            problems.append(f"{name}: browser console errors: {seen['console_errors'][:3]}")
    assert not problems, "\n".join(problems)


def test_chapters_show_math_figures_and_animations(browser):
    """Each chapter page has typeset math, its static widget figures and an animation."""
    chapters = sorted((HTML / "chapters").glob("*.html"))
    assert chapters
    for path in chapters:
        seen = look_at(browser, path)
        assert seen["math"] >= 10, f"{path.name}: only {seen['math']} typeset formulas"
        assert seen["static_figures"] >= 2, f"{path.name}: static widget figures missing"
        assert seen["animations"] >= 1, f"{path.name}: no animation"
        assert seen["images"] >= 5, f"{path.name}: only {seen['images']} images"
