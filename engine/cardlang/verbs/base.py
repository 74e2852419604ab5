"""The ``Verb`` base class, the registry every verb joins, and the walk over nested steps.

See the package docstring (``engine.cardlang.verbs``) for how to add a verb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.capeclash import effects as fx
from engine.cardlang import phrases as P

if TYPE_CHECKING:
    from engine.capeclash.game import Game

VERBS: dict[str, Verb] = {}
"""Every effect verb of the card language by name, in the order the modules define them."""


class Verb:
    """One effect verb: what its arguments may be, how it runs, how it takes a player's answer
    and how it reads on a card. Subclasses set the class attributes and override the methods
    they need; ``@register`` adds one instance to ``VERBS``."""

    name: ClassVar[str] = ""
    args: ClassVar[dict[str, str]] = {}
    """Each argument's type (``language.ARG_TYPES``); a trailing "?" marks it optional. Arguments
    of type ``steps`` hold nested steps (see ``nested``)."""
    example: ClassVar[list] = []
    """A short effect using this verb (with the steps it needs before it), valid card data."""
    binds: ClassVar[str | None] = None
    """The argument naming what this step binds for the steps after it (``as``), if any."""
    acts_on: ClassVar[tuple[str, ...]] = ()
    """The selector arguments whose characters are all this step affects: with none of them
    naming anybody, the step surely does nothing (``capeclash.futility``)."""
    anywhere: ClassVar[bool] = False
    """Its selectors name cards in any zone, not only characters in play."""
    card_args: ClassVar[tuple[str, ...]] = ()
    """Selector arguments that may also name a card chosen outside play (``choose: {what: card}``),
    in a verb that is not ``anywhere`` (``impersonate``'s model)."""
    shows: ClassVar[bool] = False
    """It may show everyone hidden cards (a ``reveal`` event naming them in ``data["cards"]``): the
    secrecy checker (``capeclash.invariants.shown_by``) looks for those events only where it may."""
    nested: ClassVar[tuple[str, ...]] = ()
    """The arguments that hold nested steps (worked out from ``args``)."""
    granted: ClassVar[tuple[str, ...]] = ()
    """The arguments that hold a triggered ability (type ``trigger``: ``{when, if, effect}``), whose
    ``effect`` steps run later, when it triggers (worked out from ``args``)."""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.nested = tuple(k for k, typ in cls.args.items() if typ.rstrip("?") == "steps")
        cls.granted = tuple(k for k, typ in cls.args.items() if typ.rstrip("?") == "trigger")

    @property
    def summary(self) -> str:
        """What it does, in one line (the first line of the class docstring)."""
        return (type(self).__doc__ or "").strip().split("\n")[0]

    # --- validation

    def check(self, args: dict, err) -> None:
        """Checks beyond each argument's type, on the checked arguments; ``err(arg, message)``
        reports a problem with one argument."""

    def arg_type(self, key: str, typ: str, args: dict) -> str:
        """The type an argument is checked as, given the step's other arguments (by default the
        declared one: ``choose`` checks its ``filter`` as a filter of the kind of thing it chooses)."""
        return typ

    def bound_kind(self, a: dict) -> str | None:
        """What kind of thing the name it binds stands for ("character", "equipment", "location",
        "resource"...), so that validation can tell a step aimed at the wrong kind; None: unknown."""
        return None

    def affects_combat(self, a: dict) -> bool:
        """Does this step act on characters in the combat (a combat plot twist must)? By default:
        its ``target`` names them (attackers, defender, in_combat or ``{each: {in_combat: true}}``)."""
        t = a.get("target")
        if isinstance(t, str):
            return t in ("attackers", "defender", "in_combat")
        return isinstance(t, dict) and isinstance(t.get("each"), dict) and bool(t["each"].get("in_combat"))

    def check_pool(self, args: dict, pool) -> list[str]:
        """Problems that need the whole card pool (a card id that must exist): messages."""
        return []

    # --- execution

    def run(self, g: Game, frame: fx.Frame, a: dict) -> bool:
        """Carry the step out. True when it is done; False when it asked a player (``g.ask``) or
        pushed nested steps to run first (it runs again after the answer or the nested steps)."""
        raise NotImplementedError(self.name)

    def answer(self, g: Game, frame: fx.Frame, a: dict, value) -> None:
        """Take the answer to the question ``run`` asked: bind it, act on it, and move the frame's
        program counter on when the step is done."""
        raise AssertionError(f"{self.name} asks no question")

    # --- rules text

    def text(self, a: dict, r: Render) -> str:
        """The step as an English sentence (or more), ending with a full stop. A sentence starts
        with the imperative ("Draw a card."), "You ..." or its subject ("This character gets
        +1/+0."), so that ``phrases.you_may`` can make its optional form."""
        raise NotImplementedError(self.name)

    def noun(self, a: dict) -> str | None:
        """What the name it binds (``binds``) stands for, as later steps refer to it ("enemy
        character"); None for a name that is no character (a number, a player)."""
        return None


def register(cls: type[Verb]) -> type[Verb]:
    """Class decorator: add the verb to ``VERBS`` under its ``name``."""
    assert cls.name and cls.name not in VERBS, cls.name
    VERBS[cls.name] = cls()
    return cls


class Render:
    """What rendering one effect keeps from step to step: the names chosen so far, in order, each
    with its noun (``Verb.noun``: the last thing chosen reads "it", an earlier one "the enemy
    character"), how long a modifier without its own ``until`` lasts ("combat" for combat
    abilities, "turn" otherwise) and the card pool, if known (to name the cards an effect refers
    to by id)."""

    __slots__ = ("chosen", "until", "pool")

    def __init__(self, chosen: dict | set | None = None, until: str = "combat", pool=None):
        self.chosen = {} if chosen is None else chosen
        self.until = until
        self.pool = pool

    def target(self, sel, pronoun: bool = True) -> str:
        return P.target(sel, self.chosen, pronoun=pronoun)

    def amount(self, v) -> str:
        return P.amount(v, self.chosen)

    def card_name(self, card_id: str) -> str:
        """A card named by id: its name when the pool is known."""
        if self.pool is not None and card_id in self.pool:
            return self.pool[card_id].name
        return card_id.replace("-", " ").title()

    def duration(self, a: dict, default: str | None = None) -> str:
        """`` this combat``, `` this turn``...: the step's ``until``, else ``default`` (else this
        effect's default)."""
        return P.DURATION[a.get("until", default or self.until)]

    def step(self, step: dict) -> str:
        (verb, a), = step.items()
        v = VERBS[verb]
        out = v.text(a, self)
        if v.binds:
            name = a[v.binds]
            if isinstance(self.chosen, dict):
                self.chosen.pop(name, None)  # bound again: now the latest
                self.chosen[name] = v.noun(a)
            else:
                self.chosen.add(name)
        return out

    def effect(self, steps) -> str:
        return " ".join(self.step(s) for s in steps)


def walk_steps(steps):
    """Every step of an effect, nested steps included (each right after the step holding it), as
    (verb, arguments). The effect of a triggered ability a step grants (``grant_trigger``) counts
    as nested too."""
    for step in steps:
        (verb, args), = step.items()
        yield verb, args
        v = VERBS.get(verb)
        for key in v.nested if v is not None else ():
            inner = args.get(key) if isinstance(args, dict) else None
            if isinstance(inner, (tuple, list)):
                yield from walk_steps(inner)
        for key in v.granted if v is not None else ():
            trig = args.get(key) if isinstance(args, dict) else None
            if isinstance(trig, dict) and isinstance(trig.get("effect"), (tuple, list)):
                yield from walk_steps(trig["effect"])


def granted_events(steps) -> frozenset:
    """The events of the triggered abilities the steps could grant (``grant_trigger``, nested
    anywhere): a character may hear them once granted."""
    out = set()
    for verb, args in walk_steps(steps):
        v = VERBS.get(verb)
        for key in v.granted if v is not None else ():
            trig = args.get(key) if isinstance(args, dict) else None
            if isinstance(trig, dict) and isinstance(trig.get("when"), str):
                out.add(trig["when"])
    return frozenset(out)


def each(g: Game, frame: fx.Frame, a: dict, fn) -> bool:
    """Apply ``fn`` to every character the step's ``target`` names; done."""
    for c in fx.select(g, frame, a["target"]):
        fn(c)
    return True
