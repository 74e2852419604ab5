"""``capeclash bench print``: time the print build for the starter set, profile by profile.

Targets: A4 home PDF <= 5 s; 300 DPI PNGs <= 30 ms per card; a rebuild with nothing changed <= 1 s.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path


def bench_main(argv) -> int:
    ap = argparse.ArgumentParser(prog="capeclash bench print")
    ap.add_argument("what", nargs="?")
    ap.add_argument("--data", type=Path, default=None, help="card data folder (default: as capeclash print)")
    from apps.options import count
    ap.add_argument("--runs", type=count, default=3, help="runs per figure (the median is reported)")
    args = ap.parse_args(argv)
    if args.data is None:
        from printgen.cli import _default_data
        args.data = _default_data()

    import os

    from .build import Options, build
    from .data import load_set
    from .faces import Context, card_back, card_face
    from .sheets import home_pdf
    t = time.perf_counter()
    job = load_set(args.data)
    t_load = time.perf_counter() - t
    n = len(job.cards)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"capeclash bench print: {job.title}, {n} cards (median of {args.runs} runs; "
          f"machine load average {load:.1f} on {os.cpu_count()} cores)")
    print(f"  reading the card data:                      {t_load:6.2f} s")
    ctx = Context(job.pool, None, job.numbers)
    tmp = Path(tempfile.mkdtemp(prefix="capeclash-bench-"))
    try:
        def timed(fn):
            times = []
            for _ in range(args.runs):
                t = time.perf_counter()
                fn()
                times.append(time.perf_counter() - t)
            return statistics.median(times)

        def a4():
            lays = [card_face(c, ctx) for c in job.cards]
            home_pdf(tmp / "a4.pdf", lays, card_back(), "a4", job.title)
        t = timed(a4)
        print(f"  home A4 PDF (fronts + backs, {n} cards):     {t:6.2f} s   (target <= 5 s)")

        from .cache import ImageCache
        from .profiles import face_png
        layouts = {c.id: card_face(c, ctx) for c in job.cards}

        def pngs():
            cache = ImageCache(None)   # no disk cache: every card drawn and encoded
            for c in job.cards:
                face_png(c, ctx, cache, "tgc", layouts)
            cache.finish()
        t = timed(pngs)
        c0 = time.process_time()
        pngs()
        cpu = time.process_time() - c0
        print(f"  300 DPI PNG per card (draw + encode):        {t / n * 1000:5.1f} ms   (target <= 30 ms; "
              f"CPU time {cpu / n * 1000:.1f} ms, drawing and encoding overlap on two threads)")

        for profile in ("tgc", "mpc", "tts", "drivethru"):
            def one(profile=profile):
                out = tmp / profile
                shutil.rmtree(out, ignore_errors=True)
                build(Options(data=args.data, out=out, profiles=(profile,), papers=("a4",), extras=False,
                              use_cache=False, force=True, games=("capeclash",)))
            t = timed(one)
            print(f"  {profile:9s} whole build, cold, no cache:   {t:6.2f} s   {t / n * 1000:5.1f} ms per card")

        from .dice_data import dice_root
        dice = dice_root(args.data)
        if dice is not None:
            _bench_dice(dice, tmp, timed)

        t = timed(lambda: build(Options(data=args.data, out=tmp / "cape", games=("capeclash",), force=True)))
        print(f"  Cape Clash build (home, A4 + Letter, rulebook, counters, proof): {t:6.2f} s")
        full = tmp / "full"
        c0 = time.process_time()
        cold = timed(lambda: build(Options(data=args.data, out=full, force=True)))
        cpu = (time.process_time() - c0) / args.runs
        games = "Cape Clash and Derring-Dice" if dice is not None else "Cape Clash"
        print(f"  default build ({games}, A4 + Letter, extras): {cold:6.2f} s   (CPU of the main process "
              f"{cpu:.2f} s{'; Derring-Dice in a second process' if dice is not None else ''})")
        t = timed(lambda: build(Options(data=args.data, out=full)))
        print(f"  rebuild, nothing changed:                    {t:6.3f} s   (target <= 1 s)")

        def cached_pngs():
            build(Options(data=args.data, out=full, profiles=("tgc",), papers=("a4",), extras=False, force=True,
                          games=("capeclash",)))
        cached_pngs()
        t = timed(cached_pngs)
        print(f"  tgc PNGs again, every image from the cache:  {t:6.2f} s   {t / n * 1000:5.1f} ms per card")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if hasattr(os, "getloadavg"):
        print(f"  (load average at the end: {os.getloadavg()[0]:.1f})")
    return 0


def _bench_dice(root: Path, tmp: Path, timed) -> None:
    """Derring-Dice: reading and laying out both decks, their A4 home sheets, the rulebook, a dice-only build."""
    from .build import Options, build
    from .cache import ImageCache
    from .games import derring_dice
    from .preflight import check_layout
    from .sheets import home_pdf
    t = time.perf_counter()
    game = derring_dice(Options(data=root.parent, games=("dice",)))
    layouts = game.layouts()
    for lays in layouts.values():   # preflight's checks, as the build makes them
        for lay in lays.values():
            check_layout(lay)
    n = len(game.cards)
    print(f"  Derring-Dice: reading {n} cards, faces, preflight: {time.perf_counter() - t:6.2f} s")

    def sheets():
        for job in game.jobs:
            home_pdf(tmp / f"{job.name}.pdf", [layouts[job.name][c.id] for c in job.cards], game.back(job, "dark"),
                     "a4", job.title, brand=game.product)
    print(f"  Derring-Dice home A4 PDFs (both decks, {n} cards): {timed(sheets):6.2f} s   (target <= 5 s)")
    t = timed(lambda: game.rulebook(tmp / "rb.pdf", "a4", ImageCache(None)))
    print(f"  Derring-Dice rulebook A4:                   {t:6.2f} s")
    t = timed(lambda: build(Options(data=root.parent, out=tmp / "dice", games=("dice",), force=True)))
    print(f"  Derring-Dice build alone (A4 + Letter, extras): {t:6.2f} s")
