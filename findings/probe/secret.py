import sys, time
sys.path.insert(0, "tests")
from test_soak import secret_one
t=time.time()
for s in range(int(sys.argv[1]), int(sys.argv[2])):
    r = secret_one(s)
    if r["leaks"] or r["problems"]:
        print(s, r["mode"], r["leaks"][:2], r["problems"][:2], flush=True)
    if time.time()-t > float(sys.argv[3]): print("stopped at", s); break
print("done", time.time()-t)
