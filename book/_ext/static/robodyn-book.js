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

// Search results that read and land. Sphinx's search (searchtools.js) shows a page's first
// lines around a hit, cut mid-word, with its formulas as TeX ("\(\mu_s\)") and code from its
// cells, and opens the page at its top. Here a result shows the paragraph (or caption, or
// table cell) of the page's first hit in its prose, with each formula as the readable copy
// the build put beside it (robodyn_book.py), and opens the page at that paragraph's section,
// which it names under the page's title.
if (typeof Search !== "undefined") {
  const NOT_PROSE = ".headerlink, script, style, .math, div.cell_input, pre, nav, " +
                    ".toctree-wrapper, .contents, .robodyn-static-note";
  const BLOCKS = "p, figcaption, td, th, dd, li";
  const HEADINGS = "h1, h2, h3, h4, h5, h6";
  const SNIPPET = 240;

  const prose = (htmlString) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    const main = page.querySelector('[role="main"]') || page.body;
    main.querySelectorAll(NOT_PROSE).forEach((el) => el.remove());
    main.querySelectorAll(".robodyn-math-text")
      .forEach((el) => el.replaceWith(` ${el.textContent} `));
    return main;
  };
  const words = (el) => el.textContent.replace(/\s+/g, " ").trim();

  // The first block of prose that holds a search word, the innermost one.
  const firstHit = (main, keywords) => {
    const holds = (el) => keywords.some((word) => el.textContent.toLowerCase().includes(word));
    for (const selector of [BLOCKS, HEADINGS]) {
      const hit = Array.from(main.querySelectorAll(selector))
        .find((el) => holds(el) && !Array.from(el.querySelectorAll(BLOCKS)).some(holds));
      if (hit) return hit;
    }
    return null;
  };

  // The block's words, at most SNIPPET characters around the first search word, cut between
  // words.
  const snippet = (text, keywords) => {
    if (text.length <= SNIPPET) return text;
    const lower = text.toLowerCase();
    const at = Math.min(...keywords.map((word) => lower.indexOf(word)).filter((i) => i >= 0));
    let start = Math.max(0, at - SNIPPET / 3);
    if (start > 0) start = text.indexOf(" ", start) + 1;
    let end = Math.min(text.length, start + SNIPPET);
    if (end < text.length) end = text.lastIndexOf(" ", end);
    return (start > 0 ? "…" : "") + text.slice(start, end) + (end < text.length ? "…" : "");
  };

  Search.htmlToText = (htmlString, anchor) => {
    const main = prose(htmlString);
    const part = anchor ? main.querySelector(anchor) : null;
    return words(part || main);
  };

  Search.makeSearchSummary = (htmlText, keywords, anchor) => {
    const terms = [...keywords].map((word) => word.toLowerCase());
    const main = prose(htmlText);
    const part = (anchor && main.querySelector(anchor)) || main;
    const hit = firstHit(part, terms);
    const summary = document.createElement("p");
    summary.classList.add("context");
    summary.textContent = snippet(words(hit || part), terms);
    const section = hit && hit.closest("section[id]");
    const heading = section && section.querySelector(`:scope > :is(${HEADINGS})`);
    if (!anchor && heading && heading.tagName !== "H1") {
      // once Sphinx has put the summary in its result: the link to the section, named
      queueMicrotask(() => {
        const link = summary.parentElement && summary.parentElement.querySelector("a");
        if (!link) return;
        link.setAttribute("href", `${link.getAttribute("href").split("#")[0]}#${section.id}`);
        const where = document.createElement("span");
        where.className = "robodyn-search-section";
        where.textContent = `in ${words(heading)}`;
        link.after(where);
      });
    }
    return summary;
  };
}
