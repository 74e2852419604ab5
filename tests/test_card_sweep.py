"""Every card in card_data gets played in random games, with every invariant checked.

For each card, four copies go into a testbed deck (main characters become the main
character instead) and seeded random-policy games run until a copy has been played:
recruited or put into play, played as a plot twist, equipped, or put into the resource
row. Invariants are checked after every action, so a card whose abilities break the
engine fails here, named.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Game
from engine.capeclash import invariants
from engine.capeclash.decks import Deck
from engine.capeclash.loader import load_pool
from engine.capeclash.testing import test_decks
from engine.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
POOL = load_pool([ROOT / "card_data"])
CARDS = sorted(c.id for c in POOL if c.type != "token" and not (c.type == "main" and (c.level or 1) > 1))
MAX_GAMES = 12


def deck_with(cid: str, base: Deck) -> Deck:
    card = POOL[cid]
    if card.type == "main":
        return Deck(f"sweep {cid}", cid, list(base.cards))
    cards = list(base.cards)
    # make room: take out four supporting characters of the most common kind
    victims = [c for c in cards if POOL[c].type == "supporting"][:4]
    for v in victims:
        cards.remove(v)
    return Deck(f"sweep {cid}", base.main, cards + [cid] * 4)


def played(g: Game, cid: str, owner: int) -> bool:
    for c in g.cards.values():
        if c.cid == cid and c.owner == owner and c.zone in ("play", "resolving", "equipped", "resource"):
            return True
    return any(e.type == "plot" and POOL[cid].name in e.text for e in g.events)


@pytest.mark.parametrize("cid", CARDS)
def test_card_is_played_without_breaking_anything(cid):
    base = test_decks()
    for seed in range(MAX_GAMES):
        deck = deck_with(cid, base[seed % 2])
        g = Game(POOL, {"mode": "duel", "seed": seed, "max_turns": 60,
                        "players": [{"name": "Sweeper", "deck": deck}, {"name": "Foil", "deck": base[1 - seed % 2]}]})
        r = Rng(seed + 101)
        seen_events = 0
        hit = POOL[cid].type == "main"
        while not g.is_over:
            acts = g.legal_actions(g.to_act[0])
            assert acts, f"{cid}: no legal action for the player to act ({g.decision})"
            g.apply(acts[r.below(len(acts))])
            bad = invariants.all_violations(g, views=True, events_since=seen_events)
            seen_events = len(g.events)
            assert not bad, f"{cid} (seed {seed}, action {len(g.actions)} {g.actions[-1]}): {bad[:3]}"
            hit = hit or played(g, cid, 0)
        if hit:
            return
    pytest.fail(f"{POOL[cid].name} ({cid}) was never played in {MAX_GAMES} random games")
