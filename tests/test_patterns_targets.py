"""Equipment, locations and resources as targets (issue 18; card_data/patterns/targets.yaml): the hidden
information of face-down resources chosen by another player, futile plays with nothing to target, and the
validation errors of the constructs, each at its own field.

What each pattern card's text promises is checked by card_data/scenarios/patterns-targets-*.yaml; its
rendered text by tests/test_patterns.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.capeclash.futility import is_futile
from engine.capeclash.scenario import run_scenario
from engine.capeclash.testing import shared_pool
from engine.cardlang.cards import parse_cards
from engine.core import checks
from engine.core.data import read_data
from engine.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def pool():
    return shared_pool([ROOT / "card_data"])


def _run(name: str, upto: int):
    data, _ = read_data(ROOT / "card_data" / "scenarios" / f"patterns-targets-{name}.yaml")
    data = dict(data, actions=data["actions"][:upto], expect=[])
    return run_scenario(data, pool()).game


def test_an_enemy_face_down_resource_is_chosen_without_being_seen():
    g = _run("fuse-cutter", 1)  # Fuse Cutter played: Ana picks one of Bo's face-down resources
    d = g.decision
    assert d["type"] == "pick" and d["players"] == [0]
    assert d["options"] == ["Bo's face-down resource 2", "Bo's face-down resource 3"]
    for viewer in (0, None):
        seen = str(g.view(viewer))
        assert "Alley Brute" not in seen and "Night Harrier" not in seen, viewer
    assert not checks.view_leaks(g, 0, Rng(3)) and not checks.view_leaks(g, None, Rng(3))
    pick = next(a for a in g.legal_actions(0) if a["option"] == 0)
    assert "Alley Brute" not in g.describe(pick) and "Night Harrier" not in g.describe(pick)
    # the answer itself tells nobody more than the KO pile then shows
    assert checks.apply_checking_secrets(g, pick, Rng(5)) == []
    assert g.cards[next(i for i in g.players[1].ko)].cid == g.defs.find("Alley Brute").id


def test_your_own_face_down_resource_is_named_to_you_only():
    g = _run("strategic-retreat", 1)
    assert g.decision["options"] == ["your face-down Trooper Ash (resource 2)"]
    assert "Trooper Ash" not in str(g.view(1)) and "Trooper Ash" not in str(g.view(None))
    assert checks.apply_checking_secrets(g, g.legal_actions(0)[0], Rng(7)) == []


@pytest.mark.parametrize(("name", "action"), [
    ("fuse-cutter-none", {"type": "plot", "card": "Fuse Cutter"}),
    ("siege-sapper-none", {"type": "power", "card": "Siege Sapper"}),
])
def test_a_play_with_nothing_to_target_is_futile(name, action):
    g = _run(name, 0)
    typ = action.pop("type")
    offered = [a for a in g.legal_actions(0) if a.type == typ
               and g.defs[g.cards[a["card"]].cid].name == action["card"]]
    assert offered and all(is_futile(g, a) for a in offered)


def test_a_play_with_something_to_target_is_not_futile():
    g = _run("fuse-cutter", 0)
    offered = [a for a in g.legal_actions(0) if a.type == "plot"]
    assert offered and not any(is_futile(g, a) for a in offered)


def test_moving_equipment_obeys_one_of_a_kind_on_the_new_side():
    g = _run("relay-gauntlet", 0)
    from engine.capeclash import zones as Z
    e = next(g.cards[i] for i in g.players[0].equipment)
    ash = next(c for c in g.characters() if g.defs[c.cid].name == "Trooper Ash")
    main = g.cards[g.players[0].main]
    assert Z.may_move_gear(g, e, ash) and not Z.may_move_gear(g, e, main)  # wearer: supporting only
    assert not Z.may_move_gear(g, e, g.cards[e.gear])  # not onto its own wearer
    Z.move_gear(g, e, ash)
    assert ash.gear == e.iid and e.gear == ash.iid and all(c.gear != e.iid for c in g.characters() if c is not ash)


def _errors(effect: list) -> list[str]:
    _defs, probs = parse_cards([{"id": "t", "name": "T", "type": "plot_twist", "timing": "main", "effect": effect}])
    return [f"{p.field}: {p.message}" for p in probs]


@pytest.mark.parametrize(("effect", "want"), [
    ([{"choose": {"what": "equipment", "filter": {"row": "front"}, "as": "g"}}, {"ko_card": {"target": "g"}}],
     "effect[0].choose.filter.row: 'row' filters characters; for the character wearing it write wearer: {row: ...}"),
    ([{"choose": {"what": "equipment", "filter": {"wearr": {"kind": "main"}}, "as": "g"}}],
     "effect[0].choose.filter.wearr: unknown equipment filter 'wearr' (did you mean 'wearer'?)"),
    ([{"choose": {"what": "resource", "filter": {"name": "Think Tank"}, "as": "r"}}],
     "effect[0].choose.filter.name: a face-down resource is hidden from everyone but its owner"),
    ([{"choose": {"what": "location", "filter": {"makes": "fire"}, "as": "r"}}],
     "effect[0].choose.filter.makes: unknown power symbol 'fire'"),
    ([{"choose": {"what": "character", "as": "c"}}, {"move_equipment": {"target": "c"}}],
     "effect[1].move_equipment.target: 'c' was chosen as a character; this step acts on equipment"),
    ([{"choose": {"what": "equipment", "as": "g"}}, {"choose": {"what": "equipment", "as": "h"}},
      {"move_equipment": {"target": "g", "to": "h"}}],
     "effect[2].move_equipment.to: equipment moves onto a character: give a filter of the characters it may move "
     "to, such as {side: yours} or {kind: supporting}, not 'h' ('h' was chosen as an equipment)"),
    ([{"move_equipment": {"target": {"each_location": {}}}}],
     "effect[0].move_equipment.target: moves equipment, and each_location names locations"),
    ([{"choose": {"what": "location", "as": "site"}}, {"stun": {"target": "site"}}],
     "effect[1].stun.target: names 'site', chosen as a location, and this step acts on characters only"),
    ([{"ko_card": {"target": {"each": {"side": "enemy"}}}}],
     "effect[0].ko_card.target: {each: ...} names characters; use each_equipment"),
    ([{"ko_card": {"target": {"each_equipmnt": {}}}}], "did you mean 'each_equipment'"),
    ([{"draw": {"n": {"number_of_equipment": {"kind": "main"}}}}],
     "effect[0].draw.n.number_of_equipment.kind: 'kind' filters characters; for the character wearing it write "
     "wearer: {kind: ...}"),
    ([{"return_card": {"target": "self"}}], "effect[0].return_card.target: self names characters"),
    ([{"if": {"cond": {"exists_resource": {"cost_max": 2}}, "then": [{"draw": {}}]}}],
     "effect[0].if.cond.exists_resource.cost_max: a face-down resource is hidden from everyone but its owner"),
    ([{"choose": {"what": "resource", "filter": {"sid": "enemy"}, "as": "r"}}], "did you mean 'side'"),
    ([{"if": {"cond": {"not": {"exists_location": {"makes": "might"}}}, "then": [{"draw": {}}]}}], None),
    ([{"counter": {"target": {"each": {"wears": {"row": "front"}}}, "kind": "plus"}}],
     "effect[0].counter.target.each.wears.row: 'row' filters characters"),
])
def test_validation_names_the_field(effect, want):
    errs = _errors(effect)
    assert (errs == []) if want is None else any(want in e for e in errs), errs


def test_a_name_chosen_as_equipment_works_with_put():
    assert _errors([{"choose": {"what": "equipment", "as": "g"}}, {"put": {"target": "g", "into": "deck_bottom"}}]) \
        == []


def test_put_takes_worn_equipment_off_its_wearer():
    g = _run("confiscate", 0)
    from engine.capeclash import zones as Z
    golem = next(c for c in g.characters() if g.defs[c.cid].name == "Grave Golem")
    pack = g.cards[golem.gear]
    Z.put(g, pack, "deck_bottom")
    assert golem.gear is None and pack.zone == "deck" and pack.iid not in g.players[1].equipment
    assert g.players[1].deck[0] == pack.iid
