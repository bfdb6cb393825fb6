"""Build and run a pin-level Icarus testbench around one of the flow's pin wrappers (tests/flow/test_synth_top.py,
tests/flow/test_synth_engine_top.py): the wrapper's parameters go in as the `PARAMS macro, the testbench prints
its observations and DONE at its end."""
from __future__ import annotations

import subprocess
from pathlib import Path

from rijndael_hw import configs


def run_bench(tmp_path: Path, top: str, testbench: str, params: dict, sources: list[Path],
              timeout: int = 600) -> list[str]:
    """The testbench `top` (its text), compiled with `sources` and run; its output lines. Asserts that it
    builds, exits cleanly and reaches DONE."""
    tb = tmp_path / f"{top}.sv"
    tb.write_text(testbench)
    binary = tmp_path / "tb.vvp"
    defines = ", ".join(f".{k}({v})" for k, v in params.items())
    build = subprocess.run(["iverilog", "-g2012", "-s", top, "-o", str(binary), f"-I{configs.INCLUDE_DIR}",
                            f"-DPARAMS={defines}", *map(str, sources), str(tb)], capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    run = subprocess.run(["vvp", "-n", str(binary)], capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0 and "DONE" in run.stdout, run.stdout[-2000:] + run.stderr[-2000:]
    return run.stdout.splitlines()
