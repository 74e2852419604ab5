"""The card language's interpreter: runs an ability's steps one at a time.

An ability resolves as a *frame* on the game's stack: a reference to its steps,
a program counter and the names bound by ``choose``. A step that needs a
player's decision sets ``g.decision`` and returns; the answer binds the name
and the frame carries on. Frames are plain JSON, so a game mid-resolution can
be saved, copied and replayed.

Following the rulebook, an impossible instruction is skipped and the rest of
the effect still happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import stats, zones

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
    steps = steps_of(g, frame["ref"])
    if frame["pc"] >= len(steps):
        finish(g, frame)
        return
    (verb, args), = steps[frame["pc"]].items()
    done = VERB_FUNCS[verb](g, frame, args)
    if done:
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
    """Bind the answer to the decision the frame's current step asked."""
    steps = steps_of(g, frame["ref"])
    (verb, args), = steps[frame["pc"]].items()
    if verb == "choose":
        frame["vars"][args["as"]] = value
        frame["pc"] += 1
    elif verb == "may":
        frame["pc"] += 1
        if value:
            push_sub(g, frame, frame["pc"] - 1, "then")
    elif verb == "discard":
        frame["vars"].setdefault("_discarded", 0)
        frame["vars"]["_discarded"] += 1
    elif verb in ("choose_number", "name_character"):
        frame["vars"][args["as"]] = value
        frame["pc"] += 1
    elif verb == "search":
        # done searching: shuffle the deck, then the card found goes where the effect says (so a
        # card put on top or at the bottom stays there)
        pl = g.players[frame["ctl"]]
        if value is not None:
            pl.deck.remove(value)
        zones.shuffle_deck(g, pl.index)
        g.log("search", f"{pl.name} shuffles their deck.")
        if value is not None:
            zones.put(g, g.cards[value], args.get("into", "hand"), known_to=(pl.index,))
        frame["pc"] += 1
    elif verb in ("enter_play", "create_token", "take_from_pile"):
        frame["vars"]["_row"] = value
    elif verb == "dance_off":
        dance = frame["vars"]["_dance"]
        p = dance["order"][dance["at"]]
        if value is None:
            dance["order"].remove(p)
            g.log("dance", f"{g.players[p].name} drops out of the Dance Off.")
        else:
            g.cards[value].exhausted = True
            g.log("dance", f"{g.players[p].name} exhausts {g.name(value)} to stay in the Dance Off.")
            dance["at"] += 1
        if dance["order"]:
            dance["at"] %= len(dance["order"])
    elif verb == "turn_location":
        if value is not None:
            c = g.cards[value]
            c.face_up = args["face"] == "up"
            g.log("location", f"{g.players[c.owner].name} turns {g.name(value)} face {args['face']}.")
        frame["pc"] += 1
    else:
        raise AssertionError(verb)


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
    return True


_WHERE_KEYS = frozenset(("stunned", "side", "row", "in_combat"))


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
            raise AssertionError(k)
        if not ok:
            return False
    return True


# ------------------------------------------------------------------ verbs

def _choose(g: Game, frame: dict, a: dict) -> bool:
    flt = a.get("filter") or {}
    if a["what"] == "player":
        opts = [p.index for p in g.players if not p.out]
        g.ask("choose_player", [frame["ctl"]], options=opts, prompt=a.get("prompt", "Choose a player"),
              optional=bool(a.get("optional")))
        return False
    if a["what"] == "row":
        my = g.players[frame["ctl"]].side
        side = flt.get("side", "any")
        rows = [[s, r] for s in g.live_sides() for r in ("front", "back")
                if (side == "any" or (side == "enemy") == g.are_enemies(s, my) and (side != "yours" or s == my))
                and any(c.row == r for c in g.characters(s))]
        if not rows:
            frame["vars"][a["as"]] = None
            return True
        g.ask("choose_row", [frame["ctl"]], options=rows, prompt=a.get("prompt", "Choose a row"))
        return False
    if a["what"] == "card":
        zone = card_zone(g, frame["ctl"], a.get("from", "hand"))
        opts = [i for i in zone if card_matches(g, g.cards[i], a.get("card_filter") or {}, frame)]
        hidden = a.get("from", "hand") in HIDDEN_ZONES
        if not opts and not (hidden and zone):
            frame["vars"][a["as"]] = None
            return True
        # from a hidden zone the question is asked whenever the zone holds a card, so that
        # others can't learn from it whether a card matched; choosing none is then allowed
        # when nothing matches
        g.ask("choose", [frame["ctl"]], options=opts, prompt=a.get("prompt", "Choose a card"),
              optional=bool(a.get("optional")) or not opts)
        return False
    cands = [c.iid for c in g.characters() if matches(g, c, flt, frame)]
    if frame["combat_only"] and g.combat is not None:
        cands = [i for i in cands if g.combat.involves(i)]
    if not cands:
        frame["vars"][a["as"]] = None
        return True
    g.ask("choose", [frame["ctl"]], options=cands, prompt=a.get("prompt", "Choose a character"),
          optional=bool(a.get("optional")))
    return False


def _each(g, frame, a, fn) -> bool:
    for c in select(g, frame, a["target"]):
        fn(c)
    return True


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
    raise AssertionError(what)


def _add_mod(g: Game, frame: dict, a: dict, kind: str) -> bool:
    until = a.get("until", "combat" if g.combat is not None else "turn")
    vals = {k: amount(g, frame, a[k]) for k in ("atk", "def") if k in a}
    g.dirty = True
    if until == "source_leaves" and not _source_face_up(g, frame):
        return True  # it lasts while its source stays face up in play: already over
    for c in select(g, frame, a["target"]):
        if not c.face_up:
            continue
        m = {"k": kind, "ts": g.tick(), "src": frame["name"], "until": until, "turn": g.turn}
        if until == "source_leaves":
            m["source"] = frame["src"]
        if kind != "swap":
            m.update(vals)
        c.mods.append(m)
        if kind == "add":
            g.log("modify", f"{g.name(c.iid)} gets {vals.get('atk', 0):+d}/{vals.get('def', 0):+d} "
                            f"from {frame['name']}.")
        elif kind == "swap":
            g.log("modify", f"{g.name(c.iid)}'s ATK and DEF are swapped by {frame['name']}.")
        else:
            g.log("modify", f"{g.name(c.iid)}'s base stats are set by {frame['name']}.")
    return True


def _counter(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.add_counters(g, c, a["kind"], amount(g, frame, a.get("n", 1))))


def _remove_counters(g, frame, a) -> bool:
    def go(c):
        n = amount(g, frame, a.get("n", 1))
        attr = {"plus": "plus", "minus": "minus", "wound": "wounds", "vitality": "vitality"}[a["kind"]]
        took = min(n, getattr(c, attr))
        if took:
            setattr(c, attr, getattr(c, attr) - took)
            g.dirty = True
            label = {"plus": "+1/+1", "minus": "-1/-1", "wound": "wound", "vitality": "vitality"}[a["kind"]]
            g.log("counter", f"{took} {label} counter{'s' if took > 1 else ''} come{'' if took > 1 else 's'} "
                             f"off {g.name(c.iid)}.")
    return _each(g, frame, a, go)


def _stun(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.stun(g, c, cause=f" by {frame['name']}"))


def _daze(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.stun(g, c, wound_it=False, cause=f" by {frame['name']}"))


def _wound(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.wound(g, c, amount(g, frame, a.get("n", 1))))


def _heal(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.heal(g, c, amount(g, frame, a.get("n", 1))))


def _ko(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.ko(g, c))


def _recover(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.recover(g, c))


def _ready(g, frame, a) -> bool:
    def go(c):
        if zones.ready(g, c):
            g.log("ready", f"{g.name(c.iid)} readies.")
    return _each(g, frame, a, go)


def _exhaust(g, frame, a) -> bool:
    def go(c):
        if not c.exhausted:
            c.exhausted = True
            g.log("exhaust", f"{g.name(c.iid)} is exhausted.")
    return _each(g, frame, a, go)


def _move(g, frame, a) -> bool:
    def go(c):
        row = a["row"] if a["row"] != "other" else ("back" if c.row == "front" else "front")
        if c.row != row:
            c.row = row
            g.log("move", f"{g.name(c.iid)} moves to the {row} row.")
    return _each(g, frame, a, go)


def _who(g: Game, frame: dict, a: dict) -> int | None:
    who = a.get("who", "you")
    if who == "you":
        return frame["ctl"]
    if who == "chosen":
        return frame["vars"].get("player")
    # "opponent": the enemy player in the combat, else the next enemy in turn order
    me = frame["ctl"]
    enemies = [p.index for p in g.players if not p.out and g.are_enemies(p.side, g.players[me].side)]
    if g.combat is not None:
        for p in enemies:
            if p == g.combat.player or g.players[p].side == g.combat.defending_side:
                return p
    return enemies[0] if enemies else None


def _draw(g, frame, a) -> bool:
    p = _who(g, frame, a)
    if p is not None:
        zones.draw(g, p, a.get("n", 1))
    return True


def _discard(g, frame, a) -> bool:
    p = _who(g, frame, a)
    n = a.get("n", 1)
    done = frame["vars"].get("_discarded", 0)
    if p is None or done >= n or not g.players[p].hand:
        frame["vars"].pop("_discarded", None)
        return True
    if a.get("random"):
        for _ in range(min(n, len(g.players[p].hand))):
            hand = g.players[p].hand
            zones.discard(g, hand[g.rng.below(len(hand))], " at random")
        return True
    g.ask("discard", [p], options=list(g.players[p].hand), prompt=f"Discard a card ({n - done} left)")
    return False


def _gain_xp(g, frame, a) -> bool:
    g.gain_xp(frame["ctl"], a.get("n", 1))
    return True


def _gain_recruit(g, frame, a) -> bool:
    pl = g.players[frame["ctl"]]
    pl.recruit += a.get("n", 1)
    g.log("recruit_points", f"{pl.name} gains {a.get('n', 1)} recruit point(s).")
    return True


def _cancel_combat(g, frame, a) -> bool:
    if g.combat is not None:
        g.cancel_combat(f"{frame['name']} cancels the combat.")
    return True


def _may(g, frame, a) -> bool:
    g.ask("may", [frame["ctl"]], prompt=a["prompt"])
    return False


def _if(g, frame, a) -> bool:
    key = "then" if condition(g, a["cond"], frame) else "else"
    if a.get(key):
        push_sub(g, frame, frame["pc"], key)
    return True


def _freeze(g, frame, a) -> bool:
    def go(c):
        c.exhausted = True
        c.frozen = 1
        g.log("freeze", f"{g.name(c.iid)} is frozen: it won't ready during its controller's next turn.")
    return _each(g, frame, a, go)


def _source_face_up(g: Game, frame: dict) -> bool:
    src = frame.get("src")
    return src is not None and g.cards[src].zone == "play" and g.cards[src].face_up


def _grant(g, frame, a) -> bool:
    until = a.get("until", "combat" if g.combat is not None else "turn")
    if until == "source_leaves" and not _source_face_up(g, frame):
        return True
    for c in select(g, frame, a["target"]):
        if not c.face_up or any(m.get("cant_gain") for m in c.mods):
            continue  # stunned characters, and characters that can't gain powers, gain nothing
        m = {"k": "grant", "kw": a["keyword"], "ts": g.tick(), "src": frame["name"], "until": until, "turn": g.turn}
        if until == "source_leaves":
            m["source"] = frame["src"]
        c.mods.append(m)
        g.dirty = True
        g.keyword_granted()
        g.log("grant", f"{g.name(c.iid)} gains {a['keyword'].replace('_', ' ').title()}.")
    return True


def _lose_powers(g, frame, a) -> bool:
    until = a.get("until", "permanent")
    for c in select(g, frame, a["target"]):
        m = {"k": "lose", "ts": g.tick(), "src": frame["name"], "until": until, "turn": g.turn}
        if a.get("and_cant_gain"):
            m["cant_gain"] = True
        if until == "source_leaves":
            src = g.cards[frame["src"]] if frame["src"] is not None else None
            if src is None or src.zone != "play" or not src.face_up:
                continue  # its source is already gone
            m["source"] = src.iid
        c.mods.append(m)
        g.dirty = True
        g.log("lose_powers", f"{g.name(c.iid)} loses its keywords and super powers.")
    return True


def _put(g, frame, a) -> bool:
    for c in select(g, frame, a["target"], anywhere=True):
        zones.put(g, c, a["into"])
    return True


def _turn_location(g, frame, a) -> bool:
    pl = g.players[frame["ctl"]]
    want_up = a["face"] == "up"
    opts = [i for i in pl.resources if g.defs[g.cards[i].cid].type == "location" and g.cards[i].face_up != want_up]
    # turning a location face up looks among face-down resources (hidden from the others): ask
    # whenever there is a face-down resource, so the question doesn't tell what they are
    hidden = want_up and any(not g.cards[i].face_up for i in pl.resources)
    if not opts and not hidden:
        return True
    g.ask("choose", [frame["ctl"]], options=opts, optional=bool(a.get("optional")) or not opts,
          prompt=f"Choose one of your locations to turn face {a['face']}")
    return False


def _redraw_hand(g, frame, a) -> bool:
    p = _who(g, frame, a)
    if p is None:
        return True
    hand = list(g.players[p].hand)
    for iid in hand:
        zones.discard(g, iid)
    zones.draw(g, p, len(hand))
    return True


def _hide(g, frame, a) -> bool:
    return _each(g, frame, a, lambda c: zones.hide(g, c))


def _switch(g, frame, a) -> bool:
    one, other = select(g, frame, a["target"]), select(g, frame, a["with"])
    if one and other and one[0].side == other[0].side and one[0].iid != other[0].iid:
        one[0].row, other[0].row = other[0].row, one[0].row
        g.log("switch", f"{g.name(one[0].iid)} and {g.name(other[0].iid)} switch places.")
    return True


def _take_control(g, frame, a) -> bool:
    side = g.players[frame["ctl"]].side
    for c in select(g, frame, a["target"]):
        zones.change_side(g, c, side, until=a.get("until", "permanent"))
    return True


def _pick_row(g, frame, a) -> str | None | bool:
    """The row a card enters: given, or chosen by the controller (False while asking)."""
    row = a.get("row", "front")
    if row != "choose":
        return row
    if "_row" in frame["vars"]:
        return frame["vars"]["_row"]["row"]
    side = g.players[frame["ctl"]].side
    g.ask("choose_row", [frame["ctl"]], options=[[side, "front"], [side, "back"]], prompt="Choose a row")
    return False


def _enter_play(g, frame, a) -> bool:
    cards = [c for c in select(g, frame, a["target"], anywhere=True)
             if c.zone not in ("play", "resolving") and g.defs.cards[c.cid].is_character]
    if not cards:
        return True  # nothing to put into play: no row to ask for
    row = _pick_row(g, frame, a)
    if row is False:
        return False
    frame["vars"].pop("_row", None)
    side = g.players[frame["ctl"]].side
    for c in cards:
        if c.zone in ("play", "resolving"):
            continue
        if zones.shares_main_name(g, c, side):
            g.log("unique", f"{g.name(c.iid)} can't join a side whose main character has its name.")
            continue
        zones.enter_play(g, c.iid, side, row, how="puts")
        if a.get("face_down") and c.zone == "play":
            zones.stun(g, c, wound_it=False, cause=" (it comes into play face down)")
    return True


def _search(g, frame, a) -> bool:
    pl = g.players[frame["ctl"]]
    opts = [i for i in pl.deck if card_matches(g, g.cards[i], a.get("filter") or {}, frame)]
    g.log("search", f"{pl.name} searches their deck.")
    if not pl.deck:
        g.log("search", f"{pl.name} has no deck to search.")
        return True
    # the deck is hidden: the searcher is asked whenever it holds a card, matching or not, and
    # may always find nothing (so neither the question nor the log tells what the deck holds)
    g.ask("search", [frame["ctl"]], options=sorted(opts), optional=True,
          prompt="Choose a card from your deck")
    return False


def _look_at_hand(g, frame, a) -> bool:
    p = _who(g, frame, dict(a, who=a.get("who", "opponent")))
    if p is None:
        return True
    me, them = g.players[frame["ctl"]], g.players[p]
    names = ", ".join(g.name(i) for i in them.hand) or "nothing"
    g.log("look", f"{me.name} looks at {them.name}'s hand.", {frame["ctl"]: f"You look at {them.name}'s hand: {names}."})
    return True


def _create_token(g, frame, a) -> bool:
    if "_row" not in frame["vars"]:
        # the number is worked out before asking for a row (none to ask for when it is 0)
        frame["vars"]["_tokens"] = amount(g, frame, a.get("n", 1))
    n = frame["vars"]["_tokens"]
    if n > 0:
        row = _pick_row(g, frame, a)
        if row is False:
            return False
        for _ in range(n):
            zones.create_token(g, a["card"], frame["ctl"], row)
    frame["vars"].pop("_row", None)
    frame["vars"].pop("_tokens", None)
    return True


def _promote(g, frame, a) -> bool:
    def go(c):
        if not c.is_main:
            c.is_main = True
            g.log("promote", f"{g.name(c.iid)} becomes a main character.")
    return _each(g, frame, a, go)


def _demote(g, frame, a) -> bool:
    def go(c):
        if c.is_main:
            c.is_main = False
            g.log("demote", f"{g.name(c.iid)} becomes a supporting character.")
            g.check_end = True
    return _each(g, frame, a, go)


def _level_up(g, frame, a) -> bool:
    g.change_level(frame["ctl"], +1)
    return True


def _level_down(g, frame, a) -> bool:
    g.change_level(frame["ctl"], -1)
    return True


def _coin_flip(g, frame, a) -> bool:
    heads = g.rng.below(2) == 0
    g.log("coin", f"{g.players[frame['ctl']].name} flips a coin: {'heads' if heads else 'tails'}.")
    frame["vars"]["_won"] = heads
    key = "heads" if heads else "tails"
    if a.get(key):
        push_sub(g, frame, frame["pc"], key)
    return True


def _choose_number(g, frame, a) -> bool:
    g.ask("pick", [frame["ctl"]], options=list(range(a["min"], a["max"] + 1)), prompt="Choose a number")
    return False


def _name_character(g, frame, a) -> bool:
    names = sorted({d.name for d in g.defs if d.is_character})
    g.ask("pick", [frame["ctl"]], options=names, prompt="Name a character")
    return False


def _dance_off(g, frame, a) -> bool:
    """Starting with you, each player exhausts a ready character or drops out, until one is left."""
    dance = frame["vars"].get("_dance")
    if dance is None:
        order = [p for p in g.turn_order_from(frame["ctl"]) if not g.players[p].out]
        dance = frame["vars"]["_dance"] = {"order": order, "at": 0}
        g.log("dance", f"{g.players[frame['ctl']].name} starts a Dance Off!")
    if len(dance["order"]) > 1:
        p = dance["order"][dance["at"]]
        ready = [c.iid for c in g.characters(g.players[p].side) if c.face_up and not c.exhausted]
        if not ready:
            answer(g, frame, None, player=p)
            return False
        g.ask("dance", [p], options=ready, optional=True, prompt="Exhaust a ready character to stay in, or drop out")
        return False
    winner = dance["order"][0] if dance["order"] else None
    frame["vars"].pop("_dance")
    won = winner == frame["ctl"]
    frame["vars"]["_won"] = won
    if winner is not None:
        g.log("dance", f"{g.players[winner].name} wins the Dance Off.")
    key = "win" if won else "lose"
    if a.get(key):
        push_sub(g, frame, frame["pc"], key)
    return True


def _cancel_power(g, frame, a) -> bool:
    target = (frame.get("event") or {}).get("power_frame")
    for f in g.stack:
        if f.get("id") == target and f is not frame:
            f["cancelled"] = True
    return True


def _take_from_pile(g, frame, a) -> bool:
    pl = g.players[frame["ctl"]]
    pile = pl.piles.get(a["pile"])
    if not pile:
        return True
    into = a.get("into", "hand")
    row = "front"
    if into == "play":
        row = _pick_row(g, frame, a)
        if row is False:
            return False
        frame["vars"].pop("_row", None)
    if a.get("pick", "random") == "random":
        iid = pile[g.rng.below(len(pile))]
    else:
        iid = min(pile, key=lambda i: (g.defs[g.cards[i].cid].level or 0, i))
    pile.remove(iid)
    c = g.cards[iid]
    hidden = a["pile"] in pl.hidden_piles
    if into == "hand":
        c.zone = "hand"
        pl.hand.append(iid)
        if hidden:
            g.log("pile", f"{pl.name} takes a card at random from their face-down {a['pile']} pile.",
                  {pl.index: f"You take {g.name(iid)} from your {a['pile']} pile."})
        else:
            g.log("pile", f"{pl.name} takes {g.name(iid)} from their {a['pile']} pile.")
        return True
    if g.defs.cards[c.cid].type == "main":
        c.is_main = True
    c.zone = "hand"  # enter_play takes it from wherever it is
    pl.hand.append(iid)
    zones.enter_play(g, iid, pl.side, row, how="deploys")
    return True


def _impersonate(g, frame, a) -> bool:
    """Take on another character's name and base ATK/DEF (it may be in play, a hand or a KO pile)."""
    models = select(g, frame, a["model"], anywhere=True)
    if not models:
        return True
    md = g.defs[models[0].cid]
    until = a.get("until", "permanent")
    for c in select(g, frame, a["target"]):
        c.mods.append({"k": "impersonate", "name": md.name, "atk": md.atk, "def": md.defense, "ts": g.tick(),
                       "src": frame["name"], "until": until, "turn": g.turn})
        g.dirty = True
        g.log("impersonate", f"{g.name(c.iid)} impersonates {md.name}.")
    return True


def _repeat(g, frame, a) -> bool:
    """One round at a time (the count is worked out once, then kept in the frame's variables): the
    stack never holds more than one round, whatever the count."""
    key = f"_repeat{len(frame['ref'])}"  # nested repeats sit at different depths, so keys never clash
    left = frame["vars"].get(key)
    if left is None:
        left = amount(g, frame, a["n"])
    if left <= 0:
        frame["vars"].pop(key, None)
        return True
    frame["vars"][key] = left - 1
    push_sub(g, frame, frame["pc"], "steps")
    return False


def _handler(g, frame, a) -> bool:
    from engine.cardlang.cards import HANDLERS
    return HANDLERS[a["name"]](g, frame)


VERB_FUNCS = {
    "choose": _choose,
    "modify": lambda g, f, a: _add_mod(g, f, a, "add"),
    "set_base": lambda g, f, a: _add_mod(g, f, a, "set_base"),
    "swap_stats": lambda g, f, a: _add_mod(g, f, a, "swap"),
    "counter": _counter,
    "remove_counters": _remove_counters,
    "stun": _stun,
    "daze": _daze,
    "wound": _wound,
    "heal": _heal,
    "ko": _ko,
    "recover": _recover,
    "ready": _ready,
    "exhaust": _exhaust,
    "move": _move,
    "draw": _draw,
    "discard": _discard,
    "gain_xp": _gain_xp,
    "gain_recruit": _gain_recruit,
    "cancel_combat": _cancel_combat,
    "may": _may,
    "if": _if,
    "freeze": _freeze,
    "grant": _grant,
    "lose_powers": _lose_powers,
    "put": _put,
    "turn_location": _turn_location,
    "redraw_hand": _redraw_hand,
    "hide": _hide,
    "switch": _switch,
    "take_control": _take_control,
    "enter_play": _enter_play,
    "search": _search,
    "look_at_hand": _look_at_hand,
    "create_token": _create_token,
    "promote": _promote,
    "demote": _demote,
    "level_up": _level_up,
    "level_down": _level_down,
    "coin_flip": _coin_flip,
    "choose_number": _choose_number,
    "name_character": _name_character,
    "dance_off": _dance_off,
    "cancel_power": _cancel_power,
    "repeat": _repeat,
    "handler": _handler,
    "take_from_pile": _take_from_pile,
    "impersonate": _impersonate,
}
