"""``capeclash simulate``: the same games whatever the worker count or backend, the printed
summary, the JSON file, errors on bad decks, and the dice game through the same command.

The games are kept cheap (the ``simple`` and ``normal`` levels, a handful of seeds): what is
checked is that the jobs, workers and backends agree game for game, not the AI's strength."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from apps import cli
from apps.simulate import DICE_SIDES, execute, load_world, make_jobs, summarize

TESTSET = ["--cards", "card_data/testset"]  # a small pool: loading the whole card_data is slower
TESTBED = ["--deck", "deck-dawnwatch", "--deck", "deck-gloom", *TESTSET]


def simulate(capsys, *argv):
    rc = cli.main(["simulate", "--no-progress", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


def games_of(path) -> list[tuple]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(g["index"], g["seed"], tuple(g["levels"]), tuple(g["deck_index"]), tuple(g["winners"]), g["turns"],
             g["actions"], g["hash"]) for g in data["games"]]


# ------------------------------------------------------------------ the jobs

def test_every_deck_meets_every_level_in_every_seat():
    jobs = make_jobs(2, ["normal", "random"], 8, seed=10)
    assert [j["seed"] for j in jobs] == list(range(10, 18))
    combos = Counter((j["decks"][s], j["levels"][s], s) for j in jobs for s in range(2))
    assert set(combos) == {(d, lv, s) for d in (0, 1) for lv in ("normal", "random") for s in (0, 1)}
    assert set(combos.values()) == {2}
    # a level is never tied to a deck
    assert Counter((j["decks"][0], j["levels"][0]) for j in jobs) == {(0, "normal"): 2, (1, "normal"): 2,
                                                                     (0, "random"): 2, (1, "random"): 2}


def test_pairs_swap_seats_and_take_their_own_seeds():
    jobs = make_jobs(3, ["normal"], 4, seed=1, pairs=[(0, 1), (0, 2), (1, 2)])
    assert len(jobs) == 12
    assert len({j["seed"] for j in jobs}) == 12
    for k in range(3):
        group = jobs[4 * k:4 * k + 4]
        assert Counter(tuple(j["decks"]) for j in group) == Counter({tuple(group[0]["decks"]): 2,
                                                                    tuple(group[0]["decks"][::-1]): 2})


# ------------------------------------------------------------------ workers and backends

@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    """Six games on one worker (in this process), through the command line."""
    path = tmp_path_factory.mktemp("sim") / "one.json"
    rc = cli.main(["simulate", "--no-progress", *TESTBED, "--ai", "normal", "--ai", "simple", "--games", "6",
                   "--seed", "40", "--workers", "1", "--json", str(path)])
    assert rc == 0
    return path


def test_same_seed_same_games_with_one_and_two_workers(one_worker, tmp_path, capsys):
    two = tmp_path / "two.json"
    rc, out, _ = simulate(capsys, *TESTBED, "--ai", "normal", "--ai", "simple", "--games", "6", "--seed", "40",
                          "--workers", "2", "--json", str(two))
    assert rc == 0
    assert "local backend, 2 worker(s)" in out
    a, b = games_of(one_worker), games_of(two)
    assert len(a) == 6
    assert a == b  # game for game: seeds, seats, winners, lengths, final state hashes
    assert len({g[-1] for g in a}) == 6  # six different games
    assert {g[4] for g in a} <= {(0,), (1,)}  # every game decided


def test_ray_backend_matches_the_local_pool_game_for_game(tmp_path, capsys):
    """A local Ray instance (2 CPUs) plays the same jobs as the process pool."""
    import ray  # noqa: F401 - a dev dependency: without it this test fails, it does not skip
    local, remote = tmp_path / "local.json", tmp_path / "ray.json"
    args = [*TESTBED, "--ai", "simple", "--games", "4", "--seed", "7"]
    assert simulate(capsys, *args, "--workers", "2", "--json", str(local))[0] == 0
    rc, out, _ = simulate(capsys, *args, "--workers", "2", "--backend", "ray", "--json", str(remote))
    assert rc == 0
    assert "ray backend, 2 worker(s)" in out
    a, b = games_of(local), games_of(remote)
    assert len(a) == 4
    assert a == b
    assert json.loads(remote.read_text())["backend"] == "ray"


# ------------------------------------------------------------------ what it prints and writes

def test_prints_wins_draws_first_player_and_length(one_worker, tmp_path, capsys):
    path = tmp_path / "again.json"
    rc, out, err = simulate(capsys, *TESTBED, "--ai", "normal", "--ai", "simple", "--games", "6", "--seed", "40",
                            "--workers", "1", "--json", str(path))
    assert rc == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    games = data["games"]
    assert games_of(path) == games_of(one_worker)
    decided = [g for g in games if len(g["winners"]) == 1]
    wins = Counter(g["deck_index"][g["winners"][0]] for g in decided)
    for i, name in enumerate(data["decks"]):
        m = re.search(rf"^  {re.escape(name)} +wins +([\d.]+) of +(\d+) +([\d.]+) %", out, re.M)
        assert m, f"no line for {name}"
        assert float(m.group(1)) == wins[i] and int(m.group(2)) == 6
    by_level = Counter(g["levels"][g["winners"][0]] for g in decided)
    for lv in ("normal", "simple"):
        m = re.search(rf"^  AI {lv} +wins +([\d.]+) of +(\d+)", out, re.M)
        assert m and float(m.group(1)) == by_level[lv] and int(m.group(2)) == 6
    first = sum(1 for g in decided if g["winners"][0] in g["first"])
    m = re.search(r"first player wins ([\d.]+) of (\d+) decided games", out)
    assert m and float(m.group(1)) == first and int(m.group(2)) == len(decided)
    assert re.search(rf"^  draws {6 - len(decided)}$", out, re.M)
    turns = [g["turns"] for g in games]
    m = re.search(r"game length: ([\d.]+) turns on average \(median ([\d.]+), (\d+)-(\d+)\)", out)
    assert m and float(m.group(1)) == pytest.approx(sum(turns) / 6, abs=0.05)
    assert (int(m.group(3)), int(m.group(4))) == (min(turns), max(turns))
    assert f"wrote {path}" in out
    assert "Traceback" not in err


def test_json_file_is_complete_and_consistent(one_worker):
    data = json.loads(one_worker.read_text(encoding="utf-8"))
    assert data["game"] == "capeclash" and data["mode"] == "duel"
    assert data["decks"] == ["Testbed Dawnwatch", "Testbed Gloom Syndicate"]
    assert data["levels"] == ["normal", "simple"] and data["workers"] == 1 and data["seed"] == 40
    games = data["games"]
    assert [g["index"] for g in games] == list(range(6))
    assert [g["seed"] for g in games] == list(range(40, 46))
    for g in games:
        assert set(g) >= {"winners", "reason", "turns", "actions", "first", "level_up", "played", "hash", "decks"}
        assert g["turns"] > 0 and g["actions"] > g["turns"]
        assert all(lu is None or 1 <= lu <= g["turns"] for lu in g["level_up"])
    s = data["summary"]
    assert s["games"] == 6
    assert sum(e["wins"] for e in s["decks"].values()) + s["draws"] == 6
    assert s["first_player"]["games"] == 6 - s["draws"]
    lo, hi = s["first_player"]["ci95"]
    assert lo <= s["first_player"]["rate"] <= hi
    # summarize() recomputes the same numbers from the games alone
    assert json.loads(json.dumps(summarize(games, data["decks"]))) == s


def test_bad_deck_gives_a_clear_error(tmp_path, capsys):
    missing = tmp_path / "deck-missing.yaml"
    rc, out, err = simulate(capsys, "--deck", str(missing), "--deck", "deck-gloom", "--games", "1", *TESTSET)
    assert rc == 1
    assert str(missing) in err and "no deck file" in err
    assert "Traceback" not in err and "games in" not in out
    broken = tmp_path / "deck-broken.yaml"
    broken.write_text("name: Broken\nmain: baron-dusk-1\ncards:\n  gloom-imp: 4\n  not-a-card: 2\n", encoding="utf-8")
    rc, _, err = simulate(capsys, "--deck", str(broken), "--deck", "deck-gloom", "--games", "1", *TESTSET)
    assert rc == 1
    assert f"{broken}:5, card 'not-a-card'" in err  # the file, the card's own line and the card
    assert "60 cards" in err  # and every other problem of the file
    rc, _, err = simulate(capsys, "--deck", "deck-gloom", "--games", "1")
    assert rc == 2 and "at least two --deck" in err


# ------------------------------------------------------------------ the dice game

def test_dice_game_through_the_same_command(tmp_path, capsys):
    from apps.dice_cli import play_one
    from engine.dice import load_pool
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    args = ["--game", "dice", "--ai", "normal", "--ai", "random", "--games", "8", "--seed", "3"]
    rc, out, _ = simulate(capsys, *args, "--workers", "1", "--json", str(one))
    assert rc == 0
    assert out.startswith("Derring-Dice: bad guys vs good guys, AI normal / random, seeds 3-10")
    assert simulate(capsys, *args, "--workers", "2", "--json", str(two))[0] == 0
    assert games_of(one) == games_of(two)
    data = json.loads(one.read_text(encoding="utf-8"))
    assert data["game"] == "dice" and data["decks"] == list(DICE_SIDES)
    pool = load_pool()
    for g in data["games"]:
        assert g["decks"] == ["bad", "good"] and g["first"] == [0]  # the bad guys move first
        # the very game the dice package's own simulator plays for these levels and seed
        bad, good = g["levels"]
        ref = play_one(pool, bad, good, g["seed"])
        assert ref["hash"] == g["hash"] and ref["turns"] == g["turns"]
        assert ref["winner"] == ("draw" if not g["winners"] else g["decks"][g["winners"][0]])
    assert Counter(tuple(g["levels"]) for g in data["games"]) == {("normal", "random"): 4, ("random", "normal"): 4}
    s = data["summary"]
    assert s["decks"]["bad guys"]["wins"] + s["decks"]["good guys"]["wins"] + s["draws"] == 8
    assert f"bad guys                         wins {s['decks']['bad guys']['wins']:7.1f} of    8" in out
    rc, _, err = simulate(capsys, "--game", "dice", "--deck", "deck-gloom", "--deck", "deck-dawnwatch")
    assert rc == 2 and "no --deck" in err


def test_execute_and_summary_from_python():
    """The module's functions, as a notebook would use them."""
    world = load_world(["deck-dawnwatch", "deck-gloom"], ["card_data/testset"])
    jobs = make_jobs(2, ["simple"], 2, seed=5)
    res = execute(jobs, world, 1, show=False)
    s = summarize(res, [d.name for d in world[1]])
    assert s["games"] == 2 and s["levels"]["simple"]["seats"] == 4
