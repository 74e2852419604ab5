"""What to print: the starter set (or every card), or one deck, in set order with set numbers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

SKIP_DIRS = {"scenarios", "art", "rules"}
TYPE_ORDER = {"main": 0, "supporting": 1, "plot_twist": 2, "location": 3, "equipment": 4, "token": 5}


@dataclass
class PrintJob:
    """A named list of cards to print, in either game: ``cards`` in print order (unique), ``counts``
    copies of each (one when not named)."""

    name: str
    title: str
    pool: object
    cards: list
    counts: dict
    numbers: dict = field(default_factory=dict)
    decks: list = field(default_factory=list)   # (name, Deck) for the rulebook's deck lists
    files: list = field(default_factory=list)   # the data files read, for the rebuild check
    deck: str = ""                              # which of the game's decks (Derring-Dice: recruit, action)

    def copies(self) -> list:
        """Every card to print, each as many times as it is needed."""
        return [c for c in self.cards for _ in range(self.counts.get(c.id, 1))]


def card_files(root: Path) -> list[Path]:
    """Card, deck and rulebook files under ``root``, without scenarios and art."""
    out = []
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix in (".yaml", ".yml", ".json", ".txt") and not p.name.startswith("."):
            if not SKIP_DIRS & set(p.relative_to(root).parts[:-1]):
                out.append(p)
    return out


def read_yaml(path: Path):
    """A data file's contents, read by the engine's safe loader (libyaml's parser when there is one;
    nesting and aliases limited, a key given twice refused: libyaml's own loader crashes the process
    on a file nested thousands deep). Raises ``DataError`` naming the file."""
    from engine.core.data import read_data
    return read_data(path)[0]


def load_cards(files) -> tuple:
    """The pool of every card file among ``files``, with the raw team list (in file order) and the
    deck files' data. Any problem: the engine's own loader reports all of them, with line numbers."""
    from engine.capeclash.loader import classify, load_pool
    from engine.cardlang.cards import CardPool, check_pool, parse_cards, parse_teams
    cards: dict = {}
    teams: dict = {}
    raw_teams: list = []
    decks: list = []
    problems: list = []
    for f in files:
        if f.suffix == ".txt":
            continue
        try:
            data = read_yaml(f)
        except Exception:  # noqa: BLE001 - let the engine's loader word the syntax error
            problems.append(f)
            continue
        kind = classify(data)
        if kind == "deck":
            decks.append((f, data))
        if kind != "cards":
            continue
        defs, probs = parse_cards(data.get("cards") or [], file=str(f))
        problems += probs
        for cid, d in defs.items():
            if cid in cards:
                problems.append(cid)
            cards[cid] = d
        tmap, tprobs = parse_teams(data.get("teams") or [], file=str(f))
        teams.update(tmap)
        raw_teams += [t for t in data.get("teams") or [] if isinstance(t, dict)]
        problems += tprobs
    pool = CardPool(cards, teams)
    if problems or check_pool(pool):
        load_pool([f for f in files if f.suffix != ".txt"])  # raises DataError listing every problem
    return pool, raw_teams, decks


def set_order(pool, cards, raw_teams=()) -> list:
    """Cards in set-list order: ``apps.setlist``'s order when it is there, else by team and type."""
    try:
        from apps.setlist import _sort_key, _team_rank  # noqa: PLC0415 - same order as `capeclash setlist`
        rank = _team_rank(pool, [t["name"] for t in raw_teams if "name" in t])
        return sorted(cards, key=lambda c: _sort_key(c, rank))
    except ImportError:
        pass
    teams = sorted(getattr(pool, "teams", {}) or {})

    def key(c):
        team = teams.index(c.teams[0]) if c.teams and c.teams[0] in teams else len(teams)
        return (team, TYPE_ORDER.get(c.type, 9), c.name if c.type == "main" else "", c.level or 0, c.cost or 0, c.name, c.id)
    return sorted(cards, key=key)


def set_numbers(cards) -> dict[str, str]:
    """Set numbers as ``capeclash setlist`` gives them: a card's own ``number:`` wins, the others follow
    the highest number in use, in set order."""
    used = {c.number for c in cards if c.number}
    width = max(3, *(len(n) for n in used)) if used else 3
    highest = max((int(n) for n in used if n.isdigit()), default=0)
    out = {}
    for c in cards:
        if c.number:
            out[c.id] = c.number
        else:
            highest += 1
            out[c.id] = str(highest).zfill(width)
    return out


def resolve_deck(ref, root: Path) -> Path:
    """A deck by path, or by file name or stem under ``root`` (``deck-ember-oath``)."""
    p = Path(ref)
    if p.is_file():
        return p
    from engine.core.errors import DeckError, Problem
    hits = [f for f in card_files(root) if f.stem == str(ref) or f.name == str(ref)]
    hits.sort(key=lambda f: (f.suffix == ".txt", str(f)))   # the YAML deck before its text twin
    if hits:
        return hits[0]
    decks = sorted({f.stem for f in card_files(root) if f.stem.startswith("deck-")})
    raise DeckError([Problem(str(ref), None, None, "no deck file with that path or name"
                             + (f"; decks under {root}: {', '.join(decks)}" if decks else ""))])


def check_root(root) -> None:
    """A card data folder must be one: a path that names nothing, or a file, is refused by name (``DataError``)
    rather than read as a folder without cards."""
    from engine.core.errors import DataError, Problem
    p = Path(root)
    if not p.is_dir():
        why = "is a file, not a card data folder" if p.exists() else "no such card data folder"
        raise DataError([Problem(str(root), None, None, why)])


def starter_dir(root: Path) -> Path | None:
    d = root / "starter"
    return d if d.is_dir() else None


def _deck_from(path: Path, data, pool):
    from engine.capeclash.decks import Deck, check_deck
    deck = Deck.from_data(data, source=str(path))
    deck.name = deck.name or path.stem
    out = check_deck(pool, deck, str(path))
    out.name = out.name or deck.name
    out.description = str(data.get("description") or "") if isinstance(data, dict) else ""
    return out


def load_set(root: Path) -> PrintJob:
    """The starter set if there is one, else every card under ``root``, one copy each."""
    check_root(root)
    base = starter_dir(root) or root
    files = card_files(base)
    pool, raw_teams, deck_data = load_cards(files)
    cards = set_order(pool, list(pool), raw_teams)
    if not cards:  # nothing to print is not a print run
        from engine.core.errors import DataError, Problem
        raise DataError([Problem(str(base), None, None, "no Cape Clash cards here (card files hold a 'cards:' list)")])
    decks = [(f.stem, _deck_from(f, data, pool)) for f, data in deck_data]
    name = "starter-set" if base != root else "all-cards"
    title = "Starter set" if base != root else "All cards"
    return PrintJob(name, title, pool, cards, dict.fromkeys((c.id for c in cards), 1),
                    set_numbers(cards), decks, files)


def load_deck_job(path: Path, root: Path) -> PrintJob:
    """A deck: its main character's every level, its 60 cards, side piles and the tokens it makes."""
    from engine.capeclash.loader import load_deck
    from engine.cardlang.cards import _all_steps, _walk
    from engine.core.errors import DataError
    path = Path(path)
    files = card_files(path.parent)
    try:
        pool, raw_teams, _ = load_cards(files)
        deck = load_deck(path, pool)
    except DataError:
        files = card_files(root)
        pool, raw_teams, _ = load_cards(files)
        deck = load_deck(path, pool)
    counts: Counter = Counter(deck.cards)
    cid = deck.main
    while cid and cid in pool and cid not in counts:
        counts[cid] = 1
        lu = pool[cid].level_up
        cid = lu.into if lu else None
    for pile in deck.piles.values():
        for p in pile["cards"]:
            counts[p] += 1
    for c in [pool[i] for i in list(counts)]:
        for _f, steps in _all_steps(c):
            for verb, args in _walk(steps):
                if verb == "create_token" and args.get("card") in pool:
                    counts[args["card"]] = max(counts[args["card"]], 2)
    cards = set_order(pool, [pool[i] for i in counts], raw_teams)
    all_cards = set_order(pool, list(pool), raw_teams)
    return PrintJob(path.stem, deck.name or path.stem, pool, cards, dict(counts), set_numbers(all_cards),
                    [(path.stem, deck)], [*files, path])


def tokens_used(pool, cards) -> list:
    """Token cards that the given cards create."""
    from engine.cardlang.cards import _all_steps, _walk
    out = {}
    for c in cards:
        if c.type == "token":
            out[c.id] = c
        for _f, steps in _all_steps(c):
            for verb, args in _walk(steps):
                if verb == "create_token" and args.get("card") in pool:
                    out[args["card"]] = pool[args["card"]]
    return sorted(out.values(), key=lambda c: c.name)
