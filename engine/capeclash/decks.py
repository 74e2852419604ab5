"""Deck lists: the YAML form, the shared text form, and the deck-building rules.

The text form is what players paste to each other::

    # Skyguard Starter
    Main: Captain Ember
    4 Stone Warden
    3 Signal Tower

>>> d = Deck.from_text("Main: Boss\\n2 Grunt\\n")
>>> d.main, d.cards
('Boss', ['Grunt', 'Grunt'])
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from engine.cardlang.cards import CardPool
from engine.core.errors import DeckError, Problem, excerpt, suggest

DECK_SIZE = 60
MAX_COPIES = 4
# Bounds on what a deck list may ask for, checked before any list is built: a count above MAX_COUNT
# can never be legal, and a list of more than MAX_LISTED cards in all is not read further.
MAX_COUNT = DECK_SIZE
MAX_LISTED = 10 * DECK_SIZE

# (matched against a stripped line: a lazy name followed by \s*$ cost time squared in a run of spaces)
# ('3 Name', '3x Name', '3 x Name' and '3X Name', as other games' deck lists write it)
_LINE = re.compile(r"(\d+)(?:\s*x|X)?\s+(\S.*)")


def _count(n, source, card, field) -> tuple[int, Problem | None]:
    """A card count from a deck list: a whole number from 1 to MAX_COUNT, or a problem naming it."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        return 0, Problem(source, card, field, f"count must be a positive whole number, not {excerpt(n)}")
    if n > MAX_COUNT:
        shown = f"count {n}" if n < 10 ** 12 else "a count of a trillion or more"
        return 0, Problem(source, card, field, f"{shown} is more than any deck holds (at most {MAX_COUNT})")
    return n, None


class _Listed:
    """Cards listed so far, stopping (with one problem) past MAX_LISTED in all."""

    def __init__(self, source, field):
        self.cards: list[str] = []
        self.source, self.field = source, field
        self.problem: Problem | None = None

    def add(self, ref: str, n: int) -> None:
        if len(self.cards) + n > MAX_LISTED:
            if self.problem is None:
                self.problem = Problem(self.source, None, self.field, f"more than {MAX_LISTED} cards listed; "
                                                                      f"a deck has {DECK_SIZE}")
            return
        self.cards += [ref] * n


def _counted(counts: dict, source, field: str, problems: list[Problem]) -> list[str]:
    """The cards a mapping ``{card: count}`` lists, each count checked (``_count``) and the whole
    capped (``_Listed``); the problems found are added to ``problems``."""
    listed = _Listed(source, field)
    for ref, n in counts.items():
        n, prob = _count(n, source, str(ref), field)
        if prob:
            problems.append(prob)
        else:
            listed.add(str(ref), n)
    if listed.problem:
        problems.append(listed.problem)
    return listed.cards


class Deck:
    """A main character (level 1 card id) and the 60 cards of the deck, as card ids."""

    def __init__(self, name: str, main: str, cards: list[str], piles: dict | None = None):
        self.name = name
        self.main = main
        self.cards = list(cards)
        # side piles set aside at the start, outside the 60: {name: {"hidden": bool, "cards": [ids]}}
        self.piles: dict[str, dict] = {k: {"hidden": bool(v.get("hidden")), "cards": list(v["cards"])}
                                       for k, v in (piles or {}).items()}
        self.problems: list[Problem] = []

    def counts(self) -> Counter:
        return Counter(self.cards)

    def to_json(self) -> dict:
        out = {"name": self.name, "main": self.main, "cards": dict(sorted(self.counts().items()))}
        if self.piles:
            out["piles"] = {k: {"hidden": v["hidden"], "cards": dict(sorted(Counter(v["cards"]).items()))}
                            for k, v in sorted(self.piles.items())}
        return out

    @classmethod
    def from_json(cls, data: Any, source: str | None = None) -> Deck:
        """The JSON form (``to_json``), as saves and the browser's bundle hold it. Raises ``DeckError``
        naming the field for anything malformed (a save may come from anyone)."""
        problems: list[Problem] = []

        def expand(counts, field):
            if not isinstance(counts, dict):
                problems.append(Problem(source, None, field, "a mapping of card id -> count"))
                return []
            return _counted(counts, source, field, problems)
        if not isinstance(data, dict):
            raise DeckError([Problem(source, None, None, "a deck is a mapping with name, main and cards")])
        if not isinstance(data.get("main"), str):
            problems.append(Problem(source, None, "main", "names the main character's card id"))
        for k in ("name", "description", "team"):  # (the team a deck is shown under, its blurb: text)
            if data.get(k) is not None and not isinstance(data[k], str):
                problems.append(Problem(source, None, k, f"must be text, not {excerpt(data[k])}"))
        cards = expand(data.get("cards"), "cards")
        raw_piles = data.get("piles") or {}
        if not isinstance(raw_piles, dict):
            problems.append(Problem(source, None, "piles", "a mapping of pile name -> {hidden, cards}"))
            raw_piles = {}
        piles = {}
        for k, v in raw_piles.items():
            if not isinstance(v, dict):
                problems.append(Problem(source, None, f"piles.{k}", "a pile is {hidden: true|false, cards: {...}}"))
                continue
            hidden = _pile_fields(v, source, f"piles.{k}", problems)
            piles[str(k)] = {"hidden": hidden, "cards": expand(v.get("cards"), f"piles.{k}.cards")}
        if problems:
            raise DeckError(problems)
        return cls(data.get("name", ""), data["main"], cards, piles)

    def to_text(self, pool: CardPool | None = None) -> str:
        def nm(cid):
            return pool[cid].name if pool is not None and cid in pool else cid
        lines = [f"# {self.name}"] if self.name else []
        lines.append(f"Main: {nm(self.main)}")
        for cid, n in sorted(self.counts().items(), key=lambda kv: nm(kv[0])):
            lines.append(f"{n} {nm(cid)}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, name: str = "", source: str | None = None) -> Deck:
        """Parse the text form; card references stay as written until ``resolve``.

        Lines that can't be read are kept in ``problems`` (reported with the rest by ``check_deck``).
        """
        main = None
        listed = _Listed(source, "cards")
        problems = []
        for no, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):  # a byte-order mark is no text
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#"):
                if not name and not listed.cards and main is None:
                    name = line.lstrip("#").strip()
                continue
            if line.lower().startswith("main:"):
                if main is not None:
                    problems.append(Problem(source, None, f"line {no}", "a deck has one main character"))
                main = line.split(":", 1)[1].strip()
                if not main:
                    problems.append(Problem(source, None, "Main", f"line {no} names no main character "
                                                                  "('Main: NAME')"))
                continue
            m = _LINE.fullmatch(line)
            if not m and re.fullmatch(r"(?:[-+]\d|\d+[.,]\d)\S*\s+\S.*", line):
                problems.append(Problem(source, None, f"line {no}",
                                        f"a count is a whole number of copies from 1 up, not "
                                        f"{excerpt(line.split()[0])} ({excerpt(line)})"))
                continue
            if not m:
                problems.append(Problem(source, None, f"line {no}",
                                        f"expected 'COUNT CARD NAME' or 'Main: NAME', got {excerpt(line)}"))
                continue
            digits = m.group(1)  # (int() of thousands of digits is refused: any count past 12 is too big)
            n, prob = _count(int(digits) if len(digits) <= 12 else 10 ** 12, source, m.group(2), f"line {no}")
            if prob:
                problems.append(prob)
                continue
            listed.add(m.group(2), n)
        if listed.problem:
            problems.append(listed.problem)
        if main is None:
            problems.append(Problem(source, None, "Main", "no main character line ('Main: NAME')"))
        deck = cls(name, main or "", listed.cards)
        deck.problems = problems
        return deck

    @classmethod
    def from_data(cls, data, source: str | None = None) -> Deck:
        """The YAML form: ``{name, main, cards: {card: count}}``."""
        problems = []
        if not isinstance(data, dict):
            raise DeckError([Problem(source, None, None, "a deck is a mapping with name, main and cards")])
        for k in data:
            if k not in ("name", "main", "cards", "description", "team", "piles"):
                problems.append(Problem(source, None, k, f"unknown deck field"
                                                         f"{suggest(k, ['name', 'main', 'cards', 'piles'])}"))
        piles = {}
        raw_piles = data.get("piles") or {}
        if not isinstance(raw_piles, dict):
            problems.append(Problem(source, None, "piles", "a mapping of pile name -> {hidden, cards}"))
            raw_piles = {}
        for pname, spec in raw_piles.items():
            if not isinstance(spec, dict) or not isinstance(spec.get("cards"), dict):
                problems.append(Problem(source, None, f"piles.{pname}", "a pile is {hidden: true|false, "
                                                                         "cards: {card: count}}"))
                continue
            hidden = _pile_fields(spec, source, f"piles.{pname}", problems)
            piles[str(pname)] = {"hidden": hidden,
                                 "cards": _counted(spec["cards"], source, f"piles.{pname}.cards", problems)}
        main = data.get("main")
        if not isinstance(main, str) or not main.strip():
            problems.append(Problem(source, None, "main", "names the main character (level 1)" if main is None else
                                    f"names the main character (level 1), not {excerpt(main)}"))
            main = ""
        for k in ("name", "description", "team"):  # (the team a deck is shown under, its blurb: text)
            if data.get(k) is not None and not isinstance(data[k], str):
                problems.append(Problem(source, None, k, f"must be text, not {excerpt(data[k])}"))
        raw = data.get("cards")
        if not isinstance(raw, dict):
            problems.append(Problem(source, None, "cards", "a mapping of card -> count"))
            raw = {}
        cards = _counted(raw, source, "cards", problems)
        # the deck as far as it reads (without a main, or a main that is no text, too): its other problems
        # are reported with those of its cards (unknown cards, copies, the deck's size), as a text deck
        # list's are, so that one run lists them all
        deck = cls(data.get("name", "") if isinstance(data.get("name", ""), str) else "", main.strip(), cards, piles)
        deck.problems = problems
        return deck

    def resolve(self, pool: CardPool, source: str | None = None) -> Deck:
        """Turn names or ids into card ids. Unknown references are kept as written,
        and ``deck_problems`` reports them with a suggestion."""
        def one(ref: str) -> str:
            c = pool.find(ref) if ref else None
            return c.id if c is not None else ref
        out = Deck(self.name, one(self.main), [one(r) for r in self.cards],
                   {k: {"hidden": v["hidden"], "cards": [one(r) for r in v["cards"]]} for k, v in self.piles.items()})
        out.problems = list(self.problems)
        return out


def game_deck_problems(pool: CardPool, deck: Deck, source: str | None = None, *,
                       position: bool = False) -> list[Problem]:
    """What no game can be played with (what ``Game()`` refuses; a save is refused for these and, unless
    it starts from a position, for breaking the deck-building rules: ``deck_problems``): a card the card
    data does not hold (the main character, a card of the deck or of a side pile), and, for a game that
    does not start from a position, a main that is no main character. The deck-building rules (60 cards,
    copies, a level 1 main...) are not asked of a new game: tests, tools and the computer players'
    samplers start games with the cards they need (the samplers from a position's decks: a level 2 main,
    tokens that were in play)."""
    out: list[Problem] = []

    def unknown(cid) -> bool:
        return not isinstance(cid, str) or cid not in pool.cards

    # (every game starts here: ``pool.not_found`` lists the names for a suggestion only when a card is wrong)
    if unknown(deck.main):
        out.append(Problem(source, deck.main if isinstance(deck.main, str) and deck.main else None, "main",
                           pool.not_found(deck.main) if isinstance(deck.main, str) and deck.main
                           else f"names no card: a deck needs a main character, not {excerpt(deck.main)}"))
    elif not position and pool.cards[deck.main].type != "main":
        c = pool.cards[deck.main]
        out.append(Problem(source, c.name, "main", f"is a {c.type.replace('_', ' ')}, not a main character"))
    for cid in sorted(set(deck.cards), key=str):
        if unknown(cid):
            out.append(Problem(source, excerpt(cid), "cards", pool.not_found(cid)))
    for pname, pile in sorted(deck.piles.items()):
        for cid in sorted(set(pile["cards"]), key=str):
            if unknown(cid):
                out.append(Problem(source, excerpt(cid), f"piles.{pname}.cards", pool.not_found(cid)))
    return out


def deck_problems(pool: CardPool, deck: Deck, source: str | None = None, *, sized: bool = True) -> list[Problem]:
    """Every way the deck breaks the deck-building rules (cards must already be resolved). ``sized=False``:
    all but the deck's size (a save's deck: see ``engine.capeclash.config.config_from_json``)."""
    out = []

    def err(card, field, msg):
        out.append(Problem(source, card, field, msg))

    names = sorted({x.name for x in pool})
    main = pool.cards.get(deck.main) if isinstance(deck.main, str) else None
    if main is None:
        if isinstance(deck.main, str) and deck.main.strip():
            err(deck.main, "main", f"no such card{suggest(deck.main, names)}")
        elif not any(p.field in ("main", "Main") for p in deck.problems):  # (not said already by the reader)
            err(None, "main", f"names no card: a deck needs a main character (level 1), not {excerpt(deck.main)}")
    elif main.type != "main":
        err(main.name, "main", f"is a {main.type.replace('_', ' ')}, not a main character")
    elif (main.level or 1) != 1:
        err(main.name, "main", "a deck starts with its main character's level 1 card")
    if sized and len(deck.cards) != DECK_SIZE:
        err(None, "cards", f"a deck has exactly {DECK_SIZE} cards besides the main character; this one has "
                           f"{len(deck.cards)}")
    basic_names: dict[str, set[str]] = {}
    universes = {main.universe} if main is not None else set()
    for cid, n in sorted(deck.counts().items()):
        c = pool.cards.get(cid)
        if c is None:
            err(cid, "cards", f"no such card{suggest(cid, names)}")
            continue
        universes.add(c.universe)
        if n > MAX_COPIES:
            err(c.name, "cards", f"{n} copies; at most {MAX_COPIES} of a card")
        if c.type in ("main", "token"):
            err(c.name, "cards", f"a {'main character' if c.type == 'main' else 'token'} cannot be in the deck")
        if c.is_basic_location and c.symbol is not None:  # (a basic location makes a symbol)
            basic_names.setdefault(c.symbol, set()).add(c.name)
    for sym, named in sorted(basic_names.items()):
        if len(named) > 1:
            err(None, "cards", f"basic locations that make {sym} must all share one name; found "
                               f"{', '.join(sorted(named))}")
    for pname, pile in sorted(deck.piles.items()):
        for cid in sorted(set(pile["cards"])):
            if cid not in pool.cards:
                err(cid, f"piles.{pname}.cards", f"no such card{suggest(cid, names)}")
    needed = {args["pile"] for cid in set(deck.cards) | {deck.main} if cid in pool.cards
              for args in _pile_refs(pool.cards[cid])}
    for cid in [deck.main, *{c for p in deck.piles.values() for c in p["cards"]}]:
        if cid in pool.cards:
            needed |= {args["pile"] for args in _pile_refs(pool.cards[cid])}
    for pname in sorted(needed - set(deck.piles)):
        err(None, "piles", f"a card in this deck uses the pile {pname!r}; add it under piles:")
    if len(universes) > 1:
        err(None, "cards", f"cards from different universes cannot be mixed: {', '.join(sorted(universes))}")
    out += deck_rule_problems(pool, deck, source)
    return out


def _pile_fields(spec: dict, source, field: str, problems: list[Problem]) -> bool:
    """A side pile's ``hidden`` flag (true or false; false when not given), and a problem for each
    field a pile does not have."""
    for k in spec:
        if k not in ("hidden", "cards"):
            problems.append(Problem(source, None, f"{field}.{k}", f"unknown pile field{suggest(k, ['hidden', 'cards'])}"))
    hidden = spec.get("hidden", False)
    if not isinstance(hidden, bool):
        problems.append(Problem(source, None, f"{field}.hidden", f"must be true or false, not {excerpt(hidden)}"))
        return False
    return hidden


def deck_rule_problems(pool: CardPool, deck: Deck, source: str | None = None) -> list[Problem]:
    """The deck-building clauses printed on the deck's cards (``deck_rules``), each broken one
    named with the deck, the card and the clause as printed."""
    from engine.cardlang.text import deck_requirement_phrase, deck_rule_lines
    out = []
    counts = deck.counts()
    main = pool.cards.get(deck.main)
    for cid, n in sorted(counts.items()):
        c = pool.cards.get(cid)
        rules = c.deck_rules if c is not None else None
        if c is None or not rules:
            continue
        said = deck_rule_lines(c)
        where = f"deck {deck.name!r}: " if deck.name else ""
        if "max_copies" in rules and n > rules["max_copies"]:
            out.append(Problem(source, c.name, "cards", f"{where}{n} copies of {c.name}, whose clause says "
                                                        f"\"{said[0]}\""))
        req = rules.get("requires")
        if isinstance(req, dict) and not _requirement_met(pool, deck, main, cid, req):
            out.append(Problem(source, c.name, "cards", f"{where}{c.name} may be in a deck only if "
                                                        f"{deck_requirement_phrase(req)} (its clause "
                                                        f"\"{said[-1]}\")"))
    return out


def _requirement_met(pool: CardPool, deck: Deck, main, cid: str, req: dict) -> bool:
    if "main_team" in req and (main is None or req["main_team"] not in main.teams):
        return False
    if "count" in req:
        n = 0
        for other, k in deck.counts().items():
            d = pool.cards.get(other)
            if other == cid or d is None:
                continue
            if "team" in req and req["team"] not in d.teams:
                continue
            if "type" in req and d.type != req["type"]:
                continue
            if "keyword" in req and req["keyword"] not in d.keywords:
                continue
            n += k
        if n < req["count"]:
            return False
    return True


def _pile_refs(card) -> list[dict]:
    from engine.cardlang.cards import _all_steps, _walk
    refs = [args for _f, steps in _all_steps(card) for verb, args in _walk(steps) if verb == "take_from_pile"]
    if getattr(card, "returns_to", None):
        refs.append({"pile": card.returns_to})
    return refs


def check_deck(pool: CardPool, deck: Deck, source: str | None = None) -> Deck:
    """Resolve and validate; raises ``DeckError`` listing every problem."""
    deck = deck.resolve(pool, source)
    problems = deck.problems + deck_problems(pool, deck, source)
    if problems:
        raise DeckError(problems)
    return deck
