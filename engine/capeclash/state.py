"""The game's mutable state: cards in zones, players, the current combat.

Everything here is plain data that converts to and from JSON, so a game can
be saved, hashed, copied for search and replayed.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Required, TypedDict

if TYPE_CHECKING:
    from engine.capeclash.effects import Frame

ZONES = ("deck", "hand", "ko", "removed", "play", "resource", "aside", "equipped", "resolving", "machine", "pile")


# A lasting change on a character (``Card.mods``). A plain dict, typed: it is part of the state as
# saved and hashed, so its keys stay as they are. ``src`` names what made it, for the ATK/DEF
# explanation (a label such as "Nullify", never a card id); ``source`` is the id of the card whose
# staying face up in play keeps it going (``until: "source_leaves"``; see ``Game.source_gone``).
Modifier = TypedDict("Modifier", {
    "k": Required[str],      # add, set_base, swap, grant, trig, lose, impersonate, control, cant
    "ts": Required[int],     # timestamp: modifiers apply in the order they were made
    "src": Required[str],    # a label for explanations (what made it)
    "until": Required[str],  # turn, next_turn, combat, permanent, source_leaves (static: worked out, not kept)
    "turn": int,             # the turn it was made in (for "next_turn")
    "by": int,               # the side that made it (for "your_next_turn": the end of that side's next turn)
    "source": int,           # a card id: it ends when that card is stunned or leaves play
    "atk": int,              # add: the change; set_base and impersonate: the new printed value
    "def": int,
    "kw": str,               # grant: the keyword
    "cant_gain": bool,       # lose: and it can't gain keywords or powers either
    "name": str,             # impersonate: the name it takes
    "side": int | None,      # control: the side it goes back to when the control ends
    "on": str,               # trig (``grant_trigger``): the event the granted ability triggers on
    "ref": list,             # trig: the frame reference of its effect (``effects.steps_of``)
    "cant": list,            # cant (``restrict``): what the character can't do (``language.RESTRICTIONS``)
}, total=False)


class Decision(TypedDict, total=False):
    """The question open now (``Game.decision``): its kind (``decisions.KINDS``), who answers, and
    what the kind needs. JSON as it is: views show it and states hash it."""

    type: Required[str]
    players: Required[list[int]]
    options: list               # the answers to choose from (ids, sides, players, rows or choices)
    prompt: str
    optional: bool              # "no" is an answer too
    reaction: bool              # a reaction super power offered (may_trigger)
    names: list[str]            # order: the waiting abilities' labels
    shown: list[int]            # cards of a deck an effect shows the player deciding (look_at_deck)
    revealed: bool              # ... and everyone else too: revealed, on the table until it is done


class Card:
    """One physical card (or token) and everything the game tracks on it.

    In play, ``face_up`` False means stunned; in the resource row it means a
    face-down resource. ``side`` is the side that controls it while in play.
    """

    __slots__ = ("iid", "cid", "owner", "zone", "side", "row", "face_up", "exhausted", "plus", "minus",
                 "wounds", "vitality", "mods", "ts", "frozen", "token", "used_once", "is_main", "gear")

    FIELDS = __slots__
    _get = attrgetter(*__slots__)

    def __init__(self, iid: int, cid: str, owner: int):
        self.iid = iid
        self.cid = cid
        self.owner = owner
        self.zone = "deck"
        self.side: int | None = None
        self.row: str | None = None
        self.face_up = True
        self.exhausted = False
        self.plus = 0
        self.minus = 0
        self.wounds = 0
        self.vitality = 0
        self.mods: list[Modifier] = []
        self.ts = 0
        self.frozen = 0  # 1: frozen for its controller's next turn; 2: that turn is being played (no readying); 0: not
        self.token = False
        self.used_once: list[str] = []  # once-per-game powers used: follows the card everywhere
        self.is_main = False
        self.gear: int | None = None  # the equipment on this character (or, on equipment, its wearer)

    @property
    def in_play(self) -> bool:
        return self.zone == "play"

    @property
    def stunned(self) -> bool:
        return self.zone == "play" and not self.face_up

    def reset_for_zone_change(self) -> None:
        """A card leaving play forgets its state (not its once-per-game uses)."""
        self.side = None
        self.row = None
        self.face_up = True
        self.exhausted = False
        self.plus = self.minus = self.wounds = self.vitality = 0
        self.mods = []
        self.frozen = 0
        self.gear = None

    def to_json(self) -> tuple:
        return Card._get(self)

    def clone(self) -> Card:
        """An independent copy (for ``Game.copy``): much cheaper than a JSON round trip."""
        c = Card.__new__(Card)
        (c.iid, c.cid, c.owner, c.zone, c.side, c.row, c.face_up, c.exhausted, c.plus, c.minus, c.wounds,
         c.vitality, c.ts, c.frozen, c.token, c.is_main, c.gear) = (
            self.iid, self.cid, self.owner, self.zone, self.side, self.row, self.face_up, self.exhausted,
            self.plus, self.minus, self.wounds, self.vitality, self.ts, self.frozen, self.token, self.is_main,
            self.gear)
        c.mods = [m.copy() for m in self.mods] if self.mods else []
        c.used_once = list(self.used_once) if self.used_once else []
        return c

    @classmethod
    def from_json(cls, data: list) -> Card:
        c = cls.__new__(cls)
        for f, v in zip(cls.FIELDS, data, strict=True):
            setattr(c, f, v)
        c.mods = [m.copy() for m in c.mods]
        c.used_once = list(c.used_once)
        return c


class Player:
    __slots__ = ("index", "name", "team", "side", "deck", "hand", "ko", "removed", "resources", "main",
                 "levels", "level", "xp", "out", "recruit", "mulliganed", "deck_name", "equipment", "piles",
                 "hidden_piles")

    FIELDS = __slots__
    _get = attrgetter(*__slots__)

    def __init__(self, index: int, name: str, team: int, side: int):
        self.index = index
        self.name = name
        self.team = team
        self.side = side
        self.deck: list[int] = []      # top of the deck is the end of the list
        self.hand: list[int] = []
        self.ko: list[int] = []
        self.removed: list[int] = []
        self.resources: list[int] = []
        self.main: int | None = None   # the main character card started with
        self.levels: list[str] = []    # card ids of the main character's levels, set aside in view
        self.level = 1
        self.xp = 0
        self.out = False
        self.recruit = 0
        self.mulliganed = False
        self.deck_name = ""
        self.equipment: list[int] = []  # this player's equipment in play (each on a character)
        self.piles: dict[str, list[int]] = {}  # side piles set aside at the start (outside the deck)
        self.hidden_piles: list[str] = []      # which of them are face down

    def to_json(self) -> tuple:
        return Player._get(self)

    def clone(self) -> Player:
        p = Player.__new__(Player)
        for f in Player.FIELDS:
            v = getattr(self, f)
            setattr(p, f, list(v) if type(v) is list else v)
        p.piles = {k: list(v) for k, v in self.piles.items()} if self.piles else {}
        return p

    @classmethod
    def from_json(cls, data: list) -> Player:
        p = cls.__new__(cls)
        for f, v in zip(cls.FIELDS, data, strict=True):
            setattr(p, f, list(v) if isinstance(v, list) else v)
        p.piles = {k: list(v) for k, v in p.piles.items()}
        return p


class Combat:
    """One combat from declaration to resolution."""

    __slots__ = ("attackers", "defender", "player", "defending_side", "ranged", "over", "priority", "passes",
                 "stage", "struck", "fero_total", "survivors_ok", "targets")

    FIELDS = __slots__

    def __init__(self, attackers: list[int], defender: int, player: int, defending_side: int | None, ranged: bool,
                 over: bool):
        self.attackers = attackers
        self.defender: int | None = defender
        self.player = player               # the attacking player
        self.defending_side = defending_side
        self.ranged = ranged
        self.over = over                   # flew over a front row
        self.priority = player
        self.passes = 0
        self.stage = "window"              # window -> ferocious -> strike -> done
        self.struck: list[int] = []        # characters that struck in the Ferocious step
        self.fero_total = 0                # ATK the attackers struck with so far (Ferocious first)
        self.survivors_ok = True           # False once cancelled: nobody "survives"
        self.targets: list[int] = []       # whom the defender struck back at

    @property
    def team(self) -> bool:
        return len(self.attackers) > 1

    def involves(self, iid: int) -> bool:
        return iid == self.defender or iid in self.attackers

    def to_json(self) -> list:
        return [getattr(self, f) for f in self.FIELDS]

    @classmethod
    def from_json(cls, data: list) -> Combat:
        c = cls.__new__(cls)
        for f, v in zip(cls.FIELDS, data, strict=True):
            setattr(c, f, list(v) if isinstance(v, list) else v)
        return c


@dataclass(slots=True)
class Trigger:
    """An ability waiting in ``Game.pending`` to go on the stack (``triggers.queue_triggers``): a
    triggered ability, a reaction super power offered to pay and use, or a level-up condition.
    ``to_json`` gives the form states are hashed and saved by (the keys each kind had as a dict)."""

    ctl: int                            # the player who controls it and answers its questions
    frame: Frame | None = None          # the effect frame it resolves as (None: a level-up condition)
    optional: bool = False              # a "may" ability: its controller is asked first
    name: str | None = None             # its label when abilities are ordered (None: the frame's name)
    # a reaction super power
    cost: list[str] | None = None       # the cost paid on "yes" (None: not a reaction)
    key: str | None = None              # its entry in ``Game.used_powers``
    once: str | None = None             # the power's name when it can be used once per game
    # a level-up condition: the owner's main character gains XP when it resolves
    xp: int | None = None               # the owner (None: not a level-up condition)
    src: int | None = None              # the main character
    cond: Any = None                    # the condition checked again on resolution

    @property
    def label(self) -> str:
        return self.name or self.frame.name  # type: ignore[union-attr]  # (every kind has one or the other)

    def copy(self, frame: Frame | None) -> Trigger:
        """A copy holding ``frame`` (the caller's copy of this one's frame)."""
        return Trigger(self.ctl, frame, self.optional, self.name, None if self.cost is None else list(self.cost),
                       self.key, self.once, self.xp, self.src, self.cond)

    def to_json(self) -> dict:
        if self.xp is not None:
            return {"xp": self.xp, "ctl": self.ctl, "src": self.src, "cond": self.cond, "name": self.name}
        if self.cost is not None:
            return {"frame": self._frame_json(), "optional": self.optional, "ctl": self.ctl, "cost": self.cost,
                    "key": self.key, "once": self.once, "name": self.name}
        return {"frame": self._frame_json(), "optional": self.optional, "ctl": self.ctl}

    def _frame_json(self) -> dict | None:
        return self.frame.to_json() if self.frame is not None else None
