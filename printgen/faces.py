"""Card faces and the card back, laid out from card data.

The rules text comes from ``engine.cardlang.text.ability_lines`` (rendered from the card's abilities);
this module only decides where things go: a frame per card type in the team's colours, the
name and cost, the art, the type line with the Flight and Ranged icons, the rules text with
inline power symbols, super power blocks with their costs, the level-up box, flavor text,
the stats and the set number.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import fonts
from .art import place as place_art
from .icons import INK, WHITE, team_emblems
from .layout import Layout, break_lines, draw_line, line_width, rich_words
from .specs import BLEED, FULL_H, FULL_W, MIN_TEXT_PT, SAFE_BOX

# Team colours: from the team's data (``color: "#rrggbb"``) when given, else from this palette.
PALETTE = [(0.16, 0.42, 0.78), (0.62, 0.16, 0.22), (0.14, 0.52, 0.36), (0.42, 0.24, 0.60),
           (0.82, 0.46, 0.08), (0.10, 0.50, 0.58), (0.50, 0.36, 0.20), (0.70, 0.22, 0.50)]
NEUTRAL = (0.40, 0.42, 0.46)
TIMING_COLORS = {"combat": (0.60, 0.22, 0.24), "any_combat": (0.60, 0.22, 0.24), "main": (0.38, 0.30, 0.56),
                 "build": (0.22, 0.46, 0.36)}
TIMING_ICONS = {"combat": "atk", "any_combat": "atk", "main": "xp", "build": "card"}
EMBLEM_COLORS = {"flame_ring": (0.80, 0.30, 0.10), "flame": (0.80, 0.30, 0.10), "crown": (0.20, 0.50, 0.74),
                 "arrowhead": (0.10, 0.56, 0.60), "thorn": (0.30, 0.48, 0.16), "sun": (0.16, 0.42, 0.78),
                 "crescent": (0.50, 0.18, 0.30), "mask": (0.42, 0.24, 0.60)}
GOLD = (0.84, 0.66, 0.22)
TYPE_FRAMES = {  # rim colour (None: the team colour) and the label on the type line
    "main": (GOLD, "Main character"),
    "supporting": (None, "Supporting character"),
    "plot_twist": (None, "Plot twist"),
    "location": ((0.42, 0.36, 0.26), "Location"),
    "equipment": ((0.46, 0.50, 0.54), "Equipment"),
    "token": ((0.66, 0.66, 0.68), "Token"),
}

SX0, SY0, SW, SH = SAFE_BOX
SX1, SY1 = SX0 + SW, SY0 + SH
ART_BOX = (SX0, 44.0, SW, 84.0)          # 2.25 x 1.17 in: 675 x 350 px of art at 300 DPI
TEXT_TOP = 146.5
STATS_TOP = 222.0


def mix(a, b, t: float):
    return tuple(round(x + (y - x) * t, 4) for x, y in zip(a, b, strict=True))


def _hex(c: str):
    c = c.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))


@dataclass
class Context:
    """What a face needs beyond the card, in either game: set numbers, the art folder and the frame's
    colour. Cape Clash's colours and emblems come from the teams of ``pool``; a game without teams
    gives ``rim``, the colour as a function of the card (Derring-Dice: the card's family).
    The proof sheet, the image cache, the print-shop profiles and the browser's faces take it."""

    pool: object = None
    art_dir: Path | None = None
    numbers: dict | None = None
    rim: Callable | None = None

    def __post_init__(self):
        teams = sorted(getattr(self.pool, "teams", {}) or {})
        self.emblems = team_emblems(teams, {t: self.pool.teams[t].get("symbol") for t in teams})
        self.colors = {}
        for i, t in enumerate(teams):
            spec = self.pool.teams[t]
            if isinstance(spec.get("color"), str):
                self.colors[t] = _hex(spec["color"])
            else:
                self.colors[t] = EMBLEM_COLORS.get(self.emblems[t]) or PALETTE[i % len(PALETTE)]
        self.numbers = self.numbers or {}

    def team_color(self, card):
        if self.rim is not None:
            return self.rim(card)
        if card.teams:
            return self.colors.get(card.teams[0], NEUTRAL)
        if card.type == "plot_twist" and card.timing:   # a plot twist of no team: coloured by when it's played
            return TIMING_COLORS.get(card.timing[0], NEUTRAL)
        return NEUTRAL

    def art_path(self, card) -> Path | None:
        if self.art_dir is None:
            return None
        for ext in (".png", ".jpg", ".jpeg"):
            p = self.art_dir / f"{card.id}{ext}"
            if p.exists():
                return p
        return None


def name_bar(lay: Layout, ops: list, text: str, left: float, right: float) -> None:
    """The card's name in bold on its bar, from 12 pt down to the smallest allowed size until it
    fits (a rich line: a mantle's star is an icon); a problem for preflight when it never does."""
    avail = right - left
    name = rich_words(text, "bold")
    size = 12.0
    while size > MIN_TEXT_PT and line_width(name, size) > avail:
        size -= 0.25
    if line_width(name, size) > avail:
        lay.add_problem(f"the name doesn't fit in its bar even at {MIN_TEXT_PT:g} pt")
    draw_line(ops, name, left, SY0 + 11 + size * 0.36, size, INK)
    lay.min_text = min(lay.min_text, size)


def type_line(card) -> str:
    """The type line: "SUPPORTING CHARACTER", "MAIN CHARACTER · LEVEL 2", "PLOT TWIST", "LOCATION"."""
    label = TYPE_FRAMES.get(card.type, (None, card.type.replace("_", " ")))[1].upper()
    if card.type == "main":
        label += f" · LEVEL {card.level or 1}"
    return label


def _fit_size(text: str, face: str, width: float, start: float, floor: float) -> float:
    size = start
    while size > floor and fonts.width(text, face, size) > width:
        size -= 0.25
    return size


def card_face(card, ctx: Context) -> Layout:
    """A card's face, bleed included, as drawing ops; ``problems`` lists what preflight must refuse.

    >>> from engine.cardlang.cards import CardPool
    >>> pool = CardPool.from_data([{"id": "ace", "name": "Ace", "type": "supporting", "team": "T", "cost": 2,
    ...                             "atk": 3, "def": 1, "health": 2, "keywords": ["flight"]}],
    ...                           [{"name": "T", "alignment": "good"}])
    >>> lay = card_face(pool["ace"], Context(pool))
    >>> lay.problems, [op[3] for op in lay.ops if op[0] == "text"][:2]
    ([], ['2', 'Ace'])
    >>> sorted({op[1] for op in lay.ops if op[0] == "icon"} & {"flight", "atk", "def", "health"})
    ['atk', 'def', 'flight', 'health']
    """
    from engine.cardlang.text import ability_lines

    lay = Layout()
    ops = lay.ops
    team = ctx.team_color(card)
    rim, type_label = TYPE_FRAMES.get(card.type, (None, card.type))
    rim = rim or team
    dark = mix(team, INK, 0.45)
    light = mix(team, WHITE, 0.86)

    # frame: the background runs into the bleed, a rim in the type's colour, a light panel
    ops.append(("rect", 0, 0, FULL_W, FULL_H, dark, None, 0, 0))
    ops.append(("rect", BLEED + 4, BLEED + 4, FULL_W - 2 * BLEED - 8, FULL_H - 2 * BLEED - 8, rim, None, 0, 7))
    ops.append(("rect", BLEED + 6.5, BLEED + 6.5, FULL_W - 2 * BLEED - 13, FULL_H - 2 * BLEED - 13, light, None, 0, 5))
    if card.type == "plot_twist":  # plot twists: a folded corner in the rim colour
        x0, y1 = BLEED + 6.5, FULL_H - BLEED - 6.5  # a folded corner
        ops.append(("poly", ((x0, y1 - 24), (x0 + 24, y1), (x0, y1)), rim))

    # name bar, cost or level, team emblem
    ops.append(("rect", SX0, SY0, SW, 22, mix(team, WHITE, 0.97), rim, 1.2, 4))
    left = SX0 + 5
    if card.cost is not None:
        ops.append(("circle", SX0 + 11, SY0 + 11, 12.5, WHITE, None, 0))
        ops.append(("circle", SX0 + 11, SY0 + 11, 11, INK, None, 0))
        s = str(card.cost)
        ops.append(("text", SX0 + 11 - fonts.width(s, "bold", 14) / 2, SY0 + 16, s, "bold", 14.0, WHITE))
        left = SX0 + 26
    elif card.type == "main":
        ops.append(("circle", SX0 + 11, SY0 + 11, 12.5, WHITE, None, 0))
        ops.append(("circle", SX0 + 11, SY0 + 11, 11, GOLD, None, 0))
        lv = str(card.level or 1)
        ops.append(("text", SX0 + 11 - fonts.width("LV", "bold", 6) / 2, SY0 + 8.5, "LV", "bold", 6.0, INK))
        ops.append(("text", SX0 + 11 - fonts.width(lv, "bold", 11) / 2, SY0 + 18.5, lv, "bold", 11.0, INK))
        left = SX0 + 26
    elif card.type == "location" and card.symbol:
        ops.append(("icon", f"sym:{card.symbol}", SX0 + 2, SY0 + 2, 18, INK))
        left = SX0 + 24
    right = SX1 - 4
    if card.teams:
        em = ctx.emblems.get(card.teams[0], "star")
        ops.append(("icon", f"emblem:{em}", SX1 - 21, SY0 + 2.5, 17, team))
        right = SX1 - 24
    name_bar(lay, ops, card.name, left, right)

    # rules text first: the art gives up height and the flavor text goes before the text gets small
    lines, reminders = keyword_lines(card, ability_lines(card, ctx.pool))
    bottom = STATS_TOP - 3 if card.is_character else SY1 - 9
    ax, ay, aw, ah = ART_BOX
    shrink, size, lines, flavor = _text_room(lay, card, lines, reminders, bottom, rim)
    top = TEXT_TOP - shrink
    ah -= shrink
    art = ctx.art_path(card)
    if art is not None and place_art(lay, art, aw, ah):
        ops.append(("image", str(art), ax, ay, aw, ah))
    else:
        ops += placeholder_art(checked_icon(lay, card), ctx, (ax, ay, aw, ah))
    ops.append(("rect", ax, ay, aw, ah, None, rim, 1.5, 0))

    # type line, one style for every card: "SUPPORTING CHARACTER", "MAIN CHARACTER · LEVEL 2";
    # Flight and Ranged icons at the right (the team is in the footer, beside the set number)
    ty = ay + ah + 2
    ops.append(("rect", SX0, ty, SW, 13, rim, None, 0, 3))
    # Flight and Ranged icons for a character's own keywords (equipment grants them: that's in its text)
    icons = [k for k in ("flight", "ranged") if k in card.keywords and card.is_character]
    tcol = INK if rim in (GOLD, TYPE_FRAMES["token"][0]) else WHITE
    tavail = SW - 8 - (15 * len(icons) + 2 if icons else 0)
    label = type_line(card)
    if fonts.width(label, "bold", MIN_TEXT_PT) > tavail:
        lay.add_problem(f"the type line {label!r} doesn't fit even at {MIN_TEXT_PT:g} pt")
    tsize = _fit_size(label, "bold", tavail, 6.5, MIN_TEXT_PT)
    ops.append(("text", SX0 + 4, ty + 9, label, "bold", tsize, tcol))
    lay.min_text = min(lay.min_text, tsize)
    for i, k in enumerate(icons):
        ops.append(("circle", SX1 - 8 - 15 * i, ty + 6.5, 6, WHITE, None, 0))
        ops.append(("icon", k, SX1 - 13.5 - 15 * i, ty + 1, 11, INK))

    # rules text
    _rules_text(lay, card, lines, (SX0 + 3, top, SW - 6, bottom - top), rim, size, flavor)

    # stats and level-up XP
    if card.is_character:
        _stats(ops, card, rim)
    number = ctx.numbers.get(card.id) or card.number or ""
    foot = f"{number}   {card.id}" if number else card.id
    grey = mix(INK, WHITE, 0.35)
    ops.append(("text", SX1 - fonts.width(foot, "regular", 6.0), SY1 - 1.5, foot, "regular", 6.0, grey))
    if card.teams:   # the team, at the left of the footer
        team_name = " / ".join(card.teams).upper()
        room = SW - fonts.width(foot, "regular", 6.0) - 6
        tsz = _fit_size(team_name, "bold", room, 6.0, MIN_TEXT_PT)
        if fonts.width(team_name, "bold", tsz) > room:
            lay.add_problem(f"the team name {team_name!r} doesn't fit in the footer")
        ops.append(("text", SX0, SY1 - 1.5, team_name, "bold", tsz, grey))
    if card.type == "location" and card.symbol:  # a basic location: its symbol, large
        ops.append(("icon", f"sym:{card.symbol}", FULL_W / 2 - 22, SY1 - 62, 44, INK))
    return lay


def _stats(ops, card, rim):
    y = STATS_TOP
    h = SY1 - 9 - y
    for i, (icon, value, col) in enumerate((("atk", card.atk, (0.72, 0.18, 0.14)),
                                             ("def", card.defense, (0.16, 0.36, 0.66)))):
        x = SX0 + i * 46
        ops.append(("rect", x, y, 42, h, WHITE, col, 1.6, 5))
        ops.append(("icon", icon, x + 3, y + (h - 16) / 2, 16, col))
        s = str(value)
        ops.append(("text", x + 22, y + h / 2 + 6, s, "bold", 17.0, INK))
    x = SX1 - 42
    col = (0.70, 0.12, 0.16)
    ops.append(("rect", x, y, 42, h, col, None, 0, 5))
    ops.append(("icon", "health", x + 3, y + (h - 15) / 2, 15, WHITE))
    ops.append(("text", x + 22, y + h / 2 + 6, str(card.health), "bold", 17.0, WHITE))
    if card.level_up and not card.level_up.transform:
        cx = SX0 + 105
        ops.append(("circle", cx - 1, y + h / 2, 11, GOLD, INK, 0.8))
        ops.append(("icon", "xp", cx - 9, y + h / 2 - 8, 16, WHITE))
        s = str(card.level_up.xp)
        ops.append(("text", cx - 1 - fonts.width(s, "bold", 10) / 2, y + h / 2 + 3.6, s, "bold", 10.0, INK))


def _split_power(line: str):
    """``**Name** - Timing {cost}: text`` -> (name, header, body)."""
    name_end = line.index("**", 2)
    name = line[2:name_end]
    rest = line[name_end + 2:].lstrip(" -")
    head, _, body = rest.partition(": ")
    return name, head, body


RULES_MIN_PT = 7.5             # rules text never prints smaller
COMFORT_PT = 8.0               # at or above this, the art and flavor text keep their room
SIZES = tuple(8.5 - 0.25 * i for i in range(int((8.5 - RULES_MIN_PT) / 0.25) + 1))  # 8.5, 8.25 ... 7.5
SHRINKS = (0, 10, 20, 30, 40)  # how much height the art may give up, in points (84 pt at most: 44 pt left)


def _text_room(lay: Layout, card, lines, reminders, bottom: float, rim) -> tuple[float, float, list, str | None]:
    """How much the art shrinks, the rules text's size, the lines (with or without the keywords'
    reminder text) and whether the flavor text stays.

    The rules text gets room first: the largest size it can reach (no flavor, the art at its smallest)
    sets the goal (``COMFORT_PT`` at most); then the first layout that reaches it wins, in this order:
    reminders and flavor, flavor, reminders, neither; each with the most art (reminders may take
    only ``REMINDER_SHRINK`` of it). Dropping the flavor text is a warning; rules text that won't fit
    at ``RULES_MIN_PT`` even then is a problem for preflight."""
    box = (SX0 + 3, 0.0, SW - 6, 0.0)

    def fit(ls, flavor, shrink):
        top = TEXT_TOP - shrink
        return _text_size(card, ls, (box[0], top, box[2], bottom - top), rim, flavor)
    best = fit(lines, None, SHRINKS[-1])
    goal = min(best, COMFORT_PT)
    with_rem = reminders   # the lines with the reminders, or None
    options = []
    for fl in ((card.flavor, None) if card.flavor else (None,)):
        options += [(with_rem, fl)] if with_rem else []
        options.append((lines, fl))
    for ls, flavor in options:
        for shrink in SHRINKS:
            if ls is with_rem and shrink > REMINDER_SHRINK:
                break
            size = fit(ls, flavor, shrink)
            if size >= goal and _fits(card, ls, flavor, shrink, bottom, rim, size):
                if card.flavor and flavor is None:
                    lay.warnings.append(f"flavor text left out: with it the rules text would print under "
                                        f"{goal:g} pt (now {size:g} pt)")
                return shrink, size, ls, flavor
    return SHRINKS[-1], best, lines, None


REMINDER = "\x02"           # marks a reminder paragraph among the rules lines
REMINDER_SHRINK = 10         # reminder text may take this much of the art's height, no more
NO_REMINDER = {"tag"}        # keywords whose rules say nothing a player needs on the card


def keyword_lines(card, lines: list[str]) -> tuple[list[str], list[str] | None]:
    """The rules lines with the keyword line written with separators ("Double Strike \u00b7 Fearless"),
    and the same lines with the keywords' reminder texts (``engine.cardlang.text.keyword_rules``) under it, to
    print when there is room (None: no reminders)."""
    from engine.cardlang.text import keyword_label, keyword_rules
    kws = sorted(k for k in card.keywords if k not in ("flight", "ranged"))
    icons = [f"[[{k.title()}]]" for k in ("flight", "ranged") if k in card.keywords]
    labels = icons + [keyword_label(card, k) for k in kws]
    if not labels:
        return lines, None
    plain = " ".join(labels)
    if plain not in lines:   # the engine wrote the keywords some other way: leave its line alone
        return lines, None
    out = list(lines)
    i = out.index(plain)
    out[i] = "\u00a0\u00b7 ".join(labels)     # the dot stays with the word before it
    reminders = []
    for k in [k for k in ("flight", "ranged") if k in card.keywords] + kws:
        if k in NO_REMINDER:
            continue
        name = k.replace("_", " ").title()
        reminders.append(f"{REMINDER}({name}: {keyword_rules(k, card.kw_param(k))})")
    return out, ([*out[:i + 1], *reminders, *out[i + 1:]] if reminders else None)


def _fits(card, lines, flavor, shrink, bottom, rim, size) -> bool:
    top = TEXT_TOP - shrink
    return _flow([], card, lines, flavor, SX0 + 3, top, SW - 6, size, rim) <= bottom + 0.01


def _text_size(card, lines, box, rim, flavor=None) -> float:
    """The largest size (down to the minimum) at which the rules text (and ``flavor``) fit the box.
    Text only gets shorter as the size drops, so a binary search over the sizes finds it."""
    x, y, w, h = box
    lo, hi = 0, len(SIZES) - 1     # SIZES[lo] is the biggest candidate, SIZES[hi] the smallest
    if _flow([], card, lines, flavor, x, y, w, SIZES[lo], rim) <= y + h:
        return SIZES[lo]
    while hi - lo > 1:             # invariant: SIZES[lo] overflows; SIZES[hi] fits or is the minimum
        mid = (lo + hi) // 2
        if _flow([], card, lines, flavor, x, y, w, SIZES[mid], rim) <= y + h:
            hi = mid
        else:
            lo = mid
    return SIZES[hi]


def _rules_text(lay: Layout, card, lines: list[str], box, rim, size: float, flavor) -> None:
    x, y, w, h = box
    ops: list = []
    end = _flow(ops, card, lines, flavor, x, y, w, size, rim)
    if end > y + h + 0.01:
        lay.add_problem(f"the rules text doesn't fit in its box even at {RULES_MIN_PT:g} pt with the art at its "
                        f"smallest and no flavor text ({end - y - h:.0f} pt too long)")
    lay.min_text = min(lay.min_text, size)
    lay.rules_size = size
    lay.ops += ops


def _flow(ops, card, lines, flavor, x, y, w, size, rim) -> float:
    """Lay out the rules text from ``y`` down at ``size``; returns the bottom."""
    lead = size * 1.2
    gap = size * 0.45
    cy = y
    power_bg = mix(rim, WHITE, 0.78)
    for line in lines:
        if line.startswith("**") and "**" in line[2:]:
            name, head, body = _split_power(line)
            hw = rich_words(head, "bold")
            body_lines = break_lines(rich_words(body), size, w - 6)
            name_w = fonts.width(name, "bold", size + 0.5)
            head_w = line_width([*hw], size) if hw else 0
            block_h = lead * (1 + len(body_lines)) + 3
            if name_w + 8 + head_w > w - 6:   # header on two lines
                block_h += lead
            ops.append(("rect", x - 1, cy, w + 2, block_h, power_bg, rim, 0.8, 3))
            by = cy + 1.5 + size
            ops.append(("text", x + 3, by, name, "bold", size + 0.5, INK))
            if name_w + 8 + head_w > w - 6:
                by += lead
                draw_line(ops, [*hw], x + 3, by, size, INK)
            else:
                draw_line(ops, [*hw], x + 3, by, size, INK, align="right", width=w - 6)
            for bl in body_lines:
                by += lead
                draw_line(ops, bl, x + 3, by, size, INK)
            cy += block_h + gap
            continue
        if line.startswith("Level up ("):
            body = line.split(": ", 1)[1] if ": " in line else line
            bl = break_lines(rich_words("[[Level up:]] " + body), size, w - 6)
            block_h = lead * len(bl) + 3
            ops.append(("rect", x - 1, cy, w + 2, block_h, mix(GOLD, WHITE, 0.6), GOLD, 0.8, 3))
            by = cy + 1 + size * 0.95
            for ln in bl:
                draw_line(ops, ln, x + 3, by, size, INK)
                by += lead
            cy += block_h + gap
            continue
        if line.startswith(REMINDER):   # a keyword's reminder text: italic, grey, close under its keyword
            cy -= gap * 0.6
            for ln in break_lines(rich_words(line[1:], "italic"), size - 0.5, w):
                cy += lead * 0.94
                draw_line(ops, ln, x, cy - lead * 0.94 + size, size - 0.5, mix(INK, WHITE, 0.3))
            cy += gap + 1
            continue
        if card.type == "plot_twist" and line is lines[-1] and ": " in line:   # the timing in bold
            head, _, rest = line.partition(": ")
            words = rich_words(head + ":", "bold") + rich_words(rest)
        else:
            words = rich_words(line)
        for ln in break_lines(words, size, w):
            cy += lead
            draw_line(ops, ln, x, cy - lead + size, size, INK)
        cy += gap
    if flavor:
        cy += 1
        ops.append(("line", x + w * 0.25, cy, x + w * 0.75, cy, mix(INK, WHITE, 0.6), 0.5))
        cy += 2
        fsize = max(MIN_TEXT_PT, size - 0.5)
        for ln in break_lines(rich_words(flavor, "italic"), fsize, w - 10):
            cy += lead
            draw_line(ops, ln, x + 5, cy - lead + size, fsize, mix(INK, WHITE, 0.25), align="center", width=w - 10)
    return cy


def rays(cx: float, cy: float, box, n: int, rot: float, color) -> list:
    """``n`` wedges from (cx, cy) out to the edge of ``box``, never past it."""
    x, y, w, h = box

    def edge(t):
        dx, dy = math.cos(t), math.sin(t)
        tx = ((x + w - cx) / dx) if dx > 1e-9 else ((x - cx) / dx) if dx < -1e-9 else 1e9
        ty = ((y + h - cy) / dy) if dy > 1e-9 else ((y - cy) / dy) if dy < -1e-9 else 1e9
        k = min(tx, ty)
        return (cx + dx * k, cy + dy * k)
    # the box's corners by their angle from the centre: a wedge that spans one keeps it (and only
    # the corner and its two ends are needed, so the PDF has few points to write)
    corners = [(math.atan2(py - cy, px - cx) % (2 * math.pi), (px, py))
               for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
    out = []
    for i in range(n):
        t0 = rot + 2 * math.pi * i / n
        t1 = t0 + math.pi / n
        a0 = t0 % (2 * math.pi)
        inside = sorted(((a - a0) % (2 * math.pi), pt) for a, pt in corners if 0 < (a - a0) % (2 * math.pi) < t1 - t0)
        pts = [(cx, cy), edge(t0), *(pt for _, pt in inside), edge(t1)]
        out.append(("poly", tuple((round(px, 3), round(py, 3)) for px, py in pts), color))
    return out


def _card_shape(card) -> str | None:
    """The game-icons.net icon the card's data names (``art: {icon: NAME}``), when the set is installed."""
    from .gameicons import available
    name = getattr(card, "art_icon", None)
    return name if name and available() else None


def _without_icon(card):
    import dataclasses
    return dataclasses.replace(card, art_icon=None)


def checked_icon(lay: Layout, card):
    """``card`` as its picture is drawn: its icon checked (``check_icon``), and left out when refused."""
    check_icon(lay, card)
    if any(p.startswith("art: no icon") for p in lay.problems):
        return _without_icon(card)
    return card


def check_icon(lay: Layout, card) -> None:
    """A problem when the card names an icon the set doesn't have; a warning when the set isn't installed."""
    name = getattr(card, "art_icon", None)
    if not name:
        return
    from .gameicons import IconError, available, icon_path
    if not available():
        lay.warnings.append(f"its art icon {name!r} can't be drawn: the icon set @iconify-json/game-icons is "
                            "not installed (npm ci); a generated picture is used")
        return
    try:
        icon_path(name)
    except IconError as e:
        lay.add_problem(f"art: {e}")


def icon_medallion(shape: str, box, cx: float, color) -> list:
    """A card's own game-icons.net picture, white on a medallion of ``color`` as tall as most of the art
    ``box``, as near ``cx`` as the box allows (both games' faces)."""
    x, y, w, h = box
    r = h * 0.45
    cx = min(max(cx, x + r + 6), x + w - r - 6)
    cy = y + h / 2
    return [("circle", cx, cy, r, color, WHITE, 2.0), ("shape", shape, cx - r * 0.72, cy - r * 0.72, r * 1.44, WHITE)]


def placeholder_art(card, ctx: Context, box) -> list:
    """Generated art: a burst of rays in the team's colours behind the team emblem, varied by card id."""
    x, y, w, h = box
    digest = hashlib.sha256(card.id.encode()).digest()
    team = ctx.team_color(card)
    a = mix(team, WHITE, 0.55)
    b = mix(team, INK, 0.15)
    ops = [("rect", x, y, w, h, a, None, 0, 0)]
    cx = x + w * (0.3 + 0.4 * digest[0] / 255)
    cy = y + h * (0.35 + 0.3 * digest[1] / 255)
    n = 10 + digest[2] % 8
    rot = digest[3] / 255 * math.pi
    ops += rays(cx, cy, box, n, rot, mix(a, WHITE, 0.35))
    shape = _card_shape(card)
    if shape:   # the card's own icon, white on a medallion in the team's colour
        return ops + icon_medallion(shape, box, cx, b)
    r = h * 0.36
    ops.append(("circle", cx, cy, r, b, WHITE, 2.0))
    if card.teams:
        em = ctx.emblems.get(card.teams[0], "star")
        ops.append(("icon", f"emblem:{em}", cx - r * 0.7, cy - r * 0.7, r * 1.4, WHITE))
    else:
        kind = {"plot_twist": TIMING_ICONS.get(card.timing[0] if card.timing else "", "xp"),
                "location": f"sym:{card.symbol or 'any'}", "equipment": "def"}
        ops.append(("icon", kind.get(card.type, "xp"), cx - r * 0.65, cy - r * 0.65, r * 1.3, WHITE))
    initials = "".join(wd[0] for wd in card.name.replace("\u2605", "").split()[:3]).upper()
    size = 9.0
    ops.append(("text", x + w - 4 - fonts.width(initials, "bold", size), y + h - 4, initials, "bold", size,
                mix(team, WHITE, 0.9)))
    return ops


BACK_FRAME_INSET = 14.0   # the back's frame, in points inside the cut: a duplex shift of a millimetre or
                         # two doesn't put it visibly off-centre the way a frame near the edge would
BACK_STYLES = ("dark", "light")


def card_back(style: str = "dark") -> Layout:
    """The shared card back: the same for every card, so it tells nothing about the card. ``dark``:
    navy (about 200 % ink); ``light``: white paper with navy and gold line work (for home printers)."""
    if style not in BACK_STYLES:
        raise ValueError(f"card back style {style!r}: one of {', '.join(BACK_STYLES)}")
    lay = Layout()
    ops = lay.ops
    navy = (0.09, 0.13, 0.26)
    light = style == "light"
    ground, ray, ring_in, word2, fine_col = ((WHITE, (0.93, 0.94, 0.97), WHITE, navy, (0.45, 0.48, 0.56)) if light
                                            else (navy, (0.12, 0.18, 0.34), navy, WHITE, (0.62, 0.66, 0.78)))
    ops.append(("rect", 0, 0, FULL_W, FULL_H, ground, None, 0, 0))
    cx, cy = FULL_W / 2, FULL_H / 2
    ops += rays(cx, cy, (0, 0, FULL_W, FULL_H), 24, 0.0, ray)
    fi = BACK_FRAME_INSET
    ops.append(("rect", BLEED + fi, BLEED + fi, FULL_W - 2 * (BLEED + fi), FULL_H - 2 * (BLEED + fi), None,
                navy if light else GOLD, 1.5, 8))
    ops.append(("circle", cx, cy, 52, GOLD, None, 0))
    ops.append(("circle", cx, cy, 48, ring_in, None, 0))
    for i, sym in enumerate(("might", "mind", "skill", "energy", "heart", "cosmic")):
        t = -math.pi / 2 + i * math.pi / 3
        ops.append(("icon", f"sym:{sym}", cx + 66 * math.cos(t) - 9, cy + 66 * math.sin(t) - 9, 18, INK))
    w1 = fonts.width("CAPE", "bold", 22)
    w2 = fonts.width("CLASH", "bold", 22)
    ops.append(("text", cx - w1 / 2, cy - 3, "CAPE", "bold", 22.0, GOLD))
    ops.append(("text", cx - w2 / 2, cy + 19, "CLASH", "bold", 22.0, word2))
    from .gameicons import CREDIT_SHORT as fine
    ops.append(("text", cx - fonts.width(fine, "regular", 6.0) / 2, FULL_H - BLEED - fi - 5, fine, "regular", 6.0,
                fine_col))
    return lay
