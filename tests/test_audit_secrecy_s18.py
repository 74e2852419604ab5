"""Secrecy audit, session 18: what the page receives through the web API (``apps.webapi``) never
names or tracks a card hidden from its viewer, in every mode.

The engine's own view and log lines are checked after every action by the soak tier
(``checks.apply_checking_secrets``); these tests cover the channels around them: the web API's
extra fields (offered actions, previews, flags, event data for animations, the computer's moves)
and the card instance ids the page is handed."""

from __future__ import annotations

import json
import re

import pytest

from apps.webapi import Session, bundle_from_paths
from engine.capeclash.invariants import unseen_cards
from engine.core.protocol import ruleset_of
from engine.core.rng import Rng

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
CARD_ARG = re.compile(r"\b(?:card|source|target|discard)=(\d+)")


@pytest.fixture(scope="module")
def bundle():
    return json.loads(json.dumps(bundle_from_paths([ROOT / "card_data"])))


def _vs_computer(bundle, seed: int, mode: str = "duel", players: int = 2) -> Session:
    s = Session(bundle)
    decks = [d["id"] for d in s.call("catalogue")["decks"]]
    seats = [{"name": f"P{i}", "deck": decks[(seed * (i + 3) + i) % len(decks)], "ai": "normal" if i else None}
             for i in range(players)]
    s.call("new_game", mode=mode, seed=seed, seats=seats, viewer=0)
    s.call("settings", auto_answer=True)
    return s


def _play(s: Session, seed: int, moves: int, on_ai=None) -> dict:
    """The human seat 0 plays at random (attacks and plays preferred); ``on_ai(state)`` after each
    computer move (and the cards hidden from seat 0 before it)."""
    rng = Rng(seed)
    st = s.call("state", viewer=0)
    for _ in range(moves):
        if st["over"]:
            break
        if st["ai_to_act"]:
            before = unseen_cards(s.game, 0)
            st = s.call("ai_move", viewer=0, steps=1)
            if on_ai is not None:
                on_ai(st, before)
            continue
        acts = [a for a in st["actions"] if a["type"] != "end_turn"] or st["actions"]
        a = acts[rng.below(len(acts))]
        st = s.call("apply", action=a["text"], viewer=0, **({"via": a["via"]} if a.get("via") else {}))
    return st


# ------------------------------------------------------------------ the computer's moves (ai_move)

@pytest.mark.parametrize("seed", [1, 2, 6])
def test_the_computers_moves_name_no_card_hidden_from_the_viewer(bundle, seed):
    """``ai_move`` returns the moves the computer made (``ai_actions``). A move's text names its cards
    by instance id: "1:resource card=27 face_up=false" handed the page the id of a card put into a
    resource row face down (the view itself shows such a resource as ``{"hidden": true}``), and
    "1:choose card=81" the id of the card a search took from the deck into the hand. An id the viewer
    has seen (a revealed hand, a character returned to its owner's hand) then tells them which card
    lies face down. (Turning a face-up location face down to pay names a card everyone saw.) A card hidden from the viewer both before and after the move is named "?"."""
    s = _vs_computer(bundle, seed)
    leaks: list[str] = []
    redacted: list[str] = []

    def check(st, before):
        hidden = before & unseen_cards(s.game, 0)
        for m in st["ai_actions"]:
            leaks.extend(f"{m} ({s.game.cards[int(i)].zone})" for i in CARD_ARG.findall(m) if int(i) in hidden)
            redacted.extend(m for _ in re.findall(r"=\?", m))
    _play(s, seed, 400, check)
    assert leaks == []
    assert redacted, "the game never had the computer play a hidden card (choose another seed)"


# ------------------------------------------------------------------ "trivial": answered for the player

def _hot_seat(bundle, mode: str, players: int, seed: int) -> tuple[Session, Session]:
    """A game of humans only (hot-seat), as the probe of this audit plays them, and a second session
    with the same seats (to judge copies of its game in)."""
    s, other = Session(bundle), Session(bundle)
    decks = [d["id"] for d in s.call("catalogue")["decks"]]
    r = Rng(seed)
    seats = [{"name": f"P{i}", "deck": decks[r.below(len(decks))]} for i in range(players)]
    s.call("new_game", mode=mode, seed=seed, seats=seats)
    other.seats = s.seats
    return s, other


@pytest.mark.parametrize(("mode", "players", "seed", "steps"), [("ffa", 4, 6, 120), ("two_headed", 4, 2, 260)])
def test_whether_a_choice_changes_nothing_does_not_depend_on_another_players_hand(bundle, mode, players, seed, steps):
    """``trivial`` (and, with automatic answers on, the question answered for the player) says that
    every answer of the player's choice leads to the same game. It was judged on copies where every
    other human's answers that change nothing were given too: after a combat plot twist, which of
    two characters gets +3 ATK this combat "changed nothing" when the combat then ran to its end
    because the other players held no plot twist they could play, and it mattered when one of them
    held one. The player to act learnt whether the others hold a playable plot twist. The same
    position with the cards hidden from that player dealt again must be judged the same."""
    s, other = _hot_seat(bundle, mode, players, seed)
    g = s.game
    rs = ruleset_of(g)
    rng, shuffle = Rng(seed * 7 + 1), Rng(seed * 13 + 5)
    differ, judged = [], 0
    for step in range(steps):
        if g.is_over:
            break
        p = g.to_act[0]
        legal = g.legal_actions(p)
        busy = [x for x in legal if x.type not in ("end_turn", "end_step", "pass", "no", "cancel_attack")]
        pool = busy if busy and rng.below(10) < 8 else legal
        g.apply(pool[rng.below(len(pool))])
        for q in g.to_act:
            legal = g.legal_actions(q)
            if len(legal) < 2:
                continue
            judged += 1
            mine = s._trivial(g, q) is not None
            for _ in range(2):
                h = rs.permuted(g, rs.unseen_cards(g, q), shuffle)
                other.game = h
                if (other._trivial(h, q) is not None) != mine:
                    differ.append(f"step {step}: seat {q} at {g.decision['type']}: trivial {mine} here, "
                                  f"{not mine} with the hidden cards dealt again")
    assert judged > 20
    assert differ == []


# Not a test here, by choice: in hot-seat a seat whose turn it is not and that can play nothing (only
# "pass", or only futile plays) is answered for, so the device stays put; the player at the device learns
# that the other holds nothing playable now, as in MTG Arena's or XMage's auto-pass. Issue 15 asks for
# it ("the device is handed over only when the other player has a real choice"); a player who wants
# every question asked ticks Full control (tests/test_webapi.py::
# test_hot_seat_hands_over_no_decision_whose_only_non_futile_answer_is_pass).


# ------------------------------------------------------------------ a replay's label of the last move

def test_a_replays_label_of_the_last_move_names_no_hidden_card(bundle):
    """A replay is watched as the spectator (every hand and face-down resource hidden), but the
    label of the move just stepped over (``replay.last``) named its cards: "Put Rimebound Jailer into
    your resources face down". A card hidden from the spectator after the move is "a card"."""
    s = Session(bundle)
    st = s.call("new_game", mode="duel", seed=1, seats=[{"name": "A", "deck": "deck-rime-court", "ai": "normal"},
                                                       {"name": "B", "deck": "deck-ember-oath", "ai": "normal"}])
    while not st["over"] and s.game.turn < 6:
        st = s.call("ai_move", steps=25)
    r = s.call("replay_open", save=s.call("save"))
    named, face_down = [], 0
    for i in range(1, r["replay"]["length"] + 1):
        r = s.call("replay_step", to=i)
        g = s.replay["game"]
        a = s.replay["actions"][i - 1]
        if a["type"] == "resource" and not a["face_up"]:
            face_down += 1
            assert r["replay"]["last"] == "Put a card into your resources face down"
        hidden = unseen_cards(g, None)
        named += [(a, r["replay"]["last"]) for k in ("card", "source", "target", "discard")
                  if a.get(k) in hidden and g.name(a[k]) in r["replay"]["last"]]
    assert face_down and named == []


# ------------------------------------------------------------------ undo after cards were shown

SHOWING_DECK = ("Main: Captain Solace\n4 Arc Archer\n4 Beacon Scout\n3 Dawn Titan\n4 Dawnwatch Citadel\n"
                "4 Iron Warden\n4 Obstacle Course\n4 Proving Grounds\n4 Shield Cadet\n4 Skyhawk\n3 Solar Sentinel\n"
                "3 Storm Lancer\n4 Think Tank\n4 Sabotage\n4 Grave Offering\n4 Open Dossier\n3 Muster Call\n")


def test_undo_never_takes_back_a_move_that_showed_hidden_cards(bundle):
    """Undo (against the computer) never goes back past a point where a human was shown a hidden card:
    replaying is deterministic, so they would choose again knowing it. Draws, looks and shuffles
    counted; cards shown to everyone did not: Sabotage (a pasted deck's pattern card: the opponent
    puts the top 3 cards of their deck into their KO pile) could be played, read and taken back,
    and the player then knew the opponent's next three draws."""
    s = Session(bundle)
    s.call("new_game", mode="duel", seed=3, viewer=0,
           seats=[{"name": "A", "deck": {"text": SHOWING_DECK}}, {"name": "B", "deck": "deck-gloom", "ai": "normal"}])
    st = s.call("state", viewer=0)
    shown = 0
    for _ in range(400):
        if st["over"] or shown >= 2:
            break
        if st["ai_to_act"]:
            st = s.call("ai_move", viewer=0, steps=25)
            continue
        acts = st["actions"]
        showing = [a for a in acts if a["type"] == "plot" and any(n in a["label"] for n in ("Sabotage", "Muster Call",
                                                                                            "Open Dossier"))]
        if showing:
            g = s.game
            deck_before = {q: list(pl.deck) for q, pl in enumerate(g.players)}
            st = s.call("apply", action=showing[0]["text"], viewer=0)
            gone = {q: [i for i in deck_before[q] if i not in s.game.players[q].deck] for q in deck_before}
            if not any(gone.values()):
                continue
            shown += 1
            if st["can_undo"]:
                back = s.call("undo", viewer=0)
                g = s.game
                assert not any(i in g.players[q].deck for q in gone for i in gone[q]), \
                    f"undo put back the cards {showing[0]['label']} showed: {back['log'][-3:]}"
                st = back
            continue
        pick = next((a for a in acts if a["type"] in ("keep", "choose_first", "place_main", "resource")), None) \
            or next((a for a in acts if a["type"] not in ("attack", "end_turn", "end_step", "pass")), None) or acts[0]
        st = s.call("apply", action=pick["text"], viewer=0)
    assert shown >= 1
