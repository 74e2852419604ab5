"""A new effect verb is one class (engine/cardlang/verbs): registered, it validates, runs, takes a
player's answer, renders and appears in the reference, with nothing else to edit."""

from __future__ import annotations

import pytest

from engine.capeclash import effects
from engine.capeclash.loader import raw_card_data
from engine.capeclash.scenario import run_scenario
from engine.capeclash.testing import TESTSET
from engine.cardlang.cards import CardPool, parse_card
from engine.cardlang.reference import reference
from engine.cardlang.text import render_effect
from engine.cardlang.verbs import VERBS, Verb, register, walk_steps


@pytest.fixture
def gift_verb():
    """``gift``: the controller picks one of their characters; it gets N +1/+1 counters."""

    @register
    class Gift(Verb):
        """Pick one of your characters: it gets N +1/+1 counters."""

        name = "zz_gift"
        args = {"n": "amount?", "then": "steps?"}
        example = [{"zz_gift": {"n": 2}}]

        def run(self, g, frame, a) -> bool:
            mine = [c.iid for c in g.characters(g.players[frame.ctl].side) if c.face_up]
            if not mine:
                return True
            g.ask("choose", [frame.ctl], options=mine, prompt="Pick a character for the gift")
            return False

        def answer(self, g, frame, a, value) -> None:
            from engine.capeclash import zones
            zones.add_counters(g, g.cards[value], "plus", effects.amount(g, frame, a.get("n", 1)))
            frame.pc += 1

        def text(self, a, r) -> str:
            return f"Pick a character on your side: it gets {r.amount(a.get('n', 1))} +1/+1 counters."

    yield Gift
    del VERBS["zz_gift"]


def test_a_registered_verb_validates_runs_and_reads(gift_verb):
    card = {"id": "zz-gift-card", "name": "Gift Card", "type": "plot_twist", "timing": "main",
            "effect": [{"zz_gift": {"n": 2, "then": [{"draw": {}}]}}]}
    cdef, problems = parse_card(card)
    assert problems == []
    assert [v for v, _a in walk_steps(cdef.effect)] == ["zz_gift", "draw"]    # its nested steps are seen
    _, problems = parse_card({**card, "effect": [{"zz_gift": {"n": "two"}}]})
    assert any("zz_gift.n" in p.field for p in problems)                       # its schema is checked
    assert render_effect(cdef.effect) == "Pick a character on your side: it gets 2 +1/+1 counters."
    assert "#### zz_gift" in reference() and "Pick one of your characters" in reference()

    cards, teams = raw_card_data([TESTSET])
    pool = CardPool.from_data([*cards, card], teams)
    run = run_scenario({
        "scenario": "a new verb runs and takes its answer",
        "start": {"turn": 3, "active": 0, "phase": "main", "players": [
            {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "front": ["Stone Giant"],
             "hand": ["Gift Card"], "deck": ["Trooper Birch", "Trooper Cole"]},
            {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "deck": ["Gloom Imp", "Alley Brute"]}]},
        "actions": [{"plot": "Gift Card"}, {"choose": "Stone Giant"}],
        "expect": [{"card": "Stone Giant", "plus": 2}, {"card": "Captain Solace", "plus": 0}]}, pool)
    assert run.ok, run.failures
