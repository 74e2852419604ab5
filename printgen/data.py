"""What to print: the starter set (or every card), or one deck, in set order with set numbers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

SKIP_DIRS = {"scenarios", "art", "rules"}
TYPE_ORDER = {"main": 0, "supporting": 1, "plot_twist": 2, "location": 3, "equipment": 4, "token": 5}


@dataclass
class PrintJob:
    """A named list of cards to print: ``cards`` in print order (unique), ``counts`` copies of each."""

    name: str
    title: str
    pool: object
    cards: list
    counts: dict
    numbers: dict = field(default_factory=dict)
    decks: list = field(default_factory=list)   # (name, Deck) for the rulebook's deck lists
    files: list = field(default_factory=list)   # the data files read, for the rebuild check

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


def set_order(pool, cards) -> list:
    teams = sorted(getattr(pool, "teams", {}) or {})

    def key(c):
        team = teams.index(c.teams[0]) if c.teams and c.teams[0] in teams else len(teams)
        return (team, TYPE_ORDER.get(c.type, 9), c.name if c.type == "main" else "", c.level or 0, c.cost or 0, c.name, c.id)
    return sorted(cards, key=key)


def set_numbers(pool, cards) -> dict[str, str]:
    """Set numbers from ``engine.setlist`` when it provides them, else by set order: ``007/119``."""
    try:
        from engine import setlist  # noqa: PLC0415 - optional module
        fn = getattr(setlist, "set_numbers", None)
        if fn is not None:
            got = fn(pool)
            if isinstance(got, dict) and got:
                return {k: str(v) for k, v in got.items()}
    except Exception:  # noqa: BLE001 - no set list module (yet): number the cards here
        pass
    n = len(cards)
    width = max(3, len(str(n)))
    return {c.id: f"{i:0{width}d}/{n:0{width}d}" for i, c in enumerate(cards, 1)}


def starter_dir(root: Path) -> Path | None:
    d = root / "starter"
    return d if d.is_dir() else None


def load_set(root: Path) -> PrintJob:
    """The starter set if there is one, else every card under ``root``, one copy each."""
    from engine.loader import load_deck, load_pool
    base = starter_dir(root) or root
    files = card_files(base)
    pool = load_pool([f for f in files if f.suffix != ".txt"])
    cards = set_order(pool, list(pool))
    decks = []
    from engine.loader import classify, read_data
    for f in files:
        if f.suffix in (".yaml", ".yml"):
            data, _ = read_data(f)
            if classify(data) == "deck":
                deck = load_deck(f, pool)
                deck.description = str(data.get("description") or "")
                decks.append((f.stem, deck))
    name = "starter-set" if base != root else "all-cards"
    title = "Starter set" if base != root else "All cards"
    return PrintJob(name, title, pool, cards, dict.fromkeys((c.id for c in cards), 1),
                    set_numbers(pool, cards), decks, files)


def load_deck_job(path: Path, root: Path) -> PrintJob:
    """A deck: its main character's every level, its 60 cards, side piles and the tokens it makes."""
    from engine.cards import _all_steps, _walk
    from engine.errors import DataError
    from engine.loader import load_deck, load_pool
    path = Path(path)
    files = card_files(path.parent)
    try:
        pool = load_pool([f for f in files if f.suffix != ".txt"])
        deck = load_deck(path, pool)
    except DataError:
        files = card_files(root)
        pool = load_pool([f for f in files if f.suffix != ".txt"])
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
    cards = set_order(pool, [pool[i] for i in counts])
    all_cards = set_order(pool, list(pool))
    return PrintJob(path.stem, deck.name or path.stem, pool, cards, dict(counts), set_numbers(pool, all_cards),
                    [(path.stem, deck)], [*files, path])


def tokens_used(pool, cards) -> list:
    """Token cards that the given cards create."""
    from engine.cards import _all_steps, _walk
    out = {}
    for c in cards:
        if c.type == "token":
            out[c.id] = c
        for _f, steps in _all_steps(c):
            for verb, args in _walk(steps):
                if verb == "create_token" and args.get("card") in pool:
                    out[args["card"]] = pool[args["card"]]
    return sorted(out.values(), key=lambda c: c.name)
