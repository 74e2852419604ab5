"""``capeclash bench engine``: random-policy games on one core, timed.

Prints games per second, actions per game and microseconds per action, as the
median of several runs (this machine is shared and noisy: medians, not means).
"""

from __future__ import annotations

import gc
import statistics
import time

from engine.core.rng import Rng


def play_random(game, seed: int) -> int:
    """Play a game to the end with uniformly random legal actions. Returns the action count."""
    r = Rng(seed)
    n = 0
    while game.result is None:
        d = game.decision
        p = d["players"][0]
        acts = game.legal_actions(p)
        game.apply_unchecked(acts[r.below(len(acts))])
        n += 1
    return n


def bench_engine(games: int = 200, runs: int = 5, seed: int = 1, out=print) -> dict:
    from engine.capeclash.testing import sample_game
    sample_game(seed=seed)  # loads the test pool once, outside the timing
    return time_random_games(lambda i: sample_game(seed=seed + i), games, runs, seed,
                             "2 players, testbed decks", out)


def time_random_games(new_game, games: int, runs: int, seed: int, label: str, out=print) -> dict:
    """Time ``runs`` runs of ``games`` random-policy games (``new_game(i)`` makes game ``i``) and
    print each run and the medians; shared by ``capeclash bench engine`` and ``bench dice``."""
    # The card pool lives as long as the process; frozen, the garbage collector's full passes
    # no longer walk its objects again and again (simulation workers do the same).
    gc.freeze()
    rows = []
    for run in range(runs):
        actions = 0
        t0 = time.perf_counter()
        for i in range(games):
            actions += play_random(new_game(i), seed * 7919 + i)
        dt = time.perf_counter() - t0
        rows.append({"seconds": dt, "games_per_s": games / dt, "actions_per_game": actions / games,
                     "us_per_action": dt / actions * 1e6})
        out(f"run {run + 1}/{runs}: {games / dt:7.1f} games/s, {actions / games:6.1f} actions/game, "
            f"{dt / actions * 1e6:6.1f} us/action")
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    out(f"median of {runs} runs of {games} games ({label}, random policy, one core): "
        f"{med['games_per_s']:.1f} games/s, {med['actions_per_game']:.1f} actions/game, "
        f"{med['us_per_action']:.1f} us/action")
    return {"runs": rows, "median": med, "games": games}
