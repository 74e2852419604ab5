"""Scenario tests as data: a position, a script of actions, and what must follow.

A scenario file::

    scenario: Three 2/2 attackers stun a 6/6
    rule: team attacks add up ATK; the defender strikes back at exactly one
    start: {...a position, see engine.capeclash.position...}
    actions:
      - {attack: Trooper Ash}            # TYPE: first argument, by card name
      - {add_attacker: Trooper Birch}
      - {target: Stone Giant}
      - pass                              # the player to act is implied when only one may
      - {player: 1, type: strike_back, card: Trooper Ash}
      - {check: [{card: Stone Giant, stunned: true}]}
      - {type: recruit, card: Skyhawk, row: front, illegal: true, error: "costs 3"}
    expect:
      - {card: Trooper Ash, zone: ko}
      - {player: 0, hand: 2}
      - {log: "strikes Stone Giant for 6"}   # viewer: P reads player P's log (default: a spectator's)

Card names resolve against the actions that are legal at that moment, so
a script reads like a table talk transcript. ``Name@P`` picks the copy
controlled by player P. ``run_scenario`` returns a list of failure strings
(empty when the scenario holds).
"""

from __future__ import annotations

from engine.capeclash.game import MODES, Game
from engine.capeclash.position import build, check_position
from engine.capeclash.state import Card
from engine.cardlang.cards import CardPool
from engine.core.actions import TYPES, Action
from engine.core.errors import CapeClashError, DataError, IllegalActionError, Problem, excerpt, suggest
from engine.core.scenario import ScenarioGame, ScenarioRun, run, show

CARD_CHECKS = {"zone", "row", "stunned", "exhausted", "wounds", "plus", "minus", "atk", "def", "frozen",
               "in_combat", "side", "vitality", "level", "main"}
PLAYER_CHECKS = {"hand", "deck", "ko", "xp", "level", "out", "recruit", "resources", "face_up_resources",
                 "removed"}
TOP_KEYS = {"scenario", "rule", "description", "mode", "seed", "start", "actions", "expect", "source", "options"}


def check_scenario(data, pool: CardPool, source: str | None = None) -> list[Problem]:
    out = []
    if not isinstance(data, dict):
        return [Problem(source, None, None, "a scenario is a mapping")]
    for k in data:
        if k not in TOP_KEYS:
            out.append(Problem(source, None, k, f"unknown scenario field{suggest(k, TOP_KEYS)}"))
    if not isinstance(data.get("scenario"), str):
        out.append(Problem(source, None, "scenario", "needs a title"))
    for k in ("rule", "description", "source"):
        if k in data and not isinstance(data[k], str):
            out.append(Problem(source, None, k, f"must be text, not {excerpt(data[k])}"))
    mode = data.get("mode", "duel")
    if not isinstance(mode, str) or mode not in MODES:
        out.append(Problem(source, None, "mode", f"unknown mode {excerpt(mode)}{suggest(mode, MODES)}; "
                                                 f"one of {', '.join(MODES)}"))
        mode = None
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        out.append(Problem(source, None, "seed", f"must be a whole number from 0 to 2^64 - 1, not {excerpt(seed)}"))
    if data.get("options") is not None and not isinstance(data["options"], dict):
        out.append(Problem(source, None, "options", f"a mapping of option -> value, not {excerpt(data['options'])}"))
    elif data.get("options") is not None:  # each option known and of its kind, as a game's config
        from engine.capeclash.config import option_problems
        out += option_problems(data["options"], source, "options")
    out += check_position(pool, data.get("start"), source, mode=mode)
    start = data["start"] if isinstance(data.get("start"), dict) else {}
    n = len(start["players"]) if isinstance(start.get("players"), list) else 0
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        out.append(Problem(source, None, "actions", "a list of actions"))
        actions = []
    for i, a in enumerate(actions):
        if isinstance(a, str):
            if a not in TYPES:
                out.append(Problem(source, None, f"actions[{i}]", f"unknown action {excerpt(a)}{suggest(a, TYPES)}"))
        elif isinstance(a, dict):
            if "check" in a:
                checks = a["check"] if isinstance(a["check"], list) else [a["check"]]
                for j, e in enumerate(checks):
                    out += _check_expect_shape(e, source, f"actions[{i}].check[{j}]", n, pool)
                continue
            typ = a.get("type") if "type" in a else next((k for k in a if k in TYPES), None)
            if not isinstance(typ, str) or typ not in TYPES:
                out.append(Problem(source, None, f"actions[{i}]", f"no known action type in {excerpt(a)}"))
            else:
                out += _given_twice(a, typ, source, f"actions[{i}]")
                out += _action_card_problems(a, typ, source, f"actions[{i}]", n, pool)
                out += _action_arg_problems(a, typ, source, f"actions[{i}]", ("player", "illegal", "error"))
            if "player" in a and (isinstance(a["player"], bool) or not isinstance(a["player"], int)
                                  or not 0 <= a["player"] < max(n, 1)):
                out.append(Problem(source, None, f"actions[{i}].player", f"names a player from 0 to {n - 1}, "
                                                                         f"not {excerpt(a['player'])}"))
            if "illegal" in a and not isinstance(a["illegal"], bool):
                out.append(Problem(source, None, f"actions[{i}].illegal", f"must be true or false, not {excerpt(a['illegal'])}"))
            if "error" in a and not isinstance(a["error"], str):
                out.append(Problem(source, None, f"actions[{i}].error", f"must be text, not {excerpt(a['error'])}"))
        else:
            out.append(Problem(source, None, f"actions[{i}]", f"an action is text or a mapping, not {excerpt(a)}"))
    expect = data.get("expect") or []
    if not isinstance(expect, list):
        out.append(Problem(source, None, "expect", "a list of expectations"))
        expect = []
    for i, e in enumerate(expect):
        out += _check_expect_shape(e, source, f"expect[{i}]", n, pool)
    return out


# The kind of value each expectation takes, so that `capeclash validate` refuses one that can never hold
# (a count given as text, a negative count, an unknown zone...): "count" is a whole number from 0,
# "int" any whole number, "flag" true or false, "seat" a player number (or null: no side).
CARD_VALUES = {"zone": "zone", "row": "row", "stunned": "flag", "exhausted": "flag", "wounds": "count",
               "plus": "count", "minus": "count", "atk": "int", "def": "int", "frozen": "flag",
               "in_combat": "flag", "side": "seat", "vitality": "count", "level": "count", "main": "flag"}
PLAYER_VALUES = {k: "count" for k in PLAYER_CHECKS} | {"out": "flag"}


def _value_problem(kind: str, v, players: int) -> str | None:
    """Why ``v`` can never be what an expectation of ``kind`` compares with (None if it can)."""
    from engine.capeclash.decisions import KINDS
    from engine.capeclash.state import ZONES
    from engine.cardlang.language import ROWS
    whole = isinstance(v, int) and not isinstance(v, bool)
    if kind == "count":
        return None if whole and v >= 0 else f"must be a whole number, 0 or more, not {excerpt(v)}"
    if kind == "int":
        return None if whole else f"must be a whole number, not {excerpt(v)}"
    if kind == "flag":
        return None if isinstance(v, bool) else f"must be true or false, not {excerpt(v)}"
    if kind == "seat":
        return None if v is None or (whole and 0 <= v < max(players, 1)) else \
            f"names a player from 0 to {players - 1} (or null), not {excerpt(v)}"
    if kind == "seats":
        return None if isinstance(v, list) and all(_value_problem("seat", x, players) is None and x is not None
                                                   for x in v) else f"must be a list of player numbers, not {excerpt(v)}"
    options = {"zone": ZONES, "row": (*ROWS, None), "decision": (*KINDS, None)}[kind]
    if v in options if isinstance(v, (str, type(None))) else False:
        return None
    return f"unknown {kind} {excerpt(v)}{suggest(v, [o for o in options if o])}; one of " \
           f"{', '.join(o for o in options if o)}" + (" or null" if None in options else "")


def _card_ref_problem(ref, pool: CardPool | None, players: int) -> str | None:
    """Why a scenario's card reference (a card's id or name, ``Name@P``, or an instance number) can never
    name a card in the game (None if it can)."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        return None if ref >= 0 else f"names a card, not {ref}"
    if not isinstance(ref, str):
        return f"names a card, not {excerpt(ref)}"
    name = ref
    if "@" in ref:
        name, p = ref.rsplit("@", 1)
        name = name.strip()
        if not (p.isascii() and p.isdigit() and int(p) < max(players, 1)):
            return f"{excerpt(ref)}: after '@' comes a player number from 0 to {players - 1}"
    if pool is not None and name not in pool.cards and not pool.by_name(name):
        return f"no card named {excerpt(name)} in the card data" \
               f"{suggest(name, sorted({n for c in pool.cards.values() for n in c.names}))}"
    return None


# the arguments of an action that name a card (resolve_action looks them up by name)
CARD_ARGS = ("card", "discard", "source", "target")


def _action_card_problems(a: dict, typ: str, source, field: str, players: int,
                          pool: CardPool | None) -> list[Problem]:
    """The card references of a scenario action (``{plot: NAME}``, ``card: NAME@P``...) checked as an
    expectation's are: each one that can never name a card in the game is a problem naming it."""
    out = []
    first = TYPES[typ][0] if TYPES[typ] else None
    for k, v in a.items():
        arg = first if k == typ and "type" not in a else k
        if arg not in CARD_ARGS or v is None:
            continue
        why = _card_ref_problem(v, pool, players)
        if why:
            out.append(Problem(source, None, f"{field}.{k}", why))
    return out


# the kind of each argument that names no card ("index": a whole number from 0, or text naming it:
# a power, a trigger, an option by name)
ARG_KINDS = {"row": "row", "face_up": "flag", "side": "seat", "who": "seat", "ally": "seat",
             "power": "index", "trigger": "index", "option": "index"}


def _action_arg_problems(a: dict, typ: str, source, field: str, extra: tuple) -> list[Problem]:
    """The argument names of a scenario action and the values of those that name no card: an argument
    the action does not take (``{attack: X, by: 7}``), a value given to an action that takes none
    (``{pass: 3}``), a row or flag of the wrong kind. Each one is a problem naming it (the run would stop
    there, or drop it silently)."""
    from engine.cardlang.language import ROWS
    out = []
    takes = TYPES[typ]
    for k, v in a.items():
        arg = (takes[0] if takes else None) if k == typ and "type" not in a else k
        if k == typ and "type" not in a and not takes:
            if v is not None:
                out.append(Problem(source, None, f"{field}.{k}", f"'{typ}' takes nothing: write '{typ}' alone, "
                                                                f"not {excerpt(v)}"))
            continue
        if k == "type" or k in extra:
            continue
        if arg not in takes:
            out.append(Problem(source, None, f"{field}.{k}", f"'{typ}' takes no argument {excerpt(k)}"
                                                            f"{suggest(str(k), takes)}"
                                                            + (f"; it takes {', '.join(takes)}" if takes else "")))
            continue
        kind = ARG_KINDS.get(arg)
        whole = isinstance(v, int) and not isinstance(v, bool)
        why = None
        if kind == "row" and v not in ROWS:
            why = f"is a row ({' or '.join(ROWS)}), not {excerpt(v)}"
        elif kind == "flag" and not isinstance(v, bool):
            why = f"must be true or false, not {excerpt(v)}"
        elif kind == "seat" and not (whole and 0 <= v < 1 << 31):
            why = f"must be a whole number from 0, not {excerpt(v)}"
        elif kind == "index" and not ((whole and 0 <= v < 1 << 31) or (isinstance(v, str) and v.strip())):
            why = f"must be a whole number from 0 or a name, not {excerpt(v)}"
        if why:
            out.append(Problem(source, None, f"{field}.{k}", why))
    return out


def _given_twice(a: dict, typ: str, source, field: str) -> list[Problem]:
    """``{plot: X, card: Y}`` gives the card twice (resolve_action would have to drop one of them)."""
    if "type" not in a and TYPES[typ] and TYPES[typ][0] in a and a[typ] is not None:
        return [Problem(source, None, f"{field}.{TYPES[typ][0]}", f"'{typ}: ...' already gives the "
                                                                  f"{TYPES[typ][0]}; give it once")]
    return []


def _check_expect_shape(e, source, field, players: int = 0, pool: CardPool | None = None) -> list[Problem]:
    """The keys of an expectation and their values (``pool``: also that the cards it names exist):
    every problem of the expectation, not only its first kind."""
    if not isinstance(e, dict):
        return [Problem(source, None, field, "an expectation is a mapping")]
    out: list[Problem] = []
    if "card" in e:
        bad = set(e) - CARD_CHECKS - {"card"}
        why = _card_ref_problem(e["card"], pool, players)
        if why:
            out.append(Problem(source, None, f"{field}.card", why))
        out += [Problem(source, None, f"{field}.{k}", why) for k, kind in CARD_VALUES.items()
                if k in e and (why := _value_problem(kind, e[k], players))]
    elif "player" in e:
        bad = set(e) - PLAYER_CHECKS - {"player"}
        p = e["player"]
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < max(players, 1):
            out.append(Problem(source, None, f"{field}.player", f"names a player from 0 to {players - 1}, "
                                                                f"not {excerpt(p)}"))
        out += [Problem(source, None, f"{field}.{k}", why) for k, kind in PLAYER_VALUES.items()
                if k in e and (why := _value_problem(kind, e[k], players))]
    else:
        bad = set(e) - {"log", "no_log", "viewer", "winner", "over", "decision", "to_act", "legal", "not_legal", "combat"}
        text, flag, seats, act = (str, "must be text"), (bool, "must be true or false"), (list, "must be a list"), \
            ((str, dict), "must be an action (text or a mapping)")
        kinds: dict[str, tuple[type | tuple[type, ...], str]] = {
            "log": text, "no_log": text, "decision": text, "over": flag, "combat": flag, "winner": seats,
            "to_act": seats, "legal": act, "not_legal": act, "viewer": (int, "must be a player number")}
        wrong = set()
        for k, (kind, says) in kinds.items():
            if k in e and not isinstance(e[k], kind) and not (k == "decision" and e[k] is None):
                out.append(Problem(source, None, f"{field}.{k}", f"{says}, not {excerpt(e[k])}"))
                wrong.add(k)
        out += [Problem(source, None, f"{field}.{k}", why) for k, kind in
                (("decision", "decision"), ("winner", "seats"), ("to_act", "seats"), ("viewer", "seat"))
                if k in e and k not in wrong and (why := _value_problem(kind, e[k], players))]
        for k in ("legal", "not_legal"):
            if isinstance(e.get(k), dict):
                # the same check as a scenario action's (an odd value for the type is never looked up)
                typ = e[k].get("type") if "type" in e[k] else next((t for t in e[k] if t in TYPES), None)
                if not isinstance(typ, str) or typ not in TYPES:
                    out.append(Problem(source, None, f"{field}.{k}", f"no known action type in {excerpt(e[k])}"))
                else:
                    out += _given_twice(e[k], typ, source, f"{field}.{k}")
                    out += _action_card_problems(e[k], typ, source, f"{field}.{k}", players, pool)
                    out += _action_arg_problems(e[k], typ, source, f"{field}.{k}", ("player",))
            elif isinstance(e.get(k), str) and e[k] not in TYPES:
                out.append(Problem(source, None, f"{field}.{k}", f"unknown action {excerpt(e[k])}{suggest(e[k], TYPES)}"))
    return out + [Problem(source, None, f"{field}.{k}", "unknown expectation") for k in sorted(bad, key=str)]


def run_scenario(data: dict, pool: CardPool, source: str | None = None) -> ScenarioRun:
    """Run a scenario (``engine.core.scenario`` plays the script); ``DataError`` if the file is wrong."""
    problems = check_scenario(data, pool, source)
    if problems:
        raise DataError(problems)
    return run(SCENARIOS, data, pool, source)


def _start(data: dict, pool: CardPool, source: str | None) -> Game:
    return build(pool, data["start"], mode=data.get("mode", "duel"), seed=int(data.get("seed", 0)), source=source,
                 options=data.get("options"))


def _expect(g: Game, expects: list) -> list[str]:
    return [f for e in expects for f in expectation(g, e)]


def resolve_action(g: Game, raw) -> Action:
    """Turn a scenario action (names instead of ids) into one of the legal actions."""
    if isinstance(raw, str):
        raw = {"type": raw}
    raw = {k: v for k, v in raw.items() if k not in ("illegal", "error")}
    typ = raw.pop("type", None)
    if typ is None:
        keys = [k for k in raw if k in TYPES]
        if len(keys) != 1:
            raise DataError(f"cannot tell the action type of {raw!r}")
        typ = keys[0]
        first = TYPES[typ][0] if TYPES[typ] else None
        val = raw.pop(typ)
        if first is None and val is not None:  # {pass: 3}: never silently drop what is written
            raise DataError(f"{excerpt(raw | {typ: val}, 120)}: '{typ}' takes nothing; write '{typ}' alone")
        if first is not None and val is not None:
            if first in raw:  # {plot: X, card: Y}: never silently use one of the two
                raise DataError(f"{excerpt(raw, 120)}: '{typ}: ...' already gives the {first}; give it once")
            raw[first] = val
    player = raw.pop("player", None)
    if player is None:
        if len(g.to_act) != 1:
            raise IllegalActionError(f"say which player acts: {g.to_act} may act now", "ambiguous_player")
        player = g.to_act[0]
    legal = [a for a in g.legal_actions(player) if a.type == typ]
    for a in legal:
        if all(_arg_matches(g, a, k, v) for k, v in raw.items()):
            return a
    # not legal now: build it anyway, so that apply() says why
    args = {k: (_guess_id(g, v) if k in ("card", "discard", "source", "target") and isinstance(v, str) else v)
            for k, v in raw.items()}
    # (a name that matched no card stays a name: apply() then says why the action is not legal)
    return Action.checked(player, typ, args, excerpt(raw, 120), types=False)


def _split(name: str) -> tuple[str, int | None]:
    """``Name@P`` as (name, P); a DataError naming the reference when P is no player number."""
    if "@" in name:
        n, p = name.rsplit("@", 1)
        p = p.strip()
        if not (p.isascii() and p.isdigit() and len(p) <= 6):
            raise DataError(f"{excerpt(name)}: after '@' comes a player number, not {excerpt(p)}")
        return n.strip(), int(p)
    return name.strip(), None


def _card_is(g: Game, iid: int, ref) -> bool:
    if isinstance(ref, int):
        return iid == ref
    name, p = _split(str(ref))
    c = g.cards[iid]
    if name.lower() not in {n.lower() for n in g.defs[c.cid].names} and name != c.cid:
        return False
    return p is None or g.controller(c) == p or (c.side is None and c.owner == p)


def _arg_matches(g: Game, a: Action, k: str, v) -> bool:
    if k not in a.args:
        return False
    have = a.args[k]
    if k in ("card", "discard", "source", "target"):
        return _card_is(g, have, v)
    if k == "power" and isinstance(v, str):
        from engine.capeclash.powers import powers_of
        return powers_of(g, g.cards[a["card"]])[have][2].name.lower() == v.lower()
    if k == "trigger" and isinstance(v, str):
        return v.lower() in g.pending[have].label.lower()
    if k == "option" and isinstance(v, str):  # {pick: Gloom Syndicate}: the option by its value
        opts = (g.decision or {}).get("options") or []  # type: ignore[call-overload]
        return have < len(opts) and str(opts[have]).lower() == v.lower()
    return have == v


def _guess_id(g: Game, ref: str):
    for iid in sorted(g.cards):
        if _card_is(g, iid, ref):
            return iid
    return ref


def find_card(g: Game, ref: str) -> Card | None:
    """The card a scenario names: in play first, then anywhere."""
    hits = [g.cards[i] for i in sorted(g.cards) if _card_is(g, i, ref)]
    in_play = [c for c in hits if c.zone == "play"]
    return (in_play or hits)[0] if hits else None


def expectation(g: Game, e: dict) -> list[str]:
    fails = []
    if "card" in e:
        c = find_card(g, e["card"])
        if c is None:
            return [f"no card {e['card']!r} in this game"]
        from engine.capeclash import stats
        actual = {
            "zone": c.zone, "row": c.row, "stunned": c.zone == "play" and not c.face_up,
            "exhausted": c.exhausted, "wounds": c.wounds, "plus": c.plus, "minus": c.minus,
            "frozen": bool(c.frozen), "in_combat": g.combat is not None and g.combat.involves(c.iid),
            "side": c.side, "vitality": c.vitality, "level": g.defs[c.cid].level, "main": c.is_main,
        }
        if c.zone == "play":
            actual["atk"], actual["def"] = stats.stats(g, c)
        for k, want in e.items():
            if k == "card":
                continue
            got = actual.get(k)
            if got != want:
                fails.append(f"{e['card']}: {k} is {got!r}, expected {want!r}")
        return fails
    if "player" in e:
        pl = g.players[e["player"]]
        actual = {"hand": len(pl.hand), "deck": len(pl.deck), "ko": len(pl.ko), "xp": pl.xp, "level": pl.level,
                  "out": pl.out, "recruit": pl.recruit, "resources": len(pl.resources),
                  "face_up_resources": sum(1 for i in pl.resources if g.cards[i].face_up),
                  "removed": len(pl.removed)}
        for k, want in e.items():
            if k != "player" and actual[k] != want:
                fails.append(f"player {e['player']}: {k} is {actual[k]!r}, expected {want!r}")
        return fails
    lines = g.log_lines(e.get("viewer"))  # the log as a player (or, by default, a spectator) reads it
    if "log" in e and not any(e["log"].lower() in ln.lower() for ln in lines):
        fails.append(f"no log line contains {e['log']!r}; log tail:\n    " + "\n    ".join(lines[-12:]))
    if "no_log" in e and any(e["no_log"].lower() in ln.lower() for ln in lines):
        fails.append(f"a log line contains {e['no_log']!r} but should not")
    if "winner" in e:
        got = (g.result or {}).get("winners")
        if got != e["winner"]:
            fails.append(f"winners are {got!r}, expected {e['winner']!r}")
    if "over" in e and g.is_over != e["over"]:
        fails.append(f"game over is {g.is_over}, expected {e['over']}")
    if "decision" in e:
        got = g.decision["type"] if g.decision else None
        if got != e["decision"]:
            fails.append(f"decision is {got!r}, expected {e['decision']!r}")
    if "to_act" in e and g.to_act != e["to_act"]:
        fails.append(f"players to act are {g.to_act}, expected {e['to_act']}")
    if "combat" in e and (g.combat is not None) != e["combat"]:
        fails.append(f"combat in progress is {g.combat is not None}, expected {e['combat']}")
    for key, want_legal in (("legal", True), ("not_legal", False)):
        if key in e:
            try:
                a = resolve_action(g, e[key])
                is_legal = a in g.legal_actions(a.player)
            except CapeClashError:
                is_legal = False
            if is_legal != want_legal:
                fails.append(f"{show(e[key])} is {'legal' if is_legal else 'not legal'}, expected "
                             f"{'legal' if want_legal else 'not legal'}")
    return fails


SCENARIOS = ScenarioGame("capeclash", check_scenario, _start, resolve_action, _expect)
