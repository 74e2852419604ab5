"""Print-and-play outputs, read back: PDF page sizes and card positions (pypdf), duplex alignment,
crop marks on a pdftoppm raster, PNG sizes per print-shop profile, the TTS grid and JSON, the
manifest, determinism, the image cache and preflight failures that name the card."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

# make test installs the print extras and pypdf: a missing one fails here, it is never skipped
import pypdf
import pytest
from PIL import Image

from printgen.build import Options, build
from printgen.faces import Context, card_back, card_face
from printgen.preflight import PreflightError
from printgen.sheets import CARD_H, CARD_W, MARK_START, MARK_START_TIGHT, PAPER_MARGIN, grid_for
from printgen.specs import BLEED, FULL_H, FULL_W, PAPERS

ROOT = Path(__file__).resolve().parent.parent
TESTSET = ROOT / "card_data" / "testset"


def _data_dir(tmp: Path) -> Path:
    data = tmp / "data"
    (data / "cards").mkdir(parents=True)
    shutil.copy(TESTSET / "cards.yaml", data / "cards" / "cards.yaml")
    shutil.copy(TESTSET / "deck-dawnwatch.yaml", data / "cards" / "deck-dawnwatch.yaml")
    return data


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("print")
    data = _data_dir(tmp)
    opts = Options(data=data, out=tmp / "out", deck=[data / "cards" / "deck-dawnwatch.yaml"],
                   profiles=("home", "tgc", "mpc", "drivethru", "tts"), papers=("a4", "letter"))
    res = build(opts)
    return opts, res


def _texts(page):
    """(text, x, y) of every string drawn on a page, in PDF points. Text inside a form XObject (a card
    back, drawn once and placed in each slot) is moved by the page's transformation where it is placed:
    pypdf hands the form's text over in the form's own coordinates."""
    out = []
    placed: list = []   # the page's transformation at each form being read

    def before(op, _args, cm, _tm):
        if op == b"Do":
            placed.append(list(cm))

    def after(op, _args, _cm, _tm):
        if op == b"Do":
            placed.pop()

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x, y = tm[4], tm[5]
            x, y = x * cm[0] + y * cm[2] + cm[4], x * cm[1] + y * cm[3] + cm[5]
            for m in reversed(placed):
                x, y = x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]
            out.append((text.strip(), x, y))
    page.extract_text(visitor_text=visit, visitor_operand_before=before, visitor_operand_after=after)
    return out


def _label_points(page, labels):
    """Where centred labels' centres are: the text origin plus half its width along the text's direction."""
    from printgen.fonts import width
    out = {}

    def visit(text, cm, tm, _font, size):
        t = text.strip()
        if t in labels and t not in out:
            x, y = tm[4], tm[5]
            px, py = x * cm[0] + y * cm[2] + cm[4], x * cm[1] + y * cm[3] + cm[5]
            half = width(t, "regular", 5) / 2
            out[t] = (px + cm[0] * half, py + cm[1] * half)
    page.extract_text(visitor_text=visit)
    return out


def _job(opts):
    from printgen.data import load_deck_job
    return load_deck_job(opts.deck[0], opts.data)


def test_home_sheets_page_size_and_card_positions(built):
    opts, _ = built
    job = _job(opts)
    ctx = Context(job.pool, None, job.numbers)
    copies = job.copies()
    for paper in ("a4", "letter"):
        reader = pypdf.PdfReader(opts.out / "home" / f"{job.name}-{paper}.pdf")
        w, h = PAPERS[paper]
        assert len(reader.pages) == 2 * -(-len(copies) // 9)
        for page in reader.pages:
            assert float(page.mediabox.width) == pytest.approx(w, abs=0.01)
            assert float(page.mediabox.height) == pytest.approx(h, abs=0.01)
        grid = grid_for(paper)
        found = _texts(reader.pages[0])
        for slot, card in enumerate(copies[:9]):
            name_op = next(op for op in card_face(card, ctx).ops if op[0] == "text" and op[3] == card.name)
            tx, ty = grid.trim_origin(slot)
            want = (tx - BLEED + name_op[1], h - (ty - BLEED + name_op[2]))
            assert any(t == card.name and abs(x - want[0]) < 0.05 and abs(y - want[1]) < 0.05 for t, x, y in found), \
                (paper, slot, card.name, want)
        # the 3 x 3 block is centred on the page
        bx, by, bw, bh = grid.block
        assert bx == pytest.approx((w - 3 * CARD_W) / 2) and by == pytest.approx((h - 3 * CARD_H) / 2)


def test_every_home_page_has_a_50_mm_ruler_and_the_100_percent_note(built):
    opts, _ = built
    mm = 72 / 25.4
    for paper in ("a4", "letter"):
        reader = pypdf.PdfReader(opts.out / "home" / f"deck-dawnwatch-{paper}.pdf")
        for page in reader.pages:
            texts = _texts(page)
            assert any("Print at 100 %" in t for t, _x, _y in texts)
            pts = _label_points(page, {"0", "5 cm"})     # the ruler's labels are centred on its ticks
            (x0, y0), (x5, y5) = pts["0"], pts["5 cm"]
            dist = ((x5 - x0) ** 2 + (y5 - y0) ** 2) ** 0.5
            assert dist == pytest.approx(50 * mm, abs=0.05), (paper, dist / mm)


def test_duplex_backs_mirror_the_fronts(built):
    opts, _ = built
    job = _job(opts)
    ctx = Context(job.pool, None, job.numbers)
    back_op = next(op for op in card_back().ops if op[0] == "text" and op[3] == "CAPE")
    reader = pypdf.PdfReader(opts.out / "home" / f"{job.name}-a4.pdf")
    w, h = PAPERS["a4"]
    fronts = _texts(reader.pages[0])
    backs = [(x, y) for t, x, y in _texts(reader.pages[1]) if t == "CAPE"]
    assert len(backs) == 9
    for card in job.copies()[:9]:
        name_op = next(op for op in card_face(card, ctx).ops if op[0] == "text" and op[3] == card.name)
        x, y = next((x, y) for t, x, y in fronts if t == card.name)
        trim_x = x - name_op[1] + BLEED                 # the card's trim box, left edge, on the front
        trim_top = h - y - name_op[2] + BLEED
        mirrored = w - trim_x - CARD_W                  # where its back must be for a long-edge flip
        want = (mirrored - BLEED + back_op[1], h - (trim_top - BLEED + back_op[2]))
        assert any(abs(bx - want[0]) < 0.05 and abs(by - want[1]) < 0.05 for bx, by in backs), card.name


def test_duplex_offset_moves_only_the_backs(tmp_path):
    data = _data_dir(tmp_path)
    deck = data / "cards" / "deck-dawnwatch.yaml"
    outs = {}
    for off in ((0.0, 0.0), (1.5, -2.0)):
        out = tmp_path / f"out{off[0]}"
        build(Options(data=data, out=out, deck=[deck], papers=("a4",), extras=False, offset=off))
        r = pypdf.PdfReader(out / "home" / "deck-dawnwatch-a4.pdf")
        outs[off] = (_texts(r.pages[0]), [(x, y) for t, x, y in _texts(r.pages[1]) if t == "CAPE"])
    (f0, b0), (f1, b1) = outs[(0.0, 0.0)], outs[(1.5, -2.0)]
    assert f0 == f1
    mm = 72 / 25.4
    assert sorted((round(x + 1.5 * mm, 2), round(y + 2.0 * mm, 2)) for x, y in b0) == \
        sorted((round(x, 2), round(y, 2)) for x, y in b1)


def test_crop_marks_show_where_the_cards_corners_are(built, tmp_path):
    opts, _ = built
    dpi = 100
    for paper in ("a4", "letter"):
        pdf = opts.out / "home" / f"deck-dawnwatch-{paper}.pdf"
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / paper)],
                       check=True)
        im = Image.open(next(tmp_path.glob(f"{paper}*.png"))).convert("L")
        k = dpi / 72
        grid = grid_for(paper)
        xs, ys = grid.cuts()
        bx, by, bw, bh = grid.block

        def dark(x, y, im=im, k=k):
            px = [im.getpixel((round(x * k) + dx, round(y * k) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            return min(px) < 100
        # on the marks' far ends (white paper round them where the bleed stops), inside the 5 mm margin
        pv, ph = grid.mark_span(True)[1] - 0.3 * 72 / 25.4, grid.mark_span(False)[1] - 0.3 * 72 / 25.4
        assert MARK_START_TIGHT < pv and MARK_START < ph
        assert by - pv > PAPER_MARGIN and bx - ph > PAPER_MARGIN
        for x in xs:   # above and below the block, on every vertical cut line
            assert dark(x, by - pv) and dark(x, by + bh + pv), (paper, "vertical cut", x)
        for y in ys:   # left and right of the block, on every horizontal cut line
            assert dark(bx - ph, y) and dark(bx + bw + ph, y), (paper, "horizontal cut", y)
        # and nothing dark at the same distance half way between two cut lines
        mid_x, mid_y = (xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2
        ox, oy = grid.bleed_outer()
        assert not dark(bx - ph, mid_y) and ph > ox + 1
        assert pv > oy + 1 or paper == "letter"   # Letter: 1.35 mm of paper above the cards, marks on the bleed
        if pv > oy + 1:
            assert not dark(mid_x, by - pv)
        # the 5 mm paper margin is white all round
        m = round(PAPER_MARGIN * k) - 1
        for box in ((0, 0, im.width, m), (0, im.height - m, im.width, im.height), (0, 0, m, im.height),
                    (im.width - m, 0, im.width, im.height)):
            assert im.crop(box).getextrema()[0] > 245, (paper, box)


def test_png_sizes_per_profile(built):
    opts, _ = built
    job = _job(opts)
    for variant, size in (("tgc", (825, 1125)), ("mpc", (822, 1122))):
        files = sorted((opts.out / variant / job.name).glob("*.png"))
        assert len(files) == len(job.cards) + 1  # every card and the back
        for f in files:
            with Image.open(f) as im:
                assert im.size == size and im.mode == "RGB", (f, im.size)
    # the trim sits 1/8 in (37.5 px) inside a TGC image and 36 px inside an MPC one: the card's rim,
    # drawn 4 pt inside the trim, starts that much further in from the left edge
    main = job.cards[0]
    for variant, bleed_px in (("tgc", 37.5), ("mpc", 36.0)):
        f = next((opts.out / variant / job.name).glob(f"*{main.id}.png"))
        with Image.open(f) as im:
            y = im.height // 2
            bg = im.getpixel((3, y))
            first = next(x for x in range(im.width) if im.getpixel((x, y)) != bg)
            assert abs(first - (bleed_px + 4 * 300 / 72)) <= 1, (variant, first)


def test_tts_sheet_grid_and_saved_object(built):
    opts, _ = built
    job = _job(opts)
    sheet = opts.out / "tts" / f"{job.name}-sheet-1.png"
    with Image.open(sheet) as im:
        assert im.width <= 4096 and im.height <= 4096
        assert im.width % 10 == 0 and im.height % 7 == 0
        cw, ch = im.width // 10, im.height // 7
        assert cw / ch == pytest.approx(2.5 / 3.5, abs=0.01)
        hidden = im.crop((9 * cw, 6 * ch, 10 * cw, 7 * ch))
        with Image.open(opts.out / "tts" / f"{job.name}-back.png") as back:
            assert hidden.tobytes() == back.convert("RGB").tobytes()   # the 70th slot holds the hidden card
        # a card slot after the last card is empty (the sheet's background)
        empty = im.crop(((len(job.cards) % 10) * cw, (len(job.cards) // 10) * ch,
                         (len(job.cards) % 10 + 1) * cw, (len(job.cards) // 10 + 1) * ch))
        assert empty.getextrema() == ((20, 20), (20, 20), (20, 20))
    obj = json.loads((opts.out / "tts" / f"{job.name}.json").read_text())
    deck = obj["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    assert len(deck["DeckIDs"]) == len(job.copies()) == len(deck["ContainedObjects"])
    custom = deck["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"], custom["BackIsHidden"]) == (10, 7, True)
    assert all(100 <= i < 169 for i in deck["DeckIDs"])
    by_id = {o["Description"]: o["CardID"] for o in deck["ContainedObjects"]}
    assert set(by_id) == {c.id for c in job.cards} and len(set(by_id.values())) == len(job.cards)


def test_drivethru_pdf_pages_back_then_front_cmyk(built):
    opts, _ = built
    job = _job(opts)
    reader = pypdf.PdfReader(opts.out / "drivethru" / f"{job.name}.pdf")
    assert len(reader.pages) == 2 * len(job.copies())
    for i, page in enumerate(reader.pages[:6]):
        assert float(page.mediabox.width) == pytest.approx(2.75 * 72) and float(page.mediabox.height) == pytest.approx(3.75 * 72)
        assert [float(v) for v in page.trimbox] == pytest.approx([BLEED, BLEED, BLEED + CARD_W, BLEED + CARD_H])
        texts = [t for t, _x, _y in _texts(page)]
        if i % 2 == 0:
            assert "CAPE" in texts and "CLASH" in texts          # a back first
        else:
            assert job.copies()[i // 2].name in texts            # then that card's front
        content = page.get_contents().get_data().decode("latin-1")
        assert " k\n" in content or " k " in content
        assert " rg\n" not in content and " rg " not in content  # no RGB fills


def test_manifest_lists_every_file_with_hash_and_counts(built):
    opts, res = built
    manifest = json.loads((opts.out / "manifest.json").read_text())
    listed = {f["path"] for f in manifest["files"]}
    on_disk = {str(p.relative_to(opts.out)) for p in opts.out.rglob("*")
               if p.is_file() and ".cache" not in p.parts and p.name not in ("manifest.json", "MANIFEST.txt")}
    assert listed == on_disk
    for f in manifest["files"]:
        data = (opts.out / f["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        if f["path"].endswith(".pdf"):
            assert f["pages"] == len(pypdf.PdfReader(opts.out / f["path"]).pages), f["path"]


def test_counters_and_rulebook(built):
    opts, _ = built
    counters = pypdf.PdfReader(opts.out / "counters" / "counters-a4.pdf")
    text = " ".join(t for p in counters.pages for t, _x, _y in _texts(p))
    for label in ("Wound", "XP", "+1/+1", "-1/-1", "Vitality"):
        assert label in text
    rb = pypdf.PdfReader(opts.out / "rulebook" / "rulebook-a4.pdf")
    assert len(rb.pages) > 8
    all_text = "\n".join(p.extract_text() for p in rb.pages)
    assert "Contents" in all_text and "Keyword glossary" in all_text and "Set list" in all_text
    for raw in ("<b>", "**", "[[", "{might}", "{any_turn}"):   # markup is rendered, never printed
        assert raw not in all_text, raw
    from engine.cardlang import language as L
    for k in L.KEYWORDS:
        assert k.replace("_", " ").title() in all_text, k
    assert "Captain Solace" in all_text        # the deck list and set list come from the data
    # page numbers at the foot of the pages after the cover
    assert _texts(rb.pages[3])[-1][0] == "4" or any(t == "4" for t, _x, y in _texts(rb.pages[3]) if y < 60)


def test_rendering_is_deterministic(tmp_path):
    from printgen.cache import encode_png
    from printgen.data import load_deck_job
    from printgen.render import render_png
    data = _data_dir(tmp_path)
    job = load_deck_job(data / "cards" / "deck-dawnwatch.yaml", data)
    ctx = Context(job.pool, None, job.numbers)
    for card in job.cards[:3]:
        a = encode_png(render_png(card_face(card, ctx).ops))
        b = encode_png(render_png(card_face(card, ctx).ops))
        assert a == b
    outs = []
    for n in (1, 2):
        out = tmp_path / f"o{n}"
        build(Options(data=data, out=out, deck=[data / "cards" / "deck-dawnwatch.yaml"], profiles=("tgc", "home"),
                      papers=("a4",), extras=False, use_cache=False))
        outs.append({p.name: p.read_bytes() for p in sorted(out.rglob("*.png")) + sorted(out.rglob("*.pdf"))})
    assert outs[0] == outs[1]


def test_rebuild_reuses_the_cache(tmp_path):
    data = _data_dir(tmp_path)
    deck = data / "cards" / "deck-dawnwatch.yaml"
    opts = Options(data=data, out=tmp_path / "out", deck=[deck], profiles=("tgc",), papers=("a4",), extras=False)
    first = build(opts)
    assert not first.reused and first.cache_misses > 0 and first.cache_hits == 0
    again = build(opts)
    assert again.reused and again.files == json.loads((opts.out / "manifest.json").read_text())["files"]
    cards = data / "cards" / "cards.yaml"
    cards.write_text(cards.read_text().replace("First up the tower, last to leave it.", "Up first, down last."))
    changed = build(opts)
    assert not changed.reused
    assert changed.cache_misses == 1 and changed.cache_hits == first.cache_misses - 1


BAD_CARDS = """
teams:
  - {name: Test Team, alignment: good}
cards:
  - id: chatterbox
    name: Chatterbox
    type: supporting
    team: Test Team
    cost: 2
    atk: 2
    def: 2
    health: 2
    triggers:
""" + "".join(f"""      - when: {ev}
        effect:
          - choose: {{what: character, filter: {{side: enemy, row: front}}, as: t}}
          - counter: {{target: t, kind: minus, n: 2}}
          - draw: {{n: 2}}
""" for ev in ("appears", "attacks", "is_attacked", "survives", "stuns", "is_stunned", "start_of_turn", "end_of_turn")) + """
  - id: tiny-art
    name: Tiny Art
    type: supporting
    team: Test Team
    cost: 1
    atk: 1
    def: 1
    health: 1
  - id: starry
    name: "Dragon \u9f8d Child"
    type: supporting
    team: Test Team
    cost: 1
    atk: 1
    def: 1
    health: 1
  - id: fine
    name: Fine Fellow
    type: supporting
    team: Test Team
    cost: 1
    atk: 1
    def: 1
    health: 1
"""


def test_preflight_fails_naming_the_cards(tmp_path, capsys):
    data = tmp_path / "bad"
    (data / "art").mkdir(parents=True)
    (data / "cards.yaml").write_text(BAD_CARDS)
    Image.new("RGB", (200, 100), (200, 50, 50)).save(data / "art" / "tiny-art.png")
    Image.new("RGB", (700, 380), (50, 50, 200)).save(data / "art" / "fine.png")
    out = tmp_path / "out"
    with pytest.raises(PreflightError) as e:
        build(Options(data=data, out=out, papers=("a4",), extras=False))
    msg = str(e.value)
    assert "Chatterbox (chatterbox)" in msg and "doesn't fit" in msg
    assert "Tiny Art (tiny-art)" in msg and "DPI" in msg
    assert "(starry)" in msg and "can't print" in msg
    assert "Fine Fellow" not in msg
    assert not (out / "home").exists()        # nothing is written when preflight fails
    # through the command line: exit code 1 and the card named on stderr
    import argparse

    from printgen import cli
    ap = argparse.ArgumentParser()
    cli.add_arguments(ap)
    assert cli.run(ap.parse_args(["--data", str(data), "--out", str(out), "--quiet", "--no-extras"])) == 1
    assert "Chatterbox" in capsys.readouterr().err


def test_art_from_card_data_is_used(tmp_path):
    from printgen.render import render_png
    data = _data_dir(tmp_path)
    from printgen.data import load_deck_job
    job = load_deck_job(data / "cards" / "deck-dawnwatch.yaml", data)
    card = job.cards[0]
    (data / "art").mkdir()
    Image.new("RGB", (800, 450), (10, 200, 30)).save(data / "art" / f"{card.id}.png")
    ctx = Context(job.pool, data / "art", job.numbers)
    lay = card_face(card, ctx)
    assert any(op[0] == "image" for op in lay.ops) and lay.art_dpi >= 300
    im = render_png(lay.ops)
    assert im.size == (round(FULL_W * 300 / 72), round(FULL_H * 300 / 72))
    assert im.getpixel((im.width // 2, 300)) == (10, 200, 30)   # the middle of the art box


def test_drivethru_art_is_cmyk_under_the_ink_limit(tmp_path):
    data = _data_dir(tmp_path)
    deck = data / "cards" / "deck-dawnwatch.yaml"
    from printgen.data import load_deck_job
    main = load_deck_job(deck, data).cards[0]
    (data / "art").mkdir()
    art = Image.new("RGB", (700, 380), (128, 0, 0))          # saturated dark red: 300 % ink if done naively
    art.paste((10, 20, 200), (350, 0, 700, 380))
    art.save(data / "art" / f"{main.id}.png")
    out = tmp_path / "out"
    build(Options(data=data, out=out, deck=[deck], profiles=("drivethru",), papers=("a4",), extras=False))
    page = pypdf.PdfReader(out / "drivethru" / "deck-dawnwatch.pdf").pages[1]   # the main character's front
    images = [im.image for im in page.images]
    assert images and all(im.mode == "CMYK" for im in images)
    worst = max(sum(px) for im in images for px in (im.getpixel((x, y)) for x in range(0, im.width, 7)
                                                     for y in range(0, im.height, 7)))
    assert worst <= 2.4 * 255 + 2
    assert worst > 2.0 * 255          # the red really is deep: the cap, not a washed-out picture


def test_mantle_star_is_drawn_as_an_icon(tmp_path):
    from printgen.preflight import check_layout
    data = tmp_path / "star"
    data.mkdir()
    (data / "cards.yaml").write_text("teams:\n  - {name: Test Team, alignment: good}\ncards:\n"
                                     "  - {id: nw, name: \"\\u2605Night Ward\\u2605\", type: supporting, team: Test Team,"
                                     " cost: 2, atk: 2, def: 2, health: 2}\n")
    from printgen.data import load_set
    job = load_set(data)
    lay = card_face(job.cards[0], Context(job.pool, None, job.numbers))
    assert check_layout(lay) == []
    assert sum(1 for op in lay.ops if op[0] == "icon" and op[1] == "star") == 2
    assert any(op[0] == "text" and op[3] == "Night Ward" for op in lay.ops)


def test_printgen_doctests():
    import doctest
    import importlib
    for name in ("icons", "layout", "render", "faces", "cache", "specs"):
        mod = importlib.import_module(f"printgen.{name}")
        failed, _ = doctest.testmod(mod)
        assert failed == 0, name


def test_outputs_are_identical_across_processes(tmp_path):
    """Two fresh processes with different string-hash seeds write byte-identical PNGs and PDFs."""
    import os
    import sys
    data = _data_dir(tmp_path)
    shas = []
    for seed in ("1", "2"):
        out = tmp_path / f"out{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "apps.cli", "print", "--data", str(data), "--out", str(out),
                        "--deck", str(data / "cards" / "deck-dawnwatch.yaml"), "--profile", "tgc", "--profile",
                        "home", "--paper", "a4", "--no-extras", "--no-cache", "--quiet"],
                       check=True, cwd=ROOT, env=env, capture_output=True)
        shas.append({f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())["files"]})
    assert len(shas[0]) > 10 and shas[0] == shas[1]


def test_gutter_spaces_the_cards_and_keeps_the_marks(tmp_path):
    data = _data_dir(tmp_path)
    deck = data / "cards" / "deck-dawnwatch.yaml"
    out = tmp_path / "out"
    build(Options(data=data, out=out, deck=[deck], papers=("a4",), extras=False, gutter=1.0))
    reader = pypdf.PdfReader(out / "home" / "deck-dawnwatch-a4.pdf")
    backs = sorted({round(x, 2) for t, x, _y in _texts(reader.pages[1]) if t == "CAPE"})   # three columns
    assert len(backs) == 3
    mm = 72 / 25.4
    assert backs[1] - backs[0] == pytest.approx(CARD_W + 1 * mm, abs=0.01)
    grid = grid_for("a4", 1.0)
    assert len(grid.cuts()[0]) == 6 and grid.bleed_inner() == pytest.approx(0.5 * mm)   # two cuts per gutter


def test_memoized_number_formatting_writes_the_same_numbers():
    """printgen memoizes reportlab's pure-Python fp_str: every number must come out as reportlab writes it."""
    import random

    from reportlab.lib import rl_accel
    from reportlab.pdfgen import canvas as rl_canvas

    from printgen import fonts
    fonts.register_pdf_fonts()
    original = getattr(rl_accel, "_py_fp_str", None)
    assert original is not None and rl_canvas.fp_str is not original and rl_canvas.fp_str._capeclash
    rng = random.Random(7)
    values = [0, 1, -1, True, 0.5, 1e-8, -1e-7, 123.456789, 2.5e6, 1 / 3, 72 / 25.4, 0.1 + 0.2, 999999.5]
    values += [rng.uniform(-1000, 1000) for _ in range(500)] + [rng.uniform(-1, 1) for _ in range(500)]
    assert rl_canvas.fp_str(*values) == original(*values)
    assert rl_canvas.fp_str(values) == original(values)
    assert [rl_canvas.fp_str(v) for v in values] == [original(v) for v in values]   # cached or not


def test_a_new_game_plugs_into_the_one_pipeline(tmp_path, monkeypatch):
    """A game is a ``games.Game`` description; the build writes whatever one describes, named by it."""
    import dataclasses

    from printgen import games
    data = _data_dir(tmp_path)

    def mini(opts):
        return dataclasses.replace(games.cape_clash(opts), key="mini", product="Mini Clash", prefix="Mini Clash ",
                                   files="mini-", deck_label=lambda job: "test deck ")
    monkeypatch.setitem(games.GAMES, "mini", (games.cape_clash_inputs, mini))
    out = tmp_path / "out"
    build(Options(data=data, out=out, games=("mini",), papers=("a4",)))
    kinds = {f["path"]: f["kind"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert kinds["home/all-cards-a4.pdf"] == "Mini Clash test deck home sheets (a4, fronts and dark duplex backs)"
    assert kinds["rulebook/mini-rulebook-a4.pdf"] == "Mini Clash rulebook (a4)"
    assert kinds["counters/mini-counters-a4.pdf"].startswith("Mini Clash counters and tokens (a4, ")
    assert kinds["home/all-cards-proof-a4.pdf"] == "Mini Clash proof sheet (a4)"
    assert "rulebook/rulebook-a4.pdf" not in kinds
    sheet = pypdf.PdfReader(out / "home" / "all-cards-a4.pdf")
    assert sheet.metadata.title == "Mini Clash - All cards"
    assert any(t.startswith("Mini Clash - All cards - sheet 1 of") for t, _x, _y in _texts(sheet.pages[0]))
