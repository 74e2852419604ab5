"""Bad-input audit, session 19: illegal actions through every entry (the Game, the browser's session,
the terminal), saves in the browser, scenario actions, deck lists, and commands given odd paths.
Each test names what went wrong before the fix; each one failed on the code before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from engine.core.errors import DataError, IllegalActionError

ROOT = Path(__file__).resolve().parent.parent
TESTSET_CARDS = ROOT / "card_data" / "testset" / "cards.yaml"
SCENARIO_CARDS = [TESTSET_CARDS, ROOT / "card_data" / "testset" / "scenario-cards.yaml",
                  ROOT / "card_data" / "testset" / "scenario-cards-effects.yaml"]


from tests.test_audit_input_s18 import run_cli  # noqa: E402,F401 - the same CLI runner


def _game_snapshot(g) -> str:
    """Everything an illegal action must leave as it was: the whole state (RNG included), the log, the
    actions (the undo stack) and a player's view."""
    return json.dumps([g.state_json(), [str(e) for e in g.events], list(g.actions), g.view(0)],
                      sort_keys=True, default=str)


# ---------------------------------------------------------------------- illegal actions: the Game

@pytest.mark.parametrize("action", [
    "0:recruit card=1 row=" + "x" * 100_000,
    {"player": 0, "type": "choose_row", "side": 0, "row": "y" * 50_000},
    {"player": 0, "type": "move", "card": 3, "row": "front " * 10_000},
], ids=["text", "mapping", "words"])
def test_an_action_with_a_huge_row_name_is_refused_in_a_short_message(action):
    """A row of 100,000 characters was quoted whole in the refusal (a message of 100 KB, sent to the page
    and the terminal): text arguments are bounded like numbers are."""
    from engine.capeclash.testing import sample_game
    g = sample_game(seed=7)
    before = _game_snapshot(g)
    with pytest.raises(IllegalActionError) as e:
        g.apply(action)
    assert len(str(e.value)) < 400 and "row" in str(e.value), len(str(e.value))
    assert _game_snapshot(g) == before


def test_a_row_name_of_a_sensible_length_is_still_judged_by_the_rules():
    from engine.capeclash.testing import sample_game
    g = sample_game(seed=7)
    with pytest.raises(IllegalActionError) as e:
        g.apply("0:recruit card=1 row=middle")
    assert "too long" not in str(e.value)
    for a in g.legal_actions():  # every offered action still reads back from its text
        assert str(type(a).parse(str(a))) == str(a)


# ---------------------------------------------------------------------- the browser's session

def _cape_session():
    from apps.webapi import Session
    from engine.capeclash.testing import test_decks, test_pool
    s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
    s.call("new_game", mode="duel", seed=3, seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"},
                                                   {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}])
    return s


def _dice_session():
    from apps.webapi import DiceSession
    from engine.dice.cards import bundle
    s = DiceSession(bundle())
    s.call("new_game", seed=2, seats=[{"name": "Vex", "side": "bad", "ai": "normal"}, {"name": "Nova", "side": "good"}])
    return s


def _session_snapshot(s) -> str:
    g = s.game
    return json.dumps([g.state_json(), list(g.actions), [str(e) for e in g.events], s.seats, sorted(s.auto),
                       {k: r.state for k, r in s.ai_rngs.items()}, s.standing], sort_keys=True, default=str)


def _request(s, **req) -> dict:
    return json.loads(s.handle(json.dumps(req)))


@pytest.mark.parametrize("make, seats", [
    (_cape_session, [{"deck": "Testbed Dawnwatch"}, {"deck": "Testbed Gloom Syndicate"}]),
    (_dice_session, [{"side": "bad"}, {"side": "good"}]),
])
@pytest.mark.parametrize("viewer", [7, 0])
def test_a_refused_new_game_keeps_the_game_in_progress(make, seats, viewer):
    """``new_game`` with a viewer that is no seat of the new game (or a seat the computer plays) was
    refused, but only after the new game had replaced the one in progress: a click on a stale page
    lost the player's game."""
    s = make()
    if viewer == 0:
        seats = [{**seats[0], "ai": "easy"}, seats[1]]
    before = _session_snapshot(s)
    out = _request(s, op="new_game", seats=seats, viewer=viewer)
    assert not out["ok"] and out["error"]["code"] == "bad_viewer", out
    assert _session_snapshot(s) == before


def test_derring_dice_refuses_a_cape_clash_mode():
    """``new_game`` in Derring-Dice took ``mode: "ffa"`` (a Cape Clash mode) and silently started a duel."""
    s = _dice_session()
    before = _session_snapshot(s)
    out = _request(s, op="new_game", mode="ffa", seats=[{"side": "bad"}, {"side": "good"}])
    assert not out["ok"] and "mode" in json.dumps(out["error"]) and "ffa" in out["error"]["message"], out
    assert _session_snapshot(s) == before
    assert _request(s, op="new_game", mode="duel", seats=[{"side": "bad"}, {"side": "good"}])["ok"]


@pytest.mark.parametrize("auto, field", [("all", "auto"), ([0, "1"], "auto[1]"), ([True], "auto[0]"),
                                         ([-1], "auto[0]"), ([10 ** 30], "auto[0]")])
def test_a_browser_save_with_a_malformed_auto_list_is_refused_and_the_game_kept(auto, field):
    """A save's ``auto`` (the moves answered for a player, which undo skips) of the wrong kind was
    silently dropped or half read (``true`` counted as move 1): the load went on with a different undo."""
    s = _cape_session()
    save = s.call("save")
    for _ in range(3):  # the game moves on; the save is of the earlier point
        st = s.call("state", viewer=0)
        if st["actions"]:
            s.call("apply", action=st["actions"][0]["text"], viewer=0)
    before = _session_snapshot(s)
    out = _request(s, op="load", save={**save, "auto": auto})
    assert not out["ok"] and out["error"]["code"] == "bad_save", out
    assert field in json.dumps(out["error"]), out
    assert _session_snapshot(s) == before
    assert _request(s, op="load", save=save)["ok"]  # the save as written still loads


def test_bench_ai_gives_back_the_whole_session():
    """``bench_ai`` (run on the page's session) put back the game, seats and dice, but not the
    remembered answers nor the moves answered for the player: undo and "remember" were lost."""
    s = _cape_session()
    s.standing = {0: {"Some ability": "yes"}}
    s.auto = {0}
    s.call("state", viewer=0)
    before = _session_snapshot(s)
    can_undo = s.call("state", viewer=0)["can_undo"]
    s.call("bench_ai", level="easy", moves=1, seed=3)
    assert _session_snapshot(s) == before
    assert s.call("state", viewer=0)["can_undo"] == can_undo


def test_the_tutorial_keeps_its_last_message_when_an_illegal_move_is_refused():
    """An illegal move in a lesson cleared the 'not this time' message of the move before it, although
    the move was refused and changed nothing."""
    from engine.capeclash.loader import load_pool, read_data
    from engine.capeclash.tutorial import LEARNER, Tutorial
    pool = load_pool([ROOT / "card_data" / "starter"])
    data = read_data(ROOT / "card_data" / "tutorial" / "first-game.yaml")[0]
    t = Tutorial(pool, data, "tutorial")
    for lesson in range(len(t.lessons)):
        g = t.start(lesson)
        off = [a for a in g.legal_actions(LEARNER) if a not in t.expected()]
        if off:
            break
    else:
        pytest.skip("no lesson starts with a move off the script")
    assert t.apply(off[0]) is False and t.refused
    info = json.dumps(t.info(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        t.apply(f"{LEARNER}:choose card=999999")
    with pytest.raises(IllegalActionError):
        t.apply(f"{1 - LEARNER}:pass")
    assert json.dumps(t.info(), sort_keys=True) == info


# ---------------------------------------------------------------------- the terminal game

@pytest.mark.parametrize("line", ["\u00b2", "9" * 5000, "v \u00b2", "v " + "9" * 5000, "\u0663"],
                         ids=["superscript", "5000-digits", "v-superscript", "v-5000-digits", "arabic-indic"])
def test_the_terminal_game_survives_a_number_it_cannot_read(line):
    """``²`` (a digit to str.isdigit, not to int()) or a number of 5,000 digits at the prompt ended the
    game with a ValueError (a traceback; the game was lost)."""
    from apps.tty import run
    said: list[str] = []
    lines = iter([line])

    def ask(prompt):
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None
    assert run(["--seed", "3"], input_fn=ask, output=said.append) == 0
    assert any("No action" in s or "Usage: v N" in s for s in said), said[-5:]
    assert len(max(said, key=len)) < 2000


def test_the_terminal_game_names_a_cards_file_that_holds_no_cards(tmp_path):
    """``capeclash play --cards EMPTY.yaml`` reported every card of both decks as 'no such card', never
    the file that held none."""
    from apps.tty import run
    f = tmp_path / "empty.yaml"
    f.write_text("", encoding="utf-8")
    said: list[str] = []
    assert run(["--cards", str(f)], input_fn=lambda p: "q", output=said.append) == 2
    text = "\n".join(said)
    assert str(f) in text and "no cards" in text and "no such card" not in text, text


# ---------------------------------------------------------------------- scenarios

from tests.test_audit_input_s18 import _SCENARIO  # noqa: E402 - the same take-control scenario


@pytest.mark.parametrize("old, new, field", [
    ("{plot: Hostile Takeover}", "{plot: Hostile Takeover, by: 7}", "actions[0].by"),
    ("{choose: Trooper Ash@1}", "{type: choose, card: Trooper Ash@1, row: front}", "actions[1].row"),
    ("  - {choose: Trooper Ash@1}\n", "  - {choose: Trooper Ash@1}\n  - {pass: 3}\n", "actions[2].pass"),
    ("  - {choose: Trooper Ash@1}\n", "  - {choose: Trooper Ash@1}\n  - {end_turn: [x]}\n", "actions[2].end_turn"),
    ("  - {choose: Trooper Ash@1}\n", "  - {choose: Trooper Ash@1}\n  - {type: move, card: Trooper Ash, row: 5}\n",
     "actions[2].row"),
    ("  - {player: 1, ko: 0}\n", "  - {player: 1, ko: 0}\n  - {not_legal: {attack: Trooper Ash, with: 2}}\n",
     "expect[1].not_legal.with"),
])
def test_a_scenario_actions_argument_it_does_not_take_is_a_problem(tmp_path, capsys, old, new, field):
    """An argument an action does not take (``by: 7``), a value given to an action that takes none
    (``{pass: 3}``: silently dropped) and a row that is no row passed ``capeclash validate``; the run then
    stopped at the first, or (``pass: 3``, ``not_legal`` with a misspelled argument) passed."""
    f = tmp_path / "s.yaml"
    f.write_text(_SCENARIO.replace(old, new), encoding="utf-8")
    code, out, _ = run_cli(["validate", *SCENARIO_CARDS, f], capsys)
    assert code == 1 and f"field '{field}'" in out, out
    code, out, _ = run_cli(["scenario", "--data", *SCENARIO_CARDS, "--", f], capsys)
    assert code == 1 and "passed, 1 failed" in out, out


def test_an_illegal_action_with_a_misspelled_argument_does_not_pass_as_refused(testset_pool):
    """``{type: recruit, card: X, rwo: front, illegal: true}`` held: the misspelled argument made the
    action malformed, which the run counted as 'refused, as the script wants'."""
    from engine.capeclash.scenario import check_scenario
    data = yaml.safe_load(_SCENARIO)
    data["actions"].insert(0, {"type": "recruit", "card": "Trooper Ash", "rwo": "front", "illegal": True})
    problems = [str(p) for p in check_scenario(data, testset_pool, "s.yaml")]
    assert any("actions[0].rwo" in p and "'row'" in p for p in problems), problems


def test_the_scenarios_in_the_repository_still_pass_the_check(testset_pool):
    from engine.capeclash.scenario import check_scenario
    data = yaml.safe_load(_SCENARIO.replace("  - {choose: Trooper Ash@1}\n",
                                            "  - {choose: Trooper Ash@1}\n  - pass\n  - {pass: null}\n"
                                            "  - {type: choose_row, side: 1, row: back, player: 0}\n"
                                            "  - {type: pick, option: Gloom Syndicate}\n"
                                            "  - {type: resource, card: Trooper Ash, face_up: true}\n"))
    assert check_scenario(data, testset_pool, "s.yaml") == []


@pytest.fixture(scope="module")
def testset_pool():
    from engine.capeclash.loader import load_pool
    return load_pool(SCENARIO_CARDS)


# ---------------------------------------------------------------------- deck lists and data files

def test_a_text_deck_line_may_write_its_count_3X():
    """``3x Name`` and ``3 x Name`` were read, ``3X Name`` (as other games' deck lists write it) was
    'expected COUNT CARD NAME'."""
    from engine.capeclash.decks import Deck
    d = Deck.from_text("Main: Boss\n3X Grunt\n2x Lackey\n1 x Minion\n4 Xavier\n")
    assert not d.problems, d.problems
    assert d.cards == ["Grunt"] * 3 + ["Lackey"] * 2 + ["Minion"] + ["Xavier"] * 4


@pytest.mark.parametrize("text, says", [("", "holds nothing"), ("- a\n- b\n", "list"), ("42\n", "single value")])
def test_validate_says_what_a_file_that_is_no_mapping_holds(tmp_path, capsys, text, says):
    """An empty file, a list or a lone value was 'not a card, deck or scenario file (expected a cards:
    key)', as if a key were misspelled."""
    f = tmp_path / "x.yaml"
    f.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(["validate", f], capsys)
    assert code == 1 and str(f) in out and says in out, out


def test_simulate_names_a_cards_file_that_holds_no_cards(tmp_path, capsys):
    """``capeclash simulate --cards EMPTY.yaml`` listed every card of the default decks as 'no such card'."""
    f = tmp_path / "empty.yaml"
    f.write_text("", encoding="utf-8")
    code, _, err = run_cli(["simulate", "--games", "1", "--cards", f], capsys)
    assert code == 1 and str(f) in err and "no cards" in err and "no such card" not in err, err


# ---------------------------------------------------------------------- print and bench print

@pytest.mark.parametrize("kind", ["missing", "file", "empty"])
def test_print_refuses_a_data_folder_that_is_none_or_has_no_cards(tmp_path, kind):
    """``capeclash print --data /nope`` (or a file, or an empty folder) wrote a rulebook and empty sheets
    and said it had written 10 files (exit 0)."""
    from printgen.build import Options, build
    data = {"missing": tmp_path / "nope", "file": tmp_path / "f.yaml", "empty": tmp_path / "empty"}[kind]
    if kind == "file":
        data.write_text("cards: []\n", encoding="utf-8")
    if kind == "empty":
        data.mkdir()
    out = tmp_path / "out"
    with pytest.raises(DataError) as e:
        build(Options(data=data, out=out, games=("capeclash",), papers=("a4",), extras=False))
    assert str(data) in str(e.value)
    assert not out.exists()


@pytest.mark.parametrize("argv, says", [(["--data", "/nope/card_data"], "/nope/card_data"),
                                        (["--runs", "0"], "--runs")])
def test_bench_print_refuses_bad_arguments_without_a_traceback(capsys, argv, says):
    """``capeclash bench print --data /nope`` ended in a ZeroDivisionError traceback; ``--runs 0`` in
    'no median for empty data'."""
    code, out, err = run_cli(["bench", "print", *argv], capsys)
    assert code in (1, 2) and says in err, (out, err)
