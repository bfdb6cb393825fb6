# rijndael-hw: two commands do everything on a fresh Debian 12 machine:
#   make demo   -- build the default core, run FIPS-197 vectors and a file through it
#   make test   -- the default test suite (CI runs this)
SHELL := /bin/bash
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# System packages as command:package. The demo needs Verilator and a C++ compiler; the test suite also
# Icarus (cocotb) and Chromium, which only tests/flow/test_report.py uses (it renders the HTML report), so
# `make demo` does not install it and `make test` does.
DEMO_TOOLS := verilator:verilator g++:g++ make:make
TEST_TOOLS := $(DEMO_TOOLS) iverilog:iverilog chromium:chromium

.PHONY: all deps test-deps venv demo test test-full lint regs bench characterize report clean

all: test

# Installs only what is missing (idempotent, no-op when present). $(1): the command:package list.
define install_missing
	@missing=""; \
	for t in $(1); do \
	  command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t##*:}"; done; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv python3-pip"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEMO_TOOLS))

test-deps:
	$(call install_missing,$(TEST_TOOLS))

$(STAMP): requirements.txt pyproject.toml | deps
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	$(PY) -m pip install -q -e .
	touch $@

venv: deps $(STAMP)

demo: venv
	$(VENV)/bin/rijndael demo

test: venv test-deps lint
	$(PY) -m pytest -n 2 -q tests

test-full: venv test-deps lint
	$(PY) -m pytest -n 2 -q --full tests

# Register block, package, Python constants, C header, register reference and IP-XACT from the SystemRDL
# source regs/rijndael_regs.rdl (tests/system/test_regs_generated.py checks they are up to date).
regs: venv
	$(PY) tools/gen_regs.py

# Cycles per block, latency and key-change cost of every named configuration -> results/bench, docs.
bench: venv
	$(PY) tools/bench_all.py

# System throughput of the engine (message length x TDATA width x core, modes, contexts) ->
# results/bench/engine, table and plot in docs/system.md. Resumable; FORCE=1 measures again.
.PHONY: bench-engine
bench-engine: venv
	$(PY) tools/bench_engine.py $(if $(FORCE),--force)

# Characterization sweep (benchmark, never part of `make test`): every named configuration plus the
# AES-128 unrolling series on ECP5-85F (3 seeds) and iCE40 UP5K; resumable; then tables and plots.
CHAR_JOBS ?= 2
UNROLL := $(foreach k,1 2 5 10,iterative,KEY_SIZES=1,ROUNDS_PER_CYCLE=$(k) iterative,KEY_SIZES=1,ENABLE_DECRYPT=0,ROUNDS_PER_CYCLE=$(k))
characterize: venv
	-$(VENV)/bin/rijndael explore --targets ecp5-85k ice40-up5k --seeds 3 --jobs $(CHAR_JOBS)
	-$(VENV)/bin/rijndael explore --configs $(UNROLL) --targets ecp5-85k --seeds 3 --jobs $(CHAR_JOBS)
	$(VENV)/bin/rijndael report

report: venv
	$(VENV)/bin/rijndael report

lint: deps
	@./tools/lint.sh

clean:
	rm -rf build sim_build
