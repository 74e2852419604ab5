"""``capeclash simulate``: many AI games, on this machine's cores or on a Ray cluster.

    capeclash simulate --deck deck-ember-oath --deck deck-rime-court --games 200 --ai normal
    capeclash simulate --deck A --deck B --ai hard --ai normal --workers 2 --json out.json
    capeclash simulate --deck A --deck B --backend ray [--address HOST:PORT]
    capeclash simulate --game dice --ai hard --ai normal --games 100   # Derring-Dice (engine.dice)

Game ``i`` has seed ``S + i``; its seats take the decks rotated every game and the AI levels
rotated once the decks have gone round, so every deck meets every level in every seat equally
often (over a multiple of decks x levels games). A game depends on its job alone (the
seed, the decks and levels of its seats), never on which worker plays it or when: results
are identical for any worker count and for either backend.

The default backend is a process pool over the machine's cores. ``--backend ray`` sends the
same jobs to Ray (``pip install capeclash[sim]``): ``--address`` joins a running cluster,
without it a local Ray instance starts. ``capeclash bench sim`` measures both.

``--game dice`` plays the dice game of ``engine.dice`` instead, through the same jobs, workers,
backends and report: its two players share the decks, so the "decks" reported are the sides
(seat 0 leads the bad guys, who move first; the levels swap seats every game).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

DEFAULT_DECKS = ("deck-ember-oath", "deck-rime-court")
FALLBACK_DECKS = ("deck-dawnwatch", "deck-gloom")
DICE_SIDES = ("bad guys", "good guys")


# ------------------------------------------------------------------ the jobs

def make_jobs(n_decks: int, levels: list[str], games: int, seed: int, mode: str = "duel",
              players: int | None = None, max_actions: int = 20000, budgets: dict | None = None,
              pairs: list[tuple[int, int]] | None = None) -> list[dict]:
    """One job per game. Without ``pairs`` all decks play in every game (seats rotate); with
    ``pairs`` (deck index pairs) each pair plays ``games`` duels, seats swapping every game."""
    seats = players or {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4, "dice": 2}[mode]
    if mode == "dice":
        n_decks, seats = 1, 2  # the sides are fixed to the seats; only the levels rotate
    jobs = []
    groups = pairs or [None]
    for gi, pair in enumerate(groups):
        n_rot = 2 if pair is not None else n_decks
        for i in range(games):
            k = len(jobs)
            # decks rotate every game, levels once the decks have been round: every deck meets
            # every level in every seat (rotating both together would tie a level to a deck)
            d_rot, l_rot = i % n_rot, (i // n_rot) % len(levels)
            if mode == "dice":
                decks = [0, 1]
            elif pair is None:
                decks = [(d_rot + s) % n_decks for s in range(seats)]
            else:
                decks = [pair[(d_rot + s) % 2] for s in range(seats)]
            lv = [levels[(l_rot + s) % len(levels)] for s in range(seats)]
            jobs.append({"index": k, "seed": seed + (gi * games + i if pair is not None else i), "decks": decks,
                         "levels": lv, "mode": mode, "players": seats, "max_actions": max_actions,
                         "budgets": budgets or {}})
    return jobs


_WORLD: tuple | None = None  # (pool, decks) of this worker process


def _init_worker(world: tuple) -> None:
    global _WORLD
    _WORLD = world
    gc.freeze()  # the pool and decks live as long as the worker: the collector can skip them


def play_job(job: dict, world: tuple | None = None) -> dict:
    """Play one job's game (in whatever process) and return its record."""
    from engine.ai.match import new_match, play_match
    pool, decks = world or _WORLD
    cpu = time.process_time()
    seat_decks = [decks[i] for i in job["decks"]] if job["mode"] != "dice" else None
    g = new_match(pool, job["mode"], job["seed"], seat_decks, players=job["players"])
    k = job.get("browser_clock")
    deadlines = {"search_clock": (lambda: time.process_time() * k), "deadlines": job["deadlines"]} if k else {}
    r = play_match(g, job["levels"], job["seed"], max_actions=job["max_actions"], budgets=job["budgets"], **deadlines)
    r["index"] = job["index"]
    r["deck_index"] = list(job["decks"])
    r["cpu_s"] = round(time.process_time() - cpu, 4)  # for the benchmark only: not part of the game
    return r


def run_local(jobs: list[dict], world: tuple, workers: int, progress: Callable[[int], None] | None = None) -> list[dict]:
    """The jobs on a process pool of ``workers`` (1: in this process), in job order."""
    out = []
    if workers <= 1:
        for j in jobs:
            out.append(play_job(j, world))
            if progress:
                progress(1)
        return out
    import multiprocessing as mp
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(workers, initializer=_init_worker, initargs=(world,)) as pool:
        for r in pool.imap(play_job, jobs, chunksize=1):
            out.append(r)
            if progress:
                progress(1)
    return out


def run_ray(jobs: list[dict], world: tuple, workers: int, address: str | None = None,
            progress: Callable[[int], None] | None = None) -> list[dict]:
    """The same jobs as Ray tasks (a local Ray instance of ``workers`` CPUs, or the cluster at
    ``address``), results in job order."""
    try:
        import ray
    except ImportError as e:
        raise RuntimeError("the Ray backend needs Ray: pip install 'capeclash[sim]'") from e
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(num_cpus=1)(play_job)
        world_ref = ray.put(world)
        pending = [remote.remote(j, world_ref) for j in jobs]
        results: list[dict] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            results += ray.get(done)
            if progress:
                progress(len(done))
        return sorted(results, key=lambda r: r["index"])
    finally:
        if started:
            ray.shutdown()


# ------------------------------------------------------------------ numbers

def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def summarize(results: list[dict], deck_names: list[str]) -> dict:
    """Wins per deck and per level, draws, first-player results and game lengths."""
    n = len(results)
    draws = sum(1 for r in results if not r["winners"] or len(r["winners"]) == len(r["levels"]))
    by_deck = {name: {"games": 0, "wins": 0.0} for name in deck_names}
    by_level: dict[str, dict] = {}
    first_wins = 0.0
    first_games = 0
    for r in results:
        w = r["winners"]
        share = 1.0 / len(w) if w else 0.0
        seen_decks = set()
        for seat, di in enumerate(r["deck_index"]):
            name = deck_names[di]
            if name not in seen_decks:
                by_deck[name]["games"] += 1
                seen_decks.add(name)
            if seat in w:
                by_deck[name]["wins"] += share
        for seat, lv in enumerate(r["levels"]):
            e = by_level.setdefault(lv, {"seats": 0, "wins": 0.0})
            e["seats"] += 1
            e["wins"] += share if seat in w else 0.0
        if w and len(w) < len(r["levels"]):
            first_games += 1
            first_wins += share * sum(1 for s in r["first"] if s in w)
    for e in by_deck.values():
        e["rate"] = e["wins"] / e["games"] if e["games"] else 0.0
        e["ci95"] = wilson(e["wins"], e["games"])
    for e in by_level.values():
        e["rate"] = e["wins"] / e["seats"] if e["seats"] else 0.0
    turns = [r["turns"] for r in results]
    actions = [r["actions"] for r in results]
    return {
        "games": n, "draws": draws, "decks": by_deck, "levels": by_level,
        "first_player": {"games": first_games, "wins": first_wins,
                         "rate": first_wins / first_games if first_games else 0.0,
                         "ci95": wilson(first_wins, first_games)},
        "turns": {"mean": statistics.fmean(turns) if turns else 0, "median": statistics.median(turns) if turns else 0,
                  "min": min(turns, default=0), "max": max(turns, default=0)},
        "actions": {"mean": statistics.fmean(actions) if actions else 0},
        "reasons": _count(r["reason"].split(":")[0] for r in results),
    }


def _count(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def format_summary(s: dict, seconds: float) -> str:
    lines = [f"{s['games']} games in {seconds:.1f} s ({s['games'] / max(seconds, 1e-9):.2f} games/s)"]
    for name, e in s["decks"].items():
        lo, hi = e["ci95"]
        lines.append(f"  {name:32} wins {e['wins']:7.1f} of {e['games']:4}  {100 * e['rate']:5.1f} %  "
                     f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f})")
    if len(s["levels"]) > 1:
        for lv, e in s["levels"].items():
            lines.append(f"  AI {lv:29} wins {e['wins']:7.1f} of {e['seats']:4}  {100 * e['rate']:5.1f} %")
    fp = s["first_player"]
    lo, hi = fp["ci95"]
    lines.append(f"  first player wins {fp['wins']:.1f} of {fp['games']} decided games: {100 * fp['rate']:.1f} % "
                 f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f})")
    lines.append(f"  draws {s['draws']}")
    t = s["turns"]
    lines.append(f"  game length: {t['mean']:.1f} turns on average (median {t['median']}, {t['min']}-{t['max']}), "
                 f"{s['actions']['mean']:.0f} actions")
    lines.append("  endings: " + ", ".join(f"{k} ({v})" for k, v in s["reasons"].items()))
    return "\n".join(lines)


# ------------------------------------------------------------------ loading and progress

def card_root() -> Path:
    here = Path.cwd() / "card_data"
    return here if here.is_dir() else Path(__file__).resolve().parent.parent / "card_data"


def load_world(deck_refs: list[str] | None, cards: list[str] | None = None) -> tuple:
    """(pool, decks) for deck names or paths (default: two starter decks, else the testbed's)."""
    from engine.capeclash.loader import find_deck, load_pool
    root = card_root()
    refs = list(deck_refs or [])
    if not refs:
        have = {f.stem for f in root.rglob("deck-*.yaml")}
        refs = list(DEFAULT_DECKS if all(d in have for d in DEFAULT_DECKS) else FALLBACK_DECKS)
    pool = load_pool(cards or [root])
    if cards and not len(pool):  # (every card of every deck would be 'no such card': say why)
        from engine.core.errors import DataError, Problem
        raise DataError([Problem(", ".join(map(str, cards)), None, None,
                                 "no cards here (card files hold a 'cards:' list)")])
    return pool, [find_deck(r, pool, root) for r in refs]


def load_dice_world(cards: list[str] | None = None) -> tuple:
    """(pool, None) for the dice game: its card pool (``card_data/dice``, or the folder given)."""
    from engine.dice import load_pool
    return (load_pool(cards) if cards else load_pool()), None


class Progress:
    """A rich progress bar on stderr (a plain counter without rich or without a terminal)."""

    def __init__(self, total: int, label: str, enabled: bool = True):
        self.total = total
        self.done = 0
        self.label = label
        self.enabled = enabled
        self._bar = None
        if enabled and sys.stderr.isatty():
            try:
                from rich.progress import (
                    BarColumn,
                    MofNCompleteColumn,
                    TimeElapsedColumn,
                    TimeRemainingColumn,
                )
                from rich.progress import Progress as RichProgress
                self._bar = RichProgress("[progress.description]{task.description}", BarColumn(),
                                         MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                                         transient=True)
                self._task = self._bar.add_task(label, total=total)
                self._bar.start()
            except ImportError:
                self._bar = None

    def __call__(self, n: int = 1) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(self._task, advance=n)
        elif self.enabled and (self.done == self.total or self.done % max(1, self.total // 10) == 0):
            print(f"{self.label}: {self.done}/{self.total}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def execute(jobs: list[dict], world: tuple, workers: int, backend: str = "local", address: str | None = None,
            label: str = "games", show: bool = True) -> list[dict]:
    bar = Progress(len(jobs), label, show)
    try:
        if backend == "ray":
            return run_ray(jobs, world, workers, address, bar)
        return run_local(jobs, world, workers, bar)
    finally:
        bar.close()


# ------------------------------------------------------------------ the command

def add_arguments(p: argparse.ArgumentParser) -> None:
    from engine.ai import LEVELS
    p.add_argument("--game", choices=["capeclash", "dice"], default="capeclash",
                   help="capeclash (default) or dice: Derring-Dice, whose players share the decks (no --deck)")
    p.add_argument("--deck", action="append", default=None, metavar="DECK",
                   help="a deck name under card_data or a path (twice or more; default: "
                        f"{' and '.join(DEFAULT_DECKS)})")
    p.add_argument("--mode", default="duel", choices=["duel", "ffa", "2v2", "two_headed"])
    from apps.options import count, seed, whole
    p.add_argument("--players", type=whole(2, 4), default=None, help="seats (default: 2, or 4 for team modes)")
    p.add_argument("--games", type=count, default=100)
    p.add_argument("--seed", type=seed, default=1, help="game i has seed SEED + i")
    p.add_argument("--ai", action="append", default=None, choices=sorted(LEVELS), metavar="LEVEL",
                   help=f"AI level for the seats, in order ({', '.join(LEVELS)}; default normal); the levels "
                        "swap seats once the decks have gone round, so each plays each deck from each seat")
    p.add_argument("--workers", type=count, default=os.cpu_count() or 1,
                   help="processes (local) or CPUs (a local Ray instance); default: this machine's cores")
    p.add_argument("--backend", choices=["local", "ray"], default="local",
                   help="local: a process pool (default); ray: Ray tasks (pip install 'capeclash[sim]')")
    p.add_argument("--address", default=None, help="with --backend ray: a running cluster to join")
    p.add_argument("--cards", action="append", default=None, metavar="PATH", help="card data (default card_data)")
    p.add_argument("--max-actions", type=count, default=20000, help="a game stopped here counts as a draw")
    p.add_argument("--json", default=None, metavar="FILE", help="write every game and the summary as JSON")
    p.add_argument("--no-progress", action="store_true")


def run(args) -> int:
    if args.games < 1 or args.workers < 1:
        print("error: --games and --workers must be at least 1", file=sys.stderr)
        return 2
    dice = args.game == "dice"
    if dice and (args.deck or args.mode != "duel" or args.players):
        print("error: the dice game has no --deck, --mode or --players: its two players share the decks",
              file=sys.stderr)
        return 2
    if args.deck is not None and len(args.deck) < 2:
        print("error: give at least two --deck options", file=sys.stderr)
        return 2
    if not dice:
        from engine.capeclash.config import MODES
        lo, hi = MODES[args.mode]
        if args.players is not None and not lo <= args.players <= hi:
            print(f"error: --players: a {args.mode} game has {lo if lo == hi else f'{lo}-{hi}'} players, "
                  f"not {args.players}", file=sys.stderr)
            return 2
    if args.json:  # found out now, not after the games have been played
        from apps.options import output_file_problem
        why = output_file_problem(args.json)
        if why:
            print(f"error: --json {why}", file=sys.stderr)
            return 2
    levels = args.ai or ["normal"]
    if dice:
        world = load_dice_world(args.cards)
        names = list(DICE_SIDES)
        mode = "dice"
        if len(levels) > 2:
            print("error: the dice game has two seats: give --ai at most twice", file=sys.stderr)
            return 2
    else:
        world = load_world(args.deck, args.cards)
        names = [d.name for d in world[1]]
        mode = args.mode
    jobs = make_jobs(len(names), levels, args.games, args.seed, mode, args.players, args.max_actions)
    from engine.capeclash.game import MAX_SEED
    if not all(0 <= j["seed"] <= MAX_SEED for j in jobs):
        # every game's seed must be one a save can hold (so any game can be saved and replayed)
        print(f"error: --seed: the games' seeds run from {min(j['seed'] for j in jobs)} to "
              f"{max(j['seed'] for j in jobs)}; each must be from 0 to 2^64 - 1", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    results = execute(jobs, world, args.workers, args.backend, args.address, show=not args.no_progress)
    dt = time.perf_counter() - t0
    s = summarize(results, names)
    title = "Derring-Dice: bad guys vs good guys" if dice else f"{' vs '.join(names)} - {args.mode}"
    print(f"{title}, AI {' / '.join(levels)}, seeds {args.seed}-{args.seed + args.games - 1}, "
          f"{args.backend} backend, {args.workers} worker(s)")
    print(format_summary(s, dt))
    if args.json:
        Path(args.json).write_text(json.dumps({  # (an OSError now is reported by the command, naming the file)
            "game": args.game, "decks": names, "mode": mode, "levels": levels, "seed": args.seed, "backend": args.backend,
            "workers": args.workers, "seconds": dt, "summary": s, "games": results}, indent=1), encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


# ------------------------------------------------------------------ capeclash bench sim

def bench_main(argv: list[str]) -> int:
    """``capeclash bench sim``: the same games on 1 and on K workers, and on Ray at K CPUs."""
    ap = argparse.ArgumentParser(prog="capeclash bench sim")
    from apps.options import count, seed
    from engine.ai import LEVELS
    ap.add_argument("--games", type=count, default=40)
    ap.add_argument("--ai", default="normal", choices=sorted(LEVELS))
    ap.add_argument("--workers", type=count, default=2)
    ap.add_argument("--seed", type=seed, default=1)
    ap.add_argument("--deck", action="append", default=None)
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args(argv[1:])
    world = load_world(opts.deck)
    jobs = make_jobs(len(world[1]), [opts.ai], opts.games, opts.seed)
    rows = {}
    ref = None
    runs = [("local", 1), ("local", opts.workers)] + ([] if opts.no_ray else [("ray", opts.workers)])
    for backend, k in runs:
        t0 = time.perf_counter()
        res = execute(jobs, world, k, backend, label=f"{backend} x{k}", show=False)
        dt = time.perf_counter() - t0
        same = ref is None or [r["hash"] for r in res] == [r["hash"] for r in ref]
        ref = ref or res
        cpu = sum(r["cpu_s"] for r in res)
        rows[f"{backend} x{k}"] = {"seconds": dt, "games_per_s": len(jobs) / dt, "identical": same,
                                   "game_cpu_s": cpu, "busy_cores": cpu / dt, "load": os.getloadavg()}
        # busy cores: CPU time spent in the games over the wall time; on a shared machine the
        # speed-up is capped by the cores the other processes leave free
        print(f"{backend:5} {k} worker(s): {len(jobs)} games in {dt:6.1f} s = {len(jobs) / dt:5.2f} games/s, "
              f"{cpu:6.1f} CPU-s in games = {cpu / dt:4.2f} cores busy (load {os.getloadavg()[0]:.2f})"
              f"{'' if same else '  RESULTS DIFFER'}", flush=True)
    base = rows["local x1"]["seconds"]
    kx = rows[f"local x{opts.workers}"]
    print(f"speed-up 1 -> {opts.workers} workers (local pool): {base / kx['seconds']:.2f}x wall-clock; "
          f"CPU per game {rows['local x1']['game_cpu_s'] / len(jobs):.2f} s -> {kx['game_cpu_s'] / len(jobs):.2f} s")
    if not opts.no_ray:
        print(f"Ray / local pool throughput at {opts.workers} CPUs: "
              f"{rows[f'local x{opts.workers}']['seconds'] / rows[f'ray x{opts.workers}']['seconds']:.2f}")
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    if opts.json:
        print(json.dumps(rows, indent=2))
    return 0 if all(r["identical"] for r in rows.values()) else 1
