"""Helpers for tests, doctests and benchmarks: the testbed card set and its decks.

The testbed set is read from ``card_data/testset`` (YAML) and cached.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.capeclash.decks import Deck
from engine.capeclash.game import Game
from engine.capeclash.state import Card
from engine.cardlang.cards import CardPool

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"
TESTSET = CARD_DATA / "testset"


@lru_cache(maxsize=1)
def test_pool() -> CardPool:
    from engine.capeclash.loader import load_pool
    return load_pool([TESTSET])


@lru_cache(maxsize=1)
def _decks() -> tuple[Deck, Deck]:
    from engine.capeclash.loader import load_deck
    pool = test_pool()
    return (load_deck(TESTSET / "deck-dawnwatch.yaml", pool), load_deck(TESTSET / "deck-gloom.yaml", pool))


@lru_cache(maxsize=8)
def _shared_pool(cwd: str, paths: tuple[str, ...]) -> CardPool:
    from engine.capeclash.loader import load_pool
    return load_pool(list(paths))


def shared_pool(paths) -> CardPool:
    """``load_pool(paths)``, read once per test run: a CardPool is immutable once built (its CardDefs are
    frozen), so tests that only read it may share it. Keyed by the paths exactly as given (card sources
    name them) and the working directory (relative paths)."""
    import os
    return _shared_pool(os.getcwd(), tuple(str(p) for p in paths))


def test_decks() -> list[Deck]:
    return list(_decks())


def sample_game(seed: int = 1, mode: str = "duel", players: int | None = None) -> Game:
    """A game between the testbed decks (alternating) for 2-4 players."""
    n = players or {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4}[mode]
    decks = test_decks()
    return Game(test_pool(), {"mode": mode, "seed": seed,
                              "players": [{"name": f"P{i + 1}", "deck": decks[i % 2]} for i in range(n)]})


# these helpers are not tests, whatever their names say
test_pool.__test__ = False  # type: ignore[attr-defined]
test_decks.__test__ = False  # type: ignore[attr-defined]


def _pattern(c) -> bool:
    """A card of the pattern catalogue (card_data/patterns): it shows one construct of the card
    language and is checked by its own scenario, so it is never dealt into a random deck."""
    return bool(c.source) and "patterns" in Path(c.source).parts


def random_deck(pool: CardPool, r, name: str) -> Deck:
    """A deck dealt at random from every card in ``pool`` with the random generator ``r``: a
    main character, 44 other cards (at most 4 of each) and 16 locations (for soaks that should
    meet every card, not only the testbed's)."""
    cards_in = [c for c in pool if not _pattern(c)]
    mains = sorted(c.id for c in cards_in if c.type == "main" and (c.level or 1) == 1)
    others = sorted(c.id for c in cards_in if c.type not in ("main", "token", "location"))
    places = sorted(c.id for c in cards_in if c.type == "location")
    cards: list[str] = []
    _deal(cards, others, 44, 4, r)
    cards += [places[r.below(len(places))] for _ in range(16)]
    return Deck(name, mains[r.below(len(mains))], cards)


def _deal(cards: list[str], ids: list[str], until: int, copies: int, r) -> None:
    """Add cards drawn at random from ``ids`` (at most ``copies`` of each) until there are ``until``."""
    while len(cards) < until:
        cid = ids[r.below(len(ids))]
        if cards.count(cid) < copies:
            cards.append(cid)


# the verbs that show a player cards nobody else sees, or show everyone cards that then hide again
# (looked at, revealed, played from the top of a deck, milled)
DECK_VERBS = frozenset({"look_at_deck", "reveal_until", "reveal_hand", "play_from", "mill", "search"})


def _uses_deck_verbs(c) -> bool:
    from engine.cardlang.verbs.base import walk_steps
    effects = [c.effect, *(pw.effect for pw in c.powers), *(t.effect for t in c.triggers)]
    return any(verb in DECK_VERBS for steps in effects for verb, _args in walk_steps(steps or ()))


def pattern_deck(pool: CardPool, r, name: str) -> Deck:
    """A deck dealt at random with ``r`` for soaks that should meet the pattern catalogue's cards
    (card_data/patterns, which ``random_deck`` leaves out): a main character, 20 cards among the
    pattern cards that look at, reveal, play or mill cards of a deck (``DECK_VERBS``), 12 among the
    other pattern cards, 12 among the rest (at most 2 of each), and 16 locations."""
    chars = [c for c in pool if c.type not in ("main", "token", "location")]
    deck_verbs = sorted(c.id for c in chars if _pattern(c) and _uses_deck_verbs(c))
    patterns = sorted(c.id for c in chars if _pattern(c) and c.id not in deck_verbs)
    others = sorted(c.id for c in chars if not _pattern(c))
    mains = sorted(c.id for c in pool if c.type == "main" and (c.level or 1) == 1)
    places = sorted(c.id for c in pool if c.type == "location")
    cards: list[str] = []
    for ids, n in ((deck_verbs, 20), (patterns, 12), (others, 12)):
        _deal(cards, ids, len(cards) + min(n, 2 * len(ids)), 2, r)
    _deal(cards, others, 44, 4, r)
    cards += [places[r.below(len(places))] for _ in range(16)]
    return Deck(name, mains[r.below(len(mains))], cards)


def named(g: Game, name: str, side: int | None = None) -> Card:
    """The card called ``name`` (on ``side``, if given): for tests that build positions by name."""
    return next(c for c in g.cards.values() if g.name(c.iid) == name and (side is None or c.side == side))


def act(g: Game, kind: str, **args) -> None:
    """Carry out the first legal action of ``kind`` with these arguments, for whichever player is
    asked (tests that play a position by hand)."""
    for p in range(len(g.players)):
        for a in g.legal_actions(p):
            if a.type == kind and all(a.args.get(k) == v for k, v in args.items()):
                g.apply(a)
                return
    raise AssertionError(f"no legal {kind} {args}")
