"""Restrictions: what a character or a player can't do. "Can't" beats "can".

One mechanism for every restriction (``language.RESTRICTIONS``, ``language.PLAYER_RESTRICTIONS``).
A restriction comes from

* a continuous ability: ``statics: [{affects: FILTER, cant: [attack]}]`` (characters; without
  ``affects``: the card itself) or ``statics: [{players: opponent, cant: [play_plot_twists]}]``;
* an effect: ``restrict`` (a modifier ``{"k": "cant"}`` on characters, for a duration) or
  ``restrict_player`` (a lasting entry of the player, ``Game.lasting``).

The rules ask here where they decide: the legal actions (attack, targets, moves, recruits, plays)
and their messages (``reason``), combat (strikes, stuns) and effects (``move``). When no card of
the game can restrict anything (``possible``: worked out once from the game's cards, a switch of
``caches``), every question answers "no" at once.
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card
    from engine.core.actions import Action


def possible(g: Game) -> bool:
    """Could anything be restricted in this game? (Some card of the game can restrict; with the
    caches off: always yes.) Where it is asked most (legal actions, combat) the guard is written
    ``g.unrestricted != len(g.cards) and possible(g)``: ``g.unrestricted`` is the number of cards
    the game had when it was found that none of them can restrict (-1: not found, or caches off),
    so the usual answer costs no call."""
    got = g.restricts_cache  # (number of cards, answer): stored only with the caches on
    if got[0] == len(g.cards):
        return got[1]
    if not g.caches.enabled:
        return True
    rs = g.defs.restricts
    got = (len(g.cards), bool(rs and not rs.isdisjoint(g.cids_in_game())))
    g.restricts_cache = got
    if not got[1]:
        g.unrestricted = got[0]
    return got[1]


def why(g: Game, c: Card, what: str) -> str | None:
    """The name of what stops character ``c`` from doing ``what`` (a ``language.RESTRICTIONS``
    name), or None when nothing does."""
    if not possible(g):
        return None
    for m in c.mods:
        if m["k"] == "cant" and what in m["cant"]:
            return m["src"]
    if c.zone == "play" and g.static_sources():
        for _ts, st, s in g.statics_on(c):
            if what in st.get("cant", ()) and "players" not in st:
                return g.defs.cards[s.cid].name
    return None


def printed(g: Game, cid: str, what: str) -> bool:
    """Does the card forbid itself ``what`` (a continuous ability without ``affects``)? For cards not
    in play yet: can't be in the front row."""
    return any("affects" not in st and "players" not in st and what in st.get("cant", ())
               for st in g.defs.cards[cid].statics)


def player_why(g: Game, p: int, what: str, cid: str | None = None) -> str | None:
    """The name of what stops player ``p`` from doing ``what`` (``language.PLAYER_RESTRICTIONS``;
    ``cid``: the card a ``recruit`` restriction is asked about), or None."""
    if not possible(g):
        return None
    from engine.capeclash.effects import card_matches
    for e in g.lasting:
        if e["k"] == "cant" and e["p"] == p and what in e["cant"] and _card_ok(g, e.get("card"), cid, card_matches):
            return e["name"]
    if not g.static_sources():
        return None
    me = g.players[p].side
    for s in g.static_sources():
        if not s.face_up:
            continue
        abilities = list(g.defs.cards[s.cid].statics)
        if s.gear is not None:
            abilities += g.defs.cards[g.cards[s.gear].cid].statics
        for st in abilities:
            if "players" not in st or what not in st["cant"] or not _card_ok(g, st.get("card"), cid, card_matches):
                continue
            side = g.players[g.controller(s)].side
            who = st["players"]
            if who == "each" or (who == "you" and side == me) or (who == "opponent" and g.are_enemies(side, me)):
                return g.defs.cards[s.cid].name
    return None


def _card_ok(g: Game, flt: dict | None, cid: str | None, card_matches) -> bool:
    """Does the restriction's card filter cover card ``cid`` (no filter: every card)?"""
    if not flt:
        return True
    if cid is None:
        return False
    probe = _Probe(cid)
    return card_matches(g, probe, flt, {})


class _Probe:
    __slots__ = ("cid",)

    def __init__(self, cid: str):
        self.cid = cid


def filter_actions(g: Game, p: int, actions: list) -> list:
    """Drop the plays (super powers, plot twists) and recruits a restriction forbids player ``p``."""
    if not possible(g):
        return actions
    out = []
    for a in actions:
        if reason(g, a) is None:
            out.append(a)
    return out


def move_ok(g: Game, c: Card, row: str) -> bool:
    """May ``c`` move to ``row`` (it may change rows, and may stand in that row)?"""
    if not possible(g):
        return True
    if why(g, c, "move"):
        return False
    return row != "front" or not (why(g, c, "front_row") or printed(g, c.cid, "front_row"))


def reason(g: Game, a: Action) -> str | None:
    """The restriction that forbids action ``a``, as a sentence (None when none does)."""
    if not possible(g):
        return None
    t = a.type
    cards = g.cards
    if t == "power":
        src = player_why(g, a.player, "use_powers")
        return f"{a}: {g.players[a.player].name} can't use super powers ({src})" if src else None
    if t == "plot":
        src = player_why(g, a.player, "play_plot_twists")
        return f"{a}: {g.players[a.player].name} can't play plot twists ({src})" if src else None
    card = a.get("card")
    if not isinstance(card, int) or card not in cards:
        return None
    c = cards[card]
    name = g.defs.cards[c.cid].name
    if t in ("recruit", "recruit_ally"):
        src = player_why(g, a.player, "recruit", c.cid) or player_why(g, a.player, "play_characters", c.cid)
        if src:
            return f"{a}: {g.players[a.player].name} can't recruit {name} ({src})"
        if a.get("row") == "front" and printed(g, c.cid, "front_row"):
            return f"{a}: {name} can't be in the front row"
        return None
    if t in ("attack", "add_attacker"):
        src = why(g, c, "attack")
        return f"{a}: {name} can't attack ({src})" if src else None
    if t == "target":
        src = why(g, c, "be_attacked")
        return f"{a}: {name} can't be attacked ({src})" if src else None
    if t in ("move", "shift"):
        src = why(g, c, "move")
        if src:
            return f"{a}: {name} can't change rows ({src})"
        row = a.get("row") or ("back" if c.row == "front" else "front")
        src = why(g, c, "front_row") or (name if printed(g, c.cid, "front_row") else None)
        if row == "front" and src:
            return f"{a}: {name} can't be in the front row ({src})"
    return None


def blocks(g: Game, c: Card) -> bool:
    """Does ``c`` protect the characters behind it (a face-up front-row character does, unless it
    can't)?"""
    return not (possible(g) and why(g, c, "protect"))


# ------------------------------------------------------------------ events nobody listens to

class _Every:
    """Every event (what ``heard`` answers with the caches off)."""

    def __contains__(self, event: object) -> bool:
        return True


EVERY = _Every()


def hears(g: Game, event: str) -> bool:
    """Could some card of this game trigger on ``event`` (the events added for issue 18: wins_combat,
    kos, ally_ko, card_played, location_appears, recruited, draw_phase)? They are emitted only then.
    (A Mimic listens to everything its teammates could: their cards are in the game too. A card that
    can grant a triggered ability, ``grant_trigger``, makes that ability's event heard.)"""
    got = g.heard_cache  # (read here first: asked for events emitted in every combat and turn)
    return event in (got[1] if got[0] == len(g.cards) else heard(g))


def heard(g: Game) -> Container[str]:
    """The events of ``hears`` some card of this game could trigger on (with the caches off: all)."""
    got = g.heard_cache  # (number of cards, events heard): stored only with the caches on
    if got[0] != len(g.cards):
        if not g.caches.enabled:
            return EVERY
        from engine.cardlang.cards import KEYWORD_TRIGGERS
        listens, cards = g.defs.listens, g.defs.cards
        # keywords (printed, granted or worn) bring their triggers
        events = {t.on for ts in KEYWORD_TRIGGERS.values() for t in ts}
        grants = g.defs.grants  # a card that grants a triggered ability makes its event heard
        for cid in g.cids_in_game():
            if "mimic" not in cards[cid].keywords:
                events |= listens[cid]
            if cid in grants:
                events |= grants[cid]
        got = g.heard_cache = (len(g.cards), frozenset(events))
    return got[1]


# ------------------------------------------------------------------ per-card tallies

def tallies_kept(g: Game) -> bool:
    """Does some card of this game count a tally ("for each character it stunned this game")?"""
    ts = g.defs.tallies
    if not g.caches.enabled:  # (a fact of the game, not a shortcut: worked out the same way)
        return bool(ts and not ts.isdisjoint(g.cids_in_game()))
    key = len(g.cards)
    got = g.tallies_cache
    if got[0] != key:
        got = (key, bool(ts and not ts.isdisjoint(g.cids_in_game())))
        g.tallies_cache = got
    return got[1]


def tally(g: Game, what: str, iid: int) -> None:
    """Count one more ``what`` (stuns, kos) for character ``iid`` (kept for the whole game)."""
    got = g.tallies_cache  # (read here first: asked for every stun and KO in combat)
    if got[1] if got[0] == len(g.cards) else tallies_kept(g):
        key = f"{what}:{iid}"
        g.tallies[key] = g.tallies.get(key, 0) + 1
