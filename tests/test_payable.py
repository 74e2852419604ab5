"""``powers.payable`` answers by counting; a plain backtracking search over which location pays
which symbol must agree with it on random costs and location sets (symbol locations, team
locations of the card's teams and of others, excluded locations, extra locations of any symbol)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.capeclash.powers import payable, payable_any

SYMBOLS = ("might", "tech", "mystic")
TEAMS = ("dawn", "gloom", "iron")


class _Game:
    """Just what ``payable`` asks of a game: the teams of the card paid for."""

    def __init__(self, teams):
        self.teams = set(teams)

    def teams_of(self, card):
        return self.teams


def reference(cost, locs, card_teams, exclude, any_more) -> bool:
    """Give each symbol of ``cost`` its own location, trying every choice."""
    # what each usable location can make: a symbol location its symbol, a team location of one of
    # the card's teams any symbol; "any" is made by either; excluded and other teams' locations nothing
    makers = []
    for iid, d in locs:
        if iid in exclude:
            continue
        if d.symbol is not None:
            makers.append(d.symbol)
        elif set(d.teams) & set(card_teams):
            makers.append("*")
    makers += ["*"] * any_more
    used = [False] * len(makers)

    def fits(symbol, made):
        return symbol == "any" or made == "*" or made == symbol

    def search(k):
        if k == len(cost):
            return True
        for i, made in enumerate(makers):
            if not used[i] and fits(cost[k], made):
                used[i] = True
                if search(k + 1):
                    return True
                used[i] = False
        return False

    return search(0)


location = st.one_of(
    st.builds(lambda s: SimpleNamespace(symbol=s, teams=()), st.sampled_from(SYMBOLS)),
    st.builds(lambda ts: SimpleNamespace(symbol=None, teams=tuple(ts)),
              st.lists(st.sampled_from(TEAMS), min_size=1, max_size=2, unique=True)),
)


@settings(max_examples=400, deadline=None)
@given(cost=st.lists(st.sampled_from((*SYMBOLS, "any")), max_size=6),
       places=st.lists(location, max_size=8),
       card_teams=st.lists(st.sampled_from(TEAMS), max_size=2, unique=True),
       excluded=st.sets(st.integers(0, 7), max_size=4),
       any_more=st.integers(0, 2))
def test_payable_agrees_with_a_backtracking_search(cost, places, card_teams, excluded, any_more):
    locs = [(100 + i, d) for i, d in enumerate(places)]
    exclude = tuple(100 + i for i in excluded)
    got = payable(_Game(card_teams), 0, cost, object(), exclude, locs, any_more)
    assert got == reference(cost, locs, card_teams, exclude, any_more)


@settings(max_examples=200, deadline=None)
@given(costs=st.lists(st.lists(st.sampled_from((*SYMBOLS, "any")), min_size=1, max_size=4), min_size=1, max_size=3),
       places=st.lists(location, max_size=6),
       card_teams=st.lists(st.sampled_from(TEAMS), max_size=2, unique=True))
def test_alternative_costs_are_payable_when_one_of_them_is(costs, places, card_teams):
    """A power with ``or_cost`` (a reaction too) can be used when either cost can be paid whole."""
    locs = [(100 + i, d) for i, d in enumerate(places)]
    got = payable_any(_Game(card_teams), 0, costs, object(), locs)
    assert got == any(reference(k, locs, card_teams, (), 0) for k in costs)


def test_a_team_location_of_another_team_pays_nothing():
    team = SimpleNamespace(symbol=None, teams=("gloom",))
    mine = SimpleNamespace(symbol="might", teams=())
    locs = [(1, team), (2, mine)]
    assert payable(_Game({"dawn"}), 0, ["might"], object(), (), locs)
    assert not payable(_Game({"dawn"}), 0, ["might", "any"], object(), (), locs)
    assert payable(_Game({"gloom"}), 0, ["might", "tech"], object(), (), locs)
    assert not payable(_Game({"gloom"}), 0, ["might", "tech"], object(), (2,), locs)
