"""The turn sequence: setup questions, the phases of a turn (start, draw, recovery, the build steps,
main, end, clean-up) and the step questions asked in them.

``proceed`` runs when nothing is waiting on the stack: it asks the current step's question or
carries out the current phase and moves to the next. Game end is in ``ending``, levels in ``levels``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import combat, ending, queries, zones
from engine.capeclash import restrictions as R
from engine.capeclash.stack import KeepMain, TurnStart

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card, Modifier

# The phases of a turn: when everyone whose turn it is is out, the turn ends at once.
TURN_PHASES = frozenset(("start", "draw", "recovery", "resource", "recruit", "formation", "main"))


def control_returns_to(g: Game, c: Card, side: int, live: list[int]) -> int:
    """Where a character goes when a control effect ends: the side it came from, or, when every
    player of that side is out of the game, its owner's side (the rulebooks are silent: a side that is
    out of the game holds no cards, 000 removes them all; a card coming into play comes in on its
    owner's side, 001). If its owner's side is out too, it stays where it is."""
    if side in live:
        return side
    own = g.players[c.owner].side
    if own in live or c.side is None:
        return own
    return c.side  # (change_side does nothing when the side is its own)


def _expires(m: Modifier | dict, turn: int, active: int | None = None, live: list[int] | None = None) -> bool:
    u = m.get("until")
    if u == "turn":
        return True
    if u == "next_turn":
        return turn > m["turn"]
    if u == "your_next_turn":  # the end of the next turn of the side that made it ("by"); a side
        # whose players are all out has no next turn, so what it made ends with the turn after
        return turn > m["turn"] and (active == m["by"] or (live is not None and m["by"] not in live)
                                     if "by" in m else True)
    return u == "combat"


def proceed(g: Game) -> None:
    ph = g.phase
    live = g.live_cache  # (live_sides, read directly: this runs after nearly every action)
    if g.active not in (live if live is not None else g.live_sides()) and ph in TURN_PHASES:
        out_turn_ends(g)
        return
    # the most frequent phases first; the step questions are asked as ``Game.ask_step`` does
    # (a new dict of the decision's type and players), written out
    if ph == "main":
        if g.declaring:
            assert g.declaring_player is not None
            g.decision = {"type": "declare", "players": [g.declaring_player]}
        elif g.combat is not None:
            cb = g.combat
            if cb.stage == "window":
                if g.players[cb.priority].out:
                    combat.priority_leaves(g)  # may resolve the combat: the loop goes on
                    return
                g.decision = {"type": "combat", "players": [cb.priority]}
            else:
                combat.finish(g, survived=True)
        else:
            g.decision = {"type": "main", "players": list(g.live_players_of(g.active))}
    elif ph == "formation":
        g.decision = {"type": "formation", "players": list(g.live_players_of(g.active))}
    elif ph == "resource" or ph == "recruit":
        sp = g.step_player
        assert sp is not None
        if g.players[sp].out:
            next_build_player(g, "recruit")  # their build steps are over
            return
        g.decision = {"type": ph, "players": build_step_players(g, sp)}
    elif ph == "start":
        start_of_turn(g)
    elif ph == "draw":
        draw_phase(g)
    elif ph == "recovery":
        recovery_phase(g)
    elif ph == "end":
        end_of_turn(g)
    elif ph == "cleanup":
        cleanup(g)
    elif ph == "setup_first":
        g.ask("choose_first", [g.chooser], options=list(g.sides))
    elif ph == "setup_place":
        if g.queue:
            g.ask("place_main", [g.queue[0]])
        else:
            for pl in g.players:
                zones.draw(g, pl.index, 7)
            g.phase = "setup_mulligan"
            g.queue = queries.players_in_turn_order(g)
    elif ph == "setup_mulligan":
        if g.queue:
            g.ask("mulligan", [g.queue[0]])
        else:
            begin_turn(g, g.first_side)
    else:
        raise AssertionError(ph)


def build_step_players(g: Game, sp: int) -> list[int]:
    """Who is asked in ``sp``'s resource or recruit step: ``sp`` alone.

    (Two-headed teammates share one build phase, and 002/003 let a Build plot twist be played at any
    time in it; but asking the other teammate only when they hold such a play would tell everyone, in
    the decision every view shows, what their hand holds, and asking them every step would hand the
    device over in every step. So each teammate makes Build plays in their own resource, recruit and
    formation steps, as in the other modes; the hidden-cards soak, tests/test_soak.py, checks that the
    decision never depends on a hand.)"""
    return [sp]


def out_turn_ends(g: Game) -> None:
    """Everyone whose turn it is is out: the turn ends at once (nothing of theirs is left to
    resolve; see ``eliminate``), and the next player still in the game takes a turn."""
    g.log("turn", f"{g.side_name(g.active)} {'is' if len(g.players_of(g.active)) == 1 else 'are'} "
                  f"out of the game: the turn ends.")
    g.declaring = []
    if g.combat is not None:
        combat.cancel(g)
    g.phase = "end"


def begin_turn(g: Game, side: int) -> None:
    g.turn += 1
    g.active = side
    g.phase = "start"
    g.used_powers = []
    g.plots_played = {}
    g.times_attacked = {}
    g.attacked_this_turn = False
    g.log("turn", f"Turn {g.turn}: {g.side_name(side)}.")


def start_of_turn(g: Game) -> None:
    for c in g.characters(g.active):
        if c.frozen == 1:
            c.frozen = 2  # its controller's next turn since the freeze: it can't ready in this one
    for p in g.players_of(g.active):
        m = g.players[p].main
        # (an opponent: a 2 vs 2 teammate holding it is not one)
        if m is not None and g.cards[m].zone == "play" and g.are_enemies(g.cards[m].side, g.players[p].side):
            g.log("lose", f"{g.players[p].name}'s main character is controlled by an opponent: "
                          f"{g.players[p].name} loses.")
            g.eliminate(p)
    g.phase = "draw"
    live = g.live_players_of(g.active)
    crowded = [p for p in live if len(queries.main_groups(g, p)) > 1]
    if crowded:
        # first each of them keeps one main character, then the start-of-turn abilities
        g.stack.append(TurnStart())
        for p in reversed(crowded):
            g.stack.append(KeepMain(p))
        return
    emit_turn_event(g, "start_of_turn", live)


def keep_main(g: Game, frame: KeepMain, keep: int | None = None) -> None:
    """Controlling more than one main character as your turn begins means KO'ing all except one
    (001): the player picks which one stays."""
    p = frame.player
    groups = queries.main_groups(g, p)
    if len(groups) < 2 or g.players[p].out:
        g.stack.pop()
        return
    if keep is None:
        g.ask("choose", [p], options=[grp[0].iid for grp in groups],
              prompt="You control two or more main characters: choose the one you keep (the others are KO'd)")
        return
    g.stack.pop()
    g.log("keep_main", f"{g.players[p].name} controls {len(groups)} main characters and keeps "
                       f"{g.name(keep)}; the others are KO'd.")
    for group in groups:
        if all(c.iid != keep for c in group):
            for c in group:
                zones.ko(g, c)


def draw_phase(g: Game) -> None:
    side_rank = queries.side_order(g, g.first_side).index(g.active)
    live = g.live_players_of(g.active)
    for p in live:
        n = 2
        # the side's own first turn: the first side always plays turn 1 and the second turn 2 (not
        # "the first round": once a seat is out, the first side's second turn comes sooner)
        if g.turn <= side_rank + 1:
            # the first to play draws nothing; in free-for-all and 2 vs 2 the second player draws
            # one (two-headed teammates: only the first team is held back)
            if side_rank == 0:
                n = 0
            elif side_rank == 1 and len(g.sides) > 2:
                n = 1
        zones.draw(g, p, n)
        if R.hears(g, "draw_phase") or g.lasting:
            g.emit_player("draw_phase", p, characters=p == live[0])
    g.phase = "recovery"


def recovery_phase(g: Game) -> None:
    for c in g.characters(g.active):
        if not c.face_up:
            zones.recover(g, c)
    for c in g.characters(g.active):
        if c.frozen == 2:
            # (frozen earlier in this same turn, before this phase, it is frozen for its next turn,
            # not this one: it readies now, ``zones.ready``)
            if c.exhausted:
                g.log("frozen", f"{g.name(c.iid)} is frozen and does not ready.")
        else:
            zones.ready(g, c)
    g.phase = "resource"
    g.step_player = g.live_players_of(g.active)[0]


def next_build_player(g: Game, after_phase: str) -> None:
    """Resource -> recruit for each player of the side in seat order, then formation."""
    ps = g.players_of(g.active)
    sp = g.step_player
    if after_phase == "resource":
        assert sp is not None
        g.phase = "recruit"
        pl = g.players[sp]
        pl.recruit += len(pl.resources)
        g.log("recruit_points", f"{pl.name} has {pl.recruit} recruit point(s).")
    elif after_phase == "recruit":
        assert sp is not None
        pl = g.players[sp]
        pl.recruit = 0
        later = [q for q in ps[ps.index(sp) + 1:] if not g.players[q].out]
        if later:
            g.step_player = later[0]
            g.phase = "resource"
        else:
            g.phase = "formation"
            g.moved = []
    elif after_phase == "formation":
        g.phase = "main"


def end_of_turn(g: Game) -> None:
    """End phase: "at the end of your turn" abilities trigger, then clean-up."""
    g.phase = "cleanup"
    emit_turn_event(g, "end_of_turn", g.live_players_of(g.active))


def emit_turn_event(g: Game, event: str, players: list[int]) -> None:
    """A turn starts or ends for ``players`` (those of the side whose turn it is): each player's lasting
    abilities trigger, and the characters on the side once. Two-headed teammates share a side and take
    one turn together: a character's "at the start (end) of your turn" ability, or level-up condition,
    is met once in that turn, not once for each teammate (the old engine ran them twice)."""
    for i, p in enumerate(players):
        g.emit_player(event, p, characters=i == 0)


def cleanup(g: Game) -> None:
    for c in g.characters():  # (the turn it could not ready in is over, on whichever side it is now)
        if c.frozen == 2:
            c.frozen = 0
    live = g.live_sides()
    for c in [c for c in g.characters() if c.mods]:
        for m in [m for m in c.mods if m["k"] == "control" and _expires(m, g.turn, g.active, live)]:
            zones.end_control(g, c, m)
    for c in g.characters():
        if c.mods:
            c.mods = [m for m in c.mods if not _expires(m, g.turn, g.active, live)]
    if g.lasting:
        g.lasting = [e for e in g.lasting if not _expires(e, g.turn, g.active, live)]
    g.dirty = True
    for pl in g.players:
        # recruit points last until the end of a recruit step: any gained later are gone now
        pl.recruit = 0
    decks_empty = all(not p.deck for p in g.players if not p.out)
    # the out-of-cards ending: a full round without an attack once every player is out of cards; a
    # turn that ended with a card left in some deck is no part of that round (it restarts the count)
    g.quiet_turns = 0 if g.attacked_this_turn or not decks_empty else g.quiet_turns + 1
    if decks_empty and g.quiet_turns >= len(live):
        ending.end_by_wounds(g, "every deck is empty and a full round passed without an attack")
        return
    if g.turn >= g.config["max_turns"]:
        ending.end_by_wounds(g, f"the turn limit of {g.config['max_turns']} was reached")
        return
    order = queries.side_order(g, g.active)
    begin_turn(g, next(s for s in order[1:] + order[:1] if s in live))
