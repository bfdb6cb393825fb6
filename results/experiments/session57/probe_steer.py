"""Steering (never a record): the flow's Yosys run of the two-lane probe (probe/rijndael_engine.sv) in place of
the engine, through the flow's engine pin wrapper, with the two-pipeline engine's parameters.

  .venv/bin/python results/experiments/session57/probe_steer.py TAG [PROBE_DIR [OUT_DIR]]
PROBE_DIR (default probe/ here) holds the probe's rijndael_engine.sv and any modules beside it; writes
TAG.netlist.json.gz into OUT_DIR (default here).
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "src"))
from rijndael_hw import configs, synth  # noqa: E402

PROBE = HERE / "probe" / "rijndael_engine.sv"
if len(sys.argv) > 2:
    PROBE = Path(sys.argv[2]).resolve() / "rijndael_engine.sv"
OUT = Path(sys.argv[3]).resolve() if len(sys.argv) > 3 else HERE
_orig = synth._source_files


def _probe_files(family=None, design=synth.CORE):
    files = _orig(family, design)
    files = [PROBE if f.name == "rijndael_engine.sv" else f for f in files]
    return files[:-1] + sorted(p for p in PROBE.parent.glob("*.sv") if p != PROBE) + files[-1:]


synth._source_files = _probe_files


def main(tag: str) -> int:
    config = configs.get("pipelined")
    design = synth.engine_design(config, 2, 256, 4, None, ISSUE_WINDOW=0, FIFO_DEPTH=32)
    plan = synth.plan(config, synth.DEFAULT_TARGET, 1, design=design)
    res = synth.run_job(synth.synth_job(plan))
    if res["status"] != "ok":
        print(res.get("error"), file=sys.stderr)
        return 1
    print(f"{tag}: {res['core']['lut4']} LUT4 sites, netlist {res['netlist_id'][:12]}, {res['wall_seconds']} s")
    (OUT / f"{tag}.netlist.json.gz").write_bytes(res["netlist_gz"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
