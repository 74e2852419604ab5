"""``capeclash print``: card sheets, print-shop files, counters, a proof and the rulebook.

Imports only the standard library at module level; the print libraries load inside ``run``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import games as _games  # the standard library only at module level

PROFILES = ("home", "tgc", "mpc", "drivethru", "tts")
GAMES = {**{g: (g,) for g in _games.GAMES}, "all": tuple(_games.GAMES)}


def _default_data() -> Path:
    """``card_data`` in the working folder, else the one installed beside printgen (as the other
    commands do; no engine import here: the print cache follows printgen's engine imports)."""
    here = Path("card_data")
    if here.is_dir():
        return here
    return Path(__file__).resolve().parent.parent / "card_data"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--deck", action="append", type=Path, metavar="FILE",
                      help="print this deck, by path or name (deck-ember-oath): every copy, the main character's "
                           "levels and its tokens; repeatable")
    what.add_argument("--set", action="store_true",
                      help="print the starter set, one of each card (the default; every card if there is no starter set)")
    parser.add_argument("--game", choices=tuple(GAMES), default=None,
                        help="capeclash (the starter set or --deck), dice (Derring-Dice from card_data/dice: the "
                             "Recruit and Action decks with their own backs, its rulebook, damage and delay "
                             "counters), or all (the default without --deck)")
    parser.add_argument("--paper", choices=("a4", "letter"), action="append",
                        help="paper for home sheets, counters and the rulebook (default: both)")
    parser.add_argument("--profile", choices=(*PROFILES, "all"), action="append",
                        help="home (default), tgc (The Game Crafter PNGs), mpc (MakePlayingCards PNGs), "
                             "drivethru (CMYK PDF), tts (Tabletop Simulator sheet + JSON), or all; repeatable")
    parser.add_argument("--out", type=Path, default=Path("out/print"), help="output folder (default: out/print)")
    parser.add_argument("--data", type=Path, default=None,
                        help="card data folder (default: ./card_data, else the one installed with Cape Clash)")
    parser.add_argument("--offset-x", type=float, default=0.0, metavar="MM",
                        help="shift the duplex back pages right by MM (read it off the calibration page)")
    parser.add_argument("--offset-y", type=float, default=0.0, metavar="MM", help="shift the back pages down by MM")
    parser.add_argument("--gutter", type=float, default=0.0, metavar="MM",
                        help="space between cards on home sheets (default 0: neighbours share cut lines); refused when the "
                             "cards, crop marks or ruler would leave the printable area (5 mm margin): at most "
                             "1.3 mm on A4, none on Letter")
    parser.add_argument("--backs", choices=("dark", "light", "none"), default="dark",
                        help="card backs: dark (navy, the default), light (white with line work: little ink for home "
                             "printers), none (home sheets without back pages: print one-sided and play in sleeves)")
    parser.add_argument("--tts-url", default="", metavar="URL",
                        help="Tabletop Simulator: where the sheet and back images will be uploaded (the saved object's "
                             "image URLs become URL/<file>); default: bare file names")
    parser.add_argument("--no-extras", action="store_true",
                        help="home profile: skip the rulebook, counters, calibration and proof")
    parser.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the image cache")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def options_from(args):
    from .build import Options
    profiles = args.profile or ["home"]
    if "all" in profiles:
        profiles = list(PROFILES)
    games = GAMES[args.game or ("capeclash" if args.deck else "all")]
    return Options(data=args.data or _default_data(), out=args.out, deck=list(args.deck or []), games=games,
                   papers=tuple(dict.fromkeys(args.paper or ["a4", "letter"])),
                   profiles=tuple(dict.fromkeys(profiles)), offset=(args.offset_x, args.offset_y),
                   gutter=args.gutter, extras=not args.no_extras, use_cache=not args.no_cache, force=args.force,
                   backs=args.backs, tts_url=args.tts_url)


def run(args) -> int:
    from engine.core.errors import DataError
    try:
        import PIL  # noqa: F401
        import reportlab  # noqa: F401
    except ImportError as e:
        print(f"capeclash print needs reportlab and Pillow ({e.name} is missing): "
              "pip install -e '.[print]'", file=sys.stderr)
        return 1

    from .build import build
    from .preflight import PreflightError
    from .sheets import LayoutError
    if args.deck and args.game == "dice":
        print("capeclash print: --deck prints a Cape Clash deck; Derring-Dice prints both its decks with "
              "--game dice", file=sys.stderr)
        return 2
    opts = options_from(args)
    try:
        if args.quiet or not sys.stderr.isatty():
            res = build(opts)
        else:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
            with Progress(TextColumn("[bold]{task.description:<26}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), transient=True) as bar:
                task = bar.add_task("reading cards", total=None)

                def tick(stage: str, n: int = 1):
                    if stage == "plan":
                        bar.update(task, total=n, description="preflight")
                        return
                    bar.update(task, advance=n, description=stage)
                res = build(opts, tick)
    except LayoutError as e:
        print(f"capeclash print: {e}", file=sys.stderr)
        return 2
    except PreflightError as e:
        print(f"capeclash print: {e}", file=sys.stderr)
        return 1
    except DataError as e:
        print(f"capeclash print: card data problems:\n{e}", file=sys.stderr)
        return 1
    out = opts.out
    for name, cid, msg in res.warnings:
        print(f"warning: {name} ({cid}): {msg}" if cid != "-" else f"warning: {msg}", file=sys.stderr)
    if res.reused:
        print(f"nothing changed: {len(res.files)} files in {out}/ are up to date ({res.seconds:.2f} s)")
        return 0
    kinds: dict[str, int] = {}
    for f in res.files:
        top = f["path"].split("/")[0]
        kinds[top] = kinds.get(top, 0) + 1
    print(f"wrote {len(res.files)} file(s) to {out}/ in {res.seconds:.1f} s "
          f"(images rendered {res.cache_misses}, from cache {res.cache_hits}):")
    for top, n in sorted(kinds.items()):
        print(f"  {out}/{top}/: {n} file(s)")
    print(f"  {out}/manifest.json and MANIFEST.txt: every file with pages, cards and SHA-256")
    for size, cid, game in res.smallest_rules:
        print(f"  smallest rules text ({game}): {size:g} pt ({cid})")
    return 0
