"""Derring-Dice as a ruleset of the core (``engine.core.protocol.Ruleset``): how the shared play loop,
soak, invariant checker, scenario runner and web session make and check its games."""

from __future__ import annotations

from pathlib import Path

from engine.dice.cards import load_pool
from engine.dice.game import PRODUCT, DiceGame
from engine.dice.invariants import all_violations as invariant_violations
from engine.dice.invariants import permuted, shown_by, unseen_cards
from engine.dice.scenario import SCENARIOS

NAME = "dice"
TITLE = PRODUCT
SCENARIO_DIR = Path(__file__).resolve().parents[2] / "card_data" / "dice" / "scenarios"


def new_game(pool, config: dict) -> DiceGame:
    return DiceGame(pool, config)


def pool_of(g):
    """The card pool a game was made with."""
    return g.pool


def load(pool, data: dict, *, source: str = "save") -> DiceGame:
    return DiceGame.load(pool, data, source=source)


__all__ = ["NAME", "TITLE", "SCENARIOS", "invariant_violations", "load", "load_pool", "new_game", "pool_of", "permuted",
           "shown_by", "unseen_cards"]
