"""The effect verbs of the card language: one class per verb, the one place that says everything about it.

An effect is a list of steps, each ``{verb: {argument: value, ...}}``. For each verb, its class
(a ``Verb`` subclass, see ``base``) holds:

* ``name`` and ``args``: its arguments and their types (a trailing "?" marks one optional);
  arguments of type ``steps`` hold nested steps, found by ``walk_steps``;
* ``check`` / ``check_pool``: what validation checks beyond each argument's type;
* ``run``: what it does to a game (``engine.capeclash``), one step at a time;
* ``answer``: what it does with a player's answer when ``run`` asked a question;
* ``text``: the English it reads as on a card;
* ``example``: a short valid effect using it (tested, and shown by ``capeclash language``);
* ``binds`` / ``acts_on`` / ``anywhere``: what it names for later steps, and which characters it
  affects (so a play that affects nobody is recognized as futile).

Validation (``cards``), execution (``capeclash.effects``), rules text (``text``), the futility check
and the language reference (``capeclash language``, docs/language.md) all loop over ``VERBS``;
nothing else lists verbs.

The modules group verbs by what they act on: ``choices`` (choose, choose_number,
name_character), ``modifiers`` (stats, counters, keywords), ``combat`` (stun, wound, heal, KO...),
``characters`` (ready, move, take control...), ``zones`` (hand, deck, KO pile, tokens, locations),
``players`` (XP, recruit points, levels) and ``control`` (may, if, repeat, coin flips, handlers).

Adding a verb
-------------
Write one class in the module it belongs to, and decorate it with ``@register``. That is all:
validation, the interpreter, the rules text, the tests that run every verb's example
(tests/test_text.py) and the reference pick it up. Regenerate the reference with
``capeclash language > docs/language.md``. For example, a verb that makes players
discard down to a hand size, in ``zones.py``::

    @register
    class DiscardDownTo(Verb):
        \"\"\"Each player discards cards of their choice until they hold N.\"\"\"

        name = "discard_down_to"
        args = {"n": "amount"}
        example = [{"discard_down_to": {"n": 3}}]

        def run(self, g, frame, a) -> bool:
            n = fx.amount(g, frame, a["n"])
            for pl in g.players:
                while len(pl.hand) > n:
                    Z.discard(g, pl.hand[-1])   # (a real one would ask, see Discard)
            return True

        def text(self, a, r) -> str:
            return f"Each player discards down to {r.amount(a['n'])} cards."

A verb that asks a question calls ``g.ask(...)`` in ``run`` and returns False; the game then calls
its ``answer`` with the player's choice (see ``Discard``, ``Search``). A verb with nested steps
gives them the type ``steps`` and runs them with ``effects.push_sub`` (see ``If``). A new argument
type needs a line in ``language.ARG_TYPES`` and its check in ``cards._Checker.arg``.

The ``frame`` a verb gets is an ``effects.Frame``: ``frame.ctl`` (you), ``frame.src`` (this
character), ``frame.pc`` (move it on in ``answer`` when the step is done), ``frame.event`` (what
triggered it). What the card's steps chose is in ``frame.chosen`` under the card's names (bind with
``frame.chosen[a["as"]] = value``); what a verb keeps for itself between its runs and answers goes
in ``frame.engine`` (``frame.engine.keep("_myverb", value)``, read back with ``kept``), never in
``frame.chosen``, so no name a card picks can clash with it.
"""

from __future__ import annotations

from engine.cardlang.verbs import characters, choices, combat, control, modifiers, players, zones  # noqa: F401,E402,I001
from engine.cardlang.verbs import restrictions as _restrictions  # noqa: F401,E402,I001  (issue 18 A)
from engine.cardlang.verbs.base import VERBS, Render, Verb, register, walk_steps
from engine.cardlang.verbs.control import HANDLERS, register_handler

__all__ = ["HANDLERS", "VERBS", "Render", "Verb", "register", "register_handler", "walk_steps"]

from engine.cardlang.verbs import deck  # noqa: F401,E402,I001  (issue 18, part B: deck, hand and choice verbs)
from engine.cardlang.verbs import targets  # noqa: F401,E402  (issue 18: equipment, locations, resources)
