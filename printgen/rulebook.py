"""Cape Clash's rulebook: our rules text from card_data/rules, a keyword glossary generated from the card
language, the starter deck lists and the set list generated from the card data, written by the
rulebook builder both games share (``book.Book``: contents, page numbers, styles).

Rules source format (YAML)::

    rulebook: Cape Clash
    subtitle: ...
    sections:
      - title: Setting up
        body:
          - A paragraph. Markup: **bold**, [[Keyword]], {might} power symbols.
          - list: [first item, second item]
          - steps: [numbered, items]
        sections: [...]                 # subsections, same shape
      - generated: keywords | decks | setlist
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from .specs import MM

TOKEN = re.compile(r"\*\*(.+?)\*\*|\[\[(.+?)\]\]|\{(\w+)\}")


def load_source(data_root: Path) -> dict:
    """The rulebook source: the first file under ``<data>/rules`` with a ``rulebook:`` key."""
    from engine.capeclash.loader import classify, read_data
    from engine.core.errors import DataError, Problem
    folder = Path(data_root) / "rules"
    for f in sorted(folder.glob("*.y*ml")) if folder.is_dir() else []:
        data, _ = read_data(f)
        if classify(data) == "rulebook":
            if not isinstance(data.get("sections"), list):
                raise DataError([Problem(str(f), None, "sections", "a rulebook file needs a 'sections:' list")])
            return data
    # no rules folder here (a test pool): fall back to the project's own rulebook
    own = Path(__file__).resolve().parent.parent / "card_data" / "rules"
    if own.is_dir() and own.resolve() != folder.resolve():
        return load_source(own.parent)
    return {"rulebook": "Cape Clash", "sections": []}


def _markup(text: str, icon_dir: Path, size: float) -> str:
    text = text.replace("\u2605", "{star}")   # the font has no star: the mantle star is an icon
    out, pos = [], 0
    for m in TOKEN.finditer(text):
        out.append(html.escape(text[pos:m.start()], quote=False))
        if m.group(1) is not None:
            out.append(f"<b>{html.escape(m.group(1), quote=False)}</b>")
        elif m.group(2) is not None:
            out.append(f"<b>{html.escape(m.group(2), quote=False)}</b>")
        else:
            name = m.group(3)
            icon = f"sym:{name}" if name in ("might", "mind", "skill", "energy", "heart", "cosmic", "any") else name
            p = _icon_png(icon, icon_dir)
            out.append(f'<img src="{p}" width="{size * 1.05:.1f}" height="{size * 1.05:.1f}" valign="-2"/>')
        pos = m.end()
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


def _icon_png(name: str, folder: Path) -> str:
    from .icons import INK
    from .render import icon_image
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / f"icon-{name.replace(':', '-')}.png"
    if not p.exists():
        from PIL import Image
        im = icon_image(name, 96, INK)
        bg = Image.new("RGB", im.size, (255, 255, 255))
        bg.paste(im, (0, 0), im)
        bg.save(p)
    return str(p)


MARKER_R = 6.0   # the anatomy figure's numbered markers, in points on the page


def clear_of_text(lay, x: float, y: float, r: float) -> tuple[float, float]:
    """A marker's centre near (x, y) whose circle of radius ``r`` covers no text of the face (the
    flavor text, the footer...): the first of a few nearby spots that is clear, else (x, y)."""
    from .layout import text_bbox
    boxes = [text_bbox(op) for op in lay.ops if op[0] == "text"]
    steps = [(0, 0)] + [(dx, dy) for d in (3, 6, 9, 12, 15) for dx, dy in ((0, -d), (0, d), (-d, 0), (d, 0))]
    for dx, dy in steps:
        cx, cy = x + dx, y + dy
        if not any(cx + r > x0 and cx - r < x1 and cy + r > y0 and cy - r < y1 for x0, y0, x1, y1 in boxes):
            return cx, cy
    return x, y


def _anatomy(card, job, bold: str, regular: str):
    """A flowable: a real card of the set at 90 % with numbered callouts for its parts."""
    from reportlab.platypus import Flowable

    from .faces import ART_BOX, GOLD, SAFE_BOX, STATS_TOP, TEXT_TOP, Context, card_face, mix
    from .icons import WHITE
    from .render import PdfPainter
    from .specs import FULL_H, FULL_W
    scale = 0.9
    sx, sy, sw, _ = SAFE_BOX
    right = sx + sw + 3.5      # on the frame's rim, so the markers hide nothing
    lay = card_face(card, Context(job.pool, None, job.numbers))
    boxes = [op for op in lay.ops if op[0] == "rect" and op[2] >= TEXT_TOP - 30 and op[7] == 0.8]
    level_fill = mix(GOLD, WHITE, 0.6)   # the level-up box's colour; power blocks have another
    lvl_y = next((op[2] + op[4] / 2 for op in boxes if op[5] == level_fill), STATS_TOP - 24)
    pow_y = next((op[2] + 8 for op in boxes if op[5] != level_fill), TEXT_TOP + 12)
    parts = [  # (label, x, y) in the face's points
        ("Level (main characters) or cost", sx - 3, sy - 2),
        ("Name", sx + sw * 0.62, sy - 2),
        ("Team emblem", right, sy + 11),
        ("Art: the card's game-icons.net icon until it has its own picture", ART_BOX[0] + ART_BOX[2] - 9, ART_BOX[1] + 9),
        ("Type line (a main character's level); Flight and Ranged icons at the right", right, ART_BOX[1] + ART_BOX[3] + 8),
        ("Keywords, then super powers: name, timing and cost", right, pow_y),
        ("Level-up box: the event that earns XP", right, lvl_y),
        ("ATK", sx - 3, STATS_TOP + 3),
        ("DEF", sx + 67, FULL_H - 4),                      # under the stats, on the bleed: no text there
        ("XP needed to level up", sx + 104, FULL_H - 4),
        ("Health", right, STATS_TOP + 11),
        ("Team, set number and card id", sx + sw - 30, FULL_H - 4),
    ]
    parts = [(label, *clear_of_text(lay, x, y, MARKER_R / scale)) for label, x, y in parts]

    class Anatomy(Flowable):
        markers = parts      # (label, x, y) in the face's points: where each numbered marker sits
        layout = lay

        def wrap(self, aw, ah):
            self.width = aw
            return aw, FULL_H * scale + 9

        def draw(self):
            c = self.canv
            top = FULL_H * scale + 6
            PdfPainter(c).draw(lay.ops, 0, top, scale)
            lx = FULL_W * scale + 30
            step = (FULL_H * scale - 10) / len(parts)
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(1)
            for i, (label, x, y) in enumerate(parts, 1):
                px, py = x * scale, top - y * scale
                ty = top - 12 - (i - 1) * step
                c.setFillColorRGB(0.85, 0.15, 0.2)
                c.circle(px, py, MARKER_R, stroke=1, fill=1)
                c.circle(lx - 10, ty + 3, 6, stroke=1, fill=1)
                c.setFillColorRGB(1, 1, 1)
                c.setFont(bold, 6.5)
                c.drawCentredString(px, py - 2.3, str(i))
                c.drawCentredString(lx - 10, ty + 0.7, str(i))
                c.setFillColorRGB(0.11, 0.11, 0.13)
                c.setFont(regular, 8.5)
                c.drawString(lx, ty, label)
    return Anatomy()


def _play_area(width: float, bold: str, regular: str):
    """A flowable: the table seen from above, two players' play areas with their rows, deck and KO pile."""
    from reportlab.platypus import Flowable
    card_w, card_h, gap = 30.0, 40.0, 5.0
    band = card_h + 8
    rows = ("Resource row", "Back row", "Front row")

    class PlayArea(Flowable):
        def wrap(self, aw, ah):
            self.width = min(width, aw)
            return self.width, 6 * band + 34

        def draw(self):
            c = self.canv
            w = self.width
            y = 6 * band + 30

            def card(x, top, fill, label="", face_down=False):
                c.setFillColorRGB(*fill)
                c.setStrokeColorRGB(0.3, 0.3, 0.35)
                c.setLineWidth(0.6)
                c.roundRect(x, top - card_h, card_w, card_h, 3, stroke=1, fill=1)
                if label:
                    c.setFillColorRGB(1, 1, 1) if face_down else c.setFillColorRGB(0.1, 0.1, 0.15)
                    c.setFont(regular, 5)
                    for i, part in enumerate(label.split("|")):
                        c.drawCentredString(x + card_w / 2, top - card_h / 2 + 2 - i * 6.5, part)

            for who, order in (("Opponent", rows), ("You", tuple(reversed(rows)))):
                c.setFillColorRGB(0.09, 0.13, 0.26)
                c.setFont(bold, 8.5)
                c.drawString(0, y - 8, who)
                y -= 12
                for row in order:
                    c.setFillColorRGB(0.94, 0.95, 0.97)
                    c.setStrokeColorRGB(0.8, 0.82, 0.88)
                    c.rect(0, y - band + 2, w, band - 4, stroke=1, fill=1)
                    c.setFillColorRGB(0.2, 0.2, 0.25)
                    c.setFont(bold, 7)
                    c.drawString(4, y - band / 2 - 2, row)
                    x = 70
                    top = y - 6
                    if row == "Front row":
                        card(x, top, (0.98, 0.86, 0.45), "Main|character")
                        card(x + card_w + gap, top, (0.80, 0.88, 0.98), "Ready")
                        c.saveState()
                        c.translate(x + 2 * (card_w + gap) + card_h / 2 + 4, top - card_h / 2)
                        c.rotate(-90)
                        c.setFillColorRGB(0.80, 0.88, 0.98)
                        c.roundRect(-card_w / 2, -card_h / 2, card_w, card_h, 3, stroke=1, fill=1)
                        c.restoreState()
                        c.setFillColorRGB(0.1, 0.1, 0.15)
                        c.setFont(regular, 5)
                        c.drawCentredString(x + 2 * (card_w + gap) + card_h / 2 + 4, top - card_h / 2, "Exhausted")
                    elif row == "Back row":
                        card(x, top, (0.80, 0.88, 0.98), "Ranged")
                        card(x + card_w + gap, top, (0.35, 0.38, 0.48), "Stunned|(face|down)", True)
                    else:
                        card(x, top, (0.86, 0.80, 0.68), "Location")
                        for i in range(3):
                            card(x + (i + 1) * (card_w + gap), top, (0.35, 0.38, 0.48), "Resource", True)
                        card(w - 2 * (card_w + gap), top, (0.35, 0.38, 0.48), "Deck", True)
                        card(w - (card_w + gap), top, (0.92, 0.92, 0.92), "KO pile")
                        card(w - 3 * (card_w + gap) - 10, top, (0.98, 0.93, 0.75), "Level 2|(set|aside)")
                    y -= band
                if who == "Opponent":
                    c.setDash(3, 2)
                    c.setStrokeColorRGB(0.5, 0.5, 0.55)
                    c.line(0, y - 2, w, y - 2)
                    c.setDash()
                    y -= 6
    return PlayArea()


def _cover(canvas, W: float, H: float) -> None:
    """Page 1: the card back, large."""
    from .faces import card_back
    from .render import PdfPainter
    from .specs import FULL_W
    scale = 1.25
    PdfPainter(canvas).draw(card_back().ops, W / 2 - FULL_W * scale / 2, H * 0.62, scale)


def rulebook_pdf(path: Path, job, paper: str, data_root: Path, cache) -> int:
    """Write the rulebook; returns its page count."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (
        KeepTogether,
        ListFlowable,
        ListItem,
        PageBreak,
        Paragraph,
        Spacer,
        Table,
        TableStyle,
    )

    from .book import Book

    src = load_source(data_root)
    if cache.folder is not None:
        icon_dir = cache.folder / "icons"
    else:   # no cache: the inline icons go to a scratch folder, not next to the outputs
        import tempfile
        icon_dir = Path(tempfile.mkdtemp(prefix="capeclash-icons-"))
    book = Book(path, paper, str(src.get("rulebook", "Cape Clash")), accent=(0.09, 0.13, 0.26), cover=_cover,
                toc_levels=(("bold", 10, 14, 0), ("regular", 9, 12, 12)))
    R, B = book.fonts["regular"], book.fonts["bold"]
    H, doc, accent = book.H, book.doc, book.accent
    body, small, cell, h1, h3 = (book.styles[k] for k in ("body", "small", "cell", "h1", "h3"))
    title_style, sub_style = book.styles["title"], book.styles["sub"]
    head = book.head

    def P(text, style=body):
        return Paragraph(_markup(str(text), icon_dir, style.fontSize), style)

    story: list = [Spacer(1, 12 * MM), Paragraph(html.escape(str(src.get("rulebook", "Cape Clash"))), title_style),
                   Spacer(1, 6 * MM)]
    if src.get("subtitle"):
        story.append(Paragraph(html.escape(str(src["subtitle"])), sub_style))
    from .gameicons import CREDIT_LONG
    story += [Spacer(1, 178 * MM if H > 800 else 172 * MM),   # under the cover picture
              Paragraph(html.escape(CREDIT_LONG),
                        ParagraphStyle("credit", parent=body, fontSize=7, leading=9, alignment=1))]
    story += [PageBreak(), Paragraph("Contents", h1), book.toc(), PageBreak()]

    def body_items(items):
        out = []
        for it in items or []:
            if isinstance(it, str):
                out.append(P(it))
            elif isinstance(it, dict) and ("list" in it or "steps" in it):
                numbered = "steps" in it
                entries = it.get("steps") or it.get("list") or []
                out.append(ListFlowable([ListItem(P(e), leftIndent=14) for e in entries],
                                        bulletType="1" if numbered else "bullet", start=1 if numbered else None,
                                        leftIndent=14, bulletFontName=B if numbered else R, bulletFontSize=9))
                out.append(Spacer(1, 4))
            elif isinstance(it, dict) and it.get("generated") == "play_area":
                out.append(KeepTogether([_play_area(doc.width, B, R), Spacer(1, 6)]))
            elif isinstance(it, dict) and "summary" in it:   # a boxed numbered list: the turn summary
                sm = it["summary"]
                rows = [[P(f"**{sm.get('title', 'Summary')}**", body)]]
                rows += [[P(f"{n}. {step}", small)] for n, step in enumerate(sm.get("steps") or [], 1)]
                t = Table(rows, colWidths=[doc.width])
                t.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), colors.Color(0.98, 0.95, 0.86)),
                                       ("BOX", (0, 0), (-1, -1), 0.8, colors.Color(0.84, 0.66, 0.22)),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                                       ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
                out += [KeepTogether([t]), Spacer(1, 6)]
            elif isinstance(it, dict) and "example" in it:
                t = Table([[P("**Example.** " + str(it["example"]), small)]], colWidths=[doc.width])
                t.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), colors.Color(0.93, 0.94, 0.97)),
                                       ("BOX", (0, 0), (-1, -1), 0.5, accent),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6)]))
                out += [t, Spacer(1, 6)]
        return out

    def section(sec, level):
        out = []
        gen = sec.get("generated")
        if gen:
            out += generated(gen, sec, level)
            return out
        out.append(head(sec.get("title", ""), level))
        out += body_items(sec.get("body"))
        for sub in sec.get("sections") or []:
            out += section(sub, level + 1)
        return out

    def generated(kind, sec, level):
        from engine.cardlang import language as L
        from engine.cardlang.text import keyword_rules
        out = []
        if kind == "anatomy":
            card = next((c for c in job.cards if c.type == "main" and c.level_up and not c.level_up.transform), None)
            if card is None:
                return out
            if sec.get("title"):
                out.append(head(sec["title"], level))
            out.append(_anatomy(card, job, B, R))
        elif kind == "keywords":
            out.append(head(sec.get("title", "Keyword glossary"), level))
            out.append(P("Every keyword of the card language with its rules, generated from the rules engine's "
                         "own definitions: what you read here is what the game does."))
            for k in sorted(L.KEYWORDS):
                spec = L.KEYWORDS[k]
                name = k.replace("_", " ").title()
                param = spec.get("param")
                label = f"{name} ({param.replace('_', ' ')})" if param and param != "lethal_mode" else name
                text = keyword_rules(k, spec.get("default"))
                if param and "{param}" in spec["text"]:
                    text = spec["text"].replace("{param}", "X")
                    label = f"{name} (X)"
                out.append(P(f"**{label}**: {text}", small))
                for variant, vtext in (spec.get("variants") or {}).items():
                    out.append(P(f"&nbsp;&nbsp;&nbsp;{name} ({variant}): {vtext}".replace("&nbsp;", " "), small))
        elif kind == "decks":
            out.append(head(sec.get("title", "Starter decks"), level))
            for _stem, deck in job.decks:
                pool = job.pool
                main = pool[deck.main] if deck.main in pool else None
                rows = [[P(f"**{deck.name}**" + (f" - main character: {main.name}" if main else ""), small), ""]]
                desc = getattr(deck, "description", "")
                block = [Spacer(1, 3), P(f"**{deck.name}**", h3)]
                if desc:
                    block.append(P(desc, small))
                if main:
                    block.append(P(f"Main character: **{main.name}**", small))
                by_type: dict[str, list] = {}
                for cid, n in sorted(deck.counts().items(), key=lambda kv: (pool[kv[0]].type, pool[kv[0]].cost or 0,
                                                                            pool[kv[0]].name)):
                    by_type.setdefault(pool[cid].type, []).append(f"{n} {pool[cid].name}")
                labels = {"supporting": "Supporting characters", "plot_twist": "Plot twists", "location": "Locations",
                          "equipment": "Equipment", "main": "Main characters", "token": "Tokens"}
                cells = [P(f"**{labels.get(t, t)}** ({sum(int(x.split()[0]) for x in v)}): " + ", ".join(v), small)
                         for t, v in by_type.items()]
                del rows
                block += cells
                out.append(KeepTogether(block))
        elif kind == "setlist":
            out.append(head(sec.get("title", "Set list"), level))
            data = [["No.", "Name", "Type", "Team", "Cost"]]
            for c in job.cards:
                t = c.type.replace("_", " ") + (f" (level {c.level})" if c.type == "main" else "")
                name = P(c.name, cell) if "\u2605" in c.name else c.name
                data.append([job.numbers.get(c.id, ""), name, t, " / ".join(c.teams) or "-",
                             "" if c.cost is None else str(c.cost)])
            out.append(book.list_table(data, [20 * MM, 55 * MM, 42 * MM, 40 * MM, 12 * MM], 7.5, [
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.94, 0.95, 0.97)]),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, accent),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
        return out

    for sec in src.get("sections") or []:
        if sec.get("page_break", "generated" in sec) and not isinstance(story[-1], PageBreak):
            story.append(PageBreak())
        story += section(sec, 1)
    return book.write(story)
