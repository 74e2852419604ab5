"""The ``capeclash`` command: validate, scenario, card, keywords, language, deck, bench, play, and the commands of
the other parts (simulate, balance, setlist, print, web, dice) when they are installed.

Run ``capeclash --help`` or ``capeclash COMMAND --help``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

from engine.core.errors import CapeClashError, DataError, Problem

DEFAULT_DATA = "card_data"


def _data_root() -> Path:
    here = Path.cwd() / DEFAULT_DATA
    if here.is_dir():
        return here
    return Path(__file__).resolve().parent.parent / DEFAULT_DATA


def cmd_validate(args) -> int:
    from engine.capeclash.loader import validate
    paths = args.paths or [_data_root()]
    problems, counts = validate(paths)
    for p in problems:
        print(p)
    summary = (f"{counts['files']} file(s): {counts['cards']} card(s), {counts['decks']} deck(s), "
               f"{counts['scenarios']} scenario(s)"
               + (f", {counts['tutorials']} tutorial(s)" if counts.get("tutorials") else ""))
    if args.stats:
        from engine.capeclash.loader import load_pool
        from engine.cardlang.cards import uses_handlers
        pool = load_pool(paths, problems_out=[])
        by_file: dict[str, list] = {}
        for c in pool:
            by_file.setdefault(c.source or "?", []).append(c)
        print("card language coverage (cards that need a Python handler):")
        for f, cards in sorted(by_file.items()):
            n = sum(1 for c in cards if uses_handlers(c))
            print(f"  {f}: {n} of {len(cards)} ({100 * n / len(cards):.1f} %)")
        total = sum(1 for c in pool if uses_handlers(c))
        print(f"  all: {total} of {len(pool)} ({100 * total / max(1, len(pool)):.1f} %)")
    if problems:
        print(f"{len(problems)} problem(s) in {summary}", file=sys.stderr)
        return 1
    print(f"OK: {summary}")
    return 0


def _data_dirs(args) -> list[Path]:
    """The card data folders of a command: ``--data`` given once or more (each may name several
    folders), else card_data. Their cards form one pool."""
    return [Path(d) for d in (args.data or [_data_root()])]


def _scenario_files(given: list, data: list[Path]) -> list:
    """The scenario files to run: each given path, or a scenario's name (file name or stem) looked up
    in every data folder; with none given, each data folder's ``scenarios`` folder, or the scenario
    files of a folder that has none (a designer's own folder). A path that names nothing is a
    DataError in the list, reported with the others."""
    from engine.capeclash.loader import classify, data_files, read_data
    files: list = []
    if not given:
        for d in data:
            if (d / "scenarios").is_dir():
                files += [f for f in data_files([d / "scenarios"]) if f.suffix in (".yaml", ".yml")]
                continue
            for f in data_files([d]):
                if f.suffix in (".yaml", ".yml"):
                    try:
                        if classify(read_data(f)[0]) == "scenario":
                            files.append(f)
                    except DataError:
                        files.append(f)  # reported when it is run
        return _once(files)
    for g in given:
        p = Path(g)
        if not p.exists():
            named = [f for f in data_files(data) if f.suffix in (".yaml", ".yml") and g in (f.name, f.stem)]
            if named:
                files += named
                continue
        try:  # a path that is not there is reported with the others, not the end of the batch
            found = [f for f in data_files([p]) if f.suffix in (".yaml", ".yml") or p == f]
        except DataError as e:
            found = [e]
        if not found:
            found = [DataError([Problem(str(g), None, None, "no scenario files (.yaml) in this folder")])]
        files += found
    return _once(files)


def _once(files: list) -> list:
    """Each file once (a folder given twice, or a file and its folder)."""
    seen: set = set()
    out = []
    for f in files:
        key = f.resolve() if isinstance(f, Path) else id(f)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def cmd_scenario(args) -> int:
    from engine.capeclash.loader import load_pool
    from engine.capeclash.scenario import SCENARIOS
    from engine.core.scenario import run_files
    data_dirs = _data_dirs(args)
    files = _scenario_files(args.files, data_dirs)
    if not files:  # nothing run is not a pass
        where = ", ".join(str(d) for d in data_dirs)
        print(f"error: no scenario files found in {where} (a 'scenarios' folder, or files with a "
              f"'scenario:' key)", file=sys.stderr)
        return 1
    passed, failed = run_files(SCENARIOS, load_pool(data_dirs), files, quiet=args.quiet, verbose=args.verbose)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_card(args) -> int:
    from engine.capeclash.loader import load_pool
    from engine.cardlang.text import card_text
    pool = load_pool(_data_dirs(args))
    want = args.name.lower()
    # by name or id, or by a name the card also goes by (AKA: it counts as having that name too)
    hits = [c for c in pool if want in (c.name.lower(), c.id) or want in (a.lower() for a in c.aka)]
    if not hits:
        hits = [c for c in pool if any(want in n.lower() for n in c.names)]
    if not hits:
        print(f"no card named {args.name!r}", file=sys.stderr)
        return 1
    for c in hits:
        print(card_text(c, full=True, pool=pool))
        print()
    return 0


def cmd_deck(args) -> int:
    from engine.capeclash.loader import find_deck, load_pool
    data_dirs = _data_dirs(args)
    pool = load_pool(data_dirs)
    deck = find_deck(args.deck, pool, data_dirs)
    if args.format == "text":
        print(deck.to_text(pool), end="")
    else:
        import yaml
        print(yaml.safe_dump(deck.to_json(), sort_keys=False), end="")
    return 0


def cmd_language(args) -> int:
    from engine.cardlang.reference import reference
    from engine.cardlang.verbs import VERBS
    from engine.core.errors import suggest
    for name in args.verbs:
        if name not in VERBS:
            print(f"unknown effect verb {name!r}{suggest(name, VERBS)}", file=sys.stderr)
            return 2
    print(reference(args.verbs), end="")
    return 0


def cmd_keywords(args) -> int:
    from engine.cardlang import language as L
    from engine.cardlang.text import keyword_rules
    for k, v in sorted(L.KEYWORDS.items()):
        param = f" ({v['param']})" if "param" in v and "default" not in v else ""
        print(f"{k.replace('_', ' ').title()}{param}: {keyword_rules(k, v.get('default'))}")
        for variant, text in v.get("variants", {}).items():
            print(f"  {k.title()} ({variant}): {text}")
    return 0


# Benchmarks that live in other modules: each module has ``bench_main(argv) -> int``.
BENCHES = {
    "engine": None,  # built in: see cmd_bench
    "clone": "apps.ai_bench",
    "ai": "apps.ai_bench",
    "sim": "apps.simulate",
    "print": "printgen.bench",
    "web": "web.bench",
    "ui": "web.bench",  # clicks and hand-overs through the page (web/bench.py ui_main)
    "dice": "apps.dice_bench",
}


def cmd_bench(args) -> int:
    if args.what != "engine":
        mod = BENCHES.get(args.what)
        if mod is None:
            print(f"unknown benchmark {args.what!r}; available: {', '.join(BENCHES)}", file=sys.stderr)
            return 2
        try:
            module = importlib.import_module(mod)
        except ModuleNotFoundError as e:
            print(f"benchmark {args.what!r} needs {e.name}, which is not installed in this checkout",
                  file=sys.stderr)
            return 2
        return module.bench_main([args.what, *args.rest])
    from apps.bench import bench_engine
    from apps.options import count, seed
    bp = argparse.ArgumentParser(prog="capeclash bench engine")
    bp.add_argument("--games", type=count, default=200)
    bp.add_argument("--runs", type=count, default=5)
    bp.add_argument("--seed", type=seed, default=1)
    bp.add_argument("--json", action="store_true")
    opts = bp.parse_args(args.rest)
    res = bench_engine(games=opts.games, runs=opts.runs, seed=opts.seed)
    if opts.json:
        print(json.dumps(res, indent=2))
    return 0


def cmd_play(args) -> int:
    from apps.tty import run
    return run(args.rest)


# Commands whose code lives in other modules. Each module imports only the standard
# library at the top and defines ``add_arguments(parser)`` and ``run(args) -> int``.
EXTERNAL = {
    "simulate": ("apps.simulate", "play many AI games and print wins, draws and game lengths"),
    "balance": ("apps.balance", "simulate the starter decks and write a balance report (HTML, PNG)"),
    "setlist": ("apps.setlist", "print the set list (number, name, type, team, cost, stats)"),
    "print": ("printgen.cli", "print-and-play PDFs and PNGs from the card data"),
    "web": ("web.cli", "build or serve the browser game"),
    "dice": ("apps.dice_cli", "the hero-vs-villain dice game: play, validate, scenarios"),
}


def _data_option(p: argparse.ArgumentParser) -> None:
    """``--data``, the card data folders of the commands that read cards (scenario, card, deck)."""
    p.add_argument("--data", action="extend", nargs="+", metavar="FOLDER",
                   help="card data folder; give several (--data card_data mine, or --data repeated) to use "
                        "the cards of all of them as one pool (default: card_data)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="capeclash", description="Cape Clash: design, play and print a superhero "
                                                               "battle card game.")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("validate", help="check card, deck and scenario files; lists every problem")
    p.add_argument("paths", nargs="*", help="files or folders (default: card_data)")
    p.add_argument("--stats", action="store_true", help="also count the cards that need a Python handler")
    p.set_defaults(fn=cmd_validate)

    p = sub.add_parser("scenario", help="run scenario tests (default: card_data/scenarios)")
    p.add_argument("files", nargs="*", help="scenario files or folders, or a scenario's name in a data folder "
                                            "(default: each data folder's scenarios)")
    _data_option(p)
    p.add_argument("-q", "--quiet", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true", help="print the game log of failing scenarios")
    p.set_defaults(fn=cmd_scenario)

    p = sub.add_parser("card", help="print a card's rendered text and data")
    p.add_argument("name", help="a card's name, id or AKA name (or part of a name)")
    _data_option(p)
    p.set_defaults(fn=cmd_card)

    p = sub.add_parser("deck", help="check a deck (YAML or text list) and print it as a text list or YAML")
    p.add_argument("deck", help="a deck file, or a deck name under card_data")
    p.add_argument("--format", choices=["text", "yaml"], default="text")
    _data_option(p)
    p.set_defaults(fn=cmd_deck)

    p = sub.add_parser("keywords", help="print every keyword with its rules text")
    p.set_defaults(fn=cmd_keywords)

    p = sub.add_parser("language", help="the card language reference (Markdown, as docs/language.md): every "
                                        "verb with its arguments, an example and its text; filters, conditions, "
                                        "events, durations, keywords")
    p.add_argument("verbs", nargs="*", metavar="VERB", help="show only these verbs")
    p.set_defaults(fn=cmd_language)

    p = sub.add_parser("bench", help="benchmarks: " + ", ".join(BENCHES) + " (capeclash bench WHAT --help)",
                       description="Measure speed and play figures. Each benchmark has its own options: "
                                   "capeclash bench WHAT --help.")
    p.add_argument("what", nargs="?", default="engine", metavar="WHAT",
                   help="which benchmark (default engine): " + ", ".join(BENCHES))
    p.add_argument("rest", nargs=argparse.REMAINDER, metavar="...", help="that benchmark's options")
    p.set_defaults(fn=cmd_bench)

    p = sub.add_parser("play", help="play in the terminal (see 'capeclash play --help')", add_help=False)
    p.add_argument("rest", nargs=argparse.REMAINDER)
    p.set_defaults(fn=cmd_play)

    # A built-in command (the first word that is not an option) needs none of the other commands'
    # modules: they are imported only when one of them may run (or for the list of commands).
    words = [a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("-")]
    builtin = bool(words) and words[0] in sub.choices
    for name, (module, help_text) in EXTERNAL.items():
        if builtin:
            break
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name and module.startswith(e.name):
                continue  # that part of Cape Clash is not installed in this checkout
            raise
        p = sub.add_parser(name, help=help_text)
        mod.add_arguments(p)
        p.set_defaults(fn=mod.run)

    given = sys.argv[1:] if argv is None else list(argv)
    if words and words[0] == "play":  # everything after 'play' is the terminal game's own (its --help too)
        at = given.index("play")
        args = ap.parse_args(given[:at + 1])
        rest = given[at + 1:]
        args.rest = rest[1:] if rest[:1] == ["--"] else rest
    else:
        args = ap.parse_args(argv)
    try:
        return args.fn(args)
    except CapeClashError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # a file that cannot be read or written (a folder, no such folder, no permission)
        where = f"{e.filename}: " if e.filename else ""
        print(f"error: {where}{e.strerror or e}", file=sys.stderr)
        return 1
    except ValueError as e:  # a value the engine refuses (its message says which and why)
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
