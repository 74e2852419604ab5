"""``capeclash bench dice``: random-policy games of Derring-Dice per second on one core.

Prints games per second, actions per game and microseconds per action, the median of several
runs (the machine is shared: medians, not means). ``decision_times`` (used by ``capeclash bench ai
--game dice``) times a computer level's decisions against normal.
"""

from __future__ import annotations

import argparse


def bench_dice(games: int = 100, runs: int = 3, seed: int = 1, out=print) -> dict:
    from apps.bench import time_random_games
    from engine.dice.cards import load_pool
    from engine.dice.game import DiceGame
    pool = load_pool()
    return time_random_games(lambda i: DiceGame(pool, {"seed": seed + i}), games, runs, seed, "Derring-Dice", out)


def decision_times(level: str, games: int, seed: int = 1, budget: dict | None = None) -> dict:
    """``level`` plays ``games`` games against normal, sides swapping every game; the seconds of each
    of its decisions with a real choice, as wall-clock and CPU time (this process only: on a shared
    machine the wall clock also counts other programs), all of them and the searched ones apart
    (those the hard level searches, see ``engine.dice.ai.searchable``)."""
    import time

    from engine.ai import make_policy, public_context
    from engine.ai.match import seat_rng
    from engine.dice import ai as dice_ai
    from engine.dice.cards import load_pool
    from engine.dice.game import DiceGame
    pool = load_pool()
    out = {"all": [], "all_cpu": [], "searched": [], "searched_cpu": []}
    for i in range(games):
        g = DiceGame(pool, {"seed": seed + i})
        ctx = public_context(g)
        mine = i % 2
        pols = [make_policy(level if p == mine else "normal", ctx, **((budget or {}) if p == mine else {}))
                for p in (0, 1)]
        rngs = [seat_rng(seed + i, p) for p in (0, 1)]
        while not g.is_over:
            p = g.to_act[0]
            v, legal = g.view(p), g.legal_actions(p)
            t0, c0 = time.perf_counter(), time.process_time()
            a = pols[p](v, legal, rngs[p])
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if p == mine and len(legal) > 1:
                out["all"].append(dt)
                out["all_cpu"].append(dc)
                if dice_ai.searchable(v, legal):
                    out["searched"].append(dt)
                    out["searched_cpu"].append(dc)
            g._apply(a)
    return out


def bench_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="capeclash bench dice", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    opts = ap.parse_args(argv[1:])
    bench_dice(opts.games, opts.runs, opts.seed)
    return 0
