"""Verbs that ask the controller to pick something and bind it to a name: ``choose`` (a character,
a player, a row or a card), ``choose_number`` and ``name_character``."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.cardlang import language as L
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, register

NO_RESOURCE = "no resource"  # the option declining an optional choice of a face-down resource

CARD_ZONE_WORDS = {"hand": "your hand", "ko": "your KO pile", "enemy_ko": "an enemy KO pile",
                   "any_ko": "a KO pile"}


@register
class Choose(Verb):
    """Choose a character (by filter), a player, a row, a card, an equipment, a location or a resource, and name it."""

    name = "choose"
    args = {"what": "choice_kind", "filter": "filter?", "as": "name", "optional": "bool?", "prompt": "str?",
            "from": "zone?", "card_filter": "card_filter?"}
    binds = "as"
    example = [{"choose": {"what": "character", "filter": {"side": "enemy", "row": "back"}, "as": "t"}}]

    def affects_combat(self, a) -> bool:
        return isinstance(a.get("filter"), dict) and bool(a["filter"].get("in_combat"))

    def arg_type(self, key, typ, args) -> str:
        what = args.get("what")
        if key == "filter" and isinstance(what, str) and what in L.PLAY_CARD_KINDS:
            return f"play_filter:{what}"
        return typ

    def bound_kind(self, a) -> str | None:
        return a.get("what") if isinstance(a.get("what"), str) else None

    def check(self, args, err) -> None:
        """Each kind of choice reads only its own arguments: one that would be ignored is a problem."""
        what = args.get("what")
        if what == "card":
            if "filter" in args:
                err("filter", "a card choice picks by card_filter (filter picks characters in play)")
        elif "card_filter" in args or "from" in args:
            for k in ("card_filter", "from"):
                if k in args:
                    err(k, f"goes with what: card (a card in a hand or KO pile), not what: {what}")
        if what == "player" and "filter" in args:
            err("filter", "a player choice takes no filter: any player still in the game may be chosen")
        if what == "row":
            for k in args.get("filter") or {}:
                if k != "side":
                    err("filter", f"a row choice filters only by side (yours, enemy or any), not by {k}")

    @staticmethod
    def rows(g, frame, a) -> list[list]:
        """The rows a ``what: row`` choice offers: [side, row] with someone standing in it."""
        my = g.players[frame.ctl].side
        side = (a.get("filter") or {}).get("side", "any")
        return [[s, r] for s in g.live_sides() for r in ("front", "back")
                if (side == "any" or (side == "enemy") == g.are_enemies(s, my) and (side != "yours" or s == my))
                and any(c.row == r for c in g.characters(s))]

    @staticmethod
    def cards(g, frame, a) -> tuple[list[int], list[int]]:
        """A ``what: card`` choice: the zone it looks in, and the cards there that match."""
        zone = fx.card_zone(g, frame.ctl, a.get("from", "hand"))
        return zone, [i for i in zone if fx.card_matches(g, g.cards[i], a.get("card_filter") or {}, frame)]

    @staticmethod
    def characters(g, frame, a) -> list[int]:
        """The characters a ``what: character`` choice offers (only those in the combat, for a combat
        plot twist in a combat)."""
        flt = a.get("filter") or {}
        cands = [c.iid for c in g.characters() if fx.matches(g, c, flt, frame)]
        if frame.combat_only and g.combat is not None:
            cands = [i for i in cands if g.combat.involves(i)]
        return cands

    def has_options(self, g, frame, a, exclude=frozenset()) -> bool:
        """Would this choice ask a question now (``exclude``: cards not to count, such as the plot
        twist being played)?"""
        what = a["what"]
        if what == "player":
            return True
        if what == "row":
            return bool(self.rows(g, frame, a))
        if what == "card":
            return any(i not in exclude for i in self.cards(g, frame, a)[1])
        if what in L.PLAY_CARD_KINDS:
            return bool(fx.play_cards(g, frame, what, a.get("filter") or {}))
        return bool(self.characters(g, frame, a))

    @staticmethod
    def resource_labels(g, frame, a) -> list[tuple[str, int]]:
        """A ``what: resource`` choice: (label, card) for each face-down resource that matches. The
        label names the card only to its owner; another player reads whose it is and its place in
        the resource row, which everyone sees."""
        out = []
        for c in fx.play_cards(g, frame, "resource", a.get("filter") or {}):
            pl = g.players[c.owner]
            place = pl.resources.index(c.iid) + 1
            if c.owner == frame.ctl:
                out.append((f"your face-down {g.name(c.iid)} (resource {place})", c.iid))
            else:
                out.append((f"{pl.name}'s face-down resource {place}", c.iid))
        return out

    def run(self, g, frame, a) -> bool:
        if a["what"] == "player":
            opts = [p.index for p in g.players if not p.out]
            g.ask("choose_player", [frame.ctl], options=opts, prompt=a.get("prompt", "Choose a player"),
                  optional=bool(a.get("optional")))
            return False
        if a["what"] == "row":
            rows = self.rows(g, frame, a)
            if not rows:
                frame.chosen[a["as"]] = None
                return True
            g.ask("choose_row", [frame.ctl], options=rows, prompt=a.get("prompt", "Choose a row"))
            return False
        if a["what"] == "card":
            zone, opts = self.cards(g, frame, a)
            hidden = a.get("from", "hand") in fx.HIDDEN_ZONES
            if not opts and not (hidden and zone):
                frame.chosen[a["as"]] = None
                return True
            # from a hidden zone the question is asked whenever the zone holds a card, so that
            # others can't learn from it whether a card matched; choosing none is then allowed
            # when nothing matches
            g.ask("choose", [frame.ctl], options=opts, prompt=a.get("prompt", "Choose a card"),
                  optional=bool(a.get("optional")) or not opts)
            return False
        if a["what"] in L.PLAY_CARD_KINDS:
            return self.run_play_card(g, frame, a)
        cands = self.characters(g, frame, a)
        if not cands:
            frame.chosen[a["as"]] = None
            return True
        g.ask("choose", [frame.ctl], options=cands, prompt=a.get("prompt", "Choose a character"),
              optional=bool(a.get("optional")))
        return False

    def run_play_card(self, g, frame, a) -> bool:
        """Choose an equipment, a location or a face-down resource (asked as a pick of labels that
        hide what an enemy's face-down resources are)."""
        what = a["what"]
        if what == "resource":
            labels = [label for label, _ in self.resource_labels(g, frame, a)]
            if not labels:
                frame.chosen[a["as"]] = None
                return True
            if a.get("optional"):
                labels.append(NO_RESOURCE)
            g.ask("pick", [frame.ctl], options=labels, prompt=a.get("prompt", "Choose a face-down resource"))
            return False
        cands = [c.iid for c in fx.play_cards(g, frame, what, a.get("filter") or {})]
        if not cands:
            frame.chosen[a["as"]] = None
            return True
        g.ask("choose", [frame.ctl], options=cands, prompt=a.get("prompt", f"Choose {P.PLAY_CARD_ARTICLE[what]}"),
              optional=bool(a.get("optional")))
        return False

    def answer(self, g, frame, a, value) -> None:
        if a["what"] == "resource" and isinstance(value, str):  # a label: the card at that place of the row
            value = next((iid for label, iid in self.resource_labels(g, frame, a)
                          if label.rsplit(" ", 1)[-1] == value.rsplit(" ", 1)[-1]
                          and label.split(" face-down ")[0] == value.split(" face-down ")[0]), None)
        frame.chosen[a["as"]] = value
        frame.pc += 1

    def noun(self, a) -> str | None:
        if a["what"] == "row":
            return "row"
        if a["what"] == "card":
            return P.noun(P.card_filter_phrase(a.get("card_filter") or {}))
        if a["what"] == "character":
            return P.noun(P.filter_phrase(a.get("filter") or {}))
        if a["what"] in L.PLAY_CARD_KINDS:
            return P.PLAY_CARD_NOUNS[a["what"]]
        return None

    def text(self, a, r) -> str:
        if a["what"] == "player":
            return f"{'You may choose' if a.get('optional') else 'Choose'} a player."
        if a["what"] == "row":
            side = (a.get("filter") or {}).get("side", "any")
            return f"Choose {'an enemy' if side == 'enemy' else 'a'} row."
        if a["what"] == "card":
            where = CARD_ZONE_WORDS[a.get("from", "hand")]
            return f"{'You may choose' if a.get('optional') else 'Choose'} " \
                   f"{P.card_filter_phrase(a.get('card_filter') or {})} in {where}."
        if a["what"] in L.PLAY_CARD_KINDS:
            return f"{'You may choose' if a.get('optional') else 'Choose'} " \
                   f"{P.play_card_phrase(a['what'], a.get('filter') or {})}."
        return f"{'You may choose' if a.get('optional') else 'Choose'} {P.filter_phrase(a.get('filter') or {})}."


@register
class ChooseNumber(Verb):
    """Choose a number from min to max; later amounts read it as ``{chosen: NAME}``."""

    name = "choose_number"
    args = {"min": "int", "max": "int", "as": "name"}
    binds = "as"
    example = [{"choose_number": {"min": 1, "max": 3, "as": "x"}},
               {"counter": {"target": "self", "kind": "plus", "n": {"chosen": "x"}}}]

    def bound_kind(self, a) -> str | None:
        return "number"

    def check(self, args, err) -> None:
        if all(isinstance(args.get(k), int) for k in ("min", "max")) and args["min"] > args["max"]:
            err("max", f"must be at least min ({args['min']}), not {args['max']}")

    def run(self, g, frame, a) -> bool:
        g.ask("pick", [frame.ctl], options=list(range(a["min"], a["max"] + 1)), prompt="Choose a number")
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.chosen[a["as"]] = value
        frame.pc += 1

    def text(self, a, r) -> str:
        return f"Choose a number from {a['min']} to {a['max']}."


@register
class NameCharacter(Verb):
    """Name a character (any character card's name); filters read it as ``{named: NAME}``."""

    name = "name_character"
    args = {"as": "name"}
    binds = "as"
    example = [{"name_character": {"as": "guess"}},
               {"choose": {"what": "character", "filter": {"named": "guess"}, "as": "t"}}]

    def bound_kind(self, a) -> str | None:
        return "name"

    def run(self, g, frame, a) -> bool:
        names = sorted({d.name for d in g.defs if d.is_character})
        g.ask("pick", [frame.ctl], options=names, prompt="Name a character")
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.chosen[a["as"]] = value
        frame.pc += 1

    def text(self, a, r) -> str:
        return "Name a character."
