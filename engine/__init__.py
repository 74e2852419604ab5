"""Cape Clash rules engine: pure Python, standard library only.

The one entry object is ``Game``: build it from a card pool and a config,
ask ``legal_actions(player)``, ``apply`` one, read ``view(player)``.

>>> from engine.testing import test_pool, test_decks
>>> from engine import Game
>>> g = Game(test_pool(), {"mode": "duel", "seed": 1,
...                        "players": [{"name": "Ana", "deck": test_decks()[0]},
...                                    {"name": "Bo", "deck": test_decks()[1]}]})
>>> g.decision["type"], len(g.legal_actions(g.to_act[0]))
('choose_first', 2)
"""

from .actions import Action
from .cards import CardDef, CardPool
from .decks import Deck
from .errors import CapeClashError, DataError, DeckError, IllegalActionError, InvalidActionError, SaveError
from .game import Game

__all__ = ["Action", "CardDef", "CardPool", "Deck", "Game", "CapeClashError", "DataError", "DeckError",
           "IllegalActionError", "InvalidActionError", "SaveError"]
__version__ = "0.1.0"
