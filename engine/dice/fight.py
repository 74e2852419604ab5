"""Attacks: choosing a target, interception, battle cards, the roll-off and what a hit does.

An attack is a list of fights (one for a single target, one per enemy for an area attack).
Each fight has its own window for battle cards (attacker's side first, then alternating until
both pass), then both sides roll a die: Force + bonuses + roll against Force + bonuses + roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dice import rules

if TYPE_CHECKING:
    from engine.dice.game import DiceGame


def attacks_allowed(g: DiceGame, i: int) -> int:
    return 1 + ("extra_attack" in rules.abilities(g, i))


def turret_host(g: DiceGame, u: int) -> int:
    """The hero carrying a turret upgrade (upgrade -> aid -> hero)."""
    return g.cards[g.cards[u]["on"]]["on"]


def attack_sources(g: DiceGame, p: int) -> list[int]:
    """Characters (and turret upgrades) of ``p`` that may start an attack now."""
    if g.players[p]["turns"] < 2:
        return []
    out = []
    for i in g.team(p):
        c = g.cards[i]
        if c["dly"]:
            continue
        if c["used"] < attacks_allowed(g, i) and enemies(g, p, "psychic" in rules.traits(g, i)):
            out.append(i)
        for a in rules.attached_all(g, i):
            # the turret's shot is one of its hero's attacks: none from a hero that changed sides this turn
            if g.card(a).turret and not g.cards[a].get("tur") and c["used"] < 99 \
                    and enemies(g, p, "psychic" in rules.traits(g, i)):
                out.append(a)
    return out


def enemies(g: DiceGame, p: int, psychic: bool) -> list[int]:
    """Characters of ``p``'s opponent that can be attacked: not delayed, not immune."""
    return [e for e in g.team(g.other(p)) if not g.cards[e]["dly"]
            and not (psychic and rules.immune_to(g, e, "psychic"))]


def targets(g: DiceGame, atk: dict) -> list[int]:
    """Legal targets of a single-target attack: a Secluded hero only when nobody else can be."""
    es = enemies(g, atk["p"], atk["psy"])
    open_ = [e for e in es if not rules.has_flag(g, e, "secluded")]
    return open_ or es


def secluded_last(g: DiceGame, es: list[int]) -> list[int]:
    """The order in which an area attack takes on ``es``: Secluded heroes ("always attacked last")
    after everyone else, otherwise in table order."""
    return [e for e in es if not rules.has_flag(g, e, "secluded")] + \
        [e for e in es if rules.has_flag(g, e, "secluded")]


def start(g: DiceGame, p: int, src: int) -> None:
    """``attack card=X``: X is a character, or a turret upgrade (a Force 3 damage attack)."""
    turret = g.cards[src]["z"] == "att"
    hero = turret_host(g, src) if turret else src
    ab = rules.abilities(g, hero)
    kind = "damage" if turret else "control" if "control" in ab else "immobilize" if "immobilize" in ab \
        else "damage"
    atk = {"p": p, "atk": hero, "src": src, "turret": turret, "kind": kind, "area": not turret and "area" in ab,
           "psy": "psychic" in rules.traits(g, hero), "def": None, "queue": [], "bonus": [0, 0], "single": 0, "neg": False,
           "prio": p, "passes": 0, "stage": "target"}
    g.attack = atk
    what = {"damage": "a damage attack", "immobilize": "an immobilizing attack", "control": "a control attack"}[kind]
    if turret:
        g.log("attack", f"{g.name(hero)} fires {g.name(src)}: a damage attack of Force 3.")
    if atk["area"]:
        _use(g, atk)
        atk["queue"] = secluded_last(g, enemies(g, p, atk["psy"]))
        g.log("attack", f"{g.name(hero)} makes an area attack ({what.split(' ', 1)[1]}) against every enemy: "
                        f"{', '.join(g.name(e) for e in atk['queue'])}.", cards=[hero, *atk["queue"]])
        atk["stage"] = "next"
        return
    g.ask("target", p, options=targets(g, atk), attacker=hero)


def _attack(g: DiceGame) -> dict:
    """The attack under way (what the functions below run during)."""
    atk = g.attack
    if atk is None:
        raise AssertionError("no attack is under way")
    return atk


def _use(g: DiceGame, atk: dict) -> None:
    if atk["turret"]:
        g.cards[atk["src"]]["tur"] = True
    else:
        g.cards[atk["atk"]]["used"] += 1


def set_target(g: DiceGame, t: int) -> None:
    atk = _attack(g)
    _use(g, atk)
    atk["def"] = t
    hero = atk["atk"]
    g.log("attack", f"{g.name(hero)} attacks {g.name(t)}.", cards=[hero, t])
    q = g.other(atk["p"])
    if "unstoppable" in rules.abilities(g, hero):
        g.log("attack", f"{g.name(hero)} cannot be intercepted.")
    else:
        opts = interceptors(g, atk)
        if opts:
            atk["stage"] = "intercept"
            g.ask("intercept", q, options=opts, target=t)
            return
    _open_window(atk)


def interceptors(g: DiceGame, atk: dict) -> list[int]:
    return [i for i in g.team(g.other(atk["p"])) if i != atk["def"] and not g.cards[i]["dly"]
            and not g.cards[i]["icp"] and not (atk["psy"] and rules.immune_to(g, i, "psychic"))]


def intercept(g: DiceGame, i: int | None) -> None:
    atk = _attack(g)
    if i is not None:
        g.cards[i]["icp"] = True
        g.log("intercept", f"{g.name(i)} intercepts the attack on {g.name(atk['def'])}.")
        atk["def"] = i
    _open_window(atk)


def _open_window(atk: dict) -> None:
    atk.update(stage="battle", prio=atk["p"], passes=0, bonus=[0, 0], single=0, neg=False)


def cancel(g: DiceGame) -> None:
    g.log("attack", f"{g.name(_attack(g)['atk'])} holds back.")
    g.attack = None


def fighter(g: DiceGame, q: int) -> int:
    atk = _attack(g)
    return atk["atk"] if q == atk["p"] else atk["def"]


def battle_cards(g: DiceGame, q: int) -> list[int]:
    """Battle cards in ``q``'s hand that ``q``'s fighter may use in this fight now."""
    atk = _attack(g)
    me = fighter(g, q)
    attacking = q == atk["p"]
    out = []
    for c in g.players[q]["ahand"]:
        d = g.card(c)
        if d.type != "battle" or d.remove_delay or not rules.can_use(g, me, d.users):
            continue
        if attacking:
            ok = ((d.attacker_force and not (d.single_target and atk["area"])) or d.bonus
                  or (d.attack_type == "area" and not atk["area"])
                  or (d.attack_type in ("immobilize", "control") and atk["kind"] != d.attack_type)
                  or (d.leader_for_phase and me not in g.phase_leaders))
        else:
            ok = (d.defender_force or d.bonus or (d.negate and not atk["neg"])
                  or (d.leader_for_phase and me not in g.phase_leaders))
        if ok:
            out.append(c)
    return out


def may_play_battle_cards(g: DiceGame, q: int) -> bool:
    """Whether ``q`` is asked for battle cards in this window. Decided from what everyone sees (the
    size of ``q``'s action hand, and whether the fighter is a minion that can use no battle card),
    never from which cards the hand holds: asking only a player who holds a usable card would tell
    the other player so. With nothing usable, 'pass' is the only answer."""
    if not g.players[q]["ahand"]:
        return False
    me = fighter(g, q)
    return g.card(me).type != "minion" or "versatile" in rules.abilities(g, me)


def play_battle(g: DiceGame, q: int, c: int) -> None:
    atk = _attack(g)
    d = g.card(c)
    me = fighter(g, q)
    side = 0 if q == atk["p"] else 1
    g.players[q]["ahand"].remove(c)  # used now, discarded once its effect is over (below)
    said = []
    n = (d.attacker_force if side == 0 else d.defender_force) + d.bonus
    if n:
        atk["bonus"][side] += n
        said.append(f"Force +{n} for this roll")
        if side == 0 and d.single_target:  # Blasts and the like: only while the attack has one target
            atk["single"] = atk.get("single", 0) + n
    if side == 0 and d.attack_type == "area":
        atk["area"] = True
        lost = atk.get("single", 0)
        if lost:
            atk["bonus"][0] -= lost
            atk["single"] = 0
            said.append(f"the +{lost} from non-area cards already played no longer counts")
        atk["queue"] = secluded_last(g, atk["queue"] + [e for e in enemies(g, atk["p"], atk["psy"])
                                                        if e != atk["def"] and e not in atk["queue"]])
        said.append("the attack now hits every enemy")
    elif side == 0 and d.attack_type:
        atk["kind"] = d.attack_type
        said.append("the attack now " + ("immobilizes" if d.attack_type == "immobilize" else "takes control"))
    if side == 1 and d.negate:
        atk["neg"] = True
        said.append("the attack on it is cancelled")
    if d.leader_for_phase:
        g.phase_leaders.append(me)
        said.append("it is a Leader for the rest of the phase")
    g.log("battle", f"{g.players[q]['name']} plays {d.name} for {g.name(me)}: {'; '.join(said)}.")
    if d.draw_action:
        # seed 004: "Action cards are immediately discarded after being used" - after: a draw that
        # empties the deck reshuffles the discards without the card being used, so it cannot draw itself
        g.draw(q, "action", d.draw_action)
    g.cards[c] = {"n": d.name, "z": "adisc", "o": None}
    g.adisc.append(c)
    atk["passes"] = 0
    atk["prio"] = g.other(q)


def pass_window(g: DiceGame, q: int) -> None:
    atk = _attack(g)
    atk["passes"] += 1
    atk["prio"] = g.other(q)


def proceed(g: DiceGame) -> None:
    """Run the attack on until someone must decide or it is over."""
    while g.attack is not None and g.result is None:
        atk = g.attack
        if atk["stage"] == "next":
            nxt = None
            while atk["queue"]:
                e = atk["queue"].pop(0)
                if g.cards[e]["z"] == "play" and g.cards[e]["o"] != atk["p"] and not g.cards[e]["dly"]:
                    nxt = e
                    break
            if nxt is None or g.cards[atk["atk"]]["z"] != "play":
                g.attack = None
                return
            atk["def"] = nxt
            _open_window(atk)
            continue
        if atk["stage"] != "battle":
            return
        if atk["passes"] >= 2:
            resolve(g)
            g._settle()
            if g.attack is not None:
                g.attack["stage"] = "next" if g.attack["area"] else "done"
                if g.attack["stage"] == "done":
                    g.attack = None
            continue
        q = atk["prio"]
        if may_play_battle_cards(g, q):
            g.ask("battle", q, options=battle_cards(g, q), fighter=fighter(g, q))  # maybe only 'pass'
            return
        atk["passes"] += 1
        atk["prio"] = g.other(q)


def resolve(g: DiceGame) -> None:
    """Roll off and apply the result of one fight."""
    atk = _attack(g)
    a, d = atk["atk"], atk["def"]
    if g.cards[a]["z"] != "play" or g.cards[d]["z"] != "play" or g.cards[d]["o"] == atk["p"]:
        return
    if atk["neg"]:
        g.log("fight", f"The attack on {g.name(d)} is cancelled: no roll.")
        return
    a_parts, d_parts = [], []
    if atk["turret"]:
        af = 3
        a_parts.append("Force 3 (turret)")
    else:
        af = rules.force(g, a)
        a_parts.append(f"Force {af}")
        if "damager" in rules.abilities(g, a):
            af += 3
            a_parts.append("+3 Damager")
    df = rules.force(g, d)
    d_parts.append(f"Force {df}")
    if "defender" in rules.abilities(g, d):
        df += 3
        d_parts.append("+3 Defender")
    for parts, n in ((a_parts, atk["bonus"][0]), (d_parts, atk["bonus"][1])):
        if n:
            parts.append(f"+{n} battle cards")
    ra = g.roll("attack")
    rd = g.roll("defence")
    ta, td = af + atk["bonus"][0] + ra, df + atk["bonus"][1] + rd
    g.log("roll", f"{g.name(a)}: {' '.join(a_parts)}, rolls {ra}: {ta}. {g.name(d)}: {' '.join(d_parts)}, "
                  f"rolls {rd}: {td}.", dice=[ra, rd], cards=[a, d],
          roll={"attacker": a, "defender": d, "attack_force": ta - ra, "attack_die": ra, "attack_total": ta,
                "defence_force": td - rd, "defence_die": rd, "defence_total": td, "hit": ta > td,
                "attack_parts": a_parts, "defence_parts": d_parts})
    if ta <= td:
        g.log("miss", f"The attack on {g.name(d)} fails ({ta} against {td}).")
        return
    if "dodger" in rules.abilities(g, d):
        r = g.roll("dodge")
        if r >= 4:
            g.log("dodge", f"{g.name(d)} is a Dodger and rolls {r}: the attack has no effect.", dice=[r])
            return
        g.log("dodge", f"{g.name(d)} is a Dodger but rolls only {r}.", dice=[r])
    q = g.cards[d]["o"]
    kind = atk["kind"]
    if kind == "damage":
        n = ta - td
        g.cards[d]["dmg"] += n
        g.log("damage", f"Hit by {ta - td}: {g.name(d)} takes {n} damage (now {g.cards[d]['dmg']}, "
                        f"Force {rules.force(g, d)}).", cards=[d])
    elif kind == "immobilize":
        n = g.roll("delay")
        g.cards[d]["dly"] += n
        g.log("delay", f"Hit: {g.name(d)} is immobilized and rolls {n} for delay tokens "
                       f"(now {g.cards[d]['dly']}).", dice=[n])
    else:
        take_control(g, a, d)
    if not atk["turret"] and "shock" in rules.abilities(g, a):
        hand = g.players[q]["ahand"]
        if hand:
            c = hand[g.rng.below(len(hand))]
            hand.remove(c)
            g.cards[c] = {"n": g.name(c), "z": "adisc", "o": None}
            g.adisc.append(c)
            g.log("shock", f"Shock: {g.players[q]['name']} discards a random action card, {g.name(c)}.")
        else:
            g.log("shock", f"Shock: {g.players[q]['name']} has no action card to discard.")


def take_control(g: DiceGame, a: int, d: int) -> None:
    p = g.cards[a]["o"]
    c = g.cards[d]
    if g.card(d).type == "minion" and g.players[p]["side"] == "good":
        g.log("control", f"Hit: the good guys take control of {g.name(d)}, and a minion under good control "
                         f"is destroyed.")
        g.discard_character(d)
        return
    if c.get("by") is not None and c["from"] == p:
        g.log("control", f"Hit: {g.name(d)} is freed and returns to {g.players[p]['name']}'s team.")
        c.update(o=p, by=None)
        c["from"] = None
    else:
        g.log("control", f"Hit: {g.name(a)} takes control of {g.name(d)}, which joins "
                         f"{g.players[p]['name']}'s team until {g.name(a)} is delayed or discarded.")
        c.update(o=p, by=a)
        c["from"] = g.other(p)
    c["used"] = 99
    g.play.remove(d)
    g.play.append(d)


def describe_attack(g: DiceGame) -> dict | None:
    """The attack under way, for views (all public)."""
    atk = g.attack
    if atk is None:
        return None
    return {"attacker": atk["atk"], "source": atk["src"], "player": atk["p"], "kind": atk["kind"],
            "area": atk["area"], "defender": atk["def"], "queue": list(atk["queue"]),
            "bonus": list(atk["bonus"]), "negated": atk["neg"], "turret": atk["turret"]}

