"""Derring-Dice: the hero-vs-villain dice game, a second ruleset on the Cape Clash engine.

Standard library only. It reuses the engine's ``Action``, ``Rng``, errors and log events; its
rules live here, its cards in ``card_data/dice``.

>>> from engine.dice import DiceGame
>>> g = DiceGame(config={"seed": 3, "players": [{"name": "Vera", "side": "bad"},
...                                             {"name": "Hal", "side": "good"}]})
>>> g.view(1)["game"], len(g.view(1)["players"][1]["recruit_hand"]) >= 10
('dice', True)
"""

from engine.dice.cards import DicePool, load_pool
from engine.dice.game import PRODUCT, DiceGame

__all__ = ["DiceGame", "DicePool", "PRODUCT", "load_pool"]
