#!/usr/bin/env python3
"""Give stored results their placement identity (`netlist_id`, `pnr_id`), so that a later source tree whose
netlist is the same takes their place-and-route runs instead of repeating them (synth.placed_from_records).

Results written since the identity exists carry it; this adds it to older ones that are still current (their
input hash is the one the present sources give), and brings it up to date where its definition changed. The netlist comes from the flow cache's synth stage when it
is there, else Yosys runs again (deterministic: the same sources and script give the same netlist).

    python tools/index_records.py            # every current result without an identity
    python tools/index_records.py --dry-run  # list them only
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rijndael_hw import report, synth  # noqa: E402
from rijndael_hw.configs import ConfigError  # noqa: E402
from rijndael_hw.explore import _parse_config  # noqa: E402


def plan_of(r: dict) -> synth.Plan:
    config = _parse_config(r["config"], [])
    design = synth.CORE
    if r.get("design") == "engine":
        e = r["engine_params"]
        extra = {k: v for k, v in e.items() if k not in ("CORES", "TDATA_WIDTH", "CONTEXTS", "FIFO_DEPTH")}
        design = synth.engine_design(config, cores=e["CORES"], tdata_width=e["TDATA_WIDTH"],
                                     contexts=e["CONTEXTS"], fifo_depth=e["FIFO_DEPTH"], **extra)
    return synth.plan(config, r["target"], max(1, len(r.get("seeds") or [1])), r.get("clock_mhz"), design)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    for r in report.load_results():
        if not synth.TARGETS[r["target"]].pnr:
            continue
        try:
            p = plan_of(r)
        except ConfigError:
            continue  # a result of parameters the present configurations no longer take: stale
        if p.input_hash != r["input_hash"]:
            continue  # stale: a new run will carry its own identity
        print(f"{p.label} {p.target.name}: ", end="", flush=True)
        if args.dry_run:
            print("would index")
            continue
        s = synth.cache_load("synth", p.synth_hash)
        if s is None:
            s = synth.run_job(synth.synth_job(p))
        if s.get("status") != "ok":
            print(f"synthesis failed: {s.get('error')}")
            continue
        nid = synth.synth_netlist_id(s)
        path = synth.results_dir() / r["_file"]
        stored = json.loads(path.read_text())
        if stored.get("netlist_id") == nid and stored.get("pnr_id") == p.pnr_id(nid):
            print("up to date")
            continue
        stored["netlist_id"] = nid
        stored["pnr_id"] = p.pnr_id(nid)
        path.write_text(json.dumps(stored, indent=1, sort_keys=False) + "\n")
        print(nid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
