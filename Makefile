# Rules Refresher: `make serve` and `make test` set up everything on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve site deploy test check lint verify bench screenshots chromium clean strategy

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The .pth puts this checkout on the venv's sys.path: MkDocs loads each hook by its file path, and the hooks import quiz/.
$(VENV)/.site-deps: requirements.txt Makefile | $(BIN)/python
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	$(BIN)/python -c 'import pathlib, sysconfig; pathlib.Path(sysconfig.get_paths()["purelib"], "rules_refresher.pth").write_text("$(CURDIR)\n")'
	touch $@

$(VENV)/.test-deps: requirements-test.txt $(VENV)/.site-deps
	$(BIN)/pip install --disable-pip-version-check -q -r requirements-test.txt
	touch $@

## serve: build and serve the site at http://127.0.0.1:8000, rebuilding when rules/, quiz/ or docs/ change
serve: $(VENV)/.site-deps
	$(BIN)/mkdocs serve --strict -a 127.0.0.1:8000

## site: build the static site into site/; a failed build leaves the last good site/ as it was
site: $(VENV)/.site-deps
	rm -rf .site-new
	$(BIN)/mkdocs build --strict --quiet -d .site-new || { rm -rf .site-new; exit 1; }
	rm -rf site && mv .site-new site

## deploy: build for SITE_URL and publish it to the gh-pages branch with MkDocs' gh-deploy (GitHub Pages)
deploy: $(VENV)/.site-deps
	@test -n "$$SITE_URL" || { echo "Say where it will live: SITE_URL=https://<you>.github.io/<repository>/ make deploy"; exit 1; }
	$(BIN)/mkdocs gh-deploy --strict --force

lint: $(VENV)/.site-deps
	$(BIN)/python -m quiz lint

verify: $(VENV)/.site-deps
	$(BIN)/python -m quiz verify $(if $(V),-v)

## strategy: solve two-player Farkle for the win at every published rule set (numba, both cores; minutes a set, the sets
## with a farkle penalty longest) into quiz/games/farkle/solved/, which the site reads; SETS="…" for some of them
SETS ?= seed busche-neller playmonster farkle-games zilch facebook
strategy: $(VENV)/.test-deps
	$(BIN)/python -m quiz strategy $(SETS)

## bench: build time against plain Material (2 and 20 games, warm and cold), serve edit-to-page, first-load weights, Lighthouse
bench: $(VENV)/.test-deps chromium
	@test -x .bench/node_modules/.bin/lighthouse || { mkdir -p .bench && cd .bench && npm i -E lighthouse@12.2.3 --no-audit --no-fund --loglevel=error; }
	$(BIN)/python scripts/bench.py

## screenshots: the README's phone screenshots (media/*.png), from a fresh site/
screenshots: site $(VENV)/.test-deps chromium
	$(BIN)/python scripts/screenshots.py

## chromium: the browser tests drive Debian's Chromium (Playwright's own download does not work here)
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "Chromium is missing: run 'sudo apt-get install chromium' (Debian), then 'make test' again."; exit 1; \
	  fi; }

## test: the whole suite, browser tests included, on every core (xdist's default load scheduling: --dist worksteal, tried,
## ended the workers together but took longer)
test: $(VENV)/.test-deps chromium
	$(BIN)/ruff check quiz tests scripts
	$(BIN)/python -m pytest -q -n auto --durations=15 tests

## check: the fast part for the edit loop (no browser, no copies of the site built)
check: $(VENV)/.test-deps
	$(BIN)/ruff check quiz tests scripts
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest -q -n auto -m "not browser and not slow" tests

clean:
	rm -rf site .site-new .pytest_cache .hypothesis .cache
	find docs -mindepth 1 -maxdepth 1 ! -name assets ! -name sw.js -exec rm -rf {} +
