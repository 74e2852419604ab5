"""The entries on the game's stack (``Game.stack``) other than effect frames.

The stack holds what waits to resolve, the top first. Besides the effect frames of abilities
resolving (``effects.Frame``, run by ``effects.run``), it holds these bookkeeping entries, one class per kind:

- ``Payment``: a super power being paid for, one symbol at a time (``powers.run_payment``);
- ``CombatStep``: a combat resolving, stage by stage (``combat.step``);
- ``Waiting``: triggered abilities set aside while another resolves first (handed back to
  ``Game.pending`` when this entry comes up);
- ``KeepMain``: a player with two or more main characters as their turn begins picks one
  (``flow.keep_main``);
- ``TurnStart``: the start-of-turn abilities, once every such pick is made;
- ``XpGain``: a level-up condition met: its main character gains XP (``Game._run_frame``);
- ``ReactionOffer``: a reaction super power offered to its controller (use it and pay, or not).

``to_json`` gives the dict each kind was before it was typed (its ``"t"`` and the same keys in
the same order), which states are hashed and compared by; ``copy`` gives an independent copy
(``deep``: the copier for the effect frames and waiting abilities an entry holds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.capeclash.state import Trigger

if TYPE_CHECKING:
    from engine.capeclash.effects import Frame

Copier = Callable[[Any], Any]  # game._deep_copy: JSON-like data and the Triggers it holds


@dataclass(slots=True, eq=False)
class StackEntry:
    """The common part of the entries (see the module docstring)."""

    kind: ClassVar[str] = ""  # its "t" in the JSON

    def to_json(self) -> dict:
        return {"t": self.kind}

    def copy(self, deep: Copier) -> StackEntry:
        raise NotImplementedError

    @property
    def label(self) -> str:
        """What an error names it by when the game runs away."""
        return self.kind

    def owner(self) -> int | None:
        """The player whose entry it is: it goes when they are out of the game (None: nobody's)."""
        return None


@dataclass(slots=True, eq=False)
class Payment(StackEntry):
    """A super power being paid for: the symbols still to pay, the cards paid with so far, and the
    power's effect frame, which goes on the stack once everything is paid."""

    player: int                 # who pays
    need: list[str]             # the symbols still to pay, the next first
    paid: list[int]             # the cards paid with so far
    for_card: int | None        # the character whose power it is ("for" in the JSON)
    name: str                   # the power's name
    then: Frame                 # the power's effect frame
    reaction: bool = False      # a reaction's payment (it triggers no "an enemy uses a power")
    alts: list = field(default_factory=list)  # a reaction's alternative costs, one to pick before paying

    kind: ClassVar[str] = "pay"

    def to_json(self) -> dict:
        out = {"t": "pay", "player": self.player, "need": self.need, "paid": self.paid, "for": self.for_card,
               "name": self.name, "then": self.then.to_json()}
        if self.reaction:
            out["reaction"] = True
        if self.alts:
            out["alts"] = [list(k) for k in self.alts]
        return out

    def copy(self, deep: Copier) -> Payment:
        return Payment(self.player, list(self.need), list(self.paid), self.for_card, self.name, deep(self.then),
                       self.reaction, [list(k) for k in self.alts])

    @property
    def label(self) -> str:
        return self.name

    def owner(self) -> int | None:
        return self.player


@dataclass(slots=True, eq=False)
class CombatStep(StackEntry):
    """The combat (``Game.combat``) resolving: ``combat.step`` runs its stages."""

    target: int | None = None   # the attacker the defender's side just chose to strike back at

    kind: ClassVar[str] = "combat"

    def to_json(self) -> dict:
        return {"t": "combat"} if self.target is None else {"t": "combat", "target": self.target}

    def copy(self, deep: Copier) -> CombatStep:
        return CombatStep(self.target)


@dataclass(slots=True, eq=False)
class Waiting(StackEntry):
    """Triggered abilities set aside while the one chosen to go first (or the plot twist or power
    that triggered them) resolves; they go back to ``Game.pending`` when this comes up."""

    items: list[Trigger]
    after: bool = False         # set aside by a play until it has resolved (``powers.after_it_resolves``)

    kind: ClassVar[str] = "waiting"

    def to_json(self) -> dict:
        out: dict = {"t": "waiting", "items": [i.to_json() for i in self.items]}
        if self.after:
            out["after"] = True
        return out

    def copy(self, deep: Copier) -> Waiting:
        return Waiting(deep(self.items), self.after)


@dataclass(slots=True, eq=False)
class KeepMain(StackEntry):
    """A player who controls two or more main characters as their turn begins keeps one."""

    player: int

    kind: ClassVar[str] = "keep_main"

    def to_json(self) -> dict:
        return {"t": "keep_main", "player": self.player}

    def copy(self, deep: Copier) -> KeepMain:
        return KeepMain(self.player)

    def owner(self) -> int | None:
        return self.player


@dataclass(slots=True, eq=False)
class TurnStart(StackEntry):
    """The start-of-turn abilities trigger when this comes up (after every ``KeepMain``)."""

    kind: ClassVar[str] = "turn_start"

    def copy(self, deep: Copier) -> TurnStart:
        return TurnStart()


@dataclass(slots=True, eq=False)
class XpGain(StackEntry):
    """A level-up condition met: ``player``'s main character gains 1 XP when this resolves, if
    ``cond`` still holds."""

    player: int                 # the main character's owner
    src: int | None             # the main character
    ctl: int                    # who controls the ability
    cond: Any                   # the condition (None: none), checked again on resolution
    name: str | None            # "<main>'s level-up condition"

    kind: ClassVar[str] = "xp"

    def to_json(self) -> dict:
        return {"t": "xp", "player": self.player, "src": self.src, "ctl": self.ctl, "cond": self.cond,
                "name": self.name}

    def copy(self, deep: Copier) -> XpGain:
        return XpGain(self.player, self.src, self.ctl, self.cond, self.name)

    @property
    def label(self) -> str:
        return self.name or self.kind

    def owner(self) -> int | None:
        return self.ctl


@dataclass(slots=True, eq=False)
class ReactionOffer(StackEntry):
    """A reaction super power offered to its controller (``may_trigger`` with ``reaction``): on
    "yes" its ``Payment`` replaces this."""

    trig: Trigger

    kind: ClassVar[str] = "reaction"

    def to_json(self) -> dict:
        return {"t": "reaction", "trig": self.trig.to_json()}

    def copy(self, deep: Copier) -> ReactionOffer:
        return ReactionOffer(deep(self.trig))

    def owner(self) -> int | None:
        return self.trig.ctl
