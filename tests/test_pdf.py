"""make pdf's choices that need no browser (booktools.pdf); the printing itself is tested on
the built book in tests/test_reader_view.py."""

from __future__ import annotations

import pytest

from booktools import pdf
from booktools.chapters import chapter_stems


def test_the_pages_follow_the_table_of_contents_and_one_chapter_can_be_chosen(root):
    """Every page of the student edition in the toc's order; --only keeps one chapter's pages
    and its exercises; an unknown chapter is a clear error that lists the chapters."""
    names = pdf.pages(root)
    assert names[0] == "book/intro" and len(names) == len(set(names))
    stem = chapter_stems(root)[3]
    chosen = pdf.pages(root, only=stem)
    assert chosen[-1] == f"exercises/{stem}" and all(stem in name for name in chosen)
    assert chosen == [name for name in names if stem in name]
    with pytest.raises(pdf.PdfError, match=r"--only: no chapter '04_pendulum'.*'01_"):
        pdf.pages(root, only="04_pendulum")


def test_the_files_are_the_book_and_one_per_chapter():
    """The whole book first, then each chapter's pages in order; with --only, the chapter."""
    printed = [pdf.Printed(name, name, chapter, b"") for name, chapter in (
        ("book/intro", None), ("chapters/01_a/index", "01_a"), ("exercises/01_a", "01_a"),
        ("chapters/02_b/index", "02_b"), ("book/errata", None))]
    files = pdf.parts(printed)
    assert [name for name, _ in files] == [pdf.BOOK_PDF, "01_a.pdf", "02_b.pdf"]
    assert files[0][1] == printed and [item.name for item in files[1][1]] == [
        "chapters/01_a/index", "exercises/01_a"]
    assert [name for name, _ in pdf.parts(printed[1:3], only="01_a")] == ["01_a.pdf"]


def test_without_a_built_book_it_says_to_build_one(tmp_path, monkeypatch):
    """No built site: make pdf stops with a message, status 2, nothing printed."""
    monkeypatch.setattr(pdf, "ROOT", tmp_path)
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: book/intro\n")
    with pytest.raises(pdf.PdfError, match="no built book at .*run make book first"):
        pdf.write_pdfs(tmp_path)
