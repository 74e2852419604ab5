"""``capeclash bench dice``: random-policy games of Derring-Dice per second on one core.

Prints games per second, actions per game and microseconds per action, the median of several
runs (the machine is shared: medians, not means).
"""

from __future__ import annotations

import argparse
import statistics
import time

from ..rng import Rng


def play_random(g, seed: int) -> int:
    """Play a game to the end with uniformly random legal actions; returns the action count."""
    r = Rng(seed)
    n = 0
    while g.result is None:
        acts = g.legal_actions(g.decision["players"][0])
        g._apply(acts[r.below(len(acts))])
        n += 1
    return n


def bench_dice(games: int = 100, runs: int = 3, seed: int = 1, out=print) -> dict:
    from .cards import load_pool
    from .game import DiceGame
    pool = load_pool()
    rows = []
    for run in range(runs):
        actions = 0
        t0 = time.perf_counter()
        for i in range(games):
            actions += play_random(DiceGame(pool, {"seed": seed + i}), seed * 7919 + i)
        dt = time.perf_counter() - t0
        rows.append({"seconds": dt, "games_per_s": games / dt, "actions_per_game": actions / games,
                     "us_per_action": dt / actions * 1e6})
        out(f"run {run + 1}/{runs}: {games / dt:7.1f} games/s, {actions / games:6.1f} actions/game, "
            f"{dt / actions * 1e6:6.1f} us/action")
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    out(f"median of {runs} runs of {games} games (Derring-Dice, random policy, one core): "
        f"{med['games_per_s']:.1f} games/s, {med['actions_per_game']:.1f} actions/game, "
        f"{med['us_per_action']:.1f} us/action")
    return {"runs": rows, "median": med, "games": games}


def bench_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="capeclash bench dice", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    opts = ap.parse_args(argv[1:])
    bench_dice(opts.games, opts.runs, opts.seed)
    return 0
