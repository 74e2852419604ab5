"""``capeclash balance``: a small run writes the page, the charts and report.json, and the
numbers in them agree with each other and with the games actually played."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from PIL import Image

from apps import cli
from apps.simulate import execute, load_world, make_jobs

DECKS = ["deck-ember-oath", "deck-rime-court", "deck-skylark-wing"]
GAMES = 4  # per pair
CHARTS = ["matrix.png", "first_player.png", "lengths.png", "mains.png", "levelup.png", "cards.png"]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance")
    rc = cli.main(["balance", "--decks", *DECKS, "--games", str(GAMES), "--ai", "simple", "--seed", "11",
                   "--workers", "1", "--out", str(out), "--no-progress"])
    assert rc == 0
    return out, json.loads((out / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def games():
    """The same games, played again through the simulation jobs (they depend on their seed alone)."""
    pool, decks = load_world(DECKS)
    pairs = [(0, 1), (0, 2), (1, 2)]
    return execute(make_jobs(3, ["simple"], GAMES, 11, pairs=pairs), (pool, decks), 1, show=False), pool, decks


def test_writes_the_page_the_charts_and_the_numbers(report):
    out, r = report
    for name in ["index.html", "report.json", *CHARTS]:
        assert (out / name).stat().st_size > 1000, name
    for name in CHARTS:
        with Image.open(out / name) as im:
            assert im.format == "PNG" and im.width >= 400 and im.height >= 200
            colours = im.convert("RGB").getcolors(1 << 20)
            assert len(colours) > 20, f"{name} looks blank"  # text, bars, cells: many colours
    assert r["meta"] == {**r["meta"], "levels": ["simple"], "games_per_pair": GAMES, "seed": 11, "workers": 1}
    assert set(r) >= {"matrix", "first_player", "lengths", "mains", "cards", "draws", "within_target"}


def test_matrix_cells_add_up_with_draws_to_the_games(report):
    _, r = report
    n = len(DECKS)
    assert r["games"] == GAMES * n * (n - 1) // 2
    draws = 0.0
    for i in range(n):
        assert r["matrix"][i][i] is None
        for j in range(i + 1, n):
            a, b = r["matrix"][i][j], r["matrix"][j][i]
            assert a["games"] == b["games"] == GAMES
            assert a["wins"] + b["wins"] <= GAMES
            draws += GAMES - a["wins"] - b["wins"]
            for c in (a, b):
                assert c["rate"] == pytest.approx(c["wins"] / c["games"])
                lo, hi = c["ci95"]
                assert 0 <= lo <= c["rate"] <= hi <= 1
                assert hi - lo > 0.3  # four games say little: the interval is wide
    assert draws == r["draws"]


def test_first_player_lengths_and_mains_agree(report):
    _, r = report
    total, decided = r["games"], r["games"] - r["draws"]
    fp = r["first_player"]
    assert fp["games"] == decided
    assert 0 <= fp["wins"] <= decided and fp["rate"] == pytest.approx(fp["wins"] / decided)
    assert fp["ci95"][0] <= fp["rate"] <= fp["ci95"][1]
    assert sum(v["games"] for v in fp["by_deck"].values()) == decided
    assert sum(v["wins"] for v in fp["by_deck"].values()) == pytest.approx(fp["wins"])
    lengths = r["lengths"]
    assert len(lengths["turns"]) == total and lengths["turns"] == sorted(lengths["turns"])
    assert lengths["mean"] == pytest.approx(sum(lengths["turns"]) / total)
    mains = r["mains"]
    assert len(mains) == len(DECKS)
    assert sum(m["games"] for m in mains.values()) == 2 * total  # two seats a game
    assert sum(m["wins"] for m in mains.values()) == pytest.approx(decided)  # one winner a decided game
    for m in mains.values():
        assert m["games"] == 2 * GAMES  # each deck plays two pairs
        assert m["levelled"] <= m["games"] and m["level_up_rate"] == pytest.approx(m["levelled"] / m["games"])
        if m["levelled"]:
            assert 1 <= m["avg_level_up_turn"] <= max(lengths["turns"])
        else:
            assert m["avg_level_up_turn"] is None


def test_numbers_match_the_games_played(report, games):
    """Recount from the game records: the matrix, the level-ups and every card's play counts."""
    _, r = report
    results, pool, decks = games
    names = [d.name for d in decks]
    assert r["decks"] == names
    wins = Counter()
    level_turns: dict[str, list[int]] = {}
    played = Counter()
    won_played = Counter()
    for g in results:
        (w,) = g["winners"] or (None,)
        for seat, d in enumerate(g["deck_index"]):
            if w == seat:
                wins[(d, g["deck_index"][1 - seat])] += 1
            main = pool[decks[d].main].name
            if g["level_up"][seat] is not None:
                level_turns.setdefault(main, []).append(g["level_up"][seat])
            for cid in set(g["played"][seat]):
                played[cid] += 1
                won_played[cid] += w == seat
    for (i, j), k in wins.items():
        assert r["matrix"][i][j]["wins"] == k
    for main, m in r["mains"].items():
        turns = level_turns.get(main, [])
        assert m["levelled"] == len(turns)
        assert m["avg_level_up_turn"] == (pytest.approx(sum(turns) / len(turns)) if turns else None)
    by_id = {c["id"]: c for c in r["cards"]}
    assert set(by_id) == {cid for d in decks for cid in d.cards}
    for cid, c in by_id.items():
        # a card is counted in every game of every deck that holds it
        assert c["games"] == sum(2 * GAMES for d in decks if cid in d.cards)
        assert c["played"] == played[cid]
        assert c["play_rate"] == pytest.approx(played[cid] / c["games"])
        assert c["win_rate_played"] == (pytest.approx(won_played[cid] / played[cid]) if played[cid] else None)
    assert sum(played.values()) > 20  # cards were played: the counts above are not all zero


def test_page_shows_the_numbers_and_the_charts(report):
    out, r = report
    page = (out / "index.html").read_text(encoding="utf-8")
    for name in CHARTS:
        assert f'src="{name}"' in page
    assert f"{r['games']} games" in page
    for row in r["matrix"]:
        for c in row:
            if c is not None:
                assert f"{100 * c['rate']:.1f} %<br><small>{100 * c['ci95'][0]:.1f}-{100 * c['ci95'][1]:.1f} %" in page
    fp = r["first_player"]
    assert f"The first player won {fp['wins']:.1f} of {fp['games']:.0f} decided games" in page
    for main in r["mains"]:
        assert f"<td>{main}</td>" in page
    assert len(re.findall(r"<tr><td>", page)) == len(r["mains"]) + len(r["cards"])


def test_balance_errors(tmp_path, capsys):
    assert cli.main(["balance", "--decks", "deck-gloom", "--out", str(tmp_path)]) == 2
    assert "at least two decks" in capsys.readouterr().err
    assert cli.main(["balance", "--decks", "deck-gloom", str(tmp_path / "deck-nope.yaml"), "--out",
                     str(tmp_path), "--cards", "card_data/testset"]) == 1
    err = capsys.readouterr().err
    assert str(tmp_path / "deck-nope.yaml") in err and "no deck file" in err
    assert not (tmp_path / "index.html").exists()
