"""A game's config: the modes and their numbers of players, the defaults, the checks a new game and
a loaded save share (seed, turn limit, player names), and the config's saved form.
"""

from __future__ import annotations

from engine.capeclash.decks import Deck
from engine.cardlang.cards import CardPool
from engine.core.errors import SaveError
from engine.core.replay import MAX_PLAYER_NAME, MAX_SEED, MAX_TURNS

MODES = {"duel": (2, 2), "ffa": (3, 4), "2v2": (4, 4), "two_headed": (4, 4)}
# the fields of a game config (``config_json`` writes them) and of each of its players
CONFIG_KEYS = ("mode", "seed", "max_turns", "options", "players", "position")
PLAYER_KEYS = ("name", "deck")
DECK_KEYS = ("name", "main", "cards", "piles")  # a deck as a save holds it (``Deck.to_json``)
# the game options and the kind of value each takes ("flag": true or false); engine.capeclash.moves
# reads recruit_to_teammate (2v2: recruit into a teammate's row)
OPTIONS = {"recruit_to_teammate": "flag"}


def normalise_config(config: dict, pool: CardPool | None = None) -> dict:
    """A new game's config with its defaults, checked as a save's config is (``config_problems``, and
    with ``pool`` each deck by ``game_deck_problems``): a game never starts with a config that its own
    save could not be loaded from. Raises ``DataError`` listing every problem."""
    from engine.core.errors import DataError, Problem, excerpt, suggest
    if not isinstance(config, dict):
        raise DataError([Problem(None, None, "config", f"must be a mapping, not {excerpt(config)}")])
    out = dict(config)
    out.setdefault("mode", "duel")
    out.setdefault("seed", 0)
    out.setdefault("max_turns", 200)
    out.setdefault("players", [])
    if out.get("position") is None:
        out.pop("position", None)
    if out["mode"] not in MODES:
        raise ValueError(f"unknown mode {excerpt(out['mode'])}{suggest(out['mode'], MODES)}; "
                         f"choose one of {', '.join(MODES)}")
    problems = config_problems(out, None)
    if pool is not None and isinstance(out["players"], list):
        for i, p in enumerate(out["players"]):
            deck = p.get("deck") if isinstance(p, dict) else None
            fld = f"config.players[{i}]"
            if not isinstance(p, dict):
                problems.append(Problem(None, None, fld, f"a player is {{name, deck}}, not {excerpt(p)}"))
            elif not isinstance(deck, Deck):
                problems.append(Problem(None, None, f"{fld}.deck", f"must be a deck, not {excerpt(deck)}"))
            else:
                from engine.capeclash.decks import game_deck_problems
                problems += _at_deck(game_deck_problems(pool, deck, None, position="position" in out), fld)
    if problems:
        raise DataError(problems)
    out["options"] = dict(out.get("options") or {})
    return out


def option_problems(options, source: str | None, field: str = "config.options") -> list:
    """What is wrong with a game's options (a config's, or a scenario's ``options:``): each option must be
    known and of its kind (``OPTIONS``); ``"no"`` is no way to say false."""
    from engine.core.errors import Problem, excerpt, suggest
    if options is None:
        return []
    if not isinstance(options, dict):
        return [Problem(source, None, field, f"must be a mapping of option -> value, not {excerpt(options)}")]
    out = []
    for k, v in options.items():
        if k not in OPTIONS:
            out.append(Problem(source, None, f"{field}.{_key(k)}", f"unknown option{suggest(k, OPTIONS)}; the "
                                                                   f"options are {', '.join(OPTIONS)}"))
        elif OPTIONS[k] == "flag" and not isinstance(v, bool):
            out.append(Problem(source, None, f"{field}.{k}", f"must be true or false, not {excerpt(v)}"))
    return out


def _key(k) -> str:
    """A mapping's key as part of a field's name: as written, or a bounded excerpt of an odd one."""
    from engine.core.errors import excerpt
    return k if isinstance(k, str) and len(k) <= 40 else excerpt(k, 40)


def _at_deck(problems: list, fld: str) -> list:
    """A deck's problems as fields of the player ``fld`` of a config (``config.players[0].deck.main``)."""
    for q in problems:
        q.field = f"{fld}.deck" + (f".{q.field}" if q.field and not q.field.startswith(fld) else "")
        if q.message.startswith("no such card"):
            q.message = "card not in the card data" + q.message[len("no such card"):]
    return problems


def config_problems(data: dict, source: str | None) -> list:
    """What is wrong with a game config's fields, seed, turn limit, options and player names: one check
    for both a new ``Game`` and ``Game.load`` (so every game can be saved and loaded again)."""
    from engine.core.errors import Problem, excerpt, suggest
    problems = []
    for k in data:
        if k not in CONFIG_KEYS:
            problems.append(Problem(source, None, f"config.{_key(k)}", f"unknown field{suggest(k, CONFIG_KEYS)}"))
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        problems.append(Problem(source, None, "config.seed", f"must be a whole number from 0 to 2^64 - 1, "
                                                             f"not {excerpt(seed)}"))
    max_turns = data.get("max_turns", 200)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 1 <= max_turns <= MAX_TURNS:
        problems.append(Problem(source, None, "config.max_turns", f"must be a whole number from 1 to {MAX_TURNS}, "
                                                                  f"not {excerpt(max_turns)}"))
    problems += option_problems(data.get("options"), source)
    specs = data.get("players")
    if not isinstance(specs, list):
        problems.append(Problem(source, None, "config.players", f"a list of players {{name, deck}}, not {excerpt(specs)}"))
    for i, p in enumerate(specs if isinstance(specs, list) else []):
        name = p.get("name") if isinstance(p, dict) else None
        for k in p if isinstance(p, dict) else ():
            if k not in PLAYER_KEYS:
                problems.append(Problem(source, None, f"config.players[{i}].{_key(k)}",
                                        f"unknown field{suggest(k, PLAYER_KEYS)}"))
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
    from engine.capeclash.decks import deck_problems, game_deck_problems
    from engine.core.errors import DeckError, Problem, excerpt, suggest
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise SaveError([Problem(source, None, "config", "missing or malformed game config")])
    problems = []
    players = []
    for i, p in enumerate(data["players"]):
        fld = f"config.players[{i}]"
        if not isinstance(p, dict):
            problems.append(Problem(source, None, fld, "a player is {name, deck}"))
            continue
        raw = p.get("deck")
        if isinstance(raw, dict):  # a field the saved form of a deck does not have
            problems += [Problem(source, None, f"{fld}.deck.{_key(k)}", f"unknown field{suggest(k, DECK_KEYS)}")
                         for k in raw if k not in DECK_KEYS]
        try:
            deck = Deck.from_json(raw, source)
        except DeckError as e:
            for q in e.problems:
                q.field = f"{fld}.deck" + (f".{q.field}" if q.field else "")
            problems += e.problems
            continue
        # a game set up from a position holds the cards it lists, not a deck by the rules; any other by the
        # deck-building rules, but for the deck's size, which a new game does not ask for either (tests, tools
        # and the computer players' samplers start games with the few cards they need: ``game_deck_problems``)
        problems += _at_deck(deck_problems(pool, deck, source, sized=False) if data.get("position") is None else
                             game_deck_problems(pool, deck, source, position=True), fld)
        players.append({"name": p.get("name"), "deck": deck})
    problems += config_problems(data, source)
    mode = data.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        problems.append(Problem(source, None, "config.mode", f"unknown mode {excerpt(mode)}{suggest(mode, MODES)}"))
    elif not MODES[mode][0] <= len(data["players"]) <= MODES[mode][1]:
        lo, hi = MODES[mode]
        problems.append(Problem(source, None, "config.players", f"a {mode} game has {lo if lo == hi else f'{lo}-{hi}'}"
                                                                f" players, not {len(data['players'])}"))
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
