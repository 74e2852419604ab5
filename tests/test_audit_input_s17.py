"""Audit of bad input (session 17): actions built by hand, secrets in the reasons of refused actions,
Derring-Dice saves and scenarios with values of the wrong kind, and command-line values and output
paths that used to end in a traceback (or in a run that did nothing and said it passed)."""

from __future__ import annotations

import copy
import json

import pytest

from apps import cli
from engine.core.actions import Action
from engine.core.errors import IllegalActionError, InvalidActionError, SaveError
from engine.core.rng import Rng


def run_cli(argv, capsys) -> tuple[int, str, str]:
    """``capeclash ARGV``: (exit status, stdout, stderr); argparse's refusals exit with status 2."""
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# ---------------------------------------------------------------------- actions built by hand

@pytest.fixture(scope="module")
def game():
    from engine.capeclash.testing import sample_game
    g = sample_game(seed=3)
    for _ in range(15):
        g.apply(g.legal_actions(g.to_act[0])[-1])
    return g


@pytest.mark.parametrize("action, says", [
    (Action("0", "end_turn"), "player must be a seat number"),
    (Action(None, None), "player must be a seat number"),
    (Action(True, "end_turn"), "player must be a seat number"),
    (Action(0, "recruit", card=[1], row="front"), "argument 'card' must be a number, a word or true or false"),
    (Action(0, "recruit", card=10 ** 100, row="front"), "argument 'card' must be a number"),
    (Action(0, "recruit", card=1, row={"a": 1}), "argument 'row' must be a number, a word"),
    (Action(0, "recruit", card=1, row="x" * 10 ** 6), "argument 'row' must be a number, a word"),
    (Action(0, "end_turn", extra=1), "'end_turn' takes no argument 'extra'"),
    (Action(0, "no_such_type"), "unknown action type 'no_such_type'"),
])
def test_an_action_built_by_hand_is_checked_like_one_read_from_text(game, action, says):
    """An ``Action`` object went straight to the legality check: a seat given as text ended in a
    TypeError, and an extra argument was dropped from the message."""
    h, view = game.state_hash(), json.dumps(game.view(1))
    with pytest.raises(InvalidActionError) as e:
        game.apply(action)
    assert says in str(e.value) and e.value.code and len(str(e.value)) < 400
    assert game.state_hash() == h and json.dumps(game.view(1)) == view


def test_an_action_built_by_hand_with_a_value_that_is_not_legal_is_refused_with_the_reason(game):
    h = game.state_hash()
    with pytest.raises(IllegalActionError) as e:
        game.apply(Action(game.to_act[0], "power", card=1, power="Shadow Fist"))
    assert not isinstance(e.value, InvalidActionError) and "not possible now" in str(e.value)
    assert game.state_hash() == h


# ---------------------------------------------------------------------- secrets in refusals

def _refusals_naming_hidden_cards(rs, g, steps: int, per_step: int = 25) -> list[str]:
    """Play ``steps`` actions; before each, the acting player names every card hidden from them in
    every action that takes a card: no refusal may depend on which card that is."""
    from engine.core.actions import TYPES
    found = []
    rng = Rng(7)
    for step in range(steps):
        if g.is_over:
            break
        p = g.to_act[0]
        hidden = rs.unseen_cards(g, p)
        other = rs.permuted(g, set(hidden), rng) if hidden else None
        for iid in sorted(hidden)[:per_step]:
            for typ, names in TYPES.items():
                if "card" not in names:
                    continue
                args = {k: ("front" if k == "row" else True if k == "face_up" else 0 if k == "power" else iid)
                        for k in names}
                a = Action(p, typ, **args)
                msgs = []
                for h in (g, other):
                    before = h.state_hash()
                    with pytest.raises(IllegalActionError) as e:
                        h.apply(a)
                    assert h.state_hash() == before
                    msgs.append(str(e.value))
                if msgs[0] != msgs[1]:
                    found.append(f"{msgs[0]} / {msgs[1]}")
        acts = g.legal_actions(p)
        g.apply(acts[(step * 7) % len(acts)])
    return found


def test_a_refused_action_never_names_a_card_hidden_from_its_player():
    """'0:plot card=7: Sudden Surge is not in your hand' told a player the name of a card in the
    other player's hand (or in a deck): the reason now calls it 'card 7'."""
    from engine.capeclash.testing import sample_game
    from engine.core.protocol import ruleset
    leaks = _refusals_naming_hidden_cards(ruleset("capeclash"), sample_game(seed=1), 25)
    assert not leaks, leaks[:3]


def test_a_refused_derring_dice_action_never_names_a_card_hidden_from_its_player():
    from engine.core.protocol import ruleset
    rs = ruleset("dice")
    leaks = _refusals_naming_hidden_cards(rs, rs.new_game(rs.load_pool(), {"seed": 2}), 14, 12)
    assert not leaks, leaks[:3]


def test_a_refusal_still_names_a_card_its_player_can_see():
    from engine.dice.game import DiceGame
    g = DiceGame(config={"seed": 5})
    named = []
    for step in range(60):
        if g.is_over or named:
            break
        p = g.to_act[0]
        for c in g.players[p]["rhand"]:
            try:
                g.apply(Action(p, "plot", card=c))
            except IllegalActionError as e:
                if f"{g.name(c)} is not in your action hand" in str(e):
                    named.append(str(e))
        acts = g.legal_actions(p)
        g.apply(acts[step % len(acts)])
    assert named


# ---------------------------------------------------------------------- Derring-Dice saves

@pytest.fixture(scope="module")
def dice_save():
    from engine.dice.game import DiceGame
    g = DiceGame(config={"seed": 5})
    for i in range(20):
        acts = g.legal_actions(g.to_act[0])
        g.apply(acts[i % len(acts)])
    return g.save()


@pytest.mark.parametrize("change, field, says", [
    (lambda d: d["config"].__setitem__("position", 5), "config.position", "must be a mapping"),
    (lambda d: d["config"].__setitem__("position", [1]), "config.position", "must be a mapping"),
    (lambda d: d["config"].__setitem__("position", {"bad": {"team": 5}}), "config.position.bad.team",
     "must be a list"),
    (lambda d: d["config"].__setitem__("position", {"bad": {"team": [{"card": "Mortarman", "damage": "x"}]}}),
     "config.position.bad.team[0].damage", "must be a whole number"),
    (lambda d: d["config"].__setitem__("options", [1, 2]), "config.options", "must be a mapping"),
    (lambda d: d["config"]["options"].__setitem__("house_rule", [1]), "config.options.house_rule", "must be one of"),
    (lambda d: d["config"]["options"].__setitem__("max_turns", True), "config.options.max_turns", "whole number"),
    (lambda d: d["config"]["options"].__setitem__("max_turns", 10 ** 30), "config.options.max_turns", "whole number"),
    (lambda d: d["config"]["options"].__setitem__("turbo", 1), "config.options.turbo", "unknown option"),
    (lambda d: d["config"].__setitem__("extra", 1), "config.extra", "unknown field"),
    (lambda d: d["config"]["players"][0].__setitem__("name", 5), "config.players[0].name", "must be text"),
    (lambda d: d["config"]["players"][0].__setitem__("name", "x" * 5000), "config.players[0].name", "at most 40"),
    (lambda d: d["config"].__setitem__("players", [[1], [2]]), "config.players[0]", "a player is a mapping"),
    (lambda d: d["config"].__setitem__("seed", -5), "config.seed", "from 0 to 2^64 - 1"),
    (lambda d: d["config"].__setitem__("seed", 1 << 70), "config.seed", "from 0 to 2^64 - 1"),
    (lambda d: d.__setitem__("version", True), "version", "unsupported save version"),
])
def test_a_derring_dice_save_with_a_config_of_the_wrong_kind_is_refused_by_field(dice_save, change, field, says):
    """A save's config went unchecked into the game: a position that is not a mapping crashed with an
    AttributeError, an options list said 'cannot convert dictionary update sequence', a name of any
    length or kind was taken."""
    from engine.dice.game import DiceGame
    data = copy.deepcopy(dice_save)
    change(data)
    with pytest.raises(SaveError) as e:
        DiceGame.load(None, data, source="my.json")
    assert any(p.field == field and says in p.message and p.file == "my.json" for p in e.value.problems), \
        [str(p) for p in e.value.problems]


def test_a_derring_dice_save_lists_every_config_problem(dice_save):
    from engine.dice.game import DiceGame
    data = copy.deepcopy(dice_save)
    data["config"]["seed"] = "x"
    data["config"]["options"]["max_turns"] = 0
    data["config"]["players"][1]["side"] = "ugly"
    with pytest.raises(SaveError) as e:
        DiceGame.load(None, data)
    assert {p.field for p in e.value.problems} == {"config.seed", "config.options.max_turns", "config.players[1].side"}


def test_a_new_derring_dice_game_refuses_what_its_save_could_not_hold():
    from engine.dice.game import DiceGame
    for config, says in (({"seed": -1}, "config 'seed' must be a whole number from 0"),
                         ({"options": "fast"}, "config 'options' must be a mapping"),
                         ({"position": [1]}, "config 'position' must be a mapping"),
                         ({"players": [{"name": "x" * 41, "side": "bad"}, {"side": "good"}]}, "at most 40")):
        with pytest.raises(ValueError) as e:
            DiceGame(config=config)
        assert says in str(e.value)


def test_an_intact_derring_dice_save_still_loads(dice_save):
    from engine.dice.game import DiceGame
    assert DiceGame.load(None, copy.deepcopy(dice_save)).state_hash() == dice_save["hash"]


# ---------------------------------------------------------------------- Derring-Dice scenarios

_START = "start: {turn: 3, bad: {team: [Mortarman]}, good: {team: [Battering Ram]}}"


@pytest.mark.parametrize("body, field, says", [
    ("start: {turn: 3, bad: {team: 5}, good: {}}", "start.bad.team", "must be a list, not 5"),
    ("start: {turn: 3, bad: {team: Mortarman}, good: {}}", "start.bad.team", "must be a list, not 'Mortarman'"),
    ("start: {turn: 3, bad: {team: [{card: Mortarman, damage: lots}]}, good: {}}", "start.bad.team[0].damage",
     "must be a whole number"),
    ("start: {turn: 3, bad: {turns: many, team: [Mortarman]}, good: {}}", "start.bad.turns", "must be a whole number"),
    ("start: {turn: 3, max_turns: x, bad: {team: [Mortarman]}, good: {}}", "start.max_turns", "must be a whole number"),
    ("start: {turn: 100000000000000000000, bad: {team: [Mortarman]}, good: {}}", "start.turn", "must be a whole number"),
    ("start: {turn: 3, dice: 5, bad: {team: [Mortarman]}, good: {}}", "start.dice", "must be a list"),
    ("start: {turn: 3, bad: {recruit_hand: 7, team: [Mortarman]}, good: {}}", "start.bad.recruit_hand",
     "must be a list"),
    ("start: {turn: 3, bad: {team: [{card: Doctor Skyline, attached: Deep Cavern}]}, good: {}}",
     "start.bad.team[0].attached", "must be a list"),
    ("start: {turn: 3, bad: {team: [{card: Doctor Skyline, attached: [{card: Deep Cavern, upgrades: 4}]}]}, good: {}}",
     "start.bad.team[0].attached[0].upgrades", "must be a list"),
    ("start: {turn: 3, bad: {team: [{card: Mortarman, from: good, by: Nobody}]}, good: {}}", "start.bad.team[0].by",
     "must name a character"),
    ("start: {turn: 3, fill_decks: maybe, bad: {team: [Mortarman]}, good: {}}", "start.fill_decks", "true or false"),
    ("start: {turn: 3, bad: {name: 5, team: [Mortarman]}, good: {}}", "start.bad.name", "must be text"),
    ("seed: abc\n" + _START, "seed", "must be a whole number"),
    (_START + "\nactions: {a: 1}", "actions", "must be a list"),
    (_START + "\nactions: [{check: 5}]", "actions[0].check", "must be a list"),
    (_START + "\nactions: [{attack: [1]}]", "actions[0].card", "must be a card's name"),
    (_START + "\nexpect: 5", "expect", "must be a list"),
    (_START + "\nexpect: [{card: Mortarman, traits: 5}]", "expect[0].traits", "must be a list of names"),
    (_START + "\nexpect: [{log: 5}]", "expect[0].log", "must be text"),
    (_START + "\nexpect: [{player: nobody, team: 1}]", "expect[0].player", "must be bad or good"),
    (_START + "\nexpect: [{legal: [5]}]", "expect[0].legal", "an action is text or a mapping"),
])
def test_a_derring_dice_scenario_value_of_the_wrong_kind_is_named_by_field(tmp_path, capsys, body, field, says):
    """These passed validation (or got 'could not be checked: a value of the wrong kind somewhere'), then
    crashed the run ('the engine crashed: TypeError') or read a name letter by letter."""
    f = tmp_path / "bad.yaml"
    f.write_text(f"game: dice\nscenario: t\n{body}\n", encoding="utf-8")
    code, out, err = run_cli(["validate", str(f)], capsys)
    assert code == 1 and f"field '{field}'" in out and says in out, out
    assert "could not be checked" not in out
    code, out, err = run_cli(["dice", "scenario", str(f)], capsys)
    assert code == 1 and f"field '{field}'" in out and "crashed" not in out, out


def test_the_derring_dice_scenarios_still_hold(capsys):
    code, out, _ = run_cli(["dice", "scenario", "-q"], capsys)
    assert code == 0, out


# ---------------------------------------------------------------------- the command line

@pytest.mark.parametrize("argv, says", [
    (["simulate", "--games", "1", "--players", "9"], "argument --players"),
    (["simulate", "--games", "1", "--players", "0"], "argument --players"),
    (["simulate", "--games", "1", "--mode", "2v2", "--players", "3"], "a 2v2 game has 4 players, not 3"),
    (["simulate", "--games", "1", "--max-actions", "0"], "argument --max-actions"),
    (["simulate", "--games", "1", "--max-actions", "-1"], "argument --max-actions"),
    (["simulate", "--games", "1", "--seed", "-1"], "argument --seed"),
    (["balance", "--games", "1", "--workers", "0", "--out", "x"], "argument --workers"),
    (["balance", "--games", "1", "--ai", "bogus", "--out", "x"], "argument --ai"),
    (["bench", "engine", "--games", "0"], "argument --games"),
    (["bench", "engine", "--runs", "0"], "argument --runs"),
    (["bench", "dice", "--games", "0"], "argument --games"),
    (["bench", "sim", "--games", "0"], "argument --games"),
    (["bench", "sim", "--ai", "bogus"], "argument --ai"),
    (["bench", "ai", "--match", "x:y"], "unknown AI level 'x'"),
    (["bench", "ai", "--match", "hard"], "--match 'hard'"),
    (["bench", "ai", "--browser-clock", "0"], "argument --browser-clock"),
    (["bench", "clone", "--reps", "0"], "argument --reps"),
    (["dice", "play", "--max-turns", "0"], "argument --max-turns"),
    (["dice", "play", "--seed", "-1"], "argument --seed"),
    (["dice", "simulate", "--games", "0"], "argument --games"),
])
def test_a_command_line_value_out_of_range_is_refused_before_anything_runs(capsys, argv, says):
    """These ended in a traceback (ZeroDivisionError, IndexError, 'mode duel needs 2-2 players' raised in
    a worker), or ran and reported nonsense ('-3 games', 'stopped after -1 actions')."""
    code, out, err = run_cli(argv, capsys)
    assert code == 2 and says in err, err


def test_an_output_path_that_cannot_be_written_is_refused_before_the_games(tmp_path, capsys):
    """``--json FOLDER`` ran every game, then ended in IsADirectoryError; ``balance --out FILE`` in
    FileExistsError."""
    a_file = tmp_path / "report.txt"
    a_file.write_text("x", encoding="utf-8")
    for argv, says in ((["simulate", "--games", "1", "--json", str(tmp_path)], "is a folder, not a file"),
                       (["simulate", "--games", "1", "--json", str(tmp_path / "no" / "x.json")], "does not exist"),
                       (["balance", "--games", "1", "--out", str(a_file)], "is a file, not a folder"),
                       (["balance", "--games", "1", "--out", str(a_file / "sub")], "is a file, not a folder")):
        code, out, err = run_cli(argv, capsys)
        assert code == 2 and "--" in err and says in err, err
    assert a_file.read_text(encoding="utf-8") == "x"


def test_a_file_error_in_any_command_is_one_line_naming_the_file(monkeypatch, capsys):
    def broken(args):
        raise IsADirectoryError(21, "Is a directory", "/some/where")
    monkeypatch.setattr(cli, "cmd_keywords", broken)
    code, out, err = run_cli(["keywords"], capsys)
    assert code == 1 and err.strip() == "error: /some/where: Is a directory"


@pytest.mark.parametrize("what", ["empty.yaml", "list.yaml", "folder"])
def test_setlist_and_scenario_over_no_data_fail_instead_of_passing(tmp_path, capsys, what):
    """``capeclash setlist EMPTY`` printed an empty table and ``capeclash scenario --data EMPTY`` said
    '0 passed, 0 failed', both with exit status 0."""
    path = tmp_path / what
    if what == "folder":
        path.mkdir()
    else:
        path.write_text("" if what == "empty.yaml" else "- a\n- b\n", encoding="utf-8")
    code, out, err = run_cli(["setlist", str(path)], capsys)
    assert code == 1 and "no cards in" in err and str(path) in err
    code, out, err = run_cli(["scenario", "--data", str(path)], capsys)
    assert code == 1 and "no scenario files found" in err


def test_saving_a_derring_dice_game_to_a_folder_says_so_and_the_game_goes_on(tmp_path):
    """``save FOLDER`` in ``capeclash dice play`` ended the game in a traceback (the game was lost)."""
    import argparse

    from apps.dice_cli import cmd_play
    said: list[str] = []
    lines = iter([f"save {tmp_path}", f"save {tmp_path / 'no' / 'x.json'}", f"save {tmp_path / 'ok.json'}", "quit"])
    args = argparse.Namespace(load=None, seed=3, side="good", humans=1, ai="random", max_turns=60, house_rule="off")
    assert cmd_play(args, inp=lambda prompt: next(lines), out=said.append) == 0
    assert sum("could not save to" in s for s in said) == 2
    assert any(s == f"saved to {tmp_path / 'ok.json'}" for s in said)
    assert json.loads((tmp_path / "ok.json").read_text(encoding="utf-8"))["format"] == "derring-dice-save"


# ---------------------------------------------------------------------- card and deck files

def test_a_yaml_deck_lists_its_count_problems_with_its_unknown_cards(tmp_path, capsys):
    """A YAML deck stopped at its first kind of problem: a bad count hid the unknown cards and the
    deck's size (a text deck list already reported them all together)."""
    f = tmp_path / "deck-mine.yaml"
    f.write_text("name: mine\nmain: Aeris Vale\ncards: {Storm Lancer: -1, Nope Card: 2, 5: 3}\n", encoding="utf-8")
    code, out, err = run_cli(["deck", str(f)], capsys)
    assert code == 1
    assert "card 'Storm Lancer', field 'cards': count must be a positive whole number, not -1" in err
    assert "card 'Nope Card', field 'cards': no such card" in err and "card '5', field 'cards': no such card" in err
    assert "a deck has exactly 60 cards" in err
    code, out, _ = run_cli(["validate", "card_data", str(f)], capsys)
    assert code == 1 and "count must be a positive whole number" in out and "'Nope Card'" in out


def test_a_yaml_deck_without_a_main_or_card_mapping_is_still_refused_by_field(tmp_path, capsys):
    f = tmp_path / "deck-odd.yaml"
    f.write_text("name: [1]\nmain: [x]\ncards: [1, 2]\n", encoding="utf-8")
    code, out, err = run_cli(["deck", str(f)], capsys)
    assert code == 1 and "field 'main'" in err and "field 'name'" in err and "field 'cards'" in err


@pytest.mark.parametrize("field, value", [("traits", [[1]]), ("traits", [{}]), ("abilities", [["x"]]),
                                          ("type", ["hero"]), ("immune", ["strong"])])
def test_a_derring_dice_card_value_that_cannot_be_looked_up_is_a_problem_not_a_crash(tmp_path, capsys, field, value):
    """``traits: [[1]]`` in a dice card file crashed validation ('unhashable type: list')."""
    import yaml
    data = yaml.safe_load((__import__("pathlib").Path("card_data/dice/recruit.yaml")).read_text(encoding="utf-8"))
    data["cards"][0][field] = value
    f = tmp_path / "recruit.yaml"
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, out, _ = run_cli(["validate", str(f)], capsys)
    assert code == 1 and f"field '{field}'" in out and "could not be checked" not in out, out


def test_a_browser_derring_dice_save_with_a_bad_position_is_refused_and_the_game_kept():
    """The page's load of a save whose config.position is not a mapping answered 'internal_error'
    (AttributeError) instead of naming the field."""
    from apps.webapi import DiceSession, bundle_from_paths
    s = DiceSession(json.loads(json.dumps(bundle_from_paths(["card_data"])))["dice"])
    s.call("new_game", seed=1, viewer=1, seats=[{"name": "Vex", "side": "bad", "ai": "normal"},
                                               {"name": "Nova", "side": "good", "ai": None}])
    save, h = s.call("save"), s.game.state_hash()
    for position, says in ((5, "field 'config.position': must be a mapping"),
                           ({"bad": {"team": 5}}, "field 'config.position.bad.team': must be a list")):
        bad = copy.deepcopy(save)
        bad["game"]["config"]["position"] = position
        out = json.loads(s.handle(json.dumps({"op": "load", "save": bad})))
        assert not out["ok"] and out["error"]["code"] == "bad_save"
        assert any(says in p for p in out["error"]["problems"]), out
        assert s.game.state_hash() == h


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_a_cape_clash_save_whose_version_is_not_the_number_is_refused(version):
    """``true`` and ``1.0`` equal 1 in Python, but a save's version is a whole number: anything else is
    named as the problem, not taken for version 1."""
    from engine.capeclash.game import SAVE_VERSION, Game
    from engine.capeclash.testing import sample_game
    g = sample_game(seed=3)
    for _ in range(6):
        g.apply(g.legal_actions(g.to_act[0])[0])
    data = json.loads(json.dumps(g.save()))
    assert Game.load(g.defs, copy.deepcopy(data)).state_hash() == g.state_hash()
    assert data["version"] == SAVE_VERSION
    data["version"] = version
    with pytest.raises(SaveError) as e:
        Game.load(g.defs, data)
    assert "version" in str(e.value)
