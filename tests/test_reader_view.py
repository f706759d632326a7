"""The reader's view: build the book, open every page in headless Chromium, look at it.

Playwright drives Chromium through its DevTools protocol at a 1280 x 900 window and fails a
page on anything a reader would notice:

- an uncaught JavaScript error (``pageerror``, and the protocol's ``Runtime.exceptionThrown``),
  an error in the console, or an error the browser itself logs (protocol ``Log`` domain:
  failed loads, blocked requests);
- a request that leaves the machine: every request to a host other than 127.0.0.1 is
  recorded and aborted (``data:`` and ``blob:`` URLs aside), so the check holds offline;
- raw TeX left in the text (math not typeset), an image that did not load, error output
  (stderr, such as a warning) or a traceback, a path of the machine that built the page,
  a widget's text fallback instead of its static figure;
- a code block, output area or display formula wider than its column (``scrollWidth >
  clientWidth + 1``: it would scroll sideways), or a page wider than the window;
- a launch or repository button although ``repository.url`` is empty (it would lead nowhere).

Chapter pages must also show typeset math, the static figures of their widgets and an
animation. A full-page screenshot of every page goes to ``_build/screenshots/`` for a human to
look at (JPEG: a tall page encodes in half the time of a PNG). One more build, with a
real-looking repository URL in a copy of ``_config.yml``, checks that the launch buttons then
appear and point at that repository.

Needs Chromium (Debian package ``chromium``). Without it the tests are skipped, except under
CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import functools
import http.server
import math
import os
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml

from robodyn.tools.bookbuild import build_book, output_dir, toc_files
from robodyn.tools.nblint import MAX_LINE_LENGTH

ROOT = Path(__file__).resolve().parents[1]
#: The test run's build (its own folder: conftest.py sets the smaller sweeps).
HTML = output_dir(ROOT) / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
WITH_URL = ROOT / "_build" / "with-url"
REAL_LOOKING_URL = "https://github.com/robodyn-book/robot-dynamics-hands-on"
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
VIEWPORT = {"width": 1280, "height": 900}
RAW_TEX_MARKERS = ["$$", "\\frac", "\\begin{", "\\dot", "\\theta", "\\omega", "\\("]
#: Blocks that must not scroll sideways: code, printed output, display math.
WIDE_BLOCKS = (
    "main pre, main div.highlight, main div.cell_output, main div.output,"
    " main div.math, main mjx-container[display='true']"
)
#: Hosts that launch and repository buttons lead to.
OFFSITE_BUTTON_HOSTS = ("mybinder.org", "colab.research.google.com", "github.com",
                        "gitlab.com", "bitbucket.org", "deepnote.com")

pytestmark = pytest.mark.notebooks


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


def _is_local(url: str) -> bool:
    """True for the local server and for URLs that carry their content (data:, blob:)."""
    if url.startswith(("data:", "about:")):
        return True
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    return urlparse(url).hostname == "127.0.0.1"


@pytest.fixture(scope="module")
def built_book():
    """Build the student edition exactly as `make book` does, warnings being errors."""
    return build_book(ROOT, capture=True)


def test_book_builds_without_warnings(built_book):
    """`jupyter-book build -W` succeeds: no cell error and no Sphinx warning."""
    assert built_book.returncode == 0, built_book.stdout[-6000:] + built_book.stderr[-6000:]
    assert (HTML / "index.html").exists()


def _pages(html: Path = HTML) -> list[Path]:
    """The built page of every document in _toc.yml (stale pages of old builds are ignored)."""
    return [html / f"{Path(name).with_suffix('')}.html" for name in toc_files(ROOT / "_toc.yml")]


class Browser:
    """A headless Chromium looking at one built site through a local web server."""

    def __init__(self, playwright, html: Path):
        self.html = html
        handler = functools.partial(QuietHandler, directory=str(html))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.chromium = playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=CHROMIUM_FLAGS)

    def close(self):
        self.chromium.close()
        self.server.shutdown()
        self.server.server_close()

    def look_at(self, page_path: Path, screenshot: Path | None = None) -> dict:
        """Open one page as a reader would; return what is seen on it."""
        context = self.chromium.new_context(viewport=VIEWPORT)
        outside: list[str] = []

        def block_outside(route):
            outside.append(route.request.url)
            route.abort()

        context.route(lambda url: not _is_local(url), block_outside)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        page.on("console", lambda msg: errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)
        page.on("request", lambda request: outside.append(request.url)
                if not _is_local(request.url) else None)
        devtools = context.new_cdp_session(page)
        devtools.on("Runtime.exceptionThrown", lambda event: errors.append(
            "exception: " + event["exceptionDetails"].get("exception", {}).get(
                "description", event["exceptionDetails"].get("text", ""))))
        devtools.on("Log.entryAdded", lambda event: errors.append(
            f"browser log: {event['entry']['text']} {event['entry'].get('url', '')}")
            if event["entry"]["level"] == "error" else None)
        devtools.send("Runtime.enable")
        devtools.send("Log.enable")
        relative = page_path.relative_to(self.html).as_posix()
        page.goto(f"{self.base}/{relative}", wait_until="networkidle")
        page.wait_for_function(
            "() => !window.MathJax || !MathJax.startup || !MathJax.startup.promise"
            " ? true : MathJax.startup.promise.then(() => true)",
            timeout=30000,
        )
        seen = page.evaluate(
            """(selector) => {
            const main = document.querySelector('main') || document.body;
            const imgs = Array.from(document.querySelectorAll('main img'));
            const describe = el => el.tagName.toLowerCase()
                + (el.className && typeof el.className === 'string'
                   ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
                + ' "' + (el.innerText || '').trim().split('\\n')[0].slice(0, 60) + '"';
            const wide = Array.from(document.querySelectorAll(selector))
                .filter(el => el.scrollWidth > el.clientWidth + 1)
                .map(el => describe(el) + ` ${el.scrollWidth} > ${el.clientWidth} px`);
            const header = document.querySelector('.bd-header-article') || document.body;
            const prose = main.cloneNode(true);  // the text without code, which may hold TeX
            prose.querySelectorAll('pre, code, .cell_input, mjx-container, script')
                 .forEach(el => el.remove());
            return {
              text: main.innerText,
              prose: prose.textContent,
              math: document.querySelectorAll('mjx-container').length,
              images: imgs.length,
              broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0))
                          .map(i => i.src.slice(0, 80)),
              static_figures: document.querySelectorAll(
                  'figure.robodyn-static-figure img').length,
              animations: document.querySelectorAll('.animation img, .animation').length,
              // 3D scenes (robodyn.plotting.scene3d): how many, and how many have drawn
              scenes: document.querySelectorAll('.robodyn-scene3d canvas').length,
              scenes_drawn: Array.from(document.querySelectorAll('.robodyn-scene3d canvas'))
                  .filter(c => {
                      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                      let inked = 0;
                      for (let i = 0; i < d.length; i += 4)
                          if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) inked++;
                      return inked > 0.02 * c.width * c.height;
                  }).length,
              errors: document.querySelectorAll(
                  '.output.error, .output.traceback, .output.stderr').length,
              wide: wide,
              page_width: document.documentElement.scrollWidth,
              window_width: window.innerWidth,
              header_links: Array.from(header.querySelectorAll('a[href]')).map(a => a.href),
              launch_groups: document.querySelectorAll(
                  '.dropdown-launch-buttons, .btn-launch-thebe').length,
              inline_scripts: Array.from(document.querySelectorAll('script:not([src])'))
                  .map(s => s.textContent)
                  .filter(t => t.trim() && t.length < 2000),
            };
        }""",
            WIDE_BLOCKS,
        )
        if screenshot is not None:
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            quality = {"quality": 85} if screenshot.suffix == ".jpg" else {}
            page.screenshot(path=str(screenshot), full_page=True, **quality)
        context.close()
        seen["outside"] = sorted(set(outside))
        seen["page_errors"] = list(dict.fromkeys(errors))
        return seen

    def measure_code_column(self, page_path: Path) -> dict:
        """Characters that fit in the content box of a code cell and of an output block."""
        context = self.chromium.new_context(viewport=VIEWPORT)
        context.route(lambda url: not _is_local(url), lambda route: route.abort())
        page = context.new_page()
        page.goto(f"{self.base}/{page_path.relative_to(self.html).as_posix()}",
                  wait_until="networkidle")
        measured = page.evaluate(
            """() => {
            const columns = pre => {
              const probe = document.createElement('span');
              probe.textContent = 'x'.repeat(200);
              pre.appendChild(probe);
              const char = probe.getBoundingClientRect().width / 200;
              probe.remove();
              const style = getComputedStyle(pre);
              const inner = pre.clientWidth - parseFloat(style.paddingLeft)
                            - parseFloat(style.paddingRight);
              return {px: inner, char: char, columns: inner / char,
                      font: style.fontSize + ' ' + style.fontFamily};
            };
            return {code: columns(document.querySelector('main div.cell_input pre')),
                    output: columns(document.querySelector('main div.cell_output pre'))};
        }"""
        )
        context.close()
        return measured


@pytest.fixture(scope="module")
def playwright():
    """Playwright, started once for the module (its sync API runs one event loop)."""
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(built_book, playwright):
    """A headless Chromium looking at the built student edition."""
    if built_book.returncode != 0:
        pytest.fail("the book did not build; see test_book_builds_without_warnings")
    chromium = Browser(playwright, HTML)
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def seen_pages(browser) -> dict[str, dict]:
    """Every page of _toc.yml looked at once, with a screenshot; name -> what was seen."""
    pages = _pages()
    assert len(pages) >= 6, pages
    missing = [str(page) for page in pages if not page.exists()]
    assert not missing, f"pages in _toc.yml that were not built: {missing}"
    for old in [*SHOTS.glob("*.png"), *SHOTS.glob("*.jpg")]:
        old.unlink()
    seen = {}
    for path in pages:
        name = path.relative_to(HTML).as_posix()
        seen[name] = browser.look_at(path, SHOTS / (name.replace("/", "__") + ".jpg"))
    return seen


#: Paths a page must never show: the build machine's repository, its Python and its home.
MACHINE_PATHS = (str(ROOT), "site-packages", "dist-packages", str(Path.home()) + "/",
                 "/tmp/", sys.prefix)


def _machine_paths(text: str) -> list[str]:
    """The lines of ``text`` that show a path of the machine that built the page."""
    return sorted({line.strip()[:120] for line in text.splitlines()
                   if any(path in line for path in MACHINE_PATHS)})


def problems_of(name: str, seen: dict) -> list[str]:
    """What a reader would notice on one page, one line per problem."""
    problems = []
    for marker in RAW_TEX_MARKERS:
        if marker in seen["prose"]:
            problems.append(f"{name}: raw TeX {marker!r} left in the text")
    if seen["broken"]:
        problems.append(f"{name}: images not loaded: {seen['broken']}")
    if seen["errors"] or "Traceback (most recent call last)" in seen["text"]:
        problems.append(f"{name}: error output shown")
    for path in _machine_paths(seen["text"]):
        problems.append(f"{name}: shows a path of the machine that built it: {path}")
    if "Interactive figure with controls" in seen["text"]:
        problems.append(f"{name}: a widget's text fallback is shown instead of its figure")
    if seen["outside"]:
        problems.append(f"{name}: requests leaving the machine: {seen['outside'][:3]}")
    for error in seen["page_errors"]:
        problems.append(f"{name}: {error}")
    for block in seen["wide"]:
        problems.append(f"{name}: scrolls sideways: {block}")
    if seen["page_width"] > seen["window_width"]:
        problems.append(f"{name}: page {seen['page_width']} px wide in a "
                        f"{seen['window_width']} px window")
    return problems


def test_every_page_reads_cleanly(seen_pages):
    """No script error, nothing from the internet, no raw TeX, nothing scrolls sideways."""
    problems = [p for name, seen in seen_pages.items() for p in problems_of(name, seen)]
    assert not problems, "\n".join(problems)


def test_screenshots_of_every_page(seen_pages):
    """A non-empty full-page screenshot of each page, for a human to look at."""
    for name in seen_pages:
        shot = SHOTS / (name.replace("/", "__") + ".jpg")
        assert shot.exists() and shot.stat().st_size > 10_000, shot


def test_chapters_show_math_figures_and_animations(seen_pages):
    """Each chapter page has typeset math, a static widget figure and an animation, a jshtml
    player or a 3D scene, and every 3D scene has drawn (that every widget shows its static
    figure is checked on every page: no text fallback)."""
    chapters = {name: seen for name, seen in seen_pages.items() if name.startswith("chapters/")}
    assert chapters
    for name, seen in chapters.items():
        assert seen["math"] >= 10, f"{name}: only {seen['math']} typeset formulas"
        assert seen["static_figures"] >= 1, f"{name}: static widget figures missing"
        assert seen["animations"] + seen["scenes"] >= 1, f"{name}: no animation"
        assert seen["scenes_drawn"] == seen["scenes"], f"{name}: a 3D scene did not draw"
        assert seen["images"] >= 5, f"{name}: only {seen['images']} images"


def test_inline_scripts_appear_once(seen_pages):
    """No inline script is written twice (a `const` declared twice throws on every page)."""
    for name, seen in seen_pages.items():
        scripts = seen["inline_scripts"]
        twice = sorted({s[:80] for s in scripts if scripts.count(s) > 1})
        assert not twice, f"{name}: inline scripts written twice: {twice}"
        assert not any("THEBE" in s or "thebe" in s for s in scripts), name


def _offsite_buttons(seen: dict) -> list[str]:
    return [href for href in seen["header_links"]
            if urlparse(href).hostname in OFFSITE_BUTTON_HOSTS]


def test_no_launch_button_without_a_repository(seen_pages):
    """With `repository.url` empty, no page shows a button that leads off the site."""
    url = yaml.safe_load((ROOT / "_config.yml").read_text())["repository"]["url"]
    if url:
        pytest.skip(f"repository.url is set ({url}); test_launch_buttons_with_a_repository")
    for name, seen in seen_pages.items():
        assert not _offsite_buttons(seen), f"{name}: {_offsite_buttons(seen)}"
        assert seen["launch_groups"] == 0, f"{name}: a launch-button menu"
    chapter = seen_pages["chapters/04_differential_drive.html"]
    assert any(href.endswith("_sources/chapters/04_differential_drive.ipynb")
               for href in chapter["header_links"]), "the .ipynb download button is gone"


def test_code_column_fits_the_line_limit(browser):
    """A code block holds more characters at 1280 px than the notebook linter allows."""
    measured = browser.measure_code_column(HTML / "chapters" / "04_differential_drive.html")
    for kind in ("code", "output"):
        columns = math.floor(measured[kind]["columns"] + 1e-6)
        assert MAX_LINE_LENGTH <= columns, (
            f"{kind} blocks hold {measured[kind]['columns']:.1f} characters "
            f"({measured[kind]}), the linter allows {MAX_LINE_LENGTH}"
        )


def _config_with_url(url: str) -> Path:
    """A copy of _config.yml with ``repository.url`` set, for a build into _build/with-url
    that renders the notebooks without running them."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    config["repository"]["url"] = url
    # The buttons do not depend on the outputs: this build executes nothing (each notebook
    # runs once per test run, in the main build).
    config["execute"]["execute_notebooks"] = "off"
    config["sphinx"]["local_extensions"] = {
        name: str((ROOT / path).resolve())
        for name, path in config["sphinx"]["local_extensions"].items()
    }
    WITH_URL.mkdir(parents=True, exist_ok=True)
    path = WITH_URL / "_config.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    return path


def test_launch_buttons_with_a_repository(playwright):
    """With a real-looking URL, chapters get Binder, Colab and repository buttons to it."""
    run = build_book(ROOT, capture=True, config=_config_with_url(REAL_LOOKING_URL),
                     build_root=WITH_URL)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    html = WITH_URL / "_build" / "html"
    chromium = Browser(playwright, html)
    try:
        chapter = chromium.look_at(html / "chapters" / "04_differential_drive.html")
        exercise = chromium.look_at(html / "exercises" / "04_differential_drive.html")
        intro = chromium.look_at(html / "book" / "intro.html")
    finally:
        chromium.close()
    assert not problems_of("chapter with URL", chapter)
    org_repo = urlparse(REAL_LOOKING_URL).path.strip("/")
    notebook = "chapters/04_differential_drive.ipynb"
    buttons = _offsite_buttons(chapter)
    wanted = [
        f"https://mybinder.org/v2/gh/{org_repo}/main?urlpath=lab/tree/{notebook}",
        f"https://colab.research.google.com/github/{org_repo}/blob/main/{notebook}",
        REAL_LOOKING_URL,
    ]
    for href in wanted:
        assert href in buttons, f"{href} not among the chapter's buttons {buttons}"
    assert any(href.startswith("https://colab.research.google.com/github/")
               and href.endswith("exercises/04_differential_drive.ipynb")
               for href in _offsite_buttons(exercise)), _offsite_buttons(exercise)
    assert _offsite_buttons(intro) == [REAL_LOOKING_URL], "a text page: repository button only"


BAD_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8">
<script>const once = 1;</script><script>const once = 1;</script>
<script>console.error("a console error");</script>
</head><body><main style="width: 600px">
<p>Raw TeX a reader would see: $$\\frac{a}{b}$$</p>
<pre style="overflow-x: auto">{long_line}</pre>
<img src="missing.png" alt="broken">
<img src="https://example.com/picture.png" alt="from the internet">
<div class="output error">Traceback (most recent call last):</div>
<p>/usr/lib/python3/site-packages/scipy/radau.py:171: RuntimeWarning</p>
</main></body></html>
"""


def test_the_check_catches_what_a_reader_would_notice(playwright, tmp_path):
    """On a page made to be bad, every kind of problem is reported (the check can fail)."""
    (tmp_path / "bad.html").write_text(BAD_PAGE.replace("{long_line}", "x = 1  # " + "y" * 150))
    chromium = Browser(playwright, tmp_path)
    try:
        seen = chromium.look_at(tmp_path / "bad.html", tmp_path / "bad.png")
    finally:
        chromium.close()
    report = "\n".join(problems_of("bad.html", seen))
    for expected in ("raw TeX '$$'", "raw TeX '\\\\frac'", "images not loaded",
                     "error output shown", "requests leaving the machine",
                     "https://example.com/picture.png", "uncaught: ", "already been declared",
                     "console: a console error", "scrolls sideways: pre",
                     "shows a path of the machine that built it"):
        assert expected in report, f"{expected!r} not reported:\n{report}"
    assert (tmp_path / "bad.png").stat().st_size > 0
