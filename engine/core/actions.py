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

import re

from engine.core.errors import InvalidActionError

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


# The type of each argument: a card, player, side, power, option or trigger is a whole number (an id or
# an index: never a float like 12.0 or a bool), a row is text, face_up is true or false.
ARG_TYPES = {"row": "text", "face_up": "bool"}
MAX_INDEX = 1 << 31  # no id, seat or index comes near this: bigger numbers are refused, not looked up
MAX_WORD = 40  # characters of a text argument (a row name): a longer one is refused, so that a refusal
# (which quotes the action) stays short


def _bad_arg(name: str, v) -> str | None:
    """Why ``v`` cannot be the argument ``name`` (None if it can)."""
    kind = ARG_TYPES.get(name, "int")
    if kind == "text":
        if isinstance(v, str) and len(v) > MAX_WORD:
            return f"is too long for a row name (at most {MAX_WORD} characters)"
        return None if isinstance(v, str) and v else "must be text (a row name)"
    if kind == "bool":
        return None if isinstance(v, bool) else "must be true or false"
    if isinstance(v, bool) or not isinstance(v, int):
        return "must be a whole number (an id or index)"
    if not -MAX_INDEX < v < MAX_INDEX:
        return "is out of range"
    return None


class Action:
    __slots__ = ("player", "type", "args", "_key")

    def __init__(self, player: int, type: str, **args):
        self.player = player
        self.type = type
        self.args = args
        self._key: tuple | None = None

    def key(self) -> tuple:
        key = self._key
        if key is None:
            key = self._key = (self.player, self.type, tuple(sorted(self.args.items())))
        return key

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
            # built by hand (``Action("0", "pass")``): its seat, type and argument names are checked as
            # an untrusted action's are, so a seat of the wrong kind is refused by name rather than
            # failing deeper in; a value of the wrong kind is simply not legal (a scenario may name a
            # power that the character does not have now, and expect the engine's reason)
            if not isinstance(data.args, dict):
                raise InvalidActionError(f"an action's arguments are a mapping, not {_show(data.args)}",
                                         "malformed_action")
            try:
                cls.checked(data.player, data.type, data.args, "", types=False)
                for k, v in data.args.items():  # (a number, a word or true/false; bounded, for the message)
                    if not isinstance(v, (int, str)) or (isinstance(v, str) and len(v) > 200) or \
                            (isinstance(v, int) and not -MAX_INDEX < v < MAX_INDEX):
                        raise InvalidActionError(f"action : argument {k!r} must be a number, a word or true "
                                                 f"or false of a sensible size, not {_show(v)}", "malformed_action")
            except InvalidActionError as e:  # the message starts with the action, as an illegal one's does
                text = str(data)
                if len(text) > 160:
                    text = f"{text[:100]}...{text[-40:]}"
                raise InvalidActionError(f"{text}: {str(e).removeprefix('action : ')}", e.code) from None
            return data
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, dict):
            raise InvalidActionError(f"an action is a mapping or text, not {_show(data)}", "malformed_action")
        shown = _show(data)
        data = dict(data)
        player, typ = data.pop("player", None), data.pop("type", None)
        return cls.checked(player, typ, data, shown)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form ``'PLAYER:TYPE key=value ...'``."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidActionError(f"an action is text like '0:pass' or '0:recruit card=12 row=front', "
                                     f"not {_show(text)}", "malformed_action")
        head, *rest = text.strip().split()
        if ":" not in head:
            raise InvalidActionError(f"action {_show(text)} must start with 'PLAYER:TYPE'", "malformed_action")
        p, typ = head.split(":", 1)
        args = {}
        for part in rest:
            if "=" not in part:
                raise InvalidActionError(f"action {_show(text)}: argument {_show(part)} is not key=value",
                                         "malformed_action")
            k, v = part.split("=", 1)
            if k in args:  # never let a later one silently win
                raise InvalidActionError(f"action {_show(text)}: argument {_show(k)} is given twice", "malformed_action")
            args[k] = _value(v)
        return cls.checked(_value(p), typ, args, _show(text))

    @classmethod
    def checked(cls, player, typ, args: dict, shown: str, *, types: bool = True) -> Action:
        """An action from untrusted parts: the player, a known type, exactly its arguments and (with
        ``types``) each argument of its type. Raises ``InvalidActionError`` naming what is wrong."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < MAX_INDEX:
            raise InvalidActionError(f"action {shown}: player must be a seat number (0, 1, ...)", "malformed_action")
        if not isinstance(typ, str) or typ not in TYPES:
            raise InvalidActionError(f"action {shown}: unknown action type {_show(typ)}", "unknown_action_type")
        want = set(TYPES[typ])
        extra = [k for k in args if k not in want]
        if extra:
            raise InvalidActionError(f"action {shown}: {typ!r} takes no argument {_show(extra[0])}",
                                     "malformed_action")
        for k in TYPES[typ]:
            why = _bad_arg(k, args[k]) if types and k in args else None
            if why:
                raise InvalidActionError(f"action {shown}: argument {k!r} {why}, not {_show(args[k])}",
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


def _show(v) -> str:
    """A bounded repr of (part of) an action, for error messages."""
    from engine.core.errors import excerpt
    return excerpt(v, 120)


def _value(v: str):
    """A word of the text form as a value: true/false, a number written exactly as ``str(action)``
    writes it (ASCII digits, an optional minus, no leading zero, sign, underscore or other digits:
    int() would take '+1', '1_0', '01' and Arabic-Indic digits), else the text itself (which an
    argument that must be a number then refuses)."""
    if v in ("true", "false"):
        return v == "true"
    if _INT.fullmatch(v) and v != "-0":
        try:
            return int(v)
        except ValueError:  # more digits than int() will read
            return v
    return v


_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
