"""Reaction super powers with an alternative cost (``or_cost``) and with super power discounts (issue 18):
what is offered, what may be answered, what the others see, and when saying yes is futile.

The behaviour on the board is checked by card_data/scenarios/patterns-reactions-*.yaml."""

from __future__ import annotations

from pathlib import Path

from engine.capeclash.futility import is_futile
from engine.capeclash.legality import why_illegal
from engine.capeclash.loader import load_pool
from engine.capeclash.scenario import run_scenario
from engine.capeclash.stack import Payment
from engine.capeclash.testing import shared_pool
from engine.core.actions import act

ROOT = Path(__file__).resolve().parent.parent

START = {
    "turn": 5, "active": 0, "phase": "main",
    "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "hand": ["Sap Strength"],
         "deck": ["Trooper Birch", "Trooper Cole", "Frail Lookout"]},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "front": ["Hushweaver"],
         "deck": ["Alley Brute", "Bit Player", "Night Harrier"]},
    ],
}


def _game(bo: dict, actions: list, pool=None):
    start = dict(START, players=[START["players"][0], {**START["players"][1], **bo}])
    data = {"scenario": "t", "rule": "t", "start": start, "actions": actions, "expect": []}
    return run_scenario(data, pool or shared_pool((ROOT / "card_data",))).game


def test_the_cost_question_keeps_the_hand_secret():
    # Bo's card in hand might be a mind location as far as Ana knows: Bo is asked which cost, as he
    # would be if it were one, and only he sees that {energy}{energy} is the only cost he can pay
    g = _game({"hand": ["Gloom Imp"], "resources": ["Reactor Core", "Reactor Core"]},
              [{"plot": "Sap Strength"}, {"player": 1, "type": "yes"}])
    assert g.decision["type"] == "pick" and g.decision["options"] == ["energy + energy"]
    assert g.view(1)["decision"]["options"] == ["energy + energy"]
    assert "options" not in g.view(0)["decision"] and "options" not in g.view(None)["decision"]
    assert [a.type for a in g.legal_actions(1)] == ["pick"]


def test_no_cost_question_when_everyone_sees_only_one_cost_payable():
    g = _game({"resources": ["Reactor Core", "Reactor Core", "Proving Grounds"]},
              [{"plot": "Sap Strength"}, {"player": 1, "type": "yes"}])
    top = g.stack[-1]
    assert g.decision["type"] == "pay" and isinstance(top, Payment) and top.need == ["energy", "energy"]


def test_the_prompt_and_the_refusal_name_both_costs():
    g = _game({"hand": ["Gloom Imp"], "resources": ["Reactor Core"]}, [{"plot": "Sap Strength"}])
    assert g.decision["prompt"] == "Use Hushweaver's reaction Unravel (pay mind or energy, energy)?"
    assert "cannot pay mind or energy, energy" in why_illegal(g, act(1, "yes"))


def test_payment_with_alternatives_survives_a_copy_and_its_json():
    g = _game({"resources": ["Think Tank", "Reactor Core", "Reactor Core"]},
              [{"plot": "Sap Strength"}, {"player": 1, "type": "yes"}])
    top = g.stack[-1]
    assert isinstance(top, Payment) and top.alts == [["mind"], ["energy", "energy"]]
    assert top.to_json()["alts"] == [["mind"], ["energy", "energy"]]
    g2 = g.copy()
    assert g2.stack[-1].alts == top.alts and g2.stack[-1].alts is not top.alts
    g2.apply(act(1, "pick", {"option": 0}))
    assert g2.decision["type"] == "pay" and top.alts  # the copy's choice leaves the original alone


def test_saying_yes_to_a_reaction_that_can_do_nothing_is_futile(tmp_path):
    (tmp_path / "cards.yaml").write_text(
        "cards:\n"
        "  - id: t-spite\n    name: Spiteful Ward\n    type: supporting\n    team: Gloom Syndicate\n"
        "    cost: 2\n    atk: 1\n    def: 1\n    health: 1\n    powers:\n"
        "      - name: Spite\n        reaction: enemy_plays_plot_twist\n        cost: [mind]\n"
        "        or_cost: [energy]\n        effect:\n"
        "          - choose: {what: character, filter: {side: enemy, kind: supporting}, as: t}\n"
        "          - stun: {target: t}\n")
    pool = load_pool([ROOT / "card_data", tmp_path])
    start = {"front": ["Spiteful Ward"], "resources": ["Reactor Core"]}
    g = _game(start, [{"plot": "Sap Strength"}], pool)
    assert g.decision["type"] == "may_trigger" and is_futile(g, act(1, "yes"))  # Ana has no supporting character
    assert not is_futile(g, act(1, "no"))
    g = _game(start, [{"plot": "Sap Strength"}, {"player": 1, "type": "yes"}], pool)
    assert g.decision["type"] == "pay"  # {energy}: the only cost anyone can see Bo pay


def test_the_cost_question_keeps_every_contract_and_every_level_answers_it():
    from engine.ai import make_policy, public_context
    from engine.core import checks
    from engine.core.rng import Rng
    g = _game({"resources": ["Think Tank", "Reactor Core", "Reactor Core"]},
              [{"plot": "Sap Strength"}, {"player": 1, "type": "yes"}])
    assert g.decision["type"] == "pick"
    assert checks.contract_violations(g, Rng(2)) == []  # a save loads to it, no view leaks, copies apart
    legal = g.legal_actions(1)
    for level in ("random", "simple", "normal", "hard", "hard_all"):
        assert make_policy(level, public_context(g))(g.view(1), legal, Rng(4)) in legal, level
