"""Moving cards between zones, and the character states: stun, wound, KO, recover.

Functions here read like the rulebook's basic concepts. Each one logs what a
player would see happen and emits the events triggered abilities listen to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import restrictions as R
from engine.capeclash import stats
from engine.capeclash.keywords import has_swarm

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card, Modifier


# ------------------------------------------------------------------ deck and hand

def draw(g: Game, p: int, n: int) -> int:
    """Draw up to ``n`` cards; an empty deck skips the rest. Returns how many were drawn."""
    pl = g.players[p]
    got = []
    for _ in range(n):
        if not pl.deck:
            break
        iid = pl.deck.pop()
        g.cards[iid].zone = "hand"
        pl.hand.append(iid)
        got.append(iid)
    if got:
        names = ", ".join([g.name(i) for i in got])
        g.log("draw", f"{pl.name} draws {_cards(len(got))}.", {p: f"You draw {names}."}, {"player": p, "n": len(got)})
    elif n:
        g.log("draw", f"{pl.name} has no cards left to draw.")
    return len(got)


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def shuffle_deck(g: Game, p: int) -> None:
    g.rng.shuffle(g.players[p].deck)


def discard(g: Game, iid: int, why: str = "") -> None:
    """Hand to KO pile, face up for everyone to see."""
    c = g.cards[iid]
    pl = g.players[c.owner]
    pl.hand.remove(iid)
    c.zone = "ko"
    pl.ko.append(iid)
    g.log("discard", f"{pl.name} discards {g.name(iid)}{why}.")


def put_into_resources(g: Game, iid: int, face_up: bool) -> None:
    c = g.cards[iid]
    pl = g.players[c.owner]
    if iid in pl.hand:
        pl.hand.remove(iid)
    c.zone = "resource"
    c.face_up = face_up
    c.exhausted = False
    pl.resources.append(iid)
    if face_up:
        g.log("resource", f"{pl.name} puts {g.name(iid)} into their resource row face up.")
        if R.hears(g, "location_appears") and g.defs.cards[c.cid].type == "location":
            for o in g.characters():
                g.emit("location_appears", o.iid, {"who": iid})
    else:
        g.log("resource", f"{pl.name} puts a card into their resource row face down.",
              {c.owner: f"You put {g.name(iid)} into your resource row face down."})


# ------------------------------------------------------------------ entering and leaving play

def enter_play(g: Game, iid: int, side: int, row: str, *, how: str = "recruits") -> None:
    """A character appears on ``side`` in ``row`` (ready, face up)."""
    c = g.cards[iid]
    owner = g.players[c.owner]
    for zone in (owner.hand, owner.deck, owner.ko, owner.removed):
        if iid in zone:
            zone.remove(iid)
            break
    c.zone = "play"
    c.side = side
    c.row = row
    c.face_up = True
    c.exhausted = False
    c.ts = g.tick()
    g.in_play.append(iid)
    g.board_changed()
    d = g.defs.cards[c.cid]
    whose = "the" if side == owner.side else f"{g.side_name(side)}'s"
    g.log("appear", f"{owner.name} {how} {d.name} into {whose} {row} row.", None, {"cards": (iid,)})
    enforce_uniqueness(g, c)
    if c.zone == "play" and "dormant" in d.keywords:
        c.face_up = False
        c.exhausted = True
        g.log("stun", f"{d.name} appears stunned (Dormant).", None, {"cards": (iid,)})
    if c.zone == "play":
        g.emit("appears", c.iid)


def enforce_uniqueness(g: Game, c: Card) -> None:
    """One character of a name per side: the older copy is KO'd (Swarm excepted).

    Swarm, printed or granted (``keywords.has_swarm``), lets two characters of a name stand together
    when either of the pair has it (000: any number of 'this character' may be on your side).

    A copy that can't be KO'd (Unbreakable while its condition holds): the rulebooks say to KO the
    first copy and are silent on a first copy that can't be; the card beats the rulebook, so it stays,
    and the one-of-a-name rule is kept by KO'ing the newcomer instead, as when a newcomer shares the
    main character's name. Only when neither copy can be KO'd do both stay (can't beats can)."""
    d = g.defs.cards[c.cid]
    # Swarm lifts the one-of-a-name limit, never the ban on your main character's name (001)
    swarm = not c.is_main and has_swarm(g, c)
    lnames = g.defs.lnames
    names = set(lnames[c.cid]) if not c.mods else {n.lower() for n in g.names_of(c)}
    # the list characters() returns is never changed: a KO below makes a new one
    for other in g.characters(c.side):
        if other.iid == c.iid:
            continue
        other_names = lnames[other.cid] if not other.mods else {n.lower() for n in g.names_of(other)}
        if names.isdisjoint(other_names):
            continue
        od = g.defs.cards[other.cid]
        if c.is_main and other.is_main and d.returns_to and d.returns_to == od.returns_to:
            continue  # the copies of a main character made of several cards stand together
        if other.is_main:
            # never a character with your main character's name: the newcomer goes
            g.log("unique", f"{d.name} shares a name with a main character and is KO'd.")
            ko(g, c)
            return
        if swarm or (not other.is_main and has_swarm(g, other)):
            continue
        g.log("unique", f"Only one {od.name} per side: the older one is KO'd.")
        ko(g, other)
        if other.zone == "play" and other.side == c.side and c.zone == "play":
            g.log("unique", f"The older {od.name} can't be KO'd: the newcomer is KO'd instead.")
            ko(g, c)
            return


def demoted_original_main(g: Game, c: Card) -> bool:
    """Is ``c`` its owner's original main character, now a supporting character? (001: if it
    ever leaves play, however, it is removed from the game.)"""
    return not c.is_main and g.players[c.owner].main == c.iid


def leave_play(g: Game, c: Card, dest: str) -> str | None:
    """Take a card out of play to its owner's ``dest`` zone (ko, hand, deck, removed).
    An original main character that was demoted is removed from the game instead.
    Returns where the card went: ``dest``, "removed" for a demoted original main, or ``None``
    for a token (it ceases to exist). Every card leaving play goes through here."""
    if c.zone != "play":
        return dest
    if demoted_original_main(g, c) and dest != "removed":
        dest = "removed"
        g.log("removed", f"{g.name(c.iid)} was {g.players[c.owner].name}'s original main character: "
              "it is removed from the game.")
    remove_from_combat(g, c)
    drop_gear(g, c)
    g.in_play.remove(c.iid)
    g.board_changed()
    g.source_gone(c.iid)
    c.reset_for_zone_change()
    pl = g.players[c.owner]
    if c.token:
        c.zone = "removed"  # tokens cease to exist outside play
        return None
    c.zone = dest
    {"ko": pl.ko, "hand": pl.hand, "deck": pl.deck, "removed": pl.removed}[dest].append(c.iid)
    return dest


def remove_from_combat(g: Game, c: Card) -> None:
    cb = g.combat
    if cb is None:
        return
    if c.iid in cb.attackers:
        cb.attackers.remove(c.iid)
    if cb.defender == c.iid:
        cb.defender = None


# ------------------------------------------------------------------ counters and stun

def add_counters(g: Game, c: Card, kind: str, n: int) -> None:
    """Put ``n`` counters of ``kind`` on a character; opposite counters cancel."""
    if n <= 0 or c.zone != "play":
        return
    g.dirty = True
    if kind in ("plus", "minus"):
        if not c.face_up:
            g.log("counter", f"{g.name(c.iid)} is stunned and can't get +1/+1 or -1/-1 counters.")
            return
        if kind == "plus":
            c.plus += n
        else:
            c.minus += n
        k = min(c.plus, c.minus)
        c.plus -= k
        c.minus -= k
        sign = "+1/+1" if kind == "plus" else "-1/-1"
        g.log("counter", f"{g.name(c.iid)} gets {n} {sign} counter{'s' if n > 1 else ''}.")
        if kind == "plus":
            g.emit("got_plus", c.iid)
    elif kind == "vitality":
        c.vitality += n
        k = min(c.vitality, c.wounds)
        c.vitality -= k
        c.wounds -= k
        g.log("counter", f"{g.name(c.iid)} gets {n} vitality counter{'s' if n > 1 else ''}.")
    elif kind == "wound":
        wound(g, c, n)


def stun(g: Game, c: Card, *, wound_it: bool = True, cause: str = "") -> None:
    """Stun a character: face down, exhausted, counters off, out of combat, a wound."""
    if c.zone != "play" or not c.face_up:
        return
    if R.possible(g) and R.why(g, c, "be_stunned"):
        return  # can't be stunned: it stays face up (combat says so in the log)
    _turn_down(g, c, exhausted=True, stunned=True)
    g.log("stun", f"{g.name(c.iid)} is {'stunned' if wound_it else 'dazed'}{cause}.", None, {"cards": (c.iid,)})
    g.emit("is_stunned", c.iid)
    if wound_it:
        wound(g, c, 1, quiet=True, just_stunned=True)


def wound(g: Game, c: Card, n: int = 1, *, quiet: bool = False, just_stunned: bool = False) -> None:
    """Put wounds on a character (vitality cancels them); KO it at its health. ``just_stunned``: the
    wound of a stun (the character was face up the moment before, see ``ko``)."""
    if c.zone != "play" or n <= 0:
        return
    c.wounds += n
    k = min(c.vitality, c.wounds)
    c.vitality -= k
    c.wounds -= k
    if not quiet:
        g.log("wound", f"{g.name(c.iid)} takes {n} wound{'s' if n > 1 else ''}.")
    if c.wounds >= stats.health(g, c):
        ko(g, c, just_stunned=just_stunned)


def heal(g: Game, c: Card, n: int) -> None:
    healed = min(n, c.wounds)
    if healed and c.zone == "play":
        c.wounds -= healed
        g.log("heal", f"{g.name(c.iid)} heals {healed} wound{'s' if healed > 1 else ''}.")


def ko(g: Game, c: Card, *, just_stunned: bool = False, text: str | None = None) -> None:
    """KO a character: it goes to its owner's KO pile (a token just ceases to exist). ``text``: the log
    line, when the effect said it another way (``put`` into the KO pile).

    Its 'when it is KO'd' abilities (Immortal, Rebirth, a card's own) look back at the moment before:
    a character KO'd by the wound of the stun that just turned it face down had its powers then, and
    they trigger (``just_stunned``); one that was already lying stunned (or hidden) had lost them
    (000: stunned characters lose their powers until they recover; 002: a stunned character's keywords
    are turned off), so nothing of it triggers. Unbreakable is not a trigger but a rule checked now:
    a character face down has lost it, so a stun's fatal wound KOs it."""
    if c.zone != "play":
        return
    if _unbreakable_now(g, c):
        g.log("ko", f"{g.name(c.iid)} can't be KO'd now (Unbreakable).")
        return
    name = g.name(c.iid)
    g.log("ko", text or f"{name} is KO'd.", None, {"cards": (c.iid,)})
    was_main = c.is_main
    g.emit("is_ko", c.iid, None, c.face_up or just_stunned)
    if R.hears(g, "ally_ko"):
        for o in g.characters(c.side):
            if o.iid != c.iid:
                g.emit("ally_ko", o.iid, {"who": c.iid})
    pile = g.defs.cards[c.cid].returns_to
    if was_main and pile and pile in g.players[c.owner].piles:
        # a main character made of several cards goes back to its pile, to be deployed again
        leave_play(g, c, "removed")
        pl = g.players[c.owner]
        pl.removed.remove(c.iid)
        c.zone = "pile"
        if c.cid in pl.levels:
            g.change_card(c, pl.levels[0])
        pl.piles[pile].append(c.iid)
        g.log("ko", f"{name} goes back to {pl.name}'s {pile} pile.")
    else:
        leave_play(g, c, "ko")
    if was_main:
        g.main_knocked_out(c)


def _unbreakable_now(g: Game, c: Card) -> bool:
    if c.face_up and g.kw_possible("unbreakable") and g.has_keyword(c, "unbreakable"):
        from engine.capeclash.effects import condition, probe
        return condition(g, g.kw_param(c, "unbreakable"), probe(g.controller(c), c.iid))
    return False


def equip(g: Game, iid: int, wearer: Card) -> None:
    """Put equipment from hand onto a character; an older piece on it is KO'd."""
    e = g.cards[iid]
    pl = g.players[e.owner]
    pl.hand.remove(iid)
    if wearer.gear is not None:
        g.log("equip", f"{g.name(wearer.gear)} makes way for the new equipment.")
        drop_gear(g, wearer)
    e.zone = "equipped"
    e.gear = wearer.iid
    e.ts = g.tick()
    wearer.gear = iid
    pl.equipment.append(iid)
    g.board_changed()
    g.dirty = True
    g.log("equip", f"{pl.name} equips {g.name(wearer.iid)} with {g.name(iid)}.")


def may_wear(g: Game, p: int, d, wearers: list[Card]) -> list[Card]:
    """The characters among ``wearers`` that equipment ``d`` may go on: its ``wearer`` filter, and none
    while a one-of-a-kind piece of its name is already on the side."""
    if d.one_of_a_kind:
        side = g.players[p].side
        for pl in g.players:
            for i in pl.equipment:
                e = g.cards[i]
                if g.defs.cards[e.cid].name == d.name and e.gear is not None and g.cards[e.gear].side == side:
                    return []
    if not d.wearer:
        return wearers
    from engine.capeclash.effects import matches, probe
    frame = probe(p, None)
    return [c for c in wearers if matches(g, c, d.wearer, frame)]


def place_machine(g: Game, iid: int, side: int, row: str) -> None:
    """A machine goes into a row. It is not a character: it doesn't protect, isn't protected,
    stays put during formation, and is KO'd as soon as it is attacked."""
    m = g.cards[iid]
    pl = g.players[m.owner]
    pl.hand.remove(iid)
    m.zone = "machine"
    m.side = side
    m.row = row
    m.ts = g.tick()
    pl.equipment.append(iid)
    g.machines.append(iid)
    g.board_changed()
    g.log("machine", f"{pl.name} puts the machine {g.name(iid)} into the {row} row.")


def wreck_machine(g: Game, m: Card, into: str = "ko") -> None:
    """A machine leaves its row: KO'd, or (``into="removed"``) removed from the game."""
    pl = g.players[m.owner]
    pl.equipment.remove(m.iid)
    g.machines.remove(m.iid)
    m.reset_for_zone_change()
    m.zone = into
    (pl.ko if into == "ko" else pl.removed).append(m.iid)
    g.board_changed()
    if into == "ko":
        g.log("ko", f"The machine {g.name(m.iid)} is KO'd.", None, {"cards": (m.iid,)})
    else:
        g.log("removed", f"The machine {g.name(m.iid)} is removed from the game.", None, {"cards": (m.iid,)})


def drop_gear(g: Game, wearer: Card, into: str = "ko") -> None:
    """The equipment on a character is KO'd (its wearer was stunned, hid or left play), or, with
    ``into="hand"``, goes back to its owner's hand (an effect returned it)."""
    iid = wearer.gear
    if iid is None:
        return
    e = g.cards[iid]
    _detach_gear(g, e)
    e.zone = into
    pl = g.players[e.owner]
    (pl.ko if into == "ko" else pl.hand).append(iid)
    if into == "ko":
        g.log("ko", f"{g.name(iid)} is KO'd.", None, {"cards": (iid,)})
    else:
        g.log("put", f"{g.name(iid)} goes back to {pl.name}'s hand.")


def _detach_gear(g: Game, e: Card) -> None:
    """Take a worn equipment off its wearer and out of its owner's equipment (it goes elsewhere next)."""
    if e.gear is not None and g.cards[e.gear].gear == e.iid:
        g.cards[e.gear].gear = None
    e.gear = None
    g.players[e.owner].equipment.remove(e.iid)
    g.board_changed()
    g.dirty = True


def may_move_gear(g: Game, e: Card, to: Card) -> bool:
    """May worn equipment ``e`` move onto character ``to``? ``to`` is another face-up character
    in play that its ``wearer`` rule allows, and (one of a kind) no other piece of its name is on
    ``to``'s side."""
    if to.zone != "play" or not to.face_up or to.iid == e.gear:
        return False
    d = g.defs.cards[e.cid]
    if d.one_of_a_kind:
        for pl in g.players:
            for i in pl.equipment:
                o = g.cards[i]
                if i != e.iid and o.gear is not None and g.defs.cards[o.cid].name == d.name \
                        and g.cards[o.gear].side == to.side:
                    return False
    if not d.wearer:
        return True
    from engine.capeclash.effects import matches, probe
    return matches(g, to, d.wearer, probe(g.controller(to), None))


def move_gear(g: Game, e: Card, to: Card) -> None:
    """Move worn equipment onto another character (``may_move_gear``); an older piece there is KO'd."""
    old = g.cards[e.gear] if e.gear is not None else None
    if to.gear is not None:
        g.log("equip", f"{g.name(to.gear)} makes way for {g.name(e.iid)}.")
        drop_gear(g, to)
    if old is not None:
        old.gear = None
    e.gear = to.iid
    e.ts = g.tick()
    to.gear = e.iid
    g.board_changed()
    g.dirty = True
    g.log("equip", f"{g.name(e.iid)} moves from {g.name(old.iid) if old else 'nowhere'} to {g.name(to.iid)}.")


def remove_resource(g: Game, c: Card, into: str) -> None:
    """A card of a resource row (a location or a face-down resource) goes to its owner's KO pile or
    hand (``put``: the log names a face-down card only to those who may see it)."""
    put(g, c, into)
    g.board_changed()
    g.dirty = True


def hide(g: Game, c: Card) -> None:
    """Hide: face down but ready; counters and equipment come off; no wound."""
    if c.zone != "play" or not c.face_up:
        return
    _turn_down(g, c, exhausted=False)
    g.log("hide", f"{g.name(c.iid)} hides.")


def _turn_down(g: Game, c: Card, *, exhausted: bool, stunned: bool = False) -> None:
    """What stunning and hiding share: a face-up character in play turns face down (``exhausted`` or
    ready), loses its counters, leaves combat and drops its equipment; effects lasting while it stays
    face up end."""
    c.face_up = False
    c.exhausted = exhausted
    c.plus = c.minus = 0
    remove_from_combat(g, c)
    if c.gear is None or not stunned or not g.defs.cards[g.cards[c.gear].cid].stays_on_stun:
        drop_gear(g, c)  # (equipment that stays on a stunned wearer: issue 18, part B)
    if stunned:
        # a stun ends effects lasting while it stays in play (Nullify's 'until it gets stunned'); hiding
        # only pauses them while it is face down (``stats.source_paused``)
        g.source_gone(c.iid)
    g.dirty = True


def shares_main_name(g: Game, c: Card, side: int) -> bool:
    """You may never control a character with your main character's name: the names each has now
    (printed, AKA, and a name it impersonates), of the main characters on ``side`` now."""
    names = set(current_lnames(g, c))
    return any(m.iid != c.iid and not names.isdisjoint(current_lnames(g, m))
               for m in g.characters(side) if m.is_main)


def current_lnames(g: Game, c: Card) -> tuple[str, ...] | set[str]:
    """A card's names as they are now, lower-cased (only a card in play can impersonate)."""
    if not c.mods or c.zone != "play":
        return g.defs.lnames[c.cid]
    return {n.lower() for n in g.names_of(c)}


def change_side(g: Game, c: Card, side: int, until: str = "permanent", back: bool = False,
                source: int | None = None) -> None:
    """Move a character to another side (it doesn't 'appear'); uniqueness applies there. ``back``: a
    control effect ended and it returns to the side it came from (the log says so). ``source``: the
    character whose ability took control, for ``until="source_leaves"``."""
    if c.zone != "play" or c.side == side:
        return
    if shares_main_name(g, c, side):
        g.log("unique", f"{g.name(c.iid)} can't join a side whose main character has its name.")
        return
    remove_from_combat(g, c)
    if until != "permanent":
        m: Modifier = {"k": "control", "side": c.side, "until": until, "ts": g.tick(), "turn": g.turn,
                       "src": "control"}
        if until == "your_next_turn":  # the next turn of the side taking control, not the next turn
            m["by"] = side
        elif until == "source_leaves" and source is not None:
            m["source"] = source  # while the character whose ability it is stays face up in play
        c.mods.append(m)
    c.side = side
    g.board_changed()
    g.log("control", f"{g.name(c.iid)} goes back to {g.side_name(side)}'s side." if back else
          f"{g.side_name(side)} takes control of {g.name(c.iid)}.")
    enforce_uniqueness(g, c)


def end_control(g: Game, c: Card, m: Modifier) -> None:
    """A control effect on ``c`` ends, whenever its duration runs out (the end of the turn, of the combat,
    or its source leaving): the modifier goes and the character goes back to the side it was taken from
    (``flow.control_returns_to``). Every control effect ends through here."""
    from engine.capeclash.flow import control_returns_to
    if m in c.mods:
        c.mods.remove(m)
    side = m["side"]
    assert side is not None
    change_side(g, c, control_returns_to(g, c, side, g.live_sides()), back=True)


def create_token(g: Game, cid: str, p: int, row: str) -> Card:
    """A token character appears; it ceases to exist if it ever leaves play."""
    from engine.capeclash.state import Card as CardState
    iid = max(g.cards) + 1
    c = CardState(iid, cid, p)
    c.token = True
    c.zone = "hand"  # enter_play takes it from wherever it is
    g.cards[iid] = c
    if any(st.get("grant") for st in g.defs.cards[cid].statics):
        g.statics_grant = True
    enter_play(g, iid, g.players[p].side, row, how="creates the token")
    return c


def seen_by(g: Game, c: Card) -> set[int] | None:
    """Who may see which card ``c`` is where it lies now: ``None`` for everyone, else the players
    who may (a hand, a face-down resource or a face-down pile: its owner; a deck: nobody)."""
    z = c.zone
    if z == "hand":
        return {c.owner}
    if z == "deck":
        return set()
    if z == "resource" and not c.face_up:
        return {c.owner}
    if z == "pile":
        pl = g.players[c.owner]
        if any(c.iid in pl.piles[name] for name in pl.hidden_piles):
            return {c.owner}
    return None


def log_move(g: Game, c: Card, seen_before: set[int] | None, text: str, known_to=()) -> None:
    """Log a card's move with ``text`` ("{card} goes to ..."): the card is named to the players
    who could see it before or can see it now (and ``known_to``, who were shown it), and to
    everyone when it was or is in the open; the others read "a card"."""
    after = seen_by(g, c)
    name = g.name(c.iid)
    line = text.replace("{card}", name)
    if seen_before is None or after is None or known_to is None:  # (None: it was revealed to everyone)
        g.log("put", line[0].upper() + line[1:])
        return
    anonymous = text.replace("{card}", "a card")
    g.log("put", anonymous[0].upper() + anonymous[1:],
          {q: line[0].upper() + line[1:] for q in sorted(seen_before | after | set(known_to))})


def put(g: Game, c: Card, into: str, known_to=()) -> None:
    """Move a card from wherever it is to one of its owner's zones (see language.DESTINATIONS).
    The log names the card only to those who may see it before or after (``known_to``: players
    who were shown it, such as the player searching a deck)."""
    pl = g.players[c.owner]
    before = seen_by(g, c)
    if c.zone == "play" and into == "ko":
        # a character put from play into its owner's KO pile is KO'd: that is what a KO is (001 and 002,
        # game terms). So its 'when it is KO'd' abilities trigger, a main character's player is out, a
        # character that can't be KO'd stays, a demoted original main character is removed instead
        ko(g, c, text=f"{g.name(c.iid)} goes to {pl.name}'s KO pile: it is KO'd.")
        return
    if c.zone == "play":
        if demoted_original_main(g, c):
            leave_play(g, c, "hand")  # redirected to the removed-from-game pile, and logged
            return
        if leave_play(g, c, "removed") is None:
            return  # a token ceases to exist outside play
        pl.removed.remove(c.iid)
    else:
        if c.zone == "equipped":  # worn equipment comes off its wearer first
            _detach_gear(g, c)
        for zone in (pl.hand, pl.deck, pl.ko, pl.removed, pl.resources):
            if c.iid in zone:
                zone.remove(c.iid)
                break
        c.reset_for_zone_change()
    if into == "resource":
        c.zone = "resource"
        c.face_up = False
        pl.resources.append(c.iid)
        log_move(g, c, before, "{card} goes into " + f"{pl.name}'s resource row face down.", known_to)
        return
    if into.startswith("deck"):
        c.zone = "deck"
        if into == "deck_bottom":
            pl.deck.insert(0, c.iid)
        else:
            pl.deck.append(c.iid)
        if into == "deck_shuffled":
            shuffle_deck(g, c.owner)
        where = {"deck_shuffled": "shuffled into", "deck_top": "put on top of",
                 "deck_bottom": "put at the bottom of"}[into]
        log_move(g, c, before, "{card} " + f"is {where} {pl.name}'s deck.", known_to)
        return
    c.zone = into
    {"hand": pl.hand, "ko": pl.ko, "removed": pl.removed}[into].append(c.iid)
    where = {"hand": "hand", "ko": "KO pile", "removed": "removed-from-game pile"}[into]
    log_move(g, c, before, "{card} " + f"goes to {pl.name}'s {where}.", known_to)


def recover(g: Game, c: Card) -> None:
    """Turn a stunned (or hidden) character face up; it keeps its wounds and its orientation: a
    stunned character stays exhausted, a hidden one, face down but ready, stays ready (000: turn it
    face up but leave it as it is)."""
    if c.zone == "play" and not c.face_up:
        if not g.can_recover(c):
            g.log("recover", f"{g.name(c.iid)} can't recover (Jammer).")
            return
        c.face_up = True
        g.dirty = True
        g.log("recover", f"{g.name(c.iid)} recovers.")


def ready(g: Game, c: Card) -> bool:
    """Ready a character unless it is stunned or frozen. Returns whether it readied.

    Freeze keeps a character from readying during its controller's next turn (000, 001): ``frozen``
    is 1 from the freeze until that turn begins (a ready effect meanwhile still readies it, as the
    turn the freeze was applied in is not 'its next turn', even when it is its controller's own turn)
    and 2 during that turn, when nothing readies it (``flow.start_of_turn``, ``flow.cleanup``)."""
    if c.zone != "play" or not c.face_up or not c.exhausted:
        return False
    if c.frozen == 2:
        return False
    c.exhausted = False
    return True


def check_health(g: Game) -> None:
    """A character with at least as many wounds as its health is KO'd, however it got there: a
    wound, or its health dropping (a level down, vitality counters removed...)."""
    # the list characters() returns is never changed: KOs below make a new one
    for c in g.characters():
        if c.wounds and c.zone == "play" and c.wounds >= stats.health(g, c) and not _unbreakable_now(g, c):
            ko(g, c)


def check_defense(g: Game) -> None:
    """A face-up character whose DEF has dropped to 0 or less is stunned at once."""
    # the list characters() returns is never changed: stuns and KOs below make a new one
    chars = g.characters()
    if not g.static_sources() and g.caches.enabled:
        # only counters and resolved modifiers can lower a printed DEF (+1/+1 counters and Grows add)
        defs = g.defs.cards
        chars = [c for c in chars if c.minus or c.mods or defs[c.cid].defense <= 0]
    for c in chars:
        if c.face_up and c.zone == "play" and stats.defense(g, c) <= 0:
            stun(g, c, cause=" (DEF reduced to 0)")
