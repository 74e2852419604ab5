"""``capeclash bench web``: the browser game's speed in Chromium on this machine.

For each engine packaging (``zip``: one archive unpacked at boot; ``wheel``: a wheel in the
site's pyodide-lock.json) it measures, over ``--runs`` fresh browser profiles:

- first visit: navigation start to an interactive page (``performance.mark('capeclash-ready')``)
  and the bytes the server sent;
- cached visit: a reload once the service worker has precached the site;

then the median time of a computer player's decision at each level, inside the browser, in Cape Clash
and in Derring-Dice.
Medians are quoted; the machine is shared, so compare figures from the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

READY = "performance.getEntriesByName('capeclash-ready')[0]?.startTime ?? null"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="capeclash bench web", description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", default="dist/web", help="the built site (built first if missing or stale)")
    p.add_argument("--runs", type=int, default=3, help="fresh browser profiles per packaging (default 3)")
    p.add_argument("--packaging", default="snapshot,zip,wheel",
                   help="boots to time: snapshot (the default page), zip and wheel (booting Python from scratch)")
    p.add_argument("--ai-moves", type=int, default=150, help="AI decisions timed per level (default 150)")
    p.add_argument("--levels", default="easy,normal,hard")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    return p


def _local(url: str) -> bool:
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    return parts.scheme not in ("http", "https", "ws", "wss") or parts.hostname == "127.0.0.1"


def _ready(page, timeout=60000) -> float:
    page.wait_for_selector("body[data-ready='1']", timeout=timeout)
    return float(page.evaluate(READY))


def bench_main(argv: list[str]) -> int:
    args = _parser().parse_args(argv[1:] if argv and argv[0] == "web" else argv)
    from playwright.sync_api import sync_playwright

    from . import browser
    from .build import build, is_current
    from .serve import serve_in_thread

    site = Path(args.dir)
    if not is_current(site):
        build(site)
    srv, url = serve_in_thread(site)
    import os
    out: dict = {"site": str(site), "packaging": {}, "ai": {}, "runs": args.runs,
                 "load": "unknown"}
    try:
        with sync_playwright() as pw:
            chromium = browser.launch(pw)
            for packaging in [s for s in args.packaging.split(",") if s]:
                firsts, cached, bytes_first, bytes_cached, blocked = [], [], [], [], []
                for _ in range(args.runs):
                    ctx = chromium.new_context(viewport={"width": 1366, "height": 768})
                    page = ctx.new_page()
                    # no request routing here: it would switch off the HTTP cache; requests are watched instead
                    page.on("request", lambda r, seen=blocked: seen.append(r.url) if not _local(r.url) else None)
                    b0 = srv.bytes_sent
                    page.goto(url if packaging == "snapshot" else f"{url}?engine={packaging}")
                    firsts.append(_ready(page))
                    bytes_first.append(srv.bytes_sent - b0)
                    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
                    time.sleep(0.3)
                    b1 = srv.bytes_sent
                    page.reload()
                    cached.append(_ready(page))
                    bytes_cached.append(srv.bytes_sent - b1)
                    ctx.close()
                out["packaging"][packaging] = {
                    "first_visit_ms": round(statistics.median(firsts)), "cached_ms": round(statistics.median(cached)),
                    "first_visit_all_ms": [round(x) for x in firsts], "cached_all_ms": [round(x) for x in cached],
                    "bytes_first_visit": int(statistics.median(bytes_first)),
                    "bytes_cached_visit": int(statistics.median(bytes_cached)), "foreign_requests": blocked}
            ctx = chromium.new_context()
            browser.guard(ctx)
            page = ctx.new_page()
            page.goto(url)
            _ready(page)
            for level in [s for s in args.levels.split(",") if s]:
                r = page.evaluate("(a) => window.capeclash.call('bench_ai', a)",
                                  {"level": level, "moves": args.ai_moves, "seed": 5})
                out["ai"][level] = {k: (round(v, 1) if isinstance(v, float) else v) for k, v in r.items()}
            games = page.evaluate("window.capeclash.catalogue.games || []")
            out["dice_ai"] = {}
            for level in [s for s in args.levels.split(",") if s] if "dice" in games else []:
                r = page.evaluate("(a) => window.capeclash.call('bench_ai', a, 'dice')",
                                  {"level": level, "moves": args.ai_moves, "seed": 5})
                out["dice_ai"][level] = {k: (round(v, 1) if isinstance(v, float) else v) for k, v in r.items()}
            out["python"] = page.evaluate("window.capeclash.bootInfo")
            ctx.close()
            chromium.close()
    finally:
        srv.shutdown()
        srv.server_close()
    if hasattr(os, "getloadavg"):
        out["load"] = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"Cape Clash in Chromium (Python {out['python'].get('python')}, median of {args.runs} fresh profiles; "
          f"navigation start to an interactive page)")
    for name, r in out["packaging"].items():
        print(f"  {name:8}: first visit {r['first_visit_ms'] / 1000:.2f} s "
              f"({r['bytes_first_visit'] / 1e6:.1f} MB), cached {r['cached_ms'] / 1000:.2f} s "
              f"({r['bytes_cached_visit'] / 1e3:.0f} kB)   runs: {r['first_visit_all_ms']} / {r['cached_all_ms']} ms"
              + (f"   FOREIGN REQUESTS: {r['foreign_requests']}" if r["foreign_requests"] else ""))
    for level, r in out["ai"].items():
        print(f"  AI {level:6}: median decision {r['median_ms']:.0f} ms, mean {r['mean_ms']:.0f} ms, "
              f"90th percentile {r['p90_ms']:.0f} ms, slowest {r['max_ms']:.0f} ms ({r['moves']} decisions)")
    for level, r in out["dice_ai"].items():
        print(f"  Derring-Dice AI {level:6}: median decision {r['median_ms']:.0f} ms, mean {r['mean_ms']:.0f} ms, "
              f"90th percentile {r['p90_ms']:.0f} ms, slowest {r['max_ms']:.0f} ms ({r['moves']} decisions)")
    print(f"  load average during the run: {out['load']}")
    return 0


if __name__ == "__main__":
    sys.exit(bench_main(sys.argv[1:]))
