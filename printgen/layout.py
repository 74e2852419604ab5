"""Drawing operations and text layout shared by the PDF and PNG renderers.

A layout is a list of plain tuples (points, y down, origin at the face's top left corner):

- ``("rect", x, y, w, h, fill, stroke, line_width, radius)``
- ``("poly", points, fill)`` and ``("circle", cx, cy, r, fill, stroke, line_width)``
- ``("line", x1, y1, x2, y2, color, line_width)``
- ``("text", x, baseline, string, face, size, color)``
- ``("icon", name, x, y, size, color)``: an icon from ``icons`` in a size x size box
- ``("shape", name, x, y, size, color)``: a game-icons.net icon (``gameicons``) in a size x size box
- ``("image", path, x, y, w, h)``: a picture scaled to cover the box (cropped at its centre)

Rich text uses the engine's markup: ``**bold**``, ``[[Keyword]]`` and ``{symbol}`` icons.

>>> words = rich_words("Pay {might}: [[Flight]] now.", "regular")
>>> [[f[1] for f in w] for w in words]
[['Pay'], ['sym:might', ':'], ['flight', 'Flight'], ['now.']]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import fonts

TOKEN = re.compile(r"\*\*(.+?)\*\*|\[\[(.+?)\]\]|\{(\w+)\}")
ICON_WORDS = {"any_turn": "any_turn"}
SYMBOL_NAMES = {"might", "mind", "skill", "energy", "heart", "cosmic", "any"}
ICON_W = 1.08   # an inline icon's box, in ems
ICON_GAP = 0.06


def _icon_for(name: str) -> str:
    return f"sym:{name}" if name in SYMBOL_NAMES else ICON_WORDS.get(name, name)


NBSP = "\u00a0"   # a no-break space: drawn as a gap, never written as a glyph (renderers differ on it)
STAR = "\u2605"   # the mantle star in names: drawn as an icon (the bundled font has no such glyph)


def rich_words(text: str, face: str = "regular") -> list[list[tuple]]:
    """Split marked-up text into words; a word is a list of fragments ``(kind, value, face)``
    with kind ``t`` (text) or ``i`` (icon). Punctuation stays glued to its word."""
    text = text.replace(STAR, "{star}")
    frags: list[tuple] = []
    pos = 0
    bold = "bolditalic" if face == "italic" else "bold"
    for m in TOKEN.finditer(text):
        if m.start() > pos:
            frags.append(("t", text[pos:m.start()], face))
        if m.group(1) is not None:
            frags.append(("t", m.group(1), bold))
        elif m.group(2) is not None:
            if m.group(2) in ("Flight", "Ranged"):  # these two keywords also have an icon
                frags.append(("i", m.group(2).lower(), bold))
            frags.append(("t", m.group(2), bold))
        else:
            frags.append(("i", _icon_for(m.group(3)), face))
        pos = m.end()
    if pos < len(text):
        frags.append(("t", text[pos:], face))
    words: list[list[tuple]] = [[]]
    for kind, val, fc in frags:
        if kind == "i":
            words[-1].append((kind, val, fc))
            continue
        parts = val.split(" ")
        for i, p in enumerate(parts):
            if i > 0:
                words.append([])
            for j, q in enumerate(p.split(NBSP)):   # a no-break space: a gap inside the word
                if j > 0:
                    words[-1].append(("g", " ", fc))
                if q:
                    words[-1].append(("t", q, fc))
    return [w for w in words if w]


def word_width(word, size: float) -> float:
    w = 0.0
    for kind, val, face in word:
        w += size * (ICON_W + ICON_GAP) if kind == "i" else fonts.width(val, "regular" if kind == "g" else face, size)
    return w


def break_lines(words, size: float, width: float) -> list[list]:
    space = fonts.width(" ", "regular", size)
    lines: list[list] = []
    cur: list = []
    cur_w = 0.0
    for w in words:
        ww = word_width(w, size)
        if cur and cur_w + space + ww > width:
            lines.append(cur)
            cur, cur_w = [], 0.0
        cur_w += (space if cur else 0) + ww
        cur.append(w)
    if cur:
        lines.append(cur)
    return lines


def line_width(line, size: float) -> float:
    space = fonts.width(" ", "regular", size)
    return sum(word_width(w, size) for w in line) + space * (len(line) - 1)


def draw_line(ops: list, line, x: float, baseline: float, size: float, color, align: str = "left",
              width: float = 0.0) -> float:
    """Append the ops of one laid-out line; returns its width. Text runs of one face are merged."""
    lw = line_width(line, size)
    if align == "center":
        x += (width - lw) / 2
    elif align == "right":
        x += width - lw
    space = fonts.width(" ", "regular", size)
    run, run_face, run_x = "", None, x
    cx = x

    def flush():
        nonlocal run
        if run:
            ops.append(("text", round(run_x, 3), round(baseline, 3), run, run_face, size, color))
        run = ""

    for wi, word in enumerate(line):
        if wi > 0:
            if run_face is not None and run:
                run += " "
            cx += space
        for kind, val, face in word:
            if kind == "g":   # a no-break space: the same gap as between words
                flush()
                cx += space
                run_face = None
                continue
            if kind == "i":
                flush()
                s = size * ICON_W
                ops.append(("icon", val, round(cx + size * ICON_GAP / 2, 3), round(baseline - size * 0.86, 3),
                            round(s, 3), color))
                cx += size * (ICON_W + ICON_GAP)
                run_face = None
                continue
            if face != run_face or not run:
                flush()
                run_face, run_x = face, cx
            run += val
            cx += fonts.width(val, face, size)
    flush()
    return lw


@dataclass
class Layout:
    """A card face (or back) ready to render, with what preflight needs to know."""

    ops: list = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)    # printed, the build goes on
    min_text: float = 99.0
    rules_size: float | None = None    # the rules text's size (card faces)
    art_dpi: float | None = None

    def add_problem(self, msg: str) -> None:
        if msg not in self.problems:
            self.problems.append(msg)


def text_bbox(op) -> tuple[float, float, float, float]:
    """The box a text op covers: x0, y0, x1, y1."""
    _, x, base, s, face, size, _c = op
    return x, base - size * fonts.ASCENT, x + fonts.width(s, face, size), base + size * fonts.DESCENT
