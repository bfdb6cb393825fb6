"""rijndael_engine builds everywhere the cores do: `verilator --lint-only -Wall` clean, Icarus elaboration,
Yosys read + elaboration, for several TDATA widths, context counts and core configurations; bad engine
parameters stop elaboration with a message that names them."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw import configs, flow

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_rijndael_engine import engine_include_dir, engine_sources  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
VARIANTS = {
    "iterative-w128-c4": ("iterative", {}, {"TDATA_WIDTH": 128, "CONTEXTS": 4}),
    "iterative-w32-c1": ("iterative", {}, {"TDATA_WIDTH": 32, "CONTEXTS": 1}),
    "iterative-w64-c3": ("iterative", {}, {"TDATA_WIDTH": 64, "CONTEXTS": 3}),
    "iterative-w256-c8": ("iterative", {}, {"TDATA_WIDTH": 256, "CONTEXTS": 8}),
    "encrypt-only-w128": ("iterative", {"ENABLE_DECRYPT": 0}, {"TDATA_WIDTH": 128, "CONTEXTS": 2}),
    "decrypt-only-w128": ("iterative", {"ENABLE_ENCRYPT": 0}, {"TDATA_WIDTH": 128, "CONTEXTS": 2}),
    "rijndael-w64": ("rijndael", {}, {"TDATA_WIDTH": 64, "CONTEXTS": 2}),
    "rijndael-w256": ("rijndael", {}, {"TDATA_WIDTH": 256, "CONTEXTS": 2}),
    "pipelined-w128-c4": ("pipelined", {}, {"TDATA_WIDTH": 128, "CONTEXTS": 4}),
    "pipelined-both-w64-c2": ("pipelined-both", {}, {"TDATA_WIDTH": 64, "CONTEXTS": 2}),
    "pipelined-both-w128-c12": ("pipelined-both", {}, {"TDATA_WIDTH": 128, "CONTEXTS": 12}),
    "folded32-w32-c2": ("folded32", {}, {"TDATA_WIDTH": 32, "CONTEXTS": 2}),
    "folded32-w256-c4": ("folded32", {}, {"TDATA_WIDTH": 256, "CONTEXTS": 4}),
    # two cipher cores (CORES=2)
    "pipelined-x2-w256-c4": ("pipelined", {}, {"TDATA_WIDTH": 256, "CONTEXTS": 4, "CORES": 2}),
    "pipelined-both-slots4-x2-w256-c4": ("pipelined-both", {"KEY_SLOTS": 4},
                                         {"TDATA_WIDTH": 256, "CONTEXTS": 4, "CORES": 2}),
    "iterative-x2-w128-c4": ("iterative", {}, {"TDATA_WIDTH": 128, "CONTEXTS": 4, "CORES": 2}),
    "rijndael-x2-w256-c2": ("rijndael", {}, {"TDATA_WIDTH": 256, "CONTEXTS": 2, "CORES": 2}),
}
# The core configurations the engine must work with (issue 4); each is linted and built above.
REQUIRED_CORES = {"iterative", "pipelined", "pipelined-both", "folded32"}


def test_variants_cover_the_required_cores():
    assert REQUIRED_CORES <= {name for name, _, _ in VARIANTS.values()}


def _params(name, overrides, engine):
    return {**configs.get(name, overrides).verilog_params(), **engine}


# The default run lints a representative subset (each required core, the widest build, one context);
# --full lints every variant.
LINT_DEFAULT = ["iterative-w128-c4", "encrypt-only-w128", "rijndael-w256", "pipelined-w128-c4",
                "pipelined-both-w64-c2", "folded32-w32-c2", "pipelined-x2-w256-c4", "iterative-x2-w128-c4"]
LINT_CASES = [pytest.param(v, marks=() if v in LINT_DEFAULT else pytest.mark.full) for v in VARIANTS]


@pytest.mark.parametrize("variant", LINT_CASES)
def test_engine_lint(variant):
    params = _params(*VARIANTS[variant])
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", f"-I{engine_include_dir()}", "--top-module", "rijndael_engine",
                           *[f"-G{k}={v}" for k, v in params.items()], str(REPO / "tools" / "verilator_waivers.vlt"),
                           *engine_sources()], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]


@pytest.mark.parametrize("variant", ["iterative-w128-c4", "pipelined-both-w64-c2", "folded32-w32-c2",
                                     "pipelined-both-slots4-x2-w256-c4"])
def test_engine_builds_on_icarus(tmp_path, variant):
    params = _params(*VARIANTS[variant])
    proc = subprocess.run(["iverilog", "-g2012", "-I", engine_include_dir(), "-o", str(tmp_path / "sim"), "-s", "rijndael_engine",
                           *[f"-Prijndael_engine.{k}={v}" for k, v in params.items()], *engine_sources()],
                          capture_output=True, text=True)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]


# --full only (86 s and 75 s of Yosys elaboration): CI reads engines into Yosys through the engine flow's
# tests (tests/flow/test_synth_engine.py elaborates tiny8's engine with every file it uses) and simulates both.
@pytest.mark.parametrize("variant", [pytest.param("iterative-w128-c4", marks=pytest.mark.full),
                                     pytest.param("iterative-x2-w128-c4", marks=pytest.mark.full),
                                     pytest.param("rijndael-w256", marks=pytest.mark.full),
                                     pytest.param("pipelined-both-w64-c2", marks=pytest.mark.full)])
def test_engine_reads_into_yosys(variant):
    params = _params(*VARIANTS[variant])
    root = configs.REPO_ROOT
    files = " ".join(str(Path(f).relative_to(root)) for f in engine_sources())
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    log = root / "build" / "yosys" / f"engine-{variant}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    includes = Path(engine_include_dir()).relative_to(root)
    script = f"read_verilog -sv -I {includes} {files}; chparam {chparam} rijndael_engine; hierarchy -check -top rijndael_engine; proc"
    proc = subprocess.run([flow.yosys_binary(), "-q", "-l", str(log.relative_to(root)), "-p", script], cwd=root,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    text = log.read_text() if log.exists() else ""
    assert proc.returncode == 0, (text + proc.stderr)[-3000:]


BAD = [({"TDATA_WIDTH": 96}, "ERROR_TDATA_WIDTH_must_be_32_64_128_or_256"),
       ({"CONTEXTS": 0}, "ERROR_CONTEXTS_must_be_1_to_256"),
       ({"CORES": 3}, "ERROR_CORES_must_be_1_or_2"),
       # a pipelined core with CORES=2 on a stream of one block per beat: twice the area for nothing
       ({"CORES": 2, "ARCH": 1, "KEY_SIZES": 1, "MAX_NK": 4, "ENABLE_DECRYPT": 0},
        "ERROR_CORES_2_with_a_pipelined_core_needs_TDATA_WIDTH_of_two_blocks")]


@pytest.mark.parametrize("tool", ["verilator", "icarus"])
@pytest.mark.parametrize("overrides,message", BAD, ids=[m for _, m in BAD])
def test_bad_engine_parameters_stop_elaboration(tmp_path, tool, overrides, message):
    params = {**_params("iterative", {}, {"TDATA_WIDTH": 128, "CONTEXTS": 4}), **overrides}
    if "CONTEXTS" in overrides:
        params["TID_WIDTH"] = 1
    if tool == "verilator":
        cmd = ["verilator", "--lint-only", f"-I{engine_include_dir()}", "--top-module", "rijndael_engine",
               *[f"-G{k}={v}" for k, v in params.items()], *engine_sources()]
    else:
        cmd = ["iverilog", "-g2012", "-I", engine_include_dir(), "-o", str(tmp_path / "sim"), "-s", "rijndael_engine",
               *[f"-Prijndael_engine.{k}={v}" for k, v in params.items()], *engine_sources()]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode != 0
    assert message in proc.stdout + proc.stderr


def test_fusesoc_core_lists_every_rtl_file():
    """rijndael_hw.core names its files one by one (FuseSoC has no globs): none may be missing or stale."""
    text = (REPO / "rijndael_hw.core").read_text()
    listed = {line.strip()[2:].split(":")[0] for line in text.splitlines() if line.strip().startswith("- rtl/")}
    present = {str(p.relative_to(REPO)) for pattern in ("*/*.sv", "*/*.svh") for p in (REPO / "rtl").glob(pattern)}
    assert listed == present, f"missing from rijndael_hw.core: {sorted(present - listed)}; " \
                              f"listed but absent: {sorted(listed - present)}"


def _core_sections():
    """Top-level sections of rijndael_hw.core and the keys directly under each (a YAML-free reading of the
    two-space indented CAPI2 layout)."""
    sections, current = {}, None
    for line in (REPO / "rijndael_hw.core").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0 and line.rstrip().endswith(":"):
            current = line.strip()[:-1]
            sections[current] = []
        elif indent == 2 and current and ":" in line:
            sections[current].append(line.strip().split(":")[0])
    return sections


def test_fusesoc_core_has_targets_and_real_parameters():
    text = (REPO / "rijndael_hw.core").read_text()
    assert text.startswith("CAPI=2:")
    sections = _core_sections()
    assert {"sim", "lint", "synth"} <= set(sections["targets"]), sections["targets"]
    # the engine's own parameters and the core's list it takes (`RIJNDAEL_CORE_PARAMS)
    engine = (REPO / "rtl" / "system" / "rijndael_engine.sv").read_text()
    assert "`RIJNDAEL_CORE_PARAMS," in engine
    engine += (REPO / "rtl" / "pkg" / "rijndael_core_params.svh").read_text()
    declared = set(re.findall(r"parameter int (\w+)", engine))
    assert set(sections["parameters"]) <= declared, set(sections["parameters"]) - declared
    # every engine parameter a user sets (TID_WIDTH follows from CONTEXTS) can be set through FuseSoC
    assert declared - {"TID_WIDTH"} <= set(sections["parameters"]), declared - set(sections["parameters"])
