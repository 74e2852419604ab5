"""Verbs aimed at cards in play that are not characters (issue 18): equipment, locations (face-up cards
of a resource row) and resources (face-down ones). ``ko_card`` KOs them, ``return_card`` returns them
to their owners' hands, ``move_equipment`` moves a worn equipment onto another character its
``wearer`` rule allows.

Their ``target`` is a ``card_target``: ``its_equipment``, ``{each_equipment: FILTER}``,
``{each_location: ...}``, ``{each_resource: ...}`` or a name chosen with ``choose: {what: equipment}``
(``location``, ``resource``). The rules of moving cards stay in ``engine.capeclash.zones``.

Hidden information: a face-down resource KO'd goes to its owner's KO pile face up (the KO pile is
public); one returned to its owner's hand is named only to its owner.
"""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.capeclash import zones as Z
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, register

_EXAMPLE_CHOICE = {"choose": {"what": "equipment", "filter": {"side": "enemy"}, "as": "gear"}}


def _cards(g, frame, a) -> list:
    """The equipment, locations and resources the step's ``target`` names, where they are now."""
    return [c for c in fx.select(g, frame, a["target"], anywhere=True) if fx.play_card_kind(g, c) is not None]


def _off(g, c, into: str) -> None:
    """An equipment, location or resource goes to its owner's KO pile or hand."""
    if c.zone == "equipped":
        wearer = g.cards[c.gear] if c.gear is not None else None
        if wearer is not None:
            Z.drop_gear(g, wearer, into)
            return
    Z.remove_resource(g, c, into)


@register
class KoCard(Verb):
    """KO equipment, locations or resources: each goes to its owner's KO pile."""

    name = "ko_card"
    args = {"target": "card_target"}
    acts_on = ("target",)
    anywhere = True
    example = [_EXAMPLE_CHOICE, {"ko_card": {"target": "gear"}}]

    def run(self, g, frame, a) -> bool:
        for c in _cards(g, frame, a):
            _off(g, c, "ko")
        return True

    def text(self, a, r) -> str:
        return f"KO {r.target(a['target'])}."


@register
class ReturnCard(Verb):
    """Return equipment, locations or resources to their owners' hands."""

    name = "return_card"
    args = {"target": "card_target"}
    acts_on = ("target",)
    anywhere = True
    example = [_EXAMPLE_CHOICE, {"return_card": {"target": "gear"}}]

    def run(self, g, frame, a) -> bool:
        for c in _cards(g, frame, a):
            _off(g, c, "hand")
        return True

    def text(self, a, r) -> str:
        return f"Return {r.target(a['target'])} to its owner's hand."


@register
class MoveEquipment(Verb):
    """Move a worn equipment onto another face-up character (of a filter) that may wear it."""

    name = "move_equipment"
    args = {"target": "card_target", "to": "filter?", "optional": "bool?"}
    acts_on = ("target",)
    anywhere = True
    example = [{"move_equipment": {"target": "its_equipment", "to": {"side": "yours"}}}]

    def arg_type(self, key, typ, args) -> str:
        if key == "to" and not isinstance(args.get("to"), dict):
            return "wearer_filter"  # (a name or a selector where a filter of characters belongs)
        return typ

    def check(self, args, err) -> None:
        t = args.get("target")
        if isinstance(t, dict) and t and next(iter(t)) != "each_equipment":
            err("target", f"moves equipment, and {next(iter(t))} names {next(iter(t))[5:]}s; "
                          "use each_equipment or a name chosen with what: equipment")

    def _options(self, g, frame, a):
        gear = [c for c in _cards(g, frame, a) if c.zone == "equipped"]
        if not gear:
            return None, []
        e = gear[0]
        flt = {"side": "yours", **(a.get("to") or {})}
        return e, [c.iid for c in g.characters() if fx.matches(g, c, flt, frame) and Z.may_move_gear(g, e, c)]

    def run(self, g, frame, a) -> bool:
        e, opts = self._options(g, frame, a)
        if e is None or not opts:
            return True
        g.ask("choose", [frame.ctl], options=opts, optional=bool(a.get("optional")),
              prompt=f"Choose a character to move {g.name(e.iid)} to")
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.pc += 1
        e, opts = self._options(g, frame, a)
        if e is not None and value in opts:
            Z.move_gear(g, e, g.cards[value])

    def text(self, a, r) -> str:
        to = P.filter_phrase({"side": "yours", **(a.get("to") or {})})
        to = to.replace("a ", "another ", 1) if to.startswith("a ") else to.replace("an ", "another ", 1)
        may = "You may move" if a.get("optional") else "Move"
        return f"{may} {r.target(a['target'])} to {to} that may wear it."
