"""The guided first game: short lessons that start from positions, with the real engine in charge.

A tutorial file (``card_data/tutorial/*.yaml``)::

    tutorial: Your first game          # its title
    intro: ...                         # optional text
    lessons:
      - title: Build your team
        teaches: resources and recruiting      # optional, a few words
        intro: ...                             # optional
        start: {...a position, see engine.capeclash.position...}   # you are player 0, the rival player 1
        seed: 0                                # optional
        rival: [{strike_back: Lark Cadet}]     # optional: the rival's answers, used in order when they fit
        steps:
          - hint: Put Rooftop Circuit into your resources face up: ...
            do: {resource: Rooftop Circuit, face_up: true}   # or a list: any one of them
            highlight: {card: Rooftop Circuit}               # or {row: front, side: you|rival}, {button: end_step}
            wrong: ...                         # optional: said when another legal move is tried
            well_done: Three resources, three recruit points.
        outro: ...                             # optional: said when the lesson is done
        expect: [{card: Lark Cadet, row: front}]          # optional: checked by the dry run (scenario checks)

An action in ``do`` is written as in scenario files (``engine.capeclash.scenario``): its type and first
argument, other arguments by name, cards by name, so the script survives any change of card ids.

The engine decides what is legal. A move the engine refuses is refused (its error comes back and the
game does not change). A legal move that is not the step's is refused too, with the step's
``wrong`` text (or its hint), so every lesson stays on its script; once a lesson is done, every legal
move is played (free play from there). The rival answers by its script when the next answer fits,
else passes when it may, else plays the simple computer player.

``check_tutorial`` checks a file's shape (every problem names its field) and plays every lesson
along its script, so a card change that breaks a lesson shows up in ``capeclash validate``.

Standard library only (it runs under Pyodide).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from engine.capeclash.game import Game
from engine.capeclash.position import build, check_position
from engine.cardlang.cards import CardPool
from engine.core.actions import TYPES, Action
from engine.core.errors import (
    CapeClashError,
    DataError,
    IllegalActionError,
    Problem,
    WebError,
    excerpt,
    suggest,
)
from engine.core.rng import Rng

LEARNER, RIVAL = 0, 1
TOP_KEYS = ("tutorial", "intro", "lessons")
LESSON_KEYS = ("title", "teaches", "intro", "start", "seed", "rival", "steps", "outro", "expect")
STEP_KEYS = ("hint", "do", "highlight", "wrong", "well_done")
HIGHLIGHT_KINDS = ("card", "row", "button")
SIDES = {"you": LEARNER, "rival": RIVAL}
MAX_RIVAL_MOVES = 200  # the rival's answers in a row before the tutorial gives up (a script bug)


class TutorialError(CapeClashError):
    code = "tutorial"


# ------------------------------------------------------------------ checking a file

def check_tutorial(data, pool: CardPool, source: str | None = None, *, play: bool = True) -> list[Problem]:
    """Every problem of a tutorial file, each naming its field. With ``play``, also plays each lesson
    whose shape is right along its script and reports the first step the engine does not offer."""
    out: list[Problem] = []

    def err(field, msg, card=None):
        out.append(Problem(source, card, field, msg))

    if not isinstance(data, dict):
        return [Problem(source, None, None, "a tutorial is a mapping with 'tutorial:' (its title) and 'lessons:'")]
    for k in data:
        if k not in TOP_KEYS:
            err(k, f"unknown field{suggest(k, TOP_KEYS)}")
    if not _text(data.get("tutorial")):
        err("tutorial", "needs a title (text)")
    if "intro" in data and not _text(data["intro"]):
        err("intro", f"must be text, not {excerpt(data['intro'])}")
    lessons = data.get("lessons")
    if not isinstance(lessons, list) or not lessons:
        err("lessons", "a list of lessons is required")
        return out
    for i, lesson in enumerate(lessons):
        before = len(out)
        out += _check_lesson(lesson, pool, source, f"lessons[{i}]")
        if play and len(out) == before:
            out += _dry_run(data, i, pool, source)
    return out


def _text(v) -> bool:
    return isinstance(v, str) and bool(v.strip())


def _check_lesson(lesson, pool: CardPool, source, where: str) -> list[Problem]:
    out: list[Problem] = []

    def err(field, msg, card=None):
        out.append(Problem(source, card, f"{where}.{field}" if field else where, msg))

    if not isinstance(lesson, dict):
        return [Problem(source, None, where, "a lesson is a mapping with title, start and steps")]
    for k in lesson:
        if k not in LESSON_KEYS:
            err(k, f"unknown field{suggest(k, LESSON_KEYS)}")
    if not _text(lesson.get("title")):
        err("title", "needs a title (text)")
    for k in ("teaches", "intro", "outro"):
        if k in lesson and not _text(lesson[k]):
            err(k, f"must be text, not {excerpt(lesson[k])}")
    seed = lesson.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        err("seed", f"must be a whole number from 0 to 2^64 - 1, not {excerpt(seed)}")
    if "start" not in lesson:
        err("start", "every lesson starts from a position (players, turn, active, phase)")
    else:
        out += check_position(pool, lesson["start"], source, f"{where}.start", mode="duel")
    rival = lesson.get("rival", [])
    if not isinstance(rival, list):
        err("rival", "a list of the rival's answers (actions, as in scenario files)")
        rival = []
    for j, a in enumerate(rival):
        why = pattern_problem(a, pool, 2)
        if why:
            err(f"rival[{j}]", why)
    steps = lesson.get("steps")
    if not isinstance(steps, list) or not steps:
        err("steps", "a list of steps is required")
        steps = []
    for j, step in enumerate(steps):
        sw = f"steps[{j}]"
        if not isinstance(step, dict):
            err(sw, "a step is a mapping with hint, do and well_done")
            continue
        for k in step:
            if k not in STEP_KEYS:
                err(f"{sw}.{k}", f"unknown field{suggest(k, STEP_KEYS)}")
        for k in ("hint", "well_done"):
            if not _text(step.get(k)):
                err(f"{sw}.{k}", "needs text" if k not in step else f"must be text, not {excerpt(step[k])}")
        if "wrong" in step and not _text(step["wrong"]):
            err(f"{sw}.wrong", f"must be text, not {excerpt(step['wrong'])}")
        if "do" not in step:
            err(f"{sw}.do", "needs the action the learner is to take (as in scenario files)")
        else:
            dos = step["do"] if isinstance(step["do"], list) else [step["do"]]
            if not dos:
                err(f"{sw}.do", "needs at least one action")
            for k, a in enumerate(dos):
                why = pattern_problem(a, pool, 2)
                if why:
                    err(f"{sw}.do" + (f"[{k}]" if isinstance(step["do"], list) else ""), why)
        if "highlight" in step:
            why = _highlight_problem(step["highlight"], pool)
            if why:
                err(f"{sw}.highlight", why)
    if "expect" in lesson:
        from engine.capeclash.scenario import _check_expect_shape
        if not isinstance(lesson["expect"], list):
            err("expect", "a list of expectations (as in scenario files)")
        else:
            for j, e in enumerate(lesson["expect"]):
                out += _check_expect_shape(e, source, f"{where}.expect[{j}]", 2, pool)
    return out


def pattern_problem(a, pool: CardPool | None = None, players: int = 2) -> str | None:
    """Why ``a`` is not an action as scenario files write it (None if it is); with ``pool``, also a card
    it names that can never be in the game (``Name@P``: P a player number, as in scenario files)."""
    from engine.capeclash.scenario import CARD_ARGS, _card_ref_problem
    if isinstance(a, str):
        return None if a in TYPES else f"unknown action {excerpt(a)}{suggest(a, TYPES)}"
    if not isinstance(a, dict):
        return f"an action is text (such as pass) or a mapping (such as {{attack: NAME}}), not {excerpt(a)}"
    if "player" in a:
        return "names no player: the learner is player 0 and the rival answers are the rival's"
    typ = a.get("type")
    if typ is None:
        keys = [k for k in a if k in TYPES]
        if len(keys) != 1:
            hint = suggest(next(iter(a), ""), TYPES) if not keys else ""
            return (f"{'no' if not keys else 'more than one'} action type in {excerpt(a)}"
                    f"{hint or ' (one of ' + ', '.join(sorted(TYPES)) + ')'}")
        typ = keys[0]
    elif not isinstance(typ, str) or typ not in TYPES:
        return f"unknown action type {excerpt(typ)}{suggest(typ, TYPES)}"
    for k, v in a.items():
        if k == "type" or (k == typ and (not TYPES[typ] or v is None)):
            continue  # ({pass: null}, {choose: null}: the type alone)
        if k != typ and k not in TYPES[typ]:
            return f"{typ} takes no argument {k!r}" + (f" (it takes {', '.join(TYPES[typ])})" if TYPES[typ] else "")
        if k == "face_up" and not isinstance(v, bool):
            return f"face_up must be true or false, not {excerpt(v)}"
        if isinstance(v, (list, dict)) or v is None:
            return f"{k} must be a name or a number, not {excerpt(v)}"
        arg = TYPES[typ][0] if k == typ else k
        why = _card_ref_problem(v, pool, players) if arg in CARD_ARGS else None
        if why:
            return f"{arg}: {why}"
    return None


def _highlight_problem(h, pool: CardPool | None = None) -> str | None:
    """Why ``h`` is not a step's highlight (None if it is); every value is checked for its kind before it
    is looked up (a list or a mapping is never a name)."""
    from engine.capeclash.scenario import _card_ref_problem
    if not isinstance(h, dict) or sum(k in h for k in HIGHLIGHT_KINDS) != 1:
        return f"one of {{card: NAME}}, {{row: front|back, side: you|rival}} or {{button: ACTION TYPE}}, not {excerpt(h)}"
    extra = set(h) - set(HIGHLIGHT_KINDS) - ({"side"} if "row" in h else set())
    if extra:
        return f"unknown field {excerpt(sorted(extra, key=str)[0])}"
    if "card" in h:
        if not _text(h["card"]):
            return f"card must be a card's name, not {excerpt(h['card'])}"
        why = _card_ref_problem(h["card"], pool, 2)
        if why:
            return f"card: {why}"
    if "row" in h:
        if not isinstance(h["row"], str) or h["row"] not in ("front", "back"):
            return f"row must be front or back, not {excerpt(h['row'])}"
        side = h.get("side", "you")
        if not isinstance(side, str) or side not in SIDES:
            return f"side must be you or rival, not {excerpt(side)}"
    if "button" in h and (not isinstance(h["button"], str) or h["button"] not in TYPES):
        return f"button names an action type, not {excerpt(h['button'])}{suggest(h['button'], TYPES)}"
    return None


def _dry_run(data: dict, i: int, pool: CardPool, source) -> list[Problem]:
    """Play lesson ``i`` along its script: the first step the engine does not offer is a problem."""
    where = f"lessons[{i}]"
    try:
        t = Tutorial(pool, data, source, checked=True)
        g = t.start(i)
    except (CapeClashError, ValueError) as e:
        return [Problem(source, None, f"{where}.start", f"the position cannot be set up: {e}")]
    steps = data["lessons"][i]["steps"]
    try:
        return _dry_steps(t, g, data, i, steps, source)
    except CapeClashError as e:  # (a value the checks let through and the engine refuses)
        return [Problem(source, None, where, f"the lesson cannot be played along its script: {e}")]


def _dry_steps(t: Tutorial, g: Game, data: dict, i: int, steps: list, source) -> list[Problem]:
    where = f"lessons[{i}]"
    for j, step in enumerate(steps):
        if t.lesson_done:
            return [Problem(source, None, f"{where}.steps[{j}]", "the lesson is already over here "
                                                                 "(the game ended after the step before)")]
        exp = t.expected()
        if not exp:
            offered = [g.describe(a) for a in g.legal_actions(LEARNER)]
            return [Problem(source, None, f"{where}.steps[{j}].do",
                            f"the engine offers no action that matches {excerpt(step['do'], 80)} here; "
                            f"offered: {'; '.join(offered) or 'nothing (the rival is to act or the game is over)'}")]
        h = step.get("highlight")
        if h and "card" in h and not (t.highlight() or {}).get("iids"):
            return [Problem(source, h["card"], f"{where}.steps[{j}].highlight",
                            "no card of that name is in sight of the learner at this step")]
        try:
            t.apply(exp[0])
        except CapeClashError as e:
            return [Problem(source, None, f"{where}.steps[{j}].do", f"the engine refused {exp[0]}: {e}")]
    if not t.lesson_done:
        return [Problem(source, None, f"{where}.steps", "the lesson is not over after its last step")]
    from engine.capeclash.scenario import expectation
    return [Problem(source, None, f"{where}.expect[{k}]", f"after the last step: {f}")
            for k, e in enumerate(data["lessons"][i].get("expect") or []) for f in expectation(g, e)]


# ------------------------------------------------------------------ matching actions

def _pattern(p) -> tuple[str, dict]:
    """A scenario-style action as (type, arguments by name)."""
    if isinstance(p, str):
        return p, {}
    raw = dict(p)
    typ = raw.pop("type", None)
    if typ is None:
        typ = next(k for k in raw if k in TYPES)
        val = raw.pop(typ)
        if TYPES[typ] and val is not None:
            raw[TYPES[typ][0]] = val
    return typ, raw


def matching(g: Game, player: int, pattern) -> list[Action]:
    """The legal actions of ``player`` that fit ``pattern`` (cards named by name, as in scenarios)."""
    from engine.capeclash.scenario import _arg_matches
    typ, args = _pattern(pattern)
    out = []
    for a in g.legal_actions(player):
        if a.type != typ:
            continue
        try:
            if all(_arg_matches(g, a, k, v) for k, v in args.items()):
                out.append(a)
        except (KeyError, IndexError, TypeError):
            continue  # a power or trigger index that does not fit this action
    return out


# ------------------------------------------------------------------ a tutorial in progress

class Tutorial:
    """The current lesson and step of a tutorial, and the lesson's game (an ordinary ``Game``)."""

    def __init__(self, pool: CardPool, data: dict, source: str | None = None, *, checked: bool = False):
        if not checked:
            problems = check_tutorial(data, pool, source, play=False)
            if problems:
                raise DataError(problems)
        self.pool, self.data, self.source = pool, data, source
        self.lessons: list[dict] = data["lessons"]
        self.lesson = 0
        self.step = 0
        self.game: Game | None = None
        self.praise: str | None = None    # the well-done line of the step just completed
        self.refused: str | None = None   # why the last move was refused (a legal move off the script)
        self.rival_script: list = []
        self.rival_moves: list[str] = []  # the log lines of the rival's answers since the learner's last move
        self.rng = Rng(0)

    # -------------------------------------------------------------- the lesson

    def start(self, lesson: int = 0) -> Game:
        if isinstance(lesson, bool) or not isinstance(lesson, int) or not 0 <= lesson < len(self.lessons):
            raise TutorialError(f"no lesson {lesson!r}: the lessons are 0 to {len(self.lessons) - 1}")
        spec = self.lessons[lesson]
        seed = int(spec.get("seed", 0))
        self.game = build(self.pool, spec["start"], mode="duel", seed=seed,
                          source=f"{self.source or 'tutorial'}: lessons[{lesson}]")
        self.lesson, self.step = lesson, 0
        self.praise = self.refused = None
        self.rival_script = list(spec.get("rival") or [])
        self.rng = Rng((seed * 0x9E3779B1 + 7) & ((1 << 64) - 1))
        self._rival_turns()
        return self.game

    @property
    def spec(self) -> dict:
        return self.lessons[self.lesson]

    @property
    def lesson_done(self) -> bool:
        return self.step >= len(self.spec["steps"]) or (self.game is not None and self.game.is_over)

    def _step(self) -> dict | None:
        return None if self.lesson_done else self.spec["steps"][self.step]

    def _game(self) -> Game:
        """The lesson's game (a TutorialError before one has started)."""
        g = self.game
        if g is None:
            raise TutorialError("no lesson is in progress: start one")
        return g

    def expected(self) -> list[Action]:
        """The offered actions that carry out the current step (none once the lesson is done)."""
        st = self._step()
        if st is None:
            return []
        g = self._game()
        if LEARNER not in g.to_act:
            return []
        out: list[Action] = []
        for p in st["do"] if isinstance(st["do"], list) else [st["do"]]:
            out += [a for a in matching(g, LEARNER, p) if a not in out]
        return out

    # -------------------------------------------------------------- acting

    def apply(self, action) -> bool:
        """The learner's move. Returns True if it was played, False if it was a legal move off the
        script (refused, with ``refused`` saying why). Raises the engine's error for an illegal move
        (the game is unchanged)."""
        g = self._game()
        a = Action.from_json(action)
        if a.player != LEARNER:
            raise IllegalActionError(f"in the tutorial you play seat {LEARNER + 1}; the rival plays itself",
                                     "not_your_seat")
        # (a refused move changes nothing, the last message included: it is cleared once a move is taken)
        if self.lesson_done:
            g.apply(a)           # free play after the lesson: the engine alone decides
            self.refused = None
            self.praise = None
            self._rival_turns()
            return True
        if a not in g.legal_actions(LEARNER):
            g.apply(a)           # the engine says why (and changes nothing)
            raise IllegalActionError(f"{a} is not legal now", "illegal_action")  # pragma: no cover
        st = self._step()
        assert st is not None  # (the lesson is not done)
        self.refused = None
        if a not in self.expected():
            self.refused = st.get("wrong") or f"Not this time. {st['hint']}"
            self.rival_moves = []
            return False
        g.apply(a)
        self.praise = st["well_done"]
        self.step += 1
        self._rival_turns()
        return True

    def _rival_turns(self) -> None:
        """The rival answers until the learner is to act (or the game is over)."""
        from engine.ai.simple import choose
        g = self._game()
        first = len(g.events)
        for _ in range(MAX_RIVAL_MOVES):
            if g.is_over or not g.to_act or LEARNER in g.to_act:
                # what the rival did, as the learner's log reads it (never a hidden card's name)
                self.rival_moves = g.log_lines(LEARNER, first)
                return
            p = g.to_act[0]
            legal = g.legal_actions(p)
            a = None
            if self.rival_script:
                hits = matching(g, p, self.rival_script[0])
                if hits:
                    a = hits[0]
                    self.rival_script.pop(0)
            if a is None and len(legal) == 1:
                a = legal[0]
            if a is None:
                a = next((x for x in legal if x.type == "pass"), None)
            if a is None:
                a = choose(g.view(p), legal, self.rng)
            g.apply(a)
        raise TutorialError(f"the rival made {MAX_RIVAL_MOVES} moves in a row: check the lesson's script")

    # -------------------------------------------------------------- what the page shows

    def highlight(self) -> dict | None:
        """The current step's highlight, with what it points at: the ids of the named card's copies the
        learner can see, the row's side, or the offered actions of the button's type."""
        st = self._step()
        if st is None or not st.get("highlight"):
            return None
        h = dict(st["highlight"])
        g = self._game()
        if "card" in h:
            from engine.capeclash.scenario import _card_is
            me = g.players[LEARNER]
            seen = set(g.in_play) | set(me.hand) | {i for i in me.resources}
            seen |= {i for pl in g.players for i in pl.resources if g.cards[i].face_up}
            h["iids"] = [i for i in sorted(seen) if _card_is(g, i, h["card"])]
        elif "row" in h:
            h["side"] = SIDES[h.get("side", "you")]
        elif "button" in h:
            h["actions"] = [str(a) for a in g.legal_actions(LEARNER) if a.type == h["button"]]
        return h

    def info(self) -> dict:
        """The tutorial's part of the page's state (see ``apps.webapi`` ``tutorial_state``)."""
        spec, done = self.spec, self.lesson_done
        st = self._step()
        last = self.lesson == len(self.lessons) - 1
        return {
            "title": self.data["tutorial"], "lesson": self.lesson, "lessons": len(self.lessons),
            "lesson_title": spec["title"], "teaches": spec.get("teaches"), "intro": spec.get("intro"),
            "step": self.step, "steps": len(spec["steps"]),
            "hint": st["hint"] if st else (spec.get("outro") or "Lesson complete."),
            "expected": [str(a) for a in self.expected()], "highlight": self.highlight(),
            "well_done": self.praise, "refused": self.refused, "rival_moves": list(self.rival_moves),
            "done": done, "outro": spec.get("outro") if done else None,
            "next_lesson": self.lesson + 1 if done and not last else None, "finished": done and last,
            "titles": [ls["title"] for ls in self.lessons],
        }


# ------------------------------------------------------------------ files

def is_tutorial(data) -> TypeGuard[dict]:
    return isinstance(data, dict) and "tutorial" in data and "lessons" in data


def find_tutorial(paths) -> tuple[dict | None, str | None]:
    """The first tutorial file under ``paths`` (CPython side: it reads YAML): (data, its path)."""
    from engine.core.data import data_files, read_data
    for f in data_files(paths):
        if f.suffix in (".yaml", ".yml", ".json"):
            data, _ = read_data(f)
            if is_tutorial(data):
                return data, str(f)
    return None, None


def load_tutorial(path, pool: CardPool) -> dict:
    """Read and check a tutorial file (playing every lesson); raises DataError listing every problem."""
    from engine.core.data import read_data
    data, lines = read_data(path)
    problems = check_tutorial(data, pool, str(path))
    if problems:
        lines.locate(problems, str(path))  # each at its field's line
        raise DataError(problems)
    assert isinstance(data, dict)  # (check_tutorial reports anything else)
    return data


def tutorial_bundle(paths, pool: CardPool) -> tuple[dict | None, list[str]]:
    """The tutorial for the browser's card bundle (plain JSON data), checked and played through;
    a tutorial with problems is left out and its problems returned (CPython side)."""
    try:
        data, path = find_tutorial(paths)
    except DataError as e:
        return None, [f"{p} (the tutorial is left out)" for p in e.problems]
    if data is None:
        return None, []
    problems = check_tutorial(data, pool, path)
    if problems:
        return None, [f"{p} (the tutorial is left out)" for p in problems]
    return data, []


# ------------------------------------------------------------------ the browser's requests

class TutorialOps:
    """The tutorial's requests, mixed into ``apps.webapi.Session`` (which provides ``pool``,
    ``game``, ``seats``, ``_state`` and ``tutorial_data``, the bundle's ``tutorial``).

    - ``tutorial_lessons()``: the tutorial's title, intro and lessons (for the title screen).
    - ``tutorial_start(lesson=0)``: start a lesson; it becomes the session's game (seat 0 is the
      learner, seat 1 the rival played by the tutorial).
    - ``tutorial_state()``: the state of the lesson in progress.
    - ``tutorial_apply(action)``: the learner's move (an offered action's text). An illegal move is
      refused by the engine (an error; nothing changes); a legal move that is not the step's is not
      played and ``tutorial.refused`` says why.

    Each returns what ``state`` returns for seat 0 plus ``tutorial`` (``Tutorial.info``):
    ``{title, lesson, lessons, lesson_title, teaches, intro, step, steps, hint, expected: [action
    texts], highlight, well_done, refused, rival_moves, done, outro, next_lesson, finished, titles}``.
    While a lesson is in progress the page sends moves with ``tutorial_apply``, not ``apply``.
    """

    _tutorial: Tutorial | None = None
    if TYPE_CHECKING:  # provided by the session this is mixed into
        pool: CardPool
        game: object
        seats: list[dict]
        ai_rngs: dict[int, Rng]
        _policies: dict[int, object]
        auto: set[int]
        standing: dict[int, dict[str, str]]

        def _state(self, g: Game, viewer: int | None, since: int, seats: list[dict]) -> dict: ...

    def _tutorial_data(self) -> dict:
        data = getattr(self, "tutorial_data", None)
        if not data:
            raise WebError("no_tutorial", "this build has no tutorial (card_data/tutorial)")
        return data

    def op_tutorial_lessons(self) -> dict:
        """The tutorial's title, intro and the title of each lesson."""
        data = self._tutorial_data()
        return {"title": data.get("tutorial"), "intro": data.get("intro"),
                "lessons": [{"index": i, "title": ls.get("title"), "teaches": ls.get("teaches")}
                            for i, ls in enumerate(data.get("lessons") or [])]}

    def op_tutorial_start(self, lesson: int = 0) -> dict:
        """Start lesson ``lesson`` (0 first); returns its state."""
        data = self._tutorial_data()
        t = self._tutorial
        if t is None or t.data is not data:
            try:
                t = Tutorial(self.pool, data, "tutorial")
            except DataError as e:
                raise WebError("bad_tutorial", "the tutorial cannot be read", [str(p) for p in e.problems]) from None
        n = len(t.lessons)
        if not lesson < n:
            raise WebError("bad_request", f"field 'lesson': there are {n} lessons, 0 to {n - 1}; not {lesson}",
                           [f"field 'lesson': a lesson from 0 to {n - 1}, not {lesson}"])
        g = t.start(lesson)
        self._tutorial = t
        self.game = g
        self.seats = [{"name": g.players[LEARNER].name, "ai": None}, {"name": g.players[RIVAL].name, "ai": "normal"}]
        self.ai_rngs, self._policies = {}, {}
        # the session's marks of the game it replaces (moves answered for a player, remembered answers)
        # belong to that game: a save of the lesson must not carry them
        self.auto, self.standing = set(), {}
        return self._tutorial_state()

    def _active_tutorial(self) -> Tutorial:
        t = self._tutorial
        if t is None or t.game is None or self.game is not t.game:
            raise WebError("no_tutorial", "no tutorial lesson is in progress: start one with tutorial_start")
        return t

    def op_tutorial_state(self) -> dict:
        """The lesson in progress, as seat 0 sees it."""
        self._active_tutorial()
        return self._tutorial_state()

    def op_tutorial_apply(self, action) -> dict:
        """The learner's move (see the class docstring); returns the new state."""
        self._active_tutorial().apply(action)
        return self._tutorial_state()

    def _tutorial_state(self) -> dict:
        t = self._active_tutorial()
        out = self._state(t._game(), LEARNER, 0, self.seats)
        out["can_undo"] = False   # the script follows the game: no take-backs in a lesson
        out["tutorial"] = t.info()
        return out
