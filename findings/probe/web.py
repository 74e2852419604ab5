import json

from engine.testing import test_decks, test_pool
from engine.webapi import Session

s = Session.from_pool(test_pool(), [d.to_json() for d in test_decks()])
def h(req):
    out = s.handle(req if isinstance(req, str) else json.dumps(req))
    d = json.loads(out)
    ok = d.get("ok")
    err = d.get("error", {})
    print(("OK " if ok else "ERR"), json.dumps(req)[:110] if not isinstance(req,str) else req[:110], "->", err.get("code"), (err.get("message") or "")[:120])
    return d
r = h({"op":"new_game","mode":"duel","seed":3,"seats":[{"name":"Ana","deck":"Testbed Dawnwatch"},{"name":"Bo","deck":"Testbed Gloom Syndicate"}]})
tests = [
 {"op":"state","viewer":5},
 {"op":"state","viewer":-1},
 {"op":"state","since":-5},
 {"op":"state","since":10**12},
 {"op":"apply","action":""},
 {"op":"apply","action":"0:keep extra=1"},
 {"op":"apply","action":"9:keep"},
 {"op":"apply","action":"-1:keep"},
 {"op":"apply","action":{"player":0,"type":"keep","args":{}}},
 {"op":"apply","action":{"player":"0","type":"keep"}},
 {"op":"apply","action":{"player":0.0,"type":"keep"}},
 {"op":"apply","action":{"player":True,"type":"keep"}},
 {"op":"apply","action":{"player":0,"type":"recruit","card":1e300,"row":"front"}},
 {"op":"apply","action":"0:recruit card=99999999999999999999 row=front"},
 {"op":"apply","action":"0:recruit card=1 row=front row=back"},
 {"op":"apply","action":"0:recruit card= row=front"},
 {"op":"apply","action":"0:recruit card=1 row="},
 {"op":"apply","action":"0:recruit card=1 row=sideways"},
 {"op":"apply","action":"0:choose_first side=1e3"},
 {"op":"apply","action":"0:choose_first side=01"},
 {"op":"apply","action":"0:choose_first side=+1"},
 {"op":"apply","action":"0:choose_first side=1_0"},
 {"op":"apply","action":"0 :keep"},
 {"op":"apply","action":"0:keep\n"},
 {"op":"apply","action":"0:KEEP"},
 {"op":"apply","action":"\u0660:keep"},
 {"op":"apply","action":"0:choose_first side=\u0661"},
 {"op":"explain","iid":-1},
 {"op":"explain","iid":10**40},
 {"op":"card","cid":None},
 {"op":"card","cid":"x"*2000},
 {"op":"undo","viewer":0},
 {"op":"ai_move","viewer":0,"steps":10**9},
 {"op":"replay_step","to":-1},
 {"op":"load","save":"{}"},
 {"op":"load","save":{"format":"capeclash-web-save"}},
 {"op":"validate_deck","text":"\ufeffmain: x"},
 {"op":"validate_deck","text":"4 x\n"*100000},
 {"op":"run_scenarios","scenarios":[{"scenario":"x"}]},
 {"op":"run_scenarios","scenarios":["scenario: x"]},
 {"op":"run_scenarios","scenarios":[None]},
 {"op":"bench_ai","level":"normal","moves":10**6},
 "[]", "null", "1", '{"op":"state","op":"state"}', '{"op": "state", "viewer": NaN}', '{"op": "state", "viewer": Infinity}',
 '{"op": "state", "viewer": 1e400}',
]
for t in tests:
    try:
        h(t)
    except Exception as e:
        print("EXC", t, type(e).__name__, e)
