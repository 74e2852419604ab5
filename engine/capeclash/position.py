"""Setting up a game in a given position: a board, hands, resources, a phase.

Scenario tests and puzzles start from a position rather than from a shuffle.
A position names cards by id or name; every card listed becomes a card owned
by that player. Nothing triggers while the position is laid out.

Position spec::

    turn: 3            # turn number
    active: 0          # whose turn (a side index; in duels the player index)
    phase: main        # start | resource | recruit | formation | main
    players:
      - name: Ana
        main: {card: captain-solace-1, row: front, xp: 1}
        front: [arc-archer, {card: storm-lancer, plus: 1, wounds: 1, gear: jump-pack}]   # gear: its equipment
        back: []
        hand: [sudden-surge]
        resources: [proving-grounds, {card: think-tank, face_up: false}]
        deck: [shield-cadet]      # top card first
        ko: []
        removed: []               # the removed-from-game pile
"""

from __future__ import annotations

from engine.capeclash.decks import Deck
from engine.capeclash.game import MAX_PLAYER_NAME, MODES, Game
from engine.cardlang.cards import CardPool
from engine.core.errors import DataError, Problem, excerpt, suggest

PHASES = ("start", "resource", "recruit", "formation", "main")
ZONE_KEYS = ("front", "back", "hand", "resources", "deck", "ko", "removed")
CHAR_FIELDS = {"card", "row", "plus", "minus", "wounds", "vitality", "stunned", "exhausted", "frozen", "xp", "gear"}
PLAYER_FIELDS = {"name", "main", *ZONE_KEYS, "recruit", "piles"}


COUNTERS = ("plus", "minus", "wounds", "vitality", "xp")  # whole numbers, 0 or more
FLAGS = ("stunned", "exhausted", "frozen", "face_up")      # true or false
MAX_NUMBER = 10_000  # no counter, turn or amount of a position comes near this


def _whole(v, lo: int = 0, hi: int = MAX_NUMBER) -> str | None:
    """Why ``v`` is not a whole number from ``lo`` to ``hi`` (None if it is)."""
    if isinstance(v, bool) or not isinstance(v, int):
        return f"must be a whole number, not {excerpt(v)}"
    if not lo <= v <= hi:
        return f"must be from {lo} to {hi}, not {excerpt(v)}"
    return None


def sides_of(mode: str, players: int) -> int:
    """How many sides (turns in a round) a game of ``mode`` with ``players`` players has."""
    return players // 2 if mode == "two_headed" else players


def _entry(e) -> dict:
    return {"card": e} if isinstance(e, str) else dict(e)


def check_position(pool: CardPool, spec, source: str | None = None, where: str = "start",
                   mode: str | None = None) -> list[Problem]:
    """Every problem of a position (see the module docstring), each naming its field. With ``mode``,
    also that the number of players fits the mode and ``active``/``first`` name one of its sides."""
    out: list[Problem] = []

    def err(field, msg, card=None):
        out.append(Problem(source, card, f"{where}.{field}" if field else where, msg))

    if not isinstance(spec, dict):
        return [Problem(source, None, where, "a position is a mapping with players, turn, active and phase")]
    for k in spec:
        if k not in ("turn", "active", "phase", "players", "first"):
            err(k, f"unknown field{suggest(k, ['turn', 'active', 'phase', 'players', 'first'])}")
    if spec.get("phase", "main") not in PHASES:
        err("phase", f"unknown phase {excerpt(spec.get('phase'))}{suggest(spec.get('phase'), PHASES)}; "
                     f"one of {', '.join(PHASES)}")
    if "turn" in spec and _whole(spec["turn"], 1):
        err("turn", _whole(spec["turn"], 1))
    players = spec.get("players")
    if not isinstance(players, list) or not players:
        err("players", "a list of players is required")
        return out
    sides = len(players)
    if mode in MODES:
        lo, hi = MODES[mode]
        if not lo <= len(players) <= hi:
            err("players", f"a {mode} game has {lo if lo == hi else f'{lo}-{hi}'} players, not {len(players)}")
        sides = sides_of(mode, len(players))
    for k in ("active", "first"):
        if k in spec and _whole(spec[k], 0, sides - 1):
            err(k, _whole(spec[k], -MAX_NUMBER, MAX_NUMBER) or
                f"names a side from 0 to {sides - 1} ({len(players)} players{f' in {mode}' if mode in MODES else ''}),"
                f" not {spec[k]}")
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            err(f"players[{i}]", "a player is a mapping")
            continue
        for k in p:
            if k not in PLAYER_FIELDS:
                err(f"players[{i}].{k}", f"unknown field{suggest(k, PLAYER_FIELDS)}")
        if "main" not in p:
            err(f"players[{i}].main", "every player needs a main character")
        if "name" in p and not isinstance(p["name"], str):
            err(f"players[{i}].name", f"must be text, not {excerpt(p['name'])}")
        elif "name" in p and len(p["name"]) > MAX_PLAYER_NAME:  # as a game's config (so it can be saved)
            err(f"players[{i}].name", f"must be at most {MAX_PLAYER_NAME} characters, not {len(p['name'])}")
        if "recruit" in p and _whole(p["recruit"]):
            err(f"players[{i}].recruit", _whole(p["recruit"]))
        out += _check_piles(pool, p.get("piles"), source, f"{where}.players[{i}].piles")
        for key in ("main", *ZONE_KEYS):
            if key not in p:
                continue
            entries = [p[key]] if key == "main" else p[key]
            if not isinstance(entries, list):
                err(f"players[{i}].{key}", "must be a list of cards")
                continue
            for j, e in enumerate(entries):
                fld = f"players[{i}].{key}" + ("" if key == "main" else f"[{j}]")
                if not isinstance(e, (str, dict)) or (isinstance(e, dict) and "card" not in e):
                    err(fld, "a card is a card id or name, or a mapping with 'card'")
                    continue
                e = _entry(e)
                for k in e:
                    if k not in CHAR_FIELDS and not (key == "resources" and k == "face_up"):
                        err(f"{fld}.{k}", f"unknown field{suggest(k, CHAR_FIELDS)}", e["card"])
                    elif k in COUNTERS and _whole(e[k]):
                        err(f"{fld}.{k}", _whole(e[k]), e["card"])
                    elif k in FLAGS and not isinstance(e[k], bool):
                        err(f"{fld}.{k}", f"must be true or false, not {excerpt(e[k])}", e["card"])
                    elif k == "row" and e[k] not in ("front", "back"):
                        err(f"{fld}.row", f"must be front or back, not {excerpt(e[k])}", e["card"])
                c = pool.find(e["card"]) if isinstance(e["card"], str) else None
                if c is None:
                    err(fld, pool.not_found(e["card"]), e["card"])
                elif key == "main" and c.type != "main":
                    err(fld, "is not a main character", e["card"])
                elif key in ("front", "back") and not c.is_character:
                    err(fld, "only characters stand in rows", e["card"])
                if "gear" in e:
                    gd = pool.find(e["gear"]) if isinstance(e["gear"], str) else None
                    if gd is None or gd.type != "equipment" or gd.machine:
                        err(f"{fld}.gear", f"names a piece of equipment (not a machine), not {excerpt(e['gear'])}",
                            e["card"])
    return out


def normalise(pool: CardPool, spec: dict) -> dict:
    """A checked position with every card named by its id (what a game's config holds)."""
    def card(e) -> dict:
        e = _entry(e)
        return {**e, "card": _card_id(pool, e["card"])}
    out = {k: spec[k] for k in ("turn", "active", "phase", "first") if k in spec}
    out["players"] = []
    for p in spec["players"]:
        q = {"name": p.get("name"), "main": card(p["main"])}
        for key in ZONE_KEYS:
            if key in p:
                q[key] = [card(e) for e in p[key]]
        if "recruit" in p:
            q["recruit"] = p["recruit"]
        out["players"].append(q)
    return out


def _check_piles(pool: CardPool, piles, source, fld) -> list[Problem]:
    """A player's side piles: ``{NAME: {hidden: true|false, cards: [CARD, ...]}}``, every card known."""
    if piles is None:
        return []
    if not isinstance(piles, dict):
        return [Problem(source, None, fld, "a mapping of pile name -> {hidden: true|false, cards: [...]}")]
    out = []
    for name, pile in piles.items():
        pf = f"{fld}.{name}"
        if not isinstance(pile, dict) or not isinstance(pile.get("cards"), list):
            out.append(Problem(source, None, pf, "a pile is {hidden: true|false, cards: [CARD, ...]}"))
            continue
        if "hidden" in pile and not isinstance(pile["hidden"], bool):
            out.append(Problem(source, None, f"{pf}.hidden", f"must be true or false, not {excerpt(pile['hidden'])}"))
        for j, x in enumerate(pile["cards"]):
            if not isinstance(x, str) or pool.find(x) is None:
                out.append(Problem(source, x if isinstance(x, str) else None, f"{pf}.cards[{j}]",
                                   pool.not_found(x)))
    return out


def build(pool: CardPool, spec: dict, *, mode: str = "duel", seed: int = 0, source: str | None = None,
          max_turns: int = 200, options: dict | None = None) -> Game:
    """A game in the position ``spec`` (see the module docstring). The position is part of the
    game's config, so undo, replays, saves and the computer players' sampling all start from it."""
    problems = check_position(pool, spec, source, mode=mode)
    if mode not in MODES:
        problems.append(Problem(source, None, "mode", f"unknown mode {mode!r}{suggest(mode, MODES)}"))
    if problems:
        raise DataError(problems)
    pspecs = spec["players"]
    decks = []
    for p in pspecs:
        main = _card_id(pool, _entry(p["main"])["card"])
        cards = [_card_id(pool, _entry(e)["card"]) for k in ZONE_KEYS for e in p.get(k, [])]
        cards += [_card_id(pool, _entry(e)["gear"]) for k in ("front", "back") for e in p.get(k, [])
                  if "gear" in _entry(e)]
        if "gear" in _entry(p["main"]):  # the main character's equipment
            cards.append(_card_id(pool, _entry(p["main"])["gear"]))
        piles = {name: {"hidden": bool(spec.get("hidden")), "cards": [_card_id(pool, x) for x in spec["cards"]]}
                 for name, spec in (p.get("piles") or {}).items()}
        decks.append(Deck(p.get("name", ""), main, cards, piles))
    return Game(pool, {"mode": mode, "seed": seed, "max_turns": max_turns, "options": options or {},
                       "players": [{"name": p.get("name"), "deck": d} for p, d in zip(pspecs, decks, strict=True)],
                       "position": normalise(pool, spec)})


def _card_id(pool: CardPool, ref) -> str:
    """The id of the card ``ref`` names (an id or a unique name): positions are checked before they
    are normalised or built, so it names one."""
    d = pool.find(str(ref))
    if d is None:
        raise ValueError(f"position: no card {ref!r}")
    return d.id


def lay_out(g: Game, spec: dict) -> None:
    """Lay the position ``spec`` out on a game whose setup has just run (called by ``Game``'s
    constructor when its config holds a position). The cards come from each player's deck;
    nothing triggers. Raises ``ValueError`` naming the field when a card is not in the deck."""
    spare: dict[tuple[int, str], list[int]] = {}
    for iid in sorted(g.cards):
        c = g.cards[iid]
        if not c.is_main and c.zone != "pile":
            spare.setdefault((c.owner, c.cid), []).append(iid)
    pspecs = spec["players"]
    if len(pspecs) != len(g.players):
        raise ValueError(f"position.players: {len(pspecs)} players for a game of {len(g.players)}")
    for pl in g.players:
        pl.deck, pl.hand, pl.ko, pl.resources = [], [], [], []
    g.in_play = []
    g.board_changed()
    g.events = []
    for pl, p in zip(g.players, pspecs, strict=True):
        m = _entry(p["main"])
        assert pl.main is not None  # (setup has dealt every player's main character)
        mc = g.cards[pl.main]
        md = g.defs.find(str(m["card"]))
        if md is None or md.id != mc.cid:
            raise ValueError(f"position.players[{pl.index}].main: {m['card']!r} is not the deck's main character")
        _place_character(g, mc, pl.side, m)
        pl.xp = int(m.get("xp", 0))
        if "gear" in m:
            _put_gear(g, pl, mc, m, spare, "main")
        for key in ZONE_KEYS:
            entries = [_entry(e) for e in p.get(key, [])]
            if key == "deck":
                entries = list(reversed(entries))  # listed top first; the top is the end of the list
            for e in entries:
                d = g.defs.find(str(e["card"]))
                left = spare.get((pl.index, d.id)) if d is not None else None
                if d is None or not left:
                    raise ValueError(f"position.players[{pl.index}].{key}: no {d.name if d else e['card']!r} left "
                                     f"in {pl.name}'s deck list")
                c = g.cards[left.pop(0)]
                cid = d.id
                if key in ("front", "back"):
                    _place_character(g, c, pl.side, {**e, "row": key})
                    if "gear" in e:  # its equipment, from the same deck list
                        _put_gear(g, pl, c, e, spare, key)
                elif key == "resources":
                    c.zone = "resource"
                    c.face_up = bool(e.get("face_up", True)) and g.defs[cid].type == "location"
                    if "face_up" in e and e["face_up"] is False:
                        c.face_up = False
                    pl.resources.append(c.iid)
                else:
                    c.zone = key
                    getattr(pl, key).append(c.iid)
    left = sorted(i for ids in spare.values() for i in ids)
    if left:
        raise ValueError(f"position: {g.name(left[0])} is in {g.players[g.cards[left[0]].owner].name}'s deck "
                         f"list but nowhere in the position")
    g.turn = int(spec.get("turn", 3))
    g.active = int(spec.get("active", 0))
    g.first_side = int(spec.get("first", 0))
    g.phase = spec.get("phase", "main")
    g.step_player = g.players_of(g.active)[0]
    g.queue = []
    g.decision = None
    g.view_cache = None
    if g.phase == "recruit":
        for p, pl in zip(pspecs, g.players, strict=True):
            pl.recruit = int(p.get("recruit", len(pl.resources)))


def _place_character(g: Game, c, side: int, e: dict) -> None:
    c.zone = "play"
    c.side = side
    c.row = e.get("row", "front")
    c.face_up = not e.get("stunned", False)
    c.exhausted = bool(e.get("exhausted", False)) or not c.face_up
    c.plus = int(e.get("plus", 0))
    c.minus = int(e.get("minus", 0))
    c.wounds = int(e.get("wounds", 0))
    c.vitality = int(e.get("vitality", 0))
    c.frozen = 1 if e.get("frozen") else 0
    c.ts = g.tick()
    g.in_play.append(c.iid)
    g.board_changed()


def _put_gear(g, pl, c, e: dict, spare: dict, key: str) -> None:
    """Equip character ``c`` with the equipment its entry names (``gear``), from the same deck list."""
    gd = g.defs.find(str(e["gear"]))
    if gd is None:
        raise ValueError(f"position.players[{pl.index}].{key}: gear {e['gear']!r} is not a card")
    spare_gear = spare.get((pl.index, gd.id))
    if not spare_gear:
        raise ValueError(f"position.players[{pl.index}].{key}: no {gd.name!r} left in {pl.name}'s deck list")
    eq = g.cards[spare_gear.pop(0)]
    eq.zone, eq.gear, eq.ts, c.gear = "equipped", c.iid, g.tick(), eq.iid
    pl.equipment.append(eq.iid)
