"""The book as PDF: the whole book and each chapter, printed from the built site.

A course text is printed and annotated. ``make pdf`` builds the student edition (``make
book``) and prints its pages, in the order of the table of contents, with the Chromium the
reader's-view tests use, offline (every request off the machine is refused). The pages are the
site's, so the numbers are the site's: chapters, sections, equations and figures. What prints:

- the page's text, formulas (MathJax typesets before the page is printed), tables and figures,
  each kept whole on a sheet where it fits (the book's stylesheet, ``@media print``);
- a widget as the static figure the site shows under it, with its note;
- an animation as one frame, its last (the first is often an empty plot), without the player's
  buttons;
- not the sidebars, the header's buttons or the previous/next links.

The sheets are A4, numbered at their foot through the whole book (a chapter's own file is
numbered as in the book, so a reference to "page 57" finds the same sheet in both), and the
PDF's outline lists every page under its chapter.

Command line::

    python -m booktools.pdf              # _build/pdf/robot-dynamics.pdf and one per chapter
    python -m booktools.pdf --only 04_differential_drive     # that chapter only
"""

from __future__ import annotations

import argparse
import html
import io
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from booktools import serve
from booktools.bookbuild import ROOT, output_dir
from booktools.chapters import chapter_of, toc_files

#: Where the PDFs are written.
PDF_DIR = Path("_build") / "pdf"
#: The whole book's file name.
BOOK_PDF = "robot-dynamics.pdf"
#: Sheet and margins (Chromium's units).
SHEET = {"format": "A4", "margin": {"top": "16mm", "bottom": "18mm", "left": "16mm",
                                    "right": "16mm"}}
#: Seconds a page may take to load and typeset before it is printed as it is.
TYPESET_SECONDS = 60
#: Chromium's command-line switches (as in the reader's-view tests).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]


class PdfError(RuntimeError):
    """The PDF cannot be made: no built book, no Chromium, or a page that does not print."""


@dataclass(frozen=True)
class Printed:
    """One page of the site as printed: its name in the book, its title, its chapter's stem
    (None for the front and back matter) and the PDF's bytes."""

    name: str
    title: str
    chapter: str | None
    pdf: bytes


def chromium() -> str:
    """The Chromium to print with, or a :class:`PdfError` that says how to get one."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise PdfError("make pdf prints the pages with Chromium, which is not installed: "
                       "apt-get install chromium (see the README)")
    return found


def pages(root: Path = ROOT, only: str | None = None) -> list[str]:
    """The pages of the student edition in the table of contents' order (their names in the
    book, without suffix); with ``only``, that chapter's pages and its exercises."""
    names = [Path(name).with_suffix("").as_posix() for name in toc_files(root / "_toc.yml")]
    if only is None:
        return names
    chosen = [name for name in names if chapter_of(name) == only]
    if not chosen:
        raise PdfError(f"--only: no chapter {only!r} in the table of contents; the chapters "
                       f"are {sorted({chapter_of(name) for name in names} - {None})}")
    return chosen


#: Before printing: every animation shows its last frame, and the page's own script has
#: fitted the formulas to the sheet's width.
_PREPARE = """async () => {
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    await MathJax.startup.promise;
  }
  for (const player of document.querySelectorAll('div.animation')) {
    const last = player.querySelector('button[title="Last frame"]');
    if (last) last.click();
  }
  window.dispatchEvent(new Event('resize'));
  await new Promise(done => setTimeout(done, 300));
  const h1 = document.querySelector('article h1');
  return h1 ? h1.textContent.replace(/#$/, '').trim() : document.title;
}"""


def launch(playwright):
    """A headless Chromium (:func:`chromium`) started by ``playwright``'s sync API."""
    return playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)


def print_pages(html_dir: Path, names: list[str], browser, log=print) -> list[Printed]:
    """Print each page of the built site ``html_dir`` to PDF bytes, in order, with
    ``browser`` (:func:`launch`), refusing every request off the machine."""
    missing = [name for name in names if not (html_dir / f"{name}.html").is_file()]
    if missing:
        raise PdfError(f"the built book at {html_dir} has no page {missing[0]}.html: "
                       "run make book first")
    server = serve.start(html_dir)
    base = f"http://127.0.0.1:{server.server_port}"
    context = browser.new_context(viewport={"width": 1000, "height": 1400})
    printed = []
    try:
        context.route(lambda url: not url.startswith((base, "data:", "blob:", "about:")),
                      lambda route: route.abort())
        page = context.new_page()
        page.emulate_media(media="print")
        for name in names:
            page.goto(f"{base}/{name}.html", wait_until="load", timeout=TYPESET_SECONDS * 1000)
            title = page.evaluate(_PREPARE)
            pdf = page.pdf(**SHEET, print_background=True)
            printed.append(Printed(name, title, chapter_of(name), pdf))
            log(f"  printed {name}")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    return printed


def _page_numbers(count: int, first: int, width_pt: float, height_pt: float,
                  browser) -> bytes:
    """A PDF of ``count`` blank sheets each with its number at its foot, ``first`` on the
    first, printed by ``browser`` (no PDF-drawing library needed)."""
    sheets = "".join(f'<div class="sheet"><span>{first + k}</span></div>' for k in range(count))
    document = f"""<!DOCTYPE html><html><head><style>
      @page {{ size: {width_pt}pt {height_pt}pt; margin: 0; }}
      body {{ margin: 0; font: 9pt sans-serif; color: #444; }}
      .sheet {{ position: relative; width: {width_pt}pt; height: {height_pt}pt;
               page-break-after: always; }}
      .sheet span {{ position: absolute; bottom: 8mm; width: 100%; text-align: center; }}
    </style></head><body>{sheets}</body></html>"""
    page = browser.new_page()
    try:
        page.set_content(document)
        return page.pdf(prefer_css_page_size=True)
    finally:
        page.close()


@dataclass(frozen=True)
class Part:
    """A file to write: its name and the printed pages it holds, in order."""

    file_name: str
    title: str
    printed: tuple[Printed, ...]


def assemble(printed: list[Printed], browser, first_page: int = 1) -> tuple[bytes, dict[str, int]]:
    """Join printed pages into one PDF, numbered at the foot from ``first_page``, with an
    outline: a chapter's pages under its opening page. Returns the PDF's bytes and the number
    of the first sheet of each page."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    starts: dict[str, int] = {}
    outline_of_chapter = {}
    for item in printed:
        reader = PdfReader(io.BytesIO(item.pdf))
        starts[item.name] = first_page + len(writer.pages)
        first_index = len(writer.pages)
        for sheet in reader.pages:
            writer.add_page(sheet)
        parent = outline_of_chapter.get(item.chapter) if item.chapter else None
        entry = writer.add_outline_item(html.unescape(item.title), first_index, parent=parent)
        if item.chapter and item.chapter not in outline_of_chapter:
            outline_of_chapter[item.chapter] = entry
    if writer.pages:
        box = writer.pages[0].mediabox
        numbers = PdfReader(io.BytesIO(_page_numbers(
            len(writer.pages), first_page, float(box.width), float(box.height), browser)))
        for sheet, number in zip(writer.pages, numbers.pages, strict=True):
            sheet.merge_page(number)
    writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), starts


def parts(printed: list[Printed], only: str | None = None) -> list[tuple[str, list[Printed]]]:
    """The files to write: the whole book (unless ``only``), then one per chapter."""
    stems = []
    for item in printed:
        if item.chapter and item.chapter not in stems:
            stems.append(item.chapter)
    files = [] if only else [(BOOK_PDF, printed)]
    return files + [(f"{stem}.pdf", [item for item in printed if item.chapter == stem])
                    for stem in stems]


def write_pdfs(root: Path = ROOT, only: str | None = None, log=print) -> list[Path]:
    """Print the built student edition under ``root`` and write the PDFs into
    ``root/_build/pdf``: the whole book and each chapter (``only``: that chapter alone).
    A chapter's sheets carry the numbers they have in the whole book (with ``only``, they
    are numbered from 1)."""
    html_dir = output_dir(root) / "_build" / "html"
    if not (html_dir / "index.html").is_file():
        raise PdfError(f"no built book at {html_dir}: run make book first")
    names = pages(root, only)
    log(f"printing {len(names)} pages of {html_dir}")
    from playwright.sync_api import sync_playwright

    out_dir = root / PDF_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            printed = print_pages(html_dir, names, browser, log=log)
            book, starts = assemble(printed, browser) if only is None else (None, {})
            for file_name, items in parts(printed, only):
                data = book if file_name == BOOK_PDF else assemble(
                    items, browser, first_page=starts.get(items[0].name, 1))[0]
                path = out_dir / file_name
                path.write_bytes(data)
                written.append(path)
                log(f"wrote {path.relative_to(root)} ({len(data) // 1024} KiB)")
        finally:
            browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", metavar="STEM",
                        help="one chapter, by its stem (04_differential_drive)")
    args = parser.parse_args(argv)
    try:
        written = write_pdfs(only=args.only)
    except PdfError as error:
        print(f"make pdf: {error}", file=sys.stderr)
        return 2
    print(f"PDF: {written[0].relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
