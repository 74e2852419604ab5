"""Every problem in a data file points at its field's own line (or, for a field that is missing, at the
nearest enclosing value that is there), not at the first line of its card: in card files (YAML and
JSON), decks, scenarios and tutorials. The files here are broken on purpose; each expected line
number is counted by hand (or, for the tutorial, found by searching the text that was broken)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.capeclash.loader import load_deck, load_pool, validate
from engine.capeclash.testing import test_pool
from engine.core.data import Lines, field_path, read_data
from engine.core.errors import DataError

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "card_data" / "testset" / "cards.yaml"

BAD_CARDS = """\
teams:
  - {name: Heroes, alignment: good}
  - {name: Villains, alignment: wicked}
cards:
  - id: hero-1
    name: Hero
    type: main
    level: 1
    team: Heroes
    atk: 3
    def: 3
    health: 6
    level_up: {xp: 2, when: stuns,
               into: hero-3}
    powers:
      - name: Zap
        timing: main
        cost: [might]
        effect:
          - choose: {what: character, filter: {side: enemy}, as: foe}
          - modify:
              target: foe
              atk: lots
    statics:
      - affects: {side: yours}
        atk: 1
        while: {in_combat: true, bogus: 1}
  - id: sidekick
    name: Sidekick
    type: supporting
    team: Heroes
    cost: 1
    atk: 1
    def: 1
    health: 1
    keywords: fligt
    triggers:
      - when: appears
        effect:
          create_token: {card: no-such-token}
  - id: sidekick
    name: Sidekick Again
    type: supporting
    team: Heroes
    cost: 1
    atk: 1
    def: 1
    health: 1
"""


def _problems(*paths) -> list[str]:
    problems, _ = validate([str(p) for p in paths])
    assert problems, "the bad input was accepted"
    return [str(p) for p in problems]


def _has(problems: list[str], text: str) -> None:
    assert any(text in p for p in problems), f"{text!r} not in:\n" + "\n".join(problems)


def test_card_problems_point_at_the_nested_field_line(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text(BAD_CARDS, encoding="utf-8")
    out = _problems(f)
    # a value three levels down in an effect step (a block mapping)
    _has(out, f"{f}:23, card 'hero-1', field 'powers[0].effect[1].modify.atk': must be a whole number")
    # a key of a condition inside a continuous ability (a flow mapping: the line it is on)
    _has(out, f"{f}:27, card 'hero-1', field 'statics[0].while.bogus': unknown condition 'bogus'")
    # a keyword written as one value, which the checker reads as a list of one
    _has(out, f"{f}:36, card 'sidekick', field 'keywords[0]': unknown keyword 'fligt'")
    # a team's field, outside any card
    _has(out, f"{f}:3, field 'teams[1].alignment'")
    # problems found across cards: the field's line, not the card's
    _has(out, f"{f}:14, card 'hero-1', field 'level_up.into': no card with id 'hero-3'")
    _has(out, f"{f}:39, card 'sidekick', field 'triggers[0].effect': create_token: no token card")
    # the second card with an id: at its own 'id:' line, naming the first one's line
    _has(out, f"{f}:41, card 'sidekick', field 'id': duplicate card id (also in {f}:28)")


def test_a_missing_field_points_at_the_nearest_enclosing_value(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("teams:\n  - {name: Heroes, alignment: good}\ncards:\n"
                 "  - id: p\n    name: P\n    type: supporting\n    team: Heroes\n    cost: 1\n"
                 "    atk: 1\n    def: 1\n    health: 1\n    powers:\n"
                 "      - name: Nothing\n        timing: main\n"      # line 13: no cost, no effect
                 "  - id: q\n    name: Q\n    type: supporting\n    team: Heroes\n    atk: 1\n"
                 "    def: 1\n    health: 1\n", encoding="utf-8")
    out = _problems(f)
    _has(out, f"{f}:13, card 'p', field 'powers[0].cost': a super power needs a cost")
    _has(out, f"{f}:13, card 'p', field 'powers[0].effect': a super power needs an effect")
    _has(out, f"{f}:15, card 'q', field 'cost': is required")  # the card's own line


def test_json_card_files_point_at_the_field_line_too(tmp_path):
    f = tmp_path / "cards.json"
    f.write_text('{\n'
                 '  "teams": [{"name": "Heroes", "alignment": "good"}],\n'
                 '  "cards": [\n'
                 '    {"id": "j", "name": "J", "type": "supporting", "team": "Heroes",\n'
                 '     "cost": 1, "atk": 1, "def": 1, "health": 1,\n'
                 '     "powers": [{"name": "Zap \\"quoted\\" [x]", "timing": "main", "cost": ["might"],\n'
                 '                 "effect": [{"stun": {"target": "self"}},\n'
                 '                            {"modify": {"target": "self",\n'
                 '                                        "atk": "lots"}}]}]}\n'
                 '  ]\n'
                 '}\n', encoding="utf-8")
    out = _problems(f)
    _has(out, f"{f}:9, card 'j', field 'powers[0].effect[1].modify.atk': must be a whole number")


def test_deck_problems_point_at_the_line_that_lists_the_card(tmp_path):
    f = tmp_path / "deck-x.yaml"
    f.write_text("name: x\nmain: captain-solace-1\ncards:\n  skyhawk: 4\n  Skyhwak: 2\n"
                 "  mystery-card: 1\npiles:\n  spare:\n    cards:\n      nobody: 1\n", encoding="utf-8")
    out = _problems(CARDS, f)
    _has(out, f"{f}:5, card 'Skyhwak', field 'cards': no such card")
    _has(out, f"{f}:6, card 'mystery-card', field 'cards': no such card")
    _has(out, f"{f}:10, card 'nobody', field 'piles.spare.cards': no such card")
    _has(out, f"{f}:3, field 'cards': a deck has exactly")  # about the whole list: its key
    with pytest.raises(DataError) as e:  # loading the deck says the same
        load_deck(f, test_pool())
    assert f"{f}:5, card 'Skyhwak', field 'cards': no such card" in str(e.value)


SCENARIO = """\
scenario: broken on purpose
start:
  turn: 2
  active: 0
  phase: main
  players:
    - name: Ana
      main: {card: Captain Solace, row: back}
      front:
        - Skyhawk
        - {card: Skyhawk, wounds: many}
    - name: Bo
      main: {card: Baron Dusk, row: back}
actions:
  - pass
  - {attack: Skyhawk, player: 7}
expect:
  - {card: Skyhawk, zone: nowhere}
"""


def test_scenario_problems_point_at_the_field_line(tmp_path):
    f = tmp_path / "sc.yaml"
    f.write_text(SCENARIO, encoding="utf-8")
    out = _problems(CARDS, f)
    _has(out, f"{f}:11, card 'Skyhawk', field 'start.players[0].front[1].wounds'")
    _has(out, f"{f}:16, field 'actions[1].player'")
    _has(out, f"{f}:18, field 'expect[0].zone'")


def test_tutorial_problems_point_at_the_field_line(tmp_path):
    text = (ROOT / "card_data" / "tutorial" / "first-game.yaml").read_text(encoding="utf-8")
    broken = text.replace("deck: [Whisper Page, Frostbitten Thrall]", "deck: [Whisper Pag, Frostbitten Thrall]", 1)
    assert broken != text
    line = broken[:broken.index("Whisper Pag,")].count("\n") + 1
    f = tmp_path / "tutorial.yaml"
    f.write_text(broken, encoding="utf-8")
    out = _problems(ROOT / "card_data" / "starter", f)
    _has(out, f"{f}:{line}, card 'Whisper Pag', field 'lessons[0].start.players[1].deck[0]': no such card")


def test_anchors_and_merge_keys_keep_lines(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("teams:\n  - {name: Heroes, alignment: good}\n"
                 "base: &base\n  type: supporting\n  team: Heroes\n  cost: 1\n  atk: 1\n  def: 1\n  health: 1\n"
                 "cards:\n"
                 "  - <<: *base\n    id: m\n    name: M\n    def: nine\n", encoding="utf-8")   # line 14
    data, lines = read_data(f)
    assert lines.at(["cards", 0, "def"]) == 14 and lines.at(["cards", 0, "cost"]) == 6  # merged: the anchor's
    pool_problems: list = []
    load_pool([f], problems_out=pool_problems)
    assert f"{f}:14, card 'm', field 'def': must be a whole number" in [str(p) for p in pool_problems][0]


def test_line_lookup_helpers():
    assert field_path("powers[0].effect[12].gain.atk") == ["powers", 0, "effect", 12, "gain", "atk"]
    assert field_path(None) == []
    lines = Lines((1, {"a": (2, [(3, None), (4, {"b": (5, None)})])}))
    assert lines.at(["a", 1, "b"]) == 5
    assert lines.at(["a", 1, "c"]) == 4      # missing key: the enclosing mapping
    assert lines.at(["a", 7]) == 2            # index past the end: the list
    assert lines.at(["a", 0, 0]) == 3         # item 0 of a single value: the value
    assert lines.at(["a", 0, 1]) == 3
    assert Lines(None).at(["a"]) is None


def test_reading_a_json_file_gives_lines_for_every_value(tmp_path):
    f = tmp_path / "x.json"
    f.write_text(json.dumps({"cards": [{"id": "a"}, {"id": "b", "k": [1, {"deep": True}]}]}, indent=1))
    data, lines = read_data(f)
    text = f.read_text().splitlines()
    assert dict(lines) == {0: 3, 1: 6}
    assert '"deep"' in text[lines.at(["cards", 1, "k", 1, "deep"]) - 1]


def test_a_card_id_in_two_files_is_a_problem_even_when_the_first_card_is_broken(tmp_path):
    a, b = tmp_path / "a" / "cards.yaml", tmp_path / "b" / "cards.yaml"
    a.parent.mkdir()
    b.parent.mkdir()
    a.write_text("cards:\n  - id: x\n    name: X\n    type: supporting\n    cost: 1\n    atk: one\n"
                 "    def: 1\n    health: 1\n", encoding="utf-8")
    b.write_text("cards:\n  - {id: y, name: Y, type: supporting, cost: 1, atk: 1, def: 1, health: 1}\n"
                 "  - {id: x, name: X, type: supporting, cost: 1, atk: 1, def: 1, health: 1}\n", encoding="utf-8")
    out = _problems(a.parent, b.parent)
    _has(out, f"{a}:6, card 'x', field 'atk': must be a whole number")
    _has(out, f"{b}:3, card 'x', field 'id': duplicate card id (also in {a}:2)")


def test_capeclash_scenario_shows_a_broken_scenario_at_its_field_lines(tmp_path, capsys):
    from apps.cli import main as cli
    f = tmp_path / "sc.yaml"
    f.write_text(SCENARIO, encoding="utf-8")
    rc = cli(["scenario", str(f), "--data", str(ROOT / "card_data" / "testset")])
    out = capsys.readouterr().out
    assert rc == 1
    assert f"{f}:11, card 'Skyhawk', field 'start.players[0].front[1].wounds'" in out, out
    assert f"{f}:16, field 'actions[1].player'" in out and f"{f}:18, field 'expect[0].zone'" in out
