"""Rewrite effect-frame dict access (``frame["ctl"]``) to the typed ``effects.Frame`` (``frame.ctl``).

Effect frames were dicts until they became ``engine.capeclash.effects.Frame``; code written
against the dicts (a verb from a branch made before) is rewritten mechanically:

    python3 tools/frame_access.py FILE...          # show what would change
    python3 tools/frame_access.py --write FILE...  # change the files

``frame["vars"]`` becomes ``frame.chosen`` (the card's names). A key there starting with "_" was
an engine value: those lines are listed for a hand edit to ``frame.engine.keep(...)`` /
``frame.engine.kept(...)`` (or a field of ``EngineVars``); a key held in a variable is not seen,
so look for ``frame.chosen`` uses with a computed key too. Only names spelled ``frame`` are
rewritten; other stack entries (payments, combat...) are still dicts.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

FIELDS = "ctl|pc|name|src|ref|combat_only|cond|card|started|event|id|cancelled"
RULES = [
    (re.compile(rf"""\bframe\[(["'])({FIELDS})\1\]"""), r"frame.\2"),
    (re.compile(r"""\bframe\.get\((["'])(src|event|id|card|cond)\1\)"""), r"frame.\2"),
    (re.compile(r"""\bframe\.get\((["'])cancelled\1\)"""), r"frame.cancelled"),
    (re.compile(r"""\bframe\[(["'])vars\1\]"""), r"frame.chosen"),
]
ENGINE_KEY = re.compile(r"""frame\.chosen(\[|\.get\(|\.pop\(|\.setdefault\()\s*f?["']_""")


def rewrite(text: str) -> str:
    for rx, rep in RULES:
        text = rx.sub(rep, text)
    return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--write", action="store_true", help="change the files (default: only show)")
    a = ap.parse_args(argv)
    by_hand = 0
    for f in a.files:
        old = f.read_text()
        new = rewrite(old)
        for i, (x, y) in enumerate(zip(old.splitlines(), new.splitlines(), strict=True), 1):
            if x != y and not a.write:
                print(f"{f}:{i}:\n  - {x.strip()}\n  + {y.strip()}")
            if ENGINE_KEY.search(y):
                by_hand += 1
                print(f"{f}:{i}: an engine value among the card's names, edit by hand: {y.strip()}")
        if a.write and new != old:
            f.write_text(new)
    return 1 if by_hand else 0


if __name__ == "__main__":
    sys.exit(main())
