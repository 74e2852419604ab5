"""The rulebook builder both games use: the PDF document on A4 or Letter with the embedded fonts, the
paragraph styles, a table of contents, headings that stay with their text, page numbers and the
running head, a cover hook for page 1, and tables that leave no stranded rows.

A game's rulebook module (``rulebook`` for Cape Clash, ``dice_rulebook`` for Derring-Dice) makes a
``Book``, builds its story (the flowables) with the book's styles and ``head``/``toc``, and calls
``write``::

    book = Book(path, "a4", "Derring-Dice", accent=(0.40, 0.06, 0.09), head_right="Rulebook")
    story = [Paragraph("Contents", book.styles["h1"]), book.toc(), PageBreak(), book.head("Setting up")]
    pages = book.write(story)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from . import fonts
from .specs import MM, PAPERS

INK = (0.11, 0.11, 0.13)
# The paragraph styles (reportlab ParagraphStyle arguments; fonts by role, colours "ink" or "accent").
# A game changes a few sizes with ``Book(styles=...)``.
STYLES = {
    "body": dict(font="regular", fontSize=9.5, leading=13, spaceAfter=5, textColor="ink",
                 allowWidows=0, allowOrphans=0),   # no paragraph leaves a single line on a page
    "small": dict(parent="body", fontSize=8, leading=10.5, spaceAfter=2),
    "cell": dict(parent="body", fontSize=7.5, leading=9, spaceAfter=0),
    # a heading always goes to the next page with the text it heads
    "h1": dict(font="bold", fontSize=17, leading=21, spaceBefore=6, spaceAfter=8, textColor="accent", keepWithNext=1),
    "h2": dict(font="bold", fontSize=12.5, leading=16, spaceBefore=8, spaceAfter=4, textColor="accent",
               keepWithNext=1),
    "h3": dict(font="bold", fontSize=10.5, leading=14, spaceBefore=6, spaceAfter=3, textColor="ink", keepWithNext=1),
    "title": dict(font="bold", fontSize=34, leading=40, alignment=1, textColor="accent"),
    "sub": dict(font="italic", fontSize=12, leading=16, alignment=1, textColor="ink"),
}


def esc(s) -> str:
    return html.escape(str(s), quote=False)


def no_stranded_rows(n: int, before: int = 2, after: int = 3) -> list:
    """Table style commands so a page break inside a table of ``n`` rows (a header first) leaves at
    least ``before`` rows above it and ``after`` rows below it: those rows are kept unsplit."""
    if n <= 1 + before + after:
        return [("NOSPLIT", (0, 0), (-1, -1))]
    return [("NOSPLIT", (0, 0), (-1, before)), ("NOSPLIT", (0, n - after), (-1, n - 1))]


class Book:
    """One rulebook PDF being made. ``title`` heads every page after the first (and ``head_right`` at
    the right, if given); ``cover(canvas, width, height)`` draws on page 1; ``styles`` changes the
    default ``STYLES`` ({name: {argument: value}}); ``toc_levels`` gives each contents level as
    (font role, size, leading, indent)."""

    def __init__(self, path: Path, paper: str, title: str, *, accent, head_right: str | None = None,
                 cover: Callable | None = None, styles: dict | None = None,
                 toc_levels=(("regular", 10, 15, 0),)):
        from reportlab.lib import colors
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

        fonts.register_pdf_fonts()
        self.fonts = {role: fonts.PDF_NAMES[role] for role in ("regular", "bold", "italic")}
        self.W, self.H = W, H = PAPERS[paper]
        self.ink = ink = colors.Color(*INK)
        self.accent = colors.Color(*accent)
        self.title = title
        self.toc_levels = toc_levels
        self.styles: dict = {}
        for name, spec in STYLES.items():
            spec = {**spec, **(styles or {}).get(name, {})}
            kw = {k: v for k, v in spec.items() if k not in ("font", "parent")}
            if "textColor" in kw:
                kw["textColor"] = {"ink": ink, "accent": self.accent}[kw["textColor"]]
            if "font" in spec:
                kw["fontName"] = self.fonts[spec["font"]]
            if "parent" in spec:
                kw["parent"] = self.styles[spec["parent"]]
            self.styles[name] = ParagraphStyle(name, **kw)

        class Doc(BaseDocTemplate):
            def afterFlowable(self, flowable):
                level = getattr(flowable, "toc_level", None)
                if level is not None:
                    self.notify("TOCEntry", (level, flowable.getPlainText(), self.page))

        def on_page(canvas, doc):
            canvas.saveState()
            canvas.setFont(self.fonts["regular"], 8)
            canvas.setFillColor(ink)
            if doc.page > 1:
                canvas.drawCentredString(W / 2, 12 * MM, f"{doc.page}")
                canvas.drawString(18 * MM, H - 12 * MM, title)
                if head_right:
                    canvas.drawRightString(W - 18 * MM, H - 12 * MM, head_right)
            elif cover is not None:
                cover(canvas, W, H)
            canvas.restoreState()

        self.doc = doc = Doc(str(path), pagesize=(W, H), initialFontName=fonts.embedded_font(), leftMargin=18 * MM,
                             rightMargin=18 * MM, topMargin=18 * MM, bottomMargin=20 * MM,
                             title=f"{title} - rulebook", author="Cape Clash", invariant=1)
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="f")
        doc.addPageTemplates([PageTemplate(id="p", frames=[frame], onPage=on_page)])

    @property
    def width(self) -> float:
        """The text column's width."""
        return self.doc.width

    def head(self, text, level: int = 1):
        """A heading (h1, h2, h3 by level); levels 1 and 2 go into the contents."""
        from reportlab.platypus import Paragraph
        p = Paragraph(esc(text), self.styles[f"h{min(level, 3)}"])
        if level <= 2:
            p.toc_level = level - 1
        return p

    def toc(self):
        """The table of contents, filled in as the book is written."""
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.platypus.tableofcontents import TableOfContents
        toc = TableOfContents()
        toc.levelStyles = [ParagraphStyle(f"t{i}", fontName=self.fonts[role], fontSize=size, leading=leading,
                                          leftIndent=indent)
                           for i, (role, size, leading, indent) in enumerate(self.toc_levels, 1)]
        return toc

    def list_table(self, rows: list, widths: list, size: float, style: list):
        """A list with a header row (repeated on each page it runs onto) in ``size`` pt, the header bold;
        a page break leaves no stranded rows. ``style``: more table style commands."""
        from reportlab.platypus import Table, TableStyle
        t = Table(rows, colWidths=widths, repeatRows=1)
        t.setStyle(TableStyle([*no_stranded_rows(len(rows)), ("FONT", (0, 0), (-1, -1), self.fonts["regular"], size),
                               ("FONT", (0, 0), (-1, 0), self.fonts["bold"], size), *style]))
        return t

    def write(self, story: list) -> int:
        """Lay the story out (twice, for the contents' page numbers); returns the page count."""
        self.doc.multiBuild(story)
        return self.doc.page
