"""Verbs that work a deck or a hand (issue 18, part B): ``look_at_deck`` (look at or reveal the top
or bottom N cards, take some, put the rest back in any order or elsewhere), ``reveal_until``,
``mill`` and ``reveal_hand``; and the choices that go with them: ``choose_up_to`` (up to N different
characters), ``choose_mode`` (choose one of several modes) and ``name`` (a team, a keyword or a
card's name); and verbs aimed at cards in play that are not characters: ``ko_equipment`` (the equipment
on characters) and ``flip_location`` (a location of any player, face up or down); and ``use_power_of``
(use another character's super power).

Hidden information: a card looked at is named only to the player looking (the decision's options
and the private half of each log line); a revealed card is named to everyone. A question about
looked-at cards is asked whenever there are looked-at cards left, matching or not, so that the
others can't learn from it whether one matched.

``play_from`` plays a card from another zone than the hand (your KO pile, your removed-from-game
cards, the top of your deck) without paying its cost. The KO pile and the removed-from-game pile
are public; the top card of the deck is revealed to everyone before anything is played from it.
"""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.capeclash import zones as Z
from engine.cardlang import language as L
from engine.cardlang import phrases as P
from engine.cardlang.verbs import choices
from engine.cardlang.verbs.base import Render, Verb, register
from engine.cardlang.verbs.zones import _pick_row, _who

choices.CARD_ZONE_WORDS.setdefault("removed", "your removed-from-game pile")

WHOSE = {"you": ("your", "You", "your"), "opponent": ("an enemy player's", "An enemy player", "their"),
         "chosen": ("that player's", "That player", "their")}
TAKE_WORDS = {"hand": "into your hand", "play": "into play in your front row", "ko": "into its owner's KO pile",
              "deck_top": "on top of its owner's deck", "deck_bottom": "at the bottom of its owner's deck",
              "removed": "out of the game"}
REST_WORDS = {"deck_top": "on top", "deck_bottom": "at the bottom", "ko": "into the KO pile",
              "deck_shuffled": "back, then shuffle the deck", "removed": "out of the game"}


def _count_words(n) -> str:
    return P.NUM.get(n, str(n)) if isinstance(n, int) else "X"


def _cards_phrase(n) -> str:
    return "card" if n == 1 else f"{_count_words(n)} cards"


def _names(g, ids) -> str:
    return ", ".join(g.name(i) for i in ids) or "nothing"


def _seen(g, frame, a) -> tuple | None:
    """Who may see the cards looked at: everyone (None) when revealed, else the one looking."""
    return None if a.get("reveal") else (frame.ctl,)


def _may_join(g, frame, c) -> bool:
    """May card ``c`` be put into play on its owner's side (where a character put into play goes)? A
    character, and not one named like a main character there (an effect that would cause that is ignored)."""
    return g.defs.cards[c.cid].is_character and not Z.shares_main_name(g, c, g.players[c.owner].side)


def _move(g, frame, a, iid: int, into: str) -> None:
    """Put a card looked at or revealed where it goes, naming it only to those who saw it."""
    c = g.cards[iid]
    known = None if a.get("reveal") else (frame.ctl,)  # None: revealed to everyone
    if into == "play":
        if Z.shares_main_name(g, c, g.players[c.owner].side):
            # never a character with your main character's name: that part of the effect is ignored
            g.log("unique", f"{g.name(iid)} can't join a side whose main character has its name.")
            return
        pl = g.players[c.owner]
        if c.iid in pl.deck:
            pl.deck.remove(c.iid)
        c.zone = "hand"  # enter_play takes it from wherever it is
        pl.hand.append(c.iid)
        Z.enter_play(g, c.iid, g.players[c.owner].side, "front", how="puts")  # (its owner's side)
        return
    Z.put(g, c, into, known_to=known)


@register
class LookAtDeck(Verb):
    """Look at (or reveal) the top or bottom N cards of a deck, take some, put the rest back or elsewhere.

    The rest go back in the same order, or in an order the player chooses (``order``), or to the other
    end of the deck, the KO pile, out of the game, or are shuffled in."""

    name = "look_at_deck"
    shows = True
    args = {"who": "player_ref?", "n": "amount", "from": "deck_end?", "reveal": "bool?", "take": "int?",
            "filter": "card_filter?", "into": "take_into?", "rest": "rest_into?", "order": "bool?"}
    example = [{"look_at_deck": {"n": 3, "take": 1, "filter": {"type": "supporting"}, "into": "hand",
                                 "rest": "deck_bottom", "order": True}}]

    def check(self, args, err) -> None:
        if args.get("who", "you") != "you" and args.get("take") and args.get("into", "hand") in ("hand", "play"):
            err("into", "a card taken from another player's deck can only go to its owner's KO pile, the "
                        "bottom or top of that deck or out of the game")
        if args.get("order") and args.get("rest", "deck_top") not in ("deck_top", "deck_bottom"):
            err("order", "putting the rest back in any order needs rest: deck_top or deck_bottom")
        if args.get("into") == "play" and not args.get("take"):
            err("into", "says where the cards taken go: give take: N too")
        n, take = args.get("n"), args.get("take")
        if type(n) is int and type(take) is int and take > n:
            err("take", f"takes up to {take} of the {n} cards looked at: take can't be more than n")
        if args.get("into") == "play" and (args.get("filter") or {}).get("type") not in ("supporting", "main",
                                                                                         "token"):
            err("filter", "cards put into play must be characters: give filter: {type: supporting}")

    def run(self, g, frame, a) -> bool:
        st = frame.engine.kept("_look")
        if st is None:
            p = _who(g, frame, a)
            if p is None:
                return True
            deck = g.players[p].deck
            n = max(0, fx.amount(g, frame, a["n"]))
            cards = (deck[::-1] if a.get("from", "top") == "top" else list(deck))[:n]
            st = {"cards": cards, "taken": 0, "stage": "take"}
            frame.engine.keep("_look", st)
            me, them = g.players[frame.ctl], g.players[p]
            whose = "their" if p == frame.ctl else f"{them.name}'s"
            where = f"the {a.get('from', 'top')} {len(cards)} card{'s' if len(cards) != 1 else ''} of {whose} deck"
            if not cards:
                g.log("look", f"{me.name} has no cards to look at in {whose} deck.")
            elif a.get("reveal"):
                g.log("reveal", f"{me.name} reveals {where}: {_names(g, cards)}.", None, {"cards": tuple(cards)})
            else:
                mine = where.replace("their deck", "your deck")
                g.log("look", f"{me.name} looks at {where}.",
                      {frame.ctl: f"You look at {mine}: {_names(g, cards)}."})
        cards = st["cards"]
        shown = {"shown": list(cards), "revealed": True} if a.get("reveal") else {"shown": list(cards)}
        if st["stage"] == "take":
            if cards and st["taken"] < a.get("take", 0):
                opts = [i for i in cards if fx.card_matches(g, g.cards[i], a.get("filter") or {}, frame)
                        and (a.get("into", "hand") != "play" or _may_join(g, frame, g.cards[i]))]
                if opts or not a.get("reveal"):  # looked-at cards: asked whether one matches or not
                    g.ask("choose", [frame.ctl], options=opts, optional=True, **shown,
                          prompt=f"Choose a card to put {TAKE_WORDS[a.get('into', 'hand')]}"
                                 f" ({a['take'] - st['taken']} at most)")
                    return False
            st["stage"] = "rest"
        rest = a.get("rest", "deck_top")
        if a.get("order") and len(cards) > 1:
            end = "top" if rest == "deck_top" else "bottom"
            g.ask("choose", [frame.ctl], options=list(cards), **shown,
                  prompt=f"Choose the next card to put at the {end} of the deck (the last one chosen ends up "
                         f"{'on top' if end == 'top' else 'at the very bottom'})")
            return False
        top_first = a.get("from", "top") == "top"
        if rest == "deck_top" and top_first or rest == "deck_bottom" and not top_first:
            pass  # they are still where they were, in the same order
        elif rest == "deck_shuffled":
            p = g.cards[cards[0]].owner if cards else None
            if p is not None:
                Z.shuffle_deck(g, p)
                g.log("shuffle", f"{g.players[p].name} shuffles their deck.")
        else:
            # to the other end of the deck: the card nearest that end goes first, so their order stays
            for iid in (cards if rest == "deck_bottom" else cards[::-1]) if rest.startswith("deck") else cards:
                _move(g, frame, a, iid, rest)
        frame.engine.keep("_look", None)
        return True

    def answer(self, g, frame, a, value) -> None:
        st = frame.engine.kept("_look")
        if st["stage"] == "take":
            if value is None:
                st["stage"] = "rest"
                return
            st["cards"].remove(value)
            st["taken"] += 1
            _move(g, frame, a, value, a.get("into", "hand"))
            return
        st["cards"].remove(value)  # ordering: the chosen card goes to that end now
        _move(g, frame, a, value, a.get("rest", "deck_top"))
        if len(st["cards"]) == 1:
            _move(g, frame, a, st["cards"].pop(), a.get("rest", "deck_top"))

    def text(self, a, r) -> str:
        who = a.get("who", "you")
        whose = WHOSE[who][0]
        n = a["n"]
        look = "Reveal" if a.get("reveal") else "Look at"
        cards = f"{'the ' + a.get('from', 'top') + ' card' if n == 1 else 'the ' + a.get('from', 'top') + ' ' + _count_words(n) + ' cards'}"
        out = f"{look} {cards} of {whose} deck."
        if isinstance(n, dict):
            out = f"{look} the {a.get('from', 'top')} X cards of {whose} deck, where X is {r.amount(n)[len('X, where X is '):]}."
        take = a.get("take", 0)
        mine = who == "you"
        deck = "your deck" if mine else "that deck"
        into = TAKE_WORDS[a.get("into", "hand")]
        if mine:
            into = into.replace("its owner's", "your")
        what = P.card_filter_phrase(a.get("filter") or {})
        if n == 1 and take:
            cond = f"If it's {what}, you may" if a.get("filter") else "You may"
            out += f" {cond} put it {into}."
        elif take:
            upto = what if take == 1 else f"up to {_count_words(take)} {P.noun(what).replace('card', 'cards', 1) if 'card' in what else P.noun(what) + 's'}"
            verb = "You may put" if take == 1 else "Put"
            out += f" {verb} {upto} among them {into}."
        rest = a.get("rest", "deck_top")
        same_end = rest == "deck_top" and a.get("from", "top") == "top" or \
            rest == "deck_bottom" and a.get("from", "top") == "bottom"
        them = "the rest" if take else ("them" if n != 1 else "it")
        if n == 1 and take and same_end:
            pass
        elif a.get("order"):
            where = "back on top of" if rest == "deck_top" else "at the bottom of"
            out += f" Put {them} {where} {deck} in any order."
        elif same_end:
            if take:
                out += f" Put {them} back in the same order."
        elif rest == "deck_shuffled":
            out += f" Shuffle {them} back into {deck}."
        elif rest == "ko":
            out += f" Put {them} into {'your' if mine else 'its owner' + chr(39) + 's'} KO pile."
        elif rest == "removed":
            out += f" Put {them} out of the game."
        else:
            out += f" Put {them} {REST_WORDS[rest]} of {deck}."
        return out


@register
class RevealUntil(Verb):
    """Reveal cards from the top of your deck until one matches; it goes to your hand (or elsewhere).

    The other revealed cards go to the bottom of your deck (or elsewhere)."""

    name = "reveal_until"
    shows = True
    args = {"filter": "card_filter", "into": "take_into?", "rest": "rest_into?"}
    example = [{"reveal_until": {"filter": {"type": "supporting", "cost_max": 2}, "into": "hand"}}]

    def check(self, args, err) -> None:
        if args.get("into") == "play" and (args.get("filter") or {}).get("type") not in ("supporting", "main", "token"):
            err("filter", "cards put into play must be characters: give filter: {type: supporting}")

    def run(self, g, frame, a) -> bool:
        pl = g.players[frame.ctl]
        shown, found = [], None
        for iid in reversed(pl.deck):
            shown.append(iid)
            if fx.card_matches(g, g.cards[iid], a["filter"], frame):
                found = iid
                break
        g.log("reveal", f"{pl.name} reveals {_names(g, shown)} from the top of their deck"
                        f"{'' if found is not None else ', finding nothing'}.", None, {"cards": tuple(shown)})
        rest = [i for i in shown if i != found]
        pub = dict(a, reveal=True)
        if found is not None:
            _move(g, frame, pub, found, a.get("into", "hand"))
        into = a.get("rest", "deck_bottom")
        if into == "deck_shuffled":
            Z.shuffle_deck(g, pl.index)
            g.log("shuffle", f"{pl.name} shuffles their deck.")
        elif into != "deck_top":
            for iid in rest:
                _move(g, frame, pub, iid, into)
        return True

    def text(self, a, r) -> str:
        what = P.card_filter_phrase(a["filter"])
        rest = a.get("rest", "deck_bottom")
        tail = {"deck_bottom": "the rest at the bottom of your deck", "ko": "the rest into your KO pile",
                "deck_shuffled": "shuffle the rest back into your deck", "removed": "the rest out of the game",
                "deck_top": "the rest back on top of your deck"}[rest]
        into = TAKE_WORDS[a.get("into", "hand")].replace("its owner's", "your")
        return f"Reveal cards from the top of your deck until you reveal {what}. Put it {into} and {tail}."


@register
class Mill(Verb):
    """A player puts the top N cards of their deck into their KO pile."""

    name = "mill"
    args = {"who": "player_ref?", "n": "amount?"}
    example = [{"mill": {"who": "opponent", "n": 2}}]

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, a)
        if p is None:
            return True
        deck = g.players[p].deck
        for _ in range(min(len(deck), fx.amount(g, frame, a.get("n", 1)))):
            Z.put(g, g.cards[deck[-1]], "ko")
        return True

    def text(self, a, r) -> str:
        _, subj, their = WHOSE[a.get("who", "you")]
        n = a.get("n", 1)
        cards = "the top card" if n == 1 else f"the top {_count_words(n)} cards"
        verb = "put" if subj == "You" else "puts"
        out = f"{subj} {verb} {cards} of {their} deck into {their} KO pile."
        if isinstance(n, dict):
            out = out[:-1] + f", where X is {r.amount(n)[len('X, where X is '):]}."
        return out


@register
class RevealHand(Verb):
    """A player reveals their hand to everyone."""

    name = "reveal_hand"
    shows = True
    args = {"who": "player_ref?"}
    example = [{"reveal_hand": {"who": "opponent"}}]

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, dict(a, who=a.get("who", "opponent")))
        if p is not None:
            pl = g.players[p]
            g.log("reveal", f"{pl.name} reveals their hand: {_names(g, pl.hand)}.", None, {"cards": tuple(pl.hand)})
        return True

    def text(self, a, r) -> str:
        _, subj, their = WHOSE[a.get("who", "opponent")]
        return f"{subj} {'reveal' if subj == 'You' else 'reveals'} {their} hand."


@register
class ChooseUpTo(Verb):
    """Choose up to N different characters matching a filter, one at a time; later steps act on each."""

    name = "choose_up_to"
    args = {"n": "int", "filter": "filter?", "as": "name"}
    binds = "as"
    example = [{"choose_up_to": {"n": 2, "filter": {"side": "enemy", "exhausted": True}, "as": "marks"}},
               {"counter": {"target": "marks", "kind": "minus"}}]

    def check(self, args, err) -> None:
        if isinstance(args.get("n"), int) and args["n"] < 2:
            err("n", "choose_up_to picks two or more: for one character use choose (optional: true)")

    def run(self, g, frame, a) -> bool:
        got = frame.chosen.get(a["as"])
        if not isinstance(got, list):
            got = frame.chosen[a["as"]] = []
        if len(got) >= a["n"]:
            return True
        cands = [c.iid for c in g.characters() if c.iid not in got and fx.matches(g, c, a.get("filter") or {}, frame)]
        if frame.combat_only and g.combat is not None:
            cands = [i for i in cands if g.combat.involves(i)]
        if not cands:
            return True
        g.ask("choose", [frame.ctl], options=cands, optional=True,
              prompt=f"Choose a character ({a['n'] - len(got)} more at most)")
        return False

    def answer(self, g, frame, a, value) -> None:
        if value is None:
            frame.pc += 1
        else:
            frame.chosen[a["as"]].append(value)

    def noun(self, a) -> str | None:
        return P.noun(P.filter_phrase(a.get("filter") or {})).replace("character", "characters", 1)

    def text(self, a, r) -> str:
        # ("characters", "exhausted enemy characters", "characters on your side")
        return f"Choose up to {_count_words(a['n'])} different {P.plural_filter(a.get('filter') or {})}."


MODE_KEYS = ("mode1", "mode2", "mode3", "mode4")


@register
class ChooseMode(Verb):
    """Choose one of two to four modes, each its own steps, and do it."""

    name = "choose_mode"
    args = {"mode1": "steps", "mode2": "steps", "mode3": "steps?", "mode4": "steps?"}
    example = [{"choose_mode": {"mode1": [{"draw": {"n": 2}}], "mode2": [{"heal": {"target": "self"}}]}}]

    def run(self, g, frame, a) -> bool:
        key = f"_mode{len(frame.ref)}"
        mode = frame.engine.kept(key)
        if mode is not None:
            frame.engine.keep(key, None)
            fx.push_sub(g, frame, frame.pc, mode)
            return True
        g.ask("pick", [frame.ctl], options=self._texts(g, a), prompt="Choose one")
        return False

    @staticmethod
    def _texts(g, a) -> list[str]:
        """Each mode's rules text (what the player picks from), numbered so that no two are alike."""
        return [f"{i}. {Render(pool=g.defs).effect(a[k])}" for i, k in enumerate(MODE_KEYS, 1) if a.get(k)]

    def answer(self, g, frame, a, value) -> None:
        modes = [k for k in MODE_KEYS if a.get(k)]
        frame.engine.keep(f"_mode{len(frame.ref)}", modes[self._texts(g, a).index(value)])

    def text(self, a, r) -> str:
        outs = []
        for k in MODE_KEYS:
            if a.get(k):
                sub = Render(dict(r.chosen) if isinstance(r.chosen, dict) else set(r.chosen), r.until, r.pool)
                outs.append(sub.effect(a[k]))
        return "Choose one: " + " ".join(f"\u2022 {t}" for t in outs)


@register
class Name(Verb):
    """Name a team, a keyword or a card, for the filters team_named, keyword_named and (cards) named."""

    name = "name"
    args = {"what": "name_kind", "as": "name"}
    binds = "as"
    example = [{"name": {"what": "team", "as": "rival"}},
               {"counter": {"target": {"each": {"team_named": "rival"}}, "kind": "minus"}}]

    def bound_kind(self, a) -> str | None:
        return "name"

    def run(self, g, frame, a) -> bool:
        if a["what"] == "team":
            opts = sorted(g.defs.teams) or sorted({t for d in g.defs for t in d.teams})
        elif a["what"] == "keyword":
            opts = sorted(L.KEYWORDS)
        else:
            opts = sorted({d.name for d in g.defs if d.type != "token"})
        g.ask("pick", [frame.ctl], options=opts, prompt=f"Name a {a['what']}")
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.chosen[a["as"]] = value
        frame.pc += 1
        g.log("name", f"{g.players[frame.ctl].name} names {P.kw(value) if a['what'] == 'keyword' else value}.")

    def text(self, a, r) -> str:
        return f"Name a {'card' if a['what'] == 'card' else a['what']}."


@register
class KoEquipment(Verb):
    """KO the equipment on characters (a character's equipment)."""

    name = "ko_equipment"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"choose": {"what": "character", "filter": {"side": "enemy", "equipped": True}, "as": "t"}},
               {"ko_equipment": {"target": "t"}}]

    def run(self, g, frame, a) -> bool:
        for c in fx.select(g, frame, a["target"]):
            if c.gear is not None:
                Z.drop_gear(g, c)
        return True

    def text(self, a, r) -> str:
        return f"KO the equipment on {r.target(a['target'])}."


@register
class FlipLocation(Verb):
    """Turn an enemy player's face-up location face down (or one of your face-down ones face up)."""

    name = "flip_location"
    args = {"who": "player_ref?", "face": "face", "optional": "bool?"}
    example = [{"flip_location": {"who": "opponent", "face": "down"}}]

    def check(self, args, err) -> None:
        if args.get("face") == "up" and args.get("who", "opponent") != "you":
            err("face", "another player's face-down resources are hidden: only your own turn face up")

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, dict(a, who=a.get("who", "opponent")))
        if p is None:
            return True
        want_up = a["face"] == "up"
        res = g.players[p].resources
        opts = [i for i in res if g.defs.cards[g.cards[i].cid].type == "location" and g.cards[i].face_up != want_up]
        # turning your own location face up looks among face-down resources (hidden from the others): ask
        # whenever there is one, so the question doesn't tell what they are
        hidden = want_up and any(not g.cards[i].face_up for i in res)
        if not opts and not hidden:
            return True
        g.ask("choose", [frame.ctl], options=opts, optional=bool(a.get("optional")) or not opts,
              prompt=f"Choose a location to turn face {a['face']}")
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.pc += 1
        if value is None:
            return
        c = g.cards[value]
        c.face_up = a["face"] == "up"
        g.log("location", f"{g.players[frame.ctl].name} turns {g.players[c.owner].name}'s {g.name(value)} face "
                          f"{a['face']}.")

    def text(self, a, r) -> str:
        whose = {"you": "one of your", "opponent": "one of an enemy player's", "chosen": "one of that player's"}[
            a.get("who", "opponent")]
        may = "You may turn" if a.get("optional") else "Turn"
        other = "down" if a["face"] == "up" else "up"
        return f"{may} {whose} face-{other} locations face {a['face']}."


@register
class UsePowerOf(Verb):
    """Use one of another character's super powers without paying its cost (it counts as used this turn)."""

    name = "use_power_of"
    args = {"target": "selector"}
    acts_on = ("target",)
    example = [{"choose": {"what": "character", "filter": {"side": "yours", "not_self": True}, "as": "ally"}},
               {"use_power_of": {"target": "ally"}}]

    def _powers(self, g, frame, a):
        from engine.capeclash.powers import _used, powers_of
        chars = fx.select(g, frame, a["target"])
        if not chars or not chars[0].face_up:
            return None, []
        c = chars[0]
        seen, out = set(), []
        for cid, i, pw in powers_of(g, c):
            if pw.reaction or pw.zone != "play" or pw.name in seen or _used(g, c, cid, i, pw):
                continue
            seen.add(pw.name)
            out.append((cid, i, pw))
        return c, out

    def run(self, g, frame, a) -> bool:
        c, pws = self._powers(g, frame, a)
        if not pws:
            return True
        if len(pws) == 1:
            self._use(g, frame, c, pws[0])
            return True
        g.ask("pick", [frame.ctl], options=[pw.name for _cid, _i, pw in pws],
              prompt=f"Choose one of {g.name(c.iid)}'s super powers to use")
        return False

    def answer(self, g, frame, a, value) -> None:
        c, pws = self._powers(g, frame, a)
        frame.pc += 1
        for entry in pws:
            if entry[2].name == value:
                self._use(g, frame, c, entry)

    def _use(self, g, frame, c, entry) -> None:
        from engine.capeclash.powers import used_key
        cid, i, pw = entry
        g.used_powers.append(used_key(c, pw))
        g.log("power", f"{g.players[frame.ctl].name} uses {g.name(c.iid)}'s super power {pw.name} "
                       "without paying its cost.")
        sub = fx.new_frame(["power", cid, i], frame.ctl, c.iid, pw.name)
        sub.id = g.tick()
        g.stack.append(sub)  # it resolves first, then the rest of this effect

    def text(self, a, r) -> str:
        t = r.target(a["target"])
        whose = "its" if t == "it" else f"{t}'s"
        return f"Use one of {whose} super powers without paying its cost."


PLAY_WHERE = {"ko": "your KO pile", "removed": "your removed-from-game pile"}
PLAY_PILE = {"ko": "KO pile", "removed": "removed-from-game pile"}
PLAY_WHOSE_WHERE = {"enemy": "an enemy player's {pile}", "any": "any player's {pile}"}
PLAY_LOG = {"ko": "from their KO pile", "removed": "from their removed-from-game pile",
            "deck_top": "from the top of their deck", "deck_bottom": "from the bottom of their deck"}
PLAYABLE = ("supporting", "plot_twist", "location")
DECK_ENDS = {"deck_top": ("top", -1), "deck_bottom": ("bottom", 0)}  # (word, index in ``Player.deck``)
DECK_END_AT = {"top": "on top of", "bottom": "at the bottom of"}
PLAY_ROW_WORDS = {"front": "your front row", "back": "your back row", "choose": "a row of your choice"}


@register
class PlayFrom(Verb):
    """Play a card from a KO pile, your removed-from-game pile or either end of your deck, free.

    A supporting character enters play on your side in your front row (``row``: back, or choose), a
    location goes into your resource row face up, and a plot twist resolves now (its timing and team
    requirements don't matter), then goes to its owner's KO pile as usual, or out of the game
    (``then: removed``). From the KO pile or the removed-from-game pile you choose one of the
    matching cards (nothing matches: nothing happens); from the deck the top (or bottom) card is
    revealed to everyone and played if it matches (it stays where it was otherwise, or if you
    choose not to play it with ``optional``).

    ``whose: enemy`` (or ``any``) plays from an enemy player's KO pile or removed-from-game pile
    (``from: ko`` or ``removed``; ``any``: any player's, yours included). The card stays its owner's: a character enters play on your side and you control it,
    and wherever it goes when it leaves play (KO'd, returned, removed) it goes to its owner's pile,
    as every card does; a plot twist resolves as yours (you are "you" in its text), then goes to its
    owner's KO pile. A location would go into its owner's resource row, so an enemy's locations
    are never played this way."""

    name = "play_from"
    shows = True
    args = {"from": "play_source", "filter": "card_filter?", "optional": "bool?", "then": "play_after?",
            "row": "row_or_choice?", "whose": "play_whose?"}
    example = [{"play_from": {"from": "ko", "filter": {"type": "plot_twist"}, "then": "removed"}}]

    def check(self, args, err) -> None:
        flt = args.get("filter") or {}
        typ = flt.get("type") or ("main" if flt.get("kind") == "main" else None)
        if typ is not None and typ not in PLAYABLE:
            err("filter", f"play_from plays supporting characters, plot twists and locations, not "
                          f"{P.card_filter_phrase({'type': typ})}: give "
                          "filter: {type: supporting}, {type: plot_twist} or {type: location}")
        if args.get("then") is not None and flt.get("type") != "plot_twist":
            err("then", "says where a played plot twist goes once it has resolved: give filter: {type: plot_twist} "
                        "too")
        if args.get("row") is not None and typ in ("plot_twist", "location"):
            err("row", f"says which row a character enters, and this plays only {P.card_filter_phrase({'type': typ})}s: "
                       "drop row, or give filter: {type: supporting}")
        whose = args.get("whose", "you")
        if whose != "you" and args.get("from") not in PLAY_PILE:
            err("whose", f"whose: {whose} plays from an enemy's KO or removed-from-game pile, the only other "
                         f"players' piles play_from reaches: give from: ko or from: removed (or drop whose)")
        elif whose != "you" and typ == "location":
            err("whose", "a location would go into its owner's resource row, so an enemy's locations can't be "
                         "played: drop whose, or give filter: {type: supporting} or {type: plot_twist}")

    @staticmethod
    def _key(frame) -> str:
        return f"_play_from{len(frame.ref)}"

    @staticmethod
    def _matches(g, frame, a, iid) -> bool:
        c = g.cards[iid]
        typ = g.defs.cards[c.cid].type
        if typ == "location" and c.owner != frame.ctl:
            return False  # it would go into its owner's resource row (see the docstring)
        return typ in PLAYABLE and fx.card_matches(g, c, a.get("filter") or {}, frame)

    @staticmethod
    def _pile(g, frame, a) -> list[int]:
        src, whose = a["from"], a.get("whose", "you")
        if src in PLAY_PILE and whose != "you":
            return fx.card_zone(g, frame.ctl, f"{whose}_{src}")  # enemy_ko, any_removed...
        return fx.card_zone(g, frame.ctl, src)

    def run(self, g, frame, a) -> bool:
        key = self._key(frame)
        st = frame.engine.kept(key)
        pl = g.players[frame.ctl]
        if st is None:
            src = a["from"]
            if src in DECK_ENDS:
                end, at = DECK_ENDS[src]
                if not pl.deck:
                    g.log("reveal", f"{pl.name} has no card {DECK_END_AT[end]} their deck to play.")
                    return True
                card = pl.deck[at]
                g.log("reveal", f"{pl.name} reveals {g.name(card)} from the {end} of their deck.", None,
                      {"cards": (card,)})
                if not self._matches(g, frame, a, card):
                    g.log("play_from", f"{pl.name} doesn't play {g.name(card)}: it stays {DECK_END_AT[end]} their deck.")
                    return True
                opts = [card]
            else:
                opts = [i for i in self._pile(g, frame, a) if self._matches(g, frame, a, i)]
                if not opts:
                    g.log("play_from", f"{pl.name} has nothing to play {self._from_words(g, frame, a)}.")
                    return True
            if src not in DECK_ENDS or a.get("optional"):
                g.ask("choose", [frame.ctl], options=opts, optional=bool(a.get("optional")),
                      prompt=f"Choose a card to play {self._from_words(g, frame, a, you=True)} without paying "
                             "its cost")
                return False
            st = {"stage": "play", "card": opts[0]}
            frame.engine.keep(key, st)
        iid = st["card"]
        if st["stage"] == "after":  # the plot twist played has resolved: out of the game it goes
            frame.engine.keep(key, None)
            c = g.cards[iid]
            if c.zone == "ko" and iid in g.players[c.owner].ko:
                Z.put(g, c, "removed")
            return True
        row = "front"
        if g.defs.cards[g.cards[iid].cid].is_character:
            picked = _pick_row(g, frame, a)
            if picked is False:
                return False  # asked for the row: this step runs again with the answer
            row = picked
            frame.engine.row = None
        if self._play(g, frame, a, iid, row) and a.get("then") == "removed":
            frame.engine.keep(key, {"stage": "after", "card": iid})
            return False  # runs again once the plot twist has resolved
        frame.engine.keep(key, None)
        return True

    def answer(self, g, frame, a, value) -> None:
        if isinstance(value, dict):  # the row a character enters (``row: choose``)
            frame.engine.row = value
            return
        if value is None:
            frame.pc += 1
            g.log("play_from", f"{g.players[frame.ctl].name} chooses to play nothing.")
            return
        frame.engine.keep(self._key(frame), {"stage": "play", "card": value})

    @staticmethod
    def _from_words(g, frame, a, iid: int | None = None, you: bool = False) -> str:
        """'from their KO pile', 'from Bo's KO pile', 'from an enemy player's KO pile' (the log's words)."""
        whose = a.get("whose", "you")
        if a["from"] not in PLAY_PILE or whose == "you" or (iid is not None and g.cards[iid].owner == frame.ctl):
            words = PLAY_LOG[a["from"]]
            return words.replace("their", "your") if you else words
        if iid is not None:
            return f"from {g.players[g.cards[iid].owner].name}'s {PLAY_PILE[a['from']]}"
        return "from " + PLAY_WHOSE_WHERE[whose].format(pile=PLAY_PILE[a["from"]])

    def _play(self, g, frame, a, iid, row: str = "front") -> bool:
        """Play the card; True for a plot twist (its effect is now on the stack, above this one)."""
        from engine.capeclash import restrictions as R
        from engine.capeclash.powers import after_it_resolves
        c = g.cards[iid]
        d = g.defs.cards[c.cid]
        pl = g.players[frame.ctl]
        if d.is_character:
            # the rules that bar a character from a side bar it here too (enter_play's checks)
            if Z.shares_main_name(g, c, pl.side):
                g.log("unique", f"{g.name(iid)} can't join a side whose main character has its name.")
                return False
            why = R.player_why(g, frame.ctl, "play_characters", c.cid)
            if why:
                g.log("restrict", f"{g.name(iid)} can't be put into play ({why}).")
                return False
        g.log("play_from", f"{pl.name} plays {d.name} {self._from_words(g, frame, a, iid)} without paying its cost.",
              None, {"cards": (iid,), "cid": c.cid})
        if d.is_character:
            Z.enter_play(g, iid, pl.side, row, how="puts")
            return False
        owner = g.players[c.owner]  # (an enemy's plot twist leaves its owner's pile)
        for zone in (owner.ko, owner.removed, owner.deck):
            if iid in zone:
                zone.remove(iid)
                break
        if d.type == "location":
            Z.put_into_resources(g, iid, True)
            return False
        c.zone = "resolving"  # like a plot twist played from the hand (powers.play_plot_twist)
        g.plots_played[str(frame.ctl)] = g.plots_played.get(str(frame.ctl), 0) + 1
        combat_only = g.combat is not None and not d.anywhere and bool({"combat", "any_combat"} & set(d.timing))
        sub = fx.new_frame(["plot", c.cid], frame.ctl, None, d.name, combat_only=combat_only, card=iid)
        sub.id = g.tick()
        g.stack.append(sub)  # it resolves first, then the rest of this effect
        since = len(g.pending)
        g.emit_player("you_play_plot_twist", frame.ctl)
        g.emit_enemies("enemy_plays_plot_twist", frame.ctl, {"power_frame": sub.id})
        after_it_resolves(g, since)
        return True

    def text(self, a, r) -> str:
        flt = a.get("filter") or {}
        typ = flt.get("type")
        what = P.card_filter_phrase(flt)
        may = bool(a.get("optional"))
        into_row = PLAY_ROW_WORDS[a.get("row", "front")]
        if typ == "supporting":
            how = f"put it into play in {into_row}"
        elif typ == "location":
            how = "put it into your resource row face up"
        else:
            how = "play it without paying its cost"
        if a["from"] in DECK_ENDS:
            then = f"{'you may ' if may else ''}{how}."
            out = f"Reveal the {DECK_ENDS[a['from']][0]} card of your deck. " + (f"If it's {what}, {then}" if flt
                                                                                 else P.cap(then))
        else:
            whose = a.get("whose", "you")
            where = PLAY_WHERE[a["from"]] if whose == "you" else PLAY_WHOSE_WHERE[whose].format(pile=PLAY_PILE[a["from"]])
            if typ == "supporting":
                out = f"Put {what} from {where} into play in {into_row}."
            elif typ == "location":
                out = f"Put {what} from {where} into your resource row face up."
            else:
                out = f"Play {what} from {where} without paying its cost."
            if may:
                out = "You may " + out[0].lower() + out[1:]
        if a.get("row") and typ != "supporting":  # a character or another card: the row a character enters
            out += f" A character enters play in {into_row}."
        if a.get("then") == "removed":
            out += " Then remove it from the game."
        return out
