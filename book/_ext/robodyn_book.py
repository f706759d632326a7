"""Sphinx extension of the course book: pages free of script errors, buttons that lead somewhere.

Registered in ``_config.yml`` under ``sphinx.local_extensions``. It does these things.

1. **Inline scripts once.** With Sphinx before 8.2, a script given only by its body
   (``app.add_js_file(None, body=...)``) after the HTML builder has started is written into
   every page twice: the builder keeps it once under the file name ``None`` and adds it again
   from the registry under the name ``""``, and the two do not compare equal (fixed upstream
   in sphinx-doc/sphinx#13402). sphinx-thebe's ``const THEBE_JS_URL = ...`` then throws
   "Identifier 'THEBE_JS_URL' has already been declared" on every page, and
   sphinx-togglebutton's settings appear twice. The builder is given ``""`` for ``None``
   here, as the upstream fix does.
2. **No Thebe.** Jupyter Book always loads sphinx-thebe. Thebe runs a page's code on a Binder
   server with a script from unpkg.com, neither of which an offline book can reach, and the
   book has no Thebe button; its event handlers and stylesheet are removed.
3. **Launch buttons follow ``repository.url``.** Empty (the placeholder: no public repository
   yet) gives no Binder, Colab, JupyterHub or repository button, since each would lead
   nowhere; the ``.ipynb`` download, served by the built site itself, stays. A URL switches
   on the repository button and the launch buttons configured under ``launch_buttons``.
4. **Light pages.** The theme's ``fontawesome.js`` (1.45 MB on every page) is left out
   (``templates/static/webpack-macros.html``): the theme's stylesheet draws the same icons
   from Font Awesome's web font.
5. **Every screen.** ``static/robodyn-book.css`` and ``static/robodyn-book.js`` make the
   sidebar buttons work at every width (an upstream bug leaves them without a handler), keep
   tables, formulas, animations and long inline code inside the column on a phone, and set
   the note under a widget's static figure.
6. **Run it from the site.** Every page's download menu offers the notebooks with the book's
   package, ``robot-dynamics-<chapter>.zip`` on every page of a chapter (its opening page,
   lessons, summary, exercises), and ``robot-dynamics-all.zip`` elsewhere
   (:mod:`booktools.bundle`), written into the site's ``_downloads/`` at the end of the build.
7. **Figures described.** An image in a numbered figure without alternative text, and an
   animation's frame with only its generic one, takes the figure's caption as its text
   (otherwise a screen reader would read the image's file name), its formulas written in
   Unicode (``readable_math``: "μ_(eff)", "τ₁", "10⁴") rather than as raw TeX.
8. **Bibliography with back-links.** Each entry of the bibliography lists the pages that cite
   it, each a link to the spot of its first citation there (later ones numbered).
9. **Links to an erratum land on it.** ``heading_slug`` (``myst_heading_slug_func`` in
   ``_config.yml``) names an erratum's heading ``erratum-<N>``, so a lesson links to
   ``../../book/errata.md#erratum-4`` and the page opens at that erratum.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from booktools import bundle, chapters
from robodyn.plotting.animation import FRAME_ALT

HERE = Path(__file__).resolve().parent

#: Settings of ``launch_buttons`` that each make a button leading off the site.
LAUNCH_URL_KEYS = ("binderhub_url", "colab_url", "jupyterhub_url", "deepnote_url",
                   "jupyterlite_url")
#: Buttons that point into the repository.
REPOSITORY_BUTTONS = ("use_repository_button", "use_issues_button", "use_edit_page_button")


def theme_options_for_repository(options: dict[str, Any]) -> dict[str, Any]:
    """The theme options with launch and repository buttons fitted to ``repository_url``.

    >>> placeholder = theme_options_for_repository(
    ...     {"repository_url": "", "launch_buttons": {"colab_url": "https://c.example"}})
    >>> placeholder["launch_buttons"]["colab_url"], placeholder["use_repository_button"]
    ('', False)
    >>> real = theme_options_for_repository({"repository_url": "https://github.com/o/r",
    ...     "launch_buttons": {"colab_url": "https://c.example", "thebe": True}})
    >>> real["launch_buttons"], real["use_repository_button"]
    ({'colab_url': 'https://c.example', 'thebe': False}, True)
    """
    options = dict(options)
    buttons = dict(options.get("launch_buttons") or {})
    buttons["thebe"] = False
    url = (options.get("repository_url") or "").strip()
    options["repository_url"] = url
    if url:
        options["use_repository_button"] = True
    else:
        for key in LAUNCH_URL_KEYS:
            if key in buttons:
                buttons[key] = ""
        for key in REPOSITORY_BUTTONS:
            options[key] = False
    options["launch_buttons"] = buttons
    return options


def _fit_buttons(app: Sphinx, config) -> None:
    options = config.html_theme_options or {}
    if "repository_url" in options or "launch_buttons" in options:  # sphinx-book-theme
        config.html_theme_options = theme_options_for_repository(options)


def _remove_thebe(app: Sphinx, config) -> None:
    """Disconnect sphinx-thebe's event handlers and drop its stylesheet."""
    for listeners in list(app.events.listeners.values()):
        for listener in list(listeners):
            module = getattr(listener.handler, "__module__", "") or ""
            if module == "sphinx_thebe" or module.startswith("sphinx_thebe."):
                app.disconnect(listener.id)
    app.registry.css_files[:] = [
        (name, attrs) for name, attrs in app.registry.css_files
        if not (name or "").startswith("sphinx-thebe")
    ]


def _inline_scripts_once(app: Sphinx) -> None:
    """Let the HTML builder store a body-only script under "" as its registry copy is."""
    builder = app.builder
    add_js_file = getattr(builder, "add_js_file", None)
    if add_js_file is None or getattr(add_js_file, "_robodyn_fixed", False):
        return

    def add_js_file_once(filename, **kwargs):
        return add_js_file(filename or "", **kwargs)

    add_js_file_once._robodyn_fixed = True
    builder.add_js_file = add_js_file_once


def _book_assets(app: Sphinx, config) -> None:
    """The book's own templates first on the template path, its stylesheet and script."""
    config.templates_path = [str(HERE / "templates"), *config.templates_path]
    config.html_static_path = [*config.html_static_path, str(HERE / "static")]


#: TeX commands read as the character they draw, in an image's alternative text.
TEX_SYMBOLS = {
    **{name: chr(code) for name, code in (
        ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4),
        ("epsilon", 0x3F5), ("varepsilon", 0x3B5), ("zeta", 0x3B6), ("eta", 0x3B7),
        ("theta", 0x3B8), ("iota", 0x3B9), ("kappa", 0x3BA), ("lambda", 0x3BB), ("mu", 0x3BC),
        ("nu", 0x3BD), ("xi", 0x3BE), ("pi", 0x3C0), ("rho", 0x3C1), ("sigma", 0x3C3),
        ("tau", 0x3C4), ("phi", 0x3D5), ("varphi", 0x3C6), ("chi", 0x3C7), ("psi", 0x3C8),
        ("omega", 0x3C9), ("Gamma", 0x393), ("Delta", 0x394), ("Theta", 0x398),
        ("Lambda", 0x39B), ("Pi", 0x3A0), ("Sigma", 0x3A3), ("Phi", 0x3A6), ("Psi", 0x3A8),
        ("Omega", 0x3A9))},
    "ell": "\u2113", "pm": "\u00b1", "mp": "\u2213", "times": "\u00d7", "cdot": "\u00b7",
    "le": "\u2264", "leq": "\u2264", "ge": "\u2265", "geq": "\u2265", "approx": "\u2248",
    "neq": "\u2260", "infty": "\u221e", "to": "\u2192", "partial": "\u2202",
    **{name: name + " " for name in ("sin", "cos", "tan", "max", "min", "exp", "ln", "log")},
    ",": "\u2009", ";": " ", "!": "", " ": " ", "quad": " ",
    "qquad": " ", "left": "", "right": "", "{": "{", "}": "}", "%": "%", "\\": ";",
}
_SUBSCRIPTS = str.maketrans("0123456789+-=()aehijklmnoprstuvx",
                            "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089"
                            "\u208a\u208b\u208c\u208d\u208e\u2090\u2091\u2095\u1d62"
                            "\u2c7c\u2096\u2097\u2098\u2099\u2092\u209a\u1d63\u209b"
                            "\u209c\u1d64\u1d65\u2093")
_SUPERSCRIPTS = str.maketrans("0123456789+-=()n",
                              "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078"
                              "\u2079\u207a\u207b\u207c\u207d\u207e\u207f")
#: Accents: the combining character after the letter (x with a dot: the rate of x).
_ACCENTS = {"dot": "\u0307", "ddot": "\u0308", "hat": "\u0302", "bar": "\u0304",
            "tilde": "\u0303", "vec": "\u20d7"}
#: Commands whose argument is kept as it is: fonts and text.
_KEEP_ARGUMENT = ("text", "mathrm", "mathit", "mathbf", "boldsymbol", "operatorname",
                  "textrm", "mathsf", "mathcal")


def _argument(tex: str, at: int) -> tuple[str, int]:
    """The argument of a TeX command starting at ``at`` (a group in braces, a command or
    one character), and where it ends."""
    while at < len(tex) and tex[at] == " ":
        at += 1
    if at >= len(tex):
        return "", at
    if tex[at] == "{":
        depth = 0
        for end in range(at, len(tex)):
            depth += {"{": 1, "}": -1}.get(tex[end], 0)
            if depth == 0:
                return tex[at + 1:end], end + 1
        return tex[at + 1:], len(tex)
    if tex[at] == "\\":
        name = re.match(r"\\([A-Za-z]+|.)", tex[at:]).group(0)
        return name, at + len(name)
    return tex[at], at + 1


def _scripted(text: str, table: dict, mark: str) -> str:
    """``text`` in Unicode sub- or superscripts where every character has one, else
    ``mark`` and the text (in parentheses when longer than one character)."""
    converted = text.translate(table)
    if all(ord(char) > 127 for char in converted if not char.isspace()):
        return converted.replace(" ", "")
    return mark + (text if len(text) == 1 else f"({text})")


def readable_math(tex: str) -> str:
    """A TeX formula as readable text for an image's alternative text: Greek letters and
    symbols as Unicode, indices and powers as Unicode sub- and superscripts where they have
    them, fractions with a slash, accents as combining marks, fonts and braces dropped.

    >>> readable_math(r"\\mu_{\\text{eff}} = |F|/N")
    'μ_(eff) = |F|/N'
    >>> readable_math(r"k = 10^4, \\tau_1, \\dot\\theta, \\sqrt{k}, \\tfrac{1}{2}")
    'k = 10⁴, τ₁, θ̇, √k, 1/2'
    >>> readable_math(r"C = \\begin{pmatrix} -h & -h \\\\ h & 0 \\end{pmatrix}")
    'C = [-h, -h; h, 0]'
    """
    out, at = [], 0
    while at < len(tex):
        char = tex[at]
        if char == "\\":
            match = re.match(r"\\([A-Za-z]+|.)", tex[at:])
            name, at = match.group(1), at + len(match.group(0))
            if name in _ACCENTS:
                argument, at = _argument(tex, at)
                out.append(readable_math(argument) + _ACCENTS[name])
            elif name in ("frac", "tfrac", "dfrac"):
                top, at = _argument(tex, at)
                bottom, at = _argument(tex, at)
                parts = [readable_math(top), readable_math(bottom)]
                out.append("/".join(part if len(part) <= 1 or part.isalnum() else f"({part})"
                                    for part in parts))
            elif name == "sqrt":
                argument, at = _argument(tex, at)
                inner = readable_math(argument)
                out.append("\u221a" + (inner if len(inner) <= 2 else f"({inner})"))
            elif name in _KEEP_ARGUMENT:
                argument, at = _argument(tex, at)
                out.append(readable_math(argument))
            elif name in ("begin", "end"):            # a matrix's brackets; its rows by ;
                environment, at = _argument(tex, at)
                if environment.endswith("matrix"):
                    out.append("[" if name == "begin" else "]")
            else:
                out.append(TEX_SYMBOLS.get(name, name))
        elif char in "_^":
            argument, at = _argument(tex, at + 1)
            inner = readable_math(argument)
            out.append(_scripted(inner, _SUBSCRIPTS if char == "_" else _SUPERSCRIPTS, char))
        elif char in "{}":
            at += 1
        elif char == "&":                             # a matrix's columns
            out.append(",")
            at += 1
        else:
            out.append(char)
            at += 1
    text = " ".join("".join(out).split())
    return re.sub(r"\s+\]", "]", re.sub(r"\[\s+", "[", re.sub(r"\s+([,;])", r"\1", text)))


#: Class of the hidden, readable copy of an inline formula (:func:`_readable_formulas`).
MATH_TEXT_CLASS = "robodyn-math-text"


def _readable_caption(caption: nodes.Node) -> str:
    """A caption's text with its formulas made readable (:func:`readable_math`)."""
    pieces = []
    for node in caption.findall(lambda node: isinstance(node, (nodes.Text, nodes.math))):
        if isinstance(node, nodes.math):
            pieces.append(readable_math(node.astext()))
        elif not isinstance(node.parent, nodes.math) and MATH_TEXT_CLASS not in node.parent.get(
                "classes", []):
            pieces.append(node.astext())
    return " ".join("".join(pieces).split())


def _alt_from_caption(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Give each image of a captioned figure that has no ``alt`` (or only the animations'
    generic one) its figure's caption, its formulas made readable."""
    for figure in doctree.findall(nodes.figure):
        captions = list(figure.findall(nodes.caption))
        if not captions:
            continue
        text = _readable_caption(captions[0])
        for image in figure.findall(nodes.image):
            if not image.get("alt"):
                image["alt"] = text
        generic = f'alt="{FRAME_ALT}"'
        for raw in figure.findall(nodes.raw):
            if generic in raw.astext():
                described = raw.astext().replace(generic, f'alt="{html.escape(text)}"')
                raw.replace(raw.children[0], nodes.Text(described))


def _ancestors(node: nodes.Node):
    while node.parent is not None:
        node = node.parent
        yield node


def _readable_formulas(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put a readable copy (:func:`readable_math`) after each inline formula, hidden on the
    page (robodyn-book.css): the search's snippets show it instead of the formula's TeX
    (robodyn-book.js), which is all the page's HTML holds before MathJax draws it. Not in a
    title, whose text also names the page and its links."""
    for formula in list(doctree.findall(nodes.math)):
        if any(isinstance(node, nodes.title) for node in _ancestors(formula)):
            continue
        text = readable_math(formula.astext())
        formula.parent.insert(formula.parent.index(formula) + 1,
                              nodes.inline("", text, classes=[MATH_TEXT_CLASS]))


def _bibliography_pages(app: Sphinx, env) -> list[str]:
    """The pages with a bibliography, written again at every build: a page that cites may
    have changed, and the entries' back-links must follow it."""
    if "cite" not in env.domains:  # a project without sphinxcontrib-bibtex
        return []
    return sorted({key.docname for key in env.get_domain("cite").bibliographies})


def _reading_order(env) -> list[str]:
    """The documents in the order of the table of contents, the root first."""
    order, stack = [], [env.config.root_doc]
    while stack:
        page = stack.pop()
        if page not in order:
            order.append(page)
            stack.extend(reversed(env.toctree_includes.get(page, [])))
    return order


def _cited_in(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """After each bibliography entry: the pages that cite it, linked to their citations."""
    citations = list(doctree.findall(nodes.citation))
    if not citations or "cite" not in app.env.domains:
        return
    domain = app.env.get_domain("cite")
    key_of = {citation.citation_id: citation.key for citation in domain.citations}
    spots: dict[str, dict[str, list[str]]] = {}  # key -> citing page -> citation ids
    order = {page: n for n, page in enumerate(_reading_order(app.env))}
    for ref in sorted(domain.citation_refs,
                      key=lambda ref: (order.get(ref.docname, len(order)), ref.line)):
        for target in ref.targets:
            spots.setdefault(target.key, {}).setdefault(ref.docname, []).append(
                ref.citation_ref_id)
    for citation in citations:
        key = next((key_of[i] for i in citation["ids"] if i in key_of), None)
        pages = spots.get(key) or {}
        if not pages:
            continue
        line = nodes.paragraph(classes=["robodyn-cited-in"])
        line += nodes.Text("Cited in ")
        for n, (page, ids) in enumerate(pages.items()):
            uri = app.builder.get_relative_uri(docname, page)
            if n:
                line += nodes.Text("; ")
            title = app.env.titles[page].astext() if page in app.env.titles else page
            number = app.env.toc_secnumbers.get(page, {}).get("")
            if number:
                title = ".".join(map(str, number)) + ". " + title
            line += nodes.reference("", title, internal=True, refuri=f"{uri}#{ids[0]}")
            for more, ref_id in enumerate(ids[1:], start=2):
                line += nodes.Text(" ")
                line += nodes.reference("", str(more), internal=True, refuri=f"{uri}#{ref_id}")
        line += nodes.Text(".")
        citation += line


DOWNLOADS = "_downloads"


def _chapter_of(pagename: str) -> str:
    """The bundle a page offers: its chapter's on every page of the chapter
    (``chapters/02_x``; ``chapters/04_x/index``, a lesson ``chapters/04_x/01_y``,
    ``chapters/04_x/summary``; ``exercises/02_x``, ``solutions/02_x``), else all chapters'.

    >>> _chapter_of("chapters/04_x/01_y"), _chapter_of("exercises/02_x"), _chapter_of("book/a")
    ('04_x', '02_x', 'all')
    """
    return chapters.chapter_of(pagename) or bundle.ALL_CHAPTERS


def _add_bundle_button(app: Sphinx, pagename: str, templatename: str, context: dict,
                       doctree) -> None:
    """Put the page's bundle first in its download menu (sphinx-book-theme's header buttons)."""
    chapter = _chapter_of(pagename)
    what = ("this chapter's notebooks with robodyn" if chapter != bundle.ALL_CHAPTERS
            else "every chapter's notebooks with robodyn")
    entry = {
        "type": "link",
        "url": context["pathto"](f"{DOWNLOADS}/{bundle.bundle_name(chapter)}", 1),
        "text": ".zip (run it)",
        "tooltip": f"Download {what}, to run in Jupyter (README.txt inside)",
        "icon": "fas fa-file-zipper",
        "label": "download-bundle-button",
    }
    for button in context.get("header_buttons") or []:
        if button.get("label") == "download-buttons":
            button["buttons"].insert(0, entry)


def _write_bundles(app: Sphinx, exception) -> None:
    """Write every chapter's bundle, and all chapters' one, into the site's downloads."""
    if exception is not None or app.builder.format != "html":
        return
    stems = sorted({_chapter_of(name) for name in app.env.found_docs} - {bundle.ALL_CHAPTERS})
    if not stems:  # not the book (a test project of the extension, say)
        return
    # the book's title: jupyter-book gives _config.yml's title to html_title; Sphinx's
    # project stays at its default, "Project name not set"
    bundle.write_bundles(Path(app.outdir) / DOWNLOADS, stems, root=Path(app.srcdir),
                         title=app.config.html_title or app.config.project)


#: An erratum's heading, "Erratum 4: ...": its number.
_ERRATUM = re.compile(r"\s*erratum\s+(\d+)\b", re.IGNORECASE)


def heading_slug(title: str) -> str:
    """The name a link gives a heading after ``#`` (MyST's ``myst_heading_slug_func``): an
    erratum's is ``erratum-<N>``, short and kept when its title is reworded; any other
    heading's is GitHub's (lower case, punctuation dropped, spaces as hyphens).

    >>> heading_slug("Erratum 16: the sign of the gyroscopic term in Euler's equations")
    'erratum-16'
    >>> heading_slug("How we know: the energy")
    'how-we-know-the-energy'
    """
    erratum = _ERRATUM.match(title)
    if erratum:
        return f"erratum-{erratum.group(1)}"
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def setup(app: Sphinx) -> dict[str, Any]:
    # After every extension's setup (sphinx-thebe's included), before the builder starts.
    app.connect("config-inited", _remove_thebe)
    app.connect("config-inited", _fit_buttons)
    app.connect("config-inited", _book_assets)
    app.add_css_file("robodyn-book.css")
    app.add_js_file("robodyn-book.js", loading_method="defer")
    app.connect("doctree-resolved", _alt_from_caption)
    app.connect("doctree-resolved", _readable_formulas)
    app.connect("doctree-resolved", _cited_in)
    app.connect("env-updated", _bibliography_pages)
    # After sphinx-book-theme has made its header buttons (priority 501).
    app.connect("html-page-context", _add_bundle_button, priority=600)
    app.connect("build-finished", _write_bundles)
    # Before any other builder-inited handler can add an inline script.
    app.connect("builder-inited", _inline_scripts_once, priority=1)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
