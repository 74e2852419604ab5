"""What the print build's change check and image cache cover, the layouts it refuses, and broken art:
engine text changes re-render the cards that show them; gutters that push cards or marks off the
paper are refused; bad art is reported with its card and leaves the previous output intact."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_print import _data_dir  # the testset copied into a card folder of its own

ROOT = Path(__file__).resolve().parent.parent


def test_engine_text_change_rerenders_every_png_that_shows_it(tmp_path):
    """A wording changed in engine/cardlang (phrases.py here; not in printgen) must not leave the "nothing changed"
    check or the image cache serving the old words: every card image whose text changed is new."""
    code = tmp_path / "code"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for pkg in ("engine", "apps", "printgen"):
        shutil.copytree(ROOT / pkg, code / pkg, ignore=ignore)
    data = _data_dir(tmp_path)
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(code)}
    cmd = [sys.executable, "-m", "apps.cli", "print", "--data", str(data), "--out", str(out), "--deck",
           str(data / "cards" / "deck-dawnwatch.yaml"), "--profile", "tgc", "--no-extras", "--quiet"]

    def run():
        r = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
        return r.stdout, {p.name: p.read_bytes() for p in sorted((out / "tgc").rglob("*.png"))}

    def texts():   # each card's rules text as the copied engine words it
        prog = ("import json, sys; from printgen.data import load_deck_job; from engine.cardlang.text import ability_lines; "
                f"j = load_deck_job({str(data / 'cards' / 'deck-dawnwatch.yaml')!r}, {str(data)!r}); "
                "print(json.dumps({c.id: ability_lines(c) for c in j.cards}))")
        r = subprocess.run([sys.executable, "-c", prog], cwd=tmp_path, env=env, capture_output=True, text=True,
                           check=True)
        return json.loads(r.stdout)

    _, before = run()
    text_before = texts()
    assert "nothing changed" in run()[0]
    src = code / "engine" / "cardlang" / "phrases.py"  # (the words filters read as, used by text.py)
    old = 'words.append("enemy")'
    assert old in src.read_text()
    src.write_text(src.read_text().replace(old, 'words.append("hostile")'))
    text_after = texts()
    shown = {cid for cid in text_after if text_after[cid] != text_before[cid]}
    assert shown and len(shown) < len(text_after)          # some cards show the wording, some don't
    msg, after = run()
    assert "nothing changed" not in msg
    changed = {name for name in after if after[name] != before.get(name)}
    ids = {name: re.sub(r"^\d+-", "", name)[:-4] for name in after if name != "back.png"}
    assert set(ids.values()) == set(text_after)
    assert {ids[n] for n in changed} == shown


@pytest.mark.parametrize(("paper", "gutter", "limit"), [("a4", 10, "at most 1.3 mm on A4"),
                                                         ("a4", 4, "at most 1.3 mm on A4"),
                                                         ("letter", 2, "Letter has no room for a gutter")])
def test_a_gutter_that_leaves_the_paper_is_refused(tmp_path, capsys, paper, gutter, limit):
    """Cards, crop marks, the ruler and the note must stay 5 mm inside the paper: a gutter that pushes any
    of them out is refused with the largest gutter that fits, and nothing is written."""
    import argparse

    from printgen import cli
    from printgen.build import Options, build
    from printgen.sheets import LayoutError, layout_problems
    data = _data_dir(tmp_path)
    out = tmp_path / "out"
    with pytest.raises(LayoutError) as e:
        build(Options(data=data, out=out, deck=[data / "cards" / "deck-dawnwatch.yaml"], papers=(paper,),
                      extras=False, gutter=gutter))
    assert limit in str(e.value) and "5 mm" in str(e.value)
    assert not out.exists()
    ap = argparse.ArgumentParser()
    cli.add_arguments(ap)
    args = ap.parse_args(["--data", str(data), "--out", str(out), "--deck", "deck-dawnwatch", "--paper", paper,
                          "--gutter", str(gutter), "--quiet", "--no-extras"])
    assert cli.run(args) == 2 and limit in capsys.readouterr().err
    assert layout_problems(paper, 0) == []          # without a gutter both papers fit
    assert layout_problems("a4", 1.3) == [] and layout_problems("a4", 1.4)


def test_broken_art_is_reported_with_its_card_and_the_previous_output_stays(tmp_path):
    """A truncated PNG and a file that is no picture are both reported (card and file) before anything
    is written; the previous build's files and manifest are left as they were. Art named after no card
    and portrait art cropped to the landscape box are warnings."""
    from PIL import Image

    from printgen.build import Options, build
    from printgen.data import load_deck_job
    from printgen.preflight import PreflightError
    data = _data_dir(tmp_path)
    deck = data / "cards" / "deck-dawnwatch.yaml"
    job = load_deck_job(deck, data)
    a, b, c = job.cards[0], job.cards[1], job.cards[2]
    art = data / "art"
    art.mkdir()
    out = tmp_path / "out"
    opts = dict(data=data, out=out, deck=[deck], profiles=("home", "tgc"), papers=("a4",), extras=False)
    Image.new("RGB", (800, 1200), (20, 120, 200)).save(art / f"{c.id}.png")     # portrait
    Image.new("RGB", (800, 450), (20, 120, 200)).save(art / "no-such-card.png")
    first = build(Options(**opts))
    warned = [(cid, m) for _n, cid, m in first.warnings]
    assert any(cid == c.id and "portrait" in m and "centre-cropped" in m for cid, m in warned)
    assert any("no-such-card.png" in m and "named after no card" in m for _cid, m in warned)
    before = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.parts}
    assert out / "manifest.json" in before

    good = tmp_path / "good.png"
    Image.new("RGB", (800, 450), (200, 60, 20)).save(good)
    (art / f"{a.id}.png").write_bytes(good.read_bytes()[:-300])     # truncated
    (art / f"{b.id}.png").write_text("not a picture")
    with pytest.raises(PreflightError) as e:
        build(Options(**opts))
    msg = str(e.value)
    assert f"{a.name} ({a.id}): art file {art / (a.id + '.png')}" in msg and "can't be read in full" in msg
    assert f"{b.name} ({b.id}): art file {art / (b.id + '.png')} is not a picture" in msg
    after = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.parts}
    assert after == before
    assert not list(tmp_path.glob(".out*"))        # no half-written staging folder left behind


def test_every_starter_card_has_its_own_icon_drawn_over_its_team_colours(tmp_path):
    from PIL import Image

    from engine.core.errors import DataError
    from printgen.data import load_set
    from printgen.faces import ART_BOX, Context, card_face
    from printgen.gameicons import icon_path
    from printgen.preflight import check_layout
    from printgen.render import render_png
    job = load_set(ROOT / "card_data")
    icons = [c.art_icon for c in job.cards]
    assert all(icons) and len(set(icons)) == len(icons)          # one per card, no two alike
    for name in icons:
        d, box = icon_path(name)
        assert d[0] in "Mm" and box == (0, 0, 512, 512)
    ctx = Context(job.pool, None, job.numbers)
    a, b = [c for c in job.cards if c.type == "supporting" and c.teams == job.cards[0].teams][:2]   # one team
    crops = []
    for card in (a, b):
        lay = card_face(card, ctx)
        assert check_layout(lay) == [] and [op[1] for op in lay.ops if op[0] == "shape"] == [card.art_icon]
        k = 300 / 72
        x, y, w, h = ART_BOX
        crops.append(render_png(lay.ops).crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k))))
    assert crops[0].tobytes() != crops[1].tobytes()                # two cards of one team, two pictures
    assert crops[0].convert("L").getextrema()[1] >= 250          # the white icon is there
    # a real art file still wins over the icon
    art = tmp_path / "art"
    art.mkdir()
    Image.new("RGB", (800, 450), (10, 200, 30)).save(art / f"{a.id}.png")
    lay = card_face(a, Context(job.pool, art, job.numbers))
    assert any(op[0] == "image" for op in lay.ops) and not any(op[0] == "shape" for op in lay.ops)
    # an icon the set doesn't have is refused by preflight, naming it; a malformed art field by the loader
    from engine.cardlang.cards import CardPool
    base = {"id": "x", "name": "X", "type": "supporting", "team": "T", "cost": 1, "atk": 1, "def": 1, "health": 1}
    pool = CardPool.from_data([{**base, "art": {"icon": "flamez"}}], [{"name": "T", "alignment": "good"}])
    probs = check_layout(card_face(pool["x"], Context(pool)))
    assert any("no icon 'flamez'" in p and "flame" in p for p in probs)
    with pytest.raises(DataError) as e:
        CardPool.from_data([{**base, "art": "flame"}], [{"name": "T", "alignment": "good"}])
    assert "'x'" in str(e.value) and "'art'" in str(e.value) and "icon" in str(e.value)


def test_rules_text_gets_room_first_and_never_prints_under_7_5_pt():
    """Main characters keep readable rules text: the art shrinks and the flavor text goes (with a
    warning) before the text size drops; no starter card prints rules text under 7.5 pt."""
    from engine.cardlang.cards import CardPool
    from printgen.data import load_set
    from printgen.faces import ART_BOX, RULES_MIN_PT, Context, card_face
    job = load_set(ROOT / "card_data")
    ctx = Context(job.pool, None, job.numbers)
    sizes = {c.id: card_face(c, ctx).rules_size for c in job.cards}
    assert min(s for s in sizes.values() if s is not None) >= RULES_MIN_PT == 7.5
    assert sizes["lord-vantrel-2"] >= 7.75            # 6.25 pt before
    # a card with much text: the art gives up height, then the flavor goes, with a warning
    power = {"timing": "main", "cost": ["might"],
             "effect": [{"choose": {"what": "character", "filter": {"side": "enemy", "kind": "supporting"}, "as": "t"}},
                        {"counter": {"target": "t", "kind": "minus", "n": 2}}, {"draw": {"n": 1}}]}
    base = {"id": "x", "name": "Wordy", "type": "supporting", "team": "T", "cost": 1, "atk": 1, "def": 1,
            "health": 1, "flavor": "A long story about the old days, told slowly, with many asides.",
            "keywords": ["flight", "ranged"], "powers": [{**power, "name": f"Talk {i}"} for i in range(2)]}
    pool = CardPool.from_data([base, {**base, "id": "y", "powers": [{**power, "name": f"Talk {i}"} for i in range(3)]}],
                              [{"name": "T", "alignment": "good"}])
    too_long = card_face(pool["y"], Context(pool))   # three powers: no layout fits at 7.5 pt, preflight refuses
    assert any("doesn't fit" in p and "7.5 pt" in p for p in too_long.problems)
    lay = card_face(pool["x"], Context(pool))
    art = next(op for op in lay.ops if op[0] == "rect" and op[1] == ART_BOX[0] and op[2] == ART_BOX[1])
    assert art[4] < ART_BOX[3]                        # the art shrank
    assert lay.rules_size >= 7.5
    assert any("flavor text left out" in w for w in lay.warnings)
    assert not any(op[0] == "text" and "asides" in op[3] for op in lay.ops)


def test_keywords_have_separators_reminders_in_italics_and_one_type_line_style():
    from printgen.data import load_set
    from printgen.faces import Context, card_face
    job = load_set(ROOT / "card_data")
    ctx = Context(job.pool, None, job.numbers)
    faces = {c.id: card_face(c, ctx) for c in job.cards}

    def texts(cid):
        return [op for op in faces[cid].ops if op[0] == "text"]
    two = next(c for c in job.cards if len(c.keywords - {"flight", "ranged"}) >= 2)
    assert any(op[3].strip() == "\u00b7" for op in texts(two.id)), two.id       # "Double Strike · Fearless"
    reminded = [c.id for c in job.cards if any(op[4] == "italic" and op[3].startswith("(") for op in texts(c.id))]
    assert "kiln-guard" in reminded                    # room for "(Regeneration: ...)" in italics
    for c in job.cards:
        labels = [op[3] for op in texts(c.id) if op[4] == "bold" and op[3].isupper() and "CHARACTER" in op[3]]
        if c.type == "supporting":
            assert labels == ["SUPPORTING CHARACTER"], (c.id, labels)
        elif c.type == "main":
            assert labels == [f"MAIN CHARACTER \u00b7 LEVEL {c.level}"], (c.id, labels)
        if c.teams:                                     # the team moved to the footer
            assert any(op[3] == c.teams[0].upper() for op in texts(c.id))


def test_backs_options_embedded_fonts_pure_k_text_and_stable_tts_urls(tmp_path):
    import pypdf

    from printgen.build import Options, build
    from printgen.faces import BACK_FRAME_INSET, card_back
    from printgen.icons import INK
    from printgen.render import render_png, to_cmyk
    from printgen.specs import BLEED, MM
    data = _data_dir(tmp_path)
    deck = data / "cards" / "deck-dawnwatch.yaml"
    outs = {}
    for backs in ("dark", "light", "none"):
        out = tmp_path / backs
        build(Options(data=data, out=out, deck=[deck], papers=("a4",), profiles=("home", "drivethru", "tts"),
                      backs=backs, extras=True))
        outs[backs] = out
    pages = {b: len(pypdf.PdfReader(outs[b] / "home" / "deck-dawnwatch-a4.pdf").pages) for b in outs}
    assert pages["none"] * 2 == pages["dark"] == pages["light"]          # no back pages at all
    # light backs use far less ink than the dark ones
    from PIL import ImageStat
    ink = {s: 1 - ImageStat.Stat(render_png(card_back(s).ops, dpi=30).convert("L")).mean[0] / 255
           for s in ("dark", "light")}
    assert ink["dark"] > 0.6 and ink["light"] < 0.2, ink
    # the back's frame sits well inside the cut (a small duplex shift doesn't show against it)
    frame = next(op for op in card_back().ops if op[0] == "rect" and op[5] is None)
    assert frame[1] - BLEED == BACK_FRAME_INSET >= 4 * MM
    # every font in every PDF is embedded (no Helvetica reference)
    for pdf in sorted(tmp_path.rglob("*.pdf")):
        rows = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert rows and all(r.split()[-5] == "yes" for r in rows), (pdf, rows)
    # DriveThruCards: the card ink is black ink alone
    c, m, y, k = to_cmyk(INK)
    assert (c, m, y) == (0, 0, 0) and k > 0.85
    page = pypdf.PdfReader(outs["dark"] / "drivethru" / "deck-dawnwatch.pdf").pages[1]
    assert f"0 0 0 {str(k).lstrip('0')} k".encode() in page.get_contents().get_data()
    # Tabletop Simulator: relative image names, the same saved object whatever the output folder
    js = [json.loads((outs[b] / "tts" / "deck-dawnwatch.json").read_text()) for b in ("dark", "none")]
    deck_d = js[0]["ObjectStates"][0]["CustomDeck"]["1"]
    assert deck_d["FaceURL"] == "deck-dawnwatch-sheet-1.png" and deck_d["BackURL"] == "deck-dawnwatch-back.png"
    assert js[0] == js[1]
    out = tmp_path / "url"
    build(Options(data=data, out=out, deck=[deck], profiles=("tts",), tts_url="https://example.org/cc/"))
    deck_u = json.loads((out / "tts" / "deck-dawnwatch.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert deck_u["FaceURL"] == "https://example.org/cc/deck-dawnwatch-sheet-1.png"


def test_rulebook_rules_layout_and_anatomy(tmp_path):
    """The rulebook has the missing rules, a turn summary and a play-area picture; no page ends with
    a heading; no table leaves fewer than three rows on a page; the anatomy markers cover no text."""
    import pypdf
    import yaml

    from printgen.cache import ImageCache
    from printgen.data import load_set
    from printgen.layout import text_bbox
    from printgen.rulebook import MARKER_R, _anatomy, rulebook_pdf
    job = load_set(ROOT / "card_data")
    src = yaml.safe_load((ROOT / "card_data" / "rules" / "rulebook.yaml").read_text())
    heads = set()

    def walk(secs):
        for sec in secs:
            if sec.get("title"):
                heads.add(sec["title"])
            walk(sec.get("sections") or [])
    walk(src["sections"])
    for paper in ("a4", "letter"):
        pdf = tmp_path / f"rb-{paper}.pdf"
        rulebook_pdf(pdf, job, paper, ROOT / "card_data", ImageCache(tmp_path / "cache"))
        pages = [p.extract_text() for p in pypdf.PdfReader(pdf).pages]
        text = " ".join(" ".join(pages).split())
        for words in ("stays face down", "draws only one card on the first turn", "the card beats the rulebook",
                      "can't beats can", "Turn summary", "Front row", "Resource row", "KO pile",
                      "Equipment and machines (for future sets)", "no equipment and no machines", "game-icons.net"):
            assert words in text, (paper, words)
        for n, page in enumerate(pages[2:-1], 3):
            lines = [ln.strip() for ln in page.splitlines() if ln.strip() and ln.strip() not in ("Cape Clash", str(n))]
            assert lines and lines[-1] not in heads, (paper, n, lines[-1])     # a heading never ends a page
        set_rows = [ln for ln in pages[-1].splitlines() if ln[:3].isdigit()]
        assert len(set_rows) >= 3, (paper, set_rows)                           # the set list's last page
    card = next(c for c in job.cards if c.type == "main" and c.level_up and not c.level_up.transform)
    fig = _anatomy(card, job, "CapeClash-bold", "CapeClash-regular")
    boxes = [text_bbox(op) for op in fig.layout.ops if op[0] == "text"]
    assert any(op[0] == "text" and op[4] == "italic" for op in fig.layout.ops)   # the figure's card has flavor
    r = MARKER_R / 0.9
    for label, x, y in fig.markers:
        assert not any(x + r > x0 and x - r < x1 and y + r > y0 and y - r < y1 for x0, y0, x1, y1 in boxes), label


def test_a_long_sheet_label_is_shortened_not_refused(tmp_path):
    from printgen.faces import card_back
    from printgen.sheets import furniture, grid_for, home_pdf
    label = "Derring-Dice - " + "A Deck Title Far Too Long For One Column " * 3 + "- sheet 12 of 21, backs"
    for paper in ("a4", "letter"):
        _mode, items = furniture(grid_for(paper), label)
        shown = items["label"][5]
        assert shown.startswith("Derring-Dice - A Deck") and shown.endswith("sheet 12 of 21, backs") and "..." in shown
        assert home_pdf(tmp_path / f"{paper}.pdf", [card_back()] * 3, card_back(), paper, label * 2) == 2


def test_new_printgen_doctests():
    import doctest
    import importlib
    for name in ("gameicons", "profiles", "cache", "render"):
        failed, tried = doctest.testmod(importlib.import_module(f"printgen.{name}"))
        assert failed == 0 and tried > 0, name


def test_svg_arcs_and_relative_commands_flatten_to_the_right_shape():
    """A circle written as two arcs, and a square with a hole in relative commands, fill the right
    areas (shoelace formula): the path reader gets arcs, curves and relative moves right."""
    import math

    from printgen.gameicons import flatten

    def area(poly):
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:], strict=False))) / 2
    circle = flatten("M10 50a40 40 0 1 0 80 0a40 40 0 1 0-80 0z", tol=0.01)
    assert len(circle) == 1 and area(circle[0]) == pytest.approx(math.pi * 40 * 40, rel=1e-3)
    glued = flatten("M10 50a40 40 0 1080 0a40 40 0 10-80 0z", tol=0.01)     # flags written without spaces
    assert area(glued[0]) == pytest.approx(area(circle[0]), rel=1e-6)
    square = flatten("M0 0h100v100H0zm25 25v50h50V25z")
    assert [area(p) for p in square] == [10000, 2500]
    curve = flatten("M0 0C0 50 100 50 100 0z", tol=0.01)                       # a cubic Bezier hump
    n = 20000   # the same hump sampled finely: x(t) = 300 t^2 - 200 t^3, y(t) = 150 t (1 - t)
    fine = [(300 * (k / n) ** 2 - 200 * (k / n) ** 3, 150 * (k / n) * (1 - k / n)) for k in range(n + 1)]
    assert area(curve[0]) == pytest.approx(area([*fine, fine[0]]), rel=1e-3)


def test_print_finds_the_card_data_from_any_folder(tmp_path, monkeypatch):
    """`capeclash print --deck deck-ember-oath` run outside the project folder uses the card data
    installed with Cape Clash, as `capeclash deck` does (it looked for ./card_data and found no deck)."""
    from printgen.cli import _default_data
    from printgen.data import resolve_deck
    monkeypatch.chdir(tmp_path)
    root = _default_data()
    assert root.is_absolute() and (root / "starter").is_dir()
    assert resolve_deck("deck-ember-oath", root).name == "deck-ember-oath.yaml"
