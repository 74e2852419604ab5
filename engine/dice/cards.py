"""Card definitions of the dice game and the vocabulary their data may use.

A card file is YAML (or JSON) with ``game: dice``, ``deck: recruit | action`` and a
``cards:`` list. A pool holds both decks; ``engine.dice.data`` checks files against
the vocabulary below and reports every problem.

>>> pool = DicePool.from_data([{"name": "Mortarman", "type": "hero", "force": 4, "traits": ["strong"],
...                             "abilities": ["defender"]}], [])
>>> pool["Mortarman"].force, pool["Mortarman"].is_character
(4, True)
"""

from __future__ import annotations

from pathlib import Path

TRAITS = {"strong": "Strong", "psychic": "Psychic", "agility": "Agility", "energy": "Energy",
          "magic": "Magic", "gadgets": "Gadgets"}

ABILITIES = {
    "defender": "Defender", "damager": "Damager", "area": "Area Attack", "dodger": "Dodger",
    "extra_attack": "Extra Attack", "immobilize": "Immobilize", "shock": "Shock", "genius": "Genius",
    "control": "Control", "regenerate": "Regenerate", "leader": "Leader",
    "unstoppable": "Unstoppable", "versatile": "Versatile",
}

CHARACTER_TYPES = ("hero", "minion")
AID_TYPES = ("origin", "base", "reputation", "sidekick", "vehicle", "device", "minor_plot", "major_plot", "weakness")
UPGRADE_TYPES = ("base_upgrade", "vehicle_upgrade", "plot_upgrade")
RECRUIT_TYPES = CHARACTER_TYPES + AID_TYPES + UPGRADE_TYPES
ACTION_TYPES = ("battle", "event")

# The aid each upgrade type attaches to.
UPGRADE_HOSTS = {"base_upgrade": ("base",), "vehicle_upgrade": ("vehicle",), "plot_upgrade": ("major_plot",)}
# One of each of these per hero (devices name their slot: suit, helmet or boots).
SLOT_OF_TYPE = {"origin": "origin", "base": "base", "reputation": "reputation", "sidekick": "sidekick",
                "vehicle": "vehicle", "minor_plot": "plot", "major_plot": "plot"}
DEVICE_SLOTS = ("suit", "helmet", "boots")

TYPE_NAMES = {
    "hero": "Hero", "minion": "Minion", "origin": "Origin", "base": "Base", "reputation": "Reputation",
    "sidekick": "Sidekick", "vehicle": "Vehicle", "device": "Device", "minor_plot": "Minor Plot",
    "major_plot": "Major Plot", "weakness": "Weakness", "base_upgrade": "Base Upgrade",
    "vehicle_upgrade": "Vehicle Upgrade", "plot_upgrade": "Plot Upgrade", "battle": "Battle", "event": "Event",
}

USERS = {**TRAITS, "villain": "Villain", "good": "Good Hero", "hero": "Any Hero"}
EVENT_EFFECTS = ("destroy_plot", "look_at_hands", "delay_hero", "clear_tokens", "discard_sidekick", "redo_phase")
ATTACK_TYPES = ("area", "immobilize", "control")

# Field -> kind, per card family. "int" is a whole number, "pos" a positive one.
CHARACTER_FIELDS = {"name": "str", "type": "str", "force": "int", "traits": "traits", "power": "str",
                    "abilities": "abilities", "text": "str", "art": "art"}
AID_FIELDS = {"name": "str", "type": "str", "force": "int", "gains": "gains", "boost_if_had": "pos",
              "only": "only", "slot": "slot", "docking": "pos", "turret": "pos", "peek": "bool",
              "hand_size": "hand_size", "secluded": "bool", "any_vehicles": "bool", "team_size": "pos",
              "action_draw": "pos", "immune": "immune", "text": "str", "art": "art"}
ACTION_FIELDS = {"name": "str", "type": "str", "users": "users", "effect": "effect", "attacker_force": "pos",
                 "defender_force": "pos", "force": "pos", "attack_type": "attack_type", "single_target": "bool",
                 "negate": "bool", "remove_delay": "bool", "leader_for_phase": "bool", "draw_action": "pos",
                 "text": "str", "art": "art"}


class DiceCard:
    """One card's printed data (immutable while games run)."""

    __slots__ = ("name", "type", "deck", "force", "traits", "power", "abilities", "gains_traits",
                 "gains_abilities", "boost_if_had", "only", "slot", "docking", "turret", "peek", "hand_size",
                 "secluded", "any_vehicles", "team_size", "action_draw", "immune", "users", "effect",
                 "attacker_force", "defender_force", "bonus", "attack_type", "single_target", "negate",
                 "remove_delay", "leader_for_phase", "draw_action", "flavor", "art_icon", "data")

    def __init__(self, data: dict, deck: str):
        g = data.get
        self.data = dict(data)
        self.name: str = data["name"]
        self.type: str = data["type"]
        self.deck = deck
        self.force: int = int(g("force") or 0)
        self.traits = tuple(g("traits") or ())
        self.power = g("power")
        self.abilities = tuple(g("abilities") or ())
        gains = g("gains") or {}
        self.gains_traits = tuple(gains.get("traits") or ())
        self.gains_abilities = tuple(gains.get("abilities") or ())
        self.boost_if_had = int(g("boost_if_had") or 0)
        self.only = g("only")
        self.slot = g("slot") or SLOT_OF_TYPE.get(self.type)
        self.docking = int(g("docking") or 0)
        self.turret = int(g("turret") or 0)
        self.peek = bool(g("peek"))
        self.hand_size = dict(g("hand_size") or {})
        self.secluded = bool(g("secluded"))
        self.any_vehicles = bool(g("any_vehicles"))
        self.team_size = int(g("team_size") or 0)
        self.action_draw = int(g("action_draw") or 0)
        self.immune = g("immune")
        self.users = tuple(g("users") or ())
        self.effect = g("effect")
        self.attacker_force = int(g("attacker_force") or 0)
        self.defender_force = int(g("defender_force") or 0)
        self.bonus = int(g("force") or 0) if deck == "action" else 0
        self.attack_type = g("attack_type")
        self.single_target = bool(g("single_target"))
        self.negate = bool(g("negate"))
        self.remove_delay = bool(g("remove_delay"))
        self.leader_for_phase = bool(g("leader_for_phase"))
        self.draw_action = int(g("draw_action") or 0)
        self.flavor = g("text")
        art = g("art")
        self.art_icon: str | None = art.get("icon") if isinstance(art, dict) else None  # art: {icon: NAME}

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES

    @property
    def is_aid(self) -> bool:
        return self.type in AID_TYPES

    @property
    def is_upgrade(self) -> bool:
        return self.type in UPGRADE_TYPES

    @property
    def is_plot(self) -> bool:
        return self.type in ("minor_plot", "major_plot")

    def __repr__(self):
        return f"DiceCard({self.name!r}, {self.type})"


class DicePool:
    """Both decks' cards by name, in deck order (one copy of each card)."""

    def __init__(self, recruit: list[DiceCard], action: list[DiceCard]):
        self.recruit = recruit
        self.action = action
        self.by_name = {c.name: c for c in recruit + action}
        self._lower = {c.name.lower(): c for c in recruit + action}
        self.faces: dict = {}     # (card id, name) -> the face a view shows; see view.face
        self.profiles: dict = {}  # (character, attached cards) -> (Force, traits, abilities); see rules.profile

    @classmethod
    def from_data(cls, recruit: list[dict], action: list[dict]) -> DicePool:
        return cls([DiceCard(d, "recruit") for d in recruit], [DiceCard(d, "action") for d in action])

    def __getitem__(self, name: str) -> DiceCard:
        return self.by_name[name]

    def __contains__(self, name) -> bool:
        return name in self.by_name

    def find(self, name: str) -> DiceCard | None:
        """A card by name, ignoring case."""
        return self.by_name.get(name) or self._lower.get(str(name).lower())

    def __len__(self):
        return len(self.by_name)

    def to_json(self) -> dict:
        """The pool as plain data (for a browser bundle): ``DicePool.from_data(**pool.to_json())``."""
        return {"recruit": [c.data for c in self.recruit], "action": [c.data for c in self.action]}


DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "card_data" / "dice"
_default: DicePool | None = None


def load_pool(paths=None) -> DicePool:
    """The dice game's cards from every ``game: dice`` card file under ``paths`` (default card_data/dice).

    Raises ``DataError`` listing every problem if any file is wrong. Needs PyYAML (the tools have it;
    the browser builds its pool from JSON with ``DicePool.from_data``)."""
    from engine.core.data import data_files, read_data
    from engine.core.errors import DataError
    from engine.dice.data import validate_file
    global _default
    if paths is None and _default is not None:
        return _default
    from engine.core.errors import Problem
    recruit: list[dict] = []
    action: list[dict] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for f in data_files([DEFAULT_DIR] if paths is None else paths):
        if f.suffix == ".txt":
            continue
        data, _ = read_data(f)
        if not isinstance(data, dict) or data.get("game") != "dice" or "cards" not in data:
            continue
        problems += validate_file(f, data)
        for c in data["cards"] if isinstance(data["cards"], list) else []:
            n = c.get("name") if isinstance(c, dict) else None
            if isinstance(n, str) and n in seen and seen[n] != str(f):
                problems.append(Problem(str(f), n, "name", f"another card of this name is in {seen[n]} "
                                                           "(every card exists once, so names must differ)"))
            elif isinstance(n, str):
                seen[n] = str(f)
        (recruit if data.get("deck") == "recruit" else action).extend(
            c for c in data["cards"] if isinstance(c, dict))
    if problems:
        raise DataError(problems)
    pool = DicePool.from_data(recruit, action)
    if paths is None:
        _default = pool
    return pool


def bundle(paths=None) -> dict:
    """Everything the browser or print needs, as JSON data: both decks and the rulebook.

    In the browser: ``DicePool.from_data(**bundle["cards"])`` rebuilds the pool without PyYAML."""
    from engine.core.data import read_data
    pool = load_pool(paths)
    root = DEFAULT_DIR if paths is None else Path(paths[0])
    rb = root / "rulebook.yaml"
    return {"game": "dice", "cards": pool.to_json(), "rulebook": read_data(rb)[0] if rb.exists() else None}
