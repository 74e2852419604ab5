"""Reading card data from files: YAML (with PyYAML) or JSON (standard library).

This module sits beside the rules core, which never imports it. PyYAML is
imported only when a YAML file is actually read; JSON needs nothing beyond
the standard library.

Card files hold ``cards:`` (a list) and optionally ``teams:``; deck files hold
a deck (``main:`` and ``cards:``) or are ``.txt`` deck lists; scenario files
hold ``scenario:``. Problems name the file and line, the card and the field.
"""

from __future__ import annotations

from pathlib import Path

from engine.capeclash.decks import Deck, check_deck, deck_problems
from engine.cardlang.cards import CardPool, check_pool, parse_cards, parse_teams
from engine.core.data import _no_gc, data_files, read_data, read_text  # noqa: F401 (re-exported)
from engine.core.errors import DataError, DeckError, Problem, cut, excerpt, suggest


def classify(data) -> str:
    if isinstance(data, dict):
        if data.get("game", "capeclash") != "capeclash":
            return "other_game"  # another ruleset's data (``game: dice``): its own module checks it
        if "rulebook" in data:
            return "rulebook"  # rulebook source text for print and the browser
        if "scenario" in data:
            return "scenario"
        if "tutorial" in data and "lessons" in data:
            return "tutorial"  # the guided first game (engine.capeclash.tutorial)
        if "main" in data and "cards" in data:
            return "deck"
        if "cards" in data or "teams" in data:
            return "cards"
    return "unknown"


def raw_card_data(paths) -> tuple[list[dict], list[dict]]:
    """The cards and teams of every card file under ``paths`` as plain data (for a JSON bundle)."""
    cards: list[dict] = []
    teams: list[dict] = []
    for f in data_files(paths):
        if f.suffix == ".txt":
            continue
        data, _ = read_data(f)
        if isinstance(data, dict) and classify(data) == "cards":
            cards += data.get("cards") or []
            teams += data.get("teams") or []
    return cards, teams


def load_pool(paths, *, problems_out: list | None = None, cache: dict | None = None) -> CardPool:
    """Load every card file under ``paths`` into one pool. Raises DataError with all problems, each
    at the line of its field. A card id defined twice (in one file or in two folders) is a problem
    naming both places. ``cache`` (a dict) keeps each file's parsed data for the caller, so it is
    read only once."""
    cards: dict = {}
    teams: dict = {}
    problems: list[Problem] = []
    partial: list = []
    placed: dict = {}  # file -> (its Lines, {card id: index in its cards: list})
    known: dict = {}  # card id -> the first card read with it (with problems or not)
    team_places: dict = {}  # team name -> ``file:line`` of its definition
    for f in data_files(paths):
        if f.suffix == ".txt":
            continue
        try:
            dups: list[Problem] = []
            data, lines = read_data(f, dups)
        except DataError as e:
            problems += e.problems
            if cache is not None:
                cache[f] = e
            continue
        if cache is not None:
            cache[f] = (data, lines)
        problems += dups
        if not isinstance(data, dict) or classify(data) != "cards":
            continue
        items = data.get("cards") or []
        before = len(partial)
        with _no_gc():
            defs, probs = parse_cards(items, file=str(f), partial=partial, lines=lines)
        index = _card_index(items)
        placed[str(f)] = (lines, index)
        lines.locate(probs, str(f))  # the problems of no one card ('cards' is not a list)
        problems += probs
        # an id another file (another folder) has already defined, whether that card is sound or not
        for d in [*defs.values(), *partial[before:]]:
            if not isinstance(d.id, str):
                continue
            if d.id in known:
                p = Problem(str(f), d.id, "id", f"duplicate card id (also in {_card_place(placed, known[d.id])})")
                lines.locate([p], str(f), ("cards", index.get(d.id, -1)))
                problems.append(p)
                continue
            known[d.id] = d
            if d.id in defs:
                cards[d.id] = d
        raw_teams = data.get("teams") or []
        tmap, tprobs = parse_teams(raw_teams, file=str(f))
        lines.locate(tprobs, str(f))
        problems += tprobs
        # a team given again (in this file or another): a problem naming both places, as a card id's is;
        # the first definition stands (the file order must not decide a team's side)
        here: dict = {}  # team name -> its first index in this file
        for i, t in enumerate(raw_teams if isinstance(raw_teams, list) else []):
            name = t.get("name") if isinstance(t, dict) else None
            if not isinstance(name, str):
                continue
            if name in team_places or name in here:
                first = team_places.get(name) or _place(lines, str(f), ("teams", here[name]))
                p = Problem(str(f), None, f"teams[{i}].name", f"team {name!r} is defined twice (also at {first}); "
                                                               "define each team once")
                lines.locate([p], str(f))
                problems.append(p)
                continue
            here[name] = i
            if name in tmap:
                teams[name] = tmap[name]
        for name, i in here.items():
            team_places[name] = _place(lines, str(f), ("teams", i))
    pool = CardPool(cards, teams)
    cross = check_pool(pool, partial)
    for p in cross:  # problems between cards: at the line of the card's field too
        lines, index = placed.get(p.file, (None, {}))
        if lines is not None and _key(p.card) in index:
            lines.locate([p], p.file, ("cards", index[p.card]))
    problems += cross
    if problems_out is not None:
        problems_out += problems
        return pool
    if problems:
        raise DataError(problems)
    return pool


def _key(card):
    """A card reference usable as a dict key (None for anything else)."""
    return card if isinstance(card, (str, int)) else None


def _card_index(items) -> dict:
    """The index of each card of a file's ``cards:`` list, by id (the first card that has it).
    Built once per file: looking each problem's card up in the list would cost problems x cards."""
    out: dict = {}
    if isinstance(items, list):
        for i, it in enumerate(items):
            if isinstance(it, dict) and _key(it.get("id")) is not None:
                out.setdefault(it["id"], i)
    return out


def _place(lines, file: str, path) -> str:
    """``file:line`` of the value at ``path`` in a file (the file when the line is not known)."""
    line = lines.at(list(path)) if lines is not None else None
    return f"{file}:{line}" if line else file


def _card_place(placed: dict, card) -> str:
    """``file:line`` of a loaded card (its file when the line is not known)."""
    lines, index = placed.get(card.source, (None, {}))
    line = lines.get(index[card.id]) if lines is not None and card.id in index else None
    return f"{card.source}:{line}" if line else str(card.source)


def relocate(error: DataError, lines, file: str, *, by_card=None) -> DataError:
    """The same error with each problem of ``file`` at the line of its field."""
    lines.locate(error.problems, file, by_card=by_card)
    return type(error)(error.problems)


def _written_as(pool: CardPool):
    """For a problem naming a card of a deck: the ways the deck may write that card (as given, its
    id, its name), so the problem points at the line that lists it."""
    def keys(ref) -> tuple:
        c = pool.find(ref) if isinstance(ref, str) else None
        return (ref,) if c is None else (ref, c.id, c.name)
    return keys


def load_deck(path: str | Path, pool: CardPool) -> Deck:
    """Read a deck file (YAML or text), resolve names and check the deck-building rules."""
    path = Path(path)
    if path.suffix == ".txt":
        deck = Deck.from_text(read_text(path), source=str(path))
        if not deck.name:
            deck.name = path.stem
        return check_deck(pool, deck, str(path))
    dups: list[Problem] = []  # a key given twice is reported with the deck's other problems, not alone
    data, lines = read_data(path, dups)
    try:
        deck = Deck.from_data(data, source=str(path))
        if not deck.name:
            deck.name = path.stem
        deck.problems = dups + deck.problems
        return check_deck(pool, deck, str(path))
    except DataError as e:
        raise relocate(DeckError(dups + [p for p in e.problems if p not in dups]), lines, str(path),
                       by_card=_written_as(pool)) from None


def find_deck(ref: str, pool: CardPool, root: str | Path | list | tuple = "card_data") -> Deck:
    """A deck by file path, or by file stem under ``root``: a folder or a list of folders, searched in
    order (e.g. 'test-blaze')."""
    p = Path(ref)
    if p.exists():
        return load_deck(p, pool)
    for f in data_files(root if isinstance(root, (list, tuple)) else [root]):
        if f.stem == ref and f.suffix in (".yaml", ".yml", ".txt"):
            data = None
            if f.suffix != ".txt":
                data, _ = read_data(f)
                if classify(data) != "deck":
                    continue
            return load_deck(f, pool)
    raise DeckError([Problem(ref, None, None, "no deck file with that path or name")])


def _other_game_problems(f: Path, data: dict) -> list[Problem]:
    """Problems in a data file of another ruleset: ``engine.<game>.data.validate_file(path, data)``."""
    import importlib

    from engine.core.protocol import KNOWN_RULESETS
    game = data["game"]
    # only a known ruleset's data module: any other name (``core``, ``ai``...) is no game at all
    others = sorted(g for g in KNOWN_RULESETS if g != "capeclash")
    if not isinstance(game, str) or game not in others:
        return [Problem(str(f), None, "game", f"unknown game {excerpt(game)}{suggest(game, [*others, 'capeclash'])}; "
                                              f"one of capeclash, {', '.join(others)}")]
    try:
        mod = importlib.import_module(f"engine.{game}.data")
    except ModuleNotFoundError:
        return [Problem(str(f), None, "game", f"unknown game {game!r} (no module engine.{game}.data)")]
    try:
        return list(mod.validate_file(f, data))
    except DataError as e:
        return e.problems
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as e:
        # that game's checker met a value of a kind it did not expect: still a problem in this file
        return [Problem(str(f), None, None, f"could not be checked: a value of the wrong kind somewhere "
                                            f"({type(e).__name__}: {cut(str(e), 120)})")]


def validate(paths) -> tuple[list[Problem], dict]:
    """Check every card, deck and scenario file under ``paths``. Returns (problems, counts)."""
    problems: list[Problem] = []
    counts = {"files": 0, "cards": 0, "decks": 0, "scenarios": 0}
    try:
        files = data_files(paths)
    except DataError as e:
        return e.problems, counts
    if not files:
        where = ", ".join(str(p) for p in paths) or "."
        return [Problem(where, None, None, "no card, deck or scenario files found (.yaml, .yml, .json "
                                           "or .txt)")], counts
    parsed: dict = {}
    pool = load_pool(paths, problems_out=problems, cache=parsed)
    counts["cards"] = len(pool)
    counts["files"] = len(files)
    for f in files:
        mine: list[Problem] = []  # this file's problems, put at the lines of their fields at the end
        lines = None
        kind = "unknown"
        try:
            if f.suffix == ".txt":
                deck = Deck.from_text(read_text(f), name=f.stem, source=str(f))
                kind = "deck"
            else:
                got = parsed.get(f)
                if isinstance(got, DataError):
                    continue  # already reported by load_pool
                data, lines = got if got is not None else read_data(f)
                kind = classify(data)
                if kind == "deck":
                    deck = Deck.from_data(data, source=str(f))
                elif kind == "other_game" and isinstance(data, dict):  # (classify: only a mapping is)
                    counts["other"] = counts.get("other", 0) + 1
                    mine += _other_game_problems(f, data)
                elif kind == "rulebook" and isinstance(data, dict):
                    if not isinstance(data.get("sections"), list):
                        mine.append(Problem(str(f), None, "sections", "a rulebook file needs a 'sections:' list"))
                elif kind == "tutorial":
                    from engine.capeclash.tutorial import check_tutorial
                    counts["tutorials"] = counts.get("tutorials", 0) + 1
                    mine += check_tutorial(data, pool, str(f))
                elif kind == "unknown":
                    # (what it holds instead: nothing, a list, a lone value, or a mapping of other keys)
                    held = ("it holds nothing" if data is None else
                            f"it holds a {'list' if isinstance(data, list) else 'single value'}, not a mapping"
                            if not isinstance(data, dict) else None)
                    mine.append(Problem(str(f), None, None, "not a card, deck or scenario file "
                                                            "(expected a 'cards:', 'main:' or 'scenario:' key"
                                                            + (f"; {held})" if held else ")")))
            if kind == "deck":
                counts["decks"] += 1
                deck = deck.resolve(pool, str(f))
                mine += deck.problems + deck_problems(pool, deck, str(f))
            elif kind == "scenario":
                counts["scenarios"] += 1
                from engine.capeclash.scenario import check_scenario
                mine += check_scenario(data, pool, str(f))
        except DataError as e:
            mine += e.problems
        except (TypeError, ValueError, AttributeError, KeyError, IndexError) as e:
            # a checker met a value of a kind it did not expect: a problem of this file, and the other
            # files are still checked
            mine.append(Problem(str(f), None, None, f"could not be checked: a value of the wrong kind somewhere "
                                                    f"({type(e).__name__}: {cut(str(e), 120)})"))
        if lines is not None and kind != "other_game":  # (another game's fields may be relative to a card)
            lines.locate(mine, str(f), by_card=_written_as(pool) if kind == "deck" else None)
        problems += mine
    unique, seen = [], set()
    for p in problems:
        if str(p) not in seen:
            seen.add(str(p))
            unique.append(p)
    return unique, counts

