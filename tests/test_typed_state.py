"""The typed records of the state (engine/capeclash/state.py, stack.py): waiting abilities
(``Trigger``) and the stack's entries keep the JSON form states are hashed and saved by, and copies
of a game holding them are independent."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.capeclash.effects import new_frame
from engine.capeclash.game import Game
from engine.capeclash.loader import read_data
from engine.capeclash.scenario import run_scenario
from engine.capeclash.stack import (
    CombatStep,
    KeepMain,
    Payment,
    ReactionOffer,
    StackEntry,
    TurnStart,
    Waiting,
    XpGain,
)
from engine.capeclash.state import Trigger
from engine.capeclash.testing import shared_pool
from engine.core.errors import IllegalActionError

ROOT = Path(__file__).resolve().parent.parent
# scenarios in which abilities wait to be ordered, reactions are offered or triggers wait under a power,
# powers are paid for, a combat asks whom to strike back at, a player keeps one of two main characters
FILES = [ROOT / "card_data" / "scenarios" / f"{name}.yaml" for name in (
    "audit-reaction-once-per-turn", "combat-mutual-stun-both-triggers", "example-intervening-if",
    "ev-pays-symbol", "end-two-headed-out-player-skipped", "lang-reaction-cancels-power",
    "play-power-resolves-before-its-triggers", "fx-cancel-power", "kw-leader",
    "turn-two-mains-at-start-ko-all-but-one")]


def test_trigger_json_is_the_dict_each_kind_was():
    frame = new_frame(["power", "hero", 0], 1, 7, "Zap")
    assert Trigger(1, frame, True).to_json() == {"frame": frame.to_json(), "optional": True, "ctl": 1}
    assert list(Trigger(0, name="Hero's level-up condition", xp=0, src=7, cond=None).to_json()) == \
        ["xp", "ctl", "src", "cond", "name"]
    reaction = Trigger(2, frame, True, "Hero's reaction Zap", ["R"], "Zap:7", None)
    assert reaction.to_json() == {"frame": frame.to_json(), "optional": True, "ctl": 2, "cost": ["R"], "key": "Zap:7",
                                  "once": None, "name": "Hero's reaction Zap"}
    assert reaction.label == "Hero's reaction Zap" and Trigger(1, frame).label == "Zap"


def test_stack_entry_json_is_the_dict_each_kind_was():
    frame = new_frame(["power", "zap", 0], 0, 7, "Zap")
    trig = Trigger(1, frame, True, "Hero's reaction Zap", ["R"], "Zap:7", None)
    assert list(Payment(0, ["R"], [5], 7, "Zap", frame).to_json()) == \
        ["t", "player", "need", "paid", "for", "name", "then"]
    assert Payment(0, [], [5], 7, "Zap", frame, reaction=True).to_json() == \
        {"t": "pay", "player": 0, "need": [], "paid": [5], "for": 7, "name": "Zap", "then": frame.to_json(),
         "reaction": True}
    assert CombatStep().to_json() == {"t": "combat"}
    assert CombatStep(4).to_json() == {"t": "combat", "target": 4}
    assert Waiting([trig]).to_json() == {"t": "waiting", "items": [trig.to_json()]}
    assert Waiting([], after=True).to_json() == {"t": "waiting", "items": [], "after": True}
    assert KeepMain(1).to_json() == {"t": "keep_main", "player": 1}
    assert TurnStart().to_json() == {"t": "turn_start"}
    assert list(XpGain(0, 7, 0, None, "Hero's level-up condition").to_json()) == \
        ["t", "player", "src", "ctl", "cond", "name"]
    assert ReactionOffer(trig).to_json() == {"t": "reaction", "trig": trig.to_json()}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_copies_holding_waiting_abilities_are_independent(path, monkeypatch):
    """Before every action taken while abilities wait (pending) or the stack holds an entry (a payment,
    a combat, waiting abilities, a reaction offered, a main character to keep), a copy takes the same action: the original is untouched by it, and both end in the same state."""
    pool = shared_pool([ROOT / "card_data"])
    apply = Game.apply
    seen = []

    def checked_apply(g, action):
        holding = g.pending or any(isinstance(f, StackEntry) for f in g.stack)
        if not holding:
            return apply(g, action)
        seen.append(path.stem)
        before = g.state_hash()
        c = g.copy()
        try:
            apply(c, action)
        except IllegalActionError:
            pass
        assert g.state_hash() == before
        out = apply(g, action)
        assert c.state_hash() == g.state_hash()
        return out

    monkeypatch.setattr(Game, "apply", checked_apply)
    data, _ = read_data(path)
    run = run_scenario(data, pool, str(path))
    assert run.ok, "\n".join(run.failures)
    assert seen, "the scenario no longer has abilities waiting at a decision"
