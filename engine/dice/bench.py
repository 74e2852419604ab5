"""``capeclash bench dice``: random-policy games of Derring-Dice per second on one core.

Prints games per second, actions per game and microseconds per action, the median of several
runs (the machine is shared: medians, not means).
"""

from __future__ import annotations

import argparse


def bench_dice(games: int = 100, runs: int = 3, seed: int = 1, out=print) -> dict:
    from ..bench import time_random_games
    from .cards import load_pool
    from .game import DiceGame
    pool = load_pool()
    return time_random_games(lambda i: DiceGame(pool, {"seed": seed + i}), games, runs, seed, "Derring-Dice", out)


def bench_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="capeclash bench dice", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    opts = ap.parse_args(argv[1:])
    bench_dice(opts.games, opts.runs, opts.seed)
    return 0
