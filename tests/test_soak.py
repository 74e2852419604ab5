"""Soak test: thousands of random-policy games in every mode, invariants after every action.

After each action: every card is in exactly one zone; no character holds both
kinds of counters; no face-up character has DEF 0 or less; no view (each
player's and the spectator's) shows a hidden card; a second game built from the
same seed and fed the recorded actions (as JSON) is in the same state (decks'
order included; the cards lying in decks are compared through the full state
hash at the end of the game). That replay forgets everything it worked out after
each action (``Game.drop_caches``), as a game freshly replayed to that point
would: its views and legal actions must equal the live game's, which asked for
them all along (a stale cache shows there first). At the end, a fresh
``replay()`` shows the same views.

The second soak plays decks dealt at random from every card in card_data, in the
five modes, and checks after every action that what a player sees (their view,
their lines of the log) does not depend on the cards hidden from them: the same
action applied to a copy in which those cards were dealt again must look the
same to them (``engine.core.checks.apply_checking_secrets``; one viewer per action, in
turn). It also compares the live game's views with a fresh replay's.

CAPECLASH_SOAK_GAMES sets the number of games (default 600; 2000 for a long run),
CAPECLASH_SECRET_GAMES those of the second soak (default 40); the games are
spread over the machine's cores.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor

from engine.capeclash import invariants
from engine.capeclash.game import Game
from engine.capeclash.testing import CARD_DATA, random_deck, sample_game
from engine.core import checks
from engine.core.actions import Action
from engine.core.rng import Rng

GAMES = int(os.environ.get("CAPECLASH_SOAK_GAMES", "600"))
SECRET_GAMES = int(os.environ.get("CAPECLASH_SECRET_GAMES", "40"))
# (mode, players, share of the games)
MIX = [("duel", 2, 0.5), ("ffa", 3, 0.2), ("ffa", 4, 0.1), ("2v2", 4, 0.1), ("two_headed", 4, 0.1)]


def schedule(n: int) -> list[tuple[str, int, int]]:
    jobs = []
    for mode, players, share in MIX:
        k = max(1, round(n * share))
        jobs += [(mode, players, seed) for seed in range(k)]
    return jobs


def soak_one(job: tuple[str, int, int]) -> dict:
    mode, players, seed = job
    g = sample_game(seed=seed, mode=mode, players=players)
    # the replay: a second game from the same seed, fed only the recorded actions (as JSON)
    replay = sample_game(seed=seed, mode=mode, players=players)
    r = Rng(seed * 1000003 + players)
    problems: list[str] = []
    seen_events = 0
    if replay.state_json() != g.state_json():
        problems.append("the starting position differs on replay")
    while not g.is_over and not problems:
        p = g.to_act[0]
        acts = g.legal_actions(p)
        if not acts:
            problems.append(f"player {p} must act but has no legal action ({g.decision})")
            break
        g.apply(acts[r.below(len(acts))])
        bad = invariants.all_violations(g, views=True, events_since=seen_events)
        seen_events = len(g.events)
        if bad:
            problems += [f"after action {len(g.actions)} ({g.actions[-1]}): {b}" for b in bad[:5]]
        replay._apply(Action.from_json(json.loads(json.dumps(g.actions[-1]))))
        replay.drop_caches()
        if replay.state_json(skip_decks=True) != g.state_json(skip_decks=True):
            problems.append(f"replay diverges after action {len(g.actions)} ({g.actions[-1]})")
        problems += _views_differ(g, replay, [None, *range(players)][len(g.actions) % (players + 1)])
        replay.drop_caches()  # the replay applies its next action from a fresh start too
    if not problems and replay.state_hash() != g.state_hash():
        problems.append("replayed game ends with a different state hash")
    if not problems:
        fresh = g.replay()
        for v in [None, *range(players)]:
            problems += _views_differ(g, fresh, v)
    return {"job": job, "actions": len(g.actions), "turns": g.turn, "over": g.is_over,
            "problems": problems}


def test_soak_random_games_keep_every_invariant():
    jobs = schedule(GAMES)
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(soak_one, jobs, chunksize=8))
    failures = [r for r in results if r["problems"]]
    assert not failures, "\n".join(f"{r['job']}: {p}" for r in failures[:5] for p in r["problems"][:3])
    assert len(results) >= GAMES - len(MIX)
    assert all(r["over"] for r in results), "every game must reach an end"
    assert {r["job"][0] for r in results} == {"duel", "ffa", "2v2", "two_headed"}


def _views_differ(live: Game, fresh: Game, viewer: int | None) -> list[str]:
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

SECRET_MIX = [("duel", 2), ("ffa", 3), ("ffa", 4), ("2v2", 4), ("two_headed", 4)]
_POOL = []


def _pool():
    if not _POOL:
        from engine.capeclash.loader import load_pool
        _POOL.append(load_pool([CARD_DATA]))
    return _POOL[0]



def secret_one(seed: int) -> dict:
    mode, players = SECRET_MIX[seed % len(SECRET_MIX)]
    pool = _pool()
    r = Rng(seed * 7919 + 3)
    config = {"mode": mode, "seed": seed, "max_turns": 30,
              "players": [{"name": f"P{i + 1}", "deck": random_deck(pool, r, f"random {i}")} for i in range(players)]}
    g, replay = Game(pool, config), Game(pool, config)
    shuffle = Rng(seed + 17)
    viewers = [None, *range(players)]
    leaks: list[str] = []
    problems: list[str] = []
    while not g.is_over and len(leaks) + len(problems) < 5:
        acts = g.legal_actions(g.to_act[0])
        a = acts[r.below(len(acts))]
        viewer = viewers[len(g.actions) % len(viewers)]
        leaks += checks.apply_checking_secrets(g, a, shuffle, [viewer])
        replay._apply(a)
        replay.drop_caches()
        problems += _views_differ(g, replay, viewers[(len(g.actions) + 1) % len(viewers)])
        replay.drop_caches()
    return {"seed": seed, "mode": mode, "actions": len(g.actions), "leaks": leaks, "problems": problems}


def test_soak_hidden_cards_never_show_and_views_match_a_fresh_replay():
    workers = max(1, min(os.cpu_count() or 1, 4))
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(secret_one, range(SECRET_GAMES), chunksize=2))
    leaks = [f"seed {r['seed']} ({r['mode']}): {x}" for r in results for x in r["leaks"]]
    problems = [f"seed {r['seed']} ({r['mode']}): {x}" for r in results for x in r["problems"]]
    print(f"\n{len(results)} games, {sum(r['actions'] for r in results)} actions: {len(leaks)} leaking events")
    assert not leaks, "\n".join(leaks[:5])
    assert not problems, "\n".join(problems[:5])
    assert {r["mode"] for r in results} >= {"duel", "ffa", "2v2", "two_headed"}
