"""Shared pytest setup for the rijndael-hw test suite.

- `--full` enables tests marked `@pytest.mark.full` (long sweeps); without it they are skipped.
- the `sim_build_dir` fixture (the function `build_dir_for(test, label)`) gives every (test, configuration) pair its own
  simulator build directory under build/cocotb/, so pytest-xdist workers never share one.
- `src/` is put on sys.path when the package is not installed yet, so `rijndael_hw` imports work from
  a plain checkout (the cocotb runner passes sys.path on to the simulator's Python as PYTHONPATH).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
BUILD_ROOT = REPO_ROOT / "build" / "cocotb"

try:
    import rijndael_hw  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO_ROOT / "src"))


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true", default=False,
                     help="also run tests marked 'full' (long sweeps; `make test-full`)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--full"):
        return
    skip_full = pytest.mark.skip(reason="long sweep: run with --full")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip_full)


def _safe(text: str) -> str:
    """A file-system friendly version of a test name or configuration label."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "default"


def build_dir_for(test: str, label: str) -> Path:
    """build/cocotb/<test>/<config-label>: one directory per test and configuration, created on demand."""
    path = BUILD_ROOT / _safe(test) / _safe(label)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def sim_build_dir():
    """The function build_dir_for(test, label), for tests that name their own (test, configuration) pair."""
    return build_dir_for
