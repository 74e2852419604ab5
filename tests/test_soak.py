"""Soak test: thousands of random-policy games in every mode, invariants after every action.

After each action: every card is in exactly one zone; no character holds both
kinds of counters; no face-up character has DEF 0 or less; no view (each
player's and the spectator's) shows a hidden card; a second game built from the
same seed and fed the recorded actions (as JSON) is in the same state (decks'
order included; the cards lying in decks are compared through the full state
hash at the end of the game).

CAPECLASH_SOAK_GAMES sets the number of games (default 2000); the games are
spread over the machine's cores.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor

from engine import invariants
from engine.actions import Action
from engine.rng import Rng
from engine.testing import sample_game

GAMES = int(os.environ.get("CAPECLASH_SOAK_GAMES", "2000"))
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
        if replay.state_json(skip_decks=True) != g.state_json(skip_decks=True):
            problems.append(f"replay diverges after action {len(g.actions)} ({g.actions[-1]})")
    if not problems and replay.state_hash() != g.state_hash():
        problems.append("replayed game ends with a different state hash")
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
