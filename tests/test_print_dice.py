"""Derring-Dice in print, read back: both decks' home sheets (page sizes, card positions, front and back
counts, each deck's own back mirrored for duplex, seen on a pdftoppm raster), faces that say what the
card data says and pass preflight, the rulebook (die note, contents, page numbers, card lists), the
damage and delay counters, the manifest, the print-shop profiles and the command line."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

# make test installs the print extras and pypdf: a missing one fails here, it is never skipped
import pypdf
import pytest
import yaml
from PIL import Image
from test_print import _data_dir, _texts

from printgen.build import Options, build
from printgen.dice_data import load_dice
from printgen.dice_faces import BACKS, dice_back, dice_face, users_text
from printgen.preflight import PreflightError, check_layout
from printgen.sheets import CARD_H, CARD_W, grid_for
from printgen.specs import BLEED, MIN_TEXT_PT, PAPERS

ROOT = Path(__file__).resolve().parent.parent
DICE = ROOT / "card_data" / "dice"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The real Derring-Dice card data, printed on both papers with the home extras."""
    tmp = tmp_path_factory.mktemp("dice-print")
    data = tmp / "data"
    shutil.copytree(DICE, data / "dice", ignore=shutil.ignore_patterns("scenarios"))
    opts = Options(data=data, out=tmp / "out", games=("dice",))
    res = build(opts)
    return opts, res, load_dice(data / "dice")


def _small_dice(folder: Path, recruit: int = 4, action: int = 3) -> Path:
    """A small dice data set: the first cards of each real deck (heroes first) and the real rulebook."""
    (folder / "dice").mkdir(parents=True)
    for deck, n in (("recruit", recruit), ("action", action)):
        data = yaml.safe_load((DICE / f"{deck}.yaml").read_text())
        cards = data["cards"][:n - 1] + [c for c in data["cards"] if c["type"] in ("device", "battle")][:1]
        (folder / "dice" / f"{deck}.yaml").write_text(yaml.safe_dump({**data, "cards": cards}, sort_keys=False))
    shutil.copy(DICE / "rulebook.yaml", folder / "dice" / "rulebook.yaml")
    return folder


def _name_op(card, ctx):
    return next(op for op in dice_face(card, ctx).ops if op[0] == "text" and op[3] == card.name)


def test_home_sheets_page_sizes_card_positions_and_counts(built):
    opts, _res, dset = built
    for paper in ("a4", "letter"):
        w, h = PAPERS[paper]
        grid = grid_for(paper)
        for job in dset.jobs:
            reader = pypdf.PdfReader(opts.out / "home" / f"{job.name}-{paper}.pdf")
            sheets = -(-len(job.cards) // 9)
            assert len(reader.pages) == 2 * sheets
            for page in reader.pages:
                assert float(page.mediabox.width) == pytest.approx(w, abs=0.01)
                assert float(page.mediabox.height) == pytest.approx(h, abs=0.01)
            names = {c.name for c in job.cards}
            fronts = 0
            for i in range(0, len(reader.pages), 2):       # every card name once, on a front page
                fronts += sum(1 for t, _x, _y in _texts(reader.pages[i]) if t in names)
            assert fronts == len(job.cards), (paper, job.name)
            found = _texts(reader.pages[0])
            for slot, card in enumerate(job.cards[:9]):    # each where its slot of the 3 x 3 grid puts it
                op = _name_op(card, dset.ctx)
                tx, ty = grid.trim_origin(slot)
                want = (tx - BLEED + op[1], h - (ty - BLEED + op[2]))
                assert any(t == card.name and abs(x - want[0]) < 0.05 and abs(y - want[1]) < 0.05
                           for t, x, y in found), (paper, slot, card.name)
            assert any("Print at 100 %" in t for t, _x, _y in found)


def test_each_deck_has_its_own_back_mirrored_for_duplex(built):
    opts, _res, dset = built
    w, h = PAPERS["a4"]
    for job in dset.jobs:
        label = BACKS[job.deck][4]
        other = BACKS["action" if job.deck == "recruit" else "recruit"][4]
        reader = pypdf.PdfReader(opts.out / "home" / f"{job.name}-a4.pdf")
        back_op = next(op for op in dice_back(job.deck).ops if op[0] == "text" and op[3] == label)
        backs = 0
        for i in range(0, len(reader.pages), 2):
            front, back = _texts(reader.pages[i]), _texts(reader.pages[i + 1])
            on_back = [(x, y) for t, x, y in back if t == label]
            assert not any(t == other for t, _x, _y in back)
            chunk = job.cards[i // 2 * 9:(i // 2 + 1) * 9]
            assert len(on_back) == len(chunk)              # one back behind every front
            backs += len(on_back)
            for card in chunk:                             # ... at the mirrored place (long-edge flip)
                op = _name_op(card, dset.ctx)
                x, y = next((x, y) for t, x, y in front if t == card.name)
                trim_x, trim_top = x - op[1] + BLEED, h - y - op[2] + BLEED
                want = (w - trim_x - CARD_W - BLEED + back_op[1], h - (trim_top - BLEED + back_op[2]))
                assert any(abs(bx - want[0]) < 0.05 and abs(by - want[1]) < 0.05 for bx, by in on_back), card.name
        assert backs == len(job.cards)


def test_backs_rasterized_show_each_decks_colour_and_blank_slots(built, tmp_path):
    """pdftoppm: on the last back page of each deck the filled slots show that deck's back colour (teal
    for Recruit, red for Action) and the empty slots are white paper."""
    opts, _res, dset = built
    dpi = 40
    k = dpi / 72
    grid = grid_for("a4")
    for job in dset.jobs:
        pdf = opts.out / "home" / f"{job.name}-a4.pdf"
        last = len(pypdf.PdfReader(pdf).pages)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(last), "-l", str(last), str(pdf),
                        str(tmp_path / job.deck)], check=True)
        im = Image.open(next(tmp_path.glob(f"{job.deck}*.png"))).convert("RGB")
        left = len(job.cards) % 9 or 9
        bg = tuple(round(v * 255) for v in BACKS[job.deck][0])
        for slot in range(9):
            x, y = grid.trim_origin(slot, back=True)
            px = im.getpixel((round((x + 14) * k), round((y + CARD_H / 2) * k)))   # left edge, mid-height
            if slot < left:
                assert sum(abs(a - b) for a, b in zip(px, bg, strict=True)) < 90, (job.deck, slot, px, bg)
            else:
                assert min(px) > 245, (job.deck, slot, px)


def test_every_card_passes_preflight_and_prints_its_data(built):
    from engine.dice.cards import TRAITS, USERS
    from engine.dice.text import card_text
    _opts, _res, dset = built
    assert len(dset.cards) == 247 and [len(j.cards) for j in dset.jobs] == [188, 59]
    for card in dset.cards:
        lay = dice_face(card, dset.ctx)
        assert check_layout(lay) == [], card.name
        assert lay.min_text >= MIN_TEXT_PT
        texts = [op[3] for op in lay.ops if op[0] == "text"]
        words = " ".join(texts).split()
        d = card.dice
        assert card.name in texts and card.number in texts
        note = card_text(d)
        users = [USERS[u].upper() for u in d.users]
        for u in users:                                     # who may use it: a chip each
            assert u in texts, (card.name, u)
        for t in d.traits:
            assert TRAITS[t].upper() in texts, (card.name, t)
        if d.deck == "action":
            note = note.split(".", 1)[1] if users else note  # the first sentence is the users: on the chips
            assert not any(t.startswith(users_text(d) + ".") for t in texts), card.name   # not twice
        assert all(wd in words for wd in note.split()), card.name  # the rules note, word for word
        if d.is_character:
            assert str(d.force) in texts
            if d.power:
                assert d.power in " ".join(texts)
        elif (d.is_aid or d.is_upgrade) and d.force:
            assert f"{d.force:+d}" in texts                # the Force bonus on the badge
        if d.slot in ("suit", "helmet", "boots"):
            assert f"SLOT: {d.slot.upper()}" in texts
        bonuses = [n for n in (d.attacker_force, d.defender_force, d.bonus) if n]
        if d.type == "battle" and len(bonuses) == 1:
            assert texts[0] == f"+{bonuses[0]}", card.name  # the badge: the bonus at a glance


def test_rulebook_has_the_die_note_contents_page_numbers_and_card_lists(built, tmp_path):
    opts, _res, dset = built
    for paper in ("a4", "letter"):
        rb = pypdf.PdfReader(opts.out / "rulebook" / f"derring-dice-rulebook-{paper}.pdf")
        assert len(rb.pages) >= 10
        pages = [" ".join(p.extract_text().split()) for p in rb.pages]
        assert "Derring-Dice" in pages[0] and "You need one six-sided die" in pages[0]   # on the cover
        assert "Contents" in pages[1]
        toc = _texts(rb.pages[1])
        for heading in ("What you need", "1. Contacts", "6. Recovery", "Winning",
                        "Card list: the Recruit deck (188 cards)", "Card list: the Action deck (59 cards)"):
            _t, hx, hy = next(e for e in toc if e[0] == heading)
            number = int(next(t for t, x, y in toc if abs(y - hy) < 1 and x > hx and t.isdigit()))
            assert heading in pages[number - 1], (heading, number)   # the contents give the page it is on
        for i in range(1, len(rb.pages)):                    # a page number at the foot of every page
            assert any(t == str(i + 1) and y < 50 for t, _x, y in _texts(rb.pages[i])), i + 1
        text = " ".join(pages)
        for card in dset.cards:                              # the card lists come from the data
            assert card.number in text and " ".join(card.name.split()) in text, card.name
        assert "You need one six-sided die" in " ".join(pages[2:4])   # again where the rules begin
        assert "In the box" in pages[1] and "Action deck (59 cards)" in pages[1]
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", "1", "-l", "1",
                    str(opts.out / "rulebook" / "derring-dice-rulebook-a4.pdf"), str(tmp_path / "cover")], check=True)
    cover = Image.open(next(tmp_path.glob("cover*.png"))).convert("RGB")
    colours = cover.getcolors(1 << 16)
    assert len(colours) > 20            # the cover shows both backs, not an empty page


def test_counters_have_damage_and_delay_tokens(built):
    opts, _res, _dset = built
    reader = pypdf.PdfReader(opts.out / "counters" / "derring-dice-counters-a4.pdf")
    labels = [t for p in reader.pages for t, _x, _y in _texts(p)]
    assert labels.count("Damage - discs") == labels.count("Delay - squares") == 3
    assert labels.count("Damage - discs worth 5") == 1 and labels.count("5") == 20   # ten discs, ten squares
    assert "Derring-Dice - damage and delay tokens" in labels


def test_manifest_lists_every_dice_file(built):
    opts, res, dset = built
    manifest = json.loads((opts.out / "manifest.json").read_text())
    files = {f["path"]: f for f in manifest["files"]}
    on_disk = {str(p.relative_to(opts.out)) for p in opts.out.rglob("*")
               if p.is_file() and ".cache" not in p.parts and p.name not in ("manifest.json", "MANIFEST.txt")}
    assert set(files) == on_disk
    for paper in ("a4", "letter"):
        for job in dset.jobs:
            assert files[f"home/{job.name}-{paper}.pdf"]["cards"] == len(job.cards)
        assert f"rulebook/derring-dice-rulebook-{paper}.pdf" in files
        assert f"counters/derring-dice-counters-{paper}.pdf" in files
        assert files[f"home/derring-dice-proof-{paper}.pdf"]["cards"] == 247
    for path, f in files.items():
        assert hashlib.sha256((opts.out / path).read_bytes()).hexdigest() == f["sha256"]
        if path.endswith(".pdf"):
            assert f["pages"] == len(pypdf.PdfReader(opts.out / path).pages), path
    assert [j["name"] for j in manifest["jobs"]] == ["derring-dice-recruit", "derring-dice-action"]
    assert build(opts).reused                           # nothing changed: nothing rebuilt


def test_print_shop_profiles_use_each_decks_back(tmp_path):
    data = _small_dice(tmp_path / "data")
    out = tmp_path / "out"
    build(Options(data=data, out=out, games=("dice",), profiles=("tgc", "mpc", "drivethru", "tts"),
                  papers=("a4",), extras=False))
    backs = {}
    for deck in ("recruit", "action"):
        name = f"derring-dice-{deck}"
        for variant, size in (("tgc", (825, 1125)), ("mpc", (822, 1122))):
            files = sorted((out / variant / name).glob("*.png"))
            assert len(files) == {"recruit": 4, "action": 3}[deck] + 1
            for f in files:
                with Image.open(f) as im:
                    assert im.size == size
        backs[deck] = (out / "tgc" / name / "back.png").read_bytes()
        with Image.open(out / "tts" / f"{name}-sheet-1.png") as sheet, Image.open(out / "tts" / f"{name}-back.png") as b:
            cw, ch = sheet.width // 10, sheet.height // 7
            assert sheet.crop((9 * cw, 6 * ch, 10 * cw, 7 * ch)).tobytes() == b.convert("RGB").tobytes()
        reader = pypdf.PdfReader(out / "drivethru" / f"{name}.pdf")
        label = BACKS[deck][4]
        assert [label in [t for t, _x, _y in _texts(p)] for p in reader.pages[:2]] == [True, False]
    assert backs["recruit"] != backs["action"]


def test_default_build_prints_both_games_and_the_second_process_writes_the_same_files(tmp_path):
    data = _data_dir(tmp_path)
    _small_dice(data)
    both = tmp_path / "both"
    build(Options(data=data, out=both, papers=("a4",)))    # default games: Cape Clash and Derring-Dice
    alone = tmp_path / "alone"
    build(Options(data=data, out=alone, papers=("a4",), games=("dice",)))
    m_both = {f["path"]: f["sha256"] for f in json.loads((both / "manifest.json").read_text())["files"]}
    m_alone = {f["path"]: f["sha256"] for f in json.loads((alone / "manifest.json").read_text())["files"]}
    assert "home/all-cards-a4.pdf" in m_both and "rulebook/rulebook-a4.pdf" in m_both
    assert "home/derring-dice-recruit-a4.pdf" in m_both and "home/all-cards-a4.pdf" not in m_alone
    for path, sha in m_alone.items():                      # byte-identical, whichever process wrote it
        assert m_both[path] == sha, path


def test_bad_dice_data_and_cards_that_do_not_fit_are_refused_by_name(tmp_path):
    from engine.core.errors import DataError
    data = _small_dice(tmp_path / "data")
    f = data / "dice" / "recruit.yaml"
    good = f.read_text()
    f.write_text(good.replace("force: 4", "force: lots", 1))
    with pytest.raises(DataError) as e:
        build(Options(data=data, out=tmp_path / "out", games=("dice",)))
    assert "recruit.yaml" in str(e.value) and "force" in str(e.value)
    f.write_text(good.replace("Bruno Bearhug", "Doctor  Skyline!"))   # the same print id as Doctor Skyline
    with pytest.raises(DataError) as e:
        build(Options(data=data, out=tmp_path / "out", games=("dice",)))
    assert "Doctor  Skyline!" in str(e.value) and "doctor-skyline" in str(e.value)
    long_name = "The Incredibly Verbose and Endlessly Talkative Captain Monologue of the Seven Seas"
    f.write_text(good.replace("Doctor Skyline", long_name))
    out = tmp_path / "out2"
    with pytest.raises(PreflightError) as e:
        build(Options(data=data, out=out, games=("dice",)))
    assert long_name in str(e.value) and "R001" in str(e.value) and "doesn't fit" in str(e.value)
    assert not (out / "home").exists()                    # nothing written


def test_command_line_game_option(tmp_path, capsys):
    import argparse

    from printgen import cli
    ap = argparse.ArgumentParser()
    cli.add_arguments(ap)
    assert "Derring-Dice" in "".join(ap.format_help().split()) and "--game" in ap.format_help()
    data = _small_dice(tmp_path / "data")
    out = tmp_path / "out"
    assert cli.run(ap.parse_args(["--data", str(data), "--out", str(out), "--game", "dice", "--quiet",
                                  "--paper", "letter", "--no-extras"])) == 0
    assert sorted(p.name for p in (out / "home").iterdir()) == ["derring-dice-action-letter.pdf",
                                                                 "derring-dice-recruit-letter.pdf"]
    assert cli.run(ap.parse_args(["--deck", "x", "--game", "dice"])) == 2
    assert "--game dice" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli.run(ap.parse_args(["--data", str(empty), "--out", str(out), "--game", "dice", "--quiet"])) == 1
    assert "no Derring-Dice card files" in capsys.readouterr().err


def test_dice_print_doctests():
    import doctest
    import importlib
    for name in ("dice_faces",):
        failed, _ = doctest.testmod(importlib.import_module(f"printgen.{name}"))
        assert failed == 0, name


def test_flavor_text_prints_when_there_is_room_and_gives_way_to_the_rules():
    from engine.dice.cards import DiceCard
    from printgen.dice_faces import dice_context, print_card
    base = {"name": "Mortarman", "type": "hero", "force": 4, "traits": ["strong"], "power": "Set in Stone",
            "abilities": ["defender"]}
    short = dice_face(print_card(DiceCard({**base, "text": "Steady as a bridge pier."}, "recruit"), "R001"),
                      dice_context())
    assert check_layout(short) == [] and "Steady as a bridge pier." in [op[3] for op in short.ops if op[0] == "text"]
    long = dice_face(print_card(DiceCard({**base, "text": "He talks. " * 60}, "recruit"), "R001"), dice_context())
    texts = " ".join(op[3] for op in long.ops if op[0] == "text")
    assert check_layout(long) == [] and "talks" not in texts and "Defender (+3 Force when" in texts


def test_card_art_from_the_dice_folder_is_used_and_checked_for_resolution(tmp_path):
    data = _small_dice(tmp_path / "data")
    art = data / "dice" / "art"
    art.mkdir()
    Image.new("RGB", (700, 420), (10, 200, 30)).save(art / "doctor-skyline.png")
    out = tmp_path / "out"
    build(Options(data=data, out=out, games=("dice",), profiles=("tgc",), papers=("a4",), extras=False))
    with Image.open(out / "tgc" / "derring-dice-recruit" / "R001-doctor-skyline.png") as im:
        assert im.getpixel((im.width // 2, 300)) == (10, 200, 30)   # the middle of the art box
    Image.new("RGB", (200, 120), (10, 200, 30)).save(art / "doctor-skyline.png")
    with pytest.raises(PreflightError) as e:
        build(Options(data=data, out=tmp_path / "out2", games=("dice",), papers=("a4",)))
    assert "Doctor Skyline" in str(e.value) and "DPI" in str(e.value)


def test_both_games_go_through_one_pipeline_with_the_same_wording(tmp_path):
    """Both games' files are written by the one pipeline (``build.write_game``): a deck's print-shop
    files name the brand once, and home sheets printed without backs say so in the manifest."""
    data = _data_dir(tmp_path)
    _small_dice(data)
    out = tmp_path / "out"
    build(Options(data=data, out=out, papers=("a4",), profiles=("home", "drivethru", "tts"), extras=False,
                  backs="none"))
    kinds = {f["path"]: f["kind"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert kinds["home/all-cards-a4.pdf"] == "home sheets (a4, fronts)"
    assert kinds["home/derring-dice-recruit-a4.pdf"] == "Derring-Dice recruit deck home sheets (a4, fronts)"
    assert kinds["drivethru/derring-dice-action.pdf"] == \
        "Derring-Dice action deck DriveThruCards PDF (back then front per card, CMYK)"
    assert len(pypdf.PdfReader(out / "home" / "derring-dice-recruit-a4.pdf").pages) == 1   # 4 cards, no back page
    titles = {name: pypdf.PdfReader(out / "drivethru" / f"{name}.pdf").metadata.title
              for name in ("all-cards", "derring-dice-recruit")}
    assert titles == {"all-cards": "Cape Clash - All cards - DriveThruCards",
                      "derring-dice-recruit": "Derring-Dice - Recruit deck - DriveThruCards"}
    saved = json.loads((out / "tts" / "derring-dice-recruit.json").read_text())
    assert saved["SaveName"] == "Derring-Dice - Recruit deck"
    assert saved["ObjectStates"][0]["Nickname"] == "Recruit deck"


def test_every_dice_card_has_its_own_picture_and_a_bad_one_is_refused_by_name(built, tmp_path):
    """Each Derring-Dice card names a game-icons.net picture (``art: {icon: NAME}``), drawn white on a
    medallion in its family's colour, as Cape Clash's cards; no two cards share one. An icon the set doesn't
    have is refused by preflight, naming the card and the icon; a malformed art field by the loader."""
    from engine.core.errors import DataError
    from printgen.dice_faces import ART_TOP, SW, SX0
    from printgen.gameicons import icon_path
    from printgen.render import render_png
    _opts, _res, dset = built
    icons = [c.art_icon for c in dset.cards]
    assert all(icons) and len(set(icons)) == len(icons) == 247
    for card in dset.cards:
        d, box = icon_path(card.art_icon)
        assert d[0] in "Mm" and box == (0, 0, 512, 512)
        assert [op[1] for op in dice_face(card, dset.ctx).ops if op[0] == "shape"] == [card.art_icon], card.name
    # two heroes of one trait: two different pictures, the icon's white on the medallion
    a, b = [c for c in dset.cards if c.type == "hero" and c.dice.traits[:1] == ("strong",)][:2]
    k = 300 / 72
    crops = [render_png(dice_face(c, dset.ctx).ops).crop((round(SX0 * k), round(ART_TOP * k), round((SX0 + SW) * k),
                                                          round((ART_TOP + 60) * k))) for c in (a, b)]
    assert crops[0].tobytes() != crops[1].tobytes() and crops[0].convert("L").getextrema()[1] >= 250
    data = _small_dice(tmp_path / "data")
    f = data / "dice" / "recruit.yaml"
    good = f.read_text()
    first = yaml.safe_load(good)["cards"][0]
    f.write_text(good.replace(f"icon: {first['art']['icon']}", "icon: luchadorz", 1))
    with pytest.raises(PreflightError) as e:
        build(Options(data=data, out=tmp_path / "out", games=("dice",)))
    assert first["name"] in str(e.value) and "no icon 'luchadorz'" in str(e.value)
    f.write_text(good.replace(f"icon: {first['art']['icon']}", "icon: Not An Icon", 1))
    with pytest.raises(DataError) as e:
        build(Options(data=data, out=tmp_path / "out2", games=("dice",)))
    assert "recruit.yaml" in str(e.value) and first["name"] in str(e.value) and "art" in str(e.value)
