"""Icons as vector drawings: power symbols, Flight, Ranged, stats, counters and team emblems.

Every icon is a list of primitives in a unit box (0..1, y down), so the PDF renderer draws
them as paths and the PNG renderer fills the same polygons (supersampled for smooth edges).
The designs are our own: simple geometric shapes that stay legible at 2 mm.

>>> sorted(SYMBOL_COLORS) == sorted(("might", "mind", "skill", "energy", "heart", "cosmic"))
True
>>> all(icon(name) for name in ICONS)
True
"""

from __future__ import annotations

import math

WHITE = (1.0, 1.0, 1.0)
INK = (0.11, 0.11, 0.13)

SYMBOL_COLORS = {
    "might": (0.80, 0.16, 0.14),
    "mind": (0.49, 0.26, 0.70),
    "skill": (0.13, 0.55, 0.27),
    "energy": (0.93, 0.60, 0.05),
    "heart": (0.86, 0.30, 0.55),
    "cosmic": (0.10, 0.30, 0.62),
}


def _circle(cx, cy, r, color):
    return ("circle", cx, cy, r, color)


def _poly(points, color):
    return ("poly", tuple((round(x, 4), round(y, 4)) for x, y in points), color)


def star_points(cx, cy, r_out, r_in, n, rot=-90.0):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_band(cx, cy, r_out, r_in, a0, a1, steps=18):
    """A ring segment from angle a0 to a1 (degrees, clockwise on the page since y is down)."""
    outer = [(cx + r_out * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
              cy + r_out * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]
    inner = [(cx + r_in * math.cos(math.radians(a1 - (a1 - a0) * i / steps)),
              cy + r_in * math.sin(math.radians(a1 - (a1 - a0) * i / steps))) for i in range(steps + 1)]
    return outer + inner


def _heart(cx, cy, s, color):
    """A heart of width ~2s centred on (cx, cy)."""
    r = s * 0.5
    return [_circle(cx - r, cy - r * 0.45, r, color), _circle(cx + r, cy - r * 0.45, r, color),
            _poly([(cx - 2 * r * 0.97, cy - r * 0.2), (cx + 2 * r * 0.97, cy - r * 0.2), (cx, cy + s * 1.05)], color)]


def _cross(cx, cy, s, w, color):
    return [_poly([(cx - w, cy - s), (cx + w, cy - s), (cx + w, cy + s), (cx - w, cy + s)], color),
            _poly([(cx - s, cy - w), (cx + s, cy - w), (cx + s, cy + w), (cx - s, cy + w)], color)]


# ------------------------------------------------------------------ power symbols (a glyph on a disc)

def _glyph(sym: str, c=WHITE):
    if sym == "might":      # an impact burst
        return [_poly(star_points(0.5, 0.5, 0.36, 0.17, 8, -90 + 22.5), c)]
    if sym == "mind":       # an eye
        top = [(0.14 + 0.72 * i / 16, 0.5 - 0.26 * math.sin(math.pi * i / 16)) for i in range(17)]
        bottom = [(0.86 - 0.72 * i / 16, 0.5 + 0.26 * math.sin(math.pi * i / 16)) for i in range(17)]
        return [_poly(top + bottom, c), _circle(0.5, 0.5, 0.13, SYMBOL_COLORS["mind"]), _circle(0.5, 0.5, 0.055, c)]
    if sym == "skill":      # a target
        return [_circle(0.5, 0.5, 0.31, c), _circle(0.5, 0.5, 0.21, SYMBOL_COLORS["skill"]),
                _circle(0.5, 0.5, 0.1, c)] + [
            _poly([(0.5 + dx * 0.3 - dy * 0.035, 0.5 + dy * 0.3 - dx * 0.035),
                   (0.5 + dx * 0.42 - dy * 0.035, 0.5 + dy * 0.42 - dx * 0.035),
                   (0.5 + dx * 0.42 + dy * 0.035, 0.5 + dy * 0.42 + dx * 0.035),
                   (0.5 + dx * 0.3 + dy * 0.035, 0.5 + dy * 0.3 + dx * 0.035)], c)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    if sym == "energy":     # a lightning bolt
        return [_poly([(0.58, 0.12), (0.28, 0.54), (0.47, 0.54), (0.40, 0.88), (0.72, 0.43), (0.53, 0.43),
                       (0.64, 0.12)], c)]
    if sym == "heart":
        return _heart(0.5, 0.5, 0.3, c)
    if sym == "cosmic":     # a four-pointed star and two sparks
        return [_poly(star_points(0.46, 0.54, 0.34, 0.09, 4), c), _circle(0.74, 0.27, 0.055, c),
                _circle(0.78, 0.72, 0.04, c)]
    raise KeyError(sym)


def power_symbol(sym: str):
    if sym == "any":  # six wedges, one per symbol colour
        out = []
        for i, s in enumerate(SYMBOL_COLORS):
            a0 = -90 + i * 60
            out.append(_poly([(0.5, 0.5)] + [(0.5 + 0.48 * math.cos(math.radians(a0 + 60 * k / 8)),
                                              0.5 + 0.48 * math.sin(math.radians(a0 + 60 * k / 8)))
                                             for k in range(9)], SYMBOL_COLORS[s]))
        out.append(_circle(0.5, 0.5, 0.2, WHITE))
        out.append(_circle(0.5, 0.5, 0.12, INK))
        return out
    return [_circle(0.5, 0.5, 0.48, WHITE), _circle(0.5, 0.5, 0.44, SYMBOL_COLORS[sym]), *_glyph(sym)]


# ------------------------------------------------------------------ game icons (one colour)

def _flight(c):
    """A wing: three swept feathers."""
    out = []
    for i, (y, length) in enumerate(((0.22, 0.78), (0.40, 0.66), (0.58, 0.52))):
        x0 = 0.14 + i * 0.04
        out.append(_poly([(x0, y + 0.14), (x0 + 0.1, y), (x0 + length, y - 0.06), (x0 + length - 0.12, y + 0.09),
                          (x0 + 0.14, y + 0.2)], c))
    out.append(_poly([(0.12, 0.30), (0.26, 0.30), (0.26, 0.86), (0.12, 0.80)], c))
    return out


def _ranged(c):
    """An arrow flying up and to the right, with fletching."""
    w = 0.045
    d = 1 / math.sqrt(2)
    shaft = [(0.2 - w * d, 0.8 - w * d), (0.66 - w * d, 0.34 - w * d), (0.66 + w * d, 0.34 + w * d),
             (0.2 + w * d, 0.8 + w * d)]
    head = [(0.86, 0.14), (0.76, 0.48), (0.52, 0.24)]
    fl1 = [(0.22, 0.70), (0.12, 0.64), (0.16, 0.84), (0.36, 0.88), (0.30, 0.78)]
    return [_poly(shaft, c), _poly(head, c), _poly(fl1, c)]


def _any_turn(c):
    """A circular arrow: usable on any turn."""
    band = arc_band(0.5, 0.5, 0.40, 0.27, -60, 220)
    tip_a = math.radians(-60)
    tx, ty = 0.5 + 0.335 * math.cos(tip_a), 0.5 + 0.335 * math.sin(tip_a)
    head = [(tx - 0.17, ty - 0.02), (tx + 0.14, ty - 0.08), (tx + 0.02, ty + 0.2)]
    return [_poly(band, c), _poly(head, c)]


def _atk(c):
    """A sword, point up."""
    return [_poly([(0.5, 0.06), (0.59, 0.2), (0.59, 0.62), (0.41, 0.62), (0.41, 0.2)], c),
            _poly([(0.24, 0.62), (0.76, 0.62), (0.76, 0.71), (0.24, 0.71)], c),
            _poly([(0.45, 0.71), (0.55, 0.71), (0.55, 0.9), (0.45, 0.9)], c), _circle(0.5, 0.92, 0.06, c)]


def _def(c):
    """A shield."""
    pts = [(0.5, 0.08), (0.86, 0.2), (0.84, 0.5)]
    pts += [(0.5 + 0.34 * math.cos(math.radians(a)), 0.5 + 0.42 * math.sin(math.radians(a)))
            for a in range(10, 171, 20)]
    pts += [(0.16, 0.5), (0.14, 0.2)]
    return [_poly(pts, c)]


def _health(c):
    return _cross(0.5, 0.5, 0.36, 0.12, c)


def _xp(c):
    return [_poly(star_points(0.5, 0.54, 0.45, 0.19, 5), c)]


def _wound(c):
    """Three claw slashes."""
    out = []
    for dx in (-0.22, 0.0, 0.22):
        out.append(_poly([(0.38 + dx, 0.1), (0.48 + dx, 0.12), (0.64 + dx, 0.9), (0.56 + dx, 0.88)], c))
    return out


def _vitality(c):
    """A leaf with a vein: life that cancels a wound."""
    pts = [(0.5 + 0.36 * math.sin(math.pi * i / 16), 0.1 + 0.8 * i / 16) for i in range(17)]
    pts += [(0.5 - 0.36 * math.sin(math.pi * i / 16), 0.9 - 0.8 * i / 16) for i in range(17)]
    return [_poly(pts, c), _poly([(0.485, 0.22), (0.515, 0.22), (0.53, 0.96), (0.47, 0.96)], WHITE)]


def _card(c):
    return [_poly([(0.25, 0.1), (0.75, 0.1), (0.75, 0.9), (0.25, 0.9)], c),
            _poly([(0.31, 0.17), (0.69, 0.17), (0.69, 0.83), (0.31, 0.83)], WHITE)]


def _star(c):
    """The star of a mantle name (a different character that shares a name)."""
    return [_poly(star_points(0.5, 0.56, 0.46, 0.2, 5), c)]


def _rounded_square(x0, y0, x1, y1, r, steps=5):
    pts = []
    for cx, cy, a0 in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        pts += [(cx + r * math.cos(math.radians(a0 + 90 * i / steps)), cy + r * math.sin(math.radians(a0 + 90 * i / steps)))
                for i in range(steps + 1)]
    return pts


def _die(c):
    """A six-sided die showing five pips (Derring-Dice)."""
    pips = [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)]
    return [_poly(_rounded_square(0.08, 0.08, 0.92, 0.92, 0.16), c)] + [_circle(x, y, 0.085, WHITE) for x, y in pips]


def _hourglass(c):
    """An hourglass: a delay token."""
    glass = [(0.24, 0.14), (0.76, 0.14), (0.76, 0.2), (0.54, 0.5), (0.76, 0.8), (0.76, 0.86), (0.24, 0.86),
             (0.24, 0.8), (0.46, 0.5), (0.24, 0.2)]
    return [_poly([(0.16, 0.06), (0.84, 0.06), (0.84, 0.14), (0.16, 0.14)], c), _poly(glass, c),
            _poly([(0.16, 0.86), (0.84, 0.86), (0.84, 0.94), (0.16, 0.94)], c),
            _poly([(0.36, 0.26), (0.64, 0.26), (0.5, 0.44)], WHITE), _poly([(0.5, 0.62), (0.68, 0.8), (0.32, 0.8)], WHITE)]


def _burst(c):
    """A jagged impact: a damage token."""
    return [_poly(star_points(0.5, 0.5, 0.48, 0.26, 11, -90), c)]


def _house(c):
    """A roof over a wall with a door: a base."""
    return [_poly([(0.5, 0.08), (0.94, 0.46), (0.82, 0.46), (0.82, 0.9), (0.58, 0.9), (0.58, 0.64), (0.42, 0.64),
                   (0.42, 0.9), (0.18, 0.9), (0.18, 0.46), (0.06, 0.46)], c)]


def _wheel(c):
    """A wheel with spokes: a vehicle."""
    out = [_poly(arc_band(0.5, 0.5, 0.46, 0.34, 0, 360, 36), c), _circle(0.5, 0.5, 0.1, c)]
    for a in range(0, 360, 60):
        t = math.radians(a)
        dx, dy = math.cos(t), math.sin(t)
        w = 0.035
        out.append(_poly([(0.5 - dy * w, 0.5 + dx * w), (0.5 + dx * 0.38 - dy * w, 0.5 + dy * 0.38 + dx * w),
                          (0.5 + dx * 0.38 + dy * w, 0.5 + dy * 0.38 - dx * w), (0.5 + dy * w, 0.5 - dx * w)], c))
    return out


GAME_ICONS = {"die": _die, "hourglass": _hourglass, "burst": _burst, "house": _house, "wheel": _wheel,
              "star": _star, "flight": _flight, "ranged": _ranged, "any_turn": _any_turn, "atk": _atk, "def": _def,
              "health": _health, "xp": _xp, "wound": _wound, "vitality": _vitality, "card": _card}


# ------------------------------------------------------------------ team emblems

def _sun(c):
    return [_poly(star_points(0.5, 0.5, 0.47, 0.3, 12), c), _circle(0.5, 0.5, 0.25, WHITE),
            _circle(0.5, 0.5, 0.19, c)]


def _crescent(c):
    pts = arc_band(0.5, 0.5, 0.44, 0.0, 60, 300, 24)[:25]
    inner = [(0.64 + 0.36 * math.cos(math.radians(a)), 0.44 + 0.36 * math.sin(math.radians(a)))
             for a in range(270, 89, -10)]
    return [_poly(pts + inner, c)]


def _bolt_shield(c):
    return _def(c) + [_poly([(0.55, 0.2), (0.36, 0.52), (0.49, 0.52), (0.44, 0.78), (0.64, 0.44), (0.51, 0.44),
                             (0.58, 0.2)], WHITE)]


def _gear(c):
    out = [_poly(star_points(0.5, 0.5, 0.47, 0.36, 8, -90), c), _circle(0.5, 0.5, 0.38, c),
           _circle(0.5, 0.5, 0.16, WHITE)]
    return out


def _flame(c):
    pts = [(0.5, 0.05), (0.66, 0.3), (0.72, 0.2), (0.84, 0.5)]
    pts += [(0.5 + 0.34 * math.cos(math.radians(a)), 0.6 + 0.32 * math.sin(math.radians(a))) for a in range(0, 181, 20)]
    pts += [(0.2, 0.45), (0.32, 0.3), (0.38, 0.42)]
    return [_poly(pts, c), _poly([(0.5, 0.5), (0.62, 0.7), (0.5, 0.88), (0.38, 0.7)], WHITE)]


def _wave(c):
    out = []
    for y in (0.28, 0.5, 0.72):
        top = [(0.08 + 0.84 * i / 20, y + 0.07 * math.sin(2 * math.pi * i / 10)) for i in range(21)]
        out.append(_poly(top + [(x, yy + 0.12) for x, yy in reversed(top)], c))
    return out


def _diamond(c):
    return [_poly([(0.5, 0.04), (0.9, 0.42), (0.5, 0.96), (0.1, 0.42)], c),
            _poly([(0.5, 0.2), (0.74, 0.42), (0.5, 0.76), (0.26, 0.42)], WHITE),
            _poly([(0.5, 0.3), (0.64, 0.42), (0.5, 0.62), (0.36, 0.42)], c)]


def _star_badge(c):
    return [_circle(0.5, 0.5, 0.46, c), _poly(star_points(0.5, 0.53, 0.34, 0.14, 5), WHITE)]


def _skull_mask(c):
    """A domino mask."""
    top = [(0.06 + 0.88 * i / 20, 0.36 - 0.08 * math.sin(math.pi * i / 20)) for i in range(21)]
    bottom = [(0.94, 0.6), (0.7, 0.7), (0.5, 0.56), (0.3, 0.7), (0.06, 0.6)]
    eye = 0.09
    return [_poly(top + bottom, c), _circle(0.3, 0.48, eye, WHITE), _circle(0.7, 0.48, eye, WHITE)]


def _flame_ring(c):
    """A flame inside a ring (one colour, so it reads on any background)."""
    ring = arc_band(0.5, 0.5, 0.48, 0.39, 0, 360, 36)
    flame = [(x * 0.58 + 0.21, y * 0.58 + 0.2) for x, y in _flame(c)[0][1]]
    return [_poly(ring, c), _poly(flame, c)]


def _ice_crown(c):
    base = [(0.12, 0.78), (0.12, 0.34), (0.3, 0.56), (0.4, 0.2), (0.5, 0.5), (0.6, 0.2), (0.7, 0.56), (0.88, 0.34),
            (0.88, 0.78)]
    crack = [(0.5, 0.58), (0.56, 0.66), (0.47, 0.72), (0.53, 0.8), (0.49, 0.8), (0.43, 0.72), (0.52, 0.66)]
    return [_poly(base, c), _poly([(0.12, 0.82), (0.88, 0.82), (0.88, 0.9), (0.12, 0.9)], c), _poly(crack, WHITE)]


def _winged_arrowhead(c):
    head = [(0.5, 0.06), (0.7, 0.5), (0.5, 0.42), (0.3, 0.5)]
    wing_l = [(0.44, 0.5), (0.06, 0.38), (0.12, 0.52), (0.04, 0.56), (0.16, 0.66), (0.1, 0.72), (0.44, 0.7)]
    wing_r = [(1 - x, y) for x, y in wing_l]
    return [_poly(head, c), _poly(wing_l, c), _poly(wing_r, c),
            _poly([(0.45, 0.46), (0.55, 0.46), (0.55, 0.94), (0.45, 0.94)], c)]


def _fanged_thorn(c):
    thorn = [(0.5, 0.04), (0.64, 0.4), (0.62, 0.96), (0.38, 0.96), (0.36, 0.4)]
    fangs = [_poly([(0.36, 0.45), (0.12, 0.3), (0.2, 0.5), (0.36, 0.6)], c),
             _poly([(0.64, 0.55), (0.88, 0.4), (0.8, 0.62), (0.64, 0.72)], c),
             _poly([(0.37, 0.72), (0.16, 0.7), (0.37, 0.84)], c)]
    return [_poly(thorn, c), *fangs]


EMBLEMS = {"flame_ring": _flame_ring, "crown": _ice_crown, "arrowhead": _winged_arrowhead, "thorn": _fanged_thorn,
           "sun": _sun, "crescent": _crescent, "bolt": _bolt_shield, "gear": _gear, "flame": _flame,
           "wave": _wave, "diamond": _diamond, "star": _star_badge, "mask": _skull_mask}

# Words in a team's name that suggest an emblem; otherwise teams take the free emblems in order.
EMBLEM_HINTS = {"crown": "crown", "ice": "crown", "frost": "crown", "rime": "crown", "arrowhead": "arrowhead",
                "winged": "arrowhead", "wing": "arrowhead", "skylark": "arrowhead", "thorn": "thorn",
                "fanged": "thorn", "fang": "thorn", "thornmaw": "thorn", "ring": "flame_ring", "oath": "flame_ring",
"dawn": "sun", "sun": "sun", "solar": "sun", "light": "sun", "gloom": "crescent", "night": "crescent",
                "moon": "crescent", "shadow": "mask", "dusk": "crescent", "storm": "bolt", "volt": "bolt",
                "spark": "bolt", "iron": "gear", "steel": "gear", "forge": "gear", "tech": "gear", "fire": "flame",
                "flame": "flame", "blaze": "flame", "ember": "flame", "tide": "wave", "sea": "wave", "deep": "wave",
                "crystal": "diamond", "gem": "diamond", "star": "star", "nova": "star", "mask": "mask",
                "syndicate": "mask", "guild": "mask"}

ICONS = {**{f"sym:{s}": None for s in (*SYMBOL_COLORS, "any")}, **dict.fromkeys(GAME_ICONS),
         **{f"emblem:{e}": None for e in EMBLEMS}}


def icon(name: str, color=INK) -> list:
    """The primitives of an icon. ``sym:<symbol>`` and ``emblem:<name>`` or a game icon."""
    if name.startswith("sym:"):
        return power_symbol(name[4:])
    if name.startswith("emblem:"):
        return EMBLEMS[name[7:]](color)
    return GAME_ICONS[name](color)


def team_emblems(team_names, descriptions: dict | None = None) -> dict[str, str]:
    """An emblem for every team: by a hint in its symbol's description or its name, else the first
    emblem nobody uses."""
    out: dict[str, str] = {}
    descriptions = descriptions or {}
    for t in sorted(team_names):
        text = f"{descriptions.get(t) or ''} {t}".lower().replace("-", " ").replace(",", " ")
        words = text.split()
        order = list(EMBLEMS)
        hints = sorted({EMBLEM_HINTS[k] for w in words for k in EMBLEM_HINTS if w.startswith(k)} - set(out.values()),
                       key=order.index)
        out[t] = hints[0] if hints else next((e for e in EMBLEMS if e not in out.values()), "star")
    return out
