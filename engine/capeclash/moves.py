"""The legal actions: every answer a player may give to the open decision.

``options`` lists them (behind ``Game.legal_actions``, shared with the dice game through
``engine.core.protocol.Decisions``). Lists asked for again and again
while a player's options stay the same (row moves, attack starters, declare options, plays) are
remembered in ``g.memo`` until an action that could change them (``QUIET``, ``Game.apply_unchecked``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import combat, decisions, powers, queries, zones
from engine.capeclash import restrictions as R
from engine.capeclash.stack import ReactionOffer
from engine.capeclash.state import Card, Decision
from engine.core.actions import Action, act

if TYPE_CHECKING:
    from engine.capeclash.game import Game

# Decisions whose legal actions ask whom attackers can reach (combat._targets): ``options`` remembers
# that in their branches (``_targets_seen``; tests/test_cache_differential.py checks these are all)
ATTACK_DECISIONS = decisions.ATTACK_DECISIONS

# Actions that change nothing the legal plays depend on: (events they log, whether they move a
# character between rows). Declaring attackers only builds a list; passing only moves priority;
# ending a build step only moves on to the next step (plays are timed "build" for all three).
QUIET = {"move": (1, True), "attack": (0, False), "add_attacker": (0, False), "cancel_attack": (0, False),
         "pass": (1, False), "end_step": (1, False)}
# Remembered results a move in formation leaves valid: plays never depend on rows, and the other
# characters' moves stay as they were (the one that moved may not move again this step).
ROWLESS = ("plays", "moves")


def options(g: Game, p: int, d: Decision) -> list[Action]:
    """The answers player ``p`` may give to decision ``d``, by the decision's kind (``Game._options``:
    the shared ``legal_actions`` of ``engine.core.protocol.Decisions`` has checked that ``p`` is
    asked and the game is not over)."""
    t = d["type"]
    pl = g.players[p]
    if t == "formation":
        moved = g.moved
        out = [a for iid, a in row_moves(g, p) if iid not in moved]
        out += plays(g, p, "build")
        out.append(act(p, "end_step"))
        return out
    if t == "main":
        if g.caches.enabled:
            g.targets_seen = _targets_seen(g)
        try:
            starters = starters_of(g, pl.side)
            out = [act(p, "attack", {"card": c.iid}) for c in starters]
            if g.kw_possible("mobile"):
                out += [act(p, "shift", {"card": c.iid}) for c in g.characters(pl.side)
                        if c.face_up and f"mobile:{c.iid}" not in g.used_powers and g.has_keyword(c, "mobile")
                        and R.move_ok(g, c, "back" if c.row == "front" else "front")]
            out += plays(g, p, "main")
        finally:
            g.targets_seen = None
        out.append(act(p, "end_turn"))
        return out
    if t == "combat":
        return [*plays(g, p, "combat"), act(p, "pass")]
    if t == "declare":
        if g.caches.enabled:
            g.targets_seen = _targets_seen(g)
        try:
            return list(declare_options(g, p))  # a copy: callers own the list they get
        finally:
            g.targets_seen = None
    if t == "recruit":
        out = []
        main_names = queries.main_names(g, pl.side)
        defs, cards, lnames = g.defs.cards, g.cards, g.defs.lnames
        allies = recruit_allies(g, p)
        discounts = g.defs.discounts  # (none in the game: every card costs its printed cost)
        for iid in pl.hand:
            cid = cards[iid].cid
            cd = defs[cid]
            if cd.type == "supporting" and ((cd.cost or 0) if not discounts else powers.recruit_cost(g, p, cd)) \
                    <= pl.recruit and main_names.isdisjoint(lnames[cid]):
                out.append(act(p, "recruit", {"card": iid, "row": "front"}))
                out.append(act(p, "recruit", {"card": iid, "row": "back"}))
                for ally in allies:
                    if queries.main_names(g, g.players[ally].side).isdisjoint(lnames[cid]):
                        for row in ("front", "back"):
                            out.append(act(p, "recruit_ally", {"card": iid, "row": row, "ally": ally}))
        if g.unrestricted != len(g.cards) and R.possible(g):  # a player who can't recruit a card; a card
            # that can't be in the front row
            out = R.filter_actions(g, p, out)
        out += equip_options(g, p)
        out += plays(g, p, "build")
        out.append(act(p, "end_step"))
        return out
    if t == "resource":
        out = []
        defs, cards = g.defs.cards, g.cards
        for iid in pl.hand:
            out.append(act(p, "resource", {"card": iid, "face_up": False}))
            if defs[cards[iid].cid].type == "location":
                out.append(act(p, "resource", {"card": iid, "face_up": True}))
        out += plays(g, p, "build")
        out.append(act(p, "end_step"))
        return out
    if t == "choose_first":
        return [act(p, "choose_first", {"side": s}) for s in d["options"]]
    if t == "place_main":
        return [act(p, "place_main", {"row": "front"}), act(p, "place_main", {"row": "back"})]
    if t == "mulligan":
        return [act(p, "keep"), act(p, "mulligan")]
    if t in ("choose", "discard", "search"):
        out = [act(p, "choose", {"card": i}) for i in d["options"]]
        return out + ([act(p, "no")] if d.get("optional") else [])
    if t == "choose_player":
        out = [act(p, "choose_player", {"who": i}) for i in d["options"]]
        return out + ([act(p, "no")] if d.get("optional") else [])
    if t == "choose_row":
        return [act(p, "choose_row", {"side": s, "row": r}) for s, r in d["options"]]
    if t == "pick":
        return [act(p, "pick", {"option": k}) for k in range(len(d["options"]))]
    if t == "dance":
        return [act(p, "choose", {"card": i}) for i in d["options"]] + [act(p, "no")]
    if t in ("may", "may_trigger"):
        if d.get("reaction") and not reaction_payable(g, p):
            return [act(p, "no")]  # offered whatever the hand holds; only its owner learns it can't pay
        return [act(p, "yes"), act(p, "no")]
    if t == "pay":
        return [act(p, "pay", {"source": i}) for i in d["options"]]
    if t == "strike_back":
        return [act(p, "strike_back", {"card": i}) for i in d["options"]]
    if t == "order":
        return [act(p, "order", {"trigger": i}) for i in d["options"]]
    raise AssertionError(t)


def _targets_seen(g: Game) -> dict:
    """Whom attackers can reach (``combat._targets``), remembered in ``g.memo`` with the lists worked
    out from it (attack starters, declare options): kept across the same quiet actions, dropped by a
    move in formation (``ROWLESS``) and by everything else."""
    got = g.memo.get(("targets",))
    if got is None:
        got = g.memo[("targets",)] = {}
    return got


def reaction_payable(g: Game, p: int) -> bool:
    """Can ``p`` pay for the reaction now offered (the hand included)?"""
    top = g.stack[-1]
    assert isinstance(top, ReactionOffer)  # (the reaction offered)
    trig = top.trig
    assert trig.frame is not None and trig.frame.src is not None and trig.cost is not None  # (a reaction's)
    return powers.payable_any(g, p, powers.reaction_costs(g, trig), g.cards[trig.frame.src])


def row_moves(g: Game, p: int) -> list[tuple[int, Action]]:
    """Every character on ``p``'s side moving to its other row (those moved already are
    left out when the list is offered)."""
    key = ("moves", p)
    got = g.memo.get(key)
    if got is None:
        got = [(c.iid, act(p, "move", {"card": c.iid, "row": "back" if c.row == "front" else "front"}))
               for c in g.characters(g.players[p].side)]
        if g.unrestricted != len(g.cards) and R.possible(g):  # can't move, can't be in the front row
            got = [(i, a) for i, a in got if R.move_ok(g, g.cards[i], a.args["row"])]
        if g.caches.enabled:
            g.memo[key] = got
    return got


def starters_of(g: Game, side: int) -> list[Card]:
    key = ("starters", side)
    got = g.memo.get(key)
    if got is None:
        got = combat.attack_starters(g, side)
        if g.caches.enabled:
            g.memo[key] = got
    return got


def declare_options(g: Game, p: int) -> list[Action]:
    key = ("declare", p, tuple(g.declaring))
    got = g.memo.get(key)
    if got is None:
        atk = [g.cards[i] for i in g.declaring]
        got = [act(p, "add_attacker", {"card": c.iid}) for c in combat.possible_teammates(g, atk)]
        if combat.team_ok(g, atk):
            got += [act(p, "target", {"card": c.iid}) for c in combat.defenders(g, atk)]
        got.append(act(p, "cancel_attack"))
        if g.caches.enabled:
            g.memo[key] = got
    return got


def plays(g: Game, p: int, timing: str) -> list[Action]:
    key = ("plays", p, timing)
    got = g.memo.get(key)
    if got is None:
        got = powers.plays(g, p, timing)
        if got and g.unrestricted != len(g.cards) and R.possible(g):  # a player who can't use super powers
            # or play plot twists
            got = R.filter_actions(g, p, got)
        if g.caches.enabled:
            g.memo[key] = got
    return got


def equip_options(g: Game, p: int) -> list[Action]:
    """Equipment from hand onto a face-up character on your side, paid with recruit points;
    team equipment needs a face-up character of that team on your side."""
    pl = g.players[p]
    out = []
    wearers = None
    for iid in pl.hand:
        d = g.defs.cards[g.cards[iid].cid]
        if d.type != "equipment" or powers.recruit_cost(g, p, d) > pl.recruit:
            continue
        if d.teams and not powers.requirements_met(g, p, d, [(t, 1) for t in d.teams[:1]]):
            continue
        if d.machine:
            out += [act(p, "recruit", {"card": iid, "row": r}) for r in ("front", "back")]
            continue
        if wearers is None:
            wearers = [c for c in g.characters(pl.side) if c.face_up]
        if d.wearer or d.one_of_a_kind:  # who may wear it, one of a kind (issue 18, part B)
            out += [act(p, "equip", {"card": iid, "target": c.iid}) for c in zones.may_wear(g, p, d, wearers)]
            continue
        out += [act(p, "equip", {"card": iid, "target": c.iid}) for c in wearers]
    return out


def recruit_allies(g: Game, p: int) -> list[int]:
    """Teammates whose rows ``p`` may recruit into (2 vs 2 optional rule)."""
    if g.mode != "2v2" or not g.config["options"].get("recruit_to_teammate"):
        return []
    me = g.players[p]
    return [q.index for q in g.players if q.team == me.team and q.index != p and not q.out]
