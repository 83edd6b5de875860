# Developer entry points. `make demo` and `make test` run `make setup` first; it is quick once done.
# `make lint` does not depend on setup: a hook runs it on a tight time budget with the existing .venv.

VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
ADDON := src/godot_live_mcp/addon/addons/godot_live_mcp
GD_LINE_LENGTH := 120
PIP_STAMP := $(VENV)/.godot-live-mcp-pip-stamp
NODE_STAMP := node_modules/.godot-live-mcp-npm-stamp

.PHONY: help setup godot test lint demo bench docs security dist dist-python dist-bundle dist-addon clean distclean
.DEFAULT_GOAL := help

help:
	@echo "make setup      create .venv, install the package, a private Godot with a display and export templates, and the test clients"
	@echo "make demo       drive a live headless Godot editor through a real MCP client"
	@echo "make test       lint, then run the whole test suite"
	@echo "make lint       ruff, mypy, gdlint and gdformat (uses the existing .venv)"
	@echo "make bench      run every bench/*.py"
	@echo "make docs       regenerate docs/tools.md from the live tool catalogue, and the contract.json lists of README.md and docs/extending.md"
	@echo "make security   run the fuzz campaign and regenerate the figures of docs/security.md"
	@echo "make dist       build the released artefacts into dist/: sdist, wheel, MCP bundle, registry entry, addon zip"
	@echo "make dist-addon build the asset-library zip of the addon: dist/godot-live-mcp-addon-<version>.zip"
	@echo "make clean      remove caches; make distclean also removes .venv and node_modules"

setup: $(PIP_STAMP) godot $(NODE_STAMP)

$(PYTHON):
	python3 -m venv $(VENV)

# The example Python plugin is installed too: the plugin tests serve it as a user would.
$(PIP_STAMP): pyproject.toml examples/plugins/scene_stats/pyproject.toml | $(PYTHON)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e ".[test,ray]"
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --no-deps -e examples/plugins/scene_stats
	@$(PYTHON) -m pip install --quiet --disable-pip-version-check -e ".[test,tokens]" 2>/dev/null \
		|| echo "bpe-openai did not install here: token counts fall back to characters/4" >&2
	@touch $@

# The private Godot with the software display stack (Mesa, Xvfb) the rendering tests draw on; it
# upgrades an install made without it, and is a quick check once done. GODOT_BIN or a Godot on PATH
# is still the one the tests run; they then use this install's Xvfb only.
godot: $(PIP_STAMP)
	@$(BIN)/godot-live-mcp godot install --with-display --with-templates >/dev/null

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "make setup needs npm (Node.js) to install the MCP Inspector test client" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# mypy checks the folders pyproject.toml lists.
lint:
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy
	$(BIN)/gdlint $(ADDON)
	$(BIN)/gdformat --check --line-length $(GD_LINE_LENGTH) $(ADDON)

# Two workers, each with its own headless editor (and files kept together: a module shares its editor
# state), keep the suite within CI's budget on two cores.
test: setup
	$(MAKE) --no-print-directory lint
	$(BIN)/pytest -n 2 --dist loadfile

demo: setup
	$(BIN)/godot-live-mcp demo

# Some benchmarks reuse the test harness (tests/engine/harness.py): the checkout's root is on their path.
bench: setup
	@for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		echo "== $$script"; PYTHONPATH=$(CURDIR) $(PYTHON) "$$script" || exit 1; \
	done

# The tool reference (with the groups and reserved namespaces of contract.json that README.md and
# docs/extending.md link to) comes from a headless editor on a fresh copy of the demo project.
docs: setup
	$(BIN)/godot-live-mcp tools reference --output docs/tools.md

# The fuzz campaign (tests/security, about a minute): its figures go to docs/security-figures.json, and the
# table of docs/security.md is rendered from them even when the campaign found something.
security: setup
	GODOT_MCP_FUZZ_FIGURES=docs/security-figures.json $(BIN)/pytest -q tests/security; status=$$?; \
		$(PYTHON) -m tests.security.report && exit $$status

# The released artefacts, each checked by the tool its users' side checks it with.
dist: dist-python dist-bundle dist-addon

# The sdist and the wheel (the addon and the demo project inside), built in build's isolated
# environment as a release is, and checked as PyPI checks them.
dist-python: $(PIP_STAMP)
	rm -f dist/godot_live_mcp-*
	$(PYTHON) -m build --outdir dist .
	$(BIN)/twine check --strict dist/godot_live_mcp-*

# The Claude Desktop bundle (uv server type, the wheel inside; `mcpb validate` and `mcpb pack`) and
# dist/server.json, the registry entry with the bundle's SHA-256.
dist-bundle: dist-python $(NODE_STAMP)
	$(PYTHON) scripts/build_bundle.py dist/godot_live_mcp-*.whl --out dist

# The addon on its own, laid out as Godot's asset installer unpacks it (scripts/addon_zip.py; no setup
# needed, the standard library is enough).
dist-addon:
	python3 scripts/addon_zip.py dist

clean:
	rm -rf .mypy_cache .ruff_cache .pytest_cache dist build
	find src tests bench -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules
