"""The game protocol: what every ruleset's game object offers, and what every ruleset provides.

Cape Clash (``engine.capeclash.game.Game``) and Derring-Dice (``engine.dice.game.DiceGame``) are two
rulesets on one core. Everything that works for both games (the play loop of ``engine.ai.match``,
the soak, the invariant checks of ``engine.core.checks``, the scenario runner front of
``engine.core.scenario``, the web session, the computer players) talks to a game only through
``GameState`` and to its ruleset only through ``Ruleset``; ``tests/test_protocol.py`` holds both
games to the behaviour below.

A game object (``GameState``):

* ``game``: the ruleset's name; ``players``: one entry a seat (``"capeclash"``, ``"dice"``); ``config``: what it was started from
  (the seed included), JSON data;
* ``to_act``: the seats that must decide now (empty once the game is over);
* ``legal_actions(player=None)``: every legal ``Action`` of ``player`` (of every seat to act if
  ``None``); empty for a seat that is not to act (both games take these two and ``is_over`` from
  ``Decisions``, below, and list a seat's actions in their own ``_options``);
* ``apply(action)``: carry out an offered action (an ``Action``, its JSON or its text) and return the
  events it logged. An action that is not offered raises ``IllegalActionError`` and changes nothing;
  ``apply_unchecked(action)`` is the trusted path for actions taken from ``legal_actions`` (search,
  simulations, replays): it is not checked again;
* ``view(player=None)``: what ``player`` (``None``: a spectator) may see, as JSON data: never a
  card hidden from them (``Ruleset.unseen_cards``), so the view is the same whatever those cards are;
* ``is_over`` and ``result`` (``None``, then ``{"winners": [...], "reason": ...}``);
* ``events`` (``engine.core.log.Event``, with lines only some seats read) and ``actions`` (every
  action applied, as JSON, in order);
* ``copy()``: an independent copy (applying to one never changes the other);
* ``save()`` / ``Ruleset.load(pool, save)``: a save replays to a game with the same ``state_hash()``;
  ``replay(upto)`` and ``undo()`` (``engine.core.replay.Replayable``) rebuild from the config;
* ``describe(action)``: a plain-language label.

A ruleset (``Ruleset``, one module per game: ``engine.capeclash.ruleset``, ``engine.dice.ruleset``)
says how to make and check its games: the card pool, new games and loading saves, its invariants
(``invariant_violations``), which cards a viewer may not see and how to deal those again
(``unseen_cards``, ``permuted``: the hidden-information checks), and its scenarios (``SCENARIOS``:
the file checker, position builder, action resolver and expectation matcher that the shared
runner ``engine.core.scenario`` plays the files with). Resampling a game
from a view is the computer players' part (``sample_state`` of the AI ruleset, ``engine.ai``).

>>> rs = ruleset("dice")
>>> g = rs.new_game(rs.load_pool(), {"seed": 3})
>>> isinstance(g, GameState), ruleset_of(g) is rs
(True, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from engine.core.actions import Action
from engine.core.log import Event

# The rulesets the core knows by name, imported on first use (the core imports no game package).
KNOWN_RULESETS = {"capeclash": "engine.capeclash.ruleset", "dice": "engine.dice.ruleset"}
_REGISTRY: dict[str, Any] = {}


@runtime_checkable
class GameState(Protocol):
    """One game in progress, of any ruleset (see the module's documentation for the contract)."""

    game: str
    config: dict
    result: dict | None
    events: list[Event]
    players: list  # one entry a seat

    @property
    def to_act(self) -> list[int]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions(self) -> list[dict]: ...

    def legal_actions(self, player: int | None = None) -> list[Action]: ...

    def apply(self, action: Action | dict | str) -> list[Event]: ...

    def apply_unchecked(self, action: Action) -> list[Event]: ...

    def view(self, player: int | None = None) -> dict: ...

    def copy(self) -> GameState: ...

    def save(self) -> dict: ...

    def state_hash(self) -> str: ...

    def replay(self, upto: int | None = None) -> GameState: ...

    def undo(self) -> Action: ...

    def describe(self, a: Action) -> str: ...


class Decisions:
    """The part of ``GameState`` that every game writes the same way: who is to act and what they
    may do, read from the open ``decision`` (``None`` between decisions, else a dict whose
    ``"players"`` lists the seats asked) and the ``result``. A game class mixes it in and says in
    ``_options(player, decision)`` what a seat that is asked may answer."""

    __slots__ = ()
    decision: Any
    result: dict | None
    # ``_options(player, decision)``: the actions of ``player``, who is asked ``decision``, the game
    # not over (a method, or a module's function assigned in the class body).
    _options: Callable[..., list[Action]]

    @property
    def to_act(self) -> list[int]:
        """The seats that must decide now (none once the game is over)."""
        return list(self.decision["players"]) if self.decision and not self.result else []

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action ``player`` may take now (every asked seat's if None)."""
        d = self.decision
        if d is None or self.result is not None:
            return []
        if player is None:
            return [a for p in d["players"] for a in self.legal_actions(p)]
        if player not in d["players"]:
            return []
        return self._options(player, d)


@runtime_checkable
class Ruleset(Protocol):
    """What a game package provides to the shared machinery (a module satisfies it)."""

    NAME: str       # the ``game`` of its game objects and views
    TITLE: str      # for people: "Cape Clash", "Derring-Dice"

    def load_pool(self, paths: list | None = None) -> Any: ...

    def new_game(self, pool: Any, config: dict) -> GameState: ...

    def pool_of(self, g: Any) -> Any: ...

    def load(self, pool: Any, data: dict, *, source: str = "save") -> GameState: ...

    def invariant_violations(self, g: Any, views: bool = True, events_since: int = 0) -> list[str]: ...

    def unseen_cards(self, g: Any, viewer: int | None) -> set[int]: ...

    def permuted(self, g: Any, cards: set[int], rng: Any) -> GameState: ...

    # Optional: ``shown_by(g, action) -> set[int]``, the hidden cards that ``action`` shows everyone
    # as it is taken (a card played face up), even if they are hidden again by its end.

    SCENARIOS: Any  # its scenario parts, an ``engine.core.scenario.ScenarioGame``


def register(name: str, rs: Any) -> None:
    """Make a ruleset known under ``name`` (a game plugged in from outside the engine)."""
    _REGISTRY[name] = rs


def ruleset(name: str) -> Any:
    """The ruleset called ``name`` (``KeyError`` naming the known ones when there is none)."""
    rs = _REGISTRY.get(name)
    if rs is None:
        if name not in KNOWN_RULESETS:
            raise KeyError(f"no ruleset {name!r}; known: {', '.join(sorted({*KNOWN_RULESETS, *_REGISTRY}))}")
        rs = _REGISTRY[name] = importlib.import_module(KNOWN_RULESETS[name])
    return rs


def ruleset_of(g: Any) -> Any:
    """The ruleset of a game object (by its ``game``)."""
    return ruleset(g.game)


__all__ = ["KNOWN_RULESETS", "Decisions", "GameState", "Ruleset", "register", "ruleset", "ruleset_of"]
