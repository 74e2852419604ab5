"""Futile plays: a plot twist or super power offered now whose effect cannot change anything.

The rules let a player play a plot twist or use a super power whose every step needs a target
when none exists (Winter's Grip with no enemy supporting character in play): it is paid for and
does nothing. ``is_futile(game, action)`` says so before anyone pays: the computer players leave
such plays out and the browser warns a human (the ``"futile"`` key of an offered action).

The test is conservative: a play is futile only when each step of its effect, read in order
against the game as it stands, surely does nothing:

* a ``choose`` of a character, a card or a row that has no candidate (its name stays empty);
* a step that acts only on the characters its ``target`` names (``freeze``, ``move``,
  ``take_control``, ``counter``, ...: the verbs with ``acts_on``), when that target names nobody (an empty choice, no
  combat for ``defender``, ...);
* a ``may`` whose steps are all futile.

Any other step (drawing, tokens, XP, a condition, choosing a player, ...) makes the play count.
So does what playing it sets off on the player's own side: a plot twist is not futile for a
player whose characters trigger on (or level up by) playing one, nor a power whose cost pays
a symbol someone listens for.

>>> from engine.capeclash.testing import sample_game
>>> from engine.core.actions import act
>>> g = sample_game(seed=2)
>>> is_futile(g, act(0, "end_turn"))
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import effects
from engine.capeclash.powers import powers_of
from engine.cardlang.cards import KEYWORD_TRIGGERS
from engine.cardlang.verbs import VERBS
from engine.cardlang.verbs.choices import Choose

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.core.actions import Action


def is_futile(g: Game, a: Action) -> bool:
    """True when ``a`` (a ``plot`` or ``power`` action offered now) plays an effect that surely
    changes nothing: see the module docstring. Every other action is never futile."""
    if a.type == "plot":
        c = g.cards[a["card"]]
        d = g.defs.cards[c.cid]
        if _listened(g, a.player, "you_play_plot_twist"):
            return False
        combat_only = g.combat is not None and not d.anywhere and bool({"combat", "any_combat"} & set(d.timing))
        frame = effects.new_frame(["plot", c.cid], a.player, None, d.name, combat_only=combat_only, card=c.iid)
        return _inert(g, frame, d.effect or (), exclude={c.iid})
    if a.type == "power":
        c = g.cards[a["card"]]
        found = powers_of(g, c)
        if not found or not 0 <= a["power"] < len(found):
            return False
        cid, i, pw = found[a["power"]]
        if pw.cost and _listened(g, a.player, "pays_symbol"):
            return False
        frame = effects.new_frame(["power", cid, i], a.player, c.iid, pw.name)
        return _inert(g, frame, pw.effect or (), exclude=set())
    return False


def futile_actions(g: Game, actions) -> set:
    """The futile ones among ``actions`` (see ``is_futile``)."""
    return {a for a in actions if a.type in ("plot", "power") and is_futile(g, a)}


def _listened(g: Game, p: int, event: str) -> bool:
    """Could a character on ``p``'s side (its card, its equipment or a keyword it has now) trigger
    or level up on ``event``?"""
    listens = g.defs.listens
    for c in g.characters(g.players[p].side):
        if event in listens[c.cid]:
            return True
        if c.gear is not None and event in listens[g.cards[c.gear].cid]:
            return True
        if c.mods or g.statics_grant:
            for kw in g.keywords_of(c):
                if any(t.on == event for t in KEYWORD_TRIGGERS.get(kw, ())):
                    return True
    return False


def _inert(g: Game, frame: effects.Frame, steps, exclude: set) -> bool:
    """Does each of ``steps`` surely do nothing now? Binds empty choices in ``frame``."""
    for step in steps:
        (verb, args), = step.items()
        if verb == "choose":
            if _has_options(g, frame, args, exclude):
                return False
            frame.chosen[args["as"]] = None
        elif verb == "may":
            if not _inert(g, frame, args.get("then") or (), exclude):
                return False
        elif VERBS[verb].acts_on:  # a verb that does something only to the characters these name
            v = VERBS[verb]
            for key in v.acts_on:
                if key in args and effects.select(g, frame, args[key], v.anywhere):
                    return False
        else:
            return False
    return True


def _has_options(g: Game, frame: effects.Frame, a: dict, exclude: set) -> bool:
    """Would this ``choose`` step ask a question (the same candidates as the verb offers)?"""
    choose = VERBS["choose"]
    assert isinstance(choose, Choose)
    return choose.has_options(g, frame, a, exclude)
