"""``capeclash web build|serve``: build the static browser game and serve it locally.

Standard library only at module top (the CLI imports this on every run).
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="web_cmd", required=True)
    b = sub.add_parser("build", help="write the complete static site (default dist/web/)")
    b.add_argument("--out", default="dist/web", help="output folder (default dist/web)")
    b.add_argument("--cards", default=None, help="card data folder (default card_data/)")
    b.add_argument("--engine", choices=("zip", "wheel"), default=None,
                   help="how the page loads the engine when it boots Python from scratch (no snapshot); "
                        "zip and wheel measure alike here (capeclash bench web); default zip")
    b.add_argument("--no-snapshot", action="store_true",
                   help="leave out the Pyodide memory snapshot (the page then boots Python from scratch)")
    s = sub.add_parser("serve", help="build if needed, then serve on http://127.0.0.1:8000")
    s.add_argument("--dir", default="dist/web", help="folder to serve (default dist/web)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--no-build", action="store_true", help="serve the folder as it is")
    s.add_argument("--rebuild", action="store_true", help="build even if the site looks current")


def run(args: argparse.Namespace) -> int:
    from . import build as B
    if args.web_cmd == "build":
        try:
            B.build(args.out, card_data=args.cards, packaging=args.engine or B.DEFAULT_PACKAGING,
                    snapshot=not args.no_snapshot)
        except (B.BuildError, ValueError) as e:
            print(f"capeclash web build: {e}", file=sys.stderr)
            return 2
        return 0
    if args.web_cmd == "serve":
        from .serve import serve
        if not args.no_build and (args.rebuild or not B.is_current(args.dir)):
            try:
                B.build(args.dir)
            except (B.BuildError, ValueError) as e:
                print(f"capeclash web serve: {e}", file=sys.stderr)
                return 2
        return serve(args.dir, args.host, args.port)
    return 2
