"""Every shortcut the engine takes, and the one switch that turns them all off.

The rules are written once, as the plain computation. For speed the engine remembers results
worked out from the state and skips work a "could this matter at all?" guard says is useless.
Each such shortcut reads ``g.caches.enabled`` where it would store a result or answer "no";
with the switch off it stores nothing and its guard answers "maybe", so every query takes the
plain path. ``tests/test_cache_differential.py`` plays the same games both ways and compares
legal actions, events and every seat's view after every action.

Turn them off for one game with ``Game(pool, config, caches=False)``, or for every game of a
process with the environment variable ``CAPECLASH_NO_CACHES=1``.

The shortcuts (field of ``Game`` or place, and what drops it):

- ``chars_cache`` characters per side (``queries.characters``): ``board_changed``.
- ``statics_cache`` characters with continuous abilities (``keywords.static_sources``): ``board_changed``.
- ``kw_present`` keywords anyone in play could have (``keywords.kw_possible``, read by 23 guards in
  combat, stats, zones): ``board_changed``, ``keyword_granted``. Off: every keyword is possible.
- ``statics_grant`` could a continuous ability grant keywords in this game (keyword checks and
  the trigger guards of ``emit*`` skip continuous abilities when not). Off: always yes.
- ``defs.listens`` (card pool, per definition) the events a card has triggers for: ``emit*`` skip
  characters deaf to an event. Off (through ``statics_grant``): every character is asked.
- ``offzone_cache`` could powers work from a hand or KO pile (``keywords.offzone_possible``): keyed on the
  number of cards. Off: yes.
- ``plays_cache`` per player and timing, what this game's cards could ever play
  (``powers.possible_plays``): keyed on the number of cards. Off: everything in the pool.
- ``live_cache`` sides still in the game (``queries.live_sides``): dropped when a player is out.
- ``targets_seen`` whom attackers can reach (``combat._targets``), set while ``moves.options`` lists
  attacks: kept in ``memo`` (below) with the lists worked out from it.
- ``memo`` moves, attack starters, declare options and plays per player (``moves.row_moves`` etc.):
  kept across quiet actions (``moves.QUIET``, ``Game.apply_unchecked``), else dropped.
- ``view_cache`` the public part of the views (``view.public_view``): every action.
- ``face_cache`` visible card faces (``view.card_face``): never (faces do not change). Also the view
  entries of characters that nothing outside their own card can change (``view.character``), keyed
  on every field they are built from; shared by a game's copies (at most ``view._MAX_KEPT``).
- ``_resources`` in the public view: each resource row built once per state for its owner and
  once for everyone else (``view.build_view``); goes with ``view_cache``.
- ``keywords.has_keyword`` without modifiers, equipment or keyword-granting continuous abilities reads
  the printed keywords only. Off: the full path whenever the game could grant keywords (always).
- ``combat._how_matters`` only Dodge or machines can leave attackers without a target. Off: yes.
- ``restricts_cache`` could a card of this game restrict characters or players
  (``restrictions.possible``: every restriction check answers "no" at once when not): keyed on the
  number of cards. Off: yes. ``unrestricted``: the number of cards when the answer was no (the
  guard as the legal actions and combat write it out, ``g.unrestricted != len(g.cards) and ...``).
- ``tallies_cache`` does a card of this game keep per-card tallies (``restrictions.tallies_kept``):
  keyed on the number of cards. Off: yes (tallies are kept).
- ``heard_cache`` the events (of those added for issue 18) some card of this game triggers on, or
  can grant a character a triggered ability for (``grant_trigger``: ``defs.grants``)
  (``restrictions.hears``): the others are not emitted. Keyed on the number of cards. Off: all are.
  (The ``emit*`` guards ask every character with modifiers, so a granted ability is always heard.)
- ``zones.check_defense`` without continuous abilities, only characters with counters,
  modifiers or printed DEF 0 are looked at. Off: all are.
"""

from __future__ import annotations

import os
from typing import Any

#: The fields of ``Game`` that hold results worked out from the state, with their empty values
#: (``Game.drop_caches`` resets them; they are never saved).
FIELDS: dict[str, Any] = {
    "view_cache": None, "face_cache": dict, "chars_cache": dict, "kw_present": None, "statics_cache": None,
    "live_cache": None, "offzone_cache": (-1, False), "plays_cache": (-1, []), "targets_seen": None,
    "memo": dict, "restricts_cache": (-1, False), "unrestricted": -1, "tallies_cache": (-1, False),
    "heard_cache": (-1, frozenset()),
}


def default_enabled() -> bool:
    """On unless ``CAPECLASH_NO_CACHES`` is set to something other than ``0`` or empty."""
    return os.environ.get("CAPECLASH_NO_CACHES", "") in ("", "0")


class Caches:
    """The switch for a game's shortcuts (shared by its copies and replays)."""

    __slots__ = ("enabled",)

    def __init__(self, enabled: bool | None = None):
        self.enabled = default_enabled() if enabled is None else bool(enabled)

    def __repr__(self) -> str:
        return f"Caches(enabled={self.enabled})"

    def drop(self, g) -> None:
        """Forget everything ``g`` worked out from its state."""
        for name, empty in FIELDS.items():
            setattr(g, name, empty() if callable(empty) else empty)
