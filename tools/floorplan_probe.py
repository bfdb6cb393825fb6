#!/usr/bin/env python3
"""Floorplan probe for the pipelined cores on the LFE5U-85F (steering only, not part of the flow).

Takes the synthesized netlist the flow cached for a configuration (`rijndael synth` must have run it),
fixes every round's DP16KD on neighbouring EBR sites with nextpnr's BEL attribute (five rounds per EBR row,
rows Y22 and Y46 as a serpentine; the site list is the one nextpnr used when it placed the 80 RAMs of
`pipelined` itself), places and routes it with the flow's nextpnr options for the given seeds, and prints
Fmax per seed with the first lines of each critical path. Why: the pipelined records' paths are long routes
between a round's RAMs and its registers; this measures what placing the RAMs by hand would give.

    python tools/floorplan_probe.py --config pipelined --seeds 1 2 3 [--out results/steering/x.json]
"""
import argparse
import gzip
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from rijndael_hw import configs, synth  # noqa: E402

# EBR sites of one LFE5U-85F EBR row (x -> the EBRn index in the BEL name) and its EBR rows: the flow's table.
EBR_SITES = synth.ECP5_85K_EBR_X
EBR_ROWS = synth.ECP5_85K_EBR_ROWS


def serpentine(netlist: dict) -> int:
    """Give each DP16KD a BEL: round r on sites 8k..8k+7 of its row, rows alternating direction."""
    xs = sorted(EBR_SITES)
    per_row = len(xs) // 8
    count = 0
    for module in netlist["modules"].values():
        for name, cell in module.get("cells", {}).items():
            if cell["type"] != "DP16KD":
                continue
            rnd = int(re.search(r"g_round\[(\d+)\]", name).group(1))
            ram = int(re.search(r"g_ram\[(\d+)\]", name).group(1))
            row, k = divmod(rnd, per_row)
            order = xs if row % 2 == 0 else xs[::-1]
            x = order[8 * k + ram]
            cell.setdefault("attributes", {})["BEL"] = f"X{x}/Y{EBR_ROWS[row]}/EBR{EBR_SITES[x]}"
            count += 1
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="pipelined")
    ap.add_argument("--target", default="ecp5-85k")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    plan = synth.plan(configs.get(args.config), args.target, len(args.seeds))
    cached = synth.cache_load("synth", plan.synth_hash)
    if not cached or "netlist_gz" not in cached:
        print(f"no cached netlist for {args.config}: run `rijndael synth --config {args.config}` first",
              file=sys.stderr)
        return 2
    netlist = json.loads(gzip.decompress(cached["netlist_gz"]))
    placed = serpentine(netlist)
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "netlist.json").write_text(json.dumps(netlist))
        for seed in args.seeds:
            subprocess.run([synth.tool_binary(f"yowasp-nextpnr-{plan.target.family}"),
                            *plan.nextpnr_args(seed)], cwd=work, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
            log = (work / "nextpnr.log").read_text()
            fmax = [float(m[1]) for m in synth._FMAX_RE.findall(log)]  # the flow's own reading of the log
            path = synth.critical_path(log)
            runs.append({"seed": seed, "fmax_mhz": fmax[-1] if fmax else None, "critical_path": path})
            print(f"seed {seed}: {runs[-1]['fmax_mhz']} MHz")
            for line in path[:12]:
                if "Source" in line or "ns logic" in line:
                    print("   ", line.strip()[:160])
    result = {"config": args.config, "target": args.target, "input_hash": plan.input_hash,
              "floorplan": "serpentine, 5 rounds per EBR row (Y22, Y46), BEL attributes on every DP16KD",
              "rams_placed": placed, "runs": runs,
              "fmax_mhz": statistics.median(r["fmax_mhz"] for r in runs if r["fmax_mhz"]),
              "command": "python tools/floorplan_probe.py " + " ".join(sys.argv[1:])}
    print(f"median {result['fmax_mhz']} MHz")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
