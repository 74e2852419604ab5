"""The terminal game (apps/tty.py) and the computer players (engine/ai/simple.py),
driven through ``run()`` with scripted input."""

from __future__ import annotations

import json
import re

import pytest

from apps import tty
from engine.ai import simple as ai_simple
from engine.capeclash import testing
from engine.capeclash.game import Game
from engine.capeclash.testing import sample_game
from engine.core.rng import Rng

MENU_ITEM = re.compile(r"^\s+(\d+)\. (.*)$", re.M)


class Script:
    """Feeds lines to ``run()`` and records a transcript of output and prompts, in order.

    When the scripted lines run out, ``then(script)`` gives the next line;
    without it the input ends (EOF)."""

    def __init__(self, lines=(), then=None, limit=5000):
        self.lines = list(lines)
        self.then = then
        self.limit = limit
        self.transcript: list[tuple[str, str]] = []  # ("out" | "ask", text)
        self.asked = 0

    def say(self, s: str) -> None:
        self.transcript.append(("out", s))

    def ask(self, prompt: str) -> str:
        self.transcript.append(("ask", prompt))
        self.asked += 1
        if self.asked > self.limit:
            raise EOFError  # a guard against a script that never ends: the tests check the outcome
        if self.lines:
            return self.lines.pop(0)
        if self.then is not None:
            return self.then(self)
        raise EOFError

    @property
    def text(self) -> str:
        return "\n".join(t for _, t in self.transcript)

    def last_menu(self) -> list[tuple[int, str]]:
        for kind, chunk in reversed(self.transcript):
            if kind == "out":
                items = MENU_ITEM.findall(chunk)
                if items:
                    return [(int(n), label) for n, label in items]
        return []


def play(argv, lines=(), then=None, limit=5000):
    s = Script(lines, then, limit)
    rc = tty.run(argv, input_fn=s.ask, output=s.say)
    return rc, s


def pick_first(s: Script) -> str:
    return str(s.last_menu()[0][0])


def winner_line(text: str) -> str:
    m = re.search(r"^Winners?: (.+)$", text, re.M)
    assert m, "no winner line printed"
    return m.group(1)


# ------------------------------------------------------------------ AI vs AI

def test_ai_vs_ai_finishes_and_prints_a_winner():
    rc, s = play(["--humans", "0", "--seed", "3"])
    assert rc == 0
    assert s.asked == 0  # nobody was asked anything
    assert "Game over after" in s.text
    assert winner_line(s.text) in ("AI 1 (normal)", "AI 2 (normal)")  # the default level
    assert "Turn 1:" in s.text  # the game log was shown as it went


def test_ai_vs_ai_is_deterministic_for_a_seed():
    _, a = play(["--humans", "0", "--seed", "11", "--ai", "random"])
    _, b = play(["--humans", "0", "--seed", "11", "--ai", "random"])
    _, c = play(["--humans", "0", "--seed", "12", "--ai", "random"])
    assert a.text == b.text
    assert a.text != c.text


@pytest.mark.parametrize("argv", [["--mode", "ffa", "--players", "3"], ["--mode", "ffa", "--players", "4"],
                                  ["--mode", "2v2"], ["--mode", "two_headed"]])
def test_ai_vs_ai_in_every_mode(argv):
    """A whole game with the quick rule-of-thumb players, then the first 80 actions with the
    heuristic (``normal``, the default: it samples team and multiplayer games from its view)."""
    rc, s = play(["--humans", "0", "--quiet", "--seed", "2", "--ai", "simple", *argv])
    assert rc == 0
    winners = winner_line(s.text).split(" and ")
    assert winners and all(re.fullmatch(r"AI \d \(simple\)", w) for w in winners)
    assert "Turn 1:" not in s.text  # --quiet: only the result
    rc, s = play(["--humans", "0", "--seed", "2", "--max-actions", "80", *argv])
    assert rc == 1 and "Stopped after 80 actions" in s.text
    seats = 4 if "4" in argv or "2v2" in argv or "two_headed" in argv else 3
    assert all(f"AI {i} (normal)" in s.text for i in range(1, seats + 1))
    assert "Turn 2:" in s.text  # the heuristic played its way past the first turn


def test_max_actions_stops_a_game():
    rc, s = play(["--humans", "0", "--quiet", "--max-actions", "30"])
    assert rc == 1
    assert "Stopped after 30 actions" in s.text
    assert "Winner" not in s.text


def test_simple_ai_beats_random_ai():
    """Measured: the simple policy won 200 of 200 games against random (seeds 0-199,
    seats alternating); 18 of 20 leaves room for later engine changes."""
    wins = 0
    for seed in range(20):
        ai = "simple,random" if seed % 2 == 0 else "random,simple"
        rc, s = play(["--humans", "0", "--quiet", "--seed", str(seed), "--ai", ai])
        assert rc == 0
        wins += winner_line(s.text).endswith("(simple)")
    assert wins >= 18, f"simple AI won only {wins} of 20"


# ------------------------------------------------------------------ a human at the keyboard

def test_human_choosing_menu_items_plays_a_whole_game():
    rc, s = play(["--seed", "3"], then=pick_first)
    assert rc == 0
    assert s.asked > 20
    assert "Game over after" in s.text
    assert winner_line(s.text) in ("Player 1", "AI 2 (normal)")
    assert "Player 1 (you)" in s.text


def test_human_plays_a_location_face_up():
    state = {}

    def then(s: Script) -> str:
        for n, label in s.last_menu():
            m = re.match(r"Put (.+) into your resources face up", label)
            if m and "played" not in state:
                state["played"] = m.group(1)
                return str(n)
        if "played" in state and "board" not in state:
            state["board"] = True
            return "b"
        if "board" in state:
            return "q"
        return pick_first(s)

    rc, s = play(["--seed", "3"], then=then)
    assert rc == 0
    assert "Goodbye" in s.text
    name = state["played"]
    assert f"Player 1 puts {name} into their resource row face up." in s.text
    assert re.search(rf"Player 1 \(you\).*\n  resources \(\d+\): .*{re.escape(name)}(?! \(face down\))", s.text)


def test_invalid_input_reprompts():
    rc, s = play([], lines=["abc", "0", "99", "", "v", "v 9999", "s", "q"])
    assert rc == 0
    t = s.text
    assert "Unknown command 'abc'" in t
    assert "No action 0: choose a number from 1 to" in t
    assert "No action 99: choose a number from 1 to" in t
    assert "Type the number of an action" in t
    assert "Usage: v N" in t
    assert "No character with id 9999 in play." in t
    assert "Usage: s FILE" in t
    assert s.asked == 8  # every bad line was followed by a new prompt
    assert "Goodbye" in t


def test_quit_and_end_of_input_exit_cleanly():
    rc, s = play([], lines=["q"])
    assert (rc, s.asked) == (0, 1)
    assert "Goodbye" in s.text and "Game over" not in s.text
    rc, s = play([], lines=[])  # EOF at the first prompt
    assert (rc, s.asked) == (0, 1)
    assert "Goodbye" in s.text


def test_engine_errors_are_printed():
    # seat 1 is the AI; an action in the engine's text form for it is not legal now
    rc, s = play(["--seed", "5"], lines=["1:end_turn", "0:no_such_action", "0:end_turn", "q"])
    assert rc == 0
    t = s.text
    assert re.search(r"Engine error: 1:end_turn: it is Player 1's decision now", t)
    assert "Error: action '0:no_such_action': unknown action type 'no_such_action'" in t
    assert re.search(r"Engine error: 0:end_turn: 'end_turn' is not possible now", t)


def test_explain_a_character():
    state = {}

    def then(s: Script) -> str:
        m = re.search(r"\[(\d+)\] Captain Solace 3/4", s.text)
        if m and "asked" not in state:
            state["asked"] = m.group(1)
            return f"v {m.group(1)}"
        return "q" if "asked" in state else pick_first(s)

    rc, s = play(["--seed", "3"], then=then)
    assert rc == 0
    assert f"Captain Solace [{state['asked']}]:" in s.text
    assert re.search(r"^\s+3/4\s+printed \(Captain Solace, level 1\)$", s.text, re.M)


def test_undo_takes_back_the_humans_last_action():
    rc, s = play(["--seed", "3"], lines=["1", "u", "q"])  # seed 3: the AI chooses, Player 1 places first
    assert rc == 0
    first_menu = [m for k, m in s.transcript if k == "out" and MENU_ITEM.search(m)]
    assert "Place your main character in the front row" in first_menu[0]
    assert re.search(r"Undone: 0:place_main row=front", s.text)
    assert first_menu[-1] == first_menu[0]  # asked the same question again


def test_undo_with_nothing_to_undo():
    rc, s = play(["--seed", "3"], lines=["u", "q"])
    assert rc == 0
    assert "Nothing of yours to undo." in s.text


def test_save_writes_a_loadable_game(tmp_path):
    path = tmp_path / "game.json"
    rc, s = play(["--seed", "3"], lines=["1", "1", "1", f"s {path}", "q"])
    assert rc == 0
    assert f"Saved to {path}." in s.text
    data = json.loads(path.read_text())
    g = Game.load(testing.test_pool(), data)
    assert len(data["actions"]) >= 3
    assert sum(1 for a in data["actions"] if a["player"] == 0) == 3
    assert g.state_hash() == data["hash"]


# ------------------------------------------------------------------ hot-seat and hidden information

def test_hot_seat_hands_the_device_over_and_hides_hands():
    rc, s = play(["--humans", "2", "--seed", "4"], then=lambda s: "" if s.transcript[-1][1].startswith("Pass")
                 else pick_first(s), limit=400)
    assert rc == 0  # ended by EOF at the script's limit (or by the game ending)
    holder = None
    handovers = 0
    for i, (kind, text) in enumerate(s.transcript):
        if kind == "ask" and text.startswith("Pass the device to "):
            assert s.transcript[i - 1] == ("out", tty.CLEAR)  # the last player's screen is wiped first
            assert s.transcript[i + 1] == ("out", tty.CLEAR)
            holder = text[len("Pass the device to "):].split(",")[0]
            handovers += 1
        elif kind == "out" and "(you)" in text:
            assert holder is not None
            you = re.findall(r"^(Player \d) \(you\)", text, re.M)
            assert you == [holder], "a board was shown to someone who does not hold the device"
        elif kind == "ask" and re.match(r"Player \d> ", text):
            assert text.startswith(holder)
    assert handovers >= 4


def test_input_comes_from_builtins_input(monkeypatch):
    calls = []

    def fake_input(prompt=""):
        calls.append(prompt)
        if len(calls) > 3:
            raise EOFError
        return ""

    monkeypatch.setattr("builtins.input", fake_input)
    assert tty.run(["--humans", "2"]) == 0
    assert calls[0].startswith("Pass the device to Player")


def test_one_human_gets_no_handover_screen():
    rc, s = play(["--seed", "3"], lines=["1", "1", "q"])
    assert rc == 0
    assert "Pass the device" not in s.text
    assert tty.CLEAR not in s.text


def test_board_never_shows_the_opponents_hand():
    g = sample_game(seed=6)
    rng = Rng(1)
    for _ in range(60):
        p = g.to_act[0]
        g.apply(ai_simple.choose(g.view(p), g.legal_actions(p), rng))
        for viewer in (0, 1):
            board = tty.render_board(g.view(viewer))
            for iid in g.players[1 - viewer].hand:
                assert f"[{iid}]" not in board
            for iid in g.players[viewer].hand:
                assert f"[{iid}]" in board


# ------------------------------------------------------------------ options

def test_bad_options_are_reported():
    for argv, msg in [(["--humans", "3"], "--humans must be between 0 and 2"),
                      (["--ai", "genius"], "unknown AI 'genius'"),
                      (["--deck-a", "no-such-deck"], "no deck file with that path or name"),
                      (["--mode", "ffa", "--players", "5"], "mode ffa needs 3-4 players")]:
        rc, s = play(argv)
        assert rc == 2, argv
        assert msg in s.text, argv


def test_decks_by_path_and_names():
    rc, s = play(["--humans", "0", "--quiet", "--deck-a", "card_data/testset/deck-gloom.yaml",
                  "--deck-b", "deck-dawnwatch", "--names", "Nox,Sol", "--seed", "8", "--ai", "simple"])
    assert rc == 0
    assert winner_line(s.text) in ("Nox", "Sol")
    rc, s = play(["--humans", "0", "--deck-a", "card_data/testset/deck-gloom.yaml", "--seed", "8",
                  "--max-actions", "5"])
    assert "Nox" not in s.text
    assert "AI 1 (normal) (Testbed Gloom Syndicate), AI 2 (normal) (Testbed Gloom Syndicate)" in s.text


def test_capeclash_play_passes_options_on(capsys):
    from apps.cli import main
    assert main(["play", "--", "--humans", "0", "--quiet", "--seed", "4"]) == 0
    assert "Winner" in capsys.readouterr().out


# ------------------------------------------------------------------ the policies themselves

@pytest.mark.parametrize("policy", ["simple", "random"])
def test_policies_pick_legal_actions_from_json_views(policy):
    """Each pick is legal, depends only on the (JSON) view, legal list and rng, and replays exactly."""
    choose = ai_simple.POLICIES[policy]
    g = sample_game(seed=9)
    rngs = [Rng(5), Rng(6)]
    while not g.is_over and len(g.actions) < 3000:
        p = g.to_act[0]
        legal = g.legal_actions(p)
        view = json.loads(json.dumps(g.view(p)))
        probe = Rng(rngs[p].state)
        a = choose(view, legal, rngs[p])
        assert a in legal
        assert choose(view, list(legal), probe) == a
        g.apply(a)
    assert g.is_over


def test_simple_ai_attacks_only_when_it_can_stun():
    g = sample_game(seed=3)
    rng = Rng(3)
    attacks = 0
    while not g.is_over:
        p = g.to_act[0]
        view = g.view(p)
        a = ai_simple.choose(view, g.legal_actions(p), rng)
        if a.type == "target" and len(view["declaring"]) == 1:
            chars = {c["iid"]: c for s in view["sides"] for c in s["front"] + s["back"]}
            attacker, defender = chars[view["declaring"][0]], chars[a["card"]]
            assert attacker["atk"] >= defender["def"]
            attacks += 1
        g.apply(a)
    assert attacks >= 5


def test_every_ai_level_is_offered_and_plays():
    """The levels of engine.ai play in the terminal game (a short stretch: hard searches)."""
    rc, s = play(["--humans", "0", "--seed", "6", "--ai", "easy,hard", "--max-actions", "150"])
    assert "AI 1 (easy)" in s.text and "AI 2 (hard)" in s.text
    assert rc == 1 and "Stopped after 150 actions" in s.text  # it played until the safety stop
    # both levels took their turns in order and made moves of their own (not only passes)
    turns = re.findall(r"^Turn (\d+): (AI [12] \((?:easy|hard)\))\.$", s.text, re.M)
    assert len(turns) >= 10
    assert turns == [(str(k), "AI 1 (easy)" if k % 2 else "AI 2 (hard)") for k in range(1, len(turns) + 1)]
    assert re.search(r"^AI 1 \(easy\) recruits ", s.text, re.M) and re.search(r"^AI 2 \(hard\) recruits ", s.text, re.M)


def test_the_terminal_games_options_follow_play_directly(capsys):
    """`capeclash play --seed 3 ...` (argparse's REMAINDER took no option as the first word: only
    `capeclash play -- --seed 3` worked); the old form with `--` still does."""
    from apps.cli import main
    for argv in (["play", "--help"], ["play", "--", "--help"]):
        assert main(argv) == 0
        assert "--deck-a" in capsys.readouterr().out
    assert main(["play", "--seed", "-1"]) != 0
    assert "--seed" in capsys.readouterr().out
