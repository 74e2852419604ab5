"""Undo against the computer reveals hidden information: the human can see their next draws (and the
computer's whole turn), take back their last move, and then choose it knowing what is coming."""
from engine.testing import test_decks, test_pool
from engine.webapi import Session

s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
st = s.call("new_game", mode="duel", seed=3, seats=[{"name": "Ana", "deck": "Testbed Dawnwatch"},
                                                    {"name": "Bo", "ai": "normal", "deck": "Testbed Gloom Syndicate"}])
def human_step(st, prefer):
    acts = st["actions"]
    for p in prefer:
        for a in acts:
            if a["type"] == p:
                return s.call("apply", action=a["text"], viewer=0)
    return s.call("apply", action=acts[0]["text"], viewer=0)

# play until Ana's main phase of her second turn, with the computer moving in between
turns_seen = 0
for _ in range(400):
    if st["over"]:
        break
    if st["ai_to_act"]:
        st = s.call("ai_move", viewer=0, steps=1)
        continue
    if 0 not in st["to_act"]:
        break
    d = st["view"]["decision"]["type"]
    if d == "main" and st["view"]["turn"] >= 3:
        break
    st = human_step(st, ["keep", "end_step", "end_turn", "pass", "no"])

hand_before = [c["name"] for c in st["view"]["players"][0]["hand"]]
# Ana ends her turn; the computer plays its turn; Ana's next turn starts and she draws two cards
st = s.call("apply", action="0:end_turn", viewer=0)
while st["ai_to_act"] and not st["over"]:
    st = s.call("ai_move", viewer=0, steps=1)
hand_after = [c["name"] for c in st["view"]["players"][0]["hand"]]
print("turn", st["view"]["turn"], "drew:", sorted(set(hand_after) - set(hand_before)) or hand_after)
# ... and takes it all back
st = s.call("undo", viewer=0)
print("after undo: turn", st["view"]["turn"], "decision", st["view"]["decision"]["type"], "to_act", st["to_act"])
st = s.call("apply", action="0:end_turn", viewer=0)
while st["ai_to_act"] and not st["over"]:
    st = s.call("ai_move", viewer=0, steps=1)
again = [c["name"] for c in st["view"]["players"][0]["hand"]]
print("same draws and same computer turn after undo:", again == hand_after)
