"""Cape Clash rules engine: pure Python, standard library only.

The one entry object is ``Game``: build it from a card pool and a config,
ask ``legal_actions(player)``, ``apply`` one, read ``view(player)``.

>>> from engine.capeclash.testing import test_pool, test_decks
>>> from engine import Game
>>> g = Game(test_pool(), {"mode": "duel", "seed": 1,
...                        "players": [{"name": "Ana", "deck": test_decks()[0]},
...                                    {"name": "Bo", "deck": test_decks()[1]}]})
>>> g.decision["type"], len(g.legal_actions(g.to_act[0]))
('choose_first', 2)
"""

from engine.capeclash.decks import Deck
from engine.capeclash.game import Game
from engine.cardlang.cards import CardDef, CardPool
from engine.core.actions import Action
from engine.core.errors import (
           CapeClashError,
           DataError,
           DeckError,
           IllegalActionError,
           InvalidActionError,
           SaveError,
)

__all__ = ["Action", "CardDef", "CardPool", "Deck", "Game", "CapeClashError", "DataError", "DeckError",
           "IllegalActionError", "InvalidActionError", "SaveError"]
__version__ = "0.1.0"
