"""A game's config: the modes and their numbers of players, the defaults, the checks a new game and
a loaded save share (seed, turn limit, player names), and the config's saved form.
"""

from __future__ import annotations

from engine.capeclash.decks import Deck
from engine.cardlang.cards import CardPool
from engine.core.errors import SaveError
from engine.core.replay import MAX_PLAYER_NAME, MAX_SEED, MAX_TURNS

MODES = {"duel": (2, 2), "ffa": (3, 4), "2v2": (4, 4), "two_headed": (4, 4)}


def normalise_config(config: dict) -> dict:
    """A new game's config with its defaults, checked as a save's config is (``config_problems``): a
    game never starts with a config that its own save could not be loaded from."""
    from engine.core.errors import DataError
    out = dict(config)
    out.setdefault("mode", "duel")
    out.setdefault("seed", 0)
    out.setdefault("max_turns", 200)
    out["options"] = dict(out.get("options") or {})
    if out.get("position") is None:
        out.pop("position", None)
    if out["mode"] not in MODES:
        raise ValueError(f"unknown mode {out['mode']!r}; choose one of {', '.join(MODES)}")
    problems = config_problems(out, None)
    if problems:
        raise DataError(problems)
    return out


def config_problems(data: dict, source: str | None) -> list:
    """What is wrong with a game config's seed, turn limit and player names: one check for both a new
    ``Game`` and ``Game.load`` (so every game can be saved and loaded again)."""
    from engine.core.errors import Problem, excerpt
    problems = []
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        problems.append(Problem(source, None, "config.seed", f"must be a whole number from 0 to 2^64 - 1, "
                                                             f"not {excerpt(seed)}"))
    max_turns = data.get("max_turns", 200)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 1 <= max_turns <= MAX_TURNS:
        problems.append(Problem(source, None, "config.max_turns", f"must be a whole number from 1 to {MAX_TURNS}, "
                                                                  f"not {excerpt(max_turns)}"))
    specs = data.get("players")
    for i, p in enumerate(specs if isinstance(specs, list) else []):
        name = p.get("name") if isinstance(p, dict) else None
        if name is not None and not isinstance(name, str):
            problems.append(Problem(source, None, f"config.players[{i}].name", f"must be text, not {excerpt(name)}"))
        elif name is not None and len(name) > MAX_PLAYER_NAME:
            problems.append(Problem(source, None, f"config.players[{i}].name",
                                    f"must be at most {MAX_PLAYER_NAME} characters, not {len(name)}"))
    return problems


def config_json(config: dict) -> dict:
    out = {"mode": config["mode"], "seed": config["seed"], "max_turns": config["max_turns"],
           "options": config["options"], "players": [{"name": p.get("name"), "deck": p["deck"].to_json()}
                                                     for p in config["players"]]}
    if "position" in config:
        out["position"] = config["position"]
    return out


def config_from_json(pool: CardPool, data, source: str) -> dict:
    """A save's config, every part checked (a save may come from anyone): the mode and the number of
    players, the seed, the turn limit, the options, and each deck by the deck-building rules."""
    from engine.capeclash.decks import deck_problems
    from engine.core.errors import DeckError, Problem, excerpt
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise SaveError([Problem(source, None, "config", "missing or malformed game config")])
    problems = []
    players = []
    for i, p in enumerate(data["players"]):
        fld = f"config.players[{i}]"
        if not isinstance(p, dict):
            problems.append(Problem(source, None, fld, "a player is {name, deck}"))
            continue
        try:
            deck = Deck.from_json(p.get("deck"), source)
        except DeckError as e:
            for q in e.problems:
                q.field = f"{fld}.deck" + (f".{q.field}" if q.field else "")
            problems += e.problems
            continue
        # a game set up from a position holds the cards it lists, not a deck by the rules
        for q in (deck_problems(pool, deck, source) if data.get("position") is None else
                  [Problem(source, cid, f"{fld}.deck", "card not in the card data")
                   for cid in [deck.main, *deck.cards] if cid not in pool]):
            q.field = f"{fld}.deck" + (f".{q.field}" if q.field and not q.field.startswith(fld) else "")
            if q.message.startswith("no such card"):
                q.message = "card not in the card data" + q.message[len("no such card"):]
            problems.append(q)
        players.append({"name": p.get("name"), "deck": deck})
    problems += config_problems(data, source)
    mode = data.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        problems.append(Problem(source, None, "config.mode", f"unknown mode {excerpt(mode)}"))
    elif not MODES[mode][0] <= len(data["players"]) <= MODES[mode][1]:
        lo, hi = MODES[mode]
        problems.append(Problem(source, None, "config.players", f"a {mode} game has {lo if lo == hi else f'{lo}-{hi}'}"
                                                                f" players, not {len(data['players'])}"))
    if data.get("options") is not None and not isinstance(data["options"], dict):
        problems.append(Problem(source, None, "config.options", f"must be a mapping, not {excerpt(data['options'])}"))
    position = data.get("position")
    if position is not None:
        from engine.capeclash.position import check_position
        problems += check_position(pool, position, source, "config.position",
                                   mode=mode if isinstance(mode, str) and mode in MODES else None)
    if problems:
        raise SaveError(problems)
    out = {"mode": data["mode"], "seed": data["seed"], "max_turns": data.get("max_turns", 200),
           "options": data.get("options") or {}, "players": players}
    if position is not None:
        out["position"] = position
    return out
