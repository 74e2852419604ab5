"""Every test, in two pytest processes side by side (``make test``; this machine has two cores).

Group 1 runs the tiers that drive other programs (Chromium, Node, the PDF renderer) and a few
soaks; group 2 the rest (tests/conftest.py, ``group_of``). Group 2's output streams
here as it runs; group 1's is printed when it ends. The exit status is the first failing group's.
Extra arguments go to both pytest runs::

    python3 tools/run_tests.py            # what `make test` runs after lint and validation
    python3 tools/run_tests.py -x         # stop each group at its first failure
    python3 tools/run_tests.py --fast     # `make test-fast`: the untiered tests, half the test files each
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

FAST = "not (browser or pyodide or print or soak or slow)"  # the fast tier: every test with no tier mark


def main(argv: list[str]) -> int:
    start = time.monotonic()
    fast = "--fast" in argv
    argv = [a for a in argv if a != "--fast"]
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *(["-q", "-m", FAST] if fast else []), *argv]
    first_group, second_group = ("a", "b") if fast else ("1", "2")
    with tempfile.TemporaryFile("w+") as log:
        one = subprocess.Popen(cmd, env={**os.environ, "CAPECLASH_TEST_GROUP": first_group}, stdout=log,
                               stderr=subprocess.STDOUT, text=True)
        try:
            two = subprocess.run(cmd, env={**os.environ, "CAPECLASH_TEST_GROUP": second_group},
                                 check=False).returncode
            what = "half the files" if fast else "engine, rules, AI, soak, tools"
            other = "the other half" if fast else "browser, Pyodide, print"
            print(f"group {second_group} ({what}) ended after {time.monotonic() - start:.0f} s; "
                  f"waiting for group {first_group} ({other})", flush=True)
            first = one.wait()
        except BaseException:
            one.kill()
            raise
        log.seek(0)
        sys.stdout.write(log.read())
    print(f"group {first_group} exit {first}, group {second_group} exit {two}; "
          f"{time.monotonic() - start:.0f} s in all", flush=True)
    return first or two


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
