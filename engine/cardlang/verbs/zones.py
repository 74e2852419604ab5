"""Verbs that move cards between zones: hands and decks (``draw``, ``discard``, ``redraw_hand``,
``search``, ``look_at_hand``), any card to any zone (``put``), cards and tokens into play
(``enter_play``, ``create_token``, ``take_from_pile``) and locations (``turn_location``)."""

from __future__ import annotations

from typing import Literal

from engine.capeclash import effects as fx
from engine.capeclash import queries
from engine.capeclash import restrictions as R
from engine.capeclash import zones as Z
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, register

PUT_WORDS = {"hand": "into its owner's hand", "deck_shuffled": "into its owner's deck, then shuffle it",
             "deck_top": "on top of its owner's deck", "deck_bottom": "at the bottom of its owner's deck",
             "ko": "into its owner's KO pile", "removed": "out of the game",
             "resource": "into its owner's resource row face down"}
ROW_WORDS = {"front": " into your front row", "back": " into your back row", "choose": " into a row of your choice"}


def _who(g, frame: fx.Frame, a: dict) -> int | None:
    """The player a ``who`` argument names (default: you)."""
    who = a.get("who", "you")
    if who == "you":
        return frame.ctl
    if who == "chosen":
        return frame.chosen.get("player")
    # "opponent": the enemy player in the combat, else the next enemy in turn order
    me = frame.ctl
    enemies = [p for p in g.turn_order_from(me)
               if not g.players[p].out and g.are_enemies(g.players[p].side, g.players[me].side)]
    if g.combat is not None:
        for p in enemies:
            if p == g.combat.player or g.players[p].side == g.combat.defending_side:
                return p
    return enemies[0] if enemies else None


def _pick_row(g, frame: fx.Frame, a: dict, side: int | None = None) -> str | Literal[False]:
    """The row a card enters (on ``side``, by default the controller's): given, or chosen by the
    controller (False while asking)."""
    row: str = a.get("row", "front")
    if row != "choose":
        return row
    if frame.engine.row is not None:
        return frame.engine.row["row"]
    if side is None:
        side = g.players[frame.ctl].side
    g.ask("choose_row", [frame.ctl], options=[[side, "front"], [side, "back"]], prompt="Choose a row")
    return False


class _RowAnswer(Verb):
    """A verb that may ask for a row: the answer is kept and the step runs again."""

    def answer(self, g, frame, a, value) -> None:
        frame.engine.row = value


def _draw_discard_text(verb: str, a: dict, r=None) -> str:
    n = a.get("n", 1)
    who = {"you": "You", "opponent": "An enemy player", "chosen": "That player"}[a.get("who", "you")]
    verb_s = verb if who == "You" else verb + "s"
    rnd = " at random" if a.get("random") else ""
    if isinstance(n, dict):  # a counted amount: "a card for each ...", else "X cards, where X is ..."
        each = P.for_each(n)
        if each:
            return f"{who} {verb_s} a card{rnd} {each}."
        return f"{who} {verb_s} X cards{rnd}, {r.amount(n)[3:] if r is not None else P.amount(n)[3:]}."
    cards = "a card" if n == 1 else f"{P.NUM.get(n, n)} cards"
    return f"{who} {verb_s} {cards}{rnd}."


@register
class Draw(Verb):
    """A player draws N cards."""

    name = "draw"
    args = {"who": "player_ref?", "n": "amount?"}
    example = [{"draw": {"n": 2}}]

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, a)
        if p is not None:
            n = a.get("n", 1)
            Z.draw(g, p, n if type(n) is int else fx.amount(g, frame, n))
        return True

    def text(self, a, r) -> str:
        return _draw_discard_text("draw", a, r)


@register
class Discard(Verb):
    """A player discards N cards of their choice (or at random)."""

    name = "discard"
    args = {"who": "player_ref?", "n": "amount?", "random": "bool?"}
    example = [{"discard": {"who": "opponent", "random": True}}]

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, a)
        # how many is counted once, as the step starts ("X cards, where X is the number of cards in
        # your hand" doesn't shrink as they go), then kept while the cards are discarded one at a time
        n = frame.engine.kept("_discard")
        if n is None:
            n = fx.amount(g, frame, a.get("n", 1))
            if type(a.get("n", 1)) is not int:
                frame.engine.keep("_discard", n)
        done = frame.engine.discarded or 0
        if p is None or done >= n or not g.players[p].hand:
            frame.engine.discarded = None
            frame.engine.keep("_discard", None)
            return True
        if a.get("random"):
            frame.engine.keep("_discard", None)
            for _ in range(min(n, len(g.players[p].hand))):
                hand = g.players[p].hand
                Z.discard(g, hand[g.rng.below(len(hand))], " at random")
            return True
        g.ask("discard", [p], options=list(g.players[p].hand), prompt=f"Discard a card ({n - done} left)")
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.engine.discarded = (frame.engine.discarded or 0) + 1

    def text(self, a, r) -> str:
        return _draw_discard_text("discard", a, r)


@register
class RedrawHand(Verb):
    """A player discards their hand, then draws as many cards."""

    name = "redraw_hand"
    args = {"who": "player_ref?"}
    example = [{"choose": {"what": "player", "as": "player"}}, {"redraw_hand": {"who": "chosen"}}]

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, a)
        if p is None:
            return True
        hand = list(g.players[p].hand)
        for iid in hand:
            Z.discard(g, iid)
        Z.draw(g, p, len(hand))
        return True

    def text(self, a, r) -> str:
        who = a.get("who", "you")  # (as ``run`` reads it: you unless it says otherwise)
        if who == "you":
            return "You discard your hand, then draw that many cards."
        subject = "An enemy player" if who == "opponent" else "That player"
        return f"{subject} discards their hand, then draws that many cards."


@register
class LookAtHand(Verb):
    """Look at a player's hand (only you see it)."""

    name = "look_at_hand"
    args = {"who": "player_ref?"}
    example = [{"look_at_hand": {}}]

    def run(self, g, frame, a) -> bool:
        p = _who(g, frame, dict(a, who=a.get("who", "opponent")))
        if p is None:
            return True
        me, them = g.players[frame.ctl], g.players[p]
        names = ", ".join(g.name(i) for i in them.hand) or "nothing"
        g.log("look", f"{me.name} looks at {them.name}'s hand.",
              {frame.ctl: f"You look at {them.name}'s hand: {names}."})
        return True

    def text(self, a, r) -> str:
        return "Look at an enemy player's hand." if a.get("who", "opponent") == "opponent" \
            else "Look at that player's hand."


@register
class Search(Verb):
    """Search your deck for a card matching a filter and put it somewhere (default: your hand)."""

    name = "search"
    args = {"filter": "card_filter?", "into": "destination?", "optional": "bool?"}
    example = [{"search": {"filter": {"type": "location"}}}]

    def run(self, g, frame, a) -> bool:
        pl = g.players[frame.ctl]
        opts = [i for i in pl.deck if fx.card_matches(g, g.cards[i], a.get("filter") or {}, frame)]
        g.log("search", f"{pl.name} searches their deck.")
        if not pl.deck:
            g.log("search", f"{pl.name} has no deck to search.")
            return True
        # the deck is hidden: the searcher is asked whenever it holds a card, matching or not, and
        # may always find nothing (so neither the question nor the log tells what the deck holds)
        g.ask("search", [frame.ctl], options=sorted(opts), optional=True,
              prompt="Choose a card from your deck")
        return False

    def answer(self, g, frame, a, value) -> None:
        # done searching: shuffle the deck, then the card found goes where the effect says (so a
        # card put on top or at the bottom stays there)
        pl = g.players[frame.ctl]
        if value is not None:
            pl.deck.remove(value)
        Z.shuffle_deck(g, pl.index)
        g.log("search", f"{pl.name} shuffles their deck.")
        if value is not None:
            Z.put(g, g.cards[value], a.get("into", "hand"), known_to=(pl.index,))
        frame.pc += 1

    def text(self, a, r) -> str:
        what = P.card_filter_phrase(a.get("filter") or {})
        into = a.get("into", "hand")
        if into in ("deck_top", "deck_bottom"):  # the deck is shuffled first: the card stays where it is put
            where = "on top" if into == "deck_top" else "at the bottom"
            return f"Search your deck for {what}, shuffle your deck, then put that card {where} of it."
        if into == "deck_shuffled":
            return f"Search your deck for {what}, then shuffle your deck."
        where = {"hand": "into your hand", "ko": "into your KO pile", "removed": "out of the game",
                 "resource": "into your resource row face down"}[into]
        return f"Search your deck for {what} and put it {where}, then shuffle your deck."


@register
class Put(Verb):
    """Put cards (from any zone) into a hand, a deck, a KO pile, out of the game or the resource row."""

    name = "put"
    args = {"target": "selector", "into": "destination"}
    acts_on = ("target",)
    anywhere = True
    example = [{"put": {"target": "defender", "into": "hand"}}]

    def run(self, g, frame, a) -> bool:
        for c in fx.select(g, frame, a["target"], anywhere=True):
            Z.put(g, c, a["into"])
        return True

    def text(self, a, r) -> str:
        return f"Put {r.target(a['target'])} {PUT_WORDS[a['into']]}."


@register
class EnterPlay(_RowAnswer):
    """Put character cards from outside play into play on their owner's side (a row given or chosen).

    The rules put a character entering play on its owner's side unless the effect says otherwise, and
    this verb names no side (for a card of yours, that is your side)."""

    name = "enter_play"
    args = {"target": "selector", "row": "row_or_choice?", "face_down": "bool?"}
    acts_on = ("target",)
    anywhere = True
    example = [{"choose": {"what": "card", "from": "ko", "card_filter": {"type": "supporting", "cost_max": 3},
                           "as": "c"}}, {"enter_play": {"target": "c", "row": "choose"}}]

    def run(self, g, frame, a) -> bool:
        cards = [c for c in fx.select(g, frame, a["target"], anywhere=True)
                 if c.zone not in ("play", "resolving") and g.defs.cards[c.cid].is_character]
        if not cards:
            return True  # nothing to put into play: no row to ask for
        cards = [c for c in cards if not g.players[c.owner].out]  # (an owner who is out has no side)
        if not cards:
            return True
        row = _pick_row(g, frame, a, g.players[cards[0].owner].side)
        if row is False:
            return False
        frame.engine.row = None
        for c in cards:
            if c.zone in ("play", "resolving"):
                continue
            side = g.players[c.owner].side  # its owner's side
            if Z.shares_main_name(g, c, side):
                g.log("unique", f"{g.name(c.iid)} can't join a side whose main character has its name.")
                continue
            why = R.player_why(g, frame.ctl, "play_characters", c.cid)
            if why:  # a restriction ("named characters can't appear") beats the effect
                g.log("restrict", f"{g.name(c.iid)} can't be put into play ({why}).")
                continue
            Z.enter_play(g, c.iid, side, row, how="puts")
            if a.get("face_down") and c.zone == "play":
                Z.stun(g, c, wound_it=False, cause=" (it comes into play face down)")
        return True

    def text(self, a, r) -> str:
        return f"Put {r.target(a['target'])} into play{ROW_WORDS[a.get('row', 'front')]}" \
               f"{' face down' if a.get('face_down') else ''}."


@register
class CreateToken(_RowAnswer):
    """Create N tokens of a token card on your side."""

    name = "create_token"
    args = {"card": "str", "row": "row_or_choice?", "n": "amount?"}
    example = [{"create_token": {"card": "Drone", "row": "front", "n": 2}}]

    def check_pool(self, args, pool) -> list[str]:
        from engine.core.errors import suggest
        card = args.get("card")
        if not isinstance(card, str) or card not in pool or pool[card].type != "token":
            return [f"create_token: no token card with id {card!r}{suggest(card, pool.cards)}"]
        if isinstance(args.get("n"), int) and args["n"] > 1 and "swarm" not in pool[card].keywords:
            # uniqueness: tokens of one name entering together leave one in play
            return [f"create_token: {args['n']} {card!r} tokens at once, but that token has no Swarm: only one "
                    "could stay in play (uniqueness)"]
        return []

    def run(self, g, frame, a) -> bool:
        if frame.engine.row is None:
            # the number is worked out before asking for a row (none to ask for when it is 0)
            frame.engine.tokens = fx.amount(g, frame, a.get("n", 1))
            d = g.defs.cards[a["card"]]
            if frame.engine.tokens > 0 and {x.lower() for x in d.names} & queries.main_names(g, g.players[frame.ctl].side):
                # never a character with your main character's name: creating it is ignored
                g.log("unique", f"{d.name} can't join a side whose main character has its name.")
                frame.engine.tokens = 0
        n = frame.engine.tokens
        assert n is not None
        if n > 0:
            row = _pick_row(g, frame, a)
            if row is False:
                return False
            for _ in range(n):
                Z.create_token(g, a["card"], frame.ctl, row)
        frame.engine.row = None
        frame.engine.tokens = None
        return True

    def text(self, a, r) -> str:
        n = a.get("n", 1)
        count = P.NUM.get(n, str(n)) if isinstance(n, int) else "X"
        name = r.card_name(a["card"])
        return f"Create {count} {name} token{'s' if n != 1 else ''}."


@register
class TakeFromPile(_RowAnswer):
    """Take a card from one of your side piles (at random or lowest level first) into your hand or play."""

    name = "take_from_pile"
    args = {"pile": "str", "pick": "pile_pick?", "into": "pile_destination?", "row": "row_or_choice?"}
    example = [{"take_from_pile": {"pile": "masks", "pick": "random", "into": "hand"}}]

    def run(self, g, frame, a) -> bool:
        pl = g.players[frame.ctl]
        pile = pl.piles.get(a["pile"])
        if not pile:
            return True
        into = a.get("into", "hand")
        row = "front"
        if into == "play":
            picked = _pick_row(g, frame, a)
            if picked is False:
                return False
            row = picked
            frame.engine.row = None
        if a.get("pick", "random") == "random":
            iid = pile[g.rng.below(len(pile))]
        else:
            iid = min(pile, key=lambda i: (g.defs[g.cards[i].cid].level or 0, i))
        pile.remove(iid)
        c = g.cards[iid]
        hidden = a["pile"] in pl.hidden_piles
        if into == "hand":
            c.zone = "hand"
            pl.hand.append(iid)
            if hidden:
                g.log("pile", f"{pl.name} takes a card at random from their face-down {a['pile']} pile.",
                      {pl.index: f"You take {g.name(iid)} from your {a['pile']} pile."})
            else:
                g.log("pile", f"{pl.name} takes {g.name(iid)} from their {a['pile']} pile.")
            return True
        if g.defs.cards[c.cid].type == "main":
            c.is_main = True
        c.zone = "hand"  # enter_play takes it from wherever it is
        pl.hand.append(iid)
        Z.enter_play(g, iid, pl.side, row, how="deploys")
        return True

    def text(self, a, r) -> str:
        how = "at random " if a.get("pick", "random") == "random" else "(the lowest level first) "
        where = "into your hand" if a.get("into", "hand") == "hand" else "into play on your side"
        return f"Take a card {how}from your {a['pile']} pile and put it {where}."


@register
class TurnLocation(Verb):
    """Turn one of your locations face up (or face down)."""

    name = "turn_location"
    args = {"face": "face", "optional": "bool?"}
    example = [{"turn_location": {"face": "up", "optional": True}}]

    def run(self, g, frame, a) -> bool:
        pl = g.players[frame.ctl]
        want_up = a["face"] == "up"
        opts = [i for i in pl.resources
                if g.defs[g.cards[i].cid].type == "location" and g.cards[i].face_up != want_up]
        # turning a location face up looks among face-down resources (hidden from the others): ask
        # whenever there is a face-down resource, so the question doesn't tell what they are
        hidden = want_up and any(not g.cards[i].face_up for i in pl.resources)
        if not opts and not hidden:
            return True
        g.ask("choose", [frame.ctl], options=opts, optional=bool(a.get("optional")) or not opts,
              prompt=f"Choose one of your locations to turn face {a['face']}")
        return False

    def answer(self, g, frame, a, value) -> None:
        if value is not None:
            c = g.cards[value]
            c.face_up = a["face"] == "up"
            g.log("location", f"{g.players[c.owner].name} turns {g.name(value)} face {a['face']}.")
        frame.pc += 1

    def text(self, a, r) -> str:
        may = "You may flip" if a.get("optional") else "Flip"
        return f"{may} one of your face-{'down' if a['face'] == 'up' else 'up'} locations face {a['face']}."
