// The sidebar buttons, at every width.
//
// pydata-sphinx-theme 0.17 and sphinx-book-theme 1.3 each bind their sidebar toggles to the
// first ".primary-toggle" and ".secondary-toggle" of the page (document.querySelector). With
// the two themes together that first button is the navigation bar's, which the book theme
// hides: the buttons a reader sees and clicks get no handler, and neither the chapter list
// nor the page contents ever opens (pydata/pydata-sphinx-theme#2451). Here a click on any
// other such button is passed on to the first one, whose handlers do the themes' work:
// the chapter list collapses beside the page on a wide screen and opens as a drawer on a
// narrow one; the page contents open as a drawer.
document.addEventListener("DOMContentLoaded", () => {
  for (const kind of ["primary", "secondary"]) {
    const [bound, ...others] = document.querySelectorAll(`.${kind}-toggle`);
    for (const button of others) {
      button.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        bound.click();
      });
    }
  }
});

// The chapter list's expanders, named. Each is a <summary> holding only an icon, so a screen
// reader announced it by the icon's glyph ("group: \uf078"); it now says what it opens, the
// pages of the chapter whose link stands before it, and the icon is hidden from it.
document.addEventListener("DOMContentLoaded", () => {
  for (const summary of document.querySelectorAll(".bd-sidebar-primary li > details > summary")) {
    const chapter = summary.parentElement.parentElement.querySelector(":scope > a");
    const title = chapter ? chapter.textContent.trim() : "this chapter";
    summary.setAttribute("aria-label", `Pages of ${title}`);
    summary.parentElement.setAttribute("aria-label", `Pages of ${title}`);
    for (const icon of summary.querySelectorAll("i, .toctree-toggle")) {
      icon.setAttribute("aria-hidden", "true");
    }
  }
});

// A tap on an entry of the chapter list or the page contents, opened as a drawer on a narrow
// screen, closes the drawer: an entry of the page contents only scrolls the page, which
// would otherwise move under a drawer that still covers most of the screen. The page is
// scrolled to the section once the drawer has closed and the theme has put its entries back
// (scrolled before, the section landed half a screen down); and the focus the theme gives
// back to the drawer's button is taken away, or that button's tooltip covers the page.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  const drawer = link && link.closest(
    "dialog[open]#pst-primary-sidebar-modal, dialog[open]#pst-secondary-sidebar-modal");
  if (!drawer) {
    return;
  }
  const here = link.hash && link.pathname === location.pathname;
  if (here) {
    event.preventDefault();
    history.pushState(null, "", link.hash);
  }
  drawer.addEventListener("close", () => {
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement.blur) {
        document.activeElement.blur();
      }
      const target = here && document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
      }
    });
  }, { once: true });
  drawer.close();
});

// Formulas on a narrow screen.
//
// MathJax 3 breaks no formula over lines. A display formula wider than the column is shown
// smaller, down to MIN_SCALE of its size, so that it fits; past that it scrolls inside its
// own box (robodyn-book.css), never the whole page. Its size is MathJax's own (the inline
// style MathJax gives it, 127.3 % of the text with this book's fonts), kept the first time
// and scaled from, never erased. An inline formula wider than the column, which the theme
// would cut off, scrolls inside its own box (class "robodyn-wide").
const MIN_SCALE = 0.7;

function fitFormulas() {
  for (const formula of document.querySelectorAll('.bd-article mjx-container[display="true"]')) {
    if (formula.dataset.fullSize === undefined) {
      formula.dataset.fullSize = formula.style.fontSize || "100%";
    }
    const full = parseFloat(formula.dataset.fullSize) || 100;
    formula.style.fontSize = `${full}%`;
    if (formula.scrollWidth > formula.clientWidth + 1) {
      const scale = Math.max(MIN_SCALE, formula.clientWidth / formula.scrollWidth);
      formula.style.fontSize = `${(full * scale).toFixed(1)}%`;
    }
  }
  for (const inline of document.querySelectorAll(".bd-article span.math")) {
    // wider than its paragraph (or caption, or cell), not merely an italic letter's
    // overhang past its own box
    let block = inline.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) {
      block = block.parentElement;
    }
    inline.classList.toggle("robodyn-wide", block !== null && inline.scrollWidth > block.clientWidth);
  }
}

window.addEventListener("load", () => {
  const typeset = window.MathJax && MathJax.startup && MathJax.startup.promise;
  (typeset || Promise.resolve()).then(fitFormulas);
  let pending = null;
  window.addEventListener("resize", () => {
    clearTimeout(pending);
    pending = setTimeout(fitFormulas, 150);
  });
});
