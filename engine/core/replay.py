"""Replaying a game from its config and actions: undo, replays and loading saves.

Both games (Cape Clash and Derring-Dice) keep every action they applied, as JSON, and start
from a config that holds the seed, so replaying the actions on a fresh game rebuilds the
state exactly. Undo and saves rely on that rather than on copies of the state.
"""

from __future__ import annotations

from operator import attrgetter

from engine.core.actions import Action
from engine.core.errors import IllegalActionError, Problem, SaveError

# what a save of either game can hold, so that every game can be saved and loaded again
MAX_SEED = (1 << 64) - 1  # a seed (the state of ``engine.core.rng.Rng``)
MAX_TURNS = 10_000  # a turn limit
MAX_PLAYER_NAME = 40  # characters of a player's name (the browser cuts names to this too)


def is_version(v, want: int) -> bool:
    """Is ``v`` the save version ``want``, as a whole number (``true`` and ``1.0`` equal 1 in Python)?"""
    return type(v) is int and v == want


def fields(obj) -> dict:
    """Every field set on ``obj``, by name: its slots (those of all its classes) and its dict."""
    names, get_all = _slots_of(type(obj))
    try:
        out = dict(zip(names, get_all(obj), strict=True)) if names else {}
    except AttributeError:  # some slot was never set (a game whose setup did not run)
        out = {}
        for name in names:
            try:
                out[name] = getattr(obj, name)
            except AttributeError:
                pass
    out.update(getattr(obj, "__dict__", {}))
    return out


_SLOTS: dict[type, tuple] = {}


def _slots_of(cls: type) -> tuple:
    """The slot names of ``cls`` and its bases, and one getter for all of them (a game copy for the
    AI's search starts here, so this is worked out once per class)."""
    got = _SLOTS.get(cls)
    if got is None:
        names = tuple(n for c in cls.__mro__ for n in c.__dict__.get("__slots__", ()))
        # (attrgetter gives a tuple only for two names or more)
        get_all = attrgetter(*names) if len(names) > 1 else (lambda obj: tuple(getattr(obj, n) for n in names))
        got = _SLOTS[cls] = (names, get_all)
    return got


class Replayable:
    """Replay, undo and loading by replay, for a game class that keeps ``actions`` (its actions
    so far, as JSON), has ``apply``, ``apply_unchecked`` and ``state_hash``, and says in ``_fresh`` how to
    start a new game with the same card pool and config."""

    __slots__ = ()
    actions: list

    def _become(self, other) -> None:
        """Take over every field of ``other`` (a game of the same class), sharing its values."""
        for name, value in fields(other).items():
            setattr(self, name, value)

    def _fresh(self):
        raise NotImplementedError

    def replay(self, upto: int | None = None):
        """A fresh game from the same config, replaying the first ``upto`` actions."""
        g = self._fresh()
        for step in self.actions[:upto]:
            g.apply_unchecked(Action.from_json(step))
        return g

    def undo(self) -> Action:
        """Take back the last action (by replaying all the others). Returns it."""
        if not self.actions:
            raise IllegalActionError("nothing to undo", "nothing_to_undo")
        last = Action.from_json(self.actions[-1])
        g = self.replay(len(self.actions) - 1)
        self._become(g)
        return last


def replay_save(g, data: dict, source: str):
    """Apply a save's actions to ``g`` (a fresh game from the save's config), each one checked,
    then compare the state hash with the one saved. Raises ``SaveError`` naming the action. A save
    without a hash cannot be verified, so it is refused."""
    saved_hash = data.get("hash")
    actions = data.get("actions", [])
    problems = []
    if not isinstance(saved_hash, str) or not saved_hash:
        problems.append(Problem(source, None, "hash", "missing: a save without the hash of its final state cannot "
                                                      "be verified (save the game again)"))
    if not isinstance(actions, list):
        problems.append(Problem(source, None, "actions", "must be a list of actions"))
    if problems:
        raise SaveError(problems)
    for i, step in enumerate(actions):
        try:
            g.apply(step)
        except ValueError as e:
            raise SaveError([Problem(source, None, f"actions[{i}]", f"cannot be replayed: {e}")]) from None
    if saved_hash != g.state_hash():
        raise SaveError([Problem(source, None, "hash", "the replayed game does not match the saved state "
                                                       "(the file was changed or the card data differs)")])
    return g
