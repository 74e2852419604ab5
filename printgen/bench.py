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
    ap.add_argument("--data", type=Path, default=Path("card_data"))
    ap.add_argument("--runs", type=int, default=3, help="runs per figure (the median is reported)")
    args = ap.parse_args(argv)

    from .build import Options, build
    from .data import load_set
    from .faces import Context, card_back, card_face
    from .sheets import home_pdf

    job = load_set(args.data)
    n = len(job.cards)
    print(f"capeclash bench print: {job.title}, {n} cards (median of {args.runs} runs)")
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

        for profile in ("tgc", "mpc", "tts", "drivethru"):
            def one(profile=profile):
                out = tmp / profile
                shutil.rmtree(out, ignore_errors=True)
                build(Options(data=args.data, out=out, profiles=(profile,), papers=("a4",), extras=False,
                              use_cache=False, force=True))
            t = timed(one)
            unit = f"{t / n * 1000:5.1f} ms per card" + ("   (target <= 30 ms)" if profile in ("tgc", "mpc") else "")
            print(f"  {profile:9s} cold, no cache:                {t:6.2f} s   {unit}")

        full = tmp / "full"
        t0 = time.perf_counter()
        build(Options(data=args.data, out=full, force=True))
        cold = time.perf_counter() - t0
        print(f"  default build (home, A4 + Letter, rulebook, counters, proof): {cold:6.2f} s")
        t = timed(lambda: build(Options(data=args.data, out=full)))
        print(f"  rebuild, nothing changed:                    {t:6.2f} s   (target <= 1 s)")

        def cached_pngs():
            build(Options(data=args.data, out=full, profiles=("tgc",), papers=("a4",), extras=False, force=True))
        cached_pngs()
        t = timed(cached_pngs)
        print(f"  tgc PNGs again, every image from the cache:  {t:6.2f} s   {t / n * 1000:5.1f} ms per card")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0
