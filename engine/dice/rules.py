"""What a character is right now: its Force, traits and abilities with everything attached,
and the team-wide numbers (team limit, hand limits) that attached cards change.

These read the game and never change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.dice.game import DiceGame

HAND_LIMIT = 7    # each hand: recruit and action
TEAM_LIMIT = 6    # heroes (villains included); minions are not counted


def attached_all(g: DiceGame, i: int) -> list[int]:
    """Every aid on a character and every upgrade on those aids."""
    out = []
    for a in g.cards[i].get("att") or ():
        out.append(a)
        out.extend(g.cards[a].get("att") or ())
    return out


def memo(g: DiceGame) -> dict | None:
    """Answers remembered while the game stands still (between actions); None while it changes."""
    return g._memo if getattr(g, "_frozen", False) else None


def profile(g: DiceGame, i: int, why: list | None = None) -> tuple[int, frozenset, frozenset]:
    """(Force before team bonuses, traits, abilities) of a character in play; ``why`` collects the steps.

    A profile depends only on the printed cards involved, so it is remembered per combination."""
    m = memo(g) if why is None else None
    if m is not None:
        hit = m.get(("p", i))
        if hit is None:
            hit = m[("p", i)] = _profile_now(g, i)
        return hit
    return _profile_now(g, i, why)


def _profile_now(g: DiceGame, i: int, why: list | None = None) -> tuple[int, frozenset, frozenset]:
    att = attached_all(g, i)
    cards = g.cards
    key = (cards[i]["n"], tuple(cards[a]["n"] for a in att))
    cache = g.pool.profiles
    hit = cache.get(key) if why is None else None
    if hit is None:
        hit = _profile(g, i, att, why)
        if why is None:
            cache[key] = hit
    if i in g.phase_leaders:
        return hit[0], hit[1], hit[2] | {"leader"}
    return hit


def _profile(g: DiceGame, i: int, att: list[int], why: list | None) -> tuple[int, frozenset, frozenset]:
    d = g.card(i)
    force = d.force
    traits = set(d.traits)
    abil = set(d.abilities)
    later = []
    for a in att:
        ad = g.card(a)
        force += ad.force
        if why is not None and ad.force:
            why.append(f"{ad.force:+d} {ad.name}")
        if ad.boost_if_had:
            later.append(ad)
        else:
            traits.update(ad.gains_traits)
            abil.update(ad.gains_abilities)
    for ad in later:
        # "Gains X, or Force +2 if it already had X" - judged against everything else it has.
        if traits.intersection(ad.gains_traits) or abil.intersection(ad.gains_abilities):
            force += ad.boost_if_had
            if why is not None:
                why.append(f"+{ad.boost_if_had} {ad.name} (already had what it grants)")
        else:
            traits.update(ad.gains_traits)
            abil.update(ad.gains_abilities)
    return force, frozenset(traits), frozenset(abil)


def abilities(g: DiceGame, i: int) -> frozenset:
    return profile(g, i)[2]


def traits(g: DiceGame, i: int) -> frozenset:
    return profile(g, i)[1]


def is_hero(g: DiceGame, i: int) -> bool:
    return g.card(i).type == "hero"


def is_villain(g: DiceGame, i: int) -> bool:
    """A hero controlled by the bad guy."""
    return is_hero(g, i) and g.players[g.cards[i]["o"]]["side"] == "bad"


def leader_bonus(g: DiceGame, i: int) -> int:
    """+1 Force from each Leader among the other characters on the team (heroes only receive it)."""
    if not is_hero(g, i):
        return 0
    p = g.cards[i]["o"]
    return sum(1 for j in g.team(p) if j != i and "leader" in abilities(g, j))


def force(g: DiceGame, i: int) -> int:
    """A character's Force now (never below 0): printed Force, attached cards, Leaders."""
    if memo(g) is not None:
        return all_forces(g)[i]
    return max(0, profile(g, i)[0] + leader_bonus(g, i))


def explain_force(g: DiceGame, i: int) -> list[str]:
    """The Force of a character, step by step.

    >>> from engine.dice.scenario import game_from_position
    >>> g = game_from_position({"bad": {"team": [{"card": "Mortarman", "attached": ["Deep Cavern"]}]}})
    >>> explain_force(g, g.play[0])
    ['Mortarman: printed Force 4', '+1 Deep Cavern', '= 5']
    """
    lines = [f"{g.card(i).name}: printed Force {g.card(i).force}"]
    profile(g, i, lines)
    lb = leader_bonus(g, i)
    if lb:
        lines.append(f"+{lb} Leader{'s' * (lb != 1)} on the team")
    lines.append(f"= {force(g, i)}")
    return lines


def all_forces(g: DiceGame) -> dict[int, int]:
    """The Force of every character in play, computed together (one profile each)."""
    m = memo(g)
    if m is not None:
        hit = m.get("forces")
        if hit is None:
            hit = m["forces"] = _all_forces(g)
        return hit
    return _all_forces(g)


def _all_forces(g: DiceGame) -> dict[int, int]:
    prof = {i: profile(g, i) for i in g.play}
    leaders = [0, 0]
    for i, pr in prof.items():
        if "leader" in pr[2]:
            leaders[g.cards[i]["o"]] += 1
    out = {}
    for i, pr in prof.items():
        f = pr[0]
        if g.card(i).type == "hero":
            f += leaders[g.cards[i]["o"]] - ("leader" in pr[2])
        out[i] = max(0, f)
    return out


def house(g: DiceGame, i: int, what: str) -> int:
    """The sum of a numeric house effect (team_size, action_draw) over a character's attachments."""
    return sum(getattr(g.card(a), what) for a in attached_all(g, i))


def has_flag(g: DiceGame, i: int, what: str) -> bool:
    return any(getattr(g.card(a), what) for a in attached_all(g, i))


def team_limit(g: DiceGame, p: int) -> int:
    """How many heroes ``p``'s team may keep past Recovery (seed 004: "6 Heroes"; minions are not counted)."""
    return _limits(g, p)[0]


def heroes(g: DiceGame, p: int) -> list[int]:
    """The heroes on ``p``'s team, oldest first: what the team limit counts."""
    return [i for i in g.team(p) if is_hero(g, i)]


def hand_limit(g: DiceGame, p: int, hand: str) -> int:
    return _limits(g, p)[1 if hand == "recruit" else 2]


def _limits(g: DiceGame, p: int) -> tuple[int, int, int]:
    """(team limit, recruit hand limit, action hand limit) of player ``p``."""
    m = memo(g)
    if m is not None and ("lim", p) in m:
        return m[("lim", p)]
    team, rec, act = TEAM_LIMIT, HAND_LIMIT, HAND_LIMIT
    for i in g.team(p):
        for a in attached_all(g, i):
            d = g.card(a)
            team += d.team_size
            if d.hand_size:
                rec += d.hand_size.get("recruit", 0)
                act += d.hand_size.get("action", 0)
    if m is not None:
        m[("lim", p)] = (team, rec, act)
    return team, rec, act


def is_delayed(g: DiceGame, i: int) -> bool:
    return bool(g.cards[i].get("dly"))


def neutralized(g: DiceGame, p: int) -> bool:
    """Every character of ``p`` is defeated or delayed (also true with no characters at all)."""
    return not any(not g.cards[i]["dly"] for i in g.team(p))


def immune_to(g: DiceGame, i: int, trait: str) -> bool:
    return any(g.card(a).immune == trait for a in attached_all(g, i))


def can_use(g: DiceGame, i: int, users: tuple, *, battle: bool = True) -> bool:
    """May character ``i`` use a card for these users (a card's ``users``)? ``battle``: the card is a
    battle card, not an event. Minions can't, except a Versatile minion with a trait's battle cards:
    its note covers battle cards, never events."""
    d = g.card(i)
    if d.type == "minion":
        return battle and "versatile" in abilities(g, i) and any(u in TRAITS_SET for u in users)
    tr = traits(g, i)
    for u in users:
        if u in tr:
            return True
        if u == "hero":
            return True
        if u == "villain" and is_villain(g, i):
            return True
        if u == "good" and not is_villain(g, i):
            return True
    return False


TRAITS_SET = {"strong", "psychic", "agility", "energy", "magic", "gadgets"}
