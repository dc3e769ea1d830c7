# Two commands do everything: `make run` and `make test` (see README.md).
# Each step leaves a stamp in .make/ so a second run skips work already done.

SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
# uv installs what pip would from pyproject.toml, downloading side by side: the service's packages
# in 10 s where pip took 26 s on a new machine (no cache, a busy 2-core one). pip installs uv alone.
UV := $(VENV)/bin/uv
PIP_INSTALL := $(UV) pip install --quiet --python $(PY)
IDP_PORT ?= 5000
RP_PORT ?= 5001
STAMPS := .make
# Test processes (pytest-xdist): each has a database of its own (tests/conftest.py). Each module
# runs in one of them (--dist loadfile): the servers a module starts for its tests start once a run.
# Three on two cores: much of a test's time is a browser or a server waiting, which a third process
# fills (pytest 11:22 against 14:41 with two, on a quiet 2-core machine).
PYTEST_WORKERS ?= 3
APT_PACKAGES := chromium-headless-shell espeak-ng postgresql-client pgbouncer

# Python's own default, whatever the machine says (some container images set it): without its
# bytecode cache every process compiles each module it imports again, 3 s of CPU to import the
# provider against 1 s, in each of the hundreds of servers, workers and test processes a run starts.
unexport PYTHONDONTWRITEBYTECODE

export IDP_SERVER_ENVIRONMENT ?= development
export IDP_SERVER_ISSUER ?= http://localhost:$(IDP_PORT)
# make run's folder of development state (the SQLite database, local secrets and keys).
INSTANCE := $(or $(IDP_INSTANCE_PATH),instance)

.PHONY: run test test-deps setup python-deps ui-deps ui-build translations db-upgrade system-deps migration error-codes insight-names store-sql clean bench bench-deps

setup: python-deps ui-build translations

$(STAMPS):
	@mkdir -p $(STAMPS)

# The service's own packages: what `make setup` installs on a production machine.
$(STAMPS)/python-deps: pyproject.toml | $(STAMPS)
	@test -x $(PY) || python3 -m venv $(VENV)
	@test -x $(UV) || $(PY) -m pip install --quiet uv
	$(PIP_INSTALL) -e .
	@touch $@

python-deps: $(STAMPS)/python-deps

# The UI's packages in two sets (login-ui/package.json): `dependencies`, what the build needs
# (webpack, Babel, React...: make run and a production machine), and `devDependencies`, the
# tests' tools (Jest, ESLint, Testing Library, axe-core: make test). The build's alone are 409
# packages of 835: a new machine's npm ci took 15 s against 27 s for all of them.
login-ui/node_modules/.build-packages: login-ui/package-lock.json
	cd login-ui && npm ci --omit=dev --no-audit --no-fund
	@touch $@

login-ui/node_modules/.all-packages: login-ui/package-lock.json
	cd login-ui && npm ci --no-audit --no-fund
	@touch login-ui/node_modules/.build-packages $@

# make test asks for all of them (UI_PACKAGES=all), so the build never waits on a second npm ci
# into the same folder.
UI_PACKAGES ?= build
ui-deps: login-ui/node_modules/.$(UI_PACKAGES)-packages

# panva's openid-client v6, a relying party of the OpenID Connect tests (tests/oauth/node/)
tests/oauth/node/node_modules/.package-lock.json: tests/oauth/node/package-lock.json
	cd tests/oauth/node && npm ci --no-audit --no-fund
	@touch $@

# The tools of the tests and benchmarks (pyproject.toml's dev extra: pytest, Playwright,
# schemathesis, the OpenID client library...), beside the service's own packages: a production
# machine's virtualenv carries none of them.
$(STAMPS)/dev-python-deps: pyproject.toml $(STAMPS)/python-deps
	$(PIP_INSTALL) -e '.[dev]'
	@touch $@

test-deps: $(STAMPS)/dev-python-deps tests/oauth/node/node_modules/.package-lock.json login-ui/node_modules/.all-packages

UI_SOURCES := $(shell find login-ui/src -type f 2>/dev/null) $(wildcard login-ui/*.config.js login-ui/webpack/*.js login-ui/package.json login-ui/.babelrc)

# From an empty dist/: webpack writes no file whose content-hashed name is there already, so a
# change of how the copies are compressed would otherwise keep the old ones.
login-ui/dist/manifest.json: login-ui/package-lock.json $(UI_SOURCES) | login-ui/node_modules/.$(UI_PACKAGES)-packages
	rm -rf login-ui/dist
	cd login-ui && npm run build --silent
	@touch $@

ui-build: login-ui/dist/manifest.json

MO_FILES := $(patsubst %.po,%.mo,$(wildcard idp/translations/*/LC_MESSAGES/*.po) $(wildcard examples/reservations/translations/*/LC_MESSAGES/*.po))

%.mo: %.po $(STAMPS)/python-deps
	$(VENV)/bin/pybabel compile --use-fuzzy -i $< -o $@ --statistics

translations: $(MO_FILES)

# Debian packages the browser tests, the voice demo and the engines tests (PgBouncer: tests/ops/
# test_pgbouncer.py) use; installed only when missing.
# $(call install-missing-debs,PACKAGES): apt-get install those of PACKAGES not installed yet.
define install-missing-debs
missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "Installing Debian packages:$$missing"; \
  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
fi
endef

# Again when this file changes: a package added to the list is installed on machines that had the others.
$(STAMPS)/system-deps: Makefile | $(STAMPS)
	@$(call install-missing-debs,$(APT_PACKAGES))
	@touch $@

system-deps: $(STAMPS)/system-deps

db-upgrade: python-deps
	$(VENV)/bin/flask --app idp db upgrade

# The reservations demo's addresses follow RP_PORT: make run registers it from a copy of
# config/clients.toml whose demo URLs name that port (production reads config/clients.toml).
# The Python side (packages, translations, the database) and the UI's (npm ci, webpack) side by
# side, whatever -j the command line gave: from a fresh clone the UI's side alone sets the wait.
run:
	@$(MAKE) --no-print-directory -j2 setup db-upgrade
	@mkdir -p $(INSTANCE)
	@sed 's#http://localhost:5001#http://localhost:$(RP_PORT)#g' config/clients.toml > $(INSTANCE)/clients.run.toml
	@echo "Identity provider: http://localhost:$(IDP_PORT)   Reservations demo: http://localhost:$(RP_PORT)"
	@trap 'kill $$(jobs -p) 2>/dev/null' EXIT INT TERM; \
	IDP_CLIENTS_FILE=$(INSTANCE)/clients.run.toml $(VENV)/bin/flask --app idp run --port $(IDP_PORT) & \
	RESERVATIONS_PORT=$(RP_PORT) $(VENV)/bin/flask --app examples.reservations.app run --port $(RP_PORT) & \
	wait

# PostgreSQL and Redis on this machine, when they answer and nothing else was named, as CI
# (.ci/run) uses them: production's write path is the one a developer's `make test` runs.
# IDP_TEST_DATABASE_URL= (empty) runs on SQLite alone; IDP_TEST_REDIS_URL= skips the queue's tests.
LOCAL_POSTGRES := postgresql://postgres@127.0.0.1:5432/idp_test
LOCAL_REDIS := redis://127.0.0.1:6379/7
answers = $(PY) -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)' $(1) 2>/dev/null

# Jest on every core: in CI mode it keeps one for itself, which here left one test process on
# two cores (57 s against 37 s with two; nothing else runs meanwhile).
test:
	@$(MAKE) --no-print-directory -j2 setup system-deps test-deps UI_PACKAGES=all
	cd login-ui && npm run lint --silent && npm test --silent -- --maxWorkers=100%
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	@if [ -z "$${IDP_TEST_DATABASE_URL+set}" ] && $(call answers,5432); then export IDP_TEST_DATABASE_URL=$(LOCAL_POSTGRES); fi; \
	if [ -z "$${IDP_TEST_REDIS_URL+set}" ] && $(call answers,6379); then export IDP_TEST_REDIS_URL=$(LOCAL_REDIS); fi; \
	echo "Tests on $${IDP_TEST_DATABASE_URL:-SQLite}, the queue on $${IDP_TEST_REDIS_URL:-no Redis (its tests skip)}"; \
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# Every benchmark of bench/ against the production server; writes bench/RESULTS.md.
# Needs the local PostgreSQL (127.0.0.1:5432, trust auth). Never part of `make test`.
bench: setup bench-deps
	$(PY) bench/run_all.py

# the full browser (bench/first_screen.py: the first screen as a person's browser paints it)
BENCH_APT_PACKAGES := wrk chromium

# wrk and chromium (Debian) only when missing; the peer provider from bench/package-lock.json; py-spy.
$(STAMPS)/bench-deps: bench/requirements.txt bench/package-lock.json | $(STAMPS) $(STAMPS)/dev-python-deps
	@$(call install-missing-debs,$(BENCH_APT_PACKAGES))
	cd bench && npm ci --no-audit --no-fund
	$(PIP_INSTALL) -r bench/requirements.txt
	@touch $@

bench-deps: $(STAMPS)/bench-deps

# A new Alembic revision from the models (0001 is the released schema; every change is a
# new revision): make migration m="what changed" rev=NNNN, the number after the last one
migration: python-deps
	tmp=$$(mktemp -d); DATABASE_URL=sqlite:///$$tmp/empty.sqlite3 IDP_INSTANCE_PATH=$$tmp IDP_SERVER_ENVIRONMENT=development \
	  sh -c '$(VENV)/bin/flask --app idp db upgrade && $(VENV)/bin/flask --app idp db migrate -m "$(m)" --rev-id $(rev)'; rm -rf $$tmp

# The UI's copy of the error names, from idp/errors.py (a test fails when it is stale).
error-codes: python-deps
	$(PY) -m idp.errors > login-ui/src/i18n/errorCodes.json

# The SQL every call of a whole journey sends, for people to read (idp/store/sql/; a test fails
# when the code sends other SQL): PostgreSQL's on the local server when it answers, and SQLite's.
store-sql: $(STAMPS)/dev-python-deps
	@if $(call answers,5432); then IDP_TEST_DATABASE_URL=$(LOCAL_POSTGRES) $(PY) -m tests.support.statements --write; fi
	IDP_TEST_DATABASE_URL= $(PY) -m tests.support.statements --write

# The UI's copy of the names the analytics collector keeps, from idp/insight/names.py (a test
# fails when it is stale).
insight-names: python-deps
	$(PY) -m idp.insight.names > login-ui/src/analytics/names.json

clean:
	rm -rf $(STAMPS) login-ui/dist instance
