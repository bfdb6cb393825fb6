"""Shared pytest setup for the rijndael-hw test suite.

- `--full` enables tests marked `@pytest.mark.full` (long sweeps); without it they are skipped.
- the `sim_build_dir` fixture (the function `build_dir_for(test, label)`) gives every (test, configuration) pair its own
  simulator build directory under build/cocotb/, so pytest-xdist workers never share one.
- the `cocotb_results` fixture (the function `check_cocotb_results(results_file, expected)`) makes a cocotb
  runner fail when its results file shows no test that ran, a failure or an error: cocotb 2.1 only warns
  "No tests left after filtering", so a renamed test would otherwise pass silently.
- `src/` is put on sys.path when the package is not installed yet, so `rijndael_hw` imports work from
  a plain checkout (the cocotb runner passes sys.path on to the simulator's Python as PYTHONPATH).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from xml.etree import ElementTree

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


def check_cocotb_results(results_file, expected=()) -> list[str]:
    """Fail the calling test unless the cocotb results file (xUnit XML) names at least one test that ran
    (not skipped), none failed or errored, and every name in `expected` ran. Returns the names that ran."""
    path = Path(results_file) if results_file is not None else None
    if path is None or not path.is_file():
        pytest.fail(f"cocotb wrote no results file ({path}): the simulation ended abnormally", pytrace=False)
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        pytest.fail(f"cocotb results file {path} is not valid XML: {exc}", pytrace=False)
    ran, failed = [], []
    for case in root.iter("testcase"):
        name = case.get("name", "?")
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(name)
        elif case.find("skipped") is None:
            ran.append(name)
    if failed:
        pytest.fail(f"cocotb test(s) failed: {', '.join(failed)} (results in {path})", pytrace=False)
    if not ran:
        pytest.fail(f"no cocotb test ran (renamed or filtered away?); results in {path}", pytrace=False)
    missing = [name for name in expected if name not in ran]
    if missing:
        pytest.fail(f"cocotb test(s) {', '.join(missing)} did not run (ran: {', '.join(ran)}); results in {path}",
                    pytrace=False)
    return ran


@pytest.fixture
def cocotb_results():
    """The function check_cocotb_results(results_file, expected=()), for the cocotb runners."""
    return check_cocotb_results
