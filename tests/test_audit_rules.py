"""Rules and hidden-information fixes from the audit (findings/FINDINGS.md, F9, F4, F6)."""

from __future__ import annotations

import pytest

from engine.capeclash.testing import test_decks, test_pool


def _search_game(deck):
    from engine.capeclash.position import build
    from engine.capeclash.testing import shared_pool
    pool = shared_pool(["card_data"])
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
    from engine.capeclash.position import build
    from engine.capeclash.testing import shared_pool
    pool = shared_pool(["card_data"])
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


def test_undo_never_crosses_a_draw_or_the_computers_turn():
    """F4: in a game against the computer, undo takes back the human's last decision and every computer move
    after it. After ending the turn, watching the computer's whole turn and drawing two cards, the human can
    undo to before the end of the turn: they now know their next two draws and the computer's turn (the
    replay is deterministic), and can choose their last move with that knowledge."""
    from apps.webapi import Session, WebError
    s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
    st = s.call("new_game", mode="duel", seed=3, seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"},
                                                        {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}])
    for _ in range(400):
        if st["ai_to_act"]:
            st = s.call("ai_move", viewer=0, steps=1)
            continue
        if st["view"]["decision"]["type"] == "main" and st["view"]["turn"] >= 3:
            break
        acts = {a["type"]: a["text"] for a in st["actions"]}
        text = next((acts[t] for t in ("keep", "end_step", "end_turn", "pass", "no") if t in acts), st["actions"][0]["text"])
        st = s.call("apply", action=text, viewer=0)
    turn = st["view"]["turn"]
    st = s.call("apply", action="0:end_turn", viewer=0)
    while st["ai_to_act"]:
        st = s.call("ai_move", viewer=0, steps=1)
    assert st["view"]["turn"] == turn + 1  # the computer's turn: its moves are hidden information
    before = s.game.state_hash()
    with pytest.raises(WebError, match="there is no move of yours to take back since you last saw a hidden card "
                                       "or a random result"):
        s.call("undo", viewer=0)
    assert s.game.state_hash() == before  # refused: nothing was taken back


def test_the_session_does_not_hand_out_the_computers_view():
    """F6: in a game against the computer, `state` with the computer's seat as viewer returns its hand."""
    from apps.webapi import Session, WebError
    s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
    st = s.call("new_game", mode="duel", seed=3, seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"},
                                                        {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}])
    for _ in range(20):
        if st["ai_to_act"]:
            st = s.call("ai_move", viewer=0, steps=1)
        elif st["actions"]:
            st = s.call("apply", action=st["actions"][0]["text"], viewer=0)
    with pytest.raises(WebError, match="seat 2 is played by the computer: its view is hidden") as err:
        s.call("state", viewer=1)
    assert err.value.code == "bad_viewer"
    mine = s.call("state", viewer=0)["view"]["players"]
    assert "hand" in mine[0] and "hand" not in mine[1]


def test_creating_several_tokens_of_a_name_needs_swarm():
    """F10 (the class): tokens of one name made together would be KO'd down to one by the uniqueness rule
    unless the token has Swarm, so a card creating two or more of a token without Swarm is refused."""
    from engine.cardlang.cards import CardPool, check_pool
    cards = [{"id": "imp", "name": "Imp", "type": "token", "team": "T", "atk": 1, "def": 1, "health": 1},
             {"id": "call-imps", "name": "Call Imps", "type": "plot_twist", "timing": "main",
              "effect": [{"create_token": {"card": "imp", "row": "front", "n": 2}}]}]
    teams = [{"name": "T", "alignment": "good"}]
    problems = [str(p) for p in check_pool(CardPool.from_data(cards, teams=teams))]
    assert any("call-imps" in p and "Swarm" in p for p in problems), problems
    cards[0]["keywords"] = ["swarm"]
    assert not check_pool(CardPool.from_data(cards, teams=teams))
