"""``grant_trigger`` (issue 18): a triggered ability granted to a character for a while. The pattern
scenarios (card_data/scenarios/patterns-powers-spoils-caller.yaml, ...-oath-of-tempering.yaml) show it
firing during its duration and not after; these tests cover the rest: it survives saving and
replaying, it ends when the character leaves play, and its data is checked like a card's trigger."""

from __future__ import annotations

from engine.capeclash import position, triggers, zones
from engine.capeclash.scenario import resolve_action
from engine.capeclash.testing import CARD_DATA, shared_pool
from engine.cardlang.cards import parse_card

SPEC = {"turn": 5, "active": 0, "phase": "main", "players": [
    {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "front": ["Spoils Caller"],
     "resources": ["Proving Grounds"], "deck": ["Shield Cadet", "Arc Archer"]},
    {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "front": ["Rally Banner"],
     "deck": ["Gloom Imp", "Alley Brute"]}]}


def _granted():
    g = position.build(shared_pool([CARD_DATA]), SPEC)
    for raw in ({"type": "power", "card": "Spoils Caller", "power": "Claim the Spoils"},
                {"pay": "Proving Grounds"}, {"choose": "Spoils Caller"}):
        g.apply(resolve_action(g, raw))
    caller = next(c for c in g.characters() if g.defs[c.cid].name == "Spoils Caller")
    return g, caller


def test_the_grant_is_kept_in_the_state_and_replays():
    g, caller = _granted()
    assert [(m["k"], m["on"], m["until"]) for m in caller.mods if m["k"] == "trig"] == [("trig", "stuns", "turn")]
    assert triggers.granted_trigger(g, caller.mods[-1]).effect == ({"draw": {"n": 1}},)
    assert g.replay().state_hash() == g.state_hash()
    triggers.triggers_of(g, caller, "stuns", {})
    assert [t.frame.name for t in g.pending] == ["Spoils Caller's ability from Claim the Spoils (when it stuns an "
                                                  "enemy character)"]
    g.pending.clear()


def test_the_grant_ends_when_the_character_leaves_play():
    g, caller = _granted()
    zones.put(g, caller, "hand")
    zones.enter_play(g, caller.iid, g.players[0].side, "front")
    assert not [m for m in caller.mods if m["k"] == "trig"]
    triggers.triggers_of(g, caller, "stuns", {})
    assert g.pending == []


def test_the_granted_ability_is_checked_like_a_cards_trigger():
    bad = {"when": "stuns", "if": {"hand_at_least": "two"}, "effect": [{"drw": {"n": 1}}], "on": "x"}
    _card, granted = parse_card({"id": "t-x", "name": "X", "type": "plot_twist", "timing": "main",
                                 "effect": [{"grant_trigger": {"target": "self", "trigger": bad}}]})
    _card, printed = parse_card({"id": "t-y", "name": "Y", "type": "supporting", "team": "Dawnwatch", "cost": 1,
                                 "atk": 1, "def": 1, "health": 1, "triggers": [bad]})
    at = "effect[0].grant_trigger.trigger"
    assert [(p.field, p.message) for p in granted] == [(p.field.replace("triggers[0]", at), p.message) for p in printed]
    # (the misspelt step is named where it is; no second "needs an effect" line for the same mistake)
    assert sorted(p.field for p in granted) == [f"{at}.effect[0]", f"{at}.if.hand_at_least", f"{at}.on"]
    _card, problems = parse_card({"id": "t-x", "name": "X", "type": "plot_twist", "timing": "main",
                                  "effect": [{"grant_trigger": {"target": "self", "trigger": "draw a card"}}]})
    assert [p.field for p in problems] == [at]


def test_a_trigger_is_named_with_the_subject_its_rules_text_uses():
    """The log and the "Use ...?" prompt name a trigger by its event: "(when it is attacked)" for
    an event about the character, "(when another character appears on your side)" for one about
    the player or side, as the rules text words it, never "when it another character appears"."""
    from engine.capeclash.triggers import _event_phrase
    from engine.cardlang.language import EVENTS
    from engine.cardlang.text import trigger_line
    for event, words in EVENTS.items():
        line = trigger_line(event, None, [{"draw": {"n": 1}}])
        about_it = line.startswith("When this character ")
        assert _event_phrase(event) == ("it " + words if about_it else words), (event, line)
