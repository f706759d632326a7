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

// Display formulas on a narrow screen.
//
// MathJax 3 does not break a display formula over lines. One wider than the column is shown
// smaller, down to MIN_SCALE of its size, so that it fits; past that it scrolls inside its
// own box (robodyn-book.css), never the whole page.
const MIN_SCALE = 0.7;

function fitFormulas() {
  for (const formula of document.querySelectorAll('.bd-article mjx-container[display="true"]')) {
    formula.style.fontSize = "";
    if (formula.scrollWidth > formula.clientWidth + 1) {
      const scale = Math.max(MIN_SCALE, formula.clientWidth / formula.scrollWidth);
      formula.style.fontSize = `${(100 * scale).toFixed(1)}%`;
    }
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
