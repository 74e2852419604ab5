"""Rules and hidden-information fixes from the audit (findings/FINDINGS.md, F9, F4, F6)."""

from __future__ import annotations

from engine.testing import test_decks, test_pool  # noqa: F401 (used by the F4, F6 tests)


def _search_game(deck):
    from engine.loader import load_pool
    from engine.position import build
    pool = load_pool(["card_data"])
    return build(pool, {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "hand": ["Scout Ahead"], "deck": deck},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "deck": ["Gloom Imp"]}]})


def test_a_search_looks_the_same_to_the_opponent_whether_or_not_it_can_find_something():
    """F9: Scout Ahead searches the deck for a supporting character costing 5 or more. With such a card in
    the deck the searcher is asked (and may decline); with none, no question is asked and the log says
    "finds nothing". The opponent thus learns whether the deck holds a matching card, which nobody but the
    searcher may see (the same class as issue 16's reaction offer)."""
    outcomes = []
    for deck in (["Trooper Birch", "Stone Giant", "Trooper Cole"], ["Trooper Birch", "Trooper Ash", "Trooper Cole"]):
        g = _search_game(deck)
        start = len(g.events)
        asked = []
        plot = next(a for a in g.legal_actions(0) if a.type == "plot")
        g.apply(plot)
        while g.decision and g.decision["type"] != "main":
            asked.append(g.view(1)["decision"]["type"])
            acts = g.legal_actions(g.to_act[0])
            g.apply(next((a for a in acts if a.type == "no"), acts[0]))  # decline when asked
        outcomes.append((asked, [e.for_viewer(1) for e in g.events[start:]]))
    assert outcomes[0] == outcomes[1], outcomes


def test_inventive_looks_the_same_whatever_the_face_down_resources_are():
    """F9 (same class): Inventive lets you turn one of your face-down locations face up. Whether the
    ability asks anything must not depend on which of your face-down resources are locations (hidden)."""
    from engine.loader import load_pool
    from engine.position import build
    pool = load_pool(["card_data"])
    outcomes = []
    for hidden in ("Think Tank", "Trooper Ash"):
        g = build(pool, {"turn": 5, "active": 0, "phase": "recruit", "players": [
            {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "hand": ["Gadget Tinker"],
             "resources": [{"card": hidden, "face_up": False}, "Proving Grounds"]},
            {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}}]})
        start = len(g.events)
        rec = next(a for a in g.legal_actions(0) if a.type == "recruit")
        g.apply(rec)
        asked = []
        while g.decision and g.decision["type"] not in ("recruit", "formation", "main"):
            asked.append(g.view(1)["decision"]["type"])
            acts = g.legal_actions(g.to_act[0])
            g.apply(next((a for a in acts if a.type == "no"), acts[0]))
        outcomes.append((asked, [e.for_viewer(1) for e in g.events[start:]]))
    assert outcomes[0] == outcomes[1], outcomes
