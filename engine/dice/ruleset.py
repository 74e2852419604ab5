"""Derring-Dice as a ruleset of the core (``engine.core.protocol.Ruleset``): how the shared play loop,
soak, invariant checker, scenario runner and web session make and check its games."""

from __future__ import annotations

from engine.dice.cards import load_pool
from engine.dice.game import PRODUCT, DiceGame
from engine.dice.invariants import all_violations as invariant_violations
from engine.dice.invariants import permuted, unseen_cards
from engine.dice.scenario import check_scenario, run_scenario

NAME = "dice"
TITLE = PRODUCT


def new_game(pool, config: dict) -> DiceGame:
    return DiceGame(pool, config)


def pool_of(g):
    """The card pool a game was made with."""
    return g.pool


def load(pool, data: dict, *, source: str = "save") -> DiceGame:
    return DiceGame.load(pool, data, source=source)


__all__ = ["NAME", "TITLE", "check_scenario", "invariant_violations", "load", "load_pool", "new_game", "pool_of", "permuted",
           "run_scenario", "unseen_cards"]
