"""Home print sheets: 3 x 3 poker cards per page with crop marks, a ruler and duplex backs.

Nine poker cards with 1/8 in bleed each (3 x 69.85 mm) are wider than A4 and taller than
Letter, so by default the cards share their cut lines (no gutter): each card is drawn with its
bleed, the bleed shows round the block's outside edges, and one straight cut separates two
neighbours. ``gutter`` (mm) spaces the cards apart; each card then keeps up to half the gutter
of bleed on its inner edges. Crop marks extend every cut line past the block; they start
1 mm outside the trim (over the waste bleed, white-edged so they show on any colour).

Nothing is printed within ``PAPER_MARGIN`` (5 mm) of the paper's edge, where many printers can't
print: the outer bleed stops there, crop marks start nearer the trim when the margin is narrow (on
Letter the block leaves only 1.35 mm above and below the cards), and a layout where the cards, a
crop mark of at least ``MIN_MARK``, the ruler or the note would not fit is refused
(``LayoutError``, naming the largest gutter that fits).

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
MARK_START_TIGHT = 0.3 * MM     # where marks start when the margin leaves no room for MARK_START
MIN_MARK = 1 * MM
PAPER_MARGIN = 5 * MM
RULER_DEPTH = 3.8 * MM          # the ruler's line, ticks and numbers, away from the cards
GAP = 0.5 * MM                  # between the bleed and the ruler or the note


class LayoutError(ValueError):
    """A home-sheet layout that doesn't fit the paper; the message names the limit."""


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

    def room(self) -> tuple[float, float]:
        """Paper between the block's trim and the printable area (PAPER_MARGIN): sides, top/bottom."""
        bx, by, _, _ = self.block
        return bx - PAPER_MARGIN, by - PAPER_MARGIN

    def bleed_outer(self) -> tuple[float, float]:
        """The bleed shown round the block, left/right and top/bottom: up to BLEED, never into the margin."""
        rx, ry = self.room()
        return max(0.0, min(BLEED, rx)), max(0.0, min(BLEED, ry))

    def mark_span(self, vertical: bool) -> tuple[float, float]:
        """Where the crop marks of vertical (or horizontal) cuts run: from and to, outside the trim."""
        rx, ry = self.room()
        room = ry if vertical else rx
        start = MARK_START if room >= MARK_START + MIN_MARK else MARK_START_TIGHT
        return start, start + min(MARK_LEN, room - start)

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
    ox, oy = grid.bleed_outer()
    left = ox if col == 0 else inner
    right = ox if col == COLS - 1 else inner
    top = oy if r == 0 else inner
    bottom = oy if r == ROWS - 1 else inner
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
    """Marks on every cut line, outside the block of cards, at its four sides, within the printable area."""
    xs, ys = grid.cuts()
    bx, by, bw, bh = grid.block
    H = grid.page_h
    segs = []
    v0, v1 = grid.mark_span(vertical=True)
    h0, h1 = grid.mark_span(vertical=False)
    for x in xs:
        segs.append((x, by - v0, x, by - v1))
        segs.append((x, by + bh + v0, x, by + bh + v1))
    for y in ys:
        segs.append((bx - h0, y, bx - h1, y))
        segs.append((bx + bw + h0, y, bx + bw + h1, y))
    for width, gray in ((1.6, 1.0), (0.5, 0.0)):
        c.setLineWidth(width)
        c.setStrokeColorRGB(gray, gray, gray)
        for x1, y1, x2, y2 in segs:
            c.line(x1, H - y1, x2, H - y2)


NOTE = ("Print at 100 % (actual size, no fit to page).", "The ruler must measure 50 mm.")


def furniture(grid: Grid, label: str) -> tuple[str, dict]:
    """Where the ruler, the note and the sheet's label go: above and below the block ("tb": the note over
    the middle column, the ruler under it, the label under the left column) or beside it ("sides": the
    ruler down the left of the middle row, the note and the label up the right). Each item is a box
    (x0, y0, x1, y1 from the page's top left) with its text size; raises LayoutError when neither fits."""
    bx, by, bw, bh = grid.block
    ox, oy = grid.bleed_outer()
    W, H, M = grid.page_w, grid.page_h, PAPER_MARGIN
    col_w = CARD_W - 2 * max(grid.mark_span(True)[0], 0)   # a column's width between its cut marks
    problems = []
    # above and below
    note_size = 6.0
    note_w = max(fonts.width(t, "regular", note_size) for t in NOTE)
    label = shorten(label, 5.0, CARD_W - 4 * MM)
    lab_size = _fit(label, 6.0, CARD_W - 4 * MM)
    mid = bx + bw / 2
    top_need = oy + GAP + 2 * note_size * 1.2
    bottom_need = oy + GAP + RULER_DEPTH
    items = {"note": (mid - note_w / 2, by - top_need, mid + note_w / 2, by - oy - GAP, note_size),
             "ruler": (mid - 25 * MM - 2 * MM, by + bh + oy + GAP, mid + 25 * MM + 3 * MM, by + bh + bottom_need, 5),
             "label": (bx + 2 * MM, by + bh + oy + GAP, bx + 2 * MM + fonts.width(label, "regular", lab_size),
                       by + bh + oy + GAP + lab_size, lab_size, label)}
    if note_w <= col_w and lab_size and _inside(items, W, H, M):
        return "tb", items
    problems.append(f"above and below the cards the note and the ruler need {top_need / MM:.1f} and "
                    f"{bottom_need / MM:.1f} mm outside the cards, and there are {(by - M) / MM:.1f} mm")
    # beside: rotated text, so x is across the text and y along it
    row_h = CARD_H - 2 * MM
    note_size = _fit(NOTE[0] + " " + NOTE[1], 6.0, row_h)
    label = shorten(label, 5.0, row_h)
    lab_size = _fit(label, 6.0, row_h)
    mid_y = by + bh / 2
    right = bx + bw + ox + GAP
    items = {"ruler": (bx - ox - GAP - RULER_DEPTH, mid_y - 25 * MM - 3 * MM, bx - ox - GAP, mid_y + 25 * MM + 2 * MM, 5),
             "note": (right, mid_y - row_h / 2, right + (note_size or 0) * 1.0, mid_y + row_h / 2, note_size),
             "label": (right, by + 1 * MM, right + (lab_size or 0) * 1.0, by + CARD_H - 1 * MM, lab_size, label)}
    if note_size and lab_size and _inside(items, W, H, M):
        return "sides", items
    problems.append(f"beside the cards the ruler and the note need {(ox + GAP + RULER_DEPTH) / MM:.1f} mm "
                    f"outside the cards, and there are {(bx - M) / MM:.1f} mm")
    raise LayoutError("; ".join(problems))


def shorten(text: str, size: float, width: float) -> str:
    """``text`` as it is when it fits ``width`` at ``size``, else with its middle cut out ("...")
    so that both ends stay readable (the sheet's label: the title in the middle, the sheet number at the end)."""
    if fonts.width(text, "regular", size) <= width:
        return text
    head, tail = len(text) // 2, len(text) - len(text) // 2
    while head > 1 and fonts.width(text[:head] + "..." + text[-tail:], "regular", size) > width:
        head, tail = (head - 1, tail) if head >= tail else (head, tail - 1)
    return text[:head].rstrip() + "..." + text[-tail:].lstrip()


def _fit(text: str, size: float, width: float, floor: float = 4.5) -> float:
    """The largest size from ``size`` down to ``floor`` at which the text fits ``width``; 0 if none."""
    while size >= floor:
        if fonts.width(text, "regular", size) <= width:
            return size
        size -= 0.25
    return 0.0


def _inside(items: dict, W: float, H: float, M: float) -> bool:
    return all(x0 >= M - 0.01 and y0 >= M - 0.01 and x1 <= W - M + 0.01 and y1 <= H - M + 0.01
               for x0, y0, x1, y1, *_rest in items.values())


def layout_problems(paper: str, gutter_mm: float) -> list[str]:
    """Why the home sheets can't be printed on ``paper`` with this gutter (empty when they can)."""
    grid = grid_for(paper, gutter_mm)
    out = []
    rx, ry = grid.room()
    if gutter_mm < 0:
        out.append("the gutter can't be negative")
    if rx < 0 or ry < 0:
        bx, by, bw, bh = grid.block
        out.append(f"the cards take {bw / MM:.1f} x {bh / MM:.1f} mm and the printable area of "
                   f"{grid.page_w / MM:.1f} x {grid.page_h / MM:.1f} mm paper is "
                   f"{(grid.page_w - 2 * PAPER_MARGIN) / MM:.1f} x {(grid.page_h - 2 * PAPER_MARGIN) / MM:.1f} mm")
    else:
        for vertical, name in ((True, "vertical"), (False, "horizontal")):
            a, b = grid.mark_span(vertical)
            if b - a < MIN_MARK - 1e-6:
                out.append(f"the crop marks of the {name} cuts would be {max(0.0, b - a) / MM:.1f} mm long "
                           f"(at least {MIN_MARK / MM:g} mm needed)")
        if not out:
            try:
                furniture(grid, "Cape Clash - a deck title of ordinary length - sheet 10 of 10, backs")
            except LayoutError as e:
                out.append(f"no room for the ruler and the note: {e}")
    return out


def max_gutter(paper: str) -> float:
    """The largest gutter in mm (to 0.1 mm) that fits ``paper``; -1 if none does."""
    best = -1.0
    for tenth in range(0, 301):
        if layout_problems(paper, tenth / 10):
            break
        best = tenth / 10
    return best


def check_layout(papers, gutter_mm: float) -> None:
    """Raise LayoutError naming the limit when the home sheets don't fit a paper with this gutter."""
    msgs = []
    for paper in papers:
        probs = layout_problems(paper, gutter_mm)
        if probs:
            limit = max_gutter(paper)
            name = paper.upper() if paper == "a4" else paper.title()
            fix = (f"--gutter can be at most {limit:.1f} mm on {name}" if limit > 0
                   else f"{name} has no room for a gutter" if limit == 0 else "no gutter fits")
            msgs.append(f"--gutter {gutter_mm:g} doesn't fit {paper}: " + "; ".join(probs) + f" ({fix}, keeping "
                        f"{PAPER_MARGIN / MM:g} mm of paper margin)")
    if msgs:
        raise LayoutError("\n".join(msgs))


def draw_ruler_and_note(c, grid: Grid, label: str, note: bool = True) -> None:
    """A 50 mm ruler, the "print at 100 %" note and the sheet's label, where ``furniture`` puts them."""
    fonts.register_pdf_fonts()
    H = grid.page_h
    mode, items = furniture(grid, label)
    label = items["label"][5]   # shortened in the middle when too long
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    if mode == "tb":
        x0, _y0, x1, y1, size = items["note"]
        c.setFont(fonts.PDF_NAMES["regular"], size)
        for i, ln in enumerate(reversed(NOTE)):
            c.drawCentredString((x0 + x1) / 2, H - y1 + 1.2 + i * size * 1.2, ln)
        rx0, ry0, *_ = items["ruler"]
        _ruler(c, rx0 + 2 * MM, H - ry0, horizontal=True)
        lx0, ly0, _lx1, _ly1, lsize, _text = items["label"]
        c.setFont(fonts.PDF_NAMES["regular"], lsize)
        c.drawString(lx0, H - ly0 - lsize * 0.8, label)
    else:
        rx0, ry0, rx1, *_ = items["ruler"]
        _ruler(c, rx1, H - (ry0 + 3 * MM), horizontal=False)
        for key, text in (("note", NOTE[0] + " " + NOTE[1]), ("label", label)):
            x0, y0, _x1, y1, size = items[key][:5]
            c.saveState()
            c.translate(x0 + size * 0.78, H - (y0 + y1) / 2)
            c.rotate(90)
            c.setFont(fonts.PDF_NAMES["regular"], size)
            c.drawCentredString(0, 0, text)
            c.restoreState()


def _ruler(c, x: float, y: float, horizontal: bool) -> None:
    """A 50 mm ruler starting at (x, y) in PDF coordinates; ticks and numbers go away from the cards
    (down, or left), within RULER_DEPTH."""
    c.setLineWidth(0.4)
    c.setFont(fonts.PDF_NAMES["regular"], 5)
    if horizontal:
        c.line(x, y, x + 50 * MM, y)
        for i in range(51):
            t = 2.0 if i % 10 == 0 else 1.4 if i % 5 == 0 else 0.8
            c.line(x + i * MM, y, x + i * MM, y - t * MM)
            if i % 10 == 0:
                c.drawCentredString(x + i * MM, y - RULER_DEPTH + 0.15 * MM, f"{i // 10} cm" if i else "0")
    else:
        c.line(x, y, x, y - 50 * MM)
        for i in range(51):
            t = 2.0 if i % 10 == 0 else 1.4 if i % 5 == 0 else 0.8
            c.line(x, y - i * MM, x - t * MM, y - i * MM)
            if i % 10 == 0:
                c.saveState()
                c.translate(x - RULER_DEPTH + 0.15 * MM + 3.6, y - i * MM)
                c.rotate(90)
                c.drawCentredString(0, 0, f"{i // 10} cm" if i else "0")
                c.restoreState()


def home_pdf(path, layouts: list, back, paper: str, title: str, *, gutter_mm: float = 0.0,
             offset=(0.0, 0.0), backs: bool = True, brand: str = "Cape Clash") -> int:
    """Write the home sheets: fronts, each followed by its mirrored back page. Returns the page count."""
    from reportlab.pdfgen.canvas import Canvas
    check_layout([paper], gutter_mm)
    grid = grid_for(paper, gutter_mm)
    c = Canvas(str(path), pagesize=(grid.page_w, grid.page_h), invariant=1, pageCompression=1, initialFontName=fonts.embedded_font())
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
    c = Canvas(str(path), pagesize=(grid.page_w, H), invariant=1, initialFontName=fonts.embedded_font())
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
