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

from engine.capeclash import combat, decisions, effects, powers, stats, zones
from engine.capeclash.caches import Caches
from engine.capeclash.decks import Deck
from engine.capeclash.state import Card, Combat, Player
from engine.cardlang.cards import KEYWORD_TRIGGERS, CardPool
from engine.core.actions import Action, act
from engine.core.errors import CapeClashError, IllegalActionError, SaveError
from engine.core.log import _NONE, Event
from engine.core.replay import Replayable, replay_save
from engine.core.rng import Rng

MODES = {"duel": (2, 2), "ffa": (3, 4), "2v2": (4, 4), "two_headed": (4, 4)}
SAVE_FORMAT = "capeclash-save"
SAVE_VERSION = 1

# Events whose triggers look back: the character had its powers the moment before.
# One action (with everything it sets in motion until the next decision) runs at most this many steps
# of the main loop: a runaway effect stops with a clear error instead of hanging (see _advance).
MAX_STEPS_PER_ACTION = 200_000
LOOK_BACK = ("is_stunned", "is_ko")


class Game(Replayable):
    # Slots, not an instance dict: a game has more fields than CPython 3.11 keeps in a shared-key
    # dict, and slot reads are the fastest attribute access there is (the engine reads its own
    # fields several hundred times per action). ``fields`` lists them for copying.
    __slots__ = (
        # configuration and the card pool
        "defs", "config", "mode", "sides", "_side_players", "_side_team", "_statics_grant", "caches",
        # the state
        "rng", "cards", "players", "in_play", "machines", "turn", "active", "first_side", "chooser", "phase",
        "step_player", "queue", "decision", "stack", "pending", "combat", "clock", "used_powers",
        "plots_played", "times_attacked", "moved", "declaring", "declaring_player", "attacked_this_turn",
        "quiet_turns", "result", "events", "_actions", "dirty", "check_end", "any_grants",
        # caches: worked out from the state, never saved (listed in caches.FIELDS; the switch
        # that turns every shortcut off is ``caches``)
        "_view_cache", "_faces", "_chars", "_kw_present", "_statics", "_live", "_offzone",
        "_possible_plays", "_targets_seen", "_memo", "_in_statics", "_actions_json",
    )

    def __init__(self, pool: CardPool, config: dict, caches: bool | None = None):
        """``caches=False`` turns every shortcut off (see ``engine.capeclash.caches``); ``None``: on unless
        ``CAPECLASH_NO_CACHES`` is set."""
        self._initial_fields(pool, config, caches)
        self._setup()
        position = self.config.get("position")
        if position is not None:
            from engine.capeclash.position import (
                lay_out,  # a scenario's or a puzzle's start, laid out on the deal
            )
            lay_out(self, position)
        self._statics_grant = self._granting_statics_possible()
        self._advance()

    @classmethod
    def blank(cls, pool: CardPool, config: dict, caches: bool | None = None) -> Game:
        """A game of this config with every field at its initial value (empty caches included) and
        its seats taken (players, sides, teams), but no card dealt, no start position laid out and no
        decision asked: what the computer players fill in from a player's view
        (``engine.ai.capeclash.sample_state``). A field added to ``__init__`` starts here too."""
        g = cls.__new__(cls)
        g._initial_fields(pool, config, caches)
        g._seat()
        return g

    def _initial_fields(self, pool: CardPool, config: dict, caches: bool | None) -> None:
        self.defs = pool
        self.caches = Caches(caches)
        self._statics_grant = False  # could a continuous ability grant keywords in this game? (set up below)
        self.config = _normalise_config(config)
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
        self.decision: dict | None = None
        self.stack: list[dict] = []
        self.pending: list[dict] = []
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
        self._view_cache: dict | None = None
        self._faces: dict = {}
        self._chars: dict = {}
        self._kw_present: set | None = None
        self._statics: list | None = None
        self._live: list[int] | None = None
        self._offzone: tuple[int, bool] = (-1, False)
        self._possible_plays: tuple[int, list] = (-1, [])  # see powers.possible_plays
        self._targets_seen: dict | None = None
        self._memo: dict = {}
        self._in_statics = False
        self.any_grants = False  # set once a keyword has been granted in this game

    # ================================================================== setup

    def _seat(self) -> None:
        """The players, their sides and teams."""
        mode = self.mode
        specs = self.config["players"]
        for i, spec in enumerate(specs):
            if mode == "2v2":
                team, side = i % 2, i
            elif mode == "two_headed":
                team = side = i // 2
            else:
                team = side = i
            pl = Player(i, spec.get("name") or f"Player {i + 1}", team, side)
            self.players.append(pl)
        self.sides = sorted({p.side for p in self.players})
        self._side_players = {s: [p.index for p in self.players if p.side == s] for s in self.sides}
        self._side_team = {s: self.players[self._side_players[s][0]].team for s in self.sides}

    def _setup(self) -> None:
        self._seat()
        specs = self.config["players"]
        # give every physical card an id; ids are shuffled so they reveal nothing about deck lists
        entries = []
        for pl, spec in zip(self.players, specs, strict=True):
            deck: Deck = spec["deck"]
            pl.deck_name = deck.name
            entries.append((pl.index, deck.main, "main"))
            for cid in sorted(deck.cards):  # the list's order must not matter (saves store counts)
                entries.append((pl.index, cid, "deck"))
            for pname in sorted(deck.piles):
                pl.piles[pname] = []
                if deck.piles[pname]["hidden"]:
                    pl.hidden_piles.append(pname)
                for cid in sorted(deck.piles[pname]["cards"]):
                    entries.append((pl.index, cid, f"pile:{pname}"))
        ids = list(range(1, len(entries) + 1))
        self.rng.shuffle(ids)
        for iid, (owner, cid, where) in zip(ids, entries, strict=True):
            c = Card(iid, cid, owner)
            self.cards[iid] = c
            pl = self.players[owner]
            if where == "main":
                c.is_main = True
                c.zone = "aside"
                pl.main = iid
                pl.levels = self._level_chain(cid)
            elif where.startswith("pile:"):
                c.zone = "pile"
                pl.piles[where[5:]].append(iid)
            else:
                pl.deck.append(iid)
        for pl in self.players:
            pl.deck.sort()
            zones.shuffle_deck(self, pl.index)
            for pname in pl.piles:
                pl.piles[pname].sort()
                if pname in pl.hidden_piles:
                    self.rng.shuffle(pl.piles[pname])
        chooser_side = self.sides[self.rng.below(len(self.sides))]
        self.chooser = self.players_of(chooser_side)[0]
        self.log("setup", f"{self.players[self.chooser].name} was picked at random to choose who goes first.")

    def _level_chain(self, cid: str) -> list[str]:
        chain = [cid]
        while self.defs[chain[-1]].level_up and len(chain) < 5:
            chain.append(self.defs[chain[-1]].level_up.into)
        return chain

    # ================================================================== small queries

    def name(self, iid: int) -> str:
        return self.defs.cards[self.cards[iid].cid].name

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def players_of(self, side: int) -> list[int]:
        return self._side_players[side]

    def live_players_of(self, side: int) -> list[int]:
        """The players of ``side`` still in the game (a player who is out is never asked again)."""
        ps = self._side_players[side]
        players = self.players
        if len(ps) == 1 and not players[ps[0]].out:
            return ps
        return [p for p in ps if not players[p].out]

    def team_of_side(self, side: int) -> int:
        return self._side_team[side]

    def are_enemies(self, side_a: int | None, side_b: int | None) -> bool:
        if side_a is None or side_b is None or side_a == side_b:
            return False
        team = self._side_team
        return team[side_a] != team[side_b]

    def controller(self, c: Card) -> int:
        """The player who makes decisions for a character: its owner if on the owner's side."""
        if c.side is None or self.players[c.owner].side == c.side:
            return c.owner
        return (self.live_players_of(c.side) or self.players_of(c.side))[0]

    def characters(self, side: int | None = None) -> list[Card]:
        """Characters in play (on ``side``), in the order they entered play. Do not modify the list.
        A change to the board makes new lists, so a loop may go on over the one it started with."""
        got = self._chars.get(side)
        if got is None:
            # worked out for every side at once: after a change to the board most sides are asked
            cards = self.cards
            every = [cards[i] for i in self.in_play]
            cache = {None: every}
            for s in self.sides:
                cache[s] = []
            for c in every:
                cache[c.side].append(c)
            got = cache.get(side, [])
            if self.caches.enabled:
                self._chars = cache
        return got

    def face_up_characters(self, side: int) -> list[Card]:
        """Face-up characters in play on ``side``, in the order they entered play."""
        return [c for c in self.characters(side) if c.face_up]

    def cids_in_game(self) -> set[str]:
        """The card definitions this game's cards use, main characters' other levels included."""
        cids = {c.cid for c in self.cards.values()}
        for pl in self.players:
            cids.update(pl.levels)
        return cids

    def _granting_statics_possible(self) -> bool:
        """Does any card of this game (or a main character's other level) have a continuous ability
        that grants keywords? When none does, keyword checks skip continuous abilities entirely."""
        if not self.caches.enabled:
            return True
        defs = self.defs.cards
        return any(st.get("grant") for cid in self.cids_in_game() for st in defs[cid].statics)

    def offzone_possible(self) -> bool:
        """Could any card of this game have super powers that work from a hand or KO pile?
        (Worked out from the game's cards and main character levels; redone when cards are added.)"""
        if not self.caches.enabled:
            return True
        key = len(self.cards)
        if self._offzone[0] != key:
            off = self.defs.offzone
            self._offzone = (key, bool(off and not off.isdisjoint(self.cids_in_game())))
        return self._offzone[1]

    def board_changed(self) -> None:
        """Call whenever a character enters or leaves play or changes sides."""
        self._chars = {}
        self._kw_present = None
        self._statics = None

    def change_card(self, c: Card, cid: str) -> None:
        """A card becomes another card (a level, a transformation, a main character going back to
        its pile): everything worked out from the cards in play is worked out again. Every change
        of a card's ``cid`` goes through here."""
        c.cid = cid
        self.board_changed()
        self.dirty = True

    def static_sources(self) -> list[Card]:
        """Characters in play with continuous abilities (whether they work now is checked later)."""
        got = self._statics
        if got is None:
            cards = self.defs.cards
            got = [c for c in self.characters()
                   if cards[c.cid].statics or (c.gear is not None and cards[self.cards[c.gear].cid].statics)]
            got += [self.cards[i] for i in self.machines if cards[self.cards[i].cid].statics]
            if self.caches.enabled:
                self._statics = got
        return got

    def statics_on(self, c: Card) -> list[tuple[int, dict, Card]]:
        """Continuous abilities affecting ``c`` now: (timestamp, ability, source).

        Whom a continuous ability affects, and whether its condition holds, is read from the
        characters as they are without continuous abilities (printed keywords and teams,
        counters, resolved effects, equipment). Otherwise two abilities could each decide the
        other: an aura for a team's characters and Team Up granted by another aura."""
        if self._in_statics:
            return []
        self._in_statics = True
        try:
            return self._statics_on(c)
        finally:
            self._in_statics = False

    def _statics_on(self, c: Card) -> list[tuple[int, dict, Card]]:
        out = []
        for s in self.static_sources():
            if not s.face_up:
                continue
            probe = {"src": s.iid, "ctl": self.controller(s), "vars": {}}
            abilities = [(st, s.ts) for st in self.defs.cards[s.cid].statics]
            if s.gear is not None:  # equipment's continuous abilities work through its wearer
                e = self.cards[s.gear]
                abilities += [(st, e.ts) for st in self.defs.cards[e.cid].statics]
            for st, ts in abilities:
                flt = st.get("affects")
                if flt is None:
                    if c.iid != s.iid:
                        continue
                elif not effects.matches(self, c, flt, probe):
                    continue
                if "while" in st and not effects.condition(self, st["while"], probe):
                    continue
                out.append((ts, st, s))
        return out

    def kw_possible(self, kw: str) -> bool:
        """Could any character in play have this keyword? (printed, granted or copied).
        A fast 'no' lets rules for keywords nobody has cost nothing."""
        present = self._kw_present
        if present is None:
            present = self._kw_present = self._possible_keywords()
        return kw in present

    def _possible_keywords(self):
        """The keywords characters in play could have now (everything once a keyword has been
        granted, or while a Mimic could copy one)."""
        if self.any_grants or not self.caches.enabled:
            return _EVERY_KEYWORD
        present = set()
        defs = self.defs.cards
        sources = [defs[c.cid] for c in self.characters()]
        if any(pl.equipment for pl in self.players):
            # worn equipment and machines count too (equipping, dropping and machines reset this)
            sources += [defs[self.cards[i].cid] for pl in self.players for i in pl.equipment]
        for d in sources:
            present |= d.keywords
            for st in d.statics:
                present.update(st.get("grant", ()))
        return _EVERY_KEYWORD if "mimic" in present else present

    def keyword_granted(self) -> None:
        """An effect granted a keyword: from now on any character may have any keyword."""
        self.any_grants = True
        self._kw_present = None

    def has_keyword(self, c: Card, kw: str) -> bool:
        """Does a character have a keyword now? Stunned characters and characters whose powers
        were taken lose their keywords (Swarm excepted); granted keywords count, and so do
        keywords copied by Mimic."""
        if not c.face_up and c.zone == "play":  # stunned: only Swarm stays
            return kw == "swarm" and kw in self.defs.cards[c.cid].keywords
        if c.mods or c.gear is not None or (self._statics_grant and (self.static_sources() or not self.caches.enabled)):
            if kw == "swarm":
                return kw in self.defs.cards[c.cid].keywords
            if self.powers_lost(c):
                return False
            return kw in self._own_keywords(c) or self._mimicked(c, kw)
        kws = self.defs.cards[c.cid].keywords  # the common case: printed keywords only
        if kw in kws:
            return True
        return "mimic" in kws and kw != "swarm" and self._mimicked(c, kw)

    def _own_keywords(self, c: Card) -> set[str]:
        kws = set(self.defs.cards[c.cid].keywords)
        if c.gear is not None and c.zone == "play":
            kws |= self.defs.cards[self.cards[c.gear].cid].keywords
        for m in c.mods:
            if m["k"] == "grant":
                kws.add(m["kw"])
        if c.zone == "play" and self.static_sources():
            for _ts, st, _s in self.statics_on(c):
                kws.update(st.get("grant", ()))
        return kws

    def keywords_of(self, c: Card) -> set[str]:
        """Every keyword a character has now (see ``has_keyword``)."""
        d = self.defs.cards[c.cid]
        if c.zone == "play" and not c.face_up or self.powers_lost(c):
            return {"swarm"} & set(d.keywords)
        kws = self._own_keywords(c)
        if "mimic" in kws and c.zone == "play":  # Mimic copies from teammates only in play
            for other in self._mimic_sources(c):
                kws |= self._own_keywords(other)
        return kws

    def _mimic_sources(self, c: Card, side: int | None = None) -> list[Card]:
        team = self.defs.cards[c.cid].kw_param("mimic")
        return [o for o in self.characters(c.side if side is None else side)
                if o.iid != c.iid and o.face_up and not o.is_main and team in self.defs.cards[o.cid].teams
                and not self.powers_lost(o)]

    def _mimicked(self, c: Card, kw: str) -> bool:
        if c.zone != "play" or "mimic" not in self._own_keywords(c):
            return False
        return any(kw in self._own_keywords(o) for o in self._mimic_sources(c))

    def kw_param(self, c: Card, kw: str):
        """A keyword's parameter as the character has it now: from its own card, its equipment,
        a continuous ability or (Mimic) the character it copies the keyword from."""
        d = self.defs.cards[c.cid]
        if kw in d.keywords:
            return d.kw_param(kw)
        if c.gear is not None:
            ed = self.defs.cards[self.cards[c.gear].cid]
            if kw in ed.keywords:
                return ed.kw_param(kw)
        if "mimic" in d.keywords and c.zone == "play":
            for o in self._mimic_sources(c):
                od = self.defs.cards[o.cid]
                if kw in od.keywords:
                    return od.kw_param(kw)
        return d.kw_param(kw)

    def names_of(self, c: Card) -> tuple[str, ...]:
        """A character's names: its own (and AKA), plus a name it impersonates right now."""
        names = self.defs.cards[c.cid].names
        if c.mods:
            extra = tuple(m["name"] for m in c.mods if m["k"] == "impersonate" and self.impersonating(c, m))
            return names + extra
        return names

    def impersonating(self, c: Card, m: dict) -> bool:
        """An impersonation switches off while the impersonated character is on any side."""
        want = m["name"].lower()
        return not any(o.iid != c.iid and want in {n.lower() for n in self.defs.cards[o.cid].names}
                       for o in self.characters())

    def powers_lost(self, c: Card) -> bool:
        """Has the character lost its keywords and super powers (to Nullify or the like)?"""
        for m in c.mods:
            if m["k"] == "lose":
                src = m.get("source")
                if src is None:
                    return True
                s = self.cards[src]
                # a source that lost its own powers stops taking them, for now
                if not any(x["k"] == "lose" and x.get("source") != c.iid for x in s.mods):
                    return True
        return False

    def source_gone(self, iid: int) -> None:
        """A character was stunned or left play: effects lasting 'while it stays face up' end."""
        for o in self.characters():
            if o.mods and any(m.get("source") == iid for m in o.mods):
                o.mods = [m for m in o.mods if m.get("source") != iid]
                self.dirty = True

    def teams_of(self, c: Card) -> set[str]:
        """A character's teams, including those Team Up gives to supporting characters."""
        teams = set(self.defs.cards[c.cid].teams)
        if c.zone == "play" and not c.is_main and self.kw_possible("team_up"):
            for o in self.characters(c.side):
                if o.face_up and self.has_keyword(o, "team_up"):
                    teams.add(self.kw_param(o, "team_up"))
        return teams

    def is_protecting(self, c: Card) -> bool:
        if c.zone != "play" or not c.face_up or c.row != "front":
            return False
        return any(o.face_up and o.row == "back" for o in self.characters(c.side))

    def live_sides(self) -> list[int]:
        """Sides with a player still in the game. Do not modify the list."""
        live = self._live
        if live is None:
            live = [s for s in self.sides if any(not self.players[p].out for p in self.players_of(s))]
            if self.caches.enabled:
                self._live = live
        return live

    def main_alive(self, p: int) -> bool:
        """Does player ``p`` still have a main character (in play, or not yet placed)?"""
        m = self.players[p].main
        if m is None:
            return False
        if self.cards[m].zone in ("play", "aside") and self.cards[m].is_main:
            return True
        return any(c.is_main and c.owner == p for c in self.characters())

    def main_in_play(self, p: int) -> Card | None:
        """The player's main character now in play: the one they started with, else another."""
        m = self.cards[self.players[p].main]
        if m.zone == "play" and m.is_main:
            return m
        return next((c for c in self.characters() if c.is_main and c.owner == p), None)

    @property
    def to_act(self) -> list[int]:
        """The players who have a decision to make now."""
        return list(self.decision["players"]) if self.decision and not self.result else []

    @property
    def is_over(self) -> bool:
        return self.result is not None

    # ================================================================== log and events

    def log(self, type: str, text: str, secret: dict[int, str] | None = None, data: dict | None = None) -> None:
        # (no **data: CPython 3.11 only specializes calls to functions with plain parameters)
        events = self.events
        # tuple.__new__ rather than a constructor call: this runs for one or two events of nearly
        # every action
        events.append(_tuple_new(Event, (len(events), type, text, secret or _NONE, data or _NONE)))

    def emit(self, event: str, subject: int, data: dict | None = None) -> None:
        """Something happened to character ``subject``: queue the abilities that trigger."""
        c = self.cards[subject]
        if event in self.defs.listens[c.cid] or c.mods or c.gear is not None or self._statics_grant:
            self._triggers_of(c, event, data or {}, event in LOOK_BACK)
        if event == "appears":
            listens, grants = self.defs.listens, self._statics_grant
            for other in self.characters():
                if other.iid == subject:
                    continue
                if other.side == c.side:
                    ev = "ally_appears"
                elif self.are_enemies(other.side, c.side):
                    ev = "enemy_appears"
                else:
                    continue
                if ev in listens[other.cid] or other.mods or other.gear is not None or grants:
                    self._triggers_of(other, ev, {"who": subject})

    def emit_player(self, event: str, p: int) -> None:
        listens, grants = self.defs.listens, self._statics_grant
        for c in self.characters(self.players[p].side):
            if event in listens[c.cid] or c.mods or c.gear is not None or grants:
                self._triggers_of(c, event, {})

    def emit_enemies(self, event: str, p: int, data: dict | None = None) -> None:
        """Something player ``p`` did that the characters of ``p``'s enemies may react to."""
        data = data or {}
        side = self.players[p].side
        listens, grants = self.defs.listens, self._statics_grant
        for c in self.characters():
            if c.side != side and self.are_enemies(c.side, side) and (
                    event in listens[c.cid] or c.mods or c.gear is not None or grants):
                self._triggers_of(c, event, data)

    def _triggers_of(self, c: Card, event: str, data: dict, look_back: bool = False) -> None:
        """Queue ``c``'s abilities that trigger on ``event``. The callers first check that ``c`` may
        listen to it at all (the event is among its card's, or modifiers, equipment or continuous
        abilities could add some): most events skip most characters there."""
        if c.zone != "play" and not look_back:
            return
        if not c.face_up and c.zone == "play" and not look_back:
            return
        d = self.defs.cards[c.cid]
        ctl = self.controller(c)
        lost = bool(c.mods) and self.powers_lost(c)  # keywords and super powers are gone; other abilities stay
        abilities = [(["trigger", c.cid, i], t, f"{d.name}'s ability") for i, t in enumerate(d.triggers)]
        if c.gear is not None and c.zone == "play":
            ed = self.defs.cards[self.cards[c.gear].cid]
            abilities += [(["trigger", ed.id, i], t, f"{ed.name} on {d.name}") for i, t in enumerate(ed.triggers)]
        if not lost:
            kws = self.keywords_of(c) if (c.mods or c.gear is not None or "mimic" in d.keywords
                                          or self._statics_grant) else d.keywords
            if look_back and c.zone == "play" and not c.face_up:
                kws = d.keywords  # it had its printed keywords the moment before
            for kw in sorted(kws):
                for i, t in enumerate(KEYWORD_TRIGGERS.get(kw, ())):
                    abilities.append((["kw", kw, i], t, f"{d.name}'s {kw.replace('_', ' ').title()}"))
        if not lost and c.face_up and c.zone == "play":
            self._reactions_of(c, d, event, data, ctl)
        for ref, t, label in abilities:
            if t.on != event:
                continue
            frame = effects.new_frame(ref, ctl, c.iid, f"{label} (when {_event_phrase(event)})", cond=t.cond)
            if data:
                frame["event"] = {k: v for k, v in data.items() if isinstance(v, int)}
            if t.cond and not effects.condition(self, t.cond, frame):
                continue  # an intervening "if" must hold when the ability triggers
            self.pending.append({"frame": frame, "optional": t.optional, "ctl": ctl})
        lu = d.level_up
        if lu and event in lu.when and (c.face_up or event in LOOK_BACK):
            owner = c.owner
            # the level-up condition belongs to the original main card, demoted or not (001: a
            # demoted level 1 main keeps its XP and still levels up, staying a supporting character)
            if self.players[owner].main == c.iid:
                probe = {"src": c.iid, "ctl": ctl}
                if lu.cond and not effects.condition(self, lu.cond, probe):
                    return
                self.pending.append({"xp": owner, "ctl": ctl, "src": c.iid, "cond": lu.cond,
                                     "name": f"{d.name}'s level-up condition"})

    def _reactions_of(self, c: Card, d, event: str, data: dict, ctl: int) -> None:
        """Reaction super powers: offered (to pay and use) when their event happens."""
        for cid, i, pw in powers.powers_of(self, c):
            if pw.reaction != event:
                continue
            key = powers.used_key(c, pw)
            if key in self.used_powers or (pw.once_per_game and pw.name in c.used_once):
                continue
            if not powers.payable_as_seen(self, ctl, pw.cost, c):
                continue  # (offered in front of everyone: whether it can really be paid is asked on "yes")
            frame = effects.new_frame(["power", cid, i], ctl, c.iid, pw.name)
            frame["event"] = {k2: v for k2, v in data.items() if isinstance(v, int)}
            self.pending.append({"frame": frame, "optional": True, "ctl": ctl, "cost": list(pw.cost),
                                 "key": key, "once": pw.name if pw.once_per_game else None,
                                 "name": f"{d.name}'s reaction {pw.name}"})

    # ================================================================== the main loop

    def _advance(self) -> None:
        steps = 0
        while self.result is None:
            steps += 1
            if steps > MAX_STEPS_PER_ACTION:
                top = self.stack[-1].get("name", self.stack[-1]["t"]) if self.stack else "the turn sequence"
                raise CapeClashError(f"the game stopped after {MAX_STEPS_PER_ACTION} steps without a decision "
                                     f"(running: {top}); an effect that never ends?", "too_many_steps")
            if self.dirty:
                self.dirty = False
                zones.check_health(self)
                zones.check_defense(self)
            if self.check_end:
                self.check_end = False
                self._check_end()
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
            if self.pending and not (stack and stack[-1]["t"] == "effect" and stack[-1]["started"]):
                # triggers wait until the effect now resolving is finished
                self._queue_triggers()
            elif stack:
                self._run_frame(stack[-1])
            else:
                self._flow()
        self.decision = None

    def _run_frame(self, frame: dict) -> None:
        t = frame["t"]
        if t == "effect":
            effects.run(self, frame)
        elif t == "pay":
            powers.run_payment(self, frame)
        elif t == "combat":
            combat.step(self, frame)
        elif t == "waiting":
            # triggered abilities set aside while the one chosen to go first resolved
            self.stack.pop()
            self.pending[:0] = frame["items"]
        elif t == "keep_main":
            self._keep_main(frame)
        elif t == "turn_start":
            self.stack.pop()
            for p in self.live_players_of(self.active):
                self.emit_player("start_of_turn", p)
        elif t == "xp":
            self.stack.pop()
            if frame["cond"] and not effects.condition(self, frame["cond"], frame):
                self.log("fizzle", f"{frame['name']} gives no XP: its condition no longer holds.")
            else:
                self.gain_xp(frame["player"], 1)
        else:
            raise AssertionError(t)

    def _queue_triggers(self) -> None:
        if len(self.pending) == 1:
            self._start_trigger(self.pending.pop())
            return
        # the active player orders simultaneous triggers (the next player still in, if they are out)
        chooser = self._orderer()
        opts = list(range(len(self.pending)))
        self.ask("order", [chooser], options=opts, prompt="Choose which triggered ability resolves first",
                 names=[t.get("name") or t["frame"]["name"] for t in self.pending])

    def _orderer(self) -> int:
        live = self.live_players_of(self.active)
        if live:
            return live[0]
        first = self.players_of(self.active)[0]
        return next((p for p in self.turn_order_from(first) if not self.players[p].out), first)

    def _start_trigger(self, trig: dict) -> None:
        if "xp" in trig:
            self.stack.append({"t": "xp", "player": trig["xp"], "src": trig["src"], "ctl": trig["ctl"],
                               "cond": trig["cond"], "name": trig["name"]})
            return
        frame = trig["frame"]
        if "cost" in trig:
            self.stack.append({"t": "reaction", "trig": trig})
            self.ask("may_trigger", [trig["ctl"]], reaction=True,
                     prompt=f"Use {trig['name']} (pay {', '.join(trig['cost'])})?")
            return
        if trig["optional"]:
            self.stack.append(frame)
            self.ask("may_trigger", [trig["ctl"]], prompt=f"Use {frame['name']}?")
            return
        self.stack.append(frame)

    def ask(self, type: str, players: list[int], **info) -> None:
        self.decision = {"type": type, "players": list(players), **info}

    def _ask_step(self, type: str, players: list[int]) -> None:
        """``ask`` for the turn's own steps (no options, no prompt), which follow nearly every action:
        plain parameters let CPython 3.11 specialize the call."""
        self.decision = {"type": type, "players": list(players)}

    # ================================================================== turn flow

    def _flow(self) -> None:
        ph = self.phase
        if self.active not in self.live_sides() and ph in _TURN_PHASES:
            self._out_turn_ends()
            return
        # the most frequent phases first: this runs after nearly every action
        if ph == "main":
            if self.declaring:
                self._ask_step("declare", [self.declaring_player])
            elif self.combat is not None:
                if self.combat.stage == "window":
                    if self.players[self.combat.priority].out:
                        combat.priority_leaves(self)  # may resolve the combat: the loop goes on
                        return
                    self._ask_step("combat", [self.combat.priority])
                else:
                    combat.finish(self, survived=True)
            else:
                self._ask_step("main", self.live_players_of(self.active))
        elif ph == "formation":
            self._ask_step("formation", self.live_players_of(self.active))
        elif ph == "resource" or ph == "recruit":
            if self.players[self.step_player].out:
                self._next_build_player("recruit")  # their build steps are over
                return
            self._ask_step(ph, [self.step_player])
        elif ph == "start":
            self._start_of_turn()
        elif ph == "draw":
            self._draw_phase()
        elif ph == "recovery":
            self._recovery_phase()
        elif ph == "end":
            self._end_of_turn()
        elif ph == "cleanup":
            self._cleanup()
        elif ph == "setup_first":
            self.ask("choose_first", [self.chooser], options=list(self.sides))
        elif ph == "setup_place":
            if self.queue:
                self.ask("place_main", [self.queue[0]])
            else:
                for pl in self.players:
                    zones.draw(self, pl.index, 7)
                self.phase = "setup_mulligan"
                self.queue = self._players_in_turn_order()
        elif ph == "setup_mulligan":
            if self.queue:
                self.ask("mulligan", [self.queue[0]])
            else:
                self._begin_turn(self.first_side)
        else:
            raise AssertionError(ph)

    def _out_turn_ends(self) -> None:
        """Everyone whose turn it is is out: the turn ends at once (nothing of theirs is left to
        resolve; see ``eliminate``), and the next player still in the game takes a turn."""
        self.log("turn", f"{self._side_name(self.active)} {'is' if len(self.players_of(self.active)) == 1 else 'are'} "
                         f"out of the game: the turn ends.")
        self.declaring = []
        if self.combat is not None:
            combat.cancel(self)
        self.phase = "end"

    def _players_in_turn_order(self) -> list[int]:
        order = self._side_order(self.first_side)
        return [p for s in order for p in self.players_of(s)]

    def _side_order(self, start: int) -> list[int]:
        i = self.sides.index(start)
        return self.sides[i:] + self.sides[:i]

    def _begin_turn(self, side: int) -> None:
        self.turn += 1
        self.active = side
        self.phase = "start"
        self.used_powers = []
        self.plots_played = {}
        self.times_attacked = {}
        self.attacked_this_turn = False
        self.log("turn", f"Turn {self.turn}: {self._side_name(side)}.")

    def _side_name(self, side: int) -> str:
        return " and ".join(self.players[p].name for p in self.players_of(side))

    def _start_of_turn(self) -> None:
        for p in self.players_of(self.active):
            m = self.players[p].main
            if m is not None and self.cards[m].zone == "play" and self.cards[m].side != self.players[p].side:
                self.log("lose", f"{self.players[p].name}'s main character is controlled by an opponent: "
                                 f"{self.players[p].name} loses.")
                self.eliminate(p)
        self.phase = "draw"
        live = self.live_players_of(self.active)
        crowded = [p for p in live if len(self._main_groups(p)) > 1]
        if crowded:
            # first each of them keeps one main character, then the start-of-turn abilities
            self.stack.append({"t": "turn_start"})
            for p in reversed(crowded):
                self.stack.append({"t": "keep_main", "player": p})
            return
        for p in live:
            self.emit_player("start_of_turn", p)

    def _main_groups(self, p: int) -> list[list[Card]]:
        """The main characters player ``p`` controls, one list per main character (the copies of a
        main character made of several cards count as one)."""
        groups: dict = {}
        for c in self.characters():
            if c.is_main and self.controller(c) == p:
                pile = self.defs.cards[c.cid].returns_to
                groups.setdefault(("pile", c.owner, pile) if pile else c.iid, []).append(c)
        return list(groups.values())

    def _keep_main(self, frame: dict, keep: int | None = None) -> None:
        """Controlling more than one main character as your turn begins means KO'ing all except one
        (001): the player picks which one stays."""
        p = frame["player"]
        groups = self._main_groups(p)
        if len(groups) < 2 or self.players[p].out:
            self.stack.pop()
            return
        if keep is None:
            self.ask("choose", [p], options=[g[0].iid for g in groups],
                     prompt="You control two or more main characters: choose the one you keep (the others are KO'd)")
            return
        self.stack.pop()
        self.log("keep_main", f"{self.players[p].name} controls {len(groups)} main characters and keeps "
                              f"{self.name(keep)}; the others are KO'd.")
        for group in groups:
            if all(c.iid != keep for c in group):
                for c in group:
                    zones.ko(self, c)

    def _draw_phase(self) -> None:
        side_rank = self._side_order(self.first_side).index(self.active)
        for p in self.live_players_of(self.active):
            n = 2
            if self.turn <= len(self.sides):
                # the first to play draws nothing; in free-for-all and 2 vs 2 the second player draws
                # one (two-headed teammates: only the first team is held back)
                if side_rank == 0:
                    n = 0
                elif side_rank == 1 and len(self.sides) > 2:
                    n = 1
            zones.draw(self, p, n)
        self.phase = "recovery"

    def can_recover(self, c: Card) -> bool:
        """Jammer: enemy supporting characters can't recover."""
        if c.is_main or not self.kw_possible("jammer"):
            return True
        return not any(o.face_up and self.are_enemies(o.side, c.side) and self.has_keyword(o, "jammer")
                       for o in self.characters())

    def _recovery_phase(self) -> None:
        for c in self.characters(self.active):
            if not c.face_up:
                zones.recover(self, c)
        for c in self.characters(self.active):
            if c.frozen == 1:
                c.frozen = 2
                self.log("frozen", f"{self.name(c.iid)} is frozen and does not ready.")
            else:
                zones.ready(self, c)
        self.phase = "resource"
        self.step_player = self.live_players_of(self.active)[0]

    def _next_build_player(self, after_phase: str) -> None:
        """Resource -> recruit for each player of the side in seat order, then formation."""
        ps = self.players_of(self.active)
        if after_phase == "resource":
            self.phase = "recruit"
            pl = self.players[self.step_player]
            pl.recruit += len(pl.resources)
            self.log("recruit_points", f"{pl.name} has {pl.recruit} recruit point(s).")
        elif after_phase == "recruit":
            pl = self.players[self.step_player]
            pl.recruit = 0
            later = [q for q in ps[ps.index(self.step_player) + 1:] if not self.players[q].out]
            if later:
                self.step_player = later[0]
                self.phase = "resource"
            else:
                self.phase = "formation"
                self.moved = []
        elif after_phase == "formation":
            self.phase = "main"

    def _end_of_turn(self) -> None:
        """End phase: "at the end of your turn" abilities trigger, then clean-up."""
        self.phase = "cleanup"
        for p in self.live_players_of(self.active):
            self.emit_player("end_of_turn", p)

    def _cleanup(self) -> None:
        for c in self.characters(self.active):
            if c.frozen == 2:
                c.frozen = 0
        for c in [c for c in self.characters() if c.mods]:
            for m in [m for m in c.mods if m["k"] == "control" and _expires(m, self.turn)]:
                c.mods.remove(m)
                zones.change_side(self, c, m["side"])
        for c in self.characters():
            if c.mods:
                c.mods = [m for m in c.mods if not _expires(m, self.turn)]
        self.dirty = True
        for pl in self.players:
            # recruit points last until the end of a recruit step: any gained later are gone now
            pl.recruit = 0
        self.quiet_turns = 0 if self.attacked_this_turn else self.quiet_turns + 1
        live = self.live_sides()
        decks_empty = all(not p.deck for p in self.players if not p.out)
        if decks_empty and self.quiet_turns >= len(live):
            self._end_by_wounds("every deck is empty and a full round passed without an attack")
            return
        if self.turn >= self.config["max_turns"]:
            self._end_by_wounds(f"the turn limit of {self.config['max_turns']} was reached")
            return
        order = self._side_order(self.active)
        self._begin_turn(next(s for s in order[1:] + order[:1] if s in live))

    # ================================================================== game end

    def main_knocked_out(self, c: Card) -> None:
        owner = c.owner
        pl = self.players[owner]
        self.check_end = True
        if self.main_alive(owner):
            return  # another of their main characters is still in play
        self.log("main_ko", f"{pl.name}'s main character is KO'd." if c.iid == pl.main
                 else f"{pl.name} has no main character left in play.")
        if self.mode == "two_headed":
            return  # teammates play on until both main characters are KO'd
        self.eliminate(owner)

    def eliminate(self, p: int) -> None:
        pl = self.players[p]
        if pl.out:
            return
        pl.out = True
        self._live = None
        self.check_end = True
        self.log("out", f"{pl.name} is out of the game.")
        self._drop_abilities_of(p)
        if len(self.players) > 2:
            # all of that player's cards leave the game (this is not a KO); two-headed teammates
            # share a side, and the teammate's cards stay
            shared = self.mode == "two_headed"
            for iid in list(self.in_play):
                c = self.cards[iid]
                if c.owner == p or (c.side == pl.side and not shared):
                    zones.leave_play(self, c, "removed")
            for iid in list(self.machines):
                m = self.cards[iid]
                if m.owner == p or (m.side == pl.side and not shared):
                    zones.wreck_machine(self, m)
            for iid in pl.resources:
                self.cards[iid].zone = "removed"
                pl.removed.append(iid)
            pl.resources = []

    def _drop_abilities_of(self, p: int) -> None:
        """A player who is out is never asked again: their triggered abilities waiting to resolve,
        and their plot twists, powers and payments under way, are gone (a plot twist that was
        resolving leaves the game with the rest of their cards)."""
        def theirs(item: dict) -> bool:
            if item.get("t") == "reaction":
                item = item["trig"]
            return item.get("ctl", item.get("player")) == p

        self.pending = [t for t in self.pending if not theirs(t)]
        kept = []
        for f in self.stack:
            if f["t"] == "waiting":
                f["items"] = [t for t in f["items"] if not theirs(t)]
            elif f["t"] != "combat" and theirs(f):
                for pf in (f, f.get("then") or {}):
                    card = pf.get("card")
                    if card is not None and self.cards[card].zone == "resolving":
                        self.cards[card].zone = "removed"
                        self.players[self.cards[card].owner].removed.append(card)
                continue
            kept.append(f)
        self.stack = kept

    def _check_end(self) -> None:
        if self.phase.startswith("setup"):
            return
        alive_teams = set()
        for p in self.players:
            if self.mode == "two_headed":
                if self.main_alive(p.index) and not p.out:
                    alive_teams.add(p.team)
            elif not p.out and self.main_alive(p.index):
                alive_teams.add(p.team)
        if len(alive_teams) > 1:
            return
        if alive_teams:
            team = alive_teams.pop()
            reason = "the last main character(s) standing"
        else:
            team = self.team_of_side(self.active)
            reason = "the last main characters fell together, so the side taking its turn wins"
        self._finish([p.index for p in self.players if p.team == team], reason)

    def _end_by_wounds(self, why: str) -> None:
        wounds = {}
        for p in self.players:
            if not p.out and self.main_alive(p.index):
                m = self.main_in_play(p.index)
                wounds[p.index] = m.wounds if m is not None else 0
        best = min(wounds.values())
        winners = [p for p, w in wounds.items() if w == best]
        teams = {self.players[p].team for p in winners}
        winners = [p.index for p in self.players if p.team in teams]
        self._finish(winners, f"{why}; fewest wounds on a main character wins")

    def _finish(self, winners: list[int], reason: str) -> None:
        self.result = {"winners": winners, "reason": reason, "turn": self.turn}
        self.combat = None  # whatever was going on stops: the game is over
        self.declaring = []
        names = " and ".join(self.players[p].name for p in winners)
        self.log("game_over", f"Game over: {names} win{'s' if len(winners) == 1 else ''} ({reason}).")
        self.decision = None
        self.phase = "over"

    # ================================================================== level up

    def gain_xp(self, p: int, n: int) -> None:
        """The player's original main character gains XP (a demoted one too: 001 says it keeps
        its XP and still levels up, as a supporting character)."""
        pl = self.players[p]
        m = self.cards[pl.main]
        d = self.defs[m.cid]
        if d.level_up is None or m.zone != "play":
            return
        if d.level_up.transform:
            self.log("transform", f"{d.name} transforms!")
            self.change_level(p, +1)
            return
        pl.xp += n
        self.log("xp", f"{d.name} gains {n} XP ({pl.xp}/{d.level_up.xp}).")
        if pl.xp >= d.level_up.xp:
            self.change_level(p, +1)

    def change_level(self, p: int, step: int) -> None:
        """Level a player's main character up or down one level (keeping everything on it)."""
        pl = self.players[p]
        m = self.cards[pl.main]
        if m.zone != "play" or m.cid not in pl.levels:
            return
        i = pl.levels.index(m.cid) + step
        if not 0 <= i < len(pl.levels):
            return
        old = self.defs[m.cid].name
        self.change_card(m, pl.levels[i])
        pl.level = i + 1
        pl.xp = 0
        self.log("level_up" if step > 0 else "level_down",
                 f"{old} levels {'up' if step > 0 else 'down'} to level {pl.level}!")
        if step > 0:
            self.emit("levels_up", m.iid)

    def turn_order_from(self, p: int) -> list[int]:
        """Every player in seat order, starting with ``p``."""
        n = len(self.players)
        return [(p + k) % n for k in range(n)]

    # ================================================================== combat hooks

    def cancel_combat(self, why: str) -> None:
        self.log("cancel", why)
        combat.cancel(self)

    # ================================================================== actions

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action ``player`` may take now (all players' if None)."""
        d = self.decision
        if d is None or self.result is not None:
            return []
        if player is None:
            return [a for p in d["players"] for a in self.legal_actions(p)]
        if player not in d["players"]:
            return []
        if d["type"] not in _ATTACK_DECISIONS:
            return self._options(player, d)
        if not self.caches.enabled:
            return self._options(player, d)
        self._targets_seen = {}  # who can be attacked, worked out once per list of actions
        try:
            return self._options(player, d)
        finally:
            self._targets_seen = None

    def _options(self, p: int, d: dict) -> list[Action]:
        t = d["type"]
        pl = self.players[p]
        if t == "formation":
            moved = self.moved
            out = [a for iid, a in self._moves(p) if iid not in moved]
            out += self._plays(p, "build")
            out.append(act(p, "end_step"))
            return out
        if t == "main":
            starters = self._starters(pl.side)
            out = [act(p, "attack", {"card": c.iid}) for c in starters]
            if self.kw_possible("mobile"):
                out += [act(p, "shift", {"card": c.iid}) for c in self.characters(pl.side)
                        if c.face_up and f"mobile:{c.iid}" not in self.used_powers and self.has_keyword(c, "mobile")]
            out += self._plays(p, "main")
            out.append(act(p, "end_turn"))
            return out
        if t == "combat":
            return [*self._plays(p, "combat"), act(p, "pass")]
        if t == "declare":
            # a copy: callers own the list they get
            return list(self._declare_options(p))
        if t == "recruit":
            out = []
            main_names = self._main_names(pl.side)
            defs, cards, lnames = self.defs.cards, self.cards, self.defs.lnames
            allies = self._recruit_allies(p)
            for iid in pl.hand:
                cid = cards[iid].cid
                cd = defs[cid]
                if cd.type == "supporting" and powers.recruit_cost(self, p, cd) <= pl.recruit \
                        and main_names.isdisjoint(lnames[cid]):
                    out.append(act(p, "recruit", {"card": iid, "row": "front"}))
                    out.append(act(p, "recruit", {"card": iid, "row": "back"}))
                    for ally in allies:
                        if self._main_names(self.players[ally].side).isdisjoint(lnames[cid]):
                            for row in ("front", "back"):
                                out.append(act(p, "recruit_ally", {"card": iid, "row": row, "ally": ally}))
            out += self._equip_options(p)
            out += self._plays(p, "build")
            out.append(act(p, "end_step"))
            return out
        if t == "resource":
            out = []
            defs, cards = self.defs.cards, self.cards
            for iid in pl.hand:
                out.append(act(p, "resource", {"card": iid, "face_up": False}))
                if defs[cards[iid].cid].type == "location":
                    out.append(act(p, "resource", {"card": iid, "face_up": True}))
            out += self._plays(p, "build")
            out.append(act(p, "end_step"))
            return out
        if t == "choose_first":
            return [act(p, "choose_first", {"side": s}) for s in d["options"]]
        if t == "place_main":
            return [act(p, "place_main", {"row": "front"}), act(p, "place_main", {"row": "back"})]
        if t == "mulligan":
            return [act(p, "keep"), act(p, "mulligan")]
        if t in ("choose", "discard", "search"):
            out = [act(p, "choose", {"card": i}) for i in d["options"]]
            return out + ([act(p, "no")] if d.get("optional") else [])
        if t == "choose_player":
            out = [act(p, "choose_player", {"who": i}) for i in d["options"]]
            return out + ([act(p, "no")] if d.get("optional") else [])
        if t == "choose_row":
            return [act(p, "choose_row", {"side": s, "row": r}) for s, r in d["options"]]
        if t == "pick":
            return [act(p, "pick", {"option": k}) for k in range(len(d["options"]))]
        if t == "dance":
            return [act(p, "choose", {"card": i}) for i in d["options"]] + [act(p, "no")]
        if t in ("may", "may_trigger"):
            if d.get("reaction") and not self._reaction_payable(p):
                return [act(p, "no")]  # offered whatever the hand holds; only its owner learns it can't pay
            return [act(p, "yes"), act(p, "no")]
        if t == "pay":
            return [act(p, "pay", {"source": i}) for i in d["options"]]
        if t == "strike_back":
            return [act(p, "strike_back", {"card": i}) for i in d["options"]]
        if t == "order":
            return [act(p, "order", {"trigger": i}) for i in d["options"]]
        raise AssertionError(t)

    def _reaction_payable(self, p: int) -> bool:
        """Can ``p`` pay for the reaction now offered (the hand included)?"""
        trig = self.stack[-1]["trig"]
        return powers.payable(self, p, trig["cost"], self.cards[trig["frame"]["src"]])

    # The four lists below are remembered in ``_memo`` until an action that could change them
    # (see ``_apply``): each is asked for again and again while a player's options stay the same.

    def _moves(self, p: int) -> list[tuple[int, Action]]:
        """Every character on ``p``'s side moving to its other row (those moved already are
        left out when the list is offered)."""
        key = ("moves", p)
        got = self._memo.get(key)
        if got is None:
            got = [(c.iid, act(p, "move", {"card": c.iid, "row": "back" if c.row == "front" else "front"}))
                   for c in self.characters(self.players[p].side)]
            if self.caches.enabled:
                self._memo[key] = got
        return got

    def _starters(self, side: int) -> list[Card]:
        key = ("starters", side)
        got = self._memo.get(key)
        if got is None:
            got = combat.attack_starters(self, side)
            if self.caches.enabled:
                self._memo[key] = got
        return got

    def _declare_options(self, p: int) -> list[Action]:
        key = ("declare", p, tuple(self.declaring))
        got = self._memo.get(key)
        if got is None:
            atk = [self.cards[i] for i in self.declaring]
            got = [act(p, "add_attacker", {"card": c.iid}) for c in combat.possible_teammates(self, atk)]
            if combat.team_ok(self, atk):
                got += [act(p, "target", {"card": c.iid}) for c in combat.defenders(self, atk)]
            got.append(act(p, "cancel_attack"))
            if self.caches.enabled:
                self._memo[key] = got
        return got

    def _plays(self, p: int, timing: str) -> list[Action]:
        key = ("plays", p, timing)
        got = self._memo.get(key)
        if got is None:
            got = powers.plays(self, p, timing)
            if self.caches.enabled:
                self._memo[key] = got
        return got

    def _power_reason(self, a: Action, c: Card, cd) -> str:
        k = a.get("power")
        have = powers.powers_of(self, c)
        if c.zone != "play" or not c.face_up:
            return f"{a}: {cd.name} is not a face-up character in play (stunned characters lose their powers)"
        if not isinstance(k, int) or not 0 <= k < len(have):
            return f"{a}: {cd.name} has no super power number {k!r} now"
        pw = have[k][2]
        if powers.used_key(c, pw) in self.used_powers:
            return f"{a}: {pw.name} was already used this turn"
        if pw.once_per_game and pw.name in c.used_once:
            return f"{a}: {pw.name} can be used once per game and was used"
        if not powers.payable(self, a.player, powers.power_cost(self, a.player, c, pw), c):
            return f"{a}: you cannot pay {', '.join(pw.cost)} for {pw.name} (face-up locations or locations in hand)"
        return f"{a}: {pw.name} is a {pw.timing.replace('_', ' ')} power" + \
            ("" if pw.any_turn else " for your own turn")

    def _equip_options(self, p: int) -> list[Action]:
        """Equipment from hand onto a face-up character on your side, paid with recruit points;
        team equipment needs a face-up character of that team on your side."""
        pl = self.players[p]
        out = []
        wearers = None
        for iid in pl.hand:
            d = self.defs.cards[self.cards[iid].cid]
            if d.type != "equipment" or powers.recruit_cost(self, p, d) > pl.recruit:
                continue
            if d.teams and not powers.requirements_met(self, p, d, [(t, 1) for t in d.teams[:1]]):
                continue
            if d.machine:
                out += [act(p, "recruit", {"card": iid, "row": r}) for r in ("front", "back")]
                continue
            if wearers is None:
                wearers = [c for c in self.characters(pl.side) if c.face_up]
            if d.wearer or d.one_of_a_kind:  # who may wear it, one of a kind (issue 18, part B)
                out += [act(p, "equip", {"card": iid, "target": c.iid}) for c in zones.may_wear(self, p, d, wearers)]
                continue
            out += [act(p, "equip", {"card": iid, "target": c.iid}) for c in wearers]
        return out

    def _recruit_allies(self, p: int) -> list[int]:
        """Teammates whose rows ``p`` may recruit into (2 vs 2 optional rule)."""
        if self.mode != "2v2" or not self.config["options"].get("recruit_to_teammate"):
            return []
        me = self.players[p]
        return [q.index for q in self.players if q.team == me.team and q.index != p and not q.out]

    def _main_names(self, side: int) -> set[str]:
        out = set()
        for p in self.players_of(side):
            m = self.players[p].main
            if m is not None:
                out.update(self.defs.lnames[self.cards[m].cid])
        return out

    def apply(self, action: Action | dict | str) -> list[Event]:
        """Carry out a legal action; returns the events it caused.

        Raises ``IllegalActionError`` (state untouched) if the action is not
        one of ``legal_actions()`` now, with the reason.
        """
        action = Action.from_json(action)
        if self.result is not None:
            raise IllegalActionError(f"{action}: the game is over", "game_over")
        if action not in self.legal_actions(action.player):
            raise IllegalActionError(self._why_illegal(action), "not_legal_now")
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        """The trusted path: ``action`` must come from ``legal_actions``."""
        first_event = len(self.events)
        self._view_cache = None
        self._actions.append(action)
        d = self.decision
        self.decision = None
        self._do(action, d)
        self._advance()
        memo = self._memo
        if memo:
            # Results worked out for earlier decisions stay valid after a quiet action that set
            # nothing else in motion: no ability waiting, nothing logged but the action itself.
            quiet = _QUIET.get(action.type)
            if quiet is None or len(self.events) - first_event > quiet[0] or self.stack or self.pending \
                    or self.result is not None or self.static_sources():
                self._memo = {}
            elif quiet[1]:  # it moved a character: keep only what rows cannot change
                self._memo = {k: v for k, v in memo.items() if k[0] in _ROWLESS}
        return self.events[first_event:]

    def _do(self, a: Action, d: dict) -> None:
        t = a.type
        p = a.player
        args = a.args  # read directly: this runs for every action
        pl = self.players[p]
        if t == "pass":
            self.log("pass", f"{pl.name} passes.")
            combat.pass_priority(self, acted=False)
        elif t == "move":
            c = self.cards[args["card"]]
            c.row = args["row"]
            self.moved.append(c.iid)
            self.log("formation", f"{self.name(c.iid)} moves to the {args['row']} row.")
        elif t == "end_step":
            if d["type"] == "resource":
                self._next_build_player("resource")
            elif d["type"] == "recruit":
                self._next_build_player("recruit")
            else:
                self._next_build_player("formation")
        elif t == "attack":
            self.declaring = [args["card"]]
            self.declaring_player = p
        elif t == "target":
            attackers, self.declaring = self.declaring, []
            if self.cards[args["card"]].zone == "machine":
                combat.attack_machine(self, p, attackers, args["card"])
            else:
                combat.start(self, p, attackers, args["card"])
        elif t == "resource":
            zones.put_into_resources(self, args["card"], args["face_up"])
            self._next_build_player("resource")
        elif t == "recruit":
            cd = self.defs[self.cards[args["card"]].cid]
            pl.recruit -= powers.recruit_cost(self, p, cd)
            if cd.machine:
                zones.place_machine(self, args["card"], pl.side, args["row"])
            else:
                zones.enter_play(self, args["card"], pl.side, args["row"])
                self.emit_player("you_recruit", p)
        elif t == "end_turn":
            self.log("end_turn", f"{pl.name} ends the turn.")
            self.phase = "end"
        elif t == "cancel_attack":
            self.declaring = []
        elif t == "add_attacker":
            self.declaring.append(args["card"])
        elif t in ("choose", "choose_player"):
            if self.stack and self.stack[-1]["t"] == "keep_main":
                self._keep_main(self.stack[-1], args["card"])
            elif d["type"] == "discard":
                zones.discard(self, args["card"])
                effects.answer(self, self.stack[-1], args["card"])
            else:
                effects.answer(self, self.stack[-1], args.get("card", args.get("who")))
        elif t == "pay":
            powers.pay(self, self.stack[-1], args["source"])
        elif t == "plot":
            powers.play_plot_twist(self, p, args["card"])
            self._after_play(p)
        elif t == "strike_back":
            self.stack[-1]["target"] = args["card"]
        elif t == "choose_first":
            self.first_side = args["side"]
            self.log("setup", f"{self._side_name(args['side'])} will go first.")
            self.phase = "setup_place"
            self.queue = self._players_in_turn_order()
        elif t == "place_main":
            self.queue.pop(0)
            m = self.cards[pl.main]
            m.zone = "deck"  # enter_play takes it from wherever it is
            zones.enter_play(self, m.iid, pl.side, args["row"], how="places their main character")
        elif t in ("keep", "mulligan"):
            self.queue.pop(0)
            if t == "mulligan":
                pl.mulliganed = True
                pl.deck += pl.hand
                for iid in pl.hand:
                    self.cards[iid].zone = "deck"
                pl.hand = []
                pl.deck.sort()
                zones.shuffle_deck(self, p)
                self.log("mulligan", f"{pl.name} mulligans.")
                zones.draw(self, p, 7)
            else:
                self.log("mulligan", f"{pl.name} keeps their hand.")
        elif t == "recruit_ally":
            cost = powers.recruit_cost(self, p, self.defs[self.cards[args["card"]].cid])
            pl.recruit -= cost
            ally = self.players[args["ally"]]
            zones.enter_play(self, args["card"], ally.side, args["row"])
            self.emit_player("you_recruit", p)
        elif t == "equip":
            pl.recruit -= powers.recruit_cost(self, p, self.defs[self.cards[args["card"]].cid])
            zones.equip(self, args["card"], self.cards[args["target"]])
        elif t == "shift":
            c = self.cards[args["card"]]
            self.used_powers.append(f"mobile:{c.iid}")
            c.row = "back" if c.row == "front" else "front"
            self.log("mobile", f"{self.name(c.iid)} moves to the {c.row} row (Mobile).")
        elif t == "power":
            powers.use_power(self, p, args["card"], args["power"])
            self._after_play(p)
        elif t == "power_up":
            powers.power_up(self, p, args["card"], args["discard"])
            self._after_play(p)
        elif t == "choose_row":
            effects.answer(self, self.stack[-1], {"side": args["side"], "row": args["row"]})
        elif t == "pick":
            effects.answer(self, self.stack[-1], d["options"][args["option"]])
        elif t in ("yes", "no"):
            if d["type"] == "may_trigger":
                if d.get("reaction"):
                    trig = self.stack.pop()["trig"]
                    if t == "yes":
                        c = self.cards[trig["frame"]["src"]]
                        self.used_powers.append(trig["key"])
                        if trig["once"]:
                            c.used_once.append(trig["once"])
                        self.log("power", f"{pl.name} uses {trig['name']}.")
                        self.stack.append({"t": "pay", "player": p, "need": list(trig["cost"]), "paid": [],
                                           "for": c.iid, "name": trig["name"], "then": trig["frame"],
                                           "reaction": True})
                elif t == "no":
                    self.stack.pop()
            elif d["type"] in ("choose", "choose_player", "choose_row", "dance", "search"):  # declined or dropped out
                effects.answer(self, self.stack[-1], None)
            else:
                effects.answer(self, self.stack[-1], t == "yes")
        elif t == "order":
            chosen = self.pending.pop(args["trigger"])
            rest, self.pending = self.pending, []
            self.stack.append({"t": "waiting", "items": rest})
            self._start_trigger(chosen)
        else:
            raise AssertionError(t)

    def _after_play(self, p: int) -> None:
        if self.combat is not None and self.combat.stage == "window":
            combat.pass_priority(self, acted=True)

    def _why_illegal(self, a: Action) -> str:
        d = self.decision
        if d is None:
            return f"{a}: nobody may act now"
        if a.player < 0 or a.player >= len(self.players):
            return f"{a}: there is no player {a.player}"
        if a.player not in d["players"]:
            who = " or ".join(self.players[p].name for p in d["players"])
            return f"{a}: it is {who}'s decision now ({_DECISION_NAMES.get(d['type'], d['type'])})"
        legal = self.legal_actions(a.player)
        kinds = sorted({x.type for x in legal})
        if a.type == "yes" and d["type"] == "may_trigger" and d.get("reaction") and "yes" not in kinds:
            cost = ", ".join(self.stack[-1]["trig"]["cost"])
            return f"{a}: you cannot pay {cost} (face-up locations or locations in hand); you can only decline"
        if a.type not in kinds:
            step = _DECISION_NAMES.get(d["type"], d["type"])
            reason = self._card_reason(a)
            return (f"{a}: {a.type!r} is not possible now ({step}); possible: {', '.join(kinds)}"
                    + (f". {reason}" if reason else ""))
        return self._card_reason(a) or f"{a}: not one of the legal choices now"

    def _card_reason(self, a: Action) -> str | None:
        """Why this card can't be used this way, when the action names a card."""
        card = a.get("card")
        if card is not None and isinstance(card, int) and card in self.cards:
            c = self.cards[card]
            cd = self.defs[c.cid]
            if a.type in ("recruit", "recruit_ally"):
                if self.decision["type"] != "recruit":
                    return f"{a}: characters are recruited in the recruit step of your build phase"
                if card not in self.players[a.player].hand:
                    return f"{a}: {cd.name} is not in your hand"
                if cd.type != "supporting":
                    return f"{a}: {cd.name} is not a supporting character"
                if powers.recruit_cost(self, a.player, cd) > self.players[a.player].recruit:
                    return (f"{a}: {cd.name} costs {cd.cost} and you have "
                            f"{self.players[a.player].recruit} recruit point(s)")
                return f"{a}: you may not recruit {cd.name} (a character of that name is your main character)"
            if a.type in ("target",):
                return f"{a}: {cd.name} cannot be attacked by these attackers now"
            if a.type == "attack":
                return f"{a}: {cd.name} cannot attack now (it must be ready, face up, and able to reach a defender)"
            if a.type == "power":
                return self._power_reason(a, c, cd)
            if a.type == "plot":
                if card not in self.players[a.player].hand:
                    return f"{a}: {cd.name} is not in your hand"
                if cd.type != "plot_twist":
                    return f"{a}: {cd.name} is not a plot twist"
                if cd.requires and not powers.requirements_met(self, a.player, cd):
                    need = ", ".join(f"{n} face-up {t}" for t, n in cd.requires)
                    return f"{a}: {cd.name} needs {need} character(s) on your side"
                when = " or ".join(cd.timing)
                return f"{a}: {cd.name} is played in {when} timing" + \
                    ("" if cd.any_turn else " on your own turn")
            if a.type == "power_up":
                return f"{a}: power up needs a face-up character of yours with the discarded card's name" \
                       " (in combat: a character in the combat)"
            return f"{a}: not allowed for {cd.name} now"
        return None

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
        cards = self.cards.values()
        if skip_decks:
            cards = [c for c in cards if c.zone != "deck"]
        return {
            "cards": [c.to_json() for c in cards],
            "players": [p.to_json() for p in self.players],
            "in_play": list(self.in_play), "machines": list(self.machines),
            "turn": self.turn, "active": self.active, "first": self.first_side, "phase": self.phase,
            "step_player": self.step_player, "queue": list(self.queue), "decision": self.decision,
            "stack": self.stack, "pending": self.pending,
            "combat": self.combat.to_json() if self.combat else None,
            "clock": self.clock, "used": list(self.used_powers), "moved": list(self.moved),
            "plots_played": dict(self.plots_played), "times_attacked": dict(self.times_attacked),
            "declaring": list(self.declaring), "declaring_player": self.declaring_player,
            "chooser": self.chooser, "attacked": self.attacked_this_turn, "quiet": self.quiet_turns,
            "result": self.result, "rng": self.rng.state,
        }

    def state_hash(self) -> str:
        data = json.dumps(self.state_json(), separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def save(self) -> dict:
        """A save file: the config, every action taken and the resulting state hash."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "config": _config_json(self.config),
                "actions": list(self.actions), "hash": self.state_hash()}

    @classmethod
    def load(cls, pool: CardPool, data: dict, *, source: str = "save") -> Game:
        """Rebuild a game from a save by replaying it; every problem is reported."""
        from engine.core.errors import Problem
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError([Problem(source, None, "format", f"not a Cape Clash save (expected format {SAVE_FORMAT!r})")])
        if data.get("version") != SAVE_VERSION:
            raise SaveError([Problem(source, None, "version", f"unsupported save version {data.get('version')!r}")])
        if not isinstance(data.get("hash"), str) or not data["hash"]:  # reported with the config's problems
            no_hash = [Problem(source, None, "hash", "missing: a save without the hash of its final state "
                                                     "cannot be verified (save the game again)")]
            try:
                _config_from_json(pool, data.get("config"), source)
            except SaveError as e:
                raise SaveError(e.problems + no_hash) from None
            raise SaveError(no_hash)
        config = _config_from_json(pool, data.get("config"), source)
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
        g.stack = _deep_copy(self.stack)
        g.pending = _deep_copy(self.pending)
        g.combat = Combat.from_json(self.combat.to_json()) if self.combat else None
        g.used_powers = list(self.used_powers)
        g.plots_played = dict(self.plots_played)
        g.times_attacked = dict(self.times_attacked)
        g.moved = list(self.moved)
        g.declaring = list(self.declaring)
        g.events = list(self.events)
        g._actions = list(self._actions)
        g._actions_json = list(self._actions_json)
        g._view_cache = None
        g._chars = {}
        g._kw_present = None
        g._statics = None
        g._memo = {}
        return g

    def drop_caches(self) -> None:
        """Forget everything worked out from the state (the fields marked as caches above), as a
        game freshly replayed to this state would have it: checks compare the two."""
        self.caches.drop(self)
        self._in_statics = False

    def describe(self, a: Action) -> str:
        """A plain-language label for an action, for menus and logs."""
        from engine.capeclash.view import describe_action
        return describe_action(self, a)


_tuple_new = tuple.__new__


class _Everything:
    """A set that holds every keyword."""

    def __contains__(self, _item) -> bool:
        return True


_EVERY_KEYWORD = _Everything()


_DECISION_NAMES = {
    "choose_first": "choosing who goes first", "place_main": "placing a main character",
    "mulligan": "keeping or mulliganing", "resource": "the resource step", "recruit": "the recruit step",
    "formation": "the formation step", "main": "the main phase", "declare": "declaring an attack",
    "combat": "the combat window", "choose": "choosing a character", "discard": "discarding",
    "may": "a yes/no choice", "may_trigger": "a yes/no choice", "pay": "paying a cost",
    "search": "searching your deck",
    "strike_back": "choosing who the defender strikes back at", "order": "ordering triggered abilities",
    "choose_player": "choosing a player",
}


# The phases of a turn: when everyone whose turn it is is out, the turn ends at once.
_TURN_PHASES = frozenset(("start", "draw", "recovery", "resource", "recruit", "formation", "main"))

# Decisions whose legal actions ask whom attackers can reach (combat._targets)
_ATTACK_DECISIONS = decisions.ATTACK_DECISIONS

# Actions that change nothing the legal plays depend on: (events they log, whether they move a
# character between rows). Declaring attackers only builds a list; passing only moves priority;
# ending a build step only moves on to the next step (plays are timed "build" for all three).
_QUIET = {"move": (1, True), "attack": (0, False), "add_attacker": (0, False), "cancel_attack": (0, False),
          "pass": (1, False), "end_step": (1, False)}
# Remembered results a move in formation leaves valid: plays never depend on rows, and the other
# characters' moves stay as they were (the one that moved may not move again this step).
_ROWLESS = ("plays", "moves")


def _deep_copy(x):
    """A copy of JSON-like data (dicts, lists, tuples of plain values), faster than copy.deepcopy."""
    t = type(x)
    if t is dict:
        return {k: _deep_copy(v) for k, v in x.items()}
    if t is list:
        return [_deep_copy(v) for v in x]
    if t is tuple:
        return tuple(_deep_copy(v) for v in x)
    return x


def _event_phrase(event: str) -> str:
    from engine.cardlang.language import EVENTS
    return "it " + EVENTS[event] if not event.endswith("_turn") else EVENTS[event]


def _expires(m: dict, turn: int) -> bool:
    u = m.get("until")
    if u == "turn":
        return True
    if u == "next_turn":
        return turn > m["turn"]
    return u == "combat"


def _normalise_config(config: dict) -> dict:
    """A new game's config with its defaults, checked as a save's config is (``config_problems``): a
    game never starts with a config that its own save could not be loaded from."""
    from engine.core.errors import DataError
    out = dict(config)
    out.setdefault("mode", "duel")
    out.setdefault("seed", 0)
    out.setdefault("max_turns", 200)
    out["options"] = dict(out.get("options") or {})
    if out.get("position") is None:
        out.pop("position", None)
    if out["mode"] not in MODES:
        raise ValueError(f"unknown mode {out['mode']!r}; choose one of {', '.join(MODES)}")
    problems = config_problems(out, None)
    if problems:
        raise DataError(problems)
    return out


MAX_SEED = (1 << 64) - 1
MAX_TURNS = 10_000
MAX_PLAYER_NAME = 40  # characters (the browser cuts names to this too)


def config_problems(data: dict, source: str | None) -> list:
    """What is wrong with a game config's seed, turn limit and player names: one check for both a new
    ``Game`` and ``Game.load`` (so every game can be saved and loaded again)."""
    from engine.core.errors import Problem, excerpt
    problems = []
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        problems.append(Problem(source, None, "config.seed", f"must be a whole number from 0 to 2^64 - 1, "
                                                             f"not {excerpt(seed)}"))
    max_turns = data.get("max_turns", 200)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 1 <= max_turns <= MAX_TURNS:
        problems.append(Problem(source, None, "config.max_turns", f"must be a whole number from 1 to {MAX_TURNS}, "
                                                                  f"not {excerpt(max_turns)}"))
    for i, p in enumerate(data.get("players") if isinstance(data.get("players"), list) else []):
        name = p.get("name") if isinstance(p, dict) else None
        if name is not None and not isinstance(name, str):
            problems.append(Problem(source, None, f"config.players[{i}].name", f"must be text, not {excerpt(name)}"))
        elif name is not None and len(name) > MAX_PLAYER_NAME:
            problems.append(Problem(source, None, f"config.players[{i}].name",
                                    f"must be at most {MAX_PLAYER_NAME} characters, not {len(name)}"))
    return problems


def _config_json(config: dict) -> dict:
    out = {"mode": config["mode"], "seed": config["seed"], "max_turns": config["max_turns"],
           "options": config["options"], "players": [{"name": p.get("name"), "deck": p["deck"].to_json()}
                                                     for p in config["players"]]}
    if "position" in config:
        out["position"] = config["position"]
    return out


def _config_from_json(pool: CardPool, data, source: str) -> dict:
    """A save's config, every part checked (a save may come from anyone): the mode and the number of
    players, the seed, the turn limit, the options, and each deck by the deck-building rules."""
    from engine.capeclash.decks import deck_problems
    from engine.core.errors import DeckError, Problem, excerpt
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise SaveError([Problem(source, None, "config", "missing or malformed game config")])
    problems = []
    players = []
    for i, p in enumerate(data["players"]):
        fld = f"config.players[{i}]"
        if not isinstance(p, dict):
            problems.append(Problem(source, None, fld, "a player is {name, deck}"))
            continue
        try:
            deck = Deck.from_json(p.get("deck"), source)
        except DeckError as e:
            for q in e.problems:
                q.field = f"{fld}.deck" + (f".{q.field}" if q.field else "")
            problems += e.problems
            continue
        # a game set up from a position holds the cards it lists, not a deck by the rules
        for q in (deck_problems(pool, deck, source) if data.get("position") is None else
                  [Problem(source, cid, f"{fld}.deck", "card not in the card data")
                   for cid in [deck.main, *deck.cards] if cid not in pool]):
            q.field = f"{fld}.deck" + (f".{q.field}" if q.field and not q.field.startswith(fld) else "")
            if q.message.startswith("no such card"):
                q.message = "card not in the card data" + q.message[len("no such card"):]
            problems.append(q)
        players.append({"name": p.get("name"), "deck": deck})
    problems += config_problems(data, source)
    mode = data.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        problems.append(Problem(source, None, "config.mode", f"unknown mode {excerpt(mode)}"))
    elif not MODES[mode][0] <= len(data["players"]) <= MODES[mode][1]:
        lo, hi = MODES[mode]
        problems.append(Problem(source, None, "config.players", f"a {mode} game has {lo if lo == hi else f'{lo}-{hi}'}"
                                                                f" players, not {len(data['players'])}"))
    if data.get("options") is not None and not isinstance(data["options"], dict):
        problems.append(Problem(source, None, "config.options", f"must be a mapping, not {excerpt(data['options'])}"))
    position = data.get("position")
    if position is not None:
        from engine.capeclash.position import check_position
        problems += check_position(pool, position, source, "config.position",
                                   mode=mode if isinstance(mode, str) and mode in MODES else None)
    if problems:
        raise SaveError(problems)
    out = {"mode": data["mode"], "seed": data["seed"], "max_turns": data.get("max_turns", 200),
           "options": data.get("options") or {}, "players": players}
    if position is not None:
        out["position"] = position
    return out
