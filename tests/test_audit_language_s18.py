"""Card-language audit, session 18: each verb does what its rendered rules text says, in edge cases
(stand-in cards: card_data/testset/scenario-cards-s18l.yaml; see also the audit-s18l-* scenarios)."""

from __future__ import annotations

from engine.capeclash import stats
from engine.capeclash.position import build
from engine.capeclash.testing import act as _act
from engine.capeclash.testing import named as _named
from engine.capeclash.testing import shared_pool
from engine.cardlang.text import ability_lines


def _duel(ana: dict, bo: dict, active: int = 0):
    pool = shared_pool(["card_data"])
    return build(pool, {"turn": 5, "active": active, "phase": "main", "players": [
        {"name": "Ana", "main": {"card": "Captain Solace", "row": "back"}, **ana},
        {"name": "Bo", "main": {"card": "Baron Dusk", "row": "back"}, **bo}]})


def _settle(g) -> None:
    """Answer every question with its first option until the main phase asks again, outside a combat."""
    while g.combat is not None or g.decision["type"] != "main":
        g.apply(g.legal_actions(g.decision["players"][0])[0])


def _text(card_id: str) -> str:
    pool = shared_pool(["card_data"])
    return " ".join(ability_lines(pool[card_id], pool))


# ------------------------------------------------------------------ counted amounts are locked in

def test_a_counted_amount_is_counted_once_for_every_character_the_step_reaches():
    """"Put X +1/+1 counters on each character on your side, where X is the ATK of this character": X is
    counted as the step resolves (001: a resolving effect's information is locked in). The counters
    this character gets first don't raise X for the characters after it."""
    g = _duel({"front": ["Muster Standard", "Trooper Ash"], "resources": ["Proving Grounds"]}, {})
    assert "where X is the ATK of this character" in _text("s18l-muster-standard")
    _act(g, "power", card=_named(g, "Muster Standard").iid)
    _settle(g)
    assert [_named(g, n).plus for n in ("Captain Solace", "Muster Standard", "Trooper Ash")] == [2, 2, 2]


def test_taking_counters_off_each_character_counts_how_many_once():
    """"Remove X +1/+1 counters from each character on your side, where X is this character's DEF":
    taking this character's own counters off first doesn't lower X for the others."""
    g = _duel({"front": [{"card": "Siphon Standard", "plus": 2}, {"card": "Trooper Ash", "plus": 5}],
               "resources": ["Proving Grounds"]}, {})
    _act(g, "power", card=_named(g, "Siphon Standard").iid)  # X = 3 + 2 = 5
    _settle(g)
    assert (_named(g, "Siphon Standard").plus, _named(g, "Trooper Ash").plus) == (0, 0)


def test_discarding_x_cards_counts_x_before_the_first_card_goes():
    """"You discard X cards, where X is the number of cards in your hand" empties the hand: X is the
    hand's size as the step starts, not recounted after each card discarded one at a time."""
    g = _duel({"hand": ["Clean Slate", "Trooper Ash", "Trooper Birch", "Trooper Cole", "Stone Giant"]}, {})
    _act(g, "plot", card=_named(g, "Clean Slate").iid)
    _settle(g)
    assert g.players[0].hand == []
    assert len(g.players[0].ko) == 5  # the four cards and the plot twist


# ------------------------------------------------------------------ default durations follow the text

def test_a_trigger_on_stunning_gives_its_bonus_for_the_turn_as_its_text_says():
    """A triggered ability on an event other than attacking, being attacked or striking reads "this
    turn" for a modifier with no duration of its own: the bonus outlasts the combat in which it
    triggered (it used to end with that combat)."""
    assert "this character gets +2/+0 this turn" in _text("s18l-ring-brawler")
    g = _duel({"front": ["Ring Brawler"]}, {"front": ["Trooper Ash"]})
    brawler = _named(g, "Ring Brawler")
    _act(g, "attack", card=brawler.iid)
    _act(g, "target", card=_named(g, "Trooper Ash").iid)
    _settle(g)
    assert not _named(g, "Trooper Ash").face_up
    assert stats.atk(g, brawler) == 5


def test_a_power_with_main_and_combat_timings_lasts_the_turn_its_text_names():
    """"Main / Combat {might}: This character gets +2/+0 this turn." used in a combat still lasts the
    turn (the power's text names one duration, whichever timing it is used at)."""
    assert "Main / Combat {might}: This character gets +2/+0 this turn." in _text("s18l-surf-caller")
    g = _duel({"front": ["Surf Caller"], "resources": ["Proving Grounds"]}, {"front": ["Gloom Imp"]})
    caller = _named(g, "Surf Caller")
    _act(g, "attack", card=caller.iid)
    _act(g, "target", card=_named(g, "Gloom Imp").iid)
    _act(g, "power", card=caller.iid)
    _settle(g)
    assert g.combat is None and stats.atk(g, caller) == 4


def test_a_when_a_player_plays_a_card_bonus_lasts_the_turn_even_from_a_combat():
    """Gossip Columnist: "When a player plays a card, this character gets +1/+0 this turn." A card
    played in a combat gives a bonus that lasts the turn, not only that combat."""
    assert "this character gets +1/+0 this turn" in _text("pa-gossip-columnist")
    g = _duel({"front": ["Gossip Columnist", "Trooper Ash"], "hand": ["Sudden Surge"]}, {"front": ["Gloom Imp"]})
    col = _named(g, "Gossip Columnist")
    _act(g, "attack", card=_named(g, "Trooper Ash").iid)
    _act(g, "target", card=_named(g, "Gloom Imp").iid)
    _act(g, "plot", card=_named(g, "Sudden Surge").iid)
    _settle(g)
    assert g.combat is None and stats.atk(g, col) == 2


# ------------------------------------------------------------------ a target that left play

def test_a_character_chosen_in_play_that_leaves_it_is_out_of_reach_of_later_steps():
    """"Choose an enemy character. Stun it. Put it into its owner's hand.": stunning a 1-health
    character KOs it, and the effect has lost it: it stays in the KO pile (before, the last step
    fetched it from there into its owner's hand)."""
    g = _duel({"hand": ["Shove Off"]}, {"front": ["Gloom Imp"]})
    imp = _named(g, "Gloom Imp")
    _act(g, "plot", card=_named(g, "Shove Off").iid)
    _act(g, "choose", card=imp.iid)
    _settle(g)
    assert imp.zone == "ko" and imp.iid in g.players[1].ko
    # a 2-health character survives the stun, so it does go back to its owner's hand
    g = _duel({"hand": ["Shove Off"]}, {"front": ["Trooper Ash"]})
    ash = _named(g, "Trooper Ash")
    _act(g, "plot", card=_named(g, "Shove Off").iid)
    _act(g, "choose", card=ash.iid)
    _settle(g)
    assert ash.zone == "hand" and ash.iid in g.players[1].hand
