"""Every test, in two pytest processes side by side (``make test``; this machine has two cores).

Group 1 runs the tiers that drive other programs (Chromium, Node, the PDF renderer) and a few
soaks; group 2 the rest (tests/conftest.py, ``group_of``). Group 2's output streams
here as it runs; group 1's is printed when it ends. The exit status is the first failing group's.
Extra arguments go to both pytest runs::

    python3 tools/run_tests.py            # what `make test` runs after lint and validation
    python3 tools/run_tests.py -x         # stop each group at its first failure
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time


def main(argv: list[str]) -> int:
    start = time.monotonic()
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *argv]
    with tempfile.TemporaryFile("w+") as log:
        one = subprocess.Popen(cmd, env={**os.environ, "CAPECLASH_TEST_GROUP": "1"}, stdout=log,
                               stderr=subprocess.STDOUT, text=True)
        try:
            two = subprocess.run(cmd, env={**os.environ, "CAPECLASH_TEST_GROUP": "2"}, check=False).returncode
            print(f"group 2 (engine, rules, AI, soak, tools) ended after {time.monotonic() - start:.0f} s; "
                  "waiting for group 1 (browser, Pyodide, print)", flush=True)
            first = one.wait()
        except BaseException:
            one.kill()
            raise
        log.seek(0)
        sys.stdout.write(log.read())
    print(f"group 1 exit {first}, group 2 exit {two}; {time.monotonic() - start:.0f} s in all", flush=True)
    return first or two


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
