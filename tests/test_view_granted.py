"""The player's view of what a character gained (issue 18): keywords beyond its printed ones with where they
came from and for how long, triggered abilities granted for a while (their rules text rendered from the card
data), printed keywords it lost; public information only. Kindle Fury's Stoke grants Berserker this turn,
Spoils Caller's Claim the Spoils grants a "when it stuns" ability this turn, Oath of Tempering grants a "when
your turn starts" ability until the end of your next turn (card_data/patterns)."""

from __future__ import annotations

from engine.capeclash import position
from engine.capeclash.invariants import all_violations
from engine.capeclash.scenario import resolve_action
from engine.capeclash.testing import CARD_DATA, shared_pool

BO = {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, "front": ["Bit Player"],
      "deck": ["Bit Player", "Bit Player", "Gloom Imp", "Alley Brute", "Night Harrier", "Bit Player"]}


def _game(ana: dict, turn: int = 5):
    pool = shared_pool([CARD_DATA])
    spec = {"turn": turn, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"},
         "deck": ["Shield Cadet", "Arc Archer", "Iron Warden", "Trooper Ash", "Trooper Birch", "Trooper Cole"],
         **ana}, BO]}
    return position.build(pool, spec)


def _do(g, *raws):
    for raw in raws:
        g.apply(resolve_action(g, raw))


def _entry(g, name, viewer=1):
    return next(c for s in g.view(viewer)["sides"] for c in s["front"] + s["back"] if c["name"] == name)


def test_a_granted_keyword_is_in_the_view_with_its_source_and_duration_until_it_ends():
    g = _game({"front": ["Kindle Fury"], "resources": ["Proving Grounds"]})
    before = _entry(g, "Kindle Fury")
    assert "berserker" not in before["keywords"] and "gained" not in before
    _do(g, {"type": "power", "card": "Kindle Fury", "power": "Stoke"}, {"pay": "Proving Grounds"},
        {"choose": "Kindle Fury"})
    for viewer in (0, 1, None):  # the same for everyone: it is public
        e = _entry(g, "Kindle Fury", viewer)
        assert "berserker" in e["keywords"]
        assert e["gained"] == [{"keyword": "berserker", "until": "this turn", "from": "Stoke"}]
    assert all_violations(g) == []
    _do(g, "end_turn")
    after = _entry(g, "Kindle Fury")
    assert "berserker" not in after["keywords"] and "gained" not in after


def test_a_granted_triggered_ability_shows_its_rendered_text_and_duration():
    g = _game({"front": ["Trooper Ash"], "hand": ["Oath of Tempering"]}, turn=4)
    assert "abilities" not in _entry(g, "Trooper Ash")
    _do(g, {"plot": "Oath of Tempering"}, {"choose": "Trooper Ash"})
    want = [{"text": "When your turn starts, put a +1/+1 counter on this character.",
             "until": "until the end of Ana's next turn", "from": "Oath of Tempering"}]
    assert _entry(g, "Trooper Ash", 1)["abilities"] == want == _entry(g, "Trooper Ash", 0)["abilities"]
    assert all_violations(g) == []
    _do(g, "end_turn")  # Bo's turn: still there
    assert _entry(g, "Trooper Ash")["abilities"] == want
    while g.active != 0:
        _do(g, g.decision["type"] == "main" and "end_turn" or "end_step")
    assert _entry(g, "Trooper Ash")["abilities"] == want  # Ana's next turn: it fired and lasts to its end
    assert _entry(g, "Trooper Ash")["plus"] == 1
    while g.active == 0:
        _do(g, g.decision["type"] == "main" and "end_turn" or "end_step")
    assert "abilities" not in _entry(g, "Trooper Ash")


def test_a_claimed_ability_reads_as_its_card_says():
    g = _game({"front": ["Spoils Caller"], "resources": ["Proving Grounds"]})
    _do(g, {"type": "power", "card": "Spoils Caller", "power": "Claim the Spoils"}, {"pay": "Proving Grounds"},
        {"choose": "Spoils Caller"})
    assert _entry(g, "Spoils Caller")["abilities"] == [
        {"text": "When this character stuns an enemy character, you draw a card.", "until": "this turn",
         "from": "Claim the Spoils"}]


def test_lost_keywords_are_listed_and_a_stunned_character_lists_nothing():
    pool = shared_pool([CARD_DATA])
    flier = next(c for c in pool if c.type == "supporting" and "flight" in c.keywords and not c.triggers
                 and not c.statics)
    g = _game({"front": [flier.name]})
    c = next(x for x in g.cards.values() if x.cid == flier.id)
    c.mods.append({"k": "lose", "ts": g.tick(), "src": "test", "until": "turn", "turn": g.turn})
    g.dirty, g.view_cache = True, None  # (a change made by hand: the cached view is stale)
    e = _entry(g, flier.name)
    assert e["keywords"] == [] and e["lost_keywords"] == sorted(flier.keywords)
    c.mods.clear()
    c.face_up = False
    g.dirty, g.view_cache = True, None  # (a change made by hand: the cached view is stale)
    e = _entry(g, flier.name)
    assert "lost_keywords" not in e and "gained" not in e


def test_the_views_printed_keyword_shortcut_agrees_with_has_keyword():
    """``view.character`` lists a character's printed keywords without asking ``has_keyword`` for each
    when nothing can change them; on random games (stunned characters included) it must say what
    the plain path says."""
    from engine.capeclash.testing import sample_game
    from engine.core.rng import Rng
    seen = {"face up": 0, "stunned": 0}
    for seed, mode in ((1, "duel"), (2, "2v2"), (3, "ffa"), (4, "duel")):
        g = sample_game(seed=seed, mode=mode)
        rng = Rng(seed)
        for _ in range(400):
            if g.result is not None or not g.to_act:
                break
            entries = {c["iid"]: c for s in g.view(None)["sides"] for c in s["front"] + s["back"]}
            for c in g.characters():
                d = g.defs[c.cid]
                if c.mods or c.gear is not None or g.statics_grant or "mimic" in d.keywords or not d.keywords:
                    continue
                seen["face up" if c.face_up else "stunned"] += 1
                assert entries[c.iid]["keywords"] == sorted(k for k in d.keywords if g.has_keyword(c, k)), d.name
            legal = g.legal_actions(g.to_act[0])
            g.apply(legal[rng.below(len(legal))])
    assert seen["face up"] > 100 and seen["stunned"] > 5, seen
