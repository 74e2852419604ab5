"""Verbs about the controller rather than a character: ``gain_xp``, ``gain_recruit``, ``level_up`` and
``level_down``."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.cardlang.verbs.base import Verb, register


def _main_on_your_side(g, p: int) -> bool:
    """Text about "your main character" means the one you started the game with while it is on your
    side (001): on another player's side, or out of play, it is ignored."""
    pl = g.players[p]
    return pl.main is not None and g.cards[pl.main].zone == "play" and g.cards[pl.main].side == pl.side


@register
class GainXp(Verb):
    """Your main character gains N XP."""

    name = "gain_xp"
    args = {"n": "amount?"}
    example = [{"gain_xp": {}}]

    def run(self, g, frame, a) -> bool:
        if _main_on_your_side(g, frame.ctl):
            g.gain_xp(frame.ctl, fx.amount(g, frame, a.get("n", 1)))  # a counted amount too: "XP equal to ..."
        return True

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        if isinstance(n, dict):
            return f"Your main character gains X XP, {r.amount(n)[3:]}."
        return f"Your main character gains {n} XP."


@register
class GainRecruit(Verb):
    """You gain N recruit points this turn."""

    name = "gain_recruit"
    args = {"n": "amount?"}
    example = [{"gain_recruit": {"n": 2}}]

    def run(self, g, frame, a) -> bool:
        pl = g.players[frame.ctl]
        n = fx.amount(g, frame, a.get("n", 1))
        pl.recruit += n
        g.log("recruit_points", f"{pl.name} gains {n} recruit point(s).")
        return True

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        if isinstance(n, dict):
            return f"Gain X recruit points, {r.amount(n)[3:]}."
        return f"Gain {n} recruit point{'s' if n != 1 else ''}."


@register
class LevelUp(Verb):
    """Your main character levels up at once."""

    name = "level_up"
    args = {}
    example = [{"level_up": {}}]

    def run(self, g, frame, a) -> bool:
        if _main_on_your_side(g, frame.ctl):
            g.change_level(frame.ctl, +1)
        return True

    def text(self, a, r) -> str:
        return "Your main character levels up."


@register
class LevelDown(Verb):
    """Your main character goes back a level."""

    name = "level_down"
    args = {}
    example = [{"level_down": {}}]

    def run(self, g, frame, a) -> bool:
        if _main_on_your_side(g, frame.ctl):
            g.change_level(frame.ctl, -1)
        return True

    def text(self, a, r) -> str:
        return "Your main character levels down."
