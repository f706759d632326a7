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
- a launch or repository button although ``repository.url`` is empty (it would lead nowhere);
- an image, animation or 3D view that is not a numbered figure with a caption, an image
  without alternative text (or with a file name, raw TeX or the animations' generic text for
  one), a display formula of a chapter
  without its number, a "section 2.2", "Eq. (3.4)" or "Fig. 5.2" in the prose that is not a
  link;
- a page heavier than :data:`MAX_PAGE_BYTES` with everything it loads, as a web host sends
  it (compressed: :mod:`booktools.serve` gzips text as GitHub Pages or any web server does; the
  animations counted with all their frames, also where the test switch drew only a few).

Every page is looked at again at a phone's 390 x 844 (the same page, its window made narrow
after the first look: loaded and typeset once; a test holds what is seen so equal to what a
page loaded at 390 px shows), where nothing may make the page scroll
sideways and no image, animation, 3D view or figure may reach past the column (code, tables
and formulas too wide for it scroll inside their own box), nor be scaled down so far that
its smallest text (10 points, :data:`SMALLEST_FIGURE_TEXT_PX`) ends up below 9 px. At 390 px
and 900 px the chapter list and the page contents are opened by clicking the buttons a person
clicks, and a link in each is followed.

Each chapter (its one page, or a chapter folder's opening page, lessons and summary together,
:mod:`booktools.chapters`) must also show typeset math, the static figures of its widgets and
an animation, and number its formulas, figures and sections per chapter across its pages; the
opening page and every lesson of a chapter folder must show a figure within the first two
screens of the wide window (2 x 900 px), and every page of a chapter must offer the chapter's
download, which holds it. For a human to look at, ``ROBODYN_SCREENSHOTS=1`` (``make
screenshots``) takes a screenshot of the first two screens of every page at both widths
into ``_build/screenshots/`` (``phone/`` for 390 px; JPEG: it encodes in half the time of a
PNG), ``ROBODYN_SCREENSHOTS=full`` of the whole page; they cost 0.4 s of the 2.1 s a page's
two looks take, so a plain test run takes none. One more build, with a real-looking
repository URL in a copy of ``_config.yml``, checks that the launch buttons then appear and
point at that repository; it runs beside the page visits.

Needs Chromium (Debian package ``chromium``). Without it the tests are skipped, except under
CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import base64
import concurrent.futures
import contextlib
import gzip
import io
import json
import math
import os
import re
import shutil
import sys
import time
from html import unescape as html_unescape
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml

from booktools import bundle, serve
from booktools.bookbuild import build_book, output_dir
from booktools.chapters import Chapter, chapters, toc_files
from booktools.nblint import FOLDED_LINE_SHORTER_BY, MAX_LINE_LENGTH
from robodyn.plotting.animation import FRAME_ALT, FRAMES_ATTRIBUTE
from robodyn.plotting.interactive import MIN_FONT_PT, MIN_PHONE_TEXT_PX

ROOT = Path(__file__).resolve().parents[1]
#: The test run's build (its own folder: conftest.py sets the smaller sweeps).
HTML = output_dir(ROOT) / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
#: "1": a screenshot of each page's first two screens at both widths; "full": of the whole
#: page; unset or "0": none.
SCREENSHOTS = os.environ.get("ROBODYN_SCREENSHOTS", "0")
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
#: The book's chapters (booktools.chapters): one notebook or a folder of lessons.
CHAPTERS = chapters(ROOT)
#: A chapter stored as a folder: its pages stand in for "a chapter's page" below.
FOLDER_CHAPTER = next(chapter for chapter in CHAPTERS if chapter.is_folder)
#: The first figure of every page of a chapter folder but its summary: its top within this
#: many px of the page's top at the wide window, two screens of VIEWPORT (2 x 900 px).
FIRST_FIGURE_WITHIN_PX = 2 * VIEWPORT["height"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 900, "height": 900}
#: After the window is made narrow, this long for the page's own resize handlers: the book's
#: script fits the display formulas 150 ms after the last resize event (robodyn-book.js).
RESIZE_SETTLES_MS = 250
#: Smallest text of a figure at its own size, CSS px: MIN_FONT_PT at 100 dpi, the inline
#: backend's and the animations' (the widgets' 96 dpi gives 13.3 px).
SMALLEST_FIGURE_TEXT_PX = MIN_FONT_PT * 100.0 / 72.0
#: Least pixels per screen pixel of a figure at the wide window: the book's figures have
#: twice their size's pixels (issue 39: 100-dpi PNGs were soft on a high-resolution screen),
#: the animations' frames too (as WebP images of few colours, within MAX_PAGE_BYTES).
MIN_DENSITY = 1.5
#: Line colours of matplotlib's default cycle with less than 3:1 contrast on white (orange,
#: pink, olive, cyan), RGB, and how many pixels of them an image may hold (antialiased edges
#: of other colours pass by these now and then).
PALE_COLOURS = [[255, 127, 14], [227, 119, 194], [188, 189, 34], [23, 190, 207]]
MAX_PALE_PIXELS = 30
#: The most of a phone's first screen a page's title may take (issue 39: it took a third).
TITLE_SHARE_OF_PHONE = 0.2
#: A page with everything it loads, as sent over the network (issue 21: at most 3 MB).
MAX_PAGE_BYTES = 3_000_000
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
    return build_book(ROOT, capture=True, build_root=HTML.parents[1])


@pytest.fixture(scope="module")
def book_with_url(built_book):
    """The book built again with a real-looking repository URL (:func:`_config_with_url`),
    into _build/with-url: started as soon as the student edition is built, in a thread, so
    that Sphinx runs beside the page visits; the fixture gives the build's future."""
    if built_book.returncode != 0:
        pytest.fail("the book did not build; see test_book_builds_without_warnings")
    config = _config_with_url(REAL_LOOKING_URL)
    builder = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    future = builder.submit(build_book, ROOT, capture=True, config=config, build_root=WITH_URL)
    builder.shutdown(wait=False)
    yield future
    future.result(timeout=900)  # never leave the build running past the module


def test_book_builds_without_warnings(built_book):
    """`jupyter-book build -W` succeeds: no cell error and no Sphinx warning."""
    assert built_book.returncode == 0, built_book.stdout[-6000:] + built_book.stderr[-6000:]
    assert (HTML / "index.html").exists()


def _pages(html: Path = HTML) -> list[Path]:
    """The built page of every document in _toc.yml (stale pages of old builds are ignored)."""
    return [html / f"{Path(name).with_suffix('')}.html" for name in toc_files(ROOT / "_toc.yml")]


_PLAYER = re.compile(FRAMES_ATTRIBUTE + r'="(\d+) of (\d+)"')
_FRAME = re.compile(r'frames\[\d+\] = "(data:image/[a-z]+;base64,[^"]+)"')


def frames_not_drawn_bytes(page: Path) -> int:
    """Bytes the page would weigh more with every frame of its animations: under the test
    switch a player holds a few of its frames (``data-robodyn-frames="6 of 80"``); each
    missing one is counted at the compressed size of the player's average frame."""
    html = page.read_text(encoding="utf-8") if page.suffix == ".html" else ""
    extra = 0
    for player in html.split('<div class="animation" ')[1:]:
        counts = _PLAYER.match(player)
        frames = _FRAME.findall(player)  # its script follows its <div>
        if counts is None or not frames:
            continue
        drawn, total = int(counts.group(1)), int(counts.group(2))
        mean = sum(len(gzip.compress(frame.encode(), 6)) for frame in frames) / len(frames)
        extra += round((total - drawn) * mean)
    return extra


def _settle(page, pending: set, quiet: float = 0.1, limit: float = 10.0) -> None:
    """Wait until the page has loaded everything it asked for (fonts MathJax fetches while it
    typesets, images) and nothing new for ``quiet`` s: the page as a reader sees it, and all
    its bytes counted. Playwright's "networkidle" does the same with half a second of quiet,
    which every page would pay."""
    deadline = time.monotonic() + limit
    quiet_since = None
    while time.monotonic() < deadline:
        page.wait_for_timeout(25)
        if pending:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= quiet:
            return


class Browser:
    """A headless Chromium looking at one built site through a local web server."""

    def __init__(self, playwright, html: Path):
        self.html = html
        self.server = serve.start(html)  # text gzipped, as a web host sends it
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.chromium = playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=CHROMIUM_FLAGS)

    def close(self):
        self.chromium.close()
        self.server.shutdown()
        self.server.server_close()

    def look_at(self, page_path: Path, screenshot: Path | None = None,
                viewport: dict = VIEWPORT) -> dict:
        """Open one page as a reader would, in a new tab of ``viewport``; return what is
        seen on it and how many bytes it loaded."""
        with self.reader(viewport) as reader:
            return reader.open(page_path).look(screenshot)

    def look_at_both_widths(self, page_path: Path, screenshot: Path | None = None,
                            phone_screenshot: Path | None = None, *,
                            reader: _Reader | None = None) -> tuple[dict, dict]:
        """Open one page at the wide window and look at it, then turn the window into a
        phone's 390 x 844, as a tablet turned on its side does, and look again: (wide, phone).
        The page is loaded and typeset once (a second load costs 1 s of the 1.7 s a visit
        takes); on the narrow window the page's own resize handlers have run
        (:data:`RESIZE_SETTLES_MS`). The phone's entry counts the same bytes and requests.
        In ``reader``'s tab (the visits of a whole book go through one), or in a new one."""
        with (self.reader() if reader is None else contextlib.nullcontext(reader)) as tab:
            visit = tab.open(page_path)
            wide = visit.look(screenshot)
            tab.page.set_viewport_size(PHONE)
            tab.page.wait_for_timeout(RESIZE_SETTLES_MS)
            return wide, visit.look(phone_screenshot)

    @contextlib.contextmanager
    def reader(self, viewport: dict = VIEWPORT):
        """A tab of its own browser context, which can open page after page
        (:meth:`_Reader.open`); closed afterwards."""
        reader = _Reader(self, viewport)
        try:
            yield reader
        finally:
            reader.context.close()

    @contextlib.contextmanager
    def tab(self, relative: str, viewport: dict = VIEWPORT):
        """A new tab of ``viewport`` showing the page at ``relative`` (a path of the site),
        with every request off the machine refused; closed afterwards."""
        context = self.chromium.new_context(viewport=viewport)
        context.route(lambda url: not _is_local(url), lambda route: route.abort())
        page = context.new_page()
        try:
            page.goto(f"{self.base}/{relative}", wait_until="networkidle")
            yield page
        finally:
            context.close()

    def measure_code_column(self, page_path: Path) -> dict:
        """Characters that fit in the content box of an open code cell, of a folded one
        (``hide-input``: None if the page has none) and of an output block."""
        with self.tab(page_path.relative_to(self.html).as_posix()) as page:
            return page.evaluate(
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
            const open = 'main div.cell:not(.tag_hide-input) div.cell_input pre';
            const folded = document.querySelector(
              'main div.cell.tag_hide-input div.cell_input pre');
            return {code: columns(document.querySelector(open)),
                    folded: folded ? columns(folded) : null,
                    output: columns(document.querySelector('main div.cell_output pre'))};
        }"""
            )


class _Reader:
    """One tab in a browser context of its own, which opens one page after another as a
    reader would: every request off the machine refused and recorded, every error the page
    or the browser reports collected, the bytes of every load counted (Playwright's request
    routing turns the HTTP cache off: each page loads all it needs, as on a first visit).
    One tab for many pages saves a new browser process per page, a third of a visit's time."""

    def __init__(self, browser: Browser, viewport: dict = VIEWPORT):
        self.browser, self.viewport = browser, viewport
        self.context = browser.chromium.new_context(viewport=viewport)
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.loaded: dict[str, int] = {}
        self.pending: set[str] = set()

        def block_outside(route):
            self.outside.append(route.request.url)
            route.abort()

        self.context.route(lambda url: not _is_local(url), block_outside)
        page = self.page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)
        page.on("request", lambda request: self.outside.append(request.url)
                if not _is_local(request.url) else None)
        devtools = self.context.new_cdp_session(page)
        devtools.on("Runtime.exceptionThrown", lambda event: self.errors.append(
            "exception: " + event["exceptionDetails"].get("exception", {}).get(
                "description", event["exceptionDetails"].get("text", ""))))
        devtools.on("Log.entryAdded", lambda event: self.errors.append(
            f"browser log: {event['entry']['text']} {event['entry'].get('url', '')}")
            if event["entry"]["level"] == "error" else None)
        devtools.on("Network.requestWillBeSent",
                    lambda event: self.pending.add(event["requestId"]))
        devtools.on("Network.loadingFinished", lambda event: (
            self.loaded.__setitem__(event["requestId"], event["encodedDataLength"]),
            self.pending.discard(event["requestId"])))
        devtools.on("Network.loadingFailed",
                    lambda event: self.pending.discard(event["requestId"]))
        devtools.send("Runtime.enable")
        devtools.send("Log.enable")
        devtools.send("Network.enable")

    def open(self, page_path: Path) -> _Visit:
        """Load the page at ``page_path`` in the tab at its own size, wait until it is typeset
        and has loaded everything it asked for; what it reports from now on is its own."""
        for record in (self.outside, self.errors, self.loaded, self.pending):
            record.clear()
        self.page.set_viewport_size(self.viewport)
        relative = page_path.relative_to(self.browser.html).as_posix()
        self.page.goto(f"{self.browser.base}/{relative}", wait_until="load")
        self.page.wait_for_function(
            "() => !window.MathJax || !MathJax.startup || !MathJax.startup.promise"
            " ? true : MathJax.startup.promise.then(() => true)",
            timeout=30000,
        )
        _settle(self.page, self.pending)
        return _Visit(self.page, page_path, self.outside, self.errors, self.loaded)


class _Visit:
    """A page open in a reader's tab (:meth:`_Reader.open`) and what it has reported so far."""

    def __init__(self, page, page_path: Path, outside: list, errors: list, loaded: dict):
        self.page, self.page_path = page, page_path
        self.outside, self.errors, self.loaded = outside, errors, loaded

    def look(self, screenshot: Path | None = None) -> dict:
        """What a reader sees on the page at its window's size now, with the requests,
        errors and bytes of the visit so far; a screenshot to ``screenshot`` if given."""
        viewport = self.page.viewport_size
        seen = self.page.evaluate(
            """(selector) => {
            const main = document.querySelector('main') || document.body;
            const imgs = Array.from(document.querySelectorAll('main img'));
            // an image's own width in CSS px: its width attribute, or the width in px its
            // style gives it (a "retina" figure's: half its pixels), else its pixels
            const cssWidth = i => parseFloat(i.getAttribute('width'))
                || (/px$/.test(i.style.width) ? parseFloat(i.style.width) : 0)
                || i.naturalWidth;
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
                  '.robodyn-static-figure img').length,
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
              // figures: every image, animation and 3D view in a numbered, captioned figure
              unnumbered_figures: Array.from(
                      (document.querySelector('article.bd-article') || main).querySelectorAll(
                          'img, .animation, .robodyn-scene3d'))
                  .filter(el => !(el.closest('.animation') && el.tagName === 'IMG'))
                  .filter(el => {
                      const figure = el.closest('figure');
                      return !(figure && figure.querySelector('figcaption .caption-number'));
                  })
                  .map(describe),
              bad_alts: imgs.filter(i => !(i.alt || '').trim()
                                         || /\\.(png|jpe?g|gif|svg|webp)$/i.test(i.alt.trim())
                                         || /\\\\[A-Za-z]+/.test(i.alt)
                                         || i.alt.trim() === FRAME_ALT)
                  .map(i => (i.alt || '(none)') + ' ' + i.src.slice(-40)),
              // the text's display formulas (not a cell's printed formula)
              display_math: Array.from(main.querySelectorAll('div.math'))
                  .filter(m => !m.closest('.cell_output')).length,
              unnumbered_math: Array.from(main.querySelectorAll('div.math'))
                  .filter(m => !m.closest('.cell_output') && !m.querySelector('.eqno'))
                  .map(m => m.textContent.trim().slice(0, 60)),
              // the numbers as shown, in the page's order: "(4.1)", "Fig. 4.1", "4.1.2"
              equation_numbers: Array.from(main.querySelectorAll('div.math .eqno'))
                  .filter(e => !e.closest('.cell_output'))
                  .map(e => (e.textContent.match(/\\([0-9.]+\\)/) || [''])[0]),
              figure_numbers: Array.from(main.querySelectorAll('figure .caption-number'))
                  .map(e => e.textContent.trim()),
              section_numbers: Array.from(main.querySelectorAll(
                      'h1 .section-number, h2 .section-number, h3 .section-number'))
                  .map(e => e.textContent.trim().replace(/\\.$/, '')),
              // how far down the page the first figure, image, drawing or animation starts
              first_figure_top: (() => {
                  const tops = Array.from(
                          (document.querySelector('article.bd-article') || main)
                              .querySelectorAll(
                                  'figure, img, svg, canvas, .animation, .robodyn-scene3d'))
                      .filter(el => !el.closest('mjx-container, .headerlink, button'))
                      .map(el => el.getBoundingClientRect())
                      .filter(box => box.width >= 100 && box.height >= 60)
                      .map(box => box.top + window.scrollY);
                  return tops.length ? Math.min(...tops) : null;
              })(),
              // "section 2.2", "Eq. (3.4)", "Fig. 5.2" in the prose, not in a link
              plain_references: (() => {
                  const found = [];
                  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
                  const pattern =
                      /\\b(?:[Ss]ections?|[Ee]qs?\\.|[Ee]quations?|[Ff]igs?\\.|[Ff]igures?)\\s+\\(?\\d+\\.\\d+/g;
                  while (walker.nextNode()) {
                      const node = walker.currentNode;
                      const parent = node.parentElement;
                      if (parent.closest('a, pre, code, .cell_input, mjx-container, script,'
                                         + ' .math, .caption-number, .section-number'))
                          continue;
                      for (const match of node.textContent.matchAll(pattern))
                          found.push(match[0]);
                  }
                  return found;
              })(),
              // every image's shown width over its own size in CSS px (its width attribute,
              // or its pixels): text in it is scaled by as much
              image_scales: imgs.filter(i => i.naturalWidth > 0
                                             && i.getBoundingClientRect().width > 0)
                  .map(i => [(i.alt || i.src.slice(-40)).slice(0, 60),
                             i.getBoundingClientRect().width / cssWidth(i)]),
              // the images' pixels per screen pixel (an animation's frame's too), but the
              // drawings' (SVG: sharp at any size)
              soft_images: imgs.filter(i => i.naturalWidth > 0
                                            && !/\\.svg([?#]|$)|^data:image\\/svg/i.test(i.src)
                                            && i.getBoundingClientRect().width > 0)
                  .map(i => [(i.alt || i.src.slice(-40)).slice(0, 60),
                             i.naturalWidth / i.getBoundingClientRect().width])
                  .filter(([, density]) => density < MIN_DENSITY),
              // images with many pixels of a line colour too pale on white
              pale_images: imgs.filter(i => i.complete && i.naturalWidth > 0).map(i => {
                  const canvas = document.createElement('canvas');
                  canvas.width = i.naturalWidth;
                  canvas.height = i.naturalHeight;
                  const context = canvas.getContext('2d');
                  context.drawImage(i, 0, 0);
                  const d = context.getImageData(0, 0, canvas.width, canvas.height).data;
                  let pale = 0;
                  for (let k = 0; k < d.length; k += 4)
                      if (d[k + 3] > 250 && PALE.some(([r, g, b]) => Math.abs(d[k] - r)
                              + Math.abs(d[k + 1] - g) + Math.abs(d[k + 2] - b) < 10))
                          pale++;
                  return [(i.alt || i.src.slice(-40)).slice(0, 60), pale];
              }).filter(([, pale]) => pale > MAX_PALE_PIXELS),
              // display formulas at a size other than MathJax's own (the inline formulas'),
              // unless made smaller to fit the column (robodyn-book.js)
              small_formulas: (() => {
                  const inline = main.querySelector('mjx-container:not([display="true"])');
                  if (!inline) return [];
                  const size = parseFloat(getComputedStyle(inline).fontSize);
                  return Array.from(main.querySelectorAll('mjx-container[display="true"]'))
                      .filter(m => !m.closest('.cell_output'))
                      .map(m => [m, parseFloat(getComputedStyle(m).fontSize)])
                      // made smaller to fit: smaller than its own size, and as wide as
                      // the column at that
                      .filter(([m, px]) => px < 0.99 * size
                          && !(parseFloat(m.style.fontSize) < parseFloat(m.dataset.fullSize)
                               && m.scrollWidth >= m.clientWidth - 2))
                      .map(([m, px]) => `${m.textContent.slice(0, 40)} ${px.toFixed(1)} px, `
                                        + `the text's formulas ${size.toFixed(1)} px`);
              })(),
              // inline formulas wider than their paragraph and cut off, not scrollable
              cut_formulas: Array.from(main.querySelectorAll('span.math'))
                  .filter(s => {
                      let block = s.parentElement;
                      while (block && getComputedStyle(block).display.startsWith('inline'))
                          block = block.parentElement;
                      return block && s.scrollWidth > block.clientWidth
                          && getComputedStyle(s).overflowX === 'hidden';
                  })
                  .map(s => s.textContent.slice(0, 40)),
              // on a narrow screen: what reaches past the column
              column_right: (document.querySelector('.bd-article-container') || main)
                  .getBoundingClientRect().right,
              past_column: Array.from((document.querySelector('article.bd-article') || main)
                  .querySelectorAll(
                      'img, canvas, figure, .animation, .robodyn-scene3d, table, p, li'))
                  .filter(el => {
                      const box = el.getBoundingClientRect();
                      const column = (document.querySelector('.bd-article-container') || main)
                          .getBoundingClientRect();
                      const scroller = el.parentElement.closest('table, .cell_output, pre');
                      return box.width > 0 && box.right > column.right + 1 && !scroller;
                  })
                  .map(el => describe(el) + ` ${Math.round(el.getBoundingClientRect().right)} px`),
              // a word of code in a table drawn on two lines (an identifier cut in two)
              split_identifiers: Array.from(main.querySelectorAll('td code'))
                  .filter(c => !/\\s/.test(c.textContent.trim())
                               && c.getClientRects().length > 1)
                  .map(c => c.textContent.slice(0, 40)),
              title_height: Math.round(((document.querySelector('article h1')
                  || document.createElement('h1')).getBoundingClientRect()).height),
              window_height: window.innerHeight,
            };
        }""".replace("FRAME_ALT", json.dumps(FRAME_ALT))
            .replace("MIN_DENSITY", str(MIN_DENSITY))
            .replace("MAX_PALE_PIXELS", str(MAX_PALE_PIXELS))
            .replace("PALE", json.dumps(PALE_COLOURS)),
            WIDE_BLOCKS,
        )
        if screenshot is not None:
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            quality = {"quality": 85} if screenshot.suffix == ".jpg" else {}
            if SCREENSHOTS == "full":
                self.page.screenshot(path=str(screenshot), full_page=True, **quality)
            else:               # the first two screens: where a lesson must show its figure
                height = min(2 * viewport["height"],
                             self.page.evaluate("document.documentElement.scrollHeight"))
                self.page.screenshot(path=str(screenshot), full_page=True, **quality,
                                     clip={"x": 0, "y": 0, "width": viewport["width"],
                                           "height": height})
        seen["outside"] = sorted(set(self.outside))
        seen["page_errors"] = list(dict.fromkeys(self.errors))
        seen["bytes"] = sum(self.loaded.values()) + frames_not_drawn_bytes(self.page_path)
        return seen


@pytest.fixture(scope="module")
def playwright():
    """Playwright, started once for the module (its sync API runs one event loop)."""
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(built_book, book_with_url, playwright):
    """A headless Chromium looking at the built student edition."""
    if built_book.returncode != 0:
        pytest.fail("the book did not build; see test_book_builds_without_warnings")
    chromium = Browser(playwright, HTML)
    yield chromium
    chromium.close()


def _shot(folder: Path, name: str) -> Path | None:
    """Where the screenshot of the built page ``name`` goes; None when none is wanted
    (:data:`SCREENSHOTS`)."""
    if SCREENSHOTS in ("", "0"):
        return None
    return folder / (name.replace("/", "__") + ".jpg")


def _visit(chromium: Browser, pages: list[Path]) -> dict:
    """Each of ``pages`` looked at at both widths (:meth:`Browser.look_at_both_widths`), all
    in one tab of ``chromium``, with screenshots if wanted: {name: (wide, phone)}."""
    seen = {}
    with chromium.reader() as reader:
        for path in pages:
            name = path.relative_to(chromium.html).as_posix()
            seen[name] = chromium.look_at_both_widths(
                path, _shot(SHOTS, name), _shot(SHOTS / "phone", name), reader=reader)
    return seen


def _visit_in_own_browser(html: Path, pages: list[Path]) -> dict:
    """:func:`_visit` in a Chromium (and a Playwright) of this thread's own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        own = Browser(running, html)
        try:
            return _visit(own, pages)
        finally:
            own.close()


@pytest.fixture(scope="module")
def visited_pages(browser) -> dict[str, tuple[dict, dict]]:
    """Every page of _toc.yml looked at once at both widths (screenshots if wanted,
    :data:`SCREENSHOTS`): name -> (what
    was seen at 1280 px, at 390 px), in the table of contents' order. Half of the pages are
    visited in another thread, in a browser of its own (each thread its own Playwright): a
    page's typesetting keeps one of Chromium's processes busy while the next one's waits."""
    pages = _pages()
    assert len(pages) >= 6, pages
    missing = [str(page) for page in pages if not page.exists()]
    assert not missing, f"pages in _toc.yml that were not built: {missing}"
    if _shot(SHOTS, "any") is not None:   # new screenshots replace the old ones, if taken
        for old in [*SHOTS.glob("**/*.png"), *SHOTS.glob("**/*.jpg")]:
            old.unlink()
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as other:
        theirs = other.submit(_visit_in_own_browser, HTML, pages[1::2])
        seen = _visit(browser, pages[0::2])
        seen.update(theirs.result(timeout=900))
    return {name: seen[name] for name in
            (path.relative_to(HTML).as_posix() for path in pages)}


@pytest.fixture(scope="module")
def seen_pages(visited_pages) -> dict[str, dict]:
    """Every page of _toc.yml as seen at 1280 x 900: name -> what was seen."""
    return {name: wide for name, (wide, _) in visited_pages.items()}


@pytest.fixture(scope="module")
def phone_pages(visited_pages) -> dict[str, dict]:
    """Every page of _toc.yml as seen at a phone's 390 x 844: name -> what was seen."""
    return {name: phone for name, (_, phone) in visited_pages.items()}


#: Paths a page must never show: the build machine's repository, its Python and its home.
MACHINE_PATHS = (str(ROOT), "site-packages", "dist-packages", str(Path.home()) + "/",
                 "/tmp/", sys.prefix)


def _machine_paths(text: str) -> list[str]:
    """The lines of ``text`` that show a path of the machine that built the page."""
    return sorted({line.strip()[:120] for line in text.splitlines()
                   if any(path in line for path in MACHINE_PATHS)})


def problems_of(name: str, seen: dict, phone: bool = False) -> list[str]:
    """What a reader would notice on one page, one line per problem. On a ``phone`` code
    blocks, printed output and formulas may scroll inside their own box (79 characters of
    code cannot fit 358 px), but nothing may reach past the column."""
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
    for block in [] if phone else seen["wide"]:
        problems.append(f"{name}: scrolls sideways: {block}")
    if seen["page_width"] > seen["window_width"]:
        problems.append(f"{name}: page {seen['page_width']} px wide in a "
                        f"{seen['window_width']} px window")
    for element in seen["past_column"] if phone else []:
        problems.append(f"{name}: reaches past the column ({seen['column_right']:.0f} px): "
                        f"{element}")
    for image, scale in seen["image_scales"] if phone else []:
        if scale * SMALLEST_FIGURE_TEXT_PX < MIN_PHONE_TEXT_PX:
            problems.append(f"{name}: an image shown at {scale:.2f} of its size, its "
                            f"{MIN_FONT_PT:g}-point text {scale * SMALLEST_FIGURE_TEXT_PX:.1f} "
                            f"px high (at least {MIN_PHONE_TEXT_PX:g}): {image}")
    for image, density in [] if phone else seen["soft_images"]:
        problems.append(f"{name}: a figure drawn at {density:.1f} pixels per screen pixel, "
                        f"soft on a high-resolution screen (at least {MIN_DENSITY:g}): {image}")
    for image, pixels in seen["pale_images"]:
        problems.append(f"{name}: {pixels} pixels of a line colour too pale on white "
                        f"(below 3:1): {image}")
    for formula in seen["small_formulas"]:
        problems.append(f"{name}: a display formula drawn smaller than it fits: {formula}")
    for formula in seen["cut_formulas"]:
        problems.append(f"{name}: an inline formula cut off, not scrollable: {formula}")
    for figure in seen["unnumbered_figures"]:
        problems.append(f"{name}: not a numbered figure with a caption: {figure}")
    for image in seen["bad_alts"]:
        problems.append(f"{name}: an image without a readable text alternative: {image}")
    for reference in seen["plain_references"]:
        problems.append(f"{name}: {reference!r} in the text is not a link")
    for identifier in seen["split_identifiers"]:
        problems.append(f"{name}: a table's code cut in two: {identifier}")
    if phone and seen["title_height"] > TITLE_SHARE_OF_PHONE * seen["window_height"]:
        problems.append(f"{name}: the title takes {seen['title_height']} px of the first "
                        f"{seen['window_height']} px screen (at most "
                        f"{TITLE_SHARE_OF_PHONE:.0%})")
    if seen["bytes"] > MAX_PAGE_BYTES:
        problems.append(f"{name}: weighs {seen['bytes'] / 1e6:.2f} MB with all it loads "
                        f"(at most {MAX_PAGE_BYTES / 1e6:.0f} MB)")
    return problems


def test_every_page_reads_cleanly(seen_pages):
    """No script error, nothing from the internet, no raw TeX, nothing scrolls sideways."""
    problems = [p for name, seen in seen_pages.items() for p in problems_of(name, seen)]
    assert not problems, "\n".join(problems)


def test_every_page_reads_cleanly_on_a_phone(phone_pages):
    """At 390 px no page scrolls sideways, nothing reaches past the column, and the rest of
    what a reader would notice is absent too."""
    problems = [p for name, seen in phone_pages.items()
                for p in problems_of(name, seen, phone=True)]
    assert not problems, "\n".join(problems)


#: What must read the same on a page loaded at a phone's width and on one made that narrow.
SAME_ON_A_TURNED_PAGE = ("wide", "page_width", "window_width", "past_column", "column_right",
                         "image_scales", "math", "images", "first_figure_top", "page_errors")


def test_a_page_made_narrow_reads_as_one_loaded_on_a_phone(browser):
    """The visits look at page after page in one tab, and at a phone's width after making
    the window narrow. On a lesson with wide formulas, a table and figures, and on the
    opening page of another chapter, visited in that order in one tab, the narrow look
    equals that at a page loaded at 390 px in a new tab (sizes to the pixel), and the second
    page loads as many bytes as in a new tab (nothing comes from the first one's cache)."""
    names = (f"{CHAPTERS[3].docnames[4]}.html", f"{CHAPTERS[0].docnames[0]}.html")
    with browser.reader() as reader:
        turned = [browser.look_at_both_widths(HTML / name, reader=reader) for name in names]
    for name, (wide, narrow) in zip(names, turned, strict=True):
        loaded = browser.look_at(HTML / name, viewport=PHONE)
        for key in SAME_ON_A_TURNED_PAGE:
            assert narrow[key] == loaded[key], (name, key, narrow[key], loaded[key])
        assert abs(wide["bytes"] - loaded["bytes"]) <= 0.01 * loaded["bytes"], (
            name, wide["bytes"], loaded["bytes"])


def test_screenshots_of_every_page(seen_pages, phone_pages):
    """With ROBODYN_SCREENSHOTS set, a non-empty screenshot of each page at both widths, for
    a human to look at."""
    if _shot(SHOTS, "any") is None:
        pytest.skip("screenshots are taken on request: ROBODYN_SCREENSHOTS=1 (make screenshots)")
    for name in seen_pages:
        for folder in (SHOTS, SHOTS / "phone"):
            shot = _shot(folder, name)
            assert shot.exists() and shot.stat().st_size > 10_000, shot


def test_pages_are_light(seen_pages):
    """Each page, with everything it loads, at most MAX_PAGE_BYTES as a web host sends it,
    and no page loads the 1.45 MB icon script."""
    weights = {name: seen["bytes"] for name, seen in seen_pages.items()}
    heavy = {name: f"{size / 1e6:.2f} MB" for name, size in weights.items()
             if size > MAX_PAGE_BYTES}
    assert not heavy, heavy
    assert min(weights.values()) > 100_000, weights  # the measurement counts what loads
    for name in seen_pages:
        assert "fontawesome.js" not in (HTML / name).read_text(encoding="utf-8"), name


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["390px", "900px"])
def test_the_chapter_list_and_page_contents_open_from_their_buttons(browser, viewport):
    """The buttons a reader taps open the chapter list and the page's contents, and a link in
    each leads where it says (the themes' own handlers sit on a hidden button); a tap on an
    entry of the page's contents closes that drawer and shows the section it names. The page
    is a lesson of chapter 2 (an opening page has no contents of its own)."""
    with browser.tab(f"{CHAPTERS[1].docnames[2]}.html", viewport) as page:
        start = page.url
        page.locator(".primary-toggle:visible").click()
        listed = page.locator("#pst-primary-sidebar-modal")
        listed.locator("a", has_text="Contact").first.wait_for(state="visible", timeout=5000)
        assert listed.evaluate("dialog => dialog.open")
        listed.locator("a", has_text="Contact").first.click()
        page.wait_for_url(f"**/{CHAPTERS[2].docnames[0]}.html", timeout=5000)

        page.goto(start, wait_until="networkidle")
        page.locator(".secondary-toggle:visible").click()
        contents = page.locator("#pst-secondary-sidebar-modal")
        link = contents.locator("a", has_text="Stick-slip").first
        link.wait_for(state="visible", timeout=5000)
        link.click()
        page.wait_for_function("() => location.hash.length > 1", timeout=5000)
        assert page.url.startswith(start)
        # the drawer closes on the tap: the page it scrolled is the reader's to read
        page.wait_for_function(
            "() => !document.querySelector('#pst-secondary-sidebar-modal').open", timeout=5000)
        page.wait_for_function("() => document.querySelector(decodeURIComponent("
                               "location.hash)).getBoundingClientRect().top < 200",
                               timeout=5000)   # a smooth scroll takes its time


def test_the_chapter_lists_expanders_are_named_for_a_screen_reader(browser):
    """Each expander of the chapter list is announced by the chapter whose pages it opens,
    not by its icon's glyph (it read "group: \\uf078"): in the accessibility tree of the
    list, every group has a name, "Pages of <chapter>", and no character of an icon font
    (Unicode's private use area) is left anywhere."""
    with browser.tab(f"{CHAPTERS[1].docnames[0]}.html") as page:
        tree = page.locator(".bd-sidebar-primary nav").first.aria_snapshot()
    groups = [line.strip() for line in tree.splitlines() if line.strip().startswith(
        ("- group", "- 'group"))]
    assert len(groups) == len(CHAPTERS), tree
    for chapter, group in zip(CHAPTERS, groups, strict=True):
        assert f'group "Pages of {chapter.number}.' in group, group
    assert not [ch for ch in tree if "\ue000" <= ch <= "\uf8ff"], tree


def test_on_a_wide_screen_the_chapter_list_folds_away_and_back(browser):
    """At 1280 px the chapter list's button hides the list beside the page, and shows it again."""
    with browser.tab(f"{CHAPTERS[1].docnames[0]}.html") as page:
        sidebar = page.locator("#pst-primary-sidebar")
        assert sidebar.is_visible()
        button = page.locator(".primary-toggle:visible")
        button.click()
        page.wait_for_function("() => document.querySelector('#pst-primary-sidebar')"
                               ".getBoundingClientRect().right <= 0", timeout=5000)
        button.click()
        page.wait_for_function("() => document.querySelector('#pst-primary-sidebar')"
                               ".getBoundingClientRect().right > 100", timeout=5000)


def _chapter_pages(seen_pages: dict, chapter: Chapter) -> dict[str, dict]:
    """What was seen on each page of ``chapter`` (its opening page, lessons and summary, or
    its one notebook), in reading order."""
    return {f"{name}.html": seen_pages[f"{name}.html"] for name in chapter.docnames}


def test_chapters_number_their_equations_and_figures(seen_pages):
    """Each chapter's display formulas carry their numbers (a summary's restatement of a
    lesson's formula may go without), and so do its figures, counted per chapter on from one
    page to the next in reading order: (N.1), (N.2), ... and Fig. N.1, Fig. N.2, ... over a
    chapter folder's opening page, lessons and summary. A chapter folder's lesson k is
    section N.k, and its sections N.k.1, N.k.2, ..."""
    assert len(CHAPTERS) >= 7
    for chapter in CHAPTERS:
        pages = _chapter_pages(seen_pages, chapter)
        n = chapter.number
        for name, seen in pages.items():
            if name.endswith("/summary.html"):
                continue  # it may restate a lesson's formula, whose number is the lesson's
            assert not seen["unnumbered_math"], f"{name}: unnumbered: {seen['unnumbered_math']}"
        display = sum(seen["display_math"] for seen in pages.values())
        assert display >= 3, f"chapter {n}: {display} display formulas"
        equations = [number for seen in pages.values() for number in seen["equation_numbers"]]
        assert equations == [f"({n}.{k})" for k in range(1, len(equations) + 1)], (
            f"chapter {n}: equations numbered {equations}")
        figures = [number for seen in pages.values() for number in seen["figure_numbers"]]
        assert figures == [f"Fig. {n}.{k}" for k in range(1, len(figures) + 1)], (
            f"chapter {n}: figures numbered {figures}")
        opening = pages[f"{chapter.docnames[0]}.html"]["section_numbers"]
        assert opening[:1] == [str(n)], f"chapter {n}: its first page's title is {opening[:1]}"
        for k, lesson in enumerate(chapter.docnames[1:], start=1):
            numbers = pages[f"{lesson}.html"]["section_numbers"]
            assert numbers[:1] == [f"{n}.{k}"], f"{lesson}: its title numbered {numbers[:1]}"
            inside = [number for number in numbers[1:] if number.count(".") == 2]
            assert inside == [f"{n}.{k}.{m}" for m in range(1, len(inside) + 1)], (
                f"{lesson}: its sections numbered {numbers[1:]}")
            assert all(number.startswith(f"{n}.{k}.") for number in numbers[1:]), (
                f"{lesson}: sections numbered {numbers[1:]}")


def test_chapters_show_math_figures_and_animations(seen_pages):
    """Each chapter has typeset math, a static widget figure and an animation, a jshtml
    player or a 3D scene, over its pages (a chapter folder's opening page, lessons and
    summary), and every 3D scene has drawn (that every widget shows its static figure is
    checked on every page: no text fallback)."""
    assert CHAPTERS
    for chapter in CHAPTERS:
        pages = _chapter_pages(seen_pages, chapter)
        total = {key: sum(seen[key] for seen in pages.values())
                 for key in ("math", "static_figures", "animations", "scenes", "images")}
        name = f"chapter {chapter.number}"
        assert total["math"] >= 10, f"{name}: only {total['math']} typeset formulas"
        assert total["static_figures"] >= 1, f"{name}: static widget figures missing"
        assert total["animations"] + total["scenes"] >= 1, f"{name}: no animation"
        for page, seen in pages.items():
            assert seen["scenes_drawn"] == seen["scenes"], f"{page}: a 3D scene did not draw"
        assert total["images"] >= 5, f"{name}: only {total['images']} images"


#: The pages of the chapter folders that must show a figure on their first two screens: the
#: opening page and every lesson (not the summary, nor the exercises).
FIGURE_FIRST_PAGES = [f"{name}.html" for chapter in CHAPTERS if chapter.is_folder
                      for name in chapter.docnames if not name.endswith("/summary")]


@pytest.mark.parametrize("name", FIGURE_FIRST_PAGES)
def test_a_lesson_shows_a_figure_on_its_first_two_screens(seen_pages, name):
    """The opening page and every lesson of a chapter folder show a figure, an image, a
    drawing (SVG) or an animation whose top is within the first two screens of the wide
    window (FIRST_FIGURE_WITHIN_PX, 2 x 900 px at 1280 px wide)."""
    top = seen_pages[name]["first_figure_top"]
    assert top is not None, f"{name}: no figure, image, drawing or animation at all"
    assert top <= FIRST_FIGURE_WITHIN_PX, (
        f"{name}: the first figure starts {top:.0f} px down the page (within "
        f"{FIRST_FIGURE_WITHIN_PX} px: two screens of {VIEWPORT['height']} px)")


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
    lesson = FOLDER_CHAPTER.docnames[1]
    assert any(href.endswith(f"_sources/{lesson}.ipynb")
               for href in seen_pages[f"{lesson}.html"]["header_links"]), \
        "the .ipynb download button is gone"


def test_every_page_of_a_chapter_offers_the_chapters_bundle(seen_pages):
    """The download menu of every page of a chapter (its opening page, lessons, summary and
    exercises) links the chapter's bundle, which the build wrote and which holds that page;
    a page outside the chapters links the bundle of all chapters."""
    import zipfile

    for chapter in CHAPTERS:
        zip_name = bundle.bundle_name(chapter.stem)
        written = HTML / "_downloads" / zip_name
        assert written.is_file(), f"{zip_name} was not written"
        held = zipfile.ZipFile(written).namelist()
        for name in [*chapter.docnames, f"exercises/{chapter.stem}"]:
            links = seen_pages[f"{name}.html"]["header_links"]
            assert any(href.endswith(f"/_downloads/{zip_name}") for href in links), (
                f"{name}: its download menu has no {zip_name}: {links}")
            suffix = ".md" if name.endswith("/summary") else ".ipynb"
            assert f"robot-dynamics-{chapter.stem}/{name}{suffix}" in held, (name, held)
        # its README names the book as _config.yml does (not Sphinx's "Project name not set")
        title = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["title"]
        readme = zipfile.ZipFile(written).read(f"robot-dynamics-{chapter.stem}/README.txt")
        assert readme.decode().startswith(f"{title}: chapter {chapter.number}"), readme[:80]
    everything = bundle.bundle_name(bundle.ALL_CHAPTERS)
    assert any(href.endswith(f"/_downloads/{everything}")
               for href in seen_pages["book/intro.html"]["header_links"])


def test_code_column_fits_the_line_limit(browser):
    """A code block, open or folded, holds at 1280 px at least the characters the notebook
    linter allows in it."""
    lesson = next(HTML / f"{name}.html" for name in FOLDER_CHAPTER.docnames[1:]
                  if 'class="output stream' in (HTML / f"{name}.html").read_text(encoding="utf-8"))
    measured = browser.measure_code_column(lesson)
    assert measured["folded"] is not None, f"{lesson.name} has no folded code cell to measure"
    allowed = {"code": MAX_LINE_LENGTH, "output": MAX_LINE_LENGTH,
               "folded": MAX_LINE_LENGTH - FOLDED_LINE_SHORTER_BY}
    for kind, limit in allowed.items():
        columns = math.floor(measured[kind]["columns"] + 1e-6)
        assert limit <= columns, (
            f"{kind} blocks hold {measured[kind]['columns']:.1f} characters "
            f"({measured[kind]}), the linter allows {limit}"
        )


def _config_with_url(url: str) -> Path:
    """A copy of _config.yml with ``repository.url`` set, for a build into _build/with-url
    that takes the notebooks' outputs from the main build's execution cache (each notebook
    runs once per test run, in the main build; the figures' numbers need the outputs)."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    config["repository"]["url"] = url
    built = HTML.parents[1]  # the main build's root: its _build holds the cache and stamp
    shutil.rmtree(WITH_URL / "_build", ignore_errors=True)
    (WITH_URL / "_build").mkdir(parents=True)
    shutil.copytree(built / "_build" / ".jupyter_cache", WITH_URL / "_build" / ".jupyter_cache")
    shutil.copy(built / "_build" / ".robodyn-source-hash", WITH_URL / "_build")
    config["sphinx"]["local_extensions"] = {
        name: str((ROOT / path).resolve())
        for name, path in config["sphinx"]["local_extensions"].items()
    }
    WITH_URL.mkdir(parents=True, exist_ok=True)
    path = WITH_URL / "_config.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    return path


def test_launch_buttons_with_a_repository(book_with_url, playwright):
    """With a real-looking URL, a chapter's pages (a lesson here) get Binder, Colab and
    repository buttons to it."""
    run = book_with_url.result(timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    html = WITH_URL / "_build" / "html"
    chromium = Browser(playwright, html)
    try:
        lesson = FOLDER_CHAPTER.docnames[1]
        chapter = chromium.look_at(html / f"{lesson}.html")
        exercise = chromium.look_at(html / "exercises" / f"{FOLDER_CHAPTER.stem}.html")
        intro = chromium.look_at(html / "book" / "intro.html")
    finally:
        chromium.close()
    assert not problems_of("chapter with URL", chapter)
    org_repo = urlparse(REAL_LOOKING_URL).path.strip("/")
    notebook = f"{lesson}.ipynb"
    buttons = _offsite_buttons(chapter)
    wanted = [
        f"https://mybinder.org/v2/gh/{org_repo}/main?urlpath=lab/tree/{notebook}",
        f"https://colab.research.google.com/github/{org_repo}/blob/main/{notebook}",
        REAL_LOOKING_URL,
    ]
    for href in wanted:
        assert href in buttons, f"{href} not among the chapter's buttons {buttons}"
    assert any(href.startswith("https://colab.research.google.com/github/")
               and href.endswith(f"exercises/{FOLDER_CHAPTER.stem}.ipynb")
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
<p>As section 2.2 and Eq. (3.4) show, and <a href="#x">section 2.3</a> (a link) too.</p>
<img src="data:image/png;base64,{png}" alt="4f9a0c.png" style="width: 500px">
<div style="width: 300px"><img src="data:image/png;base64,{png}" alt="a shrunk plot"
style="max-width: 100%"></div>
<article><h1 style="font-size: 60px">A title as long as a chapter's, set large enough to fill a
phone's first screen</h1></article>
<table style="width: 200px; table-layout: fixed"><tr><td><code style="overflow-wrap: anywhere"
>a_very_long_identifier_of_the_wheel_radius</code></td></tr></table>
<figure><img src="data:image/png;base64,{png}" alt="a plot"><figcaption>
<span class="caption-number">Fig. 1.1 </span>Numbered.</figcaption></figure>
<figure><img src="data:image/png;base64,{png}" alt="The coefficient \\mu_s at rest">
<figcaption><span class="caption-number">Fig. 1.2 </span>Raw TeX.</figcaption></figure>
<figure><img src="data:image/png;base64,{png}"
alt="A frame of the animation that the caption describes"><figcaption>
<span class="caption-number">Fig. 1.3 </span>Generic.</figcaption></figure>
<figure><img src="data:image/png;base64,{pale}" alt="a pale line"><figcaption>
<span class="caption-number">Fig. 1.4 </span>In matplotlib's orange.</figcaption></figure>
<figure><img src="data:image/png;base64,{png}" width="300" alt="a sharp plot"><figcaption>
<span class="caption-number">Fig. 1.5 </span>Twice its size's pixels.</figcaption></figure>
<figure><div class="animation"><img src="data:image/png;base64,{png}" alt="a soft frame">
</div><figcaption><span class="caption-number">Fig. 1.6 </span>An animation's frame at its
size's pixels.</figcaption></figure>
</main></body></html>
"""


def test_the_check_catches_what_a_reader_would_notice(playwright, tmp_path):
    """On a page made to be bad, every kind of problem is reported (the check can fail)."""
    png = base64.b64encode(_png(600, 40)).decode("ascii")
    pale = base64.b64encode(_png(600, 40, (255, 127, 14))).decode("ascii")
    (tmp_path / "bad.html").write_text(BAD_PAGE.replace("{long_line}", "x = 1  # " + "y" * 150)
                                       .replace("{png}", png).replace("{pale}", pale))
    chromium = Browser(playwright, tmp_path)
    try:
        seen, on_phone = chromium.look_at_both_widths(
            tmp_path / "bad.html", tmp_path / "bad.png", tmp_path / "bad-phone.png")
    finally:
        chromium.close()
    report = "\n".join(problems_of("bad.html", seen))
    for expected in ("raw TeX '$$'", "raw TeX '\\\\frac'", "images not loaded",
                     "error output shown", "requests leaving the machine",
                     "https://example.com/picture.png", "uncaught: ", "already been declared",
                     "console: a console error", "scrolls sideways: pre",
                     "shows a path of the machine that built it",
                     "'section 2.2' in the text is not a link", "'Eq. (3.4' in the text",
                     "not a numbered figure with a caption: img",
                     "an image without a readable text alternative: 4f9a0c.png",
                     "an image without a readable text alternative: The coefficient \\mu_s",
                     "an image without a readable text alternative: A frame of the",
                     "a table's code cut in two: a_very_long_identifier",
                     "a figure drawn at 1.0 pixels per screen pixel, soft on a "
                     "high-resolution screen (at least 1.5): a plot",
                     "a figure drawn at 1.0 pixels per screen pixel, soft on a "
                     "high-resolution screen (at least 1.5): a soft frame",
                     "24000 pixels of a line colour too pale on white (below 3:1): a pale"):
        assert expected in report, f"{expected!r} not reported:\n{report}"
    assert "section 2.3" not in report and report.count("not a numbered figure") == 4
    assert "a sharp plot" not in report and report.count("too pale") == 1
    assert (tmp_path / "bad.png").stat().st_size > 0
    assert (tmp_path / "bad-phone.png").stat().st_size > 0
    phone_report = "\n".join(problems_of("bad.html", on_phone, phone=True))
    assert "reaches past the column" in phone_report and "px wide in a 390 px window" in (
        phone_report), phone_report
    assert "the title takes" in phone_report and "the title takes" not in report, (
        on_phone["title_height"], on_phone["window_height"], seen["title_height"])
    assert "scrolls sideways: pre" not in phone_report  # code scrolls in its own box there
    assert "an image shown at 0.50 of its size, its 10-point text 6.9 px high (at least 9): " \
        "a shrunk plot" in phone_report, phone_report
    assert "an image shown at" not in report  # 600 px fit the desktop's column
    heavy = dict(seen, bytes=MAX_PAGE_BYTES + 1)
    assert "weighs 3.00 MB with all it loads" in "\n".join(problems_of("heavy", heavy))


def _png(width: int, height: int, colour=(180, 180, 180)) -> bytes:
    """A plain PNG image of ``width`` x ``height`` pixels, grey or of ``colour`` (RGB)."""
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def test_a_page_counts_the_frames_its_animations_did_not_draw(tmp_path):
    """A player of 2 frames out of 10 adds 8 compressed frames of its average size."""
    frame = "data:image/png;base64," + base64.b64encode(_png(50, 20)).decode("ascii")
    page = tmp_path / "page.html"
    player = (f'<div class="animation" {FRAMES_ATTRIBUTE}="2 of 10"></div><script>'
              f'frames[0] = "{frame}";\nframes[1] = "{frame}";</script>')
    page.write_text(player + player.replace("2 of 10", "2 of 2"))
    assert frames_not_drawn_bytes(page) == round(8 * len(gzip.compress(frame.encode(), 6)))


#: sympy's LaTeX of a plain symbol name that the text writes with marks: qdd1 as q d d_1
#: (issue 39.9), qd1 as q d_1, lc2 as l c_2.
SYMPY_PRODUCT_NAMES = re.compile(r"(?<![A-Za-z\\])(?:qdd|qd|lc)_\{\d+\}")


def test_formulas_write_symbols_as_the_text_does(built_book):
    """No formula a page prints from sympy shows a symbol's plain name as a product of
    letters (``qdd_{1}``): the chapter's latex() writes \\ddot q_1, \\dot q_1, l_{c,1}."""
    found = {page.relative_to(HTML).as_posix(): sorted(set(SYMPY_PRODUCT_NAMES.findall(
        page.read_text(encoding="utf-8")))) for page in _pages()}
    found = {name: names for name, names in found.items() if names}
    assert not found, found
    assert SYMPY_PRODUCT_NAMES.findall(r"L_{1} qdd_{1} + \ddot q_{1} + lc_{2}") == [
        "qdd_{1}", "lc_{2}"]


def test_bibliography_entries_link_back_to_their_citations(built_book):
    """Each entry cited somewhere lists the citing pages, and every back-link lands on an
    element of that page with the anchor's id (the citation itself)."""
    page = HTML / "book" / "bibliography.html"
    text = page.read_text(encoding="utf-8")
    lines = re.findall(r'<p class="robodyn-cited-in">(.*?)</p>', text, re.S)
    assert len(lines) >= 15, f"only {len(lines)} entries with back-links"
    targets = [href for line in lines for href in re.findall(r'href="([^"]+)"', line)]
    assert any(href.startswith("../chapters/") for href in targets)
    for href in targets:
        path, anchor = href.split("#")
        target = (page.parent / path).resolve()
        assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), href


def _href(page: str, target: str) -> str:
    """The relative link from the built page ``page`` to ``target`` (names without .html)."""
    return os.path.relpath(f"{target}.html", start=os.path.dirname(page) or ".")


def test_each_chapter_is_read_in_order_then_its_exercises(built_book):
    """A chapter's pages are read in order, each page's "next" the one after it (the opening
    page, each lesson, the summary) and its "previous" the one before; the last page's
    "next" is its own exercises, and their "next" the following chapter's first page."""
    for chapter, following in zip(CHAPTERS, [*CHAPTERS[1:], None], strict=True):
        order = [*chapter.docnames, f"exercises/{chapter.stem}"]
        after = [*order[1:], following.docnames[0] if following else None]
        for name, nxt, previous in zip(order, after, [None, *order[:-1]], strict=True):
            html = (HTML / f"{name}.html").read_text(encoding="utf-8")
            if nxt is not None:
                assert re.search(rf'class="right-next"\s+href="{re.escape(_href(name, nxt))}"',
                                 html), f"{name}: its next page is not {nxt}"
            if previous is not None:
                assert re.search(
                    rf'class="left-prev"\s+href="{re.escape(_href(name, previous))}"',
                    html), f"{name}: its previous page is not {previous}"


def test_one_search_box_and_no_empty_index_page(browser):
    """At 1280 px a reader sees one search control, and the book has no (empty) index page."""
    page_name = f"{FOLDER_CHAPTER.docnames[1]}.html"
    with browser.tab(page_name) as page:
        visible = page.locator(".search-button-field:visible, .search-button:visible").count()
    assert visible == 1, f"{visible} search controls"
    assert not (HTML / "genindex.html").exists()
    assert "genindex" not in (HTML / page_name).read_text(encoding="utf-8")


#: Words a reader searches for, and a page whose section holds the word in its prose.
SEARCHES = {"restitution": "chapters/03_contact/01_penalty.html",
            "Coriolis": "chapters/01_planar_arms/01_newton_euler.html"}


@pytest.mark.parametrize("viewport", [VIEWPORT, PHONE], ids=["wide", "phone"])
def test_search_results_read_as_text_and_open_at_their_section(browser, viewport):
    """The search (issue 39.6): results whose snippets show formulas as text, never TeX,
    and no code; a result in a lesson's section links to that section (which exists on its
    page) and names it; the magnifier does not cover the query's first letter."""
    for word, page_name in SEARCHES.items():
        with browser.tab(f"search.html?q={word}", viewport) as page:
            page.wait_for_selector("#search-results li p.context", timeout=20_000)
            page.wait_for_timeout(500)
            results = page.eval_on_selector_all(
                "#search-results li", """items => items.map(item => ({
                    href: item.querySelector('a').getAttribute('href'),
                    section: (item.querySelector('.robodyn-search-section') || {}).textContent,
                    snippet: (item.querySelector('p.context') || {}).textContent || ''}))""")
            field = page.evaluate("""() => {
                const form = Array.from(document.querySelectorAll('form.bd-search'))
                    .find(f => f.getBoundingClientRect().width > 0);
                const icon = form.querySelector('i').getBoundingClientRect();
                const input = form.querySelector('input');
                const text = input.getBoundingClientRect().left
                    + parseFloat(getComputedStyle(input).paddingLeft);
                return {icon_right: icon.right, text_left: text};
            }""")
        assert len(results) >= 3, (word, results)
        assert field["icon_right"] <= field["text_left"], field
        for result in results:
            for marker in RAW_TEX_MARKERS:
                assert marker not in result["snippet"], (word, result)
            assert "plt." not in result["snippet"] and "import " not in result["snippet"], (
                word, result)
        hits = [r for r in results if r["href"].split("#")[0].endswith(page_name)]
        assert hits, (word, [r["href"] for r in results])
        href, section = hits[0]["href"], hits[0]["section"]
        assert "#" in href and section and section.startswith("in "), hits[0]
        target = (HTML / "search.html").parent / href.split("#")[0]
        assert f'id="{href.split("#")[1]}"' in target.read_text(encoding="utf-8"), href
        assert word.lower() in hits[0]["snippet"].lower(), hits[0]


def test_how_to_use_is_for_students_and_teaching_for_instructors(built_book):
    """The students' page says where to get the notebooks and leaves grading to the
    instructors' page, which says to publish the student release, never the solutions."""
    def text(page: str) -> str:  # the page's words, without its markup
        html = (HTML / "book" / page).read_text(encoding="utf-8")
        return " ".join(re.sub(r"<[^>]+>", " ", html).split())

    students, instructors = text("how_to_use.html"), text("teaching.html")
    assert "robot-dynamics-all.zip" in students and "requirements.txt" in students
    assert "make grade" not in students and "gradebook" not in students.lower()
    assert "make grade" in instructors and "student release" in instructors


def test_the_pdf_prints_the_pages_as_the_site_numbers_them(built_book, playwright):
    """make pdf (booktools.pdf) on a chapter's opening page and a lesson with an animation
    and a widget: the chapter's numbered title, an outline entry per page under its chapter,
    every sheet numbered at its foot from the number asked for, no toggles or player
    buttons, the code's longest line whole, the animation at its last frame."""
    from pypdf import PdfReader

    from booktools import pdf

    if built_book.returncode != 0:
        pytest.fail("the book did not build; see test_book_builds_without_warnings")
    chapter = next(chapter for chapter in CHAPTERS if chapter.is_folder and any(
        'class="animation"' in (HTML / f"{name}.html").read_text(encoding="utf-8")
        and "To move the sliders" in (HTML / f"{name}.html").read_text(encoding="utf-8")
        for name in chapter.docnames[1:]))
    lesson = next(name for name in chapter.docnames[1:]
                  if 'class="animation"' in (HTML / f"{name}.html").read_text(encoding="utf-8"))
    names = [chapter.docnames[0], lesson]
    browser = pdf.launch(playwright)
    server = serve.start(HTML)
    try:
        printed = pdf.print_pages(HTML, names, browser, log=lambda text: None)
        data, starts = pdf.assemble(printed, browser, first_page=41)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}/{lesson}.html")
        page.evaluate(pdf._PREPARE)
        frames = page.evaluate("""() => [...document.querySelectorAll('div.animation')].map(
            player => { const s = player.querySelector('input[type=range]');
                        return [s.value, s.max]; })""")
    finally:
        browser.close()
        server.shutdown()
        server.server_close()
    assert frames and all(value == last for value, last in frames), frames
    reader = PdfReader(io.BytesIO(data))
    texts = [page.extract_text() for page in reader.pages]
    number = chapter.stem[:2].lstrip("0")
    assert printed[0].title.startswith(f"{number}. "), printed[0].title
    assert printed[1].title.startswith(f"{number}.") and starts[names[0]] == 41
    outline = reader.outline
    assert outline[0].title == printed[0].title and [item.title for item in outline[1]] == [
        printed[1].title]
    for k, text in enumerate(texts):
        assert text.rstrip().splitlines()[-1].strip() == str(41 + k), (k, text[-200:])
    everything = "\n".join(texts)
    squeezed = "".join(everything.split())
    for absent in ("Showcodecellsource", "OnceLoopReflect"):   # a toggle, a player's form
        assert absent not in squeezed, absent
    assert texts[0].lstrip().startswith(printed[0].title[:20])
    page_html = (HTML / f"{lesson}.html").read_text(encoding="utf-8")
    code = max((line for block in re.findall(r'<pre>(.*?)</pre>', page_html, re.S)
                for line in re.sub(r"<[^>]+>", "", block).splitlines()), key=len)
    tail = "".join(html_unescape(code).split())[-12:]
    assert tail in squeezed, f"the code line ending {tail!r} is cut off"
    assert len(reader.pages) >= 3
