"""``capeclash balance``: every pair of decks plays, and a report says how balanced they are.

    capeclash balance --games 500 --out build/balance            # the starter decks, normal AI
    capeclash balance --decks deck-ember-oath deck-rime-court --games 100 --ai hard --out DIR

Writes ``DIR/index.html`` (plain HTML, no script), PNG charts drawn with Pillow and
``DIR/report.json`` with every number: the win-rate matrix with 95 % confidence intervals
(Wilson), the first player's results, the distribution of game lengths, each main
character's win rate and average level-up turn, and each card's play rate (games in which a
player holding it in their deck played it) and win rate when played.

Each pair plays ``--games`` duels with seeds ``SEED + k``, seats swapping every game, through
the same jobs as ``capeclash simulate`` (``--workers``, ``--backend ray``).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import statistics
import sys
import time
from pathlib import Path

from apps.simulate import card_root, execute, load_world, make_jobs, wilson

TARGET = (0.42, 0.58)
FONT_PATHS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")


# ------------------------------------------------------------------ the numbers

def analyse(results: list[dict], decks: list, pool) -> dict:
    """Everything the report shows, from the game records."""
    names = [d.name for d in decks]
    n = len(names)
    wins = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    first_w = first_n = 0.0
    first_by_deck = {nm: [0.0, 0] for nm in names}
    lengths = []
    mains: dict[str, dict] = {}
    cards: dict[str, dict] = {}
    for r in results:
        w = r["winners"]
        share = 1.0 / len(w) if w else 0.0
        di = r["deck_index"]
        lengths.append(r["turns"])
        if w and len(w) < len(di):
            first_n += 1
            first_w += share * sum(1 for s in r["first"] if s in w)
            for s in r["first"]:
                e = first_by_deck[names[di[s]]]
                e[0] += share if s in w else 0.0
                e[1] += 1
        for seat, d in enumerate(di):
            won = share if seat in w else 0.0
            for other_seat, o in enumerate(di):
                if other_seat != seat and o != d:
                    wins[d][o] += won
                    games[d][o] += 1
            mname = pool[decks[d].main].name
            m = mains.setdefault(mname, {"deck": names[d], "games": 0, "wins": 0.0, "levelled": 0, "turns": []})
            m["games"] += 1
            m["wins"] += won
            lu = r["level_up"][seat]
            if lu is not None:
                m["levelled"] += 1
                m["turns"].append(lu)
            played = set(r["played"][seat])
            for cid in set(decks[d].cards):
                c = cards.setdefault(cid, {"name": pool[cid].name, "type": pool[cid].type, "decks": set(),
                                           "games": 0, "played": 0, "wins_played": 0.0})
                c["decks"].add(names[d])
                c["games"] += 1
                if cid in played:
                    c["played"] += 1
                    c["wins_played"] += won
    matrix = []
    for i in range(n):
        row = []
        for j in range(n):
            if i == j or games[i][j] == 0:
                row.append(None)
                continue
            lo, hi = wilson(wins[i][j], games[i][j])
            row.append({"wins": wins[i][j], "games": games[i][j], "rate": wins[i][j] / games[i][j],
                        "ci95": [lo, hi]})
        matrix.append(row)
    for m in mains.values():
        m["rate"] = m["wins"] / m["games"] if m["games"] else 0.0
        m["ci95"] = list(wilson(m["wins"], m["games"]))
        m["level_up_rate"] = m["levelled"] / m["games"] if m["games"] else 0.0
        m["avg_level_up_turn"] = statistics.fmean(m["turns"]) if m["turns"] else None
        del m["turns"]
    card_rows = []
    for cid, c in cards.items():
        card_rows.append({"id": cid, "name": c["name"], "type": c["type"], "decks": sorted(c["decks"]),
                          "games": c["games"], "play_rate": c["played"] / c["games"] if c["games"] else 0.0,
                          "played": c["played"],
                          "win_rate_played": c["wins_played"] / c["played"] if c["played"] else None})
    card_rows.sort(key=lambda c: (c["decks"], c["name"]))
    pairs_ok = all(cell is None or TARGET[0] <= cell["rate"] <= TARGET[1] for row in matrix for cell in row)
    fp_rate = first_w / first_n if first_n else 0.0
    return {
        "decks": names, "games": len(results), "matrix": matrix,
        "first_player": {"wins": first_w, "games": first_n, "rate": fp_rate, "ci95": list(wilson(first_w, first_n)),
                         "by_deck": {k: {"wins": v[0], "games": v[1], "rate": v[0] / v[1] if v[1] else 0.0}
                                     for k, v in first_by_deck.items()}},
        "lengths": {"turns": sorted(lengths), "mean": statistics.fmean(lengths) if lengths else 0.0,
                    "median": statistics.median(lengths) if lengths else 0},
        "draws": sum(1 for r in results if not r["winners"] or len(r["winners"]) == len(r["deck_index"])),
        "mains": dict(sorted(mains.items())), "cards": card_rows,
        "within_target": {"pairs": pairs_ok, "first_player": TARGET[0] <= fp_rate <= TARGET[1], "range": TARGET},
    }


# ------------------------------------------------------------------ charts (Pillow)

def _font(size: int):
    from PIL import ImageFont
    for p in FONT_PATHS:
        if os.path.exists(p):
            return ImageFont.truetype(p, size)
    return ImageFont.load_default(size)


def _rate_colour(rate: float) -> tuple[int, int, int]:
    """Green at 50 %, through yellow at the target's edges, to red far away."""
    off = min(1.0, abs(rate - 0.5) / 0.25)
    if off <= 0.32:
        t = off / 0.32
        return (int(120 + 120 * t), int(200 + 20 * t), int(120 - 40 * t))
    t = (off - 0.32) / 0.68
    return (240, int(220 - 150 * t), int(80 - 20 * t))


def chart_matrix(a: dict, path: Path) -> None:
    from PIL import Image, ImageDraw
    names = a["decks"]
    n = len(names)
    cell, left, top = 150, 230, 110
    img = Image.new("RGB", (left + cell * n + 30, top + cell * n + 70), "white")
    d = ImageDraw.Draw(img)
    f, fs, fb = _font(15), _font(13), _font(20)
    d.text((20, 15), "Win rate of the row deck against the column deck (95 % CI)", fill="black", font=fb)
    for j, nm in enumerate(names):
        d.text((left + j * cell + cell / 2, top - 12), _short(nm), fill="black", font=f, anchor="ms")
    for i, nm in enumerate(names):
        d.text((left - 12, top + i * cell + cell / 2), _short(nm), fill="black", font=f, anchor="rm")
        for j in range(n):
            x, y = left + j * cell, top + i * cell
            c = a["matrix"][i][j]
            if c is None:
                d.rectangle([x, y, x + cell, y + cell], fill=(235, 235, 235), outline="white", width=2)
                continue
            d.rectangle([x, y, x + cell, y + cell], fill=_rate_colour(c["rate"]), outline="white", width=2)
            d.text((x + cell / 2, y + cell / 2 - 10), f"{100 * c['rate']:.1f} %", fill="black", font=fb, anchor="mm")
            lo, hi = c["ci95"]
            d.text((x + cell / 2, y + cell / 2 + 16), f"{100 * lo:.0f}-{100 * hi:.0f} %", fill="black", font=fs,
                   anchor="mm")
            d.text((x + cell / 2, y + cell / 2 + 34), f"{c['games']} games", fill=(60, 60, 60), font=fs, anchor="mm")
    d.text((20, top + cell * n + 25), f"target: every cell within {100 * TARGET[0]:.0f}-{100 * TARGET[1]:.0f} %",
           fill="black", font=f)
    img.save(path)


def _short(name: str) -> str:
    return name.replace(" Starter", "").replace("Testbed ", "")


def chart_bars(rows: list[tuple[str, float, tuple[float, float] | None]], title: str, path: Path,
               lo: float = 0.0, hi: float = 1.0, percent: bool = True, band: tuple[float, float] | None = None,
               fmt=None) -> None:
    """Horizontal bars with optional 95 % CI whiskers and a shaded target band."""
    from PIL import Image, ImageDraw
    left, top, bar, width = 260, 60, 30, 560
    img = Image.new("RGB", (left + width + 110, top + bar * len(rows) + 60), "white")
    d = ImageDraw.Draw(img)
    f, fb = _font(14), _font(18)
    d.text((20, 15), title, fill="black", font=fb)

    def x_of(v: float) -> float:
        return left + (min(max(v, lo), hi) - lo) / (hi - lo) * width
    if band:
        d.rectangle([x_of(band[0]), top - 5, x_of(band[1]), top + bar * len(rows)], fill=(225, 242, 225))
    for k in range(5):
        v = lo + (hi - lo) * k / 4
        d.line([x_of(v), top - 5, x_of(v), top + bar * len(rows)], fill=(210, 210, 210))
        d.text((x_of(v), top + bar * len(rows) + 8), f"{100 * v:.0f} %" if percent else f"{v:.0f}", fill="black",
               font=f, anchor="mt")
    for i, (label, v, ci) in enumerate(rows):
        y = top + i * bar
        d.text((left - 10, y + bar / 2), label, fill="black", font=f, anchor="rm")
        d.rectangle([left, y + 6, x_of(v), y + bar - 6], fill=(70, 110, 180))
        if ci:
            d.line([x_of(ci[0]), y + bar / 2, x_of(ci[1]), y + bar / 2], fill="black", width=2)
            for e in ci:
                d.line([x_of(e), y + 9, x_of(e), y + bar - 9], fill="black", width=2)
        text = fmt(v) if fmt else (f"{100 * v:.1f} %" if percent else f"{v:.1f}")
        d.text((left + width + 10, y + bar / 2), text, fill="black", font=f, anchor="lm")
    img.save(path)


def chart_lengths(a: dict, path: Path) -> None:
    from PIL import Image, ImageDraw
    turns = a["lengths"]["turns"]
    if not turns:
        turns = [0]
    lo, hi = min(turns), max(turns)
    width, height, left, top = 720, 300, 60, 50
    nb = max(1, min(40, hi - lo + 1))
    step = (hi - lo + 1) / nb
    counts = [0] * nb
    for t in turns:
        counts[min(nb - 1, int((t - lo) / step))] += 1
    top_count = max(counts)
    img = Image.new("RGB", (left + width + 30, top + height + 60), "white")
    d = ImageDraw.Draw(img)
    f, fb = _font(13), _font(18)
    d.text((20, 12), f"Game length in turns ({len(turns)} games, mean {a['lengths']['mean']:.1f}, "
                     f"median {a['lengths']['median']})", fill="black", font=fb)
    bw = width / nb
    for k, c in enumerate(counts):
        h = c / top_count * height
        d.rectangle([left + k * bw + 1, top + height - h, left + (k + 1) * bw - 1, top + height], fill=(70, 110, 180))
    d.line([left, top + height, left + width, top + height], fill="black")
    for k in range(0, nb, max(1, nb // 10)):
        d.text((left + k * bw + bw / 2, top + height + 6), f"{lo + k * step:.0f}", fill="black", font=f, anchor="mt")
    d.text((left - 8, top), str(top_count), fill="black", font=f, anchor="rt")
    d.text((left - 8, top + height), "0", fill="black", font=f, anchor="rb")
    img.save(path)


def chart_cards(a: dict, path: Path) -> None:
    """Each card: play rate (x) against win rate when played (y), one dot per card."""
    from PIL import Image, ImageDraw
    size, left, top = 520, 70, 50
    img = Image.new("RGB", (left + size + 40, top + size + 70), "white")
    d = ImageDraw.Draw(img)
    f, fb = _font(13), _font(18)
    d.text((20, 12), "Cards: play rate (x) and win rate when played (y)", fill="black", font=fb)
    y0, y1 = TARGET
    d.rectangle([left, top + (1 - y1) * size, left + size, top + (1 - y0) * size], fill=(225, 242, 225))
    d.rectangle([left, top, left + size, top + size], outline="black")
    for k in range(5):
        v = k / 4
        d.text((left + v * size, top + size + 6), f"{100 * v:.0f} %", fill="black", font=f, anchor="mt")
        d.text((left - 6, top + (1 - v) * size), f"{100 * v:.0f} %", fill="black", font=f, anchor="rm")
    palette = [(70, 110, 180), (200, 90, 60), (60, 150, 90), (150, 80, 170), (120, 120, 120)]
    decks = a["decks"]
    for c in a["cards"]:
        if c["win_rate_played"] is None:
            continue
        x = left + c["play_rate"] * size
        y = top + (1 - c["win_rate_played"]) * size
        col = palette[decks.index(c["decks"][0]) % len(palette)] if len(c["decks"]) == 1 else palette[-1]
        d.ellipse([x - 4, y - 4, x + 4, y + 4], fill=col)
    for k, nm in enumerate(decks):
        d.ellipse([left + 10 + 150 * k, top + size + 34, left + 18 + 150 * k, top + size + 42], fill=palette[k % 4])
        d.text((left + 24 + 150 * k, top + size + 38), _short(nm), fill="black", font=f, anchor="lm")
    img.save(path)


# ------------------------------------------------------------------ the page

def write_report(a: dict, out: Path, meta: dict) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = [out / "matrix.png", out / "first_player.png", out / "lengths.png", out / "mains.png",
             out / "levelup.png", out / "cards.png"]
    chart_matrix(a, files[0])
    fp = a["first_player"]
    rows = [("all games", fp["rate"], tuple(fp["ci95"]))]
    rows += [(f"{_short(k)} goes first", v["rate"], wilson(v["wins"], v["games"])) for k, v in fp["by_deck"].items()]
    chart_bars(rows, "First player's win rate (95 % CI)", files[1], band=TARGET)
    chart_lengths(a, files[2])
    chart_bars([(k, m["rate"], tuple(m["ci95"])) for k, m in a["mains"].items()],
               "Main characters' win rates (95 % CI)", files[3], band=TARGET)
    lv = [(k, m["avg_level_up_turn"] or 0.0, None) for k, m in a["mains"].items()]
    chart_bars(lv, "Average turn of the first level-up", files[4], lo=0, hi=max([v for _, v, _ in lv] + [1]) * 1.2,
               percent=False)
    chart_cards(a, files[5])
    (out / "report.json").write_text(json.dumps({"meta": meta, **a}, indent=1), encoding="utf-8")
    (out / "index.html").write_text(_html(a, meta), encoding="utf-8")
    return [out / "index.html", out / "report.json", *files]


def _pct(v) -> str:
    return "-" if v is None else f"{100 * v:.1f} %"


def _num(v) -> str:
    return "-" if v is None else f"{v:.1f}"


def _html(a: dict, meta: dict) -> str:
    e = html.escape
    names = a["decks"]
    head = "".join(f"<th>{e(_short(n))}</th>" for n in names)
    body = []
    for i, nm in enumerate(names):
        cells = []
        for c in a["matrix"][i]:
            if c is None:
                cells.append("<td class=na>-</td>")
                continue
            ok = TARGET[0] <= c["rate"] <= TARGET[1]
            cells.append(f"<td class={'ok' if ok else 'off'}>{_pct(c['rate'])}<br><small>{100 * c['ci95'][0]:.1f}-"
                         f"{100 * c['ci95'][1]:.1f} %, {c['games']} games</small></td>")
        body.append(f"<tr><th>{e(_short(nm))}</th>{''.join(cells)}</tr>")
    fp = a["first_player"]
    mains = "".join(f"<tr><td>{e(k)}</td><td>{e(_short(m['deck']))}</td><td>{_pct(m['rate'])}</td>"
                    f"<td>{100 * m['ci95'][0]:.1f}-{100 * m['ci95'][1]:.1f} %</td><td>{m['games']}</td>"
                    f"<td>{_pct(m['level_up_rate'])}</td>"
                    f"<td>{_num(m['avg_level_up_turn'])}</td></tr>"
                    for k, m in a["mains"].items())
    cards = "".join(f"<tr><td>{e(c['name'])}</td><td>{e(c['type'])}</td><td>{e(', '.join(_short(d) for d in c['decks']))}"
                    f"</td><td>{_pct(c['play_rate'])}</td><td>{_pct(c['win_rate_played'])}</td><td>{c['played']}</td>"
                    "</tr>" for c in a["cards"])
    verdict = ("every pair within" if a["within_target"]["pairs"] else "some pairs outside") + \
        f" {100 * TARGET[0]:.0f}-{100 * TARGET[1]:.0f} %; first player " + \
        ("within" if a["within_target"]["first_player"] else "outside") + " the range"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cape Clash balance report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }} td, th {{ border: 1px solid #ccc; padding: 4px 8px; }}
td.ok {{ background: #dff0d8; }} td.off {{ background: #f8d7c8; }} td.na {{ background: #eee; }}
img {{ max-width: 100%; display: block; margin: 1em 0; }} small {{ color: #555; }}
</style></head><body>
<h1>Cape Clash balance report</h1>
<p>{a['games']} games: {e(', '.join(names))}; AI {e(' vs '.join(meta['levels']))}, {meta['games_per_pair']} games per pair,
seeds from {meta['seed']}, {a['draws']} draws. Made in {meta['seconds']:.0f} s on {meta['workers']} worker(s).
<strong>{e(verdict)}</strong>.</p>
<h2>Win rates</h2>
<p>Row deck against column deck; 95 % Wilson intervals.</p>
<table><tr><th></th>{head}</tr>{''.join(body)}</table>
<img src="matrix.png" alt="win-rate matrix">
<h2>First player</h2>
<p>The first player won {fp['wins']:.1f} of {fp['games']:.0f} decided games: {_pct(fp['rate'])}
(95 % CI {100 * fp['ci95'][0]:.1f}-{100 * fp['ci95'][1]:.1f} %).</p>
<img src="first_player.png" alt="first player's win rate">
<h2>Game length</h2><img src="lengths.png" alt="game length distribution">
<h2>Main characters</h2>
<table><tr><th>main character</th><th>deck</th><th>win rate</th><th>95 % CI</th><th>games</th>
<th>levelled up in</th><th>average level-up turn</th></tr>{mains}</table>
<img src="mains.png" alt="main characters' win rates"><img src="levelup.png" alt="average level-up turn">
<h2>Cards</h2>
<p>Play rate: share of games, among those where a player had the card in their deck, in which they played it
(recruited, equipped or played as a plot twist). Win rate when played: that player's wins in those games.</p>
<img src="cards.png" alt="cards: play rate and win rate when played">
<table><tr><th>card</th><th>type</th><th>deck</th><th>play rate</th><th>win rate when played</th><th>played in</th></tr>
{cards}</table>
</body></html>
"""


# ------------------------------------------------------------------ the command

def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--decks", nargs="+", default=None, metavar="DECK",
                   help="deck names or paths (default: every starter deck, card_data/starter/deck-*.yaml)")
    from apps.options import count, seed
    from engine.ai import LEVELS
    p.add_argument("--games", type=count, default=100, help="games per pair of decks (default 100)")
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--ai", action="append", default=None, metavar="LEVEL", choices=sorted(LEVELS),
                   help=f"AI level(s) ({', '.join(LEVELS)}; default normal)")
    p.add_argument("--workers", type=count, default=os.cpu_count() or 1)
    p.add_argument("--backend", choices=["local", "ray"], default="local")
    p.add_argument("--address", default=None)
    p.add_argument("--cards", action="append", default=None, metavar="PATH")
    p.add_argument("--out", required=True, help="folder for index.html, the PNG charts and report.json")
    p.add_argument("--no-progress", action="store_true")


def starter_decks() -> list[str]:
    root = card_root() / "starter"
    return sorted(f.stem for f in root.glob("deck-*.yaml")) if root.is_dir() else []


def run(args) -> int:
    refs = args.decks or starter_decks()
    if len(refs) < 2:
        print("error: the balance report needs at least two decks (--decks)", file=sys.stderr)
        return 2
    from apps.options import output_folder_problem
    why = output_folder_problem(args.out)
    if why:  # found out now, not after the games have been played
        print(f"error: --out {why}", file=sys.stderr)
        return 2
    pool, decks = load_world(refs, args.cards)
    levels = args.ai or ["normal"]
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    jobs = make_jobs(len(decks), levels, args.games, args.seed, pairs=pairs)
    t0 = time.perf_counter()
    results = execute(jobs, (pool, decks), args.workers, args.backend, args.address, label="balance games",
                      show=not args.no_progress)
    dt = time.perf_counter() - t0
    a = analyse(results, decks, pool)
    meta = {"levels": levels, "games_per_pair": args.games, "seed": args.seed, "seconds": dt, "workers": args.workers,
            "backend": args.backend}
    files = write_report(a, Path(args.out), meta)
    print(f"{len(results)} games in {dt:.0f} s; win rates (row vs column):")
    w = max(len(_short(n)) for n in a["decks"])
    print(" " * (w + 2) + "".join(f"{_short(n)[:12]:>14}" for n in a["decks"]))
    for nm, row in zip(a["decks"], a["matrix"], strict=True):
        print(f"  {_short(nm):{w}}" + "".join(f"{_pct(None if c is None else c['rate']):>14}" for c in row))
    fp = a["first_player"]
    print(f"first player: {100 * fp['rate']:.1f} % of {fp['games']:.0f} decided games "
          f"(95 % CI {100 * fp['ci95'][0]:.1f}-{100 * fp['ci95'][1]:.1f})")
    print(f"wrote {files[0]} and {len(files) - 1} more files in {args.out}")
    return 0
