"""The game log: plain-language events, each with what every viewer may read.

An event has a public line and, where a player may know more (the cards they
drew), a private line for that player. ``for_viewer`` picks the right one, so
no log line handed to a player carries another player's secrets.
"""

from __future__ import annotations

from operator import itemgetter

_NONE: dict = {}  # shared and never written: most events have no secrets and no data


class Event(tuple):
    """One log line: ``(seq, type, text, secret, data)``, read by name.

    A tuple, because the engine writes one or more per action and a tuple is the cheapest
    object Python builds; ``game.log`` builds them with ``tuple.__new__`` (no Python-level
    constructor call)."""

    __slots__ = ()

    def __new__(cls, seq: int, type: str, text: str, secret: dict[int, str] | None = None, data=None):
        return tuple.__new__(cls, (seq, type, text, secret if secret is not None else _NONE,
                                   data if data is not None else _NONE))

    seq = property(itemgetter(0), doc="its place in the game's log, from 0")
    type = property(itemgetter(1), doc="what kind of event (attack, strike, draw...)")
    text = property(itemgetter(2), doc="the public line")
    secret = property(itemgetter(3), doc="the private line of each player who may know more")
    data = property(itemgetter(4), doc="numbers the scenario checks and tools may read")

    def for_viewer(self, player: int | None) -> str:
        secret = self[3]
        if secret and player in secret:
            return secret[player]
        return self[2]

    def to_json(self, player: int | None = None) -> dict:
        return {"seq": self[0], "type": self[1], "text": self.for_viewer(player)}

    def __repr__(self):
        return f"Event({self[1]}: {self[2]!r})"

    def __reduce__(self):
        return (Event, tuple(self))

