"""Pattern cards of issue 18, part B (card_data/patterns): each card's rendered rules text, the deck-building
clauses checked by deck validation, hidden information of looked-at cards, and the validation errors of
the constructs (filters, deck and hand verbs, modes, naming, power uses, counted amounts, equipment).

The behaviour each pattern card's text promises is checked by card_data/scenarios/patterns-*.yaml."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from engine.capeclash.decks import Deck, deck_problems
from engine.capeclash.loader import load_pool
from engine.capeclash.scenario import run_scenario
from engine.capeclash.testing import test_decks
from engine.cardlang.cards import parse_cards
from engine.cardlang.text import ability_lines
from engine.core.data import read_data

ROOT = Path(__file__).resolve().parent.parent
PATTERNS = ROOT / "card_data" / "patterns"

EXPECTED = {
    'pt-scouting-report': 'Main: Look at the top three cards of your deck. You may put a supporting character among them into your hand. Put the rest at the bottom of your deck in any order.',
    'pt-foresight': 'Main: Look at the top three cards of your deck. Put them back on top of your deck in any order.',
    'pt-dig-deep': 'Main: Look at the top four cards of your deck. Put up to two cards among them into your hand. Put the rest into your KO pile.',
    'pt-call-reinforcements': 'Main: Look at the top four cards of your deck. You may put a supporting character that costs 3 or less among them into play in your front row. Put the rest at the bottom of your deck.',
    'pt-bottom-of-the-barrel': 'Main: Look at the bottom two cards of your deck. You may put a card among them into your hand. Put the rest back in the same order.',
    'pt-spy-satellite': "Main: Look at the top two cards of an enemy player's deck. Put up to two cards among them into its owner's KO pile. Put the rest back in the same order.",
    'pt-open-dossier': 'Main: Reveal the top three cards of your deck. Put up to three plot twists among them into your hand. Put the rest at the bottom of your deck.',
    'pt-muster-call': 'Main: Reveal cards from the top of your deck until you reveal a supporting character. Put it into your hand and the rest at the bottom of your deck.',
    'pt-sudden-arrival': 'Main: Reveal cards from the top of your deck until you reveal a supporting character that costs 3 or less. Put it into play in your front row and shuffle the rest back into your deck.',
    'pt-sabotage': 'Main: An enemy player puts the top three cards of their deck into their KO pile.',
    'pt-grave-offering': 'Main: You put the top two cards of your deck into your KO pile. You draw a card.',
    'pt-interrogation': 'Main: An enemy player reveals their hand. An enemy player discards a card at random.',
    'pt-return-from-limbo': 'Main: Choose a supporting character in your removed-from-game pile. Put it into play into your front row.',
    'pt-phase-recall': "Main: Choose a card in your removed-from-game pile. Put it into its owner's hand.",
    'pt-hidden-reserve': "Main: Look at the top card of your deck. If it's a supporting character, you may put it into play in your front row.",
    'pt-ember-archivist': 'When this character appears, look at the top two cards of your deck. You may put a card among them into your hand. Put the rest at the bottom of your deck.',
    'pt-grave-tide': 'Main: An enemy player puts the top X cards of their deck into their KO pile, where X is the number of supporting characters on your side.',
    'pt-talent-scout': 'Main: Reveal the top five cards of your deck. You may put a Dawnwatch or Emberline supporting character among them into your hand. Shuffle the rest back into your deck.',
    'pt-encore-performance': 'Main: Play a plot twist from your KO pile without paying its cost. Then remove it from the game.',
    'pt-top-deck-gamble': "Main: Reveal the top card of your deck. If it's a supporting character that costs 3 or less, put it into play in your front row.",
    'pt-singular-relic-keeper': 'Only one copy of this card may be in a deck.',
    'pt-syndicate-loyalist': 'Your deck may contain this card only if it holds 10 or more other Gloom Syndicate cards.',
    'pt-dawn-herald': 'Your deck may contain this card only if your main character is a member of Dawnwatch.',
    'pt-master-plan': 'Main: You draw three cards. / Only one copy of this card may be in a deck. / Your deck may contain this card only if it holds 6 or more other plot twists.',
    'pt-sky-marshal': '[[Flight]] / When this character appears, put a +1/+1 counter on each character on your side with [[Flight]] other than this one. / Your deck may contain this card only if it holds 4 or more other cards with [[Flight]].',
    'pt-twin-standard': 'No more than two copies of this card may be in a deck.',
    'pt-ember-hearth': 'Only one copy of this card may be in a deck. / Your deck may contain this card only if your main character is a member of Emberline. / Makes any power symbol, for Emberline characters only.',
    'pt-titan-harness': 'Put this on a face-up character on your side during your recruit step (only a character with 3 or more health). That character has: / [[Ferocious]]',
    'pt-commanders-mantle': 'Put this on a face-up character on your side during your recruit step (only a main character). That character has: / It gets +2/+2.',
    'pt-crown-of-ages': "Put this on a face-up character on your side during your recruit step. That character has: / It gets +0/+2. / One of a kind: you can't equip this while an equipment with its name is on your side.",
    'pt-anchored-plate': 'Put this on a face-up character on your side during your recruit step. That character has: / It gets +0/+1. / It stays on its character when that character is stunned.',
    'pt-sprinters-cloak': 'Put this on a face-up character on your side during your recruit step (only a supporting character that costs 2 or less). That character has: / [[Dodge]]',
    'pt-ember-brand': "Put this on a face-up character on your side during your recruit step (only an Emberline or Dawnwatch character). That character has: / It gets +2/+0. / It stays on its character when that character is stunned. / One of a kind: you can't equip this while an equipment with its name is on your side.",
    'pt-sleepers-toll': 'Main: Choose an exhausted enemy character. Stun it.',
    'pt-early-riser': 'Main: Choose a ready character on your side. It gets +2/+0 this turn.',
    'pt-finishing-blow': 'Main: Choose a wounded enemy supporting character. KO it.',
    'pt-fresh-legs': 'Main: Choose an unwounded character on your side. Put two +1/+1 counters on it.',
    'pt-giant-slayer': 'Main: Choose an enemy character with 4 or more health. Put two -1/-1 counters on it.',
    'pt-mercy-stroke': 'Main: Choose an enemy character with 1 or less health left. Stun it.',
    'pt-small-fry-sweep': 'Main: Put a -1/-1 counter on each enemy supporting character with 1 or less health.',
    'pt-bounty-on-the-big-fish': 'Main: Choose an enemy supporting character that costs 4 or more. Exhaust it.',
    'pt-brute-breaker': 'Main: Put a -1/-1 counter on each enemy character with "Brute" in its name.',
    'pt-old-grudge': 'Main: Choose an enemy character named Baron Dusk. It gets -2/+0 this turn.',
    'pt-joint-patrol': 'Main: Put a +1/+1 counter on each Dawnwatch or Emberline character on your side.',
    'pt-shoulder-to-shoulder': 'When this character appears, put a +1/+1 counter on each character on your side other than this one in the same row as this character.',
    'pt-crossfire': 'Main: Choose up to two different enemy characters. Put a -1/-1 counter on each of them.',
    'pt-field-triage': 'Main: Choose up to three different wounded characters on your side. Heal a wound from each of them.',
    'pt-rout': 'Main: Choose an enemy character. Put X -1/-1 counters on it, where X is the number of exhausted enemy characters.',
    'pt-ember-lookout': 'When this character appears, choose up to two different ready enemy characters in the back row. Exhaust each of them.',
    'pt-clean-sweep': 'Main: Stun each exhausted enemy supporting character with 2 or less health.',
    'pt-field-orders': 'Main: Choose one: • You draw two cards. • Each character on your side gets +1/+0 this turn.',
    'pt-ember-adept': 'When this character appears, choose one: • Put a +1/+1 counter on this character. • Choose an enemy character. Put a -1/-1 counter on it.',
    'pt-tactical-flex': 'Main: Choose one: • Choose an exhausted character on your side. Ready it. • Choose an exhausted enemy supporting character. Stun it. • You draw a card.',
    'pt-blood-feud': 'Main: Name a team. Put a -1/-1 counter on each enemy character of the team you named.',
    'pt-grounded': 'Main: Name a keyword. Each enemy character with the keyword you named gets -2/+0 this turn.',
    'pt-forbidden-name': 'Main: Name a card. Reveal cards from the top of your deck until you reveal a card with the name you named. Put it into your hand and shuffle the rest back into your deck.',
    'pt-ember-strategist': '**Adapt** - Main {mind}: Choose one: • This character gains [[Flight]] this turn. • This character gains [[Ranged]] this turn. • This character gains [[Ferocious]] this turn. • This character gets +0/+2 this turn.',
    'pt-either-or': "Main: Choose one: • An enemy player puts the top two cards of their deck into their KO pile. • Look at an enemy player's hand. An enemy player discards a card.",
    'pt-tireless-medic': '**Patch Up** - Main {skill} (any number of times per turn): Choose a wounded character on your side. Heal a wound from it.',
    'pt-twin-shot': '[[Ranged]] / **Volley** - Main {skill} (twice per turn): Choose an enemy character. Put a -1/-1 counter on it.',
    'pt-war-chanter': '**Rising Chant** - Main {skill}: This character gets +X/+0 this turn, where X is twice the number of other characters on your side.',
    'pt-quartermaster': '**Requisition** - Main {mind}: Your main character gains X XP, where X is the number of exhausted characters on your side.',
    'pt-scavenger-swarm': 'When this character appears, put X +1/+1 counters on this character, where X is the number of wounded enemy characters.',
    'pt-triple-threat': 'Main: Choose a character on your side. It gets +X/+0 this turn, where X is three times the number of cards in your hand.',
    'pt-rapid-fire-turret': '**Spray** - Main {energy} (three times per turn): Put a -1/-1 counter on each enemy supporting character in the front row.',
    'pt-ember-forgemaster': '**Temper** - Main {might} (any number of times per turn): Put a +1/+1 counter on this character.',
    'pt-rally-of-numbers': 'Main: Gain X recruit points, where X is twice the number of supporting characters on your side.',
    'pt-ember-quartermaster': 'Recruiting an Emberline supporting character costs you 1 less (never less than 0).',
    'pt-armory-clerk': 'Equipping a piece of equipment costs you 1 less (never less than 0).',
    'pt-war-council': 'Recruiting a supporting character that costs 4 or more costs you 2 less if there are 3 or more other characters on your side (never less than 0).',
    'pt-disarm': 'Main: Choose an enemy character with equipment. KO the equipment on it.',
    'pt-scrap-storm': 'Main: KO the equipment on each enemy character with equipment.',
    'pt-power-cut': "Main: Turn one of an enemy player's face-up locations face down.",
    'pt-ember-saboteur': "When this character appears, you may turn one of an enemy player's face-up locations face down.",
    'pt-ember-bulwark': '**Brace** - Main / Combat {might}: This character gets +0/+2 this turn.',
    'pt-battle-fury': '**Stoke** - Main {might}: Choose a character on your side. It gains [[Berserker]] this turn.',
    'pt-spoils-caller': ('**Claim the Spoils** - Main {might}: Choose a character on your side. It gains "When this '
                         'character stuns an enemy character, you draw a card." this turn.'),
    'pt-oath-of-tempering': ('Main: Choose a character on your side. It gains "When your turn starts, put a +1/+1 counter '
                             'on this character." until the end of your next turn.'),
    'pt-ember-flamecaller': '**Flare** - Main {energy} or {might}{might}: Choose an enemy character. Put a -1/-1 counter on it.',
    'pt-echo-adept': '**Resonate** - Main {mind}: Choose a character on your side other than this one. Use one of its super powers without paying its cost.',
    'pt-ember-sage': 'The super powers of each Emberline character on your side cost {any} less (never less than one symbol).',
    'pt-warm-up-drills': ('**Limber Up** - Main {skill} (twice per turn): You draw a card. If this is the first time this '
                          'turn this ability resolves, you draw a card.'),
    'pt-turncoat-recall': ("Main: Put a supporting character that costs 3 or less from an enemy player's KO pile into "
                           "play in a row of your choice."),
    'pt-exiles-welcome': ("Main: Put a supporting character from an enemy player's removed-from-game pile into play "
                          "in your back row."),
    'pt-rearguard-muster': ("Main: Reveal the bottom card of your deck. If it's a supporting character, put it into play "
                            "in your back row."),
    'pt-hushweaver': ('**Unravel** - Reaction {mind} or {energy}{energy}: When an enemy player plays a plot twist, you '
                      'may pay to use this. Cancel that super power or plot twist: it does nothing.'),
    'pt-rampart-sentry': ('**Brace for Impact** - Reaction {might}{might}: When an enemy player plays a plot twist, you '
                          'may pay to use this. Put a +1/+1 counter on this character.'),
    'pt-drillmaster-oren': 'The super powers of each Dawnwatch character on your side cost {might} less (never less than one symbol).',
    'pt-rustbite-scavenger': 'When this character appears, you may choose an enemy equipment. KO it.',
    'pt-confiscate': "Main: Choose an equipment worn by a supporting character. Return it to its owner's hand.",
    'pt-relay-gauntlet': "Put this on a face-up character on your side during your recruit step (only a supporting character). That character has: / It gets +1/+0. / **Hand It Over** - Main {skill}: Move this character's equipment to another character on your side that may wear it.",
    'pt-siege-sapper': '**Undermine** - Main {might}: Choose a face-up location in an enemy resource row. KO it.',
    'pt-gear-steward': 'When this character appears, you draw a card for each equipment on your side.',
    'pt-strategic-retreat': "Main: Choose a face-down resource in your resource row. Return it to its owner's hand.",
    'pt-fuse-cutter': 'Main: Choose a face-down resource in an enemy resource row. KO it.',
    'pt-armory-warden': '[[Grows]] (+1/+1 for each equipment on your side)',
    'pt-land-surveyor': 'When this character appears, put a +1/+1 counter on this character for each face-up location in your resource row.',
    'pt-disarmament-accord': 'Main: KO each equipment worn by a supporting character.',
    'pt-forge-sentinel': 'Each character on your side wearing an equipment that costs 2 or more gets +1/+0.',
    'pt-bounty-appraiser': 'When this character appears, if there is an enemy equipment that costs 2 or more, you draw two cards.',
}


@lru_cache(maxsize=1)
def pool():
    return load_pool([ROOT / "card_data"])


def test_every_pattern_card_has_its_expected_text():
    # (the "pa-" cards of the same folder are tests/test_patterns_a.py's)
    ids = sorted(c.id for c in pool() if c.source and Path(c.source).parent == PATTERNS and c.id.startswith("pt-"))
    assert ids == sorted(EXPECTED)
    assert len(ids) >= 60


@pytest.mark.parametrize("cid", sorted(EXPECTED))
def test_pattern_text(cid):
    c = pool()[cid]
    assert " / ".join(ability_lines(c, pool())) == EXPECTED[cid]


def test_pattern_cards_are_data_only():
    text = "".join(p.read_text() for p in PATTERNS.glob("*.yaml"))
    assert "handler" not in text


# the scenarios of tests/test_patterns_a.py's cards (conditions, durations, events, restrictions)
THEIRS = ("patterns-cond-", "patterns-dur-", "patterns-event-", "patterns-restrict-")


def test_every_scenario_names_a_pattern_card():
    """Each scenario plays at least one pattern card; every pattern card but the deck-building ones (tested
    below) is played by a scenario."""
    names = {pool()[cid].name: cid for cid in EXPECTED}
    played = set()
    for f in sorted((ROOT / "card_data" / "scenarios").glob("patterns-*.yaml")):
        if f.name.startswith(THEIRS):
            continue
        data, _ = read_data(f)
        rule = data["rule"]
        hit = {cid for name, cid in names.items() if rule.startswith(name)}
        assert hit, f"{f.name} plays no pattern card"
        played |= hit
    deckbuilding = {c.id for c in pool() if c.deck_rules}
    assert set(EXPECTED) - deckbuilding <= played, sorted(set(EXPECTED) - deckbuilding - played)


# ---------------------------------------------------------------- deck-building clauses

def _deck(main: str, swaps: dict[str, int], name: str = "Test Deck") -> Deck:
    """The testbed deck of ``main``'s team with ``swaps`` (card id: copies) replacing its first cards."""
    base = test_decks()[0 if main == "captain-solace-1" else 1]
    extra = [cid for cid, n in swaps.items() for _ in range(n)]
    return Deck(name, main, extra + list(base.cards)[len(extra):])


def _problems(deck):
    return [f"{p.card}: {p.message}" for p in deck_problems(pool(), deck)]


def test_only_one_copy():
    msgs = _problems(_deck("captain-solace-1", {"pt-singular-relic-keeper": 2}, "Relic Test"))
    assert msgs == ["Lone Relic Warden: deck 'Relic Test': 2 copies of Lone Relic Warden, whose clause says "
                    "\"Only one copy of this card may be in a deck.\""]
    assert _problems(_deck("captain-solace-1", {"pt-singular-relic-keeper": 1})) == []


def test_no_more_than_two_copies():
    assert _problems(_deck("captain-solace-1", {"pt-twin-standard": 2})) == []
    assert "3 copies of Twin Standard" in _problems(_deck("captain-solace-1", {"pt-twin-standard": 3}))[0]


def test_main_team_requirement():
    assert _problems(_deck("captain-solace-1", {"pt-dawn-herald": 2})) == []
    msgs = _problems(_deck("baron-dusk-1", {"pt-dawn-herald": 2}, "Gloom Test"))
    assert msgs == ["Herald of the Dawn: deck 'Gloom Test': Herald of the Dawn may be in a deck only if your main "
                    "character is a member of Dawnwatch (its clause \"Your deck may contain this card only if your "
                    "main character is a member of Dawnwatch.\")"]


def test_team_count_requirement():
    gloom = _deck("baron-dusk-1", {"pt-syndicate-loyalist": 2})
    assert _problems(gloom) == []
    msgs = _problems(_deck("captain-solace-1", {"pt-syndicate-loyalist": 1}))
    assert len(msgs) == 1 and "only if it holds 10 or more other Gloom Syndicate cards" in msgs[0]


def _with_plots(n: int) -> Deck:
    """Master Plan, ``n`` other plot twists, and the testbed Dawnwatch deck's other cards."""
    plots = (["sudden-surge"] * 4 + ["hold-the-line"] * 4)[:n]
    rest = [c for c in test_decks()[0].cards if pool()[c].type != "plot_twist"]
    rest += [cid for cid in ("pt-shoulder-to-shoulder", "pt-ember-lookout", "pt-ember-archivist", "pt-tireless-medic")
             for _ in range(4)]
    return Deck("Plots", "captain-solace-1", ["pt-master-plan", *plots, *rest[:59 - n]])


def test_type_requirement():
    assert _problems(_with_plots(6)) == []
    msgs = _problems(_with_plots(5))
    assert msgs == ["Master Plan: deck 'Plots': Master Plan may be in a deck only if it holds 6 or more other plot "
                    "twists (its clause \"Your deck may contain this card only if it holds 6 or more other plot "
                    "twists.\")"]


def test_keyword_requirement():
    fliers = [c for c in test_decks()[0].cards if "flight" in pool()[c].keywords]
    others = [c for c in test_decks()[0].cards if "flight" not in pool()[c].keywords]
    others += [cid for cid in ("pt-shoulder-to-shoulder", "pt-ember-lookout") for _ in range(4)]
    ok = Deck("Sky", "captain-solace-1", ["pt-sky-marshal", *fliers[:4], *others[:55]])
    short = Deck("Sky", "captain-solace-1", ["pt-sky-marshal", *fliers[:3], *others[:56]])
    assert _problems(ok) == []
    assert len(_problems(short)) == 1 and "4 or more other cards with [[Flight]]" in _problems(short)[0]


# ---------------------------------------------------------------- hidden information

def _run(name: str, upto: int):
    data, _ = read_data(ROOT / "card_data" / "scenarios" / f"patterns-{name}.yaml")
    data = dict(data, actions=data["actions"][:upto], expect=[])
    return run_scenario(data, pool()).game


def test_looked_at_cards_are_seen_only_by_the_player_looking():
    g = _run("deck-scouting-report", 1)  # Scouting Report played: Ana chooses among the cards she looks at
    seen = {"Shield Cadet", "Sudden Surge", "Arc Archer"}
    ana, bo, spectator = str(g.view(0)), str(g.view(1)), str(g.view(None))
    for name in seen:
        assert name not in bo and name not in spectator, name
    assert "Arc Archer" in ana  # in her log line and her question
    assert g.view(0)["decision"]["options"] and "options" not in g.view(1)["decision"]


def test_a_card_looked_at_that_matches_nothing_still_asks():
    """Hidden Reserve on a plot twist: the question comes all the same (with no option but to decline), so
    the enemy player can't tell from it what the top card is."""
    g = _run("deck-hidden-reserve-miss", 1)
    assert g.decision["type"] == "choose" and g.decision["options"] == [] and g.decision["optional"]


def test_revealed_cards_are_seen_by_everyone():
    g = _run("deck-open-dossier", 1)
    for v in (0, 1, None):
        assert "Hold the Line" in str(g.view(v)["log"])


# ---------------------------------------------------------------- validation

def _errors(card: dict) -> list[str]:
    base = {"id": "t", "name": "T", "type": "plot_twist", "timing": "main"}
    _defs, probs = parse_cards([{**base, **card}])
    return [f"{p.field}: {p.message}" for p in probs]


@pytest.mark.parametrize(("card", "want"), [
    ({"effect": [{"choose": {"what": "character", "filter": {"exhausted": "yes"}, "as": "t"}}]},
     "effect[0].choose.filter.exhausted: must be true or false"),
    ({"effect": [{"choose": {"what": "character", "filter": {"teams": "Dawnwatch"}, "as": "t"}}]},
     "effect[0].choose.filter.teams: lists two or more names"),
    ({"effect": [{"choose": {"what": "character", "filter": {"wonded": True}, "as": "t"}}]},
     "did you mean 'wounded'"),
    ({"effect": [{"look_at_deck": {"n": 3, "take": 1, "into": "play"}}]},
     "cards put into play must be characters"),
    ({"effect": [{"look_at_deck": {"n": 3, "rest": "ko", "order": True}}]},
     "order: putting the rest back in any order needs rest: deck_top or deck_bottom"),
    ({"effect": [{"look_at_deck": {"n": 3, "rest": "grave"}}]}, "unknown destination for the rest"),
    ({"effect": [{"look_at_deck": {"who": "opponent", "n": 3, "take": 1, "into": "hand"}}]},
     "a card taken from another player's deck"),
    ({"effect": [{"choose_up_to": {"n": 1, "as": "t"}}]}, "for one character use choose"),
    ({"effect": [{"name": {"what": "colour", "as": "t"}}]}, "unknown thing to name"),
    ({"effect": [{"choose_mode": {"mode1": [{"draw": {}}]}}]}, "mode2"),
    ({"effect": [{"draw": {"n": {"twice": 2}}}]}, "multiplies a counted amount"),
    ({"effect": [{"draw": {"n": {"number_of": {"sid": "enemy"}}}}]}, "did you mean 'side'"),
    ({"deck_rules": {"max_copis": 1}, "effect": [{"draw": {}}]}, "did you mean 'max_copies'"),
    ({"deck_rules": {"max_copies": 5}, "effect": [{"draw": {}}]}, "is 1, 2 or 3"),
    ({"deck_rules": {"requires": {"team": "Dawnwatch"}}, "effect": [{"draw": {}}]}, "give count: N"),
    ({"deck_rules": {"requires": {"keyword": "flyer", "count": 2}}, "effect": [{"draw": {}}]},
     "deck_rules.requires.keyword"),
])
def test_validation_names_the_field(card, want):
    errs = _errors(card)
    assert any(want in e for e in errs), errs


def test_power_uses_and_equipment_fields_are_checked():
    sup = {"id": "s", "name": "S", "type": "supporting", "team": "Dawnwatch", "cost": 1, "atk": 1, "def": 1,
           "health": 1}
    pw = {"name": "P", "timing": "main", "cost": ["might"], "effect": [{"draw": {}}]}
    _d, probs = parse_cards([{**sup, "powers": [{**pw, "uses": 1}]}])
    assert [p.field for p in probs] == ["powers[0].uses"] and "once is the default" in probs[0].message
    _d, probs = parse_cards([{**sup, "powers": [{**pw, "uses": "any", "once_per_game": True}]}])
    assert [p.field for p in probs] == ["powers[0].uses"]
    eq = {"id": "e", "name": "E", "type": "equipment", "cost": 1, "keywords": ["dodge"]}
    _d, probs = parse_cards([{**eq, "wearer": {"side": "yours"}, "stays_on_stun": "yes"}])
    assert sorted(p.field for p in probs) == ["stays_on_stun", "wearer.side"]
    _d, probs = parse_cards([{**sup, "powers": [{**pw, "timing": ["main", "main"]}]}])
    assert [p.field for p in probs] == ["powers[0].timing"]
    _d, probs = parse_cards([{**sup, "powers": [{**pw, "timing": ["main", "combatt"]}]}])
    assert [p.field for p in probs] == ["powers[0].timing[1]"] and "did you mean 'combat'" in probs[0].message
    _d, probs = parse_cards([{**sup, "statics": [{"affects": {"exhausted": True}, "atk": 1}]}])
    assert [p.field for p in probs] == ["statics[0].affects.exhausted"]
    _d, probs = parse_cards([{**sup, "statics": [{"atk": {"number_of": {"side": "enemy"}}}]}])
    assert [p.field for p in probs] == ["statics[0].atk"]


def test_modes_are_offered_by_their_rules_text():
    g = _run("modes-field-orders", 1)
    assert g.view(0)["decision"]["options"] == ["1. You draw two cards.",
                                                "2. Each character on your side gets +1/+0 this turn."]
