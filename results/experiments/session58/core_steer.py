"""Steering (never a record): the flow's Yosys run of a named core build with its flow floorplan, for a
calibration placement (tools/placed_paths.py on a build whose routed record is known).

  .venv/bin/python results/experiments/session58/core_steer.py CONFIG TAG
Writes build/steer/TAG.json.
"""
import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))
from rijndael_hw import configs, synth  # noqa: E402


def main(name: str, tag: str) -> int:
    plan = synth.plan(configs.get(name), synth.DEFAULT_TARGET, 1)
    res = synth.run_job(synth.synth_job(plan))
    if res["status"] != "ok":
        print(res.get("error"), file=sys.stderr)
        return 1
    print(f"{tag}: {res['core']['lut4']} LUT4 sites, netlist {res['netlist_id'][:12]}, {res['wall_seconds']} s")
    (ROOT / "build" / "steer" / f"{tag}.json").write_bytes(gzip.decompress(res["netlist_gz"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
