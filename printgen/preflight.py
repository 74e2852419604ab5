"""Preflight: stop the build, naming every card, when text leaves the safe zone, text falls under
6 pt, art prints under 300 DPI, or text has a character the bundled font lacks."""

from __future__ import annotations

from .fonts import missing_glyphs
from .layout import Layout, text_bbox
from .specs import MIN_ART_DPI, MIN_TEXT_PT, SAFE_BOX


class PreflightError(ValueError):
    """Cards that would not print well; ``problems`` lists ``(card name, card id, message)``."""

    def __init__(self, problems: list[tuple[str, str, str]]):
        self.problems = problems
        lines = [f"{name} ({cid}): {msg}" for name, cid, msg in problems]
        super().__init__(f"preflight failed for {len({p[1] for p in problems})} card(s):\n  " + "\n  ".join(lines))


def check_layout(lay: Layout) -> list[str]:
    """The problems of one laid-out face."""
    out = list(lay.problems)
    x0, y0, w, h = SAFE_BOX
    for op in lay.ops:
        if op[0] != "text":
            continue
        if any(m in op[3] for m in ("**", "[[", "]]", "{", "}")):
            out.append(f"text {op[3]!r} shows card-language markup that was not rendered")
        missing = missing_glyphs(op[3], op[4])
        if missing:
            out.append(f"text {op[3]!r} has characters the card font can't print: {missing}")
        if op[5] < MIN_TEXT_PT - 1e-6:
            out.append(f"text {op[3]!r} is {op[5]:g} pt, under {MIN_TEXT_PT:g} pt")
        bx0, by0, bx1, by1 = text_bbox(op)
        if bx0 < x0 - 0.01 or by0 < y0 - 0.01 or bx1 > x0 + w + 0.01 or by1 > y0 + h + 0.01:
            out.append(f"text {op[3]!r} leaves the safe zone")
    if lay.art_dpi is not None and lay.art_dpi < MIN_ART_DPI and not any("DPI" in p for p in out):
        out.append(f"art is {lay.art_dpi:.0f} DPI, under {MIN_ART_DPI}")
    seen, unique = set(), []
    for p in out:
        if p not in seen:
            seen.add(p)
            unique.append(p)
    return unique
