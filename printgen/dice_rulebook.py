"""The Derring-Dice rulebook PDF: a cover with both deck backs and the die note, a table of contents,
the rules from ``card_data/dice/rulebook.yaml`` (our own words), the cards at a glance, and both decks'
card lists generated from the card data; page numbers on every page after the cover (written by
``book.Book``, the rulebook builder both games share).

Source format (checked by ``engine.dice.data``)::

    rulebook: Derring-Dice
    subtitle: ...
    components: [what is in the box, ...]
    sections:
      - {title: ..., text: a paragraph, rules: [bullet, ...], readings: [bullet, ...]}
"""

from __future__ import annotations

from pathlib import Path

from . import fonts
from .book import Book, esc
from .dice_faces import FAMILIES, PRODUCT, TRAIT_COLORS, dice_back, dice_face, die_ops, users_text
from .specs import BLEED, CARD_H, CARD_W, MM

# Printed on the cover and at the head of the rules: what a table needs besides the cards.
DIE_NOTE = ("You need one six-sided die. In a fight it is rolled once for the attacker and once for the "
            "defender; a delay count or a dodge is one roll.")
# Derring-Dice's sizes where they differ from the book's (``book.STYLES``)
STYLES = {"cell": {"fontSize": 7.2, "leading": 8.6}, "h1": {"fontSize": 16, "leading": 20, "spaceBefore": 8, "spaceAfter": 6},
          "h2": {"fontSize": 12, "leading": 15, "spaceBefore": 4}, "title": {"fontSize": 36, "leading": 42},
          "sub": {"fontSize": 12.5, "leading": 17}}


def dice_rulebook_pdf(path: Path, dset, paper: str, cache=None) -> int:
    """Write the rulebook; returns its page count."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (
        Flowable,
        KeepTogether,
        ListFlowable,
        ListItem,
        PageBreak,
        Paragraph,
        Spacer,
    )

    from engine.dice.cards import ABILITIES, TRAITS, TYPE_NAMES
    from engine.dice.text import card_text

    from .render import PdfPainter

    src = dset.rulebook or {"rulebook": PRODUCT, "sections": []}
    title = str(src.get("rulebook") or PRODUCT)
    book = Book(path, paper, title, accent=(0.40, 0.06, 0.09), head_right="Rulebook", styles=STYLES)
    R, B = book.fonts["regular"], book.fonts["bold"]
    doc, ink, accent = book.doc, book.ink, book.accent
    teal = colors.Color(0.05, 0.22, 0.30)
    body, small, cell, h1, h2 = (book.styles[k] for k in ("body", "small", "cell", "h1", "h2"))
    title_style, sub_style = book.styles["title"], book.styles["sub"]
    cell_b = ParagraphStyle("cellb", parent=cell, fontName=B)
    note_style = ParagraphStyle("note", fontName=B, fontSize=11, leading=15, textColor=colors.white)

    def head(text):
        return book.head(text, 1)

    def bullets(items, style=body):
        return ListFlowable([ListItem(Paragraph(esc(e), style), leftIndent=14) for e in items],
                            bulletType="bullet", leftIndent=14, bulletFontName=R, bulletFontSize=9)

    class Cards(Flowable):
        """Card faces (or backs) side by side at ``scale``, with a caption under each."""

        def __init__(self, layouts, captions, scale):
            super().__init__()
            self.layouts, self.captions, self.scale = layouts, captions, scale

        def _lines(self, cap):
            words, lines = cap.split(), [""]
            for wd in words:
                trial = f"{lines[-1]} {wd}".strip()
                if fonts.width(trial, "regular", 7.5) > CARD_W * self.scale and lines[-1]:
                    lines.append(wd)
                else:
                    lines[-1] = trial
            return lines

        def wrap(self, aw, ah):
            self.width = aw
            self.cap_h = max((len(self._lines(c)) for c in self.captions if c), default=0) * 9.5
            return aw, CARD_H * self.scale + self.cap_h + 8

        def draw(self):
            c = self.canv
            n = len(self.layouts)
            w = CARD_W * self.scale
            gap = min(22.0, (self.width - n * w) / max(1, n - 1)) if n > 1 else 0
            x = (self.width - n * w - (n - 1) * gap) / 2
            top = CARD_H * self.scale + self.cap_h + 8
            painter = PdfPainter(c)
            for lay, cap in zip(self.layouts, self.captions, strict=True):
                c.saveState()   # the card as it looks once cut: trimmed, with rounded corners
                p = c.beginPath()
                p.roundRect(x, top - CARD_H * self.scale, w, CARD_H * self.scale, 3 * MM * self.scale)
                c.clipPath(p, stroke=0, fill=0)
                painter.draw(lay.ops, x - BLEED * self.scale, top + BLEED * self.scale, self.scale)
                c.restoreState()
                c.setFont(R, 7.5)
                c.setFillColor(ink)
                for i, ln in enumerate(self._lines(cap) if cap else []):
                    c.drawCentredString(x + w / 2, self.cap_h - 4 - i * 9.5, ln)
                x += w + gap

    class DieNote(Flowable):
        """The die note on a coloured band, with two dice."""

        def wrap(self, aw, ah):
            self.width = aw
            self.p = Paragraph(esc(DIE_NOTE), note_style)
            _, ph = self.p.wrap(aw - 90, ah)
            self.height = max(ph + 16, 52)
            return aw, self.height

        def draw(self):
            c = self.canv
            c.setFillColor(accent)
            c.roundRect(0, 0, self.width, self.height, 6, stroke=0, fill=1)
            painter = PdfPainter(c)
            cream, red = (0.96, 0.93, 0.86), (0.40, 0.06, 0.09)
            painter.draw(die_ops(22, 0, 26, cream, red, 6) + die_ops(52, 6, 22, cream, red, 3), 6,
                         self.height / 2 + 2)
            self.p.drawOn(c, 80, (self.height - self.p.height) / 2)

    from .gameicons import CREDIT_LONG
    story: list = [Spacer(1, 6 * MM), Paragraph(esc(title), title_style), Spacer(1, 3 * MM)]
    if src.get("subtitle"):
        story.append(Paragraph(esc(src["subtitle"]), sub_style))
    story += [Spacer(1, 8 * MM), Cards([dice_back("recruit"), dice_back("action")],
                                       ["The Recruit deck's back", "The Action deck's back"], 1.0),
              Spacer(1, 8 * MM), DieNote(), Spacer(1, 4 * MM),
              Paragraph("For two players. A game of the Cape Clash family: the same rules engine plays it on "
                        "screen, against a friend or the computer.", sub_style),
              Spacer(1, 4 * MM), Paragraph(esc(CREDIT_LONG),
                                           ParagraphStyle("credit", parent=sub_style, fontSize=7, leading=9)),
              PageBreak(), Paragraph("Contents", h1)]
    story.append(book.toc())
    if src.get("components"):   # what is in the box, under the contents
        story += [Spacer(1, 6 * MM), Paragraph("In the box", h2), bullets(src["components"])]
    story.append(PageBreak())

    sections = [sec for sec in src.get("sections") or [] if isinstance(sec, dict)]
    # the die note again where the rules say what a table needs (or before the rules if none does)
    note_after = next((sec.get("id") for sec in sections if sec.get("id") == "components"), None)
    if note_after is None:
        story += [DieNote(), Spacer(1, 6)]
    for sec in sections:
        if not isinstance(sec, dict):
            continue
        block = [head(sec.get("title", ""))]
        if sec.get("text"):
            block.append(Paragraph(esc(sec["text"]), body))
        if sec.get("rules"):
            block.append(bullets(sec["rules"]))
        if sec.get("readings"):
            block.append(bullets(sec["readings"]))
        story.append(KeepTogether(block[:2]) if len(block) > 1 else block[0])
        story += block[2:]
        if note_after is not None and sec.get("id") == note_after:
            story += [Spacer(1, 2), DieNote(), Spacer(1, 6)]
        if sec.get("id") == "cards":   # the cards at a glance, right after how to read them
            story += _glance(dset, Cards, Paragraph, small, esc)

    # card lists, generated from the card data
    def table(rows, widths, header_color):
        return book.list_table(rows, widths, 7.2, [
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("BACKGROUND", (0, 0), (-1, 0), header_color),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.95, 0.95, 0.96)]),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.6), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)])

    def P(s, st=cell):
        return Paragraph(esc(s), st)

    recruit, action = dset.jobs[0], dset.jobs[1]
    story += [PageBreak(), head(f"Card list: the Recruit deck ({len(recruit.cards)} cards)"),
              Paragraph("Every card of the deck, in set-number order, generated from the card data. Force is a "
                        "character's own Force, or what an aid or upgrade adds to its hero.", small)]
    rows = [["No.", "Name", "Type", "Force", "Traits", "Special ability and note"]]
    for c in recruit.cards:
        d = c.dice
        force = str(d.force) if d.is_character else (f"{d.force:+d}" if d.force else "")
        note = card_text(d)
        if d.power:
            note = f"{d.power}: {note}" if note else d.power
        rows.append([c.number, P(c.name, cell_b), P(TYPE_NAMES[d.type]), force,
                     P(", ".join(TRAITS[t] for t in d.traits)), P(note)])
    w = doc.width
    story.append(table(rows, [11 * MM, 36 * MM, 21 * MM, 10 * MM, 16 * MM, w - 94 * MM], teal))
    story += [PageBreak(), head(f"Card list: the Action deck ({len(action.cards)} cards)"),
              Paragraph("Battle cards are played during a fight; events on your own turn. Each names who may "
                        "use it.", small)]
    rows = [["No.", "Name", "Type", "Used by", "What it does"]]
    for c in action.cards:
        d = c.dice
        users = users_text(d)
        note = card_text(d)
        if users and note.startswith(users + "."):
            note = note[len(users) + 1:].strip()
        rows.append([c.number, P(c.name, cell_b), P(TYPE_NAMES[d.type]), P(users), P(note)])
    story.append(table(rows, [11 * MM, 38 * MM, 14 * MM, 26 * MM, w - 89 * MM], accent))
    story += [Spacer(1, 8), Paragraph("Special abilities in short: " + "; ".join(
        f"<b>{esc(v)}</b>" for v in ABILITIES.values()) + ". Traits: " + ", ".join(
        f'<font color="#{_hex(TRAIT_COLORS[t])}"><b>{esc(n)}</b></font>' for t, n in TRAITS.items()) + ".", small)]
    return book.write(story)


def _hex(rgb) -> str:
    return "".join(f"{round(v * 255):02x}" for v in rgb)


def _glance(dset, Cards, Paragraph, style, esc) -> list:
    from reportlab.platypus import Spacer
    """Three real cards of the game (a hero, an aid, a battle card) at 80 %, and the family colours."""
    cards = dset.cards
    picks = [next((c for c in cards if c.dice.type == "hero" and c.dice.power), None),
             next((c for c in cards if c.dice.type == "device" and c.dice.slot), None),
             next((c for c in cards if c.dice.type == "battle" and c.dice.attacker_force), None)]
    picks = [c for c in picks if c is not None]
    if not picks:
        return []
    caps = {"hero": "A hero: Force badge, traits, special ability",
            "device": "An aid: Force bonus, slot, what it grants",
            "battle": "A battle card: who may use it, the bonus"}
    legend = ", ".join(f'<font color="#{_hex(col)}"><b>{esc(label)}</b></font>' for label, col in FAMILIES.values())
    return [Cards([dice_face(c, dset.ctx) for c in picks], [caps[c.dice.type] for c in picks], 0.8),
            Spacer(1, 4), Paragraph("The frame's colour tells the card's family: " + legend + ". The set number (R for the "
                      "Recruit deck, A for the Action deck) is at the bottom right.", style)]
