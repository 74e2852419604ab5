import json
from engine import Game
from engine.loader import load_pool, find_deck
pool = load_pool(["card_data"])
a = find_deck("deck-skylark-wing", pool); b = find_deck("deck-rime-court", pool)
g = Game(pool, {"mode": "duel", "seed": 5, "players": [{"name": "A", "deck": a}, {"name": "B", "deck": b}]})
import random
r = random.Random(1)
for i in range(120):
    if g.is_over: break
    p = g.to_act[0]
    acts = g.legal_actions(p)
    # prefer face-down resources
    fd = [x for x in acts if x.type=="resource" and x.args.get("face_up") is False]
    g.apply(fd[0] if fd else r.choice(acts))
v = g.view(1)
print(json.dumps(v, indent=1)[:6000])
