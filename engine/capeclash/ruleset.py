"""Cape Clash as a ruleset of the core (``engine.core.protocol.Ruleset``): how the shared play loop,
soak, invariant checker, scenario runner and web session make and check its games."""

from __future__ import annotations

from pathlib import Path

from engine.capeclash.game import Game
from engine.capeclash.invariants import all_violations as invariant_violations
from engine.capeclash.invariants import permuted, shown_by, unseen_cards
from engine.capeclash.scenario import SCENARIOS

NAME = "capeclash"
TITLE = "Cape Clash"
CARD_DATA = Path(__file__).resolve().parents[2] / "card_data"
SCENARIO_DIR = CARD_DATA / "scenarios"


def load_pool(paths: list | None = None):
    """Every card under ``paths`` (default: all of card_data); needs PyYAML (the tools have it)."""
    from engine.capeclash.loader import load_pool as load
    return load(paths or [CARD_DATA])


def new_game(pool, config: dict) -> Game:
    return Game(pool, config)


def pool_of(g):
    """The card pool a game was made with."""
    return g.defs


def load(pool, data: dict, *, source: str = "save") -> Game:
    return Game.load(pool, data, source=source)


__all__ = ["NAME", "SCENARIOS", "SCENARIO_DIR", "TITLE", "invariant_violations", "load", "load_pool", "new_game", "pool_of",
           "permuted", "shown_by", "unseen_cards"]
