"""A corpus of bad input: card files, decks, scenarios, saves, actions, CLI calls and the browser's
requests. Each case must end in a clear error that names the file, card or field (never a Python
traceback, never a hang or a huge message), must not be wrongly accepted, and must leave the game
and the files as they were.
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest

from engine import Game
from engine.actions import Action
from engine.cli import main as cli
from engine.decks import Deck
from engine.errors import CapeClashError, DataError, IllegalActionError, InvalidActionError, SaveError
from engine.loader import load_deck, load_pool, read_data, validate
from engine.testing import sample_game, test_decks, test_pool

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
                                  "cards: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n"])
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
        t = time.perf_counter()
        problems, _ = validate([f])
        assert len(problems) == n and f"{f}:" in str(problems[-1]) and "field 'atk'" in str(problems[-1])
        return time.perf_counter() - t
    small, big = timed(500), timed(8000)
    # linear: 16x the cards cost about 16x the time (quadratic was over 100x); generous for a busy machine
    assert big < max(60 * small, 2.0), (small, big)


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

@pytest.mark.parametrize("count", ["1000000000000", "9" * 5000, "61"])
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
    assert f"{f}, card 'skyhawk', field 'cards': a count of a trillion or more" in text
    assert f"{f}, card 'skyhawk', field 'piles.p': a count of a trillion or more" in text


def test_many_lines_of_legal_counts_stop_at_a_bound(tmp_path):
    f = tmp_path / "deck-long.txt"
    f.write_text("Main: Captain Solace\n" + "60 Skyhawk\n" * 100000, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_deck(f, test_pool())
    assert "field 'cards': more than 600 cards listed" in str(e.value)
