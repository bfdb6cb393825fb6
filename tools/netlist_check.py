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

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from rijndael_hw import configs, synth  # noqa: E402


def stored(label: str, target: str) -> list[dict]:
    """The stored results of a configuration on a target, newest first."""
    found = []
    for path in synth.results_dir().glob(f"{synth.glob_escape(synth.result_stem(label))}-{target}-*.json"):
        try:
            r = json.loads(path.read_text())
        except json.JSONDecodeError:
            continue
        if isinstance(r, dict) and r.get("label", r.get("config")) == label and r.get("status") != "error":
            r["_file"] = path.name
            found.append(r)
    return sorted(found, key=lambda r: r.get("created", ""), reverse=True)


def verdict(pnr_id: str, seeds: list[int], records: list[dict]) -> tuple[bool, str]:
    """(keeps, why): whether a record with this pnr_id holds every seed, the newest record otherwise."""
    for r in records:
        if r.get("pnr_id") == pnr_id and set(seeds) <= set(r.get("seeds") or []):
            return True, f"keeps the placements of {r['_file']} ({r.get('fmax_mhz')} MHz)"
    if not records:
        return False, "no stored result: every seed is placed"
    newest = records[0]
    return False, (f"new netlist: every seed is placed again (newest record {newest['_file']}, netlist "
                   f"{str(newest.get('netlist_id', ''))[:12]}, {newest.get('fmax_mhz')} MHz)")


def check(name: str, target: str, seeds: int) -> tuple[bool, str]:
    plan = synth.plan(configs.get(name, []), target, seeds)
    if plan.result_path.exists():
        return True, f"current: {plan.result_path.name}"
    result = synth.run_job(synth.synth_job(plan))
    if result.get("status") == "error" or not result.get("netlist_gz"):
        return False, f"synthesis failed: {result.get('error', '')}"
    netlist = synth.synth_netlist_id(result)
    keeps, why = verdict(plan.pnr_id(netlist), list(range(1, seeds + 1)), stored(plan.label, target))
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
