"""Would an RTL edit re-place a configuration? Synthesis only (Yosys, the flow's stage and cache), no placement.

For each named configuration: if the tree's input hash already has a result, it is current. Otherwise the
configuration is synthesized as `rijndael synth` would, and its netlist's `pnr_id` (Plan.pnr_id: the netlist as
place and route sees it, the device, nextpnr's version and arguments, the clock) is looked up among the stored
results of the same configuration and target: equal means `rijndael synth` takes that record's per-seed
placements (`pnr_reused_from`) and re-running it costs a synthesis and a benchmark; different means every seed
is placed again. Run it before an edit that other configurations elaborate (a shared module, a core file with
generate branches): session 37 found that an edit another configuration never reaches can still change its
netlist (docs/results.md), and a re-placed record moves by its seeds' spread.

  .venv/bin/python tools/netlist_check.py iterative tbox [--target ecp5-85k] [--seeds 3]
Exit status 0 when every configuration is current or keeps its placements, 1 otherwise.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from rijndael_hw import configs, synth  # noqa: E402


def verdict(jobs: list[dict]) -> tuple[bool, str]:
    """(keeps, why) for the place-and-route jobs of every seed: each must be answered by a stored result, by
    the flow's own lookup (synth.placed_from_records, the one `rijndael synth` reuses placements by)."""
    taken = [synth.placed_from_records(job) for job in jobs]
    if all(taken):
        sources = sorted({t["reused_from"][:12] for t in taken})
        return True, f"keeps the placements of the result(s) with input hash {', '.join(sources)}"
    missing = [job["seed"] for job, t in zip(jobs, taken) if not t]
    return False, f"new netlist: seed(s) {', '.join(map(str, missing))} placed again"


def check(name: str, target: str, seeds: int) -> tuple[bool, str]:
    plan = synth.plan(configs.get(name, []), target, seeds)
    if plan.result_path.exists():
        return True, f"current: {plan.result_path.name}"
    result = synth.run_job(synth.synth_job(plan))
    if result.get("status") == "error" or not result.get("netlist_gz"):
        return False, f"synthesis failed: {result.get('error', '')}"
    netlist = synth.synth_netlist_id(result)
    jobs = [synth.pnr_job(plan, seed, result["netlist_gz"], netlist) for seed in range(1, seeds + 1)]
    keeps, why = verdict(jobs)
    return keeps, f"netlist {netlist[:12]}, input hash {plan.input_hash[:12]}: {why}"


def main(argv: list[str]) -> int:
    target, seeds, names = synth.DEFAULT_TARGET, 3, []
    args = iter(argv)
    for a in args:
        if a == "--target":
            target = next(args)
        elif a == "--seeds":
            seeds = int(next(args))
        else:
            names.append(a)
    if not names:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for name in names:
        keeps, why = check(name, target, seeds)
        print(f"{name}: {why}", flush=True)
        status |= 0 if keeps else 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
