"""How players leave the game and how it ends: a main character KO'd, a player eliminated (their
cards and waiting abilities gone), the last team standing, or fewest wounds at the turn limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import zones
from engine.capeclash.effects import Frame
from engine.capeclash.stack import Payment, StackEntry, Waiting
from engine.capeclash.state import Card

if TYPE_CHECKING:
    from engine.capeclash.game import Game


def main_knocked_out(g: Game, c: Card) -> None:
    owner = c.owner
    pl = g.players[owner]
    g.check_end = True
    if g.main_alive(owner):
        return  # another of their main characters is still in play
    g.log("main_ko", f"{pl.name}'s main character is KO'd." if c.iid == pl.main
          else f"{pl.name} has no main character left in play.")
    if g.mode == "two_headed":
        return  # teammates play on until both main characters are KO'd
    g.eliminate(owner)


def eliminate(g: Game, p: int) -> None:
    pl = g.players[p]
    if pl.out:
        return
    pl.out = True
    g.live_cache = None
    g.check_end = True
    g.log("out", f"{pl.name} is out of the game.")
    drop_abilities_of(g, p)
    if len(g.players) > 2:
        # every card that player owns in play leaves the game (this is not a KO), wherever it is:
        # worn by another player's character, or controlled by another player (001/002/003: the cards
        # that player owns). A card another player owns is not among them: one the player who is out
        # controlled (taken control of, or recruited into their row by a 2 vs 2 teammate) goes back
        # (``_hand_back``), as their control of it ends with them. Two-headed teammates share a side,
        # and it stays the teammate's.
        shared = g.mode == "two_headed"
        if not shared:
            _hand_back(g, p)
        for iid in list(pl.equipment):  # their equipment (worn by anyone) and machines first
            e = g.cards[iid]
            if e.zone == "machine":
                zones.wreck_machine(g, e, into="removed")
            else:
                zones.put(g, e, "removed")
        for iid in list(g.in_play):
            c = g.cards[iid]
            if c.owner == p or (c.side == pl.side and not shared):
                zones.leave_play(g, c, "removed")
        for iid in pl.resources:
            g.cards[iid].zone = "removed"
            pl.removed.append(iid)
        pl.resources = []
        # (their hand, deck and KO pile stay as they are: no effect reaches the cards of a player
        # who is out, see effects.card_zone)
        g.board_changed()


def _hand_back(g: Game, p: int) -> None:
    """The cards other players own on the side of ``p``, who is out of the game, leave their control: a
    character goes back to the side it was taken from (``flow.control_returns_to``: its owner's side when
    that one is out too), a machine to its owner's side. A card whose owner is out as well was removed
    with that player's cards already."""
    from engine.capeclash.flow import control_returns_to
    side = g.players[p].side
    live = g.live_sides()
    for iid in list(g.in_play):
        c = g.cards[iid]
        if c.side != side or c.owner == p or g.players[c.owner].out:
            continue
        came_from = next((m["side"] for m in c.mods if m["k"] == "control"), None) if c.mods else None
        if c.mods:
            c.mods = [m for m in c.mods if m["k"] != "control"]
        home = control_returns_to(g, c, came_from if came_from is not None else g.players[c.owner].side, live)
        zones.change_side(g, c, home, back=True)
        if c.zone == "play" and c.side == side:  # it could not go back (its name is a main character's there)
            zones.leave_play(g, c, "removed")
    for iid in list(g.machines):
        m = g.cards[iid]
        if m.side == side and m.owner != p:
            m.side = g.players[m.owner].side
            g.board_changed()


def drop_abilities_of(g: Game, p: int) -> None:
    """A player who is out is never asked again: their triggered abilities waiting to resolve,
    and their plot twists, powers and payments under way, are gone (a plot twist that was
    resolving leaves the game with the rest of their cards)."""
    g.pending = [t for t in g.pending if t.ctl != p]
    kept: list[Frame | StackEntry] = []
    for f in g.stack:
        if isinstance(f, Waiting):
            f.items = [t for t in f.items if t.ctl != p]
        elif isinstance(f, StackEntry):
            if f.owner() == p:  # (a combat is nobody's: it goes on)
                if isinstance(f, Payment):
                    _remove_resolving(g, f.then.card)
                continue
        elif f.ctl == p:  # an effect frame
            _remove_resolving(g, f.card)
            continue
        kept.append(f)
    g.stack = kept


def _remove_resolving(g: Game, card: int | None) -> None:
    """A plot twist resolving for a player who is out leaves the game."""
    if card is not None and g.cards[card].zone == "resolving":
        g.cards[card].zone = "removed"
        g.players[g.cards[card].owner].removed.append(card)


def check_end(g: Game) -> None:
    if g.phase.startswith("setup"):
        return
    alive_teams = set()
    for p in g.players:
        if g.mode == "two_headed":
            if g.main_alive(p.index) and not p.out:
                alive_teams.add(p.team)
        elif not p.out and g.main_alive(p.index):
            alive_teams.add(p.team)
    if len(alive_teams) > 1:
        return
    if alive_teams:
        team = alive_teams.pop()
        standing = [g.name(m.iid) for p in g.players if p.team == team and not p.out
                    and (m := g.main_in_play(p.index)) is not None]
        reason = (f"{standing[0]} is the last main character standing" if len(standing) == 1 else
                  f"{' and '.join(standing)} are the last main characters standing" if standing else
                  "the last main character standing")
    else:
        team = g.team_of_side(g.active)
        reason = "the last main characters fell together, so the side taking its turn wins"
    finish(g, [p.index for p in g.players if p.team == team], reason)


def end_by_wounds(g: Game, why: str) -> None:
    wounds = {}
    for p in g.players:
        if not p.out and g.main_alive(p.index):
            m = g.main_in_play(p.index)
            wounds[p.index] = m.wounds if m is not None else 0
    best = min(wounds.values())
    winners = [p for p, w in wounds.items() if w == best]
    teams = {g.players[p].team for p in winners}
    winners = [p.index for p in g.players if p.team in teams]
    finish(g, winners, f"{why}; fewest wounds on a main character wins")


def finish(g: Game, winners: list[int], reason: str) -> None:
    g.result = {"winners": winners, "reason": reason, "turn": g.turn}
    g.combat = None  # whatever was going on stops: the game is over
    g.declaring = []
    names = " and ".join(g.players[p].name for p in winners)
    g.log("game_over", f"Game over: {names} win{'s' if len(winners) == 1 else ''} ({reason}).")
    g.decision = None
    g.phase = "over"
