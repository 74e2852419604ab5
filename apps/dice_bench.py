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
    from engine.ai.match import new_match, play_match
    from engine.dice import ai as dice_ai
    from engine.dice.cards import load_pool
    pool = load_pool()
    out = {"all": [], "all_cpu": [], "searched": [], "searched_cpu": []}
    for i in range(games):
        mine = i % 2

        def seen(p, v, legal, dt, dc, mine=mine) -> None:
            if p == mine and len(legal) > 1:
                out["all"].append(dt)
                out["all_cpu"].append(dc)
                if dice_ai.searchable(v, legal):
                    out["searched"].append(dt)
                    out["searched_cpu"].append(dc)
        levels = [level if p == mine else "normal" for p in (0, 1)]
        play_match(new_match(pool, "dice", seed + i), levels, seed + i, on_decision=seen,
                   seat_budgets=[(budget or {}) if p == mine else {} for p in (0, 1)])
    return out


def bench_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="capeclash bench dice", description=__doc__)
    from apps.options import count, seed
    ap.add_argument("--games", type=count, default=100)
    ap.add_argument("--runs", type=count, default=3)
    ap.add_argument("--seed", type=seed, default=1)
    opts = ap.parse_args(argv[1:])
    bench_dice(opts.games, opts.runs, opts.seed)
    return 0
