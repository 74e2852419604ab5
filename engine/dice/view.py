"""What one player may see of a dice game (JSON), and plain-language labels for actions.

A view holds the viewer's own hands, only the sizes of the opponent's hands and of both decks,
the public discard piles and everything in play. Log lines are the viewer's own versions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dice import fight, rules
from engine.dice.cards import ABILITIES, TRAITS, TYPE_NAMES
from engine.dice.text import card_text

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.dice.game import DiceGame


def face(g: DiceGame, i: int) -> dict:
    """A card's face. Faces never change, so each is built once per pool and shared (read-only)."""
    faces = g.pool.faces
    key = (i, g.cards[i]["n"])
    f = faces.get(key)
    if f is None:
        d = g.card(i)
        f = faces[key] = {"id": i, "name": d.name, "type": d.type, "type_name": TYPE_NAMES[d.type],
                          "text": card_text(d)}
    return f


def character(g: DiceGame, i: int, forces: dict[int, int]) -> dict:
    c = g.cards[i]
    d = g.card(i)
    _, tr, ab = rules.profile(g, i)
    att = rules.attached_all(g, i)
    aids = []
    for a in c["att"]:
        aids.append({**face(g, a), "force": g.card(a).force, "raw": dict(g.cards[a], att=list(g.cards[a]["att"])),
                     "upgrades": [{**face(g, u), "raw": dict(g.cards[u], att=[])} for u in g.cards[a]["att"]]})
    return {
        "id": i, "name": d.name, "type": d.type, "owner": c["o"], "villain": rules.is_villain(g, i),
        "force": forces[i], "printed_force": d.force, "power": d.power,
        "traits": sorted(tr), "trait_names": [TRAITS[t] for t in sorted(tr)],
        "abilities": sorted(ab), "ability_names": [ABILITIES[x] for x in sorted(ab)],
        "damage": c["dmg"], "delay": c["dly"], "delayed": bool(c["dly"]),
        "attacks_used": c["used"] if c["used"] < 99 else None, "attacks_allowed": fight.attacks_allowed(g, i),
        "intercepted": c["icp"], "new": c["rec"] == g.turn, "aid_this_turn": c["rcv"],
        "controlled_from": c["from"], "controlled_by": c["by"],
        "secluded": any(g.card(a).secluded for a in att),
        "immune": sorted({g.card(a).immune for a in att if g.card(a).immune}),
        "attached": aids, "text": face(g, i)["text"],
        "raw": dict(c, att=list(c["att"])),  # the engine's own record of it (all public), for samplers
    }


def lite_character(g: DiceGame, i: int, forces: dict[int, int]) -> dict:
    """The board facts a search needs about a character (sampled games only)."""
    c = g.cards[i]
    _, tr, ab = rules.profile(g, i)
    return {"id": i, "name": c["n"], "owner": c["o"], "force": forces[i], "damage": c["dmg"], "delay": c["dly"],
            "delayed": bool(c["dly"]), "traits": sorted(tr), "abilities": sorted(ab)}


def build_view(g: DiceGame, viewer: int | None) -> dict:
    players = []
    forces = rules.all_forces(g)
    lite = g.lite_views  # games sampled for a search: no menus, no log
    build = lite_character if lite else character
    for p, pl in enumerate(g.players):
        entry = {"index": p, "team": p, "name": pl["name"], "side": pl["side"], "turns": pl["turns"],
                 "recruit_hand_count": len(pl["rhand"]), "action_hand_count": len(pl["ahand"]),
                 "team_limit": rules.team_limit(g, p), "heroes": len(rules.heroes(g, p)),
                 "recruit_hand_limit": rules.hand_limit(g, p, "recruit"),
                 "action_hand_limit": rules.hand_limit(g, p, "action"),
                 "characters": [build(g, i, forces) for i in g.team(p)]}
        if viewer == p:
            entry["recruit_hand"] = [face(g, i) for i in pl["rhand"]]
            entry["action_hand"] = [face(g, i) for i in pl["ahand"]]
        players.append(entry)
    d = g.decision
    legal = g.legal_actions(viewer) if viewer is not None and not lite else []
    decision = None
    if d and not g.result:
        decision = {"type": d["type"], "players": list(d["players"]), "prompt": prompt(g, d)}
        if viewer in d["players"]:
            decision["detail"] = {k: v for k, v in d.items() if k not in ("type", "players")}
    return {
        "game": "dice", "title": "Derring-Dice", "viewer": viewer, "turn": g.turn, "active": g.active,
        "phase": g.phase, "players": players,
        "decks": {"recruit": len(g.rdeck), "action": len(g.adeck)},
        "discards": {"recruit": [face(g, i) for i in g.rdisc], "action": [face(g, i) for i in g.adisc]},
        "attack": fight.describe_attack(g),
        "decision": decision,
        "legal": [{"action": str(a), "json": a.to_json(), "label": describe_action(g, a)} for a in legal],
        "result": g.result,
        "log": [] if lite else g.log_lines(viewer),
        "rolls": [] if lite else last_rolls(g),
        # public bookkeeping a sampler needs to rebuild a playable game from this view
        "engine": {"play": list(g.play), "redo": g.redo, "drawn": g.tactics_drawn, "leaders": list(g.phase_leaders),
                   "attack": dict(g.attack, queue=list(g.attack["queue"]), bonus=list(g.attack["bonus"]))
                   if g.attack else None, "pending": dict(g.pending) if g.pending else None,
                   "max_turns": g.config["options"]["max_turns"],
                   "house_rule": g.config["options"].get("house_rule", "off")},
    }


def last_rolls(g: DiceGame, n: int = 6) -> list[dict]:
    """The latest die rolls (all public), newest last, for a dice tray: ``{seq, dice, text}``."""
    out = []
    for e in reversed(g.events):
        if e.data.get("dice"):
            out.append({"seq": e.seq, "dice": list(e.data["dice"]), "text": e.text})
            if len(out) == n:
                break
    return out[::-1]


def prompt(g: DiceGame, d: dict) -> str:
    t = d["type"]
    who = g.players[d["players"][0]]["name"]
    if t == "recruit":
        return f"{who}: recruit heroes" + (" and minions" if g.players[d['players'][0]]["side"] == "bad" else "") \
            + ", then end the phase."
    if t == "equip":
        return f"{who}: attach aids (one per hero this turn) and upgrades, then end the phase."
    if t == "tactics":
        return f"{who}: play events" + (" or trade plots and minions for action cards" if
                                        g.players[d['players'][0]]["side"] == "good" else "") + ", then end the phase."
    if t == "main":
        return f"{who}: attack with your characters or play events, then end the phase."
    if t == "target":
        return f"{who}: choose the target of {g.name(d['attacker'])}'s attack."
    if t == "intercept":
        return f"{who}: intercept the attack on {g.name(d['target'])} with another character, or not."
    if t == "battle":
        return f"{who}: play a battle card for {g.name(d['fighter'])}, or pass."
    if t == "event_target":
        return f"{who}: choose the target of {g.name(d['card'])}."
    if t == "discard":
        return f"{who}: discard {d['count']} card(s) from your {d['hand']} hand (limit {d['limit']})."
    return t


def describe_action(g: DiceGame, a: Action) -> str:
    """A plain-language label for an action, for menus.

    >>> from engine.dice.game import DiceGame
    >>> g = DiceGame(config={"seed": 1})
    >>> describe_action(g, g.legal_actions(0)[-1])
    'End the Recruit phase'
    """
    t = a.type
    c = a.get("card")
    n = g.name(c) if isinstance(c, int) and 0 <= c < len(g.cards) else c
    d = g.decision or {}
    if t == "end_step":
        return f"End the {({'action': 'Action'}).get(g.phase, g.phase.title())} phase"
    if t == "recruit":
        return f"Recruit {n} (Force {g.card(c).force})"
    if t == "equip":
        h = a["target"]
        return f"Attach {n} to {g.name(h)}"
    if t == "attack":
        if g.cards[c]["z"] == "att":
            return f"Fire {n} (Force 3 attack by {g.name(fight.turret_host(g, c))})"
        return f"Attack with {n}"
    if t == "target":
        return f"Attack {n}"
    if t == "cancel_attack":
        return "Cancel the attack"
    if t == "plot":
        return f"Play {n}"
    if t == "power":
        return f"Use {n}: look at the opponent's hands"
    if t == "pass":
        return "Pass (no more battle cards)"
    if t == "no":
        return "Do not intercept"
    if t == "choose":
        dt = d.get("type")
        if dt == "tactics":
            return f"Discard {n} to draw 2 action cards"
        if dt == "intercept":
            return f"Intercept with {n}"
        if dt == "discard":
            return f"Discard {n}"
        return f"Choose {n}"
    return str(a)
