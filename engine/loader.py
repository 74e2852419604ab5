"""Reading card data from files: YAML (with PyYAML) or JSON (standard library).

This module sits beside the rules core, which never imports it. PyYAML is
imported only when a YAML file is actually read; JSON needs nothing beyond
the standard library.

Card files hold ``cards:`` (a list) and optionally ``teams:``; deck files hold
a deck (``main:`` and ``cards:``) or are ``.txt`` deck lists; scenario files
hold ``scenario:``. Problems name the file and line, the card and the field.
"""

from __future__ import annotations

import json
from pathlib import Path

from .cards import CardPool, check_pool, parse_cards, parse_teams
from .decks import Deck, check_deck, deck_problems
from .errors import DataError, DeckError, Problem


def read_data(path: str | Path) -> tuple[object, dict[int, int]]:
    """Parse a YAML or JSON file. Returns the data and the line of each top-level list item
    (under ``cards:``), for error messages. Raises DataError on a syntax error."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        try:
            return json.loads(text), {}
        except json.JSONDecodeError as e:
            raise DataError([Problem(str(path), None, None, f"invalid JSON at line {e.lineno}: {e.msg}")]) from None
    import yaml  # noqa: PLC0415 - only the tools need PyYAML, never the browser
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "somewhere"
        raise DataError([Problem(str(path), None, None, f"invalid YAML at {where}: "
                                                        f"{getattr(e, 'problem', None) or e}")]) from None
    lines = {}
    if node is not None and isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == "cards" and isinstance(v, yaml.SequenceNode):
                for i, item in enumerate(v.value):
                    lines[i] = item.start_mark.line + 1
    return data, lines


def classify(data) -> str:
    if isinstance(data, dict):
        if data.get("game", "capeclash") != "capeclash":
            return "other_game"  # another ruleset's data (``game: dice``): its own module checks it
        if "rulebook" in data:
            return "rulebook"  # rulebook source text for print and the browser
        if "scenario" in data:
            return "scenario"
        if "main" in data and "cards" in data:
            return "deck"
        if "cards" in data or "teams" in data:
            return "cards"
    return "unknown"


def data_files(paths) -> list[Path]:
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out += sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml", ".json", ".txt")
                          and x.is_file() and not x.name.startswith("."))
        elif p.exists():
            out.append(p)
        else:
            raise DataError([Problem(str(p), None, None, "no such file or folder")])
    return out


def raw_card_data(paths) -> tuple[list[dict], list[dict]]:
    """The cards and teams of every card file under ``paths`` as plain data (for a JSON bundle)."""
    cards: list[dict] = []
    teams: list[dict] = []
    for f in data_files(paths):
        if f.suffix == ".txt":
            continue
        data, _ = read_data(f)
        if classify(data) == "cards":
            cards += data.get("cards") or []
            teams += data.get("teams") or []
    return cards, teams


def load_pool(paths, *, problems_out: list | None = None) -> CardPool:
    """Load every card file under ``paths`` into one pool. Raises DataError with all problems."""
    cards: dict = {}
    teams: dict = {}
    problems: list[Problem] = []
    partial: list = []
    for f in data_files(paths):
        if f.suffix == ".txt":
            continue
        try:
            data, lines = read_data(f)
        except DataError as e:
            problems += e.problems
            continue
        if classify(data) != "cards":
            continue
        items = data.get("cards") or []
        defs, probs = parse_cards(items, file=str(f), partial=partial)
        for p in probs:
            p.file = _with_line(f, items, lines, p.card)
        problems += probs
        for cid, d in defs.items():
            if cid in cards:
                problems.append(Problem(_with_line(f, items, lines, cid), cid, "id",
                                        f"duplicate card id (also in {cards[cid].source})"))
            else:
                cards[cid] = d
        tmap, tprobs = parse_teams(data.get("teams") or [], file=str(f))
        teams.update(tmap)
        problems += tprobs
    pool = CardPool(cards, teams)
    cross = check_pool(pool, partial)
    for p in cross:  # give cross-card problems the same file:line as the card's other problems
        p.file = next((q.file for q in problems if q.card == p.card and q.file), p.file)
    problems += cross
    if problems_out is not None:
        problems_out += problems
        return pool
    if problems:
        raise DataError(problems)
    return pool


def _with_line(f: Path, items, lines: dict[int, int], card) -> str:
    if card is not None and isinstance(items, list):
        for i, it in enumerate(items):
            if isinstance(it, dict) and card in (it.get("id"), it.get("name")) and i in lines:
                return f"{f}:{lines[i]}"
    return str(f)


def load_deck(path: str | Path, pool: CardPool) -> Deck:
    """Read a deck file (YAML or text), resolve names and check the deck-building rules."""
    path = Path(path)
    if path.suffix == ".txt":
        deck = Deck.from_text(path.read_text(encoding="utf-8"), source=str(path))
    else:
        data, _ = read_data(path)
        deck = Deck.from_data(data, source=str(path))
    if not deck.name:
        deck.name = path.stem
    return check_deck(pool, deck, str(path))


def find_deck(ref: str, pool: CardPool, root: str | Path = "card_data") -> Deck:
    """A deck by file path, or by file stem under ``root`` (e.g. 'test-blaze')."""
    p = Path(ref)
    if p.exists():
        return load_deck(p, pool)
    for f in data_files([root]):
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
    game = str(data["game"])
    try:
        mod = importlib.import_module(f"engine.{game}.data")
    except ModuleNotFoundError:
        return [Problem(str(f), None, "game", f"unknown game {game!r} (no module engine.{game}.data)")]
    return list(mod.validate_file(f, data))


def validate(paths) -> tuple[list[Problem], dict]:
    """Check every card, deck and scenario file under ``paths``. Returns (problems, counts)."""
    problems: list[Problem] = []
    counts = {"files": 0, "cards": 0, "decks": 0, "scenarios": 0}
    try:
        files = data_files(paths)
    except DataError as e:
        return e.problems, counts
    pool = load_pool(paths, problems_out=problems)
    counts["cards"] = len(pool)
    counts["files"] = len(files)
    for f in files:
        try:
            if f.suffix == ".txt":
                deck = Deck.from_text(f.read_text(encoding="utf-8"), name=f.stem, source=str(f))
                kind = "deck"
            else:
                data, _ = read_data(f)
                kind = classify(data)
                if kind == "deck":
                    deck = Deck.from_data(data, source=str(f))
                elif kind == "other_game":
                    counts["other"] = counts.get("other", 0) + 1
                    problems += _other_game_problems(f, data)
                    continue
                elif kind == "rulebook":
                    if not isinstance(data.get("sections"), list):
                        problems.append(Problem(str(f), None, "sections", "a rulebook file needs a 'sections:' list"))
                    continue
                elif kind == "unknown":
                    problems.append(Problem(str(f), None, None, "not a card, deck or scenario file "
                                                                "(expected a 'cards:', 'main:' or 'scenario:' key)"))
                    continue
            if kind == "deck":
                counts["decks"] += 1
                deck = deck.resolve(pool, str(f))
                problems += deck.problems + deck_problems(pool, deck, str(f))
            elif kind == "scenario":
                counts["scenarios"] += 1
                from .scenario import check_scenario
                problems += check_scenario(data, pool, str(f))
        except DataError as e:
            problems += e.problems
    unique, seen = [], set()
    for p in problems:
        if str(p) not in seen:
            seen.add(str(p))
            unique.append(p)
    return unique, counts

