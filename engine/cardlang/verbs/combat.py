"""Verbs that hurt, help or end things in and around a combat: ``stun``, ``daze``, ``wound``,
``heal``, ``ko``, ``recover`` and ``cancel_combat``."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.capeclash import zones
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, each, register


class _Simple(Verb):
    """A verb whose sentence is "<Word> <target>."."""

    word = ""

    def text(self, a, r) -> str:
        return f"{self.word} {r.target(a['target'])}."


@register
class Stun(_Simple):
    """Stun characters (they turn face down and take a wound)."""

    name = "stun"
    word = "Stun"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"stun": {"target": "defender"}}]

    def run(self, g, frame, a) -> bool:
        return each(g, frame, a, lambda c: zones.stun(g, c, cause=f" by {frame.name}"))


@register
class Daze(_Simple):
    """Stun characters without wounding them."""

    name = "daze"
    word = "Daze"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"daze": {"target": "self"}}]

    def run(self, g, frame, a) -> bool:
        return each(g, frame, a, lambda c: zones.stun(g, c, wound_it=False, cause=f" by {frame.name}"))


@register
class Wound(Verb):
    """Give characters N wounds."""

    name = "wound"
    args = {"target": "selector", "n": "amount?"}
    acts_on = ("target",)
    example = [{"wound": {"target": "self", "n": 2}}]

    def run(self, g, frame, a) -> bool:
        n = fx.amount(g, frame, a.get("n", 1))  # counted once, before any character is wounded
        return each(g, frame, a, lambda c: zones.wound(g, c, n))

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        return f"Wound {r.target(a['target'])}" + (f" {n} times" if n != 1 else "") + "."


@register
class Heal(Verb):
    """Heal N wounds from characters."""

    name = "heal"
    args = {"target": "selector", "n": "amount?"}
    acts_on = ("target",)
    example = [{"heal": {"target": "self", "n": 2}}]

    def run(self, g, frame, a) -> bool:
        n = fx.amount(g, frame, a.get("n", 1))  # counted once, before any character is healed
        return each(g, frame, a, lambda c: zones.heal(g, c, n))

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        return f"Heal {P.NUM.get(n, n) if n != 1 else 'a'} wound{'s' if n != 1 else ''} from {r.target(a['target'])}."


@register
class Ko(_Simple):
    """KO characters outright."""

    name = "ko"
    word = "KO"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"ko": {"target": "defender"}}]

    def run(self, g, frame, a) -> bool:
        return each(g, frame, a, lambda c: zones.ko(g, c))


@register
class Recover(_Simple):
    """Turn stunned characters face up again."""

    name = "recover"
    word = "Recover"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"recover": {"target": "self"}}]

    def run(self, g, frame, a) -> bool:
        return each(g, frame, a, lambda c: zones.recover(g, c))


@register
class CancelCombat(Verb):
    """End the current combat at once: nobody strikes."""

    name = "cancel_combat"
    args = {}
    example = [{"cancel_combat": {}}]

    def affects_combat(self, a) -> bool:
        return True

    def run(self, g, frame, a) -> bool:
        if g.combat is not None:
            g.cancel_combat(f"{frame.name} cancels the combat.")
        return True

    def text(self, a, r) -> str:
        return "Cancel the combat."
