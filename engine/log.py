"""The game log: plain-language events, each with what every viewer may read.

An event has a public line and, where a player may know more (the cards they
drew), a private line for that player. ``for_viewer`` picks the right one, so
no log line handed to a player carries another player's secrets.
"""

from __future__ import annotations


class Event:
    __slots__ = ("seq", "type", "text", "secret", "data")

    def __init__(self, seq: int, type: str, text: str, secret: dict[int, str] | None = None, data=None):
        self.seq = seq
        self.type = type
        self.text = text
        self.secret = secret or {}
        self.data = data or {}

    def for_viewer(self, player: int | None) -> str:
        if player is not None and player in self.secret:
            return self.secret[player]
        return self.text

    def to_json(self, player: int | None = None) -> dict:
        return {"seq": self.seq, "type": self.type, "text": self.for_viewer(player)}

    def __repr__(self):
        return f"Event({self.type}: {self.text!r})"
