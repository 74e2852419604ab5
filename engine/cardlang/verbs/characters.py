"""Verbs that turn, move or change hands of characters in play: ``ready``, ``exhaust``, ``freeze``,
``move``, ``switch``, ``hide``, ``promote``, ``demote`` and ``take_control``."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.capeclash import restrictions as R
from engine.capeclash import zones
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, each, register


@register
class Ready(Verb):
    """Ready exhausted characters."""

    name = "ready"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"ready": {"target": "self"}}]

    def run(self, g, frame, a) -> bool:
        def go(c):
            if zones.ready(g, c):
                g.log("ready", f"{g.name(c.iid)} readies.")
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        return f"Ready {r.target(a['target'])}."


@register
class Exhaust(Verb):
    """Exhaust characters."""

    name = "exhaust"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"exhaust": {"target": "attackers"}}]

    def run(self, g, frame, a) -> bool:
        def go(c):
            if not c.exhausted:
                c.exhausted = True
                g.log("exhaust", f"{g.name(c.iid)} is exhausted.")
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        return f"Exhaust {r.target(a['target'])}."


@register
class Freeze(Verb):
    """Exhaust characters; they don't ready during their controller's next turn."""

    name = "freeze"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"freeze": {"target": "defender"}}]

    def run(self, g, frame, a) -> bool:
        def go(c):
            c.exhausted = True
            c.frozen = 1
            g.log("freeze", f"{g.name(c.iid)} is frozen: it won't ready during its controller's next turn.")
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        return f"Freeze {r.target(a['target'])} (exhaust it; it doesn't ready during its controller's next turn)."


@register
class Move(Verb):
    """Move characters to the front row, the back row or their other row."""

    name = "move"
    args = {"target": "selector", "row": "row_or_other"}
    acts_on = ("target",)
    example = [{"move": {"target": "self", "row": "back"}}]

    def run(self, g, frame, a) -> bool:
        def go(c):
            row = a["row"] if a["row"] != "other" else ("back" if c.row == "front" else "front")
            if c.row != row and R.move_ok(g, c, row):  # (a restriction may keep it where it is)
                c.row = row
                g.log("move", f"{g.name(c.iid)} moves to the {row} row.")
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        t = r.target(a["target"])
        return f"Move {t} to the {a['row']} row." if a["row"] != "other" else f"Move {t} to its other row."


@register
class Switch(Verb):
    """Two characters on the same side swap rows."""

    name = "switch"
    args = {"target": "selector", "with": "selector"}
    acts_on = ("target", "with")
    example = [{"choose": {"what": "character", "filter": {"side": "yours"}, "as": "a"}},
               {"switch": {"target": "self", "with": "a"}}]

    def check(self, args, err) -> None:
        if isinstance(args.get("with"), str) and args.get("with") == args.get("target"):
            err("with", "names the same character as target: a character can't switch places with itself")

    def run(self, g, frame, a) -> bool:
        one, other = fx.select(g, frame, a["target"]), fx.select(g, frame, a["with"])
        if one and other and one[0].side == other[0].side and one[0].iid != other[0].iid:
            x, y = one[0], other[0]
            # both move at once, or neither does: one that can't move keeps the other where it is (001)
            if x.row != y.row and x.row and y.row and not (R.move_ok(g, x, y.row) and R.move_ok(g, y, x.row)):
                g.log("switch", f"{g.name(x.iid)} and {g.name(y.iid)} can't switch places: one of them can't move.")
                return True
            x.row, y.row = y.row, x.row
            g.log("switch", f"{g.name(x.iid)} and {g.name(y.iid)} switch places.")
        return True

    def text(self, a, r) -> str:
        # two characters: each named by what it is (two "it"s would not say which is which)
        return f"Switch the places of {r.target(a['target'], False)} and {r.target(a['with'], False)}."


@register
class Hide(Verb):
    """Characters turn face down but stay ready; counters and equipment come off."""

    name = "hide"
    args = {"target": "selector"}
    example = [{"hide": {"target": "self"}}]

    def run(self, g, frame, a) -> bool:
        return each(g, frame, a, lambda c: zones.hide(g, c))

    def text(self, a, r) -> str:
        return f"{P.cap(r.target(a['target']))} hides (face down but ready; counters and equipment come off)."


@register
class Promote(Verb):
    """Supporting characters become main characters."""

    name = "promote"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"promote": {"target": "self"}}]

    def run(self, g, frame, a) -> bool:
        def go(c):
            if not c.is_main:
                c.is_main = True
                g.log("promote", f"{g.name(c.iid)} becomes a main character.")
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        return f"{P.cap(r.target(a['target']))} becomes a main character."


@register
class Demote(Verb):
    """Main characters become supporting characters (a player without one may lose)."""

    name = "demote"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"demote": {"target": "self"}}]

    def run(self, g, frame, a) -> bool:
        def go(c):
            if c.is_main:
                c.is_main = False
                g.log("demote", f"{g.name(c.iid)} becomes a supporting character.")
                g.check_end = True
        return each(g, frame, a, go)

    def text(self, a, r) -> str:
        return f"{P.cap(r.target(a['target']))} becomes a supporting character."


@register
class TakeControl(Verb):
    """Characters move to your side (for good or for a while)."""

    name = "take_control"
    args = {"target": "selector", "until": "duration?"}
    acts_on = ("target",)
    example = [{"take_control": {"target": "defender", "until": "turn"}}]

    def run(self, g, frame, a) -> bool:
        side = g.players[frame.ctl].side
        for c in fx.select(g, frame, a["target"]):
            zones.change_side(g, c, side, until=a.get("until", "permanent"), source=frame.src)
        return True

    def text(self, a, r) -> str:
        return f"Take control of {r.target(a['target'])}{r.duration(a, 'permanent')}."
