"""Actions: every decision a player makes, as a small value with a text form.

An action is a player, a type and a few named arguments. It prints and parses
in a one-line text form (like UCI moves in chess) and converts to JSON.

>>> a = Action(0, "recruit", card=12, row="front")
>>> str(a)
'0:recruit card=12 row=front'
>>> Action.parse(str(a)) == a
True
"""

from __future__ import annotations

from .errors import InvalidActionError

TYPES = {
    # setup
    "choose_first": ("side",),
    "place_main": ("row",),
    "keep": (),
    "mulligan": (),
    # build phase
    "resource": ("card", "face_up"),
    "recruit": ("card", "row"),
    "recruit_ally": ("card", "row", "ally"),
    "equip": ("card", "target"),
    "move": ("card", "row"),
    "end_step": (),
    # main phase and combat
    "attack": ("card",),
    "shift": ("card",),
    "add_attacker": ("card",),
    "target": ("card",),
    "cancel_attack": (),
    "plot": ("card",),
    "power": ("card", "power"),
    "power_up": ("card", "discard"),
    "pass": (),
    "end_turn": (),
    # answers to questions an effect or the rules ask
    "pay": ("source",),
    "choose": ("card",),
    "choose_player": ("who",),
    "choose_row": ("side", "row"),
    "pick": ("option",),
    "yes": (),
    "no": (),
    "strike_back": ("card",),
    "order": ("trigger",),
}


class Action:
    __slots__ = ("player", "type", "args", "_key")

    def __init__(self, player: int, type: str, **args):
        self.player = player
        self.type = type
        self.args = args
        self._key = None

    def key(self) -> tuple:
        if self._key is None:
            self._key = (self.player, self.type, tuple(sorted(self.args.items())))
        return self._key

    def __getitem__(self, k):
        return self.args[k]

    def get(self, k, default=None):
        return self.args.get(k, default)

    def __eq__(self, other):
        return isinstance(other, Action) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __str__(self):
        parts = [f"{self.player}:{self.type}"]
        for k in TYPES.get(self.type, sorted(self.args)):
            if k in self.args:
                v = self.args[k]
                parts.append(f"{k}={str(v).lower() if isinstance(v, bool) else v}")
        return " ".join(parts)

    def __repr__(self):
        return f"Action({str(self)!r})"

    def to_json(self) -> dict:
        return {"player": self.player, "type": self.type, **self.args}

    @classmethod
    def from_json(cls, data) -> Action:
        if isinstance(data, Action):
            return data
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, dict):
            raise InvalidActionError(f"an action is a mapping or text, not {data!r}", "malformed_action")
        data = dict(data)
        player, typ = data.pop("player", None), data.pop("type", None)
        return cls.checked(player, typ, data, repr(data))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form ``'PLAYER:TYPE key=value ...'``."""
        head, *rest = text.strip().split()
        if ":" not in head:
            raise InvalidActionError(f"action {text!r} must start with 'PLAYER:TYPE'", "malformed_action")
        p, typ = head.split(":", 1)
        args = {}
        for part in rest:
            if "=" not in part:
                raise InvalidActionError(f"action {text!r}: argument {part!r} is not key=value", "malformed_action")
            k, v = part.split("=", 1)
            args[k] = _value(v)
        return cls.checked(_value(p), typ, args, repr(text))

    @classmethod
    def checked(cls, player, typ, args: dict, shown: str) -> Action:
        if not isinstance(player, int) or isinstance(player, bool):
            raise InvalidActionError(f"action {shown}: player must be a seat number", "malformed_action")
        if typ not in TYPES:
            raise InvalidActionError(f"action {shown}: unknown action type {typ!r}", "unknown_action_type")
        want = set(TYPES[typ])
        extra = set(args) - want
        if extra:
            raise InvalidActionError(f"action {shown}: {typ!r} takes no argument {sorted(extra)[0]!r}",
                                     "malformed_action")
        missing = [k for k in TYPES[typ] if k not in args]
        if missing:
            raise InvalidActionError(f"action {shown}: {typ!r} needs {missing[0]!r}", "malformed_action")
        return cls(player, typ, **args)


_new = object.__new__
_NO_ARGS: dict = {}  # shared: actions never write to their arguments


def act(player: int, type: str, args: dict | None = None) -> Action:
    """An action, built fast for the engine's own lists of legal actions (``args`` is kept as
    given, not copied). ``act(0, "move", {"card": 3, "row": "back"}) == Action(0, "move", card=3,
    row="back")``. Actions without arguments (pass, end the turn...) are made once and shared:
    nothing ever changes an action."""
    if args is None:
        a = _PLAIN.get((player, type))
        if a is not None:
            return a
    a = _new(Action)
    a.player = player
    a.type = type
    a.args = _NO_ARGS if args is None else args
    a._key = None
    if args is None:
        _PLAIN[player, type] = a
    return a


_PLAIN: dict[tuple[int, str], Action] = {}


def _value(v: str):
    if v in ("true", "false"):
        return v == "true"
    try:
        return int(v)
    except ValueError:
        return v
