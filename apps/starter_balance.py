"""A first balance pass for the starter set: every starter deck against every other.

Two computer players (the "simple" policy of ``engine.ai.simple`` by default) play duels
between each pair of starter decks, alternating who goes first, and the results make a
matrix of win rates. A draw (the turn limit with equal wounds) counts half a win for each.

    python3 -m apps.starter_balance --games 300          # 300 games per pair
    python3 -m apps.starter_balance --games 40 --json    # a quick look, as JSON

The stronger tournament tools live in ``capeclash simulate`` / ``capeclash balance``; this
module only needs the standard library and the engine.

``--report DIR`` plays exactly the games of ``capeclash balance --games N --seed S --ai LEVEL``
(same seeds, same seats, same report: matrix with 95 % CIs, first player, mains, cards), but
round-robin over the pairs and saving every finished game to ``DIR/games.jsonl``, so a long run
on a busy machine can be stopped and resumed, and a cut-short run still reports an equal number
of games for every pair (``--limit K``: the first K games of each pair)::

    python3 -m apps.starter_balance --policy normal --games 500 --workers 2 --report build/starter-balance
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARTER = ROOT / "card_data" / "starter"
TEAMS = ("skylark-wing", "ember-oath", "thornmaw-pack", "rime-court")
THRESHOLD = 0.65

_POOL = None
_DECKS: dict = {}


def _load():
    global _POOL
    if _POOL is None:
        from engine.capeclash.loader import find_deck, load_pool
        _POOL = load_pool([ROOT / "card_data"])
        for t in TEAMS:
            _DECKS[t] = find_deck(f"deck-{t}", _POOL, root=STARTER)
    return _POOL, _DECKS


def _seat_policies(name: str, g) -> list:
    """One policy per seat: ``simple``/``random`` from ``engine.ai.simple``, or a level of
    ``engine.ai`` (``easy``, ``normal``, ``hard``) when that package is installed."""
    from engine.ai.simple import POLICIES
    if name in POLICIES:
        return [POLICIES[name]] * len(g.players)
    from engine.ai import make_policy, public_context
    return [make_policy(name, public_context(g)) for _ in g.players]


def play(a: str, b: str, seed: int, first: int, policy: str = "simple", max_turns: int = 80) -> dict:
    """One duel: deck ``a`` (player 0) against deck ``b`` (player 1); player ``first`` goes first.

    Returns ``{"winners": [...], "turns": N}``."""
    from engine.ai.match import play_match
    from engine.capeclash.game import Game
    from engine.core.rng import Rng
    pool, decks = _load()
    g = Game(pool, {"mode": "duel", "seed": seed, "max_turns": max_turns,
                    "players": [{"name": a, "deck": decks[a]}, {"name": b, "deck": decks[b]}]})
    want = g.players[first].side

    def seat(pol):
        def choose(view, acts, rng):
            if (view.get("decision") or {}).get("type") == "choose_first":
                return next(x for x in acts if x["side"] == want)
            return pol(view, acts, rng)
        return choose
    play_match(g, [policy], seed, policies=[seat(pol) for pol in _seat_policies(policy, g)],
               rngs=[Rng(seed * 7919 + 17 + 1000003 * i) for i in range(len(g.players))])
    return {"winners": list(g.result["winners"]), "turns": g.turn}


def _job(args) -> tuple[str, str, int, int, list[int], int]:
    a, b, seed, first, policy = args
    r = play(a, b, seed, first, policy)
    return a, b, seed, first, r["winners"], r["turns"]


def run_matrix(games: int, policy: str = "simple", workers: int = 1, seed0: int = 0,
               teams=TEAMS) -> dict:
    """Play ``games`` duels for every pair of starter decks; return the results as plain data."""
    jobs = []
    for a, b in itertools.combinations(teams, 2):
        for i in range(games):
            jobs.append((a, b, seed0 + i, i % 2, policy))
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as ex:
            results = list(ex.map(_job, jobs, chunksize=10))
    else:
        results = [_job(j) for j in jobs]
    score: dict = {}
    first_wins = 0.0
    turns = 0
    for a, b, _seed, first, winners, t in results:
        turns += t
        pts = {0: 0.0, 1: 0.0}
        for w in winners:
            pts[w] = 1.0 / len(winners)
        score.setdefault((a, b), [0.0, 0])
        score.setdefault((b, a), [0.0, 0])
        score[(a, b)][0] += pts[0]
        score[(b, a)][0] += pts[1]
        score[(a, b)][1] += 1
        score[(b, a)][1] += 1
        first_wins += pts[first]
    matrix = {a: {b: score[(a, b)][0] / score[(a, b)][1] for b in teams if b != a} for a in teams}
    overall = {a: sum(score[(a, b)][0] for b in teams if b != a) / sum(score[(a, b)][1] for b in teams if b != a)
               for a in teams}
    return {"policy": policy, "games_per_pair": games, "matrix": matrix, "overall": overall,
            "first_player": first_wins / len(results), "average_turns": turns / len(results),
            "worst": max(v for row in matrix.values() for v in row.values())}


def format_matrix(res: dict, markdown: bool = False) -> str:
    teams = list(res["matrix"])
    head = ["row beats column", *teams, "overall"]
    rows = []
    for a in teams:
        rows.append([a, *("-" if a == b else f"{100 * res['matrix'][a][b]:.1f} %" for b in teams),
                     f"{100 * res['overall'][a]:.1f} %"])
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
        out += ["| " + " | ".join(r) + " |" for r in rows]
    else:
        widths = [max(len(str(x[i])) for x in [head, *rows]) for i in range(len(head))]
        out = ["  ".join(str(x).ljust(w) for x, w in zip(r, widths, strict=True)) for r in [head, *rows]]
    out.append("")
    out.append(f"{res['games_per_pair']} games per pair ({res['policy']} policy, first player alternating): "
               f"first player wins {100 * res['first_player']:.1f} %, games last "
               f"{res['average_turns']:.1f} turns on average; highest pairwise win rate "
               f"{100 * res['worst']:.1f} %.")
    return "\n".join(out)


def run_report(games: int, level: str, workers: int, seed: int, out: Path, limit: int | None = None,
               play: bool = True) -> dict:
    """The games of ``capeclash balance --games GAMES --seed SEED --ai LEVEL`` over the starter
    decks, played round-robin over the pairs (game 0 of every pair, then game 1, ...) and saved
    one per line to ``OUT/games.jsonl`` as they finish; games already there are not replayed.
    Writes the balance report (``apps.balance``) for the first ``limit`` games of each pair
    (default: as many as every pair has finished) and returns its numbers."""
    from apps.balance import analyse, starter_decks, write_report
    from apps.simulate import load_world, make_jobs, play_job
    refs = starter_decks()
    pool, decks = load_world(refs)
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    jobs = make_jobs(len(decks), [level], games, seed, pairs=pairs)
    order = sorted(jobs, key=lambda j: (j["index"] % games, j["index"] // games))
    out.mkdir(parents=True, exist_ok=True)
    saved = out / "games.jsonl"
    done: dict[int, dict] = {}
    if saved.exists():
        for line in saved.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            if r.get("_key") == [games, seed, level]:
                done[r["index"]] = r
    todo = [j for j in order if j["index"] not in done]
    t0 = time.time()
    if play and todo:
        with saved.open("a", encoding="utf-8") as f:
            def keep(r):
                r["_key"] = [games, seed, level]
                done[r["index"]] = r
                f.write(json.dumps(r) + "\n")
                f.flush()
                if len(done) % 20 == 0:
                    print(f"{len(done)}/{len(jobs)} games ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
            world = (pool, decks)
            if workers <= 1:
                for j in todo:
                    keep(play_job(j, world))
            else:
                import multiprocessing as mp

                from apps.simulate import _init_worker
                ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
                with ctx.Pool(workers, initializer=_init_worker, initargs=(world,)) as p:
                    for r in p.imap(play_job, todo, chunksize=1):
                        keep(r)
    per_pair = [sum(1 for k in range(g * games, (g + 1) * games) if k in done) for g in range(len(pairs))]
    complete = min(k for k in range(games + 1)
                   if k == games or any((g * games + k) not in done for g in range(len(pairs))))
    k = complete if limit is None else min(limit, complete)
    results = [done[g * games + i] for g in range(len(pairs)) for i in range(k)]
    a = analyse(results, decks, pool)
    meta = {"levels": [level], "games_per_pair": k, "seed": seed, "planned_games_per_pair": games,
            "seconds": round(time.time() - t0, 1), "workers": workers, "backend": "local",
            "command": f"capeclash balance --games {games} --seed {seed} --ai {level} (first {k} games of each pair)"}
    write_report(a, out, meta)
    a["meta"] = meta
    a["finished_per_pair"] = per_pair
    return a


def format_report(a: dict) -> str:
    """The report's headline numbers as Markdown: the matrix with 95 % CIs and game counts."""
    names = a["decks"]
    short = [n.replace(" Starter", "") for n in names]
    out = ["| row beats column | " + " | ".join(short) + " |", "|" + " --- |" * (len(names) + 1)]
    for nm, row in zip(short, a["matrix"], strict=True):
        cells = []
        for c in row:
            cells.append("-" if c is None else
                         f"{100 * c['rate']:.1f} % ({100 * c['ci95'][0]:.1f}-{100 * c['ci95'][1]:.1f}; "
                         f"{c['games']} games)")
        out.append(f"| {nm} | " + " | ".join(cells) + " |")
    fp = a["first_player"]
    rates = [c["rate"] for row in a["matrix"] for c in row if c is not None]
    out.append("")
    out.append(f"{a['meta']['games_per_pair']} games per pair, AI {a['meta']['levels'][0]} against itself, "
               f"seed {a['meta']['seed']}: first player wins {100 * fp['rate']:.1f} % of {fp['games']:.0f} decided games "
               f"(95 % CI {100 * fp['ci95'][0]:.1f}-{100 * fp['ci95'][1]:.1f}); pairwise win rates "
               f"{100 * min(rates):.1f}-{100 * max(rates):.1f} %; draws {a['draws']}; games last "
               f"{a['lengths']['mean']:.1f} turns on average (median {a['lengths']['median']}).")
    out.append("")
    out.append("| main character | deck | win rate (95 % CI) | levels up in | average level-up turn |")
    out.append("| --- | --- | --- | --- | --- |")
    for k, m in a["mains"].items():
        lvl = "-" if m["avg_level_up_turn"] is None else f"{m['avg_level_up_turn']:.1f}"
        out.append(f"| {k} | {m['deck'].replace(' Starter', '')} | {100 * m['rate']:.1f} % "
                   f"({100 * m['ci95'][0]:.1f}-{100 * m['ci95'][1]:.1f}) | {100 * m['level_up_rate']:.0f} % of games "
                   f"| {lvl} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m apps.starter_balance", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per pair of decks (default 300)")
    ap.add_argument("--policy", default="simple", help="computer player: simple or random, or an engine.ai level (easy, normal, hard)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--seed", type=int, default=None, help="first seed (default 0, with --report 1 as in capeclash balance)")
    ap.add_argument("--markdown", action="store_true", help="print the matrix as a Markdown table")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--report", default=None, metavar="DIR",
                    help="play the games of `capeclash balance` (--policy: an AI level, --seed default 1), "
                         "saving each to DIR/games.jsonl, and write the balance report to DIR")
    ap.add_argument("--limit", type=int, default=None, help="with --report: report the first K games of each pair")
    ap.add_argument("--no-play", action="store_true", help="with --report: only report the games already saved")
    args = ap.parse_args(argv)
    if args.report:
        a = run_report(args.games, args.policy, max(1, args.workers), 1 if args.seed is None else args.seed,
                       Path(args.report), args.limit, play=not args.no_play)
        print(format_report(a))
        ok = a["within_target"]["pairs"] and a["within_target"]["first_player"]
        return 0 if ok else 1
    t0 = time.time()
    res = run_matrix(args.games, args.policy, max(1, min(args.workers, os.cpu_count() or 1)),
                     args.seed or 0)
    res["seconds"] = round(time.time() - t0, 1)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(format_matrix(res, args.markdown))
        print(f"({res['seconds']} s)")
    return 0 if res["worst"] <= THRESHOLD else 1


if __name__ == "__main__":
    sys.exit(main())
