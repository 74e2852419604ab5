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
So does whatever playing it sets off, on any side: a plot twist is not futile when a character
in play (its card, its equipment or a keyword it has) triggers on (or levels up by) the player
playing one (``you_play_plot_twist``, or a lasting ability of that player), on an enemy playing
one (``enemy_plays_plot_twist``: a reaction or a trigger) or on any card being played
(``card_played``, heard by every character in play); nor is a power whose cost pays a symbol
someone listens for, or that an enemy's character reacts to (``enemy_uses_power``).

>>> from engine.capeclash.testing import sample_game
>>> from engine.core.actions import act
>>> g = sample_game(seed=2)
>>> is_futile(g, act(0, "end_turn"))
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.capeclash import effects
from engine.capeclash.powers import powers_of
from engine.capeclash.stack import ReactionOffer
from engine.cardlang.cards import KEYWORD_TRIGGERS
from engine.cardlang.verbs import VERBS
from engine.cardlang.verbs.choices import Choose

if TYPE_CHECKING:
    from engine.capeclash.game import Game
    from engine.cardlang.verbs.choices import Choose
    from engine.core.actions import Action


def is_futile(g: Game, a: Action) -> bool:
    """True when ``a`` (a ``plot`` or ``power`` action offered now, or ``yes`` to a reaction super
    power offered) plays an effect that surely
    changes nothing: see the module docstring. Every other action is never futile."""
    if a.type == "plot":
        c = g.cards[a["card"]]
        d = g.defs.cards[c.cid]
        if _listened(g, a.player, "you_play_plot_twist") or _lasting(g, a.player, "you_play_plot_twist") \
                or _listened(g, a.player, "enemy_plays_plot_twist", "enemies") \
                or _listened(g, a.player, "card_played", "all"):
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
        if _listened(g, a.player, "enemy_uses_power", "enemies"):
            return False
        frame = effects.new_frame(["power", cid, i], a.player, c.iid, pw.name)
        return _inert(g, frame, pw.effect or (), exclude=set())
    if a.type == "yes":  # using a reaction super power offered now (paid like any power)
        top = g.stack[-1] if g.stack else None
        if not isinstance(top, ReactionOffer) or top.trig.frame is None:
            return False
        if _listened(g, a.player, "pays_symbol"):
            return False
        offered = top.trig.frame
        frame = effects.new_frame(offered.ref, offered.ctl, offered.src, offered.name)
        frame.event = None if offered.event is None else dict(offered.event)
        return _inert(g, frame, effects.steps_of(g, offered.ref), exclude=set())
    return False


def futile_actions(g: Game, actions) -> set:
    """The futile ones among ``actions`` (see ``is_futile``)."""
    return {a for a in actions if a.type in ("plot", "power", "yes") and is_futile(g, a)}


def _listened(g: Game, p: int, event: str, who: str = "own") -> bool:
    """Could a character (its card, its equipment or a keyword it has now) trigger, react or level
    up on ``event``? ``who``: the characters on ``p``'s side (``own``), on the sides of ``p``'s
    enemies (``enemies``) or every character in play (``all``), as the engine emits the event."""
    listens = g.defs.listens
    side = g.players[p].side
    if who == "own":
        chars = g.characters(side)
    elif who == "enemies":
        chars = [c for c in g.characters() if c.side != side and g.are_enemies(c.side, side)]
    else:
        chars = g.characters()
    for c in chars:
        if event in (_mimic_listens(g, c) if "mimic" in g.defs.cards[c.cid].keywords else listens[c.cid]):
            return True
        if c.gear is not None and event in listens[g.cards[c.gear].cid]:
            return True
        if c.mods and g.defs.grants and any(m["k"] == "trig" and m["on"] == event for m in c.mods):
            return True  # a triggered ability granted for a while (``grant_trigger``)
        if c.mods or g.statics_grant:
            for kw in g.keywords_of(c):
                if any(t.on == event for t in KEYWORD_TRIGGERS.get(kw, ())):
                    return True
    return False


def _mimic_listens(g: Game, c) -> set:
    """What a Mimic character may hear now: its own card's abilities (not the blanket "every event"
    the card data gives a Mimic) and whatever its teammates it copies from in play hear (a superset:
    it copies their keywords and powers, not their other abilities)."""
    d = g.defs.cards[c.cid]
    heard = {t.on for t in d.triggers} | set(d.level_up.when if d.level_up else ())
    heard |= {pw.reaction for pw in d.powers if pw.reaction}
    heard |= {t.on for kw in d.keywords for t in KEYWORD_TRIGGERS.get(kw, ())}
    if c.zone == "play" and c.face_up:
        for o in g.mimic_sources(c):
            if "mimic" not in g.defs.cards[o.cid].keywords:
                heard |= g.defs.listens[o.cid]
    return heard


def _lasting(g: Game, p: int, event: str) -> bool:
    """Has player ``p`` a lasting ability that triggers on ``event``?"""
    return any(e["k"] == "when" and e["when"] == event and e["p"] == p for e in g.lasting)


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
    return cast("Choose", VERBS["choose"]).has_options(g, frame, a, exclude)
