"""What one player may see: the JSON view handed to a UI or an AI.

A view never holds another player's hand, any deck's order, or another
player's face-down resources. Stunned characters and KO piles are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.capeclash import stats
from engine.cardlang.phrases import DURATION

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card, Modifier
    from engine.core.actions import Action


def card_face(g: Game, c: Card) -> dict:
    """A visible card's face. Faces never change, so they are built once and shared (read-only)."""
    key = (c.iid, c.cid)
    face = g.face_cache.get(key)
    if face is None:
        d = g.defs[c.cid]
        face = {"iid": c.iid, "cid": c.cid, "name": d.name, "type": d.type}
        if d.cost is not None:
            face["cost"] = d.cost
        if g.caches.enabled:
            g.face_cache[key] = face
    return face


_MAX_KEPT = 5_000  # character entries kept per game and its copies (a few MB at most)


def character(g: Game, c: Card) -> dict:
    """A character's entry in the views. One that nothing outside its own card can change (no
    modifier, equipment, continuous ability or Mimic/Grows) is a function of its own fields, the
    combat and its controller: its entry is kept with the faces and shared by every state it
    reappears in (read-only, like the rest of a view)."""
    d = g.defs[c.cid]
    # anything that can give or take keywords (mods, equipment, statics, Mimic): else the printed ones
    changed = bool(c.mods) or c.gear is not None or g.statics_grant or "mimic" in d.keywords
    if changed or not g.caches.enabled or "grows" in d.keywords or g.static_sources():
        return _character(g, c, d, changed)
    cb = g.combat
    key = ("char", c.iid, c.cid, c.owner, c.side, c.row, c.face_up, c.exhausted, c.plus, c.minus, c.wounds,
           c.vitality, c.frozen, c.token, c.is_main, cb is not None and cb.involves(c.iid), g.controller(c))
    cache = g.face_cache
    out = cache.get(key)
    if out is None:
        out = _character(g, c, d, False)
        if len(cache) < _MAX_KEPT:
            cache[key] = out
    return out


def _character(g: Game, c: Card, d, changed: bool) -> dict:
    atk, dfn = stats.stats(g, c)
    out = {
        "iid": c.iid, "cid": c.cid, "name": d.name, "owner": c.owner, "controller": g.controller(c),
        "side": c.side, "row": c.row,
        "atk": max(0, atk), "def": dfn, "printed_atk": d.atk, "printed_def": d.defense,
        "health": stats.health(g, c), "wounds": c.wounds, "plus": c.plus, "minus": c.minus,
        "vitality": c.vitality, "stunned": not c.face_up, "exhausted": c.exhausted, "frozen": bool(c.frozen),
        # frozen for the turn now being played (it can't ready in it), not only for its next one
        "frozen_now": c.frozen == 2,
        "main": c.is_main, "teams": list(d.teams),
        "keywords": sorted(g.keywords_of(c)) if changed else _printed_keywords(d, c),
        "in_combat": g.combat is not None and g.combat.involves(c.iid),
        "token": c.token,
        "equipment": {**card_face(g, g.cards[c.gear]), "owner": g.cards[c.gear].owner} if c.gear is not None else None,
    }
    if d.level:
        out["level"] = d.level
    ctl = next((m for m in c.mods if m["k"] == "control"), None) if c.mods else None
    if ctl is not None and ctl.get("side") is not None:
        # borrowed for a while (public: the effect that took it said how long): the side it goes back
        # to and when, in data and in words
        out["control"] = {"from": ctl["side"], "until": ctl["until"], "turn": ctl["turn"],
                          **({"by": ctl["by"]} if "by" in ctl else {}),
                          "text": f"goes back to {g.side_name(cast(int, ctl['side']))}'s side {_control_ends(g, ctl)}"}
    if c.face_up and changed:
        _gained(g, c, d, out)
    return out


def _control_ends(g: Game, m: Modifier) -> str:
    """When a borrowed character goes back, in words ("at the end of this turn")."""
    until = m.get("until")
    if until == "your_next_turn" and "by" in m:
        return f"at the end of {g.side_name(m['by'])}'s next turn"
    return {"turn": "at the end of this turn", "next_turn": "at the end of next turn",
            "your_next_turn": "at the end of next turn", "combat": "after this combat"}.get(str(until), "when the effect ends")


def _printed_keywords(d, c: Card) -> list[str]:
    """The keywords of a character that nothing can change (no modifier, equipment, keyword-granting
    continuous ability or Mimic): its printed ones, or only Swarm while it is stunned, as
    ``keywords.has_keyword`` rules (``tests/test_view_granted.py`` compares the two)."""
    if c.face_up or c.zone != "play":
        return sorted(d.keywords)
    return ["swarm"] if "swarm" in d.keywords else []


# ------------------------------------------------------------------ what a character gained or lost
# (issue 18): the keywords it has beyond its printed ones, where each came from and for how long,
# the triggered abilities it was granted (their rules text, rendered from the card data) and the
# printed keywords it lost. All of it is public: every source is a card in play or an ability played.

def duration_words(g: Game, m: Modifier) -> str | None:
    """How long a modifier lasts, in words for every viewer ("this turn", "until the end of Ana's
    next turn"); None for one without an end of its own."""
    until = m.get("until")
    if until == "your_next_turn":
        return f"until the end of {g.side_name(m['by'])}'s next turn" if "by" in m else "until the end of next turn"
    if until == "source_leaves":
        return f"while {g.name(m['source'])} stays face up in play" if "source" in m else None
    if until in ("combat", "turn", "next_turn"):
        return DURATION[until].strip()
    return None


def _granted_text(g: Game, m: Modifier) -> str:
    """The rules text of a triggered ability a ``grant_trigger`` modifier gives (cached per ability)."""
    key = ("granted", tuple(m["ref"]))
    text = g.face_cache.get(key)
    if text is None:
        from engine.capeclash.triggers import granted_trigger
        from engine.cardlang.text import trigger_line
        t = granted_trigger(g, m)
        text = trigger_line(t.on, t.cond, t.effect, t.optional, g.defs)
        if g.caches.enabled:
            g.face_cache[key] = text
    return text


def _gained(g: Game, c: Card, d, out: dict) -> None:
    """Add ``gained`` (keywords beyond the printed ones: ``{keyword, until, from}``), ``abilities``
    (granted triggered abilities: ``{text, until, from}``) and ``lost_keywords`` to a face-up
    character's entry, each only when there is one."""
    have = set(out["keywords"])
    extra = have - set(d.keywords)
    gained: list[dict] = []
    abilities: list[dict] = []
    for m in c.mods:  # (abilities stay when keywords and super powers are lost: triggers.triggers_of)
        if m["k"] == "grant" and m["kw"] in extra:
            gained.append({"keyword": m["kw"], "until": duration_words(g, m), "from": m["src"]})
        elif m["k"] == "trig" and g.defs.grants:
            abilities.append({"text": _granted_text(g, m), "until": duration_words(g, m), "from": m["src"]})
    if extra:
        named = {e["keyword"] for e in gained}
        if c.gear is not None:
            ed = g.defs[g.cards[c.gear].cid]
            for kw in sorted(extra & set(ed.keywords) - named):
                gained.append({"keyword": kw, "until": None, "from": ed.name})
                named.add(kw)
        if extra - named and g.static_sources():
            for _ts, st, src in g.statics_on(c):
                for kw in sorted(extra.intersection(st.get("grant", ())) - named):
                    gained.append({"keyword": kw, "until": None, "from": g.name(src.iid)})
                    named.add(kw)
        for kw in sorted(extra - named):  # copied from a teammate (Mimic)
            gained.append({"keyword": kw, "until": None, "from": "Mimic"})
    lost = sorted(set(d.keywords) - have)
    if gained:
        out["gained"] = gained
    if abilities:
        out["abilities"] = abilities
    if lost:
        out["lost_keywords"] = lost


def public_view(g: Game) -> dict:
    """The part of every view that all viewers share; built once per game state."""
    cached = g.view_cache
    if cached is not None:
        return cached
    players = []
    for pl in g.players:
        m = g.cards[pl.main] if pl.main is not None else None
        lvl = g.defs[m.cid] if m is not None else None
        players.append({
            "index": pl.index, "name": pl.name, "team": pl.team, "side": pl.side, "out": pl.out,
            "deck_count": len(pl.deck), "hand_count": len(pl.hand),
            "ko": [card_face(g, g.cards[i]) for i in pl.ko],
            "removed": [card_face(g, g.cards[i]) for i in pl.removed],
            "main": pl.main, "level": pl.level, "xp": pl.xp,
            "xp_needed": lvl.level_up.xp if lvl is not None and lvl.level_up else None,
            "levels": [{"cid": cid, "name": g.defs[cid].name, "level": g.defs[cid].level} for cid in pl.levels],
            "recruit_points": pl.recruit, "deck_name": pl.deck_name,
        })
    sides = []
    for s in g.sides:
        chars = [character(g, c) for c in g.characters(s)]
        sides.append({"side": s, "players": g.players_of(s),
                      "front": [c for c in chars if c["row"] == "front"],
                      "back": [c for c in chars if c["row"] == "back"],
                      "machines": [{**card_face(g, g.cards[i]), "row": g.cards[i].row, "owner": g.cards[i].owner}
                                   for i in g.machines if g.cards[i].side == s]})
    cb = g.combat
    combat = None
    if cb is not None:
        combat = {"attackers": list(cb.attackers), "defender": cb.defender, "player": cb.player,
                  "ranged": cb.ranged, "flew_over": cb.over, "priority": cb.priority, "stage": cb.stage,
                  "preview": combat_preview(g)}
    public = {
        "mode": g.mode, "turn": g.turn, "active_side": g.active, "phase": g.phase,
        "step_player": g.step_player, "players": players, "sides": sides, "declaring": list(g.declaring),
        "combat": combat, "result": g.result,
        # the out-of-cards ending's count (public: everyone saw who attacked)
        "quiet_turns": g.quiet_turns, "attacked_this_turn": g.attacked_this_turn,
    }
    if g.caches.enabled:
        g.view_cache = public
    return public


def combat_preview(g: Game) -> dict | None:
    """What the strikes would do if the combat resolved now (public information only).

    ``strikes``: the attackers' strike on the defender, then the defender's strike back at each
    attacker it may strike (``choose``: it strikes only one of them, chosen when combat resolves).
    Each strike has its ATK against the victim's DEF and whether it stuns. Ferocious and Double
    Strike change the order and count of strikes; they are named in ``notes``, and a Double Strike's
    second strike, where the first does not stun, comes last (``again``: its ATK is both strikes')."""
    from engine.capeclash import combat as C
    cb = g.combat
    if cb is None or cb.defender is None or not cb.attackers or cb.stage not in ("window", "ferocious"):
        return None
    d = g.cards[cb.defender]
    values = [C.strike_value(g, g.cards[i], d) for i in cb.attackers]
    total = sum(values)
    dfn = stats.defense(g, d)
    strikes = [{"by": list(cb.attackers), "at": d.iid, "atk": total, "def": dfn, "stuns": total >= 1 and total >= dfn}]
    back = []
    if C.can_strike_back(g, cb, d):
        for t in C.strike_back_candidates(g, cb, d):
            tc = g.cards[t]
            v = C.strike_value(g, d, tc)
            tdef = stats.defense(g, tc)
            back.append({"by": [d.iid], "at": t, "atk": v, "def": tdef, "stuns": v >= 1 and v >= tdef})
    # Double Strike: a second strike at the same character, added to the first (listed last, as "again")
    again: list[dict] = []
    if g.kw_possible("double_strike"):
        twice = [i for i, v in zip(cb.attackers, values, strict=True) if v >= 1
                 and g.has_keyword(g.cards[i], "double_strike")]
        if twice and not strikes[0]["stuns"]:
            more = total + sum(v for i, v in zip(cb.attackers, values, strict=True) if i in twice)
            again.append({"by": twice, "at": d.iid, "atk": more, "def": dfn, "stuns": more >= dfn, "again": True})
        if g.has_keyword(d, "double_strike"):
            for b in back:
                v, tdef = cast(int, b["atk"]), cast(int, b["def"])
                if not b["stuns"]:
                    again.append({**b, "atk": 2 * v, "stuns": v >= 1 and 2 * v >= tdef, "again": True})
    notes = []
    if back and len(back) > 1 and not C._monstrous(g, cb, d):
        notes.append(f"{g.name(d.iid)} strikes back at one of them")
    for kw, text in (("ferocious", "strikes first (Ferocious)"),
                     ("double_strike", "strikes twice (Double Strike): at the same character, the two add up")):
        for i in [*cb.attackers, d.iid]:
            if g.kw_possible(kw) and g.has_keyword(g.cards[i], kw):
                notes.append(f"{g.name(i)} {text}")
    if cb.ranged and not back:
        notes.append("a ranged attack: no strike back")
    return {"strikes": strikes + back + again, "choose": len(back) > 1 and not C._monstrous(g, cb, d), "notes": notes}


def build_view(g: Game, viewer: int | None) -> dict:
    """A viewer's view: the shared public part plus what only this viewer may see.

    Parts shared between viewers are not copied: treat a view as read-only.
    """
    pub = public_view(g)
    rows = pub.setdefault("_resources", {})
    players = []
    for entry, pl in zip(pub["players"], g.players, strict=True):
        mine = viewer == pl.index
        entry = dict(entry)
        key = (pl.index, mine)
        if key not in rows:  # each resource row is built twice per state: for its owner, for everyone else
            rows[key] = [_resource(g, g.cards[i], mine) for i in pl.resources]
        entry["resources"] = rows[key]
        if mine:
            entry["hand"] = [card_face(g, g.cards[i]) for i in pl.hand]
        if pl.piles:
            entry["piles"] = {name: ({"count": len(ids), "hidden": True} if name in pl.hidden_piles and not mine
                                     else {"count": len(ids), "hidden": name in pl.hidden_piles,
                                           "cards": [card_face(g, g.cards[i]) for i in sorted(ids)]})
                              for name, ids in pl.piles.items()}
        players.append(entry)
    d = g.decision
    decision: dict[str, object] | None = None
    if d is not None:
        decision = {"type": d["type"], "players": list(d["players"])}
        if "prompt" in d:
            decision["prompt"] = d["prompt"]
        if viewer is not None and viewer in d["players"]:
            for k in ("options", "optional", "names"):
                if k in d:
                    decision[k] = d[k]
    out = {k: v for k, v in pub.items() if k != "_resources"}
    out.update(viewer=viewer, players=players, decision=decision,
               log=[e.for_viewer(viewer) for e in g.events[-40:]])
    return out


def _resource(g: Game, c: Card, mine: bool) -> dict:
    if c.face_up:
        return {**card_face(g, c), "face_up": True}
    if mine:
        return {**card_face(g, c), "face_up": False}
    return {"hidden": True, "face_up": False}


def describe_action(g: Game, a: Action, hidden: frozenset[int] | set[int] = frozenset()) -> str:
    """A plain-language label for an action. ``hidden``: cards to call "a card" instead of naming
    them (those hidden from whoever reads the label: a replay's spectator reading a past move)."""
    t = a.type

    def nm(k: str) -> str:
        return "a card" if a[k] in hidden else g.name(a[k])
    if t == "choose_first":
        return f"{' and '.join(g.players[p].name for p in g.players_of(a['side']))} goes first"
    if t == "place_main":
        return f"Place your main character in the {a['row']} row"
    if t == "keep":
        return "Keep this hand"
    if t == "mulligan":
        return "Mulligan (shuffle your hand in and draw 7)"
    if t == "resource":
        return f"Put {nm('card')} into your resources {'face up' if a['face_up'] else 'face down'}"
    if t == "recruit":
        d = g.defs[g.cards[a["card"]].cid]
        return f"Recruit {d.name} (cost {d.cost}, {d.atk}/{d.defense}) into the {a['row']} row"
    if t == "recruit_ally":
        d = g.defs[g.cards[a["card"]].cid]
        return f"Recruit {d.name} (cost {d.cost}) into {g.players[a['ally']].name}'s {a['row']} row"
    if t == "equip":
        d = g.defs[g.cards[a["card"]].cid]
        return f"Equip {nm('target')} with {d.name} (cost {d.cost})"
    if t == "move":
        return f"Move {nm('card')} to the {a['row']} row"
    if t == "end_step":
        dec = g.decision
        return {"resource": "Play no resource", "recruit": "Done recruiting",
                "formation": "Done arranging"}.get(dec["type"], "Done") if dec else "Done"
    if t == "attack":
        return f"Attack with {nm('card')}"
    if t == "add_attacker":
        return f"Add {nm('card')} to the team attack"
    if t == "target" and g.cards[a["card"]].zone == "machine":
        return f"Attack the machine {nm('card')} (it is KO'd at once)"
    if t == "target":
        c = g.cards[a["card"]]
        return f"Attack {nm('card')} ({g.players[g.controller(c)].name}'s {c.row} row)"
    if t == "cancel_attack":
        return "Take back the attack"
    if t == "plot":
        return f"Play plot twist {nm('card')}"
    if t == "power":
        from engine.capeclash.powers import powers_of
        pw = powers_of(g, g.cards[a["card"]])[a["power"]][2]
        return f"Use {nm('card')}'s {pw.name} (cost {', '.join(pw.cost)})"
    if t == "power_up":
        return f"Power up {nm('card')} by discarding {nm('discard')}"
    if t == "pass":
        return "Pass"
    if t == "end_turn":
        return "End your turn"
    if t == "pay":
        c = g.cards[a["source"]]
        how = "turn face down" if c.zone == "resource" else "discard from hand"
        return f"Pay with {nm('source')} ({how})"
    if t in ("choose", "strike_back"):
        return f"{'Strike back at' if t == 'strike_back' else 'Choose'} {nm('card')}"
    if t == "choose_player":
        return f"Choose {g.players[a['who']].name}"
    if t == "pick":
        dec = g.decision
        no_options = ["?"] * (a["option"] + 1)
        return f"Choose {(dec.get('options', no_options) if dec else no_options)[a['option']]}"
    if t == "choose_row":
        return f"Choose {g.side_name(a['side'])}'s {a['row']} row"
    if t == "shift":
        return f"Move {nm('card')} to its other row (Mobile)"
    if t == "yes":
        return "Yes"
    if t == "no":
        return "No"
    if t == "order":
        return f"Resolve first: {g.pending[a['trigger']].label}"
    return str(a)
