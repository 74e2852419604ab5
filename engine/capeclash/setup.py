"""A new game's seats (players, sides, teams) and deal (card ids, decks, piles, who chooses first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.capeclash import levels, zones
from engine.capeclash.decks import Deck
from engine.capeclash.state import Card, Player

if TYPE_CHECKING:
    from engine.capeclash.game import Game


def seat(g: Game) -> None:
    """The players, their sides and teams."""
    mode = g.mode
    specs = g.config["players"]
    for i, spec in enumerate(specs):
        if mode == "2v2":
            team, side = i % 2, i
        elif mode == "two_headed":
            team = side = i // 2
        else:
            team = side = i
        pl = Player(i, spec.get("name") or f"Player {i + 1}", team, side)
        g.players.append(pl)
    g.sides = sorted({p.side for p in g.players})
    g.side_players = {s: [p.index for p in g.players if p.side == s] for s in g.sides}
    g.side_team = {s: g.players[g.side_players[s][0]].team for s in g.sides}


def deal(g: Game) -> None:
    seat(g)
    specs = g.config["players"]
    # give every physical card an id; ids are shuffled so they reveal nothing about deck lists
    entries = []
    for pl, spec in zip(g.players, specs, strict=True):
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
    g.rng.shuffle(ids)
    for iid, (owner, cid, where) in zip(ids, entries, strict=True):
        c = Card(iid, cid, owner)
        g.cards[iid] = c
        pl = g.players[owner]
        if where == "main":
            c.is_main = True
            c.zone = "aside"
            pl.main = iid
            pl.levels = levels.level_chain(g, cid)
        elif where.startswith("pile:"):
            c.zone = "pile"
            pl.piles[where[5:]].append(iid)
        else:
            pl.deck.append(iid)
    for pl in g.players:
        pl.deck.sort()
        zones.shuffle_deck(g, pl.index)
        for pname in pl.piles:
            pl.piles[pname].sort()
            if pname in pl.hidden_piles:
                g.rng.shuffle(pl.piles[pname])
    chooser_side = g.sides[g.rng.below(len(g.sides))]
    g.chooser = g.players_of(chooser_side)[0]
    g.log("setup", f"{g.players[g.chooser].name} was picked at random to choose who goes first.")
