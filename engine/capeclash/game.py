"""The one entry object: ``Game``.

A game is created from a config (mode, players and their decks, seed). At any
moment exactly one question is open (``decision``), asked of one player (or,
in two-headed teammates, of both players of the side whose turn it is).
``legal_actions(player)`` lists every answer that player may give;
``apply(action)`` carries one out and returns the events it caused. An
illegal action raises ``IllegalActionError`` and leaves the game untouched.

>>> from engine.capeclash.testing import sample_game
>>> g = sample_game(seed=7)
>>> g.decision["type"]
'choose_first'
>>> a = g.legal_actions(g.to_act[0])[0]
>>> events = g.apply(a)
>>> g.decision["type"]
'place_main'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Container, Iterable
from typing import Any

from engine.capeclash import (
    combat,
    effects,
    ending,
    flow,
    keywords,
    legality,
    levels,
    moves,
    powers,
    queries,
    resolve,
    setup,
    stats,
    triggers,
    zones,
)
from engine.capeclash.caches import Caches
from engine.capeclash.config import (  # noqa: F401  (MAX_*, config_problems: imported from here too)
    MAX_PLAYER_NAME,
    MAX_SEED,
    MAX_TURNS,
    MODES,
    config_from_json,
    config_json,
    config_problems,
    normalise_config,
)
from engine.capeclash.effects import Frame
from engine.capeclash.stack import CombatStep, KeepMain, Payment, StackEntry, TurnStart, Waiting, XpGain
from engine.capeclash.state import Card, Combat, Decision, Player, Trigger
from engine.cardlang.cards import CardPool
from engine.core.actions import Action
from engine.core.errors import CapeClashError, IllegalActionError, SaveError
from engine.core.log import _NONE, Event
from engine.core.protocol import Decisions
from engine.core.replay import Replayable, is_version, replay_save
from engine.core.rng import Rng

SAVE_FORMAT = "capeclash-save"
SAVE_VERSION = 1

# One action (with everything it sets in motion until the next decision) runs at most this many steps
# of the main loop: a runaway effect stops with a clear error instead of hanging (see _advance).
MAX_STEPS_PER_ACTION = 200_000


class Game(Decisions, Replayable):
    """One game of Cape Clash. It owns the state (the fields below), runs the main loop
    (``_advance``), applies actions, saves, loads and copies. The rules it runs live in the modules
    named for them (see ``engine.capeclash``): ``flow`` (phases and steps), ``moves`` (legal actions),
    ``resolve`` (what an action does), ``legality`` (why one is illegal), ``triggers``, ``queries``,
    ``keywords``, ``ending``, ``levels``, ``setup``; the public ones are offered here as methods."""

    game = "capeclash"  # the ruleset (engine.core.protocol); Derring-Dice games say "dice"

    # Slots, not an instance dict: a game has more fields than CPython 3.11 keeps in a shared-key
    # dict, and slot reads are the fastest attribute access there is (the engine reads its own
    # fields several hundred times per action). ``fields`` lists them for copying.
    __slots__ = (
        # configuration and the card pool
        "defs", "config", "mode", "sides", "side_players", "side_team", "statics_grant", "caches",
        # the state
        "rng", "cards", "players", "in_play", "machines", "turn", "active", "first_side", "chooser", "phase",
        "step_player", "queue", "decision", "stack", "pending", "combat", "clock", "used_powers",
        "plots_played", "times_attacked", "moved", "declaring", "declaring_player", "attacked_this_turn",
        "quiet_turns", "result", "events", "_actions", "dirty", "check_end", "any_grants",
        "lasting", "tallies",  # players' lasting abilities, per-card tallies (restrictions.py)
        # caches: worked out from the state, never saved (listed in caches.FIELDS; the switch
        # that turns every shortcut off is ``caches``)
        "view_cache", "face_cache", "chars_cache", "kw_present", "statics_cache", "live_cache", "offzone_cache",
        "plays_cache", "targets_seen", "memo", "in_statics", "_actions_json",
        "restricts_cache", "unrestricted", "tallies_cache", "heard_cache",
    )

    # the fields' types (the modules in this package read and write them; Game owns them)
    defs: CardPool
    config: dict
    mode: str
    sides: list[int]
    side_players: dict[int, list[int]]   # side -> its players
    side_team: dict[int, int]            # side -> its team
    statics_grant: bool
    caches: Caches
    rng: Rng
    cards: dict[int, Card]
    players: list[Player]
    in_play: list[int]
    machines: list[int]
    turn: int
    active: int                          # the side whose turn it is
    first_side: int
    chooser: int
    phase: str
    step_player: int | None              # the player whose build step it is
    queue: list[int]
    decision: Decision | None
    stack: list[Frame | StackEntry]      # effect frames and the entries of ``stack.py``
    pending: list[Trigger]
    combat: Combat | None
    clock: int
    used_powers: list[str]
    plots_played: dict[str, int]
    times_attacked: dict[str, int]
    moved: list[int]
    declaring: list[int]
    declaring_player: int | None
    attacked_this_turn: bool
    quiet_turns: int
    result: dict | None
    events: list[Event]
    _actions: list[Action]
    _actions_json: list[dict]
    dirty: bool
    check_end: bool
    any_grants: bool
    lasting: list[dict]
    tallies: dict[str, int]
    view_cache: dict | None
    face_cache: dict
    chars_cache: dict[int | None, list[Card]]
    kw_present: Container[str] | None
    statics_cache: list[Card] | None
    live_cache: list[int] | None
    offzone_cache: tuple[int, bool]
    plays_cache: tuple[int, Any]
    targets_seen: dict | None
    memo: dict
    restricts_cache: tuple[int, bool]
    unrestricted: int
    tallies_cache: tuple[int, bool]
    heard_cache: tuple[int, frozenset]
    in_statics: bool

    def __init__(self, pool: CardPool, config: dict, caches: bool | None = None):
        """``caches=False`` turns every shortcut off (see ``engine.capeclash.caches``); ``None``: on unless
        ``CAPECLASH_NO_CACHES`` is set."""
        self._initial_fields(pool, config, caches)
        setup.deal(self)
        position = self.config.get("position")
        if position is not None:
            from engine.capeclash.position import (
                lay_out,  # a scenario's or a puzzle's start, laid out on the deal
            )
            lay_out(self, position)
        self.statics_grant = keywords.granting_statics_possible(self)
        self._advance()

    @classmethod
    def blank(cls, pool: CardPool, config: dict, caches: bool | None = None) -> Game:
        """A game of this config with every field at its initial value (empty caches included) and
        its seats taken (players, sides, teams), but no card dealt, no start position laid out and no
        decision asked: what the computer players fill in from a player's view
        (``engine.ai.capeclash.sample_state``). A field added to ``__init__`` starts here too."""
        g = cls.__new__(cls)
        g._initial_fields(pool, config, caches)
        setup.seat(g)
        return g

    def _initial_fields(self, pool: CardPool, config: dict, caches: bool | None) -> None:
        self.defs = pool
        self.caches = Caches(caches)
        self.statics_grant = False  # could a continuous ability grant keywords in this game? (set up below)
        self.config = normalise_config(config, pool)
        mode = self.config["mode"]
        n = len(self.config["players"])
        lo, hi = MODES[mode]
        if not lo <= n <= hi:
            raise ValueError(f"mode {mode!r} needs {lo}-{hi} players, got {n}")
        self.mode = mode
        self.rng = Rng(self.config["seed"])
        self.cards: dict[int, Card] = {}
        self.players: list[Player] = []
        self.in_play: list[int] = []
        self.machines: list[int] = []  # machines in play (in rows, but not characters)
        self.turn = 0
        self.active = 0
        self.first_side = 0
        self.phase = "setup_first"
        self.step_player: int | None = None
        self.queue: list[int] = []
        self.decision: Decision | None = None
        self.stack: list[Frame | StackEntry] = []
        self.pending: list[Trigger] = []
        self.combat: Combat | None = None
        self.clock = 0
        self.used_powers: list[str] = []
        self.plots_played: dict[str, int] = {}     # player -> plot twists played this turn
        self.times_attacked: dict[str, int] = {}   # character -> times attacked this turn
        self.moved: list[int] = []
        self.declaring: list[int] = []
        self.declaring_player: int | None = None
        self.attacked_this_turn = False
        self.quiet_turns = 0
        self.result: dict | None = None
        self.events: list[Event] = []
        self._actions: list[Action] = []  # every action so far (``actions`` gives them as JSON)
        self._actions_json: list[dict] = []
        self.dirty = False
        self.check_end = False
        self.view_cache: dict | None = None
        self.face_cache: dict = {}
        self.chars_cache: dict = {}
        self.kw_present: set | None = None
        self.statics_cache: list | None = None
        self.live_cache: list[int] | None = None
        self.offzone_cache: tuple[int, bool] = (-1, False)
        self.plays_cache: tuple[int, list] = (-1, [])  # see powers.possible_plays
        self.targets_seen: dict | None = None
        self.memo: dict = {}
        self.in_statics = False
        self.any_grants = False  # set once a keyword has been granted in this game
        self.lasting: list[dict] = []       # lasting abilities and restrictions of players
        self.tallies: dict[str, int] = {}   # per-card tallies ("stuns:12": characters it stunned)
        self.restricts_cache: tuple[int, bool] = (-1, False)
        self.unrestricted = -1
        self.tallies_cache: tuple[int, bool] = (-1, False)
        self.heard_cache: tuple[int, frozenset] = (-1, frozenset())

    # ================================================================== questions
    # Read-only questions (engine/capeclash/queries.py and keywords.py), offered as methods.

    name = queries.name
    players_of = queries.players_of
    live_players_of = queries.live_players_of
    team_of_side = queries.team_of_side
    side_name = queries.side_name
    are_enemies = queries.are_enemies
    controller = queries.controller
    characters = queries.characters
    face_up_characters = queries.face_up_characters
    cids_in_game = queries.cids_in_game
    live_sides = queries.live_sides
    main_alive = queries.main_alive
    main_in_play = queries.main_in_play
    turn_order_from = queries.turn_order_from
    teams_of = queries.teams_of
    is_protecting = queries.is_protecting
    can_recover = queries.can_recover

    has_keyword = keywords.has_keyword
    keywords_of = keywords.keywords_of
    kw_possible = keywords.kw_possible
    kw_param = keywords.kw_param
    mimic_sources = keywords.mimic_sources
    names_of = keywords.names_of
    impersonating = keywords.impersonating
    powers_lost = keywords.powers_lost
    static_sources = keywords.static_sources
    statics_on = keywords.statics_on
    offzone_possible = keywords.offzone_possible

    # ================================================================== rules every module calls
    # (engine/capeclash/triggers.py, moves.py, ending.py, levels.py)

    emit = triggers.emit
    emit_player = triggers.emit_player
    emit_enemies = triggers.emit_enemies
    _options = moves.options  # behind legal_actions (engine.core.protocol.Decisions)
    main_knocked_out = ending.main_knocked_out
    eliminate = ending.eliminate
    gain_xp = levels.gain_xp
    change_level = levels.change_level

    # ================================================================== state changes

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def board_changed(self) -> None:
        """Call whenever a character enters or leaves play or changes sides."""
        self.chars_cache = {}
        self.kw_present = None
        self.statics_cache = None

    def change_card(self, c: Card, cid: str) -> None:
        """A card becomes another card (a level, a transformation, a main character going back to
        its pile): everything worked out from the cards in play is worked out again. Every change
        of a card's ``cid`` goes through here."""
        c.cid = cid
        self.board_changed()
        self.dirty = True

    def keyword_granted(self) -> None:
        """An effect granted a keyword: from now on any character may have any keyword."""
        self.any_grants = True
        self.kw_present = None

    def source_gone(self, iid: int) -> None:
        """A character was stunned or left play: effects lasting 'while it stays face up' end."""
        for o in list(self.characters()):
            if o.mods and any(m.get("source") == iid for m in o.mods):
                for m in [m for m in o.mods if m["k"] == "control" and m.get("source") == iid]:
                    zones.end_control(self, o, m)  # (a control effect ends: the character goes back)
                o.mods = [m for m in o.mods if m.get("source") != iid]
                self.dirty = True

    def log(self, type: str, text: str, secret: dict[int, str] | None = None, data: dict | None = None) -> None:
        # (no **data: CPython 3.11 only specializes calls to functions with plain parameters)
        events = self.events
        # tuple.__new__ rather than a constructor call: this runs for one or two events of nearly
        # every action
        events.append(_tuple_new(Event, (len(events), type, text, secret or _NONE, data or _NONE)))

    # ================================================================== the main loop

    def _advance(self) -> None:
        steps = 0
        while self.result is None:
            steps += 1
            if steps > MAX_STEPS_PER_ACTION:
                f = self.stack[-1] if self.stack else None
                top = "the turn sequence" if f is None else f.name if isinstance(f, Frame) else f.label
                raise CapeClashError(f"the game stopped after {MAX_STEPS_PER_ACTION} steps without a decision "
                                     f"(running: {top}); an effect that never ends?", "too_many_steps")
            if self.dirty:
                self.dirty = False
                zones.check_health(self)
                zones.check_defense(self)
            if self.check_end:
                self.check_end = False
                ending.check_end(self)
                if self.result is not None:
                    break
            if self.decision is not None:
                return
            cb = self.combat
            if cb is not None and cb.stage == "window" and (not cb.attackers or cb.defender is None):
                self.log("combat", "The combat ends: nobody is left on one side of it.")
                combat.cancel(self)
                continue
            stack = self.stack
            if self.pending and not (stack and type(stack[-1]) is Frame and stack[-1].started):
                # triggers wait until the effect now resolving is finished
                triggers.queue_triggers(self)
            elif stack:
                self._run_frame(stack[-1])
            else:
                flow.proceed(self)
        self.decision = None

    def _run_frame(self, frame: Frame | StackEntry) -> None:
        # (the entries are never subclassed: their exact type, the most frequent first)
        if type(frame) is CombatStep:
            combat.step(self, frame)
        elif type(frame) is Frame:  # an effect frame
            effects.run(self, frame)
        elif isinstance(frame, Payment):
            powers.run_payment(self, frame)
        elif isinstance(frame, Waiting):
            # triggered abilities set aside while the one chosen to go first resolved
            self.stack.pop()
            self.pending[:0] = frame.items
        elif isinstance(frame, KeepMain):
            flow.keep_main(self, frame)
        elif isinstance(frame, TurnStart):
            self.stack.pop()
            flow.emit_turn_event(self, "start_of_turn", self.live_players_of(self.active))
        elif isinstance(frame, XpGain):
            self.stack.pop()
            if frame.cond and not effects.condition(self, frame.cond, effects.probe(frame.ctl, frame.src)):
                self.log("fizzle", f"{frame.name} gives no XP: its condition no longer holds.")
            else:
                self.gain_xp(frame.player, 1)
        else:
            raise AssertionError(frame)

    def ask(self, type: str, players: list[int], **info) -> None:
        self.decision = {"type": type, "players": list(players), **info}  # type: ignore[assignment]

    def ask_step(self, type: str, players: list[int]) -> None:
        """``ask`` for the turn's own steps (no options, no prompt), which follow nearly every action:
        plain parameters let CPython 3.11 specialize the call."""
        self.decision = {"type": type, "players": list(players)}

    def cancel_combat(self, why: str) -> None:
        self.log("cancel", why)
        combat.cancel(self)

    # ================================================================== actions

    def apply(self, action: Action | dict | str) -> list[Event]:
        """Carry out a legal action; returns the events it caused.

        Raises ``IllegalActionError`` (state untouched) if the action is not
        one of ``legal_actions()`` now, with the reason.
        """
        action = Action.from_json(action)
        if self.result is not None:
            raise IllegalActionError(f"{action}: the game is over", "game_over")
        if action not in self.legal_actions(action.player):
            raise IllegalActionError(legality.why_illegal(self, action), "not_legal_now")
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """The trusted path (search, simulations, replays): ``action`` must come from
        ``legal_actions``; it is carried out without checking it again."""
        first_event = len(self.events)
        self.view_cache = None
        self._actions.append(action)
        d = self.decision
        assert d is not None  # (a legal action answers the open decision)
        self.decision = None
        resolve.do(self, action, d)
        self._advance()
        memo = self.memo
        if memo:
            # The lists moves.py remembers stay valid after a quiet action that set nothing else in
            # motion: no ability waiting, nothing logged but the action itself (inline: every action).
            quiet = _QUIET.get(action.type)
            if quiet is None or len(self.events) - first_event > quiet[0] or self.stack or self.pending \
                    or self.result is not None or self.static_sources():
                self.memo = {}
            elif quiet[1]:  # it moved a character: keep only what rows cannot change
                self.memo = {k: v for k, v in memo.items() if k[0] in _ROWLESS}
        return self.events[first_event:]

    # ================================================================== views, saves

    def view(self, player: int | None = None) -> dict:
        """What ``player`` may see (``None``: a spectator). JSON-serializable."""
        from engine.capeclash.view import build_view
        return build_view(self, player)

    def log_lines(self, player: int | None = None, since: int = 0) -> list[str]:
        return [e.for_viewer(player) for e in self.events[since:]]

    def explain(self, iid: int) -> list[dict]:
        """The ATK/DEF calculation of a character, step by step."""
        return stats.explain(self, self.cards[iid])

    def state_json(self, skip_decks: bool = False) -> dict:
        """The complete state (everything, hidden cards included) as JSON data.

        ``skip_decks`` leaves out the cards lying in decks (the decks' order is still there, in the
        players' deck lists): a cheaper comparison for checks run after every action."""
        cards: Iterable[Card] = self.cards.values()
        if skip_decks:
            cards = [c for c in cards if c.zone != "deck"]
        return {
            "cards": [c.to_json() for c in cards],
            "players": [p.to_json() for p in self.players],
            "in_play": list(self.in_play), "machines": list(self.machines),
            "turn": self.turn, "active": self.active, "first": self.first_side, "phase": self.phase,
            "step_player": self.step_player, "queue": list(self.queue), "decision": self.decision,
            "stack": [f.to_json() for f in self.stack], "pending": [t.to_json() for t in self.pending],
            "combat": self.combat.to_json() if self.combat else None,
            "clock": self.clock, "used": list(self.used_powers), "moved": list(self.moved),
            "plots_played": dict(self.plots_played), "times_attacked": dict(self.times_attacked),
            "declaring": list(self.declaring), "declaring_player": self.declaring_player,
            "chooser": self.chooser, "attacked": self.attacked_this_turn, "quiet": self.quiet_turns,
            "result": self.result, "rng": self.rng.state,
            # (only when there are some: a game without them hashes as before they existed)
            **({"lasting": self.lasting} if self.lasting else {}),
            **({"tallies": dict(self.tallies)} if self.tallies else {}),
        }

    def state_hash(self) -> str:
        data = json.dumps(self.state_json(), separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def save(self) -> dict:
        """A save file: the config, every action taken and the resulting state hash."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "config": config_json(self.config),
                "actions": list(self.actions), "hash": self.state_hash()}

    @classmethod
    def load(cls, pool: CardPool, data: dict, *, source: str = "save") -> Game:
        """Rebuild a game from a save by replaying it; every problem is reported."""
        from engine.core.errors import Problem
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError([Problem(source, None, "format", f"not a Cape Clash save (expected format {SAVE_FORMAT!r})")])
        if not is_version(data.get("version"), SAVE_VERSION):
            raise SaveError([Problem(source, None, "version", f"unsupported save version {data.get('version')!r}")])
        if not isinstance(data.get("hash"), str) or not data["hash"]:  # reported with the config's problems
            no_hash = [Problem(source, None, "hash", "missing: a save without the hash of its final state "
                                                     "cannot be verified (save the game again)")]
            try:
                config_from_json(pool, data.get("config"), source)
            except SaveError as e:
                raise SaveError(e.problems + no_hash) from None
            raise SaveError(no_hash)
        config = config_from_json(pool, data.get("config"), source)
        try:
            g = cls(pool, config)
        except (ValueError, KeyError, TypeError) as e:  # e.g. a start position that does not fit the decks
            raise SaveError([Problem(source, None, "config", f"cannot start this game: {e}")]) from None
        return replay_save(g, data, source)

    @property
    def actions(self) -> list[dict]:
        """Every action taken so far, as JSON, in order (what saves and replays hold). Built from
        the actions themselves as it is read: most games are never saved."""
        js, acts = self._actions_json, self._actions
        if len(js) < len(acts):
            js.extend(a.to_json() for a in acts[len(js):])
        return js

    @actions.setter
    def actions(self, steps: list) -> None:
        self._actions = [Action.from_json(step) for step in steps]
        self._actions_json = []

    def _fresh(self) -> Game:
        return Game(self.defs, self.config, self.caches.enabled)

    def copy(self) -> Game:
        """An independent copy (for search): shares only the immutable card pool."""
        g = Game.__new__(Game)
        g._become(self)
        g.rng = Rng(self.rng.state)
        g.cards = {i: c.clone() for i, c in self.cards.items()}
        g.players = [p.clone() for p in self.players]
        g.in_play = list(self.in_play)
        g.machines = list(self.machines)
        g.queue = list(self.queue)
        g.decision = _deep_copy(self.decision) if self.decision else None
        shared: dict = {}  # a frame and the frames of its nested steps share their variables: so do the copies
        g.stack = [f.copy(shared) if isinstance(f, Frame) else f.copy(_deep_copy) for f in self.stack]
        g.pending = _deep_copy(self.pending)
        g.combat = Combat.from_json(self.combat.to_json()) if self.combat else None
        g.used_powers = list(self.used_powers)
        g.plots_played = dict(self.plots_played)
        g.times_attacked = dict(self.times_attacked)
        g.lasting = _deep_copy(self.lasting)
        g.tallies = dict(self.tallies)
        g.moved = list(self.moved)
        g.declaring = list(self.declaring)
        g.events = list(self.events)
        g._actions = list(self._actions)
        g._actions_json = list(self._actions_json)
        g.view_cache = None
        g.chars_cache = {}
        g.kw_present = None
        g.statics_cache = None
        g.memo = {}
        return g

    def drop_caches(self) -> None:
        """Forget everything worked out from the state (the fields marked as caches above), as a
        game freshly replayed to this state would have it: checks compare the two."""
        self.caches.drop(self)
        self.in_statics = False

    def describe(self, a: Action) -> str:
        """A plain-language label for an action, for menus and logs."""
        from engine.capeclash.view import describe_action
        return describe_action(self, a)


_tuple_new = tuple.__new__
_QUIET, _ROWLESS = moves.QUIET, moves.ROWLESS


def _deep_copy(x):
    """A copy of JSON-like data (dicts, lists, tuples of plain values, and the waiting abilities
    they may hold), faster than copy.deepcopy."""
    t = type(x)
    if t is dict:
        return {k: _deep_copy(v) for k, v in x.items()}
    if t is list:
        return [_deep_copy(v) for v in x]
    if t is tuple:
        return tuple(_deep_copy(v) for v in x)
    if t is Trigger:
        return x.copy(_deep_copy(x.frame))
    if t is Frame:
        return x.copy()
    return x

