"""Home print sheets: 3 x 3 poker cards per page with crop marks, a ruler and duplex backs.

Nine poker cards with 1/8 in bleed each (3 x 69.85 mm) are wider than A4 and taller than
Letter, so by default the cards share their cut lines (no gutter): each card is drawn with its
bleed, the bleed shows round the block's outside edges, and one straight cut separates two
neighbours. ``gutter`` (mm) spaces the cards apart; each card then keeps up to half the gutter
of bleed on its inner edges. Crop marks extend every cut line past the block; they start
1 mm outside the trim (over the waste bleed, white-edged so they show on any colour).

Back pages mirror the fronts for long-edge duplex: the card in column c of a front lands on
column 2 - c of its back. ``offset`` (mm) shifts the backs to correct a printer's duplex error,
measured with the calibration page.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import fonts
from .render import PdfPainter
from .specs import BLEED, CARD_H, CARD_W, FULL_H, FULL_W, MM, PAPERS

COLS = ROWS = 3
MARK_LEN = 5 * MM
MARK_START = 1 * MM


@dataclass
class Grid:
    page_w: float
    page_h: float
    gutter: float = 0.0   # points between trim boxes

    @property
    def block(self) -> tuple[float, float, float, float]:
        w = COLS * CARD_W + (COLS - 1) * self.gutter
        h = ROWS * CARD_H + (ROWS - 1) * self.gutter
        return (self.page_w - w) / 2, (self.page_h - h) / 2, w, h  # x, y from the top, w, h

    def trim_origin(self, slot: int, back: bool = False) -> tuple[float, float]:
        """Top left corner of the trim box of a slot (0..8), in points from the page's top left."""
        bx, by, _, _ = self.block
        r, c = divmod(slot, COLS)
        if back:
            c = COLS - 1 - c
        return bx + c * (CARD_W + self.gutter), by + r * (CARD_H + self.gutter)

    def bleed_inner(self) -> float:
        return min(BLEED, self.gutter / 2)

    def cuts(self) -> tuple[list[float], list[float]]:
        bx, by, _, _ = self.block
        xs = sorted({round(bx + c * (CARD_W + self.gutter) + d, 4) for c in range(COLS) for d in (0, CARD_W)})
        ys = sorted({round(by + r * (CARD_H + self.gutter) + d, 4) for r in range(ROWS) for d in (0, CARD_H)})
        return xs, ys


def grid_for(paper: str, gutter_mm: float = 0.0) -> Grid:
    w, h = PAPERS[paper]
    return Grid(w, h, gutter_mm * MM)


def _clip_cell(c, grid: Grid, slot: int, back: bool, page_h: float, dx: float = 0, dy: float = 0):
    """Clip to the card's trim plus its bleed: full bleed on the block's outside, half the gutter inside."""
    x, y = grid.trim_origin(slot, back)
    r, col = divmod(slot, COLS)
    if back:
        col = COLS - 1 - col
    inner = grid.bleed_inner()
    left = BLEED if col == 0 else inner
    right = BLEED if col == COLS - 1 else inner
    top = BLEED if r == 0 else inner
    bottom = BLEED if r == ROWS - 1 else inner
    p = c.beginPath()
    p.rect(x - left + dx, page_h - (y + CARD_H + bottom) - dy, CARD_W + left + right, CARD_H + top + bottom)
    c.clipPath(p, stroke=0, fill=0)
    return x, y


def _form_for(c, painter: PdfPainter, lay) -> str:
    """A layout drawn once per document as a form XObject (a card back repeats on every back page)."""
    forms = c.__dict__.setdefault("_capeclash_forms", {})
    name = forms.get(id(lay))
    if name is None:
        name = forms[id(lay)] = f"CardForm{len(forms)}"
        c.beginForm(name, 0, 0, FULL_W, FULL_H)
        painter.draw(lay.ops, 0, FULL_H)
        c.endForm()
    return name


def draw_cards(c, painter: PdfPainter, grid: Grid, layouts, back: bool = False, offset=(0.0, 0.0)) -> None:
    """Draw a page's cards, each clipped to its trim and bleed; a layout that fills several slots (the
    back) is written once as a form and placed in each."""
    dx, dy = offset[0] * MM, offset[1] * MM
    repeated = {id(lay) for lay in layouts if back and lay is not None and sum(x is lay for x in layouts) > 1}
    for slot, lay in enumerate(layouts):
        if lay is None:
            continue
        form = _form_for(c, painter, lay) if id(lay) in repeated else None
        c.saveState()
        x, y = _clip_cell(c, grid, slot, back, grid.page_h, dx, dy)
        if form:
            c.translate(x - BLEED + dx, grid.page_h - (y - BLEED) - dy - FULL_H)
            c.doForm(form)
        else:
            painter.draw(lay.ops, x - BLEED + dx, grid.page_h - (y - BLEED) - dy)
        c.restoreState()


def draw_crop_marks(c, grid: Grid) -> None:
    """Marks on every cut line, outside the block of cards, at its four sides."""
    xs, ys = grid.cuts()
    bx, by, bw, bh = grid.block
    H = grid.page_h
    segs = []
    room_v = max(0.0, by - 2 * MM)            # keep 2 mm off the paper's edge
    room_h = max(0.0, bx - 2 * MM)
    lv = min(MARK_LEN, room_v - MARK_START)
    lh = min(MARK_LEN, room_h - MARK_START)
    for x in xs:
        segs.append((x, by - MARK_START, x, by - MARK_START - lv))
        segs.append((x, by + bh + MARK_START, x, by + bh + MARK_START + lv))
    for y in ys:
        segs.append((bx - MARK_START, y, bx - MARK_START - lh, y))
        segs.append((bx + bw + MARK_START, y, bx + bw + MARK_START + lh, y))
    for width, gray in ((1.6, 1.0), (0.5, 0.0)):
        c.setLineWidth(width)
        c.setStrokeColorRGB(gray, gray, gray)
        for x1, y1, x2, y2 in segs:
            c.line(x1, H - y1, x2, H - y2)


def draw_ruler_and_note(c, grid: Grid, label: str, note: bool = True) -> None:
    """A 50 mm ruler and the "print at 100 %" note, in the margins between crop marks."""
    fonts.register_pdf_fonts()
    bx, by, bw, bh = grid.block
    H = grid.page_h
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    lines = ["Print at 100 % (actual size, no fit to page).", "The ruler must measure 50 mm."]
    if by - BLEED >= 9 * MM:   # room above and below the block: ruler under the middle column
        x0 = bx + bw / 2 - 25 * MM
        y0 = by + bh + BLEED + 2.5 * MM
        _ruler(c, x0, H - y0, horizontal=True)
        c.setFont(fonts.PDF_NAMES["regular"], 6.5)
        ty = by - BLEED - 2.2 * MM
        for i, ln in enumerate(reversed(lines)):
            c.drawCentredString(bx + bw / 2, H - ty + i * 8, ln)
        c.setFont(fonts.PDF_NAMES["regular"], 6)
        c.drawString(bx, H - (by + bh + BLEED + 8.5 * MM), label)
    else:                       # little room: ruler and note stand in the side margins, mid-page
        x0 = bx - BLEED - 2.5 * MM
        y0 = by + bh / 2 - 25 * MM
        _ruler(c, x0, H - y0, horizontal=False)
        c.saveState()
        c.translate(bx + bw + BLEED + 2.5 * MM, H - (by + bh / 2))
        c.rotate(90)
        c.setFont(fonts.PDF_NAMES["regular"], 6.5)
        c.drawCentredString(0, -7, lines[0] + " " + lines[1])
        c.setFont(fonts.PDF_NAMES["regular"], 6)
        c.drawCentredString(0, -15, label)
        c.restoreState()


def _ruler(c, x: float, y: float, horizontal: bool) -> None:
    """A 50 mm ruler starting at (x, y) in PDF coordinates; ticks go away from the cards."""
    c.setLineWidth(0.4)
    c.setFont(fonts.PDF_NAMES["regular"], 5)
    if horizontal:
        c.line(x, y, x + 50 * MM, y)
        for i in range(51):
            t = 2.4 if i % 10 == 0 else 1.6 if i % 5 == 0 else 1.0
            c.line(x + i * MM, y, x + i * MM, y - t * MM)
            if i % 10 == 0:
                c.drawCentredString(x + i * MM, y - 4.6 * MM, f"{i // 10} cm" if i else "0")
    else:
        c.line(x, y, x, y - 50 * MM)
        for i in range(51):
            t = 2.4 if i % 10 == 0 else 1.6 if i % 5 == 0 else 1.0
            c.line(x, y - i * MM, x - t * MM, y - i * MM)
            if i % 10 == 0:
                c.saveState()
                c.translate(x - 3.2 * MM, y - i * MM)
                c.rotate(90)
                c.drawCentredString(0, 0, f"{i // 10} cm" if i else "0")
                c.restoreState()


def home_pdf(path, layouts: list, back, paper: str, title: str, *, gutter_mm: float = 0.0,
             offset=(0.0, 0.0), backs: bool = True, brand: str = "Cape Clash") -> int:
    """Write the home sheets: fronts, each followed by its mirrored back page. Returns the page count."""
    from reportlab.pdfgen.canvas import Canvas
    grid = grid_for(paper, gutter_mm)
    c = Canvas(str(path), pagesize=(grid.page_w, grid.page_h), invariant=1, pageCompression=1)
    c.setTitle(f"{brand} - {title}")
    c.setAuthor("Cape Clash printgen")
    painter = PdfPainter(c)
    pages = 0
    sheets = [layouts[i:i + 9] for i in range(0, len(layouts), 9)]
    for n, chunk in enumerate(sheets, 1):
        draw_cards(c, painter, grid, chunk)
        draw_crop_marks(c, grid)
        draw_ruler_and_note(c, grid, f"{brand} - {title} - sheet {n} of {len(sheets)}, fronts")
        c.showPage()
        pages += 1
        if backs:
            draw_cards(c, painter, grid, [back if lay is not None else None for lay in chunk], back=True,
                       offset=offset)
            draw_ruler_and_note(c, grid, f"{brand} - {title} - sheet {n} of {len(sheets)}, backs "
                                         f"(long-edge duplex)")
            c.showPage()
            pages += 1
    c.save()
    return pages


def calibration_pdf(path, paper: str, gutter_mm: float = 0.0) -> int:
    """Two pages for duplex calibration: scales on the front, crosses on the back where the
    card centres land. Print both sides (long edge), hold the sheet to a light and read where
    each cross sits on its scale: that is the offset to pass as --offset-x / --offset-y."""
    from reportlab.pdfgen.canvas import Canvas
    fonts.register_pdf_fonts()
    grid = grid_for(paper, gutter_mm)
    H = grid.page_h
    c = Canvas(str(path), pagesize=(grid.page_w, H), invariant=1)
    c.setTitle("Cape Clash - duplex calibration")
    for back in (False, True):
        for slot in range(9):
            x, y = grid.trim_origin(slot, back)
            cx, cy = x + CARD_W / 2, H - (y + CARD_H / 2)
            c.setStrokeColorRGB(0.6, 0.6, 0.6)
            c.setLineWidth(0.3)
            c.rect(x, H - y - CARD_H, CARD_W, CARD_H)
            c.setStrokeColorRGB(0, 0, 0)
            if not back:
                c.setLineWidth(0.35)
                c.setFont(fonts.PDF_NAMES["regular"], 4.5)
                c.line(cx - 10 * MM, cy, cx + 10 * MM, cy)
                c.line(cx, cy - 10 * MM, cx, cy + 10 * MM)
                for i in range(-10, 11):
                    t = 2.2 if i % 5 == 0 else 1.2
                    c.line(cx + i * MM, cy - t * MM / 2, cx + i * MM, cy + t * MM / 2)
                    c.line(cx - t * MM / 2, cy + i * MM, cx + t * MM / 2, cy + i * MM)
                    if i and i % 5 == 0:
                        c.drawCentredString(cx + i * MM, cy - 3.6 * MM, f"{i:+d}")
                        c.drawString(cx + 1.6 * MM, cy - i * MM - 1.5, f"{-i:+d}")
            else:
                c.setLineWidth(0.8)
                c.setStrokeColorRGB(0.8, 0, 0)
                c.line(cx - 6 * MM, cy, cx + 6 * MM, cy)
                c.line(cx, cy - 6 * MM, cx, cy + 6 * MM)
                c.circle(cx, cy, 2 * MM)
        c.setFillColorRGB(0, 0, 0)
        x, y = grid.trim_origin(1, back)   # the instructions go in the top middle cell, under its scale
        lines = ["Duplex calibration - " + ("back" if back else "front"), "",
                 "1. Print both pages on one sheet:", "   two-sided, flip on long edge, 100 %.",
                 "2. Hold the sheet up to a light.", "3. Read where each red cross sits", "   on the front's scales (in mm).",
                 "4. Print your cards with", "   --offset-x X --offset-y Y", "   (0 and 0: your printer is exact)."]
        for i, ln in enumerate(lines):
            c.setFont(fonts.PDF_NAMES["bold" if i == 0 else "regular"], 8 if i == 0 else 6.5)
            c.drawString(x + 6 * MM, H - (y + CARD_H / 2 + 16 * MM) - i * 8.5, ln)
        draw_ruler_and_note(c, grid, "Cape Clash - duplex calibration", note=True)
        c.showPage()
    c.save()
    return 2
