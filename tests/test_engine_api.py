"""The engine's public surface: actions, apply/undo, copies, explain, errors, perft counts."""

from __future__ import annotations

import json

import pytest

from apps.bench import play_random
from engine import Action, Game, IllegalActionError, InvalidActionError
from engine.capeclash.testing import sample_game, test_pool
from engine.core.rng import Rng


def advance(g: Game, n: int, seed: int = 0) -> None:
    r = Rng(seed)
    for _ in range(n):
        if g.is_over:
            return
        acts = g.legal_actions(g.to_act[0])
        g.apply(acts[r.below(len(acts))])


# ---------------------------------------------------------------- actions as values

def test_action_text_round_trip():
    g = sample_game(seed=4)
    advance(g, 40, seed=4)
    for a in g.legal_actions(g.to_act[0]):
        assert Action.parse(str(a)) == a
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a


@pytest.mark.parametrize("bad, code", [
    ("recruit card=3", "malformed_action"),
    ("0:fly card=3", "unknown_action_type"),
    ("0:recruit card=3", "malformed_action"),
    ("0:recruit card=3 row=front extra=1", "malformed_action"),
    ("0:recruit card3 row=front", "malformed_action"),
    ("x:pass", "malformed_action"),
])
def test_malformed_actions_are_rejected_with_a_code(bad, code):
    with pytest.raises(InvalidActionError) as e:
        Action.parse(bad)
    assert e.value.code == code


def test_apply_accepts_text_and_json_forms():
    g1, g2, g3 = sample_game(seed=2), sample_game(seed=2), sample_game(seed=2)
    a = g1.legal_actions(g1.to_act[0])[1]
    g1.apply(a)
    g2.apply(str(a))
    g3.apply(a.to_json())
    assert g1.state_hash() == g2.state_hash() == g3.state_hash()


# ---------------------------------------------------------------- illegal actions leave no trace

def test_illegal_actions_leave_the_state_exactly_as_it_was():
    g = sample_game(seed=9)
    advance(g, 60, seed=9)
    before = g.state_hash()
    events = len(g.events)
    p = g.to_act[0]
    other = (p + 1) % 2
    for bad in [Action(other, "end_turn"), Action(p, "recruit", card=99999, row="front"),
                Action(p, "target", card=-1), Action(p, "pass"), Action(7, "pass")]:
        if bad in g.legal_actions(bad.player):
            continue
        with pytest.raises(IllegalActionError) as e:
            g.apply(bad)
        assert str(bad) in str(e.value)
        assert g.state_hash() == before
        assert len(g.events) == events


def test_wrong_player_error_names_whose_decision_it_is():
    g = sample_game(seed=1)
    p = g.to_act[0]
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action(1 - p, "choose_first", side=0))
    assert f"it is P{p + 1}'s decision now" in str(e.value)
    assert e.value.code == "not_legal_now"


def test_game_over_rejects_actions():
    g = sample_game(seed=3)
    play_random(g, 3)
    assert g.is_over and g.legal_actions() == []
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action(0, "pass"))
    assert e.value.code == "game_over"


# ---------------------------------------------------------------- undo, copy, replay

def test_undo_steps_back_one_action_at_a_time():
    """Undo takes back exactly the last action: it returns it, the state hash and the legal actions
    are those from before it, down to the start, where there is nothing to undo."""
    g = sample_game(seed=5)
    before = [(g.state_hash(), g.legal_actions())]
    played = []
    r = Rng(5)
    for _ in range(30):
        acts = g.legal_actions(g.to_act[0])
        played.append(acts[r.below(len(acts))])
        g.apply(played[-1])
        before.append((g.state_hash(), g.legal_actions()))
        assert before[-1][0] != before[-2][0]
    for n, (action, (h, legal)) in reversed(list(enumerate(zip(played, before[:-1], strict=True)))):
        assert g.undo() == action
        assert (g.state_hash(), g.legal_actions(), len(g.actions)) == (h, legal, n)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        g.undo()


def test_copy_is_independent():
    g = sample_game(seed=6)
    advance(g, 80, seed=6)
    c = g.copy()
    h = g.state_hash()
    assert c.state_hash() == h
    advance(c, 50, seed=60)
    assert g.state_hash() == h
    assert c.state_hash() != h
    # and the original still plays on identically to a fresh replay
    advance(g, 20, seed=61)
    assert g.replay().state_hash() == g.state_hash()


@pytest.mark.parametrize("mode", ["duel", "ffa", "2v2", "two_headed"])
def test_copy_plays_on_exactly_like_the_original(mode):
    """A copy taken anywhere (mid-combat, mid-payment, mid-trigger) continues exactly as the original
    would: the same actions give the same state hash, and the original is never touched."""
    g = sample_game(seed=9, mode=mode)
    r = Rng(9)
    checked = 0
    while g.result is None:
        if len(g.actions) % 29 == 5:
            c = g.copy()
            before = g.state_hash()
            r1, r2 = Rng(r.state), Rng(r.state)
            for _ in range(12):
                if c.result is not None:
                    break
                acts = c.legal_actions(c.to_act[0])
                c._apply(acts[r1.below(len(acts))])
            assert g.state_hash() == before
            twin = Game.load(test_pool(), g.save())
            for _ in range(12):
                if twin.result is not None:
                    break
                acts = twin.legal_actions(twin.to_act[0])
                twin._apply(acts[r2.below(len(acts))])
            assert c.state_hash() == twin.state_hash()
            checked += 1
        acts = g.legal_actions(g.to_act[0])
        g._apply(acts[r.below(len(acts))])
    assert checked >= 5


def test_same_seed_same_game_different_seed_different_deal():
    a, b, c = sample_game(seed=11), sample_game(seed=11), sample_game(seed=12)
    assert a.state_hash() == b.state_hash()
    assert a.state_hash() != c.state_hash()


# ---------------------------------------------------------------- explain

def test_explain_lists_base_counters_then_modifiers():
    from engine.capeclash.position import build
    g = build(test_pool(), {"phase": "main", "players": [
        {"main": "Captain Solace", "front": [{"card": "Skyhawk", "plus": 2}]},
        {"main": "Baron Dusk"}]})
    hawk = next(c for c in g.characters() if c.cid == "skyhawk")
    hawk.mods.append({"k": "add", "atk": 3, "ts": g.tick(), "src": "Sudden Surge", "until": "turn", "turn": 3})
    rows = g.explain(hawk.iid)
    assert [r["step"] for r in rows] == ["printed (Skyhawk)", "2 +1/+1 counter(s)",
                                          "+3/+0 from Sudden Surge this turn"]
    assert (rows[-1]["atk"], rows[-1]["def"]) == (8, 5)


# ---------------------------------------------------------------- perft: legal-action counts at fixed points

# (seed, actions played with the random policy seeded the same) -> number of legal actions then.
# A change to these numbers means a change in the rules' move generation: check it on purpose.
PERFT = {(1, 0): 2, (1, 10): 5, (2, 25): 10, (3, 50): 1, (4, 100): 3, (5, 200): 5, (7, 150): 5}


@pytest.mark.parametrize("seed, depth", sorted(PERFT))
def test_perft_legal_action_counts(seed, depth):
    g = sample_game(seed=seed)
    advance(g, depth, seed=seed)
    assert len(g.legal_actions(g.to_act[0])) == PERFT[(seed, depth)]


# ---------------------------------------------------------------- games started from a position

POSITION = {"turn": 4, "active": 0, "phase": "main", "players": [
    {"name": "Ana", "main": "Captain Solace", "front": [{"card": "Skyhawk", "plus": 2}], "hand": ["Shield Cadet"],
     "resources": ["Think Tank"], "deck": ["Arc Archer", "Iron Warden"]},
    {"name": "Bo", "main": "Baron Dusk", "front": ["Shield Cadet"], "hand": ["Grave Golem"],
     "deck": ["Venom Witch"]}]}


def _positioned() -> Game:
    from engine.capeclash.position import build
    g = build(test_pool(), POSITION, seed=5)
    assert g.decision["type"] == "main" and g.turn == 4
    return g


def test_a_positioned_game_undoes_replays_and_saves_from_its_position():
    g = _positioned()
    start = g.state_hash()
    hawk = next(c.iid for c in g.characters(0) if g.name(c.iid) == "Skyhawk")
    g.apply(Action(0, "attack", card=hawk))
    assert g.decision["type"] == "declare"
    after = g.state_hash()
    assert g.replay().state_hash() == after
    again = Game.load(test_pool(), json.loads(json.dumps(g.save())))
    assert again.state_hash() == after and again.decision["type"] == "declare"
    assert again.view(0) == g.view(0)
    g.undo()
    assert g.state_hash() == start and g.phase == "main" and g.decision["type"] == "main"
    assert g.view(0) == _positioned().view(0)


def test_a_save_whose_position_does_not_fit_its_decks_is_refused():
    from engine.core.errors import SaveError
    save = json.loads(json.dumps(_positioned().save()))
    save["config"]["position"]["players"][0]["hand"] = ["iron-warden"]  # a second Iron Warden
    with pytest.raises(SaveError, match="Iron Warden"):
        Game.load(test_pool(), save)


def test_the_computer_plays_from_a_positioned_game():
    from engine.ai import make_policy, public_context
    g = _positioned()
    for level in ("normal", "hard"):
        p = g.to_act[0]
        a = make_policy(level, public_context(g))(g.view(p), g.legal_actions(p), Rng(3))
        assert a in g.legal_actions(p)


def test_mimic_copies_nothing_outside_play():
    """Mimic describes a character on your side: in a hand it has only its own keyword, no copied
    keyword or super power (the scenario kw-mimic-not-from-hand checks the offered actions)."""
    from engine.capeclash import powers
    from engine.capeclash.position import build
    g = build(test_pool(), {"phase": "main", "players": [
        {"main": "Captain Solace", "front": ["Gale Courier"], "hand": ["Echo Mime"]}, {"main": "Baron Dusk"}]})
    mime = g.cards[g.players[0].hand[0]]
    assert g.keywords_of(mime) == {"mimic"} and not g.has_keyword(mime, "flight")
    assert powers.powers_of(g, mime) == []


# ---------------------------------------------------------------- moving cards names them only to who may see

SOURCES = {"hand": {"hand": ["Skyhawk"]}, "deck": {"deck": ["Skyhawk"]},
           "face-down resource": {"resources": [{"card": "Skyhawk", "face_up": False}]},
           "ko": {"ko": ["Skyhawk"]}, "play": {"front": ["Skyhawk"]}}
SEEN_IN = {"hand": {0}, "deck": set(), "face-down resource": {0}, "ko": None, "play": None}


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize("into", ["hand", "deck_shuffled", "deck_top", "deck_bottom", "ko", "removed", "resource"])
def test_a_card_put_anywhere_is_named_only_to_who_may_see_it(source, into):
    """zones.put logs the move; the card's name reaches a player only if they could see it where it
    was or can see it where it goes (None: everyone); the others read "a card"."""
    from engine.capeclash import zones
    from engine.capeclash.position import build
    g = build(test_pool(), {"phase": "main", "players": [
        {"main": "Captain Solace", **SOURCES[source], "deck": ["Arc Archer"] + SOURCES[source].get("deck", [])},
        {"main": "Baron Dusk"}]})
    hawk = next(c for c in g.cards.values() if c.cid == "skyhawk")
    first = len(g.events)
    zones.put(g, hawk, into)
    after = {"hand": {0}, "resource": {0}}.get(into, set()) if into != "ko" and into != "removed" else None
    before = SEEN_IN[source]
    for viewer in (None, 0, 1):
        text = " ".join(g.log_lines(viewer, first))
        named = before is None or after is None or viewer in before | after
        assert ("Skyhawk" in text) == named, (source, into, viewer, text)
        if not named:
            assert "a card" in text.lower()
    # and the card is where it was sent, in its owner's list (on top of the deck or under it)
    pl = g.players[0]
    zone = {"deck_shuffled": "deck", "deck_top": "deck", "deck_bottom": "deck"}.get(into, into)
    lists = {"hand": pl.hand, "deck": pl.deck, "ko": pl.ko, "removed": pl.removed, "resource": pl.resources}
    assert hawk.zone == zone and hawk.iid in lists[zone]
    assert sum(hawk.iid in ids for ids in lists.values()) == 1 and hawk.iid not in g.in_play
    if into == "deck_top":
        assert pl.deck[-1] == hawk.iid  # (a deck is drawn from its end)
    if into == "deck_bottom":
        assert pl.deck[0] == hawk.iid
    if into == "resource":
        assert not hawk.face_up
