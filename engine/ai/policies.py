"""The policies: random, heuristic and information-set Monte Carlo tree search (ISMCTS).

Each is called as ``policy(view, legal, rng)`` and returns one of ``legal``. They read only
the view, the legal actions and the public context given when they were made; the search
plays on games its ruleset samples from the view (see ``engine.ai``).

The search is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration
samples a game consistent with the view (a *determinization*), walks down one tree shared by
all of them, choosing among the actions legal in that game by UCB1 with availability counts,
adds one node, plays on with the ruleset's fast policy for at most ``playout`` actions, and
scores the result with the ruleset's evaluation (1 for a win, 0 for a loss when the game ends
first). Scores are kept from the point of view of the seat that moved into each node.

The heuristic guides it (see ``ISMCTSPolicy``): its look-ahead values seed and order the root's
children, the root widens progressively in that order, new nodes below the root try the fast
policy's move first, and with ``paired`` every searched root action is played in each sampled
game with the same playout randomness, so that actions are compared on equal terms.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, cast

from engine.ai import ruleset_for
from engine.core.rng import Rng


class RandomPolicy:
    """Any legal action, uniformly at random."""

    def __init__(self, level: str = "random"):
        self.level = level

    def __call__(self, view: dict, legal: list, rng: Rng, deadline: float | None = None):
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.below(len(legal))]


class FastPolicy:
    """The ruleset's fast playout policy (``fast_policy``), or random actions without one."""

    def __init__(self, level: str = "simple", *, ruleset: str | None = None):
        self.level = level
        self.ruleset = ruleset

    def __call__(self, view: dict, legal: list, rng: Rng, deadline: float | None = None):
        if not legal:
            raise ValueError("no legal action to choose from")
        fn = getattr(ruleset_for(view, self.ruleset), "fast_policy", None)
        return fn(view, legal, rng) if fn is not None else legal[rng.below(len(legal))]


def one_ply(view: dict, legal: list, rng: Rng, context: Any, rs: Any, slack: float = 0.0):
    """The default heuristic of a ruleset without its own: try each action in one sampled game
    and keep the best evaluation."""
    player = legal[0].player
    base = rs.sample_state(view, player, rng, context)
    if base is None:
        return legal[rng.below(len(legal))]
    values = {}
    for a in legal:
        g = base.copy()
        _apply(g, a)
        values[a] = rs.evaluate(g.view(player), player)
    top = max(values.values())
    near = [a for a in legal if values[a] >= top - slack]
    return near[rng.below(len(near))]


def _apply(g, a) -> None:
    fn = getattr(g, "apply_unchecked", None) or g.apply
    fn(a)


# with ``soft_seconds`` s, a candidate after the first is dropped if its playout runs past
# ``FIRM * soft_seconds`` s (the first is cut by the caller's deadline only)
FIRM = 1.5


def _no_charge(n: int = 1) -> None:
    """A ruleset that does not count a search's own steps (no ``charge``)."""


class _OutOfTime(Exception):
    """A playout passed the caller's deadline: its candidate is left out of the comparison."""


class HeuristicPolicy:
    """The ruleset's heuristic (``normal``), or with ``slack`` a near-best pick (``easy``)."""

    def __init__(self, level: str, context: Any = None, *, ruleset: str | None = None, slack: float = 0.0):
        self.level = level
        self.context = context
        self.ruleset = ruleset
        self.slack = slack

    def __call__(self, view: dict, legal: list, rng: Rng, deadline: float | None = None):
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        rs = ruleset_for(view, self.ruleset)
        fn = getattr(rs, "heuristic", None)
        if fn is not None:
            return fn(view, legal, rng, self.context, slack=self.slack)
        return one_ply(view, legal, rng, self.context, rs, self.slack)


class Node:
    __slots__ = ("mover", "children", "visits", "value", "avail", "order", "margin", "ranked")

    def __init__(self, mover: int | None):
        self.mover = mover          # the seat whose action led here
        self.children: dict = {}    # action -> Node
        self.visits: float = 0
        self.value = 0.0            # summed scores for ``mover``
        self.avail = 1              # iterations in which the action was legal
        self.order: list = []       # the root's candidates, best prior first
        self.margin = 0.0            # the root: how far the prior's best is ahead of the second
        self.ranked = False          # the root: candidates ordered by a prior


class ISMCTSPolicy:
    """Information-set MCTS guided by the ruleset's heuristic.

    Budget: ``iterations`` (determinizations searched), ``playout`` (actions per playout at most),
    ``horizon`` (where playouts stop, see the ruleset's ``playout_done``). Guidance:

    * ``samples`` > 0 and a ruleset ``prior``: the root's actions are first valued by the heuristic's
      look-ahead in ``samples`` sampled games; each root child starts with ``prior_weight`` virtual
      visits at that value, and the root widens progressively: at first only the ``widen`` best
      actions are searched, one more each time the root's visits pass ``widen_every`` more.
    * Below the root the fast policy's action is tried first, and a node widens to a further,
      random untried action only while it has fewer than ``pw * sqrt(visits)`` children: with a small budget
      the tree follows the heuristic, with a large one it explores (``pw`` 0: plain expansion, every
      untried action first, at random).
    * ``evaluation``: the name of another evaluation among the ruleset's ``evaluations`` (Cape Clash:
      ``"learned"``) for the prior and the playouts; ``score``: one for the playouts' ends only
      (Cape Clash: ``"turn_start"``, for playouts that stop where a turn begins); ``prior_horizon`` and ``prior_plan``: the prior's
      look-ahead goes on until that horizon (see ``playout_done``) or lets the heuristic take up to that
      many more of the player's own decisions this turn (Cape Clash's ``prior`` takes ``horizon`` and
      ``plan``); ``decisions``: the decision types searched (passed to the ruleset's ``searchable``).
    * ``prior_reply``: the prior's look-ahead lets the heuristic play every seat (not the fast policy),
      each candidate meeting the same random numbers (Cape Clash's ``prior`` takes ``reply``).
    * ``playout_policy``: ``"fast"`` (the ruleset's ``fast_policy``) or ``"heuristic"``: playouts where
      the heuristic plays every seat, a model of a careful opponent's reply (dearer, far better
      judged with a ``horizon`` through that reply).
    * ``per_game``: other numbers for another ruleset's views (``{"dice": {"iterations": 96, ...}}``).
    * ``replay``: decisions the ruleset cannot sample from the view alone (its ``samplable`` says
      False: questions asked in the middle of an effect, whose book-keeping the view does not show)
      are searched on games rebuilt from this player's last samplable view: sampled there, the
      player's own actions since replayed, kept only where the result looks exactly like the view
      now (the ruleset's ``consistent``). The policy remembers that view and its own actions, nothing
      else: what it knows, a human at that seat knows too.
    * ``soft_seconds``: with a ``deadline`` (the browser), no new candidate is searched once this
      long has passed, and one still being played out ``FIRM`` times as long after the start is
      dropped; a playout still running at the deadline is dropped too, so the deadline cuts the
      search, never a candidate's look-ahead (each candidate compared is judged on a whole playout).
    * ``go_first``: False lets the opponent go first where the ruleset's ``seat_choice`` offers that
      choice (a player who searches may do better second, when it has seen the first turn).
    """

    def __init__(self, level: str, context: Any = None, *, ruleset: str | None = None, iterations: int = 48,
                 playout: int = 40, explore: float = 0.7, horizon: int = 0, samples: int = 0, widen: int = 0,
                 widen_every: int = 8, prior_weight: float = 2.0, pw: float = 0.5, decisive: float = 0.0,
                 paired: bool = False, evaluation: str | None = None, prior_horizon: int = 0,
                 decisions: tuple | list | None = None, prior_plan: int = 0, prior_reply: bool = False,
                 playout_policy: str = "fast", per_game: dict | None = None, replay: bool = False,
                 soft_seconds: float | None = None, go_first: bool = True, score: str | None = None,
                 max_work: int | dict[int, int] | None = None):
        self.level = level
        self.context = context
        self.ruleset = ruleset
        self.iterations = iterations
        self.playout = playout
        self.explore = explore
        self.horizon = horizon
        self.samples = samples
        self.widen = widen
        self.widen_every = widen_every
        self.prior_weight = prior_weight
        self.pw = pw
        self.decisive = decisive
        self.paired = paired
        self.evaluation = evaluation
        self.prior_horizon = prior_horizon
        self.decisions = tuple(decisions) if decisions else None
        self.prior_plan = prior_plan
        self.prior_reply = prior_reply
        self.playout_policy = playout_policy
        self.per_game = per_game or {}  # game name -> numbers replacing these for that game's views
        self.replay = replay
        self.soft_seconds = soft_seconds
        self.go_first = go_first
        self.score = score
        self.max_work = max_work
        # what a ``deadline`` is read against: the browser's clock; ``capeclash bench ai --browser-clock``
        # puts a scaled CPU-time clock here to measure strength within the browser's time budget
        self.clock: Callable[[], float] = time.monotonic
        self._trail: list | None = None  # [player, last samplable view, own actions since] (``replay``)
        self.budget = {"iterations": iterations, "playout": playout, "explore": explore, "horizon": horizon,
                       "samples": samples, "widen": widen, "widen_every": widen_every, "prior_weight": prior_weight,
                       "pw": pw, "decisive": decisive, "paired": paired, "evaluation": evaluation,
                       "prior_horizon": prior_horizon, "decisions": decisions,
                       "prior_plan": prior_plan, "prior_reply": prior_reply,
                       "playout_policy": playout_policy, "replay": replay, "soft_seconds": soft_seconds,
                       "go_first": go_first, "score": score, "max_work": max_work}
        self._variants: dict = {}
        self.last_stats: dict = {}

    def __call__(self, view: dict, legal: list, rng: Rng, deadline: float | None = None):
        if not legal:
            raise ValueError("no legal action to choose from")
        if not self.replay:
            return self._decide(view, legal, rng, deadline)
        me = legal[0].player
        rs = ruleset_for(view, self.ruleset)
        direct = getattr(rs, "samplable", None)
        if direct is None or direct(view):
            self._trail = [me, view, []]
        elif self._trail is not None and self._trail[0] != me:
            self._trail = None
        a = self._decide(view, legal, rng, deadline)
        if self._trail is not None:
            self._trail[2].append(a)
        return a

    def _sampler(self, view: dict, me: int, rs: Any):
        """How this decision's games are sampled: from the view, or (``replay``) by replaying this
        player's own actions from its last samplable view; None when neither can be done."""
        direct = getattr(rs, "samplable", None)
        if not self.replay or direct is None or direct(view):
            return None  # the ruleset's own sample_state
        trail = self._trail
        consistent = getattr(rs, "consistent", None)
        if trail is None or trail[0] != me or trail[1] is view or consistent is None:
            return False
        anchor, actions = trail[1], list(trail[2])

        def sample(_view, player, rng, context):
            for _ in range(3):  # a replay may draw other cards than the real game did: try again
                g = rs.sample_state(anchor, player, rng, context)
                if g is None:
                    return None
                try:
                    for a in actions:
                        if g.is_over or a not in g.legal_actions(a.player):
                            g = None
                            break
                        _apply(g, a)
                except Exception:  # noqa: BLE001 - a sampled game the replay cannot follow is not used
                    g = None
                if g is not None and consistent(g, view, player):
                    return g
            return None
        return sample

    def _decide(self, view: dict, legal: list, rng: Rng, deadline: float | None = None):
        if len(legal) == 1:
            return legal[0]
        game = self.ruleset or view.get("game") or "capeclash"
        if game in self.per_game:  # this level has its own numbers for that game
            sub = self._variants.get(game)
            if sub is None:
                sub = self._variants[game] = ISMCTSPolicy(self.level, self.context, ruleset=self.ruleset,
                                                          **{**self.budget, **self.per_game[game]})
            sub.clock = self.clock
            out = sub(view, legal, rng, deadline)
            self.last_stats = sub.last_stats
            return out
        rs = ruleset_for(view, self.ruleset)
        seat = getattr(rs, "seat_choice", None)
        if not self.go_first and seat is not None:
            a = seat(view, legal, go_first=False)
            if a is not None:
                return a
        fallback = HeuristicPolicy(self.level, self.context, ruleset=self.ruleset)
        can = getattr(rs, "searchable", None)
        if can is not None and not (can(view, legal, self.decisions) if self.decisions else can(view, legal)):
            return fallback(view, legal, rng)
        sampler = self._sampler(view, legal[0].player, rs)
        if sampler is False:
            return fallback(view, legal, rng)
        best = self.search(view, legal, rng, rs, deadline, sampler)
        return best if best is not None else fallback(view, legal, rng)

    def _root(self, view: dict, legal: list, rng: Rng, rs: Any, sampler=None, stop=None) -> Node:
        """The root, its candidates ordered by the heuristic's prior (when the ruleset has one)."""
        root = Node(None)
        pick = getattr(rs, "candidates", None)
        cands = list(pick(view, legal) if pick else legal)
        prior_fn = getattr(rs, "prior", None)
        extra: dict[str, Any] = {}  # only the numbers this level changes: a ruleset's prior need not know them all
        if self.evaluation:
            extra["evaluation"] = self.evaluation
        if self.prior_horizon:
            extra["horizon"] = self.prior_horizon
        if self.prior_plan:
            extra["plan"] = self.prior_plan
        if self.prior_reply:
            extra["reply"] = True
        if sampler is not None:
            extra["sampler"] = sampler
        if stop is not None:
            extra["stop"] = stop
        values = prior_fn(view, cands, rng, self.context, self.samples, **extra) if prior_fn and self.samples else None
        if values:
            cands = [a for a in cands if a in values]  # a prior leaves out what is not worth weighing
            cands.sort(key=lambda a: -values[a])  # stable: equal values keep the legal order
            for a in cands:
                ch = root.children[a] = Node(legal[0].player)
                ch.visits = self.prior_weight
                ch.value = values[a] * self.prior_weight
        root.order = cands
        root.ranked = bool(values)
        root.margin = values[cands[0]] - values[cands[1]] if values and len(cands) > 1 else 0.0
        return root

    def _width(self, root: Node) -> int:
        if not self.widen or not root.ranked:  # without a prior, no order to widen by
            return len(root.order)
        return min(len(root.order), self.widen + int(max(0.0, root.visits) // max(1, self.widen_every)))

    def search(self, view: dict, legal: list, rng: Rng, rs: Any, deadline: float | None = None, sampler=None):
        me = legal[0].player
        sample_state = sampler or rs.sample_state
        t0 = self.clock() if deadline is not None else 0.0
        soft = firm = deadline
        if deadline is not None and self.soft_seconds is not None:
            soft = min(deadline, t0 + self.soft_seconds)
            firm = min(deadline, t0 + self.soft_seconds * FIRM)
        teams = {pv.get("index", i): pv.get("team", pv.get("index", i))
                 for i, pv in enumerate(view.get("players") or [])}
        my_team = teams.get(me, me)
        fast = getattr(rs, "fast_policy", None) if self.playout_policy == "fast" else None
        heur = getattr(rs, "heuristic", None)
        stop = getattr(rs, "playout_done", None)
        fit = getattr(rs, "fit", None)
        # ``max_work``: the ruleset's count of the actions played on sampled games (``work``), the
        # prior's look-aheads included, the search's own steps too where it can count them (``charge``).
        # A sampled game (or, in the first, a candidate) is searched only while what it is expected to
        # cost (as much as the last one did) fits in the budget, and a playout still running at ``FIRM``
        # times the budget is dropped, as a deadline does: a crowded board or many seats cost a decision
        # a bounded number of actions, so a bounded time, and the same answer on every machine
        budget = self.max_work or 0
        if isinstance(budget, dict):  # by the number of players: a crowded table gets a smaller one
            budget = budget.get(len(view.get("players") or ()), 0) or 0
        count = getattr(rs, "work", None) if budget else None
        charge = getattr(rs, "charge", None) if count is not None else None
        w0 = count() if count is not None else 0
        firm_work = w0 + int(FIRM * budget) if count is not None else None

        def over() -> bool:
            """The prior's look-ahead gives up past the firm limits (work, the deadline)."""
            if count is not None and count() > cast(int, firm_work):
                return True
            return firm is not None and self.clock() > firm

        cut = over if (count is not None or firm is not None) else None
        root = self._root(view, legal, rng, rs, sampler, cut)
        cut_prior = cut is not None and not root.ranked and len(root.order) > 1 and cut()
        if cut_prior:
            # the prior alone used the budget up (or the time): the candidates in the order of the
            # rules of thumb (their choice first), which is what the search plays if it can search no more
            quick = getattr(rs, "fast_policy", None)
            first = quick(view, legal, Rng(rng.state)) if quick is not None else None
            if first in root.order:
                root.order.remove(first)
                root.order.insert(0, first)
            root.ranked = True
        if len(root.order) == 1 or (self.decisive and root.margin > self.decisive) or \
                (root.ranked and self.iterations <= 0):
            self.last_stats = {"iterations": 0, "width": 1, "children": {}}
            return root.order[0]  # one candidate, the prior's best clearly ahead, or no search asked
        root.visits = 0

        def fits(last: int) -> bool:
            """Room in the budget for one more piece of search costing ``last`` actions."""
            return count is None or count() - w0 + last <= budget

        def guide(g, p, acts, prng):
            if len(acts) == 1 and self.playout_policy == "heuristic":  # no view built for no choice
                return acts[0]
            v = g.view(p)
            if fast:
                return fast(v, acts, prng)
            if heur:
                return heur(v, acts, prng, self.context)
            return acts[prng.below(len(acts))]

        done = 0
        last_sample = 0  # what the last sampled game's search cost (``work``)
        for it in range(self.iterations):
            if soft is not None and it and self.clock() > soft:
                break
            if it and not fits(last_sample):
                break  # a costly position (a crowded board, many seats): the samples searched so far decide
            w_it = count() if count is not None else 0
            g0 = sample_state(view, me, rng, self.context)
            if g0 is None:
                return None
            if not set(legal) <= set(g0.legal_actions(me)):
                if it == 0:
                    return None  # the sampled game disagrees with the real one: do not trust it
                continue  # a later sample that does: the candidates are never played where they are not legal
            if fit is not None:
                fit(g0, legal)  # the book-keeping the player's own choices show (the ruleset's ``fit``)
            seed = rng.next64()
            # paired: every searched root action is tried in this same sampled game with the same
            # playout randomness (common random numbers: the comparison is not drowned in noise)
            firsts = root.order[:self._width(root)] if self.paired else [None]
            last_cand = 0
            for k, first in enumerate(firsts):
                if soft is not None and k and self.clock() > soft:
                    break  # out of time in the browser: the candidates searched so far decide
                if k and not it and not fits(last_cand):
                    break
                w_c = count() if count is not None else 0
                try:
                    # the last candidate plays on the sampled game itself (nothing reads it afterwards)
                    g = g0.copy() if self.paired and k < len(firsts) - 1 else g0
                    self._iterate(root, g, first, Rng(seed), me, teams, my_team, rs,
                                  guide, stop, deadline if k == 0 and not it else firm, (count, firm_work, charge))
                except _OutOfTime:
                    break
                if count is not None:
                    last_cand = count() - w_c
            if count is not None:
                last_sample = count() - w_it
            done += 1
        searched = {a: n for a, n in root.children.items() if n.visits > 0}
        if not searched:
            if root.ranked and done:  # out of time before any playout ended: the prior's best
                self.last_stats = {"iterations": done, "width": 0, "children": {}}
                if cut_prior:
                    self.last_stats["cut"] = "prior"
                return root.order[0]
            return None
        ranked = sorted(searched.items(), key=lambda kv: (kv[1].visits, kv[1].value / kv[1].visits), reverse=True)
        if self.paired:  # equal visits: the best mean
            ranked.sort(key=lambda kv: kv[1].value / kv[1].visits, reverse=True)
        self.last_stats = {"iterations": done, "width": self._width(root),
                           "children": {str(a): (n.visits, round(n.value / max(1, n.visits), 3)) for a, n in ranked}}
        if cut_prior:
            self.last_stats["cut"] = "prior"
        return ranked[0][0]

    def _iterate(self, root: Node, g, first, prng: Rng, me: int, teams: dict, my_team, rs, guide, stop,
                 deadline: float | None = None, work: tuple = (None, None, None)) -> None:
        """One descent from the root (through ``first`` when given), a playout and the backup."""
        fast = getattr(rs, "fast_policy", None)
        heur = getattr(rs, "heuristic", None)
        path = [root]
        node = root
        turn = getattr(g, "turn", None)
        count, limit, charge = work
        if charge is None:
            charge = _no_charge
        if first is not None:
            node = root.children.get(first) or root.children.setdefault(first, Node(me))
            _apply(g, first)
            charge()
            path.append(node)
        # selection and expansion (the tree, too, stops where playouts stop)
        while not g.is_over and not (node is not root and stop is not None and stop(g, me, turn, self.horizon)):
            p = g.to_act[0]
            acts = g.legal_actions(p)
            if node is root:
                allowed = set(root.order[:self._width(root)])
                acts = [a for a in acts if a in allowed]
                if not acts:
                    break
            for a in acts:
                ch = node.children.get(a)
                if ch is not None:
                    ch.avail += 1
            tried = [a for a in acts if a in node.children and node.children[a].visits > 0]
            untried = [a for a in acts if a not in node.children or node.children[a].visits == 0]
            guided = bool(fast or heur) and self.pw > 0
            if untried and (node is root or not tried or not guided or self._may_widen(node, len(tried))):
                if node is root or tried or not guided:
                    a = untried[0] if node is root and root.ranked else untried[prng.below(len(untried))]
                else:
                    a = guide(g, p, acts, prng)  # a new node's first child: the heuristic's move
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = Node(p)
                _apply(g, a)
                charge()
                path.append(child)
                break
            log_n = math.log(max(1.0, node.visits))
            a = max(tried, key=lambda a: self._ucb(node.children[a], log_n))
            node = node.children[a]
            _apply(g, a)
            charge()
            path.append(node)
        # playout with the fast policy, cut off by the evaluation (or where the ruleset says)
        for _ in range(self.playout):
            if g.is_over or (stop is not None and stop(g, me, turn, self.horizon)):
                break
            # (every step: one step of a playout on a crowded board may itself weigh a dozen moves)
            if deadline is not None and self.clock() > deadline:
                raise _OutOfTime  # nothing is backed up: this candidate is not compared half played
            if count is not None and count() > limit:
                raise _OutOfTime  # past the search's work budget (``max_work``): the same
            p = g.to_act[0]
            _apply(g, guide(g, p, g.legal_actions(p), prng))
            charge()
        score = self._score(rs, g, me)
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.value += score if teams.get(n.mover, n.mover) == my_team else 1.0 - score

    def _score(self, rs: Any, g, me: int) -> float:
        """A playout's end scored for ``me``: read from the game itself where the ruleset has that
        evaluation in ``game_evaluations`` (the same number as from ``me``'s view, without building
        the view), else from the view."""
        name = self.score or self.evaluation
        if name is None:
            direct = getattr(rs, "evaluate_game", None)
        else:
            direct = getattr(rs, "game_evaluations", {}).get(name)
        return direct(g, me) if direct is not None else self._evaluate(rs)(g.view(me), me)

    def _evaluate(self, rs: Any):
        """The evaluation this level scores playouts with: the ruleset's ``evaluate``, or the one
        its ``evaluations`` name ``score`` (else ``evaluation``)."""
        name = self.score or self.evaluation
        if name:
            return getattr(rs, "evaluations", {}).get(name, rs.evaluate)
        return rs.evaluate

    def _may_widen(self, node: Node, n_children: int) -> bool:
        return n_children < self.pw * math.sqrt(node.visits)

    def _ucb(self, n: Node, log_n: float) -> float:
        if n.visits <= 0:
            return math.inf
        return n.value / n.visits + self.explore * math.sqrt(math.log(max(1, n.avail)) / n.visits)
