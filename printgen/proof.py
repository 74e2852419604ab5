"""Proof sheets: each card at actual size with its bleed (red), trim (blue) and safe (green) lines
drawn over it, and its id and content hash printed beside it."""

from __future__ import annotations

from . import fonts
from .cache import card_hash
from .faces import card_face
from .render import PdfPainter
from .specs import BLEED, FULL_H, FULL_W, MM, PAPERS, SAFE_BOX, TRIM

COLS, ROWS = 2, 2


def proof_pdf(path, job, ctx, paper: str, layouts: dict | None = None, brand: str = "Cape Clash") -> int:
    from reportlab.pdfgen.canvas import Canvas
    W, H = PAPERS[paper]
    c = Canvas(str(path), pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=fonts.embedded_font())
    c.setTitle(f"{brand} - {job.title} - proof")
    painter = PdfPainter(c)
    fonts.register_pdf_fonts()
    cell_w, cell_h = (W - 20 * MM) / COLS, (H - 24 * MM) / ROWS
    per = COLS * ROWS
    pages = 0
    for start in range(0, len(job.cards), per):
        c.setFont(fonts.PDF_NAMES["bold"], 9)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(10 * MM, H - 10 * MM, f"{brand} - {job.title} - proof, page {start // per + 1}")
        c.setFont(fonts.PDF_NAMES["regular"], 6.5)
        c.drawRightString(W - 10 * MM, H - 10 * MM, "red: bleed edge   blue: trim (cut)   green: safe zone")
        for i, card in enumerate(job.cards[start:start + per]):
            r, col = divmod(i, COLS)
            x = 10 * MM + col * cell_w
            top = H - 16 * MM - r * cell_h
            painter.draw(((layouts or {}).get(card.id) or card_face(card, ctx)).ops, x, top)
            for (bx, by, bw, bh), rgb, dash in ((TRIM, (0, 0.3, 1), None), (SAFE_BOX, (0, 0.6, 0.2), (2, 2)),
                                                ((0, 0, FULL_W, FULL_H), (1, 0, 0), None)):
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(0.5)
                c.setDash(*(dash or ()))
                c.rect(x + bx, top - by - bh, bw, bh)
            c.setDash()
            tx = x + FULL_W + 2 * MM
            c.setFillColorRGB(0, 0, 0)
            lines = (card.name.replace("\u2605", "*"), card.id, "content hash:", card_hash(card, ctx), f"set number {job.numbers.get(card.id, '-')}",
                     f"bleed {BLEED / MM:.2f} mm")
            for j, line in enumerate(lines):
                c.setFont(fonts.PDF_NAMES["bold" if j == 0 else "regular"], 7 if j == 0 else 5.5)
                c.drawString(tx, top - 10 - j * 8, line)
        c.showPage()
        pages += 1
    c.save()
    return pages
