"""Fingerprints of reference games, to show a restructure changes no behaviour.

Plays seeded random-policy games of Cape Clash (five modes; testbed decks and decks dealt from every
card) and of Derring-Dice, and records after every action a digest of the state hash, the events
the action logged, every player's legal actions and every seat's view. Run it before and after a
change and compare:

    python3 tools/fingerprint.py --out /tmp/before.json
    python3 tools/fingerprint.py --compare /tmp/before.json

``--compare`` names each game that differs and the first action where it does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.capeclash.game import Game  # noqa: E402
from engine.capeclash.testing import CARD_DATA, random_deck, sample_game  # noqa: E402
from engine.core.rng import Rng  # noqa: E402

MODES = [("duel", 2), ("ffa", 3), ("ffa", 4), ("2v2", 4), ("two_headed", 4)]
STRIP: set[str] = set()  # keys of events' data left out (--strip-event-data), to compare across a change that adds some


def _event(e) -> list:
    out = list(e)
    if STRIP and isinstance(out[-1], dict):
        out[-1] = {k: v for k, v in out[-1].items() if k not in STRIP}
    return out


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(json.dumps(p, sort_keys=True, default=str).encode())
    return h.hexdigest()[:16]


def capeclash_game(seed: int, mode: str, players: int, full_pool: bool, pool, max_actions: int) -> list[str]:
    if full_pool:
        r = Rng(seed * 7919 + players)
        specs = [{"name": f"P{i + 1}", "deck": random_deck(pool, r, f"D{i}")} for i in range(players)]
        g = Game(pool, {"mode": mode, "seed": seed, "players": specs, "max_turns": 60})
    else:
        g = sample_game(seed=seed, mode=mode, players=players)
    r = Rng(seed * 1000003 + players)
    seats = [None, *range(players)]
    out = [_digest(g.state_hash(), [[str(a) for a in g.legal_actions(p)] for p in range(players)],
                   [g.view(v) for v in seats])]
    while not g.is_over and len(g.actions) < max_actions:
        acts = g.legal_actions(g.to_act[0])
        a = acts[r.below(len(acts))]
        ev = g.apply(a)
        out.append(_digest(str(a), g.state_hash(), [_event(e) for e in ev],
                           [[str(x) for x in g.legal_actions(p)] for p in range(players)],
                           [g.view(v) for v in seats]))
    return out


def dice_game(seed: int, max_actions: int) -> list[str]:
    from engine.dice import DiceGame, load_pool
    g = DiceGame(load_pool(), {"seed": seed})
    r = Rng(seed * 31 + 7)
    out = [_digest(g.state_hash(), g.view())]
    while not g.is_over and len(g.actions) < max_actions:
        acts = g.legal_actions()
        a = acts[r.below(len(acts))]
        ev = g.apply(a)
        out.append(_digest(str(a), g.state_hash(), [_event(e) for e in ev], [str(x) for x in g.legal_actions()],
                           g.view()))
    return out


def run(games: int, max_actions: int) -> dict[str, list[str]]:
    from engine.capeclash.loader import load_pool
    pool = load_pool([CARD_DATA])
    res = {}
    for seed in range(1, games + 1):
        for mode, n in MODES:
            for full in (False, True):
                res[f"{mode}/{n}/{'full' if full else 'testbed'}/{seed}"] = capeclash_game(
                    seed, mode, n, full, pool, max_actions)
        res[f"dice/{seed}"] = dice_game(seed, max_actions)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3, help="seeds per mode (default 3)")
    ap.add_argument("--max-actions", type=int, default=400, help="actions per game at most (default 400)")
    ap.add_argument("--out", help="write the fingerprints to this JSON file")
    ap.add_argument("--compare", help="compare with fingerprints written before")
    ap.add_argument("--strip-event-data", default="", help="comma-separated keys of events' data to leave out")
    a = ap.parse_args(argv)
    STRIP.update(k for k in a.strip_event_data.split(",") if k)
    res = run(a.games, a.max_actions)
    steps = sum(len(v) for v in res.values())
    if a.out:
        Path(a.out).write_text(json.dumps(res))
        print(f"{len(res)} games, {steps} fingerprinted positions -> {a.out}")
    if a.compare:
        old = json.loads(Path(a.compare).read_text())
        bad = 0
        for k in sorted(set(old) | set(res)):
            o, n = old.get(k), res.get(k)
            if o != n:
                bad += 1
                first = next((i for i, (x, y) in enumerate(zip(o or [], n or [], strict=False)) if x != y),
                             min(len(o or []), len(n or [])))
                print(f"DIFFERS {k}: first at action {first} (lengths {len(o or [])} / {len(n or [])})")
        print(f"{len(res)} games, {steps} positions: {bad} games differ")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
