"""Typed errors with stable codes.

Every error is a ``ValueError`` subclass (as in python-chess) carrying a
stable ``code`` that a UI can map to its own wording, and a readable message.
"""

from __future__ import annotations


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


class InvalidActionError(CapeClashError):
    """An action that is malformed (unknown type, missing or bad argument)."""

    code = "invalid_action"


class Problem:
    """One problem found in a data file: where it is and what is wrong."""

    __slots__ = ("file", "card", "field", "message")

    def __init__(self, file: str | None, card: str | None, field: str | None, message: str):
        self.file, self.card, self.field, self.message = file, card, field, message

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
