"""Combat: who may attack whom, the combat window, and resolving strikes.

Resolution follows the compiled rulebook: when a melee combat has Ferocious
characters on only one side of the strike order, they strike first; anything
they stun does not strike back; then everyone who has not struck yet strikes
simultaneously, with the Ferocious attackers' ATK still counting toward the
team's total. A character needs at least 1 ATK to strike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import stats, zones
from .state import Combat

if TYPE_CHECKING:
    from .game import Game
    from .state import Card


# ------------------------------------------------------------------ who can attack

def can_attack(g: Game, c: Card) -> bool:
    """Ready, face up, and in the front row or in the back row with Ranged."""
    if c.zone != "play" or not c.face_up or c.exhausted:
        return False
    return c.row == "front" or g.has_keyword(c, "ranged")


def shared_teams(g: Game, cards: list[Card]) -> set[str]:
    teams = set(g.defs[cards[0].cid].teams)
    for c in cards[1:]:
        teams &= set(g.defs[c.cid].teams)
    return teams


def defenders(g: Game, attackers: list[Card]) -> list[Card]:
    """Every enemy character these attackers may attack together."""
    all_fly = all(g.has_keyword(a, "flight") for a in attackers)
    return _targets(g, attackers[0].side, all_fly)


def _targets(g: Game, side: int, all_fly: bool) -> list[Card]:
    """Face-up enemy front rows; a back row too when its front row is empty (or flown over)."""
    out = []
    for other in g.live_sides():
        if not g.are_enemies(side, other):
            continue
        front, back, front_flier = [], [], False
        for c in g.characters(side=other):
            if c.face_up:
                if c.row == "front":
                    front.append(c)
                    front_flier = front_flier or g.has_keyword(c, "flight")
                else:
                    back.append(c)
        out += front
        if not front or (all_fly and not front_flier):
            out += back
    return out


def attack_starters(g: Game, side: int) -> list[Card]:
    out = []
    reach: dict[bool, bool] = {}  # does a flier / a non-flier have any defender?
    for c in g.characters(side=side):
        if can_attack(g, c):
            fly = g.has_keyword(c, "flight")
            if fly not in reach:
                reach[fly] = bool(_targets(g, side, fly))
            if reach[fly]:
                out.append(c)
    return out


def possible_teammates(g: Game, attackers: list[Card]) -> list[Card]:
    """Characters that may join a team attack already being declared."""
    first = attackers[0]
    teams = shared_teams(g, attackers)
    if not teams:
        return []
    all_fly = all(g.has_keyword(a, "flight") for a in attackers)
    reach = {True: None, False: None}
    out = []
    ids = {a.iid for a in attackers}
    for c in g.characters(side=first.side):
        if c.iid in ids or c.row != first.row or not can_attack(g, c):
            continue
        if teams & set(g.defs[c.cid].teams):
            fly = all_fly and g.has_keyword(c, "flight")
            if reach[fly] is None:
                reach[fly] = bool(_targets(g, first.side, fly))
            if reach[fly]:
                out.append(c)
    return out


# ------------------------------------------------------------------ starting a combat

def start(g: Game, player: int, attacker_ids: list[int], defender_id: int) -> None:
    attackers = [g.cards[i] for i in attacker_ids]
    d = g.cards[defender_id]
    ranged = attackers[0].row == "back"
    front_face_up = any(c.face_up and c.row == "front" for c in g.characters(side=d.side))
    over = d.row == "back" and front_face_up
    for a in attackers:
        a.exhausted = True
    g.combat = Combat(list(attacker_ids), defender_id, player, d.side, ranged, over)
    g.attacked_this_turn = True
    kind = ("ranged " if ranged else "") + ("team attack" if len(attackers) > 1 else "attack")
    names = " and ".join(g.name(i) for i in attacker_ids)
    how = " flying over the front row" if over else ""
    verb = "make" if len(attackers) > 1 else "makes"
    article = "an" if kind[0] in "aeiou" else "a"
    g.log("attack", f"{names} {verb} {article} {kind} on {g.name(defender_id)}{how}.")
    for a in attacker_ids:
        g.emit("attacks", a)
        if len(attackers) > 1:
            g.emit("team_attacks", a)
    g.emit("is_attacked", defender_id)


def window_players(g: Game) -> list[int]:
    """Players in combat-window order: the attacking player first, then to the left."""
    n = len(g.players)
    start_at = g.combat.player
    return [(start_at + k) % n for k in range(n) if not g.players[(start_at + k) % n].out]


def pass_priority(g: Game, acted: bool) -> None:
    """Move priority on after a player acts (acted=True) or passes."""
    cb = g.combat
    order = window_players(g)
    cb.passes = 0 if acted else cb.passes + 1
    if not acted and cb.passes >= len(order):
        cb.stage = "ferocious"
        g.stack.append({"t": "combat"})
        g.log("combat", "Everyone passes: the combat resolves.")
        return
    i = order.index(cb.priority) if cb.priority in order else -1
    cb.priority = order[(i + 1) % len(order)]


# ------------------------------------------------------------------ resolving

def _ferocious(g: Game, c: Card) -> bool:
    return g.has_keyword(c, "ferocious")


def can_strike_back(g: Game, cb: Combat, d: Card) -> bool:
    if stats.strike_value(g, d) < 1:
        return False
    return not cb.ranged or g.has_keyword(d, "ranged")


def step(g: Game, frame: dict) -> None:
    """Advance combat resolution by one stage (stages may ask the defender whom to strike)."""
    cb = g.combat
    if cb is None:
        g.stack.pop()
        return
    if cb.stage == "ferocious":
        _ferocious_stage(g, cb, frame)
    elif cb.stage == "strike":
        _strike_stage(g, cb, frame)
    elif cb.stage == "done":
        g.stack.pop()
        finish(g, survived=True)


def _who_strikes_back(g: Game, cb: Combat, frame: dict, candidates: list[int]) -> int | None | bool:
    """The attacker the defender strikes back at; False while a player must still choose."""
    if not candidates:
        return None
    if "target" in frame:
        t = frame.pop("target")
        return t if t in candidates else None
    if len(candidates) == 1:
        return candidates[0]
    attackers = [g.cards[i] for i in cb.attackers]
    if any(g.has_keyword(a, "leader") for a in attackers):
        chooser = cb.player  # Leader: the attacking player picks
    else:
        chooser = g.controller(g.cards[cb.defender])
    g.ask("strike_back", [chooser], options=list(candidates),
          prompt=f"Choose the attacker {g.name(cb.defender)} strikes back at")
    return False


def _ferocious_stage(g: Game, cb: Combat, frame: dict) -> None:
    if not cb.attackers or cb.defender is None:
        cb.stage = "done"
        cb.survivors_ok = False
        return
    attackers = [g.cards[i] for i in cb.attackers]
    d = g.cards[cb.defender]
    fero_att = [a for a in attackers if _ferocious(g, a)] if not cb.ranged else []
    fero_def = _ferocious(g, d) and not cb.ranged
    everyone_fero = len(fero_att) == len(attackers) and fero_def
    if cb.ranged or everyone_fero or (not fero_att and not fero_def):
        cb.stage = "strike"
        return
    # the Ferocious step
    target = None
    if fero_def and can_strike_back(g, cb, d):
        target = _who_strikes_back(g, cb, frame, list(cb.attackers))
        if target is False:
            return
    total = sum(v for v in (stats.strike_value(g, a) for a in fero_att) if v >= 1)
    g.log("strike", "Ferocious characters strike first.")
    cb.struck = [a.iid for a in fero_att] + ([d.iid] if fero_def else [])
    cb.fero_total = total
    stunned = _strikes(g, cb, [a.iid for a in fero_att], total, d, target)
    _apply_stuns(g, stunned)
    cb.stage = "strike"


def _strike_stage(g: Game, cb: Combat, frame: dict) -> None:
    if not cb.attackers or cb.defender is None:
        cb.stage = "done"
        return
    d = g.cards[cb.defender]
    strikers = [i for i in cb.attackers if i not in cb.struck]
    target = None
    if d.iid not in cb.struck and can_strike_back(g, cb, d):
        target = _who_strikes_back(g, cb, frame, list(cb.attackers))
        if target is False:
            return
    if strikers:
        total = cb.fero_total + sum(v for v in (stats.strike_value(g, g.cards[i]) for i in strikers) if v >= 1)
    else:
        total = 0
    stunned = _strikes(g, cb, strikers, total, d, target)
    _apply_stuns(g, stunned)
    cb.stage = "done"


def _strikes(g: Game, cb: Combat, strikers: list[int], total: int, d: Card, target: int | None) -> list[tuple]:
    """Compare strikes and return what gets stunned (applied together afterwards)."""
    out = []
    dfn = stats.defense(g, d)
    if strikers and total >= 1:
        if total >= dfn:
            out.append((d.iid, strikers))
            g.log("strike", f"{_names(g, strikers)} strike{'s' if len(strikers) == 1 else ''} {g.name(d.iid)} "
                            f"for {total} against DEF {dfn}: stunned.")
        else:
            g.log("strike", f"{_names(g, strikers)} strike{'s' if len(strikers) == 1 else ''} {g.name(d.iid)} "
                            f"for {total} against DEF {dfn}: not enough.")
    if target is not None:
        t = g.cards[target]
        monstrous_targets = [target]
        for tid in monstrous_targets:
            v = stats.strike_value(g, d)
            tdef = stats.defense(g, g.cards[tid])
            if v >= tdef:
                out.append((tid, [d.iid]))
                g.log("strike", f"{g.name(d.iid)} strikes back at {g.name(tid)} for {v} against DEF {tdef}: stunned.")
            else:
                g.log("strike", f"{g.name(d.iid)} strikes back at {g.name(t.iid)} for {v} against DEF {tdef}: "
                                "not enough.")
    return out


def _names(g: Game, ids: list[int]) -> str:
    return " and ".join(g.name(i) for i in ids)


def _apply_stuns(g: Game, stunned: list[tuple]) -> None:
    for victim, by in stunned:
        v = g.cards[victim]
        if v.zone != "play" or not v.face_up:
            continue
        was_main = v.is_main
        zones.stun(g, v)
        for s in by:
            g.emit("stuns", s, victim=victim)
            if was_main:
                g.emit("stuns_main", s, victim=victim)


def finish(g: Game, survived: bool) -> None:
    """End the combat: survivors are told, 'this combat' modifiers expire."""
    cb = g.combat
    if cb is None:
        return
    if survived and cb.survivors_ok:
        for i in [*cb.attackers, cb.defender]:
            if i is not None and g.cards[i].zone == "play" and g.cards[i].face_up:
                g.emit("survives", i)
    g.combat = None
    for iid in g.in_play:
        c = g.cards[iid]
        if c.mods:
            c.mods = [m for m in c.mods if m.get("until") != "combat"]
    g.dirty = True


def cancel(g: Game) -> None:
    cb = g.combat
    if cb is None:
        return
    cb.survivors_ok = False
    g.stack = [f for f in g.stack if f.get("t") != "combat"]
    finish(g, survived=False)
