"""Soak tests for both games (``engine.core.protocol``): thousands of random-policy games, the
ruleset's invariants after every action (``engine.core.checks.violations``), exact replays, and
hidden cards that never show.

Random games (``test_soak_random_games_keep_every_invariant``, one per game): after each action
the ruleset's invariants hold (Cape Clash: every card in exactly one zone, no character with both
kinds of counters, no face-up character with DEF 0 or less, no view showing a hidden card;
Derring-Dice: every card in one place, damage within Force, aids in their slots, someone to act);
and in the games replayed in step (every third Cape Clash game, every 40th dice game) a second game
built from the same config and fed the recorded actions (as JSON) is in the same state (Cape
Clash's deck order is compared through the full state hash at the end). That replay forgets
everything it worked out after each action (``drop_caches``, where the game has caches), as a
game freshly replayed to that point would: its views and legal actions must equal the live
game's, which asked for them all along (a stale cache shows there first). At the end, a fresh
``replay()`` and a loaded save reach the same state hash and views.

Hidden cards (``test_soak_hidden_cards_never_show_and_views_match_a_fresh_replay``): random games
(Cape Clash with decks dealt at random from every card in card_data, in the five modes) in which,
after every action, one viewer in turn sees exactly the same view and log lines as in a copy
whose hidden cards were dealt again (``checks.apply_checking_secrets``), the view as it stands
does not depend on them either (``checks.view_leaks``), and the live game's views match a replay's.

CAPECLASH_SOAK_GAMES sets the number of Cape Clash games (default 300; 2000 for a long run),
CAPECLASH_REPLAY_EVERY which of them are replayed in step (default 3: every third; 1 for a long run:
a game replayed in step costs three times the CPU of one that is not),
CAPECLASH_SECRET_GAMES those of the hidden-card soak (default 40), DICE_SOAK_GAMES and
DICE_SECRET_GAMES the dice game's (700 and 60; 3000 and 300 for a long run); the games are spread over the machine's cores.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine.core import checks
from engine.core.actions import Action
from engine.core.protocol import ruleset
from engine.core.rng import Rng

GAMES = {"capeclash": int(os.environ.get("CAPECLASH_SOAK_GAMES", "300")),
         "dice": int(os.environ.get("DICE_SOAK_GAMES", "700"))}
PATTERNS = "capeclash-patterns"  # the hidden-card soak with decks of pattern cards
SECRET_GAMES = {"capeclash": int(os.environ.get("CAPECLASH_SECRET_GAMES", "40")),
                "dice": int(os.environ.get("DICE_SECRET_GAMES", "60")),
                PATTERNS: int(os.environ.get("CAPECLASH_PATTERN_SECRET_GAMES", "40"))}
# Cape Clash: (mode, players, share of the games)
MIX = [("duel", 2, 0.5), ("ffa", 3, 0.2), ("ffa", 4, 0.1), ("2v2", 4, 0.1), ("two_headed", 4, 0.1)]
SECRET_MIX = [("duel", 2), ("ffa", 3), ("ffa", 4), ("2v2", 4), ("two_headed", 4)]
DICE_REPLAY_EVERY = 40   # dice games replayed in step (the others: invariants only)
CAPECLASH_REPLAY_EVERY = int(os.environ.get("CAPECLASH_REPLAY_EVERY", "3"))  # the same for Cape Clash
MAX_ACTIONS = 5000       # a dice game capped at 30 turns ends well before
_POOLS: dict = {}


def _pool(game: str, full: bool = False):
    key = (game, full)
    if key not in _POOLS:
        if game == "capeclash" and not full:
            from engine.capeclash.testing import test_pool
            _POOLS[key] = test_pool()
        else:
            _POOLS[key] = ruleset(game).load_pool()
    return _POOLS[key]


# ---------------------------------------------------------------- the games each soak plays

def schedule(game: str, n: int) -> list[dict]:
    """The random games of the invariant soak: a config, the random generator's seed, and whether
    a second game follows in step."""
    jobs = []
    if game == "capeclash":
        from engine.capeclash.testing import test_decks
        decks = test_decks()
        for mode, players, share in MIX:
            for seed in range(max(1, round(n * share))):
                config = {"mode": mode, "seed": seed,
                          "players": [{"name": f"P{i + 1}", "deck": decks[i % 2]} for i in range(players)]}
                jobs.append({"game": game, "label": f"{mode} {players} seed {seed}", "mode": mode, "config": config,
                             "rng": seed * 1000003 + players, "lockstep": len(jobs) % CAPECLASH_REPLAY_EVERY == 0})
    else:
        for k in range(n):
            jobs.append({"game": game, "label": f"game {k}", "mode": "dice", "rng": k * 7919 + 1,
                         "config": {"seed": 10_000 + k, "options": {"max_turns": 30}},
                         "lockstep": k % DICE_REPLAY_EVERY == 0})
    return jobs


def secret_config(game: str, seed: int) -> tuple[str, dict, Rng]:
    """A hidden-card soak game: its mode, config and random generator. ``capeclash-patterns``: Cape
    Clash with decks full of pattern cards that look at, reveal, play and mill cards of a deck
    (``testing.pattern_deck``)."""
    if game in ("capeclash", PATTERNS):
        from engine.capeclash.testing import pattern_deck, random_deck
        deal = pattern_deck if game == PATTERNS else random_deck
        mode, players = SECRET_MIX[seed % len(SECRET_MIX)]
        r = Rng(seed * 7919 + 3 + (500_009 if game == PATTERNS else 0))
        pool = _pool("capeclash", full=True)
        return mode, {"mode": mode, "seed": seed, "max_turns": 30,
                      "players": [{"name": f"P{i + 1}", "deck": deal(pool, r, f"random {i}")}
                                  for i in range(players)]}, r
    return "dice", {"seed": 50_000 + seed, "options": {"max_turns": 30}}, Rng(seed * 31 + 7)


# ---------------------------------------------------------------- random games keep every invariant

def soak_one(job: dict) -> dict:
    rs = ruleset(job["game"])
    pool = _pool(job["game"])
    g = rs.new_game(pool, job["config"])
    # the replay: a second game from the same config, fed only the recorded actions (as JSON)
    replay = rs.new_game(pool, job["config"]) if job["lockstep"] else None
    r = Rng(job["rng"])
    problems: list[str] = []
    seen_events = 0
    if replay is not None and replay.state_json() != g.state_json():
        problems.append("the starting position differs on replay")
    viewers = checks.seats(g)
    while not g.is_over and not problems and len(g.actions) < MAX_ACTIONS:
        p = g.to_act[0]
        acts = g.legal_actions(p)
        if not acts:
            problems.append(f"player {p} must act but has no legal action")
            break
        g.apply(acts[r.below(len(acts))])
        bad = checks.violations(g, views=True, events_since=seen_events)
        seen_events = len(g.events)
        if bad:
            problems += [f"after action {len(g.actions)} ({g.actions[-1]}): {b}" for b in bad[:5]]
        if replay is None:
            continue
        replay.apply_unchecked(Action.from_json(json.loads(json.dumps(g.actions[-1]))))
        _drop_caches(replay)
        if replay.state_json(skip_decks=True) != g.state_json(skip_decks=True):
            problems.append(f"replay diverges after action {len(g.actions)} ({g.actions[-1]})")
        problems += _views_differ(g, replay, viewers[len(g.actions) % len(viewers)])
        _drop_caches(replay)  # the replay applies its next action from a fresh start too
    if not g.is_over and not problems:
        problems.append(f"the game does not end within {MAX_ACTIONS} actions")
    if not problems and replay is not None:
        if replay.state_hash() != g.state_hash():
            problems.append("replayed game ends with a different state hash")
        fresh = g.replay()
        loaded = rs.load(pool, json.loads(json.dumps(g.save())))
        for v in viewers:
            problems += _views_differ(g, fresh, v) + _views_differ(g, loaded, v)
    w = (g.result or {}).get("winners") or []
    return {"job": job["label"], "mode": job["mode"], "actions": len(g.actions), "over": g.is_over,
            "problems": problems, "winner": _side(g, w[0]) if w else "draw"}


def _side(g, seat: int) -> str:
    pl = g.players[seat]
    return pl["side"] if isinstance(pl, dict) else str(seat)


def _drop_caches(g) -> None:
    drop = getattr(g, "drop_caches", None)  # Cape Clash's shortcuts (engine.capeclash.caches)
    if drop is not None:
        drop()


@pytest.mark.parametrize("game", ["capeclash", "dice"])
def test_soak_random_games_keep_every_invariant(game):
    jobs = schedule(game, GAMES[game])
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(soak_one, jobs, chunksize=8))
    failures = [r for r in results if r["problems"]]
    assert not failures, "\n".join(f"{r['job']}: {p}" for r in failures[:5] for p in r["problems"][:3])
    assert all(r["over"] for r in results), "every game must reach an end"
    print(f"\n{game}: {len(results)} random games, {sum(r['actions'] for r in results)} actions")
    if game == "capeclash":
        assert len(results) >= GAMES[game] - len(MIX)
        assert {r["mode"] for r in results} == {"duel", "ffa", "2v2", "two_headed"}
        # every mode has games replayed in step (every third game by default)
        assert {j["mode"] for j in jobs if j["lockstep"]} == {"duel", "ffa", "2v2", "two_headed"}
    else:
        ends = {side: sum(r["winner"] == side for r in results) for side in ("bad", "good", "draw")}
        assert sum(ends.values()) == GAMES[game]
        # both sides win some random games, and most games finish before the cap
        assert ends["bad"] > 0 and ends["good"] > 0, ends
        assert ends["draw"] < GAMES[game] // 2, ends


def _views_differ(live, fresh, viewer: int | None) -> list[str]:
    """Does ``viewer`` see the same in both games, and may the players to act do the same?"""
    where = f"after action {len(live.actions)} ({live.actions[-1] if live.actions else None}): the live game's"
    a, b = live.view(viewer), fresh.view(viewer)
    if a != b:
        keys = sorted(k for k in a if a[k] != b.get(k))
        return [f"{where} view for {viewer} differs from a fresh replay's in {', '.join(keys)}"]
    for p in live.to_act:
        mine, theirs = live.legal_actions(p), fresh.legal_actions(p)
        if set(mine) != set(theirs):
            return [f"{where} legal actions differ from a fresh replay's: "
                    f"{sorted(map(str, set(mine) ^ set(theirs)))[:4]}"]
    return []


# ---------------------------------------------------------------- hidden cards stay hidden

def secret_one(job: tuple[str, int]) -> dict:
    game, seed = job
    rules = "capeclash" if game == PATTERNS else game
    rs = ruleset(rules)
    mode, config, r = secret_config(game, seed)
    pool = _pool(rules, full=True)
    g, replay = rs.new_game(pool, config), rs.new_game(pool, config)
    shuffle = Rng(seed + 17) if rules == "capeclash" else Rng(seed)
    viewers = checks.seats(g)
    leaks: list[str] = []
    problems: list[str] = []
    while not g.is_over and len(leaks) + len(problems) < 5:
        acts = g.legal_actions(g.to_act[0])
        a = acts[r.below(len(acts))]
        viewer = viewers[len(g.actions) % len(viewers)]
        leaks += checks.view_leaks(g, viewer, shuffle)
        leaks += checks.apply_checking_secrets(g, a, shuffle, [viewer])
        replay.apply_unchecked(a)
        _drop_caches(replay)
        problems += _views_differ(g, replay, viewers[(len(g.actions) + 1) % len(viewers)])
        _drop_caches(replay)
    shown = sum(e.type in ("look", "reveal", "play_from") for e in g.events) if rules == "capeclash" else 0
    return {"seed": seed, "mode": mode, "actions": len(g.actions), "leaks": leaks, "problems": problems,
            "shown": shown}


@pytest.mark.parametrize("game", ["capeclash", "dice"])
def test_soak_hidden_cards_never_show_and_views_match_a_fresh_replay(game):
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(secret_one, [(game, s) for s in range(SECRET_GAMES[game])], chunksize=2))
    leaks = [f"seed {r['seed']} ({r['mode']}): {x}" for r in results for x in r["leaks"]]
    problems = [f"seed {r['seed']} ({r['mode']}): {x}" for r in results for x in r["problems"]]
    print(f"\n{game}: {len(results)} games, {sum(r['actions'] for r in results)} actions: {len(leaks)} leaks")
    assert not leaks, "\n".join(leaks[:5])
    assert not problems, "\n".join(problems[:5])
    if game == "capeclash":
        assert {r["mode"] for r in results} >= {"duel", "ffa", "2v2", "two_headed"}


@pytest.mark.soak
def test_soak_hidden_cards_with_pattern_cards_that_look_reveal_and_play_from_a_deck():
    """The hidden-card soak (above) with decks dealt mostly from the pattern catalogue's cards that look
    at, reveal, play or mill cards of a deck (``testing.pattern_deck``), which random decks never
    hold: a card only its looker saw never shows in another seat's view or log, a revealed card is
    public only as it is revealed (``ruleset.shown_by``), and the games are the same on a replay."""
    workers = max(1, min(os.cpu_count() or 1, 4))
    n = SECRET_GAMES[PATTERNS]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(secret_one, [(PATTERNS, s) for s in range(n)], chunksize=2))
    leaks = [f"seed {r['seed']} ({r['mode']}): {x}" for r in results for x in r["leaks"]]
    problems = [f"seed {r['seed']} ({r['mode']}): {x}" for r in results for x in r["problems"]]
    shown = sum(r["shown"] for r in results)
    print(f"\n{PATTERNS}: {len(results)} games, {sum(r['actions'] for r in results)} actions, {shown} looks, "
          f"reveals and plays from a zone: {len(leaks)} leaks")
    assert not leaks, "\n".join(leaks[:5])
    assert not problems, "\n".join(problems[:5])
    assert shown >= n, "the pattern cards' deck verbs must meet the checker"  # (about a dozen a game)
