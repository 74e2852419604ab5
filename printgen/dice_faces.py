"""Derring-Dice card faces and the two deck backs, laid out from the dice game's card data.

The rules note on a card is ``engine.dice.text.card_text`` (the same words the browser and the
terminal show); this module decides where things go: a frame in the colour of the card's family
(hero, minion, aid, upgrade, plot, battle, event), the name with a Force badge, generated art, the
type line with the slot, trait or user chips, the special ability block, a short reminder of how
the card type is played, and the set number.

>>> from engine.dice.cards import DiceCard
>>> card = print_card(DiceCard({"name": "Mortarman", "type": "hero", "force": 4, "traits": ["strong"],
...                             "power": "Set in Stone", "abilities": ["defender"]}, "recruit"), "R001")
>>> lay = dice_face(card, dice_context())
>>> texts = [op[3] for op in lay.ops if op[0] == "text"]
>>> lay.problems, texts[:2], [t for t in texts if t in ("HERO", "STRONG", "Set in Stone", "R001")]
([], ['4', 'Mortarman'], ['HERO', 'STRONG', 'Set in Stone', 'R001'])
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import fonts
from .art import place as place_art
from .faces import Context, _card_shape, checked_icon, icon_medallion, mix, name_bar, rays
from .icons import INK, WHITE
from .layout import Layout, break_lines, draw_line, rich_words
from .specs import BLEED, FULL_H, FULL_W, MIN_TEXT_PT, SAFE_BOX

PRODUCT = "Derring-Dice"   # engine.dice.game.PRODUCT; repeated so a face needs no game module

SX0, SY0, SW, SH = SAFE_BOX
SX1, SY1 = SX0 + SW, SY0 + SH
ART_TOP, ART_H = 44.0, 80.0
ART_GROW = 26.0             # the art grows by up to this much when the text is short
FOOT_Y = SY1 - 1.5          # baseline of the footer line (set number)
TEXT_BOTTOM = SY1 - 10.0

# family -> (label, rim colour, deck-back colour for the family's own chips)
FAMILIES = {
    "hero": ("Hero", (0.16, 0.40, 0.76)),
    "minion": ("Minion", (0.44, 0.20, 0.46)),
    "aid": ("Aid", (0.13, 0.50, 0.30)),
    "upgrade": ("Upgrade", (0.58, 0.40, 0.10)),
    "plot": ("Plot", (0.64, 0.13, 0.18)),
    "battle": ("Battle", (0.80, 0.34, 0.04)),
    "event": ("Event", (0.10, 0.46, 0.56)),
}
WEAKNESS_RIM = (0.34, 0.34, 0.38)
TRAIT_COLORS = {"strong": (0.74, 0.16, 0.12), "psychic": (0.48, 0.24, 0.68), "agility": (0.10, 0.52, 0.26),
                "energy": (0.80, 0.42, 0.0), "magic": (0.18, 0.30, 0.70), "gadgets": (0.36, 0.40, 0.46)}
USER_COLORS = {"villain": (0.22, 0.18, 0.22), "good": (0.08, 0.42, 0.76), "hero": (0.40, 0.42, 0.46)}
TYPE_ICONS = {"hero": "emblem:star", "minion": "emblem:mask", "origin": "emblem:flame", "base": "house",
              "reputation": "xp", "sidekick": "emblem:arrowhead", "vehicle": "wheel", "device": "emblem:gear",
              "minor_plot": "emblem:thorn", "major_plot": "emblem:thorn", "plot_upgrade": "emblem:thorn",
              "weakness": "wound", "base_upgrade": "emblem:diamond", "vehicle_upgrade": "wheel",
              "event": "emblem:bolt"}
TRAIT_ICONS = {"strong": "burst", "psychic": "emblem:crescent", "agility": "flight", "energy": "emblem:bolt",
               "magic": "emblem:sun", "gadgets": "emblem:gear"}
UPGRADE_HOST = {"base_upgrade": "ON A BASE", "vehicle_upgrade": "ON A VEHICLE", "plot_upgrade": "ON A MAJOR PLOT"}
# How a card type is played, in a line (printed in italics under the card's own note).
REMINDERS = {
    "hero": "Recruited by the bad guy, a hero is a villain.",
    "base": "Base upgrades attach to this card.",
    "vehicle": "Vehicle upgrades attach to this card.",
    "major_plot": "Plot upgrades attach to this card.",
    "battle": "Play during a fight, before the roll. Discard it after the roll.",
    "event": "Events are played on your own turn, then discarded.",
}
DECK_LABELS = {"recruit": "Recruit deck", "action": "Action deck"}


def family(d) -> str:
    """The card family (hero, minion, aid, upgrade, plot, battle, event) of a ``DiceCard``."""
    if d.type in ("hero", "minion", "battle", "event"):
        return d.type
    if d.type in ("minor_plot", "major_plot", "plot_upgrade"):
        return "plot"
    if d.type in ("base_upgrade", "vehicle_upgrade"):
        return "upgrade"
    return "aid"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(eq=False)
class DicePrintCard:
    """A dice card as print sees it: an id (from its name), its set number and the engine's card."""

    id: str
    name: str
    deck: str
    number: str
    type: str
    data: dict
    dice: object = field(repr=False, compare=False, default=None)
    teams: tuple = ()

    art_icon: str | None = None   # art: {icon: NAME}, the card's game-icons.net picture

    @property
    def flavor(self):
        return self.dice.flavor


def print_card(d, number: str) -> DicePrintCard:
    return DicePrintCard(slug(d.name), d.name, d.deck, number, d.type, dict(d.data), d,
                         art_icon=getattr(d, "art_icon", None))


def dice_context(art_dir: Path | None = None, numbers: dict | None = None) -> Context:
    """The face context of Derring-Dice: no teams; the frame's colour is the card's family."""
    return Context(None, art_dir, numbers, rim=card_rim)


def card_rim(card: DicePrintCard):
    return rim_color(card.dice)


def rim_color(d):
    return WEAKNESS_RIM if d.type == "weakness" else FAMILIES[family(d)][1]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _chips(d) -> tuple[str, list[tuple[str, tuple]]]:
    """The chip row: a label and (text, colour) chips: a character's traits or an action card's users."""
    if d.is_character:
        return "", [(t.upper(), TRAIT_COLORS[t]) for t in d.traits]
    if d.deck == "action":
        from engine.dice.cards import USERS
        return "USED BY", [(USERS[u].upper(), TRAIT_COLORS.get(u) or USER_COLORS[u]) for u in d.users]
    return "", []


def _type_line(d) -> tuple[str, str]:
    """(left label, right tag) of the type line."""
    from engine.dice.cards import DEVICE_SLOTS, TYPE_NAMES
    fam = family(d)
    name = TYPE_NAMES[d.type].upper()
    left = name if FAMILIES[fam][0].upper() in name else f"{FAMILIES[fam][0].upper()} \u00b7 {name}"
    right = ""
    if d.type in UPGRADE_HOST:
        right = UPGRADE_HOST[d.type]
    elif d.slot and (d.slot in DEVICE_SLOTS or d.type in ("minor_plot", "major_plot")):
        right = f"SLOT: {d.slot.upper()}"
    elif d.is_aid and d.type not in ("device", "weakness"):
        right = "ONE PER HERO"
    elif d.type == "weakness":
        right = "ON AN OPPONENT"
    return left, right


def users_text(d) -> str:
    """Who may use an action card, as the rules note words it ("Energy or Magic": either may).
    Should the note word it otherwise, the face prints the whole note: nothing is lost."""
    from engine.dice.cards import USERS
    names = [USERS[u] for u in d.users]
    return "" if not names else names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _users_prefix(d) -> str:
    return users_text(d) + "." if d.users else ""


def _paragraphs(d) -> list[tuple]:
    """The text box's contents: ("power", name, body), ("text", body, bold?) and ("reminder", body)."""
    from engine.dice.text import card_text
    note = card_text(d)
    out: list[tuple] = []
    if d.deck == "action":      # the users are the chip row; the note's first sentence says the same
        prefix = _users_prefix(d)
        if prefix and note.startswith(prefix):
            note = note[len(prefix):].strip()
    if d.is_character:
        if d.power:
            out.append(("power", d.power, note or "No special ability."))
        elif note:
            out.append(("text", note, False))
    else:
        if (d.is_aid or d.is_upgrade) and d.force:
            out.append(("text", f"Force {_signed(d.force)} to the hero.", True))
        if note:
            out.append(("text", note, False))
    if d.type == "battle" and d.remove_delay:   # a battle card used outside fights (its note says when)
        out.append(("reminder", "Not for a fight: play it as its note says. Then discard it."))
    elif d.type in REMINDERS:
        out.append(("reminder", REMINDERS[d.type]))
    if d.flavor:   # the card's own words (``text:``), dropped first when the box is full
        out.append(("flavor", str(d.flavor)))
    return out


SIZES = tuple(8.5 - 0.25 * i for i in range(int((8.5 - MIN_TEXT_PT) / 0.25) + 1))


def _flow(ops: list, paras, x: float, y: float, w: float, size: float, rim) -> float:
    """Lay the paragraphs out from ``y`` down at ``size``; returns the bottom."""
    lead = size * 1.22
    gap = size * 0.5
    cy = y
    for p in paras:
        if p[0] == "power":
            _, name, body = p
            nsize = size + 0.5
            head = break_lines(rich_words(name, "bold"), nsize, w - 8)
            lines = break_lines(rich_words(body), size, w - 8)
            block_h = nsize * 1.2 * len(head) + lead * len(lines) + 5
            ops.append(("rect", x - 1, cy, w + 2, block_h, mix(rim, WHITE, 0.82), rim, 0.8, 3))
            by = cy + 2 + nsize
            for ln in head:
                draw_line(ops, ln, x + 4, by, nsize, mix(rim, INK, 0.55))
                by += nsize * 1.2
            by += lead - nsize * 1.2 + 0.5
            for ln in lines:
                draw_line(ops, ln, x + 4, by, size, INK)
                by += lead
            cy += block_h + gap
        elif p[0] == "text":
            _, body, bold = p
            for ln in break_lines(rich_words(body, "bold" if bold else "regular"), size, w):
                draw_line(ops, ln, x, cy + size, size, INK)
                cy += lead
            cy += gap
        else:
            rsize = max(MIN_TEXT_PT, size - 1)
            cy += 1
            if p[0] == "reminder" or not any(q[0] == "reminder" for q in paras):
                ops.append(("line", x + w * 0.3, cy, x + w * 0.7, cy, mix(INK, WHITE, 0.6), 0.5))
            cy += 2.5
            for ln in break_lines(rich_words(p[1], "italic"), rsize, w - 8):
                draw_line(ops, ln, x + 4, cy + rsize, rsize, mix(INK, WHITE, 0.3), align="center", width=w - 8)
                cy += rsize * 1.2
            cy += gap
    return cy - gap if paras else cy


def _fit(paras, w: float, h: float, rim) -> float | None:
    """The largest size that fits the box, or None."""
    for s in SIZES:
        if _flow([], paras, 0, 0, w, s, rim) <= h + 0.01:
            return s
    return None


def dice_face(card: DicePrintCard, ctx: Context) -> Layout:
    """A dice card's face, bleed included, as drawing ops; ``problems`` lists what preflight must refuse."""
    d = card.dice
    lay = Layout()
    ops = lay.ops
    rim = rim_color(d)
    dark = mix(rim, INK, 0.5)
    light = mix(rim, WHITE, 0.9)
    ops.append(("rect", 0, 0, FULL_W, FULL_H, dark, None, 0, 0))
    ops.append(("rect", BLEED + 4, BLEED + 4, FULL_W - 2 * BLEED - 8, FULL_H - 2 * BLEED - 8, rim, None, 0, 7))
    ops.append(("rect", BLEED + 6.5, BLEED + 6.5, FULL_W - 2 * BLEED - 13, FULL_H - 2 * BLEED - 13, light, None, 0, 5))

    # name bar with the Force badge (characters: their Force; aids: their bonus; action cards: a die)
    ops.append(("rect", SX0, SY0, SW, 22, mix(rim, WHITE, 0.97), rim, 1.2, 4))
    cx, cy = SX0 + 11, SY0 + 11
    ops.append(("circle", cx, cy, 12.5, WHITE, None, 0))
    ops.append(("circle", cx, cy, 11, mix(rim, INK, 0.35), None, 0))
    bonus = _battle_bonus(d)
    if d.is_character or ((d.is_aid or d.is_upgrade) and d.force):
        s = str(d.force) if d.is_character else _signed(d.force)
        fs = 14.0 if len(s) == 1 else 11.0
        ops.append(("text", cx - fonts.width(s, "bold", fs) / 2, cy + fs * 0.36, s, "bold", fs, WHITE))
    elif bonus:   # a battle card's Force bonus: red for the attacker, blue for the defender, purple for either
        s, col = bonus
        ops.append(("circle", cx, cy, 11, col, None, 0))
        ops.append(("text", cx - fonts.width(s, "bold", 11.0) / 2, cy + 11.0 * 0.36, s, "bold", 11.0, WHITE))
    else:   # a light disc keeps the icon's white details visible
        ops.append(("circle", cx, cy, 9.5, mix(rim, WHITE, 0.92), None, 0))
        ops.append(("icon", "die" if d.deck == "action" else TYPE_ICONS.get(d.type, "xp"), cx - 7, cy - 7, 14,
                    mix(rim, INK, 0.35)))
    name_bar(lay, ops, card.name, SX0 + 26, SX1 - 4)

    # text box: as large as the art allows; the art gives up to 30 pt when the text needs it
    paras = _paragraphs(d)
    chip_label, chips = _chips(d)
    chip_h = 13.0 if chips else 0.0
    x, w = SX0 + 3, SW - 6
    room = TEXT_BOTTOM - (ART_TOP + ART_H + 2 + 13 + 4 + chip_h)
    spare = room - _flow([], paras, 0, 0, w, SIZES[0], rim)
    grow = max(0.0, min(ART_GROW, spare - 6))   # short text: a bigger picture
    for shrink in (-grow, 0, 10, 20, 30):
        ah = ART_H - shrink
        top = ART_TOP + ah + 2 + 13 + 4 + chip_h
        tsize = _fit(paras, w, TEXT_BOTTOM - top, rim)
        if tsize is not None and tsize >= 7.5:
            break
    if (tsize is None or tsize < 7.5) and paras and paras[-1][0] == "flavor":
        paras = paras[:-1]                      # no room: the flavor text goes before the rules shrink
        tsize = _fit(paras, w, TEXT_BOTTOM - top, rim)
    if tsize is None:
        lay.add_problem(f"the rules text doesn't fit in its box even at {MIN_TEXT_PT:g} pt")
        tsize = MIN_TEXT_PT

    box = (SX0, ART_TOP, SW, ah)
    art = ctx.art_path(card)
    if art is not None and place_art(lay, art, SW, ah):
        ops.append(("image", str(art), *box))
    else:
        ops += placeholder_art(checked_icon(lay, card), box)
    ops.append(("rect", *box, None, rim, 1.5, 0))

    # type line: family and type at the left, slot or host at the right
    ty = ART_TOP + ah + 2
    ops.append(("rect", SX0, ty, SW, 13, rim, None, 0, 3))
    tl, tr = _type_line(d)
    tsz = 6.5
    while tsz > MIN_TEXT_PT and fonts.width(tl, "bold", tsz) + fonts.width(tr, "bold", tsz) + 14 > SW - 8:
        tsz -= 0.25
    if fonts.width(tl, "bold", tsz) + fonts.width(tr, "bold", tsz) + 14 > SW - 8:
        lay.add_problem(f"the type line {tl!r} doesn't fit even at {MIN_TEXT_PT:g} pt")
    ops.append(("text", SX0 + 4, ty + 9, tl, "bold", tsz, WHITE))
    if tr:
        ops.append(("text", SX1 - 4 - fonts.width(tr, "bold", tsz), ty + 9, tr, "bold", tsz, mix(rim, WHITE, 0.8)))
    lay.min_text = min(lay.min_text, tsz)

    # chips: traits, or who may use an action card
    if chips:
        yy = ty + 13 + 3
        cxx = SX0
        if chip_label:
            ops.append(("text", cxx + 1, yy + 7.6, chip_label, "bold", 6.0, mix(INK, WHITE, 0.35)))
            cxx += fonts.width(chip_label, "bold", 6.0) + 5
        csz = 6.5
        total = sum(fonts.width(t, "bold", csz) + 10 for t, _c in chips) + 3 * (len(chips) - 1)
        if cxx + total > SX1:
            csz = 6.0
        for text, col in chips:
            cw = fonts.width(text, "bold", csz) + 10
            if cxx + cw > SX1 + 0.01:
                lay.add_problem(f"the chip {text!r} doesn't fit on its row")
                break
            ops.append(("rect", cxx, yy, cw, 10.5, col, None, 0, 5))
            ops.append(("text", cxx + 5, yy + 7.6, text, "bold", csz, WHITE))
            cxx += cw + 3
        lay.min_text = min(lay.min_text, csz)

    flow_ops: list = []
    end = _flow(flow_ops, paras, x, top, w, tsize, rim)
    if end > TEXT_BOTTOM + 0.01 and "doesn't fit" not in " ".join(lay.problems):
        lay.add_problem(f"the rules text runs {end - TEXT_BOTTOM:.0f} pt past its box")
    ops += flow_ops
    if paras:
        lay.min_text = min(lay.min_text, tsize, *(op[5] for op in flow_ops if op[0] == "text"))
        lay.rules_size = tsize

    # footer: game and deck at the left, the set number at the right
    foot_l = f"{PRODUCT.upper()} \u00b7 {DECK_LABELS[d.deck].upper()}"
    num = ctx.numbers.get(card.id) or card.number
    grey = mix(INK, WHITE, 0.35)
    ops.append(("text", SX0, FOOT_Y, foot_l, "regular", 6.0, grey))
    ops.append(("text", SX1 - fonts.width(num, "bold", 6.0), FOOT_Y, num, "bold", 6.0, grey))
    return lay


BONUS_COLORS = {"attacker": (0.72, 0.14, 0.10), "defender": (0.14, 0.34, 0.68), "either": (0.46, 0.22, 0.60)}


def _battle_bonus(d) -> tuple[str, tuple] | None:
    """The one Force bonus a battle card gives, as badge text and colour (None: no single bonus)."""
    if d.type != "battle":
        return None
    found = [(n, k) for n, k in ((d.attacker_force, "attacker"), (d.defender_force, "defender"), (d.bonus, "either"))
             if n]
    if len(found) != 1:
        return None
    n, kind = found[0]
    return f"+{n}", BONUS_COLORS[kind]


def _battle_icon(d) -> str:
    if d.attack_type == "area":
        return "burst"
    if d.attack_type == "immobilize" or d.remove_delay:
        return "hourglass"
    if d.attack_type == "control" or d.leader_for_phase:
        return "emblem:crescent"
    if d.defender_force or d.negate:
        return "def"
    if d.attacker_force:
        return "atk"
    if d.bonus:
        return "xp"
    return "die"


def placeholder_art(card: DicePrintCard, box) -> list:
    """Generated art: rays in the family's colours behind a disc with the card type's icon, varied by name."""
    d = card.dice
    x, y, w, h = box
    digest = hashlib.sha256(card.id.encode()).digest()
    rim = rim_color(d)
    name = _battle_icon(d) if d.type == "battle" else TYPE_ICONS.get(d.type, "die")
    if d.is_character and d.traits:   # characters: tinted, and heroes drawn, by their first trait
        rim = mix(TRAIT_COLORS[d.traits[0]], rim, 0.25)
        if d.type == "hero":
            name = TRAIT_ICONS[d.traits[0]]
    a = mix(rim, WHITE, 0.6)
    b = mix(rim, INK, 0.2)
    ops = [("rect", x, y, w, h, a, None, 0, 0)]
    cx = x + w * (0.3 + 0.4 * digest[0] / 255)
    cy = y + h * (0.38 + 0.24 * digest[1] / 255)
    ops += rays(cx, cy, box, 9 + digest[2] % 8, digest[3] / 255 * math.pi, mix(a, WHITE, 0.4))
    shape = _card_shape(card)
    if shape:   # the card's own picture, white on a medallion in its family's colour (as Cape Clash's cards)
        return ops + icon_medallion(shape, box, cx, b)
    r = min(h * 0.36, 32)
    ops.append(("circle", cx, cy, r + 2.5, b, None, 0))
    ops.append(("circle", cx, cy, r, mix(rim, WHITE, 0.92), None, 0))
    ops.append(("icon", name, cx - r * 0.62, cy - r * 0.62, r * 1.24, b))
    initials = "".join(wd[0] for wd in card.name.split()[:3] if wd[0].isalnum()).upper()
    ops.append(("text", x + w - 4 - fonts.width(initials, "bold", 9.0), y + h - 4, initials, "bold", 9.0, b))
    return ops


# ------------------------------------------------------------------ backs

BACKS = {   # deck -> (background, ray colour, frame colour, centre icon, label)
    "recruit": ((0.05, 0.22, 0.30), (0.08, 0.29, 0.38), (0.90, 0.72, 0.26), "emblem:mask", "RECRUIT"),
    "action": ((0.40, 0.06, 0.09), (0.50, 0.10, 0.13), (0.96, 0.93, 0.86), "die", "ACTION"),
}


PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)]}


def die_ops(cx: float, cy: float, size: float, body, pip, n: int) -> list:
    """A die face showing ``n``, ``size`` wide, centred on (cx, cy)."""
    x, y = cx - size / 2, cy - size / 2
    ops = [("rect", x, y, size, size, body, None, 0, size * 0.18)]
    r = size * (0.085 if n < 6 else 0.075)
    ops += [("circle", x + px * size, y + py * size, r, pip, None, 0) for px, py in PIPS[n]]
    return ops


def dice_back(deck: str) -> Layout:
    """The back of one deck: the same for every card of the deck, different from the other deck's."""
    bg, ray, frame, icon_name, label = BACKS[deck]
    lay = Layout()
    ops = lay.ops
    ops.append(("rect", 0, 0, FULL_W, FULL_H, bg, None, 0, 0))
    cx, cy = FULL_W / 2, FULL_H / 2
    n = 16 if deck == "recruit" else 28
    ops += rays(cx, cy, (0, 0, FULL_W, FULL_H), n, 0.0 if deck == "recruit" else 0.11, ray)
    inset = BLEED + 6
    ops.append(("rect", inset, inset, FULL_W - 2 * inset, FULL_H - 2 * inset, None, frame, 2.0, 8))
    ops.append(("rect", inset + 4, inset + 4, FULL_W - 2 * inset - 8, FULL_H - 2 * inset - 8, None, frame, 0.6, 6))
    ops.append(("circle", cx, cy, 50, frame, None, 0))
    ops.append(("circle", cx, cy, 46, bg, None, 0))
    if deck == "action":   # a big die, and the six faces round the ring
        ops += die_ops(cx, cy, 58, frame, bg, 5)
        for i in range(6):
            t = -math.pi / 2 + i * math.pi / 3
            ops += die_ops(cx + 66 * math.cos(t), cy + 66 * math.sin(t), 15, frame, bg, i + 1)
    else:                  # the mask, and stars round the ring
        ops.append(("icon", icon_name, cx - 30, cy - 30, 60, frame))
        for i in range(6):
            t = -math.pi / 2 + i * math.pi / 3 + math.pi / 6
            ops.append(("icon", "star", cx + 64 * math.cos(t) - 7, cy + 64 * math.sin(t) - 7, 14, frame))
    title = PRODUCT.upper()
    ts = 15.0
    ops.append(("rect", cx - 70, 30, 140, 25, bg, frame, 1.2, 4))
    ops.append(("text", cx - fonts.width(title, "bold", ts) / 2, 48, title, "bold", ts, WHITE))
    ls = 13.0
    lw = fonts.width(label, "bold", ls)
    ops.append(("rect", cx - lw / 2 - 12, FULL_H - 57, lw + 24, 24, frame, None, 0, 12))
    ops.append(("text", cx - lw / 2, FULL_H - 40.5, label, "bold", ls, bg))
    from .gameicons import CREDIT_SHORT as fine  # the card pictures' licence asks for the credit
    ops.append(("text", cx - fonts.width(fine, "regular", 5.5) / 2, FULL_H - inset - 6, fine, "regular", 5.5, frame))
    return lay


# ------------------------------------------------------------------ counters

COUNTERS = [  # name, background, icon (or a value), label colour
    ("Damage", (0.74, 0.12, 0.12), "burst", WHITE),
    ("Damage", (0.74, 0.12, 0.12), "5", WHITE),     # worth five damage tokens
    ("Delay", (0.14, 0.36, 0.70), "hourglass", WHITE),
]
COUNTER_ROWS = {"burst": 3, "5": 1, "hourglass": 3}   # rows of discs and of squares per marker
