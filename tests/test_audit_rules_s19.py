"""Rules audit, session 19: the open ambiguities left by earlier audits (uniqueness against a character
that can't be KO'd, level-up base stats, freeze timing, granted keywords, 'when KO'd' on a stunned
character, hide, control returning to a side that is out, two-headed Build plot twists, rows with
stunned characters). See also the audit-s19-* scenarios."""

from __future__ import annotations

from engine.capeclash import stats, zones
from engine.capeclash.position import build
from engine.capeclash.testing import act as _act
from engine.capeclash.testing import named as _named
from engine.capeclash.testing import shared_pool

MAINS = [("Ana", "Captain Solace"), ("Bo", "Baron Dusk"), ("Cy", "Warden Vale"), ("Di", "Mirror Jester")]
DECK = ["Trooper Ash", "Trooper Birch", "Trooper Cole", "Frail Lookout", "Trooper Ash", "Trooper Birch"]


def _game(players: list[dict], mode: str = "duel", turn: int = 5, active: int = 0, phase: str = "main",
          mains=MAINS):
    pool = shared_pool(["card_data"])
    specs = [{"name": name, "main": {"card": main, "row": "back"}, "deck": list(DECK), **spec}
             for (name, main), spec in zip(mains, players, strict=False)]
    return build(pool, {"turn": turn, "active": active, "phase": phase, "players": specs}, mode=mode)


def _in_hand(g, name: str, p: int) -> int:
    return next(i for i in g.players[p].hand if g.name(i) == name)


def _grant(g, c, kw: str) -> None:
    c.mods.append({"k": "grant", "kw": kw, "ts": g.tick(), "src": "test", "until": "permanent"})
    g.keyword_granted()


def _end_turns_until_main(g, side: int) -> None:
    """Play on (ending steps and turns) to the main phase of ``side``'s next turn."""
    turn = g.turn
    while not (g.decision["type"] == "main" and g.active == side and g.turn > turn):
        _act(g, "end_turn" if g.decision["type"] == "main" else "end_step")


# ------------------------------------------------------------------ 1. uniqueness vs Unbreakable

def test_a_second_copy_arriving_beside_an_unbreakable_first_copy_is_the_one_kod():
    """Uniqueness (000-003): one character of a name per side, the first copy KO'd. When the first copy
    can't be KO'd (Unbreakable while wounded), the card wins over the rule and it stays: the newcomer is
    KO'd instead, so the side still holds one Oathbound Knight (the old engine kept both)."""
    g = _game([{}, {"front": [{"card": "Oathbound Knight", "wounds": 1}], "hand": ["Oathbound Knight"]}])
    old = _named(g, "Oathbound Knight", 1)
    new = _in_hand(g, "Oathbound Knight", 1)
    zones.enter_play(g, new, g.players[1].side, "front")
    knights = [c for c in g.characters(1) if g.name(c.iid) == "Oathbound Knight"]
    assert [c.iid for c in knights] == [old.iid]
    assert g.cards[new].zone == "ko"


def test_without_unbreakable_the_first_copy_is_still_the_one_kod():
    g = _game([{}, {"front": ["Oathbound Knight"], "hand": ["Oathbound Knight"]}])
    old = _named(g, "Oathbound Knight", 1)
    new = _in_hand(g, "Oathbound Knight", 1)
    zones.enter_play(g, new, g.players[1].side, "front")
    assert old.zone == "ko" and g.cards[new].zone == "play"


# ------------------------------------------------------------------ 2. base stats across a level-up

def test_a_level_up_sets_new_base_stats_over_an_earlier_base_setting_modifier():
    """001's stat order: base-setting modifiers, levelling up among them, in timestamp order, then counters,
    then other modifiers. A base set to 1/1 before the level-up is overridden by the level 2 card's
    printed 5/6; counters, wounds, exhaustion and other modifiers carry over (the old engine kept 1/1)."""
    g = _game([{"main": {"card": "Warden Vale", "row": "front", "plus": 1, "wounds": 2, "exhausted": True}}, {}],
              mains=[("Ana", "Warden Vale"), ("Bo", "Baron Dusk")])
    vale = _named(g, "Warden Vale", 0)
    vale.mods.append({"k": "set_base", "atk": 1, "def": 1, "ts": g.tick(), "src": "test", "until": "permanent"})
    vale.mods.append({"k": "add", "atk": 2, "def": 0, "ts": g.tick(), "src": "test", "until": "turn"})
    assert stats.stats(g, vale) == (1 + 1 + 2, 1 + 1)
    g.change_level(0, +1)
    assert g.players[0].level == 2
    assert stats.stats(g, vale) == (5 + 1 + 2, 6 + 1)
    assert (vale.wounds, vale.plus, vale.exhausted, vale.face_up) == (2, 1, True, True)
    # a base set after the level-up still wins over the printed numbers
    vale.mods.append({"k": "set_base", "atk": 0, "def": 3, "ts": g.tick(), "src": "test", "until": "permanent"})
    assert stats.stats(g, vale) == (0 + 1 + 2, 3 + 1)


# ------------------------------------------------------------------ 3. freeze and readying in the same turn

def test_a_character_frozen_in_its_controllers_own_turn_can_be_readied_that_turn():
    """Freeze (000/001): it can't ready during its controller's NEXT turn. Frozen in its controller's own
    turn, a ready effect that same turn still readies it (the old engine refused); it is still frozen
    for the next turn, when it doesn't ready."""
    g = _game([{"front": ["Trooper Ash"], "hand": ["Rime Warden", "Adrenaline Rush"],
                "resources": ["Proving Grounds", "Think Tank"]}, {}], phase="recruit")
    _act(g, "recruit", card=_in_hand(g, "Rime Warden", 0), row="back")
    ash = _named(g, "Trooper Ash", 0)
    _act(g, "choose", card=ash.iid)
    assert ash.exhausted and ash.frozen
    _act(g, "end_step")
    _act(g, "end_step")
    _act(g, "plot", card=_in_hand(g, "Adrenaline Rush", 0))
    _act(g, "choose", card=ash.iid)
    assert not ash.exhausted
    assert ash.frozen  # still frozen: its next turn is the one it can't ready in
    # it attacks (exhausted again) and does not ready in Ana's next turn
    _act(g, "attack", card=ash.iid)
    _act(g, "target", card=_named(g, "Baron Dusk", 1).iid)
    while g.decision["type"] == "combat":
        _act(g, "pass")
    assert ash.exhausted or ash.zone != "play"
    if ash.zone == "play":
        _end_turns_until_main(g, 0)
        assert ash.exhausted and ash.frozen
        _end_turns_until_main(g, 0)
        assert not ash.exhausted and not ash.frozen


def test_a_freeze_before_the_recovery_phase_of_its_own_turn_waits_for_the_next_turn():
    """A character frozen in its controller's own turn before the recovery phase (a start-of-turn ability,
    say) readies in that recovery phase: the freeze is for its next turn (the old engine spent it at once
    and let it ready next turn)."""
    g = _game([{"front": [{"card": "Trooper Ash", "exhausted": True}]}, {}], phase="resource")
    ash = _named(g, "Trooper Ash", 0)
    ash.exhausted, ash.frozen = True, 1  # frozen during Ana's draw phase
    g.decision, g.phase = None, "recovery"
    g._advance()
    assert not ash.exhausted
    ash.exhausted = True  # (it attacked, say)
    _end_turns_until_main(g, 0)
    assert ash.exhausted  # Ana's next turn: frozen, it stayed exhausted
    _end_turns_until_main(g, 0)
    assert not ash.exhausted and not ash.frozen


# ------------------------------------------------------------------ 4. a granted keyword works like a printed one

def test_granted_swarm_lets_a_second_copy_stay_and_is_never_lost():
    """Swarm: any number of characters of this name on your side; it can't be lost or turned off by a stun.
    A Swarm granted by an effect works the same (the old engine read only the printed keyword)."""
    g = _game([{"front": ["Trooper Ash"], "hand": ["Trooper Ash"]}, {}])
    first = _named(g, "Trooper Ash", 0)
    _grant(g, first, "swarm")
    second = _in_hand(g, "Trooper Ash", 0)
    zones.enter_play(g, second, g.players[0].side, "front")
    assert first.zone == "play" and g.cards[second].zone == "play"
    assert g.has_keyword(first, "swarm")
    zones.stun(g, first, wound_it=False)
    assert g.has_keyword(first, "swarm") and "swarm" in g.keywords_of(first)
    first.mods.append({"k": "lose", "ts": g.tick(), "src": "test", "until": "permanent"})
    assert g.has_keyword(first, "swarm")


# ------------------------------------------------------------------ 5. 'when KO'd' and a stunned character

def test_immortal_does_not_trigger_for_a_character_already_lying_stunned():
    """A stunned character has lost its powers (000; 002: its keywords are turned off). Already stunned
    when KO'd, its Immortal doesn't trigger (the old engine looked back at the printed keywords)."""
    g = _game([{}, {"front": [{"card": "Undying Revenant", "vitality": 1}]}])
    rev = _named(g, "Undying Revenant", 1)
    zones.stun(g, rev)  # the vitality counter cancels the wound: stunned, still in play
    assert rev.zone == "play" and not rev.face_up
    zones.ko(g, rev)
    g.decision = None
    g._advance()
    assert rev.zone == "ko"
    assert g.decision["type"] == "main"  # no "use Immortal?" question
    assert rev.iid in g.players[1].ko


def test_a_granted_immortal_triggers_when_the_stun_that_kos_it_turns_it_face_down():
    """Stunned to death, a character had its powers the moment before: its 'when KO'd' abilities trigger,
    granted ones as well as printed ones (the old engine looked back at printed keywords only)."""
    g = _game([{}, {"front": [{"card": "Trooper Ash", "wounds": 1}]}])
    ash = _named(g, "Trooper Ash", 1)
    _grant(g, ash, "immortal")
    zones.stun(g, ash)
    g.decision = None
    g._advance()
    assert g.decision["type"] == "may_trigger" and "Immortal" in g.decision["prompt"]
    _act(g, "yes")
    assert ash.zone == "deck"


# ------------------------------------------------------------------ 6. hide

def test_a_hidden_character_recovered_by_an_effect_stays_ready():
    """Hide (002/003): face down but ready. Recovering turns a character face up and leaves its
    orientation as it is: a hidden character stays ready (the old engine exhausted it)."""
    g = _game([{"front": ["Trooper Ash"], "hand": ["Vanish", "Rouse"]}, {}])
    ash = _named(g, "Trooper Ash", 0)
    _act(g, "plot", card=_in_hand(g, "Vanish", 0))
    _act(g, "choose", card=ash.iid)
    assert not ash.face_up and not ash.exhausted
    _act(g, "plot", card=_in_hand(g, "Rouse", 0))
    _act(g, "choose", card=ash.iid)
    assert ash.face_up and not ash.exhausted


def test_nullify_pauses_while_its_source_hides_and_comes_back_when_it_turns_face_up():
    """Nullify (000) lasts until its source is stunned or leaves play; while the source has lost its powers
    the effect stops, and it comes back when the source gets them back. A hidden source has lost its
    powers without being stunned: the nullified character has its keywords while the source hides and
    loses them again once the source turns face up (the old engine ended the Nullify for good)."""
    g = _game([{"hand": ["Hush Agent", "Vanish"], "resources": ["Proving Grounds", "Think Tank"]},
               {"front": ["Undying Revenant"]}], phase="recruit")
    rev = _named(g, "Undying Revenant", 1)
    _act(g, "recruit", card=_in_hand(g, "Hush Agent", 0), row="front")
    _act(g, "choose", card=rev.iid)
    assert g.powers_lost(rev) and not g.has_keyword(rev, "immortal")
    _act(g, "end_step")
    _act(g, "end_step")
    agent = _named(g, "Hush Agent", 0)
    _act(g, "plot", card=_in_hand(g, "Vanish", 0))
    _act(g, "choose", card=agent.iid)
    assert not agent.face_up
    assert not g.powers_lost(rev) and g.has_keyword(rev, "immortal")
    _end_turns_until_main(g, 0)  # Ana's recovery phase turns the Hush Agent face up
    assert agent.face_up
    assert g.powers_lost(rev) and not g.has_keyword(rev, "immortal")


def test_a_stunned_nullify_source_still_ends_its_effect():
    g = _game([{"hand": ["Hush Agent"], "resources": ["Proving Grounds", "Think Tank"]},
               {"front": ["Undying Revenant"]}], phase="recruit")
    rev = _named(g, "Undying Revenant", 1)
    _act(g, "recruit", card=_in_hand(g, "Hush Agent", 0), row="front")
    _act(g, "choose", card=rev.iid)
    agent = _named(g, "Hush Agent", 0)
    agent.wounds = 0
    zones.stun(g, agent, wound_it=False)
    zones.recover(g, agent)
    assert not g.powers_lost(rev)


# ------------------------------------------------------------------ 7. control returning to a side that is out

def test_a_character_whose_control_ends_goes_to_its_owner_when_the_side_it_came_from_is_out():
    """A control effect ends at the end of the turn: the character goes back to the side it came from.
    That side's player is out of the game (their side holds no cards any more): it goes to its owner's
    side instead (the old engine put it on the side of a player who was out)."""
    g = _game([{}, {}, {"front": ["Trooper Cole"]}], mode="ffa")
    cole = _named(g, "Trooper Cole", 2)
    zones.change_side(g, cole, g.players[1].side)  # Bo took it for good
    zones.change_side(g, cole, g.players[0].side, until="turn")  # Ana borrows it this turn
    g.eliminate(1)
    assert cole.zone == "play" and cole.side == g.players[0].side
    _act(g, "end_turn")
    assert cole.zone == "play" and cole.side == g.players[2].side


def test_control_ending_still_returns_to_a_live_side():
    g = _game([{}, {"front": ["Trooper Cole"]}, {}], mode="ffa")
    cole = _named(g, "Trooper Cole", 1)
    zones.change_side(g, cole, g.players[0].side, until="turn")
    _act(g, "end_turn")
    assert cole.side == g.players[1].side


# ------------------------------------------------------------------ 8. two-headed: Build plot twists

def test_a_two_headed_teammates_build_step_asks_only_them_whatever_the_partner_holds():
    """The decision of a two-headed build step names its player alone, whether or not the partner holds a
    Build plot twist: the decision is in every view, so it must not depend on a hand (a version that asked
    the partner only when they held one failed the hidden-cards soak)."""
    for hand in (["War Chest"], []):
        g = _game([{"hand": ["Proving Grounds"]}, {"hand": hand}, {}, {}], mode="two_headed", phase="resource")
        assert g.decision["type"] == "resource" and g.to_act == [0]
        assert g.legal_actions(1) == []
