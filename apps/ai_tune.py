"""Fit the learned evaluation of the ``hard`` level (``engine.ai.capeclash.evaluate_learned``).

The data: positions from games between computer players (``normal`` against ``normal`` on the
starter decks by default), one row per player at every main-phase decision: the features of
``position_features`` (that player's side minus the strongest enemy side, and who is to move),
labelled 1 when that player went on to win. The model: a logistic regression without intercept
(the features are differences, so the two players' rows mirror each other), fitted by Newton's
method with a small ridge penalty, in pure Python. It writes ``engine/ai/learned.py``.

Redo it after the rules, the starter decks or ``normal`` change::

    python -m apps.ai_tune --games 400 --write      # about 5 minutes on one core
    python -m apps.ai_tune --games 400 --seed 5000  # only report (log-loss on held-out games)

The report compares the held-out log-loss and accuracy with the hand-weighted ``evaluate``.

What it gave (240 games, seeds 5000-5239, starter decks of November 2026): on held-out games the
learned model predicts the winner better (log-loss 0.514 against 0.678, accuracy 72.8 % against
63.2 %), yet as ``hard``'s evaluation it played worse than ``normal`` (22.5 % of 40 games with the
combat look-ahead, 35 % looking through the opponent's reply): its weights mostly read the main
character's health and barely value stunning supporting characters, which predicts the end of a
game but does not choose the moves that get there. ``hard`` therefore keeps ``evaluate``; the model
is kept as ``ISMCTSPolicy(evaluation="learned")`` for further work (e.g. features with signs fixed).
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from engine.ai.capeclash import FEATURES, evaluate, position_features
from engine.ai.match import new_match, play_match

NAMES = (*FEATURES, "to_move")
OUT = Path(__file__).resolve().parent.parent / "engine" / "ai" / "learned.py"


def collect(games: int, seed: int, levels: tuple[str, str] = ("normal", "normal"), decks: list | None = None,
            out=print) -> list[tuple[int, list[float], float, int]]:
    """Rows (game index, features, hand evaluation, won) from ``games`` games, decks rotating."""
    from apps.ai_bench import _world
    pool, deck_list = _world(decks)
    rows = []
    t0 = time.perf_counter()
    for i in range(games):
        n, k = len(deck_list), i % len(deck_list)  # every ordered pair of different decks in turn
        two = [deck_list[k], deck_list[(k + 1 + (i // n) % max(1, n - 1)) % n]]
        g = new_match(pool, "duel", seed + i, two)
        seen = []

        def record(p, view, legal, wall, cpu, g=g, seen=seen) -> None:
            if (view.get("decision") or {}).get("type") == "main":
                for q in range(2):
                    v = view if q == p else g.view(q)
                    x = position_features(v, q)
                    if x is not None:
                        seen.append((q, x, evaluate(v, q)))
        play_match(g, list(levels), seed + i, on_decision=record)
        winners = (g.result or {}).get("winners") or []
        if len(winners) == 1:
            rows += [(i, x, h, int(q in winners)) for q, x, h in seen]
        if (i + 1) % 50 == 0:
            out(f"  {i + 1} games, {len(rows)} positions, {time.perf_counter() - t0:.0f} s")
    return rows


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def _sigmoid(z: float) -> float:
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def fit(xs: list[list[float]], ys: list[int], ridge: float = 1.0, rounds: int = 25) -> list[float]:
    """Logistic regression without intercept by Newton's method (L2 penalty ``ridge``)."""
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(rounds):
        grad = [-ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            e = y - p
            s = p * (1 - p)
            for i in range(n):
                grad[i] += e * x[i]
                si = s * x[i]
                row = hess[i]
                for j in range(i, n):
                    row[j] += si * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def scores(ps: list[float], ys: list[int]) -> tuple[float, float]:
    """(log-loss, accuracy) of predicted win chances."""
    eps = 1e-6
    ll = -sum(math.log(max(eps, p)) if y else math.log(max(eps, 1 - p)) for p, y in zip(ps, ys, strict=True))
    acc = sum(1 for p, y in zip(ps, ys, strict=True) if (p > 0.5) == bool(y))
    return ll / max(1, len(ys)), acc / max(1, len(ys))


def write(weights: dict[str, float], note: str, path: Path = OUT) -> None:
    lines = ['"""Weights of the learned evaluation (``engine.ai.capeclash.evaluate_learned``), written by',
             f'``python -m apps.ai_tune``; do not edit by hand.\n\n{note}\n"""', "",
             "WEIGHTS: dict[str, float] = {"]
    lines += [f"    {k!r}: {v:.6f}," for k, v in weights.items()]
    lines += ["}", ""]
    path.write_text("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m apps.ai_tune", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--holdout", type=float, default=0.2, help="share of the games kept out of the fit")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true", help="write engine/ai/learned.py")
    opts = ap.parse_args(argv)
    rows = collect(opts.games, opts.seed)
    cut = int(opts.games * (1 - opts.holdout))
    train = [r for r in rows if r[0] < cut]
    test = [r for r in rows if r[0] >= cut]
    w = fit([r[1] for r in train], [r[3] for r in train], opts.ridge)
    weights = dict(zip(NAMES, w, strict=True))
    for k, v in weights.items():
        print(f"{k:16} {v:+.4f}")
    if test:
        ys = [r[3] for r in test]
        learned = scores([_sigmoid(sum(a * b for a, b in zip(w, r[1], strict=True))) for r in test], ys)
        hand = scores([r[2] for r in test], ys)
        print(f"held-out {len(test)} positions of {opts.games - cut} games: learned log-loss {learned[0]:.4f} "
              f"accuracy {100 * learned[1]:.1f} %; hand-weighted evaluate {hand[0]:.4f} {100 * hand[1]:.1f} %")
    if opts.write:
        w = fit([r[1] for r in rows], [r[3] for r in rows], opts.ridge)  # the final fit uses every game
        weights = dict(zip(NAMES, w, strict=True))
        write(weights, f"Fitted on {len(rows)} positions of {opts.games} normal-vs-normal games on the starter decks "
                       f"(seeds {opts.seed}-{opts.seed + opts.games - 1}, ridge {opts.ridge}).")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["collect", "fit", "main", "scores"]
