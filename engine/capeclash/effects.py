"""The card language's interpreter: runs an ability's steps one at a time.

An ability resolves as a *frame* (``Frame``) on the game's stack: a reference to its steps, a
program counter and what its steps have chosen so far. A step that needs a player's decision sets
``g.decision`` and returns; the answer binds the name and the frame carries on. A frame's JSON
(``Frame.to_json``) is what states are hashed and saved by, so a game mid-resolution can be saved,
copied and replayed.

A frame keeps two kinds of variables apart: ``Frame.chosen`` holds the names the card's own steps
bind (``as: target``), ``Frame.engine`` (``EngineVars``) the interpreter's working values (a
repeat's rounds left, a Dance Off under way, whether you won the last coin flip...). A card can
name its choices anything without touching the engine's.

What each step does is its verb's ``run`` (and ``answer``) in ``engine.cardlang.verbs``; this
module runs frames and holds what every verb reads: selectors, filters, conditions, amounts.

Following the rulebook, an impossible instruction is skipped and the rest of the effect still happens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.capeclash import stats
from engine.cardlang import language as L
from engine.cardlang.verbs.base import VERBS

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.capeclash.state import Card


@dataclass(slots=True, eq=False)
class Dance:
    """A Dance Off under way (``dance_off``): the players still in, in turn order, and whose turn
    it is to exhaust a character or drop out (an index into ``order``)."""

    order: list[int]
    at: int = 0

    def to_json(self) -> dict:
        return {"order": self.order, "at": self.at}


class EngineVars:
    """The interpreter's own working values for one ability, apart from the names its card's steps
    choose (``Frame.chosen``), so that no name a card picks can clash with them. A frame and the
    frames of its nested steps share one (a coin flip inside a "may" decides a later "if you won").

    The interpreter's own values have fields; a verb needing a working value of its own between
    its runs and answers keeps it with ``keep`` (JSON data, under a key naming the verb).

    Each value is None while unset. In a frame's JSON they sit in ``vars`` beside the chosen names,
    under the keys they had when both shared one dict (``_won``, ``_repeat3``...), in the order
    they were set relative to the names: ``_at`` remembers, for each value set, how many names had
    been chosen then (names are never unbound), so the JSON, and with it state hashes and saved
    games, is what it always was."""

    __slots__ = ("_chosen", "_won", "_repeats", "_dance", "_discarded", "_row", "_tokens", "_kept", "_at")

    def __init__(self, chosen: dict[str, Any]):
        self._chosen = chosen  # the frame's chosen names (only counted, for the JSON order)
        self._won: bool | None
        self._dance: Dance | None
        self._discarded: int | None
        self._row: dict | None
        self._tokens: int | None
        self._repeats: dict[int, int] | None  # depth -> rounds left (None: no repeat yet)
        self._kept: dict[str, Any] | None  # what other verbs keep (``keep``), by their own keys
        self._at: dict[str, int] | None  # JSON key of each value set -> names chosen before it was set
        # (one chained assignment: every frame gets one of these, most never set a value)
        self._won = self._dance = self._discarded = self._row = self._tokens = self._repeats = self._kept = None
        self._at = None

    def _note(self, key: str, value) -> None:
        at = self._at
        if at is None:
            at = self._at = {}
        if value is None:
            at.pop(key, None)
        elif key not in at:
            at[key] = len(self._chosen)

    @property
    def won(self) -> bool | None:
        """Did you win the last coin flip or Dance Off of this ability (``you_won``)? None: none yet."""
        return self._won

    @won.setter
    def won(self, value: bool | None) -> None:
        self._won = value
        self._note("_won", value)

    @property
    def dance(self) -> Dance | None:
        """The Dance Off under way, if any."""
        return self._dance

    @dance.setter
    def dance(self, value: Dance | None) -> None:
        self._dance = value
        self._note("_dance", value)

    @property
    def discarded(self) -> int | None:
        """How many cards a ``discard`` step asking one at a time has had discarded so far."""
        return self._discarded

    @discarded.setter
    def discarded(self, value: int | None) -> None:
        self._discarded = value
        self._note("_discarded", value)

    @property
    def row(self) -> dict | None:
        """The row a step that puts cards into play asked for (``{"side", "row"}``), until it has run."""
        return self._row

    @row.setter
    def row(self, value: dict | None) -> None:
        self._row = value
        self._note("_row", value)

    @property
    def tokens(self) -> int | None:
        """How many tokens a ``create_token`` step asking for a row will create (counted before asking)."""
        return self._tokens

    @tokens.setter
    def tokens(self, value: int | None) -> None:
        self._tokens = value
        self._note("_tokens", value)

    def rounds_left(self, depth: int) -> int | None:
        """The rounds left of the ``repeat`` step running in the frame whose ``ref`` has this length
        (nested repeats run at different depths); None before it counted them."""
        return self._repeats.get(depth) if self._repeats is not None else None

    def set_rounds_left(self, depth: int, left: int | None) -> None:
        if self._repeats is None:
            self._repeats = {}
        if left is None:
            self._repeats.pop(depth, None)
        else:
            self._repeats[depth] = left
        self._note(f"_repeat{depth}", left)

    def kept(self, key: str) -> Any:
        """What a verb keeps for itself under ``key`` (see ``keep``); None if nothing."""
        return self._kept.get(key) if self._kept is not None else None

    def keep(self, key: str, value: Any) -> None:
        """Keep a verb's own working value between its runs and answers (None: forget it), for a
        verb that needs one none of the fields above holds. ``key`` starts with "_" (it is the
        value's key in the frame's JSON) and names the verb, e.g. ``"_look"``; a verb nested in
        itself adds the frame's depth, as ``repeat`` does."""
        assert key.startswith("_") and not key.startswith(_FIELD_KEYS), key
        if self._kept is None:
            self._kept = {}
        if value is None:
            self._kept.pop(key, None)
        else:
            self._kept[key] = value
        self._note(key, value)

    def _value(self, key: str):
        if key == "_won":
            return self._won
        if key == "_dance":
            return self._dance.to_json() if self._dance is not None else None
        if key == "_discarded":
            return self._discarded
        if key == "_row":
            return self._row
        if key == "_tokens":
            return self._tokens
        if key.startswith("_repeat") and key[len("_repeat"):].isdigit():
            assert self._repeats is not None
            return self._repeats[int(key[len("_repeat"):])]
        assert self._kept is not None
        return self._kept[key]

    def vars_json(self) -> dict:
        """The chosen names and these values as one dict, in the order they were set (see above)."""
        chosen = self._chosen
        if not self._at:
            return dict(chosen)
        assert self._at is not None
        out: dict[str, Any] = {}
        engine = iter(self._at.items())  # set in this order, after nondecreasing numbers of names
        nxt = next(engine, None)
        for i, (k, v) in enumerate(chosen.items()):
            while nxt is not None and nxt[1] <= i:
                out[nxt[0]] = self._value(nxt[0])
                nxt = next(engine, None)
            out[k] = v
        while nxt is not None:
            out[nxt[0]] = self._value(nxt[0])
            nxt = next(engine, None)
        return out

    def copy(self, chosen: dict[str, Any]) -> EngineVars:
        """A copy going with ``chosen`` (the copy of the names these went with)."""
        e = EngineVars(chosen)
        e._won, e._discarded, e._tokens = self._won, self._discarded, self._tokens
        e._repeats = dict(self._repeats) if self._repeats is not None else None
        e._dance = Dance(list(self._dance.order), self._dance.at) if self._dance is not None else None
        e._row = dict(self._row) if self._row is not None else None
        e._kept = {k: _copy_value(v) for k, v in self._kept.items()} if self._kept is not None else None
        e._at = dict(self._at) if self._at is not None else None
        return e


_FIELD_KEYS = ("_won", "_dance", "_discarded", "_row", "_tokens", "_repeat")  # the fields' JSON keys


@dataclass(slots=True, eq=False)
class Frame:
    """An ability resolving on the stack (a plot twist, a super power, a triggered ability), or
    the nested steps of one of its steps (``push_sub``): which steps, how far along, who controls
    it and what its steps have chosen so far.

    The frame of nested steps shares ``chosen`` and ``engine`` with the frame that pushed it (the
    names chosen before stay visible inside) and copies the rest. ``to_json`` gives the dict a
    frame was before it was typed, which states are hashed and saved by."""

    ref: list
    """Where its steps are: ``[kind, card id, index, *path]`` (see ``steps_of``)."""
    ctl: int
    """The player who controls it: "you" in its steps, who answers its questions."""
    src: int | None
    """The card whose ability it is ("this character"); None for a plot twist."""
    name: str
    """What the log calls it (the power's or card's name, "... (when it is stunned)")."""
    chosen: dict[str, Any]
    """The card's variables: what its steps bound under the names the card gave (``as: target``):
    a character's id, a list of ids, a player, a row ``{side, row}``, a number, a name."""
    engine: EngineVars
    """The interpreter's working values (see ``EngineVars``), apart from ``chosen``."""
    combat_only: bool = False
    """A combat plot twist played in a combat: it may choose only characters in the combat."""
    cond: dict | None = None
    """An intervening "if" (a triggered ability's condition), checked again as it starts to resolve."""
    card: int | None = None
    """The plot twist card resolving (it goes to its owner's KO pile when the frame finishes)."""
    pc: int = 0
    """The index of the step to run next."""
    started: bool = False
    """It has begun resolving: abilities it triggers wait until it is finished."""
    event: dict[str, int] | None = None
    """The event that triggered it, its numbers only (``who``, ``victim``, ``power_frame``...):
    "that character" reads it. None: not triggered by an event (or an event without data)."""
    id: int | None = None
    """The tick it got when played or paid for: a reaction's ``cancel_power`` finds it by this."""
    cancelled: bool = False
    """A reaction cancelled it: it does nothing when it runs next."""

    def to_json(self) -> dict:
        out = {"t": "effect", "ref": self.ref, "pc": self.pc, "vars": self.engine.vars_json(), "ctl": self.ctl,
               "src": self.src, "name": self.name, "combat_only": self.combat_only, "cond": self.cond,
               "card": self.card, "started": self.started}
        if self.event is not None:
            out["event"] = self.event
        if self.id is not None:
            out["id"] = self.id
        if self.cancelled:
            out["cancelled"] = True
        return out

    def copy(self, memo: dict | None = None) -> Frame:
        """An independent copy. Frames copied with one ``memo`` dict that shared their variables
        (a frame and the frames of its nested steps) share the copies, so that a copied stack
        resolves exactly as the original does."""
        key = id(self.engine)
        if memo is not None and key in memo:
            chosen, engine = memo[key]
        else:
            chosen = {k: _copy_value(v) for k, v in self.chosen.items()}
            engine = self.engine.copy(chosen)
            if memo is not None:
                memo[key] = (chosen, engine)
        return Frame(self.ref, self.ctl, self.src, self.name, chosen, engine, self.combat_only, self.cond,
                     self.card, self.pc, self.started, self.event, self.id, self.cancelled)


def _copy_value(v):
    """A copy of a chosen value (ids, rows and lists of them)."""
    t = type(v)
    if t is list:
        return [_copy_value(x) for x in v]
    if t is dict:
        return {k: _copy_value(x) for k, x in v.items()}
    return v


def new_frame(ref: list, ctl: int, src: int | None, name: str, *, combat_only: bool = False,
              cond: dict | None = None, card: int | None = None) -> Frame:
    chosen: dict[str, Any] = {}
    return Frame(ref, ctl, src, name, chosen, EngineVars(chosen), combat_only, cond, card)


def top(g: Game) -> Frame:
    """The effect frame on top of the stack: the one whose step asked the decision being answered."""
    f = g.stack[-1]
    assert type(f) is Frame
    return f


def probe(ctl: int, src: int | None) -> Frame:
    """A frame that only checks a condition for ``src``'s controller ``ctl`` (a level-up condition):
    it runs no steps."""
    return new_frame([], ctl, src, "")


def steps_of(g: Game, ref: list) -> tuple:
    """The step list a frame reference points at: ``[kind, card id, index, *path]``."""
    kind, cid = ref[0], ref[1]
    if kind == "kw":
        from engine.cardlang.cards import KEYWORD_TRIGGERS
        steps = KEYWORD_TRIGGERS[cid][ref[2]].effect
        for i in range(3, len(ref), 2):
            (_verb, args), = steps[ref[i]].items()
            steps = args[ref[i + 1]]
            if type(steps) is dict:  # a granted triggered ability (``grant_trigger``): its effect
                steps = steps["effect"]
        return steps
    d = g.defs.cards[cid]
    if kind == "power":
        steps = d.powers[ref[2]].effect
        path = ref[3:]
    elif kind == "trigger":
        steps = d.triggers[ref[2]].effect
        path = ref[3:]
    elif kind == "plot":
        steps = d.effect
        path = ref[2:]
    else:
        raise AssertionError(kind)
    for i in range(0, len(path), 2):
        (_verb, args), = steps[path[i]].items()
        steps = args[path[i + 1]]
        if type(steps) is dict:  # a granted triggered ability (``grant_trigger``): its effect
            steps = steps["effect"]
    return steps


def default_until(g: Game, frame: Frame) -> str:
    """How long a modifier a step of this frame makes lasts when the step gives no ``until``: what
    the ability's rules text says (``language.default_duration``: "this combat" for a combat ability
    or a triggered ability on a combat event, "this turn" for any other). The steps of a triggered
    ability granted by a step (``grant_trigger``) read by its own event; those of a player's lasting
    ability, "this turn". (``step_until`` makes "this combat" outside a combat the turn.)"""
    ref = frame.ref
    kind, cid = ref[0], ref[1]
    if kind == "kw":
        from engine.cardlang.cards import KEYWORD_TRIGGERS
        until = L.default_duration(on=KEYWORD_TRIGGERS[cid][ref[2]].on)
        steps, path = KEYWORD_TRIGGERS[cid][ref[2]].effect, ref[3:]
    else:
        d = g.defs.cards[cid]
        if kind == "power":
            pw = d.powers[ref[2]]
            # (a power with several timings reads once, by its first: so it lasts, whichever it is used at)
            until = L.default_duration(timings=pw.timings[:1] or (pw.timing,), reaction=pw.reaction)
            steps, path = pw.effect, ref[3:]
        elif kind == "trigger":
            until = L.default_duration(on=d.triggers[ref[2]].on)
            steps, path = d.triggers[ref[2]].effect, ref[3:]
        else:
            until = L.default_duration(timings=d.timing)
            steps, path = d.effect, ref[2:]
    for i in range(0, len(path), 2):
        (verb, args), = steps[path[i]].items()
        inner = args[path[i + 1]]
        if type(inner) is dict:  # a granted triggered ability: its own event says
            until = L.default_duration(on=inner["when"])
            inner = inner["effect"]
        elif verb == "lasting":  # a player's lasting ability reads "this turn"
            until = "turn"
        steps = inner
    return until


def step_until(g: Game, frame: Frame, a: dict) -> str:
    """How long what a modifier step makes lasts: its ``until``, else what its ability's rules text
    says (``default_until``). "This combat" outside a combat (an ability resolving between combats)
    can only mean the rest of the turn."""
    until = a.get("until") or default_until(g, frame)
    return "turn" if until == "combat" and g.combat is None else until


# ------------------------------------------------------------------ running frames

def run(g: Game, frame: Frame) -> None:
    """Advance a frame by one step (or finish it)."""
    if frame.cancelled:
        g.log("cancel", f"{frame.name} is cancelled and does nothing.")
        finish(g, frame)
        return
    if not frame.started:
        frame.started = True
        if frame.cond and not condition(g, frame.cond, frame):
            g.log("fizzle", f"{frame.name} does nothing: its condition no longer holds.")
            finish(g, frame)
            return
        if frame.cond and L.mentions_first_time(frame.cond):
            g.used_powers.append(_first_key(frame))  # it has resolved once this turn now
    steps = steps_of(g, frame.ref)
    if frame.pc >= len(steps):
        finish(g, frame)
        return
    (verb, args), = steps[frame.pc].items()
    if VERBS[verb].run(g, frame, args):
        frame.pc += 1


def finish(g: Game, frame: Frame) -> None:
    top = g.stack.pop()
    assert top is frame, "only the top frame can finish"
    if frame.card is not None:
        # a plot twist goes to its owner's KO pile once it has resolved
        c = g.cards[frame.card]
        if c.zone == "resolving":
            c.zone = "ko"
            g.players[c.owner].ko.append(c.iid)


def answer(g: Game, frame: Frame, value, player: int | None = None) -> None:
    """Hand the answer to the decision the frame's current step asked to that step's verb."""
    steps = steps_of(g, frame.ref)
    (verb, args), = steps[frame.pc].items()
    VERBS[verb].answer(g, frame, args, value)


def push_sub(g: Game, frame: Frame, index: int, key: str) -> None:
    """Run the nested steps ``key`` of step ``index`` before the frame goes on. They share the
    frame's variables (names chosen before stay visible inside) and its event, id and controller."""
    g.stack.append(Frame([*frame.ref, index, key], frame.ctl, frame.src, frame.name, frame.chosen, frame.engine,
                         frame.combat_only, None, None, 0, True, frame.event, frame.id, frame.cancelled))


# ------------------------------------------------------------------ selectors, filters, conditions

def select(g: Game, frame: Frame, sel: str | dict, anywhere: bool = False) -> list[Card]:
    """The characters a selector names, in play now (``anywhere``: in any zone)."""
    cb = g.combat
    ids: list[int | None]
    if isinstance(sel, dict):  # {each: FILTER}
        each = sel.get("each")
        if each is None:  # {each_equipment: FILTER}, {each_location: ...}, {each_resource: ...}
            (k, flt), = sel.items()
            return play_cards(g, frame, L.PLAY_CARD_SELECTORS[k], flt)
        return [c for c in g.characters() if matches(g, c, each, frame)]
    if sel == "that_character":
        ev = frame.event or {}
        who = ev.get("who", ev.get("victim"))
        ids = [who] if who is not None else []
    elif sel == "self":
        ids = [frame.src] if frame.src is not None else []
    elif sel == "attackers":
        ids = list(cb.attackers) if cb else []
    elif sel == "defender":
        ids = [cb.defender] if cb and cb.defender is not None else []
    elif sel == "in_combat":
        ids = ([*cb.attackers, cb.defender] if cb else [])
    elif sel == "your_main":
        m = g.players[frame.ctl].main
        ids = [m] if m is not None and g.cards[m].side == g.players[frame.ctl].side else []
    elif sel == "its_equipment":
        gear = g.cards[frame.src].gear if frame.src is not None else None
        ids = [gear] if gear is not None and g.cards[gear].zone == "equipped" else []
        return [g.cards[i] for i in ids if i is not None]
    elif sel == "each_enemy":
        my = g.players[frame.ctl].side
        ids = [c.iid for c in g.characters() if c.face_up and g.are_enemies(c.side, my)]
    elif sel == "each_ally":  # each character on your side (a 2 vs 2 teammate's are on theirs)
        ids = [c.iid for c in g.characters(g.players[frame.ctl].side) if c.face_up]
    else:
        v = frame.chosen.get(sel)
        if isinstance(v, dict):  # a chosen row: whoever stands in it now
            # 'each character in the chosen row' means every character standing there, stunned ones
            # too (a stunned character keeps its place and everything but its powers, 000); each
            # verb then does what it can to them: a stunned character gets no +1/+1 or -1/-1
            # counters, can't be stunned again or readied, but can be wounded, moved or KO'd
            return [c for c in g.characters(v["side"]) if c.row == v["row"]]
        ids = v if isinstance(v, list) else ([] if v is None else [v])
        if anywhere and ids and chose_in_play(g, frame, sel):
            anywhere = False  # a character chosen in play that has left it is gone for this effect
    return [g.cards[i] for i in ids if i is not None and (anywhere or g.cards[i].zone == "play")]


def chose_in_play(g: Game, frame: Frame, name: str) -> bool:
    """Was ``name`` bound by a choice among characters in play (``choose`` of a character,
    ``choose_up_to``)? Such a character that leaves play (KO'd by an earlier step, returned to a
    hand...) is out of the effect's reach: a later step aimed at it, even one that may reach cards
    outside play (``put``), does nothing to it, as an impossible instruction is skipped."""
    from engine.cardlang.verbs.base import walk_steps
    ref = frame.ref
    root = ref[:2] if ref[0] == "plot" else ref[:3]
    for verb, args in walk_steps(steps_of(g, root)):
        if args.get("as") == name and (verb == "choose_up_to" or verb == "choose" and args.get("what") == "character"):
            return True
    return False


def matches(g: Game, c: Card, flt: dict, frame: Frame) -> bool:
    """Does a character in play match a filter, from the frame controller's point of view?"""
    if c.zone != "play":
        return False
    stunned = flt.get("stunned")
    if stunned is None:
        if not c.face_up:
            return False
    elif stunned != "any" and stunned != (not c.face_up):
        return False
    side = flt.get("side", "any")
    if side != "any":
        my_side = g.players[frame.ctl].side
        if side == "yours" and c.side != my_side:
            return False
        if side == "enemy" and not g.are_enemies(c.side, my_side):
            return False
    if "row" in flt and c.row != flt["row"]:
        return False
    if "in_combat" in flt and (g.combat is not None and g.combat.involves(c.iid)) != flt["in_combat"]:
        return False
    if flt.keys() <= _WHERE_KEYS:
        return True  # most filters only say where the character is: no need to look further
    d = g.defs.cards[c.cid]
    if "kind" in flt and (flt["kind"] == "main") != c.is_main:
        return False
    if "team" in flt and flt["team"] not in g.teams_of(c):
        return False
    if "keyword" in flt and not g.has_keyword(c, flt["keyword"]):
        return False
    if "tag" in flt and ("tag", flt["tag"]) not in d.kw_params:
        return False
    if "named" in flt and frame.chosen.get(flt["named"]) not in g.names_of(c):  # (an impersonated name too)
        return False
    if flt.get("not_self") and c.iid == frame.src:
        return False
    if "cost_max" in flt and (d.cost or 0) > flt["cost_max"]:
        return False
    if "atk_max" in flt and stats.atk(g, c) > flt["atk_max"]:
        return False
    if "def_max" in flt and stats.defense(g, c) > flt["def_max"]:
        return False
    # good or evil by the teams it is on now (Team Up included), as plot twists' requirements count them
    if "alignment" in flt and not any(g.defs.alignment(t) == flt["alignment"] for t in g.teams_of(c)):
        return False
    if not _MORE_KEYS.isdisjoint(flt):
        return _matches_more(g, c, d, flt, frame)
    return True


_WHERE_KEYS = frozenset(("stunned", "side", "row", "in_combat"))
_MORE_KEYS = frozenset(("equipped", "wears", "exhausted", "wounded", "health_min", "health_max", "health_left_max", "cost_min", "name",
                        "name_contains", "teams", "same_row", "team_named", "keyword_named"))


def _matches_more(g: Game, c: Card, d, flt: dict, frame: Frame) -> bool:
    """The filter keys of issue 18 (part B): state, health, cost, names, teams, the source's row."""
    if "equipped" in flt and (c.gear is not None) != flt["equipped"]:
        return False
    if "wears" in flt and (c.gear is None or not play_card_matches(g, g.cards[c.gear], "equipment", flt["wears"],
                                                                   frame)):
        return False
    if "exhausted" in flt and bool(c.exhausted) != flt["exhausted"]:
        return False
    if "wounded" in flt and (c.wounds > 0) != flt["wounded"]:
        return False
    # a card's "health" is the character's maximum health, vitality counters included (002)
    if "health_min" in flt and stats.health(g, c) < flt["health_min"]:
        return False
    if "health_max" in flt and stats.health(g, c) > flt["health_max"]:
        return False
    if "health_left_max" in flt and stats.health_left(g, c) > flt["health_left_max"]:
        return False
    if "cost_min" in flt and (d.cost or 0) < flt["cost_min"]:
        return False
    if "name" in flt and flt["name"] not in g.names_of(c):  # its names now: AKA, an impersonated name
        return False
    if "name_contains" in flt and not any(flt["name_contains"].lower() in n.lower() for n in g.names_of(c)):
        return False
    if "teams" in flt and not any(t in flt["teams"] for t in g.teams_of(c)):
        return False
    if "same_row" in flt:
        src = g.cards[frame.src] if frame.src is not None else None
        same = src is not None and src.zone == "play" and src.side == c.side and src.row == c.row
        if same != flt["same_row"]:
            return False
    if "team_named" in flt and frame.chosen.get(flt["team_named"]) not in g.teams_of(c):
        return False
    if "keyword_named" in flt:
        kw = frame.chosen.get(flt["keyword_named"])
        if kw is None or not g.has_keyword(c, kw):
            return False
    return True


# zones other players may not look into: a question about what such a zone holds is asked from
# what everyone can see (the zone is not empty), never from which cards it holds (issue 16, F9)
HIDDEN_ZONES = frozenset({"hand", "deck"})


def card_zone(g: Game, p: int, zone: str) -> list[int]:
    pl = g.players[p]
    if zone == "hand":
        return list(pl.hand)
    if zone == "ko":
        return list(pl.ko)
    if zone == "deck":
        return list(pl.deck)
    if zone == "removed":
        return list(pl.removed)
    # a player who is out has taken all their cards out of the game with them: nothing of theirs is reached
    live = [q for q in g.players if not q.out]
    enemies = [q for q in live if g.are_enemies(q.side, pl.side)]
    if zone == "enemy_ko":
        return [i for q in enemies for i in q.ko]
    if zone == "enemy_removed":
        return [i for q in enemies for i in q.removed]
    if zone == "any_removed":
        return [i for q in live for i in q.removed]
    return [i for q in live for i in q.ko]  # any_ko


def card_matches(g: Game, c: Card, flt: dict, frame: Frame) -> bool:
    """A card outside play against a card filter (type, team, cost, name, keyword, kind)."""
    d = g.defs.cards[c.cid]
    if "type" in flt and d.type != flt["type"]:
        return False
    if "kind" in flt and (d.type == "main") != (flt["kind"] == "main"):
        return False
    if "team" in flt and flt["team"] not in d.teams:
        return False
    if "cost_max" in flt and (d.cost is None or d.cost > flt["cost_max"]):
        return False
    if "cost_min" in flt and (d.cost is None or d.cost < flt["cost_min"]):
        return False
    if "name" in flt and flt["name"] not in d.names:
        return False
    if "keyword" in flt and flt["keyword"] not in d.keywords:
        return False
    if "name_contains" in flt and not any(flt["name_contains"].lower() in n.lower() for n in d.names):
        return False
    if "teams" in flt and not any(t in flt["teams"] for t in d.teams):
        return False
    if "named" in flt and frame.chosen.get(flt["named"]) not in d.names:
        return False
    return True


def condition(g: Game, cond: dict, frame: Frame, first: str | None = None) -> bool:
    """Does ``cond`` hold for ``frame``? ``first``: the ``used_powers`` key that
    ``first_time_this_turn`` looks for (an ``if`` step's own key, ``first_key``); by default the
    triggered ability's (``_first_key``)."""
    src = g.cards[frame.src] if frame.src is not None else None
    cb = g.combat
    for k, v in cond.items():
        if k == "exists":
            ok = any(matches(g, c, v, frame) for c in g.characters())
        elif k == "in_combat":
            ok = (src is not None and cb is not None and cb.involves(src.iid)) == v
        elif k == "is_attacking":
            ok = (src is not None and cb is not None and src.iid in cb.attackers) == v
        elif k == "is_defending":
            ok = (src is not None and cb is not None and cb.defender == src.iid) == v
        elif k == "wounds_at_least":
            ok = src is not None and src.wounds >= v
        elif k == "hand_at_least":
            ok = len(g.players[frame.ctl].hand) >= v
        elif k == "is_protecting":
            ok = (src is not None and g.is_protecting(src)) == v
        elif k == "plot_twists_this_turn":
            ok = g.plots_played.get(str(frame.ctl), 0) == v
        elif k == "times_attacked_this_turn":
            ok = src is not None and g.times_attacked.get(str(src.iid), 0) == v
        elif k == "you_won":
            ok = bool(frame.engine.won) == v
        elif k == "count_at_least":
            ok = count_of(g, v["count"], frame.ctl, src) >= v["n"]
        elif k == "is_main":
            ok = (src is not None and src.is_main) == v
        else:
            ok = looking_condition(g, k, v, frame, src, first)
        if not ok:
            return False
    return True


# ------------------------------------------------------------------ amounts

def amount(g: Game, frame: Frame, v) -> int:
    """An amount: a number, or counted now from the game (then locked in)."""
    if isinstance(v, int):
        return v
    (k, sel), = v.items()
    if k == "count":
        src = g.cards[frame.src] if frame.src is not None else None
        return count_of(g, sel, frame.ctl, src)
    if k == "chosen":
        return int(frame.chosen.get(sel) or 0)
    if k == "number_of":
        return sum(1 for c in g.characters() if matches(g, c, sel, frame))
    if k in L.PLAY_CARD_AMOUNTS:
        return len(play_cards(g, frame, L.PLAY_CARD_AMOUNTS[k], sel))
    if k in ("twice", "thrice"):
        return (2 if k == "twice" else 3) * amount(g, frame, sel)
    chars = select(g, frame, sel)
    if not chars:
        return 0
    c = chars[0]
    if k == "atk_of":
        return max(0, stats.atk(g, c))
    if k == "def_of":
        return max(0, stats.defense(g, c))
    if k == "wounds_of":
        return c.wounds
    raise AssertionError(k)


def count_of(g: Game, what: str, ctl: int, src: Card | None) -> int:
    """How many of something player ``ctl`` has (see language.COUNTABLES)."""
    pl = g.players[ctl]
    if what == "resources":
        return len(pl.resources)
    if what == "hand":
        return len(pl.hand)
    if what == "wounds":
        return src.wounds if src is not None else 0
    if what == "ko_pile":
        return len(pl.ko)
    if what == "allies":
        return sum(1 for o in g.characters(pl.side) if src is None or o.iid != src.iid)
    if what == "enemies":
        return sum(1 for o in g.characters() if g.are_enemies(o.side, pl.side))
    if what == "equipment":
        return sum(1 for o in g.characters(pl.side) if o.gear is not None and g.cards[o.gear].zone == "equipped")
    if what == "locations":
        return sum(1 for i in pl.resources if g.cards[i].face_up)
    if what in ("stuns_by_it", "kos_by_it"):
        return g.tallies.get(f"{what[:-6]}:{src.iid}", 0) if src is not None else 0
    raise AssertionError(what)


# ------------------------------------------------------------------ conditions that look at things

def _first_key(frame: Frame) -> str:
    """The ``used_powers`` entry of a triggered ability with ``if: {first_time_this_turn: ...}``:
    put there when it resolves (``run``)."""
    return f"first:{frame.src}:{'/'.join(map(str, frame.ref))}"


def first_key(frame: Frame, step: int) -> str:
    """The ``used_powers`` entry of an ``if`` step whose condition says ``first_time_this_turn``:
    put there the first time this turn the step is reached, for this character's ability (a plot
    twist has no character: for this player's copies of the card)."""
    who = frame.src if frame.src is not None else f"p{frame.ctl}"
    return f"first:{who}:{'/'.join(map(str, frame.ref))}@{step}"


def looking_condition(g: Game, k: str, v, frame: Frame, src: Card | None, first: str | None = None) -> bool:
    """The conditions of ``language.CONDITIONS`` added for issue 18 (matches, in_row, your_turn,
    attack_is, first_time_this_turn, turn_at_least/most, not, any, all)."""
    cb = g.combat
    if k == "matches":
        # the character is named already: face up or stunned, unless the filter says which
        flt = v["filter"] if "stunned" in v["filter"] else {**v["filter"], "stunned": "any"}
        chars = select(g, frame, v["target"])
        return bool(chars) and matches(g, chars[0], flt, frame)
    if k == "in_row":
        return src is not None and src.zone == "play" and src.row == v
    if k == "your_turn":
        return (g.players[frame.ctl].side == g.active) == v
    if k == "attack_is":
        if cb is None:
            return False
        return {"melee": not cb.ranged, "ranged": cb.ranged, "solo": not cb.team, "team": cb.team}[v]
    if k == "first_time_this_turn":
        return ((first or _first_key(frame)) not in g.used_powers) == v
    if k == "turn_at_least":
        return g.turn >= v
    if k == "turn_at_most":
        return g.turn <= v
    if k in L.PLAY_CARD_CONDITIONS:
        return bool(play_cards(g, frame, L.PLAY_CARD_CONDITIONS[k], v))
    if k == "not":
        return not condition(g, v, frame, first)
    if k == "any":
        return any(condition(g, c, frame, first) for c in v)
    if k == "all":
        return all(condition(g, c, frame, first) for c in v)
    raise AssertionError(k)


# ------------------------------------------------------------------ cards in play that are not characters

def play_cards(g: Game, frame: Frame, kind: str, flt: dict) -> list[Card]:
    """The equipment worn by characters, the locations (face-up cards of a resource row) or the
    resources (face-down cards of a resource row) that match a filter (``language.PLAY_CARD_FILTER_KEYS``),
    from the frame controller's point of view, in a fixed order (by side, then row order)."""
    out = []
    if kind == "equipment":
        for c in g.characters():
            if c.gear is not None:
                e = g.cards[c.gear]
                if e.zone == "equipped" and play_card_matches(g, e, kind, flt, frame):
                    out.append(e)
        return out
    want_up = kind == "location"
    for pl in g.players:
        for i in pl.resources:
            c = g.cards[i]
            if c.face_up == want_up and play_card_matches(g, c, kind, flt, frame):
                out.append(c)
    return out


def play_card_side(g: Game, c: Card) -> int | None:
    """The side an equipment (its wearer's) or a card of a resource row (its owner's) is on."""
    if c.zone == "equipped":
        return g.cards[c.gear].side if c.gear is not None else None
    return g.players[c.owner].side


def play_card_kind(g: Game, c: Card) -> str | None:
    """What a card in play that is no character is now: equipment, location or resource (None: neither)."""
    if c.zone == "equipped":
        return "equipment"
    if c.zone == "resource":
        return "location" if c.face_up else "resource"
    return None


def play_card_matches(g: Game, c: Card, kind: str, flt: dict, frame: Frame) -> bool:
    """Does an equipment, location or resource match a filter of its kind? A face-down resource is
    matched only by whose it is (its identity stays hidden)."""
    if play_card_kind(g, c) != kind:
        return False
    side = flt.get("side", "any")
    if side != "any":
        my_side = g.players[frame.ctl].side
        s = play_card_side(g, c)
        if side == "yours" and s != my_side:
            return False
        if side == "enemy" and (s is None or not g.are_enemies(s, my_side)):
            return False
    if kind == "resource" or len(flt) == ("side" in flt):
        return True
    d = g.defs.cards[c.cid]
    if "wearer" in flt and (c.gear is None or not matches(g, g.cards[c.gear], {"stunned": "any", **flt["wearer"]},
                                                          frame)):
        return False
    if flt.get("not_self") and frame.src is not None and g.cards[frame.src].gear == c.iid:
        return False
    if "makes" in flt and not d.makes(flt["makes"]):
        return False
    return card_matches(g, c, {k: v for k, v in flt.items() if k not in ("side", "wearer", "not_self", "makes")},
                        frame)
