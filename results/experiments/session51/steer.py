"""Steering: synthesize a config and place it with given seeds; print area and Fmax (scratch, no record).
usage: steer.py NAME SEEDS [overrides...]; env EBR="46:62:4,46:44:8" replaces the EBR floorplan (name order);
env TAG names the log's netlist file."""
import os, sys, json, gzip
from concurrent.futures import ProcessPoolExecutor
from rijndael_hw import synth, configs
name = sys.argv[1]
seeds = [int(s) for s in sys.argv[2].split(",")] if len(sys.argv) > 2 else [1]
overrides = sys.argv[3:]
cfg = configs.get(name, overrides)
p = synth.plan(cfg, "ecp5-85k", seeds=max(seeds))
job = synth.synth_job(p)
if os.environ.get("EBR"):
    sites = ()
    for part in os.environ["EBR"].split(","):
        row, x0, n = (int(v) for v in part.split(":"))
        sites += synth.ecp5_85k_ebr_row(row, x0, n)
    job["ebr_sites"] = list(sites)
s = synth.run_job(job)
if s["status"] != "ok":
    print(s.get("error")); print(s.get("log_tail", "")[-2000:]); sys.exit(1)
print(name, "synth", s["core"], "netlist", s["netlist_id"][:12], flush=True)
open(f"/tmp/s51/{name}{os.environ.get('TAG', '')}.netlist.json.gz", "wb").write(s["netlist_gz"])
def place(seed):
    return seed, synth.run_job(synth.pnr_job(p, seed, s["netlist_gz"], s["netlist_id"]))
with ProcessPoolExecutor(int(os.environ.get("JOBS", "2"))) as ex:
    for seed, r in ex.map(place, seeds):
        print(name, "seed", seed, r.get("status"), r.get("fmax_mhz"), r.get("error", ""), flush=True)
        for line in (r.get("critical_path") or [])[:40]:
            print("   ", line)
