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


def suggest(word: str, options) -> str:
    if not isinstance(word, str) or len(word) > 60:
        return ""  # only a short word can be a misspelling (and a long one costs difflib dearly)
    close = difflib.get_close_matches(word, [o for o in options if isinstance(o, str)], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
