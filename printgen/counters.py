"""Counter sheets: wound, XP, +1/+1, -1/-1 and vitality markers and every token the cards make,
as 16 mm discs and squares with cut lines."""

from __future__ import annotations

from . import fonts
from .faces import Context, mix
from .icons import INK, WHITE
from .render import PdfPainter
from .specs import MM, PAPERS

SIZE = 16 * MM
GAP = 3 * MM

MARKERS = [  # name, background, icon or label, label colour
    ("Wound", (0.70, 0.12, 0.16), "wound", WHITE),
    ("XP", (0.84, 0.66, 0.22), "xp", WHITE),
    ("+1/+1", (0.13, 0.55, 0.27), "+1/+1", WHITE),
    ("-1/-1", (0.20, 0.20, 0.24), "-1/-1", WHITE),
    ("Vitality", (0.30, 0.62, 0.30), "vitality", WHITE),
]


def _marker_ops(bg, mark, fg, disc: bool, label: str | None = None) -> list:
    s = SIZE
    ops = []
    if disc:
        ops.append(("circle", s / 2, s / 2, s / 2, bg, INK, 0.5))
    else:
        ops.append(("rect", 0, 0, s, s, bg, INK, 0.5, 0))
    if mark in ("+1/+1", "-1/-1") or (mark is not None and mark.isdigit()):   # a value in words, not an icon
        size = 9.0 if "/" in mark else 20.0
        ops.append(("text", s / 2 - fonts.width(mark, "bold", size) / 2, s / 2 + size * 0.36, mark, "bold", size, fg))
    elif mark is not None:
        ops.append(("icon", mark, s * 0.22, s * 0.16, s * 0.56, fg))
    if label:
        size = 6.0
        ops.append(("text", s / 2 - fonts.width(label, "bold", size) / 2, s - 3.2, label, "bold", size, fg))
    return ops


def _token_ops(card, ctx: Context, disc: bool) -> list:
    s = SIZE
    team = ctx.team_color(card)
    bg = mix(team, WHITE, 0.75)
    ops = [("circle", s / 2, s / 2, s / 2, bg, INK, 0.5) if disc else ("rect", 0, 0, s, s, bg, INK, 0.5, 0)]
    full = card.name.replace("\u2605", "").strip()
    name = full.split()[-1] if fonts.width(full, "bold", 6) > s * 0.8 else full
    ops.append(("text", s / 2 - fonts.width(name, "bold", 6) / 2, s * 0.38, name, "bold", 6.0, INK))
    stats = f"{card.atk}/{card.defense}"
    ops.append(("text", s / 2 - fonts.width(stats, "bold", 10) / 2, s * 0.78, stats, "bold", 10.0, INK))
    return ops


def counters_pdf(path, paper: str, tokens: list, ctx: Context | None, markers=MARKERS,
                 title: str = "Cape Clash - counters and tokens", rows_each: int | dict = 1) -> tuple[int, int]:
    """One or more pages of counters: ``rows_each`` rows of discs and of squares per marker (a number, or
    one per marker's icon), then a row per token. Returns (pages, counters)."""
    from reportlab.pdfgen.canvas import Canvas
    W, H = PAPERS[paper]
    c = Canvas(str(path), pagesize=(W, H), invariant=1, initialFontName=fonts.embedded_font())
    c.setTitle(title)
    painter = PdfPainter(c)
    cols = int((W - 20 * MM + GAP) // (SIZE + GAP))
    x0 = (W - (cols * SIZE + (cols - 1) * GAP)) / 2
    rows = []  # each: (title, [ops per counter])
    for name, bg, mark, fg in markers:
        worth = f" worth {mark}" if mark and mark.isdigit() else ""
        for shape, disc in (("discs", True), ("squares", False)):
            for _ in range(rows_each.get(mark, 1) if isinstance(rows_each, dict) else rows_each):
                rows.append((f"{name} - {shape}{worth}", [_marker_ops(bg, mark, fg, disc)] * cols))
    for t in tokens:
        rows.append((f"Token: {t.name} ({t.atk}/{t.defense}, health {t.health})",
                     [_token_ops(t, ctx, i % 2 == 0) for i in range(cols)]))
    fonts.register_pdf_fonts()
    pages, count = 0, 0
    y = 18 * MM
    row_h = SIZE + GAP + 9
    for label, items in rows:
        if y + row_h > H - 15 * MM:
            c.showPage()
            pages += 1
            y = 18 * MM
        if y == 18 * MM:
            c.setFont(fonts.PDF_NAMES["bold"], 11)
            c.setFillColorRGB(*INK)
            c.drawString(x0, H - 12 * MM, title)
            c.setFont(fonts.PDF_NAMES["regular"], 6.5)
            c.drawRightString(W - x0, H - 12 * MM, "16 mm: cut along the thin outlines. Print at 100 %.")
        c.setFont(fonts.PDF_NAMES["regular"], 7)
        c.setFillColorRGB(*INK)
        c.drawString(x0, H - y - 1, label)
        y += 4
        for i, ops in enumerate(items):
            painter.draw(ops, x0 + i * (SIZE + GAP), H - y)
            count += 1
        y += row_h - 4
    c.showPage()
    pages += 1
    c.save()
    return pages, count
