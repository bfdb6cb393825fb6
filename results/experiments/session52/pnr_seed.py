"""Run one placer seed of a flow plan as the flow's own stage and cache it (build/flow-cache), so that a
`rijndael synth ... --seeds N` running beside it finds that seed done: two seeds at once on this 2-core
machine, where `rijndael synth` runs its seeds one after the other. Not a record by itself.

  .venv/bin/python results/experiments/session52/pnr_seed.py SEED [--param NAME=VALUE ...]
  (the two-pipeline engine: pipelined, CORES 2, TDATA 256, CONTEXTS 4, 3 seeds)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))
from rijndael_hw import configs, synth  # noqa: E402
from rijndael_hw.engine_sim import split_params  # noqa: E402


def main(argv: list[str]) -> int:
    seed = int(argv[0])
    params = [argv[i + 1] for i, a in enumerate(argv) if a == "--param"]
    core, engine = split_params(params)
    config = configs.get("pipelined", core)
    design = synth.engine_design(config, 2, 256, 4, None, **engine)
    p = synth.plan(config, "ecp5-85k", 3, design=design)
    syn = synth.cache_load("synth", synth.synth_job(p)["key"])
    if syn is None:
        print("synthesis not cached yet", file=sys.stderr)
        return 1
    job = synth.pnr_job(p, seed, syn["netlist_gz"], synth.synth_netlist_id(syn))
    if synth.cache_load(job["kind"], job["key"]) is not None:
        print(f"seed {seed} already cached")
        return 0
    found = synth.run_job(job)
    synth.cache_store(found)
    print(f"seed {seed}: {found['status']} {found.get('fmax_mhz')} MHz ({found.get('wall_seconds')} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
