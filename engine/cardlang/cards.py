"""Card definitions: the printed facts of a card and its abilities as data.

``parse_cards`` turns plain data (as read from YAML or JSON) into immutable
``CardDef`` objects and reports *every* problem it finds, each naming the
file, the card and the field, with a close-match suggestion for misspellings.

>>> pool = CardPool.from_data([{"id": "rookie", "name": "Rookie", "type": "supporting",
...                             "team": "Test", "cost": 1, "atk": 1, "def": 1, "health": 1}])
>>> pool["rookie"].cost
1
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cardlang import language as L
from engine.cardlang.verbs import HANDLERS, VERBS, register_handler, walk_steps  # noqa: F401 (re-exported)
from engine.cardlang.verbs.base import granted_events
from engine.core.data import art_problem
from engine.core.errors import DataError, Problem, excerpt, suggest


@dataclass(frozen=True)
class PowerDef:
    """A super power: a named, paid, timed ability of a character."""

    name: str
    timing: str
    cost: tuple[str, ...]
    effect: tuple
    any_turn: bool = False
    once_per_game: bool = False
    reaction: str | None = None  # a reaction: usable when this event happens, before it resolves
    zone: str = "play"           # where its card must be to use it: play, hand or ko (your KO pile)
    uses: int = 1                # uses per turn: 0 for any number of times (issue 18, part B)
    timings: tuple = ()          # a power with several timings: one PowerDef per timing, all of them here
    costs: tuple = ()            # a power with alternative costs (or_cost): one PowerDef per cost, all here


@dataclass(frozen=True)
class TriggerDef:
    """A triggered ability: when ``on`` happens (and ``cond`` holds), run ``effect``."""

    on: str
    effect: tuple
    cond: dict | None = None
    optional: bool = False


@dataclass(frozen=True)
class LevelUp:
    xp: int
    when: tuple[str, ...]
    into: str
    cond: dict | None = None
    transform: bool = False  # becomes the next card at once when the event happens (no XP)


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    type: str
    teams: tuple[str, ...] = ()
    cost: int | None = None
    atk: int = 0
    defense: int = 0
    health: int = 1
    level: int | None = None
    keywords: frozenset = frozenset()
    kw_params: tuple[tuple[str, object], ...] = ()
    powers: tuple[PowerDef, ...] = ()
    triggers: tuple[TriggerDef, ...] = ()
    level_up: LevelUp | None = None
    statics: tuple = ()
    # plot twists
    timing: tuple[str, ...] = ()
    any_turn: bool = False
    requires: tuple[tuple[str, int], ...] = ()
    anywhere: bool = False
    effect: tuple = ()
    # locations
    symbol: str | None = None
    machine: bool = False
    returns_to: str | None = None  # a main character that goes back to this side pile when KO'd
    # main characters: how hard they are to learn (Easy, Medium, Tricky)
    difficulty: str | None = None
    # deck-building clauses (deck_rules: max_copies, requires) and equipment details (issue 18, part B)
    deck_rules: dict | None = None
    wearer: dict | None = None
    one_of_a_kind: bool = False
    stays_on_stun: bool = False
    discounts: tuple = ()  # [{n, card_filter, if}]: cards you recruit cost less while this is face up in play
    # everything
    universe: str = "core"
    aka: tuple[str, ...] = ()
    text: str | None = None
    flavor: str | None = None
    number: str | None = None
    art_icon: str | None = None    # art: {icon: NAME}, a game-icons.net icon drawn when there is no art file
    source: str | None = field(default=None, compare=False)

    @property
    def is_character(self) -> bool:
        return self.type in ("main", "supporting", "token")

    def kw_param(self, kw: str):
        for k, v in self.kw_params:
            if k == kw:
                return v
        return L.KEYWORDS.get(kw, {}).get("default")

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aka)

    @property
    def offzone_powers(self) -> bool:
        """Does it have super powers that work from a hand or KO pile?"""
        return any(pw.zone != "play" for pw in self.powers)

    @property
    def is_basic_location(self) -> bool:
        return self.type == "location" and self.symbol is not None

    def makes(self, symbol: str) -> bool:
        """Can this location make ``symbol`` (for someone allowed to use it)?"""
        if self.type != "location":
            return False
        if self.symbol is not None:
            return symbol in (self.symbol, L.ANY_SYMBOL)
        return bool(self.teams)  # a team's special location makes any symbol


_PLAY_TIMINGS = ("build", "main", "combat")  # any_combat plays count as combat plays


class CardPool:
    """Every known card definition by id, plus team facts. Immutable once built."""

    def __init__(self, cards: dict[str, CardDef], teams: dict[str, dict] | None = None):
        self.cards = cards
        self.teams = teams or {}
        # the trigger events each card listens to, so most events skip most cards at once
        self.listens: dict[str, frozenset] = {c.id: _listens(c) for c in cards.values()}
        # the cards whose effects can grant a character a triggered ability (``grant_trigger``), with
        # the events those abilities trigger on: a game with such a card must emit them
        self.grants: dict[str, frozenset] = {c.id: ev for c in cards.values() if (ev := _grants(c))}
        # cards with super powers that work from a hand or KO pile
        self.offzone = frozenset(c.id for c in cards.values() if c.offzone_powers)
        self.discounts = frozenset(c.id for c in cards.values() if any("power" not in d for d in c.discounts))
        self.power_discounts = frozenset(c.id for c in cards.values() if any("power" in d for d in c.discounts))
        self._by_name: dict[str, list[CardDef]] = {}
        for c in cards.values():
            for n in c.names:
                self._by_name.setdefault(n.lower(), []).append(c)
        # tables the legal-action generator reads many times a turn
        self.lnames: dict[str, tuple[str, ...]] = {c.id: tuple(n.lower() for n in c.names) for c in cards.values()}
        # plot twists: the timings ('build', 'main', 'combat') at which each may be played on its
        # owner's turn and on another player's turn
        self.plot_own: dict[str, frozenset] = {}
        self.plot_other: dict[str, frozenset] = {}
        for c in cards.values():
            if c.type == "plot_twist":
                at = {t for t in c.timing if t in ("build", "main")}
                fights = bool({"combat", "any_combat"} & set(c.timing))
                self.plot_own[c.id] = frozenset(at | ({"combat"} if fights else set()))
                self.plot_other[c.id] = frozenset(at | ({"combat"} if fights and c.any_turn else set()))
        # the locations: what pays for super powers
        self.location_defs: dict[str, CardDef] = {c.id: c for c in cards.values() if c.type == "location"}
        # the same the other way round, for the hand cards looked at for each decision: by whose turn it
        # is (True: the owner's) and timing, the plot twists playable then, with their requirements
        self.plots_at: dict[bool, dict[str, dict[str, tuple]]] = {
            mine: {t: {cid: cards[cid].requires for cid, at in plot_at.items() if t in at} for t in _PLAY_TIMINGS}
            for mine, plot_at in ((True, self.plot_own), (False, self.plot_other))}
        # a hand card that may power up a character of the same name: its lowercase names
        self.power_up_names: dict[str, tuple[str, ...]] = {
            c.id: self.lnames[c.id] for c in cards.values() if c.type in ("supporting", "main")}
        self.play_powers: dict[str, tuple] = {
            c.id: tuple((c.id, i, pw) for i, pw in enumerate(c.powers) if pw.zone == "play") for c in cards.values()}
        # by timing, the cards with in-play powers of their own that timing may offer, as (index, card
        # id, number, power); Mimic cards (whose copied powers are worked out in play) map to ()
        self.own_powers_at: dict[str, dict[str, tuple]] = {t: {} for t in _PLAY_TIMINGS}
        for c in cards.values():
            own = [(k, *entry) for k, entry in enumerate(self.play_powers[c.id]) if not entry[2].reaction]
            for t, by_card in self.own_powers_at.items():
                offered = tuple(e for e in own if e[3].timing == t or (t == "combat" and e[3].timing == "any_combat"))
                if "mimic" in c.keywords:
                    by_card[c.id] = ()
                elif offered:
                    by_card[c.id] = offered

        # issue 18 A: the cards that can restrict characters or players, the cards that keep a tally
        # (so a game without any skips restriction checks and tallies)
        self.restricts = frozenset(c.id for c in cards.values() if _restricts(c))
        self.tallies = frozenset(c.id for c in cards.values() if _mentions(c, ("stuns_by_it", "kos_by_it")))

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: str) -> bool:
        try:
            return card_id in self.cards
        except TypeError:  # not a card id at all (a list or mapping read from bad data)
            return False

    def __iter__(self):
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def by_name(self, name: str) -> list[CardDef]:
        return self._by_name.get(name.lower(), [])

    def alignment(self, team: str) -> str | None:
        return (self.teams.get(team) or {}).get("alignment")

    def not_found(self, ref) -> str:
        """Why ``find(ref)`` found nothing, in words: a name that names several cards says which."""
        hits = self.by_name(ref) if isinstance(ref, str) else []
        if len(hits) > 1:
            return f"names {len(hits)} cards ({', '.join(sorted(c.id for c in hits))}): give the card's id"
        return f"no such card{suggest(ref, sorted({c.name for c in self}))}"

    def find(self, ref: str) -> CardDef | None:
        """A card by id, or by its unique name (case-insensitive)."""
        if not isinstance(ref, str):
            return None
        if ref in self.cards:
            return self.cards[ref]
        hits = self.by_name(ref)
        if len(hits) == 1:
            return hits[0]
        # a main character's name names its first level
        mains = sorted((c for c in hits if c.type == "main"), key=lambda c: c.level or 0)
        return mains[0] if mains else None

    @classmethod
    def from_data(cls, cards: list[dict], teams: list[dict] | None = None, file: str | None = None) -> CardPool:
        defs, problems = parse_cards(cards, file=file)
        team_map, tproblems = parse_teams(teams or [], file=file)
        problems += tproblems
        if problems:
            raise DataError(problems)
        return cls(defs, team_map)


def _restricts(c: CardDef) -> bool:
    """Can this card restrict characters or players (a continuous ``cant`` or a restricting verb)?"""
    if any("cant" in st for st in c.statics):
        return True
    return any(verb in ("restrict", "restrict_player") for _f, steps in _all_steps(c) for verb, _a in _walk(steps))


def _mentions(c: CardDef, words) -> bool:
    """Does any ability of the card mention one of these words (a countable, say)?"""
    text = repr((c.kw_params, c.statics, c.triggers, c.powers, c.effect))
    return any(w in text for w in words)


def _grants(c: CardDef) -> frozenset:
    return frozenset().union(*(granted_events(steps) for _f, steps in _all_steps(c)))


def _listens(c: CardDef) -> frozenset:
    if "mimic" in c.keywords:  # it copies its teammates' keywords and powers, with their triggers
        return frozenset(L.EVENTS)
    events = [t.on for t in c.triggers] + list(c.level_up.when if c.level_up else ())
    events += [pw.reaction for pw in c.powers if pw.reaction]
    for kw in c.keywords:
        events += [t.on for t in KEYWORD_TRIGGERS.get(kw, ())]
    return frozenset(events)


# ---------------------------------------------------------------- parsing

CARD_FIELDS = {
    "common": {"id", "name", "type", "team", "universe", "aka", "text", "flavor", "number", "keywords",
               "powers", "triggers", "art", "statics", "mantle"},
    "main": {"level", "atk", "def", "health", "level_up", "transform", "difficulty", "returns_to"},
    "supporting": {"cost", "atk", "def", "health"},
    "token": {"atk", "def", "health"},
    "plot_twist": {"timing", "any_turn", "requires", "effect", "anywhere"},
    "location": {"symbol"},
    "equipment": {"cost", "machine"},
}
CARD_FIELDS["main"] = CARD_FIELDS["main"] | {"discounts"}
CARD_FIELDS["supporting"] = CARD_FIELDS["supporting"] | {"discounts"}
for _t in ("supporting", "plot_twist", "location", "equipment"):  # issue 18, part B
    CARD_FIELDS[_t] = CARD_FIELDS[_t] | {"deck_rules"}
CARD_FIELDS["equipment"] = CARD_FIELDS["equipment"] | set(L.EQUIPMENT_KEYS)


# Argument types that take one word from a fixed list: (the list, what to call it in errors).
ENUM_ARGS = {
    "duration": (L.DURATIONS, "duration"),
    "counter_kind": (L.COUNTER_KINDS, "counter kind"),
    "row_or_other": ((*L.ROWS, "other"), "row"),
    "player_ref": (L.PLAYER_REFS, "player"),
    "choice_kind": (L.CHOICE_KINDS, "kind of choice"),
    "keyword": (tuple(L.KEYWORDS), "keyword"),
    "destination": (L.DESTINATIONS, "destination"),
    "face": (L.FACES, "face"),
    "row_or_choice": ((*L.ROWS, "choose"), "row"),
    "zone": (L.CARD_ZONES, "zone"),
    "pile_pick": (L.PILE_PICKS, "way to pick"),
    "pile_destination": (L.PILE_DESTINATIONS, "destination"),
    "player_group": (L.PLAYER_GROUPS, "group of players"),
    "lasting_event": (L.LASTING_EVENTS, "event for a lasting ability"),
}
ENUM_ARGS.update({  # issue 18, part B: deck manipulation and naming
    "deck_end": (L.DECK_ENDS, "end of the deck"),
    "take_into": (L.DECK_TAKE_INTO, "destination"),
    "rest_into": (L.DECK_REST, "destination for the rest"),
    "name_kind": (L.NAME_KINDS, "thing to name"),
})
ENUM_ARGS.update({  # issue 18: play_from
    "play_source": (L.PLAY_SOURCES, "zone to play from"),
    "play_after": (L.PLAY_AFTER, "destination for a played plot twist"),
    "play_whose": (L.PLAY_WHOSE, "pile owner"),
})


MAX_NUMBER = 999  # no cost, stat, level, XP or amount on a card comes near this (a bigger one is a typo)


class _Checker:
    """Collects problems while walking one card's data."""

    def __init__(self, file: str | None, card: str | None):
        self.file, self.card = file, card
        self.problems: list[Problem] = []
        self.kinds: dict[str, str] = {}  # what each name bound so far stands for (Verb.bound_kind), if known
        self.bound_now: set[str] = set()  # the names a condition being checked may refer to (an if step's)
        self.has_source = True  # False while checking a plot twist's effect: no character of its own

    def err(self, fld: str | None, msg: str) -> None:
        self.problems.append(Problem(self.file, self.card, fld, msg))

    def check_int(self, data: dict, key: str, fld: str, *, required=True, minimum=0, maximum=MAX_NUMBER):
        v = data.get(key)
        if v is None:
            if required:
                self.err(fld, "is required")
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            self.err(fld, f"must be a whole number, not {excerpt(v)}")
            return None
        if v < minimum:
            self.err(fld, f"must be at least {minimum}, not {excerpt(v)}")
            return None
        if v > maximum:
            self.err(fld, f"must be at most {maximum}, not {excerpt(v)}")
            return None
        return v

    def number(self, v, fld: str, *, signed: bool = False) -> bool:
        """A number in an effect, filter or condition: a whole number from -MAX_NUMBER to MAX_NUMBER, and
        0 or more unless ``signed`` (a count, a threshold: only a stat change may be negative). False
        (and a problem naming the field) otherwise."""
        if isinstance(v, bool) or not isinstance(v, int):
            self.err(fld, f"must be a whole number, not {excerpt(v)}")
            return False
        if abs(v) > MAX_NUMBER:
            self.err(fld, f"must be from -{MAX_NUMBER} to {MAX_NUMBER}, not {excerpt(v)}")
            return False
        if v < 0 and not signed:
            self.err(fld, f"must be 0 or more, not {v}")
            return False
        return True

    def check_choice(self, v, options, fld: str, what: str):
        if not _is_in(v, options):
            self.err(fld, f"unknown {what} {excerpt(v)}{suggest(v, options)}; expected one of {', '.join(options)}")
            return False
        return True

    def keywords(self, items, fld: str) -> tuple[set[str], list[tuple[str, object]]]:
        """Keywords: ``flight`` or, for a keyword with a parameter, ``{team_up: Skyguard}``."""
        names: set[str] = set()
        params: list[tuple[str, object]] = []
        for i, k in enumerate(_as_list(items)):
            kf = f"{fld}[{i}]"
            param = None
            if isinstance(k, dict) and len(k) == 1:
                (k, param), = k.items()
            if not self.check_choice(k, L.KEYWORDS, kf, "keyword"):
                continue
            spec = L.KEYWORDS[k]
            kind = spec.get("param")
            if kind is None:
                if param is not None:
                    self.err(kf, f"{k} takes no parameter")
            elif param is None and "default" not in spec:
                self.err(kf, f"{k} needs a parameter ({kind}), written {{{k}: ...}}")
            elif param is not None:
                if kind == "lethal_mode":
                    self.check_choice(param, L.LETHAL_MODES, f"{kf}.{k}", "Lethal wording")
                elif kind == "keyword":
                    self.check_choice(param, L.KEYWORDS, f"{kf}.{k}", "keyword")
                elif kind == "countable":
                    self.check_choice(param, L.COUNTABLES, f"{kf}.{k}", "thing to count")
                elif kind == "condition":
                    param = self.lasting_condition(param, f"{kf}.{k}", f"{k}'s condition")
                elif not isinstance(param, str) or not param:
                    self.err(f"{kf}.{k}", f"needs {kind} as text")
                params.append((k, param))
            names.add(k)
        return names, params

    # --- ability language

    def steps(self, steps, fld: str, bound: set[str]) -> tuple:
        if steps is None:
            return ()
        if isinstance(steps, dict):
            steps = [steps]
        if not isinstance(steps, list) or not steps:
            self.err(fld, "must be a list of effect steps")
            return ()
        out = []
        for i, step in enumerate(steps):
            sf = f"{fld}[{i}]"
            if not isinstance(step, dict) or len(step) != 1:
                self.err(sf, f"each step is a mapping with exactly one verb, got {excerpt(step)}")
                continue
            (verb, args), = step.items()
            v = VERBS.get(verb) if isinstance(verb, str) else None
            if v is None:
                self.err(sf, f"unknown effect {verb!r}{suggest(verb, VERBS)}")
                continue
            if args is None:
                args = {}
            if not isinstance(args, dict):
                self.err(f"{sf}.{verb}", f"arguments must be a mapping, not {excerpt(args)}")
                continue
            spec = v.args
            before = len(self.problems)
            for k in args:
                if k not in spec:
                    takes = f"; {verb} takes {', '.join(spec)}" if spec else f"; {verb} takes no arguments"
                    self.err(f"{sf}.{verb}.{k}", f"unknown argument {excerpt(k)} for {verb!r}{suggest(k, spec)}{takes}")
            clean = {}
            for k, typ in spec.items():
                optional = typ.endswith("?")
                typ = typ.rstrip("?")
                af = f"{sf}.{verb}.{k}"
                if k not in args:
                    if not optional:
                        self.err(af, f"is required for {verb!r}")
                    continue
                if k == "n" and typ == "amount" and args[k] == 0 and not isinstance(args[k], bool):
                    self.err(af, f"must be at least 1: {verb} with n: 0 does nothing")
                    continue
                if typ == "player_ref" and args[k] == "chosen" and ("player" not in bound
                                                                     or self.kinds.get("player") != "player"):
                    others = [n for n in bound if self.kinds.get(n) == "player"]
                    self.err(af, "'chosen' is the player chosen earlier in this effect with "
                                 "choose: {what: player, as: player}, and there is none"
                                 + (f" (the player chosen as {others[0]!r} must be named 'player')" if others else ""))
                    continue
                clean[k] = self.arg(args[k], v.arg_type(k, typ, args), af, bound, v.anywhere,
                                    cards=v.anywhere or k in v.card_args)
            report = lambda k, msg, _at=f"{sf}.{verb}": self.err(f"{_at}.{k}", msg)  # noqa: E731
            if len(self.problems) == before:
                v.check(clean, report)
            else:  # its arguments have problems (reported): check what can be checked of the rest
                try:
                    v.check(clean, report)
                except (TypeError, ValueError, KeyError, AttributeError, IndexError):
                    pass
            if v.binds and isinstance(args.get(v.binds), str):
                bound.add(args[v.binds])
                kind = v.bound_kind(args)
                if kind is None:
                    self.kinds.pop(args[v.binds], None)
                else:
                    self.kinds[args[v.binds]] = kind
            out.append({verb: clean})
        return tuple(out)

    def arg(self, v, typ: str, fld: str, bound: set[str], anywhere: bool = False, cards: bool = False):
        if typ == "selector":
            if not anywhere and self.names_play_card(v, bound):
                self.err(fld, f"names {self.play_card_words(v)}, and this step acts on characters only; "
                              "put, ko_card, return_card and move_equipment act on those")
                return v
            kind = self.kinds.get(v) if isinstance(v, str) and v in bound else None
            if kind in _NOT_CHARACTERS and not (kind == "card" and cards):
                self.err(fld, f"{excerpt(v)} was chosen as {_NOT_CHARACTERS[kind]}, not a character in play; "
                              + ("this step acts on characters in play (put and enter_play take a card chosen "
                                 "from a hand or KO pile)" if kind == "card" else
                                 "a target names characters: choose one with choose: {what: character}"))
                return v
            if isinstance(v, str) and (v in L.BUILTIN_SELECTORS or v in bound or (anywhere and v == "its_equipment")):
                return v
            if isinstance(v, dict) and set(v) == {"each"}:
                return {"each": self.filter(v["each"], f"{fld}.each")}
            if anywhere and isinstance(v, dict) and len(v) == 1 and next(iter(v)) in L.PLAY_CARD_SELECTORS:
                return self.arg(v, "card_target", fld, bound)
            self.err(fld, f"unknown target {excerpt(v)}{suggest(v, [*L.BUILTIN_SELECTORS, *bound])}; "
                          "name a built-in target or one chosen earlier with 'choose'")
            return v
        if typ == "filter":
            return self.filter(v, fld)
        if typ == "amount":
            if isinstance(v, dict) and len(v) == 1:
                (k, sel), = v.items()
                if k not in L.AMOUNT_KINDS:
                    self.err(fld, f"unknown amount {k!r}{suggest(k, L.AMOUNT_KINDS)}")
                elif k == "count":
                    self.check_choice(sel, L.COUNTABLES, f"{fld}.count", "thing to count")
                elif k == "number_of":
                    self.filter(sel, f"{fld}.number_of")
                elif k in L.PLAY_CARD_AMOUNTS:
                    self.play_filter(sel, f"{fld}.{k}", L.PLAY_CARD_AMOUNTS[k])
                elif k in ("twice", "thrice"):
                    if isinstance(sel, dict) and len(sel) == 1 and next(iter(sel)) in ("twice", "thrice"):
                        self.err(f"{fld}.{k}", f"multiplies a counted amount such as {{count: allies}}, not another "
                                               f"multiplier ({next(iter(sel))})")
                    elif not isinstance(sel, dict):
                        self.err(f"{fld}.{k}", f"multiplies a counted amount such as {{count: allies}}, not "
                                               f"{excerpt(sel)}")
                    else:
                        self.arg(sel, "amount", f"{fld}.{k}", bound)
                elif k == "chosen":
                    if not _is_in(sel, bound) or self.kinds.get(sel, "number") != "number":
                        self.err(f"{fld}.chosen", f"{excerpt(sel)} is not a number chosen earlier (choose_number ... as)")
                else:
                    self.arg(sel, "selector", f"{fld}.{k}", bound)
                return dict(v)
            if isinstance(v, bool) or not isinstance(v, int):
                self.err(fld, f"must be a whole number or a counted amount such as {{atk_of: target}}, not {excerpt(v)}")
            else:
                self.number(v, fld, signed=fld.rsplit(".", 1)[-1] in L.SIGNED_AMOUNTS)
            return v
        if typ == "card_target":
            return self.card_target(v, fld, bound)
        if typ == "wearer_filter":  # move_equipment's ``to`` given as something else than a filter
            what = f" ({excerpt(v)} was chosen as {_a(self.kinds[v])})" if isinstance(v, str) and v in self.kinds \
                else ""
            self.err(fld, f"equipment moves onto a character: give a filter of the characters it may move to, such "
                          f"as {{side: yours}} or {{kind: supporting}}, not {excerpt(v)}{what}")
            return {}
        if typ.startswith("play_filter:"):
            return self.play_filter(v, fld, typ.split(":", 1)[1])
        if typ in ENUM_ARGS:
            options, what = ENUM_ARGS[typ]
            if self.check_choice(v, options, fld, what) and typ == "duration" and v == "source_leaves" \
                    and not self.has_source:
                self.err(fld, "source_leaves lasts while the ability's own character stays in play, and a plot "
                              "twist has none (it would end at once): give another duration")
            return v
        if typ == "int":
            self.number(v, fld)
            return v
        if typ == "card_filter":
            return self.card_filter(v, fld)
        if typ == "bool":
            if not isinstance(v, bool):
                self.err(fld, f"must be true or false, not {excerpt(v)}")
            return v
        if typ in ("str", "name"):
            if not isinstance(v, str) or not v:
                self.err(fld, f"must be text, not {excerpt(v)}")
            return v
        if typ == "str_list":
            self.text_value(v, typ, fld)
            return v
        if typ == "steps":
            if v is None:  # ``then:`` written with nothing after it
                self.err(fld, "must be a list of effect steps, not empty (leave the argument out if it is optional)")
                return ()
            return self.steps(v, fld, set(bound))
        if typ == "trigger":  # checked like a card's triggers: its own effect, fired later (no names bound)
            if not isinstance(v, dict):
                self.err(fld, f"a triggered ability is a mapping ({{when: EVENT, effect: [...]}}), not {excerpt(v)}")
                return {"when": "appears", "effect": ()}
            had_source, self.has_source = self.has_source, True  # (it runs as the given character's ability)
            try:
                t = _parse_trigger(self, v, fld)
            finally:
                self.has_source = had_source
            out: dict = {"when": t.on, "effect": t.effect}
            if t.cond is not None:
                out["if"] = t.cond
            if t.optional:
                out["optional"] = True
            return out
        if typ == "condition":
            names, self.bound_now = self.bound_now, set(bound)
            try:
                return self.condition(v, fld)
            finally:
                self.bound_now = names
        if typ in ("restrictions", "player_restrictions"):
            return self.restrictions(v, fld, players=typ == "player_restrictions")
        raise AssertionError(typ)

    def card_filter(self, v, fld: str) -> dict:
        """A filter of cards outside play (``language.CARD_FILTER_KEYS``); only its valid entries are kept."""
        if not isinstance(v, dict):
            self.err(fld, f"a card filter is a mapping, not {excerpt(v)}")
            return {}
        out = {}
        for k, val in v.items():
            kf = f"{fld}.{k}"
            before = len(self.problems)
            typ = L.CARD_FILTER_KEYS.get(k) if isinstance(k, str) else None
            if typ is None:
                self.err(kf, f"unknown card filter {excerpt(k)}{suggest(k, L.CARD_FILTER_KEYS)}; a card filter takes "
                             f"{', '.join(L.CARD_FILTER_KEYS)}")
            elif typ == "card_type":
                self.check_choice(val, L.CARD_TYPES, kf, "card type")
            elif typ == "kind":
                self.check_choice(val, ("main", "supporting"), kf, "kind")
            elif typ == "int":
                self.number(val, kf)
            elif k == "keyword":
                self.check_choice(val, L.KEYWORDS, kf, "keyword")
            else:
                self.text_value(val, typ, kf)
            if len(self.problems) == before:
                out[k] = val
        self.ranges(out, fld, "card")
        return out

    def ranges(self, flt: dict, fld: str, what: str) -> None:
        """A filter that says both ``X_min`` and ``X_max`` with the minimum above the maximum matches
        nothing: a problem at the maximum."""
        for lo, hi in (("cost_min", "cost_max"), ("health_min", "health_max")):
            a, b = flt.get(lo), flt.get(hi)
            if isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool) and not isinstance(b, bool) \
                    and a > b:
                self.err(f"{fld}.{hi}", f"{hi} {b} is below {lo} {a}: no {what} can match this filter")

    def names_play_card(self, v, bound: set[str]) -> bool:
        """Does a selector name equipment, locations or resources (not characters)?"""
        if isinstance(v, dict):
            return len(v) == 1 and next(iter(v)) in L.PLAY_CARD_SELECTORS
        return isinstance(v, str) and (v == "its_equipment" or (v in bound and self.kinds.get(v) in L.PLAY_CARD_KINDS))

    def play_card_words(self, v) -> str:
        if isinstance(v, dict):
            return f"{L.PLAY_CARD_SELECTORS[next(iter(v))]} cards"
        if v == "its_equipment":
            return "an equipment"
        return f"{excerpt(v)}, chosen as {_a(self.kinds[v])}"

    def card_target(self, v, fld: str, bound: set[str]):
        """A ``card_target``: equipment, locations or resources (``language.PLAY_CARD_SELECTORS``, or a
        name chosen with ``what: equipment``, ``location`` or ``resource``)."""
        if isinstance(v, dict) and len(v) == 1 and next(iter(v)) in L.PLAY_CARD_SELECTORS:
            (k, flt), = v.items()
            return {k: self.play_filter(flt, f"{fld}.{k}", L.PLAY_CARD_SELECTORS[k])}
        if isinstance(v, str) and (v == "its_equipment" or (v in bound and self.kinds.get(v) in L.PLAY_CARD_KINDS)):
            return v
        if isinstance(v, str) and v in bound:
            self.err(fld, f"{excerpt(v)} was chosen as {_a(self.kinds.get(v, 'thing other than a card in play'))}; "
                          "this step acts on equipment, locations or resources: choose one with what: equipment, "
                          "location or resource")
        elif isinstance(v, str) and v in L.BUILTIN_SELECTORS:
            self.err(fld, f"{v} names characters; this step acts on equipment, locations or resources"
                          f"{suggest(v, ['its_equipment'])}")
        elif isinstance(v, dict) and set(v) == {"each"}:
            self.err(fld, f"{{each: ...}} names characters; use each_equipment, each_location or each_resource"
                          f"{suggest('each', L.PLAY_CARD_SELECTORS)}")
        else:
            names = [*L.PLAY_CARD_SELECTORS, *(n for n in bound if self.kinds.get(n) in L.PLAY_CARD_KINDS)]
            key = next(iter(v)) if isinstance(v, dict) and len(v) == 1 else v
            self.err(fld, f"unknown target {excerpt(v)}{suggest(key, names)}; name its_equipment, "
                          "{each_equipment: FILTER} (each_location, each_resource) or one chosen earlier with "
                          "choose: {what: equipment} (location, resource)")
        return v

    def play_filter(self, v, fld: str, kind: str) -> dict:
        """A filter of equipment, locations or resources (``language.PLAY_CARD_FILTER_KEYS``)."""
        if not isinstance(v, dict):
            self.err(fld, f"a filter is a mapping, not {excerpt(v)}")
            return {}
        keys = L.PLAY_CARD_FILTER_KEYS[kind]
        out = dict(v)
        for k, val in v.items():
            kf = f"{fld}.{k}"
            if k not in keys:
                if kind == "resource" and (k in L.FILTER_KEYS or k in L.CARD_FILTER_KEYS
                                           or any(k in ks for ks in L.PLAY_CARD_FILTER_KEYS.values())):
                    why = "a face-down resource is hidden from everyone but its owner: its filter says only whose " \
                          "it is (side)"
                elif kind == "equipment" and k in L.FILTER_KEYS:
                    why = f"{k!r} filters characters; for the character wearing it write wearer: {{{k}: ...}}"
                elif k in L.FILTER_KEYS:
                    why = f"{k!r} filters characters, not {kind}s"
                else:
                    why = f"unknown {kind} filter {k!r}{suggest(k, keys)}"
                self.err(kf, f"{why}; {_a(kind)} filter takes {', '.join(keys)}")
                continue
            typ = keys[k]
            if typ == "side":
                self.check_choice(val, ("yours", "enemy", "any"), kf, "side")
            elif typ == "filter":
                out[k] = self.filter(val, kf)
            elif typ == "symbol":
                self.check_choice(val, (*L.SYMBOLS, L.ANY_SYMBOL), kf, "power symbol")
            elif typ == "bool" and not isinstance(val, bool):
                self.err(kf, f"must be true or false, not {excerpt(val)}")
            elif typ == "int":
                self.number(val, kf)
            elif typ in ("str_list", "str"):
                self.text_value(val, typ, kf)
        return out

    def restrictions(self, v, fld: str, players: bool = False) -> tuple:
        """A list of restrictions (``language.RESTRICTIONS``, or ``PLAYER_RESTRICTIONS`` for
        players): ``[attack, be_attacked]`` or one name."""
        options = L.PLAYER_RESTRICTIONS if players else L.RESTRICTIONS
        items = _as_list(v)
        if not items:
            self.err(fld, f"names at least one restriction: {', '.join(options)}")
        for i, r in enumerate(items):
            rf = f"{fld}[{i}]" if isinstance(v, list) else fld
            if not _is_in(r, options):
                other = L.RESTRICTIONS if players else L.PLAYER_RESTRICTIONS
                hint = (f" ({r} is a restriction of {'characters' if players else 'players'}: "
                        f"{'drop players:' if players else 'add players: you, opponent or each'})"
                        if _is_in(r, other) else suggest(r, options))
                self.err(rf, f"unknown restriction {excerpt(r)}{hint}; expected one of {', '.join(options)}")
            elif r in items[:i]:
                self.err(rf, f"{r} is listed twice")
        # only the known ones go on (a list or mapping in the list can't be looked up)
        return tuple(dict.fromkeys(r for r in items if _is_in(r, options)))

    def filter(self, v, fld: str) -> dict:
        if not isinstance(v, dict):
            self.err(fld, f"a filter is a mapping, not {excerpt(v)}")
            return {}
        before = len(self.problems)
        for k, val in v.items():
            if not _is_in(k, L.FILTER_KEYS):
                self.err(f"{fld}.{k}", f"unknown filter {excerpt(k)}{suggest(k, L.FILTER_KEYS)}")
                continue
            typ = L.FILTER_KEYS[k]
            if typ == "side":
                self.check_choice(val, ("yours", "enemy", "any"), f"{fld}.{k}", "side")
            elif typ == "row":
                self.check_choice(val, L.ROWS, f"{fld}.{k}", "row")
            elif typ == "kind":
                self.check_choice(val, ("main", "supporting"), f"{fld}.{k}", "kind")
            elif typ == "alignment":
                self.check_choice(val, L.ALIGNMENTS, f"{fld}.{k}", "alignment")
            elif typ == "bool" and not isinstance(val, bool):
                self.err(f"{fld}.{k}", f"must be true or false, not {excerpt(val)}")
            elif typ == "tristate" and val not in (True, False, "any"):
                self.err(f"{fld}.{k}", f"must be true, false or any, not {excerpt(val)}")
            elif typ == "int":
                self.number(val, f"{fld}.{k}")
            elif typ in ("str_list", "str", "name"):
                self.text_value(val, typ, f"{fld}.{k}")
            elif typ == "equipment_filter":
                self.play_filter(val, f"{fld}.{k}", "equipment")
        if len(self.problems) == before:
            self.ranges(v, fld, "character")
        return dict(v)

    def text_value(self, val, typ: str, fld: str) -> None:
        """A filter's text value: a word (``str``, ``name``) or a list of at least two (``str_list``)."""
        if typ == "str_list":
            if not isinstance(val, list) or len(val) < 2 or not all(isinstance(x, str) and x for x in val):
                self.err(fld, f"lists two or more names, such as [Dawnwatch, Skyguard], not {excerpt(val)}")
        elif not isinstance(val, str) or not val:
            self.err(fld, f"must be text, not {excerpt(val)}")

    def condition(self, v, fld: str) -> dict:
        if not isinstance(v, dict) or not v:
            self.err(fld, f"a condition is a mapping, not {excerpt(v)}")
            return {}
        for k, val in v.items():
            if k not in L.CONDITIONS:
                self.err(f"{fld}.{k}", f"unknown condition {k!r}{suggest(k, L.CONDITIONS)}")
            elif L.CONDITIONS[k] == "filter":
                self.filter(val, f"{fld}.{k}")
            elif L.CONDITIONS[k] == "count":
                if not isinstance(val, dict) or not _is_in(val.get("count"), L.COUNTABLES) \
                        or isinstance(val.get("n"), bool) or not isinstance(val.get("n"), int):
                    self.err(f"{fld}.{k}", f"needs {{count: one of {', '.join(L.COUNTABLES)}, n: N}}")
                else:
                    self.number(val["n"], f"{fld}.{k}.n")
            elif L.CONDITIONS[k] == "int":
                self.number(val, f"{fld}.{k}")
            elif L.CONDITIONS[k] == "bool" and not isinstance(val, bool):
                self.err(f"{fld}.{k}", f"must be true or false, not {excerpt(val)}")
            else:
                val = self.looking_condition(k, val, f"{fld}.{k}")
        return dict(v)

    def lasting_condition(self, v, fld: str, what: str) -> dict:
        """A condition that holds or not at any moment (``what``: a continuous ability's ``while:``...):
        checked like any condition, and ``first_time_this_turn`` is an error at its own field."""
        cond = self.condition(v, fld)
        if cond and L.mentions_first_time(cond):
            for path in _first_time_fields(cond, fld):
                self.err(path, f"first_time_this_turn has no meaning in {what}, which holds or not at any moment "
                               "(it means something only where an ability resolves: a triggered ability's if: or "
                               "an if step in an effect)")
        return cond

    def looking_condition(self, k: str, val, fld: str):
        """The conditions that look at things (``matches``, ``in_row``, ``attack_is``, ``not``,
        ``any``...)."""
        typ = L.CONDITIONS[k]
        if typ == "target_filter":
            if not isinstance(val, dict) or set(val) != {"target", "filter"}:
                self.err(fld, "needs {target: SELECTOR, filter: FILTER} (such as {target: that_character, "
                              "filter: {kind: main}})")
                return val
            if not _is_in(val["target"], L.BUILTIN_SELECTORS) and not isinstance(val["target"], str):
                self.err(f"{fld}.target", f"names one character: a built-in target or a name chosen earlier, "
                                          f"not {excerpt(val['target'])}")
            elif val["target"] in ("each_enemy", "each_ally", "attackers", "in_combat"):
                self.err(f"{fld}.target", f"names one character, and {val['target']} names several"
                                          f"{suggest('that', ['that_character'])}")
            elif val["target"] not in L.BUILTIN_SELECTORS and (val["target"] not in self.bound_now
                                                               or self.kinds.get(val["target"]) in _NOT_CHARACTERS):
                # (an unknown name would make the condition false every time, silently)
                names = [n for n in self.bound_now if self.kinds.get(n) not in _NOT_CHARACTERS]
                self.err(f"{fld}.target", f"unknown target {excerpt(val['target'])}"
                                          f"{suggest(val['target'], [*L.BUILTIN_SELECTORS, *names])}; name a built-in "
                                          "target or a character chosen earlier in this effect")
            self.filter(val["filter"], f"{fld}.filter")
        elif typ == "row":
            self.check_choice(val, L.ROWS, fld, "row")
        elif typ == "attack_kind":
            self.check_choice(val, L.ATTACK_KINDS, fld, "kind of attack")
        elif typ == "condition":
            self.condition(val, fld)
        elif typ.startswith("play_filter:"):
            self.play_filter(val, fld, typ.split(":", 1)[1])
        elif typ == "conditions":
            if not isinstance(val, list) or len(val) < 2:
                self.err(fld, f"is a list of two or more conditions, not {excerpt(val)}")
            else:
                for i, c in enumerate(val):
                    self.condition(c, f"{fld}[{i}]")
        return val


_NOT_CHARACTERS = {"player": "a player", "number": "a number (choose_number)", "name": "a name (name, name_character)",
                   "card": "a card outside play (what: card)"}
"""The kinds of chosen things (``Verb.bound_kind``) that are no character in play, with their words: a
step aimed at characters can't take them (the engine would read a player's or a number's value as a
card)."""


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _or_fields(k, fields) -> str:
    """`` (did you mean 'effect'?)`` for a misspelt field, else the fields there are."""
    return suggest(k, fields) or f"; it takes {', '.join(fields)}"


def _first_time_fields(cond: dict, fld: str):
    """The fields of ``cond`` (nested in not, any, all) that say ``first_time_this_turn``."""
    for k, v in cond.items():
        if k == "first_time_this_turn":
            yield f"{fld}.{k}"
        elif k == "not" and isinstance(v, dict):
            yield from _first_time_fields(v, f"{fld}.not")
        elif k in ("any", "all") and isinstance(v, list):
            for i, c in enumerate(v):
                if isinstance(c, dict):
                    yield from _first_time_fields(c, f"{fld}.{k}[{i}]")


def _is_in(v, options) -> bool:
    """``v in options``, False for a value that cannot be looked up (a list where a name belongs)."""
    try:
        return v in options
    except TypeError:
        return False


def _as_list(v) -> list:
    if v is None:
        return []
    return v if isinstance(v, list) else [v]


def parse_card(data: dict, file: str | None = None) -> tuple[CardDef | None, list[Problem]]:
    cid = data.get("id") if isinstance(data, dict) else None
    ck = _Checker(file, cid or (data.get("name") if isinstance(data, dict) else None))
    if not isinstance(data, dict):
        ck.err(None, f"a card is a mapping of fields, not {excerpt(data)}")
        return None, ck.problems
    if "id" in data and not (isinstance(cid, str) and cid):
        ck.err("id", f"must be text (a short unique id such as 'ember-lynx-1'), not {excerpt(cid)}")
    elif not isinstance(cid, str) or not cid:
        ck.err("id", "is required (a short unique id such as 'ember-lynx-1')")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        ck.err("name", "is required")
    mantle = data.get("mantle", 0)
    if isinstance(mantle, bool) or not isinstance(mantle, int) or not 0 <= mantle <= 3:
        ck.err("mantle", f"is the number of stars around the name (0-3), not {excerpt(mantle)}")
    elif mantle and isinstance(name, str):
        # a mantle: the stars are part of the full name, so it is a different character for
        # uniqueness and power-ups than its predecessor of the same title
        name = "\u2605" * mantle + name + "\u2605" * mantle
    ctype = data.get("type")
    if not ck.check_choice(ctype, L.CARD_TYPES, "type", "card type"):
        # the fields every card has are still checked: one typo must not hide the others
        _check_common_types(ck, data)
        ck.keywords(data.get("keywords"), "keywords")
        return None, ck.problems
    assert isinstance(ctype, str)  # (one of CARD_TYPES)
    allowed = CARD_FIELDS["common"] | CARD_FIELDS[ctype]
    for k in data:
        if k not in allowed:
            ck.err(k, f"unknown field for a {ctype} card{suggest(k, allowed)}")

    teams = tuple(str(t) for t in _as_list(data.get("team")))
    _check_common_types(ck, data)
    kw, kw_params = ck.keywords(data.get("keywords"), "keywords")
    fields: dict = {"id": cid, "name": name, "type": ctype, "teams": teams, "keywords": frozenset(kw),
                    "kw_params": tuple(kw_params),
                    "universe": data.get("universe", "core"), "aka": tuple(_as_list(data.get("aka"))),
                    "text": data.get("text"), "flavor": data.get("flavor"),
                    "number": str(data["number"]) if data.get("number") is not None else None,
                    "source": file}
    if "art" in data:
        bad = art_problem(data["art"])
        if bad:
            ck.err("art", bad)
        else:
            fields["art_icon"] = data["art"]["icon"]

    if ctype in ("main", "supporting", "token"):
        fields["atk"] = ck.check_int(data, "atk", "atk") or 0
        fields["defense"] = ck.check_int(data, "def", "def") or 0
        fields["health"] = ck.check_int(data, "health", "health", minimum=1) or 1
        if ctype == "supporting":
            fields["cost"] = ck.check_int(data, "cost", "cost")
        if ctype == "main":
            fields["level"] = ck.check_int(data, "level", "level", minimum=1) or 1
            for k in ("level_up", "transform"):
                if k in data and data[k] is None:  # ``level_up:`` with nothing after it
                    ck.err(k, "is empty: give xp, when and into" if k == "level_up" else "is empty: give when and into")
            fields["level_up"] = _parse_level_up(ck, data.get("level_up"))
            if "transform" in data:
                if "level_up" in data:
                    ck.err("transform", "a main character either levels up or transforms, not both")
                t = _parse_level_up(ck, {"xp": 1, **data["transform"]} if isinstance(data["transform"], dict)
                                    else data["transform"], "transform")
                fields["level_up"] = LevelUp(1, t.when, t.into, t.cond, transform=True) if t else None
            if "difficulty" in data and ck.check_choice(data["difficulty"], L.DIFFICULTIES, "difficulty",
                                                        "difficulty label"):
                fields["difficulty"] = data["difficulty"]
            if "returns_to" in data:
                if not isinstance(data["returns_to"], str) or not data["returns_to"]:
                    ck.err("returns_to", "names the side pile this main character goes back to when KO'd")
                fields["returns_to"] = data["returns_to"]
            if fields["level"] == 1 and fields["level_up"] is None and "level_up" not in data \
                    and "transform" not in data and "returns_to" not in data:
                ck.err("level_up", "a level 1 main character needs a level-up (or a transform)")
        fields["powers"] = tuple(_parse_powers(ck, data.get("powers")))
        fields["triggers"] = tuple(_parse_triggers(ck, data.get("triggers")))
        fields["statics"] = tuple(_parse_statics(ck, data.get("statics")))
    elif ctype == "equipment":
        fields["cost"] = ck.check_int(data, "cost", "cost")
        fields["machine"] = bool(data.get("machine", False))
        if fields["machine"] and (data.get("powers") or data.get("triggers")):
            ck.err("powers", "a machine's abilities are continuous (statics) in this card language")
        fields["powers"] = tuple(_parse_powers(ck, data.get("powers")))
        fields["triggers"] = tuple(_parse_triggers(ck, data.get("triggers")))
        fields["statics"] = tuple(_parse_statics(ck, data.get("statics")))
        if not (kw or fields["powers"] or fields["triggers"] or fields["statics"] or fields["machine"]):
            ck.err("keywords", "equipment needs something to give its character: keywords, powers, "
                               "triggers or statics")
    elif data.get("powers") or data.get("triggers") or data.get("statics"):
        ck.err("powers", f"a {ctype} card has no character powers")

    if ctype == "plot_twist":
        timing = _as_list(data.get("timing"))
        if not timing:
            ck.err("timing", "is required (build, main, combat or any_combat)")
        for i, t in enumerate(timing):
            ck.check_choice(t, L.TIMINGS, f"timing[{i}]", "timing")
        fields["timing"] = tuple(timing)
        fields["any_turn"] = bool(data.get("any_turn", False))
        fields["anywhere"] = bool(data.get("anywhere", False))
        reqs = []
        for i, r in enumerate(_as_list(data.get("requires"))):
            rf = f"requires[{i}]" if isinstance(data.get("requires"), list) else "requires"
            if isinstance(r, dict):
                form = next((k for k in ("team", "alignment", "keyword") if k in r), None)
                for k in r:
                    if k not in (form, "count"):
                        ck.err(f"{rf}.{k}", f"unknown field for a requirement{_or_fields(k, [form or 'team', 'count'])}")
            if isinstance(r, str) and not r.strip():
                ck.err(rf, "names a team, not an empty text")
            elif isinstance(r, str):
                reqs.append((r, 1))
            elif isinstance(r, dict) and isinstance(r.get("team"), str) and r["team"].strip():
                reqs.append((r["team"], ck.check_int(r, "count", f"requires[{i}].count", minimum=1) or 1))
            elif isinstance(r, dict) and r.get("alignment") in L.ALIGNMENTS:
                reqs.append((f"alignment:{r['alignment']}",
                             ck.check_int(r, "count", f"requires[{i}].count", minimum=1) or 1 if "count" in r else 1))
            elif isinstance(r, dict) and isinstance(r.get("keyword"), str):
                ck.check_choice(r["keyword"], L.KEYWORDS, f"requires[{i}].keyword", "keyword")
                reqs.append((f"keyword:{r['keyword']}",
                             ck.check_int(r, "count", f"requires[{i}].count", minimum=1) or 1 if "count" in r else 1))
            else:
                ck.err(f"requires[{i}]", "needs a team name, {team: NAME, count: N}, {alignment: good|evil, "
                                         "count: N} or {keyword: KEYWORD, count: N}")
        fields["requires"] = tuple(reqs)
        if not teams:  # a plot twist that needs a team's characters is that team's card
            fields["teams"] = tuple(dict.fromkeys(t for t, _n in reqs if ":" not in t))
        before = len(ck.problems)
        ck.has_source = False
        fields["effect"] = ck.steps(data.get("effect"), "effect", set())
        ck.has_source = True
        if not fields["effect"] and len(ck.problems) == before:
            ck.err("effect", "a plot twist needs an effect")
        if any(t in ("combat", "any_combat") for t in timing) and not fields["anywhere"]:
            if not _mentions_combat(fields["effect"]):
                ck.err("effect", "a combat plot twist must affect characters in the combat "
                                 "(choose with in_combat: true or use attackers/defender/in_combat), "
                                 "or say anywhere: true")

    if ctype == "location":
        sym = data.get("symbol")
        if sym is not None:
            ck.check_choice(sym, L.SYMBOLS, "symbol", "power symbol")
        elif not teams:
            ck.err("symbol", "a location needs a power symbol, or a team for a special location")
        fields["symbol"] = sym

    _parse_part_b(ck, data, ctype, fields)
    try:
        card = CardDef(**fields)
    except TypeError:  # pragma: no cover - a field we could not even read
        return None, ck.problems
    return card, ck.problems


def _parse_part_b(ck: _Checker, data: dict, ctype: str, fields: dict) -> None:
    """Deck-building clauses (``deck_rules``) and equipment details (``wearer``, ``one_of_a_kind``,
    ``stays_on_stun``)."""
    if "deck_rules" in data:
        rules = data["deck_rules"]
        if not isinstance(rules, dict) or not rules:
            ck.err("deck_rules", f"is a mapping such as {{max_copies: 1}} or {{requires: {{team: T, count: N}}}}, "
                                 f"not {excerpt(rules)}")
        else:
            for k, v in rules.items():
                if k not in L.DECK_RULE_KEYS:
                    ck.err(f"deck_rules.{k}", f"unknown deck-building clause{suggest(k, L.DECK_RULE_KEYS)}")
                elif k == "max_copies":
                    ck.number(v, "deck_rules.max_copies")
                    if isinstance(v, int) and not isinstance(v, bool) and not 1 <= v <= 3:
                        ck.err("deck_rules.max_copies", f"is 1, 2 or 3 (a deck holds at most 4 of any card), not {v}")
                else:
                    _check_deck_requirement(ck, v, "deck_rules.requires")
            fields["deck_rules"] = dict(rules)
    if "discounts" in data:
        out = []
        for i, dc in enumerate(_as_list(data["discounts"])):
            df = f"discounts[{i}]"
            if not isinstance(dc, dict):
                ck.err(df, "a discount is a mapping such as {n: 1, card_filter: {type: supporting}}")
                continue
            for k in dc:
                if k not in L.DISCOUNT_KEYS:
                    ck.err(f"{df}.{k}", f"unknown field for a discount{suggest(k, L.DISCOUNT_KEYS)}")
            if "power" in dc:  # a super power discount: one symbol less (never below one symbol)
                ck.check_choice(dc["power"], (*L.SYMBOLS, L.ANY_SYMBOL), f"{df}.power", "power symbol")
                if "card_filter" in dc:
                    ck.err(f"{df}.card_filter", "a super power discount picks characters with affects: FILTER")
                aff = ck.filter(dc.get("affects", {}), f"{df}.affects")
                if "n" in dc:
                    ck.err(f"{df}.n", "a super power discount is one symbol (give a second discount for two)")
                cond = ck.lasting_condition(dc["if"], f"{df}.if", "a discount's if:") if "if" in dc else None
                out.append({"power": dc["power"], "affects": aff, **({"if": cond} if cond else {})})
                continue
            if "affects" in dc:
                ck.err(f"{df}.affects", "a recruit discount picks cards with card_filter (affects: goes with power:)")
            n = ck.check_int(dc, "n", f"{df}.n", minimum=1)
            flt = ck.arg(dc.get("card_filter", {}), "card_filter", f"{df}.card_filter", set())
            if flt.get("type") not in (None, "supporting", "equipment"):
                ck.err(f"{df}.card_filter.type", "only supporting characters and equipment are recruited")
            cond = ck.lasting_condition(dc["if"], f"{df}.if", "a discount's if:") if "if" in dc else None
            out.append({"n": n or 1, "card_filter": flt, **({"if": cond} if cond else {})})
        fields["discounts"] = tuple(out)
    if ctype == "equipment":
        if "wearer" in data:
            flt = ck.filter(data["wearer"], "wearer")
            for k in ("side", "stunned", "in_combat", *L.VOLATILE_FILTER_KEYS):
                if k in flt:
                    ck.err(f"wearer.{k}", f"says who may wear it by what the character is, not by {k}")
            fields["wearer"] = flt
        for k in ("one_of_a_kind", "stays_on_stun"):
            if k in data:
                if not isinstance(data[k], bool):
                    ck.err(k, f"must be true or false, not {excerpt(data[k])}")
                fields[k] = data[k] is True
        if data.get("machine") and any(k in data for k in L.EQUIPMENT_KEYS if k != "one_of_a_kind"):
            ck.err("wearer" if "wearer" in data else "stays_on_stun", "a machine is worn by nobody")


def _check_deck_requirement(ck: _Checker, v, fld: str) -> None:
    if not isinstance(v, dict) or not v:
        ck.err(fld, "is a mapping such as {team: Dawnwatch, count: 3} or {main_team: Dawnwatch}")
        return
    for k, val in v.items():
        if k not in L.DECK_REQUIREMENT_KEYS:
            ck.err(f"{fld}.{k}", f"unknown requirement{suggest(k, L.DECK_REQUIREMENT_KEYS)}")
        elif k == "count":
            ck.number(val, f"{fld}.count")
        elif k == "keyword":
            ck.check_choice(val, L.KEYWORDS, f"{fld}.keyword", "keyword")
        elif k == "type":
            ck.check_choice(val, L.CARD_TYPES, f"{fld}.type", "card type")
        elif not isinstance(val, str) or not val:
            ck.err(f"{fld}.{k}", f"names a team, not {excerpt(val)}")
    if "count" in v and not any(k in v for k in ("team", "keyword", "type")):
        ck.err(f"{fld}.count", "counts cards of a team, a keyword or a type: give team, keyword or type")
    if "count" not in v and any(k in v for k in ("team", "keyword", "type")):
        ck.err(fld, "give count: N, the number of other such cards the deck must hold")


def _check_common_types(ck: _Checker, data: dict) -> None:
    """The plain fields every card may have: each of its own type (a list where a name belongs,
    a number where text belongs, is reported rather than taken)."""
    for i, t in enumerate(_as_list(data.get("team"))):
        if not isinstance(t, str) or not t:
            ck.err(f"team[{i}]" if isinstance(data.get("team"), list) else "team", f"names a team, not {excerpt(t)}")
    if "universe" in data and (not isinstance(data["universe"], str) or not data["universe"].strip()):
        ck.err("universe", f"names one universe (text, such as 'core'), not {excerpt(data['universe'])}")
    for k in ("text", "flavor"):
        if data.get(k) is not None and not isinstance(data[k], str):
            ck.err(k, f"must be text, not {excerpt(data[k])}")
    for i, a in enumerate(_as_list(data.get("aka"))):
        if not isinstance(a, str) or not a:
            ck.err(f"aka[{i}]" if isinstance(data.get("aka"), list) else "aka", f"must be a name, not {excerpt(a)}")
    if data.get("number") is not None and (isinstance(data["number"], bool)
                                           or not isinstance(data["number"], (str, int))):
        ck.err("number", f"must be a set number (text or a whole number), not {excerpt(data['number'])}")
    for k in ("any_turn", "anywhere", "machine"):
        if k in data and not isinstance(data[k], bool):
            ck.err(k, f"must be true or false, not {excerpt(data[k])}")


def _mentions_combat(steps) -> bool:
    """Does some step, nested ones included, affect characters in the combat?"""
    return any(VERBS[verb].affects_combat(args) for verb, args in walk_steps(steps))


def _parse_powers(ck: _Checker, powers) -> list[PowerDef]:
    out = []
    named: dict[str, int] = {}  # a power's uses are kept by its name: two of one name would share them
    for i, p in enumerate(_as_list(powers)):
        pf = f"powers[{i}]"
        if not isinstance(p, dict):
            ck.err(pf, "a super power is a mapping")
            continue
        if isinstance(p.get("name"), str):
            if p["name"] in named:
                ck.err(f"{pf}.name", f"powers[{named[p['name']]}] has the same name: give each super power "
                                     "of a card its own name")
            named.setdefault(p["name"], i)
        fields = ["name", "timing", "cost", "effect", "any_turn", "once_per_game", "reaction", "zone", "uses",
                  "or_cost"]
        for k in p:
            if k not in fields:
                ck.err(f"{pf}.{k}", f"unknown field for a super power{_or_fields(k, fields)}")
        if not isinstance(p.get("name"), str) or not p["name"].strip():
            ck.err(f"{pf}.name", "a super power needs a name" + (f", not {excerpt(p['name'])}" if "name" in p else ""))
        if "reaction" in p:
            ck.check_choice(p["reaction"], L.EVENTS, f"{pf}.reaction", "event to react to")
            if "timing" in p:
                ck.err(f"{pf}.timing", "a reaction is used when its event happens, so it has no timing")
        elif isinstance(p.get("timing"), list) and len(p["timing"]) > 1:  # "Main / Combat": either timing
            timings = p["timing"]
            for j, t in enumerate(timings):
                ck.check_choice(t, L.TIMINGS, f"{pf}.timing[{j}]", "timing")
            if len(set(map(str, timings))) != len(timings):
                ck.err(f"{pf}.timing", "lists two or more different timings (or give one timing)")
        else:
            ck.check_choice(p.get("timing"), L.TIMINGS, f"{pf}.timing", "timing")
        cost = _as_list(p.get("cost"))
        if not cost:
            ck.err(f"{pf}.cost", "a super power needs a cost of at least one power symbol")
        for j, s in enumerate(cost):
            ck.check_choice(s, (*L.SYMBOLS, L.ANY_SYMBOL), f"{pf}.cost[{j}]", "power symbol")
        before = len(ck.problems)
        effect = ck.steps(p.get("effect"), f"{pf}.effect", set())
        if not effect and len(ck.problems) == before:
            ck.err(f"{pf}.effect", "a super power needs an effect")
        timings = tuple(t for t in p["timing"] if _is_in(t, L.TIMINGS)) \
            if isinstance(p.get("timing"), list) and len(p["timing"]) > 1 else ()
        uses = _power_uses(ck, p, pf)
        flags = {k: _flag(ck, p, k, f"{pf}.{k}") for k in ("any_turn", "once_per_game")}
        costs: tuple[tuple, ...] = (tuple(cost),)
        if "or_cost" in p:  # "{might}{might} or {energy}": pay either (issue 18, part B)
            alt = _as_list(p["or_cost"])
            for j, sym in enumerate(alt):
                ck.check_choice(sym, (*L.SYMBOLS, L.ANY_SYMBOL), f"{pf}.or_cost[{j}]", "power symbol")
            if not alt or tuple(alt) == tuple(cost):
                ck.err(f"{pf}.or_cost", "an alternative cost of at least one power symbol, other than the cost")
            costs = (tuple(cost), tuple(alt))
        # one play per cost, except a reaction: offered once when its event happens, paid by either
        for timing in timings or (p.get("timing", "main"),):
            for one_cost in costs[:1] if p.get("reaction") else costs:
                out.append(PowerDef(name=p.get("name", "?"), timing=timing, cost=one_cost,
                                    effect=effect, any_turn=flags["any_turn"],
                                    once_per_game=flags["once_per_game"], reaction=p.get("reaction"),
                                    zone=p.get("zone", "play"), uses=uses, timings=timings,
                                    costs=costs if len(costs) > 1 else ()))
        if p.get("zone", "play") not in ("play", "hand", "ko"):
            ck.err(f"{pf}.zone", f"a super power works from play, hand or ko, not {excerpt(p.get('zone'))}")
    return out


def _power_uses(ck: _Checker, p: dict, pf: str) -> int:
    """``uses``: how many times per turn a super power may be used ("any", or 2 to 5; default once)."""
    if "uses" not in p:
        return 1
    v = p["uses"]
    if v == "any":
        uses = 0
    elif isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 5:
        uses = v
    else:
        ck.err(f"{pf}.uses", f"is how many times per turn it may be used: any, or 2 to 5 (once is the "
                             f"default), not {excerpt(v)}")
        return 1
    if p.get("once_per_game") or "reaction" in p:
        ck.err(f"{pf}.uses", "a once-per-game power or a reaction is used at most once; drop uses")
    return uses


def _parse_triggers(ck: _Checker, triggers) -> list[TriggerDef]:
    out = []
    for i, t in enumerate(_as_list(triggers)):
        tf = f"triggers[{i}]"
        if not isinstance(t, dict):
            ck.err(tf, "a triggered ability is a mapping")
            continue
        out.append(_parse_trigger(ck, t, tf))
    return out


def _parse_trigger(ck: _Checker, t: dict, tf: str) -> TriggerDef:
    """One triggered ability (a card's ``triggers[i]``, or the ``trigger`` a ``grant_trigger`` step
    gives), its problems reported under the field ``tf``."""
    for k in t:
        if isinstance(k, bool):
            ck.err(f"{tf}.{k}", "YAML reads a bare on/off/yes/no key as true/false; write 'when:' "
                                "for the trigger event (or quote the key)")
        elif k not in ("when", "if", "effect", "optional"):
            ck.err(f"{tf}.{k}", f"unknown field for a triggered ability{_or_fields(k, ['when', 'if', 'effect', 'optional'])}")
    if isinstance(t.get("when"), list):
        ck.err(f"{tf}.when", f"a triggered ability listens for one event, not a list ({excerpt(t['when'])}): "
                             "write one triggered ability for each event")
    else:
        ck.check_choice(t.get("when"), L.EVENTS, f"{tf}.when", "trigger event")
    cond = ck.condition(t["if"], f"{tf}.if") if "if" in t else None
    before = len(ck.problems)
    effect = ck.steps(t.get("effect"), f"{tf}.effect", set())
    if not effect and len(ck.problems) == before:  # (steps that are all wrong are reported as such)
        ck.err(f"{tf}.effect", "a triggered ability needs an effect")
    return TriggerDef(on=t.get("when", "appears"), effect=effect, cond=cond,
                      optional=_flag(ck, t, "optional", f"{tf}.optional"))


def _flag(ck: _Checker, m: dict, key: str, fld: str) -> bool:
    """An on/off field of an ability (absent: off); anything but true or false is reported (a quoted
    "false" is text, and would read as on)."""
    v = m.get(key, False)
    if not isinstance(v, bool):
        ck.err(fld, f"must be true or false, not {excerpt(v)}")
        return False
    return v


def _parse_statics(ck: _Checker, statics) -> list[dict]:
    out = []
    for i, st in enumerate(_as_list(statics)):
        sf = f"statics[{i}]"
        if not isinstance(st, dict):
            ck.err(sf, "a continuous ability is a mapping (affects, atk, def, grant)")
            continue
        clean: dict = {}
        for k, v in st.items():
            if not _is_in(k, L.STATIC_KEYS):
                ck.err(f"{sf}.{k}", f"unknown field for a continuous ability{_or_fields(k, L.STATIC_KEYS)}")
            elif k == "affects":
                flt = ck.filter(v, f"{sf}.affects")
                if "keyword" in flt:
                    ck.err(f"{sf}.affects.keyword", "a continuous ability can't pick characters by keyword "
                                                    "(keywords may themselves come from continuous abilities)")
                for vk in L.VOLATILE_FILTER_KEYS:
                    if vk in flt:
                        ck.err(f"{sf}.affects.{vk}", f"a continuous ability can't pick characters by {vk} "
                                                     "(it changes without the board changing)")
                clean[k] = flt
            elif k in ("atk", "def"):
                if isinstance(v, dict) and set(v) & {"number_of", "twice", "thrice"}:
                    ck.err(f"{sf}.{k}", "a continuous ability's amount can't be number_of, twice or thrice "
                                        "(they are counted once, when an effect resolves)")
                clean[k] = ck.arg(v, "amount", f"{sf}.{k}", set())
            elif k == "grant":
                kws = _as_list(v)
                for j, kw in enumerate(kws):
                    if ck.check_choice(kw, L.KEYWORDS, f"{sf}.grant[{j}]", "keyword") \
                            and L.KEYWORDS[kw].get("param") and "default" not in L.KEYWORDS[kw]:
                        ck.err(f"{sf}.grant[{j}]", f"{kw} needs a parameter ({L.KEYWORDS[kw]['param']}), and a "
                                                   "granted keyword has none: grant a keyword without one")
                clean[k] = tuple(kws)
            elif k == "while":
                clean[k] = ck.lasting_condition(v, f"{sf}.while", "a continuous ability's while:")
            elif k == "players":
                ck.check_choice(v, L.PLAYER_GROUPS, f"{sf}.players", "group of players")
                clean[k] = v
            elif k == "card":
                clean[k] = ck.arg(v, "card_filter", f"{sf}.card", set())
        if "cant" in st:
            clean["cant"] = ck.restrictions(st["cant"], f"{sf}.cant", players="players" in st)
        _check_restriction_static(ck, sf, st, clean)
        if not any(k in clean for k in ("atk", "def", "grant", "cant")):
            ck.err(sf, "a continuous ability needs atk, def, grant or cant")
        elif not any(clean.get(k) for k in ("grant", "cant")) and all(
                type(clean.get(k, 0)) is int and clean.get(k, 0) == 0 for k in ("atk", "def")):
            ck.err(f"{sf}.atk" if "atk" in st else f"{sf}.def", "+0/+0 changes nothing: give atk or def a number "
                                                                "other than 0 (or grant, or cant)")
        out.append(clean)
    return out


def _check_restriction_static(ck: _Checker, sf: str, st: dict, clean: dict) -> None:
    """A continuous ability on players (``players:``) only restricts them; ``card:`` only says which
    cards a player can't recruit."""
    if "players" in st:
        for k in ("affects", "atk", "def", "grant"):
            if k in st:
                ck.err(f"{sf}.{k}", "a continuous ability on players (players:) only restricts them (cant:); "
                                    "put this in a separate ability")
        if "cant" not in st:
            ck.err(f"{sf}.cant", "a continuous ability on players (players:) needs cant: (what they can't do)")
    if "card" in st and not {"recruit", "play_characters"} & set(clean.get("cant", ())):
        ck.err(f"{sf}.card", "card: names the cards players can't recruit: it goes with cant: [recruit] "
                             "or [play_characters]")


def _parse_level_up(ck: _Checker, lu, fld: str = "level_up") -> LevelUp | None:
    if lu is None:
        return None
    if not isinstance(lu, dict):
        ck.err(fld, "must be a mapping with xp, when and into")
        return None
    for k in lu:
        if k not in ("xp", "when", "into", "if"):
            ck.err(f"{fld}.{k}", f"unknown field{suggest(k, ['xp', 'when', 'into', 'if'])}")
    xp = ck.check_int(lu, "xp", f"{fld}.xp", minimum=1)
    when = _as_list(lu.get("when"))
    if not when:
        ck.err(f"{fld}.when", "needs a condition: the event(s) that give XP (or that transform it)")
    for i, w in enumerate(when):
        ck.check_choice(w, L.EVENTS, f"{fld}.when[{i}]", "trigger event")
    if not isinstance(lu.get("into"), str):
        ck.err(f"{fld}.into", "names the id of the next level's card")
    cond = ck.lasting_condition(lu["if"], f"{fld}.if", "a level-up condition") if "if" in lu else None
    into = lu.get("into")
    return LevelUp(xp=xp or 1, when=tuple(when), into=into if isinstance(into, str) else "", cond=cond)


def parse_cards(items, file: str | None = None, partial: list | None = None,
                lines=None) -> tuple[dict[str, CardDef], list[Problem]]:
    """Parse a list of card mappings; returns the valid cards and every problem found.

    Cards that have problems but could still be read are added to ``partial`` (if given),
    so that cross-card checks can report their other problems too. With ``lines`` (the file's
    ``engine.core.data.Lines``, ``items`` being its ``cards:``), each problem names the line of its
    field: ``file:LINE``."""
    defs: dict[str, CardDef] = {}
    seen: dict[str, int] = {}  # card id -> its index in items
    problems: list[Problem] = []
    if not isinstance(items, list):
        return {}, [Problem(file, None, "cards", "must be a list of cards")]
    for i, data in enumerate(items):
        card, probs = parse_card(data, file=file)
        if lines is not None:
            lines.locate(probs, file, ("cards", i))
        problems += probs
        if card is None:
            continue
        if isinstance(card.id, str) and card.id in seen:  # (the first one may have problems of its own)
            first = file or "this file"
            if lines is not None:
                first = f"{first}:{lines.get(seen[card.id], '?')}"
            dup = Problem(file, card.id, "id", f"duplicate card id (also in {first})")
            if lines is not None:
                lines.locate([dup], file, ("cards", i))
            problems.append(dup)
            continue
        if isinstance(card.id, str):
            seen[card.id] = i
        if probs:
            if partial is not None:
                partial.append(card)
            continue
        defs[card.id] = card
    return defs, problems


def parse_teams(items, file: str | None = None) -> tuple[dict[str, dict], list[Problem]]:
    teams: dict[str, dict] = {}
    problems: list[Problem] = []
    if items is not None and not isinstance(items, list):
        return teams, [Problem(file, None, "teams", "must be a list of teams")]
    for i, t in enumerate(items or []):
        if not isinstance(t, dict) or not isinstance(t.get("name"), str):
            problems.append(Problem(file, None, f"teams[{i}]", "a team needs a name"))
            continue
        if not _is_in(t.get("alignment"), L.ALIGNMENTS):
            problems.append(Problem(file, None, f"teams[{i}].alignment",
                                    f"must be good or evil, not {excerpt(t.get('alignment'))}"))
        teams[t["name"]] = dict(t)
    return teams, problems


def check_pool(pool: CardPool, partial=()) -> list[Problem]:
    """Cross-card checks: level-up targets exist, teams are known. ``partial``: cards that
    failed other checks, checked here too so that every problem is reported at once."""
    problems = []
    named: dict[str, list[CardDef]] = {}
    for c in pool:
        if isinstance(c.name, str):
            named.setdefault(c.name.lower(), []).append(c)
    for same in named.values():
        # a name names one card, or decks, positions and scenarios that name it can't tell which is
        # meant; a main character's name names the main (its levels share it, and a supporting
        # character may share it on purpose: you can't control one with your main's name)
        if len(same) > 1 and not any(c.type == "main" for c in same):
            first = same[0]
            for c in same[1:]:
                problems.append(Problem(c.source, c.id, "name",
                                        f"{c.name!r} is also the name of card {first.id!r} ({first.source}): "
                                        "give each card its own name"))
    for c in [*pool, *partial]:
        if c.level_up and c.level_up.into not in pool:
            problems.append(Problem(c.source, c.id, "level_up.into",
                                    f"no card with id {c.level_up.into!r}{suggest(c.level_up.into, pool.cards)}"))
        elif c.level_up and pool[c.level_up.into].type != "main":
            problems.append(Problem(c.source, c.id, "level_up.into", "must name a main character card"))
        elif c.level_up and (pool[c.level_up.into].level or 0) <= (c.level or 0):
            # a level-up goes up: levels strictly increase along the chain, so it has no loop or standstill
            fld = "transform.into" if c.level_up.transform else "level_up.into"
            problems.append(Problem(c.source, c.id, fld, f"must name a card of a higher level than {c.level} "
                                                         f"({c.level_up.into!r} is level {pool[c.level_up.into].level})"))
        for fld, steps in _all_steps(c):
            for verb, args in _walk(steps):  # what a verb refers to in the pool (a token card...)
                problems += [Problem(c.source, c.id, fld, msg) for msg in VERBS[verb].check_pool(args, pool)]
        if isinstance(c.text, str) and c.text:  # (a card read with problems may hold anything here)
            said = c.text.lower()
            for kw in sorted(c.keywords):
                if kw.replace("_", " ") not in said:
                    problems.append(Problem(c.source, c.id, "text", f"the hand-written text doesn't mention the "
                                                                   f"keyword {kw.replace('_', ' ').title()}"))
            for pw in c.powers:
                if isinstance(pw.name, str) and pw.name.lower() not in said:
                    problems.append(Problem(c.source, c.id, "text", f"the hand-written text doesn't mention the "
                                                                   f"super power {pw.name!r}"))
        if pool.teams:
            for t in c.teams:
                if t not in pool.teams:
                    problems.append(Problem(c.source, c.id, "team", f"unknown team {t!r}{suggest(t, pool.teams)}"))
            for k, v in c.kw_params:
                if L.KEYWORDS[k].get("param") == "team" and not _is_in(v, pool.teams):
                    problems.append(Problem(c.source, c.id, "keywords", f"{k}: unknown team {excerpt(v)}{suggest(v, pool.teams)}"))
            req = (c.deck_rules or {}).get("requires")
            for k in ("team", "main_team"):
                t = req.get(k) if isinstance(req, dict) else None
                if isinstance(t, str) and t not in pool.teams:
                    problems.append(Problem(c.source, c.id, f"deck_rules.requires.{k}",
                                            f"unknown team {t!r}{suggest(t, pool.teams)}"))
            for t, _n in c.requires:
                if ":" not in t and t not in pool.teams:
                    problems.append(Problem(c.source, c.id, "requires", f"unknown team {t!r}{suggest(t, pool.teams)}"))
    return problems


def _all_steps(c: CardDef):
    """Every effect list on a card, with the field it came from."""
    if c.effect:
        yield "effect", c.effect
    for i, pw in enumerate(c.powers):
        yield f"powers[{i}].effect", pw.effect
    for i, t in enumerate(c.triggers):
        yield f"triggers[{i}].effect", t.effect


_walk = walk_steps  # (the name other modules import)


def uses_handlers(c: CardDef) -> bool:
    return any(verb == "handler" for _f, steps in _all_steps(c) for verb, _a in _walk(steps))


# Python handlers (``HANDLERS``, ``register_handler``) live with the ``handler`` verb in
# engine.cardlang.verbs.control (imported above for the modules that look for them here).


def _compile_keyword_triggers() -> dict[str, tuple[TriggerDef, ...]]:
    """The triggered abilities each keyword stands for, checked like any card's."""
    out = {}
    for kw, spec in L.KEYWORDS.items():
        if "expand" not in spec:
            continue
        ck = _Checker("engine/cardlang/language.py", f"keyword {kw}")
        out[kw] = tuple(_parse_triggers(ck, spec["expand"]))
        if ck.problems:
            raise AssertionError("\n".join(map(str, ck.problems)))
    return out


KEYWORD_TRIGGERS = _compile_keyword_triggers()
