"""Seeded random-policy games, run the same way on CPython and under Pyodide.

Standard library plus the engine only: ``tests/pyodide/run_games.mjs`` copies this
file into Pyodide's file system, and ``tests/test_pyodide.py`` imports it on
CPython, so both runtimes play with exactly the same policy.

The card bundle is JSON: ``{"cards": [...], "teams": [...], "decks": [deck, deck]}``,
each deck in ``Deck.to_json()`` form (card ids already resolved).
"""

from __future__ import annotations

import json
import sys
import time

from engine.capeclash.decks import Deck
from engine.capeclash.game import Game
from engine.cardlang.cards import CardPool
from engine.core.rng import Rng

PLAYERS = {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4}
EVERY = 50
MAX_ACTIONS = 20000


def load_bundle(bundle: dict) -> tuple[CardPool, list[Deck]]:
    pool = CardPool.from_data(bundle["cards"], bundle.get("teams") or [])
    decks = [Deck.from_json(d) for d in bundle["decks"]]
    return pool, decks


def read_bundle(path: str) -> tuple[CardPool, list[Deck]]:
    with open(path, encoding="utf-8") as f:
        return load_bundle(json.load(f))


def python_version() -> str:
    return "{}.{}.{}".format(*sys.version_info[:3])


def play(pool: CardPool, decks: list[Deck], mode: str, seed: int, *, max_actions: int = MAX_ACTIONS) -> dict:
    """One game: the player first in ``to_act`` picks uniformly among its legal
    actions with ``Rng(seed)``. Hashes are taken before the first action and after
    every ``EVERY`` (50) actions; ``final_hash`` after the last."""
    t0 = time.perf_counter()
    players = [{"name": f"P{i + 1}", "deck": decks[i % len(decks)]} for i in range(PLAYERS[mode])]
    g = Game(pool, {"mode": mode, "seed": seed, "players": players})
    r = Rng(seed)
    hashes = [g.state_hash()]
    n = 0
    while not g.is_over and n < max_actions:
        to_act = g.to_act
        if not to_act:
            raise RuntimeError(f"{mode} seed {seed}: no one to act after {n} actions, game not over")
        acts = g.legal_actions(to_act[0])
        if not acts:
            raise RuntimeError(f"{mode} seed {seed}: player {to_act[0]} has no legal action after {n} actions")
        g.apply_unchecked(acts[r.below(len(acts))])
        n += 1
        if n % EVERY == 0:
            hashes.append(g.state_hash())
    return {
        "mode": mode, "seed": seed, "actions": n, "final_hash": g.state_hash(),
        "hashes_every_50_actions": hashes,
        "is_over": g.is_over, "result": g.result,
        "python_version": python_version(),
        "ms": round((time.perf_counter() - t0) * 1000, 1),
    }
