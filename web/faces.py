"""Card faces for the browser: printgen's drawing operations rendered as SVG at ``capeclash web build``.

printgen lays a card out once as a list of drawing ops (``printgen.layout``); ``printgen.render``
draws them into a PDF and a PNG, and this module is the third renderer, to SVG, so the screen
shows the printed card: same positions, same sizes, same fonts (the bundled Vera TTFs, served
by the page as ``@font-face`` "CC Vera"; text is measured with those fonts' own metrics, so the
browser breaks no line differently: each line is already its own ``<text>``).

What the build writes (``site_files``), all precached by the service worker:

- ``faces.json.gz`` (gzipped JSON, format in ``web/static/faces.mjs``): the SVG body of every card's face (every
  main character level is its own card) in the trim box, the card back, one sprite of the icons
  as ``<symbol>``s (used by ``<use href="#cci-...">``), keyword reminder text and a plain-text
  description of each face for screen readers; under ``dice`` the same for every Derring-Dice card
  (printgen.dice_faces) and its two deck backs;
- ``fonts/Vera*.ttf`` and their licence;
- ``faces/art/<id>.jpg``: a card's art downscaled for the screen, when it has an art file.

>>> svg_ops([("text", 10, 20.5, "A <b> & c", "bold", 8.0, (0, 0, 0))])
'<text x="10" y="20.5" class="b" font-size="8" fill="#000000">A &lt;b&gt; &amp; c</text>'
>>> svg_ops([("poly", ((0, 1.25), (2.04, 3)), (1, 1, 1))])
'<path d="M0 1.2L2 3Z" fill="#ffffff"/>'
>>> svg_ops([("rect", 0, 0, 5, 5, None, (1, 1, 1), 1.2, 3)])
'<rect x="0" y="0" width="5" height="5" rx="3" fill="none" stroke="#ffffff" stroke-width="1.2"/>'
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import sys
import time
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT_FILES = ("Vera.ttf", "VeraBd.ttf", "VeraIt.ttf", "VeraBI.ttf", "bitstream-vera-license.txt")
FACE_CLASS = {"regular": None, "bold": "b", "italic": "i", "bolditalic": "bi"}
ART_PX = (324, 168)          # a face's art box (162 x 84 pt) at 2 px per point: sharp in the zoom
CURRENT = (0.01234, 0.04567, 0.07891)   # an icon's own colour, drawn as ``currentColor`` in its symbol
STAT_ICONS = {"atk": "s-atk", "def": "s-def", "health": "s-hp", "xp": "s-xp"}
INK = "#1c1c21"              # printgen's ink: text in it has no fill of its own (it takes the <svg>'s)


class FaceError(ValueError):
    """A face that can't be drawn; the message names the card or icon (``capeclash web build`` prints it)."""


def num(v) -> str:
    """A coordinate with at most two decimals and no trailing zeros.

    >>> num(3.0), num(2.456), num(-0.004)
    ('3', '2.46', '0')
    """
    s = f"{float(v):.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def color(c) -> str:
    if c is None:
        return "none"
    if tuple(c) == CURRENT:
        return "currentColor"
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in c)


def icon_id(name: str) -> str:
    return "cci-" + re.sub(r"[^a-z0-9_-]", "-", name.lower())


def shape_id(name: str) -> str:
    return "ccg-" + re.sub(r"[^a-z0-9_-]", "-", name.lower())


def _paint(fill, stroke=None, lw=0.0) -> str:
    out = f' fill="{color(fill)}"'
    if stroke is not None:
        out += f' stroke="{color(stroke)}" stroke-width="{num(lw)}"'
    return out


def _points(pts) -> str:
    """A polygon's path, to a tenth of a point (a fifth of a pixel in the zoom)."""
    return "M" + "L".join(f"{x:.1f} {y:.1f}".replace(".0 ", " ").removesuffix(".0") for x, y in pts) + "Z"


def svg_ops(ops, art_href=None, used: set | None = None, shapes: set | None = None,
            stats_top: float | None = None, problems: list | None = None, tags: dict | None = None) -> str:
    """The SVG elements of a list of drawing ops (coordinates unchanged: points, y down).

    ``art_href(path)`` gives the URL of an ``image`` op's picture (None: the op is skipped);
    ``used``/``shapes`` collect the icons and game-icons.net shapes referenced; a text op right after
    an ATK/DEF/health/XP icon at or below ``stats_top`` gets the class ``s-atk``/``s-def``/``s-hp``/
    ``s-xp`` so the page can draw the live value over it; ``tags`` ({op index: class}) tags other text ops
    the same way (a Derring-Dice card's Force: ``s-force``)."""
    out = []
    prev = None
    for n, op in enumerate(ops):
        kind = op[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke, lw, r = op
            rx = f' rx="{num(r)}"' if r else ""
            out.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{rx}'
                       f'{_paint(fill, stroke, lw)}/>')
        elif kind == "poly":
            out.append(f'<path d="{_points(op[1])}"{_paint(op[2])}/>')
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, lw = op
            out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"{_paint(fill, stroke, lw)}/>')
        elif kind == "line":
            _, x1, y1, x2, y2, col, lw = op
            out.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{color(col)}" '
                       f'stroke-width="{num(lw)}"/>')
        elif kind == "text":
            _, x, base, s, face, size, col = op
            classes = [c for c in (FACE_CLASS.get(face, None),) if c]
            if (stats_top is not None and prev is not None and prev[0] == "icon" and prev[1] in STAT_ICONS
                    and prev[3] >= stats_top - 1):
                classes.append(STAT_ICONS[prev[1]])
            if tags and n in tags:
                classes.append(tags[n])
            cls = f' class="{" ".join(classes)}"' if classes else ""
            fill = "" if color(col) == INK else f' fill="{color(col)}"'
            out.append(f'<text x="{num(x)}" y="{num(base)}"{cls} font-size="{num(size)}"{fill}>'
                       f'{escape(s, quote=False)}</text>')
        elif kind == "icon":
            _, name, x, y, size, col = op
            if used is not None:
                used.add(name)
            out.append(f'<use href="#{icon_id(name)}" x="{num(x)}" y="{num(y)}" width="{num(size)}" '
                       f'height="{num(size)}" color="{color(col)}"/>')
        elif kind == "shape":   # a game-icons.net icon (``art: {icon: NAME}``), when printgen draws one
            _, name, x, y, size, col = op
            if shapes is not None:
                shapes.add(name)
            out.append(f'<use href="#{shape_id(name)}" x="{num(x)}" y="{num(y)}" width="{num(size)}" '
                       f'height="{num(size)}" color="{color(col)}"/>')
        elif kind == "image":
            _, path, x, y, w, h = op
            href = art_href(path) if art_href else None
            if href:
                out.append(f'<image href="{escape(href)}" x="{num(x)}" y="{num(y)}" width="{num(w)}" '
                           f'height="{num(h)}" preserveAspectRatio="xMidYMid slice"/>')
        elif problems is not None:
            problems.append(f"unknown drawing op {kind!r} left out")
        prev = op
    return "".join(out)


# ------------------------------------------------------------------ icons

def icon_symbol(name: str) -> str:
    """One printgen icon as a ``<symbol>`` in a unit box; its own colour is ``currentColor``."""
    from printgen.icons import icon
    parts = []
    for prim in icon(name, CURRENT):
        if prim[0] == "poly":
            parts.append(f'<path d="{_unit_points(prim[1])}" fill="{color(prim[2])}"/>')
        else:
            _, cx, cy, r, fill = prim
            parts.append(f'<circle cx="{_u(cx)}" cy="{_u(cy)}" r="{_u(r)}" fill="{color(fill)}"/>')
    return f'<symbol id="{icon_id(name)}" viewBox="0 0 1 1">{"".join(parts)}</symbol>'


def _u(v) -> str:
    s = f"{float(v):.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _unit_points(pts) -> str:
    return "M" + "L".join(f"{_u(x)} {_u(y)}" for x, y in pts) + "Z"


def game_icon(name: str) -> tuple[str, tuple]:
    """A game-icons.net icon's path and view box: printgen's reader when it has one, else the npm
    package's ``icons.json`` ($CAPECLASH_GAME_ICONS or node_modules/@iconify-json/game-icons)."""
    try:
        from printgen.gameicons import icon_path  # type: ignore[import-not-found]
        return icon_path(name)
    except ImportError:
        pass
    env = os.environ.get("CAPECLASH_GAME_ICONS")
    f = Path(env) if env else ROOT / "node_modules" / "@iconify-json" / "game-icons" / "icons.json"
    if not f.is_file():
        raise FaceError(f"icon {name!r}: the icon set {f} is not installed (npm ci)")
    data = json.loads(f.read_text(encoding="utf-8"))
    icons = data.get("icons", {})
    seen = 0
    while name not in icons and name in data.get("aliases", {}) and seen < 8:
        name, seen = data["aliases"][name]["parent"], seen + 1
    if name not in icons:
        raise FaceError(f"no icon {name!r} in {f}")
    m = re.search(r'\sd="([^"]+)"', icons[name]["body"])
    if m is None:
        raise FaceError(f"icon {name!r} in {f} has no path")
    return m.group(1), (0, 0, icons[name].get("width", data.get("width", 512)),
                        icons[name].get("height", data.get("height", 512)))


def shape_symbol(name: str) -> str:
    """A game-icons.net icon as a ``<symbol>``, filled even-odd as printgen fills it, in its own colour."""
    d, (x0, y0, w, h) = game_icon(name)
    s = max(w, h)
    return (f'<symbol id="{shape_id(name)}" viewBox="{num(x0)} {num(y0)} {num(s)} {num(s)}" '
            f'preserveAspectRatio="xMinYMin meet"><path d="{escape(d)}" fill="currentColor" '
            f'fill-rule="evenodd"/></symbol>')


# ------------------------------------------------------------------ text for the zoom and screen readers

MARK = re.compile(r"\*\*(.+?)\*\*|\[\[(.+?)\]\]|\{(\w+)\}")


def rich_html(text: str) -> str:
    """The engine's markup as HTML: bold, keywords in bold, power symbols as icons (text escaped).

    >>> rich_html("Pay {might}: <b>[[Flight]]</b>")
    'Pay <svg class="cc-sym" role="img" aria-label="might"><use href="#cci-sym-might"/></svg>: &lt;b&gt;<b>Flight</b>&lt;/b&gt;'
    """
    from printgen.layout import ICON_WORDS, SYMBOL_NAMES
    out, pos = [], 0
    for m in MARK.finditer(text):
        out.append(escape(text[pos:m.start()], quote=False))
        if m.group(1) is not None or m.group(2) is not None:
            out.append(f"<b>{escape(m.group(1) or m.group(2), quote=False)}</b>")
        else:
            sym = m.group(3)
            name = f"sym:{sym}" if sym in SYMBOL_NAMES else ICON_WORDS.get(sym, sym)
            label = sym.replace("_", " ")
            out.append(f'<svg class="cc-sym" role="img" aria-label="{escape(label)}"><use href="#{icon_id(name)}"/></svg>')
        pos = m.end()
    out.append(escape(text[pos:], quote=False))
    return "".join(out)


def plain(text: str) -> str:
    """The markup as plain words (for screen readers and titles)."""
    return MARK.sub(lambda m: m.group(1) or m.group(2) or m.group(3).replace("_", " "), text)


def keyword_notes(card, pool=None) -> list[list[str]]:
    """[name, reminder HTML] for each keyword the card has or names in its rules text."""
    from engine.cardlang import language as L
    from engine.cardlang.text import ability_lines, keyword_rules
    by_name = {k.replace("_", " ").lower(): k for k in L.KEYWORDS}
    found: list[str] = [k for k in sorted(card.keywords) if k in L.KEYWORDS]
    for line in ability_lines(card, pool):
        for m in re.finditer(r"\[\[(.+?)\]\]", line):
            k = by_name.get(m.group(1).lower())
            if k and k not in found:
                found.append(k)
    out = []
    for k in found:
        param = card.kw_param(k) if k in card.keywords else None
        try:
            text = keyword_rules(k, param)
        except Exception:  # noqa: BLE001 - a reminder is a help; a keyword without one is left out
            continue
        out.append([k.replace("_", " ").title(), rich_html(text)])
    return out


def describe(card, pool=None) -> str:
    """A face in words: name, cost/level, type, rules text and stats."""
    from engine.cardlang.text import ability_lines
    parts = [card.name.replace("\u2605", "*")]
    if card.cost is not None:
        parts.append(f"cost {card.cost}")
    if card.type == "main":
        parts.append(f"level {card.level or 1}")
    parts.append(card.type.replace("_", " ") + (f" ({', '.join(card.teams)})" if card.teams else ""))
    parts += [plain(line) for line in ability_lines(card, pool)]
    if card.is_character:
        parts.append(f"ATK {card.atk}, DEF {card.defense}, health {card.health}")
    parts = [p[0].upper() + p[1:] for p in (q.strip() for q in parts) if p]
    return " ".join(p if p.endswith((".", ":", "!", "?")) else p + "." for p in parts)


# ------------------------------------------------------------------ the build

def contexts(card_data: Path):
    """(pool of every card, {card id: printgen Context}): starter cards get the print job's context
    (its team colours, emblems and set numbers), so the screen shows what the printed set shows."""
    from printgen.data import card_files, load_cards
    from printgen.faces import Context
    pool, _, _ = load_cards(card_files(card_data))   # printgen's reader: libyaml, no scenario files (fast)
    art = card_data / "art"
    art_dir = art if art.is_dir() else None
    everyone = Context(pool, art_dir, None)
    by_card = {c.id: everyone for c in pool}
    try:
        from printgen.data import load_set
        job = load_set(card_data)
    except Exception as e:  # noqa: BLE001 - the faces are still drawn, with the whole pool's colours
        print(f"warning: faces: the starter set could not be read ({e}); card colours from all cards",
              file=sys.stderr)
    else:
        starter = Context(job.pool, art_dir, job.numbers)
        by_card.update({c.id: starter for c in job.cards if c.id in by_card})
    return pool, by_card


def _art_file(path: str) -> bytes:
    """The picture as a JPEG just big enough to cover the art box at 2 px per point (the ``<image>``
    crops it at its centre, as the print does)."""
    import io

    from PIL import Image
    with Image.open(path) as im:
        im = im.convert("RGB")
        iw, ih = im.size
        k = max(ART_PX[0] / iw, ART_PX[1] / ih)
        if k < 1:
            im = im.resize((max(1, round(iw * k)), max(1, round(ih * k))), Image.LANCZOS)
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=78, optimize=True, progressive=True)
        return buf.getvalue()


def face_data(card_data: Path, quiet: bool = True) -> tuple[dict, dict[str, bytes]]:
    """The face data (``faces.json``'s content) and the art files, {site path: bytes}."""
    from printgen.faces import STATS_TOP, card_back, card_face
    from printgen.specs import TRIM
    pool, ctxs = contexts(card_data)
    used: set = set()
    shapes: set = set()
    art: dict[str, bytes] = {}
    problems: list[str] = []

    def art_href(path: str) -> str | None:
        p = Path(path)
        name = f"faces/art/{p.stem}-{hashlib.sha256(p.read_bytes()).hexdigest()[:8]}.jpg"
        if name not in art:
            try:
                art[name] = _art_file(path)
            except Exception as e:  # noqa: BLE001 - no picture beats no site; say which
                problems.append(f"art {p}: {e}")
                return None
        return name

    cards = {}
    for c in pool:
        try:
            lay = card_face(c, ctxs[c.id])
        except Exception as e:  # noqa: BLE001 - name the card, whatever went wrong in its layout
            raise FaceError(f"card {c.id!r} ({c.name}): its face can't be laid out: {e}") from e
        probs: list[str] = []
        svg = svg_ops(lay.ops, art_href, used, shapes, STATS_TOP, probs)
        problems += [f"card {c.id}: {p}" for p in probs]
        entry = {"svg": svg, "name": c.name, "type": c.type, "text": describe(c, pool)}
        if c.is_character:
            entry["stats"] = [c.atk, c.defense, c.health]
            entry["keywords"] = sorted(c.keywords)
        notes = keyword_notes(c, pool)
        if notes:
            entry["notes"] = notes
        cards[c.id] = entry
    back = svg_ops(card_back().ops, None, used, shapes)
    dice = dice_faces(card_data, art_href, used, shapes, problems)
    sprite = [icon_symbol(n) for n in sorted(used | {"wound", "vitality", "xp", "atk", "def", "health"})]
    for n in sorted(shapes):
        try:
            sprite.append(shape_symbol(n))
        except FaceError as e:
            problems.append(str(e))
    for p in problems:
        print(f"warning: faces: {p}", file=sys.stderr)
    data = {"format": 1, "box": [round(v, 3) for v in TRIM], "ink": INK, "sprite": "".join(sprite), "back": back,
            "cards": cards}
    if dice is not None:
        data["dice"] = dice
    return data, art


def dice_describe(d) -> str:
    """A Derring-Dice face in words: name, type, Force, traits or users, and its rules note."""
    from engine.dice.cards import TYPE_NAMES, USERS
    from engine.dice.text import card_text
    parts = [d.name, TYPE_NAMES[d.type]]
    if d.is_character:
        parts.append(f"Force {d.force}")
        if d.traits:
            parts.append("Traits: " + ", ".join(t.title() for t in d.traits))
    elif d.force:
        parts.append(f"Force {d.force:+d} to the hero")
    if d.deck == "action" and d.users:
        parts.append("Used by " + ", ".join(USERS[u] for u in d.users))
    note = plain(card_text(d))
    if note:
        parts.append(note)
    return " ".join(p if p.endswith((".", ":", "!", "?")) else p + "." for p in (q.strip() for q in parts) if p)


def dice_faces(card_data: Path, art_href, used: set, shapes: set, problems: list) -> dict | None:
    """Every Derring-Dice card's printed face (printgen.dice_faces), keyed by card name as the dice view
    names them, and both deck backs; None when the card folder has no ``dice/``. A character's printed
    Force (the badge's number) is tagged ``s-force``; ``badge`` is the badge's centre."""
    from printgen.dice_data import dice_root, load_dice
    from printgen.dice_faces import SX0, SY0, dice_back, dice_face
    root = dice_root(Path(card_data))
    if root is None:
        return None
    dset = load_dice(root)
    cards = {}
    for c in dset.cards:
        d = c.dice
        try:
            lay = dice_face(c, dset.ctx)
        except Exception as e:  # noqa: BLE001 - name the card, whatever went wrong in its layout
            raise FaceError(f"Derring-Dice card {c.name!r}: its face can't be laid out: {e}") from e
        tags = {}
        if d.is_character:   # its first text is the Force in the badge
            tags[next(i for i, op in enumerate(lay.ops) if op[0] == "text")] = "s-force"
        probs: list[str] = []
        entry = {"svg": svg_ops(lay.ops, art_href, used, shapes, None, probs, tags), "name": c.name, "type": d.type,
                 "deck": d.deck, "text": dice_describe(d)}
        problems += [f"Derring-Dice card {c.name}: {p}" for p in probs]
        if d.is_character:
            entry["force"] = d.force
        cards[c.name] = entry
    backs = {deck: svg_ops(dice_back(deck).ops, None, used, shapes) for deck in ("recruit", "action")}
    return {"cards": cards, "backs": backs, "badge": [SX0 + 11, SY0 + 11]}


def site_files(card_data: str | Path, quiet: bool = True) -> dict[str, bytes]:
    """Everything the faces add to the site, {path: bytes}: ``faces.json``, the fonts, the art."""
    t0 = time.perf_counter()
    data, art = face_data(Path(card_data), quiet)
    # gzipped by the build (the page unpacks it with DecompressionStream): 2.3 MB of SVG text is 0.27 MB on
    # the wire from any host, with or without compression of its own
    raw_json = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    files = {"faces.json.gz": gzip.compress(raw_json, 9, mtime=0)}
    fonts = ROOT / "printgen" / "fonts"
    for f in FONT_FILES:
        files[f"fonts/{f}"] = (fonts / f).read_bytes()
    files.update(art)
    if not quiet:
        sent = sum(len(b) for b in files.values())
        dice = len(data.get("dice", {}).get("cards", {}))
        print(f"faces: {len(data['cards'])} Cape Clash and {dice} Derring-Dice cards, {sent / 1e6:.2f} MB sent "
              f"(faces.json {len(raw_json) / 1e6:.2f} MB unpacked) in {time.perf_counter() - t0:.1f} s")
    return files


def face_svg(data: dict, card_id: str | None) -> str:
    """A whole standalone SVG document for one face (``None``: the back), for checks and previews."""
    x, y, w, h = data["box"]
    body = data["back"] if card_id is None else data["cards"][card_id]["svg"]
    style = ("text{font-family:'CC Vera',Vera,'Bitstream Vera Sans','DejaVu Sans',sans-serif;white-space:pre;"
             "font-kerning:none}.b{font-weight:700}.i{font-style:italic}.bi{font-weight:700;font-style:italic}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" fill="{INK}">'
            f'<style>{style}</style><defs>{data["sprite"]}</defs>{body}</svg>')
