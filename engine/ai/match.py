"""One game between computer players, with the numbers simulations and reports need.

The policies see only their views (``engine.ai``); this module, the referee, reads the game
itself to record what happened: who won, how long it took, who went first, when each main
character levelled up and which cards each player played.

>>> from engine.capeclash.testing import test_pool, test_decks
>>> r = play_game(test_pool(), test_decks(), ["normal", "random"], seed=3)
>>> r["winners"], r["turns"] > 0
([0], True)
"""

from __future__ import annotations

import time
from typing import Any

from engine.ai import make_policy, public_context
from engine.capeclash.game import Game
from engine.core.rng import Rng

_MASK = (1 << 64) - 1
PLAY_TYPES = ("recruit", "recruit_ally", "plot", "equip")


def seat_rng(seed: int, seat: int) -> Rng:
    """The random generator of a computer player: from the game seed and the seat, nothing else."""
    return Rng((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019 * (seat + 1)) & _MASK)


def play_game(pool, decks: list, levels: list[str], seed: int, mode: str = "duel", *, players: int | None = None,
              max_actions: int = 20000, timings: dict | None = None, budgets: dict | None = None,
              options: dict | None = None, clock=None, kinds: dict | None = None) -> dict[str, Any]:
    """Play one game; seat ``i`` gets ``decks[i % len(decks)]`` and level ``levels[i % len(levels)]``.

    ``timings``, when given, collects the seconds of every decision per level (``{level: [s...]}``).
    ``budgets`` overrides level budgets (``{"hard": {"iterations": 100}}``). ``clock`` measures
    the timings (default ``time.perf_counter``; ``time.process_time`` counts this process's CPU
    only); ``kinds`` collects them per level and decision type too (``{(level, type): [s...]}``).
    """
    n = players or {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4}[mode]
    specs = [{"name": f"P{i + 1}", "deck": decks[i % len(decks)]} for i in range(n)]
    g = Game(pool, {"mode": mode, "seed": seed, "players": specs, "options": options or {}})
    ctx = public_context(g)
    seat_levels = [levels[i % len(levels)] for i in range(n)]
    policies = [make_policy(lv, ctx, **(budgets or {}).get(lv, {})) for lv in seat_levels]
    rngs = [seat_rng(seed, i) for i in range(n)]
    level_up: list[int | None] = [None] * n
    played: list[list[str]] = [[] for _ in range(n)]

    def before(p: int, a) -> None:
        if a.type in PLAY_TYPES:
            played[p].append(g.cards[a["card"]].cid)

    def after() -> None:
        for i, pl in enumerate(g.players):
            if level_up[i] is None and pl.level > 1:
                level_up[i] = g.turn

    steps = _play_out(g, policies, rngs, seat_levels, max_actions, timings, before, after, clock, kinds)
    r = g.result or {"winners": [], "reason": f"stopped after {max_actions} actions", "turn": g.turn}
    first = g.players_of(g.first_side)
    return {"seed": seed, "mode": mode, "levels": seat_levels, "decks": [s["deck"].name for s in specs],
            "winners": list(r["winners"]), "reason": r["reason"], "turns": g.turn, "actions": steps,
            "first": first, "level_up": level_up, "played": played, "hash": g.state_hash()}


def play_dice_game(pool, levels: list[str], seed: int, *, max_actions: int = 20000, budgets: dict | None = None,
                   timings: dict | None = None) -> dict[str, Any]:
    """One game of the dice game (``engine.dice``) between computer players, as the same record
    as ``play_game``: seat ``i`` plays ``levels[i]``; seat 0 leads the bad guys, who move first.
    The "decks" of the record are the sides (the two players share the decks)."""
    from engine.dice import DiceGame
    g = DiceGame(pool, {"seed": seed})
    ctx = public_context(g)
    policies = [make_policy(lv, ctx, **(budgets or {}).get(lv, {})) for lv in levels[:2]]
    rngs = [seat_rng(seed, i) for i in range(2)]
    first = [g.active]
    steps = _play_out(g, policies, rngs, levels, max_actions, timings)
    r = g.result or {"winners": [], "reason": f"stopped after {max_actions} actions"}
    return {"seed": seed, "mode": "dice", "levels": list(levels[:2]), "decks": [pl["side"] for pl in g.players],
            "winners": list(r["winners"]), "reason": r["reason"], "turns": g.turn, "actions": steps,
            "first": first, "level_up": [None, None], "played": [[], []], "hash": g.state_hash()}


def _play_out(g, policies: list, rngs: list, levels: list[str], max_actions: int, timings: dict | None,
              before=None, after=None, clock=None, kinds: dict | None = None) -> int:
    """Let the seats' policies play ``g`` to its end (or ``max_actions``); returns the actions taken.
    ``timings`` collects decision times per level (decisions with a real choice only); ``before(p, a)``
    and ``after()`` see each action."""
    steps = 0
    clock = clock or time.perf_counter
    while not g.is_over and steps < max_actions:
        p = g.to_act[0]
        legal = g.legal_actions(p)
        view = g.view(p)
        t0 = clock() if timings is not None else 0.0
        a = policies[p](view, legal, rngs[p])
        if timings is not None and len(legal) > 1:
            dt = clock() - t0
            timings.setdefault(levels[p], []).append(dt)
            if kinds is not None:
                kinds.setdefault((levels[p], (view.get("decision") or {}).get("type")), []).append(dt)
        if before is not None:
            before(p, a)
        g._apply(a)
        steps += 1
        if after is not None:
            after()
    return steps
