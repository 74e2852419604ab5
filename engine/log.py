"""The game log: plain-language events, each with what every viewer may read.

An event has a public line and, where a player may know more (the cards they
drew), a private line for that player. ``for_viewer`` picks the right one, so
no log line handed to a player carries another player's secrets.
"""

from __future__ import annotations

_NONE: dict = {}  # shared and never written: most events have no secrets and no data


class Event:
    __slots__ = ("seq", "type", "text", "secret", "data")

    def __init__(self, seq: int, type: str, text: str, secret: dict[int, str] | None = None, data=None):
        self.seq = seq
        self.type = type
        self.text = text
        self.secret = secret if secret is not None else _NONE
        self.data = data if data is not None else _NONE

    def for_viewer(self, player: int | None) -> str:
        secret = self.secret
        if secret and player in secret:
            return secret[player]
        return self.text

    def to_json(self, player: int | None = None) -> dict:
        return {"seq": self.seq, "type": self.type, "text": self.for_viewer(player)}

    def __repr__(self):
        return f"Event({self.type}: {self.text!r})"
