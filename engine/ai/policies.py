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
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..rng import Rng
from . import ruleset_for


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
    fn = getattr(g, "_apply", None) or g.apply
    fn(a)


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
    __slots__ = ("mover", "children", "visits", "value", "avail")

    def __init__(self, mover: int | None):
        self.mover = mover          # the seat whose action led here
        self.children: dict = {}    # action -> Node
        self.visits = 0
        self.value = 0.0            # summed scores for ``mover``
        self.avail = 1              # iterations in which the action was legal


class ISMCTSPolicy:
    """Information-set MCTS; ``iterations`` and ``playout`` are the budget, ``explore`` the UCB constant."""

    def __init__(self, level: str, context: Any = None, *, ruleset: str | None = None, iterations: int = 48,
                 playout: int = 40, explore: float = 0.7, horizon: int = 0):
        self.level = level
        self.context = context
        self.ruleset = ruleset
        self.iterations = iterations
        self.playout = playout
        self.explore = explore
        self.horizon = horizon
        self.last_stats: dict = {}

    def __call__(self, view: dict, legal: list, rng: Rng, deadline: float | None = None):
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        rs = ruleset_for(view, self.ruleset)
        fallback = HeuristicPolicy(self.level, self.context, ruleset=self.ruleset)
        can = getattr(rs, "searchable", None)
        if can is not None and not can(view, legal):
            return fallback(view, legal, rng)
        best = self.search(view, legal, rng, rs, deadline)
        return best if best is not None else fallback(view, legal, rng)

    def search(self, view: dict, legal: list, rng: Rng, rs: Any, deadline: float | None = None):
        me = legal[0].player
        teams = {pv.get("index", i): pv.get("team", pv.get("index", i))
                 for i, pv in enumerate(view.get("players") or [])}
        my_team = teams.get(me, me)
        fast = getattr(rs, "fast_policy", None)
        heur = getattr(rs, "heuristic", None)
        stop = getattr(rs, "playout_done", None)
        root = Node(None)
        pick = getattr(rs, "candidates", None)
        at_root = set(pick(view, legal) if pick else legal)
        done = 0
        for it in range(self.iterations):
            if deadline is not None and it and time.monotonic() > deadline:
                break
            g = rs.sample_state(view, me, rng, self.context)
            if g is None:
                return None
            if it == 0 and not set(legal) <= set(g.legal_actions(me)):
                return None  # the sampled game disagrees with the real one: do not trust it
            prng = Rng(rng.next64())
            path = [root]
            node = root
            turn = getattr(g, "turn", None)
            # selection and expansion (the tree, too, stops where playouts stop)
            while not g.is_over and not (node is not root and stop is not None and stop(g, me, turn, self.horizon)):
                p = g.to_act[0]
                acts = g.legal_actions(p)
                if node is root:
                    acts = [a for a in acts if a in at_root]
                untried = [a for a in acts if a not in node.children]
                for a in acts:
                    ch = node.children.get(a)
                    if ch is not None:
                        ch.avail += 1
                if untried:
                    a = untried[prng.below(len(untried))]
                    child = node.children[a] = Node(p)
                    _apply(g, a)
                    path.append(child)
                    break
                log_n = math.log(max(1, node.visits))
                a = max(acts, key=lambda a: self._ucb(node.children[a], log_n))
                node = node.children[a]
                _apply(g, a)
                path.append(node)
            # playout with the fast policy, cut off by the evaluation (or where the ruleset says)
            for _ in range(self.playout):
                if g.is_over or (stop is not None and stop(g, me, turn, self.horizon)):
                    break
                p = g.to_act[0]
                acts = g.legal_actions(p)
                v = g.view(p)
                a = fast(v, acts, prng) if fast else (heur(v, acts, prng, self.context) if heur
                                                      else acts[prng.below(len(acts))])
                _apply(g, a)
            score = rs.evaluate(g.view(me), me)
            for n in path:
                n.visits += 1
                if n.mover is not None:
                    n.value += score if teams.get(n.mover, n.mover) == my_team else 1.0 - score
            done += 1
        if not root.children:
            return None
        ranked = sorted(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value), reverse=True)
        self.last_stats = {"iterations": done, "children": {str(a): (n.visits, round(n.value / max(1, n.visits), 3))
                                                            for a, n in ranked}}
        return ranked[0][0]

    def _ucb(self, n: Node, log_n: float) -> float:
        if n.visits == 0:
            return math.inf
        return n.value / n.visits + self.explore * math.sqrt(math.log(max(1, n.avail)) / n.visits)
