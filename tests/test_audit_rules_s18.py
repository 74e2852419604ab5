"""Rules audit, session 18: multiplayer and team modes, first-turn draws, durations that outlive a
player (see also the audit-s18-* scenarios)."""

from __future__ import annotations

from engine.capeclash.position import build
from engine.capeclash.testing import act as _act
from engine.capeclash.testing import named as _named
from engine.capeclash.testing import shared_pool

MAINS = [("Ana", "Captain Solace"), ("Bo", "Baron Dusk"), ("Cy", "Warden Vale"), ("Di", "Mirror Jester")]


def _game(mode: str, players: list[dict], turn: int = 5, active: int = 0, phase: str = "main", **extra):
    pool = shared_pool(["card_data"])
    specs = [{"name": name, "main": {"card": main, "row": "back"}, **spec}
             for (name, main), spec in zip(MAINS, players, strict=False)]
    return build(pool, {"turn": turn, "active": active, "phase": phase, "players": specs, **extra}, mode=mode)


def _to_main(g) -> None:
    """End turns and build steps until the next main phase."""
    _act(g, "end_turn")
    while g.decision["type"] != "main":
        _act(g, "end_step")


DECK = ["Trooper Ash", "Trooper Birch", "Trooper Cole", "Frail Lookout", "Trooper Ash", "Trooper Birch"]


# ------------------------------------------------------------------ first-turn draws

def test_the_first_player_draws_two_on_their_second_turn_after_a_seat_is_eliminated():
    """Only the first player's first turn goes without a draw (and only the second player's first turn
    draws one). A seat eliminated in the first round is skipped, so the first player's second turn comes
    round before as many turns as there are seats have passed: they still draw two."""
    for mode, n in (("ffa", 4), ("2v2", 4)):
        g = _game(mode, [{"deck": list(DECK)} for _ in range(n)], turn=1, first=0)
        g.eliminate(2 if mode == "ffa" else 1)
        hands = []
        while g.turn < 4 and not g.is_over:
            _to_main(g)
            hands.append((g.active, len(g.players[g.active].hand)))
        if mode == "ffa":
            assert hands == [(1, 1), (3, 2), (0, 2)], hands
        else:  # (the second seat is out: the third plays second, and draws two, being third in the order)
            assert hands[-1] == (0, 2), hands


# ------------------------------------------------------------------ 2 vs 2: a teammate is not an opponent

def test_a_teammate_controlling_your_main_character_does_not_make_you_lose():
    """You lose when an opponent controls your main character as your turn begins (001). A 2 vs 2
    teammate is not an opponent."""
    from engine.capeclash import zones
    g = _game("2v2", [{"deck": list(DECK)} for _ in range(4)], active=3)
    solace = g.cards[g.players[0].main]
    zones.change_side(g, solace, g.players[2].side)
    _act(g, "end_turn")  # Di's turn ends: Ana's begins
    assert not g.players[0].out
    assert g.active == 0 and g.decision["type"] == "resource"
    # an enemy holding it still does
    g = _game("2v2", [{"deck": list(DECK)} for _ in range(4)], active=3)
    zones.change_side(g, g.cards[g.players[0].main], g.players[1].side)
    _act(g, "end_turn")
    assert g.players[0].out


def test_each_character_on_your_side_is_neither_an_enemy_nor_a_teammates():
    """"Each character on your side" (``each_ally``) means your side only: a 2 vs 2 teammate's characters
    are on their own side."""
    from engine.capeclash import effects
    g = _game("2v2", [{"front": ["Trooper Ash"]}, {"front": ["Grave Golem"]}, {"front": ["Trooper Birch"]}, {}])
    frame = effects.probe(0, None)
    assert sorted(g.name(c.iid) for c in effects.select(g, frame, "each_ally")) == ["Captain Solace", "Trooper Ash"]
    assert sorted(g.name(c.iid) for c in effects.select(g, frame, "each_enemy")) == [
        "Baron Dusk", "Grave Golem", "Mirror Jester"]


# ------------------------------------------------------------------ durations of a player who is out

def test_until_the_end_of_your_next_turn_ends_when_that_player_has_no_next_turn():
    """An effect lasting "until the end of your next turn" ends with that turn. A player eliminated before
    it comes has no next turn: what they made ends at the end of the turn after it was made, rather than
    lasting for the rest of the game."""
    g = _game("ffa", [{"front": ["Trooper Ash"], "deck": list(DECK)},
                      {"hand": ["Web Snare"], "deck": list(DECK)},
                      {"deck": list(DECK)}], active=1)
    ash = _named(g, "Trooper Ash", side=0)
    _act(g, "plot", card=_named(g, "Web Snare").iid)
    _act(g, "choose", card=ash.iid)
    _to_main(g)  # Cy's turn
    g.eliminate(1)
    assert not g.is_over
    _to_main(g)  # Ana's turn
    assert g.active == 0
    assert any(a.type == "attack" and a.args["card"] == ash.iid for a in g.legal_actions(0))


# ------------------------------------------------------------------ "your main character" on another side

def test_your_main_character_text_is_ignored_while_it_is_on_another_players_side():
    """"Your main character" is the main character you started with while it is on your side (001): on an
    opponent's side, "your main character gains XP" or "levels up" is ignored (and never reaches the
    opponent's own main character)."""
    from engine.capeclash import zones
    for plot, xp, level in (("Training Montage", 2, 1), ("Ascension", 0, 2)):
        g = _game("duel", [{"hand": [plot]}, {}])
        _act(g, "plot", card=_named(g, plot).iid)
        assert (g.players[0].xp, g.players[0].level) == (xp, level), plot  # on Ana's side: it works
        g = _game("duel", [{"hand": [plot]}, {}])
        zones.change_side(g, g.cards[g.players[0].main], g.players[1].side)
        _act(g, "plot", card=_named(g, plot).iid)
        assert (g.players[0].xp, g.players[0].level) == (0, 1), plot
        assert (g.players[1].xp, g.players[1].level) == (0, 1), plot


def test_an_enemy_player_named_by_an_effect_outside_combat_is_the_next_in_turn_order():
    """An effect on "an enemy player" outside a combat picks the next enemy in turn order from its
    controller (to their left), as the engine documents, not the enemy in the lowest seat."""
    g = _game("ffa", [{"hand": ["Trooper Ash", "Trooper Birch"]}, {"hand": ["Butterfingers"]},
                      {"hand": ["Trooper Ash", "Trooper Birch"]}], active=1)
    _act(g, "plot", card=_named(g, "Butterfingers").iid)
    assert [len(g.players[p].hand) for p in (0, 2)] == [2, 0]
