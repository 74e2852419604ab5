"""One walk over an effect's nested steps (issue 16, item 11).

Every argument of type ``steps`` in the card language holds nested steps; every check that looks
inside effects (the combat plot twist check, token and handler references, deck piles) must see
the same nested steps, whichever verb holds them.
"""

from __future__ import annotations

import pytest

from engine.cardlang.cards import _walk, parse_card
from engine.cardlang.verbs import VERBS

IN_COMBAT = [{"choose": {"what": "character", "filter": {"in_combat": True}, "as": "hero"}},
             {"modify": {"target": "hero", "atk": 2}}]
NOT_IN_COMBAT = [{"draw": {"n": 1}}]


def _nested(verb: str, key: str, inner: list) -> dict:
    """A step of ``verb`` with ``inner`` under ``key`` and its other arguments filled in."""
    args = {"if": {"cond": {"hand_at_least": 1}}, "may": {"prompt": "Do it?"}, "repeat": {"n": 2},
            "lasting": {"when": "start_of_turn"}}.get(verb, {})
    args = dict(args)
    for k, typ in VERBS[verb].args.items():
        if typ == "steps" and k != key:
            args[k] = NOT_IN_COMBAT
    args[key] = inner
    return {verb: args}


def _combat_plot(effect: list) -> dict:
    return {"id": "t-plot", "name": "Test Plot", "type": "plot_twist", "timing": "combat", "any_turn": True,
            "effect": effect}


NESTING = [(name, key) for name, verb in VERBS.items() for key in verb.nested]


def test_nested_step_keys_come_from_the_registry():
    assert set(NESTING) == {("may", "then"), ("if", "then"), ("if", "else"), ("coin_flip", "heads"),
                            ("coin_flip", "tails"), ("dance_off", "win"), ("dance_off", "lose"),
                            ("repeat", "steps"), ("lasting", "effect")} | \
        {("choose_mode", f"mode{i}") for i in range(1, 5)}


@pytest.mark.parametrize(("verb", "key"), NESTING)
def test_a_combat_effect_nested_anywhere_makes_a_valid_combat_plot_twist(verb, key):
    card, problems = parse_card(_combat_plot([_nested(verb, key, IN_COMBAT)]))
    assert problems == [], problems
    # and one that affects nobody in the combat, under the same verb, is still refused
    card, problems = parse_card(_combat_plot([_nested(verb, key, NOT_IN_COMBAT)]))
    assert any("must affect characters in the combat" in p.message for p in problems)


@pytest.mark.parametrize(("verb", "key"), NESTING)
def test_the_walk_reaches_every_nested_step(verb, key):
    deep = _nested(verb, key, [_nested("if", "else", [{"handler": {"name": "x"}}])])
    verbs = [v for v, _a in _walk([deep])]
    assert verbs[0] == verb and "handler" in verbs
