"""How wide the book's page column is, and how high figure text ends up on the page.

Opens each built page of every chapter (``_build/html/chapters/``, a chapter folder's
opening page, lessons and summary too: :mod:`booktools.chapters`; build it first with
``.venv/bin/python -m booktools.bookbuild``) in headless Chromium at a 1280 px wide
window and prints the width of the column an output is shown in and, for every image, its
natural and shown width. Then prints the smallest text of every widget of the book as the
page shows it (:func:`robodyn.plotting.interactive.text_on_page`), with the column width
:data:`~robodyn.plotting.interactive.PAGE_COLUMN_PX` that the tests use.

Run with ``.venv/bin/python benchmarks/page_text.py``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from booktools import serve

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
VIEWPORT = {"width": 1280, "height": 900}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

MEASURE = """() => {
  const width = e => Math.round(e.getBoundingClientRect().width * 10) / 10;
  const output = document.querySelector('.cell_output');
  return {
    output: output ? width(output) : null,
    images: Array.from(document.querySelectorAll('main img')).filter(i => width(i) > 0)
      .map(i => ({
        kind: i.closest('.robodyn-static-figure') ? 'widget (static)'
              : i.closest('.animation') ? 'animation' : 'image',
        natural: i.naturalWidth, shown: width(i)})),
  };
}"""


def measure_pages() -> None:
    from playwright.sync_api import sync_playwright

    from booktools.chapters import chapters

    pages = [f"{name}.html" for chapter in chapters(ROOT) for name in chapter.docnames]
    if not all((HTML / page).is_file() for page in pages):
        raise SystemExit(f"the chapters' pages are not all in {HTML}: build the book first")
    server = serve.start(HTML)
    chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path,
                                                 args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            for name in pages:
                page.goto(f"http://127.0.0.1:{server.server_port}/{name}",
                          wait_until="networkidle")
                seen = page.evaluate(MEASURE)
                print(f"{name} at a {VIEWPORT['width']} px window: output column "
                      f"{seen['output']} px")
                for image in seen["images"]:
                    scale = image["shown"] / image["natural"]
                    print(f"  {image['kind']:16s} {image['natural']:5d} px shown "
                          f"{image['shown']:6.1f} px (x {scale:.2f})")
            browser.close()
    finally:
        server.shutdown()


def widget_text() -> None:
    import importlib
    import pkgutil

    import robodyn.figures
    from robodyn.plotting.interactive import (
        MIN_TEXT_PX,
        PAGE_COLUMN_PX,
        PHONE_COLUMN_PX,
        text_on_page,
    )

    print(f"\nsmallest widget text on the page (column {PAGE_COLUMN_PX:g} px, "
          f"required {MIN_TEXT_PX:g} px; on a phone, column {PHONE_COLUMN_PX:g} px):")
    for info in pkgutil.iter_modules(robodyn.figures.__path__, "robodyn.figures."):
        for make in getattr(importlib.import_module(info.name), "WIDGETS", ()):
            figure = make()
            height, text = figure.smallest_text_px()
            width = figure.figure.get_figwidth() * figure.dpi
            phone = text_on_page(figure.figure, width, PHONE_COLUMN_PX)[0][0]
            print(f"  {make.__name__:20s} image {width:.0f} px wide: {height:.1f} px "
                  f"({text!r}); on a phone {phone:.1f} px")


if __name__ == "__main__":
    measure_pages()
    widget_text()
