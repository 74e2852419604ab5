"""Bad card, deck, scenario and save data: every problem reported, each naming file, card and field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from apps.cli import main as cli
from engine import Game, SaveError
from engine.capeclash.decks import Deck, check_deck
from engine.capeclash.loader import load_pool, validate
from engine.capeclash.testing import sample_game, test_pool
from engine.core.errors import DataError, DeckError

ROOT = Path(__file__).resolve().parent.parent

BAD_CARDS = """\
teams:
  - {name: Heroes, alignment: good}
cards:
  - id: good-one
    name: Good One
    type: supporting
    team: Heroes
    cost: 2
    atk: 2
    def: 2
    health: 2
  - id: bad-keyword
    name: Bad Keyword
    type: supporting
    team: Heroes
    cost: 2
    atk: 2
    def: 2
    health: 2
    keywords: [flgiht]
  - id: bad-power
    name: Bad Power
    type: supporting
    team: Heroes
    cost: two
    atk: 2
    def: 2
    health: 2
    powers:
      - name: Zap
        timing: mian
        effect:
          - stunn: {target: self}
  - id: bad-trigger
    name: Bad Trigger
    type: supporting
    team: Heroez
    cost: 1
    atk: 1
    def: 1
    health: 1
    triggers:
      - on: appears
        effect: [{draw: {n: 1}}]
  - id: bad-plot
    name: Bad Plot
    type: plot_twist
    timing: combat
    effect:
      - choose: {what: character, filter: {side: enemy}, as: t}
      - modify: {target: t, atk: 2}
  - id: bad-main
    name: Bad Main
    type: main
    level: 1
    team: Heroes
    atk: 2
    def: 2
    health: 5
    colour: red
"""


@pytest.fixture
def bad_file(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(BAD_CARDS)
    return f


def test_every_problem_in_a_card_file_is_reported_with_file_line_card_and_field(bad_file):
    problems, counts = validate([bad_file])
    text = "\n".join(str(p) for p in problems)
    # each problem at its field's own line (or at the nearest enclosing one, for a missing field)
    assert f"{bad_file}:20, card 'bad-keyword', field 'keywords[0]': unknown keyword 'flgiht' " \
           "(did you mean 'flight'?)" in text
    assert f"{bad_file}:25, card 'bad-power', field 'cost': must be a whole number, not 'two'" in text
    assert f"{bad_file}:31, card 'bad-power', field 'powers[0].timing': unknown timing 'mian' " \
           "(did you mean 'main'?)" in text
    assert f"{bad_file}:30, card 'bad-power', field 'powers[0].cost': a super power needs a cost" in text
    assert f"{bad_file}:33, card 'bad-power', field 'powers[0].effect[0]': unknown effect 'stunn' " \
           "(did you mean 'stun'?)" in text
    assert f"{bad_file}:43, card 'bad-trigger', field 'triggers[0].True': YAML reads a bare on/off/yes/no " \
           "key as true/false" in text
    assert f"{bad_file}:49, card 'bad-plot', field 'effect': a combat plot twist must affect characters " \
           "in the combat" in text
    assert f"{bad_file}:60, card 'bad-main', field 'colour': unknown field for a main card" in text
    assert f"{bad_file}:52, card 'bad-main', field 'level_up': a level 1 main character needs a level-up" in text
    assert f"{bad_file}:37, card 'bad-trigger', field 'team': unknown team 'Heroez' (did you mean 'Heroes'?)" in text
    assert "good-one" not in text
    assert len(problems) >= 10


def test_load_pool_raises_with_all_problems(bad_file):
    with pytest.raises(DataError) as e:
        load_pool([bad_file])
    assert len(e.value.problems) >= 10
    assert e.value.code == "bad_data"


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("cards:\n  - id: x\n    name: [unclosed\n")
    problems, _ = validate([f])
    assert len(problems) == 1 and str(f) in str(problems[0]) and "invalid YAML at line" in str(problems[0])


def test_cli_validate_exit_codes(bad_file, capsys):
    assert cli(["validate", str(bad_file)]) == 1
    out = capsys.readouterr()
    assert "unknown keyword 'flgiht'" in out.out and "problem(s)" in out.err
    assert cli(["validate", str(ROOT / "card_data")]) == 0
    assert "OK:" in capsys.readouterr().out


def test_the_console_script_entry_point_runs():
    from engine.cardlang.language import KEYWORDS
    r = subprocess.run([sys.executable, "-m", "apps.cli", "keywords"], capture_output=True, text=True, cwd=ROOT)
    lines = [line for line in r.stdout.splitlines() if not line.startswith(" ")]
    variants = [line for line in r.stdout.splitlines() if line.startswith(" ")]
    # one line a keyword, in order, and one indented line a variant (Lethal's)
    assert (r.returncode, r.stderr, len(lines)) == (0, "", len(KEYWORDS)) and lines == sorted(lines)
    assert len(variants) == sum(len(k.get("variants", {})) for k in KEYWORDS.values())
    assert f"Ferocious: {KEYWORDS['ferocious']['text']}" in lines


# ---------------------------------------------------------------- decks

def _deck(**counts) -> Deck:
    cards = []
    for cid, n in counts.items():
        cards += [cid.replace("_", "-")] * n
    return Deck("t", "captain-solace-1", cards)


def test_deck_rules_report_every_problem():
    pool = test_pool()
    deck = _deck(skyhawk=5, baron_dusk_1=1, proving_grounds=4, think_tank=4)
    with pytest.raises(DeckError) as e:
        check_deck(pool, deck, "my.deck")
    text = str(e.value)
    assert "exactly 60 cards" in text and "has 14" in text
    assert "'Skyhawk', field 'cards': 5 copies; at most 4" in text
    assert "'Baron Dusk', field 'cards': a main character cannot be in the deck" in text


def test_deck_main_must_be_level_one():
    pool = test_pool()
    d = Deck("t", "captain-solace-2", ["proving-grounds"] * 4)
    with pytest.raises(DeckError) as e:
        check_deck(pool, d)
    assert "level 1 card" in str(e.value)


def test_basic_locations_of_one_symbol_share_one_name_and_universes_do_not_mix():
    cards = [
        {"id": "hero", "name": "Hero", "type": "main", "level": 1, "atk": 1, "def": 1, "health": 2,
         "level_up": {"xp": 1, "when": "attacks", "into": "hero2"}},
        {"id": "hero2", "name": "Hero", "type": "main", "level": 2, "atk": 2, "def": 2, "health": 2},
        {"id": "gym", "name": "Gym", "type": "location", "symbol": "might"},
        {"id": "dojo", "name": "Dojo", "type": "location", "symbol": "might"},
        {"id": "lab", "name": "Lab", "type": "location", "symbol": "mind", "universe": "photo"},
    ]
    from engine.cardlang.cards import CardPool
    pool = CardPool.from_data(cards)
    d = Deck("t", "hero", ["gym"] * 4 + ["dojo"] * 4 + ["lab"] * 4)
    with pytest.raises(DeckError) as e:
        check_deck(pool, d)
    text = str(e.value)
    assert "basic locations that make might must all share one name; found Dojo, Gym" in text
    assert "different universes cannot be mixed: core, photo" in text


def test_text_deck_list_round_trip():
    pool = test_pool()
    from engine.capeclash.testing import test_decks
    deck = test_decks()[0]
    text = deck.to_text(pool)
    assert text.splitlines()[1] == "Main: Captain Solace"
    back = check_deck(pool, Deck.from_text(text))
    assert sorted(back.cards) == sorted(deck.cards) and back.main == deck.main


def test_text_deck_list_reports_bad_lines_and_unknown_cards_together(tmp_path):
    f = tmp_path / "d.txt"
    f.write_text("Main: Captian Solace\n4 Skyhawk\nfour Arc Archer\n2 Nobody Special\n")
    assert cli(["deck", str(f)]) == 1


# ---------------------------------------------------------------- saves

def test_corrupt_saves_are_rejected_with_the_reason():
    g = sample_game(seed=8)
    from tests.test_engine_api import advance
    advance(g, 40, seed=8)
    good = g.save()
    pool = test_pool()
    assert Game.load(pool, json.loads(json.dumps(good))).state_hash() == g.state_hash()

    def broken(fn):
        data = json.loads(json.dumps(good))
        fn(data)
        with pytest.raises(SaveError) as e:
            Game.load(pool, data)
        return str(e.value)

    assert "not a Cape Clash save" in broken(lambda d: d.update(format="chess"))
    assert "unsupported save version" in broken(lambda d: d.update(version=99))
    assert "card not in the card data" in broken(
        lambda d: d["config"]["players"][0]["deck"]["cards"].update({"mystery-card": 1}))
    assert "actions[3]" in broken(lambda d: d["actions"].__setitem__(3, {"player": 0, "type": "end_turn"}))
    assert "does not match the saved state" in broken(lambda d: d.update(hash="0" * 16))


def test_difficulty_labels_and_team_plot_twists():
    from engine.cardlang.cards import parse_card
    main = {"id": "m1", "name": "M", "type": "main", "level": 1, "team": "Dawnwatch", "atk": 1, "def": 1,
            "health": 5, "level_up": {"xp": 2, "when": "attacks", "into": "m2"}}
    card, problems = parse_card({**main, "difficulty": "Medium"})
    assert not problems and card.difficulty == "Medium"
    _, problems = parse_card({**main, "difficulty": "Hard"})
    assert [(p.field, "Easy, Medium, Tricky" in p.message) for p in problems] == [("difficulty", True)]
    plot, problems = parse_card({"id": "p", "name": "P", "type": "plot_twist", "timing": "main",
                                 "requires": [{"team": "Dawnwatch", "count": 2}, {"alignment": "good"}],
                                 "effect": [{"draw": {"n": 1}}]})
    assert not problems
    assert plot.teams == ("Dawnwatch",)  # the team whose characters it needs is the card's team
