"""Combat: who may attack whom, the combat window, and resolving strikes.

Resolution follows the compiled rulebook: when a melee combat has Ferocious
characters on only one side of the strike order, they strike first; anything
they stun does not strike back; then everyone who has not struck yet strikes
simultaneously, with the Ferocious attackers' ATK still counting toward the
team's total. A character needs at least 1 ATK to strike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import restrictions as R
from engine.capeclash import stats, zones
from engine.capeclash.stack import CombatStep
from engine.capeclash.state import Combat

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card


# ------------------------------------------------------------------ who can attack

def can_attack(g: Game, c: Card) -> bool:
    """Ready, face up, and in the front row or in the back row with Ranged."""
    if c.zone != "play" or not c.face_up or c.exhausted:
        return False
    return c.row == "front" or g.has_keyword(c, "ranged")


def team_ok(g: Game, attackers: list[Card]) -> bool:
    """Attackers may attack together: a shared team, or a Mercenary with main characters and
    supporting characters of its own team."""
    if len(attackers) < 2:
        return True
    teams = [g.teams_of(a) for a in attackers]
    if set.intersection(*teams):
        return True
    if not g.kw_possible("mercenary"):
        return False
    for m, mt in zip(attackers, teams, strict=True):
        if g.has_keyword(m, "mercenary") and all(
                o is m or o.is_main or (ot & mt) for o, ot in zip(attackers, teams, strict=True)):
            return True
    return False


def reach(g: Game, attackers: list[Card]) -> tuple[bool, bool, bool, bool]:
    """(ranged, all fly, all Sniper, all Stealth): everything that decides whom they can reach."""
    ranged = attackers[0].row == "back"
    if len(attackers) == 1:
        a = attackers[0]
        return (ranged, g.has_keyword(a, "flight"),
                ranged and g.kw_possible("sniper") and g.has_keyword(a, "sniper"),
                g.kw_possible("stealth") and g.has_keyword(a, "stealth"))
    return (ranged, all(g.has_keyword(a, "flight") for a in attackers),
            ranged and g.kw_possible("sniper") and all(g.has_keyword(a, "sniper") for a in attackers),
            g.kw_possible("stealth") and all(g.has_keyword(a, "stealth") for a in attackers))


def defenders(g: Game, attackers: list[Card]) -> list[Card]:
    """Every enemy character these attackers may attack together."""
    side = attackers[0].side
    assert side is not None  # (characters in play have a side)
    return _targets(g, side, reach(g, attackers))


def _targets(g: Game, side: int, how: tuple[bool, bool, bool, bool]) -> list[Card]:
    """Face-up enemy front rows; a back row too when its front row is empty, flown over
    (no Flight or Grab in that front row), or reached by Sniper or Stealth. Dodge: not by ranged attacks."""
    seen = g.targets_seen
    if seen is not None:
        got = seen.get((side, how))
        if got is not None:
            return got
    ranged, fly, sniper, stealth = how
    grab = fly and g.kw_possible("grab")
    dodge = ranged and g.kw_possible("dodge")
    out = []
    for other in g.live_sides():
        if other == side or not g.are_enemies(side, other):
            continue
        front, back, blocks_fliers = [], [], False
        for c in g.characters(other):
            if c.face_up:
                if c.row == "front":
                    front.append(c)
                    if fly and not blocks_fliers:
                        blocks_fliers = g.has_keyword(c, "flight") or (grab and g.has_keyword(c, "grab"))
                else:
                    back.append(c)
        protectors = front
        if g.machines:  # a machine can be attacked when no face-up character stands in its row (one
            # that can't itself be attacked still stands there)
            occupied = {c.row for c in front} | {c.row for c in back}
        if g.unrestricted != len(g.cards) and R.possible(g):  # "can't be attacked", "doesn't protect"
            protectors = [c for c in front if R.blocks(g, c)]
            front = [c for c in front if not R.why(g, c, "be_attacked")]
            back = [c for c in back if not R.why(g, c, "be_attacked")]
        back_reachable = not protectors or (fly and not blocks_fliers) or sniper or stealth
        if back_reachable:
            front += back
        if dodge:
            front = [c for c in front if not g.has_keyword(c, "dodge")]
        out += front
        if g.machines:
            for iid in g.machines:
                m = g.cards[iid]
                if m.side == other and (m.row == "front" or back_reachable) and m.row not in occupied:
                    out.append(m)
    if seen is not None:
        seen[(side, how)] = out
    return out


def attack_machine(g: Game, player: int, attacker_ids: list[int], machine: int) -> None:
    """Attacking a machine KOs it at once: no combat window, no strikes (002). It is still an
    attack, so the attackers' "when it attacks" abilities trigger as for any other."""
    for a in attacker_ids:
        g.cards[a].exhausted = True
    g.attacked_this_turn = True
    g.log("attack", f"{_names(g, attacker_ids)} attack{'s' if len(attacker_ids) == 1 else ''} the machine "
                    f"{g.name(machine)}.", None, {"cards": (*attacker_ids, machine)})
    zones.wreck_machine(g, g.cards[machine])
    _attack_triggers(g, attacker_ids)


def _attack_triggers(g: Game, attacker_ids: list[int]) -> None:
    """Every attack, on a character or a machine: the attackers' abilities trigger."""
    team = len(attacker_ids) > 1
    for a in attacker_ids:
        g.emit("attacks", a)
        if team:
            g.emit("team_attacks", a)


def _how_matters(g: Game, ranged: bool) -> bool:
    """Could whom attackers reach leave them nobody to attack while an enemy has a face-up character?
    Only Dodge (against ranged attacks) or a machine (attackable only where no character stands)
    can: otherwise an enemy's face-up front row is always open, and its back row is open when
    the front row is empty."""
    return bool(g.machines) or (ranged and g.kw_possible("dodge")) or not g.caches.enabled or (
        g.unrestricted != len(g.cards) and R.possible(g))


def _enemy_in_sight(g: Game, side: int) -> bool:
    """Does an enemy of ``side`` have a face-up character?"""
    for other in g.live_sides():
        if other != side and g.are_enemies(side, other):
            for c in g.characters(other):
                if c.face_up:
                    return True
    return False


def attack_starters(g: Game, side: int) -> list[Card]:
    """Characters on ``side`` that can attack and have someone to attack
    (``can_attack`` and ``reach`` for one attacker, written out: this runs for every main phase)."""
    has = g.has_keyword
    if not _how_matters(g, True):  # then not for melee attackers either
        if not _enemy_in_sight(g, side):
            return []
        return [c for c in g.characters(side) if c.face_up and not c.exhausted and c.zone == "play"
                and (c.row == "front" or has(c, "ranged"))]
    out = []
    seen: dict[tuple, bool] = {}
    sniper, stealth = g.kw_possible("sniper"), g.kw_possible("stealth")
    restricted = g.unrestricted != len(g.cards) and R.possible(g)
    for c in g.characters(side):
        if not c.face_up or c.exhausted or c.zone != "play":
            continue
        ranged = c.row == "back"
        if ranged and not has(c, "ranged"):
            continue
        if restricted and R.why(g, c, "attack"):
            continue
        how = (ranged, has(c, "flight"), ranged and sniper and has(c, "sniper"), stealth and has(c, "stealth"))
        ok = seen.get(how)
        if ok is None:
            ok = seen[how] = bool(_targets(g, side, how))
        if ok:
            out.append(c)
    return out


def possible_teammates(g: Game, attackers: list[Card]) -> list[Card]:
    """Characters that may join a team attack being declared (a Mercenary may still be added
    to make a mixed group legal, so such characters are offered too)."""
    first = attackers[0]
    side = first.side
    assert side is not None  # (characters in play have a side)
    ids = {a.iid for a in attackers}
    row = first.row
    # can_attack written out: this runs for every character declared
    cands = [c for c in g.characters(side)
             if c.row == row and c.iid not in ids and c.face_up and not c.exhausted and c.zone == "play"
             and (row == "front" or g.has_keyword(c, "ranged"))]
    if cands and g.unrestricted != len(g.cards) and R.possible(g):
        cands = [c for c in cands if not R.why(g, c, "attack")]
    if not cands:
        return []
    how_matters = _how_matters(g, row == "back")
    if not how_matters and not _enemy_in_sight(g, side):
        return []
    mercs = [m for m in cands if g.has_keyword(m, "mercenary")] if g.kw_possible("mercenary") else []
    # what the attackers share already: a candidate only adds its own teams and keywords
    shared = set.intersection(*[g.teams_of(a) for a in attackers])
    if how_matters:
        ranged, fly, sniper, stealth = reach(g, attackers)
    has = g.has_keyword
    out = []
    for c in cands:
        if not shared & g.teams_of(c):
            group = [*attackers, c]
            if not (team_ok(g, group) or any(team_ok(g, [*group, m]) for m in mercs if m is not c)):
                continue
        if how_matters:
            how = (ranged, fly and has(c, "flight"), sniper and has(c, "sniper"), stealth and has(c, "stealth"))
            if not _targets(g, side, how):
                continue
        out.append(c)
    return out


# ------------------------------------------------------------------ starting a combat

# how the log tells an attack, by (ranged, team attack)
_MAKES = {(False, False): "makes an attack", (True, False): "makes a ranged attack",
          (False, True): "make a team attack", (True, True): "make a ranged team attack"}


def start(g: Game, player: int, attacker_ids: list[int], defender_id: int) -> None:
    cards = g.cards
    d = cards[defender_id]
    ranged = cards[attacker_ids[0]].row == "back"
    team = len(attacker_ids) > 1
    side = d.side
    assert side is not None  # (characters in play have a side)
    over = d.row == "back" and any(c.face_up and c.row == "front" and R.blocks(g, c) for c in g.characters(side))
    for a in attacker_ids:
        cards[a].exhausted = True
    g.combat = Combat(list(attacker_ids), defender_id, player, side, ranged, over)
    g.attacked_this_turn = True
    g.times_attacked[str(defender_id)] = g.times_attacked.get(str(defender_id), 0) + 1
    how = " flying over the front row" if over else ""
    g.log("attack", f"{_names(g, attacker_ids)} {_MAKES[ranged, team]} on {g.name(defender_id)}{how}.", None,
          {"cards": (*attacker_ids, defender_id)})
    _attack_triggers(g, attacker_ids)
    g.emit("is_attacked", defender_id)


def window_players(g: Game) -> list[int]:
    """Players in combat-window order: the attacking player first, then to the left."""
    players = g.players
    assert g.combat is not None  # (asked only during a combat)
    start_at = g.combat.player
    return [pl.index for pl in (*players[start_at:], *players[:start_at]) if not pl.out]


def pass_priority(g: Game, acted: bool) -> None:
    """Move priority on after a player acts (acted=True) or passes."""
    cb = g.combat
    assert cb is not None  # (a combat window is open)
    order = window_players(g)
    cb.passes = 0 if acted else cb.passes + 1
    if not acted and cb.passes >= len(order):
        _resolve(g, cb)
        return
    cb.priority = _next_in_window(g, order, cb.priority)


def _next_in_window(g: Game, order: list[int], after: int) -> int:
    """The player after seat ``after`` in the window order (``after`` may be out of the game)."""
    n = len(g.players)
    for k in range(1, n + 1):  # (a loop, not a generator: this runs for every pass in a combat)
        q = (after + k) % n
        if q in order:
            return q
    raise StopIteration  # (never: the window has a player in it)


def _resolve(g: Game, cb: Combat) -> None:
    cb.stage = "ferocious"
    g.stack.append(CombatStep())
    g.log("combat", "Everyone passes: the combat resolves.")


def priority_leaves(g: Game) -> None:
    """The player holding priority is out of the game: it passes on to the next player still
    in (the combat resolves if all of those have passed in a row)."""
    cb = g.combat
    assert cb is not None  # (called only during a combat)
    order = window_players(g)
    if cb.passes >= len(order):
        _resolve(g, cb)
    else:
        cb.priority = _next_in_window(g, order, cb.priority)


# ------------------------------------------------------------------ resolving

def _ferocious(g: Game, c: Card) -> bool:
    return g.has_keyword(c, "ferocious")


def strike_value(g: Game, c: Card, target: Card) -> int:
    """What ``c`` strikes ``target`` for: 0 when it can't strike it (Pacifist, Elusive);
    twice its ATK for a Fearless attacker against a main character."""
    if g.kw_possible("pacifist") and g.has_keyword(c, "pacifist"):
        return 0
    if _evades(g, c, target):
        return 0
    if g.unrestricted != len(g.cards) and R.possible(g) and R.why(g, target, "be_struck"):
        return 0
    v = stats.strike_value(g, c)
    cb = g.combat
    if target.is_main and cb is not None and c.iid in cb.attackers and g.has_keyword(c, "fearless"):
        v *= 2
    return v


def _evades(g: Game, c: Card, target: Card) -> bool:
    """Elusive: ``target`` can't be struck by characters with the keyword its Elusive names."""
    return g.kw_possible("elusive") and g.has_keyword(target, "elusive") and g.has_keyword(c, g.kw_param(target, "elusive"))


def can_strike_back(g: Game, cb: Combat, d: Card) -> bool:
    if (g.kw_possible("pacifist") and g.has_keyword(d, "pacifist")) or stats.strike_value(g, d) < 1:
        return False
    return not cb.ranged or g.has_keyword(d, "ranged")


def strike_back_candidates(g: Game, cb: Combat, d: Card) -> list[int]:
    """Attackers the defender may strike back at (Invade and Elusive take some away).
    Only for a defender that ``can_strike_back``: it strikes an attacker for its ATK (at least 1,
    never doubled: Fearless is for attackers) unless the attacker's Elusive stops it."""
    out = []
    restricted = R.possible(g)
    for i in cb.attackers:
        a = g.cards[i]
        if d.row == "back" and g.has_keyword(a, "invade"):
            continue
        if _evades(g, d, a):
            continue
        if restricted and R.why(g, a, "be_struck"):
            continue
        out.append(i)
    return out


def _monstrous(g: Game, cb: Combat, d: Card) -> bool:
    return cb.team and not cb.ranged and g.has_keyword(d, "monstrous")


def step(g: Game, frame: CombatStep) -> None:
    """Advance combat resolution by one stage (stages may ask the defender whom to strike).

    A stage with nothing to do (it returns True) hands on to the next one at once, unless the
    game has something to see to first (the main loop checks these before each stage)."""
    cb = g.combat
    if cb is None:
        g.stack.pop()
        return
    while True:
        stage = cb.stage
        if stage == "ferocious":
            idle = _ferocious_stage(g, cb, frame)
        elif stage == "strike":
            idle = _strike_stage(g, cb, frame)
        elif stage == "again":
            idle = _double_strike_stage(g, cb, frame)
        else:
            if stage == "done":
                g.stack.pop()
                finish(g, survived=True)
            return
        if not idle or g.dirty or g.check_end or g.pending:
            return


def _who_strikes_back(g: Game, cb: Combat, frame: CombatStep, d: Card, second: bool = False) -> list[int] | None:
    """The attackers the defender strikes back at (one, or all for Monstrous); None while a
    player must still choose (``second``: Double Strike's second strike, at the same attacker or
    another)."""
    if not can_strike_back(g, cb, d):
        return []
    candidates = strike_back_candidates(g, cb, d)
    if not candidates:
        return []
    if _monstrous(g, cb, d):
        return candidates
    if frame.target is not None:  # chosen
        t, frame.target = frame.target, None
        return [t] if t in candidates else []
    if len(candidates) == 1:
        return candidates
    attackers = [g.cards[i] for i in cb.attackers]
    if any(g.has_keyword(a, "leader") for a in attackers):
        chooser = cb.player  # Leader: the attacking player picks
    else:
        chooser = g.controller(d)
    g.ask("strike_back", [chooser], options=list(candidates),
          prompt=f"Choose the attacker {g.name(d.iid)} strikes back at" if not second else
          f"Choose the attacker {g.name(d.iid)} strikes with its second strike (the same one again: the two add up)")
    return None


def _strike_values(g: Game, strikers: list[int], d: Card) -> list[int]:
    """What each striker strikes ``d`` for (never below 0, so the team's total is their sum)."""
    return [strike_value(g, g.cards[i], d) for i in strikers]


def _ferocious_stage(g: Game, cb: Combat, frame: CombatStep) -> bool:
    if not cb.attackers or cb.defender is None:
        cb.stage = "done"
        cb.survivors_ok = False
        return True
    if cb.ranged or not g.kw_possible("ferocious"):
        cb.stage = "strike"
        return True
    attackers = [g.cards[i] for i in cb.attackers]
    d = g.cards[cb.defender]
    fero_att = [a for a in attackers if _ferocious(g, a)]
    fero_def = _ferocious(g, d)
    everyone_fero = len(fero_att) == len(attackers) and fero_def
    if everyone_fero or (not fero_att and not fero_def):
        cb.stage = "strike"
        return True
    # the Ferocious step
    targets: list[int] = []
    if fero_def:
        who = _who_strikes_back(g, cb, frame, d)
        if who is None:
            return False
        targets = who
    strikers = [a.iid for a in fero_att]
    values = _strike_values(g, strikers, d)
    total = sum(values)
    g.log("strike", "Ferocious characters strike first.")
    cb.struck = strikers + ([d.iid] if fero_def else [])
    cb.fero_total = total
    cb.targets = list(targets)
    _apply_stuns(g, cb, _strikes(g, strikers, values, total, d, targets))
    cb.stage = "strike"
    return False


def _strike_stage(g: Game, cb: Combat, frame: CombatStep) -> bool:
    if not cb.attackers or cb.defender is None:
        cb.stage = "done"
        return True
    d = g.cards[cb.defender]
    strikers = [i for i in cb.attackers if i not in cb.struck]
    targets: list[int] = []
    if d.iid not in cb.struck:
        who = _who_strikes_back(g, cb, frame, d)
        if who is None:
            return False
        targets = who
        cb.targets = list(targets)
    values = _strike_values(g, strikers, d)
    total = cb.fero_total + sum(values) if strikers else 0
    _apply_stuns(g, cb, _strikes(g, strikers, values, total, d, targets))
    cb.fero_total = total or cb.fero_total  # what the attackers struck with in all (Double Strike adds to it)
    cb.stage = "again"
    return False


def _double_strike_stage(g: Game, cb: Combat, frame: CombatStep) -> bool:
    """Double Strike: those characters strike once more, right after their first strike. A second
    strike at the character struck first adds to the first: the attackers' ATK of the whole attack and
    the Double Strike attackers' ATK once more, or the defender's ATK twice, against DEF (rulebook 002,
    on striking one character twice)."""
    if not cb.attackers or cb.defender is None or not g.kw_possible("double_strike"):
        cb.stage = "done"
        return True
    d = g.cards[cb.defender]
    strikers = [i for i in cb.attackers if g.has_keyword(g.cards[i], "double_strike")]
    targets: list[int] = []
    if g.has_keyword(d, "double_strike"):
        # the defender's second strike: at the attacker it struck (the two add up) or at another one
        who = _who_strikes_back(g, cb, frame, d, second=True)
        if who is None:
            return False
        targets = who
    cb.stage = "done"
    if not (strikers or targets):
        return True
    g.log("strike", "Double Strike: a second strike.")
    values = _strike_values(g, strikers, d)
    _apply_stuns(g, cb, _strikes(g, strikers, values, cb.fero_total + sum(values), d, targets, again=True,
                                 struck_before=set(cb.targets)))
    return False


def _strikes(g: Game, strikers: list[int], values: list[int], total: int, d: Card,
             targets: list[int], again: bool = False, struck_before: frozenset[int] | set[int] = frozenset()) -> list[tuple]:
    """Compare strikes (``values``: what each striker strikes ``d`` for) and return what gets
    stunned (applied together afterwards). ``again``: Double Strike's second strikes, each added to
    the first at the same character (``total`` holds the attack's first strike too; the defender's
    strike back at an attacker in ``struck_before`` counts twice)."""
    out = []
    dfn = stats.defense(g, d)
    # a character needs at least 1 ATK to strike: one with less (or one that can't strike the
    # defender) takes no part in the strike, so it neither stuns nor gets the credit for stunning
    hitters = [s for s, v in zip(strikers, values, strict=True) if v >= 1]
    if hitters and total >= 1:
        for s in hitters:
            g.emit("strikes", s, {"victim": d.iid})
        verdict = "stunned" if total >= dfn else "not enough"
        if total >= dfn:
            out.append((d.iid, hitters))
        g.log("strike", f"{_names(g, hitters)} strike{'s' if len(hitters) == 1 else ''} {g.name(d.iid)} "
                        f"{'again, for ' if again else 'for '}{total}{' in all' if again else ''} against DEF "
                        f"{dfn}: {verdict}.", None, {"cards": (*hitters, d.iid)})
    for tid in targets:
        t = g.cards[tid]
        twice = again and tid in struck_before  # a second strike at the same character adds to the first
        v = strike_value(g, d, t) * (2 if twice else 1)
        tdef = stats.defense(g, t)
        g.emit("strikes", d.iid, {"victim": tid})
        if v >= tdef:
            out.append((tid, [d.iid]))
        g.log("strike", f"{g.name(d.iid)} strikes back at {g.name(tid)} {'again, for ' if twice else 'for '}{v}"
                        f"{' in all' if twice else ''} against DEF {tdef}: "
                        f"{'stunned' if v >= tdef else 'not enough'}.", None, {"cards": (d.iid, tid)})
    return out


def _names(g: Game, ids: list[int]) -> str:
    return " and ".join([g.name(i) for i in ids])


def _apply_stuns(g: Game, cb: Combat, stunned: list[tuple]) -> None:
    """Stun everything the strikes stunned (together), then apply Lethal.

    The strikes of a stage are simultaneous: every striker stuns its target while it is still face
    up, whether or not the same strikes stun it too. So the "when it stuns" abilities of all the
    strikers trigger first, attacker and defender alike, and only then is anyone turned face down
    (Lethal, a "when it stuns" keyword, likewise belongs to the attackers that had it when they struck)."""
    defender = cb.defender
    lethal = {s: g.kw_param(g.cards[s], "lethal") for _v, by in stunned for s in by
              if s in cb.attackers and g.has_keyword(g.cards[s], "lethal")} if g.kw_possible("lethal") else {}
    stunned = [(victim, by) for victim, by in stunned if g.cards[victim].zone == "play" and g.cards[victim].face_up]
    if R.possible(g):  # can't be stunned: nobody stunned it, so nothing triggers
        for victim, _by in stunned:
            src = R.why(g, g.cards[victim], "be_stunned")
            if src:
                g.log("stun", f"{g.name(victim)} can't be stunned ({src}).")
        stunned = [(v, by) for v, by in stunned if not R.why(g, g.cards[v], "be_stunned")]
    for victim, by in stunned:
        was_main = g.cards[victim].is_main
        for s in by:
            g.emit("stuns", s, {"victim": victim})
            if was_main:
                g.emit("stuns_main", s, {"victim": victim})
    for victim, by in stunned:
        v = g.cards[victim]
        if v.zone != "play" or not v.face_up:
            continue
        was_main = v.is_main
        wounds_before = v.wounds
        zones.stun(g, v)
        for s in by:
            R.tally(g, "stuns", s)
        if victim == defender and not was_main and v.zone == "play":
            for s in by:
                mode = lethal.get(s)
                if mode == "stuns" or (mode == "wounds" and v.wounds > wounds_before):
                    g.log("lethal", f"Lethal: {g.name(s)} KOs {g.name(victim)}.")
                    zones.ko(g, v, just_stunned=True)  # (the KO of the same strike's stun: it looks back)
                    break
        if v.zone != "play":  # the stun's wound (or Lethal) KO'd it
            for s in by:
                R.tally(g, "kos", s)
                if R.hears(g, "kos"):
                    g.emit("kos", s, {"victim": victim})


def finish(g: Game, survived: bool) -> None:
    """End the combat: survivors are told, 'this combat' modifiers expire."""
    cb = g.combat
    if cb is None:
        return
    if survived and cb.survivors_ok:
        for i in [*cb.attackers, cb.defender]:
            if i is not None and g.cards[i].zone == "play" and g.cards[i].face_up:
                g.emit("survives", i)
        if R.hears(g, "wins_combat"):
            # a survivor wins when every enemy in the combat was stunned (or left it)
            winners = cb.attackers if cb.defender is None else ([cb.defender] if not cb.attackers else [])
            for i in winners:
                if g.cards[i].zone == "play" and g.cards[i].face_up:
                    g.emit("wins_combat", i)
    g.combat = None
    for c in list(g.characters()):
        if c.mods:
            for m in [m for m in c.mods if m["k"] == "control" and m.get("until") == "combat"]:
                zones.end_control(g, c, m)  # (a control effect ends: the character goes back)
            c.mods = [m for m in c.mods if m.get("until") != "combat"]
    g.dirty = True


def cancel(g: Game) -> None:
    cb = g.combat
    if cb is None:
        return
    cb.survivors_ok = False
    g.stack = [f for f in g.stack if not isinstance(f, CombatStep)]
    finish(g, survived=False)
