"""Audit of bad input (session 18): structural and multi-problem input. Card files whose flags take
any value, teams defined twice, a card whose misspelled type hides its other problems; scenarios
whose actions are not checked like their expectations; tutorial and Derring-Dice scenario values
that pass validation and then crash; deck lists without a main character; game options and config
fields that nobody checks; a duplicate YAML key that hides every other problem of a deck or
scenario; and a browser load refused after it had already replaced the game.

Each test states the expected behaviour and fails until the bug it names is fixed."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from apps import cli
from engine.core.errors import DataError, DeckError, SaveError

ROOT = Path(__file__).resolve().parent.parent
TESTSET_CARDS = ROOT / "card_data" / "testset" / "cards.yaml"
# the cards the scenarios here name (three files, so work going on in the other testset files does not matter)
SCENARIO_CARDS = [TESTSET_CARDS, ROOT / "card_data" / "testset" / "scenario-cards.yaml",
                  ROOT / "card_data" / "testset" / "scenario-cards-effects.yaml"]
STARTER = ROOT / "card_data" / "starter"


def run_cli(argv, capsys) -> tuple[int, str, str]:
    """``capeclash ARGV``: (exit status, stdout, stderr); never a traceback."""
    try:
        code = cli.main([str(a) for a in argv])
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture(scope="module")
def testset_pool():
    from engine.capeclash.loader import load_pool
    return load_pool(SCENARIO_CARDS)


@pytest.fixture(scope="module")
def starter_pool():
    from engine.capeclash.loader import load_pool
    return load_pool([STARTER])


def _problems(card: dict) -> list[str]:
    from engine.cardlang.cards import parse_cards
    _, problems = parse_cards([card], file="f.yaml")
    return [str(p) for p in problems]


SUPPORT = {"id": "x1", "name": "X", "type": "supporting", "team": "T", "cost": 1, "atk": 1, "def": 1, "health": 1}
POWER = {"name": "P", "timing": "main", "cost": ["might"], "effect": [{"draw": {}}]}
TRIGGER = {"when": "appears", "effect": [{"draw": {}}]}


# ---------------------------------------------------------------------- card files

@pytest.mark.parametrize("card, field", [
    ({**SUPPORT, "powers": [{**POWER, "once_per_game": "false"}]}, "powers[0].once_per_game"),
    ({**SUPPORT, "powers": [{**POWER, "any_turn": "no"}]}, "powers[0].any_turn"),
    ({**SUPPORT, "powers": [{**POWER, "once_per_game": [1]}]}, "powers[0].once_per_game"),
    ({**SUPPORT, "triggers": [{**TRIGGER, "optional": "false"}]}, "triggers[0].optional"),
    ({**SUPPORT, "triggers": [{**TRIGGER, "optional": 3}]}, "triggers[0].optional"),
])
def test_a_power_or_trigger_flag_must_be_true_or_false(card, field):
    """``once_per_game: "false"`` (quoted) made the power once per game, and ``optional: "false"`` an
    optional trigger: cards.py took ``bool(value)`` with no check (a card's own any_turn/machine
    flags are checked; these are not). Expected: 'must be true or false' naming the field."""
    problems = _problems(card)
    assert any(f"field '{field}'" in p and "true or false" in p for p in problems), problems


def test_two_super_powers_of_one_name_on_a_card_are_a_problem():
    """Using a power is recorded by the character and the power's name (powers.used_key), so the second
    of two powers named alike can never be used in the turn the first was: parse_cards took them."""
    card = {**SUPPORT, "powers": [POWER, {**POWER, "effect": [{"gain_xp": {"n": 1}}]}]}
    problems = _problems(card)
    assert any("powers[1].name" in p for p in problems), problems


def test_a_misspelled_card_type_does_not_hide_the_cards_other_problems():
    """parse_card returned at an unknown type: fixing ``supportng`` then showed two more problems. The
    fields every card has (flavor, keywords, team...) are checked whatever the type."""
    card = {**SUPPORT, "type": "supportng", "flavor": 5, "keywords": ["flyng"]}
    problems = _problems(card)
    assert any("field 'type'" in p for p in problems)
    assert any("field 'flavor'" in p for p in problems), problems
    assert any("field 'keywords" in p and "flyng" in p for p in problems), problems


def test_a_card_id_of_the_wrong_kind_is_not_called_missing():
    """``id: 7`` said "card 7, field 'id': is required": the id is there, it is not text."""
    problems = _problems({**SUPPORT, "id": 7})
    assert problems and all("is required" not in p for p in problems if "field 'id'" in p), problems
    assert any("field 'id'" in p and "7" in p.split("field 'id'")[1] for p in problems), problems


def test_a_team_defined_twice_is_a_problem_naming_both_places(tmp_path):
    """A team given again (here good in one file, evil in another, and twice in one file) was taken
    silently, the last one winning: the cards of one team changed sides with the file order."""
    from engine.capeclash.loader import load_pool
    (tmp_path / "a.yaml").write_text(
        "teams:\n  - {name: T, alignment: good}\n  - {name: U, alignment: good}\n  - {name: U, alignment: evil}\n"
        "cards:\n  - {id: s1, name: S1, type: supporting, team: T, cost: 1, atk: 1, def: 1, health: 1}\n",
        encoding="utf-8")
    (tmp_path / "b.yaml").write_text(
        "teams:\n  - {name: T, alignment: evil}\n"
        "cards:\n  - {id: s2, name: S2, type: supporting, team: T, cost: 1, atk: 1, def: 1, health: 1}\n",
        encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_pool([tmp_path])
    text = str(e.value)
    assert "'T'" in text and "a.yaml" in text and "b.yaml" in text, text
    assert "'U'" in text, text


def test_a_data_file_naming_a_module_that_is_no_game_is_an_unknown_game(tmp_path, capsys):
    """``game: core`` imported engine.core.data and reported 'could not be checked: a value of the
    wrong kind somewhere (AttributeError ...)' instead of naming the field."""
    f = tmp_path / "x.yaml"
    f.write_text("game: core\nscenario: x\n", encoding="utf-8")
    code, out, _ = run_cli(["validate", f], capsys)
    assert code == 1 and "field 'game'" in out and "unknown game 'core'" in out, out


# ---------------------------------------------------------------------- Cape Clash scenarios

_SCENARIO = """scenario: take control
start:
  turn: 5
  active: 0
  phase: main
  players:
    - name: Ana
      main: {card: Captain Solace, row: back}
      front: [Trooper Ash]
      hand: [Hostile Takeover]
    - name: Bo
      main: {card: Baron Dusk, row: back}
      front: [Trooper Ash]
actions:
  - {plot: Hostile Takeover}
  - {choose: Trooper Ash@1}
expect:
  - {player: 1, ko: 0}
"""


def test_a_scenario_action_naming_a_player_by_a_word_after_at_is_named_not_a_crash(tmp_path, capsys):
    """``{choose: Trooper Ash@one}`` passed validation (an expectation's ``@`` is checked, an action's
    is not), then the run ended in 'the engine crashed: ValueError: invalid literal for int()'
    (scenario._split)."""
    f = tmp_path / "s.yaml"
    f.write_text(_SCENARIO.replace("Trooper Ash@1", "Trooper Ash@one"), encoding="utf-8")
    code, out, _ = run_cli(["validate", *SCENARIO_CARDS, f], capsys)
    assert code == 1 and "actions[1]" in out and "after '@'" in out, out
    code, out, _ = run_cli(["scenario", "--data", *SCENARIO_CARDS, "--", f], capsys)
    assert code == 1 and "crashed" not in out and "actions[1]" in out, out


def test_the_card_names_of_a_scenarios_actions_are_checked_like_its_expectations(testset_pool):
    """Misspelled card names in actions passed ``capeclash validate``; the run then stopped at the first
    ('not one of the legal choices now'), so the second was never reported. Expectations (and
    Derring-Dice actions) are checked against the card data with a suggestion."""
    from engine.capeclash.scenario import check_scenario
    data = yaml.safe_load(_SCENARIO.replace("{plot: Hostile Takeover}", "{plot: Hostile Takeovr}")
                          .replace("Trooper Ash@1", "Troper Ash@1"))
    problems = [str(p) for p in check_scenario(data, testset_pool, "s.yaml")]
    assert any("actions[0]" in p and "Hostile Takeovr" in p for p in problems), problems
    assert any("actions[1]" in p and "Troper Ash" in p and "Trooper Ash" in p for p in problems), problems


def test_one_expectation_lists_all_its_problems():
    """_check_expect_shape returned at the first kind of problem: a bad value hid an unknown key, a
    card name's problem hid a bad value, ``log: 5`` hid ``winner: x``."""
    from engine.capeclash.scenario import _check_expect_shape
    for e, fields in (({"card": "Trooper Ash", "atk": "two", "bogus": 1}, {"atk", "bogus"}),
                      ({"card": "Trooper Ash@9", "atk": "two"}, {"card", "atk"}),
                      ({"player": 0, "hand": "x", "bogus": 2}, {"hand", "bogus"}),
                      ({"log": 5, "winner": "x"}, {"log", "winner"})):
        got = {p.field.split(".", 1)[1] for p in _check_expect_shape(e, "s.yaml", "expect[0]", 2, None)}
        assert fields <= got, (e, got)


def test_a_duplicate_key_does_not_hide_a_scenarios_other_problems(tmp_path, capsys):
    """``capeclash scenario FILE`` stopped at a key given twice; ``capeclash validate`` listed the
    file's other problems with it (load_pool reads with a problems list, run_files does not)."""
    f = tmp_path / "s.yaml"
    f.write_text(_SCENARIO.replace("scenario: take control\n", "scenario: take control\nseed: 1\nseed: 2\n"
                                   "mode: dool\n"), encoding="utf-8")
    code, out, _ = run_cli(["scenario", "--data", *SCENARIO_CARDS, "--", f], capsys)
    assert code == 1 and "field 'seed'" in out and "given twice" in out
    assert "field 'mode'" in out, out


# ---------------------------------------------------------------------- game options and config

def _decks():
    d = ROOT / "card_data" / "testset"
    return d / "deck-dawnwatch.yaml", d / "deck-gloom.yaml"


@pytest.fixture(scope="module")
def testset_decks(testset_pool):
    from engine.capeclash.loader import load_deck
    a, b = _decks()
    return load_deck(a, testset_pool), load_deck(b, testset_pool)


def _config(decks, **kw):
    c = {"mode": "duel", "seed": 1, "players": [{"name": "A", "deck": decks[0]}, {"name": "B", "deck": decks[1]}]}
    c.update(kw)
    return c


@pytest.mark.parametrize("options, field", [
    ({"turbo": 1}, "config.options.turbo"),
    ({"recruit_to_teamate": True}, "config.options.recruit_to_teamate"),
    ({"recruit_to_teammate": "no"}, "config.options.recruit_to_teammate"),
])
def test_a_cape_clash_game_checks_its_options(testset_pool, testset_decks, options, field):
    """Game(), Game.load and scenario files took any options: a misspelt option was ignored and
    ``recruit_to_teammate: "no"`` turned the rule on (moves.py reads it as truthy). A Derring-Dice
    game refuses an unknown option or a value of the wrong kind, naming it."""
    from engine import Game
    with pytest.raises(DataError) as e:
        Game(testset_pool, _config(testset_decks, options=options))
    assert field in str(e.value), str(e.value)
    g = Game(testset_pool, _config(testset_decks))
    save = json.loads(json.dumps(g.save()))
    save["config"]["options"] = options
    with pytest.raises(SaveError) as e:
        Game.load(testset_pool, save, source="s.json")
    assert any(p.field == field for p in e.value.problems), str(e.value)


def test_a_scenario_checks_its_options(testset_pool):
    from engine.capeclash.scenario import check_scenario
    data = yaml.safe_load(_SCENARIO)
    data["options"] = {"turbo": 1, "recruit_to_teammate": "maybe"}
    fields = {p.field for p in check_scenario(data, testset_pool, "s.yaml")}
    assert {"options.turbo", "options.recruit_to_teammate"} <= fields, fields


def test_a_cape_clash_save_with_an_unknown_config_field_is_refused(testset_pool, testset_decks):
    """A Derring-Dice save names 'config.extra: unknown field'; a Cape Clash save took it silently."""
    from engine import Game
    save = json.loads(json.dumps(Game(testset_pool, _config(testset_decks)).save()))
    save["config"]["extra"] = 1
    with pytest.raises(SaveError) as e:
        Game.load(testset_pool, save, source="s.json")
    assert any(p.field == "config.extra" for p in e.value.problems), str(e.value)


def test_a_game_refuses_a_deck_naming_a_card_that_does_not_exist(testset_pool, testset_decks):
    """Game() with a deck whose main (or a card) is no card id ended in KeyError: 'nope'."""
    from engine import Game
    from engine.capeclash.decks import Deck
    good = testset_decks[0]
    for deck in (Deck("x", "nope", good.cards), Deck("x", good.main, good.cards[:-1] + ["zzz"])):
        with pytest.raises(DataError) as e:
            Game(testset_pool, _config((deck, testset_decks[1])))
        assert "config.players[0].deck" in str(e.value), str(e.value)


def test_a_game_never_starts_with_a_deck_its_save_cannot_be_loaded_with(testset_pool, testset_decks):
    """normalise_config says a game never starts with a config its own save could not be loaded from,
    but Game() does not check decks: a 10-card deck starts a game whose save Game.load refuses
    ('a deck has exactly 60 cards')."""
    from engine import Game
    from engine.capeclash.decks import Deck
    short = Deck("short", testset_decks[0].main, testset_decks[0].cards[:10])
    try:
        g = Game(testset_pool, _config((short, testset_decks[1])))
    except DataError:
        return  # refused up front: fine
    g.apply(g.legal_actions(g.to_act[0])[0])
    assert Game.load(testset_pool, json.loads(json.dumps(g.save()))).state_hash() == g.state_hash()


# ---------------------------------------------------------------------- deck lists

@pytest.mark.parametrize("main_line", ["Main:", "Main:    ", "MAIN: \t"])
def test_a_text_deck_with_an_empty_main_line_is_refused(tmp_path, capsys, starter_pool, main_line):
    """``Main:`` with no name passed ``capeclash deck`` and ``capeclash validate`` (deck_problems skips
    an empty main), then ``capeclash play -- --deck-a FILE`` ended in a traceback (KeyError: '')."""
    from engine.capeclash.loader import load_deck
    text = (STARTER / "deck-ember-oath.txt").read_text(encoding="utf-8")
    f = tmp_path / "deck-x.txt"
    f.write_text(text.replace("Main: Brannoc the Kindler", main_line), encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f, starter_pool)
    assert any(p.field in ("main", "Main") for p in e.value.problems), str(e.value)
    code, out, err = run_cli(["deck", f, "--data", STARTER], capsys)
    assert code == 1 and "main" in err.lower(), out + err


def test_a_yaml_deck_with_an_empty_main_is_refused(tmp_path, starter_pool):
    from engine.capeclash.loader import load_deck
    text = (STARTER / "deck-ember-oath.yaml").read_text(encoding="utf-8")
    f = tmp_path / "deck-x.yaml"
    f.write_text(text.replace("main: brannoc-kindler-1", 'main: ""'), encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f, starter_pool)
    assert any(p.field == "main" for p in e.value.problems), str(e.value)


def test_a_yaml_deck_without_a_main_still_lists_its_unknown_cards(tmp_path, starter_pool):
    """Deck.from_data stopped when ``main`` was missing: the deck's other problems (an unknown card,
    the size) came only after the main was fixed. A text deck list reports them all together."""
    from engine.capeclash.loader import load_deck
    text = (STARTER / "deck-ember-oath.yaml").read_text(encoding="utf-8")
    f = tmp_path / "deck-x.yaml"
    f.write_text(text.replace("main: brannoc-kindler-1\n", "").replace("anvil-yard: 4", "anvil-yard: 3\n  nope-card: 1"),
                 encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f, starter_pool)
    text = str(e.value)
    assert "field 'main'" in text and "'nope-card'" in text, text


def test_a_deck_piles_hidden_flag_must_be_true_or_false(tmp_path, starter_pool):
    """``hidden: maybe`` (or ``"no"``) made a hidden pile: Deck.from_data and from_json take bool(value)."""
    from engine.capeclash.decks import Deck
    from engine.capeclash.loader import load_deck
    text = (STARTER / "deck-ember-oath.yaml").read_text(encoding="utf-8")
    f = tmp_path / "deck-x.yaml"
    f.write_text(text + "piles: {side: {hidden: maybe, cards: {anvil-yard: 1}}}\n", encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f, starter_pool)
    assert any(p.field == "piles.side.hidden" for p in e.value.problems), str(e.value)
    with pytest.raises(DeckError) as e:
        Deck.from_json({"name": "x", "main": "m", "cards": {}, "piles": {"side": {"hidden": "no", "cards": {}}}})
    assert any(p.field == "piles.side.hidden" for p in e.value.problems), str(e.value)


def test_a_duplicate_key_does_not_hide_a_yaml_decks_other_problems(tmp_path, capsys):
    """``capeclash deck`` reported only the key given twice; ``capeclash validate`` the unknown card
    and the deck's size too."""
    text = (STARTER / "deck-ember-oath.yaml").read_text(encoding="utf-8")
    f = tmp_path / "deck-x.yaml"
    f.write_text(text.replace("anvil-yard: 4", "anvil-yard: 2\n  anvil-yard: 2\n  nope-card: 1"), encoding="utf-8")
    code, out, err = run_cli(["deck", f, "--data", STARTER], capsys)
    assert code == 1 and "given twice" in err
    assert "'nope-card'" in err, err


# ---------------------------------------------------------------------- the tutorial

@pytest.mark.parametrize("change, field", [
    (lambda d: d["lessons"][0]["steps"][3].__setitem__("highlight", {"button": ["end_turn"]}),
     "lessons[0].steps[3].highlight"),
    (lambda d: d["lessons"][0]["steps"][3].__setitem__("highlight", {"button": {}}),
     "lessons[0].steps[3].highlight"),
    (lambda d: d["lessons"][0]["steps"][0].__setitem__("highlight", {"card": "Rooftop Circuit@me"}),
     "lessons[0].steps[0].highlight"),
    (lambda d: d["lessons"][0]["steps"][1]["do"].__setitem__("recruit", "Crossbow Adept@x"),
     "lessons[0].steps[1].do"),
])
def test_a_tutorial_value_of_the_wrong_kind_is_named_not_a_crash(tmp_path, capsys, change, field):
    """``highlight: {button: [end_turn]}`` ended ``capeclash validate`` in a traceback (TypeError:
    unhashable type: 'list'); a card named ``X@me`` in a step ended it with 'error: invalid literal for
    int() with base 10: 'me'', naming no file, and no other file was checked."""
    data = yaml.safe_load((ROOT / "card_data" / "tutorial" / "first-game.yaml").read_text(encoding="utf-8"))
    change(data)
    f = tmp_path / "first-game.yaml"
    f.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, out, err = run_cli(["validate", STARTER, f], capsys)
    assert code == 1 and field in out and "first-game.yaml" in out, out + err


# ---------------------------------------------------------------------- Derring-Dice scenarios

_DICE = ROOT / "card_data" / "dice" / "scenarios"


@pytest.mark.parametrize("name, change, field", [
    ("phase-equip-origin-new-heroes.yaml", lambda d: d["actions"][2].__setitem__("type", ["equip"]), "actions[2].type"),
    ("attack-control.yaml", lambda d: d["actions"][4].__setitem__("check", None), "actions[4].check"),
    ("phase-equip-origin-new-heroes.yaml", lambda d: d["start"].__setitem__("turn", None), "start.turn"),
    ("attack-control.yaml",
     lambda d: d["start"]["good"].__setitem__("team", [{"card": "Mortarman", "delay": None}, "Elastica"]),
     "start.good.team[0].delay"),
])
def test_a_derring_dice_scenario_value_that_passes_validation_never_crashes_the_run(tmp_path, capsys, name,
                                                                                    change, field):
    """These passed ``capeclash validate``, then the run said 'the engine crashed: TypeError: unhashable
    type: 'list'' / ''NoneType' object is not iterable', or 'field 'start': cannot lay out the
    position: int() argument must be ... not 'NoneType''."""
    data = yaml.safe_load((_DICE / name).read_text(encoding="utf-8"))
    change(data)
    f = tmp_path / name
    f.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, out, _ = run_cli(["validate", f], capsys)
    assert code == 1 and f"field '{field}'" in out, out
    code, out, _ = run_cli(["dice", "scenario", f], capsys)
    assert code == 1 and f"field '{field}'" in out and "crashed" not in out and "int() argument" not in out, out


# ---------------------------------------------------------------------- the browser's session

@pytest.fixture(scope="module")
def starter_bundle():
    from apps.webapi import bundle_from_paths
    return json.loads(json.dumps(bundle_from_paths([STARTER])))


def _session_with_game(bundle, seed, ai):
    from apps.webapi import Session
    s = Session(bundle)
    decks = s.call("catalogue")["decks"]
    s.call("new_game", seed=seed, viewer=0, seats=[{"name": "A", "deck": decks[0]["id"], "ai": None},
                                                   {"name": "B", "deck": decks[1]["id"], "ai": ai}])
    return s


@pytest.mark.parametrize("viewer", [1, 7])
def test_a_refused_load_keeps_the_game_in_progress(starter_bundle, viewer):
    """op_load put the save's game in place, then op_state refused the viewer (an AI seat: 'its view
    is hidden'; or no such seat): the page got an error, and the game it had was gone."""
    saved = _session_with_game(starter_bundle, 1, "easy").call("save")
    s = _session_with_game(starter_bundle, 9, None)
    h, seats = s.game.state_hash(), copy.deepcopy(s.seats)
    out = json.loads(s.handle(json.dumps({"op": "load", "save": saved, "viewer": viewer})))
    assert not out["ok"]
    assert s.game.state_hash() == h and s.seats == seats


def test_a_save_whose_seat_names_an_unknown_ai_is_refused(starter_bundle):
    """A seat with ``ai: "godlike"`` made _read_save drop every seat: the computer players of the save
    became human seats (their hands could then be viewed) with no word to the player."""
    s = _session_with_game(starter_bundle, 1, "easy")
    save = s.call("save")
    save["seats"][1]["ai"] = "godlike"
    out = json.loads(s.handle(json.dumps({"op": "load", "save": save, "viewer": 0})))
    assert not out["ok"] and out["error"]["code"] == "bad_save", out
    assert "seats" in json.dumps(out["error"]), out


def test_a_pasted_deck_with_an_empty_main_line_is_refused_in_the_browser(starter_bundle):
    """The page's deck check said the pasted list was fine (``"main": ""``) and the new game then
    answered 'internal_error: KeyError: '''."""
    from apps.webapi import Session
    s = Session(starter_bundle)
    text = (STARTER / "deck-ember-oath.txt").read_text(encoding="utf-8").replace("Main: Brannoc the Kindler", "Main:")
    out = json.loads(s.handle(json.dumps({"op": "validate_deck", "text": text})))
    assert not out["ok"] and out["error"]["code"] == "bad_deck", out
    decks = s.call("catalogue")["decks"]
    out = json.loads(s.handle(json.dumps({"op": "new_game", "seed": 1, "viewer": 0, "seats": [
        {"name": "A", "deck": {"text": text}, "ai": None}, {"name": "B", "deck": decks[1]["id"], "ai": "easy"}]})))
    assert not out["ok"] and out["error"]["code"] != "internal_error", out


@pytest.mark.parametrize("line, count", [("-4 Crossbow Adept", "'-4'"), ("2.5 Crossbow Adept", "'2.5'")])
def test_a_text_deck_line_with_a_count_that_is_no_whole_number_names_the_count(line, count):
    """It said "expected 'COUNT CARD NAME' or 'Main: NAME'", as if the line had no count at all."""
    from engine.capeclash.decks import Deck
    d = Deck.from_text(f"Main: Aeris Vale\n{line}\n", "t.txt")
    assert any("line 2" in str(p) and f"not {count}" in str(p) for p in d.problems), [str(p) for p in d.problems]


@pytest.mark.parametrize("field", ["team", "description"])
def test_a_yaml_decks_team_and_description_are_text(field):
    from engine.capeclash.decks import Deck
    from engine.core.errors import DeckError
    data = {"name": "X", "main": "aeris-vale-1", "cards": {"sky-lookout": 4}, field: ["not", "text"]}
    try:
        problems = Deck.from_data(data, "d.yaml").problems
    except DeckError as e:
        problems = e.problems
    assert any(p.field == field and "must be text" in p.message for p in problems), [str(p) for p in problems]


def test_an_unknown_mode_suggests_the_one_meant():
    from engine.capeclash.config import normalise_config
    with pytest.raises(ValueError, match="did you mean 'duel'"):
        normalise_config({"mode": "dual", "players": []})
