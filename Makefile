# Cape Clash: the two commands a new machine needs are `make play` and `make test`.
PY ?= python3
PIP_FLAGS ?= --disable-pip-version-check -q

.PHONY: install play-install dev-install node-install system-install test test-fast soak lint play tty bench scenarios validate clean

install:
	$(PY) -m pip install $(PIP_FLAGS) -e .

play-install:
	$(PY) -m pip install $(PIP_FLAGS) -e '.[print,web]'

dev-install:
	$(PY) -m pip install $(PIP_FLAGS) -e '.[dev]'

node-install:
	@if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; fi

# Chromium (browser tests, never `playwright install`) and poppler-utils (pdftoppm, for print checks)
system-install:
	@if ! command -v chromium >/dev/null || ! command -v pdftoppm >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils >/dev/null; \
	fi

lint: dev-install
	$(PY) -m ruff check engine apps printgen web tests tools
	$(PY) -m mypy  # the files listed under [tool.mypy] in pyproject.toml

validate: install
	capeclash validate card_data

scenarios: install
	capeclash scenario -q

# every tier, in two pytest processes side by side (tools/run_tests.py; `$(PY) -m pytest` runs them in one)
test: dev-install node-install system-install lint
	capeclash validate card_data
	$(PY) tools/run_tests.py

# the long soak (roughly an hour on two cores, from the per-game costs): more random games, all replayed in step
soak: dev-install
	CAPECLASH_SOAK_GAMES=2000 CAPECLASH_REPLAY_EVERY=1 DICE_SOAK_GAMES=3000 DICE_SECRET_GAMES=300 CAPECLASH_DIFF_GAMES=40 CAPECLASH_SECRET_GAMES=200 \
		$(PY) -m pytest -m soak

# the quick loop (about a minute, in two processes): engine, scenarios, card text, validation, web API
test-fast: dev-install
	$(PY) tools/run_tests.py --fast

# print both games into out/print/, then build the browser game and serve it on http://127.0.0.1:8000
play: play-install node-install
	capeclash print --quiet
	capeclash web serve

# the terminal game against the computer
tty: install
	capeclash play

bench: install
	capeclash bench engine

clean:
	rm -rf build dist out *.egg-info .pytest_cache .ruff_cache
