"""The card language's interpreter: runs an ability's steps one at a time.

An ability resolves as a *frame* on the game's stack: a reference to its steps,
a program counter and the names bound by ``choose``. A step that needs a
player's decision sets ``g.decision`` and returns; the answer binds the name
and the frame carries on. Frames are plain JSON, so a game mid-resolution can
be saved, copied and replayed.

What each step does is its verb's ``run`` (and ``answer``) in ``engine.cardlang.verbs``; this
module runs frames and holds what every verb reads: selectors, filters, conditions, amounts.

Following the rulebook, an impossible instruction is skipped and the rest of
the effect still happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import stats
from engine.cardlang.verbs.base import VERBS

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card


def new_frame(ref: list, ctl: int, src: int | None, name: str, *, combat_only: bool = False,
              cond: dict | None = None, card: int | None = None) -> dict:
    return {"t": "effect", "ref": ref, "pc": 0, "vars": {}, "ctl": ctl, "src": src, "name": name,
            "combat_only": combat_only, "cond": cond, "card": card, "started": False}


def steps_of(g: Game, ref: list) -> tuple:
    """The step list a frame reference points at: ``[kind, card id, index, *path]``."""
    kind, cid = ref[0], ref[1]
    if kind == "kw":
        from engine.cardlang.cards import KEYWORD_TRIGGERS
        steps = KEYWORD_TRIGGERS[cid][ref[2]].effect
        for i in range(3, len(ref), 2):
            (_verb, args), = steps[ref[i]].items()
            steps = args[ref[i + 1]]
        return steps
    d = g.defs.cards[cid]
    if kind == "power":
        steps = d.powers[ref[2]].effect
        path = ref[3:]
    elif kind == "trigger":
        steps = d.triggers[ref[2]].effect
        path = ref[3:]
    elif kind == "plot":
        steps = d.effect
        path = ref[2:]
    else:
        raise AssertionError(kind)
    for i in range(0, len(path), 2):
        (_verb, args), = steps[path[i]].items()
        steps = args[path[i + 1]]
    return steps


# ------------------------------------------------------------------ running frames

def run(g: Game, frame: dict) -> None:
    """Advance a frame by one step (or finish it)."""
    if frame.get("cancelled"):
        g.log("cancel", f"{frame['name']} is cancelled and does nothing.")
        finish(g, frame)
        return
    if not frame["started"]:
        frame["started"] = True
        if frame["cond"] and not condition(g, frame["cond"], frame):
            g.log("fizzle", f"{frame['name']} does nothing: its condition no longer holds.")
            finish(g, frame)
            return
        if frame["cond"] and "first_time_this_turn" in frame["cond"]:
            g.used_powers.append(_first_key(frame))  # it has resolved once this turn now
    steps = steps_of(g, frame["ref"])
    if frame["pc"] >= len(steps):
        finish(g, frame)
        return
    (verb, args), = steps[frame["pc"]].items()
    if VERBS[verb].run(g, frame, args):
        frame["pc"] += 1


def finish(g: Game, frame: dict) -> None:
    top = g.stack.pop()
    assert top is frame, "only the top frame can finish"
    if frame.get("card") is not None:
        # a plot twist goes to its owner's KO pile once it has resolved
        c = g.cards[frame["card"]]
        if c.zone == "resolving":
            c.zone = "ko"
            g.players[c.owner].ko.append(c.iid)


def answer(g: Game, frame: dict, value, player: int | None = None) -> None:
    """Hand the answer to the decision the frame's current step asked to that step's verb."""
    steps = steps_of(g, frame["ref"])
    (verb, args), = steps[frame["pc"]].items()
    VERBS[verb].answer(g, frame, args, value)


def push_sub(g: Game, frame: dict, index: int, key: str) -> None:
    """Run the nested steps ``key`` of step ``index`` before the frame goes on."""
    sub = dict(frame)
    sub["ref"] = [*frame["ref"], index, key]
    sub["pc"] = 0
    sub["vars"] = frame["vars"]  # names chosen before stay visible inside
    sub["cond"] = None
    sub["card"] = None
    sub["started"] = True
    g.stack.append(sub)


# ------------------------------------------------------------------ selectors, filters, conditions

def select(g: Game, frame: dict, sel: str, anywhere: bool = False) -> list[Card]:
    """The characters a selector names, in play now (``anywhere``: in any zone)."""
    cb = g.combat
    if isinstance(sel, dict):  # {each: FILTER}
        return [c for c in g.characters() if matches(g, c, sel["each"], frame)]
    if sel == "that_character":
        ev = frame.get("event") or {}
        who = ev.get("who", ev.get("victim"))
        ids = [who] if who is not None else []
    elif sel == "self":
        ids = [frame["src"]] if frame["src"] is not None else []
    elif sel == "attackers":
        ids = list(cb.attackers) if cb else []
    elif sel == "defender":
        ids = [cb.defender] if cb and cb.defender is not None else []
    elif sel == "in_combat":
        ids = ([*cb.attackers, cb.defender] if cb else [])
    elif sel == "your_main":
        m = g.players[frame["ctl"]].main
        ids = [m] if m is not None and g.cards[m].side == g.players[frame["ctl"]].side else []
    elif sel in ("each_enemy", "each_ally"):
        my = g.players[frame["ctl"]].side
        ids = [c.iid for c in g.characters() if c.face_up and (g.are_enemies(c.side, my) == (sel == "each_enemy"))]
    else:
        v = frame["vars"].get(sel)
        if isinstance(v, dict):  # a chosen row: whoever stands in it now
            return [c for c in g.characters(v["side"]) if c.row == v["row"]]
        ids = v if isinstance(v, list) else ([] if v is None else [v])
    return [g.cards[i] for i in ids if i is not None and (anywhere or g.cards[i].zone == "play")]


def matches(g: Game, c: Card, flt: dict, frame: dict) -> bool:
    """Does a character in play match a filter, from the frame controller's point of view?"""
    if c.zone != "play":
        return False
    stunned = flt.get("stunned")
    if stunned is None:
        if not c.face_up:
            return False
    elif stunned != "any" and stunned != (not c.face_up):
        return False
    side = flt.get("side", "any")
    if side != "any":
        my_side = g.players[frame["ctl"]].side
        if side == "yours" and c.side != my_side:
            return False
        if side == "enemy" and not g.are_enemies(c.side, my_side):
            return False
    if "row" in flt and c.row != flt["row"]:
        return False
    if "in_combat" in flt and (g.combat is not None and g.combat.involves(c.iid)) != flt["in_combat"]:
        return False
    if flt.keys() <= _WHERE_KEYS:
        return True  # most filters only say where the character is: no need to look further
    d = g.defs.cards[c.cid]
    if "kind" in flt and (flt["kind"] == "main") != c.is_main:
        return False
    if "team" in flt and flt["team"] not in g.teams_of(c):
        return False
    if "keyword" in flt and not g.has_keyword(c, flt["keyword"]):
        return False
    if "tag" in flt and ("tag", flt["tag"]) not in d.kw_params:
        return False
    if "named" in flt and frame["vars"].get(flt["named"]) not in d.names:
        return False
    if flt.get("not_self") and c.iid == frame["src"]:
        return False
    if "cost_max" in flt and (d.cost or 0) > flt["cost_max"]:
        return False
    if "atk_max" in flt and stats.atk(g, c) > flt["atk_max"]:
        return False
    if "def_max" in flt and stats.defense(g, c) > flt["def_max"]:
        return False
    if "alignment" in flt and not any(g.defs.alignment(t) == flt["alignment"] for t in d.teams):
        return False
    if not _MORE_KEYS.isdisjoint(flt):
        return _matches_more(g, c, d, flt, frame)
    return True


_WHERE_KEYS = frozenset(("stunned", "side", "row", "in_combat"))
_MORE_KEYS = frozenset(("equipped", "exhausted", "wounded", "health_min", "health_max", "health_left_max", "cost_min", "name",
                        "name_contains", "teams", "same_row", "team_named", "keyword_named"))


def _matches_more(g: Game, c: Card, d, flt: dict, frame: dict) -> bool:
    """The filter keys of issue 18 (part B): state, health, cost, names, teams, the source's row."""
    if "equipped" in flt and (c.gear is not None) != flt["equipped"]:
        return False
    if "exhausted" in flt and bool(c.exhausted) != flt["exhausted"]:
        return False
    if "wounded" in flt and (c.wounds > 0) != flt["wounded"]:
        return False
    if "health_min" in flt and d.health < flt["health_min"]:
        return False
    if "health_max" in flt and d.health > flt["health_max"]:
        return False
    if "health_left_max" in flt and d.health - c.wounds > flt["health_left_max"]:
        return False
    if "cost_min" in flt and (d.cost or 0) < flt["cost_min"]:
        return False
    if "name" in flt and flt["name"] not in d.names:
        return False
    if "name_contains" in flt and not any(flt["name_contains"].lower() in n.lower() for n in d.names):
        return False
    if "teams" in flt and not any(t in flt["teams"] for t in g.teams_of(c)):
        return False
    if "same_row" in flt:
        src = g.cards[frame["src"]] if frame.get("src") is not None else None
        same = src is not None and src.zone == "play" and src.side == c.side and src.row == c.row
        if same != flt["same_row"]:
            return False
    if "team_named" in flt and frame["vars"].get(flt["team_named"]) not in g.teams_of(c):
        return False
    if "keyword_named" in flt:
        kw = frame["vars"].get(flt["keyword_named"])
        if kw is None or not g.has_keyword(c, kw):
            return False
    return True


# zones other players may not look into: a question about what such a zone holds is asked from
# what everyone can see (the zone is not empty), never from which cards it holds (issue 16, F9)
HIDDEN_ZONES = frozenset({"hand", "deck"})


def card_zone(g: Game, p: int, zone: str) -> list[int]:
    pl = g.players[p]
    if zone == "hand":
        return list(pl.hand)
    if zone == "ko":
        return list(pl.ko)
    if zone == "deck":
        return list(pl.deck)
    if zone == "removed":
        return list(pl.removed)
    enemies = [q for q in g.players if g.are_enemies(q.side, pl.side)]
    if zone == "enemy_ko":
        return [i for q in enemies for i in q.ko]
    return [i for q in g.players for i in q.ko]  # any_ko


def card_matches(g: Game, c: Card, flt: dict, frame: dict) -> bool:
    """A card outside play against a card filter (type, team, cost, name, keyword, kind)."""
    d = g.defs.cards[c.cid]
    if "type" in flt and d.type != flt["type"]:
        return False
    if "kind" in flt and (d.type == "main") != (flt["kind"] == "main"):
        return False
    if "team" in flt and flt["team"] not in d.teams:
        return False
    if "cost_max" in flt and (d.cost is None or d.cost > flt["cost_max"]):
        return False
    if "cost_min" in flt and (d.cost is None or d.cost < flt["cost_min"]):
        return False
    if "name" in flt and flt["name"] not in d.names:
        return False
    if "keyword" in flt and flt["keyword"] not in d.keywords:
        return False
    if "name_contains" in flt and not any(flt["name_contains"].lower() in n.lower() for n in d.names):
        return False
    if "teams" in flt and not any(t in flt["teams"] for t in d.teams):
        return False
    if "named" in flt and frame["vars"].get(flt["named"]) not in d.names:
        return False
    return True


def condition(g: Game, cond: dict, frame: dict) -> bool:
    src = g.cards[frame["src"]] if frame.get("src") is not None else None
    cb = g.combat
    for k, v in cond.items():
        if k == "exists":
            ok = any(matches(g, c, v, frame) for c in g.characters())
        elif k == "in_combat":
            ok = (src is not None and cb is not None and cb.involves(src.iid)) == v
        elif k == "is_attacking":
            ok = (src is not None and cb is not None and src.iid in cb.attackers) == v
        elif k == "is_defending":
            ok = (src is not None and cb is not None and cb.defender == src.iid) == v
        elif k == "wounds_at_least":
            ok = src is not None and src.wounds >= v
        elif k == "hand_at_least":
            ok = len(g.players[frame["ctl"]].hand) >= v
        elif k == "is_protecting":
            ok = (src is not None and g.is_protecting(src)) == v
        elif k == "plot_twists_this_turn":
            ok = g.plots_played.get(str(frame["ctl"]), 0) == v
        elif k == "times_attacked_this_turn":
            ok = src is not None and g.times_attacked.get(str(src.iid), 0) == v
        elif k == "you_won":
            ok = bool(frame["vars"].get("_won")) == v
        elif k == "count_at_least":
            ok = count_of(g, v["count"], frame["ctl"], src) >= v["n"]
        elif k == "is_main":
            ok = (src is not None and src.is_main) == v
        else:
            ok = looking_condition(g, k, v, frame, src)
        if not ok:
            return False
    return True


# ------------------------------------------------------------------ amounts

def amount(g: Game, frame: dict, v) -> int:
    """An amount: a number, or counted now from the game (then locked in)."""
    if isinstance(v, int):
        return v
    (k, sel), = v.items()
    if k == "count":
        src = g.cards[frame["src"]] if frame.get("src") is not None else None
        return count_of(g, sel, frame["ctl"], src)
    if k == "chosen":
        return int(frame["vars"].get(sel) or 0)
    if k == "number_of":
        return sum(1 for c in g.characters() if matches(g, c, sel, frame))
    if k in ("twice", "thrice"):
        return (2 if k == "twice" else 3) * amount(g, frame, sel)
    chars = select(g, frame, sel)
    if not chars:
        return 0
    c = chars[0]
    if k == "atk_of":
        return max(0, stats.atk(g, c))
    if k == "def_of":
        return max(0, stats.defense(g, c))
    if k == "wounds_of":
        return c.wounds
    raise AssertionError(k)


def count_of(g: Game, what: str, ctl: int, src: Card | None) -> int:
    """How many of something player ``ctl`` has (see language.COUNTABLES)."""
    pl = g.players[ctl]
    if what == "resources":
        return len(pl.resources)
    if what == "hand":
        return len(pl.hand)
    if what == "wounds":
        return src.wounds if src is not None else 0
    if what == "ko_pile":
        return len(pl.ko)
    if what == "allies":
        return sum(1 for o in g.characters(pl.side) if src is None or o.iid != src.iid)
    if what == "enemies":
        return sum(1 for o in g.characters() if g.are_enemies(o.side, pl.side))
    if what in ("stuns_by_it", "kos_by_it"):
        return g.tallies.get(f"{what[:-6]}:{src.iid}", 0) if src is not None else 0
    raise AssertionError(what)


# ------------------------------------------------------------------ conditions that look at things

def _first_key(frame: dict) -> str:
    return f"first:{frame['src']}:{'/'.join(map(str, frame['ref']))}"


def looking_condition(g: Game, k: str, v, frame: dict, src: Card | None) -> bool:
    """The conditions of ``language.CONDITIONS`` added for issue 18 (matches, in_row, your_turn,
    attack_is, first_time_this_turn, turn_at_least/most, not, any, all)."""
    cb = g.combat
    if k == "matches":
        # the character is named already: face up or stunned, unless the filter says which
        flt = v["filter"] if "stunned" in v["filter"] else {**v["filter"], "stunned": "any"}
        chars = select(g, frame, v["target"])
        return bool(chars) and matches(g, chars[0], flt, frame)
    if k == "in_row":
        return src is not None and src.zone == "play" and src.row == v
    if k == "your_turn":
        return (g.players[frame["ctl"]].side == g.active) == v
    if k == "attack_is":
        if cb is None:
            return False
        return {"melee": not cb.ranged, "ranged": cb.ranged, "solo": not cb.team, "team": cb.team}[v]
    if k == "first_time_this_turn":
        return (_first_key(frame) not in g.used_powers) == v
    if k == "turn_at_least":
        return g.turn >= v
    if k == "turn_at_most":
        return g.turn <= v
    if k == "not":
        return not condition(g, v, frame)
    if k == "any":
        return any(condition(g, c, frame) for c in v)
    if k == "all":
        return all(condition(g, c, frame) for c in v)
    raise AssertionError(k)
