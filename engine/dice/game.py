"""The dice game's entry object: ``DiceGame``, with the same surface as Cape Clash's ``Game``.

Two players, one leading the good guys and one the bad guys, share a Recruit deck and an
Action deck. A turn has six phases (Contacts, Recruit, Equip, Tactics, Action, Recovery); fights
are Force plus a six-sided die against Force plus a die. Every choice is an ``Action`` from
``legal_actions``; every die rolled is in the log.

>>> g = DiceGame(config={"seed": 5})
>>> g.view(0)["game"], g.phase, g.players[g.active]["side"]
('dice', 'recruit', 'bad')
>>> a = g.legal_actions(g.to_act[0])[-1]
>>> str(a)
'0:end_step'
>>> _ = g.apply(a)
>>> g.phase
'equip'
"""

from __future__ import annotations

import hashlib
import json

from engine.core.actions import Action
from engine.core.errors import IllegalActionError, Problem, SaveError
from engine.core.log import Event
from engine.core.protocol import Decisions
from engine.core.replay import MAX_PLAYER_NAME, MAX_SEED, MAX_TURNS, Replayable, is_version, replay_save
from engine.core.rng import Rng
from engine.dice import rules
from engine.dice.cards import DicePool, load_pool

PRODUCT = "Derring-Dice"
SAVE_FORMAT = "derring-dice-save"
SAVE_VERSION = 1
START_HAND = 10
SIDES = ("good", "bad")
# The optional house rule against the first player's advantage (``options.house_rule``; off by default),
# chosen by simulation (normal against normal, seeds 1-200; the bad guys' share of the games): none
# 67.3 % (1,000 games); the good guys going first 35.0 % (the good guys then won 64.5 %); the bad guys
# skipping their first Tactics phase 71.0 %; the good guys allowed to attack on their first turn 56.0 %;
# the good guys dealt extra cards (recruit, action): (2, 0) 61.0 %, (4, 0) 56.0 %, (2, 2) 58.0 %,
# (4, 2) 57.0 %, (6, 2) 47.0 %; then over more games (seeds from 1): (6, 2) 39.9 % of 1,000 (good guys
# 58.3 %), (5, 2) 44.4 % of 500 (good 54.4 %), (4, 2) 50.6 % of 500 (good 47.6 %, draws 1.8 %).
RESERVES = (4, 2)  # good_reserves: extra recruit and action cards dealt to the good guys
HOUSE_RULES = {
    "off": "none (the standard rules)",
    "good_reserves": f"the good guys are dealt {RESERVES[0]} more recruit cards and {RESERVES[1]} action cards "
                     f"at the start",
}

DECISION_NAMES = {
    "recruit": "the Recruit phase", "equip": "the Equip phase", "tactics": "the Tactics phase",
    "main": "the Action phase", "target": "choosing a target", "intercept": "choosing an interceptor",
    "battle": "playing battle cards", "event_target": "choosing a target for an event",
    "discard": "discarding down to the hand limit",
}


class DiceGame(Decisions, Replayable):
    """One game of the dice game.

    ``config``: ``{"seed": int, "players": [{"name", "side": "bad" | "good"}, ...],
    "options": {"max_turns": 60}}``; seat 0 leads the bad guys unless the sides say otherwise.
    A scenario may add ``"position"`` (see ``engine.dice.scenario``).
    """

    game = "dice"

    def __init__(self, pool: DicePool | None = None, config: dict | None = None):
        self._initial_fields(pool, config)
        position = self.config.get("position")
        if position is not None:
            from engine.dice.scenario import check_position, lay_out
            problems = check_position(position, self.pool, None, "config.position")
            if problems:  # a new game is refused what its own save would be refused (see config_problems)
                raise ValueError("; ".join(f"config '{p.field.removeprefix('config.')}': {p.message}"
                                           for p in problems))
            lay_out(self, position)
        else:
            self._setup()
        self._settle()
        if self.decision is None and self.result is None:
            self._continue()
        self.touch()

    @classmethod
    def blank(cls, pool: DicePool | None, config: dict | None) -> DiceGame:
        """A game of this config with every field at its initial value and its seats taken (names,
        sides, empty hands), but no card dealt, no start position laid out and no decision asked: what
        the computer players fill in from a player's view (``engine.dice.ai.sample_state``). A field
        added to ``__init__`` starts here too."""
        g = cls.__new__(cls)
        g._initial_fields(pool, config)
        return g

    def _initial_fields(self, pool: DicePool | None, config: dict | None) -> None:
        self.pool = pool if pool is not None else load_pool()
        self.config = normalise_config(config or {})
        self.rng = Rng(self.config["seed"])
        self.cards: list[dict] = []
        self.players: list[dict] = [{"name": p["name"], "side": p["side"], "rhand": [], "ahand": [], "turns": 0}
                                    for p in self.config["players"]]
        self.rdeck: list[int] = []
        self.adeck: list[int] = []
        self.rdisc: list[int] = []
        self.adisc: list[int] = []
        self.play: list[int] = []        # characters in play, oldest first (joining moves a card last)
        self.turn = 0
        self.active = self.seat_of("bad")
        self.phase = "setup"
        self.redo = False                # Time Travel: an Equip phase again, then Tactics without a draw
        self.tactics_drawn = False
        self.phase_leaders: list[int] = []
        self.attack: dict | None = None
        self.pending: dict | None = None  # an event waiting for its target
        self.decision: dict | None = None
        self.result: dict | None = None
        self.dice: list[int] = []        # forced rolls for scenarios, used before the generator
        self.events: list[Event] = []
        self.actions: list[dict] = []
        self._new: list[Event] = []
        self._frozen = False             # True between actions: rules may remember answers in _memo
        self._memo: dict = {}
        self.lite_views = False          # True in games sampled for a search: views without menus or log

    def touch(self, frozen: bool = True) -> None:
        """Forget remembered answers (call after changing the state by hand, as scenarios and tests may)."""
        self._memo = {}
        self._frozen = frozen

    # ================================================================== basics

    @property
    def house_rule(self) -> str:
        return self.config["options"].get("house_rule", "off")

    def seat_of(self, side: str) -> int:
        return next(i for i, p in enumerate(self.players) if p["side"] == side)

    def other(self, p: int) -> int:
        return 1 - p

    def card(self, iid: int):
        """The printed card (``DiceCard``) of a card instance."""
        return self.pool[self.cards[iid]["n"]]

    def name(self, iid: int) -> str:
        return self.cards[iid]["n"]

    def team(self, p: int) -> list[int]:
        """The characters player ``p`` controls, oldest first."""
        return [i for i in self.play if self.cards[i]["o"] == p]

    def log(self, type: str, text: str, secret: dict[int, str] | None = None, **data) -> None:
        ev = Event(len(self.events), type, text, secret, data)
        self.events.append(ev)
        self._new.append(ev)

    def roll(self, why: str) -> int:
        """One six-sided die (a scenario's forced dice first)."""
        return self.dice.pop(0) if self.dice else self.rng.below(6) + 1

    def ask(self, type: str, p: int, **info) -> None:
        self.decision = {"type": type, "players": [p], **info}

    # ================================================================== setup and turns

    def _setup(self) -> None:
        for d in self.pool.recruit:
            self.rdeck.append(self._new_card(d.name, "rdeck"))
        for d in self.pool.action:
            self.adeck.append(self._new_card(d.name, "adeck"))
        self.rng.shuffle(self.rdeck)
        self.rng.shuffle(self.adeck)
        bad, good = self.seat_of("bad"), self.seat_of("good")
        if self.house_rule == "off":
            self.log("setup", f"{self.players[bad]['name']} leads the bad guys and goes first; "
                              f"{self.players[good]['name']} leads the good guys. Both decks are shuffled.")
        else:
            self.log("setup", f"House rule: {HOUSE_RULES[self.house_rule]}. {self.players[bad]['name']} leads the "
                              f"bad guys and goes first; {self.players[good]['name']} leads the good guys. "
                              f"Both decks are shuffled.")
        for p in (bad, good):
            extra = self.house_rule == "good_reserves" and p == good
            n = START_HAND + (RESERVES[0] if extra else 0)
            self.draw(p, "recruit", n, quiet=True)
            self.log("draw", f"{self.players[p]['name']} is dealt {n} recruit cards.",
                     {p: f"You are dealt {n} recruit cards: "
                         f"{', '.join(self.name(i) for i in self.players[p]['rhand'])}."})
            if extra and RESERVES[1]:
                self.draw(p, "action", RESERVES[1], quiet=True)
                self.log("draw", f"{self.players[p]['name']} is dealt {RESERVES[1]} action cards.",
                         {p: f"You are dealt {RESERVES[1]} action cards: "
                             f"{', '.join(self.name(i) for i in self.players[p]['ahand'])}."})
        self.active = self.other(bad)
        self._begin_turn()

    def _new_card(self, name: str, zone: str, owner: int | None = None) -> int:
        self.cards.append({"n": name, "z": zone, "o": owner})
        return len(self.cards) - 1

    def draw(self, p: int, deck: str, n: int, quiet: bool = False) -> list[int]:
        """Draw ``n`` cards from the Recruit or Action deck; an empty deck is refilled from its discards."""
        pile, disc = (self.rdeck, self.rdisc) if deck == "recruit" else (self.adeck, self.adisc)
        hand = self.players[p]["rhand" if deck == "recruit" else "ahand"]
        got = []
        for _ in range(n):
            if not pile and disc:
                pile.extend(disc)
                disc.clear()
                for i in pile:
                    self.cards[i].update(z="rdeck" if deck == "recruit" else "adeck", o=None)
                self.rng.shuffle(pile)
                self.log("reshuffle", f"The {deck} deck ran out: its discard pile is shuffled into a new deck.")
            if not pile:
                break
            i = pile.pop()
            self.cards[i].update(z="rhand" if deck == "recruit" else "ahand", o=p)
            hand.append(i)
            got.append(i)
        if not quiet and got:
            who = self.players[p]["name"]
            self.log("draw", f"{who} draws {len(got)} {deck} card{'s' * (len(got) != 1)}.",
                     {p: f"You draw {', '.join(self.name(i) for i in got)} ({deck})."})
        elif not quiet:
            self.log("draw", f"The {deck} deck and its discards are empty: {self.players[p]['name']} draws nothing.")
        return got

    def _begin_turn(self) -> None:
        self.turn += 1
        self.active = self.other(self.active)
        if self.turn > self.config["options"]["max_turns"]:
            self.result = {"winners": [], "reason": f"turn limit ({self.config['options']['max_turns']}) reached",
                           "turn": self.turn - 1}
            self.log("end", f"The game stops after {self.turn - 1} turns: a draw.")
            return
        p = self.active
        pl = self.players[p]
        pl["turns"] += 1
        for i in self.play:
            c = self.cards[i]
            c.update(used=0, tur=False, icp=False, rcv=False, peek=False)
            for a in rules.attached_all(self, i):
                self.cards[a].update(rcv=False, peek=False, tur=False)
        self.redo = False
        self.tactics_drawn = False
        self.log("turn", f"Turn {self.turn}: {pl['name']} ({pl['side']} guys).")
        self.phase = "contacts"
        extra = sum(1 for i in self.team(p) if "genius" in rules.abilities(self, i))
        self.log("phase", "Contacts phase." + (f" Genius: {extra} extra card{'s' * (extra != 1)}." if extra else ""))
        self.draw(p, "recruit", 2 + extra)
        self.phase = "recruit"
        self.log("phase", "Recruit phase.")

    def _end_phase(self) -> None:
        """``end_step``: on to the next phase."""
        p = self.active
        if self.phase == "recruit":
            self.phase = "equip"
            self.log("phase", "Equip phase.")
        elif self.phase == "equip":
            self.phase = "tactics"
            if self.redo:
                self.redo = False
                self.log("phase", "Back to the Tactics phase (no second draw).")
            else:
                self.log("phase", "Tactics phase.")
                if not self.tactics_drawn:
                    self.tactics_drawn = True
                    extra = sum(rules.house(self, i, "action_draw") for i in self.team(p))
                    self.draw(p, "action", 2 + extra)
        elif self.phase == "tactics":
            self.phase = "action"
            self.log("phase", "Action phase." + (" No attacks on a player's first turn."
                                                   if self.players[p]["turns"] < 2 else ""))
        elif self.phase == "action":
            # a Leader for this phase ends with it: a hero that only its +1 kept standing is defeated
            # now, and the victory check at the end of the Action phase sees that
            self.phase_leaders = []
            self._settle()
            self._check_victory()
            if self.result is None:
                self.phase = "recovery"
                self._recovery()

    def _recovery(self) -> None:
        p = self.active
        self.log("phase", "Recovery phase.")
        for i in self.team(p):
            c = self.cards[i]
            n = 1 + ("regenerate" in rules.abilities(self, i))
            removed = []
            for _ in range(n):
                if c["dly"]:
                    c["dly"] -= 1
                    removed.append("delay")
                elif c["dmg"]:
                    c["dmg"] -= 1
                    removed.append("damage")
            if removed:
                self.log("recover", f"{self.name(i)} sheds {' and '.join(f'a {r} token' for r in removed)}"
                                    f" (now {c['dmg']} damage, {c['dly']} delay).")
        self._settle()
        self._hand_limits()

    def _hand_limits(self) -> None:
        """Recovery after the tokens, in seed 004's order: each hand is cut to its limit (7) first, a
        question for each card over it, and only then the team to its size, newest heroes going
        first; then the next turn."""
        p = self.active
        for hand in ("recruit", "action"):
            limit = rules.hand_limit(self, p, hand)
            cards = self.players[p]["rhand" if hand == "recruit" else "ahand"]
            if len(cards) > limit:
                self.ask("discard", p, hand=hand, limit=limit, count=len(cards) - limit)
                return
        self._team_limit()
        self._begin_turn()

    def _team_limit(self) -> None:
        p = self.active
        heroes = rules.heroes(self, p)  # the limit counts heroes; the newest go first
        while len(heroes) > (limit := rules.team_limit(self, p)):  # a discarded hero may take a Trophy Hall
            newest = heroes.pop()
            self.log("team_limit", f"{self.players[p]['name']}'s team is over its limit of {limit} heroes: "
                                   f"the newest hero, {self.name(newest)}, is discarded.")
            self.discard_character(newest)
        self._settle()

    # ================================================================== state-based checks

    def _settle(self) -> None:
        """Defeats (more damage than Force), controlled characters going home, and victory."""
        changed = True
        while changed:
            changed = False
            forces = rules.all_forces(self) if any(self.cards[i]["dmg"] for i in self.play) else {}
            for i in list(self.play):
                c = self.cards[i]
                if c["z"] != "play" or not c["dmg"]:
                    continue
                f = forces[i] if not changed else rules.force(self, i)
                if c["dmg"] > f:
                    self.log("defeat", f"{self.name(i)} has {c['dmg']} damage, more than its Force of {f}: "
                                       f"defeated and discarded with everything attached.", cards=[i])
                    self.discard_character(i)
                    changed = True
            for i in list(self.play):
                c = self.cards[i]
                by = c.get("by")
                if by is None:
                    continue
                ctl = self.cards[by]
                why = ("was discarded" if ctl["z"] != "play" else "is delayed" if ctl.get("dly")
                       else "changed sides" if ctl["o"] != c["o"] else None)
                if why:
                    back = c["from"]
                    c.update(o=back, by=None)
                    c["from"] = None
                    self.play.remove(i)
                    self.play.append(i)
                    c["used"] = 99  # it changed sides this turn: it does not attack again
                    self.log("control_ends", f"{self.name(by)} {why}: {self.name(i)} returns to "
                                             f"{self.players[back]['name']}'s team.")
                    changed = True
        if self.result is None and self.phase in ("tactics", "action"):
            self._check_victory()

    def _check_victory(self) -> None:
        p = self.active
        if self.players[p]["turns"] < 2 or self.result is not None:
            return
        q = self.other(p)
        if rules.neutralized(self, q):
            self.result = {"winners": [p], "reason": f"every character of the {self.players[q]['side']} guys is "
                                                     f"defeated or delayed", "turn": self.turn}
            self.log("end", f"{self.players[p]['name']} wins: the {self.players[q]['side']} guys have no "
                            f"character left that is not delayed.")
            self.decision = None

    def discard_character(self, i: int) -> None:
        """A character leaves play: it and everything attached go to the recruit discard pile."""
        for a in rules.attached_all(self, i):
            self._to_rdisc(a)
        self.play.remove(i)
        self._to_rdisc(i)
        if i in self.phase_leaders:
            self.phase_leaders.remove(i)

    def discard_aid(self, a: int) -> None:
        """An aid (with its upgrades) or an upgrade leaves play."""
        c = self.cards[a]
        host = c["on"]
        self.cards[host]["att"].remove(a)
        for u in list(c.get("att") or []):
            self._to_rdisc(u)
        self._to_rdisc(a)

    def _to_rdisc(self, i: int) -> None:
        self.cards[i] = {"n": self.cards[i]["n"], "z": "rdisc", "o": None}
        self.rdisc.append(i)

    def enter_play(self, i: int, p: int) -> None:
        self.cards[i] = {"n": self.cards[i]["n"], "z": "play", "o": p, "dmg": 0, "dly": 0, "att": [], "used": 0,
                         "tur": False, "icp": False, "rcv": False, "rec": self.turn, "by": None, "from": None,
                         "peek": False}
        self.play.append(i)

    def attach(self, a: int, host: int) -> None:
        self.cards[a] = {"n": self.cards[a]["n"], "z": "att", "o": None, "on": host, "att": [], "rcv": False,
                         "peek": False}
        self.cards[host]["att"].append(a)

    # ================================================================== actions

    def _options(self, player: int, d: dict) -> list[Action]:
        """The actions of ``player``, who is asked ``d`` (behind ``legal_actions``, from
        ``engine.core.protocol.Decisions``)."""
        from engine.dice.choices import options
        return options(self, player, d)

    def apply(self, action: Action | dict | str) -> list[Event]:
        """Carry out a legal action and return the events it caused.

        Raises ``IllegalActionError`` (with a ``code`` and the reason) and leaves the game
        untouched when the action is not legal now."""
        action = Action.from_json(action)
        if self.result is not None:
            raise IllegalActionError(f"{action}: the game is over", "game_over")
        legal = self.legal_actions(action.player)
        try:
            # the engine's own copy is carried out and recorded: an argument that only compares equal to
            # the legal one (``power=False`` for ``power=0``: Python's True == 1) would be saved as
            # written, and a save holding it could not be loaded again
            action = legal[legal.index(action)]
        except ValueError:
            from engine.dice.choices import why_illegal
            code, reason = why_illegal(self, action)
            raise IllegalActionError(reason, code) from None
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """The trusted path (search, simulations, replays): ``action`` must come from
        ``legal_actions``; it is carried out without checking it again."""
        from engine.dice.choices import do
        self.touch(frozen=False)
        self._new = []
        self.actions.append(action.to_json())
        d = self.decision
        if d is None:
            raise IllegalActionError(f"{action}: no decision is open", "no_decision")
        self.decision = None
        do(self, action, d)
        self._settle()
        if self.decision is None and self.result is None:
            self._continue()
        self.touch()
        return self._new

    def _continue(self) -> None:
        """Ask the next question once an action has been carried out."""
        from engine.dice import fight
        if self.result is not None:
            return
        if self.attack is not None:
            fight.proceed(self)
            if self.decision is not None or self.result is not None:
                return
            self._settle()
            if self.result is not None:
                return
        if self.phase == "recovery":
            self._hand_limits()
            if self.decision is None and self.result is None:
                self._continue()
            return
        self.ask({"recruit": "recruit", "equip": "equip", "tactics": "tactics", "action": "main"}[self.phase],
                 self.active)

    # ================================================================== views, saves

    def view(self, player: int | None = None) -> dict:
        """What ``player`` may see (``None``: a spectator), as JSON data."""
        from engine.dice.view import build_view
        return build_view(self, player)

    def log_lines(self, player: int | None = None, since: int = 0) -> list[str]:
        return [e.for_viewer(player) for e in self.events[since:]]

    def describe(self, a: Action) -> str:
        from engine.dice.view import describe_action
        return describe_action(self, a)

    def state_json(self, skip_decks: bool = False) -> dict:
        """The whole state, hidden cards included (``skip_decks``, which lets Cape Clash leave out its
        decks' order for speed, changes nothing here: the dice game's state is small)."""
        return {"cards": self.cards, "players": self.players, "rdeck": self.rdeck, "adeck": self.adeck,
                "rdisc": self.rdisc, "adisc": self.adisc, "play": self.play, "turn": self.turn,
                "active": self.active, "phase": self.phase, "redo": self.redo, "drawn": self.tactics_drawn,
                "leaders": self.phase_leaders, "attack": self.attack, "pending": self.pending,
                "decision": self.decision, "result": self.result, "dice": self.dice, "rng": self.rng.state}

    def state_hash(self) -> str:
        data = json.dumps(self.state_json(), separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def copy(self) -> DiceGame:
        """An independent copy (for search); shares only the card pool."""
        g = DiceGame.__new__(DiceGame)
        g.__dict__.update(self.__dict__)
        st = json.loads(json.dumps(self.state_json()))
        g.cards, g.players = st["cards"], st["players"]
        g.rdeck, g.adeck, g.rdisc, g.adisc, g.play = st["rdeck"], st["adeck"], st["rdisc"], st["adisc"], st["play"]
        g.phase_leaders, g.attack, g.pending, g.decision = st["leaders"], st["attack"], st["pending"], st["decision"]
        g.result, g.dice = st["result"], st["dice"]
        g.rng = Rng(self.rng.state)
        g.events = list(self.events)
        g.actions = list(self.actions)
        g._new = []
        g.touch()
        return g

    def save(self) -> dict:
        """The config, every action taken and the resulting state hash."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": "dice", "config": self.config,
                "actions": list(self.actions), "hash": self.state_hash()}

    @classmethod
    def load(cls, pool: DicePool | None, data: dict, *, source: str = "save") -> DiceGame:
        """Rebuild a game from a save by replaying it; every problem is reported."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError([Problem(source, None, "format", f"not a {PRODUCT} save (expected format "
                                                             f"{SAVE_FORMAT!r})")])
        problems = []
        if not is_version(data.get("version"), SAVE_VERSION):
            problems.append(Problem(source, None, "version", f"unsupported save version {data.get('version')!r}"))
        if not isinstance(data.get("config"), dict):
            problems.append(Problem(source, None, "config", "missing or malformed game config"))
        else:
            problems += [Problem(source, None, f, m) for f, m in config_problems(data["config"])]
            position = data["config"].get("position")
            if isinstance(position, dict):  # listed with the config's other problems, not only without them
                from engine.dice.scenario import check_position
                problems += check_position(position, pool if pool is not None else load_pool(), source,
                                           "config.position")
        if not isinstance(data.get("actions", []), list):
            problems.append(Problem(source, None, "actions", "must be a list of actions"))
        if problems and not (isinstance(data.get("hash"), str) and data["hash"]):
            problems.append(Problem(source, None, "hash", "missing: a save without the hash of its final state "
                                                          "cannot be verified (save the game again)"))
        if problems:
            raise SaveError(problems)
        try:
            g = cls(pool, data["config"])
        except (ValueError, KeyError, TypeError) as e:
            raise SaveError([Problem(source, None, "config", str(e))]) from None
        return replay_save(g, data, source)

    def _fresh(self) -> DiceGame:
        return DiceGame(self.pool, self.config)


CONFIG_KEYS = {"seed", "players", "options", "position"}
OPTION_KEYS = {"max_turns", "house_rule"}


def config_problems(config) -> list[tuple[str, str]]:
    """(field, what is wrong) for each problem of a game config: a new game and a loaded save are
    checked alike, so a game never starts with a config its own save could not be loaded from."""
    from engine.core.errors import excerpt, suggest
    if not isinstance(config, dict):
        return [("config", f"must be a mapping, not {excerpt(config)}")]
    out = []
    for k in config:
        if k not in CONFIG_KEYS:
            out.append((f"config.{_field_key(k)}", f"unknown field{suggest(k, CONFIG_KEYS)}"))
    seed = config.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        out.append(("config.seed", f"must be a whole number, not {excerpt(seed)}"))
    elif not 0 <= seed <= MAX_SEED:
        out.append(("config.seed", f"must be a whole number from 0 to 2^64 - 1, not {excerpt(seed)}"))
    players = config.get("players")
    if players is not None:
        if not isinstance(players, list) or len(players) != 2:
            out.append(("config.players", "the dice game has exactly two players"))
        else:
            for i, pl in enumerate(players):
                f = f"config.players[{i}]"
                if not isinstance(pl, dict):
                    out.append((f, f"a player is a mapping {{name, side}}, not {excerpt(pl)}"))
                    continue
                for k in pl:
                    if k not in ("name", "side"):
                        out.append((f"{f}.{_field_key(k)}", f"unknown field{suggest(k, ('name', 'side'))}"))
                name = pl.get("name")
                if name is not None and not isinstance(name, str):
                    out.append((f"{f}.name", f"must be text, not {excerpt(name)}"))
                elif name is not None and len(name) > MAX_PLAYER_NAME:
                    out.append((f"{f}.name", f"must be at most {MAX_PLAYER_NAME} characters, not {len(name)}"))
                side = pl.get("side", "bad" if i == 0 else "good")
                if not isinstance(side, str) or side not in SIDES:
                    out.append((f"{f}.side", f"must be 'good' or 'bad', not {excerpt(side)}"))
            sides = [pl.get("side", "bad" if i == 0 else "good") for i, pl in enumerate(players) if isinstance(pl, dict)]
            if len(sides) == 2 and all(isinstance(x, str) and x in SIDES for x in sides) and set(sides) != set(SIDES):
                out.append(("config.players", "one player leads the good guys and the other the bad guys"))
    options = config.get("options")
    if options is not None and not isinstance(options, dict):
        out.append(("config.options", f"must be a mapping, not {excerpt(options)}"))
    elif options:
        for k in options:
            if k not in OPTION_KEYS:
                out.append((f"config.options.{_field_key(k)}", f"unknown option{suggest(k, OPTION_KEYS)}"))
        mt = options.get("max_turns", 60)
        if isinstance(mt, bool) or not isinstance(mt, int) or not 1 <= mt <= MAX_TURNS:
            out.append(("config.options.max_turns", f"must be a whole number from 1 to {MAX_TURNS}, not {excerpt(mt)}"))
        hr = options.get("house_rule", "off")
        if not isinstance(hr, str) or hr not in HOUSE_RULES:
            out.append(("config.options.house_rule", f"must be one of {', '.join(HOUSE_RULES)}, not {excerpt(hr)}"))
    position = config.get("position")
    if position is not None and not isinstance(position, dict):
        out.append(("config.position", f"must be a mapping (a scenario's start), not {excerpt(position)}"))
    return out


def normalise_config(config: dict) -> dict:
    """Fill in defaults and check the config (``ValueError`` naming the field; every problem is
    listed, see ``config_problems``)."""
    problems = config_problems(config)
    if problems:
        raise ValueError("; ".join(f"the config {m}" if f == "config" else
                                   f"config '{f.removeprefix('config.')}'{'' if m.startswith('must') else ':'} {m}"
                                   for f, m in problems))
    players = config.get("players") or [{"name": "Bad Guy", "side": "bad"}, {"name": "Good Guy", "side": "good"}]
    out_players = []
    for i, p in enumerate(players):
        name = p.get("name")
        out_players.append({"name": f"Player {i + 1}" if name is None else name,
                            "side": p.get("side", "bad" if i == 0 else "good")})
    options = dict(config.get("options") or {})
    options.setdefault("max_turns", 60)
    out = {"seed": config.get("seed", 0), "players": out_players, "options": options}
    if config.get("position") is not None:
        out["position"] = config["position"]
    return out


def _field_key(k) -> str:
    """A mapping's key as part of a field's name: as written, or a bounded excerpt of an odd one."""
    from engine.core.errors import excerpt
    return k if isinstance(k, str) and len(k) <= 40 else excerpt(k, 40)
