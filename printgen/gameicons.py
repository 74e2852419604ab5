"""Card pictures from game-icons.net (the npm package ``@iconify-json/game-icons``, CC BY 3.0: credit
"game-icons.net" wherever they are shown; the rulebook and the card backs' fine print do).

A card chooses its icon in its data: ``art: {icon: flame}``. This module reads the icon set from
``node_modules/@iconify-json/game-icons/icons.json`` (``npm ci`` installs it; the environment
variable ``CAPECLASH_GAME_ICONS`` may point at another copy of that file) and turns an icon's SVG
path into polygons that both renderers fill (even-odd), so the PDF and the PNGs show the same shape.
No SVG library is needed: every icon of the set is a single ``<path>`` without transforms, and
``flatten`` below reads all of SVG's path commands (lines, cubic and quadratic curves, arcs).

For the browser: ``card_icon(card)`` gives a card's icon name, its path's ``d`` string and the
view box, ``icon_path(name)`` the ``d`` string and view box of any icon, ready for
``<svg viewBox="0 0 512 512"><path d="..."/></svg>``, and ``icon_table(names)`` a JSON-ready
dict of several (the cards' ``art: {icon: NAME}`` names, as cards.json carries them).

>>> d, box = icon_path("flame")
>>> box, d[:1]
((0, 0, 512, 512), 'M')
>>> polys = flatten("M0 0h10v10H0z m2 2v6h6V2z")
>>> [len(p) for p in polys], polys[1][:2]
([5, 5], [(2.0, 2.0), (2.0, 8.0)])
"""

from __future__ import annotations

import json
import math
import os
import re
from functools import lru_cache
from pathlib import Path

PACKAGE = "@iconify-json/game-icons"
CREDIT = "Card pictures: game-icons.net (CC BY 3.0)"
CREDIT_SHORT = CREDIT.replace("Card pictures", "Card art icons")   # on a card back
CREDIT_LONG = (CREDIT + ": icons by Lorc, Delapouite and the other game-icons.net authors, https://game-icons.net, "
               "licensed under CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/).")   # a rulebook's cover
_ROOT = Path(__file__).resolve().parent.parent


class IconError(LookupError):
    """An icon that isn't in the set, or the set isn't installed; the message says what to do."""


def icons_file() -> Path | None:
    """The icon set's JSON file: $CAPECLASH_GAME_ICONS, else node_modules beside the project or the
    working directory."""
    env = os.environ.get("CAPECLASH_GAME_ICONS")
    if env:
        return Path(env) if Path(env).is_file() else None
    for base in (_ROOT, Path.cwd()):
        p = base / "node_modules" / PACKAGE / "icons.json"
        if p.is_file():
            return p
    return None


@lru_cache(maxsize=2)
def _load(path: str) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def icon_set() -> dict:
    f = icons_file()
    if f is None:
        raise IconError(f"the icon set {PACKAGE} is not installed: run `npm ci` in {_ROOT}")
    return _load(str(f))


def available() -> bool:
    return icons_file() is not None


def icon_path(name: str) -> tuple[str, tuple[int, int, int, int]]:
    """An icon's SVG path ``d`` string and its view box (x, y, width, height)."""
    data = icon_set()
    icons, aliases = data["icons"], data.get("aliases", {})
    seen = 0
    while name in aliases and name not in icons and seen < 8:
        name, seen = aliases[name]["parent"], seen + 1
    if name not in icons:
        import difflib
        close = difflib.get_close_matches(name, list(icons), 3)
        raise IconError(f"no icon {name!r} in {PACKAGE}" + (f" (did you mean {', '.join(close)}?)" if close else ""))
    body = icons[name]["body"]
    m = re.search(r'\sd="([^"]+)"', body)
    if m is None:
        raise IconError(f"icon {name!r} has no path")
    w = icons[name].get("width", data.get("width", 512))
    h = icons[name].get("height", data.get("height", 512))
    return m.group(1), (0, 0, w, h)


def icon_table(names) -> dict[str, dict]:
    """The icons named, for a browser bundle: ``{name: {"d": path data, "viewBox": "0 0 512 512"}}``.

    >>> icon_table(["flame"])["flame"]["viewBox"]
    '0 0 512 512'
    """
    out = {}
    for name in sorted(set(names)):
        d, box = icon_path(name)
        out[name] = {"d": d, "viewBox": " ".join(str(v) for v in box)}
    return out


def card_icon(card) -> tuple[str, str, tuple[int, int, int, int]] | None:
    """A card's icon: (name, path d, view box), or None when its data names none."""
    name = getattr(card, "art_icon", None)
    if not name:
        return None
    d, box = icon_path(name)
    return name, d, box


@lru_cache(maxsize=512)
def unit_polygons(name: str) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The icon's outline as polygons in a unit square (0..1, y down), rounded to 1/4096."""
    d, (x0, y0, w, h) = icon_path(name)
    s = max(w, h)
    return tuple(tuple((round((x - x0) / s, 4), round((y - y0) / s, 4)) for x, y in poly)
                 for poly in flatten(d, tol=0.35) if len(poly) >= 3)


_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def _tokens(d: str):
    """Commands and numbers; an arc's two flags may be written without separators ("a1 1 0 011 1")."""
    out = []
    cmd = None
    i = 0
    for m in _TOKEN.finditer(d):
        if m.group(1):
            cmd = m.group(1)
            out.append(cmd)
            i = 0
            continue
        text = m.group(2)
        if cmd in "Aa":
            pos = i % 7
            if pos in (3, 4) and len(text) > 1 and text[0] in "01":
                # flags glued together or to the next number: split off one digit at a time
                rest = text
                while rest and (i % 7) in (3, 4):
                    out.append(float(rest[0]))
                    rest = rest[1:]
                    i += 1
                if rest:
                    out.append(float(rest))
                    i += 1
                continue
        out.append(float(text))
        i += 1
    return out


def flatten(d: str, tol: float = 0.35) -> list[list[tuple[float, float]]]:
    """An SVG path's subpaths as closed polygons (curves and arcs split until within ``tol`` units)."""
    toks = _tokens(d)
    polys: list[list[tuple[float, float]]] = []
    cur: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    last_ctrl = None   # (x, y, kind) of the previous curve's second control point: for S and T
    i = 0
    cmd = None
    while i < len(toks):
        t = toks[i]
        if isinstance(t, str):
            cmd = t
            i += 1
            if cmd in "Zz":
                if cur:
                    polys.append(cur)
                cur = []
                x, y = sx, sy
                last_ctrl = None
                continue
        elif cmd is None:
            raise ValueError(f"path data starts with a number: {d[:20]!r}")
        n = _ARGS[cmd.lower()]
        args = toks[i:i + n]
        if len(args) < n or any(isinstance(a, str) for a in args):
            raise ValueError(f"path command {cmd} needs {n} numbers")
        i += n
        rel = cmd.islower()
        c = cmd.lower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if c == "m":
            if cur:
                polys.append(cur)
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            cur = [(x, y)]
            cmd = "l" if rel else "L"     # further pairs are lines
            last_ctrl = None
            continue
        if not cur:
            cur = [(x, y)]
        if c == "l":
            x, y = ox + args[0], oy + args[1]
            cur.append((x, y))
            last_ctrl = None
        elif c == "h":
            x = (x if rel else 0.0) + args[0]
            cur.append((x, y))
            last_ctrl = None
        elif c == "v":
            y = (y if rel else 0.0) + args[0]
            cur.append((x, y))
            last_ctrl = None
        elif c in "cs":
            if c == "c":
                x1, y1 = ox + args[0], oy + args[1]
                x2, y2, ex, ey = ox + args[2], oy + args[3], ox + args[4], oy + args[5]
            else:
                x1, y1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl and last_ctrl[2] == "c" else (x, y)
                x2, y2, ex, ey = ox + args[0], oy + args[1], ox + args[2], oy + args[3]
            cur += _cubic((x, y), (x1, y1), (x2, y2), (ex, ey), tol)
            last_ctrl = (x2, y2, "c")
            x, y = ex, ey
        elif c in "qt":
            if c == "q":
                qx, qy, ex, ey = ox + args[0], oy + args[1], ox + args[2], oy + args[3]
            else:
                qx, qy = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl and last_ctrl[2] == "q" else (x, y)
                ex, ey = ox + args[0], oy + args[1]
            c1 = (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y))
            c2 = (ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey))
            cur += _cubic((x, y), c1, c2, (ex, ey), tol)
            last_ctrl = (qx, qy, "q")
            x, y = ex, ey
        elif c == "a":
            rx, ry, rot, large, sweep = args[0], args[1], args[2], args[3], args[4]
            ex, ey = ox + args[5], oy + args[6]
            cur += _arc((x, y), rx, ry, rot, bool(large), bool(sweep), (ex, ey), tol)
            x, y = ex, ey
            last_ctrl = None
    if cur:
        polys.append(cur)
    return [p + [p[0]] if p[0] != p[-1] else p for p in polys if len(p) >= 2]


def _cubic(p0, p1, p2, p3, tol: float) -> list[tuple[float, float]]:
    """Points along a cubic Bezier after p0, enough that the chords stay within ``tol``."""
    dd = max(math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]),
             math.hypot(p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]))
    n = max(1, min(64, math.ceil(math.sqrt(0.75 * dd / tol))))
    out = []
    for k in range(1, n + 1):
        t = k / n
        u = 1 - t
        a, b, c, e = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
    return out


def _arc(p0, rx, ry, rot_deg, large, sweep, p1, tol: float) -> list[tuple[float, float]]:
    """An SVG elliptical arc (endpoint form) as points after p0 (SVG 1.1 appendix F.6)."""
    if p0 == p1:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [p1]
    phi = math.radians(rot_deg % 360)
    cp, sp = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lam > 1:
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1 / ry, -coef * ry * x1 / rx
    cx = cp * cxp - sp * cyp + (p0[0] + p1[0]) / 2
    cy = sp * cxp + cp * cyp + (p0[1] + p1[1]) / 2

    def ang(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    t1 = ang(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry)
    dt = ang((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    r = max(rx, ry)
    step = 2 * math.acos(max(-1.0, min(1.0, 1 - tol / r))) if r > tol else math.pi / 2
    n = max(1, min(128, math.ceil(abs(dt) / max(step, 1e-3))))
    out = []
    for k in range(1, n + 1):
        t = t1 + dt * k / n
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((cp * ex - sp * ey + cx, sp * ex + cp * ey + cy))
    out[-1] = p1
    return out
