"""The browser's session: JSON in, JSON out, so the page holds no rule logic.

The Web Worker (``web/static/worker.mjs``) builds one ``Session`` from the card
bundle (``cards.json``, written by ``capeclash web build``) and forwards every
request from the page to ``Session.handle``: a JSON text ``{"op": ..., ...}``
in, a JSON text ``{"ok": true, "result": ...}`` or ``{"ok": false, "error":
{...}}`` out. The page renders what comes back and sends back only actions it
was offered (by their text form).

Standard library only (it runs under Pyodide).

>>> from engine.capeclash.testing import test_pool, test_decks
>>> s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
>>> r = s.call("new_game", mode="duel", seed=3,
...            seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"}, {"name": "Bo", "ai": "normal",
...                                                               "deck": "Testbed Gloom Syndicate"}])
>>> r["view"]["decision"]["type"] in ("choose_first", "place_main")
True
"""

from __future__ import annotations

import json
import traceback

from engine.capeclash import decisions
from engine.capeclash.decks import Deck, check_deck
from engine.capeclash.effects import Frame
from engine.capeclash.futility import is_futile
from engine.capeclash.game import MODES, Game
from engine.capeclash.stack import ReactionOffer
from engine.capeclash.tutorial import TutorialOps, tutorial_bundle
from engine.cardlang import language as L
from engine.cardlang.cards import CardPool
from engine.cardlang.text import ability_lines, card_text, keyword_rules
from engine.core.actions import Action
from engine.core.errors import (
    CapeClashError,
    DataError,
    DeckError,
    Problem,
    SaveError,
    WebError,
    excerpt,
    suggest,
)
from engine.core.protocol import ruleset, ruleset_of
from engine.core.rng import Rng

WEB_SAVE_FORMAT = "capeclash-web-save"
WEB_SAVE_VERSION = 1
AI_LEVELS = ("easy", "normal", "hard")
LOG_LINES = 250  # the most recent log lines sent with each state
SEATS = {"duel": 2, "ffa": (3, 4), "2v2": 4, "two_headed": 4}

DECISION_TITLES = decisions.TITLES  # one table for the engine, this API and the terminal
PHASE_NAMES = {
    "setup_first": "Setup", "setup_place": "Setup", "setup_mulligan": "Setup", "start": "Start of turn",
    "draw": "Draw phase", "recovery": "Recovery phase", "resource": "Build phase: resource step",
    "recruit": "Build phase: recruit step", "formation": "Build phase: formation step",
    "main": "Main phase", "end": "End of turn", "cleanup": "End of turn", "over": "Game over",
}
# Where an action shows up in the UI: its group heading, and which argument names the card it is about.
ACTION_GROUPS = {
    "choose_first": ("Setup", None), "place_main": ("Setup", None), "keep": ("Setup", None),
    "mulligan": ("Setup", None), "resource": ("Resources", "card"), "recruit": ("Recruit", "card"),
    "recruit_ally": ("Recruit", "card"), "equip": ("Equip", "card"), "move": ("Formation", "card"),
    "attack": ("Attack", "card"), "shift": ("Move", "card"), "add_attacker": ("Team attack", "card"),
    "target": ("Choose a target", "card"), "cancel_attack": ("Attack", None),
    "plot": ("Plot twists", "card"), "power": ("Super powers", "card"), "power_up": ("Power up", "card"),
    "pay": ("Pay with", "source"), "choose": ("Choose", "card"), "choose_player": ("Choose", None),
    "choose_row": ("Choose", None), "pick": ("Choose", None), "strike_back": ("Strike back at", "card"),
    "order": ("Resolve first", None), "yes": ("Answer", None), "no": ("Answer", None),
    "end_step": ("Done", None), "pass": ("Done", None), "end_turn": ("Done", None),
}


# ------------------------------------------------------------------ the shape of a request

MAX_REQUEST = 20_000_000   # characters: a long game's save is well under 1 MB
MAX_TEXT = 1_000_000       # a pasted deck list or a save given as text
MAX_STEPS = 100            # computer moves in one ai_move request (the page asks for 25 at most)
# The kind of every request argument, by name; every op's parameters are listed here (a test checks
# that), so each request is checked before any op runs. Kinds ending in "?" also take null.
ARG_KINDS = {
    "viewer": "seat?", "since": "count", "mode": "name", "seats": "list?", "seed": "seed?", "options": "dict?",
    "text": "text", "source": "name", "cid": "name", "iid": "int", "action": "action", "steps": "count",
    "to": "int", "save": "save", "scenarios": "list", "level": "name", "moves": "count",
    "lesson": "count", "auto_answer": "flag?", "via": "name?", "first": "action?", "remember": "flag?",
    "key": "name",
}
_KIND_TEXT = {
    "seat": "a seat number (0, 1, ...)", "count": "a whole number, 0 or more", "int": "a whole number",
    "seed": "a whole number from 0 to 2^64 - 1", "name": "text", "text": "text", "list": "a list",
    "dict": "an object", "flag": "true or false", "action": "an action (text or an object)", "save": "a save (text or an object)",
}


def _arg_problem(kind: str, v) -> str | None:
    """Why ``v`` is not of ``kind`` (None if it is)."""
    if kind.endswith("?"):
        if v is None:
            return None
        kind = kind[:-1]
    ok = True
    if kind in ("seat", "count", "int", "seed"):
        lo, hi = {"seat": (0, 1 << 31), "count": (0, 1 << 31), "int": (-(1 << 31), 1 << 31),
                  "seed": (0, 1 << 64)}[kind]
        ok = isinstance(v, int) and not isinstance(v, bool) and lo <= v < hi
    elif kind == "name":
        ok = isinstance(v, str) and len(v) <= 1000
    elif kind == "text":
        ok = isinstance(v, str) and len(v) <= MAX_TEXT
    elif kind == "list":
        ok = isinstance(v, list)
    elif kind == "dict":
        ok = isinstance(v, dict)
    elif kind == "flag":
        ok = isinstance(v, bool)
    elif kind in ("action", "save"):
        ok = isinstance(v, (str, dict)) and not (isinstance(v, str) and len(v) > MAX_REQUEST)
    if ok:
        return None
    return f"must be {_KIND_TEXT[kind]}, not {excerpt(v, 60)}"


def _json_object(text) -> dict:
    """``text`` read as a JSON object ({} when it is not one: a plain engine save has no session fields)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _bad_request(message: str, problems: list[str] | None = None) -> WebError:
    return WebError("bad_request", message, problems or [message])


# Answers that change nothing: a decision whose only legal answer is one of these is answered for
# the player (unless they asked for full control), so nobody clicks "Pass" or "Done" for nothing.
NOTHING_ANSWERS = ("pass", "end_step", "end_turn", "no")
AUTO_LIMIT = 500
# A choice whose answers all lead to the very same game (every card, counter, decision and the RNG:
# ``Game.state_json``) changes nothing either: the order of two triggers that do not touch each other, a
# strike back that stuns nobody whichever attacker it hits. It is answered for the player too. Only
# choices among a few answers of these kinds are tried (each on a copy of the game).
SAME_ANSWER_TYPES = frozenset(("order", "strike_back", "yes", "no", "choose", "choose_row", "choose_player", "pick"))
SAME_ANSWER_LIMIT = 6
SAME_ANSWER_DEPTH = 2  # a choice is tried through at most one more such choice after it
CARD_ARGS = ("card", "target", "source", "discard")  # the arguments of an action that name a card
# Plays that may be futile (``engine.capeclash.futility``): in hot-seat, a decision whose only other
# answer is "pass" is answered with it, so the device is not handed over for nothing. (So the player at
# the device learns that the other holds nothing playable now, as with MTG Arena's auto-pass: the price
# of handing over only for a real choice; Full control asks every question.)
FUTILE_TYPES = ("plot", "power")
SHOWING_EVENTS = ("reveal",)  # log events that show cards to everyone (``data["cards"]``: which; as invariants.SHOWING_EVENTS)
BUILD_STEPS = ("resource", "recruit", "formation")  # answers given in a row at most (a game never needs so many)


# ------------------------------------------------------------------ computer players

HARD_MOVE_SECONDS = 1.5  # the browser stops the hard level's search after this long


def _make_policy(level: str, context):
    """A computer player at ``level``: engine.ai's levels, or the simple policies if it is missing."""
    try:
        from engine.ai import make_policy
    except ImportError:  # pragma: no cover - engine.ai ships with the engine
        from engine.ai.simple import choose, choose_random

        def easy(view, legal, rng):
            return choose_random(view, legal, rng) if rng.below(2) else choose(view, legal, rng)
        return {"easy": easy, "normal": choose, "hard": choose}[level]
    return make_policy(level, context)


def _takes_deadline(policy) -> bool:
    import inspect
    try:
        return "deadline" in inspect.signature(policy).parameters
    except (TypeError, ValueError):
        return False


def _public_context(game: Game):
    try:
        from engine.ai import public_context
    except ImportError:  # pragma: no cover
        return None
    return public_context(game)


def _seat_rng(seed: int, seat: int) -> Rng:
    try:
        from engine.ai.match import seat_rng
    except ImportError:  # pragma: no cover
        return Rng((seed * 0x9E3779B1 + 1013 * (seat + 1)) & ((1 << 64) - 1))
    return seat_rng(seed, seat)


# ------------------------------------------------------------------ the session

class Session(TutorialOps):
    """One browser tab's game (plus a replay being watched), driven by JSON requests."""

    def __init__(self, bundle: dict, game: str = "capeclash"):
        """``game``: which game this session plays (``WEB_GAMES``: its per-game parts)."""
        self.kind = WEB_GAMES[game]()
        self.decks: list[dict] = []
        self.games = [game]
        self.tutorial_data = None
        self.rulebook = bundle.get("rulebook")
        self.kind.setup(self, bundle)
        self.game = None
        self.seats: list[dict] = []
        self.ai_rngs: dict[int, Rng] = {}
        self.replay: dict | None = None
        self._policies: dict[int, object] = {}
        self.auto_answer = False   # answer "nothing happens" decisions for the humans (the page turns it on)
        self.auto: set[int] = set()  # indices in the game's actions that were answered that way
        # remembered answers: seat -> {an ability's name: "yes" or "no"}, given for that seat whenever
        # the ability asks it again (the player ticked "remember"); each seat sees only its own
        self.standing: dict[int, dict[str, str]] = {}

    @classmethod
    def from_pool(cls, pool: CardPool, decks: list[dict]) -> Session:
        s = cls({"cards": [], "decks": decks})
        s.pool = pool
        return s

    # -------------------------------------------------------------- transport

    def handle(self, request: str) -> str:
        """One JSON request in, one JSON response out. Never raises. A request that is not a JSON
        object with a known ``op`` and that op's arguments, each of its kind, is answered with the
        error code ``bad_request`` naming the field (``unknown_op`` for an op that does not exist)."""
        rid = None
        try:
            req = self._parse_request(request)
            rid = req.pop("id", None)
            op = req.pop("op", None)
            if op is None:
                raise _bad_request("field 'op': every request names its operation, as {\"op\": \"state\", ...}")
            result = self.call(op, **req)
            return json.dumps({"id": rid, "ok": True, "result": result})
        except WebError as e:
            err = {"code": e.code, "message": str(e), "problems": e.problems}
        except CapeClashError as e:
            probs = [str(p) for p in getattr(e, "problems", [])]
            err = {"code": e.code, "message": str(e).split("\n")[0] if probs else str(e), "problems": probs}
        except Exception as e:  # noqa: BLE001 - an engine bug must reach the page, never vanish
            err = {"code": "internal_error", "message": f"{type(e).__name__}: {e}",
                   "problems": traceback.format_exc().splitlines()[-6:]}
        return json.dumps({"id": rid, "ok": False, "error": err})

    @staticmethod
    def _parse_request(request) -> dict:
        from engine.core.data import loads_json
        if not isinstance(request, str):
            raise _bad_request(f"a request is JSON text, not {type(request).__name__}")
        if len(request) > MAX_REQUEST:
            raise _bad_request(f"the request is longer than {MAX_REQUEST} characters")
        try:
            req = loads_json(request, "request")
        except DataError as e:
            raise _bad_request(f"the request is not valid JSON: {e.problems[0]}") from None
        if not isinstance(req, dict):
            raise _bad_request(f"a request is a JSON object such as {{\"op\": \"state\"}}, not {excerpt(req, 60)}")
        if not isinstance(req.get("id"), (str, int, float, type(None))) or isinstance(req.get("id"), bool):
            req.pop("id")
            raise _bad_request("field 'id': must be a number or text")
        return req

    def call(self, op: str, **args):
        """Run one request: ``op`` with its arguments, each checked against ``ARG_KINDS`` first."""
        if not isinstance(op, str) or not op.isidentifier():
            raise _bad_request(f"field 'op': names an operation (text), not {excerpt(op, 60)}")
        fn = getattr(self, "op_" + op, None)
        if fn is None:
            raise WebError("unknown_op", f"unknown request {op!r}", [f"field 'op': no operation {excerpt(op, 60)}"])
        import inspect
        params = inspect.signature(fn).parameters
        problems = [f"field {k!r}: {op!r} takes no such argument{suggest(k, params)}" for k in args if k not in params]
        problems += [f"field {k!r}: {op!r} needs it" for k, p in params.items()
                     if p.default is inspect.Parameter.empty and k not in args]
        for k, v in args.items():
            why = _arg_problem(ARG_KINDS.get(k, "any"), v) if k in params and k in ARG_KINDS else None
            if why:
                problems.append(f"field {k!r}: {why}")
        if problems:
            raise WebError("bad_request", f"{op}: {problems[0]}", problems)
        if args.get("viewer") is not None and op not in ("new_game", "load") and self.game is not None:
            self._check_viewer(self.game, args["viewer"])  # before anything changes
        return fn(**args)

    def _check_viewer(self, g, viewer, seats: list[dict] | None = None) -> None:
        """Whose view a request may ask for (F6): a human seat, or None for the spectator. A seat
        played by the computer has no view to hand out (its hand is hidden from the humans); in a
        game of computers only (a demo) the page watches as the spectator. ``seats``: those of a game
        not yet in place (a save being loaded), else the session's."""
        if viewer is None:
            return
        seats = self.seats if seats is None else seats
        if not (isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < len(g.players)):
            raise WebError("bad_viewer", f"no seat {viewer!r}")
        if seats and viewer < len(seats) and seats[viewer].get("ai"):
            raise WebError("bad_viewer", f"seat {viewer + 1} is played by the computer: its view is hidden",
                           ["field 'viewer': a human seat, or null to watch as a spectator"])

    # -------------------------------------------------------------- catalogue

    def op_catalogue(self) -> dict:
        """What the title screen offers for this game (decks, modes, AI levels, the rulebook...)."""
        return self.kind.catalogue(self)

    def _ai_source(self) -> str:
        return "engine.ai"  # every level, the simple policy included (engine.ai.simple), lives there

    def op_validate_deck(self, text: str, source: str = "pasted deck") -> dict:
        """Check a pasted or uploaded deck list; every problem is listed."""
        return self.kind.validate_deck(self, text, source)

    # -------------------------------------------------------------- a new game

    def op_new_game(self, mode: str = "duel", seats: list | None = None, seed: int | None = None,
                    options: dict | None = None, viewer: int | None = None) -> dict:
        """Start a game (the seats' shape depends on the game: see ``CapeClashWeb`` and ``DiceWeb``)."""
        game, meta = self.kind.new_game(self, mode=mode, seats=seats, seed=seed, options=options)
        self._check_viewer(game, viewer, meta)  # before anything changes: a refused request keeps the game
        self.game, self.seats = game, meta
        self.ai_rngs = {i: _seat_rng(game.config["seed"], i) for i, m in enumerate(meta) if m["ai"]}
        self._policies = {}
        self.auto = set()
        self.standing = {}
        self._auto_run(game)
        return self.op_state(viewer=viewer)

    # -------------------------------------------------------------- reading the game

    def _need_game(self) -> Game:
        if self.game is None:
            raise WebError("no_game", "no game is in progress: start a new game")
        return self.game

    def op_state(self, viewer: int | None = None, since: int = 0) -> dict:
        """Everything the page draws for ``viewer`` (a seat, or None for a spectator)."""
        g = self._need_game()
        self._check_viewer(g, viewer)
        return self._state(g, viewer, since, self.seats)

    def _state(self, g: Game, viewer: int | None, since: int, seats: list[dict]) -> dict:
        """What the page draws: the viewer's view, the actions offered to them, recent log lines."""
        view = self._view(g, viewer)
        acts = g.legal_actions(viewer) if viewer is not None else []
        to_act = g.to_act
        decision_title, phase_name = self._titles(g)
        return {
            "view": view,
            "seats": seats,
            "to_act": to_act,
            "ai_to_act": bool(to_act) and all(seats[p]["ai"] for p in to_act) if seats else False,
            "decision_title": decision_title,
            "phase_name": phase_name,
            "actions": self._default_rows(g, self._with_targets(g, [self._action_json(g, a) for a in acts]
                                                                 + self._ahead(g, viewer, acts))),
            "log": [self._event_json(g, e, viewer) for e in g.events[max(since, len(g.events) - LOG_LINES):]],
            "log_len": len(g.events),
            "hash": g.state_hash(),
            "action_count": len(g.actions),
            "over": g.is_over,
            "result_text": self._result_text(g),
            "can_undo": self._undo_point(g) is not None,
            "trivial": self._trivial(g, viewer) is not None if viewer is not None else False,
            # the viewer's screen would show what others must not see (hot-seat hands the device over
            # before such a screen, and after it, never between two screens without secrets)
            "private": self._holds_private(g, viewer) if viewer is not None else False,
            "can_end_turn": self._can_end_turn(g, viewer, acts),
            "auto_answer": self.auto_answer,
            # the question the viewer may ask to be answered for them from now on, and their answers so far
            "remember": self._ability(g, viewer) if viewer is not None and acts else None,
            "standing": [{"key": k, "answer": v} for k, v in sorted(self.standing.get(viewer, {}).items())]
            if viewer is not None else [],
        }

    # -------------------------------------------------------------- answers that change nothing

    def _trivial(self, g, p: int, depth: int = SAME_ANSWER_DEPTH) -> Action | None:
        """The answer of ``p`` when no answer can change anything, else None: the one legal answer when
        it is pass, done or no; or the first of a few answers that all lead to the same game
        (``SAME_ANSWER_TYPES``, checked on copies, ``depth`` levels of such answers deep)."""
        if g.is_over or p not in g.to_act:
            return None
        legal = g.legal_actions(p)
        if len(legal) == 1 and legal[0].type in NOTHING_ANSWERS:
            return legal[0]
        if self._hot_seat() and isinstance(g, Game):
            # in hot-seat the device changes hands only for a real choice: plays the engine calls
            # futile (is_futile: they change nothing and set nothing off) are no choice
            real = [a for a in legal if not (a.type in FUTILE_TYPES and is_futile(g, a))]
            if len(real) == 1 and real[0].type == "pass" and len(real) < len(legal):
                return real[0]
        if depth > 0 and 2 <= len(legal) <= SAME_ANSWER_LIMIT and all(a.type in SAME_ANSWER_TYPES for a in legal) \
                and isinstance(g, Game):
            if g is not self.game:  # a copy being tried: no cache (copies come and go)
                return legal[0] if self._same_outcome(g, legal, depth) else None
            key = (id(g), len(g.actions), p, depth)
            cached = getattr(self, "_same_cache", None)
            if cached is None or cached[0] != key:
                cached = (key, self._same_outcome(g, legal, depth))
                self._same_cache = cached
            return legal[0] if cached[1] else None
        return None

    def _ability(self, g, p: int) -> str | None:
        """The name of the ability asking ``p`` "use it?" now (a triggered ability or a reaction),
        or None when ``p`` is asked something else: the key of a remembered answer."""
        d = g.decision
        if not isinstance(g, Game) or not d or d["type"] != "may_trigger" or p not in d["players"] or not g.stack:
            return None
        top = g.stack[-1]
        if isinstance(top, ReactionOffer):
            return top.trig.name
        return top.name if isinstance(top, Frame) else None

    def _given(self, g, p: int, depth: int = SAME_ANSWER_DEPTH, trivial: bool = True) -> Action | None:
        """The answer the session gives for ``p`` now: their remembered one, else (with ``trivial``)
        one that changes nothing; None when ``p`` must decide."""
        return self._standing_answer(g, p) or (self._trivial(g, p, depth) if trivial else None)

    def _standing_answer(self, g, p: int) -> Action | None:
        """``p``'s remembered answer to the question asked now, if they gave one."""
        mine = self.standing.get(p)
        key = self._ability(g, p) if mine else None
        if key is None or key not in mine:
            return None
        return next((a for a in g.legal_actions(p) if a.type == mine[key]), None)

    def _hot_seat(self) -> bool:
        """Do two or more humans share the device?"""
        return sum(1 for seat in self.seats if not seat.get("ai")) >= 2

    def _same_outcome(self, g: Game, legal: list, depth: int = SAME_ANSWER_DEPTH) -> bool:
        """Does every one of ``legal`` (one player's answers) lead to the same game, once the answers
        that change nothing after it are given (as ``_auto_run`` gives them)? Two games also count as
        the same when one player is asked the same few questions in both and each answer leads to the
        same game again (``_equivalent``): the order of two triggers when the second asks the other
        player something either way.

        The judgement is the deciding player's: it rests on nothing hidden from them (it shows on
        their screen as ``trivial``, and in hot-seat as a question answered for them). So only their
        own answers are given on the copies (another human's, answers that change nothing, would
        follow from their hand: whether they hold a plot twist they could play), and another
        player's question is looked into only when its answers are public ones (see ``_equivalent``)."""
        if not legal:
            return False
        who = legal[0].player
        after = []
        for a in legal:
            c = g.copy()
            try:
                c.apply(a)
                self._settle(c, depth - 1, who)
            except CapeClashError:
                return False
            after.append(c)
        return all(self._equivalent(after[0], c, depth, who) for c in after[1:])

    @staticmethod
    def _state_key(g: Game) -> str:
        return json.dumps(g.state_json(), sort_keys=True, separators=(",", ":"))

    def _equivalent(self, a: Game, b: Game, depth: int, who: int) -> bool:
        """Are ``a`` and ``b`` the same game, or does the player asked next in both have the same
        few answers, each leading to the same game again? Judged for ``who``: another player's
        question counts only when its answers are of the kinds that name no card (yes, no, an order,
        a choice among the public options) and none names a card hidden from ``who``."""
        if self._state_key(a) == self._state_key(b):
            return True
        if depth <= 0 or a.is_over or b.is_over or a.to_act != b.to_act or not a.to_act:
            return False
        p = a.to_act[0]
        la, lb = a.legal_actions(p), b.legal_actions(p)
        if [str(x) for x in la] != [str(x) for x in lb] or len(la) > SAME_ANSWER_LIMIT:
            return False
        if p != who:
            hidden = self._unseen(a, who)
            if any(x.type not in SAME_ANSWER_TYPES or any(x.args.get(k) in hidden for k in CARD_ARGS) for x in la):
                return False
        for x in la:
            ca, cb = a.copy(), b.copy()
            try:
                ca.apply(x)
                cb.apply(x)
                self._settle(ca, depth - 1, who)
                self._settle(cb, depth - 1, who)
            except CapeClashError:
                return False
            if not self._equivalent(ca, cb, depth - 1, who):
                return False
        return True

    def _settle(self, c, depth: int, who: int) -> None:
        """On a copy being tried: give the answers ``_auto_run`` would give ``who`` (answers that
        change nothing), up to the next real decision of theirs or anyone else's question."""
        if not self.seats:
            return
        for _ in range(AUTO_LIMIT):
            to_act = c.to_act
            if not to_act or to_act != [who] or self.seats[who]["ai"]:
                return
            answer = self._given(c, who, depth)
            if answer is None:
                return
            c.apply(answer)

    def _holds_private(self, g, p: int) -> bool:
        """Would ``p``'s screen show anything another player may not see? Such a screen needs the
        device handed over to ``p`` first (in hot-seat), and away from ``p`` after it."""
        return self.kind.holds_private(self, g, p)

    def _auto_run(self, g) -> None:
        """Answer, for the human seats, every decision whose only answer changes nothing (unless
        they asked for full control), and every question they asked to be answered as before."""
        if not self.seats or not (self.auto_answer or self.standing):
            return
        for _ in range(AUTO_LIMIT):
            to_act = g.to_act
            if not to_act or any(self.seats[p]["ai"] for p in to_act):
                return
            answers = [self._given(g, p, trivial=self.auto_answer) for p in to_act]
            if any(a is None for a in answers):
                return  # someone who may answer has a real choice
            self.auto.add(len(g.actions))
            g.apply(answers[0])

    def _can_end_turn(self, g, viewer: int | None, acts: list) -> bool:
        """May ``viewer`` end the turn now, skipping what is left of the build phase?"""
        if viewer is None or g.is_over or not acts:
            return False
        return self.kind.can_end_turn(self, g, viewer, acts)

    def op_settings(self, auto_answer: bool | None = None) -> dict:
        """The page's settings: ``auto_answer`` (off when the player wants full control)."""
        if auto_answer is not None:
            self.auto_answer = bool(auto_answer)
        return {"auto_answer": self.auto_answer}

    def op_end_turn(self, viewer: int) -> dict:
        """Finish the viewer's turn: skip the build steps left ("done") and end the turn.

        Stops early when the game asks something else (a triggered ability, a choice)."""
        g = self._need_game()
        if self.seats and self.seats[viewer]["ai"]:
            raise WebError("not_your_seat", f"seat {viewer + 1} is played by the computer")
        if not self._can_end_turn(g, viewer, g.legal_actions(viewer)):
            raise WebError("cannot_end_turn", "you cannot end the turn now")
        self._skip_steps(g, viewer, "end", mark=True)
        self._auto_run(g)
        return self.op_state(viewer=viewer)

    def _skip_steps(self, g, viewer: int, until: str, mark: bool) -> None:
        """Answer "done" for ``viewer`` through the build steps left (``until="main"``: stop at the
        main phase) and, for ``until="end"``, end the turn. Stops when anything else is asked.
        With ``mark``, the answers after the first are one move for undo."""
        turn, first = g.turn, len(g.actions)
        steps = BUILD_STEPS + (("main",) if until == "end" else ())
        for _ in range(AUTO_LIMIT):
            if g.is_over or g.turn != turn or viewer not in g.to_act:
                break
            if (g.decision or {}).get("type") not in steps:
                break
            done = [a for a in g.legal_actions(viewer) if a.type in ("end_step", "end_turn")]
            if not done:
                break
            if mark and len(g.actions) > first:
                self.auto.add(len(g.actions))
            g.apply(done[0])

    def _default_rows(self, g, actions: list[dict]) -> list[dict]:
        """A card that may be recruited (or recruited for an ally) into either row gets one of those
        offered actions marked ``default``: the row a one-click recruit uses (the page lets the player
        drag the card to the other row instead). Ranged characters default to the back row, where they
        can still attack; everyone else to the front row. Only a hint: both actions stay offered."""
        by: dict = {}
        for a in actions:
            if a["type"] in ("recruit", "recruit_ally") and a.get("row") and a.get("card") is not None:
                by.setdefault((a["type"], a["card"], a.get("ally")), []).append(a)
        for (_, iid, _), group in by.items():
            rows = {a["row"] for a in group}
            if len(group) == 1:
                group[0]["default"] = True
                continue
            if rows != {"front", "back"}:
                continue
            want = self.kind.default_row(self, g, iid)
            for a in group:
                if a["row"] == want:
                    a["default"] = True
                    break
        return actions

    def _with_targets(self, g, actions: list[dict]) -> list[dict]:
        """Each attack says whom it could then target (worked out on a copy), so the page can offer
        dragging an attacker onto its target as one move (``op_apply`` with ``first``)."""
        for a in actions:
            if a["type"] != "attack":
                continue
            c = g.copy()
            act = Action.from_json(a["text"])
            if a.get("via"):
                self._skip_steps(c, act.player, a["via"], mark=False)
            try:
                c.apply(act)
            except CapeClashError:
                continue
            then = c.legal_actions(act.player)
            a["targets"] = [{"text": str(t), "card": t["card"]} for t in then if t.type == "target"]
            # nobody could join this attack: a click on the attacker with one target can be the whole move
            a["solo"] = not any(t.type == "add_attacker" for t in then)
        return actions

    def _ahead(self, g, viewer: int | None, acts: list) -> list[dict]:
        """During the viewer's build phase: the attacks the main phase would offer if they were done
        building now (worked out on a copy), so a click on an attacker skips the rest of the build."""
        if viewer is None or not self._can_end_turn(g, viewer, acts):
            return []
        if (g.decision or {}).get("type") not in BUILD_STEPS:
            return []
        c = g.copy()
        self._skip_steps(c, viewer, "main", mark=False)
        if (c.decision or {}).get("type") != "main" or viewer not in c.to_act:
            return []
        out = []
        for a in c.legal_actions(viewer):
            if a.type == "attack":
                j = self._action_json(c, a)
                j.update(via="main", group="Attack (ends the build phase)",
                         label=f"Done building: {j['label'][0].lower()}{j['label'][1:]}")
                out.append(j)
        return out

    def _view(self, g, viewer: int | None) -> dict:
        return self.kind.view(self, g, viewer)

    def _titles(self, g) -> tuple[str | None, str]:
        return self.kind.titles(self, g)

    def _event_json(self, g, e, viewer: int | None) -> dict:
        return self.kind.event_json(self, g, e, viewer)

    def _action_json(self, g, a: Action) -> dict:
        return self.kind.action_json(self, g, a)

    def _result_text(self, g) -> str | None:
        return self.kind.result_text(self, g)

    def op_card(self, cid: str) -> dict:
        """A card's full rendered text and the rules of its keywords (card data is public)."""
        return self.kind.card(self, cid)

    def op_explain(self, iid: int) -> dict:
        """The ATK/DEF breakdown of a character in play (public information only)."""
        return self.kind.explain(self, iid)

    # -------------------------------------------------------------- acting

    def op_apply(self, action: str, viewer: int | None = None, via: str | None = None,
                 first: str | None = None, remember: bool | None = None) -> dict:
        """Carry out an offered action (its text form); returns the new state for ``viewer``.

        ``via="main"``: an attack offered ahead during the build phase: the build steps left are
        done first (checked on a copy: if the attack is not offered then, nothing changes).
        ``first``: an offered action carried out just before ``action`` (an attack, then its target:
        one move), checked on a copy the same way. ``remember``: the answer (yes or no to "use this
        ability?") is given for the player from now on whenever the same ability asks again."""
        g = self._need_game()
        a = Action.from_json(action)
        if not a.player < len(g.players):
            raise WebError("bad_request", f"field 'action': there is no seat {a.player}",
                           [f"field 'action': the seats are 0 to {len(g.players) - 1}"])
        if self.seats and self.seats[a.player]["ai"]:
            raise WebError("not_your_seat", f"seat {a.player + 1} is played by the computer")
        pre = Action.from_json(first) if first is not None else None
        if pre is not None and pre.player != a.player:
            raise WebError("bad_request", "both actions of one move must be the same player's")
        if via is not None and via != "main":
            raise WebError("bad_request", f"unknown via {via!r} (only 'main')")
        key = None
        if remember:
            key = self._ability(g, a.player)
            if key is None or a.type not in ("yes", "no") or via is not None or pre is not None:
                raise WebError("bad_request", "field 'remember': only a yes or no to an ability's \"use it?\" "
                                              "question can be remembered; nothing was changed")
        if via is not None or pre is not None:
            c = g.copy()
            if via is not None:
                self._skip_steps(c, a.player, "main", mark=False)
            for step in ([pre] if pre is not None else []) + [a]:
                if str(step) not in {str(x) for x in c.legal_actions(a.player)}:
                    raise WebError("illegal_action", f"{step} is not offered at that point: nothing was changed")
                c.apply(step)
            n0 = len(g.actions)
            if via is not None:
                self._skip_steps(g, a.player, "main", mark=True)
            if pre is not None:
                if len(g.actions) > n0:
                    self.auto.add(len(g.actions))
                g.apply(pre)
            if len(g.actions) > n0:
                self.auto.add(len(g.actions))  # the whole gesture is one move for undo
        g.apply(a)
        if key is not None:
            self.standing.setdefault(a.player, {})[key] = a.type
        self._auto_run(g)
        return self.op_state(viewer=viewer if viewer is not None else a.player)

    def op_forget(self, viewer: int, key: str) -> dict:
        """Stop answering ``key`` (an ability's name) for ``viewer``: it asks again next time."""
        g = self._need_game()
        self._check_viewer(g, viewer)
        mine = self.standing.get(viewer, {})
        if key not in mine:
            raise WebError("bad_request", f"field 'key': no answer is remembered for {excerpt(key, 80)}",
                           [f"remembered: {', '.join(mine) or 'none'}"])
        del mine[key]
        return self.op_state(viewer=viewer)

    def op_ai_move(self, viewer: int | None = None, steps: int = 1) -> dict:
        """Let the computer play up to ``steps`` decisions in a row while only AI seats are to act."""
        g = self._need_game()
        moved = []
        if steps > MAX_STEPS:
            raise _bad_request(f"field 'steps': at most {MAX_STEPS} moves in one request, not {steps}")
        for _ in range(max(1, steps)):
            to_act = g.to_act
            if not to_act or not all(self.seats[p]["ai"] for p in to_act):
                break
            p = to_act[0]
            hidden = self._unseen(g, viewer)
            a = self._ai_action(g, p, self.seats[p]["ai"], self.ai_rngs.setdefault(p, _seat_rng(0, p)))
            moved.append(_public_move(a, hidden & self._unseen(g, viewer)))
        if not moved:
            raise WebError("not_ai_turn", "no computer player is to act now")
        self._auto_run(g)
        out = self.op_state(viewer=viewer)
        out["ai_actions"] = moved
        return out

    @staticmethod
    def _unseen(g, viewer: int | None) -> set[int]:
        """The cards hidden from ``viewer`` now (the ruleset's own account)."""
        return ruleset_of(g).unseen_cards(g, viewer)

    def _ai_action(self, g: Game, p: int, level: str, rng: Rng) -> Action:
        pol = self._policies.get(p)
        if pol is None or getattr(pol, "_cc_game", None) is not g:
            pol = _make_policy(level, _public_context(g))
            try:
                pol._cc_game = g  # a new game (or a reload) gets a new context
            except AttributeError:
                pass
            self._policies[p] = pol
        legal = g.legal_actions(p)
        if level == "hard" and _takes_deadline(pol):
            import time
            a = pol(g.view(p), legal, rng, deadline=time.monotonic() + HARD_MOVE_SECONDS)
        else:
            a = pol(g.view(p), legal, rng)
        g.apply(a)
        return a

    # computer answers that show nothing of what it holds (anything else it does may)
    QUIET_AI_MOVES = frozenset({"pass", "no", "end_step"})

    def _mark(self, g) -> tuple:
        # (and the cards each human may not see now: one they see later was shown to them)
        humans = [i for i, s in enumerate(self.seats) if not s["ai"]]
        return (g, len(g.actions), len(g.events), g.rng.state, g.turn, {h: self._unseen(g, h) for h in humans})

    def _undo_floor(self, g) -> int:
        """The undo rule (F4), in one place: undo never goes back past a point where a human was
        shown something hidden or random, since replaying is deterministic and they would then
        choose again knowing it. Such a point is any move after which a human read a private log
        line (a draw, a search, a look), the RNG moved (a shuffle, a die, a coin, a random
        pick), the turn changed (so never past one's own end of turn), or the computer made a
        move other than a quiet pass (its choices follow from its hidden cards). Checked over the
        moves made since the last look (each request), so the floor is that request's end.
        A card shown to everyone (revealed, milled from a deck) counts as shown to every human.
        Returns how many actions must be kept."""
        mark = getattr(self, "_undo_mark", None)
        if mark is None or mark[0] is not g:
            # a new or loaded game: everything before now was seen (an undo moves the mark itself)
            self._undo_floor_n = len(g.actions)
            self._undo_mark = self._mark(g)
            return self._undo_floor_n
        _, n0, e0, rng0, turn0, unseen0 = mark
        if len(g.actions) != n0:
            humans = {i for i, s in enumerate(self.seats) if not s["ai"]}
            acts = g.actions[n0:]
            revealed = (
                g.rng.state != rng0
                or g.turn != turn0
                or any(e.secret and humans & set(e.secret) for e in g.events[e0:])
                # cards shown to everyone: revealed (even if hidden again since: put back into a deck),
                # or hidden from a human before and not now (milled, played from a deck, revealed in place)
                or any(e.type in SHOWING_EVENTS and e.data.get("cards") for e in g.events[e0:])
                or any(unseen0[h] - self._unseen(g, h) for h in unseen0)
                or any(a.get("player") not in humans and a.get("type") not in self.QUIET_AI_MOVES for a in acts))
            if revealed:
                self._undo_floor_n = len(g.actions)
            self._undo_mark = self._mark(g)
        return self._undo_floor_n

    def _undo_point(self, g: Game) -> int | None:
        """How many actions to keep so that a human gets back their last decision (never below
        ``_undo_floor``)."""
        humans = {i for i, s in enumerate(self.seats) if not s["ai"]}
        if not humans or len(humans) == len(self.seats):
            return None  # undo is for games against the computer: in hot-seat it would undo a rival's move
        floor = self._undo_floor(g)
        for i in range(len(g.actions) - 1, floor - 1, -1):
            if g.actions[i].get("player") in humans and i not in self.auto:
                return i
        return None

    def op_undo(self, viewer: int | None = None) -> dict:
        """Take back the last human decision and every computer move after it."""
        g = self._need_game()
        k = self._undo_point(g)
        if k is None:
            raise WebError("nothing_to_undo", "there is no move of yours to take back since you last saw a hidden "
                           "card or a random result (a draw, a search, a shuffle, the computer's moves)")
        self.game = g.replay(k)
        self._undo_mark = self._mark(self.game)  # the floor stays where it was (at most k)
        self.auto = {i for i in self.auto if i < k}
        self._resync_ai_rngs()
        return self.op_state(viewer=viewer)

    def _resync_ai_rngs(self) -> None:
        # computer players' dice follow from the seed and how many moves each has made
        g = self._need_game()
        seed = g.config["seed"]
        self.ai_rngs = {}
        for i, s in enumerate(self.seats):
            if s["ai"]:
                self.ai_rngs[i] = _seat_rng(seed ^ (sum(1 for a in g.actions if a.get("player") == i) * 7919), i)

    # -------------------------------------------------------------- saves and replays

    def op_save(self) -> dict:
        g = self._need_game()
        return {"format": self.kind.SAVE_FORMAT, "version": WEB_SAVE_VERSION, "seats": self.seats,
                "game": g.save(), "auto": sorted(self.auto), "ai_rng": {str(k): str(r.state) for k, r in self.ai_rngs.items()},  # text: JS numbers are 53-bit
                "standing": {str(p): dict(sorted(d.items())) for p, d in sorted(self.standing.items()) if d}}

    def _engine_save_format(self) -> str:
        """The format name of the engine's own saves (the terminal game's), read as all-human games."""
        return self.kind.ENGINE_SAVE_FORMAT

    def _load_game(self, data, source: str):
        return ruleset(self.kind.NAME).load(self.pool, data, source=source)

    def _player_name(self, pl) -> str:
        return self.kind.player_name(self, pl)

    def _read_save(self, data, source: str) -> tuple[Game, list[dict], dict]:
        title = self.kind.TITLE
        if isinstance(data, str):
            from engine.core.data import loads_json
            if not data.strip():
                raise WebError("bad_save", f"{source}: not a {title} save: it is empty")
            try:
                data = loads_json(data, source)
            except DataError as e:
                if "\x00" in data or "\ufffd" in data[:1000]:  # bytes that are not text (as the browser read them)
                    raise WebError("bad_save", f"{source}: not a {title} save: it is not a text file") from None
                raise WebError("bad_save", f"not a {title} save: {e.problems[0]}") from None
        if not isinstance(data, dict):
            raise WebError("bad_save", f"{source}: not a {title} save (expected a JSON object, not {excerpt(data, 40)})")
        if data.get("format") == self._engine_save_format():  # a plain engine save: everyone human
            data = {"format": self.kind.SAVE_FORMAT, "version": WEB_SAVE_VERSION, "game": data, "seats": None}
        if data.get("format") != self.kind.SAVE_FORMAT:
            raise WebError("bad_save", f"{source}: not a {title} save (field 'format' is {excerpt(data.get('format'), 60)}, "
                                       f"not {self.kind.SAVE_FORMAT!r})")
        if data.get("version") != WEB_SAVE_VERSION:
            raise WebError("bad_save", f"{source}: field 'version': unsupported save version "
                                       f"{excerpt(data.get('version'), 30)} (this build reads version {WEB_SAVE_VERSION})")
        try:
            g = self._load_game(data.get("game"), source)
        except SaveError as e:
            raise WebError("bad_save", f"{source}: the save cannot be restored", [str(p) for p in e.problems]) from None
        names = [self._player_name(pl) for pl in g.players]
        seats = data.get("seats")
        if seats is None:  # a plain engine save: every seat human
            seats = [{"name": n, "ai": None} for n in names]
        elif not (isinstance(seats, list) and len(seats) == len(names)):
            raise WebError("bad_save", f"{source}: field 'seats' must list the game's {len(names)} seats, "
                                       f"not {excerpt(seats, 60)}")
        else:  # a seat the computer played never becomes a human one (its hand would show)
            bad = [f"field 'seats[{i}]': an object with 'ai' one of {', '.join(AI_LEVELS)} or null, "
                   f"not {excerpt(s, 60)}"
                   for i, s in enumerate(seats) if not (isinstance(s, dict) and s.get("ai") in (None, *AI_LEVELS))]
            if bad:
                raise WebError("bad_save", f"{source}: the save's seats are not ones this game has", bad)
        seats = [{"name": s["name"][:40] if isinstance(s.get("name"), str) and s["name"] else names[i],
                  "ai": s.get("ai")} for i, s in enumerate(seats)]
        # the computer players' dice: {"SEAT": "STATE"}, both digits (text: JS numbers are 53-bit)
        raw = data.get("ai_rng") or {}
        if not isinstance(raw, dict):
            raise WebError("bad_save", f"{source}: field 'ai_rng' must be an object, not {excerpt(raw, 60)}")
        rngs = {}
        for k, st in raw.items():
            st = str(st) if isinstance(st, int) and not isinstance(st, bool) else st
            if not (isinstance(k, str) and k.isdigit() and len(k) <= 3 and isinstance(st, str) and st.isdigit()
                    and len(st) <= 20 and int(st) < 1 << 64):
                raise WebError("bad_save", f"{source}: field 'ai_rng': a seat number and a dice state (digits), "
                                           f"not {excerpt(k, 30)}: {excerpt(st, 40)}")
            rngs[int(k)] = int(st)
        return g, seats, rngs

    def op_load(self, save, viewer: int | None = None, source: str = "save") -> dict:
        """Restore a save (replaying it). On any problem the current game is kept."""
        g, seats, rngs = self._read_save(save, source)
        fields = save if isinstance(save, dict) else _json_object(save)  # the session's own fields
        standing = self._read_standing(fields.get("standing"), source, len(seats))
        auto = self._read_auto(fields.get("auto"), source, len(g.actions))
        self._check_viewer(g, viewer, seats)  # before anything changes: a refused load keeps the game
        self.game, self.seats = g, seats
        self.standing = standing
        self.auto = auto
        self._resync_ai_rngs()
        for k, st in rngs.items():
            if k in self.ai_rngs:
                self.ai_rngs[k] = Rng(st)
        return self.op_state(viewer=viewer)

    @staticmethod
    def _read_auto(raw, source: str, actions: int) -> set[int]:
        """A save's ``auto``: the numbers of the actions answered for a player (undo skips them), each a
        whole number from 0 to the number of actions (None: none)."""
        if raw is None:
            return set()
        if not isinstance(raw, list):
            raise WebError("bad_save", f"{source}: field 'auto' must be a list of action numbers, not {excerpt(raw, 60)}")
        bad = [f"field 'auto[{i}]': an action number from 0 to {actions}, not {excerpt(v, 30)}"
               for i, v in enumerate(raw) if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= actions]
        if bad:
            more = [f"... and {len(bad) - 20} more"] if len(bad) > 20 else []
            raise WebError("bad_save", f"{source}: the save's list of moves answered for a player cannot be read",
                           bad[:20] + more)
        return set(raw)

    @staticmethod
    def _read_standing(raw, source: str, seats: int) -> dict[int, dict[str, str]]:
        """A save's remembered answers, ``raw``: {"SEAT": {ability name: "yes" or "no"}} (None: none)."""
        if raw is None:
            return {}
        problems = []
        out: dict[int, dict[str, str]] = {}
        if not isinstance(raw, dict):
            problems.append(f"field 'standing' must be an object, not {excerpt(raw, 60)}")
        else:
            for k, answers in raw.items():
                if not (isinstance(k, str) and k.isdigit() and int(k) < seats):
                    problems.append(f"field 'standing': {excerpt(k, 30)} is not a seat (0 to {seats - 1})")
                    continue
                if not isinstance(answers, dict):
                    problems.append(f"field 'standing.{k}' must be an object, not {excerpt(answers, 60)}")
                    continue
                for name, ans in answers.items():
                    if not isinstance(name, str) or len(name) > 1000 or ans not in ("yes", "no"):
                        problems.append(f"field 'standing.{k}': {excerpt(name, 60)}: the answer must be "
                                        f"\"yes\" or \"no\", not {excerpt(ans, 30)}")
                    else:
                        out.setdefault(int(k), {})[name] = ans
        if problems:
            raise WebError("bad_save", f"{source}: the remembered answers cannot be read", problems)
        return out

    def op_replay_open(self, save, source: str = "replay file") -> dict:
        """Open a replay (a save file) to watch step by step from the start, as a spectator."""
        g, seats, _ = self._read_save(save, source)
        actions = list(g.actions)
        start = ruleset(self.kind.NAME).new_game(self.pool, g.config)
        self.replay = {"game": start, "actions": actions, "seats": seats, "pos": 0}
        return self._replay_state()

    def op_replay_step(self, to: int) -> dict:
        """Move the replay to just after action ``to`` (0: the start)."""
        r = self.replay
        if r is None:
            raise WebError("no_replay", "no replay is open")
        to = max(0, min(int(to), len(r["actions"])))
        if to < r["pos"]:
            r["game"], r["pos"] = r["game"].replay(to), to
        g = r["game"]
        while r["pos"] < to:
            g.apply(r["actions"][r["pos"]])
            r["pos"] += 1
        return self._replay_state()

    def _replay_state(self) -> dict:
        r = self.replay
        out = self._state(r["game"], None, 0, r["seats"])
        out["replay"] = {"pos": r["pos"], "length": len(r["actions"]),
                         "last": (self._public_label(r["game"], Action.from_json(r["actions"][r["pos"] - 1]))
                                  if r["pos"] else None)}
        return out

    def _public_label(self, g, a: Action) -> str:
        """The label of a move just made, as a spectator may read it: a card it names that is hidden
        from them now ("Put a card into your resources face down", a card taken from a deck into a
        hand) is not named."""
        hidden = {v for k in CARD_ARGS if isinstance(v := a.args.get(k), int)} & self._unseen(g, None)
        return self.kind.describe(self, g, a, hidden) if hidden else g.describe(a)

    # -------------------------------------------------------------- checks

    def op_run_scenarios(self, scenarios: list) -> list[dict]:
        """Run scenario tests (as JSON data) and report each one's outcome and final state hash."""
        from engine.core.scenario import run
        sg = ruleset(self.kind.NAME).SCENARIOS
        _check_scenario_list(scenarios)
        out = []
        for sc in scenarios:
            try:
                problems = sg.check(sc["data"], self.pool, sc.get("source"))
                if problems:
                    raise DataError(problems)
                result = run(sg, sc["data"], self.pool, sc.get("source"))
                out.append({"source": sc.get("source"), "ok": result.ok, "failures": result.failures,
                            "hash": result.game.state_hash()})
            except CapeClashError as e:
                out.append({"source": sc.get("source"), "ok": False, "failures": [str(e)], "hash": None})
        return out

    def op_bench_ai(self, level: str = "normal", moves: int = 30, seed: int = 5) -> dict:
        """Time the computer's decisions at ``level`` in a fresh AI-vs-AI game (for ``capeclash bench web``)."""
        import time
        saved = dict(self.__dict__)  # the whole session (its game, undo marks, remembered answers...) comes back
        try:
            self._start_bench_game(level, seed)
            g = self.game
            times = []
            while not g.is_over and len(times) < moves:
                p = g.to_act[0]
                if len(g.legal_actions(p)) < 2:  # forced moves say nothing about thinking time
                    self._ai_action(g, p, level, self.ai_rngs[p])
                    continue
                t = time.perf_counter()
                self._ai_action(g, p, level, self.ai_rngs[p])
                times.append((time.perf_counter() - t) * 1000)
        finally:
            self.__dict__.clear()
            self.__dict__.update(saved)
        times.sort()
        if not times:
            return {"level": level, "moves": 0}
        return {"level": level, "moves": len(times), "median_ms": times[len(times) // 2],
                "mean_ms": sum(times) / len(times), "p90_ms": times[int(len(times) * 0.9)],
                "p95_ms": times[int(len(times) * 0.95)], "max_ms": times[-1]}

    def _start_bench_game(self, level: str, seed: int) -> None:
        self.kind.bench_game(self, level, seed)


def _public_move(a: Action, hidden: set[int]) -> str:
    """A computer's move as the viewer may read it: its text with "?" for each card it names that is
    hidden from the viewer both before and after it ("1:resource card=? face_up=false": a card put
    into a resource row face down, or taken from a deck into a hand). An instance id seen earlier
    (a revealed hand, a character returned to a hand) would otherwise say which card lies hidden."""
    if not any(isinstance(v, int) and not isinstance(v, bool) and v in hidden for v in a.args.values()):
        return str(a)
    return str(Action(a.player, a.type, **{k: "?" if k in CARD_ARGS and isinstance(v, int) and not isinstance(v, bool)
                                             and v in hidden else v for k, v in a.args.items()}))


def _seat_problems(seats: list, fields: tuple) -> list[str]:
    """What is wrong with the shape of a new game's ``seats`` (each an object of ``fields``)."""
    out = []
    for i, s in enumerate(seats):
        f = f"field 'seats[{i}]'"
        if not isinstance(s, dict):
            out.append(f"{f}: a seat is an object such as {{\"name\": \"Ana\", \"ai\": null}}, not {excerpt(s, 60)}")
            continue
        for k, v in s.items():
            if k not in fields:
                out.append(f"{f[:-1]}.{k}': unknown field{suggest(k, fields)}")
            elif k in ("name", "ai", "side") and v is not None and not (isinstance(v, str) and len(v) <= 1000):
                out.append(f"{f[:-1]}.{k}': must be text, not {excerpt(v, 60)}")
            elif k == "deck" and not (isinstance(v, str) or (isinstance(v, dict) and set(v) <= {"text", "source"}
                                                              and isinstance(v.get("text"), str)
                                                              and isinstance(v.get("source", ""), str))):
                out.append(f"{f[:-1]}.deck': a deck's name, or {{\"text\": DECK LIST}}, not {excerpt(v, 60)}")
    return out


def _check_scenario_list(scenarios: list) -> None:
    """``run_scenarios``' argument: a list of ``{"data": SCENARIO, "source": TEXT}``."""
    for i, sc in enumerate(scenarios):
        if not isinstance(sc, dict) or not isinstance(sc.get("data"), dict) \
                or not isinstance(sc.get("source", ""), (str, type(None))) or set(sc) - {"data", "source"}:
            raise _bad_request(f"field 'scenarios[{i}]': a scenario is {{\"data\": {{...}}, \"source\": TEXT}}, "
                               f"not {excerpt(sc, 60)}")


def problems_text(problems: list[Problem]) -> list[str]:
    return [str(p) for p in problems]


def bundle_from_paths(paths) -> dict:
    """The JSON card bundle the browser loads: cards, teams and every legal deck found (CPython side).

    A deck file with problems is left out and its problems listed under ``"problems"``; a YAML
    deck and a text deck of the same name are one deck (the YAML one is read)."""
    from pathlib import Path

    from engine.capeclash.loader import classify, data_files, load_deck, load_pool, raw_card_data, read_data
    from engine.core.errors import DataError
    pool = load_pool(paths)
    cards, teams = raw_card_data(paths)
    decks, seen, problems = [], set(), []
    files = [f for f in data_files(paths) if f.stem.startswith("deck")]
    files.sort(key=lambda f: (str(f.parent), f.stem, f.suffix == ".txt"))
    for f in files:
        try:
            if f.suffix != ".txt":
                data, _ = read_data(f)
                if classify(data) != "deck":
                    continue
            deck = load_deck(f, pool)
        except DataError as e:
            problems += [str(p) for p in e.problems]
            continue
        key = deck.name or f.stem
        if key in seen:
            continue
        seen.add(key)
        ids = {d["id"] for d in decks}
        decks.append({"id": f.stem if f.stem not in ids else str(f), "name": key,
                      "source": str(Path(f)), "deck": deck.to_json()})
    out = {"cards": cards, "teams": teams, "decks": decks, "problems": problems}
    out["tutorial"], tutorial_problems = tutorial_bundle(paths, pool)
    problems += tutorial_problems
    dice = [Path(p) / "dice" for p in paths if (Path(p) / "dice" / "rulebook.yaml").exists()]
    if dice:  # the second game, when its cards are there
        from engine.dice.cards import bundle as dice_bundle
        try:
            out["dice"] = dice_bundle([dice[0]])
        except DataError as e:
            problems += [str(p) for p in e.problems]
    return out


# ------------------------------------------------------------------ the second game: Derring-Dice

DICE_SAVE_FORMAT = "derring-dice-web-save"
DICE_DECISION_TITLES = decisions.DICE_TITLES
DICE_PHASE_NAMES = {
    "setup": "Setup", "contacts": "Contacts phase", "recruit": "Recruit phase", "equip": "Equip phase",
    "tactics": "Tactics phase", "action": "Action phase", "recovery": "Recovery phase",
}
# Where a dice action shows up: its group heading (``choose`` depends on the question) and its card.
DICE_ACTION_GROUPS = {
    "recruit": "Recruit", "equip": "Equip", "attack": "Attack", "target": "Choose a target",
    "cancel_attack": "Attack", "plot": "Play an action card", "power": "Use a card",
    "end_step": "Done", "pass": "Done", "no": "Done",
}
DICE_CHOOSE_GROUPS = {"tactics": "Trade for action cards", "intercept": "Intercept with",
                      "event_target": "Choose a target", "discard": "Discard"}


class DiceSession(Session):
    """The browser's Derring-Dice game (``engine.dice``): the same requests as ``Session``.

    ``bundle`` is ``engine.dice.cards.bundle()`` (both decks and the rulebook, as JSON data).

    >>> from engine.dice.cards import bundle
    >>> s = DiceSession(bundle())
    >>> st = s.call("new_game", seed=2, seats=[{"name": "Vex", "side": "bad", "ai": "normal"},
    ...                                        {"name": "Nova", "side": "good"}], viewer=1)
    >>> st["view"]["game"], "recruit_hand" in st["view"]["players"][0], st["ai_to_act"]
    ('dice', False, True)
    """

    def __init__(self, bundle: dict):
        super().__init__(bundle, game="dice")


# ------------------------------------------------------------------ the per-game parts of a session

class CapeClashWeb:
    """Cape Clash's part of a ``Session``: decks, modes, its titles and labels, card text. Each method
    takes the session (``ses``) whose game it serves."""

    NAME = "capeclash"
    TITLE = "Cape Clash"
    SAVE_FORMAT = WEB_SAVE_FORMAT
    ENGINE_SAVE_FORMAT = "capeclash-save"  # the terminal game's saves, read as all-human games

    def setup(self, ses, bundle: dict) -> None:
        ses.pool = CardPool.from_data(bundle["cards"], bundle.get("teams") or [])
        for d in bundle.get("decks") or []:
            deck = Deck.from_json(d["deck"] if "deck" in d else d)
            ses.decks.append({"id": d.get("id") or deck.name, "name": deck.name or d.get("id"),
                              "source": d.get("source", ""), "deck": deck})
        ses.games = ["capeclash"] + (["dice"] if bundle.get("dice") else [])  # the title screen's choice
        ses.tutorial_data = bundle.get("tutorial")  # the guided first game (engine.capeclash.tutorial)

    def holds_private(self, ses, g, p: int) -> bool:
        """Would ``p``'s screen show anything another player may not see: cards in their hand, their
        face-down resources or face-down side piles, a private log line, or an offered action about a
        hidden card (one in a deck or a hand)? Such a screen needs the device handed over to ``p``
        first (in hot-seat), and away from ``p`` after it."""
        pl = g.players[p]
        if pl.hand or any(not g.cards[i].face_up for i in pl.resources):
            return True
        if any(pl.piles.get(name) for name in pl.hidden_piles):
            return True
        if any(e.secret and p in e.secret for e in g.events[-LOG_LINES:]):
            return True
        hidden = {i for q in g.players for name in q.hidden_piles for i in q.piles.get(name, ())}
        for a in (g.legal_actions(p) if p in g.to_act else ()):
            for k in CARD_ARGS:
                v = a.args.get(k)
                c = g.cards.get(v) if isinstance(v, int) and not isinstance(v, bool) else None
                if c is not None and (c.zone in ("deck", "hand") or v in hidden
                                      or (c.zone == "resource" and not c.face_up)):
                    return True
        return False

    def can_end_turn(self, ses, g, viewer: int, acts: list) -> bool:
        """In the viewer's own turn, during the build phase or the main phase, with "done" offered."""
        d = g.decision or {}
        return g.active is not None and viewer in g.players_of(g.active) and d.get("type") in ("resource", "recruit", "formation", "main") \
            and any(a.type in ("end_step", "end_turn") for a in acts)

    def default_row(self, ses, g, iid: int) -> str:
        """Ranged characters default to the back row, where they can still attack; everyone else to
        the front row."""
        c = g.cards.get(iid)
        d = g.defs[c.cid] if c is not None and c.cid in g.defs else None
        return "back" if d is not None and "ranged" in d.keywords else "front"

    def bench_game(self, ses, level: str, seed: int) -> None:
        """A fresh duel with ``level`` in both seats, for ``op_bench_ai``."""
        if not ses.decks:
            raise WebError("no_decks", "no decks to play with")
        seats = [{"name": f"A{i}", "ai": level, "deck": ses.decks[i % len(ses.decks)]["id"]} for i in range(2)]
        ses.op_new_game(mode="duel", seats=seats, seed=seed)

    def catalogue(self, ses) -> dict:
        """Decks, modes, AI levels and the rulebook: what the title screen offers."""
        return {"decks": [self._deck_entry(ses, d) for d in ses.decks],
                "modes": [{"id": m, "players": list(MODES[m])} for m in MODES],
                "ai_levels": list(AI_LEVELS), "ai_source": ses._ai_source(), "games": ses.games,
                "rulebook": ses.rulebook, "keywords": self._keyword_help(),
                "stats": {c.id: {"atk": c.atk, "def": c.defense, "health": c.health}
                          for c in ses.pool if c.is_character}}

    def _deck_entry(self, ses, d: dict) -> dict:
        """A deck on the title screen: its main character (card id, team, how hard to learn) and
        whether it is one of the engine's test decks (kept out of the players' list)."""
        main = ses.pool[d["deck"].main] if d["deck"].main in ses.pool else None
        team = main.teams[0] if main is not None and main.teams else None
        info = ses.pool.teams.get(team) or {} if team else {}
        src = str(d["source"]).replace("\\", "/")
        return {"id": d["id"], "name": d["name"], "source": d["source"],
                "main": self._name(ses, d["deck"].main), "main_cid": d["deck"].main, "text": d["deck"].to_text(ses.pool),
                "team": team, "difficulty": getattr(main, "difficulty", None) or info.get("difficulty"),
                "style": info.get("style"), "alignment": info.get("alignment"),
                "test": "/testset/" in src or src.startswith("testset/") or d["name"].startswith("Testbed")}

    def _keyword_help(self) -> list[dict]:
        return [{"id": k, "name": k.replace("_", " ").title(), "text": keyword_rules(k)}
                for k in sorted(L.KEYWORDS)]

    def _name(self, ses, cid: str) -> str:
        return ses.pool[cid].name if cid in ses.pool else cid

    def validate_deck(self, ses, text: str, source: str = "pasted deck") -> dict:
        """Check a pasted or uploaded deck list; every problem is listed."""
        return {"deck": self._deck_from_text(ses, text, source).to_json()}

    def _deck_from_text(self, ses, text: str, source: str) -> Deck:
        if not isinstance(text, str) or not text.strip():
            raise WebError("bad_deck", f"{source}: the deck list is empty",
                           [f"{source}: paste a list like 'Main: NAME' then lines of 'COUNT CARD NAME'"])
        text = text.lstrip("\ufeff")  # a byte-order mark from a Windows editor is not part of the list
        stripped = text.lstrip()
        if stripped.startswith("{"):
            from engine.core.data import loads_json
            try:
                deck = Deck.from_data(loads_json(stripped, source), source=source)
            except DataError as e:
                raise WebError("bad_deck", f"{source}: not a valid deck list", [str(p) for p in e.problems]) from None
        else:
            deck = Deck.from_text(text, source=source)
        try:
            return check_deck(ses.pool, deck, source)
        except DeckError as e:
            n = len(e.problems)
            raise WebError("bad_deck", f"{source}: {n} problem{'s' if n != 1 else ''} in the deck list",
                           [str(p) for p in e.problems]) from None

    def _deck(self, ses, ref, seat: int) -> Deck:
        if isinstance(ref, dict) and "text" in ref:
            return self._deck_from_text(ses, ref["text"], ref.get("source") or f"seat {seat + 1}'s deck list")
        for d in ses.decks:
            if ref in (d["id"], d["name"]):
                return d["deck"]
        raise WebError("unknown_deck", f"seat {seat + 1}: no deck named {ref!r}",
                       [f"choose one of: {', '.join(d['name'] for d in ses.decks)}"])

    def new_game(self, ses, mode: str = "duel", seats: list | None = None, seed: int | None = None,
                 options: dict | None = None) -> tuple:
        """A new game and its seats (names, levels). ``seats``: ``[{"name", "deck": NAME | {"text": LIST}, "ai": null|LEVEL}]``."""
        if mode not in MODES:
            raise WebError("bad_config", f"unknown mode {mode!r}", [f"modes: {', '.join(MODES)}"])
        seats = list(seats or [])
        lo, hi = MODES[mode]
        if not lo <= len(seats) <= hi:
            raise WebError("bad_config", f"{mode} needs {lo}-{hi} players, got {len(seats)}")
        problems, specs, meta = [], [], []
        seat_problems = _seat_problems(seats, ("name", "deck", "ai"))
        if seat_problems:
            raise WebError("bad_request", f"new_game: {seat_problems[0]}", seat_problems)
        for i, s in enumerate(seats):
            ai = s.get("ai") or None
            if ai is not None and ai not in AI_LEVELS:
                problems.append(f"seat {i + 1}: unknown AI level {ai!r} (easy, normal or hard)")
            name = str(s.get("name") or (f"AI {i + 1} ({ai})" if ai else f"Player {i + 1}"))[:40]
            try:
                deck = self._deck(ses, s.get("deck"), i)
            except WebError as e:
                problems += e.problems or [str(e)]
                continue
            specs.append({"name": name, "deck": deck})
            meta.append({"name": name, "ai": ai})
        if problems:
            raise WebError("bad_config", "The game could not be set up", problems)
        if seed is None:
            seed = 1
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise WebError("bad_config", "the seed must be a whole number")
        return Game(ses.pool, {"mode": mode, "seed": seed, "players": specs, "options": options or {}}), meta

    def view(self, ses, g: Game, viewer: int | None) -> dict:
        return g.view(viewer)

    def titles(self, ses, g: Game) -> tuple[str | None, str]:
        """The open decision's title and the phase's name, for the page's header."""
        d = g.decision
        return (DECISION_TITLES.get(d["type"], d["type"]) if d else None), PHASE_NAMES.get(g.phase, g.phase)

    def event_json(self, ses, g: Game, e, viewer: int | None) -> dict:
        """A log line, with what the page animates: ``cards``, the public cards it is about (in play, or
        a plot twist being played: then ``cid`` too), and for a draw the ``player`` and how many (``n``)."""
        out = e.to_json(viewer)
        data = e.data
        if data:
            if "cards" in data:
                out["cards"] = list(data["cards"])
                if "cid" in data:
                    out["cid"] = data["cid"]
            if e.type == "draw" and "player" in data:
                out["player"], out["n"] = data["player"], data.get("n", 0)
        return out

    def action_json(self, ses, g: Game, a: Action) -> dict:
        group, key = ACTION_GROUPS.get(a.type, ("Other", None))
        out = {"text": str(a), "type": a.type, "label": g.describe(a), "group": group,
               "card": a.get(key) if key else None,
               # a plot twist or power whose effect cannot change anything now: the page warns first
               "futile": is_futile(g, a)}
        if out["futile"]:  # the warning travels with the action, wherever the page shows it
            out["label"] += " (nothing it could affect now: you would pay for nothing)"
        if a.type == "power_up":
            out["also"] = a["discard"]
        if a.type == "equip":
            out["also"] = a["target"]
        for k in ("row", "side", "ally", "who"):  # where on the table the action points
            if k in a.args:
                out[k] = a[k]
        if a.type in ("move", "shift"):
            out["row"] = a.get("row") or ("back" if g.cards[a["card"]].row == "front" else "front")
        return out

    def describe(self, ses, g: Game, a: Action, hidden: set[int]) -> str:
        """An action's label with ``hidden`` cards not named."""
        from engine.capeclash.view import describe_action
        return describe_action(g, a, hidden)

    def result_text(self, ses, g: Game) -> str | None:
        r = g.result
        if not r:
            return None
        winners = r.get("winners") if isinstance(r, dict) else None
        if winners:
            names = [g.players[w].name for w in winners if isinstance(w, int) and 0 <= w < len(g.players)]
            if names:
                return f"{' and '.join(names)} win{'s' if len(names) == 1 else ''}!"
        reason = r.get("reason") if isinstance(r, dict) else None
        return f"The game is over{': ' + str(reason) if reason else ''}."

    def card(self, ses, cid: str) -> dict:
        """A card's full rendered text and the rules of its keywords (card data is public)."""
        if cid not in ses.pool:
            raise WebError("unknown_card", f"no card {cid!r}")
        c = ses.pool[cid]
        kws = []
        for k in sorted(c.keywords):
            if k in L.KEYWORDS:
                kws.append({"id": k, "name": k.replace("_", " ").title(), "text": keyword_rules(k, c.kw_param(k))})
        return {"cid": cid, "name": c.name, "type": c.type, "teams": list(c.teams), "cost": c.cost,
                "atk": c.atk if c.is_character else None, "def": c.defense if c.is_character else None,
                "health": c.health if c.is_character else None, "level": c.level,
                "symbol": c.symbol, "flavor": c.flavor,
                "header": card_text(c).split("\n")[0],
                "lines": c.text.splitlines() if c.text else ability_lines(c, ses.pool), "keywords": kws,
                "level_up": ({"xp": c.level_up.xp, "into": self._name(ses, c.level_up.into)} if c.level_up else None)}

    def explain(self, ses, iid: int) -> dict:
        """The ATK/DEF breakdown of a character in play (public information only)."""
        g = ses._need_game()
        c = g.cards.get(iid) if isinstance(iid, int) else None
        if c is None or c.zone != "play":
            raise WebError("not_in_play", f"card {iid!r} is not a character in play")
        return {"name": g.name(iid), "rows": g.explain(iid)}

    def player_name(self, ses, pl) -> str:
        return pl.name


class DiceWeb:
    """Derring-Dice's part of a ``Session`` (``engine.dice``): two sides sharing two decks, dice in the log."""

    NAME = "dice"
    TITLE = "Derring-Dice"
    SAVE_FORMAT = DICE_SAVE_FORMAT
    ENGINE_SAVE_FORMAT = "derring-dice-save"

    def setup(self, ses, bundle: dict) -> None:
        """``bundle`` is ``engine.dice.cards.bundle()`` (both decks and the rulebook, as JSON data)."""
        from engine.dice.cards import DicePool
        cards = bundle["cards"]
        ses.pool = DicePool.from_data(cards["recruit"], cards["action"])

    def holds_private(self, ses, g, p: int) -> bool:
        return True  # every seat's screen holds its hands

    def can_end_turn(self, ses, g, viewer: int, acts: list) -> bool:
        return False  # no build phase to skip: each phase ends with its own "done"

    def default_row(self, ses, g, iid: int) -> str:
        return "team"  # a character joins the team: there are no rows

    def bench_game(self, ses, level: str, seed: int) -> None:
        """A fresh computer-vs-computer dice game, for ``op_bench_ai``."""
        ses.op_new_game(seats=[{"name": "B", "side": "bad", "ai": level},
                               {"name": "G", "side": "good", "ai": level}], seed=seed)

    def catalogue(self, ses) -> dict:
        from engine.dice.cards import TYPE_NAMES
        from engine.dice.game import PRODUCT
        return {"game": "dice", "title": PRODUCT, "ai_levels": list(AI_LEVELS), "ai_source": ses._ai_source(),
                "sides": ["bad", "good"], "rulebook": ses.rulebook,
                "decks": {"recruit": len(ses.pool.recruit), "action": len(ses.pool.action)},
                "type_names": TYPE_NAMES, "cards": {c.name: self._printed(ses, c) for c in ses.pool.recruit + ses.pool.action}}

    def _printed(self, ses, c) -> dict:
        """What is printed on a card's face besides its text (for the hand's tiles)."""
        from engine.dice.cards import ABILITIES, TRAITS, USERS
        out: dict = {"type": c.type}
        if c.is_character:
            out.update(force=c.force, traits=[TRAITS[t] for t in c.traits],
                       abilities=[ABILITIES[a] for a in c.abilities])
        elif c.deck == "recruit" and c.force:
            out["force"] = c.force
        if c.users:
            out["users"] = [USERS.get(u, u) for u in c.users]
        return out

    def new_game(self, ses, seats: list | None = None, seed: int | None = None, options: dict | None = None,
                 mode: str = "duel") -> tuple:
        """A new game and its seats (names, levels). ``seats``: two of ``{"name", "side": "bad" | "good", "ai": null | LEVEL}``."""
        from engine.dice.game import DiceGame
        if mode != "duel":  # (Cape Clash's modes: Derring-Dice has one way to play)
            raise WebError("bad_config", f"Derring-Dice is a game for two: there is no mode {excerpt(mode, 40)}",
                           ["field 'mode': leave it out, or \"duel\""])
        seats = list(seats or [])
        if len(seats) != 2:
            raise WebError("bad_config", f"Derring-Dice is for two players, got {len(seats)}")
        seat_problems = _seat_problems(seats, ("name", "side", "ai"))
        if seat_problems:
            raise WebError("bad_request", f"new_game: {seat_problems[0]}", seat_problems)
        problems, players, meta = [], [], []
        for i, s in enumerate(seats):
            s = s if isinstance(s, dict) else {}
            ai = s.get("ai") or None
            if ai is not None and ai not in AI_LEVELS:
                problems.append(f"seat {i + 1}: unknown AI level {ai!r} (easy, normal or hard)")
            side = s.get("side")
            if side not in ("bad", "good"):
                problems.append(f"seat {i + 1}: the side must be 'bad' or 'good', not {side!r}")
            name = str(s.get("name") or (f"Computer ({ai})" if ai else f"{str(side).title()} Guy"))[:40]
            players.append({"name": name, "side": side})
            meta.append({"name": name, "ai": ai})
        if all(p["side"] in ("bad", "good") for p in players) and {p["side"] for p in players} != {"bad", "good"}:
            problems.append("one player leads the bad guys and the other the good guys")
        if seed is None:
            seed = 1
        if not isinstance(seed, int) or isinstance(seed, bool):
            problems.append("the seed must be a whole number")
        opts = dict(options or {})
        if problems:
            raise WebError("bad_config", "The game could not be set up", problems)
        try:
            game = DiceGame(ses.pool, {"seed": seed, "players": players, "options": opts})
        except ValueError as e:
            raise WebError("bad_config", "The game could not be set up", [str(e)]) from None
        return game, meta

    def view(self, ses, g, viewer: int | None) -> dict:
        view = g.view(viewer)
        view.pop("legal", None)   # offered in the state, with groups
        view.pop("log", None)     # sent in the state, the recent lines only
        view.pop("engine", None)  # bookkeeping for the computer players' samplers
        return view

    def titles(self, ses, g) -> tuple[str | None, str]:
        d = g.decision
        return (DICE_DECISION_TITLES.get(d["type"], d["type"]) if d and not g.result else None,
                "Game over" if g.result else DICE_PHASE_NAMES.get(g.phase, g.phase))

    def event_json(self, ses, g, e, viewer: int | None) -> dict:
        """A log line; a die roll carries its dice, and a fight's roll-off its numbers and fighters;
        a line about characters in play (attack, roll, damage, defeat, recruit) names them
        (``cards``: their ids, for the page's animations)."""
        out = e.to_json(viewer)
        if e.data.get("cards"):
            out["cards"] = list(e.data["cards"])
        if e.data.get("dice"):
            out["dice"] = list(e.data["dice"])
        roll = e.data.get("roll")
        if roll:
            out["roll"] = {**roll, "attacker_name": g.name(roll["attacker"]), "defender_name": g.name(roll["defender"])}
        return out

    def describe(self, ses, g, a: Action, hidden: set[int]) -> str:
        """An action's label with ``hidden`` cards not named."""
        label = g.describe(a)
        for c in hidden:
            label = label.replace(g.name(c), "a card")
        return label

    def action_json(self, ses, g, a: Action) -> dict:
        if a.type == "choose":
            group = DICE_CHOOSE_GROUPS.get((g.decision or {}).get("type"), "Choose")
        else:
            group = DICE_ACTION_GROUPS.get(a.type, "Other")
        return {"text": str(a), "type": a.type, "label": g.describe(a), "group": group,
                "card": a.get("card"), "also": a.get("target")}

    def result_text(self, ses, g) -> str | None:
        r = g.result
        if not r:
            return None
        if r.get("winners"):
            w = r["winners"][0]
            return f"{g.players[w]['name']} wins: {r.get('reason')}."
        return f"A draw: {r.get('reason')}."

    def card(self, ses, cid: str) -> dict:
        """A card's full rules text and the meaning of its abilities (card data is public)."""
        from engine.dice.cards import ABILITIES, TRAITS, TYPE_NAMES
        from engine.dice.text import ABILITY_RULES, card_text
        c = ses.pool.find(cid) if isinstance(cid, str) else None
        if c is None:
            raise WebError("unknown_card", f"no card {cid!r}")
        head = TYPE_NAMES[c.type]
        if c.is_character:
            head += f" · Force {c.force}" + (" · " + "/".join(TRAITS[t] for t in c.traits) if c.traits else "")
            if c.power:
                head += f" · {c.power}"
        elif c.deck == "recruit" and c.force:
            head += f" · Force {c.force:+d}"
        abil = set(c.abilities) | set(c.gains_abilities)
        text = card_text(c)
        return {"cid": c.name, "name": c.name, "type": c.type, "header": head,
                "lines": [line for line in text.split("\n") if line],
                "keywords": [{"id": k, "name": ABILITIES[k], "text": ABILITY_RULES.get(k, ABILITIES[k])}
                             for k in sorted(abil) if k in ABILITIES and ABILITY_RULES.get(k, "\0") not in text],
                "flavor": c.flavor if c.flavor and c.flavor not in card_text(c) else None, "level_up": None}

    def explain(self, ses, iid: int) -> dict:
        raise WebError("no_breakdown", "Derring-Dice has no ATK/DEF breakdown: a card's Force is on the card")

    def validate_deck(self, ses, text: str, source: str = "pasted deck") -> dict:
        raise WebError("no_decks", "Derring-Dice has no deck lists: both players share the two decks")

    def player_name(self, ses, pl) -> str:
        return pl["name"]


WEB_GAMES = {"capeclash": CapeClashWeb, "dice": DiceWeb}
