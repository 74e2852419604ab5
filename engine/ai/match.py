"""One game between computer players, for any ruleset, with the numbers simulations and reports need.

The policies see only their views (``engine.ai``); this module, the referee, reads the game
itself (through the game protocol, ``engine.core.protocol``) to record what happened: who won,
how long it took, who went first and, for Cape Clash, when each main character levelled up and
which cards each player played. ``play_match`` is the one play loop: simulations
(``apps.simulate``), the AI benches (``apps.ai_bench``, ``apps.dice_bench``) and the tests use it
for both games; ``new_match`` starts a game of either from a mode (``"dice"`` or a Cape Clash mode).

>>> from engine.capeclash.testing import test_pool, test_decks
>>> r = play_game(test_pool(), test_decks(), ["normal", "random"], seed=3)
>>> r["winners"], r["turns"] > 0
([0], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine.ai import make_policy, public_context
from engine.core.rng import Rng

_MASK = (1 << 64) - 1
PLAY_TYPES = ("recruit", "recruit_ally", "plot", "equip")
SEATS = {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4, "dice": 2}


def seat_rng(seed: int, seat: int) -> Rng:
    """The random generator of a computer player: from the game seed and the seat, nothing else."""
    return Rng((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019 * (seat + 1)) & _MASK)


def new_match(pool, mode: str, seed: int, decks: list | None = None, *, players: int | None = None,
              options: dict | None = None):
    """A new game: Derring-Dice for ``mode="dice"`` (the two players share the decks), otherwise Cape
    Clash in that mode, seat ``i`` playing ``decks[i % len(decks)]``."""
    if mode == "dice":
        from engine.dice.game import DiceGame
        return DiceGame(pool, {"seed": seed, **({"options": options} if options else {})})
    from engine.capeclash.game import Game
    if not decks:
        raise ValueError(f"a Cape Clash game ({mode}) needs decks")
    n = players or SEATS[mode]
    specs = [{"name": f"P{i + 1}", "deck": decks[i % len(decks)]} for i in range(n)]
    return Game(pool, {"mode": mode, "seed": seed, "players": specs, "options": options or {}})


def play_match(g, levels: list[str], seed: int, *, max_actions: int = 20000, budgets: dict | None = None,
               seat_budgets: list[dict] | None = None, timings: dict | None = None,
               on_decision: Callable | None = None, policies: list | None = None,
               rngs: list | None = None, clock: Callable | None = None, kinds: dict | None = None,
               deadlines: dict[str, float] | None = None, search_clock: Callable | None = None) -> dict[str, Any]:
    """Let computer players play ``g`` (a game of any ruleset) to its end, or ``max_actions``; seat ``i``
    plays ``levels[i % len(levels)]``, with its own random generator (``seat_rng``). Returns the
    game's record (``record``).

    ``budgets`` overrides level budgets (``{"hard": {"iterations": 100}}``), ``seat_budgets`` one
    seat's (a list, seat by seat). ``timings``, when given, collects the seconds of every decision
    with a real choice per level (``{level: [s...]}``); ``on_decision(p, view, legal, wall, cpu)``
    sees every decision of seat ``p`` with its wall-clock and CPU seconds. ``policies`` and ``rngs``
    (one per seat) replace the levels' policies and the seats' generators (a report's own players).
    ``clock`` times the decisions for ``timings`` (default ``time.perf_counter``; ``time.process_time``
    counts this process's CPU only); ``kinds`` collects them per level and decision type too
    (``{(level, type): [s...]}``).

    ``deadlines`` gives levels a time limit per decision, as the browser does (``{"hard": 1.5}``),
    read on ``search_clock`` (default ``time.monotonic``; ``capeclash bench ai --browser-clock K``
    passes this process's CPU time times K, a browser K times slower). Such games depend on the
    machine's speed: they do not replay from their seed."""
    n = len(g.players)
    seat_levels = [levels[i % len(levels)] for i in range(n)]
    if policies is None:
        ctx = public_context(g)
        policies = [make_policy(lv, ctx, **{**(budgets or {}).get(lv, {}), **((seat_budgets or [{}] * n)[i] or {})})
                    for i, lv in enumerate(seat_levels)]
    rngs = rngs or [seat_rng(seed, i) for i in range(n)]
    limit = [(deadlines or {}).get(lv) for lv in seat_levels]
    search_clock = search_clock or time.monotonic
    for i, secs in enumerate(limit):
        if secs is not None:
            if not hasattr(policies[i], "clock"):
                raise ValueError(f"level {seat_levels[i]!r} takes no deadline")
            policies[i].clock = search_clock
    rec = _RECORDERS[g.game](g)
    clocked = timings is not None or on_decision is not None
    clock = clock or time.perf_counter
    steps = 0
    while not g.is_over and steps < max_actions:
        p = g.to_act[0]
        legal = g.legal_actions(p)
        view = g.view(p)
        t0, c0, k0 = (time.perf_counter(), time.process_time(), clock()) if clocked else (0.0, 0.0, 0.0)
        if limit[p] is None:
            a = policies[p](view, legal, rngs[p])
        else:
            a = policies[p](view, legal, rngs[p], deadline=search_clock() + limit[p])
        if clocked:
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            if timings is not None and len(legal) > 1:
                dt = clock() - k0
                timings.setdefault(seat_levels[p], []).append(dt)
                if kinds is not None:
                    kinds.setdefault((seat_levels[p], (view.get("decision") or {}).get("type")), []).append(dt)
            if on_decision is not None:
                on_decision(p, view, legal, wall, cpu)
        rec.before(p, a)
        g.apply_unchecked(a)
        steps += 1
        rec.after()
    r = g.result or {"winners": [], "reason": f"stopped after {max_actions} actions"}
    return {"seed": seed, "mode": getattr(g, "mode", g.game), "levels": seat_levels, "decks": rec.decks(),
            "winners": list(r["winners"]), "reason": r["reason"], "turns": g.turn, "actions": steps,
            "first": rec.first(), "level_up": rec.level_up, "played": rec.played, "hash": g.state_hash()}


class _CapeClashRecord:
    """What a Cape Clash record adds: when each main character levelled up, the cards played."""

    def __init__(self, g):
        self.g = g
        self.level_up: list[int | None] = [None] * len(g.players)
        self.played: list[list[str]] = [[] for _ in g.players]

    def before(self, p: int, a) -> None:
        if a.type in PLAY_TYPES:
            self.played[p].append(self.g.cards[a["card"]].cid)

    def after(self) -> None:
        g = self.g
        for i, pl in enumerate(g.players):
            if self.level_up[i] is None and pl.level > 1:
                self.level_up[i] = g.turn

    def first(self) -> list[int]:
        return self.g.players_of(self.g.first_side)

    def decks(self) -> list[str]:
        return [s["deck"].name for s in self.g.config["players"]]


class _DiceRecord:
    """Derring-Dice's record: the "decks" are the sides (the players share the decks); seat 0 leads
    the bad guys, who move first."""

    def __init__(self, g):
        self.g = g
        self._first = [g.active]
        self.level_up: list[int | None] = [None, None]
        self.played: list[list[str]] = [[], []]

    def before(self, p: int, a) -> None:
        pass

    def after(self) -> None:
        pass

    def first(self) -> list[int]:
        return self._first

    def decks(self) -> list[str]:
        return [pl["side"] for pl in self.g.players]


_RECORDERS: dict[str, type[_CapeClashRecord] | type[_DiceRecord]] = {"capeclash": _CapeClashRecord,
                                                                      "dice": _DiceRecord}


def play_game(pool, decks: list, levels: list[str], seed: int, mode: str = "duel", *, players: int | None = None,
              max_actions: int = 20000, timings: dict | None = None, budgets: dict | None = None,
              options: dict | None = None, clock: Callable | None = None, kinds: dict | None = None) -> dict[str, Any]:
    """One game of Cape Clash; seat ``i`` gets ``decks[i % len(decks)]`` and level ``levels[i % len(levels)]``
    (``clock`` and ``kinds``: see ``play_match``)."""
    g = new_match(pool, mode, seed, decks, players=players, options=options)
    return play_match(g, levels, seed, max_actions=max_actions, budgets=budgets, timings=timings, clock=clock,
                      kinds=kinds)


def play_dice_game(pool, levels: list[str], seed: int, *, max_actions: int = 20000, budgets: dict | None = None,
                   timings: dict | None = None) -> dict[str, Any]:
    """One game of the dice game (``engine.dice``) between computer players: seat ``i`` plays ``levels[i]``."""
    return play_match(new_match(pool, "dice", seed), levels[:2], seed, max_actions=max_actions, budgets=budgets,
                      timings=timings)
