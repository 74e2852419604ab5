"""A corpus of bad input: card files, decks, scenarios, saves, actions, CLI calls and the browser's
requests. Each case must end in a clear error that names the file, card or field (never a Python
traceback, never a hang or a huge message), must not be wrongly accepted, and must leave the game
and the files as they were.
"""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path

import pytest

from apps.cli import main as cli
from engine import Game
from engine.capeclash.decks import Deck
from engine.capeclash.loader import load_deck, load_pool, read_data, validate
from engine.capeclash.testing import sample_game, test_decks, test_pool
from engine.core.actions import Action
from engine.core.errors import CapeClashError, DataError, IllegalActionError, InvalidActionError, SaveError

ROOT = Path(__file__).resolve().parent.parent
TESTSET = ROOT / "card_data" / "testset"
CARDS = TESTSET / "cards.yaml"
GOOD_DECK_TEXT = (TESTSET / "deck-dawnwatch.txt").read_text(encoding="utf-8")

CARD = ("  - id: {id}\n    name: {name}\n    type: supporting\n    team: Dawnwatch\n    cost: 1\n"
        "    atk: {atk}\n    def: 1\n    health: 1\n")
TEAMS = "teams:\n  - {name: Dawnwatch, alignment: good}\n"


def cards_file(tmp_path, body: str, name: str = "cards.yaml") -> Path:
    f = tmp_path / name
    f.write_text(body, encoding="utf-8")
    return f


def problems_of(*paths) -> str:
    """Every problem ``validate`` reports for ``paths``, one per line (it must report some)."""
    problems, _ = validate([str(p) for p in paths])
    text = "\n".join(str(p) for p in problems)
    assert problems, "the bad input was accepted"
    assert "Traceback" not in text
    return text


def run_cli(capsys, *argv) -> tuple[int, str]:
    rc = cli([str(a) for a in argv])
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text
    return rc, text


# ================================================================ small files, big costs

def test_alias_bomb_is_refused_quickly_with_a_short_message(tmp_path):
    lines = ["cards:", "  - id: x", "    name: X", "    type: supporting", "    atk: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"    k{i}: &a{i + 1} [" + ", ".join([f"*a{i}"] * 10) + "]" for i in range(8)]
    lines.append("    keywords: *a8")
    f = cards_file(tmp_path, "\n".join(lines) + "\n")
    assert f.stat().st_size < 1200
    t = time.perf_counter()
    text = problems_of(f)
    assert time.perf_counter() - t < 5
    assert "aliases repeat more than" in text and str(f) in text
    assert len(text) < 500


def test_a_small_alias_expansion_is_read_but_its_errors_show_only_an_excerpt(tmp_path):
    lines = ["cards:", "  - id: x", "    name: X", "    type: supporting", "    team: Dawnwatch", "    cost: 1",
             "    def: 1", "    health: 1", "    atk: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
             "    aka: &a1 [" + ", ".join(["*a0"] * 10) + "]", "    keywords: [*a1, *a1, *a1]"]
    text = problems_of(cards_file(tmp_path, TEAMS + "\n".join(lines) + "\n"))
    assert "card 'x', field 'atk': must be a whole number, not [1, 1, 1, 1, 1, 1, ...]" in text
    assert "field 'keywords[0]': unknown keyword" in text
    assert max(len(line) for line in text.splitlines()) < 800


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path):
    text = problems_of(cards_file(tmp_path, "cards: &a [*a]\n"))
    assert "refers to a value that contains it" in text


@pytest.mark.parametrize("body", ["cards: " + "[" * 50000 + "]" * 50000 + "\n",
                                  "cards:\n" + "".join("  " * i + "- \n" for i in range(1, 2000)),
                                  "cards: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n"],
                         ids=["flow-lists", "block-lists", "flow-maps"])
def test_deep_nesting_in_yaml_is_refused_without_recursion_error(tmp_path, body):
    f = cards_file(tmp_path, body)
    text = problems_of(f)
    assert f"{f}: invalid YAML at line" in text and "nested more than 100 deep" in text


def test_deep_nesting_in_json_is_refused(tmp_path):
    f = cards_file(tmp_path, '{"cards": ' + "[" * 50000 + "]" * 50000 + "}", "cards.json")
    assert "nested more than 100 deep" in problems_of(f)


def test_a_deck_or_scenario_nested_too_deep_is_refused(tmp_path):
    deck = cards_file(tmp_path, "name: x\nmain: captain-solace-1\ncards: " + "[" * 3000 + "]" * 3000 + "\n",
                      "deck-deep.yaml")
    with pytest.raises(DataError, match="nested more than 100 deep"):
        load_deck(deck, test_pool())
    sc = cards_file(tmp_path, "scenario: deep\nstart: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n", "sc.yaml")
    assert "nested more than 100 deep" in problems_of(CARDS, sc)


def test_validation_time_grows_linearly_with_the_number_of_bad_cards(tmp_path):
    """25,000 cards each with a bad ATK took 764 s: each problem looked its card up in the whole list."""
    def timed(n):
        body = "cards:\n" + "".join(CARD.format(id=f"c{i}", name=f"Card {i}", atk="x") for i in range(n))
        f = cards_file(tmp_path, body, f"cards{n}.yaml")
        t = time.process_time()  # CPU time: other work on the machine does not count
        problems, _ = validate([f])
        assert len(problems) == n and f"{f}:" in str(problems[-1]) and "field 'atk'" in str(problems[-1])
        return time.process_time() - t
    small, big = timed(1000), timed(16000)
    # linear: 16x the cards cost about 16x the time (quadratic: over 50x); 2x slack for a busy machine
    assert big < max(32 * small, 2.0), (small, big)


def test_a_huge_value_is_shown_as_a_bounded_excerpt(tmp_path):
    body = TEAMS + "cards:\n" + CARD.format(id="big", name="Big", atk="[" + ", ".join(["123456789"] * 100000) + "]")
    body += "    text: " + "y" * 200000 + "\n"
    text = problems_of(cards_file(tmp_path, body))
    assert "card 'big', field 'atk': must be a whole number" in text
    assert len(text) < 2000


def test_a_long_unknown_name_gets_no_slow_suggestion(tmp_path):
    body = TEAMS + "cards:\n" + CARD.format(id="k", name="K", atk=1) + "    keywords: [" + "q" * 300000 + "]\n"
    t = time.perf_counter()
    text = problems_of(cards_file(tmp_path, body))
    assert time.perf_counter() - t < 5
    assert "card 'k', field 'keywords[0]': unknown keyword 'qqq" in text and len(text) < 1500


# ================================================================ duplicate keys

def test_a_card_with_the_same_key_twice_is_refused_with_both_lines(tmp_path):
    body = TEAMS + "cards:\n" + CARD.format(id="twice", name="Twice", atk=1) + "    atk: 5\n    cost: 2\n"
    f = cards_file(tmp_path, body)
    text = problems_of(f)
    assert f"{f}:12, field 'atk': key given twice in one mapping (first at line 9)" in text
    assert f"{f}:13, field 'cost': key given twice in one mapping (first at line 8)" in text
    with pytest.raises(DataError, match="key given twice"):
        load_pool([f])


def test_duplicate_keys_are_refused_in_decks_scenarios_and_json(tmp_path):
    deck = cards_file(tmp_path, "name: x\nmain: captain-solace-1\ncards: {skyhawk: 4, skyhawk: 4}\n", "deck-x.yaml")
    with pytest.raises(DataError, match="field 'skyhawk': key given twice"):
        load_deck(deck, test_pool())
    sc = cards_file(tmp_path, "scenario: a\nscenario: b\nstart: {}\n", "sc.yaml")
    assert "field 'scenario': key given twice" in problems_of(CARDS, sc)
    js = cards_file(tmp_path, '{"cards": [], "cards": []}', "c.json")
    assert "field 'cards': invalid JSON: key given twice" in problems_of(js)


# ================================================================ files the CLI cannot read

def test_a_folder_given_as_a_deck_file_is_reported(tmp_path, capsys):
    d = tmp_path / "deck-folder.yaml"
    d.mkdir()
    rc, text = run_cli(capsys, "deck", d, "--data", TESTSET)
    assert rc == 1 and f"{d}: is a folder, not a file" in text


def test_an_unreadable_file_is_reported(tmp_path, monkeypatch):
    f = cards_file(tmp_path, TEAMS)

    def refuse(self):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(Path, "read_bytes", refuse)
    text = problems_of(f)
    assert f"{f}: cannot be read (Permission denied)" in text


def test_a_pipe_given_as_a_deck_file_is_refused_without_blocking(tmp_path, capsys):
    import os
    fifo = tmp_path / "deck-pipe.txt"
    os.mkfifo(fifo)
    rc, text = run_cli(capsys, "deck", fifo, "--data", TESTSET)
    assert rc == 1 and f"{fifo}: is not a regular file" in text


def test_a_file_that_is_not_utf8_is_reported_with_its_line(tmp_path):
    f = tmp_path / "latin.yaml"
    f.write_bytes(b"cards:\n  - name: caf\xe9\n")
    assert f"{f}: is not UTF-8 text (line 2" in problems_of(f)


def test_validate_on_an_empty_folder_is_an_error(tmp_path, capsys):
    rc, text = run_cli(capsys, "validate", tmp_path)
    assert rc == 1 and "no card, deck or scenario files found" in text and "OK" not in text


def test_a_missing_file_is_reported(tmp_path, capsys):
    rc, text = run_cli(capsys, "validate", tmp_path / "nope.yaml")
    assert rc == 1 and "nope.yaml: no such file or folder" in text


# ================================================================ valid odd input: a byte-order mark

def test_a_deck_list_with_a_byte_order_mark_is_read(tmp_path, capsys):
    f = tmp_path / "deck-bom.txt"
    f.write_text(GOOD_DECK_TEXT, encoding="utf-8-sig")
    assert f.read_bytes()[:3] == b"\xef\xbb\xbf"
    deck = load_deck(f, test_pool())
    assert deck.main == "captain-solace-1" and len(deck.cards) == 60
    problems, _ = validate([CARDS, f])
    assert problems == []
    rc, text = run_cli(capsys, "deck", f, "--data", TESTSET)
    assert rc == 0 and "Main: Captain Solace" in text


def test_yaml_and_json_files_with_a_byte_order_mark_are_read(tmp_path):
    y = tmp_path / "deck-bom.yaml"
    y.write_text((TESTSET / "deck-dawnwatch.yaml").read_text(encoding="utf-8"), encoding="utf-8-sig")
    assert len(load_deck(y, test_pool()).cards) == 60
    j = tmp_path / "deck-bom.json"
    j.write_text(json.dumps(read_data(TESTSET / "deck-dawnwatch.yaml")[0]), encoding="utf-8-sig")
    assert len(load_deck(j, test_pool()).cards) == 60


# ================================================================ huge numbers

@pytest.mark.parametrize("count", ["1000000000000", "9" * 5000, "61"], ids=["trillion", "5000-digits", "61"])
def test_a_huge_count_in_a_text_deck_list_is_refused_naming_the_line(tmp_path, count):
    f = tmp_path / "deck-huge.txt"
    f.write_text(f"Main: Captain Solace\n{count} Skyhawk\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_deck(f, test_pool())
    assert f"{f}, card 'Skyhawk', field 'line 2':" in str(e.value)
    assert "more than any deck holds (at most 60)" in str(e.value)


def test_huge_counts_in_a_yaml_deck_are_refused_naming_the_field(tmp_path):
    f = cards_file(tmp_path, "name: x\nmain: captain-solace-1\ncards: {skyhawk: 1000000000000}\n"
                             "piles: {p: {cards: {skyhawk: 1000000000000}}}\n", "deck-huge.yaml")
    text = problems_of(CARDS, f)
    assert f"{f}:3, card 'skyhawk', field 'cards': a count of a trillion or more" in text
    assert f"{f}:4, card 'skyhawk', field 'piles.p.cards': a count of a trillion or more" in text


def test_many_lines_of_legal_counts_stop_at_a_bound(tmp_path):
    f = tmp_path / "deck-long.txt"
    f.write_text("Main: Captain Solace\n" + "60 Skyhawk\n" * 100000, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_deck(f, test_pool())
    assert "field 'cards': more than 600 cards listed" in str(e.value)


# ================================================================ actions

@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_an_empty_action_text_is_an_invalid_action(text):
    with pytest.raises(InvalidActionError, match="an action is text like '0:pass'"):
        Action.parse(text)


@pytest.mark.parametrize("bad, where", [
    ("0:choose_first side=0.0", "argument 'side' must be a whole number"),
    ({"player": 0, "type": "choose_first", "side": 0.0}, "argument 'side' must be a whole number"),
    ({"player": 0, "type": "choose_first", "side": True}, "argument 'side' must be a whole number"),
    ({"player": 0, "type": "choose_first", "side": 10 ** 30}, "argument 'side' is out of range"),
    ({"player": 0.0, "type": "choose_first", "side": 0}, "player must be a seat number"),
    ({"player": True, "type": "choose_first", "side": 0}, "player must be a seat number"),
    ({"player": -1, "type": "choose_first", "side": 0}, "player must be a seat number"),
    ({"player": 0, "type": ["pass"]}, "unknown action type ['pass']"),
    ({"player": 0, "type": "choose_first"}, "'choose_first' needs 'side'"),
    ({"player": 0, "type": "choose_first", "side": 0, "row": "front"}, "takes no argument 'row'"),
    ({"player": 0, "type": "resource", "card": 1, "face_up": "yes"}, "argument 'face_up' must be true or false"),
    ("0:choose_first side", "argument 'side' is not key=value"),
    ("choose_first", "must start with 'PLAYER:TYPE'"),
    (["0:pass"], "an action is a mapping or text"),
])
def test_malformed_actions_are_refused_and_the_game_is_unchanged(bad, where):
    g = sample_game()
    before = g.state_hash()
    with pytest.raises(InvalidActionError) as e:
        g.apply(bad)
    assert where in str(e.value) and e.value.code in ("malformed_action", "unknown_action_type")
    assert g.state_hash() == before and g.actions == []


def test_a_seat_number_out_of_range_is_refused_by_name():
    g = sample_game()
    before = g.state_hash()
    with pytest.raises(IllegalActionError, match="player must be a seat number"):
        g.apply("100000000000000000000:choose_first side=0")
    with pytest.raises(IllegalActionError, match="there is no player 7"):
        g.apply("7:choose_first side=0")
    assert g.state_hash() == before


def test_invalid_action_error_is_an_illegal_action_error():
    """The README documents IllegalActionError: a malformed action is one kind of illegal action."""
    assert issubclass(InvalidActionError, IllegalActionError)
    with pytest.raises(IllegalActionError):
        Action.parse("")


# ================================================================ scenarios that passed validate and crashed

SCENARIO = """\
scenario: {title}
mode: {mode}
seed: {seed}
start:
  turn: {turn}
  active: {active}
  phase: main
  players:
    - name: Ana
      main: {{card: Captain Solace, row: back, xp: {xp}}}
      front: [{{card: Iron Warden, wounds: {wounds}, plus: {plus}, stunned: {stunned}}}]
      piles: {{spare: {{cards: [{pile}]}}}}
{others}
actions:
  - {{attack: Iron Warden}}
expect:
  - {{player: {who}, hand: 0}}
"""
BO = "    - name: Bo\n      main: {card: Baron Dusk, row: back}\n      front: [Shield Cadet]"
GOOD_SCENARIO = dict(title="fine", mode="duel", seed=1, turn=3, active=0, xp=0, wounds=0, plus=0, stunned="false",
                     pile="Skyhawk", others=BO, who=0)


@pytest.mark.parametrize("change, field, says", [
    ({"seed": '"abc"'}, "field 'seed'", "must be a whole number"),
    ({"seed": -1}, "field 'seed'", "must be a whole number from 0"),
    ({"mode": "ffa"}, "field 'start.players'", "a ffa game has 3-4 players, not 2"),
    ({"mode": "duet"}, "field 'mode'", "unknown mode 'duet' (did you mean 'duel'?)"),
    ({"mode": "two_headed", "others": BO + "\n" + BO.replace("Bo", "Cy") + "\n" + BO.replace("Bo", "Di"),
      "active": 2}, "field 'start.active'", "names a side from 0 to 1 (4 players in two_headed), not 2"),
    ({"active": 5}, "field 'start.active'", "names a side from 0 to 1"),
    ({"active": '"me"'}, "field 'start.active'", "must be a whole number"),
    ({"turn": 0}, "field 'start.turn'", "must be from 1"),
    ({"plus": '"two"'}, "field 'start.players[0].front[0].plus'", "must be a whole number, not 'two'"),
    ({"xp": "[1]"}, "field 'start.players[0].main.xp'", "must be a whole number"),
    ({"wounds": -2}, "field 'start.players[0].front[0].wounds'", "must be from 0"),
    ({"stunned": '"yes"'}, "field 'start.players[0].front[0].stunned'", "must be true or false"),
    ({"pile": "Nobody Card"}, "field 'start.players[0].piles.spare.cards[0]'", "no such card"),
    ({"pile": "[x]"}, "field 'start.players[0].piles.spare.cards[0]'", "no such card"),
    ({"who": 9}, "field 'expect[0].player'", "names a player from 0 to 1, not 9"),
    ({"who": 100000000000000000000}, "field 'expect[0].player'", "names a player from 0 to 1"),
])
def test_scenarios_that_would_crash_are_caught_by_validate(tmp_path, capsys, change, field, says):
    f = tmp_path / "bad.yaml"
    f.write_text(SCENARIO.format(**{**GOOD_SCENARIO, **change}), encoding="utf-8")
    text = problems_of(CARDS, f)
    assert f"{f}" in text and field in text and says in text, text
    rc, out = run_cli(capsys, "scenario", "--data", TESTSET, f)
    assert rc == 1 and field in out


def test_the_good_scenario_of_that_corpus_is_valid(tmp_path):
    f = tmp_path / "good.yaml"
    f.write_text(SCENARIO.format(**GOOD_SCENARIO), encoding="utf-8")
    assert validate([CARDS, f])[0] == []


@pytest.mark.parametrize("body, says", [
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\nactions: pass\n",
     "field 'actions': a list of actions"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\nactions: [{player: 5, type: pass}]\n",
     "field 'actions[0].player': names a player from 0 to 1"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\nexpect: [{log: [x]}]\n",
     "field 'expect[0].log': must be text"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\noptions: [1]\n",
     "field 'options': a mapping"),
    ("scenario: x\nstart: {players: [{main: [Captain Solace]}, {main: Baron Dusk}]}\n",
     "field 'start.players[0].main': a card is a card id or name"),
    ("scenario: x\nstart: {players: [{main: {card: [1]}}, {main: Baron Dusk}]}\n",
     "card '[1]', field 'start.players[0].main': no such card"),
    # actions, checks and expectations of the wrong kind
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\n"
     "actions: [{type: pass, illegal: true, error: 5}]\n", "field 'actions[0].error': must be text"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\n"
     "actions: [{type: pass, illegal: 'yes'}]\n", "field 'actions[0].illegal': must be true or false"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\n"
     "actions: [{check: [{not_legal: true}]}]\n", "field 'actions[0].check[0].not_legal'"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\nexpect: [{over: 'no'}]\n",
     "field 'expect[0].over'"),
    # a list where the action type goes crashed the validator (found by the odd-value sweep below)
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\nexpect: [{legal: {type: [1]}}]\n",
     "field 'expect[0].legal': no known action type in {'type': [1]}"),
    ("scenario: x\nstart: {players: [{main: Captain Solace}, {main: Baron Dusk}]}\n"
     "actions: [{check: [{not_legal: {type: bogus}}]}]\n",
     "field 'actions[0].check[0].not_legal': no known action type in {'type': 'bogus'}"),
])
def test_more_malformed_scenarios(tmp_path, body, says):
    f = tmp_path / "bad.yaml"
    f.write_text(body, encoding="utf-8")
    found = problems_of(CARDS, f)
    # the problem names the file and the line of the field, then the field
    assert re.search(re.escape(str(f)) + r":\d+, " + re.escape(says), found), found


# ================================================================ the scenario batch

def test_one_bad_file_does_not_stop_a_scenario_batch(tmp_path, capsys):
    good = ROOT / "card_data" / "scenarios" / "combat-atk-equal-def-stuns.yaml"
    (tmp_path / "a-syntax.yaml").write_text("scenario: [\n", encoding="utf-8")
    (tmp_path / "b-folder.yaml").mkdir()
    (tmp_path / "c-good.yaml").write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "d-bad.yaml").write_text(SCENARIO.format(**{**GOOD_SCENARIO, "seed": '"x"'}), encoding="utf-8")
    rc, text = run_cli(capsys, "scenario", tmp_path, tmp_path / "missing.yaml")
    assert rc == 1
    assert f"FAIL {tmp_path / 'a-syntax.yaml'}" in text and "invalid YAML at line" in text
    assert f"ok   {tmp_path / 'c-good.yaml'}" in text
    assert f"FAIL {tmp_path / 'd-bad.yaml'}" in text and "field 'seed'" in text
    assert "missing.yaml: no such file or folder" in text
    assert "1 passed, 3 failed" in text


def test_an_engine_crash_fails_one_scenario_and_the_batch_goes_on(tmp_path, capsys, monkeypatch):
    import engine.capeclash.scenario as sc
    real = sc.build  # the position builder, called by the shared runner (engine.core.scenario)

    def flaky(pool, start, **kw):
        if "first" in str(kw.get("source")):
            raise KeyError("boom")
        return real(pool, start, **kw)
    monkeypatch.setattr(sc, "build", flaky)
    good = (ROOT / "card_data" / "scenarios" / "combat-atk-equal-def-stuns.yaml").read_text(encoding="utf-8")
    (tmp_path / "first.yaml").write_text(good, encoding="utf-8")
    (tmp_path / "second.yaml").write_text(good, encoding="utf-8")
    rc, text = run_cli(capsys, "scenario", tmp_path)
    assert rc == 1 and "the engine crashed: KeyError" in text and "1 passed, 1 failed" in text


# ================================================================ saves

@pytest.fixture(scope="module")
def saved():
    g = sample_game(seed=8)
    for _ in range(25):
        g.apply(g.legal_actions(g.to_act[0])[0])
    return g.save()


def load_broken(saved, change) -> str:
    data = copy.deepcopy(saved)
    change(data)
    with pytest.raises(SaveError) as e:
        Game.load(test_pool(), data, source="my-save.json")
    return str(e.value)


@pytest.mark.parametrize("change, says", [
    (lambda d: d.pop("hash"), "my-save.json, field 'hash': missing: a save without the hash"),
    (lambda d: d.update(hash=None), "field 'hash': missing"),
    (lambda d: d.update(hash=12), "field 'hash': missing"),
    (lambda d: d["config"]["players"][0]["deck"]["cards"].update({"skyhawk": 60}),
     "card 'Skyhawk', field 'config.players[0].deck.cards': 60 copies; at most 4 of a card"),
    (lambda d: d["config"]["players"][1]["deck"]["cards"].update({"skyhawk": 10 ** 12}),
     "field 'config.players[1].deck.cards': a count of a trillion or more"),
    (lambda d: d["config"]["players"][0]["deck"]["cards"].update({"skyhawk": "4"}),
     "field 'config.players[0].deck.cards': count must be a positive whole number, not '4'"),
    (lambda d: d["config"]["players"][0]["deck"].update(main="skyhawk"),
     "field 'config.players[0].deck.main': is a supporting, not a main character"),
    (lambda d: d["config"]["players"][0].update(deck=[1]), "field 'config.players[0].deck': a deck is a mapping"),
    (lambda d: d["config"]["players"].append(d["config"]["players"][0]), "field 'config.players': a duel game has 2"),
    (lambda d: d["config"].update(seed="8"), "field 'config.seed': must be a whole number"),
    (lambda d: d["config"].update(max_turns=10 ** 20), "field 'config.max_turns'"),
    (lambda d: d["config"].update(options=[1]), "field 'config.options': must be a mapping"),
    (lambda d: d["config"].update(mode=["duel"]), "field 'config.mode': unknown mode"),
    (lambda d: d.update(actions={"0": "pass"}), "field 'actions': must be a list"),
    (lambda d: d["actions"].__setitem__(2, {**d["actions"][2], "player": 10 ** 20}), "field 'actions[2]'"),
    (lambda d: d["actions"].__setitem__(2, "0:"), "field 'actions[2]'"),
])
def test_saves_that_cannot_be_verified_or_break_the_deck_rules_are_refused(saved, change, says):
    assert says in load_broken(saved, change)


def test_an_intact_save_still_loads(saved):
    assert Game.load(test_pool(), copy.deepcopy(saved)).state_hash() == saved["hash"]


def test_a_derring_dice_save_without_its_hash_is_refused():
    from engine.dice.game import DiceGame
    g = DiceGame(None, {"seed": 3, "players": [{"name": "B", "side": "bad"}, {"name": "G", "side": "good"}]})
    for _ in range(6):
        g.apply(g.legal_actions(g.to_act[0])[0])
    data = g.save()
    assert DiceGame.load(None, copy.deepcopy(data)).state_hash() == data["hash"]
    data.pop("hash")
    with pytest.raises(SaveError, match="field 'hash': missing"):
        DiceGame.load(None, data)


def test_the_dice_cli_names_a_save_that_is_a_folder_or_not_json(tmp_path, capsys):
    rc, text = run_cli(capsys, "dice", "play", "--load", tmp_path)
    assert rc == 1 and f"{tmp_path}: is a folder, not a file" in text
    f = tmp_path / "save.json"
    f.write_text('{"format": ', encoding="utf-8")
    rc, text = run_cli(capsys, "dice", "play", "--load", f)
    assert rc == 1 and f"{f}: invalid JSON at line 1" in text


# ================================================================ the browser's requests

@pytest.fixture
def session():
    from apps.webapi import Session
    return Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])


SEATS = [{"name": "Ana", "deck": "Testbed Dawnwatch"}, {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}]


def ask(session, request) -> dict:
    """Send one raw request; it must be answered (never raise) and never with an internal error."""
    out = json.loads(session.handle(request if isinstance(request, str) else json.dumps(request)))
    assert "Traceback" not in json.dumps(out)
    if not out["ok"]:
        assert out["error"]["code"] != "internal_error", out
    return out


@pytest.mark.parametrize("request_, code, says", [
    ("not json", "bad_request", "not valid JSON"),
    ("", "bad_request", "not valid JSON"),
    ("[1, 2]", "bad_request", "a request is a JSON object"),
    ('"state"', "bad_request", "a request is a JSON object"),
    ("{}", "bad_request", "field 'op'"),
    ({"viewer": 0}, "bad_request", "field 'op'"),
    ({"op": 5}, "bad_request", "field 'op'"),
    ({"op": ["state"]}, "bad_request", "field 'op'"),
    ({"op": "nope"}, "unknown_op", "unknown request 'nope'"),
    ({"op": "__init__"}, "unknown_op", "unknown request"),
    ({"op": "state", "bogus": 1}, "bad_request", "field 'bogus': 'state' takes no such argument"),
    ({"op": "state", "viewer": "0"}, "bad_request", "field 'viewer': must be a seat number"),
    ({"op": "state", "viewer": True}, "bad_request", "field 'viewer': must be a seat number"),
    ({"op": "state", "viewer": 10 ** 20}, "bad_request", "field 'viewer'"),
    ({"op": "state", "viewer": -1}, "bad_request", "field 'viewer'"),
    ({"op": "state", "id": [1]}, "bad_request", "field 'id'"),
    ('{"op": "state", "viewer": 0, "viewer": 1}', "bad_request", "field 'viewer': invalid JSON: key given twice"),
    ('{"op": ' + "[" * 5000 + "]" * 5000 + "}", "bad_request", "nested more than 100 deep"),
    ({"op": "card"}, "bad_request", "field 'cid': 'card' needs it"),
    ({"op": "card", "cid": ["x"]}, "bad_request", "field 'cid': must be text"),
    ({"op": "explain", "iid": 1.5}, "bad_request", "field 'iid': must be a whole number"),
    ({"op": "validate_deck", "text": 7}, "bad_request", "field 'text': must be text"),
    ({"op": "new_game", "seats": "abc"}, "bad_request", "field 'seats': must be a list"),
    ({"op": "new_game", "seats": [1, 2]}, "bad_request", "field 'seats[0]': a seat is an object"),
    ({"op": "new_game", "mode": ["duel"], "seats": SEATS}, "bad_request", "field 'mode': must be text"),
    ({"op": "new_game", "seats": SEATS, "seed": 1.5}, "bad_request", "field 'seed'"),
    ({"op": "new_game", "seats": SEATS, "seed": "7"}, "bad_request", "field 'seed'"),
    ({"op": "new_game", "seats": SEATS, "options": [1]}, "bad_request", "field 'options': must be an object"),
    ({"op": "new_game", "seats": [{**SEATS[0], "name": ["A"]}, SEATS[1]]}, "bad_request", "field 'seats[0].name'"),
    ({"op": "new_game", "seats": [{**SEATS[0], "deck": 5}, SEATS[1]]}, "bad_request", "field 'seats[0].deck'"),
    ({"op": "new_game", "seats": [{**SEATS[0], "colour": "red"}, SEATS[1]]}, "bad_request", "field 'seats[0].colour'"),
    ({"op": "ai_move", "steps": "x"}, "bad_request", "field 'steps'"),
    ({"op": "replay_step", "to": "x"}, "bad_request", "field 'to': must be a whole number"),
    ({"op": "load", "save": 5}, "bad_request", "field 'save'"),
    ({"op": "load", "save": "{"}, "bad_save", "invalid JSON"),
    ({"op": "load", "save": "1" * 5000}, "bad_save", "invalid JSON"),
    ('{"op": "state", "since": ' + "9" * 5000 + "}", "bad_request", "invalid JSON"),
    ({"op": "load", "save": '{"format": 1, "format": 2}'}, "bad_save", "key given twice"),
    ({"op": "run_scenarios", "scenarios": [1]}, "bad_request", "field 'scenarios[0]'"),
    ({"op": "run_scenarios", "scenarios": {"a": 1}}, "bad_request", "field 'scenarios': must be a list"),
])
def test_malformed_requests_get_a_stable_code_naming_the_field(session, request_, code, says):
    out = ask(session, request_)
    assert not out["ok"] and out["error"]["code"] == code, out
    assert says in out["error"]["message"] + " ".join(out["error"]["problems"]), out


@pytest.mark.parametrize("action, code, says", [
    ("", "malformed_action", "an action is text like"),
    ("100000000000000000000:pass", "malformed_action", "player must be a seat number"),
    ("5:pass", "bad_request", "there is no seat 5"),
    ("0:choose_first side=0.0", "malformed_action", "argument 'side' must be a whole number"),
    ({"player": 0, "type": "choose_first", "side": 0.0}, "malformed_action", "argument 'side'"),
    ({"player": True, "type": "choose_first", "side": 0}, "malformed_action", "player must be a seat number"),
])
def test_malformed_actions_from_the_browser_leave_the_game_as_it_was(session, action, code, says):
    first = ask(session, {"op": "new_game", "mode": "duel", "seed": 3, "seats": SEATS, "viewer": 0})["result"]
    out = ask(session, {"op": "apply", "action": action, "viewer": 0})
    assert not out["ok"] and out["error"]["code"] == code and says in out["error"]["message"], out
    assert ask(session, {"op": "state", "viewer": 0})["result"]["hash"] == first["hash"]


def test_every_op_declares_the_kind_of_each_argument():
    import inspect

    from apps.webapi import ARG_KINDS, DiceSession, Session
    for cls in (Session, DiceSession):
        for name in dir(cls):
            if name.startswith("op_"):
                for arg in inspect.signature(getattr(cls, name)).parameters:
                    assert arg == "self" or arg in ARG_KINDS, (cls.__name__, name, arg)


def test_derring_dice_requests_are_checked_the_same_way():
    from apps.webapi import DiceSession
    from engine.dice.cards import bundle
    s = DiceSession(bundle())
    for request, says in [({"op": "new_game", "seats": [1, 2]}, "field 'seats[0]'"),
                          ({"op": "state", "viewer": True}, "field 'viewer'"),
                          ({"op": "card", "cid": 5}, "field 'cid'"),
                          ({"op": "run_scenarios", "scenarios": [{"data": 1}]}, "field 'scenarios[0]'"),
                          ({"op": "new_game", "seats": [{"side": ["bad"]}, {"side": "good"}]}, "field 'seats[0].side'")]:
        out = ask(s, request)
        assert out["error"]["code"] == "bad_request" and says in out["error"]["message"], out


def test_a_huge_count_in_a_pasted_deck_is_refused(session):
    text = "Main: Captain Solace\n1000000000000 Skyhawk\n"
    out = ask(session, {"op": "validate_deck", "text": text})
    assert out["error"]["code"] == "bad_deck"
    assert any("line 2': a count of a trillion or more" in p for p in out["error"]["problems"])
    out = ask(session, {"op": "new_game", "mode": "duel", "seats": [{"name": "A", "deck": {"text": text}}, SEATS[1]]})
    assert out["error"]["code"] == "bad_config" and any("a count of a trillion" in p for p in out["error"]["problems"])
    assert session.game is None


def test_a_pasted_deck_list_with_a_byte_order_mark_is_accepted(session):
    out = ask(session, {"op": "validate_deck", "text": "\ufeff" + GOOD_DECK_TEXT})
    deck = out["result"]["deck"]
    assert out["ok"] and sum(deck["cards"].values()) == 60
    assert (deck["name"], deck["main"]) == ("Testbed Dawnwatch", "captain-solace-1")
    out = ask(session, {"op": "validate_deck", "text": "\ufeff" + json.dumps(read_data(TESTSET / "deck-dawnwatch.yaml")[0])})
    assert out["ok"] and out["result"]["deck"] == deck  # the same deck, written as JSON
    out = ask(session, {"op": "new_game", "mode": "duel", "seed": 2,
                        "seats": [{"name": "A", "deck": {"text": "\ufeff" + GOOD_DECK_TEXT}}, SEATS[1]]})
    pl = session.game.players[0]
    assert out["ok"] and pl.deck_name == "Testbed Dawnwatch"
    assert len(pl.deck) + len(pl.hand) == 60  # the whole list was read: every card is in the deck or the hand


def test_a_save_without_its_hash_is_refused_in_the_browser_and_the_game_kept(session):
    ask(session, {"op": "new_game", "mode": "duel", "seed": 3, "seats": SEATS, "viewer": 0})
    save = ask(session, {"op": "save"})["result"]
    before = ask(session, {"op": "state", "viewer": 0})["result"]["hash"]
    broken = copy.deepcopy(save)
    broken["game"].pop("hash")
    out = ask(session, {"op": "load", "save": json.dumps(broken), "viewer": 0})
    assert out["error"]["code"] == "bad_save" and any("field 'hash': missing" in p for p in out["error"]["problems"])
    assert ask(session, {"op": "state", "viewer": 0})["result"]["hash"] == before


# ================================================================ card fields wrongly accepted or crashing the validator

def card_problems(tmp_path, extra: str, **fields) -> str:
    spec = {"id": "odd", "name": "Odd", "atk": 1, **fields}
    return problems_of(cards_file(tmp_path, TEAMS + "cards:\n" + CARD.format(**spec) + extra))


@pytest.mark.parametrize("extra, field, says", [
    ("    universe: [core, other]\n", "field 'universe'", "names one universe"),
    ("    universe: 7\n", "field 'universe'", "names one universe"),
    ("    universe: ''\n", "field 'universe'", "names one universe"),
    ("    text: 12\n", "field 'text'", "must be text, not 12"),
    ("    flavor: [a]\n", "field 'flavor'", "must be text"),
    ("    aka: [[x]]\n", "field 'aka[0]'", "must be a name"),
    ("    number: [1]\n", "field 'number'", "must be a set number"),
    ("    keywords: [[flight]]\n", "field 'keywords[0]'", "unknown keyword ['flight']"),
    ("    keywords: [{team_up: [x]}]\n", "field 'keywords[0].team_up'", "needs"),
    ("    triggers: [{when: [appears], effect: [{draw: {n: 1}}]}]\n", "field 'triggers[0].when'", "one event, not a list"),
    ("    triggers: [{when: appears, effect: [{draw: {n: [1]}}]}]\n", "field 'triggers[0].effect[0].draw.n'", ""),
    ("    triggers: [{when: appears, effect: [{stun: {target: {x: 1}}}]}]\n", "field 'triggers[0].effect[0].stun.target'",
     "unknown target"),
    ("    triggers: [{when: appears, if: {count_at_least: {count: [x], n: 1}}, effect: [{draw: {n: 1}}]}]\n",
     "field 'triggers[0].if.count_at_least'", "needs {count"),
    ("    statics: [{affects: {side: [yours]}, atk: 1}]\n", "field 'statics[0].affects.side'", "unknown side"),
    ("    statics: [{affects: {side: yours}, grant: [[flight]]}]\n", "field 'statics[0].grant[0]'", "unknown keyword"),
    ("    powers: [{name: P, timing: [main], cost: [[might]], effect: [{draw: {n: 1}}]}]\n",
     "field 'powers[0].timing'", "unknown timing"),
    ("    powers: [{name: P, timing: main, cost: [[might]], effect: [{draw: {n: 1}}]}]\n",
     "field 'powers[0].cost[0]'", "unknown power symbol"),
    ("    triggers: [{when: appears, effect: [{create_token: {card: [x]}}]}]\n", "create_token", ""),
])
def test_odd_card_fields_are_reported_by_field(tmp_path, extra, field, says):
    text = card_problems(tmp_path, extra)
    assert "card 'odd'" in text and field in text and says in text, text


def test_a_level_up_into_a_list_or_a_plot_twist_with_a_list_timing_is_reported(tmp_path):
    body = TEAMS + """cards:
  - {id: m1, name: M, type: main, team: Dawnwatch, level: 1, atk: 1, def: 1, health: 5,
     level_up: {xp: 1, when: [stuns], into: [m2]}}
  - {id: pt, name: PT, type: plot_twist, timing: [[main]], effect: [{draw: {n: 1}}]}
  - {id: loc, name: Loc, type: location, symbol: [might]}
  - [not, a, card]
teams_extra: 1
"""
    text = problems_of(cards_file(tmp_path, body))
    assert "card 'm1', field 'level_up.into'" in text
    assert "card 'pt', field 'timing[0]': unknown timing" in text
    assert "card 'loc', field 'symbol': unknown power symbol" in text
    assert "a card is a mapping of fields" in text


@pytest.mark.parametrize("body, says", [
    ("cards: {a: 1}\n", "field 'cards': must be a list of cards"),
    ("teams: {a: 1}\ncards: []\n", "field 'teams': must be a list of teams"),
    ("teams: [{name: X, alignment: [good]}]\ncards: []\n", "field 'teams[0].alignment': must be good or evil"),
    ("cards:\n  - {id: [x], name: X, type: supporting}\n", "field 'id': must be text"),
    ("cards:\n  - {id: x, name: X, type: [supporting]}\n", "field 'type': unknown card type"),
    ("- just\n- a list\n", "not a card, deck or scenario file"),
])
def test_malformed_card_files(tmp_path, body, says):
    assert says in problems_of(cards_file(tmp_path, body))


def test_a_derring_dice_card_file_with_a_key_twice_is_refused(tmp_path):
    f = cards_file(tmp_path, "game: dice\ndeck: action\ncards:\n  - {name: A, type: event, users: [good], "
                             "effect: destroy_plot, effect: look_at_hands}\n", "action.yaml")
    assert "field 'effect': key given twice" in problems_of(f)
    from engine.dice.cards import load_pool as dice_pool
    with pytest.raises(DataError, match="key given twice"):
        dice_pool([tmp_path])


# ================================================================ a fixed-seed sweep: one odd value anywhere

ODD_VALUES = [None, 0, -1, 1.5, True, "x", "", [], [1], {}, {"a": 1}, 10 ** 20, [[["deep"]]]]


def _paths(d, pre=()):
    if pre:
        yield pre
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, (*pre, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _paths(v, (*pre, i))


def _mutated(rng, data):
    d = copy.deepcopy(data)
    path = rng.choice(list(_paths(d)))
    cur = d
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = rng.choice(ODD_VALUES)
    return d, path


def test_one_odd_value_anywhere_in_a_scenario_or_save_never_crashes(tmp_path):
    import random

    import yaml

    from engine.capeclash.scenario import run_scenario
    rng = random.Random(16)
    # scenarios of the testset's cards: they validate as they are, so what is found is the odd value's doing
    sources = [f for f in sorted((ROOT / "card_data" / "scenarios").glob("*.yaml"))[::4] if not validate([CARDS, f])[0]]
    assert len(sources) >= 10
    refused = ran = 0
    for i in range(150):
        data, path = _mutated(rng, read_data(rng.choice(sources))[0])
        f = tmp_path / f"m{i}.yaml"
        f.write_text(yaml.safe_dump(data), encoding="utf-8")
        problems, _ = validate([CARDS, f])  # must not raise
        assert all(str(p).startswith(f"{f}") for p in problems), problems  # each names the file
        refused += bool(problems)
        if not problems:
            ran += 1
            try:
                run_scenario(data, test_pool(), str(f))
            except CapeClashError:
                pass
    assert refused >= 100 and ran >= 10, (refused, ran)  # both paths are exercised (seed 16: 128 and 22)
    g = sample_game(seed=5)
    for _ in range(30):
        g.apply(g.legal_actions(g.to_act[0])[0])
    save = g.save()
    for _ in range(150):
        data, path = _mutated(rng, save)
        try:
            loaded = Game.load(test_pool(), data)
        except SaveError:
            continue
        assert loaded.state_hash() == save["hash"], path


def test_one_odd_value_anywhere_in_a_request_never_gets_an_internal_error(session):
    import random
    rng = random.Random(16)
    ask(session, {"op": "new_game", "mode": "duel", "seed": 3, "seats": SEATS})
    save = ask(session, {"op": "save"})["result"]  # with seats and the computer's dice (ai_rng)
    assert save["ai_rng"] and save["seats"]
    requests = [{"op": "new_game", "mode": "duel", "seed": 3, "seats": SEATS, "viewer": 0},
                {"op": "state", "viewer": 0, "since": 0}, {"op": "apply", "action": "0:choose_first side=0", "viewer": 0},
                {"op": "ai_move", "viewer": 0, "steps": 1}, {"op": "card", "cid": "skyhawk"}, {"op": "explain", "iid": 3},
                {"op": "undo", "viewer": 0}, {"op": "load", "save": save}, {"op": "replay_open", "save": save},
                {"op": "replay_step", "to": 3}, {"op": "validate_deck", "text": GOOD_DECK_TEXT},
                {"op": "run_scenarios", "scenarios": [{"data": {"scenario": "x"}, "source": "s"}]}]
    for _ in range(300):
        ask(session, _mutated(rng, rng.choice(requests))[0])


def test_the_print_pipeline_reads_card_files_with_the_same_safe_loader(tmp_path):
    """libyaml's own loader crashed the whole process (SIGSEGV) on a file nested 50,000 deep."""
    data = pytest.importorskip("printgen.data")
    f = cards_file(tmp_path, "cards: " + "[" * 50000 + "]" * 50000 + "\n")
    with pytest.raises(DataError, match="nested more than 100 deep"):
        data.load_cards([f])
    dup = cards_file(tmp_path, TEAMS + "cards:\n" + CARD.format(id="d", name="D", atk=1) + "    atk: 2\n", "dup.yaml")
    with pytest.raises(DataError, match="key given twice"):
        data.load_cards([dup])


@pytest.mark.parametrize("change", [
    lambda d: d["actions"].append({"check": 1.5}),
    lambda d: d["expect"].append({"card": {"a": 1}}),
    lambda d: d.update(expect=True),
], ids=["check-a-number", "card-a-mapping", "expect-true"])
def test_validate_reports_a_derring_dice_scenario_its_checker_cannot_read(tmp_path, change):
    import yaml
    src = ROOT / "card_data" / "dice" / "scenarios" / "battle-break-free.yaml"
    data = read_data(src)[0]
    data.setdefault("expect", [])
    change(data)
    f = tmp_path / "dice-scenario.yaml"
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    text = problems_of(f)
    assert str(f) in text


def test_a_deck_line_with_a_long_run_of_spaces_is_read_in_linear_time(tmp_path, session):
    """The line pattern ended in a lazy name and \\s*$: a run of spaces cost time squared (1 MB: hours)."""
    text = "Main: Captain Solace\n1 Sky" + " " * 500_000 + "hawk\n"
    t = time.process_time()
    deck = Deck.from_text(text)
    assert time.process_time() - t < 1.0
    assert deck.cards == ["Sky" + " " * 500_000 + "hawk"]
    out = ask(session, {"op": "validate_deck", "text": text})
    assert out["error"]["code"] == "bad_deck" and len(json.dumps(out)) < 20_000


def test_ai_move_steps_are_bounded(session):
    ask(session, {"op": "new_game", "mode": "duel", "seed": 3, "seats": SEATS, "viewer": 0})
    out = ask(session, {"op": "ai_move", "viewer": 0, "steps": 10 ** 9})
    assert out["error"]["code"] == "bad_request" and "field 'steps': at most 100" in out["error"]["message"]


def test_a_save_of_a_game_set_up_from_a_position_is_checked_too():
    from engine.capeclash.scenario import run_scenario
    from engine.capeclash.testing import shared_pool
    pool = shared_pool([ROOT / "card_data"])
    data = read_data(ROOT / "card_data" / "scenarios" / "combat-atk-equal-def-stuns.yaml")[0]
    save = run_scenario(data, pool, "x").game.save()
    assert Game.load(pool, copy.deepcopy(save)).state_hash() == save["hash"]
    for change, says in [
        (lambda d: d["config"]["position"].update(active=9), "field 'config.position.active': names a side from 0 to 1"),
        (lambda d: d["config"]["position"]["players"][0].update(front=[{"card": "Iron Warden", "wounds": -3}]),
         "field 'config.position.players[0].front[0].wounds': must be from 0"),
        (lambda d: d.pop("hash"), "field 'hash': missing"),
    ]:
        broken = copy.deepcopy(save)
        change(broken)
        with pytest.raises(SaveError, match=r".") as e:
            Game.load(pool, broken)
        assert says in str(e.value)


@pytest.mark.parametrize("ai_rng, says", [
    ({"1" * 5000: "5"}, "field 'ai_rng'"),
    ({"1": "9" * 5000}, "field 'ai_rng'"),
    ({"1": ["x"]}, "field 'ai_rng'"),
    ([1], "field 'ai_rng' must be an object"),
], ids=["long-seat", "long-state", "list-state", "a-list"])
def test_a_browser_save_with_bad_computer_dice_is_refused_and_the_game_kept(session, ai_rng, says):
    ask(session, {"op": "new_game", "mode": "duel", "seed": 3, "seats": SEATS})
    save = ask(session, {"op": "save"})["result"]
    before = ask(session, {"op": "state", "viewer": 0})["result"]["hash"]
    out = ask(session, {"op": "load", "save": {**save, "ai_rng": ai_rng}, "viewer": 0})
    assert out["error"]["code"] == "bad_save" and says in out["error"]["message"]
    assert ask(session, {"op": "state", "viewer": 0})["result"]["hash"] == before


@pytest.mark.parametrize("number, says", [
    ("9" * 5000, "invalid YAML at line 5: a number of 5000 characters is too long"),
    ("0x" + "f" * 5000, "card 'big', field 'cost': must be at most 999, not <a number too long to show>"),
], ids=["decimal-5000-digits", "hex-5000-digits"])
def test_numbers_of_thousands_of_digits_in_yaml(tmp_path, number, says):
    body = TEAMS + "cards:\n  - {id: big, name: Big, type: supporting, team: Dawnwatch, atk: 1, def: 1, health: 1,\n" \
                   f"     cost: {number}}}\n"
    text = problems_of(cards_file(tmp_path, body))
    assert says in text and len(text) < 2000


@pytest.mark.parametrize("extra, field", [
    ("    triggers: [{when: appears, effect: [{draw: {n: 100000000000000000000}}]}]\n",
     "field 'triggers[0].effect[0].draw.n': must be from -999 to 999"),
    ("    powers: [{name: P, timing: main, cost: [might], effect: [{modify: {target: self, atk: 0x" + "f" * 3000
     + "}}]}]\n", "field 'powers[0].effect[0].modify.atk': must be from -999 to 999, not 2290593203500"),
], ids=["draw-10^20", "modify-hex-3000-digits"])
def test_huge_amounts_in_card_effects_are_refused(tmp_path, extra, field):
    assert field in card_problems(tmp_path, extra)


def test_huge_card_stats_are_refused(tmp_path):
    text = card_problems(tmp_path, "", atk=10 ** 20)
    assert "card 'odd', field 'atk': must be at most 999" in text


def test_a_save_without_hash_and_with_a_bad_deck_reports_both(saved):
    def change(d):
        d.pop("hash")
        d["config"]["players"][0]["deck"]["cards"].update({"skyhawk": 60})
    text = load_broken(saved, change)
    assert "field 'hash': missing" in text and "60 copies" in text
