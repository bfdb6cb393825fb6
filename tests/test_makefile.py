"""What `make demo` and `make test` install: the demo only what it runs (no Chromium), the test suite
everything its tests use (Chromium for tests/flow/test_report.py, Icarus for cocotb). Dry runs only."""
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _dry_run(target: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("no make")
    proc = subprocess.run(["make", "-n", "-B", target], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_demo_does_not_install_chromium():
    out = _dry_run("demo")
    assert "verilator:verilator" in out, "test bug: the demo's install step is not in the dry run"
    assert "chromium" not in out and "iverilog" not in out


@pytest.mark.parametrize("target", ["test", "test-full"])
def test_test_suite_installs_chromium_and_icarus(target):
    out = _dry_run(target)
    assert "chromium:chromium" in out and "iverilog:iverilog" in out
