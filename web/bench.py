"""``capeclash bench web``: the browser game's speed in Chromium on this machine.

For each engine packaging (``zip``: one archive unpacked at boot; ``wheel``: a wheel in the
site's pyodide-lock.json) it measures, over ``--runs`` fresh browser profiles:

- first visit: navigation start to an interactive page (``performance.mark('capeclash-ready')``)
  and the bytes the server sent;
- cached visit: a reload 0.3 s after the service worker has precached the site (the browser may
  still be busy with the first visit's background work);
- returning visit: one more reload after ``--settle`` s idle, as a player coming back sees it;

then the median time of a computer player's decision at each level, inside the browser, in Cape Clash
and in Derring-Dice.
Medians are quoted; the machine is shared, so compare figures from the same run.

``capeclash bench ui`` (``ui_main``) plays seeded games through the page with a fixed simple policy
and prints "median clicks per own turn: N" (against the computer) and "median hand-overs per turn:
N" (two-player hot-seat); ``--drag`` recruits and attacks by dragging (one gesture each).
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
    p.add_argument("--settle", type=float, default=5.0,
                   help="seconds idle before the returning visit (default 5)")
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
    if argv and argv[0] == "ui":
        return ui_main(argv)
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
                firsts, cached, returning, bytes_first, bytes_cached, blocked = [], [], [], [], [], []
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
                    # a player coming back: the browser has finished the first visits' background work
                    # (compiling the runtime's optimised code, the service worker's precache)
                    time.sleep(args.settle)
                    page.reload()
                    returning.append(_ready(page))
                    ctx.close()
                out["packaging"][packaging] = {
                    "first_visit_ms": round(statistics.median(firsts)), "cached_ms": round(statistics.median(cached)),
                    "returning_ms": round(statistics.median(returning)), "returning_all_ms": [round(x) for x in returning],
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
        print(f"  {'':8}  returning after {args.settle:g} s idle: {r['returning_ms'] / 1000:.2f} s   runs: {r['returning_all_ms']} ms")
    for level, r in out["ai"].items():
        print(f"  AI {level:6}: median decision {r['median_ms']:.0f} ms, mean {r['mean_ms']:.0f} ms, "
              f"90th percentile {r['p90_ms']:.0f} ms, 95th {r.get('p95_ms', 0):.0f} ms, slowest {r['max_ms']:.0f} ms "
              f"({r['moves']} decisions)")
    for level, r in out["dice_ai"].items():
        print(f"  Derring-Dice AI {level:6}: median decision {r['median_ms']:.0f} ms, mean {r['mean_ms']:.0f} ms, "
              f"90th percentile {r['p90_ms']:.0f} ms, 95th {r.get('p95_ms', 0):.0f} ms, slowest {r['max_ms']:.0f} ms "
              f"({r['moves']} decisions)")
    print(f"  load average during the run: {out['load']}")
    return 0


if __name__ == "__main__":
    sys.exit(bench_main(sys.argv[1:]))


# ------------------------------------------------------------------ capeclash bench ui

UI_READY = """() => {
  const a = window.capeclash, b = document.body;
  if (b.dataset.over === '1') return 'over';
  if (a.busy) return false;
  if (b.dataset.screen === 'pass') return 'pass';
  if (a.busy || b.dataset.thinking === '1' || b.dataset.screen !== 'game' || !a.state) return false;
  return a.state.actions.length ? 'act' : false;
}"""

# What the fixed policy looks at: the viewer's offered actions and their hand's costs.
UI_STATE = """() => {
  const s = window.capeclash.state, v = s.view, me = v.players[v.viewer];
  const cost = Object.fromEntries((me.hand || []).map((c) => [c.iid, c.cost ?? 0]));
  const atk = {};
  for (const side of v.sides) for (const c of [...side.front, ...side.back]) atk[c.iid] = c.atk;
  return { turn: v.turn, own: v.active_side === me.side, viewer: v.viewer, decision: v.decision && v.decision.type, prompt: v.decision && v.decision.prompt,
           standing: document.querySelectorAll('#actions .standing li').length,  // the remembered answers listed
           can_end_turn: s.can_end_turn, actions: s.actions, cost, atk, hand: (me.hand || []).map((c) => c.iid) };
}"""


def _ui_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="capeclash bench ui", description=(
        "Clicks and hand-overs of the browser game, played through the page in Chromium by a fixed "
        "simple policy: play a resource (a hand card with one action), recruit the dearest card it "
        "can (one click: the engine's default row), attack once a turn with its strongest attacker (attacker, "
        "then the first target), then End turn; other questions: the card the first action is about, "
        "else the first button of the side panel."))
    p.add_argument("--dir", default="dist/web", help="the built site (built first if missing or stale)")
    p.add_argument("--games", type=int, default=3, help="games per mode (default 3)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (then +1, ...)")
    p.add_argument("--ai", default="easy", help="the computer's level against the human (default easy)")
    p.add_argument("--max-turns", type=int, default=24, help="stop a game after this many turns (default 24)")
    p.add_argument("--modes", default="computer,hotseat", help="computer (1 human vs AI), hotseat (2 humans)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--verbose", action="store_true",
                   help="print every click (with the kinds of actions offered) and every hand-over (to whom, for what)")
    p.add_argument("--remember", action="store_true",
                   help="tick 'Remember my answer' at each 'use this ability?' question (one click more, "
                        "asked once per ability instead of every time)")
    p.add_argument("--drag", action="store_true",
                   help="recruit by dragging the card onto the row, attack by dragging the attacker onto its target")
    return p


def _ui_click(page, selector: str) -> None:
    page.click(selector, timeout=10000)


def _ui_choose(page, st: dict, attacked: set, drag: bool = False, remember: bool = False) -> str:
    """One click of the policy: returns what it clicked ('card', 'row', 'end_turn', 'panel'; 'remember':
    the box ticked, then the answer: two clicks)."""
    acts = st["actions"]
    by_type: dict[str, list] = {}
    for a in acts:
        by_type.setdefault(a["type"], []).append(a)
    hand = set(st["hand"])
    d = st["decision"]
    key = (st["viewer"], st["turn"])

    def card(iid):
        _ui_click(page, f'#board .card[data-iid="{iid}"], #board .res[data-iid="{iid}"]')
        return "card"

    if d == "place_main":
        _ui_click(page, '#board .row-target[data-row="front"]')
        return "row"
    if d == "resource" and st["own"]:
        counts: dict = {}
        for a in acts:
            if a["card"] in hand:
                counts[a["card"]] = counts.get(a["card"], 0) + 1
        singles = [c for c, n in counts.items() if n == 1 and any(a["card"] == c and a["type"] == "resource" for a in acts)]
        if singles:
            return card(singles[0])
    if d == "recruit" and by_type.get("recruit"):
        best = max({a["card"] for a in by_type["recruit"]}, key=lambda c: st["cost"].get(str(c), st["cost"].get(c, 0)))
        if drag:
            page.drag_and_drop(f'#board .hand .card[data-iid="{best}"]', '#board .side.mine .row[data-row="front"]')
            return "drag"
        default = next((a for a in by_type["recruit"] if a["card"] == best and a.get("default")), None)
        if default is not None:  # one click: the engine's default row
            return card(best)
        card(best)
        page.wait_for_selector('#board .row-target[data-row="front"]', timeout=5000)
        _ui_click(page, '#board .row-target[data-row="front"]')
        return "row"
    attacks = [a for a in acts if a["type"] == "attack"]
    if attacks and key not in attacked:
        attacked.add(key)
        best = max(attacks, key=lambda a: st["atk"].get(str(a["card"]), st["atk"].get(a["card"], 0)))
        if drag and best.get("targets"):
            page.drag_and_drop(f'#board .card[data-iid="{best["card"]}"]',
                               f'#board .card[data-iid="{best["targets"][0]["card"]}"]')
            return "drag"
        return card(best["card"])
    if by_type.get("target"):
        return card(by_type["target"][0]["card"])
    if st["can_end_turn"] and st["own"]:
        _ui_click(page, "#btn-endturn")
        return "end_turn"
    first = next((a for a in acts if a["type"] not in ("cancel_attack",)), acts[0])
    if remember and d == "may_trigger" and page.query_selector("#remember-answer"):
        page.check("#remember-answer")
        page.click(f'#actions button[data-action="{first["text"]}"]', timeout=10000)
        return "remember"
    if first.get("card") is not None and first["type"] in ("choose", "strike_back", "pay") and \
            page.query_selector(f'#board [data-iid="{first["card"]}"]'):
        return card(first["card"])
    page.click(f'#actions button[data-action="{first["text"]}"]', timeout=10000)
    return "panel"


def _ui_game(page, url: str, mode: str, seed: int, ai: str, max_turns: int, verbose: bool = False,
             drag: bool = False, remember: bool = False) -> dict:
    """One game through the page (``mode``: computer or hotseat) with the fixed policy; also used by
    tests/test_web.py to play whole games by card clicks."""
    page.goto(f"{url}?aidelay=0&nosw&seed={seed}")
    page.wait_for_selector("body[data-ready='1']", timeout=60000)
    page.evaluate("localStorage.clear()")
    page.select_option("#mode", "duel:2")
    page.select_option("#seat-0-who", "human")
    page.select_option("#seat-1-who", "human" if mode == "hotseat" else ai)
    page.click("#btn-start")
    clicks: dict = {}   # (seat, turn) -> clicks on that seat's own turn
    other = 0           # clicks on someone else's turn
    handovers, attacked, turn, setup_handovers = 0, set(), 0, 0
    kinds: dict = {}    # how the clicks were made: card, row, end_turn, panel
    questions = []      # the "use this ability?" questions asked: (seat, prompt, answers remembered by then)
    standing = 0        # the most remembered answers a viewer had
    for _ in range(5000):
        page.wait_for_function(UI_READY, timeout=120000)
        what = page.evaluate(UI_READY)
        if what == "over":
            break
        if what == "pass":
            handovers += 1
            setup_handovers += turn == 0
            page.click("#btn-pass")
            if verbose:
                page.wait_for_function("document.body.dataset.screen !== 'pass'", timeout=30000)
                d = page.evaluate("window.capeclash.state?.view?.decision?.type")
                print(f"    turn {turn} hand-over to seat {page.evaluate('window.capeclash.viewer')} ({d})",
                      file=sys.stderr)
            continue
        st = page.evaluate(UI_STATE)
        turn = st["turn"] or 0
        if turn > max_turns:
            break
        standing = max(standing, st["standing"])
        if st["decision"] == "may_trigger":
            questions.append((st["viewer"], st["prompt"], st["standing"]))
        how = _ui_choose(page, st, attacked, drag, remember)
        kinds[how] = kinds.get(how, 0) + 1
        n = 2 if how in ("row", "remember") else 1
        if verbose:
            types: dict = {}
            for a in st["actions"]:
                types[a["type"]] = types.get(a["type"], 0) + 1
            print(f"    turn {turn} seat {st['viewer']} {'own' if st['own'] else 'other'} {st['decision']}: {how}"
                  f"   (offered: {', '.join(f'{t} x{n}' for t, n in types.items())})", file=sys.stderr)
            if st["decision"] in ("order", "may_trigger", "combat", "choose", "strike_back"):
                print("      " + " | ".join(a["label"] for a in st["actions"]), file=sys.stderr)
        if st["own"] and turn:
            k = (st["viewer"], turn)
            clicks[k] = clicks.get(k, 0) + n
        else:
            other += n
        page.wait_for_timeout(20)
    return {"turns": turn, "own_turn_clicks": list(clicks.values()), "other_clicks": other, "handovers": handovers,
            "kinds": kinds, "setup_handovers": setup_handovers, "questions": questions, "standing": standing,
            "over": page.evaluate("document.body.dataset.over === '1'")}


def ui_main(argv: list[str]) -> int:
    args = _ui_parser().parse_args(argv[1:] if argv and argv[0] == "ui" else argv)
    from playwright.sync_api import sync_playwright

    from . import browser
    from .build import build, is_current
    from .serve import serve_in_thread

    site = Path(args.dir)
    if not is_current(site):
        build(site)
    srv, url = serve_in_thread(site)
    out: dict = {"games": {}}
    try:
        with sync_playwright() as pw:
            chromium = browser.launch(pw)
            for mode in [m for m in args.modes.split(",") if m]:
                games = []
                for i in range(args.games):
                    ctx = chromium.new_context(viewport={"width": 1280, "height": 800})
                    browser.guard(ctx)
                    page = ctx.new_page()
                    t0 = time.perf_counter()
                    g = _ui_game(page, url, mode, args.seed + i, args.ai, args.max_turns, args.verbose, args.drag,
                                 args.remember)
                    g["seconds"] = round(time.perf_counter() - t0, 1)
                    games.append(g)
                    ctx.close()
                out["games"][mode] = games
            chromium.close()
    finally:
        srv.shutdown()
        srv.server_close()
    comp = out["games"].get("computer", [])
    hot = out["games"].get("hotseat", [])
    own = [c for g in comp for c in g["own_turn_clicks"]]
    per_turn = [g["handovers"] / max(1, g["turns"]) for g in hot]
    in_play = [(g["handovers"] - g["setup_handovers"]) / max(1, g["turns"]) for g in hot]
    out["median_clicks_per_own_turn"] = statistics.median(own) if own else None
    out["median_handovers_per_turn"] = round(statistics.median(per_turn), 2) if per_turn else None
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    for mode, games in out["games"].items():
        for g in games:
            print(f"  {mode:8} {g['turns']:3} turns{' (finished)' if g['over'] else ''}: clicks per own turn "
                  f"{g['own_turn_clicks']}, on other turns {g['other_clicks']}, hand-overs {g['handovers']} "
                  f"({g['setup_handovers']} in the setup) "
                  f"({g['seconds']} s)")
    if own:
        how = " (recruits and attacks dragged: one gesture each)" if args.drag else ""
        print(f"median clicks per own turn: {out['median_clicks_per_own_turn']}{how}")
    if per_turn:
        how = " (answers to 'use this ability?' remembered)" if args.remember else ""
        print(f"median hand-overs per turn: {out['median_handovers_per_turn']}{how}")
        print(f"  (after the setup's hand-overs: {round(statistics.median(in_play), 2)} per turn)")
    return 0
