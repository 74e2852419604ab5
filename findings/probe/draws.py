from engine import Game
from engine.loader import load_pool, find_deck
pool = load_pool(["card_data"])
a = find_deck("deck-skylark-wing", pool); b = find_deck("deck-rime-court", pool)
import sys
FIRST=int(sys.argv[1])
for mode, n in [("duel",2),("ffa",3),("ffa",4),("2v2",4),("two_headed",4)]:
    g = Game(pool, {"mode": mode, "seed": 3, "players": [{"name": f"P{i}", "deck": (a if i%2==0 else b)} for i in range(n)]})
    seen = {}
    steps=0
    while g.turn < 4 and steps < 500 and not g.is_over:
        steps+=1
        d = g.decision["type"]
        p = g.to_act[0]
        acts = g.legal_actions(p)
        if d == "choose_first":
            act = [x for x in acts if x.args.get("side")==FIRST][0]
        elif d in ("resource",) :
            if g.turn not in seen:
                seen[g.turn] = {i: len(g.players[i].hand) for i in range(n)}
            act = [x for x in acts if x.type in ("end_step",)][0] if any(x.type=="end_step" for x in acts) else acts[0]
        elif d == "mulligan" or any(x.type=="keep" for x in acts):
            act = [x for x in acts if x.type=="keep"][0]
        else:
            es = [x for x in acts if x.type in ("end_step","end_turn","pass","no")]
            act = es[0] if es else acts[0]
        g.apply(act)
    print(mode, n, seen)
