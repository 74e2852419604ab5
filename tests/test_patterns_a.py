"""Issue 18, part A: conditions that look at things, restrictions, events, durations and lasting effects.

Every pattern card of card_data/patterns (conditions, restrictions, events, durations) renders to the
text below, is played by a scenario (card_data/scenarios/patterns-*.yaml); mistakes in the new
constructs are caught at their field with a suggestion; restrictions cost nothing in a game whose
cards can't restrict; and the shortcuts change nothing in games full of the new constructs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.capeclash import restrictions as R
from engine.capeclash.decks import Deck
from engine.capeclash.game import Game
from engine.capeclash.loader import load_pool
from engine.capeclash.testing import CARD_DATA, TESTSET, sample_game, shared_pool
from engine.cardlang import phrases as P
from engine.cardlang.cards import parse_card
from engine.cardlang.text import ability_lines
from engine.core.rng import Rng

PATTERNS = CARD_DATA / "patterns"
MINE = ("conditions.yaml", "restrictions.yaml", "events.yaml", "durations.yaml")

EXPECTED = {
    'pa-lone-duelist': 'When this character attacks, if this attack is a solo attack, this character gets +2/+0 this combat.',
    'pa-pack-hunter': 'When this character attacks, if this attack is a team attack, this character gets +1/+1 this combat.',
    'pa-bastion-archer': '[[Ranged]] / When this character attacks, if this attack is a ranged attack, this character gets +2/+0 this combat.',
    'pa-brawl-veteran': 'When this character is attacked, if this attack is a melee attack, this character gets +0/+2 this combat.',
    'pa-rearguard-medic': "When your turn starts, if it's in the back row, heal a wound from your main character.",
    'pa-vanguard-brute': "This character gets +2/+0 while it's in the front row.",
    'pa-night-prowler': "This character gets +1/+1 while it's not your turn.",
    'pa-quartermaster': "When another character appears on your side, if it's the first time this turn, you draw a card.",
    'pa-late-bloomer': "This character gets +2/+2 while it's turn 5 or later.",
    'pa-opening-gambit': "Main: If it's turn 2 or earlier, you draw two cards. Otherwise, you draw a card.",
    'pa-giant-slayer': 'When this character stuns an enemy character, if that character is a main character, you draw a card.',
    'pa-welcome-committee': 'When another character appears on your side, if that character is a Dawnwatch character, put a +1/+1 counter on that character.',
    'pa-crowning-moment': 'Main: Choose a character on your side. If the chosen character is a main character, it gets +3/+3 this turn. Otherwise, it gets +1/+1 this turn.',
    'pa-groundling-guard': 'This character gets +0/+2 while there is no enemy character with [[Flight]].',
    'pa-crossfire-captain': 'When this character attacks, if this attack is a team attack or a ranged attack, each attacker gets +1/+0 this combat.',
    'pa-patient-sniper': "[[Ranged]] / This character gets +3/+0 while it's in the back row and it's your turn.",
    'pa-home-guard': "When this character is attacked, if it's not your turn, this character gets +0/+1 this combat.",
    'pa-lingering-hex': 'Main: Choose an enemy character. It gets -2/+0 until the end of your next turn.',
    'pa-long-watch': 'Main: Choose a character on your side. It gains [[Dodge]] until the end of your next turn.',
    'pa-ritual-of-plenty': 'Main: For the rest of the game, each time your turn starts, you draw a card.',
    'pa-war-drums': 'Build: This turn, each time you recruit a character, each character on your side gets +1/+0 this turn.',
    'pa-field-rations': 'Main: Until the end of your next turn, each time your turn ends, heal a wound from your main character.',
    'pa-scheming-patron': 'When this character appears, this turn, each time you play a plot twist, you draw a card.',
    'pa-trophy-collector': '[[Grows]] (+1/+1 for each character it stunned this game)',
    'pa-blood-tally': "When this character attacks, this character gets +X/+0 this combat, where X is the number of characters it KO'd this game.",
    'pa-grizzled-sergeant': 'This character gets +0/+X, where X is the number of characters it stunned this game.',
    'pa-hex-of-silence': "Main: Your opponents can't use super powers until the end of your next turn.",
    'pa-toxic-cloud': 'Main: Until the end of your next turn, each time your turn ends, put a -1/-1 counter on each enemy character.',
    'pa-stand-guard': "**Stand Guard** - Main {might}: This character gets +0/+3 until the end of your next turn. This character can't attack until the end of your next turn.",
    'pa-morning-ritual': 'Main: Until the end of your next turn, each time your draw phase begins, you draw a card.',
    'pa-oath-of-vengeance': 'Main: For the rest of the game, each time your turn ends, heal a wound from each character on your side.',
    'pa-arena-champion': 'When this character wins a combat, put a +1/+1 counter on this character.',
    'pa-duel-master': 'When this character wins a combat, you may draw a card.',
    'pa-headhunter': 'When this character KOs a character in combat, you draw a card.',
    'pa-relentless-reaver': 'When this character KOs a character in combat, ready this character.',
    'pa-grieving-sibling': "When another character on your side is KO'd, put a +1/+1 counter on this character.",
    'pa-vengeful-spirit': "When another character on your side is KO'd, you may have this character get +2/+0 until the end of next turn.",
    'pa-gossip-columnist': 'When a player plays a card, this character gets +1/+0 this turn.',
    'pa-cartographer': 'When a location appears, you draw a card.',
    'pa-trailblazer': 'When a location appears, put a +1/+1 counter on this character.',
    'pa-fresh-recruit': 'When this character is recruited, you draw a card.',
    'pa-eager-volunteer': 'When this character is recruited, put a +1/+1 counter on this character.',
    'pa-early-riser': 'When your draw phase begins, you may draw a card.',
    'pa-dawn-patrol': 'When your draw phase begins, heal a wound from this character.',
    'pa-combat-coach': 'When this character wins a combat, put a +1/+1 counter on your main character.',
    'pa-stasis-warden': "Each enemy supporting character that costs 1 or less can't attack.",
    'pa-bulwark-golem': "This character can't attack.",
    'pa-smoke-shade': "This character can't be attacked while it's in the back row.",
    'pa-phase-walker': "This character can't be struck while it's your turn.",
    'pa-adamant-colossus': "This character can't be stunned while it's not your turn.",
    'pa-rooted-treant': "This character can't change rows.",
    'pa-skittish-scout': "This character doesn't protect the characters behind it.",
    'pa-frail-savant': "This character can't be in the front row. / When your turn starts, you draw a card.",
    'pa-gag-order': "Main: Your opponents can't play plot twists until the end of your next turn.",
    'pa-null-zone-keeper': 'No player can use super powers.',
    'pa-border-patrol': "Your opponents can't recruit any card that costs 1 or less.",
    'pa-sole-survivor': 'No player can put any card named Trooper Ash into play.',
    'pa-emergency-muster': 'Main: Choose a supporting character that costs 2 or less in your hand. Put it into play into your front row.',
    'pa-web-snare': "Main: Choose an enemy character. It can't attack or change rows until the end of your next turn.",
    'pa-holding-cell': "Main: Choose an enemy character. It can't attack until the end of next turn.",
    'pa-force-bubble': "Combat {any_turn}: Choose a character on your side in the combat. It can't be stunned this combat.",
    'pa-decoy-projector': "When this character appears, choose a character on your side other than this one. It can't be attacked until the end of your next turn.",
    'pa-pinning-gunner': "**Suppressing Fire** - Main {might}: Choose an enemy character. It can't change rows and doesn't protect the characters behind it this turn.",
    'pa-menacing-brute': "Each enemy supporting character doesn't protect the characters behind it.",
    'pa-hush-broker': "When this character appears, your opponents can't use super powers until the end of your next turn.",
}


@pytest.fixture(scope="module")
def pool():
    return load_pool([TESTSET, *(PATTERNS / f for f in MINE)])


def test_every_pattern_card_reads_as_expected(pool):
    mine = {c.id: c for c in pool if c.source and Path(c.source).name in MINE}
    assert len(mine) >= 60
    assert set(mine) == set(EXPECTED), "every pattern card has its expected text, and only those"
    for cid, c in mine.items():
        assert " / ".join(ability_lines(c, pool)) == EXPECTED[cid], cid


def test_every_pattern_card_is_played_by_a_scenario(pool):
    text = "\n".join(f.read_text() for f in (CARD_DATA / "scenarios").glob("patterns-*.yaml"))
    missing = [c.name for c in pool if c.id in EXPECTED and c.name not in text]
    assert not missing, f"pattern cards no scenario plays: {missing}"


def _problems(card: dict) -> list[str]:
    base = {"id": "x", "name": "X", "type": "supporting", "team": "Dawnwatch", "cost": 1, "atk": 1, "def": 1,
            "health": 1}
    _c, probs = parse_card({**base, **card})
    return [f"{p.field}: {p.message}" for p in probs]


@pytest.mark.parametrize("card, field, words", [
    ({"statics": [{"cant": ["atack"]}]}, "statics[0].cant[0]", "did you mean 'attack'"),
    ({"statics": [{"cant": ["use_powers"]}]}, "statics[0].cant[0]", "add players:"),
    ({"statics": [{"players": "opponent", "cant": ["attack"]}]}, "statics[0].cant[0]", "drop players:"),
    ({"statics": [{"players": "opponnent", "cant": ["recruit"]}]}, "statics[0].players", "did you mean 'opponent'"),
    ({"statics": [{"players": "each", "cant": ["recruit"], "atk": 1}]}, "statics[0].atk", "only restricts them"),
    ({"statics": [{"players": "each", "cant": ["use_powers"], "card": {"cost_max": 1}}]}, "statics[0].card",
     "goes with cant: [recruit] or [play_characters]"),
    ({"triggers": [{"when": "attacks", "if": {"attack_is": "ranges"}, "effect": [{"draw": {}}]}]},
     "triggers[0].if.attack_is", "did you mean 'ranged'"),
    ({"triggers": [{"when": "attacks", "if": {"matches": {"target": "each_enemy", "filter": {}}},
                    "effect": [{"draw": {}}]}]}, "triggers[0].if.matches.target", "names several"),
    ({"triggers": [{"when": "attacks", "if": {"any": [{"your_turn": True}]}, "effect": [{"draw": {}}]}]},
     "triggers[0].if.any", "two or more conditions"),
    ({"triggers": [{"when": "attacks", "if": {"not": {"in_row": "middle"}}, "effect": [{"draw": {}}]}]},
     "triggers[0].if.not.in_row", "unknown row"),
    ({"triggers": [{"when": "wins_combt", "effect": [{"draw": {}}]}]}, "triggers[0].when",
     "did you mean 'wins_combat'"),
    ({"powers": [{"name": "P", "timing": "main", "cost": ["might"], "effect": [
        {"restrict": {"target": "self", "cant": ["be_stuned"]}}]}]}, "powers[0].effect[0].restrict.cant[0]",
     "did you mean 'be_stunned'"),
    ({"powers": [{"name": "P", "timing": "main", "cost": ["might"], "effect": [
        {"restrict": {"target": "self", "cant": ["attack"], "until": "your_next_trun"}}]}]},
     "powers[0].effect[0].restrict.until", "did you mean 'your_next_turn'"),
    ({"powers": [{"name": "P", "timing": "main", "cost": ["might"], "effect": [
        {"restrict_player": {"who": "opponent", "cant": ["play_plot_twists"], "card": {"cost_max": 1}}}]}]},
     "powers[0].effect[0].restrict_player.card", "goes with cant: [recruit]"),
    ({"powers": [{"name": "P", "timing": "main", "cost": ["might"], "effect": [
        {"lasting": {"when": "attacks", "effect": [{"draw": {}}]}}]}]}, "powers[0].effect[0].lasting.when",
     "unknown event for a lasting ability"),
])
def test_mistakes_are_caught_at_their_field(card, field, words):
    probs = _problems(card)
    assert any(p.startswith(field + ":") and words in p for p in probs), probs


def test_negated_conditions_read_naturally():
    assert P.render_condition({"not": {"your_turn": True}}) == "it's not your turn"
    assert P.render_condition({"not": {"exists": {"side": "enemy"}}}) == "there is no enemy character"
    assert P.render_condition({"not": {"attack_is": "team"}}) == "this attack isn't a team attack"
    assert P.render_condition({"not": {"matches": {"target": "that_character", "filter": {"kind": "main"}}}}) \
        == "that character isn't a main character"
    assert P.render_condition({"any": [{"attack_is": "melee"}, {"attack_is": "solo"}]}) \
        == "this attack is a melee attack or a solo attack"


def test_restrictions_cost_nothing_without_restricting_cards():
    g = sample_game(seed=3)
    for _ in range(60):
        if g.is_over:
            break
        g.apply(g.legal_actions(g.to_act[0])[0])
    assert not R.possible(g)  # no card of the testbed decks restricts: every check answers at once
    assert not R.tallies_kept(g) and not g.tallies
    state = g.state_json()
    assert "lasting" not in state and "tallies" not in state  # hashes as before these existed


def _deck(pool, name: str, main: str, r: Rng) -> Deck:
    mine = sorted(c.id for c in pool if c.id in EXPECTED)
    others = sorted(c.id for c in pool if c.type in ("supporting", "plot_twist") and c.id not in EXPECTED
                    and c.source and "scenario" not in Path(c.source).name)
    places = sorted(c.id for c in pool if c.is_basic_location)
    cards: list[str] = []
    while len(cards) < 44:
        src = mine if r.below(3) else others
        cid = src[r.below(len(src))]
        if cards.count(cid) < 4:
            cards.append(cid)
    cards += [places[r.below(len(places))] for _ in range(16)]
    return Deck(name, main, cards)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shortcuts_change_nothing_with_pattern_cards(pool, seed):
    """Random games between decks full of pattern cards, with every cache on and off, agree after
    every action on the legal actions, the events and every view (as tests/test_cache_differential.py)."""
    r = Rng(seed)
    specs = [{"name": "P1", "deck": _deck(pool, "A", "captain-solace-1", r)},
             {"name": "P2", "deck": _deck(pool, "B", "baron-dusk-1", r)}]
    cfg = {"mode": "duel", "seed": seed, "players": specs, "max_turns": 30}
    on, off = Game(pool, cfg, caches=True), Game(pool, cfg, caches=False)
    pick = Rng(seed * 31)
    restricted = False
    for step in range(400):
        if on.is_over:
            break
        for p in range(2):
            assert on.legal_actions(p) == off.legal_actions(p), f"step {step}: player {p}"
        for v in (None, 0, 1):
            assert on.view(v) == off.view(v), f"step {step}: view {v}"
        acts = on.legal_actions(on.to_act[0])
        a = acts[pick.below(len(acts))]
        assert [list(e) for e in on.apply(a)] == [list(e) for e in off.apply(a)], f"step {step}: {a}"
        assert on.state_hash() == off.state_hash()
        restricted = restricted or R.possible(on)
    assert restricted


@pytest.mark.parametrize("name", ["patterns-dur-ritual-of-plenty", "patterns-dur-tallies", "patterns-restrict-web-snare"])
def test_lasting_state_survives_copy_save_and_replay(name):
    """Players' lasting abilities, restrictions and tallies are game state: a copy, a replay and a
    loaded save reach the same state (hash), and the state holds them."""
    from engine.capeclash.scenario import run_scenario
    from engine.core.data import read_data
    pool = shared_pool([CARD_DATA])
    data, _lines = read_data(CARD_DATA / "scenarios" / f"{name}.yaml")
    run = run_scenario(data, pool)
    assert not run.failures
    g = run.game
    state = g.state_json()
    assert "lasting" in state or "tallies" in state or any(m["k"] == "cant" for c in g.cards.values() for m in c.mods)
    assert g.copy().state_hash() == g.state_hash()
    assert g.replay().state_hash() == g.state_hash()
    assert Game.load(pool, g.save()).state_hash() == g.state_hash()
