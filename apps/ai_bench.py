"""``capeclash bench clone`` and ``capeclash bench ai``.

* ``clone``: the cost of ``Game.copy()`` (the search clones once per iteration) and of
  sampling a game from a view, on positions from real games; medians in microseconds.
* ``ai``: move times per level (median and 95th percentile over the decisions with more than
  one legal action) in games against the ``normal`` level on the starter decks (``--game dice``:
  in Derring-Dice), and optionally
  a strength match (``--match hard:normal --match-games 200 --workers 2``; ``--levels ''`` skips
  the move times). Budgets are iterations, so the figures depend only on
  the machine's speed; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from engine.core.rng import Rng


def _positions(n_games: int = 3, every: int = 7):
    """Positions from simple-vs-simple games on the testbed decks (a spread of turns)."""
    from engine.ai import simple as ai_simple
    from engine.capeclash.testing import sample_game
    out = []
    for seed in range(n_games):
        g = sample_game(seed=seed + 1)
        rng = Rng(seed)
        k = 0
        while not g.is_over:
            p = g.to_act[0]
            v = g.view(p)
            legal = g.legal_actions(p)
            if k % every == 0 and v["decision"]["type"] in ("main", "declare", "combat", "recruit"):
                out.append((g.copy(), p))
            g.apply_unchecked(ai_simple.choose(v, legal, rng))
            k += 1
    return out


def bench_clone(reps: int = 200, out=print) -> dict:
    from engine.ai import capeclash
    pos = _positions()
    ctx = capeclash.public_context(pos[0][0])
    copies, samples = [], []
    for g, p in pos:
        t0 = time.perf_counter()
        for _ in range(reps):
            g.copy()
        copies.append((time.perf_counter() - t0) / reps * 1e6)
        v = g.view(p)
        rng = Rng(1)
        t0 = time.perf_counter()
        for _ in range(max(1, reps // 4)):
            capeclash.sample_state(v, p, rng, ctx)
        samples.append((time.perf_counter() - t0) / max(1, reps // 4) * 1e6)
    res = {"positions": len(pos), "copy_us_median": statistics.median(copies), "copy_us_max": max(copies),
           "sample_us_median": statistics.median(samples), "sample_us_max": max(samples),
           "load": os.getloadavg()}
    out(f"Game.copy(): median {res['copy_us_median']:.0f} us (max {res['copy_us_max']:.0f}) over {len(pos)} positions")
    out(f"sample_state(view): median {res['sample_us_median']:.0f} us (max {res['sample_us_max']:.0f})")
    out(f"load average {' '.join(f'{x:.2f}' for x in res['load'])} on {os.cpu_count()} cores")
    return res


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def _world(decks: list[str] | None) -> tuple:
    """(pool, decks): the decks named, else the starter decks, else the testbed's two."""
    from apps.simulate import card_root, load_world
    if not decks:
        decks = sorted(str(f) for f in (card_root() / "starter").glob("deck-*.yaml")) or ["deck-dawnwatch", "deck-gloom"]
    return load_world(decks)


def bench_moves(levels: list[str], games: int, seed: int = 1, out=print, decks: list[str] | None = None,
                cpu: bool = False, by_type: bool = False) -> dict:
    """Each level plays ``games`` games against normal (seats alternating, decks rotating); move times
    (``cpu``: this process's CPU time, the figure a quiet machine would show on a shared one;
    ``by_type``: also per decision type)."""
    from engine.ai.match import play_game
    pool, deck_list = _world(decks)
    out(f"decks: {', '.join(d.name for d in deck_list)}; {'CPU' if cpu else 'wall-clock'} time")
    rows = {}
    for lv in levels:
        timings: dict = {}
        kinds: dict = {}
        for i in range(games):
            pair = [lv, "normal"] if i % 2 == 0 else ["normal", lv]
            k = (i // 2) % len(deck_list)
            two = [deck_list[k], deck_list[(k + 1) % len(deck_list)]]
            play_game(pool, two, pair, seed + i, timings=timings, clock=time.process_time if cpu else None,
                      kinds=kinds)
        rows[lv] = _move_row(lv, timings.get(lv, []), out)
        if by_type:
            rows[lv]["by_type"] = {t: _move_row(f"  {t}", ts, out) for (level, t), ts in sorted(kinds.items())
                                   if level == lv}
    out(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return rows


def _move_row(label: str, t: list[float], out) -> dict:
    """One level's move times (seconds) as a row of milliseconds, printed."""
    row = {"moves": len(t), "median_ms": 1000 * statistics.median(t) if t else 0.0,
           "p95_ms": 1000 * _pct(t, 0.95), "max_ms": 1000 * max(t, default=0.0)}
    out(f"{label:12}: {len(t):5} decisions, median {row['median_ms']:8.2f} ms, "
        f"95th percentile {row['p95_ms']:8.2f} ms, max {row['max_ms']:8.1f} ms")
    return row


def bench_dice_moves(levels: list[str], games: int, seed: int = 1, out=print) -> dict:
    """The dice game (Derring-Dice): each level plays ``games`` games against normal, sides
    alternating; move times as ``bench_moves``, also in CPU time (this process only), and for hard
    the decisions it searches apart."""
    from apps.dice_bench import decision_times
    rows = {}
    for lv in levels:
        t = decision_times(lv, games, seed)
        rows[lv] = _move_row(f"dice {lv}", t["all"], out)
        rows[lv]["cpu"] = _move_row("  cpu", t["all_cpu"], out)
        if lv == "hard":  # the decisions it searches (the others it decides as normal does)
            rows[lv]["searched"] = _move_row("  searched", t["searched"], out)
            rows[lv]["searched_cpu"] = _move_row("  searched, cpu", t["searched_cpu"], out)
    out(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return rows


def strength(a: str, b: str, games: int, seed: int = 1000, workers: int = 1, out=print,
             decks: list[str] | None = None, browser_clock: float | None = None) -> dict:
    """``a`` against ``b`` over ``games`` duels (the starter decks by default; seats, decks and
    levels rotating so each level plays each deck from each seat); a's score.

    ``browser_clock`` K: the levels the browser gives a deadline (hard: ``HARD_MOVE_SECONDS``) get
    it here too, on a clock running K times this process's CPU time (Chromium runs pure Python
    about 1.7-2 times slower than CPython): the strength within the browser's time budget. Such
    games depend on the machine's speed and do not replay from their seed."""
    from apps.simulate import execute, make_jobs
    world = _world(decks)
    jobs = make_jobs(len(world[1]), [a, b], games, seed)
    if browser_clock:
        from apps.webapi import HARD_MOVE_SECONDS
        for j in jobs:
            j["browser_clock"] = browser_clock
            j["deadlines"] = {lv: HARD_MOVE_SECONDS for lv in (a, b) if lv == "hard"}
    t0 = time.perf_counter()
    res = execute(jobs, world, workers, label=f"{a} vs {b}")
    score = 0.0
    for r in res:
        seat = r["levels"].index(a)
        w = r["winners"]
        score += (1.0 / len(w)) if seat in w else 0.0
    from apps.simulate import wilson
    lo, hi = wilson(score, games)
    how = f" (browser clock: {browser_clock:g} x CPU time)" if browser_clock else ""
    out(f"{a} vs {b}{how}: {score:.1f} of {games} ({100 * score / games:.1f} %, 95 % CI {100 * lo:.1f}-{100 * hi:.1f}) "
        f"in {time.perf_counter() - t0:.0f} s")
    return {"a": a, "b": b, "games": games, "score": score, "rate": score / games, "ci95": [lo, hi],
            "browser_clock": browser_clock}


def bench_main(argv: list[str]) -> int:
    what = argv[0] if argv else "ai"
    from apps.options import count, positive_number, seed
    ap = argparse.ArgumentParser(prog=f"capeclash bench {what}")
    ap.add_argument("--json", action="store_true")
    if what == "clone":
        ap.add_argument("--reps", type=count, default=200)
        opts = ap.parse_args(argv[1:])
        res = bench_clone(opts.reps)
    else:
        ap.add_argument("--levels", default="easy,normal,hard", help="levels to time (comma list; hard_v1: hard "
                        "before issue 20)")
        ap.add_argument("--cpu", action="store_true", help="time decisions in CPU time of this process (a shared "
                        "machine's load left out)")
        ap.add_argument("--by-type", action="store_true", help="also each level's times per decision type")
        ap.add_argument("--games", type=count, default=4, help="games per level for the move times")
        ap.add_argument("--match", action="append", default=[], metavar="A:B",
                        help="also play A against B (e.g. hard:normal), --match-games games")
        ap.add_argument("--match-games", type=count, default=200)
        ap.add_argument("--match-seed", type=seed, default=1000)
        ap.add_argument("--workers", type=count, default=1)
        ap.add_argument("--browser-clock", type=positive_number, default=None, metavar="K",
                        help="matches within the browser's time budget: hard gets the browser's deadline per "
                             "decision on a clock running K times this process's CPU time (K about 2: Chromium "
                             "runs pure Python 1.7-2 times slower); such games do not replay from their seed")
        ap.add_argument("--seed", type=seed, default=1)
        ap.add_argument("--deck", action="append", default=None,
                        help="decks to play (default: the starter decks, card_data/starter/deck-*.yaml)")
        ap.add_argument("--game", choices=["capeclash", "dice"], default="capeclash",
                        help="dice: move times in Derring-Dice (against its normal level) instead")
        opts = ap.parse_args(argv[1:])
        levels = [s for s in opts.levels.split(",") if s]
        from engine.ai import LEVELS
        for m in opts.match:
            if m.count(":") != 1:
                ap.error(f"--match {m!r}: two levels as A:B (e.g. hard:normal)")
        wrong = [lv for lv in [*levels, *(x for m in opts.match for x in m.split(":"))] if lv not in LEVELS]
        if wrong:  # before any game is played
            ap.error(f"unknown AI level {wrong[0]!r} (--levels, or --match A:B); choose from {', '.join(LEVELS)}")
        if opts.game == "dice":
            res = {"moves": bench_dice_moves(levels, opts.games, opts.seed)} if levels else {}
        else:
            res = {"moves": bench_moves(levels, opts.games, opts.seed, decks=opts.deck, cpu=opts.cpu,
                                        by_type=opts.by_type)} if levels else {}
        for m in opts.match:
            a, b = m.split(":")
            res[m] = strength(a, b, opts.match_games, seed=opts.match_seed, workers=opts.workers, decks=opts.deck,
                              browser_clock=opts.browser_clock)
    if opts.json:
        print(json.dumps(res, indent=2))
    return 0
