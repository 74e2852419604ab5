"""Players' lasting abilities (``Game.lasting``): what an effect leaves behind on a player, not on a
character, for a duration (``language.DURATIONS``, ended by ``Game._cleanup``).

An entry is plain JSON: ``{"k": "when", "p": PLAYER, "when": EVENT, "ref": FRAME REF, ...}`` (a
triggered ability of the player: "for the rest of the game, when your turn starts, draw a card")
or ``{"k": "cant", "p": PLAYER, "cant": [RESTRICTION...], ...}`` (a player restriction, read by
``restrictions.player_why``). Both carry ``until``, ``turn``, ``by`` (the side that made it: for
"until the end of your next turn") and ``name`` (what made it, for the log and messages).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import effects
from engine.capeclash.state import Trigger

if TYPE_CHECKING:
    from engine.capeclash.game import Game


def add(g: Game, frame: effects.Frame, entry: dict, until: str) -> None:
    """Give a player a lasting ability made by the frame's step."""
    entry.update({"until": until, "turn": g.turn, "by": g.players[frame.ctl].side, "name": frame.name})
    g.lasting.append(entry)


def lasting_triggers(g: Game, event: str, p: int) -> None:
    """Queue player ``p``'s lasting abilities that trigger on ``event``."""
    for e in g.lasting:
        if e["k"] == "when" and e["when"] == event and e["p"] == p and not g.players[p].out:
            frame = effects.new_frame(list(e["ref"]), p, e["src"], f"{e['name']} (lasting)")
            g.pending.append(Trigger(p, frame, False))
