"""Card faces on screen (web/faces.py, web/static/faces.mjs): the SVG is printgen's layout.

The SVG of every card must hold exactly the text runs printgen lays out for the printed card, at
the same positions and sizes, in the same faces and colours; icons and shapes likewise. One
Chromium test checks that a page renders a face with its text visible and the zoom readable.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from web import faces as F

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
FACE_OF_CLASS = {None: "regular", "b": "bold", "i": "italic", "bi": "bolditalic"}


@pytest.fixture(scope="module")
def built():
    data, art = F.face_data(ROOT / "card_data")
    return data, art


@pytest.fixture(scope="module")
def cards():
    return F.contexts(ROOT / "card_data")


def parse(body: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def svg_texts(body: str) -> list[tuple]:
    out = []
    for t in parse(body).iter(f"{SVG}text"):
        cls = [c for c in (t.get("class") or "").split() if not c.startswith("s-")]
        out.append((float(t.get("x")), float(t.get("y")), t.text or "", FACE_OF_CLASS[cls[0] if cls else None],
                    float(t.get("font-size")), t.get("fill") or F.INK))
    return out


def layout_texts(ops) -> list[tuple]:
    return [(round(x, 2), round(y, 2), s, face, round(size, 2), F.color(col))
            for _, x, y, s, face, size, col in (op for op in ops if op[0] == "text")]


def test_every_face_has_printgens_text_at_the_same_places_and_sizes(built, cards):
    from printgen.faces import card_face
    data, _ = built
    pool, ctxs = cards
    assert len(data["cards"]) == len(list(pool)) > 100
    mains = [c for c in pool if c.type == "main"]
    assert len({c.name for c in mains}) < len(mains), "every main character level has its own face"
    for c in pool:
        lay = card_face(c, ctxs[c.id])
        body = data["cards"][c.id]["svg"]
        want = layout_texts(lay.ops)
        got = [(round(x, 2), round(y, 2), s, f, round(z, 2), col) for x, y, s, f, z, col in svg_texts(body)]
        assert len(got) == len(want), c.id
        for g, w in zip(got, want, strict=True):
            assert g[2:4] == w[2:4] and g[5] == w[5], (c.id, g, w)
            assert abs(g[0] - w[0]) <= 0.005 and abs(g[1] - w[1]) <= 0.005 and abs(g[4] - w[4]) <= 0.005, (c.id, g, w)
        icons = [(F.icon_id(op[1]), op[2], op[3], op[4]) for op in lay.ops if op[0] == "icon"]
        uses = [(u.get("href")[1:], float(u.get("x")), float(u.get("y")), float(u.get("width")))
                for u in parse(body).iter(f"{SVG}use") if u.get("href").startswith("#cci-")]
        assert [i[0] for i in icons] == [u[0] for u in uses], c.id
        assert all(abs(a - b) <= 0.005 for i, u in zip(icons, uses, strict=True) for a, b in zip(i[1:], u[1:], strict=True)), c.id


def test_rules_text_lines_of_a_card_are_in_its_svg(built, cards):
    """The rules text printgen lays out for a card with long text shows line for line on screen."""
    from printgen.faces import card_face
    data, _ = built
    pool, ctxs = cards
    card = max((c for c in pool if c.type == "supporting"), key=lambda c: len(data["cards"][c.id]["svg"]))
    runs = [op[3] for op in card_face(card, ctxs[card.id]).ops if op[0] == "text"]
    shown = [t[2] for t in svg_texts(data["cards"][card.id]["svg"])]
    assert len(runs) > 8 and shown == runs


def test_stats_are_tagged_for_the_live_overlay(built, cards):
    data, _ = built
    pool, _ = cards
    for c in pool:
        if not c.is_character:
            assert "s-atk" not in data["cards"][c.id]["svg"]
            continue
        root = parse(data["cards"][c.id]["svg"])
        tagged = {cls: t.text for t in root.iter(f"{SVG}text") for cls in (t.get("class") or "").split()
                  if cls.startswith("s-")}
        assert tagged["s-atk"] == str(c.atk) and tagged["s-def"] == str(c.defense), c.id
        assert tagged["s-hp"] == str(c.health), c.id
        assert data["cards"][c.id]["stats"] == [c.atk, c.defense, c.health]
        if c.level_up and not c.level_up.transform:
            assert tagged["s-xp"] == str(c.level_up.xp), c.id


def test_sprite_defines_every_icon_a_face_uses(built):
    data, _ = built
    defined = {s.get("id") for s in parse(data["sprite"]).iter(f"{SVG}symbol")}
    refs = set()
    for entry in [*data["cards"].values(), {"svg": data["back"]}]:
        refs |= {u.get("href")[1:] for u in parse(entry["svg"]).iter(f"{SVG}use")}
    assert refs and refs <= defined, refs - defined


def test_keyword_reminders_come_from_the_engines_rules_text(built, cards):
    from engine.cardlang.text import keyword_rules
    data, _ = built
    pool, _ = cards
    flier = next(c for c in pool if "flight" in c.keywords)
    notes = dict(data["cards"][flier.id]["notes"])
    assert notes["Flight"] == F.rich_html(keyword_rules("flight"))
    assert "Flight" in data["cards"][flier.id]["text"]


def test_text_is_escaped_and_odd_ops_are_handled(tmp_path, monkeypatch):
    ops = [("text", 1, 2, "<script>&", "regular", 8.0, (0, 0, 0)), ("image", str(tmp_path / "x.png"), 0, 0, 10, 5),
           ("shape", "fire", 1, 1, 20, (1, 1, 1)), ("sparkle", 1)]
    problems: list = []
    shapes: set = set()
    body = F.svg_ops(ops, lambda p: "faces/art/x.jpg", set(), shapes, None, problems)
    root = parse(body)   # well-formed XML: the text is escaped
    assert [t.text for t in root.iter(f"{SVG}text")] == ["<script>&"]
    assert root.find(f"{SVG}image").get("href") == "faces/art/x.jpg"
    assert root.find(f"{SVG}use").get("href") == "#ccg-fire" and shapes == {"fire"}
    assert problems == ["unknown drawing op 'sparkle' left out"]
    icons = tmp_path / "icons.json"
    icons.write_text(json.dumps({"width": 512, "height": 512,
                                 "icons": {"fire": {"body": '<path fill="currentColor" d="M0 0h512v512H0z"/>'}}}))
    monkeypatch.setenv("CAPECLASH_GAME_ICONS", str(icons))
    monkeypatch.setitem(__import__("sys").modules, "printgen.gameicons", None)  # the npm file, not printgen's
    sym = ET.fromstring(F.shape_symbol("fire").replace("<symbol", '<symbol xmlns="http://www.w3.org/2000/svg"', 1))
    assert sym.get("id") == "ccg-fire" and sym.find(f"{SVG}path").get("d") == "M0 0h512v512H0z"
    with pytest.raises(F.FaceError, match="no icon 'ice'"):
        F.shape_symbol("ice")


def test_art_file_becomes_a_small_picture_on_the_face(tmp_path):
    import shutil

    from PIL import Image
    data_dir = tmp_path / "card_data"
    shutil.copytree(ROOT / "card_data" / "starter", data_dir / "starter")
    (data_dir / "art").mkdir()
    Image.new("RGB", (900, 450), (200, 40, 40)).save(data_dir / "art" / "brannoc-kindler-1.png")
    data, art = F.face_data(data_dir)
    [(name, jpg)] = art.items()
    img = parse(data["cards"]["brannoc-kindler-1"]["svg"]).find(f"{SVG}image")
    assert img is not None and img.get("href") == name and name.startswith("faces/art/brannoc-kindler-1-")
    from io import BytesIO
    with Image.open(BytesIO(jpg)) as im:
        assert im.size == (336, 168) and len(jpg) < 40_000
    assert parse(data["cards"]["brannoc-kindler-2"]["svg"]).find(f"{SVG}image") is None


# ------------------------------------------------------------------ in Chromium

SHOTS = ROOT / "dist" / "test-artifacts" / "faces"
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>faces</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;padding:12px;background:#0e1628;color:#fff;font:14px system-ui}
.row{display:flex;gap:10px;align-items:flex-start;margin-bottom:12px;flex-wrap:wrap}
button{all:unset;display:inline-block;cursor:pointer}</style></head>
<body><div id="board" class="row"></div><div id="hand" class="row"></div><div id="zoom" class="row"></div>
<script type="module">
import * as F from "./faces.mjs";
const P = __PLAN__;
await F.initFaces();
await document.fonts.ready;
for (const [where, id, live, opts] of P) {
  const b = document.createElement("button");
  b.tabIndex = 0;
  b.dataset.cid = id;
  b.addEventListener("click", () => { window.clicks = (window.clicks || 0) + 1; });
  b.append(where === "back" ? F.cardBack(opts) : F.cardFace(id, live, opts));
  F.attachZoom(b, id, live);
  document.getElementById(where === "back" ? "board" : where).append(b);
}
document.body.dataset.ready = "1";
</script></body></html>"""


@pytest.fixture(scope="module")
def face_site(built, tmp_path_factory):
    import shutil
    data, _ = built
    out = tmp_path_factory.mktemp("faces")
    for name, blob in F.site_files(ROOT / "card_data").items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(blob)
    for f in ("faces.mjs", "faces.css"):
        shutil.copy(ROOT / "web" / "static" / f, out / f)
    return out


def test_a_page_shows_faces_with_live_state_and_a_readable_zoom(face_site, built, cards):
    from playwright import sync_api

    from printgen import fonts
    from printgen.faces import card_face
    from web import browser
    from web.serve import serve_in_thread
    data, _ = built
    pool, ctxs = cards
    flier = next(c for c in pool if c.type == "supporting" and "flight" in c.keywords and c.id in ctxs
                 and ctxs[c.id].numbers)
    main = next(c for c in pool if c.type == "main" and c.level_up and not c.level_up.transform)
    twist = next(c for c in pool if c.type == "plot_twist" and c.teams)
    eq = next(c for c in pool if c.type == "equipment")
    hurt = {"iid": 7, "cid": flier.id, "name": flier.name, "atk": flier.atk + 2, "def": flier.defense - 1,
            "printed_atk": flier.atk, "printed_def": flier.defense, "health": flier.health, "wounds": 1, "plus": 2,
            "minus": 0, "vitality": 0, "stunned": False, "exhausted": False, "frozen": True,
            "keywords": sorted(flier.keywords | {"ranged"}), "equipment": {"iid": 9, "cid": eq.id, "name": eq.name},
            "gained": [{"keyword": "ranged", "until": "this turn", "from": "Sharp Eye"}],
            "abilities": [{"text": "When this character stuns an enemy character, you draw a card.",
                           "until": "until the end of Ana's next turn", "from": "Claim the Spoils"}]}
    tired = {**hurt, "iid": 8, "atk": flier.atk, "def": flier.defense, "wounds": 0, "plus": 0, "frozen": False,
             "exhausted": True, "equipment": None, "keywords": sorted(flier.keywords), "gained": [], "abilities": []}
    down = {**tired, "iid": 10, "exhausted": False, "stunned": True}
    lead = {"iid": 1, "cid": main.id, "name": main.name, "atk": main.atk, "def": main.defense,
            "printed_atk": main.atk, "printed_def": main.defense, "health": main.health, "wounds": 0, "main": True,
            "xp": 1, "xp_needed": main.level_up.xp, "stunned": False, "exhausted": False, "frozen": False}
    plan = [["board", main.id, lead, {"size": "board", "controller": "Ana"}], ["board", flier.id, hurt, {"size": "board"}],
            ["board", flier.id, tired, {"size": "board"}], ["board", flier.id, down, {"size": "board"}],
            ["back", None, None, {"size": "board"}],
            ["hand", twist.id, None, {"size": "hand"}], ["hand", eq.id, None, {"size": "hand"}],
            ["hand", flier.id, None, {"size": "hand"}],
            ["hand", main.id, None, {"size": "pile"}], ["hand", "no-such-card", None, {"size": "hand"}]]
    (face_site / "index.html").write_text(PAGE.replace("__PLAN__", json.dumps(plan)))
    srv, url = serve_in_thread(face_site)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_api.sync_playwright() as p:
            b = browser.launch(p)
            ctx = b.new_context(viewport={"width": 1280, "height": 800})
            blocked = browser.guard(ctx)
            page = ctx.new_page()
            errors: list = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']", timeout=20000)
            loaded = page.evaluate("[...document.fonts].filter(f => f.family.includes('CC Vera') && f.status === 'loaded')"
                                   ".map(f => f.weight + ' ' + f.style).sort()")
            assert loaded == ["400 italic", "400 normal", "700 italic", "700 normal"], loaded

            # the rules text of the flier is on screen, run for run, and as wide as printgen measured it
            runs = [op for op in card_face(flier, ctxs[flier.id]).ops if op[0] == "text"]
            face = page.locator(f"#hand .cc-face[data-cid='{flier.id}']")
            assert face.count() == 1
            texts = face.locator("svg text")
            assert texts.all_text_contents() == [r[3] for r in runs]
            longest = max(range(len(runs)), key=lambda i: fonts.width(runs[i][3], runs[i][4], runs[i][5]))
            el = texts.nth(longest)
            assert el.is_visible()
            box = el.bounding_box()
            card_w = face.locator(".cc-card").bounding_box()["width"]
            px_per_pt = card_w / data["box"][2]
            want = fonts.width(runs[longest][3], runs[longest][4], runs[longest][5]) * px_per_pt
            assert abs(box["width"] - want) <= max(1.5, want * 0.02), (runs[longest][3], box["width"], want)
            first = page.locator("#board button").nth(1)
            card_w = first.locator(".cc-card").bounding_box()["width"]
            px_per_pt = card_w / data["box"][2]
            board_px = min(op[5] for op in runs) * px_per_pt

            # live state: ATK up, DEF down, wounds, counters, frozen, gained keyword, equipment
            atk = first.locator("text.s-atk")
            assert atk.text_content() == str(flier.atk + 2) and "cc-up" in atk.get_attribute("class")
            assert "cc-down" in first.locator("text.s-def").get_attribute("class")
            marks = first.locator(".cc-marks").inner_text()
            assert f"1/{flier.health}" in marks and "+2" in marks and "+Ranged" in marks
            assert "When this character stuns" in first.locator(".cc-granted").get_attribute("title")
            assert "cc-frozen" in first.locator(".cc-face").get_attribute("class")
            assert "Frozen" in first.locator(".cc-face").get_attribute("aria-label")
            assert eq.name in first.locator(".cc-equip").inner_text()
            assert "Ana" in page.locator("#board button").nth(0).locator(".cc-controller").inner_text()
            assert "XP" in (page.locator("#board button").nth(0).locator(".cc-xp").get_attribute("title") or "")
            turned = page.locator("#board button").nth(2).locator(".cc-face").bounding_box()
            assert turned["width"] > turned["height"]           # exhausted: turned a quarter
            stunned = page.locator("#board button").nth(3)
            assert stunned.locator(".cc-peek").inner_text() == flier.name
            assert stunned.locator("text.s-atk").count() == 0   # face down: the back is shown
            assert page.locator("#hand .cc-missing").inner_text() == "no-such-card"
            page.screenshot(path=str(SHOTS / "board-1280.png"))

            # hover: the zoom at once, text at least 12 px, the keyword reminder beside it
            first.hover()
            pop = page.locator("#cc-zoom-pop")
            pop.wait_for(state="visible", timeout=2000)
            zoom_w = pop.locator(".cc-card").bounding_box()["width"]
            zoom_px = min(op[5] for op in runs) * zoom_w / data["box"][2]
            assert zoom_px >= 12, zoom_px
            assert "Flight" in pop.locator(".cc-zoom-panel").inner_text()
            assert "Frozen" in pop.locator(".cc-zoom-panel").inner_text()
            # what it gained for a while (issue 18): each source with its duration, an ability by its text
            panel = pop.locator(".cc-zoom-panel").inner_text()
            assert "Gained this turn from Sharp Eye: Ranged" in panel and "Has Ranged now" not in panel
            assert ("Gained until the end of Ana's next turn from Claim the Spoils: \"When this character stuns an "
                    "enemy character, you draw a card.\"") in panel
            zb = pop.bounding_box()
            assert zb["x"] >= 0 and zb["y"] >= 0 and zb["x"] + zb["width"] <= 1280 and zb["y"] + zb["height"] <= 800
            page.screenshot(path=str(SHOTS / "zoom-1280.png"))
            # the equipment chip zooms the equipment; back on the card, the card again
            first.locator(".cc-equip").hover()
            page.wait_for_function("(n) => document.querySelector('#cc-zoom-pop .cc-face')?.dataset.cid === n", arg=eq.id)
            cb = first.bounding_box()
            page.mouse.move(cb["x"] + cb["width"] / 2, cb["y"] + cb["height"] - 6)
            page.wait_for_function("(n) => document.querySelector('#cc-zoom-pop .cc-face')?.dataset.cid === n", arg=flier.id)
            page.mouse.move(1270, 790)
            pop.wait_for(state="hidden", timeout=2000)
            # keyboard focus shows it too
            page.locator("#board button").last.focus()
            page.keyboard.press("Tab")
            pop.wait_for(state="visible", timeout=2000)
            assert page.evaluate("document.activeElement.dataset.cid") == twist.id
            assert twist.name.replace("\u2605", "") in pop.inner_text() or pop.locator("svg text").count() > 5
            page.keyboard.press("Escape")
            pop.wait_for(state="hidden", timeout=2000)

            # on a phone: a tap is a click and leaves no zoom; a long-press opens the zoom as a dialog
            # (and is no click); a tap on the backdrop closes it
            phone = b.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            blocked += browser.guard(phone)
            tp = phone.new_page()
            tp.on("pageerror", lambda e: errors.append(str(e)))
            tp.goto(url)
            tp.wait_for_selector("body[data-ready='1']", timeout=20000)
            card = tp.locator("#board button").nth(1)
            card.tap()
            tp.wait_for_timeout(300)
            assert tp.evaluate("window.clicks || 0") == 1
            assert not tp.locator("#cc-zoom-pop").is_visible()
            r = card.bounding_box()
            cdp = phone.new_cdp_session(tp)
            at = [{"x": r["x"] + 30, "y": r["y"] + 40}]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": at})
            tp.wait_for_timeout(700)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            tpop = tp.locator("#cc-zoom-pop")
            tpop.wait_for(state="visible", timeout=2000)
            assert "cc-modal" in tpop.get_attribute("class")
            tp.wait_for_timeout(300)
            assert tp.evaluate("window.clicks || 0") == 1
            zb = tpop.bounding_box()
            assert zb["x"] >= 0 and zb["x"] + zb["width"] <= 390, zb
            assert tp.evaluate("document.documentElement.scrollWidth") <= 390
            tp.screenshot(path=str(SHOTS / "zoom-390.png"))
            tp.locator("#cc-zoom-backdrop").tap(position={"x": 5, "y": 5}, force=True)
            tpop.wait_for(state="hidden", timeout=2000)
            phone.close()
            assert errors == [] and blocked == []
            print(f"\nboard face {card_w:.0f}px wide: smallest text {board_px:.1f}px; zoom {zoom_w:.0f}px: {zoom_px:.1f}px")
            b.close()
    finally:
        srv.shutdown()
        srv.server_close()


def test_a_face_that_cant_be_laid_out_names_its_card(monkeypatch):
    import printgen.faces

    def broken(card, ctx):
        raise KeyError("emblem:nope")
    monkeypatch.setattr(printgen.faces, "card_face", broken)
    with pytest.raises(F.FaceError, match=r"card '[a-z0-9-]+' \(.+\): its face can't be laid out: 'emblem:nope'"):
        F.face_data(ROOT / "card_data")


# ------------------------------------------------------------------ Derring-Dice

@pytest.fixture(scope="module")
def dice_set():
    from printgen.dice_data import dice_root, load_dice
    return load_dice(dice_root(ROOT / "card_data"))


def test_every_dice_face_has_printgens_text_at_the_same_places_and_sizes(built, dice_set):
    """Every Derring-Dice card (both decks) is on screen as printgen.dice_faces lays it out for print."""
    from printgen.dice_faces import dice_back, dice_face
    data, _ = built
    dice = data["dice"]
    assert len(dice["cards"]) == len(dice_set.cards) == 247
    for c in dice_set.cards:
        lay = dice_face(c, dice_set.ctx)
        entry = dice["cards"][c.name]
        want = layout_texts(lay.ops)
        got = [(round(x, 2), round(y, 2), s, f, round(z, 2), col) for x, y, s, f, z, col in svg_texts(entry["svg"])]
        assert [g[2:4] for g in got] == [w[2:4] for w in want], c.name
        for g, w in zip(got, want, strict=True):
            assert g[5] == w[5], (c.name, g, w)
            assert abs(g[0] - w[0]) <= 0.005 and abs(g[1] - w[1]) <= 0.005 and abs(g[4] - w[4]) <= 0.005, (c.name, g, w)
        tagged = [t.text for t in parse(entry["svg"]).iter(f"{SVG}text") if "s-force" in (t.get("class") or "")]
        if c.dice.is_character:
            assert tagged == [str(c.dice.force)] and entry["force"] == c.dice.force, c.name
        else:
            assert tagged == [] and "force" not in entry, c.name
        assert entry["deck"] == c.deck and entry["text"].startswith(c.name)
    for deck in ("recruit", "action"):
        want = [t[2] for t in layout_texts(dice_back(deck).ops)]
        assert [t[2] for t in svg_texts(dice["backs"][deck])] == want and want


def test_dice_sprite_has_every_icon_and_the_site_ships_faces_gzipped(built):
    import gzip
    data, _ = built
    defined = {s.get("id") for s in parse(data["sprite"]).iter(f"{SVG}symbol")}
    refs = set()
    for body in [*(e["svg"] for e in data["dice"]["cards"].values()), *data["dice"]["backs"].values()]:
        refs |= {u.get("href")[1:] for u in parse(body).iter(f"{SVG}use")}
    assert refs and refs <= defined, refs - defined
    files = F.site_files(ROOT / "card_data")
    assert "faces.json" not in files
    unpacked = json.loads(gzip.decompress(files["faces.json.gz"]))
    assert unpacked == json.loads(json.dumps(data))
    # what faces add to a first visit: the packed data and the four fonts, well under 2 MB
    assert sum(len(b) for b in files.values()) < 1_000_000


DICE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>dice faces</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;padding:12px;background:#0e1628;color:#fff;font:14px system-ui}
.row{display:flex;gap:10px;align-items:flex-start;flex-wrap:wrap}
button{all:unset;display:inline-flex;flex-direction:column;width:min-content;cursor:pointer}</style></head>
<body><div id="board" class="row"></div>
<script type="module">
import * as F from "./faces.mjs";
const P = __PLAN__;
await F.initFaces();
await document.fonts.ready;
for (const [name, live, size] of P) {
  const b = document.createElement("button");
  b.tabIndex = 0;
  b.dataset.cid = name;
  b.append(F.cardFace(F.diceId(name), live, { size }));
  const under = F.diceAttached(live);
  if (under) b.append(under);
  F.attachZoom(b, F.diceId(name), live);
  document.getElementById("board").append(b);
}
document.body.append(F.diceBack("action", { size: "board" }));
document.body.dataset.ready = "1";
</script></body></html>"""


def test_a_page_shows_dice_faces_with_force_tokens_and_aids(face_site, built, dice_set):
    """A Derring-Dice character on screen: its printed face, the Force now in the badge (coloured when it
    differs from the print), damage and delay marks, its aid and upgrade named in full under it, and the
    zoom with the rules note at 12 px or more."""
    from playwright import sync_api

    from printgen.dice_faces import dice_face
    from web import browser
    from web.serve import serve_in_thread
    data, _ = built
    hero = next(c for c in dice_set.cards if c.dice.is_character and c.dice.power)
    aid = next(c for c in dice_set.cards if c.dice.is_aid and c.dice.force)
    long_name = max((c for c in dice_set.cards if c.deck == "recruit"), key=lambda c: len(c.name))
    live = {"id": 12, "name": hero.name, "type": hero.type, "force": hero.dice.force + 3, "printed_force": hero.dice.force,
            "damage": 2, "delay": 1, "delayed": True, "villain": True, "new": True, "attacks_used": 0, "attacks_allowed": 1,
            "controlled_from": None, "intercepted": False, "secluded": False, "ability_names": [], "immune": [],
            "attached": [{"id": 13, "name": aid.name, "type_name": "Aid", "force": aid.dice.force, "text": "an aid",
                          "upgrades": [{"id": 14, "name": long_name.name, "type_name": "Upgrade", "text": "x"}]}]}
    plan = [[hero.name, live, "board"], [aid.name, None, "hand"]]
    (face_site / "dice.html").write_text(DICE_PAGE.replace("__PLAN__", json.dumps(plan)))
    srv, url = serve_in_thread(face_site)
    try:
        with sync_api.sync_playwright() as p:
            b = browser.launch(p)
            ctx = b.new_context(viewport={"width": 1280, "height": 800})
            blocked = browser.guard(ctx)
            page = ctx.new_page()
            errors: list = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "dice.html")
            page.wait_for_selector("body[data-ready='1']", timeout=20000)
            first = page.locator("#board button").nth(0)
            runs = [op[3] for op in dice_face(hero, dice_set.ctx).ops if op[0] == "text"]
            texts = first.locator(".cc-face svg text").all_text_contents()
            assert texts[1:] == runs[1:] and texts[0] == str(hero.dice.force + 3)
            force = first.locator("text.s-force")
            assert "cc-up" in force.get_attribute("class") and force.get_attribute("text-anchor") == "middle"
            marks = first.locator(".cc-marks").inner_text()
            assert "2" in marks and "1 delay" in marks and "Villain" in marks
            assert "cc-delayed" in first.locator(".cc-face").get_attribute("class")
            labels = first.locator(".cc-att")
            assert labels.all_inner_texts() == [aid.name, f"+ {long_name.name}"]
            for i in range(labels.count()):   # names wrap under the card: never cut
                assert labels.nth(i).evaluate("e => e.scrollWidth <= e.clientWidth + 1")
            label = first.locator(".cc-face").get_attribute("aria-label")
            assert label.startswith(hero.name) and f"Force {hero.dice.force + 3} (printed {hero.dice.force})" in label
            hand = page.locator("#board button").nth(1)
            assert hand.locator("svg text").all_text_contents() == [op[3] for op in dice_face(aid, dice_set.ctx).ops
                                                                     if op[0] == "text"]
            assert page.locator("body > .cc-back svg text").count() >= 2
            first.hover()
            pop = page.locator("#cc-zoom-pop")
            pop.wait_for(state="visible", timeout=2000)
            zoom_w = pop.locator(".cc-card").bounding_box()["width"]
            smallest = min(op[5] for op in dice_face(hero, dice_set.ctx).ops if op[0] == "text")
            assert smallest * zoom_w / data["box"][2] >= 12
            assert aid.name in pop.locator(".cc-zoom-panel").inner_text()
            labels.nth(0).hover()
            page.wait_for_function("(n) => document.querySelector('#cc-zoom-pop .cc-face')?.dataset.cid === n",
                                   arg=f"dice:{aid.name}")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "dice-1280.png"))
            assert errors == [] and blocked == []
            b.close()
    finally:
        srv.shutdown()
        srv.server_close()
