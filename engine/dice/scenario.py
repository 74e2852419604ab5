"""Scenario tests for the dice game: a position, a script of actions, and what must follow.

Every card exists once, so cards are named by name. A scenario file::

    game: dice
    scenario: A Damager adds 3 when attacking
    rule: Damager
    start:
      turn: 3                    # bad guy's turns are the odd ones
      phase: action              # recruit | equip | tactics | action
      bad:  {team: [Battering Ram], action_hand: [Crush]}
      good: {team: [{card: Mortarman, damage: 1, attached: [Deep Cavern]}]}
      dice: [5, 2]               # the next die rolls, in order (then the seeded generator)
    actions:
      - {attack: Battering Ram}
      - {target: Mortarman}
      - pass                     # the player to act is implied
      - {check: [{card: Mortarman, damage: 3}]}
      - {type: recruit, card: Subwoofer, row: team, illegal: true, error: "first turn"}
    expect:
      - {card: Mortarman, zone: rdisc}
      - {player: good, action_hand: 0}
      - {log: "rolls 5"}
      - {winner: bad}

A team entry may set ``damage``, ``delay``, ``used`` (attacks made), ``new`` (recruited this
turn), ``intercepted``, ``received`` (already took an aid this turn), ``from`` (the side it was
taken from, with ``by``: the controlling character) and ``attached`` (aids, each a name or
``{card, upgrades: [...]}``). Cards a position does not name are out of the game unless
``fill_decks: true`` shuffles them into the decks under the listed ones.
"""

from __future__ import annotations

from engine.core.actions import TYPES, Action
from engine.core.errors import DataError, Problem, excerpt, suggest
from engine.core.replay import MAX_SEED
from engine.core.scenario import ScenarioGame, run, scenario_files
from engine.dice import rules
from engine.dice.cards import ABILITIES, TRAITS, UPGRADE_HOSTS
from engine.dice.choices import STEP_TYPES as DECISIONS

TOP_KEYS = {"game", "scenario", "rule", "description", "seed", "start", "actions", "expect", "source"}
START_KEYS = {"turn", "phase", "bad", "good", "recruit_deck", "action_deck", "dice", "fill_decks", "max_turns"}
SIDE_KEYS = {"name", "team", "recruit_hand", "action_hand", "turns"}
CHAR_KEYS = {"card", "damage", "delay", "used", "new", "intercepted", "received", "from", "by", "attached"}
PHASES = ("recruit", "equip", "tactics", "action")
CARD_CHECKS = {"zone", "damage", "delay", "force", "side", "attached_to", "traits", "abilities", "not_abilities",
               "attacks_used", "villain"}
PLAYER_CHECKS = {"recruit_hand", "action_hand", "team", "hand_limit", "team_limit"}
STEP_KEYS = {"type", "player", "illegal", "error", "code"}  # what any scripted action may say besides its arguments
ZONES = ("rdeck", "adeck", "rhand", "ahand", "rdisc", "adisc", "play", "att", "out")
OTHER_CHECKS = {"log", "no_log", "winner", "over", "decision", "to_act", "legal", "not_legal", "phase", "turn",
                "attack"}


def _entry(e) -> dict:
    return {"card": e} if isinstance(e, str) else dict(e) if isinstance(e, dict) else {"card": e}


def lay_out(g, pos: dict) -> None:
    """Set a game (fresh from ``DiceGame.__init__``) to a position."""
    pool = g.pool
    names = [d.name for d in pool.recruit] + [d.name for d in pool.action]
    for n in names:
        g._new_card(n, "out")
    iid = {n: i for i, n in enumerate(names)}
    turn = int(pos.get("turn", 1))
    g.turn = turn
    g.active = g.seat_of("bad") if turn % 2 == 1 else g.seat_of("good")
    g.phase = pos.get("phase", "action")
    g.tactics_drawn = g.phase in ("tactics", "action")
    for side in ("bad", "good"):
        p = g.seat_of(side)
        spec = pos.get(side) or {}
        pl = g.players[p]
        if spec.get("name"):
            pl["name"] = spec["name"]
        pl["turns"] = int(spec.get("turns", (turn + 1) // 2 if side == "bad" else turn // 2))
        for e in spec.get("team") or []:
            e = _entry(e)
            i = iid[e["card"]]
            g.enter_play(i, p)
            c = g.cards[i]
            c.update(dmg=int(e.get("damage", 0)), dly=int(e.get("delay", 0)), used=int(e.get("used", 0)),
                     icp=bool(e.get("intercepted", False)), rcv=bool(e.get("received", False)),
                     rec=turn if e.get("new") else turn - 1)
            for a in e.get("attached") or []:
                a = _entry(a)
                ai = iid[a["card"]]
                g.attach(ai, i)
                for u in a.get("upgrades") or []:
                    g.attach(iid[u], ai)
        for e in spec.get("team") or []:
            e = _entry(e)
            if e.get("from"):
                c = g.cards[iid[e["card"]]]
                c["from"] = g.seat_of(e["from"])
                c["by"] = iid[e["by"]] if e.get("by") else None
        for key, zone in (("recruit_hand", "rhand"), ("action_hand", "ahand")):
            for n in spec.get(key) or []:
                i = iid[n]
                g.cards[i].update(z=zone, o=p)
                pl["rhand" if zone == "rhand" else "ahand"].append(i)
    for key, pile, zone in (("recruit_deck", g.rdeck, "rdeck"), ("action_deck", g.adeck, "adeck")):
        for n in reversed(pos.get(key) or []):  # listed top first; the top is the end of the list
            pile.append(iid[n])
            g.cards[iid[n]]["z"] = zone
    if pos.get("fill_decks"):
        for pile, zone, defs in ((g.rdeck, "rdeck", pool.recruit), (g.adeck, "adeck", pool.action)):
            rest = [iid[d.name] for d in defs if g.cards[iid[d.name]]["z"] == "out"]
            g.rng.shuffle(rest)
            for i in rest:
                g.cards[i]["z"] = zone
            pile[:0] = rest
    g.dice = [int(x) for x in pos.get("dice") or []]
    g.touch(frozen=False)
    g.log("setup", f"A scenario position: turn {turn}, {g.players[g.active]['name']}'s {g.phase} phase.")


def game_from_position(pos: dict, seed: int = 0, pool=None, max_turns: int | None = None):
    """A game laid out from a position (see the module docstring).

    >>> g = game_from_position({"turn": 3, "phase": "action", "bad": {"team": ["Battering Ram"]},
    ...                         "good": {"team": ["Mortarman"]}})
    >>> [str(a) for a in g.legal_actions(0)]
    ['0:attack card=8', '0:end_step']
    """
    from engine.dice.game import DiceGame
    opts = {"max_turns": max_turns or pos.get("max_turns", 60)}
    return DiceGame(pool, {"seed": seed, "options": opts, "position": pos,
                           "players": [{"name": (pos.get("bad") or {}).get("name", "Bad"), "side": "bad"},
                                       {"name": (pos.get("good") or {}).get("name", "Good"), "side": "good"}]})


# ---------------------------------------------------------------------- checking a scenario file

MAX_COUNT = 10_000  # a turn, turn count, damage or delay beyond this is a mistake, not a position


def check_position(start, pool, source: str | None = None, at: str = "start", *, slots: bool = False) -> list[Problem]:
    """Every problem in a start position (a scenario's ``start:``, or a save's ``config.position``):
    unknown fields, cards, sides and phases, a card placed twice, each value of the wrong kind, and
    a table the engine cannot hold (a minion with the good guys or carrying aids, an upgrade on the
    wrong kind of aid, a controlled character without its controller on its team), by its field (``at``:
    the field of the position itself). ``slots``: also a hero carrying two aids of one slot, or a vehicle
    more base upgrades than its docking room - what a scenario file, a test of the rules, must not start
    from (a position built in code may pile cards on a hero on purpose)."""
    out: list[Problem] = []

    def err(field, msg, card=None):
        out.append(Problem(source, card, f"{at}.{field}" if field else at, msg))

    if not isinstance(start, dict):
        err(None, f"needs a starting position (a mapping), not {excerpt(start)}")
        return out
    seen: set[str] = set()

    def listed(v, field) -> list:
        return _listed(v, field, err)

    def number(v, field, lo=0, hi=MAX_COUNT, null_ok=False) -> None:
        """(callers pass an absent field's default: a field written as null is a problem, unless
        ``null_ok``, where null means "no limit")"""
        if (v is not None or not null_ok) and (isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi):
            err(field, f"must be a whole number from {lo} to {hi}, not {excerpt(v)}")

    def flag(v, field) -> None:
        if v is not None and not isinstance(v, bool):
            err(field, f"must be true or false, not {excerpt(v)}")

    def card(name, field, want=None):
        if not isinstance(name, str) or name not in pool:
            shown = excerpt(name, 60)
            err(field, f"unknown card {shown}{suggest(name, pool.by_name) if isinstance(name, str) else ''}",
                shown if not isinstance(name, str) else name)
            return
        if name in seen:
            err(field, "this card is already placed elsewhere in the position (every card exists once)", name)
        seen.add(name)
        if want and pool[name].type not in want and not (want == "aid" and pool[name].is_aid) \
                and not (want == "upgrade" and pool[name].is_upgrade):
            err(field, f"{name} is a {pool[name].type}, not a {want if isinstance(want, str) else ' or '.join(want)}",
                name)

    def entry(e, field) -> dict:
        if isinstance(e, (str, dict)):
            return _entry(e)
        err(field, f"a card is its name or a mapping with 'card', not {excerpt(e)}")
        return {}

    for k in start:
        if k not in START_KEYS:
            err(_field_key(k), f"unknown field{suggest(k, START_KEYS)}")
    phase = start.get("phase", "action")
    if not isinstance(phase, str) or phase not in PHASES:
        err("phase", f"unknown phase {excerpt(phase)}; one of {', '.join(PHASES)}")
    number(start.get("turn", 1), "turn", 1)
    number(start.get("max_turns"), "max_turns", 1, null_ok=True)
    flag(start.get("fill_decks"), "fill_decks")
    bys = []
    team_of: dict[str, str] = {}  # each character placed on a team: its side
    for side in ("bad", "good"):
        spec = start.get(side)
        if spec is None:
            continue
        if not isinstance(spec, dict):
            err(side, f"a side is a mapping, not {excerpt(spec)}")
            continue
        for k in spec:
            if k not in SIDE_KEYS:
                err(f"{side}.{_field_key(k)}", f"unknown field{suggest(k, SIDE_KEYS)}")
        name = spec.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 40):
            err(f"{side}.name", f"must be text of at most 40 characters, not {excerpt(name)}")
        number(spec.get("turns", 0), f"{side}.turns")
        for j, member in enumerate(listed(spec.get("team"), f"{side}.team")):
            f = f"{side}.team[{j}]"
            member = entry(member, f)
            if not member:
                continue
            aids: list[tuple] = []
            for k in member:
                if k not in CHAR_KEYS:
                    err(f"{f}.{_field_key(k)}", f"unknown field{suggest(k, CHAR_KEYS)}")
            card(member.get("card"), f, ("hero", "minion"))
            who = member.get("card")
            who = who if isinstance(who, str) and who in pool else None
            if who is not None:
                team_of.setdefault(who, side)
            if who is not None and pool[who].type == "minion" and side == "good":
                err(f, f"{who} is a minion: minions serve only the bad guys (a minion the good guys take "
                       f"control of is destroyed)", who)
            for k in ("damage", "delay", "used"):
                number(member.get(k, 0), f"{f}.{k}")
            for k in ("new", "intercepted", "received"):
                flag(member.get(k), f"{f}.{k}")
            for m, aid in enumerate(listed(member.get("attached"), f"{f}.attached")):
                aid = entry(aid, f"{f}.attached[{m}]")
                if not aid:
                    continue
                for k in aid:
                    if k not in ("card", "upgrades"):
                        err(f"{f}.attached[{m}].{_field_key(k)}", f"unknown field{suggest(k, ('card', 'upgrades'))}")
                card(aid.get("card"), f"{f}.attached[{m}]", "aid")
                upgrades = listed(aid.get("upgrades"), f"{f}.attached[{m}].upgrades")
                for u in upgrades:
                    card(u, f"{f}.attached[{m}].upgrades", "upgrade")
                aids.append((aid.get("card"), upgrades, f"{f}.attached[{m}]"))
            if who is not None:
                out.extend(_carried_problems(pool, who, aids, source, at, slots))
            frm = member.get("from")
            if frm is not None and (not isinstance(frm, str) or frm not in ("bad", "good")):
                err(f"{f}.from", f"must be 'bad' or 'good', not {excerpt(frm)}")
            elif frm == side:
                err(f"{f}.from", f"a character taken by Control comes from the other side, not from its own "
                                 f"({side})")
            if member.get("by") is not None:
                bys.append((member["by"], f"{f}.by", side, who))
                if frm is None:
                    err(f"{f}.from", "a controlled character (with 'by') needs 'from': the side it was taken from")
            elif frm is not None:
                err(f"{f}.by", "a controlled character (with 'from') needs 'by': the character controlling it, "
                               "whose delay or departure sends it back")
        for key in ("recruit_hand", "action_hand"):
            for n in listed(spec.get(key), f"{side}.{key}"):
                card(n, f"{side}.{key}")
                if isinstance(n, str) and n in pool and (pool[n].deck == "action") != (key == "action_hand"):
                    err(f"{side}.{key}", f"{n} belongs in the {pool[n].deck} hand", n)
    for by, f, side, who in bys:  # the controlling character: a card placed on the same team
        if not isinstance(by, str) or by not in team_of:
            err(f, f"must name a character on a team of this position, not {excerpt(by)}",
                by if isinstance(by, str) else None)
        elif by == who:
            err(f, "a character cannot control itself: name the character that took it", by)
        elif team_of[by] != side:
            err(f, f"{by} is on the {team_of[by]} team: the controlling character is on the team it took "
                   f"the character to ({side})", by)
    for key in ("recruit_deck", "action_deck"):
        for n in listed(start.get(key), key):
            card(n, key)
            if isinstance(n, str) and n in pool and (pool[n].deck == "action") != (key == "action_deck"):
                err(key, f"{n} belongs in the {pool[n].deck} deck", n)
    for x in listed(start.get("dice"), "dice"):
        if isinstance(x, bool) or x not in (1, 2, 3, 4, 5, 6):
            err("dice", f"a die shows 1 to 6, not {excerpt(x)}")
    return out


def _carried_problems(pool, who: str, aids: list[tuple], source, at: str, slots: bool) -> list[Problem]:
    """(``aids``: (aid, its upgrades, its field under ``at``, the position's own field).) What a character of a position carries that the rules never let it carry: any aid on a minion,
    two aids in one slot (vehicles excepted under a Hangar Bay), an upgrade on the wrong kind of aid, or
    more base upgrades docked on a vehicle than it has room for. (Plots and reputations for one side
    are not checked: a character taken by Control keeps what it carried.)"""
    out: list[Problem] = []
    known = [(a, [u for u in ups if isinstance(u, str) and u in pool], f"{at}.{f}") for a, ups, f in aids
             if isinstance(a, str) and a in pool and pool[a].is_aid]
    if pool[who].type == "minion":
        for a, _, f in known:
            out.append(Problem(source, a, f, f"{who} is a minion, and minions take no aids"))
        return out
    any_vehicles = any(pool[u].any_vehicles for _, ups, _ in known for u in ups)
    taken: dict[str, str] = {}
    for a, ups, f in known:
        d = pool[a]
        if slots and d.slot and not (d.slot == "vehicle" and any_vehicles):
            if d.slot in taken:
                out.append(Problem(source, a, f, f"{who} already carries {taken[d.slot]}: a hero carries one "
                                                 f"{d.slot}" + (" (a major and a minor plot share that spot)"
                                                                if d.slot == "plot" else "")))
            taken.setdefault(d.slot, a)
        docked = 0
        for u in ups:
            ud = pool[u]
            if not ud.is_upgrade:
                continue
            if d.type not in UPGRADE_HOSTS[ud.type] and not (ud.type == "base_upgrade" and d.docking):
                want = {"base_upgrade": "a base (or a vehicle with docking room)", "vehicle_upgrade": "a vehicle",
                        "plot_upgrade": "a major plot"}[ud.type]
                out.append(Problem(source, u, f"{f}.upgrades", f"{u} goes on {want}, not on {a} ({d.type})"))
            elif ud.type == "base_upgrade" and d.type == "vehicle":
                docked += 1
                if slots and docked > d.docking:
                    out.append(Problem(source, u, f"{f}.upgrades",
                                       f"{a} has room for {d.docking} base upgrade{'s' * (d.docking != 1)}"))
    return out


def check_scenario(data, pool=None, source: str | None = None) -> list[Problem]:
    """Every structural problem in a scenario (unknown fields, cards, sides, phases, values of the
    wrong kind), each by its field."""
    out: list[Problem] = []
    if pool is None:
        from engine.dice.cards import load_pool
        try:
            pool = load_pool()
        except DataError as e:
            return e.problems
    if not isinstance(data, dict):
        return [Problem(source, None, None, "a scenario is a mapping")]

    def err(field, msg, card=None):
        out.append(Problem(source, card, field, msg))

    def listed(v, field) -> list:
        return _listed(v, field, err)

    for k in data:
        if k not in TOP_KEYS:
            err(_field_key(k), f"unknown scenario field{suggest(k, TOP_KEYS)}")
    if not isinstance(data.get("scenario"), str):
        err("scenario", "needs a title")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        err("seed", f"must be a whole number from 0 to 2^64 - 1, not {excerpt(seed)}")
    out += check_position(data.get("start"), pool, source, "start", slots=True)
    for i, a in enumerate(listed(data.get("actions"), "actions")):
        f = f"actions[{i}]"
        if isinstance(a, bool):
            continue
        if isinstance(a, str):
            if a not in TYPES:
                err(f, f"unknown action {excerpt(a)}{suggest(a, TYPES)}")
        elif isinstance(a, dict):
            if "check" in a:
                if a["check"] is None:
                    err(f"{f}.check", "lists the checks to make at this point (a list of mappings), not null")
                for j, check in enumerate(listed(a["check"], f"{f}.check")):
                    out.extend(_expect_shape(check, source, f"{f}.check[{j}]", pool))
                continue
            if "dice" in a and len(a) == 1:
                for x in listed(a["dice"], f"{f}.dice"):
                    if isinstance(x, bool) or x not in (1, 2, 3, 4, 5, 6):
                        err(f"{f}.dice", f"a die shows 1 to 6, not {excerpt(x)}")
                continue
            if "type" in a and not isinstance(a["type"], str):
                err(f"{f}.type", f"names one action type ({', '.join(TYPES)}), not {excerpt(a['type'])}")
                continue
            typ = a.get("type") if isinstance(a.get("type"), str) else next((k for k in a if k in TYPES), None)
            if typ not in TYPES:
                slip = next((suggest(k, TYPES) for k in ([typ] if typ else [k for k in a if k not in STEP_KEYS])
                             if suggest(k, TYPES)), "")
                err(f, f"no known action type in {excerpt(a)}{slip}")
            else:  # a misspelt key ('ilegal: true', 'targt: X') is named here, not ignored or met mid-run
                allowed = STEP_KEYS | set(TYPES[typ]) | {typ}
                for k in a:
                    if k not in allowed:
                        err(f"{f}.{_field_key(k)}", f"unknown field for this {typ!r} step{suggest(k, allowed)}")
            for k in ("card", "target"):
                v = a.get(k, a.get(typ) if k == "card" and typ in a else None)
                if isinstance(v, str) and v not in pool:
                    err(f"{f}.{k}", f"unknown card {v!r}{suggest(v, pool.by_name)}", v)
                elif v is not None and not isinstance(v, (str, int)) or isinstance(v, bool):
                    err(f"{f}.{k}", f"must be a card's name, not {excerpt(v)}")
            who = a.get("player")
            if who is not None and who not in ("bad", "good", 0, 1):
                err(f"{f}.player", f"must be bad or good (or seat 0 or 1), not {excerpt(who)}")
        else:
            err(f, f"an action is text or a mapping, not {excerpt(a)}")
    for i, expected in enumerate(listed(data.get("expect"), "expect")):
        out.extend(_expect_shape(expected, source, f"expect[{i}]", pool))
    return out


def _expect_shape(e, source, field, pool) -> list[Problem]:
    """The problems of one expectation: unknown checks, cards and players, and values of the wrong kind."""
    if not isinstance(e, dict):
        return [Problem(source, None, field, "an expectation is a mapping")]
    out: list[Problem] = []

    def value(k, ok: bool, what: str) -> None:
        if k in e and not ok:
            out.append(Problem(source, None, f"{field}.{k}", f"must be {what}, not {excerpt(e[k])}"))

    def count(k) -> None:
        value(k, isinstance(e.get(k), int) and not isinstance(e.get(k), bool), "a whole number")

    if "card" in e:
        known = CARD_CHECKS | {"card"}
        if not isinstance(e["card"], str) or e["card"] not in pool:
            shown = excerpt(e["card"], 60)
            return [Problem(source, shown, field, "unknown card"
                            + (suggest(e["card"], pool.by_name) if isinstance(e["card"], str) else ""))]
        for k in ("traits", "abilities", "not_abilities"):
            if k in e and not (isinstance(e[k], list) and all(isinstance(x, str) for x in e[k])):
                out.append(Problem(source, None, f"{field}.{k}", f"must be a list of names, not {excerpt(e[k])}"))
                continue
            vocab = TRAITS if k == "traits" else ABILITIES
            for x in e.get(k) or []:  # a misspelt name would make 'not_abilities' hold whatever happens
                if x not in vocab:
                    out.append(Problem(source, None, f"{field}.{k}", f"unknown {'trait' if k == 'traits' else 'ability'} "
                                                                     f"{excerpt(x)}{suggest(x, vocab)}"))
        value("zone", e.get("zone") in ZONES, f"one of {', '.join(ZONES)}")
        value("side", e.get("side") in ("bad", "good"), "bad or good")
        value("villain", isinstance(e.get("villain"), bool), "true or false")
        for k in ("damage", "delay", "force", "attacks_used"):
            count(k)
        at = e.get("attached_to")
        if at is not None and not (isinstance(at, str) and at in pool):
            out.append(Problem(source, None, f"{field}.attached_to", f"unknown card {excerpt(at)}"
                                                                     f"{suggest(at, pool.by_name)}"))
    elif "player" in e:
        known = PLAYER_CHECKS | {"player"}
        if e["player"] not in ("bad", "good", 0, 1) or isinstance(e["player"], bool):
            out.append(Problem(source, None, f"{field}.player", f"must be bad or good, not {excerpt(e['player'])}"))
        for k in ("recruit_hand", "action_hand", "team", "team_limit"):
            count(k)
        hl = e.get("hand_limit")
        value("hand_limit", isinstance(hl, list) and len(hl) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                          for x in hl),
              "[recruit limit, action limit]")
    else:
        known = OTHER_CHECKS
        for k in ("log", "no_log"):
            if k in e and not isinstance(e[k], str):
                out.append(Problem(source, None, f"{field}.{k}", f"must be text, not {excerpt(e[k])}"))
        for k in ("legal", "not_legal"):
            for spec in e[k] if isinstance(e.get(k), list) else [e[k]] if k in e else []:
                if not isinstance(spec, (str, dict, bool)):
                    out.append(Problem(source, None, f"{field}.{k}", f"an action is text or a mapping, not {excerpt(spec)}"))
        value("winner", e.get("winner") in ("bad", "good", "none"), "bad, good or none (a draw)")
        value("to_act", e.get("to_act") in ("bad", "good"), "bad or good")
        value("over", isinstance(e.get("over"), bool), "true or false")
        value("attack", isinstance(e.get("attack"), bool), "true or false")
        value("phase", e.get("phase") in PHASES + ("recovery", "setup"), f"one of {', '.join(PHASES)}, recovery")
        value("decision", e.get("decision") is None or e.get("decision") in DECISIONS,
              f"one of {', '.join(DECISIONS)} (or null: none open)")
        count("turn")
    return out + [Problem(source, None, f"{field}.{_field_key(k)}", f"unknown expectation{suggest(k, known)}")
                  for k in sorted(set(e) - known, key=str)]


# ---------------------------------------------------------------------- running a scenario

def _seat(g, who) -> int:
    if who in ("bad", "good"):
        return g.seat_of(who)
    return int(who)


def resolve_action(g, spec) -> Action:
    """A scripted action (card names instead of ids) as an Action."""
    if isinstance(spec, bool):  # YAML reads a bare no/yes as a boolean
        spec = "yes" if spec else "no"
    if isinstance(spec, str):
        spec = {"type": spec}
    spec = dict(spec)
    spec.pop("illegal", None)
    spec.pop("error", None)
    spec.pop("code", None)
    typ = spec.pop("type", None) or next((k for k in spec if k in TYPES), None)
    if typ is None:
        raise DataError([Problem(None, None, "actions", f"cannot tell the action type of {spec!r}")])
    args = {}
    if typ in spec:
        args["card"] = spec.pop(typ)
    who = spec.pop("player", None)
    args.update(spec)
    for k in ("card", "target"):
        if isinstance(args.get(k), str):
            n = args[k]
            idx = next((i for i, c in enumerate(g.cards) if c["n"] == n), None)
            if idx is None:
                raise DataError([Problem(None, n, k, "unknown card")])
            args[k] = idx
    if typ == "recruit":
        args.setdefault("row", "team")
    if typ == "power":
        args.setdefault("power", 0)
    p = _seat(g, who) if who is not None else (g.to_act[0] if g.to_act else 0)
    return Action(p, typ, **args)


def run_scenario(data: dict, pool=None, source: str | None = None) -> list[str]:
    """Run a scenario (``engine.core.scenario`` plays the script); returns its failures (empty when
    it holds)."""
    try:
        return run(SCENARIOS, data, pool, source).failures
    except DataError as e:
        return [str(p) for p in e.problems]


def _start(data: dict, pool, source: str | None):
    try:
        return game_from_position(data["start"], seed=int(data.get("seed", 0)), pool=pool)
    except (KeyError, ValueError, TypeError) as e:
        raise DataError([Problem(source, None, "start", f"cannot lay out the position: {e}")]) from None


def _step(g, raw) -> bool:
    """The dice game's own script step: ``{dice: [...]}`` forces the next die rolls."""
    if isinstance(raw, dict) and set(raw) == {"dice"}:
        g.dice.extend(raw["dice"])
        return True
    return False


def _log_text(g) -> list[str]:
    out = []
    for e in g.events:
        out.append(e.text)
        out.extend(e.secret.values())
    return out


def check(g, expects: list) -> list[str]:
    """The expectations that do not hold now."""
    fails = []
    for e in expects:
        if "card" in e:
            fails += _check_card(g, e)
        elif "player" in e:
            p = _seat(g, e["player"])
            pl = g.players[p]
            have = {"recruit_hand": len(pl["rhand"]), "action_hand": len(pl["ahand"]), "team": len(g.team(p)),
                    "team_limit": rules.team_limit(g, p),
                    "hand_limit": [rules.hand_limit(g, p, "recruit"), rules.hand_limit(g, p, "action")]}
            for k, v in e.items():
                if k != "player" and have[k] != v:
                    fails.append(f"player {e['player']}: {k} is {have[k]!r}, expected {v!r}")
        else:
            for k, v in e.items():
                fails += _check_other(g, k, v)
    return fails


def _check_card(g, e) -> list[str]:
    n = e["card"]
    i = next((j for j, c in enumerate(g.cards) if c["n"] == n), None)
    if i is None:
        return [f"card {n!r} is not in this game"]
    c = g.cards[i]
    out = []
    in_play = c["z"] == "play"
    for k, v in e.items():
        if k == "card":
            continue
        if k == "zone":
            have = c["z"]
        elif k == "attached_to":
            have = g.name(c["on"]) if c["z"] == "att" else None
        elif not in_play:
            out.append(f"card {n}: {k} asked but it is not in play (zone {c['z']})")
            continue
        elif k == "damage":
            have = c["dmg"]
        elif k == "delay":
            have = c["dly"]
        elif k == "force":
            have = rules.force(g, i)
        elif k == "side":
            have = g.players[c["o"]]["side"]
        elif k == "villain":
            have = rules.is_villain(g, i)
        elif k == "attacks_used":
            have = c["used"]
        elif k in ("traits", "abilities", "not_abilities"):
            _, tr, ab = rules.profile(g, i)
            got = tr if k == "traits" else ab
            missing = [x for x in v if (x in got) == (k == "not_abilities")]
            if missing:
                out.append(f"card {n}: {k} {sorted(got)} vs {v}")
            continue
        else:
            out.append(f"card {n}: unknown check {k}")
            continue
        if have != v:
            out.append(f"card {n}: {k} is {have!r}, expected {v!r}")
    return out


def _check_other(g, k, v) -> list[str]:
    if k == "log":
        return [] if any(v.lower() in t.lower() for t in _log_text(g)) else [f"no log line contains {v!r}"]
    if k == "no_log":
        return [f"a log line contains {v!r}"] if any(v.lower() in t.lower() for t in _log_text(g)) else []
    if k == "winner":
        if g.result is None:
            return [f"the game is not over (expected winner {v})"]
        w = [g.players[p]["side"] for p in g.result["winners"]] or ["none"]
        return [] if w == [v] else [f"winner is {w}, expected {v}"]
    if k == "over":
        return [] if g.is_over == v else [f"over is {g.is_over}, expected {v}"]
    if k == "decision":
        have = g.decision["type"] if g.decision else None
        return [] if have == v else [f"decision is {have!r}, expected {v!r}"]
    if k == "to_act":
        have = [g.players[p]["side"] for p in g.to_act]
        return [] if have == [v] else [f"to act: {have}, expected {v}"]
    if k == "phase":
        return [] if g.phase == v else [f"phase is {g.phase!r}, expected {v!r}"]
    if k == "turn":
        return [] if g.turn == v else [f"turn is {g.turn}, expected {v}"]
    if k == "attack":
        have = g.attack is not None
        return [] if have == v else [f"attack under way: {have}, expected {v}"]
    if k in ("legal", "not_legal"):
        out = []
        for spec in v if isinstance(v, list) else [v]:
            try:
                a = resolve_action(g, spec)
            except (DataError, StopIteration) as e:
                out.append(f"{k}: {e}")
                continue
            is_legal = a in g.legal_actions(a.player)
            if is_legal != (k == "legal"):
                out.append(f"{a} ({spec}) is {'legal' if is_legal else 'not legal'}, expected the opposite")
        return out
    return [f"unknown expectation {k}"]


def load_scenarios(paths) -> list[tuple[str, dict]]:
    """(file, data) of every dice scenario file under ``paths`` (``DataError`` if one cannot be read)."""
    from engine.core.data import read_data
    out = []
    for f in scenario_files(list(paths)):
        if isinstance(f, DataError):
            raise f
        data, _ = read_data(f)
        if isinstance(data, dict) and data.get("game") == "dice" and "scenario" in data:
            out.append((str(f), data))
    return out


SCENARIOS = ScenarioGame("dice", check_scenario, _start, resolve_action, check, _step)


def _field_key(k) -> str:
    """A mapping's key as part of a field's name: as written, or a bounded excerpt of an odd one."""
    from engine.core.errors import excerpt
    return k if isinstance(k, str) and len(k) <= 40 else excerpt(k, 40)


def _listed(v, field, err) -> list:
    """``v`` as a list (None: empty); anything else is a problem reported through ``err`` (a lone name
    is not read letter by letter)."""
    if v is None:
        return []
    if isinstance(v, list):
        return v
    err(field, f"must be a list, not {excerpt(v)}")
    return []
