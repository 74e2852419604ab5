"""Read-only questions about a game: sides and teams, who controls a character, which characters
are in play, turn order, whose main character is still alive.

Nothing here changes the rules state (``characters`` and ``live_sides`` remember their answers in
the game's caches, see ``engine.capeclash.caches``). ``Game`` offers the public ones as methods:
``g.characters()``, ``g.main_alive(p)``, ``g.controller(c)``...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import restrictions as R
from engine.capeclash.state import Card

if TYPE_CHECKING:
    from engine.capeclash.game import Game


def name(g: Game, iid: int) -> str:
    return g.defs.cards[g.cards[iid].cid].name


def players_of(g: Game, side: int) -> list[int]:
    return g.side_players[side]


def live_players_of(g: Game, side: int) -> list[int]:
    """The players of ``side`` still in the game (a player who is out is never asked again)."""
    ps = g.side_players[side]
    players = g.players
    if len(ps) == 1 and not players[ps[0]].out:
        return ps
    return [p for p in ps if not players[p].out]


def team_of_side(g: Game, side: int) -> int:
    return g.side_team[side]


def are_enemies(g: Game, side_a: int | None, side_b: int | None) -> bool:
    if side_a is None or side_b is None or side_a == side_b:
        return False
    team = g.side_team
    return team[side_a] != team[side_b]


def controller(g: Game, c: Card) -> int:
    """The player who makes decisions for a character: its owner if on the owner's side."""
    if c.side is None or g.players[c.owner].side == c.side:
        return c.owner
    return (g.live_players_of(c.side) or g.players_of(c.side))[0]


def characters(g: Game, side: int | None = None) -> list[Card]:
    """Characters in play (on ``side``), in the order they entered play. Do not modify the list.
    A change to the board makes new lists, so a loop may go on over the one it started with."""
    got = g.chars_cache.get(side)
    if got is None:
        # worked out for every side at once: after a change to the board most sides are asked
        cards = g.cards
        every = [cards[i] for i in g.in_play]
        cache: dict[int | None, list[Card]] = {None: every}
        for s in g.sides:
            cache[s] = []
        for c in every:
            cache[c.side].append(c)
        got = cache.get(side, [])
        if g.caches.enabled:
            g.chars_cache = cache
    return got


def face_up_characters(g: Game, side: int) -> list[Card]:
    """Face-up characters in play on ``side``, in the order they entered play."""
    return [c for c in g.characters(side) if c.face_up]


def cids_in_game(g: Game) -> set[str]:
    """The card definitions this game's cards use, main characters' other levels included."""
    cids = {c.cid for c in g.cards.values()}
    for pl in g.players:
        cids.update(pl.levels)
    return cids


def live_sides(g: Game) -> list[int]:
    """Sides with a player still in the game. Do not modify the list."""
    live = g.live_cache
    if live is None:
        live = [s for s in g.sides if any(not g.players[p].out for p in g.players_of(s))]
        if g.caches.enabled:
            g.live_cache = live
    return live


def main_alive(g: Game, p: int) -> bool:
    """Does player ``p`` still have a main character (in play, or not yet placed)?"""
    m = g.players[p].main
    if m is None:
        return False
    if g.cards[m].zone in ("play", "aside") and g.cards[m].is_main:
        return True
    return any(c.is_main and c.owner == p for c in g.characters())


def main_in_play(g: Game, p: int) -> Card | None:
    """The player's main character now in play: the one they started with, else another."""
    main = g.players[p].main
    assert main is not None
    m = g.cards[main]
    if m.zone == "play" and m.is_main:
        return m
    return next((c for c in g.characters() if c.is_main and c.owner == p), None)


def side_name(g: Game, side: int) -> str:
    return " and ".join(g.players[p].name for p in g.players_of(side))


def turn_order_from(g: Game, p: int) -> list[int]:
    """Every player in seat order, starting with ``p``."""
    n = len(g.players)
    return [(p + k) % n for k in range(n)]


def teams_of(g: Game, c: Card) -> set[str]:
    """A character's teams, including those Team Up gives to supporting characters."""
    teams = set(g.defs.cards[c.cid].teams)
    if c.zone == "play" and not c.is_main and g.kw_possible("team_up"):
        for o in g.characters(c.side):
            if o.face_up and g.has_keyword(o, "team_up"):
                teams.add(g.kw_param(o, "team_up"))
    return teams


def is_protecting(g: Game, c: Card) -> bool:
    if c.zone != "play" or not c.face_up or c.row != "front" or not R.blocks(g, c):
        return False
    return any(o.face_up and o.row == "back" for o in g.characters(c.side))


def can_recover(g: Game, c: Card) -> bool:
    """Jammer: enemy supporting characters can't recover."""
    if c.is_main or not g.kw_possible("jammer"):
        return True
    return not any(o.face_up and g.are_enemies(o.side, c.side) and g.has_keyword(o, "jammer")
                   for o in g.characters())


def players_in_turn_order(g: Game) -> list[int]:
    order = side_order(g, g.first_side)
    return [p for s in order for p in g.players_of(s)]


def side_order(g: Game, start: int) -> list[int]:
    i = g.sides.index(start)
    return g.sides[i:] + g.sides[:i]


def main_groups(g: Game, p: int) -> list[list[Card]]:
    """The main characters player ``p`` controls, one list per main character (the copies of a
    main character made of several cards count as one)."""
    groups: dict = {}
    for c in g.characters():
        if c.is_main and g.controller(c) == p:
            pile = g.defs.cards[c.cid].returns_to
            groups.setdefault(("pile", c.owner, pile) if pile else c.iid, []).append(c)
    return list(groups.values())


def main_names(g: Game, side: int) -> set[str]:
    """The names (lower-cased, as they are now) of the main characters on ``side`` now: a promoted
    character counts, a demoted one doesn't. Before any is in play, the players' own main characters."""
    from engine.capeclash.zones import current_lnames
    out: set[str] = set()
    for c in characters(g, side):
        if c.is_main:
            out.update(current_lnames(g, c))
    if out:
        return out
    for p in g.players_of(side):
        m = g.players[p].main
        if m is not None:
            out.update(g.defs.lnames[g.cards[m].cid])
    return out
