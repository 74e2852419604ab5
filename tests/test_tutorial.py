"""The guided first game (engine/capeclash/tutorial.py, card_data/tutorial): every lesson played through the
web API ops as the page sends them, off-script and illegal moves, and the file's checks."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import textwrap

import pytest

from apps.webapi import Session, bundle_from_paths
from engine.capeclash.loader import load_pool, read_data, validate
from engine.capeclash.scenario import expectation, find_card
from engine.capeclash.tutorial import check_tutorial

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "card_data" / "tutorial" / "first-game.yaml"
PATHS = [ROOT / "card_data" / "starter", ROOT / "card_data" / "tutorial"]


@pytest.fixture(scope="module")
def pool():
    return load_pool([ROOT / "card_data" / "starter"])


@pytest.fixture(scope="module")
def data():
    return read_data(TUTORIAL)[0]


@pytest.fixture(scope="module")
def bundle():
    return json.loads(json.dumps(bundle_from_paths(PATHS)))


@pytest.fixture
def session(bundle):
    return Session(bundle)


def call(s: Session, op: str, **args) -> dict:
    """Through the JSON transport, exactly as the worker does."""
    return json.loads(s.handle(json.dumps({"op": op, **args})))


def ok(s: Session, op: str, **args) -> dict:
    r = call(s, op, **args)
    assert r["ok"], r
    return r["result"]


# ------------------------------------------------------------------ the file


def test_the_tutorial_file_validates_and_is_in_the_bundle(pool, data, bundle):
    assert check_tutorial(data, pool, str(TUTORIAL)) == []
    problems, counts = validate(PATHS)
    assert [str(p) for p in problems] == [] and counts["tutorials"] == 1
    assert bundle["tutorial"]["tutorial"] == data["tutorial"] and not bundle["problems"]
    assert 4 <= len(data["lessons"]) <= 6
    taught = " ".join(ls["teaches"] for ls in data["lessons"]).lower()
    for topic in ("recruit", "melee", "ranged", "plot twist", "level", "super power"):
        assert topic in taught, topic


def test_lessons_use_only_starter_cards(pool, data):
    """The faces the learner meets are the starter set's: every card of every position is in it."""
    for ls in data["lessons"]:
        for p in ls["start"]["players"]:
            for key in ("main", "front", "back", "hand", "resources", "deck"):
                entries = [p[key]] if key == "main" else p.get(key, [])
                for e in entries:
                    name = e if isinstance(e, str) else e["card"]
                    assert pool.find(name) is not None, (ls["title"], name)


# ------------------------------------------------------------------ every lesson through the web API


def _play_lesson(s: Session, i: int) -> dict:
    st = ok(s, "tutorial_start", lesson=i)
    info = st["tutorial"]
    assert info["lesson"] == i and info["step"] == 0 and not info["done"] and info["well_done"] is None
    steps = info["steps"]
    for j in range(steps):
        info = st["tutorial"]
        offered = {a["text"] for a in st["actions"]}
        assert info["expected"], (i, j, info["hint"])
        assert set(info["expected"]) <= offered           # only actions the engine offers
        assert info["hint"] and st["to_act"] == [0]
        st = ok(s, "tutorial_apply", action=info["expected"][0])
        assert st["tutorial"]["refused"] is None
        assert st["tutorial"]["well_done"]                 # the step's praise
        assert st["tutorial"]["step"] == j + 1
    assert st["tutorial"]["done"] and st["tutorial"]["expected"] == []
    assert st["can_undo"] is False
    return st


@pytest.mark.parametrize("lesson", range(6))
def test_every_lesson_completes_when_the_expected_actions_are_applied(session, data, lesson):
    st = _play_lesson(session, lesson)
    g = session.game
    for e in data["lessons"][lesson].get("expect") or []:
        assert expectation(g, e) == [], e
    last = lesson == len(data["lessons"]) - 1
    assert st["tutorial"]["finished"] == last
    assert st["tutorial"]["next_lesson"] == (None if last else lesson + 1)
    assert st["tutorial"]["hint"] == data["lessons"][lesson]["outro"]


def test_the_real_rules_decide_the_lessons_outcomes(session):
    _play_lesson(session, 1)   # the ranged attack: the Thrall could have stunned the Adept, but can't strike back
    g = session.game
    assert find_card(g, "Frostbitten Thrall").zone == "ko"
    assert g.cards[find_card(g, "Crossbow Adept").iid].face_up
    _play_lesson(session, 3)   # Kestrel Quinn's second XP comes from the stun and levels her up
    g = session.game
    assert g.players[0].level == 2 and g.players[0].xp == 0
    assert any("levels up to level 2" in line for line in g.log_lines(0))
    st = _play_lesson(session, 5)   # the rival's scripted strike back, and the win
    g = session.game
    assert st["over"] and g.result["winners"] == [0]
    assert find_card(g, "Lark Cadet").zone == "ko" and find_card(g, "Skyhook Warden").face_up


def test_highlights_point_at_what_the_learner_sees(session):
    st = ok(session, "tutorial_start", lesson=0)
    h = st["tutorial"]["highlight"]
    hand = st["view"]["players"][0]["hand"]
    ids = [c["iid"] if isinstance(c, dict) else c for c in hand]
    assert h["card"] == "Rooftop Circuit" and h["iids"] and set(h["iids"]) <= set(ids)
    for _ in range(3):
        st = ok(session, "tutorial_apply", action=st["tutorial"]["expected"][0])
    assert st["tutorial"]["highlight"] == {"button": "end_step", "actions": ["0:end_step"]}


# ------------------------------------------------------------------ moves off the script


def test_a_legal_move_off_the_script_is_refused_with_a_hint_and_changes_nothing(session, data):
    st = ok(session, "tutorial_start", lesson=0)
    info = st["tutorial"]
    other = [a["text"] for a in st["actions"] if a["text"] not in info["expected"]]
    assert other   # the resource step offers other cards and "Play no resource"
    after = ok(session, "tutorial_apply", action=other[0])
    assert after["tutorial"]["refused"] == data["lessons"][0]["steps"][0]["wrong"]
    assert after["hash"] == st["hash"] and after["action_count"] == st["action_count"]
    assert after["tutorial"]["step"] == 0 and after["tutorial"]["expected"] == info["expected"]
    # the expected move still works afterwards, and clears the refusal
    st = ok(session, "tutorial_apply", action=info["expected"][0])
    assert st["tutorial"]["step"] == 1 and st["tutorial"]["refused"] is None


def test_a_step_without_its_own_wrong_text_repeats_its_hint(session):
    st = ok(session, "tutorial_start", lesson=2)
    for _ in range(2):  # attack, target: now the combat window, where passing is legal but not the step
        st = ok(session, "tutorial_apply", action=st["tutorial"]["expected"][0])
    assert st["tutorial"]["hint"].startswith("Play Sudden Strength")
    st = ok(session, "tutorial_apply", action="0:pass")
    assert st["tutorial"]["refused"] == "Don't pass yet: play Sudden Strength first."
    st = ok(session, "tutorial_apply", action=st["tutorial"]["expected"][0])   # play it
    # choosing the rival's Court Inquisitor is legal (any character in the combat) but not the step
    inquisitor = find_card(session.game, "Court Inquisitor").iid
    st = ok(session, "tutorial_apply", action=f"0:choose card={inquisitor}")
    assert "your own Skyhook Warden" in st["tutorial"]["refused"]
    assert find_card(session.game, "Court Inquisitor").zone == "play"


def test_an_illegal_move_is_refused_by_the_engine_without_changing_state(session):
    st = ok(session, "tutorial_start", lesson=1)
    st = ok(session, "tutorial_apply", action=st["tutorial"]["expected"][0])   # Skyhook Warden attacks
    g = session.game
    thrall = find_card(g, "Frostbitten Thrall").iid   # in the back row, protected by Whisper Page
    for bad in (f"0:target card={thrall}", "0:recruit card=1 row=front", "1:pass", "0:attack", "nonsense"):
        r = call(session, "tutorial_apply", action=bad)
        assert not r["ok"], bad
        assert r["error"]["code"] in ("illegal_action", "not_legal_now", "invalid_action", "not_your_seat",
                                      "malformed_action"), r["error"]
        now = ok(session, "tutorial_state")
        assert now["hash"] == st["hash"] and now["tutorial"]["step"] == 1, bad
    melee = call(session, "tutorial_apply", action=f"0:target card={thrall}")["error"]["message"]
    assert "Frostbitten Thrall cannot be attacked" in melee, melee   # the engine's own reason


def test_after_a_lesson_moves_are_free_play_under_the_engines_rules(session):
    st = _play_lesson(session, 0)
    n = st["action_count"]
    end = [a["text"] for a in st["actions"] if a["type"] == "end_turn"]
    assert end, [a["text"] for a in st["actions"]]
    st = ok(session, "tutorial_apply", action=end[0])
    assert st["action_count"] > n + 1          # the rival played its turn back
    # ... and attacked: the learner is asked in the combat on the rival's turn
    assert (st["to_act"], st["over"], st["view"]["active_side"]) == ([0], False, 1)
    assert st["view"]["decision"] == {"type": "combat", "players": [0]} and st["view"]["combat"]["player"] == 1
    assert st["tutorial"]["done"] and st["tutorial"]["refused"] is None


def test_tutorial_requests_need_a_lesson_and_a_tutorial(session, bundle):
    for op in ("tutorial_state", "tutorial_apply"):
        args = {"action": "0:pass"} if op == "tutorial_apply" else {}
        assert call(session, op, **args)["error"]["code"] == "no_tutorial"
    ok(session, "tutorial_start", lesson=0)
    decks = ok(session, "catalogue")["decks"]
    ok(session, "new_game", mode="duel", seats=[{"name": "A", "deck": decks[0]["id"]},
                                                {"name": "B", "deck": decks[1]["id"]}])
    assert call(session, "tutorial_state")["error"]["code"] == "no_tutorial"   # another game replaced it
    r = call(session, "tutorial_start", lesson=6)
    assert r["error"]["code"] == "bad_request" and "lesson" in r["error"]["message"]
    bare = Session({**bundle, "tutorial": None})
    assert call(bare, "tutorial_start")["error"]["code"] == "no_tutorial"
    lessons = ok(session, "tutorial_lessons")
    assert [ls["index"] for ls in lessons["lessons"]] == list(range(6))


# ------------------------------------------------------------------ bad files


def _problems(pool, data) -> list[str]:
    return [str(p) for p in check_tutorial(data, pool, "t.yaml")]


def test_a_bad_tutorial_file_gets_clear_errors_naming_the_field(pool, data):
    bad = copy.deepcopy(data)
    del bad["lessons"][0]["steps"][0]["hint"]
    bad["lessons"][0]["steps"][1]["wel_done"] = "x"
    bad["lessons"][1]["start"]["players"][1]["front"] = ["Whisper Pag"]
    bad["lessons"][2]["steps"][0]["do"] = {"atack": "Skyhook Warden"}
    bad["lessons"][3]["steps"][0]["highlight"] = {"rows": "front"}
    bad["lessons"][4]["steps"][0]["do"] = {"attack": "Aeris Vale", "player": 1}
    bad["lessons"][5]["rival"] = "strike back"
    probs = _problems(pool, bad)
    want = [
        ("lessons[0].steps[0].hint", "needs text"),
        ("lessons[0].steps[1].wel_done", "did you mean 'well_done'"),
        ("lessons[1].start.players[1].front[0]", "did you mean 'Whisper Page'"),
        ("lessons[2].steps[0].do", "did you mean 'attack'"),
        ("lessons[3].steps[0].highlight", "{card: NAME}"),
        ("lessons[4].steps[0].do", "names no player"),
        ("lessons[5].rival", "a list of the rival's answers"),
    ]
    for field, text in want:
        assert any(f"field '{field}'" in p and text in p for p in probs), (field, probs)
    assert all(p.startswith("t.yaml") for p in probs)
    assert _problems(pool, {"lessons": []}) == ["t.yaml, field 'tutorial': needs a title (text)",
                                                "t.yaml, field 'lessons': a list of lessons is required"]


def test_a_script_the_engine_does_not_follow_is_reported_by_the_dry_run(pool, data):
    bad = copy.deepcopy(data)
    # recruiting Talon Marksman (cost 4) with 3 recruit points: the engine does not offer it
    bad["lessons"][0]["steps"][1]["do"] = {"recruit": "Talon Marksman", "row": "back"}
    # a melee attack into a protected back row
    bad["lessons"][1]["steps"][1]["do"] = {"target": "Frostbitten Thrall"}
    # an expectation the lesson does not meet
    bad["lessons"][3]["expect"] = [{"player": 0, "level": 1}]
    probs = _problems(pool, bad)
    assert any("lessons[0].steps[1].do" in p and "offers no action that matches" in p
               and "Recruit Crossbow Adept" in p for p in probs), probs
    assert any("lessons[1].steps[1].do" in p and "Attack Whisper Page" in p for p in probs), probs
    assert any("lessons[3].expect[0]" in p and "level is 2, expected 1" in p for p in probs), probs
    assert len(probs) == 3


def test_validate_reports_a_bad_tutorial_file(tmp_path, data):
    bad = copy.deepcopy(data)
    bad["lessons"][2]["start"]["players"][0]["hand"] = ["Sudden Strenght"]
    f = tmp_path / "tutorial.json"
    f.write_text(json.dumps(bad))
    problems, counts = validate([ROOT / "card_data" / "starter", f])
    msgs = [str(p) for p in problems]
    assert counts["tutorials"] == 1
    assert any(str(f) in m and "lessons[2].start.players[0].hand[0]" in m and "Sudden Strength" in m
               for m in msgs), msgs


# ------------------------------------------------------------------ the page's driver


NODE_DRIVER = textwrap.dedent("""
    import { spawn } from "node:child_process";
    import { createInterface } from "node:readline";
    const [, , root, mod] = process.argv;
    // the real engine: one Session in a Python process, one JSON request per line
    const py = spawn("python3", ["-c", `
    import json, sys
    sys.path.insert(0, ${JSON.stringify(root)})
    from apps.webapi import Session, bundle_from_paths
    s = Session(json.loads(json.dumps(bundle_from_paths([${JSON.stringify(root + "/card_data/starter")},
                                                         ${JSON.stringify(root + "/card_data/tutorial")}]))))
    print("ready", flush=True)
    for line in sys.stdin:
        print(s.handle(line), flush=True)
    `], { stdio: ["pipe", "pipe", "inherit"] });
    const lines = createInterface({ input: py.stdout });
    const waiting = [];
    let ready;
    const up = new Promise((r) => (ready = r));
    lines.on("line", (l) => (l === "ready" ? ready() : waiting.shift()(JSON.parse(l))));
    const engine = {
      call(op, args = {}) {
        return new Promise((resolve, reject) => {
          waiting.push((r) => {
            if (r.ok) resolve(r.result);
            else reject(Object.assign(new Error(r.error.message), { code: r.error.code, problems: r.error.problems }));
          });
          py.stdin.write(JSON.stringify({ op, ...args }) + "\\n");
        });
      },
    };
    await up;
    const { startTutorial } = await import(mod);
    const seen = { renders: 0, hints: [], done: [], errors: [] };
    const tut = await startTutorial(engine, {
      render: () => seen.renders++,
      showHint: (info) => seen.hints.push(info.error ? "ERROR " + info.error : info.hint),
      onDone: (info) => seen.done.push(info.lesson),
      onError: (err) => seen.errors.push(String(err)),
    });
    // an illegal move first: the engine refuses it and the hint box says why
    await tut.apply("0:attack card=999");
    const stuck = tut.state.tutorial.step;
    for (let guard = 0; guard < 200; guard++) {
      const info = tut.state.tutorial;
      if (info.done) { if (info.finished) break; await tut.next(); continue; }
      if (!tut.isExpected(info.expected[0])) throw new Error("isExpected disagrees");
      await tut.apply(info.expected[0]);
    }
    py.stdin.end();
    console.log(JSON.stringify({ ...seen, stuck, finished: tut.state.tutorial.finished, over: tut.state.over }));
""")


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_page_driver_plays_the_whole_tutorial_with_the_real_engine(tmp_path):
    script = tmp_path / "drive.mjs"
    script.write_text(NODE_DRIVER)
    mod = (ROOT / "web" / "static" / "tutorial.mjs").as_uri()
    proc = subprocess.run(["node", str(script), str(ROOT), mod], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["errors"] == []
    assert out["done"] == [0, 1, 2, 3, 4, 5]                 # onDone once per lesson
    assert out["finished"] and out["over"] and out["stuck"] == 0
    assert out["hints"][1].startswith("ERROR ")              # the illegal move's reason, shown by the hint box
    steps = sum(len(ls["steps"]) for ls in read_data(TUTORIAL)[0]["lessons"])
    assert out["renders"] == 6 + steps                       # each lesson's start and each step; not the refusal


def test_the_rivals_hidden_cards_never_reach_the_learner(pool):
    """The rival's scripted face-down resource shows in rival_moves (the learner's log) without its name."""
    data = {"tutorial": "Hidden", "lessons": [{
        "title": "Ends the turn",
        "start": {"turn": 3, "active": 0, "phase": "main", "players": [
            {"name": "Ace", "main": {"card": "Aeris Vale", "row": "back"}, "deck": ["Lark Cadet", "Glider Scout"]},
            {"name": "Rival", "main": {"card": "Grimsby Rook", "row": "back"}, "hand": ["Whisper Page"],
             "deck": ["Glimmer Courier", "Veiled Envoy", "Court Inquisitor"]}]},
        "rival": [{"resource": "Whisper Page", "face_up": False}],
        "steps": [{"hint": "End your turn.", "do": "end_turn", "well_done": "The rival's turn."}],
    }]}
    assert check_tutorial(data, pool, "hidden.yaml") == []
    s = Session.from_pool(pool, [])
    s.tutorial_data = data
    st = s.call("tutorial_start", lesson=0)
    st = s.call("tutorial_apply", action=st["tutorial"]["expected"][0])
    g = s.game
    page = find_card(g, "Whisper Page")
    assert page.zone == "resource" and not page.face_up        # the script's answer was played
    moves = st["tutorial"]["rival_moves"]
    assert any("face down" in m for m in moves), moves
    assert not any("Whisper Page" in m for m in moves), moves
    assert "Whisper Page" not in json.dumps(st)                 # nowhere in what the page gets


def test_recruits_offer_a_default_row_ranged_to_the_back(session):
    """A one-click recruit uses the engine's default row: the back row for a Ranged character, the
    front row otherwise; exactly one of each card's two recruit actions carries it."""
    st = ok(session, "tutorial_start", lesson=0)
    res = next(a for a in st["actions"] if a["type"] == "resource" and "face_up=true" in a["text"])
    st = ok(session, "tutorial_apply", action=res["text"])
    recruits = [a for a in st["actions"] if a["type"] == "recruit"]
    names = {c["iid"]: c["name"] for c in st["view"]["players"][0]["hand"]}
    by: dict = {}
    for a in recruits:
        by.setdefault(names[a["card"]], []).append(a)
    assert {"Crossbow Adept", "Lark Cadet"} <= set(by), by
    for name, acts in by.items():
        assert sum(bool(a.get("default")) for a in acts) == 1, (name, acts)
    row = {name: next(a["row"] for a in acts if a.get("default")) for name, acts in by.items()}
    assert row["Crossbow Adept"] == "back"   # Ranged
    assert row["Lark Cadet"] == "front"


def test_attacks_say_whether_anyone_could_join(session):
    """``solo`` on an attack (a one-click attack when it has one target) is false when another
    character could join the attack as a team: lesson 6 has Lark Cadet ready to join the Warden,
    lesson 2's Warden attacks where nobody can follow (the Adept's ranged attack is its own)."""
    def attacks(lesson):
        st = ok(session, "tutorial_start", lesson=lesson)
        names = {c["iid"]: c["name"] for s in st["view"]["sides"] for c in s["front"] + s["back"]}
        return {names[a["card"]]: a for a in st["actions"] if a["type"] == "attack"}
    team = attacks(5)
    assert team["Skyhook Warden"]["solo"] is False and len(team["Skyhook Warden"]["targets"]) == 1
    alone = attacks(1)
    assert alone["Skyhook Warden"]["solo"] is True
    assert [t["text"] for t in alone["Skyhook Warden"]["targets"]]


def test_a_lesson_started_after_a_game_saves_and_loads_without_that_games_marks(session):
    """The session's marks of the game a lesson replaces (moves answered for a player, remembered answers)
    belong to that game: a save of the lesson carries none of them and loads again (it was refused:
    'auto' named moves the lesson's game never had)."""
    ok(session, "new_game", mode="duel", seed=4, seats=[{"name": "Ann", "ai": None, "deck": "Ember Oath Starter"},
                                                                  {"name": "Bo", "ai": "easy", "deck": "Rime Court Starter"}])
    session.auto = {1, 2}
    session.standing = {0: {"Some ability": "yes"}}
    ok(session, "tutorial_start", lesson=2)
    save = ok(session, "save")
    assert save["auto"] == [] and not save.get("standing")
    loaded = ok(session, "load", save=save)
    assert loaded["hash"] == ok(session, "tutorial_start", lesson=2)["hash"]
