"""Typed errors with stable codes.

Every error is a ``ValueError`` subclass (as in python-chess) carrying a
stable ``code`` that a UI can map to its own wording, and a readable message.
"""

from __future__ import annotations

import difflib
import reprlib


class CapeClashError(ValueError):
    """Base class for every error the engine raises on bad input."""

    code = "error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code:
            self.code = code


class IllegalActionError(CapeClashError):
    """An action that is not legal now. The game state is left untouched."""

    code = "illegal_action"


class InvalidActionError(IllegalActionError):
    """An action that is malformed (unknown type, missing or bad argument): one kind of illegal
    action, so ``except IllegalActionError`` catches both. The game state is left untouched."""

    code = "invalid_action"


MAX_MESSAGE = 400  # a problem's message is cut here: data in it is shown as a bounded excerpt

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxtuple, _REPR.maxset = 3, 6, 6, 6, 6
_REPR.maxstring, _REPR.maxother, _REPR.maxlong = 60, 60, 40


def excerpt(value, limit: int = 80) -> str:
    """A short, bounded repr of ``value`` for error messages: large or deeply nested data (say from a
    YAML alias bomb) is never expanded in full."""
    try:
        text = _REPR.repr(value)
    except ValueError:  # a whole number of thousands of digits: Python refuses to write it out
        text = "<a number too long to show>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def cut(text, limit: int):
    if text is None or isinstance(text, int):
        return text
    if not isinstance(text, str):
        return excerpt(text, limit)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Problem:
    """One problem found in a data file: where it is and what is wrong."""

    __slots__ = ("file", "card", "field", "message")

    def __init__(self, file: str | None, card: str | None, field: str | None, message: str):
        # every part is cut to a bounded length, whatever data went into it
        self.file, self.card, self.field = cut(file, 300), cut(card, 100), cut(field, 100)
        self.message = cut(message, MAX_MESSAGE)

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(self.file)
        if self.card:
            where.append(f"card {self.card!r}")
        if self.field:
            where.append(f"field {self.field!r}")
        return (": ".join([", ".join(where), self.message]) if where else self.message)

    def __repr__(self) -> str:
        return f"Problem({str(self)!r})"


class DataError(CapeClashError):
    """Card, deck, scenario or save data with problems; lists all of them."""

    code = "bad_data"

    def __init__(self, problems: list[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem(None, None, None, problems)]
        self.problems = list(problems)
        lines = [str(p) for p in self.problems]
        head = f"{len(lines)} problem(s) found" if len(lines) > 1 else "problem found"
        super().__init__(head + ":\n  " + "\n  ".join(lines))


class DeckError(DataError):
    code = "bad_deck"


class SaveError(DataError):
    code = "bad_save"


class WebError(Exception):
    """A request the web session (``apps.webapi``) cannot serve; ``code`` is stable, ``problems``
    list every detail. Here, not in ``webapi``, so the core (the tutorial's session operations)
    raises it without importing the web API."""

    def __init__(self, code: str, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.code = code
        self.problems = problems or []


def suggest(word: object, options) -> str:
    """`` (did you mean 'X'?)`` for an option ``word`` is probably a misspelling of, else "" (also
    when ``word`` is no string: it may come straight from a data file).

    A suggestion must be a slip of the keys, never another meaning: no option that differs from
    ``word`` only by a negation (``immobile``/``mobile``, ``not_self``/``self``, ``cant_attack``/
    ``attack``), by a word of opposite sense (``cost_min``/``cost_max``) or by swapping one word of a
    compound for another (``health_of``/``atk_of``, ``ally_appears``/``enemy_appears``): each word
    that differs must be a misspelling of its counterpart."""
    if not isinstance(word, str) or len(word) > 60:
        return ""  # only a short word can be a misspelling (and a long one costs difflib dearly)
    close = difflib.get_close_matches(word, [o for o in options if isinstance(o, str) and len(o) <= 60],
                                      n=6, cutoff=0.6)
    for option in close:
        if _is_slip(word, option):
            return f" (did you mean {option!r}?)"
    return ""


# Prefixes that turn a word into its opposite (checked on whole words and on each word of a compound)
_NEGATIONS = ("non", "not", "un", "in", "im", "il", "ir", "dis", "no", "cant", "cannot", "dont", "doesnt",
              "isnt", "anti")
# Words of opposite sense that may still look alike
_OPPOSITES = {frozenset(p) for p in (
    ("min", "max"), ("first", "last"), ("attacker", "defender"), ("attacking", "defending"),
    ("attack", "defend"), ("attacks", "defends"), ("ally", "enemy"), ("allies", "enemies"),
    ("friend", "foe"), ("yours", "theirs"), ("your", "their"), ("own", "enemy"), ("win", "lose"),
    ("won", "lost"), ("wins", "loses"), ("gain", "lose"), ("add", "remove"), ("top", "bottom"),
    ("front", "back"), ("up", "down"), ("in", "out"), ("on", "off"), ("start", "end"),
    ("before", "after"), ("more", "less"), ("most", "least"), ("above", "below"), ("over", "under"),
    ("plus", "minus"), ("ready", "exhausted"), ("with", "without"), ("can", "cant"), ("can", "cannot"),
    ("is", "isnt"), ("does", "doesnt"), ("has", "hasnt"), ("any", "none"), ("all", "none"),
    ("good", "evil"), ("hero", "villain"), ("open", "closed"), ("true", "false"), ("yes", "no"),
    ("may", "must"), ("main", "supporting"), ("melee", "ranged"), ("face_up", "face_down"))}


def _words(text: str) -> list[str]:
    return [w for w in text.lower().replace("-", "_").replace(" ", "_").split("_") if w]


def _negated(a: str, b: str) -> bool:
    """Is one of the two the other with a negating prefix, or are they opposite words?"""
    if frozenset((a, b)) in _OPPOSITES:
        return True
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return any(longer == neg + shorter for neg in _NEGATIONS)


def _typo(a: str, b: str) -> bool:
    """Could ``a`` be ``b`` mistyped (a few letters wrong, missing, extra or swapped)?"""
    if _negated(a, b):
        return False
    return _edits(a, b) <= max(1, min(len(a), len(b)) // 3) or difflib.SequenceMatcher(None, a, b).ratio() >= 0.7


def _is_slip(word: str, option: str) -> bool:
    a, b = _words(word), _words(option)
    if not a or not b:
        return False
    if _negated("".join(a), "".join(b)) or _negated("_".join(a), "_".join(b)):
        return False
    if len(a) == len(b):
        return all(x == y or _typo(x, y) for x, y in zip(a, b, strict=True))
    # words run together or split apart ("teamup", "mind_game_s"): compare the letters as a whole, but
    # never when a word of one is a negation or an opposite of a word of the other
    if any(_negated(x, y) for x in a for y in b):
        return False
    return _typo("".join(a), "".join(b))


def _edits(a: str, b: str) -> int:
    """The number of single-letter edits (insert, delete, replace, swap two neighbours) from a to b."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[len(b)]
