"""docs/patterns.md, the catalogue of issue 18's pattern cards, is what ``tools/pattern_catalogue.py`` makes
of the cards and scenarios now (regenerate with ``python3 tools/pattern_catalogue.py --write``), and every
pattern card is in it with a construct and the scenarios (or, for a deck-building clause, the tests) that
check it."""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "patterns.md"


def _catalogue():
    spec = importlib.util.spec_from_file_location("tools_pattern_catalogue", ROOT / "tools" / "pattern_catalogue.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # (its dataclasses look their module up there)
    spec.loader.exec_module(mod)
    return mod


catalogue = _catalogue()


@lru_cache(maxsize=1)
def entries():
    return catalogue.entries()


def by_id():
    return {e.card.id: e for e in entries()}


def test_patterns_doc_matches_the_tool():
    have = DOC.read_text(encoding="utf-8")
    want = catalogue.render(entries())
    assert have == want, "docs/patterns.md is stale; run: python3 tools/pattern_catalogue.py --write"


def test_every_pattern_card_is_listed_with_checks_that_exist():
    pool = catalogue.load_pool([ROOT / "card_data"])
    pattern_ids = sorted(c.id for c in pool if c.source and Path(c.source).resolve().parent == catalogue.PATTERNS)
    assert len(pattern_ids) >= 140
    assert sorted(by_id()) == pattern_ids
    doc = DOC.read_text(encoding="utf-8")
    for cid, e in by_id().items():
        assert f"(`{cid}`)" in doc, cid
        assert e.construct.strip(), cid
        assert e.checked_by, f"{cid}: nothing checks it"
        for p in e.checked_by:
            assert p.is_file(), p
        if e.card.deck_rules:  # deck validation checks these (tests/test_patterns.py), not a scenario
            assert all(p.parent == ROOT / "tests" for p in e.checked_by), cid
        else:
            assert all(p.parent == catalogue.SCENARIOS and p.name.startswith("patterns-") for p in e.checked_by), cid


def test_every_family_file_is_a_section():
    doc = DOC.read_text(encoding="utf-8")
    files = sorted(catalogue.PATTERNS.glob("*.yaml"))
    assert len(files) >= 13  # (granted.yaml and reactions.yaml are the 11th and 12th, targets.yaml the 13th; more may follow)
    for f in files:
        assert f"`card_data/patterns/{f.name}`:" in doc, f.name
    assert [e.family for e in entries()][0] == "conditions"


def test_a_longer_card_name_is_not_a_mention_of_a_shorter_one():
    # "Crossfire Captain" (a condition card) is on the table in two scenarios; they don't check Crossfire
    assert [p.name for p in by_id()["pt-crossfire"].checked_by] == ["patterns-filters-crossfire.yaml"]
    assert by_id()["pt-crossfire"].construct.startswith("choose_up_to")


def test_a_card_is_found_by_its_super_power_name():
    # the scenario says "Suppressing Fire: ...", the power of Pinning Gunner, and not the card's name
    e = by_id()["pa-pinning-gunner"]
    assert [p.name for p in e.checked_by] == ["patterns-restrict-pinning-gunner.yaml"]
    assert e.construct == "restrict [move, protect] from a super power"


def test_construct_comes_from_the_rule_or_from_the_scenario_line():
    # part A's rule names the construct (its "(pattern cards, issue 18)" tail dropped)
    assert by_id()["pa-adamant-colossus"].construct == "cant: [be_stunned]"
    # part B's rule quotes the card's text, so the construct is the scenario line
    assert by_id()["pt-bottom-of-the-barrel"].construct == "look_at_deck from the bottom"
    # no scenario: built from the card's deck-building clause
    assert by_id()["pt-master-plan"].construct == "deck_rules: max_copies, requires.type"


def test_rules_text_is_the_card_command_s():
    e = by_id()["pa-stand-guard"]
    text = catalogue.card_text(e.card, pool=catalogue.load_pool([ROOT / "card_data"])).splitlines()
    assert e.rules[1:] == [ln.strip() for ln in text[1:]]
    assert e.rules[0] == "supporting - Dawnwatch - cost 2 - 2/2, health 2"
    assert "**Stand Guard** - Main {might}" in e.rules[1]
