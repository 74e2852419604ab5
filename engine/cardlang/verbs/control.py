"""Control flow: verbs that decide which nested steps run (``may``, ``if``, ``repeat``,
``coin_flip``, ``dance_off``), that stop other effects (``cancel_power``), and ``handler``, the
escape hatch to Python for a card the language can't express."""

from __future__ import annotations

from engine.capeclash import effects as fx
from engine.cardlang import language as L
from engine.cardlang import phrases as P
from engine.cardlang.verbs.base import Verb, register

# Python handlers: for the rare card the language truly can't express, a function registered
# by name and referenced from YAML as ``{handler: {name: NAME}}``. ``capeclash validate --stats``
# counts the cards that need one (target: none in our own sets, at most 5 % of any set).
HANDLERS: dict = {}


def register_handler(name: str):
    """Decorator: ``@register_handler("name")`` on ``fn(game, frame) -> bool`` (True when done)."""
    def deco(fn):
        HANDLERS[name] = fn
        return fn
    return deco


@register
class May(Verb):
    """Ask the controller (with a prompt) whether to do the nested steps."""

    name = "may"
    args = {"prompt": "str", "then": "steps"}
    example = [{"may": {"prompt": "Draw?", "then": [{"draw": {}}]}}]

    def run(self, g, frame, a) -> bool:
        g.ask("may", [frame.ctl], prompt=a["prompt"])
        return False

    def answer(self, g, frame, a, value) -> None:
        frame.pc += 1
        if value:
            fx.push_sub(g, frame, frame.pc - 1, "then")

    def text(self, a, r) -> str:
        return P.cap(P.you_may(r.effect(a["then"])))


@register
class If(Verb):
    """Do the nested steps if a condition holds (else the ``else`` steps).

    ``first_time_this_turn`` in the condition holds the first time this turn the ability comes to this
    step, for this character (a plot twist: for this player's copies of the card); it reads "If this
    is the first time this turn this ability resolves" (``language.CONDITION_NOTES``)."""

    name = "if"
    args = {"cond": "condition", "then": "steps", "else": "steps?"}
    example = [{"if": {"cond": {"wounds_at_least": 2}, "then": [{"heal": {"target": "self"}}]}}]

    def run(self, g, frame, a) -> bool:
        cond = a["cond"]
        held = self._first_time(g, frame, cond) if L.mentions_first_time(cond) else fx.condition(g, cond, frame)
        key = "then" if held else "else"
        if a.get(key):
            fx.push_sub(g, frame, frame.pc, key)
        return True

    @staticmethod
    def _first_time(g, frame, cond) -> bool:
        """An ``if`` step saying ``first_time_this_turn``: true the first time this turn the step is
        reached for this ability of this character (a plot twist: this player's copies of the card);
        reaching it marks it, whatever the condition's answer."""
        key = fx.first_key(frame, frame.pc)
        held = fx.condition(g, cond, frame, key)
        if key not in g.used_powers:
            g.used_powers.append(key)
        return held

    def text(self, a, r) -> str:
        inner = r.effect(a["then"])
        out = f"If {_step_condition(a['cond'])}, {P.lower(inner)}"
        if a.get("else"):
            out += f" Otherwise, {P.lower(r.effect(a['else']))}"
        return out


@register
class Repeat(Verb):
    """Do the nested steps N times."""

    name = "repeat"
    args = {"n": "amount", "steps": "steps"}
    example = [{"repeat": {"n": 2, "steps": [{"draw": {}}]}}]

    def run(self, g, frame, a) -> bool:
        """One round at a time (the count is worked out once, then kept in the frame's variables): the
        stack never holds more than one round, whatever the count."""
        depth = len(frame.ref)  # nested repeats run at different depths, so their counts never clash
        left = frame.engine.rounds_left(depth)
        if left is None:
            left = fx.amount(g, frame, a["n"])
        if left <= 0:
            frame.engine.set_rounds_left(depth, None)
            return True
        frame.engine.set_rounds_left(depth, left - 1)
        fx.push_sub(g, frame, frame.pc, "steps")
        return False

    def text(self, a, r) -> str:
        amt = r.amount(a["n"])  # "2", or "X, where X is ..."
        times = ("once" if a["n"] == 1 else f"{amt} times") if isinstance(a["n"], int) else f"X times{amt[1:]}"
        return f"Do this {times}: {P.lower(r.effect(a['steps']))}"


@register
class CoinFlip(Verb):
    """Flip a coin: the ``heads`` steps or the ``tails`` steps."""

    name = "coin_flip"
    args = {"heads": "steps", "tails": "steps?"}
    example = [{"coin_flip": {"heads": [{"draw": {}}], "tails": [{"discard": {}}]}}]

    def run(self, g, frame, a) -> bool:
        heads = g.rng.below(2) == 0
        g.log("coin", f"{g.players[frame.ctl].name} flips a coin: {'heads' if heads else 'tails'}.")
        frame.engine.won = heads
        key = "heads" if heads else "tails"
        if a.get(key):
            fx.push_sub(g, frame, frame.pc, key)
        return True

    def text(self, a, r) -> str:
        out = f"Flip a coin. Heads: {P.lower(r.effect(a['heads']))}"
        if a.get("tails"):
            out += f" Tails: {P.lower(r.effect(a['tails']))}"
        return out


@register
class DanceOff(Verb):
    """Players in turn exhaust a ready character or drop out; the ``win`` or ``lose`` steps follow."""

    name = "dance_off"
    args = {"win": "steps", "lose": "steps?"}
    example = [{"dance_off": {"win": [{"gain_xp": {}}]}}]

    def run(self, g, frame, a) -> bool:
        """Starting with you, each player exhausts a ready character or drops out, until one is left."""
        dance = frame.engine.dance
        if dance is None:
            dance = frame.engine.dance = fx.Dance([p for p in g.turn_order_from(frame.ctl) if not g.players[p].out])
            g.log("dance", f"{g.players[frame.ctl].name} starts a Dance Off!")
        if len(dance.order) > 1:
            p = dance.order[dance.at]
            ready = [c.iid for c in g.characters(g.players[p].side) if c.face_up and not c.exhausted]
            if not ready:
                self.answer(g, frame, a, None)
                return False
            g.ask("dance", [p], options=ready, optional=True, prompt="Exhaust a ready character to stay in, or drop out")
            return False
        winner = dance.order[0] if dance.order else None
        frame.engine.dance = None
        won = winner == frame.ctl
        frame.engine.won = won
        if winner is not None:
            g.log("dance", f"{g.players[winner].name} wins the Dance Off.")
        key = "win" if won else "lose"
        if a.get(key):
            fx.push_sub(g, frame, frame.pc, key)
        return True

    def answer(self, g, frame, a, value) -> None:
        dance = frame.engine.dance
        assert dance is not None
        p = dance.order[dance.at]
        if value is None:
            dance.order.remove(p)
            g.log("dance", f"{g.players[p].name} drops out of the Dance Off.")
        else:
            g.cards[value].exhausted = True
            g.log("dance", f"{g.players[p].name} exhausts {g.name(value)} to stay in the Dance Off.")
            dance.at += 1
        if dance.order:
            dance.at %= len(dance.order)

    def text(self, a, r) -> str:
        out = ("Begin a Dance Off: going around from you, every player exhausts a ready character or drops "
               f"out, until one player remains. If you win: {P.lower(r.effect(a['win']))}")
        if a.get("lose"):
            out += f" If you don't: {P.lower(r.effect(a['lose']))}"
        return out


@register
class CancelPower(Verb):
    """(In a reaction) the super power or plot twist reacted to does nothing."""

    name = "cancel_power"
    args = {}
    example = [{"cancel_power": {}}]

    def run(self, g, frame, a) -> bool:
        target = (frame.event or {}).get("power_frame")
        for f in g.stack:
            if type(f) is fx.Frame and f.id == target and f is not frame:
                f.cancelled = True
        return True

    def text(self, a, r) -> str:
        return "Cancel that super power or plot twist: it does nothing."


@register
class Handler(Verb):
    """Run a Python function registered with ``register_handler`` (for a card the language can't say)."""

    name = "handler"
    args = {"name": "str"}
    example = [{"handler": {"name": "swap hands"}}]

    def check_pool(self, args, pool) -> list[str]:
        from engine.core.errors import suggest
        name = args.get("name")
        try:
            known = name in HANDLERS
        except TypeError:
            known = False
        return [] if known else [f"no Python handler registered as {name!r}{suggest(name, HANDLERS)}"]

    def run(self, g, frame, a) -> bool:
        return HANDLERS[a["name"]](g, frame)

    def text(self, a, r) -> str:
        return f"(Special rule: {a['name']}.)"


def _step_condition(cond: dict) -> str:
    """An ``if`` step's condition in words. In a step, "the first time this turn" is said of the
    ability itself (a triggered ability's ``if:`` says it of its event: "When ..., if it's the
    first time this turn, ...")."""
    text = P.render_condition(cond)
    if L.mentions_first_time(cond):
        text = text.replace("it's the first time this turn", "this is the first time this turn this ability resolves")
        text = text.replace("it's not the first time this turn",
                            "this isn't the first time this turn this ability resolves")
    return text
