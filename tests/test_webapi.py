"""apps.webapi: the JSON session the browser's worker drives (run here on CPython)."""

from __future__ import annotations

import json

import pytest

from apps.webapi import SAME_ANSWER_LIMIT, SAME_ANSWER_TYPES, Session, bundle_from_paths
from web.build import engine_files, engine_wheel, site_lockfile

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bundle():
    return json.loads(json.dumps(bundle_from_paths([ROOT / "card_data"])))


@pytest.fixture
def session(bundle):
    return Session(bundle)


def call(s: Session, op: str, **args) -> dict:
    """Through the JSON transport, exactly as the worker does."""
    return json.loads(s.handle(json.dumps({"op": op, **args})))


def new_game(s, ai=("normal",), seed=3, mode="duel", n=2):
    decks = s.call("catalogue")["decks"]
    seats = [{"name": f"P{i}", "deck": decks[i % len(decks)]["id"], "ai": ai[i - 1] if 0 < i <= len(ai) else None}
             for i in range(n)]
    return s.call("new_game", mode=mode, seed=seed, seats=seats, viewer=0)


def test_catalogue_lists_every_deck_and_the_starter_decks_first(session):
    cat = session.call("catalogue")
    names = [d["name"] for d in cat["decks"]]
    assert "Testbed Dawnwatch" in names and "Testbed Gloom Syndicate" in names
    starters = [d for d in cat["decks"] if "/starter/" in d["source"]]
    if starters:
        assert cat["decks"][: len(starters)] == starters
    assert cat["ai_levels"] == ["easy", "normal", "hard"]
    assert any(k["id"] == "flight" for k in cat["keywords"])


def test_actions_are_offered_with_labels_and_only_to_the_viewer(session):
    st = new_game(session)
    while st["to_act"] != [0]:
        assert st["actions"] == [] and st["ai_to_act"]  # nothing is offered to a seat that is not asked
        st = session.call("ai_move", viewer=0)
    assert st["actions"]
    for a in st["actions"]:
        assert a["text"].startswith("0:") or st["to_act"] != [0]
        assert a["label"] and a["group"]
    other = session.call("state", viewer=None)  # the spectator: nothing is offered
    assert other["actions"] == []
    r = call(session, "state", viewer=1)  # the computer's seat has no view to hand out (F6)
    assert r["ok"] is False and r["error"]["code"] == "bad_viewer"


def test_a_view_never_holds_the_opponents_hand(session):
    st = new_game(session, ai=("normal",))
    while "hand" not in st["view"]["players"][0] or not st["view"]["players"][0]["hand"]:
        st = session.call("apply", action=st["actions"][0]["text"], viewer=0) if st["actions"] else \
            session.call("ai_move", viewer=0)
    v = st["view"]
    assert "hand" not in v["players"][1] and v["players"][1]["hand_count"] > 0
    mine = {c["iid"] for c in v["players"][0]["hand"]}
    text = json.dumps(session.call("state", viewer=None)["view"])
    for iid in mine:
        assert f'"iid": {iid},' not in text  # the other seat's view does not list my hand cards


def test_illegal_action_is_refused_with_a_reason_and_changes_nothing(session):
    st = new_game(session)
    before = st["hash"]
    r = call(session, "apply", action="0:recruit card=99999 row=front", viewer=0)
    assert r["ok"] is False and r["error"]["code"] and "99999" in r["error"]["message"]
    assert session.call("state", viewer=0)["hash"] == before
    r = call(session, "apply", action="1:keep", viewer=0)  # the computer's seat
    assert r["ok"] is False


def test_deck_list_problems_are_all_listed(session):
    r = call(session, "validate_deck", text="Main: Nobody At All\n3 Imaginary Card\nnonsense line\n")
    assert r["ok"] is False and r["error"]["code"] == "bad_deck"
    probs = "\n".join(r["error"]["problems"])
    assert "Nobody At All" in probs and "Imaginary Card" in probs and "nonsense line" in probs and "60" in probs
    text = session.call("catalogue")["decks"][0]["text"]
    assert session.call("validate_deck", text=text)["deck"]["main"]
    r = call(session, "validate_deck", text="   ")
    assert r["ok"] is False and "empty" in r["error"]["message"]


def test_new_game_with_a_bad_pasted_deck_keeps_the_current_game(session):
    st = new_game(session)
    r = call(session, "new_game", mode="duel", seats=[{"deck": {"text": "Main: Nobody"}}, {"deck": "nope"}])
    assert r["ok"] is False and len(r["error"]["problems"]) >= 2
    assert session.call("state", viewer=0)["hash"] == st["hash"]


def test_save_load_round_trip_and_corrupt_saves_keep_the_game(session):
    st = new_game(session, seed=8)
    for _ in range(12):
        st = session.call("ai_move", viewer=0) if st["ai_to_act"] else \
            session.call("apply", action=st["actions"][-1]["text"], viewer=0)
    save = session.call("save")
    assert session.call("load", save=json.dumps(save), viewer=0)["hash"] == st["hash"]
    for bad, words in [("{oops", "invalid JSON"), (json.dumps({"format": "other"}), "not a Cape Clash save"),
                       (json.dumps({**save, "game": {**save["game"], "hash": "0" * 16}}), "does not match")]:
        r = call(session, "load", save=bad, source="my.json")
        assert r["ok"] is False and r["error"]["code"] == "bad_save"
        assert words in r["error"]["message"] + " ".join(r["error"]["problems"]), r["error"]
        assert "my.json" in r["error"]["message"] + " ".join(r["error"]["problems"])
        assert session.call("state", viewer=0)["hash"] == st["hash"]


def test_undo_takes_back_the_human_move_and_the_computer_replies(session):
    st = new_game(session, seed=4)
    while not st["actions"]:
        st = session.call("ai_move", viewer=0)
    first = st["hash"]
    st = session.call("apply", action=st["actions"][0]["text"], viewer=0)
    while st["ai_to_act"]:
        st = session.call("ai_move", viewer=0)
    assert st["can_undo"]
    back = session.call("undo", viewer=0)
    assert back["hash"] == first


def test_replay_steps_to_the_same_states(session):
    st = new_game(session, ai=("easy",), seed=6)
    hashes = [st["hash"]]
    for _ in range(20):
        st = session.call("ai_move", viewer=0) if st["ai_to_act"] else \
            session.call("apply", action=st["actions"][0]["text"], viewer=0)
        hashes.append(st["hash"])
    save = session.call("save")
    r = session.call("replay_open", save=save)
    assert r["replay"]["pos"] == 0 and r["view"]["viewer"] is None
    end = session.call("replay_step", to=r["replay"]["length"])
    assert end["hash"] == st["hash"]
    assert session.call("replay_step", to=0)["hash"] == hashes[0]


def test_explain_is_only_for_characters_in_play(session):
    st = new_game(session)
    hidden = next(iid for iid in range(1, 200) if session.game.cards[iid].zone == "deck")
    r = call(session, "explain", iid=hidden)
    assert r["ok"] is False and r["error"]["code"] == "not_in_play"
    while not session.game.in_play:
        st = session.call("ai_move", viewer=0) if st["ai_to_act"] else \
            session.call("apply", action=st["actions"][0]["text"], viewer=0)
    rows = session.call("explain", iid=session.game.in_play[0])["rows"]
    assert rows and rows[0]["step"].startswith("printed")


def test_card_text_and_keyword_help(session):
    cid = next(c.id for c in session.pool if c.keywords)
    info = session.call("card", cid=cid)
    assert info["name"] and info["keywords"] and all(k["text"] for k in info["keywords"])
    assert call(session, "card", cid="no-such-card")["error"]["code"] == "unknown_card"


def test_computer_levels_finish_a_game(session):
    decks = session.call("catalogue")["decks"]
    st = session.call("new_game", mode="duel", seed=9, seats=[{"deck": decks[0]["id"], "ai": "easy"},
                                                              {"deck": decks[1]["id"], "ai": "normal"}])
    for _ in range(200):
        if st["over"]:
            break
        st = session.call("ai_move", steps=50)
    g = session.game
    # seed 9: the normal level wins by knocking out the other main character (measured; fixed by the
    # seed and by which plays the levels leave out as futile: engine.capeclash.futility)
    assert st["over"] and st["result_text"] == "AI 2 (normal) wins!"
    assert g.result["winners"] == [1] and g.result["reason"] == \
        f"{g.name(g.main_in_play(1).iid)} is the last main character standing"
    assert g.cards[g.players[0].main].zone == "ko" and g.players[0].out
    assert {a["player"] for a in g.actions} == {0, 1}  # both computer players moved


def test_engine_errors_reach_the_page(session):
    r = call(session, "no_such_op")
    assert r["ok"] is False and r["error"]["code"] == "unknown_op"
    r = call(session, "state")
    assert r["ok"] is False and r["error"]["code"] == "no_game"


def test_site_lock_file_registers_the_engine_wheel():
    """The entry ``pyodide lockfile add-wheels`` writes (checked identical with pyodide-build 0.39.2)."""
    import hashlib
    import zipfile
    from io import BytesIO
    name, wheel = engine_wheel(engine_files())
    lock = site_lockfile(name, wheel)
    entry = lock["packages"]["capeclash-engine"]
    assert entry["file_name"] == name and entry["sha256"] == hashlib.sha256(wheel).hexdigest()
    assert entry["imports"] == ["engine", "apps"] and entry["depends"] == []
    names = zipfile.ZipFile(BytesIO(wheel)).namelist()
    assert "engine/capeclash/game.py" in names and "apps/webapi.py" in names and "apps/tty.py" not in names
    assert any(n.endswith(".dist-info/RECORD") for n in names)


# ------------------------------------------------------------------ the second game: Derring-Dice

DICE_PREFERENCE = ["attack", "target", "recruit", "equip", "plot", "choose", "pass", "no", "end_step"]


@pytest.fixture
def dice(bundle):
    from apps.webapi import DiceSession
    return DiceSession(bundle["dice"])


def dice_game(s, bad_ai="normal", good_ai=None, seed=1, viewer=1):
    return s.call("new_game", seed=seed, viewer=viewer, seats=[{"name": "Vex", "side": "bad", "ai": bad_ai},
                                                               {"name": "Nova", "side": "good", "ai": good_ai}])


def greedy(st) -> str:
    acts = st["actions"]
    return min(acts, key=lambda a: DICE_PREFERENCE.index(a["type"]) if a["type"] in DICE_PREFERENCE else 99)["text"]


def play_dice(s, st, viewer=1, limit=600):
    """The human at ``viewer`` clicks greedily, the computer moves when it is asked; until the end."""
    for _ in range(limit):
        if st["over"]:
            return st
        st = call(s, "ai_move", viewer=viewer) if st["ai_to_act"] else call(s, "apply", action=greedy(st), viewer=viewer)
        assert "result" in st, st
        st = st["result"]
    raise AssertionError("the game did not end")


def test_the_site_bundle_holds_derring_dice_and_the_title_screen_offers_it(bundle, session, dice):
    assert len(bundle["dice"]["cards"]["recruit"]) == 188 and len(bundle["dice"]["cards"]["action"]) == 59
    assert bundle["dice"]["rulebook"]["rulebook"] == "Derring-Dice"
    assert session.call("catalogue")["games"] == ["capeclash", "dice"]
    cat = dice.call("catalogue")
    assert cat["title"] == "Derring-Dice" and cat["ai_levels"] == ["easy", "normal", "hard"]
    assert cat["cards"]["Punch"]["type"] == "battle" and cat["cards"]["Bruno Bearhug"]["force"] == 5


def test_a_dice_game_against_the_computer_is_played_to_a_winner_with_its_rolls_logged(dice):
    st = dice_game(dice, bad_ai="normal", seed=1)
    assert st["view"]["game"] == "dice" and st["ai_to_act"] and st["actions"] == []  # the bad guys move first
    st = play_dice(dice, st)
    r = st["view"]["result"]
    loser = {0: "good", 1: "bad"}[r["winners"][0]]  # seat 0 plays the bad guys
    assert st["over"] and len(r["winners"]) == 1
    assert r["reason"] == f"every character of the {loser} guys is defeated or delayed"
    assert st["result_text"] == f"{['Vex', 'Nova'][r['winners'][0]]} wins: {r['reason']}."
    fights = [e for e in dice.game.events if e.data.get("roll")]
    assert fights
    for e in fights:  # each roll-off: Force + die = total on both sides, the same numbers in the text
        r = e.data["roll"]
        assert r["attack_force"] + r["attack_die"] == r["attack_total"]
        assert r["defence_force"] + r["defence_die"] == r["defence_total"]
        assert r["hit"] == (r["attack_total"] > r["defence_total"]) and e.data["dice"] == [r["attack_die"], r["defence_die"]]
        assert f"rolls {r['attack_die']}: {r['attack_total']}" in e.text
        assert f"rolls {r['defence_die']}: {r['defence_total']}" in e.text
    logged = [e for e in dice.call("state", viewer=1)["log"] if e.get("roll")]
    assert logged and logged[-1]["roll"]["attacker_name"] == dice.game.name(logged[-1]["roll"]["attacker"])
    assert all(1 <= d <= 6 for e in logged for d in e["dice"])


def test_a_dice_view_never_shows_the_other_players_hands(dice):
    st = dice_game(dice, bad_ai=None, seed=6, viewer=0)
    g = dice.game
    for viewer in (0, 1):
        st = call(dice, "state", viewer=viewer)["result"]
        other = 1 - viewer
        assert "recruit_hand" in st["view"]["players"][viewer] and "recruit_hand" not in st["view"]["players"][other]
        text = json.dumps(st)
        hidden = [g.name(i) for i in g.players[other]["rhand"] + g.players[other]["ahand"]]
        assert len(hidden) >= 10 and not [n for n in hidden if n in text]
        assert not any(line["text"].startswith(("You draw", "You are dealt")) and
                       any(n in line["text"] for n in hidden) for line in st["log"])
    spectator = call(dice, "state")["result"]["view"]
    assert all("recruit_hand" not in p for p in spectator["players"])


def test_each_computer_level_plays_derring_dice(dice):
    for level in ("easy", "normal"):
        st = play_dice(dice, dice_game(dice, bad_ai=level, seed=2))
        r = st["view"]["result"]
        assert st["over"] and len(r["winners"]) == 1 and r["reason"].startswith("every character of the")
    st = dice_game(dice, bad_ai="hard", seed=2)  # the search: a few decisions (each stops within 1.5 s)
    moves = []
    while len(moves) < 6 and not st["over"]:
        if st["ai_to_act"]:
            st = dice.call("ai_move", viewer=1)
            moves += st["ai_actions"]
        else:
            st = dice.call("apply", action=greedy(st), viewer=1)
    assert len(moves) >= 6 and all(m.startswith("0:") for m in moves)


def test_dice_moves_are_checked_and_a_computer_seat_cannot_be_played(dice):
    st = dice_game(dice, bad_ai="normal", seed=3)
    r = call(dice, "apply", action="0:end_step", viewer=1)
    assert not r["ok"] and r["error"]["code"] == "not_your_seat"
    while st["ai_to_act"]:
        st = dice.call("ai_move", viewer=1)
    before = st["hash"]
    r = call(dice, "apply", action="1:attack card=0", viewer=1)
    assert not r["ok"] and r["error"]["message"]
    r = call(dice, "apply", action="1:fly", viewer=1)
    assert not r["ok"]
    assert dice.call("state", viewer=1)["hash"] == before
    r = call(dice, "new_game", seats=[{"side": "bad"}, {"side": "bad", "ai": "genius"}])
    assert not r["ok"] and r["error"]["code"] == "bad_config"
    assert any("genius" in p for p in r["error"]["problems"])
    assert any("good guys" in p for p in r["error"]["problems"])
    assert dice.call("state", viewer=1)["hash"] == before  # the game in progress is kept


def test_dice_save_load_undo_and_replay(dice, bundle):
    from apps.webapi import DiceSession
    st = dice_game(dice, bad_ai="easy", seed=5)
    for _ in range(40):
        st = dice.call("ai_move", viewer=1) if st["ai_to_act"] else dice.call("apply", action=greedy(st), viewer=1)
    save = json.loads(json.dumps(dice.call("save")))
    assert save["format"] == "derring-dice-web-save" and save["game"]["hash"] == st["hash"]
    other = DiceSession(bundle["dice"])
    again = other.call("load", save=save, viewer=1)
    assert again["hash"] == st["hash"] and other.seats == dice.seats
    # the computer carries on the same way in both sessions
    if not st["ai_to_act"]:
        st = dice.call("apply", action=greedy(st), viewer=1)
        again = other.call("apply", action=greedy(again), viewer=1)
    assert dice.call("ai_move", viewer=1)["hash"] == other.call("ai_move", viewer=1)["hash"]
    # undo against the computer: back to the human's last decision
    st = dice.call("state", viewer=1)
    while st["ai_to_act"] or not st["actions"]:
        st = dice.call("ai_move", viewer=1)
    mine = st["hash"]
    st = dice.call("apply", action=greedy(st), viewer=1)
    assert dice.call("undo", viewer=1)["hash"] == mine
    # tampered and foreign saves are refused with the reason; nothing is lost
    bad = json.loads(json.dumps(save))
    bad["game"]["actions"] = bad["game"]["actions"][:-1]
    r = call(other, "load", save=bad)
    assert not r["ok"] and "does not match" in " ".join(r["error"]["problems"])
    r = call(other, "load", save="{ nope")
    assert not r["ok"] and "not a Derring-Dice save" in r["error"]["message"]
    r = call(other, "load", save={"format": "capeclash-web-save", "version": 1})
    assert not r["ok"] and "not a Derring-Dice save" in r["error"]["message"]
    # a replay, step by step, ends where the game was saved
    rp = other.call("replay_open", save=save)
    assert rp["replay"]["pos"] == 0 and rp["actions"] == []
    end = other.call("replay_step", to=rp["replay"]["length"])
    assert end["hash"] == save["game"]["hash"] and end["replay"]["last"]
    assert other.call("replay_step", to=3)["replay"]["pos"] == 3


# ------------------------------------------------------------------ the table: what the engine tells the page


def _starter_game(s, seed=0, ai="easy"):
    decks = [d for d in s.call("catalogue")["decks"] if "/starter/" in d["source"]] or s.call("catalogue")["decks"]
    return s.call("new_game", mode="duel", seed=seed, viewer=0,
                  seats=[{"name": "H", "deck": decks[0]["id"]}, {"name": "C", "deck": decks[1]["id"], "ai": ai}])


def _until(s, st, want, limit=400):
    """Play (the human: first offered action that is not an attack, so games last) until want(st)."""
    for _ in range(limit):
        if want(st) or st["over"]:
            return st
        if st["ai_to_act"]:
            st = s.call("ai_move", viewer=0, steps=20)
        else:
            acts = [a for a in st["actions"] if a["type"] not in ("attack",)] or st["actions"]
            st = s.call("apply", action=acts[0]["text"], viewer=0)
    raise AssertionError("never reached")


def test_actions_say_which_card_and_row_they_are_about(session):
    st = _until(session, _starter_game(session), lambda st: any(a["type"] == "recruit" for a in st["actions"]))
    rec = [a for a in st["actions"] if a["type"] == "recruit"]
    hand = {c["iid"] for c in st["view"]["players"][0]["hand"]}
    assert {a["row"] for a in rec} == {"front", "back"}
    assert all(a["card"] in hand for a in rec)


NOTHING_ANSWERS = ("pass", "end_step", "end_turn", "no")


def _human_takes_first_choices(session, auto: bool, limit: int) -> list[dict]:
    """The human (seat 0) takes the first offered action at each of their decisions; the states they saw."""
    session.call("settings", auto_answer=auto)
    st = _starter_game(session, seed=4)
    seen = []
    for _ in range(limit):
        if st["over"]:
            break
        if st["ai_to_act"]:
            st = session.call("ai_move", viewer=0, steps=20)
            continue
        legal = session.game.legal_actions(0)
        # would every answer of this small choice give the same game? (measured now, checked by the callers)
        st["same_outcome"] = (2 <= len(legal) <= SAME_ANSWER_LIMIT and all(a.type in SAME_ANSWER_TYPES for a in legal)
                              and session._same_outcome(session.game, legal))
        seen.append(st)
        st = session.call("apply", action=st["actions"][0]["text"], viewer=0)
    return seen


def test_decisions_with_only_a_nothing_answer_are_answered_for_the_player(session):
    seen = _human_takes_first_choices(session, True, 300)
    for st in seen:
        # a human is never left facing a decision whose only answer is pass/done
        assert not (len(st["actions"]) == 1 and st["actions"][0]["type"] in NOTHING_ANSWERS)
        assert st["trivial"] is False
        assert not st["same_outcome"], st["view"]["decision"]  # nor a choice whose answers all give the same game
    assert len(seen) > 10 and session.auto  # some decisions were answered for the player
    g = session.game
    same = 0
    for i in session.auto:
        a = g.actions[i]
        assert a["player"] == 0
        if a["type"] not in NOTHING_ANSWERS:
            # a real-looking choice was answered only because every answer gave the same game
            before = g.replay(i)
            legal = before.legal_actions(0)
            assert len(legal) > 1 and session._same_outcome(before, legal), a
            same += 1
    assert same  # this game has such a choice (a strike back that stuns nobody whichever it hits)


def _position_game(session, spec: dict):
    from engine.capeclash.position import build
    session.game = build(session.pool, spec, mode="duel", seed=1)
    session.seats = [{"name": p["name"], "ai": None} for p in spec["players"]]
    session.auto = set()
    return session.call("state", viewer=0)


BERSERKER_AT_SHRINK = {"turn": 5, "active": 0, "phase": "main", "players": [
    {"name": "A", "main": {"card": "Brannoc the Kindler", "row": "front"}, "deck": ["Oath Herald", "Oath Herald"]},
    {"name": "B", "main": {"card": "Queen Sybil of the Rime", "row": "back"}, "front": ["Veiled Envoy"],
     "deck": ["Rime Thrall", "Rime Thrall"]}]}


@pytest.mark.parametrize("auto", [True, False], ids=["automatic", "full-control"])
def test_a_trigger_order_that_changes_nothing_is_answered_for_the_player(session, auto):
    """Brannoc (Berserker: a +1/+1 counter when it attacks) attacks Veiled Envoy (Shrink: its player
    may call the combat off). Either order of the two triggers gives the same game whatever the
    Envoy's player answers, so the attacker is not asked; the Envoy's player still is (yes and no
    differ). With full control the attacker is asked."""
    session.call("settings", auto_answer=auto)
    st = _position_game(session, BERSERKER_AT_SHRINK)
    att = next(a for a in st["actions"] if a["type"] == "attack")
    st = session.call("apply", action=att["text"], viewer=0)
    st = session.call("apply", action=next(a for a in st["actions"] if a["type"] == "target")["text"], viewer=0)
    g = session.game
    if not auto:
        assert st["view"]["decision"]["type"] == "order" and st["trivial"] is True and len(st["actions"]) == 2
        return
    assert [g.actions[i]["type"] for i in sorted(session.auto)] == ["order"]
    assert st["to_act"] == [1] and st["view"]["decision"]["type"] == "may_trigger"
    b = session.call("state", viewer=1)
    assert b["trivial"] is False and {a["type"] for a in b["actions"]} == {"yes", "no"}


def test_private_says_whether_a_seats_screen_holds_secrets(session):
    """Hot-seat's hand-overs follow ``private``: nothing is secret before the players draw (choosing
    the first player, placing the main characters: rulebook, Setting up), and from the draw on every
    screen with a hand, a face-down resource or a private log line is."""
    session.call("settings", auto_answer=True)
    decks = [d for d in session.call("catalogue")["decks"] if "/starter/" in d["source"]]
    st = session.call("new_game", mode="duel", seed=3, viewer=0,
                      seats=[{"name": "A", "deck": decks[0]["id"]}, {"name": "B", "deck": decks[1]["id"]}])
    kinds: dict = {}
    for _ in range(400):
        if st["over"] or st["view"]["turn"] > 4:
            break
        p = st["to_act"][0]
        for seat in (0, 1):
            s = session.call("state", viewer=seat)
            me = s["view"]["players"][seat]
            secret = bool(me.get("hand")) or any(not r["face_up"] for r in me["resources"]) or \
                any(line["text"] != session.game.events[line["seq"]].text for line in s["log"])
            if secret:
                assert s["private"], (seat, s["view"]["decision"])
            kinds.setdefault(s["view"]["decision"]["type"], set()).add(s["private"])
        st = session.call("state", viewer=p)
        st = session.call("apply", action=st["actions"][0]["text"], viewer=p)
    assert kinds["choose_first"] == {False} and kinds["place_main"] == {False}  # nobody holds a card yet
    assert kinds["mulligan"] == {True} and kinds["main"] == {True}


def test_full_control_leaves_every_decision_to_the_player(session):
    seen = _human_takes_first_choices(session, False, 200)
    trivial = [st for st in seen if st["trivial"]]
    assert trivial and not session.auto
    # the ones that would have been answered: a single nothing answer (beside attacks offered ahead)
    for st in trivial:
        own = [a["type"] for a in st["actions"] if a.get("via") != "main"]
        assert (len(own) == 1 and own[0] in NOTHING_ANSWERS) or st["same_outcome"], st["actions"]


def test_end_turn_finishes_the_build_steps_and_undo_skips_automatic_answers(session):
    session.call("settings", auto_answer=True)
    st = _until(session, _starter_game(session, seed=2),
                lambda st: st["view"]["decision"]["type"] == "resource" and st["to_act"] == [0] and st["view"]["turn"] >= 2)
    turn = st["view"]["turn"]
    assert st["can_end_turn"]
    st = session.call("end_turn", viewer=0)
    # the build steps, the main phase and the turn end at once: the computer's turn has begun
    assert (st["view"]["turn"], st["view"]["active_side"], st["to_act"], st["ai_to_act"]) == (turn + 1, 1, [1], True)
    st = _until(session, st, lambda st: st["to_act"] == [0] and st["can_undo"])
    back = session.call("undo", viewer=0)
    # the undo point is a real decision of the human's, never an automatic answer
    assert back["to_act"] == [0] and not back["trivial"]


def test_end_turn_is_refused_on_the_other_players_turn(session):
    _until(session, _starter_game(session, seed=2), lambda st: st["ai_to_act"] and st["view"]["turn"] >= 1)
    before = session.game.state_hash()
    r = call(session, "end_turn", viewer=0)
    assert r["ok"] is False and r["error"] == {"code": "cannot_end_turn", "message": "you cannot end the turn now",
                                               "problems": []}
    assert session.game.state_hash() == before


def test_combat_preview_gives_each_strike_and_whether_it_stuns(session):
    session.call("settings", auto_answer=False)
    st = _starter_game(session, seed=1, ai="easy")
    for _ in range(600):
        cb = st["view"]["combat"]
        if cb and cb["stage"] == "window":
            break
        if st["over"]:
            pytest.skip("no combat in this game")
        st = session.call("ai_move", viewer=0, steps=1) if st["ai_to_act"] else \
            session.call("apply", action=st["actions"][0]["text"], viewer=0)
    p = st["view"]["combat"]["preview"]
    g = session.game
    from engine.capeclash import stats
    first = p["strikes"][0]
    d = g.cards[st["view"]["combat"]["defender"]]
    assert first["at"] == d.iid and first["def"] == stats.defense(g, d)
    assert first["stuns"] == (first["atk"] >= max(1, first["def"]))
    for s in p["strikes"][1:]:
        assert s.get("again") or s["by"] == [d.iid] and s["at"] in st["view"]["combat"]["attackers"]


def test_attacks_are_offered_ahead_in_the_build_phase_and_finish_it(session):
    session.call("settings", auto_answer=True)
    st = _until(session, _starter_game(session, seed=3),
                lambda st: any(a.get("via") == "main" for a in st["actions"]), limit=600)
    ahead = [a for a in st["actions"] if a.get("via") == "main"]
    assert st["view"]["decision"]["type"] in ("resource", "recruit", "formation")
    assert all(a["type"] == "attack" and a["card"] is not None for a in ahead)
    # the same attacks as the main phase offers once the build steps are done
    c = session.game.copy()
    session._skip_steps(c, 0, "main", mark=False)
    assert {a["text"] for a in ahead} == {str(x) for x in c.legal_actions(0) if x.type == "attack"}
    turn = st["view"]["turn"]
    st = session.call("apply", action=ahead[0]["text"], via="main", viewer=0)
    # the build steps are skipped and the attacker is declared: the target is asked next
    assert (st["view"]["turn"], st["view"]["declaring"], st["view"]["combat"]) == (turn, [ahead[0]["card"]], None)
    assert st["view"]["decision"] == {"type": "declare", "players": [0]}
    back = session.call("undo", viewer=0)  # one undo takes back the attack and the skipped steps
    assert back["view"]["decision"]["type"] in ("resource", "recruit", "formation") and back["view"]["turn"] == turn


def test_an_attack_names_its_targets_and_attack_plus_target_is_one_move(session):
    session.call("settings", auto_answer=True)
    st = _until(session, _starter_game(session, seed=3),
                lambda st: any(a["type"] == "attack" and a.get("targets") for a in st["actions"]), limit=600)
    att = next(a for a in st["actions"] if a["type"] == "attack" and a.get("targets"))
    # the targets are those the game offers once that attack is declared
    c = session.game.copy()
    if att.get("via"):
        session._skip_steps(c, 0, "main", mark=False)
    c.apply(att["text"])
    assert {t["text"] for t in att["targets"]} == {str(x) for x in c.legal_actions(0) if x.type == "target"}
    before = st["hash"]
    bad = call(session, "apply", action=att["targets"][0]["text"], first="0:end_turn", viewer=0, via=att.get("via"))
    assert bad["ok"] is False and session.call("state", viewer=0)["hash"] == before  # refused: nothing changed
    st = session.call("apply", action=att["targets"][0]["text"], first=att["text"], via=att.get("via"), viewer=0)
    g = session.game
    assert any(e.type == "attack" for e in g.events[-40:]) and st["hash"] != before
    back = session.call("undo", viewer=0)  # the whole drag is one move
    assert back["hash"] == before


@pytest.mark.slow  # (whole games: about 3 s)
def test_log_lines_name_the_public_cards_the_page_animates(session):
    """Recruits, attacks, strikes, stuns, KOs, level-ups, plot twists and powers carry the ids of the cards
    they are about (all in the open), and draws the player and how many: the page animates each event
    from these, never from a diff of the board. A spectator's log names no card in a hand."""
    decks = session.call("catalogue")["decks"]
    session.call("new_game", mode="duel", seed=4, seats=[{"deck": decks[0]["id"], "ai": "normal"},
                                                         {"deck": decks[1]["id"], "ai": "normal"}])
    seen: dict = {}
    last = -1
    for _ in range(3000):
        st = session.call("ai_move", steps=1)
        view = st["view"]
        board = {c["iid"] for s in view["sides"] for c in s["front"] + s["back"]}
        for e in st["log"]:
            if e["seq"] <= last:
                continue
            last = e["seq"]
            seen.setdefault(e["type"], []).append(e)
            if e["type"] in ("attack", "appear") and "machine" not in e["text"]:
                assert e["cards"] and set(e["cards"]) <= board, e
            if e["type"] == "draw" and "no cards" not in e["text"]:
                assert e["player"] in (0, 1) and e["n"] >= 1 and "cards" not in e, e
        if st["over"]:
            break
    for kind in ("appear", "attack", "strike", "stun", "ko", "draw"):
        assert kind in seen, (kind, sorted(seen))
    assert all(e.get("cards") for e in seen["strike"] if " for " in e["text"])
    assert all(e.get("cards") for e in seen["stun"]) and all(e.get("cards") for e in seen["ko"] if e["text"].endswith("is KO'd."))
    for kind in ("level_up", "plot", "power"):
        assert all(e.get("cards") for e in seen.get(kind, [])), kind
    assert all(e.get("cid") for e in seen.get("plot", []))
    assert seen.get("level_up") or seen.get("plot") or seen.get("power")


def _hot_seat_pass_or_plot(s: Session, auto: bool, seed: int = 4, limit: int = 400):
    """A 2-human hot-seat game played with each seat's first offered action, until a seat is asked
    a decision whose answers are pass and plot twists only: (who, its actions) or None."""
    s.call("settings", auto_answer=auto)
    st = new_game(s, ai=(), seed=seed)
    for _ in range(limit):
        if st["over"]:
            return None
        p = st["to_act"][0]
        st = s.call("state", viewer=p)
        types = {a["type"] for a in st["actions"]}
        if "pass" in types and types <= {"pass", "plot"} and len(types) > 1:
            return p, st["actions"]
        st = s.call("apply", action=st["actions"][0]["text"], viewer=p)
    return None


def test_hot_seat_hands_over_no_decision_whose_only_non_futile_answer_is_pass(session, monkeypatch):
    """A plot twist the engine calls futile (is_futile; tested in test_ai) is no real choice: in
    hot-seat a decision of pass or futile plays is answered with pass, unless full control is on."""
    import apps.webapi as W
    asked = _hot_seat_pass_or_plot(session, auto=True)
    assert asked is not None  # without futile plays, such decisions reach the players
    monkeypatch.setattr(W, "is_futile", lambda g, a: a.type == "plot")  # every plot twist futile now
    assert _hot_seat_pass_or_plot(session, auto=True) is None
    assert any(session.game.actions[i].get("type") == "pass" for i in session.auto)
    asked = _hot_seat_pass_or_plot(session, auto=False)  # full control: still asked
    assert asked is not None and any(a["futile"] for a in asked[1])


def test_the_built_site_is_stale_when_the_web_api_changes(tmp_path, monkeypatch):
    """``capeclash bench web`` and ``make play`` rebuild when any source of the bundle changed: the
    engine, the card data, printgen (faces), the page's static files and ``apps/webapi.py``."""
    import os

    from web import build
    root = tmp_path / "src"
    for d in ("engine", "card_data", "printgen", "static", "apps"):
        (root / d).mkdir(parents=True)
        (root / d / "x.txt").write_text("x")
    (root / "apps" / "webapi.py").write_text("x")
    monkeypatch.setattr(build, "ROOT", root)
    monkeypatch.setattr(build, "STATIC", root / "static")
    site = tmp_path / "site"
    site.mkdir()
    (site / "site.json").write_text("{}")
    for f in root.rglob("*"):
        os.utime(f, (1_000_000, 1_000_000))
    assert build.is_current(site)
    os.utime(root / "apps" / "webapi.py", None)  # edited just now
    assert not build.is_current(site)


GENIUS = "Icebound Oracle's Genius (when your turn starts)"


def _play_until(s: Session, st: dict, want, limit: int = 600) -> dict | None:
    """Each seat takes its first offered action that is not an attack, until ``want(seat, state)``."""
    for _ in range(limit):
        if st["over"] or not st["to_act"]:
            return None
        p = st["to_act"][0]
        st = s.call("state", viewer=p)
        if want(p, st):
            return st
        acts = [a for a in st["actions"] if a["type"] != "attack"] or st["actions"]
        st = s.call("apply", action=acts[0]["text"], viewer=p)
    return None


def test_a_remembered_answer_is_given_for_that_player_each_time_the_ability_asks_again(bundle):
    """A player ticks "remember" on a "use this ability?" question: from then on that ability is
    answered for them (no question, so no hand-over in hot-seat), only for them, kept in the save;
    "forget" makes it ask again. Anything else cannot be remembered, and nothing changes then."""
    s = Session(bundle)
    decks = {d["id"]: d for d in s.call("catalogue")["decks"]}
    seats = [{"name": "Rime", "deck": decks["deck-rime-court"]["id"], "ai": None},
             {"name": "Ember", "deck": decks["deck-ember-oath"]["id"], "ai": None}]
    st = s.call("new_game", mode="duel", seed=1, seats=seats, viewer=0)
    st = _play_until(s, st, lambda p, st: st["remember"] == GENIUS)
    assert st is not None and st["to_act"] == [0]
    yes = next(a for a in st["actions"] if a["type"] == "yes")
    # only a yes/no to an ability's question can be remembered: refused, nothing changed
    before = st["hash"]
    r = call(s, "apply", action=next(a for a in st["actions"] if a["type"] == "yes")["text"].replace("yes", "no"),
             viewer=0, remember="yes")
    assert r["ok"] is False and r["error"]["code"] == "bad_request"
    assert s.call("state", viewer=0)["hash"] == before

    st = s.call("apply", action=yes["text"], viewer=0, remember=True)
    assert s.call("state", viewer=0)["standing"] == [{"key": GENIUS, "answer": "yes"}]
    assert s.call("state", viewer=1)["standing"] == []  # each seat sees only its own

    def given_for_it():  # its "yes" answered for seat 0 by the session
        return sum(1 for i in s.auto if i < len(s.game.actions) and s.game.actions[i]["type"] == "yes"
                   and s.game.actions[i]["player"] == 0)
    assert given_for_it() == 0

    # played on: the Genius never asks seat 0 again, and is used for it (its "yes" given each time)
    again = _play_until(s, st, lambda p, st: p == 0 and st["remember"] == GENIUS, limit=400)
    assert again is None
    assert given_for_it() >= 3

    # the answer travels with the save; a corrupt one is refused with the field named, the game kept
    save = s.call("save")
    assert save["standing"] == {"0": {GENIUS: "yes"}}
    other = Session(bundle)
    other.call("load", save=save, viewer=0)
    assert other.standing == {0: {GENIUS: "yes"}}
    bad = dict(save, standing={"0": {GENIUS: "always"}, "7": {}})
    r = call(other, "load", save=bad, viewer=0)
    assert r["ok"] is False and r["error"]["code"] == "bad_save"
    assert any("'standing.0'" in p and "always" in p for p in r["error"]["problems"])
    assert any("'standing'" in p and "7" in p for p in r["error"]["problems"])
    assert other.standing == {0: {GENIUS: "yes"}}

    # forgotten: it asks again
    r = call(s, "forget", viewer=0, key="Nobody's ability")
    assert r["ok"] is False and GENIUS in r["error"]["problems"][0]
    st = s.call("forget", viewer=0, key=GENIUS)
    assert st["standing"] == []
    assert _play_until(s, st, lambda p, st: p == 0 and st["remember"] == GENIUS, limit=400) is not None
