"""Steering run (never a record): the flow's own synthesis and place and route of one configuration for the
given placer seeds, printing each seed's Fmax and post-route critical path. Nothing is stored in results/;
use it to see the paths of seeds other than the first (a record keeps the first seed's path only).

  .venv/bin/python tools/steer.py CONFIG[,NAME=VALUE,...] SEED [SEED ...]   (JOBS=2 runs two seeds at once;
  CLOCK=MHZ asks the placer for another clock than the target's default; NEXTPNR_ARGS="--placer static"
  adds nextpnr options to the flow's, for trying a tool option without touching the flow)
"""
from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from rijndael_hw import configs, synth  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    base, *overrides = argv[0].split(",")
    seeds = [int(s) for s in argv[1:]] or [1]
    clock = float(os.environ["CLOCK"]) if os.environ.get("CLOCK") else None
    plan = synth.plan(configs.get(base, overrides), synth.DEFAULT_TARGET, max(seeds), clock_mhz=clock)
    result = synth.run_job(synth.synth_job(plan))
    if result["status"] != "ok":
        print(result.get("error"), file=sys.stderr)
        return 1
    print(f"{plan.label}: {result['core']['lut4']} LUT4 sites, netlist {result['netlist_id'][:12]}", flush=True)

    jobs = [synth.pnr_job(plan, seed, result["netlist_gz"], result["netlist_id"]) for seed in seeds]
    extra = os.environ.get("NEXTPNR_ARGS", "").split()
    for job in jobs:
        job["args"] = job["args"] + extra
    with ProcessPoolExecutor(int(os.environ.get("JOBS", "1"))) as pool:
        for run in pool.map(synth.run_job, jobs):
            print(f"seed {run['seed']}: {run['status']} {run.get('fmax_mhz')} MHz ({run.get('wall_seconds')} s)")
            for line in run.get("critical_path", []):
                if "Sink" not in line:
                    print("   ", line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
