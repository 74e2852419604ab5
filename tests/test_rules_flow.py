"""Game setup and turn-flow rules that scenarios cannot start from, plus the engine API contracts
(save/load, undo, illegal actions, hidden information in views).

Rules in our own words:
- a player picked at random decides which side goes first;
- main characters are placed in turn order, first player first;
- everybody draws a seven-card hand, then in turn order each may mulligan once
  (shuffle the hand back in, draw seven new cards);
- the first player draws nothing on the first turn; the second player draws two
  in a duel and one when there are three or four players (free-for-all and team modes).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine.capeclash.testing as testbed
from engine.capeclash.game import Game
from engine.capeclash.position import build
from engine.capeclash.testing import sample_game
from engine.core.errors import IllegalActionError

MODES_N = {"duel": 2, "ffa": 3, "2v2": 4, "two_headed": 4}


# ---------------------------------------------------------------- helpers

def act(g: Game, typ: str, player: int | None = None, **args):
    """Apply the legal action of type ``typ`` (with matching args) for ``player`` (default: the one to act)."""
    if player is None:
        assert len(g.to_act) >= 1, "nobody to act"
        player = g.to_act[0]
    for a in g.legal_actions(player):
        if a.type == typ and all(a.args.get(k) == v for k, v in args.items()):
            return g.apply(a)
    raise AssertionError(f"no legal {typ} {args} for player {player}; legal: {g.legal_actions(player)}")


def finish_setup(g: Game, first_side: int = 0, mulligan: tuple[int, ...] = ()) -> None:
    act(g, "choose_first", side=first_side)
    while g.decision["type"] == "place_main":
        act(g, "place_main", row="front")
    while g.decision["type"] == "mulligan":
        p = g.to_act[0]
        act(g, "mulligan" if p in mulligan else "keep")


def pass_turn(g: Game) -> None:
    """End the active side's turn without doing anything."""
    turn = g.turn
    while g.turn == turn and not g.is_over:
        t = g.decision["type"]
        if t in ("resource", "recruit", "formation"):
            act(g, "end_step")
        elif t == "main":
            act(g, "end_turn")
        else:
            raise AssertionError(f"unexpected decision {t}")


def play_randomly(g: Game, n: int, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(n):
        if g.is_over:
            break
        p = g.to_act[0]
        g.apply(rnd.choice(g.legal_actions(p)))


def iids_in(obj) -> set[int]:
    """Every value of an 'iid' key anywhere in a JSON-like structure."""
    out: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "iid" and isinstance(v, int):
                out.add(v)
            else:
                out |= iids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= iids_in(v)
    return out


# ---------------------------------------------------------------- who goes first

def test_a_random_player_chooses_who_goes_first():
    choosers = Counter()
    for seed in range(40):
        g = sample_game(seed)
        assert g.decision["type"] == "choose_first"
        assert g.to_act == [g.chooser]
        assert sorted(a.args["side"] for a in g.legal_actions(g.chooser)) == [0, 1]
        other = 1 - g.chooser
        assert g.legal_actions(other) == []
        choosers[g.chooser] += 1
    # random, not fixed: both players get to be the chooser over several seeds
    assert choosers[0] > 0 and choosers[1] > 0


@pytest.mark.parametrize("mode", ["ffa", "2v2", "two_headed"])
def test_the_chooser_is_random_in_multiplayer_modes(mode):
    seen = {sample_game(seed, mode).chooser for seed in range(40)}
    assert len(seen) > 1


def test_the_chooser_may_let_the_other_player_go_first():
    g = sample_game(3)
    chooser = g.chooser
    act(g, "choose_first", side=1 - chooser)
    assert g.first_side == 1 - chooser


# ---------------------------------------------------------------- placing main characters

@pytest.mark.parametrize("first", [0, 1])
def test_main_characters_are_placed_in_turn_order(first):
    g = sample_game(5)
    act(g, "choose_first", side=first)
    order = []
    rows = {first: "back", 1 - first: "front"}
    while g.decision["type"] == "place_main":
        assert len(g.to_act) == 1
        p = g.to_act[0]
        assert {a.args["row"] for a in g.legal_actions(p)} == {"front", "back"}
        order.append(p)
        act(g, "place_main", row=rows[p])
    assert order == [first, 1 - first]
    for p in (0, 1):
        m = g.cards[g.players[p].main]
        assert m.zone == "play" and m.row == rows[p] and m.face_up and not m.exhausted
        assert g.defs[m.cid].level == 1


def test_main_characters_placed_in_turn_order_in_ffa():
    g = sample_game(2, "ffa", players=4)
    act(g, "choose_first", side=2)
    order = []
    while g.decision["type"] == "place_main":
        order.append(g.to_act[0])
        act(g, "place_main", row="front")
    assert order == [2, 3, 0, 1]


# ---------------------------------------------------------------- opening hands and mulligans

def test_everyone_draws_seven_cards():
    g = sample_game(11)
    act(g, "choose_first", side=0)
    act(g, "place_main", row="front")
    act(g, "place_main", row="front")
    assert g.decision["type"] == "mulligan"
    for pl in g.players:
        assert len(pl.hand) == 7
        assert len(pl.deck) == 53


def test_one_mulligan_each_in_turn_order():
    g = sample_game(11)
    act(g, "choose_first", side=1)
    act(g, "place_main", row="front")
    act(g, "place_main", row="front")
    # the first player (player 1) decides first
    assert g.decision["type"] == "mulligan" and g.to_act == [1]
    assert g.legal_actions(0) == []
    p1 = g.players[1]
    old_hand = list(p1.hand)
    all_cards = sorted(p1.hand + p1.deck)
    act(g, "mulligan", player=1)
    # shuffled back in and seven new ones drawn: same cards overall, a new hand
    assert len(p1.hand) == 7 and len(p1.deck) == 53
    assert sorted(p1.hand + p1.deck) == all_cards
    assert sorted(p1.hand) != sorted(old_hand)
    assert all(g.cards[i].zone == "hand" for i in p1.hand)
    assert all(g.cards[i].zone == "deck" for i in p1.deck)
    # only once: now it is player 0's choice, and player 1 cannot mulligan again
    assert g.decision["type"] == "mulligan" and g.to_act == [0]
    before = g.state_hash()
    with pytest.raises(IllegalActionError):
        g.apply({"player": 1, "type": "mulligan"})
    assert g.state_hash() == before
    hand0 = list(g.players[0].hand)
    act(g, "keep", player=0)
    assert g.players[0].hand == hand0
    # setup is over: turn 1 belongs to the first player
    assert g.turn == 1 and g.active == 1
    assert g.decision["type"] == "resource" and g.to_act == [1]


# ---------------------------------------------------------------- first-turn draws

def test_duel_first_player_draws_nothing_second_draws_two():
    g = sample_game(21)
    finish_setup(g, first_side=1)
    assert g.turn == 1 and g.active == 1
    assert len(g.players[1].hand) == 7 and len(g.players[1].deck) == 53
    pass_turn(g)
    assert g.turn == 2 and g.active == 0
    assert len(g.players[0].hand) == 9 and len(g.players[0].deck) == 51
    pass_turn(g)
    # from the first player's second turn on, two cards as usual
    assert g.turn == 3 and g.active == 1
    assert len(g.players[1].hand) == 9


@pytest.mark.parametrize("n", [3, 4])
def test_ffa_second_player_draws_one(n):
    g = sample_game(8, "ffa", players=n)
    finish_setup(g, first_side=1)
    order = [(1 + k) % n for k in range(n)]
    expected = {order[0]: 0, order[1]: 1}
    for p in order:
        assert g.active == p
        assert len(g.players[p].hand) == 7 + expected.get(p, 2), f"player {p} on turn {g.turn}"
        pass_turn(g)
    # the first player's second turn draws two
    assert g.active == order[0]
    assert len(g.players[order[0]].hand) == 9


def test_2v2_second_player_draws_one():
    g = sample_game(8, "2v2")
    finish_setup(g, first_side=2)
    # seats alternate teams: 2 (team A), 3 (team B), 0 (team A), 1 (team B)
    assert g.players[2].team != g.players[3].team
    draws = {2: 0, 3: 1, 0: 2, 1: 2}
    for p in (2, 3, 0, 1):
        assert g.active == p
        assert len(g.players[p].hand) == 7 + draws[p]
        pass_turn(g)


def test_two_headed_first_side_draws_nothing_second_side_draws_two_each():
    # only the players of the side acting first lose their opening draw
    g = sample_game(8, "two_headed")
    finish_setup(g, first_side=1)
    assert g.active == 1 and g.players_of(1) == [2, 3]
    assert [len(g.players[p].hand) for p in (2, 3)] == [7, 7]
    pass_turn(g)
    assert g.active == 0
    assert [len(g.players[p].hand) for p in (0, 1)] == [9, 9]
    pass_turn(g)
    assert [len(g.players[p].hand) for p in (2, 3)] == [9, 9]


# ---------------------------------------------------------------- save / load / undo

@pytest.mark.parametrize("mode", list(MODES_N))
def test_save_load_round_trip_reproduces_the_state(mode):
    g = sample_game(4, mode)
    play_randomly(g, 250, seed=4)
    data = json.loads(json.dumps(g.save()))
    g2 = Game.load(testbed.test_pool(), data)
    assert g2.state_hash() == g.state_hash()
    assert g2.legal_actions() == g.legal_actions()


# ---------------------------------------------------------------- illegal actions

def test_acting_out_of_turn_is_rejected_with_the_reason():
    g = sample_game(9)
    other = 1 - g.chooser
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as e:
        g.apply({"player": other, "type": "choose_first", "side": 0})
    assert g.state_hash() == before
    assert g.players[g.chooser].name in str(e.value)
    assert "decision" in str(e.value)


def test_wrong_kind_of_action_is_rejected_with_the_reason():
    g = sample_game(9)
    finish_setup(g, first_side=0)
    assert g.decision["type"] == "resource"
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as e:
        g.apply({"player": 0, "type": "end_turn"})
    assert g.state_hash() == before
    assert "not possible now" in str(e.value) and "resource step" in str(e.value)


def test_too_expensive_recruit_is_rejected_with_the_cost():
    pool = testbed.test_pool()
    g = build(pool, {"turn": 5, "active": 0, "phase": "recruit", "players": [
        {"name": "Ana", "main": "Captain Solace", "hand": ["Shield Cadet", "Storm Lancer"],
         "resources": ["Think Tank", "Proving Grounds"]},
        {"name": "Bo", "main": "Baron Dusk"}]})
    lancer = next(i for i in g.players[0].hand if g.name(i) == "Storm Lancer")
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as e:
        g.apply({"player": 0, "type": "recruit", "card": lancer, "row": "front"})
    assert g.state_hash() == before
    assert "costs 5" in str(e.value) and "2 recruit point" in str(e.value)


def test_no_action_after_the_game_is_over():
    pool = testbed.test_pool()
    g = build(pool, {"turn": 5, "active": 0, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, "front": ["Storm Lancer"]},
        {"name": "Bo", "main": {"card": "Baron Dusk", "wounds": 5}}]})
    act(g, "attack")
    act(g, "target")
    while not g.is_over:
        act(g, "pass")
    assert g.result["winners"] == [0]
    before = g.state_hash()
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply({"player": 1, "type": "end_turn"})
    assert g.state_hash() == before


# ---------------------------------------------------------------- hidden information

HIDDEN_POSITION = {
    "turn": 5, "active": 1, "phase": "start",
    "players": [
        {"name": "Ana", "main": "Captain Solace", "front": ["Shield Cadet"], "hand": ["Skyhawk"],
         "resources": ["Think Tank"], "deck": ["Arc Archer", "Iron Warden"]},
        {"name": "Bo", "main": "Baron Dusk", "hand": ["Grave Golem"],
         "resources": [{"card": "Syndicate Vault", "face_up": False}],
         "deck": ["Dread Colossus", "Abyss Lord", "Venom Witch"]},
    ],
}
SECRET_OF_BO = ["Grave Golem", "Syndicate Vault", "Dread Colossus", "Abyss Lord", "Venom Witch"]
DECK_OF_ANA = ["Arc Archer", "Iron Warden"]


def _hidden_game() -> Game:
    g = build(testbed.test_pool(), HIDDEN_POSITION)
    # Bo drew Dread Colossus and Abyss Lord; now he puts Grave Golem down as a face-down resource
    assert g.decision["type"] == "resource" and g.to_act == [1]
    hulk = next(i for i in g.players[1].hand if g.name(i) == "Grave Golem")
    g.apply({"player": 1, "type": "resource", "card": hulk, "face_up": False})
    assert g.decision["type"] == "recruit" and g.to_act == [1]
    return g


def test_view_hides_opponent_hand_decks_and_face_down_resources():
    g = _hidden_game()
    bo, ana = g.players[1], g.players[0]
    view = g.view(0)
    text = json.dumps(view)
    for name in SECRET_OF_BO + DECK_OF_ANA:
        assert name not in text, f"{name} leaks into player 0's view"
    secret_ids = set(bo.hand) | set(bo.deck) | set(ana.deck) | {i for i in bo.resources if not g.cards[i].face_up}
    assert secret_ids, "the position should hold hidden cards"
    assert not (iids_in(view) & secret_ids)
    # counts are public, contents are not
    bo_entry = view["players"][1]
    assert "hand" not in bo_entry and bo_entry["hand_count"] == 2
    assert bo_entry["deck_count"] == 1
    assert all("deck" != k for p in view["players"] for k in p)
    assert bo_entry["resources"] == [{"hidden": True, "face_up": False}, {"hidden": True, "face_up": False}]
    # the decision belongs to Bo: its details are not shown to Ana
    assert "options" not in (view["decision"] or {})


def test_view_hides_card_ids_of_secret_cards():
    g = _hidden_game()
    text = json.dumps(g.view(0))
    pool = testbed.test_pool()
    for name in SECRET_OF_BO + DECK_OF_ANA:
        assert pool.find(name).id not in text


def test_own_view_shows_own_hand_and_face_down_resources():
    g = _hidden_game()
    view = g.view(1)
    text = json.dumps(view)
    for name in ["Dread Colossus", "Abyss Lord", "Syndicate Vault", "Grave Golem"]:
        assert name in text
    # but not the order or contents of Bo's own deck
    assert "Venom Witch" not in text
    ana_view = g.view(0)
    assert [c["name"] for c in ana_view["players"][0]["hand"]] == ["Skyhawk"]


def test_log_for_the_opponent_hides_drawn_cards():
    g = _hidden_game()
    ana_lines = g.log_lines(0)
    bo_lines = g.log_lines(1)
    assert any("Bo draws 2 cards" in ln for ln in ana_lines)
    assert any("Dread Colossus" in ln for ln in bo_lines)
    for name in SECRET_OF_BO:
        assert not any(name in ln for ln in ana_lines), f"{name} leaks into player 0's log"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_in_a_played_game_never_hold_hidden_cards(seed):
    g = sample_game(seed)
    rnd = random.Random(seed)
    for _ in range(300):
        if g.is_over:
            break
        for viewer in (0, 1):
            other = 1 - viewer
            secret = (set(g.players[other].hand) | set(g.players[other].deck) | set(g.players[viewer].deck)
                      | {i for i in g.players[other].resources if not g.cards[i].face_up})
            leaked = iids_in(g.view(viewer)) & secret
            assert not leaked, f"turn {g.turn}: player {viewer} sees {[g.name(i) for i in leaked]}"
        g.apply(rnd.choice(g.legal_actions(g.to_act[0])))


def test_a_cost_stays_payable_after_locations_from_hand_pay_part_of_it():
    """A location discarded from hand to pay one symbol leaves the list of locations but stays
    among those already used: the rest of the cost is judged on the locations still there."""
    from engine.capeclash import powers
    g = sample_game(seed=1)
    might = g.defs.cards["proving-grounds"]
    # locations 1 and 2 remain; 99 was discarded from hand to pay the first symbol
    assert powers.payable(g, 0, ("might",), None, (99,), [(1, might), (2, might)])
    assert powers.payable(g, 0, ("might", "might"), None, (99,), [(1, might), (2, might)])
    assert powers.payable(g, 0, ("might",), None, (99, 1), [(1, might), (2, might)])
    assert not powers.payable(g, 0, ("might", "might"), None, (99, 1), [(1, might), (2, might)])
    mind = g.defs.cards["think-tank"]
    assert not powers.payable(g, 0, ("mind",), None, (99,), [(1, might), (2, might)])
    assert powers.payable(g, 0, ("any", "mind"), None, (99,), [(1, might), (2, mind)])
