"""Random games with every card; rule checks the soak does not make."""
import sys
import time

sys.path.insert(0, "tests")
from test_soak import SECRET_MIX, _pool, random_deck

from engine.game import Game
from engine.rng import Rng


def checks(g):
    out = []
    defs = g.defs.cards
    for pl in g.players:
        for zone in ("hand", "deck", "resources"):
            for i in getattr(pl, zone):
                if defs[g.cards[i].cid].type == "main":
                    out.append(f"main card {g.name(i)} in {pl.name}'s {zone}")
    if g.decision and g.decision["type"] not in ("order",) and not g.stack and not g.pending:
        for s in g.live_sides():
            chars = [c for c in g.characters(s)]
            names = {}
            for c in chars:
                if g.has_keyword(c, "swarm") or c.token:
                    continue
                for n in defs[c.cid].names:
                    names.setdefault(n.lower(), []).append(c)
            for n, cs in names.items():
                if len(cs) > 1 and not (len({x.iid for x in cs}) == 1):
                    mains = [x for x in cs if x.is_main]
                    out.append(f"side {s} has {len(cs)} characters named {n} ({[g.name(x.iid) for x in cs]}, mains {len(mains)})")
    for p in g.to_act:
        if g.players[p].out:
            out.append(f"{g.players[p].name} is out but asked to act")
    return out

t0 = time.time()
seed = int(sys.argv[1])
budget = float(sys.argv[2])
pool = _pool()
found = {}
while time.time() - t0 < budget:
    mode, players = SECRET_MIX[seed % len(SECRET_MIX)]
    r = Rng(seed * 7919 + 3)
    config = {"mode": mode, "seed": seed, "max_turns": 40,
              "players": [{"name": f"P{i + 1}", "deck": random_deck(pool, r, f"random {i}")} for i in range(players)]}
    g = Game(pool, config)
    while not g.is_over:
        acts = g.legal_actions(g.to_act[0])
        g.apply(acts[r.below(len(acts))])
        for msg in checks(g):
            key = msg.split("(")[0][:60]
            if key not in found:
                found[key] = (seed, mode, len(g.actions), msg, str(g.actions[-1]))
                print(found[key], flush=True)
    seed += 1
print("games up to seed", seed, "in", round(time.time() - t0), "s")
