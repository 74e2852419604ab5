"""What Derring-Dice prints: its two decks (Recruit and Action) in the order of the data files, with set
numbers, and its rulebook's source. ``games.derring_dice`` turns them into the build's description
of the game (faces, backs, counters, rulebook).

The cards come from ``card_data/dice``, checked by the dice game's own validator (on any problem the
engine's loader, ``engine.dice.load_pool``, reports every problem of every file); their rules notes come
from ``engine.dice.text``. A card's print id is its name in lower case with dashes (``doctor-skyline``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .data import PrintJob
from .dice_faces import dice_context, print_card
from .faces import Context

DECKS = (("recruit", "R", "Recruit deck"), ("action", "A", "Action deck"))
NAME = "derring-dice"


@dataclass
class DiceSet:
    root: Path
    pool: object
    jobs: list
    ctx: Context
    rulebook: dict | None

    @property
    def cards(self) -> list:
        return [c for j in self.jobs for c in j.cards]


def dice_root(data: Path) -> Path | None:
    """``<data>/dice`` when it holds dice card files."""
    d = Path(data) / "dice"
    return d if d.is_dir() and any(d.glob("*.y*ml")) else None


def dice_files(root: Path) -> list[Path]:
    from .data import card_files
    art = root / "art"
    return card_files(root) + (sorted(art.glob("*")) if art.is_dir() else [])


def read_pool(root: Path):
    """The dice pool from ``root``'s card files. Files are parsed with libyaml and checked with the dice
    game's own validator; on any problem the engine's loader reads them again to report every problem
    with its file, card and field (``DataError``)."""
    from engine.dice.cards import DicePool, load_pool
    from engine.dice.data import validate_file

    from .data import card_files, read_yaml
    recruit, action, seen = [], [], {}
    try:
        for f in card_files(root):
            if f.suffix == ".txt":
                continue
            data = read_yaml(f)
            if not isinstance(data, dict) or data.get("game") != "dice" or "cards" not in data:
                continue
            if validate_file(f, data):
                raise ValueError(f)
            for c in data["cards"]:
                if seen.setdefault(c["name"], f) != f:
                    raise ValueError(f)
            (recruit if data.get("deck") == "recruit" else action).extend(data["cards"])
    except Exception:  # noqa: BLE001 - the engine's loader words every problem (or reads what we could not)
        return load_pool([root])
    return DicePool.from_data(recruit, action)


def load_dice(root: Path) -> DiceSet:
    """Both decks in the order of the data files, numbered R001... and A001...; raises DataError."""
    from .data import read_yaml
    pool = read_pool(root)
    jobs, numbers = [], {}
    for deck, prefix, title in DECKS:
        src = pool.recruit if deck == "recruit" else pool.action
        width = max(3, len(str(len(src))))
        cards = [print_card(d, f"{prefix}{i:0{width}d}") for i, d in enumerate(src, 1)]
        nums = {c.id: c.number for c in cards}
        numbers.update(nums)
        jobs.append(PrintJob(f"{NAME}-{deck}", title, pool, cards, dict.fromkeys(nums, 1), nums, deck=deck))
    ids: dict = {}
    for c in (c for j in jobs for c in j.cards):
        ids.setdefault(c.id, []).append(c.name)
    clashes = {i: names for i, names in ids.items() if len(names) > 1}
    if clashes:   # file names, art and the image cache go by id: two cards must not share one
        from engine.core.errors import DataError, Problem
        raise DataError([Problem(str(root), names[1], "name", f"prints under the same id {i!r} as {names[0]!r}; "
                                                               "rename one of them") for i, names in clashes.items()])
    art = root / "art"
    rb = root / "rulebook.yaml"
    rulebook = read_yaml(rb) if rb.exists() else None
    return DiceSet(root, pool, jobs, dice_context(art if art.is_dir() else None, numbers), rulebook)
