"""Steering (never a record): the flow's own Yosys run of an engine build, its logic depth
(tools/logic_depth.py), and optionally nextpnr with the flow's arguments plus EXTRA (e.g. --no-route).

  .venv/bin/python results/experiments/session52/engine_steer.py TAG [pnr] [--param NAME=VALUE ...]
  env: CONFIG (pipelined), CORES (2), TDATA (256), CONTEXTS (4), EXTRA (nextpnr options), SEED (1),
       OUT (the folder for the files below; default this script's)
Writes TAG.netlist.json.gz, TAG.depth.txt and (pnr) TAG.pnr.txt.
"""
from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))
from rijndael_hw import configs, synth  # noqa: E402
from rijndael_hw.engine_sim import split_params  # noqa: E402

HERE = Path(os.environ.get("OUT") or Path(__file__).resolve().parent)


def main(argv: list[str]) -> int:
    tag, rest = argv[0], argv[1:]
    do_pnr = "pnr" in rest
    params = [rest[i + 1] for i, a in enumerate(rest) if a == "--param"]
    core, engine = split_params(params)
    config = configs.get(os.environ.get("CONFIG", "pipelined"), core)
    design = synth.engine_design(config, int(os.environ.get("CORES", "2")), int(os.environ.get("TDATA", "256")),
                                 int(os.environ.get("CONTEXTS", "4")), None, **engine)
    seed = int(os.environ.get("SEED", "1"))
    plan = synth.plan(config, synth.DEFAULT_TARGET, seed, design=design)
    res = synth.run_job(synth.synth_job(plan))
    if res["status"] != "ok":
        print(res.get("error"), file=sys.stderr)
        return 1
    print(f"{plan.label}: {res['core']['lut4']} LUT4 sites, netlist {res['netlist_id'][:12]}, "
          f"{res['wall_seconds']} s", flush=True)
    gz = HERE / f"{tag}.netlist.json.gz"
    gz.write_bytes(res["netlist_gz"])
    raw = HERE / f"{tag}.netlist.json"
    raw.write_bytes(gzip.decompress(res["netlist_gz"]))
    depth = subprocess.run([sys.executable, str(ROOT / "tools" / "logic_depth.py"), str(raw), "--top", "25"],
                           capture_output=True, text=True)
    (HERE / f"{tag}.depth.txt").write_text(depth.stdout + depth.stderr)
    print(depth.stdout[:3000], flush=True)
    if do_pnr:
        job = synth.pnr_job(plan, seed, res["netlist_gz"], res["netlist_id"])
        job["args"] = job["args"] + os.environ.get("EXTRA", "").split()
        run = synth.run_job(job)
        text = f"seed {seed}: {run['status']} {run.get('fmax_mhz')} MHz ({run.get('wall_seconds')} s)\n"
        text += "\n".join(str(x) for x in (run.get("critical_path") or run.get("error") or ""))[:6000] \
            if not isinstance(run.get("critical_path"), str) else run["critical_path"]
        (HERE / f"{tag}.pnr.txt").write_text(text)
        print(text[:4000])
    raw.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
